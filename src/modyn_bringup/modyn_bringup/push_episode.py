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
import time
from dataclasses import dataclass, field

import numpy as np
import rclpy
from builtin_interfaces.msg import Duration, Time
from diagnostic_msgs.msg import DiagnosticStatus
from geometry_msgs.msg import WrenchStamped
from nav_msgs.msg import Odometry
from rclpy.executors import SingleThreadedExecutor
from rclpy.node import Node
from rclpy.parameter import Parameter
from trajectory_msgs.msg import JointTrajectory, JointTrajectoryPoint

from modyn_model import load_model
from modyn_ros.qos import LATCHED_QOS, STATE_QOS, TRAJECTORY_QOS

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
        Plant time of the first base_state after the push was published.
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
    forces: dict[str, list] = {name: [] for name in getattr(model, "constraint_names", ())}
    faults: list[str] = []

    def on_base(msg: Odometry) -> None:
        p, o = msg.pose.pose.position, msg.pose.pose.orientation
        s = msg.header.stamp
        base.append((s.sec + s.nanosec * 1e-9, p.x, p.y, p.z, o.w, o.x, o.y, o.z))

    def on_force(name: str):
        def cb(msg: WrenchStamped) -> None:
            f, s = msg.wrench.force, msg.header.stamp
            forces[name].append((s.sec + s.nanosec * 1e-9, f.x, f.y, f.z))

        return cb

    def on_status(msg: DiagnosticStatus) -> None:
        if msg.level == DiagnosticStatus.ERROR:
            faults.append(msg.message)

    node.create_subscription(Odometry, "base_state", on_base, STATE_QOS)
    for name in forces:
        node.create_subscription(WrenchStamped, f"constraint_forces/{name}", on_force(name), 50)
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

    push_time = float("nan")
    try:
        runner.start(skip=controllers)
        spin_until(lambda: len(base) > 0, "the plant's first base_state")
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
        spin_until(lambda: base[-1][0] >= push_at, f"plant time {push_at} s")
        push = WrenchStamped()
        push.header.frame_id = frame
        push.wrench.force.x, push.wrench.force.y, push.wrench.force.z = (float(f) for f in force)
        push_pub.publish(push)
        n_before = len(base)
        spin_until(lambda: len(base) > n_before, "the state after the push")
        push_time = base[n_before][0]
        spin_until(lambda: base[-1][0] >= push_at + after, f"plant time {push_at + after} s")
    finally:
        executor.remove_node(node)
        node.destroy_node()
        rclpy.shutdown(context=context)
        runner.stop()
    arr = np.array(base)
    return PushEpisode(
        t=arr[:, 0],
        position=arr[:, 1:4],
        quaternion=arr[:, 4:8],
        forces={k: (np.array(v)[:, 0], np.array(v)[:, 1:4]) for k, v in forces.items() if v},
        faults=faults,
        push_time=push_time,
        log_dir=str(runner.log_dir),
    )
