"""modyn_trajectory: trajectory generation (pure numpy, no ROS) and the trajectory_generator node.

* :mod:`.profiles`, :mod:`.quintic`, :mod:`.via_points`, :mod:`.sequence`, :mod:`.planner`:
  joint-space time laws of Khalil ch. 8 (minimum-time, synchronised, through via points) and the
  planner the node calls;
* :mod:`.ik`, :mod:`.task_space`: numerical inverse kinematics and the straight-line tool motion
  of §8.4, on the model's ``frame_placement``/``frame_jacobian`` (rotations in
  :mod:`modyn_model.so3`);
* :mod:`.trajectory_generator_node`: the ROS 2 node (imports rclpy; loaded only when used).

Every planner depends only on the mechanism contract (:class:`modyn_model.MechanismModel`).
The names below are imported on first use.
"""

from __future__ import annotations

from modyn_model.lazy import lazy_exports

__version__ = "0.1.0"

#: public name -> the submodule that defines it
_EXPORTS = {
    "PROFILES": "planner",
    "plan_joint_motion": "planner",
    "stop_motion": "planner",
    "PROFILE_KINDS": "profiles",
    "Profile": "profiles",
    "minimum_time_profile": "profiles",
    "TrajectoryError": "quintic",
    "PiecewiseQuintic": "quintic",
    "minimum_duration": "quintic",
    "plan_waypoints": "quintic",
    "sample_times": "quintic",
    "MotionSequence": "sequence",
    "plan_via_points": "via_points",
    "TaskSpaceError": "ik",
    "IKResult": "ik",
    "solve_ik": "ik",
    "pose_error": "ik",
    "check_joint_limits": "ik",
    "TaskSpacePlan": "task_space",
    "plan_straight_line": "task_space",
    "rotation_from_quaternion": "task_space",
    "TrajectoryGenerator": "trajectory_generator_node",
}

__all__ = [
    "IKResult",
    "MotionSequence",
    "PROFILES",
    "PROFILE_KINDS",
    "PiecewiseQuintic",
    "Profile",
    "TaskSpaceError",
    "TaskSpacePlan",
    "TrajectoryError",
    "TrajectoryGenerator",
    "__version__",
    "check_joint_limits",
    "minimum_duration",
    "minimum_time_profile",
    "plan_joint_motion",
    "plan_straight_line",
    "plan_via_points",
    "plan_waypoints",
    "pose_error",
    "rotation_from_quaternion",
    "sample_times",
    "solve_ik",
    "stop_motion",
]


__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS, globals())
