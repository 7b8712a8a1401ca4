"""Closed-loop tracking of one system on each plant: the table of docs/plants.md (issue 6).

Runs a system (default ``rx90_sim``: four real ROS 2 processes, lockstep sim time at 1 kHz,
inverse-dynamics feed-forward + PD) through modyn_bringup.demo's goals once per plant, changing
only ``hardware_interface.plant``, and prints a Markdown table of the tracking error per joint
and plant (RMS and max of |q_d − q| while moving, rad), the largest difference between the
plants' trajectories at equal stamps, and the simulation speed. First, without ROS, the time of
one plant step (write + step) of each plant on the system's robot, the built-in plant and
MuJoCo measured in the same run.

Run: ``python bench/plants.py [--system rx90_sim] [--plants simulated mujoco]`` with the
workspace sourced (about 1 min per plant here).
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from modyn_bringup.demo import DEMO_GOALS
from modyn_bringup.episode import Episode, run_episode, tracking_errors
from modyn_bringup.system import load_system
from modyn_hardware.mujoco_plant import MujocoPlant
from modyn_hardware.simulated import SimulatedPlant
from modyn_model import RobotModel

# lockstep is deterministic as long as every command arrives within watchdog_timeout
PATIENT = "hardware_interface.watchdog_timeout=10.0"


def step_times(system: str, steps: int = 3000) -> dict[tuple[str, str], float]:
    """µs per write + step of each plant and integrator on the system's robot (best of 3)."""
    spec = load_system(system)
    model = RobotModel.from_urdf(spec.robot_description, extras=spec.model_extras or None)
    q0 = spec.node("hardware_interface").parameters.get("initial_positions") or None
    tau = model.gravity(np.zeros(model.n) if q0 is None else np.asarray(q0, dtype=float))
    out = {}
    for integrator in ("semi_implicit_euler", "rk4"):
        for name, make in (
            ("simulated", lambda i: SimulatedPlant(model, i, q0)),
            ("mujoco", lambda i: MujocoPlant(model, spec.robot_description, i, q0)),
        ):
            best = np.inf
            for _ in range(3):
                plant = make(integrator)
                t0 = time.perf_counter()
                for _ in range(steps):
                    plant.write(tau)
                    plant.step(1e-3)
                best = min(best, (time.perf_counter() - t0) / steps * 1e6)
            out[(name, integrator)] = best
    return out


def run(system: str, plant: str) -> Episode:
    spec = load_system(system, [PATIENT, f"hardware_interface.plant={plant}"])
    return run_episode(spec, DEMO_GOALS)


def table(episodes: dict[str, Episode]) -> str:
    """Markdown: one row per joint, RMS and max per plant."""
    errors = {plant: tracking_errors(ep) for plant, ep in episodes.items()}
    names = next(iter(episodes.values())).joint_names
    head = "| joint | " + " | ".join(f"{p} RMS | {p} max" for p in episodes) + " |"
    lines = [head, "|---" * (1 + 2 * len(episodes)) + "|"]
    for j, name in enumerate(names):
        cells = " | ".join(f"{e['rms'][j]:.2e} | {e['max'][j]:.2e}" for e in errors.values())
        lines.append(f"| {name} | {cells} |")
    overall = " | ".join(
        f"{np.sqrt(np.mean(e['rms'] ** 2)):.2e} | {np.max(e['max']):.2e}" for e in errors.values()
    )
    lines.append(f"| all | {overall} |")
    return "\n".join(lines)


def largest_difference(a: Episode, b: Episode) -> float:
    """max |q_a − q_b| (rad) over the stamps both episodes recorded."""
    _, i, j = np.intersect1d(np.round(a.t, 9), np.round(b.t, 9), return_indices=True)
    return float(np.max(np.abs(a.q[i] - b.q[j])))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--system", default="rx90_sim", help="system to run (default rx90_sim)")
    parser.add_argument("--plants", nargs="+", default=["simulated", "mujoco"])
    args = parser.parse_args()
    print(f"Plant step time (write + step, µs) on the robot of {args.system}:")
    times = step_times(args.system)
    for integrator in ("semi_implicit_euler", "rk4"):
        ours, theirs = times[("simulated", integrator)], times[("mujoco", integrator)]
        print(
            f"  {integrator:20s} simulated {ours:7.1f}  mujoco {theirs:7.1f}  "
            f"(simulated / mujoco = {ours / theirs:.2f})"
        )
    print()
    episodes = {}
    for plant in args.plants:
        print(f"[plants] {args.system} on plant {plant} ...", flush=True)
        episodes[plant] = run(args.system, plant)
    print(f"\nTracking error (rad) while moving, {args.system}, {len(DEMO_GOALS)} goals:\n")
    print(table(episodes))
    first, *others = episodes
    for other in others:
        diff = largest_difference(episodes[first], episodes[other])
        print(f"\nmax |q_{first} − q_{other}| at equal stamps: {diff:.2e} rad")
    print()
    for plant, ep in episodes.items():
        print(
            f"{plant}: {ep.sim_time:.2f} s simulated at {ep.steps_per_second:.0f} steps/s "
            f"(real-time factor {ep.real_time_factor:.2f})"
        )


if __name__ == "__main__":
    main()
