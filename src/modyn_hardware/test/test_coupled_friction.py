"""A model with coupled friction (contract attribute ``coupled_friction``) on the built-in and
the MuJoCo plants: the Case S geared arm of issue 16 with motor-side friction
f_m(φ̇) = Fv φ̇ + Fc sign(φ̇), φ̇ = S v (S = Aᵀ), i.e. Γf(v) = Sᵀ f_m(S v), not per joint.

* Free decay (no gravity, zero effort) from a velocity at which every motor turns, over a window
  in which none stops (asserted on the reference: min |S v| stays > 0.1 rad/s, so the Coulomb
  sign is constant and the dynamics smooth): the plant's state matches an independent RK4 of the
  model's own forward dynamics (with friction) at dt/64. The tolerance is the scheme's order:
  halving dt divides the plant's error by 2⁴ for RK4 (measured ratio within [12, 20]) and by 2¹
  for semi-implicit Euler (within [1.6, 2.5]), at steps (8 → 4 ms for RK4, 2 → 1 ms for Euler)
  whose errors stand well above the reference's own (its truncation (1/256)⁴ of the plant's at
  8 ms, its rounding about 1e-14 after 6400 steps); the RK4 error at 8 ms is < 1e-9.
* The same with URDF joint friction on top (the per-coordinate arrays non-zero): before issue
  16-fric the plant took the arrays implicitly and dropped the motor friction; now both.
* Dissipation: along the decay v·Γf(v) ≥ 0 at every step, and the kinetic energy lost equals
  the dissipated work ∫ v·Γf dt (trapezoid on the fine reference; relative 1e-6).
* The MuJoCo plant refuses the model, naming it and the coupled friction.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
import yaml

from modyn_hardware.plant import PlantError
from modyn_hardware.simulated import SimulatedPlant
from modyn_model import RobotModel
from modyn_model.mechanisms.geared import GearedModel, Transmission

ROOT = Path(__file__).resolve().parents[3]
CASE_S = ROOT / "config" / "mechanisms" / "geared3_case_s.yaml"
XACRO = ROOT / "urdf" / "geared3.urdf.xacro"
FV, FC = [0.05, 0.04, 0.03], [0.02, 0.015, 0.01]  # N·m·s/rad, N·m per motor
V0 = np.array([1.5, -2.0, 2.5])  # rad/s
Q0 = np.array([0.3, -0.4, 0.5])  # rad
T = 0.2  # s


def _geared(joint_friction: bool = False, fv=FV, fc=FC, stribeck=False) -> GearedModel:
    d = yaml.safe_load(CASE_S.read_text())
    for a, x, y in zip(d["actuators"].values(), fv, fc, strict=True):
        a.update(viscous=x, coulomb=y)
    joint = {"viscous": 0.1, "coulomb": 0.05}
    if stribeck:
        joint.update(static=0.1, stribeck_velocity=0.05)
    extras = (
        {"joints": {f"joint{j}": {k: x * j for k, x in joint.items()} for j in (1, 2, 3)}}
        if joint_friction
        else None
    )
    robot = RobotModel.from_xacro(XACRO, extras=extras)
    model = GearedModel(robot, Transmission.from_mapping(d, "case_s_friction"))
    return model.with_gravity([0.0, 0.0, 0.0])


def _reference(model, dt: float, steps: int) -> tuple[np.ndarray, np.ndarray]:
    """Classical RK4 on (q, v) with the model's forward_dynamics (friction included), τ = 0."""
    zero = np.zeros(model.nv)

    def f(x):
        q, v = x[:3], x[3:]
        return np.concatenate((v, model.forward_dynamics(q, v, zero)))

    x = np.concatenate((Q0, V0))
    out = [x]
    for _ in range(steps):
        k1 = f(x)
        k2 = f(x + 0.5 * dt * k1)
        k3 = f(x + 0.5 * dt * k2)
        k4 = f(x + dt * k3)
        x = x + dt / 6.0 * (k1 + 2 * k2 + 2 * k3 + k4)
        out.append(x)
    out = np.array(out)
    return out[:, :3], out[:, 3:]


def _plant_error(model, integrator: str, dt: float, ref_q, ref_v) -> float:
    plant = SimulatedPlant(model, integrator)
    plant.reset(Q0, V0)
    for _ in range(round(T / dt)):
        plant.step(dt)
    s = plant.read()
    return float(
        max(np.max(np.abs(s.position - ref_q[-1])), np.max(np.abs(s.velocity - ref_v[-1])))
    )


@pytest.fixture(scope="module", params=[False, True], ids=["motor", "motor+joint"])
def case(request):
    model = _geared(joint_friction=request.param)
    assert model.coupled_friction
    if request.param:
        assert np.any(model.viscous > 0) and np.any(model.coulomb > 0)
    dt_ref = 2e-3 / 64
    ref_q, ref_v = _reference(model, dt_ref, round(T / dt_ref))
    rates = ref_v @ model.structure_matrix  # S v = Aᵀ v per sample
    assert np.min(np.abs(rates)) > 0.1, "a motor stops in the window: not the smooth regime"
    return model, dt_ref, ref_q, ref_v


@pytest.mark.parametrize(
    ("integrator", "dt", "ratio_range"),
    [("rk4", 4e-3, (12.0, 20.0)), ("semi_implicit_euler", 1e-3, (1.6, 2.5))],
)
def test_free_decay_matches_the_models_forward_dynamics(case, integrator, dt, ratio_range):
    model, _, ref_q, ref_v = case
    plant = SimulatedPlant(model, integrator)
    assert plant.implicit_damping  # the coupled viscous part is implicit
    e1 = _plant_error(model, integrator, 2 * dt, ref_q, ref_v)
    e2 = _plant_error(model, integrator, dt, ref_q, ref_v)
    ratio = e1 / e2
    print(f"{integrator}: error {e1:.3e} at {2 * dt:g} s, {e2:.3e} at {dt:g} s, ratio {ratio:.2f}")
    assert ratio_range[0] <= ratio <= ratio_range[1], (e1, e2, ratio)
    if integrator == "rk4":
        assert e1 < 1e-9
    # friction acts: the decay is far from the frictionless motion
    free = SimulatedPlant(model, integrator, friction=False)
    free.reset(Q0, V0)
    for _ in range(round(T / dt)):
        free.step(dt)
    assert np.max(np.abs(free.read().velocity - ref_v[-1])) > 100 * e2


def test_dissipated_power_and_energy_balance(case):
    model, dt_ref, ref_q, ref_v = case
    power = np.einsum("ij,ij->i", ref_v, model.friction_forces(ref_v))
    assert np.all(power >= 0.0)
    assert np.min(power) > 0.0  # every motor turns: strictly dissipative
    work = float(np.sum(0.5 * (power[1:] + power[:-1])) * dt_ref)
    lost = float(
        model.kinetic_energy(ref_q[0], ref_v[0]) - model.kinetic_energy(ref_q[-1], ref_v[-1])
    )
    print(f"energy lost {lost:.9f} J, dissipated {work:.9f} J")
    np.testing.assert_allclose(lost, work, rtol=1e-6)
    # the plant's own kinetic energy decreases at every step
    plant = SimulatedPlant(model, "rk4")
    plant.reset(Q0, V0)
    energy = [model.kinetic_energy(Q0, V0)]
    for _ in range(100):
        plant.step(2e-3)
        s = plant.read()
        assert s.velocity @ model.friction_forces(s.velocity) >= 0.0
        energy.append(model.kinetic_energy(s.position, s.velocity))
    assert np.all(np.diff(energy) < 0.0)


def test_mujoco_refuses_coupled_friction():
    model = _geared()
    from modyn_hardware.mujoco_plant import MujocoPlant

    with pytest.raises(
        PlantError, match=r"'geared3' \(GearedModel, case_s_friction\) has coupled friction"
    ):
        MujocoPlant(model, XACRO)


def test_the_plant_takes_the_viscous_matrix_of_the_model():
    """The probed D is Sᵀ diag(Fv) S + diag(joint Fv) (S = Aᵀ), to rounding."""
    model = _geared(joint_friction=True)
    s = model.structure_matrix.T
    d = s.T @ np.diag(FV) @ s + np.diag(model.viscous)
    for integrator in ("rk4", "semi_implicit_euler"):
        plant = SimulatedPlant(model, integrator)
        np.testing.assert_allclose(plant._D, d, rtol=1e-12, atol=1e-14)


def test_stiff_coupled_damping_is_stable():
    """Motor damping Fv = (200, 150, 100) N·m·s/rad, no Coulomb: dt·λ_max(A⁻¹D) = 34 at 8 ms,
    where an explicit RK4 step amplifies that mode by |R(−34)| ≫ 1. Both integrators stay
    bounded; at T every mode has decayed (the reference's v ~ 1e-64 rad/s) and the plant's
    velocity matches to 1e-12; the position error is the first steps' quadrature of modes that
    decay within a step (RK4/Simpson weight h/6 on q̇_0: about h max|q̇_0|/6 = 3.3e-3 rad at
    8 ms), bounded here by h max|q̇_0| / 4; Euler converges at first order."""
    model = _geared(fv=[200.0, 150.0, 100.0], fc=[0.0, 0.0, 0.0])
    s = model.structure_matrix.T
    d = s.T @ np.diag([200.0, 150.0, 100.0]) @ s
    lam = float(np.max(np.linalg.eigvals(np.linalg.solve(model.mass_matrix(Q0), d)).real))
    z = -8e-3 * lam
    assert abs(1 + z + z**2 / 2 + z**3 / 6 + z**4 / 24) > 1e3  # explicit RK4 would diverge
    dt_ref = 2e-3 / 64
    assert dt_ref * lam < 0.2  # the reference itself is well inside RK4's stability
    ref_q, ref_v = _reference(model, dt_ref, round(T / dt_ref))
    for dt in (8e-3, 4e-3):
        plant = SimulatedPlant(model, "rk4")
        plant.reset(Q0, V0)
        for _ in range(round(T / dt)):
            plant.step(dt)
        st = plant.read()
        err = np.max(np.abs(st.position - ref_q[-1]))
        print(f"stiff rk4 at {dt:g} s: |dq| {err:.3e}, |dv| {np.max(np.abs(st.velocity)):.1e}")
        np.testing.assert_allclose(st.velocity, ref_v[-1], atol=1e-12)
        assert err < dt * np.max(np.abs(V0)) / 4
    e1 = _plant_error(model, "semi_implicit_euler", 2e-3, ref_q, ref_v)
    e2 = _plant_error(model, "semi_implicit_euler", 1e-3, ref_q, ref_v)
    print(f"stiff euler: {e1:.3e} at 2 ms, {e2:.3e} at 1 ms")
    assert 1.6 <= e1 / e2 <= 2.5


def test_a_coupled_friction_that_is_not_viscous_plus_coulomb_is_taken_explicitly():
    """Joint Stribeck friction on top of the motor friction: Γf(2v) − Γf(v) is not linear in v,
    so no D is probed; the plant integrates the whole Γf explicitly (implicit_damping False)
    and still matches the model's forward dynamics at fourth order."""
    model = _geared(joint_friction=True, stribeck=True)
    assert np.all(model.stribeck_velocity > 0)
    plant = SimulatedPlant(model, "rk4")
    assert not plant.implicit_damping
    dt_ref = 2e-3 / 64
    ref_q, ref_v = _reference(model, dt_ref, round(T / dt_ref))
    assert np.min(np.abs(ref_v)) > 0.1 and np.min(np.abs(ref_v @ model.structure_matrix)) > 0.1
    e1 = _plant_error(model, "rk4", 8e-3, ref_q, ref_v)
    e2 = _plant_error(model, "rk4", 4e-3, ref_q, ref_v)
    print(f"stribeck rk4: {e1:.3e} at 8 ms, {e2:.3e} at 4 ms, ratio {e1 / e2:.2f}")
    assert 12.0 <= e1 / e2 <= 20.0 and e1 < 1e-9
