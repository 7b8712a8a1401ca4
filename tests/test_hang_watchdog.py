"""The hang watchdog of conftest.py ("A test that hangs"): a test that runs past
MODYN_TEST_HANG_LIMIT is stopped with its process and descendants, the run goes on, and its
summary names the test. Checked on a pytest run of its own (two xdist workers, the suite's
scheduler, a limit of 6 s) whose first test sleeps in a child process it waits for (a hang that
no Python timeout inside that test would see if it were in C with the GIL held): the other tests
of its module and of another module pass, and the hung one is not sent to a second worker."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.system

ROOT = Path(__file__).resolve().parents[1]

HANGS = """
import subprocess, sys


def test_hangs():
    subprocess.run([sys.executable, "-c", "import time; time.sleep(120)  # TOKEN"])


def test_after():
    assert True
"""

OTHERS = """
import pytest


@pytest.mark.parametrize("k", range(4))
def test_other(k):
    assert k >= 0
"""


#: s of wall time the run inside is given
RUN_BOUND = 300


def _run_inside(tmp_path: Path, files: dict[str, str], workers: int):
    """The process and output of a pytest run of ``files`` (name: text) with the suite's
    conftest.py, ``workers`` xdist workers and a hang limit of 6 s."""
    shutil.copy(ROOT / "conftest.py", tmp_path / "conftest.py")
    for name, text in files.items():
        (tmp_path / name).write_text(text)
    # a lock directory of its own (TMPDIR): this test holds the machine lock shared, and a
    # real-time test waiting for it would keep the run inside from starting its next test
    env = dict(os.environ, MODYN_TEST_HANG_LIMIT="6", TMPDIR=str(tmp_path))
    env.pop("MODYN_TEST_RUN", None)  # a run of its own
    env.pop("MODYN_TEST_TIMELINE", None)  # not in the suite's timeline
    log = tmp_path / "run.log"
    with open(log, "w") as sink:
        proc = subprocess.Popen(
            [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-n", str(workers),
             "--dist", "loadgroup", "-q",
             "-p", "no:launch_testing", "-p", "no:launch_ros", str(tmp_path)],
            cwd=tmp_path, env=env, stdin=subprocess.DEVNULL, stdout=sink,
            stderr=subprocess.STDOUT, text=True,
        )  # fmt: skip
        # 13 s quiet; 82 s of tests after a slow start at load 49 (L16a, over the 100 s this
        # waited then). A run whose watchdog failed ends when its hung test's 120 s sleep does,
        # and the checks below say so; this bound only keeps a stuck run from holding the suite
        try:
            proc.wait(timeout=RUN_BOUND)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
            raise AssertionError(
                f"the run did not end in {RUN_BOUND} s:\n{log.read_text()}"
            ) from None
    return proc, log.read_text()


def test_a_hung_test_is_stopped_named_and_the_run_goes_on(tmp_path):
    pytest.importorskip("xdist")
    # the sleeping child named by a token of this test's own: a run beside this one (a suite
    # on the same machine) has its own sleeping child at the same moment (L27a)
    token = f"hang-{tmp_path.name}-{os.getpid()}"
    hangs = HANGS.replace("TOKEN", token)
    proc, out = _run_inside(tmp_path, {"test_hangs.py": hangs, "test_others.py": OTHERS}, 2)
    run = proc
    assert run.returncode == 1, out
    assert "1 failed, 5 passed" in out, out
    assert out.count("ran for more than 6 s") == 2, out  # the line, then the summary's
    assert "tests stopped by the hang watchdog" in out, out
    assert "test_hangs.py::test_hangs ran for more than 6 s" in out, out
    # where it hung: the test process's stack, down to the test function and the wait
    assert "where the test process was" in out, out
    assert 'test_hangs.py", line 6 in test_hangs' in out, out
    assert "in wait" in out, out
    # the sleeping child went with it
    left = subprocess.run(["pgrep", "-f", token], capture_output=True, text=True)
    assert left.stdout.strip() == "", left.stdout


TWO_HANGS = """
import subprocess, sys, time

import pytest

time.sleep(3.0)  # a slow collection, as the suite's: the replacements overlap in it


@pytest.mark.parametrize("k", range(2))
def test_hangs(k):
    subprocess.run([sys.executable, "-c", "import time; time.sleep(120)"])


@pytest.mark.parametrize("k", range(12))
def test_after(k):
    import time

    time.sleep(0.5)
"""


def test_two_workers_stopped_at_once_and_the_run_goes_on(tmp_path):
    """L17: the watchdog stopped three workers in one look; xdist started their replacements
    and scheduled every worker when the first had collected, and the second replacement's
    missing collection was an INTERNALERROR that ended the run. Two tests hang in two of three
    workers: both stopped, the twelve others pass."""
    pytest.importorskip("xdist")
    proc, out = _run_inside(tmp_path, {"test_two_hangs.py": TWO_HANGS}, 3)
    assert "INTERNALERROR" not in out, out
    assert proc.returncode == 1, out
    assert "2 failed, 12 passed" in out, out
    assert out.count("ran for more than 6 s") == 4, out  # two lines, then the summary's two
