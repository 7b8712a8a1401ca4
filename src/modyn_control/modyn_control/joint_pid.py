"""Joint-space laws without a dynamic model in the loop: PD + feed-forward and PID (§9.3.1).

* :class:`PDFeedforward`: τ = τ_ff + K_p (q_d − q) + K_d (q̇_d − q̇), the controller's original
  law (the precomputed inverse-dynamics feed-forward plus a PD), kept as the default.
* :class:`JointPID`: Khalil [9.5]
  ``Γ = K_p (q_d − q) + K_d (q̇_d − q̇) + K_I ∫ (q_d − q) dτ``, with

  - derivative on measurement: the D term uses the measured velocity q̇ (never a numerical
    derivative of the error, so a step of the reference gives no derivative kick); with
    ``velocity_feedforward=False`` it is −K_d q̇ alone;
  - anti-windup: the integral (kept as a torque, K_I ∫ e) is frozen while a joint's error
    exceeds ``integral_band`` (§9.3.1: "disable I action when the error is large") and while
    the output is saturated in the direction the integral would push (conditional
    integration), and is clamped to ±``integral_limit``;
  - per-joint gains and a torque saturation ``effort_limit``.
"""

from __future__ import annotations

import numpy as np

from .law_base import ControlLaw, Reference, limits_array
from .laws import gains

__all__ = ["PDFeedforward", "JointPID"]


class PDFeedforward(ControlLaw):
    """τ = τ_ff + K_p (q_d − q) + K_d (q̇_d − q̇) (N·m); τ_ff omitted if ``feedforward`` is off.

    Parameters
    ----------
    model : modyn_model.MechanismModel
        Sizes (nv) and the position error q_d ⊖ q.
    kp, kd : float or (nv,) array
        Gains (N·m/rad, N·m·s/rad), finite and ≥ 0.
    feedforward : bool
        Add the reference's ``tau_ff`` (when it has one).
    effort_limit : float or (nv,) array, optional
    """

    name = "pd_feedforward"

    def __init__(self, model, kp, kd, feedforward: bool = True, effort_limit=None):
        super().__init__(model, effort_limit)
        self.kp = gains(kp, self.nv, "kp")
        self.kd = gains(kd, self.nv, "kd")
        self.feedforward = bool(feedforward)
        self._work = np.zeros(self.nv)

    def _compute(self, t, q, v, ref: Reference, out) -> None:
        self.position_error(ref.q, q, out)
        out *= self.kp
        np.subtract(ref.v, v, out=self._work)
        self._work *= self.kd
        out += self._work
        if self.feedforward and ref.tau_ff is not None:
            out += ref.tau_ff


class JointPID(ControlLaw):
    """Joint PID with anti-windup, Khalil [9.5] (see the module docstring).

    Parameters
    ----------
    model : modyn_model.MechanismModel
        Sizes (nv) and the position error q_d ⊖ q.
    kp, kd, ki : float or (nv,) array
        Gains (N·m/rad, N·m·s/rad, N·m/(rad·s)), finite and ≥ 0; e.g. from
        :func:`modyn_control.gains.pid_triple_pole_gains` [9.10].
    integral_limit : float or (nv,) array, optional
        |K_I ∫e| ≤ limit (N·m); default: the effort limit.
    integral_band : float or (nv,) array, optional
        Integrate only while |e_j| ≤ band (rad); default: always.
    velocity_feedforward : bool
        True: D term K_d (q̇_d − q̇) as in [9.5]; False: −K_d q̇.
    effort_limit : float or (nv,) array, optional
    """

    name = "pid"

    def __init__(
        self,
        model,
        kp,
        kd,
        ki,
        integral_limit=None,
        integral_band=None,
        velocity_feedforward: bool = True,
        effort_limit=None,
    ):
        super().__init__(model, effort_limit)
        self.kp = gains(kp, self.nv, "kp")
        self.kd = gains(kd, self.nv, "kd")
        self.ki = gains(ki, self.nv, "ki")
        self.integral_limit = (
            self.effort_limit.copy()
            if integral_limit is None
            else limits_array(integral_limit, self.nv, "integral_limit")
        )
        self.integral_band = limits_array(integral_band, self.nv, "integral_band")
        self.velocity_feedforward = bool(velocity_feedforward)
        self.integral = np.zeros(self.nv)  # K_I ∫ e dτ (N·m)
        self._t: float | None = None
        self._e = np.zeros(self.nv)
        self._work = np.zeros(self.nv)
        self._mask = np.zeros(self.nv, dtype=bool)
        self._mask2 = np.zeros(self.nv, dtype=bool)
        self._mask3 = np.zeros(self.nv, dtype=bool)
        self._last = np.zeros(self.nv)  # the previous output (after saturation)

    def reset(self, q, v) -> None:
        self.integral.fill(0.0)
        self._t = None

    def warm_start(self, t, q, v, ref: Reference, tau) -> None:
        """The integral takes what the PD terms do not give of ``tau`` (clamped): from a hold,
        the arm's weight, which [9.5] has no other term for."""
        self.integral.fill(0.0)
        self._t = None
        self._compute(t, q, v, ref, self._last)  # the PD part; _t = t: no integration yet
        np.subtract(tau, self._last, out=self.integral)
        np.clip(self.integral, -self.integral_limit, self.integral_limit, out=self.integral)
        np.copyto(self._last, tau)

    def _compute(self, t, q, v, ref: Reference, out) -> None:
        e, work = self._e, self._work
        self.position_error(ref.q, q, e)
        # integrate with the previous tick's period (rectangle rule, the error of this tick);
        # the integral torque stays in N·m so a change of K_I does not make it jump
        dt = 0.0 if self._t is None else t - self._t
        self._t = t
        if dt > 0.0:
            mask, other = self._mask, self._mask2
            np.less_equal(np.abs(e, out=work), self.integral_band, out=mask)
            # conditional integration: not while the last output was clipped in e's direction
            if self.saturated:
                np.greater_equal(np.abs(self._last), self.effort_limit, out=other)
                np.multiply(self._last, e, out=work)
                np.logical_and(other, np.greater(work, 0.0, out=self._mask3), out=other)
                np.logical_and(mask, ~other, out=mask)
            np.multiply(self.ki, e, out=work)
            work *= dt
            work *= mask
            self.integral += work
            np.clip(self.integral, -self.integral_limit, self.integral_limit, out=self.integral)
        np.multiply(self.kp, e, out=out)
        if self.velocity_feedforward:
            np.subtract(ref.v, v, out=work)
        else:
            np.negative(v, out=work)
        work *= self.kd
        out += work
        out += self.integral

    def step(self, t, q, v, ref, out):
        super().step(t, q, v, ref, out)
        np.copyto(self._last, out)
        return out
