"""modyn_model: rigid-body models of robots and their dynamics (no ROS dependency).

>>> from modyn_model import RobotModel
>>> model = RobotModel.from_mdh("rx90")
>>> tau = model.inverse_dynamics([0.0] * 6, [0.0] * 6, [0.0] * 6)
"""

from .builder import Frame
from .errors import (
    DescriptionError,
    InertiaError,
    JointError,
    ModelError,
    StateError,
    TopologyError,
    UnsupportedError,
)
from .inertia import PARAMETER_NAMES
from .joint import JointExtras
from .model import RobotModel

__version__ = "0.1.0"

__all__ = [
    "DescriptionError",
    "Frame",
    "InertiaError",
    "JointError",
    "JointExtras",
    "ModelError",
    "PARAMETER_NAMES",
    "RobotModel",
    "StateError",
    "TopologyError",
    "UnsupportedError",
    "__version__",
]
