"""The base state of a floating-base robot as ``nav_msgs/Odometry`` (ROS REP 105 / 147).

A floating-base model (``model.floating_base``) has q = [p, quaternion (w, x, y, z), joints] and
v = [v_B, ω_B, joint rates] with v_B and ω_B in BASE axes (docs/model.md, "Floating base"). A
``sensor_msgs/JointState`` carries one name list, so it carries the joints only; the base travels
on an Odometry message whose

* ``pose.pose`` is the base pose in ``header.frame_id`` (the world): position = p, orientation =
  the quaternion (the message orders it x, y, z, w);
* ``twist.twist`` is the base twist in ``child_frame_id`` (the base link), as the Odometry
  convention states: linear = v_B, angular = ω_B, i.e. exactly the model's v[:6].

The hardware interface publishes it (``base_state``); the feedback controller pairs it with the
``joint_states`` message of the same stamp. Nothing here allocates per message.
"""

from __future__ import annotations

import math

import numpy as np

from .joint_map import MessageError

__all__ = ["BASE_NQ", "BASE_NV", "base_from_odometry", "base_to_odometry"]

#: sizes of the base part of q and v
BASE_NQ, BASE_NV = 7, 6

#: |‖quaternion‖ − 1| above which a received orientation is refused
QUATERNION_TOLERANCE = 1e-6


def base_from_odometry(msg, q_base: np.ndarray, v_base: np.ndarray) -> None:
    """Write the message's base pose into ``q_base`` (7) and twist into ``v_base`` (6).

    Raises
    ------
    MessageError
        A non-finite value, or an orientation that is not a unit quaternion (the message
        names the field and the value); the buffers may then hold part of the message.
    """
    p, o = msg.pose.pose.position, msg.pose.pose.orientation
    lin, ang = msg.twist.twist.linear, msg.twist.twist.angular
    q_base[0], q_base[1], q_base[2] = p.x, p.y, p.z
    q_base[3], q_base[4], q_base[5], q_base[6] = o.w, o.x, o.y, o.z
    v_base[0], v_base[1], v_base[2] = lin.x, lin.y, lin.z
    v_base[3], v_base[4], v_base[5] = ang.x, ang.y, ang.z
    if not math.isfinite(float(q_base.sum()) + float(v_base.sum())):
        fields = ("position",) * 3 + ("orientation",) * 4
        for i in range(BASE_NQ):
            if not math.isfinite(q_base[i]):
                raise MessageError(f"base_state: pose.{fields[i]} has {q_base[i]}")
        raise MessageError(f"base_state: twist has a non-finite value {v_base.tolist()}")
    norm = math.sqrt(float(q_base[3:] @ q_base[3:]))
    if abs(norm - 1.0) > QUATERNION_TOLERANCE:
        raise MessageError(
            f"base_state: pose.orientation (w, x, y, z) = {q_base[3:].tolist()} has norm "
            f"{norm:.9g}, not a unit quaternion"
        )


def base_to_odometry(q, v, msg) -> None:
    """Fill ``msg`` (nav_msgs/Odometry) from the model's q[:7] and v[:6]; the caller sets the
    header (stamp, frame_id) and child_frame_id."""
    p, o = msg.pose.pose.position, msg.pose.pose.orientation
    p.x, p.y, p.z = float(q[0]), float(q[1]), float(q[2])
    o.w, o.x, o.y, o.z = float(q[3]), float(q[4]), float(q[5]), float(q[6])
    lin, ang = msg.twist.twist.linear, msg.twist.twist.angular
    lin.x, lin.y, lin.z = float(v[0]), float(v[1]), float(v[2])
    ang.x, ang.y, ang.z = float(v[3]), float(v[4]), float(v[5])
