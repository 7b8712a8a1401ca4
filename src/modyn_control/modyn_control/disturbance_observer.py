"""Disturbance observer: an on-line estimate of the joint torques the model misses.

The robot obeys ``A(q) q̈ + H(q, q̇) + δ = τ`` where ``Â q̈ + Ĥ`` is the controller's model
(Khalil [7.6], [9.1]) and ``δ`` lumps everything it leaves out: unmodelled friction, a wrong
payload ([9.28]: ``(A − Â) q̈ + H − Ĥ``), contact torques. The observer tracks ``δ`` with
first-order dynamics of bandwidth ``K_o`` (rad/s) per joint,

    dδ̂/dt = K_o (δ − δ̂),    δ = τ − NE(q, q̇, q̈),

the continuous dynamics of the generalized-momentum observer (De Luca & Mattone, ICRA 2003)
and of Ohnishi's disturbance observer. It is computed here in the form that needs only the
Newton-Euler model the computed-torque laws already call (§9.4.2.5), once per tick k:

    raw_k = τ_{k−1} − NE(q̄, q̄̇, (q̇_k − q̇_{k−1}) / Δt),   q̄ = (q_k + q_{k−1})/2, q̄̇ likewise
    δ̂_k  = δ̂_{k−1} + α (raw_k − δ̂_{k−1}),                 α = 1 − exp(−K_o Δt)

τ_{k−1} is the torque applied over the last period (zero-order hold). With the torque held, the
velocity difference over the period is the mean acceleration, so on a plant that matches the
model ``raw_k`` is ``δ`` up to O(Δt²) (the midpoint state), and for a constant δ on a linear plant
it is δ exactly: δ̂_k = δ (1 − (1 − α)^k).

A computed-torque law adds δ̂ to its output (``Γ = NE(q, q̇, w) + δ̂``): when δ̂ = δ the robot
gets q̈ = w again, the decoupled double integrators of [9.23], whatever the friction or payload.
The tracking error dynamics keep their natural frequency ω_n; K_o sets how fast unknown torques
are rejected. Its practical bound is velocity noise: raw_k differentiates q̇, so a noise σ_v on
q̇ gives δ̂ a noise of about A_jj σ_v / Δt · sqrt(α / 2). A sampling gap over ``max_gap`` (s)
restarts the difference instead of using a stale sample.
"""

from __future__ import annotations

import math

import numpy as np

from modyn_model import algorithms

from .friction import FrictionTerm, checked_friction_velocity
from .law_base import plain_coordinates
from .laws import ControlError

__all__ = ["DisturbanceObserver", "ObservedLaw"]


class DisturbanceObserver:
    """δ̂, the torques ``τ − NE(q, q̇, q̈)`` the model misses (see the module docstring).

    Parameters
    ----------
    model : modyn_model.MechanismModel
        The controller's model.
    bandwidth : float or (nv,) array
        K_o per joint (rad/s, finite, ≥ 0; 0 leaves that joint's δ̂ at 0).
    friction : bool
        Whether the model's own friction is part of NE (as in the law using the observer).
    max_gap : float
        Longest sampling interval (s) the velocity difference is taken over.
    friction_velocity : {"measured", "desired"}
        As the law's: with ``"desired"`` the model's friction Γf is taken at the desired
        velocity the law used for τ_{k−1} (given to :meth:`applied`), so that δ̂ is what *that*
        law misses (:mod:`modyn_control.friction`); ``"measured"``: at the midpoint q̄̇.

    Attributes
    ----------
    estimate : (n,) ndarray
        δ̂ (N·m or N), updated in place by :meth:`update`.
    """

    def __init__(
        self,
        model,
        bandwidth,
        friction: bool = True,
        max_gap: float = 0.05,
        friction_velocity: str = "measured",
    ):
        n = model.nv
        k = np.asarray(bandwidth, dtype=float).reshape(-1)
        if k.size not in (1, n):
            raise ControlError(
                f"observer_bandwidth: {k.size} values for {n} joints (give 1 or {n})"
            )
        for i, x in enumerate(k):
            if not (math.isfinite(x) and x >= 0.0):
                raise ControlError(f"observer_bandwidth[{i}] = {x}: must be finite and >= 0")
        self.model = model
        self._plain = plain_coordinates(model)
        self.data = model.make_data()
        self.bandwidth = np.broadcast_to(k, (n,)).copy()
        self.friction = bool(friction)
        self._friction_term = (
            FrictionTerm(model)
            if self.friction and checked_friction_velocity(friction_velocity) == "desired"
            else None
        )
        self._v_friction = np.zeros(n)  # the desired velocity of τ_{k−1}'s friction
        self.max_gap = float(max_gap)
        self.estimate = np.zeros(n)
        self._applied = np.zeros(n)  # τ held since the last update
        self._q = np.zeros(model.nq)
        self._v = np.zeros(n)
        self._t: float | None = None
        self._qm = np.zeros(model.nq)
        self._vm = np.zeros(n)
        self._acc = np.zeros(n)
        self._alpha = np.zeros(n)

    def reset(self) -> None:
        """Forget δ̂ and the previous sample."""
        self.estimate.fill(0.0)
        self._t = None

    def update(self, t: float, q: np.ndarray, v: np.ndarray) -> np.ndarray:
        """Take the sample (t, q, q̇) measured after :meth:`applied`'s torque; returns δ̂."""
        t_prev = self._t
        if t_prev is not None and 0.0 < t - t_prev <= self.max_gap:
            dt = t - t_prev
            if self._plain:
                np.add(q, self._q, out=self._qm)
                self._qm *= 0.5
            else:  # the midpoint on the configuration manifold: q_{k−1} ⊕ ½ (q_k ⊖ q_{k−1})
                half = 0.5 * self.model.difference(q, self._q)
                np.copyto(self._qm, self.model.integrate(self._q, half, 1.0))
            np.add(v, self._v, out=self._vm)
            self._vm *= 0.5
            np.subtract(v, self._v, out=self._acc)
            self._acc /= dt
            term = self._friction_term
            tau = algorithms.inverse_dynamics(
                self.model,
                self.data,
                self._qm,
                self._vm,
                self._acc,
                friction=self.friction and term is None,
            )
            if term is not None:
                term.add(self._v_friction, tau)
            np.multiply(self.bandwidth, -dt, out=self._alpha)
            np.exp(self._alpha, out=self._alpha)
            np.subtract(1.0, self._alpha, out=self._alpha)  # α = 1 − exp(−K_o Δt)
            # δ̂ += α (τ_{k−1} − NE − δ̂), with the NE buffer reused as scratch
            np.subtract(self._applied, tau, out=self._acc)
            self._acc -= self.estimate
            self._acc *= self._alpha
            self.estimate += self._acc
        self._t = t
        np.copyto(self._q, q)
        np.copyto(self._v, v)
        return self.estimate

    def applied(self, tau: np.ndarray, v_desired: np.ndarray | None = None) -> None:
        """The torque sent to the robot until the next :meth:`update` (after any saturation),
        and the desired velocity its friction was computed at (``friction_velocity="desired"``;
        None keeps the previous one)."""
        np.copyto(self._applied, tau)
        if v_desired is not None:
            np.copyto(self._v_friction, v_desired)


class ObservedLaw:
    """Mixin of the computed-torque laws (before :class:`~modyn_control.law_base.ControlLaw`
    in the bases): an optional :class:`DisturbanceObserver` whose estimate the law's
    ``_compute`` adds to its torque (``out += self.observer.estimate``), fed each tick with the
    measured state and the torque actually sent."""

    observer: DisturbanceObserver | None = None

    def _init_observer(
        self, model, bandwidth, friction: bool, friction_velocity: str = "measured"
    ) -> None:
        self.observer = None
        if bandwidth is not None and np.any(np.asarray(bandwidth, dtype=float) != 0.0):
            self.observer = DisturbanceObserver(
                model, bandwidth, friction, friction_velocity=friction_velocity
            )
        self._gap = np.zeros(model.nv)

    def step(self, t: float, q, v, ref, out: np.ndarray) -> np.ndarray:
        obs = self.observer
        if obs is None:
            return super().step(t, q, v, ref, out)
        obs.update(t, q, v)
        super().step(t, q, v, ref, out)  # _compute adds δ̂ before the saturation
        obs.applied(out, ref.v)
        return out

    def applied_torque(self, tau) -> None:
        if self.observer is not None:
            self.observer.applied(tau)

    def _warm_start_gap(self, t, q, v, ref, tau) -> np.ndarray:
        """After a reset: the gap τ − (the law's torque with δ̂ = 0) at this instant, which
        goes into δ̂ when there is an observer; returns the gap."""
        gap = self._gap
        self._compute(t, q, v, ref, gap)
        np.subtract(tau, gap, out=gap)
        obs = self.observer
        if obs is not None:
            obs.update(t, q, v)  # the sample the next difference starts from
            np.copyto(obs.estimate, gap)
            obs.applied(tau, ref.v)
        return gap
