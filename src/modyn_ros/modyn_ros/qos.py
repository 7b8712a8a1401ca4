"""QoS profiles of the modyn topics (see docs/nodes.md)."""

from __future__ import annotations

from rclpy.qos import DurabilityPolicy, HistoryPolicy, QoSProfile, ReliabilityPolicy

__all__ = ["STATE_QOS", "LATCHED_QOS", "TRAJECTORY_QOS", "STATUS_QOS"]

#: joint_states, effort_command: every message matters in lockstep. Keep-last never blocks the
#: writer; a depth of 100 (0.1 s at 1 kHz) lets a slower reader such as a recorder catch up
#: without losing samples.
STATE_QOS = QoSProfile(
    history=HistoryPolicy.KEEP_LAST,
    depth=100,
    reliability=ReliabilityPolicy.RELIABLE,
    durability=DurabilityPolicy.VOLATILE,
)

#: /robot_description, hardware_status: the latest one, also for late joiners
#: (robot_state_publisher's profile for /robot_description).
LATCHED_QOS = QoSProfile(
    history=HistoryPolicy.KEEP_LAST,
    depth=1,
    reliability=ReliabilityPolicy.RELIABLE,
    durability=DurabilityPolicy.TRANSIENT_LOCAL,
)

#: planned_trajectory, trajectory: the last 10, also for late joiners. A plan continues the one
#: before it from its start time on (docs/nodes.md), so a subscriber that joins after two plans
#: were published needs both, in order: with a depth of 1 it would get only the second one and
#: follow it from a state the arm is not in.
TRAJECTORY_QOS = QoSProfile(
    history=HistoryPolicy.KEEP_LAST,
    depth=10,
    reliability=ReliabilityPolicy.RELIABLE,
    durability=DurabilityPolicy.TRANSIENT_LOCAL,
)

#: goal_status: every report of the goal lifecycle (the generator's accepted / rejected, the
#: controller's pending / executing / done / refused ...), monitoring, the last 10 kept for late
#: subscribers (a refused goal is an event a monitoring tool started afterwards still wants).
STATUS_QOS = QoSProfile(
    history=HistoryPolicy.KEEP_LAST,
    depth=10,
    reliability=ReliabilityPolicy.RELIABLE,
    durability=DurabilityPolicy.TRANSIENT_LOCAL,
)
