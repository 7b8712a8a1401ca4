"""The customized models emitted as C and compiled on first use (issue 21).

The straight-line :class:`~modyn_model.codegen.tracer.Program` of a generated model is printed
as one C function (one ``const double`` per intermediate variable, the same operations in the
same order as the Python form, so the results agree to rounding), plus

* ``<name>(q, v, a, out)``: one state, plain pointers (ctypes);
* ``<name>_batch(N, q, v, a, out)``: a C loop over N samples of (N, n) row-major arrays,
  :data:`LANES` samples per iteration on vector types (GCC, Clang), then a scalar tail;
* when the Python headers are present, the same shared object is also a CPython extension
  whose ``call(q, v, a, out)`` takes numpy arrays directly (METH_FASTCALL and the buffer
  protocol): this is what makes one call cheaper than Pinocchio's (ctypes needs ~1.3 µs per
  array just to read its address, the extension ~0.05 µs); its ``batch(Q, V, A, OUT)`` runs
  ``<name>_batch`` the same way (the GIL released during the loop, as ctypes does).

Compilation uses the system C compiler (``$MODYN_CC``, else ``$CC``, else ``cc``) with
``-O2 -ffp-contract=off`` (no fused multiply-add: the rounding stays that of the Python form).
Objects are cached in ``$MODYN_CACHE_DIR`` (default ``~/.cache/modyn``) under a SHA-256 of
the source, the compiler's identity and the flags; a compile writes a temporary file in that
directory and renames it into place, so several processes compiling the same model at once
each end with a complete object. When no compiler runs, :func:`compile_native` returns None and
the caller keeps the pure-Python form (``GeneratedFunction.backend == "python"``).
"""

from __future__ import annotations

import ctypes
import hashlib
import importlib.machinery
import importlib.util
import os
import re
import shutil
import subprocess
import sysconfig
import tempfile
import threading
import time
from functools import lru_cache
from pathlib import Path

import numpy as np

from .tracer import Program, Var

__all__ = [
    "NativeFunction",
    "c_source",
    "cache_dir",
    "compile_library",
    "compile_native",
    "compiler",
]

FLAGS = ("-O2", "-ffp-contract=off", "-fno-math-errno", "-shared", "-fPIC")
_NAME = re.compile(r"\b([A-Za-z_]\w*)\b")
_CALLS = {"sin", "cos", "exp", "fabs", "sign"}
_LOCK = threading.Lock()
_LOADED: dict[str, NativeFunction] = {}


def cache_dir() -> Path:
    """Where compiled models are kept: ``$MODYN_CACHE_DIR`` or ``~/.cache/modyn``."""
    return Path(os.environ.get("MODYN_CACHE_DIR") or Path.home() / ".cache" / "modyn")


def compiler() -> str | None:
    """The C compiler command (``$MODYN_CC``, ``$CC`` or ``cc``) if it exists, else None."""
    name = os.environ.get("MODYN_CC") or os.environ.get("CC") or "cc"
    return shutil.which(name)


@lru_cache(maxsize=8)
def _compiler_identity(path: str) -> str:
    try:
        out = subprocess.run(
            [path, "--version"], capture_output=True, text=True, timeout=30, check=False
        )
        return path + "\n" + out.stdout.split("\n", 1)[0]
    except (OSError, subprocess.SubprocessError):
        return path


def _python_include() -> str | None:
    inc = sysconfig.get_paths().get("include")
    if inc and (Path(inc) / "Python.h").is_file():
        return inc
    return None


def c_source(program: Program, name: str, groups: dict[str, int], n_outputs: int) -> str:
    """C translation of ``program``; ``groups`` are the input arrays (name → length).

    The body is the Python form's, line for line: ``t<k> = <expr>`` becomes
    ``const double t<k> = <expr>;`` (the expressions use only + - * /, unary minus, float
    literals and sin/cos/exp/fabs/sign, whose C spellings are the same but for sign).
    """
    args = [g for g, size in groups.items() if size]
    head = ", ".join(f"const double *restrict {g}" for g in args)
    body = [
        f"static inline void {name}_one({head}{', ' if head else ''}double *restrict out)",
        "{",
    ]
    for g in args:
        for i in range(groups[g]):
            var = f"{g}{i}"
            if var in program.inputs:
                body.append(f"    const double {var} = {g}[{i}];")
    for target, expr, _, _ in program.lines:
        expr = _NAME.sub(lambda m: "modyn_sign" if m.group(1) == "sign" else m.group(1), expr)
        body.append(f"    const double {target} = {expr};")
    for i, o in enumerate(program.outputs):
        if isinstance(o, Var):
            body.append(f"    out[{i}] = {'-' if o.sign < 0 else ''}{o.name};")
        else:
            body.append(f"    out[{i}] = {float(o)!r};")
    body.append("}")
    params = ", ".join(f"const double *{g}" for g in args)
    call = ", ".join(args)
    strides = " ".join(f"{g} += {groups[g]};" for g in args)
    body += [
        f"void {name}({params}{', ' if params else ''}double *out)",
        f"{{ {name}_one({call}{', ' if call else ''}out); }}",
        *_lanes(program, name, groups, n_outputs),
        f"void {name}_batch(long n{', ' if params else ''}{params}, double *out)",
        "{",
        "    long k = 0;",
        "#ifdef MODYN_LANES",
        f"    for (; k + {LANES} <= n; k += {LANES}) {{",
        f"        {name}_lanes({call}{', ' if call else ''}out);",
        f"        {' '.join(f'{g} += {LANES * groups[g]};' for g in args)} "
        f"out += {LANES * n_outputs};",
        "    }",
        "#endif",
        "    for (; k < n; ++k) {",
        f"        {name}_one({call}{', ' if call else ''}out);",
        f"        {strides} out += {n_outputs};",
        "    }",
        "}",
    ]
    text = "\n".join(body)
    for bad in ("inf", "nan"):
        if re.search(rf"\b{bad}\b", text):
            raise ValueError(f"{name}: a non-finite constant in the generated model")
    prelude = [
        "/* generated by modyn_model.codegen.cbackend; do not edit */",
        "#ifdef MODYN_PYEXT",
        "#define PY_SSIZE_T_CLEAN",
        "#include <Python.h>",
        "#endif",
        "#include <math.h>",
        "static inline double modyn_sign(double x) { return (double)((x > 0.0) - (x < 0.0)); }",
        *_LANE_PRELUDE,
    ]
    return "\n".join(prelude) + "\n" + text + "\n" + _extension(name, groups, n_outputs)


LANES = 2
"""Samples per iteration of the batched loop: the straight-line body is evaluated on GCC/Clang
vector types of two doubles (one SSE2 / NEON register, in the base instruction set of x86-64
and AArch64, so no CPU-specific flag and the cached object runs on any machine of the same
architecture). Each lane does the operations of the one-sample body in the same order, in
IEEE double precision without contraction (``-ffp-contract=off``), and the elementary
functions are the scalar libm ones lane by lane: a batch equals the one-sample results bit for
bit. Measured on the five arms of bench/compiled.py (N = 1000, best of 40 loops, loaded
2-core machine): 1.15-1.75x fewer µs per sample than the one-sample loop, most for the
direct model."""

_LANE_PRELUDE = [
    "#if (defined(__GNUC__) || defined(__clang__)) && !defined(__TINYC__)",
    "#define MODYN_LANES 1",
    "typedef double modyn_v __attribute__((vector_size(16)));",
    *(
        f"static inline modyn_v modyn_v_{f}(modyn_v x)"
        f" {{ modyn_v r = {{{c}(x[0]), {c}(x[1])}}; return r; }}"
        for f, c in (
            ("sin", "sin"),
            ("cos", "cos"),
            ("exp", "exp"),
            ("fabs", "fabs"),
            ("sign", "modyn_sign"),
        )
    ),
    "#endif",
]


def _lanes(program: Program, name: str, groups: dict[str, int], n_outputs: int) -> list[str]:
    """``<name>_lanes``: the one-sample body on :data:`LANES` consecutive samples at once
    (inputs gathered lane by lane from the (N, n) row-major arrays, outputs scattered back)."""
    args = [g for g, size in groups.items() if size]
    head = ", ".join(f"const double *restrict {g}" for g in args)
    lines = [
        "#ifdef MODYN_LANES",
        f"static inline void {name}_lanes({head}{', ' if head else ''}double *restrict out)",
        "{",
    ]
    for g in args:
        size = groups[g]
        for i in range(size):
            var = f"{g}{i}"
            if var in program.inputs:
                lanes = ", ".join(f"{g}[{lane * size + i}]" for lane in range(LANES))
                lines.append(f"    const modyn_v {var} = {{{lanes}}};")
    for target, expr, _, _ in program.lines:
        expr = _NAME.sub(
            lambda m: f"modyn_v_{m.group(1)}" if m.group(1) in _CALLS else m.group(1), expr
        )
        lines.append(f"    const modyn_v {target} = {expr};")
    for i, o in enumerate(program.outputs):
        for lane in range(LANES):
            if isinstance(o, Var):
                value = f"{'-' if o.sign < 0 else ''}{o.name}[{lane}]"
            else:
                value = repr(float(o))
            lines.append(f"    out[{lane * n_outputs + i}] = {value};")
    return [*lines, "}", "#endif"]


def _extension(name: str, groups: dict[str, int], n_outputs: int) -> str:
    """The CPython wrappers ``call(*inputs, out)`` and ``call_checked(*inputs, out)``.

    ``call`` checks only what memory safety needs (each buffer C-contiguous float64 of the
    exact length, ``out`` writable) and raises ValueError otherwise. ``call_checked`` also
    wants 1-D inputs with finite values, and returns None instead of raising on anything it
    does not like: the caller then runs its full Python checks, which name the problem.
    """
    sizes = [size for size in groups.values() if size] + [n_outputs]
    k = len(sizes)
    call = (
        f"    {name}_one({', '.join(f'(const double *)b[{i}].buf' for i in range(k - 1))}"
        f"{', ' if k > 1 else ''}(double *)b[{k - 1}].buf);"
    )
    lines = [
        "#ifdef MODYN_PYEXT",
        f"static const Py_ssize_t SIZES[{k}] = {{{', '.join(map(str, sizes))}}};",
        "static PyObject *run(PyObject *const *args, Py_ssize_t nargs, int checked)",
        "{",
        f"    Py_buffer b[{k}];",
        "    int got = 0;",
        "    PyObject *result = NULL;",
        f"    if (nargs != {k}) {{",
        f'        PyErr_Format(PyExc_TypeError, "{name}: expected {k} arrays, got %zd", nargs);',
        "        return NULL;",
        "    }",
        f"    for (; got < {k}; ++got) {{",
        f"        int input = got < {k - 1};",
        "        int flags = PyBUF_C_CONTIGUOUS | PyBUF_FORMAT | (input ? 0 : PyBUF_WRITABLE);",
        "        if (PyObject_GetBuffer(args[got], &b[got], flags) < 0) {",
        "            if (checked) { PyErr_Clear(); result = Py_None; Py_INCREF(result); }",
        "            goto done;",
        "        }",
        "        int bad = b[got].itemsize != 8 || b[got].format == NULL"
        " || b[got].format[0] != 'd' || b[got].format[1] != 0 || b[got].len != SIZES[got] * 8;",
        "        if (!bad && checked && input) {",
        "            const double *x = (const double *)b[got].buf;",
        "            bad = b[got].ndim != 1;",
        "            for (Py_ssize_t i = 0; i < SIZES[got] && !bad; ++i) bad = !isfinite(x[i]);",
        "        }",
        "        if (bad) {",
        "            PyBuffer_Release(&b[got]);",
        "            if (checked) { result = Py_None; Py_INCREF(result); goto done; }",
        "            PyErr_Format(PyExc_ValueError,",
        f'                "{name}: argument %d must be a C-contiguous float64 array of %zd values",',
        "                got, SIZES[got]);",
        "            goto done;",
        "        }",
        "    }",
        call,
        "    Py_INCREF(args[nargs - 1]);",
        "    result = args[nargs - 1];",
        "done:",
        "    for (int i = 0; i < got; ++i) PyBuffer_Release(&b[i]);",
        "    return result;",
        "}",
        "static PyObject *py_batch(PyObject *self, PyObject *const *args, Py_ssize_t nargs)",
        "{",
        f"    Py_buffer b[{k}];",
        "    int got = 0;",
        "    Py_ssize_t count = -1;",
        "    PyObject *result = NULL;",
        f"    if (nargs != {k}) {{",
        f'        PyErr_Format(PyExc_TypeError, "{name}: expected {k} arrays, got %zd", nargs);',
        "        return NULL;",
        "    }",
        f"    for (; got < {k}; ++got) {{",
        f"        int flags = PyBUF_C_CONTIGUOUS | PyBUF_FORMAT | (got < {k - 1} ? 0 : PyBUF_WRITABLE);",
        "        if (PyObject_GetBuffer(args[got], &b[got], flags) < 0) goto done;",
        "        Py_ssize_t per = SIZES[got] * 8;",
        "        int bad = b[got].itemsize != 8 || b[got].format == NULL"
        " || b[got].format[0] != 'd' || b[got].format[1] != 0 || b[got].len % per != 0;",
        "        if (!bad && count < 0) count = b[got].len / per;",
        "        else if (!bad) bad = b[got].len / per != count;",
        "        if (bad) {",
        "            PyBuffer_Release(&b[got]);",
        "            PyErr_Format(PyExc_ValueError,",
        f'                "{name}: batch argument %d must be a C-contiguous float64 array of N x %zd"',
        '                " values, N the same for every argument", got, SIZES[got]);',
        "            goto done;",
        "        }",
        "    }",
        "    Py_BEGIN_ALLOW_THREADS",
        f"    {name}_batch((long)count"
        f"{''.join(f', (const double *)b[{i}].buf' for i in range(k - 1))}"
        f", (double *)b[{k - 1}].buf);",
        "    Py_END_ALLOW_THREADS",
        "    Py_INCREF(args[nargs - 1]);",
        "    result = args[nargs - 1];",
        "done:",
        "    for (int i = 0; i < got; ++i) PyBuffer_Release(&b[i]);",
        "    return result;",
        "}",
        "static PyObject *py_call(PyObject *self, PyObject *const *args, Py_ssize_t nargs)",
        "{ return run(args, nargs, 0); }",
        "static PyObject *py_call_checked(PyObject *self, PyObject *const *args, Py_ssize_t nargs)",
        "{ return run(args, nargs, 1); }",
        "static PyMethodDef METHODS[] = {",
        '    {"call", (PyCFunction)(void (*)(void))py_call, METH_FASTCALL, NULL},',
        '    {"call_checked", (PyCFunction)(void (*)(void))py_call_checked, METH_FASTCALL, NULL},',
        '    {"batch", (PyCFunction)(void (*)(void))py_batch, METH_FASTCALL, NULL},',
        "    {NULL, NULL, 0, NULL}",
        "};",
        "static struct PyModuleDef MODULE = {PyModuleDef_HEAD_INIT, MODYN_MODNAME, NULL, -1,"
        " METHODS};",
        "#define MODYN_CAT2(a, b) a##b",
        "#define MODYN_CAT(a, b) MODYN_CAT2(a, b)",
        "PyMODINIT_FUNC MODYN_CAT(PyInit_, MODYN_MODSYM)(void) { return PyModule_Create(&MODULE); }",
        "#endif",
    ]
    return "\n".join(lines) + "\n"


class NativeFunction:
    """A compiled model: ``call`` (one state, numpy arrays in, ``out`` written and returned;
    the CPython extension when the headers were found, else ctypes) and :meth:`batch`."""

    def __init__(self, name: str, path: Path, module, groups: dict[str, int], n_outputs: int):
        self.name = name
        self.path = path
        self.sizes = [size for size in groups.values() if size]
        self.n_outputs = n_outputs
        lib = ctypes.CDLL(str(path))
        ptr = ctypes.c_void_p
        self._one = getattr(lib, name)
        self._one.restype = None
        self._one.argtypes = [ptr] * (len(self.sizes) + 1)
        self._batch = getattr(lib, f"{name}_batch")
        self._batch.restype = None
        self._batch.argtypes = [ctypes.c_long] + [ptr] * (len(self.sizes) + 1)
        self.extension = module is not None
        self.call = module.call if module is not None else self._ctypes_call
        # one state with finite 1-D inputs, else None (the caller's checks then run); only
        # with the extension: the ctypes form would need the Python checks anyway
        self.call_checked = module.call_checked if module is not None else None
        # the batched loop through the extension (no ctypes argument conversion, ~1.5 µs per
        # array), else through ctypes
        self._ext_batch = module.batch if module is not None else None
        self._lib = lib

    def _ctypes_call(self, *arrays):
        """The ctypes form of ``call`` (no Python headers): same contract, checked here."""
        *inputs, out = arrays
        for x, size in zip(inputs, self.sizes, strict=True):
            _require(x, size, self.name)
        _require(out, self.n_outputs, self.name, writable=True)
        self._one(*[x.ctypes.data for x in inputs], out.ctypes.data)
        return out

    def batch(self, *columns, out: np.ndarray | None = None) -> np.ndarray:
        """Evaluate on (N, n) arrays in one C loop; returns (N, n_outputs) (``out`` if given)."""
        cols = [np.ascontiguousarray(c, dtype=float) for c in columns]
        count = cols[0].shape[0] if cols else 1
        for c, size in zip(cols, self.sizes, strict=True):
            if c.shape != (count, size):
                raise ValueError(
                    f"{self.name}: batch input of shape {c.shape}, need ({count}, {size})"
                )
        if out is None:
            out = np.empty((count, self.n_outputs))
        else:
            _require(out, count * self.n_outputs, self.name, writable=True)
        if self._ext_batch is not None:
            return self._ext_batch(*cols, out)
        self._batch(count, *[c.ctypes.data for c in cols], out.ctypes.data)
        return out


def _require(x, size: int, name: str, writable: bool = False) -> None:
    """What the C code needs of a buffer it gets as a pointer (memory safety)."""
    if (
        not isinstance(x, np.ndarray)
        or x.dtype != np.float64
        or not x.flags.c_contiguous
        or x.size != size
        or (writable and not x.flags.writeable)
    ):
        kind = "writable " if writable else ""
        raise ValueError(
            f"{name}: need a {kind}C-contiguous float64 array of {size} values, got {x!r}"
        )


def compile_native(
    program: Program, name: str, groups: dict[str, int], n_outputs: int, *, build: bool = True
) -> NativeFunction | None:
    """Compile (or load from the cache) the C form of ``program``; None when no compiler
    (or, with ``build=False``, when the cache does not hold it yet).

    A compiler that exists but fails raises :class:`RuntimeError` with its message (a bug in
    the emitter must not be hidden behind the slow path).
    """
    cc = compiler()
    if cc is None:
        return None
    source = c_source(program, name, groups, n_outputs)
    include = _python_include()
    flags = list(FLAGS) + ([f"-I{include}", "-DMODYN_PYEXT"] if include else [])
    key = hashlib.sha256("\0".join([source, _compiler_identity(cc), *flags]).encode()).hexdigest()[
        :32
    ]
    with _LOCK:
        hit = _LOADED.get(key)
    if hit is not None:
        return hit
    modname = f"_modyn_c_{key}"
    directory = cache_dir()
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / f"{modname}.so"
    if not path.is_file():
        if not build:
            return None
        _build(cc, source, flags, modname, path)  # outside the lock: a rename makes it safe
    with _LOCK:
        hit = _LOADED.get(key)
        if hit is None:
            module = _load_extension(modname, path) if include else None
            hit = _LOADED[key] = NativeFunction(name, path, module, groups, n_outputs)
        return hit


def compile_library(source: str) -> ctypes.CDLL | None:
    """Compile (or load from the cache) a fixed C ``source`` as a plain shared library for
    ctypes (no Python wrapper); None when no compiler is found."""
    cc = compiler()
    if cc is None:
        return None
    flags = list(FLAGS)
    key = hashlib.sha256("\0".join([source, _compiler_identity(cc), *flags]).encode())
    stem = f"_modyn_lib_{key.hexdigest()[:32]}"
    directory = cache_dir()
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / f"{stem}.so"
    if not path.is_file():
        _build(cc, source, flags, stem, path)
    return ctypes.CDLL(str(path))


def _build(cc: str, source: str, flags: list[str], modname: str, path: Path) -> None:
    """Compile into a temporary file of the cache directory, then rename it into place."""
    directory = path.parent
    _remove_stale(directory)
    fd, c_path = tempfile.mkstemp(prefix=f"{modname}.", suffix=".c", dir=directory)
    with os.fdopen(fd, "w") as f:
        f.write(source)
    fd, so_path = tempfile.mkstemp(prefix=f"{modname}.", suffix=".so.tmp", dir=directory)
    os.close(fd)
    defines = [f'-DMODYN_MODNAME="{modname}"', f"-DMODYN_MODSYM={modname}"]
    try:
        run = subprocess.run(
            [cc, *flags, *defines, "-o", so_path, c_path, "-lm"],
            capture_output=True,
            text=True,
            timeout=600,
            check=False,
        )
        if run.returncode != 0:
            kept = path.with_suffix(".failed.c")
            os.replace(c_path, kept)
            raise RuntimeError(f"{cc} failed on the generated model {kept}:\n{run.stderr[-2000:]}")
        os.replace(so_path, path)  # atomic: a concurrent reader sees no file or a whole one
        os.replace(c_path, path.with_suffix(".c"))  # kept for inspection
    finally:
        for leftover in (so_path, c_path):
            if os.path.exists(leftover):
                os.unlink(leftover)


STALE_AFTER = 3600.0  # s; a temporary file this old belongs to a compile that died


def _remove_stale(directory: Path) -> None:
    """Delete temporaries left by a process that exited while compiling (a daemon thread of
    ``MODYN_CODEGEN=auto``, a kill): ``<stem>.<random>.c`` and ``<stem>.<random>.so.tmp``
    older than :data:`STALE_AFTER`. Finished objects and their ``.c`` are never touched."""
    now = time.time()
    for leftover in [*directory.glob("_modyn_*.*.so.tmp"), *directory.glob("_modyn_*.*.c")]:
        if leftover.name.endswith(".failed.c") or leftover.name.count(".") < 2:
            continue
        try:
            if now - leftover.stat().st_mtime > STALE_AFTER:
                leftover.unlink()
        except OSError:  # another process removed it first
            pass


def _load_extension(modname: str, path: Path):
    loader = importlib.machinery.ExtensionFileLoader(modname, str(path))
    spec = importlib.util.spec_from_file_location(modname, str(path), loader=loader)
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    return module
