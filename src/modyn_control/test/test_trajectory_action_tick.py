"""The action server's tick (feedback, report timeouts) against a goal it has just registered.

A goal is registered (``_open``: it takes the controller's reports from then on) before its
trajectory goes to the controller; a tick of the server's executor can run in between. The
report timeout counts from the goal's creation until the send: with a "sent at" of 0 until
then, that tick timed the goal out at once ("the controller reported nothing about the
trajectory in 10 s" one second after the goal; seen once a log line was added between the two).
"""

from __future__ import annotations

import time

import numpy as np
from trajectory_msgs.msg import JointTrajectory

from modyn_control.trajectory_action import (
    REPORT_TIMEOUT,
    ResultCode,
    TrajectoryActionServer,
    _Goal,
)


class _Handle:
    """What the tick reads of a goal handle: its id (for the log)."""

    class goal_id:  # noqa: N801 - unique_identifier_msgs/UUID's field
        uuid = bytes(range(16))


def _goal() -> _Goal:
    return _Goal(
        handle=_Handle(),
        key=("0", "2"),
        trajectory=JointTrajectory(),
        sampler=None,
        path_tol=np.full(2, np.inf),
        goal_tol=np.full((2, 2), np.inf),
        time_tol=np.inf,
    )


def test_a_goal_registered_and_not_yet_sent_is_not_timed_out(ros):
    node = ros.add(ros.rclpy.create_node("feedforward", context=ros.context))
    server = TrajectoryActionServer(node, lambda t: t, ["a", "b"])
    try:
        goal = _goal()
        assert abs(goal.sent_at - time.monotonic()) < REPORT_TIMEOUT / 2
        server._open(goal)
        server._tick()  # a tick before the trajectory is sent
        assert goal.outcome is None, goal.outcome
        # the timeout itself still works: the same goal REPORT_TIMEOUT s after its send
        goal.sent_at = time.monotonic() - REPORT_TIMEOUT - 1.0
        server._tick()
        assert goal.outcome is not None and "reported nothing" in goal.outcome[1], goal.outcome
        server._close(goal)
    finally:
        server.close()


def test_a_running_goal_whose_end_is_not_reported_ends_with_the_reason(ros):
    """The trajectory over on joint_states' clock and no report of its end: the goal ends
    REPORT_TIMEOUT s of wall time later, saying so (its client does not wait for ever)."""
    node = ros.add(ros.rclpy.create_node("feedforward", context=ros.context))
    server = TrajectoryActionServer(node, lambda t: t, ["a", "b"])
    try:
        goal = _goal()
        goal.phase, goal.started, goal.end = "executing", 1.0, 3.0
        server._open(goal)
        server._state = (2.0, np.zeros(2), np.zeros(2), None)  # before its end: no clock runs
        server._tick()
        assert goal.outcome is None and goal.overdue_since is None
        server._state = (3.5, np.zeros(2), np.zeros(2), None)  # past its end: the wait starts
        server._tick()
        assert goal.outcome is None and goal.overdue_since is not None
        server._tick()  # within REPORT_TIMEOUT: still waiting for the controller's word
        assert goal.outcome is None
        goal.overdue_since -= REPORT_TIMEOUT + 1.0
        server._tick()
        assert goal.outcome is not None, "no outcome REPORT_TIMEOUT s after the end"
        code, text = goal.outcome
        assert code == ResultCode.INVALID_GOAL
        assert "did not report the end" in text and "t = 3.000000 s" in text, text
        server._close(goal)
    finally:
        server.close()
