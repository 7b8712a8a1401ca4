"""Logging from the control loop's callbacks without rclpy's caller search.

rclpy's ``logger.info(text)`` finds the calling frame outside rclpy by walking the stack with
``inspect.getframeinfo``, which resolves each frame's file on disk (``os.path.realpath``, the
source lines): measured 160-210 µs per call on the 2-core machine at a fast hour, and up to
about 800 µs inside the loop at a slow one. The feedback controller logs each trajectory's
start and end from its ``joint_states`` callback, which the command of that tick waits for.

:func:`log` hands the same message, severity and logger name to the same rcutils call rclpy
ends in (so the console line, its format and ``/rosout`` are unchanged), with the caller read
from ``sys._getframe`` (function, file, line): about 4 µs. Where this rclpy has no such call (a
future version), it falls back to the logger's own method. rclpy's filters (``once``,
``throttle_duration_sec``) are not offered: a throttled message goes through the logger.
"""

from __future__ import annotations

import sys

from rclpy.logging import LoggingSeverity

try:  # the C extension rclpy's own RcutilsLogger.log ends in
    from rclpy.impl.implementation_singleton import rclpy_implementation as _rclpy

    _emit = _rclpy.rclpy_logging_rcutils_log
    _enabled = _rclpy.rclpy_logging_logger_is_enabled_for
except (ImportError, AttributeError):  # pragma: no cover - another rclpy
    _emit = _enabled = None

__all__ = ["DEBUG", "ERROR", "INFO", "WARN", "log"]

DEBUG = LoggingSeverity.DEBUG
INFO = LoggingSeverity.INFO
WARN = LoggingSeverity.WARN
ERROR = LoggingSeverity.ERROR


def log(logger, severity: LoggingSeverity, message: str) -> None:
    """Log ``message`` at ``severity`` on ``logger`` (a node's ``get_logger()``), as
    ``logger.log(message, severity)`` would, in a few microseconds (module docstring)."""
    if _emit is None:
        logger.log(message, severity)
        return
    if not _enabled(logger.name, severity):
        return
    caller = sys._getframe(1)
    code = caller.f_code
    _emit(severity, logger.name, message, code.co_name, code.co_filename, caller.f_lineno)
