"""The ``feedback_controller`` node: one effort command per ``joint_states`` message.

On each measured state (stamp t) the node samples the trajectory at t and runs the law named
by the ``law`` parameter (Khalil ch. 9, :mod:`modyn_control.law_catalog`); the default,
``pd_feedforward``, gives τ = τ_ff + Kp (q_d ⊖ q) + Kd (q̇_d − q̇). Without a trajectory to follow
it holds a pose with :class:`modyn_control.hold.HoldLaw`, τ = Q(q) + Kp (q_hold ⊖ q) − Kd q̇
[9.12], whatever the law. Which of the two applies is :class:`modyn_control.schedule.Schedule`'s
decision. The law can be changed at run time and the hold takes over from a law, both bumplessly
(:class:`~modyn_control.law_base.LawSwitch`, :class:`~modyn_control.law_base.HoldHandOver`).
The laws give generalized forces τ (nv); the node publishes the actuator forces u (Sᵀ u = τ,
:class:`modyn_control.actuation.ActuatorMap`) by the model's ``actuator_names``, and reads
states by ``coordinate_names`` / ``velocity_names``. A floating-base model's joints come on
``joint_states`` and its base on ``base_state`` (nav_msgs/Odometry, :mod:`modyn_ros.base_state`):
the node answers a ``joint_states`` message once the base state of the same stamp is in;
trajectories then name the joints, and the base is held at its pose when the hold last began. Time is the stamp of the answered message,
never the node clock, so a lockstep simulation gives the same commands however busy the machine
is. Topics, parameters and behaviour: docs/nodes.md.
"""

from __future__ import annotations

import array
import math
import os
import signal
import sys
import time

import numpy as np
from diagnostic_msgs.msg import DiagnosticStatus, KeyValue
from nav_msgs.msg import Odometry
from rcl_interfaces.msg import ParameterDescriptor, SetParametersResult
from rclpy.node import Node
from sensor_msgs.msg import JointState
from std_srvs.srv import Trigger
from trajectory_msgs.msg import JointTrajectory

from modyn_model import ModelError
from modyn_model.contract import coordinate_effort
from modyn_ros import intra_process as intra
from modyn_ros import loop_log
from modyn_ros.base_state import BASE_NQ, BASE_NV, base_from_odometry
from modyn_ros.diagnostics import OK, WARN, Diagnostics
from modyn_ros.joint_map import JointMap, MessageError
from modyn_ros.model_source import ModelSource
from modyn_ros.node_main import run_node
from modyn_ros.params import ParameterError, number_list
from modyn_ros.qos import LATCHED_QOS, STATE_QOS, STATUS_QOS, TRAJECTORY_QOS
from modyn_trajectory.quintic import TrajectoryError

from .actuation import ActuatorMap
from .computed_torque import BASE_FEEDBACKS
from .friction import FRICTION_VELOCITIES
from .hold import HoldLaw
from .law_base import HoldHandOver, LawSwitch, Reference, limits_array
from .law_catalog import ALL_LAW_NAMES, LawSettings, make_law
from .laws import ControlError, gains
from .messages import sampler_from_message, stamp_ns
from .schedule import FOLLOWING, HOLDING, PENDING, Schedule
from .trajectory_queue import ERROR_EVENTS, Event, Received, stamp_text

__all__ = ["FeedbackController", "FOLLOWING", "HOLDING", "PENDING", "main"]

_GAIN_DEFAULTS = {"kp": 400.0, "kd": 40.0}
_GAIN_TEXT = {
    "kp": "position gain per joint in model order (N·m/rad or N/m), or one value for all",
    "kd": "velocity gain per joint in model order (N·m·s/rad or N·s/m), or one value for all",
}
#: numeric law parameters: name -> (default, lower bound kind, description)
_LAW_NUMBERS = {
    "ki": (0.0, ">=0", "pid: integral gain per joint (N·m/(rad·s)), or one value for all"),
    "omega": (
        10.0,
        ">0",
        "computed_torque, predictive, task_computed_torque: natural frequency ω_n of the error "
        "dynamics (rad/s), per joint (per task row) or one value; Kp = ω², Kd = 2ζω",
    ),
    "zeta": (1.0, ">=0", "damping ratio ζ of the computed-torque laws, per joint or one value"),
    "observer_bandwidth": (
        0.0,
        ">=0",
        "computed_torque, predictive, task_computed_torque: bandwidth K_o (rad/s) of the "
        "disturbance observer whose "
        "estimate of the unmodelled torques is added to the law, per joint or one value; 0: off",
    ),
    "task_kp": (2000.0, ">=0", "task_pid: Cartesian stiffness per task row (N/m, N·m/rad)"),
    "task_kd": (100.0, ">=0", "task_pid: Cartesian damping per task row (N·s/m, N·m·s/rad)"),
    "task_ki": (0.0, ">=0", "task_pid: Cartesian integral gain per task row"),
    "integral_limit": (
        0.0,
        ">=0",
        "pid, task_pid: clamp of the integral term (N·m, N), per joint or one value; 0: none",
    ),
    "effort_limit": (
        0.0,
        ">=0",
        "saturation |u_j| of the actuator forces (N·m or N), per actuator or one value; "
        "0: the model's limits",
    ),
}
_TASK_ROWS = ("x", "y", "z", "rx", "ry", "rz")
_LAW_OTHER = {
    "law",
    "task_frame",
    "task_rows",
    "integral_action",
    "blend_time",
    "feedforward",
    "friction_velocity",
    "base_feedback",
}


class _Stats:
    """Counters and compute-time statistics, reset per diagnostics period where noted."""

    __slots__ = (
        "ticks",
        "rejected",
        "trajectories",
        "trajectories_rejected",
        "period_ticks",
        "compute_ns",
        "compute_max_ns",
        "total_ns",
    )

    def __init__(self):
        self.ticks = self.rejected = self.trajectories = self.trajectories_rejected = 0
        self.period_ticks = self.compute_ns = self.compute_max_ns = self.total_ns = 0


class FeedbackController(Node):
    """PD + feed-forward trajectory tracking, gravity-compensated hold (see docs/nodes.md).

    Keyword arguments go to :class:`rclpy.node.Node`. Raises :class:`ParameterError` for an
    unusable parameter.
    """

    def __init__(self, **kwargs):
        super().__init__("feedback_controller", **kwargs)
        for name, default in _GAIN_DEFAULTS.items():
            # dynamic typing: kp:=100, kp:=100.0 and kp:=[100, 50] are all accepted
            self.declare_parameter(
                name,
                [default],
                ParameterDescriptor(description=_GAIN_TEXT[name], dynamic_typing=True),
            )
        self.declare_parameter(
            "feedforward",
            True,
            ParameterDescriptor(description="add the trajectory's effort τ_ff (false: PD only)"),
        )
        self.declare_parameter(
            "hold_gravity",
            True,
            ParameterDescriptor(description="gravity compensation Q(q) while holding a pose"),
        )
        self.declare_parameter(
            "law",
            "pd_feedforward",
            ParameterDescriptor(description=f"control law while following: one of {ALL_LAW_NAMES}"),
        )
        for name, (default, _, text) in _LAW_NUMBERS.items():
            self.declare_parameter(
                name, [default], ParameterDescriptor(description=text, dynamic_typing=True)
            )
        self.declare_parameter(
            "task_frame",
            "",
            ParameterDescriptor(description="task-space laws: tip link; empty: tool0 or last link"),
        )
        self.declare_parameter(
            "task_rows",
            "",
            ParameterDescriptor(
                description="task-space laws: controlled components, comma-separated from "
                "x,y,z,rx,ry,rz; empty: all six (n >= 6) or n independent ones"
            ),
        )
        self.declare_parameter(
            "integral_action",
            False,
            ParameterDescriptor(description="computed_torque, predictive: add K_I ∫e to w"),
        )
        self.declare_parameter(
            "friction_velocity",
            "desired",
            ParameterDescriptor(
                description="computed_torque, task_computed_torque: the model's friction Γf "
                f"evaluated at the desired or the measured velocity, {FRICTION_VELOCITIES}"
            ),
        )
        self.declare_parameter(
            "base_feedback",
            "full",
            ParameterDescriptor(
                description="computed_torque on a floating-base model: the base rows of [9.22] "
                "as written (full) or the base PD on the locked base inertia plus the planned "
                f"coupling only (decoupled), {list(BASE_FEEDBACKS)}"
            ),
        )
        self.declare_parameter(
            "blend_time",
            0.1,
            ParameterDescriptor(
                description="bumpless law change: the torque gap fades out over this time (s)"
            ),
        )
        self.declare_parameter(
            "start_tolerance",
            0.1,
            ParameterDescriptor(
                description="largest jump (rad or m, any joint) between the controller's "
                "reference and a trajectory's at its start; a trajectory beyond it is refused "
                "(goal_status), > 0",
                read_only=True,
                dynamic_typing=True,
            ),
        )
        self.declare_parameter(
            "wait_for_trajectory",
            False,
            ParameterDescriptor(
                description="send no command before the first trajectory (the plant's own safe "
                "hold applies; lockstep: the plant waits at t_0), so that a lockstep run starts "
                "the same way whatever order DDS discovery takes; an integer n >= 1: before n "
                "trajectories are queued (a script that plans a whole sequence while the plant "
                "waits, so that no plan can arrive after its start however slow the planning)",
                read_only=True,
                dynamic_typing=True,
            ),
        )
        self.declare_parameter(
            "die_at",
            0.0,
            ParameterDescriptor(
                description="fault injection (tests, demos): the process kills itself (SIGKILL) "
                "on the first joint_states stamped at or after this time (s), before answering "
                "it: a controller that dies at an exact plant time of a lockstep run, whatever "
                "the machine's load (composed, the whole process goes); 0: never. Settable "
                "while running (a time known only once a goal is planned)",
                dynamic_typing=True,
            ),
        )
        self._die_at_ns = self._die_at(self.get_parameter("die_at").value)
        self._gains = {
            name: self._gain_values(name, self.get_parameter(name).value) for name in _GAIN_DEFAULTS
        }
        self.feedforward = bool(self.get_parameter("feedforward").value)
        self.hold_gravity = bool(self.get_parameter("hold_gravity").value)
        current = {p: self.get_parameter(p).value for p in (*_LAW_NUMBERS, *_LAW_OTHER)}
        self._law_params = self._checked_law_params(current)
        self.law_name = self._law_params["law"]
        self.switch: LawSwitch | None = None
        tolerance = self.get_parameter("start_tolerance").value
        if isinstance(tolerance, bool) or not isinstance(tolerance, int | float):
            raise ParameterError(f"start_tolerance = {tolerance!r}: expected a number (rad or m)")
        if not tolerance > 0.0:
            raise ParameterError(f"start_tolerance = {tolerance}: must be > 0 (.inf: no check)")
        self._start_tolerance = float(tolerance)
        wait = self.get_parameter("wait_for_trajectory").value
        if not isinstance(wait, bool) and not (isinstance(wait, int) and wait >= 0):
            raise ParameterError(
                f"wait_for_trajectory = {wait!r}: expected true, false or a number of "
                "trajectories >= 0"
            )
        # wait_for_trajectory: no command until this many trajectories are queued (true: one);
        # the latest state waits
        self._gated = int(wait)
        self._held_state: JointState | None = None

        self.model = None
        self.state = HOLDING
        self._schedule: Schedule | None = None  # the trajectories, the hold pose, hand-overs
        self._waiting: list[JointTrajectory] = []  # arrived before the model, in order
        self._last_ns: int | None = None
        self._last_t: float | None = None  # the last answered stamp (s)
        self._fault: str | None = None  # hardware_interface's latched fault, from hardware_status
        self._stats = _Stats()
        self._last_rejection = ""
        self._floating = False  # the model has a floating base: pair joint_states with base_state
        self._base_stamp_ns: int | None = None
        self._pending: JointState | None = None  # joint_states waiting for its base_state
        # ~/set_law with a time: (at in ns, the parameters, their validated plan, the count of
        # changes it was validated after), put in force by the first state stamped at or after
        # it; the plan (the law built) is used then unless another change came in between, so
        # that the tick that switches does not build the law again
        self._scheduled: tuple[int, list, tuple, int] | None = None
        self._changes = 0  # parameter changes put in force
        self._approved: tuple | None = None  # the plan _on_set_parameters takes as checked

        # composed with the plant: delivered to it by reference (modyn_ros.intra_process)
        self.publisher = intra.create_publisher(self, JointState, "effort_command", STATE_QOS)
        self._command_intra = getattr(self.publisher, "intra", False)
        self.status_publisher = self.create_publisher(DiagnosticStatus, "goal_status", STATUS_QOS)
        self.create_subscription(JointTrajectory, "trajectory", self._on_trajectory, TRAJECTORY_QOS)
        intra.create_subscription(
            self, JointState, "joint_states", self._on_joint_states, STATE_QOS
        )
        self.create_subscription(
            DiagnosticStatus, "hardware_status", self._on_hardware_status, LATCHED_QOS
        )
        self.create_service(Trigger, "~/stop", self._on_stop)
        try:  # the typed law switch (modyn_interfaces built: make build does)
            from modyn_interfaces.srv import SetLaw
        except ImportError:
            SetLaw = None  # noqa: N806 - the message class
        if SetLaw is not None:
            self.create_service(SetLaw, "~/set_law", self._on_set_law)
        self.model_source = ModelSource(self, self._on_model)
        self.diagnostics = Diagnostics(self, self._report)
        self.add_on_set_parameters_callback(self._on_set_parameters)

    def _on_set_law(self, request, response):
        """``~/set_law`` (modyn_interfaces/srv/SetLaw): the law and its parameters set at once
        through the parameters' own validation (:meth:`_on_set_parameters`: all checked, the
        law built, before anything changes), so that the service and ``ros2 param set`` accept
        and refuse the same things."""
        from rclpy.parameter import Parameter

        try:
            changes = [Parameter.from_parameter_msg(p) for p in request.parameters]
        except Exception as exc:  # noqa: BLE001 - a malformed Parameter message, named
            response.success, response.message = False, f"parameters: {exc}"
            response.law = str(self.get_parameter("law").value)
            return response
        if request.law:
            changes.insert(0, Parameter("law", value=request.law))
        at_ns = request.at.sec * 1_000_000_000 + request.at.nanosec
        unknown = [p.name for p in changes if not self.has_parameter(p.name)]
        if unknown:
            response.success = False
            response.message = f"not parameters of {self.get_name()}: {unknown}"
        elif not changes:
            response.success, response.message = True, "nothing to change"
        elif at_ns > 0 and (self._last_ns is None or at_ns > self._last_ns):
            try:  # checked now, so that the caller learns of a refusal now
                plan = self._checked_changes(changes)
            except ParameterError as exc:
                response.success, response.message = False, str(exc)
            else:
                replaced = " (replacing the one waiting)" if self._scheduled is not None else ""
                self._scheduled = (at_ns, changes, plan, self._changes)
                response.success = True
                response.message = (
                    f"scheduled for t = {at_ns * 1e-9:.6f} s{replaced}: "
                    + ", ".join(f"{p.name} = {_plain(p.value)}" for p in changes)
                )
        else:
            result = self.set_parameters_atomically(changes)
            response.success = bool(result.successful)
            response.message = (
                result.reason
                if not result.successful
                else f"law {self.get_parameter('law').value}: "
                + ", ".join(f"{p.name} = {_plain(p.value)}" for p in changes if p.name != "law")
            ).rstrip(": ")
        response.law = str(self.get_parameter("law").value)
        return response

    @property
    def _q_hold(self) -> np.ndarray | None:
        """The pose held when nothing is followed (None before the first state)."""
        return None if self._schedule is None else self._schedule.hold_pose

    # ------------------------------------------------------------------ parameters
    def _gain_values(self, name: str, value) -> list[float]:
        """Validated gain values: numbers ≥ 0, 1 of them or (once the model is known) nv."""
        values = number_list(value, name)
        if not values:
            raise ParameterError(f"{name}: empty (give 1 value, or one per joint)")
        try:
            gains(values, len(values), name)  # finite and >= 0
            if getattr(self, "model", None) is not None:
                gains(values, self.model.nv, name)  # and the length
        except ControlError as exc:
            raise ParameterError(str(exc)) from None
        return values

    @staticmethod
    def _die_at(value) -> int | None:
        """Parameter ``die_at`` (s) as ns, None for 0 (never); ParameterError otherwise."""
        if isinstance(value, bool) or not isinstance(value, int | float) or not value >= 0.0:
            raise ParameterError(f"die_at = {value!r}: expected a time >= 0 (s; 0: never)")
        return round(float(value) * 1e9) if value > 0.0 else None

    def _checked_law_params(self, values: dict) -> dict:
        """The law parameters, type- and range-checked (lengths: when the law is built)."""
        out = dict(values)
        if values["law"] not in ALL_LAW_NAMES:
            raise ParameterError(f"law = {values['law']!r}: expected one of {list(ALL_LAW_NAMES)}")
        for name, (_, bound, _) in _LAW_NUMBERS.items():
            numbers = number_list(values[name], name)
            if not numbers:
                raise ParameterError(f"{name}: empty (give 1 value, or one per joint)")
            for i, x in enumerate(numbers):
                ok = x > 0.0 if bound == ">0" else x >= 0.0
                if not (math.isfinite(x) and ok):
                    raise ParameterError(f"{name}[{i}] = {x}: must be finite and {bound[:-1]} 0")
            out[name] = numbers
        for name in ("task_frame", "task_rows"):
            if not isinstance(values[name], str):
                raise ParameterError(f"{name} = {values[name]!r}: expected a string")
        rows = [r.strip() for r in values["task_rows"].split(",") if r.strip()]
        for r in rows:
            if r not in _TASK_ROWS:
                raise ParameterError(f"task_rows: {r!r} is not one of {list(_TASK_ROWS)}")
        out["task_rows"] = [_TASK_ROWS.index(r) for r in rows]
        for name in ("integral_action", "feedforward"):
            if not isinstance(values[name], bool):
                raise ParameterError(f"{name} = {values[name]!r}: expected a bool")
        if values["friction_velocity"] not in FRICTION_VELOCITIES:
            choices = list(FRICTION_VELOCITIES)
            raise ParameterError(
                f"friction_velocity = {values['friction_velocity']!r}: expected one of {choices}"
            )
        if values["base_feedback"] not in BASE_FEEDBACKS:
            raise ParameterError(
                f"base_feedback = {values['base_feedback']!r}: expected one of "
                f"{list(BASE_FEEDBACKS)}"
            )
        blend = values["blend_time"]
        if isinstance(blend, bool) or not isinstance(blend, int | float):
            raise ParameterError(f"blend_time = {blend!r}: expected a number of seconds")
        if not (math.isfinite(blend) and blend >= 0.0):
            raise ParameterError(f"blend_time = {blend}: must be finite and >= 0")
        return out

    def _build_law(self, values: dict):
        """The law the parameters ``values`` describe, for the current model."""
        model = self.model
        nv = model.nv
        if values["task_frame"] and values["task_frame"] not in model.frame_names:
            raise ParameterError(
                f"task_frame: no link or frame named '{values['task_frame']}' in the model "
                f"(frames: {sorted(model.frame_names)})"
            )
        limit = values["effort_limit"]
        if limit == [0.0]:
            limit = model.effort_limit.tolist()  # per actuator; inf where the model has none
        elif any(x == 0.0 for x in limit):
            raise ParameterError("effort_limit: 0 is only valid as the single value 'URDF limits'")
        try:
            actuator_limit = limits_array(limit, model.nu, "effort_limit")
        except ControlError as exc:
            raise ParameterError(str(exc)) from None
        if not self._identity:
            # S ≠ I: the actuator forces are saturated by the node (per actuator), not τ
            limit = []
        integral_limit = [] if values["integral_limit"] == [0.0] else values["integral_limit"]
        settings = LawSettings(
            kp=self._gains["kp"],
            kd=self._gains["kd"],
            ki=values["ki"],
            omega=values["omega"],
            zeta=values["zeta"],
            task_kp=values["task_kp"],
            task_kd=values["task_kd"],
            task_ki=values["task_ki"],
            task_frame=values["task_frame"],
            task_rows=values["task_rows"],
            integral_limit=integral_limit,
            effort_limit=limit,
            feedforward=values["feedforward"],
            integral_action=values["integral_action"],
            observer_bandwidth=values["observer_bandwidth"],
            friction_velocity=values["friction_velocity"],
            base_feedback=values["base_feedback"],
        )
        try:
            law = make_law(values["law"], model, settings)
        except (ControlError, ModelError) as exc:
            raise ParameterError(f"law {values['law']}: {exc}") from None
        if law.nv != nv:  # pragma: no cover - make_law builds for the model
            raise ParameterError(f"law {values['law']}: nv = {law.nv} for {nv}")
        self._next_actuator_limit = actuator_limit
        return law

    def _on_set_parameters(self, params) -> SetParametersResult:
        plan = self._approved  # a scheduled change, validated when asked (_apply_scheduled)
        if plan is None:
            try:
                plan = self._checked_changes(params)
            except ParameterError as exc:
                return SetParametersResult(successful=False, reason=str(exc))
        self._apply_changes(params, plan)
        return SetParametersResult(successful=True)

    def _checked_changes(self, params) -> tuple:
        """Every change of ``params`` validated and the new law built, nothing changed yet:
        (new gains, law parameters or None, the built law or None, die_at in ns). Raises
        ParameterError naming the parameter and its value."""
        new = {}
        law_values = dict(self._law_params)
        law_changed = False
        law = None
        die_at_ns = self._die_at_ns
        for p in params:
            if p.name in _GAIN_DEFAULTS:
                new[p.name] = self._gain_values(p.name, p.value)
                law_changed = True
            elif p.name == "hold_gravity" and not isinstance(p.value, bool):
                raise ParameterError(f"{p.name} = {p.value!r}: expected a bool")
            elif p.name in _LAW_NUMBERS or p.name in _LAW_OTHER:
                law_values[p.name] = p.value
                law_changed = True
            elif p.name == "die_at":
                die_at_ns = self._die_at(p.value)
        if law_changed:
            # validate everything, then build the new law, before changing anything
            if "task_rows" in law_values and isinstance(law_values["task_rows"], list):
                law_values["task_rows"] = ",".join(_TASK_ROWS[i] for i in law_values["task_rows"])
            law_values = self._checked_law_params(law_values)
            old_gains = self._gains
            self._gains = {**old_gains, **new}
            try:
                law = self._build_law(law_values) if self.model is not None else None
            finally:
                self._gains = old_gains
        return new, (law_values if law_changed else None), law, die_at_ns

    def _apply_changes(self, params, plan: tuple) -> None:
        """Put in force what :meth:`_checked_changes` validated."""
        self._changes += 1
        new, law_values, law, die_at_ns = plan
        self._gains.update(new)
        if self.model is not None and new:
            nv = self.model.nv
            np.copyto(self.hold.kp, gains(self._gains["kp"], nv, "kp"))
            np.copyto(self.hold.kd, gains(self._gains["kd"], nv, "kd"))
        for p in params:
            if p.name == "hold_gravity":
                self.hold_gravity = p.value
                if self.model is not None:
                    self.hold.gravity = p.value
            elif p.name == "die_at":
                self._die_at_ns = die_at_ns
                self.get_logger().warning(f"die_at = {p.value} s: SIGKILL at that plant time")
        if law_values is not None:
            self._law_params = law_values
            self.feedforward = law_values["feedforward"]
            self.law_name = law_values["law"]
            if law is not None:
                self.switch.blend_time = float(law_values["blend_time"])
                self.hand_over.set_blend_time(float(law_values["blend_time"]))
                np.copyto(self._actuator_limit, self._next_actuator_limit)
                self.switch.switch(law)  # from the next tick, with the gap faded out
                self.get_logger().info(f"law: {self.law_name} (bumpless change)")

    def _apply_scheduled(self, t_ns: int) -> None:
        """The change ``~/set_law`` scheduled for ``at``, put in force by the first state
        stamped at or after it (before that state is answered), through the parameters."""
        at_ns, changes, plan, changes_before = self._scheduled
        self._scheduled = None
        # nothing changed since it was validated: its plan stands, the law is not built again
        # in this tick; else validated again against what is in force now
        self._approved = plan if changes_before == self._changes else None
        try:
            result = self.set_parameters_atomically(changes)
        finally:
            self._approved = None
        if result.successful:
            self.get_logger().info(
                f"set_law: in force from t = {t_ns * 1e-9:.6f} s (scheduled for {at_ns * 1e-9:.6f})"
            )
        else:  # validated when asked; refused now only if something changed meanwhile
            self.get_logger().error(f"set_law scheduled for {at_ns * 1e-9:.6f} s: {result.reason}")

    # ------------------------------------------------------------------ model
    def _on_model(self, model) -> None:
        nq, nv = model.nq, model.nv
        floating = bool(getattr(model, "floating_base", False))
        # the coordinates a JointState carries: all of them, or a floating model's joints
        jq, jv = (BASE_NQ, BASE_NV) if floating else (0, 0)
        joint_names = tuple(model.coordinate_names[jq:])
        if joint_names != tuple(model.velocity_names[jv:]):
            # a JointState / JointTrajectory carries one name list for positions and velocities
            raise ParameterError(
                f"model '{model.name}': coordinate_names {list(model.coordinate_names)} and "
                f"velocity_names {list(model.velocity_names)} differ; the controller reads "
                "positions and velocities from one JointState name list"
                + (" (after the floating base's 7 and 6)" if floating else "")
            )
        try:
            kp = gains(self._gains["kp"], nv, "kp")
            kd = gains(self._gains["kd"], nv, "kd")
        except ControlError as exc:
            raise ParameterError(str(exc)) from None
        self.model = model  # _build_law needs it
        self._identity = ActuatorMap(model).identity  # S = I: u is τ (a flag, computed once)
        # what the trajectory's efforts are (modyn_model.contract.coordinate_effort): actuator
        # forces by index (nu = nq, S ≠ I; a floating base's joints) or generalized forces τ
        # (an arm; nu > nq = nv, e.g. 14 motors on 8 coordinates)
        self._ff_is_u = not self._identity and coordinate_effort(model) != "tau"
        try:
            law = self._build_law(self._law_params)
        except ParameterError:
            self.model = None
            raise
        blend = float(self._law_params["blend_time"])
        self.switch = LawSwitch(law, blend)
        self.hand_over = HoldHandOver(nv, blend)
        self.data = model.make_data()
        self.hold = HoldLaw(model, kp, kd, data=self.data, gravity=self.hold_gravity)
        if self.hold.unheld:
            self.get_logger().warning(
                f"the hold cannot act on {list(self.hold.unheld)}: no actuator reaches them"
            )
        self._hold_serial = -1  # the schedule's hold pose captured by the hold law
        self._t_law = 0.0  # the time of the law's last tick (s), for the hand-over to the hold
        self.actuators = ActuatorMap(model)
        self._actuation_status = ("none", "")
        self._actuation_warnings = 0
        self._actuator_state = None
        self._act_stamp_ns: int | None = None
        if self.actuators.stateful:
            # actuators with states of their own (VSCMG gimbal angles and wheel speeds): the
            # allocation (the model's actuation_solve) steers from the last published state
            self._act_pos, self._act_vel = np.zeros(model.nu), np.zeros(model.nu)
            self._act_names = list(model.actuator_names)
            self.create_subscription(
                JointState, "actuator_states", self._on_actuator_states, STATE_QOS
            )
        self._actuator_limit = self._next_actuator_limit.copy()
        self._reference = Reference(np.zeros(nq), np.zeros(nv), np.zeros(nv))
        self._tau = np.zeros(nv)
        self._law_tau = np.zeros(nv)
        self.joint_map = JointMap(joint_names)
        # per-tick buffers: nothing is allocated on the hot path but the message's list
        self._q = np.zeros(nq)
        self._v = np.zeros(nv)
        self._q_joint, self._v_joint = self._q[jq:], self._v[jv:]  # views: what JointState has
        self._q_desired = np.zeros(nq - jq)
        self._command = JointState(name=list(model.actuator_names))
        self._schedule = Schedule(self._start_tolerance, joint_names)
        self._floating = floating
        if floating:
            # the reference of the whole state: the base held, the joints from the trajectory
            self._full_ref = Reference(np.zeros(nq), np.zeros(nv), np.zeros(nv), np.zeros(nv))
            self._tau_ff_buffer = np.zeros(model.nu)  # the trajectory's efforts: actuator forces
            self._q_hold_full = np.zeros(nq)
            self._base_captured = False
            self._base_q, self._base_v = np.zeros(BASE_NQ), np.zeros(BASE_NV)
            self.create_subscription(Odometry, "base_state", self._on_base_state, STATE_QOS)
        self._schedule.fault = self._fault
        self.model = model
        self.get_logger().info(
            f"gains kp {kp.tolist()}, kd {kd.tolist()}; "
            + ("S = I: efforts are τ" if self._identity else "efforts are u with Sᵀu = τ")
        )
        waiting, self._waiting = self._waiting, []
        for msg in waiting:
            self._on_trajectory(msg)

    # ------------------------------------------------------------------ trajectory, stop
    def _on_trajectory(self, msg: JointTrajectory) -> None:
        if self.model is None:
            self._waiting.append(msg)
            del self._waiting[:-10]  # the depth of the topic's history
            return
        stamp = stamp_ns(msg.header.stamp)
        try:
            sampler = sampler_from_message(msg, self.joint_map)
        except (MessageError, TrajectoryError) as exc:
            self._stats.trajectories_rejected += 1
            self._last_rejection = f"trajectory: {exc}"
            self.get_logger().error(f"trajectory rejected: {exc}")
            self._status(
                DiagnosticStatus.ERROR,
                f"trajectory rejected: {exc}",
                {"event": "rejected", "stamp": stamp_text(stamp), "points": len(msg.points)},
            )
            return
        received = Received(sampler, stamp, len(msg.points))
        events = self._schedule.receive(received, self._last_t)
        self._publish_events(events)
        if events[-1].kind != "pending":
            self._stats.trajectories_rejected += 1
            return
        self._stats.trajectories += 1
        if self.feedforward and not any(len(p.effort) for p in msg.points):
            self.get_logger().warning("trajectory without efforts: the feed-forward is zero")
        if self._gated:  # wait_for_trajectory: the loop closes at the last one awaited
            self._gated -= 1
            if self._gated:
                return
            held, self._held_state = self._held_state, None
            if held is not None:
                self._on_joint_states(held)

    def _publish_events(self, events: list[Event]) -> None:
        """Report trajectory transitions on goal_status (and the log)."""
        for event in events:
            values = {"event": event.kind, **event.trajectory.values()}
            if event.t is not None:
                values["t"] = f"{event.t:.9f}"
            values.update(event.values)
            # from the joint_states callback, before its command: rclpy's logger method costs
            # 0.2-0.8 ms there (modyn_ros.loop_log)
            if event.kind in ERROR_EVENTS:
                level = DiagnosticStatus.ERROR
                self._last_rejection = event.message
                loop_log.log(self.get_logger(), loop_log.ERROR, event.message)
            else:
                level = DiagnosticStatus.OK
                loop_log.log(self.get_logger(), loop_log.INFO, event.message)
            self._status(level, event.message, values)

    def _status(self, level: bytes, message: str, values: dict) -> None:
        status = DiagnosticStatus(level=level, name=f"{self.get_fully_qualified_name()}/trajectory")
        status.message = message
        status.hardware_id = self.model.name if self.model is not None else ""
        status.values = [KeyValue(key=k, value=str(v)) for k, v in values.items()]
        self.status_publisher.publish(status)

    def _on_hardware_status(self, msg: DiagnosticStatus) -> None:
        """hardware_interface's latched state: a fault drops the trajectories, the hold then
        follows the measured pose (the plant holds itself) so that ~/reset resumes there."""
        self._fault = msg.message if msg.level == DiagnosticStatus.ERROR else None
        if self._schedule is not None:
            self._publish_events(self._schedule.set_fault(self._fault, self._last_t))

    def _on_stop(self, request, response):
        dropped = False
        if self._schedule is not None:
            # the desired pose of the last tick: where the reference was when stopped
            dropped, events = self._schedule.stop(self._last_t, self._q_desired)
            self._publish_events(events)
        self.state = HOLDING
        response.success = True
        hold = "the first measured pose" if self._q_hold is None else self._q_hold.tolist()
        response.message = f"{'trajectory dropped; ' if dropped else ''}holding {hold}"
        self.get_logger().info(f"~/stop: {response.message}")
        return response

    # ------------------------------------------------------------------ the control tick
    def _reject(self, reason: str) -> None:
        self._stats.rejected += 1
        self._last_rejection = f"joint_states: {reason}"
        self.get_logger().warning(f"joint_states rejected: {reason}", throttle_duration_sec=1.0)

    def _on_actuator_states(self, msg: JointState) -> None:
        """The actuators' own states (``actuator_dynamics``), by ``actuator_names``; a message
        naming other actuators or with non-finite values is ignored (the last good one stays,
        or the model's default before any)."""
        if (
            list(msg.name) != self._act_names
            or len(msg.position) != len(self._act_names)
            or len(msg.velocity) != len(self._act_names)
        ):
            return self._reject(
                f"actuator_states: expected {len(self._act_names)} positions "
                f"and velocities named {self._act_names}"
            )
        pos = np.asarray(msg.position, dtype=float)
        vel = np.asarray(msg.velocity, dtype=float)
        if not np.isfinite(pos.sum() + vel.sum()):
            return self._reject("actuator_states: non-finite values")
        np.copyto(self._act_pos, pos)
        np.copyto(self._act_vel, vel)
        self._actuator_state = (self._act_pos, self._act_vel)
        self._act_stamp_ns = stamp_ns(msg.header.stamp)
        pending = self._pending
        if pending is not None and stamp_ns(pending.header.stamp) == self._act_stamp_ns:
            self._pending = None
            self._on_joint_states(pending)

    def _check_actuation(self) -> None:
        """Log the allocation's status when it changes (a saturated thruster cluster, a CMG
        near its singular set, rate limits): the model's ``actuation_status``."""
        status = self.model.actuation_status
        if status[0] == self._actuation_status[0]:
            return
        self._actuation_status = status
        if status[0] not in ("ok", "optimal", "none"):
            self._actuation_warnings += 1
            self.get_logger().warning(f"actuation: {status[0]}: {status[1]}")
        else:
            self.get_logger().info(f"actuation: {status[0]}")

    def _on_base_state(self, msg: Odometry) -> None:
        """A floating base's state: kept until the joint_states of its stamp (or answers the
        one that came first)."""
        try:
            base_from_odometry(msg, self._base_q, self._base_v)
        except MessageError as exc:
            self._base_stamp_ns = None
            return self._reject(str(exc))
        self._base_stamp_ns = stamp_ns(msg.header.stamp)
        pending = self._pending
        if pending is not None and stamp_ns(pending.header.stamp) == self._base_stamp_ns:
            self._pending = None
            self._on_joint_states(pending)

    def _on_joint_states(self, msg: JointState) -> None:
        started = time.perf_counter_ns()
        model = self.model
        if model is None:
            return  # no model, no command (the plant's own safe hold applies)
        if self._die_at_ns is not None and stamp_ns(msg.header.stamp) >= self._die_at_ns:
            os.kill(os.getpid(), signal.SIGKILL)  # parameter die_at: fault injection
        if self._scheduled is not None and stamp_ns(msg.header.stamp) >= self._scheduled[0]:
            self._apply_scheduled(stamp_ns(msg.header.stamp))
        if self._gated:  # wait_for_trajectory: answered when the trajectories awaited come
            self._held_state = msg
            return
        if self._floating:
            if stamp_ns(msg.header.stamp) != self._base_stamp_ns:
                self._pending = msg  # answered when base_state of this stamp arrives
                return
        if self.actuators.stateful and stamp_ns(msg.header.stamp) != self._act_stamp_ns:
            # the allocation steers from the actuators' state of the same stamp (deterministic
            # in lockstep): answered when actuator_states of this stamp arrives
            self._pending = msg
            return
        if self._floating:
            np.copyto(self._q[:BASE_NQ], self._base_q)
            np.copyto(self._v[:BASE_NV], self._base_v)
            if not self._base_captured:  # the first state: the base is held where it starts
                np.copyto(self._q_hold_full[:BASE_NQ], self._base_q)
                self._base_captured = True
        names, pos, vel = msg.name, msg.position, msg.velocity
        try:
            # positions by coordinate_names (velocity_names are the same list: _on_model)
            index = self.joint_map.indices(names)
        except MessageError as exc:
            return self._reject(str(exc))
        if len(pos) != len(names) or len(vel) != len(names):
            field = "position" if len(pos) != len(names) else "velocity"
            return self._reject(
                f"{field}: {len(getattr(msg, field))} values for {len(names)} names"
            )
        q, v = self._q, self._v
        # message arrays are array.array('d'): read them without a copy
        np.take(
            np.frombuffer(pos) if type(pos) is array.array else np.asarray(pos, float),
            index,
            out=self._q_joint,
        )
        np.take(
            np.frombuffer(vel) if type(vel) is array.array else np.asarray(vel, float),
            index,
            out=self._v_joint,
        )
        # one cheap test on the fast path (a sum is non-finite if any term is); the slow path
        # names the culprit (or finds none: finite values whose sum overflowed)
        if not np.isfinite(q.sum() + v.sum()):
            for field, values in (("position", q), ("velocity", v)):
                bad = np.flatnonzero(~np.isfinite(values))
                if bad.size:
                    j = int(bad[0])
                    name = (
                        model.coordinate_names if field == "position" else model.velocity_names
                    )[j]
                    return self._reject(f"{field} of joint '{name}' is {values[j]}")
        stamp = msg.header.stamp
        t_ns = stamp.sec * 1_000_000_000 + stamp.nanosec
        if self._last_ns is not None and t_ns < self._last_ns:
            return self._reject(
                f"header.stamp {t_ns * 1e-9:.9f} s is before the previous one "
                f"({self._last_ns * 1e-9:.9f} s)"
            )
        self._last_ns = t_ns
        t = stamp.sec + stamp.nanosec * 1e-9  # as ns_to_s: the same rounding as the knots
        self._last_t = t

        # which trajectory applies at t, or the hold (the queue's work only at a transition)
        tick = self._schedule.tick(t, self._q_joint)
        if tick.events:
            self._publish_events(tick.events)
        tau = self._tau
        if tick.sampler is not None:
            ref = self._reference
            # views of the sampler's buffer
            ref.q, ref.v, ref.a, ref.tau_ff = tick.sampler.sample(t)
            np.copyto(self._q_desired, ref.q)
            if self._floating:  # the joints' reference, the base held where the hold had it
                ref = self._floating_reference(ref)
            if self._ff_is_u and ref.tau_ff is not None:
                # the trajectory's efforts are actuator forces: τ = Sᵀ u
                ref.tau_ff = model.generalized_forces(ref.q, ref.tau_ff)
            self.switch.step(t, q, v, ref, tau)
            self._t_law = t
        else:
            schedule = self._schedule
            if schedule.hold_serial != self._hold_serial:
                if self._floating:  # the base where it is now, the joints at the hold pose
                    np.copyto(self._q_hold_full[:BASE_NQ], q[:BASE_NQ])
                    np.copyto(self._q_hold_full[BASE_NQ:], schedule.hold_pose)
                    self.hold.capture(self._q_hold_full)
                else:
                    self.hold.capture(schedule.hold_pose)
                self._hold_serial = schedule.hold_serial
            if tick.hand_over and self.hand_over.fades(t, self._t_law):
                # bumpless, as the law switch: the law once more at its last reference (views
                # of the finished or dropped trajectory's sampler, not sampled since), its
                # torque fading into the hold's
                last = self._reference
                if self._floating:  # the whole state's reference (the base held), as above
                    last = self._floating_reference(last)
                self.switch.step(t, q, v, last, self._law_tau)
                self.hand_over.start(t, self._law_tau)
            elif tick.hand_over:
                self.hand_over.cancel()
            np.copyto(tau, self.hold.generalized(q, v))
            self.hand_over.apply(t, tau)
            self.switch.interrupt(tau, t)  # the law takes over from this torque
        self.state = tick.mode
        if self.actuators.stateful:
            u = self.actuators.forces(q, tau, v=v, actuator_state=self._actuator_state, t=t)
            self._check_actuation()
        else:
            u = self.actuators.forces(q, tau)
        if not self._identity:  # S = I: the law saturated τ = u with these limits already
            np.clip(u, -self._actuator_limit, self._actuator_limit, out=u)

        command = self._command
        if self._command_intra:  # the published message passes to the local subscribers
            command = JointState()
            command.name = self._command.name
        command.header.stamp = stamp
        command.effort = u.tolist()
        computed = time.perf_counter_ns()
        self.publisher.publish(command)
        stats = self._stats
        stats.ticks += 1
        stats.period_ticks += 1
        stats.compute_ns += computed - started
        stats.compute_max_ns = max(stats.compute_max_ns, computed - started)
        stats.total_ns += time.perf_counter_ns() - started

    def _floating_reference(self, joints: Reference) -> Reference:
        """The whole state's reference from the joints' one: the base at the held pose, at
        rest (into preallocated buffers)."""
        full = self._full_ref
        full.q[:BASE_NQ] = self._q_hold_full[:BASE_NQ]
        full.q[BASE_NQ:] = joints.q
        full.v[BASE_NV:] = joints.v
        full.a[BASE_NV:] = joints.a
        if joints.tau_ff is None or np.size(joints.tau_ff) != self._tau_ff_buffer.size:
            # no efforts, or efforts for the joints only while the model has more actuators
            # (a free-flyer's base actuators): no feed-forward efforts
            full.tau_ff = None
        else:
            full.tau_ff = self._tau_ff_buffer
            self._tau_ff_buffer[:] = joints.tau_ff
        return full

    # ------------------------------------------------------------------ diagnostics
    def _report(self):
        s = self._stats
        k = max(s.period_ticks, 1)
        values = {
            "state": self.state,
            # effort_command handed to the plant's node by reference (composed mode)
            "command_intra_process": self._command_intra,
            "ticks": s.ticks,
            "rejected": s.rejected,
            "trajectories": s.trajectories,
            "trajectories_rejected": s.trajectories_rejected,
            "tick_rate_hz": s.period_ticks,  # ticks in the last (1 s) period
            "compute_mean_us": round(s.compute_ns / k * 1e-3, 1),
            "compute_max_us": round(s.compute_max_ns * 1e-3, 1),
            "tick_mean_us": round(s.total_ns / k * 1e-3, 1),  # compute + publish
            "last_rejection": self._last_rejection,
            "feedforward": self.feedforward,
            "hold_gravity": self.hold_gravity,
            "law": self.law_name,
        }
        actuators = getattr(self, "actuators", None)
        if actuators is not None and actuators.stateful:
            values["actuation_status"] = self._actuation_status[0]
            values["actuation_message"] = self._actuation_status[1]
            values["actuation_warnings"] = self._actuation_warnings
        if self.switch is not None:
            values["saturated"] = self.switch.law.saturated
            values["blending"] = self.switch.blending or self.hand_over.blending
        s.period_ticks = s.compute_ns = s.compute_max_ns = s.total_ns = 0
        if self.model is None:
            return WARN, "waiting for the robot model", values
        if self._floating and self._base_stamp_ns is None:
            return WARN, "waiting for base_state (the floating base's nav_msgs/Odometry)", values
        if self._q_hold is not None and self.state != FOLLOWING:
            values["hold_pose"] = self._q_hold.tolist()
        if (
            actuators is not None
            and actuators.stateful
            and self._actuation_status[0] not in ("ok", "optimal", "none")
        ):
            return WARN, f"{self.state}; actuation {self._actuation_status[0]}", values
        return OK, self.state, values


def _plain(value) -> str:
    """A parameter value as a user wrote it (an array.array, a numpy array: a list)."""
    return repr(list(value)) if hasattr(value, "tolist") else repr(value)


def main(args=None) -> int:
    """Console script entry point."""
    return run_node(FeedbackController, "feedback_controller", args)


if __name__ == "__main__":
    sys.exit(main())
