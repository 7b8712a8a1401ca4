"""The MuJoCo export of the elastic RX-90 (modyn_model.mechanisms.elastic.export) against
modyn's ElasticJointModel, [7.34]-[7.35] (issue 20), with MuJoCo's own algorithms as the
reference: at random states (q, θ, q̇, θ̇),

* MuJoCo's mass matrix (``mj_fullM``) = blockdiag(A(q), Ia),
* MuJoCo's ``qfrc_bias`` (Coriolis, centrifugal, gravity) = modyn's H without the spring and
  without friction, i.e. [C q̇ + Q; 0],
* MuJoCo's tendon spring force ``qfrc_spring`` = −[K (q − θ); −K (q − θ)] and its tendon
  damper force ``qfrc_damper`` = −[D_k (q̇ − θ̇); −D_k (q̇ − θ̇)] + the joints' viscous friction,

all to 1e-10 (no Coulomb friction enters these terms), for the diagonal K of
config/mechanisms/rx90_elastic.yaml and for a full symmetric K and D_k (the eigen-tendon route).
"""

from __future__ import annotations

import warnings
from pathlib import Path

import numpy as np
import pytest

mujoco = pytest.importorskip("mujoco")

from modyn_model import load_model  # noqa: E402
from modyn_model.mechanisms.elastic import ElasticJointModel  # noqa: E402

TOL = 1e-10
#: the repository root (config/ is read from the source tree, as the other plant tests do)
ROOT = Path(__file__).resolve().parents[3]


def _rx90():
    return load_model(ROOT / "config" / "mechanisms" / "rx90_elastic.yaml")


def _compare(model, seed: int, states: int = 10) -> tuple[float, float, float, float]:
    """Largest |MuJoCo − modyn| of M, bias, spring and damper forces over random states."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # a Stribeck warning is not what is tested here
        xml = model.mujoco_mjcf()
    m = mujoco.MjModel.from_xml_string(xml)
    d = mujoco.MjData(m)
    assert m.nq == m.nv == model.nq and m.nu == model.nu
    jid = [mujoco.mj_name2id(m, mujoco.mjtObj.mjOBJ_JOINT, c) for c in model.coordinate_names]
    assert min(jid) >= 0
    idx = np.array([m.jnt_dofadr[j] for j in jid])
    act = [mujoco.mj_name2id(m, mujoco.mjtObj.mjOBJ_ACTUATOR, a) for a in model.actuator_names]
    n = model.n_links
    # each motor drives its own rotor joint, gear 1: qfrc_actuator = [0; Γ]
    rng = np.random.default_rng(seed)
    gamma = rng.uniform(-5.0, 5.0, n)
    d.ctrl[act] = gamma
    dense = np.zeros((m.nv, m.nv))
    err = np.zeros(4)
    k, dk = np.asarray(model.stiffness), np.asarray(model.spring_damping)
    for _ in range(states):
        q = rng.uniform(-1.5, 1.5, 2 * n)
        v = rng.uniform(-2.0, 2.0, 2 * n)
        d.qpos[idx] = q  # hinge joints only: qpos and qvel addresses agree
        d.qvel[idx] = v
        mujoco.mj_forward(m, d)
        mujoco.mj_fullM(m, d, dense)
        a = dense[np.ix_(idx, idx)]
        err[0] = max(err[0], np.abs(a - model.mass_matrix(q)).max())
        spring = (q[:n] - q[n:]) @ k
        damper = (v[:n] - v[n:]) @ dk
        rigid = model.bias_forces(q, v, friction=False) - np.r_[spring, -spring]
        err[1] = max(err[1], np.abs(d.qfrc_bias[idx] - rigid).max())
        err[2] = max(err[2], np.abs(d.qfrc_spring[idx] + np.r_[spring, -spring]).max())
        viscous = np.asarray(model.viscous) * v
        expected = -(np.r_[damper, -damper] + viscous)
        err[3] = max(err[3], np.abs(d.qfrc_damper[idx] - expected).max())
        np.testing.assert_allclose(d.qfrc_actuator[idx], np.r_[np.zeros(n), gamma], atol=1e-12)
    return tuple(float(x) for x in err)


def test_rx90_elastic_export_matches_the_model():
    model = _rx90()
    errs = _compare(model, seed=20)
    print("rx90_elastic: max |dM|, |dbias|, |dspring|, |ddamper| =", errs)
    assert max(errs) < TOL, errs


def test_full_stiffness_and_damping_export_through_eigen_tendons():
    base = _rx90()
    rng = np.random.default_rng(7)
    r = rng.normal(size=(6, 6))
    k = np.diag(np.diag(base.stiffness)) + 30.0 * (r @ r.T)  # symmetric, positive definite
    s = rng.normal(size=(6, 3))
    dk = s @ s.T  # positive semi-definite, rank 3: three damper tendons
    model = ElasticJointModel(
        base.link_model,
        k,
        base.rotor_inertia,
        spring_damping=dk,
        motor_viscous=base.motor_viscous,
        motor_coulomb=base.motor_coulomb,
    )
    with pytest.warns(UserWarning, match="Coulomb friction"):
        xml = model.mujoco_mjcf()
    assert xml.count('name="spring_damper') == 3 and xml.count('name="spring') == 6 + 3
    errs = _compare(model, seed=21)
    print("full K, rank-3 D_k: max |dM|, |dbias|, |dspring|, |ddamper| =", errs)
    assert max(errs) < TOL, errs


def test_friction_export_and_its_absence():
    model = _rx90()
    with pytest.warns(UserWarning, match="Coulomb friction"):
        m = mujoco.MjModel.from_xml_string(model.mujoco_mjcf())
    for j, name in enumerate(model.coordinate_names):
        jid = mujoco.mj_name2id(m, mujoco.mjtObj.mjOBJ_JOINT, name)
        dof = m.jnt_dofadr[jid]
        assert m.dof_damping[dof] == pytest.approx(model.viscous[j], abs=0.0)
        assert m.dof_frictionloss[dof] == pytest.approx(model.coulomb[j], abs=0.0)
        assert m.dof_armature[dof] == (0.0 if j < 6 else model.rotor_inertia[j - 6])
    assert np.any(model.motor_coulomb > 0)  # the RX-90's transmissions have dry friction
    bare = mujoco.MjModel.from_xml_string(model.mujoco_mjcf(friction=False))
    assert not bare.dof_damping.any() and not bare.dof_frictionloss.any()
    assert not bare.tendon_damping.any()
    np.testing.assert_array_equal(np.sort(bare.tendon_stiffness), np.sort(np.diag(model.stiffness)))


def test_exported_plant_follows_the_built_in_plant():
    """The MuJoCo plant on the export (ExportedModelPlant) and the built-in plant on the model,
    both classical RK4 at 1 kHz, without friction and damping (springs, gravity, inertia), from
    the same state under the same constant motor torques for 0.3 s: the same trajectory (the
    two integrate the same equations with the same scheme; the rotor bodies' 1e-12 kg is the
    only modelling difference)."""
    from modyn_hardware.mujoco_exported import ExportedModelPlant
    from modyn_hardware.simulated import SimulatedPlant

    model = _rx90()
    n = model.n_links
    q0 = np.r_[0.0, -0.5, 1.0, 0.0, 0.5, 0.0, 0.05, -0.4, 0.9, 0.1, 0.45, -0.05]
    gamma = np.asarray(model.link_model.gravity(q0[:n])) + np.array([5, -5, 3, 0.5, -0.5, 0.2])
    a = ExportedModelPlant(model, "rk4", q0=q0, friction=False)
    b = SimulatedPlant(model, "rk4", q0=q0, friction=False)
    assert a.coordinate_names == b.coordinate_names and a.actuator_names == b.actuator_names
    a.write(gamma)
    b.write(gamma)
    gap = 0.0
    for _ in range(300):
        a.step(1e-3)
        b.step(1e-3)
        sa, sb = a.read(), b.read()
        gap = max(gap, np.abs(sa.position - sb.position).max())
    moved = np.abs(sb.position - q0).max()
    print(
        f"ExportedModelPlant vs SimulatedPlant, 0.3 s: max |dq| = {gap:.3g} rad, moved {moved:.3g}"
    )
    assert moved > 0.01  # the springs and torques did move the robot
    assert gap < 1e-8, gap
    np.testing.assert_allclose(sa.velocity, sb.velocity, atol=1e-7)


def test_make_plant_takes_the_export_for_plant_mujoco():
    """plant: mujoco on a model with mujoco_mjcf: the exported plant, the model's names."""
    from modyn_hardware.hardware_config import make_plant
    from modyn_hardware.mujoco_exported import ExportedModelPlant

    model = _rx90()

    class _Config:  # only what make_plant reads for plant 'mujoco'
        plant = "mujoco"
        integrator = "semi_implicit_euler"
        initial_positions = None

    plant = make_plant(_Config(), model)
    assert isinstance(plant, ExportedModelPlant)
    assert plant.coordinate_names == model.coordinate_names
    assert plant.actuator_names == model.actuator_names
    with pytest.raises(Exception, match="joint3_motor"):
        plant.write([0.0, 0.0, float("nan"), 0.0, 0.0, 0.0])


def test_export_warns_about_what_mujoco_drops_or_approximates():
    """The links' Stribeck friction is dropped and Coulomb friction becomes frictionloss: one
    UserWarning each, naming the joints; the exported plant keeps them in its notes."""
    import dataclasses

    from modyn_hardware.mujoco_exported import ExportedModelPlant

    base = _rx90()
    extras = list(base.link_model.extras)
    extras[1] = dataclasses.replace(extras[1], coulomb=2.0, static=3.0, stribeck_velocity=0.1)
    model = ElasticJointModel(
        base.link_model.with_parameters(extras=extras),
        base.stiffness,
        base.rotor_inertia,
        motor_coulomb=base.motor_coulomb,
    )
    with pytest.warns(UserWarning, match=r"Stribeck friction of link joints \['joint2'\]"):
        with pytest.warns(UserWarning, match=r"Coulomb friction of \['joint2', 'joint1_motor'"):
            model.mujoco_mjcf()
    notes = ExportedModelPlant(model).notes
    assert len(notes) == 2 and "Stribeck" in notes[0] and "frictionloss" in notes[1]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        model.mujoco_mjcf(friction=False)  # no friction exported: nothing to warn about


def test_exported_plant_refuses_an_export_that_is_not_the_model():
    """An export whose joints or actuators are not the model's names: a PlantError naming them."""
    from modyn_hardware.mujoco_exported import ExportedModelPlant
    from modyn_hardware.plant import PlantError

    model = _rx90()

    class Renamed:  # the RX-90's export edited by ``edit`` (text -> text)
        def __init__(self, edit):
            self.edit = edit
            self.name, self.source = model.name, model.source
            self.coordinate_names, self.actuator_names = (
                model.coordinate_names,
                model.actuator_names,
            )

        def neutral(self):
            return model.neutral()

        def mujoco_mjcf(self, friction=True):
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                return self.edit(model.mujoco_mjcf(friction=friction))

    with pytest.raises(PlantError, match="has no joint 'joint3_motor'"):
        # the rotor joint renamed everywhere (its tendon, its motor's target), the motor kept
        ExportedModelPlant(
            Renamed(
                lambda x: x.replace('"joint3_motor"', '"j3m"').replace(
                    'name="j3m" joint=', 'name="joint3_motor" joint='
                )
            )
        )
    with pytest.raises(PlantError, match=r"actuators \[.*'m3'.*model's are"):
        ExportedModelPlant(
            Renamed(lambda x: x.replace('name="joint3_motor" joint=', 'name="m3" joint='))
        )


def test_exported_plant_push_is_the_built_in_push():
    """A push on the exported plant (MujocoBase.push: ``xfrc_applied`` of the frame's body, a
    link body ``link3`` or the site ``tool0``) changes the velocity as the built-in plant's push
    (the generalized force Jᵀ [f; m], J the model's world-axes frame Jacobian) and as the closed
    form Δv = M⁻¹ Jᵀ [f; m] T of a short push of duration T from rest (motor torques holding
    the pose, springs carrying gravity): RK4 at dt = T/4, friction off, Δv = pushed − unpushed.

    The two plants hold the push differently over a step (MuJoCo: the world wrench at the
    moving centre of mass, the built-in: Jᵀw of the step's start), an O(dt) difference at a
    fixed T: it shrinks by ≈ 4 when T and dt are halved. From rest the closed form is exact to
    O(T³): its relative error shrinks by ≈ 4 when T is halved. Both ratios are asserted, so the
    agreement is the physics', not a tolerance's."""
    from modyn_hardware.mujoco_exported import ExportedModelPlant
    from modyn_hardware.plant import PlantError
    from modyn_hardware.simulated import SimulatedPlant

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the export's Coulomb/Stribeck notes
        model = _rx90()
    n = model.n_links
    q0 = np.r_[0.0, -0.5, 1.0, 0.0, 0.5, 0.0, np.zeros(n)]
    hold = np.asarray(model.link_model.gravity(q0[:n]))
    q0[n:] = q0[:n] + np.linalg.solve(model.stiffness, hold)  # K (q − θ) = −g: at rest
    force, torque = np.array([30.0, -20.0, 40.0]), np.array([2.0, -1.0, 3.0])

    def delta_v(cls, frame, duration):
        out = []
        for pushed in (False, True):
            plant = cls(model, "rk4", q0=q0, friction=False)
            plant.write(hold)
            if pushed:
                plant.push(frame, force, duration, torque=torque)
            for _ in range(4):
                plant.step(duration / 4)
            out.append(plant.read().velocity)
            if cls is ExportedModelPlant and pushed:
                assert not plant.mj_data.xfrc_applied.any()  # the push has ended
        return out[1] - out[0]

    for frame in ("link3", "tool0"):
        jac = model.frame_jacobian(q0, frame)
        gaps, errs = [], []
        for duration in (1e-3, 5e-4):
            mj = delta_v(ExportedModelPlant, frame, duration)
            ref = delta_v(SimulatedPlant, frame, duration)
            closed = np.linalg.solve(model.mass_matrix(q0), jac.T @ np.r_[force, torque])
            closed *= duration
            scale = np.abs(closed).max()
            gaps.append(np.abs(mj - ref).max() / scale)
            errs.append(np.abs(mj - closed).max() / scale)
        print(
            f"push on {frame}: |Δv| = {scale:.3g} (T = 0.5 ms); relative |exported − built-in| "
            f"{gaps[0]:.3g} → {gaps[1]:.3g}, |exported − M⁻¹Jᵀw T| {errs[0]:.3g} → {errs[1]:.3g} "
            "(T = 1 → 0.5 ms)"
        )
        assert gaps[1] < 1e-3 and 3.5 < gaps[0] / gaps[1] < 4.5, gaps
        assert errs[1] < 1e-2 and 3.5 < errs[0] / errs[1] < 4.5, errs
    plant = ExportedModelPlant(model, "rk4", q0=q0, friction=False)
    with pytest.raises(PlantError, match="no frame 'hand'"):
        plant.push("hand", force, 0.01)
    assert plant.can_push


def test_exported_plant_undoes_a_diverging_step(tmp_path, monkeypatch):
    """The guarded step of MujocoBase on the exported plant: a step far beyond the springs'
    explicit limit (dt·ω ≈ 11 > 2.785 for RK4 at dt = 50 ms) diverges within a few steps; the
    step is refused with a PlantError and the state is the last accepted one, finite."""
    from modyn_hardware.mujoco_exported import ExportedModelPlant
    from modyn_hardware.plant import PlantError

    monkeypatch.chdir(tmp_path)  # MuJoCo appends its warnings to ./MUJOCO_LOG.TXT
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        model = _rx90()
    q0 = np.r_[0.0, -0.5, 1.0, 0.0, 0.5, 0.0, 0.05, -0.4, 0.9, 0.1, 0.45, -0.05]
    plant = ExportedModelPlant(model, "rk4", q0=q0, friction=False)
    last = plant.read()
    with pytest.raises(PlantError, match="diverged"):
        for _ in range(200):
            plant.step(0.05)
            last = plant.read()
    after = plant.read()
    assert after.time == last.time > 0.0
    np.testing.assert_array_equal(after.position, last.position)
    np.testing.assert_array_equal(after.velocity, last.velocity)
    assert np.isfinite(after.position).all() and np.isfinite(after.velocity).all()
