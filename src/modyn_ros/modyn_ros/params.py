"""Parameter parsing shared by the modyn nodes (pure Python).

Per-joint numeric parameters are declared with dynamic typing so that users may write
``kp:=100``, ``kp:=100.0`` or ``kp:=[100, 50.5]``; these helpers turn such a value into a
per-joint float array or raise :class:`ParameterError` naming the parameter and the value.
"""

from __future__ import annotations

import difflib
import math
import numbers
from collections.abc import Iterable

import numpy as np

from modyn_model.errors import ModynError

__all__ = [
    "ParameterError",
    "check_parameter_names",
    "number_list",
    "positive",
    "non_negative",
    "per_joint",
]


class ParameterError(ModynError):
    """A node parameter with an unusable value; the text names the parameter."""


def number_list(value, name: str) -> list[float]:
    """One number or a list of numbers (int or float) as a list of floats ([] for None)."""
    if value is None:
        return []
    if isinstance(value, numbers.Real) and not isinstance(value, bool):
        return [float(value)]
    if isinstance(value, str | bytes | bool):
        raise ParameterError(f"{name} = {value!r}: expected a number or a list of numbers")
    out = []
    for i, x in enumerate(value):
        if isinstance(x, bytes | bool) or not isinstance(x, numbers.Real):
            raise ParameterError(f"{name}[{i}] = {x!r}: expected a number")
        out.append(float(x))
    return out


def positive(values: list[float], name: str) -> list[float]:
    """``values`` if every entry is finite and > 0."""
    for i, x in enumerate(values):
        if not (math.isfinite(x) and x > 0.0):
            raise ParameterError(f"{name}[{i}] = {x}: must be finite and > 0")
    return values


def non_negative(values: list[float], name: str) -> list[float]:
    """``values`` if every entry is finite and >= 0."""
    for i, x in enumerate(values):
        if not (math.isfinite(x) and x >= 0.0):
            raise ParameterError(f"{name}[{i}] = {x}: must be finite and >= 0")
    return values


def per_joint(
    values: list[float], n: int, name: str, default: np.ndarray | None = None
) -> np.ndarray:
    """Empty → ``default`` (required if given none); one value → every joint; n values → as is."""
    if not values:
        if default is None:
            raise ParameterError(f"{name}: empty (give 1 value, or one per joint)")
        return np.array(default, dtype=float)
    if len(values) not in (1, n):
        raise ParameterError(f"{name}: {len(values)} values for {n} joints (give 1 or {n})")
    return np.array(values * n if len(values) == 1 else values, dtype=float)


def check_parameter_names(node_name: str, given: Iterable[str], declared: Iterable[str]) -> None:
    """ParameterError for a parameter given to a node (a system file, ``--set``, a launch
    ``overrides:=``, ``-p``) that the node does not declare: rclpy would ignore it silently,
    and a misspelt ``feedfoward`` would leave ``feedforward`` at its default. The text names
    the node, the unknown name, the nearest declared name and every declared one."""
    declared = sorted(set(declared))
    unknown = sorted(set(given) - set(declared))
    if not unknown:
        return
    parts = []
    for name in unknown:
        near = difflib.get_close_matches(name, declared, n=1, cutoff=0.6)
        parts.append(f"'{name}'" + (f" (did you mean '{near[0]}'?)" if near else ""))
    ours = [n for n in declared if n not in _ROS_OWN]
    verb = "is not a parameter" if len(parts) == 1 else "are not parameters"
    raise ParameterError(
        f"{node_name}: {', '.join(parts)} {verb} of this node; its parameters: {', '.join(ours)}"
    )


#: parameters every rclpy node declares (not listed among a node's own in the message)
_ROS_OWN = frozenset({"use_sim_time", "start_type_description_service"})
