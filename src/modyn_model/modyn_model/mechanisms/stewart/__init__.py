"""The 6-UPS Stewart platform by Lopes' generalized-momentum approach (issue 15, docs/stewart.md).

``parameters`` (StewartParameters, the Table 2 preset), ``kinematics`` (IK, J_C, J_E, FK),
``dynamics`` (I|_E, V|_E, G_B, M, C, τ), ``simulate`` (a quaternion/twist integrator) and
``model`` (StewartModel, the mechanism contract, kind ``stewart``).
"""

from .dynamics import (
    BODIES,
    coriolis_matrix,
    forward_dynamics,
    gm_terms,
    gravity_wrench,
    inverse_dynamics,
    kinetic_energy,
    mass_matrix,
    potential_energy,
    twist_terms,
)
from .kinematics import (
    ForwardKinematicsReport,
    StewartSingularityWarning,
    euler_rate_matrix,
    euler_rate_matrix_dot,
    forward_kinematics,
    inverse_kinematics,
    jacobian_c,
    jacobian_e,
    leg_accelerations,
    leg_rates,
    rotation,
    twist_map,
    twist_map_dot,
)
from .model import StewartModel
from .parameters import LEG_SPIN_MODES, StewartParameters, hexagon
from .simulate import SimulationResult, simulate

__all__ = [
    "BODIES",
    "LEG_SPIN_MODES",
    "ForwardKinematicsReport",
    "SimulationResult",
    "StewartModel",
    "StewartParameters",
    "StewartSingularityWarning",
    "coriolis_matrix",
    "euler_rate_matrix",
    "euler_rate_matrix_dot",
    "forward_dynamics",
    "forward_kinematics",
    "gm_terms",
    "gravity_wrench",
    "hexagon",
    "inverse_dynamics",
    "inverse_kinematics",
    "jacobian_c",
    "jacobian_e",
    "kinetic_energy",
    "leg_accelerations",
    "leg_rates",
    "mass_matrix",
    "potential_energy",
    "rotation",
    "simulate",
    "twist_map",
    "twist_map_dot",
    "twist_terms",
]
