"""The system runner: starts a system's nodes as processes, supervises and stops them.

This is what ``launch`` does for a system file, for machines where ``launch`` is not installed
(the PyPI route), for the demo and for the integration tests: each node is its installed
executable with ``--ros-args -r __node:=<name> --params-file <file>``, exactly the command line
``ros2 launch`` builds. The runner waits until every node is visible in the ROS graph, forwards
SIGINT/SIGTERM, and reports a node that dies. It is a process starter and supervisor, nothing
more.

Supervision policy (docs/running.md). The node that holds the robot (``hardware_interface``:
its command watchdog applies the safe hold when commands stop) is never stopped because another
node died: the death of any other node is reported at once on stderr (exit code or signal, the
last lines of its log) and the system keeps running, so that the hold latches; the runner stops
everything only on SIGINT/SIGTERM, when the holder itself exits, or when no node is left. Its
exit status is 0 when every node ran until the stop and exited 0, 1 otherwise (a node died, the
holder exited, or a node's exit status at the stop was not 0). Dead nodes are not restarted: a
restarted controller would get the latched trajectory and, once ``~/reset`` clears the fault,
pull the arm to a point of a motion that is over.

Command line::

    modyn_system rx90_sim [--set feedback_controller.kp=[300.0]] [--log-dir DIR] [--timeout S]
                          [--skip NODE] [--same-process-group] [--composed]
                          [--record run.mcap] [--real-time-factor X]

``--record PATH`` adds the ``recorder`` node (:mod:`modyn_bringup.recorder`): the topics of the
system file's ``record:`` list (default ``/joint_states``) go to the MCAP file PATH. The hardware
interface then also writes its own topics as it publishes them (its ``topic_log``, in the log
directory unless the system sets one), and at the stop the recording takes the plant's messages
for those topics (:func:`modyn_bringup.recorder.merge_plant_log`): no sample lost on a loaded
machine, where a subscriber in another process can be starved.

``--real-time-factor X`` (default :data:`PACE`, 0: as fast as the loop answers): a lockstep
plant steps at most X plant seconds per wall second (hardware_interface's ``real_time_factor``,
unless ``--set`` gives it); 1 shows the robot moving at its real pace.
"""

from __future__ import annotations

import argparse
import math
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import IO

import yaml

from . import fork_server
from .dds import use_profile
from .system import (
    BringupError,
    NodeSpec,
    SystemSpec,
    composed_field,
    default_composition,
    load_system,
)

__all__ = [
    "HOLDERS",
    "SystemRunner",
    "add_recorder",
    "choose_composition",
    "executable_path",
    "main",
]

#: (package, executable) of the nodes that hold the robot when commands stop; the runner never
#: stops them because another node died
HOLDERS = frozenset({("modyn_hardware", "hardware_interface")})

#: the most lines of a node's log that :meth:`SystemRunner.log_tail` quotes for a crash report
#: (faulthandler writes every thread's stack, up to 100 frames each)
FAULT_LINES = 400

#: (package, executable) of the recorder node (``--record``)
RECORDER = ("modyn_bringup", "recorder")
#: modyn_system's default real_time_factor of a lockstep plant: 0, as fast as the loop answers
#: (measured on test_cli's 20 goals: paced at 1 it took 88 s and 129 CPU-s against 68 s and
#: 112 CPU-s, a 1 kHz loop in Python costing about as much at the real pace as flat out)
PACE = 0.0

#: the default of ``SystemRunner(fork=...)``: False, every node from its console script as
#: ``ros2 run`` starts it; the test suite sets it (conftest.py) to fork the nodes from a
#: preloaded interpreter (modyn_bringup.fork_server)
FORK_NODES = False


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
    Each node's output goes to ``<log_dir>/<node>.log``. With ``new_session`` (the default)
    each node is the leader of a session of its own, so that a terminal's Ctrl-C reaches the
    runner alone, which then stops the nodes; without it the nodes stay in the runner's process
    group and receive a terminal's signals themselves, as under ``ros2 launch``.

    With ``fork`` (default :data:`FORK_NODES`), a node whose executable is a Python console
    script is forked from a fork server that has imported rclpy, numpy and modyn's node modules
    (:mod:`modyn_bringup.fork_server`): the same process per node, 0.7 CPU-s less to start each.
    """

    def __init__(
        self,
        spec: SystemSpec,
        log_dir: str | os.PathLike | None = None,
        env: dict | None = None,
        new_session: bool = True,
        fork: bool | None = None,
    ):
        self.spec = spec
        self.new_session = new_session
        self.fork = FORK_NODES if fork is None else fork
        self._tmp = tempfile.TemporaryDirectory(prefix=f"modyn_{spec.name}_params_")
        # logs outlive the run (a failed test or demo points at them)
        self.log_dir = (
            Path(log_dir) if log_dir else Path(tempfile.mkdtemp(prefix=f"modyn_{spec.name}_logs_"))
        )
        self.log_dir.mkdir(parents=True, exist_ok=True)
        self.env = dict(os.environ if env is None else env)
        self.env.setdefault("ROS_AUTOMATIC_DISCOVERY_RANGE", "LOCALHOST")
        # Fast DDS without its TypeLookup service (modyn_bringup.dds): it crashed nodes at
        # start-up (L16-L26's segmentation faults, dds.tls.replies in the kernel log)
        use_profile(self.env)
        # a node whose runner is gone (a crash, SIGKILL: no stop() ran) ends itself
        # (modyn_ros.node_main, RUNNER_PID_ENV); L18: after a runner's segmentation fault its
        # four nodes ran on for minutes in the test worker's ROS domain and answered the next
        # test's goal
        self.env["MODYN_RUNNER_PID"] = str(os.getpid())
        if spec.realtime_priority is not None:  # every node process on SCHED_FIFO (node_main)
            self.env["MODYN_REALTIME_PRIORITY"] = str(spec.realtime_priority)
        self.processes: dict[str, subprocess.Popen] = {}
        self._logs: dict[str, IO[bytes]] = {}  # each process's log (its stdout and stderr)
        #: (recording, plant topic log, topics) merged at the stop (``--record``), else None
        self._recording = self._plan_recording()
        #: topic -> ("plant" or "recorder", messages) of the recording after the stop's merge
        self.recorded: dict[str, tuple[str, int]] = {}

    def _plan_recording(self) -> tuple[Path, Path, list[str]] | None:
        """With a recorder (``--record``) and a hardware interface, the latter writes its topic
        log (its ``topic_log`` parameter, else ``<log_dir>/<node>.topics.mcap``), merged into
        the recording at the stop (module docstring)."""
        recorders = [n for n in self.spec.nodes if (n.package, n.executable) == RECORDER]
        holders = [n for n in self.spec.nodes if (n.package, n.executable) in HOLDERS]
        if len(recorders) != 1 or len(holders) != 1:
            return None
        holder, recorder = holders[0], recorders[0]
        log = holder.parameters.get("topic_log") or str(self.log_dir / f"{holder.name}.topics.mcap")
        if not holder.parameters.get("topic_log"):  # the caller's spec is left as it was
            import dataclasses

            logged = dataclasses.replace(holder, parameters={**holder.parameters, "topic_log": log})
            self.spec = dataclasses.replace(
                self.spec, nodes=[logged if n is holder else n for n in self.spec.nodes]
            )
        topics = recorder.parameters.get("topics") or ["/joint_states"]
        return Path(recorder.parameters["output"]), Path(log), list(topics)

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
        """Start every node not running yet (clock source first), except those in ``skip``.

        A recorder (``--record``) starts before the others, and the hardware interface next,
        alone: the rest start once the recorder has its first ``/joint_states`` (a lockstep plant
        republishes t_0 while it waits for its first command), so that the recording begins at
        the system's first state. DDS matches a reader that joined earlier no sooner than one
        that joins with the plant: started together, the controller's commands moved the plant
        1.6-1.9 s before the recorder's first message. In a composed system the hardware
        interface shares the controller's process; there the rest start once the recorder's
        subscriptions are in the graph."""
        ordered = sorted(
            (n for n in self.spec.nodes if n.name not in self.processes and n.name not in skip),
            key=lambda n: not n.clock_source,
        )
        composed = self.spec.composed

        def inside(n) -> bool:  # in the composed process (modyn_bringup.composed)
            from .composed import inside as composed_inside

            return composed_inside(n, composed)

        recorder = [n for n in ordered if (n.package, n.executable) == RECORDER]
        if recorder and len(ordered) > 1:
            self._popen(recorder, self.env)
            ordered = [n for n in ordered if n not in recorder]
            if "/joint_states" in self._wait_recorder(recorder[0]):
                holders = [
                    n for n in ordered if (n.package, n.executable) in HOLDERS and not inside(n)
                ]
                if holders:
                    self._popen(holders, self.env)
                    self._wait_recorded(recorder[0], holders)
                    ordered = [n for n in ordered if n not in holders]
        env = self.env
        if composed and ordered:  # one process for them (modyn_bringup.composed)
            from .composed import start_composed

            if any(map(inside, ordered)):
                start_composed(self, [n for n in ordered if inside(n)])
            # the others in their own processes (the recorder, and the nodes a list leaves out,
            # e.g. the planning): on the normal policy, the real-time priority is the loop's
            ordered = [n for n in ordered if not inside(n)]
            env = {k: v for k, v in env.items() if k != "MODYN_REALTIME_PRIORITY"}
        self._popen(ordered, env)

    def _popen(self, nodes: list[NodeSpec], env: dict[str, str]) -> None:
        commands = {node.name: self.command(node) for node in nodes}  # fail before starting any
        for node in nodes:
            path = self.log_dir / f"{node.name}.log"
            path.write_bytes(b"")
            # appended to by the process and by the runner (_dump_stacks): nothing overwritten
            log = open(path, "ab")  # noqa: SIM115 - closed in stop()
            self._logs[node.name] = log
            target = None
            if self.fork and fork_server.available():
                target = fork_server.entry_point(Path(commands[node.name][0]))
            if target is not None:
                self.processes[node.name] = fork_server.start(
                    target, commands[node.name], env, path, self.new_session
                )
                continue
            self.processes[node.name] = subprocess.Popen(
                commands[node.name],
                stdout=log,
                stderr=subprocess.STDOUT,
                env=env,
                start_new_session=self.new_session,
            )

    def _wait_recorded(self, node: NodeSpec, started: list[NodeSpec], timeout: float = 30.0):
        """Block until the recorder ``node`` has logged its first ``/joint_states`` message;
        raise BringupError if it or one of ``started`` exits or time runs out."""
        from .recorder import FIRST_MESSAGE

        line = FIRST_MESSAGE.format(topic="/joint_states")
        log = self.log_dir / f"{node.name}.log"
        deadline = time.monotonic() + timeout
        while line not in log.read_text(errors="replace"):
            for n in (node, *started):
                code = self.processes[n.name].poll()
                if code is not None:
                    raise BringupError(
                        f"node '{n.name}' exited with code {code} during start:\n"
                        f"{self.log_tail(n.name)}"
                    )
            if time.monotonic() > deadline:
                raise BringupError(
                    f"the recorder had no /joint_states from {[n.name for n in started]} "
                    f"within {timeout} s (logs in {self.log_dir})"
                )
            time.sleep(0.05)

    def _wait_recorder(self, node: NodeSpec, timeout: float = 30.0) -> list[str]:
        """Block until the recorder ``node``'s subscriptions to its known topics are in the
        graph and return these topics; raise BringupError if it exits or time runs out."""
        import rclpy
        from rclpy.node import Node

        from .recorder import KNOWN_TOPICS

        named = node.parameters.get("topics") or ["/joint_states"]  # the recorder's default
        topics = [t for t in ("/" + t.lstrip("/") for t in named) if t in KNOWN_TOPICS]
        if not topics:
            return topics
        context = rclpy.Context()
        rclpy.init(context=context)
        probe = Node(
            "_modyn_runner_recorder_probe", context=context, start_parameter_services=False
        )
        try:
            deadline = time.monotonic() + timeout
            while True:
                code = self.processes[node.name].poll()
                if code is not None:
                    raise BringupError(
                        f"node '{node.name}' exited with code {code} during start:\n"
                        f"{self.log_tail(node.name)}"
                    )
                if all(
                    any(i.node_name == node.name for i in probe.get_subscriptions_info_by_topic(t))
                    for t in topics
                ):
                    return topics
                if time.monotonic() > deadline:
                    raise BringupError(
                        f"the recorder did not subscribe to {topics} within {timeout} s "
                        f"(log in {self.log_dir})"
                    )
                time.sleep(0.05)
        finally:
            probe.destroy_node()
            rclpy.shutdown(context=context)

    @property
    def holders(self) -> tuple[str, ...]:
        """Names of the nodes that hold the robot (:data:`HOLDERS`)."""
        return tuple(n.name for n in self.spec.nodes if (n.package, n.executable) in HOLDERS)

    def pids(self) -> dict[str, int]:
        """Process id of each started node."""
        return {name: p.pid for name, p in self.processes.items()}

    def dead(self) -> dict[str, int]:
        """Nodes that have exited, with their return codes."""
        return {name: p.returncode for name, p in self.processes.items() if p.poll() is not None}

    def log_tail(self, name: str, lines: int = 20) -> str:
        """The last ``lines`` lines of a node's log; when the log holds a crash report of
        faulthandler ("Fatal Python error: ..."), from its first line on (up to
        :data:`FAULT_LINES`): which thread crashed is said at its top ("Current thread"; no
        thread so marked when the fault was in a thread Python does not know, the
        middleware's), which 20 lines cut off (L26b)."""
        path = self.log_dir / f"{name}.log"
        if not path.is_file():
            return ""
        text = path.read_text(errors="replace").splitlines()
        start = len(text) - lines
        fault = next(
            (i for i, line in enumerate(text) if line.startswith("Fatal Python error")), None
        )
        if fault is not None and fault < start:
            start = max(fault, len(text) - FAULT_LINES)
        return "\n".join(text[max(start, 0) :])

    def wait_ready(self, timeout: float = 30.0, interrupted=None) -> None:
        """Block until every node is in the ROS graph; raise BringupError if one dies, time runs
        out, or ``interrupted()`` (optional) becomes true."""
        import rclpy
        from rclpy.node import Node

        context = rclpy.Context()
        rclpy.init(context=context)
        probe = Node("_modyn_runner_probe", context=context, start_parameter_services=False)
        try:
            deadline = time.monotonic() + timeout
            expected = {n.name for n in self.spec.nodes}
            while True:
                if interrupted is not None and interrupted():
                    raise BringupError("interrupted while the nodes were starting")
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

    def stop(
        self, node: str | None = None, timeout: float = 5.0, kill_timeout: float = 5.0
    ) -> dict[str, int]:
        """SIGINT to one node or all, SIGTERM to those still running ``timeout`` s later,
        SIGKILL ``kill_timeout`` s after that (``ros2 launch``'s sigterm_timeout and
        sigkill_timeout, 5 s each: a node exits in 0.3-4 s on a 2-core machine at load average
        10, most of it in DDS and interpreter teardown); returns the exit codes."""
        targets = {node: self.processes[node]} if node else dict(self.processes)
        for p in targets.values():
            if p.poll() is None:
                p.send_signal(signal.SIGINT)
        deadline = time.monotonic() + timeout
        for sig in (signal.SIGTERM, signal.SIGKILL):
            for name, p in targets.items():
                try:
                    p.wait(max(0.0, deadline - time.monotonic()))
                except subprocess.TimeoutExpired:
                    if sig == signal.SIGKILL:
                        self._dump_stacks(name, p)
                    if p.poll() is None:
                        p.send_signal(sig)
            deadline = time.monotonic() + kill_timeout
        for p in targets.values():
            p.wait()
        if node is None:
            for log in set(self._logs.values()):
                log.close()
            self._tmp.cleanup()
            self._merge_recording()
        return {name: p.returncode for name, p in targets.items()}

    def _merge_recording(self) -> None:
        """After every process exited: the plant's own messages into the recording
        (``--record``; :func:`modyn_bringup.recorder.merge_plant_log`). A file that cannot be
        read (a node killed before it finished its file) leaves the recording as the recorder
        wrote it, with a warning naming both files."""
        if self._recording is None or not self.processes:
            return
        from .recorder import RecordingError, merge_plant_log

        recording, log, topics = self._recording
        self._recording = None  # once
        try:
            self.recorded = merge_plant_log(recording, log, topics)
        except RecordingError as exc:
            print(
                f"modyn_system: {recording} kept as the recorder wrote it (not merged with the "
                f"plant's topic log {log}): {exc}",
                file=sys.stderr,
                flush=True,
            )

    def _dump_stacks(self, name: str, process: subprocess.Popen, wait: float = 0.5) -> None:
        """Before the SIGKILL of a node that did not stop: have it write its threads' stacks to
        its log (modyn_ros.node_main.STACK_DUMP_SIGNAL), so that the log says where it hung.
        Every process the runner starts is a modyn node (run_node) or the recorder, both of
        which register that signal."""
        log = self._logs.get(name)
        if log is not None:  # the process's own file: the same offset, nothing overwritten
            log.write(
                f"\n[modyn_system] '{name}' still running {time.strftime('%H:%M:%S')} after "
                "SIGINT and SIGTERM: its stacks, then SIGKILL\n".encode()
            )
            log.flush()
        try:
            process.send_signal(signal.SIGUSR1)
            process.wait(wait)
        except subprocess.TimeoutExpired:
            pass

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


def add_recorder(spec: SystemSpec, path: str | os.PathLike) -> NodeSpec:
    """Add the ``recorder`` node writing ``spec.record`` to the MCAP file ``path`` (absolute:
    the node runs in its own working directory only by accident)."""
    if any(n.name == "recorder" for n in spec.nodes):
        raise BringupError(f"{spec.source}: a node is already named 'recorder'; --record needs it")
    node = NodeSpec(
        "recorder",
        "modyn_bringup",
        "recorder",
        {"output": str(Path(path).expanduser().resolve()), "topics": list(spec.record)},
    )
    spec.nodes.append(node)
    return node


def describe_exit(code: int | None) -> str:
    """``exit code 1``, ``killed by SIGKILL`` (a negative Popen return code), ``running``."""
    if code is None:
        return "running"
    if code < 0:
        try:
            return f"killed by {signal.Signals(-code).name}"
        except ValueError:
            return f"killed by signal {-code}"
    return f"exit code {code}"


class _StopSignals:
    """The runner's SIGINT/SIGTERM handler: records them (the loop then stops the nodes)."""

    def __init__(self) -> None:
        self.signum: int | None = None

    def __call__(self, signum, _frame) -> None:
        if self.signum is None:
            self.signum = signum

    def install(self) -> None:
        signal.signal(signal.SIGINT, self)
        signal.signal(signal.SIGTERM, self)

    @staticmethod
    def ignore_from_now_on() -> None:
        """Once the nodes are stopped: SIG_IGN, because the interpreter's finalization puts
        back the default action of a handled signal and a late one would kill the exiting
        runner (status -2) instead of letting it report."""
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        signal.signal(signal.SIGTERM, signal.SIG_IGN)


def _report_death(runner: SystemRunner, name: str, code: int, holder: bool) -> None:
    log = runner.log_dir / f"{name}.log"
    if holder:
        what = "it held the robot: stopping the system"
    else:
        holders = ", ".join(runner.holders) or "no node"
        what = (
            f"the system keeps running: {holders} holds the robot (its command watchdog latches "
            "the safe hold once commands stop, until ~/reset); stop with Ctrl-C"
        )
    print(
        f"modyn_system: ERROR: node '{name}' died ({describe_exit(code)}); {what}.\n"
        f"  last lines of {log}:\n{runner.log_tail(name)}",
        file=sys.stderr,
        flush=True,
    )


def supervise(runner: SystemRunner, stop: _StopSignals, poll: float = 0.2) -> dict[str, int]:
    """Watch the nodes until a stop signal, the holder's exit, or no node left (see the module
    docstring); return the nodes that died meanwhile with their return codes."""
    died: dict[str, int] = {}
    holders = set(runner.holders)
    while stop.signum is None:
        for name, code in runner.dead().items():
            if name not in died:
                died[name] = code
                _report_death(runner, name, code, name in holders)
        if holders & died.keys() or len(died) == len(runner.processes):
            break
        time.sleep(poll)
    return died


def choose_composition(
    spec: SystemSpec, composed: bool | str, separate: bool, compose_loop: bool
) -> tuple[bool | tuple[str, ...], str]:
    """The layout of ``spec`` from the command line: ``composed`` is ``--composed`` (False,
    True, or "a,b" names), ``separate`` ``--separate``; ``compose_loop`` for ``modyn run``
    (what nobody said: :func:`modyn_bringup.system.default_composition`). Returns the
    ``composed`` value and the line to print ("" for none). Raises BringupError for both
    options at once or a bad name."""
    if separate and composed:
        raise BringupError("--separate and --composed: one or the other")
    if isinstance(composed, str):  # --composed a,b: these nodes only
        names = [n.strip() for n in composed.split(",") if n.strip()]
        return composed_field(names, spec.nodes, f"{spec.source} (--composed)"), ""
    if composed:
        return True, ""
    if separate:
        return False, ""
    if not compose_loop:
        return spec.composed, ""
    chosen = default_composition(spec)
    if not chosen or spec.composed_given:
        return chosen, ""
    names = chosen if chosen is not True else [n.name for n in spec.nodes]
    return chosen, (
        f"modyn run: {' + '.join(names)} in one process (the loop composed; "
        "--separate: every node in its own)"
    )


def main(argv: list[str] | None = None, *, compose_loop: bool = False) -> int:
    """``modyn_system``: run a system until Ctrl-C, SIGTERM or the holder's exit (see the module
    docstring for the policy and the exit status).

    ``compose_loop`` (``modyn run``): what the system file does not say is composed as
    :func:`modyn_bringup.system.default_composition` says (the loop in one process), and
    ``--separate`` runs every node in its own process. ``modyn_system`` itself runs the file as
    written (each node in its own process unless ``composed:`` or ``--composed``)."""
    use_profile()  # this process's probes too: a runner died at start-up (L18b)
    parser = argparse.ArgumentParser(
        prog="modyn run" if compose_loop else "modyn_system",
        description="Run a modyn system (config/systems/<name>.yaml)."
        + (
            " The control loop (hardware_interface + feedback_controller) runs in one process "
            "unless the system file says 'composed:' or --separate is given."
            if compose_loop
            else ""
        ),
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
    parser.add_argument(
        "--skip",
        action="append",
        default=[],
        metavar="NODE",
        help="do not start this node of the system (e.g. a fake robot that runs elsewhere)",
    )
    parser.add_argument(
        "--composed",
        nargs="?",
        const=True,
        default=False,
        metavar="NODES",
        help="run every node in one process and one executor, or only the comma-separated "
        "NODES (e.g. hardware_interface,feedback_controller: the loop; docs/performance_loop.md)",
    )
    if compose_loop:
        parser.add_argument(
            "--separate",
            action="store_true",
            help="every node in its own process (modyn_system's layout), not the loop composed",
        )
    parser.add_argument(
        "--realtime-priority",
        type=int,
        default=None,
        metavar="PRIO",
        help="run the node processes on SCHED_FIFO at this priority, 1-99 (needs the permission: "
        "docs/running.md)",
    )
    parser.add_argument(
        "--same-process-group",
        action="store_true",
        help="keep the nodes in the runner's process group, as ros2 launch does: a terminal's "
        "Ctrl-C then reaches every node directly (and once more from the runner)",
    )
    parser.add_argument(
        "--fork",
        action="store_true",
        help="start the Python nodes as forks of one interpreter that has imported rclpy, numpy "
        "and modyn's node modules (about 0.7 CPU-s less per node; each is still a process of "
        "its own: docs/running.md)",
    )
    parser.add_argument(
        "--real-time-factor",
        type=float,
        default=PACE,
        metavar="X",
        help=f"a lockstep plant steps at most X plant seconds per wall second (1: the pace of the "
        f"real robot; default {PACE:g}: as fast as the loop answers); hardware_interface's "
        "real_time_factor, unless --set gives it",
    )
    parser.add_argument(
        "--record",
        default=None,
        metavar="PATH",
        help="record the system file's 'record:' topics (default /joint_states) to this MCAP file",
    )
    args = parser.parse_args(argv)
    # from the start: a Ctrl-C while the nodes start stops the ones already started
    stop = _StopSignals()
    stop.install()
    runner = None
    try:
        spec = load_system(args.system, args.set)
        unknown = sorted(set(args.skip) - {n.name for n in spec.nodes})
        if unknown:
            raise BringupError(
                f"--skip {unknown}: no such node in {spec.source} "
                f"(nodes: {[n.name for n in spec.nodes]})"
            )
        spec.nodes = [n for n in spec.nodes if n.name not in args.skip]
        spec.composed, said = choose_composition(
            spec, args.composed, compose_loop and args.separate, compose_loop
        )
        if said:
            print(said, flush=True)
        if args.realtime_priority is not None:
            if not 1 <= args.realtime_priority <= 99:
                raise BringupError(f"--realtime-priority {args.realtime_priority}: expected 1..99")
            spec.realtime_priority = args.realtime_priority
        if args.record:
            add_recorder(spec, args.record)
        _pace(spec, args.real_time_factor)
        runner = SystemRunner(
            spec, args.log_dir, new_session=not args.same_process_group, fork=args.fork or None
        )
        runner.start()
        runner.wait_ready(args.timeout, interrupted=lambda: stop.signum is not None)
    except BringupError as exc:
        print(f"modyn_system: {exc}", file=sys.stderr)
        if runner is not None:
            _print_exits(runner.stop(), {})
        stop.ignore_from_now_on()
        return 1
    started = ", ".join(f"{name} (pid {pid})" for name, pid in runner.pids().items())
    print(f"modyn_system: '{spec.name}' running: {started}; logs in {runner.log_dir}", flush=True)
    died = supervise(runner, stop)
    if stop.signum is not None:
        print(f"modyn_system: {signal.Signals(stop.signum).name} received: stopping", flush=True)
    codes = runner.stop()
    stop.ignore_from_now_on()
    if runner.recorded:
        summary = ", ".join(
            f"{topic} {count} ({'the plant' if source == 'plant' else 'the recorder'})"
            for topic, (source, count) in runner.recorded.items()
        )
        print(f"modyn_system: recorded {args.record}: {summary}", flush=True)
    _print_exits(codes, died)
    return 0 if not died and not any(codes.values()) else 1


def _pace(spec, factor: float) -> None:
    """``real_time_factor`` = ``factor`` for each lockstep hardware_interface of ``spec`` that
    was not given one."""
    if not (factor >= 0.0 and math.isfinite(factor)):
        raise BringupError(f"--real-time-factor {factor}: expected a finite number >= 0")
    for node in spec.nodes:
        params = node.parameters
        if node.executable != "hardware_interface" or "real_time_factor" in params:
            continue
        if params.get("mode", "lockstep") == "lockstep":
            params["real_time_factor"] = float(factor)


def _print_exits(codes: dict[str, int], died: dict[str, int]) -> None:
    """One line per node whose exit was not a clean stop (stderr)."""
    for name, code in codes.items():
        if name in died:
            print(
                f"modyn_system: node '{name}' had died ({describe_exit(code)})",
                file=sys.stderr,
            )
        elif code != 0:
            print(
                f"modyn_system: node '{name}' stopped with {describe_exit(code)}", file=sys.stderr
            )


if __name__ == "__main__":
    sys.exit(main())
