"""Computed torque (inverse dynamics control) in joint space, Khalil §9.4.2.

* :class:`ComputedTorque` [9.22] ``Γ = Â(q) w + Ĥ(q, q̇)`` with

  - ``scheme="tracking"`` [9.24] ``w = q̈_d + K_d (q̇_d − q̇) + K_p (q_d − q)``: on a perfect
    model q̈ = w [9.23] and the error obeys ë + K_d ė + K_p e = 0 [9.25];
  - ``scheme="position"`` [9.29] ``w = K_p (q_d − q) − K_d q̇``, giving [9.30]
    ``q̈ + K_d q̇ + K_p q = K_p q_d``.

* :class:`PredictiveControl` [9.31] ``Γ = Â(q_d) w + Ĥ(q_d, q̇_d)`` [Khalil 78]: the model is
  evaluated on the desired motion, so it carries no measurement noise and can be computed
  ahead (§9.4.2.4). With the precomputed feed-forward ``τ_ff = Â(q_d) q̈_d + Ĥ(q_d, q̇_d)`` it is
  ``Γ = τ_ff + Â(q_d)(w − q̈_d)`` (tracking: ``τ_ff + Â(q_d)(K_d ė + K_p e)``).

Practical computation (§9.4.2.5): the law is one Newton-Euler call with w as the acceleration,
``Γ = NE(q, q̇, w)`` (resp. ``NE(q_d, q̇_d, w)``), never A⁻¹ nor even A·w + H separately. The gains
are in acceleration units: K_p = ω_n², K_d = 2 ζ ω_n [9.26] (:mod:`modyn_control.gains`).

Floating-base models (``base_feedback``). With q = [base pose, θ], v = [v_b, θ̇] and
``M = [[M_bb, M_ba], [M_ab, M_aa]]``, [9.22] makes the base rows
``Γ_b = M_bb w_b + M_ba w_a + h_b``: the base actuators are asked for the reaction of the arm's
*feedback* accelerations ``w_a − q̈_a,d = K_d ė_a + K_p e_a`` too (``base_feedback="full"``, the
default, [9.22] as written). With ``base_feedback="decoupled"`` the base rows carry only the
planned coupling::

    Γ_b = M_bb w_b + M_ba q̈_a,d + h_b = NE(q, q̇, [w_b, q̈_a,d])[:6]

(a base PD on the locked, composite base inertia M_bb plus the reaction of the desired joint
accelerations, the structure of the space manipulator's eq. (47)), the joint rows staying
``Γ_a = NE(q, q̇, w)[6:]``. On a perfect model the closed loop is then, with δ = v̇ − w,
``M δ = [−M_ba (w_a − q̈_a,d); 0]``: [9.23] is disturbed only by the reaction of the arm's
feedback acceleration, which the base is left to absorb (δ_b = −M̃_bb⁻¹ M_ba (w_a − q̈_a,d),
M̃_bb = M_bb − M_ba M_aa⁻¹ M_ab its articulated inertia, and δ_a = −M_aa⁻¹ M_ab δ_b); it vanishes
as the arm's error does. Why: base actuators with a lag (control-moment gyroscopes behind a 20 ms gimbal
servo, docs/space_manipulator.md) cannot deliver a demand that moves with a 20 rad/s arm
feedback; the decoupled demand is smooth.

Robustness to what the model misses (unmodelled friction, payload): the integral term of the
footnote of [9.24] (``integral=True``) and/or a disturbance observer (``observer_bandwidth``,
:mod:`modyn_control.disturbance_observer`) whose estimate δ̂ is added to the torque,
``Γ = NE(q, q̇, w) + δ̂``, so that q̈ = w holds again once δ̂ has converged.
"""

from __future__ import annotations

import numpy as np

from modyn_model import algorithms

from .disturbance_observer import ObservedLaw
from .friction import FrictionTerm, checked_friction_velocity
from .gains import integral_gains, second_order_gains
from .law_base import ControlLaw, Reference
from .laws import ControlError

__all__ = ["ComputedTorque", "PredictiveControl"]

SCHEMES = ("tracking", "position")
#: ``base_feedback`` values: the base rows of [9.22] as written, or with the planned coupling only
BASE_FEEDBACKS = ("full", "decoupled")
#: velocity coordinates of a floating base (v_b = [linear; angular])
_BASE_NV = 6


def _acceleration_gains(n, omega, zeta, integral) -> tuple[np.ndarray, ...]:
    if integral:
        kp, kd, ki = integral_gains(omega, zeta)
    else:
        (kp, kd), ki = second_order_gains(omega, zeta), np.zeros(1)
    if kp.size not in (1, n):
        raise ControlError(f"omega/zeta: {kp.size} values for {n} joints (give 1 or {n})")
    return tuple(np.broadcast_to(k, (n,)).copy() for k in (kp, kd, ki))


class ComputedTorque(ObservedLaw, ControlLaw):
    """Γ = NE(q, q̇, w), w from [9.24] or [9.29] (see the module docstring).

    Parameters
    ----------
    model : modyn_model.MechanismModel
        The controller's model (Â, Ĥ): it may differ from the real robot.
    omega, zeta : float or (nv,) array
        Natural frequency (rad/s, > 0) and damping ratio (≥ 0) of each joint's error dynamics.
    scheme : {"tracking", "position"}
    friction : bool
        Include the model's friction in Ĥ (default True; a model without friction data adds 0).
    friction_velocity : {"measured", "desired"}
        Where Ĥ's friction Γf is evaluated: ``"measured"`` (default), at q̇ as [9.22] writes
        it; ``"desired"``, at q̇_d, a feed-forward (:mod:`modyn_control.friction` for why; what
        the node uses).
    integral : bool
        Add K_I ∫(q_d ⊖ q) to w (footnote of [9.24]; removes the static error of an unmodelled
        constant torque such as Coulomb friction or a payload's weight); the gains then come
        from :func:`~modyn_control.gains.integral_gains`. The integral (rad/s²) is clamped to
        ±``integral_limit``.
    integral_limit : float
        Clamp of K_I ∫e (rad/s²).
    effort_limit : float or (n,) array, optional
    observer_bandwidth : float or (n,) array, optional
        K_o (rad/s, ≥ 0) of a :class:`~modyn_control.disturbance_observer.DisturbanceObserver`
        whose estimate is added to Γ; None or 0: no observer.
    base_feedback : {"full", "decoupled"}
        A floating-base model's base rows (the module docstring): ``"full"`` (default) [9.22]
        as written, ``"decoupled"`` ``NE(q, q̇, [w_b, q̈_a,d])[:6]``, the arm's feedback left
        out of the base demand. ``"decoupled"`` needs a model with ``floating_base``.

    Attributes
    ----------
    observer : DisturbanceObserver or None
        Its ``estimate`` is the torque (N·m, N) the model currently misses.
    """

    name = "computed_torque"

    def __init__(
        self,
        model,
        omega,
        zeta=1.0,
        scheme="tracking",
        friction=True,
        effort_limit=None,
        integral=False,
        integral_limit=100.0,
        observer_bandwidth=None,
        friction_velocity="measured",
        base_feedback="full",
    ):
        super().__init__(model, effort_limit)
        if scheme not in SCHEMES:
            raise ControlError(f"scheme = {scheme!r}: expected one of {list(SCHEMES)}")
        if base_feedback not in BASE_FEEDBACKS:
            raise ControlError(
                f"base_feedback = {base_feedback!r}: expected one of {list(BASE_FEEDBACKS)}"
            )
        self.decoupled_base = base_feedback == "decoupled"
        if self.decoupled_base and not getattr(model, "floating_base", False):
            raise ControlError(
                f"base_feedback = 'decoupled': model '{getattr(model, 'name', '?')}' has no "
                "floating base (contract member floating_base); use 'full'"
            )
        self.base_feedback = base_feedback
        self._w_planned = np.zeros(self.nv)  # [w_b, q̈_a,d] of the decoupled base rows
        self.data = model.make_data()
        self.scheme = scheme
        self.friction = bool(friction)
        self.friction_velocity = checked_friction_velocity(friction_velocity)
        # Γf(q̇_d), added to a friction-free NE call
        self._friction_term = (
            FrictionTerm(model) if self.friction and friction_velocity == "desired" else None
        )
        self.integral = bool(integral)
        self.kp, self.kd, self.ki = _acceleration_gains(self.nv, omega, zeta, self.integral)
        if not (np.isfinite(integral_limit) and integral_limit > 0.0):
            raise ControlError(f"integral_limit = {integral_limit}: must be finite and > 0")
        self.integral_limit = float(integral_limit)
        self.w = np.zeros(self.nv)  # the commanded acceleration of the last tick (rad/s²)
        self.w_integral = np.zeros(self.nv)  # K_I ∫ e (rad/s²)
        self._t: float | None = None
        self._work = np.zeros(self.nv)
        self._init_observer(model, observer_bandwidth, self.friction, self.friction_velocity)

    def reset(self, q, v) -> None:
        self.w_integral.fill(0.0)
        self._t = None
        if self.observer is not None:
            self.observer.reset()

    def warm_start(self, t, q, v, ref: Reference, tau) -> None:
        """The gap between ``tau`` and the law's torque goes into δ̂ (observer) or into the
        integral as Â⁻¹·gap (clamped); a law with neither keeps its output."""
        if self.observer is None and not self.integral:
            return
        self.reset(q, v)
        gap = self._warm_start_gap(t, q, v, ref, tau)  # _t = t: ∫ starts from this tick
        if self.observer is None:
            # the integral enters Γ through Â(q) (Â(q_d) for the predictive law)
            a_matrix = algorithms.mass_matrix(self.model, self.data, self._model_point(q, ref))
            if self.decoupled_base:  # Γ_b = M_bb w_b: the arm's w reaches the joint rows only
                a_matrix[:_BASE_NV, _BASE_NV:] = 0.0
            self.w_integral[:] = np.linalg.solve(a_matrix, gap)
            lim = self.integral_limit
            np.clip(self.w_integral, -lim, lim, out=self.w_integral)

    def _model_point(self, q, ref: Reference):
        return q

    def _acceleration(self, t, q, v, ref: Reference) -> np.ndarray:
        w, work = self.w, self._work
        self.position_error(ref.q, q, w)
        w *= self.kp
        if self.scheme == "tracking":  # [9.24]
            np.subtract(ref.v, v, out=work)
            work *= self.kd
            w += work
            w += ref.a
        else:  # [9.29]
            np.multiply(self.kd, v, out=work)
            w -= work
        if self.integral:
            dt = 0.0 if self._t is None else t - self._t
            self._t = t
            if dt > 0.0:
                self.position_error(ref.q, q, work)
                work *= self.ki
                work *= dt
                self.w_integral += work
                lim = self.integral_limit
                np.clip(self.w_integral, -lim, lim, out=self.w_integral)
            w += self.w_integral
        return w

    def _compute(self, t, q, v, ref: Reference, out) -> None:
        w = self._acceleration(t, q, v, ref)
        # §9.4.2.5: Â(q) w + Ĥ(q, q̇) is the inverse dynamic model at acceleration w
        term = self._friction_term
        out[:] = algorithms.inverse_dynamics(
            self.model, self.data, q, v, w, friction=self.friction and term is None
        )
        if self.decoupled_base:
            # Γ_b = M_bb w_b + M_ba q̈_a,d + h_b: the base rows without the arm's feedback
            wp = self._w_planned
            wp[:_BASE_NV] = w[:_BASE_NV]
            wp[_BASE_NV:] = ref.a[_BASE_NV:]
            out[:_BASE_NV] = algorithms.inverse_dynamics(
                self.model, self.data, q, v, wp, friction=self.friction and term is None
            )[:_BASE_NV]
        if term is not None:
            term.add(ref.v, out)  # Γf(q̇_d)
        if self.observer is not None:
            out += self.observer.estimate


class PredictiveControl(ComputedTorque):
    """Γ = Â(q_d) w + Ĥ(q_d, q̇_d) [9.31] (see the module docstring).

    Parameters
    ----------
    use_feedforward : bool
        True (default): when the reference carries ``tau_ff``, Γ = τ_ff + Â(q_d)(w − q̈_d), with
        Â(q_d) from the model (it depends on the desired motion only); else (or without τ_ff)
        Γ = NE(q_d, q̇_d, w), one Newton-Euler call (§9.4.2.5).
    Other parameters (positional or keyword) as :class:`ComputedTorque`.
    """

    name = "predictive"

    def __init__(self, model, omega, *args, use_feedforward=True, **kwargs):
        if kwargs.get("base_feedback", "full") != "full":
            raise ControlError(
                f"base_feedback = {kwargs['base_feedback']!r}: the predictive law has only 'full'"
            )
        super().__init__(model, omega, *args, **kwargs)
        self.use_feedforward = bool(use_feedforward)

    def _model_point(self, q, ref: Reference):
        return ref.q

    def _compute(self, t, q, v, ref: Reference, out) -> None:
        w = self._acceleration(t, q, v, ref)
        if self.use_feedforward and ref.tau_ff is not None:
            A = algorithms.mass_matrix(self.model, self.data, ref.q)  # Â(q_d)
            np.subtract(w, ref.a, out=self._work)
            np.dot(A, self._work, out=out)
            out += ref.tau_ff
        else:
            out[:] = algorithms.inverse_dynamics(
                self.model, self.data, ref.q, ref.v, w, friction=self.friction
            )
        if self.observer is not None:  # estimated on the measured motion
            out += self.observer.estimate
