"""Trajectories through via points with continuous velocity and acceleration (beyond the seed).

Khalil announces via-point methods in §8.1 but the chapter stops at point-to-point motions
(research note seed-003, §2.14). Here the waypoints q_0, ..., q_m are joined by the quintic
spline of class C⁴ (position to snap continuous) that interpolates them at knot times
t_0 < ... < t_m with

    q̇(t_0) = v_0, q̈(t_0) = a_0 (rest, or the reference of a pre-empted plan),
    q̇(t_m) = 0,   q̈(t_m) = 0   (rest at the goal).

Each piece is one quintic polynomial, so the spline is stored as the
:class:`~modyn_trajectory.quintic.PiecewiseQuintic` with the spline's q̇ and q̈ at the knots
(the quintic Hermite segment of those six values is that piece exactly).

Timing. With given segment durations the spline is followed as given. Otherwise the knots are
first spaced by each segment's rest-to-rest quintic minimum time [8.12]-[8.13] and then all
scaled by one factor c. From rest, scaling time by c scales q̇ by 1/c and q̈ by 1/c² and leaves
the interpolation problem otherwise unchanged, so

    c = max( max_j |q̇_j|max / k_vj , √(max_j |q̈_j|max / k_aj) )

over the exact per-segment peaks (:func:`~modyn_trajectory.quintic.segment_peaks`) puts the
limiting joint exactly on its limit: the shortest trajectory of this knot spacing. From a moving
start (v_0, a_0 fixed in s⁻¹ units) the scaling is no longer exact and is iterated, then grown
by bisection (:func:`~modyn_trajectory.quintic.shortest_time`) until the limits hold.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from modyn_trajectory.quintic import (
    PiecewiseQuintic,
    _durations,
    _goal_inputs,
    minimum_duration,
    moving_start_segment,
    segment_peaks,
    shortest_time,
)

__all__ = ["plan_via_points", "spline_through", "limit_ratio"]

_TOL = 1e-9


def spline_through(times, points, v0=None, a0=None) -> PiecewiseQuintic:
    """The C⁴ quintic spline through ``points`` at ``times``, at rest at the end.

    Parameters
    ----------
    times : (m+1,) array
        Strictly increasing knot times (s), m >= 1.
    points : (m+1, n) array
        Positions at the knots (rad or m).
    v0, a0 : (n,) arrays, optional
        Velocity (rad/s) and acceleration (rad/s²) at the first knot; zero by default.

    Returns
    -------
    PiecewiseQuintic
        Knot velocities and accelerations are the spline's, so sampling it gives the spline.
    """
    t = np.asarray(times, dtype=float)
    y = np.asarray(points, dtype=float)
    n = y.shape[1]
    zero = np.zeros(n)
    v0 = zero if v0 is None else np.asarray(v0, dtype=float)
    a0 = zero if a0 is None else np.asarray(a0, dtype=float)
    if t.shape[0] == 2:
        # one piece: the quintic Hermite segment itself (a spline of one piece is that)
        return PiecewiseQuintic(t, y, [v0, zero], [a0, zero])
    # imported here: scipy.interpolate is half a second of every generator's start-up (CPU),
    # and most goals have no via point
    from scipy.interpolate import make_interp_spline

    spline = make_interp_spline(t, y, k=5, bc_type=([(1, v0), (2, a0)], [(1, zero), (2, zero)]))
    v = spline.derivative(1)(t)
    a = spline.derivative(2)(t)
    # the boundary values are imposed exactly, not as the spline evaluates them (rounding)
    v[0], a[0], v[-1], a[-1] = v0, a0, zero, zero
    # a joint that stays put stays put exactly (its spline is the constant, up to rounding)
    still = (np.ptp(y, axis=0) == 0.0) & (v0 == 0.0) & (a0 == 0.0)
    v[:, still] = 0.0
    a[:, still] = 0.0
    return PiecewiseQuintic(t, y, v, a)


#: s: a via point reached sooner than this from the previous one is passed over (it is within
#: k_a·(1e-9 s)² of it), since two knots that close make the spline's collocation singular
_NEGLIGIBLE_STEP = 1e-9


def limit_ratio(plan: PiecewiseQuintic, v_max: np.ndarray, a_max: np.ndarray) -> float:
    """max over segments and joints of max(|q̇|max / k_v, √(|q̈|max / k_a)) (1 = on a limit).

    The peaks are the exact extrema of each quintic segment, not samples.
    """
    times = plan.times
    if times.shape[0] < 2:
        return 0.0
    h = np.diff(times)
    q, v, a = plan.positions, plan.velocities, plan.accelerations
    worst = 0.0
    for k in range(h.shape[0]):
        vp, ap = segment_peaks(float(h[k]), q[k], v[k], a[k], q[k + 1], v[k + 1], a[k + 1])
        worst = max(worst, float(np.max(vp / v_max)), float(np.sqrt(np.max(ap / a_max))))
    return worst


def plan_via_points(
    q0,
    waypoints,
    durations=None,
    *,
    v_max,
    a_max,
    v0=None,
    a0=None,
    joint_names: Sequence[str] | None = None,
) -> PiecewiseQuintic:
    """A C⁴ quintic spline from ``q0`` through ``waypoints``, stopping only at the last one.

    Parameters
    ----------
    q0 : (n,) array
        Start position (rad or m).
    waypoints : (m, n) array
        Positions to pass through (the last one is the goal), rad or m.
    durations : (m,) array, optional
        Segment durations (s, > 0). None: the shortest uniform scaling of the rest-to-rest
        segment times within the limits (module docstring); repeated waypoints are skipped.
    v_max, a_max : (n,) arrays
        Velocity (rad/s) and acceleration (rad/s²) limits, finite and > 0.
    v0, a0 : (n,) arrays, optional
        Start velocity and acceleration (a pre-empted plan's reference); zero by default.
    joint_names : sequence of str, optional
        Used in error messages only.

    Returns
    -------
    PiecewiseQuintic
        Knot times from 0; velocity and acceleration continuous everywhere, zero at the goal.
    """
    q0, wp, vm, am, vs, acs = _goal_inputs(q0, waypoints, v_max, a_max, v0, a0, joint_names)
    n = q0.shape[0]
    moving = bool(np.any(vs != 0.0) or np.any(acs != 0.0))
    a0_given = acs

    if durations is not None:
        d = _durations(durations, wp.shape[0])
        return spline_through(np.concatenate([[0.0], np.cumsum(d)]), [q0, *wp], vs, acs)

    points, steps = [q0], []
    for k in range(wp.shape[0]):
        t = minimum_duration(wp[k] - points[-1], vm, am)  # Khalil [8.12]-[8.14]
        if t == 0.0 and not (moving and len(points) == 1):
            continue  # the same point again: no segment
        if len(points) == 1 and moving:
            t = max(t, float(np.max(np.abs(vs) / am)), 1e-3)
        if steps and sum(steps) + t == sum(steps):
            points[-1] = wp[k]  # a move too small to last a representable time
            continue
        if 0.0 < t < _NEGLIGIBLE_STEP and k < wp.shape[0] - 1 and not moving:
            # a via point within rounding of the previous one (|D| ~ 1e-18 or a subnormal):
            # a knot 1e-154 s after the previous one makes the spline's collocation singular
            continue
        points.append(wp[k])
        steps.append(t)
    if not steps:
        return PiecewiseQuintic([0.0], [q0])  # already at the goal, at rest
    base = np.concatenate([[0.0], np.cumsum(steps)])
    points = np.array(points)

    if not moving:
        plan = spline_through(base, points)
        return spline_through(base * limit_ratio(plan, vm, am), points)

    # moving start: v0, a0 do not scale with time; search the scale factor instead
    def excess_for(acc):
        return lambda c: limit_ratio(spline_through(base * c, points, vs, acc), vm, am)

    c_rest = limit_ratio(spline_through(base, points), vm, am)  # the scale from rest
    c, e = shortest_time(excess_for(acs), 0.5 * c_rest)
    if e > 1.0 + 1e-9 and np.any(acs != 0.0):
        c0, e0 = shortest_time(excess_for(np.zeros(n)), 0.5 * c_rest)
        if e0 < e:  # see quintic.moving_start_segment: start from q̈ = 0
            c, e, acs = c0, e0, np.zeros(n)
    if e <= 1.0 + 1e-9 or points.shape[0] == 2:
        return spline_through(base * c, points, vs, acs)
    # the start velocity, carried through the spline, breaks a limit at any time scale (the
    # spline's C⁴ coupling amplifies it): blend to the first waypoint at rest, then the
    # spline from rest through the others
    t_rest = minimum_duration(points[1] - q0, vm, am)
    h, a_start = moving_start_segment(q0, vs, a0_given, points[1], vm, am, t_rest)
    rest = plan_via_points(points[1], points[2:], v_max=vm, a_max=am)
    return PiecewiseQuintic(
        np.concatenate([[0.0], h + rest.times]),
        np.vstack([q0, rest.positions]),
        np.vstack([vs, rest.velocities]),
        np.vstack([a_start, rest.accelerations]),
    )
