"""modyn_ros: node plumbing shared by the modyn nodes.

* :mod:`modyn_ros.joint_map` (pure): joint-name mapping and message-field validation;
* :mod:`modyn_ros.params` (pure): parameter validation;
* :mod:`modyn_ros.qos`: the QoS profiles of the modyn topics;
* :mod:`modyn_ros.model_source`: the robot model from ``robot_description`` (parameter or the
  latched topic), built by :func:`modyn_model.load_model` (URDF or a mechanism file);
* :mod:`modyn_ros.diagnostics`: a periodic ``/diagnostics`` publisher;
* :mod:`modyn_ros.node_main`: the console-script main of every node (exit statuses).

The control laws, plants and trajectories live in ROS-free libraries; these helpers keep the
node shells thin and identical in how they treat models, names and bad input. The names below
are imported on first use (the pure modules need no rclpy).
"""

from __future__ import annotations

from modyn_model.lazy import lazy_exports

__version__ = "0.1.0"

#: public name -> the submodule that defines it
_EXPORTS = {
    "JointMap": "joint_map",
    "MessageError": "joint_map",
    "check_values": "joint_map",
    "ParameterError": "params",
    "number_list": "params",
    "per_joint": "params",
    "positive": "params",
    "non_negative": "params",
    "STATE_QOS": "qos",
    "LATCHED_QOS": "qos",
    "TRAJECTORY_QOS": "qos",
    "STATUS_QOS": "qos",
    "ModelSource": "model_source",
    "declare_model_parameters": "model_source",
    "Diagnostics": "diagnostics",
    "run_node": "node_main",
    "StopRequest": "node_main",
    "EXIT_CONFIG": "node_main",
    "EXIT_RUNTIME": "node_main",
}

__all__ = [
    "Diagnostics",
    "EXIT_CONFIG",
    "EXIT_RUNTIME",
    "JointMap",
    "LATCHED_QOS",
    "MessageError",
    "ModelSource",
    "ParameterError",
    "STATE_QOS",
    "STATUS_QOS",
    "StopRequest",
    "TRAJECTORY_QOS",
    "__version__",
    "check_values",
    "declare_model_parameters",
    "non_negative",
    "number_list",
    "per_joint",
    "positive",
    "run_node",
]


__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS, globals())
