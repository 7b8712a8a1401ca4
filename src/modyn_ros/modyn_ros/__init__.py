"""modyn_ros: node plumbing shared by the modyn nodes.

* :mod:`modyn_ros.joint_map` (pure): joint-name mapping and message-field validation;
* :mod:`modyn_ros.qos`: the QoS profiles of the modyn topics;
* :mod:`modyn_ros.model_source`: the robot model from ``robot_description`` (parameter or the
  latched topic);
* :mod:`modyn_ros.diagnostics`: a periodic ``/diagnostics`` publisher.

The control laws, plants and trajectories live in ROS-free libraries; these helpers keep the
node shells thin and identical in how they treat models, names and bad input.
"""

__version__ = "0.1.0"
