"""QoS profiles of the modyn topics (see docs/nodes.md)."""

from __future__ import annotations

from rclpy.qos import DurabilityPolicy, HistoryPolicy, QoSProfile, ReliabilityPolicy

__all__ = ["STATE_QOS", "LATCHED_QOS"]

#: joint_states, effort_command: every message matters in lockstep. Keep-last never blocks the
#: writer; a depth of 100 (0.1 s at 1 kHz) lets a slower reader such as a recorder catch up
#: without losing samples.
STATE_QOS = QoSProfile(
    history=HistoryPolicy.KEEP_LAST,
    depth=100,
    reliability=ReliabilityPolicy.RELIABLE,
    durability=DurabilityPolicy.VOLATILE,
)

#: /robot_description, goal, planned_trajectory, trajectory: the latest one, also for late joiners
#: (robot_state_publisher's profile for /robot_description).
LATCHED_QOS = QoSProfile(
    history=HistoryPolicy.KEEP_LAST,
    depth=1,
    reliability=ReliabilityPolicy.RELIABLE,
    durability=DurabilityPolicy.TRANSIENT_LOCAL,
)
