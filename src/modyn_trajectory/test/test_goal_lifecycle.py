"""trajectory_generator: a goal is planned once, or answered with the reason, never lost.

The generator runs in its own rclpy context (fixture ``ros``); the goals go to its ``~/plan``
service (modyn_interfaces/srv/PlanMotion), called over DDS; the joint states, the robot
description, hardware_interface's ``hardware_status`` and the controller's reports are crafted
by the harness and published over DDS. The former ``goal`` topic's queue, repeats and re-plans
(issue 29) have these equivalents: a goal before the state or the model is answered
``waiting`` (the caller asks again; the PlanAndExecute action does, up to PLAN_WAIT s:
src/modyn_control/test/test_plan_and_execute_late.py), a call asked again with its request_id
is answered with the plan already published, and a "now" plan that came too late is planned
again by the action (ibid.), not by the generator.
"""

from __future__ import annotations

import numpy as np
from diagnostic_msgs.msg import DiagnosticStatus, KeyValue
from rclpy.parameter import Parameter
from sensor_msgs.msg import JointState
from std_msgs.msg import String
from trajectory_msgs.msg import JointTrajectory, JointTrajectoryPoint

from modyn_interfaces.srv import PlanMotion
from modyn_ros.qos import LATCHED_QOS, STATE_QOS, STATUS_QOS, TRAJECTORY_QOS
from modyn_trajectory.trajectory_generator_node import TrajectoryGenerator


def _goal(names, positions, stamp_ns=0):
    msg = JointTrajectory(joint_names=list(names))
    msg.header.stamp.sec, msg.header.stamp.nanosec = divmod(stamp_ns, 1_000_000_000)
    msg.points = [JointTrajectoryPoint(positions=[float(x) for x in p]) for p in positions]
    return msg


class Gen:
    """The generator with its inputs and outputs wired to the harness."""

    def __init__(self, ros, xml=None, **params):
        overrides = [Parameter(k, value=v) for k, v in params.items()]
        if xml is not None:
            overrides.append(Parameter("robot_description", value=xml))
        self.ros = ros
        self.node = ros.add(TrajectoryGenerator(context=ros.context, parameter_overrides=overrides))
        self.planned = ros.collect(JointTrajectory, "planned_trajectory", TRAJECTORY_QOS)
        self.raw_status = ros.collect(DiagnosticStatus, "goal_status", STATUS_QOS)
        self.client = ros.node.create_client(PlanMotion, "trajectory_generator/plan")
        self.states = ros.publisher(JointState, "joint_states", STATE_QOS)
        self.status_in = ros.publisher(DiagnosticStatus, "goal_status", STATUS_QOS)
        self.hardware = ros.publisher(DiagnosticStatus, "hardware_status", LATCHED_QOS)
        for pub in (self.states, self.hardware):
            ros.wait_for_subscribers(pub)
        assert ros.spin_until(self.client.service_is_ready), "no ~/plan"

    def plan(self, goal, request_id: str = "", from_measured_state: bool = False):
        """~/plan's answer to ``goal`` (a JointTrajectory), over DDS."""
        request = PlanMotion.Request(
            waypoints=goal, request_id=request_id, from_measured_state=from_measured_state
        )
        call = self.client.call_async(request)
        assert self.ros.spin_until(call.done), "~/plan did not answer"
        return call.result()

    def statuses(self):
        """The generator's own reports: (level, message)."""
        return [
            (s.level, s.message)
            for s in self.raw_status
            if s.name.endswith("/goal") or s.name.endswith("/goal_pose")
        ]

    def state(self, names, q, t_ns=0):
        msg = JointState(name=list(names), position=[float(x) for x in q])
        msg.header.stamp.sec, msg.header.stamp.nanosec = divmod(t_ns, 1_000_000_000)
        self.states.publish(msg)

    def measured(self, names, q, t_ns=0):
        """Publish the state until the generator holds one (its subscription, dropped while a
        plan runs, is made anew when a state is needed: matched a moment later)."""

        def held():
            if self.node._last_q is not None:
                return True
            self.state(names, q, t_ns)
            return False

        assert self.ros.spin_until(held), "the generator got no joint_states"


def test_goal_before_the_first_joint_states_waits_for_it(ros, planar_model, planar_xml):
    """The issue's third run: a goal sent at once was refused three times with "no joint_states
    received yet". ~/plan answers ``waiting`` (nothing planned, nothing reported as refused),
    and the same call is planned once the state has come."""
    # sim time and no /clock yet: the node clock reads 0 while the plant is at 2.5 s
    gen = Gen(ros, planar_xml, use_sim_time=True)
    goal = _goal(planar_model.joint_names, [[0.3, -0.2]])
    answer = gen.plan(goal)
    assert answer.waiting and not answer.accepted
    assert answer.message.startswith("waiting for joint_states (the start state")
    ros.spin_for(0.2)
    assert gen.planned == [] and gen.statuses() == []
    gen.measured(planar_model.joint_names, [0.1, 0.1], t_ns=2_500_000_000)
    answer = gen.plan(goal)
    assert answer.accepted, answer.message
    assert ros.spin_until(lambda: gen.planned)
    plan = gen.planned[0]
    assert plan == answer.trajectory  # the answer carries the plan as published
    np.testing.assert_array_equal(plan.points[0].positions, [0.1, 0.1])
    np.testing.assert_array_equal(plan.points[-1].positions, [0.3, -0.2])
    # a zero stamp ("now"): never before the state it starts from
    assert gen.node.get_clock().now().nanoseconds == 0
    assert plan.header.stamp.sec * 10**9 + plan.header.stamp.nanosec == 2_500_000_000
    assert ros.spin_until(lambda: len(gen.statuses()) == 1)
    level, message = gen.statuses()[0]
    assert level == DiagnosticStatus.OK and message.startswith("goal accepted: starts at ")


def test_goal_before_the_model_waits_for_it(ros, planar_model, planar_xml):
    gen = Gen(ros)  # the model comes from /robot_description, later
    goal = _goal(planar_model.joint_names, [[0.3, -0.2]])
    answer = gen.plan(goal)
    assert answer.waiting and "the robot model (robot_description)" in answer.message
    gen.state(planar_model.joint_names, [0.0, 0.0])
    description = ros.publisher(String, "/robot_description", LATCHED_QOS)
    description.publish(String(data=planar_xml))
    assert ros.spin_until(lambda: gen.node.model is not None)
    gen.measured(planar_model.joint_names, [0.0, 0.0])
    answer = gen.plan(goal)
    assert answer.accepted, answer.message
    assert ros.spin_until(lambda: gen.planned)
    np.testing.assert_array_equal(gen.planned[0].points[-1].positions, [0.3, -0.2])


def test_a_burst_of_resent_goals_is_planned_once(ros, planar_model, planar_xml):
    """The issue's first two runs: a re-sent goal was planned again from the first plan's end
    point (a zero-duration plan) and replaced it in the latched topic. Calls with the goal's
    request_id: while it waits nothing is kept (each call is answered ``waiting``); once it is
    planned, the same id is answered with that plan and nothing is planned or published again;
    another id is a new goal."""
    gen = Gen(ros, planar_xml)
    goal = _goal(planar_model.joint_names, [[0.6, -0.4]])
    for _ in range(3):  # before any state
        assert gen.plan(goal, "goal-1").waiting
    assert gen.node._plan_answers == {}
    gen.measured(planar_model.joint_names, [0.0, 0.0])
    first = gen.plan(goal, "goal-1")
    assert first.accepted and len(first.trajectory.points) > 10
    for _ in range(3):
        again = gen.plan(goal, "goal-1")
        assert again.accepted and again.trajectory == first.trajectory
        assert again.message.endswith("(the answer to request 'goal-1', asked again)")
    ros.spin_for(0.2)
    assert len(gen.planned) == 1
    assert gen.node._stats["plans_repeated"] == 3 and gen.node._stats["goals_accepted"] == 1
    messages = [m for _, m in gen.statuses()]
    assert len(messages) == 1 and messages[0].startswith("goal accepted")
    other = gen.plan(goal, "goal-2")  # a new goal: planned from the running plan
    assert other.accepted
    assert ros.spin_until(lambda: len(gen.planned) == 2)


def test_goals_are_refused_while_the_hardware_is_faulted(ros, planar_model, planar_xml):
    gen = Gen(ros, planar_xml)
    gen.measured(planar_model.joint_names, [0.0, 0.0])
    fault = "fault latched: watchdog: no command for 0.300 s (watchdog_timeout 0.25 s)"
    gen.hardware.publish(DiagnosticStatus(level=DiagnosticStatus.ERROR, message=fault))
    assert ros.spin_until(lambda: gen.node._hardware_fault is not None)
    answer = gen.plan(_goal(planar_model.joint_names, [[0.3, 0.3]]))
    assert not answer.accepted and not answer.waiting
    assert fault in answer.message and "~/reset" in answer.message
    assert ros.spin_until(lambda: gen.statuses())
    level, message = gen.statuses()[0]
    assert level == DiagnosticStatus.ERROR and fault in message and "~/reset" in message
    assert gen.planned == []
    gen.hardware.publish(
        DiagnosticStatus(level=DiagnosticStatus.OK, message="armed, no fault: commands are applied")
    )
    assert ros.spin_until(lambda: gen.node._hardware_fault is None)
    gen.measured(planar_model.joint_names, [0.0, 0.0])
    assert gen.plan(_goal(planar_model.joint_names, [[0.3, 0.3]])).accepted
    assert ros.spin_until(lambda: gen.planned)


def test_a_plan_the_controller_refused_is_not_continued(ros, planar_model, planar_xml):
    """After the controller refused (or stopped, or dropped on a fault) the generator's last
    plan, the next goal starts from the measured state, not from that plan's reference."""
    gen = Gen(ros, planar_xml)
    gen.measured(planar_model.joint_names, [0.0, 0.0])
    assert gen.plan(_goal(planar_model.joint_names, [[0.8, 0.8]], stamp_ns=50 * 10**9)).accepted
    assert ros.spin_until(lambda: gen.planned)
    plan = gen.planned[0]
    refusal = _refusal(plan)
    assert {kv.key: kv.value for kv in refusal.values}["stamp"] == "50.000000000"
    gen.status_in.publish(refusal)
    assert ros.spin_until(lambda: gen.node._plan is None)
    gen.measured(planar_model.joint_names, [0.1, -0.1])
    assert gen.plan(_goal(planar_model.joint_names, [[0.2, 0.2]], stamp_ns=60 * 10**9)).accepted
    assert ros.spin_until(lambda: len(gen.planned) == 2)
    np.testing.assert_array_equal(gen.planned[1].points[0].positions, [0.1, -0.1])
    # a report about another trajectory (other stamp) changes nothing
    gen.status_in.publish(refusal)
    ros.spin_for(0.2)
    assert gen.node._plan is not None


def _refusal(plan) -> DiagnosticStatus:
    stamp = f"{plan.header.stamp.sec}.{plan.header.stamp.nanosec:09d}"
    return DiagnosticStatus(
        level=DiagnosticStatus.ERROR,
        name="/feedback_controller/trajectory",
        message="trajectory refused: it ended before it reached the controller",
        values=[
            KeyValue(key="event", value="refused"),
            KeyValue(key="stamp", value=stamp),
            KeyValue(key="points", value=str(len(plan.points))),
        ],
    )


def test_a_refused_now_plan_is_dropped_not_planned_again_by_the_generator(
    ros, planar_model, planar_xml
):
    """The generator no longer re-plans a "now" goal the controller refused (the topic's
    MAX_REPLANS): its caller does (the PlanAndExecute action, further ahead, from where the arm
    is). The generator drops the refused plan, so that the caller's next call starts from the
    measured state."""
    gen = Gen(ros, planar_xml)
    names = planar_model.joint_names
    gen.measured(names, [0.0, 0.0])
    assert gen.plan(_goal(names, [[0.5, 0.5]])).accepted  # stamp zero: "now"
    assert ros.spin_until(lambda: gen.planned)
    gen.status_in.publish(_refusal(gen.planned[-1]))
    assert ros.spin_until(lambda: gen.node._plan is None)
    gen.measured(names, [0.05, 0.0])
    ros.spin_for(0.3)
    assert len(gen.planned) == 1  # nothing planned by the generator itself
    again = gen.plan(_goal(names, [[0.5, 0.5]]))  # the caller's re-plan
    assert again.accepted
    np.testing.assert_array_equal(again.trajectory.points[0].positions, [0.05, 0.0])
    np.testing.assert_array_equal(again.trajectory.points[-1].positions, [0.5, 0.5])


def test_a_re_plan_from_the_measured_state_does_not_continue_the_last_plan(ros, planar_model,
                                                                          planar_xml):  # fmt: skip
    """The action's re-plan of a plan the controller refused as late may reach the generator
    before the controller's report does: ``from_measured_state`` makes it start from where the
    arm is (the next joint_states), not from the refused plan's reference."""
    gen = Gen(ros, planar_xml)
    names = planar_model.joint_names
    gen.measured(names, [0.0, 0.0])
    assert gen.plan(_goal(names, [[0.8, 0.8]], stamp_ns=50 * 10**9), "g/0.5").accepted
    assert ros.spin_until(lambda: gen.planned)
    late = _goal(names, [[0.8, 0.8]], stamp_ns=60 * 10**9)  # after the first plan's end
    # without the flag: from the last plan's end point (the goal itself), a plan of no motion
    continued = gen.plan(late, "other/1.0")
    assert continued.accepted
    np.testing.assert_array_equal(continued.trajectory.points[0].positions, [0.8, 0.8])
    # with it: the last plan is dropped, the measured state awaited, then planned from it
    answer = gen.plan(late, "g/1.0", from_measured_state=True)
    assert answer.waiting, answer.message
    assert gen.node._plan is None
    gen.measured(names, [0.05, -0.05])
    answer = gen.plan(late, "g/1.0", from_measured_state=True)
    assert answer.accepted, answer.message
    np.testing.assert_array_equal(answer.trajectory.points[0].positions, [0.05, -0.05])
    np.testing.assert_array_equal(answer.trajectory.points[-1].positions, [0.8, 0.8])


def test_a_state_delivered_after_the_unsubscription_is_not_kept(ros, planar_model, planar_xml):
    """A joint_states message the executor took before the generator dropped its subscription
    (after a plan) and delivered after was kept as the latest state; a re-plan from the
    measured state much later then started from it (the pose before the first motion)."""
    from rclpy.serialization import serialize_message

    gen = Gen(ros, planar_xml)
    names = planar_model.joint_names
    gen.measured(names, [0.0, 0.0])
    assert gen.plan(_goal(names, [[0.8, 0.8]], stamp_ns=50 * 10**9), "g/0").accepted
    assert gen.node._state_sub is None  # a plan exists: not listening
    old = JointState(name=list(names), position=[0.0, 0.0])  # the pose before the motion
    gen.node._on_joint_states(serialize_message(old))  # the late delivery
    answer = gen.plan(_goal(names, [[0.2, 0.2]], stamp_ns=60 * 10**9), "g/1", True)
    assert answer.waiting, answer.message  # no state kept: the next one is awaited
    gen.measured(names, [0.8, 0.8])
    answer = gen.plan(_goal(names, [[0.2, 0.2]], stamp_ns=60 * 10**9), "g/1", True)
    assert answer.accepted, answer.message
    np.testing.assert_array_equal(answer.trajectory.points[0].positions, [0.8, 0.8])
