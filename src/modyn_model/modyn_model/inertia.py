"""Khalil's standard inertial parameters and their conversion from/to URDF.

A link's 10 standard parameters, all about the link origin O_j and in link axes R_j
(Khalil [7.3]), are stored in this order::

    [XX, XY, XZ, YY, YZ, ZZ, MX, MY, MZ, M]

with the inertia tensor ``J = [[XX, XY, XZ], [XY, YY, YZ], [XZ, YZ, ZZ]]`` (the products of
inertia carry their minus sign, XY = -∫xy dm, exactly like URDF's ``ixy``), the first moments
``MS = M·S`` (S = O_jG_j) and the mass M. URDF gives the mass, the centre-of-mass frame
(origin xyz/rpy in the link frame) and the tensor about the COM in COM axes; the conversion is
the parallel-axis theorem J = I_G - M Ŝ Ŝ (Khalil [7.12]).
"""

from __future__ import annotations

import numpy as np

from .errors import InertiaError
from .spatial import skew

__all__ = [
    "PARAMETER_NAMES",
    "tensor",
    "standard_parameters",
    "com_parameters",
    "transform_parameters",
    "spatial_inertia",
    "check_inertia",
]

PARAMETER_NAMES = ("XX", "XY", "XZ", "YY", "YZ", "ZZ", "MX", "MY", "MZ", "M")


def tensor(params: np.ndarray) -> np.ndarray:
    """The 3x3 tensor J about O_j from standard parameters (..., 10)."""
    p = np.asarray(params)
    xx, xy, xz, yy, yz, zz = (p[..., i] for i in range(6))
    return np.stack(
        [np.stack([xx, xy, xz], -1), np.stack([xy, yy, yz], -1), np.stack([xz, yz, zz], -1)], -2
    )


def _pack(j: np.ndarray, ms: np.ndarray, m: float) -> np.ndarray:
    return np.array([j[0, 0], j[0, 1], j[0, 2], j[1, 1], j[1, 2], j[2, 2], ms[0], ms[1], ms[2], m])


def standard_parameters(
    mass: float, com: np.ndarray, inertia_com: np.ndarray, com_rotation: np.ndarray | None = None
) -> np.ndarray:
    """Standard parameters about the link origin from URDF-style data.

    Parameters
    ----------
    mass : float
        kg.
    com : (3,)
        Centre of mass in the link frame (m).
    inertia_com : (3, 3)
        Inertia tensor about the COM, in the axes of the inertial frame (kg·m²).
    com_rotation : (3, 3), optional
        Rotation of the inertial frame in the link frame (URDF ``<inertial><origin rpy>``).
    """
    com = np.asarray(com, dtype=float)
    ig = np.asarray(inertia_com, dtype=float)
    if com_rotation is not None:
        ig = com_rotation @ ig @ com_rotation.T
    sk = skew(com)
    j = ig - mass * sk @ sk  # Khalil [7.12]
    return _pack(0.5 * (j + j.T), mass * com, mass)


def com_parameters(params: np.ndarray) -> tuple[float, np.ndarray, np.ndarray]:
    """Inverse of :func:`standard_parameters`: (mass, com, inertia about the COM in link axes)."""
    p = np.asarray(params, dtype=float)
    m = float(p[9])
    ms = p[6:9]
    if m <= 0.0:
        return m, np.zeros(3), tensor(p)
    c = ms / m
    sk = skew(c)
    return m, c, tensor(p) + m * sk @ sk


def transform_parameters(
    params: np.ndarray, rotation: np.ndarray, origin: np.ndarray
) -> np.ndarray:
    """Express a body's standard parameters about another origin and in other axes.

    Parameters
    ----------
    params : (10,)
        About O_c in axes c.
    rotation : (3, 3)
        ^aR_c.
    origin : (3,)
        ^aP_c, position of O_c in frame a (m).

    Returns
    -------
    (10,) parameters of the same body about O_a in axes a.
    """
    p = np.asarray(params, dtype=float)
    r = np.asarray(rotation, dtype=float)
    o = np.asarray(origin, dtype=float)
    m = p[9]
    s = r @ p[6:9]
    j = r @ tensor(p) @ r.T
    j = j + m * (o @ o * np.eye(3) - np.outer(o, o))
    j = j + 2.0 * (o @ s) * np.eye(3) - np.outer(s, o) - np.outer(o, s)
    return _pack(j, s + m * o, m)


def spatial_inertia(params: np.ndarray) -> np.ndarray:
    """Khalil's 6x6 spatial inertia ^j𝒥_j [7.21] for the [linear; angular] ordering."""
    p = np.asarray(params)
    out = np.zeros(p.shape[:-1] + (6, 6), dtype=p.dtype)
    out[..., :3, :3] = p[..., 9, None, None] * np.eye(3)
    msk = skew(p[..., 6:9])
    out[..., 3:, :3] = msk
    out[..., :3, 3:] = -msk  # (MŜ)ᵀ = -MŜ
    out[..., 3:, 3:] = tensor(p)
    return out


def check_inertia(mass: float, inertia_com: np.ndarray, where: str, rtol: float = 1e-6) -> None:
    """Raise :class:`InertiaError` unless the body is physically possible.

    Checks: finite values, mass > 0, no negative principal moment of the COM tensor and the
    triangle inequality I1 + I2 >= I3 (both to ``rtol`` of the trace). The limits of a real body
    are accepted: a point mass (zero tensor) and a thin rod (one zero moment), which real URDFs
    use. ``where`` names the element in the message (file and link).
    """
    ig = np.asarray(inertia_com, dtype=float)
    if not np.isfinite(mass) or not np.all(np.isfinite(ig)):
        raise InertiaError(
            f"{where}: non-finite inertial value (mass={mass}, inertia={ig.tolist()})"
        )
    if mass <= 0.0:
        raise InertiaError(f"{where}: mass must be positive, got {mass}")
    eig = np.linalg.eigvalsh(0.5 * (ig + ig.T))
    trace = float(np.sum(eig))
    # relative tolerance, with an absolute floor for the rounding noise of a point mass
    # written as a zero tensor (e.g. 1e-20 entries)
    tol = rtol * max(trace, 0.0) + 1e-15
    if eig[0] < -tol or trace < 0.0:
        raise InertiaError(
            f"{where}: inertia tensor is not positive definite: negative principal moment "
            f"(principal moments {eig.tolist()}, "
            f"ixx={ig[0, 0]}, iyy={ig[1, 1]}, izz={ig[2, 2]}, ixy={ig[0, 1]}, ixz={ig[0, 2]}, "
            f"iyz={ig[1, 2]})"
        )
    if eig[0] + eig[1] < eig[2] - tol:
        raise InertiaError(
            f"{where}: principal moments {eig.tolist()} violate the triangle inequality "
            f"I1 + I2 >= I3 ({eig[0] + eig[1]:.6g} < {eig[2]:.6g}); no rigid body has this inertia"
        )
