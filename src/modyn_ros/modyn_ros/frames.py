"""``/tf`` of every frame of a mechanism, placed by the model itself.

robot_state_publisher walks a URDF's tree from ``joint_states``; it cannot place the bodies of a
closed chain (the Stewart platform's legs and platform), the coupled links of a geared
mechanism, a flexible link's virtual frames or a free-flying base whose pose travels on another
topic. :class:`FrameBroadcaster` asks the model (``frame_placement`` of the mechanism contract,
the same call for every mechanism): it places every frame of ``model.frame_names`` in
``model.base_frame`` at a configuration q and publishes them on ``/tf`` as children of that
frame. The tree is flat (each frame has one parent, the base frame), so tf2 and rviz resolve any
pair of frames; rviz's RobotModel display finds each link of a URDF by its name.

Used by the hardware interface (every ``marker_every`` plant steps, from the plant's own q: no
extra process) and by the ``state_publisher`` node of modyn_bringup (from ``joint_states`` and
``base_state``, for a robot that modyn's hardware interface does not run).
"""

from __future__ import annotations

import numpy as np
from geometry_msgs.msg import TransformStamped

from modyn_model.so3 import matrix_to_quaternion

from .qos import LATCHED_QOS

__all__ = ["FrameBroadcaster", "TF_QOS_DEPTH", "frame_placements", "tf_message_class"]

#: depth of the ``/tf`` publisher (tf2's TransformBroadcaster uses 100)
TF_QOS_DEPTH = 100


def tf_message_class():
    """``tf2_msgs.msg.TFMessage``, or None where tf2_msgs is not installed (a PyPI venv built
    without fallback/tf2_msgs)."""
    try:
        from tf2_msgs.msg import TFMessage
    except ImportError:
        return None
    return TFMessage


def frame_placements(model, q, frames) -> np.ndarray:
    """(len(frames), 4, 4): the pose of each frame in ``model.base_frame`` at ``q`` (nq,)."""
    return np.stack([np.asarray(model.frame_placement(q, f), dtype=float) for f in frames])


class FrameBroadcaster:
    """Publishes the frames of ``model`` on ``/tf`` (module docstring).

    Parameters
    ----------
    node
        The rclpy node that owns the publishers.
    model
        A mechanism model (``frame_names``, ``base_frame``, ``frame_placement``).
    prefix
        Prepended to every frame name (robot_state_publisher's ``frame_prefix``).
    world_frame
        A frame above the base frame: ``world_frame`` → base frame, identity, is published once
        on ``/tf_static`` (latched). Empty, or equal to the base frame: nothing. Not prefixed
        (robots with their own prefixes share one world frame).
    tf_message
        The TFMessage class (:func:`tf_message_class`).
    frames
        The frames to publish (default: every frame of the model but the base frame).
    """

    def __init__(
        self, node, model, tf_message, prefix: str = "", world_frame: str = "", frames=None
    ):
        self.model = model
        base = str(model.base_frame)
        names = model.frame_names if frames is None else frames
        unknown = sorted(set(names) - set(model.frame_names))
        if unknown:
            raise ValueError(f"frames {unknown} are not frames of the model {model.frame_names}")
        self.frames = tuple(f for f in names if f != base)
        self.message = tf_message(
            transforms=[TransformStamped(child_frame_id=prefix + f) for f in self.frames]
        )
        for tf in self.message.transforms:
            tf.header.frame_id = prefix + base
        self.publisher = node.create_publisher(tf_message, "/tf", TF_QOS_DEPTH)
        self.static_publisher = None
        if world_frame and world_frame != base:
            static = TransformStamped(child_frame_id=prefix + base)
            static.header.frame_id = world_frame
            static.header.stamp = node.get_clock().now().to_msg()
            static.transform.rotation.w = 1.0
            self.static_publisher = node.create_publisher(tf_message, "/tf_static", LATCHED_QOS)
            self.static_publisher.publish(tf_message(transforms=[static]))
        self.published = 0

    def publish(self, q, stamp) -> None:
        """Place every frame at ``q`` (nq,) and publish them stamped ``stamp``
        (builtin_interfaces/Time)."""
        if not self.frames:  # a model with its base frame only: nothing moves
            return
        poses = frame_placements(self.model, q, self.frames)
        quats = matrix_to_quaternion(poses[:, :3, :3])  # (w, x, y, z), w >= 0
        for tf, pose, quat in zip(self.message.transforms, poses, quats, strict=True):
            tf.header.stamp = stamp
            t, r = tf.transform.translation, tf.transform.rotation
            t.x, t.y, t.z = float(pose[0, 3]), float(pose[1, 3]), float(pose[2, 3])
            r.w, r.x, r.y, r.z = float(quat[0]), float(quat[1]), float(quat[2]), float(quat[3])
        self.publisher.publish(self.message)
        self.published += 1
