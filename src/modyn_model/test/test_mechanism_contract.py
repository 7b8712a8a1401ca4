"""The generic contract checks (modyn_model.contract) of the closed-chain mechanisms, one
parametrized test over every variant of the Stewart platform and the quadruped with a tail
(the cases: ``MECHANISMS`` in conftest.py).

Every member of CONTRACT_MEMBERS, the protocol, array sizes by nq / nv / nu, a vector space whose
actuation is not the identity, the reference pose inside the workspace, no friction;
integrate/difference inverse; A symmetric positive-definite, Ȧ − 2C skew with Ȧ by finite
differences, H = C v + Q, Γ = A v̇ + H and forward dynamics its inverse, KE = ½ vᵀ A v,
Q = ∂PE/∂q; batched = single (also a batch of states against one velocity and the reverse) and
the generic path of modyn_model.algorithms (Data buffers); an external wrench enters as Tᵀ f;
the single-state cache never returns another state's terms.

The tolerances are each mechanism's own (``TOL``): the quadruped's terms come through the
constrained floating-base model (exact mode), the Stewart platform's from closed forms; the
finite-difference steps differ for the same reason. The model-specific seams stay in
test_stewart_contract.py and test_quadruped_tail_contract.py.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
import pytest

from modyn_model import MechanismModel, StateError, algorithms, is_mechanism_model
from modyn_model.contract import CONTRACT_MEMBERS, is_identity_actuation, is_vector_space


class Tolerances(NamedTuple):
    """A mechanism's finite-difference step ``h`` (m, rad), the number of states of the batch
    test and the absolute (``rtol``: relative) tolerance of each identity."""

    h: float
    symmetric: float
    skew: float
    bias: float
    gamma: float
    grad: float
    batch_n: int
    batch_rtol: float
    batch_atol: float


#: each mechanism's own (the values its test file had): h, symmetric, skew, bias, gamma, grad,
#: batch_n, batch_rtol, batch_atol
TOL = {
    "stewart": Tolerances(1e-3, 1e-14, 1e-9, 1e-12, 1e-12, 1e-10, 4, 1e-13, 1e-13),
    "quadruped_tail": Tolerances(1e-4, 1e-13, 1e-7, 1e-7, 1e-11, 1e-9, 3, 1e-12, 1e-11),
}

#: the frame an external wrench acts on (the moving body's)
WRENCH_FRAME = {"stewart": "platform", "quadruped_tail": "torso"}


def _d5(f, h):
    """Five-point central difference of f at 0 (error O(h⁴))."""
    return (-f(2 * h) + 8 * f(h) - 8 * f(-h) + f(-2 * h)) / (12 * h)


def test_every_member_of_the_contract(mechanism):
    _, model, _ = mechanism
    assert [m for m in CONTRACT_MEMBERS if not hasattr(model, m)] == []
    assert is_mechanism_model(model) and isinstance(model, MechanismModel)
    assert model.coordinate_names == model.velocity_names
    for name in ("lower", "upper"):
        assert getattr(model, name).shape == (model.nq,)
    for name in ("velocity_limit", "viscous", "coulomb"):
        assert getattr(model, name).shape == (model.nv,)
    assert model.effort_limit.shape == (model.nu,)
    assert model.gravity_vector.shape == (3,)
    data = model.make_data()
    assert data.tau.shape == (model.nv,) and data.u.shape == (model.nu,)
    assert data.M.shape == (model.nv, model.nv)
    assert is_vector_space(model)
    assert not is_identity_actuation(model)
    model.check_workspace(model.neutral())  # the reference pose is inside the workspace
    assert model.friction_forces(np.ones(model.nv)).tolist() == [0.0] * model.nv


def test_difference_and_integrate_are_inverse(mechanism):
    _, model, states = mechanism
    q0, v, _ = states()
    q1 = model.integrate(q0, v, 0.37)
    np.testing.assert_allclose(model.difference(q1, q0), 0.37 * v, atol=1e-12)
    np.testing.assert_allclose(model.integrate(q0, model.difference(q1, q0), 1.0), q1, atol=1e-12)
    with pytest.raises(StateError, match="q1 must have last dimension"):
        model.difference(q1[0, :-1], q0[0])


def test_mass_matrix_coriolis_and_energies(mechanism):
    kind, model, states = mechanism
    tol = TOL[kind]
    q, v, a = states()
    m = model.mass_matrix(q)
    np.testing.assert_allclose(m, np.swapaxes(m, -1, -2), atol=tol.symmetric)
    assert np.linalg.eigvalsh(m).min() > 0.05
    c = model.coriolis_matrix(q, v)
    adot = np.stack(
        [
            _d5(lambda s, qi=qi, vi=vi: model.mass_matrix(qi + s * vi), tol.h)
            for qi, vi in zip(q, v, strict=True)
        ]
    )
    skew = adot - 2 * c
    np.testing.assert_allclose(skew, -np.swapaxes(skew, -1, -2), atol=tol.skew)
    g = model.gravity(q)
    h = model.bias_forces(q, v)
    np.testing.assert_allclose(h, np.einsum("nij,nj->ni", c, v) + g, atol=tol.bias)
    gamma = model.inverse_dynamics(q, v, a)
    np.testing.assert_allclose(gamma, np.einsum("nij,nj->ni", m, a) + h, atol=tol.gamma)
    np.testing.assert_allclose(model.forward_dynamics(q, v, gamma), a, atol=1e-10)
    np.testing.assert_allclose(
        model.kinetic_energy(q, v), 0.5 * np.einsum("ni,nij,nj->n", v, m, v), rtol=1e-13
    )
    grad = np.stack(
        [
            np.array(
                [
                    _d5(lambda s, e=e, qi=qi: model.potential_energy(qi + s * e), tol.h)
                    for e in np.eye(model.nq)
                ]
            )
            for qi in q
        ]
    )
    np.testing.assert_allclose(g, grad, atol=tol.grad)


def test_batched_equals_single_and_the_generic_algorithms(mechanism):
    kind, model, states = mechanism
    tol = TOL[kind]
    q, v, a = states(tol.batch_n)
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
            np.testing.assert_allclose(
                batched, single, rtol=tol.batch_rtol, atol=tol.batch_atol, err_msg=name
            )
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


def test_a_batch_of_states_against_one_velocity_and_the_reverse(mechanism):
    _, model, states = mechanism
    q, v, a = states(3, seed=12)
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


def test_external_wrench_enters_as_the_jacobian_transpose(mechanism):
    kind, model, states = mechanism
    q, v, a = states(2)
    f = np.array([[[1.0, -2.0, 3.0, 0.1, 0.2, -0.3]]] * 2)
    t = model.frame_jacobian(q, WRENCH_FRAME[kind])
    np.testing.assert_allclose(
        model.inverse_dynamics(q, v, a, f) - model.inverse_dynamics(q, v, a),
        np.einsum("nji,nj->ni", t, f[:, 0]),
        atol=1e-12,
    )
    with pytest.raises(StateError, match="f_ext"):
        model.bias_forces(q, v, np.ones((2, 2, 6)))


@pytest.mark.parametrize("kind", ["stewart", "quadruped_tail"])
def test_the_single_state_cache_never_returns_another_states_terms(kind, mechanism_cases):
    build, states, _ = mechanism_cases[kind]
    cached = build("yaml")
    q, v, a = states(3, seed=11)
    work = q[0].copy()
    for k in (0, 0, 1, 1, 2, 0):  # repeated and alternating states, with and without v
        fresh = build("yaml")
        work[:] = q[k]  # the same buffer, mutated in place between ticks (as a node does)
        for name, args in (
            ("mass_matrix", (work,)),
            ("bias_forces", (work, v[k])),
            ("gravity", (work,)),
            ("potential_energy", (work,)),
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
