"""The soft limits on a floating base (issue 14): the base coordinates have no limit, the
joints are named alike in the coordinate, velocity and actuator lists, at other indices
(q = [p, quat, joints], v = [v_B, ω_B, joints], u = joints). The soft position and velocity
limits then act on each joint's own actuator with its own gravity and gains (the velocity
index), exactly as on an arm whose joints are those alone; a finite limit on a coordinate that
is not a joint still refuses ``saturate``, naming the lists."""

from __future__ import annotations

import numpy as np
import pytest

from modyn_hardware.safety import LimitGuard, Limits

BASE_Q = ("b.x", "b.y", "b.z", "b.qw", "b.qx", "b.qy", "b.qz")
BASE_V = ("b.vx", "b.vy", "b.vz", "b.wx", "b.wy", "b.wz")
JOINTS = ("hip", "knee")


def _limits(**overrides) -> Limits:
    values = dict(
        joint_names=BASE_Q + JOINTS,
        lower=np.concatenate((np.full(7, -np.inf), [-1.0, -0.5])),
        upper=np.concatenate((np.full(7, np.inf), [1.0, 0.5])),
        velocity=np.concatenate((np.full(6, np.inf), [2.0, 3.0])),
        effort=np.array([100.0, 100.0]),
        velocity_names=BASE_V + JOINTS,
        actuator_names=JOINTS,
    )
    values.update(overrides)
    return Limits(**values)


def test_soft_limits_act_on_the_joints_of_a_floating_base():
    kp = np.concatenate((np.zeros(6), [100.0, 200.0]))
    kd = np.concatenate((np.zeros(6), [10.0, 20.0]))
    g_full = np.concatenate((np.full(6, 7.0), [1.5, -0.5]))  # base entries must not be used
    guard = LimitGuard(_limits(), kp=kp, kd=kd, gravity=lambda q: g_full)
    # the same joints as an arm of two joints (indices 0, 1 in every list)
    arm = LimitGuard(
        Limits(
            joint_names=JOINTS,
            lower=np.array([-1.0, -0.5]),
            upper=np.array([1.0, 0.5]),
            velocity=np.array([2.0, 3.0]),
            effort=np.array([100.0, 100.0]),
        ),
        kp=kp[6:],
        kd=kd[6:],
        gravity=lambda q: g_full[6:],
    )
    q = np.concatenate(([0.0, 0.0, 1.0, 1.0, 0.0, 0.0, 0.0], [1.2, -0.1]))  # hip beyond upper
    v = np.concatenate((np.full(6, 50.0), [0.5, -3.5]))  # knee too fast; base speed: no limit
    tau, tau_arm = np.array([4.0, 1.0]), np.array([4.0, 1.0])
    assert guard.apply(tau, q, v) is None and arm.apply(tau_arm, q[7:], v[6:]) is None
    np.testing.assert_array_equal(tau, tau_arm)
    # hip: Q + min(τ − Q, 0) − Kp (q − u) − Kd max(q̇, 0) = 1.5 + 0 − 100·0.2 − 10·0.5
    assert tau[0] == pytest.approx(1.5 - 20.0 - 5.0)
    # knee: Q + max(τ − Q, 0) − Kd (q̇ + vmax) = −0.5 + 1.5 − 20·(−0.5)
    assert tau[1] == pytest.approx(-0.5 + 1.5 + 10.0)
    assert guard.counts["position_limited"] == guard.counts["velocity_limited"] == 1


def test_a_limited_coordinate_that_is_not_a_joint_refuses_saturate():
    lower = np.concatenate(([-5.0], np.full(6, -np.inf), [-1.0, -0.5]))  # a limit on b.x
    with pytest.raises(ValueError, match="position_limit_mode 'saturate' .* use 'fault'"):
        LimitGuard(_limits(lower=lower), np.zeros(8), np.zeros(8), lambda q: np.zeros(8))
    # in fault mode it is checked by name
    guard = LimitGuard(
        _limits(lower=lower, position_mode="fault"), np.zeros(8), np.zeros(8), lambda q: None
    )
    q = np.concatenate(([-6.0, 0, 0, 1, 0, 0, 0], [0.0, 0.0]))
    assert guard.apply(np.zeros(2), q, np.zeros(8)) == (
        "position limit: joint 'b.x' at -6, below the lower limit -5"
    )
