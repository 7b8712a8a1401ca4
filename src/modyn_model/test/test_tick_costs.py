"""The per-tick restructurings of issue 21 (bench/mechanism_ticks.py) give the old results.

* ``kinematics.forward_kinematics`` keeps its last single-configuration result on the model and
  returns it for the same q: equal to the batched path (never memoized) to 1e-12 whatever the
  order of the calls; the caller owns (may write into) what it gets without changing the kept
  result; a caller's q array changed in place is a new q.
* A constraint's rows at v = None come from one ``frame_motion`` at v = 0 instead of
  ``frame_placement`` + ``frame_jacobian``: φ and J equal to the old calls to 1e-12 on random
  states of solo12 on four feet (frame origins and an offset point) and with a frame contact;
  ``actuation_solve`` equal to the least-norm solve on the old J.
"""

from __future__ import annotations

import numpy as np
import pytest

from modyn_model import kinematics
from modyn_model.constraints import ConstrainedModel, FrameContact, PointContact
from modyn_model.constraints.solve import resolve_inverse_dynamics
from modyn_model.floating import FloatingBaseModel

FEET = ("FL_FOOT", "FR_FOOT", "HL_FOOT", "HR_FOOT")
TOL = 1e-12


@pytest.fixture(scope="module")
def solo12(erd_path) -> FloatingBaseModel:
    return FloatingBaseModel.from_urdf(erd_path("solo_description/robots/solo12.urdf"))


def _state(rng, model):
    q = model.neutral()
    q[:3] = rng.uniform(-0.5, 0.5, 3)
    quat = rng.normal(size=4)
    q[3:7] = quat / np.linalg.norm(quat)
    q[7:] = rng.uniform(-1.0, 1.0, model.nq - 7)
    return q


def test_forward_kinematics_memo_equals_the_batched_path(solo12):
    limb = solo12.limb_model
    rng = np.random.default_rng(21)
    qs = [rng.uniform(-2.0, 2.0, limb.n) for _ in range(3)]
    ref = [kinematics.forward_kinematics(limb, q[None])  for q in qs]  # batch: no memo
    for i in (0, 0, 1, 2, 1, 1, 0, 2, 2):  # hits and misses in every order
        o_rot, o_pos = kinematics.forward_kinematics(limb, qs[i])
        assert np.abs(o_rot - ref[i][0][0]).max() <= TOL
        assert np.abs(o_pos - ref[i][1][0]).max() <= TOL
        # the caller owns its arrays: writing into them does not change the next hit
        o_rot[...] = np.nan
        o_pos[...] = np.nan
    # the same array object changed in place is another configuration
    q = qs[0].copy()
    kinematics.forward_kinematics(limb, q)
    q[:] = qs[1]
    o_rot, o_pos = kinematics.forward_kinematics(limb, q)
    assert np.abs(o_pos - ref[1][1][0]).max() <= TOL
    assert np.abs(o_rot - ref[1][0][0]).max() <= TOL


def _old_rows(model: ConstrainedModel, q):
    """φ, J as ConstrainedModel._evaluate(q) built them before: frame_placement and
    frame_jacobian per constraint (PointContact / FrameContact formulas of kinds.py)."""
    from modyn_model.so3 import rotation_log

    base = model.model
    phis, jacs = [], []
    for c in model.constraints:
        t, jac = base.frame_placement(q, c.frame), base.frame_jacobian(q, c.frame)
        if isinstance(c, PointContact):
            r = t[:3, :3] @ c.point
            phis.append(t[:3, 3] + r - c.anchor)
            jw = jac[3:]
            skew_r = np.array([[0, -r[2], r[1]], [r[2], 0, -r[0]], [-r[1], r[0], 0]])
            jacs.append(jac[:3] - skew_r @ jw)
        else:
            a = c.anchor_pose
            err = rotation_log(a[:3, :3].T @ t[:3, :3])
            phis.append(np.concatenate((t[:3, 3] - a[:3, 3], err @ a[:3, :3].T)))
            jacs.append(jac)
    return np.concatenate(phis), np.vstack(jacs)


@pytest.mark.parametrize("offset", [(0.0, 0.0, 0.0), (0.01, -0.02, 0.015)])
def test_constraint_rows_from_one_pass_equal_placement_and_jacobian(solo12, offset):
    q0 = solo12.neutral()
    q0[7:] = np.tile([0.0, 0.8, -1.6], 4)
    contacts = [PointContact(f, f, point=offset) for f in FEET[:3]]
    contacts.append(FrameContact("HR", FEET[3]))  # 6 rows, the rotation residual
    model = ConstrainedModel(solo12, contacts, q0=q0)
    rng = np.random.default_rng(7)
    for _ in range(5):
        q = _state(rng, solo12)
        phi_old, jac_old = _old_rows(model, q)
        assert np.abs(model.constraint_residual(q) - phi_old).max() <= TOL
        assert np.abs(model.constraint_jacobian(q) - jac_old).max() <= TOL
        tau = rng.normal(0.0, 5.0, solo12.nv)
        u_old, _ = resolve_inverse_dynamics(
            tau, solo12.actuation_matrix(q), jac_old, model._row_names, solo12.actuator_names
        )
        assert np.abs(model.actuation_solve(q, tau) - u_old).max() <= TOL * max(
            1.0, np.abs(u_old).max()
        )


def test_cmg_steering_terms_from_one_axes_call_equal_the_old_formulas():
    """eq. (41)'s G and w and the singularity measure from one axes() call and explicit cross
    products = the np.cross / np.hstack formulas they replace, to 1e-12; steer's realised torque
    is −(G x + w) with those G, w."""
    from modyn_model.mechanisms.space.cmg import CMGCluster

    c = CMGCluster.pyramid()
    rng = np.random.default_rng(42)
    for i in range(6):
        gamma = rng.uniform(-np.pi, np.pi, c.K)
        Omega = rng.uniform(50.0, 300.0, c.K)
        omega = rng.normal(0.0, 0.3, 3)
        a_s, a_t, a_g = c.axes(gamma)
        C = a_t * (c.I_ws * Omega) + np.cross(omega, a_g.T).T * c.I_cg
        g_old = np.hstack([C, a_s * c.I_ws])
        w_old = np.cross(omega, a_s @ (c.I_ws * Omega))
        g_new, w_new = c.steering_matrix(gamma, Omega, omega)
        assert np.abs(g_new - g_old).max() <= TOL * np.abs(g_old).max()
        assert np.abs(w_new - w_old).max() <= TOL * max(1.0, np.abs(w_old).max())
        scaled = a_t * (Omega / c.Omega0)
        m_old = float(np.linalg.det(scaled @ scaled.T))
        assert abs(c.singularity_measure(gamma, Omega) - m_old) <= TOL
        torque = rng.normal(0.0, 2.0, 3)
        r = c.steer(torque, gamma, Omega, omega, t=0.1 * i)
        realised = -(g_old @ np.concatenate([r.gimbal_rate, r.wheel_accel]) + w_old)
        assert np.abs(r.torque - realised).max() <= TOL * max(1.0, np.abs(realised).max())
        assert r.measure == pytest.approx(m_old, abs=TOL)


def test_quadruped_state_pass_on_a_cached_position_pass_equals_a_full_pass():
    """QuadrupedTailModel.kinematics(q, v) after kinematics(q) (a plant step: S(q) for Sᵀu, then
    the dynamics at (q, v)) adds the velocity terms to the cached position pass: every field
    equal to a full kinematics(params, q, v) pass to 1e-12, and the forward dynamics equal to a
    fresh model's, on 5 states near the standing pose."""
    from dataclasses import fields
    from pathlib import Path

    from modyn_model import load_model
    from modyn_model.mechanisms.quadruped_tail.kinematics import kinematics as full_pass

    yaml = Path(__file__).resolve().parents[3] / "config" / "mechanisms" / "quadruped_tail.yaml"
    model, fresh = load_model(yaml), load_model(yaml)
    rng = np.random.default_rng(3)
    q0 = np.array([0.2, 0.3, 0.4, 0.0, 0.0, 0.0, 0.0, 0.0])
    for _ in range(5):
        q = q0 + rng.uniform(-0.02, 0.02, 8)
        v = rng.uniform(-0.5, 0.5, 8)
        tau = rng.normal(0.0, 20.0, 8)
        model.actuation_matrix(q)  # the position pass, cached
        k = model.kinematics(q, v)
        ref = full_pass(model.params, q, v)
        for f in fields(ref):
            a, b = getattr(k, f.name), getattr(ref, f.name)
            if isinstance(b, np.ndarray):
                assert np.abs(np.asarray(a) - b).max(initial=0.0) <= TOL, f.name
            else:
                assert a == b, f.name
        model.actuation_matrix(q)
        got = model.forward_dynamics(q, v, tau)
        want = fresh.forward_dynamics(q, v, tau)
        assert np.abs(got - want).max() <= TOL * max(1.0, np.abs(want).max())
