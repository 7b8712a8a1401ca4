"""The paper's space manipulator as a URDF text: a KUKA iiwa 14 R820 on a 27 kg cubic base.

Used by the library-level scenarios (:mod:`.simulation`) to build a
:class:`~modyn_model.floating.FloatingBaseModel` (a free-flyer base + the arm, = Pinocchio's
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

__all__ = ["TABLE5", "JOINT_ORIGINS", "com_inertia", "space_iiwa_urdf", "EE_FRAME", "ARM_MOUNT"]

#: frame of the end effector
EE_FRAME = "iiwa_link_ee"
#: link_0 in the base frame (m), note §14 default
ARM_MOUNT = (0.0, 0.0, 0.15)

#: Table 5: (mass kg, [Ixx, Iyy, Izz, Iyz, Ixz, Ixy] about the link origin kg·m², CoM m)
TABLE5 = (
    (4.0, (0.1612, 0.1476, 0.0236, 0.0144, 0.0, 0.0), (0.0, -0.03, 0.12)),
    (4.0, (0.071, 0.0251, 0.0579, -0.0099, -5.04e-5, -7.08e-5), (3.0e-4, 0.059, 0.042)),
    (3.0, (0.1334, 0.1257, 0.0127, -0.0117, 0.0, 0.0), (0.0, 0.03, 0.13)),
    (2.7, (0.0452, 0.0131, 0.0411, -0.0062, 0.0, 0.0), (0.0, 0.067, 0.034)),
    (1.7, (0.0306, 0.0278, 0.0057, -0.0027, -1.292e-5, -3.57e-6), (1.0e-4, 0.021, 0.076)),
    (1.8, (0.0050, 0.0036, 0.0047, -4.320e-7, 0.0, 0.0), (0.0, 6.0e-4, 4.0e-4)),
    (0.3, (0.0011, 0.0011, 1.0e-3, 0.0, 0.0, 0.0), (0.0, 0.0, 0.02)),
)

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
    c = np.asarray(com, dtype=float)
    return i_o - mass * (c @ c * np.eye(3) - np.outer(c, c))


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
