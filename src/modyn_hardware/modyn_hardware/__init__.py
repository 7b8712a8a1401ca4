"""Plant interface, plants (simulated, MuJoCo, ros2_control bridge, mock) and the
hardware_interface node.

* :mod:`modyn_hardware.plant`: the :class:`Plant` interface and :class:`PlantState`;
* :mod:`modyn_hardware.simulated`: :class:`SimulatedPlant`, the built-in rigid-body simulator;
* :mod:`modyn_hardware.mujoco_plant`: :class:`MujocoPlant`, MuJoCo on the same URDF (imports
  ``mujoco`` only when one is built);
* :mod:`modyn_hardware.mujoco_spanning`: :class:`SpanningTreePlant`, MuJoCo on a closed
  mechanism's spanning tree (``model.spanning_tree()``: the Stewart platform);
* :mod:`modyn_hardware.mock_plant`: :class:`MockPlant`, velocity = effort, for wiring tests;
* :mod:`modyn_hardware.safety`: joint limits (saturate or fault) and throttled reports, used
  by the node (no rclpy);
* :mod:`modyn_hardware.ros2_control_bridge`: the plant that drives a ros2_control robot through
  a forward_command_controller and a joint_state_broadcaster (rclpy when bound to the node);
* :mod:`modyn_hardware.fake_ros2_control`: a stand-in for those two controllers, for tests;
* :mod:`modyn_hardware.hardware_config`: the node's parameters, their validation and the plant
  they name (no rclpy);
* :mod:`modyn_hardware.hardware_supervisor`: the node's loop, watchdog, faults, safe hold and
  reset/enable rules (no rclpy);
* :mod:`modyn_hardware.hardware_interface_node`: the ROS 2 node (imports rclpy; not imported
  here, so that the plants work without ROS).
"""

from .mock_plant import MockPlant
from .mujoco_plant import MujocoPlant
from .mujoco_spanning import SpanningTreePlant
from .plant import Plant, PlantError, PlantState
from .simulated import SimulatedPlant

__version__ = "0.1.0"

__all__ = [
    "MockPlant",
    "MujocoPlant",
    "Plant",
    "PlantError",
    "PlantState",
    "SimulatedPlant",
    "SpanningTreePlant",
    "__version__",
]
