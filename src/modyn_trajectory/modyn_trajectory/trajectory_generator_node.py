"""The ``trajectory_generator`` node: joint goals and tool poses → time-parametrised trajectories.

Topics, services, parameters and behaviour: docs/nodes.md and docs/trajectory.md. The planning
itself is :func:`modyn_trajectory.planner.plan_joint_motion` (``~/plan``'s joint waypoints, any
profile of Khalil ch. 8), :func:`modyn_trajectory.task_space.plan_straight_line` (its tool pose,
§8.4) and :func:`modyn_trajectory.planner.stop_motion` (``~/stop``); this module turns requests
into their arguments and their results into ``planned_trajectory``, the answer and a
``goal_status`` report (monitoring). The goals come from the PlanAndExecute action
(modyn_control.trajectory_action), ``modyn goal`` and the harnesses (modyn_bringup.plan_call);
the ``goal``/``goal_pose`` topics, their queue, repeats and re-plans are gone (issue 29).
"""

from __future__ import annotations

import math
import numbers
import sys
import time

import numpy as np
from diagnostic_msgs.msg import DiagnosticStatus, KeyValue
from geometry_msgs.msg import PoseStamped
from nav_msgs.msg import Path
from rcl_interfaces.msg import ParameterDescriptor, SetParametersResult
from rclpy.node import Node
from rclpy.serialization import deserialize_message
from rclpy.time import Time
from sensor_msgs.msg import JointState
from std_srvs.srv import Trigger
from trajectory_msgs.msg import JointTrajectory, JointTrajectoryPoint

from modyn_interfaces.srv import PlanMotion
from modyn_model.contract import MechanismModel
from modyn_model.so3 import matrix_to_quaternion
from modyn_ros.diagnostics import OK, WARN, Diagnostics
from modyn_ros.joint_map import JointMap, MessageError, check_values
from modyn_ros.model_source import ModelSource
from modyn_ros.node_main import run_node
from modyn_ros.params import ParameterError, number_list, per_joint, positive
from modyn_ros.qos import LATCHED_QOS, STATE_QOS, STATUS_QOS, TRAJECTORY_QOS

from .actuator_limits import actuator_speed_limit, actuator_speed_ratio, scale_to_actuator_speeds
from .floating import planning_model
from .planner import PROFILES, plan_joint_motion, stop_motion
from .quintic import TrajectoryError, sample_times
from .reach import check_in_limits, check_in_workspace, first_outside_workspace, workspace_check
from .sequence import MotionSequence
from .task_space import plan_straight_line, rotation_from_quaternion

__all__ = ["TrajectoryGenerator", "ParameterError", "main"]

#: used for joints whose model velocity limit is missing (URDF without <limit velocity>), rad/s
DEFAULT_VELOCITY = 2.0
#: used when max_acceleration is empty, rad/s²
DEFAULT_ACCELERATION = 5.0
#: the controller's goal_status events after which it no longer follows a plan (docs/nodes.md)
_NOT_FOLLOWED = frozenset({"refused", "aborted", "stopped", "superseded", "replaced"})
#: ~/plan answers kept for a caller that asks again with the same request_id
PLAN_ANSWERS_KEPT = 32


class _Await(Exception):
    """The goal needs something that has not arrived yet (the model, a joint_states): ``~/plan``
    answers ``waiting`` with ``what``, and the caller asks again."""

    def __init__(self, what: str):
        super().__init__(what)
        self.what = what  # e.g. "joint_states (the start state)"


def _stamp_text(ns: int) -> str:
    """Integer nanoseconds as exact seconds text, ``sec.nanosec`` (as the controller reports)."""
    sec, nsec = divmod(int(ns), 1_000_000_000)
    return f"{sec}.{nsec:09d}"


def _frame_names(model: MechanismModel) -> tuple[str, ...]:
    """The frames a model names (the mechanism contract's ``frame_names``)."""
    return tuple(model.frame_names)


def _base_frame(model: MechanismModel) -> str:
    """The name of the frame poses are given in (the contract's ``base_frame``)."""
    return str(model.base_frame)


def _frame_problem(model: MechanismModel, frame: str) -> str | None:
    """Why ``frame`` is not a frame of ``model`` (for a tip_frame parameter), or None."""
    names = _frame_names(model)
    if frame in names:
        return None
    return f"not a frame of the model; frames are {sorted(names)}"


def _joint_space_problem(model: MechanismModel) -> str | None:
    """Why the generator cannot plan joint trajectories for ``model``, or None.

    The planners interpolate each coordinate with its velocity (q̇ = v), which needs nq = nv;
    a mechanism whose configuration has more coordinates than velocities (a quaternion) is the
    next issue's.
    """
    if model.nq == model.nv:
        return None
    return (
        f"'{model.name}' has nq = {model.nq} coordinates and nv = {model.nv} velocities: "
        "joint-space planning of a mechanism with nq != nv is not supported yet, so every goal "
        "(goal, goal_pose, ~/stop) is refused"
    )


class TrajectoryGenerator(Node):
    """Plans trajectories for the goals of its ``~/plan`` service (see docs/nodes.md).

    Keyword arguments go to :class:`rclpy.node.Node` (``context``, ``parameter_overrides``,
    ...). Raises :class:`ParameterError` for an unusable parameter.
    """

    def __init__(self, **kwargs):
        super().__init__("trajectory_generator", **kwargs)
        self.declare_parameter(
            "sample_period",
            0.01,
            ParameterDescriptor(description="time between published points (s), > 0"),
        )
        # dynamic typing: accept [1, 2] (integers) and a single number as well as double[]
        self.declare_parameter(
            "max_velocity",
            [],
            ParameterDescriptor(
                description=(
                    "velocity limit per joint in model order (rad/s or m/s), or one value for "
                    "all; empty: the URDF limits (2.0 where the URDF has none)"
                ),
                dynamic_typing=True,
            ),
        )
        self.declare_parameter(
            "max_acceleration",
            [],
            ParameterDescriptor(
                description=(
                    "acceleration limit per joint in model order (rad/s² or m/s²), or one "
                    f"value for all; empty: {DEFAULT_ACCELERATION} each"
                ),
                dynamic_typing=True,
            ),
        )
        self.declare_parameter(
            "profile",
            "quintic",
            ParameterDescriptor(
                description=(
                    f"time law of joint goals and tool lines: {', '.join(PROFILES)} (Khalil "
                    "ch. 8); quintic passes through via points, the others stop at each"
                )
            ),
        )
        self.declare_parameter(
            "stop_at_waypoints",
            False,
            ParameterDescriptor(description="quintic: rest at every waypoint (true) or pass"),
        )
        self.declare_parameter(
            "tip_frame",
            "",
            ParameterDescriptor(
                description="frame moved by goal_pose (a link or fixed frame of the model); "
                "empty: the model's last frame"
            ),
        )
        for name, default, unit in (
            ("max_linear_velocity", 0.25, "m/s"),
            ("max_linear_acceleration", 0.5, "m/s²"),
            ("max_angular_velocity", 0.5, "rad/s"),
            ("max_angular_acceleration", 1.0, "rad/s²"),
        ):
            self.declare_parameter(
                name,
                default,
                ParameterDescriptor(description=f"goal_pose: tool {name[4:]} limit ({unit}), > 0"),
            )
        for name, side in (("position_lower", "lower"), ("position_upper", "upper")):
            self.declare_parameter(
                name,
                [0.0],
                ParameterDescriptor(
                    description=f"the {side} position limit of each planned coordinate (rad or "
                    "m; for a floating-base model its joints), replacing the model's; [] or one "
                    "0.0 (the default): the model's limits. For a system whose plant has "
                    "other limits than the URDF (hardware_interface's parameter of the same "
                    "name)",
                    read_only=True,
                    dynamic_typing=True,
                ),
            )
        self._position_limits = {
            name: number_list(self.get_parameter(name).value, name)
            for name in ("position_lower", "position_upper")
        }
        self._lower = self._upper = None  # the planned coordinates' position limits
        self._settings = self._read_settings({p: self.get_parameter(p).value for p in self._PARAMS})
        self.model: MechanismModel | None = None
        self._unplannable: str | None = None  # why the model's goals are refused (nq != nv)
        self.joint_map: JointMap | None = None
        self.v_max = self.a_max = None
        self.actuator_limit: np.ndarray | None = None  # the model's actuator_velocity_limit
        self._index: dict[str, int] = {}
        self._last_raw_state: bytes | None = None
        self._last_q_value: np.ndarray | None = None
        self._plan = None  # (start ns, trajectory with sample(t)/start/end/times)
        self._plan_points = 0  # points of the published plan (with its stamp: its identity)
        self._hardware_fault: str | None = None  # hardware_status not OK: why goals are refused
        self._controller_event = ""  # the controller's last report on one of our plans
        self._stats = dict(
            goals_accepted=0,
            goals_rejected=0,
            plans_repeated=0,
            joint_states_rejected=0,
            last_plan_points=0,
            last_plan_duration_s=0.0,
            last_plan_compute_ms=0.0,
            last_actuator_time_scale=1.0,
            stops=0,
        )
        self._last_rejection = ""
        self._plan_report: dict[str, str] = {}  # extra goal_status values of the last plan
        #: ~/plan's accepted answers by request_id, the latest PLAN_ANSWERS_KEPT (a repeated
        #: call gets its answer again, nothing planned twice)
        self._plan_answers: dict[str, tuple[str, object]] = {}
        self.publisher = self.create_publisher(
            JointTrajectory, "planned_trajectory", TRAJECTORY_QOS
        )
        # the plan's tool path for rviz (issue 20): computed once per plan, never per tick
        self.path_publisher = self.create_publisher(Path, "planned_path", TRAJECTORY_QOS)
        # joint_states only matter for a goal that no previous plan covers (the first one): the
        # subscription is dropped once a plan exists and re-made on demand, and kept serialized
        # (raw) meanwhile; at 1 kHz each message would otherwise be a Python callback here
        self._last_state_ns = 0  # stamp of the joint_states the last plan started from
        self._state_sub = None
        self._subscribe_states()
        self.status_publisher = self.create_publisher(DiagnosticStatus, "goal_status", STATUS_QOS)
        # the controller's reports (a plan it refused or stopped is not the reference any more)
        self.create_subscription(DiagnosticStatus, "goal_status", self._on_goal_status, STATUS_QOS)
        # hardware_interface's latched state: goals into a fault or a disarmed plant are refused
        self.create_subscription(
            DiagnosticStatus, "hardware_status", self._on_hardware_status, LATCHED_QOS
        )
        self.create_service(Trigger, "~/stop", self._on_stop)
        # the typed goal entry (modyn_interfaces, built by make build / colcon on every route)
        self.create_service(PlanMotion, "~/plan", self._on_plan)
        self.model_source = ModelSource(self, self._on_model)
        self.diagnostics = Diagnostics(self, self._report)
        self.add_on_set_parameters_callback(self._on_set_parameters)

    # ------------------------------------------------------------------ parameters
    _PARAMS = (
        "sample_period",
        "max_velocity",
        "max_acceleration",
        "profile",
        "stop_at_waypoints",
        "tip_frame",
        "max_linear_velocity",
        "max_linear_acceleration",
        "max_angular_velocity",
        "max_angular_acceleration",
    )
    _CARTESIAN = (
        "max_linear_velocity",
        "max_linear_acceleration",
        "max_angular_velocity",
        "max_angular_acceleration",
    )

    def _read_settings(self, values: dict) -> dict:
        """Validate parameter values (per-joint lengths too once the model is known)."""
        settings = {}
        for name in ("sample_period", *self._CARTESIAN):
            x = values[name]
            if isinstance(x, bool) or not isinstance(x, numbers.Real):
                raise ParameterError(f"{name} = {x!r}: expected a number")
            if not (math.isfinite(x) and x > 0.0):
                raise ParameterError(f"{name} = {x}: must be finite and > 0")
            settings[name] = float(x)
        if values["profile"] not in PROFILES:
            raise ParameterError(
                f"profile = {values['profile']!r}: expected one of {', '.join(PROFILES)}"
            )
        if not isinstance(values["stop_at_waypoints"], bool):
            raise ParameterError(
                f"stop_at_waypoints = {values['stop_at_waypoints']!r}: expected true or false"
            )
        settings["profile"] = values["profile"]
        settings["stop_at_waypoints"] = values["stop_at_waypoints"]
        settings["tip_frame"] = str(values["tip_frame"])
        model = getattr(self, "model", None)
        problem = (
            _frame_problem(model, settings["tip_frame"])
            if model is not None and settings["tip_frame"]
            else None
        )
        if problem:
            raise ParameterError(f"tip_frame = {settings['tip_frame']!r}: {problem}")
        settings |= {
            "max_velocity": positive(
                number_list(values["max_velocity"], "max_velocity"), "max_velocity"
            ),
            "max_acceleration": positive(
                number_list(values["max_acceleration"], "max_acceleration"), "max_acceleration"
            ),
        }
        if getattr(self, "model", None) is not None:
            self._limits(settings, self.model)
        return settings

    @staticmethod
    def _limits(settings: dict, model: MechanismModel) -> tuple[np.ndarray, np.ndarray]:
        """Velocity and acceleration limits (nv each): the parameters, else the model's
        ``velocity_limit`` (contract) and :data:`DEFAULT_ACCELERATION`."""
        # a URDF without <limit velocity> gives inf (or 0): no usable limit, use the default
        urdf = np.asarray(model.velocity_limit, dtype=float)
        usable = np.isfinite(urdf) & (urdf > 0.0)
        default_v = np.where(usable, urdf, DEFAULT_VELOCITY)
        v_max = per_joint(settings["max_velocity"], model.nv, "max_velocity", default=default_v)
        a_max = per_joint(
            settings["max_acceleration"],
            model.nv,
            "max_acceleration",
            default=np.full(model.nv, DEFAULT_ACCELERATION),
        )
        return v_max, a_max

    def _on_set_parameters(self, params) -> SetParametersResult:
        values = dict(self._settings)
        values.update({p.name: p.value for p in params if p.name in self._PARAMS})
        try:
            settings = self._read_settings(values)
        except ParameterError as exc:
            return SetParametersResult(successful=False, reason=str(exc))
        self._settings = settings
        if self.model is not None:
            self.v_max, self.a_max = self._limits(settings, self.model)
        return SetParametersResult(successful=True)

    # ------------------------------------------------------------------ callbacks
    def _on_model(self, model: MechanismModel) -> None:
        full = model
        # a floating-base model: its joints are planned, the base is the controller's to hold
        model = planning_model(model)
        self.v_max, self.a_max = self._limits(self._settings, model)  # may raise ParameterError
        try:  # the optional contract member: |S(q) v| <= it (modyn_trajectory.actuator_limits)
            self.actuator_limit = actuator_speed_limit(model)
        except ValueError as exc:
            raise ParameterError(str(exc)) from None
        limits = []
        for name, side in (("position_lower", "lower"), ("position_upper", "upper")):
            values = self._position_limits[name]
            if values in ([], [0.0]):
                limits.append(np.asarray(getattr(model, side), dtype=float).copy())
            elif len(values) != model.nq:
                raise ParameterError(
                    f"{name}: {len(values)} values for the {model.nq} planned coordinates "
                    f"{list(model.coordinate_names)}"
                )
            else:
                limits.append(np.array(values, dtype=float))
        if not np.all(limits[0] < limits[1]):
            j = int(np.flatnonzero(~(limits[0] < limits[1]))[0])
            raise ParameterError(
                f"position_lower[{j}] = {limits[0][j]} is not below position_upper[{j}] = "
                f"{limits[1][j]} (coordinate '{model.coordinate_names[j]}')"
            )
        self._lower, self._upper = limits
        tip = self._settings["tip_frame"]
        problem = _frame_problem(model, tip) if tip else None
        if problem:
            raise ParameterError(f"tip_frame = {tip!r}: {problem}")
        self.model = model
        # joint_states positions and goal waypoints are named by the model's coordinates
        self.joint_map = JointMap(model.coordinate_names)
        self._index = {name: j for j, name in enumerate(model.coordinate_names)}
        self._unplannable = _joint_space_problem(model)
        if self._unplannable:
            self.get_logger().error(self._unplannable)
        elif model is not full:
            self.get_logger().info(
                f"'{full.name}' has a floating base: goals name its joints "
                f"{list(model.coordinate_names)} and are planned for them only (the controller "
                "holds the base); goal_pose is refused (the tool pose depends on the base)"
            )
        self.get_logger().info(
            f"limits: max_velocity {self.v_max.tolist()}, max_acceleration {self.a_max.tolist()}"
        )

    def _subscribe_states(self) -> None:
        if self._state_sub is None:
            self._state_sub = self.create_subscription(
                JointState, "joint_states", self._on_joint_states, STATE_QOS, raw=True
            )

    def _unsubscribe_states(self) -> None:
        if self._state_sub is not None:
            self.destroy_subscription(self._state_sub)
            self._state_sub = None
            # a state kept from before is stale by the next time one is needed
            self._last_raw_state = None
            self._last_q_value = None

    def _on_joint_states(self, raw: bytes) -> None:
        if self._state_sub is None:
            # taken by the executor before the subscription was destroyed, delivered after:
            # kept, it would be the "measured" start of a goal planned much later (seen: a
            # re-plan from the measured state started from the pose before the first motion,
            # joint 6 at 0 against 1.47)
            return
        self._last_raw_state = raw

    @property
    def _last_q(self) -> np.ndarray | None:
        """The positions of the latest valid joint_states, in model order (decoded on demand)."""
        raw = self._last_raw_state
        if raw is not None and self.joint_map is not None:
            self._last_raw_state = None
            msg = deserialize_message(raw, JointState)
            try:
                self._last_q_value = self.joint_map.reorder(msg.name, msg.position, "position")
                self._last_state_ns = (
                    msg.header.stamp.sec * 1_000_000_000 + msg.header.stamp.nanosec
                )
            except MessageError as exc:
                self._stats["joint_states_rejected"] += 1
                self.get_logger().warning(
                    f"joint_states rejected: {exc}", throttle_duration_sec=1.0
                )
        return self._last_q_value

    def _on_plan(self, request, response):
        """``~/plan`` (modyn_interfaces/srv/PlanMotion): a goal planned and published in the
        call, its fate in the answer (the PlanAndExecute action's entry, and the harnesses':
        no topic to match, no status text to read back). Never queued (``waiting`` says what
        is missing: ask again) nor re-planned here: a caller whose plan came too late asks
        again (the action does, further ahead).

        A call repeated with the same ``request_id`` (its answer lost: Q38, "failed to send
        response (timeout)", the caller asked again after 5 s and the generator planned a 0 s
        plan from the end of the first one, which had run) is answered with the plan already
        published, and nothing is planned or published again."""
        rid = request.request_id
        if rid and rid in self._plan_answers:
            message, trajectory = self._plan_answers[rid]
            response.accepted = True
            response.trajectory = trajectory
            response.message = f"{message} (the answer to request {rid!r}, asked again)"
            self._stats["plans_repeated"] += 1
            return response
        if request.from_measured_state:
            self._drop_plan(f"request {rid!r}: its caller's earlier plan was not followed")
        if request.waypoints.points or request.waypoints.joint_names:
            # a joint goal (one naming joints but no point is refused as such: no waypoint)
            kind, msg, planner = "goal", request.waypoints, self.plan
        else:
            kind, msg, planner = "goal_pose", request.pose, self.plan_pose
        lead_ns = request.lead.sec * 1_000_000_000 + request.lead.nanosec
        stamp = msg.header.stamp
        if lead_ns > 0 and stamp.sec == 0 and stamp.nanosec == 0:
            start = self.get_clock().now().nanoseconds + lead_ns
            stamp.sec, stamp.nanosec = divmod(start, 1_000_000_000)
        outcome, detail = self._handle(kind, msg, planner)
        response.accepted = outcome == "planned"
        response.waiting = outcome == "waiting"
        if response.accepted:
            response.trajectory = detail
            response.message = (
                f"{kind} accepted: {len(detail.points)} points, "
                f"{self._stats['last_plan_duration_s']:.6f} s"
            )
            if rid:
                self._plan_answers[rid] = (response.message, detail)
                while len(self._plan_answers) > PLAN_ANSWERS_KEPT:
                    del self._plan_answers[next(iter(self._plan_answers))]
        else:
            response.message = str(detail)
        return response

    def _handle(self, kind: str, msg, planner) -> tuple[str, object]:
        """Plan ``msg``; publish the trajectory and an OK status, or publish why not (goal
        lifecycle: docs/nodes.md). Returns ("planned", the published trajectory), ("refused",
        reason) or ("waiting", what is missing: the model or the start state, listened to)."""
        if self._hardware_fault is not None:
            reason = (
                f"hardware_interface is not following commands ({self._hardware_fault}): a "
                "motion would not run; ~/reset (or ~/enable) it first"
            )
            self._reject(kind, reason)
            return ("refused", reason)
        started = time.perf_counter()
        self._plan_report = {}
        try:
            out = planner(msg)
        except _Await as missing:  # the caller asks again; what it needs is listened to now
            self._subscribe_states()
            return ("waiting", f"waiting for {missing.what}")
        except (MessageError, TrajectoryError) as exc:
            self._reject(kind, str(exc))
            return ("refused", str(exc))
        self.publisher.publish(out)
        self._unsubscribe_states()
        self._plan_points = len(out.points)
        self._stats["goals_accepted"] += 1
        self._last_rejection = ""
        self._stats["last_plan_compute_ms"] = round((time.perf_counter() - started) * 1e3, 3)
        self._publish_path(out)  # after the plan's timing: drawing it is not planning
        start_ns = self._plan[0]
        self._status(
            DiagnosticStatus.OK,
            f"{kind} accepted: starts at {_stamp_text(start_ns)} s, lasts "
            f"{self._stats['last_plan_duration_s']:.6f} s",
            kind,
            points=len(out.points),
            duration_s=self._stats["last_plan_duration_s"],
            **self._plan_report,
        )
        return ("planned", out)

    def _reject(self, kind: str, reason: str) -> None:
        self._stats["goals_rejected"] += 1
        self._last_rejection = f"{kind}: {reason}"
        self.get_logger().error(f"{kind} rejected: {reason}")
        self._status(DiagnosticStatus.ERROR, f"{kind} rejected: {reason}", kind)

    def _drop_plan(self, why: str) -> None:
        """The controller does not follow our last plan: the next goal starts from joint_states."""
        if self._plan is None:
            return
        self.get_logger().warning(
            f"the plan starting at {_stamp_text(self._plan[0])} s is not followed ({why}): the "
            "next goal starts from the measured joint_states"
        )
        self._plan = None
        self._subscribe_states()

    def _on_goal_status(self, msg: DiagnosticStatus) -> None:
        """The controller's reports on goal_status: forget a plan it refused or dropped (the
        next goal then starts from the measured joint_states, not from a reference nobody
        follows). Monitoring only: a goal's outcome is its caller's (the action's result)."""
        if not msg.name.endswith("/trajectory") or self._plan is None:
            return
        values = {kv.key: kv.value for kv in msg.values}
        if values.get("event") not in _NOT_FOLLOWED:
            return
        if values.get("stamp") != _stamp_text(self._plan[0]) or values.get("points") != str(
            self._plan_points
        ):
            return  # about another (older) trajectory
        self._controller_event = msg.message
        self._drop_plan(f"the controller reports: {msg.message}")

    def _on_hardware_status(self, msg: DiagnosticStatus) -> None:
        """hardware_interface's latched state: not OK (a fault, disarmed) refuses goals."""
        if msg.level == DiagnosticStatus.OK:
            if self._hardware_fault is not None:
                self.get_logger().info(f"hardware_interface: {msg.message}; goals accepted again")
            self._hardware_fault = None
            return
        if self._hardware_fault is None:
            self.get_logger().warning(f"hardware_interface: {msg.message}; goals are refused")
        self._hardware_fault = msg.message
        # the arm stops where the plant's hold keeps it, not where our plan goes
        self._drop_plan(f"hardware_interface: {msg.message}")

    def _status(self, level: bytes, message: str, kind: str, **values) -> None:
        status = DiagnosticStatus(level=level, name=f"{self.get_fully_qualified_name()}/{kind}")
        status.message = message
        status.hardware_id = self.model.name if self.model is not None else ""
        status.values = [KeyValue(key=k, value=str(v)) for k, v in values.items()]
        self.status_publisher.publish(status)

    def _on_stop(self, request, response):
        """~/stop: decelerate the running reference to rest within the limits."""
        del request
        now = self.get_clock().now().nanoseconds
        if self._plan is None or self.model is None:
            response.success, response.message = True, "no plan: nothing to stop"
            return response
        q, v, a, origin = self._start_state(now)
        names = self.model.coordinate_names
        stop = stop_motion(q, v, a, v_max=self.v_max, a_max=self.a_max, joint_names=names)
        if stop.duration > 0.0:
            times = sample_times(stop, self._settings["sample_period"])
            qs, vs, accs = stop.sample(times)
        else:  # already at rest: one point, the pose held
            times, qs, vs, accs = np.zeros(1), q[None], np.zeros((1, q.size)), np.zeros((1, q.size))
        self._plan = (now, stop)
        self._plan_points = len(times)
        self._stats["stops"] += 1
        stopping = _trajectory_msg(now, names, times, qs, vs, accs)
        self.publisher.publish(stopping)
        self._publish_path(stopping)
        response.success = True
        response.message = f"stopping from {origin} in {stop.duration:.3f} s"
        self.get_logger().info(response.message)
        self._status(DiagnosticStatus.OK, "stop", "stop", duration_s=round(stop.duration, 6))
        return response

    # ------------------------------------------------------------------ planning
    def _check_model(self):
        if self.model is None:
            raise _Await("the robot model (robot_description)")
        if self._unplannable:
            raise MessageError(self._unplannable)
        return self.model

    @staticmethod
    def _start_ns(stamp, now) -> int:
        start_ns = stamp.sec * 1_000_000_000 + stamp.nanosec
        return now().nanoseconds if start_ns == 0 else start_ns

    def _publish_start(self, stamp, start_ns: int, v0, a0) -> int:
        """The start stamp of a plan that took time to compute.

        A goal stamped zero ("now") from rest is restamped to the moment its plan is ready:
        at rest the start state does not depend on time, and a plan stamped at the goal's
        arrival would reach the controller already running (joined mid-way: a jump in the
        reference, as long as planning took, a few tenths of a second for a tool line). An
        explicit stamp is kept (the sender's schedule), and so is the start of a pre-empting
        plan, whose start state belongs to that instant; a late one is reported.
        """
        now = self.get_clock().now().nanoseconds
        at_rest = not (np.any(v0) or np.any(a0))
        if stamp.sec == 0 and stamp.nanosec == 0 and at_rest:
            # never before the state it starts from (a clock not received yet reads 0)
            return max(start_ns, now, self._last_state_ns)
        if now > start_ns + 10_000_000:
            self.get_logger().warning(
                f"the plan starts {(now - start_ns) * 1e-9:.3f} s before it was ready: the "
                "controller joins it mid-way (stamp goals ahead of time)"
            )
        return start_ns

    def plan(self, msg: JointTrajectory) -> JointTrajectory:
        """The ``planned_trajectory`` for a goal; raises MessageError/TrajectoryError."""
        model = self._check_model()
        names = list(msg.joint_names)
        if not names:
            raise MessageError("joint_names: empty")
        if len(set(names)) != len(names):
            dup = sorted({x for x in names if names.count(x) > 1})
            raise MessageError(f"joint_names: repeated joint name(s) {dup}")
        unknown = [x for x in names if x not in self._index]
        if unknown:
            raise MessageError(
                f"joint_names: unknown joint name(s) {unknown}; expected a subset of "
                f"{list(model.coordinate_names)}"
            )
        columns = [self._index[x] for x in names]
        if not msg.points:
            raise MessageError("points: no waypoint")
        goal = np.empty((len(msg.points), len(names)))
        for i, point in enumerate(msg.points):
            check_values(point.positions, len(names), f"points[{i}].positions")
            goal[i] = point.positions
        check_in_limits(goal, range(len(names)), names, self._lower[columns], self._upper[columns])
        stamps = [
            p.time_from_start.sec * 1_000_000_000 + p.time_from_start.nanosec for p in msg.points
        ]
        durations = None
        if any(stamps):
            previous = 0
            for i, t in enumerate(stamps):
                if t <= previous:
                    before = f"points[{i - 1}] ({previous * 1e-9} s)" if i else "the start (0 s)"
                    raise MessageError(
                        f"points[{i}].time_from_start = {t * 1e-9} s is not after {before}: "
                        "give strictly increasing times, or all zero for minimum time"
                    )
                previous = t
            durations = np.diff(np.array([0, *stamps], dtype=float)) * 1e-9

        start_ns = self._start_ns(msg.header.stamp, self.get_clock().now)
        q0, v0, a0, origin = self._start_state(start_ns)
        waypoints = np.repeat(q0[None], goal.shape[0], axis=0)  # unnamed joints stay
        waypoints[:, columns] = goal
        self._check_workspace(waypoints, label="points")
        profile = self._settings["profile"]

        def plan_with(c: float):
            # c > 1: the same plan c times slower (actuator speed limits, below)
            return plan_joint_motion(
                profile,
                q0,
                waypoints,
                durations,
                v_max=self.v_max / c,
                a_max=self.a_max / (c * c),
                v0=v0,
                a0=a0,
                stop_at_waypoints=self._settings["stop_at_waypoints"],
                joint_names=model.coordinate_names,
            )

        if self.actuator_limit is None or durations is not None:
            plan, scale = plan_with(1.0), 1.0  # a timed goal is followed as given (warned)
        else:
            plan, scale, _ = scale_to_actuator_speeds(
                plan_with, self._sampled, model, self.actuator_limit
            )
        self._stats["last_actuator_time_scale"] = round(scale, 6)
        times = sample_times(plan, self._settings["sample_period"])
        q, v, a = plan.sample(times)
        self._check_path(q, times)
        self._check_workspace(q, times)
        self._warn_limits(v, a, times, profile, q)
        start_ns = self._publish_start(msg.header.stamp, start_ns, v0, a0)
        self._plan = (start_ns, plan)
        self._stats["last_plan_points"] = int(times.shape[0])
        self._stats["last_plan_duration_s"] = round(plan.duration, 6)
        self.get_logger().info(
            f"goal accepted ({profile}): {goal.shape[0]} waypoint(s) from {origin}, "
            f"{plan.duration:.3f} s, {times.shape[0]} points"
        )
        return _trajectory_msg(start_ns, model.coordinate_names, times, q, v, a)

    def plan_pose(self, msg: PoseStamped) -> JointTrajectory:
        """The ``planned_trajectory`` of a tool pose goal: the straight line of §8.4."""
        model = self._check_model()
        if not getattr(model, "kinematics", True):  # modyn_trajectory.floating
            raise MessageError(
                f"'{model.name}' has a floating base: a tool pose in the base frame does not fix "
                "the joints while the base moves; send a joint goal (e.g. the joints of an IK "
                "solution)"
            )
        frame_id = msg.header.frame_id
        base = _base_frame(model)
        if frame_id not in ("", base):
            raise MessageError(
                f"header.frame_id = '{frame_id}': poses are taken in the model's base frame "
                f"'{base}' (or empty); transform the goal first"
            )
        p, o = msg.pose.position, msg.pose.orientation
        position = [p.x, p.y, p.z]
        quaternion = [o.x, o.y, o.z, o.w]
        check_values(position, 3, "pose.position")
        check_values(quaternion, 3 + 1, "pose.orientation")
        norm = math.sqrt(sum(x * x for x in quaternion))
        if abs(norm - 1.0) > 1e-3:
            raise MessageError(
                f"pose.orientation = {quaternion}: not a unit quaternion (norm {norm:.6g})"
            )
        # geometry_msgs order (x, y, z, w), converted at this boundary (modyn_model.so3 is w-first)
        rotation = rotation_from_quaternion(quaternion)
        start_ns = self._start_ns(msg.header.stamp, self.get_clock().now)
        q0, v0, a0, origin = self._start_state(start_ns)
        segments = []
        if np.any(v0 != 0.0) or np.any(a0 != 0.0):
            # the line starts at rest: bring the running reference to rest first
            stop = stop_motion(q0, v0, a0, v_max=self.v_max, a_max=self.a_max)
            segments.append(stop)
            q0 = stop.positions[-1]
            origin += ", brought to rest first"
        frame = self._settings["tip_frame"] or self._default_tip(model)
        line = plan_straight_line(
            model,
            q0,
            (np.array(position), rotation),
            frame=frame,
            max_linear_velocity=self._settings["max_linear_velocity"],
            max_linear_acceleration=self._settings["max_linear_acceleration"],
            max_angular_velocity=self._settings["max_angular_velocity"],
            max_angular_acceleration=self._settings["max_angular_acceleration"],
            profile=self._settings["profile"],
            sample_period=self._settings["sample_period"],
        )
        segments.append(line.to_piecewise_quintic())
        # what the controller's joint interpolation does between the samples (docs/trajectory.md)
        self._plan_report = {
            "line_deviation_between_samples_m": f"{line.max_line_deviation:.3g}",
            "geodesic_deviation_between_samples_rad": f"{line.max_geodesic_deviation:.3g}",
            "max_ik_residual_m": f"{line.max_ik_position_residual:.3g}",
            "min_singular_value": f"{line.min_singular_value:.4g}",
        }
        plan = MotionSequence(segments) if len(segments) > 1 else segments[0]
        times = sample_times(plan, self._settings["sample_period"])
        q, v, a = plan.sample(times)
        self._check_workspace(q, times)
        self._warn_limits(v, a, times, self._settings["profile"], q)
        start_ns = self._publish_start(msg.header.stamp, start_ns, v0, a0)
        self._plan = (start_ns, plan)
        self._stats["last_plan_points"] = int(times.shape[0])
        self._stats["last_plan_duration_s"] = round(plan.duration, 6)
        self.get_logger().info(
            f"goal_pose accepted: '{frame}' on a {line.distance:.4f} m line and "
            f"{line.angle:.4f} rad rotation from {origin}, {plan.duration:.3f} s, "
            f"max IK residual {line.max_ik_position_residual:.2g} m, between samples "
            f"{line.max_line_deviation:.2g} m off the line"
        )
        return _trajectory_msg(start_ns, model.coordinate_names, times, q, v, a)

    def _publish_path(self, traj: JointTrajectory) -> None:
        """``planned_path`` (nav_msgs/Path): the pose of the tool frame (``tip_frame``, else the
        model's ``tip_frame``) at each point of a plan whose joint_names are the model's
        coordinates, in the model's base frame, stamped like the plan (each pose at its start
        + time_from_start). Nothing when the model names no tool frame or cannot place it."""
        model = self.model
        if model is None or list(traj.joint_names) != list(model.coordinate_names):
            return
        frame = self._settings["tip_frame"] or str(getattr(model, "tip_frame", "") or "")
        if not frame or frame not in model.frame_names:
            return
        q = np.array([p.positions for p in traj.points], dtype=float)
        try:
            poses = np.asarray(model.frame_placement(q, frame))
        except Exception as exc:  # noqa: BLE001 - drawing a plan must never stop the planner
            self.get_logger().warning(
                f"planned_path not published: {exc}", throttle_duration_sec=10.0
            )
            return
        path = Path()
        path.header.frame_id = str(model.base_frame)
        path.header.stamp = traj.header.stamp
        start = traj.header.stamp.sec * 1_000_000_000 + traj.header.stamp.nanosec
        for point, pose in zip(traj.points, poses, strict=True):
            ps = PoseStamped()
            ps.header.frame_id = path.header.frame_id
            t = start + point.time_from_start.sec * 1_000_000_000 + point.time_from_start.nanosec
            ps.header.stamp.sec, ps.header.stamp.nanosec = divmod(t, 1_000_000_000)
            pos, o = ps.pose.position, ps.pose.orientation
            pos.x, pos.y, pos.z = (float(c) for c in pose[:3, 3])
            o.w, o.x, o.y, o.z = (float(c) for c in matrix_to_quaternion(pose[:3, :3]))
            path.poses.append(ps)
        self.path_publisher.publish(path)

    @staticmethod
    def _default_tip(model: MechanismModel) -> str:
        """The model's default end-effector frame (tip_frame empty), or a MessageError."""
        tip = str(model.tip_frame)
        if not tip:
            raise MessageError(
                f"'{model.name}' names no end-effector frame: set the tip_frame parameter for "
                "goal_pose"
            )
        return tip

    def _start_state(self, start_ns: int):
        """(q, q̇, q̈, origin): the previous plan's reference at the start, else joint_states.

        After a plan has ended the controller holds its last point, so that point (at rest) is
        the reference a new plan continues from: no jump in the desired motion, and lockstep
        runs do not depend on when the goal arrived.
        """
        if self._plan is not None:
            plan_start, plan = self._plan
            t = (start_ns - plan_start) * 1e-9
            if t >= plan.start:
                q, v, a = plan.sample(min(t, plan.end))
                if t >= plan.end:
                    return q, np.zeros_like(v), np.zeros_like(a), "the previous plan's end point"
                return q, v, a, "the running plan's reference"
        if self._last_q is None:
            # none yet (start-up), or dropped after the previous plan: wait for the next state
            raise _Await("joint_states (the start state; is hardware_interface running?)")
        n = self._last_q.shape[0]
        return self._last_q.copy(), np.zeros(n), np.zeros(n), "the measured joint_states"

    def _check_path(self, q: np.ndarray, times: np.ndarray) -> None:
        """Between waypoints a spline may overshoot: reject a path that leaves a joint's range."""
        model = self.model
        tol = 1e-9
        out = (q < self._lower - tol) | (q > self._upper + tol)
        if out.any():
            k, j = np.argwhere(out)[0]
            raise TrajectoryError(
                f"the path leaves joint '{model.coordinate_names[j]}' limits "
                f"[{self._lower[j]}, {self._upper[j]}] at t = {times[k]:.3f} s "
                f"(q = {q[k, j]:.6g}); add waypoints, set stop_at_waypoints, or move the goal"
            )

    def _check_workspace(
        self, q: np.ndarray, times: np.ndarray | None = None, label: str = ""
    ) -> None:
        """A model with a workspace of its own (the optional contract member
        ``check_workspace(q)``, batched; e.g. actuator strokes of a parallel mechanism) refuses
        waypoints (``label`` given) or sampled path points (``times`` given) outside it, with
        the model's message (which names the actuator). No such member: nothing to check."""
        if times is None:
            check_in_workspace(self.model, q, label)
            return
        found = first_outside_workspace(workspace_check(self.model), q)
        if found is not None:
            k, exc = found
            when = "" if k is None else f" at t = {times[k]:.3f} s"
            raise TrajectoryError(
                f"the path leaves the workspace{when}: {exc}; move the goal or add waypoints"
            )

    def _sampled(self, plan) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(times, q, q̇) of ``plan`` at the published samples."""
        times = sample_times(plan, self._settings["sample_period"])
        q, v, _ = plan.sample(times)
        return times, q, v

    def _warn_limits(
        self, v: np.ndarray, a: np.ndarray, times: np.ndarray, profile, q: np.ndarray | None = None
    ) -> None:
        """Timed goals are followed as given; say so when a sample exceeds a limit (the
        coordinates' velocity and acceleration, and the actuators' speeds |S(q) v| when the
        model has ``actuator_velocity_limit`` and ``q`` is given)."""
        if q is not None and self.actuator_limit is not None:
            ratio, k, j = actuator_speed_ratio(self.model, q, v, self.actuator_limit)
            if ratio > 1.0 + 1e-6:
                self.get_logger().warning(
                    f"actuator '{self.model.actuator_names[j]}' speed "
                    f"{ratio * self.actuator_limit[j]:.6g} at t = {times[k]:.3f} s exceeds its "
                    f"limit {self.actuator_limit[j]:.6g} (actuator_velocity_limit)"
                )
        names = self.model.coordinate_names
        checks = [(v, self.v_max, "velocity")]
        if profile != "linear":  # the linear profile's acceleration is an impulse [8.4]
            checks.append((a, self.a_max, "acceleration"))
        for values, limit, what in checks:
            ratio = np.abs(values) / limit
            k, j = np.unravel_index(int(np.argmax(ratio)), ratio.shape)
            if ratio[k, j] > 1.0 + 1e-6:
                self.get_logger().warning(
                    f"joint '{names[j]}' {what} {values[k, j]:.6g} at t = {times[k]:.3f} s "
                    f"exceeds its limit {limit[j]:.6g}"
                )

    # ------------------------------------------------------------------ diagnostics
    def _report(self):
        values = dict(self._stats)
        values["last_rejection"] = self._last_rejection
        if self.model is None:
            return WARN, "waiting for the robot model", values
        values["max_velocity"] = self.v_max.tolist()
        values["max_acceleration"] = self.a_max.tolist()
        values["joint_states"] = "received" if self._last_q is not None else "none yet"
        values["hardware"] = self._hardware_fault or "ok"
        values["controller_last_refusal"] = self._controller_event
        if self._last_rejection:
            return WARN, f"last goal rejected: {self._last_rejection}", values
        return OK, "ready", values


def _trajectory_msg(start_ns, joint_names, times, q, v, a) -> JointTrajectory:
    """A JointTrajectory with the points (times relative to ``start_ns``)."""
    msg = JointTrajectory()
    msg.header.stamp = Time(nanoseconds=int(start_ns)).to_msg()
    msg.joint_names = list(joint_names)
    points = []
    for t, qi, vi, ai in zip(times.tolist(), q.tolist(), v.tolist(), a.tolist(), strict=True):
        point = JointTrajectoryPoint(positions=qi, velocities=vi, accelerations=ai)
        ns = round(t * 1e9)
        point.time_from_start.sec, point.time_from_start.nanosec = divmod(ns, 1_000_000_000)
        points.append(point)
    msg.points = points
    return msg


def main(args=None) -> int:
    """Console script: run the node until shutdown; exit status 2 on a bad parameter."""
    return run_node(TrajectoryGenerator, "trajectory_generator", args)


if __name__ == "__main__":
    sys.exit(main())
