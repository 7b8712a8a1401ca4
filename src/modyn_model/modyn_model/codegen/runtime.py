"""Per-model cache of generated functions, and the dispatch used by the model methods.

1-D inputs run the scalar (math-module) form of the generated code; inputs with leading batch
axes are flattened to (N, n), run through the numpy form and reshaped back. This sits on the
single-call hot path, so it avoids anything but the unavoidable list conversions.
"""

from __future__ import annotations

import numpy as np

from .generate import (
    GeneratedFunction,
    generate_forward_dynamics,
    generate_mass_matrix,
    generate_rnea,
)

__all__ = ["FastPath", "generated", "fast_rnea", "fast_mass_matrix", "fast_forward_dynamics"]

_MAKERS = {
    "rnea": lambda model, v, a, g, f: generate_rnea(
        model, velocity=v, acceleration=a, gravity=g, friction=f
    ),
    "mass_matrix": lambda model: generate_mass_matrix(model),
    "forward_dynamics": lambda model, f: generate_forward_dynamics(model, friction=f),
}


def generated(model, kind: str, *flags: bool) -> GeneratedFunction:
    """The cached generated function ``kind`` of ``model``.

    ``kind`` and ``flags``: ``"rnea", velocity, acceleration, gravity, friction``;
    ``"mass_matrix"``; ``"forward_dynamics", friction``.
    """
    return model.cached((kind, *flags), lambda: _MAKERS[kind](model, *flags))


def _batched(fn: GeneratedFunction, args, out_shape):
    shape = np.broadcast_shapes(*(x.shape for x in args))
    flat = [np.broadcast_to(x, shape).reshape(-1, x.shape[-1]) for x in args]
    return fn.batch(*flat).reshape(shape[:-1] + out_shape)


def fast_rnea(
    model, q, v, a, *, gravity: bool = True, friction: bool = True, out=None
) -> np.ndarray:
    """Γ(q, q̇, q̈) through generated code; ``v``/``a`` may be None (zero, folded away)."""
    fn = generated(model, "rnea", v is not None, a is not None, gravity, friction)
    args = [x for x in (q, v, a) if x is not None]
    if q.ndim == 1 and (v is None or v.ndim == 1) and (a is None or a.ndim == 1):
        result = fn.scalar(*[x.tolist() for x in args])
        if out is None:
            return np.array(result)
        out[:] = result
        return out
    return _batched(fn, args, (model.n,))


def fast_mass_matrix(model, q, out=None) -> np.ndarray:
    """A(q) through generated code."""
    fn = generated(model, "mass_matrix")
    if q.ndim == 1:
        result = fn.scalar(q.tolist())
        if out is None:
            return np.array(result).reshape(model.n, model.n)
        out.reshape(-1)[:] = result
        return out
    return _batched(fn, [q], (model.n, model.n))


def fast_forward_dynamics(model, q, v, tau, *, friction: bool = True, out=None) -> np.ndarray:
    """q̈ through the generated inverse-model method (§7.6.1, LDLᵀ)."""
    fn = generated(model, "forward_dynamics", friction)
    if q.ndim == 1 and v.ndim == 1 and tau.ndim == 1:
        result = fn.scalar(q.tolist(), v.tolist(), tau.tolist())
        if out is None:
            return np.array(result)
        out[:] = result
        return out
    return _batched(fn, [q, v, tau], (model.n,))


class FastPath:
    """The generated single-call functions of one tree model (``RobotModel.fast_path()``),
    used by :mod:`modyn_model.algorithms` to write into a Data workspace."""

    __slots__ = ("model",)

    def __init__(self, model):
        self.model = model

    def rnea(self, q, v, a, *, friction: bool = True, out=None) -> np.ndarray:
        return fast_rnea(self.model, q, v, a, friction=friction, out=out)

    def mass_matrix(self, q, out=None) -> np.ndarray:
        return fast_mass_matrix(self.model, q, out=out)

    def forward_dynamics(self, q, v, tau, *, friction: bool = True, out=None) -> np.ndarray:
        return fast_forward_dynamics(self.model, q, v, tau, friction=friction, out=out)
