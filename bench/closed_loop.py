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

Modes (issue 21): each measurement is made in each mode, the modes alternating run by run so
that the machine's load affects them alike; ``os.getloadavg()`` is printed with every run:

* ``separate/single``: four processes, rclpy's SingleThreadedExecutor (``MODYN_EXECUTOR=single``;
  the default until issue 28);
* ``separate/events``: four processes, rclpy's EventsExecutor (the default since issue 28);
* ``composed/single``, ``composed/events``, ``composed/multi``: the four nodes in one process
  and one executor (``modyn_system --composed``, modyn_bringup.composed), joint_states and
  effort_command delivered between them by reference (modyn_ros.intra_process);
* ``loop/single``, ``loop/events``: the loop composed (hardware_interface and
  feedback_controller in one process, ``--composed hardware_interface,feedback_controller``),
  the trajectory generator and the feed-forward in their own processes: planning a goal
  (about 15 ms for the RX-90) then never holds the loop's executor;
* suffix ``+dds``: composed without that intra-process delivery (every message over DDS);
* suffix ``+rt``: every node process on SCHED_FIFO priority 50 (``MODYN_REALTIME_PRIORITY``;
  a warning in the nodes' logs and the normal policy where that is not permitted).

The real-time run repeats the goals until the motion lasts ``--realtime-seconds`` (60 s for the
acceptance figure); the lockstep run also reports the nodes' own per-tick costs from
/diagnostics (the controller's mean tick, compute + publish; the plant's step and cycle).

Run: ``make bench`` or ``python bench/closed_loop.py [--repeats 2] [--modes separate/single
composed/events] [--realtime-seconds 60]`` (with the workspace sourced).
"""

from __future__ import annotations

import argparse
import math
import os
import time

import numpy as np

from modyn_bringup.episode import Goal, run_episode
from modyn_bringup.system import BringupError, load_system

GOALS = [
    Goal([[0.8, -0.9, 1.6, 0.6, -0.5, 1.0]]),
    Goal([[-0.6, -0.2, 0.6, -0.8, 0.9, -1.2]]),
]


MODES = (
    "separate/single",
    "separate/events",
    "composed/single",
    "composed/events",
    "composed/multi",
    "composed/events+dds",
    "composed/events+rt",
    "separate/events+rt",
    "loop/single",
    "loop/events",
    "loop/events+rt",
)
#: the nodes the ``loop`` layout composes: ros2_control's split (controllers and hardware in one
#: process, planning elsewhere)
LOOP = ("hardware_interface", "feedback_controller")
STARTUP = 10.0  # s: the first real-time goal's start after it is sent
CYCLE = 4.5  # s: the motion of GOALS in real time with lead = 1 s (when no lockstep run tells)
DEFAULT_MODES = (
    "separate/single",
    "separate/events",
    "composed/events+dds",
    "composed/events",
    "composed/events+rt",
)


def _in_mode(spec, mode: str):
    """``spec`` set to run in ``mode`` (the executor through $MODYN_EXECUTOR, which the runner
    passes to every node process). Suffixes: ``+rt``: the node processes on SCHED_FIFO 50
    ($MODYN_REALTIME_PRIORITY); ``+dds``: the composed mode without its intra-process delivery
    ($MODYN_INTRA_PROCESS=0)."""
    base, *flags = mode.split("+")
    layout, executor = base.split("/")
    spec.composed = {"composed": True, "loop": LOOP}.get(layout, False)
    os.environ["MODYN_EXECUTOR"] = executor
    os.environ.pop("MODYN_REALTIME_PRIORITY", None)
    os.environ.pop("MODYN_INTRA_PROCESS", None)
    if "rt" in flags:
        os.environ["MODYN_REALTIME_PRIORITY"] = "50"
    if "dds" in flags:
        os.environ["MODYN_INTRA_PROCESS"] = "0"
    return spec


def lockstep(mode: str) -> dict:
    """One lockstep run of rx90_sim in ``mode``: steps/s, load, the nodes' per-tick costs."""
    load = os.getloadavg()[0]
    episode = run_episode(_in_mode(load_system("rx90_sim"), mode), GOALS, record_states=False)
    hw = episode.diagnostics.get("hardware_interface", {})
    fb = episode.diagnostics.get("feedback_controller", {})
    return {
        "steps_per_second": episode.steps_per_second,
        "load": (load + os.getloadavg()[0]) / 2,
        "sim_time": episode.sim_time,
        "controller_tick_us": float(fb.get("tick_mean_us", "nan")),
        "plant_step_us": float(hw.get("step_time_us", "nan")),
        "plant_cycle_us": float(hw.get("cycle_time_us", "nan")),
    }


def realtime(rate: float, mode: str = "separate/single", goals=None) -> dict:
    # the benchmark follows the plant on a 100 Hz /clock (stamped with the wall-clock plant
    # time) rather than on every joint_states, so that it does not load the loop it measures
    load = os.getloadavg()[0]
    spec = load_system(
        "rx90_realtime",
        [
            f"hardware_interface.rate={rate}",
            "hardware_interface.watchdog_timeout=0.25",
            "hardware_interface.publish_clock=true",
            "hardware_interface.clock_period=0.01",
        ],
    )
    # plant time is the wall clock here: the first goal starts STARTUP s from now, so that the
    # controller (started once the first goal is planned) is up before it on a loaded machine
    episode = run_episode(
        _in_mode(spec, mode),
        goals or GOALS,
        start_at=time.time() + STARTUP,
        lead=1.0,
        record_states=False,
        timeout=600.0,
    )
    diag = episode.diagnostics.get("hardware_interface", {})
    steps = float(diag.get("steps", "nan"))
    misses = float(diag.get("deadline_misses", "nan"))
    return {
        "mode": mode,
        "load": (load + os.getloadavg()[0]) / 2,
        "sim_time": episode.sim_time,
        "rate": rate,
        "steps": steps,
        "deadline_miss_rate": misses / steps if steps else float("nan"),
        "steps_per_second": float(diag.get("steps_per_second", "nan")),
        # over the whole run (the node's histogram), not the last second
        "latency_p50_us": float(diag.get("latency_run_p50_us", "nan")),
        "latency_p99_us": float(diag.get("latency_run_p99_us", "nan")),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeats", type=int, default=2, help="lockstep runs per mode (default 2)")
    parser.add_argument(
        "--modes", nargs="+", default=list(DEFAULT_MODES), choices=MODES, help="modes compared"
    )
    parser.add_argument(
        "--realtime-modes",
        nargs="+",
        default=["composed/events", "composed/events+rt"],
        choices=MODES,
        help="modes of the real-time runs (default: composed, without and with SCHED_FIFO)",
    )
    parser.add_argument(
        "--realtime-seconds",
        type=float,
        default=60.0,
        help="motion time of each real-time run at 1 kHz (s; 0: no real-time run)",
    )
    parser.add_argument("--rates", type=float, nargs="+", default=[1000.0], help="real-time Hz")
    args = parser.parse_args()
    print(f"{os.cpu_count()} cores; load average before: {os.getloadavg()[0]:.1f}")
    print("Lockstep, rx90_sim (4 nodes, semi-implicit Euler, 1 ms; timed on /clock), runs")
    print("alternating between the modes:")
    print(
        f"  {'mode':16s} {'steps/s':>8s} {'load':>5s} {'ctrl tick µs':>12s} "
        f"{'plant step µs':>13s} {'plant cycle µs':>14s}"
    )
    results: dict[str, list[dict]] = {m: [] for m in args.modes}
    sim_time = CYCLE
    for _ in range(args.repeats):
        for mode in args.modes:
            r = lockstep(mode)
            results[mode].append(r)
            sim_time = r["sim_time"]
            print(
                f"  {mode:16s} {r['steps_per_second']:8.0f} {r['load']:5.1f} "
                f"{r['controller_tick_us']:12.1f} {r['plant_step_us']:13.1f} "
                f"{r['plant_cycle_us']:14.1f}",
                flush=True,
            )
    if args.repeats > 0:
        base = args.modes[0]
        print(f"  median steps/s and ratio to {base} (target >= 2000 steps/s):")
        medians = {
            m: float(np.median([r["steps_per_second"] for r in rs])) for m, rs in results.items()
        }
        for mode, median in medians.items():
            print(f"  {mode:16s} {median:8.0f}  x{median / medians[base]:.2f}")
    if args.realtime_seconds <= 0:
        return
    if args.repeats == 0:
        sim_time = CYCLE
    # the goals repeated (there and back) until the motion lasts realtime_seconds
    cycles = max(1, math.ceil(args.realtime_seconds / max(sim_time, 1e-3)))
    goals = GOALS * cycles
    print(f"\nReal time, rx90_realtime, {len(goals)} goals (about {cycles * sim_time:.0f} s):")
    print(
        f"  {'mode':16s} {'rate':>6s} {'steps':>7s} {'miss rate':>10s} {'steps/s':>8s} "
        f"{'p50 µs':>8s} {'p99 µs':>8s} {'load':>5s}"
    )
    for rate in args.rates:
        for mode in args.realtime_modes:
            try:
                r = realtime(rate, mode, goals)
            except BringupError as exc:  # a goal refused (e.g. planned too late): say so, go on
                print(f"  {mode:16s} {rate:6.0f} failed: {exc}", flush=True)
                continue
            print(
                f"  {mode:16s} {r['rate']:6.0f} {r['steps']:7.0f} "
                f"{100 * r['deadline_miss_rate']:9.3f}% {r['steps_per_second']:8.0f} "
                f"{r['latency_p50_us']:8.0f} {r['latency_p99_us']:8.0f} {r['load']:5.1f}",
                flush=True,
            )
    print("  (targets at 1 kHz: < 0.1 % deadline misses, p99 state->command < 500 µs)")


if __name__ == "__main__":
    main()
