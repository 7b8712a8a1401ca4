"""Multi-waypoint goals with every profile, via points with continuous q̇ and q̈, and stopping.

References: the boundary and limit conditions the planner promises (module docstrings of
planner.py and via_points.py), checked on dense samples and on the exact per-segment peaks, and
property-based over random goals and limits (hypothesis).
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from modyn_trajectory.planner import CONTINUITY, PROFILES, plan_joint_motion, stop_motion
from modyn_trajectory.quintic import TrajectoryError
from modyn_trajectory.via_points import limit_ratio, plan_via_points, spline_through

V_MAX = np.array([1.0, 2.0, 1.5])
A_MAX = np.array([3.0, 4.0, 5.0])
Q0 = np.zeros(3)
WAYPOINTS = np.array([[1.0, 0.5, -0.3], [1.5, -0.5, 0.2], [0.0, 0.0, 1.0]])


def _dense(trajectory, count=40001):
    t = np.linspace(trajectory.start, trajectory.end, count)
    return (t, *trajectory.sample(t))


# ----------------------------------------------------------------------------- via points
def test_via_point_spline_interpolates_with_continuous_velocity_and_acceleration():
    plan = plan_via_points(Q0, WAYPOINTS, v_max=V_MAX, a_max=A_MAX)
    np.testing.assert_allclose(plan.positions, np.vstack([Q0, WAYPOINTS]), atol=1e-15)
    # passes through the intermediate waypoints without stopping
    assert np.all(np.linalg.norm(plan.velocities[1:-1], axis=1) > 0.05)
    np.testing.assert_array_equal(plan.velocities[[0, -1]], 0.0)
    np.testing.assert_array_equal(plan.accelerations[[0, -1]], 0.0)
    # left and right limits at each inner knot agree up to jerk and snap (class C⁴): compare
    # samples just before and after the knot
    eps = 1e-7
    for tk in plan.times[1:-1]:
        q_l, v_l, a_l = plan.sample(tk - eps)
        q_r, v_r, a_r = plan.sample(tk + eps)
        np.testing.assert_allclose(q_r - q_l, 2 * eps * v_l, atol=1e-12)
        np.testing.assert_allclose(v_r - v_l, 2 * eps * a_l, atol=1e-10)
        np.testing.assert_allclose(a_r, a_l, atol=1e-5)  # jerk-continuous: O(eps) change


def test_via_point_minimum_time_puts_one_joint_on_a_limit():
    plan = plan_via_points(Q0, WAYPOINTS, v_max=V_MAX, a_max=A_MAX)
    assert limit_ratio(plan, V_MAX, A_MAX) == pytest.approx(1.0, abs=1e-12)
    faster = spline_through(plan.times * 0.99, plan.positions)
    assert limit_ratio(faster, V_MAX, A_MAX) > 1.0  # 1 % faster breaks a limit


def test_via_points_from_a_moving_start_keep_its_velocity_and_acceleration():
    v0, a0 = np.array([0.5, -1.0, 0.3]), np.array([1.0, 1.0, -1.0])
    plan = plan_via_points(Q0, WAYPOINTS, v_max=V_MAX, a_max=A_MAX, v0=v0, a0=a0)
    q, v, a = plan.sample(0.0)
    np.testing.assert_array_equal(q, Q0)
    np.testing.assert_allclose(v, v0, atol=1e-15)
    np.testing.assert_allclose(a, a0, atol=1e-15)
    assert limit_ratio(plan, V_MAX, A_MAX) <= 1.0 + 1e-9


def test_timed_via_points_follow_the_given_durations():
    plan = plan_via_points(Q0, WAYPOINTS, [1.0, 2.0, 1.5], v_max=V_MAX, a_max=A_MAX)
    np.testing.assert_allclose(plan.times, [0.0, 1.0, 3.0, 4.5])
    np.testing.assert_allclose(plan.positions[1:], WAYPOINTS)


def test_stop_at_waypoints_rests_at_each_one():
    plan = plan_joint_motion(
        "quintic", Q0, WAYPOINTS, v_max=V_MAX, a_max=A_MAX, stop_at_waypoints=True
    )
    np.testing.assert_array_equal(plan.velocities, 0.0)


# ----------------------------------------------------------------------------- profiles
@pytest.mark.parametrize("profile", PROFILES)
def test_every_profile_reaches_each_waypoint_within_the_limits(profile):
    plan = plan_joint_motion(profile, Q0, WAYPOINTS, v_max=V_MAX, a_max=A_MAX)
    t, q, v, a = _dense(plan)
    np.testing.assert_allclose(q[-1], WAYPOINTS[-1], atol=1e-12)
    np.testing.assert_allclose(v[-1], 0.0, atol=1e-12)
    assert np.all(np.abs(v) <= V_MAX * (1 + 1e-9))
    assert np.all(np.abs(a) <= A_MAX * (1 + 1e-9))
    if profile != "quintic":  # point-to-point: at rest on every waypoint
        qk, vk, _ = plan.sample(plan.times[1:])
        np.testing.assert_allclose(qk, WAYPOINTS, atol=1e-12)
        if profile != "linear":  # linear: q̇ steps from D_k/t_k to D_k+1/t_k+1 there [8.4]
            np.testing.assert_allclose(vk, 0.0, atol=1e-12)


@pytest.mark.parametrize("profile", PROFILES)
def test_continuity_class_of_each_profile(profile):
    """q is C⁰ everywhere; q̇ jumps only for linear; q̈ jumps for the C¹ profiles."""
    plan = plan_joint_motion(profile, Q0, WAYPOINTS[:1], v_max=V_MAX, a_max=A_MAX)
    t, q, v, a = _dense(plan, 200001)
    dt = t[1] - t[0]
    assert np.max(np.abs(np.diff(q, axis=0))) <= np.max(V_MAX) * dt * 1.001
    # a jump at the very ends counts: rest before, motion after
    v_ext = np.vstack([np.zeros(3), v, np.zeros(3)])
    a_ext = np.vstack([np.zeros(3), a, np.zeros(3)])
    v_jump = np.max(np.abs(np.diff(v_ext, axis=0)))
    a_jump = np.max(np.abs(np.diff(a_ext, axis=0)))
    order = CONTINUITY[profile]
    if order == 0:
        assert v_jump > 0.1
    else:
        assert v_jump <= np.max(A_MAX) * dt * 1.001
    if order == 1:
        assert a_jump > 0.1
    elif order == 2:
        assert a_jump < 1e-3


@pytest.mark.parametrize("profile", PROFILES)
def test_timed_goals_take_the_given_durations(profile):
    plan = plan_joint_motion(profile, Q0, WAYPOINTS, [2.0, 3.0, 2.5], v_max=V_MAX, a_max=A_MAX)
    np.testing.assert_allclose(plan.times, [0.0, 2.0, 5.0, 7.5], rtol=1e-12)
    np.testing.assert_allclose(plan.sample(7.5)[0], WAYPOINTS[-1], atol=1e-12)


@pytest.mark.parametrize("profile", ["trapezoidal", "continuous_acceleration"])
def test_stretched_trapezoid_keeps_its_shape(profile):
    """A longer given time scales the minimum-time profile: peaks scale by 1/c and 1/c²."""
    fast = plan_joint_motion(profile, Q0, WAYPOINTS[:1], v_max=V_MAX, a_max=A_MAX)
    c = 1.7
    slow = plan_joint_motion(profile, Q0, WAYPOINTS[:1], [c * fast.duration], v_max=V_MAX,
                             a_max=A_MAX)  # fmt: skip
    t = np.linspace(0.0, fast.duration, 1001)
    qf, vf, af = fast.sample(t)
    qs, vs, as_ = slow.sample(c * t)
    np.testing.assert_allclose(qs, qf, atol=1e-12)
    np.testing.assert_allclose(vs, vf / c, atol=1e-12)
    np.testing.assert_allclose(as_, af / c**2, atol=1e-9)


@pytest.mark.parametrize("profile", [p for p in PROFILES if p != "quintic"])
def test_point_to_point_profiles_blend_from_a_moving_start(profile):
    v0, a0 = np.array([0.4, -0.8, 0.2]), np.array([-0.5, 1.0, 0.0])
    plan = plan_joint_motion(profile, Q0, WAYPOINTS, v_max=V_MAX, a_max=A_MAX, v0=v0, a0=a0)
    q, v, a = plan.sample(0.0)
    np.testing.assert_array_equal(q, Q0)
    np.testing.assert_allclose(v, v0, atol=1e-15)
    np.testing.assert_allclose(a, a0, atol=1e-15)
    _, qd, vd, ad = _dense(plan)
    assert np.all(np.abs(vd) <= V_MAX * (1 + 1e-9))
    if profile != "linear":
        assert np.all(np.abs(ad) <= A_MAX * (1 + 1e-9))
    np.testing.assert_allclose(qd[-1], WAYPOINTS[-1], atol=1e-12)


def test_unknown_profile_and_bad_input_are_named():
    with pytest.raises(TrajectoryError, match="profile = 'sine'"):
        plan_joint_motion("sine", Q0, WAYPOINTS, v_max=V_MAX, a_max=A_MAX)
    with pytest.raises(TrajectoryError, match="v_max"):
        plan_joint_motion("cubic", Q0, WAYPOINTS, v_max=[1.0, 0.0, 1.0], a_max=A_MAX)
    with pytest.raises(TrajectoryError, match=r"waypoints\[1\]\[joint 'j2'\] is nan"):
        bad = WAYPOINTS.copy()
        bad[1, 2] = np.nan
        plan_joint_motion("trapezoidal", Q0, bad, v_max=V_MAX, a_max=A_MAX,
                          joint_names=["j0", "j1", "j2"])  # fmt: skip
    with pytest.raises(TrajectoryError, match=r"durations\[1\] = -1"):
        plan_joint_motion("bang_bang", Q0, WAYPOINTS, [1.0, -1.0, 1.0], v_max=V_MAX, a_max=A_MAX)


# ----------------------------------------------------------------------------- stop
def test_stop_decelerates_to_rest_within_the_limits_and_continuously():
    q0, v0, a0 = np.array([0.3, 0.0, -1.0]), np.array([0.9, -1.5, 1.0]), np.array([-1, 2, 0.5])
    stop = stop_motion(q0, v0, a0, v_max=V_MAX, a_max=A_MAX)
    q, v, a = stop.sample(0.0)
    np.testing.assert_array_equal(q, q0)
    np.testing.assert_allclose(v, v0, atol=1e-15)
    np.testing.assert_allclose(a, a0, atol=1e-15)
    assert limit_ratio(stop, V_MAX, A_MAX) <= 1.0 + 1e-9  # exact peaks of the segment
    _, _, vd, ad = _dense(stop)
    assert np.all(np.abs(vd) <= V_MAX * (1 + 1e-9)) and np.all(np.abs(ad) <= A_MAX * (1 + 1e-9))
    np.testing.assert_allclose(stop.velocities[-1], 0.0)
    # the stopping point is the integral of the cubic velocity: q0 + v0 T/2 + a0 T²/12
    T = stop.duration
    np.testing.assert_allclose(stop.positions[-1], q0 + v0 * T / 2 + a0 * T**2 / 12, atol=1e-15)


def test_stop_with_acceleration_pushing_at_a_velocity_limit_starts_from_zero_acceleration():
    """At v = 0.95 k_v with q̈ = k_a outwards no C² stop stays within k_v: q̈ steps to 0."""
    v0, a0 = np.array([0.95, 0.0, 0.0]), np.array([3.0, 0.0, 0.0])
    stop = stop_motion(Q0, v0, a0, v_max=V_MAX, a_max=A_MAX)
    q, v, a = stop.sample(0.0)
    np.testing.assert_allclose(v, v0, atol=1e-15)
    np.testing.assert_array_equal(a, 0.0)
    assert limit_ratio(stop, V_MAX, A_MAX) <= 1.0 + 1e-9


def test_stop_at_rest_is_immediate():
    stop = stop_motion(Q0, np.zeros(3), np.zeros(3), v_max=V_MAX, a_max=A_MAX)
    assert stop.duration == 0.0


def test_stop_from_top_speed_takes_the_deceleration_bound():
    """From v0 = k_v with a0 = 0 the cubic velocity's peak deceleration is 1.5 v0 / T."""
    v0 = np.array([1.0, 0.0, 0.0])
    stop = stop_motion(Q0, v0, np.zeros(3), v_max=V_MAX, a_max=A_MAX)
    assert stop.duration == pytest.approx(1.5 * 1.0 / 3.0, rel=1e-12)


# ----------------------------------------------------------------------------- properties
_limits = st.lists(st.floats(0.05, 20.0), min_size=3, max_size=3)
_goal = st.lists(st.lists(st.floats(-3.0, 3.0), min_size=3, max_size=3), min_size=1, max_size=4)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    profile=st.sampled_from(PROFILES),
    q0=st.lists(st.floats(-3.0, 3.0), min_size=3, max_size=3),
    goal=_goal,
    kv=_limits,
    ka=_limits,
    interrupt=st.one_of(st.none(), st.floats(0.0, 1.0)),
)
def test_random_goals_never_exceed_the_limits_and_always_arrive(
    profile, q0, goal, kv, ka, interrupt
):
    """From rest, or pre-empting a plan of the same profile at a random time (its reference
    then is the start state, as in the node)."""
    kv, ka = np.array(kv), np.array(ka)
    v0 = a0 = None
    if interrupt is not None:
        first = plan_joint_motion(profile, q0, [np.array(q0) + 1.0], v_max=kv, a_max=ka)
        q0, v0, a0 = first.sample(interrupt * first.duration)
    plan = plan_joint_motion(profile, q0, goal, v_max=kv, a_max=ka, v0=v0, a0=a0)
    t = np.linspace(plan.start, plan.end, 4001)
    q, v, a = plan.sample(t)
    knots = plan.sample(np.asarray(plan.times))
    for arr in (v, knots[1]):
        assert np.all(np.abs(arr) <= kv * (1 + 1e-7) + 1e-12)
    if profile != "linear":  # the linear profile's acceleration is an impulse at the ends
        for arr in (a, knots[2]):
            assert np.all(np.abs(arr) <= ka * (1 + 1e-7) + 1e-12)
    if v0 is not None:  # continuous in q and q̇ at the switch
        qs, vs, _ = plan.sample(0.0)
        np.testing.assert_array_equal(qs, q0)
        np.testing.assert_allclose(vs, v0, rtol=0, atol=1e-12)
    np.testing.assert_allclose(q[-1], goal[-1], atol=1e-9)
    np.testing.assert_allclose(v[-1], 0.0, atol=1e-9)


@pytest.mark.parametrize(
    ("q0", "goal"),
    [
        # found by hypothesis (test_random_goals_never_exceed_the_limits_and_always_arrive): a
        # via point a subnormal away from the start gave a knot 1e-154 s after it, and the
        # quintic spline's collocation failed (ValueError / LinAlgError) or blew up (1e158)
        ([1.0, 0.0, 1.1125369292536007e-308], [[1.0, 0.0, 0.0], [0.0, 0.0, 0.0]]),
        ([1.0, 0.0, 0.0], [[1.0, 0.0, 1.872810309505268e-238], [0.0, 0.0, 0.0]]),
    ],
)
def test_a_via_point_within_rounding_of_the_start_is_passed_over(q0, goal):
    kv, ka = np.ones(3), np.array([1.0, 1.0, 0.05])
    plan = plan_joint_motion("quintic", q0, goal, v_max=kv, a_max=ka)
    t = np.linspace(0.0, plan.duration, 4001)
    _, v, a = plan.sample(t)
    assert np.all(np.abs(v) <= kv * (1 + 1e-7)) and np.all(np.abs(a) <= ka * (1 + 1e-7))
    np.testing.assert_array_equal(plan.sample(plan.duration)[0], goal[-1])
