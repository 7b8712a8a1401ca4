"""The Viviani reference for the DDS loop (issue 18): the stopping segment, the IK whose θ̇_d is
the derivative of its θ_d (the cause of the 5 ms lag), and the held-base feed-forward.

References nobody here wrote: finite differences of the closed forms (the curve and its phase),
the rigid-body momentum balance (the wrench that holds a base at rest is the rate of change of
the system's momentum about the fixed base origin, d/dt [M(q) v]_base — the mass matrix, not
the inverse-dynamics recursion under test), and the planning view checked against the model's
own lists.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

from modyn_control.inverse_dynamics_feedforward_node import held_base_efforts
from modyn_control.space.iiwa_space import EE_FRAME
from modyn_control.space.ik import TOOL_DOWN, RedundantIK
from modyn_control.space.simulation import space_iiwa_model
from modyn_control.space.viviani import Viviani
from modyn_trajectory.floating import FloatingJoints, planning_model

CURVE, STOP = 4.0 * math.pi, 2.0


@pytest.fixture(scope="module")
def model():
    return space_iiwa_model()


def test_stopping_segment_is_smooth_and_ends_at_rest():
    v = Viviani(smooth_start=0.5, stop_time=CURVE, stop_duration=STOP)
    free = Viviani(smooth_start=0.5)
    h = 1e-4
    t = np.arange(0.0, CURVE + STOP + 1.0, h)
    p, pd, pdd = v.evaluate(t)
    # derivatives of the closed form by central differences (O(h²) ≈ 1e-9 here)
    np.testing.assert_allclose(np.gradient(p, h, axis=0)[1:-1], pd[1:-1], atol=1e-8)
    np.testing.assert_allclose(np.gradient(pd, h, axis=0)[1:-1], pdd[1:-1], atol=1e-7)
    # unchanged before t_b, at rest (and still) after t_b + T_d
    before = t <= CURVE
    np.testing.assert_array_equal(p[before], free.evaluate(t[before])[0])
    after = t >= v.end_time
    assert np.abs(pd[after]).max() == 0.0 and np.abs(pdd[after]).max() == 0.0
    assert np.ptp(p[after], axis=0).max() == 0.0
    # the extra phase: u̇(t_b) T_d / 2 (u̇(t_b) = ζ once the smooth start is over)
    u_end = v.timing(np.array(v.end_time))[0]
    u_b = free.timing(np.array(CURVE))[0]
    assert u_end - u_b == pytest.approx(1.0 * STOP / 2.0, abs=1e-9)
    # peak |ü| = 1.875 u̇(t_b) / T_d during the stop
    stop = (t > CURVE) & (t < v.end_time)
    assert np.abs(v.timing(t[stop])[2]).max() == pytest.approx(1.875 / STOP, rel=1e-4)
    with pytest.raises(ValueError, match="stop_duration"):
        Viviani(stop_time=1.0, stop_duration=0.0)


def test_ik_rate_is_the_derivative_of_its_positions(model):
    """θ̇_d = dθ_d/dt (to the central-difference error) and the EE on the curve: the Euler IK
    before had θ̇_d 6 % short (0.013 rad/s on joint 2), which made the loop lag 5 ms."""
    dt = 0.005
    t = np.arange(int(round(4.0 / dt)) + 1) * dt
    path = Viviani(smooth_start=0.5, stop_time=2.0, stop_duration=2.0)
    p, v, _ = path.evaluate(t)
    ik = RedundantIK(model, EE_FRAME)
    start = ik.solve(TOOL_DOWN, p[0])
    assert start.status == "converged"
    rate = path.timing(t)[1] / path.rate
    th, thd, thdd, err = ik.track(t, p, v, TOOL_DOWN, start.theta, null_scale=rate)
    # central differences err by h^2/6 |d3θ/dt3| (and h/4 times the small acceleration step at
    # t_b, e^-4 of the start's); the first 0.5 s, where the re-timed start's jerk ζ/T_s² is
    # largest, are left out
    fd = np.gradient(th, t, axis=0, edge_order=2)
    k = t >= 0.5
    print(f"|θ̇_d − dθ_d/dt| max {np.abs(thd - fd)[k].max():.2e} rad/s")
    assert np.abs(thd - fd)[k].max() < 3e-5, np.abs(thd - fd)[k].max()
    assert np.abs(err[:, :3]).max() < 1e-8 and np.abs(err[:, 3:]).max() < 1e-8
    # the null-space pull fades with the phase rate: the joints start and end at rest
    assert np.abs(thd[0]).max() < 1e-9 and np.abs(thd[-1]).max() < 1e-6
    # without the scaling the self-motion goes on after the EE stopped
    th2, thd2, _, _ = ik.track(t, p, v, TOOL_DOWN, start.theta)
    assert np.abs(thd2[-1]).max() > 1e-3


def test_held_base_wrench_is_the_momentum_rate(model):
    """The base rows of the held-base inverse dynamics = d/dt of the system's momentum about the
    fixed base origin, [M(q) v]_base (base at the identity: base axes = world axes), by
    central differences of the mass matrix along a smooth joint motion."""
    n = model.nv - 6
    w = np.linspace(0.5, 1.5, n)
    amp = np.linspace(0.3, 0.1, n)
    theta0 = np.array([0.0, 0.5, 0.0, -1.6, 0.0, 1.0, 0.0])
    h = 1e-4
    t = np.arange(0.0, 1.0, h)
    th = theta0 + amp * np.sin(np.outer(t, w))
    thd = amp * w * np.cos(np.outer(t, w))
    thdd = -amp * w**2 * np.sin(np.outer(t, w))

    class Arrays:
        q, v, a = th, thd, thdd

    base_q = np.array([0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0])
    tau, wrench = held_base_efforts(model, Arrays, base_q, friction=False)
    q = np.hstack([np.tile(base_q, (t.size, 1)), th])
    v = np.hstack([np.zeros((t.size, 6)), thd])
    momentum = np.einsum("kij,kj->ki", model.mass_matrix(q)[:, :6, :], v)
    rate = np.gradient(momentum, h, axis=0)
    np.testing.assert_allclose(wrench[1:-1], rate[1:-1], atol=1e-5 * np.abs(wrench).max())
    # the joint rows: the whole model's inverse dynamics at the base held at rest
    full = model.inverse_dynamics(q, v, np.hstack([np.zeros((t.size, 6)), thdd]))
    np.testing.assert_allclose(tau, full[:, 6:], atol=1e-12)


def test_planning_model_of_a_floating_base(model):
    view = planning_model(model)
    assert isinstance(view, FloatingJoints)
    assert view.coordinate_names == tuple(model.coordinate_names[7:])
    assert view.velocity_names == tuple(model.velocity_names[6:])
    assert view.nq == view.nv == model.nv - 6
    np.testing.assert_array_equal(view.lower, np.asarray(model.lower)[7:])
    np.testing.assert_array_equal(view.upper, np.asarray(model.upper)[7:])
    np.testing.assert_array_equal(view.velocity_limit, np.asarray(model.velocity_limit)[6:])
    assert not view.kinematics and not view.floating_base
    # a fixed-base model is planned as it is
    fixed = FloatingJoints.__new__(FloatingJoints)
    fixed.floating_base = False
    assert planning_model(fixed) is fixed
