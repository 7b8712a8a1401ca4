"""The laws' friction term for a model with coupled friction (contract ``coupled_friction``):
the Case S geared arm with motor friction, Γf(v) = Sᵀ (Fv S v + Fc sign(S v)), not per joint.

* FrictionTerm.add adds exactly ``model.friction_forces(v)`` (zero velocity and a motor at rest
  included), which differs from the per-coordinate law of the arrays (all zero here).
* computed_torque with ``friction_velocity="desired"``: Γ = NE₀(q, q̇, w) + Γf(q̇_d), Γf the
  model's coupled friction at q̇_d; with ``"measured"``: NE(q, q̇, w) with Γf(q̇) (the model's
  own inverse dynamics, which holds the coupled friction); the difference of the two is
  Γf(q̇_d) − Γf(q̇).
* The disturbance observer of such a law takes the coupled Γf at the q̇_d of the last torque:
  δ̂ = α d exactly.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
import yaml

from modyn_control.computed_torque import ComputedTorque
from modyn_control.disturbance_observer import DisturbanceObserver
from modyn_control.friction import FrictionTerm
from modyn_control.law_base import Reference
from modyn_model import RobotModel
from modyn_model.dynamics.friction import friction_torques
from modyn_model.mechanisms.geared import GearedModel, Transmission

ROOT = Path(__file__).resolve().parents[3]
CASE_S = ROOT / "config" / "mechanisms" / "geared3_case_s.yaml"
XACRO = ROOT / "urdf" / "geared3.urdf.xacro"


@pytest.fixture(scope="module")
def geared():
    d = yaml.safe_load(CASE_S.read_text())
    for a, x, y in zip(d["actuators"].values(), [0.05, 0.04, 0.03], [0.2, 0.15, 0.1], strict=True):
        a.update(viscous=x, coulomb=y)
    model = GearedModel(RobotModel.from_xacro(XACRO), Transmission.from_mapping(d, "case_s_fric"))
    assert model.coupled_friction
    return model


def test_friction_term_is_the_models_coupled_friction(geared):
    term = FrictionTerm(geared)
    s = geared.structure_matrix.T  # φ̇ = S v
    rng = np.random.default_rng(4)
    at_rest = np.linalg.solve(s, [0.0, 1.0, -2.0])  # motor 4 at rest, the others turning
    for v in (np.zeros(3), rng.normal(size=3), rng.normal(size=3) * 1e-3, at_rest):
        out = np.full(3, 0.25)
        term.add(v, out)
        ref = geared.friction_forces(v)
        np.testing.assert_allclose(out - 0.25, ref, rtol=1e-14, atol=1e-15)
        rate = s @ v
        np.testing.assert_allclose(
            ref,
            s.T
            @ (np.array([0.05, 0.04, 0.03]) * rate + np.array([0.2, 0.15, 0.1]) * np.sign(rate)),
            rtol=1e-12,
            atol=1e-14,
        )
        if np.any(v):
            # not the per-coordinate law the arrays would give (zero: no URDF friction)
            assert np.max(np.abs(ref - friction_torques(geared, v))) > 1e-3


def test_computed_torque_takes_the_coupled_friction(geared):
    rng = np.random.default_rng(5)
    q, v, q_d, v_d, a_d = rng.uniform(-1, 1, (5, 3))
    ref = Reference(q_d, v_d, a_d)
    desired = ComputedTorque(geared, 10.0, friction_velocity="desired")
    measured = ComputedTorque(geared, 10.0, friction_velocity="measured")
    tau_d = desired.step(0.0, q, v, ref, np.zeros(3)).copy()
    tau_m = measured.step(0.0, q, v, ref, np.zeros(3)).copy()
    w = desired.w
    np.testing.assert_allclose(
        tau_d,
        geared.inverse_dynamics(q, v, w, friction=False) + geared.friction_forces(v_d),
        rtol=1e-10,
        atol=1e-10,
    )
    np.testing.assert_allclose(
        tau_m,
        geared.inverse_dynamics(q, v, w, friction=False) + geared.friction_forces(v),
        rtol=1e-10,
        atol=1e-10,
    )
    np.testing.assert_allclose(
        tau_d - tau_m, geared.friction_forces(v_d) - geared.friction_forces(v), atol=1e-10
    )


def test_observer_takes_the_coupled_friction_of_the_last_torque(geared):
    k_o, dt = 50.0, 1e-3
    obs = DisturbanceObserver(geared, k_o, friction_velocity="desired")
    rng = np.random.default_rng(6)
    q0, v0, v_d = rng.uniform(-1, 1, (3, 3))
    acc = rng.uniform(-2, 2, 3)
    v1 = v0 + dt * acc
    q1 = q0 + dt * v1
    obs.update(0.0, q0, v0)
    d = np.array([0.3, -0.2, 0.1])
    qm, vm = 0.5 * (q0 + q1), 0.5 * (v0 + v1)
    tau = geared.inverse_dynamics(qm, vm, acc, friction=False) + geared.friction_forces(v_d) + d
    obs.applied(tau, v_d)
    estimate = obs.update(dt, q1, v1)
    np.testing.assert_allclose(estimate, (1.0 - np.exp(-k_o * dt)) * d, rtol=1e-9, atol=1e-12)
