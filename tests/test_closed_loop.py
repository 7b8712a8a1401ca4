"""The closed loop as real processes over DDS, started by the system runner (issue 3).

* On the 6R arm, the inverse-dynamics feed-forward lowers the RMS tracking error at least 10x
  against PD alone with the same gains.
* Two lockstep runs give the same joint trajectory to 1e-12 (sim time, not the machine's load,
  decides every step).
* Killing the feedback controller mid-motion leaves the plant holding its pose (the
  hardware_interface's command watchdog latches the safe hold, gravity compensation + PD,
  after ``watchdog_timeout``, and reports it in /diagnostics).
* The runner fails loudly (non-zero exit, the node's log) when a node cannot start.
"""

from __future__ import annotations

import re
import subprocess
import sys

import numpy as np
import pytest

pytest.importorskip("rclpy")

from modyn_bringup.episode import Goal, run_episode, tracking_errors  # noqa: E402
from modyn_bringup.system import load_system  # noqa: E402

pytestmark = pytest.mark.system

GOAL = [Goal([[0.8, -0.9, 1.6, 0.6, -0.5, 1.0]])]


def _overall_rms(errors: dict) -> float:
    return float(np.sqrt(np.mean(errors["rms"] ** 2)))


# lockstep is deterministic as long as every command arrives; a command later than
# watchdog_timeout (wall) latches the safe hold, which is not. The default 0.5 s can be
# exceeded on a loaded 2-core CI machine, so these runs give the controller 10 s.
PATIENT = ["hardware_interface.watchdog_timeout=10.0"]


@pytest.fixture(scope="module")
def feedforward_run():
    return run_episode(load_system("rx90_sim", PATIENT), GOAL)


def test_feedforward_beats_pd_alone_tenfold(feedforward_run):
    pd_run = run_episode(
        load_system("rx90_sim", [*PATIENT, "feedback_controller.feedforward=false"]), GOAL
    )
    ff, pd = tracking_errors(feedforward_run), tracking_errors(pd_run)
    assert ff["samples"] > 500 and pd["samples"] > 500, "the motion was not recorded"
    ratio = _overall_rms(pd) / _overall_rms(ff)
    assert ratio >= 10.0, (
        f"feed-forward RMS {_overall_rms(ff):.3e} vs PD {_overall_rms(pd):.3e} (x{ratio:.1f})"
    )
    # the arm reached the goal in both runs' trajectories
    np.testing.assert_allclose(feedforward_run.q[-1], GOAL[0].waypoints[-1], atol=5e-3)


def test_two_lockstep_runs_are_identical(feedforward_run):
    again = run_episode(load_system("rx90_sim", PATIENT), GOAL)
    first = feedforward_run
    # both runs record from the plant's first state; compare on the common stamps
    common, i, j = np.intersect1d(np.round(first.t, 9), np.round(again.t, 9), return_indices=True)
    assert len(common) > 1000
    np.testing.assert_allclose(again.q[j], first.q[i], rtol=0, atol=1e-12)
    np.testing.assert_allclose(again.effort[j], first.effort[i], rtol=0, atol=1e-9)


def test_plant_holds_when_the_controller_dies(tmp_path):
    # lockstep: the plant waits (sim time stands still) until the watchdog fires, so its timeout
    # does not change the motion; 2 s rather than the default 0.5 s, so that a controller
    # stalled for a moment by a loaded machine (seen: > 0.5 s on 2 busy cores) is not taken for a
    # dead one before the kill: the latched fault would then stop the motion before it started
    # the motion runs from plant time 1.0 s to ~2.1 s; the controller kills itself on the state
    # stamped 1.2 s (its parameter die_at): the same run on any machine (killed from this
    # process, the kill came wherever this process saw the plant when it got its turn)
    spec = load_system(
        "rx90_sim", ["hardware_interface.watchdog_timeout=2.0", "feedback_controller.die_at=1.2"]
    )
    state = {"killed": False}

    def kill_mid_motion(runner, node, records):
        # with on_running set, run_episode leaves dead nodes to this callback: a plant that dies
        # must fail the test at once, with its log, not as a timeout
        if "hardware_interface" in runner.dead():
            raise AssertionError(
                f"hardware_interface died:\n{runner.log_tail('hardware_interface', 40)}"
            )
        state["killed"] = state["killed"] or runner.dead().get("feedback_controller") == -9

    # the episode still ends: the plant keeps stepping, in safe hold, once commands stop
    episode = run_episode(
        spec, GOAL, on_running=kill_mid_motion, settle=1.0, timeout=60.0, log_dir=tmp_path
    )
    assert state["killed"]
    # the plant's own log says at which step the commands stopped: the hold starts there
    log = (tmp_path / "hardware_interface.log").read_text()
    found = re.search(r"no command for step t = ([0-9.]+) s", log)
    assert found, f"the plant never reported the missing commands:\n{log[-2000:]}"
    t_miss = float(found.group(1))
    after = episode.t >= t_miss - 1e-9
    t, q, v = episode.t[after], episode.q[after], episode.v[after]
    assert np.max(np.abs(v[0])) > 0.3, f"the arm was not moving when commands stopped: {v[0]}"
    assert t[-1] - t[0] > 1.0, f"the plant advanced only {t[-1] - t[0]:.3f} s after the miss"
    drift = np.max(np.abs(q - q[0]), axis=0)
    print(
        f"\nkill: commands stopped at t = {t_miss} s, |v| {np.abs(v[0]).max():.2f} rad/s, drift {drift}"
    )
    assert np.all(drift < 0.05), f"joint drift after the controller died: {drift} rad"
    # settled: over the last 0.5 s the pose stays within 10 mrad. Not exactly still: with
    # Coulomb friction Fc against the hold's PD the wrist has a dead band of Fc/Kp ~ 0.03 rad and
    # the discrete sign(q̇) chatters, a small limit cycle (measured up to 3.6 mrad)
    last = t >= t[-1] - 0.5
    spread = np.ptp(q[last], axis=0)
    assert np.all(spread < 1e-2), f"the arm still moves: {spread} rad over the last 0.5 s"
    # the watchdog's fault is latched (until ~/reset, which nobody called): the log says so, and
    # the plant never went back to following the (dead) controller. (The last /diagnostics the
    # recorder took may predate the fault: they come once per wall second.)
    assert f"fault latched: watchdog: no command for step t = {found.group(1)} s" in log, log
    assert "commands followed again" not in log


def test_runner_reports_a_node_that_cannot_start(tmp_path):
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "modyn_bringup.runner",
            "rx90_sim",
            "--set",
            "hardware_interface.integrator=bogus",
            "--timeout",
            "20",
        ],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode != 0
    assert "hardware_interface" in result.stderr and "integrator" in result.stderr, result.stderr
