"""run_node's signal handling in real processes (issue 12 items 1-2).

The child is a busy node (a 1 kHz timer publishing a JointState that its own subscription
takes, so that signals land inside ``take_message``, inside callbacks and inside the wait)
run by :func:`modyn_ros.node_main.run_node`. Signals come as a terminal and ``ros2 launch``
send them: one SIGINT, a SIGINT followed by a second one within 0-50 ms (the second lands in
the shutdown), a burst of five, SIGTERM, SIGTERM then SIGINT; at a random moment of the node's
life. Every run must exit 0 without a traceback, and the node's ``on_shutdown`` hook must run
on a ROS context that is still valid (it publishes).
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time

import pytest

pytest.importorskip("rclpy")

pytestmark = pytest.mark.system

CHILD = r"""
import sys
from rclpy.node import Node
from sensor_msgs.msg import JointState
from std_msgs.msg import String
from modyn_ros.node_main import run_node


class Busy(Node):
    def __init__(self):
        super().__init__("busy_node")
        self.pub = self.create_publisher(JointState, "busy_states", 100)
        self.last = self.create_publisher(String, "busy_last_words", 10)
        self.create_subscription(JointState, "busy_states", self.on_state, 100)
        self.msg = JointState(name=["a", "b", "c"], position=[0.0] * 3)
        self.create_timer(0.001, self.tick)
        self.received = 0

    def tick(self):
        self.msg.position[0] += 1e-3
        self.pub.publish(self.msg)

    def on_state(self, msg):
        self.received += 1
        if self.received == 50:
            print("ready", flush=True)

    def on_shutdown(self):
        assert self.context.ok(), "the context was shut down before on_shutdown"
        self.last.publish(String(data="bye"))
        print(f"on_shutdown: context ok, published ({self.received} received)", flush=True)


sys.exit(run_node(Busy, "busy_node"))
"""

PATTERNS = {
    "SIGINT": (signal.SIGINT,),
    "SIGINT+SIGINT": (signal.SIGINT, signal.SIGINT),
    "5xSIGINT": (signal.SIGINT,) * 5,
    "SIGTERM": (signal.SIGTERM,),
    "SIGTERM+SIGINT": (signal.SIGTERM, signal.SIGINT),
}


def run_child(
    pattern: tuple[int, ...], rng: random.Random, code: str = CHILD
) -> tuple[int, str, str, float]:
    """Start the node of ``code`` (the busy node), wait until it runs, signal it; (status,
    stdout, stderr, seconds from the first signal to the exit)."""
    proc = subprocess.Popen(
        [sys.executable, "-c", code],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:
        assert proc.stdout.readline().strip() == "ready", proc.stderr.read()
        time.sleep(rng.uniform(0.0, 0.3))  # a random moment of the node's life
        start = time.monotonic()
        for k, sig in enumerate(pattern):
            if k:
                time.sleep(rng.uniform(0.0, 0.05))
            os.kill(proc.pid, sig)
        out, err = proc.communicate(timeout=30)
        took = time.monotonic() - start
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    return proc.returncode, out, err, took


@pytest.mark.parametrize("name", list(PATTERNS))
def test_any_number_of_signals_exits_zero(name):
    rng = random.Random(name)
    for _ in range(3):
        status, out, err, _ = run_child(PATTERNS[name], rng)
        assert status == 0, f"exit {status}\nstdout:\n{out}\nstderr:\n{err}"
        assert "Traceback" not in err and "Traceback" not in out, err
        assert "on_shutdown: context ok, published" in out, f"{out}\n{err}"
        assert "received: shutting down" in err, err  # the node's log line (stderr)


STUCK_TEARDOWN = r"""
import ctypes, sys
from rclpy.node import Node
from modyn_ros.node_main import run_node


class StuckTeardown(Node):
    def __init__(self):
        super().__init__("stuck_teardown")
        self.create_timer(0.01, lambda: None)
        print("ready", flush=True)

    def on_shutdown(self):
        print("on_shutdown: done", flush=True)

    def destroy_node(self):
        # as the Fast DDS deadlock seen in CI: blocked in C with the GIL held (PyDLL keeps it)
        ctypes.PyDLL(None).sleep(60)


sys.exit(run_node(StuckTeardown, "stuck_teardown"))
"""


def test_a_teardown_that_hangs_in_c_ends_with_status_0_and_its_stacks():
    """The DDS teardown after on_shutdown is bounded (TEARDOWN_BOUND s, modyn_ros.exit_timer):
    a destroy_node blocked in C with the GIL held ends with status 0 (the hooks ran), the
    stacks of its threads on stderr, well before a launcher's SIGKILL 10 s after the SIGINT."""
    from modyn_ros.node_main import TEARDOWN_BOUND

    status, out, err, took = run_child((signal.SIGINT,), random.Random(0), STUCK_TEARDOWN)
    print(f"exit {status} after {took:.1f} s\n{out}\n{err}")
    assert status == 0
    assert "on_shutdown: done" in out
    assert TEARDOWN_BOUND <= took < 10.0
    assert "Timeout (0:00:05.500000)!" in err and "in destroy_node" in err, err


EXECUTOR_CHILD = r"""
import os, signal, sys
from rclpy.node import Node
from modyn_ros.node_main import run_node


class Probe(Node):
    preferred_executor = PREFERENCE

    def __init__(self):
        super().__init__("executor_probe")
        self.create_timer(0.01, self.tick)
        self.ticks = 0

    def tick(self):
        self.ticks += 1
        if self.ticks == 3:
            print(f"executor {type(self.executor).__name__}", flush=True)
            os.kill(os.getpid(), signal.SIGINT)  # done: stop as a launcher would


sys.exit(run_node(Probe, "executor_probe"))
"""


@pytest.mark.parametrize(
    "preference, env, expected",
    [
        (None, None, "EventsExecutor"),  # nobody chose: the default
        ("'single'", None, "SingleThreadedExecutor"),  # the real-time hardware interface's
        ("'single'", "events", "EventsExecutor"),  # the environment wins over the node
        (None, "single", "SingleThreadedExecutor"),
    ],
)
def test_the_process_spins_with_the_executor_it_resolves(monkeypatch, preference, env, expected):
    """run_node's executor (node_main.resolve_executor): $MODYN_EXECUTOR when set, else
    SingleThreadedExecutor for a node whose preferred_executor says so, else the
    EventsExecutor. Printed by the node from its own timer callback, in a real process."""
    pytest.importorskip("rclpy.experimental")
    if env is None:
        monkeypatch.delenv("MODYN_EXECUTOR", raising=False)
    else:
        monkeypatch.setenv("MODYN_EXECUTOR", env)
    code = EXECUTOR_CHILD.replace("PREFERENCE", str(preference))
    child = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert child.returncode == 0, f"exit {child.returncode}\n{child.stdout}\n{child.stderr}"
    assert child.stdout.splitlines() == [f"executor {expected}"], child.stderr


def test_resolve_executor_order(monkeypatch):
    """The choice without processes: argument, environment, a node's preference, default."""
    from modyn_ros.node_main import default_executor, resolve_executor

    class Prefers:
        preferred_executor = "single"

    class Indifferent:
        preferred_executor = None

    monkeypatch.delenv("MODYN_EXECUTOR", raising=False)
    assert resolve_executor("multi", [Prefers()]) == "multi"
    assert resolve_executor(None, [Indifferent(), Prefers()]) == "single"
    assert resolve_executor(None, [Indifferent(), object()]) == default_executor()
    monkeypatch.setenv("MODYN_EXECUTOR", "events")
    assert resolve_executor(None, [Prefers()]) == "events"
    assert default_executor() in ("events", "single")


CRASH_CHILD = r"""
import ctypes, sys
from rclpy.node import Node
from modyn_ros.node_main import run_node


class Crash(Node):
    def __init__(self):
        super().__init__("crash_probe")
        ctypes.string_at(0)  # a segmentation fault in C, as a library's would be


sys.exit(run_node(Crash, "crash_probe"))
"""


def test_a_crash_in_c_leaves_the_python_stack_in_the_log():
    """A node process that dies of a signal in C (L23a: a trajectory generator's segmentation
    fault at start, its log empty) writes every thread's Python stack to stderr first
    (faulthandler), and still dies of its signal (the runner reports code -11)."""
    child = subprocess.run(
        [sys.executable, "-c", CRASH_CHILD], capture_output=True, text=True, timeout=60
    )
    assert child.returncode == -signal.SIGSEGV, (child.returncode, child.stderr)
    assert "Fatal Python error: Segmentation fault" in child.stderr, child.stderr
    assert "in __init__" in child.stderr and "run_nodes" in child.stderr, child.stderr
