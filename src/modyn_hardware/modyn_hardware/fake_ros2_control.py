"""``fake_ros2_control``: a stand-in for a ros2_control robot, for testing the bridge where
ros2_control is not installable (docs/ros2_control.md).

It behaves, on the topics, like a controller_manager running

* ``forward_command_controller/ForwardCommandController`` (``interface_name: effort``) named
  ``controller``: subscribes ``<controller>/commands`` (std_msgs/Float64MultiArray, one value per
  entry of ``joints``, in that order); a message of the wrong length is ignored with an error
  log, as the real controller does; the last command stays in force (no timeout, as in
  ros2_control); non-finite values are ignored too (the real controller would pass them to the
  hardware);
* with ``command_timeout`` > 0, the protection a real robot needs behind that controller (a
  drive's command watchdog, docs/ros2_control.md "Stop behaviour"): until the first command, and
  from the moment no command has arrived for ``command_timeout`` wall seconds, the drive holds
  the pose where the commands stopped, τ = Q(q) + Kp (q_hold ⊖ q) − Kd q̇ with ``hold_kp`` and
  ``hold_kd`` (:class:`modyn_control.hold.HoldLaw`, diagonal gains), clipped to the model's
  effort limits, evaluated at every 1 kHz step; an error log
  gives the silence measured when the hold began (``command timeout: no command for ... s``);
  the next command releases it (logged);
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
``integrator`` (``semi_implicit_euler``), ``use_local_topics`` (true), ``command_timeout`` (s,
0: off, the forward_command_controller's own behaviour), ``hold_kp`` and ``hold_kd`` (double[],
one value or one per entry of ``joints``; N·m/rad and N·m·s/rad; default 100 and 20).
"""

from __future__ import annotations

import math
import sys
import time

import numpy as np
from rclpy.clock import Clock, ClockType
from rclpy.node import Node
from sensor_msgs.msg import JointState
from std_msgs.msg import Float64MultiArray

from modyn_control.hold import HoldLaw
from modyn_model.errors import ModynError
from modyn_ros.joint_map import JointMap, MessageError
from modyn_ros.model_source import ModelSource
from modyn_ros.node_main import run_node
from modyn_ros.qos import STATE_QOS

from .plant import PlantError
from .simulated import SimulatedPlant

__all__ = ["FakeRos2Control", "main"]

NODE_NAME = "fake_ros2_control"
_MAX_CATCH_UP = 50  # steps integrated at most in one late tick


class FakeRos2ControlError(ModynError):
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
            ("command_timeout", 0.0),
            ("hold_kp", [100.0]),
            ("hold_kd", [20.0]),
        ):
            self.declare_parameter(name, default)
        source = ModelSource(self)
        if source.model is None:
            raise FakeRos2ControlError("parameter robot_description: required (a usable URDF)")
        model = source.model
        # a ros2_control robot has joints, each with a position, a velocity and an effort
        # interface under one name: coordinates, velocities and actuators must coincide
        names = list(model.actuator_names)
        state_names = list(model.coordinate_names)
        if not names == state_names == list(model.velocity_names):
            raise FakeRos2ControlError(
                f"robot_description: {model.name} has coordinates {state_names}, velocities "
                f"{list(model.velocity_names)} and actuators {names}; a ros2_control joint has "
                "one name for its position, velocity and effort interfaces"
            )
        joints = [j for j in get("joints").value if j] or names
        state_joints = [j for j in get("state_joints").value if j] or state_names[::-1]
        try:
            # for each model actuator, its slot in the command array
            self._cmd_index = JointMap(names).indices(joints, field="joints")
        except MessageError:
            raise FakeRos2ControlError(
                f"parameter joints: {joints} must name each joint of the model {names} once"
            ) from None
        try:
            # for each published slot, the model coordinate
            self._model_to_state = JointMap(state_joints).indices(state_names)
        except MessageError:
            raise FakeRos2ControlError(
                f"parameter state_joints: {state_joints} must name each joint of the model "
                f"{state_names} once"
            ) from None
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
        # initial_positions and the gains are in `joints` order: taken into the model's
        q0_model = np.asarray(q0, dtype=float)[self._cmd_index]
        try:
            self.plant = SimulatedPlant(model, get("integrator").value, q0=q0_model)
        except PlantError as exc:
            raise FakeRos2ControlError(f"parameter integrator: {exc}") from None
        timeout = float(get("command_timeout").value)
        if not (math.isfinite(timeout) and timeout >= 0.0):
            raise FakeRos2ControlError(
                f"parameter command_timeout: {timeout} is not a finite number >= 0 (s; 0: off)"
            )
        gains = {}
        for param in ("hold_kp", "hold_kd"):
            g = [float(x) for x in get(param).value]
            if len(g) == 1:
                g = g * len(names)
            if len(g) != len(names) or not all(math.isfinite(x) and x >= 0 for x in g):
                raise FakeRos2ControlError(
                    f"parameter {param}: {g} must be one value or {len(names)} (joints "
                    f"{joints}), finite and >= 0"
                )
            gains[param] = np.asarray(g, dtype=float)[self._cmd_index]
        self._timeout_ns = round(timeout * 1e9)
        # the drive's hold: THE hold law of the suite, in its diagonal-gains form
        self._hold = HoldLaw(model, gains["hold_kp"], gains["hold_kd"])
        self._hold.capture(q0_model)
        self._effort_hi = np.asarray(model.effort_limit, dtype=float)
        self._effort_lo = -self._effort_hi
        self._cmd_rx_ns: int | None = None  # steady receipt time of the last command
        #: the drive holds (before the first command, after a command timeout)
        self.holding = self._timeout_ns > 0
        self.timeouts = 0
        self._joints = joints
        self._tau = np.zeros(model.nu)
        self._dt = 1.0 / rate
        self._every = max(1, int(get("publish_every").value))
        self._dt_ns = round(1e9 / rate)
        self._start_ns: int | None = None
        self._update_ns: int | None = None  # wall time of the previous update
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
        np.take(arr, self._cmd_index, out=self._tau)
        self.commands += 1
        self._cmd_rx_ns = time.monotonic_ns()
        if self.holding:
            self.holding = False
            if self.timeouts:
                self.get_logger().info("commands again: the drive hold is released")

    def _check_timeout(self, now_ns: int, interval_ns: int = 0) -> None:
        """Start the drive hold once no command has come for ``command_timeout``.

        ``interval_ns``: wall time since the previous update. The log gives it: on a loaded
        machine this process can be descheduled for longer than the timeout, and the hold then
        begins that much later than a drive with a real-time loop would start it."""
        if self.holding or self._timeout_ns <= 0 or self._cmd_rx_ns is None:
            return
        silence = now_ns - self._cmd_rx_ns
        if silence <= self._timeout_ns:
            return
        self.holding = True
        self.timeouts += 1
        self._hold.capture(self.plant.read().position)
        self.get_logger().error(
            f"command timeout: no command for {silence * 1e-9:.3f} s (command_timeout "
            f"{self._timeout_ns * 1e-9:g} s; this update came {interval_ns * 1e-9:.3f} s after "
            f"the previous one): drive hold at q = "
            f"{np.round(self._hold.q_hold, 4).tolist()} until the next command"
        )

    def _hold_effort(self) -> np.ndarray:
        """u = Sᵀ⁺ [Q(q) + Kp (q_hold ⊖ q) − Kd q̇], clipped to the effort limits (actuator
        order; u = τ for an arm)."""
        state = self.plant.read()
        u = self._hold.effort(state.position, state.velocity)
        np.clip(u, self._effort_lo, self._effort_hi, out=u)
        return u

    def _on_update(self) -> None:
        # the robot's time is the wall clock: a late tick (a loaded machine) integrates the steps
        # it missed, as a real robot would have moved meanwhile (at most _MAX_CATCH_UP of them)
        now = time.monotonic_ns()
        if self._start_ns is None:
            self._start_ns = now - self._dt_ns
        previous, self._update_ns = self._update_ns, now
        due = (now - self._start_ns) // self._dt_ns
        behind = due - self._k
        if behind > _MAX_CATCH_UP:
            self.skipped += behind - _MAX_CATCH_UP
            self._k = due - _MAX_CATCH_UP
        self._check_timeout(now, now - previous if previous is not None else 0)
        if not self.holding:
            self.plant.write(self._tau)
        published = False
        while self._k < due:
            if self.holding:  # the drive's hold law runs at the robot's own rate
                self.plant.write(self._hold_effort())
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
