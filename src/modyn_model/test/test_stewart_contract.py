"""StewartModel behind the mechanism contract (modyn_model.contract), kind ``stewart``.

The same generic checks the other models pass (test_contract.py, test_ball_joint.py): every member
of CONTRACT_MEMBERS, the protocol, sizes and names, integrate/difference inverse (a vector space),
A symmetric positive-definite, Ȧ − 2C skew with Ȧ by finite differences, H = C v + Q,
Γ = A v̇ + H and forward dynamics its inverse, KE = ½ vᵀ A v, Q = ∂PE/∂q, the frame Jacobian and
J̇ v as derivatives of the placement, batched = single, and the generic path of
modyn_model.algorithms (Data buffers). Then the Stewart-specific seams: S = J_E,
actuator_forces = the generalized-momentum τ (Lopes (85)), generalized_forces round trip,
actuator_state / actuator_segments / check_workspace.
"""

from __future__ import annotations

import numpy as np
import pytest

from modyn_model import MechanismModel, StateError, algorithms, is_mechanism_model, load_model
from modyn_model.contract import CONTRACT_MEMBERS, is_identity_actuation, is_vector_space
from modyn_model.factory import mechanism_kinds
from modyn_model.mechanisms.stewart import (
    StewartParameters,
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


@pytest.fixture(scope="module", params=["yaml", "universal_b03"])
def model(request):
    if request.param == "yaml":
        return load_model(YAML)
    # a non-Table-2 set: non-axisymmetric legs with the true U-joint spin, b_C = 0.3
    return StewartModel(
        StewartParameters.lopes_table2(
            leg_spin="universal", cylinder_com=0.3, cylinder_inertia=[0.05, 0.1, 0.2]
        ),
        name="variant",
    )


def _states(n=8, seed=3):
    rng = np.random.default_rng(seed)
    lo = np.array([-0.2, -0.2, 2.0, -20 * DEG, -20 * DEG, -20 * DEG])
    q = rng.uniform(lo, -lo + np.array([0, 0, 4.6, 0, 0, 0]), (n, 6))
    return q, rng.uniform(-0.5, 0.5, (n, 6)), rng.uniform(-2.0, 2.0, (n, 6))


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


def test_every_member_of_the_contract(model):
    assert [m for m in CONTRACT_MEMBERS if not hasattr(model, m)] == []
    assert is_mechanism_model(model) and isinstance(model, MechanismModel)
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
    assert is_vector_space(model)
    assert not is_identity_actuation(model)
    model.check_workspace(model.neutral())  # the reference pose is inside every stroke
    assert model.friction_forces(np.ones(6)).tolist() == [0.0] * 6


def test_difference_and_integrate_are_inverse(model):
    q0, v, _ = _states()
    q1 = model.integrate(q0, v, 0.37)
    np.testing.assert_allclose(model.difference(q1, q0), 0.37 * v, atol=1e-12)
    np.testing.assert_allclose(model.integrate(q0, model.difference(q1, q0), 1.0), q1, atol=1e-12)
    with pytest.raises(StateError, match="q1 must have last dimension"):
        model.difference(q1[0, :-1], q0[0])


def test_mass_matrix_coriolis_and_energies(model):
    q, v, a = _states()
    m = model.mass_matrix(q)
    np.testing.assert_allclose(m, np.swapaxes(m, -1, -2), atol=1e-14)
    assert np.linalg.eigvalsh(m).min() > 0.05
    c = model.coriolis_matrix(q, v)
    adot = np.stack(
        [
            _d5(lambda s, qi=qi, vi=vi: model.mass_matrix(qi + s * vi))
            for qi, vi in zip(q, v, strict=True)
        ]
    )
    skew = adot - 2 * c
    np.testing.assert_allclose(skew, -np.swapaxes(skew, -1, -2), atol=1e-9)
    g = model.gravity(q)
    h = model.bias_forces(q, v)
    np.testing.assert_allclose(h, np.einsum("nij,nj->ni", c, v) + g, atol=1e-12)
    gamma = model.inverse_dynamics(q, v, a)
    np.testing.assert_allclose(gamma, np.einsum("nij,nj->ni", m, a) + h, atol=1e-12)
    np.testing.assert_allclose(model.forward_dynamics(q, v, gamma), a, atol=1e-10)
    np.testing.assert_allclose(
        model.kinetic_energy(q, v), 0.5 * np.einsum("ni,nij,nj->n", v, m, v), rtol=1e-13
    )
    grad = np.stack(
        [
            np.array(
                [_d5(lambda s, e=e, qi=qi: model.potential_energy(qi + s * e)) for e in np.eye(6)]
            )
            for qi in q
        ]
    )
    np.testing.assert_allclose(g, grad, atol=1e-10)


def test_actuation_is_j_e_and_actuator_forces_are_the_generalized_momentum_tau(model):
    q, v, a = _states()
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


def test_batched_equals_single_and_the_generic_algorithms(model):
    q, v, a = _states(4)
    data = model.make_data()
    for k in range(len(q)):
        for name, args in (
            ("inverse_dynamics", (q, v, a)),
            ("actuator_forces", (q, v, a)),
            ("bias_forces", (q, v)),
            ("mass_matrix", (q,)),
            ("gravity", (q,)),
            ("coriolis_matrix", (q, v)),
            ("actuation_matrix", (q,)),
            ("kinetic_energy", (q, v)),
            ("potential_energy", (q,)),
        ):
            batched = getattr(model, name)(*args)[k]
            single = getattr(model, name)(*(x[k] for x in args))
            np.testing.assert_allclose(batched, single, rtol=1e-13, atol=1e-13, err_msg=name)
        pairs = (
            (algorithms.inverse_dynamics(model, data, q[k], v[k], a[k]), data.tau,
             model.inverse_dynamics(q[k], v[k], a[k])),
            (algorithms.bias_forces(model, data, q[k], v[k]), data.h, model.bias_forces(q[k], v[k])),
            (algorithms.gravity(model, data, q[k]), data.g, model.gravity(q[k])),
            (algorithms.mass_matrix(model, data, q[k]), data.M, model.mass_matrix(q[k])),
            (algorithms.forward_dynamics(model, data, q[k], v[k], a[k]), data.ddq,
             model.forward_dynamics(q[k], v[k], a[k])),
            (algorithms.actuator_forces(model, data, q[k], v[k], a[k]), data.u,
             model.actuator_forces(q[k], v[k], a[k])),
        )  # fmt: skip
        for got, buffer, want in pairs:
            assert got is buffer
            np.testing.assert_allclose(got, want, rtol=1e-10, atol=1e-10)


def test_frames(model):
    q, v, a = _states(3)
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


def test_external_wrench_enters_as_t_transpose(model):
    q, v, a = _states(2)
    f = np.array([[[1.0, -2.0, 3.0, 0.1, 0.2, -0.3]]] * 2)
    t = model.frame_jacobian(q, "platform")
    np.testing.assert_allclose(
        model.inverse_dynamics(q, v, a, f) - model.inverse_dynamics(q, v, a),
        np.einsum("nji,nj->ni", t, f[:, 0]),
        atol=1e-12,
    )
    with pytest.raises(StateError, match="f_ext"):
        model.bias_forces(q, v, np.ones((2, 2, 6)))


def test_actuator_state_segments_and_workspace(model):
    q, v, _ = _states(3)
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


def test_the_single_state_cache_never_returns_another_states_terms():
    cached = load_model(YAML)
    q, v, a = _states(3, seed=11)
    work = q[0].copy()
    for k in (0, 0, 1, 1, 2, 0):  # repeated and alternating states, with and without v
        fresh = load_model(YAML)
        work[:] = q[k]  # the same buffer, mutated in place between ticks (as a node does)
        for name, args in (
            ("mass_matrix", (work,)),
            ("bias_forces", (work, v[k])),
            ("gravity", (work,)),
            ("actuator_forces", (work, v[k], a[k])),
            ("inverse_dynamics", (work, v[(k + 1) % 3], a[k])),
            ("forward_dynamics", (work, v[k], a[k])),
            ("kinetic_energy", (work, v[k])),
        ):
            np.testing.assert_array_equal(
                getattr(cached, name)(*args), getattr(fresh, name)(*args), err_msg=name
            )
    m = cached.mass_matrix(work)
    m[0, 0] = 0.0  # the caller owns what it gets back
    assert cached.mass_matrix(work)[0, 0] > 1.0


def test_a_batch_of_states_against_one_velocity_and_the_reverse(model):
    q, v, a = _states(3, seed=12)
    for name, args, single in (
        ("bias_forces", (q, v[0]), lambda k: (q[k], v[0])),
        ("inverse_dynamics", (q[0], v, a), lambda k: (q[0], v[k], a[k])),
        ("actuator_forces", (q, v[1], a[2]), lambda k: (q[k], v[1], a[2])),
        ("coriolis_matrix", (q[1], v), lambda k: (q[1], v[k])),
    ):
        batched = getattr(model, name)(*args)
        assert batched.shape[0] == 3, name
        for k in range(3):
            np.testing.assert_allclose(
                batched[k], getattr(model, name)(*single(k)), atol=1e-12, err_msg=name
            )
