"""The ``hardware_interface`` node: one Plant behind the modyn topics (docs/nodes.md).

The node publishes the plant's ``joint_states`` (sensor_msgs/JointState, position in rad or m,
velocity in rad/s or m/s, effort in N·m or N, joints in the model's order), ``/clock``
(rosgraph_msgs/Clock, plant time) and the latched ``/robot_description``; it applies the
``effort_command`` messages (sensor_msgs/JointState: ``name`` + ``effort``) it receives, clipped
to the model's effort limits, and offers ``~/reset`` (std_srvs/Trigger).

Two modes:

* ``lockstep`` (default): plant time is t_k = k·dt, kept as integer nanoseconds so that stamps
  compare exactly. The node publishes ``joint_states`` and ``/clock`` stamped t_k and advances
  to t_{k+1} only when a command stamped t_k arrives; commands with any other stamp are counted
  as stale and ignored. Before the first command it republishes the state every
  ``lockstep_timeout`` wall seconds; afterwards a command missing for ``lockstep_timeout`` is
  replaced by one safe-hold step (τ = Q(q) + Kp (q_hold − q) − Kd q̇, q_hold the pose at the
  first missed step), repeated each timeout until commands resume.
* ``realtime``: a steady wall-clock timer at ``rate`` steps the plant with the latest valid
  command (or the safe hold if that command is older than ``lockstep_timeout``); stamps are the
  node clock's time; late ticks are counted as deadline misses.

Everything that can be checked without ROS is a plain function here (:func:`check_parameters`,
:func:`validate_config`, :func:`make_plant`); the node class is the thin shell around them.
"""

from __future__ import annotations

import math
import sys
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from rcl_interfaces.msg import ParameterDescriptor
from rclpy.clock import Clock, ClockType
from rclpy.node import Node
from rosgraph_msgs.msg import Clock as ClockMsg
from sensor_msgs.msg import JointState
from std_msgs.msg import String
from std_srvs.srv import Trigger

from modyn_model import RobotModel
from modyn_model import algorithms as alg
from modyn_ros.diagnostics import OK, WARN, Diagnostics
from modyn_ros.joint_map import JointMap, MessageError, check_values
from modyn_ros.model_source import ModelSource, declare_model_parameters
from modyn_ros.node_main import run_node
from modyn_ros.qos import LATCHED_QOS, STATE_QOS

from .mock_plant import MockPlant
from .mujoco_plant import MujocoPlant
from .plant import Plant, PlantError
from .simulated import INTEGRATORS, SimulatedPlant

try:  # rclpy >= Galactic; guarded so that an older rclpy only loses the clean-exit path
    from rclpy.executors import ExternalShutdownException
except ImportError:  # pragma: no cover

    class ExternalShutdownException(Exception):  # noqa: N818 - rclpy's name
        """Stand-in for rclpy versions without it."""


__all__ = [
    "Config",
    "ConfigError",
    "HardwareInterfaceNode",
    "MODES",
    "PARAMETERS",
    "PLANTS",
    "check_parameters",
    "main",
    "make_plant",
    "validate_config",
]

NODE_NAME = "hardware_interface"
MODES = ("lockstep", "realtime")
PLANTS = ("simulated", "mujoco", "mock")
#: Exit status of :func:`main` for a configuration error (bad parameter, no robot model).
#: Exit status of :func:`main` when the plant fails while running (e.g. the simulation diverged).

#: The node's own parameters: name -> (default, description). robot_description, model_extras,
#: root_link and tip_link are declared by modyn_ros.model_source.
PARAMETERS: dict[str, tuple[Any, str]] = {
    "plant": (
        "simulated",
        "which plant: 'simulated' (the built-in rigid-body simulator), 'mujoco' (MuJoCo on the "
        "same URDF, docs/plants.md) or 'mock' (velocity = effort, for wiring tests)",
    ),
    "mode": (
        "lockstep",
        "'lockstep': advance one step per answered joint_states message; "
        "'realtime': step on a wall-clock timer at 'rate'",
    ),
    "rate": (1000.0, "plant and control rate (Hz); the step dt = 1/rate, in whole nanoseconds"),
    "integrator": (
        "rk4",
        "integrator of the simulated and mujoco plants: 'rk4' or 'semi_implicit_euler'",
    ),
    "initial_positions": (
        [],
        "double[]: q (rad or m) at start and after ~/reset, in joint_names order; empty: zeros",
    ),
    "joint_names": (
        [],
        "string[]: order of initial_positions, hold_kp and hold_kd; empty: the model's order",
    ),
    "lockstep_timeout": (
        0.5,
        "wall seconds to wait for the command of a step before a safe-hold step "
        "(realtime: the age at which the latest command is replaced by the safe hold)",
    ),
    "hold_kp": (
        [100.0],
        "double[]: safe-hold stiffness (N·m/rad or N/m), one value for all joints or one per "
        "joint in joint_names order",
    ),
    "hold_kd": (
        [20.0],
        "double[]: safe-hold damping (N·m·s/rad or N·s/m), one value for all joints or one "
        "per joint in joint_names order",
    ),
    "publish_clock": (True, "publish /clock with the plant time"),
    "clock_period": (
        0.01,
        "plant seconds between /clock messages (0: every step); the nodes on sim time need no "
        "finer clock, and each /clock is a callback in every one of them",
    ),
}

_NS = 1_000_000_000
_LATENCY_SAMPLES = 1024  # ring buffer of the latency percentiles (about 1 s at 1 kHz)


class ConfigError(ValueError):
    """A parameter that makes the node unable to start; the text names it and its value."""


@dataclass(frozen=True)
class Config:
    """The validated parameters, arrays in the model's joint order.

    Attributes
    ----------
    plant, mode, integrator : str
    rate : float
        Hz.
    dt_ns : int
        The plant step in nanoseconds, ``round(1e9 / rate)``.
    lockstep_timeout : float
        Wall seconds.
    publish_clock : bool
    clock_every : int
        /clock is published every ``clock_every`` steps (``clock_period`` / dt, at least 1).
    initial_positions : (n,) ndarray
        rad or m, model order.
    hold_kp, hold_kd : (n,) ndarray
        Safe-hold gains, model order.
    robot_description : str
        The URDF XML the model was built from (the mujoco plant loads it too).
    """

    plant: str
    mode: str
    rate: float
    dt_ns: int
    integrator: str
    lockstep_timeout: float
    publish_clock: bool
    clock_every: int
    initial_positions: np.ndarray
    hold_kp: np.ndarray
    hold_kd: np.ndarray
    robot_description: str = field(default="", repr=False)

    @property
    def dt(self) -> float:
        """The plant step (s)."""
        return self.dt_ns * 1e-9


# ---------------------------------------------------------------------- validation (no ROS)
def _choice(values: Mapping[str, Any], name: str, choices: tuple[str, ...]) -> str:
    value = values.get(name, PARAMETERS[name][0])
    if not isinstance(value, str) or value not in choices:
        raise ConfigError(f"parameter {name}: {value!r} is not one of {list(choices)}")
    return value


def _positive(values: Mapping[str, Any], name: str) -> float:
    value = values.get(name, PARAMETERS[name][0])
    ok = isinstance(value, int | float) and not isinstance(value, bool)
    if not ok or not (math.isfinite(value) and value > 0):
        raise ConfigError(f"parameter {name}: {value!r} is not a positive finite number")
    return float(value)


def _numbers(values: Mapping[str, Any], name: str) -> list[float]:
    value = values.get(name, PARAMETERS[name][0])
    if value is None:
        value = []
    # an empty array default arrives as bytes from rclpy; ints are accepted for convenience
    if not all(isinstance(x, int | float) and not isinstance(x, bool) for x in value):
        raise ConfigError(f"parameter {name}: {value!r} is not a list of numbers")
    out = [float(x) for x in value]
    for i, x in enumerate(out):
        if not math.isfinite(x):
            raise ConfigError(f"parameter {name}: element {i} is {x}")
    return out


def check_parameters(values: Mapping[str, Any]) -> dict[str, Any]:
    """Validate the parameters that do not depend on the robot.

    Parameters
    ----------
    values : mapping
        Parameter name -> value (missing names take their defaults).

    Returns
    -------
    dict
        ``plant``, ``mode``, ``integrator`` (str), ``rate``, ``lockstep_timeout`` (float),
        ``dt_ns`` (int), ``publish_clock`` (bool), ``clock_every`` (int).

    Raises
    ------
    ConfigError
        Naming the parameter and its value.
    """
    out = {
        "plant": _choice(values, "plant", PLANTS),
        "mode": _choice(values, "mode", MODES),
        "integrator": _choice(values, "integrator", INTEGRATORS),
        "rate": _positive(values, "rate"),
        "lockstep_timeout": _positive(values, "lockstep_timeout"),
    }
    dt_ns = round(_NS / out["rate"])
    if dt_ns < 1:
        raise ConfigError(f"parameter rate: {out['rate']!r} Hz gives a step under 1 ns")
    out["dt_ns"] = dt_ns
    clock = values.get("publish_clock", PARAMETERS["publish_clock"][0])
    if not isinstance(clock, bool):
        raise ConfigError(f"parameter publish_clock: {clock!r} is not true or false")
    out["publish_clock"] = clock
    period = values.get("clock_period", PARAMETERS["clock_period"][0])
    if isinstance(period, bool) or not isinstance(period, (int, float)) or not period >= 0.0:
        raise ConfigError(f"parameter clock_period: {period!r} is not a number >= 0 (s)")
    out["clock_every"] = max(1, round(period * _NS / dt_ns))
    return out


def validate_config(values: Mapping[str, Any], model: RobotModel) -> Config:
    """All parameters, checked against ``model``; arrays reordered to the model's order.

    Raises
    ------
    ConfigError
        Naming the parameter and its value: unknown choice, non-positive rate or timeout,
        ``joint_names`` not a permutation of the model's joints, ``initial_positions`` of the
        wrong length or non-finite, gains of the wrong length or negative.
    """
    scalars = check_parameters(values)
    n = model.n
    names = values.get("joint_names") or []
    if not all(isinstance(x, str) for x in names):
        raise ConfigError(f"parameter joint_names: {names!r} is not a list of strings")
    names = list(names) or list(model.joint_names)
    try:
        # for each model joint, its position in the joint_names parameter
        order = JointMap(model.joint_names).indices(names, field="joint_names")
    except MessageError as exc:
        raise ConfigError(f"parameter {exc}") from None

    q0 = _numbers(values, "initial_positions")
    if not q0:
        q0 = [0.0] * n
    if len(q0) != n:
        raise ConfigError(
            f"parameter initial_positions: {len(q0)} values {q0} for {n} joints {names}"
        )
    gains = {}
    for name in ("hold_kp", "hold_kd"):
        g = _numbers(values, name)
        if len(g) == 1:
            g = g * n
        if len(g) != n:
            raise ConfigError(
                f"parameter {name}: {len(g)} values {g}; give one value or {n} (joints {names})"
            )
        if min(g) < 0:
            raise ConfigError(f"parameter {name}: {g} has a negative gain")
        gains[name] = _model_order(g, order)
    return Config(
        initial_positions=_model_order(q0, order),
        hold_kp=gains["hold_kp"],
        hold_kd=gains["hold_kd"],
        robot_description=values.get("robot_description") or "",
        **scalars,
    )


def _model_order(values: list[float], order: np.ndarray) -> np.ndarray:
    out = np.asarray(values, dtype=float)[order]
    out.flags.writeable = False
    return out


def make_plant(config: Config, model: RobotModel) -> Plant:
    """The plant named by ``config.plant``, at ``config.initial_positions``, at rest.

    Raises
    ------
    ConfigError
        The plant cannot be built (e.g. MuJoCo missing or rejecting ``robot_description``).
    """
    if config.plant == "simulated":
        return SimulatedPlant(model, config.integrator, q0=config.initial_positions)
    if config.plant == "mock":
        return MockPlant(model.joint_names, q0=config.initial_positions)
    if config.plant == "mujoco":
        if not config.robot_description:
            raise ConfigError("parameter robot_description: the mujoco plant needs the URDF")
        try:
            return MujocoPlant(
                model, config.robot_description, config.integrator, q0=config.initial_positions
            )
        except PlantError as exc:
            raise ConfigError(f"parameter plant: 'mujoco': {exc}") from None
    raise ConfigError(f"parameter plant: {config.plant!r} is not one of {list(PLANTS)}")


# ---------------------------------------------------------------------- the node
class HardwareInterfaceNode(Node):
    """The ``hardware_interface`` node (see the module docstring and docs/nodes.md).

    Parameters
    ----------
    node_name : str
    **kwargs
        Passed to :class:`rclpy.node.Node` (``context``, ``parameter_overrides``, ...).

    Raises
    ------
    ConfigError
        A bad parameter or no usable robot model; the error is also logged, and the node is
        destroyed before the exception leaves the constructor.

    Attributes
    ----------
    model : RobotModel
    plant : Plant
    config : Config
    counters : dict
        ``steps``, ``misses``, ``stale``, ``rejected``, ``saturated``, ``deadline_misses``.
    """

    def __init__(self, node_name: str = NODE_NAME, **kwargs):
        super().__init__(node_name, **kwargs)
        try:
            self._setup()
        except ConfigError as exc:
            self.get_logger().error(str(exc))
            self.destroy_node()
            raise

    # ------------------------------------------------------------------ setup
    def _declare_parameters(self) -> dict[str, Any]:
        declare_model_parameters(self)
        for name, (default, text) in PARAMETERS.items():
            # dynamically typed so that a wrong type reaches validate_config and gets a message
            # naming the parameter (and so that 'rate:=500' works as well as 500.0); read-only
            # because the node reads its parameters once, at start
            descriptor = ParameterDescriptor(description=text, dynamic_typing=True, read_only=True)
            self.declare_parameter(name, default, descriptor)
        values = {name: self.get_parameter(name).value for name in PARAMETERS}
        values["robot_description"] = self.get_parameter("robot_description").value
        return values

    def _setup(self) -> None:
        values = self._declare_parameters()
        scalars = check_parameters(values)
        if not values["robot_description"]:
            raise ConfigError(
                "parameter robot_description is required for hardware_interface (the URDF the "
                "plant runs), got an empty string"
            )
        if scalars["mode"] == "realtime" and self.get_parameter("use_sim_time").value:
            raise ConfigError(
                "parameter use_sim_time: true in realtime mode; hardware_interface is the clock "
                "source and must run on the system clock"
            )
        source = ModelSource(self)
        if source.model is None:
            raise ConfigError(
                "parameter robot_description: the URDF was rejected (see the error above)"
            )
        self.model = model = source.model
        self.config = cfg = validate_config(values, model)
        self.plant = make_plant(cfg, model)
        outside = (cfg.initial_positions < model.lower) | (cfg.initial_positions > model.upper)
        if outside.any():
            bad = [model.joint_names[i] for i in np.flatnonzero(outside)]
            self.get_logger().warning(f"initial_positions outside the position limits of {bad}")

        n = model.n
        self._realtime = cfg.mode == "realtime"
        self._dt = cfg.dt
        self._dt_ns = cfg.dt_ns
        self._jmap = JointMap(model.joint_names)
        self._limit = np.array(model.effort_limit, dtype=float)
        self._neg_limit = -self._limit
        self._data = model.make_data()  # for the safe hold's gravity term
        # preallocated per-step buffers
        self._cmd = np.zeros(n)  # the command being applied, model order
        self._abs = np.zeros(n)
        self._mask = np.zeros(n, dtype=bool)
        self._hold_tau = np.zeros(n)
        self._hold_tmp = np.zeros(n)
        self._q_hold: np.ndarray | None = None

        # time and state of the loop
        self._k = 0  # steps taken
        self._t_ns = 0  # lockstep plant time t_k = k dt_ns
        self._started = False  # a command has been followed (lockstep) or received (realtime)
        self._holding = False
        self._published_ns = 0  # steady time of the last joint_states (lockstep latency)
        self._cmd_rx_ns: int | None = None  # realtime: steady receipt time of the command
        self._cmd_stamp_ns = -1  # realtime: stamp of the latest accepted command
        self.counters = dict.fromkeys(
            ("steps", "misses", "hold_steps", "stale", "rejected", "saturated", "deadline_misses"),
            0,
        )
        self._latency = np.zeros(_LATENCY_SAMPLES)  # ns
        self._latency_count = 0
        self._step_time_ns = 0  # sums since the last diagnostics report
        self._cycle_time_ns = 0
        self._cycles = 0
        self._report_steps = 0
        self._report_wall = time.monotonic()

        # messages reused on every step (rclpy serialises at publish time)
        self._js = JointState()
        self._js.name = list(model.joint_names)
        self._clock_msg = ClockMsg()
        self._clock_every = cfg.clock_every

        self._pub_state = self.create_publisher(JointState, "joint_states", STATE_QOS)
        self._pub_clock = (
            self.create_publisher(ClockMsg, "/clock", 10) if cfg.publish_clock else None
        )
        self._pub_description = self.create_publisher(String, "/robot_description", LATCHED_QOS)
        self._pub_description.publish(String(data=values["robot_description"]))
        self.create_subscription(JointState, "effort_command", self._on_command, STATE_QOS)
        self.create_service(Trigger, "~/reset", self._on_reset)
        steady = Clock(clock_type=ClockType.STEADY_TIME)
        if self._realtime:
            self._period_ns = cfg.dt_ns
            self._timeout_ns = round(cfg.lockstep_timeout * _NS)
            self._due_ns = time.monotonic_ns()
            self._timer = self.create_timer(cfg.dt, self._on_tick, clock=steady)
        else:
            self._timer = self.create_timer(cfg.lockstep_timeout, self._on_timeout, clock=steady)
            # after a missed command the plant holds at real-time pace (not one step per
            # timeout), so a dead controller leaves an arm that holds in sim time as it would
            # in reality, until a command for the current step arrives
            self._hold_timer = self.create_timer(cfg.dt, self._on_hold_tick, clock=steady)
            self._hold_timer.cancel()
        self.diagnostics = Diagnostics(self, self._report)
        self.get_logger().info(
            f"{cfg.plant} plant, {cfg.mode} at {cfg.rate:g} Hz (dt = {cfg.dt_ns} ns, "
            f"{cfg.integrator}), q0 = {cfg.initial_positions.tolist()}"
        )
        if not self._realtime:
            self._publish_state(self._t_ns)

    # ------------------------------------------------------------------ hot path
    def _on_command(self, msg: JointState) -> None:
        rx_ns = time.monotonic_ns()
        try:
            order = self._jmap.indices(msg.name)
            check_values(msg.effort, len(msg.name), "effort")
        except MessageError as exc:
            self.counters["rejected"] += 1
            self.get_logger().warning(f"effort_command rejected: {exc}", throttle_duration_sec=1.0)
            return
        stamp = msg.header.stamp
        stamp_ns = stamp.sec * _NS + stamp.nanosec
        if self._realtime:
            self._on_command_realtime(msg, order, stamp_ns, rx_ns)
            return
        if stamp_ns != self._t_ns:
            self.counters["stale"] += 1
            return
        self._record_latency(rx_ns - self._published_ns)
        np.take(msg.effort, order, out=self._cmd)
        self._started = True
        if self._holding:
            self._hold_timer.cancel()
            self.get_logger().info(
                f"commands resumed at t = {self._t_ns * 1e-9:.3f} s: lockstep again"
            )
        self._holding = False
        self._q_hold = None
        self._advance(self._clip(self._cmd))
        self._cycle_time_ns += time.monotonic_ns() - rx_ns
        self._cycles += 1

    def _on_command_realtime(self, msg, order, stamp_ns: int, rx_ns: int) -> None:
        if stamp_ns < self._cmd_stamp_ns:  # out of order: an older answer than one applied
            self.counters["stale"] += 1
            return
        self._record_latency(self.get_clock().now().nanoseconds - stamp_ns)
        np.take(msg.effort, order, out=self._cmd)
        self._clip(self._cmd)
        self._cmd_stamp_ns = stamp_ns
        self._cmd_rx_ns = rx_ns
        self._started = True

    def _clip(self, tau: np.ndarray) -> np.ndarray:
        """Clip ``tau`` in place to the effort limits, counting a saturation if it was cut."""
        np.abs(tau, out=self._abs)
        if np.greater(self._abs, self._limit, out=self._mask).any():
            self.counters["saturated"] += 1
            np.clip(tau, self._neg_limit, self._limit, out=tau)
        return tau

    def _advance(self, tau: np.ndarray) -> None:
        """Apply ``tau`` over one step and publish the new state (both modes)."""
        t0 = time.perf_counter_ns()
        self.plant.write(tau)
        self.plant.step(self._dt)
        self._step_time_ns += time.perf_counter_ns() - t0
        self._k += 1
        self.counters["steps"] = self._k
        if self._realtime:
            self._publish_state(self.get_clock().now().nanoseconds)
        else:
            self._t_ns += self._dt_ns
            self._publish_state(self._t_ns)
            if not self._holding:
                # the timeout of the next step counts from this publication
                self._timer.reset()

    def _publish_state(self, stamp_ns: int) -> None:
        state = self.plant.read()
        sec, nanosec = divmod(stamp_ns, _NS)
        if self._pub_clock is not None and self._k % self._clock_every == 0:
            # /clock first, so that a subscriber's clock is never behind the state it receives
            self._clock_msg.clock.sec = sec
            self._clock_msg.clock.nanosec = nanosec
            self._pub_clock.publish(self._clock_msg)
        js = self._js
        js.header.stamp.sec = sec
        js.header.stamp.nanosec = nanosec
        js.position = state.position.tolist()
        js.velocity = state.velocity.tolist()
        js.effort = state.effort.tolist()
        self._pub_state.publish(js)
        self._published_ns = time.monotonic_ns()

    def _record_latency(self, ns: int) -> None:
        self._latency[self._latency_count % _LATENCY_SAMPLES] = ns
        self._latency_count += 1

    # ------------------------------------------------------------------ safe hold
    def _hold_effort(self) -> np.ndarray:
        """τ = Q(q) + Kp (q_hold − q) − Kd q̇, clipped; q_hold is set at the first missed step."""
        state = self.plant.read()
        q, v = state.position, state.velocity
        if self._q_hold is None:
            self._q_hold = q.copy()
        tau, tmp = self._hold_tau, self._hold_tmp
        np.subtract(self._q_hold, q, out=tau)
        tau *= self.config.hold_kp
        tau += alg.gravity(self.model, self._data, q)
        np.multiply(v, self.config.hold_kd, out=tmp)
        tau -= tmp
        return self._clip(tau)

    def _on_timeout(self) -> None:
        """Lockstep: no command for ``lockstep_timeout`` wall seconds."""
        if not self._started:
            self._publish_state(self._t_ns)  # a late subscriber gets t_0 too
            return
        self.counters["misses"] += 1
        self._holding = True
        self._timer.cancel()
        self._hold_timer.reset()
        self.get_logger().warning(
            f"no command for step t = {self._t_ns * 1e-9:.3f} s within {self.config.lockstep_timeout} s: "
            "safe hold (gravity compensation + PD) at real-time pace until commands resume"
        )
        self._advance(self._hold_effort())

    def _on_hold_tick(self) -> None:
        """Lockstep, holding: one safe-hold step per period until a matching command arrives."""
        self.counters["hold_steps"] += 1
        self._advance(self._hold_effort())

    def _on_tick(self) -> None:
        """Realtime: one step per timer period."""
        now = time.monotonic_ns()
        self._due_ns += self._period_ns
        late = now - self._due_ns
        if late > self._period_ns:
            self.counters["deadline_misses"] += 1
            # rcl skips the periods a late timer missed, keeping its phase: follow it
            self._due_ns += (late // self._period_ns) * self._period_ns
        if self._cmd_rx_ns is not None and now - self._cmd_rx_ns <= self._timeout_ns:
            self._holding = False
            self._q_hold = None
            tau = self._cmd
        else:
            # before the first command the hold is the normal start-up, not a fault
            if self._started:
                self.counters["misses"] += 1
                self._holding = True
            tau = self._hold_effort()
        self._advance(tau)
        self._cycle_time_ns += time.monotonic_ns() - now
        self._cycles += 1

    # ------------------------------------------------------------------ service, diagnostics
    def _on_reset(self, request: Trigger.Request, response: Trigger.Response) -> Trigger.Response:
        q0 = self.config.initial_positions
        self.plant.reset(q0)
        self._q_hold = None  # a hold continues at the reset pose, not the old one
        if not self._realtime:
            self._publish_state(self._t_ns)  # the state at t_k changed: tell the controller
            self._timer.reset()  # and give it a full lockstep_timeout to answer
        response.success = True
        response.message = (
            f"reset to initial_positions {q0.tolist()} at t = {self._t_ns * 1e-9:.9f} s"
            if not self._realtime
            else f"reset to initial_positions {q0.tolist()}"
        )
        self.get_logger().info(response.message)
        return response

    @property
    def state(self) -> str:
        """``waiting``, ``following`` or ``holding``."""
        if self._holding:
            return "holding"
        return "following" if self._started else "waiting"

    @property
    def plant_time_ns(self) -> int:
        """Lockstep plant time t_k (ns); realtime: steps × dt."""
        return self._t_ns if not self._realtime else self._k * self._dt_ns

    def latency_percentiles(self) -> tuple[float, float]:
        """(p50, p99) latency in µs over the last samples (nan when none).

        Lockstep: wall time from publishing ``joint_states(t_k)`` to receiving its command.
        Realtime: receipt time (node clock) minus the command's stamp.
        """
        count = min(self._latency_count, _LATENCY_SAMPLES)
        if count == 0:
            return math.nan, math.nan
        p50, p99 = np.percentile(self._latency[:count], (50.0, 99.0)) * 1e-3
        return float(p50), float(p99)

    def _report(self) -> tuple[int, str, dict]:
        now = time.monotonic()
        steps = self._k
        elapsed = max(now - self._report_wall, 1e-9)
        taken = steps - self._report_steps
        step_us = self._step_time_ns / taken * 1e-3 if taken else math.nan
        cycle_us = self._cycle_time_ns / self._cycles * 1e-3 if self._cycles else math.nan
        p50, p99 = self.latency_percentiles()
        values = {
            "mode": self.config.mode,
            "plant": self.config.plant,
            "integrator": self.config.integrator,
            "state": self.state,
            "plant_time": f"{self.plant_time_ns * 1e-9:.6f}",
            "steps": steps,
            "steps_per_second": f"{taken / elapsed:.1f}",
            "step_time_us": f"{step_us:.1f}",
            "cycle_time_us": f"{cycle_us:.1f}",
            **{k: v for k, v in self.counters.items() if k != "steps"},
            "latency_p50_us": f"{p50:.1f}",
            "latency_p99_us": f"{p99:.1f}",
        }
        self._report_wall, self._report_steps = now, steps
        self._step_time_ns = self._cycle_time_ns = self._cycles = 0
        if self._holding:
            return WARN, "safe hold: effort commands missing", values
        if self.state == "waiting":
            held = " (safe hold)" if self._realtime else ""
            return OK, f"waiting for the first effort command{held}", values
        return OK, "following effort commands", values


# ---------------------------------------------------------------------- entry point
def main(args: list[str] | None = None) -> int:
    """Run the node until shutdown. Exit status 2 on a configuration error (logged by the node,
    naming the parameter), 1 if the plant fails (e.g. the simulation diverges)."""
    return run_node(
        HardwareInterfaceNode,
        NODE_NAME,
        args,
        config_errors=(ConfigError,),
        runtime_errors=(PlantError,),
    )


if __name__ == "__main__":
    sys.exit(main())
