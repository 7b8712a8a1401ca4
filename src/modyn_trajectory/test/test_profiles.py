"""The point-to-point profiles against Khalil's closed forms [8.4]-[8.47] and the research
note's §3.7 synchronisation table."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from modyn_trajectory.profiles import (
    PROFILE_KINDS,
    bang_bang,
    continuous_acceleration,
    cubic,
    cycloidal,
    linear,
    minimum_time_profile,
    minimum_times,
    quintic,
    synchronised_time,
    trapezoid,
)
from modyn_trajectory.quintic import TrajectoryError, minimum_duration

QI = np.array([0.3, -1.0, 2.0])
D = np.array([1.2, -0.5, 0.0])
QF = QI + D


def _grid(profile, k=20001):
    t = np.linspace(0.0, profile.duration, k)
    return t, *profile.sample(t)


# ----------------------------------------------------------------------------- closed forms
def test_cubic_peaks_are_khalil_8_8_and_8_9():
    tf = 1.7
    _, q, v, a = _grid(cubic(QI, QF, tf))
    np.testing.assert_allclose(np.abs(v).max(axis=0), 1.5 * np.abs(D) / tf, rtol=1e-9)
    np.testing.assert_allclose(np.abs(a).max(axis=0), 6.0 * np.abs(D) / tf**2, rtol=1e-12)
    q2, v2, _ = cubic(QI, QF, tf).sample(tf / 2)
    np.testing.assert_allclose(v2, 1.5 * D / tf, rtol=1e-12)
    np.testing.assert_allclose(q2, QI + D / 2, rtol=0, atol=1e-15)


def test_bang_bang_peaks_are_khalil_8_16_and_8_17():
    tf = 0.8
    t, q, v, a = _grid(bang_bang(QI, QF, tf))
    np.testing.assert_allclose(np.abs(v).max(axis=0), 2.0 * np.abs(D) / tf, rtol=1e-12)
    np.testing.assert_allclose(np.abs(a).max(axis=0), 4.0 * np.abs(D) / tf**2, rtol=1e-12)
    # [8.15]: q = q_i + 2(t/tf)² D on the first half
    first = t <= tf / 2
    np.testing.assert_allclose(q[first], QI + 2 * (t[first, None] / tf) ** 2 * D, atol=1e-14)


def test_linear_velocity_is_constant_and_zero_outside():
    p = linear(QI, QF, 2.0)
    _, v, a = p.sample(np.array([-1.0, 0.0, 1.0, 2.0, 3.0]))
    np.testing.assert_allclose(v[1:4], np.broadcast_to(D / 2.0, (3, 3)))
    assert np.all(v[[0, 4]] == 0.0) and np.all(a == 0.0)


@pytest.mark.parametrize(
    "make",
    [
        lambda: linear(QI, QF, 1.3),
        lambda: cubic(QI, QF, 1.3),
        lambda: quintic(QI, QF, 1.3),
        lambda: bang_bang(QI, QF, 1.3),
        lambda: trapezoid(QI, QF, [2.0, 1.0, 1.0], [4.0, 5.0, 1.0]),
        lambda: continuous_acceleration(QI, QF, [2.0, 1.0, 1.0], [4.0, 5.0, 1.0]),
        lambda: cycloidal(QI, QF, 1.3),
    ],
)
def test_boundary_conditions_and_rest_outside(make):
    p = make()
    tf = p.duration
    q, v, a = p.sample(np.array([-0.5, 0.0, tf, tf + 0.5]))
    np.testing.assert_array_equal(q[0], QI)
    np.testing.assert_array_equal(q[1], QI)
    np.testing.assert_array_equal(q[2], QF)
    np.testing.assert_array_equal(q[3], QF)
    assert np.all(v[[0, 3]] == 0.0) and np.all(a[[0, 3]] == 0.0)
    if not type(p).__name__ == "Linear":
        np.testing.assert_allclose(v[[1, 2]], 0.0, atol=1e-12)
    # the joint that does not move stays put
    _, q, v, a = _grid(p, 501)
    assert np.all(q[:, 2] == QI[2]) and np.all(v[:, 2] == 0.0)
    # scalar sampling gives (n,) arrays
    qs, vs, as_ = p.sample(0.3 * tf)
    assert qs.shape == vs.shape == as_.shape == (3,)


# ----------------------------------------------------------------------------- §3.7 rows
ROWS = [
    # D, kv, ka, (τ, tf) trap, λ, υ, (τ, tf) cont, λ cont, υ cont
    ((2, 0.5), (2, 1), (4, 5), (0.5, 1.5), (1, 0.5), (1, 0.2), (0.75, 1.75), (1, 0.5), (1, 0.2)),
    (
        (1.5, 2),
        (2, 1),
        (4, 2),
        (0.5, 2.5),
        (0.375, 1),
        (0.375, 1),
        (0.75, 2.75),
        (0.375, 1),
        (0.375, 1),
    ),
    (
        (1, 1),
        (1, 10),
        (10, 1),
        (1.0, 2.0),
        (1, 1),
        (0.1, 1),
        (1.2247449, 2.4494897),
        (0.8164966, 1),
        (0.1, 1),
    ),
]


@pytest.mark.parametrize("row", ROWS)
@pytest.mark.parametrize("sign", [1.0, -1.0])
def test_synchronised_trapezoid_rows(row, sign):
    d, kv, ka, (tau, tf), lam, ups = row[:6]
    qi = np.array([0.1, -0.2])
    qf = qi + sign * np.array(d, dtype=float)
    p = trapezoid(qi, qf, kv, ka)
    assert p.tau == pytest.approx(tau, rel=1e-12)
    assert p.duration == pytest.approx(tf, rel=1e-12)
    np.testing.assert_allclose(p.lam, lam, rtol=1e-12)
    np.testing.assert_allclose(p.upsilon, ups, rtol=1e-12)
    _, q, v, a = _grid(p)
    np.testing.assert_allclose(np.abs(v).max(axis=0), p.lam * p.kv_eff, rtol=1e-12)
    np.testing.assert_allclose(np.abs(a).max(axis=0), p.upsilon * p.ka, rtol=1e-12)
    assert np.all(np.abs(v).max(axis=0) <= np.array(kv) * (1 + 1e-12))
    assert np.all(np.abs(a).max(axis=0) <= np.array(ka) * (1 + 1e-12))
    # all joints arrive together: each reaches q_f exactly at tf, not before
    before = p.sample(tf * (1 - 1e-3))[0]
    assert np.all(np.abs(before - qf) > 0.0)
    np.testing.assert_array_equal(q[-1], qf)


@pytest.mark.parametrize("row", ROWS)
def test_synchronised_continuous_acceleration_rows(row):
    d, kv, ka = row[:3]
    (tau, tf), lam, ups = row[6:]
    qi = np.zeros(2)
    p = continuous_acceleration(qi, d, kv, ka)
    assert p.tau == pytest.approx(tau, rel=1e-7)
    assert p.duration == pytest.approx(tf, rel=1e-7)
    np.testing.assert_allclose(p.lam, lam, rtol=1e-7)
    np.testing.assert_allclose(p.upsilon, ups, rtol=1e-12)
    _, q, v, a = _grid(p)
    np.testing.assert_allclose(np.abs(v).max(axis=0), p.lam * p.kv_eff, rtol=1e-12)
    np.testing.assert_allclose(np.abs(a).max(axis=0), p.upsilon * p.ka, rtol=1e-7)
    np.testing.assert_array_equal(q[-1], np.array(d, dtype=float))
    # [8.44]: distance of the acceleration phase is ¾ (λk'_v)²/(υk_a)
    q_tau = p.sample(p.tau)[0]
    np.testing.assert_allclose(
        np.abs(q_tau), 0.75 * p.peak_velocity**2 / p.peak_acceleration, rtol=1e-12
    )


def test_trapezoid_matches_khalil_8_19_for_a_single_saturated_joint():
    kv, ka, dd = 2.0, 4.0, 3.0  # |D| > kv²/ka [8.18]
    p = trapezoid([0.0], [dd], [kv], [ka])
    tau = kv / ka  # [8.20]
    assert p.tau == pytest.approx(tau)
    assert p.duration == pytest.approx(tau + dd / kv)  # [8.22]
    t = np.array([0.3 * tau, tau + 0.5, p.duration - 0.2 * tau])
    q = p.sample(t)[0][:, 0]
    expected = [
        0.5 * t[0] ** 2 * ka,
        (t[1] - tau / 2) * kv,
        dd - 0.5 * (p.duration - t[2]) ** 2 * ka,
    ]
    np.testing.assert_allclose(q, expected, rtol=1e-12)


def test_continuous_acceleration_matches_khalil_8_37_to_8_39():
    p = continuous_acceleration([0.0, 0.0], [3.0, -1.0], [1.0, 1.0], [2.0, 2.0])
    tau = p.tau
    t = np.linspace(0.0, tau, 7)
    q, v, a = p.sample(t)
    vv = p.peak_velocity * np.sign([3.0, -1.0])
    np.testing.assert_allclose(q, -((t / 2 - tau) * t**3)[:, None] * vv / tau**3, atol=1e-14)
    np.testing.assert_allclose(v, -((2 * t - 3 * tau) * t**2)[:, None] * vv / tau**3, atol=1e-14)
    np.testing.assert_allclose(a, -6 * ((t - tau) * t)[:, None] * vv / tau**3, atol=1e-13)


# ----------------------------------------------------------------------------- continuity
def _jumps(p, times, eps=1e-9):
    lo, hi = p.sample(np.asarray(times) - eps), p.sample(np.asarray(times) + eps)
    return [np.abs(h - w).max() for w, h in zip(lo, hi, strict=True)]


def test_trapezoid_is_c1():
    p = trapezoid([0.0, 0.0], [2.0, 0.5], [2.0, 1.0], [4.0, 5.0])
    dq, dv, da = _jumps(p, [p.tau, p.duration - p.tau])
    assert dq < 1e-8 and dv < 1e-7
    assert da > 1.0  # the acceleration jumps by υ k_a


def test_continuous_acceleration_is_c2():
    p = continuous_acceleration([0.0, 0.0], [2.0, 0.5], [2.0, 1.0], [4.0, 5.0])
    dq, dv, da = _jumps(p, [p.tau, p.duration - p.tau])
    assert dq < 1e-8 and dv < 1e-7 and da < 1e-6
    _, _, a = p.sample(np.array([0.0, p.duration]))
    np.testing.assert_allclose(a, 0.0, atol=1e-12)


def test_cubic_and_bang_bang_have_acceleration_jumps():
    assert _jumps(cubic([0.0], [1.0], 1.0), [0.0])[2] == pytest.approx(6.0)
    dq, dv, da = _jumps(bang_bang([0.0], [1.0], 1.0), [0.5])
    assert dv < 1e-7 and da == pytest.approx(8.0)


def test_cycloidal_is_the_closed_form_of_lopes():
    """s(τ) = τ − sin(2πτ)/(2π) (research note seed-000 §7.2), its derivatives in closed form
    and the peaks 2|D|/t_f (at t_f/2) and 2π|D|/t_f² (at t_f/4 and 3t_f/4)."""
    tf = 1.3
    p = cycloidal(QI, QF, tf)
    t, q, v, a = _grid(p)
    tau = t / tf
    s = tau - np.sin(2 * np.pi * tau) / (2 * np.pi)
    ds = (1 - np.cos(2 * np.pi * tau)) / tf
    dds = 2 * np.pi * np.sin(2 * np.pi * tau) / tf**2
    np.testing.assert_allclose(q, QI + s[:, None] * D, rtol=0, atol=1e-14)
    np.testing.assert_allclose(v, ds[:, None] * D, rtol=0, atol=1e-13)
    np.testing.assert_allclose(a, dds[:, None] * D, rtol=0, atol=1e-12)
    np.testing.assert_allclose(np.abs(v).max(axis=0), 2 * np.abs(D) / tf, rtol=1e-9)
    np.testing.assert_allclose(np.abs(a).max(axis=0), 2 * np.pi * np.abs(D) / tf**2, rtol=1e-9)
    _, vm, _ = p.sample(tf / 2)
    np.testing.assert_allclose(vm, 2 * D / tf, rtol=1e-14)
    _, _, aq = p.sample(np.array([tf / 4, 3 * tf / 4]))
    np.testing.assert_allclose(aq, [2 * np.pi * D / tf**2, -2 * np.pi * D / tf**2], rtol=1e-12)
    # the velocity is the derivative of the position (central differences, h = 1e-6 s)
    h = 1e-6
    tm = np.array([0.2, 0.5, 0.9])
    np.testing.assert_allclose(
        (p.sample(tm + h)[0] - p.sample(tm - h)[0]) / (2 * h), p.sample(tm)[1], atol=1e-8
    )
    np.testing.assert_allclose(
        (p.sample(tm + h)[1] - p.sample(tm - h)[1]) / (2 * h), p.sample(tm)[2], atol=1e-6
    )


def test_cycloidal_is_c2_with_a_jerk_jump_at_the_ends():
    p = cycloidal([0.0, 0.0], [2.0, 0.5], 1.0)
    dq, dv, da = _jumps(p, [0.0, p.duration])
    assert dq < 1e-8 and dv < 1e-7 and da < 1e-6
    _, v, a = p.sample(np.array([0.0, p.duration]))
    np.testing.assert_array_equal(v, 0.0)
    np.testing.assert_allclose(a, 0.0, atol=1e-14)
    # the jerk 4π² D/t_f³ at t = 0+ (rest before): not C³
    eps = 1e-6
    jerk = p.sample(eps)[2] / eps
    np.testing.assert_allclose(jerk, 4 * np.pi**2 * np.array([2.0, 0.5]), rtol=1e-6)


def test_cycloidal_minimum_time_and_synchronisation():
    d = np.array([2.0, -0.5, 0.0])
    kv, ka = np.array([2.0, 1.0, 1.0]), np.array([4.0, 5.0, 1.0])
    # per joint: max(2|D|/k_v, √(2π|D|/k_a)): joint 1 (2, 1.7725) s, joint 2 (1, 0.7927) s
    expected = [max(2.0, math.sqrt(math.pi)), max(1.0, math.sqrt(math.pi / 5.0)), 0.0]
    np.testing.assert_allclose(minimum_times("cycloidal", d, kv, ka), expected, rtol=1e-15)
    p = minimum_time_profile("cycloidal", np.zeros(3), d, kv, ka)
    assert p.duration == pytest.approx(2.0, rel=1e-15)
    # velocity-limited: joint 1 reaches k_v exactly; the other joints stay below theirs
    _, _, v, a = _grid(p)
    np.testing.assert_allclose(np.abs(v).max(axis=0), [2.0, 0.5, 0.0], rtol=1e-9)
    np.testing.assert_allclose(np.abs(a).max(axis=0), 2 * np.pi * np.abs(d) / 4.0, rtol=1e-9)
    # acceleration-limited: a short move with a high k_v touches k_a instead
    p = minimum_time_profile("cycloidal", [0.0], [0.1], [10.0], [1.0])
    assert p.duration == pytest.approx(math.sqrt(2 * math.pi * 0.1), rel=1e-15)
    _, _, _, a = _grid(p)
    assert np.abs(a).max() == pytest.approx(1.0, rel=1e-9)


# ----------------------------------------------------------------------------- minimum time
def test_minimum_times_table_8_1():
    d, kv, ka = np.array([1.0, 4.0]), np.array([1.0, 10.0]), np.array([100.0, 1.0])
    np.testing.assert_allclose(minimum_times("linear", d, kv), d / kv)
    np.testing.assert_allclose(minimum_times("cubic", d, kv, ka), [1.5, math.sqrt(24.0)])
    np.testing.assert_allclose(
        minimum_times("quintic", d, kv, ka), [15 / 8, math.sqrt(40 / math.sqrt(3))]
    )
    np.testing.assert_allclose(minimum_times("bang_bang", d, kv, ka), [2.0, 4.0])
    assert synchronised_time("quintic", d, kv, ka) == pytest.approx(minimum_duration(d, kv, ka))
    # trapezoid: saturated joint [8.22]; unsaturated joint 2√(|D|/k_a) via [8.35]
    np.testing.assert_allclose(minimum_times("trapezoid", d, kv, ka), [0.01 + 1.0, 4.0])
    # continuous: 1.5 k_v/k_a + |D|/k_v; unsaturated 2 √(3|D|/(2k_a)) via [8.47]
    np.testing.assert_allclose(
        minimum_times("continuous_acceleration", d, kv, ka), [0.015 + 1.0, 2 * math.sqrt(6.0)]
    )


@pytest.mark.parametrize("kind", PROFILE_KINDS)
def test_minimum_time_profile_saturates_the_slowest_joint(kind):
    qi = np.array([0.0, 1.0, -1.0])
    qf = np.array([1.0, -2.0, -1.0])
    kv, ka = np.array([1.0, 2.0, 1.0]), np.array([3.0, 1.5, 1.0])
    p = minimum_time_profile(kind, qi, qf, kv, ka)
    _, q, v, a = _grid(p)
    rv = np.abs(v).max(axis=0) / kv
    ra = np.abs(a).max(axis=0) / ka
    assert np.all(rv <= 1 + 1e-9)
    if kind != "linear":
        assert np.all(ra <= 1 + 1e-9)
        assert max(rv.max(), ra.max()) == pytest.approx(1.0, rel=1e-6)
    np.testing.assert_array_equal(q[-1], qf)
    if kind not in ("trapezoid", "continuous_acceleration"):
        assert p.duration == pytest.approx(synchronised_time(kind, qf - qi, kv, ka))
    else:
        assert p.duration >= synchronised_time(kind, qf - qi, kv, ka) - 1e-12


def test_no_motion_has_zero_duration():
    for kind in PROFILE_KINDS:
        p = minimum_time_profile(kind, [1.0, 2.0], [1.0, 2.0], [1.0, 1.0], [1.0, 1.0])
        assert p.duration == 0.0
        q, v, a = p.sample(np.array([-1.0, 0.0, 1.0]))
        np.testing.assert_array_equal(q, [[1.0, 2.0]] * 3)
        assert not v.any() and not a.any()


# ----------------------------------------------------------------------------- validation
@pytest.mark.parametrize(
    ("call", "match"),
    [
        (lambda: trapezoid([0, 0], [1, 1], [1, 0.0], [1, 1]), r"kv\[joint 1\] = 0.0"),
        (lambda: trapezoid([0, 0], [1, 1], [1, 1], [-2, 1]), r"ka\[joint 0\] = -2.0"),
        (lambda: continuous_acceleration([0, 0], [1, 1], [1, np.nan], [1, 1]), r"kv\[joint 1\]"),
        (lambda: trapezoid([0, 0], [1, 1, 1], [1, 1], [1, 1]), r"qf: shape \(3,\)"),
        (lambda: trapezoid([0, 0], [1, 1], [1], [1, 1]), r"kv: shape"),
        (lambda: cubic([0, np.inf], [1, 1], 1.0), r"qi\[joint 1\] is inf"),
        (lambda: cubic([0, 0], [1, 1], 0.0), r"tf = 0.0"),
        (lambda: bang_bang([0, 0], [1, 1], np.nan), r"tf = nan"),
        (lambda: cycloidal([0, 0], [1, 1], -1.0), r"tf = -1.0"),
        (lambda: linear([[0, 0]], [1, 1], 1.0), r"qi: shape"),
        (lambda: minimum_times("cubic", [1, 2], [1, 1], [1, -1]), r"ka\[joint 1\] = -1.0"),
        (lambda: minimum_times("spline", [1], [1], [1]), r"kind"),
    ],
)
def test_bad_input_raises_trajectory_error(call, match):
    with pytest.raises(TrajectoryError, match=match):
        call()


# ----------------------------------------------------------------------------- property
_pos = st.floats(min_value=1e-3, max_value=1e3, allow_nan=False, allow_infinity=False)
_disp = st.floats(min_value=-1e2, max_value=1e2, allow_nan=False, allow_infinity=False)


@settings(max_examples=150, deadline=None)
@given(
    st.integers(min_value=1, max_value=6).flatmap(
        lambda n: st.tuples(
            st.lists(_disp, min_size=n, max_size=n),
            st.lists(_pos, min_size=n, max_size=n),
            st.lists(_pos, min_size=n, max_size=n),
        )
    ),
    st.sampled_from(
        ["trapezoid", "continuous_acceleration", "cubic", "quintic", "bang_bang", "cycloidal"]
    ),
)
def test_limits_respected_and_goal_reached(data, kind):
    d, kv, ka = (np.array(x) for x in data)
    qi = np.linspace(-1.0, 1.0, d.shape[0])
    p = minimum_time_profile(kind, qi, qi + d, kv, ka)
    t = np.linspace(-0.1, 1.1, 2001) * p.duration
    if p.duration > 0:  # include the exact peaks' neighbourhoods: phase ends and the middle
        extra = [p.duration / 4, p.duration / 2, 3 * p.duration / 4]
        if hasattr(p, "tau"):
            extra += [p.tau / 2, p.tau, p.duration - p.tau, p.duration - p.tau / 2]
        t = np.concatenate([t, extra])
    q, v, a = p.sample(t)
    assert np.all(np.abs(v) <= kv * (1 + 1e-9))
    assert np.all(np.abs(a) <= ka * (1 + 1e-9))
    np.testing.assert_array_equal(p.sample(p.duration)[0], qi + d)
    np.testing.assert_array_equal(
        q[t >= p.duration], np.broadcast_to(qi + d, q[t >= p.duration].shape)
    )


def _khalil_8_34(d, kv, ka, ref, c, e):
    """The literal [8.32]-[8.35] / [8.41], [8.45], [8.47] with reference joint ``ref``."""
    d = np.abs(d)
    kv = np.minimum(kv, np.sqrt(e * d * ka))
    lam1 = min(1.0, float(np.min(kv * d[ref] / (kv[ref] * d))))
    ups1 = min(1.0, float(np.min(ka * d[ref] / (ka[ref] * d))))
    tau = c * lam1 * kv[ref] / (ups1 * ka[ref])
    tf = tau + d[ref] / (lam1 * kv[ref])
    lam = lam1 * kv[ref] * d / (kv * d[ref])
    ups = ups1 * ka[ref] * d / (ka * d[ref])
    return tau, tf, lam, ups


@settings(max_examples=60, deadline=None)
@given(
    st.integers(min_value=2, max_value=5).flatmap(
        lambda n: st.tuples(
            st.lists(st.floats(0.01, 10.0), min_size=n, max_size=n),
            st.lists(st.floats(0.1, 10.0), min_size=n, max_size=n),
            st.lists(st.floats(0.1, 10.0), min_size=n, max_size=n),
            st.integers(0, n - 1),
        )
    )
)
def test_synchronisation_equals_literal_khalil_8_34_for_any_reference_joint(data):
    d, kv, ka, ref = data
    d, kv, ka = np.array(d), np.array(kv), np.array(ka)
    for make, c, e in ((trapezoid, 1.0, 1.0), (continuous_acceleration, 1.5, 2.0 / 3.0)):
        p = make(np.zeros_like(d), d, kv, ka)
        tau, tf, lam, ups = _khalil_8_34(d, kv, ka, ref, c, e)
        assert p.tau == pytest.approx(tau, rel=1e-12)
        assert p.duration == pytest.approx(tf, rel=1e-12)
        np.testing.assert_allclose(p.lam, lam, rtol=1e-12)
        np.testing.assert_allclose(p.upsilon, ups, rtol=1e-12)
        assert np.all(p.lam <= 1 + 1e-12) and np.all(p.upsilon <= 1 + 1e-12)
        assert p.duration >= synchronised_time(
            "trapezoid" if c == 1.0 else "continuous_acceleration", d, kv, ka
        ) * (1 - 1e-12)
