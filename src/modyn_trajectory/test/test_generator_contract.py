"""trajectory_generator over the mechanism contract alone: a mechanism that is not a RobotModel
(here a body on a ball joint, q = unit quaternion (w, x, y, z), nq = 4, v = angular velocity,
nv = 3) is loaded through the kind registry; joint-space planning of nq != nv is not supported
yet, so the node says so when the model arrives and refuses every goal with that reason,
without crashing."""

from __future__ import annotations

import numpy as np
import pytest
from diagnostic_msgs.msg import DiagnosticStatus
from geometry_msgs.msg import PoseStamped
from rclpy.parameter import Parameter
from sensor_msgs.msg import JointState
from std_srvs.srv import Trigger
from trajectory_msgs.msg import JointTrajectory, JointTrajectoryPoint

from modyn_interfaces.srv import PlanMotion
from modyn_model import register_mechanism
from modyn_model.errors import ModelError, StateError
from modyn_model.so3 import matrix_to_quaternion, quaternion_to_matrix, rotation_exp, rotation_log
from modyn_ros.params import ParameterError
from modyn_ros.qos import STATE_QOS, STATUS_QOS
from modyn_trajectory.trajectory_generator_node import TrajectoryGenerator


class BallJoint:
    """The configuration-space part of the contract for one body on a spherical joint.

    q = (w, x, y, z) (a unit quaternion), v = ω in the body frame; integrate is
    R(q) exp(ω dt), difference its inverse (log of R(q0)ᵀ R(q1)). The dynamics members raise:
    the generator must not need them (which this test proves by not failing).
    """

    name = "ball"
    source = "test"
    coordinate_names = ("ball_qw", "ball_qx", "ball_qy", "ball_qz")
    velocity_names = ("ball_wx", "ball_wy", "ball_wz")
    actuator_names = velocity_names
    nq, nv, nu = 4, 3, 3
    lower = np.full(4, -1.0)
    upper = np.full(4, 1.0)
    velocity_limit = np.full(3, 2.0)
    effort_limit = np.full(3, 10.0)
    gravity_vector = np.array([0.0, 0.0, -9.81])
    viscous = coulomb = static_friction = stribeck_velocity = np.zeros(3)
    frame_names = ("body",)
    base_frame = ""
    tip_frame = "body"

    def neutral(self):
        return np.array([1.0, 0.0, 0.0, 0.0])

    def check_state(self, name, x, allow_none=False):
        x = np.asarray(x, dtype=float)
        if x.shape[-1:] != (4,):
            raise StateError(f"{name}: last dimension {x.shape[-1:]}, expected 4")
        return x

    def integrate(self, q, v, dt):
        r = quaternion_to_matrix(self.check_state("q", q)) @ rotation_exp(np.asarray(v) * dt)
        return matrix_to_quaternion(r)

    def difference(self, q1, q0):
        r0, r1 = quaternion_to_matrix(q0), quaternion_to_matrix(q1)
        return rotation_log(np.swapaxes(r0, -1, -2) @ r1)

    def frame_placement(self, q, frame):
        if frame != "body":
            raise ModelError(f"no frame named '{frame}'; frames are ['body']")
        pose = np.eye(4)
        pose[:3, :3] = quaternion_to_matrix(self.check_state("q", q))
        return pose


def _not_needed(name):
    def member(self, *args, **kwargs):
        raise NotImplementedError(f"BallJoint.{name}: not part of what the generator may use")

    return member


for _name in (
    "make_data check_velocity check_actuation actuation_matrix generalized_forces "
    "actuator_forces inverse_dynamics mass_matrix bias_forces gravity coriolis_matrix "
    "forward_dynamics frame_motion friction_forces kinetic_energy potential_energy frame_jacobian frame_jacobian_dot_v"
).split():
    setattr(BallJoint, _name, _not_needed(_name))


def _load(description, *, source, base_dir):
    del description, source, base_dir
    return BallJoint()


@pytest.fixture(scope="module", autouse=True)
def _ball_kind():
    register_mechanism("test_ball_joint", _load, replace=True)


def test_nq_ne_nv_goals_are_refused_with_the_reason(ros):
    node = ros.add(
        TrajectoryGenerator(
            context=ros.context,
            parameter_overrides=[
                Parameter("robot_description", value="kind: test_ball_joint\n"),
            ],
        )
    )
    assert ros.spin_until(lambda: node.model is not None)
    # limits sized by the contract (nv), from velocity_limit
    np.testing.assert_array_equal(node.v_max, [2.0, 2.0, 2.0])
    assert node.a_max.shape == (3,)
    assert "nq = 4 coordinates and nv = 3 velocities" in node._unplannable
    statuses = ros.collect(DiagnosticStatus, "goal_status", STATUS_QOS)
    planned = ros.collect(JointTrajectory, "planned_trajectory", STATE_QOS)
    states = ros.publisher(JointState, "joint_states", STATE_QOS)
    ros.wait_for_subscribers(states)
    states.publish(JointState(name=list(BallJoint.coordinate_names), position=[1.0, 0, 0, 0]))
    goal = JointTrajectory(joint_names=list(BallJoint.coordinate_names))
    goal.points.append(JointTrajectoryPoint(positions=[0.0, 1.0, 0.0, 0.0]))
    pose = PoseStamped()
    pose.pose.orientation.w = 1.0
    for k, request in enumerate(
        (PlanMotion.Request(waypoints=goal), PlanMotion.Request(pose=pose)), start=1
    ):
        answer = ros.call(PlanMotion, "/trajectory_generator/plan", request)
        assert not answer.accepted and not answer.waiting
        assert "nq = 4 coordinates and nv = 3 velocities" in answer.message
        assert node._stats["goals_rejected"] == k
    assert ros.spin_until(lambda: len(statuses) >= 2)
    for status in statuses[-2:]:
        assert status.level == DiagnosticStatus.ERROR
        assert "joint-space planning of a mechanism with nq != nv is not supported" in (
            status.message
        )
    assert not planned
    # ~/stop with no plan: nothing to stop, the node still answers
    response = ros.call(Trigger, "/trajectory_generator/stop", Trigger.Request())
    assert response.success and "nothing to stop" in response.message


def test_tip_frame_is_checked_against_the_contract_frame_names(ros):
    """tip_frame must be one of the model's frame_names (a mechanism contract member)."""
    description = Parameter("robot_description", value="kind: test_ball_joint\n")
    with pytest.raises(
        ParameterError,
        match=r"tip_frame = 'gripper': not a frame of the model; frames are \['body'\]",
    ):
        TrajectoryGenerator(
            context=ros.context,
            parameter_overrides=[description, Parameter("tip_frame", value="gripper")],
        )
    node = ros.add(
        TrajectoryGenerator(
            context=ros.context,
            parameter_overrides=[description, Parameter("tip_frame", value="body")],
        )
    )
    assert ros.spin_until(lambda: node.model is not None)
    assert node._settings["tip_frame"] == "body"


def test_straight_line_planner_refuses_nq_ne_nv():
    from modyn_trajectory.task_space import TaskSpaceError, plan_straight_line

    model = BallJoint()
    with pytest.raises(TaskSpaceError, match="nq = 4 coordinates but nv = 3 velocities"):
        plan_straight_line(
            model,
            model.neutral(),
            np.eye(4),
            frame="body",
            max_linear_velocity=1.0,
            max_linear_acceleration=1.0,
            max_angular_velocity=1.0,
            max_angular_acceleration=1.0,
        )
    with pytest.raises(TaskSpaceError, match="frame = 'tool0'"):
        plan_straight_line(
            model,
            model.neutral(),
            np.eye(4),
            frame="tool0",
            max_linear_velocity=1.0,
            max_linear_acceleration=1.0,
            max_angular_velocity=1.0,
            max_angular_acceleration=1.0,
        )
