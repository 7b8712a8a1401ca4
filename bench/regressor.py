"""The compiled regressor (issue 21) against Pinocchio's ``computeJointTorqueRegressor``.

For the UR5 and the Panda (fingers locked) of example-robot-data it first checks that the
compiled W equals the numpy regressor of ``modyn_model.identification`` (1e-12) and that its
10 rigid-body columns per joint equal Pinocchio's regressor (1e-9, Pinocchio's column order
[m, mc, I] converted), then times per sample:

* ``pinocchio``: ``pin.computeJointTorqueRegressor(model, data, q, v, a)`` called from Python,
  one state (n × 10n, no friction columns);
* ``one state``: the compiled W (n × 14n) of one state through the C extension's ``call`` into
  a preallocated output;
* ``batch W``: ``generated_regressor(model).native.batch(Q, V, A, out=OUT)``, one C loop over
  N = 1000 states into a preallocated (N, 14n²) output, time / N;
* ``batch W_b``: the same for the base regressor generated on the base columns alone
  (``generated_regressor(model, base.base_indices)``, the one identification uses);
* ``checked W_b``: ``identification.base_regressor(model, base, Q, V, A)`` (state checks and the
  output allocation included), time / N;
* ``numpy``: the readable numpy regressor (``MODYN_CODEGEN=python``) on the same batch, time / N.

Then ``identify_base`` (weighted least squares on 5000 samples of the robot's own noiseless
torques) with the numpy and the compiled base regressor: CPU time of each and the largest
difference of the two estimates.

Then the one-off costs, wall clock, into an empty temporary cache: tracing (generating the
straight-line code) and compiling (gcc + load) W and W_b. Timings are the CPU time of this
thread (``time.thread_time``), best mean of several repeats (bench/compiled.py explains why);
only the ratios compare across machines.

Run: ``python bench/regressor.py [--quick]``.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
_CACHE = tempfile.mkdtemp(prefix="modyn-regressor-bench-")
os.environ["MODYN_CACHE_DIR"] = _CACHE  # empty: the compile time below is a real compile
os.environ["MODYN_CODEGEN"] = "c"  # a missing compiler is an error, not a silent numpy run

from compiled import best_time, erd_robots, load  # noqa: E402

from modyn_model.codegen.cbackend import compile_native  # noqa: E402
from modyn_model.codegen.regressor import generate_regressor, generated_regressor  # noqa: E402
from modyn_model.identification import (  # noqa: E402
    N_STANDARD,
    base_parameters,
    base_regressor,
    identify_base,
    regressor,
    standard_parameters,
)

N_IDENT = 5000

#: modyn [XX XY XZ YY YZ ZZ MX MY MZ M] → index in Pinocchio's [m mcx mcy mcz Ixx Ixy Iyy Ixz Iyz Izz]
PIN_ORDER = [4, 5, 7, 6, 8, 9, 1, 2, 3, 0]


def one_off_costs(model, columns) -> tuple[float, float]:
    """(trace s, compile s), wall clock, of a fresh generated regressor (nothing cached)."""
    start = time.perf_counter()
    fn = generate_regressor(model, columns)
    traced = time.perf_counter() - start
    start = time.perf_counter()
    native = compile_native(fn.program, fn.name, fn.groups, fn.n_outputs)
    compiled = time.perf_counter() - start
    assert native is not None
    return traced, compiled


def numpy_regressor(model, q, v, a):
    os.environ["MODYN_CODEGEN"] = "python"
    try:
        return regressor(model, q, v, a)
    finally:
        os.environ["MODYN_CODEGEN"] = "c"


def bench_robot(name, robots, n_batch, calls, repeats):
    import pinocchio as pin

    model, pmodel = load(name, robots)
    pdata = pmodel.createData()
    n = model.n
    rng = np.random.default_rng(0)
    q, v, a = rng.uniform(-1.5, 1.5, size=(3, n))
    qb, vb, ab = rng.uniform(-1.5, 1.5, size=(3, n_batch, n))
    trace_w, cc_w = one_off_costs(model, None)
    base = base_parameters(model)
    trace_b, cc_b = one_off_costs(model, base.base_indices)
    full = generated_regressor(model)
    based = generated_regressor(model, base.base_indices)
    assert full.backend == based.backend == "c"
    # same numbers first: the speed of a wrong answer is worth nothing
    ref = numpy_regressor(model, qb, vb, ab)
    out_w = np.empty((n_batch, full.n_outputs))
    out_b = np.empty((n_batch, based.n_outputs))
    got = full.native.batch(qb, vb, ab, out=out_w).reshape(ref.shape)
    assert np.max(np.abs(got - ref) / np.maximum(1.0, np.abs(ref))) <= 1e-12, name
    got_b = based.native.batch(qb, vb, ab, out=out_b).reshape(n_batch, n, base.rank)
    assert np.max(np.abs(got_b - base.project(ref)) / np.maximum(1.0, np.abs(ref).max())) <= 1e-12
    one = np.empty(full.n_outputs)
    full.native.call(q, v, a, one)
    w = one.reshape(n, N_STANDARD * n)
    pw = pin.computeJointTorqueRegressor(pmodel, pdata, q, v, a)
    for j in range(n):
        ours = w[:, N_STANDARD * j : N_STANDARD * j + 10]
        theirs = pw[:, 10 * j : 10 * j + 10][:, PIN_ORDER]
        assert np.allclose(ours, theirs, rtol=1e-9, atol=1e-9), (name, j)
    t_pin = best_time(
        lambda: pin.computeJointTorqueRegressor(pmodel, pdata, q, v, a), calls, repeats
    )
    t_one = best_time(lambda: full.native.call(q, v, a, one), calls, repeats)
    loops = max(1, calls // 500)
    t_w = best_time(lambda: full.native.batch(qb, vb, ab, out=out_w), loops, repeats) / n_batch
    t_b = best_time(lambda: based.native.batch(qb, vb, ab, out=out_b), loops, repeats) / n_batch
    t_checked = best_time(lambda: base_regressor(model, base, qb, vb, ab), loops, repeats) / n_batch
    t_np = best_time(lambda: numpy_regressor(model, qb, vb, ab), 1, max(2, repeats // 2)) / n_batch
    # the identification path: least squares on N_IDENT samples, compiled W_b vs numpy
    qi, vi, ai = rng.uniform(-1.5, 1.5, size=(3, N_IDENT, n))
    taui = model.inverse_dynamics(qi, vi, ai)
    ident = []
    for mode in ("python", "c"):
        os.environ["MODYN_CODEGEN"] = mode
        start = time.thread_time()
        est = identify_base(model, base, qi, vi, ai, taui)
        ident.append((time.thread_time() - start, est.values))
    os.environ["MODYN_CODEGEN"] = "c"
    chi_b = np.abs(base.base_values(standard_parameters(model)))
    ident_diff = float(np.max(np.abs(ident[0][1] - ident[1][1]) / np.maximum(1.0, chi_b)))
    return {
        "ident": (ident[0][0], ident[1][0], ident_diff),
        "name": name,
        "n": n,
        "rank": base.rank,
        "ops W": full.counts,
        "ops W_b": based.counts,
        "times": (t_pin, t_one, t_w, t_b, t_checked, t_np),
        "one-off": (trace_w, cc_w, trace_b, cc_b),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="fewer calls and repeats")
    args = parser.parse_args()
    calls, repeats = (1000, 3) if args.quick else (5000, 7)
    robots = erd_robots()
    try:
        results = [bench_robot(name, robots, 1000, calls, repeats) for name in ("UR5", "Panda")]
    finally:
        shutil.rmtree(_CACHE, ignore_errors=True)
    load_avg = os.getloadavg()
    print(f"load average while measuring: {load_avg[0]:.1f} {load_avg[1]:.1f} {load_avg[2]:.1f}")
    print("\nRegressor, µs per sample (ratio = ours / Pinocchio's computeJointTorqueRegressor):")
    head = ["pinocchio", "one state", "batch W", "batch W_b", "checked W_b", "numpy W"]
    print(f"{'robot':6s} {'n':>2s} {'b':>3s} " + " ".join(f"{h:>17s}" for h in head))
    for r in results:
        t_pin = r["times"][0]
        cells = [f"{t_pin * 1e6:17.2f}"] + [
            f"{t * 1e6:8.2f} ({t / t_pin:5.2f}x)" for t in r["times"][1:]
        ]
        print(f"{r['name']:6s} {r['n']:2d} {r['rank']:3d} " + " ".join(cells))
    print(f"\nidentify_base (WLS) on {N_IDENT} samples, CPU s (numpy W_b → compiled W_b):")
    for r in results:
        t_np, t_c, diff = r["ident"]
        print(
            f"{r['name']:6s} {t_np:.3f} s → {t_c:.3f} s ({t_np / t_c:.1f}x faster); estimates "
            f"differ by {diff:.1e} (relative to max(1, |K χ|))"
        )
    print("\nOperations of the generated code and one-off costs (wall clock, empty cache):")
    for r in results:
        tw, cw, tb, cb = r["one-off"]
        ow, ob = r["ops W"], r["ops W_b"]
        print(
            f"{r['name']:6s} W: {ow['mul']} mul {ow['add']} add, trace {tw:.2f} s, compile "
            f"{cw:.2f} s | W_b: {ob['mul']} mul {ob['add']} add, trace {tb:.2f} s, compile "
            f"{cb:.2f} s"
        )


if __name__ == "__main__":
    main()
