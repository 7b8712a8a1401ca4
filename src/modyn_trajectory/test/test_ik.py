"""Numerical IK, rotation helpers and J̇q̇ of modyn_trajectory.ik, against references nobody here
wrote: scipy's Rotation (rotation vectors, quaternions) and Pinocchio (frame placements and the
classical frame acceleration), plus finite differences along a path."""

from __future__ import annotations

import numpy as np
import pytest
from scipy.spatial.transform import Rotation

from modyn_trajectory.ik import (
    TaskSpaceError,
    check_joint_limits,
    jdot_qdot,
    pose_error,
    rotation_exp,
    rotation_log,
    solve_ik,
)
from modyn_trajectory.quintic import TrajectoryError
from modyn_trajectory.task_space import axis_angle, rotation_from_quaternion


@pytest.fixture(scope="module")
def ur5(ur5_urdf):
    from modyn_model import RobotModel

    path = ur5_urdf
    return RobotModel.from_urdf(path), path


# ----------------------------------------------------------------------------- rotations
ANGLES = [0.0, 1e-12, 1e-7, 0.3, np.pi / 2, 2.0, 3.0, np.pi - 1e-6, np.pi - 1e-12]


@pytest.mark.parametrize("angle", ANGLES)
def test_rotation_log_matches_scipy(angle):
    rng = np.random.default_rng(int(angle * 1e6) % 1000)
    for _ in range(20):
        u = rng.normal(size=3)
        u /= np.linalg.norm(u)
        r = Rotation.from_rotvec(angle * u).as_matrix()
        w = rotation_log(r)
        assert np.linalg.norm(w) <= np.pi + 1e-15
        np.testing.assert_allclose(w, Rotation.from_matrix(r).as_rotvec(), rtol=0, atol=2e-8)
        # and exp(log R) = R to rounding (independently of the axis sign at π)
        np.testing.assert_allclose(rotation_exp(w), r, rtol=0, atol=5e-15)


def test_rotation_log_at_pi_and_batched():
    for axis in np.eye(3):
        r = Rotation.from_rotvec(np.pi * axis).as_matrix()
        w = rotation_log(r)
        assert np.linalg.norm(w) == pytest.approx(np.pi, abs=1e-15)
        np.testing.assert_allclose(np.abs(w), np.pi * axis, atol=1e-15)
    rots = Rotation.random(50, random_state=3)
    np.testing.assert_allclose(rotation_log(rots.as_matrix()), rots.as_rotvec(), rtol=0, atol=1e-13)


def test_axis_angle_khalil_8_49_to_8_51():
    """A^i rot(u, α) = A^f [8.49], and Cα, Sα, u as printed in [8.51] for the generic case."""
    for seed in range(20):
        ai, af = Rotation.random(2, random_state=seed).as_matrix()
        u, alpha = axis_angle(ai, af)
        assert abs(np.linalg.norm(u) - 1.0) < 1e-15 and 0.0 <= alpha <= np.pi
        np.testing.assert_allclose(ai @ rotation_exp(alpha * u), af, rtol=0, atol=1e-14)
        (si, ni, a_i), (sf, nf, a_f) = ai.T, af.T  # columns s, n, a
        c = 0.5 * (si @ sf + ni @ nf + a_i @ a_f - 1.0)
        v = np.array([a_i @ nf - ni @ a_f, si @ a_f - a_i @ sf, ni @ sf - si @ nf])
        s = 0.5 * np.linalg.norm(v)
        assert alpha == pytest.approx(np.arctan2(s, c), abs=1e-14)
        if s > 1e-3:
            np.testing.assert_allclose(u, v / (2.0 * s), atol=1e-13)


def test_quaternion_xyzw_matches_scipy_and_rejects_bad_ones():
    for quat in Rotation.random(10, random_state=1).as_quat():  # scipy's order is x, y, z, w
        np.testing.assert_allclose(
            rotation_from_quaternion(quat), Rotation.from_quat(quat).as_matrix(), atol=1e-15
        )
    with pytest.raises(TaskSpaceError, match="norm 0"):
        rotation_from_quaternion([0.0, 0.0, 0.0, 0.0])
    with pytest.raises(TaskSpaceError, match=r"\[2\] is nan"):
        rotation_from_quaternion([0.0, 0.0, np.nan, 1.0])
    assert issubclass(TaskSpaceError, TrajectoryError)


# ----------------------------------------------------------------------------- IK
def _random_reachable(model, frame, rng):
    lo = np.where(np.isfinite(model.lower), model.lower, -np.pi)
    hi = np.where(np.isfinite(model.upper), model.upper, np.pi)
    q = rng.uniform(0.8 * lo, 0.8 * hi)
    return q, model.frame_placement(q, frame)


@pytest.mark.parametrize("robot", ["rx90", "ur5"])
def test_solve_ik_converges_to_tolerance(robot, rx90_model, ur5):
    model, frame = (rx90_model, "tool0") if robot == "rx90" else (ur5[0], "tool0")
    rng = np.random.default_rng(7)
    worst, iterations = 0.0, []
    for _ in range(20):
        q_true, target = _random_reachable(model, frame, rng)
        start = q_true + rng.normal(scale=0.15, size=model.nq)
        sol = solve_ik(model, frame, target[:3, 3], target[:3, :3], start)
        assert sol.converged, sol
        pose = model.frame_placement(sol.q, frame)
        e = pose_error(pose, target[:3, 3], target[:3, :3])
        assert np.linalg.norm(e[:3]) <= 1e-10 and np.linalg.norm(e[3:]) <= 1e-10
        assert sol.position_residual == pytest.approx(np.linalg.norm(e[:3]), abs=1e-16)
        worst = max(worst, np.linalg.norm(e))
        iterations.append(sol.iterations)
    print(f"{robot}: worst residual {worst:.2e}, iterations {min(iterations)}-{max(iterations)}")


def test_solve_ik_matches_pinocchio_placement(ur5):
    """The solution, fed to Pinocchio's forward kinematics, reaches the target."""
    pin = pytest.importorskip("pinocchio")
    model, path = ur5
    pm = pin.buildModelFromUrdf(str(path))
    pd = pm.createData()
    fid = pm.getFrameId("tool0")
    rng = np.random.default_rng(11)
    for _ in range(5):
        _, target = _random_reachable(model, "tool0", rng)
        sol = solve_ik(model, "tool0", target[:3, 3], target[:3, :3], np.zeros(6) + 0.3)
        if not sol.converged:  # another branch than the one near the start: not this test
            continue
        pin.framesForwardKinematics(pm, pd, sol.q)
        np.testing.assert_allclose(pd.oMf[fid].homogeneous, target, rtol=0, atol=1e-9)


def test_solve_ik_reports_unreachable(rx90_model):
    q0 = np.array([0.2, -0.4, 1.2, 0.3, 0.8, -0.2])
    pose = rx90_model.frame_placement(q0, "tool0")
    far = np.array([1.5, 0.0, 0.5])
    sol = solve_ik(rx90_model, "tool0", far, pose[:3, :3], q0)
    assert not sol.converged
    # the shoulder is at the origin and the arm reaches 0.45 + 0.45 + 0.05 m (tool0) from it:
    # no configuration comes closer than ‖far‖ − 0.95 m
    assert sol.position_residual >= np.linalg.norm(far) - 0.95 - 1e-12
    assert sol.evaluations <= 1000


def test_check_joint_limits_names_the_joint(rx90_model):
    q = np.zeros(6)
    q[4] = 2.5  # joint5 upper limit 2.094 rad
    with pytest.raises(TaskSpaceError, match=r"joint 'joint5' = 2\.5 is above its limit 2\.0944"):
        check_joint_limits(rx90_model, q)
    check_joint_limits(rx90_model, np.zeros(6))


# ----------------------------------------------------------------------------- J̇ q̇
def test_jdot_qdot_matches_pinocchio_classical_acceleration(ur5):
    """J̇q̇ = classical acceleration of the frame origin with q̈ = 0 (LOCAL_WORLD_ALIGNED)."""
    pin = pytest.importorskip("pinocchio")
    model, path = ur5
    pm = pin.buildModelFromUrdf(str(path))
    pd = pm.createData()
    fid = pm.getFrameId("tool0")
    rng = np.random.default_rng(5)
    worst = 0.0
    for _ in range(20):
        q, v = rng.uniform(-3.0, 3.0, 6), rng.uniform(-2.0, 2.0, 6)
        pin.forwardKinematics(pm, pd, q, v, np.zeros(6))
        pin.updateFramePlacements(pm, pd)
        acc = pin.getFrameClassicalAcceleration(pm, pd, fid, pin.LOCAL_WORLD_ALIGNED)
        ref = np.concatenate([acc.linear, acc.angular])
        got = jdot_qdot(model, q, v, "tool0")
        worst = max(worst, float(np.max(np.abs(got - ref))))
        np.testing.assert_allclose(got, ref, rtol=0, atol=1e-12 * max(1.0, np.abs(ref).max()))
    print(f"max |J̇q̇ − pinocchio| = {worst:.2e}")
    # batched: a leading axis
    q, v = rng.uniform(-3.0, 3.0, (4, 6)), rng.uniform(-2.0, 2.0, (4, 6))
    batch = jdot_qdot(model, q, v, "tool0")
    for k in range(4):
        np.testing.assert_array_equal(batch[k], jdot_qdot(model, q[k], v[k], "tool0"))


def test_jdot_qdot_matches_finite_difference_along_a_path(rx90_model):
    """d/dt [J(q(t)) q̇(t)] = J q̈ + J̇ q̇ along q(t) = q0 + v0 t + ½ a0 t² + j0 t³/6."""
    rng = np.random.default_rng(2)
    q0, v0, a0, j0 = (rng.uniform(-1.0, 1.0, 6) for _ in range(4))

    def state(t):
        q = q0 + v0 * t + 0.5 * a0 * t**2 + j0 * t**3 / 6.0
        return q, v0 + a0 * t + 0.5 * j0 * t**2, a0 + j0 * t

    def xdot(t):
        q, v, _ = state(t)
        return rx90_model.jacobian(q, "tool0") @ v

    h = 1e-4
    worst = 0.0
    for t in (0.0, 0.3, 0.7):
        q, v, a = state(t)
        # 4th-order central difference: truncation ~ h⁴, rounding ~ 1e-16/h
        fd = (-xdot(t + 2 * h) + 8 * xdot(t + h) - 8 * xdot(t - h) + xdot(t - 2 * h)) / (12 * h)
        exact = rx90_model.jacobian(q, "tool0") @ a + jdot_qdot(rx90_model, q, v, "tool0")
        worst = max(worst, float(np.max(np.abs(fd - exact))))
        np.testing.assert_allclose(exact, fd, rtol=0, atol=1e-9)
    print(f"max |J q̈ + J̇q̇ − d/dt(J q̇)| = {worst:.2e}")
