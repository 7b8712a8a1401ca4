"""What the runner quotes of a node's log when the node dies: the last lines, or the whole
crash report of faulthandler when there is one (L26b: a segmentation fault at start whose
first lines, the ones that name the thread that crashed, fell outside the 20-line tail)."""

from __future__ import annotations

from modyn_bringup.runner import FAULT_LINES, SystemRunner
from modyn_bringup.system import load_system


def _runner(tmp_path, text: str) -> SystemRunner:
    runner = SystemRunner(load_system("planar_2r_sim"), log_dir=tmp_path)
    (tmp_path / "node.log").write_text(text)
    return runner


def test_a_log_without_a_crash_report_gives_its_last_lines(tmp_path):
    lines = [f"line {i}" for i in range(100)]
    tail = _runner(tmp_path, "\n".join(lines)).log_tail("node")
    assert tail.splitlines() == lines[-20:]


def test_a_crash_report_is_quoted_from_its_first_line(tmp_path):
    before = [f"started {i}" for i in range(50)]
    report = [
        "Fatal Python error: Segmentation fault",
        "",
        "Current thread 0x00007f0000000001 (most recent call first):",
        *[f'  File "x.py", line {i} in f' for i in range(60)],
        "",
        "Thread 0x00007f1587dba740 (most recent call first):",
        '  File "generate.py", line 154 in _compile',
    ]
    tail = _runner(tmp_path, "\n".join(before + report)).log_tail("node").splitlines()
    assert tail == report  # nothing before the report, all of it


def test_a_report_longer_than_the_bound_keeps_its_last_lines(tmp_path):
    report = [
        "Fatal Python error: Segmentation fault",
        *[f"frame {i}" for i in range(2 * FAULT_LINES)],
    ]
    tail = _runner(tmp_path, "\n".join(report)).log_tail("node").splitlines()
    assert tail == report[-FAULT_LINES:]


def test_a_missing_log_gives_nothing(tmp_path):
    runner = SystemRunner(load_system("planar_2r_sim"), log_dir=tmp_path)
    assert runner.log_tail("absent") == ""
