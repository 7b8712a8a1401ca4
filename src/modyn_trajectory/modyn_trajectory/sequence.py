"""Several motions played one after the other as one trajectory.

A goal with waypoints and a point-to-point profile of Khalil ch. 8 (which is rest-to-rest by
construction, [8.2]) becomes one segment per waypoint; a goal that pre-empts a moving plan adds
a first blending segment. :class:`MotionSequence` gives them the ``sample(t) -> (q, q̇, q̈)``
interface of a single profile, in one time base starting at 0.
"""

from __future__ import annotations

import numpy as np

from modyn_trajectory.quintic import TrajectoryError

__all__ = ["MotionSequence"]


class MotionSequence:
    """Segments ``s_0, s_1, ...`` played back to back from t = 0.

    Parameters
    ----------
    segments : list
        Objects with a ``duration`` (s, >= 0) and ``sample(t) -> (q, v, a)`` defined on
        [0, duration] in their own time (the profiles of :mod:`modyn_trajectory.profiles`
        and :class:`~modyn_trajectory.quintic.PiecewiseQuintic` starting at 0). Segments of
        zero duration are dropped; each must start where the previous one ends.

    Attributes
    ----------
    times : (k+1,) array
        Start time of every segment and the end time (s): the knots of the sequence.
    start, end, duration : float
        0, the end time and their difference (s).
    n : int
        Number of joints.
    """

    def __init__(self, segments):
        kept = [s for s in segments if s.duration > 0.0]
        if not kept:
            if not segments:
                raise TrajectoryError("a motion sequence needs at least one segment")
            kept = [segments[-1]]  # a single point: rest there
        self.segments = kept
        self.times = np.concatenate([[0.0], np.cumsum([s.duration for s in kept])])
        self.times.flags.writeable = False
        q, _, _ = kept[0].sample(0.0)
        self.n = int(q.shape[0])

    @property
    def start(self) -> float:
        return 0.0

    @property
    def end(self) -> float:
        return float(self.times[-1])

    @property
    def duration(self) -> float:
        return float(self.times[-1])

    def sample(self, t) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Positions (rad), velocities (rad/s) and accelerations (rad/s²) at time(s) ``t`` (s).

        Before 0 the first segment's start holds; from the end on, the last point at rest
        (every sequence ends at rest: this also settles the linear profile's velocity step
        at t_f [8.4] on the rest side). A knot time belongs to the segment that starts there.
        """
        tt = np.asarray(t, dtype=float)
        scalar = tt.ndim == 0
        tt = np.atleast_1d(tt)
        k = np.clip(np.searchsorted(self.times, tt, side="right") - 1, 0, len(self.segments) - 1)
        q = np.empty((tt.shape[0], self.n))
        v = np.empty_like(q)
        a = np.empty_like(q)
        for i in np.unique(k):
            rows = k == i
            q[rows], v[rows], a[rows] = self.segments[i].sample(tt[rows] - self.times[i])
        done = tt >= self.times[-1]
        v[done] = 0.0
        a[done] = 0.0
        if scalar:
            return q[0], v[0], a[0]
        return q, v, a

    def __repr__(self) -> str:
        return f"MotionSequence({len(self.segments)} segments, duration={self.duration:.6g} s)"
