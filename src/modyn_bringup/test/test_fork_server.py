"""Nodes forked from the preloaded interpreter (modyn_bringup.fork_server) are node processes
as the console scripts make them: own pid and session, this process's children, the node's
environment and log, the exit status of a clean stop (0) and of a kill (-9)."""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path

import pytest

pytest.importorskip("rclpy")

from modyn_bringup import fork_server  # noqa: E402
from modyn_bringup.runner import SystemRunner, executable_path  # noqa: E402
from modyn_bringup.system import load_system  # noqa: E402

pytestmark = [
    pytest.mark.system,
    pytest.mark.skipif(not fork_server.available(), reason="no child subreaper (Linux only)"),
]


def _stat(pid: int) -> list[str]:
    """Fields of /proc/<pid>/stat after the command name (state, ppid, pgrp, session, ...)."""
    return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()


def _one_node(name: str):
    spec = load_system("rx90_sim")
    spec.nodes = [spec.node(name)]
    return spec


def test_the_console_scripts_entry_points_are_found():
    script = executable_path("modyn_trajectory", "trajectory_generator")
    assert fork_server.entry_point(script) == "modyn_trajectory.trajectory_generator_node:main"
    assert fork_server.entry_point(executable_path("modyn_hardware", "hardware_interface")) == (
        "modyn_hardware.hardware_interface_node:main"
    )
    assert fork_server.entry_point(Path("/bin/sh")) is None  # a program: started as one


@pytest.mark.parametrize("fork", [True, False], ids=["forked", "script"])
def test_a_forked_node_is_a_node_process(fork, tmp_path, monkeypatch):
    monkeypatch.setenv("MODYN_FORK_PROBE", "node environment")
    runner = SystemRunner(_one_node("trajectory_generator"), tmp_path / "logs", fork=fork)
    runner.start()
    try:
        process = runner.processes["trajectory_generator"]
        assert isinstance(process, fork_server.ForkedProcess) == fork
        runner.wait_ready(timeout=60.0)
        state, ppid, pgrp, session = _stat(process.pid)[:4]
        assert int(ppid) == os.getpid()  # a child of the runner, whoever forked it
        assert int(session) == process.pid and int(pgrp) == process.pid  # its own session
        assert process.poll() is None
        environ = Path(f"/proc/{process.pid}/environ").read_bytes()
        if not fork:  # a forked node has its environment in os.environ, not in /proc
            assert b"MODYN_FORK_PROBE=node environment" in environ
    finally:
        codes = runner.stop()
    log = (tmp_path / "logs" / "trajectory_generator.log").read_text()
    print(log)
    assert codes == {"trajectory_generator": 0}
    assert "SIGINT received: shutting down" in log
    assert "Traceback" not in log


def test_a_killed_forked_node_reports_the_signal(tmp_path):
    runner = SystemRunner(_one_node("inverse_dynamics_feedforward"), tmp_path / "logs", fork=True)
    runner.start()
    try:
        process = runner.processes["inverse_dynamics_feedforward"]
        runner.wait_ready(timeout=60.0)
        runner.kill("inverse_dynamics_feedforward")
        assert process.returncode == -signal.SIGKILL
        assert runner.dead() == {"inverse_dynamics_feedforward": -signal.SIGKILL}
    finally:
        runner.stop()


def test_a_forked_node_that_fails_at_start_exits_1_with_its_traceback(tmp_path):
    log = tmp_path / "bad.log"
    process = fork_server.start(
        "modyn_trajectory.trajectory_generator_node:no_such_main",
        ["trajectory_generator"],
        dict(os.environ),
        log,
        new_session=True,
    )
    assert process.wait(60.0) == 1
    text = log.read_text()
    assert "Traceback" in text and "no_such_main" in text, text


def test_a_signal_before_the_node_spins_ends_it_as_python_would(tmp_path):
    """SIGTERM during the first instants: default action, as for a script still importing."""
    log = tmp_path / "early.log"
    process = fork_server.start("time:sleep", ["sleeper"], dict(os.environ), log, new_session=True)
    time.sleep(0.2)
    assert process.poll() is not None  # time.sleep() without an argument: a TypeError, exit 1
    assert process.returncode == 1, log.read_text()
    process = fork_server.start("signal:pause", ["pause"], dict(os.environ), log, new_session=True)
    time.sleep(0.2)
    process.send_signal(signal.SIGTERM)
    assert process.wait(10.0) == -signal.SIGTERM


def test_a_forked_node_runs_in_the_callers_working_directory(tmp_path, monkeypatch):
    """The server runs in /; each node in the directory its caller is in when it starts it."""
    monkeypatch.chdir(tmp_path)
    log = tmp_path / "cwd.log"
    process = fork_server.start("os:getcwd", ["getcwd"], dict(os.environ), log, new_session=True)
    # a str returned by main is printed and gives status 1, as sys.exit("...") would
    assert process.wait(30.0) == 1
    assert log.read_text().strip() == str(tmp_path)


CALLER = """
import os, sys, time
from modyn_bringup import fork_server
fork_server.available()  # the caller a subreaper, as the runner makes it
node = fork_server.start("signal:pause", ["orphan"], dict(os.environ), sys.argv[1], True)
print(node.pid, flush=True)
time.sleep(300)
"""


def test_a_forked_node_ends_when_its_caller_dies(tmp_path):
    """L16b: a test process crashed (a segmentation fault) and its forked node ran on, orphaned,
    for 45 minutes at 92 % of a core. The caller killed (SIGKILL: nothing of it runs), its node
    ends within ORPHAN_POLL + ORPHAN_GRACE s (SIGTERM, then exit)."""
    import subprocess
    import sys

    caller = subprocess.Popen(
        [sys.executable, "-c", CALLER, str(tmp_path / "orphan.log")],
        stdout=subprocess.PIPE,
        text=True,
        env=dict(os.environ),
    )
    try:
        pid = int(caller.stdout.readline())
        time.sleep(1.0)
        assert _stat(pid)[0] in "RS", _stat(pid)  # the node runs
    finally:
        caller.kill()
        caller.wait()
    deadline = time.monotonic() + fork_server.ORPHAN_POLL + fork_server.ORPHAN_GRACE + 5.0
    while time.monotonic() < deadline:
        if not Path(f"/proc/{pid}").exists() or _stat(pid)[0] == "Z":
            break
        time.sleep(0.1)
    ended = not Path(f"/proc/{pid}").exists() or _stat(pid)[0] == "Z"
    try:
        os.waitpid(pid, os.WNOHANG)  # this process may have inherited it (a subreaper)
    except ChildProcessError:
        pass
    if not ended:
        os.kill(pid, signal.SIGKILL)
    assert ended, f"the orphaned node {pid} still runs"


FORKS = r"""
import os, sys, threading, time
import rclpy
from modyn_bringup.fork_server import lttng_fork_hooks

# rclpy's tracing library runs threads of its own in this process (not single-threaded)
assert threading.active_count() == 1 and len(os.listdir("/proc/self/task")) > 1
assert lttng_fork_hooks(), "no LTTng-UST hooks registered"
children = []
for k in range(int(sys.argv[1])):
    pid = os.fork()
    if pid == 0:
        code = 1
        try:
            context = rclpy.Context()
            rclpy.init(context=context)
            node = rclpy.create_node(f"forked_{k}", context=context)
            node.destroy_node()
            rclpy.shutdown(context=context)
            code = 0
        finally:
            os._exit(code)
    children.append(pid)
deadline = time.monotonic() + 60.0
codes = {}
while len(codes) < len(children) and time.monotonic() < deadline:
    for pid in children:
        if pid not in codes:
            done, status = os.waitpid(pid, os.WNOHANG)
            if done:
                codes[pid] = os.waitstatus_to_exitcode(status)
    time.sleep(0.05)
for pid in children:
    if pid not in codes:
        os.kill(pid, 9)
print(sorted(codes.values()), len(children) - len(codes))
"""


def test_forks_after_rclpy_make_their_nodes_with_lttngs_hooks():
    """rclpy loads LTTng-UST, whose listener threads make a forking process multi-threaded (Q45:
    four forked controllers hung in ``rclpy.Node()``); with lttng_fork_hooks every one of 12
    children forked back to back from a process that imported rclpy makes its node and ends."""
    import subprocess
    import sys

    run = subprocess.run(
        [sys.executable, "-c", FORKS, "12"], capture_output=True, text=True, timeout=120
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip().splitlines()[-1] == f"{[0] * 12} 0", run.stdout
