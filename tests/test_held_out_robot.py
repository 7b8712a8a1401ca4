"""A robot the project never tuned: xArm7 of example-robot-data, as real processes (issue 11).

config/systems/xarm7_sim.yaml loads the URDF unmodified through ``package://`` (joint damping 2
to 10 N·m·s/rad and dry friction 1 N·m on every joint: the wrist's dt·Fv/I is 15 at 1 kHz, which
an explicit integrator does not survive) and leaves the safe-hold gains to the model. The system
runs through ``modyn_bringup.episode`` as tests/test_closed_loop.py does (the runner's
SystemRunner; the episode does not stop the plant when the controller dies):

* it tracks a point-to-point motion (the plant does not diverge with the URDF's damping);
* the feedback controller is SIGKILLed mid-motion: hardware_interface's watchdog latches its
  safe hold (from the model: A(q_hold) with a 20 rad/s bandwidth), no joint exceeds its
  velocity limit, the arm stays within 0.05 rad of where the hold began and comes to rest.

Parametrised by plant, so that another plant (MuJoCo) can be added to the same checks.
"""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("rclpy")

from modyn_bringup.episode import Goal, desired_motion, run_episode  # noqa: E402
from modyn_bringup.system import BringupError, load_system, resolve_package_uri  # noqa: E402
from modyn_model import RobotModel  # noqa: E402

URDF = "package://example-robot-data/robots/xarm_description/urdf/xarm7.urdf"
GOAL = [Goal([[0.8, 0.2, -0.5, 1.4, 0.6, 0.6, 1.0]])]
PLANTS = ["simulated"]


@pytest.fixture(scope="module")
def urdf_path() -> Path:
    try:
        return resolve_package_uri(URDF)
    except BringupError as exc:
        pytest.skip(f"example-robot-data is not installed: {exc}")


def _spec(plant: str, watchdog: float, *more: str):
    spec = load_system(
        "xarm7_sim",
        [
            f"hardware_interface.plant={plant}",
            f"hardware_interface.watchdog_timeout={watchdog}",
            *more,
        ],
    )
    hw = spec.node("hardware_interface").parameters
    assert "hold_kp" not in hw and "hold_kd" not in hw  # the hold's gains come from the model
    return spec


def test_the_system_file_loads_the_urdf_unmodified(urdf_path):
    spec = _spec("simulated", 2.0)
    assert spec.robot_description == urdf_path.read_text(encoding="utf-8")
    model = RobotModel.from_urdf(spec.robot_description)
    assert model.viscous.tolist() == [10.0, 10.0, 5.0, 5.0, 5.0, 2.0, 2.0]
    assert model.coulomb.tolist() == [1.0] * 7
    assert spec.model_extras == ""


@pytest.mark.system
@pytest.mark.parametrize("plant", PLANTS)
def test_xarm7_tracks_and_holds_when_the_controller_dies(urdf_path, plant, tmp_path):
    # lockstep: the plant waits while the watchdog runs, so its timeout does not change the
    # motion; 2 s rides out a stall of a busy machine before the kill
    # the motion runs from plant time 1.0 s to about 2.1 s; the controller kills itself on the
    # state stamped 1.3 s (its parameter die_at): the same run on any machine
    spec = _spec(plant, 2.0, "feedback_controller.die_at=1.3")
    model = RobotModel.from_urdf(spec.robot_description)
    state = {"killed": False}

    def kill_mid_motion(runner, node, records):
        if "hardware_interface" in runner.dead():
            raise AssertionError(
                f"hardware_interface died:\n{runner.log_tail('hardware_interface', 40)}"
            )
        state["killed"] = state["killed"] or runner.dead().get("feedback_controller") == -9

    episode = run_episode(
        spec, GOAL, on_running=kill_mid_motion, settle=1.5, timeout=240.0, log_dir=tmp_path
    )
    assert state["killed"]
    log = (tmp_path / "hardware_interface.log").read_text()
    assert "joint 'joint7': viscous damping Fv = 2" in log  # the load-time report
    assert "safe hold from the model" in log
    found = re.search(r"no command for step t = ([0-9.]+) s", log)
    assert found, f"the plant never reported the missing commands:\n{log[-2000:]}"
    t_miss = float(found.group(1))
    assert f"fault latched: watchdog: no command for step t = {found.group(1)} s" in log, log

    # before the kill the arm followed its trajectory (the plant ran with the URDF's damping)
    before = episode.t < t_miss - 0.05
    q_d = _desired(episode)
    err = np.abs(q_d[before] - episode.q[before])
    moving = ~np.isnan(err).any(axis=1)
    assert moving.sum() > 200, "the motion was not recorded before the kill"
    assert err[moving].max() < 5e-3, f"tracking error before the kill: {err[moving].max(0)}"

    after = episode.t >= t_miss - 1e-9
    t, q, v = episode.t[after], episode.q[after], episode.v[after]
    assert np.abs(v[0]).max() > 0.3, f"the arm was not moving when commands stopped: {v[0]}"
    assert t[-1] - t[0] > 1.0, f"the plant advanced only {t[-1] - t[0]:.3f} s after the miss"
    peak = np.abs(v).max(axis=0)
    drift = np.abs(q - q[0]).max(axis=0)
    last = t >= t[-1] - 0.5
    spread = np.ptp(q[last], axis=0)
    print(
        f"\nxarm7 ({plant}): commands stopped at t = {t_miss} s, |v| {np.abs(v[0]).max():.2f} "
        f"rad/s; after: peak |v| {np.round(peak, 3).tolist()} rad/s, drift "
        f"{np.round(drift, 4).tolist()} rad, spread over the last 0.5 s {spread.max():.2e} rad"
    )
    assert np.all(peak < model.velocity_limit), f"beyond the velocity limit: {peak}"
    assert np.all(drift < 0.05), f"joint drift after the controller died: {drift} rad"
    assert np.all(spread < 1e-3), f"the arm still moves: {spread} rad over the last 0.5 s"


def _desired(episode) -> np.ndarray:
    q_d, moving = desired_motion(episode)
    q_d[~moving] = np.nan
    return q_d
