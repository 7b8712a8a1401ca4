"""``modyn``: the suite's command line.

::

    modyn run SYSTEM [--set NODE.PARAM=VALUE ...] [--record OUT.mcap] ...   start a system
    modyn goal --positions Q1 Q2 ... [--joints J1 J2 ...] [--duration S]     move, wait, report
    modyn goal --pose X Y Z QX QY QZ QW [--frame BASE]                      the tool to a pose
    modyn status [--expect NODE,...]                                       what runs, faults
    modyn record OUT.mcap [--topics /joint_states ...]                     record to MCAP
    modyn report RECORDING.mcap [--system SYSTEM] [-o PAGE.html]           a run's HTML report
    modyn identify SYSTEM --out DIR ...                                    identification
    modyn robot-report URDF [--extras YAML] [--q0 ...]                     what modyn sees

``run``, ``record``, ``report``, ``identify`` and ``robot-report`` are the suite's existing tools
(``modyn_system``, the ``recorder`` node, ``modyn_report``, identification,
``modyn_hardware.robot_report``) under one name; their options are theirs (``modyn run -h``).
``goal`` sends one goal to a running system and waits for its end: exit status 0 only when the
controller reports the motion done and the arm is within ``--tolerance`` of the goal; 1 when it
was refused, aborted or stopped, or ended away from the goal; 2 when no system answered. It
goes through the PlanAndExecute action (``/trajectory_generator/plan_and_execute``:
modyn_control.trajectory_action; modyn_bringup.goal_client.ActionGoalClient).
``status`` lists the modyn nodes in the ROS graph and the hardware interface's state: exit
status 0 when the plant is following or waiting, 1 when a fault is latched, 2 when no hardware
interface answered, 3 when a node of ``--expect`` is not in the graph.

Every command talks to the ROS domain of the shell (``ROS_DOMAIN_ID``; the Makefile's commands
keep DDS on this machine, ``ROS_AUTOMATIC_DISCOVERY_RANGE=LOCALHOST``).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Sequence

__all__ = ["main"]

#: subcommands handed to an existing tool with the rest of the command line
_DELEGATED = {
    "run": "start a system (modyn_system): modyn run rx90_sim",
    "record": "record topics of the running system to an MCAP file",
    "report": "a run's HTML report from its MCAP recording (modyn_report)",
    "identify": "excite, record, identify and validate a robot's dynamic parameters",
    "robot-report": "what modyn sees in a URDF: joints, inertias, limits, checks",
}


def _record(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(prog="modyn record", description=_DELEGATED["record"])
    parser.add_argument("output", help="the .mcap file to write")
    parser.add_argument(
        "--topics", nargs="+", default=["/joint_states"], help="topics (default /joint_states)"
    )
    parser.add_argument(
        "--topic-timeout", type=float, default=10.0, help="s to wait for each topic's publisher"
    )
    args = parser.parse_args(argv)
    from .recorder import main as recorder_main

    topics = "[" + ",".join(f"'{t}'" for t in args.topics) + "]"
    return recorder_main(
        [
            "recorder",
            "--ros-args",
            "-p",
            f"output:={args.output}",
            "-p",
            f"topics:={topics}",
            "-p",
            f"topic_timeout:={args.topic_timeout}",
        ]
    )


def _delegate(command: str, argv: list[str]) -> int:
    if command == "run":
        from .runner import main as run

        return run(argv, compose_loop=True) or 0
    if command == "record":
        return _record(argv)
    if command == "report":
        from .report import main as report

        return report(argv) or 0
    if command == "identify":
        from .identify import main as identify

        return identify(["identify", *argv]) or 0
    if command == "robot-report":
        from modyn_hardware.robot_report import main as robot_report

        return robot_report(argv) or 0
    raise AssertionError(command)


# ---------------------------------------------------------------------------------- status
def _status(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="modyn status", description="the modyn nodes in the ROS graph and the plant's state"
    )
    parser.add_argument("--wait", type=float, default=3.0, help="s to listen at least (default 3)")
    parser.add_argument(
        "--timeout",
        type=float,
        default=10.0,
        help="s to listen at most, for the graph to settle and the --expect nodes (default 10)",
    )
    parser.add_argument(
        "--expect",
        default="",
        help="comma-separated node names that must be in the graph (exit 3 naming those absent)",
    )
    args = parser.parse_args(argv)
    expected = [n.strip().lstrip("/") for n in args.expect.split(",") if n.strip()]
    import rclpy
    from diagnostic_msgs.msg import DiagnosticArray, DiagnosticStatus
    from rclpy.executors import SingleThreadedExecutor

    from modyn_ros.diagnostics import level_of
    from modyn_ros.qos import LATCHED_QOS

    context = rclpy.Context()
    rclpy.init(context=context)
    node = rclpy.create_node("modyn_status", context=context, start_parameter_services=False)
    hardware: list = []
    reports: dict[str, DiagnosticStatus] = {}

    def on_diagnostics(msg: DiagnosticArray) -> None:
        for status in msg.status:
            reports[status.name] = status

    def graph() -> list[str]:
        return sorted(
            f"{ns.rstrip('/')}/{name}"
            for name, ns in node.get_node_names_and_namespaces()
            if name != "modyn_status" and not name.startswith("_")
        )

    node.create_subscription(DiagnosticStatus, "hardware_status", hardware.append, LATCHED_QOS)
    node.create_subscription(DiagnosticArray, "/diagnostics", on_diagnostics, 10)
    executor = SingleThreadedExecutor(context=context)
    executor.add_node(node)
    # DDS discovers the processes of a domain one by one, seconds apart on a loaded machine:
    # past --wait, listen on until the node list has not changed for SETTLE s, the hardware
    # interface has answered and every --expect node is there (at most --timeout s)
    start = time.monotonic()
    names, changed = graph(), start
    try:
        while True:
            executor.spin_once(timeout_sec=0.05)
            now = time.monotonic()
            latest = graph()
            if latest != names:
                names, changed = latest, now
            done = (
                now - changed >= STATUS_SETTLE
                and bool(hardware)
                and all(f"/{n}" in names for n in expected)
            )
            if now - start >= max(args.wait, args.timeout) or (now - start >= args.wait and done):
                break
    finally:
        executor.shutdown()
        node.destroy_node()
        rclpy.try_shutdown(context=context)
    level_names = {0: "OK", 1: "WARN", 2: "ERROR", 3: "STALE"}
    print(f"nodes ({len(names)}): {', '.join(names) if names else 'none'}")
    for name in sorted(reports):
        status = reports[name]
        print(f"  {name}: {level_names.get(level_of(status.level), '?')} {status.message}")
    absent = [n for n in expected if f"/{n}" not in names]
    if absent:
        print(
            f"modyn status: expected node(s) {absent} not in the ROS graph after "
            f"{time.monotonic() - start:.1f} s (ROS_DOMAIN_ID={os.environ.get('ROS_DOMAIN_ID', '0')})",
            file=sys.stderr,
        )
        return 3
    if not hardware:
        print("hardware_status: no hardware interface answered", file=sys.stderr)
        return 2
    level = level_of(hardware[-1].level)
    print(f"hardware_status: {level_names.get(level, '?')} {hardware[-1].message}")
    return 1 if level >= 2 else 0


#: s without a change of the node list after which ``modyn status`` takes the graph as settled
STATUS_SETTLE = 1.0


# ---------------------------------------------------------------------------------- goal
def _goal(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="modyn goal",
        description="send one joint goal to the running system, wait for its end, report it",
    )
    target = parser.add_mutually_exclusive_group(required=True)
    target.add_argument("--positions", type=float, nargs="+", help="goal positions (rad, m)")
    target.add_argument(
        "--pose",
        type=float,
        nargs=7,
        metavar=("X", "Y", "Z", "QX", "QY", "QZ", "QW"),
        help="the tool (the generator's tip_frame) to this pose in the model's base frame: "
        "m and a unit quaternion, on a straight line; --tolerance then applies to every "
        "joint against the end of the plan",
    )
    parser.add_argument(
        "--frame", default="", help="--pose's frame: the model's base frame, by name (or empty)"
    )
    parser.add_argument(
        "--joints", nargs="+", default=None, help="their joints (default: every joint, in order)"
    )
    parser.add_argument(
        "--duration", type=float, default=0.0, help="s (default 0: the minimum-time plan)"
    )
    parser.add_argument(
        "--tolerance", type=float, default=0.05, help="rad (m): |q - goal| at the end"
    )
    parser.add_argument("--timeout", type=float, default=120.0, help="s to wait in all")
    args = parser.parse_args(argv)
    if args.pose is not None and (args.joints or args.duration):
        parser.error("--pose: no --joints or --duration (the tool's line is planned at its limits)")
    from .goal_client import ActionGoalClient, GoalClientError, GoalOutcome

    try:
        with ActionGoalClient() as client:
            extra = {"pose": args.pose, "frame": args.frame} if args.pose is not None else {}
            outcome: GoalOutcome = client.execute(
                positions=args.positions,
                **extra,
                joints=args.joints,
                duration=args.duration,
                tolerance=args.tolerance,
                timeout=args.timeout,
                progress=lambda line: print(line, flush=True),
            )
    except GoalClientError as exc:
        print(f"modyn goal: {exc}", file=sys.stderr)
        return 2
    print(outcome.summary)
    return outcome.exit_status


def main(argv: list[str] | None = None) -> int:
    """Entry point of the ``modyn`` console script."""
    from .dds import use_profile

    argv = list(sys.argv[1:] if argv is None else argv)
    # before any rclpy node of this process or of the commands it starts (modyn_bringup.dds)
    use_profile()
    parser = argparse.ArgumentParser(
        prog="modyn",
        description="modyn: dynamics and model-based control of robots (docs/cli.md)",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="commands:\n"
        + "\n".join(
            f"  {name:<13} {text}"
            for name, text in {
                **_DELEGATED,
                "goal": "send one goal, wait for its end (exit 0 only when reached)",
                "status": "the modyn nodes in the graph and the plant's state",
            }.items()
        ),
    )
    parser.add_argument("command", choices=[*_DELEGATED, "goal", "status"])
    parser.add_argument("args", nargs=argparse.REMAINDER)
    if not argv or argv[0] in ("-h", "--help"):
        parser.print_help()
        return 0 if argv else 2
    ns = parser.parse_args(argv[:1])
    rest = argv[1:]
    try:
        if ns.command == "goal":
            return _goal(rest)
        if ns.command == "status":
            return _status(rest)
        return _delegate(ns.command, rest)
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
