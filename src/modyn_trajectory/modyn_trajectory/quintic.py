"""Quintic joint-space trajectories through waypoints (Khalil §8.3.1, [8.10]-[8.14]).

A rest-to-rest segment of duration T from q^i to q^f = q^i + D is

    q(t) = q^i + r(t/T) D,   r(τ) = 10τ³ − 15τ⁴ + 6τ⁵                       [8.11]

with zero velocity and acceleration at both ends (class C²). Its peaks are

    |q̇|max = 15|D| / (8T)  at T/2                                            [8.12]
    |q̈|max = 10|D| / (√3 T²)  at T/2 ± T/(2√3)                               [8.13]

(the printed [8.13] lost the square root; research note seed-003 §2.14.2), so the shortest T
that keeps a joint within k_v and k_a is max(15|D|/(8 k_v), √(10|D|/(√3 k_a))) and the joints
are synchronised on the largest of these [8.14].

A segment may also start from a moving state (q, q̇, q̈): it is then the general quintic Hermite
segment matching position, velocity and acceleration at both ends. The trajectory generator
uses this when a new goal pre-empts a running plan, so that the reference stays C².

Everything here is pure numpy (no ROS). Every error on bad input is a :class:`TrajectoryError`
whose text names the argument, the joint and the value.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np

from modyn_model.errors import ModynError

__all__ = [
    "TrajectoryError",
    "PiecewiseQuintic",
    "minimum_duration",
    "quintic_peaks",
    "hermite_coefficients",
    "hermite_peaks",
    "segment_peaks",
    "plan_waypoints",
    "sample_times",
    "shortest_time",
    "moving_start_segment",
]

#: 10/√3, the acceleration-peak factor of [8.13].
_ACC_PEAK = 10.0 / math.sqrt(3.0)


class TrajectoryError(ModynError):
    """Bad input to the trajectory library; the text names the argument, joint and value."""


# ----------------------------------------------------------------------------- validation
def _joint(names: Sequence[str] | None, j: int) -> str:
    return f"'{names[j]}'" if names is not None and j < len(names) else str(j)


def _vector(x, n: int | None, what: str, names=None) -> np.ndarray:
    """``x`` as a finite float vector of length ``n`` (any length >= 1 if None)."""
    try:
        arr = np.array(x, dtype=float, ndmin=1)
    except (TypeError, ValueError) as exc:
        raise TrajectoryError(f"{what}: not an array of numbers ({exc})") from None
    if arr.ndim != 1 or arr.shape[0] < 1 or (n is not None and arr.shape[0] != n):
        expected = f"({n},)" if n is not None else "(n,) with n >= 1"
        raise TrajectoryError(f"{what}: shape {arr.shape}, expected {expected}")
    bad = np.flatnonzero(~np.isfinite(arr))
    if bad.size:
        j = int(bad[0])
        raise TrajectoryError(f"{what}[joint {_joint(names, j)}] is {arr[j]}")
    return arr


def _limits(x, n: int, what: str, names=None) -> np.ndarray:
    """A per-joint limit: finite and > 0 (rad/s, rad/s², or m/s, m/s²)."""
    arr = _vector(x, n, what, names)
    bad = np.flatnonzero(arr <= 0.0)
    if bad.size:
        j = int(bad[0])
        raise TrajectoryError(f"{what}[joint {_joint(names, j)}] = {arr[j]}: must be > 0")
    return arr


# ----------------------------------------------------------------------------- closed forms
def quintic_peaks(delta, duration: float) -> tuple[np.ndarray, np.ndarray]:
    """Peak |q̇| [8.12] and |q̈| [8.13] of rest-to-rest quintic segments.

    Parameters
    ----------
    delta : (n,) array
        Displacements D (rad or m).
    duration : float
        Segment duration T > 0 (s).

    Returns
    -------
    v_peak, a_peak : (n,) arrays
        15|D|/(8T) (rad/s) and 10|D|/(√3 T²) (rad/s²).
    """
    d = np.abs(np.asarray(delta, dtype=float))
    return 15.0 * d / (8.0 * duration), _ACC_PEAK * d / (duration * duration)


def minimum_duration(delta, v_max, a_max, joint_names: Sequence[str] | None = None) -> float:
    """Shortest rest-to-rest quintic duration within the limits, joints synchronised [8.14].

    Parameters
    ----------
    delta : (n,) array
        Displacements D = q^f − q^i (rad or m).
    v_max, a_max : (n,) arrays
        Velocity (rad/s) and acceleration (rad/s²) limits, finite and > 0.
    joint_names : sequence of str, optional
        Only used to name the culprit in error messages.

    Returns
    -------
    float
        max over joints of max(15|D|/(8 v_max), √(10|D|/(√3 a_max))) (s); 0 when D = 0. For the
        limiting joint the velocity or acceleration peak equals its limit.
    """
    d = np.abs(_vector(delta, None, "delta", joint_names))
    n = d.shape[0]
    vm = _limits(v_max, n, "v_max", joint_names)
    am = _limits(a_max, n, "a_max", joint_names)
    t_v = 15.0 * d / (8.0 * vm)
    t_a = np.sqrt(_ACC_PEAK * d / am)
    return float(max(t_v.max(initial=0.0), t_a.max(initial=0.0)))


def hermite_coefficients(h, q0, v0, a0, q1, v1, a1) -> np.ndarray:
    """Power-basis coefficients of quintic Hermite segments in the local time s ∈ [0, h].

    q(s) = c0 + c1 s + c2 s² + c3 s³ + c4 s⁴ + c5 s⁵ with q, q̇, q̈ equal to (q0, v0, a0) at
    s = 0 and (q1, v1, a1) at s = h: the unique quintic with these six conditions, so it
    reproduces any quintic exactly.

    Parameters
    ----------
    h : (m,) array
        Segment durations (s), > 0.
    q0, v0, a0, q1, v1, a1 : (m, n) arrays
        End states (rad, rad/s, rad/s²).

    Returns
    -------
    (m, 6, n) array
        c0..c5 for each segment and joint (units rad/s^k).
    """
    h = np.asarray(h, dtype=float)[:, None]
    dq = np.asarray(q1, dtype=float) - q0
    c = np.empty((h.shape[0], 6, dq.shape[1]))
    c[:, 0] = q0
    c[:, 1] = v0
    c[:, 2] = 0.5 * np.asarray(a0, dtype=float)
    h2 = h * h
    c[:, 3] = (20.0 * dq - (8.0 * v1 + 12.0 * v0) * h - (3.0 * a0 - a1) * h2) / (2.0 * h2 * h)
    c[:, 4] = (-30.0 * dq + (14.0 * v1 + 16.0 * v0) * h + (3.0 * a0 - 2.0 * a1) * h2) / (
        2.0 * h2 * h2
    )
    c[:, 5] = (12.0 * dq - 6.0 * (v1 + v0) * h + (a1 - a0) * h2) / (2.0 * h2 * h2 * h)
    return c


def hermite_peaks(coefficients: np.ndarray, h: float) -> tuple[np.ndarray, np.ndarray]:
    """Exact peak |q̇| and |q̈| of one quintic segment per joint.

    Parameters
    ----------
    coefficients : (6, n) array
        Power-basis coefficients from :func:`hermite_coefficients` (one segment).
    h : float
        Segment duration (s).

    Returns
    -------
    v_peak, a_peak : (n,) arrays
        Maxima over s ∈ [0, h] (rad/s, rad/s²): the end points and the real roots of q̈ (for
        q̇) and of the jerk (for q̈) inside the segment.
    """
    c = np.asarray(coefficients, dtype=float)
    h = float(h)
    return _peaks(c * (h ** np.arange(6))[:, None], h)


def segment_peaks(h: float, q0, v0, a0, q1, v1, a1) -> tuple[np.ndarray, np.ndarray]:
    """Exact peak |q̇| and |q̈| per joint of the quintic Hermite segment of duration ``h``.

    Same result as :func:`hermite_peaks` of :func:`hermite_coefficients`, computed from the
    coefficients in the normalised time τ = s/h, which neither underflow nor overflow for
    tiny displacements and durations (|D| ~ 1e-200 has h ~ 1e-100: h⁵ is 0 in floating point).

    Parameters
    ----------
    h : float
        Duration (s), > 0.
    q0, v0, a0, q1, v1, a1 : (n,) arrays
        End states (rad, rad/s, rad/s²).
    """
    h = float(h)
    d = np.asarray(q1, dtype=float) - q0
    V0, V1 = np.asarray(v0, dtype=float) * h, np.asarray(v1, dtype=float) * h  # noqa: N806
    A0, A1 = np.asarray(a0, dtype=float) * h * h, np.asarray(a1, dtype=float) * h * h  # noqa: N806
    b = np.empty((6, d.shape[0]))
    b[0] = 0.0
    b[1] = V0
    b[2] = 0.5 * A0
    b[3] = 10.0 * d - 6.0 * V0 - 4.0 * V1 - 1.5 * A0 + 0.5 * A1
    b[4] = -15.0 * d + 8.0 * V0 + 7.0 * V1 + 1.5 * A0 - A1
    b[5] = 6.0 * d - 3.0 * V0 - 3.0 * V1 - 0.5 * A0 + 0.5 * A1
    return _peaks(b, h)


def _peaks(b: np.ndarray, h: float) -> tuple[np.ndarray, np.ndarray]:
    """Peaks of |q̇| = |dq/dτ|/h and |q̈| = |d²q/dτ²|/h² over τ ∈ [0, 1] for q(τ) = Σ b_k τ^k.

    Coefficients that rounding left tiny next to the others are dropped before the roots are
    taken: a near-zero leading coefficient would send the companion-matrix roots astray (a
    quartic stop segment has b5 ≈ 1e-16, not 0).
    """
    n = b.shape[1]
    v_peak, a_peak = np.empty(n), np.empty(n)
    k = np.arange(1, 6)
    for j in range(n):
        db = b[1:, j] * k  # dq/dτ
        ddb = db[1:] * k[:4]  # d²q/dτ²
        dddb = ddb[1:] * k[:3]
        for poly, deriv, out, scale in ((db, ddb, v_peak, h), (ddb, dddb, a_peak, h * h)):
            tau = [0.0, 1.0]
            big = np.max(np.abs(deriv), initial=0.0)
            if big > 0.0:
                keep = np.flatnonzero(np.abs(deriv) > 1e-12 * big)
                roots = np.polynomial.Polynomial(deriv[: keep[-1] + 1]).roots()
                tau += [r.real for r in roots if abs(r.imag) <= 1e-9 and 0.0 < r.real < 1.0]
            values = np.polynomial.polynomial.polyval(np.array(tau), poly)
            out[j] = np.max(np.abs(values)) / scale
    return v_peak, a_peak


# ----------------------------------------------------------------------------- trajectory
def _horner(b: np.ndarray, tau: np.ndarray, h) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """q, q̇, q̈ (K, n) of q(τ) = Σ b_i τ^i (b: (6, n) or (6, K, n); τ: (K, 1); τ = (t − t_k)/h).

    Evaluated joint-major, (n, K), so that numpy's inner loops run over the K times rather
    than the few joints, and returned as (K, n) views.
    """
    b = np.moveaxis(b, -1, 1)[..., None] if b.ndim == 2 else np.moveaxis(b, -1, 1)  # (6, n, *)
    x = tau[:, 0]
    hh = np.asarray(h, dtype=float).reshape(-1)
    q = b[5] * x
    dq = 5.0 * b[5] * x
    ddq = 20.0 * b[5] * x
    for i, c1, c2 in ((4, 4.0, 12.0), (3, 3.0, 6.0), (2, 2.0, 2.0)):
        q += b[i]
        q *= x
        dq += c1 * b[i]
        dq *= x
        ddq += c2 * b[i]
        if i > 2:
            ddq *= x
    q += b[1]
    q *= x
    q += b[0]
    dq += b[1]
    dq /= hh
    ddq /= hh * hh
    return q.T, dq.T, ddq.T


class PiecewiseQuintic:
    """Quintic segments through knots, each matching q, q̇, q̈ at both of its ends.

    Parameters
    ----------
    times : (m+1,) array
        Knot times (s), strictly increasing (a single knot is a trajectory of zero duration).
    positions : (m+1, n) array
        Knot positions (rad or m).
    velocities, accelerations : (m+1, n) arrays, optional
        Knot velocities (rad/s) and accelerations (rad/s²); zero (rest-to-rest segments,
        r(τ) of [8.11]) when omitted.

    Attributes
    ----------
    times, positions, velocities, accelerations : arrays as above (read-only)
    n : int
        Number of joints.
    """

    def __init__(self, times, positions, velocities=None, accelerations=None):
        t = np.array(times, dtype=float, ndmin=1)
        if t.ndim != 1 or t.shape[0] < 1:
            raise TrajectoryError(f"times: shape {t.shape}, expected (m+1,) with m+1 >= 1")
        if not np.all(np.isfinite(t)):
            k = int(np.flatnonzero(~np.isfinite(t))[0])
            raise TrajectoryError(f"times[{k}] is {t[k]}")
        steps = np.diff(t)
        if np.any(steps <= 0.0):
            k = int(np.flatnonzero(steps <= 0.0)[0])
            raise TrajectoryError(
                f"times must be strictly increasing: times[{k + 1}] = {t[k + 1]} <= "
                f"times[{k}] = {t[k]}"
            )
        arrays = []
        for what, x in (
            ("positions", positions),
            ("velocities", velocities),
            ("accelerations", accelerations),
        ):
            if x is None:
                arrays.append(np.zeros_like(arrays[0]))
                continue
            arr = np.array(x, dtype=float)
            if arr.ndim != 2 or arr.shape[0] != t.shape[0] or arr.shape[1] < 1:
                raise TrajectoryError(f"{what}: shape {arr.shape}, expected ({t.shape[0]}, n)")
            if arrays and arr.shape != arrays[0].shape:
                raise TrajectoryError(f"{what}: shape {arr.shape}, expected {arrays[0].shape}")
            if not np.all(np.isfinite(arr)):
                k, j = np.argwhere(~np.isfinite(arr))[0]
                raise TrajectoryError(f"{what}[{k}, joint {j}] is {arr[k, j]}")
            arrays.append(arr)
        for arr in (t, *arrays):
            arr.flags.writeable = False
        self.times = t
        self.positions, self.velocities, self.accelerations = arrays
        self.n = self.positions.shape[1]
        # normalised coefficients of every segment, q(τ) = Σ b_i τ^i (see :meth:`sample`)
        h = np.diff(t)
        self._h = h
        self._b = np.empty((h.shape[0], 6, self.n))
        if h.shape[0]:
            q0, q1 = self.positions[:-1], self.positions[1:]
            v0, v1 = self.velocities[:-1] * h[:, None], self.velocities[1:] * h[:, None]
            a0 = self.accelerations[:-1] * (h * h)[:, None]
            a1 = self.accelerations[1:] * (h * h)[:, None]
            d = q1 - q0
            b = self._b
            b[:, 0], b[:, 1], b[:, 2] = q0, v0, 0.5 * a0
            b[:, 3] = 10.0 * d - 6.0 * v0 - 4.0 * v1 - 1.5 * a0 + 0.5 * a1
            b[:, 4] = -15.0 * d + 8.0 * v0 + 7.0 * v1 + 1.5 * a0 - a1
            b[:, 5] = 6.0 * d - 3.0 * v0 - 3.0 * v1 - 0.5 * a0 + 0.5 * a1

    @property
    def start(self) -> float:
        """Time of the first knot (s)."""
        return float(self.times[0])

    @property
    def end(self) -> float:
        """Time of the last knot (s)."""
        return float(self.times[-1])

    @property
    def duration(self) -> float:
        """end − start (s)."""
        return float(self.times[-1] - self.times[0])

    def sample(self, t) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Positions, velocities and accelerations at time(s) ``t`` (s).

        Parameters
        ----------
        t : float or (k,) array
            Times (s). Before the start the first knot is returned, after the end the last
            (at rest if the trajectory starts/ends at rest: its knot velocity/acceleration).

        Returns
        -------
        q, v, a : (n,) arrays for a scalar ``t``, (k, n) arrays for an array
            rad, rad/s, rad/s².

        Each segment is the polynomial Σ b_i τ^i in its normalised time τ = (t − t_k)/h_k
        (coefficients of [8.11]'s quintic Hermite form, precomputed), evaluated by Horner's
        rule; the knots themselves return the knot values exactly.
        """
        tt = np.asarray(t, dtype=float)
        scalar = tt.ndim == 0
        tt = np.atleast_1d(tt)
        times = self.times
        m = times.shape[0] - 1
        if m == 0:
            shape = (tt.shape[0], self.n)
            out = (
                np.broadcast_to(self.positions[0], shape).copy(),
                np.broadcast_to(self.velocities[0], shape).copy(),
                np.broadcast_to(self.accelerations[0], shape).copy(),
            )
            return tuple(x[0] for x in out) if scalar else out
        k = np.clip(np.searchsorted(times, tt, side="right") - 1, 0, m - 1)
        h = self._h[k][:, None]
        tau = np.clip((tt - times[k])[:, None] / h, 0.0, 1.0)
        if np.all(k[1:] >= k[:-1]):
            q, v, a = self._sample_sorted(k, tau)
        else:
            q, v, a = self._sample_gathered(k, tau, h)
        # knots exactly (the polynomial at τ = 1 is q1 only to rounding)
        at_end = tau[:, 0] == 1.0
        if at_end.any():
            q[at_end] = self.positions[k[at_end] + 1]
            v[at_end] = self.velocities[k[at_end] + 1]
            a[at_end] = self.accelerations[k[at_end] + 1]
        # outside [start, end] the end knots hold (τ clamps position; v, a are the knot values)
        before, after = tt < times[0], tt > times[-1]
        if before.any():
            v[before], a[before] = self.velocities[0], self.accelerations[0]
        if after.any():
            v[after], a[after] = self.velocities[-1], self.accelerations[-1]
        if scalar:
            return q[0], v[0], a[0]
        return q, v, a

    def _sample_sorted(self, k: np.ndarray, tau: np.ndarray):
        """Times in segment order (the usual case: a time grid): Horner's rule per run of
        times in one segment, on that segment's coefficients (no per-time copy of them)."""
        q = np.empty((tau.shape[0], self.n))
        v = np.empty_like(q)
        a = np.empty_like(q)
        bounds = np.flatnonzero(np.diff(k)) + 1
        for lo, hi in zip(np.r_[0, bounds], np.r_[bounds, tau.shape[0]], strict=True):
            seg = int(k[lo])
            q[lo:hi], v[lo:hi], a[lo:hi] = _horner(self._b[seg], tau[lo:hi], self._h[seg])
        return q, v, a

    def _sample_gathered(self, k: np.ndarray, tau: np.ndarray, h: np.ndarray):
        """Times in any order: the coefficients gathered per time, Horner's rule."""
        return _horner(np.moveaxis(self._b[k], 1, 0), tau, h[:, 0])

    def __repr__(self) -> str:
        return (
            f"PiecewiseQuintic({self.times.shape[0] - 1} segments, n={self.n}, "
            f"duration={self.duration:.6g} s)"
        )


def shortest_time(excess, lower: float, rel: float = 1e-4) -> tuple[float, float]:
    """Shortest t >= ``lower`` with ``excess(t) <= 1``, by doubling and then bisection.

    ``excess(t)`` is the largest ratio peak / limit of a candidate of duration t (exact peaks,
    :func:`hermite_peaks`); it falls as t grows for the segments planned here, so the first
    feasible doubling brackets the boundary, which bisection then finds to ``rel``. No closed
    form exists for a moving start.

    Returns
    -------
    t, excess(t) : float, float
        If no t up to 2³⁰·lower fits (the start state itself may be beyond reach), the
        candidate with the least excess, which is then > 1.
    """
    t = max(float(lower), 1e-3)
    e = excess(t)
    if e <= 1.0 + 1e-9:
        return t, e
    best, lo = (t, e), t
    for _ in range(30):
        t *= 2.0
        e = excess(t)
        if e <= 1.0 + 1e-9:
            break
        if e < best[1]:
            best = (t, e)
        lo = t
    else:
        return best
    hi, e_hi = t, e
    while hi - lo > rel * hi:
        mid = 0.5 * (lo + hi)
        e_mid = excess(mid)
        if e_mid <= 1.0 + 1e-9:
            hi, e_hi = mid, e_mid
        else:
            lo = mid
    return hi, e_hi


def _segment_excess(q0, v0, a0, q1, v_max, a_max):
    """excess(h) of the quintic Hermite segment (q0, v0, a0) -> (q1, 0, 0) of duration h."""
    rest = np.zeros(q0.shape[0])

    def excess(h: float) -> float:
        vp, ap = segment_peaks(h, q0, v0, a0, q1, rest, rest)
        return max(float(np.max(vp / v_max)), float(np.max(ap / a_max)))

    return excess


def moving_start_segment(q0, v0, a0, q1, v_max, a_max, t_rest: float):
    """Duration and start acceleration of the blend from a moving state to q1 at rest.

    The quintic Hermite segment keeps q, q̇ and q̈ continuous. Near a velocity limit with q̈
    still pushing outwards (the end of a trapezoid's acceleration phase) no such polynomial
    stays inside the limits, since q̇ must first grow; the blend then starts from q̈ = 0
    (continuous in q and q̇, a step in q̈, which the caller reports).

    Returns
    -------
    h : float
        Duration (s): the shortest within the limits (:func:`shortest_time`), not shorter than
        the rest-to-rest time ``t_rest`` nor the time to stop from v0 at a_max.
    a_start : (n,) array
        ``a0``, or zeros when the step in q̈ was needed.
    """
    lower = max(t_rest, float(np.max(np.abs(v0) / a_max)))
    h, e = shortest_time(_segment_excess(q0, v0, a0, q1, v_max, a_max), lower)
    if e > 1.0 + 1e-9 and np.any(a0 != 0.0):
        zero = np.zeros_like(a0)
        h0, e0 = shortest_time(_segment_excess(q0, v0, zero, q1, v_max, a_max), lower)
        if e0 < e:
            return h0, zero
    return h, a0


def _goal_inputs(q0, waypoints, v_max, a_max, v0, a0, joint_names):
    """Validated (q0, waypoints (m, n), v_max, a_max, v0, a0) of a multi-waypoint goal."""
    q0 = _vector(q0, None, "q0", joint_names)
    n = q0.shape[0]
    wp = np.array(waypoints, dtype=float, ndmin=2) if np.size(waypoints) else np.empty((0, n))
    if wp.ndim != 2 or wp.shape[1] != n or wp.shape[0] < 1:
        raise TrajectoryError(f"waypoints: shape {wp.shape}, expected (m, {n}) with m >= 1")
    if not np.all(np.isfinite(wp)):
        k, j = np.argwhere(~np.isfinite(wp))[0]
        raise TrajectoryError(f"waypoints[{k}][joint {_joint(joint_names, j)}] is {wp[k, j]}")
    vm = _limits(v_max, n, "v_max", joint_names)
    am = _limits(a_max, n, "a_max", joint_names)
    vs = np.zeros(n) if v0 is None else _vector(v0, n, "v0", joint_names)
    acs = np.zeros(n) if a0 is None else _vector(a0, n, "a0", joint_names)
    return q0, wp, vm, am, vs, acs


def _durations(durations, m: int) -> np.ndarray:
    """Validated segment durations (m,), each > 0 (s)."""
    d = _vector(durations, m, "durations")
    bad = np.flatnonzero(d <= 0.0)
    if bad.size:
        k = int(bad[0])
        raise TrajectoryError(f"durations[{k}] = {d[k]}: must be > 0")
    return d


def plan_waypoints(
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
    """Quintic segments from ``q0`` through ``waypoints``, at rest at every waypoint.

    Parameters
    ----------
    q0 : (n,) array
        Start position (rad or m).
    waypoints : (m, n) array
        Positions to pass through, in order (rad or m).
    durations : (m,) array, optional
        Duration of each segment (s, > 0). None: the shortest duration within the limits for
        each segment [8.14], all joints synchronised; waypoints equal to the previous one are
        then skipped (a zero-length segment).
    v_max, a_max : (n,) arrays
        Velocity (rad/s) and acceleration (rad/s²) limits, finite and > 0.
    v0, a0 : (n,) arrays, optional
        Start velocity and acceleration (rad/s, rad/s²), e.g. the reference of a pre-empted
        plan. Zero by default; when non-zero the first segment is the quintic Hermite segment
        from (q0, v0, a0) to rest, and its minimum duration is found numerically.
    joint_names : sequence of str, optional
        Only used to name joints in error messages.

    Returns
    -------
    PiecewiseQuintic
        Knot times start at 0.
    """
    q0, wp, vm, am, vs, acs = _goal_inputs(q0, waypoints, v_max, a_max, v0, a0, joint_names)
    moving = bool(np.any(vs != 0.0) or np.any(acs != 0.0))

    points = [q0]
    if durations is None:
        times = [0.0]
        for k in range(wp.shape[0]):
            first = len(points) == 1
            t = minimum_duration(wp[k] - points[-1], vm, am)
            if first and moving:
                t, acs = moving_start_segment(q0, vs, acs, wp[k], vm, am, t)
            elif t == 0.0:
                continue  # same point again: no segment
            if len(points) > 1 and times[-1] + t == times[-1]:
                points[-1] = wp[k]  # a move too small to last a representable time
                continue
            points.append(wp[k])
            times.append(times[-1] + t)
    else:
        d = _durations(durations, wp.shape[0])
        points.extend(wp)
        times = np.concatenate([[0.0], np.cumsum(d)])
    positions = np.array(points)
    velocities = np.zeros_like(positions)
    accelerations = np.zeros_like(positions)
    velocities[0], accelerations[0] = vs, acs
    return PiecewiseQuintic(times, positions, velocities, accelerations)


def sample_times(trajectory: PiecewiseQuintic, period: float) -> np.ndarray:
    """Uniform grid of ``period`` from the start, plus every knot: sorted and unique.

    Parameters
    ----------
    trajectory : PiecewiseQuintic
    period : float
        Grid step (s), finite and > 0.

    Returns
    -------
    (k,) array
        Times (s) in the trajectory's time base; the first is its start, the last its end.
        A grid time within 1e-6 period of a knot is dropped in favour of the knot, so that no
        two points are closer than rounding.
    """
    period = float(period)
    if not (math.isfinite(period) and period > 0.0):
        raise TrajectoryError(f"period = {period}: must be finite and > 0 (s)")
    knots = trajectory.times
    count = math.floor(trajectory.duration / period + 1e-9) + 1
    grid = knots[0] + period * np.arange(count)
    tol = 1e-6 * period
    i = np.searchsorted(knots, grid)
    below = knots[np.clip(i - 1, 0, knots.size - 1)]
    above = knots[np.clip(i, 0, knots.size - 1)]
    nearest = np.minimum(np.abs(grid - below), np.abs(above - grid))
    grid = grid[(nearest > tol) & (grid < knots[-1])]
    return np.union1d(grid, knots)
