"""modyn_model.load_model: every source form, the kind registry, the entry-point group and the
errors (issue 13).

Every form of the same robot must give the same model as its constructor (same mass matrix and
inverse dynamics at a state, same names): URDF path, URDF XML, xacro with arguments, the shipped
modified-DH table by name, an MDH file, and a mechanism file (file, YAML text, mapping) of kind
``urdf``, ``xacro`` or ``mdh`` with its relative paths resolved from the file's directory. A kind
comes from :func:`register_mechanism` or from an installed distribution's entry point in
``modyn.mechanisms`` (here a distribution written on a temporary ``sys.path`` entry, found by
:mod:`importlib.metadata` exactly as an installed package). Every bad input raises
:class:`DescriptionError` naming the file and the field.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import numpy as np
import pytest
import yaml

import modyn_model
from modyn_model import (
    DescriptionError,
    RobotModel,
    load_model,
    mechanism_kinds,
    register_mechanism,
)
from modyn_model import factory as factory_module

REPO = Path(__file__).resolve().parents[3]
PLANAR = REPO / "urdf/planar_2r.urdf.xacro"
RX90_TABLE = Path(modyn_model.__file__).parent / "data/rx90.yaml"
UR5 = "ur_description/urdf/ur5_robot.urdf"


def same(a, b) -> None:
    """``a`` and ``b`` are the same robot: names, A(q) and Γ(q, v, a) at a state."""
    assert type(a) is type(b)
    assert a.coordinate_names == b.coordinate_names
    assert a.actuator_names == b.actuator_names
    rng = np.random.default_rng(1)
    q, v, acc = (rng.uniform(-1, 1, a.nq) for _ in range(3))
    np.testing.assert_array_equal(a.mass_matrix(q), b.mass_matrix(q))
    np.testing.assert_array_equal(a.inverse_dynamics(q, v, acc), b.inverse_dynamics(q, v, acc))
    np.testing.assert_array_equal(a.gravity_vector, b.gravity_vector)


@pytest.fixture(scope="module")
def planar_dir(tmp_path_factory) -> Path:
    """A directory with the planar arm's xacro, its expanded URDF and an extras file."""
    from modyn_model.urdf import expand_xacro

    d = tmp_path_factory.mktemp("robots")
    shutil.copy(PLANAR, d / "planar_2r.urdf.xacro")
    (d / "planar.urdf").write_text(expand_xacro(PLANAR, {"l1": "0.6"}))
    (d / "extras.yaml").write_text(yaml.safe_dump({"joints": {"joint2": {"viscous": 0.3}}}))
    shutil.copy(RX90_TABLE, d / "rx90_table.yaml")
    return d


# ------------------------------------------------------------------------ source forms
def test_urdf_path_and_xml(planar_dir, erd_path):
    ref = RobotModel.from_urdf(planar_dir / "planar.urdf")
    same(load_model(planar_dir / "planar.urdf"), ref)
    same(load_model(str(planar_dir / "planar.urdf")), ref)
    same(load_model((planar_dir / "planar.urdf").read_text()), ref)
    # the tree options reach the URDF loader
    ur5 = erd_path(UR5)
    same(
        load_model(ur5, tip="wrist_2_link", gravity=(0, 0, -1.62)),
        RobotModel.from_urdf(ur5, tip="wrist_2_link", gravity=(0, 0, -1.62)),
    )
    model = load_model(planar_dir / "planar.urdf", extras=planar_dir / "extras.yaml")
    np.testing.assert_array_equal(model.viscous, [0.0, 0.3])
    assert load_model(ur5, locked_joints=["wrist_3_joint"]).nq == 5


def test_xacro_with_arguments(planar_dir):
    model = load_model(planar_dir / "planar_2r.urdf.xacro", xacro_args={"l1": "0.6"})
    same(model, RobotModel.from_xacro(PLANAR, l1="0.6"))
    np.testing.assert_allclose(model.frame_placement([0, 0], "link2")[:3, 3], [0.6, 0, 0])


def test_mdh_by_name_and_file(planar_dir):
    ref = RobotModel.from_mdh("rx90")
    same(load_model("rx90"), ref)
    same(load_model(planar_dir / "rx90_table.yaml"), ref)
    same(load_model(yaml.safe_load(RX90_TABLE.read_text())), ref)  # a table as a mapping
    moon = load_model("rx90", gravity=(0, 0, -1.62))
    np.testing.assert_array_equal(moon.gravity_vector, [0, 0, -1.62])


@pytest.mark.parametrize("form", ["file", "text", "mapping"])
def test_mechanism_file_of_each_builtin_kind(planar_dir, form, monkeypatch):
    descriptions = {
        "urdf": (
            {"kind": "urdf", "file": "planar.urdf", "extras": "extras.yaml"},
            RobotModel.from_urdf(planar_dir / "planar.urdf", extras=planar_dir / "extras.yaml"),
        ),
        "urdf_xml": (
            {"kind": "urdf", "xml": (planar_dir / "planar.urdf").read_text(), "tip": "link1"},
            RobotModel.from_urdf(planar_dir / "planar.urdf", tip="link1"),
        ),
        "xacro": (
            {"kind": "xacro", "file": "planar_2r.urdf.xacro", "args": {"l1": 0.6, "m2": 3}},
            RobotModel.from_xacro(PLANAR, l1="0.6", m2="3"),
        ),
        "mdh_file": (
            {"kind": "mdh", "file": "rx90_table.yaml", "gravity": [0, 0, -3.0]},
            RobotModel.from_mdh("rx90", gravity=(0, 0, -3.0)),
        ),
        "mdh_inline": (
            {"kind": "mdh", **yaml.safe_load(RX90_TABLE.read_text())},
            RobotModel.from_mdh("rx90"),
        ),
    }
    for name, (d, ref) in descriptions.items():
        if form == "file":
            path = planar_dir / f"{name}.yaml"
            path.write_text(yaml.safe_dump(d))
            model = load_model(path)  # relative paths from the file's directory
            assert model.source != "" and name in str(path)
        elif form == "text":
            model = load_model(yaml.safe_dump(d), base_dir=planar_dir)
        else:
            monkeypatch.chdir(planar_dir)  # a mapping's relative paths: the working directory
            model = load_model(d)
        same(model, ref)


# ------------------------------------------------------------------------ the registry
def test_register_mechanism_in_process(planar_dir):
    calls = []

    def loader(d, *, source, base_dir=None):
        calls.append((dict(d), source, base_dir))
        return RobotModel.from_xacro(base_dir / d["xacro"])

    register_mechanism("test_inprocess_arm", loader)
    try:
        assert "test_inprocess_arm" in mechanism_kinds()
        assert {"urdf", "xacro", "mdh"} <= set(mechanism_kinds())
        path = planar_dir / "inprocess.yaml"
        path.write_text("kind: test_inprocess_arm\nxacro: planar_2r.urdf.xacro\n")
        same(load_model(path), RobotModel.from_xacro(PLANAR))
        assert calls == [
            ({"kind": "test_inprocess_arm", "xacro": "planar_2r.urdf.xacro"}, str(path), planar_dir)
        ]
        # registering the same kind again with another loader is refused, unless replace=True
        with pytest.raises(DescriptionError, match="'test_inprocess_arm' is already registered"):
            register_mechanism("test_inprocess_arm", lambda d, **k: None)
        register_mechanism("test_inprocess_arm", loader)  # the same loader: no-op
    finally:
        factory_module._REGISTRY.pop("test_inprocess_arm", None)
    with pytest.raises(DescriptionError, match="not callable"):
        register_mechanism("test_not_callable", 3)
    with pytest.raises(DescriptionError, match="non-empty string"):
        register_mechanism("", loader)
    with pytest.raises(DescriptionError, match="'xacro' is built in and cannot be replaced"):
        register_mechanism("xacro", loader, replace=True)


def _distribution(root: Path, dist: str, module: str, entry_points: str, code: str) -> None:
    """An installed distribution as pip leaves it: ``<dist>.dist-info`` (METADATA,
    entry_points.txt) and the module, both in ``root`` (a sys.path entry)."""
    info = root / f"{dist}-0.1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {dist}\nVersion: 0.1.0\n")
    (info / "entry_points.txt").write_text(f"[modyn.mechanisms]\n{entry_points}\n")
    (root / f"{module}.py").write_text(code)


def test_a_kind_from_an_installed_distribution(tmp_path, monkeypatch):
    _distribution(
        tmp_path,
        "modyn_test_plugin",
        "modyn_test_plugin",
        "test_plugin_rx90 = modyn_test_plugin:load\n"
        "test_plugin_broken = modyn_test_plugin_missing:load\n"
        "test_plugin_partial = modyn_test_plugin:partial\n"
        "test_plugin_buggy = modyn_test_plugin:buggy",
        "from modyn_model import RobotModel\n\n"
        "def load(d, *, source, base_dir=None):\n"
        "    return RobotModel.from_mdh('rx90', gravity=d.get('gravity'))\n\n"
        "class Partial:\n"
        "    name = 'partial'\n"
        "    nq = nv = nu = 1\n\n"
        "def partial(d, *, source, base_dir=None):\n"
        "    return Partial()\n\n"
        "def buggy(d, *, source, base_dir=None):\n"
        "    return d['links']\n",
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    kinds = mechanism_kinds()
    assert {"test_plugin_rx90", "test_plugin_broken", "test_plugin_partial"} <= set(kinds)
    try:
        model = load_model({"kind": "test_plugin_rx90", "gravity": [0, 0, -2.0]})
        same(model, RobotModel.from_mdh("rx90", gravity=(0, 0, -2.0)))
        with pytest.raises(
            DescriptionError,
            match=r"<text>: mechanism kind 'test_plugin_broken' \(modyn_test_plugin_missing:load\)"
            r" could not be imported: No module named 'modyn_test_plugin_missing'",
        ):
            load_model("kind: test_plugin_broken\n")
        # a loader that returns an object missing members of the contract: named
        with pytest.raises(
            DescriptionError,
            match=r"kind 'test_plugin_partial' built a Partial that lacks \['source', "
            r"'coordinate_names'.*'frame_motion'\] of the mechanism contract",
        ):
            load_model({"kind": "test_plugin_partial"})
        # a loader that fails on an unchecked field: the file and the kind are named
        path = tmp_path / "buggy.yaml"
        path.write_text("kind: test_plugin_buggy\n")
        with pytest.raises(
            DescriptionError,
            match=r"buggy.yaml: mechanism kind 'test_plugin_buggy' could not build its model: "
            r"KeyError: 'links'",
        ):
            load_model(path)
    finally:
        for kind in ("test_plugin_rx90", "test_plugin_partial", "test_plugin_buggy"):
            factory_module._REGISTRY.pop(kind, None)
        sys.modules.pop("modyn_test_plugin", None)


# ------------------------------------------------------------------------ errors
@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("kind: gimbal\n", r"{f}: unknown mechanism kind 'gimbal'; known kinds: \[.*'mdh'.*"
         r"'urdf', 'xacro'.*\] \(a package adds one through the entry-point group "
         r"'modyn.mechanisms'\)"),
        ("name: arm\nlinks: []\n", r"{f}: a mechanism description needs a 'kind:' field \(one of"
         r" .*\), or 'frames:' for a modified-DH table; got fields \['links', 'name'\]"),
        ("kind: [urdf\n", r"{f}: not valid YAML"),
        ("- kind: urdf\n", r"{f}: a description must be a YAML mapping"),
        ("kind: 3\n", r"{f}: field 'kind' must be a string, got 3"),
        ("kind: urdf\nfile: a.urdf\nxml: '<robot/>'\n",
         r"{f}: kind 'urdf' needs exactly one of 'file' or 'xml'"),
        ("kind: urdf\nfile: a.urdf\ntips: x\n",
         r"{f}: kind 'urdf': unknown field\(s\) \['tips'\]; allowed: \["),
        ("kind: xacro\nfile: a.xacro\nargs: [1, 2]\n", r"{f}: field 'args' must be a mapping"),
        ("kind: xacro\nargs: {}\n", r"{f}: field 'file' must be a file path, got None"),
        ("kind: mdh\nfile: t.yaml\nextras: e.yaml\n", r"{f}: kind 'mdh': unknown field\(s\) "
         r"\['extras'\]"),
    ],
)  # fmt: skip
def test_bad_mechanism_files_are_named(tmp_path, content, message):
    path = tmp_path / "robot.yaml"
    path.write_text(content)
    with pytest.raises(DescriptionError, match=message.format(f=r".*robot\.yaml")):
        load_model(path)


def test_missing_files_and_misplaced_options(tmp_path, planar_dir):
    with pytest.raises(DescriptionError, match=r"robots/arm.urdf: no such file"):
        load_model("robots/arm.urdf")
    with pytest.raises(DescriptionError, match="no robot description given"):
        load_model("  ")
    with pytest.raises(
        DescriptionError, match=r"rx91: no such file, and not a shipped modified-DH table \['rx90'"
    ):
        load_model("rx91")
    # one line of YAML is a description, not a table name: its missing kind is named
    with pytest.raises(DescriptionError, match=r"<text>: a mechanism description needs a 'kind:'"):
        load_model("name: toy")
    missing = tmp_path / "m.yaml"
    missing.write_text("kind: urdf\nfile: nowhere.urdf\n")
    with pytest.raises(DescriptionError, match="nowhere.urdf"):
        load_model(missing)
    # tree options belong to URDF/xacro; a mechanism file holds its own
    path = planar_dir / "with_options.yaml"
    path.write_text("kind: urdf\nfile: planar.urdf\n")
    for options, named in (
        ({"extras": planar_dir / "extras.yaml"}, "extras"),
        ({"root": "link1"}, "root"),
        ({"tip": "link2"}, "tip"),
        ({"locked_joints": ["joint2"]}, "locked_joints"),
        ({"xacro_args": {"l1": "1"}}, "xacro_args"),
    ):
        with pytest.raises(
            DescriptionError, match=rf"with_options.yaml: options \['{named}'\] apply to URDF"
        ):
            load_model(path, **options)
        with pytest.raises(DescriptionError, match=rf"<mapping>: options \['{named}'\]"):
            load_model({"kind": "urdf", "file": str(planar_dir / "planar.urdf")}, **options)
    # ... and a modified-DH table holds its extras too (only gravity may be given)
    with pytest.raises(DescriptionError, match=r"rx90: options \['extras'\] apply to URDF"):
        load_model("rx90", extras=planar_dir / "extras.yaml")
    with pytest.raises(DescriptionError, match=r"rx90_table.yaml: options \['tip'\]"):
        load_model(planar_dir / "rx90_table.yaml", tip="link3")
