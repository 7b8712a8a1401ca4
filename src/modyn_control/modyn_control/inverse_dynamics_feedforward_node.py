"""The ``inverse_dynamics_feedforward`` node: planned_trajectory → trajectory with τ_ff.

τ_ff = Γ(q_d, q̇_d, q̈_d) of every point, computed in one batched call of the robot's
customized inverse dynamic model (Khalil §7.5.2), turned into the actuator forces u_ff with
Sᵀ(q_d) u_ff = τ_ff (:class:`modyn_control.actuation.ActuatorMap`; u = τ for an arm) and written
into the points' ``effort`` in the message's ``joint_names`` order. A JointTrajectory carries one
name list, so what the efforts mean is :func:`modyn_model.contract.coordinate_effort`'s answer:
``"tau"`` for an arm (u = τ) and for a mechanism with more actuators than coordinates (nu > nq
= nv, e.g. the quadruped's 14 motors on 8 coordinates): the generalized forces Sᵀ(q_d) u_ff of
the motors' u_ff (= τ_ff when the resolution is exact; what the motors can give when it is
saturated), one per coordinate; ``"u"`` when there are as many actuators as coordinates (nu = nq,
e.g. a Stewart platform's six legs): actuator j's u_j under coordinate j, the convention of
hardware_interface's ``joint_states`` effort, read back by the feedback controller by the same
index (u, then τ = Sᵀ(q_d) u); ``"none"`` otherwise: the trajectory goes on without efforts
(logged). The peak |u_ff| of each plan per actuator is in the diagnostics
(``last_peak_actuator_effort``, ``last_peak_actuator``).

A floating-base model (``floating_base``: q = [base pose (7), θ], v = [base twist (6), θ̇]) gets
trajectories that name its joints only (the trajectory generator plans the joints,
:mod:`modyn_trajectory.floating`; the feedback controller holds the base). The inverse dynamics
then runs on the whole model with the base held at rest at its last ``base_state`` pose (the
model's neutral pose before one arrives): q = [p_b, Q_b, θ_d], v = [0, θ̇_d], v̇ = [0, θ̈_d]
(:func:`held_base_efforts`). Its joint rows are the joint torques, written as the points'
efforts by joint name; its base rows are the wrench the base actuators must supply to hold the
base against the joints' motion (the arm's reaction; N and N·m in the model's base velocity
axes), whose peak per plan is in the diagnostics (``last_peak_base_force``,
``last_peak_base_torque``).
The node also serves FollowJointTrajectory (:mod:`modyn_control.trajectory_action`, parameter
``follow_joint_trajectory``, default ``feedback_controller/follow_joint_trajectory``, relative
to the node's namespace: JTC's name under the controller's): a client's trajectory gets the same efforts and goes to the controller
the same way, and the client gets feedback and a result code.
Topics and parameters: docs/nodes.md.
"""

from __future__ import annotations

import sys
import threading
import time

import numpy as np
from nav_msgs.msg import Odometry
from rcl_interfaces.msg import ParameterDescriptor
from rclpy.node import Node
from trajectory_msgs.msg import JointTrajectory

from modyn_model.contract import coordinate_effort
from modyn_ros.base_state import BASE_NQ, BASE_NV, base_from_odometry
from modyn_ros.diagnostics import OK, WARN, Diagnostics
from modyn_ros.joint_map import JointMap, MessageError
from modyn_ros.model_source import ModelSource
from modyn_ros.node_main import run_node
from modyn_ros.qos import STATE_QOS, TRAJECTORY_QOS
from modyn_trajectory.reach import check_in_limits, check_in_workspace, workspace_check

from .actuation import ActuatorMap
from .messages import trajectory_arrays

__all__ = [
    "InverseDynamicsFeedforward",
    "actuator_efforts",
    "feedforward_efforts",
    "held_base_efforts",
    "main",
]


def feedforward_efforts(model, arrays, friction: bool = True, actuators=None) -> np.ndarray:
    """u_ff of every point, (m, nu) in the message's ``joint_names`` order (N·m or N).

    With nu = nq the efforts are u (actuator j under coordinate j); with nu > nq they are the
    generalized forces Sᵀ(q_d) u_ff (module docstring).

    Parameters
    ----------
    model : modyn_model.MechanismModel
        ``coordinate_effort(model)`` must not be "none".
    arrays : modyn_control.messages.TrajectoryArrays
        The trajectory in model order (``arrays.index`` maps back to the message order).
    friction : bool
        Include the model's friction Γf(q̇_d).
    actuators : ActuatorMap, optional
        The model's τ → u map (built here if omitted).
    """
    u = actuator_efforts(model, arrays, friction, actuators)
    if u.shape[1] != len(arrays.index):  # nu > nq: the motors' generalized forces Sᵀ(q_d) u
        u = np.einsum("mji,mj->mi", np.asarray(model.actuation_matrix(arrays.q)), u)
    out = np.empty_like(u)
    out[:, arrays.index] = u  # model column j goes to message column index[j]
    return out


def actuator_efforts(model, arrays, friction: bool = True, actuators=None) -> np.ndarray:
    """u_ff (m, nu) of every point in the model's actuator order (N·m or N): Sᵀ(q_d) u_ff =
    τ_ff = Γ(q_d, q̇_d, q̈_d) by the model's :class:`ActuatorMap` (``actuation_solve`` where the
    model has it, e.g. its redundancy resolution)."""
    tau = model.inverse_dynamics(arrays.q, arrays.v, arrays.a, friction=friction)
    actuators = ActuatorMap(model) if actuators is None else actuators
    if actuators.identity:
        return tau
    # Sᵀ(q_d) u = τ point by point
    return np.array([actuators.forces(q, t).copy() for q, t in zip(arrays.q, tau, strict=True)])


def held_base_efforts(model, arrays, base_q, friction: bool = True):
    """A floating-base model's feed-forward with the base held at rest (module docstring).

    Parameters
    ----------
    model : modyn_model.MechanismModel
        ``floating_base`` model: q = [base pose (7), θ], v = [base twist (6), θ̇].
    arrays : modyn_control.messages.TrajectoryArrays
        The joints' trajectory in model joint order (n_θ columns).
    base_q : (7,) array_like
        The held base pose [p (m), Q (w, x, y, z)].
    friction : bool
        Include the model's friction.

    Returns
    -------
    tau : (m, n_θ) ndarray
        Joint torques (N·m or N), model joint order.
    wrench : (m, 6) ndarray
        The base rows: the wrench [force (N); moment (N·m)] the base actuators supply to hold
        the base at rest against the joints' motion (the arm's reaction, the paper's eq. (47)
        feed-forward), in the model's base velocity axes.
    """
    m, n = arrays.q.shape
    q = np.empty((m, BASE_NQ + n))
    q[:, :BASE_NQ] = np.asarray(base_q, dtype=float)
    q[:, BASE_NQ:] = arrays.q
    v = np.zeros((m, BASE_NV + n))
    a = np.zeros((m, BASE_NV + n))
    v[:, BASE_NV:] = arrays.v
    a[:, BASE_NV:] = arrays.a
    full = np.asarray(model.inverse_dynamics(q, v, a, friction=friction), dtype=float)
    return full[:, BASE_NV:], full[:, :BASE_NV]


class InverseDynamicsFeedforward(Node):
    """Fills the effort of ``planned_trajectory`` points with τ_ff (see docs/nodes.md).

    Keyword arguments go to :class:`rclpy.node.Node`.
    """

    def __init__(self, **kwargs):
        super().__init__("inverse_dynamics_feedforward", **kwargs)
        self.declare_parameter(
            "friction",
            True,
            ParameterDescriptor(description="include the model's friction in the feed-forward"),
        )
        self.declare_parameter(
            "follow_joint_trajectory",
            "feedback_controller/follow_joint_trajectory",  # in the node's namespace
            ParameterDescriptor(
                description="name of the FollowJointTrajectory action served in front of the "
                "feedback controller (its last-but-one name is the controller's: its reports, "
                "its ~/stop); empty: none",
                read_only=True,
            ),
        )
        self.declare_parameter(
            "plan_and_execute",
            "trajectory_generator/plan_and_execute",  # in the node's namespace
            ParameterDescriptor(
                description="name of the PlanAndExecute action (the trajectory generator plans "
                "the goal through its ~/plan, the controller executes it; the last-but-one name "
                "is the generator's); empty: none",
                read_only=True,
            ),
        )
        self.action_server = None
        self.plan_server = None
        self._process_lock = threading.Lock()  # the action server's thread and this node's
        self.model = None
        self.joint_map: JointMap | None = None
        self._waiting: list[JointTrajectory] = []  # arrived before the model, in order
        self._stats = dict(
            trajectories=0,
            rejected=0,
            last_points=0,
            last_dynamics_ms=0.0,
            last_total_ms=0.0,
            last_peak_actuator_effort=0.0,
            last_peak_actuator="",
            last_peak_base_force=0.0,
            last_peak_base_torque=0.0,
        )
        self._floating = False
        self._base_q = np.zeros(BASE_NQ)
        self._base_v = np.zeros(BASE_NV)
        self._last_rejection = ""
        # the last 10 kept for late joiners, in order: each plan continues the one before it
        self.publisher = self.create_publisher(JointTrajectory, "trajectory", TRAJECTORY_QOS)
        self.create_subscription(
            JointTrajectory, "planned_trajectory", self._on_planned, TRAJECTORY_QOS
        )
        self.model_source = ModelSource(self, self._on_model)
        self.diagnostics = Diagnostics(self, self._report)

    def _on_model(self, model) -> None:
        self._on_model_set(model)
        self._start_action_server()

    def _start_action_server(self) -> None:
        """The FollowJointTrajectory server (modyn_control.trajectory_action), once the joints
        are known; parameter ``follow_joint_trajectory`` names it ("" none)."""
        name = str(self.get_parameter("follow_joint_trajectory").value)
        if not name or self.action_server is not None:
            return
        from .trajectory_action import TrajectoryActionServer, action_owner

        controller = action_owner(name, "feedback_controller")
        try:  # a ROS machine with control_msgs: JTC's own type, what MoveIt sends
            from control_msgs.action import FollowJointTrajectory as action_type

            type_name = "control_msgs/action/FollowJointTrajectory"
        except ImportError:  # modyn's (the same fields, plus its own result and feedback)
            action_type, type_name = None, "modyn_interfaces/action/FollowJointTrajectory"
        self.action_server = TrajectoryActionServer(
            self, self.submit, self.joint_map.joint_names, name, controller,
            action_type=action_type,
        )  # fmt: skip
        self.get_logger().info(f"action {name} ({type_name}) in front of /{controller}")
        plan = str(self.get_parameter("plan_and_execute").value)
        if plan:
            from .trajectory_action import PlanAndExecuteServer

            self.plan_server = PlanAndExecuteServer(
                self, self.joint_map.joint_names, plan, controller
            )
            self.get_logger().info(
                f"action {plan} (modyn_interfaces/action/PlanAndExecute): planned by "
                f"/{self.plan_server._generator}, executed by /{controller}"
            )

    def submit(self, msg: JointTrajectory) -> JointTrajectory:
        """A client's trajectory (the action server's thread): efforts filled and sent to the
        controller on ``trajectory``; MessageError for one that cannot be taken."""
        if self.model is None:
            raise MessageError("no robot model yet")
        self._check_reachable(msg)
        with self._process_lock:
            self._fill_and_publish(msg)
        return msg

    def _check_reachable(self, msg: JointTrajectory) -> None:
        """MessageError naming the point, the joint, its value and its limits for a point
        outside the model's position limits, or outside its workspace with the model's own
        message (modyn_trajectory.reach: the generator's checks of a goal, which a client's
        trajectory reaching the controller as given has not been through)."""
        model = self.model
        names = list(msg.joint_names)
        # column[j]: where the model's joint j is in the message (all of them are: indices)
        column = self.joint_map.indices(names, "trajectory.joint_names")
        offset = BASE_NQ if self._floating else 0
        rows = [p.positions for p in msg.points if len(p.positions) == len(names)]
        if not rows or len(rows) != len(msg.points):
            return  # no point, or a malformed one: the sampler names it (trajectory_arrays)
        lower = np.asarray(model.lower, dtype=float)[offset:]
        upper = np.asarray(model.upper, dtype=float)[offset:]
        points = np.asarray(rows, dtype=float)
        check_in_limits(points, column, self.joint_map.joint_names, lower, upper)
        if workspace_check(model) is not None:
            q = np.repeat(np.asarray(model.neutral(), dtype=float)[None], len(rows), axis=0)
            q[:, offset:] = points[:, column]  # the model's joint order
            check_in_workspace(model, q)

    def on_shutdown(self) -> None:
        for server in (self.plan_server, self.action_server):
            if server is not None:
                server.close()

    def _on_model_set(self, model) -> None:
        self.model = model
        self._floating = bool(getattr(model, "floating_base", False))
        if self._floating:
            # trajectories name the joints; the base is held at rest at its last pose
            self.joint_map = JointMap(model.coordinate_names[BASE_NQ:])
            np.copyto(self._base_q, np.asarray(model.neutral(), dtype=float)[:BASE_NQ])
            self.create_subscription(Odometry, "base_state", self._on_base_state, STATE_QOS)
            self._efforts = True
            self.get_logger().info(
                f"model '{model.name}' has a floating base: trajectories name its joints "
                f"{list(model.coordinate_names[BASE_NQ:])}; efforts are the joint torques of the "
                "inverse dynamics with the base held at rest at its last base_state pose (the "
                "base reaction wrench: diagnostics)"
            )
            waiting, self._waiting = self._waiting, []
            for msg in waiting:
                self._process(msg)
            return
        self.joint_map = JointMap(model.coordinate_names)
        self.actuators = ActuatorMap(model)
        same = tuple(model.actuator_names) == tuple(model.coordinate_names)
        convention = coordinate_effort(model)  # module docstring
        self._efforts = convention != "none"
        if convention == "u" and not same:
            self.get_logger().info(
                f"model '{model.name}': the efforts of actuators {list(model.actuator_names)} are "
                f"written under coordinates {list(model.coordinate_names)}, by index"
            )
        elif convention == "tau" and not same:
            self.get_logger().info(
                f"model '{model.name}': {model.nu} actuators on {model.nq} coordinates: the "
                "efforts are the generalized forces Sᵀ(q_d) u_ff of the actuators' u_ff, by "
                "coordinate"
            )
        if not self._efforts:
            self.get_logger().error(
                f"model '{model.name}': actuator_names {list(model.actuator_names)} are not its "
                f"coordinate_names {list(model.coordinate_names)}: a JointTrajectory has one name "
                "list, so the trajectories go on without feed-forward efforts"
            )
        waiting, self._waiting = self._waiting, []
        for msg in waiting:
            self._process(msg)

    def _on_planned(self, msg: JointTrajectory) -> None:
        if self.model is None:
            # keep them all (as many as the topic's history): each plan continues the one
            # before it, and the controller needs them in order
            self._waiting.append(msg)
            del self._waiting[:-10]
            self.get_logger().info("planned_trajectory received before the robot model: kept")
            return
        self._process(msg)

    def _process(self, msg: JointTrajectory) -> None:
        with self._process_lock:
            try:
                self._fill_and_publish(msg)
            except MessageError as exc:
                self._stats["rejected"] += 1
                self._last_rejection = str(exc)
                self.get_logger().error(f"planned_trajectory rejected: {exc}")

    def _fill_and_publish(self, msg: JointTrajectory) -> None:
        """τ_ff into ``msg``'s efforts, then ``msg`` on ``trajectory``; MessageError for a
        message the model cannot take (nothing published)."""
        started = time.perf_counter()
        arrays = trajectory_arrays(msg, self.joint_map)
        friction = bool(self.get_parameter("friction").value)
        t0 = time.perf_counter()
        if self._floating:
            tau, wrench = held_base_efforts(self.model, arrays, self._base_q, friction)
            self._stats["last_peak_base_force"] = round(
                float(np.linalg.norm(wrench[:, :3], axis=1).max()), 6
            )
            self._stats["last_peak_base_torque"] = round(
                float(np.linalg.norm(wrench[:, 3:], axis=1).max()), 6
            )
            peak = np.abs(tau).max(axis=0)
            self._stats["last_peak_actuator_effort"] = round(float(peak.max()), 6)
            self._stats["last_peak_actuator"] = self.model.coordinate_names[
                BASE_NQ + int(peak.argmax())
            ]
            effort = np.empty_like(tau)
            effort[:, arrays.index] = tau
        elif self._efforts:
            u = actuator_efforts(self.model, arrays, friction, self.actuators)
            peak = np.abs(u).max(axis=0)
            self._stats["last_peak_actuator_effort"] = round(float(peak.max()), 6)
            self._stats["last_peak_actuator"] = self.model.actuator_names[int(peak.argmax())]
            if u.shape[1] != len(arrays.index):  # nu > nq: Sᵀ(q_d) u, by coordinate
                u = np.einsum("mji,mj->mi", np.asarray(self.model.actuation_matrix(arrays.q)), u)
            effort = np.empty_like(u)
            effort[:, arrays.index] = u
        t1 = time.perf_counter()
        if self._efforts:
            for point, tau in zip(msg.points, effort.tolist(), strict=True):
                point.effort = tau
        self.publisher.publish(msg)
        self._stats["trajectories"] += 1
        self._stats["last_points"] = len(msg.points)
        self._stats["last_dynamics_ms"] = round((t1 - t0) * 1e3, 3)
        self._stats["last_total_ms"] = round((time.perf_counter() - started) * 1e3, 3)
        self._last_rejection = ""

    def _on_base_state(self, msg: Odometry) -> None:
        """The floating base's pose: where the inverse dynamics holds it."""
        q, v = self._base_q.copy(), self._base_v.copy()
        try:
            base_from_odometry(msg, q, v)
        except MessageError as exc:
            self.get_logger().warning(f"base_state rejected: {exc}", throttle_duration_sec=1.0)
            return
        np.copyto(self._base_q, q)

    def _report(self):
        values = dict(self._stats)
        values["last_rejection"] = self._last_rejection
        if self.model is None:
            return WARN, "waiting for the robot model", values
        if self._last_rejection:
            return WARN, f"last planned_trajectory rejected: {self._last_rejection}", values
        return OK, "ready", values


def main(args=None) -> int:
    """Console script entry point."""
    return run_node(InverseDynamicsFeedforward, "inverse_dynamics_feedforward", args)


if __name__ == "__main__":
    sys.exit(main())
