"""SE(3) exponential and logarithm of a free-flyer base, with quaternion orientation.

A base pose is (p, Q): the origin p of the base frame in world (m) and the unit quaternion
Q = (w, x, y, z) of R_WB. A body twist ν = [v; ω] (base axes: the velocity of the base origin
and the angular velocity) held for 1 s moves the pose by the right product M · exp6(ν), where
(Featherstone RBDA §2.9; Murray-Li-Sastry §2.4, in [linear; angular] order)

    exp6(ν) = (V(ω) v, exp3(ω)),
    V(ω) = I + a(θ) [ω]× + b(θ) [ω]×²,   a = (1 − cos θ)/θ²,  b = (θ − sin θ)/θ³,  θ = |ω|,

and its inverse is log6(p, R) = (V⁻¹(ω) p, ω) with ω = log3(R) (|ω| ≤ π) and

    V⁻¹(ω) = I − ½ [ω]× + c(θ) [ω]×²,   c = (1 − (θ/2) cot(θ/2)) / θ².

a is evaluated as 2 sin²(θ/2)/θ² (no cancellation); b and c by their Taylor series below
θ = 0.1 (the first neglected term is below 1e-15 there). Every function broadcasts over leading
batch axes.
"""

from __future__ import annotations

import numpy as np

from ..mechanisms.ball_joint import quat_exp, quat_log, quat_multiply
from ..spatial import skew

__all__ = [
    "quat_multiply",
    "quat_exp",
    "quat_log",
    "quat_conjugate",
    "exp_coefficients",
    "v_matrix",
    "v_inverse",
    "exp6_quaternion",
    "log6_quaternion",
]

_SERIES = 0.1


def quat_conjugate(q: np.ndarray) -> np.ndarray:
    """(w, −x, −y, −z) (..., 4): the inverse of a unit quaternion."""
    return np.asarray(q, dtype=float) * np.array([1.0, -1.0, -1.0, -1.0])


def exp_coefficients(theta2: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(a, b, c)(θ) of the module docstring from θ² (...)."""
    t2 = np.asarray(theta2, dtype=float)
    t = np.sqrt(t2)
    small = t < _SERIES
    safe = np.where(small, 1.0, t)
    half = np.sin(0.5 * safe)
    a = np.where(small, 0.5 - t2 / 24.0 + t2 * t2 / 720.0, 2.0 * half * half / (safe * safe))
    b = np.where(
        small,
        1.0 / 6.0 - t2 / 120.0 + t2 * t2 / 5040.0 - t2 * t2 * t2 / 362880.0,
        (safe - np.sin(safe)) / safe**3,
    )
    c = np.where(
        small,
        1.0 / 12.0 + t2 / 720.0 + t2 * t2 / 30240.0 + t2 * t2 * t2 / 1209600.0,
        (1.0 - 0.5 * safe * np.cos(0.5 * safe) / np.where(small, 1.0, half)) / (safe * safe),
    )
    return a, b, c


def v_matrix(omega: np.ndarray) -> np.ndarray:
    """V(ω) (..., 3, 3): the left Jacobian of SO(3), p = V(ω) v in exp6."""
    omega = np.asarray(omega, dtype=float)
    a, b, _ = exp_coefficients(np.einsum("...i,...i->...", omega, omega))
    w = skew(omega)
    return np.eye(3) + a[..., None, None] * w + b[..., None, None] * (w @ w)


def v_inverse(omega: np.ndarray) -> np.ndarray:
    """V⁻¹(ω) (..., 3, 3) (|ω| < 2π)."""
    omega = np.asarray(omega, dtype=float)
    _, _, c = exp_coefficients(np.einsum("...i,...i->...", omega, omega))
    w = skew(omega)
    return np.eye(3) - 0.5 * w + c[..., None, None] * (w @ w)


def exp6_quaternion(nu: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """exp6(ν) of twists ν = [v; ω] (..., 6): (translation (..., 3), unit quaternion (..., 4))."""
    nu = np.asarray(nu, dtype=float)
    v, omega = nu[..., :3], nu[..., 3:]
    p = (v_matrix(omega) @ v[..., None])[..., 0]
    return p, quat_exp(omega)


def log6_quaternion(p: np.ndarray, quat: np.ndarray) -> np.ndarray:
    """log6 of the pose (p (..., 3), unit quaternion (..., 4)): the twist [v; ω] (..., 6) with
    exp6 of it equal to the pose, |ω| ≤ π (q and −q are the same rotation)."""
    omega = quat_log(quat)
    v = (v_inverse(omega) @ np.asarray(p, dtype=float)[..., None])[..., 0]
    return np.concatenate((v, omega), axis=-1)
