"""modyn_ros.parent_watch: a process whose owner is gone gets SIGTERM, then exits 1 after the
grace; while the owner lives nothing happens."""

from __future__ import annotations

import subprocess
import sys
import textwrap
import time

#: the owner (a subprocess) forks the node, reports the node's pid, then waits for a line on
#: stdin: on "exit" it ends (the node is orphaned), on "stay" it lives while the test looks
SCRIPT = textwrap.dedent(
    """
    import os, signal, sys, time
    from modyn_ros.parent_watch import stop_when_orphaned

    out = sys.argv[1]
    owner = os.getpid()
    pid = os.fork()
    if pid == 0:  # the node
        def on_term(signum, frame):
            with open(out, "a") as f:
                f.write("SIGTERM\\n")
        signal.signal(signal.SIGTERM, on_term)
        stop_when_orphaned((owner,), 0.05, 0.3, "orphan_watch",
                           before_exit=lambda: open(out, "a").write("exit\\n"))
        while True:
            time.sleep(0.01)
    print(pid, flush=True)
    sys.stdin.readline()
    os._exit(0)
    """
)


def _owner(tmp_path):
    out = tmp_path / "node.txt"
    proc = subprocess.Popen(
        [sys.executable, "-c", SCRIPT, str(out)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    node = int(proc.stdout.readline())
    return proc, node, out


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().split()[2] != "Z"
    except FileNotFoundError:
        return False


def test_the_node_is_stopped_when_its_owner_is_gone(tmp_path):
    proc, node, out = _owner(tmp_path)
    proc.communicate("exit\n", timeout=10)
    deadline = time.monotonic() + 10.0
    while _alive(node) and time.monotonic() < deadline:
        time.sleep(0.02)
    assert not _alive(node), "the orphaned node still runs"
    # its clean shutdown was asked first (SIGTERM), the exit came after the grace
    assert out.read_text().splitlines() == ["SIGTERM", "exit"]


def test_nothing_happens_while_the_owner_lives(tmp_path):
    proc, node, out = _owner(tmp_path)
    try:
        time.sleep(0.5)  # ten polls
        assert _alive(node) and not out.exists()
    finally:
        proc.communicate("exit\n", timeout=10)
    deadline = time.monotonic() + 10.0
    while _alive(node) and time.monotonic() < deadline:
        time.sleep(0.02)
    assert not _alive(node)
