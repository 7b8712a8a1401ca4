"""Control laws of the free-flying space manipulator (paper §4, note §9), plain numpy, no ROS.

Conventions are the floating-base contract's (:class:`~modyn_model.floating.FloatingBaseModel`,
``SpaceManipulatorModel``): q = [p (3), Q = (w, x, y, z) of R_WB, joints], v = [v_B, ω_B (base
axes), joint rates], τ[:6] = [force; moment about the base origin] (base axes).

Pose error (eqs. (43)–(44), corrected, note §9.1, errata A20). For a body at (R, r) and its
reference (R_d, r_d), the unit DQ error ê = q̂_d* ∘ q̂ = e_q + (ε/2) e_q ∘ e_r with::

    e_q = q_d* ∘ q  (chosen with e_q0 ≥ 0: the shortest rotation, no unwinding)
    e_r = Rᵀ (r − r_d)     (current minus desired, body axes; the paper's r_d − r has the wrong
                            sign and frame)

and the paper's decoupled logarithm (Table 1; NOT the SE(3) screw log)::

    lg ê = [½ φ n̂ ; ½ e_r]                     (e_q = (cos φ/2, sin φ/2 n̂))

Velocity error (eq. (45) corrected, A21): ω̂_e = ω̂ − ê* ∘ ω̂_d ∘ ê, the relative twist in body
axes; the paper's ω̂_d − ω̂ gives positive velocity feedback with (46)/(47).

DQ-PD law with the swap (eqs. (46)/(47), A22): the log's real part is a rotation and its dual
part a translation, while a wrench f̂ = F + εT has the force first; the physically consistent law
swaps and uses block gains::

    F = −k_pt (½ e_r) − k_dt v_e,    T = −k_pr (½ φ n̂) − k_dr ω_e

With k_p = 2 m ω_n² (the 2 undoes the ½ of the log) and k_d = 2 ζ ω_n m (note §14), a free
rigid body of mass m (inertia J for the rotation) closes each axis with natural frequency ω_n
and damping ratio ζ.

Base (eq. (47), A23: the paper's index i is the base's error, and its f̂₀ clashes with eq. (23);
here ``feedforward``)::

    f̂_cmd = −k_p lg ê_B − k_d ω̂_B − f̂_arm  →  [F; T] = PD + W_ff,

where W_ff = Γ(q, v, [0₆, q̈_arm])[:6] is the base wrench that keeps the base unaccelerated under
the arm's motion (the RNEA base rows, note §6: "the wrench that external actuators must apply").
Allocation chain (48) → (49) → (42): thrusters take F by the LP of eq. (49) (force only; their
torque H_t σ is a by-product), the CMGs take T − H_t σ by the steering law (42).

Arm (eq. (46)), both readings of note §9.1:

* (a) joint level: the relative pose error of each revolute hinge is a rotation by θ − θ_d
  about its axis, lg ê_i = [½ (θ−θ_d) ẑ; 0], and τ_i = Ĥ_iᵀ P û_i gives
  τ = −(k_p/2)(θ − θ_d) − k_d (θ̇ − θ̇_d);
* (b) task space: the DQ-PD wrench of the end effector mapped by the geometric Jacobian,
  τ = Jᵀ [R F; R T], plus a joint PD in the null space of J (the 7-dof arm's self motion).

Both add the computed-torque feed-forward τ_ff = Γ(q, v, [0₆, q̈_d])[6:].
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from modyn_model.dualquat import dqconj, dqfrom_pose, dqlog, dqmul, qfrom_matrix
from modyn_model.so3 import quaternion_to_matrix

from ..laws import ControlError

__all__ = [
    "dq_error",
    "dq_log_error",
    "relative_twist",
    "dq_pd_wrench",
    "pd_gains",
    "BaseDQPD",
    "BaseActuation",
    "ActuationCommand",
    "ArmJointDQPD",
    "ArmTaskDQPD",
    "arm_feedforward",
    "base_reaction_feedforward",
    "wrap_angle",
]


def dq_error(qhat, qhat_d) -> np.ndarray:
    """ê = q̂_d* ∘ q̂ (8,) (eq. (43)), sign chosen so that e_q0 ≥ 0 (shortest rotation: q̂ and −q̂
    are the same pose; the paper does not say, note §2.1)."""
    e = dqmul(dqconj(qhat_d), qhat)
    return -e if e[0] < 0.0 else e


def dq_log_error(R, r, R_d, r_d) -> np.ndarray:
    """lg ê = [½ φ n̂ ; ½ e_r] (6,) of the error ê = q̂_d* ∘ q̂ (eqs. (43)–(44) corrected).

    Computed with the DQ library: q̂ = q + (ε/2) r ∘ q (eq. (4)), ê by :func:`dq_error`, and the
    paper's decoupled log ``dqlog`` (Table 1), whose dual part e_q* ∘ (½ e_q ∘ e_r) = ½ e_r with
    e_r = Rᵀ (r − r_d) (current minus desired, body axes; the paper's r_d − r is erratum A20).

    Parameters
    ----------
    R, r : (3, 3), (3,)
        Current orientation and position (world).
    R_d, r_d : (3, 3), (3,)
        Desired orientation and position (world).

    Returns
    -------
    (6,) array: ½ φ n̂ (rad; n̂ is the same in body and desired axes) and ½ Rᵀ(r − r_d) (m).
    """
    e = dq_error(dqfrom_pose(qfrom_matrix(np.asarray(R)), r),
                 dqfrom_pose(qfrom_matrix(np.asarray(R_d)), r_d))
    lg = dqlog(e)
    out = np.empty(6)
    out[:3] = lg[1:4]
    out[3:] = lg[5:8]
    return out


def relative_twist(R, r, omega, vel, R_d, r_d, omega_d=None, vel_d=None) -> np.ndarray:
    """ω̂_e = ω̂ − ê* ∘ ω̂_d ∘ ê (eq. (45) corrected) as [ω_e; v_e] (6,), body axes.

    ``omega``, ``vel``: the body's angular velocity and its origin's velocity in BODY axes (the
    DQ twist ω̂ = ω + ε v of eq. (5)); ``omega_d``, ``vel_d``: the reference's, in the reference's
    axes (None: at rest). With R_e = R_dᵀ R and e_r = Rᵀ (r − r_d), the adjoint of note §2.3
    gives ê* ∘ ω̂_d ∘ ê = [R_eᵀ ω_d; R_eᵀ v_d − e_r × R_eᵀ ω_d].
    """
    out = np.concatenate([np.asarray(omega, float), np.asarray(vel, float)])
    if omega_d is None and vel_d is None:
        return out
    R_e = np.asarray(R_d).T @ np.asarray(R)
    e_r = np.asarray(R).T @ (np.asarray(r) - np.asarray(r_d))
    wd = R_e.T @ (np.zeros(3) if omega_d is None else np.asarray(omega_d, float))
    vd = R_e.T @ (np.zeros(3) if vel_d is None else np.asarray(vel_d, float))
    out[:3] -= wd
    out[3:] -= vd - np.cross(e_r, wd)
    return out


def dq_pd_wrench(log_err, twist_err, kp_t, kd_t, kp_r, kd_r) -> np.ndarray:
    """[F; T] (6,) = swap of −(K_p ⊙ lg ê + K_d ⊙ ω̂_e) (eqs. (46)/(47) with the swap, A22).

    Gains may be scalars or 3×3 matrices (N/m, N·s/m, N·m/rad, N·m·s/rad); the log's ½ is
    included in ``log_err``, so k_p = 2 m ω_n² gives ω_n.
    """
    F = -(np.asarray(kp_t) @ log_err[3:] if np.ndim(kp_t) == 2 else kp_t * log_err[3:])
    F -= np.asarray(kd_t) @ twist_err[3:] if np.ndim(kd_t) == 2 else kd_t * twist_err[3:]
    T = -(np.asarray(kp_r) @ log_err[:3] if np.ndim(kp_r) == 2 else kp_r * log_err[:3])
    T -= np.asarray(kd_r) @ twist_err[:3] if np.ndim(kd_r) == 2 else kd_r * twist_err[:3]
    return np.concatenate([F, T])


def pd_gains(inertia, omega_n: float, zeta: float):
    """(k_p, k_d) = (2 I ω_n², 2 ζ ω_n I) for a DQ-PD on the decoupled log (note §14)."""
    if not (omega_n > 0.0 and zeta >= 0.0 and math.isfinite(omega_n) and math.isfinite(zeta)):
        raise ControlError(f"space gains: omega_n = {omega_n} must be > 0 and zeta = {zeta} >= 0")
    inertia = np.asarray(inertia, dtype=float)
    return 2.0 * inertia * omega_n**2, 2.0 * zeta * omega_n * inertia


def wrap_angle(x):
    """Angles wrapped to (−π, π] (the DQ log's shortest rotation of a revolute hinge)."""
    return np.mod(np.asarray(x) + np.pi, 2.0 * np.pi) - np.pi


def arm_feedforward(model, q, v, qdd_arm, out=None) -> np.ndarray:
    """Γ(q, v, [0₆, q̈_arm]) (nv,): the base wrench that holds the base unaccelerated while the
    arm accelerates at q̈_arm (rows :6, minus the arm's reaction f̂_arm of eq. (47)) and the
    computed-torque arm torques (rows 6:), from the contract's inverse dynamics (RNEA)."""
    a = np.zeros(model.nv)
    a[6:] = qdd_arm
    tau = model.inverse_dynamics(q, v, a)
    if out is not None:
        out[:] = tau
        return out
    return tau


def base_reaction_feedforward(model, q, v, tau_arm) -> np.ndarray:
    """The base wrench [F; T] (6,) that keeps the base unaccelerated under the arm torques
    ``tau_arm`` actually commanded (the full-system reading of eq. (47)'s f̂₀, note §9.2).

    With M = [[M_bb, M_ba], [M_ab, M_aa]] and h = Γ(q, v, 0): v̇_b = 0 requires
    a_a = M_aa⁻¹ (τ_a − h_a) and W = h_b + M_ba a_a = Γ(q, v, [0, a_a])[:6]. Unlike
    Γ(q, v, [0, q̈_d]) it includes the reaction of the arm's feedback torques.
    """
    M = model.mass_matrix(q)
    h = model.inverse_dynamics(q, v, None)
    a_a = np.linalg.solve(M[6:, 6:], np.asarray(tau_arm) - h[6:])
    return h[:6] + M[:6, 6:] @ a_a


class BaseDQPD:
    """Base pose hold/tracking, eq. (47) with the swap: [F; T] = DQ-PD + feed-forward.

    Parameters
    ----------
    mass : float
        The system mass seen by the base (kg; base + arm + actuators).
    inertia : (3, 3) array_like
        The rotational inertia about the base origin (kg·m²).
    omega_n, zeta : float
        Natural frequency (rad/s) and damping ratio of each axis (note §14: 1–2 rad/s, 0.9).
    """

    def __init__(self, mass: float, inertia, omega_n: float = 1.5, zeta: float = 0.9,
                 omega_n_rot: float | None = None):
        self.kp_t, self.kd_t = pd_gains(mass, omega_n, zeta)
        self.kp_r, self.kd_r = pd_gains(np.asarray(inertia, float), omega_n_rot or omega_n, zeta)

    def wrench(self, q, v, R_d=None, r_d=None, feedforward=None) -> np.ndarray:
        """[F; T] (6,) on the base, base axes, for the contract's q and v (base rows).

        ``R_d``, ``r_d``: the desired base pose (default: identity at the origin, the paper's
        initial pose); ``feedforward``: W_ff (6,) (:func:`arm_feedforward` rows :6) or None.
        """
        R = quaternion_to_matrix(np.asarray(q[3:7]))
        R_d = np.eye(3) if R_d is None else R_d
        r_d = np.zeros(3) if r_d is None else r_d
        lg = dq_log_error(R, q[:3], R_d, r_d)
        tw = relative_twist(R, q[:3], v[3:6], v[:3], R_d, r_d)
        w = dq_pd_wrench(lg, tw, self.kp_t, self.kd_t, self.kp_r, self.kd_r)
        if feedforward is not None:
            w += feedforward
        return w


@dataclass(frozen=True)
class ActuationCommand:
    """One pass of the allocation chain (48) → (49) → (42).

    ``sigma`` (S,) N; ``gimbal_rate`` (K,) rad/s; ``wheel_accel`` (K,) rad/s²; ``wrench`` the
    [F; T] (N, N·m, base axes) these realise (H σ + [0; τ_cmg]); ``demand`` the demanded [F; T];
    ``thrusters`` and ``cmgs`` the :class:`AllocationResult` and :class:`SteeringResult`;
    ``messages`` the diagnostics (empty when both are nominal).
    """

    sigma: np.ndarray
    gimbal_rate: np.ndarray
    wheel_accel: np.ndarray
    wrench: np.ndarray
    demand: np.ndarray
    thrusters: object
    cmgs: object
    messages: tuple[str, ...]


class BaseActuation:
    """The allocation chain of eqs. (48) → (49) → (42) over a thruster and a VSCMG cluster."""

    def __init__(self, thrusters, cmgs):
        self.thrusters = thrusters
        self.cmgs = cmgs

    def allocate(self, wrench, gamma, Omega, omega, t: float = 0.0) -> ActuationCommand:
        """Thrusts and CMG rates for the base wrench ``wrench`` = [F; T] (base axes).

        1. eq. (49): σ = argmin Σσ s.t. H_f σ = F, σ_min ≤ σ ≤ σ_max (best feasible F when
           saturated);
        2. eq. (48): τ_cmg = T − H_t σ (the torque left to the CMGs);
        3. eq. (42): [γ̇; Ω̇] realising τ_cmg (SR inverse, limits).
        """
        wrench = np.asarray(wrench, dtype=float)
        alloc = self.thrusters.allocate(wrench[:3], wrench[3:])
        t_cmg = wrench[3:] - alloc.wrench[3:]
        steer = self.cmgs.steer(t_cmg, gamma, Omega, omega, t)
        realised = alloc.wrench.copy()
        realised[3:] += steer.torque
        msgs = tuple(m for m in (alloc.message, steer.message) if m)
        return ActuationCommand(alloc.sigma, steer.gimbal_rate, steer.wheel_accel, realised,
                                wrench, alloc, steer, msgs)


class ArmJointDQPD:
    """Reading (a) of eq. (46): per-hinge DQ-PD = joint PD τ = −(k_p/2) wrap(θ−θ_d) − k_d (θ̇−θ̇_d),
    plus the computed-torque feed-forward (given by the caller)."""

    def __init__(self, kp, kd):
        self.kp = np.asarray(kp, dtype=float)
        self.kd = np.asarray(kd, dtype=float)
        if np.any(self.kp < 0) or np.any(self.kd < 0):
            raise ControlError(f"arm gains kp = {self.kp}, kd = {self.kd} must be >= 0")

    def torque(self, theta, theta_dot, theta_d, theta_dot_d, feedforward=None) -> np.ndarray:
        """τ (n,) N·m (eq. (46) reading (a))."""
        tau = -0.5 * self.kp * wrap_angle(np.asarray(theta) - theta_d) \
            - self.kd * (np.asarray(theta_dot) - theta_dot_d)
        if feedforward is not None:
            tau += feedforward
        return tau


class ArmTaskDQPD:
    """Reading (b) of eq. (46): the end effector's DQ-PD wrench through Jᵀ, + null-space joint PD.

    τ = J_aᵀ [R F; R T] + Nᵀ (−k_pn wrap(θ−θ_d) − k_dn (θ̇−θ̇_d)),   N = I − J_a⁺ J_a

    with J_a the EE's world-aligned Jacobian (arm columns), [F; T] the DQ-PD wrench in EE axes
    (:func:`dq_pd_wrench`; 3×3 gain matrices allowed) and a joint PD on the self motion only
    (k_pn, k_dn scalars or per joint).
    """

    def __init__(self, frame: str, kp_t, kd_t, kp_r, kd_r, kp_null=10.0, kd_null=2.0):
        self.frame = frame
        self.gains = (kp_t, kd_t, kp_r, kd_r)
        self.kp_null = np.asarray(kp_null, dtype=float)
        self.kd_null = np.asarray(kd_null, dtype=float)

    def torque(self, model, q, v, pose_d, twist_d, theta_d, theta_dot_d,
               feedforward=None) -> np.ndarray:
        """τ_arm (n,) N·m. ``pose_d`` = (R_d, r_d) world; ``twist_d`` = (ω_d, ṙ_d) world."""
        T, J, _ = model.frame_motion(q, v, self.frame)
        R, r = T[:3, :3], T[:3, 3]
        R_d, r_d = pose_d
        tw_world = J @ v
        lg = dq_log_error(R, r, R_d, r_d)
        tw = relative_twist(R, r, R.T @ tw_world[3:], R.T @ tw_world[:3], R_d, r_d,
                            R_d.T @ twist_d[0], R_d.T @ twist_d[1])
        w = dq_pd_wrench(lg, tw, *self.gains)
        Ja = J[:, 6:]
        tau = Ja.T @ np.concatenate([R @ w[:3], R @ w[3:]])
        pinv = np.linalg.pinv(Ja, rcond=1e-6)
        null = np.eye(Ja.shape[1]) - pinv @ Ja
        tau += null.T @ (-self.kp_null * wrap_angle(q[7:] - theta_d)
                         - self.kd_null * (v[6:] - theta_dot_d))
        if feedforward is not None:
            tau += feedforward
        return tau
