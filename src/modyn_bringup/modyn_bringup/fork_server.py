"""Node processes forked from a preloaded interpreter (``SystemRunner(fork=True)``).

A node process started from its console script spends about 0.7 CPU-s before its node exists
(on this project's 2-core machine): the interpreter, the entry-point lookup in the installed
metadata, and the imports of rclpy, numpy and modyn's libraries. A system of four nodes pays
that four times per start, and the test suite starts systems hundreds of times. The fork server
(``python -m modyn_bringup.fork_server``, one per calling process, started on first use)
imports those modules once; each node is then a fork of it that runs its console script's
entry point with the node's command line, environment and log. It is still one OS process per
node, with its own pid, session, signals, exit status, DDS participant and ROS context: only
what happens before ``main()`` is shared.

The node is the fork server's grandchild: the intermediate process exits at once, and the
caller, a child subreaper (``prctl(PR_SET_CHILD_SUBREAPER)``), inherits the node as its own
child. So :class:`ForkedProcess` waits for it with ``waitpid`` and gets its real exit status
(a code, or the signal that killed it), as :class:`subprocess.Popen` does.

What differs from a process started from its script:

* ``/proc/<pid>/cmdline`` and ``/proc/<pid>/environ`` are the fork server's (``os.environ`` is
  the node's own);
* the process ends with ``os._exit`` after ``main()`` returns: no ``atexit`` handlers and no
  C++ static destructors run (the node has already shut its ROS context down);
* the modules are the ones the fork server imported when it started, with numpy's BLAS on
  one thread (``OPENBLAS_NUM_THREADS=1`` unless set: a process with threads cannot be forked
  safely).

The default of :class:`~modyn_bringup.runner.SystemRunner` stays the console script (what
``ros2 run`` and ``ros2 launch`` execute); the test suite forks (``conftest.py``). Linux only
(:func:`available`); elsewhere the runner starts the scripts.
"""

from __future__ import annotations

import atexit
import ctypes
import gc
import importlib
import json
import os
import re
import signal
import subprocess
import sys
import threading
import time
import traceback
from functools import cache
from importlib import import_module
from pathlib import Path

__all__ = ["PRELOAD", "ForkedProcess", "available", "entry_point", "start"]

#: imported once by the fork server, before any fork (none of them starts a thread on import
#: but rclpy's LTTng-UST, whose listener threads lttng_fork_hooks makes safe to fork around)
PRELOAD = [
    "numpy",
    "mujoco",
    "rclpy",
    "rclpy.node",
    "rclpy.executors",
    "modyn_ros.node_main",
    "modyn_model",
    "modyn_control.feedback_controller_node",
    "modyn_control.inverse_dynamics_feedforward_node",
    "modyn_trajectory.trajectory_generator_node",
    "modyn_hardware.hardware_interface_node",
    "modyn_hardware.fake_ros2_control",
    "modyn_bringup.recorder",
    "modyn_bringup.composed",
]

_SCRIPT_TAG = re.compile(r"EASY-INSTALL-ENTRY-SCRIPT: '([^']+)','console_scripts','([^']+)'")
_PR_SET_CHILD_SUBREAPER = 36


@cache
def entry_point(script: Path) -> str | None:
    """``module:function`` of an installed console script (colcon's ament_python install), or
    None for an executable that is not one (it is then started as a program)."""
    try:
        head = script.read_text(encoding="utf-8", errors="replace")[:2000]
    except OSError:
        return None
    found = _SCRIPT_TAG.search(head)
    if found is None:
        return None
    from importlib.metadata import PackageNotFoundError, distribution

    dist, name = found[1].partition("==")[0], found[2]
    try:
        points = distribution(dist).entry_points
    except PackageNotFoundError:
        return None
    for point in points:
        if point.group == "console_scripts" and point.name == name:
            return point.value
    return None


@cache
def available() -> bool:
    """This process can adopt the fork server's grandchildren (Linux's child subreaper)."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        return libc.prctl(_PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0
    except (OSError, AttributeError):
        return False


class ForkedProcess:
    """The part of :class:`subprocess.Popen` the runner uses, for a node forked by the server
    (this process's child once the intermediate process has exited)."""

    def __init__(self, pid: int, args: list[str]):
        self.pid = pid
        self.args = args
        self.returncode: int | None = None
        self._lock = threading.Lock()  # one waitpid at a time, as Popen's _waitpid_lock

    def poll(self) -> int | None:
        with self._lock:
            if self.returncode is None:
                try:
                    pid, status = os.waitpid(self.pid, os.WNOHANG)
                except ChildProcessError:  # reaped elsewhere: its status is lost
                    self.returncode = -255
                else:
                    if pid == self.pid:
                        self.returncode = os.waitstatus_to_exitcode(status)
            if self.returncode is not None:
                _unreaped.discard(self)
            return self.returncode

    def wait(self, timeout: float | None = None) -> int:
        deadline = None if timeout is None else time.monotonic() + timeout
        delay = 0.0005
        while self.poll() is None:
            if deadline is not None and time.monotonic() >= deadline:
                raise subprocess.TimeoutExpired(self.args, timeout)
            time.sleep(delay)
            delay = min(2 * delay, 0.02)
        return self.returncode  # type: ignore[return-value]

    def send_signal(self, sig: int) -> None:
        if self.poll() is None:
            try:
                os.kill(self.pid, sig)
            except ProcessLookupError:
                pass

    def terminate(self) -> None:
        self.send_signal(signal.SIGTERM)

    def kill(self) -> None:
        self.send_signal(signal.SIGKILL)


#: forked nodes not reaped yet: a caller that drops one leaves no zombie (reaped at the next start)
_unreaped: set[ForkedProcess] = set()


class _Server:
    """The caller's side of one fork server process."""

    def __init__(self) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "modyn_bringup.fork_server"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=None,
            text=True,
            bufsize=1,
            cwd="/",  # the nodes get the caller's working directory with each request
        )
        self.lock = threading.Lock()
        ready = self.process.stdout.readline()
        if ready.strip() != "ready":
            self.close()
            raise RuntimeError(f"the fork server did not start: {ready!r}")

    def fork(self, request: dict) -> int:
        with self.lock:
            try:
                self.process.stdin.write(json.dumps(request) + "\n")
                self.process.stdin.flush()
                line = self.process.stdout.readline()
            except OSError:
                line = ""
        if not line:
            raise RuntimeError(
                f"the fork server ended ({self.process.poll()}) before it started "
                f"{request['argv'][0]}"
            )
        answer = json.loads(line)
        if "error" in answer:
            raise RuntimeError(f"the fork server could not start {request['argv'][0]}: {answer}")
        return int(answer["pid"])

    def close(self) -> None:
        """End the server (its request loop ends with its stdin); the nodes run on."""
        try:
            self.process.stdin.close()
            self.process.wait(5.0)
        except (OSError, subprocess.TimeoutExpired):
            self.process.kill()
            self.process.wait()
        self.process.stdout.close()


_server: _Server | None = None
_server_lock = threading.Lock()


def _close_server() -> None:
    global _server
    with _server_lock:
        if _server is not None:
            _server.close()
            _server = None


def start(
    target: str, argv: list[str], env: dict[str, str], log_path: Path, new_session: bool
) -> ForkedProcess:
    """Fork the node whose entry point is ``target`` (``module:function``) with command line
    ``argv``, environment ``env``, this process's working directory and output appended to
    ``log_path``; requires :func:`available`."""
    global _server
    for process in list(_unreaped):
        process.poll()
    with _server_lock:
        if _server is None or _server.process.poll() is not None:
            if _server is None:
                atexit.register(_close_server)
            else:  # ended (e.g. a SIGTERM to the process group): a new one
                _server.close()
            _server = _Server()
        server = _server
    request = {
        "target": target,
        "argv": list(argv),
        "env": dict(env),
        "cwd": os.getcwd(),
        "log": str(log_path),
        "new_session": new_session,
    }
    process = ForkedProcess(server.fork(request), list(argv))
    _unreaped.add(process)
    return process


# ---------------------------------------------------------------------- the server's side
#: the server's own PYTHONPATH entries (a node whose PYTHONPATH lacks one does not get it)
_SERVER_PYTHONPATH = [e for e in os.environ.get("PYTHONPATH", "").split(os.pathsep) if e]


def _become_the_node(request: dict) -> None:
    """In the node process, before its entry point: session, log, environment, signals."""
    if request["new_session"]:
        os.setsid()
    fd = os.open(request["log"], os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
    null = os.open(os.devnull, os.O_RDONLY)
    os.dup2(null, 0)
    os.dup2(fd, 1)
    os.dup2(fd, 2)
    os.close(fd)
    os.close(null)
    # the streams as the interpreter makes them for a file (block-buffered stdout, stderr
    # line-buffered with backslashreplace)
    sys.stdin = sys.__stdin__ = open(0, closefd=False)  # noqa: SIM115 - fd 0 stays open
    sys.stdout = sys.__stdout__ = open(1, "w", closefd=False)  # noqa: SIM115
    sys.stderr = sys.__stderr__ = open(  # noqa: SIM115
        2, "w", buffering=1, errors="backslashreplace", closefd=False
    )
    os.chdir(request["cwd"])
    os.environ.clear()
    os.environ.update(request["env"])
    # sys.path as the node's PYTHONPATH makes it: the entries it adds (e.g. a package that adds
    # a mechanism kind through its entry points) first, the server's that it lacks removed
    wanted = [e for e in os.environ.get("PYTHONPATH", "").split(os.pathsep) if e]
    removed = [e for e in _SERVER_PYTHONPATH if e not in wanted and e in sys.path]
    for entry in removed:
        sys.path.remove(entry)
    added = [e for e in wanted if e not in sys.path]
    sys.path[0:0] = added
    if added or removed:
        importlib.invalidate_caches()
    # the dispositions of a fresh interpreter (the server ignores SIGINT; SIGPIPE and SIGXFSZ
    # stay ignored, as Python sets them at start-up)
    for signum in (signal.SIGTERM, signal.SIGUSR1, signal.SIGCHLD):
        signal.signal(signum, signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.default_int_handler)
    sys.argv = list(request["argv"])
    _watch_the_owner(request["owner"])


#: s between two looks at the node's parent; s a node is given to end after SIGTERM
ORPHAN_POLL, ORPHAN_GRACE = 0.5, 5.0


def _watch_the_owner(owner: int) -> None:
    """The node ends when its caller does (a test process that crashed, L16b: its forked
    node, orphaned, ran on for 45 minutes at 92 % of a core, through the next suite's run).

    The node's parent is the intermediate process, then ``owner`` (the caller, a subreaper);
    any other parent means the caller is gone: SIGTERM (the node's own clean shutdown), then,
    after ORPHAN_GRACE s, the process ends. A thread of the node, started before its entry
    point (the fork server itself stays single-threaded)."""
    from modyn_ros.parent_watch import stop_when_orphaned

    parents = (os.getppid(), owner)
    stop_when_orphaned(parents, ORPHAN_POLL, ORPHAN_GRACE, "orphan_watch", before_exit=_flush)


def _run_node(request: dict) -> int:
    """In the node process: become the node's process, run its entry point; the exit code."""
    try:
        _become_the_node(request)
        module, _, function = request["target"].partition(":")
        main = import_module(module)
        for part in function.split("."):
            main = getattr(main, part)
        result = main()
    except SystemExit as exc:
        result = exc.code
    except KeyboardInterrupt:  # before the node's own handlers: as Python, killed by SIGINT
        _flush()
        signal.signal(signal.SIGINT, signal.SIG_DFL)
        os.kill(os.getpid(), signal.SIGINT)
        return 130
    except BaseException:  # noqa: BLE001 - as the interpreter would: traceback, status 1
        traceback.print_exc()
        return 1
    if result is None:
        return 0
    if isinstance(result, int):
        return result
    print(result, file=sys.stderr)
    return 1


def _flush() -> None:
    """What an interpreter's exit flushes: Python's streams and C's stdio buffers."""
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):
            pass
    try:
        ctypes.CDLL(None).fflush(None)
    except (OSError, AttributeError):
        pass


def lttng_fork_hooks() -> bool:
    """Make ``os.fork`` safe for LTTng-UST, loaded with rclpy's tracing (ros2_tracing's
    tracetools, in the wheels' ``liblttng-ust``); True when its hooks are registered.

    LTTng-UST starts two listener threads when it is loaded (the session daemons' registration),
    so the fork server is not single-threaded after importing rclpy. A fork while a listener
    holds LTTng-UST's lock leaves the node waiting on it for ever: Q45, four controllers in a row
    forked by one test worker's server stayed 45 s inside ``rclpy.Node()`` (``rcl_node_init``'s
    tracepoints), their logs empty. LTTng's remedy is its fork wrapper
    (``liblttng-ust-fork.so``, not in the wheels), which calls the library's own
    ``ust_before_fork``, ``ust_after_fork_parent`` and ``ust_after_fork_child`` around each
    fork: registered here with ``os.register_at_fork`` on the loaded library."""
    path = None
    try:
        with open("/proc/self/maps") as maps:
            for line in maps:
                name = line.rsplit("/", 1)[-1].strip()
                if name.startswith("liblttng-ust-") and "tracepoint" not in name:
                    path = line[line.index("/") :].strip()
                    break
    except OSError:
        return False
    if path is None:
        return False
    try:
        lib = ctypes.CDLL(path, mode=os.RTLD_NOLOAD | os.RTLD_GLOBAL)
        before, parent, child = (
            lib.ust_before_fork,
            lib.ust_after_fork_parent,
            lib.ust_after_fork_child,
        )
    except (OSError, AttributeError):
        return False
    saved = ctypes.create_string_buffer(256)  # a sigset_t (128 bytes): the mask they restore
    for fn in (before, parent, child):
        fn.argtypes, fn.restype = [ctypes.c_void_p], None
    os.register_at_fork(
        before=lambda: before(saved),
        after_in_parent=lambda: parent(saved),
        after_in_child=lambda: child(saved),
    )
    return True


def _serve() -> None:
    # the replies go on a copy of fd 1; fd 1 itself becomes stderr, so that nothing a preloaded
    # module prints (from Python or C) gets into them
    answers = os.fdopen(os.dup(1), "w")
    os.dup2(2, 1)
    # numpy's OpenBLAS starts its thread pool on import unless told otherwise; the server must
    # stay single-threaded to fork safely (the nodes' matrices are small: one thread is what
    # the control loop wants anyway, and what the test suite runs with)
    for var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
        os.environ.setdefault(var, "1")
    for name in PRELOAD:
        try:
            import_module(name)
        except Exception as exc:  # noqa: BLE001 - the node that needs it reports it at start
            print(f"fork_server: preload {name}: {exc}", file=sys.stderr, flush=True)
    if not lttng_fork_hooks() and "rclpy" in sys.modules:
        print("fork_server: LTTng-UST not found: forks without its hooks", file=sys.stderr)
    # the preloaded objects out of the cyclic collector's reach: a node's collections do not
    # walk them (nor copy their pages, which the collector's bookkeeping would write to)
    gc.collect()
    gc.freeze()
    # a terminal's Ctrl-C to the caller's process group is for the nodes and the caller
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _flush()
    answers.write("ready\n")
    answers.flush()
    owner = os.getppid()  # the caller: a subreaper, the nodes' parent once forked
    for line in sys.stdin:
        request = json.loads(line)
        request["owner"] = owner
        read_fd, write_fd = os.pipe()
        try:
            middle = os.fork()
        except OSError as exc:
            os.close(read_fd)
            os.close(write_fd)
            answers.write(json.dumps({"error": f"fork: {exc}"}) + "\n")
            answers.flush()
            continue
        if middle == 0:  # the intermediate process: forks the node, tells its pid, exits
            code = 0
            try:
                os.close(read_fd)
                answers_fd = answers.fileno()
                node = os.fork()
                if node == 0:
                    os.close(write_fd)
                    os.close(answers_fd)
                    status = 1
                    try:
                        status = _run_node(request)
                    finally:
                        try:
                            _flush()
                        finally:
                            os._exit(status)
                os.write(write_fd, f"{node}\n".encode())
            except BaseException:  # noqa: BLE001 - reported to the caller by the pipe's EOF
                code = 1
            finally:
                os._exit(code)
        os.close(write_fd)
        with os.fdopen(read_fd) as pipe:
            pid = pipe.read().strip()
        os.waitpid(middle, 0)  # after this the node is the caller's child (subreaper)
        answers.write(json.dumps({"pid": int(pid)} if pid else {"error": "fork failed"}) + "\n")
        answers.flush()


if __name__ == "__main__":
    _serve()
