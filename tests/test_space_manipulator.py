"""A KUKA iiwa 14 on a free-flying 27 kg base tracks the paper's Viviani figure-eight while the
thrusters and the CMG torque stage hold the base, under the four nodes (issue 18, acceptance
"closed loop over DDS").

config/systems/space_iiwa_sim.yaml: hardware_interface (built-in plant, the DQ model
SpaceManipulatorModel, RK4, lockstep sim time at 200 Hz), trajectory_generator,
inverse_dynamics_feedforward and feedback_controller as processes (the runner). The episode
(:func:`modyn_bringup.space_episode.run_viviani_episode`) sends one timed joint trajectory: the
Viviani curve (eq. 51, r = 0.1 m, ζ = 1 rad/s, centre (0.3, 0, 0.7) m, tool down) through the
redundant IK, over one full figure-eight (4π s), with a 0.5 s re-timed start (the paper's curve
starts at 0.1 m/s from rest: its jump saturates thrusters and CMG torque for 60 ms, measured).
The controller's computed torque on the 13 velocity coordinates (base ω = 1.5 rad/s, arm 20
rad/s, ζ = 0.9) gives τ; the model's actuation_solve allocates its base rows: thrusters by the
LP of eq. (49), the CMG torque stage by eq. (48). The CMG steering law (42) and the gimbal and
wheel states are NOT in this loop (they are not plant states of the contract model): they run in
the library-level closed loop (modyn_control.space.simulation, tests of s18-act).

Asserted, measured on this machine (docs/space_manipulator.md, "The stack"):

* no fault latched (position limits in 'fault' mode: joint 4 is widened to ±2.6 rad in the
  system file, the paper's tool-down curve needs −2.34 rad, beyond the iiwa's ±2.094), a step
  every 5 ms recorded, the controller alive 0.5 s past the trajectory's end (hand-over to its
  hold); the bounds below are over the trajectory (t ≤ 4π s): the hold after it lets the base
  swing (2.5 mm, 39 mrad: the strict xfail at the end);
* EE RMS error over the figure-eight < 1 mm (measured 0.511 mm), max < 1.2 mm (0.608 mm): the
  EE follows the curve one control period late; against the curve 5 ms earlier the RMS is
  0.083 mm (< 0.2 mm asserted) — the lag is the controller/plant sampling convention, not the
  laws; the library-level loop with the paper's DQ-PD laws gives 0.55 mm RMS (reading (a), smooth
  start); ×2 margins for the message timing under load;
* the base held: position < 0.1 mm (3.4e-3 mm), attitude < 0.5 mrad (0.029 mrad) — the paper
  claims mm level; the library loop's 0.73 mrad comes from its 20 ms gimbal servo, absent here
  (the CMG stage is its output torque), so the bounds sit between this run and that one;
* actuator limits never exceeded and never reached: σ ∈ [0, 5) N (peak 1.008 N, the library
  loop's 1.017 N), |T_cmg| < 0.9 × 12.33 N m (peak 0.859 N m).
"""

from __future__ import annotations

import importlib.metadata

import numpy as np
import pytest

pytest.importorskip("rclpy")

from modyn_bringup.space_episode import run_viviani_episode  # noqa: E402
from modyn_bringup.system import load_system  # noqa: E402
from modyn_control.inverse_dynamics_feedforward_node import held_base_efforts  # noqa: E402
from modyn_model import load_model  # noqa: E402

pytestmark = pytest.mark.system

CURVE = 4.0 * np.pi  # one figure-eight (s)
STOP = 2.0  # the stopping segment after it (s): the EE decelerates to rest on the curve
DURATION = CURVE + STOP  # the trajectory (s)
AFTER = 1.0  # recorded after the trajectory's end, under the controller's hold (s)
SYSTEM = "space_iiwa_sim"


@pytest.fixture(scope="module")
def episode(tmp_path_factory):
    try:
        importlib.metadata.distribution("scipy")
    except importlib.metadata.PackageNotFoundError:
        pytest.skip("scipy is needed by the thruster allocation")
    spec = load_system(SYSTEM)
    viviani = {"smooth_start": 0.5, "stop_time": CURVE, "stop_duration": STOP}
    ep = run_viviani_episode(spec, duration=DURATION, viviani=viviani, after=AFTER,
                             log_dir=tmp_path_factory.mktemp(SYSTEM))
    model = load_model(spec.robot_description)
    return spec, model, ep


def _during(ep):
    """The steps of the trajectory (t <= its end); the AFTER s after it are the hold's."""
    return ep.t <= DURATION + 1e-9


def _ee(model, q):
    return np.array([model.frame_placement(x, "iiwa_link_ee")[:3, 3] for x in q])


def _ee_error(model, ep, lag=0.0):
    k = _during(ep)
    ref = np.column_stack([np.interp(ep.t[k] - lag, ep.ref_t, ep.ref_p[:, i]) for i in range(3)])
    return np.linalg.norm(_ee(model, ep.q[k]) - ref, axis=1)


def _base_error(q):
    dp = np.linalg.norm(q[:, :3], axis=1)
    quat = q[:, 3:7] * np.sign(q[:, 3:4])
    return dp, 2.0 * np.arctan2(np.linalg.norm(quat[:, 1:], axis=1), quat[:, 0])


def test_runs_without_fault(episode):
    _, model, ep = episode
    assert not ep.faults, ep.faults
    # the controller held on past the trajectory's end (a dead node raises in the episode)
    assert ep.t[-1] >= DURATION + AFTER - 0.01
    # a step every 5 ms from the start (joint_states, base_state and actuator_states matched)
    assert len(ep.t) >= 0.95 * (DURATION + AFTER) / 0.005, len(ep.t)
    assert ep.u.shape[1] == model.nu and np.isfinite(ep.u).all()


def test_tracks_the_viviani_curve(episode):
    _, model, ep = episode
    e = _ee_error(model, ep)
    rms = float(np.sqrt(np.mean(e**2)))
    print(f"EE error: RMS {rms * 1e3:.4f} mm, max {e.max() * 1e3:.4f} mm")
    assert rms < 1e-3, rms
    assert e.max() < 1.2e-3, e.max()
    # no reference lag: the EE is on the curve at the same time, not one control period late
    # (the IK's velocity reference was 6 % short of dθ/dt until this issue: 0.511 mm RMS
    # against the curve, 0.083 mm against the curve 5 ms earlier); the IK alone is at 2e-6 mm,
    # the loop's ZOH and the hold-free base coupling leave measured 0.007 mm (a 3 s run)
    assert rms < 5e-5, rms
    lagged = float(np.sqrt(np.mean(_ee_error(model, ep, lag=0.005) ** 2)))
    print(f"EE error against the curve 5 ms earlier: RMS {lagged * 1e3:.4f} mm")
    assert rms < 0.2 * lagged, (rms, lagged)
    # the curve was actually traversed: the reference spans the figure-eight (0.2 m in x)
    assert np.ptp(ep.ref_p[:, 0]) > 0.19
    # and it ends at rest: the last 5 ms of the reference move the EE by < 1 nm
    assert np.linalg.norm(ep.ref_p[-1] - ep.ref_p[-2]) < 1e-9


def test_the_generator_plays_the_curve_with_feedforward(episode):
    """The curve went goal → trajectory_generator (the floating model's joints planned, the
    base left to the controller) → inverse_dynamics_feedforward (joint torques of the inverse
    dynamics with the base held) → feedback_controller. Cross-checks of the feed-forward
    against what the controller applied (its computed torque on the whole floating model at the
    measured state, actuator_states one step later: the command of t acts over [t, t + dt]):
    the joint torques agree within 5 % of their peak, the base rows of the same inverse
    dynamics (the arm's reaction) with the base wrench Sᵀu the thrusters and the CMG stage gave
    within 5 % of its peak — the difference is the feedback on µm-level errors and the base's
    own small motion; the start (0.2 s, where the spline starts at rest with q̈ = 0 while the
    re-timed curve starts with ü = ζ/T_s) is left out."""
    spec, model, ep = episode
    tr = ep.trajectory
    assert tr is not None and tr["effort"].shape == tr["q"].shape == (len(tr["t"]), 7)
    # planned by the generator: sampled every 5 ms (its sample_period), from rest to rest
    assert np.allclose(np.diff(tr["t"]), 0.005, atol=1e-9)
    assert abs(tr["t"][-1] - ep.ref_t[-1]) < 1e-6  # its last waypoint, the IK's last sample
    assert np.abs(tr["v"][[0, -1]]).max() < 1e-9 and np.abs(tr["v"]).max() > 0.05
    hw = next(n for n in spec.nodes if n.executable == "hardware_interface")
    base_q = np.asarray(hw.parameters["initial_positions"], dtype=float)[:7]
    tau, wrench = held_base_efforts(model, _Arrays(tr["q"], tr["v"], tr["a"]), base_q, False)
    np.testing.assert_allclose(tau, tr["effort"], rtol=0, atol=1e-9)  # what the node sent
    k = (ep.t >= 0.2 + 0.005) & _during(ep)
    at = ep.t[k] - 0.005 - tr["stamp"]
    ff = np.column_stack([np.interp(at, tr["t"], tr["effort"][:, i]) for i in range(7)])
    applied = ep.u[k][:, :7]
    gap = np.abs(applied - ff).max()
    peak = np.abs(tr["effort"]).max()
    print(f"joint torques: feed-forward peak {peak:.4f} N m, |applied − ff| max {gap:.4f} N m")
    assert gap < 0.05 * peak, (gap, peak)
    base_ff = np.column_stack([np.interp(at, tr["t"], wrench[:, i]) for i in range(6)])
    base_applied = np.array([model.generalized_forces(q, u)[:6]
                             for q, u in zip(ep.q[k], ep.u[k], strict=True)])
    f_peak = np.linalg.norm(wrench[:, :3], axis=1).max()
    m_peak = np.linalg.norm(wrench[:, 3:], axis=1).max()
    f_gap = np.linalg.norm(base_applied[:, :3] - base_ff[:, :3], axis=1).max()
    m_gap = np.linalg.norm(base_applied[:, 3:] - base_ff[:, 3:], axis=1).max()
    print(f"base reaction (feed-forward): peak {f_peak:.3f} N, {m_peak:.3f} N m; applied − ff "
          f"max {f_gap:.4f} N, {m_gap:.4f} N m")
    assert f_gap < 0.05 * f_peak and m_gap < 0.05 * m_peak, (f_gap, m_gap)
    # note §11's estimate of the reaction: ~1.0 N, 1.0 N m
    assert 0.5 < f_peak < 2.0 and 0.5 < m_peak < 2.0, (f_peak, m_peak)


class _Arrays:
    """The fields of modyn_control.messages.TrajectoryArrays that held_base_efforts reads."""

    def __init__(self, q, v, a):
        self.q, self.v, self.a = q, v, a


def test_holds_the_base(episode):
    _, _, ep = episode
    dp, angle = _base_error(ep.q[_during(ep)])
    print(f"base: position max {dp.max() * 1e3:.4f} mm, attitude max {angle.max() * 1e3:.4f} mrad")
    assert dp.max() < 1e-4, dp.max()
    assert angle.max() < 5e-4, angle.max()


def test_actuator_limits(episode):
    _, model, ep = episode
    names = list(model.actuator_names)
    thr = [i for i, n in enumerate(names) if n.startswith("thruster_")]
    cmg = [i for i, n in enumerate(names) if n.startswith("cmg_torque_")]
    assert len(thr) == 12 and len(cmg) == 3
    sigma, t_cmg = ep.u[_during(ep)][:, thr], ep.u[_during(ep)][:, cmg]
    lim = np.asarray(model.effort_limit)
    print(f"thrust [{sigma.min():.3f}, {sigma.max():.3f}] N, |T_cmg| max "
          f"{np.abs(t_cmg).max():.3f} N m")
    assert sigma.min() >= 0.0 and np.all(sigma <= lim[thr])
    assert np.all(np.abs(t_cmg) <= lim[cmg])
    assert sigma.max() < lim[thr].min()  # no thruster at its limit
    assert np.abs(t_cmg).max() < 0.9 * lim[cmg].min()
    # the thrusters do work (the base force of the arm's reaction is theirs)
    assert sigma.max() > 0.1


def test_holds_the_base_after_the_end(episode):
    """The trajectory ends at rest (the stopping segment), so the hand-over to the controller's
    hold has no arm motion to stop: the base stays within the bounds of the run (position
    < 0.1 mm, attitude < 0.5 mrad, the paper's "mm level" with the margins of
    test_holds_the_base) for AFTER s, and it settles: its angular rate at the end is below
    half its peak after the end. Before the stopping segment the hold stopped an arm moving at
    0.1 m/s: 2.5 mm and 39 mrad within 0.5 s (docs/space_manipulator.md)."""
    _, model, ep = episode
    after = ~_during(ep)
    dp, angle = _base_error(ep.q[after])
    w = np.linalg.norm(ep.twist[after][:, 3:], axis=1)
    print(f"after the end: base position max {dp.max() * 1e3:.4f} mm, attitude max "
          f"{angle.max() * 1e3:.4f} mrad, |ω| peak {w.max():.2e} rad/s, last {w[-1]:.2e} rad/s")
    assert dp.max() < 1e-4 and angle.max() < 5e-4, (dp.max(), angle.max())
    assert w[-1] < 0.5 * w.max(), (w[-1], w.max())
    # the arm stays where the curve ended (the EE within 0.5 mm of the last reference point,
    # the base attitude error times the ~1 m lever arm included)
    e = np.linalg.norm(_ee(model, ep.q[after]) - ep.ref_p[-1], axis=1)
    print(f"after the end: EE from the last reference point max {e.max() * 1e3:.4f} mm")
    assert e.max() < 5e-4, e.max()
