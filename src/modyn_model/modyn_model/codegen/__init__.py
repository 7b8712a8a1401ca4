"""Customized (generated, straight-line) dynamic models, Khalil §7.5.2.

>>> from modyn_model import RobotModel
>>> from modyn_model.codegen import generate_rnea
>>> fn = generate_rnea(RobotModel.from_mdh("rx90"), friction=False)
>>> print(fn.counts)            # multiplications and additions of the customized model
>>> print(fn.source[:200])      # the code itself
"""

from .generate import (
    GeneratedFunction,
    generate_forward_dynamics,
    generate_mass_matrix,
    generate_rnea,
)
from .runtime import fast_forward_dynamics, fast_mass_matrix, fast_rnea, generated
from .tracer import Program, Tracer, Var

__all__ = [
    "GeneratedFunction",
    "Program",
    "Tracer",
    "Var",
    "fast_forward_dynamics",
    "fast_mass_matrix",
    "fast_rnea",
    "generate_forward_dynamics",
    "generate_mass_matrix",
    "generate_rnea",
    "generated",
]
