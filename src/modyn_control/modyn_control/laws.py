"""Joint-space control laws (pure numpy, no ROS), written into caller-owned buffers.

* tracking: τ = τ_ff + Kp (q_d − q) + Kd (q̇_d − q̇)   (PD + precomputed feed-forward)
* holding:  τ = Q(q) + Kp (q_hold − q) − Kd q̇         (PD + gravity compensation)

Gains are diagonal (one value per joint). The functions allocate nothing when given ``out``
and ``work`` buffers, since the controller runs them on every ``joint_states`` message.
:class:`JointPD` bundles validated gains with its buffers. Further laws (PID, computed torque,
task space) are a later issue.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Sequence

import numpy as np

from modyn_model.errors import ModynError

__all__ = ["ControlError", "gains", "pd_feedforward", "hold", "JointPD"]


class ControlError(ModynError):
    """Bad input to a control law (gains, shapes); the text names the argument and value."""


def gains(value, n: int, name: str) -> np.ndarray:
    """Per-joint gains from one value (broadcast) or n values; finite and ≥ 0.

    Parameters
    ----------
    value : float or sequence of float
        The gain(s) (e.g. N·m/rad for Kp, N·m·s/rad for Kd).
    n : int
        Number of joints.
    name : str
        Named in the error message (e.g. the parameter name).

    Returns
    -------
    (n,) array
    """
    values = [value] if isinstance(value, numbers.Real) else list(value)
    if len(values) not in (1, n):
        raise ControlError(f"{name}: {len(values)} values for {n} joints (give 1 or {n})")
    for i, x in enumerate(values):
        if isinstance(x, bool) or not isinstance(x, numbers.Real):
            raise ControlError(f"{name}[{i}] = {x!r} is not a number")
        if not math.isfinite(x) or x < 0.0:  # a negative gain destabilises the joint
            raise ControlError(f"{name}[{i}] = {x}: must be finite and >= 0")
    return np.array(values * n if len(values) == 1 else values, dtype=float)


def pd_feedforward(q, v, q_d, v_d, tau_ff, kp, kd, out, work=None) -> np.ndarray:
    """τ = τ_ff + Kp (q_d − q) + Kd (q̇_d − q̇) into ``out`` (N·m or N).

    Parameters
    ----------
    q, v : (n,) arrays
        Measured position (rad) and velocity (rad/s).
    q_d, v_d : (n,) arrays
        Desired position and velocity.
    tau_ff : (n,) array or None
        Feed-forward effort; None for PD alone.
    kp, kd : (n,) arrays
        Diagonal gains.
    out : (n,) array
        Result buffer.
    work : (n,) array, optional
        Scratch buffer (allocated if omitted).
    """
    if work is None:
        work = np.empty_like(out)
    np.subtract(q_d, q, out=out)
    out *= kp
    np.subtract(v_d, v, out=work)
    work *= kd
    out += work
    if tau_ff is not None:
        out += tau_ff
    return out


def hold(q, v, q_hold, gravity, kp, kd, out, work=None) -> np.ndarray:
    """τ = Q(q) + Kp (q_hold − q) − Kd q̇ into ``out`` (N·m or N).

    Parameters
    ----------
    q, v : (n,) arrays
        Measured position (rad) and velocity (rad/s).
    q_hold : (n,) array
        Pose to hold.
    gravity : (n,) array or None
        Q(q), the gravity torques at the measured pose; None for no compensation.
    kp, kd : (n,) arrays
        Diagonal gains.
    out, work : (n,) arrays
        Result and scratch buffers (``work`` allocated if omitted).
    """
    if work is None:
        work = np.empty_like(out)
    np.subtract(q_hold, q, out=out)
    out *= kp
    np.multiply(kd, v, out=work)
    out -= work
    if gravity is not None:
        out += gravity
    return out


class JointPD:
    """Diagonal PD gains with the buffers of :func:`pd_feedforward` and :func:`hold`.

    Parameters
    ----------
    n : int
        Number of joints.
    kp, kd : float or sequence of float
        Gains, one value (broadcast) or n; finite and ≥ 0 (N·m/rad, N·m·s/rad).

    The result of :meth:`track` and :meth:`hold` is the same buffer :attr:`tau`, overwritten
    by the next call.
    """

    def __init__(self, n: int, kp: float | Sequence[float], kd: float | Sequence[float]):
        self.n = n
        self.kp = gains(kp, n, "kp")
        self.kd = gains(kd, n, "kd")
        self.tau = np.zeros(n)
        self._work = np.zeros(n)

    def set_gains(self, kp=None, kd=None) -> None:
        """Replace Kp and/or Kd (validated before either is changed)."""
        new_kp = self.kp if kp is None else gains(kp, self.n, "kp")
        new_kd = self.kd if kd is None else gains(kd, self.n, "kd")
        self.kp, self.kd = new_kp, new_kd

    def track(self, q, v, q_d, v_d, tau_ff=None) -> np.ndarray:
        """τ = τ_ff + Kp (q_d − q) + Kd (q̇_d − q̇)."""
        return pd_feedforward(q, v, q_d, v_d, tau_ff, self.kp, self.kd, self.tau, self._work)

    def hold(self, q, v, q_hold, gravity=None) -> np.ndarray:
        """τ = Q(q) + Kp (q_hold − q) − Kd q̇ (no gravity term when ``gravity`` is None)."""
        return hold(q, v, q_hold, gravity, self.kp, self.kd, self.tau, self._work)
