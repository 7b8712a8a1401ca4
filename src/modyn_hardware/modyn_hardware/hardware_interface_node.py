"""The ``hardware_interface`` node: one Plant behind the modyn topics (docs/nodes.md).

The node publishes the plant's ``joint_states`` (sensor_msgs/JointState, position in rad or m,
velocity in rad/s or m/s, effort in N·m or N, joints in the model's order), ``/clock``
(rosgraph_msgs/Clock, plant time), the latched ``/robot_description`` and the latched
``hardware_status`` (diagnostic_msgs/DiagnosticStatus: OK, disarmed, or the latched fault, on
every change; the generator refuses goals and the controller drops its trajectories while it is
not OK); it applies the ``effort_command`` messages (sensor_msgs/JointState: ``name`` +
``effort``) it receives, within the joint limits (:mod:`modyn_hardware.safety`), and offers ``~/reset`` (std_srvs/Trigger: clear
a latched fault), ``~/reset_plant`` (Trigger: move a simulated plant back to
``initial_positions``) and ``~/enable`` (std_srvs/SetBool: arm or disarm the output); a
simulated plant can be pushed through ``~/push`` (geometry_msgs/WrenchStamped, for tests and
demos: :meth:`Plant.push`).

Two modes:

* ``lockstep`` (default): plant time is t_k = k·dt, kept as integer nanoseconds so that stamps
  compare exactly. The node publishes ``joint_states`` and ``/clock`` stamped t_k and advances
  to t_{k+1} only when a command stamped t_k arrives; commands with any other stamp are counted
  as stale and ignored. Before the first command it republishes the state every
  :data:`WAITING_REPUBLISH_PERIOD` wall seconds (a controller matched by DDS after the first
  publication gets t_0 at once), and says so once per ``watchdog_timeout``.
* ``realtime``: a steady wall-clock timer at ``rate`` steps the plant with the latest valid
  command; stamps are the node clock's time; late ticks are counted as deadline misses.

Safety, the same on every plant: the safe hold is τ = Q(q) + A(q_hold) [ω² (q_hold − q) − 2ζω q̇]
(the default: ``hold_bandwidth``, ``hold_damping_ratio``) or τ = Q(q) + Kp (q_hold − q) − Kd q̇
(``hold_kp``/``hold_kd`` given, checked for discrete stability at the rate by
:mod:`modyn_hardware.hold_gains`), clipped to the effort limits, computed from the model by
:class:`modyn_control.hold.HoldLaw` (gravity compensation + PD on q_hold, the measured pose when
the hold began, clipped to 0.5 % inside the position limits; u with Sᵀu = τ). It is applied

* while disarmed (``~/enable`` false; q_hold = the pose at disarm);
* before the first command (realtime; lockstep does not step then), and during a gap in the
  commands within ``watchdog_grace`` of the first one (start-up, not a fault);
* after a fault, latched until ``~/reset``: the command watchdog (no valid command for
  ``watchdog_timeout`` wall seconds once commands have started and the grace is over; time in
  which this node itself did not run does not count) or a limit in ``fault`` mode.
  In lockstep the faulted plant steps at real-time pace (one step per dt of wall time), so that
  a dead controller leaves an arm that holds in sim time as it would in reality.

Module layout: :mod:`modyn_hardware.hardware_config` (the parameters, :class:`Config`, their
validation and :func:`make_plant`), :mod:`modyn_hardware.hardware_supervisor` (the loop, the
watchdog, faults, the safe hold and the reset/enable rules, without ROS),
:mod:`modyn_hardware.safety` (the limits); this module is the thin node that wires ROS topics,
services and timers to them (and re-exports the configuration names).
"""

from __future__ import annotations

import math
import os
import sys
import time
from typing import Any

import numpy as np
from diagnostic_msgs.msg import DiagnosticStatus, KeyValue
from geometry_msgs.msg import Point, WrenchStamped
from nav_msgs.msg import Odometry
from rcl_interfaces.msg import ParameterDescriptor
from rclpy.clock import Clock, ClockType
from rclpy.impl.implementation_singleton import rclpy_implementation as _rclpy
from rclpy.node import Node
from rosgraph_msgs.msg import Clock as ClockMsg
from sensor_msgs.msg import JointState
from std_msgs.msg import String
from std_srvs.srv import SetBool, Trigger
from visualization_msgs.msg import Marker, MarkerArray

from modyn_model import ModelError
from modyn_model.contract import coordinate_effort
from modyn_model.so3 import matrix_to_quaternion
from modyn_ros import intra_process as intra
from modyn_ros import loop_log
from modyn_ros.diagnostics import ERROR, OK, WARN, Diagnostics
from modyn_ros.frames import FrameBroadcaster, tf_message_class
from modyn_ros.heap import settle_heap
from modyn_ros.model_source import ModelSource, declare_model_parameters
from modyn_ros.node_main import run_node
from modyn_ros.qos import LATCHED_QOS, STATE_QOS

from .hardware_config import (
    MODES,
    PARAMETERS,
    PLANTS,
    Config,
    ConfigError,
    check_parameters,
    make_plant,
    validate_config,
)
from .hardware_supervisor import REJECTIONS, Supervisor
from .plant import PlantError, PlantState
from .state_log import StateLog

__all__ = [
    "Config",
    "ConfigError",
    "HardwareInterfaceNode",
    "MODES",
    "PARAMETERS",
    "PLANTS",
    "REJECTIONS",
    "check_parameters",
    "main",
    "make_plant",
    "validate_config",
]

NODE_NAME = "hardware_interface"
#: lockstep, before the first command: the state of t_0 is republished this often (wall s). A
#: controller (or generator, or recorder) that DDS matches after the first publication gets t_0
#: within this period instead of a watchdog period: at 2 s, every lockstep start waited one or
#: two watchdog periods for it (about 4 of a short episode's 10 s).
WAITING_REPUBLISH_PERIOD = 0.05

#: lockstep, before the first command: watchdog periods in a row with an ``effort_command``
#: publisher in the ROS graph and none matched by the reader, after which the reader is made
#: anew (:meth:`HardwareInterfaceNode._resubscribe`)
UNMATCHED_PERIODS = 3
_NS = 1_000_000_000
#: what rclpy raises when the middleware refuses a publication (rclpy has no public name for it)
RCLError = _rclpy.RCLError
#: a publication of joint_states that holds the loop longer than this (wall ns) is counted and
#: logged: the middleware held it (Q32: Fast DDS for 1.0 s, on two readers just SIGKILLed)
STALL_NS = 100_000_000


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
    model : modyn_model.MechanismModel
    plant : Plant
    config : Config
    supervisor : Supervisor
        The loop and its safety (:mod:`modyn_hardware.hardware_supervisor`); ``counters``,
        ``rejections``, ``fault``, ``armed``, ``state`` and ``plant_time_ns`` are its own.
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
        bind = getattr(self.plant, "bind", None)
        if callable(bind):  # a plant that talks ROS itself (the ros2_control bridge)
            bind(self)
        limits = cfg.limits
        outside = (cfg.initial_positions < limits.lower) | (cfg.initial_positions > limits.upper)
        if outside.any() and cfg.plant != "ros2_control":
            bad = [model.coordinate_names[i] for i in np.flatnonzero(outside)]
            self.get_logger().warning(f"initial_positions outside the position limits of {bad}")

        self._realtime = cfg.mode == "realtime"
        self._report_steps = 0
        self._report_limited = 0
        self._report_wall = time.monotonic()

        self._state_log: StateLog | None = None  # parameter state_log, opened below
        #: topic -> (publications the middleware refused, monotonic s of the last log of one)
        self._failed_publications: dict[str, tuple[int, float]] = {}
        self._topic_log = None  # parameter topic_log (modyn_ros.topic_log), opened below
        # messages reused on every step (rclpy serialises at publish time)
        self._js = JointState()
        # one name list: positions by coordinate_names; velocities are by velocity_names, the
        # same list when nq == nv (the contract says nothing yet of a message for nq != nv)
        self._js.name = list(model.coordinate_names)
        self._js_index = None  # a floating base: (q, v, u) indices of the joints
        # the effort under the coordinates' names (modyn_model.contract.coordinate_effort): u
        # itself (an arm, or nu = nq by index) or, with more actuators than coordinates, the
        # generalized forces Sᵀ(q) u (the nu forces are on actuator_states)
        self._js_tau = coordinate_effort(model) == "tau" and model.nu != model.nq
        self._clock_msg = ClockMsg()
        self._clock_every = cfg.clock_every
        # simulated sensors (parameter measurement_noise): white Gaussian noise on the published
        # position, velocity and effort only; the plant, the safety layer and the hold keep the
        # true state. One seeded generator: a run is reproducible
        self._noise_std = np.asarray(cfg.measurement_noise, dtype=float)
        self._noise_rng = (
            np.random.default_rng(cfg.measurement_noise_seed) if self._noise_std.any() else None
        )
        # a republished state (t_0 while the lockstep plant waits, every 50 ms of wall time) is
        # the same measurement again, not a new draw: the noise sequence then depends on the
        # plant's steps only, not on how long the start-up took (it did, and a noisy
        # identification run changed from run to run)
        self._noisy_stamp: int | None = None
        self._noisy_values: tuple = ()
        self._republishing = False

        # composed with the controller: delivered to it by reference (modyn_ros.intra_process)
        self._pub_state = intra.create_publisher(self, JointState, "joint_states", STATE_QOS)
        self._state_intra = getattr(self._pub_state, "intra", False)
        if self._state_intra:  # its DDS copy, sent later by the bus, is watched the same way
            self._pub_state.send = self._send_state
        self._setup_base_and_constraints(model)
        self._setup_views(model, cfg)
        self._setup_actuator_outputs(model, cfg)
        self._pub_clock = (
            self.create_publisher(ClockMsg, "/clock", 10) if cfg.publish_clock else None
        )
        self._pub_description = self.create_publisher(String, "/robot_description", LATCHED_QOS)
        self._pub_description.publish(String(data=values["robot_description"]))
        # the latched state (waiting / faulted / disarmed), for the generator and the controller
        self._pub_status = self.create_publisher(DiagnosticStatus, "hardware_status", LATCHED_QOS)
        self.supervisor = sup = Supervisor(cfg, model, self.plant, self)
        self._command_sub = intra.create_subscription(
            self, JointState, "effort_command", self._on_command, STATE_QOS
        )
        self._pending_push: tuple[int, WrenchStamped] | None = None  # (plant time ns, push)
        push_sub = self.create_subscription(WrenchStamped, "~/push", self._on_push, 10)
        self._push_topic = push_sub.topic_name
        self.create_service(Trigger, "~/reset", self._on_reset)
        self.create_service(Trigger, "~/reset_plant", self._on_reset_plant)
        self.create_service(SetBool, "~/enable", self._on_enable)
        self.plant.prepare(cfg.dt)  # what its first steps would build (Plant.prepare)
        settle_heap()  # model, plant and buffers exist: out of the collector's way (modyn_ros.heap)
        steady = Clock(clock_type=ClockType.STEADY_TIME)
        self._hold_timer = None
        if self._realtime:
            sup.start_ticks(time.monotonic_ns())
            self._timer = self.create_timer(cfg.dt, sup.on_tick, clock=steady)
        else:
            self._waits = 0  # republishes of t_0 before the first command
            self._periods = 0  # watchdog periods spent waiting for it
            self._unmatched = 0  # of them, with a graph publisher the reader never matched
            self._resubscribed = 0  # effort_command readers made anew (_resubscribe)
            self._timer = self.create_timer(cfg.watchdog_timeout, self._on_timeout, clock=steady)
            self._waiting_timer = self.create_timer(
                min(WAITING_REPUBLISH_PERIOD, cfg.watchdog_timeout), self._on_waiting, clock=steady
            )
            # a faulted plant holds at real-time pace (not one step per timeout), so a dead
            # controller leaves an arm that holds in sim time as it would in reality
            self._hold_timer = self.create_timer(cfg.dt, sup.on_hold_tick, clock=steady)
            self._hold_timer.cancel()
        self.diagnostics = Diagnostics(self, self._report, cfg.diagnostic_period)
        self.get_logger().info(
            f"{cfg.plant} plant, {cfg.mode} at {cfg.rate:g} Hz (dt = {cfg.dt_ns} ns, "
            f"{cfg.integrator}), q0 = {cfg.initial_positions.tolist()}, watchdog "
            f"{cfg.watchdog_timeout:g} s, limits: effort {limits.effort_mode}, velocity "
            f"{limits.velocity_mode}, position {limits.position_mode}"
        )
        self._publish_status()
        self._log_hold_and_damping()
        if cfg.state_log:
            names = list(self._js.name)
            try:
                self._state_log = StateLog(cfg.state_log, names, names, names)
            except OSError as exc:
                raise ConfigError(
                    f"parameter state_log: cannot write {cfg.state_log!r}: {exc}"
                ) from exc
            self.get_logger().info(f"state log: every published state to {cfg.state_log}")
        if cfg.topic_log:
            self._open_topic_log(cfg.topic_log)
        if not self._realtime:
            sup.publish_state()

    def _open_topic_log(self, path: str) -> None:
        """Parameter ``topic_log``: the per-step publishers write what they publish, and
        ``_on_command`` what it receives, to an MCAP file (modyn_ros.topic_log)."""
        from modyn_ros.topic_log import TopicLog, TopicLogError

        try:
            log = self._topic_log = TopicLog(path)
        except TopicLogError as exc:
            raise ConfigError(f"parameter topic_log: {exc}") from exc
        log.channel("effort_command", JointState)
        self._pub_state = log.tap(self._pub_state, "joint_states", JointState)
        if self._pub_base is not None:
            self._pub_base = log.tap(self._pub_base, "base_state", Odometry)
        for name, pub in self._pub_wrench.items():
            self._pub_wrench[name] = log.tap(pub, pub.topic_name, WrenchStamped)
        if self._pub_actuators is not None:
            self._pub_actuators = log.tap(self._pub_actuators, "actuator_states", JointState)
        self.get_logger().info(
            f"topic log: every message of the loop's topics to {path} (modyn_ros.topic_log)"
        )

    def _setup_base_and_constraints(self, model) -> None:
        """A floating base (``model.floating_base``): ``joint_states`` carries the joints only
        (the names common to the coordinates and the velocities), the base goes on
        ``base_state`` (nav_msgs/Odometry). A constrained model (``model.constraint_names``):
        one ``constraint_forces/<name>`` (geometry_msgs/WrenchStamped) per constraint. Decided
        by these attributes alone, whatever the mechanism."""
        self._pub_base = None
        self._odom = None
        if getattr(model, "floating_base", False):
            coords, vels = tuple(model.coordinate_names), tuple(model.velocity_names)
            acts = tuple(model.actuator_names)
            joints = [n for n in coords if n in vels]
            iq = np.array([coords.index(n) for n in joints], dtype=int)
            iv = np.array([vels.index(n) for n in joints], dtype=int)
            # efforts by joint name; a joint without an actuator of its name: no efforts
            iu = (
                np.array([acts.index(n) for n in joints], dtype=int)
                if all(n in acts for n in joints)
                else None
            )
            self._js.name = joints
            self._js_index = (iq, iv, iu)
            self._odom = Odometry()
            self._odom.header.frame_id = str(model.base_frame)
            self._odom.child_frame_id = str(model.limb_model.root)
            self._pub_base = self.create_publisher(Odometry, "base_state", STATE_QOS)
        self._pub_wrench: dict[str, Any] = {}
        self._wrench: dict[str, WrenchStamped] = {}
        for name in getattr(model, "constraint_names", ()):
            topic = f"constraint_forces/{name}"
            try:
                self._pub_wrench[name] = self.create_publisher(WrenchStamped, topic, STATE_QOS)
            except Exception as exc:  # rclpy's InvalidTopicNameException and kin
                raise ConfigError(
                    f"constraint '{name}' of model '{model.name}': '{topic}' is not a valid "
                    f"topic name ({exc}); rename the constraint (letters, digits, '_')"
                ) from None
            msg = WrenchStamped()
            msg.header.frame_id = str(model.base_frame)
            self._wrench[name] = msg

    def _setup_views(self, model, cfg: Config) -> None:
        """What rviz draws besides joint_states (config/rviz/<system>.rviz), at the marker rate
        (``marker_every`` steps; 0: none):

        * ``constraint_markers`` (visualization_msgs/MarkerArray): one ARROW per constraint
          whose name is a frame of the model (a contact at that frame's origin), from the
          contact point along the force it applies on the robot, CONTACT_ARROW_M_PER_N m per N,
          in the model's base frame; published with ``constraint_forces`` (the same values);
        * ``/tf`` (tf2_msgs/TFMessage): every frame of the model placed in its base frame at the
          plant's q (modyn_ros.frames.FrameBroadcaster: the model's own ``frame_placement``, so
          closed chains, coupled and flexible links and a floating base too). tf2_msgs is
          generated by ``make build`` where it is not installed (fallback/tf2_msgs); without it
          this is said once at start.
        """
        self._pub_contacts = self._frames_tf = None
        self._contacts_next = 0
        frames = set(getattr(model, "frame_names", ()))
        self._contact_frames = [n for n in self._pub_wrench if n in frames]
        if self._contact_frames and cfg.marker_every > 0:
            self._contact_markers = MarkerArray()
            for i, name in enumerate(self._contact_frames):
                m = Marker()
                m.header.frame_id = str(model.base_frame)
                m.ns, m.id, m.text = "constraint_forces", i, name
                m.type, m.action = Marker.ARROW, Marker.ADD
                m.scale.x, m.scale.y, m.scale.z = 0.01, 0.02, 0.03  # m: shaft, head diameters, head
                m.color.r, m.color.g, m.color.b, m.color.a = 0.1, 0.4, 1.0, 1.0
                m.points = [Point(), Point()]
                self._contact_markers.markers.append(m)
            self._pub_contacts = self.create_publisher(MarkerArray, "constraint_markers", 10)
        floating = self._pub_base is not None
        tf_frames = {
            "all": None,
            "base": (str(model.limb_model.root),)
            if floating and str(model.limb_model.root) in model.frame_names
            else (),
            "none": (),
        }[cfg.tf]
        if cfg.marker_every > 0 and tf_frames != ():
            tf_message = tf_message_class()
            if tf_message is None:
                self.get_logger().info(
                    "tf2_msgs is not installed: no /tf (joint_states and base_state carry the "
                    "state; make build generates tf2_msgs in the PyPI route, fallback/README.md)"
                )
            else:
                self._frames_tf = FrameBroadcaster(self, model, tf_message, frames=tf_frames)

    def _setup_actuator_outputs(self, model, cfg: Config) -> None:
        """A model whose actuators have states of their own (optional contract members, any
        mechanism): ``actuator_state(q, v)`` -> (positions, velocities) of the nu actuators
        gives ``actuator_states`` (sensor_msgs/JointState by ``actuator_names``, effort = the
        applied u), and ``actuator_segments(q)`` -> (nu, 2, 3) end points in the base frame
        gives ``actuator_markers`` (visualization_msgs/MarkerArray, one cylinder per actuator
        coloured by |u|/effort_limit) every ``marker_every`` steps (``marker_rate``)."""
        self._actuator_state = getattr(model, "actuator_state", None)
        # a plant that integrates the model's actuator_dynamics (the built-in one) knows the
        # actuators' own states (gimbal angles, wheel speeds): its actuator_state() then
        plant_state = getattr(self.plant, "actuator_state", None)
        self._plant_actuator_state = (
            plant_state
            if getattr(model, "actuator_dynamics", None) is not None and callable(plant_state)
            else None
        )
        if self._plant_actuator_state is not None:
            self._actuator_state = lambda q, v: self._plant_actuator_state()
        self._actuator_segments = getattr(model, "actuator_segments", None)
        self._pub_actuators = self._pub_markers = None
        names = list(model.actuator_names)
        if callable(self._actuator_state):
            self._as = JointState()
            self._as.name = names
            self._pub_actuators = self.create_publisher(JointState, "actuator_states", STATE_QOS)
        if callable(self._actuator_segments) and cfg.marker_every > 0:
            limit = np.asarray(cfg.limits.effort if cfg.limits is not None else [], dtype=float)
            if limit.shape != (len(names),):
                limit = np.asarray(model.effort_limit, dtype=float)
            # |u|/limit in [0, 1]; an unlimited actuator is coloured by 1/(1 + |u|/100 N)
            self._marker_limit = np.where(np.isfinite(limit) & (limit > 0), limit, np.inf)
            self._markers = MarkerArray()
            for i, name in enumerate(names):
                m = Marker()
                m.header.frame_id = str(model.base_frame)
                m.ns, m.id = "actuators", i
                m.type, m.action = Marker.CYLINDER, Marker.ADD
                m.scale.x = m.scale.y = 0.05  # m: the cylinder's diameter
                m.color.a = 1.0
                m.text = name
                self._markers.markers.append(m)
            self._pub_markers = self.create_publisher(MarkerArray, "actuator_markers", 10)

    def _publish_actuators(self, state: PlantState, sec: int, nanosec: int, step: int) -> None:
        """``actuator_states`` every step; ``actuator_markers`` every ``marker_every`` steps."""
        if self._pub_actuators is not None:
            pos, vel = self._actuator_state(state.position, state.velocity)
            a = self._as
            a.header.stamp.sec, a.header.stamp.nanosec = sec, nanosec
            a.position = np.asarray(pos, dtype=float).tolist()
            a.velocity = np.asarray(vel, dtype=float).tolist()
            a.effort = state.effort.tolist()
            self._pub_actuators.publish(a)
        if self._pub_markers is None or step % self.config.marker_every != 0:
            return
        segments = np.asarray(self._actuator_segments(state.position), dtype=float)
        level = np.abs(state.effort) / self._marker_limit
        level = np.where(np.isfinite(self._marker_limit), level, np.abs(state.effort) / 100.0)
        level = np.clip(level, 0.0, 1.0)
        for m, (p0, p1), x in zip(self._markers.markers, segments, level, strict=True):
            _cylinder_between(m, p0, p1)
            # green (no force) -> red (at the effort limit)
            m.color.r, m.color.g, m.color.b = float(x), float(1.0 - x), 0.0
            m.header.stamp.sec, m.header.stamp.nanosec = sec, nanosec
        self._pub_markers.publish(self._markers)

    def _log_hold_and_damping(self) -> None:
        """The safe-hold gains in use, each adjustment made for stability (warning), the
        coordinates the hold cannot hold, and the joints whose viscous damping an explicit
        integrator could not take at dt."""
        cfg, log = self.config, self.get_logger()
        for note in cfg.hold_notes:
            log.warning(note)
        per_joint = (
            f"Kp = {np.round(cfg.hold_kp, 6).tolist()}, Kd = {np.round(cfg.hold_kd, 6).tolist()} "
            f"({list(self.model.velocity_names)})"
        )
        if cfg.hold_matrix:
            capped = (
                f"; capped for stability at dt: {list(cfg.hold_capped)}" if cfg.hold_capped else ""
            )
            log.info(
                f"safe hold from the model: A(q_hold) [w^2 (q_hold - q) - 2 zeta w dq/dt], "
                f"w = {cfg.hold_bandwidth:g} rad/s, zeta = {cfg.hold_damping_ratio:g}; soft "
                f"limits {per_joint}{capped}"
            )
        else:
            log.info(f"safe hold gains (also the soft limits'): {per_joint}")
        unheld = self.supervisor.unheld_warning
        if unheld is not None:
            log.warning(unheld)
        if not cfg.stiff_damping or cfg.plant in ("mock", "ros2_control"):
            return  # the mock has no damping; a real robot's damping is physics, not a scheme
        if getattr(self.plant, "implicit_damping", False):
            for note in cfg.stiff_damping:
                log.info(
                    f"{note}: explicit damping would be unstable; the {cfg.plant} plant "
                    "integrates it implicitly"
                )
        else:
            for note in cfg.stiff_damping:
                log.warning(
                    f"{note}: explicit damping is unstable there (the {cfg.plant} plant "
                    f"with integrator '{cfg.integrator}' may diverge)"
                )

    # ------------------------------------------------------------------ SupervisorPort
    def log(self, level: str, text: str) -> None:
        # called from the loop (a fault, the hold, commands resumed): modyn_ros.loop_log
        severity = _SEVERITY.get(level, loop_log.INFO)
        loop_log.log(self.get_logger(), severity, text)

    def publish_state(self, stamp_ns: int, step: int) -> None:
        if self._pending_push is not None and stamp_ns >= self._pending_push[0]:
            msg, self._pending_push = self._pending_push[1], None
            self._apply_push(msg, stamp_ns)  # acts from this state on
        state = self.plant.read()
        sec, nanosec = divmod(stamp_ns, _NS)
        if self._pub_clock is not None and step % self._clock_every == 0:
            # /clock first, so that a subscriber's clock is never behind the state it receives
            self._clock_msg.clock.sec = sec
            self._clock_msg.clock.nanosec = nanosec
            try:
                self._pub_clock.publish(self._clock_msg)
            except RCLError as exc:
                self._publication_failed("/clock", stamp_ns, exc)
        if self._state_intra:  # the published message passes to the local subscribers
            js = JointState()
            js.name = self._js.name
        else:
            js = self._js
        js.header.stamp.sec = sec
        js.header.stamp.nanosec = nanosec
        if self._republishing and self._noise_rng is not None and stamp_ns == self._noisy_stamp:
            js.position, js.velocity, js.effort = self._noisy_values
        elif self._js_index is None:
            js.position = self._measured(state.position, 0)
            js.velocity = self._measured(state.velocity, 1)
            effort = self._generalized_effort(state) if self._js_tau else state.effort
            js.effort = self._measured(np.asarray(effort, dtype=float), 2) if len(effort) else []
        else:
            iq, iv, iu = self._js_index
            js.position = self._measured(state.position[iq], 0)
            js.velocity = self._measured(state.velocity[iv], 1)
            js.effort = self._measured(state.effort[iu], 2) if iu is not None else []
        if self._noise_rng is not None and stamp_ns != self._noisy_stamp:
            self._noisy_stamp = stamp_ns
            self._noisy_values = (list(js.position), list(js.velocity), list(js.effort))
        if self._state_intra:  # to the local subscribers now, to DDS by _send_state later
            self._pub_state.publish(js)
        else:
            self._send_state(self._pub_state, js)
        if self._state_log is not None:
            self._state_log.append(
                stamp_ns, time.monotonic_ns(), js.position, js.velocity, js.effort
            )
        if self._pub_base is not None:
            try:
                self._publish_base(state, sec, nanosec)
            except RCLError as exc:
                self._publication_failed("base_state", stamp_ns, exc)
        try:
            if self._pub_wrench and step % self.config.constraint_every == 0:
                self._publish_constraint_forces(state, sec, nanosec, step)
            if self._pub_actuators is not None or self._pub_markers is not None:
                self._publish_actuators(state, sec, nanosec, step)
            if self._frames_tf is not None and step % self.config.marker_every == 0:
                self._frames_tf.publish(state.position, js.header.stamp)
        except RCLError as exc:
            self._publication_failed("the model outputs", stamp_ns, exc)
        except ModelError as exc:
            # the model cannot evaluate this state (a closed mechanism out of its workspace,
            # e.g. a leg of the quadruped with a tail overstretched after a fall): the state
            # itself is published; the plant's next step reports the fault with the same reason
            self._model_output_failed(exc)

    def _send_state(self, publisher, msg: JointState) -> None:
        """Publish joint_states to DDS: a refused sample is counted and logged, and so is a
        publication that held the loop over ``STALL_NS`` (its length logged); neither stops
        the loop. ``publisher`` the node's (direct) or the composed bus's DDS publisher."""
        start = time.monotonic_ns()
        try:
            publisher.publish(msg)
        except RCLError as exc:
            # the middleware refused the sample (Q36: Fast DDS, while a reader was stopped):
            # the step is done and the state recorded (the plant's logs); the readers miss one
            # sample, and a controller that misses its state is caught by the watchdog
            stamp = msg.header.stamp
            self._publication_failed("joint_states", stamp.sec * _NS + stamp.nanosec, exc)
            return
        took = time.monotonic_ns() - start
        if took > STALL_NS:
            counters = self.supervisor.counters
            counters["publish_stalls"] += 1
            stamp = msg.header.stamp
            # the middleware (Q32: 1.0 s after two readers were SIGKILLed) or the scheduler
            # (L18: 0.1-0.4 s at load averages of 12-30 on 2 cores): the load says which
            load = os.getloadavg()[0]
            self.get_logger().warning(
                f"publishing joint_states of t = {stamp.sec + stamp.nanosec * 1e-9:.3f} s held "
                f"the loop for {took * 1e-9:.3f} s (load average {load:.2f} on "
                f"{os.cpu_count()} cores: the middleware, or this process not scheduled); "
                f"{counters['publish_stalls']} such stall(s) so far"
            )

    def _publication_failed(self, topic: str, stamp_ns: int, exc: Exception) -> None:
        """A publication of the loop the middleware refused: counted (``publish_failures`` in
        ``/diagnostics``), logged at most once a wall second per topic, and the loop goes on; a
        publication is never a reason to stop the node that holds the robot."""
        if not self.context.ok():
            raise exc  # the context shut down: the loop ends (node_main), nothing to count
        self.supervisor.counters["publish_failures"] += 1
        failed = self._failed_publications.get(topic, (0, -math.inf))
        count, logged = failed[0] + 1, failed[1]
        now = time.monotonic()
        if now - logged >= 1.0:
            text = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
            self.get_logger().error(
                f"publication of {topic} failed at t = {stamp_ns * 1e-9:.6f} s ({count} failed "
                f"so far); the loop goes on: {text}"
            )
            logged = now
        self._failed_publications[topic] = (count, logged)

    def _measured(self, values: np.ndarray, kind: int) -> list[float]:
        """``values`` as published: plus N(0, σ²) with σ = ``measurement_noise[kind]`` (0
        position, 1 velocity, 2 effort) when that is > 0."""
        std = self._noise_std[kind]
        if self._noise_rng is None or std == 0.0:
            return values.tolist()
        return (values + std * self._noise_rng.standard_normal(values.shape)).tolist()

    def _generalized_effort(self, state: PlantState) -> list[float]:
        """Sᵀ(q) u of the applied effort (``coordinate_effort`` "tau", nu > nq), or [] where the
        model cannot evaluate q (logged)."""
        try:
            return np.asarray(self.model.generalized_forces(state.position, state.effort)).tolist()
        except ModelError as exc:
            self._model_output_failed(exc)
            return []

    def _model_output_failed(self, exc: Exception) -> None:
        self.get_logger().error(
            f"model outputs (joint_states effort, constraint_forces, actuator_states) skipped: "
            f"{exc}",
            throttle_duration_sec=1.0,
        )

    def _publish_base(self, state: PlantState, sec: int, nanosec: int) -> None:
        """``base_state``: the pose T_WB of the base link in ``world`` and its twist in the
        BASE frame (child_frame_id), as nav_msgs/Odometry defines it: linear = the velocity of
        the base origin, angular = ω, both in base axes (= v[:6] of the model's convention; from
        the model's ``base_pose`` and world-axes ``base_twist``, rotated by Rᵀ)."""
        model, msg = self.model, self._odom
        pose = np.asarray(model.base_pose(state.position))
        twist = np.asarray(model.base_twist(state.position, state.velocity))
        R = pose[:3, :3]
        w, x, y, z = (float(c) for c in matrix_to_quaternion(R))
        p = msg.pose.pose
        p.position.x, p.position.y, p.position.z = (float(c) for c in pose[:3, 3])
        p.orientation.w, p.orientation.x, p.orientation.y, p.orientation.z = w, x, y, z
        lin, ang = R.T @ twist[:3], R.T @ twist[3:]
        t = msg.twist.twist
        t.linear.x, t.linear.y, t.linear.z = (float(c) for c in lin)
        t.angular.x, t.angular.y, t.angular.z = (float(c) for c in ang)
        msg.header.stamp.sec, msg.header.stamp.nanosec = sec, nanosec
        self._pub_base.publish(msg)

    def _publish_constraint_forces(self, state, sec: int, nanosec: int, step: int) -> None:
        """``constraint_forces/<name>``: the force (a 3-row constraint: torque 0) or wrench each
        constraint applies on the robot, world axes, moment about the contact point; and
        ``constraint_markers`` when due (at most every ``marker_every`` steps)."""
        forces = self.plant.constraint_forces()
        if self._pub_contacts is not None and step >= self._contacts_next:
            self._contacts_next = step + self.config.marker_every
            for m, name in zip(self._contact_markers.markers, self._contact_frames, strict=True):
                p = np.asarray(self.model.frame_placement(state.position, name))[:3, 3]
                f = np.asarray(forces.get(name, np.zeros(3)), dtype=float)[:3]
                tip = p + CONTACT_ARROW_M_PER_N * f
                m.points[0].x, m.points[0].y, m.points[0].z = (float(c) for c in p)
                m.points[1].x, m.points[1].y, m.points[1].z = (float(c) for c in tip)
                m.header.stamp.sec, m.header.stamp.nanosec = sec, nanosec
            self._pub_contacts.publish(self._contact_markers)
        for name, force in forces.items():
            msg = self._wrench.get(name)
            if msg is None:
                continue
            f = np.zeros(6)
            f[: force.shape[-1]] = force
            w = msg.wrench
            w.force.x, w.force.y, w.force.z = (float(c) for c in f[:3])
            w.torque.x, w.torque.y, w.torque.z = (float(c) for c in f[3:])
            msg.header.stamp.sec, msg.header.stamp.nanosec = sec, nanosec
            self._pub_wrench[name].publish(msg)

    def status_changed(self) -> None:
        self._publish_status()

    def clock_ns(self) -> int:
        return self.get_clock().now().nanoseconds

    def watchdog(self, on: bool) -> None:
        if on:
            self._timer.reset()
        else:
            self._timer.cancel()

    def hold_timer(self, on: bool) -> None:
        if on:
            self._hold_timer.reset()
        else:
            self._hold_timer.cancel()

    # ------------------------------------------------------------------ topics, services
    def _on_waiting(self) -> None:
        """Lockstep, before the first command: republish the state of t_k (a subscriber matched
        after the last publication gets it within a period). Cancelled once commands are
        followed; the watchdog period starts it again when the plant waits again."""
        sup = self.supervisor
        if sup.started or sup.fault is not None:
            self._waiting_timer.cancel()
            return
        self._waits += 1
        self._republishing = True
        try:
            sup.publish_state()
        finally:
            self._republishing = False

    def _on_timeout(self) -> None:
        """Lockstep watchdog period: the supervisor's, and while the plant still waits for its
        first command, a line saying so with the number of republishes and of matched
        ``effort_command`` publishers (0: no controller is connected, or DDS has not matched
        it)."""
        sup = self.supervisor
        waiting = not sup.started and sup.fault is None
        sup.on_timeout()
        if not waiting:
            self._waits = 0  # counted afresh when the plant waits again (after ~/reset)
            self._periods = 0
            self._unmatched = 0
            return
        if self._waiting_timer.is_canceled():
            self._waiting_timer.reset()  # waiting again (after ~/reset)
        self._periods += 1
        if self._periods >= 2:  # the first period is ordinary start-up
            matched = self._command_sub.get_publisher_count()
            # the participant's discovery data (the ROS graph) against the reader's matches:
            # "0 matched, 1 in the graph" is a reader that DDS failed to match with a writer it
            # knows (seen under load, docs/testing.md "A reader that never matches a writer")
            known = self.count_publishers(self._command_sub.topic_name)
            loop_log.log(
                self.get_logger(),
                loop_log.INFO,
                f"lockstep: waiting for the first effort_command (stamped t = "
                f"{sup.t_ns * 1e-9:.3f} s); the state was republished {self._waits} times, "
                f"{matched} effort_command publisher(s) matched, {known} in the ROS graph",
            )
            self._unmatched = self._unmatched + 1 if matched == 0 and known > 0 else 0
            if self._unmatched >= UNMATCHED_PERIODS and not intra.enabled():
                self._unmatched = 0
                self._resubscribe()

    def _resubscribe(self) -> None:
        """A new ``effort_command`` reader in place of one that DDS left unmatched with a
        publisher of the graph for ``UNMATCHED_PERIODS`` watchdog periods: a new reader is
        matched afresh against the writers the participant knows."""
        self.get_logger().warning(
            f"lockstep: effort_command reader unmatched for {UNMATCHED_PERIODS} watchdog "
            "periods while the ROS graph has a publisher; subscribing anew"
        )
        self.destroy_subscription(self._command_sub)
        self._command_sub = intra.create_subscription(
            self, JointState, "effort_command", self._on_command, STATE_QOS
        )
        self._resubscribed += 1

    def _on_command(self, msg: JointState) -> None:
        rx_ns = time.monotonic_ns()
        if self._topic_log is not None:  # as received, before the step it may cause
            self._topic_log.write("effort_command", msg)
        stamp = msg.header.stamp
        self.supervisor.on_command(msg.name, msg.effort, stamp.sec * _NS + stamp.nanosec, rx_ns)

    def _on_push(self, msg: WrenchStamped) -> None:
        """A disturbance for tests and demos: ``header.frame_id`` a frame of the model, the
        wrench (N, N·m) in world axes about the frame's origin, applied for ``push_duration``
        s of plant time (:meth:`Plant.push`), from the first published state stamped at or after
        ``header.stamp`` (a push at an exact time of a lockstep run, sent before the plant gets
        there; zero: at once), a newer push replacing one not yet applied. Plants that cannot be pushed (hardware): a warning, nothing
        applied. A bad message: a warning naming the problem."""
        if self._topic_log is not None:
            self._topic_log.write(self._push_topic, msg)
        if not getattr(self.plant, "can_push", False):
            self.get_logger().warning(
                f"~/push ignored: the {self.config.plant} plant cannot be pushed (simulated "
                "plants only)"
            )
            return
        # applied where the loop publishes the next state stamped at or after header.stamp
        # (publish_state): at once for a stamp of zero or in the past, in the plant's own clock
        # (lockstep time, or the real-time plant's clock) for one ahead
        stamp = msg.header.stamp
        self._pending_push = (stamp.sec * _NS + stamp.nanosec, msg)

    def _apply_push(self, msg: WrenchStamped, now_ns: int) -> None:
        duration = self.get_parameter("push_duration").value
        f, m = msg.wrench.force, msg.wrench.torque
        try:
            if not isinstance(duration, (int, float)) or isinstance(duration, bool):
                raise PlantError(f"parameter push_duration must be a number, got {duration!r}")
            self.plant.push(
                msg.header.frame_id, [f.x, f.y, f.z], float(duration), torque=[m.x, m.y, m.z]
            )
        except PlantError as exc:
            self.get_logger().warning(f"~/push ignored: {exc}")
            return
        self.get_logger().info(
            f"~/push: force {[f.x, f.y, f.z]} N, moment {[m.x, m.y, m.z]} N·m at "
            f"'{msg.header.frame_id}' for {float(duration):g} s from plant time "
            f"{now_ns / _NS:.6f} s"
        )

    @property
    def preferred_executor(self) -> str | None:
        """``single`` in real-time mode (modyn_ros.node_main.resolve_executor): the plant's
        timer keeps its share under a flood of effort commands, which the EventsExecutor's queue
        of one event per message does not give it (tests/test_faults.py, the command flood:
        25874 plant steps with the SingleThreadedExecutor, 6410 with the EventsExecutor).
        None (no preference) in lockstep, where the plant steps on the commands themselves."""
        return "single" if self._realtime else None

    def on_shutdown(self) -> None:
        """Called once by run_node when the node stops (signal or error), before it is
        destroyed: a plant that outlives this process (the ros2_control bridge, which has a
        ``stop`` method) is sent its last command, gravity compensation at the last measured
        pose, clipped to the effort limits (docs/ros2_control.md, "Stop behaviour")."""
        if self._state_log is not None:
            self._state_log.close()  # complete on disk before the process ends
        if self._topic_log is not None:
            self._topic_log.close()
        stop = getattr(self.plant, "stop", None)
        last = self.supervisor.stop_effort() if callable(stop) else None
        if last is None:
            return  # a simulated plant ends with the process; a robot never heard says nothing
        tau, q = last
        acked = stop(tau)
        self.get_logger().info(
            f"stopping: last command to the robot is gravity compensation "
            f"{np.round(tau, 3).tolist()} at q = {np.round(q, 4).tolist()}"
            + ("" if acked else " (not acknowledged by every subscriber within 0.2 s)")
        )

    def _on_reset(self, request: Trigger.Request, response: Trigger.Response) -> Trigger.Response:
        """Clear a latched fault (:meth:`Supervisor.reset`)."""
        response.success, response.message = self.supervisor.reset()
        return response

    def _on_reset_plant(
        self, request: Trigger.Request, response: Trigger.Response
    ) -> Trigger.Response:
        """Move a simulated plant back to ``initial_positions`` (:meth:`Supervisor.reset_plant`)."""
        response.success, response.message = self.supervisor.reset_plant()
        return response

    def _on_enable(self, request: SetBool.Request, response: SetBool.Response) -> SetBool.Response:
        """Arm (true) or disarm (false) the output (:meth:`Supervisor.enable`)."""
        response.success, response.message = self.supervisor.enable(bool(request.data))
        return response

    # ------------------------------------------------------------------ state, diagnostics
    @property
    def counters(self) -> dict:
        return self.supervisor.counters

    @property
    def rejections(self) -> dict:
        return self.supervisor.rejections

    @property
    def fault(self) -> str | None:
        return self.supervisor.fault

    @property
    def armed(self) -> bool:
        return self.supervisor.armed

    @property
    def state(self) -> str:
        """``faulted``, ``disarmed``, ``following`` or ``waiting``."""
        return self.supervisor.state

    @property
    def plant_time_ns(self) -> int:
        """Lockstep plant time t_k (ns); realtime: steps × dt."""
        return self.supervisor.plant_time_ns

    @property
    def _q_hold(self) -> np.ndarray:
        return self.supervisor.q_hold

    def latency_percentiles(self) -> tuple[float, float]:
        """(p50, p99) latency in µs (:meth:`Supervisor.latency_percentiles`)."""
        return self.supervisor.latency_percentiles()

    def _publish_status(self) -> None:
        """``hardware_status`` (latched): OK while commands can be followed, WARN disarmed,
        ERROR with the reason while a fault is latched. Published on every change of those."""
        sup = self.supervisor
        fault = sup.fault
        if fault is not None:
            level, message = DiagnosticStatus.ERROR, f"fault latched: {fault}"
        elif not sup.armed:
            level, message = DiagnosticStatus.WARN, "disarmed: safe hold (~/enable to arm)"
        else:
            level, message = DiagnosticStatus.OK, "armed, no fault: commands are applied"
        status = DiagnosticStatus(level=level, name=self.get_fully_qualified_name())
        status.message = message
        status.hardware_id = self.config.plant
        status.values = [
            KeyValue(key="state", value=sup.state),
            KeyValue(key="fault", value=fault or ""),
        ]
        self._pub_status.publish(status)

    def _report(self) -> tuple[int, str, dict]:
        sup = self.supervisor
        now = time.monotonic()
        steps = sup.k
        elapsed = max(now - self._report_wall, 1e-9)
        taken = steps - self._report_steps
        step_us = sup.step_time_ns / taken * 1e-3 if taken else math.nan
        cycle_us = sup.cycle_time_ns / sup.cycles * 1e-3 if sup.cycles else math.nan
        p50, p99 = sup.latency_percentiles()
        run_p50, run_p99 = sup.run_latency_percentiles()
        c = sup.counters
        limited = c["saturated"] + c["position_limited"] + c["velocity_limited"]
        values = {
            # joint_states handed to the nodes of this process by reference (composed mode)
            "state_intra_process": self._state_intra,
            "mode": self.config.mode,
            "plant": self.config.plant,
            "integrator": self.config.integrator,
            "state": sup.state,
            "armed": sup.armed,
            "fault": sup.fault or "",
            "watchdog_timeout": self.config.watchdog_timeout,
            "plant_time": f"{sup.plant_time_ns * 1e-9:.6f}",
            "steps": steps,
            "steps_per_second": f"{taken / elapsed:.1f}",
            "step_time_us": f"{step_us:.1f}",
            "cycle_time_us": f"{cycle_us:.1f}",
            **{k: v for k, v in c.items() if k != "steps"},
            **{f"rejected_{k}": v for k, v in sup.rejections.items()},
            "latency_p50_us": f"{p50:.1f}",
            "latency_p99_us": f"{p99:.1f}",
            "latency_run_p50_us": f"{run_p50:.0f}",
            "latency_run_p99_us": f"{run_p99:.0f}",
        }
        plant_values = getattr(self.plant, "diagnostics", None)
        if callable(plant_values):
            values.update(plant_values())
        new_limits = limited - self._report_limited
        self._report_wall, self._report_steps, self._report_limited = now, steps, limited
        sup.step_time_ns = sup.cycle_time_ns = sup.cycles = 0
        if sup.fault is not None:
            return ERROR, f"fault latched: {sup.fault} (~/reset clears it)", values
        if not sup.armed:
            return WARN, "disarmed: safe hold (~/enable to arm)", values
        if new_limits:
            return WARN, f"limits enforced on {new_limits} steps in the last period", values
        if sup.state == "waiting":
            held = " (safe hold)" if self._realtime else ""
            return OK, f"waiting for the first effort command{held}", values
        return OK, "following effort commands", values


#: length of a contact-force arrow on ``constraint_markers`` (m per N): 10 cm for 10 N
CONTACT_ARROW_M_PER_N = 0.01


_SEVERITY = {"error": loop_log.ERROR, "warning": loop_log.WARN, "info": loop_log.INFO}


def _cylinder_between(marker: Marker, p0: np.ndarray, p1: np.ndarray) -> None:
    """Set a CYLINDER marker's pose and length so that it spans p0 -> p1 (m, its frame).

    rviz draws a cylinder along its local z, centred on the pose: the orientation is the
    shortest rotation taking z to the unit vector d = (p1 − p0)/|p1 − p0|, whose quaternion is
    (w, x, y, z) ∝ (1 + d_z, −d_y, d_x, 0) (half-angle form of z × d; d = −z: 180° about x).
    """
    d = p1 - p0
    length = float(np.linalg.norm(d))
    c = 0.5 * (p0 + p1)
    marker.pose.position.x, marker.pose.position.y, marker.pose.position.z = (float(x) for x in c)
    marker.scale.z = length
    o = marker.pose.orientation
    if length == 0.0:
        o.w, o.x, o.y, o.z = 1.0, 0.0, 0.0, 0.0
        return
    d = d / length
    w, x, y = 1.0 + d[2], -d[1], d[0]
    norm = math.sqrt(w * w + x * x + y * y)
    if norm < 1e-12:  # d = −z
        o.w, o.x, o.y, o.z = 0.0, 1.0, 0.0, 0.0
        return
    o.w, o.x, o.y, o.z = w / norm, x / norm, y / norm, 0.0


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
