"""The ``trajectory_generator`` node: waypoint goals → time-parametrised quintic trajectories.

Topics, parameters and behaviour: docs/nodes.md. The planning itself is
:func:`modyn_trajectory.quintic.plan_waypoints`; this module turns messages into its arguments
and its result into a ``planned_trajectory`` message.
"""

from __future__ import annotations

import math
import numbers
import sys
import time

import numpy as np
from rcl_interfaces.msg import ParameterDescriptor, SetParametersResult
from rclpy.node import Node
from rclpy.serialization import deserialize_message
from rclpy.time import Time
from sensor_msgs.msg import JointState
from trajectory_msgs.msg import JointTrajectory, JointTrajectoryPoint

from modyn_ros.diagnostics import OK, WARN, Diagnostics
from modyn_ros.joint_map import JointMap, MessageError, check_values
from modyn_ros.model_source import ModelSource
from modyn_ros.node_main import run_node
from modyn_ros.params import ParameterError, number_list, per_joint, positive
from modyn_ros.qos import LATCHED_QOS, STATE_QOS

from .quintic import (
    PiecewiseQuintic,
    TrajectoryError,
    hermite_coefficients,
    hermite_peaks,
    plan_waypoints,
    sample_times,
)

__all__ = ["TrajectoryGenerator", "ParameterError", "main"]

#: used for joints whose model velocity limit is missing (URDF without <limit velocity>), rad/s
DEFAULT_VELOCITY = 2.0
#: used when max_acceleration is empty, rad/s²
DEFAULT_ACCELERATION = 5.0


class _AwaitState(Exception):
    """The goal needs the measured state and the next joint_states will bring it."""


class TrajectoryGenerator(Node):
    """Plans quintic trajectories from ``goal`` waypoints (see docs/nodes.md).

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
        self._settings = self._read_settings({p: self.get_parameter(p).value for p in self._PARAMS})
        self.model = None
        self.joint_map: JointMap | None = None
        self.v_max = self.a_max = None
        self._index: dict[str, int] = {}
        self._last_raw_state: bytes | None = None
        self._last_q_value: np.ndarray | None = None
        self._plan: tuple[int, PiecewiseQuintic] | None = None  # (start ns, plan)
        self._stats = dict(
            goals_accepted=0,
            goals_rejected=0,
            joint_states_rejected=0,
            last_plan_points=0,
            last_plan_duration_s=0.0,
            last_plan_compute_ms=0.0,
        )
        self._last_rejection = ""
        self.publisher = self.create_publisher(JointTrajectory, "planned_trajectory", LATCHED_QOS)
        # joint_states only matter for a goal that no previous plan covers (the first one): the
        # subscription is dropped once a plan exists and re-made on demand, and kept serialized
        # (raw) meanwhile; at 1 kHz each message would otherwise be a Python callback here
        self._pending: list[JointTrajectory] = []
        self._state_sub = None
        self._subscribe_states()
        self.create_subscription(JointTrajectory, "goal", self._on_goal, STATE_QOS)
        self.model_source = ModelSource(self, self._on_model)
        self.diagnostics = Diagnostics(self, self._report)
        self.add_on_set_parameters_callback(self._on_set_parameters)

    # ------------------------------------------------------------------ parameters
    _PARAMS = ("sample_period", "max_velocity", "max_acceleration")

    def _read_settings(self, values: dict) -> dict:
        """Validate parameter values (per-joint lengths too once the model is known)."""
        period = values["sample_period"]
        if isinstance(period, bool) or not isinstance(period, numbers.Real):
            raise ParameterError(f"sample_period = {period!r}: expected a number (s)")
        if not (math.isfinite(period) and period > 0.0):
            raise ParameterError(f"sample_period = {period}: must be finite and > 0 (s)")
        settings = {
            "sample_period": float(period),
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
    def _limits(settings: dict, model) -> tuple[np.ndarray, np.ndarray]:
        # a URDF without <limit velocity> gives inf (or 0): no usable limit, use the default
        urdf = np.asarray(model.velocity_limit, dtype=float)
        usable = np.isfinite(urdf) & (urdf > 0.0)
        default_v = np.where(usable, urdf, DEFAULT_VELOCITY)
        v_max = per_joint(settings["max_velocity"], model.n, "max_velocity", default=default_v)
        a_max = per_joint(
            settings["max_acceleration"],
            model.n,
            "max_acceleration",
            default=np.full(model.n, DEFAULT_ACCELERATION),
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
    def _on_model(self, model) -> None:
        self.v_max, self.a_max = self._limits(self._settings, model)  # may raise ParameterError
        self.model = model
        self.joint_map = JointMap(model.joint_names)
        self._index = {name: j for j, name in enumerate(model.joint_names)}
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
        self._last_raw_state = raw
        if self._pending:
            goals, self._pending = self._pending, []
            for goal in goals:
                self._on_goal(goal)

    @property
    def _last_q(self) -> np.ndarray | None:
        """The positions of the latest valid joint_states, in model order (decoded on demand)."""
        raw = self._last_raw_state
        if raw is not None and self.joint_map is not None:
            self._last_raw_state = None
            msg = deserialize_message(raw, JointState)
            try:
                self._last_q_value = self.joint_map.reorder(msg.name, msg.position, "position")
            except MessageError as exc:
                self._stats["joint_states_rejected"] += 1
                self.get_logger().warning(
                    f"joint_states rejected: {exc}", throttle_duration_sec=1.0
                )
        return self._last_q_value

    def _on_goal(self, msg: JointTrajectory) -> None:
        started = time.perf_counter()
        try:
            out = self.plan(msg)
        except _AwaitState:
            self._pending.append(msg)
            self._subscribe_states()
            return
        except (MessageError, TrajectoryError) as exc:
            self._stats["goals_rejected"] += 1
            self._last_rejection = str(exc)
            self.get_logger().error(f"goal rejected: {exc}")
            return
        self.publisher.publish(out)
        self._unsubscribe_states()
        self._stats["goals_accepted"] += 1
        self._last_rejection = ""
        self._stats["last_plan_compute_ms"] = round((time.perf_counter() - started) * 1e3, 3)

    # ------------------------------------------------------------------ planning
    def plan(self, msg: JointTrajectory) -> JointTrajectory:
        """The ``planned_trajectory`` for a goal; raises MessageError/TrajectoryError."""
        model = self.model
        if model is None:
            raise MessageError("no robot model yet (robot_description)")
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
                f"{list(model.joint_names)}"
            )
        columns = [self._index[x] for x in names]
        if not msg.points:
            raise MessageError("points: no waypoint")
        goal = np.empty((len(msg.points), len(names)))
        for i, point in enumerate(msg.points):
            check_values(point.positions, len(names), f"points[{i}].positions")
            goal[i] = point.positions
            for k, j in enumerate(columns):
                if not model.lower[j] <= goal[i, k] <= model.upper[j]:
                    raise MessageError(
                        f"points[{i}].positions[{k}] = {goal[i, k]} for joint '{names[k]}' is "
                        f"outside its limits [{model.lower[j]}, {model.upper[j]}]"
                    )
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

        stamp = msg.header.stamp
        start_ns = stamp.sec * 1_000_000_000 + stamp.nanosec
        if start_ns == 0:
            start_ns = self.get_clock().now().nanoseconds
        q0, v0, a0, origin = self._start_state(start_ns)
        waypoints = np.repeat(q0[None], goal.shape[0], axis=0)  # unnamed joints stay
        waypoints[:, columns] = goal
        plan = plan_waypoints(
            q0,
            waypoints,
            durations,
            v_max=self.v_max,
            a_max=self.a_max,
            v0=v0,
            a0=a0,
            joint_names=model.joint_names,
        )
        self._warn_limits(plan)
        times = sample_times(plan, self._settings["sample_period"])
        q, v, a = plan.sample(times)
        self._plan = (start_ns, plan)
        self._stats["last_plan_points"] = int(times.shape[0])
        self._stats["last_plan_duration_s"] = round(plan.duration, 6)
        self.get_logger().info(
            f"goal accepted: {goal.shape[0]} waypoint(s) from {origin}, "
            f"{plan.duration:.3f} s, {times.shape[0]} points"
        )
        return _trajectory_msg(start_ns, model.joint_names, times, q, v, a)

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
                if t > plan.end:
                    return q, np.zeros_like(v), np.zeros_like(a), "the previous plan's end point"
                return q, v, a, "the running plan's reference"
        if self._last_q is None:
            if self._state_sub is None:
                raise _AwaitState  # dropped after the previous plan: wait for the next state
            raise MessageError("no joint_states received yet: the start state is unknown")
        n = self._last_q.shape[0]
        return self._last_q.copy(), np.zeros(n), np.zeros(n), "the measured joint_states"

    def _warn_limits(self, plan: PiecewiseQuintic) -> None:
        """Timed goals are followed as given; say so when they exceed the limits."""
        times = plan.times
        if times.shape[0] < 2:
            return
        coef = hermite_coefficients(
            np.diff(times),
            plan.positions[:-1],
            plan.velocities[:-1],
            plan.accelerations[:-1],
            plan.positions[1:],
            plan.velocities[1:],
            plan.accelerations[1:],
        )
        names = self.model.joint_names
        for k in range(coef.shape[0]):
            vp, ap = hermite_peaks(coef[k], times[k + 1] - times[k])
            for peak, limit, what in (
                (vp, self.v_max, "velocity"),
                (ap, self.a_max, "acceleration"),
            ):
                j = int(np.argmax(peak / limit))
                if peak[j] > limit[j] * (1.0 + 1e-9):
                    self.get_logger().warning(
                        f"segment {k}: joint '{names[j]}' peak {what} {peak[j]:.6g} exceeds "
                        f"its limit {limit[j]:.6g}"
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
