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


def _geared(joint_friction: bool = False) -> GearedModel:
    d = yaml.safe_load(CASE_S.read_text())
    for a, x, y in zip(d["actuators"].values(), FV, FC, strict=True):
        a.update(viscous=x, coulomb=y)
    extras = (
        {"joints": {f"joint{j}": {"viscous": 0.1 * j, "coulomb": 0.05 * j} for j in (1, 2, 3)}}
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
    assert not plant.implicit_damping  # coupled friction is taken explicitly
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
