"""Mechanism models that are not fixed-base serial trees (each implements
:class:`~modyn_model.contract.MechanismModel`; the ball joint is a built-in ``kind:`` of
:func:`~modyn_model.factory.load_model`, the coupled-joints model what a URDF with ``<mimic>``
joints loads as; the Stewart platform is the built-in kind ``stewart``, the quadruped with a tail
``quadruped_tail``)."""

from .ball_joint import BallJointBody
from .coupled import CoupledJointsModel
from .quadruped_tail import QuadrupedTailModel
from .stewart import StewartModel

__all__ = ["BallJointBody", "CoupledJointsModel", "QuadrupedTailModel", "StewartModel"]
