"""VSCMG cluster (issue 18, note §8.2): dynamics, steering law eq. (42), singularities, limits.

Oracles: the torque on the base against a central finite difference of the cluster's inertial
angular momentum R h (a physical law, independent of the closed form of eq. (40)); conservation
of R (J ω + h) for a free base carrying the cluster (integrated with DOP853); the realised torque
against the demand; the singular set of the pyramid from the geometry (h = ±2(1+cβ)h₀-type
states found analytically: γ = (−90°, 0, 90°, 0) puts every transverse axis in a plane).
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from scipy.integrate import solve_ivp

from modyn_model.mechanisms.space.cmg import CMGCluster, CMGError


def _qmul(a, b):
    a0, av, b0, bv = a[0], a[1:], b[0], b[1:]
    return np.concatenate([[a0 * b0 - av @ bv], a0 * bv + b0 * av + np.cross(av, bv)])


def _qmat(q):
    w, x, y, z = q / np.linalg.norm(q)
    return np.array([[1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y)],
                     [2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)],
                     [2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)]])


def _rot(axis_angle):
    th = np.linalg.norm(axis_angle)
    k = axis_angle / th
    K = np.array([[0, -k[2], k[1]], [k[2], 0, -k[0]], [-k[1], k[0], 0]])
    return np.eye(3) + math.sin(th) * K + (1 - math.cos(th)) * K @ K


def test_pyramid_geometry():
    c = CMGCluster.pyramid()
    a_s, a_t, a_g = c.axes(np.array([0.3, -0.2, 1.1, 2.0]))
    np.testing.assert_allclose(np.sum(a_s * a_g, axis=0), 0.0, atol=1e-15)
    np.testing.assert_allclose(a_t, np.cross(a_g.T, a_s.T).T, atol=1e-15)
    # zero momentum at γ = 0 with equal wheel speeds; the m of the pyramid at γ = 0 in closed
    # form: A_t A_tᵀ = diag(2cβ², 2cβ², 4sβ²) → m = 16 cβ⁴ sβ²
    np.testing.assert_allclose(c.momentum(np.zeros(4), np.zeros(4), np.full(4, 100.0)), 0.0,
                               atol=1e-13)
    b = math.radians(54.73)
    assert c.singularity_measure(np.zeros(4)) == pytest.approx(
        16 * math.cos(b) ** 4 * math.sin(b) ** 2, rel=1e-12)


def test_torque_is_minus_rate_of_cluster_momentum():
    """u_cmg(t) = −d/dt(R h) expressed in base axes, along an arbitrary smooth motion."""
    c = CMGCluster.pyramid()
    w = np.array([0.3, -0.5, 0.7])  # constant body rate: R(t) = exp(t w̃)

    def state(t):
        gamma = np.array([0.4 * math.sin(t), -0.3 * math.sin(1.3 * t), 0.2 * t, 1.0 - 0.5 * t * t])
        gd = np.array([0.4 * math.cos(t), -0.39 * math.cos(1.3 * t), 0.2, -1.0 * t])
        gdd = np.array([-0.4 * math.sin(t), 0.507 * math.sin(1.3 * t), 0.0, -1.0])
        om = 100.0 + np.array([5 * math.sin(2 * t), -3 * t, t * t, 0.0])
        omd = np.array([10 * math.cos(2 * t), -3.0, 2 * t, 0.0])
        return gamma, gd, gdd, om, omd

    def h_inertial(t):
        g, gd, _, om, _ = state(t)
        return _rot(w * t) @ c.momentum(g, gd, om)

    for t in (0.3, 1.1, 2.7):
        g, gd, gdd, om, omd = state(t)
        u = _rot(w * t) @ c.torque_on_base(g, gd, gdd, om, omd, w)
        dt = 1e-5
        fd = -(h_inertial(t + dt) - h_inertial(t - dt)) / (2 * dt)
        np.testing.assert_allclose(u, fd, atol=2e-7 * np.abs(fd).max())


@pytest.mark.parametrize("seed", range(4))
def test_steering_realises_torque_away_from_singularities(seed):
    c = CMGCluster.pyramid()
    rng = np.random.default_rng(seed)
    gamma = rng.uniform(-0.5, 0.5, 4)
    Omega = 100.0 + rng.uniform(-5, 5, 4)
    omega = rng.uniform(-0.05, 0.05, 3)
    u = rng.uniform(-2.0, 2.0, 3)
    r = c.steer(u, gamma, Omega, omega, t=0.7 * seed)
    assert r.measure > 0.5 and r.status == "ok", r.message
    # the SR inverse trades exactness for robustness: the torque error is λ R (ĜWĜᵀ + λR)⁻¹ ŷ,
    # bounded by λ ‖R‖ / eig_min(Ĉ Ĉᵀ) of the demand (+ drift w), λ = λ₀ e^{−μ m} ~ 1e-5 here
    G, w = c.steering_matrix(gamma, Omega, omega)
    Cn = G[:, :4] / c.h0
    bound = r.damping * 1.03 / np.linalg.eigvalsh(Cn @ Cn.T)[0] * np.linalg.norm(u + w)
    err = np.linalg.norm(r.torque - u)
    assert err <= bound and err < 1e-3 * np.linalg.norm(u)
    assert np.max(np.abs(r.gimbal_rate)) <= c.gimbal_rate_max
    # and the realised torque is the dynamics' torque at γ̈ = 0 for these rates (eq. (41))
    np.testing.assert_allclose(
        c.torque_on_base(gamma, r.gimbal_rate, np.zeros(4), Omega, r.wheel_accel, omega),
        r.torque, atol=1e-12)


def test_rate_limit_scales_the_command():
    c = CMGCluster.pyramid()
    r = c.steer([40.0, 0.0, 0.0], np.zeros(4), np.full(4, 100.0))
    assert "rate_limited" in r.status
    assert np.max(np.abs(r.gimbal_rate)) == pytest.approx(c.gimbal_rate_max, rel=1e-12)
    # direction kept: the realised torque is parallel to the demand
    np.testing.assert_allclose(r.torque / np.linalg.norm(r.torque), [1.0, 0.0, 0.0], atol=1e-8)


def test_near_singular_set_bounded_and_diagnosed():
    gs = np.radians([-90.0, 0.0, 90.0, 0.0])
    Omega = np.full(4, 100.0)
    for wheel_weight0 in (0.0, 1000.0):  # pure CMG mode, then VSCMG
        c = CMGCluster.pyramid(wheel_weight0=wheel_weight0)
        assert c.singularity_measure(gs) < 1e-20
        # the singular direction: the one the transverse axes do not span
        _, a_t, _ = c.axes(gs)
        u_sing = np.linalg.svd(a_t)[0][:, -1]
        for gamma in (gs, gs + 1e-4, gs + np.array([1e-3, -1e-3, 2e-3, 0.0])):
            r = c.steer(1.0 * u_sing, gamma, Omega, t=0.2)
            assert np.all(np.isfinite(r.gimbal_rate)) and np.all(np.isfinite(r.wheel_accel))
            assert np.max(np.abs(r.gimbal_rate)) <= c.gimbal_rate_max + 1e-12
            assert "near_singular" in r.status and "singular set" in r.message
            if wheel_weight0 > 0:
                # the wheels carry the torque the gimbals cannot give
                assert r.torque @ u_sing > 0.9
        # a torque across the singular direction is still realised by the gimbals
        u_ok = np.linalg.svd(a_t)[0][:, 0]
        r = c.steer(0.5 * u_ok, gs, Omega, t=0.2)
        assert r.torque @ u_ok == pytest.approx(0.5, rel=1e-2)


def test_invalid_input_gives_zero_command():
    c = CMGCluster.pyramid()
    r = c.steer([np.nan, 0, 0], np.zeros(4), np.full(4, 100.0))
    assert r.status == "invalid" and np.all(r.gimbal_rate == 0) and np.all(r.wheel_accel == 0)
    with pytest.raises(CMGError, match="unknown parameter"):
        CMGCluster.pyramid(lamda0=0.1)
    with pytest.raises(CMGError, match="parallel"):
        CMGCluster([[0, 0, 1]], [[0, 0, 2]])


def test_free_base_with_cluster_conserves_momentum():
    """Base + VSCMGs, no external torque: J ω̇ + ω × J ω = u_cmg with the servo dynamics, gimbal
    and wheel commands varying in time; R (J ω + h) is constant (the test's tolerance, 1e-9 of
    |h| ~ 12 N·m·s, is the integrator's: DOP853 at rtol 1e-11)."""
    c = CMGCluster.pyramid()
    m, Jc = c.lumped_inertia()
    J = np.diag([0.405, 0.405, 0.405]) + Jc
    Jinv = np.linalg.inv(J)

    def rhs(t, x):
        q, w = x[:4], x[4:7]
        g, gd, om = x[7:11], x[11:15], x[15:19]
        cmd_g = 0.5 * np.sin(np.array([1.0, 1.3, 0.7, 2.0]) * t)
        cmd_w = 3.0 * np.cos(np.array([0.5, 1.1, 0.9, 1.7]) * t)
        gdd, wd = c.rates(gd, om, cmd_g, cmd_w)
        u = c.torque_on_base(g, gd, gdd, om, wd, w)
        wdot = Jinv @ (u - np.cross(w, J @ w))
        qd = 0.5 * _qmul(q, np.concatenate([[0.0], w]))
        return np.concatenate([qd, wdot, gd, gdd, wd])

    x0 = np.concatenate([[1, 0, 0, 0], [0.01, -0.02, 0.03], np.zeros(4), np.zeros(4),
                         np.full(4, 100.0)])

    def H(x):
        return _qmat(x[:4]) @ (J @ x[4:7] + c.momentum(x[7:11], x[11:15], x[15:19]))

    sol = solve_ivp(rhs, (0.0, 4.0), x0, method="DOP853", rtol=1e-11, atol=1e-12,
                    t_eval=np.linspace(0, 4, 21))
    assert sol.success
    H0 = H(x0)
    drift = max(np.linalg.norm(H(sol.y[:, i]) - H0) for i in range(sol.y.shape[1]))
    print(f"momentum drift {drift:.3g} N·m·s")
    assert drift < 1e-9
    # the cluster actually moved: gimbals turned and the base rotated (4 s)
    assert np.max(np.abs(sol.y[7:11, -1])) > 0.3
    assert np.max(np.abs(sol.y[4:7])) > 0.05


def test_servo_and_wheel_speed_limits():
    c = CMGCluster.pyramid()
    gd = np.array([0.0, 0.5, -0.5, 0.2])
    gdd, wd = c.rates(gd, np.array([100.0, 200.0, 20.0, 150.0]), np.array([5.0, 0.5, -0.5, 0.0]),
                      np.array([80.0, 10.0, -10.0, -1.0]))
    # γ̈ = clip((clip(γ̇_cmd, ±1) − γ̇)/τ_g, ±20): (1 − 0)/0.02 = 50 → 20; 0; 0; −10
    np.testing.assert_allclose(gdd, [20.0, 0.0, 0.0, -10.0])
    # Ω̇ clipped to ±50, and 0 where a wheel at its speed limit would be pushed past it
    np.testing.assert_allclose(wd, [50.0, 0.0, 0.0, -1.0])
    # the steering does not ask a wheel at Ω_max for more speed
    r = c.steer([0.0, 0.0, 1.0], np.radians([-90.0, 0.0, 90.0, 0.0]), np.full(4, 200.0))
    assert np.all(r.wheel_accel <= 0.0)
