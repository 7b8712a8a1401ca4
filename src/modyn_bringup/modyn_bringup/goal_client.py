"""Send one goal to a running system and follow it to its end (``modyn goal``).

The client sends the goal to the PlanAndExecute action (modyn_control.trajectory_action): the
trajectory generator plans it or says why not, the feedback controller executes it, and the
action's result says whether every joint ended within its tolerance of the goal. A goal is thus
reported reached only when it ran and ended there; nothing is printed as a success that did not
happen, and nothing is read back from status text.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import numpy as np

__all__ = [
    "ANSWER_TIMEOUT",
    "ActionGoalClient",
    "GoalClientError",
    "GoalOutcome",
    "GoalSender",
    "PLAN_AND_EXECUTE",
]


class GoalClientError(RuntimeError):
    """No system answered (no joint_states, no trajectory generator, or no report in time)."""


@dataclass
class GoalOutcome:
    """How a goal ended."""

    reached: bool
    event: str  # the controller's last event on the plan, or "refused" by the generator
    message: str  # the last report's text
    final_error: np.ndarray = field(default_factory=lambda: np.zeros(0))  # |q - goal|, rad (m)
    start: float = 0.0  # plant s
    end: float = 0.0  # plant s

    @property
    def exit_status(self) -> int:
        return 0 if self.reached else 1

    @property
    def summary(self) -> str:
        if self.reached:
            return (
                f"reached: {self.event} at t = {self.end:.3f} s, max |q - goal| "
                f"{float(np.max(self.final_error, initial=0.0)):.4f}"
            )
        err = (
            f", max |q - goal| {float(np.max(self.final_error)):.4f}"
            if self.final_error.size
            else ""
        )
        return f"not reached: {self.event}: {self.message}{err}"


#: the PlanAndExecute action of a system without a namespace (modyn_control.trajectory_action)
PLAN_AND_EXECUTE = "/trajectory_generator/plan_and_execute"
#: s of wall time for an answer of the action server before the request is sent again
ANSWER_TIMEOUT = 5.0


class GoalSender:
    """Sends an action's goals so that each runs once, its acceptance lost or not.

    A send whose acceptance does not come in :data:`ANSWER_TIMEOUT` s is sent again with the
    same goal id. The server may hold it already (the answer was lost on its way, or is late
    on a loaded machine): its status topic (``<action>/_action/status``, subscribed here) then
    names the goal, or it refuses the copy (rclpy's server takes an id once). Either way the goal
    runs once: sent again with a new id, a timed goal pre-empted its own first copy mid-motion
    and ran again from the first copy's start point, 0.021 rad off at the end (L23a). A copy
    refused while the status does not name the goal gives a handle all the same: the result
    request then says whether the server holds it (an unknown id is answered STATUS_UNKNOWN at
    once). ``modyn goal`` and the system tests' action clients send through it.

    Parameters
    ----------
    node
        The rclpy node of ``client`` (the status subscription is made on it).
    client
        The ``rclpy.action.ActionClient``.
    action
        The action's full name (its status topic is ``<action>/_action/status``).
    action_type
        The action's type (its ``Impl.SendGoalService.Response`` builds a held goal's handle).
    """

    def __init__(self, node, client, action: str, action_type) -> None:
        from action_msgs.msg import GoalStatusArray
        from rclpy.qos import qos_profile_action_status_default

        self.client = client
        self.action = action
        self._type = action_type
        #: ids of the goals the server holds (its latched status topic)
        self.held: set[bytes] = set()
        self._subscription = node.create_subscription(
            GoalStatusArray,
            f"{action.rstrip('/')}/_action/status",
            self._on_status,
            qos_profile_action_status_default,
        )

    def _on_status(self, msg) -> None:
        self.held.update(bytes(status.goal_info.goal_id.uuid) for status in msg.status_list)

    def send(
        self,
        request,
        wait: Callable[[Callable[[], bool], float], object],
        on_feedback=None,
        progress: Callable[[str], None] = lambda _text: None,
    ):
        """The goal's handle once the server holds it, or None when the server refused it.

        ``wait(condition, seconds)`` spins the client's executor until ``condition()`` or
        ``seconds`` have passed (it raises when the caller's own deadline has passed);
        ``progress`` is told of each send again.
        """
        import uuid

        from rclpy.action.client import ClientGoalHandle
        from unique_identifier_msgs.msg import UUID

        goal_id = UUID(uuid=list(uuid.uuid4().bytes))
        key = bytes(goal_id.uuid)
        sends: list = []

        def accepted_handle():
            return next((f.result() for f in sends if f.done() and f.result().accepted), None)

        while True:
            sent = self.client.send_goal_async(
                request, feedback_callback=on_feedback, goal_uuid=goal_id
            )
            sends.append(sent)
            wait(lambda f=sent: f.done() or key in self.held, ANSWER_TIMEOUT)
            handle = accepted_handle()  # this send's acceptance, or an earlier one's, late
            if handle is not None:
                return handle
            if key not in self.held:
                if not sent.done():
                    progress(
                        f"goal: no answer from {self.action} in {ANSWER_TIMEOUT:g} s; sent again"
                    )
                    continue
                if len(sends) == 1:
                    return None  # refused
            # held by the server (named by its status, or a copy refused): its handle
            accepted = self._type.Impl.SendGoalService.Response(accepted=True)
            return ClientGoalHandle(self.client, goal_id, accepted)


class ActionGoalClient:
    """``modyn goal`` through the PlanAndExecute action, a ROS node of its own (own context):
    the generator plans the goal (or says why not), the controller executes it, the result says
    whether every joint ended within ``tolerance`` of the goal. Nothing to match or to read
    back from status text: the action's own protocol carries the goal, its feedback and its
    result (no goal lost)."""

    def __init__(self, action: str = PLAN_AND_EXECUTE) -> None:
        # no goal_status or trajectory subscription, and joint_states (1 kHz and more in
        # lockstep, a Python callback each) only until its joint names are known
        import rclpy
        from rclpy.action import ActionClient
        from rclpy.executors import SingleThreadedExecutor

        from modyn_interfaces.action import PlanAndExecute

        self._rclpy = rclpy
        self.context = rclpy.Context()
        rclpy.init(context=self.context)
        self.node = rclpy.create_node(
            "modyn_goal", context=self.context, start_parameter_services=False
        )
        self.latest = None
        self._state_sub = None
        self.executor = SingleThreadedExecutor(context=self.context)
        self.executor.add_node(self.node)
        self._type = PlanAndExecute
        self.action = action
        self.client = ActionClient(self.node, PlanAndExecute, action)
        # a goal sent again because its acceptance was lost is recognised as the one already
        # running (GoalSender: one id, the server's status topic)
        self.sender = GoalSender(self.node, self.client, action, PlanAndExecute)

    def _joint_names(self, deadline: float) -> list[str]:
        """The names of the first joint_states; the subscription ends with it."""
        from sensor_msgs.msg import JointState

        self._state_sub = self.node.create_subscription(
            JointState, "joint_states", self._on_state, 1
        )
        try:
            self._spin_until(lambda: self.latest is not None, deadline, "joint_states")
        finally:
            self.node.destroy_subscription(self._state_sub)
            self._state_sub = None
        return list(self.latest.name)

    def __enter__(self) -> ActionGoalClient:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def latest_state(self, timeout: float):
        """The first sensor_msgs/JointState received within ``timeout`` s (GoalClientError
        when none comes): the names, positions and plant time a goal is built from."""
        self._joint_names(time.monotonic() + timeout)
        return self.latest

    def close(self) -> None:
        self.client.destroy()
        self.executor.shutdown()
        self.node.destroy_node()
        self._rclpy.try_shutdown(context=self.context)

    def _on_state(self, msg) -> None:
        self.latest = msg

    def _send_once(self, request, on_feedback, deadline: float, progress):
        """The goal's handle once the server holds it, or None when refused (GoalSender)."""
        return self.sender.send(
            request, lambda c, seconds: self._wait(c, seconds, deadline), on_feedback, progress
        )

    def _spin_until(self, condition: Callable[[], bool], deadline: float, what: str) -> None:
        while not condition():
            if time.monotonic() > deadline:
                raise GoalClientError(f"no {what} within the timeout")
            self.executor.spin_once(timeout_sec=0.05)

    def _wait(self, condition: Callable[[], bool], seconds: float, deadline: float) -> bool:
        """Spin until ``condition()`` or ``seconds`` passed; GoalClientError past ``deadline``."""
        until = time.monotonic() + seconds
        while not condition():
            if time.monotonic() > deadline:
                raise GoalClientError("no answer from the action server within the timeout")
            if time.monotonic() > until:
                return False
            self.executor.spin_once(timeout_sec=0.05)
        return True

    def server_ready(self, timeout: float) -> bool:
        """Whether the action server answers within ``timeout`` s of wall time."""
        deadline = time.monotonic() + timeout
        while not self.client.server_is_ready():
            if time.monotonic() > deadline:
                return False
            self.executor.spin_once(timeout_sec=0.05)
        return True

    def execute(
        self,
        positions: Sequence[float] | None,
        joints: Sequence[str] | None = None,
        duration: float = 0.0,
        tolerance: float = 0.05,
        timeout: float = 120.0,
        progress: Callable[[str], None] = lambda line: None,
        settle: float = 2.0,
        pose: Sequence[float] | None = None,
        frame: str = "",
        trajectory=None,
    ) -> GoalOutcome:
        """Send the goal (the generator starts its plan at once), wait for its result;
        GoalClientError when no system answers within ``timeout``.

        ``pose`` instead of ``positions``: the generator's tip frame to (x, y, z) m and the
        unit quaternion (qx, qy, qz, qw) in the model's base frame (``frame``: its name or
        empty), on the straight line of Khalil §8.4; ``tolerance`` then applies to every joint
        against the end of that plan (the joints the generator solved for).

        ``trajectory`` instead of both: a trajectory_msgs/JointTrajectory of timed waypoints
        (``time_from_start`` each, header stamp zero: from the measured state at once) for a
        subset of the joints, as :mod:`modyn_bringup.timed_goal` samples a periodic motion;
        ``tolerance`` applies to its joints against its last waypoint."""
        from builtin_interfaces.msg import Duration
        from geometry_msgs.msg import PoseStamped
        from trajectory_msgs.msg import JointTrajectory, JointTrajectoryPoint

        from modyn_interfaces.msg import JointTolerance

        if sum(x is not None for x in (positions, pose, trajectory)) != 1:
            raise GoalClientError("a goal is positions, a pose or a trajectory (one of them)")
        if pose is not None and len(pose) != 7:
            raise GoalClientError(f"a pose is x y z qx qy qz qw (7 numbers), got {len(pose)}")
        deadline = time.monotonic() + timeout
        if not self.server_ready(max(0.0, deadline - time.monotonic())):
            raise GoalClientError(f"no {self.action} action server (is a system running?)")
        names = self._joint_names(deadline)
        request = self._type.Goal()
        if trajectory is not None:
            joints = list(trajectory.joint_names)
            unknown = [n for n in joints if n not in names]
            if unknown or not trajectory.points:
                why = f"joints {unknown} not in joint_states {names}" if unknown else "no point"
                raise GoalClientError(f"trajectory: {why}")
            request.waypoints = trajectory
        elif pose is not None:
            joints = names
            target = PoseStamped()
            target.header.frame_id = frame
            p, o = target.pose.position, target.pose.orientation
            p.x, p.y, p.z, o.x, o.y, o.z, o.w = (float(x) for x in pose)
            request.pose = target
        else:
            assert positions is not None
            joints = list(joints) if joints else names
            if len(joints) != len(positions):
                raise GoalClientError(
                    f"{len(positions)} positions for {len(joints)} joints {joints}"
                )
            unknown = [n for n in joints if n not in names]
            if unknown:
                raise GoalClientError(f"joints {unknown} not in joint_states {names}")
            point = JointTrajectoryPoint(positions=[float(x) for x in positions])
            if duration > 0.0:
                sec, nanosec = divmod(round(duration * 1e9), 1_000_000_000)
                point.time_from_start = Duration(sec=sec, nanosec=nanosec)
            request.waypoints = JointTrajectory(joint_names=joints, points=[point])
        request.goal_tolerance = [JointTolerance(name=n, position=tolerance) for n in joints]
        sec, nanosec = divmod(round(settle * 1e9), 1_000_000_000)
        request.goal_time_tolerance = Duration(sec=sec, nanosec=nanosec)
        phases: list[str] = []

        def on_feedback(message) -> None:
            phase = message.feedback.phase
            if not phases or phases[-1] != phase:
                phases.append(phase)
                progress(f"goal: {phase}")

        # A service answer (the goal's acceptance, its result) is lost when the server answers
        # before DDS has matched this new process's reply reader on its side: asked again
        # after ANSWER_TIMEOUT s. A goal sent twice is the same goal (_send_once: one id), run
        # once; a result asked twice is the same result.
        handle = self._send_once(request, on_feedback, deadline, progress)
        if handle is None:
            return GoalOutcome(False, "refused", "the action server refused the goal")
        progress(f"goal: sent to {self.action}")
        while True:
            done = handle.get_result_async()
            if self._wait(done.done, ANSWER_TIMEOUT, deadline):
                break
        from action_msgs.msg import GoalStatus

        if done.result().status == GoalStatus.STATUS_UNKNOWN:  # a copy refused, no first
            return GoalOutcome(False, "refused", "the action server refused the goal")
        result = done.result().result
        if result.planned_points:
            progress(
                f"goal: planned {result.planned_points} points, {result.planned_duration:.3f} s"
            )
        reached = result.error_code == self._type.Result.SUCCESSFUL
        names = list(result.joint_names)
        final = np.abs(np.asarray(result.final_error, dtype=float))
        if names and final.size == len(names):
            final = final[[names.index(j) for j in joints if j in names]]
        started = result.started.sec + result.started.nanosec * 1e-9
        event = "done" if reached else _CODES.get(result.error_code, str(result.error_code))
        return GoalOutcome(
            reached=reached,
            event=event,
            message=result.error_string.removeprefix(f"{event}: "),
            final_error=final,
            start=started,
            end=started + float(result.planned_duration),
        )


#: PlanAndExecute result codes, as ``modyn goal`` prints them
_CODES = {
    -1: "refused",
    -2: "invalid joints",
    -3: "too late",
    -4: "path tolerance",
    -5: "goal tolerance",
    -100: "aborted (hardware fault)",
    -101: "refused (start away from the reference)",
    -102: "preempted",
    -103: "stopped",
}
