"""The regressor W(q, q̇, q̈) as generated straight-line code, compiled to C (issue 21).

The same Newton-Euler form as :mod:`modyn_model.identification.regressor` (Khalil §7.4.2),
written on scalars so that the tracer (:mod:`.tracer`) folds the robot's constants in: the
forward recursion [7.51]-[7.54], [7.57] is :func:`~.algorithms.link_accelerations_scalar` (the
one of the generated inverse dynamics), then for body j the 6×10 block

    Y_j = [ 0                      U_j       V̇_j ]
          [ L(ω̇_j) + ω̂_j L(ω_j)   −V̂̇_j      0   ]

(columns [XX XY XZ YY YZ ZZ MX MY MZ M]) is carried column by column to every ancestor i
([7.59]-[7.60]: f ← ^{a}R_i f, m ← ^{a}R_i m + ^{a}P_i × f) and projected on its joint axis
([7.61]: moment for a revolute joint, force for a prismatic one), giving W[i, 14j:14j+10]; the
four last columns of joint j are q̈_j (Ia), sign(q̇_j) (Fc), q̇_j (Fv) and 1 (offset).

Constant propagation removes the structural zeros (W[i, cols of j] = 0 when i is not an
ancestor of j, the zero entries of Y_j, the products with the zero entries of the MDH
rotations); ``columns`` keeps a subset of the 14n columns (the base columns W_b of
:class:`~modyn_model.identification.BaseParameters`), and dead-code elimination then drops
everything the other columns alone needed.

The generated function takes ``(q, v, a)`` and returns the n × m row-major entries of W (m the
number of columns kept); its C form (:mod:`.cbackend`) has the batched entry
``native.batch(Q, V, A, out=OUT)``, a C loop over N samples writing (N, n·m) into a
preallocated array. :func:`fast_regressor` is the dispatch used by the identification.
"""

from __future__ import annotations

import os
import threading
import warnings

import numpy as np

from ..joint import REVOLUTE
from .algorithms import _add, _const, _cross, _mv, link_accelerations_scalar, trace_inputs
from .cbackend import compile_native, compiler
from .generate import GeneratedFunction, _compile, _TraceOps, program_source
from .tracer import Tracer

__all__ = [
    "COMPILE_FROM",
    "LOAD_FROM",
    "fast_regressor",
    "generate_regressor",
    "generated_regressor",
    "regressor_scalar",
]

N_STANDARD = 14  # [XX XY XZ YY YZ ZZ MX MY MZ M Ia Fc Fv offset] per joint (identification.names)


def _body_block_columns(w, wd, vd, u):
    """The 10 columns (f, m) of Y_j as pairs of 3-lists (see the module docstring)."""
    zero = [0.0, 0.0, 0.0]
    x1, x2, x3 = w
    d1, d2, d3 = wd
    # L(x) columns: J x = L(x) [XX XY XZ YY YZ ZZ]
    l_w = [
        [x1, 0.0, 0.0],
        [x2, x1, 0.0],
        [x3, 0.0, x1],
        [0.0, x2, 0.0],
        [0.0, x3, x2],
        [0.0, 0.0, x3],
    ]
    l_wd = [
        [d1, 0.0, 0.0],
        [d2, d1, 0.0],
        [d3, 0.0, d1],
        [0.0, d2, 0.0],
        [0.0, d3, d2],
        [0.0, 0.0, d3],
    ]
    cols = []
    for c in range(6):  # inertia: M = L(ω̇) + ω̂ L(ω)
        cols.append((zero, _add(l_wd[c], _cross(w, l_w[c]))))
    v1, v2, v3 = vd
    minus_vd_hat = [[0.0, v3, -v2], [-v3, 0.0, v1], [v2, -v1, 0.0]]  # −V̂̇
    for k in range(3):  # first moments: F = U MS, M = MS × V̇ = −V̂̇ MS
        cols.append(([u[0][k], u[1][k], u[2][k]], [minus_vd_hat[i][k] for i in range(3)]))
    cols.append((list(vd), zero))  # mass: F = M V̇
    return cols


def regressor_scalar(model, q, v, a, ops, columns=None):
    """W(q, q̇, q̈) of a fixed-base tree on scalars: a list of n rows of the kept columns.

    Parameters
    ----------
    model : RobotModel
    q, v, a : sequences of n scalars (floats or tracer variables)
    ops : object with sin, cos, sign (:class:`~.algorithms.FloatOps` or the tracer's)
    columns : sequence of int, optional
        Standard columns (0..14n−1) to return, in this order; default all.
    """
    n = model.n
    w, wd, vd, u, rots, poss = link_accelerations_scalar(model, q, v, a, ops)
    full = [[0.0] * (N_STANDARD * n) for _ in range(n)]
    for j in range(n):
        for c, (f, m) in enumerate(_body_block_columns(w[j], wd[j], vd[j], u[j])):
            col = N_STANDARD * j + c
            i = j
            while True:
                axis = [_const(x) for x in model.axes[i]]
                chosen = m if model.sigma[i] == REVOLUTE else f
                full[i][col] = chosen[0] * axis[0] + chosen[1] * axis[1] + chosen[2] * axis[2]
                p = model.parents[i]
                if p < 0:
                    break
                f = _mv(rots[i], f)  # [7.59]
                m = _add(_mv(rots[i], m), _cross(poss[i], f))  # [7.60]
                i = p
        base = N_STANDARD * j
        full[j][base + 10] = a[j]  # Ia q̈_j
        full[j][base + 11] = ops.sign(v[j])  # Fc sign(q̇_j)
        full[j][base + 12] = v[j]  # Fv q̇_j
        full[j][base + 13] = 1.0  # offset
    if columns is None:
        return full
    return [[row[k] for k in columns] for row in full]


def _check_columns(model, columns):
    if columns is None:
        return None
    cols = tuple(int(k) for k in np.asarray(columns, dtype=int).reshape(-1))
    size = N_STANDARD * model.n
    bad = [k for k in cols if not 0 <= k < size]
    if bad:
        raise ValueError(f"{model.name}: regressor columns {bad} outside 0..{size - 1}")
    return cols


def generate_regressor(model, columns=None) -> GeneratedFunction:
    """The customized regressor W(q, q̇, q̈) of ``model`` (a fixed-base tree).

    ``columns`` (standard column indices, e.g. ``BaseParameters.base_indices``) keeps only
    those, in that order: the base regressor W_b. The function returns the n × m entries
    row-major (``fn.n_outputs == n * m``), called as ``fn(q, v, a)``.
    """
    cols = _check_columns(model, columns)
    n = model.n
    tracer = Tracer()
    q = trace_inputs(tracer, n, "q", True)
    v = trace_inputs(tracer, n, "v", True)
    a = trace_inputs(tracer, n, "a", True)
    rows = regressor_scalar(model, q, v, a, _TraceOps(tracer), cols)
    program = tracer.program([x for row in rows for x in row])
    m = len(rows[0]) if rows else 0
    name = "regressor" if cols is None else "regressor_cols"
    doc = (
        f"Customized regressor of {model.name!r} ({n} joints, {m} columns), row-major, "
        f"generated by modyn: {program.counts['mul']} mult, {program.counts['add']} add, "
        f"{program.counts['call']} calls."
    )
    groups = {"q": n, "v": n, "a": n}
    return _compile(
        program_source(program, name, groups, doc), name, program.counts, n * m, program, groups
    )


LOAD_FROM = 2_000
"""Samples (summed over the calls for one model and column set) from which
``MODYN_CODEGEN=auto`` traces the regressor and loads its compiled form when the on-disk cache
has it. Measured (bench/regressor.py, CPU time, docs/performance.md "The regressor"): tracing
the UR5's or the Panda's costs ~0.04 s, what the numpy reference (20-30 µs per sample) spends
on 1500-2000 samples, so a model used for a few small calls never pays it."""

COMPILE_FROM = 50_000
"""Samples (summed as for :data:`LOAD_FROM`) from which ``auto`` compiles the regressor when
the cache does not have it, in a background thread (the numpy reference serves meanwhile).
Measured: gcc takes ~1.4 s of CPU for the UR5's or the Panda's W, what the reference spends
on ~50 000 samples; compiling then (the ski-rental rule) costs at most about twice the best
choice made knowing the future, and the object is then on disk for every later process.
``MODYN_CODEGEN=c`` compiles at the first call instead."""


class _State:
    """Per model and column set: the samples served by the reference, the generated
    function once traced, and whether a background compile has been started."""

    __slots__ = ("samples", "fn", "compiling")

    def __init__(self):
        self.samples = 0
        self.fn: GeneratedFunction | None = None
        self.compiling = False


def generated_regressor(model, columns=None, *, build: bool = True) -> GeneratedFunction:
    """The cached generated regressor of ``model`` (``columns`` as in
    :func:`generate_regressor`), its C form attached unless ``$MODYN_CODEGEN`` is ``python``:
    compiled now (``build``), or only loaded when the on-disk cache has it (``build=False``).
    ``fn.backend`` reports which form runs."""
    cols = _check_columns(model, columns)
    state = model.cached(("regressor", cols), _State)
    if state.fn is None:
        state.fn = generate_regressor(model, cols)
    fn = state.fn
    if fn.native is None and os.environ.get("MODYN_CODEGEN", "auto") != "python":
        fn.native = compile_native(fn.program, fn.name, fn.groups, fn.n_outputs, build=build)
    return fn


def _compile_in_background(state: _State) -> None:
    fn = state.fn

    def attach():
        try:
            fn.native = compile_native(fn.program, fn.name, fn.groups, fn.n_outputs)
        except Exception as exc:  # noqa: BLE001 - the reference keeps working; say why
            warnings.warn(
                f"modyn: compiling {fn.name} failed, staying on numpy: {exc}", stacklevel=1
            )

    state.compiling = True
    threading.Thread(target=attach, daemon=True, name="modyn-cc-regressor").start()


def fast_regressor(model, q, v, a, columns=None, *, out=None):
    """W (..., n, m) through the compiled regressor, or None when the caller should run the
    numpy reference: ``MODYN_CODEGEN=python``, no compiler, or ``auto`` before
    :data:`LOAD_FROM` / :data:`COMPILE_FROM` samples (see there); ``c`` compiles at first use
    (RuntimeError without a compiler).

    ``q, v, a`` are checked (..., n) float arrays (the caller's checks); ``out`` an optional
    preallocated C-contiguous float64 array of N·n·m values (N samples after broadcasting),
    written in place by one C loop over the samples.
    """
    mode = os.environ.get("MODYN_CODEGEN", "auto")
    if mode == "python":
        return None
    cols = _check_columns(model, columns)
    shape = np.broadcast_shapes(q.shape, v.shape, a.shape)
    count = int(np.prod(shape[:-1], dtype=int))
    state = model.cached(("regressor", cols), _State)
    fn = state.fn
    if fn is None or fn.native is None:
        if mode == "c":
            fn = generated_regressor(model, cols)
            if fn.native is None:
                raise RuntimeError(
                    "MODYN_CODEGEN=c but no C compiler was found ($MODYN_CC, $CC or cc)"
                )
        else:
            state.samples += count
            if state.samples < LOAD_FROM or state.compiling:
                return None
            if fn is None:
                fn = generated_regressor(model, cols, build=False)
            if fn.native is None:
                if state.samples >= COMPILE_FROM and compiler() is not None:
                    _compile_in_background(state)
                return None
    m = fn.n_outputs // model.n
    flat = [np.broadcast_to(x, shape).reshape(-1, shape[-1]) for x in (q, v, a)]
    if out is None:
        out = np.empty((count, fn.n_outputs))
    fn.native.batch(*flat, out=out)
    return out.reshape(shape[:-1] + (model.n, m))
