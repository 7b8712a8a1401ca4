"""The elastic-joint laws (modyn_control.elastic_joint) without ROS and without a plant.

* ``finite_difference_weights``: exact first and second derivatives of a quadratic on
  non-uniform times (the parabola through the last three ticks).
* ElasticJointControl on the nominal motion: fed the link reference q_d(t) (a quintic, smooth),
  its motor reference θ_d = q_d + K⁻¹ τ_r satisfies the link equation [7.35a] exactly
  (A q̈_d + C q̇_d + Q + K (q_d − θ_d) = τ_r − τ_r = 0) and its θ̇_d, θ̈_d are the time
  derivatives of θ_d (central differences of the recorded θ_d, to 1e-5 of their size); at
  the state (q_d, θ_d, q̇_d, θ̇_d) its torque is the motor row of the model's inverse dynamics
  [7.35b] along the reference (the PD and the spring damping then act on zero errors).
* RigidComputedTorque is the existing ComputedTorque [9.22] of the rigid limit (A + Ia) on the
  link part, put on the motors: τ = [0; Γ_rigid].
* A model that is not elastic is refused with a ControlError naming the missing members; the
  two names are accepted by make_law (ALL_LAW_NAMES) but not in the generic LAW_NAMES.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from modyn_control.computed_torque import ComputedTorque
from modyn_control.elastic_joint import (
    ElasticJointControl,
    RigidComputedTorque,
    finite_difference_weights,
)
from modyn_control.law_base import Reference
from modyn_control.law_catalog import ALL_LAW_NAMES, LAW_NAMES, LawSettings, make_law
from modyn_control.laws import ControlError
from modyn_model import load_model

ROOT = Path(__file__).resolve().parents[3]
FILE = ROOT / "config" / "mechanisms" / "rx90_elastic.yaml"
Q0 = np.array([0.0, -0.5, 1.0, 0.0, 0.5, 0.0])
DQ = np.array([0.4, -0.3, 0.4, 0.5, 0.3, 0.6])
T = 0.8


@pytest.fixture(scope="module")
def model():
    return load_model(FILE)


def _quintic(t):
    """A rest-to-rest quintic from Q0 to Q0 + DQ in T s: (q, q̇, q̈)."""
    s = np.clip(t / T, 0.0, 1.0)
    p = 10 * s**3 - 15 * s**4 + 6 * s**5
    dp = (30 * s**2 - 60 * s**3 + 30 * s**4) / T
    ddp = (60 * s - 180 * s**2 + 120 * s**3) / T**2
    return Q0 + p * DQ, dp * DQ, ddp * DQ


def test_finite_difference_weights_exact_on_a_quadratic():
    t0, t1, t2 = 1.0, 0.9993, 0.9981  # non-uniform ticks
    w1, w2 = finite_difference_weights(t0, t1, t2)
    f = np.array([3.0 - 2.0 * t + 5.0 * t * t for t in (t0, t1, t2)])
    assert w1 @ f == pytest.approx(-2.0 + 10.0 * t0, rel=1e-9)
    assert w2 @ f == pytest.approx(10.0, rel=1e-6)


def test_elastic_law_inverts_the_model_on_the_nominal_motion(model):
    law = ElasticJointControl(model, 10.0)
    n, dt = 6, 1e-3
    out = np.zeros(12)
    times = np.arange(0.0, T, dt)
    theta, theta_dot, theta_ddot, link_rows, motor_rows, applied = [], [], [], [], [], []
    theta_prev = None
    for t in times:
        qd, vd, ad = _quintic(t)
        ref = Reference(np.r_[qd, qd], np.r_[vd, vd], np.r_[ad, ad])
        # the robot on the reference: the motors at last tick's θ_d (the law computes this
        # tick's only inside step; its PD acts on θ_d − θ, zero once the history has settled)
        x = np.r_[qd, qd if theta_prev is None else theta_prev]
        law.step(t, x, np.r_[vd, law.theta_d_dot], ref, out)
        theta.append(law.theta_d.copy())
        theta_dot.append(law.theta_d_dot.copy())
        theta_ddot.append(law.theta_d_ddot.copy())
        xd = np.r_[qd, law.theta_d]
        vv = np.r_[vd, law.theta_d_dot]
        aa = np.r_[ad, law.theta_d_ddot]
        gam = model.inverse_dynamics(xd, vv, aa)
        link_rows.append(gam[:n])
        motor_rows.append(gam[n:])
        # the law's torque at the desired state (zero PD and spring-rate errors)
        applied.append(law.step(t, xd, vv, ref, np.zeros(12))[n:].copy())
        theta_prev = law.theta_d.copy()
    theta, theta_dot, theta_ddot = map(np.array, (theta, theta_dot, theta_ddot))
    link_rows, motor_rows, applied = map(np.array, (link_rows, motor_rows, applied))
    inner = slice(5, -5)
    # [7.35a] holds along the reference up to the spring damping's D_k (q̇_d − θ̇_d) =
    # −D_k K⁻¹ τ̇_r (module docstring of elastic_joint: relative size (D_k/K)²)
    dk = model.spring_damping
    expected_link = (dk @ (np.array([_quintic(t)[1] for t in times]) - theta_dot).T).T
    np.testing.assert_allclose(link_rows - expected_link, 0.0, atol=1e-9)
    # θ̇_d, θ̈_d are the derivatives of θ_d
    num = np.gradient(theta, dt, axis=0)
    assert np.abs(theta_dot - num)[inner].max() < 1e-5 * np.abs(theta_dot).max()
    num2 = np.gradient(theta_dot, dt, axis=0)
    assert np.abs(theta_ddot - num2)[inner].max() < 2e-3 * np.abs(theta_ddot).max()
    # the torque at the desired state is the motor row of [7.35b], from the third tick on
    # (the history of τ_r)
    np.testing.assert_allclose(applied[3:], motor_rows[3:], atol=1e-9 * np.abs(motor_rows).max())


def test_rigid_computed_torque_is_the_rigid_limits_law(model):
    law = RigidComputedTorque(model, 10.0)
    rigid = model.rigid_model()
    inner = ComputedTorque(rigid, 10.0, friction_velocity="desired")
    rng = np.random.default_rng(3)
    x, v = rng.uniform(-1, 1, 12), rng.uniform(-1, 1, 12)
    qd, vd, ad = (rng.uniform(-1, 1, 6) for _ in range(3))
    out = law.step(0.0, x, v, Reference(np.r_[qd, qd], np.r_[vd, vd], np.r_[ad, ad]), np.zeros(12))
    expected = inner.step(0.0, x[:6], v[:6], Reference(qd, vd, ad), np.zeros(6))
    np.testing.assert_array_equal(out[:6], 0.0)
    np.testing.assert_allclose(out[6:], expected, rtol=1e-12)
    # the rigid limit: A + Ia
    np.testing.assert_allclose(
        rigid.mass_matrix(x[:6]),
        model.mass_matrix(np.r_[x[:6], x[:6]])[:6, :6] + np.diag(model.rotor_inertia),
        atol=1e-12,
    )


def test_catalog_and_refusals(model):
    for name in ("elastic_joint", "rigid_computed_torque"):
        assert name in ALL_LAW_NAMES and name not in LAW_NAMES
        law = make_law(name, model, LawSettings(omega=[10.0]))
        assert law.name == name and law.nv == 12
    rigid = model.rigid_model()
    for name in ("elastic_joint", "rigid_computed_torque"):
        with pytest.raises(ControlError, match=r"elastic-joint model.*lacks \['link_model'"):
            make_law(name, rigid, LawSettings())
