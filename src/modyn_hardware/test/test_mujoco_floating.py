"""MuJoCo's free joint against modyn's floating-base convention (issue 14, §Plants).

* The conversion of :mod:`modyn_hardware.mujoco_floating` checked against Pinocchio's
  ``JointModelFreeFlyer`` (nobody here wrote either): on legged robots of example-robot-data
  (solo12, go1, anymal, talos), MuJoCo built the way the plant builds it (the URDF rewritten by
  :func:`mujoco_urdf`, a free joint added to the root body by :func:`add_free_joint`) at random
  states with random joint torques AND a random base wrench, armature, damping, friction,
  limits and contacts off: MuJoCo's ``qacc`` mapped to modyn's v̇ (base linear part
  Rᵀ p̈ − ω × v_B) equals ``pin.aba`` at the converted state (Pinocchio's q is [p, x, y, z, w]).
  Both are exact O(n)/O(n²) algorithms in double precision (ABA; MuJoCo's CRB + LDLᵀ), so they
  differ by rounding amplified by the conditioning of the mass matrix: measured ~1e-15 relative
  to max |v̇|; asserted 1e-9 relative (the issue's bound for dynamics).
* The state maps are inverses of each other, and the power τᵀv is the same in both (the force
  map is the dual of the velocity map).
* The plant (:class:`MujocoPlant` with a ``FloatingBaseModel``): reads and resets in modyn's
  convention (a non-unit quaternion refused by name); free flight agrees with the built-in plant
  (7e-12 at 1 ms over 0.1 s on solo12; both fourth order against the built-in plant at 0.25 ms);
  a URDF whose root joint is ``floating`` gets a free joint of that name (free fall = closed
  form); the joints' rotor inertia, damping and dry friction land on the joints' dofs (MuJoCo's
  mass matrix in modyn's velocity coordinates = A(q)); a constraint restricted to some rows is refused (the
  others are built: test_mujoco_constraints.py).
"""

from __future__ import annotations

import importlib.metadata
from pathlib import Path

import numpy as np
import pytest

from modyn_hardware.mujoco_floating import (
    acceleration_from_mujoco,
    add_free_joint,
    quaternion_matrix,
    state_from_mujoco,
    state_to_mujoco,
    wrench_to_mujoco,
)
from modyn_hardware.mujoco_plant import mujoco_urdf
from modyn_model import RobotModel

mujoco = pytest.importorskip("mujoco")
pin = pytest.importorskip("pinocchio")

RTOL = 1e-9
ROBOTS = {
    "solo12": "solo_description/robots/solo12.urdf",
    "go1": "go1_description/urdf/go1.urdf",
    "anymal": "anymal_b_simple_description/robots/anymal.urdf",
    "talos": "talos_data/robots/talos_reduced.urdf",
}


def robot_path(name: str) -> Path:
    try:
        base = importlib.metadata.distribution("example-robot-data").locate_file(
            "cmeel.prefix/share/example-robot-data/robots"
        )
    except importlib.metadata.PackageNotFoundError:
        pytest.skip("example-robot-data is not installed")
    path = Path(base) / ROBOTS[name]
    if not path.is_file():
        pytest.skip(f"example-robot-data has no {ROBOTS[name]}")
    return path


def mujoco_floating(path: Path):
    """MuJoCo's model of the URDF with a free base, as the plant builds it, without armature,
    damping, friction, limits or contacts; and the modyn limb model (joint names, root)."""
    limbs = RobotModel.from_urdf(str(path))
    xml, _ = mujoco_urdf(str(path), limbs)
    m = add_free_joint(mujoco, xml, limbs.root, "floating_base")
    m.opt.gravity[:] = [0.0, 0.0, -9.81]
    m.dof_armature[:] = 0.0
    m.dof_damping[:] = 0.0
    m.dof_frictionloss[:] = 0.0
    dsbl = mujoco.mjtDisableBit
    m.opt.disableflags |= int(dsbl.mjDSBL_CONTACT | dsbl.mjDSBL_LIMIT)
    return m, limbs


@pytest.mark.parametrize("robot", sorted(ROBOTS))
def test_mujoco_free_joint_acceleration_equals_pinocchio_aba(robot):
    path = robot_path(robot)
    m, limbs = mujoco_floating(path)
    d = mujoco.MjData(m)
    pm = pin.buildModelFromUrdf(str(path), pin.JointModelFreeFlyer())
    pm.gravity.linear = np.array([0.0, 0.0, -9.81])
    pd = pm.createData()
    # modyn/limb joint order -> MuJoCo addresses and Pinocchio indices, by name
    names = limbs.joint_names
    qadr = [int(m.jnt_qposadr[m.joint(n).id]) for n in names]
    vadr = [int(m.jnt_dofadr[m.joint(n).id]) for n in names]
    pq = [pm.idx_qs[pm.getJointId(n)] for n in names]
    pv = [pm.idx_vs[pm.getJointId(n)] for n in names]
    assert pm.nv == 6 + len(names) == m.nv  # every moving joint is in both (no mimic here)
    rng = np.random.default_rng(14)
    worst = 0.0
    for _ in range(5):
        # modyn's state: q = [p, (w, x, y, z), joints], v = [v_B, ω_B, joint rates]
        quat = rng.normal(size=4)
        quat /= np.linalg.norm(quat)
        p = rng.normal(size=3)
        qj = rng.uniform(-1.0, 1.0, len(names))
        v = rng.normal(size=6 + len(names))
        tau = rng.normal(size=6 + len(names)) * 5.0  # base wrench (BASE axes) + joint torques
        # MuJoCo
        qpos, qvel = state_to_mujoco(np.concatenate((p, quat)), v[:6])
        d.qpos[:7], d.qvel[:6] = qpos, qvel
        d.qpos[qadr], d.qvel[vadr] = qj, v[6:]
        d.qfrc_applied[:] = 0.0
        d.qfrc_applied[:6] = wrench_to_mujoco(qpos, tau[:6])
        d.qfrc_applied[vadr] = tau[6:]
        mujoco.mj_forward(m, d)
        a_mj = np.concatenate((acceleration_from_mujoco(d.qpos, d.qvel, d.qacc), d.qacc[vadr]))
        # Pinocchio (q = [p, x, y, z, w, joints])
        q_pin = np.zeros(pm.nq)
        q_pin[:3], q_pin[3:6], q_pin[6] = p, quat[1:], quat[0]
        v_pin, tau_pin = np.zeros(pm.nv), np.zeros(pm.nv)
        v_pin[:6], tau_pin[:6] = v[:6], tau[:6]
        q_pin[pq], v_pin[pv], tau_pin[pv] = qj, v[6:], tau[6:]
        a_pin_raw = pin.aba(pm, pd, q_pin, v_pin, tau_pin)
        a_pin = np.concatenate((a_pin_raw[:6], a_pin_raw[pv]))
        err = np.abs(a_mj - a_pin).max() / np.abs(a_pin).max()
        worst = max(worst, err)
        assert err < RTOL, f"{robot}: |v̇_mujoco − v̇_pinocchio| / max|v̇| = {err:.3g}"
    print(f"{robot}: worst relative difference {worst:.3g}")


def test_state_maps_are_inverse_and_keep_the_power():
    rng = np.random.default_rng(3)
    for _ in range(20):
        quat = rng.normal(size=4)
        quat /= np.linalg.norm(quat)
        q = np.concatenate((rng.normal(size=3), quat))
        v = rng.normal(size=6)
        tau = rng.normal(size=6)
        qpos, qvel = state_to_mujoco(q, v)
        np.testing.assert_array_equal(qpos, q)  # the same numbers, the same order
        R = quaternion_matrix(quat)
        np.testing.assert_allclose(qvel[:3], R @ v[:3], rtol=0, atol=1e-15)
        q2, v2 = state_from_mujoco(qpos, qvel)
        np.testing.assert_allclose(v2, v, rtol=0, atol=1e-14)
        np.testing.assert_array_equal(q2, q)
        # τᵀ v (modyn) = qfrcᵀ qvel (MuJoCo)
        assert abs(wrench_to_mujoco(q, tau) @ qvel - tau @ v) < 1e-13
    # the quaternion matrix is MuJoCo's
    mat = np.zeros(9)
    mujoco.mju_quat2Mat(mat, quat)
    np.testing.assert_allclose(quaternion_matrix(quat), mat.reshape(3, 3), atol=1e-15)


def test_add_free_joint_errors():
    xml = (
        '<mujoco><worldbody><body name="a"><joint type="hinge"/><geom size=".1"/></body>'
        "</worldbody></mujoco>"
    )
    with pytest.raises(ValueError, match="no body named 'b'"):
        add_free_joint(mujoco, xml, "b", "floating_base")
    with pytest.raises(ValueError, match="already has a joint"):
        add_free_joint(mujoco, xml, "a", "floating_base")


# ---------------------------------------------------------------------- the plant
@pytest.fixture(scope="module")
def solo12():
    path = robot_path("solo12")
    return RobotModel.from_urdf(str(path), floating_base=True), str(path)


def test_mujoco_plant_reads_and_resets_in_modyn_convention(solo12):
    from modyn_hardware.mujoco_plant import MujocoPlant
    from modyn_hardware.plant import PlantError

    model, path = solo12
    plant = MujocoPlant(model, path, "rk4", friction=False)
    assert plant.coordinate_names == model.coordinate_names
    assert plant.velocity_names == model.velocity_names
    assert plant.actuator_names == model.actuator_names == model.limb_model.joint_names
    np.testing.assert_array_equal(plant.read().position, model.neutral())
    rng = np.random.default_rng(5)
    q0 = model.integrate(model.neutral(), rng.normal(size=model.nv), 1.0)
    v0 = rng.normal(size=model.nv)
    plant.reset(q0, v0)
    s = plant.read()
    np.testing.assert_allclose(s.position, q0, rtol=0, atol=1e-15)
    np.testing.assert_allclose(s.velocity, v0, rtol=0, atol=1e-14)
    # MuJoCo's own linear velocity is the world one, R v_B
    d = plant.mj_data
    R = quaternion_matrix(q0[3:7])
    np.testing.assert_allclose(d.qvel[plant.free_dof : plant.free_dof + 3], R @ v0[:3], atol=1e-14)
    bad = q0.copy()
    bad[3] *= 1.01
    with pytest.raises(PlantError, match=r"base quaternion .*floating_base.qw.* has norm"):
        plant.reset(bad)
    with pytest.raises(PlantError, match="effort must have 12 values"):
        plant.write(np.zeros(model.nv))


def test_mujoco_plant_agrees_with_the_builtin_plant_in_free_flight(solo12):
    """Open loop, no friction, under gravity, constant random joint torques, 0.1 s from a random
    state: both plants (RK4) against the built-in plant at dt = 0.25 ms (its CF4 is fourth
    order: the reference's own error is ~(1/4)⁴ of the 1 ms one). MuJoCo's error shrinks at
    fourth order too, and at 1 ms the two plants differ by less than either's error."""
    from modyn_hardware.mujoco_plant import MujocoPlant
    from modyn_hardware.simulated import SimulatedPlant

    model, path = solo12
    rng = np.random.default_rng(1)
    q0 = model.integrate(model.neutral(), rng.normal(size=model.nv) * 0.5, 1.0)
    v0 = rng.normal(size=model.nv) * 0.5
    u = rng.normal(size=model.nu) * 0.2

    def run(plant, dt, t_end=0.1):
        plant.reset(q0, v0)
        for _ in range(round(t_end / dt)):
            plant.write(u)
            plant.step(dt)
        return plant.read()

    def builtin(dt):
        return run(SimulatedPlant(model, "rk4", q0=q0, friction=False), dt)

    def mj(dt):
        return run(MujocoPlant(model, path, "rk4", q0=q0, friction=False), dt)

    ref = builtin(2.5e-4)

    def err(a, b):
        return float(np.linalg.norm(model.difference(a.position, b.position)))

    e_mj = {dt: err(mj(dt), ref) for dt in (2e-3, 1e-3)}
    sim_1ms, mj_1ms = builtin(1e-3), mj(1e-3)
    between = err(mj_1ms, sim_1ms)
    print(
        f"solo12 free flight 0.1 s: MuJoCo error {e_mj[2e-3]:.3g} (2 ms), {e_mj[1e-3]:.3g} (1 ms), "
        f"ratio {e_mj[2e-3] / e_mj[1e-3]:.1f}; built-in at 1 ms {err(sim_1ms, ref):.3g}; "
        f"MuJoCo vs built-in at 1 ms {between:.3g}; velocity "
        f"{np.abs(mj_1ms.velocity - sim_1ms.velocity).max():.3g}"
    )
    assert e_mj[2e-3] / e_mj[1e-3] > 12.0  # fourth order (16)
    assert between <= max(e_mj[1e-3], err(sim_1ms, ref))
    assert abs(np.linalg.norm(mj_1ms.position[3:7]) - 1.0) < 1e-12


def test_mujoco_plant_refuses_a_constraint_it_cannot_build(solo12):
    """A constrained model is built with MuJoCo equalities (test_mujoco_constraints.py); a
    contact restricted to some of its rows has no MuJoCo equality and is refused by name."""
    from modyn_hardware.mujoco_plant import MujocoPlant
    from modyn_hardware.plant import PlantError
    from modyn_model.constraints import ConstrainedModel, PointContact

    model, path = solo12
    pinned = ConstrainedModel(model, [PointContact("foot", "FL_FOOT", rows=(2,))])
    with pytest.raises(PlantError, match=r"constraint 'foot'.*rows \[2\].*use plant 'simulated'"):
        MujocoPlant(pinned, path)


def test_mujoco_plant_of_a_urdf_with_a_floating_root_joint(flyer_xml):
    """A URDF whose root joint is ``floating`` (world → torso): MuJoCo keeps the torso's
    subtree and adds its free joint, named after the URDF's floating joint."""
    from modyn_hardware.mujoco_plant import MujocoPlant

    model = RobotModel.from_urdf(flyer_xml)  # the floating root joint makes it floating
    assert model.floating_base and model.coordinate_names[0] == "base_joint.x"
    plant = MujocoPlant(model, flyer_xml, "rk4", friction=False)
    m = plant.mj_model
    assert m.nq == 9 and m.nv == 8
    assert mujoco.mj_id2name(m, mujoco.mjtObj.mjOBJ_JOINT, 0) == "base_joint"
    assert plant.free_qpos == 0 and plant.free_dof == 0
    plant.reset(model.neutral())
    for _ in range(100):
        plant.write([0.0, 0.0])
        plant.step(1e-3)
    s = plant.read()
    # free fall from rest: p_z = −½ g t², nothing turns (RK4 is exact on the quadratic)
    np.testing.assert_allclose(s.position[:3], [0.0, 0.0, -0.5 * 9.81 * 0.1**2], atol=1e-12)
    np.testing.assert_allclose(s.position[3:], [1, 0, 0, 0, 0, 0], atol=1e-12)


def test_mujoco_plant_puts_the_joint_extras_on_the_joints(flyer_xml):
    """Rotor inertia (armature), damping and dry friction of a floating model's joints land on
    the joints' dofs, none on the free joint's: MuJoCo's mass matrix, in modyn's velocity
    coordinates (qvel = T v, T = diag(R, I, I): A = Tᵀ M T, the same kinetic energy), equals the
    model's A(q) with the rotor inertias (1e-12 relative)."""
    from modyn_hardware.mujoco_plant import MujocoPlant

    extras = {
        "joints": {
            "hip": {"rotor_inertia": 0.02, "viscous": 0.4, "coulomb": 0.1},
            "knee": {"rotor_inertia": 0.01, "viscous": 0.3},
        }
    }
    model = RobotModel.from_urdf(flyer_xml, extras=extras)
    plant = MujocoPlant(model, flyer_xml, "semi_implicit_euler")
    m, d = plant.mj_model, plant.mj_data
    np.testing.assert_array_equal(m.dof_armature, [0, 0, 0, 0, 0, 0, 0.02, 0.01])
    np.testing.assert_array_equal(m.dof_damping, [0, 0, 0, 0, 0, 0, 0.4, 0.3])
    np.testing.assert_array_equal(m.dof_frictionloss, [0, 0, 0, 0, 0, 0, 0.1, 0.0])
    rng = np.random.default_rng(9)
    q = model.integrate(model.neutral(), rng.normal(size=model.nv), 1.0)
    plant.reset(q)
    mujoco.mj_forward(m, d)
    M = np.zeros((m.nv, m.nv))
    mujoco.mj_fullM(m, d, M)
    T = np.eye(m.nv)
    T[:3, :3] = quaternion_matrix(q[3:7])
    A = model.mass_matrix(q)
    np.testing.assert_allclose(T.T @ M @ T, A, rtol=0, atol=1e-12 * np.abs(A).max())
