"""``modyn goal``'s client (modyn_bringup.goal_client.ActionGoalClient) against a PlanAndExecute
server in this process: a goal whose acceptance never reaches the client runs once.

The server is rclpy's own ActionServer with an execute callback that counts its goals; the
client is the one ``modyn goal`` and ``modyn_bringup.timed_goal`` use, in its own context. The
lost answer is made on the client's side: the future of its first send never completes, while
the request itself went out and the server accepted it (what L23a's timed goal met on a loaded
machine: no answer in 5 s, and a second copy with a new id pre-empted the first mid-motion).
"""

from __future__ import annotations

import threading
import time

import pytest

pytest.importorskip("rclpy")

import rclpy  # noqa: E402
from rclpy.action import ActionServer, GoalResponse  # noqa: E402
from rclpy.executors import MultiThreadedExecutor  # noqa: E402
from rclpy.task import Future  # noqa: E402
from sensor_msgs.msg import JointState  # noqa: E402

from modyn_bringup import goal_client  # noqa: E402
from modyn_interfaces.action import PlanAndExecute  # noqa: E402

pytestmark = pytest.mark.node

NAMES = ["joint1", "joint2"]


class _Server:
    """A PlanAndExecute server that records the id of every goal it executes and answers each
    with SUCCESSFUL after ``duration`` s; joint_states at 50 Hz for the client's joint names."""

    def __init__(self, duration: float = 0.5):
        self.context = rclpy.Context()
        rclpy.init(context=self.context)
        self.node = rclpy.create_node("fake_plan_and_execute", context=self.context)
        self.executed: list[bytes] = []
        self.duration = duration
        self.server = ActionServer(
            self.node, PlanAndExecute, goal_client.PLAN_AND_EXECUTE, self._execute
        )
        states = self.node.create_publisher(JointState, "joint_states", 10)
        self.node.create_timer(
            0.02, lambda: states.publish(JointState(name=NAMES, position=[0.0, 0.0]))
        )
        self.executor = MultiThreadedExecutor(context=self.context)
        self.executor.add_node(self.node)
        self.thread = threading.Thread(target=self.executor.spin, daemon=True)
        self.thread.start()

    def _execute(self, handle):
        self.executed.append(bytes(handle.goal_id.uuid))
        feedback = PlanAndExecute.Feedback(joint_names=NAMES, phase="executing")
        handle.publish_feedback(feedback)
        time.sleep(self.duration)
        handle.succeed()
        return PlanAndExecute.Result(
            error_code=PlanAndExecute.Result.SUCCESSFUL,
            planned_points=3,
            planned_duration=self.duration,
            joint_names=NAMES,
            final_error=[0.0, 0.0],
        )

    def close(self):
        self.executor.shutdown()
        self.server.destroy()
        self.node.destroy_node()
        rclpy.try_shutdown(context=self.context)


@pytest.fixture
def server():
    fake = _Server()
    yield fake
    fake.close()


def _losing_the_first(client: goal_client.ActionGoalClient, request_too: bool = False) -> list:
    """The client's first send gets no answer: its future never completes (the acceptance
    lost on its way back) and, with ``request_too``, the request itself never goes out."""
    real = client.client.send_goal_async
    sent: list = []

    def send(*args, **kwargs):
        sent.append(kwargs.get("goal_uuid"))
        if len(sent) == 1:
            if not request_too:
                real(*args, **kwargs)
            return Future()
        return real(*args, **kwargs)

    client.client.send_goal_async = send
    return sent


def _blind_to_status(client: goal_client.ActionGoalClient) -> None:
    """The client never sees the server's status (its reader not matched yet)."""
    subscription = next(
        s for s in client.node.subscriptions if s.topic_name.endswith("/_action/status")
    )
    subscription.callback = lambda _msg: None


def test_a_lost_acceptance_runs_the_goal_once(server, monkeypatch):
    """The server holds the goal (its status names it): the client follows that goal to its
    result without a second copy; the server executed one goal."""
    monkeypatch.setattr(goal_client, "ANSWER_TIMEOUT", 2.0)
    lines: list[str] = []
    with goal_client.ActionGoalClient() as client:
        sent = _losing_the_first(client)
        outcome = client.execute([0.1, 0.2], timeout=30.0, progress=lines.append)
    assert outcome.reached, (outcome, lines)
    assert len(sent) == 1 and server.executed == [bytes(sent[0].uuid)], (server.executed, lines)
    assert "goal: executing" in lines and "goal: planned 3 points, 0.500 s" in lines, lines


def test_a_copy_sent_again_is_the_same_goal(server, monkeypatch):
    """The status unseen too: after ANSWER_TIMEOUT the goal goes again with the same id, the
    server refuses the copy (an id is taken once), and the client follows the goal the server
    holds (its result request names it); one goal executed."""
    monkeypatch.setattr(goal_client, "ANSWER_TIMEOUT", 0.5)
    lines: list[str] = []
    with goal_client.ActionGoalClient() as client:
        sent = _losing_the_first(client)
        _blind_to_status(client)
        outcome = client.execute([0.1, 0.2], timeout=30.0, progress=lines.append)
    assert outcome.reached, (outcome, lines)
    assert len(sent) == 2 and sent[0] == sent[1], sent
    assert server.executed == [bytes(sent[0].uuid)], (server.executed, lines)
    assert any("sent again" in line for line in lines), lines


def test_a_lost_request_is_sent_again_and_runs_once(server, monkeypatch):
    """The first request never reached the server: its copy is the goal, accepted, run once."""
    monkeypatch.setattr(goal_client, "ANSWER_TIMEOUT", 0.5)
    with goal_client.ActionGoalClient() as client:
        sent = _losing_the_first(client, request_too=True)
        _blind_to_status(client)
        outcome = client.execute([0.1, 0.2], timeout=30.0)
    assert outcome.reached, outcome
    assert len(sent) == 2 and server.executed == [bytes(sent[1].uuid)], server.executed


def test_a_refused_goal_is_refused(server, monkeypatch):
    """A goal the server refuses (its goal callback) is reported refused, not waited for; so is
    a copy refused when the server holds no goal of its id (the first request lost)."""
    monkeypatch.setattr(goal_client, "ANSWER_TIMEOUT", 0.5)
    server.server.register_goal_callback(lambda _goal: GoalResponse.REJECT)
    for request_lost in (False, True):
        with goal_client.ActionGoalClient() as client:
            if request_lost:
                sent = _losing_the_first(client, request_too=True)
                _blind_to_status(client)
            outcome = client.execute([0.1, 0.2], timeout=30.0)
        assert not outcome.reached and outcome.event == "refused", outcome
        assert not request_lost or len(sent) == 2, sent
    assert server.executed == []
