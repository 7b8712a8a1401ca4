"""Control of robots with elastic joints (Khalil §7.3.8; docs/elastic.md), over the optional
members of an elastic-joint model (:class:`modyn_model.mechanisms.elastic.ElasticJointModel`:
``link_model``, ``n_links``, ``stiffness``, ``rotor_inertia``, ``spring_damping``,
``motor_viscous``, ``motor_coulomb``, ``rigid_model``). The coordinates are x = [q; θ] (links,
motors), the law's output τ = [0; Γ] (the node maps it to the motors, S = [0 I]).

:class:`ElasticJointControl` (``law: elastic_joint``): motor-side PD with gravity compensation
and the exact feed-forward of the desired link motion q_d(t). The link equation [7.35a] with
the link at q_d asks the spring for τ_r = A(q_d) q̈_d + C(q_d, q̇_d) q̇_d + Q(q_d) (+ link
friction at q̇_d), so the motors must be at and move as::

    θ_d = q_d + K⁻¹ τ_r,    θ̇_d = q̇_d + K⁻¹ τ̇_r,    θ̈_d = q̈_d + K⁻¹ τ̈_r

τ̇_r and τ̈_r involve the trajectory's jerk q⁽³⁾ and snap q⁽⁴⁾ (the generator's quintic spline
is C⁴, so both exist and are continuous). The motor equation [7.35b] then gives the feed-forward,
and a PD on the motor error closes the loop (collocated: motor sensors and actuators)::

    Γ = Ia θ̈_d + Fvm θ̇_d + Fcm sign(θ̇_d) + τ_r + D_k K⁻¹ τ̇_r
        + K_p (θ_d − θ) + K_d (θ̇_d − θ̇),            K_p = J ω², K_d = 2 ζ ω J

with J = diag(A(q)) + Ia (the inertia a rigid PD of bandwidth ω would use; the ``omega``,
``zeta`` of the computed-torque laws: the same bandwidth). On the nominal model, with the robot
on the reference, q = q_d and θ = θ_d are a solution (exact up to the spring-damping term
D_k K⁻¹ τ̈_r K⁻¹, of relative size (D_k/K)² ≈ 1e-6 here). Regulation (q_d constant) is Tomei's
PD + gravity compensation at the desired configuration, θ_d = q_d + K⁻¹ Q(q_d).

**The derivatives.** A trajectory_msgs/JointTrajectory carries positions, velocities and
accelerations, not jerk nor snap, so the law differentiates τ_r(t) itself along the reference it
is given at each tick: three-point backward differences on the (possibly non-uniform) tick times
t_k, t_{k−1}, t_{k−2} — the derivatives of the parabola through the last three values: τ̇_r to
O(h²), τ̈_r to O(h) (h = the tick, 1 ms; τ_r is a smooth function of time along a C⁴ reference,
so the error is h·τ_r⁽³⁾ ≈ 1e-3 × (its third derivative), with a lag of one tick). Until three
ticks of one continuous reference are known (after a reset, or a gap longer than
``max_tick`` s) the derivatives are taken as zero. An alternative without any differentiation is
the singular-perturbation composite control (the rigid computed torque on A + Ia plus a damping
K_v (q̇ − θ̇) of the fast spring mode); this law is chosen because it inverts the elastic model
exactly and its tracking error does not scale with 1/K.

:class:`RigidComputedTorque` (``law: rigid_computed_torque``): the comparison. The existing
:class:`~modyn_control.computed_torque.ComputedTorque` [9.22] on the rigid limit of the model
(``rigid_model()``: A + Ia, motor friction on the joints), fed with the link-side measurement
and reference, its torque put on the motors: the controller a rigid-robot design gives, which
ignores the springs.

No per-tick allocation beyond the model's own calls (the link RNEA's fast path and the mass
matrix's diagonal).
"""

from __future__ import annotations

import numpy as np

from .computed_torque import ComputedTorque
from .gains import second_order_gains
from .law_base import ControlLaw, Reference
from .laws import ControlError

__all__ = [
    "ElasticJointControl",
    "RigidComputedTorque",
    "ELASTIC_MEMBERS",
    "finite_difference_weights",
]

#: what an elastic-joint model must offer these laws (optional members of the contract)
ELASTIC_MEMBERS = ("link_model", "n_links", "stiffness", "rotor_inertia", "rigid_model")


def _require_elastic(model, law: str) -> None:
    missing = [m for m in ELASTIC_MEMBERS if not hasattr(model, m)]
    if missing:
        kind = getattr(model, "kind", None) or type(model).__name__
        raise ControlError(
            f"law '{law}' needs an elastic-joint model (kind 'elastic', docs/elastic.md); model "
            f"'{model.name}' ({kind}) lacks {missing}"
        )
    if model.nq != 2 * model.n_links or model.nv != 2 * model.n_links:
        raise ControlError(
            f"law '{law}': model '{model.name}' has nq = {model.nq}, nv = {model.nv}, expected "
            f"2 × {model.n_links} (links and motors)"
        )


def finite_difference_weights(
    t0: float, t1: float, t2: float, out: np.ndarray | None = None
) -> tuple[np.ndarray, np.ndarray]:
    """Weights (w1, w2) (3,) such that f'(t0) ≈ w1 · [f0, f1, f2] and f''(t0) ≈ w2 · [...]:
    the derivatives at t0 of the parabola through (t0, f0), (t1, f1), (t2, f2), t0 > t1 > t2
    (s): exact for a quadratic, f' to O(h²) and f'' to O(h) in general. ``out`` (2, 3): written
    in place (no allocation)."""
    a, b = t0 - t1, t0 - t2  # > 0
    w = np.empty((2, 3)) if out is None else out
    w[0, 0], w[0, 1], w[0, 2] = 1.0 / a + 1.0 / b, -b / (a * (b - a)), a / (b * (b - a))
    w[1, 0], w[1, 1], w[1, 2] = 2.0 / (a * b), -2.0 / (a * (b - a)), 2.0 / (b * (b - a))
    return w[0], w[1]


class ElasticJointControl(ControlLaw):
    """Motor-side PD + gravity compensation + the elastic feed-forward (module docstring).

    Parameters
    ----------
    model : ElasticJointModel (or any model with :data:`ELASTIC_MEMBERS`)
    omega, zeta : float or (n,) array
        Bandwidth (rad/s, > 0) and damping ratio (≥ 0): K_p = J ω², K_d = 2 ζ ω J.
    feedforward : bool
        Include the feed-forward (False: Tomei's regulator Γ = K_p (θ_d − θ) − K_d θ̇ +
        Q(q_d), θ_d = q_d + K⁻¹ Q(q_d), for constant references).
    effort_limit : float or (2n,) array, optional
    max_tick : float
        Longest tick (s) over which the reference history is differentiated.

    Attributes
    ----------
    theta_d, theta_d_dot : (n,) arrays
        The motor reference of the last tick (rad, rad/s).
    """

    name = "elastic_joint"

    def __init__(
        self,
        model,
        omega,
        zeta=1.0,
        feedforward=True,
        effort_limit=None,
        max_tick=0.05,
        spring_zeta=0.7,
    ):
        _require_elastic(model, self.name)
        super().__init__(model, effort_limit)
        n = self.n = int(model.n_links)
        kp, kd = second_order_gains(omega, zeta)
        if kp.size not in (1, n):
            raise ControlError(f"omega/zeta: {kp.size} values for {n} joints (give 1 or {n})")
        self.kp_acc = np.broadcast_to(kp, (n,)).copy()  # ω² (1/s²)
        self.kd_acc = np.broadcast_to(kd, (n,)).copy()  # 2ζω (1/s)
        self.feedforward = bool(feedforward)
        if not (max_tick > 0.0):
            raise ControlError(f"max_tick = {max_tick}: must be > 0")
        self.max_tick = float(max_tick)
        if not (spring_zeta >= 0.0 and np.isfinite(spring_zeta)):
            raise ControlError(f"spring_zeta = {spring_zeta}: must be finite and ≥ 0")
        self.spring_zeta = float(spring_zeta)
        self._k_diag = np.diagonal(np.asarray(model.stiffness, dtype=float)).copy()
        self._kv = np.zeros(n)
        self.link = model.link_model
        self._fast = self.link.fast_path()
        self.k_inv = np.linalg.inv(np.asarray(model.stiffness, dtype=float))
        self.ia = np.asarray(model.rotor_inertia, dtype=float)
        self.dk = np.asarray(getattr(model, "spring_damping", np.zeros((n, n))), dtype=float)
        self.fvm = np.asarray(getattr(model, "motor_viscous", np.zeros(n)), dtype=float)
        self.fcm = np.asarray(getattr(model, "motor_coulomb", np.zeros(n)), dtype=float)
        self._link_friction = bool(np.any(self.link.viscous) or np.any(self.link.coulomb))
        # τ_r history (3, n) and its times, newest first
        self._tau = np.zeros((3, n))
        self._times = [0.0, 0.0, 0.0]
        self._count = 0
        self.tau_r = np.zeros(n)
        self.tau_r_dot = np.zeros(n)
        self.tau_r_ddot = np.zeros(n)
        self.theta_d = np.zeros(n)
        self.theta_d_dot = np.zeros(n)
        self.theta_d_ddot = np.zeros(n)
        self._a = np.zeros((n, n))
        self._j = np.zeros(n)
        self._w = np.zeros(n)
        self._w2 = np.zeros(n)
        self._fd = np.zeros((2, 3))  # finite-difference weights of the tick
        self._zero = np.zeros(n)

    def reset(self, q, v) -> None:
        self._count = 0

    def _derivatives(self, t: float) -> None:
        """τ̇_r, τ̈_r from the history (zero until three ticks of one continuous reference)."""
        times = self._times
        if self._count and t == times[0]:  # the same instant again (a re-evaluation)
            self._tau[0] = self.tau_r
        else:
            if self._count and not (0.0 < t - times[0] <= self.max_tick):
                self._count = 0  # a gap, or time going back: start the history again
            self._tau[2] = self._tau[1]
            self._tau[1] = self._tau[0]
            self._tau[0] = self.tau_r
            times[2], times[1], times[0] = times[1], times[0], t
            self._count = min(self._count + 1, 3)
        if self._count < 3:
            self.tau_r_dot.fill(0.0)
            self.tau_r_ddot.fill(0.0)
            return
        w1, w2 = finite_difference_weights(times[0], times[1], times[2], self._fd)
        np.dot(w1, self._tau, out=self.tau_r_dot)
        np.dot(w2, self._tau, out=self.tau_r_ddot)

    def _compute(self, t, q, v, ref: Reference, out) -> None:
        n = self.n
        qd, vd, ad = ref.q[:n], ref.v[:n], ref.a[:n]
        if not self.feedforward:
            vd = ad = self._zero
        # τ_r = A(q_d) q̈_d + C q̇_d + Q(q_d) (+ the links' friction at q̇_d)
        self._fast.rnea(qd, vd, ad, friction=self._link_friction, out=self.tau_r)
        if self.feedforward:
            self._derivatives(t)
        else:
            self.tau_r_dot.fill(0.0)
            self.tau_r_ddot.fill(0.0)
        np.dot(self.k_inv, self.tau_r, out=self.theta_d)
        self.theta_d += qd
        np.dot(self.k_inv, self.tau_r_dot, out=self.theta_d_dot)
        self.theta_d_dot += vd
        np.dot(self.k_inv, self.tau_r_ddot, out=self.theta_d_ddot)
        self.theta_d_ddot += ad
        gam = out[n:]
        out[:n] = 0.0
        # feed-forward [7.35b] at the motor reference
        np.multiply(self.ia, self.theta_d_ddot, out=gam)
        if self.feedforward:
            w = self._w
            np.multiply(self.fvm, self.theta_d_dot, out=w)
            gam += w
            np.sign(self.theta_d_dot, out=w)
            w *= self.fcm
            gam += w
            np.subtract(self.theta_d_dot, vd, out=w)
            np.dot(self.dk, w, out=self._w2)
            gam += self._w2
        gam += self.tau_r
        # motor PD, gains J ω², 2ζω J with J = diag(A(q)) + Ia
        self._fast.mass_matrix(q[:n], out=self._a)
        np.add(np.diagonal(self._a), self.ia, out=self._j)
        np.subtract(self.theta_d, q[n:], out=self._w)
        self._w *= self.kp_acc
        self._w *= self._j
        gam += self._w
        np.subtract(self.theta_d_dot, v[n:], out=self._w)
        self._w *= self.kd_acc
        self._w *= self._j
        gam += self._w
        if self.spring_zeta > 0.0:
            # damping of the spring modes: K_v (ż_d − ż), z = θ − q the deflection, K_v = 2 ζ_s
            # √(k_jj m_j), m_j = A_jj Ia_j / (A_jj + Ia_j) the two-mass reduced inertia
            a_jj = np.diagonal(self._a)
            np.multiply(a_jj, self.ia, out=self._kv)
            self._kv /= self._j
            self._kv *= self._k_diag
            np.sqrt(self._kv, out=self._kv)
            self._kv *= 2.0 * self.spring_zeta
            np.subtract(self.theta_d_dot, vd, out=self._w)  # ż_d
            self._w -= v[n:]
            self._w += v[:n]  # ż_d − ż
            self._w *= self._kv
            gam += self._w


class RigidComputedTorque(ControlLaw):
    """The rigid computed torque [9.22] on the link side of an elastic-joint model (module
    docstring): Γ = (Â(q) + Ia)(q̈_d + K_d ė + K_p e) + Ĉ q̇ + Q̂(q) + Γf(q̇_d), e = q_d − q, on
    the motors; the springs ignored.

    Parameters
    ----------
    model : ElasticJointModel
    omega, zeta : float or (n,) array
        Bandwidth and damping of the (rigid) error dynamics.
    effort_limit : float or (2n,) array, optional
    friction_velocity : {"desired", "measured"}
        As :class:`~modyn_control.computed_torque.ComputedTorque`.
    """

    name = "rigid_computed_torque"

    def __init__(self, model, omega, zeta=1.0, effort_limit=None, friction_velocity="desired"):
        _require_elastic(model, self.name)
        super().__init__(model, effort_limit)
        self.n = n = int(model.n_links)
        self.rigid = model.rigid_model()
        self.inner = ComputedTorque(self.rigid, omega, zeta, friction_velocity=friction_velocity)
        self._ref = Reference(np.zeros(n), np.zeros(n), np.zeros(n))
        self._out = np.zeros(n)

    def reset(self, q, v) -> None:
        self.inner.reset(q[: self.n], v[: self.n])

    def _compute(self, t, q, v, ref: Reference, out) -> None:
        n = self.n
        r = self._ref
        r.q, r.v, r.a = ref.q[:n], ref.v[:n], ref.a[:n]
        self.inner.step(t, q[:n], v[:n], r, self._out)
        out[:n] = 0.0
        out[n:] = self._out
