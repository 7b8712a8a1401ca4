"""Holonomic constraints on any contract model (issue 14): point and frame contacts, loop
closures, and the constrained dynamics (KKT forward dynamics with Baumgarte stabilisation,
constrained inverse dynamics).

>>> from modyn_model.constraints import ConstrainedModel, PointContact
>>> cm = ConstrainedModel(model, [PointContact("foot", "foot_link")], baumgarte=(100, 20), q0=q0)
>>> vdot, forces = cm.constrained_forward_dynamics(q, v, tau)     # forces["foot"]: (3,) N

Modules: :mod:`.kinds` (the constraints and their rows), :mod:`.solve` (the math of the
solvers), :mod:`.model` (:class:`ConstrainedModel`, itself a contract model).
"""

from .kinds import Constraint, FrameContact, LoopClosure, PointContact
from .model import DEFAULT_BAUMGARTE, ConstrainedModel
from .spanning import SpanningTree
from .spec import constraints_from_spec

__all__ = [
    "DEFAULT_BAUMGARTE",
    "ConstrainedModel",
    "Constraint",
    "FrameContact",
    "LoopClosure",
    "PointContact",
    "SpanningTree",
    "constraints_from_spec",
]
