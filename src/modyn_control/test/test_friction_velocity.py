"""The friction of the computed-torque laws evaluated at q̇_d (modyn_control.friction).

* FrictionTerm is modyn_model's Γf [7.26] (viscous, Coulomb, Stribeck) to 1e-12, zero velocity
  included.
* computed_torque / task_computed_torque with ``friction_velocity="desired"``: Γ = NE₀(q, q̇, w)
  + Γf(q̇_d); with ``"measured"`` the law is unchanged ([9.22]: NE(q, q̇, w) with Γf(q̇)); both
  agree when q̇ = q̇_d; the catalogue (the node) uses "desired"; a bad value is refused.
* The disturbance observer of such a law takes Γf at the q̇_d of the last torque: a torque
  NE₀ + Γf(q̇_d) + d applied over a step gives δ̂ = α d exactly (α = 1 − e^{−K_o Δt}).
"""

from __future__ import annotations

import numpy as np
import pytest

from modyn_control.computed_torque import ComputedTorque
from modyn_control.disturbance_observer import DisturbanceObserver
from modyn_control.friction import FrictionTerm
from modyn_control.law_base import Reference
from modyn_control.law_catalog import LawSettings, make_law
from modyn_control.laws import ControlError
from modyn_control.task_space import TaskComputedTorque
from modyn_model import RobotModel

STRIBECK = {
    "joints": {
        f"joint{j}": {
            "viscous": 0.5 * j,
            "coulomb": 1.0 + j,
            "static": 2.0 + 1.5 * j,
            "stribeck_velocity": 0.05 * j,
        }
        for j in range(1, 7)
    }
}


@pytest.fixture(scope="module")
def arm(rx90_xml):
    """The RX-90 with viscous, Coulomb and Stribeck friction on every joint."""
    model = RobotModel.from_urdf(rx90_xml, extras=STRIBECK)
    assert np.all(model.stribeck_velocity > 0) and np.all(model.static_friction > model.coulomb)
    return model


def test_friction_term_is_the_models(arm):
    term = FrictionTerm(arm)
    rng = np.random.default_rng(1)
    for v in (
        np.zeros(6),
        rng.normal(size=6),
        rng.normal(size=6) * 1e-3,
        np.array([0, 1, -1, 0, 2, -3.0]),
    ):
        out = np.full(6, 0.25)
        term.add(v, out)
        np.testing.assert_allclose(out - 0.25, arm.friction_torques(v), rtol=1e-12, atol=1e-12)


def test_computed_torque_with_the_friction_at_the_desired_velocity(arm):
    rng = np.random.default_rng(2)
    q, v, q_d, v_d, a_d = rng.uniform(-1, 1, (5, 6))
    ref = Reference(q_d, v_d, a_d)
    desired = ComputedTorque(arm, 10.0, friction_velocity="desired")
    measured = ComputedTorque(arm, 10.0)  # the class default: [9.22] as written
    tau_d = desired.step(0.0, q, v, ref, np.zeros(6)).copy()
    w = a_d + 20.0 * (v_d - v) + 100.0 * (q_d - q)
    np.testing.assert_allclose(desired.w, w, rtol=1e-12)
    np.testing.assert_allclose(
        tau_d,
        arm.inverse_dynamics(q, v, w, friction=False) + arm.friction_torques(v_d),
        rtol=1e-10,
        atol=1e-9,
    )
    np.testing.assert_allclose(
        measured.step(0.0, q, v, ref, np.zeros(6)),
        arm.inverse_dynamics(q, v, w),
        rtol=1e-10,
        atol=1e-9,
    )
    # on the reference the two are the same torque
    at_ref = Reference(q_d, v_d, a_d)
    np.testing.assert_allclose(
        desired.step(0.0, q_d, v_d, at_ref, np.zeros(6)),
        measured.step(0.0, q_d, v_d, at_ref, np.zeros(6)),
        rtol=1e-12,
        atol=1e-10,
    )
    # the catalogue, i.e. the node, uses q̇_d
    law = make_law("computed_torque", arm, LawSettings(omega=[10.0]))
    np.testing.assert_allclose(law.step(0.0, q, v, ref, np.zeros(6)), tau_d, rtol=1e-12)
    task = TaskComputedTorque(arm, "tool0", 7.0, friction_velocity="desired")
    task_measured = TaskComputedTorque(arm, "tool0", 7.0)
    qn = q_d + rng.uniform(-0.02, 0.02, 6)
    t_d = task.step(0.0, qn, v, ref, np.zeros(6)).copy()
    t_m = task_measured.step(0.0, qn, v, ref, np.zeros(6))
    np.testing.assert_allclose(task.qdd, task_measured.qdd, rtol=1e-12)
    np.testing.assert_allclose(
        t_d - t_m, arm.friction_torques(v_d) - arm.friction_torques(v), rtol=1e-9, atol=1e-9
    )
    with pytest.raises(ControlError, match=r"friction_velocity = 'both'"):
        ComputedTorque(arm, 10.0, friction_velocity="both")


def test_observer_takes_the_friction_of_the_last_torque(arm):
    k_o, dt = 50.0, 1e-3
    obs = DisturbanceObserver(arm, k_o, friction_velocity="desired")
    rng = np.random.default_rng(3)
    q0, v0, v_d = rng.uniform(-1, 1, (3, 6))
    acc = rng.uniform(-2, 2, 6)
    v1 = v0 + dt * acc
    q1 = q0 + dt * v1
    obs.update(0.0, q0, v0)
    d = np.array([0.3, -0.2, 0.1, 0.05, -0.04, 0.02])
    qm, vm = 0.5 * (q0 + q1), 0.5 * (v0 + v1)
    tau = arm.inverse_dynamics(qm, vm, acc, friction=False) + arm.friction_torques(v_d) + d
    obs.applied(tau, v_d)
    estimate = obs.update(dt, q1, v1)
    np.testing.assert_allclose(estimate, (1.0 - np.exp(-k_o * dt)) * d, rtol=1e-9, atol=1e-12)
