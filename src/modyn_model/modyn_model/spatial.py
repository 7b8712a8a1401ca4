"""Small rigid-body helpers: skew matrices, rotations, Khalil's 6x6 screw transform.

Conventions (Khalil, ch. 7): spatial vectors are ordered [linear; angular] ([7.20]);
``R_ab`` maps frame-b coordinates to frame-a coordinates. Every function broadcasts over
leading batch axes.
"""

from __future__ import annotations

import numpy as np

__all__ = [
    "skew",
    "axis_angle_matrix",
    "rpy_matrix",
    "homogeneous",
    "screw_transform",
    "mdh_transform",
]


def skew(x: np.ndarray) -> np.ndarray:
    """Return the cross-product matrix x̂ with x̂ y = x × y; shape (..., 3) -> (..., 3, 3)."""
    x = np.asarray(x)
    out = np.zeros(x.shape + (3,), dtype=x.dtype)
    out[..., 0, 1] = -x[..., 2]
    out[..., 0, 2] = x[..., 1]
    out[..., 1, 0] = x[..., 2]
    out[..., 1, 2] = -x[..., 0]
    out[..., 2, 0] = -x[..., 1]
    out[..., 2, 1] = x[..., 0]
    return out


def axis_angle_matrix(axis: np.ndarray, angle: np.ndarray) -> np.ndarray:
    """Rotation of ``angle`` (rad) about the unit ``axis`` (Rodrigues), (...,) -> (..., 3, 3)."""
    axis = np.asarray(axis, dtype=float)
    angle = np.asarray(angle)
    k = skew(axis)
    k2 = k @ k
    s = np.sin(angle)[..., None, None]
    c = np.cos(angle)[..., None, None]
    return np.eye(3) + s * k + (1.0 - c) * k2


def rpy_matrix(rpy: np.ndarray) -> np.ndarray:
    """URDF roll-pitch-yaw to rotation: Rz(yaw) @ Ry(pitch) @ Rx(roll)."""
    r, p, y = (float(v) for v in rpy)
    cr, sr, cp, sp, cy, sy = np.cos(r), np.sin(r), np.cos(p), np.sin(p), np.cos(y), np.sin(y)
    return np.array(
        [
            [cy * cp, cy * sp * sr - sy * cr, cy * sp * cr + sy * sr],
            [sy * cp, sy * sp * sr + cy * cr, sy * sp * cr - cy * sr],
            [-sp, cp * sr, cp * cr],
        ]
    )


def homogeneous(rotation: np.ndarray, translation: np.ndarray) -> np.ndarray:
    """4x4 homogeneous transform from a rotation (..., 3, 3) and a translation (..., 3)."""
    rotation = np.asarray(rotation)
    translation = np.asarray(translation)
    shape = np.broadcast_shapes(rotation.shape[:-2], translation.shape[:-1])
    out = np.zeros(shape + (4, 4), dtype=np.result_type(rotation, translation))
    out[..., :3, :3] = rotation
    out[..., :3, 3] = translation
    out[..., 3, 3] = 1.0
    return out


def screw_transform(r_child_parent: np.ndarray, p_parent_child: np.ndarray) -> np.ndarray:
    """Khalil's screw transformation ^jT_{j-1} [7.23a].

    Parameters
    ----------
    r_child_parent : (..., 3, 3)
        ^jR_{j-1}, maps parent coordinates to child coordinates.
    p_parent_child : (..., 3)
        ^{j-1}P_j, origin of the child frame in the parent frame (m).

    Returns
    -------
    (..., 6, 6) matrix mapping a parent twist [V; ω] at O_{j-1} to the same rigid motion
    expressed at O_j in child axes. Its transpose maps child wrenches to the parent.
    """
    r = np.asarray(r_child_parent)
    p = np.asarray(p_parent_child)
    shape = np.broadcast_shapes(r.shape[:-2], p.shape[:-1])
    out = np.zeros(shape + (6, 6), dtype=np.result_type(r, p))
    out[..., :3, :3] = r
    out[..., 3:, 3:] = r
    out[..., :3, 3:] = -r @ skew(p)  # [7.23a]
    return out


def _exact_cos_sin(angle: float, tol: float = 1e-9) -> tuple[float, float]:
    """cos and sin, exact (0, ±1) when the angle is within ``tol`` of a multiple of π/2.

    Tables written with ten digits of π/2 mean π/2; exact zeros keep the structural zeros of a
    modified-DH robot, which the customized model (Khalil §7.5.2) relies on.
    """
    quarter = angle / (np.pi / 2.0)
    k = round(quarter)
    if abs(angle - k * np.pi / 2.0) < tol:
        return ((1.0, 0.0), (0.0, 1.0), (-1.0, 0.0), (0.0, -1.0))[k % 4]
    return float(np.cos(angle)), float(np.sin(angle))


def mdh_transform(alpha: float, d: float, theta: float, r: float) -> np.ndarray:
    """Khalil-Kleinfinger modified DH: Rot(x, α) Trans(x, d) Rot(z, θ) Trans(z, r) (4x4)."""
    ca, sa = _exact_cos_sin(alpha)
    ct, st = _exact_cos_sin(theta)
    return np.array(
        [
            [ct, -st, 0.0, d],
            [ca * st, ca * ct, -sa, -r * sa],
            [sa * st, sa * ct, ca, r * ca],
            [0.0, 0.0, 0.0, 1.0],
        ]
    )
