"""feedback_controller: the command equals the law; hold against gravity; bad input rejected.

Each test runs the node in its own rclpy context (fixture ``ros``) and talks to it over DDS
through the harness node; the joint states are crafted, the expected torques are computed
here from the model and the law's closed form.
"""

from __future__ import annotations

import math
import os
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
from std_msgs.msg import String
from std_srvs.srv import Trigger

from modyn_control.feedback_controller_node import FeedbackController
from modyn_control.testing import ControllerLoop as Loop
from modyn_control.testing import state_msg, trajectory_msg
from modyn_ros.params import ParameterError
from modyn_ros.qos import LATCHED_QOS, STATE_QOS

KP, KD = 400.0, 40.0  # the defaults


def _hold(model, q, v, q_hold, kp=KP, kd=KD, gravity=True):
    g = model.gravity(q) if gravity else 0.0
    return g + kp * (q_hold - q) - kd * v


# ----------------------------------------------------------------------------- interface
def test_interface_parameters_topics_service(ros, rx90_xml):
    node = ros.add(
        FeedbackController(
            context=ros.context,
            parameter_overrides=[Parameter("robot_description", value=rx90_xml)],
        )
    )
    for name in ("kp", "kd", "feedforward", "hold_gravity", "robot_description", "model_extras"):
        assert node.has_parameter(name)
        assert node.describe_parameter(name).description, name
    assert node.get_parameter("kp").value == [400.0]
    assert node.get_parameter("kd").value == [40.0]
    assert node.get_parameter("feedforward").value is True
    assert node.get_parameter("hold_gravity").value is True
    ros.spin_until(lambda: ros.node.get_subscriptions_info_by_topic("/trajectory"), 2.0)
    subs = {
        t: ros.node.get_subscriptions_info_by_topic(t) for t in ("/trajectory", "/joint_states")
    }
    assert subs["/trajectory"][0].qos_profile.durability == DurabilityPolicy.TRANSIENT_LOCAL
    assert subs["/joint_states"][0].qos_profile.durability == DurabilityPolicy.VOLATILE
    pubs = ros.node.get_publishers_info_by_topic("/effort_command")
    assert pubs and pubs[0].qos_profile.durability == DurabilityPolicy.VOLATILE
    services = dict(ros.node.get_service_names_and_types())
    assert services["/feedback_controller/stop"] == ["std_srvs/srv/Trigger"]


# ----------------------------------------------------------------------------- holding
def test_holds_first_pose_against_gravity(ros, rx90_model, rx90_xml):
    loop = Loop(ros, rx90_model, rx90_xml)
    q0 = np.array([0.1, -0.6, 0.9, 0.2, -0.4, 0.3])
    tau = loop.send(q0, np.zeros(6), 1.0)
    np.testing.assert_allclose(tau, rx90_model.gravity(q0), rtol=1e-12, atol=1e-12)
    assert np.abs(tau).max() > 10.0  # never zero torque under gravity
    # a disturbed state is pulled back to the first pose, with gravity compensation
    q, v = q0 + [0.01, -0.02, 0.0, 0.0, 0.03, 0.0], np.array([0.1, 0, 0, -0.2, 0, 0])
    tau = loop.send(q, v, 1.001)
    np.testing.assert_allclose(tau, _hold(rx90_model, q, v, q0), rtol=1e-12, atol=1e-10)
    assert loop.node.state == "holding"


def test_hold_without_gravity_and_custom_gains(ros, planar_model, planar_xml):
    loop = Loop(ros, planar_model, planar_xml, hold_gravity=False, kp=[50.0, 60.5], kd=3)
    q0 = np.array([0.3, -0.2])
    assert not loop.send(q0, np.zeros(2), 0.5).any()
    q, v = np.array([0.35, -0.1]), np.array([0.2, -0.3])
    tau = loop.send(q, v, 0.6)
    expected = np.array([50.0, 60.5]) * (q0 - q) - 3.0 * v
    np.testing.assert_allclose(tau, expected, rtol=1e-12)


def test_joint_states_in_any_order(ros, planar_model, planar_xml):
    loop = Loop(ros, planar_model, planar_xml)
    q = np.array([0.4, 0.7])
    tau = loop.send(q[::-1], [0.0, 0.0], 2.0, names=["joint2", "joint1"])
    np.testing.assert_allclose(tau, planar_model.gravity(q), rtol=1e-12)


# ----------------------------------------------------------------------------- following
def test_follows_with_the_law_then_holds_the_end(ros, rx90_model, rx90_xml):
    model = rx90_model
    loop = Loop(ros, model, rx90_xml)
    q0 = np.array([0.0, -0.5, 0.8, 0.0, 0.3, 0.0])
    q1 = q0 + [0.6, 0.4, -0.5, 0.3, -0.2, 0.5]
    loop.send(q0, np.zeros(6), 9.0)  # hold pose: q0
    msg, plan, *_ = trajectory_msg(model, q0, q1, start=10.0)
    loop.send_trajectory(msg)
    # pending: the start is in the future, the controller holds q0
    q = q0 + 0.01
    tau = loop.send(q, np.zeros(6), 9.5)
    np.testing.assert_allclose(tau, _hold(model, q, np.zeros(6), q0), rtol=1e-12, atol=1e-10)
    assert loop.node.state == "pending"
    # following: τ = τ_ff + Kp (q_d − q) + Kd (q̇_d − q̇), with the generator's exact quintic
    # and τ_ff interpolated linearly between the points (exact at the points)
    times = np.array([p.time_from_start.sec + p.time_from_start.nanosec * 1e-9 for p in msg.points])
    efforts = np.array([p.effort for p in msg.points])
    rng = np.random.default_rng(4)
    for s in (0.0, times[12], 0.123, 0.5, plan.duration * 0.77, plan.duration):
        q_d, v_d, a_d = plan.sample(s)
        q = q_d + rng.normal(scale=0.01, size=6)
        v = v_d + rng.normal(scale=0.05, size=6)
        tau = loop.send(q, v, 10.0 + s)
        tau_ff = np.array([np.interp(s, times, efforts[:, j]) for j in range(6)])
        if s in times:
            np.testing.assert_allclose(tau_ff, model.inverse_dynamics(q_d, v_d, a_d), atol=1e-9)
        expected = tau_ff + KP * (q_d - q) + KD * (v_d - v)
        # stamps carry whole nanoseconds: Kp q̇ 0.5 ns ≈ 1e-7 N·m of rounding
        np.testing.assert_allclose(tau, expected, rtol=1e-9, atol=1e-6)
        assert loop.node.state == "following"
    # ended: hold the last point with gravity compensation
    q, v = q1 + 0.02, np.full(6, 0.01)
    tau = loop.send(q, v, 10.0 + plan.duration + 0.5)
    np.testing.assert_allclose(tau, _hold(model, q, v, q1), rtol=1e-12, atol=1e-9)
    assert loop.node.state == "holding"
    assert np.abs(model.gravity(q)).max() > 10.0 and np.abs(tau).max() > 10.0


def test_feedforward_off_is_pd_only(ros, planar_model, planar_xml):
    loop = Loop(ros, planar_model, planar_xml, feedforward=False)
    q0, q1 = np.array([0.0, 0.0]), np.array([0.5, -0.5])
    loop.send(q0, np.zeros(2), 0.5)
    msg, plan, *_ = trajectory_msg(planar_model, q0, q1, start=1.0)
    loop.send_trajectory(msg)
    q_d, v_d, _ = plan.sample(0.3)
    tau = loop.send(q_d + 0.01, v_d, 1.3)
    np.testing.assert_allclose(tau, KP * np.full(2, -0.01), rtol=1e-6)


def test_zero_stamp_starts_at_the_next_state(ros, planar_model, planar_xml):
    loop = Loop(ros, planar_model, planar_xml)
    q0, q1 = np.array([0.1, 0.2]), np.array([0.6, -0.3])
    loop.send(q0, np.zeros(2), 50.0)
    msg, plan, *_ = trajectory_msg(planar_model, q0, q1, start=0.0)
    loop.send_trajectory(msg)
    loop.send(q0, np.zeros(2), 50.1)  # starts here: reference at its first point
    assert loop.node.state == "following"
    s = 0.2  # a sample point: τ_ff is exact there
    q_d, v_d, a_d = plan.sample(s)
    tau = loop.send(q_d, v_d, 50.1 + s)
    np.testing.assert_allclose(
        tau, planar_model.inverse_dynamics(q_d, v_d, a_d), rtol=1e-9, atol=1e-9
    )


def test_stop_holds_the_desired_pose_at_stop_time(ros, planar_model, planar_xml):
    model = planar_model
    loop = Loop(ros, model, planar_xml)
    q0, q1 = np.array([0.0, 0.0]), np.array([1.0, -1.0])
    loop.send(q0, np.zeros(2), 1.0)
    msg, plan, *_ = trajectory_msg(model, q0, q1, start=2.0)
    loop.send_trajectory(msg)
    q_stop, _, _ = plan.sample(0.4)
    loop.send(q_stop, np.zeros(2), 2.4)
    response = ros.call(Trigger, "/feedback_controller/stop", Trigger.Request())
    assert response.success and "holding" in response.message
    q, v = q_stop + 0.05, np.array([0.1, 0.0])
    tau = loop.send(q, v, 2.5)  # would still be following without the stop
    np.testing.assert_allclose(tau, _hold(model, q, v, q_stop), rtol=1e-9, atol=1e-9)
    assert loop.node.state == "holding"
    assert np.abs(tau).max() > 1.0


# ----------------------------------------------------------------------------- bad input
def test_no_command_before_the_model(ros, planar_model, planar_xml):
    node = ros.add(FeedbackController(context=ros.context))
    commands = ros.collect(JointState, "effort_command", STATE_QOS)
    states = ros.publisher(JointState, "joint_states", STATE_QOS)
    ros.wait_for_subscribers(states)
    states.publish(state_msg(planar_model.joint_names, [0.1, 0.2], [0, 0], 1.0))
    ros.spin_for(0.3)
    assert commands == [] and node.model is None
    description = ros.publisher(String, "/robot_description", LATCHED_QOS)
    description.publish(String(data=planar_xml))
    assert ros.spin_until(lambda: node.model is not None)
    states.publish(state_msg(planar_model.joint_names, [0.1, 0.2], [0, 0], 1.1))
    assert ros.spin_until(lambda: commands)
    np.testing.assert_allclose(commands[0].effort, planar_model.gravity([0.1, 0.2]), rtol=1e-12)


@pytest.mark.parametrize(
    "names, q, v, t, reason",
    [
        (["joint1", "joint2"], [math.nan, 0.0], [0.0, 0.0], 1.0, "position of joint 'joint1'"),
        (["joint1", "joint2"], [0.0, 0.0], [0.0, math.inf], 1.0, "velocity of joint 'joint2'"),
        (["joint1", "jointX"], [0.0, 0.0], [0.0, 0.0], 1.0, "unknown joint name"),
        (["joint1"], [0.0], [0.0], 1.0, "missing joint"),
        (["joint1", "joint2"], [0.0], [0.0, 0.0], 1.0, "position: 1 values for 2 names"),
        (["joint1", "joint2"], [0.0, 0.0], [], 1.0, "velocity: 0 values for 2 names"),
        (["joint1", "joint2"], [0.0, 0.0], [0.0, 0.0], 0.5, "before the previous one"),
    ],
)
def test_bad_joint_states_are_rejected(ros, planar_model, planar_xml, names, q, v, t, reason):
    loop = Loop(ros, planar_model, planar_xml)
    assert loop.send([0.0, 0.0], [0.0, 0.0], 0.9) is not None
    assert loop.silent(q, v, t, names=names)
    assert loop.node._stats.rejected == 1
    assert reason in loop.node._last_rejection
    # and the next good state is answered
    assert loop.send([0.0, 0.0], [0.0, 0.0], 1.2) is not None


def test_bad_trajectory_is_rejected_and_the_hold_continues(ros, planar_model, planar_xml):
    loop = Loop(ros, planar_model, planar_xml)
    q0 = np.array([0.2, 0.1])
    loop.send(q0, np.zeros(2), 1.0)
    msg, *_ = trajectory_msg(planar_model, q0, [0.5, 0.5], start=1.5)
    msg.points[3].velocities[1] = math.nan
    loop.send_trajectory(msg)
    assert loop.node._stats.trajectories_rejected == 1
    assert "points[3].velocities[1] is nan" in loop.node._last_rejection
    tau = loop.send(q0, np.zeros(2), 2.0)
    np.testing.assert_allclose(tau, planar_model.gravity(q0), rtol=1e-12)


@pytest.mark.parametrize(
    "params, match",
    [
        ({"kp": -1.0}, r"kp\[0\] = -1.0: must be finite and >= 0"),
        ({"kd": [1.0, math.nan]}, r"kd\[1\] = nan"),
        ({"kp": [1.0, 2.0, 3.0]}, r"kp: 3 values for 2 joints"),
        ({"kd": "high"}, r"kd = 'high': expected a number"),
        ({"kp": []}, r"kp: empty"),
        ({"die_at": -1.0}, r"die_at = -1.0: expected a time >= 0"),
        ({"die_at": "soon"}, r"die_at = 'soon'"),
    ],
)
def test_bad_parameters_at_start(ros, planar_xml, params, match):
    overrides = [Parameter("robot_description", value=planar_xml)]
    overrides += [Parameter(k, value=v) for k, v in params.items()]
    with pytest.raises(ParameterError, match=match):
        FeedbackController(context=ros.context, parameter_overrides=overrides)


@pytest.mark.system
def test_bad_parameter_exits_non_zero():
    """The console script: exit status 2 and a fatal line naming the parameter."""
    env = dict(os.environ)
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "modyn_control.feedback_controller_node",
            "--ros-args",
            "-p",
            "kd:=-3.0",
        ],
        capture_output=True,
        text=True,
        timeout=30,
        env=env,
    )
    assert proc.returncode == 2, proc.stderr
    assert "kd[0] = -3.0" in proc.stderr


def test_runtime_gain_change_is_validated(ros, planar_model, planar_xml):
    loop = Loop(ros, planar_model, planar_xml)
    request = SetParameters.Request(
        parameters=[
            ParameterMsg(
                name="kp",
                value=ParameterValue(
                    type=ParameterType.PARAMETER_DOUBLE_ARRAY, double_array_value=[1.0, -1.0]
                ),
            )
        ]
    )
    result = ros.call(SetParameters, "/feedback_controller/set_parameters", request)
    assert not result.results[0].successful and "kp[1] = -1.0" in result.results[0].reason
    request.parameters[0].value = ParameterValue(
        type=ParameterType.PARAMETER_DOUBLE, double_value=10.0
    )
    result = ros.call(SetParameters, "/feedback_controller/set_parameters", request)
    assert result.results[0].successful
    q0 = np.zeros(2)
    loop.send(q0, np.zeros(2), 1.0)
    q = np.array([0.1, 0.0])
    tau = loop.send(q, np.zeros(2), 1.1)
    np.testing.assert_allclose(tau, _hold(planar_model, q, np.zeros(2), q0, kp=10.0), rtol=1e-12)


def test_die_at_set_while_running_is_validated(ros, planar_model, planar_xml):
    """``die_at`` is settable while the node runs (a test knows the plant time to die at only
    once a goal is planned); a bad value is refused with the reason, a good one is kept."""
    loop = Loop(ros, planar_model, planar_xml)
    request = SetParameters.Request(
        parameters=[
            ParameterMsg(
                name="die_at",
                value=ParameterValue(type=ParameterType.PARAMETER_DOUBLE, double_value=-2.0),
            )
        ]
    )
    result = ros.call(SetParameters, "/feedback_controller/set_parameters", request)
    assert not result.results[0].successful
    assert "die_at = -2.0: expected a time >= 0" in result.results[0].reason
    assert loop.node._die_at_ns is None
    request.parameters[0].value.double_value = 12.5
    result = ros.call(SetParameters, "/feedback_controller/set_parameters", request)
    assert result.results[0].successful
    assert loop.node._die_at_ns == 12_500_000_000
