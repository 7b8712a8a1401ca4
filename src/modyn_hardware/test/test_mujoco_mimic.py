"""MujocoPlant with mimic joints: MuJoCo's joint equalities = modyn's CoupledJointsModel.

* The MJCF is the full tree (mimic joints moving); MuJoCo's URDF importer turns each ``<mimic>``
  into a joint equality q_m = offset + multiplier·q_j, which the plant checks against the model's
  coupling q_f = G q + b. Its mass matrix projected by G equals the coupled model's to 1e-10.
* Open loop, 0.5 s at dt = 1 ms under constant efforts (gravity at q0 plus A(q0)·a, a ramp of
  ±0.4 rad/s² or m/s²), friction on, both integrators: the built-in plant (which steps the
  CoupledJointsModel) and MuJoCo agree to 1e-6 rad or m on every coordinate, and MuJoCo's
  mimic residual stays below 1e-6. Why 1e-6 and not the 1e-9 of a tree: MuJoCo's equality is a
  soft constraint (a spring-damper on the residual with time constant 2·dt, impedance 0.9999,
  the stiffest it accepts), so the mimic joint lags its target by a residual of order
  (2 dt)²·(the constraint's acceleration): measured 2.9e-8 m (gripper, RK4), 1.3e-7 rad (chain)
  and 1.5e-9 m (Panda), and the runs differ by at most 3.5e-7 (gripper, semi-implicit Euler
  with damping). With
  MuJoCo's default softness (time constant 0.02 s, impedance 0.9-0.95) the same gripper run
  differs by 3.4e-3 rad (residual 1.3e-3): the plant's stiffening is what makes them agree.
* Robots: example-robot-data's Panda (finger_joint2 = finger_joint1), a gripper linkage
  (multipliers −1.2 and 15 with offsets, a moving joint below the mimic joint) and a mimic chain
  (c mimics b mimics a: MuJoCo's two equalities against the model's resolved coupling).
* The plant's joints are the independent coordinates: ``reset`` puts every joint on G q + b,
  G v; ``write`` drives the independent joints only; a MuJoCo equality that is not the model's
  coupling is refused naming the joints.
* In hardware_interface (``plant: mujoco``, the gripper's URDF as robot_description): the node
  loads the coupled model, its joint_states name the independent joints and equal a MujocoPlant
  stepped directly, bit for bit.
"""

from __future__ import annotations

import importlib.metadata
from pathlib import Path

import numpy as np
import pytest

from modyn_hardware.mujoco_plant import MujocoPlant, check_mimic_equalities
from modyn_hardware.plant import PlantError
from modyn_hardware.simulated import SimulatedPlant
from modyn_model import RobotModel
from modyn_model.mechanisms import CoupledJointsModel

mujoco = pytest.importorskip("mujoco")


def _inertial(xyz, mass, ixx, iyy, izz):
    return (
        f'<inertial><origin xyz="{xyz}"/><mass value="{mass}"/><inertia ixx="{ixx}" ixy="0" '
        f'ixz="0" iyy="{iyy}" iyz="0" izz="{izz}"/></inertial>'
    )


GRIPPER = f"""<robot name="gripper_linkage">
 <link name="base"/>
 <link name="arm">{_inertial("0.1 0.02 0.2", 2.0, 0.02, 0.025, 0.015)}</link>
 <link name="palm">{_inertial("0 0.01 0.05", 0.8, 0.003, 0.004, 0.002)}</link>
 <link name="knuckle">{_inertial("0.03 0 0.02", 0.2, 0.0004, 0.0005, 0.0003)}</link>
 <link name="tip">{_inertial("0.02 0 0.01", 0.1, 0.0001, 0.00012, 0.00008)}</link>
 <link name="left">{_inertial("0 0.01 0.03", 0.15, 0.0002, 0.0002, 0.0001)}</link>
 <link name="right">{_inertial("0 -0.01 0.03", 0.15, 0.0002, 0.0002, 0.0001)}</link>
 <joint name="shoulder" type="revolute"><parent link="base"/><child link="arm"/>
  <axis xyz="0 0 1"/><limit lower="-2.5" upper="2.5" effort="50" velocity="3"/>
  <dynamics damping="0.2"/></joint>
 <joint name="wrist" type="revolute"><parent link="arm"/><child link="palm"/>
  <origin xyz="0.3 0 0.4" rpy="0.3 -0.2 0.1"/><axis xyz="0 1 0"/>
  <limit lower="-2" upper="2" effort="20" velocity="3"/></joint>
 <joint name="drive" type="prismatic"><parent link="palm"/><child link="left"/>
  <origin xyz="0 0.02 0.08"/><axis xyz="0 1 0"/>
  <limit lower="0" upper="0.05" effort="40" velocity="0.3"/><dynamics damping="0.5"/></joint>
 <joint name="follower" type="prismatic"><parent link="palm"/><child link="right"/>
  <origin xyz="0 -0.02 0.08"/><axis xyz="0 1 0"/>
  <limit lower="-0.06" upper="0.0" effort="40" velocity="0.3"/>
  <mimic joint="drive" multiplier="-1.2" offset="0.005"/><dynamics damping="0.4"/></joint>
 <joint name="knuckle_joint" type="revolute"><parent link="palm"/><child link="knuckle"/>
  <origin xyz="0.04 0 0.06" rpy="0 0.4 0"/><axis xyz="1 0 0"/>
  <limit lower="-0.5" upper="1.5" effort="5" velocity="2"/>
  <mimic joint="drive" multiplier="15.0" offset="-0.1"/></joint>
 <joint name="tip_joint" type="revolute"><parent link="knuckle"/><child link="tip"/>
  <origin xyz="0.05 0 0.0"/><axis xyz="0 0 1"/>
  <limit lower="-1" upper="1" effort="5" velocity="2"/></joint>
</robot>"""

#: a mimic chain: c mimics b (declared first), which mimics a; MuJoCo gets c = 0.2 + 0.5 b and
#: b = 0.1 − 2 a, the model the resolved c = 0.25 − a
CHAIN = f"""<robot name="chain">
 <link name="base"/>
 <link name="l1">{_inertial("0.1 0 0.1", 1.0, 0.01, 0.012, 0.008)}</link>
 <link name="l2">{_inertial("0.05 0.02 0.1", 0.7, 0.005, 0.006, 0.004)}</link>
 <link name="l3">{_inertial("0 0.05 0.05", 0.4, 0.002, 0.003, 0.0025)}</link>
 <link name="l4">{_inertial("0.02 0 0.05", 0.3, 0.001, 0.0012, 0.0009)}</link>
 <joint name="a" type="revolute"><parent link="base"/><child link="l1"/><axis xyz="0 0 1"/>
  <limit lower="-3" upper="3" effort="10" velocity="3"/></joint>
 <joint name="c" type="revolute"><parent link="l1"/><child link="l2"/><origin xyz="0.2 0 0.1"/>
  <axis xyz="0 1 0"/><limit lower="-3" upper="3" effort="10" velocity="3"/>
  <mimic joint="b" multiplier="0.5" offset="0.2"/></joint>
 <joint name="b" type="revolute"><parent link="l1"/><child link="l3"/><origin xyz="0 0.2 0.1"/>
  <axis xyz="1 0 0"/><limit lower="-3" upper="3" effort="10" velocity="3"/>
  <mimic joint="a" multiplier="-2.0" offset="0.1"/></joint>
 <joint name="d" type="revolute"><parent link="l2"/><child link="l4"/><origin xyz="0.1 0 0.2"/>
  <axis xyz="0 0 1"/><limit lower="-3" upper="3" effort="10" velocity="3"/></joint>
</robot>"""

PANDA = "panda_description/urdf/panda.urdf"


@pytest.fixture(params=["gripper", "chain", "panda"])
def robot(request):
    """(coupled model, its description)."""
    if request.param == "gripper":
        return RobotModel.from_urdf(GRIPPER), GRIPPER
    if request.param == "chain":
        return RobotModel.from_urdf(CHAIN), CHAIN
    try:
        base = importlib.metadata.distribution("example-robot-data").locate_file(
            "cmeel.prefix/share/example-robot-data/robots"
        )
    except importlib.metadata.PackageNotFoundError:
        pytest.skip("example-robot-data is not installed")
    path = Path(base) / PANDA
    if not path.is_file():
        pytest.skip(f"example-robot-data has no {PANDA}")
    return RobotModel.from_urdf(path), str(path)


def _start(model):
    """Mid-range q0 (the coupling keeps every mimic joint inside its limits) and the effort."""
    q0 = 0.5 * (model.lower + model.upper)
    u = model.gravity(q0) + model.mass_matrix(q0) @ (np.linspace(-1.0, 1.0, model.nv) * 0.4)
    return q0, u


def test_mujoco_equalities_and_mass_matrix_are_the_coupled_model(robot):
    model, urdf = robot
    assert isinstance(model, CoupledJointsModel)
    plant = MujocoPlant(model, urdf)
    m, d = plant.mj_model, plant.mj_data
    assert plant.joint_names == model.coordinate_names
    assert m.nv == model.full_model.nv == model.nv + len(model.mimic_joints)
    assert len(check_mimic_equalities(m, model)) == len(model.mimic_joints)
    rng = np.random.default_rng(5)
    g = model.coupling_matrix
    dof = [
        int(m.jnt_dofadr[mujoco.mj_name2id(m, mujoco.mjtObj.mjOBJ_JOINT, j)])
        for j in model.full_model.joint_names
    ]
    for _ in range(5):
        q = rng.uniform(model.lower, model.upper)
        plant.reset(q)
        mujoco.mj_forward(m, d)
        full = np.zeros((m.nv, m.nv))
        mujoco.mj_fullM(m, d, full)
        projected = g.T @ full[np.ix_(dof, dof)] @ g
        ours = model.mass_matrix(q)
        assert np.abs(projected - ours).max() <= 1e-10 * np.abs(ours).max()


def test_reset_and_write_map_onto_the_independent_joints(robot):
    model, urdf = robot
    plant = MujocoPlant(model, urdf)
    m, d = plant.mj_model, plant.mj_data
    q = 0.5 * (model.lower + model.upper)
    v = np.linspace(-0.1, 0.1, model.nv)
    plant.reset(q, v)
    for r, name in enumerate(model.full_model.joint_names):
        jid = mujoco.mj_name2id(m, mujoco.mjtObj.mjOBJ_JOINT, name)
        assert d.qpos[m.jnt_qposadr[jid]] == pytest.approx(model.full_configuration(q)[r])
        assert d.qvel[m.jnt_dofadr[jid]] == pytest.approx(model.full_velocity(v)[r])
    state = plant.read()
    np.testing.assert_allclose(state.position, q, rtol=0, atol=1e-15)
    np.testing.assert_allclose(state.velocity, v, rtol=0, atol=1e-15)
    plant.write(np.arange(1.0, model.nu + 1.0))
    for name in model.mimic_joints:
        jid = mujoco.mj_name2id(m, mujoco.mjtObj.mjOBJ_JOINT, name)
        assert d.qfrc_applied[m.jnt_dofadr[jid]] == 0.0
    np.testing.assert_array_equal(d.qfrc_applied[plant.dof_index], np.arange(1.0, model.nu + 1.0))


@pytest.mark.parametrize("integrator", ["rk4", "semi_implicit_euler"])
def test_open_loop_agrees_with_the_built_in_plant(robot, integrator):
    model, urdf = robot
    q0, u = _start(model)
    sim = SimulatedPlant(model, integrator=integrator, q0=q0)
    mj = MujocoPlant(model, urdf, integrator=integrator, q0=q0)
    sim.write(u)
    mj.write(u)
    worst = 0.0
    for _ in range(500):
        sim.step(1e-3)
        mj.step(1e-3)
        worst = max(worst, float(np.abs(sim.read().position - mj.read().position).max()))
    moved = float(np.abs(sim.read().position - q0).max())
    assert moved > 0.02  # not a standstill (0.087 rad Panda, 0.55 gripper, 0.1 chain)
    assert worst <= 1e-6, f"{model.name} {integrator}: max |q_sim − q_mujoco| = {worst:.3g}"
    assert mj.mimic_residual <= 1e-6, f"mimic residual {mj.mimic_residual:.3g}"


def test_an_equality_that_is_not_the_coupling_is_refused():
    model = RobotModel.from_urdf(GRIPPER)
    plant = MujocoPlant(model, GRIPPER)
    m = plant.mj_model
    e = int(check_mimic_equalities(m, model)[0])
    m.eq_data[e, 1] *= 2.0  # a wrong multiplier
    with pytest.raises(PlantError, match="not a relation of model 'gripper_linkage'"):
        check_mimic_equalities(m, model)
    # a plain tree with its mimic joints locked has no equality at all
    locked = RobotModel.from_urdf(GRIPPER, mimic="lock")
    plant = MujocoPlant(locked, GRIPPER)
    assert plant.mj_model.neq == 0 and plant.mimic_residual == 0.0


def test_node_runs_the_mujoco_plant_with_mimic_joints(make_loop):
    """hardware_interface with ``plant: mujoco`` on the gripper's URDF: joint_states name the
    independent joints and equal a MujocoPlant stepped directly, bit for bit."""
    model = RobotModel.from_urdf(GRIPPER)
    q0 = (0.5 * (model.lower + model.upper)).tolist()
    loop = make_loop(
        robot_description=GRIPPER,
        plant="mujoco",
        integrator="rk4",
        rate=500.0,
        clock_period=0.0,
        watchdog_timeout=5.0,
        initial_positions=q0,
    )
    assert isinstance(loop.hw.plant, MujocoPlant)
    assert isinstance(loop.hw.plant.model, CoupledJointsModel)
    loop.connect()
    reference = MujocoPlant(model, GRIPPER, "rk4", q0)
    for effort in ([1.0, -0.5, 2.0, 0.01], [2.0, 0.3, -1.0, 0.0], [0.0, 0.0, 0.0, 0.0]):
        js = loop.step(effort)
        assert tuple(js.name) == ("shoulder", "wrist", "drive", "tip_joint")
        reference.write(effort)
        reference.step(2e-3)
        assert list(js.position) == reference.read().position.tolist()
        assert list(js.velocity) == reference.read().velocity.tolist()
