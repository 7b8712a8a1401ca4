"""The Khalil ch. 9 laws against closed forms: a 1-dof pendulum written out by hand, the planar
2R and the 6R arm (instantaneous identities of the laws on a perfect model)."""

from __future__ import annotations

import math

import numpy as np
import pytest

from modyn_control.computed_torque import ComputedTorque, PredictiveControl
from modyn_control.gains import (
    decoupled_inertia,
    decoupled_pd_gains,
    integral_gains,
    pid_triple_pole_gains,
    second_order_gains,
)
from modyn_control.joint_pid import JointPID, PDFeedforward
from modyn_control.law_base import RESUME_WINDOW, LawSwitch, Reference
from modyn_control.law_catalog import LAW_NAMES, LawSettings, make_law
from modyn_control.laws import ControlError
from modyn_control.pd_gravity import PDGravity, lyapunov
from modyn_control.task_space import (
    TaskComputedTorque,
    TaskKinematics,
    TaskPID,
    damped_pinv,
    rotation_error,
)
from modyn_model import RobotModel

G = 9.81
M, L = 2.0, 0.5  # pendulum rod: mass (kg), length (m), COM at L/2
I_JOINT = M * (L * L + 0.0025) / 12.0 + M * (L / 2) ** 2  # inertia about the joint (kg·m²)

PENDULUM = f"""<?xml version="1.0"?>
<robot name="pendulum">
  <link name="base"/>
  <link name="rod">
    <inertial>
      <origin xyz="{L / 2} 0 0"/>
      <mass value="{M}"/>
      <inertia ixx="0.001" ixy="0" ixz="0" iyy="{M * (L * L + 0.0025) / 12}" iyz="0"
               izz="{M * (L * L + 0.0025) / 12}"/>
    </inertial>
  </link>
  <link name="tip"/>
  <joint name="hinge" type="revolute">
    <parent link="base"/><child link="rod"/><axis xyz="0 1 0"/>
    <limit lower="-3.14" upper="3.14" effort="100" velocity="10"/>
  </joint>
  <joint name="tip_joint" type="fixed">
    <parent link="rod"/><child link="tip"/><origin xyz="{L} 0 0"/>
  </joint>
</robot>"""


def pendulum_gravity(q: float) -> float:
    """Q(q) = ∂U/∂q with U = −M g (L/2) sin q (the rod turns about +y: x → −z)."""
    return -M * G * (L / 2) * math.cos(q)


@pytest.fixture(scope="module")
def pendulum():
    return RobotModel.from_urdf(PENDULUM)


def _ref(q, v=None, a=None, tau_ff=None):
    return Reference(np.atleast_1d(q), v if v is None else np.atleast_1d(v), a, tau_ff)


# ----------------------------------------------------------------------------- the pendulum model
def test_pendulum_model_matches_the_closed_form(pendulum):
    for q in (-1.0, 0.0, 0.4, 2.0):
        assert pendulum.mass_matrix([q])[0, 0] == pytest.approx(I_JOINT, rel=1e-12)
        assert pendulum.gravity([q])[0] == pytest.approx(pendulum_gravity(q), rel=1e-12, abs=1e-12)


# ----------------------------------------------------------------------------- gains
def test_second_order_gains_closed_form():
    kp, kd = second_order_gains([10.0, 4.0], [1.0, 0.5])
    np.testing.assert_allclose(kp, [100.0, 16.0])
    np.testing.assert_allclose(kd, [20.0, 4.0])  # 2 ζ ω


def test_pid_gains_put_a_triple_pole_at_minus_omega():
    a, w, fv = np.array([2.0, 0.3]), np.array([10.0, 25.0]), np.array([1.5, 0.2])
    kp, kd, ki = pid_triple_pole_gains(a, w, fv)
    for j in range(2):
        # [9.8]: a s³ + (Kd + Fv) s² + Kp s + KI == a (s + ω)³ = a (s³ + 3ω s² + 3ω² s + ω³)
        coeffs = [a[j], kd[j] + fv[j], kp[j], ki[j]]
        expected = a[j] * np.array([1.0, 3 * w[j], 3 * w[j] ** 2, w[j] ** 3])
        np.testing.assert_allclose(coeffs, expected, rtol=1e-14)


def test_integral_gains_place_the_poles():
    kp, kd, ki = integral_gains(8.0, 0.7)
    roots = np.sort_complex(np.roots([1.0, kd[0], kp[0], ki[0]]))
    expected = np.sort_complex(np.r_[-8.0, np.roots([1.0, 2 * 0.7 * 8.0, 64.0])].astype(complex))
    np.testing.assert_allclose(roots, expected, rtol=1e-9)


def test_decoupled_gains_and_inertia(rx90_model):
    a = decoupled_inertia(rx90_model, samples=64)
    # a_j = max A_jj ≥ A_jj anywhere, and at least the rotor inertia of the joint
    q = np.random.default_rng(3).uniform(-1, 1, (20, 6))
    diag = np.diagonal(rx90_model.mass_matrix(q), axis1=-2, axis2=-1)
    assert np.all(a >= rx90_model.armature)
    assert np.all(a >= 0.9 * diag.max(axis=0))  # sampled max, close to the true max
    kp, kd = decoupled_pd_gains(a, 10.0, 1.0, viscous=0.5)
    np.testing.assert_allclose(kp, a * 100.0)
    np.testing.assert_allclose(kd, np.maximum(a * 20.0 - 0.5, 0.0))


@pytest.mark.parametrize(
    "call, match",
    [
        (lambda: second_order_gains(-1.0), r"omega\[0\] = -1.0"),
        (lambda: second_order_gains(5.0, math.nan), r"zeta\[0\] = nan"),
        (lambda: pid_triple_pole_gains([1.0, 0.0], 5.0), r"inertia\[1\] = 0.0"),
    ],
)
def test_gain_design_rejects_bad_values(call, match):
    with pytest.raises(ControlError, match=match):
        call()


# ----------------------------------------------------------------------------- computed torque
def test_computed_torque_on_the_pendulum_is_the_closed_form(pendulum):
    law = ComputedTorque(pendulum, omega=6.0, zeta=1.0, friction=False)
    q, v, q_d, v_d, a_d = 0.3, -0.4, 0.5, 0.1, 2.0
    tau = law.step(0.0, np.array([q]), np.array([v]), _ref(q_d, v_d, np.array([a_d])), np.zeros(1))
    w = a_d + 12.0 * (v_d - v) + 36.0 * (q_d - q)  # [9.24]
    assert tau[0] == pytest.approx(I_JOINT * w + pendulum_gravity(q), rel=1e-12)


def _simulate_pendulum(law, q0, v0, ref_fn, t_end, dt):
    """RK4 of the hand-written pendulum I θ̈ = τ − Q(θ), τ held over each step (ZOH)."""

    def acc(q, v, tau):
        return (tau - pendulum_gravity(q)) / I_JOINT

    q, v = q0, v0
    out = np.zeros(1)
    ts, qs, vs = [], [], []
    for k in range(int(round(t_end / dt)) + 1):
        t = k * dt
        ts.append(t)
        qs.append(q)
        vs.append(v)
        tau = law.step(t, np.array([q]), np.array([v]), ref_fn(t), out)[0]
        k1q, k1v = v, acc(q, v, tau)
        k2q, k2v = v + 0.5 * dt * k1v, acc(q + 0.5 * dt * k1q, v + 0.5 * dt * k1v, tau)
        k3q, k3v = v + 0.5 * dt * k2v, acc(q + 0.5 * dt * k2q, v + 0.5 * dt * k2v, tau)
        k4q, k4v = v + dt * k3v, acc(q + dt * k3q, v + dt * k3v, tau)
        q += dt / 6 * (k1q + 2 * k2q + 2 * k3q + k4q)
        v += dt / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
    return np.array(ts), np.array(qs), np.array(vs)


def test_computed_torque_error_is_the_critically_damped_solution(pendulum):
    """[9.25] ë + Kd ė + Kp e = 0 with Kp = ω², Kd = 2ω: e(t) = (e0 + (ė0 + ω e0) t) e^{−ωt}."""
    omega = 8.0
    law = ComputedTorque(pendulum, omega=omega, zeta=1.0, friction=False)

    def ref(t):  # q_d = 0.5 sin 2t
        return _ref(0.5 * math.sin(2 * t), math.cos(2 * t), np.array([-2.0 * math.sin(2 * t)]))

    e0, de0 = 0.0 - 0.2, 1.0 - 0.0
    departures = []
    for dt in (1e-4, 5e-5):
        law.reset(None, None)
        t, q, v = _simulate_pendulum(law, 0.2, 0.0, ref, 2.0, dt)
        e = 0.5 * np.sin(2 * t) - q
        exact = (e0 + (de0 + omega * e0) * t) * np.exp(-omega * t)
        departures.append(np.max(np.abs(e - exact)))
    # the only departure is the zero-order hold of τ over a step: O(dt), it halves with dt
    # (measured 5.8e-6 rad at 0.1 ms against an initial error of 0.2 rad)
    assert departures[0] < 1e-5
    assert departures[1] == pytest.approx(departures[0] / 2, rel=0.05)


def test_computed_torque_makes_qdd_equal_w_on_a_perfect_model(rx90_model, planar_model):
    """[9.23]: with Â = A, Ĥ = H the forward dynamics of the law's torque returns w exactly."""
    rng = np.random.default_rng(7)
    for model in (rx90_model, planar_model):
        n = model.n
        for scheme in ("tracking", "position"):
            law = ComputedTorque(model, omega=rng.uniform(5, 20, n), zeta=0.8, scheme=scheme)
            q, v, q_d, v_d, a_d = rng.uniform(-1, 1, (5, n))
            tau = law.step(0.0, q, v, _ref(q_d, v_d, a_d), np.zeros(n))
            qdd = model.forward_dynamics(q, v, tau)
            np.testing.assert_allclose(qdd, law.w, rtol=1e-9, atol=1e-9)
            if scheme == "tracking":  # [9.25]
                residual = (a_d - qdd) + law.kd * (v_d - v) + law.kp * (q_d - q)
            else:  # [9.30]: q̈ + Kd q̇ + Kp q = Kp q_d
                residual = qdd + law.kd * v + law.kp * q - law.kp * q_d
            np.testing.assert_allclose(residual, 0.0, atol=1e-8)


def test_effort_limit_saturates_every_law(rx90_model):
    limit = np.array([30.0, 30.0, 20.0, 2.0, 2.0, 1.0])
    q, q_d = np.zeros(6), np.full(6, 0.8)  # a large error: every law asks for more
    for name in LAW_NAMES:
        law = make_law(name, rx90_model, LawSettings(omega=[30.0], effort_limit=limit))
        tau = law.step(0.0, q, np.zeros(6), _ref(q_d, np.zeros(6), np.zeros(6)), np.zeros(6))
        assert np.all(np.abs(tau) <= limit) and law.saturated, name
    with pytest.raises(ControlError, match=r"effort_limit\[0\] = -1.0"):
        make_law("pid", rx90_model, LawSettings(effort_limit=[-1.0]))


def test_computed_torque_is_one_newton_euler_call(rx90_model):
    """§9.4.2.5: NE(q, q̇, w) = A(q) w + H(q, q̇) (A never formed by the law)."""
    rng = np.random.default_rng(8)
    law = ComputedTorque(rx90_model, omega=10.0)
    q, v, q_d, v_d, a_d = rng.uniform(-1, 1, (5, 6))
    tau = law.step(0.0, q, v, _ref(q_d, v_d, a_d), np.zeros(6))
    expected = rx90_model.mass_matrix(q) @ law.w + rx90_model.bias_forces(q, v)
    np.testing.assert_allclose(tau, expected, rtol=1e-10, atol=1e-9)


def test_predictive_uses_the_desired_state(rx90_model):
    """[9.31] Γ = A(q_d) w + H(q_d, q̇_d), by the feed-forward route and by one NE call."""
    rng = np.random.default_rng(9)
    q, v, q_d, v_d, a_d = rng.uniform(-1, 1, (5, 6))
    tau_ff = rx90_model.inverse_dynamics(q_d, v_d, a_d)
    with_ff = PredictiveControl(rx90_model, omega=12.0, zeta=0.9)
    by_ne = PredictiveControl(rx90_model, omega=12.0, zeta=0.9, use_feedforward=False)
    t1 = with_ff.step(0.0, q, v, _ref(q_d, v_d, a_d, tau_ff), np.zeros(6)).copy()
    t2 = by_ne.step(0.0, q, v, _ref(q_d, v_d, a_d, tau_ff), np.zeros(6))
    w = a_d + with_ff.kd * (v_d - v) + with_ff.kp * (q_d - q)
    expected = rx90_model.mass_matrix(q_d) @ w + rx90_model.bias_forces(q_d, v_d)
    np.testing.assert_allclose(t1, expected, rtol=1e-10, atol=1e-9)
    np.testing.assert_allclose(t2, expected, rtol=1e-10, atol=1e-9)
    # perfect tracking: the law sends the feed-forward, as computed torque does
    ct = ComputedTorque(rx90_model, omega=12.0, zeta=0.9)
    at_ref = with_ff.step(0.0, q_d, v_d, _ref(q_d, v_d, a_d, tau_ff), np.zeros(6))
    np.testing.assert_allclose(at_ref, tau_ff, rtol=1e-12, atol=1e-10)
    np.testing.assert_allclose(
        ct.step(0.0, q_d, v_d, _ref(q_d, v_d, a_d), np.zeros(6)), tau_ff, rtol=1e-10, atol=1e-9
    )


def test_computed_torque_integral_removes_a_constant_disturbance(pendulum):
    """With Ĥ missing a constant torque d, ∫ action drives e → 0 (without it e_ss = d/(I ω²))."""
    d = 1.5  # N·m the law does not know about, applied by the "plant"
    omega = 10.0

    class Disturbed:
        def __init__(self, law):
            self.law = law

        def step(self, t, q, v, ref, out):
            self.law.step(t, q, v, ref, out)
            out -= d
            return out

    ref = _ref(0.3, 0.0, np.zeros(1))
    finals = {}
    for integral in (False, True):
        law = ComputedTorque(pendulum, omega, 1.0, friction=False, integral=integral)
        _, q, _ = _simulate_pendulum(Disturbed(law), 0.3, 0.0, lambda t: ref, 3.0, 1e-3)
        finals[integral] = 0.3 - q[-1]
    # [9.28] at rest: Kp e = Â⁻¹ (H − Ĥ) = d / I (the plant is short of d)
    assert finals[False] == pytest.approx(d / (I_JOINT * omega**2), rel=1e-6)
    assert abs(finals[True]) < 1e-4


# ----------------------------------------------------------------------------- PID
def test_pid_formula_integral_and_anti_windup(planar_model):
    law = JointPID(
        planar_model, kp=[100.0, 50.0], kd=[10.0, 5.0], ki=[200.0, 100.0], integral_limit=3.0
    )
    q, v = np.array([0.1, -0.1]), np.array([0.5, 0.0])
    ref = _ref([0.12, -0.1], [0.0, 0.2])
    out = np.zeros(2)
    law.step(0.0, q, v, ref, out)  # first tick: no integral yet [9.5]
    np.testing.assert_allclose(out, [100 * 0.02 + 10 * (-0.5), 5 * 0.2])
    for k in range(1, 11):
        law.step(k * 1e-3, q, v, ref, out)
    np.testing.assert_allclose(law.integral, [200 * 0.02 * 10e-3, 0.0], atol=1e-15)
    # clamp: a long constant error saturates the integral at integral_limit
    for k in range(11, 5000):
        law.step(k * 1e-3, q, v, ref, out)
    assert law.integral[0] == pytest.approx(3.0)


def test_pid_conditional_integration_when_saturated(pendulum):
    law = JointPID(pendulum, kp=1000.0, kd=0.0, ki=500.0, effort_limit=50.0)
    out = np.zeros(1)
    ref = _ref(1.0)
    for k in range(100):  # error 1 rad: Kp e = 1000 N·m > 50: saturated all along
        law.step(k * 1e-3, np.zeros(1), np.zeros(1), ref, out)
        assert out[0] == 50.0 and law.saturated
    assert law.integral[0] == 0.0  # nothing wound up while saturated in the error's direction


def test_pid_band_and_derivative_on_measurement(pendulum):
    law = JointPID(
        pendulum, kp=10.0, kd=2.0, ki=100.0, integral_band=0.05, velocity_feedforward=False
    )
    out = np.zeros(1)
    for k in range(10):  # |e| = 0.1 > band: no integration
        law.step(k * 1e-3, np.zeros(1), np.array([0.3]), _ref(0.1, 5.0), out)
    assert law.integral[0] == 0.0
    # D term on the measurement only: −Kd q̇, the reference velocity 5 rad/s plays no part
    assert out[0] == pytest.approx(10 * 0.1 - 2.0 * 0.3)


def test_pd_feedforward_is_the_previous_default(planar_model):
    law = PDFeedforward(planar_model, [100.0, 50.0], [10.0, 2.0])
    q, v = np.array([0.1, -0.2]), np.array([0.5, 0.0])
    ref = _ref([0.3, 0.0], [0.0, 1.0], None, np.array([10.0, -5.0]))
    tau = law.step(0.0, q, v, ref, np.zeros(2))
    np.testing.assert_allclose(tau, [10 + 100 * 0.2 - 5.0, -5 + 50 * 0.2 + 2.0])


# ----------------------------------------------------------------------------- PD + gravity
def test_pd_gravity_formula_and_equilibrium(pendulum):
    law = PDGravity(pendulum, kp=40.0, kd=4.0)
    q, v, q_d = 0.2, 0.3, 0.5
    tau = law.step(0.0, np.array([q]), np.array([v]), _ref(q_d), np.zeros(1))
    assert tau[0] == pytest.approx(40 * (q_d - q) - 4 * v + pendulum_gravity(q), rel=1e-12)
    # regulation to a set-point on the hand-written pendulum: converges, V decreases [9.16]
    t, qs, vs = _simulate_pendulum(law, -0.4, 0.0, lambda t: _ref(q_d), 4.0, 1e-3)
    V = 0.5 * I_JOINT * vs**2 + 0.5 * 40.0 * (q_d - qs) ** 2  # [9.11]
    # V̇ = −Kd q̇² ≤ 0 [9.16]; the zero-order hold of τ over a 1 ms step may add O(dt²) while
    # q̇ ≈ 0 (measured at most 1.5e-8 V0, at the first step)
    assert np.all(np.diff(V) <= 1e-7 * V[0])
    coarse = V[::20]
    moving = coarse[:-1] > 1e-12 * V[0]  # until it reaches round-off
    assert np.all(np.diff(coarse)[moving] < 0.0)
    assert abs(qs[-1] - q_d) < 1e-5 and V[-1] < 1e-9 * V[0]
    np.testing.assert_allclose(
        lyapunov(pendulum, qs[:, None], vs[:, None], [q_d], [40.0]), V, rtol=1e-12
    )


# ----------------------------------------------------------------------------- task space
def test_jdot_qdot_matches_finite_differences(rx90_model, planar_model):
    rng = np.random.default_rng(11)
    for model in (rx90_model, planar_model):
        kin = TaskKinematics(model, "tool0")
        for _ in range(3):
            q, v = rng.uniform(-1, 1, (2, model.n))
            p, rot, jac, twist, bias = kin.evaluate(q, v)
            np.testing.assert_allclose(jac, model.jacobian(q, "tool0"), atol=1e-14)
            pose = model.frame_placement(q, "tool0")
            np.testing.assert_allclose(p, pose[:3, 3], atol=1e-14)
            np.testing.assert_allclose(rot, pose[:3, :3], atol=1e-14)
            np.testing.assert_allclose(twist, jac @ v, atol=1e-14)
            h = 1e-5
            jdot = (model.jacobian(q + h * v, "tool0") - model.jacobian(q - h * v, "tool0")) / (
                2 * h
            )
            np.testing.assert_allclose(bias, jdot @ v, atol=1e-8)


def test_rotation_error_is_the_rotation_vector():
    from modyn_model.spatial import axis_angle_matrix

    rng = np.random.default_rng(12)
    r = axis_angle_matrix(np.array([0.0, 0.6, 0.8]), np.array(0.7))
    for angle in (1e-12, 1e-4, 0.5, 2.5):
        u = rng.normal(size=3)
        u /= np.linalg.norm(u)
        r_d = axis_angle_matrix(u, np.array(angle)) @ r
        np.testing.assert_allclose(rotation_error(r_d, r), angle * u, atol=1e-12)


def test_damped_inverse_is_exact_away_from_singularities_and_bounded_near():
    rng = np.random.default_rng(13)
    jac = rng.normal(size=(6, 6))
    np.testing.assert_allclose(damped_pinv(jac, 1e-3, 0.05), np.linalg.inv(jac), rtol=1e-9)
    u, s, vt = np.linalg.svd(jac)
    s[-1] = 1e-8  # nearly singular
    near = (u * s) @ vt
    inv = damped_pinv(near, 0.02, 0.05)
    assert np.linalg.norm(inv, 2) < 1.0 / 0.05  # σ/(σ² + λ²) ≤ 1/(2λ)… bounded
    assert np.linalg.norm(np.linalg.pinv(near), 2) > 1e7


def test_task_computed_torque_gives_xdd_equal_w(rx90_model, planar_model):
    """[9.34]: on a perfect model the tip acceleration J q̈ + J̇ q̇ equals w [9.35]."""
    rng = np.random.default_rng(14)
    for model, rows in ((rx90_model, None), (planar_model, None)):
        law = TaskComputedTorque(model, "tool0", omega=7.0, zeta=1.0, rows=rows)
        if model.n == 2:
            assert list(law.rows) == [0, 2]  # x and z: the plane of the arm
        q = np.array([0.3, -0.7, 1.1, 0.4, 0.9, -0.2])[: model.n]
        v = rng.uniform(-1, 1, model.n)
        q_d, v_d, a_d = q + rng.uniform(-0.05, 0.05, model.n), *rng.uniform(-1, 1, (2, model.n))
        tau = law.step(0.0, q, v, _ref(q_d, v_d, a_d), np.zeros(model.n))
        qdd = model.forward_dynamics(q, v, tau)
        _, _, jac, _, bias = law.kin.evaluate(q, v)
        xdd = (jac @ qdd + bias)[law.rows]
        # the law's own w
        p_d, r_d, xd_d, xdd_d = law._task_reference(_ref(q_d, v_d, a_d))
        p, rot, _, twist, _ = law.kin.evaluate(q, v)
        e = np.r_[p_d - p, rotation_error(r_d, rot)]
        w = (xdd_d + law.kd[0] * (xd_d - twist) + law.kp[0] * e)[law.rows]
        np.testing.assert_allclose(xdd, w, rtol=1e-8, atol=1e-8)


def test_task_pid_is_jacobian_transpose_of_the_force(planar_model):
    law = TaskPID(planar_model, "tool0", kp=[500.0, 800.0], kd=[20.0, 30.0], rows=[0, 2])
    q, v = np.array([0.4, 0.8]), np.array([0.1, -0.3])
    p_target = planar_model.frame_placement(q, "tool0")[:3, 3] + [0.01, 0.0, -0.02]
    ref = Reference(q).set_task(p_target, np.eye(3), np.zeros(6), np.zeros(6))
    tau = law.step(0.0, q, v, ref, np.zeros(2))
    jac = planar_model.jacobian(q, "tool0")[[0, 2]]
    force = np.array([500 * 0.01, 800 * -0.02]) - np.array([20.0, 30.0]) * (jac @ v)
    np.testing.assert_allclose(tau, jac.T @ force + planar_model.gravity(q), rtol=1e-10)


# ----------------------------------------------------------------------------- switch, catalog
def test_law_switch_is_bumpless_and_fades_linearly(rx90_model):
    old = PDFeedforward(rx90_model, 400.0, 40.0)
    new = ComputedTorque(rx90_model, omega=10.0)
    switch = LawSwitch(old, blend_time=0.1)
    q, v = np.full(6, 0.1), np.zeros(6)
    ref = _ref(np.full(6, 0.12), np.zeros(6), np.zeros(6), rx90_model.gravity(np.full(6, 0.12)))
    out = np.zeros(6)
    tau_old = switch.step(0.0, q, v, ref, out).copy()
    switch.switch(new)
    first = switch.step(1e-3, q, v, ref, out).copy()
    np.testing.assert_allclose(first, tau_old, atol=1e-12)  # no step at the switch
    tau_new = new.step(1e-3, q, v, ref, np.zeros(6))
    gap = tau_old - tau_new
    assert np.abs(gap).max() > 1.0  # the laws differ: a hard switch would jump
    half = switch.step(0.051, q, v, ref, out).copy()
    np.testing.assert_allclose(half, tau_new + 0.5 * gap, atol=1e-9)
    done = switch.step(0.2, q, v, ref, out)
    np.testing.assert_allclose(done, tau_new, atol=1e-12)
    assert not switch.blending


def test_every_law_builds_and_unknown_names_fail(rx90_model, planar_model):
    for model in (rx90_model, planar_model):
        for name in LAW_NAMES:
            law = make_law(name, model, LawSettings())
            assert law.name == name
            out = law.step(
                0.0,
                np.zeros(model.n),
                np.zeros(model.n),
                _ref(np.zeros(model.n)),
                np.zeros(model.n),
            )
            assert np.all(np.isfinite(out))
    with pytest.raises(ControlError, match="law = 'lqr'"):
        make_law("lqr", rx90_model, LawSettings())
    with pytest.raises(ControlError, match=r"omega\[0\] = -2.0"):
        make_law("computed_torque", rx90_model, LawSettings(omega=[-2.0]))
    with pytest.raises(ControlError, match=r"kp\[1\] = nan"):
        make_law("pid", rx90_model, LawSettings(kp=[1.0, math.nan, 1, 1, 1, 1]))


# ----------------------------------------------------------------------------- warm start
@pytest.mark.parametrize(
    "name, settings",
    [
        ("pid", LawSettings(kp=[300.0], kd=[30.0], ki=[500.0])),
        ("computed_torque", LawSettings(omega=[9.0], integral_action=True)),
        ("predictive", LawSettings(omega=[9.0], integral_action=True)),
        ("computed_torque", LawSettings(omega=[9.0], observer_bandwidth=[60.0])),
        ("predictive", LawSettings(omega=[9.0], observer_bandwidth=[60.0])),
        ("task_computed_torque", LawSettings(omega=[9.0], observer_bandwidth=[60.0])),
    ],
)
def test_warm_start_gives_the_torque_asked_for(rx90_model, name, settings):
    """After warm_start(τ) the law's state makes its output τ at that instant exactly."""
    model = rx90_model
    law = make_law(name, model, settings)
    rng = np.random.default_rng(3)
    q = rng.uniform(-1.0, 1.0, 6)
    ref = Reference(q + 0.01, rng.normal(size=6) * 0.1, rng.normal(size=6), None)
    ref.tau_ff = model.inverse_dynamics(ref.q, ref.v, ref.a)
    v = rng.normal(size=6) * 0.1
    # the law's own torque plus 10 % of the weight: a hold against a heavier arm than modelled
    fresh = make_law(name, model, settings).step(2.0, q, v, ref, np.zeros(6))
    tau = fresh + 0.1 * model.gravity(q)
    law.reset(q, v)
    law.warm_start(2.0, q, v, ref, tau)
    np.testing.assert_allclose(law.step(2.0, q, v, ref, np.zeros(6)), tau, rtol=1e-10, atol=1e-9)


def test_law_switch_hands_back_from_a_hold_without_dropping_the_weight(rx90_model):
    """PID [9.5] has no gravity term: resumed from a hold with a zero integral it would drop
    the arm's weight. Warm-started, its integral carries it, so at rest on the reference the
    command stays the hold torque; a law without state (plain computed torque) gives its own."""
    model = rx90_model
    q = np.array([0.2, -0.6, 1.1, 0.1, 0.4, 0.0])
    ref = Reference(q, np.zeros(6), np.zeros(6))
    hold = model.gravity(q) + 0.5  # the weight and a little friction
    for name, want in (("pid", hold), ("computed_torque", model.gravity(q))):
        law = make_law(name, model, LawSettings(kp=[300.0], kd=[30.0], ki=[500.0], omega=[9.0]))
        switch = LawSwitch(law, blend_time=0.1)
        switch.step(0.0, q + 0.1, np.zeros(6), ref, np.zeros(6))  # some history, then a hold
        switch.interrupt(hold, 0.999)
        out = np.zeros(6)
        for k in range(300):
            switch.step(1.0 + k * 1e-3, q, np.zeros(6), ref, out)
            np.testing.assert_allclose(out, want, rtol=1e-9, atol=1e-9)
        assert not switch.blending
    # the preload is taken at the desired velocity: a measured velocity (noise, or the sign
    # of a friction term at rest) acts through the law's own D term, not through the integral
    law = make_law("pid", model, LawSettings(kp=[300.0], kd=[30.0], ki=[500.0]))
    switch = LawSwitch(law)
    switch.interrupt(hold, 0.999)
    noisy = np.full(6, 0.01)
    out = switch.step(1.0, q, noisy, ref, np.zeros(6))
    np.testing.assert_allclose(law.integral, hold, rtol=1e-12)
    np.testing.assert_allclose(out, hold - 30.0 * noisy, rtol=1e-12)


def test_law_switch_starts_afresh_after_a_long_hold(rx90_model):
    """A hold torque older than RESUME_WINDOW is not continued from: the law starts from zero
    state (the PID without integral) and nothing is faded in."""
    model = rx90_model
    q = np.array([0.2, -0.6, 1.1, 0.1, 0.4, 0.0])
    ref = Reference(q, np.zeros(6), np.zeros(6))
    law = make_law("pid", model, LawSettings(kp=[300.0], kd=[30.0], ki=[500.0]))
    switch = LawSwitch(law, blend_time=0.1)
    switch.interrupt(model.gravity(q), 1.0)
    out = switch.step(1.0 + RESUME_WINDOW + 1e-3, q, np.zeros(6), ref, np.zeros(6))
    np.testing.assert_array_equal(out, 0.0)  # e = 0, ė = 0, ∫e = 0
    assert not switch.blending
