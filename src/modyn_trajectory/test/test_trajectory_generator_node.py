"""trajectory_generator: goals in, limit-respecting quintic trajectories out; bad goals out."""

from __future__ import annotations

import math
import re
import subprocess
import sys

import numpy as np
import pytest
from rcl_interfaces.msg import Parameter as ParameterMsg
from rcl_interfaces.msg import ParameterType, ParameterValue
from rcl_interfaces.srv import SetParameters
from rclpy.parameter import Parameter
from rclpy.qos import DurabilityPolicy
from sensor_msgs.msg import JointState
from trajectory_msgs.msg import JointTrajectory, JointTrajectoryPoint

from modyn_interfaces.srv import PlanMotion
from modyn_model import RobotModel
from modyn_ros.params import ParameterError
from modyn_ros.qos import LATCHED_QOS, STATE_QOS
from modyn_trajectory.planner import plan_joint_motion
from modyn_trajectory.quintic import minimum_duration, plan_waypoints
from modyn_trajectory.trajectory_generator_node import TrajectoryGenerator


def _set(stamp, t: float):
    stamp.sec, stamp.nanosec = divmod(round(t * 1e9), 1_000_000_000)


def _seconds(stamp) -> float:
    return stamp.sec + stamp.nanosec * 1e-9


def _goal(names, positions, times=None, stamp=0.0):
    msg = JointTrajectory(joint_names=list(names))
    _set(msg.header.stamp, stamp)
    for i, p in enumerate(positions):
        point = JointTrajectoryPoint(positions=[float(x) for x in p])
        if times is not None:
            _set(point.time_from_start, times[i])
        msg.points.append(point)
    return msg


def _arrays(msg):
    t = np.array([_seconds(p.time_from_start) for p in msg.points])
    q, v, a = (
        np.array([getattr(p, f) for p in msg.points])
        for f in ("positions", "velocities", "accelerations")
    )
    return t, q, v, a


class Gen:
    """The generator under test with its inputs and output wired to the harness."""

    def __init__(self, ros, xml, **params):
        overrides = [Parameter("robot_description", value=xml)]
        overrides += [Parameter(k, value=v) for k, v in params.items()]
        self.ros = ros
        self.node = ros.add(TrajectoryGenerator(context=ros.context, parameter_overrides=overrides))
        self.planned = ros.collect(JointTrajectory, "planned_trajectory", LATCHED_QOS)
        self.client = ros.node.create_client(PlanMotion, "trajectory_generator/plan")
        self.states = ros.publisher(JointState, "joint_states", STATE_QOS)
        ros.wait_for_subscribers(self.states)
        assert ros.spin_until(self.client.service_is_ready), "no ~/plan"

    def ask(self, goal=None, pose=None):
        """~/plan's answer to a joint ``goal`` or a ``pose``, over DDS."""
        request = PlanMotion.Request()
        if goal is not None:
            request.waypoints = goal
        else:
            request.pose = pose
        call = self.client.call_async(request)
        # a tool line is solved in the call: tenths of a second, more on a loaded machine
        assert self.ros.spin_until(call.done, timeout=20.0), "~/plan did not answer"
        return call.result()

    def measured(self, names, q):
        """Publish the state until the generator holds one (its subscription, dropped while a
        plan runs, is made anew when a state is needed: matched a moment later)."""
        msg = JointState(name=list(names), position=[float(x) for x in q])

        def held():
            if self.node._last_q is not None:
                return True
            self.states.publish(msg)
            return False

        assert self.ros.spin_until(held)

    def send(self, goal=None, expect=True, pose=None):
        """The published plan of ``goal`` (or ``pose``); with ``expect=False`` the reason it
        was refused (the answer's, the same as the node's last rejection)."""
        before = len(self.planned)
        rejected = self.node._stats["goals_rejected"]
        answer = self.ask(goal, pose)
        if expect:
            assert answer.accepted, answer.message
            assert self.ros.spin_until(lambda: len(self.planned) > before)
            assert self.planned[-1] == answer.trajectory
            return self.planned[-1]
        assert not answer.accepted, answer.message
        if answer.waiting:
            return answer.message
        assert self.node._stats["goals_rejected"] == rejected + 1
        assert self.node._last_rejection.endswith(answer.message), answer.message
        return answer.message


# ----------------------------------------------------------------------------- interface
def test_interface(ros, rx90_xml):
    node = ros.add(
        TrajectoryGenerator(
            context=ros.context,
            parameter_overrides=[Parameter("robot_description", value=rx90_xml)],
        )
    )
    for name in ("sample_period", "max_velocity", "max_acceleration", "robot_description"):
        assert node.describe_parameter(name).description, name
    assert node.get_parameter("sample_period").value == 0.01
    assert list(node.get_parameter("max_velocity").value) == []
    assert list(node.get_parameter("max_acceleration").value) == []
    assert ros.spin_until(lambda: ros.node.get_publishers_info_by_topic("/planned_trajectory"))
    (pub,) = ros.node.get_publishers_info_by_topic("/planned_trajectory")
    assert pub.qos_profile.durability == DurabilityPolicy.TRANSIENT_LOCAL
    (sub,) = ros.node.get_subscriptions_info_by_topic("/joint_states")
    assert sub.qos_profile.durability == DurabilityPolicy.VOLATILE
    # goals come through ~/plan only: the goal topics and their queue are gone (issue 29)
    for topic in ("/goal", "/goal_pose"):
        assert ros.node.get_subscriptions_info_by_topic(topic) == [], topic
    services = dict(ros.node.get_service_names_and_types())
    assert services["/trajectory_generator/plan"] == ["modyn_interfaces/srv/PlanMotion"]
    # the model's velocity limits, 5 rad/s² each
    model = RobotModel.from_urdf(rx90_xml)
    np.testing.assert_array_equal(node.v_max, model.velocity_limit)
    np.testing.assert_array_equal(node.a_max, np.full(6, 5.0))


# ----------------------------------------------------------------------------- planning
def test_minimum_time_goal_keeps_the_limits_and_ends_at_the_goal(ros, rx90_model, rx90_xml):
    model = rx90_model
    gen = Gen(ros, rx90_xml)
    q0 = np.array([0.1, -0.5, 0.6, 0.0, 0.4, -0.2])
    goal = np.array([1.2, 0.3, -0.4, 2.0, -0.5, 1.5])
    gen.measured(model.joint_names, q0)
    out = gen.send(_goal(model.joint_names, [goal], stamp=42.5))
    assert list(out.joint_names) == list(model.joint_names)
    assert _seconds(out.header.stamp) == 42.5
    t, q, v, a = _arrays(out)
    np.testing.assert_array_equal(q[0], q0)
    np.testing.assert_array_equal(q[-1], goal)
    assert not v[0].any() and not v[-1].any() and not a[0].any() and not a[-1].any()
    assert t[0] == 0.0 and np.all(np.diff(t) > 0) and np.max(np.diff(t)) <= 0.01 + 1e-9
    v_max, a_max = gen.node.v_max, gen.node.a_max
    assert np.all(np.abs(v) <= v_max * (1 + 1e-9))
    assert np.all(np.abs(a) <= a_max * (1 + 1e-9))
    # minimum time: the limiting joint reaches its limit
    T = minimum_duration(goal - q0, v_max, a_max)
    assert t[-1] == pytest.approx(T, abs=1e-9)


def test_subset_goal_keeps_the_other_joints(ros, rx90_model, rx90_xml):
    gen = Gen(ros, rx90_xml)
    q0 = np.array([0.1, -0.5, 0.6, 0.0, 0.4, -0.2])
    gen.measured(rx90_model.joint_names, q0)
    out = gen.send(_goal(["joint5", "joint2"], [[0.9, 0.0], [0.0, 0.2]]))
    _, q, _, _ = _arrays(out)
    others = [0, 2, 3, 5]
    np.testing.assert_array_equal(q[:, others], np.broadcast_to(q0[others], (len(q), 4)))
    np.testing.assert_array_equal(q[-1], [0.1, 0.2, 0.6, 0.0, 0.0, -0.2])


@pytest.mark.parametrize("stop_at_waypoints", [False, True])
def test_timed_waypoints(ros, planar_model, planar_xml, stop_at_waypoints):
    gen = Gen(ros, planar_xml, sample_period=0.05, stop_at_waypoints=stop_at_waypoints)
    gen.measured(["joint2", "joint1"], [0.0, 0.0])
    out = gen.send(
        _goal(
            ["joint1", "joint2"],
            [[0.5, 0.2], [0.5, -0.3], [0.0, 0.0]],
            times=[1.0, 1.33, 2.5],
            stamp=10.0,
        )
    )
    t, q, v, _ = _arrays(out)
    for tk, qk in zip([1.0, 1.33, 2.5], [[0.5, 0.2], [0.5, -0.3], [0.0, 0.0]], strict=True):
        (i,) = np.flatnonzero(np.abs(t - tk) < 1e-9)
        np.testing.assert_allclose(q[i], qk, atol=1e-15)
        if stop_at_waypoints or tk == 2.5:
            assert not v[i].any()
        else:  # via points: passed through without stopping (joint2 reverses there)
            assert np.abs(v[i]).max() > 0.1
    assert t[-1] == 2.5


def test_zero_stamp_means_now(ros, planar_model, planar_xml):
    gen = Gen(ros, planar_xml)
    gen.measured(planar_model.joint_names, [0.0, 0.0])
    before = gen.node.get_clock().now().nanoseconds * 1e-9
    out = gen.send(_goal(planar_model.joint_names, [[0.3, 0.3]]))
    after = gen.node.get_clock().now().nanoseconds * 1e-9
    assert before <= _seconds(out.header.stamp) <= after


def test_new_goal_starts_from_the_running_reference(ros, planar_model, planar_xml):
    gen = Gen(ros, planar_xml)
    q0 = np.array([0.0, 0.0])
    gen.measured(planar_model.joint_names, q0)
    first = gen.send(_goal(planar_model.joint_names, [[1.0, -1.0]], stamp=100.0))
    T = _arrays(first)[0][-1]
    # pre-empt in the middle, while moving: the new plan starts from the reference there
    second = gen.send(_goal(planar_model.joint_names, [[0.0, 0.5]], stamp=100.0 + T / 3))
    plan = plan_waypoints(q0, [[1.0, -1.0]], v_max=gen.node.v_max, a_max=gen.node.a_max)
    q_ref, v_ref, a_ref = plan.sample(T / 3)
    _, q, v, a = _arrays(second)
    np.testing.assert_allclose(q[0], q_ref, atol=1e-9)
    np.testing.assert_allclose(v[0], v_ref, atol=1e-9)
    np.testing.assert_allclose(a[0], a_ref, atol=1e-8)
    assert np.linalg.norm(v[0]) > 0.1  # it really was moving
    assert np.all(np.abs(v) <= gen.node.v_max * (1 + 1e-9))
    assert np.all(np.abs(a) <= gen.node.a_max * (1 + 1e-9))
    np.testing.assert_array_equal(q[-1], [0.0, 0.5])
    # a goal after the end starts from the previous plan's end point, at rest (the reference
    # the controller holds), not from joint_states (here still q0)
    third = gen.send(_goal(planar_model.joint_names, [[0.1, 0.1]], stamp=1000.0))
    _, q3, v3, _ = _arrays(third)
    np.testing.assert_array_equal(q3[0], [0.0, 0.5])
    np.testing.assert_array_equal(v3[0], [0.0, 0.0])


def test_limit_parameters(ros, planar_model, planar_xml):
    gen = Gen(ros, planar_xml, max_velocity=[0.5, 3.0], max_acceleration=2)
    np.testing.assert_array_equal(gen.node.a_max, [2.0, 2.0])
    gen.measured(planar_model.joint_names, [0.0, 0.0])
    out = gen.send(_goal(planar_model.joint_names, [[1.0, 1.0]]))
    t, _, v, _ = _arrays(out)
    assert t[-1] == pytest.approx(minimum_duration([1.0, 1.0], [0.5, 3.0], [2.0, 2.0]), abs=1e-9)
    assert np.abs(v[:, 0]).max() <= 0.5 * (1 + 1e-9)


def test_unlimited_joints_default_to_2_rad_per_s(ros, planar_xml):
    # continuous joints without <limit>: infinite model limits
    xml = re.sub(r'type="revolute"', 'type="continuous"', planar_xml)
    xml = re.sub(r"<limit[^>]*/>", "", xml)
    assert np.isinf(RobotModel.from_urdf(xml).velocity_limit).all()
    gen = Gen(ros, xml)
    np.testing.assert_array_equal(gen.node.v_max, [2.0, 2.0])


# ----------------------------------------------------------------------------- bad input
@pytest.mark.parametrize(
    "goal, reason",
    [
        (_goal(["joint1", "wrist"], [[0.1, 0.1]]), "unknown joint name(s) ['wrist']"),
        (_goal(["joint1", "joint1"], [[0.1, 0.1]]), "repeated joint name(s) ['joint1']"),
        (_goal(["joint1"], [[math.nan]]), "points[0].positions[0] is nan"),
        (_goal(["joint1", "joint2"], [[0.1]]), "points[0].positions: 1 values for 2 joints"),
        (
            _goal(["joint2"], [[0.1], [3.5]]),
            "points[1].positions[0] = 3.5 for joint 'joint2' is outside its limits [-3.14, 3.14]",
        ),
        (
            _goal(["joint1"], [[0.1], [0.2]], times=[1.0, 1.0]),
            "points[1].time_from_start = 1.0 s is not after points[0] (1.0 s)",
        ),
        (
            _goal(["joint1"], [[0.1], [0.2]], times=[0.0, 1.0]),
            "points[0].time_from_start = 0.0 s is not after the start",
        ),
        (_goal(["joint1"], []), "points: no waypoint"),
        (_goal([], [[]]), "joint_names: empty"),
    ],
)
def test_bad_goals_are_rejected(ros, planar_model, planar_xml, goal, reason):
    gen = Gen(ros, planar_xml)
    gen.measured(planar_model.joint_names, [0.0, 0.0])
    assert reason in gen.send(goal, expect=False)
    assert gen.planned == []


def test_goal_before_joint_states_waits(ros, planar_xml):
    """No state yet: ~/plan answers ``waiting`` with what is missing (the caller asks again;
    the PlanAndExecute action gives up after PLAN_WAIT s with this reason)."""
    gen = Gen(ros, planar_xml)
    answer = gen.ask(_goal(["joint1"], [[0.2]]))
    assert answer.waiting and not answer.accepted
    assert answer.message.startswith("waiting for joint_states (the start state")
    assert gen.node._stats["goals_rejected"] == 0 and gen.planned == []


@pytest.mark.parametrize(
    "state",
    [
        JointState(name=["joint1", "joint2"], position=[0.0, math.nan]),
        JointState(name=["joint1", "joint9"], position=[0.0, 0.0]),
    ],
)
def test_bad_joint_states_are_rejected(ros, planar_xml, state):
    # joint_states are decoded only when a goal needs them (they arrive at 1 kHz): a bad one is
    # rejected then, and the goal with it
    gen = Gen(ros, planar_xml)
    gen.states.publish(state)
    assert ros.spin_until(lambda: gen.node._last_raw_state is not None)
    answer = gen.ask(_goal(["joint1"], [[0.2]]))
    assert answer.waiting and "joint_states (the start state" in answer.message
    assert gen.node._stats["joint_states_rejected"] == 1


def test_goal_needing_a_fresh_state_waits_for_it(ros, planar_model, planar_xml):
    """After a plan the generator stops listening to joint_states; a goal that starts before
    that plan needs the measured state again: answered ``waiting``, and planned from the next
    state when asked again."""
    gen = Gen(ros, planar_xml)
    gen.measured(planar_model.joint_names, [0.0, 0.0])
    gen.send(_goal(planar_model.joint_names, [[0.5, 0.5]], stamp=100.0))
    assert gen.node._state_sub is None
    early = _goal(planar_model.joint_names, [[0.1, 0.2]], stamp=50.0)
    assert gen.ask(early).waiting
    assert gen.node._state_sub is not None  # listening again
    gen.measured(planar_model.joint_names, [0.3, -0.3])
    np.testing.assert_array_equal(_arrays(gen.send(early))[1][0], [0.3, -0.3])


@pytest.mark.parametrize(
    "params, match",
    [
        ({"sample_period": 0.0}, r"sample_period = 0.0: must be finite and > 0"),
        ({"sample_period": math.nan}, r"sample_period = nan"),
        ({"max_velocity": [1.0, -1.0]}, r"max_velocity\[1\] = -1.0: must be finite and > 0"),
        ({"max_acceleration": [1.0, 2.0, 3.0]}, r"max_acceleration: 3 values for 2 joints"),
        ({"max_acceleration": math.inf}, r"max_acceleration\[0\] = inf"),
        (
            {"max_velocity": "fast"},
            r"max_velocity = 'fast': expected a number or a list of numbers",
        ),
    ],
)
def test_bad_parameters_at_start(ros, planar_xml, params, match):
    overrides = [Parameter("robot_description", value=planar_xml)]
    overrides += [Parameter(k, value=v) for k, v in params.items()]
    with pytest.raises(ParameterError, match=match):
        TrajectoryGenerator(context=ros.context, parameter_overrides=overrides)


@pytest.mark.system
def test_bad_parameter_exits_non_zero():
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "modyn_trajectory.trajectory_generator_node",
            "--ros-args",
            "-p",
            "sample_period:=-0.5",
        ],
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert proc.returncode == 2, proc.stderr
    assert "sample_period = -0.5" in proc.stderr


def test_runtime_parameter_change_is_validated(ros, planar_xml):
    gen = Gen(ros, planar_xml)
    request = SetParameters.Request(
        parameters=[
            ParameterMsg(
                name="max_acceleration",
                value=ParameterValue(
                    type=ParameterType.PARAMETER_DOUBLE_ARRAY, double_array_value=[1.0, 2.0, 3.0]
                ),
            )
        ]
    )
    result = ros.call(SetParameters, "/trajectory_generator/set_parameters", request)
    assert not result.results[0].successful
    assert "max_acceleration: 3 values for 2 joints" in result.results[0].reason
    request.parameters[0].value.double_array_value = [1.0, 2.0]
    result = ros.call(SetParameters, "/trajectory_generator/set_parameters", request)
    assert result.results[0].successful
    np.testing.assert_array_equal(gen.node.a_max, [1.0, 2.0])


# ----------------------------------------------------------------------------- profiles
@pytest.mark.parametrize(
    "profile",
    ["linear", "cubic", "quintic", "bang_bang", "trapezoidal", "continuous_acceleration",
     "cycloidal"],
)  # fmt: skip
def test_every_profile_is_planned_within_the_limits(ros, planar_model, planar_xml, profile):
    gen = Gen(ros, planar_xml, profile=profile, max_velocity=[1.0, 2.0],
              max_acceleration=[3.0, 4.0])  # fmt: skip
    gen.measured(planar_model.joint_names, [0.0, 0.0])
    out = gen.send(_goal(planar_model.joint_names, [[0.8, -0.4], [0.2, 0.5]], stamp=5.0))
    t, q, v, a = _arrays(out)
    np.testing.assert_allclose(q[-1], [0.2, 0.5], atol=1e-12)
    np.testing.assert_array_equal(v[-1], 0.0)
    assert np.all(np.abs(v) <= np.array([1.0, 2.0]) * (1 + 1e-9))
    if profile != "linear":
        assert np.all(np.abs(a) <= np.array([3.0, 4.0]) * (1 + 1e-9))
    # minimum time: a joint reaches a limit (the accelerations of linear are impulses)
    reached = np.max(np.abs(v) / [1.0, 2.0])
    if profile != "linear":
        reached = max(reached, np.max(np.abs(a) / [3.0, 4.0]))
    assert reached > 0.999
    if profile != "quintic":  # point-to-point profiles rest on each waypoint
        (i,) = np.flatnonzero(np.all(np.abs(q - [0.8, -0.4]) < 1e-12, axis=1))[:1]
        if profile != "linear":
            assert not v[i].any()


def test_goal_status_reports_accepted_and_rejected_goals(ros, planar_model, planar_xml):
    from diagnostic_msgs.msg import DiagnosticStatus

    from modyn_trajectory.trajectory_generator_node import STATUS_QOS

    gen = Gen(ros, planar_xml)
    statuses = ros.collect(DiagnosticStatus, "goal_status", STATUS_QOS)
    gen.measured(planar_model.joint_names, [0.0, 0.0])
    gen.send(_goal(planar_model.joint_names, [[0.3, 0.3]]))
    reason = gen.send(_goal(["joint1", "elbow"], [[0.3, 0.3]]), expect=False)
    assert ros.spin_until(lambda: len(statuses) >= 2)
    ok, error = statuses[-2:]
    assert ok.level == DiagnosticStatus.OK and ok.name.endswith("/goal")
    assert {kv.key for kv in ok.values} == {"points", "duration_s"}
    assert error.level == DiagnosticStatus.ERROR
    assert "unknown joint name(s) ['elbow']" in error.message and "elbow" in reason


def test_profile_parameter_is_validated_at_run_time(ros, planar_xml):
    gen = Gen(ros, planar_xml)
    result = gen.node.set_parameters([Parameter("profile", value="sine")])[0]
    assert not result.successful and "profile = 'sine'" in result.reason
    assert gen.node._settings["profile"] == "quintic"
    assert gen.node.set_parameters([Parameter("profile", value="trapezoidal")])[0].successful
    assert gen.node._settings["profile"] == "trapezoidal"
    result = gen.node.set_parameters([Parameter("max_linear_velocity", value=-1.0)])[0]
    assert not result.successful and "max_linear_velocity = -1.0" in result.reason


@pytest.mark.parametrize("profile", ["trapezoidal", "quintic"])
def test_preempting_goal_is_continuous_in_position_and_velocity(
    ros, planar_model, planar_xml, profile
):
    gen = Gen(ros, planar_xml, profile=profile, max_velocity=[1.0, 1.0],
              max_acceleration=[2.0, 2.0])  # fmt: skip
    gen.measured(planar_model.joint_names, [0.0, 0.0])
    first = gen.send(_goal(planar_model.joint_names, [[1.5, -1.0]], stamp=50.0))
    t1, q1, v1, a1 = _arrays(first)
    k = len(t1) // 2
    second = gen.send(_goal(planar_model.joint_names, [[0.0, 0.5]], stamp=50.0 + t1[k]))
    _, q2, v2, a2 = _arrays(second)
    np.testing.assert_allclose(q2[0], q1[k], atol=1e-12)
    np.testing.assert_allclose(v2[0], v1[k], atol=1e-12)
    assert np.linalg.norm(v2[0]) > 0.5
    assert np.all(np.abs(v2) <= 1.0 + 1e-9) and np.all(np.abs(a2) <= 2.0 + 1e-9)
    np.testing.assert_allclose(q2[-1], [0.0, 0.5], atol=1e-12)


def test_stop_decelerates_the_running_plan_within_the_limits(ros, planar_model, planar_xml):
    from std_srvs.srv import Trigger

    gen = Gen(ros, planar_xml, max_velocity=[1.0, 1.0], max_acceleration=[2.0, 2.0])
    gen.measured(planar_model.joint_names, [0.0, 0.0])
    # stamped 1 s ago: the stop comes in the middle of the 2.8 s motion
    now = gen.node.get_clock().now().nanoseconds * 1e-9
    first = gen.send(_goal(planar_model.joint_names, [[1.5, -1.0]], stamp=now - 1.0))
    before = len(gen.planned)
    response = ros.call(Trigger, "/trajectory_generator/stop", Trigger.Request())
    assert response.success and "stopping from the running plan's reference" in response.message
    assert ros.spin_until(lambda: len(gen.planned) > before)
    stop = gen.planned[-1]
    ns = stop.header.stamp.sec * 10**9 + stop.header.stamp.nanosec  # exact, not float epoch
    t_stop = (ns - (first.header.stamp.sec * 10**9 + first.header.stamp.nanosec)) * 1e-9
    _, q, v, a = _arrays(stop)
    # continuous with the reference of the first plan at the moment of the stop
    ref = plan_joint_motion("quintic", [0.0, 0.0], [[1.5, -1.0]], v_max=[1.0, 1.0],
                            a_max=[2.0, 2.0])  # fmt: skip
    q_ref, v_ref, a_ref = ref.sample(t_stop)
    np.testing.assert_allclose(q[0], q_ref, atol=1e-12)
    np.testing.assert_allclose(v[0], v_ref, atol=1e-12)
    assert np.linalg.norm(v[0]) > 0.3  # it was moving
    assert np.all(np.abs(v) <= 1.0 + 1e-9) and np.all(np.abs(a) <= 2.0 + 1e-9)
    np.testing.assert_array_equal(v[-1], 0.0)
    np.testing.assert_array_equal(a[-1], 0.0)
    # stopping short of the goal
    assert np.linalg.norm(q[-1] - [1.5, -1.0]) > 1e-3
    # a second stop: at rest already (after the stop plan ends) or still stopping: no jump
    response = ros.call(Trigger, "/trajectory_generator/stop", Trigger.Request())
    assert response.success


# ----------------------------------------------------------------------------- goal_pose
def _pose(position, quaternion, frame_id="base", stamp=0.0):
    from geometry_msgs.msg import PoseStamped

    msg = PoseStamped()
    msg.header.frame_id = frame_id
    _set(msg.header.stamp, stamp)
    msg.pose.position.x, msg.pose.position.y, msg.pose.position.z = map(float, position)
    o = msg.pose.orientation
    o.x, o.y, o.z, o.w = map(float, quaternion)
    return msg


def _quaternion(rotation):
    """(x, y, z, w) of a rotation matrix (w > 0 branch; fine away from 180°)."""
    w = math.sqrt(max(0.0, 1.0 + np.trace(rotation))) / 2.0
    x = (rotation[2, 1] - rotation[1, 2]) / (4.0 * w)
    y = (rotation[0, 2] - rotation[2, 0]) / (4.0 * w)
    z = (rotation[1, 0] - rotation[0, 1]) / (4.0 * w)
    return [x, y, z, w]


class PoseGen(Gen):
    def send_pose(self, msg, expect=True):
        return self.send(pose=msg, expect=expect)


def test_goal_pose_moves_the_tool_on_a_straight_line(ros, rx90_model, rx90_xml):
    from diagnostic_msgs.msg import DiagnosticStatus

    from modyn_trajectory.trajectory_generator_node import STATUS_QOS

    gen = PoseGen(ros, rx90_xml, tip_frame="tool0", sample_period=0.02)
    statuses = ros.collect(DiagnosticStatus, "goal_status", STATUS_QOS)
    q0 = np.array([0.1, -0.6, 1.1, 0.2, 0.6, -0.1])
    gen.measured(rx90_model.joint_names, q0)
    start = rx90_model.frame_placement(q0, "tool0")
    goal = start.copy()
    goal[:3, 3] += [0.10, -0.15, 0.05]
    c, s = math.cos(0.3), math.sin(0.3)
    goal[:3, :3] = start[:3, :3] @ np.array([[c, -s, 0], [s, c, 0], [0, 0, 1]])
    out = gen.send_pose(_pose(goal[:3, 3], _quaternion(goal[:3, :3]), stamp=3.0))
    t, q, v, _ = _arrays(out)
    np.testing.assert_allclose(q[0], q0, atol=1e-12)
    np.testing.assert_array_equal(v[-1], 0.0)
    p0, p1 = start[:3, 3], goal[:3, 3]
    u = (p1 - p0) / np.linalg.norm(p1 - p0)
    worst = 0.0
    for qk in q:
        p = rx90_model.frame_placement(qk, "tool0")[:3, 3]
        d = p - p0
        worst = max(worst, float(np.linalg.norm(d - (d @ u) * u)))
    assert worst <= 1e-6
    np.testing.assert_allclose(rx90_model.frame_placement(q[-1], "tool0"), goal, atol=1e-8)
    # goal_status reports how far the joint interpolation strays between the samples
    assert ros.spin_until(lambda: statuses)
    values = {kv.key: float(kv.value) for kv in statuses[-1].values}
    assert statuses[-1].name.endswith("/goal_pose")
    assert 0.0 <= values["line_deviation_between_samples_m"] < 1e-6
    assert values["max_ik_residual_m"] <= 1e-9


@pytest.mark.parametrize(
    "frame_id, position, quaternion, reason",
    [
        ("world", [0.5, 0.0, 0.5], [0, 0, 0, 1], "header.frame_id = 'world'"),
        ("base", [5.0, 0.0, 0.5], [0, 0, 0, 1], "reach"),
        ("base", [0.5, float("nan"), 0.5], [0, 0, 0, 1], "pose.position"),
        ("base", [0.5, 0.0, 0.5], [0, 0, 0, 2], "not a unit quaternion"),
    ],
)
def test_bad_goal_poses_are_rejected(ros, rx90_model, rx90_xml, frame_id, position, quaternion,
                                     reason):  # fmt: skip
    gen = PoseGen(ros, rx90_xml)
    gen.measured(rx90_model.joint_names, [0.1, -0.6, 1.1, 0.2, 0.6, -0.1])
    assert reason in gen.send_pose(_pose(position, quaternion, frame_id), expect=False)


def test_unknown_tip_frame_is_a_configuration_error(ros, rx90_xml):
    with pytest.raises(ParameterError, match="tip_frame = 'gripper'"):
        TrajectoryGenerator(
            context=ros.context,
            parameter_overrides=[
                Parameter("robot_description", value=rx90_xml),
                Parameter("tip_frame", value="gripper"),
            ],
        )


def test_zero_stamp_goal_pose_starts_when_its_plan_is_ready(ros, rx90_model, rx90_xml):
    """Planning a tool line takes tenths of a second: a plan stamped at the goal's arrival would
    reach the controller already running, so a "now" goal from rest starts at publication."""
    gen = PoseGen(ros, rx90_xml, tip_frame="tool0")
    q0 = np.array([0.1, -0.6, 1.1, 0.2, 0.6, -0.1])
    gen.measured(rx90_model.joint_names, q0)
    goal = rx90_model.frame_placement(q0, "tool0")
    goal[:3, 3] += [0.05, 0.0, 0.05]
    # the clock when the planner, its line solved, asks for the start stamp: the plan is ready
    ready = []
    publish_start = gen.node._publish_start

    def stamped(*args):
        ready.append(gen.node.get_clock().now().nanoseconds)
        return publish_start(*args)

    gen.node._publish_start = stamped
    sent = gen.node.get_clock().now().nanoseconds
    out = gen.send_pose(_pose(goal[:3, 3], _quaternion(goal[:3, :3])))
    stamp = out.header.stamp.sec * 10**9 + out.header.stamp.nanosec
    assert gen.node._stats["last_plan_compute_ms"] > 5.0  # the IK of the line took a while
    # stamped when ready, not at the goal's arrival (a clock comparison in this process, with
    # no bound on how long planning or publishing took: the same on a loaded machine)
    assert len(ready) == 1 and ready[0] > sent
    assert stamp >= ready[0], (stamp - ready[0]) * 1e-9


# ----------------------------------------------------------------------------- workspace
def _stewart_yaml():
    from pathlib import Path

    path = Path(__file__).resolve().parents[3] / "config" / "mechanisms" / "stewart_lopes.yaml"
    if not path.is_file():
        pytest.skip(f"{path} not found")
    return path.read_text()


P1 = [0.0, 0.0, 2.0, 0.0, 0.0, 0.0]


def test_goals_outside_the_workspace_are_refused_naming_the_actuator(ros):
    """A model with ``check_workspace`` (the optional contract member; here the Stewart
    platform, whose workspace is bounded by its legs' strokes): a goal outside it is refused
    with the model's message naming the leg; a plan that leaves it between two reachable
    waypoints is refused with the time; a goal inside is planned."""
    from modyn_model import load_model

    text = _stewart_yaml()
    model = load_model(text)
    gen = Gen(ros, text, profile="cycloidal", max_velocity=[0.5], max_acceleration=[2.0])
    gen.measured(model.coordinate_names, P1)
    names = model.coordinate_names
    # straight up by 2 m: every leg beyond its stroke
    high = [0.0, 0.0, 4.0, 0.0, 0.0, 0.0]
    with pytest.raises(Exception) as caught:  # the model's own refusal, for the message
        model.check_workspace(np.array(high))
    reason = gen.send(_goal(names, [high]), expect=False)
    assert "outside the workspace" in reason and str(caught.value) in reason, reason
    assert re.search(r"leg[1-6]", reason), reason
    # a reachable goal: planned (cycloidal), every sample inside
    out = gen.send(_goal(names, [[0.1, 0.0, 2.1, 0.0, 0.0, 0.1]], stamp=1.0))
    _, q, _, _ = _arrays(out)
    model.check_workspace(q)
    np.testing.assert_allclose(q[-1], [0.1, 0.0, 2.1, 0.0, 0.0, 0.1], atol=1e-12)


def test_goal_pose_of_the_platform_through_the_generic_ik(ros):
    """goal_pose for the platform frame (tip_frame ``platform``): the generic IK on
    frame_placement/frame_jacobian (J = T for the Euler chart) reaches the pose, on a straight
    line of the platform's centre."""
    from modyn_model import load_model

    text = _stewart_yaml()
    model = load_model(text)
    gen = PoseGen(ros, text, sample_period=0.02)
    gen.measured(model.coordinate_names, P1)
    target = np.array([0.1, -0.05, 2.1, 0.05, -0.04, 0.03])
    goal = model.frame_placement(target, "platform")
    out = gen.send_pose(_pose(goal[:3, 3], _quaternion(goal[:3, :3]), stamp=1.0))
    _, q, _, _ = _arrays(out)
    np.testing.assert_allclose(model.frame_placement(q[-1], "platform"), goal, atol=1e-8)
    np.testing.assert_allclose(q[-1], target, atol=1e-7)
    p0, p1 = np.array(P1[:3]), goal[:3, 3]
    u = (p1 - p0) / np.linalg.norm(p1 - p0)
    off = [np.linalg.norm((d := qk[:3] - p0) - (d @ u) * u) for qk in q]
    assert max(off) < 1e-6


def test_a_plan_that_leaves_the_workspace_is_refused(ros):
    """Both ends inside the legs' strokes, the straight (cycloidal) path between them not: the
    sampled plan is checked too, and the refusal says when and which leg (the pair was found by
    a random search over poses)."""
    from modyn_model import load_model

    text = _stewart_yaml()
    model = load_model(text)
    q0 = np.array([-0.54, -0.28, 1.57, -0.73, 0.05, -0.32])
    q1 = np.array([-0.51, 0.5, 1.65, -0.65, 0.47, 0.17])
    model.check_workspace(q0)
    model.check_workspace(q1)
    gen = Gen(ros, text, profile="cycloidal", max_velocity=[0.5], max_acceleration=[2.0])
    gen.measured(model.coordinate_names, q0)
    reason = gen.send(_goal(model.coordinate_names, [q1]), expect=False)
    assert re.search(
        r"the path leaves the workspace at t = \d+\.\d{3} s: .*leg[1-6] length", reason
    )
    assert "outside its stroke" in reason, reason


def test_plan_asked_again_with_its_request_id_is_answered_not_planned_again(
    ros, planar_model, planar_xml
):
    """~/plan called twice with one request_id (the first answer lost: Q38) answers the second
    call with the plan already published, and publishes nothing more; another id plans."""
    PlanMotion = pytest.importorskip("modyn_interfaces.srv").PlanMotion  # noqa: N806

    gen = Gen(ros, planar_xml)
    gen.measured(planar_model.joint_names, [0.0, 0.0])

    def call(request_id: str):
        request = PlanMotion.Request(
            waypoints=_goal(planar_model.joint_names, [[0.3, -0.2]]), request_id=request_id
        )
        return gen.node._on_plan(request, PlanMotion.Response())

    first = call("goal-1/0.5")
    assert first.accepted, first.message
    assert ros.spin_until(lambda: len(gen.planned) == 1)
    again = call("goal-1/0.5")
    assert again.accepted and again.trajectory == first.trajectory
    assert again.message.endswith("(the answer to request 'goal-1/0.5', asked again)")
    ros.spin_for(0.3)
    assert len(gen.planned) == 1  # nothing planned or published again
    other = call("goal-2/0.5")
    assert other.accepted and len(other.trajectory.points) >= 1
    assert ros.spin_until(lambda: len(gen.planned) == 2)
