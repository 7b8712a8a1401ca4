"""Parameter parsing shared by the modyn nodes (pure Python).

Per-joint numeric parameters are declared with dynamic typing so that users may write
``kp:=100``, ``kp:=100.0`` or ``kp:=[100, 50.5]``; these helpers turn such a value into a
per-joint float array or raise :class:`ParameterError` naming the parameter and the value.
"""

from __future__ import annotations

import math
import numbers

import numpy as np

from modyn_model.errors import ModynError

__all__ = ["ParameterError", "number_list", "positive", "non_negative", "per_joint"]


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
