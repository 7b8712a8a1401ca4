"""The system runner: starts a system's nodes as processes, supervises and stops them.

This is what ``launch`` does for a system file, for machines where ``launch`` is not installed
(the PyPI route), for the demo and for the integration tests: each node is its installed
executable with ``--ros-args -r __node:=<name> --params-file <file>``, exactly the command line
``ros2 launch`` builds. The runner waits until every node is visible in the ROS graph, forwards
SIGINT/SIGTERM, and reports a node that dies. It is a process starter and supervisor, nothing
more.

Command line::

    modyn_system rx90_sim [--set feedback_controller.kp=[300.0]] [--log-dir DIR] [--timeout S]
"""

from __future__ import annotations

import argparse
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import yaml

from .system import BringupError, NodeSpec, SystemSpec, load_system

__all__ = ["SystemRunner", "executable_path", "main"]


def executable_path(package: str, executable: str) -> Path:
    """``<prefix>/lib/<package>/<executable>`` of an installed ament package."""
    from ament_index_python.packages import PackageNotFoundError, get_package_prefix

    try:
        prefix = Path(get_package_prefix(package))
    except PackageNotFoundError:
        raise BringupError(
            f"package '{package}' is not installed (run colcon build and source install/setup.sh)"
        ) from None
    path = prefix / "lib" / package / executable
    if not path.is_file():
        raise BringupError(f"package '{package}' has no executable '{executable}' ({path})")
    return path


class SystemRunner:
    """Runs the nodes of a :class:`SystemSpec` as child processes.

    Use as a context manager, or call :meth:`start`, :meth:`wait_ready` and :meth:`stop`.
    Each node's output goes to ``<log_dir>/<node>.log``.
    """

    def __init__(
        self, spec: SystemSpec, log_dir: str | os.PathLike | None = None, env: dict | None = None
    ):
        self.spec = spec
        self._tmp = tempfile.TemporaryDirectory(prefix=f"modyn_{spec.name}_params_")
        # logs outlive the run (a failed test or demo points at them)
        self.log_dir = (
            Path(log_dir) if log_dir else Path(tempfile.mkdtemp(prefix=f"modyn_{spec.name}_logs_"))
        )
        self.log_dir.mkdir(parents=True, exist_ok=True)
        self.env = dict(os.environ if env is None else env)
        self.env.setdefault("ROS_AUTOMATIC_DISCOVERY_RANGE", "LOCALHOST")
        self.processes: dict[str, subprocess.Popen] = {}
        self._logs = []

    # ------------------------------------------------------------------ lifecycle
    def command(self, node: NodeSpec) -> list[str]:
        """The command line of ``node`` (also written next to its parameter file)."""
        params = Path(self._tmp.name) / f"{node.name}.params.yaml"
        params.write_text(
            yaml.safe_dump(
                {"/**": {"ros__parameters": self.spec.node_parameters(node)}}, sort_keys=False
            ),
            encoding="utf-8",
        )
        exe = executable_path(node.package, node.executable)
        return [str(exe), "--ros-args", "-r", f"__node:={node.name}", "--params-file", str(params)]

    def start(self, skip: tuple[str, ...] = ()) -> None:
        """Start every node not running yet (clock source first), except those in ``skip``."""
        ordered = sorted(
            (n for n in self.spec.nodes if n.name not in self.processes and n.name not in skip),
            key=lambda n: not n.clock_source,
        )
        commands = {node.name: self.command(node) for node in ordered}  # fail before starting any
        for node in ordered:
            log = open(self.log_dir / f"{node.name}.log", "wb")  # noqa: SIM115 - closed in stop()
            self._logs.append(log)
            self.processes[node.name] = subprocess.Popen(
                commands[node.name],
                stdout=log,
                stderr=subprocess.STDOUT,
                env=self.env,
                start_new_session=True,
            )

    def dead(self) -> dict[str, int]:
        """Nodes that have exited, with their return codes."""
        return {name: p.returncode for name, p in self.processes.items() if p.poll() is not None}

    def log_tail(self, name: str, lines: int = 20) -> str:
        path = self.log_dir / f"{name}.log"
        if not path.is_file():
            return ""
        return "\n".join(path.read_text(errors="replace").splitlines()[-lines:])

    def wait_ready(self, timeout: float = 30.0) -> None:
        """Block until every node is in the ROS graph; raise BringupError if one dies or time runs out."""
        import rclpy
        from rclpy.node import Node

        context = rclpy.Context()
        rclpy.init(context=context)
        probe = Node("_modyn_runner_probe", context=context, start_parameter_services=False)
        try:
            deadline = time.monotonic() + timeout
            expected = {n.name for n in self.spec.nodes}
            while True:
                dead = self.dead()
                if dead:
                    name, code = next(iter(dead.items()))
                    raise BringupError(
                        f"node '{name}' exited with code {code} during start:\n{self.log_tail(name)}"
                    )
                seen = {name for name, _ in probe.get_node_names_and_namespaces()}
                if expected <= seen:
                    return
                if time.monotonic() > deadline:
                    raise BringupError(
                        f"nodes {sorted(expected - seen)} not up after {timeout} s (logs in {self.log_dir})"
                    )
                time.sleep(0.1)
        finally:
            probe.destroy_node()
            rclpy.shutdown(context=context)

    def stop(self, node: str | None = None, timeout: float = 5.0) -> dict[str, int]:
        """SIGINT (then SIGTERM, SIGKILL) to one node or all; returns the exit codes."""
        targets = {node: self.processes[node]} if node else dict(self.processes)
        for p in targets.values():
            if p.poll() is None:
                p.send_signal(signal.SIGINT)
        deadline = time.monotonic() + timeout
        for sig in (signal.SIGTERM, signal.SIGKILL):
            for p in targets.values():
                try:
                    p.wait(max(0.0, deadline - time.monotonic()))
                except subprocess.TimeoutExpired:
                    p.send_signal(sig)
            deadline = time.monotonic() + 2.0
        for p in targets.values():
            p.wait()
        if node is None:
            for log in self._logs:
                log.close()
            self._tmp.cleanup()
        return {name: p.returncode for name, p in targets.items()}

    def kill(self, node: str) -> None:
        """SIGKILL one node (fault injection)."""
        self.processes[node].kill()
        self.processes[node].wait()

    def __enter__(self) -> SystemRunner:
        self.start()
        try:
            self.wait_ready()
        except BaseException:
            self.stop()
            raise
        return self

    def __exit__(self, *exc) -> None:
        self.stop()

    def __del__(self) -> None:
        for p in self.processes.values():
            if p.poll() is None:
                p.kill()


def main(argv: list[str] | None = None) -> int:
    """``modyn_system``: run a system until Ctrl-C, SIGTERM, or a node dies (exit 1)."""
    parser = argparse.ArgumentParser(
        prog="modyn_system", description="Run a modyn system (config/systems/<name>.yaml)."
    )
    parser.add_argument("system", help="system name under config/systems, or a YAML path")
    parser.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="NODE.PARAM=VALUE",
        help="override a parameter",
    )
    parser.add_argument("--log-dir", default=None, help="where node logs go (default: a temp dir)")
    parser.add_argument(
        "--timeout", type=float, default=30.0, help="seconds to wait for the nodes to come up"
    )
    args = parser.parse_args(argv)
    try:
        spec = load_system(args.system, args.set)
        runner = SystemRunner(spec, args.log_dir)
        runner.start()
        runner.wait_ready(args.timeout)
    except BringupError as exc:
        print(f"modyn_system: {exc}", file=sys.stderr)
        if "runner" in locals():
            runner.stop()
        return 1
    print(
        f"modyn_system: '{spec.name}' running ({', '.join(n.name for n in spec.nodes)}); logs in {runner.log_dir}",
        flush=True,
    )
    stop = {"signal": None}

    def handler(signum, _frame):
        stop["signal"] = signum

    signal.signal(signal.SIGINT, handler)
    signal.signal(signal.SIGTERM, handler)
    status = 0
    while stop["signal"] is None:
        dead = runner.dead()
        if dead:
            for name, code in dead.items():
                print(
                    f"modyn_system: node '{name}' exited with code {code}:\n{runner.log_tail(name)}",
                    file=sys.stderr,
                )
            status = 1
            break
        time.sleep(0.2)
    runner.stop()
    return status


if __name__ == "__main__":
    sys.exit(main())
