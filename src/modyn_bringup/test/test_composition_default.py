"""What ``modyn run`` and ``ros2 launch`` compose when nobody said (issue 29: the fast default).

modyn_bringup.system.default_composition on every system of config/systems (the loop, or the
file's own ``composed:``), and launch/system.launch.py's node list built by the file's own
function with launch's classes replaced by recorders (launch and launch_ros are not installable
here; the launch test runs the file for real on a ROS machine): the loop as one
``python -m modyn_bringup.composed`` process whose manifest names the two nodes with the
parameter files a separate process gets, ``composed:=false`` every node its own, ``true`` one
process for all but the recorder, a bad name refused naming the nodes.
"""

from __future__ import annotations

import importlib.util
import sys
import types
from pathlib import Path

import pytest
import yaml

from modyn_bringup.dds import PROFILE_ENV, profile_path
from modyn_bringup.system import BringupError, default_composition, load_system

pytestmark = pytest.mark.unit

ROOT = Path(__file__).resolve().parents[3]
SYSTEMS = sorted(p.stem for p in (ROOT / "config" / "systems").glob("*.yaml"))
LOOP = ("hardware_interface", "feedback_controller")


@pytest.mark.parametrize("name", SYSTEMS)
def test_every_system_composes_its_loop_unless_its_file_says(name):
    spec = load_system(name)
    data = yaml.safe_load((ROOT / "config" / "systems" / f"{name}.yaml").read_text())
    chosen = default_composition(spec)
    if "composed" in data:
        assert spec.composed_given and chosen == spec.composed
        return
    kinds = {(n.package, n.executable): n.name for n in spec.nodes}
    assert chosen == (
        kinds[("modyn_hardware", "hardware_interface")],
        kinds[("modyn_control", "feedback_controller")],
    ), (name, chosen)


def test_a_system_without_a_controller_is_not_composed(tmp_path):
    data = yaml.safe_load((ROOT / "config" / "systems" / "planar_2r_sim.yaml").read_text())
    data["nodes"] = [n for n in data["nodes"] if n["executable"] != "feedback_controller"]
    system = tmp_path / "no_controller.yaml"
    system.write_text(yaml.safe_dump(data))
    assert default_composition(load_system(system)) is False


class _Recorded:
    """A launch action's constructor arguments."""

    def __init__(self, *args, **kwargs):
        self.args, self.kwargs = args, kwargs


@pytest.fixture
def launch_dir(tmp_path, monkeypatch):
    """The launch file's parameter files and manifest in this test's directory."""
    import tempfile

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    return tmp_path


def _launch_file(monkeypatch, values: dict):
    """launch/system.launch.py loaded with launch's classes replaced by recorders, and
    LaunchConfiguration(name).perform() answering ``values``."""

    class LaunchConfiguration:
        def __init__(self, name):
            self.name = name

        def perform(self, _context):
            return values.get(self.name, {"overrides": "", "composed": "default"}.get(self.name))

    modules = {
        "launch": types.ModuleType("launch"),
        "launch.actions": types.ModuleType("launch.actions"),
        "launch.substitutions": types.ModuleType("launch.substitutions"),
        "launch_ros": types.ModuleType("launch_ros"),
        "launch_ros.actions": types.ModuleType("launch_ros.actions"),
    }
    modules["launch"].LaunchDescription = _Recorded
    for name in (
        "DeclareLaunchArgument",
        "ExecuteProcess",
        "OpaqueFunction",
        "SetEnvironmentVariable",
    ):
        setattr(modules["launch.actions"], name, type(name, (_Recorded,), {}))
    modules["launch.substitutions"].LaunchConfiguration = LaunchConfiguration
    modules["launch_ros.actions"].Node = type("Node", (_Recorded,), {})
    for name, module in modules.items():
        monkeypatch.setitem(sys.modules, name, module)
    spec = importlib.util.spec_from_file_location(
        "system_launch", ROOT / "launch" / "system.launch.py"
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _split(actions):
    nodes = [a.kwargs["name"] for a in actions if type(a).__name__ == "Node"]
    processes = [a for a in actions if type(a).__name__ == "ExecuteProcess"]
    return nodes, processes


def test_the_launch_file_composes_the_loop_by_default(monkeypatch, launch_dir):
    launch = _launch_file(monkeypatch, {"system": "rx90_sim"})
    setting, *declared, _nodes = launch.generate_launch_description().args[0]
    assert [a.args[0] for a in declared] == ["system", "overrides", "composed"]
    # the nodes' Fast DDS profile (modyn_bringup.dds), the user's own when one is named
    assert type(setting).__name__ == "SetEnvironmentVariable" and setting.args[0] == PROFILE_ENV
    monkeypatch.setenv(PROFILE_ENV, "/home/me/my_profile.xml")
    assert launch.generate_launch_description().args[0][0].args == (
        PROFILE_ENV,
        "/home/me/my_profile.xml",
    )
    monkeypatch.delenv(PROFILE_ENV)
    assert launch.generate_launch_description().args[0][0].args == (
        PROFILE_ENV,
        str(profile_path()),
    )
    nodes, processes = _split(launch._nodes(None))
    assert sorted(nodes) == ["inverse_dynamics_feedforward", "trajectory_generator"]
    assert len(processes) == 1
    command = processes[0].kwargs["cmd"]
    assert command[:3] == [sys.executable, "-m", "modyn_bringup.composed"]
    assert Path(command[3]).parent.parent == launch_dir
    manifest = yaml.safe_load(Path(command[3]).read_text())
    assert [n["name"] for n in manifest["nodes"]] == list(LOOP)
    spec = load_system("rx90_sim")
    for entry in manifest["nodes"]:
        params = yaml.safe_load(Path(entry["params_file"]).read_text())
        # the parameters a separate process of the node gets
        assert params == {
            "/**": {"ros__parameters": spec.node_parameters(spec.node(entry["name"]))}
        }


def test_the_launch_file_composed_false_true_and_a_bad_name(monkeypatch, launch_dir):
    launch = _launch_file(monkeypatch, {"system": "rx90_sim", "composed": "false"})
    nodes, processes = _split(launch._nodes(None))
    assert len(nodes) == 4 and not processes
    launch = _launch_file(monkeypatch, {"system": "rx90_sim", "composed": "true"})
    nodes, processes = _split(launch._nodes(None))
    assert not nodes and len(processes) == 1
    manifest = yaml.safe_load(Path(processes[0].kwargs["cmd"][3]).read_text())
    assert len(manifest["nodes"]) == 4
    launch = _launch_file(monkeypatch, {"system": "rx90_sim", "composed": "hardware_interface,x"})
    with pytest.raises(BringupError, match=r"no node named \['x'\]"):
        launch._nodes(None)
    # names as a user types them
    launch = _launch_file(
        monkeypatch,
        {"system": "rx90_sim", "composed": "hardware_interface, trajectory_generator,"},
    )
    nodes, processes = _split(launch._nodes(None))
    assert sorted(nodes) == ["feedback_controller", "inverse_dynamics_feedforward"]
    # a node that cannot run composed is refused before any process is described
    launch = _launch_file(monkeypatch, {"system": "rx90_ros2_control_fake", "composed": "true"})
    with pytest.raises(BringupError, match="'fake_ros2_control' .* cannot run composed"):
        launch._nodes(None)
    # the file's own choice: the ros2_control bridge keeps every node in its own process
    launch = _launch_file(monkeypatch, {"system": "rx90_ros2_control_fake"})
    nodes, processes = _split(launch._nodes(None))
    assert len(nodes) == 5 and not processes


def test_the_command_line_layout():
    """runner.choose_composition: modyn run's default, --separate, --composed, the file's own
    choice; modyn_system keeps the file as written."""
    from modyn_bringup.runner import choose_composition

    spec = load_system("rx90_sim")
    composed, said = choose_composition(spec, False, False, compose_loop=True)
    assert composed == LOOP
    assert said == (
        "modyn run: hardware_interface + feedback_controller in one process (the loop "
        "composed; --separate: every node in its own)"
    )
    assert choose_composition(spec, False, True, compose_loop=True) == (False, "")
    assert choose_composition(spec, True, False, compose_loop=True) == (True, "")
    assert choose_composition(spec, " trajectory_generator,hardware_interface ", False, True) == (
        ("trajectory_generator", "hardware_interface"),
        "",
    )
    assert choose_composition(spec, False, False, compose_loop=False) == (False, "")
    with pytest.raises(BringupError, match="--separate and --composed"):
        choose_composition(spec, True, True, compose_loop=True)
    with pytest.raises(BringupError, match=r"no node named \['bogus'\]"):
        choose_composition(spec, "hardware_interface,bogus", False, True)
    # a loop node skipped (--skip): nothing to compose
    spec.nodes = [n for n in spec.nodes if n.name != "feedback_controller"]
    assert choose_composition(spec, False, False, compose_loop=True) == (False, "")
    # the file says: its choice, said by nobody
    bridge = load_system("rx90_ros2_control_fake")
    assert bridge.composed_given and choose_composition(bridge, False, False, True) == (False, "")
