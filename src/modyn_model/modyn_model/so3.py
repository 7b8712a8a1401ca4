"""Rotations: the exponential and logarithm of SO(3) and unit quaternions, in one place.

Conventions (ARCHITECTURE §3): rotation matrices R map frame-b coordinates to frame-a
coordinates (``R_ab``); a rotation vector is w = α u (rad) with 0 <= α <= π and u a unit axis;
quaternions are ordered **(w, x, y, z)**, scalar first, as in transforms3d. ROS messages
(geometry_msgs/Quaternion) carry (x, y, z, w): convert them where the message is read, with
:func:`quaternion_from_xyzw`, and back with :func:`quaternion_to_xyzw`.

* :func:`rotation_exp` — Rodrigues' formula,
  exp(ŵ) = I + sin α û + (1 − cos α) û²                     (û = skew(u))
* :func:`rotation_log` — its inverse, Khalil [8.51] (from [2.34]-[2.37]): cos α = (tr R − 1)/2,
  2 sin α u = [R32 − R23, R13 − R31, R21 − R12], α = atan2(sin α, cos α); for α > π/2 the axis
  comes from the symmetric part (R + Rᵀ)/2 − cos α I = (1 − cos α) u uᵀ, which stays accurate
  near α = π where sin α vanishes, its sign from the antisymmetric part.
* :func:`rotation_error` — log(R_d Rᵀ), the rotation vector (base axes) that turns R into R_d.
* :func:`quaternion_to_matrix` / :func:`matrix_to_quaternion` — the unit quaternion
  q = (cos α/2, sin α/2 u) and its matrix (Shepperd's branch choice for the inverse, w >= 0).

Every function broadcasts over leading batch axes. Pure numpy, no ROS.
"""

from __future__ import annotations

import math

import numpy as np

from .errors import StateError
from .spatial import skew

__all__ = [
    "rotation_exp",
    "rotation_log",
    "rotation_error",
    "quaternion_to_matrix",
    "matrix_to_quaternion",
    "quaternion_from_xyzw",
    "quaternion_to_xyzw",
    "check_unit_quaternion",
]

#: |‖q‖ − 1| accepted by :func:`check_unit_quaternion` before it normalises (message rounding).
QUATERNION_NORM_TOLERANCE = 1e-3


# ----------------------------------------------------------------------------- exp / log
def rotation_exp(rotation_vector) -> np.ndarray:
    """Rotation matrix rot(u, α) of the rotation vector α u (Rodrigues), (..., 3) -> (..., 3, 3).

    Parameters
    ----------
    rotation_vector : (..., 3) array
        α u (rad); any length (angles beyond π wrap, as the exponential does).

    Returns
    -------
    (..., 3, 3) array
        The identity for a zero vector.
    """
    w = np.asarray(rotation_vector, dtype=float)
    if w.shape == (3,):  # one rotation: scalar arithmetic (planners call this per sample)
        angle = math.sqrt(float(w @ w))
        if angle == 0.0:
            return np.eye(3)
        k = np.array([[0.0, -w[2], w[1]], [w[2], 0.0, -w[0]], [-w[1], w[0], 0.0]]) / angle
        return np.eye(3) + math.sin(angle) * k + (1.0 - math.cos(angle)) * (k @ k)
    angle = np.sqrt(np.einsum("...i,...i->...", w, w))
    safe = np.where(angle > 0.0, angle, 1.0)
    k = skew(w / safe[..., None])  # zero where the angle is zero: exp(0) = I
    s = np.sin(angle)[..., None, None]
    c = np.cos(angle)[..., None, None]
    return np.eye(3) + s * k + (1.0 - c) * (k @ k)


def _log_one(r: np.ndarray) -> np.ndarray:
    """:func:`rotation_log` of one (3, 3) matrix with Python floats (no batch machinery)."""
    (r00, r01, r02), (r10, r11, r12), (r20, r21, r22) = r.tolist()
    c = 0.5 * (r00 + r11 + r22 - 1.0)
    vx, vy, vz = 0.5 * (r21 - r12), 0.5 * (r02 - r20), 0.5 * (r10 - r01)  # sin α u
    s = math.sqrt(vx * vx + vy * vy + vz * vz)
    angle = math.atan2(s, c)  # Khalil [8.51]
    if c >= 0.0:
        ratio = angle / s if s > 0.0 else 1.0  # α / sin α -> 1 as α -> 0
        return np.array([vx * ratio, vy * ratio, vz * ratio])
    # α > π/2: the largest column of (1 − cos α) u uᵀ, signed by sin α u
    b = 0.5 * (r + r.T)
    b[0, 0] -= c
    b[1, 1] -= c
    b[2, 2] -= c
    k = int(np.argmax(np.diagonal(b)))
    ux, uy, uz = b[:, k].tolist()
    norm = math.sqrt(ux * ux + uy * uy + uz * uz)
    sign = -1.0 if ux * vx + uy * vy + uz * vz < 0.0 else 1.0
    f = sign * angle / norm
    return np.array([ux * f, uy * f, uz * f])


def rotation_log(rotation) -> np.ndarray:
    """Rotation vector α u of rotation matrices, 0 <= α <= π (rad); (..., 3, 3) -> (..., 3).

    See the module docstring for the formulas (Khalil [8.51] with the near-π branch).

    Parameters
    ----------
    rotation : (..., 3, 3) array
        Rotation matrices.

    Returns
    -------
    (..., 3) array
        α u (rad), in the axes R acts on (for R = A^iᵀ A^f: the end-effector frame at the
        start, as in Khalil [8.49]). Zero for the identity.
    """
    r = np.asarray(rotation, dtype=float)
    if r.shape == (3, 3):
        return _log_one(r)
    c = 0.5 * (r[..., 0, 0] + r[..., 1, 1] + r[..., 2, 2] - 1.0)
    v = 0.5 * np.stack(
        [r[..., 2, 1] - r[..., 1, 2], r[..., 0, 2] - r[..., 2, 0], r[..., 1, 0] - r[..., 0, 1]],
        axis=-1,
    )  # sin α u
    s = np.sqrt(np.einsum("...i,...i->...", v, v))
    angle = np.arctan2(s, c)  # Khalil [8.51]
    # α <= π/2: u = v / sin α is accurate, and α / sin α -> 1 as α -> 0
    ratio = np.divide(angle, s, out=np.ones_like(s), where=s > 0.0)
    out = v * ratio[..., None]
    wide = c < 0.0
    if np.any(wide):
        rw, cw, vw = r[wide], c[wide], v[wide]
        b = 0.5 * (rw + np.swapaxes(rw, -1, -2)) - cw[:, None, None] * np.eye(3)  # (1−cα) u uᵀ
        k = np.argmax(np.diagonal(b, axis1=-2, axis2=-1), axis=-1)
        u = np.take_along_axis(b, k[:, None, None], axis=-1)[..., 0]
        u /= np.linalg.norm(u, axis=-1, keepdims=True)
        u *= np.where(np.einsum("...i,...i->...", u, vw) < 0.0, -1.0, 1.0)[:, None]
        out[wide] = angle[wide][:, None] * u
    return out


def rotation_error(rotation_desired, rotation) -> np.ndarray:
    """θu = log(R_d Rᵀ) (..., 3), rad, base axes: the rotation that takes R to R_d.

    To first order its derivative is ω_d − ω, which makes it the orientation error of task-space
    laws and of the inverse kinematics.
    """
    r_d = np.asarray(rotation_desired, dtype=float)
    r = np.asarray(rotation, dtype=float)
    return rotation_log(r_d @ np.swapaxes(r, -1, -2))


# ----------------------------------------------------------------------------- quaternions
def quaternion_from_xyzw(xyzw) -> np.ndarray:
    """(x, y, z, w) of a ROS message -> the library's (w, x, y, z); (..., 4), no normalisation."""
    q = np.asarray(xyzw, dtype=float)
    return np.concatenate([q[..., 3:], q[..., :3]], axis=-1)


def quaternion_to_xyzw(wxyz) -> np.ndarray:
    """The library's (w, x, y, z) -> (x, y, z, w) for a ROS message; (..., 4)."""
    q = np.asarray(wxyz, dtype=float)
    return np.concatenate([q[..., 1:], q[..., :1]], axis=-1)


def check_unit_quaternion(quaternion, what: str = "quaternion (w, x, y, z)") -> np.ndarray:
    """``quaternion`` (4,) finite and of norm 1 within 1e-3, returned normalised.

    Raises :class:`~modyn_model.errors.StateError` naming ``what`` and the value otherwise
    (the all-zero quaternion of a default-constructed message included).
    """
    q = np.array(quaternion, dtype=float)
    if q.shape != (4,):
        raise StateError(f"{what}: shape {q.shape}, expected (4,)")
    bad = np.flatnonzero(~np.isfinite(q))
    if bad.size:
        raise StateError(f"{what}[{int(bad[0])}] is {q[bad[0]]}")
    norm = math.sqrt(float(q @ q))
    if abs(norm - 1.0) > QUATERNION_NORM_TOLERANCE:
        raise StateError(f"{what} = {tuple(q.tolist())} has norm {norm:.6g}: not a unit quaternion")
    return q / norm


def quaternion_to_matrix(quaternion) -> np.ndarray:
    """Rotation matrix of unit quaternions (w, x, y, z); (..., 4) -> (..., 3, 3).

    The quaternion is used as given (normalise it first, e.g. with
    :func:`check_unit_quaternion`); q and −q give the same matrix.
    """
    q = np.asarray(quaternion, dtype=float)
    w, x, y, z = q[..., 0], q[..., 1], q[..., 2], q[..., 3]
    out = np.empty(q.shape[:-1] + (3, 3))
    out[..., 0, 0] = 1.0 - 2.0 * (y * y + z * z)
    out[..., 0, 1] = 2.0 * (x * y - z * w)
    out[..., 0, 2] = 2.0 * (x * z + y * w)
    out[..., 1, 0] = 2.0 * (x * y + z * w)
    out[..., 1, 1] = 1.0 - 2.0 * (x * x + z * z)
    out[..., 1, 2] = 2.0 * (y * z - x * w)
    out[..., 2, 0] = 2.0 * (x * z - y * w)
    out[..., 2, 1] = 2.0 * (y * z + x * w)
    out[..., 2, 2] = 1.0 - 2.0 * (x * x + y * y)
    return out


def matrix_to_quaternion(rotation) -> np.ndarray:
    """Unit quaternion (w, x, y, z) with w >= 0 of rotation matrices; (..., 3, 3) -> (..., 4).

    Shepperd's method: of 4w², 4x², 4y², 4z² (each 1 + a signed combination of the diagonal)
    the largest is taken for the square root and the other components come from the off-diagonal
    sums and differences divided by it, so no division by a small number occurs at any angle.
    """
    r = np.asarray(rotation, dtype=float)
    shape = r.shape[:-2]
    r = r.reshape((-1, 3, 3))
    r00, r11, r22 = r[:, 0, 0], r[:, 1, 1], r[:, 2, 2]
    squares = np.stack(  # 4w², 4x², 4y², 4z²
        [
            1.0 + r00 + r11 + r22,
            1.0 + r00 - r11 - r22,
            1.0 - r00 + r11 - r22,
            1.0 - r00 - r11 + r22,
        ],
        axis=-1,
    )
    k = np.argmax(squares, axis=-1)
    big = 0.5 * np.sqrt(np.take_along_axis(squares, k[:, None], axis=-1)[:, 0])  # the largest
    quarter = 0.25 / big
    d21, d02, d10 = r[:, 2, 1] - r[:, 1, 2], r[:, 0, 2] - r[:, 2, 0], r[:, 1, 0] - r[:, 0, 1]
    s21, s02, s10 = r[:, 2, 1] + r[:, 1, 2], r[:, 0, 2] + r[:, 2, 0], r[:, 1, 0] + r[:, 0, 1]
    out = np.empty((r.shape[0], 4))
    # rows: which component is the largest; each row lists (w, x, y, z)
    cases = (
        (big, d21 * quarter, d02 * quarter, d10 * quarter),
        (d21 * quarter, big, s10 * quarter, s02 * quarter),
        (d02 * quarter, s10 * quarter, big, s21 * quarter),
        (d10 * quarter, s02 * quarter, s21 * quarter, big),
    )
    for case, values in enumerate(cases):
        sel = k == case
        if np.any(sel):
            out[sel] = np.stack([x[sel] for x in values], axis=-1)
    out *= np.where(out[:, :1] < 0.0, -1.0, 1.0)  # the w >= 0 representative
    return out.reshape(shape + (4,))
