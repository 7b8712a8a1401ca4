"""The paper's data (Tables 3 and 5; note §10.1) and the inertia conversion between the URDF
(about the CoM) and the paper's Table 5 (about the link origin = hinge point d_k).

Table 5 lists, per iiwa 14 link, [I_xx, I_yy, I_zz, I_yz, I_xz, I_xy] about the link-frame
origin in URDF link axes (MATLAB ``rigidBody.Inertia`` order; the off-diagonal entries are
tensor entries −∫yz dm, …). They equal the URDF CoM inertia shifted by the parallel-axis
theorem (note §10.1)::

    J_O = J_C + m (|c|² I − c cᵀ)                               (c = CoM in link axes)

:func:`origin_inertia` does that shift, :func:`com_inertia` its inverse.
"""

from __future__ import annotations

import numpy as np

__all__ = [
    "BASE_MASS",
    "BASE_INERTIA",
    "BASE_SIZE",
    "TABLE5_MASS",
    "TABLE5_INERTIA",
    "TABLE5_COM",
    "MOUNT_XYZ",
    "origin_inertia",
    "com_inertia",
    "table5_row",
    "table5_parameters",
]

#: Table 3: base mass (kg), principal inertia (kg·m², isotropic), cube edge (m)
BASE_MASS = 27.0
BASE_INERTIA = 0.405
BASE_SIZE = 0.3
#: note §14 default (not in the paper): iiwa_link_0 at the top-face centre of the base (m)
MOUNT_XYZ = (0.0, 0.0, 0.15)
#: Table 5, links 1..7 (URDF order): mass (kg)
TABLE5_MASS = (4.0, 4.0, 3.0, 2.7, 1.7, 1.8, 0.3)
#: Table 5: [I_xx, I_yy, I_zz, I_yz, I_xz, I_xy] about the link origin (kg·m², as printed)
TABLE5_INERTIA = (
    (0.1612, 0.1476, 0.0236, 0.0144, 0.0, 0.0),
    (0.071, 0.0251, 0.0579, -0.0099, -5.04e-5, -7.08e-5),
    (0.1334, 0.1257, 0.0127, -0.0117, 0.0, 0.0),
    (0.0452, 0.0131, 0.0411, -0.0062, 0.0, 0.0),
    (0.0306, 0.0278, 0.0057, -0.0027, -1.292e-5, -3.57e-6),
    (0.0050, 0.0036, 0.0047, -4.320e-7, 0.0, 0.0),
    (0.0011, 0.0011, 1.0e-3, 0.0, 0.0, 0.0),
)
#: Table 5: CoM [x, y, z] in the link frame (m)
TABLE5_COM = (
    (0.0, -0.0300, 0.1200),
    (3.0e-4, 0.0590, 0.0420),
    (0.0, 0.0300, 0.1300),
    (0.0, 0.0670, 0.0340),
    (1.0e-4, 0.0210, 0.0760),
    (0.0, 6.0e-4, 4.0e-4),
    (0.0, 0.0, 0.0200),
)


def origin_inertia(mass: float, com, inertia_com) -> np.ndarray:
    """J_O (3, 3) about the link origin from the CoM inertia (3, 3) (kg·m²; parallel axis)."""
    c = np.asarray(com, dtype=float)
    return np.asarray(inertia_com, dtype=float) + mass * (c @ c * np.eye(3) - np.outer(c, c))


def com_inertia(mass: float, com, inertia_origin) -> np.ndarray:
    """J_C (3, 3) about the CoM from the inertia about the link origin (the inverse shift)."""
    c = np.asarray(com, dtype=float)
    return np.asarray(inertia_origin, dtype=float) - mass * (c @ c * np.eye(3) - np.outer(c, c))


def table5_row(j: np.ndarray) -> np.ndarray:
    """A (3, 3) inertia tensor as Table 5's [I_xx, I_yy, I_zz, I_yz, I_xz, I_xy]."""
    return np.array([j[0, 0], j[1, 1], j[2, 2], j[1, 2], j[0, 2], j[0, 1]])


def table5_parameters() -> np.ndarray:
    """The iiwa links' standard parameters (7, 10) [XX XY XZ YY YZ ZZ MX MY MZ M] straight from
    Table 5 as printed (inertia about the link origin, rounded to the paper's digits): the
    note §11 reference values assume these rather than the exact URDF inertias."""
    out = np.zeros((7, 10))
    for k, (m, inertia, com) in enumerate(
        zip(TABLE5_MASS, TABLE5_INERTIA, TABLE5_COM, strict=True)
    ):
        ixx, iyy, izz, iyz, ixz, ixy = inertia
        out[k, :6] = (ixx, ixy, ixz, iyy, iyz, izz)
        out[k, 6:9] = m * np.asarray(com)
        out[k, 9] = m
    return out
