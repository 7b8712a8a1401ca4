"""Issue 17: actuator redundancy of the quadruped with a tail
(``mechanisms.quadruped_tail.redundancy``; note §2.4, §5.3, §5.5, §6.3 item 11).

The generalized force τ of the paper's pitch motion (note §4.5) comes from the generic
constrained model's inverse dynamics (``generic.py``; exact = paper mode here, only φ_x moves
so E = I); S is its actuation matrix (= the joint Jacobians, test_quadruped_tail_generic).
References: the note's §5.3 / §5.5 numbers (its own reconstruction), optimality conditions of
the least-squares problems, the LP certificate of infeasibility. Measured numbers are printed.
"""

from __future__ import annotations

import numpy as np
import pytest
from scipy.optimize import nnls

from modyn_model.errors import StateError
from modyn_model.mechanisms.quadruped_tail import redundancy as R
from modyn_model.mechanisms.quadruped_tail.contact import (
    check_contacts,
    grf_map,
    ground_reaction_forces,
)
from modyn_model.mechanisms.quadruped_tail.generic import GenericQuadrupedTail
from modyn_model.mechanisms.quadruped_tail.parameters import QuadrupedTailParameters

P = QuadrupedTailParameters.liu_ben_tzvi()
Q0 = np.array(P.q0)


@pytest.fixture(scope="module")
def generic():
    return GenericQuadrupedTail.from_parameters(P)


def pitch_motion(t):
    """q_d, q̇_d, q̈_d of the paper's inverse test (note §4.5)."""
    w = 2 * np.pi / 0.3
    amp = np.zeros(8)
    amp[3], amp[7] = np.pi / 36, np.pi / 18
    phase = np.zeros(8)
    phase[7] = np.pi
    q = Q0 + amp * np.sin(w * t + phase)
    return q, amp * w * np.cos(w * t + phase), -amp * w * w * np.sin(w * t + phase)


def _tau_s(generic, t):
    q, v, a = pitch_motion(t)
    return q, v, generic.inverse_dynamics(q, v, a), generic.actuation_matrix(q)


def test_conditioning_at_q0(generic):
    """cond(J_τ,a) = 106.5 and cos∠(j_ha1, j_ha2) = 0.9888 at q0 (note §5.3); the full 14 × 8
    map is ten times better conditioned (10.36 measured); check_condition refuses a bound below."""
    rep = R.actuation_condition(generic.actuation_matrix(Q0))
    print(rep)
    assert rep.cond_active == pytest.approx(106.5, abs=0.05)
    assert rep.cos_hip_a == pytest.approx(0.9888, abs=5e-5)
    assert rep.cond_full < rep.cond_active / 10
    assert R.check_condition(generic.actuation_matrix(Q0), 200.0) == rep
    with pytest.raises(R.RedundancyError, match="cond = 106 > 100"):
        R.check_condition(generic.actuation_matrix(Q0), 100.0)


def test_paper_split_is_eq41_and_least_norm_is_ten_times_lower(generic):
    """At t = 0.075 s (peak acceleration) the paper's τ_p = 0 split (Eq. 41) is the note's
    τ_a = [−759.2, 783.2, 12.77, −68.05, 102.42, −14.67, −38.49, 39.41] with ‖u‖ = 1099 N·m;
    the least-norm one over 14 motors has ‖u‖ = 90.1 N·m (note §5.5): ≥ 10× lower. Over the
    whole motion (0–0.6 s, 5 ms grid) the peak |u_k| falls from 783.2 to 45.4 N·m (measured)."""
    q, v, tau, s = _tau_s(generic, 0.075)
    u_p = R.paper_split(s, tau)
    ref = [-759.2, 783.2, 12.77, -68.05, 102.42, -14.67, -38.49, 39.41]
    assert np.abs(u_p[list(R.PAPER_ACTIVE)] - ref).max() < 0.05
    assert np.abs(u_p[list(R.PAPER_PASSIVE)]).max() == 0.0
    u_l = R.least_norm(s, tau)
    n_p, n_l = np.linalg.norm(u_p), np.linalg.norm(u_l)
    print(f"t = 0.075 s: |u| paper {n_p:.1f} N·m, least norm {n_l:.2f} N·m, ratio {n_p / n_l:.1f}")
    assert n_p == pytest.approx(1099.2, abs=0.1) and n_l == pytest.approx(90.13, abs=0.01)
    assert n_p >= 10 * n_l
    peak_p = peak_l = 0.0
    for t in np.arange(0.0, 0.6 + 1e-9, 0.005):
        _, _, tau, s = _tau_s(generic, t)
        peak_p = max(peak_p, np.abs(R.paper_split(s, tau)).max())
        peak_l = max(peak_l, np.abs(R.least_norm(s, tau)).max())
    print(f"peak |u_k| over 0.6 s: paper {peak_p:.1f}, least norm {peak_l:.2f} N·m")
    assert peak_p >= 10 * peak_l


def test_every_resolution_realises_the_same_generalized_force(generic):
    """paper, paper with a prescribed τ_p, least norm, weighted, qp: Sᵀu = τ to 1e-10 relative
    (the motion is the same; only the internal forces and motor loads differ). Least norm is
    orthogonal to null(Sᵀ); weighted satisfies its optimality condition W u ∈ range(S), and
    moves load away from heavily weighted motors."""
    q, v, tau, s = _tau_s(generic, 0.225)
    w = np.ones(14)
    w[[0, 3, 6, 9]] = 25.0  # hip-a motors 5× "more expensive" (e.g. 1/u_max²)
    grf = grf_map(generic, q, v)
    sols = {
        "paper": R.resolve_matrix("paper", s, tau),
        "paper_tp": R.resolve_matrix("paper", s, tau, tau_p=np.arange(6.0)),
        "least_norm": R.resolve_matrix("least_norm", s, tau),
        "weighted": R.resolve_matrix("weighted", s, tau, weights=w),
        "qp": R.resolve_matrix("qp", s, tau, limits=np.full(14, 60.0)),
        "qp_cone": R.resolve_matrix("qp", s, tau, grf=grf, mu=3.0),
    }
    for name, u in sols.items():
        assert np.abs(s.T @ u - tau).max() < 1e-10 * np.abs(tau).max(), name
    assert np.allclose(sols["paper_tp"][list(R.PAPER_PASSIVE)], np.arange(6.0))
    null = np.linalg.svd(s.T)[2][8:].T
    assert np.abs(null.T @ sols["least_norm"]).max() < 1e-10 * np.abs(sols["least_norm"]).max()
    assert np.abs(null.T @ (w * sols["weighted"])).max() < 1e-9 * np.abs(w * sols["weighted"]).max()
    hips = [0, 3, 6, 9]
    assert np.abs(sols["weighted"][hips]).sum() < np.abs(sols["least_norm"][hips]).sum()
    # the QP with slack constraints is the weighted (here least-norm) solution
    assert np.abs(R.qp_resolution(s, tau) - sols["least_norm"]).max() < 1e-8
    with pytest.raises(StateError, match="unknown redundancy resolution 'pinv'"):
        R.resolve_matrix("pinv", s, tau)


def test_qp_respects_torque_limits_and_keeps_the_feet_in_the_cone(generic):
    """At t = 0.075 s the least-norm torques reach 45.41 N·m (leg3 knee) and lift foot1
    (λ_z = −13.96 N). The QP with |u| ≤ 40 N·m, μ = 1.5 (friction pyramid μ/√2) and
    λ_z ≥ 1 N stays within the limits (max 40.00) and every foot is inside the true cone
    with λ_z ≥ 1 N, for the same τ; the solution satisfies the KKT conditions of the QP (an
    NNLS certificate, residual 2.7e-14 measured)."""
    q, v, tau, s = _tau_s(generic, 0.075)
    lim = np.full(14, 40.0)
    u_l = R.least_norm(s, tau)
    assert np.abs(u_l).max() == pytest.approx(45.41, abs=0.01)
    rep_l = check_contacts(ground_reaction_forces(generic, q, v, u_l), 1.5, min_normal=1.0)
    assert rep_l.violating_feet == ("foot1",)
    grf = grf_map(generic, q, v)
    u = R.qp_resolution(s, tau, limits=lim, grf=grf, mu=1.5, min_normal=1.0)
    lam = ground_reaction_forces(generic, q, v, u)
    # optimality certified independently (KKT, scipy's NNLS): the cost gradient on null(Sᵀ) is
    # a non-negative combination of the active constraints' normals
    a_c, b_c = R._pyramid(*grf, 1.5, 1.0)
    a_ub = np.vstack([np.eye(14), -np.eye(14), a_c])
    b_ub = np.concatenate([lim, lim, b_c])
    active = a_ub @ u - b_ub > -1e-7 * np.abs(b_ub).max()
    null = np.linalg.svd(s.T)[2][8:].T
    mult, resid = nnls((a_ub[active] @ null).T, -(null.T @ u))
    print(f"qp KKT: {active.sum()} active constraints, NNLS residual {resid:.2e}")
    assert resid < 1e-8 * np.abs(u).max()
    rep = check_contacts(lam, 1.5, min_normal=1.0 - 1e-6, margin=-1e-6)
    print(f"qp: max |u| {np.abs(u).max():.4f} N·m, lambda_z {np.round(lam[:, 2], 2)}")
    assert np.abs(u).max() <= 40.0 + 1e-9 and rep.ok, rep.violations
    assert np.abs(s.T @ u - tau).max() < 1e-10 * np.abs(tau).max()


def test_an_infeasible_qp_names_what_binds(generic):
    """At t = 0.225 s the pitch motion needs more than μ = 2 at foot4 whatever the 14 motors
    do (the LP of phase one proves it): RedundancyError naming foot4's pyramid; with torque
    limits of 20 N·m the tail alone needs 39.7 N·m: the message names tail_b's limit."""
    q, v, tau, s = _tau_s(generic, 0.225)
    with pytest.raises(R.RedundancyError, match="friction pyramid of foot4 \\(mu = 2\\)"):
        R.qp_resolution(s, tau, grf=grf_map(generic, q, v), mu=2.0)
    with pytest.raises(R.RedundancyError, match="limit of motor tail_b \\(20 N·m\\)"):
        R.qp_resolution(s, tau, limits=np.full(14, 20.0))


def test_bad_input_is_refused(generic):
    s = generic.actuation_matrix(Q0)
    with pytest.raises(StateError, match="14 x 8"):
        R.least_norm(s[:8], np.zeros(8))
    with pytest.raises(StateError, match="tau must be 8"):
        R.least_norm(s, np.zeros(14))
    with pytest.raises(StateError, match="weights must be 14 positive"):
        R.weighted_least_squares(s, np.zeros(8), np.zeros(14))
    with pytest.raises(StateError, match="limits must be 14 positive"):
        R.qp_resolution(s, np.zeros(8), limits=-np.ones(14))
    with pytest.raises(StateError, match="needs a positive mu"):
        R.qp_resolution(s, np.zeros(8), grf=grf_map(generic, Q0, np.zeros(8)))


def test_the_model_actuation_solve_uses_these_resolutions():
    """QuadrupedTailModel.actuation_solve(q, τ) with ``redundancy: weighted`` / ``qp`` goes
    through :func:`redundancy.resolve` with the parameters' weights, torque limits and μ: the
    weighted solution equals :func:`weighted_least_squares`; the qp one respects the YAML's
    limits (30 N·m, least norm needs 33.3 at the half-amplitude pitch motion's t = 0.075 s)
    and the quasi-static cones (μ = 0.8); a batch of states is solved state by state."""
    from modyn_model.mechanisms.quadruped_tail.model import QuadrupedTailModel

    w = np.linspace(1.0, 3.0, 14)
    model = QuadrupedTailModel(P.replace(redundancy="weighted", redundancy_weights=w))
    q, v, a = pitch_motion(0.075)
    q = Q0 + 0.5 * (q - Q0)
    v, a = 0.5 * v, 0.5 * a
    tau = model.inverse_dynamics(q, v, a)
    s = model.actuation_matrix(q)
    u = model.actuation_solve(q, tau)
    assert np.abs(u - R.weighted_least_squares(s, tau, w)).max() < 1e-10 * np.abs(u).max()
    lim = np.full(14, 30.0)
    qp_model = QuadrupedTailModel(
        P.replace(redundancy="qp", torque_limit=lim, friction_coefficient=0.8)
    )
    assert np.abs(R.least_norm(s, tau)).max() == pytest.approx(33.33, abs=0.01)
    u = qp_model.actuation_solve(q, tau)
    assert np.abs(u).max() <= 30.0 + 1e-9
    assert np.abs(s.T @ u - tau).max() < 1e-10 * np.abs(tau).max()
    lam = ground_reaction_forces(qp_model, q, np.zeros(8), u)
    assert check_contacts(lam, 0.8, margin=-1e-6).ok
    batch = qp_model.actuation_solve(np.stack([q, Q0]), np.stack([tau, model.gravity(Q0)]))
    assert batch.shape == (2, 14) and np.abs(batch[0] - u).max() < 1e-9
