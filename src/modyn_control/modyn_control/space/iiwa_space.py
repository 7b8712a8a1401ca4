"""The paper's space manipulator as a URDF text: a KUKA iiwa 14 R820 on a 27 kg cubic base.

Used by the library-level scenarios (:mod:`.simulation`) to build a
:class:`~modyn_model.floating.FloatingBaseModel` with the VSCMGs lumped into the base (the
repository's ``urdf/space_iiwa14.urdf`` carries the URDF's own CoM inertias and the bare 27 kg base) (a free-flyer base + the arm, = Pinocchio's
FreeFlyer) when no ``SpaceManipulatorModel`` is given; the two follow the same q/v/τ conventions.

Data (note §10.1, §14): base Table 3 (27 kg, 0.405 kg·m² isotropic, 0.3 m cube, CoM at the
origin); arm masses and CoMs of Table 5 = the iiwa 14 URDF; inertias: Table 5 gives them about
the link origins (MATLAB ``rigidBody.Inertia``: [Ixx Iyy Izz Iyz Ixz Ixy] tensor entries); the
URDF needs them about the CoM: I_C = I_O − m (|c|² I − c cᵀ) (parallel axis), which gives back the
iiwa 14 URDF diagonals (link 1: 0.1612 − 4(0.03² + 0.12²) = 0.1, …). Joint origins from the
iiwa 14 URDF (note §10.1), all axes +z; ``iiwa_link_ee`` 0.045 m above link 7. Mount: link_0 at
(0, 0, 0.15) m, identity (note §14 default, not from the paper), link_0 massless. The VSCMGs'
mass and inertia (Table 4; :meth:`CMGCluster.lumped_inertia`) can be added to the base.
"""

from __future__ import annotations

import numpy as np

from modyn_model.mechanisms.space.parameters import (
    MOUNT_XYZ,
    TABLE5_COM,
    TABLE5_INERTIA,
    TABLE5_MASS,
)
from modyn_model.mechanisms.space.parameters import com_inertia as _com_inertia

__all__ = ["TABLE5", "JOINT_ORIGINS", "com_inertia", "space_iiwa_urdf", "EE_FRAME", "ARM_MOUNT"]

#: frame of the end effector
EE_FRAME = "iiwa_link_ee"
#: link_0 in the base frame (m), note §14 default
ARM_MOUNT = tuple(MOUNT_XYZ)

#: Table 5 (modyn_model.mechanisms.space.parameters): (mass kg, [Ixx, Iyy, Izz, Iyz, Ixz, Ixy]
#: about the link origin kg·m², CoM m) per link
TABLE5 = tuple(zip(TABLE5_MASS, TABLE5_INERTIA, TABLE5_COM, strict=True))

#: iiwa 14 URDF joint origins (parent → joint frame): xyz (m), rpy (rad)
JOINT_ORIGINS = (
    ((0.0, 0.0, 0.1575), (0.0, 0.0, 0.0)),
    ((0.0, 0.0, 0.2025), (np.pi / 2, 0.0, np.pi)),
    ((0.0, 0.2045, 0.0), (np.pi / 2, 0.0, np.pi)),
    ((0.0, 0.0, 0.2155), (np.pi / 2, 0.0, 0.0)),
    ((0.0, 0.1845, 0.0), (-np.pi / 2, np.pi, 0.0)),
    ((0.0, 0.0, 0.2155), (np.pi / 2, 0.0, 0.0)),
    ((0.0, 0.081, 0.0), (-np.pi / 2, np.pi, 0.0)),
)
_LIMITS = (170, 120, 170, 120, 170, 120, 175)   # deg, iiwa 14 URDF
_EFFORT = (320, 320, 176, 176, 110, 40, 40)     # N·m, iiwa 14 URDF
_VELOCITY = (1.48, 1.48, 1.75, 1.31, 2.27, 2.36, 2.36)  # rad/s, iiwa 14 URDF


def com_inertia(mass: float, origin_inertia, com) -> np.ndarray:
    """Table 5 inertia about the link origin → inertia about the CoM (3×3, kg·m²).

    ``origin_inertia`` = [Ixx, Iyy, Izz, Iyz, Ixz, Ixy] (tensor entries, MATLAB order).
    """
    ixx, iyy, izz, iyz, ixz, ixy = origin_inertia
    i_o = np.array([[ixx, ixy, ixz], [ixy, iyy, iyz], [ixz, iyz, izz]])
    return _com_inertia(mass, com, i_o)


def _f(x) -> str:
    return " ".join(f"{float(v):.12g}" for v in x)


def space_iiwa_urdf(base_mass: float = 27.0, base_inertia=None,
                    mount=ARM_MOUNT) -> str:
    """The URDF text of base + iiwa 14 (see the module docstring).

    Parameters
    ----------
    base_mass : float
        kg (27, Table 3; add the VSCMGs' 4 × 24.66 kg to carry them).
    base_inertia : (3, 3) array_like, optional
        About the base origin = CoM (kg·m²); default 0.405 I (Table 3).
    mount : (3,) array_like
        link_0 position in the base frame (m).
    """
    ib = 0.405 * np.eye(3) if base_inertia is None else np.asarray(base_inertia, dtype=float)
    parts = ['<?xml version="1.0"?>', '<robot name="space_iiwa14">',
             '  <link name="space_base"><inertial><origin xyz="0 0 0"/>'
             f'<mass value="{base_mass:.12g}"/><inertia ixx="{ib[0, 0]:.12g}" '
             f'ixy="{ib[0, 1]:.12g}" ixz="{ib[0, 2]:.12g}" iyy="{ib[1, 1]:.12g}" '
             f'iyz="{ib[1, 2]:.12g}" izz="{ib[2, 2]:.12g}"/></inertial></link>',
             '  <link name="iiwa_link_0"/>',
             '  <joint name="iiwa_mount" type="fixed"><parent link="space_base"/>'
             f'<child link="iiwa_link_0"/><origin xyz="{_f(mount)}" rpy="0 0 0"/></joint>']
    for i, ((m, inert, com), (xyz, rpy)) in enumerate(zip(TABLE5, JOINT_ORIGINS, strict=True)):
        ic = com_inertia(m, inert, com)
        parts.append(
            f'  <link name="iiwa_link_{i + 1}"><inertial><origin xyz="{_f(com)}" rpy="0 0 0"/>'
            f'<mass value="{m:.12g}"/><inertia ixx="{ic[0, 0]:.12g}" ixy="{ic[0, 1]:.12g}" '
            f'ixz="{ic[0, 2]:.12g}" iyy="{ic[1, 1]:.12g}" iyz="{ic[1, 2]:.12g}" '
            f'izz="{ic[2, 2]:.12g}"/></inertial></link>')
        lim = np.radians(_LIMITS[i])
        parts.append(
            f'  <joint name="iiwa_joint_{i + 1}" type="revolute"><parent link="iiwa_link_{i}"/>'
            f'<child link="iiwa_link_{i + 1}"/><origin xyz="{_f(xyz)}" rpy="{_f(rpy)}"/>'
            f'<axis xyz="0 0 1"/><limit lower="{-lim:.12g}" upper="{lim:.12g}" '
            f'effort="{_EFFORT[i]}" velocity="{_VELOCITY[i]}"/></joint>')
    parts.append('  <link name="iiwa_link_ee"/>')
    parts.append('  <joint name="iiwa_joint_ee" type="fixed"><parent link="iiwa_link_7"/>'
                 '<child link="iiwa_link_ee"/><origin xyz="0 0 0.045" rpy="0 0 0"/></joint>')
    parts.append("</robot>")
    return "\n".join(parts)
