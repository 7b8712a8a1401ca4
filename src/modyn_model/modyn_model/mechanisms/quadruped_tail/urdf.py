"""The quadruped with a tail as a URDF tree (note §6.1 item 1): generated from the parameters.

The root link ``torso`` is the floating base (a loader adds the free-flyer joint: Pinocchio's
``JointModelFreeFlyer``, :class:`modyn_model.floating.FloatingBaseModel`); its frame is ΣP with
the origin at P, which is the torso's centre of mass (Table 1 inertia, a box). Each leg i is::

    torso --leg{i}_hip_a (revolute, axis +y, at a_i)--> leg{i}_hip
          --leg{i}_hip_b (revolute, axis −x)----------> leg{i}_thigh     b^(P) = R_y R_x(−θ_hb)(−l_th e_z)
          --leg{i}_knee  (revolute, at −l_th e_z)-----> leg{i}_shank
          --leg{i}_foot  (fixed, at −l_sh e_z)--------> foot{i}         (the frame pinned at d_i)

so that the joint values are the leg angles of :func:`.kinematics.leg_ik`: the knee joint turns the
shank by R_x(κ − π) relative to the thigh, as ``rpy = (π, 0, 0)`` and axis +x with value κ
(interior convention), or axis −x with value π − κ (deflection convention). Thigh and shank are
uniform rods (note §3.2: the (m/3, m/6) lumping is exact for them): mass at mid-length,
I = m L²/12 about the two transverse axes, 0 about the axial one. The tail::

    torso --tail_a (revolute, axis +x, at r^(P))--> tail_yoke (massless)
          --tail_b (revolute, axis +z)------------> tail  (massless rod, a point mass m_t at
                                                           −l_t e_y = the tip, Eq. (10))
          --tail_tip_joint (fixed, at −l_t e_y)---> tail_tip

Massless links carry no ``<inertial>``.
"""

from __future__ import annotations

import numpy as np

from .parameters import QuadrupedTailParameters

__all__ = ["generate_urdf", "LEG_JOINT_NAMES", "TAIL_JOINT_NAMES", "FOOT_FRAMES", "ACTUATED_JOINTS"]

LEG_JOINT_NAMES = tuple(f"leg{i}_{j}" for i in range(1, 5) for j in ("hip_a", "hip_b", "knee"))
TAIL_JOINT_NAMES = ("tail_a", "tail_b")
#: the 14 actuated joints, in the order of the model's actuators
ACTUATED_JOINTS = LEG_JOINT_NAMES + TAIL_JOINT_NAMES
FOOT_FRAMES = tuple(f"foot{i}" for i in range(1, 5))


def _f(x: float) -> str:
    return repr(float(x))


def _vec(v) -> str:
    return " ".join(_f(x) for x in v)


def _inertial(mass: float, com, diag) -> str:
    ixx, iyy, izz = diag
    return (
        f'    <inertial>\n      <origin xyz="{_vec(com)}" rpy="0 0 0"/>\n'
        f'      <mass value="{_f(mass)}"/>\n'
        f'      <inertia ixx="{_f(ixx)}" ixy="0" ixz="0" iyy="{_f(iyy)}" iyz="0" izz="{_f(izz)}"/>'
        "\n    </inertial>\n"
    )


def _link(name: str, inertial: str = "") -> str:
    return (
        f'  <link name="{name}">\n{inertial}  </link>\n'
        if inertial
        else f'  <link name="{name}"/>\n'
    )


def _joint(name, kind, parent, child, xyz=(0, 0, 0), rpy=(0, 0, 0), axis=None, limit=None):
    text = f'  <joint name="{name}" type="{kind}">\n'
    text += f'    <parent link="{parent}"/>\n    <child link="{child}"/>\n'
    text += f'    <origin xyz="{_vec(xyz)}" rpy="{_vec(rpy)}"/>\n'
    if axis is not None:
        text += f'    <axis xyz="{_vec(axis)}"/>\n'
    if limit is not None:
        text += f'    <limit effort="{_f(limit)}" velocity="100.0" lower="-6.3" upper="6.3"/>\n'
    return text + "  </joint>\n"


def generate_urdf(params: QuadrupedTailParameters, name: str = "quadruped_tail") -> str:
    """The URDF text of the robot (see the module docstring); joint names as
    :data:`ACTUATED_JOINTS`, foot frames :data:`FOOT_FRAMES`. Effort limits: the parameters'
    ``torque_limit`` (1e6 N·m where infinite: URDF needs a number)."""
    p = params
    limits = np.where(np.isfinite(p.torque_limit), p.torque_limit, 1e6)
    ib = p.torso_inertia
    out = [f'<?xml version="1.0"?>\n<robot name="{name}">\n']
    torso = _inertial(p.m_b, (0, 0, 0), (ib[0, 0], ib[1, 1], ib[2, 2]))
    if np.count_nonzero(ib - np.diag(np.diag(ib))):
        torso = torso.replace(
            'ixy="0" ixz="0"', f'ixy="{_f(ib[0, 1])}" ixz="{_f(ib[0, 2])}"'
        ).replace('iyz="0"', f'iyz="{_f(ib[1, 2])}"')
    out.append(_link("torso", torso))
    knee_rpy, knee_axis = (
        ((np.pi, 0, 0), (1, 0, 0)) if p.knee == "interior" else ((0, 0, 0), (-1, 0, 0))
    )
    for i in range(4):
        leg = f"leg{i + 1}"
        rod_th = p.m_th * p.l_th**2 / 12.0
        rod_sh = p.m_sh * p.l_sh**2 / 12.0
        lim = limits[3 * i : 3 * i + 3]
        out.append(_link(f"{leg}_hip"))
        out.append(
            _link(f"{leg}_thigh", _inertial(p.m_th, (0, 0, -0.5 * p.l_th), (rod_th, rod_th, 0.0)))
        )
        out.append(
            _link(f"{leg}_shank", _inertial(p.m_sh, (0, 0, -0.5 * p.l_sh), (rod_sh, rod_sh, 0.0)))
        )
        out.append(_link(f"foot{i + 1}"))
        out.append(
            _joint(
                f"{leg}_hip_a",
                "revolute",
                "torso",
                f"{leg}_hip",
                xyz=p.hips[i],
                axis=(0, 1, 0),
                limit=lim[0],
            )
        )
        out.append(
            _joint(
                f"{leg}_hip_b",
                "revolute",
                f"{leg}_hip",
                f"{leg}_thigh",
                axis=(-1, 0, 0),
                limit=lim[1],
            )
        )
        out.append(
            _joint(
                f"{leg}_knee",
                "revolute",
                f"{leg}_thigh",
                f"{leg}_shank",
                xyz=(0, 0, -p.l_th),
                rpy=knee_rpy,
                axis=knee_axis,
                limit=lim[2],
            )
        )
        out.append(
            _joint(f"{leg}_foot", "fixed", f"{leg}_shank", f"foot{i + 1}", xyz=(0, 0, -p.l_sh))
        )
    out.append(_link("tail_yoke"))
    out.append(_link("tail", _inertial(p.m_t, (0, -p.l_t, 0), (0.0, 0.0, 0.0))))
    out.append(_link("tail_tip"))
    out.append(
        _joint(
            "tail_a",
            "revolute",
            "torso",
            "tail_yoke",
            xyz=p.tail_mount,
            axis=(1, 0, 0),
            limit=limits[12],
        )
    )
    out.append(_joint("tail_b", "revolute", "tail_yoke", "tail", axis=(0, 0, 1), limit=limits[13]))
    out.append(_joint("tail_tip_joint", "fixed", "tail", "tail_tip", xyz=(0, -p.l_t, 0)))
    out.append("</robot>\n")
    return "".join(out)
