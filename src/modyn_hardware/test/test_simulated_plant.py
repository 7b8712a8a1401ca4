"""SimulatedPlant against closed forms and the model's own invariants.

* free motion of the planar 2R (no friction): E + U conserved, to 1e-6 J over 2 s at
  dt = 1 ms with RK4 (observed 3e-8 J), within 0.5 J with semi-implicit Euler (observed
  0.26 J; the error halves with dt, first order, and does not run away);
* the gravity torque Q(q) holds any pose still (|q̇| < 1e-9 after 1 s, friction off);
* a constant torque τ on a single joint about the vertical (no gravity torque, inertia I):
  q = q0 + ½ (τ/I) t², exactly for RK4 (a quadratic), and with the known O(dt) term
  ½ (τ/I) dt t for semi-implicit Euler;
* RK4 converges at 4th order (error ratio ≈ 16 when halving dt), semi-implicit Euler at 1st;
* reset, read-only snapshots, rejected efforts / steps / integrators, divergence.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

from modyn_hardware.plant import Plant, PlantError, PlantState
from modyn_hardware.simulated import INTEGRATORS, SimulatedPlant
from modyn_model import RobotModel
from modyn_ros.testing import DISC_INERTIA, disc_urdf

INERTIA = DISC_INERTIA  # kg m² about the joint axis (z) of the 1-dof robot
ONE_JOINT_URDF = disc_urdf(limit=True)


@pytest.fixture(scope="module")
def planar(urdf_dir):
    return RobotModel.from_xacro(urdf_dir / "planar_2r.urdf.xacro")


@pytest.fixture(scope="module")
def rx90(urdf_dir):
    return RobotModel.from_xacro(urdf_dir / "rx90.urdf.xacro", extras=urdf_dir / "rx90_extras.yaml")


@pytest.fixture(scope="module")
def one_joint():
    return RobotModel.from_urdf(ONE_JOINT_URDF)


def energy(model, plant) -> float:
    s = plant.read()
    return float(model.kinetic_energy(s.position, s.velocity) + model.potential_energy(s.position))


def free_fall_energy_error(model, integrator, dt, duration=2.0, q0=(0.3, -1.0)) -> float:
    """max |E + U − E0 − U0| (J) over a free fall from rest at q0."""
    plant = SimulatedPlant(model, integrator, q0=q0)
    e0 = energy(model, plant)
    worst = 0.0
    for _ in range(round(duration / dt)):
        plant.step(dt)
        worst = max(worst, abs(energy(model, plant) - e0))
    # the fall is a real motion, not a rest state that conserves energy trivially
    assert np.abs(plant.read().velocity).max() > 1.0
    return worst


# ---------------------------------------------------------------------- energy
def test_rk4_free_fall_conserves_energy(planar):
    assert planar.viscous.max() == 0 and planar.coulomb.max() == 0  # no friction in the 2R
    assert free_fall_energy_error(planar, "rk4", 1e-3) < 1e-6


def test_semi_implicit_euler_energy_error_is_bounded_and_first_order(planar):
    coarse = free_fall_energy_error(planar, "semi_implicit_euler", 1e-3)
    fine = free_fall_energy_error(planar, "semi_implicit_euler", 5e-4)
    assert coarse < 0.5
    assert 1.5 < coarse / fine < 2.5


def test_friction_dissipates_energy(rx90):
    plant = SimulatedPlant(rx90, "rk4", q0=[0.2, -0.4, 0.6, 0.3, 0.5, 0.1])
    e0 = energy(rx90, plant)
    previous = e0
    for _ in range(300):
        plant.step(1e-3)
        e = energy(rx90, plant)
        assert e <= previous + 1e-9  # friction and viscous damping only take energy out
        previous = e
    assert previous < e0 - 1e-3


# ---------------------------------------------------------------------- gravity compensation
@pytest.mark.parametrize("integrator", INTEGRATORS)
@pytest.mark.parametrize("robot", ["planar", "rx90"])
def test_gravity_torque_holds_any_pose(robot, integrator, request):
    model = request.getfixturevalue(robot)
    rng = np.random.default_rng(7)
    for q0 in rng.uniform(model.lower, model.upper, (3, model.n)):
        plant = SimulatedPlant(model, integrator, q0=q0, friction=False)
        for _ in range(1000):  # 1 s at 1 kHz
            plant.write(model.gravity(plant.read().position))
            plant.step(1e-3)
        state = plant.read()
        assert state.time == pytest.approx(1.0)
        assert np.abs(state.velocity).max() < 1e-9
        np.testing.assert_allclose(state.position, q0, atol=1e-9)


# ---------------------------------------------------------------------- closed forms
@pytest.mark.parametrize("integrator", INTEGRATORS)
def test_constant_torque_on_one_joint(one_joint, integrator):
    model = one_joint
    np.testing.assert_allclose(model.mass_matrix([0.0]), [[INERTIA]], rtol=1e-12)
    np.testing.assert_allclose(model.gravity([0.7]), [0.0], atol=1e-12)
    tau, q0, dt, steps = 0.8, 0.25, 1e-3, 1500
    accel = tau / INERTIA
    plant = SimulatedPlant(model, integrator, q0=[q0])
    plant.write([tau])
    for _ in range(steps):
        plant.step(dt)
    t = steps * dt
    state = plant.read()
    if integrator == "rk4":
        # RK4 integrates a constant acceleration exactly: only rounding remains
        expected = q0 + 0.5 * accel * t**2
    else:
        # v_k = k a dt, q_N = q0 + a dt² N (N + 1) / 2 = q0 + ½ a t² + ½ a dt t
        expected = q0 + 0.5 * accel * t**2 + 0.5 * accel * dt * t
    assert state.position[0] == pytest.approx(expected, abs=1e-12)
    assert state.velocity[0] == pytest.approx(accel * t, abs=1e-12)
    assert state.effort[0] == tau
    assert state.time == pytest.approx(t, abs=1e-12)


def _final_state(model, integrator, dt, duration=0.5):
    plant = SimulatedPlant(model, integrator, q0=[0.3, -1.0])
    for _ in range(round(duration / dt)):
        plant.step(dt)
    s = plant.read()
    return np.concatenate([s.position, s.velocity])


@pytest.mark.parametrize(
    "integrator, order, dts",
    [("rk4", 4, (5e-3, 2.5e-3, 1.25e-3)), ("semi_implicit_euler", 1, (1e-3, 5e-4, 2.5e-4))],
)
def test_convergence_order(planar, integrator, order, dts):
    # the ratio of successive differences of solutions at dt, dt/2, dt/4 tends to 2^order
    y = [_final_state(planar, integrator, dt) for dt in dts]
    ratio = np.linalg.norm(y[0] - y[1]) / np.linalg.norm(y[1] - y[2])
    assert ratio == pytest.approx(2.0**order, rel=0.15)


# ---------------------------------------------------------------------- reset, read, write
def test_reset_moves_the_plant_and_keeps_time(planar):
    plant = SimulatedPlant(planar, q0=[0.1, 0.2])
    assert plant.time == 0.0
    np.testing.assert_array_equal(plant.read().position, [0.1, 0.2])
    plant.write([1.0, -1.0])
    for _ in range(10):
        plant.step(1e-3)
    plant.reset([0.5, -0.5])
    state = plant.read()
    np.testing.assert_array_equal(state.position, [0.5, -0.5])
    np.testing.assert_array_equal(state.velocity, [0.0, 0.0])
    np.testing.assert_array_equal(state.effort, [0.0, 0.0])
    assert state.time == pytest.approx(0.01)
    plant.reset([0.0, 0.0], v0=[1.0, 2.0])
    np.testing.assert_array_equal(plant.read().velocity, [1.0, 2.0])
    with pytest.raises(PlantError, match="q0 must have 2 values"):
        plant.reset([0.0])
    with pytest.raises(PlantError, match=r"v0\[1\] \(joint 'joint2'\) is nan"):
        plant.reset([0.0, 0.0], [0.0, math.nan])
    np.testing.assert_array_equal(plant.read().velocity, [1.0, 2.0])  # unchanged


def test_read_returns_read_only_snapshots(planar):
    plant = SimulatedPlant(planar)
    state = plant.read()
    assert isinstance(state, PlantState)
    assert plant.joint_names == ("joint1", "joint2") and plant.n == 2
    with pytest.raises(ValueError):
        state.position[0] = 1.0
    plant.step(1e-3)
    assert state.velocity[0] == 0.0  # the old snapshot did not follow the plant
    assert plant.read().velocity[0] != 0.0


@pytest.mark.parametrize(
    "effort, message",
    [
        ([1.0], r"effort must have 2 values"),
        ([1.0, 2.0, 3.0], r"effort must have 2 values"),
        ([[1.0, 2.0]], r"effort must have 2 values"),
        ([1.0, math.nan], r"effort\[1\] \(joint 'joint2'\) is nan"),
        ([math.inf, 0.0], r"effort\[0\] \(joint 'joint1'\) is inf"),
        (["a", "b"], r"effort must be 2 numbers"),
        (None, r"effort must be 2 numbers|effort must have 2 values"),
    ],
)
def test_bad_effort_is_rejected_and_the_old_one_kept(planar, effort, message):
    plant = SimulatedPlant(planar)
    plant.write([3.0, 4.0])
    with pytest.raises(PlantError, match=message):
        plant.write(effort)
    np.testing.assert_array_equal(plant.read().effort, [3.0, 4.0])


@pytest.mark.parametrize("dt", [0.0, -1e-3, math.nan, math.inf])
def test_bad_step_is_rejected(planar, dt):
    plant = SimulatedPlant(planar)
    with pytest.raises(PlantError, match="dt must be a positive finite number"):
        plant.step(dt)
    assert plant.time == 0.0


def test_bad_integrator_is_rejected(planar):
    with pytest.raises(PlantError, match="integrator must be one of"):
        SimulatedPlant(planar, integrator="euler")


@pytest.mark.filterwarnings("ignore:overflow encountered:RuntimeWarning")
def test_divergence_is_reported_and_leaves_the_state(one_joint):
    plant = SimulatedPlant(one_joint, q0=[0.1])
    plant.write([1e300])
    with pytest.raises(PlantError, match="diverged"):
        plant.step(1e10)
    state = plant.read()
    assert state.position[0] == 0.1 and state.velocity[0] == 0.0 and state.time == 0.0


def test_plant_is_abstract():
    with pytest.raises(TypeError):
        Plant()


# ---------------------------------------------------------------------- prepare
@pytest.mark.parametrize("integrator", ["semi_implicit_euler", "rk4"])
def test_prepare_builds_what_the_steps_use(urdf_dir, integrator):
    """After prepare(dt) no step generates model code: a fresh RX-90 (viscous + Coulomb
    friction) falls from rest under zero effort, through the stick branch (A + dt·D and the
    bias forces) and the slip branch (the damped model's frictionless forward dynamics), and
    neither model's cache of generated functions grows. Without prepare it does grow, at the
    steps (the stall the real-time loop saw: 12.6 ms at its first commanded step)."""

    def caches(plant):
        models = [plant.model, *(m for m, _ in plant._euler_models.values())]
        return {id(m): set(m._cache) for m in models}

    def fall(prepare: bool):
        model = RobotModel.from_xacro(
            urdf_dir / "rx90.urdf.xacro", extras=urdf_dir / "rx90_extras.yaml"
        )
        assert model.coulomb.max() > 0 and model.viscous.max() > 0
        plant = SimulatedPlant(model, integrator, q0=[0.2, -0.4, 0.6, 0.3, 0.5, 0.1])
        if prepare:
            plant.prepare(1e-3)
        before = caches(plant)
        plant.write(np.zeros(6))
        for _ in range(300):
            plant.step(1e-3)
        assert np.abs(plant.read().velocity).max() > 0.1  # it slipped: both branches ran
        return before, caches(plant)

    before, after = fall(prepare=True)
    assert after == before
    before, after = fall(prepare=False)
    assert after != before  # the same steps build functions when not prepared
