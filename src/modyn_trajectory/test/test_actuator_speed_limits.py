"""Actuator speed limits |S(q) v| ≤ ``actuator_velocity_limit`` in the trajectory generator.

The stand-in mechanism is the planar 2R arm driven through a constant, non-diagonal transmission
(a geared arm's S = Aᵀ is constant too): motor speeds φ̇ = S θ̇ with S = [[3, 0], [2, −4]], so
φ̇₂ couples both joints, and motor speed limits [6, 8] rad/s, far below what the joints' own
limits (4 and 5 rad/s, the URDF) allow through S. What must hold, from the definition (a time
scaling t → c t divides every velocity by c):

* an untimed goal is planned with its per-joint limits and then slowed by exactly the factor
  that brings the largest sampled motor speed to its limit: max over the samples of
  |S v|/limit ≤ 1 (the limit is respected), and the peak between samples within 1e-4 of 1
  (no slower than needed); the path is the same (the unscaled plan at t/c);
* where the motor limits do not bind the plan is the per-joint one, unchanged;
* a timed goal is followed as given (as with the per-joint limits);
* a bad limit is refused naming the actuator.
"""

from __future__ import annotations

import numpy as np
import pytest
from rclpy.parameter import Parameter
from sensor_msgs.msg import JointState
from trajectory_msgs.msg import JointTrajectory, JointTrajectoryPoint

from modyn_interfaces.srv import PlanMotion
from modyn_model import load_model, register_mechanism
from modyn_ros.params import ParameterError
from modyn_ros.qos import LATCHED_QOS, STATE_QOS
from modyn_trajectory.actuator_limits import (
    actuator_speed_limit,
    actuator_speed_ratio,
    scale_to_actuator_speeds,
)
from modyn_trajectory.planner import plan_joint_motion
from modyn_trajectory.quintic import sample_times
from modyn_trajectory.trajectory_generator_node import TrajectoryGenerator

S = np.array([[3.0, 0.0], [2.0, -4.0]])
LIMIT = np.array([6.0, 8.0])


class Transmitted:
    """A RobotModel behind a constant transmission: actuators ``motor1``, ``motor2``, S
    constant, ``actuator_velocity_limit``; every other member is the arm's."""

    def __init__(self, robot, s=S, limit=LIMIT):
        self._robot = robot
        self._s = np.asarray(s, dtype=float)
        self.actuator_velocity_limit = np.asarray(limit, dtype=float)
        self.actuator_names = ("motor1", "motor2")

    def __getattr__(self, name):
        return getattr(self._robot, name)

    def actuation_matrix(self, q):
        q = np.asarray(q, dtype=float)
        return np.broadcast_to(self._s, (*q.shape[:-1], *self._s.shape)).copy()


@pytest.fixture(scope="module")
def model(planar_xml):
    robot = load_model(planar_xml)

    def load(description, *, source, base_dir):
        del description, source, base_dir
        return Transmitted(robot)

    register_mechanism("test_transmitted_2r", load, replace=True)
    return Transmitted(robot)


def _plan(model, profile, goal, c=1.0):
    return plan_joint_motion(
        profile,
        np.zeros(2),
        np.atleast_2d(goal),
        v_max=np.asarray(model.velocity_limit) / c,
        a_max=np.full(2, 20.0) / c**2,
    )


def _sample(plan, h=0.01):
    times = sample_times(plan, h)
    q, v, _ = plan.sample(times)
    return times, q, v


@pytest.mark.parametrize("profile", ["quintic", "trapezoidal", "cycloidal", "bang_bang"])
def test_an_untimed_plan_is_slowed_to_the_motor_limit(model, profile):
    goal = [1.2, -0.9]
    unscaled = _plan(model, profile, goal)
    before = actuator_speed_ratio(model, *_sample(unscaled)[1:], LIMIT)[0]
    assert before > 1.5, before  # the stand-in binds: the per-joint plan is too fast for it
    plan, c, ratio = scale_to_actuator_speeds(
        lambda c: _plan(model, profile, goal, c), _sample, model, LIMIT
    )
    times, q, v = _sample(plan)
    speeds = np.abs(v @ S.T)
    print(f"\n{profile}: ratio {before:.4f} -> {ratio:.9f}, c = {c:.6f}")
    assert ratio <= 1.0 + 1e-9 and np.all(speeds <= LIMIT * (1.0 + 1e-9))
    # at the limit, not slower than needed: the peak between the 10 ms samples (read at
    # 0.1 ms) differs from the sampled one by the curvature of the peak, ~(ω Δt)²/8 ≈ 1e-5
    fine = actuator_speed_ratio(model, *_sample(plan, 1e-4)[1:], LIMIT)[0]
    assert abs(fine - 1.0) < 1e-4, fine
    # a homothety of the per-joint plan: same path, c times slower
    assert plan.duration == pytest.approx(c * unscaled.duration, rel=1e-9)
    t = np.linspace(0.0, unscaled.duration, 37)
    np.testing.assert_allclose(plan.sample(c * t)[0], unscaled.sample(t)[0], atol=1e-9)
    # the joints' own limits still hold
    assert np.all(np.abs(v) <= np.asarray(model.velocity_limit) + 1e-9)


def test_limits_that_do_not_bind_leave_the_plan_unchanged(model):
    generous = np.array([1e3, 1e3])
    plan, c, ratio = scale_to_actuator_speeds(
        lambda c: _plan(model, "quintic", [1.2, -0.9], c), _sample, model, generous
    )
    assert c == 1.0 and ratio < 0.1
    assert plan.duration == _plan(model, "quintic", [1.2, -0.9]).duration


def test_the_limit_member_is_checked(model):
    assert actuator_speed_limit(model._robot) is None  # no member: no limit
    assert actuator_speed_limit(Transmitted(model._robot, limit=[np.inf, np.inf])) is None
    np.testing.assert_array_equal(actuator_speed_limit(model), LIMIT)
    with pytest.raises(ValueError, match=r"actuator_velocity_limit of 'motor2' is -1\.0"):
        actuator_speed_limit(Transmitted(model._robot, limit=[1.0, -1.0]))
    with pytest.raises(ValueError, match=r"actuator_velocity_limit of 'motor1' is nan"):
        actuator_speed_limit(Transmitted(model._robot, limit=[np.nan, 1.0]))
    with pytest.raises(ValueError, match=r"has 3 values for 2 actuators \['motor1', 'motor2'\]"):
        actuator_speed_limit(Transmitted(model._robot, limit=[1.0, 1.0, 1.0]))


class _Gen:
    def __init__(self, ros):
        self.ros = ros
        self.node = ros.add(
            TrajectoryGenerator(
                context=ros.context,
                parameter_overrides=[
                    Parameter("robot_description", value="kind: test_transmitted_2r\n"),
                    Parameter("max_acceleration", value=[20.0]),
                ],
            )
        )
        self.planned = ros.collect(JointTrajectory, "planned_trajectory", LATCHED_QOS)
        self.client = ros.node.create_client(PlanMotion, "trajectory_generator/plan")
        states = ros.publisher(JointState, "joint_states", STATE_QOS)
        ros.wait_for_subscribers(states)
        assert ros.spin_until(self.client.service_is_ready), "no ~/plan"
        states.publish(JointState(name=["joint1", "joint2"], position=[0.0, 0.0]))
        assert ros.spin_until(lambda: self.node._last_q is not None)

    def send(self, positions, time_from_start=None):
        goal = JointTrajectory(joint_names=["joint1", "joint2"])
        point = JointTrajectoryPoint(positions=positions)
        if time_from_start is not None:
            point.time_from_start.sec = time_from_start
        goal.points.append(point)
        before = len(self.planned)
        call = self.client.call_async(PlanMotion.Request(waypoints=goal))
        assert self.ros.spin_until(call.done), "~/plan did not answer"
        assert call.result().accepted, call.result().message
        assert self.ros.spin_until(lambda: len(self.planned) > before)
        msg = self.planned[-1]
        t = np.array([p.time_from_start.sec + p.time_from_start.nanosec * 1e-9 for p in msg.points])
        v = np.array([p.velocities for p in msg.points])
        return t, v


def test_the_generator_node_respects_the_motor_limits(ros, model):
    gen = _Gen(ros)
    np.testing.assert_array_equal(gen.node.actuator_limit, LIMIT)
    t, v = gen.send([1.2, -0.9])
    ratio = np.abs(v @ S.T) / LIMIT
    scale = gen.node._stats["last_actuator_time_scale"]
    print(f"\nnode: max |S v|/limit {ratio.max():.9f}, time scale {scale}, {t[-1]:.3f} s")
    assert 1.0 - 1e-4 < ratio.max() <= 1.0 + 1e-9  # the samples' phase (test above)
    assert scale > 1.5
    # a timed goal is followed as given (2 s, slower than the limit needs here: unscaled)
    t, v = gen.send([0.0, 0.0], time_from_start=2)
    assert t[-1] == pytest.approx(2.0, abs=1e-9)
    assert gen.node._stats["last_actuator_time_scale"] == 1.0


def test_a_bad_member_is_refused_when_the_model_arrives(ros, model):
    node = ros.add(TrajectoryGenerator(context=ros.context))
    with pytest.raises(ParameterError, match=r"actuator_velocity_limit of 'motor1' is 0\.0"):
        node._on_model(Transmitted(model._robot, limit=[0.0, 1.0]))


def test_the_geared_arm_plans_within_its_motor_speeds():
    """The Case S geared arm (kind geared, config/mechanisms/geared3_case_s.yaml) with its motor
    speed limits lowered to 6 rad/s (the file's 50 rad/s do not bind at the joints' 3 rad/s):
    φ̇ = Aᵀ θ̇, motor 6 turning at θ̇₂ − 3.75 θ̇₃, binds; the plan is slowed until it is at 6."""
    from pathlib import Path

    import yaml

    path = Path(__file__).resolve().parents[3] / "config" / "mechanisms" / "geared3_case_s.yaml"
    if not path.is_file():
        pytest.skip(f"{path} not found")
    data = yaml.safe_load(path.read_text())
    for fields in data["actuators"].values():
        fields["velocity_limit"] = 6.0
    geared = load_model(data, base_dir=path.parent)
    limit = actuator_speed_limit(geared)
    np.testing.assert_array_equal(limit, [6.0, 6.0, 6.0])
    a_t = np.array([[-3.0, 0.0, 0.0], [1.0, 2.0, 0.0], [0.0, 1.0, -3.75]])  # Aᵀ, note §2.3
    q0, goal = np.array([0.0, 0.5, 0.8]), np.array([[1.2, -0.6, -0.5]])

    def plan_with(c):
        return plan_joint_motion(
            "quintic", q0, goal, v_max=geared.velocity_limit / c, a_max=np.full(3, 12.0) / c**2
        )

    before = actuator_speed_ratio(geared, *_sample(plan_with(1.0))[1:], limit)
    plan, c, ratio = scale_to_actuator_speeds(plan_with, _sample, geared, limit)
    _, q, v = _sample(plan, 1e-4)
    speeds = np.abs(v @ a_t.T)
    print(f"\ngeared: ratio {before[0]:.4f} (motor {before[2] + 4}) -> {ratio:.9f}, c = {c:.6f}")
    assert before[0] > 1.2 and before[2] == 2  # motor 6 binds
    assert ratio <= 1.0 + 1e-9
    assert abs(speeds.max() / 6.0 - 1.0) < 1e-4
