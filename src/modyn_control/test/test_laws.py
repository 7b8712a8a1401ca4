"""The control laws: closed forms, buffers, gain validation."""

from __future__ import annotations

import math

import numpy as np
import pytest

from modyn_control.laws import ControlError, JointPD, gains, hold, pd_feedforward


def test_pd_feedforward_formula_into_out():
    q, v = np.array([0.1, -0.2]), np.array([0.5, 0.0])
    q_d, v_d, ff = np.array([0.3, 0.0]), np.array([0.0, 1.0]), np.array([10.0, -5.0])
    kp, kd = np.array([100.0, 50.0]), np.array([10.0, 2.0])
    out = np.empty(2)
    res = pd_feedforward(q, v, q_d, v_d, ff, kp, kd, out)
    assert res is out
    np.testing.assert_allclose(out, ff + kp * (q_d - q) + kd * (v_d - v), rtol=1e-15)
    pd_feedforward(q, v, q_d, v_d, None, kp, kd, out, np.empty(2))
    np.testing.assert_allclose(out, kp * (q_d - q) + kd * (v_d - v), rtol=1e-15)


def test_hold_formula_into_out():
    q, v, q_hold = np.array([0.1, -0.2]), np.array([0.5, -1.0]), np.array([0.0, 0.0])
    g = np.array([3.0, 4.0])
    kp, kd = np.array([100.0, 50.0]), np.array([10.0, 2.0])
    out = np.empty(2)
    assert hold(q, v, q_hold, g, kp, kd, out) is out
    np.testing.assert_allclose(out, g + kp * (q_hold - q) - kd * v, rtol=1e-15)
    hold(q, v, q_hold, None, kp, kd, out)
    np.testing.assert_allclose(out, kp * (q_hold - q) - kd * v, rtol=1e-15)


def test_joint_pd_reuses_its_buffer_and_broadcasts():
    pd = JointPD(3, 10.0, [1, 2, 3])
    np.testing.assert_array_equal(pd.kp, [10.0, 10.0, 10.0])
    np.testing.assert_array_equal(pd.kd, [1.0, 2.0, 3.0])
    a = pd.hold(np.zeros(3), np.ones(3), np.ones(3), np.zeros(3))
    b = pd.track(np.zeros(3), np.zeros(3), np.ones(3), np.zeros(3))
    assert a is b is pd.tau
    np.testing.assert_array_equal(b, [10.0, 10.0, 10.0])
    pd.set_gains(kp=[1.0, 2.0, 3.0])
    np.testing.assert_array_equal(pd.kp, [1.0, 2.0, 3.0])
    with pytest.raises(ControlError):
        pd.set_gains(kp=[1.0], kd=[-1.0])
    np.testing.assert_array_equal(pd.kp, [1.0, 2.0, 3.0])  # unchanged on error


@pytest.mark.parametrize(
    "value, match",
    [
        ([1.0, 2.0], r"kp: 2 values for 3 joints \(give 1 or 3\)"),
        ([-1.0], r"kp\[0\] = -1.0: must be finite and >= 0"),
        ([1.0, math.nan, 1.0], r"kp\[1\] = nan"),
        ([1.0, 1.0, math.inf], r"kp\[2\] = inf"),
        (["a"], r"kp\[0\] = 'a' is not a number"),
        ([True], r"kp\[0\] = True is not a number"),
    ],
)
def test_gains_validation(value, match):
    with pytest.raises(ControlError, match=match):
        gains(value, 3, "kp")
