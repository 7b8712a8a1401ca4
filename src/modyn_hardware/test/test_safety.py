"""modyn_hardware.safety without ROS: the limit rules against hand-computed values, fault
sentences that name the joint, the soft position limit holding a simulated arm that is pushed
into it, and the per-kind report throttle."""

from __future__ import annotations

import time

import numpy as np
import pytest

from modyn_hardware.safety import LimitGuard, Limits, ReportThrottle
from modyn_hardware.simulated import SimulatedPlant
from modyn_model import RobotModel

G = np.array([2.0, 1.0])  # a constant "gravity" for the hand-computed cases (N·m)


def guard(**modes) -> LimitGuard:
    limits = Limits(
        joint_names=("a", "b"),
        lower=np.array([-1.0, -1.0]),
        upper=np.array([1.0, 1.0]),
        velocity=np.array([2.0, 2.0]),
        effort=np.array([100.0, 100.0]),
        **modes,
    )
    return LimitGuard(
        limits, kp=np.array([100.0, 50.0]), kd=np.array([10.0, 5.0]), gravity=lambda q: G
    )


def test_effort_saturates_in_place_and_counts():
    g = guard()
    tau = np.array([150.0, -20.0])
    assert g.apply(tau, np.zeros(2), np.zeros(2)) is None
    np.testing.assert_array_equal(tau, [100.0, -20.0])
    assert g.counts == {"saturated": 1, "position_limited": 0, "velocity_limited": 0}
    tau = np.array([100.0, -100.0])  # at the limit is not beyond it
    assert g.apply(tau, np.zeros(2), np.zeros(2)) is None
    assert g.counts["saturated"] == 1


def test_soft_position_limit_cuts_the_outward_effort_and_springs_back():
    g = guard()
    q, v = np.array([1.1, -1.2]), np.array([0.5, -0.3])
    # pushing further out: cut to gravity, spring Kp·overshoot and damper on outward speed
    tau = np.array([10.0, -10.0])
    assert g.apply(tau, q, v) is None
    # a: 2 + min(10 - 2, 0) - 100 (1.1 - 1) - 10 max(0.5, 0) = -13
    # b: 1 + max(-10 - 1, 0) + 50 (-1 - (-1.2)) - 5 min(-0.3, 0) = 12.5
    np.testing.assert_allclose(tau, [-13.0, 12.5], rtol=0, atol=1e-12)
    # pulling back in: that part of the command is kept
    tau = np.array([-5.0, 8.0])
    g.apply(tau, q, v)
    np.testing.assert_allclose(tau, [2 - 7 - 10 - 5, 1 + 7 + 10 + 1.5], rtol=0, atol=1e-12)
    assert g.counts["position_limited"] == 2
    # inside the limits nothing changes
    tau = np.array([10.0, -10.0])
    g.apply(tau, np.array([0.9, -0.9]), v)
    np.testing.assert_array_equal(tau, [10.0, -10.0])


def test_velocity_limit_cuts_the_accelerating_effort_and_damps_the_excess():
    g = guard()
    tau = np.array([10.0, -10.0])
    assert g.apply(tau, np.zeros(2), np.array([3.0, -3.0])) is None
    # a: 2 + min(8, 0) - 10 (3 - 2) = -8;  b: 1 + max(-11, 0) - 5 (-3 + 2) = 6
    np.testing.assert_allclose(tau, [-8.0, 6.0], rtol=0, atol=1e-12)
    assert g.counts["velocity_limited"] == 1


def test_soft_limits_stay_within_the_effort_limits():
    g = guard()
    tau = np.array([0.0, 0.0])
    g.apply(tau, np.array([3.0, 0.0]), np.array([5.0, 0.0]))  # far out, fast
    assert tau[0] == -100.0 and g.counts["saturated"] == 1


@pytest.mark.parametrize(
    "modes, q, v, tau, reason",
    [
        (
            {"effort_mode": "fault"},
            [0, 0],
            [0, 0],
            [0, -101],
            "effort limit: joint 'b' commanded -101",
        ),
        (
            {"position_mode": "fault"},
            [1.1, 0],
            [0, 0],
            [0, 0],
            "joint 'a' at 1.1, above the upper limit 1",
        ),
        (
            {"position_mode": "fault"},
            [0, -1.5],
            [0, 0],
            [0, 0],
            "joint 'b' at -1.5, below the lower limit -1",
        ),
        (
            {"velocity_mode": "fault"},
            [0, 0],
            [0, -2.5],
            [0, 0],
            "joint 'b' moving at -2.5, beyond ±2",
        ),
    ],
)
def test_fault_mode_names_the_joint_and_leaves_the_command(modes, q, v, tau, reason):
    g = guard(**modes)
    tau = np.array(tau, dtype=float)
    before = tau.copy()
    got = g.apply(tau, np.array(q, dtype=float), np.array(v, dtype=float))
    assert got is not None and reason in got
    np.testing.assert_array_equal(tau, before)


def test_soft_position_limit_stops_a_simulated_arm_pushed_into_it(planar_xml):
    """The planar 2R arm, joint1 driven outward with 30 N·m above gravity compensation: without
    the soft limit it swings far past 0.5 rad; with it, it stops near the limit and stays."""
    model = RobotModel.from_urdf(planar_xml)
    upper = np.array([0.5, np.inf])
    limits = Limits(
        joint_names=model.joint_names,
        lower=np.array([-np.inf, -np.inf]),
        upper=upper,
        velocity=np.array(model.velocity_limit),
        effort=np.array(model.effort_limit),
    )
    data = model.make_data()
    from modyn_model import algorithms as alg

    g = LimitGuard(
        limits,
        np.array([400.0, 100.0]),
        np.array([40.0, 10.0]),
        lambda q: alg.gravity(model, data, q),
    )

    def run(limited: bool) -> np.ndarray:
        plant = SimulatedPlant(model, "rk4", q0=[0.0, 0.0])
        qs = []
        for _ in range(2000):  # 2 s at 1 ms
            s = plant.read()
            tau = model.gravity(s.position) + np.array([30.0, 0.0])
            tau[1] += -50.0 * s.position[1] - 5.0 * s.velocity[1]  # keep joint2 near 0
            if limited:
                assert g.apply(tau, s.position, s.velocity) is None
            plant.write(tau)
            plant.step(1e-3)
            qs.append(plant.read().position[0])
        return np.array(qs)

    free, limited = run(False), run(True)
    assert free.max() > 1.5  # the push alone goes far beyond the limit
    overshoot = limited.max() - upper[0]
    assert 0 < overshoot < 0.1, overshoot
    # settled against the wall: the push (30 N·m) balanced by the spring, Kp·e = 30 at most
    assert abs(limited[-200:].mean() - upper[0]) < 30.0 / 400.0 + 1e-3
    assert np.ptp(limited[-200:]) < 0.01


def test_report_throttle_is_per_kind_and_counts_what_it_skipped():
    throttle = ReportThrottle(0.05)
    assert throttle("name") == 0
    assert throttle("name") is None
    assert throttle("stamp_old") == 0  # another kind is not hidden by the first
    assert throttle("name") is None
    time.sleep(0.06)
    assert throttle("name") == 2


def _mechanism_limits(**modes) -> Limits:
    """A mechanism whose coordinates (3: a quaternion-free toy), velocities (2) and actuators
    (1) are three different lists: the sizes and names of each kind are its own."""
    return Limits(
        joint_names=("x", "y", "z"),
        lower=np.array([-1.0, -1.0, -np.inf]),
        upper=np.array([1.0, 1.0, np.inf]),
        velocity=np.array([2.0, 3.0]),
        effort=np.array([10.0]),
        velocity_names=("vx", "vy"),
        actuator_names=("motor",),
        **modes,
    )


def test_each_kind_of_limit_has_its_own_size_and_names():
    limits = _mechanism_limits(position_mode="fault", velocity_mode="fault", effort_mode="fault")
    assert not limits.aligned
    g = LimitGuard(limits, kp=np.zeros(2), kd=np.zeros(2), gravity=lambda q: np.zeros(2))
    assert g.apply(np.array([5.0]), np.zeros(3), np.zeros(2)) is None
    assert (
        g.apply(np.array([12.0]), np.zeros(3), np.zeros(2))
        == "effort limit: joint 'motor' commanded 12 beyond ±10"
    )
    assert (
        g.apply(np.array([0.0]), np.array([0.0, -1.5, 9.0]), np.zeros(2))
        == "position limit: joint 'y' at -1.5, below the lower limit -1"
    )
    assert (
        g.apply(np.array([0.0]), np.zeros(3), np.array([0.0, -4.0]))
        == "velocity limit: joint 'vy' moving at -4, beyond ±3"
    )
    u = np.array([-30.0])
    assert g.clip_effort(u) and u[0] == -10.0


def test_soft_limits_are_refused_where_a_joint_is_not_its_own_actuator():
    with pytest.raises(ValueError, match="position_limit_mode 'saturate' .* use 'fault'"):
        LimitGuard(
            _mechanism_limits(), kp=np.zeros(2), kd=np.zeros(2), gravity=lambda q: np.zeros(2)
        )
    aligned = Limits(
        joint_names=("a",),
        lower=-np.ones(1),
        upper=np.ones(1),
        velocity=np.ones(1),
        effort=np.ones(1),
    )
    assert aligned.aligned and aligned.velocity_names == aligned.actuator_names == ("a",)
