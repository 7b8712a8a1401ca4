"""The ``inverse_dynamics_feedforward`` node: planned_trajectory → trajectory with τ_ff.

τ_ff = Γ(q_d, q̇_d, q̈_d) of every point, computed in one batched call of the robot's
customized inverse dynamic model (Khalil §7.5.2), written into the points' ``effort``.
Topics and parameters: docs/nodes.md.
"""

from __future__ import annotations

import sys
import time

import numpy as np
from rcl_interfaces.msg import ParameterDescriptor
from rclpy.node import Node
from trajectory_msgs.msg import JointTrajectory

from modyn_ros.diagnostics import OK, WARN, Diagnostics
from modyn_ros.joint_map import JointMap, MessageError
from modyn_ros.model_source import ModelSource
from modyn_ros.node_main import run_node
from modyn_ros.qos import TRAJECTORY_QOS

from .messages import trajectory_arrays

__all__ = ["InverseDynamicsFeedforward", "feedforward_efforts", "main"]


def feedforward_efforts(model, arrays, friction: bool = True) -> np.ndarray:
    """τ_ff of every point, (m, n) in the message's ``joint_names`` order (N·m or N).

    Parameters
    ----------
    model : modyn_model.RobotModel
    arrays : modyn_control.messages.TrajectoryArrays
        The trajectory in model order (``arrays.index`` maps back to the message order).
    friction : bool
        Include the model's friction Γf(q̇_d).
    """
    tau = model.inverse_dynamics(arrays.q, arrays.v, arrays.a, friction=friction)
    out = np.empty_like(tau)
    out[:, arrays.index] = tau  # model column j goes to message column index[j]
    return out


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
        self.model = None
        self.joint_map: JointMap | None = None
        self._waiting: list[JointTrajectory] = []  # arrived before the model, in order
        self._stats = dict(
            trajectories=0,
            rejected=0,
            last_points=0,
            last_dynamics_ms=0.0,
            last_total_ms=0.0,
        )
        self._last_rejection = ""
        # the last 10 kept for late joiners, in order: each plan continues the one before it
        self.publisher = self.create_publisher(JointTrajectory, "trajectory", TRAJECTORY_QOS)
        self.create_subscription(
            JointTrajectory, "planned_trajectory", self._on_planned, TRAJECTORY_QOS
        )
        self.model_source = ModelSource(self, self._on_model)
        self.diagnostics = Diagnostics(self, self._report)

    def _on_model(self, model) -> None:
        self.model = model
        self.joint_map = JointMap(model.joint_names)
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
        started = time.perf_counter()
        try:
            arrays = trajectory_arrays(msg, self.joint_map)
        except MessageError as exc:
            self._stats["rejected"] += 1
            self._last_rejection = str(exc)
            self.get_logger().error(f"planned_trajectory rejected: {exc}")
            return
        friction = bool(self.get_parameter("friction").value)
        t0 = time.perf_counter()
        effort = feedforward_efforts(self.model, arrays, friction)
        t1 = time.perf_counter()
        for point, tau in zip(msg.points, effort.tolist(), strict=True):
            point.effort = tau
        self.publisher.publish(msg)
        self._stats["trajectories"] += 1
        self._stats["last_points"] = len(msg.points)
        self._stats["last_dynamics_ms"] = round((t1 - t0) * 1e3, 3)
        self._stats["last_total_ms"] = round((time.perf_counter() - started) * 1e3, 3)
        self._last_rejection = ""

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
