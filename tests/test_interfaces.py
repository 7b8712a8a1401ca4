"""modyn_interfaces (issue 29): the generated actions import, carry control_msgs' result codes,
and work across processes: an ActionServer in a child process, its execute callback a coroutine
that awaits futures other callbacks complete, an ActionClient here: goal, feedback, result, a
goal refused, and a cancel that the server honours while a goal executes.

The server spins rclpy's SingleThreadedExecutor. Under rclpy 9.1.2's EventsExecutor (the node
processes' default, modyn_ros.node_main) the same server answered nothing within 30 s, with or
without an await in its execute callback (2026-11-29): a node that serves an action must prefer
the SingleThreadedExecutor (``preferred_executor``)."""

from __future__ import annotations

import subprocess
import sys
import textwrap
import time

import pytest

pytest.importorskip("rclpy")
interfaces = pytest.importorskip(
    "modyn_interfaces.action", reason="modyn_interfaces is not built (make build)"
)

pytestmark = pytest.mark.node

SERVER = textwrap.dedent(
    """
    import rclpy
    from rclpy.action import ActionServer, CancelResponse, GoalResponse
    from rclpy.task import Future
    from modyn_ros.node_main import make_executor
    from modyn_interfaces.action import FollowJointTrajectory as Action

    rclpy.init()
    node = rclpy.create_node("fjt_server")

    def goal(request):
        names = list(request.trajectory.joint_names)
        return GoalResponse.ACCEPT if names else GoalResponse.REJECT

    async def pause(seconds):
        # the executor stays free meanwhile (cancel requests, other goals): what a server whose
        # goals the control loop ends does, awaiting a future that a callback completes
        done = Future()
        timer = node.create_timer(seconds, lambda: done.done() or done.set_result(True))
        await done
        node.destroy_timer(timer)

    async def execute(handle):
        points = handle.request.trajectory.points
        for k, point in enumerate(points):
            if handle.is_cancel_requested:
                handle.canceled()
                result = Action.Result()
                result.error_code = Action.Result.STOPPED
                result.error_string = f"canceled at point {k}"
                return result
            feedback = Action.Feedback()
            feedback.joint_names = list(handle.request.trajectory.joint_names)
            feedback.desired = point
            feedback.phase = "executing"
            handle.publish_feedback(feedback)
            await pause(0.02)
        handle.succeed()
        result = Action.Result()
        result.error_code = Action.Result.SUCCESSFUL
        result.final_error = [0.0] * len(handle.request.trajectory.joint_names)
        return result

    ActionServer(
        node, Action, "follow_joint_trajectory", execute_callback=execute,
        goal_callback=goal, cancel_callback=lambda _: CancelResponse.ACCEPT,
    )
    executor = make_executor("single")  # not the EventsExecutor: module docstring
    print("executor", type(executor).__name__, flush=True)
    executor.add_node(node)
    executor.spin()
    """
)


def _goal(points: int):
    from trajectory_msgs.msg import JointTrajectoryPoint

    goal = interfaces.FollowJointTrajectory.Goal()
    goal.trajectory.joint_names = ["joint1", "joint2"]
    for k in range(points):
        goal.trajectory.points.append(JointTrajectoryPoint(positions=[0.1 * k, -0.1 * k]))
    return goal


def test_result_codes_are_control_msgs():
    result = interfaces.FollowJointTrajectory.Result
    # control_msgs/action/FollowJointTrajectory's codes, so an adapter copies them
    assert (result.SUCCESSFUL, result.INVALID_GOAL, result.INVALID_JOINTS) == (0, -1, -2)
    assert (result.OLD_HEADER_TIMESTAMP, result.PATH_TOLERANCE_VIOLATED) == (-3, -4)
    assert result.GOAL_TOLERANCE_VIOLATED == -5
    fields = interfaces.FollowJointTrajectory.Goal.get_fields_and_field_types()
    assert fields["trajectory"] == "trajectory_msgs/JointTrajectory"
    assert fields["goal_time_tolerance"] == "builtin_interfaces/Duration"


def test_goal_feedback_result_and_cancel_across_processes():
    import rclpy
    from action_msgs.msg import GoalStatus
    from rclpy.action import ActionClient
    from rclpy.executors import SingleThreadedExecutor

    server = subprocess.Popen(
        [sys.executable, "-c", SERVER], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    )
    context = rclpy.Context()
    rclpy.init(context=context)
    node = rclpy.create_node("fjt_client", context=context)
    executor = SingleThreadedExecutor(context=context)
    executor.add_node(node)
    client = ActionClient(node, interfaces.FollowJointTrajectory, "follow_joint_trajectory")

    def wait(future, seconds=30.0):
        end = time.monotonic() + seconds
        while not future.done():
            executor.spin_once(timeout_sec=0.05)
            assert time.monotonic() < end, "no answer"
            assert server.poll() is None, server.communicate()[0]
        return future.result()

    def ask(request, seconds=30.0, silence=5.0):
        """``request()``'s answer, asked again after ``silence`` s without one: a service's
        answer is lost when the server answers before DDS has matched this process's reply
        reader on its side (Q18: a goal sent right after wait_for_server, no answer in 30 s).
        Only for requests that may be made twice: a refused goal, a result, a cancel."""
        end = time.monotonic() + seconds
        while True:
            future = request()
            try:
                return wait(future, min(silence, end - time.monotonic()))
            except AssertionError as error:
                if str(error) != "no answer" or time.monotonic() >= end:
                    raise

    try:
        assert client.wait_for_server(timeout_sec=30.0), "the action server was not found"
        # refused: no joints. First, and asked until answered: once one goal answer has come
        # back, the goal service's reply path is matched and a real goal is sent only once
        empty = interfaces.FollowJointTrajectory.Goal()
        assert not ask(lambda: client.send_goal_async(empty)).accepted
        feedback = []
        handle = wait(client.send_goal_async(_goal(5), feedback_callback=feedback.append))
        assert handle.accepted
        answer = ask(handle.get_result_async)
        assert answer.status == GoalStatus.STATUS_SUCCEEDED
        assert answer.result.error_code == interfaces.FollowJointTrajectory.Result.SUCCESSFUL
        assert list(answer.result.final_error) == [0.0, 0.0]
        assert [list(f.feedback.desired.positions) for f in feedback] == [
            [0.1 * k, -0.1 * k] for k in range(5)
        ]
        # canceled mid-way
        handle = wait(client.send_goal_async(_goal(200)))
        assert handle.accepted
        time.sleep(0.2)
        ask(handle.cancel_goal_async)
        answer = ask(handle.get_result_async)
        assert answer.status == GoalStatus.STATUS_CANCELED
        assert answer.result.error_code == interfaces.FollowJointTrajectory.Result.STOPPED
        assert answer.result.error_string.startswith("canceled at point")
    finally:
        client.destroy()
        node.destroy_node()
        rclpy.shutdown(context=context)
        server.terminate()
        try:
            out = server.communicate(timeout=10)[0]
        except subprocess.TimeoutExpired:  # never left running (an EventsExecutor server
            server.kill()  # ignored SIGTERM and spun on at 20 % of a core for 40 minutes)
            out = server.communicate()[0]
    assert "executor SingleThreadedExecutor" in out, out
