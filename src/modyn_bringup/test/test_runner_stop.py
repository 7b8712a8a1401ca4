"""The runner's stop escalation: a node that does not exit after SIGINT and SIGTERM leaves its
threads' stacks in its log before the SIGKILL (CI once saw ``node 'feedback_controller' stopped
with killed by SIGKILL`` and nothing else to go on).

The node is a real :func:`modyn_ros.node_main.run_node` process whose ``on_shutdown`` hook
blocks: the state of a node stuck in its shutdown.
"""

from __future__ import annotations

import signal
import subprocess
import sys
import time

import pytest

pytest.importorskip("rclpy")

from modyn_bringup.runner import SystemRunner  # noqa: E402
from modyn_bringup.system import load_system  # noqa: E402

pytestmark = pytest.mark.node

STUCK = r"""
import sys, threading
from rclpy.node import Node
from modyn_ros.node_main import run_node


class Stuck(Node):
    def __init__(self):
        super().__init__("stuck_node")
        self.create_timer(0.01, lambda: None)
        print("ready", flush=True)

    def on_shutdown(self):
        print("on_shutdown: blocking", flush=True)
        threading.Event().wait()  # a shutdown that never ends


sys.exit(run_node(Stuck, "stuck_node"))
"""


def test_a_node_that_does_not_stop_leaves_its_stacks_before_the_sigkill(tmp_path):
    runner = SystemRunner(load_system("planar_2r_sim"), log_dir=tmp_path)
    log_path = tmp_path / "stuck_node.log"
    log = open(log_path, "wb")  # noqa: SIM115 - closed by runner.stop()
    runner._logs["stuck_node"] = log
    runner.processes["stuck_node"] = subprocess.Popen(
        [sys.executable, "-c", STUCK], stdout=log, stderr=subprocess.STDOUT
    )
    deadline = time.monotonic() + 60.0
    while "ready" not in log_path.read_text():
        assert runner.processes["stuck_node"].poll() is None, log_path.read_text()
        assert time.monotonic() < deadline, "the node did not start"
        time.sleep(0.05)
    codes = runner.stop(timeout=1.0, kill_timeout=1.0)
    text = log_path.read_text()
    print(text)
    assert codes == {"stuck_node": -signal.SIGKILL}
    assert "SIGINT received: shutting down" in text and "on_shutdown: blocking" in text
    assert "'stuck_node' still running" in text and "after SIGINT and SIGTERM" in text
    # faulthandler's dump, from the signal handler while the main thread waits in C code
    dump = text.split("still running", 1)[1]
    assert "Current thread" in dump or "Thread 0x" in dump, dump
    assert "in on_shutdown" in dump and "in _shutdown" in dump, dump
