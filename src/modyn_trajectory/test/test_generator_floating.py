"""trajectory_generator with a floating-base model (issue 18): goals name its joints and are
planned for them only (modyn_trajectory.floating), the base left to the controller; goal_pose is
refused with the reason; position_lower/upper replace the model's limits for planning.

The model: the UR5 of example-robot-data on a free-flyer base (kind urdf, floating_base true):
q = [base (7), 6 joints], nq = 13 ≠ nv = 12, which the generator refused before.
"""

from __future__ import annotations

import time

import numpy as np
from diagnostic_msgs.msg import DiagnosticStatus
from geometry_msgs.msg import PoseStamped
from rclpy.parameter import Parameter
from sensor_msgs.msg import JointState
from trajectory_msgs.msg import JointTrajectory, JointTrajectoryPoint

from modyn_interfaces.srv import PlanMotion
from modyn_ros.qos import STATE_QOS, STATUS_QOS
from modyn_trajectory.floating import FloatingJoints
from modyn_trajectory.trajectory_generator_node import TrajectoryGenerator

JOINTS = [
    "shoulder_pan_joint",
    "shoulder_lift_joint",
    "elbow_joint",
    "wrist_1_joint",
    "wrist_2_joint",
    "wrist_3_joint",
]


def test_floating_base_goals_plan_the_joints(ros, ur5_urdf):
    description = f"kind: urdf\nfile: {ur5_urdf}\nfloating_base: true\n"
    node = ros.add(
        TrajectoryGenerator(
            context=ros.context,
            parameter_overrides=[
                Parameter("robot_description", value=description),
                Parameter("position_lower", value=[-2.0] * 6),
                Parameter("position_upper", value=[2.0] * 6),
                Parameter("sample_period", value=0.01),
            ],
        )
    )
    assert ros.spin_until(lambda: node.model is not None)
    assert isinstance(node.model, FloatingJoints) and node._unplannable is None
    assert list(node.model.coordinate_names) == JOINTS
    assert node.v_max.shape == (6,)
    statuses = ros.collect(DiagnosticStatus, "goal_status", STATUS_QOS)
    planned = ros.collect(JointTrajectory, "planned_trajectory", STATE_QOS)
    states = ros.publisher(JointState, "joint_states", STATE_QOS)
    ros.wait_for_subscribers(states)
    q0 = [0.1, -0.2, 0.3, 0.0, 0.5, -0.1]

    def ask(**fields):
        """~/plan's answer, asked again (the state published again) while it waits for the
        state: joint_states of a floating-base model carry the joints only (the base is on
        base_state)."""
        deadline = time.monotonic() + 20.0
        while True:
            assert time.monotonic() < deadline, "~/plan still waiting for joint_states"
            states.publish(JointState(name=JOINTS, position=q0, velocity=[0.0] * 6))
            ros.spin_for(0.05)
            request = PlanMotion.Request(**fields)
            answer = ros.call(PlanMotion, "/trajectory_generator/plan", request)
            if not answer.waiting:
                return answer

    # a timed goal through two waypoints
    goal = JointTrajectory(joint_names=JOINTS)
    for q, t in (([0.3] * 6, 0.5), ([0.5, -0.5, 0.5, -0.5, 0.5, -0.5], 1.0)):
        point = JointTrajectoryPoint(positions=q)
        point.time_from_start.nanosec = int(t * 1e9)
        goal.points.append(point)
    assert ask(waypoints=goal).accepted
    assert ros.spin_until(lambda: len(planned) >= 1)
    plan = planned[0]
    assert list(plan.joint_names) == JOINTS  # the joints only: no base coordinate
    q = np.array([p.positions for p in plan.points])
    v = np.array([p.velocities for p in plan.points])
    np.testing.assert_allclose(q[0], q0, atol=1e-12)  # from the measured joints
    np.testing.assert_allclose(q[-1], goal.points[-1].positions, atol=1e-12)
    np.testing.assert_allclose(v[[0, -1]], 0.0, atol=1e-12)  # rest to rest
    t_end = plan.points[-1].time_from_start
    assert abs(t_end.sec + t_end.nanosec * 1e-9 - 1.0) < 1e-9  # the timed goal as given

    # beyond position_upper (2.0, inside the URDF's ±2π): refused, naming the joint and limit
    far = JointTrajectory(joint_names=JOINTS[:1])
    far.points.append(JointTrajectoryPoint(positions=[2.5]))
    assert not ask(waypoints=far).accepted
    # a tool pose: refused for a floating base, with the reason
    pose = PoseStamped()
    pose.pose.orientation.w = 1.0
    refused = ask(pose=pose)
    assert not refused.accepted and "floating base" in refused.message
    assert ros.spin_until(lambda: node._stats["goals_rejected"] == 2)

    def errors():
        return [s.message for s in statuses if s.level == DiagnosticStatus.ERROR]

    assert ros.spin_until(lambda: len(errors()) >= 2), errors()
    errors = errors()
    assert any(
        "shoulder_pan_joint" in m and "outside its limits [-2.0, 2.0]" in m for m in errors
    ), errors
    assert any("floating base" in m and "goal_pose" in m for m in errors), errors
    assert len(planned) == 1
