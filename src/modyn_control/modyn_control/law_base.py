"""The common interface of the control laws of Khalil ch. 9, and the bumpless switch.

Every law is a small class with

* ``reset(q, v)``: forget the internal state (integrators), at the measured state;
* ``step(t, q, v, ref, out) -> out``: the generalized forces τ (nv,) at time ``t`` (s) for the
  measured configuration ``q`` (nq,) and velocity ``v`` (nv,) and the reference ``ref``
  (:class:`Reference`), written into the caller's ``out`` (nv,) array. Laws allocate their
  buffers at construction;
* ``warm_start(t, q, v, ref, tau)``: after a reset, preload the internal state (an integral, a
  disturbance estimate) so that the output at this instant is ``tau`` as far as that state can
  make it (bumpless transfer from a hold, where ``tau`` carries the weight of the arm).

Laws are written over the mechanism contract (:class:`modyn_model.contract.MechanismModel`):
they are sized by ``nq`` / ``nv``, every position error is ``model.difference(q_ref, q)``
(q_ref ⊖ q, never q_ref − q: :meth:`ControlLaw.position_error`), and they output generalized
forces τ; the node maps τ to the actuator forces u (Sᵀ u = τ, :mod:`modyn_control.actuation`).

:class:`LawSwitch` holds the active law and makes a change of law *bumpless*: the difference
between the old law's last torque and the new law's first torque is added to the new law and
fades out linearly over ``blend_time``; the torque then never steps by more than what the
active law alone would step plus ``|δ| Δt / blend_time`` per tick (δ: the torque gap at the
switch). When the robot was held by another controller (:meth:`LawSwitch.interrupt` with the
hold torque), the law is reset and warm-started from that torque at its first tick: its state
takes over the static load the hold was carrying (the arm's weight, for a PID).

The other way, from a law to the hold (a trajectory done, stopped or aborted),
:class:`HoldHandOver` makes the same fade as the law switch with the hold as the new law: at the
first hold tick t_s the law is evaluated once more (at its last reference) and the output is
the hold's torque plus ``δ · max(0, 1 − (t − t_s)/T)``, δ = τ_law(t_s) − τ_hold(t_s), so the
torque never steps by more than the hold's own change plus ``|δ| Δt / T`` per tick. A law whose
last tick is a blend time or more before t_s (a ``~/stop`` between sparse ticks) is not faded
from.
"""

from __future__ import annotations

import numpy as np

from modyn_model.contract import is_vector_space

from .laws import ControlError

__all__ = [
    "Reference",
    "ControlLaw",
    "LawSwitch",
    "saturate",
    "limits_array",
    "plain_coordinates",
    "HoldHandOver",
    "RESUME_WINDOW",
]

#: Longest time (s) between the hold's last torque and the law's first tick for the law to be
#: warm-started from that torque (50 ticks at 1 kHz; sparser ticks start the law afresh).
RESUME_WINDOW = 0.05


class Reference:
    """Desired motion at one instant (joint space; optional task-space target).

    Attributes
    ----------
    q : (nq,) array
        Desired configuration (rad / m).
    v, a : (nv,) arrays
        Desired velocity and acceleration.
    tau_ff : (nv,) array or None
        Precomputed feed-forward generalized force A(q_d) q̈_d + H(q_d, q̇_d) (N·m / N), when
        available.
    x_pos, x_rot : (3,) and (3, 3) arrays or None
        Task-space target of the tip frame (base axes): position (m) and orientation. When
        None the task-space laws derive the target from ``q, v, a`` by forward kinematics.
    x_vel, x_acc : (6,) arrays or None
        Desired twist [ṗ; ω] and its derivative [p̈; ω̇] (base axes).

    The attributes are plain references: the controller points them at its sampler's buffers
    each tick (no copy).
    """

    __slots__ = ("q", "v", "a", "tau_ff", "x_pos", "x_rot", "x_vel", "x_acc")

    def __init__(self, q, v=None, a=None, tau_ff=None):
        q = np.asarray(q, dtype=float)
        self.q = q
        self.v = np.zeros_like(q) if v is None else np.asarray(v, dtype=float)
        self.a = np.zeros_like(q) if a is None else np.asarray(a, dtype=float)
        self.tau_ff = None if tau_ff is None else np.asarray(tau_ff, dtype=float)
        self.x_pos = self.x_rot = self.x_vel = self.x_acc = None

    def set_task(self, pos, rot, vel, acc) -> Reference:
        """Give an explicit task-space target (see the class attributes); returns self."""
        self.x_pos = np.asarray(pos, dtype=float)
        self.x_rot = np.asarray(rot, dtype=float)
        self.x_vel = np.asarray(vel, dtype=float)
        self.x_acc = np.asarray(acc, dtype=float)
        return self


def plain_coordinates(model) -> bool:
    """True when the model's configuration difference is plain subtraction (computed once):
    :func:`modyn_model.contract.is_vector_space`. The laws then subtract in place (no allocation
    per tick); otherwise they call :meth:`MechanismModel.difference`."""
    return is_vector_space(model)


def limits_array(value, n: int, name: str) -> np.ndarray:
    """Per-component effort limits: None → +inf; one value or n values, each > 0 (inf allowed)."""
    if value is None:
        return np.full(n, np.inf)
    arr = np.atleast_1d(np.asarray(value, dtype=float))
    if arr.shape not in ((1,), (n,)):
        raise ControlError(f"{name}: {arr.size} values for {n} joints (give 1 or {n})")
    bad = np.flatnonzero(np.isnan(arr) | (arr <= 0.0))
    if bad.size:
        raise ControlError(f"{name}[{int(bad[0])}] = {arr[bad[0]]}: must be > 0")
    return np.broadcast_to(arr, (n,)).copy()


def saturate(out: np.ndarray, limit: np.ndarray) -> bool:
    """Clip ``out`` to ±limit in place; True if any joint was clipped."""
    if np.any(np.abs(out) > limit):
        np.clip(out, -limit, limit, out=out)
        return True
    return False


class ControlLaw:
    """Base class: a generalized-force law with an ``effort_limit`` saturation.

    Parameters
    ----------
    model : modyn_model.MechanismModel
        The controller's model: sizes (nq, nv) and the configuration difference.
    effort_limit : float or (nv,) array, optional
        |τ_j| ≤ limit_j after the law (N·m / N); None: no saturation. (The node passes the
        actuators' limits when S = I, and saturates the actuator forces itself otherwise.)

    Attributes
    ----------
    name : str
        The law's name (the node's ``law`` parameter value).
    nq, nv : int
        Sizes of q and of v, τ.
    saturated : bool
        Whether the last :meth:`step` clipped the output.
    """

    name = "law"

    def __init__(self, model, effort_limit=None):
        self.model = model
        self.nq = int(model.nq)
        self.nv = int(model.nv)
        self.effort_limit = limits_array(effort_limit, self.nv, "effort_limit")
        self.saturated = False
        self._plain = plain_coordinates(model)
        # the saturation test's buffers: |τ| and |τ| > limit without a temporary per tick
        self._abs = np.empty(self.nv)
        self._over = np.empty(self.nv, dtype=bool)

    def position_error(self, q_ref, q, out: np.ndarray) -> np.ndarray:
        """``out`` = q_ref ⊖ q (nv), :meth:`MechanismModel.difference` (in place when the
        coordinates are plain, :func:`plain_coordinates`)."""
        if self._plain:
            return np.subtract(q_ref, q, out=out)
        np.copyto(out, self.model.difference(q_ref, q))
        return out

    def reset(self, q, v) -> None:
        """Forget any internal state (nothing for a static law)."""

    def step(self, t: float, q, v, ref: Reference, out: np.ndarray) -> np.ndarray:
        """Write the efforts into ``out`` and return it (see the module docstring)."""
        self._compute(t, q, v, ref, out)
        # saturate(out, limit) in preallocated buffers (the same test and clip)
        np.abs(out, out=self._abs)
        np.greater(self._abs, self.effort_limit, out=self._over)
        # count_nonzero of a bool array: no reduction machinery (ndarray.any() allocates about
        # 0.9 kB of temporaries per call, measured with tracemalloc) and 3x faster
        self.saturated = np.count_nonzero(self._over) > 0
        if self.saturated:
            np.clip(out, -self.effort_limit, self.effort_limit, out=out)
        return out

    def warm_start(self, t: float, q, v, ref: Reference, tau) -> None:
        """Preload the state so that :meth:`step` at (t, q, v, ref) gives ``tau`` as far as
        it can (call after :meth:`reset`); a law without state ignores it."""

    def applied_torque(self, tau) -> None:
        """Told the torque actually sent after :meth:`step` when it differs from the law's own
        (a fading gap, the hold); laws with an observer of the applied torque use it."""

    def _compute(self, t, q, v, ref, out) -> None:  # pragma: no cover - abstract
        raise NotImplementedError


class LawSwitch:
    """The active law plus a linear fade of the torque gap at a change of law (bumpless).

    Parameters
    ----------
    law : ControlLaw
        The initial law.
    blend_time : float
        Duration T (s, ≥ 0) over which the gap δ = τ_old − τ_new at the switch fades to zero;
        0 switches abruptly.

    Notes
    -----
    After :meth:`switch` at time t_s the output is ``τ_new(t) + δ · max(0, 1 − (t − t_s)/T)``,
    so at the first tick the torque equals what the old law would have commanded, and between
    two ticks Δt apart the fade adds at most ``|δ| Δt / T`` to the law's own change.
    """

    def __init__(self, law: ControlLaw, blend_time: float = 0.1):
        if not (np.isfinite(blend_time) and blend_time >= 0.0):
            raise ControlError(f"blend_time = {blend_time}: must be finite and >= 0")
        self.law = law
        self.blend_time = float(blend_time)
        self._pending: ControlLaw | None = None
        self._gap = np.zeros(law.nv)
        self._t_switch: float | None = None
        self._blending = False
        self.last = np.zeros(law.nv)  # the last torque returned
        self._has_last = False
        self._held = np.zeros(law.nv)  # the hold torque given to interrupt()
        self._held_at: float | None = None
        self._resume = False

    def switch(self, law: ControlLaw) -> None:
        """Use ``law`` from the next :meth:`step` on (its gap to the old law is faded out)."""
        if law.nv != self.law.nv:
            raise ControlError(f"the new law has nv = {law.nv}, the active one {self.law.nv}")
        self._pending = law

    @property
    def blending(self) -> bool:
        """True while a gap is being faded out."""
        return self._blending

    def step(self, t: float, q, v, ref: Reference, out: np.ndarray) -> np.ndarray:
        """The active law's torque (plus the fading gap) into ``out``."""
        if self._resume and not (0.0 <= t - self._held_at <= RESUME_WINDOW):
            self._resume = False  # the hold's torque is too old to continue from
        before = None  # the old law's torque at this tick, at a change of law
        pending = self._pending
        if pending is not None:
            self._pending = None
            if self._has_last and self.blend_time > 0.0 and not self._resume:
                self.law.step(t, q, v, ref, self._gap)
                before = self._gap
            self.law = pending
            pending.reset(q, v)
        elif self._resume:
            self.law.reset(q, v)  # its state is from before the hold
        if self._resume:
            # preload the static part: at the desired velocity, so that velocity noise and a
            # friction term's sign at rest do not get frozen into an integral
            self.law.warm_start(t, q, ref.v, ref, self._held)
            self._resume = False
        self.law.step(t, q, v, ref, out)
        if before is not None:
            np.subtract(before, out, out=self._gap)  # δ = τ_old − τ_new
            self._t_switch = t
            self._blending = True
        if self._blending:
            w = 1.0 - (t - self._t_switch) / self.blend_time
            if w <= 0.0:
                self._blending = False
            else:
                out += min(w, 1.0) * self._gap
                np.clip(out, -self.law.effort_limit, self.law.effort_limit, out=out)
                self.law.applied_torque(out)
        np.copyto(self.last, out)
        self._has_last = True
        return out

    def interrupt(self, tau=None, t: float | None = None) -> None:
        """Another controller commands the robot (the hold): forget the torque history. With
        ``tau``, the torque it sends at time ``t`` (s): if the next :meth:`step` comes within
        ``RESUME_WINDOW`` of it, the law is reset there and warm-started from ``tau`` at the
        desired velocity (its integral or estimate takes the load the hold carried); a later
        step starts the law afresh. Nothing is faded in: the gap left by a law without state
        is its own feedback, and a fade would replay the hold's."""
        self._blending = False
        self._has_last = False
        self._resume = False
        if tau is not None and t is not None:
            np.copyto(self._held, tau)
            self._held_at = float(t)
            self._resume = True


class HoldHandOver:
    """Bumpless hand-over from a law to the hold: the law switch's fade, with the hold as the
    new law.

    Parameters
    ----------
    nv : int
        Size of τ.
    blend_time : float
        T (s, ≥ 0), the law switch's blend time; 0: the hold takes over abruptly.

    Notes
    -----
    At the first hold tick t_s the node evaluates the law once more (its last reference, the
    last point of a finished trajectory or the reference where a stopped one was) and gives that
    torque τ_law(t_s) to :meth:`start`; :meth:`apply` then adds ``δ · max(0, 1 − (t − t_s)/T)``
    to the hold's torque, δ = τ_law(t_s) − τ_hold(t_s): exactly what
    :class:`LawSwitch` does at a change of law, so the hand-over steps as the law switch does.
    When the law's last tick is a blend time or more before t_s (a ``~/stop`` between sparse
    ticks) there is nothing to continue (as :data:`RESUME_WINDOW` for the other direction): the
    node does not call :meth:`start`, the hold starts as it is.
    """

    def __init__(self, nv: int, blend_time: float = 0.1):
        self.blend_time = 0.0
        self.set_blend_time(blend_time)
        self.gap = np.zeros(nv)  # δ (N·m / N)
        self._law = np.zeros(nv)
        self._t_switch = 0.0
        self._armed = False
        self._active = False

    def set_blend_time(self, blend_time: float) -> None:
        """Change T (s, finite, ≥ 0) for the next hand-over."""
        if not (np.isfinite(blend_time) and blend_time >= 0.0):
            raise ControlError(f"blend_time = {blend_time}: must be finite and >= 0")
        self.blend_time = float(blend_time)

    @property
    def blending(self) -> bool:
        """True while a gap is being faded out."""
        return self._active

    def fades(self, t: float, t_law: float) -> bool:
        """Whether a hand-over at ``t`` after the law's last tick at ``t_law`` is faded."""
        return self.blend_time > 0.0 and t - t_law < self.blend_time

    def start(self, t: float, tau_law) -> None:
        """The hold takes over at ``t`` (s) from a law whose torque there is ``tau_law``."""
        np.copyto(self._law, tau_law)
        self._t_switch = float(t)
        self._armed = True
        self._active = False

    def cancel(self) -> None:
        """No fade (the hold's torque is sent as it is)."""
        self._armed = self._active = False

    def apply(self, t: float, tau: np.ndarray) -> np.ndarray:
        """Add the fading gap to the hold's torque ``tau`` (in place) at time ``t`` (s)."""
        if self._armed:
            self._armed = False
            if self.blend_time > 0.0:
                np.subtract(self._law, tau, out=self.gap)
                self._active = True
        if self._active:
            w = 1.0 - (t - self._t_switch) / self.blend_time
            if w <= 0.0:
                self._active = False
            else:
                tau += min(w, 1.0) * self.gap
        return tau
