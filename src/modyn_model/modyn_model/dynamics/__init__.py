"""Dynamics algorithms: free functions over a model (Khalil ch. 7)."""

from .coriolis import christoffel_symbols, coriolis_matrix, mass_matrix_derivatives
from .crba import crba, mass_matrix
from .direct import aba, forward_dynamics, forward_dynamics_inverse_model, mass_matrix_by_columns
from .energy import kinetic_energy, potential_energy
from .friction import friction_torques
from .rnea import coriolis_forces, gravity_torques, inverse_dynamics, rnea

__all__ = [
    "aba",
    "christoffel_symbols",
    "coriolis_forces",
    "coriolis_matrix",
    "crba",
    "forward_dynamics",
    "forward_dynamics_inverse_model",
    "friction_torques",
    "gravity_torques",
    "inverse_dynamics",
    "kinetic_energy",
    "mass_matrix",
    "mass_matrix_by_columns",
    "mass_matrix_derivatives",
    "potential_energy",
    "rnea",
]
