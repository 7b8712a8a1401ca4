"""The DQ chain of the free-flying iiwa 14 (issue 18, step 2): DQ inverse dynamics (eq. 23 as
corrected in note §6) = FloatingBaseModel's Newton–Euler = Pinocchio's free-flyer RNEA, the
matrix form (eqs. 24–32 corrected, note §7), the structural identities of note §11, and note
§11's reference values (under its assumptions: Table 5 inertias about the link origins,
link_0 at (0, 0, 0.15) m, massless).

Conventions converted explicitly (not assumed equal):
* modyn/Pinocchio q = [p, quaternion, θ]: modyn's quaternion is (w, x, y, z), Pinocchio's
  (x, y, z, w) (``to_pinocchio_q``); the DQ base pose is q̂_B = Q + ε½(0, p)∘Q (eq. 4);
* modyn/Pinocchio v = [v_B, ω_B, θ̇] (base axes, velocity of the base origin); the DQ hinge
  order is ν = [ω_B, v_B, θ̇] (Table 2: rotation first), generalized forces Γ = [T_B, F_B, τ];
  the permutation PERM maps one to the other (v_dq = v[PERM], Γ_modyn = Γ_dq[PERM]).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from modyn_model.dualquat import (
    DQ_IDENTITY,
    dqadjoint_matrix,
    dqcross,
    dqfrom_pose,
    dqmul,
    dqto_matrix,
)
from modyn_model.floating import FloatingBaseModel, to_pinocchio_q
from modyn_model.mechanisms.space import matrix_form as mf
from modyn_model.mechanisms.space import recursion as rc
from modyn_model.mechanisms.space.chain import DQChain
from modyn_model.mechanisms.space.parameters import (
    TABLE5_INERTIA,
    TABLE5_MASS,
    origin_inertia,
    table5_parameters,
    table5_row,
)

URDF = Path(__file__).resolve().parents[3] / "urdf" / "space_iiwa14.urdf"
PERM = np.r_[3, 4, 5, 0, 1, 2, 6:13]
G = (0.0, 0.0, -9.81)
RNG = np.random.default_rng(1818)


@pytest.fixture(scope="module")
def fb():
    return FloatingBaseModel.from_urdf(URDF)


@pytest.fixture(scope="module")
def chain(fb):
    return DQChain.from_limb(fb.limb_model, fb.root_params)


@pytest.fixture(scope="module")
def fb5():
    """The note §11 assumption: Table 5 inertias (as printed) about the link origins."""
    return FloatingBaseModel.from_urdf(URDF).with_parameters(table5_parameters())


@pytest.fixture(scope="module")
def chain5(fb5):
    return DQChain.from_limb(fb5.limb_model, fb5.root_params)


def _states(fb, n=16):
    q = fb.integrate(np.tile(fb.neutral(), (n, 1)), RNG.normal(size=(n, 13)) * 1.5, 1.0)
    q[:, :3] = RNG.normal(size=(n, 3))
    return q, RNG.normal(size=(n, 13)), RNG.normal(size=(n, 13))


def _dq_args(q):
    return dqfrom_pose(q[..., 3:7], q[..., :3]), q[..., 7:]


def _close(a, b, tol=1e-12):
    """|a − b|∞ ≤ tol · max(1, |b|∞): 1e-12 relative to the largest component."""
    err = np.abs(np.asarray(a) - np.asarray(b)).max()
    assert err <= tol * max(1.0, np.abs(b).max()), err
    return err


# --------------------------------------------------------------------------- the chain
def test_chain_numbering_tip_to_base_inside(chain):
    assert chain.n == 8 and chain.nj == 7 and chain.ndof == 13
    assert chain.urdf_joint == (6, 5, 4, 3, 2, 1, 0, -1)  # body 1 = iiwa link 7, body 8 = base
    assert chain.kinds[-1] == "floating" and set(chain.kinds[:-1]) == {"revolute"}
    # Table 2: revolute about the local z axis = e₄; floating = I₃ blocks in rows 2–4 / 6–8
    for h in chain.hinge[:-1]:
        np.testing.assert_array_equal(h[:, 0], np.eye(8)[3])
    np.testing.assert_array_equal(chain.hinge[-1][[1, 2, 3, 5, 6, 7]], np.eye(6))
    for i in range(chain.n):  # P M̂_k symmetric (note §3)
        np.testing.assert_allclose(chain.inertia[i], chain.inertia[i].T, atol=0)


def test_table5_is_the_urdf_com_inertia_shifted_to_the_origin(fb):
    """Table 5 = URDF CoM inertias + parallel axis (note §10.1), to the paper's printed digits."""
    p = fb.limb_model.inertial_parameters
    for k in range(7):
        m = p[k, 9]
        com = p[k, 6:9] / m
        assert m == TABLE5_MASS[k]
        # recover the URDF CoM inertia (diagonal there), then shift it back
        xx, xy, xz, yy, yz, zz = p[k, :6]
        jo = np.array([[xx, xy, xz], [xy, yy, yz], [xz, yz, zz]])
        jc = jo - m * (com @ com * np.eye(3) - np.outer(com, com))
        np.testing.assert_allclose(jc, np.diag(np.diag(jc)), atol=1e-15)
        row = table5_row(origin_inertia(m, com, jc))
        printed = np.array(TABLE5_INERTIA[k])
        # 4 significant digits as printed (e.g. 0.07098 → 0.071, −7.0e-5 → −7.08e-5 is off
        # by rounding of the URDF CoM 3e-4 → the printed digits)
        np.testing.assert_allclose(row, printed, rtol=0, atol=6e-5)


def test_dq_forward_kinematics_equals_floating_model(fb, chain):
    q, _, _ = _states(fb, 8)
    world = rc.link_poses(chain, *_dq_args(q))
    for i in range(chain.n - 1):
        link = f"iiwa_link_{chain.urdf_joint[i] + 1}"
        _close(dqto_matrix(world[i]), fb.frame_placement(q, link), 1e-13)
    _close(dqto_matrix(world[-1]), fb.frame_placement(q, "space_base"), 1e-15)


# --------------------------------------------------------------------------- inverse dynamics
@pytest.mark.parametrize("gravity", [None, G], ids=["no-gravity", "gravity"])
def test_dq_rnea_equals_floating_newton_euler_and_pinocchio(fb, chain, gravity):
    pin = pytest.importorskip("pinocchio")
    model = pin.buildModelFromUrdf(str(URDF), pin.JointModelFreeFlyer())
    model.gravity.linear[:] = gravity if gravity is not None else (0.0, 0.0, 0.0)
    data = model.createData()
    ref_model = fb if gravity is not None else fb.with_gravity((0.0, 0.0, 0.0))
    q, v, a = _states(fb)
    dq_tau = rc.inverse_dynamics(chain, *_dq_args(q), v[:, PERM], a[:, PERM], gravity)[:, PERM]
    fb_tau = ref_model.inverse_dynamics(q, v, a)
    pin_tau = np.stack(
        [pin.rnea(model, data, to_pinocchio_q(q[i]), v[i], a[i]).copy() for i in range(len(q))]
    )
    _close(dq_tau, fb_tau)
    _close(dq_tau, pin_tau)
    _close(fb_tau, pin_tau)


def test_alpha_closed_form_matches_finite_differences(fb, chain):
    """E_k (gravity off) is d/dt of the body twists ω̂_k along θ(t), ν(t) (note §5: the
    closed form α̂_k = ω̂_k × Ĥ_kθ̇_k; the note measured 1.5e-10)."""
    q, v, a = _states(fb, 4)
    qb, th = _dq_args(q)
    nu, nud = v[:, PERM], a[:, PERM]
    _, e = rc.accelerations(chain, rc.relative_poses(chain, qb, th), nu, nud)
    h = 1e-5

    def tw(s):
        th_s = th + s * nu[:, 6:] + 0.5 * s * s * nud[:, 6:]
        return rc.velocities(chain, rc.relative_poses(chain, qb, th_s), nu + s * nud)

    wp, wm = tw(h), tw(-h)
    err = np.abs((wp - wm) / (2 * h) - e).max()
    assert err < 1e-8, err


# --------------------------------------------------------------------------- matrix form
def test_matrix_form_mass_matrix_and_bias(fb, chain):
    q, v, a = _states(fb, 8)
    qb, th = _dq_args(q)
    m = mf.mass_matrix(chain, qb, th)
    np.testing.assert_allclose(m, np.swapaxes(m, -1, -2), atol=1e-14)
    assert np.linalg.eigvalsh(m).min() > 0.0  # SPD
    for g in (None, G):
        c = mf.bias(chain, qb, th, v[:, PERM], g)
        rnea = rc.inverse_dynamics(chain, qb, th, v[:, PERM], a[:, PERM], g)
        _close(np.einsum("bij,bj->bi", m, a[:, PERM]) + c, rnea)
    _close(m[:, PERM][:, :, PERM], fb.mass_matrix(q))  # = the floating CRBA
    # forward dynamics = the floating-base ABA (and inverts the DQ RNEA)
    tau = RNG.normal(size=(8, 13))
    acc = mf.forward_dynamics(chain, qb, th, v[:, PERM], tau[:, PERM], G)[:, PERM]
    _close(acc, fb.forward_dynamics(q, v, tau), 1e-10)
    _close(rc.inverse_dynamics(chain, qb, th, v[:, PERM], acc[:, PERM], G)[:, PERM], tau, 1e-11)


def test_operator_identities_of_note_11(fb, chain):
    """Q̂ⁿ = 0, Φ = (I − Q̂)⁻¹ with identity diagonal, Φ block (3,1) = Ad(q̂₂₃∘q̂₁₂)ᵀ."""
    q, _, _ = _states(fb, 1)
    qb, th = _dq_args(q[0])
    blocks = mf.adjoint_blocks(chain, qb, th)
    qhat = mf.shift_operator(blocks)
    n = chain.n
    np.testing.assert_array_equal(np.linalg.matrix_power(qhat, n), 0.0 * qhat)
    assert np.abs(np.linalg.matrix_power(qhat, n - 1)).max() > 0.1
    phi = mf.phi_operator(blocks)
    _close(phi, np.linalg.inv(np.eye(8 * n) - qhat), 1e-12)
    for k in range(n):
        np.testing.assert_array_equal(phi[8 * k : 8 * k + 8, 8 * k : 8 * k + 8], np.eye(8))
    rel = rc.relative_poses(chain, qb, th)
    _close(phi[16:24, 0:8], dqadjoint_matrix(dqmul(rel[1], rel[0])).T, 1e-13)  # q̂₁₃ = q̂₂₃∘q̂₁₂


# --------------------------------------------------------------------------- note §11 values
M0_NOTE = np.array(
    [
        [0.0848, 0.028441, 0.0361, -0.015198, 0.0103, 0.0, 0.001],
        [0.028441, 3.415367, 0.038341, -1.172242, 0.02369, 0.034472, 0.0],
        [0.0361, 0.038341, 0.0361, -0.015198, 0.0103, 0.0, 0.001],
        [-0.015198, -1.172242, -0.015198, 0.544288, -0.008998, -0.021292, 0.0],
        [0.0103, 0.02369, 0.0103, -0.008998, 0.0103, 0.0, 0.001],
        [0.0, 0.034472, 0.0, -0.021292, 0.0, 0.00874, 0.0],
        [0.001, 0.0, 0.001, 0.0, 0.001, 0.0, 0.001],
    ]
)
HALF_ULP6 = 5.1e-7  # the note prints 6 decimals: agreement to half a unit in the last one


def test_note11_fixed_base_mass_matrix_at_zero(chain5):
    m = mf.mass_matrix(chain5, DQ_IDENTITY, np.zeros(7))
    np.testing.assert_allclose(m[6:, 6:], M0_NOTE, rtol=0, atol=HALF_ULP6)
    # the floating 6×6 block ([T; F] order): mass 44.5, coupling ±44.5·0.31595, rot. diagonal
    np.testing.assert_allclose(np.diag(m[3:6, 3:6]), 44.5, rtol=1e-15)
    assert abs(abs(m[0, 4]) - 14.0596) < 5.1e-5 and abs(m[1, 3] - 14.0596) < 5.1e-5
    np.testing.assert_allclose(np.diag(m[:3, :3]), [13.7683, 13.7267, 0.4898], atol=5.1e-5)


def test_note11_rnea_vectors(chain5):
    q = 0.1 * np.arange(1, 8)
    nu = np.r_[np.zeros(6), 0.7, -0.6, 0.5, -0.4, 0.3, -0.2, 0.1]
    nud = np.r_[np.zeros(6), 1.0, -1, 1, -1, 1, -1, 1]
    tau0 = rc.inverse_dynamics(chain5, DQ_IDENTITY, q, nu, nud)
    np.testing.assert_allclose(
        tau0[6:],
        [-0.062367, -2.11786, 0.141486, 0.635211, 0.019661, -0.024137, 0.00372],
        atol=HALF_ULP6 * 10,  # −2.11786 and 0.00372 are printed with fewer digits
    )
    np.testing.assert_allclose(
        tau0[:6],
        [2.983773, -3.939269, -0.062367, -3.832133, -2.849562, -0.559131],
        atol=HALF_ULP6,
    )
    taug = rc.inverse_dynamics(chain5, DQ_IDENTITY, q, nu, nud, G)
    np.testing.assert_allclose(
        taug[6:],
        [-0.062367, -7.55353, -0.2204, -2.079256, 0.083408, -0.140619, 0.00372],
        atol=HALF_ULP6 * 10,
    )


def test_note11_masses_and_com(fb5, chain5):
    assert fb5.limb_model.inertial_parameters[:, 9].sum() == pytest.approx(17.5, abs=1e-12)
    assert fb5.mass == pytest.approx(44.5, abs=1e-12)
    assert fb5.mass + 4 * 24.66 == pytest.approx(143.14, abs=1e-9)  # with Table 4's VSCMGs
    # the CoM at the zero configuration from the DQ chain: Σ m_k (r_k + R_k c_k) / Σ m_k
    world = rc.link_poses(chain5, DQ_IDENTITY, np.zeros(7))
    first = np.zeros(3)
    for i in range(chain5.n):
        t = dqto_matrix(world[i])
        m = chain5.dual_mass[i][1, 5]  # the m I block
        mc = _vee(chain5.dual_mass[i][5:8, 5:8])  # the S = m c̃ block
        first += m * t[:3, 3] + t[:3, :3] @ mc
    com = first / fb5.mass
    assert np.abs(com - [-3.1e-5, 2.52e-4, 0.31595]).max() < 5.1e-6
    np.testing.assert_allclose(com, fb5.center_of_mass(fb5.neutral()), atol=1e-15)


def _vee(s):
    """(x, y, z) of a skew matrix [x]×."""
    return np.array([s[2, 1], s[0, 2], s[1, 0]])


def test_arm_reaction_balances_the_base_body(fb, chain):
    """−Ad(q̂*_{n−1,n}) f̂_{n−1} (eq. 47's feed-forward, note §6) = the base body's own
    Newton–Euler terms − Γ_B (Γ_B + reaction = M̂_B E_B + ω̂_B × M̂_B ω̂_B); with the base at rest
    and not accelerating (no gravity) it is −Γ_B."""
    q, v, a = _states(fb, 6)
    qb, th = _dq_args(q)
    nu, nud = v[:, PERM], a[:, PERM]
    react = rc.arm_reaction(chain, qb, th, nu, nud, G)  # [F, T]
    gam = rc.inverse_dynamics(chain, qb, th, nu, nud, G)  # [T, F, ...]
    _, e = rc.accelerations(chain, rc.relative_poses(chain, qb, th), nu, nud, G)
    w = rc.velocities(chain, rc.relative_poses(chain, qb, th), nu)
    mb = chain.dual_mass[-1]
    own = mb @ e[:, -1, :, None]
    own = own[..., 0] + dqcross(w[:, -1], (mb @ w[:, -1, :, None])[..., 0])
    _close(react[:, :3], own[:, 1:4] - gam[:, 3:6])
    _close(react[:, 3:], own[:, 5:8] - gam[:, 0:3])
    nu0 = np.zeros_like(nu)
    nu0[:, 6:] = nu[:, 6:]
    nud0 = np.zeros_like(nud)
    nud0[:, 6:] = nud[:, 6:]
    r0 = rc.arm_reaction(chain, DQ_IDENTITY, th, nu0, nud0)
    g0 = rc.inverse_dynamics(chain, DQ_IDENTITY, th, nu0, nud0)
    _close(r0, -np.c_[g0[:, 3:6], g0[:, 0:3]])


def test_paper_joint_force_without_swap_is_wrong(fb, chain):
    """Eq. (22) read as Ĥᵀ f̂ (no swap, note A10) returns the hinge force F_z, not the torque
    T_z = Ĥᵀ P f̂ that Pinocchio's RNEA gives: the correction is needed."""
    q, v, a = _states(fb, 4)
    qb, th = _dq_args(q)
    tau, wr = rc.inverse_dynamics(chain, qb, th, v[:, PERM], a[:, PERM], G, return_wrenches=True)
    no_swap = np.einsum("bki,ki->bk", wr[:, :-1], chain.hinge_columns)  # internal order
    swap = np.einsum("bki,ki->bk", wr[:, :-1, [4, 5, 6, 7, 0, 1, 2, 3]], chain.hinge_columns)
    urdf = [6 + j for j in chain.urdf_joint[:-1]]
    _close(swap, tau[:, urdf])
    np.testing.assert_allclose(no_swap, wr[:, :-1, 3])  # F_z of each hinge
    assert np.abs(no_swap - tau[:, urdf]).max() > 1.0


@pytest.mark.parametrize("gravity", [None, G], ids=["no-gravity", "gravity"])
def test_dq_articulated_body_equals_matrix_form_and_floating_aba(fb, chain, gravity):
    """The O(n) DQ articulated-body forward dynamics (note §12 'exceed') = θ̈ = M⁻¹(Γ − C) of
    the matrix form = FloatingBaseModel's ABA."""
    q, v, _ = _states(fb, 8)
    qb, th = _dq_args(q)
    tau = RNG.normal(size=(8, 13))
    aba = rc.articulated_body_forward_dynamics(chain, qb, th, v[:, PERM], tau[:, PERM], gravity)
    _close(aba, mf.forward_dynamics(chain, qb, th, v[:, PERM], tau[:, PERM], gravity), 1e-11)
    ref = (fb if gravity is not None else fb.with_gravity((0.0, 0.0, 0.0))).forward_dynamics(
        q, v, tau
    )
    _close(aba[:, PERM], ref, 1e-11)
    one = rc.articulated_body_forward_dynamics(
        chain, qb[0], th[0], v[0, PERM], tau[0, PERM], gravity
    )
    _close(one, aba[0], 1e-13)


def test_tip_wrench_enters_as_an_external_load(fb, chain):
    """f_tip = F + εT on body 1 at d_1 (body-1 axes) = FloatingBaseModel's f_ext row of
    iiwa_link_7 with the opposite sign ([f; m] it adds to the body's Newton–Euler force)."""
    q, v, a = _states(fb, 4)
    qb, th = _dq_args(q)
    wrench = RNG.normal(size=(4, 6))  # [F, T]
    f_tip = np.zeros((4, 8))
    f_tip[:, 1:4], f_tip[:, 5:8] = wrench[:, :3], wrench[:, 3:]
    dq_tau = rc.inverse_dynamics(chain, qb, th, v[:, PERM], a[:, PERM], G, f_tip)[:, PERM]
    f_ext = np.zeros((4, 8, 6))
    f_ext[:, 7] = -wrench
    _close(dq_tau, fb.inverse_dynamics(q, v, a, f_ext))
    assert np.abs(dq_tau - fb.inverse_dynamics(q, v, a)).max() > 0.1


def test_a_tree_is_refused_naming_the_joint():
    from modyn_model.errors import DescriptionError

    link = '<link name="{0}"><inertial><mass value="1"/><inertia ixx="1" ixy="0" ixz="0" iyy="1" iyz="0" izz="1"/></inertial></link>'
    joint = '<joint name="{0}" type="revolute"><parent link="{1}"/><child link="{2}"/><axis xyz="0 0 1"/><limit lower="-1" upper="1" effort="1" velocity="1"/></joint>'
    xml = (
        '<robot name="y">'
        + "".join(link.format(n) for n in ("b", "l1", "l2", "l3"))
        + joint.format("j1", "b", "l1")
        + joint.format("j2", "b", "l2")
        + joint.format("j3", "l1", "l3")
        + "</robot>"
    )
    with pytest.raises(DescriptionError, match="needs a serial chain; joint '.*' hangs from"):
        DQChain.from_urdf(xml)


def test_paper_cross_product_sign_breaks_newton_euler(fb, chain, monkeypatch):
    """With the paper's Table 1 dual cross (p₁×q₂ + p₂×q₁, note A3) in place of the corrected
    one, the DQ RNEA no longer matches the floating-base Newton–Euler: the note's correction is
    what the equality above rests on."""
    from modyn_model.dualquat import dqcross_table1

    q, v, a = _states(fb, 4)
    qb, th = _dq_args(q)
    ref = fb.inverse_dynamics(q, v, a)
    monkeypatch.setattr(rc, "dqcross", dqcross_table1)
    wrong = rc.inverse_dynamics(chain, qb, th, v[:, PERM], a[:, PERM], G)[:, PERM]
    assert np.abs(wrong - ref).max() > 1.0
