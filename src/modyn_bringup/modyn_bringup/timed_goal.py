"""Timed multi-point goals: a motion given as a function of time, sampled into the waypoints of one
``goal`` (trajectory_msgs/JointTrajectory with ``time_from_start`` per point), started and ended at
rest by a ramped amplitude.

The trajectory generator (profile ``quintic``) lays one C⁴ quintic spline through timed waypoints
and ignores the points' velocities and accelerations (docs/nodes.md, "Goals"), so a periodic motion
is sent as its samples: every ``period`` s, the spline through them reproduces a smooth motion to
O((ω h)⁶) of its amplitude (h = ``period``, ω its angular frequency; a sinusoid at ω = 20.9 rad/s
sampled every 10 ms: ~1e-5 rad on a 0.087 rad amplitude, measured in tests/test_quadruped_tail.py).

Rest to rest. The spline starts from the measured state at rest and ends at rest, while a sinusoid
such as the pitch motion of Liu & Ben-Tzvi (φ = A sin(2πt/T)) starts at full speed. The motion is
therefore sent with its deviation from the rest pose scaled by an envelope e(t)::

    q(t) = q_rest + e(t) (f(t) − q_rest)
    e(t) = s(t / T_r)                  0 ≤ t ≤ T_r            (ramp in)
         = 1                           T_r ≤ t ≤ D − T_r
         = s((D − t) / T_r)            D − T_r ≤ t ≤ D        (ramp out)
    s(x) = 10 x³ − 15 x⁴ + 6 x⁵        (the quintic smoothstep: s, s', s'' = 0, 0, 0 at x = 0)

so that q, q̇ and q̈ are continuous and zero-velocity, zero-acceleration at both ends; between the
ramps q(t) = f(t) exactly. A user's goal: :func:`sampled_goal` → :class:`modyn_bringup.episode.Goal`
(for :func:`~modyn_bringup.episode.run_episode`) or :func:`goal_message` (a JointTrajectory for
any publisher). From the shell::

    python -m modyn_bringup.timed_goal --sine torso_phi_x:0.0872665:0.3:0 \\
        --sine tail_b:0.174533:0.3:3.14159265 --duration 1.8 --ramp 0.3

reads one ``joint_states`` for the rest pose of the named joints, sends the goal to the
PlanAndExecute action (modyn_bringup.goal_client.ActionGoalClient: the generator plans it from
the measured state, the controller runs it; the other joints stay where they are) and waits for
its result: exit status 0 only when the motion ran and ended within ``--tolerance``.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence

import numpy as np

from .episode import Goal

__all__ = ["envelope", "sampled_goal", "sampled_motion", "sine_motion", "goal_message", "main"]


def envelope(t, duration: float, ramp: float) -> np.ndarray:
    """e(t) of the module docstring (t in s, array_like): 0 → 1 over ``ramp`` s, 1, then 1 → 0
    over the last ``ramp`` s of ``duration``; C² with zero slope and curvature at both ends."""
    if not (ramp > 0.0 and duration >= 2.0 * ramp):
        raise ValueError(f"need 0 < ramp ({ramp} s) <= duration / 2 ({duration} s)")
    t = np.asarray(t, dtype=float)
    x = np.clip(np.minimum(t, duration - t) / ramp, 0.0, 1.0)
    return x**3 * (10.0 - 15.0 * x + 6.0 * x * x)


def sampled_motion(
    motion: Callable, rest: Sequence[float], duration: float, period: float, ramp: float
) -> tuple[np.ndarray, np.ndarray]:
    """(times (n,), waypoints (n, len(rest))): ``q_rest + e(t) (motion(t) − q_rest)`` at t =
    period, 2 period, ..., duration (s). ``motion(t)`` takes an array of times and returns
    (n, len(rest)) positions."""
    if not period > 0.0:
        raise ValueError(f"period must be > 0 s, got {period}")
    n = int(round(duration / period))
    if abs(n * period - duration) > 1e-9 * max(1.0, duration):
        raise ValueError(f"duration {duration} s is not a multiple of period {period} s")
    t = period * np.arange(1, n + 1)
    rest = np.asarray(rest, dtype=float)
    f = np.asarray(motion(t), dtype=float).reshape(n, rest.size)
    return t, rest + envelope(t, duration, ramp)[:, None] * (f - rest)


def sampled_goal(
    motion: Callable,
    rest: Sequence[float],
    duration: float,
    *,
    period: float = 0.01,
    ramp: float = 0.3,
) -> Goal:
    """One timed :class:`Goal` (every coordinate, the model's order) sampling ``motion`` (see
    :func:`sampled_motion`) every ``period`` s, ramped in and out over ``ramp`` s."""
    t, q = sampled_motion(motion, rest, duration, period, ramp)
    return Goal(q.tolist(), t.tolist())


def sine_motion(rest, sines: Sequence[tuple[int, float, float, float]]) -> Callable:
    """motion(t) = rest + Σ A sin(2π t / T + φ) on coordinate j, for (j, A, T, φ) in ``sines``
    (A in m or rad, T in s, φ in rad)."""
    rest = np.asarray(rest, dtype=float)

    def motion(t):
        t = np.asarray(t, dtype=float)
        q = np.broadcast_to(rest, t.shape + rest.shape).copy()
        for j, amp, per, ph in sines:
            q[..., j] += amp * np.sin(2.0 * np.pi * t / per + ph)
        return q

    return motion


def goal_message(names: Sequence[str], times, waypoints, start=None):
    """trajectory_msgs/JointTrajectory of the waypoints (rows in ``names`` order) at ``times``
    (s from the start); ``start``: builtin_interfaces/Time, default zero (the generator starts it
    when planned)."""
    from builtin_interfaces.msg import Duration
    from trajectory_msgs.msg import JointTrajectory, JointTrajectoryPoint

    msg = JointTrajectory()
    if start is not None:
        msg.header.stamp = start
    msg.joint_names = list(names)
    for tf, wp in zip(times, waypoints, strict=True):
        ns = int(round(float(tf) * 1e9))
        point = JointTrajectoryPoint(positions=[float(x) for x in wp])
        point.time_from_start = Duration(sec=ns // 1_000_000_000, nanosec=ns % 1_000_000_000)
        msg.points.append(point)
    return msg


def _parse_sine(text: str) -> tuple[str, float, float, float]:
    try:
        name, amp, per, ph = text.split(":")
        return name, float(amp), float(per), float(ph)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"--sine {text!r}: expected JOINT:AMPLITUDE:PERIOD:PHASE (rad or m, s, rad)"
        ) from None


def main(argv=None) -> int:
    """Send one ramped, sampled sinusoidal goal through the PlanAndExecute action and wait for
    its result (module docstring): exit status 0 only when it ran and ended at rest within
    ``--tolerance`` of where it started, 1 when it was refused or did not end there, 2 when no
    system answered."""
    from .goal_client import ActionGoalClient, GoalClientError

    parser = argparse.ArgumentParser(prog="python -m modyn_bringup.timed_goal")
    parser.add_argument("--sine", type=_parse_sine, action="append", required=True)
    parser.add_argument("--duration", type=float, required=True, help="s, ramps included")
    parser.add_argument("--ramp", type=float, default=0.3, help="s (default 0.3)")
    parser.add_argument("--period", type=float, default=0.01, help="s between waypoints")
    parser.add_argument("--tolerance", type=float, default=0.05, help="rad (m) at the end")
    parser.add_argument("--timeout", type=float, default=120.0, help="s to wait in all")
    args = parser.parse_args(argv)
    names = list(dict.fromkeys(s[0] for s in args.sine))
    try:
        with ActionGoalClient() as client:
            msg = client.latest_state(args.timeout)
            missing = [n for n in names if n not in msg.name]
            if missing:
                print(f"joints {missing} are not in joint_states {list(msg.name)}", file=sys.stderr)
                return 2
            rest = [msg.position[list(msg.name).index(n)] for n in names]
            sines = [(names.index(n), a, p, f) for n, a, p, f in args.sine]
            t, q = sampled_motion(
                sine_motion(rest, sines), rest, args.duration, args.period, args.ramp
            )
            print(f"sending {len(t)} waypoints over {args.duration} s for {names}", flush=True)
            outcome = client.execute(
                positions=None,
                trajectory=goal_message(names, t, q),
                tolerance=args.tolerance,
                timeout=args.timeout,
                progress=lambda line: print(line, flush=True),
            )
    except GoalClientError as exc:
        print(f"timed_goal: {exc}", file=sys.stderr)
        return 2
    print(outcome.summary)
    return outcome.exit_status


if __name__ == "__main__":
    sys.exit(main())
