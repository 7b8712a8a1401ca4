"""The paper's §5 scenarios at library level (issue 18, note §10.2–10.3, §11).

* §5.1 open loop: the base forced by F = T = sin t [1, 2, 3] with passive joints; EE and base
  positions against the note §11 table (computed by the note's author with an independent
  Featherstone implementation, DOP853 rtol 1e-11; the table has 6 decimals and agrees with RK45
  at rtol 1e-9 to ~1e-6 m, hence the 2e-6 m tolerance).
* §5.2 closed loop: the iiwa tracks the Viviani curve while the thrusters (LP, eq. 49) and the
  VSCMGs (eq. 42) hold the base (eq. 47). Short horizons (2 s, 1.5 s) keep the test fast; the
  full 4π s run is bench/space_figures.py (numbers in docs/space_manipulator.md §5.2).

Bounds and their margins (measured values in the comments, on this machine; the simulation is
deterministic fixed-step RK4, so the margins only absorb BLAS/LP-solver round-off and future
small model changes, not noise):
* base position: the paper claims "mm level"; measured 14 µm → bound 0.1 mm (7×, still 10×
  below the paper's claim);
* base attitude: measured 0.73 mrad, set by the 20 ms gimbal-rate servo lag against the
  arm-reaction torque rate (≈ 1 N·m/s · 0.02 s / (J ω_n²)) → bound 1.5 mrad (2.2×);
* EE, joint reading (a): RMS measured 0.446 mm (smooth start 0.5 s; 0.74 mm before the IK's
  velocity fix of the trajectory work) → bound 1.5 mm (3.4×). It is the base attitude error
  times the lever arm (0.73 mrad × ~0.9 m ≈ 0.66 mm peak, 0.80 mm EE max): reading (a) tracks
  joint references computed at the base's desired pose. The task reading (b) measures the EE in
  the world and compensates: RMS measured 0.027 mm (0.23 mm before the IK fix) → bound 0.5 mm;
* actuators: σ ∈ [0, 5] N and |γ̇| ≤ 1 rad/s are hard limits (asserted exactly); the peaks are
  also asserted well inside them (thrust < 2.5 N, |γ̇| < 0.5 rad/s: the note §11 disturbance
  estimate, ~1 N and ~1 N·m, needs a fraction of the authority).
"""

from __future__ import annotations

import numpy as np
import pytest

from modyn_control.space.simulation import (
    ClosedLoopConfig,
    simulate_closed_loop,
    simulate_open_loop,
    space_iiwa_model,
)
from modyn_model.mechanisms.space.cmg import CMGCluster
from modyn_model.mechanisms.space.thrusters import ThrusterCluster

pytestmark = pytest.mark.scenario

#: note §11, section-5.1 scenario: t, EE xyz, base xyz (m)
TABLE_51 = np.array([
    [1, 0.000108, -0.014371, 1.455555, -0.015818, 0.012394, 0.015428],
    [2, 0.000574, -0.086399, 1.408004, -0.027528, -0.007665, 0.123133],
    [3, 0.009073, -0.175384, 1.462829, 0.055738, 0.059198, 0.238940],
    [4, -0.006156, -0.248562, 1.500887, 0.041749, 0.148312, 0.369980],
    [5, -0.046208, -0.318307, 1.346136, 0.038217, 0.131124, 0.485852],
    [6, -0.037247, -0.235462, 1.029513, 0.100906, 0.112157, 0.524442],
    [7, 0.038847, 0.100782, 0.846353, 0.148955, 0.137795, 0.561625],
    [8, 0.131173, 0.498589, 0.897371, 0.124930, 0.146746, 0.704212],
    [9, -0.239873, 0.200992, 1.045966, 0.084354, 0.034421, 0.810569],
    [10, -0.088403, -0.099962, 0.891284, 0.103035, -0.002205, 0.919191],
])


@pytest.fixture(scope="module")
def actuators():
    return ThrusterCluster.default(), CMGCluster.pyramid()


def test_open_loop_base_forcing_matches_note_table():
    model = space_iiwa_model()  # base + arm only (§5.1 has no actuators)
    ee, base, final = simulate_open_loop(model, np.r_[0.0, TABLE_51[:, 0]], rtol=1e-10,
                                         atol=1e-10)
    np.testing.assert_allclose(ee[0], [0, 0, 1.456], atol=1e-11)  # rpy π round-off
    np.testing.assert_allclose(ee[1:], TABLE_51[:, 1:4], atol=2e-6)
    np.testing.assert_allclose(base[1:], TABLE_51[:, 4:7], atol=2e-6)
    # joint 1 winds up (the base spins under T_z with joint 1 free): note §11, −71.0624 rad
    assert final[7] == pytest.approx(-71.0624, abs=1e-3)


def _check_limits(res, thr, cmg):
    assert np.all(np.isfinite(res.ee)) and np.all(np.isfinite(res.sigma))
    assert res.sigma.min() >= thr.sigma_min.min() - 1e-9
    assert res.sigma.max() <= thr.sigma_max.max() + 1e-9
    assert np.abs(res.gimbal_rate).max() <= cmg.gimbal_rate_max + 1e-12
    assert set(res.statuses) <= {"optimal", "ok"}, res.messages


def test_closed_loop_joint_reading_holds_base_and_tracks(actuators):
    thr, cmg = actuators
    model = space_iiwa_model(cmg)
    res = simulate_closed_loop(model, thr, cmg, ClosedLoopConfig(duration=2.0, smooth_start=0.5))
    s = res.summary()
    print(s)
    _check_limits(res, thr, cmg)
    assert s["base_pos_max"] < 1e-4       # measured 1.4e-5 m
    assert s["base_att_max"] < 1.5e-3     # measured 7.3e-4 rad
    assert s["ee_rms"] < 1.5e-3           # measured 4.46e-4 m (7.4e-4 before the IK fix)
    assert s["sigma_max"] < 2.5 and s["gimbal_rate_max"] < 0.5
    # the arm's reaction is real: without the eq. (47) feed-forward the base drifts much more
    res_noff = simulate_closed_loop(model, thr, cmg,
                                    ClosedLoopConfig(duration=1.0, smooth_start=0.5,
                                                     feedforward=False))
    s0 = res_noff.summary()
    print(s0)
    assert s0["base_pos_max"] > 10 * s["base_pos_max"]   # measured 0.82 mm vs 14 µm
    assert s0["base_att_max"] > 3 * s["base_att_max"]    # measured 12.3 mrad vs 0.73


def test_closed_loop_task_reading(actuators):
    thr, cmg = actuators
    model = space_iiwa_model(cmg)
    res = simulate_closed_loop(model, thr, cmg, ClosedLoopConfig(duration=1.5, smooth_start=0.5,
                                                                 reading="task"))
    s = res.summary()
    print(s)
    _check_limits(res, thr, cmg)
    assert s["ee_rms"] < 5e-4             # measured 2.7e-5 m (2.3e-4 before the IK fix)
    assert s["base_pos_max"] < 1e-4 and s["base_att_max"] < 1.5e-3


def test_closed_loop_same_on_the_dq_model(actuators):
    """The same closed loop with the DQ SpaceManipulatorModel (the paper's recursion and matrix
    form, s18-dq) as plant and controller model: identical to round-off (measured 1e-16 m)."""
    thr, cmg = actuators
    cfg = ClosedLoopConfig(duration=0.25, smooth_start=0.5)
    ra = simulate_closed_loop(space_iiwa_model(cmg), thr, cmg, cfg)
    rb = simulate_closed_loop(space_iiwa_model(cmg, kind="dq"), thr, cmg, cfg)
    np.testing.assert_allclose(rb.ee, ra.ee, atol=1e-12)
    np.testing.assert_allclose(rb.base_pos, ra.base_pos, atol=1e-12)
    np.testing.assert_allclose(rb.base_att, ra.base_att, atol=1e-12)
    np.testing.assert_allclose(rb.sigma, ra.sigma, atol=1e-9)


def test_closed_loop_saturated_actuators_degrade_gracefully():
    """Thrusters limited to 0.3 N and gimbals to 0.03 rad/s against the paper's start (the arm's
    reaction peaks at 8 N / 4 N·m): the allocator reports the infeasible demands and the
    rate-limited steering, the commands stay inside the limits, nothing is NaN, and the base
    drifts by a bounded amount instead of the loop failing."""
    cmg = CMGCluster.pyramid(gimbal_rate_max=0.03)
    thr = ThrusterCluster.from_config({"sigma_max": 0.3})
    res = simulate_closed_loop(space_iiwa_model(cmg), thr, cmg, ClosedLoopConfig(duration=0.5))
    s = res.summary()
    print(s, res.statuses)
    assert np.all(np.isfinite(res.ee)) and np.all(np.isfinite(res.base_att))
    assert res.sigma.max() <= 0.3 + 1e-12 and res.sigma.min() >= -1e-12
    assert np.abs(res.gimbal_rate).max() <= 0.03 + 1e-12
    assert res.statuses.get("infeasible", 0) > 0 and res.statuses.get("rate_limited", 0) > 0
    assert "beyond the thruster cluster" in res.messages[0]
    assert "scale the command" in res.messages[0]
    # bounded degradation: measured over 0.5 s 0.78 mm and 22 mrad (nominal: 14 µm, 0.7 mrad);
    # bounds 2.6× and 2.3× those (the saturated loop is as deterministic as the nominal one)
    assert s["base_pos_max"] < 2e-3 and s["base_att_max"] < 0.05
