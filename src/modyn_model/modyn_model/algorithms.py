"""Single-call dynamics as free functions over (model, data), Pinocchio style.

Each function validates its inputs, evaluates the robot's customized (generated) model and
writes the result into the matching buffer of ``data`` (no array is allocated per call), then
returns that buffer. For batches, external wrenches or the readable recursions use the
:class:`~modyn_model.model.RobotModel` methods or :mod:`modyn_model.dynamics`.

>>> data = model.make_data()
>>> tau = inverse_dynamics(model, data, q, v, a)     # data.tau
"""

from __future__ import annotations

import numpy as np

from .codegen.runtime import fast_forward_dynamics, fast_mass_matrix, fast_rnea
from .data import Data

__all__ = ["inverse_dynamics", "bias_forces", "gravity", "mass_matrix", "forward_dynamics"]


def _vec(model, name, x) -> np.ndarray:
    arr = model.check_state(name, x)
    if arr.ndim != 1:
        from .errors import StateError

        raise StateError(
            f"{name}: the (model, data) functions take one state of shape ({model.n},)"
        )
    return arr


def inverse_dynamics(model, data: Data, q, v, a, *, friction: bool = True) -> np.ndarray:
    """Γ(q, q̇, q̈) into ``data.tau``."""
    return fast_rnea(
        model,
        _vec(model, "q", q),
        _vec(model, "v", v),
        _vec(model, "a", a),
        friction=friction,
        out=data.tau,
    )


def bias_forces(model, data: Data, q, v, *, friction: bool = True) -> np.ndarray:
    """H(q, q̇) = C q̇ + Q + friction into ``data.h``."""
    return fast_rnea(
        model, _vec(model, "q", q), _vec(model, "v", v), None, friction=friction, out=data.h
    )


def gravity(model, data: Data, q) -> np.ndarray:
    """Q(q) into ``data.g``."""
    return fast_rnea(model, _vec(model, "q", q), None, None, friction=False, out=data.g)


def mass_matrix(model, data: Data, q) -> np.ndarray:
    """A(q) into ``data.M``."""
    return fast_mass_matrix(model, _vec(model, "q", q), out=data.M)


def forward_dynamics(model, data: Data, q, v, tau, *, friction: bool = True) -> np.ndarray:
    """q̈ into ``data.ddq`` (customized §7.6.1 model)."""
    return fast_forward_dynamics(
        model,
        _vec(model, "q", q),
        _vec(model, "v", v),
        _vec(model, "tau", tau),
        friction=friction,
        out=data.ddq,
    )
