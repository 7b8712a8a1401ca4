"""Dynamic identification: the model linear in the standard parameters, base parameters.

Khalil & Dombre ch. 7 §7.4.2 (Γ = W(q, q̇, q̈) χ), §7.5.3 (base inertial parameters),
§7.5.2 (customized model on them). See docs/identification.md for the math.
"""

from .base import BaseParameters, base_parameters
from .names import (
    N_STANDARD,
    STANDARD_FIELDS,
    model_with_standard_parameters,
    nonlinear_friction,
    parameter_names,
    standard_parameters,
)
from .regressor import regressor, regressor_batch
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
    "regressor",
    "regressor_batch",
    "standard_parameters",
]
