"""What the two modyn_control nodes share: parameter parsing and the console-script runner."""

from __future__ import annotations

import numbers

import rclpy
from rclpy.exceptions import InvalidParameterTypeException, InvalidParameterValueException
from rclpy.executors import ExternalShutdownException

__all__ = ["ParameterError", "number_list", "run"]


class ParameterError(ValueError):
    """A node parameter with an unusable value; the text names the parameter."""


def number_list(value, name: str) -> list[float]:
    """A parameter holding one number or a list of numbers (int or float) as a list of floats.

    Dynamically typed parameters let users write ``kp:=100``, ``kp:=100.0`` or
    ``kp:=[100, 50.5]``; anything else (strings, booleans) is a :class:`ParameterError`.
    """
    if value is None:
        return []
    if isinstance(value, numbers.Real) and not isinstance(value, bool):
        return [float(value)]
    if isinstance(value, str | bool):
        raise ParameterError(f"{name} = {value!r}: expected a number or a list of numbers")
    out = []
    for i, x in enumerate(value):
        if isinstance(x, bytes | bool) or not isinstance(x, numbers.Real):
            raise ParameterError(f"{name}[{i}] = {x!r}: expected a number")
        out.append(float(x))
    return out


def run(node_class, name: str, args=None) -> int:
    """Run ``node_class()`` until shutdown; 1 if a parameter is unusable, else 0.

    A parameter error may surface at construction (``robot_description`` given as a
    parameter) or later, when the model arrives on ``/robot_description``: both end the
    process with a fatal log line that names the parameter.
    """
    rclpy.init(args=args)
    node = None
    try:
        node = node_class()
        rclpy.spin(node)
    except (ParameterError, InvalidParameterTypeException, InvalidParameterValueException) as exc:
        rclpy.logging.get_logger(name).fatal(f"bad parameter: {exc}")
        return 1
    except (KeyboardInterrupt, ExternalShutdownException):
        pass
    finally:
        if node is not None:
            node.destroy_node()
        rclpy.try_shutdown()
    return 0
