"""Exceptions raised by modyn_model.

Every error raised on bad input is a :class:`ModelError`; its subclasses say which kind of
input was wrong. Messages name the file, the element (link, joint, field) and the value.
"""

from __future__ import annotations

__all__ = [
    "ModynError",
    "ModelError",
    "DescriptionError",
    "InertiaError",
    "JointError",
    "TopologyError",
    "UnsupportedError",
    "StateError",
    "ConstraintError",
]


class ModynError(ValueError):
    """Base class of every error the modyn packages raise on bad input (a model, a parameter, a
    message, a trajectory, a system file): ``except ModynError`` catches them all, and each
    subclass's message names the file, field, joint and value."""


class ModelError(ModynError):
    """Base class of every error modyn_model raises on bad input."""


class DescriptionError(ModelError):
    """Malformed robot description: XML, xacro or YAML that cannot be read."""


class InertiaError(ModelError):
    """Missing, non-positive or physically impossible inertial parameters."""


class JointError(ModelError):
    """A joint that cannot be modelled as given (unknown type, bad axis, bad limits or extras)."""


class TopologyError(ModelError):
    """Kinematic structure problems: loops, unknown links, unreachable tip."""


class UnsupportedError(ModelError):
    """A valid description feature that modyn does not model yet (e.g. mimic joints)."""


class StateError(ModelError):
    """A state or input vector of the wrong shape or with non-finite values."""


class ConstraintError(ModelError):
    """Constraints that cannot be enforced as given: rank-deficient (linearly dependent rows),
    violated at the configuration they were attached at, or an acceleration that breaks them;
    the message names the constraints."""
