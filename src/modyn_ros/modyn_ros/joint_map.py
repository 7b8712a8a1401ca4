"""Joint-name mapping and validation of message fields (pure Python, no rclpy).

Every modyn message carries joint names; a node maps them once to its model's order. A message
whose names are unknown, missing, repeated, or whose arrays have the wrong length or hold NaN/inf
is rejected with a sentence that names the field and the value.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np

from modyn_model.errors import ModynError

__all__ = ["JointMap", "MessageError", "check_values"]


class MessageError(ModynError):
    """A message that cannot be used; the text says which field and why."""


class JointMap:
    """Maps message joint names onto a fixed order (the model's ``joint_names``).

    ``indices(names)`` returns, for each model joint, its position in ``names``; results are
    cached per tuple of names, so a steady stream of messages costs one dict lookup.
    """

    def __init__(self, joint_names: Sequence[str]):
        self.joint_names = tuple(joint_names)
        self._cache: dict[tuple[str, ...], np.ndarray] = {}

    @property
    def n(self) -> int:
        return len(self.joint_names)

    def indices(self, names: Sequence[str], field: str = "name") -> np.ndarray:
        key = tuple(names)
        hit = self._cache.get(key)
        if hit is not None:
            return hit
        if len(set(key)) != len(key):
            dup = sorted({x for x in key if key.count(x) > 1})
            raise MessageError(f"{field}: repeated joint name(s) {dup}")
        unknown = sorted(set(key) - set(self.joint_names))
        if unknown:
            raise MessageError(
                f"{field}: unknown joint name(s) {unknown}; expected {list(self.joint_names)}"
            )
        missing = [x for x in self.joint_names if x not in key]
        if missing:
            raise MessageError(f"{field}: missing joint(s) {missing}")
        out = np.array([key.index(x) for x in self.joint_names], dtype=int)
        out.flags.writeable = False
        if len(self._cache) < 64:
            self._cache[key] = out
        return out

    def reorder(self, names: Sequence[str], values: Sequence[float], field: str) -> np.ndarray:
        """``values`` (in the order of ``names``) as a finite float array in model order."""
        idx = self.indices(names)
        check_values(values, len(names), field)
        return np.asarray(values, dtype=float)[idx]


def check_values(values: Sequence[float], length: int, field: str) -> None:
    """Raise :class:`MessageError` unless ``values`` has ``length`` finite numbers."""
    if len(values) != length:
        raise MessageError(f"{field}: {len(values)} values for {length} joints")
    for i, x in enumerate(values):
        if not math.isfinite(x):
            raise MessageError(f"{field}[{i}] is {x}")
