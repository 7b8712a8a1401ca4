"""Straight-line task-space motion (Khalil §8.4) on the RX-90 (6R) and on example-robot-data's UR5.

The checks are made from the joint samples alone, with independent tools: forward kinematics
(Pinocchio's for the UR5 when it is installed), scipy's rotation vectors, the closed-form peaks
and minimum times of Khalil Table 8.1 / [8.12]-[8.13], and finite differences of the joint
samples."""

from __future__ import annotations

import math

import numpy as np
import pytest
from scipy.spatial.transform import Rotation

from modyn_trajectory.ik import rotation_exp, solve_ik
from modyn_trajectory.quintic import PiecewiseQuintic
from modyn_trajectory.task_space import (
    TaskSpaceError,
    TaskSpacePlan,
    line_deviation,
    plan_straight_line,
)

LIMITS = dict(
    max_linear_velocity=0.5,
    max_linear_acceleration=2.0,
    max_angular_velocity=1.0,
    max_angular_acceleration=4.0,
)
PROFILES = ["quintic", "cubic", "trapezoid", "continuous_acceleration", "bang_bang"]


class Robot:
    """A model, a start configuration, a target pose and an independent forward kinematics."""

    def __init__(self, name, model, q0, shift, rotvec, path=None):
        self.name, self.model, self.q0 = name, model, np.asarray(q0, dtype=float)
        self.frame = "tool0"
        start = model.frame_placement(self.q0, self.frame)
        self.target = start.copy()
        self.target[:3, 3] += shift
        self.target[:3, :3] = start[:3, :3] @ rotation_exp(np.asarray(rotvec, dtype=float))
        self._pin = None
        if path is not None:
            try:
                import pinocchio as pin
            except ImportError:
                pin = None
            if pin is not None:
                pm = pin.buildModelFromUrdf(str(path))
                self._pin = (pin, pm, pm.createData(), pm.getFrameId(self.frame))

    def fk(self, q) -> np.ndarray:
        """(m, 4, 4) poses of tool0; Pinocchio's when available (UR5), else modyn_model's."""
        if self._pin is None:
            return self.model.frame_placement(np.asarray(q), self.frame)
        pin, pm, pd, fid = self._pin
        out = []
        for qk in np.atleast_2d(q):
            pin.framesForwardKinematics(pm, pd, qk)
            out.append(pd.oMf[fid].homogeneous.copy())
        return np.array(out)

    def plan(self, target=None, **kw) -> TaskSpacePlan:
        args = {**LIMITS, "frame": self.frame, **kw}
        return plan_straight_line(
            self.model, self.q0, self.target if target is None else target, **args
        )


@pytest.fixture(scope="module")
def rx90(rx90_model):
    return Robot(
        "rx90", rx90_model, [0.2, -0.4, 1.2, 0.3, 0.8, -0.2], [0.1, -0.15, 0.05], [0.3, -0.2, 0.5]
    )


@pytest.fixture(scope="module")
def ur5(ur5_urdf):
    from modyn_model import RobotModel

    path = ur5_urdf
    return Robot(
        "ur5",
        RobotModel.from_urdf(path),
        [0.3, -1.2, 1.5, -1.9, -1.57, 0.4],
        [-0.15, 0.1, 0.2],
        [0.4, 0.3, -0.6],
        path=path,
    )


@pytest.fixture(params=["rx90", "ur5"])
def robot(request):
    return request.getfixturevalue(request.param)


def geodesic_distance(plan: TaskSpacePlan, rotations) -> np.ndarray:
    """Exact angle (rad) from each rotation A to the geodesic {A^i rot(u, β), 0 <= β <= α}.

    With the unit quaternion (v, w) of A^iᵀ A, rot(u, β)ᵀ A^iᵀ A has scalar part
    cos(β/2) w + sin(β/2) u·v, largest at β* = 2 atan2(u·v, w), where the angle is
    2 asin(|v − (u·v) u|). Outside [0, α] the nearer end is taken.
    """
    a_i, u, alpha = plan.start_pose[:3, :3], plan.axis, plan.angle
    rel = Rotation.from_matrix(a_i.T @ np.asarray(rotations))
    quat = rel.as_quat()  # x, y, z, w
    quat *= np.where(quat[:, 3] < 0.0, -1.0, 1.0)[:, None]
    v, w = quat[:, :3], quat[:, 3]
    along = v @ u
    dist = 2.0 * np.arcsin(np.minimum(np.linalg.norm(v - along[:, None] * u, axis=1), 1.0))
    beta = 2.0 * np.arctan2(along, w)
    outside = (beta < 0.0) | (beta > alpha)
    if np.any(outside):
        ends = [(Rotation.from_rotvec(-b * u) * rel[outside]).magnitude() for b in (0.0, alpha)]
        dist[outside] = np.minimum(*ends)
    return dist


def on_path_errors(robot: Robot, plan: TaskSpacePlan, q=None):
    """Distance (m) of FK(q) from the line and angle (rad) of its orientation from the
    geodesic (:func:`geodesic_distance`), computed independently of the library; also the
    fraction along the line and the rotation angle about u (scipy's rotation vector)."""
    poses = robot.fk(plan.positions if q is None else q)
    p_i, p_f = plan.start_pose[:3, 3], plan.target_pose[:3, 3]
    d = p_f - p_i
    rel = poses[:, :3, 3] - p_i
    if d @ d > 0.0:
        along = rel @ d / (d @ d)
        rel = rel - along[:, None] * d
    else:
        along = np.zeros(len(poses))
    rotvec = Rotation.from_matrix(plan.start_pose[:3, :3].T @ poses[:, :3, :3]).as_rotvec()
    return (
        np.linalg.norm(rel, axis=1),
        geodesic_distance(plan, poses[:, :3, :3]),
        along,
        rotvec @ plan.axis,
    )


# ----------------------------------------------------------------------------- geometry
@pytest.mark.parametrize("profile", PROFILES)
def test_every_sample_is_on_the_line_and_the_geodesic(robot, profile):
    plan = robot.plan(profile=profile)
    assert plan.distance > 0.1 and plan.angle > 0.3
    lin, ang, along, beta = on_path_errors(robot, plan)
    print(
        f"{robot.name} {profile}: t_f = {plan.duration:.4f} s, {plan.times.size} samples, max "
        f"line deviation {lin.max():.2e} m, geodesic {ang.max():.2e} rad, IK residual "
        f"{plan.max_ik_position_residual:.1e} m / {plan.max_ik_orientation_residual:.1e} rad, "
        f"σ_min {plan.min_singular_value:.3f}"
    )
    # the requirement is 1e-6 m / 1e-6 rad; the IK tolerance (1e-10) gives far better
    assert lin.max() <= 1e-9 and ang.max() <= 1e-9
    # the samples move forward along the line and about u, from 0 to D and 0 to α ([8.53]-[8.54])
    assert np.all(np.diff(along) >= -1e-10) and np.all(np.diff(beta) >= -1e-10)
    assert along[0] == pytest.approx(0.0, abs=1e-12) and along[-1] == pytest.approx(1.0, abs=1e-9)
    assert beta[0] == pytest.approx(0.0, abs=1e-12) and beta[-1] == pytest.approx(
        plan.angle, abs=1e-9
    )
    # and at the time law's place: P(t_k) = P^i + r(t_k)(P^f − P^i), A(t_k) = A^i rot(u, r α)
    np.testing.assert_allclose(along, plan.path_parameter, rtol=0, atol=1e-9)
    np.testing.assert_allclose(beta, plan.path_parameter * plan.angle, rtol=0, atol=1e-9)
    poses = robot.fk(plan.positions)
    np.testing.assert_allclose(poses[:, :3, 3], plan.tip_positions, rtol=0, atol=1e-9)
    np.testing.assert_allclose(poses[:, :3, :3], plan.tip_rotations, rtol=0, atol=1e-9)


def test_boundary_conditions(robot):
    plan = robot.plan(profile="quintic")
    np.testing.assert_array_equal(plan.positions[0], robot.q0)  # r = 0 is the start itself
    assert plan.times[0] == 0.0 and plan.times[-1] == plan.duration
    np.testing.assert_allclose(robot.fk(plan.positions[-1:])[0], robot.target, rtol=0, atol=1e-10)
    for k in (0, -1):  # at rest at both ends (quintic: q̇ = q̈ = 0 [8.10])
        np.testing.assert_allclose(plan.velocities[k], 0.0, atol=1e-12)
        np.testing.assert_allclose(plan.accelerations[k], 0.0, atol=1e-12)
        np.testing.assert_allclose(plan.tip_velocities[k], 0.0, atol=1e-15)
    # the sample grid: every 10 ms from 0, then t_f
    steps = np.diff(plan.times)
    np.testing.assert_allclose(steps[:-1], 0.01, rtol=1e-12)
    assert 0.0 < steps[-1] <= 0.01 + 1e-15


def test_joint_rates_match_finite_differences_of_the_samples(robot):
    """q̇ = J⁺[ṗ; ω] and q̈ = J⁺([p̈; ω̇] − J̇q̇) are the derivatives of the sampled q and q̇:
    central differences converge to them at second order (the error falls 4× when the step
    halves), which a wrong J̇q̇ or J⁺ would not allow (it leaves an O(1) error)."""
    h = 0.002
    plan = robot.plan(profile="quintic", sample_period=h)
    q, qd, qdd = plan.positions, plan.velocities, plan.accelerations
    k = np.arange(2, plan.times.size - 3)  # uniform interior (the last step may be shorter)

    def errors(x, dx, step):  # max over samples and joints of |(x(t+sh) − x(t−sh))/2sh − dx|
        return np.max(np.abs((x[k + step] - x[k - step]) / (2 * step * h) - dx[k]))

    ev1, ev2 = errors(q, qd, 1), errors(q, qd, 2)
    ea1, ea2 = errors(qd, qdd, 1), errors(qd, qdd, 2)
    print(
        f"{robot.name}: max |Δq/2h − q̇| = {ev1:.2e} (h = 2 ms), {ev2:.2e} (4 ms); "
        f"max |Δq̇/2h − q̈| = {ea1:.2e}, {ea2:.2e}; max |q̇| {np.abs(qd).max():.2f} rad/s, "
        f"max |q̈| {np.abs(qdd).max():.2f} rad/s²"
    )
    assert 3.5 <= ev2 / ev1 <= 4.5 and 3.5 <= ea2 / ea1 <= 4.5
    # and of the size the theory gives: h²/6 |q⃛|, with q⃛ from the differences of the q̈ samples
    jerk = np.max(np.abs(np.diff(qdd[: k[-1] + 2], axis=0))) / h
    assert ev1 <= 1.05 * h * h / 6 * jerk
    # and the tool twist they give is the planned one: J q̇ = [ṗ; ω]
    for k in range(0, q.shape[0], 25):
        jac = robot.model.jacobian(q[k], robot.frame)
        np.testing.assert_allclose(jac @ qd[k], plan.tip_velocities[k], rtol=0, atol=1e-12)


# ----------------------------------------------------------------------------- time law
def test_quintic_duration_is_table_8_1(rx90):
    """t_f = max over D and α of max(15 x/(8 k_v), √(10 x/(√3 k_a))) ([8.12]-[8.14])."""
    plan = rx90.plan(profile="quintic")
    d, alpha = plan.distance, plan.angle
    expected = max(
        15 * d / (8 * LIMITS["max_linear_velocity"]),
        math.sqrt(10 * d / (math.sqrt(3) * LIMITS["max_linear_acceleration"])),
        15 * alpha / (8 * LIMITS["max_angular_velocity"]),
        math.sqrt(10 * alpha / (math.sqrt(3) * LIMITS["max_angular_acceleration"])),
    )
    assert plan.duration == pytest.approx(expected, rel=1e-14)
    # D [8.48] and α [8.51] from the poses
    assert d == pytest.approx(np.linalg.norm([0.1, -0.15, 0.05]), rel=1e-12)
    assert alpha == pytest.approx(np.linalg.norm([0.3, -0.2, 0.5]), rel=1e-12)


@pytest.mark.parametrize("profile", PROFILES)
def test_cartesian_limits_are_respected_and_reached(rx90, profile):
    h = 0.002
    plan = rx90.plan(profile=profile, sample_period=h)
    lin_v = np.linalg.norm(plan.tip_velocities[:, :3], axis=1).max()
    ang_v = np.linalg.norm(plan.tip_velocities[:, 3:], axis=1).max()
    lin_a = np.linalg.norm(plan.tip_accelerations[:, :3], axis=1).max()
    ang_a = np.linalg.norm(plan.tip_accelerations[:, 3:], axis=1).max()
    ratios = [
        lin_v / LIMITS["max_linear_velocity"],
        lin_a / LIMITS["max_linear_acceleration"],
        ang_v / LIMITS["max_angular_velocity"],
        ang_a / LIMITS["max_angular_acceleration"],
    ]
    print(f"{profile}: peak/limit (v, a, ω, ω̇) = {np.round(ratios, 6).tolist()}")
    assert max(ratios) <= 1.0 + 1e-12
    # minimum time: one limit is reached, up to the sampling of the peak (the bang-bang
    # velocity peak is a corner at t_f/2, missed by up to 2h/t_f relatively)
    assert max(ratios) >= 1.0 - 2.0 * h / plan.duration
    # the tool velocity is that of the samples' FK: for any C¹ motion the central difference
    # (p(t+h) − p(t−h))/2h differs from ṗ(t) by at most h/2 · (oscillation of p̈ over
    # [t−h, t+h]), bounded here by the sampled p̈ steps (p̈ is monotone between samples, or
    # jumps once); plus the FK error of the IK residual (1e-10 m) over 2h
    p = rx90.fk(plan.positions)[:, :3, 3]
    acc = plan.tip_accelerations[:, :3]
    k = np.arange(1, plan.times.size - 2)  # uniform interior (the last step may be shorter)
    osc = np.maximum(
        np.linalg.norm(acc[k + 1] - acc[k], axis=1), np.linalg.norm(acc[k - 1] - acc[k], axis=1)
    )
    err = np.linalg.norm((p[k + 1] - p[k - 1]) / (2 * h) - plan.tip_velocities[k, :3], axis=1)
    assert np.all(err <= 0.5 * h * osc + 2e-10 / (2 * h)), np.max(err - 0.5 * h * osc)


# ----------------------------------------------------------------------------- special moves
def test_pure_rotation(robot):
    start = robot.model.frame_placement(robot.q0, robot.frame)
    target = start.copy()
    target[:3, :3] = start[:3, :3] @ rotation_exp(np.array([0.0, 0.6, 0.4]))
    plan = robot.plan(target=target)
    assert plan.distance == 0.0
    lin, ang, _, beta = on_path_errors(robot, plan)
    assert lin.max() <= 1e-9 and ang.max() <= 1e-9
    assert beta[-1] == pytest.approx(np.hypot(0.6, 0.4), abs=1e-9)
    # the tool origin stays put: duration from the angular limits alone
    alpha = np.hypot(0.6, 0.4)
    assert plan.duration == pytest.approx(
        max(15 * alpha / 8, math.sqrt(10 * alpha / (math.sqrt(3) * 4.0))), rel=1e-14
    )
    np.testing.assert_allclose(plan.tip_velocities[:, :3], 0.0, atol=0)


def test_pure_translation(robot):
    start = robot.model.frame_placement(robot.q0, robot.frame)
    target = start.copy()
    target[:3, 3] += [0.05, 0.1, -0.1]
    plan = robot.plan(target=target, profile="trapezoidal")
    assert plan.angle == 0.0 and plan.profile == "trapezoid"
    poses = robot.fk(plan.positions)
    # constant orientation: the angle of A^iᵀ A stays at the IK tolerance
    rel = Rotation.from_matrix(np.swapaxes(poses[:, :3, :3], -1, -2) @ start[:3, :3])
    assert rel.magnitude().max() <= 1e-9
    assert line_deviation(poses[:, :3, 3], start[:3, 3], target[:3, 3]).max() <= 1e-9
    np.testing.assert_allclose(plan.tip_velocities[:, 3:], 0.0, atol=0)


def test_rotation_near_pi_about_the_tool_axis(ur5):
    """α close to π and exactly π (where [8.51] divides by Sα ≈ 0): the geodesic is kept."""
    start = ur5.model.frame_placement(ur5.q0, ur5.frame)
    for angle in (np.pi - 1e-6, np.pi):
        target = start.copy()
        target[:3, :3] = start[:3, :3] @ rotation_exp(np.array([0.0, 0.0, angle]))
        plan = ur5.plan(target=target, max_angular_velocity=3.0, max_angular_acceleration=12.0)
        assert plan.angle == pytest.approx(angle, abs=1e-12)
        assert abs(abs(plan.axis[2]) - 1.0) <= 1e-12  # about the tool z axis (either sense at π)
        _, ang, _, beta = on_path_errors(ur5, plan)
        assert ang.max() <= 1e-9
        # a rotation about tool z only moves wrist_3: the other joints stay at rest
        np.testing.assert_allclose(
            plan.positions[:, :5], np.broadcast_to(ur5.q0[:5], (plan.times.size, 5)), atol=1e-9
        )
        assert abs(plan.positions[-1, 5] - ur5.q0[5]) == pytest.approx(angle, abs=1e-9)


def test_target_equal_to_start_is_a_single_sample(rx90):
    start = rx90.model.frame_placement(rx90.q0, rx90.frame)
    plan = rx90.plan(target=(start[:3, 3], start[:3, :3]))
    assert plan.duration == 0.0 and plan.times.tolist() == [0.0]
    np.testing.assert_array_equal(plan.positions[0], rx90.q0)
    assert plan.velocities.tolist() == [[0.0] * 6]


def test_target_as_position_and_quaternion(rx90):
    quat = Rotation.from_matrix(rx90.target[:3, :3]).as_quat()  # x, y, z, w
    a = rx90.plan(target=(rx90.target[:3, 3], quat))
    b = rx90.plan()
    np.testing.assert_allclose(a.positions, b.positions, rtol=0, atol=1e-9)


# ----------------------------------------------------------------------------- interpolation
def test_inter_sample_deviation_is_reported_and_shrinks(robot):
    devs = []
    for period in (0.2, 0.1, 0.05, 0.02):
        plan = robot.plan(profile="quintic", sample_period=period)
        assert np.isfinite(plan.max_line_deviation) and np.isfinite(plan.max_geodesic_deviation)
        # the reported number bounds an independent check at the interval midpoints
        traj = PiecewiseQuintic(plan.times, plan.positions, plan.velocities, plan.accelerations)
        mid = 0.5 * (plan.times[1:] + plan.times[:-1])
        lin, ang, _, _ = on_path_errors(robot, plan, traj.sample(mid)[0])
        assert plan.max_line_deviation >= lin.max() - 1e-15
        assert plan.max_geodesic_deviation >= ang.max() - 1e-15
        devs.append((period, plan.max_line_deviation, plan.max_geodesic_deviation))
    print(robot.name, [f"{p}: {a:.1e} m, {b:.1e} rad" for p, a, b in devs])
    lines = [d[1] for d in devs]
    # decreasing until it reaches the IK tolerance (1e-10) floor
    for coarse, fine in zip(lines, lines[1:], strict=False):
        assert fine < coarse or fine <= 1e-10
    assert lines[0] > 10 * lines[-1]
    assert lines[-1] <= 1e-8 and devs[-1][2] <= 1e-8


# ----------------------------------------------------------------------------- errors
@pytest.mark.parametrize("name", sorted(LIMITS))
@pytest.mark.parametrize("value", [0.0, -1.0, math.nan, math.inf])
def test_limits_must_be_positive_and_finite(rx90, name, value):
    with pytest.raises(TaskSpaceError, match=rf"^{name} = {value}: must be finite and > 0"):
        rx90.plan(**{**LIMITS, name: value})


def test_nan_inputs_are_named(rx90):
    q = rx90.q0.copy()
    q[2] = math.nan
    with pytest.raises(TaskSpaceError, match=r"q_start\[joint 'joint3'\] is nan"):
        plan_straight_line(rx90.model, q, rx90.target, frame="tool0", **LIMITS)
    target = rx90.target.copy()
    target[1, 3] = math.nan
    with pytest.raises(TaskSpaceError, match=r"target .*\[1, 3\] is nan"):
        rx90.plan(target=target)
    with pytest.raises(TaskSpaceError, match=r"target position\[0\] is nan"):
        rx90.plan(target=([math.nan, 0.0, 0.0], np.eye(3)))
    with pytest.raises(TaskSpaceError, match="quaternion .* norm 0"):
        rx90.plan(target=([0.5, 0.0, 0.5], [0.0, 0.0, 0.0, 0.0]))
    with pytest.raises(TaskSpaceError, match="not a rotation matrix"):
        rx90.plan(target=([0.5, 0.0, 0.5], 2.0 * np.eye(3)))


def test_bad_arguments_are_named(rx90):
    with pytest.raises(TaskSpaceError, match="profile = 'septic'"):
        rx90.plan(profile="septic")
    with pytest.raises(TaskSpaceError, match="frame = 'flange'.*no link or frame named"):
        rx90.plan(frame="flange")
    with pytest.raises(TaskSpaceError, match="sample_period = 0.0"):
        rx90.plan(sample_period=0.0)
    with pytest.raises(TaskSpaceError, match="min_singular_value = -1.0"):
        rx90.plan(min_singular_value=-1.0)
    with pytest.raises(TaskSpaceError, match="refine = 2.5"):
        rx90.plan(refine=2.5)
    with pytest.raises(TaskSpaceError, match=r"q_start: shape \(5,\), expected \(6,\)"):
        plan_straight_line(rx90.model, np.zeros(5), rx90.target, frame="tool0", **LIMITS)
    q = rx90.q0.copy()
    q[1] = 3.0
    with pytest.raises(TaskSpaceError, match="at q_start: joint 'joint2' = 3 is above"):
        plan_straight_line(rx90.model, q, rx90.target, frame="tool0", **LIMITS)


def test_fewer_than_six_joints_is_refused(planar_model):
    target = planar_model.frame_placement(np.zeros(2), planar_model.link_names[-1])
    with pytest.raises(TaskSpaceError, match="has 2 joints: .* needs at least 6"):
        plan_straight_line(
            planar_model, [0.1, 0.2], target, frame=planar_model.link_names[-1], **LIMITS
        )


def test_unreachable_target(rx90, ur5):
    for robot, where in ((rx90, [1.5, 0.0, 0.5]), (ur5, [0.0, 1.2, 0.8])):
        target = robot.target.copy()
        target[:3, 3] = where
        with pytest.raises(TaskSpaceError, match="target out of reach of 'tool0'"):
            robot.plan(target=target)


def test_line_through_the_base_column_leaves_the_workspace(ur5):
    """UR5, tool pointing down, moved across the axis of its base: with the shoulder and wrist
    offsets the tool cannot enter a column around that axis in this orientation, although
    both ends are reachable. The IK failure is reported where the line enters the column
    (with the default checks, joint 1's velocity limit stops it just before)."""
    pose = ur5.model.frame_placement(ur5.q0, "tool0")
    start, goal = pose.copy(), pose.copy()
    start[1, 3] = goal[1, 3] = 0.0
    goal[0, 3] = -pose[0, 3]
    sol = solve_ik(ur5.model, "tool0", start[:3, 3], start[:3, :3], ur5.q0)
    assert sol.converged
    lenient = dict(check_velocity_limits=False, min_singular_value=1e-9)
    with pytest.raises(TaskSpaceError, match=r"IK failed at r = 0\.\d+ \(t = [\d.]+ s\): res"):
        plan_straight_line(ur5.model, sol.q, goal, frame="tool0", **lenient, **LIMITS)
    with pytest.raises(TaskSpaceError, match="joint 'shoulder_pan_joint' velocity .* exceeds"):
        plan_straight_line(ur5.model, sol.q, goal, frame="tool0", **LIMITS)
    # the target itself is reachable (the direct solve converges)
    direct = solve_ik(ur5.model, "tool0", goal[:3, 3], goal[:3, :3], sol.q)
    assert direct.converged


def test_singular_path_through_the_shoulder_singularity(rx90):
    """A translation along x0 that takes the wrist centre across the axis of joint 1: with
    q3 = π/2 − 2 q2 the upper arm and the forearm (both 0.45 m) form an isosceles triangle
    with the wrist centre on z0, where J loses a rank (the shoulder singularity)."""
    q_s = np.array([0.0, 0.5, np.pi / 2 - 1.0, 0.0, 0.5, 0.0])
    centre = rx90.model.frame_placement(q_s, "link4")[:3, 3]
    assert np.hypot(centre[0], centre[1]) < 1e-15 and centre[2] > 0.4
    assert np.linalg.svd(rx90.model.jacobian(q_s, "tool0"), compute_uv=False)[-1] < 1e-15
    pose = rx90.model.frame_placement(q_s, "tool0")
    start, goal = pose.copy(), pose.copy()
    start[0, 3] += 0.1
    goal[0, 3] -= 0.1
    sol = solve_ik(rx90.model, "tool0", start[:3, 3], start[:3, :3], q_s)
    assert sol.converged
    with pytest.raises(
        TaskSpaceError, match=r"singular configuration at r = 0\.5\d* .*smallest singular value"
    ):
        plan_straight_line(rx90.model, sol.q, goal, frame="tool0", **LIMITS)
    # with the check off, the line is followed through it (q1 stays 0: the motion lies in the
    # range of J): the threshold is what reports it
    plan = plan_straight_line(
        rx90.model, sol.q, goal, frame="tool0", min_singular_value=1e-12, **LIMITS
    )
    assert plan.min_singular_value < 1e-3
    np.testing.assert_allclose(plan.positions[:, 0], 0.0, atol=1e-12)


def test_singular_path_through_the_wrist_singularity(rx90):
    """q5 from +0.3 to −0.3: the geodesic passes the q5 = 0 orientation (joints 4 and 6
    aligned), where q̇4 and q̇6 grow like 1/σ_min."""
    q_a = np.array([0.2, -0.4, 1.2, 0.3, 0.3, -0.2])
    q_b = q_a.copy()
    q_b[4] = -0.3
    target = rx90.model.frame_placement(q_b, "tool0")
    with pytest.raises(
        TaskSpaceError,
        match=r"singular configuration at r = 0\.5.*smallest "
        r"singular value .* < min_singular_value = 0\.001",
    ):
        plan_straight_line(
            rx90.model, q_a, target, frame="tool0", check_velocity_limits=False, **LIMITS
        )
    # with the velocity check (the default), the first violated joint limit is named
    with pytest.raises(TaskSpaceError, match=r"joint 'joint[46]' velocity .* exceeds its limit"):
        plan_straight_line(rx90.model, q_a, target, frame="tool0", **LIMITS)


def test_path_leaving_the_joint_limits_names_the_joint(rx90):
    q_a = np.array([0.2, -0.4, 1.2, 0.3, 1.9, -0.2])
    q_b = q_a.copy()
    q_b[4] = 2.3  # joint5 upper limit: 2.0944 rad
    target = rx90.model.frame_placement(q_b, "tool0")
    with pytest.raises(TaskSpaceError, match=r"leaves the joint limits at r = .*'joint5'"):
        plan_straight_line(rx90.model, q_a, target, frame="tool0", **LIMITS)


# ----------------------------------------------------------------------------- random requests
def test_random_requests_give_a_valid_plan_or_a_named_error(ur5):
    """Random starts and targets on the UR5: every plan returned is on the line and the
    geodesic, inside the joint limits, and ends at the target; every refusal is one of the
    documented errors. Most requests succeed (the test is not vacuous)."""
    rng = np.random.default_rng(2024)
    model = ur5.model
    known = (
        "singular configuration",
        "IK failed",
        "velocity",
        "leaves the joint limits",
        "moves",
        "target out of reach",
    )
    # slow enough for the joint velocity limits (3.15 rad/s) away from singularities
    slow = dict(LIMITS, max_linear_velocity=0.2, max_angular_velocity=0.4)
    ok, refused = 0, []
    for _ in range(12):
        q0 = rng.uniform(0.8 * model.lower, 0.8 * model.upper)
        q0[2] = rng.uniform(0.4, 2.5) * rng.choice([-1.0, 1.0])  # away from the stretched arm
        pose = model.frame_placement(q0, "tool0")
        target = pose.copy()
        target[:3, 3] += rng.uniform(-0.15, 0.15, 3)
        target[:3, :3] = pose[:3, :3] @ rotation_exp(rng.uniform(-0.5, 0.5, 3))
        try:
            plan = plan_straight_line(model, q0, target, frame="tool0", **slow)
        except TaskSpaceError as exc:
            assert any(word in str(exc) for word in known), exc
            refused.append(str(exc).split(":")[0])
            continue
        ok += 1
        lin, ang, _, _ = on_path_errors(ur5, plan)
        assert lin.max() <= 1e-9 and ang.max() <= 1e-9
        assert np.all(plan.positions >= model.lower) and np.all(plan.positions <= model.upper)
        np.testing.assert_allclose(ur5.fk(plan.positions[-1:])[0], target, atol=1e-10)
    print(f"{ok} plans, {len(refused)} refused: {refused}")
    assert ok >= 8
