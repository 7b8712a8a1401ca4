"""fake_ros2_control in one process: names mapped with JointMap (the command array and the
gains in the controller's ``joints`` order, states in ``state_joints`` order), and the drive
hold (modyn_control.hold.HoldLaw, diagonal gains) giving the torques of the formula it had
before, τ = Q(q) + Kp (q_hold − q) − Kd q̇ clipped to the effort limits, with Q from the model."""

from __future__ import annotations

import numpy as np
import pytest


@pytest.fixture
def fake(ros_context, planar_2r_xml):
    from rclpy.parameter import Parameter

    from modyn_hardware.fake_ros2_control import FakeRos2Control

    node = FakeRos2Control(
        context=ros_context,
        parameter_overrides=[
            Parameter("robot_description", value=planar_2r_xml),
            Parameter("joints", value=["joint2", "joint1"]),
            Parameter("state_joints", value=["joint1", "joint2"]),
            Parameter("initial_positions", value=[-0.2, 0.3]),  # joints order
            Parameter("hold_kp", value=[200.0, 300.0]),
            Parameter("hold_kd", value=[20.0, 30.0]),
            Parameter("command_timeout", value=0.1),
        ],
    )
    try:
        yield node
    finally:
        node.destroy_node()


def test_names_follow_the_controller_joints(fake):
    from std_msgs.msg import Float64MultiArray

    np.testing.assert_array_equal(fake.plant.read().position, [0.3, -0.2])  # model order
    fake._on_command(Float64MultiArray(data=[2.0, 1.0]))  # joint2, joint1
    np.testing.assert_array_equal(fake._tau, [1.0, 2.0])
    np.testing.assert_array_equal(fake._hold.kp, [300.0, 200.0])
    np.testing.assert_array_equal(fake._hold.kd, [30.0, 20.0])


def test_the_drive_hold_gives_the_former_torques(fake):
    robot = fake.plant  # the simulated robot
    q_hold = np.array([0.3, -0.2])
    kp, kd = np.array([300.0, 200.0]), np.array([30.0, 20.0])
    limit = np.asarray(fake._hold.model.effort_limit, dtype=float)
    gravity = fake._hold.model.gravity
    for q, v in (
        ([0.3, -0.2], [0.0, 0.0]),
        ([0.35, -0.1], [0.4, -1.0]),
        ([1.2, 2.0], [-3.0, 2.0]),  # far: clipped to the effort limits
    ):
        robot.reset(np.array(q), np.array(v))
        u = fake._hold_effort().copy()
        q, v = np.array(q), np.array(v)
        expected = np.clip(gravity(q) + kp * (q_hold - q) - kd * v, -limit, limit)
        np.testing.assert_allclose(u, expected, rtol=1e-12, atol=1e-12)
    assert np.any(np.abs(u) == limit)  # the far case was clipped
