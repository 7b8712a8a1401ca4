"""rx90_realtime: start-up is not a dead controller, and goals into a latched fault are refused
(issue 12, item 5). Real processes, started by the runner; stalls are injected with SIGSTOP.

rx90_realtime latched its watchdog at start-up in 1 run of 5 (watchdog 0.25 s); the goals sent
afterwards were "accepted" and reached the controller, the arm did not move until ``~/reset``,
and nothing said so. Two causes, and the tests for each:

* **hardware_interface's own stalls** counted as a silent controller: its timer tick, late after
  the process had not run (four Python processes starting on two cores), found the last command
  old while the newer ones waited in its queue. Reproduced here by stopping hardware_interface
  for twice its ``watchdog_timeout`` while the controller is fine: before the fix this latched
  ("no command for 0.401 s" with a 0.4 s stop and a 0.25 s timeout); now the time the node itself
  did not run does not count.
* **the controller's start-up pauses** right after its first command: a ``watchdog_grace``
  (default 1 s) after the first command, during which a missing command makes the plant hold
  (the safe hold, not latched) until commands resume. Here the controller is stopped for 1.5 s
  within a grace of 60 s: no fault, the log says the plant held.
* once the grace is over the watchdog works as before: the controller stopped for 1.5 s latches
  the fault; ``hardware_status`` says so, a goal is refused by the generator's ``~/plan`` with
  the fault as the reason; after ``~/reset`` the next goal is accepted and runs (pending,
  executing, done).
"""

from __future__ import annotations

import os
import signal
import time

import pytest

pytest.importorskip("rclpy")

import rclpy  # noqa: E402
from builtin_interfaces.msg import Duration  # noqa: E402
from diagnostic_msgs.msg import DiagnosticArray, DiagnosticStatus  # noqa: E402
from rclpy.executors import SingleThreadedExecutor  # noqa: E402
from rclpy.node import Node  # noqa: E402
from std_srvs.srv import Trigger  # noqa: E402
from trajectory_msgs.msg import JointTrajectory, JointTrajectoryPoint  # noqa: E402

from modyn_bringup.plan_call import ask_plan  # noqa: E402
from modyn_bringup.runner import SystemRunner  # noqa: E402
from modyn_bringup.system import load_system  # noqa: E402
from modyn_interfaces.srv import PlanMotion  # noqa: E402
from modyn_ros.qos import LATCHED_QOS, STATUS_QOS  # noqa: E402

pytestmark = [pytest.mark.realtime, pytest.mark.system]

JOINTS = [f"joint{i}" for i in range(1, 7)]
TIMEOUT = 90.0


class System:
    """rx90_realtime under the runner, with a client node for goals and reports."""

    def __init__(self, tmp_path, overrides):
        self.runner = SystemRunner(load_system("rx90_realtime", overrides), tmp_path)
        self.log_dir = tmp_path
        self.context = rclpy.Context()
        rclpy.init(context=self.context)
        self.node = Node("watchdog_client", context=self.context)
        self.executor = SingleThreadedExecutor(context=self.context)
        self.executor.add_node(self.node)
        self.statuses: list = []
        self.hardware: list = []
        self.planner = self.node.create_client(PlanMotion, "trajectory_generator/plan")
        self.asked = 0
        self.node.create_subscription(
            DiagnosticStatus, "goal_status", self.statuses.append, STATUS_QOS
        )
        self.node.create_subscription(
            DiagnosticStatus, "hardware_status", self.hardware.append, LATCHED_QOS
        )
        self.diagnostics: list = []  # the generator's /diagnostics values, in order
        self.hw_diagnostics: list = []  # hardware_interface's, in order
        self.node.create_subscription(DiagnosticArray, "/diagnostics", self._on_diagnostics, 10)
        self.deadline = time.monotonic() + TIMEOUT
        self.runner.start()

    def _on_diagnostics(self, msg) -> None:
        for status in msg.status:
            if status.name == "trajectory_generator":
                self.diagnostics.append({kv.key: kv.value for kv in status.values})
            elif status.name == "hardware_interface":
                self.hw_diagnostics.append({kv.key: kv.value for kv in status.values})

    def spin_until(self, condition, what: str) -> None:
        while not condition():
            self.executor.spin_once(timeout_sec=0.01)
            assert not self.runner.dead(), f"{self.runner.dead()} died ({self.log_dir})"
            assert time.monotonic() < self.deadline, f"timed out waiting for {what}"

    def spin_for(self, seconds: float) -> None:
        end = time.monotonic() + seconds
        self.spin_until(lambda: time.monotonic() >= end, "nothing")

    def log(self, name: str) -> str:
        return (self.log_dir / f"{name}.log").read_text()

    def following(self) -> None:
        """Wait until the controller's commands are followed (its hold, before any goal)."""
        self.spin_until(
            lambda: self.planner.service_is_ready() and self.hardware,
            "the generator and hardware_status",
        )
        self.spin_until(
            lambda: "[feedback_controller]: gains" in self.log("feedback_controller"),
            "the controller",
        )
        # hardware_interface says it follows them (its /diagnostics): a stall before that is no
        # test of the watchdog, which only watches a controller whose commands have started (a
        # fixed second after the controller's start was not always enough on a loaded machine)
        self.spin_until(
            lambda: any(d.get("state") == "following" for d in self.hw_diagnostics),
            "hardware_interface following the controller's commands",
        )
        self.spin_for(0.5)  # its commands flow

    def stall(self, name: str, seconds: float) -> None:
        pid = self.runner.processes[name].pid
        os.kill(pid, signal.SIGSTOP)
        try:
            time.sleep(seconds)
        finally:
            os.kill(pid, signal.SIGCONT)

    def send_goal(self, q):
        """A goal ("as soon as possible", 0.5 s ahead) to the generator's ~/plan; its answer
        (accepted, or refused with the reason)."""
        goal = JointTrajectory(joint_names=JOINTS)
        goal.points = [JointTrajectoryPoint(positions=[float(x) for x in q])]
        request = PlanMotion.Request(waypoints=goal, lead=Duration(nanosec=500_000_000))
        self.asked += 1
        return ask_plan(self.planner, request, f"watchdog-{self.asked}", self.spin_until, "goal")

    def close(self) -> dict:
        self.executor.shutdown()
        self.node.destroy_node()
        rclpy.shutdown(context=self.context)
        return self.runner.stop()


@pytest.fixture
def system(request, tmp_path):
    made = []

    def start(*overrides):
        made.append(System(tmp_path, list(overrides)))
        return made[0]

    yield start
    for s in made:
        s.close()


def test_a_stall_of_hardware_interface_itself_latches_nothing(system):
    s = system("hardware_interface.watchdog_timeout=1.0", "hardware_interface.watchdog_grace=0.0")
    s.following()
    s.stall("hardware_interface", 2.0)  # twice the watchdog; the controller answers throughout
    s.spin_for(1.0)
    log = s.log("hardware_interface")
    assert "fault latched" not in log, log
    assert s.hardware[-1].level == DiagnosticStatus.OK


def test_a_controller_pause_within_the_grace_is_held_not_latched(system):
    s = system("hardware_interface.watchdog_timeout=0.5", "hardware_interface.watchdog_grace=60.0")
    s.following()
    s.stall("feedback_controller", 1.5)
    s.spin_for(1.0)
    log = s.log("hardware_interface")
    assert "fault latched" not in log, log
    assert "during the start-up grace (60 s): safe hold until commands resume" in log
    assert "commands followed again" in log
    assert s.hardware[-1].level == DiagnosticStatus.OK
    # and the system works: a goal is accepted and executed
    answer = s.send_goal([0.2, -0.4, 0.9, 0.1, 0.4, 0.1])
    assert answer.accepted, answer.message


def test_goals_into_a_latched_fault_are_refused_until_reset(system):
    s = system("hardware_interface.watchdog_timeout=0.5", "hardware_interface.watchdog_grace=0.0")
    s.following()
    s.stall("feedback_controller", 1.5)  # a dead controller, as far as anyone can tell
    s.spin_until(lambda: s.hardware[-1].level == DiagnosticStatus.ERROR, "the latched fault")
    fault = s.hardware[-1].message
    assert fault.startswith("fault latched: watchdog: no command for"), fault
    # hardware_status reaches each node on its own: wait until the generator reports the fault
    # (its /diagnostics), else a goal sent at once may reach it first (seen once in CI)
    seen = len(s.diagnostics)
    s.spin_until(
        lambda: any(d.get("hardware", "ok") != "ok" for d in s.diagnostics[seen:]),
        "the generator's diagnostics: the fault",
    )
    refused = s.send_goal([0.2, -0.4, 0.9, 0.1, 0.4, 0.1])
    assert not refused.accepted
    assert fault in refused.message and "~/reset" in refused.message, refused.message
    # ~/reset: goals are accepted again and the motion runs
    client = s.node.create_client(Trigger, "/hardware_interface/reset")
    s.spin_until(client.service_is_ready, "~/reset")
    future = client.call_async(Trigger.Request())
    s.spin_until(future.done, "~/reset's answer")
    assert future.result().success, future.result().message
    s.spin_until(lambda: s.hardware[-1].level == DiagnosticStatus.OK, "hardware_status OK")
    # hardware_status reaches each node on its own: wait until the generator reports it has it
    # (its /diagnostics), else a goal sent at once may still meet the fault there
    seen = len(s.diagnostics)
    s.spin_until(
        lambda: any(d.get("hardware") == "ok" for d in s.diagnostics[seen:]),
        "the generator's diagnostics: hardware ok",
    )
    accepted = s.send_goal([0.2, -0.4, 0.9, 0.1, 0.4, 0.1])
    assert accepted.accepted, accepted.message
    assert accepted.message.startswith("goal accepted"), accepted.message

    def events():
        return [
            {kv.key: kv.value for kv in r.values}["event"]
            for r in s.statuses
            if r.name.endswith("/trajectory")
        ]

    s.spin_until(lambda: "done" in events(), "the motion's end")
    assert events() == ["pending", "executing", "done"], events()
