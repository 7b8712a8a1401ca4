"""The quadruped with a 2-DOF robotic tail of Liu & Ben-Tzvi by the virtual-work principle
(issue 17, docs/quadruped_tail.md; note ``seed-001-quadruped-tail.md``).

``parameters`` (QuadrupedTailParameters, the Table 1 preset with the note's §5.1 layout),
``urdf`` (the generated URDF tree: floating torso, 4 legs, tail, foot frames), ``kinematics``
(R, E, leg IK, joint/point/actuation Jacobians, J̇ q̇), ``dynamics`` (virtual-work M, C, G and
inverse dynamics, paper and exact modes) and ``model`` (QuadrupedTailModel, the mechanism
contract, kind ``quadruped_tail``).
"""

from .kinematics import (
    LEG_JOINTS,
    Kinematics,
    euler_rate_matrix,
    euler_rate_matrix_dot,
    leg_ik,
    rotation,
)
from .model import ACTIVE, ACTUATOR_NAMES, COORDINATE_NAMES, PASSIVE, QuadrupedTailModel
from .parameters import KNEE_CONVENTIONS, MODES, REDUNDANCY_MODES, QuadrupedTailParameters
from .urdf import ACTUATED_JOINTS, FOOT_FRAMES, generate_urdf

__all__ = [
    "ACTIVE",
    "ACTUATOR_NAMES",
    "COORDINATE_NAMES",
    "PASSIVE",
    "QuadrupedTailModel",
    "ACTUATED_JOINTS",
    "FOOT_FRAMES",
    "KNEE_CONVENTIONS",
    "LEG_JOINTS",
    "MODES",
    "REDUNDANCY_MODES",
    "Kinematics",
    "QuadrupedTailParameters",
    "euler_rate_matrix",
    "euler_rate_matrix_dot",
    "generate_urdf",
    "leg_ik",
    "rotation",
]
