"""The rviz view of the Stewart platform (issue 15): urdf/stewart_platform.urdf.xacro and
config/rviz/stewart.rviz.

* the xacro expands and parses with modyn's own URDF reader and with urdf_parser_py (what
  robot_state_publisher and rviz use: urdfdom), its six joints named like the mechanism's
  coordinates, in the same order, with the base and platform links named like its frames;
* at random poses inside the legs' strokes, the platform link's pose of the URDF chain equals
  the `stewart` model's ``frame_placement(q, "platform")`` to 1e-12 (so robot_state_publisher
  fed hardware_interface's joint_states draws the platform where the plant has it), also with
  the preset's own radii passed as xacro arguments;
* the rviz config is YAML naming the RobotModel (on the remapped description topic), the
  actuator_markers MarkerArray and TF, in the model's base frame.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
import yaml

from modyn_model import load_model
from modyn_model.errors import StateError
from modyn_model.urdf import expand_xacro

ROOT = Path(__file__).resolve().parents[1]
XACRO = ROOT / "urdf" / "stewart_platform.urdf.xacro"
MECHANISM = ROOT / "config" / "mechanisms" / "stewart_lopes.yaml"


@pytest.fixture(scope="module")
def stewart():
    return load_model(MECHANISM.read_text())


def _poses(model, count: int, seed: int = 7) -> np.ndarray:
    rng = np.random.default_rng(seed)
    out = []
    while len(out) < count:
        q = model.neutral() + rng.uniform(-1, 1, 6) * [0.3, 0.3, 0.4, 0.5, 0.3, 0.3]
        try:
            model.check_workspace(q)
        except StateError:
            continue
        out.append(q)
    return np.array(out)


@pytest.mark.parametrize("args", [{}, {"base_radius": "1.5", "platform_radius": "0.75"}])
def test_the_view_urdf_places_the_platform_as_the_model(stewart, args):
    xml = expand_xacro(XACRO, args)
    view = load_model(xml)
    assert tuple(view.coordinate_names) == tuple(stewart.coordinate_names)
    assert view.base_frame == stewart.base_frame
    assert "platform" in view.frame_names
    for q in _poses(stewart, 25):
        np.testing.assert_allclose(
            view.frame_placement(q, "platform"),
            stewart.frame_placement(q, "platform"),
            rtol=0,
            atol=1e-12,
        )


def test_urdf_parser_py_reads_it(stewart):
    urdf = pytest.importorskip("urdf_parser_py.urdf")
    robot = urdf.URDF.from_xml_string(expand_xacro(XACRO))
    assert [j.name for j in robot.joints] == list(stewart.coordinate_names)
    assert robot.get_root() == stewart.base_frame
    chain = robot.get_chain(stewart.base_frame, "platform", links=False)
    assert chain == list(stewart.coordinate_names)
    types = [robot.joint_map[n].type for n in chain]
    assert types == ["prismatic"] * 3 + ["revolute"] * 3
    axes = [tuple(robot.joint_map[n].axis) for n in chain]
    assert axes == [(1, 0, 0), (0, 1, 0), (0, 0, 1), (0, 0, 1), (0, 1, 0), (1, 0, 0)]
    # visual plates for rviz on both ends
    assert robot.link_map["base"].visual is not None
    assert robot.link_map["platform"].visual is not None


def test_the_rviz_config_shows_model_markers_and_tf(stewart):
    config = yaml.safe_load((ROOT / "config" / "rviz" / "stewart.rviz").read_text())
    manager = config["Visualization Manager"]
    assert manager["Global Options"]["Fixed Frame"] == stewart.base_frame
    displays = {d["Class"]: d for d in manager["Displays"]}
    model = displays["rviz_default_plugins/RobotModel"]
    assert model["Description Source"] == "Topic"
    assert model["Description Topic"]["Value"] == "/stewart_view/robot_description"
    markers = displays["rviz_default_plugins/MarkerArray"]
    assert markers["Topic"]["Value"] == "/actuator_markers"
    assert "rviz_default_plugins/TF" in displays
