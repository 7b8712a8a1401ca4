"""modyn_model: rigid-body models of robots and their dynamics (no ROS dependency).

>>> from modyn_model import RobotModel
>>> model = RobotModel.from_mdh("rx90")
>>> tau = model.inverse_dynamics([0.0] * 6, [0.0] * 6, [0.0] * 6)

Every model, tree or not, implements :class:`MechanismModel` (``modyn_model.contract``) and comes
from :func:`load_model` (URDF, xacro, modified-DH table or a mechanism file with ``kind:``).
Rotations (exp/log of SO(3), quaternions in (w, x, y, z) order) are in :mod:`modyn_model.so3`.
"""

from . import so3
from .builder import Frame
from .contract import MechanismModel, is_mechanism_model
from .errors import (
    ConstraintError,
    DescriptionError,
    InertiaError,
    JointError,
    ModelError,
    ModynError,
    StateError,
    TopologyError,
    UnsupportedError,
)
from .factory import load_model, mechanism_kinds, register_mechanism
from .inertia import PARAMETER_NAMES
from .joint import JointExtras
from .model import RobotModel

__version__ = "0.1.0"

__all__ = [
    "ConstraintError",
    "DescriptionError",
    "Frame",
    "InertiaError",
    "JointError",
    "JointExtras",
    "MechanismModel",
    "ModelError",
    "ModynError",
    "PARAMETER_NAMES",
    "RobotModel",
    "StateError",
    "TopologyError",
    "UnsupportedError",
    "__version__",
    "is_mechanism_model",
    "load_model",
    "mechanism_kinds",
    "register_mechanism",
    "so3",
]
