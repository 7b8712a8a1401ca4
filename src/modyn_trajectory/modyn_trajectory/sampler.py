"""Sampling a time-parametrised trajectory at one instant, cheaply (the controller's hot path).

Between two points the desired position is the quintic Hermite polynomial that matches q, q̇
and q̈ at both points; it is exact for the trajectory generator's quintic segments because the
generator puts a point on every knot (a quintic is fixed by those six conditions). The
feed-forward effort is interpolated linearly (it is not a polynomial of time).

The per-segment polynomial coefficients are computed once, when the trajectory arrives; a
sample is then one ``searchsorted``, the fill of a small matrix of powers of the local time
and one matrix product into a preallocated buffer.

It lives next to :mod:`modyn_trajectory.quintic` (the polynomials it evaluates); building one
from a trajectory_msgs/JointTrajectory is :func:`modyn_control.messages.sampler_from_message`.
"""

from __future__ import annotations

import bisect

import numpy as np

from .quintic import TrajectoryError, hermite_coefficients

__all__ = ["TrajectorySampler"]


class TrajectorySampler:
    """Desired q, q̇, q̈, τ_ff of a trajectory at an absolute time.

    Parameters
    ----------
    times : (m,) array
        Time of each point relative to ``start`` (s), strictly increasing (``time_from_start``).
    start : float
        Absolute time of ``times = 0`` (s), e.g. the trajectory's ``header.stamp``.
    q, v, a : (m, n) arrays
        Positions (rad), velocities (rad/s), accelerations (rad/s²) of the points.
    effort : (m, n) array, optional
        Feed-forward efforts (N·m or N); zero when omitted.

    Notes
    -----
    :meth:`sample` returns views of one internal buffer that the next call overwrites; copy
    them to keep them.
    """

    def __init__(self, times, start: float, q, v, a, effort=None):
        t = np.array(times, dtype=float, ndmin=1)
        q = np.array(q, dtype=float)
        if t.ndim != 1 or q.ndim != 2 or q.shape[0] != t.shape[0] or t.shape[0] < 1:
            raise TrajectoryError(f"times {t.shape} and q {q.shape}: expected (m,) and (m, n)")
        arrays = {"q": q}
        for name, x in (("v", v), ("a", a), ("effort", effort)):
            arr = np.zeros_like(q) if x is None else np.array(x, dtype=float)
            if arr.shape != q.shape:
                raise TrajectoryError(f"{name}: shape {arr.shape}, expected {q.shape}")
            arrays[name] = arr
        for name, arr in (("times", t), *arrays.items()):
            if not np.all(np.isfinite(arr)):
                raise TrajectoryError(f"{name} has a non-finite value")
        if np.any(np.diff(t) <= 0.0):
            k = int(np.flatnonzero(np.diff(t) <= 0.0)[0])
            raise TrajectoryError(
                f"times must be strictly increasing: times[{k + 1}] = {t[k + 1]} <= {t[k]}"
            )
        if not np.isfinite(start):
            raise TrajectoryError(f"start is {start}")
        self.start = float(start)
        self.times = t
        self.n = q.shape[1]
        self.q, self.v, self.a, self.effort = (arrays[k] for k in ("q", "v", "a", "effort"))
        m = t.shape[0]
        # rows 0-5: quintic c0..c5 in the local time s; rows 6-7: effort e_k + s (Δe/h)
        self._coef = np.zeros((max(m - 1, 1), 8, self.n))
        if m > 1:
            h = np.diff(t)
            self._coef[:, :6] = hermite_coefficients(
                h, q[:-1], self.v[:-1], self.a[:-1], q[1:], self.v[1:], self.a[1:]
            )
            self._coef[:, 6] = self.effort[:-1]
            self._coef[:, 7] = np.diff(self.effort, axis=0) / h[:, None]
        # Python floats for bisect: faster than np.searchsorted on a scalar
        self._knots = t.tolist()
        self._powers = np.zeros((4, 8))  # rows: q, v, a, effort as functions of s
        self._powers[0, 0] = 1.0
        self._powers[1, 1] = 1.0
        self._powers[2, 2] = 2.0
        self._powers[3, 6] = 1.0
        self._out = np.zeros((4, self.n))
        # the end points, as the clamped samples
        self._first = np.stack([self.q[0], self.v[0], self.a[0], self.effort[0]])
        self._last = np.stack([self.q[-1], self.v[-1], self.a[-1], self.effort[-1]])

    # ------------------------------------------------------------------ queries
    @property
    def begin(self) -> float:
        """Absolute time of the first point (s)."""
        return self.start + self._knots[0]

    @property
    def end(self) -> float:
        """Absolute time of the last point (s)."""
        return self.start + self._knots[-1]

    def active(self, t: float) -> bool:
        """True when begin ≤ ``t`` ≤ end (``t`` absolute, s)."""
        return self.begin <= t <= self.end

    def end_state(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """(q, v, a, effort) of the last point (copies)."""
        return tuple(x.copy() for x in self._last)

    def sample(self, t: float) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """(q_d, q̇_d, q̈_d, τ_ff) at the absolute time ``t`` (s).

        Before the first point the first point is returned, after the last the last one
        (with the velocity, acceleration and effort stored there). The four arrays are views
        of an internal buffer (see the class notes).
        """
        return self.sample_relative(t - self.start)

    def sample_relative(self, s: float) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """As :meth:`sample`, with ``s`` the time since ``start`` (s)."""
        knots = self._knots
        out = self._out
        if s <= knots[0] or len(knots) == 1:
            out[:] = self._first
        elif s >= knots[-1]:
            out[:] = self._last
        else:
            k = bisect.bisect_right(knots, s) - 1
            x = s - knots[k]
            x2 = x * x
            x3 = x2 * x
            p = self._powers
            # d^i/ds^i of [1, x, x², x³, x⁴, x⁵]; the constant entries were set once
            p[0, 1], p[0, 2], p[0, 3], p[0, 4], p[0, 5] = x, x2, x3, x3 * x, x3 * x2
            p[1, 2], p[1, 3], p[1, 4], p[1, 5] = 2.0 * x, 3.0 * x2, 4.0 * x3, 5.0 * x3 * x
            p[2, 3], p[2, 4], p[2, 5] = 6.0 * x, 12.0 * x2, 20.0 * x3
            p[3, 7] = x
            np.dot(p, self._coef[k], out=out)
        return out[0], out[1], out[2], out[3]

    def __repr__(self) -> str:
        return (
            f"TrajectorySampler({len(self._knots)} points, n={self.n}, "
            f"start={self.start:.9g} s, end={self.end:.9g} s)"
        )
