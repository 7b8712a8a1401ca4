"""modyn_control: control laws (pure numpy, no ROS) and the inverse_dynamics_feedforward and
feedback_controller nodes.

* laws (generalized forces τ from the state and a reference): :class:`HoldLaw`, :class:`JointPD`,
  :class:`JointPID`, :class:`PDFeedforward`, :class:`PDGravity`, :class:`ComputedTorque`,
  :class:`PredictiveControl`, :class:`TaskPID`, :class:`TaskComputedTorque` over the common
  :class:`ControlLaw`/:class:`Reference`; :func:`make_law` builds one by name;
* :class:`DisturbanceObserver`, friction and gain helpers;
* the nodes :mod:`.feedback_controller_node` and :mod:`.inverse_dynamics_feedforward_node`
  (import rclpy; loaded only when used).

The names below are imported on first use.
"""

from __future__ import annotations

from modyn_model.lazy import lazy_exports

__version__ = "0.1.0"

#: public name -> the submodule that defines it
_EXPORTS = {
    "ControlLaw": "law_base",
    "Reference": "law_base",
    "LawSwitch": "law_base",
    "ControlError": "laws",
    "JointPD": "laws",
    "HoldLaw": "hold",
    "JointPID": "joint_pid",
    "PDFeedforward": "joint_pid",
    "PDGravity": "pd_gravity",
    "ComputedTorque": "computed_torque",
    "PredictiveControl": "computed_torque",
    "TaskPID": "task_space",
    "TaskComputedTorque": "task_space",
    "TaskKinematics": "task_space",
    "DisturbanceObserver": "disturbance_observer",
    "LAW_NAMES": "law_catalog",
    "LawSettings": "law_catalog",
    "make_law": "law_catalog",
    "second_order_gains": "gains",
    "FeedbackController": "feedback_controller_node",
    "InverseDynamicsFeedforward": "inverse_dynamics_feedforward_node",
}

__all__ = [
    "ComputedTorque",
    "ControlError",
    "ControlLaw",
    "DisturbanceObserver",
    "FeedbackController",
    "HoldLaw",
    "InverseDynamicsFeedforward",
    "JointPD",
    "JointPID",
    "LAW_NAMES",
    "LawSettings",
    "LawSwitch",
    "PDFeedforward",
    "PDGravity",
    "PredictiveControl",
    "Reference",
    "TaskComputedTorque",
    "TaskKinematics",
    "TaskPID",
    "__version__",
    "make_law",
    "second_order_gains",
]


__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS, globals())
