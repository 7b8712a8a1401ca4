"""QuadrupedTailModel behind the mechanism contract (modyn_model.contract), kind
``quadruped_tail`` (issue 17).

The generic checks (every member of CONTRACT_MEMBERS, the protocol, a vector space, integrate/
difference inverse, A symmetric positive-definite, Ȧ − 2C skew (Ȧ by finite differences),
H = C v + Q, Γ = A v̇ + H and forward dynamics its inverse, KE = ½ vᵀ A v, Q = ∂PE/∂q,
batched = single, the generic path of modyn_model.algorithms, Tᵀ f on the torso, the
single-state cache) are the parametrized test_mechanism_contract.py, shared with the Stewart
platform; the models and states are conftest.py's ``quadruped_tail_model`` /
``quadruped_tail_states``. Here: the shipped file, sizes and names, frame Jacobians and J̇ v as
derivatives of the placements, and the model's seams: S (14 x 8), actuation_solve (paper /
least_norm), actuator_state, check_workspace, diagnostics. The Lagrangian identities hold in
exact mode; paper mode (ω = φ̇) is the paper's approximation and is checked for what it keeps
(A symmetric, skew).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from modyn_model import StateError, load_model
from modyn_model.errors import DescriptionError
from modyn_model.factory import mechanism_kinds
from modyn_model.mechanisms.quadruped_tail import QuadrupedTailModel
from modyn_model.mechanisms.quadruped_tail.model import ACTIVE, PASSIVE

YAML = str(Path(__file__).resolve().parents[3] / "config" / "mechanisms" / "quadruped_tail.yaml")


@pytest.fixture(scope="module")
def model(quadruped_tail_model):
    """The shipped quadruped and another parameter set (conftest.py)."""
    return quadruped_tail_model


def _d5(f, h=1e-4):
    return (-f(2 * h) + 8 * f(h) - 8 * f(-h) + f(-2 * h)) / (12 * h)


def test_the_shipped_file_loads_as_kind_quadruped_tail():
    assert "quadruped_tail" in mechanism_kinds()
    model = load_model(YAML)
    assert isinstance(model, QuadrupedTailModel)
    assert model.name == "liu_ben_tzvi" and model.source.endswith("quadruped_tail.yaml")
    assert (model.mode, model.redundancy, model.params.knee) == ("exact", "least_norm", "interior")
    np.testing.assert_array_equal(model.effort_limit, [150.0] * 12 + [60.0] * 2)
    with open(YAML) as f:
        text = f.read()
    for source in (text, __import__("yaml").safe_load(text)):
        assert np.array_equal(
            load_model(source).mass_matrix(model.neutral()), model.mass_matrix(model.neutral())
        )
    with pytest.raises(DescriptionError, match="mode"):
        load_model(text.replace("mode: exact", "mode: approximate"))


def test_sizes_and_names(model):
    assert (model.nq, model.nv, model.nu) == (8, 8, 14)
    assert model.coordinate_names == model.velocity_names == (
        "torso_x", "torso_y", "torso_z", "torso_phi_x", "torso_phi_y", "torso_phi_z",
        "tail_a", "tail_b",
    )  # fmt: skip
    assert model.actuator_names == tuple(
        f"leg{i}_{j}" for i in range(1, 5) for j in ("hip_a", "hip_b", "knee")
    ) + ("tail_a", "tail_b")
    assert {"world", "torso", "foot1", "foot4", "tail_tip"} <= set(model.frame_names)
    for name in ("lower", "upper", "velocity_limit", "viscous", "coulomb"):
        assert getattr(model, name).shape == (8,)
    assert model.effort_limit.shape == (14,)
    data = model.make_data()
    assert data.tau.shape == (8,) and data.u.shape == (14,) and data.M.shape == (8, 8)


def test_actuation_matrix_and_actuation_solve(model, quadruped_tail_states):
    q, v, a = quadruped_tail_states()
    s = model.actuation_matrix(q)
    assert s.shape == (6, 14, 8)
    # S q̇ = the motors' joint rates: the derivative of the leg angles (knee in the convention)
    rates = _d5(lambda h: model.actuator_state(q + h * v, v)[0])
    np.testing.assert_allclose(np.einsum("nij,nj->ni", s, v), rates, atol=1e-9)
    np.testing.assert_allclose(model.actuator_state(q, v)[1], rates, atol=1e-9)
    gamma = model.inverse_dynamics(q, v, a)
    for method in ("paper", "least_norm"):
        u = model.actuation_solve(q, gamma, method)
        np.testing.assert_allclose(model.generalized_forces(q, u), gamma, atol=1e-9)
    u_p = model.actuation_solve(q, gamma, "paper")
    assert np.abs(u_p[:, list(PASSIVE)]).max() == 0.0  # τ_p = 0 (Eq. 41)
    u_n = model.actuation_solve(q, gamma, "least_norm")
    assert (np.linalg.norm(u_n, axis=-1) <= np.linalg.norm(u_p, axis=-1) + 1e-9).all()
    # least norm: u is in the range of S (orthogonal to the null space of Sᵀ)
    null = np.linalg.svd(np.swapaxes(s, -1, -2))[2][:, 8:]
    assert np.abs(np.einsum("nki,ni->nk", null, u_n)).max() < 1e-9
    np.testing.assert_allclose(model.actuator_forces(q, v, a), u_n, atol=1e-12)
    ja, jp = model.actuation_jacobians(q)
    np.testing.assert_array_equal(ja, s[:, list(ACTIVE)])
    np.testing.assert_array_equal(jp, s[:, list(PASSIVE)])
    with pytest.raises(DescriptionError, match="unknown redundancy"):
        model.actuation_solve(q[0], gamma[0], "pinv")


@pytest.mark.parametrize(
    "frame", ["torso", "leg1_thigh", "leg2_shank", "foot3", "tail_yoke", "tail", "tail_tip"]
)
def test_frames(model, frame, quadruped_tail_states):
    q, v, _ = quadruped_tail_states(3)
    pose = model.frame_placement(q, frame)
    jac = model.frame_jacobian(q, frame)
    dp = _d5(lambda s: model.frame_placement(q + s * v, frame))
    np.testing.assert_allclose(np.einsum("nij,nj->ni", jac[:, :3], v), dp[:, :3, 3], atol=1e-9)
    w = np.einsum("nij,nkj->nik", dp[:, :3, :3], pose[:, :3, :3])
    vee = 0.5 * np.stack(
        (w[:, 2, 1] - w[:, 1, 2], w[:, 0, 2] - w[:, 2, 0], w[:, 1, 0] - w[:, 0, 1]), -1
    )
    np.testing.assert_allclose(np.einsum("nij,nj->ni", jac[:, 3:], v), vee, atol=1e-9)
    jdv = model.frame_jacobian_dot_v(q, v, frame)
    jv = _d5(lambda s: np.einsum("nij,nj->ni", model.frame_jacobian(q + s * v, frame), v))
    np.testing.assert_allclose(jdv, jv, atol=1e-7)
    placement, j2, jdv2 = model.frame_motion(q, v, frame)
    np.testing.assert_array_equal(placement, pose)
    np.testing.assert_array_equal(j2, jac)
    np.testing.assert_array_equal(jdv2, jdv)
    if frame.startswith("foot"):  # pinned
        np.testing.assert_allclose(
            pose[:, :3, 3], np.broadcast_to(model.params.feet[2], (3, 3)), atol=1e-14
        )
        assert np.abs(jac[:, :3]).max() < 1e-12 and np.abs(jdv[:, :3]).max() < 1e-11


def test_frames_of_the_generated_urdf_agree(quadruped_tail_states):
    """The model's frames are the generated URDF's links (Pinocchio on the same joint values)."""
    import pinocchio as pin

    model = load_model(YAML)
    pm = pin.buildModelFromXML(model.urdf, pin.JointModelFreeFlyer())
    pd = pm.createData()
    q, _, _ = quadruped_tail_states(2, seed=5)
    for qi in q:
        x = pin.neutral(pm)
        x[:3] = qi[:3]
        x[3:7] = pin.Quaternion(model.frame_placement(qi, "torso")[:3, :3]).coeffs()
        pos, _ = model.actuator_state(qi, np.zeros(8))
        for name, val in zip(model.actuator_names, pos, strict=True):
            x[pm.idx_qs[pm.getJointId(name)]] = val
        pin.framesForwardKinematics(pm, pd, x)
        for frame in model.frame_names[1:]:
            want = pd.oMf[pm.getFrameId(frame)].homogeneous
            np.testing.assert_allclose(
                model.frame_placement(qi, frame), want, atol=1e-13, err_msg=frame
            )


def test_workspace_and_diagnostics():
    model = load_model(YAML)
    q0 = model.neutral()
    assert model.check_workspace(q0) is None
    with pytest.raises(StateError, match="leg4 leaves its workspace"):
        model.check_workspace(q0 + [0.25, 0.25, 0.05, 0, 0, 0, 0, 0])
    with pytest.raises(StateError, match="leg1 leaves its workspace"):
        model.mass_matrix(q0 + [0, 0, 0.3, 0, 0, 0, 0, 0])
    with pytest.raises(StateError, match="E\\(φ\\)"):
        model.mass_matrix(q0 + [0, 0, 0, 0, np.pi / 2, 0, 0, 0])
    d = model.diagnostics(q0, np.zeros(8))
    assert d["cond_J_tau_a"] == pytest.approx(106.5, abs=0.05)  # note §5.3
    assert d["cos_ha1_ha2"] == pytest.approx(0.9888, abs=5e-5)
    assert d["leg1.reach_margin"] == pytest.approx(0.6 - 0.405586, abs=1e-6)


def test_paper_mode_keeps_a_symmetric_but_is_not_lagrangian(quadruped_tail_states):
    """Paper mode (ω = φ̇, Eqs. (2)-(3)): A is still symmetric positive-definite (the bar form),
    but with φ_y, φ_z ≠ 0 G is not ∂V/∂q (note E1) and C q̇ is not the paper-mode bias: the
    Lagrangian identities are exact-mode properties."""
    model = load_model(YAML).with_options(mode="paper")
    q, v, _ = quadruped_tail_states(3, seed=21)
    q[:, 3:6] = [0.1, 0.2, 0.3]
    m = model.mass_matrix(q)
    np.testing.assert_allclose(m, np.swapaxes(m, -1, -2), atol=1e-13)
    assert np.linalg.eigvalsh(m).min() > 0.05
    grad = np.array([_d5(lambda s, e=e: model.potential_energy(q[0] + s * e)) for e in np.eye(8)])
    assert np.abs(model.gravity(q[0]) - grad).max() > 0.1
    # with a single torso angle moving (φ = (φ_x, 0, 0)) paper mode is exact (note §6.3 item 12)
    exact = load_model(YAML)
    q1 = q.copy()
    q1[:, 4:6] = 0.0
    v1 = v.copy()
    v1[:, 4:6] = 0.0
    for name, args in (("mass_matrix", (q1,)), ("gravity", (q1,)), ("bias_forces", (q1, v1))):
        np.testing.assert_allclose(
            getattr(model, name)(*args), getattr(exact, name)(*args), atol=1e-12
        )


@pytest.mark.parametrize("method", ["weighted", "qp"])
def test_weighted_and_qp_go_through_the_redundancy_module(method, quadruped_tail_states):
    """``weighted`` / ``qp`` are delegated to :mod:`.redundancy` (the generic engineer's module):
    whatever it returns must realise τ (Sᵀ u = τ) and, for the QP, respect the torque limits."""
    pytest.importorskip("modyn_model.mechanisms.quadruped_tail.redundancy")
    model = load_model(YAML)
    q, v, a = quadruped_tail_states(3, seed=31)
    gamma = model.inverse_dynamics(q, v, 0.1 * a)
    u = model.actuation_solve(q, gamma, method)
    assert u.shape == (3, 14)
    np.testing.assert_allclose(model.generalized_forces(q, u), gamma, atol=1e-8)
    if method == "qp":
        assert (np.abs(u) <= model.effort_limit + 1e-9).all()


def test_foot_forces_through_the_contact_module_carry_the_weight():
    """``constraint_names`` / ``constraint_forces`` delegate to :mod:`.contact` (the generic
    engineer's module). Standing still at q0 with τ = G, the feet carry the whole weight:
    Σ λ = (0, 0, m g) = 363.233 N (note §5.1) and no net horizontal force."""
    pytest.importorskip("modyn_model.mechanisms.quadruped_tail.contact")
    model = load_model(YAML)
    assert model.constraint_names == ("foot1", "foot2", "foot3", "foot4")
    q0 = model.neutral()
    forces = model.constraint_forces(q0, np.zeros(8), model.gravity(q0))
    total = sum(np.asarray(forces[name]) for name in model.constraint_names)
    assert np.abs(total - [0.0, 0.0, model.params.total_mass * model.params.g]).max() < 1e-9
    assert round(total[2], 3) == 363.233
    assert all(forces[name][2] > 0 for name in model.constraint_names)
