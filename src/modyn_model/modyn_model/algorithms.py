"""Single-call dynamics as free functions over (model, data), Pinocchio style.

Each function validates its inputs, evaluates the model and writes the result into the matching
buffer of ``data`` (no array is allocated per call by a model with a fast path), then returns
that buffer. They dispatch through the model: a model with a ``fast_path()`` (a
:class:`~modyn_model.model.RobotModel`: its customized, generated code) is evaluated by it; any
other :class:`~modyn_model.contract.MechanismModel` through its batched methods, the result copied
into ``data``. For batches, external wrenches or the readable recursions use the model's methods.

``checked=False`` (the control-loop fast path, issue 21) skips the state checks (shape,
finiteness, conversion) for a model with a fast path: the inputs must then be 1-D C-contiguous
float64 arrays of the right sizes (anything else raises ValueError, never reads past a buffer)
and a NaN in gives NaN out. With a C compiler the call is one compiled function on the arrays
(:mod:`modyn_model.codegen.cbackend`), about 0.4-0.8 µs for a 6-7 axis arm. The checked
default first tries the compiled ``call_checked`` (1-D float64 finite inputs, checked in C) and
runs the Python checks only when it declines, so they name any problem as before.

>>> data = model.make_data()
>>> tau = inverse_dynamics(model, data, q, v, a)     # data.tau
"""

from __future__ import annotations

import numpy as np

from .data import Data
from .errors import StateError

__all__ = [
    "inverse_dynamics",
    "bias_forces",
    "gravity",
    "mass_matrix",
    "forward_dynamics",
    "actuator_forces",
]


def _one(check, name: str, x) -> np.ndarray:
    arr = check(name, x)
    if arr.ndim != 1:
        raise StateError(f"{name}: the (model, data) functions take one state, got {arr.shape}")
    return arr


def _fast(model):
    get = getattr(model, "fast_path", None)
    return get() if get is not None else None


def inverse_dynamics(
    model, data: Data, q, v, a, *, friction: bool = True, checked: bool = True
) -> np.ndarray:
    """Γ(q, v, v̇) into ``data.tau`` (nv)."""
    fast = _fast(model)
    if fast is not None:
        if not checked:
            return fast.entry("rnea", True, True, True, friction)(q, v, a, data.tau)
        quick = fast.checked_entry("rnea", True, True, True, friction)
        if quick is not None and quick(q, v, a, data.tau) is not None:
            return data.tau
    q = _one(model.check_state, "q", q)
    v = _one(model.check_velocity, "v", v)
    a = _one(model.check_velocity, "a", a)
    fast = _fast(model)
    if fast is not None:
        return fast.rnea(q, v, a, friction=friction, out=data.tau)
    data.tau[:] = model.inverse_dynamics(q, v, a, friction=friction)
    return data.tau


def bias_forces(
    model, data: Data, q, v, *, friction: bool = True, checked: bool = True
) -> np.ndarray:
    """H(q, v) = C v + Q + friction into ``data.h`` (nv)."""
    fast = _fast(model)
    if fast is not None:
        if not checked:
            return fast.entry("rnea", True, False, True, friction)(q, v, data.h)
        quick = fast.checked_entry("rnea", True, False, True, friction)
        if quick is not None and quick(q, v, data.h) is not None:
            return data.h
    q = _one(model.check_state, "q", q)
    v = _one(model.check_velocity, "v", v)
    fast = _fast(model)
    if fast is not None:
        return fast.rnea(q, v, None, friction=friction, out=data.h)
    data.h[:] = model.bias_forces(q, v, friction=friction)
    return data.h


def gravity(model, data: Data, q, *, checked: bool = True) -> np.ndarray:
    """Q(q) into ``data.g`` (nv)."""
    fast = _fast(model)
    if fast is not None:
        if not checked:
            return fast.entry("rnea", False, False, True, False)(q, data.g)
        quick = fast.checked_entry("rnea", False, False, True, False)
        if quick is not None and quick(q, data.g) is not None:
            return data.g
    q = _one(model.check_state, "q", q)
    fast = _fast(model)
    if fast is not None:
        return fast.rnea(q, None, None, friction=False, out=data.g)
    data.g[:] = model.gravity(q)
    return data.g


def mass_matrix(model, data: Data, q, *, checked: bool = True) -> np.ndarray:
    """A(q) into ``data.M`` (nv, nv)."""
    fast = _fast(model)
    if fast is not None:
        if not checked:
            return fast.entry("mass_matrix")(q, data.M)
        quick = fast.checked_entry("mass_matrix")
        if quick is not None and quick(q, data.M) is not None:
            return data.M
    q = _one(model.check_state, "q", q)
    fast = _fast(model)
    if fast is not None:
        return fast.mass_matrix(q, out=data.M)
    data.M[:] = model.mass_matrix(q)
    return data.M


def forward_dynamics(
    model, data: Data, q, v, tau, *, friction: bool = True, checked: bool = True
) -> np.ndarray:
    """v̇ into ``data.ddq`` (nv) for generalized forces τ (customized §7.6.1 model for a tree)."""
    fast = _fast(model)
    if fast is not None:
        if not checked:
            return fast.entry("forward_dynamics", friction)(q, v, tau, data.ddq)
        quick = fast.checked_entry("forward_dynamics", friction)
        if quick is not None and quick(q, v, tau, data.ddq) is not None:
            return data.ddq
    q = _one(model.check_state, "q", q)
    v = _one(model.check_velocity, "v", v)
    tau = _one(model.check_velocity, "tau", tau)
    fast = _fast(model)
    if fast is not None:
        return fast.forward_dynamics(q, v, tau, friction=friction, out=data.ddq)
    data.ddq[:] = model.forward_dynamics(q, v, tau, friction=friction)
    return data.ddq


def actuator_forces(
    model, data: Data, q, v, a, *, friction: bool = True, checked: bool = True
) -> np.ndarray:
    """u with Sᵀ u = Γ(q, v, v̇) into ``data.u`` (nu); Γ is left in ``data.tau``."""
    tau = inverse_dynamics(model, data, q, v, a, friction=friction, checked=checked)
    if _fast(model) is not None:  # a tree: S = I
        data.u[:] = tau
        return data.u
    solve = getattr(model, "actuation_solve", None)
    if solve is not None:  # constraint forces take part: Sᵀ u + Jᵀ λ = Γ
        data.u[:] = solve(q, tau)
        return data.u
    # Sᵀ u = Γ, in the least-squares sense when S is not square (a redundant or under-actuated
    # mechanism: the model's own actuator_forces may prefer another solution)
    s = model.actuation_matrix(q)
    data.u[:] = np.linalg.lstsq(s.T, tau, rcond=None)[0]
    return data.u
