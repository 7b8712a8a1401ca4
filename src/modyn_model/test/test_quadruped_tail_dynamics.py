"""Issue 17: the virtual-work dynamics of the quadruped with a tail (note seed-001 §3, §5.3-5.5;
§6.3 items 4-8, 10-12).

References nobody here wrote: closed forms (the tail's statics and mass block), Pinocchio's RNEA
and CRBA on the generated URDF (rods with I = mL²/12: the bar lumping), Lagrange's equations
from T = ½ q̇ᵀ M q̇ and V by finite differences, and the note's own reconstruction (§5.3-5.5
numbers, printed digits; [DERIVED] under the §5.1 layout, stated where used).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from modyn_model import load_model
from modyn_model.mechanisms.quadruped_tail import dynamics as D
from modyn_model.mechanisms.quadruped_tail.model import ACTIVE, PASSIVE
from modyn_model.mechanisms.quadruped_tail.simulate import (
    pitch_motion,
    simulate,
    yaw_manoeuvre_torques,
)
from modyn_model.mechanisms.quadruped_tail.urdf import ACTUATED_JOINTS

YAML = str(Path(__file__).resolve().parents[3] / "config" / "mechanisms" / "quadruped_tail.yaml")
MODEL = load_model(YAML)
Q0 = MODEL.neutral()


def _states(n=6, seed=3):
    rng = np.random.default_rng(seed)
    q = Q0 + rng.uniform(-0.06, 0.06, (n, 8))
    q[:, 3:6] = rng.uniform(-0.3, 0.3, (n, 3))
    q[:, 6:] = rng.uniform(-1.2, 1.2, (n, 2))
    return q, rng.uniform(-1.0, 1.0, (n, 8)), rng.uniform(-5.0, 5.0, (n, 8))


def _d5(f, h=1e-3):
    return (-f(2 * h) + 8 * f(h) - 8 * f(-h) + f(-2 * h)) / (12 * h)


# ---------------------------------------------------------------------- item 4
@pytest.mark.parametrize("mode", ["exact", "paper"])
def test_tail_statics_and_mass_block_are_exact(mode):
    """At φ = 0, θ_t = 0 the tail-pitch gravity force is −m_t g l_t = −8.44180 N·m and the tail
    block of M is m_t l_t² I = 0.516492 kg·m² (assumption-free: any torso position, any hips)."""
    p = MODEL.params
    want_g = -p.m_t * p.g * p.l_t
    want_m = p.m_t * p.l_t**2
    assert round(want_g, 5) == -8.44180 and round(want_m, 6) == 0.516492
    variant = MODEL.with_options(mode=mode, hips=np.array(p.hips) + [0.01, -0.02, 0.03])
    for model in (MODEL.with_options(mode=mode), variant):
        q = np.array([[0.2, 0.3, 0.4, 0, 0, 0, 0, 0], [0.22, 0.27, 0.38, 0, 0, 0, 0, 0]])
        g = model.gravity(q)
        m = model.mass_matrix(q)
        assert np.abs(g[:, 6] - want_g).max() < 1e-13 and np.abs(g[:, 7]).max() < 1e-13
        assert np.abs(m[:, 6:, 6:] - want_m * np.eye(2)).max() < 1e-13


# ---------------------------------------------------------------------- item 5 (and RNEA)
def _pinocchio():
    import pinocchio as pin

    pm = pin.buildModelFromXML(MODEL.urdf, pin.JointModelFreeFlyer())
    pm.gravity.linear = MODEL.gravity_vector
    return pin, pm, pm.createData()


def _full_state(pin, pm, q, v, a):
    """Pinocchio's (x, ẋ, ẍ) and T (20 x 8) with ẋ = T q̇ for the reduced state (exact mode):
    free-flyer velocity in the torso frame [Rᵀ ṗ, Rᵀ ω], joints = leg angles and tail."""
    k = MODEL.kinematics(q, v)
    r = k.r
    x = pin.neutral(pm)
    x[:3] = q[:3]
    x[3:7] = pin.Quaternion(r).coeffs()
    t = np.zeros((pm.nv, 8))
    t[:3, :3] = r.T
    t[3:6] = r.T @ k.j_torso_ang
    bias = np.zeros(pm.nv)
    w_l = r.T @ k.omega
    bias[:3] = -np.cross(w_l, r.T @ v[:3])  # d/dt(Rᵀ ṗ) = Rᵀ p̈ − ω_l × (Rᵀ ṗ)
    bias[3:6] = r.T @ k.torso_ang_bias
    values = np.concatenate((k.angles.ravel(), q[6:]))
    rows = np.concatenate((k.rows.reshape(12, 8), np.eye(8)[6:]))
    acc = np.concatenate((k.accel_bias.ravel(), [0.0, 0.0]))
    for name, val, row, ab in zip(ACTUATED_JOINTS, values, rows, acc, strict=True):
        jid = pm.getJointId(name)
        x[pm.idx_qs[jid]] = val
        t[pm.idx_vs[jid]] = row
        bias[pm.idx_vs[jid]] = ab
    return x, t @ v, t @ a + bias, t


def test_bar_lumping_and_virtual_work_equal_pinocchio_on_the_urdf_rods():
    """The (m/3, m/6) lumped bars, the torso and the tail point mass = the generated URDF (rods
    I = mL²/12 transverse, 0 axial, CoM at mid-length) in Pinocchio: M = Tᵀ M_full T (CRBA),
    T = ½ ẋᵀ M_full ẋ, and the virtual-work inverse dynamics Eqs. (37)-(40) = Tᵀ RNEA(x, ẋ, ẍ)
    (note §3.2, §6.3 items 5 and 7), exact mode, random states."""
    pin, pm, pd = _pinocchio()
    q, v, a = _states(6, seed=31)
    worst = 0.0
    for qi, vi, ai in zip(q, v, a, strict=True):
        x, xd, xdd, t = _full_state(pin, pm, qi, vi, ai)
        m_full = pin.crba(pm, pd, x)
        m_full = np.triu(m_full) + np.triu(m_full, 1).T
        m = MODEL.mass_matrix(qi)
        assert np.abs(t.T @ m_full @ t - m).max() < 1e-12 * np.abs(m).max()
        ke = 0.5 * xd @ m_full @ xd
        assert abs(MODEL.kinetic_energy(qi, vi) - ke) < 1e-12 * ke
        ref = t.T @ pin.rnea(pm, pd, x, xd, xdd)
        got = MODEL.inverse_dynamics(qi, vi, ai)
        worst = max(worst, np.abs(got - ref).max() / np.abs(ref).max())
        ref_g = t.T @ pin.computeGeneralizedGravity(pm, pd, x)
        assert np.abs(MODEL.gravity(qi) - ref_g).max() < 1e-11 * np.abs(ref_g).max()
    print(f"virtual work vs Tᵀ RNEA (Pinocchio): max relative difference {worst:.2e}")
    assert worst < 1e-12


# ---------------------------------------------------------------------- item 6
def test_mass_matrix_spd_equals_the_id_column_recipe_and_g_is_grad_v():
    q, v, _ = _states(6, seed=41)
    for mode in ("exact", "paper"):
        model = MODEL.with_options(mode=mode)
        m = model.mass_matrix(q)
        assert np.abs(m - np.swapaxes(m, -1, -2)).max() == 0.0
        assert np.linalg.eigvalsh(m).min() > 0.05
        g = model.gravity(q)
        zero = np.zeros_like(v)
        cols = np.stack(
            [model.inverse_dynamics(q, zero, np.broadcast_to(e, q.shape)) for e in np.eye(8)], -1
        )
        assert np.abs(cols - g[..., None] - m).max() < 1e-11  # column j = ID(q, 0, e_j) − G
        np.testing.assert_allclose(model.bias_forces(q, zero), g, atol=1e-12)
    grad = np.stack(
        [
            np.array(
                [
                    _d5(lambda s, e=e, qi=qi: MODEL.potential_energy(qi + s * e), 1e-4)
                    for e in np.eye(8)
                ]
            )
            for qi in q
        ]
    )
    # exact mode: G = ∂V/∂q (5-point differences, step 1e-4)
    assert np.abs(MODEL.gravity(q) - grad).max() < 1e-9 * np.abs(grad).max()


def test_literal_eq53_is_not_symmetric():
    """Eqs. (51)/(53) as printed: (m/3)(J1ᵀJ1 + J2ᵀJ2 + J1ᵀJ2) is 0.8 % asymmetric and 0.4 % off
    the symmetric bar form at q0 (note §3.5 [FIX E10]; measured 0.79 % and 0.40 %)."""
    k = MODEL.kinematics(Q0)
    m = MODEL.mass_matrix(Q0)
    p = MODEL.params
    jh, jk = k.j_hip, k.j_knee
    tr = lambda j: np.swapaxes(j, -1, -2)  # noqa: E731
    legs = (p.m_th / 3) * (tr(jh) @ jh + tr(jk) @ jk) + (p.m_th / 6) * (tr(jh) @ jk + tr(jk) @ jh)
    legs = (legs + (p.m_sh / 3) * tr(jk) @ jk).sum(0)
    literal = m - legs + D.leg_mass_matrix_literal(p, k)
    off = np.linalg.norm(literal - m) / np.linalg.norm(m)
    asym = np.linalg.norm(literal - literal.T) / np.linalg.norm(literal)
    print(f"literal Eq. (53): {100 * off:.2f} % off, {100 * asym:.2f} % asymmetric")
    assert 0.0035 < off < 0.0045 and 0.0075 < asym < 0.0085


# ---------------------------------------------------------------------- item 7
def test_virtual_work_equals_lagrange():
    """Eq. (37)'s right-hand side = d/dt ∂T/∂q̇ − ∂T/∂q + ∂V/∂q with T = ½ q̇ᵀ M q̇ (M checked
    against Pinocchio above) and V from the points' heights: ∂T/∂q̇ = M q̇ analytic, Ṁ q̇, ∂T/∂q
    and ∂V/∂q by 5-point differences; relative 1e-6 on random states (exact mode)."""
    q, v, a = _states(8, seed=51)
    worst = 0.0
    for qi, vi, ai in zip(q, v, a, strict=True):
        mdot_v = _d5(lambda s, qi=qi, vi=vi: MODEL.mass_matrix(qi + s * vi) @ vi)
        dtdq = np.array(
            [
                _d5(lambda s, e=e, qi=qi, vi=vi: MODEL.kinetic_energy(qi + s * e, vi))
                for e in np.eye(8)
            ]
        )
        dvdq = np.array(
            [_d5(lambda s, e=e, qi=qi: MODEL.potential_energy(qi + s * e)) for e in np.eye(8)]
        )
        lagrange = MODEL.mass_matrix(qi) @ ai + mdot_v - dtdq + dvdq
        vw = MODEL.inverse_dynamics(qi, vi, ai)
        worst = max(worst, np.abs(vw - lagrange).max() / np.abs(lagrange).max())
    print(f"virtual work vs Lagrange: max relative difference {worst:.2e}")
    assert worst < 1e-6


# ---------------------------------------------------------------------- item 8 and §5.3
def test_m_g_and_j_tau_a_at_q0_match_note_5_3():
    m = MODEL.mass_matrix(Q0)
    note_m = np.array(
        [
            [30.9708, 0.0036, 0.0004, -0.0096, -0.0106, 0.805, 0.0, 0.8608],
            [0.0036, 31.8341, -2.038, 0.005, -0.0114, -0.0053, 0.0, 0.0],
            [0.0004, -2.038, 31.555, -1.4278, -0.0035, 0.021, -0.8608, 0.0],
            [-0.0096, 0.005, -1.4278, 2.3432, 0.0196, 0.0022, 0.8092, 0.0],
            [-0.0106, -0.0114, -0.0035, 0.0196, 0.5643, 0.1068, 0.0, 0.0],
            [0.805, -0.0053, 0.021, 0.0022, 0.1068, 3.0307, 0.0, 0.8092],
            [0.0, 0.0, -0.8608, 0.8092, 0.0, 0.0, 0.5165, 0.0],
            [0.8608, 0.0, 0.0, 0.0, 0.0, 0.8092, 0.0, 0.5165],
        ]
    )
    assert np.abs(m - note_m).max() < 5.001e-5  # the printed digits
    # the note prints "smallest eigenvalue 0.196"; its own printed M has 0.2065, as here
    # (a slip in the note's text)
    assert np.linalg.eigvalsh(m)[0] == pytest.approx(np.linalg.eigvalsh(note_m)[0], abs=1e-4)
    g = MODEL.gravity(Q0)
    assert np.abs(g - [0, -22.948, 317.809, -14.010, 0, 0.268, -8.442, 0]).max() < 5.001e-4
    ja, _ = MODEL.actuation_jacobians(Q0)
    note_ja = np.array(
        [
            [2.486, 0.0, -0.1865, -0.0615, -0.9553, -0.8204],
            [2.486, 0.0, 0.1865, 0.0503, -0.9553, -0.6712],
            [0.3346, -0.6692, 4.461, 1.2045, -1.0706, -0.2509],
            [-0.3352, 0.0, 4.4697, 1.2068, 1.0727, 0.0905],
            [-0.3352, 0.0, 4.4697, -1.2068, 1.0727, -0.0905],
            [0.3346, 0.6692, 4.461, -1.2045, -1.0706, 0.2509],
        ]
    )
    assert np.abs(ja[:6, :6] - note_ja).max() < 5.001e-4
    assert np.abs(ja[:6, 6:]).max() == 0.0 and np.array_equal(ja[6:], np.eye(8)[6:])
    c = MODEL.conditioning(Q0)
    assert round(float(c["cond_J_tau_a"]), 1) == 106.5
    assert round(float(c["cos_ha1_ha2"]), 4) == 0.9888  # note §5.3, §6.3 item 11


def test_static_torques_at_q0_match_note_5_3():
    g = MODEL.gravity(Q0)
    u = MODEL.actuation_solve(Q0, g, "least_norm")
    knees = u[[2, 5, 8, 11]]
    assert np.abs(knees - [18.80, 16.59, 21.25, 18.55]).max() < 0.006
    assert np.abs(u[12:] - [-8.442, 0.0]).max() < 6e-4
    assert np.abs(u[[0, 3]] - [-1.00, 0.41]).max() < 0.006
    assert np.abs(u[[6, 9]] - [1.16, -0.57]).max() < 0.006
    assert np.abs(u[[1, 4, 7, 10]] - [-0.46, -3.52, -1.19, -3.63]).max() < 0.006
    # the paper's knee torques (15, 15, 20.5, 20.5) have the same sign and ordering: hind > front
    assert (knees > 0).all() and knees[2] > knees[0] and knees[3] > knees[1]
    # τ_p = 0 (Eq. 41): the large opposing front-hip torques of the ill-conditioned split
    up = MODEL.actuation_solve(Q0, g, "paper")
    want = [-92.50, 92.50, 33.02, -11.36, 43.05, -1.27, -8.442, 0.0]
    assert np.abs(up[list(ACTIVE)] - want).max() < 0.006
    assert np.abs(up[list(PASSIVE)]).max() == 0.0


# ---------------------------------------------------------------------- items 10-12: pitch
DT = 1e-3


def _pitch_torque_table(model, method, duration):
    """Motor torques of the pitch motion at every RK4 stage time k·dt/2 (one batched call)."""
    t = np.arange(int(round(2 * duration / DT)) + 1) * (DT / 2)
    qd, vd, ad = pitch_motion(t)
    return model.actuation_solve(qd, model.inverse_dynamics(qd, vd, ad), method)


def test_pitch_motion_is_the_same_in_both_modes_and_matches_note_5_5():
    """Only φ_x and θ_tb move: E = I along it, so paper and exact mode give the same torques
    (note §6.3 item 12); τ_a of Eq. (41) = note §5.5 at 0, 0.075 and 0.225 s."""
    t = np.array([0.0, 0.075, 0.15, 0.225, 0.3])
    qd, vd, ad = pitch_motion(t)
    exact = MODEL.with_options(redundancy="paper")
    paper = exact.with_options(mode="paper")
    ue = exact.actuator_forces(qd, vd, ad)
    up = paper.actuator_forces(qd, vd, ad)
    assert np.abs(ue - up).max() < 1e-9
    ta = ue[:, list(ACTIVE)]
    rest = [-38.53, 38.54, 23.23, 3.45, 30.57, 10.84, -8.442, 0.0]
    for i in (0, 2, 4):
        assert np.abs(ta[i] - rest).max() < 0.006
    assert (
        np.abs(ta[1] - [-759.2, 783.2, 12.77, -68.05, 102.42, -14.67, -38.49, 39.41]).max() < 0.06
    )
    assert np.abs(ta[3] - [528.3, -563.2, 47.05, 77.86, -31.09, 23.38, 21.93, -39.67]).max() < 0.06
    cond = exact.conditioning(qd)["cond_J_tau_a"]
    assert np.abs(cond[[0, 1, 3]] - [106.5, 101.9, 116.7]).max() < 0.05


def test_least_norm_lowers_the_pitch_peak_torque_more_than_tenfold():
    """§5.5: ‖u‖ at t = 0.075 s is 90.1 N·m (least norm over 14) vs 1099 N·m (τ_p = 0); over
    the whole period the peak |u_k| drops by more than 10x (§6.3 item 11)."""
    t = np.linspace(0.0, 0.3, 301)
    qd, vd, ad = pitch_motion(t)
    gamma = MODEL.inverse_dynamics(qd, vd, ad)
    up = MODEL.actuation_solve(qd, gamma, "paper")
    un = MODEL.actuation_solve(qd, gamma, "least_norm")
    i = 75
    assert np.linalg.norm(un[i]) == pytest.approx(90.1, abs=0.05)
    assert np.linalg.norm(up[i]) == pytest.approx(1099.0, abs=0.5)
    peak_p, peak_n = np.abs(up).max(), np.abs(un).max()
    print(
        f"pitch motion peak |u|: tau_p = 0 {peak_p:.1f} N·m, least norm {peak_n:.1f} N·m, "
        f"ratio {peak_p / peak_n:.1f}; norms at 0.075 s {np.linalg.norm(up[i]):.1f} vs "
        f"{np.linalg.norm(un[i]):.2f}"
    )
    assert peak_p / peak_n >= 10.0


def test_inverse_forward_round_trip_of_the_pitch_motion():
    """Open loop, exact mode: the Eq. (41) motor torques along q_d fed to the forward model
    (RK4, 1 ms) reproduce q_d to 1e-5 over 0.6 s (note §5.5: 1.6e-6; §6.3 item 10)."""
    model = MODEL.with_options(redundancy="paper")
    duration = 0.6
    table = _pitch_torque_table(model, "paper", duration)

    def force(t, q, v):
        return table[int(round(t / (DT / 2)))]

    qd0, vd0, _ = pitch_motion(0.0)
    run = simulate(model, qd0, vd0, force, duration, DT)
    assert run.stopped == "" and run.t[-1] == pytest.approx(duration)
    qd, _, _ = pitch_motion(run.t)
    err = np.abs(run.q - qd).max(axis=-1)
    at = {s: err[: int(round(s / DT)) + 1].max() for s in (0.2, 0.3, 0.6)}
    print("round trip max |q - q_d|: " + ", ".join(f"{e:.2e} by {s} s" for s, e in at.items()))
    assert at[0.6] <= 1e-5


# ---------------------------------------------------------------------- item 9/12: yaw manoeuvre
def _yaw(model, duration):
    return simulate(
        model, model.neutral(), np.zeros(8), lambda t, q, v: yaw_manoeuvre_torques(t), duration, DT
    )


def test_yaw_manoeuvre_in_both_modes():
    """The forward test (note §4.4): the torso yaws while p_z stays within a few mm of 0.40 m;
    exact mode reproduces the note's §5.4 table ([DERIVED], RK4 1 ms); paper mode (ω = φ̇)
    differs from it mostly in φ_x (note §5.4: −0.0181 exact vs −0.0040 paper at 0.3 s; here the
    paper-mode value is −0.0012: how the paper's unspecified θ̈ and ω = φ̇ enter is a choice,
    note E13, so only the qualitative split is asserted). Exact mode runs on until a leg leaves
    its workspace shortly after 0.4 s, which stops the run with the leg named."""
    exact = _yaw(MODEL, 0.5)
    paper = _yaw(MODEL.with_options(mode="paper"), 0.3)
    table = {
        0.05: [0.20043, 0.30105, 0.40008, -0.00047, -0.00093, 0.00582, 0.00266, -0.02103],
        0.10: [0.20242, 0.30421, 0.40032, -0.00185, -0.00637, 0.03244, 0.00992, -0.11648],
        0.20: [0.20597, 0.31783, 0.40115, -0.00734, -0.03246, 0.09068, 0.03178, -0.27540],
        0.30: [0.21199, 0.34432, 0.40208, -0.01810, -0.11931, 0.21496, 0.02447, -0.53995],
        0.40: [0.22157, 0.39138, 0.40099, -0.03873, -0.37082, 0.50573, -0.42151, -0.97660],
    }
    for t, row in table.items():
        assert np.abs(exact.q[int(round(t / DT))] - row).max() < 6e-5, t
    assert "leaves its workspace" in exact.stopped and 0.4 < exact.t[-1] < 0.5
    print(f"exact yaw run stopped: {exact.stopped}")
    n3 = int(round(0.3 / DT))
    for run in (exact, paper):
        z = run.q[: n3 + 1, 2]
        assert np.abs(z - 0.4).max() < 3e-3  # within a few mm of 0.40 m
        assert run.q[n3, 5] > 0.2 and (np.diff(run.q[: n3 + 1, 5]) > -1e-4).all()  # φ_z grows
    diff = np.abs(exact.q[n3] - paper.q[n3])
    print(f"paper vs exact at 0.3 s: |Δq| = {np.array2string(diff, precision=5)}")
    assert diff[3] > 0.01  # φ_x: −0.0181 vs −0.0012
    assert np.delete(diff, 3).max() < 3e-3  # the others agree to a few 1e-3
    assert np.abs(paper.q[n3, 3]) < 0.005


def test_energy_is_conserved_without_torques():
    """τ = 0, exact mode: ideal joints and pinned feet do no work, so T + V stays constant while
    the robot sags (RK4 1 ms over 0.15 s; note §6.2 consistency tests)."""
    v0 = np.array([0.05, -0.1, 0.2, 0.3, -0.2, 0.4, 1.0, -1.5])
    run = simulate(MODEL, Q0, v0, lambda t, q, v: np.zeros(8), 0.15, DT, generalized=True)
    assert run.stopped == ""
    energy = MODEL.kinetic_energy(run.q, run.v) + MODEL.potential_energy(run.q)
    drift = np.abs(energy - energy[0]).max()
    print(
        f"energy drift over 0.15 s: {drift:.2e} J of {energy[0]:.3f} J (p_z fell to "
        f"{run.q[-1, 2]:.4f} m)"
    )
    assert run.q[-1, 2] < Q0[2] - 0.01  # it does move: the torso sags
    assert drift < 1e-6 * abs(energy[0])
