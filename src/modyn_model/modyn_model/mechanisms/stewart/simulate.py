"""Offline forward-dynamics simulation of the platform in twist/quaternion form (note §6.9, §10
item 8): no Euler-angle singularity.

State: platform CoM position r (m), orientation quaternion q = (w, x, y, z) (body to world) and
twist u = [v; ω] (world axes). Equations::

    ṙ = v,    q̇ = ½ (0, ω) ⊗ q,    M(r, R) u̇ = J_Cᵀ τ − C(r, R, u) u − G_B(r, R)

integrated by classical 4th-order Runge–Kutta with a fixed step; the quaternion is normalized
after every step (a projection back onto the unit sphere, second order in dt per step).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from ..ball_joint import quat_matrix, quat_multiply
from .dynamics import fast_terms, pose_potential_energy
from .kinematics import legs, rotation
from .parameters import StewartParameters

__all__ = [
    "SimulationResult",
    "simulate",
    "euler_from_matrix",
    "quaternion_from_euler",
    "twist_rates",
]


@dataclass
class SimulationResult:
    """Samples of a simulation (n + 1 of them, including the initial state).

    Attributes
    ----------
    t : (n+1,) s
    position : (n+1, 3) m
    quaternion : (n+1, 4) (w, x, y, z)
    twist : (n+1, 6) [v (m/s); ω (rad/s)], world axes
    lengths : (n+1, 6) m
    energy : (n+1,) J: KE + PE − τᵀ l (constant under constant leg forces τ)
    """

    t: np.ndarray
    position: np.ndarray
    quaternion: np.ndarray
    twist: np.ndarray
    lengths: np.ndarray
    energy: np.ndarray

    @property
    def pose(self) -> np.ndarray:
        """(n+1, 6) Euler pose x = [r, ψ, θ, φ] of the samples."""
        return np.concatenate(
            (self.position, euler_from_matrix(quat_matrix(self.quaternion))), axis=-1
        )


def euler_from_matrix(rot) -> np.ndarray:
    """[ψ, θ, φ] (..., 3) with R = Rz(ψ) Ry(θ) Rx(φ) (Lopes (4)), θ in [−π/2, π/2]."""
    rot = np.asarray(rot, dtype=float)
    return np.stack(
        (
            np.arctan2(rot[..., 1, 0], rot[..., 0, 0]),
            -np.arcsin(np.clip(rot[..., 2, 0], -1.0, 1.0)),
            np.arctan2(rot[..., 2, 1], rot[..., 2, 2]),
        ),
        axis=-1,
    )


def quaternion_from_euler(euler) -> np.ndarray:
    """The unit quaternion (w, x, y, z) of Rz(ψ) Ry(θ) Rx(φ)."""
    e = np.asarray(euler, dtype=float)
    half = 0.5 * e
    qz = np.stack((np.cos(half[..., 0]), 0 * e[..., 0], 0 * e[..., 0], np.sin(half[..., 0])), -1)
    qy = np.stack((np.cos(half[..., 1]), 0 * e[..., 1], np.sin(half[..., 1]), 0 * e[..., 1]), -1)
    qx = np.stack((np.cos(half[..., 2]), np.sin(half[..., 2]), 0 * e[..., 2], 0 * e[..., 2]), -1)
    return quat_multiply(quat_multiply(qz, qy), qx)


def twist_rates(params: StewartParameters, position, quaternion, twist, tau):
    """(ṙ, q̇, u̇) of the state under leg forces ``tau`` (6,) (N)."""
    rot = quat_matrix(quaternion)
    m, cu, g, jc, _, _ = fast_terms(params, position, rot, twist)
    rhs = np.einsum("...ji,...j->...i", jc, tau) - cu - g
    ud = np.linalg.solve(m, rhs[..., None])[..., 0]
    w = twist[..., 3:]
    omega_q = np.concatenate((np.zeros(w.shape[:-1] + (1,)), w), axis=-1)
    return twist[..., :3], 0.5 * quat_multiply(omega_q, quaternion), ud


def _energy(params, position, quaternion, twist, tau):
    rot = quat_matrix(quaternion)
    m, _, _, _, length, _ = fast_terms(params, position, rot)
    ke = 0.5 * twist @ m @ twist
    return ke + pose_potential_energy(params, position, rot) - tau @ length


def simulate(
    params: StewartParameters,
    x0,
    xd0,
    tau: np.ndarray | Callable,
    duration: float,
    dt: float,
) -> SimulationResult:
    """Integrate the platform from the Euler pose ``x0`` and rates ``xd0`` (6,) for
    ``duration`` s with RK4 steps of ``dt`` s.

    Parameters
    ----------
    tau : (6,) array or callable ``tau(t, position, quaternion, twist) -> (6,)``
        Leg forces (N); the energy column is KE + PE − τᵀl with τ at each sample (a conserved
        quantity only for constant τ).
    """
    x0 = np.asarray(x0, dtype=float)
    xd0 = np.asarray(xd0, dtype=float)
    from .kinematics import twist_map

    if callable(tau):
        force = tau
    else:
        constant = np.asarray(tau, dtype=float)

        def force(t, r, q, u):
            return constant

    r = x0[:3].copy()
    q = quaternion_from_euler(x0[3:])
    u = twist_map(x0[3:]) @ xd0
    steps = int(round(duration / dt))
    ts = np.arange(steps + 1) * dt
    out_r = np.empty((steps + 1, 3))
    out_q = np.empty((steps + 1, 4))
    out_u = np.empty((steps + 1, 6))
    out_l = np.empty((steps + 1, 6))
    out_e = np.empty(steps + 1)

    def record(k, t):
        out_r[k], out_q[k], out_u[k] = r, q, u
        out_l[k] = legs(params, r, rotation(euler_from_matrix(quat_matrix(q))))[2]
        out_e[k] = _energy(params, r, q, u, np.asarray(force(t, r, q, u), dtype=float))

    record(0, 0.0)
    for k in range(steps):
        t = ts[k]
        f = np.asarray(force(t, r, q, u), dtype=float)
        k1 = twist_rates(params, r, q, u, f)
        s2 = [a + 0.5 * dt * b for a, b in zip((r, q, u), k1, strict=True)]
        f = np.asarray(force(t + 0.5 * dt, *s2), dtype=float)
        k2 = twist_rates(params, *s2, f)
        s3 = [a + 0.5 * dt * b for a, b in zip((r, q, u), k2, strict=True)]
        k3 = twist_rates(params, *s3, f)
        s4 = [a + dt * b for a, b in zip((r, q, u), k3, strict=True)]
        f = np.asarray(force(t + dt, *s4), dtype=float)
        k4 = twist_rates(params, *s4, f)
        r, q, u = (
            a + dt / 6.0 * (b1 + 2 * b2 + 2 * b3 + b4)
            for a, b1, b2, b3, b4 in zip((r, q, u), k1, k2, k3, k4, strict=True)
        )
        q = q / np.linalg.norm(q)
        record(k + 1, ts[k + 1])
    return SimulationResult(ts, out_r, out_q, out_u, out_l, out_e)
