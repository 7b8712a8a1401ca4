"""Issue 17: ground reaction forces of the quadruped with a tail and the no-slip checks
(``mechanisms.quadruped_tail.contact``, note §3.6 and §6.2).

References: the laws of statics (the ground forces balance the weight m g = 363.233 N, note
§5.1, and their moment about the centre of mass vanishes), the full Newton–Euler equations of
the floating model (Jᵀλ = M ν̇ + h − S_fᵀ u), linearity of λ in u. Measured numbers are printed.
"""

from __future__ import annotations

import numpy as np
import pytest

from modyn_model.errors import StateError
from modyn_model.mechanisms.quadruped_tail import redundancy as R
from modyn_model.mechanisms.quadruped_tail.contact import (
    ContactViolation,
    check_contacts,
    generic_model,
    grf_map,
    ground_reaction_forces,
)
from modyn_model.mechanisms.quadruped_tail.generic import GenericQuadrupedTail
from modyn_model.mechanisms.quadruped_tail.parameters import QuadrupedTailParameters

P = QuadrupedTailParameters.liu_ben_tzvi()
Q0 = np.array(P.q0)
WEIGHT = 363.233  # N, note §5.1 (total mass 37.0393 kg × 9.8067)


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


def _balance(generic, q, lam):
    """(Σλ + m g, Σ (d_i − c) × λ_i) at rest: both zero in static equilibrium."""
    x = generic.full_configuration(q)
    c = generic.floating.center_of_mass(x)
    force = lam.sum(axis=0) + generic.mass * np.array([0.0, 0.0, -P.g])
    moment = np.cross(P.feet - c, lam).sum(axis=0)
    return force, moment


def test_static_stance_at_q0(generic):
    """Min-norm static torques at q0 (note §5.3: knees 18.80, 16.59, 21.25, 18.55, tail −8.442):
    Σ λ_z = 363.233 N, Σ λ_x,y = 0, no moment about the CoM, every foot well inside μ = 0.5
    (friction needed ≤ 0.104 measured) and the report is clean."""
    m, h, s = generic.projected(Q0, np.zeros(8))
    u = R.least_norm(s, h)
    assert np.abs(u[[2, 5, 8, 11]] - [18.80, 16.59, 21.25, 18.55]).max() < 5e-3
    assert u[12] == pytest.approx(-8.44180, abs=5e-6) and abs(u[13]) < 1e-9
    lam = ground_reaction_forces(generic, Q0, np.zeros(8), u)
    force, moment = _balance(generic, Q0, lam)
    print(f"q0 static: sum lambda = {lam.sum(axis=0)}, moment about CoM {np.abs(moment).max():.2e}")
    assert lam[:, 2].sum() == pytest.approx(WEIGHT, abs=5e-4)
    assert np.abs(force).max() < 1e-9 * WEIGHT and np.abs(moment).max() < 1e-9 * WEIGHT
    rep = check_contacts(lam, 0.5)
    assert rep.ok and rep.violating_feet == () and rep.friction_needed.max() < 0.11
    rep.raise_if_violated()


def test_internal_forces_change_the_distribution_not_the_balance(generic):
    """At random static poses, torques Sᵀu = G plus any null-space pattern (Sᵀ n = 0) change the
    feet's forces (the robot squeezes the ground) but never their sum (m g) nor their moment
    about the CoM: the paper's τ_p = 0 split at q0 (Eq. 41) has foot2 pulling on the ground
    (λ_z = −22.17 N) and is reported so."""
    rng = np.random.default_rng(5)
    for _ in range(4):
        q = Q0 + np.concatenate([rng.uniform(-0.03, 0.03, 3), rng.uniform(-0.1, 0.1, 5)])
        _, g, s = generic.projected(q, np.zeros(8))
        null = np.linalg.svd(s.T)[2][8:].T
        u = R.least_norm(s, g) + null @ rng.normal(scale=30.0, size=6)
        lam = ground_reaction_forces(generic, q, np.zeros(8), u)
        force, moment = _balance(generic, q, lam)
        assert np.abs(force).max() < 1e-9 * WEIGHT and np.abs(moment).max() < 1e-9 * WEIGHT
    _, g, s = generic.projected(Q0, np.zeros(8))
    lam = ground_reaction_forces(generic, Q0, np.zeros(8), R.paper_split(s, g))
    assert lam[1, 2] == pytest.approx(-22.17, abs=0.01)
    rep = check_contacts(lam, 0.5)
    assert "foot2" in rep.violating_feet and not rep.ok
    assert any(v.startswith("foot2: normal force -22.17 N") for v in rep.violations)


def test_forces_are_the_newton_euler_reactions(generic):
    """λ from the KKT solution satisfies the floating model's equations of motion with the
    constraint forces, J_cᵀ λ = M ν̇ + h − S_fᵀ u, and λ = λ₀ + Λ u (affine in u)."""
    rng = np.random.default_rng(9)
    q, v, _ = pitch_motion(0.04)
    lam0, lam_u = grf_map(generic, q, v)
    for _ in range(3):
        u = rng.normal(scale=25.0, size=14)
        a, lam, x, nudot = generic.solve(q, v, u)
        nu = generic.full_state(q, v)[1]
        rhs = (
            generic.floating.mass_matrix(x) @ nudot
            + generic.floating.bias_forces(x, nu, friction=False)
            - generic.actuation_full(u)
        )
        jac = generic.exact.constraint_jacobian(x)
        assert np.abs(jac.T @ lam.ravel() - rhs).max() < 1e-9 * np.abs(rhs).max()
        assert np.abs(lam0 + lam_u @ u - lam.ravel()).max() < 1e-9 * np.abs(lam).max()


def test_pitch_motion_lifts_foot1_and_the_report_names_it(generic):
    """The paper's pitch motion (note §4.5) at its peak acceleration t = 0.075 s with the
    least-norm torques needs foot1 to pull on the ground (λ_z = −13.96 N measured): the
    unilateral check names foot1 and raise_if_violated raises ContactViolation naming it. The
    tangential check names it too (its cone is empty when λ_z < 0)."""
    q, v, a = pitch_motion(0.075)
    tau = generic.inverse_dynamics(q, v, a)
    u = R.least_norm(generic.actuation_matrix(q), tau)
    lam = ground_reaction_forces(generic, q, v, u)
    print(f"pitch motion t=0.075 s, least norm: lambda_z = {np.round(lam[:, 2], 2)}")
    assert lam[0, 2] == pytest.approx(-13.96, abs=0.01)
    rep = check_contacts(lam, 0.8, min_normal=0.0)
    assert rep.violating_feet == ("foot1",)
    assert rep.unilateral_margin[0] < 0 and (rep.unilateral_margin[1:] > 0).all()
    with pytest.raises(ContactViolation, match="pitch motion: foot1: normal force -13.96 N"):
        rep.raise_if_violated("pitch motion")
    # the same forces from τ (the contract's constraint_forces(q, v, tau)): least norm by default
    lam_tau = ground_reaction_forces(generic, q, v, tau=tau)
    assert np.abs(lam_tau - lam).max() < 1e-9 * np.abs(lam).max()
    # a required margin larger than every foot's distance to the cone fails them all
    rep = check_contacts(lam, 0.8, margin=1000.0)
    assert set(rep.violating_feet) == {"foot1", "foot2", "foot3", "foot4"}
    d = rep.as_dict()
    assert d["foot1.normal"] == pytest.approx(lam[0, 2]) and "foot4.cone_margin" in d


def test_bad_input_is_refused(generic):
    with pytest.raises(StateError, match="mu must be a positive"):
        check_contacts(np.ones((4, 3)), 0.0)
    with pytest.raises(StateError, match="forces must be finite"):
        check_contacts(np.ones((3, 3)), 0.5)
    with pytest.raises(StateError, match="exactly one of u"):
        ground_reaction_forces(generic, Q0, np.zeros(8))
    with pytest.raises(StateError, match="u must be 14"):
        ground_reaction_forces(generic, Q0, np.zeros(8), np.zeros(8))
    with pytest.raises(StateError, match="tau must be 8"):
        ground_reaction_forces(generic, Q0, np.zeros(8), tau=np.zeros(14))
    # the cache gives one generic model per parameters object
    assert generic_model(P) is generic_model(P)
    assert generic_model(generic) is generic


def test_constraint_forces_of_the_model():
    """contact.constraint_forces(model, q, v, τ): one (3,) force per foot name, from the
    model's own redundancy (least norm by default: the same as u = (Sᵀ)⁺ τ; the paper's split
    gives other forces for the same τ), summing to the weight at rest."""
    from modyn_model.mechanisms.quadruped_tail.contact import constraint_forces
    from modyn_model.mechanisms.quadruped_tail.model import QuadrupedTailModel

    model = QuadrupedTailModel(P)
    g = model.gravity(Q0)
    forces = constraint_forces(model, Q0, np.zeros(8), g, friction=True)
    assert list(forces) == ["foot1", "foot2", "foot3", "foot4"]
    total = sum(forces.values())
    assert np.abs(total - [0.0, 0.0, WEIGHT]).max() < 5e-4
    u = R.least_norm(model.actuation_matrix(Q0), g)
    lam = ground_reaction_forces(model, Q0, np.zeros(8), u)
    assert np.abs(np.stack(list(forces.values())) - lam).max() < 1e-9 * WEIGHT
    paper = constraint_forces(model.with_options(redundancy="paper"), Q0, np.zeros(8), g)
    assert paper["foot2"][2] == pytest.approx(-22.17, abs=0.01)
    with pytest.raises(StateError, match="f_ext"):
        constraint_forces(model, Q0, np.zeros(8), g, f_ext=np.zeros((5, 6)))


def test_yaw_manoeuvre_slips_foot4_on_a_low_friction_floor(generic):
    """The paper's yaw manoeuvre (note §4.4, the virtual-work model's RK4 at 2 ms, 0.3 s) keeps
    every foot pressed (λ_z ≥ 72 N) but needs more and more friction at foot4 as the torso
    yaws: ‖λ_t‖/λ_z reaches 0.40 at 0.3 s (measured). On a floor with μ = 0.3 the check names
    foot4, first near t = 0.21 s, and only foot4; with μ = 0.5 the whole run is clean."""
    from modyn_model.mechanisms.quadruped_tail.model import QuadrupedTailModel
    from modyn_model.mechanisms.quadruped_tail.simulate import simulate, yaw_manoeuvre_torques

    model = QuadrupedTailModel(P)
    run = simulate(model, Q0, np.zeros(8), lambda t, q, v: yaw_manoeuvre_torques(t), 0.3, 2e-3)
    first, named, needed = None, set(), 0.0
    for k in range(0, len(run.t), 5):
        lam = ground_reaction_forces(generic, run.q[k], run.v[k], yaw_manoeuvre_torques(run.t[k]))
        assert check_contacts(lam, 0.5).ok
        rep = check_contacts(lam, 0.3)
        needed = max(needed, rep.friction_needed.max())
        assert lam[:, 2].min() > 70.0
        if not rep.ok:
            named.update(rep.violating_feet)
            first = run.t[k] if first is None else first
    print(f"yaw manoeuvre: friction needed up to {needed:.3f}; mu = 0.3 breaks {named} from t = "
          f"{first:.3f} s")
    assert named == {"foot4"} and 0.18 < first < 0.24
    assert needed == pytest.approx(0.40, abs=0.01)
