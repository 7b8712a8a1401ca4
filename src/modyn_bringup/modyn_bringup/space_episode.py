"""The free-flying iiwa tracks the Viviani figure-eight over DDS (issue 18): start a system, send
the curve, record.

:func:`run_viviani_episode` runs the nodes of a system file as processes (:class:`SystemRunner`)
and resolves the Viviani curve of eq. (51) (:class:`modyn_control.space.viviani.Viviani`, the
paper's r = 0.1 m, ζ = 1 rad/s, centre (0.3, 0, 0.7) m, tool pointing down; optionally a
smooth start and a stopping segment that ends it at rest) into arm joint positions, velocities
and accelerations by the redundant IK (damped least squares + null space,
:class:`modyn_control.space.ik.RedundantIK`) with the base at its initial pose, a sample every
``sample`` s (5 ms, the control period). It names the arm joints only: the controller holds the
base where its hold began (a floating-base model's reference), so its law's base rows are the
wrench that holds the base, the arm reaction included, and the model's ``actuation_solve``
allocates it to thrusters and the CMG torque stage.

``through="generator"`` (the default) sends the IK's joint positions as ONE timed multi-waypoint
goal to the trajectory generator's ``~/plan`` (stamp zero: from the measured state at once),
which plans the joints of the floating-base model
(:mod:`modyn_trajectory.floating`: the C⁴ quintic spline through the timed waypoints, at rest
at the end), the feed-forward node adds the joint torques of the inverse dynamics with the base
held (its base rows are the reaction wrench), and the controller follows the result:
goal → trajectory_generator → planned_trajectory → inverse_dynamics_feedforward → trajectory →
feedback_controller. ``through="controller"`` sends the IK's θ, θ̇, θ̈ as the trajectory straight
to the controller (the path before this issue's generator support).

Recorded, per plant step (joint_states, base_state and actuator_states share the stamp):
joint positions, base pose and twist, actuator efforts (the applied u), hardware faults; and
the trajectory the controller received (with the feed-forward efforts).
"""

from __future__ import annotations

import dataclasses
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import rclpy
from builtin_interfaces.msg import Duration, Time
from diagnostic_msgs.msg import DiagnosticStatus
from nav_msgs.msg import Odometry
from rclpy.executors import SingleThreadedExecutor
from rclpy.node import Node
from rclpy.parameter import Parameter
from sensor_msgs.msg import JointState
from trajectory_msgs.msg import JointTrajectory, JointTrajectoryPoint

from modyn_interfaces.srv import PlanMotion
from modyn_model import load_model
from modyn_ros.qos import LATCHED_QOS, STATE_QOS, STATUS_QOS, TRAJECTORY_QOS
from modyn_ros.topic_log import TopicLogError, read_topic_log

from .plan_call import plan_goal
from .runner import SystemRunner
from .system import BringupError, SystemSpec

__all__ = ["VivianiEpisode", "viviani_joint_trajectory", "run_viviani_episode"]

_NS = 1_000_000_000


def _stamp(t: float) -> Time:
    ns = int(round(t * _NS))
    return Time(sec=ns // _NS, nanosec=ns % _NS)


def viviani_joint_trajectory(
    model,
    q0,
    duration: float,
    sample: float,
    viviani=None,
    ik_gain: float = 50.0,
    frame: str | None = None,
):
    """(t (N,), p_ref (N, 3), θ (N, n), θ̇, θ̈) of the Viviani curve by the redundant IK with the
    base at q0's pose; the IK starts from q0's arm joints (which should solve the first point),
    its null-space pull scaled by the phase rate u̇/ζ (0 at rest)."""
    from modyn_control.space.iiwa_space import EE_FRAME
    from modyn_control.space.ik import TOOL_DOWN, RedundantIK
    from modyn_control.space.viviani import Viviani

    frame = frame or EE_FRAME
    t = np.arange(int(round(duration / sample)) + 1) * sample
    path = Viviani(**(viviani or {}))
    p_ref, v_ref, _ = path.evaluate(t)
    ik = RedundantIK(model, frame, base_q=np.asarray(q0[:7], dtype=float))
    start = ik.solve(TOOL_DOWN, p_ref[0], theta0=np.asarray(q0[7:], dtype=float))
    # the null-space pull fades with the phase rate (0 at rest): the joints start and end at
    # rest with the EE, not only the EE (the pull alone keeps the self-motion going, ~6 mrad/s
    # on joint 1 at the end of the figure-eight, which a trajectory at rest at its end then
    # stops within its last sample)
    _, rate, _ = path.timing(t)
    th, thd, thdd, _ = ik.track(
        t,
        p_ref,
        v_ref,
        TOOL_DOWN,
        start.theta,
        gain=ik_gain,
        null_scale=np.abs(rate) / abs(path.rate),
    )
    return t, p_ref, th, thd, thdd


@dataclass
class VivianiEpisode:
    """What :func:`run_viviani_episode` recorded (plant time, SI units).

    ``t`` (k,); ``q`` (k, nq) the full configuration [p, Q (w, x, y, z), θ] rebuilt from
    base_state and joint_states of the same stamp; ``twist`` (k, 6) base [v; ω] in base axes;
    ``u`` (k, nu) the applied actuator commands (actuator_states effort, by actuator_names);
    ``ref_t``, ``ref_p`` the Viviani samples sent; ``faults`` the hardware ERROR messages;
    ``trajectory`` the (last) trajectory the controller received: ``t`` (m,) s from its start,
    ``q``, ``v``, ``a``, ``effort`` (m, n) in the arm joints' order (``effort`` empty when the
    points carry none), ``stamp`` (s).
    """

    t: np.ndarray
    q: np.ndarray
    twist: np.ndarray
    u: np.ndarray
    actuator_names: tuple
    ref_t: np.ndarray
    ref_p: np.ndarray
    faults: list
    log_dir: str
    trajectory: dict | None = None


def run_viviani_episode(
    spec: SystemSpec,
    *,
    duration: float,
    sample: float = 0.005,
    viviani=None,
    after: float = 0.5,
    timeout: float = 900.0,
    log_dir=None,
    through: str = "generator",
) -> VivianiEpisode:
    """Run ``spec``, send the Viviani joint motion (``duration`` s, samples every ``sample``
    s) ``through`` the trajectory generator (a timed goal) or straight to the controller (a
    trajectory), record until plant time ``duration + after`` (the controller's hold after the
    end). BringupError when a node dies or the run times out (wall ``timeout``)."""
    if through not in ("generator", "controller"):
        raise BringupError(f"through = {through!r}: expected 'generator' or 'controller'")
    model = load_model(spec.robot_description)
    if not getattr(model, "floating_base", False):
        raise BringupError(f"{spec.name}: the Viviani episode needs a floating-base model")
    hw = next(n for n in spec.nodes if n.executable == "hardware_interface")
    q0 = np.asarray(hw.parameters["initial_positions"], dtype=float)
    joints = list(model.coordinate_names[7:])
    t_ref, p_ref, th, thd, thdd = viviani_joint_trajectory(model, q0, duration, sample, viviani)
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
    # the plant writes every base_state, joint_states and actuator_states it publishes (its
    # topic_log): subscribed to in this process, 2034-2423 of the 3113 steps were kept with a
    # second test suite running beside this one
    log_dir = Path(log_dir) if log_dir else Path(tempfile.mkdtemp(prefix=f"modyn_{spec.name}_"))
    topic_log = log_dir / "hardware_interface.mcap"
    spec = dataclasses.replace(
        spec,
        nodes=[
            dataclasses.replace(n, parameters={**n.parameters, "topic_log": str(topic_log)})
            if n.name == hw.name
            else n
            for n in spec.nodes
        ],
    )
    runner = SystemRunner(spec, log_dir)
    context = rclpy.Context()
    rclpy.init(context=context)
    node = Node(
        "modyn_viviani_episode",
        context=context,
        parameter_overrides=[Parameter("use_sim_time", value=spec.use_sim_time)],
    )
    executor = SingleThreadedExecutor(context=context)
    executor.add_node(node)
    base: dict[int, tuple] = {}
    joint: dict[int, list] = {}
    act: dict[int, list] = {}
    faults: list[str] = []
    received: list[JointTrajectory] = []
    refusals: list[str] = []  # goal_status errors: the generator's or the controller's
    last = [0.0]

    def key(stamp) -> int:
        return stamp.sec * _NS + stamp.nanosec

    def on_base(msg: Odometry) -> None:
        p, o = msg.pose.pose.position, msg.pose.pose.orientation
        lin, ang = msg.twist.twist.linear, msg.twist.twist.angular
        k = key(msg.header.stamp)
        base[k] = (p.x, p.y, p.z, o.w, o.x, o.y, o.z, lin.x, lin.y, lin.z, ang.x, ang.y, ang.z)
        last[0] = k / _NS

    def on_joints(msg: JointState) -> None:
        index = {n: i for i, n in enumerate(msg.name)}
        joint[key(msg.header.stamp)] = [msg.position[index[n]] for n in joints]

    def on_actuators(msg: JointState) -> None:
        act[key(msg.header.stamp)] = list(msg.effort)

    def on_status(msg: DiagnosticStatus) -> None:
        if msg.level == DiagnosticStatus.ERROR:
            faults.append(msg.message)

    node.create_subscription(Odometry, "base_state", on_base, STATE_QOS)  # the plant's time
    node.create_subscription(DiagnosticStatus, "hardware_status", on_status, LATCHED_QOS)
    node.create_subscription(JointTrajectory, "trajectory", received.append, TRAJECTORY_QOS)

    def on_goal_status(msg: DiagnosticStatus) -> None:
        if msg.level == DiagnosticStatus.ERROR:
            refusals.append(f"{msg.name}: {msg.message}")

    node.create_subscription(DiagnosticStatus, "goal_status", on_goal_status, STATUS_QOS)
    generator = next(
        (n.name for n in spec.nodes if n.executable == "trajectory_generator"),
        "trajectory_generator",
    )
    planner = node.create_client(PlanMotion, f"{generator}/plan")
    traj_pub = node.create_publisher(JointTrajectory, "trajectory", TRAJECTORY_QOS)
    deadline = time.monotonic() + timeout

    def spin_until(condition, what: str) -> None:
        while not condition():
            executor.spin_once(timeout_sec=0.05)
            if refusals:  # a goal or trajectory refused: nothing would move, say why now
                raise BringupError(
                    f"{refusals[0]} (while waiting for {what}; logs in {runner.log_dir})"
                )
            dead = runner.dead()
            if dead:
                name, code = next(iter(dead.items()))
                raise BringupError(
                    f"node '{name}' died (code {code}) while waiting for {what}:"
                    f"\n{runner.log_tail(name)}"
                )
            if time.monotonic() > deadline:
                raise BringupError(
                    f"timed out after {timeout} s waiting for {what} (logs in {runner.log_dir})"
                )

    try:
        runner.start(skip=controllers)
        spin_until(lambda: len(base) > 0, "the plant's first base_state")
        runner.start()
        if through == "generator":
            spin_until(planner.service_is_ready, f"/{generator}/plan (the trajectory generator)")
        else:
            spin_until(
                lambda: traj_pub.get_subscription_count() > 0, "the controller's subscription"
            )
        msg = JointTrajectory()
        msg.header.stamp = _stamp(0.0)
        msg.joint_names = joints
        # a goal's waypoints come after its start (the measured state, = the IK's first point)
        first = 1 if through == "generator" else 0
        for k in range(first, len(t_ref)):
            point = JointTrajectoryPoint()
            point.positions = th[k].tolist()
            if through == "controller":
                point.velocities = thd[k].tolist()
                point.accelerations = thdd[k].tolist()
            ns = int(round(t_ref[k] * _NS))
            point.time_from_start = Duration(sec=ns // _NS, nanosec=ns % _NS)
            msg.points.append(point)
        if through == "generator":  # lead 0: from the measured state, at once
            request = PlanMotion.Request(waypoints=msg)
            plan_goal(planner, request, f"viviani-{time.monotonic_ns():x}", spin_until, "the goal")
        else:
            traj_pub.publish(msg)
        spin_until(lambda: last[0] >= duration, f"plant time {duration} s")
        # past the trajectory's end: the controller hands over to its hold (and stays alive)
        spin_until(lambda: last[0] >= duration + after, f"plant time {duration + after} s")
    finally:
        executor.remove_node(node)
        node.destroy_node()
        rclpy.shutdown(context=context)
        runner.stop()
    # the record: what the plant wrote, every message (the subscription above only followed it)
    try:
        logged = read_topic_log(topic_log, ["base_state", "joint_states", "actuator_states"])
    except TopicLogError as exc:
        raise BringupError(
            f"{exc} (the plant's log: {log_dir / 'hardware_interface.log'})"
        ) from None
    base.clear()
    for m in logged.get("/base_state", []):
        on_base(m)
    for m in logged.get("/joint_states", []):
        on_joints(m)
    for m in logged.get("/actuator_states", []):
        on_actuators(m)
    stamps = sorted(set(base) & set(joint) & set(act))
    if not stamps:
        raise BringupError(
            f"{spec.name}: no step with base_state, joint_states and "
            "actuator_states of the same stamp"
        )
    b = np.array([base[k] for k in stamps])
    trajectory = None
    if received:
        last = received[-1]
        order = [list(last.joint_names).index(n) for n in joints]
        pts = last.points

        def field(name):
            rows = [list(getattr(p, name)) for p in pts]
            return np.array([[r[i] for i in order] for r in rows]) if rows[0] else np.zeros(0)

        trajectory = {
            "stamp": last.header.stamp.sec + last.header.stamp.nanosec * 1e-9,
            "t": np.array([p.time_from_start.sec + p.time_from_start.nanosec * 1e-9 for p in pts]),
            **{
                key: field(name)
                for key, name in (
                    ("q", "positions"),
                    ("v", "velocities"),
                    ("a", "accelerations"),
                    ("effort", "effort"),
                )
            },
        }
    q = np.hstack([b[:, :7], np.array([joint[k] for k in stamps])])
    return VivianiEpisode(
        t=np.array(stamps, dtype=float) / _NS,
        q=q,
        twist=b[:, 7:],
        u=np.array([act[k] for k in stamps]),
        actuator_names=tuple(model.actuator_names),
        ref_t=t_ref,
        ref_p=p_ref,
        faults=faults,
        log_dir=str(runner.log_dir),
        trajectory=trajectory,
    )
