"""inverse_dynamics_feedforward: efforts = the model's inverse dynamics of every point."""

from __future__ import annotations

import math
import subprocess
import sys

import numpy as np
import pytest
from rclpy.parameter import Parameter
from rclpy.qos import DurabilityPolicy
from std_msgs.msg import String
from trajectory_msgs.msg import JointTrajectory, JointTrajectoryPoint

from modyn_control.inverse_dynamics_feedforward_node import InverseDynamicsFeedforward
from modyn_model import RobotModel
from modyn_model.urdf import expand_xacro
from modyn_ros.qos import LATCHED_QOS
from modyn_trajectory.quintic import plan_waypoints, sample_times


def _planned(model, names, q0, q1, stamp=(3, 250_000_000)):
    """A planned_trajectory (no effort) with the columns in the order of ``names``."""
    plan = plan_waypoints(q0, [q1], v_max=np.full(model.n, 2.0), a_max=np.full(model.n, 5.0))
    times = sample_times(plan, 0.02)
    q, v, a = plan.sample(times)
    cols = [model.joint_index(x) for x in names]
    msg = JointTrajectory(joint_names=list(names))
    msg.header.stamp.sec, msg.header.stamp.nanosec = stamp
    msg.header.frame_id = "base"
    for i, t in enumerate(times):
        point = JointTrajectoryPoint(
            positions=q[i, cols].tolist(),
            velocities=v[i, cols].tolist(),
            accelerations=a[i, cols].tolist(),
        )
        point.time_from_start.sec, point.time_from_start.nanosec = divmod(round(t * 1e9), 10**9)
        msg.points.append(point)
    return msg, (q, v, a), cols


class Wire:
    def __init__(self, ros, node):
        self.ros, self.node = ros, ros.add(node)
        self.out = ros.collect(JointTrajectory, "trajectory", LATCHED_QOS)
        self.pub = ros.publisher(JointTrajectory, "planned_trajectory", LATCHED_QOS)
        ros.wait_for_subscribers(self.pub)

    def process(self, msg, expect=True):
        before = len(self.out)
        self.pub.publish(msg)
        if expect:
            assert self.ros.spin_until(lambda: len(self.out) > before), "no trajectory"
            return self.out[-1]
        self.ros.spin_for(0.3)
        assert len(self.out) == before
        return None


def test_interface(ros, planar_xml):
    node = ros.add(
        InverseDynamicsFeedforward(
            context=ros.context,
            parameter_overrides=[Parameter("robot_description", value=planar_xml)],
        )
    )
    for name in ("friction", "robot_description", "model_extras", "root_link", "tip_link"):
        assert node.describe_parameter(name).description, name
    assert node.get_parameter("friction").value is True
    assert ros.spin_until(lambda: ros.node.get_publishers_info_by_topic("/trajectory"))
    (pub,) = ros.node.get_publishers_info_by_topic("/trajectory")
    assert pub.qos_profile.durability == DurabilityPolicy.TRANSIENT_LOCAL
    (sub,) = ros.node.get_subscriptions_info_by_topic("/planned_trajectory")
    assert sub.qos_profile.durability == DurabilityPolicy.TRANSIENT_LOCAL


def test_efforts_are_the_inverse_dynamics_in_message_order(ros, rx90_model, rx90_xml):
    model = rx90_model
    wire = Wire(
        ros,
        InverseDynamicsFeedforward(
            context=ros.context,
            parameter_overrides=[Parameter("robot_description", value=rx90_xml)],
        ),
    )
    names = ["joint3", "joint1", "joint6", "joint2", "joint5", "joint4"]  # not model order
    q0 = np.array([0.0, -0.4, 0.7, 0.1, 0.2, -0.3])
    msg, (q, v, a), cols = _planned(model, names, q0, q0 + [0.5, 0.3, -0.6, 0.4, 0.2, 0.9])
    out = wire.process(msg)
    assert list(out.joint_names) == names
    assert (out.header.stamp.sec, out.header.stamp.nanosec) == (3, 250_000_000)
    assert out.header.frame_id == "base"
    assert len(out.points) == len(msg.points)
    expected = model.inverse_dynamics(q, v, a)[:, cols]
    np.testing.assert_allclose(
        np.array([p.effort for p in out.points]), expected, rtol=1e-12, atol=1e-12
    )
    for p_in, p_out in zip(msg.points, out.points, strict=True):
        assert list(p_out.positions) == list(p_in.positions)
        assert list(p_out.accelerations) == list(p_in.accelerations)
        assert p_out.time_from_start == p_in.time_from_start
    assert wire.node._stats["last_points"] == len(msg.points)


@pytest.mark.parametrize("friction", [True, False])
def test_friction_parameter(ros, urdf_dir, friction):
    xml = expand_xacro(urdf_dir / "planar_2r.urdf.xacro", {"damping": "0.7"})
    model = RobotModel.from_urdf(xml)
    assert model.viscous.tolist() == [0.7, 0.7]
    wire = Wire(
        ros,
        InverseDynamicsFeedforward(
            context=ros.context,
            parameter_overrides=[
                Parameter("robot_description", value=xml),
                Parameter("friction", value=friction),
            ],
        ),
    )
    msg, (q, v, a), _ = _planned(model, model.joint_names, np.zeros(2), [1.0, -0.5])
    out = wire.process(msg)
    effort = np.array([p.effort for p in out.points])
    np.testing.assert_allclose(
        effort, model.inverse_dynamics(q, v, a, friction=friction), rtol=1e-12, atol=1e-12
    )
    rigid = model.inverse_dynamics(q, v, a, friction=False)
    np.testing.assert_allclose(effort - rigid, 0.7 * v if friction else 0.0, atol=1e-12)


def test_trajectory_before_the_model_is_kept(ros, planar_model, planar_xml):
    wire = Wire(ros, InverseDynamicsFeedforward(context=ros.context))
    msg, (q, v, a), _ = _planned(planar_model, planar_model.joint_names, np.zeros(2), [0.4, 0.4])
    wire.process(msg, expect=False)  # no model yet: nothing
    description = ros.publisher(String, "/robot_description", LATCHED_QOS)
    description.publish(String(data=planar_xml))
    assert ros.spin_until(lambda: wire.out), "not processed once the model arrived"
    np.testing.assert_allclose(
        np.array([p.effort for p in wire.out[-1].points]),
        planar_model.inverse_dynamics(q, v, a),
        rtol=1e-12,
        atol=1e-12,
    )


def _break_names(msg):
    msg.joint_names = ["joint1", "elbow"]


def _break_nan(msg):
    msg.points[2].accelerations[0] = math.nan


def _break_length(msg):
    msg.points[1].positions = [0.0]


def _break_times(msg):
    msg.points[4].time_from_start = msg.points[3].time_from_start


@pytest.mark.parametrize(
    "breaker, reason",
    [
        (_break_names, "unknown joint name(s) ['elbow']"),
        (_break_nan, "points[2].accelerations[0] is nan"),
        (_break_length, "points[1].positions: 1 values for 2 joints"),
        (_break_times, "points[4].time_from_start"),
    ],
)
def test_bad_planned_trajectory_rejected(ros, planar_model, planar_xml, breaker, reason):
    wire = Wire(
        ros,
        InverseDynamicsFeedforward(
            context=ros.context,
            parameter_overrides=[Parameter("robot_description", value=planar_xml)],
        ),
    )
    msg, _, _ = _planned(planar_model, planar_model.joint_names, np.zeros(2), [0.4, 0.4])
    breaker(msg)
    wire.process(msg, expect=False)
    assert wire.node._stats["rejected"] == 1
    assert reason in wire.node._last_rejection


@pytest.mark.system
def test_bad_parameter_exits_non_zero():
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "modyn_control.inverse_dynamics_feedforward_node",
            "--ros-args",
            "-p",
            "friction:=maybe",
        ],
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert proc.returncode == 2, proc.stderr
    assert "friction" in proc.stderr


@pytest.mark.parametrize(
    "mechanism, p1",
    [
        ("stewart_lopes.yaml", [0.0, 0.0, 2.0, 0.0, 0.0, 0.0]),
        ("geared3_case_s.yaml", [0.0, 0.5, 0.8]),
    ],
)
def test_leg_forces_of_a_mechanism_with_as_many_actuators_as_coordinates(ros, mechanism, p1):
    """nu = nq with other names (the Stewart platform: legs leg1..leg6, coordinates the pose;
    the geared arm: motors motor4..6, coordinates the joints, τ = A ξ with A not diagonal):
    the efforts are u_ff = S⁻ᵀ Γ (J_E⁻ᵀ Γ, A⁻¹ Γ), actuator j's force written under coordinate j
    (by index, also in a permuted message), and the feedback controller's reading of them (by
    coordinate name, then τ = Sᵀ(q_d) u) gives back the model's generalized forces."""
    from pathlib import Path

    from modyn_control.messages import trajectory_arrays
    from modyn_model import load_model
    from modyn_ros.joint_map import JointMap

    path = Path(__file__).resolve().parents[3] / "config" / "mechanisms" / mechanism
    if not path.is_file():
        pytest.skip(f"{path} not found")
    # the node reads the text without the file's directory: the geared file's relative urdf
    text = path.read_text().replace("urdf: ../../", f"urdf: {path.parents[2]}/")
    model = load_model(text)
    n = model.nq
    wire = Wire(
        ros,
        InverseDynamicsFeedforward(
            context=ros.context, parameter_overrides=[Parameter("robot_description", value=text)]
        ),
    )
    order = [3, 0, 5, 1, 2, 4] if n == 6 else [2, 0, 1]  # a permuted message
    names = [model.coordinate_names[i] for i in order]
    rng = np.random.default_rng(5)
    q = np.array(p1) + rng.uniform(-0.1, 0.1, (5, n))
    v, a = rng.uniform(-0.3, 0.3, (5, n)), rng.uniform(-1.0, 1.0, (5, n))
    msg = JointTrajectory(joint_names=names)
    for k in range(5):
        point = JointTrajectoryPoint(
            positions=q[k, order].tolist(),
            velocities=v[k, order].tolist(),
            accelerations=a[k, order].tolist(),
        )
        point.time_from_start.nanosec = 100_000_000 * (k + 1)
        msg.points.append(point)
    out = wire.process(msg)
    u = model.actuator_forces(q, v, a)  # (5, n) actuator forces, the model's own S^-T Γ
    np.testing.assert_allclose(
        np.array([p.effort for p in out.points]), u[:, order], rtol=1e-10, atol=1e-10
    )
    back = trajectory_arrays(out, JointMap(model.coordinate_names)).effort
    np.testing.assert_allclose(back, u, rtol=1e-10, atol=1e-10)
    tau = np.array([model.generalized_forces(q[k], back[k]) for k in range(5)])
    np.testing.assert_allclose(tau, model.inverse_dynamics(q, v, a), rtol=1e-9, atol=1e-9)
