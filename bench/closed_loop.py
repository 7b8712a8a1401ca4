"""Closed-loop speed of the four-process system (issue 3), measured in one run.

* Lockstep: plant steps per wall second through the four ROS 2 processes (plant, generator,
  feed-forward, controller) while the 6R arm moves, with the built-in simulated plant (semi-implicit Euler,
  1 ms; the benchmark follows the plant on /clock, not on every joint_states); target >= 1000
  steps/s.
* Real time at 1 kHz and 500 Hz: the plant steps on a wall-clock timer; reported are the
  deadline-miss rate (ticks that started more than one period late), the steps per second
  actually achieved and the p50/p99 latency from the stamp of a joint_states message to the
  receipt of the command that answers it (from the hardware_interface's /diagnostics);
  target < 1 % misses at 1 kHz.

Run: ``make bench`` or ``python bench/closed_loop.py`` (with the workspace sourced).
"""

from __future__ import annotations

import argparse

from modyn_bringup.episode import Goal, run_episode
from modyn_bringup.system import load_system

GOALS = [
    Goal([[0.8, -0.9, 1.6, 0.6, -0.5, 1.0]]),
    Goal([[-0.6, -0.2, 0.6, -0.8, 0.9, -1.2]]),
]


def lockstep(repeats: int) -> list[float]:
    rates = []
    for _ in range(repeats):
        episode = run_episode(load_system("rx90_sim"), GOALS, record_states=False)
        rates.append(episode.steps_per_second)
    return rates


def realtime(rate: float) -> dict:
    # the benchmark follows the plant on a 100 Hz /clock (stamped with the wall-clock plant
    # time) rather than on every joint_states, so that it does not load the loop it measures
    spec = load_system(
        "rx90_realtime",
        [
            f"hardware_interface.rate={rate}",
            "hardware_interface.watchdog_timeout=0.25",
            "hardware_interface.publish_clock=true",
            "hardware_interface.clock_period=0.01",
        ],
    )
    episode = run_episode(spec, GOALS, start_at=0.0, lead=1.0, record_states=False)
    diag = episode.diagnostics.get("hardware_interface", {})
    steps = float(diag.get("steps", "nan"))
    misses = float(diag.get("deadline_misses", "nan"))
    return {
        "rate": rate,
        "steps": steps,
        "deadline_miss_rate": misses / steps if steps else float("nan"),
        "steps_per_second": float(diag.get("steps_per_second", "nan")),
        "latency_p50_us": float(diag.get("latency_p50_us", "nan")),
        "latency_p99_us": float(diag.get("latency_p99_us", "nan")),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeats", type=int, default=2, help="lockstep runs (default 2)")
    args = parser.parse_args()
    rates = lockstep(args.repeats)
    print("Lockstep, rx90_sim (4 processes, semi-implicit Euler, 1 ms; timed on /clock):")
    print(f"  steps/s while moving: {', '.join(f'{r:.0f}' for r in rates)} (target >= 1000)")
    print("\nReal time, rx90_realtime:")
    print(
        f"  {'rate':>6s} {'steps':>7s} {'miss rate':>10s} {'steps/s':>8s} {'p50 µs':>8s} {'p99 µs':>8s}"
    )
    for rate in (1000.0, 500.0):
        r = realtime(rate)
        print(
            f"  {r['rate']:6.0f} {r['steps']:7.0f} {100 * r['deadline_miss_rate']:9.2f}% "
            f"{r['steps_per_second']:8.0f} {r['latency_p50_us']:8.0f} {r['latency_p99_us']:8.0f}"
        )
    print("  (target at 1 kHz: < 1 % deadline misses)")


if __name__ == "__main__":
    main()
