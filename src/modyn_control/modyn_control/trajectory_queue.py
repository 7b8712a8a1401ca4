"""Which trajectory the controller follows when: its trajectory intake, without ROS.

The generator re-plans by continuation: a new plan starts at its ``header.stamp`` from the
reference the previous plan has there (docs/trajectory.md). The controller therefore follows each
trajectory from its start until the next one starts (as ros2_controllers'
joint_trajectory_controller splices a new trajectory in at its start time), and keeps every
trajectory received but not begun yet, in the order of their starts:

* a trajectory received after its own end is **refused** (joint_trajectory_controller refuses a
  trajectory "that ends in the past" alike): following it would only move the hold target to its
  end, a jump of the whole motion;
* a pending trajectory that starts at or after a newer one's start is **superseded** by it
  (that is a re-plan from an earlier instant);
* at its start (or at the first tick after it, if it came late) a trajectory whose reference
  there is more than ``start_tolerance`` away from the reference the controller has (the running
  trajectory's, or the held pose) is **refused**: it continues a motion the controller did not
  follow (a plan it never received), and following it would step the reference;
* otherwise it is **executing**, and **done** after its last point (the controller then holds
  that point), or **replaced** by the next one at the next one's start, or **stopped** /
  **aborted** (``~/stop``, a fault of the hardware).

Every transition is an :class:`Event`; the node publishes them on ``goal_status``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

from modyn_trajectory.sampler import TrajectorySampler

__all__ = ["Event", "Received", "TrajectoryQueue", "OK_EVENTS", "ERROR_EVENTS", "ENDING_EVENTS"]

#: events that end a trajectory without (fully) running it, or refuse it
ERROR_EVENTS = frozenset({"refused", "rejected", "aborted"})
#: the normal life of a trajectory (and the user's own ~/stop, a pre-emption)
OK_EVENTS = frozenset({"pending", "executing", "done", "replaced", "superseded", "stopped"})
#: events after which the controller says no more about a trajectory
ENDING_EVENTS = (OK_EVENTS - {"pending", "executing"}) | ERROR_EVENTS


def stamp_text(ns: int) -> str:
    """Integer nanoseconds as exact seconds text, ``sec.nanosec`` (nine digits)."""
    sec, nsec = divmod(int(ns), 1_000_000_000)
    return f"{sec}.{nsec:09d}"


@dataclass
class Received:
    """A trajectory as the controller received it.

    Attributes
    ----------
    sampler : TrajectorySampler
        Its points; ``sampler.start`` is resolved at the first tick for a zero stamp.
    stamp_ns : int
        ``header.stamp`` as received (0: "start at the next joint_states").
    points : int
        Number of points.
    received_t : float or None
        The controller's time (the last joint_states stamp, s) at receipt; None before the first
        joint_states.
    """

    sampler: TrajectorySampler
    stamp_ns: int
    points: int
    received_t: float | None = None
    resolved: bool = field(default=False)  # zero stamp: the start has been set

    @property
    def begin(self) -> float:
        """Absolute start (s); -inf for a zero stamp not resolved yet (it starts first)."""
        if self.stamp_ns == 0 and not self.resolved:
            return -math.inf
        return self.sampler.begin

    def values(self) -> dict[str, str]:
        """The identification of the trajectory in a report: its stamp as received (exact),
        its start and end (s), its number of points."""
        out = {"stamp": stamp_text(self.stamp_ns), "points": str(self.points)}
        if self.stamp_ns != 0 or self.resolved:
            out["start_s"] = f"{self.sampler.begin:.9f}"
            out["end_s"] = f"{self.sampler.end:.9f}"
        return out


@dataclass
class Event:
    """One transition of a trajectory: ``kind`` (pending, executing, done, replaced,
    superseded, stopped, refused, aborted), the controller time ``t`` (s, None before the
    first joint_states), a sentence ``detail`` and extra ``values``."""

    kind: str
    trajectory: Received
    t: float | None
    detail: str = ""
    values: dict = field(default_factory=dict)

    @property
    def message(self) -> str:
        return f"trajectory {self.kind}" + (f": {self.detail}" if self.detail else "")


class TrajectoryQueue:
    """The running trajectory and the pending ones (see the module docstring).

    Parameters
    ----------
    start_tolerance : float
        Largest jump (rad or m, any joint) between the controller's reference and a trajectory's
        reference at its start that is accepted.
    joint_names : sequence of str
        For the reports.
    """

    def __init__(self, start_tolerance: float, joint_names):
        self.start_tolerance = float(start_tolerance)
        self.joint_names = list(joint_names)
        self.current: Received | None = None
        self.pending: list[Received] = []
        self._reference = np.zeros(len(self.joint_names))

    @property
    def next_begin(self) -> float:
        """When the next pending trajectory is due (s): inf when none, -inf for a zero stamp."""
        return self.pending[0].begin if self.pending else math.inf

    # ------------------------------------------------------------------ intake
    def receive(self, trajectory: Received, t_last: float | None) -> list[Event]:
        """Queue a received trajectory; ``t_last`` is the controller's time (s) or None."""
        trajectory.received_t = t_last
        sampler = trajectory.sampler
        if trajectory.stamp_ns != 0 and t_last is not None and sampler.end < t_last:
            return [
                Event(
                    "refused",
                    trajectory,
                    t_last,
                    f"it ended at {sampler.end:.6f} s, before it reached the controller "
                    f"(t = {t_last:.6f} s); nothing was followed",
                    {"reason": "ended"},
                )
            ]
        events = []
        if trajectory.stamp_ns == 0:
            gone = list(self.pending)  # "now" comes before anything pending
        else:
            gone = [p for p in self.pending if p.begin >= sampler.begin]
        for p in gone:
            self.pending.remove(p)
            events.append(
                Event(
                    "superseded",
                    p,
                    t_last,
                    "a newer trajectory starts "
                    + (
                        "at the next state"
                        if trajectory.stamp_ns == 0
                        else f"at {sampler.begin:.6f} s"
                    )
                    + ", before it began",
                )
            )
        self.pending.append(trajectory)
        self.pending.sort(key=lambda p: p.begin)
        if trajectory.stamp_ns == 0:
            when = "at the next joint_states"
        else:
            when = f"at {sampler.begin:.6f} s"
            if t_last is not None and sampler.begin < t_last:
                when += f" (already {t_last - sampler.begin:.6f} s ago: it is joined late)"
        events.append(
            Event(
                "pending",
                trajectory,
                t_last,
                f"{trajectory.points} points over {sampler.end - sampler.begin:.3f} s, "
                f"starts {when}",
            )
        )
        return events

    # ------------------------------------------------------------------ the tick
    def due(self, t: float) -> bool:
        """True when :meth:`advance` has something to do at ``t`` (cheap: the hot path)."""
        cur = self.current
        return t >= self.next_begin or (cur is not None and t > cur.sampler.end)

    def advance(self, t: float, hold: np.ndarray) -> list[Event]:
        """Start, end, replace or refuse at the controller time ``t`` (s).

        ``hold`` is the pose the controller holds when it follows nothing. After the call
        :attr:`current` is the trajectory to follow at ``t`` (None: hold; a ``done`` event then
        names the trajectory whose last point to hold).
        """
        events: list[Event] = []
        for p in self.pending:
            if p.stamp_ns == 0 and not p.resolved:
                p.sampler.start = t - p.sampler.times[0]
                p.resolved = True
        self.pending.sort(key=lambda p: p.begin)
        due = []
        while self.pending and self.pending[0].begin <= t:
            due.append(self.pending.pop(0))
        cur = self.current
        if not due:
            self._finish(t, events)
            return events
        for p in due[:-1]:  # due at the same tick as a later one: never followed
            if p.received_t is None and p.stamp_ns != 0 and p.sampler.end < t:
                events.append(self._ended_before(p, t))
            else:
                events.append(
                    Event("superseded", p, t, "a later trajectory was due at the same time")
                )
        new = due[-1]
        sampler = new.sampler
        if new.received_t is None and new.stamp_ns != 0 and sampler.end < t:
            events.append(self._ended_before(new, t))
            self._finish(t, events)
            return events
        # continuity is checked where the trajectory takes over: at its start if it came in
        # time (the ticks may be sparser than its start), else at the late join, t
        on_time = new.stamp_ns == 0 or (
            new.received_t is not None and new.received_t <= sampler.begin
        )
        t_check = sampler.begin if on_time else t
        # the controller's reference there: the running trajectory's (its last point once it
        # ended), or the held pose
        reference = self._reference
        np.copyto(reference, cur.sampler.sample(t_check)[0] if cur is not None else hold)
        q_start = sampler.sample(t_check)[0]
        late = 0.0 if on_time else t - sampler.begin
        gap = np.abs(q_start - reference)
        j = int(np.argmax(gap))
        if not gap[j] <= self.start_tolerance:
            events.append(
                Event(
                    "refused",
                    new,
                    t,
                    f"its reference at t = {t_check:.6f} s is {gap[j]:.4g} away from the "
                    "controller's "
                    f"(joint '{self.joint_names[j]}': {q_start[j]:.6g} against "
                    f"{reference[j]:.6g}; start_tolerance {self.start_tolerance:g}): it continues "
                    "a motion the controller did not follow; holding",
                    # late_s > 0: it came after its start and was joined where the motion had
                    # moved on (PlanAndExecute plans an as-soon-as-possible goal again, further
                    # ahead); 0: it came in time and starts away from the reference
                    {"jump": f"{gap[j]:.6g}", "reason": "jump", "late_s": f"{late:.6f}"},
                )
            )
            self._finish(t, events)
            return events
        if cur is not None:
            if sampler.begin > cur.sampler.end:
                self._finish(t, events)
            else:
                events.append(
                    Event(
                        "replaced", cur, t, f"by the trajectory starting at {sampler.begin:.6f} s"
                    )
                )
        events.append(
            Event(
                "executing",
                new,
                t,
                f"from t = {t:.6f} s" + (f", joined {late:.6f} s late" if late > 0.0 else ""),
                {"late_s": f"{late:.6f}", "jump": f"{gap[j]:.3g}"},
            )
        )
        self.current = new
        self._finish(t, events)  # a single point, or shorter than a tick
        return events

    def _finish(self, t: float, events: list) -> None:
        """The running trajectory is done once t is past its last point."""
        cur = self.current
        if cur is not None and t > cur.sampler.end:
            events.append(Event("done", cur, t, f"ended at {cur.sampler.end:.6f} s"))
            self.current = None

    def _ended_before(self, p: Received, t: float) -> Event:
        return Event(
            "refused",
            p,
            t,
            f"it ended at {p.sampler.end:.6f} s, before the controller's first state "
            f"(t = {t:.6f} s); nothing was followed",
            {"reason": "ended"},
        )

    def clear(self, kind: str, t: float | None, detail: str) -> list[Event]:
        """Drop the running and the pending trajectories (``stopped``, ``aborted``)."""
        events = []
        if self.current is not None:
            events.append(Event(kind, self.current, t, detail))
        for p in self.pending:
            events.append(Event(kind, p, t, detail + " (it had not begun)"))
        self.current = None
        self.pending = []
        return events
