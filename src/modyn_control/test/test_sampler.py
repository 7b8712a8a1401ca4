"""TrajectorySampler: quintic Hermite on q, q̇, q̈, linear on effort; messages → sampler."""

from __future__ import annotations

import math
from types import SimpleNamespace

import numpy as np
import pytest

from modyn_control.messages import sampler_from_message, trajectory_arrays
from modyn_ros.joint_map import JointMap, MessageError
from modyn_trajectory.quintic import TrajectoryError, plan_waypoints, sample_times
from modyn_trajectory.sampler import TrajectorySampler


def _points_of(traj, period):
    times = sample_times(traj, period)
    q, v, a = traj.sample(times)
    return times, q, v, a


def test_hermite_reproduces_a_quintic_exactly():
    rng = np.random.default_rng(3)
    coef = rng.normal(size=(6, 2))
    polys = [np.polynomial.Polynomial(coef[:, j]) for j in range(2)]

    def at(t, k=0):
        return np.array([[p.deriv(k)(x) if k else p(x) for p in polys] for x in t])

    knots = np.array([0.0, 0.13, 0.5, 0.51, 1.2])
    sampler = TrajectorySampler(knots, 0.0, at(knots), at(knots, 1), at(knots, 2))
    for t in np.linspace(0.0, 1.2, 301):
        q, v, a, _ = sampler.sample(t)
        np.testing.assert_allclose(q, at([t])[0], rtol=0, atol=1e-12)
        np.testing.assert_allclose(v, at([t], 1)[0], rtol=0, atol=1e-11)
        np.testing.assert_allclose(a, at([t], 2)[0], rtol=0, atol=1e-10)


@pytest.mark.parametrize("moving", [False, True])
def test_matches_piecewise_quintic_between_samples(moving):
    kwargs = dict(v0=[0.5, -0.2, 0.1], a0=[1.0, 0.0, -2.0]) if moving else {}
    traj = plan_waypoints(
        [0.0, 0.3, -0.2],
        [[1.0, -0.4, 0.5], [0.2, 0.2, 0.2], [0.9, 0.0, -1.0]],
        v_max=[1.0, 1.5, 2.0],
        a_max=[3.0, 4.0, 5.0],
        **kwargs,
    )
    times, q, v, a = _points_of(traj, 0.01)
    start = 1234.5
    sampler = TrajectorySampler(times, start, q, v, a)
    for t in np.linspace(0.0, traj.end, 2003):
        got = sampler.sample(start + t)
        # compare at the time the sampler sees: start + t − start differs from t by rounding
        expected = traj.sample((start + t) - start)
        # q and q̇ to 1e-12; q̈ to 1e-9: the Hermite coefficients divide the rounding of the
        # sampled positions (~1e-16) by h³..h⁵ (h = 0.01 s), which leaves ~1e-10 on q̈
        for e, g, tol in zip(expected, got[:3], (1e-12, 1e-12, 1e-9), strict=True):
            np.testing.assert_allclose(g, e, rtol=0, atol=tol)
        assert sampler.active(start + t)


def test_effort_is_linear_between_points():
    times = np.array([0.0, 1.0, 3.0])
    q = np.zeros((3, 2))
    effort = np.array([[0.0, 10.0], [2.0, -10.0], [2.0, 0.0]])
    sampler = TrajectorySampler(times, 5.0, q, q, q, effort)
    for s, expected in [(0.25, [0.5, 5.0]), (1.0, [2.0, -10.0]), (2.0, [2.0, -5.0])]:
        np.testing.assert_allclose(sampler.sample(5.0 + s)[3], expected, rtol=0, atol=1e-12)


def test_clamping_active_and_end_state():
    traj = plan_waypoints([0.0], [[1.0]], v_max=[1.0], a_max=[1.0])
    times, q, v, a = _points_of(traj, 0.1)
    effort = np.linspace(1.0, 2.0, times.shape[0])[:, None]
    sampler = TrajectorySampler(times, 10.0, q, v, a, effort)
    assert sampler.begin == 10.0 and sampler.end == pytest.approx(10.0 + traj.duration)
    assert not sampler.active(9.999) and sampler.active(10.0) and sampler.active(sampler.end)
    assert not sampler.active(sampler.end + 1e-6)
    q0, v0, a0, e0 = (x.copy() for x in sampler.sample(-100.0))
    assert (q0[0], v0[0], a0[0], e0[0]) == (0.0, 0.0, 0.0, 1.0)
    q1, v1, a1, e1 = sampler.sample(1e6)
    assert (q1[0], v1[0], a1[0], e1[0]) == (1.0, 0.0, 0.0, 2.0)
    end = sampler.end_state()
    assert [x[0] for x in end] == [1.0, 0.0, 0.0, 2.0]
    end[0][0] = 99.0  # a copy
    assert sampler.end_state()[0][0] == 1.0


def test_single_point_trajectory():
    sampler = TrajectorySampler([0.0], 2.0, [[0.5, 0.6]], [[0, 0]], [[0, 0]], [[3.0, 4.0]])
    assert sampler.active(2.0) and not sampler.active(2.1)
    np.testing.assert_array_equal(sampler.sample(2.0)[0], [0.5, 0.6])
    np.testing.assert_array_equal(sampler.sample(7.0)[3], [3.0, 4.0])


def test_sampler_rejects_bad_arrays():
    z = np.zeros((2, 1))
    with pytest.raises(TrajectoryError, match="strictly increasing"):
        TrajectorySampler([0.0, 0.0], 0.0, z, z, z)
    with pytest.raises(TrajectoryError, match=r"v: shape \(3, 1\)"):
        TrajectorySampler([0.0, 1.0], 0.0, z, np.zeros((3, 1)), z)
    with pytest.raises(TrajectoryError, match="effort has a non-finite value"):
        TrajectorySampler([0.0, 1.0], 0.0, z, z, z, [[0.0], [math.nan]])
    with pytest.raises(TrajectoryError, match="start is nan"):
        TrajectorySampler([0.0, 1.0], math.nan, z, z, z)


# ----------------------------------------------------------------------------- messages
def _duration(t):
    sec, nsec = divmod(round(t * 1e9), 1_000_000_000)
    return SimpleNamespace(sec=sec, nanosec=nsec)


def _msg(names, times, q, v, a, effort=None, stamp=(7, 500_000_000)):
    """A JointTrajectory look-alike (the functions read attributes only)."""
    points = [
        SimpleNamespace(
            positions=list(q[i]),
            velocities=list(v[i]),
            accelerations=list(a[i]),
            effort=[] if effort is None else list(effort[i]),
            time_from_start=_duration(t),
        )
        for i, t in enumerate(times)
    ]
    header = SimpleNamespace(stamp=SimpleNamespace(sec=stamp[0], nanosec=stamp[1]))
    return SimpleNamespace(header=header, joint_names=list(names), points=points)


def test_sampler_from_message_reorders_joints():
    traj = plan_waypoints([0.0, 1.0], [[1.0, -1.0]], v_max=[1.0, 1.0], a_max=[2.0, 2.0])
    times, q, v, a = _points_of(traj, 0.05)
    effort = np.column_stack([np.arange(len(times)), -np.arange(len(times))]).astype(float)
    # the message lists the joints in the other order
    msg = _msg(["b", "a"], times, q[:, ::-1], v[:, ::-1], a[:, ::-1], effort[:, ::-1])
    sampler = sampler_from_message(msg, JointMap(["a", "b"]))
    assert sampler.start == 7.5
    for t in np.linspace(0, traj.end, 57):
        got = sampler.sample(7.5 + t)
        np.testing.assert_allclose(got[0], traj.sample(t)[0], atol=1e-9)
    np.testing.assert_allclose(sampler.sample(7.5 + times[3])[3], effort[3], atol=1e-12)
    # without efforts: zero feed-forward
    plain = sampler_from_message(_msg(["a", "b"], times, q, v, a), JointMap(["a", "b"]))
    assert not plain.sample(7.6)[3].any()


@pytest.mark.parametrize(
    "mutate, match",
    [
        (lambda m: setattr(m, "joint_names", ["a", "x"]), r"unknown joint name\(s\) \['x'\]"),
        (lambda m: setattr(m, "joint_names", ["a"]), r"missing joint\(s\) \['b'\]"),
        (lambda m: m.points[1].positions.__setitem__(0, math.nan), r"points\[1\].positions\[0\]"),
        (lambda m: m.points[2].velocities.pop(), r"points\[2\].velocities: 1 values for 2"),
        (lambda m: m.points[0].effort.extend([1.0, 2.0]), r"points\[1\].effort: 0 values"),
        (
            lambda m: setattr(m.points[2], "time_from_start", _duration(0.05)),
            r"points\[2\].time_from_start = 0.05 s is not after points\[1\]",
        ),
        (lambda m: setattr(m, "points", []), "points: empty trajectory"),
    ],
)
def test_bad_trajectory_messages(mutate, match):
    times = np.array([0.0, 0.1, 0.2])
    z = np.zeros((3, 2))
    msg = _msg(["a", "b"], times, z, z, z)
    mutate(msg)
    with pytest.raises(MessageError, match=match):
        trajectory_arrays(msg, JointMap(["a", "b"]))
