"""Mechanism models that are not fixed-base serial trees (each implements
:class:`~modyn_model.contract.MechanismModel`; the ball joint is a built-in ``kind:`` of
:func:`~modyn_model.factory.load_model`, the coupled-joints model what a URDF with ``<mimic>``
joints loads as; the Stewart platform is the built-in kind ``stewart``; a geared mechanism by
Chen & Wang's virtual links is the built-in kind ``geared``; a free-flying space manipulator in
dual quaternions is the built-in kind ``space_manipulator``)."""

from .ball_joint import BallJointBody
from .coupled import CoupledJointsModel
from .geared import GearedModel
from .stewart import StewartModel

__all__ = [
    "BallJointBody",
    "CoupledJointsModel",
    "GearedModel",
    "SpaceManipulatorModel",
    "StewartModel",
]


def __getattr__(name: str):
    # SpaceManipulatorModel subclasses modyn_model.floating.FloatingBaseModel, whose module
    # imports .ball_joint through this package: imported on first use to break the cycle
    if name == "SpaceManipulatorModel":
        from .space.model import SpaceManipulatorModel

        return SpaceManipulatorModel
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
