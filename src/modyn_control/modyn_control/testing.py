"""Test support: the feedback_controller under test, wired to the rclpy test harness
(:mod:`modyn_ros.testing`, fixture ``ros``): publish crafted joint states and trajectories,
read the commands, set parameters (this package's node tests)."""

from __future__ import annotations

import numpy as np
from rcl_interfaces.msg import Parameter as ParameterMsg
from rcl_interfaces.msg import ParameterType, ParameterValue
from rcl_interfaces.srv import SetParameters
from rclpy.parameter import Parameter
from sensor_msgs.msg import JointState
from trajectory_msgs.msg import JointTrajectory, JointTrajectoryPoint

from modyn_control.feedback_controller_node import FeedbackController
from modyn_ros.qos import LATCHED_QOS, STATE_QOS
from modyn_trajectory.quintic import plan_waypoints, sample_times

__all__ = ["ControllerLoop", "stamp", "state_msg", "trajectory_msg", "param_msg", "SET"]

SET = "/feedback_controller/set_parameters"


def stamp(msg, t: float) -> None:
    """Write ``t`` (s) into a builtin_interfaces Time or Duration, to the nanosecond."""
    sec, nsec = divmod(round(t * 1e9), 1_000_000_000)
    msg.sec, msg.nanosec = int(sec), int(nsec)


def state_msg(names, q, v, t) -> JointState:
    msg = JointState(
        name=list(names), position=[float(x) for x in q], velocity=[float(x) for x in v]
    )
    stamp(msg.header.stamp, t)
    return msg


def trajectory_msg(model, q0, q1, start, friction=True):
    """A planned trajectory with τ_ff (as the generator and the feed-forward node make it):
    (message, plan, sample times, efforts)."""
    n = model.nq
    plan = plan_waypoints(q0, [q1], v_max=np.full(n, 2.0), a_max=np.full(n, 5.0))
    times = sample_times(plan, 0.01)
    q, v, a = plan.sample(times)
    effort = model.inverse_dynamics(q, v, a, friction=friction)
    msg = JointTrajectory(joint_names=list(model.joint_names))
    stamp(msg.header.stamp, start)
    for i, t in enumerate(times):
        point = JointTrajectoryPoint(
            positions=q[i].tolist(),
            velocities=v[i].tolist(),
            accelerations=a[i].tolist(),
            effort=effort[i].tolist(),
        )
        stamp(point.time_from_start, t)
        msg.points.append(point)
    return msg, plan, times, effort


def param_msg(name, value) -> ParameterMsg:
    if isinstance(value, bool):
        pv = ParameterValue(type=ParameterType.PARAMETER_BOOL, bool_value=value)
    elif isinstance(value, str):
        pv = ParameterValue(type=ParameterType.PARAMETER_STRING, string_value=value)
    elif isinstance(value, float):
        pv = ParameterValue(type=ParameterType.PARAMETER_DOUBLE, double_value=value)
    else:
        pv = ParameterValue(
            type=ParameterType.PARAMETER_DOUBLE_ARRAY, double_array_value=[float(x) for x in value]
        )
    return ParameterMsg(name=name, value=pv)


class ControllerLoop:
    """The controller under test, wired to the harness: send a state, get its command."""

    def __init__(self, ros, model, xml, **params):
        overrides = [Parameter("robot_description", value=xml)]
        overrides += [Parameter(k, value=v) for k, v in params.items()]
        self.ros, self.model = ros, model
        self.node = ros.add(FeedbackController(context=ros.context, parameter_overrides=overrides))
        self.commands = ros.collect(JointState, "effort_command", STATE_QOS)
        self.states = ros.publisher(JointState, "joint_states", STATE_QOS)
        self.trajectories = ros.publisher(JointTrajectory, "trajectory", LATCHED_QOS)
        ros.wait_for_subscribers(self.states)
        ros.wait_for_subscribers(self.trajectories)
        ros.wait_for_subscribers(self.node.publisher)  # the harness hears the commands

    def send(self, q, v, t, names=None, timeout=3.0):
        """Publish a state; the command's efforts in model order, or None if none came."""
        before = len(self.commands)
        self.states.publish(state_msg(names or self.model.joint_names, q, v, t))
        if not self.ros.spin_until(lambda: len(self.commands) > before, timeout=timeout):
            return None
        cmd = self.commands[-1]
        assert list(cmd.name) == list(self.model.joint_names)
        sec, nsec = divmod(round(t * 1e9), 1_000_000_000)
        assert (cmd.header.stamp.sec, cmd.header.stamp.nanosec) == (sec, nsec)
        return np.array(cmd.effort)

    def command(self, q, v, t) -> np.ndarray:
        """:meth:`send`, which must be answered."""
        tau = self.send(q, v, t)
        assert tau is not None, f"no command for the state at t = {t} s"
        return tau

    def silent(self, q, v, t, names=None, wait=0.3) -> bool:
        """Publish a state; True if no command came back."""
        before = len(self.commands)
        self.states.publish(state_msg(names or self.model.joint_names, q, v, t))
        self.ros.spin_for(wait)
        return len(self.commands) == before

    def send_trajectory(self, msg) -> None:
        """Publish a trajectory and wait until the node has accepted or rejected it."""
        stats = self.node._stats
        count = stats.trajectories + stats.trajectories_rejected
        self.trajectories.publish(msg)
        assert self.ros.spin_until(lambda: stats.trajectories + stats.trajectories_rejected > count)

    def follow(self, q0, q1, start):
        """Send a planned q0 → q1 trajectory starting at ``start`` (s); (plan, times, efforts)."""
        msg, plan, times, effort = trajectory_msg(self.model, q0, q1, start)
        count = self.node._stats.trajectories
        self.trajectories.publish(msg)
        assert self.ros.spin_until(lambda: self.node._stats.trajectories > count)
        return plan, times, effort

    def set(self, **values):
        """Set parameters through the service; the list of SetParametersResult."""
        request = SetParameters.Request(parameters=[param_msg(k, v) for k, v in values.items()])
        return self.ros.call(SetParameters, SET, request).results
