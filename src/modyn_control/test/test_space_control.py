"""Space manipulator control laws (issue 18, note §9): DQ errors, DQ-PD, allocation chain, IK,
Viviani curve. Library level, no ROS.

Oracles: the DQ library (modyn_model.dualquat, products and the decoupled log) for the errors;
the DQ kinematics q̂̇ = ½ q̂ ∘ ω̂ (finite differences) for the relative twist; the closed-form
damped oscillator for the base DQ-PD on a free body; forward dynamics for the base feed-forward;
eq. (51)'s geometry (sphere, period, start point); the note §14 IK start configuration.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from scipy.integrate import solve_ivp

from modyn_control.space.ik import TOOL_DOWN, RedundantIK
from modyn_control.space.laws import (
    ArmJointDQPD,
    BaseActuation,
    BaseDQPD,
    base_reaction_feedforward,
    dq_error,
    dq_log_error,
    dq_pd_wrench,
    pd_gains,
    relative_twist,
)
from modyn_control.space.simulation import space_iiwa_model
from modyn_control.space.viviani import Viviani
from modyn_model.dualquat import SWAP, dqconj, dqfrom_pose, dqlog, dqmul, qfrom_matrix
from modyn_model.mechanisms.space.cmg import CMGCluster
from modyn_model.mechanisms.space.thrusters import ThrusterCluster
from modyn_model.so3 import rotation_exp


@pytest.fixture(scope="module")
def model():
    return space_iiwa_model(CMGCluster.pyramid())


def _pose(rng):
    return rotation_exp(rng.uniform(-1.2, 1.2, 3)), rng.uniform(-1, 1, 3)


@pytest.mark.parametrize("seed", range(3))
def test_log_error_corrected_eq44(seed):
    rng = np.random.default_rng(seed)
    (R, r), (R_d, r_d) = _pose(rng), _pose(rng)
    lg = dq_log_error(R, r, R_d, r_d)
    # e_r = Rᵀ (r − r_d): current minus desired, body axes (the paper's r_d − r is A20)
    np.testing.assert_allclose(lg[3:], 0.5 * R.T @ (r - r_d), atol=1e-14)
    # ½ φ n̂ of R_dᵀ R (the shortest rotation)
    np.testing.assert_allclose(rotation_exp(2 * lg[:3]), R_d.T @ R, atol=1e-12)
    assert np.linalg.norm(2 * lg[:3]) <= math.pi + 1e-12
    # equal to the DQ library's decoupled log of ê = q̂_d* ∘ q̂ (either sign of the DQs)
    qh = dqfrom_pose(qfrom_matrix(R), r)
    qd = dqfrom_pose(qfrom_matrix(R_d), r_d)
    for a, b in ((qh, qd), (-qh, qd), (qh, -qd)):
        lg8 = dqlog(dq_error(a, b))
        np.testing.assert_allclose(np.r_[lg8[1:4], lg8[5:8]], lg, atol=1e-13)


def test_relative_twist_is_the_error_kinematics():
    """ω̂_e of eq. (45) corrected satisfies ê̇ = ½ ê ∘ ω̂_e (note §2.3) along arbitrary motions."""
    rng = np.random.default_rng(7)
    w, v, wd, vd = (rng.uniform(-1, 1, 3) for _ in range(4))
    R0, r0 = _pose(rng)
    Rd0, rd0 = _pose(rng)

    def body(t, R0, r0, w, v):  # constant body twist: R = R0 exp(t w̃), ṙ = R v (screw motion)
        from modyn_model.dualquat import dqexp

        q0 = dqfrom_pose(qfrom_matrix(R0), r0)
        return dqmul(q0, dqexp(0.5 * t * np.r_[0, w, 0, v]))

    def e(t):
        return dq_error(body(t, R0, r0, w, v), body(t, Rd0, rd0, wd, vd))

    t, h = 0.4, 1e-6
    edot = (e(t + h) - e(t - h)) / (2 * h)
    from modyn_model.dualquat import dqto_matrix

    T, Td = dqto_matrix(body(t, R0, r0, w, v)), dqto_matrix(body(t, Rd0, rd0, wd, vd))
    tw = relative_twist(T[:3, :3], T[:3, 3], w, v, Td[:3, :3], Td[:3, 3], wd, vd)
    np.testing.assert_allclose(edot, 0.5 * dqmul(e(t), np.r_[0, tw[:3], 0, tw[3:]]), atol=1e-8)


def test_base_dq_pd_is_a_damped_oscillator():
    """Free body of mass m, J = I₃ j, DQ-PD with k_p = 2 m ω_n², k_d = 2 ζ ω_n m: the translation
    follows x(t) of ẍ + 2ζω_n ẋ + ω_n² x = 0 exactly (R = I, the log is linear in r)."""
    m, j, wn, zeta = 143.14, 3.0, 1.5, 0.9
    law = BaseDQPD(m, j * np.eye(3), wn, zeta)
    x0 = np.array([0.01, -0.02, 0.005])
    T = 3.0

    def rhs(_t, y):  # the translational loop: ṙ = v, m v̇ = F(law)
        q = np.r_[y[:3], 1.0, 0, 0, 0]
        return np.r_[y[3:], law.wrench(q, np.r_[y[3:], 0, 0, 0])[:3] / m]

    sol = solve_ivp(rhs, (0, T), np.r_[x0, 0, 0, 0], method="DOP853", rtol=1e-12, atol=1e-14)
    q = sol.y[:3, -1]
    wd = wn * math.sqrt(1 - zeta**2)
    exact = x0 * math.exp(-zeta * wn * T) * (math.cos(wd * T) + zeta * wn / wd * math.sin(wd * T))
    np.testing.assert_allclose(q, exact, atol=1e-10)
    # rotation: the torque is restoring and the small-angle stiffness is j ω_n² per rad
    ang = np.array([0.0, 0.0, 1e-4])
    q_r = np.r_[0, 0, 0, math.cos(ang[2] / 2), 0, 0, math.sin(ang[2] / 2)]
    t = law.wrench(q_r, np.zeros(6))[3:]
    np.testing.assert_allclose(t, -j * wn**2 * ang, rtol=1e-7)


def test_arm_joint_reading_equals_hinge_dq_pd():
    """Reading (a) of eq. (46): for a revolute hinge, ê = q̂_d* ∘ q̂ of the joint rotations,
    û = swap(−K_p lg ê − K_d ω̂_e), τ = Ĥᵀ P û with Ĥ = e₄ (Table 2) → −(k_p/2)Δθ − k_d Δθ̇."""
    kp, kd = 40.0, 3.0
    law = ArmJointDQPD([kp], [kd])
    for th, thd, th_d, thd_d in ((0.3, 0.1, -0.2, 0.4), (3.0, -1.0, -3.0, 0.0)):
        q = np.array([math.cos(th / 2), 0, 0, math.sin(th / 2), 0, 0, 0, 0])
        qd = np.array([math.cos(th_d / 2), 0, 0, math.sin(th_d / 2), 0, 0, 0, 0])
        lg = dqlog(dq_error(q, qd))
        twist_e = np.array([0, 0, 0, thd - thd_d, 0, 0, 0, 0])  # ê* ω̂_d ê = ω̂_d about z
        u_hat = -(kp * lg + kd * twist_e)   # [rotation; translation] slots
        wrench = SWAP @ u_hat                # → [F; T] slots (force real, torque dual)
        H = np.zeros(8)
        H[3] = 1.0
        tau_dq = H @ SWAP @ wrench           # τ = Ĥᵀ P f̂ (eq. 22 corrected)
        tau = law.torque([th], [thd], [th_d], [thd_d])[0]
        assert tau == pytest.approx(tau_dq, abs=1e-12)
    # the wrap: 3.0 vs −3.0 rad is a 0.283 rad error the short way, not 6 rad
    assert abs(law.torque([3.0], [0.0], [-3.0], [0.0])[0]) < kp


def test_dq_pd_wrench_swap_and_dqconj_use():
    # the law's output is [F; T]: translation error → force, rotation error → torque
    w = dq_pd_wrench(np.r_[0.1, 0, 0, 0, 0.2, 0], np.zeros(6), 10.0, 1.0, 3.0, 1.0)
    np.testing.assert_allclose(w, [0, -2.0, 0, -0.3, 0, 0])
    assert np.allclose(dqconj(dqconj(np.arange(8.0))), np.arange(8.0))
    with pytest.raises(ValueError, match="omega_n"):
        pd_gains(1.0, -1.0, 0.5)


def test_base_reaction_feedforward_holds_the_base(model):
    rng = np.random.default_rng(3)
    q = model.neutral()
    q[7:] = rng.uniform(-1, 1, 7)
    v = np.r_[np.zeros(6), rng.uniform(-0.5, 0.5, 7)]
    tau_arm = rng.uniform(-2, 2, 7)
    w = base_reaction_feedforward(model, q, v, tau_arm)
    a = model.forward_dynamics(q, v, np.r_[w, tau_arm])
    np.testing.assert_allclose(a[:6], 0.0, atol=1e-10)


def test_allocation_chain_realises_the_wrench():
    thr, cmg = ThrusterCluster.default(), CMGCluster.pyramid()
    chain = BaseActuation(thr, cmg)
    demand = np.array([0.8, -0.5, 1.2, 0.3, -0.2, 0.4])
    cmd = chain.allocate(demand, cmg.gamma0, cmg.Omega0, np.zeros(3), t=0.0)
    assert cmd.thrusters.status == "optimal" and cmd.cmgs.status == "ok"
    # the thrusters give F (eq. 49), the CMGs T − H_t σ (eq. 48), together the wrench
    np.testing.assert_allclose(cmd.thrusters.wrench[:3], demand[:3], atol=1e-9)
    np.testing.assert_allclose(cmd.wrench, demand, atol=1e-6)
    assert np.linalg.norm(cmd.thrusters.wrench[3:]) > 0.05  # a by-product the CMGs cancelled
    # a saturated demand: best feasible force, the CMGs still take the torque, no NaN
    cmd = chain.allocate([50, 0, 0, 0.1, 0, 0], cmg.gamma0, cmg.Omega0, np.zeros(3))
    assert cmd.thrusters.status == "infeasible" and cmd.messages
    assert np.all(np.isfinite(cmd.wrench)) and cmd.wrench[0] == pytest.approx(10.0, abs=1e-6)


def test_viviani_eq51():
    c = Viviani()
    t = np.linspace(0, c.period, 401)
    p, v, a = c.evaluate(t)
    np.testing.assert_allclose(np.linalg.norm(p - [0.3, 0, 0.7], axis=1), 0.2, atol=1e-15)
    np.testing.assert_allclose(p[0], [0.5, 0, 0.7], atol=1e-15)
    np.testing.assert_allclose(p[-1], p[0], atol=1e-14)
    np.testing.assert_allclose(c.evaluate(math.pi)[0], [0.3, 0, 0.9], atol=1e-15)
    np.testing.assert_allclose(v[0], [0, 0.1, 0.1], atol=1e-15)  # non-zero start (A32)
    h = 1e-6
    for tt in (0.3, 5.0):
        np.testing.assert_allclose(c.evaluate(tt)[1], (c.evaluate(tt + h)[0]
                                                       - c.evaluate(tt - h)[0]) / (2 * h),
                                   atol=1e-9)
        np.testing.assert_allclose(c.evaluate(tt)[2], (c.evaluate(tt + h)[1]
                                                       - c.evaluate(tt - h)[1]) / (2 * h),
                                   atol=1e-8)
    s = Viviani(smooth_start=0.5)
    np.testing.assert_allclose(s.evaluate(0.0)[1], 0.0, atol=1e-15)
    np.testing.assert_allclose(s.evaluate(0.0)[0], p[0], atol=1e-15)


def test_ik_start_configuration_and_unreachable(model):
    ik = RedundantIK(model, "iiwa_link_ee")
    r = ik.solve(TOOL_DOWN, [0.5, 0.0, 0.7])
    assert r.status == "converged"
    # note §14: seed [0, 0.5, 0, −1.6, 0, 1.0, 0] → [0, 0.2652, 0, −1.5307, 0, 1.3456, 0]
    np.testing.assert_allclose(r.theta, [0, 0.2652, 0, -1.5307, 0, 1.3456, 0], atol=6e-5)
    bad = ik.solve(TOOL_DOWN, [3.0, 0.0, 0.7], max_iter=60)
    assert bad.status == "unreachable" and "not reached" in bad.message
    assert np.all(np.isfinite(bad.theta))
    # the arm reaches 1.306 m from link_0 (0, 0, 0.15): at least 3 − reach is left
    assert np.linalg.norm(bad.error[:3]) >= 3.0 - 1.31 - 1e-9
