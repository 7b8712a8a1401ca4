"""GearedModel as a mechanism (modyn_model.contract) and as a ``kind: geared`` file.

* The shipped files load through ``load_model`` (path, YAML text, mapping) into a GearedModel
  with every member of ``CONTRACT_MEMBERS``, the runtime-checkable protocol, a vector space
  (``is_vector_space``) whose actuation is not the identity: S = Aᵀ, τ = A ξ,
  ``actuator_forces`` = A⁻¹ Γ, ``actuator_state`` = (Aᵀ q + φ0, Aᵀ v); effort limits are the
  motors', ``actuator_velocity_limit`` the motor speeds, the joint limits the URDF's.
* The (model, data) functions of ``modyn_model.algorithms`` fill a Data with the methods'
  numbers (the generic path: no fast path), ``actuator_forces`` included.
* Frames are the URDF tree's (the note's DH frames, the tip ``tool0``).
* Bad input: a state of the wrong size names the joints, a command the motors; a bad
  ``rotor_model``, an unknown field, a missing or unreadable ``urdf`` are DescriptionErrors naming
  the file and field; a URDF with mimic joints is refused.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
import yaml

from modyn_model import (
    MechanismModel,
    RobotModel,
    StateError,
    algorithms,
    is_mechanism_model,
    load_model,
)
from modyn_model.contract import CONTRACT_MEMBERS, is_identity_actuation, is_vector_space
from modyn_model.errors import DescriptionError, ModelError
from modyn_model.factory import mechanism_kinds
from modyn_model.mechanisms import GearedModel

ROOT = Path(__file__).resolve().parents[3]
CONFIG = ROOT / "config" / "mechanisms"
FILES = ("geared3_case_r", "geared3_case_s", "geared3_case_s_diagonal")


@pytest.fixture(scope="module", params=FILES)
def model(request):
    return load_model(CONFIG / f"{request.param}.yaml")


def test_kind_is_registered_and_files_load(model):
    assert "geared" in mechanism_kinds()
    assert isinstance(model, GearedModel)
    missing = [m for m in CONTRACT_MEMBERS if not hasattr(model, m)]
    assert missing == []
    assert is_mechanism_model(model) and isinstance(model, MechanismModel)
    assert model.nq == model.nv == model.nu == 3
    assert model.coordinate_names == model.velocity_names == ("joint1", "joint2", "joint3")
    assert model.actuator_names == ("motor4", "motor5", "motor6")
    assert (
        model.frame_names == RobotModel.from_xacro(ROOT / "urdf" / "geared3.urdf.xacro").frame_names
    )
    assert model.base_frame == "base_link" and model.tip_frame == "tool0"
    np.testing.assert_array_equal(model.neutral(), np.zeros(3))
    assert is_vector_space(model) and not is_identity_actuation(model)
    data = model.make_data()
    assert data.tau.shape == data.h.shape == data.g.shape == data.ddq.shape == (3,)
    assert data.M.shape == (3, 3) and data.u.shape == (3,)


def test_same_model_from_path_text_and_mapping():
    path = CONFIG / "geared3_case_s.yaml"
    d = yaml.safe_load(path.read_text())
    from_text = load_model(path.read_text(), base_dir=CONFIG)
    d["urdf"] = str(ROOT / "urdf" / "geared3.urdf.xacro")
    from_mapping = load_model(d)
    ref = load_model(path)
    q, v, a = np.array([0.3, -0.7, 1.1]), np.array([0.5, -1.2, 0.8]), np.array([0.2, 0.4, -0.6])
    for other in (from_text, from_mapping):
        np.testing.assert_array_equal(
            other.inverse_dynamics(q, v, a), ref.inverse_dynamics(q, v, a)
        )
        np.testing.assert_array_equal(other.structure_matrix, ref.structure_matrix)


def test_limits(model):
    d = yaml.safe_load((CONFIG / f"{model.name}.yaml").read_text())
    acts = list(d["actuators"].values())
    np.testing.assert_array_equal(model.effort_limit, [a["effort_limit"] for a in acts])
    np.testing.assert_array_equal(
        model.actuator_velocity_limit, [a["velocity_limit"] for a in acts]
    )
    np.testing.assert_array_equal(model.velocity_limit, [3.0, 3.0, 3.0])  # the URDF joints'
    np.testing.assert_array_equal(model.lower, [-3.0, -2.6, -2.6])
    np.testing.assert_array_equal(model.upper, [3.0, 2.6, 2.6])
    for name in ("viscous", "coulomb", "static_friction", "stribeck_velocity"):
        assert getattr(model, name).shape == (3,)
    assert model.coupled_friction is False
    # the joint speeds allowed by the URDF (3 rad/s) keep every motor under its speed limit
    corners = np.array(np.meshgrid(*[[-3.0, 3.0]] * 3)).reshape(3, -1).T
    assert np.all(
        np.abs(model.actuator_state(np.zeros(3), corners)[1]) <= model.actuator_velocity_limit
    )


def test_actuation_is_the_structure_matrix(model):
    a_mat = model.structure_matrix
    rng = np.random.default_rng(2)
    q, v, acc = rng.uniform(-2, 2, (3, 4, 3))
    s = model.actuation_matrix(q)
    assert s.shape == (4, 3, 3)
    np.testing.assert_array_equal(s, np.broadcast_to(a_mat.T, (4, 3, 3)))
    u = rng.uniform(-1, 1, (4, 3))
    np.testing.assert_allclose(model.generalized_forces(q, u), u @ a_mat.T, rtol=1e-15)
    tau = model.inverse_dynamics(q, v, acc)
    xi = model.actuator_forces(q, v, acc)
    np.testing.assert_allclose(xi @ a_mat.T, tau, rtol=1e-12, atol=1e-12)
    phi, phid = model.actuator_state(q, v)
    np.testing.assert_allclose(phi, q @ a_mat + model.actuator_offset, rtol=1e-15)
    np.testing.assert_allclose(phid, v @ a_mat, rtol=1e-15)
    m_phi = model.actuator_mass_matrix(q[0])
    a_inv = np.linalg.inv(a_mat)
    np.testing.assert_allclose(m_phi, a_inv @ model.mass_matrix(q[0]) @ a_inv.T, rtol=1e-12)
    # actuator space (note §1.7): ξ = M_φ φ̈ + A⁻¹ H, and the forward map inverts it
    phidd = acc[0] @ a_mat
    xi0 = model.actuator_inverse_dynamics(q[0], v[0], phidd)
    np.testing.assert_allclose(
        xi0, m_phi @ phidd + a_inv @ model.bias_forces(q[0], v[0]), rtol=1e-10, atol=1e-12
    )
    np.testing.assert_allclose(xi0, xi[0], rtol=1e-10, atol=1e-12)
    np.testing.assert_allclose(
        model.actuator_forward_dynamics(q, v, xi), acc @ a_mat, rtol=1e-9, atol=1e-9
    )


def test_algorithms_generic_path(model):
    data = model.make_data()
    q, v, a = np.array([-1.0, 0.4, -0.3]), np.array([-0.7, 0.9, 1.3]), np.array([1.0, -0.5, 0.25])
    np.testing.assert_array_equal(
        algorithms.inverse_dynamics(model, data, q, v, a), model.inverse_dynamics(q, v, a)
    )
    np.testing.assert_array_equal(
        algorithms.bias_forces(model, data, q, v), model.bias_forces(q, v)
    )
    np.testing.assert_array_equal(algorithms.gravity(model, data, q), model.gravity(q))
    np.testing.assert_array_equal(algorithms.mass_matrix(model, data, q), model.mass_matrix(q))
    tau = model.inverse_dynamics(q, v, a)
    np.testing.assert_allclose(
        algorithms.forward_dynamics(model, data, q, v, tau), a, rtol=1e-10, atol=1e-12
    )
    u = algorithms.actuator_forces(model, data, q, v, a)
    np.testing.assert_allclose(u, model.actuator_forces(q, v, a), rtol=1e-10, atol=1e-12)
    assert u is data.u


def test_frames_are_the_trees(model):
    tree = model.virtual_model
    q, v = np.array([0.3, -0.7, 1.1]), np.array([0.5, -1.2, 0.8])
    for frame in ("link2", "tool0"):
        np.testing.assert_array_equal(
            model.frame_placement(q, frame), tree.frame_placement(q, frame)
        )
        np.testing.assert_array_equal(model.frame_jacobian(q, frame), tree.frame_jacobian(q, frame))
        np.testing.assert_allclose(
            model.frame_jacobian_dot_v(q, v, frame), tree.frame_jacobian_dot_v(q, v, frame)
        )
        pose, jac, jdv = model.frame_motion(q, v, frame)
        np.testing.assert_allclose(jac, tree.frame_jacobian(q, frame), atol=1e-15)


def test_bad_states_name_joints_and_motors(model):
    with pytest.raises(StateError, match="joint1"):
        model.mass_matrix(np.zeros(4))
    with pytest.raises(StateError, match="joint2"):
        model.inverse_dynamics([0, np.nan, 0], np.zeros(3), np.zeros(3))
    with pytest.raises(StateError, match="motor4"):
        model.generalized_forces(np.zeros(3), np.zeros(2))
    with pytest.raises(StateError, match="motor6"):
        model.check_actuation("u", [0, 0, np.inf])


def _mapping(**changes):
    d = yaml.safe_load((CONFIG / "geared3_case_s.yaml").read_text())
    d["urdf"] = str(ROOT / "urdf" / "geared3.urdf.xacro")
    d.update(changes)
    return {k: v for k, v in d.items() if v is not None}


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({"rotor_model": "armature"}, ["rotor_model", "armature"]),
        ({"gear_trains": []}, ["gear_trains", "unknown field"]),
        ({"urdf": None}, ["urdf"]),
        ({"urdf": "/nonexistent/arm.urdf"}, ["urdf", "/nonexistent/arm.urdf"]),
        ({"actuators": {}}, ["actuators"]),
        ({"meshes": "gear4-link1"}, ["meshes"]),
    ],
)
def test_bad_files_are_named(changes, words):
    with pytest.raises(DescriptionError) as info:
        load_model(_mapping(**changes))
    for word in words:
        assert word in str(info.value), str(info.value)


def test_mimic_urdf_is_refused(tmp_path):
    from modyn_model.urdf import expand_xacro

    xml = expand_xacro(ROOT / "urdf" / "geared3.urdf.xacro").replace(
        '<joint name="joint3" type="revolute">',
        '<joint name="joint3" type="revolute"><mimic joint="joint2" multiplier="1.0"/>',
    )
    path = tmp_path / "mimic.urdf"
    path.write_text(xml)
    with pytest.raises(ModelError, match="joint3"):
        load_model(_mapping(urdf=str(path)))


def test_package_uri():
    """``urdf: package://modyn_bringup/urdf/geared3.urdf.xacro`` (the shipped trees are installed
    with modyn_bringup) when the workspace is sourced; an unknown package is named."""
    with pytest.raises(DescriptionError, match="no_such_package"):
        load_model(_mapping(urdf="package://no_such_package/urdf/arm.urdf"))
    try:
        model = load_model(_mapping(urdf="package://modyn_bringup/urdf/geared3.urdf.xacro"))
    except DescriptionError as exc:
        pytest.skip(f"workspace not sourced: {exc}")
    np.testing.assert_array_equal(model.structure_matrix, load_model(_mapping()).structure_matrix)
