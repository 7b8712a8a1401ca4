"""feedback_controller's trajectory intake: every trajectory is followed or reported, never lost.

The node runs in its own rclpy context and is fed crafted joint states and trajectories over DDS
(modyn_control.testing); its goal_status reports are collected and checked against the expected
lifecycle (docs/nodes.md, "Goal lifecycle"), its commands against the closed-form hold and law.
"""

from __future__ import annotations

import numpy as np
import pytest
from diagnostic_msgs.msg import DiagnosticStatus
from rclpy.parameter import Parameter
from sensor_msgs.msg import JointState
from std_msgs.msg import String
from trajectory_msgs.msg import JointTrajectory

from modyn_control.feedback_controller_node import FeedbackController
from modyn_control.testing import ControllerLoop as Loop
from modyn_control.testing import trajectory_msg
from modyn_ros.params import ParameterError
from modyn_ros.qos import LATCHED_QOS, STATE_QOS, STATUS_QOS, TRAJECTORY_QOS

KP, KD = 400.0, 40.0  # the defaults


def _hold(model, q, v, q_hold):
    return model.gravity(q) + KP * (q_hold - q) - KD * v


class Reports:
    """The controller's goal_status reports, as (event, values, message)."""

    def __init__(self, ros):
        self.ros = ros
        self.raw = ros.collect(DiagnosticStatus, "goal_status", STATUS_QOS)

    def events(self):
        out = []
        for s in self.raw:
            values = {kv.key: kv.value for kv in s.values}
            assert s.name.endswith("/feedback_controller/trajectory"), s.name
            level = (
                DiagnosticStatus.ERROR
                if values["event"] in ("refused", "rejected", "aborted")
                else DiagnosticStatus.OK
            )
            assert s.level == level, (s.level, s.message)
            out.append((values["event"], values, s.message))
        return out

    def kinds(self):
        return [e[0] for e in self.events()]

    def wait(self, count):
        assert self.ros.spin_until(lambda: len(self.raw) >= count), self.kinds()


def _stamp_text(t: float) -> str:
    sec, nsec = divmod(round(t * 1e9), 1_000_000_000)
    return f"{sec}.{nsec:09d}"


def test_lifecycle_pending_executing_done(ros, planar_model, planar_xml):
    loop = Loop(ros, planar_model, planar_xml)
    reports = Reports(ros)
    q0, q1 = np.array([0.1, 0.2]), np.array([0.6, -0.3])
    loop.send(q0, np.zeros(2), 1.0)
    msg, plan, *_ = trajectory_msg(planar_model, q0, q1, start=2.0)
    loop.send_trajectory(msg)
    reports.wait(1)
    loop.send(q0, np.zeros(2), 1.5)
    loop.send(q0, np.zeros(2), 2.0)  # begins
    loop.send(q1, np.zeros(2), 2.0 + plan.duration + 0.1)  # ended
    reports.wait(3)
    events = reports.events()
    assert [e[0] for e in events] == ["pending", "executing", "done"]
    for _, values, _ in events:  # every report names the trajectory the same way
        assert values["stamp"] == _stamp_text(2.0) and values["points"] == str(len(msg.points))
    assert events[0][1]["t"] == "1.000000000" and "starts at 2.000000 s" in events[0][2]
    assert events[1][1]["late_s"] == "0.000000" and events[1][1]["t"] == "2.000000000"


def test_trajectory_that_ended_before_it_arrived_is_refused(ros, planar_model, planar_xml):
    """joint_trajectory_controller refuses a trajectory "that ends in the past" alike; following it
    would move the hold target to its end point: a jump by the whole motion."""
    model = planar_model
    loop = Loop(ros, model, planar_xml)
    reports = Reports(ros)
    q0, q1 = np.array([0.1, 0.2]), np.array([0.9, -0.6])
    loop.send(q0, np.zeros(2), 5.0)
    msg, plan, *_ = trajectory_msg(model, q0, q1, start=1.0)
    assert 1.0 + plan.duration < 5.0
    loop.send_trajectory(msg)
    reports.wait(1)
    event, values, message = reports.events()[0]
    assert event == "refused" and "before it reached the controller (t = 5.000000 s)" in message
    assert loop.node._stats.trajectories_rejected == 1
    q = q0 + 0.01
    tau = loop.send(q, np.zeros(2), 5.1)  # still holding q0, not the trajectory's end q1
    np.testing.assert_allclose(tau, _hold(model, q, np.zeros(2), q0), rtol=1e-12, atol=1e-10)
    assert loop.node.state == "holding"


def test_a_continuation_runs_after_the_trajectory_it_continues(ros, planar_model, planar_xml):
    """The generator plans a pre-empting goal from the running plan's reference at its start:
    both trajectories, received before either begins (a late joiner of the latched history),
    are followed, the first until the second's start."""
    model = planar_model
    loop = Loop(ros, model, planar_xml)
    reports = Reports(ros)
    q0, q1, q2 = np.array([0.0, 0.0]), np.array([1.0, -1.0]), np.array([0.2, 0.4])
    loop.send(q0, np.zeros(2), 0.5)
    first, plan1, *_ = trajectory_msg(model, q0, q1, start=1.0)
    switch = 1.0 + 0.4
    q_mid, *_ = plan1.sample(0.4)
    # the continuation (a planar plan from rest at the mid point: the reference is continuous in
    # position, which is what the controller checks)
    second, plan2, *_ = trajectory_msg(model, q_mid, q2, start=switch)
    loop.send_trajectory(first)
    loop.send_trajectory(second)
    reports.wait(2)
    assert reports.kinds() == ["pending", "pending"]
    q_d, v_d, _ = plan1.sample(0.2)
    loop.send(q_d, v_d, 1.2)  # following the first one
    assert loop.node.state == "following"
    np.testing.assert_allclose(loop.node._q_desired, q_d, atol=1e-12)
    loop.send(q_mid, np.zeros(2), switch + 0.1)  # the second one has taken over
    np.testing.assert_allclose(loop.node._q_desired, plan2.sample(0.1)[0], atol=1e-12)
    loop.send(q2, np.zeros(2), switch + plan2.duration + 0.1)
    reports.wait(6)
    assert reports.kinds() == ["pending", "pending", "executing", "replaced", "executing", "done"]


def test_a_newer_trajectory_supersedes_a_pending_one_starting_later(ros, planar_model, planar_xml):
    model = planar_model
    loop = Loop(ros, model, planar_xml)
    reports = Reports(ros)
    q0 = np.array([0.0, 0.0])
    loop.send(q0, np.zeros(2), 0.5)
    late, *_ = trajectory_msg(model, q0, [0.5, 0.5], start=3.0)
    early, plan, *_ = trajectory_msg(model, q0, [-0.5, 0.2], start=2.0)
    loop.send_trajectory(late)
    loop.send_trajectory(early)  # a re-plan from an earlier instant: the later one is void
    reports.wait(3)
    events = reports.events()
    assert [e[0] for e in events] == ["pending", "superseded", "pending"]
    assert events[1][1]["stamp"] == _stamp_text(3.0)
    loop.send(q0, np.zeros(2), 2.0)
    loop.send(q0, np.zeros(2), 2.0 + plan.duration + 0.5)
    loop.send(q0, np.zeros(2), 3.5)  # the superseded one would have run now
    np.testing.assert_allclose(loop.node._q_hold, [-0.5, 0.2], atol=1e-12)
    assert reports.kinds()[3:] == ["executing", "done"]


def test_a_trajectory_continuing_an_unknown_motion_is_refused(ros, planar_model, planar_xml):
    """The case of a plan whose predecessor the controller never got (a late joiner of a depth-1
    latched topic): its first point is far from the held pose; following it would step the
    reference, so it is refused and the hold goes on."""
    model = planar_model
    loop = Loop(ros, model, planar_xml, start_tolerance=0.1)
    reports = Reports(ros)
    q0 = np.array([0.0, 0.0])
    loop.send(q0, np.zeros(2), 0.5)
    msg, *_ = trajectory_msg(model, [0.8, -0.8], [0.9, -0.9], start=1.0)
    loop.send_trajectory(msg)
    loop.send(q0, np.zeros(2), 1.0)
    reports.wait(2)
    event, values, message = reports.events()[1]
    assert event == "refused" and values["jump"] == "0.8"
    assert "joint 'joint1': 0.8 against 0" in message and "start_tolerance 0.1" in message
    tau = loop.send(q0, np.zeros(2), 1.1)
    np.testing.assert_allclose(tau, _hold(model, q0, np.zeros(2), q0), rtol=1e-12, atol=1e-10)
    assert loop.node.state == "holding"


def test_a_jump_reports_how_late_the_trajectory_was_joined(ros, planar_model, planar_xml):
    """A refusal for a jump says whether lateness caused it (CI, 2026-11-30: a 0.76 s tool line
    that reached the controller 0.7 s after its start was joined near its end, 0.37 rad from the
    held pose, and reported late_s 0, so PlanAndExecute did not plan it again): late_s is the
    time from the trajectory's start to the join; a trajectory that came in time and starts away
    from the reference reports 0."""
    model = planar_model
    q0 = np.array([0.0, 0.0])
    loop = Loop(ros, model, planar_xml, start_tolerance=0.1)
    reports = Reports(ros)
    loop.send(q0, np.zeros(2), 1.7)
    msg, plan, *_ = trajectory_msg(model, q0, [0.8, -0.8], start=1.0)  # began 0.7 s ago
    loop.send_trajectory(msg)
    loop.send(q0, np.zeros(2), 1.75)
    reports.wait(2)
    event, values, message = reports.events()[1]
    assert plan.sample(0.75)[0][0] > 0.1  # joined where the motion had moved on
    assert event == "refused" and values["reason"] == "jump", message
    assert values["late_s"] == "0.750000", values
    # in time, but away from the held pose: not lateness
    msg, *_ = trajectory_msg(model, [0.8, -0.8], [0.9, -0.9], start=2.0)
    loop.send_trajectory(msg)
    loop.send(q0, np.zeros(2), 2.0)
    reports.wait(4)
    event, values, message = reports.events()[3]
    assert event == "refused" and values["reason"] == "jump", message
    assert values["late_s"] == "0.000000", values


def test_late_trajectory_is_joined_and_reported(ros, planar_model, planar_xml):
    model = planar_model
    loop = Loop(ros, model, planar_xml)
    reports = Reports(ros)
    q0 = np.array([0.0, 0.0])
    loop.send(q0, np.zeros(2), 1.002)
    msg, plan, *_ = trajectory_msg(model, q0, [0.5, -0.5], start=1.0)  # began 2 ms ago
    loop.send_trajectory(msg)
    loop.send(q0, np.zeros(2), 1.003)
    reports.wait(2)
    (_, _, pending), (event, values, message) = reports.events()
    assert "it is joined late" in pending
    assert event == "executing" and values["late_s"] == "0.003000"
    assert "joined 0.003000 s late" in message
    np.testing.assert_allclose(loop.node._q_desired, plan.sample(0.003)[0], atol=1e-12)


def _closing_answers_the_first_state(ros, loop, msg, effort) -> None:
    """Publish the trajectory ``msg`` that closes a waiting loop: its first command answers the
    state that came first (stamped 0 as the held state's answer, holding at ``effort``, the
    gravity torque of that state)."""
    before = len(loop.commands)
    loop.trajectories.publish(msg)
    assert ros.spin_until(lambda: len(loop.commands) > before)
    command = loop.commands[-1]
    assert (command.header.stamp.sec, command.header.stamp.nanosec) == (0, 0)
    np.testing.assert_allclose(command.effort, effort, rtol=1e-12)


def test_wait_for_trajectory_sends_nothing_before_the_first_trajectory(
    ros, planar_model, planar_xml
):
    """A lockstep plant takes its first step on the first command: with wait_for_trajectory the
    loop closes only once the controller holds the trajectory, the state that came first is then
    answered (the plant waits for exactly that command)."""
    model = planar_model
    loop = Loop(ros, model, planar_xml, wait_for_trajectory=True)
    q0 = np.array([0.3, -0.2])
    assert loop.silent(q0, np.zeros(2), 0.0)
    msg, *_ = trajectory_msg(model, q0, [0.5, 0.0], start=1.0)
    _closing_answers_the_first_state(ros, loop, msg, model.gravity(q0))
    assert loop.node.state == "pending"


def test_wait_for_two_trajectories_closes_the_loop_at_the_second(ros, planar_model, planar_xml):
    """wait_for_trajectory = 2 (a script that plans a sequence while the lockstep plant waits):
    the first trajectory queued leaves the loop open, the second closes it and the state that
    came first is answered then; both stay queued in the order of their starts."""
    model = planar_model
    loop = Loop(ros, model, planar_xml, wait_for_trajectory=2)
    reports = Reports(ros)
    q0 = np.array([0.3, -0.2])
    assert loop.silent(q0, np.zeros(2), 0.0)
    first, plan, *_ = trajectory_msg(model, q0, [0.5, 0.0], start=1.0)
    loop.send_trajectory(first)
    reports.wait(1)
    assert loop.silent(q0, np.zeros(2), 0.0) and loop.node._gated == 1
    q1 = plan.sample(plan.end)[0]
    second, *_ = trajectory_msg(model, q1, [0.2, 0.1], start=1.0 + plan.end + 0.5)
    _closing_answers_the_first_state(ros, loop, second, model.gravity(q0))
    reports.wait(2)
    assert loop.node.state == "pending" and reports.kinds() == ["pending", "pending"]


def test_a_hardware_fault_aborts_and_the_hold_follows_the_arm(ros, planar_model, planar_xml):
    """While hardware_interface holds the arm itself (a latched fault) the controller drops its
    trajectories (reported) and keeps its hold pose where the arm is, so that the commands after
    ~/reset hold that pose instead of pulling back to an old reference; a trajectory sent during
    the fault is refused."""
    model = planar_model
    loop = Loop(ros, model, planar_xml)
    reports = Reports(ros)
    status = ros.publisher(DiagnosticStatus, "hardware_status", LATCHED_QOS)
    ros.wait_for_subscribers(status)
    q0 = np.array([0.0, 0.0])
    loop.send(q0, np.zeros(2), 0.5)
    msg, plan, *_ = trajectory_msg(model, q0, [1.0, -1.0], start=1.0)
    loop.send_trajectory(msg)
    loop.send(q0, np.zeros(2), 1.1)
    fault = DiagnosticStatus(level=DiagnosticStatus.ERROR, message="fault latched: watchdog")
    status.publish(fault)
    reports.wait(3)
    event, _, message = reports.events()[2]
    assert event == "aborted" and "hardware_interface fault: fault latched: watchdog" in message
    q_arm = np.array([0.05, -0.04])  # where the plant's own hold keeps the arm
    loop.send(q_arm, np.zeros(2), 1.2)
    other, *_ = trajectory_msg(model, q_arm, [0.3, 0.3], start=2.0)
    loop.send_trajectory(other)
    reports.wait(4)
    assert reports.events()[3][0] == "refused" and "latched fault" in reports.events()[3][2]
    status.publish(
        DiagnosticStatus(level=DiagnosticStatus.OK, message="armed, no fault: commands are applied")
    )
    assert ros.spin_until(lambda: loop.node._fault is None)
    q = q_arm + 0.01
    tau = loop.send(q, np.zeros(2), 1.3)  # holds the arm's pose at the reset, not q_d or q0
    np.testing.assert_allclose(tau, _hold(model, q, np.zeros(2), q_arm), rtol=1e-12, atol=1e-10)


def test_trajectories_before_the_model_are_all_kept(ros, planar_model, planar_xml):
    node = ros.add(FeedbackController(context=ros.context))
    reports = Reports(ros)
    commands = ros.collect(JointState, "effort_command", STATE_QOS)
    q0 = np.array([0.0, 0.0])
    first, plan1, *_ = trajectory_msg(planar_model, q0, [0.4, 0.4], start=1.0)
    q_mid = plan1.sample(0.2)[0]
    second, *_ = trajectory_msg(planar_model, q_mid, [0.0, 0.3], start=1.2)
    pub = ros.publisher(JointTrajectory, "trajectory", TRAJECTORY_QOS)
    ros.wait_for_subscribers(pub)
    for m in (first, second):
        pub.publish(m)
    ros.spin_for(0.3)
    assert node.model is None and len(node._waiting) == 2 and commands == []
    description = ros.publisher(String, "/robot_description", LATCHED_QOS)
    description.publish(String(data=planar_xml))
    reports.wait(2)
    assert reports.kinds() == ["pending", "pending"]


@pytest.mark.parametrize(
    "params, match",
    [
        ({"start_tolerance": 0.0}, r"start_tolerance = 0.0: must be > 0"),
        ({"start_tolerance": "big"}, r"start_tolerance = 'big': expected a number"),
        (
            {"wait_for_trajectory": -1},
            r"wait_for_trajectory = -1: expected true, false or a number of trajectories >= 0",
        ),
        ({"wait_for_trajectory": "yes"}, r"wait_for_trajectory = 'yes': expected true, false"),
        ({"wait_for_trajectory": 1.0}, r"wait_for_trajectory = 1.0: expected true, false"),
    ],
)
def test_bad_intake_parameters(ros, planar_xml, params, match):
    overrides = [Parameter("robot_description", value=planar_xml)]
    overrides += [Parameter(k, value=v) for k, v in params.items()]
    with pytest.raises(ParameterError, match=match):
        FeedbackController(context=ros.context, parameter_overrides=overrides)
