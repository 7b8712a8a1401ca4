"""The controller's schedule (modyn_control.schedule): which trajectory or the hold, when; the
hold pose; the hand-over marks. Pure Python, no rclpy."""

from __future__ import annotations

import numpy as np

from modyn_control.schedule import FOLLOWING, HOLDING, PENDING, Schedule
from modyn_control.trajectory_queue import Received
from modyn_trajectory.sampler import TrajectorySampler


def _received(q0, q1, start, duration=1.0):
    """A straight two-point motion q0 → q1 from rest to rest, starting at ``start`` (s)."""
    q = np.array([q0, q1], dtype=float)
    sampler = TrajectorySampler([0.0, duration], start, q, np.zeros_like(q), np.zeros_like(q))
    return Received(sampler, round(start * 1e9), 2)


def test_first_pose_held_then_pending_following_done_and_the_end_held():
    s = Schedule(0.1, ["a", "b"])
    q0, q1 = np.array([0.1, -0.2]), np.array([0.6, 0.3])
    tick = s.tick(0.5, q0)
    assert tick.mode == HOLDING and tick.sampler is None and not tick.hand_over
    np.testing.assert_array_equal(s.hold_pose, q0)
    serial = s.hold_serial
    events = s.receive(_received(q0, q1, 1.0), 0.5)
    assert [e.kind for e in events] == ["pending"]
    tick = s.tick(0.9, q0 + 0.01)  # the held pose does not follow the arm
    assert tick.mode == PENDING and tick.sampler is None and s.hold_serial == serial
    np.testing.assert_array_equal(s.hold_pose, q0)
    tick = s.tick(1.0, q0)
    assert tick.mode == FOLLOWING and tick.sampler is not None and not tick.hand_over
    assert [e.kind for e in tick.events] == ["executing"]
    assert s.tick(1.5, q0).events == ()  # nothing to report between transitions
    tick = s.tick(2.001, q1)
    assert tick.mode == HOLDING and tick.sampler is None
    assert tick.hand_over  # the first hold tick after a followed one
    assert [e.kind for e in tick.events] == ["done"]
    np.testing.assert_array_equal(s.hold_pose, q1)  # the last point, not the measured pose
    assert s.hold_serial > serial
    assert not s.tick(2.002, q1).hand_over  # once


def test_stop_holds_the_last_followed_reference_and_hands_over_at_the_next_tick():
    s = Schedule(0.1, ["a"])
    s.tick(0.0, [0.0])
    s.receive(_received([0.0], [1.0], 0.5), 0.0)
    tick = s.tick(0.7, [0.1])
    assert tick.mode == FOLLOWING
    q_d = tick.sampler.sample(0.7)[0].copy()
    dropped, events = s.stop(0.7, q_d)
    assert dropped and [e.kind for e in events] == ["stopped"]
    assert s.mode == HOLDING
    np.testing.assert_array_equal(s.hold_pose, q_d)
    tick = s.tick(0.8, [0.2])
    assert tick.mode == HOLDING and tick.hand_over and tick.events == ()
    dropped, events = s.stop(0.8, q_d)  # nothing left to stop
    assert not dropped and events == []


def test_a_fault_aborts_refuses_and_the_hold_follows_the_arm():
    s = Schedule(0.1, ["a"])
    s.tick(0.0, [0.0])
    s.receive(_received([0.0], [1.0], 0.5), 0.0)
    s.receive(_received([1.0], [0.0], 2.0), 0.0)  # pending behind it
    assert s.tick(0.6, [0.0]).mode == FOLLOWING
    events = s.set_fault("watchdog", 0.6)
    assert [e.kind for e in events] == ["aborted", "aborted"]
    assert "hardware_interface fault: watchdog" in events[0].message
    assert s.set_fault("watchdog", 0.65) == []  # reported once
    tick = s.tick(0.7, [0.05])
    assert tick.mode == HOLDING and tick.hand_over
    np.testing.assert_array_equal(s.hold_pose, [0.05])
    refused = s.receive(_received([0.05], [0.3], 1.0), 0.7)
    assert [e.kind for e in refused] == ["refused"] and "latched fault" in refused[0].message
    s.set_fault(None, 0.75)
    s.tick(0.8, [0.06])
    s.tick(0.9, [0.2])  # no fault: the hold stays where the arm was at the last faulted tick
    np.testing.assert_array_equal(s.hold_pose, [0.05])


def test_a_continuation_takes_over_without_a_hand_over_to_the_hold():
    s = Schedule(0.1, ["a"])
    s.tick(0.0, [0.0])
    first = _received([0.0], [1.0], 0.5)
    s.receive(first, 0.0)
    assert s.tick(0.5, [0.0]).mode == FOLLOWING
    q_mid = float(first.sampler.sample(1.0)[0][0])
    s.receive(_received([q_mid], [0.0], 1.0), 0.9)
    tick = s.tick(1.0, [q_mid])
    assert tick.mode == FOLLOWING and not tick.hand_over
    assert [e.kind for e in tick.events] == ["replaced", "executing"]


def test_the_tick_is_one_object_updated_in_place():
    s = Schedule(0.1, ["a"])
    assert s.tick(0.0, [0.0]) is s.tick(0.001, [0.0])
