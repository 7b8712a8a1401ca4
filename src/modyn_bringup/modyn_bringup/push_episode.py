"""A pushed robot holding its pose: start a system, hold a posture, push, record (issue 14).

:func:`run_push_episode` runs the nodes of a system file as processes (:class:`SystemRunner`),
sends the feedback controller ONE trajectory that holds the initial joint positions (stamped in
sim time, zero velocities, accelerations and efforts: the trajectory generator plans joint goals
of fixed-base arms only, nq = nv), pushes the robot through the hardware interface's ``~/push``
(geometry_msgs/WrenchStamped) at plant time ``push_at`` and records, until ``push_at + after``:

* ``base_state`` (nav_msgs/Odometry): the base position (m) and orientation (quaternion);
* ``constraint_forces/<name>`` (geometry_msgs/WrenchStamped) of each constraint;
* ``hardware_status``: any ERROR (a latched fault).

The controller is started last, after it can receive the trajectory (``wait_for_trajectory``),
so the lockstep plant's first step waits for it: the run does not depend on the machine's load,
except for the push's exact start, which is the plant time at which ``~/push`` arrives
(reported as :attr:`PushEpisode.push_time`, the first base_state after the publish).
"""

from __future__ import annotations

import dataclasses
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import rclpy
from builtin_interfaces.msg import Duration, Time
from diagnostic_msgs.msg import DiagnosticStatus
from geometry_msgs.msg import WrenchStamped
from nav_msgs.msg import Odometry
from rclpy.duration import Duration as RclpyDuration
from rclpy.executors import SingleThreadedExecutor
from rclpy.node import Node
from rclpy.parameter import Parameter
from trajectory_msgs.msg import JointTrajectory, JointTrajectoryPoint

from modyn_model import load_model
from modyn_ros.qos import LATCHED_QOS, STATE_QOS, TRAJECTORY_QOS
from modyn_ros.topic_log import TopicLogError, read_topic_log

from .runner import SystemRunner
from .system import BringupError, SystemSpec

__all__ = ["PushEpisode", "run_push_episode"]

_NS = 1_000_000_000


@dataclass
class PushEpisode:
    """What :func:`run_push_episode` recorded (plant time in s).

    Attributes
    ----------
    t : (k,) ndarray
        Stamps of the base_state messages.
    position : (k, 3) ndarray
        Base position (m), world axes.
    quaternion : (k, 4) ndarray
        Base orientation (w, x, y, z).
    forces : dict name -> (t (j,), force (j, 3))
        Each constraint's force on the robot (N), world axes.
    faults : list of str
        Messages of ERROR hardware_status reports.
    push_time : float
        Plant time from which the push acts: the hardware interface applies it at the state
        stamped ``push_at`` (the push is sent stamped, before the plant gets there).
    log_dir : str
    """

    t: np.ndarray
    position: np.ndarray
    quaternion: np.ndarray
    forces: dict = field(default_factory=dict)
    faults: list = field(default_factory=list)
    push_time: float = float("nan")
    log_dir: str = ""

    def displacement(self) -> tuple[np.ndarray, np.ndarray]:
        """(|p − p₀| (m), rotation angle of R₀ᵀR (rad)) per sample, relative to the first."""
        dp = np.linalg.norm(self.position - self.position[0], axis=1)
        # angle between unit quaternions: 2 acos |⟨q₀, q⟩|
        dots = np.abs(self.quaternion @ self.quaternion[0])
        return dp, 2.0 * np.arccos(np.clip(dots, -1.0, 1.0))


def _stamp(t: float) -> Time:
    ns = int(round(t * _NS))
    return Time(sec=ns // _NS, nanosec=ns % _NS)


def run_push_episode(
    spec: SystemSpec,
    *,
    frame: str = "base_link",
    force=(20.0, 0.0, 0.0),
    push_at: float = 1.0,
    after: float = 2.5,
    timeout: float = 240.0,
    log_dir=None,
) -> PushEpisode:
    """Run ``spec`` holding its initial posture, push ``frame`` with ``force`` (N, world axes;
    for the hardware interface's ``push_duration``) at plant time ``push_at``, record until
    ``push_at + after``. BringupError when a node dies or the run times out (wall ``timeout``)."""
    model = load_model(spec.robot_description)
    hw = next(n for n in spec.nodes if n.executable == "hardware_interface")
    q0 = np.asarray(hw.parameters["initial_positions"], dtype=float)
    floating = bool(getattr(model, "floating_base", False))
    nb = 7 if floating else 0
    joints = list(model.coordinate_names[nb:])
    controllers = tuple(n.name for n in spec.nodes if n.executable == "feedback_controller")
    spec = dataclasses.replace(
        spec,
        nodes=[
            dataclasses.replace(n, parameters={**n.parameters, "wait_for_trajectory": True})
            if n.name in controllers
            else n
            for n in spec.nodes
        ],
    )
    # the plant writes every base_state and constraint force it publishes (its topic_log):
    # subscribed to in this process, 133 of 1501 states went missing with a second test suite
    # running beside this one
    log_dir = Path(log_dir) if log_dir else Path(tempfile.mkdtemp(prefix=f"modyn_{spec.name}_"))
    topic_log = log_dir / "hardware_interface.mcap"
    spec = dataclasses.replace(
        spec,
        nodes=[
            dataclasses.replace(n, parameters={**n.parameters, "topic_log": str(topic_log)})
            if n is hw or n.name == hw.name
            else n
            for n in spec.nodes
        ],
    )
    runner = SystemRunner(spec, log_dir)
    context = rclpy.Context()
    rclpy.init(context=context)
    node = Node(
        "modyn_push_episode",
        context=context,
        parameter_overrides=[Parameter("use_sim_time", value=spec.use_sim_time)],
    )
    executor = SingleThreadedExecutor(context=context)
    executor.add_node(node)
    base: list[tuple] = []
    forces = tuple(getattr(model, "constraint_names", ()))  # read from the plant's topic log
    faults: list[str] = []

    def on_base(msg: Odometry) -> None:
        p, o = msg.pose.pose.position, msg.pose.pose.orientation
        s = msg.header.stamp
        base.append((s.sec + s.nanosec * 1e-9, p.x, p.y, p.z, o.w, o.x, o.y, o.z))

    def on_status(msg: DiagnosticStatus) -> None:
        if msg.level == DiagnosticStatus.ERROR:
            faults.append(msg.message)

    node.create_subscription(Odometry, "base_state", on_base, STATE_QOS)
    node.create_subscription(DiagnosticStatus, "hardware_status", on_status, LATCHED_QOS)
    traj_pub = node.create_publisher(JointTrajectory, "trajectory", TRAJECTORY_QOS)
    push_pub = node.create_publisher(WrenchStamped, f"/{hw.name}/push", 10)
    deadline = time.monotonic() + timeout

    def spin_until(condition, what: str) -> None:
        while not condition():
            executor.spin_once(timeout_sec=0.05)
            dead = runner.dead()
            if dead:
                name, code = next(iter(dead.items()))
                raise BringupError(
                    f"node '{name}' died (code {code}) while waiting for {what}:\n"
                    f"{runner.log_tail(name)}"
                )
            if time.monotonic() > deadline:
                raise BringupError(
                    f"timed out after {timeout} s waiting for {what} (logs in {runner.log_dir})"
                )

    try:
        runner.start(skip=controllers)
        spin_until(lambda: len(base) > 0, "the plant's first base_state")
        # the push, stamped push_at, reaches the plant while it waits at t = 0 for its first
        # command: it acts from that exact plant time whatever the load (sent when the plant
        # was seen at push_at, it acted 40 steps late on a loaded machine)
        spin_until(lambda: push_pub.get_subscription_count() > 0, "the plant's ~/push")
        push = WrenchStamped()
        push.header.stamp = _stamp(push_at)
        push.header.frame_id = frame
        push.wrench.force.x, push.wrench.force.y, push.wrench.force.z = (float(f) for f in force)
        push_pub.publish(push)
        if not push_pub.wait_for_all_acked(RclpyDuration(seconds=30.0)):
            raise BringupError(f"the plant did not acknowledge the push in 30 s ({log_dir})")
        runner.start()  # the controller
        spin_until(lambda: traj_pub.get_subscription_count() > 0, "the controller's subscription")
        # the posture held: initial joints, at rest, efforts zero, from t = 0 past the end
        msg = JointTrajectory()
        msg.header.stamp = _stamp(0.0)
        msg.joint_names = joints
        for t in (0.0, push_at + after + 1.0):
            point = JointTrajectoryPoint()
            point.positions = q0[nb:].tolist()
            point.velocities = [0.0] * len(joints)
            point.accelerations = [0.0] * len(joints)
            point.effort = [0.0] * len(model.actuator_names)
            ns = int(round(t * _NS))
            point.time_from_start = Duration(sec=ns // _NS, nanosec=ns % _NS)
            msg.points.append(point)
        traj_pub.publish(msg)
        spin_until(lambda: base[-1][0] >= push_at + after, f"plant time {push_at + after} s")
    finally:
        executor.remove_node(node)
        node.destroy_node()
        rclpy.shutdown(context=context)
        runner.stop()
    topics = ["base_state", *(f"constraint_forces/{name}" for name in forces)]
    try:
        logged = read_topic_log(topic_log, topics)
    except TopicLogError as exc:
        raise BringupError(
            f"{exc} (the plant's log: {log_dir / 'hardware_interface.log'})"
        ) from None
    # each stamp once (a lockstep plant republishes t_0 while it waits for its first command)
    states: dict[float, tuple] = {}
    for m in logged.get("/base_state", []):
        states.setdefault(_seconds(m.header.stamp), _pose(m))
    arr = np.array([(t, *pose) for t, pose in states.items()])
    recorded = {}
    for name in forces:
        rows: dict[float, tuple] = {}
        for m in logged.get(f"/constraint_forces/{name}", []):
            f = m.wrench.force
            rows.setdefault(_seconds(m.header.stamp), (f.x, f.y, f.z))
        if rows:
            recorded[name] = (np.array(list(rows)), np.array(list(rows.values())))
    return PushEpisode(
        t=arr[:, 0],
        position=arr[:, 1:4],
        quaternion=arr[:, 4:8],
        forces=recorded,
        faults=faults,
        push_time=push_at,
        log_dir=str(runner.log_dir),
    )


def _seconds(stamp) -> float:
    return stamp.sec + stamp.nanosec * 1e-9


def _pose(msg: Odometry) -> tuple:
    p, o = msg.pose.pose.position, msg.pose.pose.orientation
    return (p.x, p.y, p.z, o.w, o.x, o.y, o.z)
