"""PlanAndExecute's answer to a plan that reached the controller after its end (issue 28: "never
fails because the machine is busy"): on a loaded machine the system's clock runs on while the
plan travels from the generator to the controller, and a short plan stamped PLAN_LEAD s ahead
can arrive over (seen in Q15, load 16: a 1.075 s plan refused at t = 7.274 s, ended 7.265 s).
Nothing moved, so a goal that asked for "as soon as possible" is planned again from where the
arm is, each time twice as far ahead; a goal with a start time of its own is not (its time was
the sender's).

The server runs in this process against a stand-in generator (``~/plan``: it answers each call
with a plan starting ``lead`` after a fixed clock, and records the leads asked for) and a
stand-in controller (its ``goal_status`` reports: ``refused`` with reason ``ended`` for the
first plans, then ``pending``, ``executing`` and ``done``).
"""

from __future__ import annotations

import pytest
from builtin_interfaces.msg import Duration
from diagnostic_msgs.msg import DiagnosticStatus, KeyValue
from trajectory_msgs.msg import JointTrajectory, JointTrajectoryPoint

from modyn_control.trajectory_action import LATE_REPLANS, PLAN_LEAD, PlanAndExecuteServer
from modyn_ros.qos import STATE_QOS, STATUS_QOS

interfaces = pytest.importorskip("modyn_interfaces.action", reason="modyn_interfaces is not built")
PAE = interfaces.PlanAndExecute
PlanMotion = pytest.importorskip("modyn_interfaces.srv").PlanMotion

NAMES = ["a", "b"]
NOW_NS = 7_000_000_000  # the stand-in generator's clock (ns)


class StandIns:
    """The generator's ``~/plan`` and the controller's reports, on the harness node."""

    def __init__(self, ros, refusals: int, reason: dict | None = None, pending_first=False):
        self.ros = ros
        self.pending_first = pending_first  # a refused plan was reported pending before
        self.refusals = refusals  # plans refused as ended before the first one runs
        # the refusal's values: "ended" (over when it came), or a jump where it was joined
        self.reason = reason or {"reason": "ended"}
        self.leads: list[float] = []
        self.status = ros.publisher(DiagnosticStatus, "goal_status", STATUS_QOS)
        ros.node.create_service(PlanMotion, "trajectory_generator/plan", self._plan)
        self.to_report: list[tuple[str, str]] = []  # (stamp text, points) of each plan
        self.early = False  # report on a plan before answering the call (before it is followed)
        self.ids: list[str] = []  # the request_id of each call
        self.measured: list[bool] = []  # each call's from_measured_state
        self.slow_first = 0.0  # wall seconds the first call takes (its answer comes too late)
        self.waiting = 0  # calls answered "waiting" (no state yet) before planning; -1: always

    def _plan(self, request, response):
        import time

        self.ids.append(request.request_id)
        self.measured.append(request.from_measured_state)
        if self.slow_first and len(self.ids) == 1:
            time.sleep(self.slow_first)
        if self.waiting:
            self.waiting -= 1 if self.waiting > 0 else 0
            response.waiting = True
            response.message = "waiting for joint_states (the start state)"
            return response
        lead_ns = request.lead.sec * 1_000_000_000 + request.lead.nanosec
        self.leads.append(lead_ns * 1e-9)
        start = NOW_NS + lead_ns
        trajectory = JointTrajectory(joint_names=NAMES)
        trajectory.header.stamp.sec, trajectory.header.stamp.nanosec = divmod(start, 1_000_000_000)
        rest = [0.0, 0.0]
        trajectory.points = [
            JointTrajectoryPoint(
                positions=q, velocities=rest, accelerations=rest, time_from_start=Duration(sec=t)
            )
            for q, t in (([0.0, 0.0], 0), ([0.1, 0.2], 1))
        ]
        response.accepted = True
        response.trajectory = trajectory
        response.message = "goal accepted: 2 points, 1.000000 s"
        sec, nanosec = divmod(start, 1_000_000_000)
        self.to_report.append((f"{sec}.{nanosec:09d}", "2"))
        if self.early:
            self.answer_plans()
        return response

    def report(self, event: str, key: tuple[str, str], **values: str) -> None:
        message = (
            "it ended before it reached the controller; nothing was followed"
            if event == "refused"
            else event
        )
        status = DiagnosticStatus(name="/feedback_controller/trajectory", message=message)
        items = {"event": event, "stamp": key[0], "points": key[1], **values}
        status.values = [KeyValue(key=k, value=v) for k, v in items.items()]
        self.status.publish(status)

    def answer_plans(self) -> None:
        """Report on each new plan: refused (ended) while refusals last, else executed."""
        while self.to_report:
            key = self.to_report.pop(0)
            if self.refusals > 0:
                self.refusals -= 1
                if self.pending_first:
                    self.report("pending", key)
                self.report("refused", key, **self.reason)
            else:
                self.report("pending", key)
                self.report("executing", key)
                self.report("done", key)


def _run(
    ros,
    refusals: int,
    stamp_sec: int = 0,
    reason: dict | None = None,
    stuck=False,
    feedback=None,
    pending_first=False,
    slow_first: float = 0.0,
    ids: list | None = None,
    waiting: int = 0,
    measured: list | None = None,
):
    """The goal's result and the leads asked for; with ``feedback`` (a list), joint_states is
    published until the server has a state, and the goal's feedback is collected there."""
    from rclpy.action import ActionClient
    from sensor_msgs.msg import JointState

    node = ros.add(ros.rclpy.create_node("feedforward", context=ros.context))
    server = PlanAndExecuteServer(node, NAMES)
    try:
        if stuck:  # the action server left out of the executor's waits, then a callback fails
            server.server._executor_event = True
            failed = []

            def fail_once():
                if not failed:
                    failed.append(True)
                    raise RuntimeError("a callback that fails once")

            server.node.create_timer(0.05, fail_once)
        stand_ins = StandIns(ros, refusals, reason, pending_first)
        stand_ins.slow_first = slow_first
        stand_ins.waiting = waiting
        if ids is not None:
            stand_ins.ids = ids  # the caller's list, filled with each call's request_id
        client = ActionClient(ros.node, PAE, "trajectory_generator/plan_and_execute")
        assert ros.spin_until(client.server_is_ready, 10.0), "no plan_and_execute server"
        assert ros.spin_until(lambda: stand_ins.status.get_subscription_count() > 0, 10.0)
        goal = PAE.Goal()
        goal.waypoints = JointTrajectory(
            joint_names=NAMES, points=[JointTrajectoryPoint(positions=[0.1, 0.2])]
        )
        goal.waypoints.header.stamp.sec = stamp_sec
        states = ros.publisher(JointState, "joint_states", STATE_QOS)
        sent = client.send_goal_async(
            goal, feedback_callback=None if feedback is None else feedback.append
        )
        assert ros.spin_until(sent.done, 10.0), "the goal was not answered"
        handle = sent.result()
        assert handle.accepted
        result = handle.get_result_async()

        def step():
            if feedback is not None and server._state is None and not result.done():
                states.publish(JointState(name=NAMES, position=[0.0, 0.0], velocity=[0.0, 0.0]))
                return False
            stand_ins.answer_plans()
            return result.done()

        assert ros.spin_until(step, 20.0), "no result"
        if measured is not None:
            measured[:] = stand_ins.measured
        return result.result(), stand_ins.leads
    finally:
        server.close()


def test_a_plan_that_came_after_its_end_is_planned_again_further_ahead(ros):
    ids: list = []
    measured: list = []
    response, leads = _run(ros, refusals=2, ids=ids, measured=measured)
    # each re-plan is a request of its own (same goal, its own lead): planned anew, from the
    # measured state (the generator may not have read the refusal yet)
    assert len(set(ids)) == 3 and len({i.split("/")[0] for i in ids}) == 1, ids
    assert measured == [False, True, True]
    assert response.status == 4, response.result.error_string  # GoalStatus.STATUS_SUCCEEDED
    assert response.result.error_code == PAE.Result.SUCCESSFUL
    assert leads == pytest.approx([PLAN_LEAD, 2 * PLAN_LEAD, 4 * PLAN_LEAD])
    assert response.result.planned_points == 2 and response.result.planned_duration == 1.0


def test_the_re_plans_are_bounded_and_the_last_refusal_is_the_result(ros):
    response, leads = _run(ros, refusals=LATE_REPLANS + 5)
    assert response.status == 6  # GoalStatus.STATUS_ABORTED
    assert response.result.error_code == PAE.Result.OLD_HEADER_TIMESTAMP
    assert response.result.error_string.startswith("refused: "), response.result.error_string
    assert leads == pytest.approx([PLAN_LEAD * 2**k for k in range(LATE_REPLANS + 1)])


def test_a_goal_with_its_own_start_time_is_not_planned_again(ros):
    response, leads = _run(ros, refusals=1, stamp_sec=3)
    assert response.status == 6
    assert response.result.error_code == PAE.Result.OLD_HEADER_TIMESTAMP
    assert leads == pytest.approx([PLAN_LEAD])


def test_a_plan_joined_late_with_a_jump_is_planned_again(ros):
    """Refused for the jump where the controller joined it after its start (late_s > 0, L14b):
    nothing moved, so it is planned again further ahead, as a plan over when it came."""
    jump = {"reason": "jump", "jump": "0.5468", "late_s": "0.120000"}
    response, leads = _run(ros, refusals=1, reason=jump)
    assert response.status == 4, response.result.error_string
    assert leads == pytest.approx([PLAN_LEAD, 2 * PLAN_LEAD])


def test_a_plan_pending_then_joined_late_with_a_jump_is_planned_again(ros):
    """Q26: the controller had the plan before its start (pending), then joined it 0.368 s late
    and refused the jump; it never ran, so it is planned again, as one that came late."""
    jump = {"reason": "jump", "jump": "0.1775", "late_s": "0.368000"}
    response, leads = _run(ros, refusals=1, reason=jump, pending_first=True)
    assert response.status == 4, response.result.error_string
    assert leads == pytest.approx([PLAN_LEAD, 2 * PLAN_LEAD])


def test_a_jump_at_its_start_on_time_is_the_result(ros):
    """A jump with the plan on time (late_s 0: it starts away from the held reference) is not
    lateness: the result says so, no re-plan."""
    jump = {"reason": "jump", "jump": "0.5468", "late_s": "0.000000"}
    response, leads = _run(ros, refusals=1, reason=jump)
    assert response.status == 6
    assert response.result.error_code == PAE.Result.START_TOLERANCE_VIOLATED
    assert leads == pytest.approx([PLAN_LEAD])


def test_the_server_accepts_goals_again_after_a_callback_failed(ros):
    """rclpy leaves an entity whose handler raised out of every later wait (its
    ``_executor_event`` mark); L14a: the action server then answered no goal for two minutes.
    After a callback's exception the server clears the marks: the goal is answered."""
    response, leads = _run(ros, refusals=0, stuck=True)
    assert response.status == 4, response.result.error_string
    assert leads == pytest.approx([PLAN_LEAD])


def test_every_phase_is_fed_back_to_the_client(ros):
    """The controller's pending, executing and done sent back to back: the client's feedback
    has each phase the goal entered, in order, before the result (L16, a loaded machine: a
    client saw "pending" only; the next test makes that case deterministic)."""
    feedback: list = []
    response, _ = _run(ros, refusals=0, feedback=feedback)
    assert response.status == 4, response.result.error_string
    phases = [f.feedback.phase for f in feedback]
    assert list(dict.fromkeys(phases)) == ["pending", "executing"], phases


def test_phases_reported_between_two_turns_are_each_fed_back(ros):
    """The same, deterministic: the three reports are applied before the server's goal loop
    turns once; that turn feeds back pending and executing, in order, then ends with the
    result (before, it ended with the result and no feedback at all)."""
    import numpy as np
    from builtin_interfaces.msg import Time

    node = ros.add(ros.rclpy.create_node("feedforward", context=ros.context))
    server = PlanAndExecuteServer(node, NAMES)
    try:
        trajectory = JointTrajectory(
            joint_names=NAMES,
            points=[
                JointTrajectoryPoint(
                    positions=q,
                    velocities=[0.0, 0.0],
                    accelerations=[0.0, 0.0],
                    time_from_start=Duration(sec=t),
                )  # fmt: skip
                for q, t in (([0.0, 0.0], 0), ([0.1, 0.2], 1))
            ],
        )
        trajectory.header.stamp.sec = 7

        class Handle:
            is_cancel_requested = False

            def __init__(self):
                self.sent = []

            def publish_feedback(self, message):
                self.sent.append(message)

        handle = Handle()
        goal = server._goal_of(handle, trajectory, np.full(2, np.inf), 0.0)
        server._state = (7.5, np.array([0.05, 0.1]), np.zeros(2), Time(sec=7, nanosec=500_000_000))
        server._apply(goal, "pending", {}, "pending")
        server._apply(goal, "executing", {"start_s": "7.0", "end_s": "8.0"}, "executing")
        server._apply(goal, "done", {}, "done")
        turn = server._outcome(goal)
        with pytest.raises(StopIteration) as ended:
            turn.send(None)
        assert ended.value.value == (PAE.Result.SUCCESSFUL, "")
        assert [m.phase for m in handle.sent] == ["pending", "executing"]
        assert all(m.actual.positions.tolist() == [0.05, 0.1] for m in handle.sent)
    finally:
        server.close()


def test_a_goal_still_settling_is_preempted_by_a_newer_goal(ros):
    """A goal whose trajectory is done but not yet within its goal_tolerance (no state here,
    so never) is preempted when a newer goal is accepted; the newer goal then gets the reports
    on its own trajectory, although both have the same name (stamp, points). Before, the first
    goal stayed open and took the second's 'done' (L18b: four goals in a row without result),
    also when the second plan's reports came before the server followed it (Q37)."""
    from rclpy.action import ActionClient

    from modyn_control.trajectory_action import ResultCode
    from modyn_interfaces.msg import JointTolerance

    node = ros.add(ros.rclpy.create_node("feedforward", context=ros.context))
    server = PlanAndExecuteServer(node, NAMES)
    try:
        stand_ins = StandIns(ros, refusals=0)
        client = ActionClient(ros.node, PAE, "trajectory_generator/plan_and_execute")
        assert ros.spin_until(client.server_is_ready, 10.0), "no plan_and_execute server"
        assert ros.spin_until(lambda: stand_ins.status.get_subscription_count() > 0, 10.0)

        def send():
            goal = PAE.Goal()
            goal.waypoints = JointTrajectory(
                joint_names=NAMES, points=[JointTrajectoryPoint(positions=[0.1, 0.2])]
            )
            goal.goal_tolerance = [JointTolerance(name=n, position=1e-9) for n in NAMES]
            sent = client.send_goal_async(goal)
            assert ros.spin_until(sent.done, 10.0), "the goal was not answered"
            assert sent.result().accepted
            return sent.result()

        def settling() -> list:
            stand_ins.answer_plans()
            return [g for g in server._goals if g.phase == "settling" and g.outcome is None]

        first = send()
        first_result = first.get_result_async()
        assert ros.spin_until(lambda: len(settling()) == 1, 10.0), "the first goal never settled"
        # the controller's reports on the second plan come before the server follows it (as
        # when the generator's plan reaches the controller first): its 'done' must wait for it,
        # not go to the first goal, which is past its own 'done' (Q37: the second stuck)
        stand_ins.early = True
        second = send()
        assert ros.spin_until(lambda: settling() and first_result.done(), 10.0), [
            (g.phase, g.outcome) for g in server._goals
        ]
        response = first_result.result()
        assert response.status == 6  # GoalStatus.STATUS_ABORTED
        assert response.result.error_code == ResultCode.PREEMPTED
        assert response.result.error_string.startswith("preempted while settling")
        # the second goal took its own pending, executing and done: settling now, not executing
        (goal,) = settling()
        assert goal.handle.goal_id == second.goal_id
        assert goal.phases == ["pending", "executing", "settling"]
    finally:
        server.close()


def test_a_call_asked_again_after_a_lost_answer_carries_the_same_request_id(ros, monkeypatch):
    """Q38: the generator's answer to ``~/plan`` was lost ("failed to send response"), the
    server asked again after CALL_TIMEOUT s, and the generator planned a second plan from the
    end of the first, which had run. The call asked again now carries the first one's
    request_id (the generator answers it with the plan it published: its own test). The
    server's CALL_TIMEOUT is 0.5 s here (5 s in the nodes), the first answer 1 s late."""
    import modyn_control.trajectory_action as action

    monkeypatch.setattr(action, "CALL_TIMEOUT", 0.5)
    ids: list = []
    response, leads = _run(ros, refusals=0, slow_first=1.0, ids=ids)
    assert response.status == 4, response.result.error_string
    assert len(ids) >= 2 and ids[0] and ids[1] == ids[0], ids
    assert leads[:2] == pytest.approx([PLAN_LEAD, PLAN_LEAD])


def test_a_goal_the_generator_cannot_plan_yet_is_asked_again_until_planned(ros):
    """The former goal topic's queue (a goal before the first joint_states waited for it): the
    generator's ~/plan answers ``waiting``, the server asks again (every 0.05 s), and the goal
    runs when it is planned."""
    ids: list = []
    response, leads = _run(ros, refusals=0, waiting=2, ids=ids)
    assert response.status == 4, response.result.error_string  # SUCCEEDED
    assert response.result.error_code == PAE.Result.SUCCESSFUL
    assert len(ids) == 3 and len(set(ids)) == 1  # one goal, asked three times
    assert leads == pytest.approx([PLAN_LEAD])  # planned once


def test_a_goal_never_planned_is_aborted_naming_what_was_missing(ros, monkeypatch):
    """The former queue's wait_timeout: a generator that still waits after PLAN_WAIT s (no
    joint_states, no model) makes the goal abort, INVALID_GOAL, with what was missing."""
    import modyn_control.trajectory_action as action

    monkeypatch.setattr(action, "PLAN_WAIT", 0.3)
    response, leads = _run(ros, refusals=0, waiting=-1)
    assert response.status == 6, response.result.error_string  # ABORTED
    assert response.result.error_code == PAE.Result.INVALID_GOAL
    assert response.result.error_string.endswith(
        "not planned in 0.3 s: waiting for joint_states (the start state)"
    ), response.result.error_string
    assert leads == []  # nothing planned


def test_the_plan_client_exists_before_the_server_takes_a_goal(ros):
    """The first goal of test_first_goal, sent the moment the server was ready, was executed
    before PlanAndExecuteServer had made its ~/plan client ("no attribute '_plan_type'"): a
    subclass's entities are now made (``_setup``) before the executor's thread starts."""
    seen = {}

    class Probe(PlanAndExecuteServer):
        def _setup(self):
            seen["thread"] = getattr(self, "_thread", None)
            seen["type"] = getattr(self, "_plan_type", None)
            super()._setup()
            seen["client"] = self._plan

    node = ros.add(ros.rclpy.create_node("feedforward_probe", context=ros.context))
    server = Probe(node, NAMES)
    try:
        assert seen["thread"] is None  # nothing served yet
        assert seen["type"] is PlanMotion and seen["client"] is server._plan
        assert server._thread.is_alive()
    finally:
        server.close()
