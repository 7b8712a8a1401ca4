"""StewartModel behind the mechanism contract (modyn_model.contract), kind ``stewart``.

The generic checks (every member of CONTRACT_MEMBERS, the protocol, integrate/difference
inverse, A symmetric positive-definite, Ȧ − 2C skew, H = C v + Q, Γ = A v̇ + H and forward
dynamics its inverse, KE = ½ vᵀ A v, Q = ∂PE/∂q, batched = single, the generic path of
modyn_model.algorithms, Tᵀ f, the single-state cache) are the parametrized
test_mechanism_contract.py, shared with the quadruped; the models and states are conftest.py's
``stewart_model`` / ``stewart_states``. Here: the shipped file, the sizes and names, and the
Stewart-specific seams: S = J_E, actuator_forces = the generalized-momentum τ (Lopes (85)),
generalized_forces round trip, the frame Jacobian and J̇ v as derivatives of the placement,
actuator_state / actuator_segments / check_workspace.
"""

from __future__ import annotations

import numpy as np
import pytest

from modyn_model import StateError, load_model
from modyn_model.factory import mechanism_kinds
from modyn_model.mechanisms.stewart import (
    inverse_dynamics,
    inverse_kinematics,
    jacobian_e,
    rotation,
)
from modyn_model.mechanisms.stewart.model import StewartModel

YAML = "config/mechanisms/stewart_lopes.yaml"
DEG = np.pi / 180.0
P1 = np.array([0.0, 0.0, 2.0, 0.0, 0.0, 0.0])
P2 = np.array([-0.1, -0.2, 2.5, 15 * DEG, -15 * DEG, 15 * DEG])


@pytest.fixture(scope="module")
def model(stewart_model):
    """The shipped platform and a non-Table-2 set (conftest.py)."""
    return stewart_model


def _d5(f, h=1e-3):
    return (-f(2 * h) + 8 * f(h) - 8 * f(-h) + f(-2 * h)) / (12 * h)


def test_the_shipped_file_loads_as_kind_stewart():
    assert "stewart" in mechanism_kinds()
    model = load_model(YAML)
    assert isinstance(model, StewartModel)
    assert model.name == "lopes_2009" and model.source.endswith("stewart_lopes.yaml")
    np.testing.assert_array_equal(model.params.stroke, np.tile([1.8, 3.4], (6, 1)))
    np.testing.assert_array_equal(model.effort_limit, np.full(6, 200.0))
    # YAML text and a mapping give the same model
    with open(YAML) as f:
        text = f.read()
    for source in (text, __import__("yaml").safe_load(text)):
        other = load_model(source)
        np.testing.assert_array_equal(other.params.base_points, model.params.base_points)
    # the stroke holds P1, P2 and the whole P1 -> P2 straight-line motion with > 0.3 m margin
    s = np.linspace(0, 1, 201)[:, None]
    lengths = inverse_kinematics(model.params, P1 + s * (P2 - P1))
    assert lengths.min() > 1.8 + 0.3 and lengths.max() < 3.4 - 0.3
    model.check_workspace(P1 + s * (P2 - P1))


def test_sizes_and_names(model):
    assert model.nq == model.nv == model.nu == 6
    assert model.coordinate_names == model.velocity_names
    assert (
        model.coordinate_names[2] == "platform_z" and model.coordinate_names[5] == "platform_roll"
    )
    assert model.actuator_names == tuple(f"leg{i}" for i in range(1, 7))
    assert model.frame_names == ("base", "platform")
    assert (model.base_frame, model.tip_frame) == ("base", "platform")
    for name in ("lower", "upper", "velocity_limit", "effort_limit", "viscous", "coulomb"):
        assert getattr(model, name).shape == (6,)
    assert model.gravity_vector.shape == (3,)
    data = model.make_data()
    assert data.tau.shape == data.u.shape == (6,) and data.M.shape == (6, 6)
    model.check_workspace(model.neutral())  # the reference pose is inside every stroke


def test_actuation_is_j_e_and_actuator_forces_are_the_generalized_momentum_tau(
    model, stewart_states
):
    q, v, a = stewart_states()
    s = model.actuation_matrix(q)
    np.testing.assert_allclose(s, jacobian_e(model.params, q), atol=1e-14)
    tau = model.actuator_forces(q, v, a)
    np.testing.assert_allclose(tau, inverse_dynamics(model.params, q, v, a), atol=1e-11)
    # J_Eᵀ τ = Γ, and back
    np.testing.assert_allclose(
        model.generalized_forces(q, tau), model.inverse_dynamics(q, v, a), atol=1e-11
    )
    u = np.random.default_rng(0).uniform(-10, 10, (len(q), 6))
    gen = model.generalized_forces(q, u)
    np.testing.assert_allclose(
        np.linalg.solve(np.swapaxes(s, -1, -2), gen[..., None])[..., 0], u, atol=1e-10
    )
    # forward dynamics under leg forces u, then the forces back
    acc = model.forward_dynamics(q, v, gen)
    np.testing.assert_allclose(model.actuator_forces(q, v, acc), u, atol=1e-9)


def test_frames(model, stewart_states):
    q, v, a = stewart_states(3)
    pose = model.frame_placement(q, "platform")
    np.testing.assert_allclose(pose[:, :3, :3], rotation(q[:, 3:]), atol=1e-15)
    np.testing.assert_allclose(pose[:, :3, 3], q[:, :3])
    np.testing.assert_array_equal(model.frame_placement(q, "base")[0], np.eye(4))
    jac = model.frame_jacobian(q, "platform")
    # linear part: derivative of the origin; angular part: vee(Ṙ Rᵀ)
    dp = _d5(lambda s: model.frame_placement(q + s * v, "platform"))
    np.testing.assert_allclose(np.einsum("nij,nj->ni", jac[:, :3], v), dp[:, :3, 3], atol=1e-10)
    w = np.einsum("nij,nkj->nik", dp[:, :3, :3], pose[:, :3, :3])
    vee = 0.5 * np.stack(
        (w[:, 2, 1] - w[:, 1, 2], w[:, 0, 2] - w[:, 2, 0], w[:, 1, 0] - w[:, 0, 1]), -1
    )
    np.testing.assert_allclose(np.einsum("nij,nj->ni", jac[:, 3:], v), vee, atol=1e-10)
    jdv = model.frame_jacobian_dot_v(q, v, "platform")
    jv = _d5(lambda s: np.einsum("nij,nj->ni", model.frame_jacobian(q + s * v, "platform"), v))
    np.testing.assert_allclose(jdv, jv, atol=1e-10)
    placement, j2, jdv2 = model.frame_motion(q, v, "platform")
    np.testing.assert_array_equal(placement, pose)
    np.testing.assert_array_equal(j2, jac)
    np.testing.assert_array_equal(jdv2, jdv)
    with pytest.raises(StateError, match="no frame named 'tool0'"):
        model.frame_placement(q, "tool0")


def test_actuator_state_segments_and_workspace(model, stewart_states):
    q, v, _ = stewart_states(3)
    length, rate = model.actuator_state(q, v)
    np.testing.assert_allclose(length, inverse_kinematics(model.params, q), atol=1e-15)
    np.testing.assert_allclose(
        rate, _d5(lambda s: inverse_kinematics(model.params, q + s * v)), atol=1e-10
    )
    seg = model.actuator_segments(q)
    assert seg.shape == (3, 6, 2, 3)
    np.testing.assert_allclose(seg[:, :, 0], np.broadcast_to(model.params.base_points, (3, 6, 3)))
    np.testing.assert_allclose(np.linalg.norm(seg[:, :, 1] - seg[:, :, 0], axis=-1), length)
    # P_i = platform CoM + R ᴾp_i
    pose = model.frame_placement(q, "platform")
    pi = pose[:, None, :3, 3] + np.einsum(
        "nij,kj->nki", pose[:, :3, :3], model.params.platform_points
    )
    np.testing.assert_allclose(seg[:, :, 1], pi, atol=1e-14)
    assert model.check_workspace(q) is None
