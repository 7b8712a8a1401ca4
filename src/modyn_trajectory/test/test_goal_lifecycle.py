"""trajectory_generator: a goal is planned once, or reported on goal_status, never lost.

The generator runs in its own rclpy context (fixture ``ros``); the goals, joint states, the
robot description, hardware_interface's ``hardware_status`` and the controller's reports are
crafted by the harness and published over DDS.
"""

from __future__ import annotations

import numpy as np
from diagnostic_msgs.msg import DiagnosticStatus, KeyValue
from rclpy.parameter import Parameter
from sensor_msgs.msg import JointState
from std_msgs.msg import String
from trajectory_msgs.msg import JointTrajectory, JointTrajectoryPoint

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
        self.goals = ros.publisher(JointTrajectory, "goal", STATE_QOS)
        self.states = ros.publisher(JointState, "joint_states", STATE_QOS)
        self.status_in = ros.publisher(DiagnosticStatus, "goal_status", STATUS_QOS)
        self.hardware = ros.publisher(DiagnosticStatus, "hardware_status", LATCHED_QOS)
        for pub in (self.goals, self.states, self.hardware):
            ros.wait_for_subscribers(pub)

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


def test_goal_before_the_first_joint_states_waits_for_it(ros, planar_model, planar_xml):
    """The issue's third run: a goal sent at once was refused three times with "no joint_states
    received yet". It waits (wait_timeout) and is planned when the state comes."""
    # sim time and no /clock yet: the node clock reads 0 while the plant is at 2.5 s
    gen = Gen(ros, planar_xml, use_sim_time=True)
    gen.goals.publish(_goal(planar_model.joint_names, [[0.3, -0.2]]))
    assert ros.spin_until(lambda: gen.statuses())
    assert gen.statuses() == [
        (DiagnosticStatus.OK, "goal queued: waiting for joint_states (the start state)")
    ]
    assert gen.planned == []
    gen.state(planar_model.joint_names, [0.1, 0.1], t_ns=2_500_000_000)
    assert ros.spin_until(lambda: gen.planned)
    plan = gen.planned[0]
    np.testing.assert_array_equal(plan.points[0].positions, [0.1, 0.1])
    np.testing.assert_array_equal(plan.points[-1].positions, [0.3, -0.2])
    # a zero stamp ("now"): never before the state it starts from
    assert gen.node.get_clock().now().nanoseconds == 0
    assert plan.header.stamp.sec * 10**9 + plan.header.stamp.nanosec == 2_500_000_000
    assert ros.spin_until(lambda: len(gen.statuses()) == 2)
    level, message = gen.statuses()[1]
    assert level == DiagnosticStatus.OK and message.startswith("goal accepted: starts at ")


def test_goal_that_waits_too_long_is_refused_with_the_reason(ros, planar_model, planar_xml):
    gen = Gen(ros, planar_xml, wait_timeout=0.3)
    gen.goals.publish(_goal(planar_model.joint_names, [[0.3, -0.2]]))
    assert ros.spin_until(lambda: len(gen.statuses()) == 2)
    level, message = gen.statuses()[1]
    assert level == DiagnosticStatus.ERROR
    assert "no joint_states received yet" in message and "wait_timeout 0.3 s" in message
    assert gen.planned == [] and gen.node._pending == []


def test_goal_before_the_model_waits_for_it(ros, planar_model, planar_xml):
    gen = Gen(ros)  # the model comes from /robot_description, later
    gen.goals.publish(_goal(planar_model.joint_names, [[0.3, -0.2]]))
    assert ros.spin_until(lambda: gen.statuses())
    assert "waiting for the robot model" in gen.statuses()[0][1]
    gen.state(planar_model.joint_names, [0.0, 0.0])
    description = ros.publisher(String, "/robot_description", LATCHED_QOS)
    description.publish(String(data=planar_xml))
    assert ros.spin_until(lambda: gen.planned)
    np.testing.assert_array_equal(gen.planned[0].points[-1].positions, [0.3, -0.2])


def test_a_burst_of_resent_goals_is_planned_once(ros, planar_model, planar_xml):
    """The issue's first two runs: a re-sent goal was planned again from the first plan's end
    point (a zero-duration plan) and replaced it in the latched topic. The same goal again, while
    it waits or while its plan has not ended, is reported and not planned again."""
    gen = Gen(ros, planar_xml)
    goal = _goal(planar_model.joint_names, [[0.6, -0.4]])
    for _ in range(3):  # before any state: queued once
        gen.goals.publish(goal)
    assert ros.spin_until(lambda: len(gen.statuses()) == 3)
    gen.state(planar_model.joint_names, [0.0, 0.0])
    assert ros.spin_until(lambda: gen.planned)
    for _ in range(3):  # the plan has not ended (sim time does not run here): repeated
        gen.goals.publish(goal)
    assert ros.spin_until(lambda: len(gen.statuses()) == 7)
    ros.spin_for(0.2)
    assert len(gen.planned) == 1 and len(gen.planned[0].points) > 10
    messages = [m for _, m in gen.statuses()]
    assert messages[0] == "goal queued: waiting for joint_states (the start state)"
    assert messages[1:3] == ["goal repeated: the same goal is already queued; not queued again"] * 2
    assert messages[3].startswith("goal accepted")
    assert all(m.startswith("goal repeated: the same goal was accepted") for m in messages[4:])
    assert gen.node._stats["goals_repeated"] == 5 and gen.node._stats["goals_accepted"] == 1


def test_goals_are_refused_while_the_hardware_is_faulted(ros, planar_model, planar_xml):
    gen = Gen(ros, planar_xml)
    gen.state(planar_model.joint_names, [0.0, 0.0])
    fault = "fault latched: watchdog: no command for 0.300 s (watchdog_timeout 0.25 s)"
    gen.hardware.publish(DiagnosticStatus(level=DiagnosticStatus.ERROR, message=fault))
    assert ros.spin_until(lambda: gen.node._hardware_fault is not None)
    gen.goals.publish(_goal(planar_model.joint_names, [[0.3, 0.3]]))
    assert ros.spin_until(lambda: gen.statuses())
    level, message = gen.statuses()[0]
    assert level == DiagnosticStatus.ERROR and fault in message and "~/reset" in message
    assert gen.planned == []
    gen.hardware.publish(
        DiagnosticStatus(level=DiagnosticStatus.OK, message="armed, no fault: commands are applied")
    )
    assert ros.spin_until(lambda: gen.node._hardware_fault is None)
    gen.state(planar_model.joint_names, [0.0, 0.0])
    gen.goals.publish(_goal(planar_model.joint_names, [[0.3, 0.3]]))
    assert ros.spin_until(lambda: gen.planned)


def test_a_plan_the_controller_refused_is_not_continued(ros, planar_model, planar_xml):
    """After the controller refused (or stopped, or dropped on a fault) the generator's last
    plan, the next goal starts from the measured state, not from that plan's reference."""
    gen = Gen(ros, planar_xml)
    gen.state(planar_model.joint_names, [0.0, 0.0])
    gen.goals.publish(_goal(planar_model.joint_names, [[0.8, 0.8]], stamp_ns=50 * 10**9))
    assert ros.spin_until(lambda: gen.planned)
    plan = gen.planned[0]
    refusal = DiagnosticStatus(
        level=DiagnosticStatus.ERROR,
        name="/feedback_controller/trajectory",
        message="trajectory refused: it ended before it reached the controller",
        values=[
            KeyValue(key="event", value="refused"),
            KeyValue(key="stamp", value="50.000000000"),
            KeyValue(key="points", value=str(len(plan.points))),
        ],
    )
    gen.status_in.publish(refusal)
    assert ros.spin_until(lambda: gen.node._plan is None)
    gen.state(planar_model.joint_names, [0.1, -0.1])
    gen.goals.publish(_goal(planar_model.joint_names, [[0.2, 0.2]], stamp_ns=60 * 10**9))
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


def test_a_now_goal_whose_plan_came_too_late_is_planned_again(ros, planar_model, planar_xml):
    """At start-up the controller may match the feed-forward's publisher only after a "now"
    plan has ended: it refuses it, and the generator plans the goal again (MAX_REPLANS times)."""
    from modyn_trajectory.trajectory_generator_node import MAX_REPLANS

    gen = Gen(ros, planar_xml)
    names = planar_model.joint_names
    gen.state(names, [0.0, 0.0])
    gen.goals.publish(_goal(names, [[0.5, 0.5]]))  # stamp zero: "now"
    assert ros.spin_until(lambda: gen.planned)
    for k in range(MAX_REPLANS):
        gen.status_in.publish(_refusal(gen.planned[-1]))
        assert ros.spin_until(lambda: gen.node._plan is None)
        gen.state(names, [0.0, 0.0])  # the re-plan starts from the measured state
        assert ros.spin_until(lambda k=k: len(gen.planned) == k + 2)
        np.testing.assert_array_equal(gen.planned[-1].points[0].positions, [0.0, 0.0])
        np.testing.assert_array_equal(gen.planned[-1].points[-1].positions, [0.5, 0.5])

    def accepted():
        return [m for _, m in gen.statuses() if m.startswith("goal accepted")]

    assert ros.spin_until(lambda: len(accepted()) == 1 + MAX_REPLANS)
    assert "re-planned" not in accepted()[0]
    assert all(
        "(re-planned: the controller refused the plan starting at" in m for m in accepted()[1:]
    )
    # no more after MAX_REPLANS; and a goal with an explicit stamp is never re-planned
    gen.status_in.publish(_refusal(gen.planned[-1]))
    assert ros.spin_until(lambda: gen.node._plan is None)
    gen.state(names, [0.0, 0.0])
    ros.spin_for(0.3)
    assert len(gen.planned) == 1 + MAX_REPLANS
    gen.goals.publish(_goal(names, [[0.2, 0.1]], stamp_ns=7 * 10**9))
    assert ros.spin_until(lambda: len(gen.planned) == 2 + MAX_REPLANS)
    gen.status_in.publish(_refusal(gen.planned[-1]))
    assert ros.spin_until(lambda: gen.node._plan is None)
    gen.state(names, [0.0, 0.0])
    ros.spin_for(0.3)
    assert len(gen.planned) == 2 + MAX_REPLANS
