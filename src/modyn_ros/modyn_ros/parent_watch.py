"""Stop a node's process when the process that owns it is gone (no rclpy: the fork server uses
it before any node exists).

Two owners use it: the modyn runner (:func:`modyn_ros.node_main.watch_the_runner`, the parent
named by ``$MODYN_RUNNER_PID``) and the caller of a forked node
(``modyn_bringup.fork_server``: the intermediate process, then the caller, a subreaper). A
runner or a test process that crashed or was SIGKILLed leaves its nodes running as orphans no
one stops (L16b: 45 minutes at 92 % of a core; L18: a planar arm's four nodes answered the next
test's goal).
"""

from __future__ import annotations

import os
import signal
import threading
import time
from collections.abc import Callable

__all__ = ["stop_when_orphaned"]


def stop_when_orphaned(
    parents: tuple[int, ...],
    poll: float,
    grace: float,
    name: str,
    before_stop: Callable[[], None] = lambda: None,
    before_exit: Callable[[], None] = lambda: None,
) -> threading.Thread:
    """Start a daemon thread that looks at this process's parent every ``poll`` s; once it is
    none of ``parents``, ``before_stop()`` (say why), SIGTERM to this process (the node's own
    clean shutdown, as from its owner), and ``grace`` s later ``before_exit()`` and exit status
    1. Returns the thread (named ``name``)."""

    def watch() -> None:
        while os.getppid() in parents:
            time.sleep(poll)
        before_stop()
        os.kill(os.getpid(), signal.SIGTERM)
        time.sleep(grace)
        before_exit()
        os._exit(1)

    thread = threading.Thread(target=watch, name=name, daemon=True)
    thread.start()
    return thread
