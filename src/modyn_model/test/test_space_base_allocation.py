"""The thrusters + CMG torque base actuators behind SpaceManipulatorModel's contract (issue 18
stack): S(q), actuation_solve = the allocation of eqs. (49) -> (48), limits, bad input."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("scipy")

from modyn_model import load_model  # noqa: E402
from modyn_model.errors import DescriptionError, StateError  # noqa: E402

ROOT = Path(__file__).resolve().parents[3]
MECH = ROOT / "config" / "mechanisms" / "space_iiwa_actuated.yaml"


@pytest.fixture(scope="module")
def model():
    if not MECH.is_file():
        pytest.skip(f"{MECH} not found (run from the source tree)")
    return load_model(MECH)


def test_actuators_and_s(model):
    assert model.nu == 7 + 12 + 3
    assert model.actuator_names[7:9] == ("thruster_0", "thruster_1")
    assert model.actuator_names[-3:] == ("cmg_torque_x", "cmg_torque_y", "cmg_torque_z")
    np.testing.assert_allclose(model.effort_limit[7:19], 5.0)
    np.testing.assert_allclose(model.effort_limit[19:], 12.33)
    q = model.neutral()
    s = model.actuation_matrix(q)
    np.testing.assert_array_equal(s[:7, 6:], np.eye(7))
    np.testing.assert_array_equal(s[19:, 3:6], np.eye(3))
    # a thruster's row is its force direction and moment about the base origin (eq. 35)
    thr = model.base_actuators[0].thrusters
    np.testing.assert_allclose(s[7, :3], thr.directions[0], atol=1e-15)
    np.testing.assert_allclose(s[7, 3:6], np.cross(thr.positions[0], thr.directions[0]),
                               atol=1e-15)


def test_actuation_solve_realises_a_feasible_tau(model):
    rng = np.random.default_rng(3)
    for _ in range(5):
        q = model.neutral()
        q[7:] = rng.uniform(-1.0, 1.0, 7)
        tau = np.concatenate([rng.uniform(-2, 2, 3), rng.uniform(-3, 3, 3),
                              rng.uniform(-20, 20, 7)])
        u = model.actuation_solve(q, tau)
        np.testing.assert_allclose(model.generalized_forces(q, u), tau, atol=1e-7)
        sigma = u[7:19]
        assert sigma.min() >= 0.0 and sigma.max() <= 5.0
        # fuel-optimal (eq. 49): no cheaper σ gives the same force
        res = model.base_actuators[0].thrusters.allocate(tau[:3])
        assert sigma.sum() <= res.sigma.sum() + 1e-9


def test_saturated_and_bad_demands_degrade(model):
    q = model.neutral()
    act = model.base_actuators[0]
    # 100 N is beyond 12 × 5 N in any direction: the best feasible force, limits kept
    u = model.actuation_solve(q, np.r_[100.0, 0, 0, 0, 0, 50.0, np.zeros(7)])
    assert np.isfinite(u).all()
    assert u[7:19].max() <= 5.0 + 1e-12 and np.abs(u[19:]).max() <= 12.33 + 1e-12
    assert act.status == "infeasible" and "beyond" in act.message
    assert "CMG torque" in act.message  # 50 N m clipped
    # a non-finite τ is refused by the model, naming the coordinate...
    with pytest.raises(StateError, match="floating_base.vx"):
        model.actuation_solve(q, np.r_[np.nan, 0, 0, 0, 0, 0, np.zeros(7)])
    # ...and the allocator alone turns the thrusters off, never NaN
    u = act.allocate_wrench(q, [np.nan, 0, 0, 0, 0, 0])
    assert np.isfinite(u).all() and act.status == "invalid"
    np.testing.assert_array_equal(u, 0.0)


def test_description_errors_name_the_field(tmp_path):
    text = MECH.read_text()
    bad = tmp_path / "bad.yaml"
    bad.write_text(text.replace("cmg_torque_limit: 12.33", "cmg_torque_limit: -1.0")
                   .replace("urdf: ../../urdf/", f"urdf: {ROOT}/urdf/"))
    with pytest.raises(DescriptionError, match="cmg_torque_limit"):
        load_model(bad)
    bad.write_text(text.replace("sigma_max: 5.0", "sigma_max: -5.0")
                   .replace("urdf: ../../urdf/", f"urdf: {ROOT}/urdf/"))
    with pytest.raises(DescriptionError, match="sigma_max"):
        load_model(bad)
    bad.write_text(text.replace("    cmg_torque_limit: 12.33", "    thrust_limit: 3")
                   .replace("urdf: ../../urdf/", f"urdf: {ROOT}/urdf/"))
    with pytest.raises(DescriptionError, match="thrust_limit"):
        load_model(bad)
