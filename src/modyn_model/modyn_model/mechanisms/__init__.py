"""Mechanism models that are not fixed-base serial trees (each implements
:class:`~modyn_model.contract.MechanismModel` and is a built-in ``kind:`` of
:func:`~modyn_model.factory.load_model`)."""

from .ball_joint import BallJointBody

__all__ = ["BallJointBody"]
