"""Every control law tracks on MuJoCo as on the built-in plant (issue 11, item 4).

The RX-90 of ``rx90_sim`` / ``rx90_mujoco`` (semi-implicit Euler at 1 kHz, the URDF's viscous
and Coulomb friction, known to every controller) follows two short goals: a motion from rest
(0.76 s), then one that reverses every joint (0.93 s), away from the wrist singularity. Each law of
modyn_control's catalogue runs at the systems' bandwidth ω_n = 10 rad/s (bench/plant_laws.py:
the gain design, and the loop, which is the feedback_controller's tick with the processes taken
out).

* The loop without DDS is the system's: ``rx90_mujoco`` with ``law: computed_torque``, four real
  processes over DDS, gives the library loop's trajectory to 1e-8 rad (measured 6.3e-10 rad).
* Each law on MuJoCo stays within its bound and tracks at least about as well as on the built-in
  plant: RMS_mujoco ≤ 1.5 RMS_builtin + 5e-5 rad. The bounds are about twice what was measured
  (docs/plants.md, "Every law", has them on the demo's goals); the laws' own residuals differ by
  orders of magnitude (PD + gravity [9.12] is a regulator with no feed-forward, the PID and the
  task-space PID [9.17] have none either) but not between the plants.
* The cause of the 67x gap of issue 11: computed torque with Ĥ's friction at the measured q̇
  (``friction_velocity: measured``, [9.22] as written) lags on MuJoCo, whose dry friction
  sticks, at least 10x more than with it at q̇_d (the node's default): measured 1.2e-2 against
  1.7e-4 rad (modyn_control.friction: the sign of q̇ at rest latches the Coulomb term).
"""

from __future__ import annotations

import dataclasses
import importlib.util
import sys
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("rclpy")
pytest.importorskip("mujoco")

from modyn_bringup.episode import Goal, run_episode, tracking_errors  # noqa: E402
from modyn_bringup.system import load_system  # noqa: E402
from modyn_control.law_catalog import LAW_NAMES, make_law  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
STEP = np.array([0.4, -0.3, 0.4, 0.5, 0.3, 0.6])  # rad: goal 1 = q0 + STEP, goal 2 = q0 − STEP/2
INTEGRATOR = "semi_implicit_euler"  # the systems' scheme
# (overall RMS, max) bounds per law (rad), and for the task-space laws the tip's largest
# distance from its desired position (m); measured on MuJoCo (built-in plant) over these goals,
# on the tree with both plants' damping implicit:
BOUNDS = {
    "pd_feedforward": (4e-4, 1e-3, None),  # 1.48e-4 / 3.01e-4 rad (1.25e-4 / 2.89e-4)
    "computed_torque": (4e-4, 1e-3, None),  # 1.74e-4 / 3.93e-4 (1.47e-4 / 2.99e-4)
    "predictive": (4e-4, 1e-3, None),  # 1.45e-4 / 3.04e-4 (1.22e-4 / 2.78e-4)
    "pid": (6e-2, 0.18, None),  # 3.05e-2 / 8.97e-2 (3.06e-2 / 8.97e-2)
    "pd_gravity": (0.4, 1.0, None),  # 0.195 / 0.476 (0.195 / 0.476)
    "task_pid": (0.2, 0.7, 0.06),  # 0.102 / 0.345, tip 26.4 mm (0.102 / 0.345, 26.4 mm)
    "task_computed_torque": (4e-4, 1e-3, 5e-4),  # 1.83e-4 / 3.91e-4, tip 0.14 mm (1.57e-4, 0.14)
}


@pytest.fixture(scope="module")
def pl():
    """bench/plant_laws.py (the library closed loop and the gain design)."""
    spec = importlib.util.spec_from_file_location("plant_laws", ROOT / "bench/plant_laws.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules["plant_laws"] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def setup(pl):
    s = pl.setup("rx90_sim")
    goals = [s.q0 + STEP, s.q0 - 0.5 * STEP]
    samplers, end = pl.plan_goals(s, goals)
    return s, pl.law_settings(s), samplers, end + 0.5, goals


def _run(pl, setup, law_name: str, plant: str, **overrides):
    s, settings, samplers, t_end, _ = setup
    law = make_law(law_name, s.model, dataclasses.replace(settings[law_name], **overrides))
    return pl.closed_loop(s, pl.make_plant(s, plant, INTEGRATOR), law, samplers, t_end)


def _overall(err: dict) -> float:
    return float(np.sqrt(np.mean(err["rms"] ** 2)))


@pytest.mark.system
def test_the_library_loop_is_the_system_over_dds(pl, setup):
    goals = setup[-1]
    ours = _run(pl, setup, "computed_torque", "mujoco")
    spec = load_system(
        "rx90_mujoco",
        ["feedback_controller.law=computed_torque", "hardware_interface.watchdog_timeout=10.0"],
    )
    episode = run_episode(spec, [Goal([g.tolist()]) for g in goals])
    common, i, j = np.intersect1d(np.round(ours.t, 9), np.round(episode.t, 9), return_indices=True)
    assert len(common) > 3000, f"only {len(common)} common samples"
    gap = np.max(np.abs(ours.q[i] - episode.q[j]))
    print(f"\nDDS vs library loop: max |Δq| {gap:.2e} rad over {len(common)} steps")
    assert gap < 1e-8
    dds = tracking_errors(episode)
    assert dds["samples"] > 1500, "the motion was not recorded"
    assert _overall(dds) <= BOUNDS["computed_torque"][0], dds["rms"]
    assert dds["max"].max() <= BOUNDS["computed_torque"][1], dds["max"]
    np.testing.assert_allclose(episode.q[-1], goals[-1], atol=2e-3)


@pytest.mark.loop
@pytest.mark.parametrize("law_name", LAW_NAMES)
def test_every_law_tracks_on_mujoco_as_on_the_builtin_plant(pl, setup, law_name):
    s = setup[0]
    rms_bound, max_bound, tip_bound = BOUNDS[law_name]
    errs = {
        plant: pl.errors(s, _run(pl, setup, law_name, plant)) for plant in ("simulated", "mujoco")
    }
    mj, sim = errs["mujoco"], errs["simulated"]
    print(
        f"\n{law_name}: MuJoCo RMS {_overall(mj):.2e} max {mj['max'].max():.2e} tip "
        f"{mj['tip_max'] * 1e3:.2f} mm; built-in RMS {_overall(sim):.2e} max "
        f"{sim['max'].max():.2e} tip {sim['tip_max'] * 1e3:.2f} mm"
    )
    assert _overall(mj) <= rms_bound and mj["max"].max() <= max_bound, mj
    if tip_bound is not None:
        assert mj["tip_max"] <= tip_bound, mj["tip_max"]
    assert _overall(mj) <= 1.5 * _overall(sim) + 5e-5, (mj["rms"], sim["rms"])


@pytest.mark.loop
def test_friction_at_the_measured_velocity_is_the_gap(pl, setup):
    s = setup[0]
    desired = _overall(pl.errors(s, _run(pl, setup, "computed_torque", "mujoco")))
    measured = _overall(
        pl.errors(s, _run(pl, setup, "computed_torque", "mujoco", friction_velocity="measured"))
    )
    print(f"\ncomputed torque on MuJoCo: friction at q̇ {measured:.2e}, at q̇_d {desired:.2e}")
    assert measured >= 10.0 * desired
