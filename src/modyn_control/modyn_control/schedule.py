"""What the controller commands at each tick: the current trajectory, the next one, or the hold.

A pure object (no rclpy) over :class:`~modyn_control.trajectory_queue.TrajectoryQueue` (which
trajectory is due when, and the goal lifecycle events) that adds the hold: the pose held when
nothing is followed, and the hand-overs between following and holding.

* before the first state nothing is held; the first measured pose is held;
* a trajectory that is **done** is held at its last point; a **stopped** one at the reference of
  the last tick it was followed (where the reference was); while the hardware reports a fault
  (``aborted``) the hold follows the measured pose, so that a reset resumes where the arm is;
* :attr:`Tick.hand_over` marks the first hold tick after a followed one (the node fades the
  torque gap, :class:`~modyn_control.law_base.HoldHandOver`); :attr:`Tick.resume` the first
  followed tick after a hold (the law is warm-started from the hold's torque,
  :meth:`~modyn_control.law_base.LawSwitch.interrupt`).

Modes: ``following``, ``holding``, ``pending`` (holding with a trajectory queued).
"""

from __future__ import annotations

import numpy as np

from modyn_trajectory.sampler import TrajectorySampler

from .trajectory_queue import Event, Received, TrajectoryQueue

__all__ = ["FOLLOWING", "HOLDING", "PENDING", "Tick", "Schedule"]

FOLLOWING, HOLDING, PENDING = "following", "holding", "pending"


class Tick:
    """The schedule's answer for one tick (one object, updated in place: no per-tick allocation).

    Attributes
    ----------
    mode : str
        FOLLOWING, HOLDING or PENDING.
    sampler : TrajectorySampler or None
        The trajectory to sample at this tick (None: hold :attr:`Schedule.hold_pose`).
    events : sequence of Event
        Lifecycle transitions at this tick (to publish on goal_status); usually empty.
    hand_over : bool
        First hold tick after a followed tick: the hold takes over from the law.
    """

    __slots__ = ("mode", "sampler", "events", "hand_over")

    def __init__(self):
        self.mode = HOLDING
        self.sampler: TrajectorySampler | None = None
        self.events: list[Event] | tuple = ()
        self.hand_over = False


class Schedule:
    """The trajectory queue plus the hold pose and the hand-overs (see the module docstring).

    Parameters
    ----------
    start_tolerance : float
        As :class:`TrajectoryQueue` (rad or m).
    names : sequence of str
        The configuration coordinates' names (nq), for the reports.

    Attributes
    ----------
    queue : TrajectoryQueue
    hold_pose : (nq,) ndarray or None
        The pose held when nothing is followed (None before the first state).
    hold_serial : int
        Incremented at every change of :attr:`hold_pose` (the node captures the hold on change).
    mode : str
        The mode of the last tick.
    fault : str or None
        The hardware's latched fault (trajectories are refused while it lasts).
    """

    def __init__(self, start_tolerance: float, names):
        self.queue = TrajectoryQueue(start_tolerance, names)
        self.hold_pose: np.ndarray | None = None
        self.hold_serial = 0
        self.mode = HOLDING
        self.fault: str | None = None
        self._tick = Tick()
        self._followed = False  # the last tick followed a trajectory (a stop does not change it)

    # ------------------------------------------------------------------ hold pose
    def _hold(self, q) -> None:
        if self.hold_pose is None:
            self.hold_pose = np.array(q, dtype=float)
        else:
            np.copyto(self.hold_pose, q)
        self.hold_serial += 1

    def _apply(self, events: list[Event]) -> list[Event]:
        for event in events:
            if event.kind == "done":  # ended: hold its last point
                self._hold(event.trajectory.sampler.end_state()[0])
        return events

    # ------------------------------------------------------------------ intake and commands
    def receive(self, trajectory: Received, t_last: float | None) -> list[Event]:
        """Queue a trajectory (refused while :attr:`fault` is set); its events."""
        if self.fault is not None:
            return [
                Event(
                    "refused",
                    trajectory,
                    t_last,
                    f"hardware_interface has a latched fault ({self.fault}); ~/reset it first",
                    {"reason": "fault"},
                )
            ]
        return self._apply(self.queue.receive(trajectory, t_last))

    def stop(self, t: float | None, q_desired) -> tuple[bool, list[Event]]:
        """``~/stop``: drop everything; if a trajectory was followed, hold ``q_desired``, its
        reference at the last tick (where the reference was when stopped); (dropped, events)."""
        queue = self.queue
        dropped = queue.current is not None or bool(queue.pending)
        if queue.current is not None:
            self._hold(q_desired)
        events = queue.clear("stopped", t, "~/stop")
        self.mode = HOLDING
        return dropped, events

    def set_fault(self, message: str | None, t: float | None) -> list[Event]:
        """The hardware's latched state: a fault (message) aborts everything, None clears it."""
        events = []
        if message is not None and self.fault is None:
            events = self.queue.clear("aborted", t, f"hardware_interface fault: {message}")
        self.fault = message
        return events

    # ------------------------------------------------------------------ the tick
    def tick(self, t: float, q) -> Tick:
        """The mode at time ``t`` (s) with the measured configuration ``q`` (nq)."""
        if self.hold_pose is None:
            self._hold(q)  # at start: hold the first measured pose
        elif self.fault is not None:
            # the plant holds itself and ignores us: keep the hold where the arm is, so that
            # ~/reset resumes from there (no jump back to an old reference)
            self._hold(q)
        queue = self.queue
        tick = self._tick
        tick.events = self._apply(queue.advance(t, self.hold_pose)) if queue.due(t) else ()
        cur = queue.current
        if cur is not None:
            tick.mode = FOLLOWING
            tick.sampler = cur.sampler
        else:
            tick.mode = PENDING if queue.pending else HOLDING
            tick.sampler = None
        tick.hand_over = self._followed and cur is None
        self._followed = cur is not None
        self.mode = tick.mode
        return tick
