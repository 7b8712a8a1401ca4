"""Joint-name mapping and validation of message fields (pure Python, no rclpy).

Every modyn message carries names; a node maps them once to its model's order (positions by
``coordinate_names``, velocities by ``velocity_names``, efforts by ``actuator_names``: one
:class:`JointMap` per list). A message whose names are unknown, missing, repeated, or whose
arrays have the wrong length or hold NaN/inf is rejected with a sentence that names the field and
the value. The kind of a bad name list is the exception's type (:class:`UnknownNameError`,
:class:`MissingJointError`, :class:`RepeatedNameError`), never something to read from its text.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np

from modyn_model.errors import ModynError

__all__ = [
    "JointMap",
    "MessageError",
    "MissingJointError",
    "RepeatedNameError",
    "UnknownNameError",
    "check_values",
]


class MessageError(ModynError):
    """A message that cannot be used; the text says which field and why."""


class UnknownNameError(MessageError):
    """A name the model does not have."""


class MissingJointError(MessageError):
    """A model name absent from the message."""


class RepeatedNameError(MessageError):
    """A name given more than once."""


class JointMap:
    """Maps message names onto a fixed order (a model's names).

    ``indices(names)`` returns, for each model name, its position in ``names``; results are
    cached per tuple of names, so a steady stream of messages costs one dict lookup.

    Parameters
    ----------
    joint_names : sequence of str
        The fixed order (e.g. ``model.coordinate_names`` or ``model.actuator_names``).
    ignore_unknown : bool
        Accept names that are not in ``joint_names`` (they are skipped): a
        joint_state_broadcaster publishes every joint of the robot, not only the model's.
    """

    def __init__(self, joint_names: Sequence[str], *, ignore_unknown: bool = False):
        self.joint_names = tuple(joint_names)
        self.ignore_unknown = bool(ignore_unknown)
        self._known = frozenset(self.joint_names)
        self._cache: dict[tuple[str, ...], np.ndarray] = {}

    @property
    def n(self) -> int:
        return len(self.joint_names)

    def indices(self, names: Sequence[str], field: str = "name") -> np.ndarray:
        """For each name of :attr:`joint_names`, its position in ``names`` (read-only array).

        Raises
        ------
        RepeatedNameError, UnknownNameError, MissingJointError
            (all :class:`MessageError`) naming ``field`` and the names, checked in this order.
        """
        key = tuple(names)
        hit = self._cache.get(key)
        if hit is not None:
            return hit
        if len(set(key)) != len(key):
            dup = sorted({x for x in key if key.count(x) > 1})
            raise RepeatedNameError(f"{field}: repeated joint name(s) {dup}")
        if not self.ignore_unknown:
            unknown = sorted(set(key) - self._known)
            if unknown:
                raise UnknownNameError(
                    f"{field}: unknown joint name(s) {unknown}; expected {list(self.joint_names)}"
                )
        present = set(key)
        missing = [x for x in self.joint_names if x not in present]
        if missing:
            raise MissingJointError(f"{field}: missing joint(s) {missing}")
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
