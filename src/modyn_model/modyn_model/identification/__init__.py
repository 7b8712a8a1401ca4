"""Dynamic identification: the model linear in the standard parameters, base parameters.

Khalil & Dombre ch. 7 §7.4.2 (Γ = W(q, q̇, q̈) χ), §7.5.3 (base inertial parameters),
§7.5.2 (customized model on them). See docs/identification.md for the math.
"""

from .base import BaseParameters, base_parameters

# identification from data (excitation, filtering, estimation, consistency, export)
from .consistency import ConsistencyIssue, PhysicalConsistencyWarning, check_consistency
from .estimate import Estimate, identify_base, least_squares, moving_rows
from .excitation import FourierTrajectory, optimize_excitation
from .export import closest_standard_parameters, identified_model, write_model
from .filtering import IdentificationError, prepare
from .names import (
    N_STANDARD,
    STANDARD_FIELDS,
    model_with_standard_parameters,
    nonlinear_friction,
    parameter_names,
    standard_parameters,
)
from .regressor import base_regressor, regressor, regressor_batch
from .rules import grouping_rules

__all__ = [
    "BaseParameters",
    "base_parameters",
    "grouping_rules",
    "N_STANDARD",
    "STANDARD_FIELDS",
    "model_with_standard_parameters",
    "nonlinear_friction",
    "parameter_names",
    "base_regressor",
    "regressor",
    "regressor_batch",
    "standard_parameters",
    "ConsistencyIssue",
    "PhysicalConsistencyWarning",
    "check_consistency",
    "Estimate",
    "identify_base",
    "least_squares",
    "moving_rows",
    "FourierTrajectory",
    "optimize_excitation",
    "closest_standard_parameters",
    "identified_model",
    "write_model",
    "IdentificationError",
    "prepare",
]
