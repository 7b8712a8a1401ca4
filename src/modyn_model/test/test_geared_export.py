"""Exports of a geared mechanism (mechanisms/geared/export.py): the ros2_control
``<transmission>`` blocks and the virtual chain (note §1.5) the MuJoCo export is built on.

* ros2_control: the XML is parsed back with xml.etree and read with ros2_control's own
  conventions, written out here from its sources (transmission_interface, note §3.2):
  SimpleTransmission τ_j = n ξ (joint ``mechanical_reduction`` n), DifferentialTransmission
  τ = diag(jr) [[1, 1], [1, -1]] diag(ar) ξ (joint/actuator ``mechanical_reduction`` in XML
  order, as its loader reads ``joints.at(0)``...), positions φ = Aᵀ (θ − θ_off) with the joints'
  ``offset``; the generic ``modyn/LinearCouplingTransmission`` carries its block as a row-major
  ``structure_matrix`` param. The A rebuilt that way must be the A exported.
* virtual_urdf: the merged links 1* and 2* against note §2.7 "Merged virtual links" (Case R and
  Case S, printed with at most 8 significant digits, exact decimals: compared to 1e-12).

The MuJoCo export itself (tendons, armature, actuators against MuJoCo) is tested in
``src/modyn_hardware/test/test_geared_mujoco_export.py`` (modyn_model does not depend on MuJoCo).
"""

from __future__ import annotations

import importlib.util
import xml.etree.ElementTree as ET
from pathlib import Path

import numpy as np
import pytest

from modyn_model.errors import StateError
from modyn_model.inertia import com_parameters
from modyn_model.mechanisms.geared.export import (
    DIFFERENTIAL,
    LINEAR_COUPLING,
    SIMPLE,
    ros2_control_transmission_xml,
    virtual_urdf,
)
from modyn_model.model import RobotModel


def _fullbody_test_module():
    """test_geared_fullbody.py (the 3-dof arm of note §2 and its cases), loaded by path: pytest
    runs with --import-mode=importlib, so test modules are not importable by name."""
    path = Path(__file__).with_name("test_geared_fullbody.py")
    spec = importlib.util.spec_from_file_location("_geared_fullbody_cases", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


_FB = _fullbody_test_module()
case, geared3_urdf = _FB.case, _FB.geared3_urdf


def read_back(xml: str, joints, actuators):
    """(A, θ_off, plugins) from ``<transmission>`` elements, by ros2_control's semantics."""
    root = ET.fromstring(f"<ros2_control>{xml}</ros2_control>")
    a = np.zeros((len(joints), len(actuators)))
    off = np.full(len(joints), np.nan)
    plugins = []
    for t in root.findall("transmission"):
        plugin = t.find("plugin").text
        plugins.append(plugin)
        tj = t.findall("joint")
        ta = t.findall("actuator")
        rows = [joints.index(j.get("name")) for j in tj]
        cols = [actuators.index(x.get("name")) for x in ta]
        assert [j.get("role") for j in tj] == [f"joint{k + 1}" for k in range(len(tj))]
        assert [x.get("role") for x in ta] == [f"actuator{k + 1}" for k in range(len(ta))]
        for r, j in zip(rows, tj, strict=True):
            off[r] = float(j.find("offset").text)

        def red(element):
            e = element.find("mechanical_reduction")
            return 1.0 if e is None else float(e.text)  # ros2_control's default

        if plugin == SIMPLE:
            assert len(rows) == len(cols) == 1
            a[rows[0], cols[0]] = red(tj[0])
        elif plugin == DIFFERENTIAL:
            jr = np.array([red(j) for j in tj])
            ar = np.array([red(x) for x in ta])
            a[np.ix_(rows, cols)] = np.diag(jr) @ np.array([[1.0, 1.0], [1.0, -1.0]]) @ np.diag(ar)
        else:
            assert plugin == LINEAR_COUPLING
            p = {e.get("name"): e.text for e in t.findall("param")}
            block = np.array([float(x) for x in p["structure_matrix"].split()])
            a[np.ix_(rows, cols)] = block.reshape(int(p["rows"]), int(p["cols"]))
    return a, off, plugins


JOINTS = ["j1", "j2", "j3", "j4", "j5"]
MOTORS = ["m1", "m2", "m3", "m4", "m5"]


def test_diagonal_is_simple_transmissions():
    a = np.diag([-50.0, 40.0, 7.5, 1.0, -100.0])
    off = np.array([0.1, -0.2, 0.0, 3.0, 1e-3])
    xml = ros2_control_transmission_xml(a, JOINTS, MOTORS, off)
    back, back_off, plugins = read_back(xml, JOINTS, MOTORS)
    assert plugins == [SIMPLE] * 5
    np.testing.assert_array_equal(back, a)
    np.testing.assert_array_equal(back_off, off)


def test_differential_block_and_simple_ones():
    """A coupled pair (j2, j4) driven by (m3, m1) in a differential, the rest simple, permuted."""
    jr, ar = np.array([2.0, -2.0]), np.array([50.0, -50.0])
    diff = np.diag(jr) @ np.array([[1.0, 1.0], [1.0, -1.0]]) @ np.diag(ar)
    a = np.zeros((5, 5))
    a[np.ix_([1, 3], [2, 0])] = diff
    a[0, 1], a[2, 4], a[4, 3] = 9.0, -3.0, 0.5
    xml = ros2_control_transmission_xml(a, JOINTS, MOTORS)
    back, back_off, plugins = read_back(xml, JOINTS, MOTORS)
    assert sorted(plugins) == sorted([DIFFERENTIAL, SIMPLE, SIMPLE, SIMPLE])
    np.testing.assert_allclose(back, a, rtol=1e-15, atol=0)
    np.testing.assert_array_equal(back_off, np.zeros(5))


@pytest.mark.parametrize("name", ["R", "S"])
def test_paper_structure_matrix_is_a_linear_coupling(name):
    """The paper's 3 x 3 upper-triangular A (Eq. (45)) is one coupled group: no stock plugin."""
    _, _, a = case(name)
    joints, motors = ["joint1", "joint2", "joint3"], ["motor4", "motor5", "motor6"]
    phi0 = np.array([0.3, -1.0, 2.0])
    xml = ros2_control_transmission_xml(a, joints, motors, actuator_offsets=phi0)
    back, off, plugins = read_back(xml, joints, motors)
    assert plugins == [LINEAR_COUPLING]
    np.testing.assert_array_equal(back, a)
    # ros2_control's position map φ = Aᵀ (θ − θ_off) is the model's φ = Aᵀ θ + φ0
    theta = np.array([0.4, -0.9, 1.7])
    np.testing.assert_allclose(back.T @ (theta - off), a.T @ theta + phi0, rtol=1e-14)


def test_two_by_two_without_the_differential_form_is_generic():
    a = np.array([[3.0, 0.0], [1.0, 2.0]])  # four-bar-like, lower triangular
    xml = ros2_control_transmission_xml(a, ["a", "b"], ["x", "y"])
    back, _, plugins = read_back(xml, ["a", "b"], ["x", "y"])
    assert plugins == [LINEAR_COUPLING]
    np.testing.assert_array_equal(back, a)
    a = np.array([[1.0, 1.0], [1.0, 1.5]])  # full, but A11 A22 + A12 A21 != 0
    back, _, plugins = read_back(
        ros2_control_transmission_xml(a, ["a", "b"], ["x", "y"]), ["a", "b"], ["x", "y"]
    )
    assert plugins == [LINEAR_COUPLING]
    np.testing.assert_array_equal(back, a)


def test_transmission_structure_object_is_accepted():
    class Structure:
        A = np.diag([2.0, 3.0])

    back, _, _ = read_back(
        ros2_control_transmission_xml(Structure(), ["a", "b"], ["x", "y"]), ["a", "b"], ["x", "y"]
    )
    np.testing.assert_array_equal(back, Structure.A)


def test_bad_structure_matrix_is_refused():
    with pytest.raises(StateError, match="singular"):
        ros2_control_transmission_xml([[1.0, 2.0], [2.0, 4.0]], ["a", "b"], ["x", "y"])
    with pytest.raises(StateError, match=r"square matrix of shape \(2, 3\)"):
        ros2_control_transmission_xml(np.ones((2, 3)), ["a", "b"], ["x", "y", "z"])
    with pytest.raises(StateError, match="offsets must be 2"):
        ros2_control_transmission_xml(np.eye(2), ["a", "b"], ["x", "y"], [0.0])
    with pytest.raises(StateError, match="not both"):
        ros2_control_transmission_xml(
            np.eye(2), ["a", "b"], ["x", "y"], [0.0, 0.0], actuator_offsets=[0.0, 0.0]
        )


# note §2.7, "Merged virtual links" (Table 3 form): m, r, inertia about the COM in the link frame
MERGED = {
    "R": {
        1: (
            4.0,
            [0, -0.09, 0.006],
            [[0.032976, 0, 0], [0, 0.023376, -0.00216], [0, -0.00216, 0.0217]],
        ),
        2: (
            3.2,
            [-0.225625, 0, 0.01125],
            [[0.009805, 0, 0.0008775], [0, 0.05419375, 0], [0.0008775, 0, 0.04943875]],
        ),
    },
    "S": {
        1: (
            4.0,
            [0, -0.09, 0.006],
            [[0.032976, 0, 0], [0, 0.023376, -0.00216], [0, -0.00216, 0.0316]],
        ),
        2: (
            3.2,
            [-0.225625, 0, 0.01125],
            [[0.039755, 0, 0.0008775], [0, 0.05419375, 0], [0.0008775, 0, 0.04943875]],
        ),
    },
}


@pytest.mark.parametrize("name", ["R", "S"])
def test_virtual_urdf_merges_as_note_2_7(name):
    secs, _, _ = case(name)
    robot = ET.fromstring(virtual_urdf(geared3_urdf(), secs))
    for i, (mass, com, inertia) in MERGED[name].items():
        inertial = robot.find(f"link[@name='link{i}']/inertial")
        assert float(inertial.find("mass").get("value")) == pytest.approx(mass, rel=1e-14)
        xyz = [float(x) for x in inertial.find("origin").get("xyz").split()]
        np.testing.assert_allclose(xyz, com, rtol=1e-12, atol=1e-15)
        e = inertial.find("inertia")
        got = [[float(e.get(f"i{a}{b}" if a <= b else f"i{b}{a}")) for b in "xyz"] for a in "xyz"]
        np.testing.assert_allclose(got, inertia, rtol=1e-12, atol=1e-15)
    # link 3 carries nothing: unchanged
    model = RobotModel.from_urdf(virtual_urdf(geared3_urdf(), secs))
    m3, c3, i3 = com_parameters(model.inertial_parameters[model.link_names.index("link3_rot")])
    assert m3 == 1.5


def test_shipped_mechanism_exports_its_structure_matrix():
    """The ros2_control block of the shipped Case S arm (kind ``geared``): read back, it is the
    model's A, and its joint offsets reproduce the model's motor angles φ = Aᵀ θ + φ0."""
    from modyn_model.factory import load_model

    root = Path(__file__).resolve().parents[3]
    model = load_model(root / "config/mechanisms/geared3_case_s.yaml")
    joints, motors = list(model.joint_names), list(model.actuator_names)
    xml = ros2_control_transmission_xml(
        model.structure, joints, motors, actuator_offsets=model.actuator_offset
    )
    back, off, plugins = read_back(xml, joints, motors)
    assert plugins == [LINEAR_COUPLING]
    np.testing.assert_array_equal(back, model.structure_matrix)
    theta = np.array([0.4, -0.9, 1.7])
    np.testing.assert_allclose(
        back.T @ (theta - off), model.actuator_state(theta, np.zeros(3))[0], rtol=1e-14, atol=1e-15
    )


def test_mujoco_mjcf_text_warns_and_refuses_bad_input():
    """The MJCF writer is pure text (no MuJoCo needed here): it warns about the dropped
    gyroscopic terms, writes one spin tendon per secondary link with armature I_j and coef b_j,
    and names an unknown rotor / carrier."""
    from modyn_model.errors import DescriptionError
    from modyn_model.mechanisms.geared.export import mujoco_mjcf

    secs, b, a = case("S")
    with pytest.warns(UserWarning, match="drops the gyroscopic"):
        xml = mujoco_mjcf(geared3_urdf(), secs, b, a, ["m4", "m5", "m6"])
    root = ET.fromstring(xml)
    for j, (name, s) in enumerate(secs.items()):
        t = root.find(f"tendon/fixed[@name='{name}_spin']")
        assert float(t.get("armature")) == s["I_axial"]
        coef = {e.get("joint"): float(e.get("coef")) for e in t.findall("joint")}
        assert coef == {f"joint{k + 1}": b[k, j] for k in range(3) if b[k, j] != 0.0}
    assert len(root.findall("actuator/motor")) == 3
    with pytest.raises(DescriptionError, match="actuator 'm5': rotor 'gear9'"):
        mujoco_mjcf(geared3_urdf(), secs, b, a, ["m4", "m5", "m6"], rotors=[None, "gear9", None])
    bad = {**secs, "gear6": {**secs["gear6"], "carrier": "nolink"}}
    with pytest.raises(DescriptionError, match="gear6.*nolink"):
        virtual_urdf(geared3_urdf(), bad)
