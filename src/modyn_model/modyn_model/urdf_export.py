"""Write a model back as URDF (e.g. a modified-DH table as a description ROS tools can load).

Each moving body becomes a link whose ``<inertial>`` holds the mass, the centre of mass and the
tensor about it in link axes (the inverse of Khalil [7.12]); each joint gets the ``<origin>``
of its frame at q = 0, its axis, its limits and ``<dynamics damping friction>`` (Fv, Fc). Extras
URDF cannot hold (rotor inertia, Stribeck terms) belong in the joint-extras YAML.
"""

from __future__ import annotations

import math
from xml.sax.saxutils import quoteattr

import numpy as np

from .inertia import com_parameters

__all__ = ["to_urdf", "matrix_rpy"]


def matrix_rpy(rotation: np.ndarray) -> tuple[float, float, float]:
    """URDF roll, pitch, yaw of a rotation R = Rz(yaw) Ry(pitch) Rx(roll)."""
    r = np.asarray(rotation, dtype=float)
    pitch = math.atan2(-r[2, 0], math.hypot(r[2, 1], r[2, 2]))
    if math.hypot(r[2, 1], r[2, 2]) < 1e-12:  # gimbal lock: put everything in yaw
        return 0.0, pitch, math.atan2(-r[0, 1], r[1, 1])
    return math.atan2(r[2, 1], r[2, 2]), pitch, math.atan2(r[1, 0], r[0, 0])


def _num(x: float) -> str:
    return repr(float(x))


def _vec(values) -> str:
    return " ".join(_num(v) for v in values)


def to_urdf(model, name: str | None = None) -> str:
    """URDF text of ``model`` (moving bodies only; fixed frames are not written)."""
    base = model.root
    lines = [f"<robot name={quoteattr(name or model.name)}>", f"  <link name={quoteattr(base)}/>"]
    for j in range(model.n):
        mass, com, inertia = com_parameters(model.inertial_parameters[j])
        link = model.link_names[j]
        lines += [
            f"  <link name={quoteattr(link)}>",
            "    <inertial>",
            f'      <origin xyz="{_vec(com)}" rpy="0 0 0"/>',
            f'      <mass value="{_num(mass)}"/>',
            f'      <inertia ixx="{_num(inertia[0, 0])}" ixy="{_num(inertia[0, 1])}" '
            f'ixz="{_num(inertia[0, 2])}" iyy="{_num(inertia[1, 1])}" '
            f'iyz="{_num(inertia[1, 2])}" izz="{_num(inertia[2, 2])}"/>',
            "    </inertial>",
            "  </link>",
        ]
        parent = base if model.parents[j] < 0 else model.link_names[model.parents[j]]
        kind = "prismatic" if model.sigma[j] == 1 else "revolute"
        lower, upper = model.lower[j], model.upper[j]
        if kind == "revolute" and not (np.isfinite(lower) and np.isfinite(upper)):
            kind = "continuous"
        limit = []
        if np.isfinite(model.effort_limit[j]):
            limit.append(f'effort="{_num(model.effort_limit[j])}"')
        if np.isfinite(model.velocity_limit[j]):
            limit.append(f'velocity="{_num(model.velocity_limit[j])}"')
        if kind != "continuous":
            limit += [f'lower="{_num(lower)}"', f'upper="{_num(upper)}"']
        lines += [
            f'  <joint name={quoteattr(model.joint_names[j])} type="{kind}">',
            f"    <parent link={quoteattr(parent)}/>",
            f"    <child link={quoteattr(link)}/>",
            f'    <origin xyz="{_vec(model.joint_origins[j])}" '
            f'rpy="{_vec(matrix_rpy(model.joint_rotations[j]))}"/>',
            f'    <axis xyz="{_vec(model.axes[j])}"/>',
        ]
        if limit:
            lines.append(f"    <limit {' '.join(limit)}/>")
        if model.viscous[j] or model.coulomb[j]:
            lines.append(
                f'    <dynamics damping="{_num(model.viscous[j])}" '
                f'friction="{_num(model.coulomb[j])}"/>'
            )
        lines.append("  </joint>")
    lines.append("</robot>")
    return "\n".join(lines) + "\n"
