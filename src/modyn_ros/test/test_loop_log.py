"""modyn_ros.loop_log against rclpy's own logger method, in a real process: the same console
line, the same /rosout message (name, level, text, and the caller's function, file and line), the
logger's level respected, and far cheaper (a ratio measured in the same run, not a time)."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

pytest.importorskip("rclpy")

pytestmark = [pytest.mark.realtime, pytest.mark.node]

SCRIPT = textwrap.dedent(
    """
    import time
    import rclpy
    from rclpy.executors import SingleThreadedExecutor
    from rclpy.logging import LoggingSeverity
    from rclpy.node import Node
    from rcl_interfaces.msg import Log
    from modyn_ros import loop_log

    rclpy.init()
    node = Node("loop_log_probe")
    listener = Node("loop_log_listener")
    got = []
    listener.create_subscription(Log, "/rosout", got.append, 100)
    ex = SingleThreadedExecutor()
    ex.add_node(node)
    ex.add_node(listener)
    logger = node.get_logger()
    deadline = time.monotonic() + 10.0
    while listener.count_publishers("/rosout") < 1 and time.monotonic() < deadline:
        ex.spin_once(timeout_sec=0.05)
    time.sleep(0.5)

    def by_rclpy():
        logger.warning("the same words")

    def by_loop_log():
        loop_log.log(logger, loop_log.WARN, "the same words")

    by_rclpy()
    by_loop_log()
    logger.set_level(LoggingSeverity.ERROR)
    loop_log.log(logger, loop_log.WARN, "filtered out")
    loop_log.log(logger, loop_log.ERROR, "an error")
    logger.set_level(LoggingSeverity.INFO)
    deadline = time.monotonic() + 10.0
    while len([m for m in got if m.name == "loop_log_probe"]) < 3 and time.monotonic() < deadline:
        ex.spin_once(timeout_sec=0.05)
    for m in got:
        if m.name == "loop_log_probe":
            print("ROSOUT", m.level, m.msg, m.function, m.file.rsplit("/", 1)[-1], m.line)

    def timed(f, n=300):
        t = time.perf_counter()
        for _ in range(n):
            f()
        return time.perf_counter() - t

    import os
    devnull = os.open(os.devnull, os.O_WRONLY)
    saved = os.dup(2)
    os.dup2(devnull, 2)
    slow = min(timed(by_rclpy) for _ in range(3))
    fast = min(timed(by_loop_log) for _ in range(3))
    os.dup2(saved, 2)
    print("RATIO", slow / fast)
    rclpy.shutdown()
    """
)


def test_loop_log_equals_rclpy_logging_and_costs_less(tmp_path):
    script = tmp_path / "probe.py"
    script.write_text(SCRIPT)
    out = subprocess.run(
        [sys.executable, str(script)], capture_output=True, text=True, timeout=60, check=True
    )
    console = [line for line in out.stderr.splitlines() if "loop_log_probe" in line]
    # the console lines: rclpy's and loop_log's alike, the filtered one absent
    assert len(console) == 3, out.stderr
    assert console[0].startswith("[WARN]") and console[0].endswith(
        "[loop_log_probe]: the same words"
    )
    assert console[1].startswith("[WARN]") and console[1].endswith(
        "[loop_log_probe]: the same words"
    )
    assert console[2].startswith("[ERROR]") and console[2].endswith("[loop_log_probe]: an error")
    rosout = [
        line.split(" ", 1)[1] for line in out.stdout.splitlines() if line.startswith("ROSOUT")
    ]
    # /rosout: level (WARN 30, ERROR 40), text, the caller (function, file) as rclpy gives them
    assert rosout[0].rsplit(" ", 1)[0] == "30 the same words by_rclpy probe.py"
    assert rosout[1].rsplit(" ", 1)[0] == "30 the same words by_loop_log probe.py"
    assert rosout[2].startswith("40 an error <module> probe.py")
    # the line numbers are the callers' own (three lines apart in the script)
    assert int(rosout[1].rsplit(" ", 1)[1]) - int(rosout[0].rsplit(" ", 1)[1]) == 3
    ratio = float(
        next(line for line in out.stdout.splitlines() if line.startswith("RATIO")).split()[1]
    )
    assert ratio > 5.0, f"loop_log only {ratio:.1f}x cheaper than the logger method"
