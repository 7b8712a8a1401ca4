"""Dual quaternions for rigid-body kinematics and dynamics (issue 18; note §2, the paper's
Table 1 and eqs. (1)–(5)).

Quaternions are (..., 4) arrays (scalar first, Hamilton product), dual quaternions (..., 8)
arrays [real part; dual part]; every function broadcasts over leading batch axes. A maintained
library exists on PyPI (``dqrobotics``, C++/pybind11) but works on one DQ object at a time and
is not in the project's venv; this module is pure NumPy and batched.

* :mod:`.quaternion` — product, conjugate, norm, inverse, L/R matrices (eq. 3), log/exp;
* :mod:`.dualquat` — DQ product, conjugate, dual norm, inverse, dual cross (note A3 sign),
  swap P, L/R 8×8 matrices, adjoint (8×8), pose ↔ DQ;
* :mod:`.lie` — decoupled log (paper) and screw log/exp (SE(3)), q̂̇ = ½q̂∘ω̂, exact
  constant-twist step and an RKMK4 Lie-group integrator with renormalisation.
"""

from .dualquat import (
    DQ_IDENTITY,
    SWAP,
    dqadjoint,
    dqadjoint_matrix,
    dqadjoint_matrix_unit,
    dqconj,
    dqcross,
    dqcross_table1,
    dqfrom_matrix,
    dqfrom_pose,
    dqinv,
    dqleft,
    dqmul,
    dqnorm,
    dqnormalize,
    dqpure,
    dqright,
    dqrotation,
    dqswap,
    dqto_matrix,
    dqtranslation,
    dqtranslation_body,
)
from .lie import (
    dqbracket,
    dqexp,
    dqexp_decoupled,
    dqintegrate,
    dqlog,
    dqlog_screw,
    dqrate,
    rkmk4_step,
)
from .quaternion import (
    IDENTITY,
    qconj,
    qcross,
    qdot,
    qexp,
    qfrom_axis_angle,
    qfrom_matrix,
    qinv,
    qleft,
    qlog,
    qmul,
    qnorm,
    qnormalize,
    qright,
    qto_matrix,
)

__all__ = [
    "DQ_IDENTITY",
    "IDENTITY",
    "SWAP",
    "dqadjoint",
    "dqadjoint_matrix",
    "dqadjoint_matrix_unit",
    "dqbracket",
    "dqconj",
    "dqcross",
    "dqcross_table1",
    "dqexp",
    "dqexp_decoupled",
    "dqfrom_matrix",
    "dqfrom_pose",
    "dqintegrate",
    "dqinv",
    "dqleft",
    "dqlog",
    "dqlog_screw",
    "dqmul",
    "dqnorm",
    "dqnormalize",
    "dqpure",
    "dqrate",
    "dqright",
    "dqrotation",
    "dqswap",
    "dqto_matrix",
    "dqtranslation",
    "dqtranslation_body",
    "qconj",
    "qcross",
    "qdot",
    "qexp",
    "qfrom_axis_angle",
    "qfrom_matrix",
    "qinv",
    "qleft",
    "qlog",
    "qmul",
    "qnorm",
    "qnormalize",
    "qright",
    "qto_matrix",
    "rkmk4_step",
]
