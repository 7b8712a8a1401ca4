"""``fake_ros2_control``: a stand-in for a ros2_control robot, for testing the bridge where
ros2_control is not installable (docs/ros2_control.md).

It behaves, on the topics, like a controller_manager running

* ``forward_command_controller/ForwardCommandController`` (``interface_name: effort``) named
  ``controller``: subscribes ``<controller>/commands`` (std_msgs/Float64MultiArray, one value per
  entry of ``joints``, in that order); a message of the wrong length is ignored with an error
  log, as the real controller does; the last command stays in force (no timeout, as in
  ros2_control); non-finite values are ignored too (the real controller would pass them to the
  hardware);
* ``joint_state_broadcaster`` with ``use_local_topics: true``: publishes sensor_msgs/JointState
  on ``/joint_state_broadcaster/joint_states`` (``/joint_states`` with
  ``use_local_topics: false``), joints in ``state_joints`` order, stamped with the node clock;

with the robot simulated by modyn's :class:`SimulatedPlant` in steps of 1/``update_rate`` that
follow the wall clock (a late timer tick integrates the steps it missed, up to 50, as a real
robot keeps moving while its controller_manager is late), the command held over each step.

Parameters: ``robot_description``, ``model_extras`` (the robot), ``controller``
(``effort_controller``), ``joints`` (string[], command order; default the model's),
``state_joints`` (string[], published order; default the model's order reversed, so that a
client that assumes the order fails), ``update_rate`` (Hz, 1000), ``publish_every`` (steps
between states, 1), ``initial_positions`` (double[], ``joints`` order; default zeros),
``integrator`` (``semi_implicit_euler``), ``use_local_topics`` (true).
"""

from __future__ import annotations

import sys
import time

import numpy as np
from rclpy.clock import Clock, ClockType
from rclpy.node import Node
from sensor_msgs.msg import JointState
from std_msgs.msg import Float64MultiArray

from modyn_ros.model_source import ModelSource
from modyn_ros.node_main import run_node
from modyn_ros.qos import STATE_QOS

from .plant import PlantError
from .simulated import SimulatedPlant

__all__ = ["FakeRos2Control", "main"]

NODE_NAME = "fake_ros2_control"
_MAX_CATCH_UP = 50  # steps integrated at most in one late tick


class FakeRos2ControlError(ValueError):
    """A parameter the fake robot cannot use (the text names it)."""


class FakeRos2Control(Node):
    """The fake controller_manager (see the module docstring)."""

    def __init__(self, node_name: str = NODE_NAME, **kwargs):
        super().__init__(node_name, **kwargs)
        try:
            self._setup()
        except FakeRos2ControlError as exc:
            self.get_logger().error(str(exc))
            self.destroy_node()
            raise

    def _setup(self) -> None:
        get = self.get_parameter
        for name, default in (
            ("controller", "effort_controller"),
            ("joints", [""]),
            ("state_joints", [""]),
            ("update_rate", 1000.0),
            ("publish_every", 1),
            ("initial_positions", [0.0]),
            ("integrator", "semi_implicit_euler"),
            ("use_local_topics", True),
        ):
            self.declare_parameter(name, default)
        source = ModelSource(self)
        if source.model is None:
            raise FakeRos2ControlError("parameter robot_description: required (a usable URDF)")
        model = source.model
        names = list(model.joint_names)
        joints = [j for j in get("joints").value if j] or names
        state_joints = [j for j in get("state_joints").value if j] or names[::-1]
        for param, value in (("joints", joints), ("state_joints", state_joints)):
            if sorted(value) != sorted(names):
                raise FakeRos2ControlError(
                    f"parameter {param}: {value} must name each joint of the model {names} once"
                )
        rate = float(get("update_rate").value)
        if not rate > 0:
            raise FakeRos2ControlError(f"parameter update_rate: {rate} is not positive")
        q0 = [float(x) for x in get("initial_positions").value]
        if q0 == [0.0]:
            q0 = [0.0] * len(names)
        if len(q0) != len(names):
            raise FakeRos2ControlError(
                f"parameter initial_positions: {len(q0)} values for the joints {joints}"
            )
        self._cmd_to_model = np.array([names.index(j) for j in joints])
        self._model_to_state = np.array([names.index(j) for j in state_joints])
        q0_model = np.zeros(len(names))
        q0_model[self._cmd_to_model] = q0
        try:
            self.plant = SimulatedPlant(model, get("integrator").value, q0=q0_model)
        except PlantError as exc:
            raise FakeRos2ControlError(f"parameter integrator: {exc}") from None
        self._joints = joints
        self._tau = np.zeros(len(names))
        self._dt = 1.0 / rate
        self._every = max(1, int(get("publish_every").value))
        self._dt_ns = round(1e9 / rate)
        self._start_ns: int | None = None
        self._k = 0  # steps integrated
        self.commands = 0
        self.skipped = 0  # steps given up after a stall longer than _MAX_CATCH_UP steps
        self._msg = JointState()
        self._msg.name = state_joints
        controller = get("controller").value
        topic = (
            "/joint_state_broadcaster/joint_states"
            if get("use_local_topics").value
            else "/joint_states"
        )
        self._pub = self.create_publisher(JointState, topic, STATE_QOS)
        self.create_subscription(Float64MultiArray, f"{controller}/commands", self._on_command, 10)
        steady = Clock(clock_type=ClockType.STEADY_TIME)
        self.create_timer(self._dt, self._on_update, clock=steady)
        self.get_logger().info(
            f"fake ros2_control: {controller} (ForwardCommandController, effort) on {joints}, "
            f"joint_state_broadcaster on {topic} in the order {state_joints}, {rate:g} Hz"
        )

    def _on_command(self, msg: Float64MultiArray) -> None:
        data = msg.data
        if len(data) != len(self._joints):
            self.get_logger().error(
                f"command size ({len(data)}) does not match number of interfaces "
                f"({len(self._joints)})",
                throttle_duration_sec=1.0,
            )
            return
        arr = np.asarray(data, dtype=float)
        if not np.isfinite(arr).all():
            self.get_logger().error(f"non-finite command {arr.tolist()}", throttle_duration_sec=1.0)
            return
        self._tau[self._cmd_to_model] = arr
        self.commands += 1

    def _on_update(self) -> None:
        # the robot's time is the wall clock: a late tick (a loaded machine) integrates the steps
        # it missed, as a real robot would have moved meanwhile (at most _MAX_CATCH_UP of them)
        now = time.monotonic_ns()
        if self._start_ns is None:
            self._start_ns = now - self._dt_ns
        due = (now - self._start_ns) // self._dt_ns
        behind = due - self._k
        if behind > _MAX_CATCH_UP:
            self.skipped += behind - _MAX_CATCH_UP
            self._k = due - _MAX_CATCH_UP
        self.plant.write(self._tau)
        published = False
        while self._k < due:
            self.plant.step(self._dt)
            self._k += 1
            published |= self._k % self._every == 0
        if not published:
            return
        state = self.plant.read()
        msg = self._msg
        msg.header.stamp = self.get_clock().now().to_msg()
        msg.position = state.position[self._model_to_state].tolist()
        msg.velocity = state.velocity[self._model_to_state].tolist()
        msg.effort = state.effort[self._model_to_state].tolist()
        self._pub.publish(msg)


def main(args: list[str] | None = None) -> int:
    """Run the fake robot until shutdown (exit 2 on a bad parameter, 1 if it diverges)."""
    return run_node(
        FakeRos2Control,
        NODE_NAME,
        args,
        config_errors=(FakeRos2ControlError,),
        runtime_errors=(PlantError,),
    )


if __name__ == "__main__":
    sys.exit(main() or 0)
