"""Floating-base robots: a free-flyer base (position + unit quaternion) carrying a tree of limbs.

:class:`FloatingBaseModel` implements the mechanism contract (see :mod:`.model` for q, v, τ and
the conversion to Pinocchio); :mod:`.dynamics` holds the spatial-vector algorithms (RNEA, CRBA,
ABA, Coriolis matrix) and :mod:`.se3` the SE(3) exponential and logarithm.
"""

from .model import QUATERNION_TOLERANCE, FloatingBaseModel, from_pinocchio_q, to_pinocchio_q

__all__ = ["FloatingBaseModel", "QUATERNION_TOLERANCE", "from_pinocchio_q", "to_pinocchio_q"]
