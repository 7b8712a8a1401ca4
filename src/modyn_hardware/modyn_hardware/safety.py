"""Joint limits and throttled rejection reports of the ``hardware_interface`` node (no rclpy).

:class:`LimitGuard` enforces the effort, velocity and position limits on a command, each limit
kind in one of two modes:

* ``"saturate"``: the command is modified and the step goes on;
* ``"fault"``: the guard returns a sentence naming the joint, the value and the limit, and the
  node latches its safe hold (gravity compensation + PD) until ``~/reset``.

Sizes follow the mechanism contract: position limits per coordinate (nq, ``joint_names``),
speed limits per velocity coordinate (nv, ``velocity_names``), effort limits per actuator (nu,
``actuator_names``); the names default to ``joint_names`` (an arm: one list). The fault checks
and the effort clip hold for any mechanism. The soft limits (``saturate`` on position or
velocity) change the command of the actuator of the limited joint, so every coordinate (and
velocity) with a finite limit must be a joint: a name found in all three lists (an arm: the
three lists are one, :attr:`Limits.aligned`; a floating base: its joints, the base having
infinite limits). :class:`LimitGuard` refuses them otherwise. Indices below are then per joint:
q_i its coordinate, q̇_i its velocity, τ_i its actuator, Q_i, Kp_i, Kd_i at its velocity.

Saturation rules (τ the command, q, q̇ the measured state, Q(q) the gravity effort, Kp, Kd the
safe-hold gains, all per joint, in the model's joint order):

* effort: τ_i is clipped to ±τmax_i.
* position (a soft limit, one-sided virtual spring-damper): beyond the upper limit u_i,
  τ_i ← Q_i + min(τ_i − Q_i, 0) − Kp_i (q_i − u_i) − Kd_i max(q̇_i, 0); below the lower limit l_i
  the mirror image. τ_i − Q_i is, to first order (ignoring the coupling through the mass matrix),
  the effort that accelerates the joint, so the part that pushes further out is cut, gravity
  stays compensated, a spring pulls the joint back in and a damper brakes only outward motion.
* velocity: with |q̇_i| > vmax_i, τ_i ← Q_i + min(τ_i − Q_i, 0) − Kd_i (q̇_i − vmax_i) for
  q̇_i > vmax_i (the mirror image below −vmax_i): effort that accelerates further is cut and a
  damper on the excess speed brakes.
* the result is clipped to the effort limits again (the soft limits never exceed the actuators).

Actuators that are not joints but as many as the coordinates (nu = nq = nv, S(q) square and
invertible, e.g. a geared arm's motors, S = Aᵀ constant: :attr:`Limits.square`): the soft limits
apply the rules above to the generalized forces τ = Sᵀ(q) u of the command (index i: coordinate,
velocity and generalized force i) and map the result back, u = S⁻ᵀ τ. Each coupled motor then
carries its share of the limited joint's correction.

Actuator speed limits (:attr:`Limits.actuator_velocity`, the model's optional member
``actuator_velocity_limit``: a motor's speed |φ̇_k| = |(S(q) v)_k| couples the joint rates),
checked with the velocity kind and in its mode:

* ``fault``: |φ̇_k| beyond its limit latches, naming the actuator;
* ``saturate`` (counted as ``velocity_limited``): the velocity rule in actuator space,
  u_k ← g_k + min(u_k − g_k, 0) − d_k (φ̇_k − φ̇max_k) above the limit (mirror image below),
  with g = S⁻ᵀ Q(q) the actuator forces that hold gravity (least squares when S is not square)
  and d_k = (S⁻ᵀ Kd S⁻¹)_kk the hold's damping seen by actuator k (Kd diagonal per velocity).

These need S(q) each step (:meth:`~modyn_model.MechanismModel.actuation_matrix`, a constant copy
for a geared arm): a model with finite actuator speed limits costs one S(q) v per command.

The checks allocate no array while no limit is crossed (numpy comparisons into preallocated
masks); crossing one (rare) computes Q(q) and builds the sentence of a fault.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

__all__ = [
    "LIMIT_KINDS",
    "LIMIT_MODES",
    "LimitGuard",
    "Limits",
    "ReportThrottle",
    "soft_limit_problem",
]

#: The limit kinds and their modes (parameters ``<kind>_limit_mode``).
LIMIT_KINDS = ("effort", "velocity", "position")
LIMIT_MODES = ("saturate", "fault")


@dataclass(frozen=True)
class Limits:
    """Joint limits in the model's joint order and the mode of each kind.

    Attributes
    ----------
    joint_names : tuple of str
        The coordinates' names (nq).
    lower, upper : (nq,) ndarray
        Position limits (rad or m); ±inf for none.
    velocity : (nv,) ndarray
        Speed limits (rad/s or m/s), > 0; inf for none.
    effort : (nu,) ndarray
        Effort limits (N·m or N), >= 0; inf for none.
    effort_mode, velocity_mode, position_mode : {"saturate", "fault"}
    velocity_names, actuator_names : tuple of str
        The names of ``velocity`` (nv) and ``effort`` (nu); empty: ``joint_names``.
    actuator_velocity : (nu,) ndarray or None
        Actuator speed limits |(S(q) v)_k| (rad/s or m/s), > 0, inf for none; None: none at all
        (the model has no ``actuator_velocity_limit``). Checked with the velocity mode.
    square : bool
        nu = nq = nv and S(q) invertible over the range (checked by the node's configuration):
        the soft limits act on τ = Sᵀ u when the actuators are not the joints.
    """

    joint_names: tuple[str, ...]
    lower: np.ndarray
    upper: np.ndarray
    velocity: np.ndarray
    effort: np.ndarray
    effort_mode: str = "saturate"
    velocity_mode: str = "saturate"
    position_mode: str = "saturate"
    velocity_names: tuple[str, ...] = ()
    actuator_names: tuple[str, ...] = ()
    actuator_velocity: np.ndarray | None = None
    square: bool = False

    def __post_init__(self):
        # frozen: the defaults are set through object.__setattr__, once
        for name in ("velocity_names", "actuator_names"):
            if not getattr(self, name):
                object.__setattr__(self, name, tuple(self.joint_names))

    @property
    def aligned(self) -> bool:
        """Coordinate i, velocity i and actuator i are one joint (an arm)."""
        return self.joint_names == self.velocity_names == self.actuator_names

    def shared_joints(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(coordinate, velocity, actuator) indices of the joints: the names in all three lists,
        in actuator order (0..n-1 three times for an arm)."""
        q, v = self.joint_names, self.velocity_names
        names = [n for n in self.actuator_names if n in q and n in v]
        return (
            np.array([q.index(n) for n in names], dtype=int),
            np.array([v.index(n) for n in names], dtype=int),
            np.array([self.actuator_names.index(n) for n in names], dtype=int),
        )


def soft_limit_problem(limits: Limits) -> str | None:
    """Why the soft limits of ``limits`` cannot be applied (None when they can): a coordinate
    (velocity) with a finite position (speed) limit that is not a joint of an actuator."""
    soft = [k for k in ("position", "velocity") if getattr(limits, f"{k}_mode") == "saturate"]
    if not soft or limits.aligned or limits.square:
        return None  # a square S: the rules act on τ = Sᵀu (module docstring)
    jq, jv, _ = limits.shared_joints()
    finite_q = np.isfinite(limits.lower) | np.isfinite(limits.upper)
    finite_v = np.isfinite(limits.velocity)
    outside_q = np.setdiff1d(np.flatnonzero(finite_q), jq)
    outside_v = np.setdiff1d(np.flatnonzero(finite_v), jv)
    if not (("position" in soft and outside_q.size) or ("velocity" in soft and outside_v.size)):
        return None  # every limited coordinate is a joint with its actuator (a floating base)
    return (
        f"{soft[0]}_limit_mode 'saturate' (a soft limit) acts on the actuator of the limited "
        f"joint: it needs the coordinates {list(limits.joint_names)}, velocities "
        f"{list(limits.velocity_names)} and actuators {list(limits.actuator_names)} to be one "
        "list, or as many actuators as coordinates with an invertible S(q); use 'fault'"
    )


class LimitGuard:
    """Applies :class:`Limits` to commands in place (see the module docstring for the rules).

    Parameters
    ----------
    limits : Limits
    kp, kd : (n,) ndarray
        Stiffness (N·m/rad or N/m) and damping (N·m·s/rad or N·s/m) of the soft position limit
        and of the velocity limit's damper: the safe-hold gains.
    gravity : callable
        ``gravity(q) -> (n,) ndarray``: Q(q) (N·m or N), called only when a position or
        velocity limit is crossed in saturate mode.
    actuation : callable, optional
        ``actuation(q) -> (nu, nv) ndarray``: S(q), the model's ``actuation_matrix``; needed
        when ``limits.square`` and the actuators are not the joints, or when
        ``limits.actuator_velocity`` is given.
    counts : dict, optional
        Where to count (the node's counters); a new dict by default.

    Attributes
    ----------
    counts : dict
        ``saturated`` (commands or holds cut to the effort limits), ``position_limited``,
        ``velocity_limited`` (commands changed by the soft limits).
    """

    def __init__(
        self,
        limits: Limits,
        kp: np.ndarray,
        kd: np.ndarray,
        gravity: Callable[[np.ndarray], np.ndarray],
        counts: dict | None = None,
        actuation: Callable[[np.ndarray], np.ndarray] | None = None,
    ):
        self.limits = limits
        self._actuation = actuation
        #: the soft limits act on τ = Sᵀ u (square S, actuators not the joints)
        self._generalized = limits.square and not limits.aligned
        self._phi_limit = limits.actuator_velocity
        if (self._generalized or self._phi_limit is not None) and actuation is None:
            raise ValueError("LimitGuard: S(q) (actuation) is needed for these limits")
        self._kp = np.asarray(kp, dtype=float)
        self._kd = np.asarray(kd, dtype=float)
        self._gravity = gravity
        problem = soft_limit_problem(limits)
        if problem is not None:
            raise ValueError(problem)
        #: the state limits checked in fault mode
        self._state_faults = tuple(
            k for k in ("position", "velocity") if getattr(limits, f"{k}_mode") == "fault"
        )
        self._neg_effort = -limits.effort
        self._neg_velocity = -limits.velocity
        # the joints' coordinate / velocity / actuator indices (identity for an arm)
        self._jq, self._jv, self._ju = limits.shared_joints()
        self._u_of_q = dict(zip(self._jq.tolist(), self._ju.tolist(), strict=True))
        self._v_of_q = dict(zip(self._jq.tolist(), self._jv.tolist(), strict=True))
        self._u_of_v = dict(zip(self._jv.tolist(), self._ju.tolist(), strict=True))
        # comparison buffers per size: coordinates (q), velocities (v), actuators (u)
        nq, nv, nu = len(limits.lower), len(limits.velocity), len(limits.effort)
        self._q_hi, self._q_lo = np.zeros(nq, dtype=bool), np.zeros(nq, dtype=bool)
        self._v_abs = np.zeros(nv)
        self._v_hi, self._v_lo = np.zeros(nv, dtype=bool), np.zeros(nv, dtype=bool)
        self._u_abs = np.zeros(nu)
        self._u_hi = np.zeros(nu, dtype=bool)
        self._phi = np.zeros(nu)  # actuator speeds S(q) v
        self._phi_abs = np.zeros(nu)
        self._phi_hi = np.zeros(nu, dtype=bool)
        self._tau = np.zeros(len(limits.velocity))  # τ = Sᵀ u of the generalized soft limits
        if self._generalized:  # coordinate i is velocity i is generalized force i
            self._u_of_q = self._v_of_q = self._u_of_v = {i: i for i in range(nq)}
        self.counts = {} if counts is None else counts
        for key in ("saturated", "position_limited", "velocity_limited"):
            self.counts.setdefault(key, 0)

    # ------------------------------------------------------------------ effort
    def clip_effort(self, tau: np.ndarray) -> bool:
        """Clip ``tau`` in place to ±effort; True (and counted) if anything was cut."""
        np.abs(tau, out=self._u_abs)
        if np.greater(self._u_abs, self.limits.effort, out=self._u_hi).any():
            self.counts["saturated"] += 1
            np.clip(tau, self._neg_effort, self.limits.effort, out=tau)
            return True
        return False

    def effort_violation(self, tau: np.ndarray) -> str | None:
        """A sentence naming the first joint whose |τ| exceeds its limit, else None."""
        np.abs(tau, out=self._u_abs)
        if not np.greater(self._u_abs, self.limits.effort, out=self._u_hi).any():
            return None
        i = int(np.flatnonzero(self._u_hi)[0])
        return (
            f"effort limit: joint '{self.limits.actuator_names[i]}' commanded {tau[i]:.6g} "
            f"beyond ±{self.limits.effort[i]:.6g}"
        )

    # ------------------------------------------------------------------ state
    def state_violation(self, q: np.ndarray, v: np.ndarray, kinds: Sequence[str]) -> str | None:
        """A sentence naming the first position or velocity limit (of ``kinds``) that ``q``/``v``
        violate, else None."""
        lim = self.limits
        if "position" in kinds:
            hi, lo = self._q_hi, self._q_lo
            np.greater(q, lim.upper, out=hi)
            np.less(q, lim.lower, out=lo)
            if hi.any() or lo.any():
                i = int(np.flatnonzero(hi | lo)[0])
                bound = lim.upper[i] if hi[i] else lim.lower[i]
                side = "above the upper" if hi[i] else "below the lower"
                return (
                    f"position limit: joint '{lim.joint_names[i]}' at {q[i]:.6g}, {side} "
                    f"limit {bound:.6g}"
                )
        if "velocity" in kinds:
            np.abs(v, out=self._v_abs)
            if np.greater(self._v_abs, lim.velocity, out=self._v_hi).any():
                i = int(np.flatnonzero(self._v_hi)[0])
                return (
                    f"velocity limit: joint '{lim.velocity_names[i]}' moving at {v[i]:.6g}, beyond "
                    f"±{lim.velocity[i]:.6g}"
                )
            if self._phi_limit is not None and self._actuator_speeds(q, v):
                k = int(np.flatnonzero(self._phi_hi)[0])
                return (
                    f"velocity limit: actuator '{lim.actuator_names[k]}' moving at "
                    f"{self._phi[k]:.6g}, beyond ±{self._phi_limit[k]:.6g} "
                    "(actuator_velocity_limit, |S(q) v|)"
                )
        return None

    def _actuator_speeds(self, q: np.ndarray, v: np.ndarray) -> bool:
        """φ̇ = S(q) v into ``self._phi``; True if one is beyond its limit (``self._phi_hi``)."""
        np.matmul(self._actuation(q), v, out=self._phi)
        np.abs(self._phi, out=self._phi_abs)
        return bool(np.greater(self._phi_abs, self._phi_limit, out=self._phi_hi).any())

    # ------------------------------------------------------------------ a command
    def apply(self, tau: np.ndarray, q: np.ndarray, v: np.ndarray) -> str | None:
        """Enforce every limit on the command ``tau`` (in place) at the measured ``q``, ``v``.

        Returns
        -------
        str or None
            The reason of a fault (a limit in ``"fault"`` mode was violated; ``tau`` must then
            not be applied), or None (``tau``, possibly saturated, may be applied).
        """
        lim = self.limits
        if lim.effort_mode == "fault":
            reason = self.effort_violation(tau)
            if reason is not None:
                return reason
        if self._state_faults:
            reason = self.state_violation(q, v, self._state_faults)
            if reason is not None:
                return reason
        changed = False
        if self._generalized and (
            lim.position_mode == "saturate" or lim.velocity_mode == "saturate"
        ):
            changed = self._soft_generalized(tau, q, v)
        else:
            if lim.position_mode == "saturate":
                changed |= self._soft_position(tau, q, v)
            if lim.velocity_mode == "saturate":
                changed |= self._soft_velocity(tau, q, v)
        if lim.velocity_mode == "saturate" and self._phi_limit is not None:
            changed |= self._soft_actuator_velocity(tau, q, v)
        if lim.effort_mode == "saturate" or changed:
            self.clip_effort(tau)
        return None

    def _soft_position(self, tau: np.ndarray, q: np.ndarray, v: np.ndarray) -> bool:
        lim = self.limits
        hi = np.greater(q, lim.upper, out=self._q_hi)
        lo = np.less(q, lim.lower, out=self._q_lo)
        if not (hi.any() or lo.any()):
            return False
        self.counts["position_limited"] += 1
        g = self._gravity(q)
        kp, kd = self._kp, self._kd
        # i: the coordinate; j its velocity (Q, Kp, Kd, q̇); k its actuator (τ)
        for i in np.flatnonzero(hi):
            j, k = self._v_of_q[i], self._u_of_q[i]
            push = min(tau[k] - g[j], 0.0)  # keep only the effort that pulls back in
            tau[k] = g[j] + push - kp[j] * (q[i] - lim.upper[i]) - kd[j] * max(v[j], 0.0)
        for i in np.flatnonzero(lo):
            j, k = self._v_of_q[i], self._u_of_q[i]
            push = max(tau[k] - g[j], 0.0)
            tau[k] = g[j] + push + kp[j] * (lim.lower[i] - q[i]) - kd[j] * min(v[j], 0.0)
        return True

    def _soft_velocity(self, tau: np.ndarray, q: np.ndarray, v: np.ndarray) -> bool:
        lim = self.limits
        hi = np.greater(v, lim.velocity, out=self._v_hi)
        lo = np.less(v, self._neg_velocity, out=self._v_lo)
        if not (hi.any() or lo.any()):
            return False
        self.counts["velocity_limited"] += 1
        g = self._gravity(q)
        kd = self._kd
        for i in np.flatnonzero(hi):  # i: the velocity; k its actuator
            k = self._u_of_v[i]
            push = min(tau[k] - g[i], 0.0)  # keep only the effort that slows down
            tau[k] = g[i] + push - kd[i] * (v[i] - lim.velocity[i])
        for i in np.flatnonzero(lo):
            k = self._u_of_v[i]
            push = max(tau[k] - g[i], 0.0)
            tau[k] = g[i] + push - kd[i] * (v[i] + lim.velocity[i])
        return True

    def _soft_generalized(self, u: np.ndarray, q: np.ndarray, v: np.ndarray) -> bool:
        """The soft position and velocity rules on τ = Sᵀ(q) u, mapped back u = S⁻ᵀ τ (square
        S, actuators not the joints). Nothing is computed while no limit is crossed."""
        lim = self.limits
        crossed = False
        if lim.position_mode == "saturate":
            crossed |= bool(np.greater(q, lim.upper, out=self._q_hi).any())
            crossed |= bool(np.less(q, lim.lower, out=self._q_lo).any())
        if lim.velocity_mode == "saturate":
            crossed |= bool(np.greater(v, lim.velocity, out=self._v_hi).any())
            crossed |= bool(np.less(v, self._neg_velocity, out=self._v_lo).any())
        if not crossed:
            return False
        s = np.asarray(self._actuation(q), dtype=float)
        tau = self._tau
        np.matmul(s.T, u, out=tau)
        changed = False
        if lim.position_mode == "saturate":
            changed |= self._soft_position(tau, q, v)
        if lim.velocity_mode == "saturate":
            changed |= self._soft_velocity(tau, q, v)
        if changed:
            u[:] = np.linalg.solve(s.T, tau)
        return changed

    def _soft_actuator_velocity(self, u: np.ndarray, q: np.ndarray, v: np.ndarray) -> bool:
        """The velocity rule in actuator space (module docstring) for |(S v)_k| > φ̇max_k."""
        if not self._actuator_speeds(q, v):
            return False
        self.counts["velocity_limited"] += 1
        s = np.asarray(self._actuation(q), dtype=float)
        s_inv_t = np.linalg.pinv(s.T)  # S⁻ᵀ (least squares when not square)
        g = s_inv_t @ self._gravity(q)  # the actuator forces that hold gravity
        d = np.einsum("kj,j,kj->k", s_inv_t, self._kd, s_inv_t)  # diag(S⁻ᵀ Kd S⁻¹)
        phi, limit = self._phi, self._phi_limit
        for k in np.flatnonzero(self._phi_hi):
            if phi[k] > 0.0:  # keep only the effort that slows down
                u[k] = g[k] + min(u[k] - g[k], 0.0) - d[k] * (phi[k] - limit[k])
            else:
                u[k] = g[k] + max(u[k] - g[k], 0.0) - d[k] * (phi[k] + limit[k])
        return True


class ReportThrottle:
    """At most one report per ``period`` seconds for each kind of event; the events in between
    are counted and the next report says how many were left out.

    rclpy's ``throttle_duration_sec`` throttles per call site: one site reporting several kinds
    of rejected message would hide all but the first kind.
    """

    def __init__(self, period: float = 1.0):
        self.period = period
        self._last: dict[str, float] = {}
        self._skipped: dict[str, int] = {}

    def __call__(self, kind: str) -> int | None:
        """None if this event is not to be reported; else the number of events of ``kind``
        skipped since its last report."""
        now = time.monotonic()
        last = self._last.get(kind)
        if last is not None and now - last < self.period:
            self._skipped[kind] = self._skipped.get(kind, 0) + 1
            return None
        self._last[kind] = now
        return self._skipped.pop(kind, 0)
