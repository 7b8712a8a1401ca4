"""SpaceManipulatorModel behind the mechanism contract (issue 18, step 3): kind
``space_manipulator`` from config/mechanisms/space_iiwa.yaml, every CONTRACT_MEMBERS member, the
floating-base q/v/τ layout of FloatingBaseModel (checked member by member against it), the
generic (model, data) path, the base-actuator hook, and bad input."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from modyn_model import MechanismModel, StateError, algorithms, is_mechanism_model, load_model
from modyn_model.contract import CONTRACT_MEMBERS
from modyn_model.errors import DescriptionError, ModelError
from modyn_model.factory import mechanism_kinds
from modyn_model.floating import FloatingBaseModel
from modyn_model.mechanisms import SpaceManipulatorModel
from modyn_model.mechanisms.space.parameters import table5_parameters

ROOT = Path(__file__).resolve().parents[3]
YAML = ROOT / "config" / "mechanisms" / "space_iiwa.yaml"
URDF = ROOT / "urdf" / "space_iiwa14.urdf"


@pytest.fixture(scope="module")
def model():
    return load_model(YAML)


@pytest.fixture(scope="module")
def twin():
    """The floating-base model of the same file and parameters, zero gravity (the reference)."""
    fb = FloatingBaseModel.from_urdf(URDF, gravity=(0.0, 0.0, 0.0))
    return fb.with_parameters(table5_parameters())


def _states(model, n=5, seed=3):
    rng = np.random.default_rng(seed)
    q = model.integrate(np.tile(model.neutral(), (n, 1)), rng.normal(size=(n, model.nv)), 1.0)
    return q, rng.normal(size=(n, model.nv)), rng.normal(size=(n, model.nv))


def test_kind_loads_with_the_whole_contract(model):
    assert "space_manipulator" in mechanism_kinds()
    assert isinstance(model, SpaceManipulatorModel) and model.floating_base is True
    assert [m for m in CONTRACT_MEMBERS if not hasattr(model, m)] == []
    assert is_mechanism_model(model) and isinstance(model, MechanismModel)
    assert (model.nq, model.nv, model.nu) == (14, 13, 7)
    assert model.name == "space_iiwa" and model.base_frame == "world"
    assert model.tip_frame == "iiwa_link_ee"
    np.testing.assert_array_equal(model.gravity_vector, np.zeros(3))
    data = model.make_data()
    assert data.M.shape == (13, 13) and data.u.shape == (7,)


def test_same_layout_and_dynamics_as_the_floating_base_model(model, twin):
    assert model.coordinate_names == twin.coordinate_names
    assert model.velocity_names == twin.velocity_names
    assert model.actuator_names == twin.actuator_names
    np.testing.assert_array_equal(model.neutral(), twin.neutral())
    q, v, a = _states(model)
    for name in ("lower", "upper", "velocity_limit", "effort_limit"):
        np.testing.assert_array_equal(getattr(model, name), getattr(twin, name))
    np.testing.assert_allclose(model.integrate(q, v, 0.3), twin.integrate(q, v, 0.3), atol=0)
    np.testing.assert_allclose(
        model.inverse_dynamics(q, v, a), twin.inverse_dynamics(q, v, a), atol=1e-12
    )
    np.testing.assert_allclose(model.mass_matrix(q), twin.mass_matrix(q), atol=1e-13)
    np.testing.assert_allclose(model.bias_forces(q, v), twin.bias_forces(q, v), atol=1e-12)
    tau = np.random.default_rng(5).normal(size=(5, 13))
    np.testing.assert_allclose(
        model.forward_dynamics(q, v, tau), twin.forward_dynamics(q, v, tau), atol=1e-10
    )
    np.testing.assert_allclose(
        model.forward_dynamics(q, v, tau, method="dq_aba"),
        twin.forward_dynamics(q, v, tau),
        atol=1e-10,
    )
    np.testing.assert_array_equal(model.actuation_matrix(q), twin.actuation_matrix(q))
    np.testing.assert_allclose(
        model.actuator_forces(q, v, a), twin.actuator_forces(q, v, a), atol=1e-12
    )
    # external wrenches (FloatingBaseModel's (n + 1, 6) convention) and gravity
    f = np.random.default_rng(6).normal(size=(5, 8, 6))
    np.testing.assert_allclose(
        model.inverse_dynamics(q, v, a, f), twin.inverse_dynamics(q, v, a, f), atol=1e-12
    )
    g = (0.0, 0.0, -9.81)
    np.testing.assert_allclose(
        model.with_gravity(g).gravity(q), twin.with_gravity(g).gravity(q), atol=1e-11
    )
    assert isinstance(model.with_gravity(g), SpaceManipulatorModel)


def test_generic_data_path_and_frames(model):
    q, v, a = _states(model, 1)
    data = model.make_data()
    tau = algorithms.inverse_dynamics(model, data, q[0], v[0], a[0])
    np.testing.assert_allclose(tau, model.inverse_dynamics(q[0], v[0], a[0]), atol=0)
    acc = algorithms.forward_dynamics(model, data, q[0], v[0], tau.copy())
    np.testing.assert_allclose(acc, a[0], atol=1e-10)
    u = algorithms.actuator_forces(model, data, q[0], v[0], a[0])
    np.testing.assert_allclose(u, tau[6:], atol=1e-12)
    # the Jacobian of the EE is the derivative of its placement (central difference)
    h = 1e-6
    jac = model.frame_jacobian(q[0], "iiwa_link_ee")
    dp = (
        model.frame_placement(model.integrate(q[0], v[0], h), "iiwa_link_ee")[:3, 3]
        - model.frame_placement(model.integrate(q[0], v[0], -h), "iiwa_link_ee")[:3, 3]
    ) / (2 * h)
    np.testing.assert_allclose(jac[:3] @ v[0], dp, atol=1e-7)
    # ½ vᵀ A v = the kinetic energy
    ke = model.kinetic_energy(q[0], v[0])
    assert ke == pytest.approx(0.5 * v[0] @ model.mass_matrix(q[0]) @ v[0], rel=1e-12)


def test_base_actuator_hook_extends_the_actuators_from_yaml():
    desc = {
        "kind": "space_manipulator",
        "urdf": str(URDF),
        "base_actuators": [
            {
                "type": "wrench",
                "names": ["fx", "fy", "fz", "tx", "ty", "tz"],
                "wrenches": np.eye(6).tolist(),
                "limit": 5.0,
            }
        ],
    }
    m = load_model(desc)
    assert m.nu == 13 and m.actuator_names[7:] == ("fx", "fy", "fz", "tx", "ty", "tz")
    np.testing.assert_array_equal(m.effort_limit[7:], 5.0)
    q, v, a = _states(m, 3)
    u = m.actuator_forces(q, v, a)
    # the base commands now carry the base rows: Sᵀ u = Γ exactly (fully actuated)
    np.testing.assert_allclose(m.generalized_forces(q, u), m.inverse_dynamics(q, v, a), atol=1e-11)
    s = m.actuation_matrix(q)
    assert s.shape == (3, 13, 13)
    np.testing.assert_array_equal(s[:, 7:, :6], np.broadcast_to(np.eye(6), (3, 6, 6)))


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"inertia": "cad"}, "field 'inertia' must be 'table5' or 'urdf'"),
        ({"urdf": "nope.urdf"}, "no such file"),
        ({"gravity": [0, 1]}, "field 'gravity' must be 3 numbers"),
        ({"colour": "red"}, r"unknown field\(s\) \['colour'\]"),
        ({"base_actuators": [{"type": "warp"}]}, "unknown type 'warp'"),
        ({"base_actuators": [{"type": "wrench", "names": ["a"]}]}, "needs 'wrenches'"),
    ],
)
def test_bad_descriptions_are_named(change, message):
    desc = {"kind": "space_manipulator", "urdf": str(URDF)} | change
    with pytest.raises((DescriptionError, ModelError), match=message):
        load_model(desc)


def test_bad_states_are_refused(model):
    q = model.neutral()
    q[3] = 2.0
    with pytest.raises(StateError, match="base quaternion"):
        model.inverse_dynamics(q, np.zeros(13), np.zeros(13))
    with pytest.raises(StateError, match="tau"):
        model.forward_dynamics(model.neutral(), np.zeros(13), np.full(13, np.nan))


def test_coriolis_matrix_is_consistent_with_the_dq_bias(model):
    """The inherited C(q, v) (floating-base tree) with the DQ dynamics: C v + Q = H, and
    Ȧ − 2C skew-symmetric (Ȧ by central differences of the DQ mass matrix)."""
    q, v, _ = _states(model, 3)
    c = model.coriolis_matrix(q, v)
    np.testing.assert_allclose(
        np.einsum("bij,bj->bi", c, v) + model.gravity(q), model.bias_forces(q, v), atol=1e-11
    )
    h = 1e-6
    adot = (
        model.mass_matrix(model.integrate(q, v, h)) - model.mass_matrix(model.integrate(q, v, -h))
    ) / (2 * h)
    n = adot - 2 * c
    np.testing.assert_allclose(n, -np.swapaxes(n, -1, -2), atol=1e-7)
