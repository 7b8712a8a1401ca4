"""The quintic trajectory library against Khalil's closed forms [8.11]-[8.14]."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from modyn_trajectory.quintic import (
    PiecewiseQuintic,
    TrajectoryError,
    hermite_coefficients,
    hermite_peaks,
    minimum_duration,
    plan_waypoints,
    quintic_peaks,
    sample_times,
)

SQRT3 = math.sqrt(3.0)


def test_rest_to_rest_segment_is_khalil_8_11():
    """q(t) = q_i + r(t/T) D with r(τ) = 10τ³ − 15τ⁴ + 6τ⁵, and its derivatives."""
    q_i, d, T = np.array([0.3, -1.0]), np.array([1.2, 0.5]), 1.7
    traj = PiecewiseQuintic([0.0, T], [q_i, q_i + d])
    tau = np.linspace(0.0, 1.0, 101)
    q, v, a = traj.sample(tau * T)
    r = 10 * tau**3 - 15 * tau**4 + 6 * tau**5
    dr = (30 * tau**2 - 60 * tau**3 + 30 * tau**4) / T
    ddr = (60 * tau - 180 * tau**2 + 120 * tau**3) / T**2
    np.testing.assert_allclose(q, q_i + r[:, None] * d, rtol=0, atol=1e-14)
    np.testing.assert_allclose(v, dr[:, None] * d, rtol=0, atol=1e-13)
    np.testing.assert_allclose(a, ddr[:, None] * d, rtol=0, atol=1e-12)


def test_boundary_conditions_at_knots_are_exact():
    traj = plan_waypoints(
        [0.1, 0.2, 0.3],
        [[1.0, -0.5, 0.3], [0.0, 0.0, 2.0], [0.5, 0.5, 0.5]],
        v_max=[1.0, 2.0, 3.0],
        a_max=[4.0, 5.0, 6.0],
    )
    q, v, a = traj.sample(traj.times)
    np.testing.assert_array_equal(q, traj.positions)
    np.testing.assert_array_equal(v, 0.0)
    np.testing.assert_array_equal(a, 0.0)


@pytest.mark.parametrize("d, T", [(1.0, 1.0), (-0.7, 0.3), (2.5, 4.0), (1e-3, 1e-2)])
def test_peaks_are_8_12_and_8_13(d, T):
    """|q̇|max = 15|D|/(8T) at T/2 [8.12]; |q̈|max = 10|D|/(√3 T²) at T/2 − T/(2√3) [8.13]."""
    traj = PiecewiseQuintic([0.0, T], [[0.0], [d]])
    v_peak, a_peak = quintic_peaks([d], T)
    _, v, _ = traj.sample(T / 2)
    assert abs(v[0]) == pytest.approx(v_peak[0], rel=1e-12)
    assert v_peak[0] == pytest.approx(15 * abs(d) / (8 * T), rel=1e-15)
    _, _, a = traj.sample(T / 2 - T / (2 * SQRT3))
    assert abs(a[0]) == pytest.approx(a_peak[0], rel=1e-9)
    assert a_peak[0] == pytest.approx(10 * abs(d) / (SQRT3 * T * T), rel=1e-15)
    # the printed [8.13] (10|D|/(3T²), the square root lost) is not the peak
    assert a_peak[0] > 10 * abs(d) / (3 * T * T) * 1.7
    # nothing exceeds them on a dense grid
    _, v, a = traj.sample(np.linspace(0, T, 20001))
    assert np.abs(v).max() <= v_peak[0] * (1 + 1e-12)
    assert np.abs(a).max() <= a_peak[0] * (1 + 1e-12)
    assert np.abs(a).max() == pytest.approx(a_peak[0], rel=1e-6)


def test_minimum_duration_velocity_limited():
    d, vm, am = np.array([2.0, 0.1]), np.array([1.0, 1.0]), np.array([100.0, 100.0])
    T = minimum_duration(d, vm, am)
    assert T == pytest.approx(15 * 2.0 / (8 * 1.0), rel=1e-15)
    v_peak, a_peak = quintic_peaks(d, T)
    assert v_peak[0] == pytest.approx(vm[0], rel=1e-12)  # the limiting joint is at its limit
    assert np.all(v_peak <= vm * (1 + 1e-12)) and np.all(a_peak <= am)


def test_minimum_duration_acceleration_limited():
    d, vm, am = np.array([0.3, 2.0]), np.array([10.0, 10.0]), np.array([1.0, 5.0])
    T = minimum_duration(d, vm, am)
    v_peak, a_peak = quintic_peaks(d, T)
    assert np.max(a_peak / am) == pytest.approx(1.0, rel=1e-12)
    assert np.argmax(a_peak / am) == 1
    assert T == pytest.approx(math.sqrt(10 * 2.0 / (SQRT3 * 5.0)), rel=1e-15)
    assert np.all(v_peak <= vm)


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.tuples(
            # no subnormal displacements (|D| < 2.2e-308 rad): below float's normal range the
            # segment's coefficients D/T^k cannot be represented (hypothesis drew D = 5e-324,
            # whose sampled acceleration rounded to 1.5 a_max); no joint moves 1e-308 rad
            st.floats(-3, 3, allow_nan=False, allow_subnormal=False),
            st.floats(0.1, 10),
            st.floats(0.1, 20),
        ),
        min_size=1,
        max_size=7,
    )
)
def test_minimum_duration_respects_limits_exactly(rows):
    d, vm, am = (np.array(x) for x in zip(*rows, strict=True))
    T = minimum_duration(d, vm, am)
    if not np.any(d):
        assert T == 0.0
        return
    # the synchronised segment, sampled densely: within every limit ...
    traj = PiecewiseQuintic([0.0, T], [np.zeros_like(d), d])
    _, v, a = traj.sample(np.linspace(0.0, T, 2001))
    assert np.all(np.abs(v).max(axis=0) <= vm * (1 + 1e-9))
    assert np.all(np.abs(a).max(axis=0) <= am * (1 + 1e-9))
    # ... and the closed-form peak of the limiting joint equals its limit
    v_peak, a_peak = quintic_peaks(d, T)
    assert max(np.max(v_peak / vm), np.max(a_peak / am)) == pytest.approx(1.0, rel=1e-9)


def test_waypoints_synchronised_arrival_and_minimum_segments():
    q0 = np.array([0.0, 0.0, 0.0])
    wps = np.array([[1.0, 0.2, -0.5], [1.0, 1.0, 0.0]])
    vm, am = np.array([1.0, 2.0, 0.5]), np.array([3.0, 3.0, 3.0])
    traj = plan_waypoints(q0, wps, v_max=vm, a_max=am)
    assert traj.times[0] == 0.0
    steps = np.diff(traj.times)
    assert steps[0] == pytest.approx(minimum_duration(wps[0] - q0, vm, am), rel=1e-15)
    assert steps[1] == pytest.approx(minimum_duration(wps[1] - wps[0], vm, am), rel=1e-15)
    # every joint is at the waypoint at the same time, at rest
    for k, t in enumerate(traj.times[1:]):
        q, v, a = traj.sample(t)
        np.testing.assert_array_equal(q, wps[k])
        assert not v.any() and not a.any()
    # and moves monotonically in between (r(τ) is monotone): no joint arrives early
    q, _, _ = traj.sample(np.linspace(0, traj.times[1], 50))
    moving = (wps[0] - q0) != 0
    assert np.all(np.abs(q[-2, moving] - wps[0, moving]) > 0)


def test_c2_continuity_at_knots():
    traj = plan_waypoints(
        [0.0, 0.0], [[1.0, -1.0], [-0.5, 0.5], [0.2, 0.2]], v_max=[1.0, 1.5], a_max=[2.0, 2.0]
    )
    eps = 1e-7
    for t in traj.times[1:-1]:
        left = traj.sample(t - eps)
        right = traj.sample(t + eps)
        for lo, hi, tol in zip(left, right, (1e-12, 1e-9, 1e-5), strict=True):
            np.testing.assert_allclose(lo, hi, atol=tol)


def test_explicit_durations_and_dwell():
    traj = plan_waypoints(
        [0.0], [[1.0], [1.0], [0.0]], durations=[2.0, 0.5, 1.0], v_max=[1.0], a_max=[1.0]
    )
    np.testing.assert_allclose(traj.times, [0.0, 2.0, 2.5, 3.5])
    q, v, _ = traj.sample(2.25)
    assert q[0] == 1.0 and v[0] == 0.0  # repeated waypoint with a duration: a dwell


def test_repeated_waypoint_skipped_in_minimum_time():
    traj = plan_waypoints(
        [0.0, 0.0], [[0.0, 0.0], [1.0, 1.0], [1.0, 1.0]], v_max=[1, 1], a_max=[1, 1]
    )
    assert traj.times.shape == (2,)
    still = plan_waypoints([0.5], [[0.5]], v_max=[1.0], a_max=[1.0])
    assert still.duration == 0.0
    q, v, a = still.sample(np.array([-1.0, 0.0, 3.0]))
    np.testing.assert_array_equal(q, 0.5)
    np.testing.assert_array_equal(v, 0.0)


def test_sample_clamps_outside_and_vectorises():
    traj = plan_waypoints([0.0, 1.0], [[1.0, 0.0]], v_max=[1, 1], a_max=[2, 2])
    q, v, a = traj.sample(-5.0)
    np.testing.assert_array_equal(q, [0.0, 1.0])
    assert not v.any() and not a.any()
    q, v, a = traj.sample(traj.end + 5.0)
    np.testing.assert_array_equal(q, [1.0, 0.0])
    assert not v.any() and not a.any()
    ts = np.linspace(-1, traj.end + 1, 37)
    qs, vs, accs = traj.sample(ts)
    assert qs.shape == (37, 2)
    for i, t in enumerate(ts):
        q, v, a = traj.sample(t)
        np.testing.assert_array_equal(q, qs[i])
        np.testing.assert_array_equal(a, accs[i])


def test_sample_times_grid_plus_knots():
    traj = PiecewiseQuintic([0.0, 0.25, 1.0, 1.033], [[0.0], [1.0], [2.0], [1.0]])
    ts = sample_times(traj, 0.1)
    assert ts[0] == 0.0 and ts[-1] == 1.033
    assert np.all(np.diff(ts) > 0)
    for knot in traj.times:
        assert knot in ts
    grid = np.round(np.arange(0.0, 1.0331, 0.1), 12)
    for g in grid:
        assert np.min(np.abs(ts - g)) < 1e-12
    # 1.0 is both a grid time and a knot: once
    assert np.sum(np.abs(ts - 1.0) < 1e-9) == 1
    assert len(ts) == len(grid) + 2  # + 0.25 and 1.033
    # period larger than the trajectory: start and end only
    np.testing.assert_array_equal(
        sample_times(PiecewiseQuintic([0, 0.5], [[0], [1]]), 2.0), [0.0, 0.5]
    )


def test_hermite_coefficients_reproduce_a_quintic():
    rng = np.random.default_rng(1)
    c = rng.normal(size=(6, 3))
    poly = [np.polynomial.Polynomial(c[:, j]) for j in range(3)]
    h = 0.37

    def state(s):
        return (
            np.array([p(s) for p in poly]),
            np.array([p.deriv()(s) for p in poly]),
            np.array([p.deriv(2)(s) for p in poly]),
        )

    q0, v0, a0 = state(0.0)
    q1, v1, a1 = state(h)
    coef = hermite_coefficients([h], q0[None], v0[None], a0[None], q1[None], v1[None], a1[None])
    np.testing.assert_allclose(coef[0], c, rtol=1e-9, atol=1e-9)


def test_hermite_peaks_against_dense_sampling():
    rng = np.random.default_rng(2)
    h = 0.8
    q0, v0, a0, q1 = rng.normal(size=(4, 1, 4))
    rest = np.zeros((1, 4))
    coef = hermite_coefficients([h], q0, v0, a0, q1, rest, rest)[0]
    vp, ap = hermite_peaks(coef, h)
    s = np.linspace(0, h, 200001)
    vel = sum(k * coef[k] * s[:, None] ** (k - 1) for k in range(1, 6))
    acc = sum(k * (k - 1) * coef[k] * s[:, None] ** (k - 2) for k in range(2, 6))
    np.testing.assert_allclose(vp, np.abs(vel).max(axis=0), rtol=1e-8)
    np.testing.assert_allclose(ap, np.abs(acc).max(axis=0), rtol=1e-8)


def test_moving_start_matches_state_and_keeps_limits():
    q0, v0, a0 = np.array([0.0, 0.5]), np.array([0.8, -0.4]), np.array([-1.0, 2.0])
    vm, am = np.array([1.0, 1.0]), np.array([4.0, 4.0])
    traj = plan_waypoints(q0, [[1.0, 0.0], [0.0, 0.0]], v_max=vm, a_max=am, v0=v0, a0=a0)
    q, v, a = traj.sample(0.0)
    np.testing.assert_array_equal(q, q0)
    np.testing.assert_allclose(v, v0, atol=1e-15)
    np.testing.assert_allclose(a, a0, atol=1e-14)
    _, v, a = traj.sample(np.linspace(0.0, traj.end, 40001))
    assert np.all(np.abs(v).max(axis=0) <= vm * (1 + 1e-9))
    assert np.all(np.abs(a).max(axis=0) <= am * (1 + 1e-9))
    # the first segment is no longer than needed: it is the lower bound (rest-to-rest time,
    # time to stop at a_max) or, within the 2 % search step, the shortest that fits
    t1 = traj.times[1]
    lower = max(minimum_duration([1.0, -0.5], vm, am), np.max(np.abs(v0) / am))
    if t1 > lower * (1 + 1e-12):
        rest = np.zeros((1, 2))
        coef = hermite_coefficients(
            [t1 / 1.02], q0[None], v0[None], a0[None], np.array([[1.0, 0.0]]), rest, rest
        )[0]
        vp, ap = hermite_peaks(coef, t1 / 1.02)
        assert max(np.max(vp / vm), np.max(ap / am)) > 1.0


def test_moving_start_lengthens_the_segment_when_needed():
    # fast start away from a near goal: the rest-to-rest time would overshoot the limits
    q0, v0 = np.array([0.0]), np.array([0.95])
    vm, am = np.array([1.0]), np.array([1.0])
    traj = plan_waypoints(q0, [[-0.05]], v_max=vm, a_max=am, v0=v0)
    lower = max(minimum_duration([-0.05], vm, am), 0.95)
    assert traj.duration > lower
    _, v, a = traj.sample(np.linspace(0.0, traj.end, 40001))
    assert np.abs(v).max() <= 1.0 + 1e-9 and np.abs(a).max() <= 1.0 + 1e-9
    rest = np.zeros((1, 1))
    t = traj.duration / 1.02
    coef = hermite_coefficients([t], q0[None], v0[None], rest, np.array([[-0.05]]), rest, rest)
    vp, ap = hermite_peaks(coef[0], t)
    assert max(vp[0], ap[0]) > 1.0


@pytest.mark.parametrize(
    "kwargs, match",
    [
        (dict(q0=[0.0, math.nan]), r"q0\[joint 'b'\] is nan"),
        (dict(v_max=[1.0, -2.0]), r"v_max\[joint 'b'\] = -2.0: must be > 0"),
        (dict(a_max=[0.0, 1.0]), r"a_max\[joint 'a'\] = 0.0: must be > 0"),
        (dict(a_max=[1.0, math.inf]), r"a_max\[joint 'b'\] is inf"),
        (dict(v_max=[1.0]), r"v_max: shape \(1,\), expected \(2,\)"),
        (dict(waypoints=[[0.0, 1.0, 2.0]]), r"waypoints: shape \(1, 3\)"),
        (dict(waypoints=[[0.0, math.nan]]), r"waypoints\[0\]\[joint 'b'\] is nan"),
        (dict(durations=[0.0]), r"durations\[0\] = 0.0: must be > 0"),
        (dict(durations=[1.0, 2.0]), r"durations: shape \(2,\), expected \(1,\)"),
        (dict(v0=[math.nan, 0.0]), r"v0\[joint 'a'\] is nan"),
    ],
)
def test_bad_input_names_the_culprit(kwargs, match):
    args = dict(q0=[0.0, 0.0], waypoints=[[1.0, 1.0]], v_max=[1.0, 1.0], a_max=[1.0, 1.0])
    args.update(kwargs)
    with pytest.raises(TrajectoryError, match=match):
        plan_waypoints(
            args.pop("q0"),
            args.pop("waypoints"),
            args.pop("durations", None),
            joint_names=["a", "b"],
            **args,
        )


def test_piecewise_and_sampling_errors():
    with pytest.raises(TrajectoryError, match=r"times\[2\] = 1.0 <= times\[1\] = 1.0"):
        PiecewiseQuintic([0.0, 1.0, 1.0], [[0.0], [1.0], [2.0]])
    with pytest.raises(TrajectoryError, match=r"positions: shape \(2, 1\), expected \(3, n\)"):
        PiecewiseQuintic([0.0, 1.0, 2.0], [[0.0], [1.0]])
    with pytest.raises(TrajectoryError, match=r"positions\[1, joint 0\] is nan"):
        PiecewiseQuintic([0.0, 1.0], [[0.0], [math.nan]])
    with pytest.raises(TrajectoryError, match="times\\[0\\] is nan"):
        PiecewiseQuintic([math.nan], [[0.0]])
    traj = PiecewiseQuintic([0.0, 1.0], [[0.0], [1.0]])
    for period in (0.0, -0.1, math.nan, math.inf):
        with pytest.raises(TrajectoryError, match="period"):
            sample_times(traj, period)
    with pytest.raises(TrajectoryError, match=r"delta\[joint 0\] is nan"):
        minimum_duration([math.nan], [1.0], [1.0])
