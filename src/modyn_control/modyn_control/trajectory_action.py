"""FollowJointTrajectory, the action every JTC client speaks, in front of modyn's controller.

A client (MoveIt's controller manager, a script, ``modyn goal``) sends a timed joint trajectory
and gets accept, feedback (desired, actual, error at ``feedback_period``), a result code and can
cancel: control_msgs/action/FollowJointTrajectory's semantics, on modyn_interfaces' action of
the same fields (``modyn_interfaces/action/FollowJointTrajectory``) under JTC's name
``/<controller>/follow_joint_trajectory``.

The server lives on the feed-forward node: it fills each point's effort with the inverse
dynamics (the node's own code) and sends the trajectory to the feedback controller on its
``trajectory`` topic, as the node does for a planned trajectory; the controller's reports on
``goal_status`` (structured: ``event``, ``stamp``, ``points``, ``jump``; not the text) give the
goal's fate. How a report maps to the result:

========================  ===============================================================
controller's report       result
========================  ===============================================================
pending, executing        feedback ``phase`` (the goal stays active)
done                      SUCCESSFUL, or with a ``goal_tolerance``: ``settling`` until every
                          coordinate is within it (SUCCESSFUL) or ``goal_time_tolerance`` has
                          passed (GOAL_TOLERANCE_VIOLATED), or a newer goal is accepted
                          (PREEMPTED)
superseded, replaced      PREEMPTED (-102): a newer trajectory took over
refused (start jump)      START_TOLERANCE_VIOLATED (-101)
refused (already over)    OLD_HEADER_TIMESTAMP
refused (a fault)         HARDWARE_FAULT (-100)
rejected                  INVALID_GOAL
aborted (a fault)         HARDWARE_FAULT (-100), the fault in ``error_string``
stopped                   STOPPED (-103) (someone called the controller's ``~/stop``), or
                          canceled when this goal asked for it
========================  ===============================================================

``path_tolerance`` is checked on each ``joint_states`` while the trajectory runs: a violation
aborts the goal (PATH_TOLERANCE_VIOLATED) once the controller has stopped (``~/stop``: it holds the
reference of that tick, as JTC holds). A trajectory whose joints or points are wrong is
accepted and aborted at once with INVALID_JOINTS or INVALID_GOAL and the reason (rclpy's goal
callback cannot say why it rejects; the reason matters more than the state it ends in).

rclpy's EventsExecutor (the loop's executor) serves no action, so the server has a node and a
multi-threaded executor of its own, in a daemon thread of the same process; it touches the
feed-forward node only through ``submit`` (under its lock). A goal's execution is a coroutine
that awaits its next event (a report, a tolerance decided, the feedback period), so open goals
hold no thread; at most :data:`MAX_OPEN_GOALS` are open at once (a newer one is refused with the
reason), and a goal the controller says nothing about within :data:`REPORT_TIMEOUT` s of wall
time is aborted, as is a running one whose end the controller has not reported
:data:`REPORT_TIMEOUT` s after joint_states passed it (the reason in ``error_string``). ``goal_time_tolerance`` 0 means no limit (JTC's convention).
"""

from __future__ import annotations

import math
import threading
import time
import traceback
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import numpy as np
from diagnostic_msgs.msg import DiagnosticStatus
from sensor_msgs.msg import JointState
from std_srvs.srv import Trigger
from trajectory_msgs.msg import JointTrajectory

from modyn_ros.joint_map import JointMap, MessageError
from modyn_ros.qos import STATE_QOS, STATUS_QOS

from .messages import ns_to_s, sampler_from_message, stamp_ns
from .trajectory_queue import stamp_text

__all__ = [
    "MAX_OPEN_GOALS",
    "PlanAndExecuteServer",
    "ResultCode",
    "TrajectoryActionServer",
    "action_owner",
    "tolerances",
]

#: goals open at once (queued for a later start, or running); a newer one is aborted
MAX_OPEN_GOALS = 8
#: s of wall time within which the controller must report on a sent trajectory
REPORT_TIMEOUT = 10.0


def _goal_id(handle) -> str:
    """A goal's UUID as the log names it (its first 8 hex digits, as ros2 action shows)."""
    return bytes(handle.goal_id.uuid).hex()[:8]


class ResultCode:
    """FollowJointTrajectory result codes (control_msgs' and modyn's)."""

    SUCCESSFUL = 0
    INVALID_GOAL = -1
    INVALID_JOINTS = -2
    OLD_HEADER_TIMESTAMP = -3
    PATH_TOLERANCE_VIOLATED = -4
    GOAL_TOLERANCE_VIOLATED = -5
    HARDWARE_FAULT = -100
    START_TOLERANCE_VIOLATED = -101
    PREEMPTED = -102
    STOPPED = -103


def action_owner(action_name: str, default: str) -> str:
    """The node an action is named after, by JTC's convention ``<node>/<action>``:
    ``feedback_controller/follow_joint_trajectory`` -> ``feedback_controller`` (whose
    ``~/stop`` and reports the server uses), ``trajectory_generator/plan_and_execute`` ->
    ``trajectory_generator`` (whose ``~/plan``); ``default`` for a bare action name."""
    parts = [p for p in action_name.split("/") if p]
    return parts[-2] if len(parts) >= 2 else default


def tolerances(items, names: Sequence[str], field_name: str) -> np.ndarray:
    """(3, n) position, velocity, acceleration tolerances by ``names`` from JointTolerance[]
    (control_msgs' convention: 0 = the server's default, here unchecked; -1 = unchecked;
    > 0 checked): +inf where unchecked. Raises MessageError for an unknown joint or a value
    that is neither -1, 0 nor positive."""
    out = np.full((3, len(names)), np.inf)
    index = {n: i for i, n in enumerate(names)}
    for k, tol in enumerate(items):
        if tol.name not in index:
            raise MessageError(f"{field_name}[{k}].name: unknown joint '{tol.name}'; {list(names)}")
        for row, attr in enumerate(("position", "velocity", "acceleration")):
            value = float(getattr(tol, attr))
            if not (value > 0.0 or value in (0.0, -1.0)) or math.isnan(value):
                raise MessageError(f"{field_name}[{k}].{attr} = {value}: expected > 0, 0 or -1")
            if value > 0.0:
                out[row, index[tol.name]] = value
    return out


@dataclass
class _Goal:
    """One goal's state, shared by the executor's threads (under the server's lock)."""

    handle: object
    key: tuple[str, str]  # (stamp text, points): how the controller's reports name it
    trajectory: JointTrajectory
    sampler: object
    path_tol: np.ndarray
    goal_tol: np.ndarray
    time_tol: float
    phase: str = "sent"
    started: float | None = None
    late: float = 0.0
    end: float = math.inf
    outcome: tuple[int, str] | None = None  # (code, error_string) once decided
    max_path_error: np.ndarray | None = None
    final_error: np.ndarray | None = None
    cancel_sent: bool = False
    seen: set = field(default_factory=set)  # the controller's events so far
    phases: list = field(default_factory=list)  # the phases entered after "sent", in order
    reported: int = 0  # how many of ``phases`` a feedback has carried
    # time.monotonic() when the trajectory went to the controller; from the goal's creation
    # until then: a tick between registering a goal and sending its trajectory otherwise saw it
    # sent at 0 and timed it out at once ("reported nothing ... in 10 s" 1 s after the goal)
    sent_at: float = field(default_factory=time.monotonic)
    future: object = None  # rclpy Future the execute coroutine awaits (_wake completes it)
    # time.monotonic() when joint_states first passed the end of the running trajectory
    overdue_since: float | None = None


def _enter(goal: _Goal, phase: str) -> None:
    """``goal`` moves to ``phase`` (under the server's lock); each phase is fed back once."""
    if goal.phase != phase:
        goal.phase = phase
        goal.phases.append(phase)


class TrajectoryActionServer:
    """The action server (module docstring).

    Parameters
    ----------
    node
        The feed-forward node: its context, namespace and name prefix.
    submit
        ``submit(trajectory) -> JointTrajectory``: fill the efforts and send to the controller
        (raises MessageError for a trajectory it cannot take); called with the server's goals.
    joint_names
        The model's coordinates (a trajectory names them all, in any order).
    action_name
        Default ``feedback_controller/follow_joint_trajectory`` (JTC's name under the
        controller's), relative to the node's namespace.
    controller
        The feedback controller's node name (its reports and ``~/stop``), relative.
    feedback_period
        s of wall time between feedback messages.
    """

    def __init__(
        self,
        node,
        submit: Callable[[JointTrajectory], JointTrajectory],
        joint_names: Sequence[str],
        action_name: str = "feedback_controller/follow_joint_trajectory",
        controller: str = "feedback_controller",
        feedback_period: float = 0.05,
        action_type=None,
    ):
        from rclpy.action import ActionServer, CancelResponse, GoalResponse
        from rclpy.callback_groups import ReentrantCallbackGroup
        from rclpy.clock import Clock, ClockType
        from rclpy.executors import MultiThreadedExecutor
        from rclpy.node import Node
        from rclpy.parameter import Parameter

        if action_type is None:
            from modyn_interfaces.action import FollowJointTrajectory as action_type

        self._action = action_type
        self.server_name = action_name  # for the log
        # modyn's own fields (started, late, path errors; feedback phase) where the type has
        # them: control_msgs/action/FollowJointTrajectory (served where it is installed) has not
        self._extended = hasattr(action_type.Result(), "late")
        #: the controller's reports no open goal claimed yet, (key, event, values, text), newest
        #: last: a plan the generator published can be reported before its goal is registered
        self._unclaimed: deque = deque(maxlen=64)
        #: Futures of coroutines waiting for the next tick (completed by _tick)
        self._sleepers: list = []
        self._submit = submit
        self.joint_names = tuple(joint_names)
        self._joint_map = JointMap(self.joint_names)
        self._controller = controller.strip("/")
        self._period = float(feedback_period)
        self._lock = threading.Lock()
        self._goals: list[_Goal] = []
        self._state: JointState | None = None
        self._closing = False
        self.node = Node(
            # one node per action: <owner>_follow_joint_trajectory, <owner>_plan_and_execute.
            # Not on sim time whatever the owner's clock: every time here is wall time (the
            # feedback period, the report and call timeouts), goals are timed by joint_states'
            # stamps, and a /clock subscription would wake this node's executor at the plant's
            # clock rate for nothing (10 % of a core per server at 50 Hz of /clock, measured)
            f"{node.get_name()}_{[p for p in action_name.split('/') if p][-1]}",
            namespace=node.get_namespace(),
            context=node.context,
            parameter_overrides=[Parameter("use_sim_time", value=False)],
            start_parameter_services=False,
        )
        self._group = group = ReentrantCallbackGroup()

        def accept(_request):
            with self._lock:
                if len(self._goals) >= MAX_OPEN_GOALS or self._closing:
                    self.node.get_logger().error(
                        f"goal refused: {len(self._goals)} goals open (at most {MAX_OPEN_GOALS})"
                        if not self._closing
                        else "goal refused: shutting down"
                    )
                    return GoalResponse.REJECT
            return GoalResponse.ACCEPT

        self.server = ActionServer(
            self.node,
            action_type,
            action_name,
            execute_callback=self._execute,
            goal_callback=accept,
            cancel_callback=lambda _handle: CancelResponse.ACCEPT,
            callback_group=group,
        )
        self.node.create_subscription(
            DiagnosticStatus, "goal_status", self._on_report, STATUS_QOS, callback_group=group
        )
        # joint_states only while a goal is open: 1 kHz of Python callbacks otherwise spent.
        # Destroyed by the spinning thread between two spin_once (_spin), not by a callback
        # while the executor's other threads may be waiting on it or taking from it
        self._state_sub = None
        self._retired: list = []  # subscriptions to destroy (under the lock)
        self._stop = self.node.create_client(
            Trigger, f"{self._controller}/stop", callback_group=group
        )
        # wakes every open goal's coroutine: feedback, report timeouts
        # on the steady clock: a lockstep plant that pauses stops no timeout
        self.node.create_timer(
            self._period,
            self._tick,
            callback_group=group,
            clock=Clock(clock_type=ClockType.STEADY_TIME),
        )
        # a subclass's own entities, before the first goal can be executed: the executor's
        # thread below takes goals at once (the first goal of test_first_goal, sent the moment
        # the server was ready, found PlanAndExecuteServer without its ~/plan client)
        self._setup()
        self.executor = MultiThreadedExecutor(num_threads=3, context=node.context)
        self.executor.add_node(self.node)
        self._thread = threading.Thread(
            target=self._spin, name="follow_joint_trajectory", daemon=True
        )
        self._thread.start()

    def _setup(self) -> None:
        """A subclass's entities on :attr:`node` (callback group :attr:`_group`), made before
        the server takes its first goal."""

    def _spin(self) -> None:
        """The executor's loop: a callback's exception is logged, the server goes on."""
        from rclpy.executors import ExternalShutdownException

        closing_since = None
        while self.node.context.ok():
            if self._closing:  # the open goals end first (their results sent), 1.5 s at most
                closing_since = closing_since or time.monotonic()
                if not self._goals or time.monotonic() - closing_since > 1.5:
                    return
            with self._lock:
                retired, self._retired = self._retired, []
            for subscription in retired:
                self.node.destroy_subscription(subscription)
            try:
                self.executor.spin_once(timeout_sec=0.1)
            except (ExternalShutdownException, KeyboardInterrupt):
                return
            except Exception:  # noqa: BLE001 - one bad callback must not end the server
                if not self.node.context.ok():
                    return
                self.node.get_logger().error(
                    f"{self.server_name} callback failed:\n{traceback.format_exc()}"
                )
                self._heal()

    def _heal(self) -> None:
        """After a callback's exception: let every entity of the node be waited on again.

        rclpy's executor marks an entity as taken when it makes its handler and unmarks it in
        the handler once the entity's data is taken; a handler that raises before that leaves
        the entity out of every later wait set (rclpy's ``Executor._make_handler``). For the
        action server that is the end of goal acceptance: L14a, after an InvalidHandle in this
        executor, 12 goals in 60 s got no answer, and the next test's too. The marks are
        cleared here (a handler still queued then takes nothing: its take finds no data)."""
        node = self.node
        entities = [
            *node.subscriptions, *node.timers, *node.clients, *node.services, *node.guards,
            *node.waitables,
        ]  # fmt: skip
        stuck = [e for e in entities if getattr(e, "_executor_event", False)]
        for entity in stuck:
            entity._executor_event = False
        if stuck:
            self.node.get_logger().warning(
                f"{self.server_name}: {len(stuck)} entities waited on again after the exception"
            )

    def close(self) -> None:
        """Abort the open goals (``server shutting down``), stop the executor, destroy the node
        (the owner's shutdown; bounded: the goals' coroutines end at their next wake)."""
        with self._lock:
            self._closing = True
            for goal in self._goals:
                if goal.outcome is None:
                    goal.outcome = (ResultCode.INVALID_GOAL, "the server is shutting down")
                self._wake(goal)
        self._thread.join(timeout=2.0)
        self.executor.shutdown(timeout_sec=1.0)
        self.server.destroy()
        self.node.destroy_node()

    # ------------------------------------------------------------------ callbacks
    @staticmethod
    def _wake(goal: _Goal) -> None:
        """Resume ``goal``'s coroutine (under the lock)."""
        future = goal.future
        if future is not None and not future.done():
            future.set_result(True)

    def _tick(self) -> None:
        with self._lock:
            sleepers, self._sleepers = self._sleepers, []
            for future in sleepers:
                if not future.done():
                    future.set_result(True)
            now = time.monotonic()
            t = self._state[0] if self._state is not None else -math.inf
            for goal in self._goals:
                if goal.outcome is None and goal.phase == "sent":
                    if now - goal.sent_at > REPORT_TIMEOUT:
                        goal.outcome = (
                            ResultCode.INVALID_GOAL,
                            f"the controller /{self._controller} reported nothing about the "
                            f"trajectory in {REPORT_TIMEOUT:g} s (is it running?)",
                        )
                elif goal.outcome is None and goal.phase == "executing" and t > goal.end:
                    # the trajectory is over on the robot's clock and the controller has not
                    # said how it ended: after REPORT_TIMEOUT s of wall time the goal ends with
                    # that said, rather than its client waiting for ever (L18b, L26b: a goal
                    # executing, no result in 60 s)
                    goal.overdue_since = goal.overdue_since or now
                    if now - goal.overdue_since > REPORT_TIMEOUT:
                        goal.outcome = (
                            ResultCode.INVALID_GOAL,
                            f"the controller /{self._controller} did not report the end of the "
                            f"trajectory (over at t = {goal.end:.6f} s, joint_states at "
                            f"{t:.6f} s) in {REPORT_TIMEOUT:g} s",
                        )
                        self.node.get_logger().error(
                            f"goal {_goal_id(goal.handle)}: {goal.outcome[1]}"
                        )
                self._wake(goal)

    def _on_report(self, status: DiagnosticStatus) -> None:
        if not status.name.endswith(f"{self._controller}/trajectory"):
            return
        values = {kv.key: kv.value for kv in status.values}
        key = (values.get("stamp", ""), values.get("points", ""))
        event = values.get("event", "")
        with self._lock:
            goal = self._owner(key, event)
            if goal is None:
                self._unclaimed.append((key, event, values, status.message))
                return
            goal.seen.add(event)
            self._apply(goal, event, values, status.message)
            self._wake(goal)

    def _claim(self, goal: _Goal) -> None:
        """The reports on ``goal``'s trajectory that came before it was registered, in their
        order (under the lock)."""
        for item in [u for u in self._unclaimed if u[0] == goal.key]:
            key, event, values, message = item
            if self._owner(key, event) is goal:
                self._unclaimed.remove(item)
                goal.seen.add(event)
                self._apply(goal, event, values, message)

    def _owner(self, key: tuple[str, str], event: str) -> _Goal | None:
        """The goal a report is about (under the lock). Two trajectories stamped 0 ("at the
        next tick") with as many points have the same name in the reports; the controller
        reports each one's events in order (pending once at receipt, executing at its start,
        then one ending), so an event goes to the oldest open goal of that name in the stage
        the event follows."""
        open_ = [g for g in self._goals if g.key == key and g.outcome is None]
        if event == "pending":
            stage = [g for g in open_ if "pending" not in g.seen]
        elif event == "executing":
            stage = [g for g in open_ if "pending" in g.seen and "executing" not in g.seen]
        elif event in ("superseded", "refused", "rejected"):  # before it ran
            stage = [g for g in open_ if "executing" not in g.seen]
        elif event in ("done", "replaced"):  # not to one already done (settling)
            stage = [g for g in open_ if "executing" in g.seen and "done" not in g.seen]
        else:  # stopped, aborted: every open trajectory, one report each
            stage = open_
        return stage[0] if stage else None

    def _apply(self, goal: _Goal, event: str, values: dict, message: str) -> None:
        """A controller report of ``goal`` (under the lock)."""
        if event in ("pending", "executing"):
            _enter(goal, event)
            if "start_s" in values and goal.started is None:
                # a zero stamp ("at the next tick") is resolved by the controller: the
                # reference's times from then on
                goal.started = float(values["start_s"])
                goal.end = float(values.get("end_s", goal.end))
                goal.sampler = sampler_from_message(
                    goal.trajectory, self._joint_map, start=goal.started
                )
            if "late_s" in values:
                goal.late = float(values["late_s"])
        elif event == "done":
            if np.all(np.isinf(goal.goal_tol)):
                goal.outcome = (ResultCode.SUCCESSFUL, "")
            else:
                _enter(goal, "settling")
        elif event in ("superseded", "replaced"):
            goal.outcome = (ResultCode.PREEMPTED, f"{event}: {message}")
        elif event == "refused":
            code = {
                "jump": ResultCode.START_TOLERANCE_VIOLATED,
                "fault": ResultCode.HARDWARE_FAULT,
            }.get(values.get("reason", ""), ResultCode.OLD_HEADER_TIMESTAMP)
            if "late_s" in values:
                goal.late = float(values["late_s"])
            goal.outcome = (code, f"refused: {message}")
        elif event == "rejected":
            goal.outcome = (ResultCode.INVALID_GOAL, f"rejected: {message}")
        elif event == "aborted":
            goal.outcome = (ResultCode.HARDWARE_FAULT, f"aborted: {message}")
        elif event == "stopped":
            goal.outcome = (ResultCode.STOPPED, f"stopped: {message}")

    def _on_state(self, msg: JointState) -> None:
        try:
            index = self._joint_map.indices(msg.name)
            q = np.asarray(msg.position, dtype=float)[index]
            v = np.asarray(msg.velocity, dtype=float)[index] if len(msg.velocity) else None
        except (MessageError, IndexError):
            return
        t = ns_to_s(stamp_ns(msg.header.stamp))
        with self._lock:
            self._state = (t, q, v, msg.header.stamp)
            for goal in self._goals:
                if goal.outcome is None and goal.started is not None:
                    self._check(goal, t, q, v)

    def _check(self, goal: _Goal, t: float, q: np.ndarray, v) -> None:
        """Path and goal tolerances at the state (t, q, v) (under the lock)."""
        if t < goal.started:
            return
        q_d, v_d, _, _ = goal.sampler.sample(min(t, goal.end))  # views: used under the lock
        error = np.abs(q_d - q)
        goal.max_path_error = (
            error if goal.max_path_error is None else np.maximum(goal.max_path_error, error)
        )
        goal.final_error = q_d - q
        verror = np.abs(v_d - v) if v is not None else np.zeros_like(error)
        if goal.phase == "executing" and t <= goal.end:
            over = (error > goal.path_tol[0]) | (verror > goal.path_tol[1])
            if over.any():
                j = int(np.argmax(over))
                goal.outcome = (
                    ResultCode.PATH_TOLERANCE_VIOLATED,
                    f"path tolerance: joint '{self.joint_names[j]}' at t = {t:.6f} s: "
                    f"|q_d - q| = {error[j]:.6g} (tolerance {goal.path_tol[0, j]:g}), "
                    f"|v_d - v| = {verror[j]:.6g} (tolerance {goal.path_tol[1, j]:g})",
                )
                self._wake(goal)
        elif goal.phase == "settling":
            within = (error <= goal.goal_tol[0]) & (verror <= goal.goal_tol[1])
            if within.all():
                goal.outcome = (ResultCode.SUCCESSFUL, "")
                self._wake(goal)
            elif t > goal.end + goal.time_tol:
                j = int(np.argmax(~within))
                goal.outcome = (
                    ResultCode.GOAL_TOLERANCE_VIOLATED,
                    f"goal tolerance: joint '{self.joint_names[j]}' at t = {t:.6f} s "
                    f"(goal_time_tolerance {goal.time_tol:g} s after the end): |q_d - q| = "
                    f"{error[j]:.6g} (tolerance {goal.goal_tol[0, j]:g}), |v_d - v| = "
                    f"{verror[j]:.6g} (tolerance {goal.goal_tol[1, j]:g})",
                )
                self._wake(goal)

    # ------------------------------------------------------------------ a goal
    async def _execute(self, handle):
        request = handle.request
        result = self._action.Result()
        trajectory = request.trajectory
        try:
            names = tuple(trajectory.joint_names)
            try:
                self._joint_map.indices(names, "trajectory.joint_names")
            except MessageError as exc:
                return self._abort(handle, result, ResultCode.INVALID_JOINTS, str(exc))
            sampler = sampler_from_message(trajectory, self._joint_map)
            path_tol = tolerances(request.path_tolerance, self.joint_names, "path_tolerance")
            goal_tol = tolerances(request.goal_tolerance, self.joint_names, "goal_tolerance")
            time_tol = ns_to_s(stamp_ns(request.goal_time_tolerance))
            if time_tol < 0.0:
                raise MessageError(f"goal_time_tolerance = {time_tol} s is negative")
        except Exception as exc:  # noqa: BLE001 - whatever the message held, named to the client
            return self._abort(handle, result, ResultCode.INVALID_GOAL, str(exc))
        goal = _Goal(
            handle=handle,
            key=(stamp_text(stamp_ns(trajectory.header.stamp)), str(len(trajectory.points))),
            trajectory=trajectory,
            sampler=sampler,
            path_tol=path_tol,
            goal_tol=goal_tol,
            time_tol=math.inf if time_tol == 0.0 else time_tol,  # 0: no limit (JTC)
        )
        self._open(goal)
        self.node.get_logger().info(
            f"goal {_goal_id(handle)}: {len(trajectory.points)} points, sent to /{self._controller}"
        )
        try:
            try:
                goal.sent_at = time.monotonic()
                self._submit(trajectory)
            except Exception as exc:  # noqa: BLE001 - MessageError, or the dynamics failing
                return self._abort(handle, result, ResultCode.INVALID_GOAL, str(exc))
            return await self._follow(goal, result)
        finally:
            self._close(goal)

    def _open(self, goal: _Goal, claim: bool = False) -> None:
        """Register ``goal``: the controller's reports go to it, and joint_states is read while
        any goal is open. ``claim``: also the reports on its trajectory that came before (a plan
        the generator published itself, named by its own absolute stamp); not for a trajectory
        this server submits after registering it, whose name (stamp 0, its point count) an
        earlier trajectory's late reports may carry."""
        with self._lock:
            # a goal still settling (its trajectory over, waiting to be within its
            # goal_tolerance) is preempted by the newer one, as JTC preempts its active goal:
            # the arm is the newer goal's now, and the controller reports nothing more on the
            # ended trajectory. Left open, it waited forever (goal_time_tolerance 0) and, being
            # the oldest open goal of its name, took the next same-named trajectory's reports
            # (L18b: four goals in a row without a result)
            for other in self._goals:
                if other.outcome is None and other.phase == "settling":
                    other.outcome = (
                        ResultCode.PREEMPTED,
                        "preempted while settling: a newer goal was accepted (the trajectory "
                        "had ended, not yet within goal_tolerance)",
                    )
                    self._wake(other)
            self._goals.append(goal)
            if claim:
                self._claim(goal)
            if self._state_sub is None:
                self._state_sub = self.node.create_subscription(
                    JointState, "joint_states", self._on_state, STATE_QOS,
                    callback_group=self._group,
                )  # fmt: skip

    def _close(self, goal: _Goal) -> None:
        """Unregister ``goal``; the last one closes the joint_states subscription (1 kHz of
        Python callbacks otherwise spent)."""
        with self._lock:
            self._goals.remove(goal)
            if not self._goals and self._state_sub is not None:
                self._retired.append(self._state_sub)  # destroyed by _spin
                self._state_sub, self._state = None, None

    async def _follow(self, goal: _Goal, result):
        """Follow ``goal`` to its outcome and finish its handle with ``result``."""
        code, text = await self._outcome(goal)
        if code == ResultCode.PATH_TOLERANCE_VIOLATED:
            # the controller holds before the result says so: a stop still on its way when the
            # client's next goal arrives would stop that one (Q17: "trajectory stopped: ~/stop"
            # on the goal after a path tolerance abort)
            self.node.get_logger().info(
                f"goal {_goal_id(goal.handle)}: path tolerance violated, calling "
                f"/{self._controller}/stop"
            )
            await self._stopped()
        return self._finish(goal, result, code, text)

    async def _stopped(self) -> bool:
        """``~/stop`` called and answered, in at most :data:`CALL_TIMEOUT` s (False if not)."""
        if not self._stop.service_is_ready():
            self.node.get_logger().error(f"/{self._controller}/stop is not available")
            return False
        if await self._until_done(self._stop.call_async(Trigger.Request()), CALL_TIMEOUT):
            return True
        self.node.get_logger().error(f"/{self._controller}/stop: no answer in {CALL_TIMEOUT:g} s")
        return False

    async def _until_done(self, future, seconds: float) -> bool:
        """Await ``future`` for at most ``seconds`` of wall time (woken at each tick)."""
        from rclpy.task import Future

        deadline = time.monotonic() + seconds
        while not future.done() and time.monotonic() < deadline:
            pause = Future()
            with self._lock:
                self._sleepers.append(pause)
            await pause
        return future.done()

    async def _outcome(self, goal: _Goal) -> tuple[int, str]:
        """The goal's outcome (error code, text), its feedback published meanwhile and a
        cancel passed on to the controller."""
        from rclpy.task import Future

        handle = goal.handle
        names = list(self.joint_names)
        while True:
            with self._lock:
                outcome, phase, state = goal.outcome, goal.phase, self._state
                # a cancel before the controller has the trajectory waits for its first
                # report: a stop sent earlier could reach it first and the motion run anyway
                if handle.is_cancel_requested and outcome is None and not goal.cancel_sent:
                    if phase != "sent" and self._stop.service_is_ready():
                        goal.cancel_sent = True
                        self._stop.call_async(Trigger.Request())  # holds; then 'stopped'
                    elif phase != "sent":
                        goal.outcome = outcome = (
                            ResultCode.STOPPED,
                            f"canceled, but /{self._controller}/stop is not available",
                        )
                # one feedback per phase entered since the last one (a loaded machine can
                # run a short motion's pending, executing and done between two of this loop's
                # turns: L16, a client saw "pending" only), then the latest phase at each turn
                sends = []
                if state is not None and phase != "sent":
                    entered = goal.phases[goal.reported :] or [phase]
                    goal.reported = len(goal.phases)
                    for each in entered:
                        message = self._action.Feedback()
                        message.joint_names = names
                        self._fill_feedback(goal, state, message, each)
                        sends.append(message)
                if outcome is None:
                    goal.future = Future()
                    future = goal.future
            for message in sends:
                handle.publish_feedback(message)
            if outcome is not None:
                break
            await future
        return outcome

    def _finish(self, goal: _Goal, result, code: int, text: str):
        """``result`` filled with the outcome, the handle succeeded, canceled or aborted."""
        handle = goal.handle
        result.error_code = code
        result.error_string = text
        if self._extended:
            if goal.started is not None:
                sec, nanosec = divmod(round(goal.started * 1e9), 1_000_000_000)
                result.started.sec, result.started.nanosec = int(sec), int(nanosec)
            result.late = float(goal.late)
            if goal.max_path_error is not None:
                result.max_path_error = goal.max_path_error.tolist()
                result.final_error = goal.final_error.tolist()
        # each goal's end in the log (L18b, L26b: a client waited 60 s for a result and the
        # server's log said nothing of the goal)
        self.node.get_logger().info(f"goal {_goal_id(handle)}: result {code} ({text})")
        if goal.cancel_sent and code == ResultCode.STOPPED:
            result.error_string = "canceled by the client: the controller holds"
            handle.canceled()
        elif code == ResultCode.SUCCESSFUL:
            handle.succeed()
        else:
            handle.abort()
        return result

    def _fill_feedback(self, goal: _Goal, state, feedback, phase: str) -> None:
        """``feedback`` from the latest state (under the lock: the sampler's views)."""
        t, q, v, stamp = state
        if v is None:
            v = np.zeros_like(q)
        q_d, v_d, a_d, _ = goal.sampler.sample(min(max(t, goal.sampler.begin), goal.end))
        feedback.header.stamp = stamp
        if self._extended:
            feedback.phase = phase
        feedback.desired.positions, feedback.desired.velocities = q_d.tolist(), v_d.tolist()
        feedback.desired.accelerations = a_d.tolist()
        feedback.actual.positions, feedback.actual.velocities = q.tolist(), v.tolist()
        feedback.error.positions = (q_d - q).tolist()
        feedback.error.velocities = (v_d - v).tolist()

    def _abort(self, handle, result, code: int, text: str):
        self.node.get_logger().info(f"goal {_goal_id(handle)}: result {code} ({text})")
        result.error_code = code
        result.error_string = text
        handle.abort()
        return result


#: s of wall time a PlanAndExecute goal waits for the generator's model or the robot's state
PLAN_WAIT = 30.0
#: s of wall time for the generator's answer before it is asked again
CALL_TIMEOUT = 5.0
#: s of the system's clock between the generator's planning and the start of a goal stamped 0
#: (``modyn goal``'s former default lead, with which it ran under load)
PLAN_LEAD = 0.5
#: re-plans of an "as soon as possible" goal whose plan reached the controller after its end,
#: each with twice the lead (0.5, 1, 2, 4 s)
LATE_REPLANS = 3


class PlanAndExecuteServer(TrajectoryActionServer):
    """``modyn_interfaces/action/PlanAndExecute``: the trajectory generator plans the goal
    (its ``~/plan`` service: planned and published in the call, or refused with the reason),
    and the goal then follows the controller's reports on that plan as a FollowJointTrajectory
    goal does (feedback, cancel, pre-emption, goal tolerance; no path tolerance: the plan is the
    generator's). A generator still waiting for the model or the robot's state is asked again
    for :data:`PLAN_WAIT` s.

    Parameters
    ----------
    node, joint_names, controller, feedback_period
        As :class:`TrajectoryActionServer`.
    action_name
        Default ``trajectory_generator/plan_and_execute``: the generator's name (its
        ``~/plan``) and the action, relative to the node's namespace.
    """

    def __init__(
        self,
        node,
        joint_names: Sequence[str],
        action_name: str = "trajectory_generator/plan_and_execute",
        controller: str = "feedback_controller",
        feedback_period: float = 0.05,
    ):
        from modyn_interfaces.action import PlanAndExecute
        from modyn_interfaces.srv import PlanMotion

        self._generator = action_owner(action_name, "trajectory_generator")
        self._plan_type = PlanMotion
        super().__init__(
            node,
            submit=lambda trajectory: trajectory,  # the generator publishes its own plans
            joint_names=joint_names,
            action_name=action_name,
            controller=controller,
            feedback_period=feedback_period,
            action_type=PlanAndExecute,
        )

    def _setup(self) -> None:
        self._plan = self.node.create_client(
            self._plan_type, f"{self._generator}/plan", callback_group=self._group
        )

    async def _execute(self, handle):

        request = handle.request
        result = self._action.Result()
        result.joint_names = list(self.joint_names)
        try:
            goal_tol = tolerances(request.goal_tolerance, self.joint_names, "goal_tolerance")
            time_tol = ns_to_s(stamp_ns(request.goal_time_tolerance))
            if time_tol < 0.0:
                raise MessageError(f"goal_time_tolerance = {time_tol} s is negative")
        except Exception as exc:  # noqa: BLE001 - named to the client
            return self._abort(handle, result, ResultCode.INVALID_GOAL, str(exc))
        ask = self._plan_type.Request(waypoints=request.waypoints, pose=request.pose)
        # "as soon as possible" starts PLAN_LEAD s after the generator's now: the plan goes
        # through the feed-forward to the controller meanwhile (a plan already over when it
        # arrives is refused by the controller)
        lead = PLAN_LEAD
        for attempt in range(LATE_REPLANS + 1):
            # a re-plan starts from where the arm is: the generator may not have read the
            # controller's refusal of the plan before yet, and would continue that plan
            ask.from_measured_state = attempt > 0
            answer = await self._planned(handle, ask, lead)
            if not isinstance(answer, self._plan_type.Response):
                if handle.is_cancel_requested:
                    result.error_string = answer
                    handle.canceled()
                    return result
                return self._abort(handle, result, ResultCode.INVALID_GOAL, answer)
            goal = self._goal_of(handle, answer.trajectory, goal_tol, time_tol)
            result.planned_points = len(goal.trajectory.points)
            if goal.trajectory.points:
                last = goal.trajectory.points[-1].time_from_start
                result.planned_duration = last.sec + last.nanosec * 1e-9
            self._open(goal, claim=True)
            try:
                code, text = await self._outcome(goal)
            finally:
                self._close(goal)
            # refused as late: over when it reached the controller, or joined after its start
            # where the motion had moved on past start_tolerance (L14b: a 0.9 s tool line
            # joined mid-way, joint1 0.55 rad ahead of the held pose)
            # (pending first or not: a plan that reached the controller before its start and
            # was refused at its late join never ran either; Q26: a pre-empting goal joined
            # 0.368 s late was refused and not planned again, and the motion it was to replace
            # ran to its end)
            late = "executing" not in goal.seen and (
                code == ResultCode.OLD_HEADER_TIMESTAMP
                or (code == ResultCode.START_TOLERANCE_VIOLATED and goal.late > 0.0)
            )
            if not (late and _as_soon_as_possible(request)) or attempt == LATE_REPLANS:
                break
            # "as soon as possible": the plan reached the controller late (the system's clock
            # ran on while it travelled: a loaded machine, a fast lockstep plant); nothing
            # moved, so it is planned again from where the arm is, further ahead
            lead *= 2.0
            self.node.get_logger().warning(
                f"plan_and_execute: {text}; planned again {lead:g} s ahead"
            )
        return self._finish(goal, result, code, text)

    def _goal_of(self, handle, trajectory, goal_tol, time_tol) -> _Goal:
        """The followed goal of a plan."""
        return _Goal(
            handle=handle,
            key=(stamp_text(stamp_ns(trajectory.header.stamp)), str(len(trajectory.points))),
            trajectory=trajectory,
            sampler=sampler_from_message(trajectory, self._joint_map),
            path_tol=np.full((3, len(self.joint_names)), np.inf),
            goal_tol=goal_tol,
            time_tol=math.inf if time_tol == 0.0 else time_tol,
            sent_at=time.monotonic(),
        )

    async def _planned(self, handle, ask, lead: float):
        """The generator's accepted answer to ``ask``, its start ``lead`` s after the
        generator's now; or why not (text)."""
        from rclpy.task import Future

        sec, nanosec = divmod(round(lead * 1e9), 1_000_000_000)
        ask.lead.sec, ask.lead.nanosec = int(sec), int(nanosec)
        # this goal and this lead (each re-plan of a late plan asks with a longer one): a call
        # asked again after a lost answer gets the plan already published (Q38: a second plan
        # from the end of the first, which had run, and the result described that one)
        ask.request_id = f"{bytes(handle.goal_id.uuid).hex()}/{lead:g}"
        deadline = time.monotonic() + PLAN_WAIT
        while True:
            if handle.is_cancel_requested:
                return "canceled before it was planned"
            answer = None
            if self._plan.service_is_ready():
                call = self._plan.call_async(ask)
                # a service answer can be lost while DDS has not matched this client's reply
                # reader on the generator's side (a call right after both started): asked again
                # after CALL_TIMEOUT s with the same request_id (a lost "accepted" answer: the
                # generator answers with the plan it published)
                if await self._until_done(call, CALL_TIMEOUT):
                    answer = call.result()
                    if answer.accepted:
                        return answer
                    if not answer.waiting:
                        return f"refused: {answer.message}"
                else:
                    self.node.get_logger().warning(
                        f"/{self._generator}/plan: no answer in {CALL_TIMEOUT:g} s; asked again"
                    )
                    continue
            if time.monotonic() > deadline:
                why = (
                    answer.message
                    if answer is not None
                    else f"no /{self._generator}/plan (is the trajectory generator running?)"
                )
                return f"not planned in {PLAN_WAIT:g} s: {why}"
            pause = Future()
            with self._lock:
                self._sleepers.append(pause)
            await pause


def _as_soon_as_possible(request) -> bool:
    """True for a PlanAndExecute goal that names no start time (zero stamps)."""
    return all(
        m.header.stamp.sec == 0 and m.header.stamp.nanosec == 0
        for m in (request.waypoints, request.pose)
    )
