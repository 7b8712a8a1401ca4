"""A once-per-second ``/diagnostics`` publisher (wall clock, so it also runs while sim time
is paused)."""

from __future__ import annotations

from collections.abc import Callable

from diagnostic_msgs.msg import DiagnosticArray, DiagnosticStatus, KeyValue
from rclpy.clock import Clock, ClockType

__all__ = ["Diagnostics", "level_of"]

OK, WARN, ERROR = DiagnosticStatus.OK, DiagnosticStatus.WARN, DiagnosticStatus.ERROR


def level_of(level) -> int:
    """``DiagnosticStatus.level`` as an int: rclpy gives the byte field as ``bytes`` in a
    received message and an int where the message was built in Python."""
    return level[0] if isinstance(level, (bytes, bytearray)) else int(level)


class Diagnostics:
    """Publishes ``report()`` → (level, message, {key: value}) on ``/diagnostics``."""

    def __init__(self, node, report: Callable[[], tuple[int, str, dict]], period: float = 1.0):
        self.node = node
        self.report = report
        self.publisher = node.create_publisher(DiagnosticArray, "/diagnostics", 10)
        self.timer = node.create_timer(
            period, self.publish, clock=Clock(clock_type=ClockType.STEADY_TIME)
        )

    def publish(self) -> None:
        level, message, values = self.report()
        status = DiagnosticStatus(
            level=level,
            name=f"{self.node.get_name()}",
            message=message,
            hardware_id=self.node.get_fully_qualified_name(),
            values=[KeyValue(key=str(k), value=str(v)) for k, v in values.items()],
        )
        msg = DiagnosticArray(status=[status])
        msg.header.stamp = self.node.get_clock().now().to_msg()
        self.publisher.publish(msg)
