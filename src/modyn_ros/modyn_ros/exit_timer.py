"""A bound on a node process's DDS teardown: after a delay, ``_exit(0)`` from a C thread.

Measured (test_supervision's Ctrl-C cases, two runs of the whole suite out of three): a node
stopping at the same moment as its peers stayed blocked in ``destroy_node`` (rclpy's
``destroy_when_not_in_use`` → ``rcl_node_fini`` → Fast DDS) until the runner's SIGKILL 10 s
later, its robot-side work (the ``on_shutdown`` hooks) long done. Fast DDS has an open report of
the same kind (eprosima/Fast-DDS#6193: entity destruction deadlocks in ``unregister_timer`` when
connected applications stop together, about one stop in ten). The blocked call holds the GIL, so
no Python thread, signal handler or timer can act; only the C library can. This module asks it,
through a POSIX timer with ``SIGEV_THREAD`` notification, to call ``_exit(0)`` in a thread of
its own once the delay has passed; Python's ``faulthandler`` (a C thread too) first writes every
Python thread's stack to stderr, so the log says that it happened and where.

Linux/glibc (x86-64 and aarch64: ``union sigval`` is passed in the register that holds
``_exit``'s int argument); elsewhere :class:`ExitTimer` is a no-op that says so (``armed``).
"""

from __future__ import annotations

import ctypes
import faulthandler
import sys

__all__ = ["ExitTimer"]

_CLOCK_MONOTONIC = 1
_SIGEV_THREAD = 2


class _SigEvent(ctypes.Structure):
    # glibc's struct sigevent (64 bytes): sigev_value, sigev_signo, sigev_notify, then the
    # _sigev_thread member of the union (_function, _attribute) padded to the union's size
    _fields_ = [
        ("value", ctypes.c_void_p),
        ("signo", ctypes.c_int),
        ("notify", ctypes.c_int),
        ("function", ctypes.c_void_p),
        ("attribute", ctypes.c_void_p),
        ("pad", ctypes.c_byte * 32),
    ]


class _Timespec(ctypes.Structure):
    _fields_ = [("sec", ctypes.c_long), ("nsec", ctypes.c_long)]


class _ITimerSpec(ctypes.Structure):
    _fields_ = [("interval", _Timespec), ("value", _Timespec)]


class ExitTimer:
    """``_exit(0)`` ``delay`` s from now unless :meth:`cancel` is called first; the Python
    stacks are written to stderr ``dump_before`` s before that.

    Parameters
    ----------
    delay : float
        Seconds (monotonic clock) until the process exits.
    dump_before : float
        Seconds before the exit at which the stacks are written.
    """

    def __init__(self, delay: float, dump_before: float = 0.5) -> None:
        self.armed = False
        self._timer = ctypes.c_void_p()
        self._dumping = False
        if not sys.platform.startswith("linux"):
            return
        try:
            libc = ctypes.CDLL(None, use_errno=True)
            create, settime = libc.timer_create, libc.timer_settime
            self._delete = libc.timer_delete
            exit_address = ctypes.cast(libc._exit, ctypes.c_void_p).value
        except (OSError, AttributeError):
            return
        event = _SigEvent(value=None, signo=0, notify=_SIGEV_THREAD, function=exit_address)
        if create(_CLOCK_MONOTONIC, ctypes.byref(event), ctypes.byref(self._timer)) != 0:
            return
        whole = int(delay)
        spec = _ITimerSpec(_Timespec(0, 0), _Timespec(whole, int((delay - whole) * 1e9)))
        if settime(self._timer, 0, ctypes.byref(spec), None) != 0:
            self._delete(self._timer)
            return
        self.armed = True
        if delay > dump_before > 0.0:
            faulthandler.dump_traceback_later(delay - dump_before, repeat=False, file=sys.stderr)
            self._dumping = True

    def cancel(self) -> None:
        """Disarm: the process goes on (and exits however it would have)."""
        if self._dumping:
            faulthandler.cancel_dump_traceback_later()
            self._dumping = False
        if self.armed:
            self._delete(self._timer)
            self.armed = False
