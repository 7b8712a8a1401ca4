"""pytest set-up of the whole repository: launch tests collected by any pytest from 7 to 9.

Why: launch_testing registers a pytest plugin (entry point ``launch_testing``; launch_testing_ros
adds ``launch_ros``, which hooks into it) that turns a test file whose
``generate_test_description`` is marked ``@pytest.mark.launch_test`` into a launch test. Up to
launch_testing 3.7.1 (and Jazzy's 3.4.11, Kilted's 3.8.8) its hook is
``pytest_pycollect_makemodule(path, parent)``, and pytest 9 removed the ``path`` (py.path)
argument: the plugin fails to register (``PluginValidationError``, ros2/launch#979) and every
pytest run where launch_testing is installed dies before collecting. Upstream fixed it in
ros2/launch#972/#974 (Jazzy launch_testing 3.4.12, Kilted 3.8.9, launch_testing_ros 0.26.13 /
0.28.7), but an installed ROS may be older.

What: pyproject.toml disables both plugins (``-p no:launch_testing -p no:launch_ros``; a name
that is not installed is ignored), and this file does the one thing of theirs the project needs,
with the hook signature of pytest >= 7: a test file whose top-level ``generate_test_description``
carries a ``launch_test`` mark becomes launch_testing's own ``LaunchTestModule``, so it runs
under launch_testing's runner exactly as through the plugin (``--launch-args`` included). The
file is recognised from its syntax tree, without importing it. Where launch_testing is not
importable the file is collected as an ordinary module, whose ``pytest.importorskip`` then
reports it as skipped. Should the plugin be active anyway (a pytest invoked without this
repository's configuration), this file stays out of its way.
"""

from __future__ import annotations

import ast
import contextlib
import fcntl
import os
import tempfile
import time
from pathlib import Path

import pytest

# --------------------------------------------------------------------------------------------
# One ROS domain per test process. Tests run in parallel (pytest-xdist workers, and a second
# `make test` beside this one): two processes in one domain would see each other's topics (every
# system uses the same names). Each pytest process, before any rclpy is initialised, claims a
# domain by an exclusive lock on a file of its own in the temporary directory, starting from the
# ROS_DOMAIN_ID it was given (the Makefile's per-run one) and taking the next free one; the lock
# lives as long as the process, and the nodes it starts inherit the domain.
# --------------------------------------------------------------------------------------------

_DOMAIN_LOCKS: list = []


def _claim_ros_domain() -> int:
    given = os.environ.get("ROS_DOMAIN_ID", "")
    preferred = int(given) if given.isdigit() else os.getpid() % 100 + 1
    worker = os.environ.get("PYTEST_XDIST_WORKER", "")  # gw0, gw1, ... under xdist
    if worker.startswith("gw") and worker[2:].isdigit():
        preferred += 1 + int(worker[2:])  # the controller keeps the given one
    directory = Path(tempfile.gettempdir()) / "modyn-ros-domains"
    directory.mkdir(exist_ok=True)
    # ids 1..101 are valid for every RMW on Linux; 0 is left to interactive use
    for k in range(101):
        domain = (preferred - 1 + k) % 101 + 1
        handle = open(directory / f"{domain}.lock", "w")  # noqa: SIM115 - held for the process
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            handle.close()
            continue
        _DOMAIN_LOCKS.append(handle)
        return domain
    return preferred  # every id taken by a live test process: share, as before


os.environ["ROS_AUTOMATIC_DISCOVERY_RANGE"] = os.environ.get(
    "ROS_AUTOMATIC_DISCOVERY_RANGE", "LOCALHOST"
)
os.environ["ROS_DOMAIN_ID"] = str(_claim_ros_domain())
# modyn's Fast DDS profile for this process and the ones it starts (modyn_bringup/dds.py: the
# TypeLookup service crashed node processes at start-up), before any test makes a node
if not os.environ.get("FASTDDS_DEFAULT_PROFILES_FILE"):
    os.environ["FASTDDS_DEFAULT_PROFILES_FILE"] = str(
        Path(__file__).resolve().parent / "config" / "dds" / "fastdds_profile.xml"
    )

_PLUGIN = "launch_testing"


def _is_launch_test(path: Path) -> bool:
    """True if ``path`` defines ``generate_test_description`` decorated ``...launch_test``."""
    try:
        tree = ast.parse(path.read_bytes(), filename=str(path))
    except (OSError, SyntaxError, ValueError):
        return False  # pytest's own collection reports an unreadable file
    for stmt in tree.body:
        if isinstance(stmt, ast.FunctionDef) and stmt.name == "generate_test_description":
            for decorator in stmt.decorator_list:
                target = decorator.func if isinstance(decorator, ast.Call) else decorator
                if isinstance(target, ast.Attribute) and target.attr == "launch_test":
                    return True
    return False


def pytest_addoption(parser, pluginmanager):
    if not pluginmanager.has_plugin(_PLUGIN):
        parser.addoption(
            "--launch-args",
            action="append",
            nargs="*",
            default=[],
            help="arguments passed to the launch description of launch tests (launch_testing)",
        )


def pytest_configure(config):
    _hang_log()  # MODYN_TEST_RUN for this run, inherited by the xdist workers
    # the systems this process starts fork their nodes from a preloaded interpreter
    # (modyn_bringup.fork_server: 0.7 CPU-s less per node); a system started through the
    # modyn_system command (a runner process of its own, as a user runs it) still starts the
    # console scripts. MODYN_TEST_FORK=0 starts every node from its script here too.
    if os.environ.get("MODYN_TEST_FORK", "1") != "0":
        try:
            from modyn_bringup import runner
        except ImportError:  # the workspace is not built or sourced: no system test runs
            pass
        else:
            runner.FORK_NODES = True
    if not config.pluginmanager.has_plugin(_PLUGIN):
        config.addinivalue_line(
            "markers",
            "launch_test: mark a generate_test_description function as a launch test entrypoint",
        )


@pytest.hookimpl(tryfirst=True)
def pytest_pycollect_makemodule(module_path: Path, parent):
    if parent.config.pluginmanager.has_plugin(_PLUGIN) or not _is_launch_test(module_path):
        return None
    try:
        from launch_testing.pytest.hooks import LaunchTestModule
    except ImportError:
        return None  # an ordinary module: its importorskip reports the skip
    return LaunchTestModule.from_parent(parent=parent, path=module_path)


# --------------------------------------------------------------------------------------------
# Test tiers (docs/testing.md). Every test belongs to exactly one tier, by cost:
#
#   unit      the libraries against their independent references (models, laws, trajectories,
#             plants, supervisors): no rclpy context, no process
#   loop      a closed loop in one process: law + plant + schedule + supervisor stepped together,
#             no DDS, deterministic
#   node      one or two nodes in this process with a tester node over DDS (a real rclpy context)
#   system    real processes over DDS (the runner, launch, the command-line tools)
#   scenario  the papers' long reproductions and the minutes-long repeats
#
# A module or test states its tier with a marker (``pytestmark = pytest.mark.system``); a test
# that states none is ``node`` when it takes an rclpy fixture, else ``unit``. ``make test`` runs
# every tier in this order (the scenario tier last); ``make test-<tier>`` runs one.
# --------------------------------------------------------------------------------------------

TIERS = ("unit", "loop", "node", "system", "scenario")

#: fixtures that give a test a live rclpy context: such a test is at least a node test
_NODE_FIXTURES = frozenset({"ros", "ros_context", "make_loop"})
_TIER_KEY = pytest.StashKey[str]()


def _tier_of(item) -> str:
    stated = [m.name for m in item.iter_markers() if m.name in TIERS]
    if stated:
        # iter_markers yields the closest first: a test's own marker wins over its module's
        return stated[0]
    if _NODE_FIXTURES.intersection(getattr(item, "fixturenames", ())):
        return "node"
    return "unit"


def _module_fixtures(path: Path) -> dict[str, bool]:
    """{test name: whether a fixture it shares is parametrized} for the module-level tests of
    ``path`` that use (directly or through the module's other fixtures) a fixture of that module
    with ``scope="module"``; read from the syntax tree (the xdist controller imports no test)."""
    try:
        tree = ast.parse(path.read_bytes(), filename=str(path))
    except (OSError, SyntaxError, ValueError):
        return {}
    functions = {n.name: n for n in tree.body if isinstance(n, ast.FunctionDef)}
    shared: dict[str, bool] = {}  # module-scoped fixture -> parametrized
    for name, node in functions.items():
        for decorator in node.decorator_list:
            if not isinstance(decorator, ast.Call):
                continue
            words = {k.arg: k.value for k in decorator.keywords}
            scope = words.get("scope")
            if isinstance(scope, ast.Constant) and scope.value in ("module", "package"):
                shared[name] = "params" in words

    def uses(name: str, seen: frozenset = frozenset()) -> set[str]:
        node = functions.get(name)
        if node is None or name in seen:
            return set()
        found: set[str] = set()
        for arg in node.args.args:
            if arg.arg in shared:
                found.add(arg.arg)
            found |= uses(arg.arg, seen | {name})
        return found

    out = {}
    for name in functions:
        if name.startswith("test"):
            used = uses(name)
            if used:
                out[name] = any(shared[f] for f in used)
    return out


_MODULE_FIXTURES: dict[str, dict[str, bool]] = {}


def _work_unit(nodeid: str, rootpath: Path) -> str:
    """The xdist work unit of a test: the test itself, or, for a test that shares a
    module-scoped fixture of its module (an episode run once and checked by several tests), the
    module and the test's parameters, so that the fixture is made once per parameter."""
    module, sep, rest = nodeid.partition("::")
    if not sep or not module.endswith(".py"):
        return nodeid
    if module not in _MODULE_FIXTURES:
        _MODULE_FIXTURES[module] = _module_fixtures(rootpath / module)
    name, _, params = rest.partition("[")
    parametrized = _MODULE_FIXTURES[module].get(name)
    if parametrized is None:
        return nodeid
    return f"{module}::shared" + (f"[{params}" if parametrized and params else "")


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config, log):
    """``--dist loadgroup`` (the Makefile's): each work unit of :func:`_work_unit` on one
    worker, the units handed out in collection order (the tiers' order). xdist's own loadgroup
    reads ``xdist_group`` marks through a node id rename that pytest 9 no longer honours."""
    if config.getvalue("dist") != "loadgroup":
        return None
    from xdist.scheduler import LoadScopeScheduling

    class SharedFixtureScheduling(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            return _work_unit(nodeid, config.rootpath)

        def _reschedule(self, node) -> None:
            """One test queued behind the running one, not two (xdist's heuristic): at the
            end of the run a worker holding two minute-long tests after its running one leaves
            the others idle."""
            if node.shutting_down:
                return
            if node not in self.registered_collections:
                # a replacement worker still collecting (L17: the watchdog took three workers
                # at once; xdist rescheduled every node when the first replacement had
                # collected, and the second one's missing collection was an INTERNALERROR that
                # ended the run): it is scheduled when its own collection is in
                return
            if not self.workqueue:
                node.shutdown()
                return
            if self._pending_of(self.assigned_work[node]) > 1:
                return
            self._assign_work_unit(node)

        def remove_node(self, node):
            """A worker gone: the rest of its units go to the others, without the test it
            was running (LoadScopeScheduling sends that one again: a test that hung and was
            stopped by the watchdog took a second worker down, then the run stalled)."""
            workload = self.assigned_work.pop(node)
            running = next(
                ((unit, nodeid) for unit in workload.values()
                 for nodeid, done in unit.items() if not done),
                None,
            )  # fmt: skip
            if running is None:
                return None  # it had finished its work
            unit, crashitem = running
            unit[crashitem] = True  # reported as failed by xdist, not run again
            self.workqueue.update(
                {scope: u for scope, u in workload.items() if not all(u.values())}
            )
            for other in self.assigned_work:
                self._reschedule(other)
            return crashitem

    config.option.loadscopereorder = False  # keep the tiers' order
    return SharedFixtureScheduling(config, log)


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(session, config, items):
    """Give each test its tier marker and run the tiers in order, cheapest first."""
    order = {tier: k for k, tier in enumerate(TIERS)}
    for item in items:
        tier = _tier_of(item)
        item.stash[_TIER_KEY] = tier
        if not any(m.name == tier for m in item.iter_markers()):
            item.add_marker(getattr(pytest.mark, tier))
    # a stable sort: within a tier the collection order (files, then definitions) is kept;
    # the real-time tests lead their tier, one after another, so that they wait for the end of
    # short tests, not of a minute-long fixture, to have the machine (see below)
    items.sort(
        key=lambda item: (
            order[item.stash[_TIER_KEY]],
            item.get_closest_marker("realtime") is None,
        )
    )


# --------------------------------------------------------------------------------------------
# Real-time tests have the machine to themselves. A test marked ``realtime`` (a plant on the
# wall clock, a watchdog of a fraction of a second, a cost measured in wall time) asserts what an
# unloaded machine promises; it runs while no other modyn test runs on this machine, in this
# run's other workers or in another run beside it: it holds an exclusive lock that every other
# test holds shared. A writer's intent lock keeps the shared holders from starving it. Its
# report carries the machine's load when it started and ended.
# --------------------------------------------------------------------------------------------

_LOCK_DIR = Path(tempfile.gettempdir()) / "modyn-tests"


def _load() -> str:
    one, five, _ = os.getloadavg()
    return f"load average {one:.2f} (1 min), {five:.2f} (5 min) on {os.cpu_count()} cores"


#: the locks a real-time test holds, kept for the next test when it is a real-time one too
_EXCLUSIVE: list = []


def _is_realtime(item) -> bool:
    return item is not None and item.get_closest_marker("realtime") is not None


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    exclusive = _is_realtime(item)
    _LOCK_DIR.mkdir(exist_ok=True)
    if exclusive and not _EXCLUSIVE:
        intent = open(_LOCK_DIR / "realtime-intent.lock", "a")  # noqa: SIM115 - held across tests
        machine = open(_LOCK_DIR / "machine.lock", "a")  # noqa: SIM115
        fcntl.flock(intent, fcntl.LOCK_EX)  # no new test starts from now on ...
        fcntl.flock(machine, fcntl.LOCK_EX)  # ... and the running ones end
        _EXCLUSIVE[:] = [intent, machine]
    if exclusive:
        item.add_report_section("setup", "machine", f"exclusive from {_load()}")
        try:
            yield
        finally:
            # the next real-time test of this worker keeps the machine: between the two, a test
            # of the other worker could start a minute-long fixture and make it wait that long
            keep = _is_realtime(nextitem)
            what = "kept for the next real-time test" if keep else "released"
            item.add_report_section("teardown", "machine", f"{what} at {_load()}")
            if not keep:
                for lock in _EXCLUSIVE:
                    lock.close()  # closing the files releases both locks
                _EXCLUSIVE.clear()
        return
    with (
        _system_slot(item) as slot,
        open(_LOCK_DIR / "realtime-intent.lock", "a") as intent,
        open(_LOCK_DIR / "machine.lock", "a") as machine,
    ):
        if slot:
            item.add_report_section("setup", "machine", slot)
        fcntl.flock(intent, fcntl.LOCK_SH)  # waits while a real-time test wants the machine
        fcntl.flock(machine, fcntl.LOCK_SH)
        fcntl.flock(intent, fcntl.LOCK_UN)
        yield  # closing the files releases the lock


# --------------------------------------------------------------------------------------------
# System slots. A system or scenario test runs node processes (four to six, each busy in a
# lockstep loop); two suites side by side ran six such tests at once and drove the load average
# to 37-49 on the 2-core machine (L16), where a Python process waits seconds for a core and the
# plants' wall-clock watchdogs (2 s) fire. So such a test holds one of MODYN_TEST_SYSTEM_SLOTS
# machine-wide slots (default: cores + 1, the workers of one suite: a suite alone never waits);
# with a second suite beside it, the two share the slots instead of doubling the load.
# --------------------------------------------------------------------------------------------

_SYSTEM_SLOTS = int(os.environ.get("MODYN_TEST_SYSTEM_SLOTS", str((os.cpu_count() or 1) + 1)))


@contextlib.contextmanager
def _system_slot(item):
    """Hold a machine-wide slot for a system or scenario test (see above); yields what to report
    ("" for another test, or with slots off)."""
    if _SYSTEM_SLOTS <= 0 or item.stash.get(_TIER_KEY, "unit") not in ("system", "scenario"):
        yield ""
        return
    waited = time.monotonic()
    while True:
        for k in range(_SYSTEM_SLOTS):
            handle = open(_LOCK_DIR / f"system-slot-{k}.lock", "a")  # noqa: SIM115 - held below
            try:
                fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                handle.close()
                continue
            try:
                yield (
                    f"system slot {k} of {_SYSTEM_SLOTS} after "
                    f"{time.monotonic() - waited:.1f} s ({_load()})"
                )
            finally:
                handle.close()  # releases the slot
            return
        time.sleep(0.2)


# --------------------------------------------------------------------------------------------
# A test that hangs is stopped, named, and the run goes on. Seen once (L12, two suites side by
# side): a node's destroy_node() in a fixture's teardown never returned, Fast DDS's participant
# destruction spinning in DomainParticipant::set_listener while its discovery thread waited on
# the participant's mutex, with the GIL held: no Python timeout (a thread, SIGALRM) can run in
# that process, and every other test of the machine waited on its machine lock. Each pytest
# process therefore has a watchdog process: when one test (setup, call and teardown) has run for
# MODYN_TEST_HANG_LIMIT s (default 900; the longest test here takes about 90 s quiet, 300 s at
# load 20) it writes what hung to stderr and to hangs-<run>.log, and kills the test process and
# its descendants (node processes, fork servers); pytest-xdist reports the worker down and that
# test failed, starts a new worker, and this run's summary names the hung test.
# --------------------------------------------------------------------------------------------

_HANG_LIMIT = float(os.environ.get("MODYN_TEST_HANG_LIMIT", "900"))
#: the limit of a unit, loop or node test (s): the longest took 57 s at load 49 (L16b); a hung
#: one holds the machine lock shared, and every real-time test of both suites waits on it (L17:
#: a node test's teardown deadlocked in Fast DDS, 15 minutes of both suites stood still)
_HANG_LIMIT_QUICK = min(_HANG_LIMIT, float(os.environ.get("MODYN_TEST_HANG_LIMIT_QUICK", "300")))
_HEARTBEAT: list = []  # the file this process writes "<start time> <test id>" to
_STACKS: list = []  # the open file faulthandler writes this process's stacks to on SIGUSR2

_WATCHDOG = r"""
import os, signal, sys, time
pid, beat, log, limit = int(sys.argv[1]), sys.argv[2], sys.argv[3], float(sys.argv[4])
stacks = sys.argv[5]  # where the test process writes its threads' stacks on SIGUSR2

def descendants(root):
    children = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    ppid = int(f.read().rsplit(")", 1)[1].split()[1])
            except (OSError, ValueError, IndexError):
                continue
            children.setdefault(ppid, []).append(int(entry))
    out, todo = [], [root]
    while todo:
        p = todo.pop()
        out.append(p)
        todo.extend(children.get(p, []))
    return out

while True:
    time.sleep(5.0)
    try:
        os.kill(pid, 0)
    except OSError:
        sys.exit(0)  # the test process ended
    try:
        with open(beat) as f:
            text = f.read().strip()
    except OSError:
        continue
    if not text:
        continue
    started, own_limit, test = text.split(" ", 2)
    limit = float(own_limit)  # the test's tier's (the command line's is the default)
    if time.time() - float(started) < limit:
        continue
    load = os.getloadavg()
    line = (f"modyn test watchdog: {test} ran for more than {limit:g} s (load average "
            f"{load[0]:.2f}, {load[1]:.2f}): the test process {pid} and its descendants are "
            "killed (conftest.py, 'A test that hangs')")
    # what the test process was doing: every thread's Python stack (faulthandler, registered
    # by pytest_sessionstart; L27a: two tests hung 900 s and nothing said where)
    try:
        os.kill(pid, signal.SIGUSR2)
        time.sleep(2.0)
        with open(stacks) as f:
            dump = f.read().strip()
    except OSError:
        dump = ""
    if dump:
        line += "\n  where the test process was (its threads, most recent call first):\n" + dump
    print(line, file=sys.stderr, flush=True)
    with open(log, "a") as f:
        f.write(line + "\n")
    procs = [p for p in descendants(pid) if p != os.getpid()]  # not this watchdog
    # the test process frozen first: with its child killed and itself still running, it could
    # end the test and report it passed before its own kill (Q22, load 16.7: the hung test
    # counted passed, then failed as the crash, and the run had 7 outcomes for 6 tests)
    try:
        os.kill(pid, signal.SIGSTOP)
    except OSError:
        pass
    for p in reversed(procs):  # the leaves first, the test process last
        try:
            os.kill(p, signal.SIGKILL)
        except OSError:
            pass
    try:
        os.unlink(beat)
    except OSError:
        pass
    sys.exit(0)
"""


def _hang_log() -> Path:
    """This run's record of hung tests (the workers inherit the controller's MODYN_TEST_RUN)."""
    return _LOCK_DIR / f"hangs-{os.environ.setdefault('MODYN_TEST_RUN', str(os.getpid()))}.log"


@pytest.hookimpl(trylast=True)
def pytest_sessionstart(session):
    config = session.config
    if _HANG_LIMIT <= 0 or (
        getattr(config.option, "numprocesses", None) and not hasattr(config, "workerinput")
    ):
        return  # off, or an xdist controller (its workers run the tests)
    import subprocess
    import sys

    _LOCK_DIR.mkdir(exist_ok=True)
    beat = _LOCK_DIR / f"heartbeat-{os.getpid()}"
    beat.write_text("")
    _HEARTBEAT.append(beat)
    # the watchdog asks for this process's stacks before it kills it (SIGUSR2: node processes
    # keep SIGUSR1 for their own dump, modyn_ros.node_main); a file, not stderr, which pytest
    # captures during a test
    import faulthandler
    import signal

    stacks = _LOCK_DIR / f"stacks-{os.getpid()}"
    _STACKS.append(open(stacks, "w"))  # noqa: SIM115 - open until the process ends
    faulthandler.register(signal.SIGUSR2, file=_STACKS[0], all_threads=True)
    subprocess.Popen(  # noqa: S603 - our own interpreter and script
        [sys.executable, "-c", _WATCHDOG, str(os.getpid()), str(beat),
         str(_hang_log()), str(_HANG_LIMIT), str(stacks)],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,  # stderr is the test process's: the line goes to its log
        start_new_session=True,  # not in the test's process group: it outlives what it kills
    )  # fmt: skip


# --------------------------------------------------------------------------------------------
# The run's timeline (MODYN_TEST_TIMELINE=dir): each test process appends, per test, its wall
# start and end; the summary says how long the workers took to collect, how long each was busy
# and how long the run's tail was (one worker left). Where the wall time goes, not the CPU's.
# --------------------------------------------------------------------------------------------

_TIMELINE = os.environ.get("MODYN_TEST_TIMELINE", "")
_SESSION_BEGUN = time.time()  # the controller's import of this file: pytest has just started


def _timeline_write(line: str) -> None:
    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
    with open(Path(_TIMELINE) / f"{worker}.tsv", "a") as out:
        out.write(line + "\n")


def pytest_collection_finish(session):
    if _TIMELINE:
        Path(_TIMELINE).mkdir(parents=True, exist_ok=True)
        _timeline_write(f"collected\t{time.time():.3f}\t{len(session.items)}")


@pytest.hookimpl(hookwrapper=True, tryfirst=True, specname="pytest_runtest_protocol")
def pytest_runtest_protocol_heartbeat(item, nextitem):
    # where the test runs (an xdist controller only relays the workers' reports)
    if _HEARTBEAT:
        quick = item.stash.get(_TIER_KEY, "unit") in ("unit", "loop", "node")
        limit = _HANG_LIMIT_QUICK if quick else _HANG_LIMIT
        _HEARTBEAT[0].write_text(f"{time.time()} {limit:g} {item.nodeid}")
    start, cpu = time.time(), _cpu_seconds()
    try:
        yield
    finally:
        if _HEARTBEAT:
            _HEARTBEAT[0].write_text("")
        if _TIMELINE:
            used = _cpu_seconds() - cpu
            _timeline_write(f"test\t{start:.3f}\t{time.time():.3f}\t{item.nodeid}\t{used:.3f}")


def _cpu_seconds() -> float:
    """CPU seconds (user + system) of this process and of its children that have ended (the
    node processes of a test, reaped when it stops them)."""
    import resource

    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def _timeline_summary(begun: float) -> list[str]:
    """The lines of the timeline's summary (see above)."""
    workers = {}
    for path in sorted(Path(_TIMELINE).glob("*.tsv")):
        rows = [line.split("\t") for line in path.read_text().splitlines()]
        collected = [float(r[1]) for r in rows if r[0] == "collected"]
        tests = [(float(r[1]), float(r[2]), r[3], float(r[4])) for r in rows if r[0] == "test"]
        if tests:
            workers[path.stem] = (collected[0] if collected else tests[0][0], tests)
    if not workers:
        return ["no test ran"]
    end = max(t[1] for _, tests in workers.values() for t in tests)
    lines = [f"wall {end - begun:.0f} s from the start of pytest to the end of the last test"]
    for name, (collected, tests) in workers.items():
        busy = sum(t[1] - t[0] for t in tests)
        longest = max(tests, key=lambda t: t[1] - t[0])
        lines.append(
            f"{name}: collected at {collected - begun:.0f} s, {len(tests)} tests, busy "
            f"{busy:.0f} s, done at {tests[-1][1] - begun:.0f} s (longest {longest[1] - longest[0]:.0f}"
            f" s: {longest[2]})"
        )
    ends = sorted(tests[-1][1] for _, tests in workers.values())
    if len(ends) > 1:
        lines.append(f"tail: {ends[-1] - ends[-2]:.0f} s with one worker left")
    every = [t for _, tests in workers.values() for t in tests]
    lines.append(
        f"CPU: {sum(t[3] for t in every):.0f} s in the tests (their node processes included); "
        "the most:"
    )
    for t in sorted(every, key=lambda t: -t[3])[:15]:
        lines.append(f"  {t[3]:7.1f} s CPU, {t[1] - t[0]:6.1f} s wall  {t[2]}")
    return lines


def pytest_sessionfinish(session, exitstatus):
    for beat in _HEARTBEAT:
        beat.unlink(missing_ok=True)
    for stacks in _STACKS:
        stacks.close()
        Path(stacks.name).unlink(missing_ok=True)


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    if hasattr(config, "workerinput"):
        return
    if _TIMELINE and Path(_TIMELINE).is_dir():
        terminalreporter.section(f"timeline ({_TIMELINE})")
        for line in _timeline_summary(_SESSION_BEGUN):
            terminalreporter.write_line(line)
    log = _hang_log()
    if log.exists():
        terminalreporter.section("tests stopped by the hang watchdog")
        for line in log.read_text().splitlines():
            terminalreporter.write_line(line)
