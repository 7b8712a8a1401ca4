"""modyn_bringup.timed_goal: a periodic motion sampled into one timed goal, ramped in and out so
that it starts and ends at rest (docs/quadruped_tail.md, "Timed goals")."""

from __future__ import annotations

import numpy as np
import pytest

from modyn_bringup.timed_goal import envelope, sampled_goal, sampled_motion, sine_motion


def test_the_envelope_is_c2_and_at_rest_at_both_ends():
    duration, ramp = 2.4, 0.6
    t = np.linspace(0.0, duration, 240001)
    e = envelope(t, duration, ramp)
    h = t[1] - t[0]
    de, dde = np.gradient(e, h), np.gradient(np.gradient(e, h), h)
    assert e[0] == 0.0 and e[-1] == 0.0
    np.testing.assert_array_equal(e[(t >= ramp) & (t <= duration - ramp)], 1.0)
    # zero slope and curvature at the ends (finite differences on a 10 us grid)
    assert abs(de[0]) < 1e-3 and abs(de[-1]) < 1e-3
    assert abs(dde[1]) < 1e-2 and abs(dde[-2]) < 1e-2
    # the smoothstep's largest slope, 1.875 / ramp, and no jump anywhere
    assert abs(np.abs(de).max() - 1.875 / ramp) < 1e-3
    assert np.abs(np.diff(de)).max() < 1e-3


def test_a_sampled_sinusoid_between_the_ramps_is_the_sinusoid():
    rest = [0.2, 0.3, 0.4, 0.0]
    sines = [(3, 0.1, 0.3, 0.0), (1, 0.02, 0.3, np.pi)]
    t, q = sampled_motion(sine_motion(rest, sines), rest, 2.4, 0.01, 0.6)
    assert len(t) == 240 and t[0] == pytest.approx(0.01) and t[-1] == pytest.approx(2.4)
    full = (t >= 0.6) & (t <= 1.8)
    np.testing.assert_allclose(q[full, 3], 0.1 * np.sin(2 * np.pi * t[full] / 0.3), atol=1e-15)
    np.testing.assert_allclose(q[full, 1], 0.3 + 0.02 * np.sin(2 * np.pi * t[full] / 0.3 + np.pi))
    np.testing.assert_array_equal(q[:, [0, 2]], np.broadcast_to([0.2, 0.4], (240, 2)))
    np.testing.assert_allclose(q[-1], rest, atol=1e-15)
    goal = sampled_goal(sine_motion(rest, sines), rest, 2.4, period=0.01, ramp=0.6)
    assert goal.times == t.tolist() and np.array_equal(goal.waypoints, q)


@pytest.mark.parametrize(
    "kwargs, match",
    [
        ({"duration": 1.0, "period": 0.01, "ramp": 0.6}, "ramp"),
        ({"duration": 1.0, "period": 0.0, "ramp": 0.3}, "period"),
        ({"duration": 1.005, "period": 0.01, "ramp": 0.3}, "multiple"),
    ],
)
def test_bad_timing_is_refused_with_the_reason(kwargs, match):
    with pytest.raises(ValueError, match=match):
        sampled_motion(lambda t: np.zeros((len(t), 1)), [0.0], **kwargs)
