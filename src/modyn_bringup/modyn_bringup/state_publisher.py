"""The state publisher: ``/tf`` of every frame of any mechanism, from ``joint_states``.

What robot_state_publisher does for a URDF tree, for every mechanism modyn models (closed
chains, geared and flexible links, a floating base): the model places each of its frames
(:class:`modyn_ros.frames.FrameBroadcaster`). modyn's hardware interface publishes the same
``/tf`` from its own state; this node is for a robot it does not run (the ros2_control bridge
to another controller manager, a recording played back, real hardware).

Parameters
----------
robot_description, model_extras, root_link, tip_link
    The model (modyn_ros.model_source): the parameter, else the latched ``/robot_description``.
publish_rate : float
    Hz of wall time at most (default 50; 0: every state). rviz draws at 30-60 Hz.
frame_prefix : str
    Prepended to every frame name (robot_state_publisher's parameter of that name).
world_frame : str
    A frame above the model's base frame, identity on ``/tf_static``; empty: none.

Topics
------
``joint_states`` (sensor_msgs/JointState, sub), ``base_state`` (nav_msgs/Odometry, sub, a
floating base only: the state of the same stamp), ``/tf`` (tf2_msgs/TFMessage, pub),
``/tf_static`` (pub, latched, with ``world_frame``).
"""

from __future__ import annotations

import math
import sys
import time

import numpy as np
from nav_msgs.msg import Odometry
from rcl_interfaces.msg import ParameterDescriptor
from rclpy.node import Node
from sensor_msgs.msg import JointState

from modyn_model.errors import ModynError
from modyn_ros.base_state import BASE_NQ, base_from_odometry
from modyn_ros.frames import FrameBroadcaster, tf_message_class
from modyn_ros.joint_map import JointMap, MessageError
from modyn_ros.model_source import ModelSource
from modyn_ros.node_main import run_node
from modyn_ros.qos import STATE_QOS

__all__ = ["StatePublisher", "StatePublisherError", "main"]


class StatePublisherError(ModynError):
    """A parameter the node cannot run with; the message names it and its value."""


class StatePublisher(Node):
    """The node (module docstring)."""

    def __init__(self, **kwargs):
        super().__init__("state_publisher", **kwargs)

        def declare(name, default, text):
            return self.declare_parameter(name, default, ParameterDescriptor(description=text))

        self.rate = float(
            declare("publish_rate", 50.0, "Hz of wall time at most; 0: every state").value
        )
        if not math.isfinite(self.rate) or self.rate < 0.0:
            raise StatePublisherError(f"parameter publish_rate: {self.rate!r} Hz; expected >= 0")
        self.prefix = str(declare("frame_prefix", "", "prepended to every frame name").value)
        self.world = str(
            declare("world_frame", "", "a frame above the base frame (identity); empty: none").value
        )
        self._tf_message = tf_message_class()
        if self._tf_message is None:
            raise StatePublisherError(
                "tf2_msgs is not installed (make build generates it in the PyPI route: "
                "fallback/README.md)"
            )
        self._period_ns = 0 if self.rate == 0.0 else int(1e9 / self.rate)
        self._last_ns = -(1 << 62)
        self.broadcaster: FrameBroadcaster | None = None
        self._base: tuple[int, np.ndarray] | None = None  # a floating base: (stamp ns, q_base)
        self._pending: JointState | None = None
        self._source = ModelSource(self, self._on_model)

    def _on_model(self, model) -> None:
        floating = bool(getattr(model, "floating_base", False))
        self._jq = BASE_NQ if floating else 0
        self.joint_map = JointMap(tuple(model.coordinate_names[self._jq :]))
        self._q = np.asarray(model.neutral(), dtype=float).copy()
        self._q_base, self._v_base = np.zeros(BASE_NQ), np.zeros(6)
        self.broadcaster = FrameBroadcaster(self, model, self._tf_message, self.prefix, self.world)
        self.create_subscription(JointState, "joint_states", self._on_joint_states, STATE_QOS)
        if floating:
            self.create_subscription(Odometry, "base_state", self._on_base_state, STATE_QOS)
        self.get_logger().info(
            f"/tf: {len(self.broadcaster.frames)} frames of '{model.name}' in "
            f"'{model.base_frame}'" + (f", at most {self.rate:g} Hz" if self.rate else "")
        )

    def _on_base_state(self, msg: Odometry) -> None:
        try:
            base_from_odometry(msg, self._q_base, self._v_base)
        except MessageError as exc:
            self._base = None
            self.get_logger().warning(f"base_state: {exc}", throttle_duration_sec=5.0)
            return
        self._base = (_stamp_ns(msg), self._q_base)
        pending = self._pending
        if pending is not None and _stamp_ns(pending) == self._base[0]:
            self._pending = None
            self._on_joint_states(pending)

    def _on_joint_states(self, msg: JointState) -> None:
        now = time.monotonic_ns()
        if now - self._last_ns < self._period_ns:
            return
        if self._jq:
            if self._base is None or self._base[0] != _stamp_ns(msg):
                self._pending = msg  # placed when the base_state of this stamp arrives
                return
            self._q[: self._jq] = self._base[1]
        try:
            index = self.joint_map.indices(msg.name)
            if len(msg.position) != len(msg.name):
                raise MessageError(
                    f"position: {len(msg.position)} values for {len(msg.name)} names"
                )
        except MessageError as exc:
            self.get_logger().warning(f"joint_states: {exc}", throttle_duration_sec=5.0)
            return
        # index[i]: where the message has coordinate i (modyn_ros.joint_map)
        positions = np.asarray(msg.position, dtype=float)[index]
        if not np.all(np.isfinite(positions)):
            self.get_logger().warning(
                "joint_states: non-finite position", throttle_duration_sec=5.0
            )
            return
        self._q[self._jq :] = positions
        self._last_ns = now
        self.broadcaster.publish(self._q, msg.header.stamp)


def _stamp_ns(msg) -> int:
    return msg.header.stamp.sec * 1_000_000_000 + msg.header.stamp.nanosec


def main(args=None) -> int:
    """Console script entry point."""
    return run_node(StatePublisher, "state_publisher", args, config_errors=(StatePublisherError,))


if __name__ == "__main__":
    sys.exit(main())
