"""Redundant inverse kinematics of the arm on a held base: damped least squares + null space.

The paper runs "IK" from the Viviani path to each joint's target pose without saying how (note
§9.1, §10.3). Here, for the end-effector frame with world-aligned Jacobian J_a (6×n, the arm's
columns of the contract's ``frame_motion``) at the base's desired pose::

    e = [r_d − r ; θu(R_d Rᵀ)]                     (world axes; rotation_error)
    θ̇ = J_a⁺ (ẋ_d + K e) + (I − J_a⁺ J_a) k_n (θ_seed − θ)                     (resolved rate)
    Δθ = J_a⁺ e + (I − J_a⁺ J_a) k_n (θ_seed − θ)                               (position IK)

with J_a⁺ the damped least-squares inverse of :func:`modyn_control.task_space.damped_pinv`
(= J⁺ away from singularities, bounded near them). The null-space term pulls the 7-dof arm's
self motion towards θ_seed (note §14: [0, 0.5, 0, −1.6, 0, 1.0, 0], which gives
θ(0) = [0, 0.2652, 0, −1.5307, 0, 1.3456, 0] at the curve's start with the tool pointing down).
An unreachable target gives the best configuration found, status "unreachable" and a message
with the residual; never a NaN.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from modyn_model.so3 import rotation_error

from ..task_space import damped_pinv

__all__ = ["RedundantIK", "IKResult", "TOOL_DOWN", "IK_SEED"]

#: EE orientation along the path (note §14 default: tool z pointing −z_world; x along −x)
TOOL_DOWN = np.diag([-1.0, 1.0, -1.0])
#: null-space seed (note §14), URDF joint order
IK_SEED = np.array([0.0, 0.5, 0.0, -1.6, 0.0, 1.0, 0.0])


@dataclass(frozen=True)
class IKResult:
    """``theta`` (n,) rad; ``error`` (6,) the final [position m; rotation rad] error; ``status``
    "converged" or "unreachable"; ``iterations``; ``message``."""

    theta: np.ndarray
    error: np.ndarray
    status: str
    iterations: int
    message: str = ""


class RedundantIK:
    """DLS + null-space IK of ``frame`` for a floating-base contract model with the base held.

    Parameters
    ----------
    model : MechanismModel
        Floating-base model (q = [p, Q, θ]).
    frame : str
        End-effector frame.
    base_q : (7,) array_like, optional
        The held base pose [p, Q] (default: identity at the origin).
    seed : (n,) array_like
        Null-space attractor θ_seed.
    epsilon, lambda_max : float
        DLS thresholds (singular value below which damping starts, its maximum).
    null_gain : float
        k_n (1/s for the rate form, dimensionless per iteration for the position form).
    """

    def __init__(self, model, frame: str, base_q=None, seed=IK_SEED, epsilon: float = 0.02,
                 lambda_max: float = 0.05, null_gain: float = 1.0):
        self.model = model
        self.frame = frame
        self._q = model.neutral().copy()
        if base_q is not None:
            self._q[:7] = base_q
        self.seed = np.asarray(seed, dtype=float)
        self.epsilon = epsilon
        self.lambda_max = lambda_max
        self.null_gain = null_gain
        self._zero_v = np.zeros(model.nv)

    def _kin(self, theta):
        self._q[7:] = theta
        T, J, _ = self.model.frame_motion(self._q, self._zero_v, self.frame)
        return T, J[:, 6:]

    def error(self, theta, R_d, r_d) -> np.ndarray:
        """[r_d − r; θu(R_d Rᵀ)] (6,) world axes."""
        T, _ = self._kin(theta)
        return np.concatenate([np.asarray(r_d) - T[:3, 3], rotation_error(R_d, T[:3, :3])])

    def _step(self, theta, task_rate, null_gain):
        _, Ja = self._kin(theta)
        pinv = damped_pinv(Ja, self.epsilon, self.lambda_max)
        null = np.eye(Ja.shape[1]) - pinv @ Ja
        return pinv @ task_rate + null @ (null_gain * (self.seed - theta))

    def solve(self, R_d, r_d, theta0=None, tol: float = 1e-10, max_iter: int = 200) -> IKResult:
        """Position IK (Newton steps with DLS, null-space pull to the seed)."""
        theta = (self.seed if theta0 is None else np.asarray(theta0, float)).copy()
        err = self.error(theta, R_d, r_d)
        best, best_err = theta.copy(), err
        for it in range(1, max_iter + 1):
            # the pull to the seed fades out so that the last iterations are pure Newton steps
            theta = theta + self._step(theta, err, self.null_gain * (0.2 if it < 50 else 0.0))
            err = self.error(theta, R_d, r_d)
            if np.linalg.norm(err) < np.linalg.norm(best_err):
                best, best_err = theta.copy(), err
            if np.linalg.norm(err) < tol:
                return IKResult(theta, err, "converged", it)
        theta, err = best, best_err  # the best configuration found
        msg = (f"IK of {self.frame}: target r = {np.round(r_d, 4).tolist()} m not reached; best "
               f"residual |e_r| = {np.linalg.norm(err[:3]):.3g} m, |e_R| = "
               f"{np.linalg.norm(err[3:]):.3g} rad after {max_iter} iterations")
        return IKResult(theta, err, "unreachable", max_iter, msg)

    def _rate(self, theta, R_d, r_d, v_d, gain, null_scale=1.0):
        """The resolved rate θ̇ = J_a⁺ (ẋ_d + K e) + s (I − J_a⁺ J_a) k_n (θ_seed − θ) (rad/s)
        and the error e (6,), from one kinematics evaluation (s: ``null_scale``)."""
        T, Ja = self._kin(theta)
        e = np.concatenate([np.asarray(r_d) - T[:3, 3], rotation_error(R_d, T[:3, :3])])
        pinv = damped_pinv(Ja, self.epsilon, self.lambda_max)
        null = np.eye(Ja.shape[1]) - pinv @ Ja
        rate = np.concatenate([v_d, np.zeros(3)]) + gain * e
        return pinv @ rate + null @ ((null_scale * self.null_gain) * (self.seed - theta)), e

    def track(self, times, positions, velocities, R_d, theta0, gain: float = 50.0,
              substeps: int = 1, null_scale=None):
        """Resolved-rate tracking of a path sampled at ``times`` (s).

        ``positions``/``velocities`` (N, 3) world (the EE reference), ``R_d`` constant (3, 3).
        Returns (θ_d, θ̇_d, θ̈_d, e) (N, n) each and the (N, 6) IK error; θ̈_d by central
        differences of θ̇_d (second order). ``null_scale`` (N,), optional, scales the null-space
        pull per sample (linear in between): the self-motion k_n (θ_seed − θ) never stops by
        itself (it decays with 1/k_n = 1 s), so a path that starts or ends at rest gives joint
        motion there unless the pull fades with the path's speed (e.g. its phase rate
        normalised, 0 at rest).

        The ODE θ̇ = f(t, θ) of the resolved rate is integrated by classical RK4 (``substeps``
        steps per sample interval) with the path between two samples the cubic Hermite
        interpolant of their positions and velocities, so that θ̇_d[k] = f(t_k, θ_d[k]) is the
        derivative of θ_d: a reference whose velocity is not the derivative of its position
        makes a PD tracker lag (steady error K_d δθ̇ / K_p). The earlier explicit Euler scheme
        (the path evaluated at the end of each sub-step) left the IK a sub-step h ahead of the
        path (e ≈ −ẋ_d h at the samples), so its θ̇_d = J⁺(ẋ_d + K e) was (1 − K h) = 6 % short
        of dθ_d/dt at K = 50 1/s, h = 1.25 ms: the controller (K_d/K_p = 2ζ/ω = 90 ms) then
        followed the curve 5 ms late (docs/space_manipulator.md, "The reference lag").
        """
        times = np.asarray(times, dtype=float)
        positions = np.asarray(positions, dtype=float)
        velocities = np.asarray(velocities, dtype=float)
        if substeps < 1:
            raise ValueError(f"substeps = {substeps}: must be >= 1")
        n_t = times.size
        n = self.seed.size
        th = np.empty((n_t, n))
        thd = np.empty((n_t, n))
        errs = np.empty((n_t, 6))
        theta = np.asarray(theta0, dtype=float).copy()
        scale = (np.ones(n_t) if null_scale is None
                 else np.broadcast_to(np.asarray(null_scale, dtype=float), (n_t,)))

        def path(k, s, span):
            """Cubic Hermite position and velocity at fraction s of interval k (length span)."""
            s2, s3 = s * s, s * s * s
            p0, p1 = positions[k], positions[k + 1]
            m0, m1 = span * velocities[k], span * velocities[k + 1]
            r = ((2 * s3 - 3 * s2 + 1) * p0 + (s3 - 2 * s2 + s) * m0
                 + (-2 * s3 + 3 * s2) * p1 + (s3 - s2) * m1)
            v = ((6 * s2 - 6 * s) * p0 + (3 * s2 - 4 * s + 1) * m0
                 + (-6 * s2 + 6 * s) * p1 + (3 * s2 - 2 * s) * m1) / span
            return r, v, gain, (1.0 - s) * scale[k] + s * scale[k + 1]

        for k in range(n_t):
            thd[k], errs[k] = self._rate(theta, R_d, positions[k], velocities[k], gain, scale[k])
            th[k] = theta
            if k + 1 == n_t:
                break
            span = times[k + 1] - times[k]
            h = span / substeps
            k1 = thd[k]
            for j in range(substeps):
                s0 = j / substeps
                if j > 0:
                    k1, _ = self._rate(theta, R_d, *path(k, s0, span))
                k2, _ = self._rate(theta + 0.5 * h * k1, R_d, *path(k, s0 + 0.5 / substeps, span))
                k3, _ = self._rate(theta + 0.5 * h * k2, R_d, *path(k, s0 + 0.5 / substeps, span))
                k4, _ = self._rate(theta + h * k3, R_d, *path(k, s0 + 1.0 / substeps, span))
                theta = theta + (h / 6.0) * (k1 + 2.0 * k2 + 2.0 * k3 + k4)
        thdd = np.gradient(thd, times, axis=0, edge_order=2)
        return th, thd, thdd, errs
