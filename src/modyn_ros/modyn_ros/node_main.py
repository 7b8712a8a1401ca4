"""The console-script main shared by the modyn nodes.

Exit status: 0 after SIGINT/SIGTERM (any number of them) or a normal shutdown, 2 on a
configuration error (a parameter that cannot be used; the fatal log line names it), 1 on a fatal
runtime error of the node (e.g. a diverging plant).

Signals. A terminal's Ctrl-C goes to the whole process group, and ``ros2 launch`` (or the
runner) forwards one more SIGINT to each node, so a node gets two or more signals, the later
ones while it is already shutting down. With rclpy's own handlers, SIGINT becomes a
``KeyboardInterrupt`` raised wherever the main thread happens to be: inside a callback, inside
``take_message`` (where pybind11 turns it into ``RuntimeError: Unable to convert call argument
...``) or inside ``destroy_node`` during the shutdown; and rclpy's handler thread shuts the
context down at the same moment, so that nothing can be published any more on the way out (the
ros2_control bridge needs to send its last command then). Here:

* rclpy is initialised without its signal handlers (``SignalHandlerOptions.NO``); a Python
  handler for SIGINT and SIGTERM (:class:`StopRequest`) only records the signal;
* the kernel wakes a small thread through ``signal.set_wakeup_fd``; it triggers a guard
  condition of the node, so an executor blocked in ``rcl_wait`` returns, the main thread runs the
  Python handler, and the spin loop ends after the callback in progress (never in the middle
  of one);
* the shutdown (the node's ``on_shutdown`` hook if it has one, the executor, the node, rclpy)
  runs with that handler still installed, on a context that is still valid: later signals are
  counted and nothing else. Once it is done both signals are ignored (SIG_IGN) until the process
  exits, because the interpreter's finalization would put back their default action and a late
  signal would kill the exiting process (status -2 or -15). So :func:`run_node` is meant to be
  a process's main, as in the console scripts;
* an exception out of the spin loop once a stop was requested, or once the context is no longer
  valid, is part of the shutdown, not a crash; before that it is a real error and is raised.

A signal that arrives before :func:`run_node` starts (while the node's modules are imported,
about a second) still gets Python's default behaviour.

The teardown after the hooks (executor, nodes, rclpy: the DDS entities and participant) is
bounded by :data:`TEARDOWN_BOUND`: past it the process writes its threads' stacks to stderr and
exits 0 (:mod:`modyn_ros.exit_timer`; Fast DDS was seen to block ``destroy_node`` for good when
the peers stopped at the same moment).

SIGUSR1 (:data:`STACK_DUMP_SIGNAL`) writes the stack of every thread to stderr (the node's log
under the runner) and nothing else: a launcher about to SIGKILL a node that did not stop asks for
it first, so that the log says where the node was stuck (``faulthandler``: it runs in the signal
handler itself, so it works while the main thread is blocked inside C code).
"""

from __future__ import annotations

import faulthandler
import os
import signal
import sys
import threading
import time
from collections.abc import Callable

import rclpy
from rclpy.exceptions import InvalidParameterTypeException, InvalidParameterValueException
from rclpy.executors import (
    ExternalShutdownException,
    MultiThreadedExecutor,
    SingleThreadedExecutor,
)

from . import intra_process as intra
from .exit_timer import ExitTimer
from .heap import SafePointCollector
from .params import ParameterError, check_parameter_names
from .parent_watch import stop_when_orphaned

try:  # rclpy >= Humble; an older one keeps its handlers (KeyboardInterrupt is caught)
    from rclpy.signals import SignalHandlerOptions
except ImportError:  # pragma: no cover
    SignalHandlerOptions = None

__all__ = [
    "EXECUTORS",
    "EXECUTOR_ENV",
    "INTRA_PROCESS_ENV",
    "REALTIME_PRIORITY_ENV",
    "RUNNER_PID_ENV",
    "EXIT_CONFIG",
    "STACK_DUMP_SIGNAL",
    "EXIT_RUNTIME",
    "TEARDOWN_BOUND",
    "ExecutorChoiceError",
    "StopRequest",
    "apply_realtime_priority",
    "check_executor",
    "watch_the_runner",
    "default_executor",
    "make_executor",
    "resolve_executor",
    "run_node",
    "run_nodes",
]

EXIT_CONFIG = 2
EXIT_RUNTIME = 1

_CONFIG_ERRORS = (ParameterError, InvalidParameterTypeException, InvalidParameterValueException)
_STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM)
#: the pid of the modyn runner that started this process (modyn_bringup.runner sets it): when
#: that process is no longer this one's parent, the runner is gone without stopping its nodes,
#: and the node stops itself (:func:`watch_the_runner`)
RUNNER_PID_ENV = "MODYN_RUNNER_PID"
#: wall seconds between two looks at the parent; after the SIGTERM, seconds before ``_exit``
RUNNER_POLL, RUNNER_GRACE = 0.5, 10.0
#: the signal on which a node process writes every thread's stack to stderr
STACK_DUMP_SIGNAL = signal.SIGUSR1
_SLOW_STEP = 1.0  # s: a shutdown step slower than this is logged
#: s: the executor's, the nodes' and rclpy's teardown end within this, or the process exits 0
#: (every thread's stack first in its log: "Timeout (0:00:05.500000)!"); ros2 launch and the
#: runner SIGTERM a node 5 s after SIGINT and SIGKILL it 5 s later
TEARDOWN_BOUND = 6.0
_EVENTS_STOP_POLL = 0.1  # s: how often a spin with the EventsExecutor looks at a stop request


class ExecutorChoiceError(ValueError):
    """``$MODYN_EXECUTOR`` (or the kind asked for) names no usable executor."""


#: executors a node process can spin with (environment variable ``MODYN_EXECUTOR``; default
#: :func:`default_executor`); measured in docs/performance_loop.md
EXECUTORS = ("single", "events", "multi")
EXECUTOR_ENV = "MODYN_EXECUTOR"
#: a SCHED_FIFO priority for the node processes (apply_realtime_priority); unset: normal policy
REALTIME_PRIORITY_ENV = "MODYN_REALTIME_PRIORITY"
#: ``0`` turns the composed mode's intra-process delivery off (modyn_ros.intra_process)
INTRA_PROCESS_ENV = "MODYN_INTRA_PROCESS"


async def _marker() -> None:
    """A task that does nothing: its completion marks the end of what was queued before it."""


def _waiting_spinner(executor) -> Callable[[], None]:
    """A function that runs, without blocking, the callbacks already waiting in ``executor``.

    The composed loop calls it between two drains of the local deliveries, which a lockstep
    loop never empties. One ``spin_once(0)`` runs one callback; with the EventsExecutor, whose
    events queue in order, that starved every DDS delivery: each local publication copied to an
    outside subscriber comes back as an event for the process's own DDS subscription of the
    topic (ignored, modyn_ros.intra_process), two or more per tick against one spin per drain,
    so the queue grew without end and a trajectory from another process waited in it forever
    (measured: no report of 5 in 20 s, 4-10 ms with intra-process delivery off). A task queued
    now runs after every event queued before it (one FIFO queue): spinning until it is done
    runs those, and at most the few that arrive before the task's done-callback, itself queued,
    ends the spin (27 us with none waiting, against 88 us for an empty ``spin_once(0)``). The
    spin is bounded by ``_EVENTS_STOP_POLL``: a done-callback left over from a spin that timed
    out ends the next one early, nothing worse. The wait-set executors pick ready entities, not
    queued events: one ``spin_once(0)``.
    """
    # by its type's name: rclpy.experimental.EventsExecutor is a factory function, and the class
    # it returns (_rclpy.EventsExecutor) is private to rclpy
    if type(executor).__name__ != "EventsExecutor":
        return lambda: executor.spin_once(timeout_sec=0.0)

    def spin() -> None:
        executor.spin_until_future_complete(
            executor.create_task(_marker), timeout_sec=_EVENTS_STOP_POLL
        )

    return spin


def default_executor() -> str:
    """The executor of a node process that nobody chose: ``events`` (rclpy's EventsExecutor)
    where this rclpy has it, else ``single``.

    Measured (docs/performance_loop.md): the rx90_sim lockstep loop ran 2.6x faster with the
    EventsExecutor in its four processes, and one lockstep episode cost the nodes half the CPU
    time (2.3-2.7 against 4.9-5.0 CPU-s). A node can still ask for the SingleThreadedExecutor
    (:func:`resolve_executor`).
    """
    try:
        from rclpy.experimental import EventsExecutor  # noqa: F401
    except ImportError:  # an rclpy without it (before Jazzy's backport): the only other choice
        return "single"
    return "events"


def resolve_executor(kind: str | None, nodes: list) -> str:
    """The executor kind a process spins ``nodes`` with: ``kind`` when given, else
    ``$MODYN_EXECUTOR`` when set, else ``single`` when a node's ``preferred_executor``
    attribute says so, else :func:`default_executor`.

    A node prefers ``single`` when its timer must keep its share under a flood of messages
    (the real-time hardware interface): the SingleThreadedExecutor looks at the timer at every
    wait and DDS drops a subscription's surplus at its depth, while the EventsExecutor serves one
    queued event per message in arrival order, so a flood delays the timer behind it
    (docs/performance_loop.md, the command flood).
    """
    if kind:
        return kind
    env = os.environ.get(EXECUTOR_ENV, "")
    if env:
        return env
    if any(getattr(node, "preferred_executor", None) == "single" for node in nodes):
        return "single"
    return default_executor()


def make_executor(kind: str | None = None):
    """The executor named ``kind`` (:data:`EXECUTORS`; None: ``$MODYN_EXECUTOR``, else
    :func:`default_executor`).

    ``single``: rclpy's SingleThreadedExecutor; ``events``: rclpy's experimental EventsExecutor
    (C++ event queue, rclpy >= Jazzy's backports); ``multi``: MultiThreadedExecutor (threads
    under the GIL). Raises ValueError naming the value and the choices for anything else, or
    for ``events`` when this rclpy has no EventsExecutor.
    """
    if kind is None:
        kind = os.environ.get(EXECUTOR_ENV, "") or default_executor()
    check_executor(kind)
    if kind == "single":
        return SingleThreadedExecutor()
    if kind == "multi":
        return MultiThreadedExecutor()
    from rclpy.experimental import EventsExecutor

    return EventsExecutor()


def check_executor(kind: str) -> None:
    """Raise :class:`ExecutorChoiceError` naming ``kind`` and the choices unless it is one of
    :data:`EXECUTORS` that this rclpy has."""
    if kind not in EXECUTORS:
        raise ExecutorChoiceError(
            f"executor {kind!r} ({EXECUTOR_ENV}): expected one of {list(EXECUTORS)}"
        )
    if kind == "events":
        try:
            from rclpy.experimental import EventsExecutor  # noqa: F401
        except ImportError:
            raise ExecutorChoiceError(
                f"executor 'events' ({EXECUTOR_ENV}): this rclpy has no rclpy.experimental."
                "EventsExecutor"
            ) from None


def apply_realtime_priority() -> str:
    """This process on SCHED_FIFO at ``$MODYN_REALTIME_PRIORITY`` (1-99) when that is set, as
    ros2_control's controller manager does with its ``thread_priority`` (50 there): the loop
    then runs as soon as its timer or message is due, whatever else the machine runs. Needs the
    permission (root, CAP_SYS_NICE, or an ``rtprio`` limit in /etc/security/limits.conf; see
    docs/running.md). Returns the sentence to log ("" when the variable is unset); a value that
    is not an integer in 1..99 raises :class:`ExecutorChoiceError` naming it; a refused
    permission is a warning, not an error (the process runs with the normal policy).
    """
    value = os.environ.get(REALTIME_PRIORITY_ENV, "").strip()
    if not value:
        return ""
    try:
        priority = int(value)
    except ValueError:
        priority = -1
    if not 1 <= priority <= 99:
        raise ExecutorChoiceError(
            f"{REALTIME_PRIORITY_ENV}={value!r}: expected an integer priority in 1..99"
        )
    try:
        os.sched_setscheduler(0, os.SCHED_FIFO, os.sched_param(priority))
    except (OSError, AttributeError) as exc:
        return (
            f"{REALTIME_PRIORITY_ENV}={priority}: SCHED_FIFO not granted ({exc}); running with "
            "the normal policy (docs/running.md: rtprio)"
        )
    return f"SCHED_FIFO priority {priority} ({REALTIME_PRIORITY_ENV})"


class StopRequest:
    """SIGINT/SIGTERM handling of a node process: records the signals, wakes the spin loop.

    Attributes
    ----------
    signum : int or None
        The first signal received; None while no stop was requested.
    count : int
        Signals received so far.
    installed : bool
        The handlers are installed (:meth:`install` was called from the main thread).
    """

    def __init__(self) -> None:
        self.signum: int | None = None
        self.count = 0
        self.installed = False
        self._wake: Callable[[], None] | None = None

    @property
    def requested(self) -> bool:
        """A stop was requested."""
        return self.signum is not None

    def __call__(self, signum: int, _frame) -> None:
        # the Python-level handler: runs in the main thread between two bytecodes, possibly in a
        # callback or inside rclpy, so it only records (no exception, no lock)
        self.count += 1
        if self.signum is None:
            self.signum = signum

    def install(self) -> bool:
        """Handle SIGINT and SIGTERM from now on; False (nothing done) outside the main thread.

        The kernel writes each signal's number to a pipe (``signal.set_wakeup_fd``); a daemon
        thread blocked on it calls the function given to :meth:`wake_with`.
        """
        if threading.current_thread() is not threading.main_thread():
            return False
        read_fd, write_fd = os.pipe()
        os.set_blocking(write_fd, False)  # required by set_wakeup_fd
        for signum in _STOP_SIGNALS:
            signal.signal(signum, self)
        signal.set_wakeup_fd(write_fd, warn_on_full_buffer=False)
        threading.Thread(
            target=self._wake_loop, args=(read_fd,), name="modyn-signal-wake", daemon=True
        ).start()
        self.installed = True
        return True

    def wake_with(self, wake: Callable[[], None] | None) -> None:
        """Call ``wake()`` (from the wake thread) on every signal; None: do nothing."""
        self._wake = wake

    def _wake_loop(self, read_fd: int) -> None:
        while os.read(read_fd, 64):
            wake = self._wake
            if wake is not None:
                try:
                    wake()
                except Exception:  # noqa: BLE001, S110 - the guard condition is being destroyed
                    pass

    def ignore_from_now_on(self) -> None:
        """SIG_IGN for SIGINT and SIGTERM (see the module docstring)."""
        if self.installed:
            for signum in _STOP_SIGNALS:
                signal.signal(signum, signal.SIG_IGN)


def _run_pending_signal_handlers() -> None:
    """Let Python run a handler whose signal has arrived but not been handled yet.

    CPython runs Python-level signal handlers at the entry of a Python function (and on backward
    jumps); calling this function is such an entry, so after it returns a signal that arrived
    before the call has been recorded by :class:`StopRequest`.
    """


def _init_rclpy(args: list[str] | None, own_handlers: bool) -> None:
    if own_handlers and SignalHandlerOptions is not None:
        rclpy.init(args=args, signal_handler_options=SignalHandlerOptions.NO)
    else:
        rclpy.init(args=args)


def run_node(
    factory: Callable[[], object],
    name: str,
    args: list[str] | None = None,
    config_errors: tuple[type[BaseException], ...] = (),
    runtime_errors: tuple[type[BaseException], ...] = (),
) -> int:
    """Create the node with ``factory()`` and spin it until SIGINT/SIGTERM; return the exit
    status (see the module docstring).

    ``config_errors`` are extra exception types meaning "bad configuration" (already logged by
    the node, or logged here); ``runtime_errors`` are fatal errors of a running node. A node with
    an ``on_shutdown()`` method has it called once when spinning ends, whatever ended it, while
    the node, its publishers and the context are still alive (e.g. to leave a robot in a safe
    state). The executor is chosen by :func:`resolve_executor` (``$MODYN_EXECUTOR``, the node's
    ``preferred_executor``, else the EventsExecutor).
    """
    return run_nodes([factory], name, args, config_errors, runtime_errors)


def watch_the_runner(environ=os.environ) -> bool:
    """Stop this process when the modyn runner that started it is gone.

    A runner stops its nodes on its way out; one that crashed or was SIGKILLed leaves them
    running, as orphans no one stops (L18: a runner's segmentation fault left a planar arm's
    four nodes in the test worker's ROS domain for minutes, and they answered the next test's
    goal). With ``$MODYN_RUNNER_PID`` the parent of this process at start-up, a daemon thread
    looks at the parent every ``RUNNER_POLL`` s; once it changed, the node gets SIGTERM (its
    own clean shutdown, as from the runner), and ``RUNNER_GRACE`` s later the process exits
    with status 1; a runner already gone when the node starts stops it at once. Nothing is
    watched under another parent while the runner lives (the intermediate process of a node
    forked by modyn_bringup.fork_server, which watches its owner itself), nor without the
    variable (``ros2 launch``, a shell). Returns whether it watches.
    """
    runner = environ.get(RUNNER_PID_ENV, "")
    if not runner.isdigit():
        return False
    parent = int(runner)
    if os.getppid() != parent:
        try:
            os.kill(parent, 0)
        except ProcessLookupError:
            pass  # the runner died while this node started (L18's test saw that): stop now
        else:
            return False  # another parent: not the runner's to watch

    def say() -> None:
        print(
            f"modyn: the runner (pid {parent}) is gone without stopping this node: SIGTERM",
            file=sys.stderr,
            flush=True,
        )

    stop_when_orphaned((parent,), RUNNER_POLL, RUNNER_GRACE, "runner_watch", before_stop=say)
    return True


def run_nodes(
    factories: list[Callable[[], object]],
    name: str,
    args: list[str] | None = None,
    config_errors: tuple[type[BaseException], ...] = (),
    runtime_errors: tuple[type[BaseException], ...] = (),
    executor_kind: str | None = None,
    intra_process: bool | None = None,
) -> int:
    """:func:`run_node` for several nodes in this one process and one executor (the composed
    mode, modyn_bringup.composed): each ``factories[i]()`` creates one node, in order; they
    stay separate nodes talking on topics. Spinning ends for all of them together; the
    ``on_shutdown`` hooks run in the order the nodes were created, then every node is destroyed.
    ``executor_kind``: see :func:`resolve_executor` (None: ``$MODYN_EXECUTOR``, else the
    nodes' preference, else :func:`default_executor`).

    ``intra_process``: the nodes' loop topics (those they create through
    :mod:`modyn_ros.intra_process`) are delivered between them by reference, without DDS. None
    (the default): on for several nodes with a single-threaded executor (``single`` or
    ``events``: local callbacks run from this thread's spin loop) unless ``$MODYN_INTRA_PROCESS``
    is ``0``; off for one node and for ``multi``.
    """
    # a crash in C (rclpy, the middleware, MuJoCo) writes every thread's Python stack to the
    # node's log before the process dies of its signal (L23a: a trajectory generator died of a
    # segmentation fault at start, its log empty)
    if not faulthandler.is_enabled():
        faulthandler.enable(file=sys.stderr, all_threads=True)
    # before rclpy starts its threads (DDS, the EventsExecutor's timers): they inherit it
    try:
        priority_note = apply_realtime_priority()
    except ExecutorChoiceError as exc:
        print(f"[FATAL] [{name}]: bad parameter: {exc}", file=sys.stderr, flush=True)
        return EXIT_CONFIG
    stop = StopRequest()
    own_handlers = stop.install()
    watch_the_runner()
    if own_handlers:
        faulthandler.register(STACK_DUMP_SIGNAL, file=sys.stderr, all_threads=True)
    _init_rclpy(args, own_handlers)
    context = rclpy.get_default_context()
    logger = rclpy.logging.get_logger(name)
    if priority_note:
        logger.warning(priority_note) if "not" in priority_note else logger.info(priority_note)
    nodes: list = []
    executor = None
    bus = None
    collect = SafePointCollector()
    status = 0
    try:
        # the kind asked for (argument or environment) is checked before any node exists
        asked = executor_kind or os.environ.get(EXECUTOR_ENV, "") or None
        if asked is not None:
            check_executor(asked)
        if intra_process is None:
            intra_process = (
                len(factories) > 1
                and asked != "multi"
                and os.environ.get(INTRA_PROCESS_ENV, "1") != "0"
            )
        bus = intra.enable() if intra_process else None
        for factory in factories:
            nodes.append(factory())
            _check_given_parameters(nodes[-1])
        # created after the nodes: a node's preferred_executor may depend on its parameters
        kind = resolve_executor(asked, nodes)
        if asked is None and kind != default_executor():
            logger.info(f"executor '{kind}': asked for by the node (preferred_executor)")
        executor = make_executor(kind)
        for node in nodes:
            executor.add_node(node)
        if isinstance(executor, SingleThreadedExecutor | MultiThreadedExecutor):
            stop.wake_with(nodes[0].create_guard_condition(lambda: None).trigger)
            timeout = None
        else:  # the EventsExecutor has no guard conditions: it looks at the stop 10x a second
            timeout = _EVENTS_STOP_POLL
        # the cyclic collector runs between callbacks, not inside the loop's (modyn_ros.heap)
        collect.start()
        if bus is None:
            while not stop.requested and context.ok():
                executor.spin_once(timeout_sec=timeout)
                collect()
        else:
            # local deliveries are scheduled by callbacks, so they can only appear after a
            # spin_once returned: look at them after each, and do not block while any wait
            spin_waiting = _waiting_spinner(executor)
            while not stop.requested and context.ok():
                if bus.pending:
                    bus.drain()
                    spin_waiting()
                else:
                    executor.spin_once(timeout_sec=timeout)
                if not bus.pending:
                    collect()
    except _CONFIG_ERRORS + config_errors + (ExecutorChoiceError,) as exc:
        logger.fatal(f"bad parameter: {exc}")
        status = EXIT_CONFIG
    except runtime_errors as exc:
        logger.fatal(f"fatal: {exc}")
        status = EXIT_RUNTIME
    except (KeyboardInterrupt, ExternalShutdownException):
        pass  # KeyboardInterrupt: only where rclpy's handlers could not be left out
    except Exception:
        # a take or a wait that a shutdown interrupted raises RuntimeError or one of rclpy's
        # errors; anything else is a real error
        _run_pending_signal_handlers()
        if not stop.requested and context.ok():
            raise
    finally:
        stop.wake_with(None)
        if stop.requested:
            logger.info(f"{signal.Signals(stop.signum).name} received: shutting down")
        collect.stop()
        _shutdown(
            nodes,
            executor,
            context,
            logger,
            quiet=stop.requested or not context.ok(),
            process_main=own_handlers,
        )
        if bus is not None:
            intra.disable()
        stop.ignore_from_now_on()
    return status


def _check_given_parameters(node) -> None:
    """Every parameter given to ``node`` (its overrides: parameter files, ``-p``) is one it
    declared; ParameterError naming the nearest declared name otherwise. rclpy keeps the
    overrides in ``Node._parameter_overrides`` (no public accessor); a node built otherwise is
    not checked."""
    given = getattr(node, "_parameter_overrides", None)
    if isinstance(given, dict) and hasattr(node, "has_parameter"):
        declared = [name for name in given if node.has_parameter(name)]
        declared += list(getattr(node, "_parameters", {}))
        check_parameter_names(node.get_name(), given, declared)


def _shutdown(nodes: list, executor, context, logger, quiet: bool, process_main: bool) -> None:
    """The nodes' ``on_shutdown`` hooks, then executor, nodes and rclpy, each step on its own:
    one that fails (e.g. on a context that is already shut down) does not skip the others.
    ``process_main``: this is the process's main (its signal handlers are ours): the teardown
    after the hooks is bounded by :data:`TEARDOWN_BOUND`."""
    for node in nodes:
        hook = getattr(node, "on_shutdown", None)
        if callable(hook) and not context.ok():
            logger.warning("the ROS context is already shut down: on_shutdown() not called")
        elif callable(hook):
            try:
                hook()
            except Exception as exc:  # noqa: BLE001 - reported, the shutdown goes on
                logger.error(f"on_shutdown: {type(exc).__name__}: {exc}")
    steps = []
    if executor is not None:
        steps.append(("executor shutdown", lambda: executor.shutdown(timeout_sec=1.0)))
    for node in nodes:
        steps.append(("destroy_node", node.destroy_node))
    steps.append(("rclpy shutdown", _try_shutdown))
    # the DDS teardown is bounded (modyn_ros.exit_timer: Fast DDS can deadlock in it when the
    # peers stop at the same moment); the hooks above are not: their work is the robot's
    bound = ExitTimer(TEARDOWN_BOUND) if process_main else None
    for what, step in steps:
        start = time.monotonic()
        try:
            step()
        except Exception as exc:  # noqa: BLE001 - see the docstring
            if not quiet:
                logger.warning(f"{what}: {type(exc).__name__}: {exc}")
        took = time.monotonic() - start
        if took > _SLOW_STEP and what != "rclpy shutdown":  # logging ends with rclpy
            # a launcher escalates to SIGKILL after a few seconds: say where the time went
            logger.warning(f"shutdown: {what} took {took:.1f} s")
    if bound is not None:
        bound.cancel()


def _try_shutdown() -> None:
    # rclpy's handlers were not installed: do not "uninstall" them (that briefly sets the
    # signals' action to the default, a window in which a late SIGINT would kill the process)
    try:
        rclpy.try_shutdown(uninstall_handlers=False)
    except TypeError:  # pragma: no cover - rclpy without the argument
        rclpy.try_shutdown()
