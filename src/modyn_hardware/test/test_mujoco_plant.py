"""MujocoPlant: MuJoCo's URDF import of the same description is modyn's robot.

* The dynamics MuJoCo builds equal modyn_model's: mass matrix (with rotor inertia as armature)
  and bias forces C q̇ + Q to 1e-10 relative, at random states, on the planar 2R, the RX-90
  with its extras, a branching tree whose MuJoCo joint order differs from modyn's (with fixed
  joints, a locked joint and a mimic joint locked), random trees with prismatic and continuous
  joints, a model cut at a ``root_link`` below a moving joint, and under a tilted gravity.
* Joint extras: armature, damping and dry friction come from the model; viscous damping gives
  the built-in plant's trajectory (same RK4, 1e-9 rad over 1 s); the dry friction slides with
  exactly Fc (q = ½ (τ − Fc)/I t², closed form) and sticks below Fc; Stribeck is reported.
* Joints are mapped by name: a torque on one branch of a tree moves that branch only.
* By default (``geometry="none"``) no geometry is loaded: meshes that do not exist do not
  matter (``geometry="collision"``: test_mujoco_geometry.py).
* In hardware_interface (``plant: mujoco``): the node's joint_states are the plant's own, step
  by step, and ``/clock`` is published.
* Bad input: wrong effort / q0 / dt, an unknown integrator, a description without the model's
  joints, a diverging step (state kept), MuJoCo not installed (a ConfigError for the node).
"""

from __future__ import annotations

import logging
import sys

import numpy as np
import pytest

from modyn_hardware.hardware_interface_node import ConfigError, make_plant, validate_config
from modyn_hardware.mujoco_plant import MujocoPlant, mujoco_urdf
from modyn_hardware.plant import PlantError
from modyn_hardware.simulated import SimulatedPlant
from modyn_model import RobotModel
from modyn_model.random_robot import random_urdf
from modyn_model.urdf import expand_xacro
from modyn_ros.testing import DISC_INERTIA, disc_urdf  # noqa: E402

mujoco = pytest.importorskip("mujoco")

RTOL = 1e-10

INERTIA = DISC_INERTIA
_disc = disc_urdf


def _rod(name: str, mass: float = 1.0) -> str:
    return f"""  <link name="{name}">
    <inertial>
      <origin xyz="0.1 0.02 -0.03" rpy="0.1 0.2 0.3"/>
      <mass value="{mass}"/>
      <inertia ixx="0.02" ixy="0.001" ixz="0.002" iyy="0.03" iyz="0.001" izz="0.025"/>
    </inertial>
  </link>
"""


def _joint(name, parent, child, jtype="revolute", axis="0 0 1", xyz="0.3 0 0", extra=""):
    limit = '<limit lower="-2" upper="2" effort="50" velocity="5"/>' if jtype != "fixed" else ""
    return f"""  <joint name="{name}" type="{jtype}">
    <parent link="{parent}"/>
    <child link="{child}"/>
    <origin xyz="{xyz}" rpy="0.3 -0.2 0.1"/>
    <axis xyz="{axis}"/>
    {limit}{extra}
  </joint>
"""


# Joint names chosen so that modyn's order (depth-first, siblings by name: a_*, then b_*) and
# MuJoCo's (document order of the bodies: b_* first) differ; with a fixed link, a joint that
# the test locks and a mimic joint (that modyn only loads locked).
TREE = (
    '<robot name="tree">\n  <link name="base"/>\n'
    + "".join(_rod(n) for n in ("b1", "b2", "a1", "a2", "flange", "locked_link", "finger"))
    + _joint("b_joint1", "base", "b1", axis="0 1 0")
    + _joint("b_joint2", "b1", "b2", jtype="prismatic", axis="1 0 0")
    + _joint("a_joint1", "base", "a1", jtype="continuous", axis="1 0 0", xyz="0 0.2 0.1")
    + _joint("a_joint2", "a1", "a2", axis="0 0.6 0.8")
    + _joint("a_flange", "a2", "flange", jtype="fixed")
    + _joint("a_locked", "flange", "locked_link", axis="0 0 1")
    + _joint("a_finger", "flange", "finger", jtype="prismatic", extra='<mimic joint="a_joint2"/>')
    + "</robot>\n"
)
TREE_LOCKED = ("a_locked", "a_finger")


def _mj_dynamics(plant: MujocoPlant, q, v) -> tuple[np.ndarray, np.ndarray]:
    """MuJoCo's mass matrix and bias forces at (q, v), in modyn's joint order."""
    plant.reset(q, v)
    m, d = plant.mj_model, plant.mj_data
    mujoco.mj_forward(m, d)
    full = np.zeros((m.nv, m.nv))
    mujoco.mj_fullM(m, d, full)
    dof = plant.dof_index
    return full[np.ix_(dof, dof)], d.qfrc_bias[dof].copy()


def _assert_same_dynamics(model: RobotModel, urdf: str, states: int = 5, seed: int = 0):
    plant = MujocoPlant(model, urdf, friction=False)
    rng = np.random.default_rng(seed)
    for _ in range(states):
        q, v = rng.uniform(-np.pi, np.pi, model.n), rng.uniform(-3.0, 3.0, model.n)
        mass, bias = _mj_dynamics(plant, q, v)
        for ours, theirs, what in (
            (model.mass_matrix(q), mass, "mass matrix"),
            (model.bias_forces(q, v, friction=False), bias, "bias forces"),
        ):
            err = np.max(np.abs(ours - theirs) / np.maximum(1.0, np.abs(ours)))
            assert err <= RTOL, f"{model.name}: {what} differs by {err:.2e} (relative) at q={q}"
    return plant


# ---------------------------------------------------------------------- same dynamics
def test_planar_2r_dynamics(planar_xml, urdf_dir):
    _assert_same_dynamics(RobotModel.from_urdf(planar_xml), planar_xml)
    # the xacro file itself is accepted too (expanded with its default arguments)
    _assert_same_dynamics(RobotModel.from_urdf(planar_xml), urdf_dir / "planar_2r.urdf.xacro")


def test_rx90_dynamics_with_rotor_inertia(rx90_xml, rx90_extras):
    model = RobotModel.from_urdf(rx90_xml, extras=rx90_extras)
    assert model.armature.min() > 0
    plant = _assert_same_dynamics(model, rx90_xml)
    np.testing.assert_array_equal(plant.mj_model.dof_armature[plant.dof_index], model.armature)


def test_tree_with_fixed_locked_and_mimic_joints_mapped_by_name():
    model = RobotModel.from_urdf(TREE, locked_joints=TREE_LOCKED)
    assert model.joint_names == ("a_joint1", "a_joint2", "b_joint1", "b_joint2")
    plant = _assert_same_dynamics(model, TREE)
    # MuJoCo numbers the b-branch first: the mapping is not the identity
    assert plant.dof_index.tolist() == [2, 3, 0, 1]
    assert any("a_finger" in note and "a_locked" in note for note in plant.notes), plant.notes


def test_torque_on_one_branch_moves_only_that_branch():
    model = RobotModel.from_urdf(TREE, locked_joints=TREE_LOCKED).with_gravity([0, 0, 0])
    plant = MujocoPlant(model, TREE, friction=False)
    plant.write([0.0, 0.0, 2.0, 0.0])  # b_joint1 only
    for _ in range(100):
        plant.step(1e-3)
    state = plant.read()
    assert abs(state.position[2]) > 1e-3, state.position
    # the b-branch's own coupling moves b_joint2 too; the a-branch is a separate subtree
    np.testing.assert_array_equal(state.position[:2], [0.0, 0.0])


@pytest.mark.parametrize("seed", range(6))
def test_random_trees(seed):
    xml = random_urdf(seed, n=2 + seed, tree=True, prismatic=True, fixed=True)
    _assert_same_dynamics(RobotModel.from_urdf(xml), xml, states=3, seed=seed)


def test_root_link_below_a_moving_joint():
    # modyn keeps the subtree of the root link and expresses gravity in it: a moving joint
    # above the root (b_joint1) must not tilt MuJoCo's base
    model = RobotModel.from_urdf(TREE, root="b1")
    assert model.joint_names == ("b_joint2",)
    plant = _assert_same_dynamics(model, TREE)
    assert any("outside the subtree" in note for note in plant.notes)


def test_gravity_is_the_models(rx90_xml):
    model = RobotModel.from_urdf(rx90_xml).with_gravity([2.0, -1.0, -9.0])
    plant = MujocoPlant(model, rx90_xml, friction=False)
    np.testing.assert_array_equal(plant.mj_model.opt.gravity, [2.0, -1.0, -9.0])
    q = np.array([0.3, -0.7, 1.1, 0.4, -0.9, 0.2])
    _, bias = _mj_dynamics(plant, q, np.zeros(6))
    np.testing.assert_allclose(bias, model.gravity(q), rtol=RTOL, atol=RTOL)


def test_meshes_are_not_loaded_by_default():
    mesh = '<geometry><mesh filename="package://nowhere/meshes/disc.stl"/></geometry>'
    xml = _disc(extra=f"<visual>{mesh}</visual><collision>{mesh}</collision>")
    model = RobotModel.from_urdf(xml)
    plant = MujocoPlant(model, xml)
    assert plant.mj_model.ngeom == 0
    assert any("2 <visual>/<collision> elements removed" in note for note in plant.notes)
    text, _ = mujoco_urdf(xml, model)
    assert "nowhere" not in text and 'fusestatic="false"' in text


# ---------------------------------------------------------------------- joint extras
def test_extras_become_armature_damping_and_frictionloss(rx90_xml, rx90_extras):
    model = RobotModel.from_urdf(rx90_xml, extras=rx90_extras)
    assert model.viscous.min() > 0 and model.coulomb.min() > 0  # from the URDF's <dynamics>
    plant = MujocoPlant(model, rx90_xml)
    m, dof = plant.mj_model, plant.dof_index
    np.testing.assert_array_equal(m.dof_damping[dof], model.viscous)
    np.testing.assert_array_equal(m.dof_frictionloss[dof], model.coulomb)
    off = MujocoPlant(model, rx90_xml, friction=False).mj_model
    assert not off.dof_damping.any() and not off.dof_frictionloss.any()
    np.testing.assert_array_equal(off.dof_armature[dof], model.armature)


def test_viscous_damping_gives_the_builtin_trajectory(urdf_dir):
    xml = expand_xacro(urdf_dir / "planar_2r.urdf.xacro", {"damping": "0.8"})
    model = RobotModel.from_urdf(xml)
    assert model.viscous.tolist() == [0.8, 0.8] and not model.coulomb.any()
    q0 = [0.4, -0.3]
    ours, theirs = SimulatedPlant(model, "rk4", q0), MujocoPlant(model, xml, "rk4", q0)
    for k in range(1000):
        tau = [3.0 * np.sin(5e-3 * k), 1.0]
        for plant in (ours, theirs):
            plant.write(tau)
            plant.step(1e-3)
    a, b = ours.read(), theirs.read()
    assert np.max(np.abs(a.position - q0)) > 0.1
    np.testing.assert_allclose(b.position, a.position, rtol=0, atol=1e-9)
    np.testing.assert_allclose(b.velocity, a.velocity, rtol=0, atol=1e-8)


@pytest.mark.parametrize("integrator", ["rk4", "semi_implicit_euler"])
def test_dry_friction_slides_with_fc_and_sticks_below(integrator):
    fc = 2.0
    xml = _disc(coulomb=fc)
    model = RobotModel.from_urdf(xml)
    assert model.coulomb.tolist() == [fc]
    plant = MujocoPlant(model, xml, integrator)
    # τ > Fc from rest: the friction force is exactly Fc from the first step, so about the
    # vertical q̈ = (τ − Fc)/I: q = ½ q̈ t², exact for RK4 (a quadratic), plus the known O(dt)
    # term ½ q̈ dt t of semi-implicit Euler (as in test_simulated_plant)
    tau, dt, steps = 5.0, 1e-3, 1000
    plant.write([tau])
    for _ in range(steps):
        plant.step(dt)
    state = plant.read()
    accel = (tau - fc) / INERTIA
    t = steps * dt
    expected = 0.5 * accel * t * (t if integrator == "rk4" else t + dt)
    assert state.velocity[0] == pytest.approx(accel * t, rel=1e-9)
    assert state.position[0] == pytest.approx(expected, rel=1e-9)
    # τ < Fc from rest: the joint sticks, up to the soft constraint's creep (measured 3.6e-5
    # rad in 1 s at 0.9 Fc); modyn's Fc·sign(q̇) would let it accelerate between sign flips
    plant.reset([0.0])
    plant.write([0.9 * fc])
    for _ in range(steps):
        plant.step(dt)
    assert abs(plant.read().position[0]) < 1e-4


def test_stribeck_friction_is_reported(caplog):
    xml = _disc()
    extras = {"joints": {"spin": {"coulomb": 1.0, "static": 1.5, "stribeck_velocity": 0.1}}}
    model = RobotModel.from_urdf(xml, extras=extras)
    with caplog.at_level(logging.WARNING, logger="modyn_hardware.mujoco_plant"):
        plant = MujocoPlant(model, xml)
    assert any("Stribeck" in note and "spin" in note for note in plant.notes)
    assert "Stribeck" in caplog.text
    assert plant.mj_model.dof_frictionloss[0] == 1.0


# ---------------------------------------------------------------------- Plant behaviour
def test_reset_snapshot_and_time(planar_xml):
    model = RobotModel.from_urdf(planar_xml)
    plant = MujocoPlant(model, planar_xml, q0=[0.1, 0.2])
    state = plant.read()
    assert state.position.tolist() == [0.1, 0.2] and state.time == 0.0
    with pytest.raises(ValueError):
        state.position[0] = 1.0  # read-only snapshot
    plant.write([1.0, 2.0])
    plant.step(1e-3)
    plant.step(1e-3)
    assert plant.read().time == pytest.approx(2e-3)
    assert state.position.tolist() == [0.1, 0.2]  # the snapshot did not move with the plant
    plant.reset([0.5, -0.5], [1.0, 2.0])
    after = plant.read()
    assert after.position.tolist() == [0.5, -0.5] and after.velocity.tolist() == [1.0, 2.0]
    assert after.effort.tolist() == [0.0, 0.0] and after.time == pytest.approx(2e-3)
    assert not plant.mj_data.qfrc_applied.any()


def test_bad_input_is_rejected_naming_it(planar_xml, rx90_xml):
    model = RobotModel.from_urdf(planar_xml)
    plant = MujocoPlant(model, planar_xml)
    plant.write([1.0, 2.0])
    with pytest.raises(PlantError, match=r"effort\[1\] \(joint 'joint2'\) is nan"):
        plant.write([0.0, float("nan")])
    with pytest.raises(PlantError, match="effort must have 2 values"):
        plant.write([1.0])
    assert plant.read().effort.tolist() == [1.0, 2.0]
    assert plant.mj_data.qfrc_applied.tolist() == [1.0, 2.0]
    for dt in (0.0, -1e-3, float("inf")):
        with pytest.raises(PlantError, match="dt must be a positive"):
            plant.step(dt)
    with pytest.raises(PlantError, match="q0 must have 2 values"):
        plant.reset([0.0])
    with pytest.raises(PlantError, match="integrator must be one of"):
        MujocoPlant(model, planar_xml, "implicit")
    with pytest.raises(PlantError, match=r"has no joint\(s\) \['joint1', 'joint2'\]"):
        MujocoPlant(model, _disc())
    with pytest.raises(PlantError, match="malformed XML"):
        MujocoPlant(model, "<robot")


def test_without_mujoco_the_node_gets_a_config_error(planar_xml, monkeypatch):
    model = RobotModel.from_urdf(planar_xml)
    monkeypatch.setitem(sys.modules, "mujoco", None)  # `import mujoco` now raises ImportError
    with pytest.raises(PlantError, match="needs the Python package 'mujoco'"):
        MujocoPlant(model, planar_xml)
    config = validate_config({"plant": "mujoco", "robot_description": planar_xml}, model)
    with pytest.raises(ConfigError, match="parameter plant: 'mujoco': .*'mujoco'"):
        make_plant(config, model)


def test_node_parameter_mujoco_geometry(planar_xml):
    model = RobotModel.from_urdf(planar_xml)
    with pytest.raises(ConfigError, match=r"parameter mujoco_geometry: 'all' is not one of"):
        validate_config(
            {"plant": "mujoco", "robot_description": planar_xml, "mujoco_geometry": "all"}, model
        )
    config = validate_config(
        {"plant": "mujoco", "robot_description": planar_xml, "mujoco_geometry": "collision"},
        model,
    )
    assert config.mujoco_geometry == "collision"
    plant = make_plant(config, model)
    assert isinstance(plant, MujocoPlant) and plant.n == 2


def test_divergence_raises_and_keeps_the_state(planar_xml, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # MuJoCo appends its warnings to ./MUJOCO_LOG.TXT
    model = RobotModel.from_urdf(planar_xml)
    plant = MujocoPlant(model, planar_xml, q0=[0.1, 0.2])
    plant.step(1e-3)
    before = plant.read()
    plant.write([1e300, -1e300])
    with pytest.raises(PlantError, match="diverged"):
        for _ in range(3):
            plant.step(1e-3)
    after = plant.read()
    assert np.isfinite(after.position).all() and np.isfinite(after.velocity).all()
    assert after.time >= before.time
    assert "unstable" in (tmp_path / "MUJOCO_LOG.TXT").read_text()


# ---------------------------------------------------------------------- in the node
def test_node_runs_the_mujoco_plant(make_loop, planar_xml, stamp_ns):
    loop = make_loop(
        robot_description=planar_xml,
        plant="mujoco",
        integrator="rk4",
        rate=500.0,
        clock_period=0.0,
        watchdog_timeout=5.0,
        initial_positions=[0.3, -0.4],
    )
    assert isinstance(loop.hw.plant, MujocoPlant)
    loop.connect()
    reference = MujocoPlant(RobotModel.from_urdf(planar_xml), planar_xml, "rk4", [0.3, -0.4])
    for k, effort in enumerate([[1.0, -0.5], [2.0, 0.3], [0.0, 0.0]]):
        js = loop.step(effort)
        assert stamp_ns(js) == (k + 1) * 2_000_000
        reference.write(effort)
        reference.step(2e-3)
        assert list(js.position) == reference.read().position.tolist()
        assert list(js.velocity) == reference.read().velocity.tolist()
    assert loop.spin_until(lambda: any(c.clock.nanosec == 6_000_000 for c in loop.clocks))
