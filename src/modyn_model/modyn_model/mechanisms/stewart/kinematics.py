"""Kinematics of the 6-UPS platform (Lopes (3)-(9), (30)-(40), (59)-(62); note §3-§4).

Pose x = [x, y, z, ψ, θ, φ] (m, rad): the platform CoM in {B} and intrinsic Z-Y′-X″ Euler angles,
R = Rz(ψ) Ry(θ) Rx(φ) (Lopes (4)). Twist u = [v; ω] = T ẋ, T = blockdiag(E₃, J_A) (Lopes (8),
(9), (23)), world axes. Every function is batched over leading axes of its state arguments; the
six legs are a numpy axis (no Python loop over legs).
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass

import numpy as np

from ...errors import ModelError, StateError
from .parameters import StewartParameters

__all__ = [
    "StewartSingularityWarning",
    "ForwardKinematicsReport",
    "skew",
    "rotation",
    "euler_rate_matrix",
    "euler_rate_matrix_dot",
    "twist_map",
    "twist_map_dot",
    "legs",
    "inverse_kinematics",
    "leg_rates",
    "leg_accelerations",
    "jacobian_c",
    "jacobian_e",
    "forward_kinematics",
]


class StewartSingularityWarning(UserWarning):
    """The platform is near a singular pose (cond(J_C) large) or a leg's frame is undefined."""


@dataclass(frozen=True)
class ForwardKinematicsReport:
    """What :func:`forward_kinematics` did: ``converged``, ``iterations`` (Newton steps),
    ``residual`` (max |l(x) − l_target|, m) and ``condition`` (cond(J_C) at the solution)."""

    converged: bool
    iterations: int
    residual: float
    condition: float


def skew(a: np.ndarray) -> np.ndarray:
    """ã (..., 3, 3) with ã b = a × b (Lopes (38))."""
    a = np.asarray(a, dtype=float)
    out = np.zeros(a.shape + (3,))
    out[..., 0, 1] = -a[..., 2]
    out[..., 0, 2] = a[..., 1]
    out[..., 1, 0] = a[..., 2]
    out[..., 1, 2] = -a[..., 0]
    out[..., 2, 0] = -a[..., 1]
    out[..., 2, 1] = a[..., 0]
    return out


def rotation(euler) -> np.ndarray:
    """ᴮR_P = Rz(ψ) Ry(θ) Rx(φ) (..., 3, 3) of euler = [ψ, θ, φ] (rad), Lopes (4)."""
    e = np.asarray(euler, dtype=float)
    cps, sps = np.cos(e[..., 0]), np.sin(e[..., 0])
    cth, sth = np.cos(e[..., 1]), np.sin(e[..., 1])
    cph, sph = np.cos(e[..., 2]), np.sin(e[..., 2])
    out = np.empty(e.shape[:-1] + (3, 3))
    out[..., 0, 0] = cps * cth
    out[..., 0, 1] = cps * sth * sph - sps * cph
    out[..., 0, 2] = cps * sth * cph + sps * sph
    out[..., 1, 0] = sps * cth
    out[..., 1, 1] = sps * sth * sph + cps * cph
    out[..., 1, 2] = sps * sth * cph - cps * sph
    out[..., 2, 0] = -sth
    out[..., 2, 1] = cth * sph
    out[..., 2, 2] = cth * cph
    return out


def euler_rate_matrix(euler) -> np.ndarray:
    """J_A (..., 3, 3) with ω = J_A [ψ̇, θ̇, φ̇] (Lopes (9)); det J_A = −cos θ (note §3)."""
    e = np.asarray(euler, dtype=float)
    cps, sps = np.cos(e[..., 0]), np.sin(e[..., 0])
    cth, sth = np.cos(e[..., 1]), np.sin(e[..., 1])
    out = np.zeros(e.shape[:-1] + (3, 3))
    out[..., 0, 1] = -sps
    out[..., 0, 2] = cth * cps
    out[..., 1, 1] = cps
    out[..., 1, 2] = cth * sps
    out[..., 2, 0] = 1.0
    out[..., 2, 2] = -sth
    return out


def euler_rate_matrix_dot(euler, euler_rate) -> np.ndarray:
    """J̇_A (..., 3, 3) along the Euler rates (note §3)."""
    e = np.asarray(euler, dtype=float)
    r = np.asarray(euler_rate, dtype=float)
    cps, sps = np.cos(e[..., 0]), np.sin(e[..., 0])
    cth, sth = np.cos(e[..., 1]), np.sin(e[..., 1])
    dps, dth = r[..., 0], r[..., 1]
    shape = np.broadcast_shapes(e.shape[:-1], r.shape[:-1])
    out = np.zeros(shape + (3, 3))
    out[..., 0, 1] = -cps * dps
    out[..., 0, 2] = -sth * dth * cps - cth * sps * dps
    out[..., 1, 1] = -sps * dps
    out[..., 1, 2] = -sth * dth * sps + cth * cps * dps
    out[..., 2, 2] = -cth * dth
    return out


def twist_map(euler) -> np.ndarray:
    """T = blockdiag(E₃, J_A) (..., 6, 6), u = T ẋ (Lopes (23))."""
    ja = euler_rate_matrix(euler)
    out = np.zeros(ja.shape[:-2] + (6, 6))
    out[..., 0, 0] = out[..., 1, 1] = out[..., 2, 2] = 1.0
    out[..., 3:, 3:] = ja
    return out


def twist_map_dot(euler, euler_rate) -> np.ndarray:
    """Ṫ = blockdiag(0₃, J̇_A) (..., 6, 6) (note §3)."""
    jad = euler_rate_matrix_dot(euler, euler_rate)
    out = np.zeros(jad.shape[:-2] + (6, 6))
    out[..., 3:, 3:] = jad
    return out


def legs(params: StewartParameters, pos, rot):
    """(p, l_vec, l, l̂) of every leg for platform position ``pos`` (..., 3) and rotation ``rot``
    (..., 3, 3): p_i = R ᴾp_i (..., 6, 3), l_i = x_pos + p_i − b_i (Lopes (31)), l_i = |l_i|
    (..., 6) and l̂_i = l_i / l_i (Lopes (30))."""
    p = np.einsum("...ij,kj->...ki", rot, params.platform_points)
    lvec = np.asarray(pos)[..., None, :] + p - params.base_points
    length = np.sqrt(np.einsum("...i,...i->...", lvec, lvec))
    return p, lvec, length, lvec / length[..., None]


def _split(x) -> tuple[np.ndarray, np.ndarray]:
    x = np.asarray(x, dtype=float)
    if x.shape[-1:] != (6,):
        raise StateError(f"a platform pose must have last dimension 6, got shape {x.shape}")
    return x[..., :3], x[..., 3:]


def inverse_kinematics(params: StewartParameters, x) -> np.ndarray:
    """Leg lengths l (..., 6) (m) at pose x (Lopes (30)-(31))."""
    pos, e = _split(x)
    return legs(params, pos, rotation(e))[2]


def jacobian_c(params: StewartParameters, x) -> np.ndarray:
    """J_C (..., 6, 6): l̇ = J_C u, row i = [l̂_iᵀ, (p_i × l̂_i)ᵀ] (Lopes (6), note §4.2)."""
    pos, e = _split(x)
    p, _, _, n = legs(params, pos, rotation(e))
    return np.concatenate((n, np.cross(p, n)), axis=-1)


def jacobian_e(params: StewartParameters, x) -> np.ndarray:
    """J_E = J_C T (..., 6, 6): l̇ = J_E ẋ (Lopes (5))."""
    return jacobian_c(params, x) @ twist_map(np.asarray(x, dtype=float)[..., 3:])


def leg_rates(params: StewartParameters, x, xd) -> np.ndarray:
    """l̇ = J_E ẋ (..., 6) (m/s)."""
    return np.einsum("...ij,...j->...i", jacobian_e(params, x), np.asarray(xd, dtype=float))


def leg_accelerations(params: StewartParameters, x, xd, xdd) -> np.ndarray:
    """l̈ (..., 6) (m/s²): l̈_i = l̂_iᵀ a_Pi + (|v_Pi|² − l̇_i²)/l_i, with
    a_Pi = a + α × p_i + ω × (ω × p_i), α = J_A ẍ_o + J̇_A ẋ_o (note §4.3)."""
    pos, e = _split(x)
    xd = np.asarray(xd, dtype=float)
    xdd = np.asarray(xdd, dtype=float)
    p, _, length, n = legs(params, pos, rotation(e))
    ja = euler_rate_matrix(e)
    w = np.einsum("...ij,...j->...i", ja, xd[..., 3:])
    alpha = np.einsum("...ij,...j->...i", ja, xdd[..., 3:]) + np.einsum(
        "...ij,...j->...i", euler_rate_matrix_dot(e, xd[..., 3:]), xd[..., 3:]
    )
    vp = xd[..., None, :3] + np.cross(w[..., None, :], p)
    ap = (
        xdd[..., None, :3]
        + np.cross(alpha[..., None, :], p)
        + np.cross(w[..., None, :], np.cross(w[..., None, :], p))
    )
    ld = np.einsum("...i,...i->...", n, vp)
    return (
        np.einsum("...i,...i->...", n, ap) + (np.einsum("...i,...i->...", vp, vp) - ld**2) / length
    )


def forward_kinematics(
    params: StewartParameters,
    lengths,
    x0=None,
    tol: float = 1e-12,
    max_iter: int = 50,
) -> tuple[np.ndarray, ForwardKinematicsReport]:
    """The pose x (6,) whose leg lengths are ``lengths`` (6,), by Newton–Raphson on J_E
    (note §4.8): x ← x − J_E(x)⁻¹ (l(x) − l_target), from ``x0`` (default: the centred pose at
    the height where the legs' mean length is reached).

    Returns
    -------
    x : (6,) ndarray
    report : ForwardKinematicsReport

    Raises
    ------
    ModelError
        When Newton does not converge to ``tol`` (m) in ``max_iter`` steps (no pose has these
        leg lengths, or x0 is too far), naming the lengths; or on bad input.

    Warns
    -----
    StewartSingularityWarning
        When cond(J_C) > 1e6 at the solution (an ill-conditioned, near-singular pose).
    """
    target = np.asarray(lengths, dtype=float)
    if target.shape != (6,) or not np.isfinite(target).all() or (target <= 0).any():
        raise ModelError(
            f"forward_kinematics: leg lengths must be 6 finite values > 0 m, got {lengths!r}"
        )
    if x0 is None:
        # centred, level platform at the height where the mean leg reaches the mean length
        d = params.platform_points[:, :2] - params.base_points[:, :2]
        horiz = float(np.mean(np.sum(d**2, axis=1)))
        z = np.sqrt(max(float(np.mean(target**2)) - horiz, 1e-6))
        x = np.array([0.0, 0.0, z, 0.0, 0.0, 0.0])
    else:
        x = np.array(x0, dtype=float)
        if x.shape != (6,) or not np.isfinite(x).all():
            raise ModelError(f"forward_kinematics: x0 must be 6 finite numbers, got {x0!r}")
    residual = np.inf
    for it in range(max_iter + 1):
        err = inverse_kinematics(params, x) - target
        residual = float(np.max(np.abs(err)))
        if residual <= tol:
            break
        if it == max_iter:
            break
        try:
            step = np.linalg.solve(jacobian_e(params, x), err)
        except np.linalg.LinAlgError:
            break
        x = x - step
        if not np.isfinite(x).all():
            break
    if not residual <= tol:
        raise ModelError(
            f"forward_kinematics: no convergence to leg lengths {np.round(target, 6).tolist()} m "
            f"in {max_iter} Newton steps (residual {residual:.3g} m): no pose reaches them, or "
            f"x0 is too far from the pose"
        )
    cond = float(np.linalg.cond(jacobian_c(params, x)))
    if cond > 1e6:
        warnings.warn(
            f"forward_kinematics: near-singular pose {np.round(x, 6).tolist()}: cond(J_C) = "
            f"{cond:.3g}",
            StewartSingularityWarning,
            stacklevel=2,
        )
    return x, ForwardKinematicsReport(True, it, residual, cond)
