"""The elastic-joint RX-90 (kind ``elastic``, Khalil [7.34]-[7.35]) as a mechanism.

* config/mechanisms/rx90_elastic.yaml loads into an ElasticJointModel with every contract
  member: nq = nv = 12 (links, then ``<joint>_motor``), nu = 6 motors, S = [0 I].
* [7.35a]/[7.35b] term by term against the rigid link model: the link rows are the rigid
  RNEA without rotor inertia plus K (q − θ) (+ D_k (q̇ − θ̇)), the motor rows Ia θ̈ + Fvm θ̇ +
  Fcm sign(θ̇) − K (q − θ) − D_k (q̇ − θ̇); ``gravity`` is ∂(U_g + U_k)/∂x (central
  differences of ``potential_energy``); Ȧ − 2C skew.
* Static deflection: at q, θ = q + K⁻¹ Q_pin(q) with Γ = Q_pin(q) — Q from Pinocchio on the
  same URDF text — the forward dynamics is zero (the deflection is Q(q)/k) to 1e-10 rad/s².
* K → ∞: ``rigid_model`` is A + Ia (Pinocchio's mass matrix plus diag(Ia)); the motion tends
  to the rigid one (a table in tests/test_elastic_arm.py and docs/elastic.md).
* Bad input: a non-symmetric or indefinite stiffness, a wrong count, an unknown field and a
  missing rotor inertia are DescriptionErrors naming the file and field; a state of the wrong
  size names the coordinates.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from modyn_model import StateError, is_mechanism_model, load_model
from modyn_model.contract import CONTRACT_MEMBERS, is_identity_actuation, is_vector_space
from modyn_model.errors import DescriptionError
from modyn_model.mechanisms.elastic import ElasticJointModel

ROOT = Path(__file__).resolve().parents[3]
FILE = ROOT / "config" / "mechanisms" / "rx90_elastic.yaml"


@pytest.fixture(scope="module")
def model():
    return load_model(FILE)


def _state(seed=0):
    rng = np.random.default_rng(seed)
    return rng.uniform(-1.0, 1.0, 12), rng.uniform(-1.0, 1.0, 12), rng.uniform(-2.0, 2.0, 12)


def test_contract_and_sizes(model):
    assert isinstance(model, ElasticJointModel)
    assert is_mechanism_model(model) and all(hasattr(model, m) for m in CONTRACT_MEMBERS)
    assert (model.nq, model.nv, model.nu) == (12, 12, 6)
    assert model.coordinate_names[:6] == tuple(f"joint{i}" for i in range(1, 7))
    assert model.actuator_names == tuple(f"joint{i}_motor" for i in range(1, 7))
    assert model.coordinate_names[6:] == model.actuator_names
    assert is_vector_space(model) and not is_identity_actuation(model)
    s = model.actuation_matrix(np.zeros(12))
    np.testing.assert_array_equal(s, np.hstack([np.zeros((6, 6)), np.eye(6)]))
    # the links' rotor inertias moved to the motors, their friction to the motor side
    np.testing.assert_array_equal(model.rotor_inertia, [1.0, 1.0, 0.5, 0.1, 0.1, 0.05])
    np.testing.assert_array_equal(model.link_model.armature, np.zeros(6))
    np.testing.assert_array_equal(model.viscous[:6], np.zeros(6))
    assert model.coupled_friction


def test_equations_7_35_term_by_term(model):
    q, v, a = _state()
    link = model.link_model
    k, d, ia = model.stiffness, model.spring_damping, model.rotor_inertia
    ql, qm = q[:6], q[6:]
    vl, vm = v[:6], v[6:]
    spring = k @ (ql - qm) + d @ (vl - vm)
    gam = model.inverse_dynamics(q, v, a)
    expected_link = link.inverse_dynamics(ql, vl, a[:6], friction=False) + spring
    expected_motor = (
        ia * a[6:] + model.motor_viscous * vm + model.motor_coulomb * np.sign(vm) - spring
    )
    np.testing.assert_allclose(gam[:6], expected_link, rtol=1e-12, atol=1e-9)
    np.testing.assert_allclose(gam[6:], expected_motor, rtol=1e-12, atol=1e-9)
    # batch = per sample; forward ∘ inverse = identity
    qs, vs, as_ = (np.stack([x, 0.5 * x]) for x in (q, v, a))
    np.testing.assert_allclose(model.inverse_dynamics(qs, vs, as_)[0], gam, rtol=1e-12, atol=1e-9)
    np.testing.assert_allclose(model.forward_dynamics(q, v, gam), a, rtol=1e-9, atol=1e-9)
    np.testing.assert_allclose(
        model.forward_dynamics(qs, vs, model.inverse_dynamics(qs, vs, as_)), as_, atol=1e-9
    )
    # u = the motor rows; τ = Sᵀ u = [0; u]
    np.testing.assert_allclose(model.actuator_forces(q, v, a), gam[6:], atol=1e-12)
    np.testing.assert_array_equal(model.generalized_forces(q, gam[6:])[:6], np.zeros(6))


def test_gravity_is_the_potential_gradient_and_c_is_christoffel(model):
    q, v, _ = _state(1)
    h = 1e-6
    num = np.array(
        [
            (model.potential_energy(q + h * e) - model.potential_energy(q - h * e)) / (2 * h)
            for e in np.eye(12)
        ]
    )
    np.testing.assert_allclose(model.gravity(q), num, atol=1e-6)
    # spring energy [7.34]
    dq = q[:6] - q[6:]
    assert model.spring_energy(q) == pytest.approx(0.5 * dq @ model.stiffness @ dq, rel=1e-14)
    # Ȧ − 2C skew (Ȧ by central differences along v)
    adot = (model.mass_matrix(q + h * v) - model.mass_matrix(q - h * v)) / (2 * h)
    n = adot - 2.0 * model.coriolis_matrix(q, v)
    np.testing.assert_allclose(n + n.T, 0.0, atol=1e-6)
    # H = C v + Q (+ friction)
    np.testing.assert_allclose(
        model.bias_forces(q, v, friction=False),
        model.coriolis_matrix(q, v) @ v + model.gravity(q),
        atol=1e-9,
    )


def test_static_deflection_is_gravity_over_stiffness_against_pinocchio(model):
    pin = pytest.importorskip("pinocchio")
    import subprocess

    xml = subprocess.run(
        ["xacro", str(ROOT / "urdf" / "rx90.urdf.xacro"), "payload:=0.0"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    pm = pin.buildModelFromXML(xml)
    pd = pm.createData()
    worst = 0.0
    for q in ([0.0, -0.5, 1.0, 0.0, 0.5, 0.0], [0.3, 0.4, -0.7, 0.2, -0.9, 0.1]):
        q = np.asarray(q)
        qpin = pin.computeGeneralizedGravity(pm, pd, q)
        theta = q + np.linalg.solve(model.stiffness, qpin)  # θ − q = K⁻¹ Q(q)
        x = np.r_[q, theta]
        acc = model.forward_dynamics(x, np.zeros(12), model.generalized_forces(x, qpin))
        worst = max(worst, float(np.abs(acc).max()))
        # and the deflection is Q_j / k_j for the diagonal K of the file
        np.testing.assert_allclose(
            theta - q, qpin / np.diag(model.stiffness), rtol=1e-12, atol=1e-15
        )
    assert worst < 1e-10, worst


def test_rigid_limit_model(model):
    pin = pytest.importorskip("pinocchio")
    import subprocess

    xml = subprocess.run(
        ["xacro", str(ROOT / "urdf" / "rx90.urdf.xacro"), "payload:=0.0"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    pm = pin.buildModelFromXML(xml)
    pd = pm.createData()
    q = np.array([0.2, -0.4, 0.9, 0.3, 0.6, -0.2])
    rigid = model.rigid_model()
    expected = pin.crba(pm, pd, q)
    expected = np.triu(expected) + np.triu(expected, 1).T + np.diag(model.rotor_inertia)
    np.testing.assert_allclose(rigid.mass_matrix(q), expected, atol=1e-10)
    np.testing.assert_allclose(
        model.mass_matrix(np.r_[q, q])[:6, :6] + np.diag(model.rotor_inertia), expected, atol=1e-10
    )


def test_n_by_n_stiffness(model):
    k = np.diag(np.diag(model.stiffness)).copy()
    k[1, 2] = k[2, 1] = 500.0
    m = model.with_stiffness(k)
    q, _, _ = _state(2)
    dq = q[:6] - q[6:]
    assert m.spring_energy(q) == pytest.approx(0.5 * dq @ k @ dq, rel=1e-14)
    np.testing.assert_allclose(m.gravity(q)[6:], -k @ dq, rtol=1e-12)


@pytest.mark.parametrize(
    "change, words",
    [
        ({"stiffness": [[1.0, 2.0], [3.0, 4.0]]}, ["stiffness", "6x6"]),
        ({"stiffness": [1.0, 2.0]}, ["stiffness", "1 or 6"]),
        ({"stiffness": [100.0, -1.0, 1.0, 1.0, 1.0, 1.0]}, ["stiffness[1]", "> 0"]),
        (
            {"stiffness": (np.eye(6) - 2.0 * np.diag([0, 0, 0, 0, 0, 1.0])).tolist()},
            ["positive definite"],
        ),
        ({"bogus": 1}, ["unknown field", "bogus"]),
        ({"gear_ratio": [100.0] * 6}, ["gear_ratio", "motor_inertia"]),
        ({"joint_friction": "elsewhere"}, ["joint_friction"]),
    ],
)
def test_bad_files_name_file_and_field(tmp_path, change, words):
    import yaml

    d = yaml.safe_load(FILE.read_text())
    d["urdf"] = str((FILE.parent / d["urdf"]).resolve())
    d["extras"] = str((FILE.parent / d["extras"]).resolve())
    d.update(change)
    path = tmp_path / "bad_elastic.yaml"
    path.write_text(yaml.safe_dump(d))
    with pytest.raises(DescriptionError) as err:
        load_model(path)
    text = str(err.value)
    assert "bad_elastic.yaml" in text
    for w in words:
        assert w in text, text


def test_missing_rotor_inertia_is_named(tmp_path):
    import yaml

    d = yaml.safe_load(FILE.read_text())
    d["urdf"] = str((FILE.parent / d["urdf"]).resolve())
    del d["extras"]
    path = tmp_path / "no_rotor.yaml"
    path.write_text(yaml.safe_dump(d))
    with pytest.raises(DescriptionError, match="joint1.*rotor inertia"):
        load_model(path)


def test_bad_state_names_coordinates(model):
    with pytest.raises(StateError, match="joint1_motor|12"):
        model.forward_dynamics(np.zeros(6), np.zeros(6), np.zeros(6))
    with pytest.raises(StateError, match="motor"):
        model.generalized_forces(np.zeros(12), np.zeros(12))


def test_links_as_any_description_and_exactly_one_source():
    m = load_model(
        {"kind": "elastic", "links": {"kind": "mdh", "file": "rx90"}, "stiffness": 1000.0,
         "gear_ratio": 100.0, "motor_inertia": 1e-4}
    )  # fmt: skip
    assert m.nq == 12 and m.nu == 6
    np.testing.assert_allclose(m.rotor_inertia, np.full(6, 1.0))  # r² Jm
    np.testing.assert_allclose(m.stiffness, 1000.0 * np.eye(6))
    with pytest.raises(DescriptionError, match="exactly one of 'urdf'"):
        load_model({"kind": "elastic", "stiffness": 1.0, "rotor_inertia": 1.0})
    with pytest.raises(DescriptionError, match="needs the field 'stiffness'"):
        load_model({"kind": "elastic", "links": {"kind": "mdh", "file": "rx90"}})
