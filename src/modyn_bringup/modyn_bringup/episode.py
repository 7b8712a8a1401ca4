"""Run a system, send goals, record what happened: the engine of the demo, tests and benchmarks.

An episode starts a system with the runner, waits for the plant, asks the trajectory
generator's ``~/plan`` service (modyn_interfaces/srv/PlanMotion) to plan each goal (a list of
waypoint vectors in the model's joint order, or a tool pose) stamped with an explicit start time
in sim time (``lead`` after the previous motion): the answer carries the verdict and the plan
itself, no status text is read back. It checks that the controller holds each plan before its
start (its report on ``goal_status``), records every ``joint_states`` message, every
``trajectory`` and every ``goal_status`` report, and stops the system. The states come from
hardware_interface's own ``state_log`` (every published state, each stamp once, none lost
however loaded the machine), over the span the episode's subscription saw.
That subscription follows the plant's ``/clock`` on a sim-time system (every 10 ms of plant
time, not every state: it costs this process, on the machine whose loop it measures, a tenth of
the callbacks), else ``joint_states``, which also stands in for a log left incomplete by a
killed hardware_interface; on ``/clock`` such a log gives the states it holds (its last 64 KiB
buffer, about 0.3 s at 1 kHz for six joints, is lost with the process).
:class:`Episode` holds the arrays; :func:`tracking_errors` compares them with the desired
motion; :func:`trajectory_events` lists what the controller reported.
"""

from __future__ import annotations

import dataclasses
import struct
import tempfile
import time
import warnings
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import rclpy
from builtin_interfaces.msg import Duration, Time
from diagnostic_msgs.msg import DiagnosticArray, DiagnosticStatus
from rclpy.executors import SingleThreadedExecutor
from rclpy.node import Node
from rclpy.parameter import Parameter
from rclpy.qos import HistoryPolicy, QoSProfile, ReliabilityPolicy
from rclpy.serialization import deserialize_message
from rosgraph_msgs.msg import Clock
from sensor_msgs.msg import JointState
from trajectory_msgs.msg import JointTrajectory, JointTrajectoryPoint

from modyn_control.trajectory_queue import ENDING_EVENTS
from modyn_hardware.state_log import read_state_log
from modyn_interfaces.srv import PlanMotion
from modyn_model import load_model
from modyn_ros.diagnostics import level_of
from modyn_ros.qos import LATCHED_QOS, STATUS_QOS, TRAJECTORY_QOS

from .plan_call import plan_goal
from .runner import SystemRunner
from .system import BringupError, SystemSpec

__all__ = [
    "Goal",
    "Episode",
    "run_episode",
    "common_stamps",
    "tracking_errors",
    "trajectory_events",
]

#: the recorder's reader queue: it may lag the 1 kHz plant for a moment, and every sample counts
RECORDER_QOS = QoSProfile(
    history=HistoryPolicy.KEEP_LAST, depth=2000, reliability=ReliabilityPolicy.RELIABLE
)


@dataclass
class Goal:
    """Waypoints (m, nq) in the model's coordinate order; ``times`` from start (s) or None (minimum time).

    With ``pose`` = (position (3,) m, quaternion (x, y, z, w)) in the base frame the goal is a
    ``goal_pose`` (the generator's straight line for its ``tip_frame``) and ``waypoints`` is
    unused.
    """

    waypoints: list[list[float]] = field(default_factory=list)
    times: list[float] | None = None
    pose: tuple[list[float], list[float]] | None = None


#: wall s after the controller reported the first trajectory pending, with the plant still at
#: t_0 and saying "0 effort_command publisher(s) matched, 0 in the ROS graph", after which the
#: system is started again, once: DDS under load left the plant's reader without the
#: controller's writer (docs/testing.md "A reader that never matches a writer"); the plant
#: itself makes its reader anew when the graph has the writer (hardware_interface)
UNMATCHED_RESTART_AFTER = 15.0
#: s of wall time after which a start-up whose nodes all run but which this process still does
#: not see (no state, or the generator's ~/plan server, the feed-forward's trajectory writer or
#: the controller's effort_command writer not matched) is started once more: a DDS reader that never matches its writer (L10: 120 s
#: with every node up and the plant republishing t_0 2358 times)
START_RESTART_AFTER = 45.0


class _LoopNeverClosed(BringupError):
    """The plant never matched the controller's command writer, or this process never matched
    the system at start-up (restarted once)."""


def _unmatched_line(log: str) -> str | None:
    """The plant's last "waiting for the first effort_command" line of ``log`` if it says that
    no publisher is matched, else None."""
    said = [line for line in log.splitlines() if "effort_command publisher(s) matched" in line]
    if said and " 0 effort_command publisher(s) matched" in said[-1]:
        return said[-1].strip()
    return None


@dataclass
class Episode:
    """What one run recorded (arrays in the model's coordinate order, times in plant seconds)."""

    joint_names: list[str]
    t: np.ndarray
    q: np.ndarray
    v: np.ndarray
    effort: np.ndarray
    trajectories: list = field(default_factory=list)  # trajectory_msgs/JointTrajectory
    wall_time: float = 0.0  # s from sending the first goal to the end (includes start-up)
    sim_time: float = 0.0  # plant s from the first goal's start to the end
    diagnostics: dict = field(default_factory=dict)  # last values per node
    #: every goal_status report, in order: dicts with name, level, message, values
    statuses: list = field(default_factory=list)
    #: every /diagnostics status: (monotonic receipt s, name, level, message, {key: value})
    diagnostics_log: list = field(default_factory=list)
    #: every hardware_status: (monotonic receipt s, name, level, message)
    hardware_log: list = field(default_factory=list)

    wall: np.ndarray | None = None  # monotonic receipt time of each joint_states (s)
    t_first_goal: float = 0.0  # plant time of the first goal's start (s)
    #: run_episode(topic_log=True): the MCAP file hardware_interface wrote of every message of
    #: its per-step topics and every effort_command it received (modyn_ros.topic_log)
    topic_log: Path | None = None
    #: why the system was started a second time, if it was (:data:`UNMATCHED_RESTART_AFTER`)
    restarted: str = ""

    def _motion(self) -> np.ndarray:
        return self.t >= self.t_first_goal

    plant_rate: float = 0.0  # Hz, set when steps/s must come from plant time (no states kept)

    @property
    def steps_per_second(self) -> float:
        """Plant steps per wall second from the first goal's start to the end."""
        if self.plant_rate > 0:
            return self.real_time_factor * self.plant_rate
        w = self.wall[self._motion()]
        return (len(w) - 1) / (w[-1] - w[0]) if len(w) > 1 and w[-1] > w[0] else 0.0

    @property
    def real_time_factor(self) -> float:
        """Plant seconds per wall second over the same span."""
        m = self._motion()
        t, w = self.t[m], self.wall[m]
        return (t[-1] - t[0]) / (w[-1] - w[0]) if len(w) > 1 and w[-1] > w[0] else 0.0


def _raw_stamp(raw: bytes) -> float:
    """header.stamp (s) of a serialized JointState without decoding it.

    CDR: a 4-byte encapsulation header (byte 1 is 1 for little endian), then the Header, whose
    first fields are stamp.sec (int32) and stamp.nanosec (uint32).
    """
    sec, nanosec = struct.unpack_from("<iI" if raw[1] == 1 else ">iI", raw, 4)
    return sec + nanosec * 1e-9


def _decode_states(records: list, names: list[str]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Positions, velocities, efforts (N, n) in ``names`` order from the recorded messages."""
    n = len(names)
    q, v, effort = (np.zeros((len(records), n)) for _ in range(3))
    index: dict = {}
    for i, (stamp, raw, _) in enumerate(records):
        msg = deserialize_message(raw, JointState)
        if i == 0:  # the stamp read straight from the bytes is the decoded one
            assert abs(_seconds(msg.header.stamp) - stamp) < 1e-9, "CDR stamp layout"
        key = tuple(msg.name)
        if key not in index:
            index[key] = np.array([list(msg.name).index(x) for x in names])
        idx = index[key]
        q[i] = np.asarray(msg.position)[idx]
        v[i] = np.asarray(msg.velocity)[idx]
        if len(msg.effort):
            effort[i] = np.asarray(msg.effort)[idx]
    return q, v, effort


def _read_state_log(
    path: Path, names: list[str], records: list, partial: bool = False
) -> tuple | None:
    """(t, wall, q, v, effort) of every state hardware_interface published over the span the
    subscription saw (up to its last stamp), each stamp once, in ``names`` order; None when the
    log is missing or does not reach that span (a node killed before its buffer was written),
    unless ``partial``: then what it holds (the subscription follows /clock, no states)."""
    if not records or not path.is_file():
        return None
    try:
        log = read_state_log(path).first_of_each_stamp()
    except ValueError:
        return None
    last = int(round(records[-1][0] * 1e9))
    if not len(log.stamp_ns) or (log.stamp_ns[-1] < last and not partial):
        return None
    try:
        idx = np.array([log.names.index(x) for x in names])
    except ValueError:
        return None
    keep = log.stamp_ns <= last
    effort = log.effort[keep][:, idx] if len(log.effort_names) else np.zeros((keep.sum(), len(idx)))
    return (
        log.stamp_ns[keep] * 1e-9,
        log.wall_ns[keep] * 1e-9,  # CLOCK_MONOTONIC: the same clock as time.monotonic() here
        log.position[keep][:, idx],
        log.velocity[keep][:, idx],
        effort,
    )


def _stamp(t: float) -> Time:
    ns = int(round(t * 1e9))
    return Time(sec=ns // 1_000_000_000, nanosec=ns % 1_000_000_000)


def _seconds(stamp) -> float:
    return stamp.sec + stamp.nanosec * 1e-9


def run_episode(
    spec: SystemSpec,
    goals: list[Goal],
    *,
    lead: float = 0.5,
    start_at: float = 1.0,
    settle: float = 0.5,
    timeout: float = 120.0,
    log_dir=None,
    on_running=None,
    record_states: bool = True,
    topic_log: bool = False,
) -> Episode:
    """Start ``spec``, execute ``goals`` one after the other, return the recording.

    What :func:`_run_episode_once` does (its docstring has the details), started a second time,
    with a warning and :attr:`Episode.restarted` saying why, when the plant's command reader
    never matched the controller's writer (:data:`UNMATCHED_RESTART_AFTER`): nothing had
    stepped, so the second start runs the same episode.
    """
    kwargs = dict(
        lead=lead,
        start_at=start_at,
        settle=settle,
        timeout=timeout,
        on_running=on_running,
        record_states=record_states,
        topic_log=topic_log,
    )
    try:
        return _run_episode_once(spec, goals, log_dir=log_dir, **kwargs)
    except _LoopNeverClosed as stalled:
        reason = str(stalled)
    warnings.warn(f"{spec.name}: {reason}; starting the system again", RuntimeWarning, stacklevel=2)
    retry_dir = Path(log_dir) / "restart" if log_dir else None
    try:
        episode = _run_episode_once(spec, goals, log_dir=retry_dir, **kwargs)
    except _LoopNeverClosed as again:
        raise BringupError(f"{spec.name}: twice, {again}") from None
    episode.restarted = reason
    return episode


def _run_episode_once(
    spec: SystemSpec,
    goals: list[Goal],
    *,
    lead: float = 0.5,
    start_at: float = 1.0,
    settle: float = 0.5,
    timeout: float = 120.0,
    log_dir=None,
    on_running=None,
    record_states: bool = True,
    topic_log: bool = False,
) -> Episode:
    """One attempt of :func:`run_episode`.

    Start ``spec``, execute ``goals`` one after the other, return the recording.

    The loop closes last: every node starts at once, the controller with
    ``wait_for_trajectory`` = the number of goals (no command before it holds them all), so
    every goal is planned while the plant still waits at t = 0, and the plant takes its first
    step when the controller has the last plan. The first goal starts at plant time
    ``start_at``, each next one ``lead`` plant seconds after the previous motion ended (the
    generator continues from the previous plan's end point); the run ends ``settle`` s after the
    last motion. Nothing then depends on the machine's load, not even how long a plan takes
    (a pose goal's IK, planned while a composed lockstep plant ran 5x faster than the wall,
    once reached the controller after its own end, CI 2026-11-30): lockstep runs are
    reproducible. With
    ``record_states=False`` the recorder follows the plant on ``/clock`` (a few hundred Hz at most)
    instead of every ``joint_states``, so that it does not slow the loop it measures; the episode
    then has times but no joint arrays. ``on_running(runner,
    node, episode_state)`` is called once per spin while running (fault injection in tests).
    With ``topic_log=True`` the hardware interface writes every message of its per-step topics
    (joint_states, actuator_states, base_state, constraint_forces/*) and every effort_command it
    receives to ``Episode.topic_log`` (MCAP, :func:`modyn_ros.topic_log.read_topic_log`): what
    a subscriber in this process would lose on a loaded machine.
    """
    # any mechanism (URDF XML or a mechanism file's YAML): the nodes' own factory; positions are
    # recorded and goals sent by the coordinate names (the JointState order of the contract)
    model = load_model(spec.robot_description)
    names = list(model.coordinate_names)
    records: list[tuple] = []
    trajectories: list = []
    statuses: list[dict] = []
    controllers = tuple(n.name for n in spec.nodes if n.executable == "feedback_controller")
    # the controller sends no command before it has every goal's trajectory, so the lockstep
    # plant takes its first step only then, whatever order DDS discovery matched the topics in
    # (a controller that found the trajectory publisher after the plant had run past the
    # motion's start held the arm while the recording said it moved: docs/running.md) and
    # however long the planning takes
    awaited = max(1, len(goals))
    spec = dataclasses.replace(
        spec,
        nodes=[
            dataclasses.replace(n, parameters={**n.parameters, "wait_for_trajectory": awaited})
            if n.name in controllers
            else n
            for n in spec.nodes
        ],
    )
    # every state the plant publishes, written by hardware_interface itself (its state_log):
    # the recording loses nothing however slow this process is on a loaded machine. The DDS
    # subscription below follows the run and decides its span.
    own_dir = not log_dir
    log_dir = Path(log_dir) if log_dir else Path(tempfile.mkdtemp(prefix=f"modyn_{spec.name}_"))
    state_log = log_dir / "hardware_interface.states"
    # with the states in that log, this process follows the run on the plant's /clock (every
    # 10 ms of plant time) instead of every state: a callback per 1 kHz state cost it 2-6 CPU-s
    # per episode (measured: 6.1 s on the Stewart platform's 6000 steps), on the machine whose
    # loop it measures. A plant without /clock (real time) is followed on its states.
    source = next((n for n in spec.nodes if n.executable == "hardware_interface"), None)
    follow_clock = (
        record_states
        and spec.use_sim_time
        and source is not None
        and bool(spec.node_parameters(source).get("publish_clock", True))
    )
    plant_logs = {"state_log": str(state_log)} if record_states else {}
    topics_path = log_dir / "hardware_interface.mcap" if topic_log else None
    if topics_path is not None:
        plant_logs["topic_log"] = str(topics_path)
    if plant_logs:
        spec = dataclasses.replace(
            spec,
            nodes=[
                dataclasses.replace(n, parameters={**n.parameters, **plant_logs})
                if n.executable == "hardware_interface"
                else n
                for n in spec.nodes
            ],
        )
    # the recorder exists before the processes start, so that it is discovered together with
    # them and sees the plant from its first steps
    runner = SystemRunner(spec, log_dir)
    context = rclpy.Context()
    rclpy.init(context=context)
    node = Node(
        "modyn_episode",
        context=context,
        parameter_overrides=[Parameter("use_sim_time", value=spec.use_sim_time)],
    )
    executor = SingleThreadedExecutor(context=context)
    executor.add_node(node)

    def on_state(raw: bytes) -> None:
        # kept serialized (decoded after the run): the recorder is one more process on the
        # machine whose loop it measures, so it does as little as it can per message
        records.append((_raw_stamp(raw), raw, time.monotonic()))

    diagnostics: dict = {}
    diagnostics_log: list = []
    hardware_log: list = []

    def on_diagnostics(msg: DiagnosticArray) -> None:
        for status in msg.status:
            values = {kv.key: kv.value for kv in status.values}
            diagnostics[status.name] = values
            # the history feeds the report's timing and event plots (one per node per second)
            diagnostics_log.append(
                (time.monotonic(), status.name, level_of(status.level), status.message, values)
            )

    def on_status(msg: DiagnosticStatus) -> None:
        statuses.append(
            {
                "name": msg.name,
                "level": level_of(msg.level),
                "message": msg.message,
                "values": {kv.key: kv.value for kv in msg.values},
                "received": time.monotonic(),  # s, for the report's event times
            }
        )

    def on_hardware(msg: DiagnosticStatus) -> None:
        hardware_log.append((time.monotonic(), msg.name, level_of(msg.level), msg.message))

    if record_states and not follow_clock:
        # a deep reader queue: the recorder may lag the 1 kHz plant for a moment, and every
        # sample counts in the statistics
        node.create_subscription(JointState, "joint_states", on_state, RECORDER_QOS, raw=True)
    else:  # Clock has the same leading CDR layout: a time stamp right after the header
        node.create_subscription(Clock, "/clock", on_state, 10, raw=True)
    node.create_subscription(DiagnosticArray, "/diagnostics", on_diagnostics, 10)
    node.create_subscription(JointTrajectory, "trajectory", trajectories.append, TRAJECTORY_QOS)
    node.create_subscription(DiagnosticStatus, "goal_status", on_status, STATUS_QOS)
    node.create_subscription(DiagnosticStatus, "hardware_status", on_hardware, LATCHED_QOS)
    generator = next(
        (n.name for n in spec.nodes if n.executable == "trajectory_generator"),
        "trajectory_generator",
    )
    planner = node.create_client(PlanMotion, f"{generator}/plan")
    episode_id = f"{spec.name}-{time.monotonic_ns():x}"
    deadline = time.monotonic() + timeout

    plants = [n.name for n in spec.nodes if n.executable == "hardware_interface"]
    pending_at: list[float] = []  # when the controller reported the first trajectory pending
    last_check = [0.0]

    def loop_never_closed() -> str | None:
        """Why the loop never closed (:data:`UNMATCHED_RESTART_AFTER`), else None."""
        now = time.monotonic()
        if (
            not pending_at
            or (records and records[-1][0] > records[0][0])  # the plant has stepped
            or now - pending_at[0] < UNMATCHED_RESTART_AFTER
            or now - last_check[0] < 1.0
        ):
            return None
        last_check[0] = now
        for name in plants:
            said = _unmatched_line(runner.log_tail(name, 10))
            if said is not None:
                return (
                    f"'{name}' still at t_0 {now - pending_at[0]:.0f} s after the controller "
                    f"reported the first trajectory pending: {said}"
                )
        return None

    def spin_until(condition, what: str, missing=None, stall_after: float | None = None) -> None:
        """Spin until ``condition()``; ``missing()`` names what is still missing (in the
        messages); after ``stall_after`` s with every node running, :class:`_LoopNeverClosed`
        (run_episode starts the system once more)."""
        began = time.monotonic()
        while not condition():
            executor.spin_once(timeout_sec=0.05)
            if on_running is not None:
                on_running(runner, node, records)
            why = loop_never_closed()
            if why is not None:
                raise _LoopNeverClosed(why)
            dead = runner.dead()
            if dead and on_running is not None and stall_after is not None:
                # the start, before any motion a test kills nodes in (on_running leaves later
                # deaths to it): a node gone now is a start that failed (Q30: the controller's
                # process gone, or silent, and the episode waited 60 s for a motion's end).
                # Started once more; a second time, named
                name, code = next(iter(dead.items()))
                raise _LoopNeverClosed(
                    f"node '{name}' exited (code {code}) during the start:\n{runner.log_tail(name)}"
                )
            if dead and on_running is None:
                name, code = next(iter(dead.items()))
                raise BringupError(
                    f"node '{name}' died (code {code}) while waiting for {what}:\n{runner.log_tail(name)}"
                )
            now = time.monotonic()
            if stall_after is not None and now - began > stall_after and not dead:
                gone = missing() if missing is not None else []
                if gone:
                    raise _LoopNeverClosed(
                        f"every node running, but after {now - began:.0f} s still no {gone}"
                    )
            if now > deadline:
                gone = f": still no {missing()}" if missing is not None else ""
                raise BringupError(
                    f"timed out after {timeout} s waiting for {what}{gone} (logs in "
                    f"{runner.log_dir})"
                )

    def controller_report(traj) -> dict | None:
        """The controller's first report on ``traj`` (pending, or why it was refused)."""
        stamp = f"{traj.header.stamp.sec}.{traj.header.stamp.nanosec:09d}"
        for status in statuses:
            values = status["values"]
            if (
                status["name"].endswith("/trajectory")
                and values.get("stamp") == stamp
                and values.get("points") == str(len(traj.points))
            ):
                return status
        return None

    def controller_dead() -> bool:
        return any(name in runner.dead() for name in controllers)

    try:
        # every node at once: the controller's wait_for_trajectory keeps it silent, so the
        # lockstep plant still waits at t = 0 until the controller holds every trajectory
        # (started after the plan, it added its start-up and a discovery round to every run)
        runner.start()
        recorders = [n.name for n in spec.nodes if n.executable == "recorder"]

        def recording() -> bool:
            """A recorder beside the system (``--record``) subscribes to joint_states: the run
            starts only then (a composed lockstep motion lasts a fraction of a second)."""
            if not recorders:  # no graph query per spin for the usual episode
                return True
            subscribers = {
                i.node_name for i in node.get_subscriptions_info_by_topic("/joint_states")
            }
            return all(name in subscribers for name in recorders)

        def start_missing() -> list[str]:
            gone = []
            if not records:
                gone.append("joint_states from the plant")
            if not planner.service_is_ready():
                gone.append(f"/{generator}/plan server (the trajectory generator) ready")
            if node.count_publishers("trajectory") == 0:
                gone.append("trajectory writer (the feed-forward) in the graph")
            # Q30: a forked controller that never came up (its log empty for 60 s, the plant
            # at t_0 with "0 effort_command publisher(s) ... in the ROS graph") never reports
            # the trajectory pending, so UNMATCHED_RESTART_AFTER never counted; the start is
            # not complete without its command writer
            if controllers and node.count_publishers("effort_command") == 0:
                gone.append("effort_command writer (the feedback controller) in the graph")
            if not recording():
                gone.append("recorder subscribed to joint_states")
            return gone

        spin_until(
            lambda: not start_missing(),
            "the plant, the trajectory generator, the feed-forward and any recorder",
            start_missing,
            START_RESTART_AFTER,
        )
        if spec.composed:
            # composed on the EventsExecutor, a lockstep loop leaves the process's timers no
            # turn once it runs (its /diagnostics, once per wall second, go silent for the
            # whole motion; an open defect of modyn_ros.node_main): take the loop nodes' first
            # report while the plant
            # still waits at t_0
            loop_nodes = [
                n.name
                for n in spec.nodes
                if n.executable in ("hardware_interface", "feedback_controller")
            ]
            spin_until(
                lambda: all(name in diagnostics for name in loop_nodes),
                "the composed loop nodes' first /diagnostics",
            )
        wall_start = time.monotonic()
        t_start = records[-1][0]
        next_start = first_goal = max(start_at, t_start + lead)
        end = first_goal
        for k, goal in enumerate(goals):
            request = PlanMotion.Request()  # lead 0: the explicit stamp is the start
            if goal.pose is not None:
                msg = request.pose
                msg.header.stamp = _stamp(next_start)
                msg.header.frame_id = ""  # the model's base frame, whatever its name
                position, quaternion = goal.pose
                p, o = msg.pose.position, msg.pose.orientation
                p.x, p.y, p.z = (float(x) for x in position)
                o.x, o.y, o.z, o.w = (float(x) for x in quaternion)
            else:
                msg = request.waypoints
                msg.header.stamp = _stamp(next_start)
                msg.joint_names = names
                times = goal.times or [0.0] * len(goal.waypoints)
                for wp, tf in zip(goal.waypoints, times, strict=True):
                    point = JointTrajectoryPoint(positions=[float(x) for x in wp])
                    point.time_from_start = _duration(tf)
                    msg.points.append(point)
            traj = plan_goal(planner, request, f"{episode_id}/{k}", spin_until, f"goal {k}")
            # the controller must hold the trajectory before its start, else the run depends on
            # the machine's load: the plant waits until it holds them all, and this is checked
            spin_until(
                lambda tr=traj: controller_report(tr) is not None or controller_dead(),
                f"the controller's report on goal {k}",
            )
            report = controller_report(traj)
            if k == 0 and report is not None:
                pending_at.append(report["received"])
            if report is not None and report["values"].get("event") != "pending":
                raise BringupError(f"goal {k}: the controller reports {report['message']}")
            end = _seconds(traj.header.stamp) + _duration_seconds(traj.points[-1].time_from_start)
            next_start = end + lead
        final = end + settle
        spin_until(lambda: records and records[-1][0] >= final, "the end of the last motion")
        wall_time = time.monotonic() - wall_start
        # the controller's reports travel on their own topic from another process: the plant's
        # states can reach the end while "executing"/"done" are still on the way (seen once in
        # CI on a loaded machine). Wait, bounded, until every trajectory has an ending report.
        grace = time.monotonic() + 10.0
        spin_until(
            lambda: _all_ended(statuses) or controller_dead() or time.monotonic() > grace,
            "the controller's last reports",
        )
        if recorders:
            # a recorder beside the system reads joint_states over DDS in its own process, behind
            # a fast lockstep loop: give it time to reach the end of the motion before the stop
            linger = time.monotonic() + 2.0
            spin_until(lambda: time.monotonic() > linger, "the recorder")

    finally:
        executor.shutdown()
        node.destroy_node()
        rclpy.shutdown(context=context)
        runner.stop()
    logged = (
        _read_state_log(state_log, names, records, partial=follow_clock) if record_states else None
    )
    if logged is None and follow_clock:
        raise BringupError(
            f"{state_log}: no state log from hardware_interface (its log: "
            f"{runner.log_dir / 'hardware_interface.log'})"
        )
    if own_dir:
        state_log.unlink(missing_ok=True)  # the node logs stay, as the runner's always did
    if logged is not None:
        t, wall, q, v, effort = logged
    else:
        # each stamp once (the lockstep plant republishes t_0 while it waits)
        records = [r for k, r in enumerate(records) if k == 0 or r[0] != records[k - 1][0]]
        if record_states:  # no complete state log (hardware_interface killed): what DDS gave
            q, v, effort = _decode_states(records, names)
        else:
            q = v = effort = np.zeros((len(records), len(names)))
        t = np.array([r[0] for r in records])
        wall = np.array([r[2] for r in records])
    rate = next((float(n.parameters.get("rate", 0.0)) for n in spec.nodes if n.clock_source), 0.0)
    episode = Episode(
        joint_names=names,
        t=t,
        q=q,
        v=v,
        effort=effort,
        trajectories=trajectories,
        wall_time=wall_time,
        sim_time=float(t[-1] - first_goal),
        diagnostics=diagnostics,
        statuses=statuses,
        diagnostics_log=diagnostics_log,
        hardware_log=hardware_log,
        wall=wall,
        # counted messages give steps/s when every state was recorded; otherwise plant time
        # per wall second (exact in lockstep, where plant time advances only by steps)
        plant_rate=0.0 if record_states else rate,
        t_first_goal=first_goal,
        topic_log=topics_path,
    )
    return episode


def _all_ended(statuses: list[dict]) -> bool:
    """Every trajectory a controller reported on (by name and stamp) has an ending report."""
    open_: set = set()
    for status in statuses:
        if not status["name"].endswith("/trajectory"):
            continue
        values = status["values"]
        key = (status["name"], values.get("stamp"))
        if values.get("event") in ENDING_EVENTS:
            open_.discard(key)
        else:
            open_.add(key)
    return not open_


def _duration(seconds: float) -> Duration:
    ns = int(round(seconds * 1e9))
    return Duration(sec=ns // 1_000_000_000, nanosec=ns % 1_000_000_000)


def _duration_seconds(d) -> float:
    return d.sec + d.nanosec * 1e-9


def desired_motion(episode: Episode) -> tuple[np.ndarray, np.ndarray]:
    """Desired positions at the recorded times and a mask of the samples inside a motion.

    The desired motion is the recorded ``trajectory`` messages evaluated with the controller's
    own interpolation (modyn_control's sampler), each from its start to its end.
    """
    from modyn_control.messages import sampler_from_message

    q_d = np.full_like(episode.q, np.nan)
    moving = np.zeros(len(episode.t), dtype=bool)
    for msg in episode.trajectories:
        sampler = sampler_from_message(msg, episode.joint_names)
        start = _seconds(msg.header.stamp)
        end = start + _duration_seconds(msg.points[-1].time_from_start)
        for i in np.flatnonzero((episode.t >= start) & (episode.t <= end)):
            q_d[i] = sampler.sample(episode.t[i])[0]
            moving[i] = True
    return q_d, moving


def common_stamps(
    a: Episode, b: Episode, before: float = np.inf
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The plant times (s) both episodes recorded, earlier than ``before``, and their indices
    in ``a`` and in ``b``: ``(t, i, j)`` with ``a.t[i] == b.t[j] == t`` (to the nanosecond), for
    comparing two runs sample by sample."""
    t, i, j = np.intersect1d(np.round(a.t, 9), np.round(b.t, 9), return_indices=True)
    keep = t < before - 1e-9
    return t[keep], i[keep], j[keep]


def tracking_errors(episode: Episode) -> dict:
    """RMS and max |q_d − q| per joint over the samples inside a motion (rad), peak |τ| (N·m)."""
    q_d, moving = desired_motion(episode)
    err = q_d[moving] - episode.q[moving]
    return {
        "rms": np.sqrt(np.mean(err**2, axis=0)),
        "max": np.max(np.abs(err), axis=0),
        "peak_effort": np.max(np.abs(episode.effort), axis=0),
        "samples": int(np.count_nonzero(moving)),
    }


def trajectory_events(episode: Episode) -> list[dict]:
    """The controller's reports (goal_status ``<controller>/trajectory``), in order: each a dict
    with ``event`` (pending, executing, done, refused, ...), ``stamp``, ``message`` and the other
    values; the run was reproducible if every trajectory was pending before its start,
    executing with ``late_s`` 0 and done."""
    out = []
    for status in episode.statuses:
        if status["name"].endswith("/trajectory"):
            out.append({**status["values"], "message": status["message"]})
    return out
