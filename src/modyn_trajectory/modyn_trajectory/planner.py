"""Joint-space goals to trajectories, with any profile of Khalil ch. 8; stopping within limits.

:func:`plan_joint_motion` is what the ``trajectory_generator`` node runs for a ``goal``:

* ``quintic`` (default): one C⁴ quintic spline through all waypoints
  (:func:`~modyn_trajectory.via_points.plan_via_points`), at rest only at the goal; with
  ``stop_at_waypoints`` the rest-to-rest quintic segments of
  :func:`~modyn_trajectory.quintic.plan_waypoints` instead.
* ``linear``, ``cubic``, ``bang_bang``, ``trapezoidal``, ``continuous_acceleration``,
  ``cycloidal`` (Lopes' time law of the Stewart platform motion, C²): these
  are point-to-point profiles (rest at both ends, [8.2]), so the motion stops at every
  waypoint; each segment is the synchronised minimum-time profile of that kind [8.14]
  (:func:`~modyn_trajectory.profiles.minimum_time_profile`), or, when durations are given, the
  same profile stretched to the given time (homothety: limits scaled by 1/c and 1/c²).

A goal that arrives while the previous plan still moves starts from that plan's reference
(q, q̇, q̈): the quintic spline takes it as its start condition; the point-to-point profiles,
which must start at rest, are preceded by the quintic Hermite segment from that state to the
first waypoint at rest. Position, velocity and acceleration stay continuous either way.

:func:`stop_motion` brings a moving reference to rest within the velocity and acceleration
limits (the ``~/stop`` service).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from modyn_trajectory.profiles import bang_bang, cubic, cycloidal, linear, minimum_time_profile
from modyn_trajectory.quintic import (
    PiecewiseQuintic,
    TrajectoryError,
    _durations,
    _goal_inputs,
    _limits,
    _vector,
    minimum_duration,
    moving_start_segment,
    plan_waypoints,
    segment_peaks,
    shortest_time,
)
from modyn_trajectory.sequence import MotionSequence
from modyn_trajectory.via_points import plan_via_points

__all__ = ["PROFILES", "plan_joint_motion", "stop_motion", "profile_kind"]

#: The values of the node's ``profile`` parameter.
PROFILES = (
    "linear",
    "cubic",
    "quintic",
    "bang_bang",
    "trapezoidal",
    "continuous_acceleration",
    "cycloidal",
)

#: Continuity class of each profile's position (C⁰: velocity jumps; C¹: acceleration jumps).
CONTINUITY = {
    "linear": 0,
    "cubic": 1,
    "quintic": 2,
    "bang_bang": 1,
    "trapezoidal": 1,
    "continuous_acceleration": 2,
    "cycloidal": 2,
}


def profile_kind(profile: str) -> str:
    """The :mod:`~modyn_trajectory.profiles` kind of a ``profile`` name (``trapezoidal`` ->
    ``trapezoid``); raises :class:`TrajectoryError` for an unknown name."""
    if profile == "trapezoid":
        return profile
    if profile not in PROFILES:
        raise TrajectoryError(f"profile = {profile!r}: expected one of {', '.join(PROFILES)}")
    return "trapezoid" if profile == "trapezoidal" else profile


def _stretched(kind: str, qi, qf, tf: float, kv, ka):
    """The profile of ``kind`` from qi to qf lasting ``tf`` s: the minimum-time one time-scaled.

    Scaling time by c = tf / t_min keeps the shape and divides velocities by c and
    accelerations by c², which is the minimum-time profile under the limits kv/c, ka/c².
    """
    fastest = minimum_time_profile(kind, qi, qf, kv, ka)
    if fastest.duration <= 0.0:
        return linear(qi, qf, tf)  # nothing moves: rest at qf for tf
    c = tf / fastest.duration
    if kind in ("trapezoid", "continuous_acceleration"):
        return minimum_time_profile(kind, qi, qf, kv / c, ka / (c * c))
    builder = {"linear": linear, "cubic": cubic, "bang_bang": bang_bang, "cycloidal": cycloidal}
    return builder[kind](qi, qf, tf)


def plan_joint_motion(
    profile: str,
    q0,
    waypoints,
    durations=None,
    *,
    v_max,
    a_max,
    v0=None,
    a0=None,
    stop_at_waypoints: bool = False,
    joint_names: Sequence[str] | None = None,
):
    """The trajectory of a joint-space goal (module docstring for the rules per profile).

    Parameters
    ----------
    profile : str
        One of :data:`PROFILES`.
    q0 : (n,) array
        Start position (rad or m).
    waypoints : (m, n) array
        Positions to reach in order (rad or m); the last one is the goal.
    durations : (m,) array, optional
        Duration of each segment (s, > 0); None for the shortest within the limits.
    v_max, a_max : (n,) arrays
        Velocity (rad/s) and acceleration (rad/s²) limits, finite and > 0.
    v0, a0 : (n,) arrays, optional
        Start velocity and acceleration (a pre-empted plan's reference); zero by default.
    stop_at_waypoints : bool
        Quintic only: rest at every waypoint instead of passing through.
    joint_names : sequence of str, optional
        Used in error messages only.

    Returns
    -------
    PiecewiseQuintic or MotionSequence
        Time base from 0; ``sample(t) -> (q, q̇, q̈)``, ``duration``, knot ``times``.
    """
    kind = profile_kind(profile)
    if kind == "quintic":
        planner = plan_waypoints if stop_at_waypoints else plan_via_points
        return planner(
            q0, waypoints, durations, v_max=v_max, a_max=a_max, v0=v0, a0=a0,
            joint_names=joint_names,
        )  # fmt: skip
    q0, wp, vm, am, vs, acs = _goal_inputs(q0, waypoints, v_max, a_max, v0, a0, joint_names)
    n = q0.shape[0]
    d = None
    if durations is not None:
        d = _durations(durations, wp.shape[0])

    segments = []
    previous, first = q0, 0
    if np.any(vs != 0.0) or np.any(acs != 0.0):
        # a point-to-point profile starts at rest: blend from the moving state to the first
        # waypoint with the quintic Hermite segment (continuous q, q̇, q̈)
        if d is None:
            t_rest = minimum_duration(wp[0] - q0, vm, am)
            h, acs = moving_start_segment(q0, vs, acs, wp[0], vm, am, t_rest)
        else:
            h = float(d[0])
        zero = np.zeros(n)
        segments.append(PiecewiseQuintic([0.0, h], [q0, wp[0]], [vs, zero], [acs, zero]))
        previous, first = wp[0], 1
    for k in range(first, wp.shape[0]):
        if d is None:
            segment = minimum_time_profile(kind, previous, wp[k], vm, am)  # Khalil [8.14]
        else:
            segment = _stretched(kind, previous, wp[k], float(d[k]), vm, am)
        segments.append(segment)
        previous = wp[k]
    return MotionSequence(segments)


def stop_motion(q0, v0, a0, *, v_max, a_max, joint_names: Sequence[str] | None = None):
    """The shortest smooth stop from (q0, v0, a0) within the limits (``~/stop``).

    The velocity follows the cubic Hermite curve from (v0, a0) to (0, 0) over T, so the
    position is the quartic reaching q0 + v0 T/2 + a0 T²/12 at rest; T is the shortest
    (:func:`~modyn_trajectory.quintic.shortest_time`, from the lower bound 1.5 |v0| / k_a of
    a start at a0 = 0) whose exact peaks fit the limits. Continuous in q, q̇ and q̈ at the
    start, except when q̈ still pushes towards a velocity limit: then the stop starts from
    q̈ = 0.

    Parameters
    ----------
    q0, v0, a0 : (n,) arrays
        Reference position (rad), velocity (rad/s) and acceleration (rad/s²) now.
    v_max, a_max : (n,) arrays
        Limits (rad/s, rad/s²), finite and > 0.

    Returns
    -------
    PiecewiseQuintic
        One segment from t = 0 (or a single knot when already at rest).
    """
    q0 = _vector(q0, None, "q0", joint_names)
    n = q0.shape[0]
    v0 = _vector(v0, n, "v0", joint_names)
    a0 = _vector(a0, n, "a0", joint_names)
    vm = _limits(v_max, n, "v_max", joint_names)
    am = _limits(a_max, n, "a_max", joint_names)
    if not (np.any(v0 != 0.0) or np.any(a0 != 0.0)):
        return PiecewiseQuintic([0.0], [q0])
    zero = np.zeros(n)

    def excess_for(acc):
        def excess(t: float) -> float:
            q1 = q0 + v0 * (t / 2.0) + acc * (t * t / 12.0)
            vp, ap = segment_peaks(t, q0, v0, acc, q1, zero, zero)
            return max(float(np.max(vp / vm)), float(np.max(ap / am)))

        return excess

    # lower bound: the deceleration time of a cubic velocity from v0 at a0 = 0 (peak 1.5 v0/T)
    lower = max(float(np.max(1.5 * np.abs(v0) / am)), 1e-3)
    t, e = shortest_time(excess_for(a0), lower)
    if e > 1.0 + 1e-9 and np.any(a0 != 0.0):
        # q̈ still pushing towards a velocity limit: stop from q̈ = 0 instead (a step in q̈,
        # q and q̇ continuous), see quintic.moving_start_segment
        t0, e0 = shortest_time(excess_for(zero), lower)
        if e0 < e:
            t, a0 = t0, zero
    q1 = q0 + v0 * (t / 2.0) + a0 * (t * t / 12.0)
    return PiecewiseQuintic([0.0, t], [q0, q1], [v0, zero], [a0, zero])
