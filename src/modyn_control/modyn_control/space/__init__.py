"""modyn_control.space: the free-flying space manipulator's control (issue 18, note §9).

* :mod:`.laws`: DQ pose error and log, base DQ-PD with arm-reaction feed-forward (eq. (47)), the
  allocation chain (48) → (49) → (42), arm DQ-PD (eq. (46), joint and task-space readings);
* :mod:`.ik`: redundant inverse kinematics (damped least squares + null space);
* :mod:`.viviani`: the Viviani figure-eight of eq. (51);
* :mod:`.simulation`: the library-level scenarios of the paper's §5.1 (open-loop base forcing)
  and §5.2 (closed loop: the arm tracks the Viviani curve while thrusters and CMGs hold the base);
* :mod:`.iiwa_space`: the paper's iiwa 14 on a 27 kg base as a URDF text.

Plain numpy/scipy, no ROS; the nodes are thin shells over these.
"""

from __future__ import annotations

from modyn_model.lazy import lazy_exports

_EXPORTS = {
    "BaseDQPD": "laws",
    "BaseActuation": "laws",
    "ArmJointDQPD": "laws",
    "ArmTaskDQPD": "laws",
    "dq_log_error": "laws",
    "arm_feedforward": "laws",
    "RedundantIK": "ik",
    "Viviani": "viviani",
    "space_iiwa_urdf": "iiwa_space",
}

__all__ = sorted(_EXPORTS)
__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS, globals())
