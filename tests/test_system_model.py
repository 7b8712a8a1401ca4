"""System files that name a mechanism file (``robot: {model: ...}``, issue 13).

The nodes receive the mechanism file's YAML as ``robot_description`` and read it without its
directory, so :func:`modyn_bringup.system.load_system` makes the relative paths inside absolute;
the model is built once there, so that a bad file is reported with the system file's name. The
episode (the demo's and tests' engine) loads its model with the nodes' factory.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import numpy as np
import pytest
import yaml

from modyn_bringup.system import BringupError, load_system
from modyn_model import RobotModel, load_model

ROOT = Path(__file__).resolve().parents[1]
NODES = [{"name": "hardware_interface", "package": "modyn_hardware", "executable": "x"}]


def _system(tmp_path: Path, robot: dict) -> Path:
    path = tmp_path / "system.yaml"
    path.write_text(yaml.safe_dump({"robot": robot, "nodes": NODES}))
    return path


def test_a_xacro_mechanism_file_is_made_self_contained(tmp_path):
    robots = tmp_path / "robots"
    robots.mkdir()
    shutil.copy(ROOT / "urdf/planar_2r.urdf.xacro", robots)
    (robots / "extras.yaml").write_text(yaml.safe_dump({"joints": {"joint1": {"viscous": 0.7}}}))
    (robots / "arm.yaml").write_text(
        "kind: xacro\nfile: planar_2r.urdf.xacro\nargs: {l1: '0.6'}\nextras: extras.yaml\n"
    )
    spec = load_system(_system(tmp_path, {"model": str(robots / "arm.yaml")}))
    described = yaml.safe_load(spec.robot_description)
    assert described["file"] == str(robots / "planar_2r.urdf.xacro")
    assert described["extras"] == str(robots / "extras.yaml")
    assert spec.model_extras == ""
    # the text alone (as a node gets it, from any directory) builds the same arm
    model = load_model(spec.robot_description)
    reference = RobotModel.from_xacro(
        robots / "planar_2r.urdf.xacro", extras=robots / "extras.yaml", l1="0.6"
    )
    assert isinstance(model, RobotModel)
    np.testing.assert_allclose(model.frame_placement([0.0, 0.0], "link2")[:3, 3], [0.6, 0, 0])
    np.testing.assert_array_equal(model.viscous, [0.7, 0.0])
    q, v = np.array([0.3, -0.4]), np.array([1.0, 2.0])
    np.testing.assert_array_equal(
        model.inverse_dynamics(q, v, v), reference.inverse_dynamics(q, v, v)
    )


def test_a_mechanism_file_from_a_package_uri(tmp_path, monkeypatch):
    """``package://<pkg>/<file>``: found through the ament index like a URDF."""
    prefix = tmp_path / "prefix"
    index = prefix / "share/ament_index/resource_index/packages"
    index.mkdir(parents=True)
    (index / "my_robots").write_text("")
    share = prefix / "share/my_robots/config"
    share.mkdir(parents=True)
    shutil.copy(ROOT / "urdf/planar_2r.urdf.xacro", share)
    (share / "arm.yaml").write_text("kind: xacro\nfile: planar_2r.urdf.xacro\n")
    monkeypatch.setenv("AMENT_PREFIX_PATH", f"{prefix}:{os.environ.get('AMENT_PREFIX_PATH', '')}")
    spec = load_system(_system(tmp_path, {"model": "package://my_robots/config/arm.yaml"}))
    assert yaml.safe_load(spec.robot_description)["file"] == str(share / "planar_2r.urdf.xacro")
    assert load_model(spec.robot_description).coordinate_names == ("joint1", "joint2")


def test_a_urdf_system_is_unchanged(tmp_path):
    spec = load_system(_system(tmp_path, {"xacro": str(ROOT / "urdf/planar_2r.urdf.xacro")}))
    assert spec.robot_description.lstrip().startswith("<")
    assert load_model(spec.robot_description).coordinate_names == ("joint1", "joint2")


@pytest.mark.parametrize(
    ("robot", "message"),
    [
        ({"model": "nowhere/arm.yaml"}, r"robot.model: .*nowhere/arm.yaml not found"),
        (
            {"model": "MECH", "extras": "x.yaml"},
            r"robot.model names a mechanism file, which holds its own options: remove "
            r"robot.extras",
        ),
        ({"model": "BAD_KIND"}, r"robot.model: .*bad.yaml: .*unknown mechanism kind 'gimbal'"),
        ({"model": "BAD_YAML"}, r"robot.model: .*bad.yaml: malformed YAML"),
        ({"urdf": "a.urdf", "payload": 1}, r"robot: unknown field\(s\) \['payload'\]"),
        ({"args": {}}, r"'robot' needs 'xacro' .*'urdf' or 'model'"),
    ],
)
def test_bad_robot_fields_are_named(tmp_path, robot, message):
    good = tmp_path / "good.yaml"
    good.write_text(f"kind: xacro\nfile: {ROOT / 'urdf/rx90.urdf.xacro'}\n")
    bad = tmp_path / "bad.yaml"
    if robot.get("model") == "BAD_KIND":
        bad.write_text("kind: gimbal\n")
    if robot.get("model") == "BAD_YAML":
        bad.write_text("kind: [unclosed\n")
    if robot.get("model") in ("BAD_KIND", "BAD_YAML"):
        robot = {"model": str(bad)}
    if robot.get("model") == "MECH":
        robot = {**robot, "model": str(good)}
    with pytest.raises(BringupError, match=message):
        load_system(_system(tmp_path, robot))


def test_a_node_may_carry_its_own_robot(tmp_path):
    """``nodes[i].robot``: that node's robot_description (and model_extras) instead of the
    system's, e.g. a controller whose model has a mass error against the plant's; the other
    nodes keep the system's robot."""
    xacro = str(ROOT / "urdf/planar_2r.urdf.xacro")
    nodes = [
        {"name": "hardware_interface", "package": "modyn_hardware", "executable": "x"},
        {
            "name": "feedback_controller",
            "package": "modyn_control",
            "executable": "y",
            "robot": {"xacro": xacro, "args": {"m2": "1.65"}},
        },
    ]
    path = tmp_path / "system.yaml"
    path.write_text(yaml.safe_dump({"robot": {"xacro": xacro}, "nodes": nodes}))
    spec = load_system(path)
    plant = spec.node_parameters(spec.node("hardware_interface"))
    own = spec.node_parameters(spec.node("feedback_controller"))
    assert plant["robot_description"] == spec.robot_description
    assert own["robot_description"] != spec.robot_description and own["model_extras"] == ""
    q = np.array([0.3, -0.4])
    g_plant = load_model(plant["robot_description"]).bias_forces(q, np.zeros(2))
    g_own = load_model(own["robot_description"]).bias_forces(q, np.zeros(2))
    # link 2 is 10 % heavier in the node's model: its joint's gravity torque is 10 % larger
    np.testing.assert_allclose(g_own[1], 1.1 * g_plant[1], rtol=1e-12)
    # errors name the node and the field
    nodes[1]["robot"] = {"urdf": "nowhere.urdf"}
    path.write_text(yaml.safe_dump({"robot": {"xacro": xacro}, "nodes": nodes}))
    with pytest.raises(BringupError, match=r"nodes\[1\]: robot.urdf: .*nowhere.urdf not found"):
        load_system(path)
    nodes[1]["robot"] = {"xacro": xacro}
    nodes[1]["parameters"] = {"robot_description": "<robot/>"}
    path.write_text(yaml.safe_dump({"robot": {"xacro": xacro}, "nodes": nodes}))
    with pytest.raises(BringupError, match=r"nodes\[1\]: both 'robot' and parameters"):
        load_system(path)


@pytest.mark.parametrize(
    "parameters, message",
    [
        (
            {"position_lower": [-1.0, "oops", 2.0]},
            r"nodes\[0\] \(hardware_interface\): parameters.position_lower\[1\]: 'oops' is a "
            r"string in a list of numbers",
        ),
        (
            {"gains": {"kp": 1.0}},
            r"parameters.gains: a mapping is not a parameter value",
        ),
        ({"kp": [1.0, [2.0]]}, r"parameters.kp\[1\]: \[2.0\] is not a bool, number or string"),
        ({"flags": [True, 1]}, r"parameters.flags\[1\]: 1 is a number in a list of bools"),
    ],
)
def test_parameter_values_a_ros_parameter_cannot_hold_are_named(tmp_path, parameters, message):
    path = tmp_path / "system.yaml"
    nodes = [{**NODES[0], "parameters": parameters}]
    robot = {"xacro": str(ROOT / "urdf/planar_2r.urdf.xacro")}
    path.write_text(yaml.safe_dump({"robot": robot, "nodes": nodes}))
    with pytest.raises(BringupError, match=message):
        load_system(path)


def test_yaml_12_numbers_in_a_system_file_are_numbers(tmp_path):
    """``-1.0e9`` (no sign in the exponent) is a float, not the string YAML 1.1 makes of it."""
    path = tmp_path / "system.yaml"
    path.write_text(
        f"robot: {{xacro: {ROOT / 'urdf/planar_2r.urdf.xacro'}}}\n"
        "nodes:\n"
        "  - {name: hardware_interface, package: modyn_hardware, executable: x,\n"
        "     parameters: {position_lower: [-1.0e9, -1e9], rate: 1e3}}\n"
    )
    params = load_system(path).nodes[0].parameters
    assert params["position_lower"] == [-1.0e9, -1.0e9] and params["rate"] == 1000.0


def test_every_shipped_system_file_loads():
    """Every config/systems file passes the parameter-value check."""
    for path in sorted((ROOT / "config/systems").glob("*.yaml")):
        spec = load_system(path)
        assert spec.nodes, path
