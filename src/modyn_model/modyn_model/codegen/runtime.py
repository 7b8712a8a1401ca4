"""Per-model cache of generated functions, and the dispatch used by the model methods.

Each generated function is also compiled to C on first use (:mod:`.cbackend`) when a C compiler
is found; ``fn.backend`` says which form runs (``"c"`` or ``"python"``). ``$MODYN_CODEGEN``
chooses: ``auto`` (default: C when a compiler runs, else Python), ``python`` (never compile),
``c`` (compile or raise). With C, one state is one call of the compiled function on the numpy
arrays, and a batch one C loop over the samples; without, 1-D inputs run the scalar
(math-module) form of the generated code and batches its numpy form.
"""

from __future__ import annotations

import os
import threading
import warnings

import numpy as np

from .cbackend import compile_native, compiler
from .generate import (
    GeneratedFunction,
    generate_forward_dynamics,
    generate_mass_matrix,
    generate_rnea,
)

__all__ = [
    "FastPath",
    "ensure_native",
    "generated",
    "fast_rnea",
    "fast_mass_matrix",
    "fast_forward_dynamics",
]

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
    return model.cached((kind, *flags), lambda: _native(_MAKERS[kind](model, *flags)))


COMPILE_AFTER = 1000
"""Evaluations (single calls, or samples of a batch) of a generated function, under
``MODYN_CODEGEN=auto``, after which its C form is compiled in a background thread: a model
used a few times (most tests, a one-off script) never pays the compiler; a control loop
switches to C after about a second at 1 kHz, without a pause (the Python form keeps serving
until the compiled one is attached; both do the same operations in the same order)."""


def _native(fn: GeneratedFunction) -> GeneratedFunction:
    """Attach the compiled form to ``fn`` as ``$MODYN_CODEGEN`` says (see the module doc):
    ``c`` compiles now; ``auto`` loads it now when the cache has it, else schedules it."""
    mode = os.environ.get("MODYN_CODEGEN", "auto")
    if mode not in ("auto", "python", "c"):
        raise ValueError(f"MODYN_CODEGEN={mode!r}: use 'auto', 'python' or 'c'")
    if mode == "python":
        return fn
    if mode == "c":
        fn.native = compile_native(fn.program, fn.name, fn.groups, fn.n_outputs)
        if fn.native is None:
            raise RuntimeError("MODYN_CODEGEN=c but no C compiler was found ($MODYN_CC, $CC or cc)")
        return fn
    fn.native = compile_native(fn.program, fn.name, fn.groups, fn.n_outputs, build=False)
    if fn.native is None and compiler() is not None:
        fn.pending = COMPILE_AFTER
    return fn


def _count(fn: GeneratedFunction, evaluations: int) -> None:
    """Count Python-form evaluations; past :data:`COMPILE_AFTER`, compile in the background."""
    if fn.pending is None:
        return
    fn.pending -= evaluations
    if fn.pending <= 0:
        fn.pending = None
        threading.Thread(target=_attach, args=(fn,), daemon=True, name="modyn-cc").start()


def _attach(fn: GeneratedFunction) -> None:
    try:
        fn.native = compile_native(fn.program, fn.name, fn.groups, fn.n_outputs)
    except Exception as exc:  # noqa: BLE001 - the Python form keeps working; say why
        warnings.warn(f"modyn: compiling {fn.name} failed, staying on Python: {exc}", stacklevel=1)


def ensure_native(fn: GeneratedFunction) -> str:
    """Compile ``fn``'s C form now if a compiler exists (a warm-up before a control loop);
    returns ``fn.backend``."""
    if fn.native is None and os.environ.get("MODYN_CODEGEN", "auto") != "python":
        fn.native = compile_native(fn.program, fn.name, fn.groups, fn.n_outputs)
        fn.pending = None
    return fn.backend


def _batched(fn: GeneratedFunction, args, out_shape):
    first = args[0].shape
    if len(first) == 2 and all(x.shape == first for x in args):
        shape, flat = first, args  # (N, n) arrays already: no broadcasting views (~3 µs each)
    else:
        shape = np.broadcast_shapes(*(x.shape for x in args))
        flat = [np.broadcast_to(x, shape).reshape(-1, x.shape[-1]) for x in args]
    if fn.native is not None:
        return fn.native.batch(*flat).reshape(shape[:-1] + out_shape)
    _count(fn, flat[0].shape[0])
    return fn.batch(*flat).reshape(shape[:-1] + out_shape)


def _native_one(native, args, out, shape):
    """One state through the compiled function into ``out`` (allocated with ``shape`` when
    None); inputs or an output that are not C-contiguous float64 (a strided view, integers)
    go through contiguous copies."""
    if out is None:
        out = np.empty(shape)
    try:
        return native.call(*args, out)
    except (BufferError, ValueError):
        pass
    args = [np.ascontiguousarray(x, dtype=float) for x in args]
    if out.dtype == np.float64 and out.flags.c_contiguous:
        return native.call(*args, out)
    tmp = np.empty(shape)
    native.call(*args, tmp)
    out[...] = tmp
    return out


def fast_rnea(
    model, q, v, a, *, gravity: bool = True, friction: bool = True, out=None
) -> np.ndarray:
    """Γ(q, q̇, q̈) through generated code; ``v``/``a`` may be None (zero, folded away)."""
    fn = generated(model, "rnea", v is not None, a is not None, gravity, friction)
    args = [x for x in (q, v, a) if x is not None]
    if q.ndim == 1 and (v is None or v.ndim == 1) and (a is None or a.ndim == 1):
        if fn.native is not None:
            return _native_one(fn.native, args, out, model.n)
        _count(fn, 1)
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
        if fn.native is not None:
            return _native_one(fn.native, [q], out, (model.n, model.n))
        _count(fn, 1)
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
        if fn.native is not None:
            return _native_one(fn.native, [q, v, tau], out, model.n)
        _count(fn, 1)
        result = fn.scalar(q.tolist(), v.tolist(), tau.tolist())
        if out is None:
            return np.array(result)
        out[:] = result
        return out
    return _batched(fn, [q, v, tau], (model.n,))


def quick_call(model, key: tuple, args, shape):
    """One state through the compiled ``call_checked`` into a new array of ``shape``, or None
    (no compiled form yet, or inputs it declines: lists, batches, non-finite values...), in
    which case the caller runs its full checks. The model methods use it before their checks,
    so a well-formed single call costs one compiled call plus the output allocation."""
    get = getattr(model, "fast_path", None)
    entry = get().checked_entry(*key) if get is not None else None
    if entry is None:
        return None
    return entry(*args, np.empty(shape))


def _python_entry(fn: GeneratedFunction):
    """The unchecked single-state entry of the pure-Python form (no compiler yet)."""
    scalar = fn.scalar

    def call(*arrays):
        *inputs, out = arrays
        _count(fn, 1)
        out.reshape(-1)[:] = scalar(*[x.tolist() for x in inputs])
        return out

    return call


class FastPath:
    """The generated single-call functions of one tree model (``RobotModel.fast_path()``),
    used by :mod:`modyn_model.algorithms` to write into a Data workspace."""

    __slots__ = ("model", "_entries")

    def __init__(self, model):
        self.model = model
        self._entries: dict = {}

    def entry(self, kind: str, *flags: bool):
        """The raw single-state function ``f(*inputs, out) -> out`` of :func:`generated`
        ``(model, kind, *flags)``: the compiled extension's ``call`` (inputs and ``out``
        C-contiguous float64 of the exact sizes, else ValueError; no finiteness check), or the
        Python form. The fastest way to evaluate a model once; ``checked=False`` uses it."""
        key = (kind, *flags)
        e = self._entries.get(key)
        if e is None:
            fn = generated(self.model, kind, *flags)
            if fn.native is None:  # not cached: the compiled form may be attached later
                return _python_entry(fn)
            e = self._entries[key] = fn.native.call
        return e

    def checked_entry(self, kind: str, *flags: bool):
        """The compiled ``call_checked`` of :meth:`entry`'s function (None without the C
        extension): evaluates and returns ``out`` when every input is a finite 1-D float64
        array of the right size, else returns None for the caller's full checks."""
        key = ("checked", kind, *flags)
        e = self._entries.get(key)
        if e is None:
            fn = generated(self.model, kind, *flags)
            if fn.native is None:
                return None
            e = self._entries[key] = fn.native.call_checked
        return e

    def rnea(self, q, v, a, *, friction: bool = True, out=None) -> np.ndarray:
        return fast_rnea(self.model, q, v, a, friction=friction, out=out)

    def mass_matrix(self, q, out=None) -> np.ndarray:
        return fast_mass_matrix(self.model, q, out=out)

    def forward_dynamics(self, q, v, tau, *, friction: bool = True, out=None) -> np.ndarray:
        return fast_forward_dynamics(self.model, q, v, tau, friction=friction, out=out)
