"""``ComputedTorque(base_feedback=...)`` on a floating UR5, against Pinocchio's free flyer.

Reference (nobody here wrote it): ``pin.buildModelFromUrdf(ur5, pin.JointModelFreeFlyer())``,
its CRBA M, nonLinearEffects h, RNEA and ABA, and ``pin.difference`` for q_d ⊖ q. With
w = q̈_d + K_d (q̇_d − q̇) + K_p (q_d ⊖ q) and the blocks b (base, 6) / a (arm, 6):

* ``full`` (default): Γ = RNEA(q, q̇, w), [9.22] as written;
* ``decoupled``: Γ_b = M_bb w_b + M_ba q̈_a,d + h_b, Γ_a = RNEA(q, q̇, w)_a; through Pinocchio's
  forward dynamics the closed loop is M (v̇ − w) = [−M_ba (w_a − q̈_a,d); 0] (the only
  departure from [9.23] is the reaction of the arm's feedback, left out of the base demand).
"""

from __future__ import annotations

import importlib.metadata
from pathlib import Path

import numpy as np
import pytest

from modyn_control.computed_torque import ComputedTorque, PredictiveControl
from modyn_control.law_base import Reference
from modyn_control.law_catalog import LawSettings, make_law
from modyn_control.laws import ControlError
from modyn_model import RobotModel
from modyn_model.floating import to_pinocchio_q

pin = pytest.importorskip("pinocchio")

UR5 = "ur_description/urdf/ur5_robot.urdf"
OMEGA = [1.5] * 6 + [20.0] * 6  # the space system's base and arm ω (rad/s)
ZETA = 0.9
TOL = 1e-9


@pytest.fixture(scope="module")
def ur5():
    try:  # the PyPI/cmeel wheel of example-robot-data (its data, no Python module)
        share = importlib.metadata.distribution("example-robot-data").locate_file(
            "cmeel.prefix/share/example-robot-data/robots"
        )
    except importlib.metadata.PackageNotFoundError:
        pytest.skip("example-robot-data is not installed")
    path = str(Path(share) / UR5)
    model = RobotModel.from_urdf(path, floating_base=True)
    pmodel = pin.buildModelFromUrdf(path, pin.JointModelFreeFlyer())
    # a serial arm: Pinocchio's joint order is the URDF chain's, as ours
    assert [pmodel.names[i] for i in range(2, pmodel.njoints)] == list(model.joint_names)
    return model, pmodel, pmodel.createData()


def _states(model, rng):
    """A random state and reference (base pose, twist, joints; desired q, q̇, q̈)."""
    q, q_d = np.zeros(model.nq), np.zeros(model.nq)
    for x in (q, q_d):
        x[:3] = rng.normal(size=3)
        quat = rng.normal(size=4)
        x[3:7] = quat / np.linalg.norm(quat)
        x[7:] = rng.uniform(-2.0, 2.0, size=model.nv - 6)
    v, v_d, a_d = rng.normal(size=(3, model.nv))
    return q, v, Reference(q_d, v_d, a_d)


def _pin_reference(pmodel, pdata, q, v, ref):
    """w, M, h, RNEA(w) from Pinocchio (q_d ⊖ q = pin.difference(q, q_d))."""
    pq, pqd = to_pinocchio_q(q), to_pinocchio_q(ref.q)
    kp = np.square(OMEGA)
    kd = 2.0 * ZETA * np.asarray(OMEGA)
    w = ref.a + kd * (ref.v - v) + kp * pin.difference(pmodel, pq, pqd)
    M = pin.crba(pmodel, pdata, pq).copy()
    M = np.triu(M) + np.triu(M, 1).T  # crba fills the upper triangle
    h = pin.nonLinearEffects(pmodel, pdata, pq, v).copy()
    return w, M, h, pin.rnea(pmodel, pdata, pq, v, w).copy(), pq


def test_full_is_computed_torque_as_written(ur5):
    model, pmodel, pdata = ur5
    rng = np.random.default_rng(18)
    law = ComputedTorque(model, OMEGA, ZETA, friction=False)
    assert law.base_feedback == "full"
    out = np.empty(model.nv)
    for k in range(5):
        q, v, ref = _states(model, rng)
        w, _, _, tau_ref, _ = _pin_reference(pmodel, pdata, q, v, ref)
        law.step(0.01 * k, q, v, ref, out)
        assert np.max(np.abs(law.w - w)) <= TOL * np.max(np.abs(w))
        assert np.max(np.abs(out - tau_ref)) <= TOL * np.max(np.abs(tau_ref))


def test_decoupled_base_rows_and_closed_loop(ur5):
    model, pmodel, pdata = ur5
    rng = np.random.default_rng(47)
    law = ComputedTorque(model, OMEGA, ZETA, friction=False, base_feedback="decoupled")
    out = np.empty(model.nv)
    for k in range(5):
        q, v, ref = _states(model, rng)
        w, M, h, tau_full, pq = _pin_reference(pmodel, pdata, q, v, ref)
        law.step(0.01 * k, q, v, ref, out)
        base_ref = M[:6, :6] @ w[:6] + M[:6, 6:] @ ref.a[6:] + h[:6]
        scale = np.max(np.abs(tau_full))
        assert np.max(np.abs(out[:6] - base_ref)) <= TOL * scale
        assert np.max(np.abs(out[6:] - tau_full[6:])) <= TOL * scale  # joint rows as [9.22]
        # the arm's feedback acceleration really was in the full law's base rows
        feedback = w[6:] - ref.a[6:]
        assert np.max(np.abs(tau_full[:6] - out[:6] - M[:6, 6:] @ feedback)) <= TOL * scale
        assert np.max(np.abs(M[:6, 6:] @ feedback)) > 1.0  # N, N·m: not a vacuous difference
        # closed loop through Pinocchio's ABA: M (v̇ − w) = [−M_ba (w_a − q̈_a,d); 0]
        vdot = pin.aba(pmodel, pdata, pq, v, out)
        residual = M @ (vdot - w)
        expected = np.concatenate([-M[:6, 6:] @ feedback, np.zeros(6)])
        assert np.max(np.abs(residual - expected)) <= 1e-8 * scale


def test_decoupled_through_the_catalog_and_warm_start(ur5):
    model, _, _ = ur5
    rng = np.random.default_rng(3)
    settings = LawSettings(omega=OMEGA, zeta=[ZETA], integral_action=True,
                           base_feedback="decoupled")
    law = make_law("computed_torque", model, settings)
    assert isinstance(law, ComputedTorque) and law.base_feedback == "decoupled"
    q, v, ref = _states(model, rng)
    ref.q[:] = q  # at the reference (a hold hand-over): the gap is the static load
    ref.q[7:] += 0.01
    out = np.empty(model.nv)
    law.reset(q, ref.v)
    law.step(0.0, q, ref.v, ref, out)
    target = out + rng.normal(scale=0.1, size=model.nv)  # a hold torque 0.1 N·m / N away
    law.reset(q, ref.v)
    law.warm_start(0.0, q, ref.v, ref, target)
    # within the integral's clamp (else the match is partial by design)
    assert np.max(np.abs(law.w_integral)) < law.integral_limit
    assert np.max(np.abs(law.w_integral[6:])) > 0.0
    law.step(0.0, q, ref.v, ref, out)
    # the integral enters Γ through [[M_bb, 0], [M_ab, M_aa]] in this mode: matched exactly
    assert np.max(np.abs(out - target)) <= 1e-9 * np.max(np.abs(target))


def test_bad_base_feedback(ur5, rx90_model):
    model, _, _ = ur5
    with pytest.raises(ControlError, match="base_feedback = 'sideways'.*full.*decoupled"):
        ComputedTorque(model, OMEGA, ZETA, base_feedback="sideways")
    with pytest.raises(ControlError, match="has no floating base"):
        ComputedTorque(rx90_model, 10.0, base_feedback="decoupled")
    with pytest.raises(ControlError, match="predictive law has only 'full'"):
        PredictiveControl(model, OMEGA, ZETA, base_feedback="decoupled")
