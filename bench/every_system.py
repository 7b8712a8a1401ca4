"""Every system of config/systems as a user starts it: ``modyn run``, one goal, one Ctrl-C.

For each system (all of them, or those named): ``modyn run <system> --real-time-factor 1`` in
its own ROS domain (the default layout: the loop composed unless the file says otherwise), the
first joint's position read from ``joint_states``, ``modyn goal --joints <it> --positions
<q + step>``, then one SIGINT to the command's process group. A table: the layout (which nodes
share a process), seconds until every node was up, the goal's last line and exit status, the
exit status of ``modyn run`` and seconds to stop. Exit status 1 if a system did not start, a
goal was lost (no result line) or a stop was not clean.

    .venv/bin/python bench/every_system.py                 # all 18 (about 4 minutes here)
    .venv/bin/python bench/every_system.py rx90_sim stewart_sim --separate

Run it with the workspace sourced (``. install/setup.sh``) or through ``make bench-systems``.
"""

from __future__ import annotations

import argparse
import os
import re
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MODYN = ROOT / ".venv" / "bin" / "modyn"


def _first_joint(domain: int, timeout: float = 30.0) -> tuple[str, float] | None:
    """(name, position) of the first joint in one ``joint_states`` message of ``domain``."""
    code = (
        "import rclpy, sys\n"
        "from sensor_msgs.msg import JointState\n"
        "from modyn_ros.qos import STATE_QOS\n"
        "rclpy.init(); n = rclpy.create_node('every_system_probe'); got = []\n"
        "n.create_subscription(JointState, 'joint_states', got.append, STATE_QOS)\n"
        "import time; end = time.monotonic() + float(sys.argv[1])\n"
        "while not got and time.monotonic() < end: rclpy.spin_once(n, timeout_sec=0.1)\n"
        "print(f'{got[0].name[0]} {got[0].position[0]!r}' if got else 'none')\n"
    )
    env = dict(os.environ, ROS_DOMAIN_ID=str(domain))
    out = subprocess.run(
        [sys.executable, "-c", code, str(timeout)],
        capture_output=True,
        text=True,
        env=env,
        timeout=timeout + 30,
    ).stdout.split()
    if len(out) != 2:
        return None
    return out[0], float(out[1])


def run_one(name: str, domain: int, step: float, separate: bool) -> dict:
    env = dict(os.environ, ROS_DOMAIN_ID=str(domain), ROS_AUTOMATIC_DISCOVERY_RANGE="LOCALHOST")
    logs = tempfile.mkdtemp(prefix=f"every_system_{name}_")
    command = [str(MODYN), "run", name, "--real-time-factor", "1", "--log-dir", logs]
    if separate:
        command.append("--separate")
    row = {"system": name, "layout": "", "up_s": None, "goal": "", "goal_rc": None}
    start = time.monotonic()
    run = subprocess.Popen(
        command,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=env,
        start_new_session=True,
    )
    lines: list[str] = []
    try:
        while time.monotonic() - start < 120:
            line = run.stdout.readline()
            if not line and run.poll() is not None:
                break
            lines.append(line)
            if "running:" in line:
                row["up_s"] = time.monotonic() - start
                pids = re.findall(r"(\w+) \(pid (\d+)\)", line)
                shared: dict[str, list[str]] = {}
                for node, pid in pids:
                    shared.setdefault(pid, []).append(node)
                row["layout"] = "; ".join("+".join(n) for n in shared.values() if len(n) > 1)
                row["layout"] = row["layout"] or f"{len(pids)} processes"
                break
        if row["up_s"] is None:
            row["goal"] = "did not start: " + "".join(lines[-3:]).strip()[:200]
            return row
        joint = _first_joint(domain)
        if joint is None:
            row["goal"] = "no joint_states"
            return row
        goal = subprocess.run(
            [
                str(MODYN), "goal", "--joints", joint[0], "--positions", repr(joint[1] + step),
                "--timeout", "90",
            ],
            capture_output=True,
            text=True,
            env=env,
            timeout=150,
        )  # fmt: skip
        row["goal_rc"] = goal.returncode
        out = (goal.stdout + goal.stderr).strip().splitlines()
        row["goal"] = f"{joint[0]} +{step:g}: " + (out[-1] if out else "(nothing)")
    finally:
        stop_at = time.monotonic()
        if run.poll() is None:
            os.killpg(run.pid, signal.SIGINT)
        try:
            row["run_rc"] = run.wait(60)
        except subprocess.TimeoutExpired:
            os.killpg(run.pid, signal.SIGKILL)
            row["run_rc"] = f"killed ({run.wait()})"
        row["stop_s"] = time.monotonic() - stop_at
    return row


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("systems", nargs="*", help="default: every file of config/systems")
    parser.add_argument("--step", type=float, default=0.05, help="rad (m) added to joint 1")
    parser.add_argument("--separate", action="store_true", help="modyn run --separate")
    parser.add_argument(
        "--domain", type=int, default=98, help="ROS domain of the first system, the next one above"
    )
    args = parser.parse_args(argv)
    names = args.systems or sorted(p.stem for p in (ROOT / "config" / "systems").glob("*.yaml"))
    # ROS domains 0-101 (Linux's ephemeral ports start above); one system at a time, two
    # domains in turn so that a stopped system's last DDS traffic never meets the next one
    rows, bad = [], 0
    print("| system | layout | up (s) | goal (last line) | goal exit | run exit | stop (s) |")
    print("|---|---|---|---|---|---|---|")
    for k, name in enumerate(names):
        row = run_one(name, args.domain + k % 2, args.step, args.separate)
        rows.append(row)
        up = f"{row['up_s']:.1f}" if row["up_s"] is not None else "-"
        lost = row["goal_rc"] is None or not re.search(r"reached|refused|not reached", row["goal"])
        bad += int(row["up_s"] is None or lost or row.get("run_rc") != 0)
        print(
            f"| {name} | {row['layout']} | {up} | {row['goal']} | {row['goal_rc']} | "
            f"{row.get('run_rc')} | {row.get('stop_s', 0.0):.1f} |",
            flush=True,
        )
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
