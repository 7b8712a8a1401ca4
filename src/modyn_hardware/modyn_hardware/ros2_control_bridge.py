"""A Plant that drives a robot running ros2_control (real hardware, Gazebo with
gz_ros2_control): docs/ros2_control.md.

The bridge talks to two standard controllers of the robot's controller_manager:

* a ``forward_command_controller/ForwardCommandController`` with ``interface_name: effort``:
  each :meth:`Ros2ControlBridge.step` publishes the effort written last as
  ``std_msgs/Float64MultiArray`` on ``<controller>/commands``, in the controller's ``joints``
  order (N·m or N);
* a ``joint_state_broadcaster``: its ``sensor_msgs/JointState`` messages are the plant's state
  (position rad or m, velocity rad/s or m/s, effort N·m or N), mapped by name with
  :class:`modyn_ros.joint_map.JointMap` (positions by the model's ``coordinate_names``,
  velocities by ``velocity_names``, efforts by ``actuator_names``). With
  ``use_local_topics: true`` it publishes on ``/joint_state_broadcaster/joint_states`` (the
  default here), which does not collide with hardware_interface's own ``joint_states``.

The robot runs on its own clock: the bridge never steps anything, so the node must run in
``realtime`` mode; :meth:`step` only sends the command and :meth:`reset` is refused. A state
message is rejected (throttled warning naming the field) when a model joint is missing from it,
a name is repeated, ``position``/``velocity`` do not have one finite value per name, or its stamp
goes backwards; joints the model does not have are ignored (the broadcaster publishes every
joint of the robot), and a NaN effort (the broadcaster's value for a joint without an effort
state interface) is replaced by the commanded effort. The plant is :attr:`ready` while valid
states keep arriving within ``state_timeout`` wall seconds.
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence

import numpy as np

from modyn_ros.joint_map import JointMap, MessageError

from .plant import Plant, PlantError, PlantState
from .safety import ReportThrottle

__all__ = ["Ros2ControlBridge", "STATE_REJECTIONS"]

#: kinds of rejected joint_state_broadcaster messages (counted in the node's /diagnostics)
STATE_REJECTIONS = ("name", "length", "value", "stamp_backwards")

_NS = 1_000_000_000


class Ros2ControlBridge(Plant):
    """The ros2_control side of ``hardware_interface`` (see the module docstring).

    Parameters
    ----------
    model : modyn_model.MechanismModel
        Names (the plant's order) of the robot: coordinate, velocity and actuator names.
    controller : str
        Name of the forward_command_controller; commands go to ``<controller>/commands``.
    joints : sequence of str, optional
        The controller's ``joints`` parameter: the order of the command array (actuator names).
        Default: the model's ``actuator_names``.
    state_topic : str
        The joint_state_broadcaster's topic.
    state_timeout : float
        Wall seconds after the last valid state at which the plant is no longer :attr:`ready`.

    Call :meth:`bind` with the node before use.
    """

    def __init__(
        self,
        model,
        controller: str = "effort_controller",
        joints: Sequence[str] | None = None,
        state_topic: str = "/joint_state_broadcaster/joint_states",
        state_timeout: float = 0.1,
    ):
        self._names = tuple(model.coordinate_names)
        self._actuators = tuple(model.actuator_names)
        nq, nv, nu = model.nq, model.nv, model.nu
        joints = tuple(joints) if joints else self._actuators
        try:
            #: for each command-array slot, the model index of its actuator
            self._cmd_order = JointMap(joints).indices(self._actuators, field="joints")
        except MessageError:
            raise PlantError(
                f"joints {list(joints)} must name each joint of the model "
                f"{list(self._actuators)} once"
            ) from None
        self.controller = controller
        self.command_topic = f"{controller.rstrip('/')}/commands"
        self.state_topic = state_topic
        self.state_timeout = float(state_timeout)
        # the broadcaster publishes every joint of the robot: extra names are skipped
        self._q_map = JointMap(self._names, ignore_unknown=True)
        velocity_names = tuple(model.velocity_names)
        self._v_map = (
            self._q_map
            if velocity_names == self._names
            else JointMap(velocity_names, ignore_unknown=True)
        )
        self._u_map = (
            self._q_map
            if self._actuators == self._names
            else JointMap(self._actuators, ignore_unknown=True)
        )
        self._q = np.zeros(nq)
        self._v = np.zeros(nv)
        self._measured_effort = np.zeros(nu)
        self._tau = np.zeros(nu)
        self._stamp_ns = -1
        self._rx_ns: int | None = None  # steady receipt time of the last valid state
        self.counters = {"states": 0, "commands": 0, **dict.fromkeys(STATE_REJECTIONS, 0)}
        self._throttle = ReportThrottle(1.0)
        self._node = None
        self._publisher = None
        self._msg = None

    @classmethod
    def from_config(cls, model, config) -> Ros2ControlBridge:
        """From hardware_interface's validated ``Config`` (``ros2_control_*`` fields)."""
        return cls(
            model,
            config.ros2_control_controller,
            config.ros2_control_joints,
            config.ros2_control_state_topic,
            config.ros2_control_state_timeout,
        )

    def bind(self, node) -> None:
        """Create the command publisher and the state subscription on ``node``."""
        from sensor_msgs.msg import JointState
        from std_msgs.msg import Float64MultiArray

        from modyn_ros.qos import STATE_QOS

        self._node = node
        # the forward_command_controller subscribes with the default QoS (reliable, depth 10)
        self._publisher = node.create_publisher(Float64MultiArray, self.command_topic, 10)
        self._msg = Float64MultiArray()
        node.create_subscription(JointState, self.state_topic, self._on_state, STATE_QOS)
        node.get_logger().info(
            f"ros2_control bridge: commands to {self._publisher.topic_name} in the order "
            f"{[self._actuators[i] for i in self._cmd_order]}, states from {self.state_topic}"
        )

    # ------------------------------------------------------------------ Plant
    @property
    def joint_names(self) -> tuple[str, ...]:
        return self._names

    @property
    def ready(self) -> bool:
        """A valid state arrived within the last ``state_timeout`` s."""
        return (
            self._rx_ns is not None
            and time.monotonic_ns() - self._rx_ns <= self.state_timeout * _NS
        )

    def read(self) -> PlantState:
        """The last valid state from the broadcaster (time = its stamp, s)."""
        return PlantState.snapshot(
            self._stamp_ns * 1e-9 if self._stamp_ns >= 0 else 0.0,
            self._q,
            self._v,
            self._measured_effort,
        )

    def write(self, effort: Sequence[float] | np.ndarray) -> None:
        """Set the effort (N·m / N, actuator order) that the next :meth:`step` sends."""
        arr = np.asarray(effort, dtype=float)
        if arr.shape != (len(self._actuators),):
            raise PlantError(
                f"effort must have {len(self._actuators)} values (joints "
                f"{list(self._actuators)}), got shape {arr.shape}"
            )
        if not np.isfinite(arr).all():
            i = int(np.flatnonzero(~np.isfinite(arr))[0])
            raise PlantError(f"effort[{i}] (joint '{self._actuators[i]}') is {arr[i]}")
        self._tau[:] = arr

    def step(self, dt: float) -> None:
        """Send the written effort to ``<controller>/commands``; the robot advances on its own
        clock (``dt`` is not used)."""
        if self._publisher is None:
            raise PlantError("the ros2_control bridge is not bound to a node (call bind(node))")
        self._msg.data = self._tau[self._cmd_order].tolist()
        self._publisher.publish(self._msg)
        self.counters["commands"] += 1

    def stop(self, effort: Sequence[float] | np.ndarray, ack_timeout: float = 0.2) -> bool:
        """The last command before ``hardware_interface`` exits: send ``effort`` (the node gives
        gravity compensation at the last measured pose, N·m / N, model order) and wait up to
        ``ack_timeout`` s until every reliable subscriber (the controller, and any recorder)
        has acknowledged it, so that it is not lost with the publisher.

        A forward_command_controller keeps this command in force; bringing a moving arm to rest
        after it is the robot side's command timeout (docs/ros2_control.md, "Stop behaviour").

        Returns
        -------
        bool
            True if every subscriber acknowledged it in time (always True on an rclpy without
            ``wait_for_all_acked``).
        """
        self.write(effort)
        self.step(0.0)
        wait = getattr(self._publisher, "wait_for_all_acked", None)
        if not callable(wait):  # pragma: no cover - rclpy older than Galactic
            return True
        from rclpy.duration import Duration

        return bool(wait(Duration(nanoseconds=round(ack_timeout * _NS))))

    def reset(self, q0, v0=None) -> None:
        """Refused: a robot under ros2_control cannot be moved back by a command."""
        raise PlantError(
            "the ros2_control plant cannot be reset: the robot (or Gazebo) is moved by its own "
            "means, not teleported by hardware_interface"
        )

    def diagnostics(self) -> dict:
        """Values for the node's /diagnostics: counters and the age of the last state."""
        age = (time.monotonic_ns() - self._rx_ns) * 1e-9 if self._rx_ns is not None else math.inf
        return {
            "bridge_state_age": f"{age:.4f}",
            **{f"bridge_{k}": v for k, v in self.counters.items()},
        }

    # ------------------------------------------------------------------ states
    def _reject(self, kind: str, text: str) -> None:
        self.counters[kind] += 1
        skipped = self._throttle(kind)
        if skipped is not None and self._node is not None:
            more = f" ({skipped} more of this kind since the last report)" if skipped else ""
            self._node.get_logger().warning(f"{self.state_topic} rejected: {text}{more}")

    def _on_state(self, msg) -> None:
        try:  # for each model coordinate (velocity, actuator), its slot in the message
            idx = self._q_map.indices(msg.name)
            v_idx = self._v_map.indices(msg.name)
            u_idx = self._u_map.indices(msg.name)
        except MessageError as exc:
            self._reject("name", str(exc))
            return
        n = len(msg.name)
        for field, slots in (("position", idx), ("velocity", v_idx)):
            values = getattr(msg, field)
            if len(values) != n:
                self._reject("length", f"{field}: {len(values)} values for {n} joints")
                return
            for i in slots:
                if not math.isfinite(values[i]):
                    self._reject("value", f"{field}[{i}] is {values[i]} (joint '{msg.name[i]}')")
                    return
        if len(msg.effort) not in (0, n):
            self._reject("length", f"effort: {len(msg.effort)} values for {n} joints")
            return
        stamp_ns = msg.header.stamp.sec * _NS + msg.header.stamp.nanosec
        if stamp_ns < self._stamp_ns:
            self._reject(
                "stamp_backwards",
                f"header.stamp: {stamp_ns * 1e-9:.9f} s is before the previous state's "
                f"{self._stamp_ns * 1e-9:.9f} s",
            )
            return
        np.take(msg.position, idx, out=self._q)
        np.take(msg.velocity, v_idx, out=self._v)
        if len(msg.effort):
            np.take(msg.effort, u_idx, out=self._measured_effort)
            # no effort state interface: the broadcaster reports NaN; use what was commanded
            bad = ~np.isfinite(self._measured_effort)
            if bad.any():
                self._measured_effort[bad] = self._tau[bad]
        else:
            self._measured_effort[:] = self._tau
        self._stamp_ns = stamp_ns
        self._rx_ns = time.monotonic_ns()
        self.counters["states"] += 1
