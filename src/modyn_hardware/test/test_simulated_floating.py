"""The built-in plant on a floating-base model and on a constrained one (issue 14 §Plants).

* Free flight without gravity, constant joint torques (internal forces): the plant (RK4 = the
  Lie-group CF4 through ``model.integrate``, 0.5 ms; 1.3e-9 relative at 1 ms) keeps the quaternion of unit norm at every
  step, and conserves the linear momentum and the angular momentum about the centre of mass
  (``model.centroidal_momentum``, world axes; physics, not the plant's formula) over 2 s; the
  drift is measured and bounded (it is the integrator's O(dt⁴) error).
* Joint viscous damping on a floating base (nq ≠ nv): the semi-implicit Euler step takes it
  implicitly through the model with the joints' rotor inertias raised by dt·Fv, each joint's
  extras matched to its velocity coordinate BY NAME (the base coordinates come first): one step
  equals (A + dt·D)(v⁺ − v) = dt (τ − H(q, v) − D v), q⁺ = q ⊕ dt v⁺ written out here with the
  model's A and H, D on the joints only.
* A constrained model (a floating flyer whose foot is pinned, PointContact): the plant steps
  it (the model's own constrained forward dynamics); its ``diagnostics()`` is the model's drift
  (keys ``model.<constraint>.position/velocity``), bounded over 3 s under gravity with the
  Baumgarte gains; ``constraint_forces()`` obeys the linear momentum balance of the whole
  robot at rest: λ + M g = M a_G = A_G[:3] v̇ (the centroidal momentum matrix; v = 0).
* Stiction on a floating base's joint (dry friction matched by name, nq ≠ nv): exact rest.
* An arm's plant has no diagnostics and no constraint forces (the Plant defaults).
"""

from __future__ import annotations

import numpy as np
import pytest

from modyn_hardware.simulated import SimulatedPlant
from modyn_model import RobotModel
from modyn_model.constraints import ConstrainedModel, PointContact

QUAT = np.array([0.9, 0.2, -0.3, 0.25]) / np.linalg.norm([0.9, 0.2, -0.3, 0.25])
Q0 = np.concatenate(([0.3, -0.2, 1.5], QUAT, [0.4, -0.7]))
V0 = np.array([0.2, -0.1, 0.3, 1.2, -0.8, 0.5, 2.0, -1.5])


@pytest.fixture(scope="module")
def flyer(flyer_xml):
    return RobotModel.from_urdf(flyer_xml, floating_base=True)


def _free_flight(model, dt: float, t_end: float) -> tuple[float, float]:
    """(max |‖quat‖ − 1| over the steps, max relative momentum drift) of a free flight."""
    plant = SimulatedPlant(model, "rk4", q0=Q0)
    plant.reset(Q0, V0)
    h0 = model.centroidal_momentum(Q0, V0)
    worst_norm, worst_h = 0.0, 0.0
    for _ in range(round(t_end / dt)):
        plant.write([0.05, -0.03])  # joint torques: internal, no momentum change
        plant.step(dt)
        s = plant.read()
        worst_norm = max(worst_norm, abs(np.linalg.norm(s.position[3:7]) - 1.0))
        h = model.centroidal_momentum(s.position, s.velocity)
        worst_h = max(worst_h, float(np.abs(h - h0).max()))
    return worst_norm, worst_h / float(np.abs(h0).max())


@pytest.mark.loop  # a long in-process simulation: the loop tier (docs/testing.md)
def test_free_flight_conserves_momentum_with_a_unit_quaternion(flyer):
    model = flyer.with_gravity([0.0, 0.0, 0.0])
    norm, drift = _free_flight(model, 5e-4, 2.0)
    coarse = _free_flight(model, 1e-3, 2.0)[1]
    print(
        f"2 s free flight, RK4 (CF4): |‖quat‖ − 1| <= {norm:.2g}; momentum drift relative "
        f"{drift:.3g} at 0.5 ms, {coarse:.3g} at 1 ms (ratio {coarse / drift:.1f})"
    )
    assert norm < 1e-14
    assert drift < 1e-9
    assert coarse / drift > 12.0  # fourth order: 16


def test_joint_damping_of_a_floating_base_is_implicit_by_joint_name(flyer_xml):
    extras = {"joints": {"knee": {"viscous": 3.0}, "hip": {"viscous": 0.5}}}
    model = RobotModel.from_urdf(flyer_xml, floating_base=True, extras=extras)
    fv = np.asarray(model.viscous)
    assert fv[:6].tolist() == [0.0] * 6 and fv[6:].tolist() == [0.5, 3.0]
    plant = SimulatedPlant(model, "semi_implicit_euler", q0=Q0)
    plant.reset(Q0, V0)
    u = np.array([0.7, -0.4])
    h = 1e-3
    plant.write(u)
    plant.step(h)
    s = plant.read()
    # written out: (A + hD)(v⁺ − v) = h (Sᵀu − H(q, v) − D v), q⁺ = q ⊕ h v⁺
    A = model.mass_matrix(Q0)
    H = model.bias_forces(Q0, V0, friction=False)
    D = np.diag(fv)
    tau = model.generalized_forces(Q0, u)
    v_new = V0 + np.linalg.solve(A + h * D, h * (tau - H - D @ V0))
    q_new = model.integrate(Q0, v_new, h)
    np.testing.assert_allclose(s.velocity, v_new, rtol=0, atol=1e-12)
    np.testing.assert_allclose(s.position, q_new, rtol=0, atol=1e-14)


def _pin(flyer, gains):
    foot = PointContact("foot", "lower", point=(0.0, 0.0, -0.2))
    return ConstrainedModel(flyer, [foot], baumgarte=gains, q0=Q0)


@pytest.fixture(scope="module")
def pinned(flyer):
    return _pin(flyer, (100.0, 20.0))


def _swing(model, seconds: float) -> tuple[dict, float, SimulatedPlant]:
    plant = SimulatedPlant(model, "rk4", q0=Q0)
    worst = dict.fromkeys(plant.diagnostics(), 0.0)
    moved = 0.0
    for _ in range(round(seconds / 1e-3)):  # under gravity: it swings about the pinned foot
        plant.write([0.0, 0.0])
        plant.step(1e-3)
        for k, x in plant.diagnostics().items():
            worst[k] = max(worst[k], x)
        moved = max(moved, float(np.abs(plant.read().position[:3] - Q0[:3]).max()))
    return worst, moved, plant


@pytest.mark.loop  # a long in-process simulation: the loop tier (docs/testing.md)
def test_constrained_model_steps_with_bounded_drift(pinned, flyer):
    worst, moved, plant = _swing(pinned, 2.0)
    assert set(worst) == {"model.foot.position", "model.foot.velocity"}
    free, _, _ = _swing(_pin(flyer, (0.0, 0.0)), 2.0)  # no stabilisation: the drift grows
    print(
        f"2 s pinned swing: base moved up to {moved:.3g} m; drift with Baumgarte (100, 20) "
        f"{worst}, without {free}"
    )
    assert moved > 0.05  # it does move (a real test of the drift)
    assert worst["model.foot.position"] < 5e-6
    assert free["model.foot.position"] > 10.0 * worst["model.foot.position"]
    assert abs(np.linalg.norm(plant.read().position[3:7]) - 1.0) < 1e-14


def test_constraint_forces_balance_the_momentum(pinned, flyer):
    plant = SimulatedPlant(pinned, "rk4", q0=Q0)
    u = np.array([1.5, -0.8])
    plant.write(u)
    forces = plant.constraint_forces()
    assert set(forces) == {"foot"} and forces["foot"].shape == (3,)
    vdot = pinned.forward_dynamics(Q0, np.zeros(flyer.nv), flyer.generalized_forces(Q0, u))
    AG = flyer.centroidal_momentum_matrix(Q0)
    total = float(flyer.mass)
    expected = AG[:3] @ vdot - total * np.asarray(flyer.gravity_vector)
    np.testing.assert_allclose(forces["foot"], expected, rtol=1e-9, atol=1e-9)


def test_an_arm_has_no_diagnostics_nor_constraint_forces():
    arm = RobotModel.from_mdh("rx90")
    plant = SimulatedPlant(arm)
    assert plant.diagnostics() == {} and plant.constraint_forces() == {}


def test_joint_stiction_on_a_floating_base(flyer_xml):
    """Dry friction on the knee only (Fc = 0.5 N·m), gravity off, the body at rest: a knee
    torque below Fc leaves the knee stuck (exactly 0 rad/s, the stick/slip solve through the
    model with raised rotor inertias, matched by name); the hip torque moves the rest."""
    extras = {"joints": {"knee": {"coulomb": 0.5}}}
    model = RobotModel.from_urdf(flyer_xml, floating_base=True, extras=extras).with_gravity(
        [0.0, 0.0, 0.0]
    )
    assert np.asarray(model.coulomb).tolist() == [0.0] * 7 + [0.5]
    plant = SimulatedPlant(model, "rk4", q0=Q0)
    for _ in range(200):
        plant.write([0.2, 0.3])  # hip free, knee below its breakaway 0.5
        plant.step(1e-3)
    s = plant.read()
    assert s.velocity[7] == 0.0 and s.position[8] == Q0[8]
    assert abs(s.velocity[6]) > 0.1  # the hip moves (and the base with it)
    assert plant.friction_solves == 200
