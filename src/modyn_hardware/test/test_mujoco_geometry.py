"""MujocoPlant with ``geometry="collision"``: the URDF's collision geometry, meshes resolved.

* The UR5 of example-robot-data: its seven collision STLs (``package://example-robot-data/...``)
  are found through the ament index (``AMENT_PREFIX_PATH``) or a ``mesh_dirs`` entry and loaded
  with the box of ``ee_link``; without either, the seven are dropped with one warning each and
  only the box is left.
* Dynamics unchanged: the same torque sequence gives the same trajectory with and without
  geometry (to 1e-12, RK4 and semi-implicit Euler), the masses are the URDF's (a geom gives
  no inertia), and there is no contact whatever the pose (robot geoms never collide with each
  other).
* A hand-written URDF in tmp_path: a missing mesh used by two links (ONE warning naming the
  file and both links), a tiny binary STL by absolute path, an OBJ relative to the URDF's
  folder (scale kept), a ``file://`` STL, a ``.dae`` (dropped: MuJoCo has no decoder for it),
  an ASCII STL (dropped with MuJoCo's reason: its STL decoder reads binary STL only) and a
  box; a relative mesh in URDF text found only through ``mesh_dirs``; an unknown
  ``geometry`` value.
"""

from __future__ import annotations

import importlib.metadata
import logging
import os
import struct
from pathlib import Path

import numpy as np
import pytest

from modyn_hardware.mujoco_plant import MujocoPlant, mesh_candidates, mujoco_urdf
from modyn_hardware.plant import PlantError
from modyn_model import RobotModel

mujoco = pytest.importorskip("mujoco")

UR5 = "robots/ur_description/urdf/ur5_robot.urdf"
UR5_MESHES = ("base", "shoulder", "upperarm", "forearm", "wrist1", "wrist2", "wrist3")
LOGGER = "modyn_hardware.mujoco_plant"


@pytest.fixture(scope="module")
def erd_prefix() -> Path:
    """The cmeel prefix of the example-robot-data wheel (share/example-robot-data under it)."""
    try:
        prefix = Path(
            importlib.metadata.distribution("example-robot-data").locate_file("cmeel.prefix")
        )
    except importlib.metadata.PackageNotFoundError:
        pytest.skip("example-robot-data is not installed (pip install example-robot-data)")
    if not (prefix / "share/example-robot-data" / UR5).is_file():
        pytest.skip(f"example-robot-data in {prefix} has no {UR5}")
    return prefix


@pytest.fixture
def no_erd_in_ament(monkeypatch, erd_prefix):
    """AMENT_PREFIX_PATH without example-robot-data's prefix (whatever the shell had)."""
    kept = [
        p
        for p in os.environ.get("AMENT_PREFIX_PATH", "").split(os.pathsep)
        if p and not Path(p, "share/example-robot-data").is_dir()
    ]
    monkeypatch.setenv("AMENT_PREFIX_PATH", os.pathsep.join(kept))


def _mesh_geoms(m) -> int:
    return int(np.count_nonzero(m.geom_type == mujoco.mjtGeom.mjGEOM_MESH))


def _ur5(erd_prefix) -> tuple[RobotModel, Path]:
    path = erd_prefix / "share/example-robot-data" / UR5
    return RobotModel.from_urdf(path), path


# ---------------------------------------------------------------------- the UR5
def test_ur5_meshes_found_through_the_ament_index(erd_prefix, no_erd_in_ament, monkeypatch, caplog):
    model, path = _ur5(erd_prefix)
    monkeypatch.setenv(
        "AMENT_PREFIX_PATH", os.environ["AMENT_PREFIX_PATH"] + os.pathsep + str(erd_prefix)
    )
    with caplog.at_level(logging.WARNING, logger=LOGGER):
        plant = MujocoPlant(model, path, geometry="collision")
    m = plant.mj_model
    assert not caplog.records, caplog.text
    assert not any("dropped" in note for note in plant.notes)
    # 8 <collision>: a mesh on each of the 7 moving-chain links and a box on ee_link
    assert m.ngeom == 8 and _mesh_geoms(m) == 7 and m.nmesh == 7
    assert sorted(m.mesh(i).name for i in range(m.nmesh)) == sorted(UR5_MESHES)
    assert np.count_nonzero(m.geom_type == mujoco.mjtGeom.mjGEOM_BOX) == 1
    assert m.mesh_vertnum.min() > 0
    assert any("8 <collision> geometries kept (1 primitives, 7 meshes" in n for n in plant.notes)
    share = erd_prefix / "share/example-robot-data"
    assert mesh_candidates("package://example-robot-data/robots/x.stl", None, []) == [
        share / "robots/x.stl"
    ]
    # robot geoms: contype 0 (never hit each other), conaffinity 1 (hit by environment geoms)
    assert not m.geom_contype.any() and (m.geom_conaffinity == 1).all()


def test_ur5_meshes_found_through_mesh_dirs(erd_prefix, no_erd_in_ament, caplog):
    model, path = _ur5(erd_prefix)
    # <dir>/<package>/<path> with dir = the share directory holding the package
    with caplog.at_level(logging.WARNING, logger=LOGGER):
        plant = MujocoPlant(
            model, path.read_text(), geometry="collision", mesh_dirs=[erd_prefix / "share"]
        )
    assert not caplog.records, caplog.text
    assert plant.mj_model.ngeom == 8 and _mesh_geoms(plant.mj_model) == 7


def test_ur5_without_its_package_drops_each_mesh_with_one_warning(
    erd_prefix, no_erd_in_ament, caplog
):
    model, path = _ur5(erd_prefix)
    with caplog.at_level(logging.WARNING, logger=LOGGER):
        plant = MujocoPlant(model, path, geometry="collision")
    m = plant.mj_model
    assert m.ngeom == 1 and m.geom_type[0] == mujoco.mjtGeom.mjGEOM_BOX and m.nmesh == 0
    assert len(caplog.records) == 7
    links = ("base_link", "shoulder_link", "upper_arm_link", "forearm_link")
    links += ("wrist_1_link", "wrist_2_link", "wrist_3_link")
    for name, link in zip(UR5_MESHES, links, strict=True):
        (record,) = [r for r in caplog.records if f"collision/{name}.stl'" in r.getMessage()]
        assert f"['{link}']" in record.getMessage() and "not found" in record.getMessage()
    assert sum("dropped" in note for note in plant.notes) == 7


@pytest.mark.parametrize("integrator", ["rk4", "semi_implicit_euler"])
def test_ur5_dynamics_unchanged_by_geometry(erd_prefix, integrator):
    model, path = _ur5(erd_prefix)
    share = erd_prefix / "share"
    q0 = np.array([0.3, -1.2, 1.5, -0.4, 1.1, 0.2])
    bare = MujocoPlant(model, path, integrator, q0, friction=False)
    geom = MujocoPlant(
        model, path, integrator, q0, friction=False, geometry="collision", mesh_dirs=[share]
    )
    assert bare.mj_model.ngeom == 0 and geom.mj_model.ngeom == 8
    # the geoms add no inertia: every body keeps the URDF's mass and inertia
    np.testing.assert_array_equal(geom.mj_model.body_mass, bare.mj_model.body_mass)
    np.testing.assert_array_equal(geom.mj_model.body_inertia, bare.mj_model.body_inertia)
    # the control: the same geoms with MuJoCo's default contype 1, i.e. self-collision on
    touching = MujocoPlant(
        model, path, integrator, q0, friction=False, geometry="collision", mesh_dirs=[share]
    )
    touching.mj_model.geom_contype[:] = 1
    # same torque sequence (gravity at q0 plus sinusoids, held 4 steps, 2 s): large motions
    # that fold the arm onto itself, so self-contacts would act if they were enabled
    rng = np.random.default_rng(3)
    amplitude = rng.uniform(0.5, 1.0, 6) * [20.0, 20.0, 10.0, 1.0, 1.0, 0.2]
    omega = rng.uniform(2.0, 8.0, 6)
    gravity = model.gravity(q0)
    contacts = self_contacts = 0
    for k in range(2000):
        tau = gravity + amplitude * np.sin(omega * 4e-3 * (k // 4))
        for plant in (bare, geom, touching):
            plant.write(tau)
            plant.step(1e-3)
        contacts += geom.mj_data.ncon
        self_contacts += touching.mj_data.ncon
    a, b, c = bare.read(), geom.read(), touching.read()
    assert np.max(np.abs(a.position - q0)) > 1.0  # the arm really moved
    # the motion does run the links into each other (measured: thousands of contact-steps,
    # and a different trajectory), but with the plant's contype 0 there is no contact at all
    assert self_contacts > 100 and np.max(np.abs(c.position - a.position)) > 0.1
    assert contacts == 0
    np.testing.assert_allclose(b.position, a.position, rtol=0, atol=1e-12)
    np.testing.assert_allclose(b.velocity, a.velocity, rtol=0, atol=1e-12)


def test_ur5_no_contact_even_where_links_overlap(erd_prefix):
    model, path = _ur5(erd_prefix)
    plant = MujocoPlant(model, path, geometry="collision", mesh_dirs=[erd_prefix / "share"])
    m, d = plant.mj_model, plant.mj_data
    # the elbow folded back by ~π: the wrists sink into the shoulder and the upper arm (MuJoCo
    # already skips parent/child pairs such as upper arm / forearm)
    plant.reset([0.0, -1.0, 3.1, 0.0, 0.0, 0.0])
    mujoco.mj_forward(m, d)
    assert d.ncon == 0
    # with the default contype of 1 (the check is real), MuJoCo would find contacts there
    m.geom_contype[:] = 1
    mujoco.mj_forward(m, d)
    assert d.ncon > 0


# ---------------------------------------------------------------------- a URDF in tmp_path
#: one triangle-faced tetrahedron (10 cm edges along the axes)
_TETRA = np.array([[0.0, 0.0, 0.0], [0.1, 0.0, 0.0], [0.0, 0.1, 0.0], [0.0, 0.0, 0.1]])
_FACES = ((0, 2, 1), (0, 1, 3), (0, 3, 2), (1, 2, 3))


def _write_stl(path: Path) -> Path:
    """Binary STL: 80-byte header, uint32 count, per face 12 float32 (normal, 3 vertices) and
    a uint16 attribute (little-endian)."""
    facets = [struct.pack("<80sI", b"tetra", len(_FACES))]
    for face in _FACES:
        a, b, c = _TETRA[list(face)]
        n = np.cross(b - a, c - a)
        facets.append(struct.pack("<12fH", *(n / np.linalg.norm(n)), *a, *b, *c, 0))
    path.write_bytes(b"".join(facets))
    return path


def _write_ascii_stl(path: Path) -> Path:
    """The same tetrahedron as ASCII STL (which MuJoCo's STL decoder does not read)."""
    lines = ["solid tetra"]
    for face in _FACES:
        a, b, c = _TETRA[list(face)]
        n = np.cross(b - a, c - a)
        lines.append("  facet normal {:g} {:g} {:g}".format(*(n / np.linalg.norm(n))))
        lines.append("    outer loop")
        lines += ["      vertex {:g} {:g} {:g}".format(*v) for v in (a, b, c)]
        lines += ["    endloop", "  endfacet"]
    path.write_text("\n".join([*lines, "endsolid tetra", ""]))
    return path


def _write_obj(path: Path) -> Path:
    vertices = [f"v {x:g} {y:g} {z:g}" for x, y, z in _TETRA]
    faces = [f"f {a + 1} {b + 1} {c + 1}" for a, b, c in _FACES]
    path.write_text("\n".join(vertices + faces) + "\n")
    return path


def _link(name: str, *collisions: str) -> str:
    body = "".join(f"<collision><geometry>{g}</geometry></collision>" for g in collisions)
    return f"""  <link name="{name}">
    <inertial><mass value="1"/>
      <inertia ixx="0.01" ixy="0" ixz="0" iyy="0.01" iyz="0" izz="0.01"/></inertial>
    {body}
  </link>
"""


def _chain(links: list[str]) -> str:
    joints = "".join(
        f"""  <joint name="j{i}" type="revolute"><parent link="l{i - 1}"/><child link="l{i}"/>
    <origin xyz="0.2 0 0"/><axis xyz="0 1 0"/></joint>
"""
        for i in range(1, len(links))
    )
    return '<robot name="meshes">\n' + "".join(links) + joints + "</robot>\n"


def test_missing_and_unreadable_meshes_dropped_others_loaded(tmp_path, caplog):
    stl = _write_stl(tmp_path / "tetra.stl")
    (tmp_path / "meshes").mkdir()
    _write_obj(tmp_path / "meshes" / "tetra_obj.obj")
    (tmp_path / "part.dae").write_text("<COLLADA/>")  # exists, but MuJoCo has no decoder for it
    _write_ascii_stl(tmp_path / "broken.stl")
    missing = str(tmp_path / "nowhere" / "missing.stl")
    mesh = '<mesh filename="{}"{}/>'.format
    xml = _chain(
        [
            _link("l0", mesh(missing, ""), '<box size="0.1 0.2 0.3"/>'),
            _link("l1", mesh(stl, ""), mesh("meshes/tetra_obj.obj", ' scale="2 2 2"')),
            _link("l2", mesh(missing, ""), mesh(tmp_path / "part.dae", "")),
            _link("l3", mesh(f"file://{stl}", ""), mesh("broken.stl", "")),
        ]
    )
    urdf = tmp_path / "robot.urdf"
    urdf.write_text(xml)
    model = RobotModel.from_urdf(urdf)
    with caplog.at_level(logging.WARNING, logger=LOGGER):
        plant = MujocoPlant(model, urdf, geometry="collision")
    m = plant.mj_model
    warnings = [r.getMessage() for r in caplog.records]
    assert len(warnings) == 3, warnings
    # one warning for the missing file, naming it and both links that use it
    (gone,) = [w for w in warnings if "missing.stl" in w]
    assert missing in gone and "['l0', 'l2']" in gone and "not found" in gone
    (dae,) = [w for w in warnings if "part.dae" in w]
    assert "['l2']" in dae and "MuJoCo cannot read" in dae and "decoder" in dae
    (broken,) = [w for w in warnings if "broken.stl" in w]
    assert "['l3']" in broken and "MuJoCo cannot read" in broken and "ASCII" in broken
    assert sum("dropped" in note for note in plant.notes) == 3
    # kept: the box, the STL twice (absolute and file://, one mesh asset), the scaled OBJ
    assert m.ngeom == 4 and _mesh_geoms(m) == 3 and m.nmesh == 2
    geoms_of = {
        mujoco.mj_id2name(m, mujoco.mjtObj.mjOBJ_BODY, b): int(np.sum(m.geom_bodyid == b))
        for b in range(1, m.nbody)
    }
    assert geoms_of == {"l0": 1, "l1": 2, "l2": 0, "l3": 1}
    by_name = {m.mesh(i).name: i for i in range(m.nmesh)}
    np.testing.assert_array_equal(m.mesh_scale[by_name["tetra_obj"]], [2.0, 2.0, 2.0])
    np.testing.assert_array_equal(m.mesh_scale[by_name["tetra"]], [1.0, 1.0, 1.0])
    assert m.mesh_vertnum[by_name["tetra"]] == 4
    # geoms give no mass: the four bodies keep the URDF's 1 kg
    np.testing.assert_array_equal(m.body_mass[1:], 1.0)


def test_relative_mesh_of_an_xml_string_needs_mesh_dirs(tmp_path, caplog):
    _write_stl(tmp_path / "tetra.stl")
    xml = _chain([_link("l0"), _link("l1", '<mesh filename="tetra.stl"/>')])
    model = RobotModel.from_urdf(xml)
    with caplog.at_level(logging.WARNING, logger=LOGGER):
        plant = MujocoPlant(model, xml, geometry="collision")  # no folder to look in
    assert plant.mj_model.ngeom == 0 and len(caplog.records) == 1
    assert "'tetra.stl' of link(s) ['l1'] dropped: not found" in caplog.records[0].getMessage()
    caplog.clear()
    with caplog.at_level(logging.WARNING, logger=LOGGER):
        plant = MujocoPlant(model, xml, geometry="collision", mesh_dirs=[str(tmp_path)])
    assert plant.mj_model.ngeom == 1 and not caplog.records


def test_default_geometry_is_none_and_unknown_values_are_rejected(tmp_path):
    stl = _write_stl(tmp_path / "tetra.stl")
    xml = _chain([_link("l0"), _link("l1", f'<mesh filename="{stl}"/>')])
    model = RobotModel.from_urdf(xml)
    assert MujocoPlant(model, xml).mj_model.ngeom == 0
    text, _ = mujoco_urdf(xml, model)
    assert "<collision" not in text
    with pytest.raises(PlantError, match=r"geometry must be one of \['none', 'collision'\].*'all'"):
        MujocoPlant(model, xml, geometry="all")
