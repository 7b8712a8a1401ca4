"""A constrained model on the MuJoCo plant (equalities) against the built-in plant (KKT), and the
plants' push (issue 14, "a legged robot stands ... holds its torso pose after a push").

solo12 of example-robot-data, floating base, four feet pinned (``PointContact`` at FL/FR/HL/HR
_FOOT, MuJoCo ``connect`` equalities to the world), q0 = base at z = 0.3 m, legs [0, 0.8, −1.6]:

* Under u = the constrained gravity compensation (the model's constrained inverse dynamics at
  v = 0, v̇ = 0, least norm) both plants stay at rest. This standing posture under CONSTANT
  torques is an unstable equilibrium (the torso is an inverted pendulum on the legs; measured:
  any error grows ×5 per 0.2 s), so "at rest" is checked over 0.4 s: the built-in plant stays
  within 1e-10 (rounding growing from 1e-15), MuJoCo within 1e-4 (its soft equality lets the
  feet sink ~6e-8 m under the load at t = 0, then that grows; measured 5.4e-6 at 0.4 s).
* The feet carry the weight: Σλ = (0, 0, m g) on both plants (m from the mass matrix), MuJoCo's
  equality forces mapped to CONTRACT14's λ equal the model's constraint forces to 1e-3 N
  (measured 6e-4 N on 5.6 N: the soft equality's sag redistributes the load slightly).
* A 15 N push on ``base_link`` along x for 0.1 s (open loop: the robot starts to fall, the
  torso moves 10 cm in 0.2 s): the two plants agree to 2e-5 (m, rad) over 0.2 s (measured
  1.6e-6): both fourth order at 1 ms, MuJoCo's soft equality being the difference.
* A ``FrameContact`` (weld) on a tilted torso: the residual stays below 1e-6 while the legs fall
  (measured 4.2e-9 on MuJoCo after 0.1 s, the legs moved 0.50 rad); the two plants agree on the
  legs to 1e-6 (measured 4.9e-8) and on the weld's wrench to 1e-3 (measured < 1e-4).
* A loop closure of dim 6 (frames aligned: a weld between two bodies) is refused by name (not
  checked on MuJoCo yet); dim 3 (a spherical joint, a ``connect``) is built:
  ``test_mujoco_spanning.py`` (the Stewart platform).
"""

from __future__ import annotations

import importlib.metadata
from pathlib import Path

import numpy as np
import pytest

from modyn_model import RobotModel

mujoco = pytest.importorskip("mujoco")

FEET = ("FL_FOOT", "FR_FOOT", "HL_FOOT", "HR_FOOT")
Q0 = np.r_[0.0, 0.0, 0.3, 1.0, 0.0, 0.0, 0.0, [0.0, 0.8, -1.6] * 4]
DT = 1e-3


@pytest.fixture(scope="module")
def solo12():
    try:
        base = importlib.metadata.distribution("example-robot-data").locate_file(
            "cmeel.prefix/share/example-robot-data/robots"
        )
    except importlib.metadata.PackageNotFoundError:
        pytest.skip("example-robot-data is not installed")
    path = Path(base) / "solo_description/robots/solo12.urdf"
    if not path.is_file():
        pytest.skip("example-robot-data has no solo12")
    return RobotModel.from_urdf(str(path), floating_base=True), str(path)


@pytest.fixture(scope="module")
def standing(solo12):
    from modyn_model.constraints import ConstrainedModel, PointContact

    model, path = solo12
    cm = ConstrainedModel(model, [PointContact(f, f) for f in FEET], q0=Q0)
    u = cm.actuator_forces(Q0, np.zeros(cm.nv), np.zeros(cm.nv))
    return cm, path, u


def plants(cm, path):
    from modyn_hardware.mujoco_plant import MujocoPlant
    from modyn_hardware.simulated import SimulatedPlant

    return {
        "mujoco": MujocoPlant(cm, path, "rk4", q0=Q0, friction=False),
        "simulated": SimulatedPlant(cm, "rk4", q0=Q0, friction=False),
    }


def test_standing_on_four_pinned_feet_at_rest(standing):
    cm, path, u = standing
    mass = cm.mass_matrix(Q0)[0, 0]  # the base's linear block is m I
    weight = np.array([0.0, 0.0, mass * 9.81])
    expected = cm.constraint_forces(Q0, np.zeros(cm.nv), cm.generalized_forces(Q0, u))
    np.testing.assert_allclose(sum(expected.values()), weight, atol=1e-9)
    bound = {"mujoco": 1e-4, "simulated": 1e-10}
    for name, plant in plants(cm, path).items():
        assert set(plant.constraint_forces()) == set(FEET)
        for _ in range(400):
            plant.write(u)
            plant.step(DT)
        s = plant.read()
        drift = np.abs(cm.difference(s.position, Q0)).max()
        assert drift < bound[name], (name, drift)
        forces = plant.constraint_forces()
        np.testing.assert_allclose(sum(forces.values()), weight, atol=1e-3 * weight[2])
        for foot in FEET:
            np.testing.assert_allclose(forces[foot], expected[foot], atol=1e-3, err_msg=name)
        diag = plant.diagnostics()
        assert set(diag) == {f"model.{f}.{k}" for f in FEET for k in ("position", "velocity")}
        assert max(diag.values()) < 1e-6, (name, diag)


def test_a_push_on_both_plants_agrees(standing):
    cm, path, u = standing
    runs = {}
    for name, plant in plants(cm, path).items():
        out = []
        for k in range(200):
            if k == 20:
                plant.push("base_link", [15.0, 0.0, 0.0], 0.1)
            plant.write(u)
            plant.step(DT)
            out.append(cm.difference(plant.read().position, Q0))
        runs[name] = np.array(out)
    peak = np.abs(runs["simulated"][:, 0]).max()
    assert peak > 0.05  # the push moved the torso (measured 0.10 m in 0.2 s, open loop)
    np.testing.assert_allclose(runs["mujoco"], runs["simulated"], atol=2e-5)


def test_push_is_the_frame_jacobian_transpose_wrench(standing):
    """The built-in plant's push = forward dynamics under τ + J(q)ᵀ[f; m] (one Euler step from
    rest, exact), and it ends after its duration."""
    from modyn_hardware.plant import PlantError
    from modyn_hardware.simulated import SimulatedPlant

    cm, _, u = standing
    plant = SimulatedPlant(cm, "semi_implicit_euler", q0=Q0, friction=False)
    w = np.array([3.0, -2.0, 1.0, 0.1, 0.2, -0.3])
    plant.push("FL_UPPER_LEG", w[:3], 2.5 * DT, torque=w[3:])
    plant.write(u)
    plant.step(DT)
    tau = cm.generalized_forces(Q0, u) + cm.frame_jacobian(Q0, "FL_UPPER_LEG").T @ w
    a = cm.forward_dynamics(Q0, np.zeros(cm.nv), tau, friction=False)
    np.testing.assert_allclose(plant.read().velocity, DT * a, atol=1e-12)
    plant.step(DT)
    plant.step(DT)  # the third step starts at 2 dt < 2.5 dt: still pushed
    assert plant._push is not None
    plant.step(DT)
    assert plant._push is None
    with pytest.raises(PlantError, match="no frame 'nose'"):
        plant.push("nose", [1.0, 0.0, 0.0], 0.1)
    with pytest.raises(PlantError, match="duration"):
        plant.push("base_link", [1.0, 0.0, 0.0], 0.0)


def test_a_welded_torso(solo12):
    """A FrameContact (MuJoCo weld) on the torso: held at its pose, the legs swing the same on
    both plants."""
    from modyn_model.constraints import ConstrainedModel, FrameContact

    model, path = solo12
    q0 = Q0.copy()
    q0[3:7] = [np.cos(0.2), 0.0, np.sin(0.2), 0.0]  # a tilted torso: the weld's orientation
    cm = ConstrainedModel(model, [FrameContact("torso", "base_link")], q0=q0)
    runs, wrenches = {}, {}
    for name, plant in plants(cm, path).items():
        plant.reset(q0)
        out = []
        for _ in range(100):
            plant.write(np.zeros(12))
            plant.step(DT)
            out.append(plant.read().position.copy())
        runs[name] = np.array(out)
        res = np.abs(cm.constraint_residual(runs[name][-1])).max()
        assert res < 1e-6, (name, res)
        lam = plant.constraint_forces()["torso"]
        assert lam.shape == (6,) and lam[2] > 0.0  # the weld holds the robot up
        wrenches[name] = lam
    assert np.abs(runs["simulated"][-1, 7:] - q0[7:]).max() > 0.05  # the legs fell
    np.testing.assert_allclose(runs["mujoco"][:, 7:], runs["simulated"][:, 7:], atol=1e-6)
    np.testing.assert_allclose(wrenches["mujoco"], wrenches["simulated"], atol=1e-3)


def test_a_dim6_loop_closure_is_refused_by_name(solo12):
    from modyn_hardware.mujoco_plant import MujocoPlant
    from modyn_hardware.plant import PlantError
    from modyn_model.constraints import ConstrainedModel, LoopClosure

    model, path = solo12
    cm = ConstrainedModel(model, [LoopClosure("feet", "FL_FOOT", "FR_FOOT", dim=6)])
    with pytest.raises(PlantError, match=r"'feet'.*loop closure.*use plant 'simulated'"):
        MujocoPlant(cm, path)
