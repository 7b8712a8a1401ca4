"""The console-script main shared by the modyn nodes.

Exit status: 0 after SIGINT/SIGTERM or a normal shutdown, 2 on a configuration error (a
parameter that cannot be used; the fatal log line names it), 1 on a fatal runtime error of the
node (e.g. a diverging plant). A signal that lands while rclpy is inside a callback is a
normal shutdown, not a crash.
"""

from __future__ import annotations

from collections.abc import Callable

import rclpy
from rclpy.exceptions import InvalidParameterTypeException, InvalidParameterValueException
from rclpy.executors import ExternalShutdownException, SingleThreadedExecutor

from .params import ParameterError

__all__ = ["EXIT_CONFIG", "EXIT_RUNTIME", "run_node"]

EXIT_CONFIG = 2
EXIT_RUNTIME = 1

_CONFIG_ERRORS = (ParameterError, InvalidParameterTypeException, InvalidParameterValueException)


def run_node(
    factory: Callable[[], object],
    name: str,
    args: list[str] | None = None,
    config_errors: tuple[type[BaseException], ...] = (),
    runtime_errors: tuple[type[BaseException], ...] = (),
) -> int:
    """Create the node with ``factory()`` and spin it; return the exit status (see module doc).

    ``config_errors`` are extra exception types meaning "bad configuration" (already logged by
    the node, or logged here); ``runtime_errors`` are fatal errors of a running node.
    """
    rclpy.init(args=args)
    logger = rclpy.logging.get_logger(name)
    node = None
    status = 0
    try:
        node = factory()
        executor = SingleThreadedExecutor()
        executor.add_node(node)
        executor.spin()
    except _CONFIG_ERRORS + config_errors as exc:
        logger.fatal(f"bad parameter: {exc}")
        status = EXIT_CONFIG
    except runtime_errors as exc:
        logger.fatal(f"fatal: {exc}")
        status = EXIT_RUNTIME
    except (KeyboardInterrupt, ExternalShutdownException):
        pass
    except RuntimeError:
        # rclpy raises RuntimeError from a take or wait interrupted by the shutdown a signal
        # started; anything else is a real error
        if rclpy.ok():
            raise
    finally:
        if node is not None:
            node.destroy_node()
        rclpy.try_shutdown()
    return status
