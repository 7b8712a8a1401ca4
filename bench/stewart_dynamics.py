"""Stewart platform inverse dynamics per pose: the generalized-momentum (GM) model against the
generic multibody model (URDF tree + six spherical loop closures), measured in the same run.

For the paper's Table 2 platform (``StewartParameters.lopes_table2()``) it times, per pose:

* the GM model, ``modyn_model.mechanisms.stewart.dynamics.inverse_dynamics(params, x, ẋ, ẍ)``,
  one state per call and batched (N states in one call, time divided by N);
* the multibody model, ``StewartMultibody.leg_forces(x, ẋ, ẍ)`` (state map to the 24-joint tree,
  Newton-Euler inverse dynamics of the tree, constrained inverse dynamics with the six prismatic
  joints actuated), single and batched;
* the contract model ``StewartModel`` (what the nodes call: ``actuator_forces``, and
  ``forward_dynamics`` from J_Eᵀ τ), which evaluates the GM terms through its per-tick path
  ``dynamics.fast_terms``;
* the same for forward dynamics (platform ẍ from the six leg forces: GM ``forward_dynamics``
  against the tree's KKT solve);

and prints the times and the ratios multibody / GM (higher means GM is faster). The two models
first have to agree on the states timed (the speed of a wrong answer is worth nothing). Timings
are the best of several repeats; only the ratios are meaningful across machines.

Run: ``python bench/stewart_dynamics.py [--quick]``.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from modyn_model.mechanisms.stewart import dynamics as gm
from modyn_model.mechanisms.stewart.model import StewartModel
from modyn_model.mechanisms.stewart.multibody import StewartMultibody
from modyn_model.mechanisms.stewart.parameters import StewartParameters

DEG = np.pi / 180.0


def best_time(fn, calls: int, repeats: int) -> float:
    """Best mean time per call (s) over ``repeats`` loops of ``calls`` calls."""
    fn()
    best = np.inf
    for _ in range(repeats):
        start = time.perf_counter()
        for _ in range(calls):
            fn()
        best = min(best, (time.perf_counter() - start) / calls)
    return best


def states(rng: np.random.Generator, count: int):
    """Poses around the P1-P2 workspace of the paper (legs well inside [1.8, 3.3] m), random
    rates and accelerations."""
    x = np.array([0.0, 0.0, 2.25, 0.0, 0.0, 0.0]) + rng.uniform(-1, 1, size=(count, 6)) * [
        0.15,
        0.15,
        0.25,
        15 * DEG,
        15 * DEG,
        15 * DEG,
    ]
    return x, rng.normal(size=(count, 6)) * 0.3, rng.normal(size=(count, 6))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="fewer repeats (CI smoke run)")
    args = parser.parse_args()
    calls, repeats, n_batch = (20, 2, 200) if args.quick else (200, 5, 1000)
    params = StewartParameters.lopes_table2()
    mb = StewartMultibody(params)
    rng = np.random.default_rng(0)
    (x,), (xd,), (xdd,) = states(rng, 1)
    xb, xdb, xddb = states(rng, n_batch)

    # same numbers first
    tau = gm.inverse_dynamics(params, x, xd, xdd)
    taub = gm.inverse_dynamics(params, xb, xdb, xddb)
    id_err = max(
        np.abs(mb.leg_forces(x, xd, xdd) - tau).max(),
        np.abs(mb.leg_forces(xb, xdb, xddb) - taub).max(),
    )
    fd_err = max(
        np.abs(
            mb.platform_acceleration(x, xd, tau) - gm.forward_dynamics(params, x, xd, tau)
        ).max(),
        np.abs(
            mb.platform_acceleration(xb, xdb, taub) - gm.forward_dynamics(params, xb, xdb, taub)
        ).max(),
    )
    assert id_err < 1e-8 and fd_err < 1e-8, (id_err, fd_err)

    model = StewartModel(params)
    gen, genb = model.generalized_forces(x, tau), model.generalized_forces(xb, taub)
    assert np.abs(model.actuator_forces(xb, xdb, xddb) - taub).max() < 1e-8
    assert (
        np.abs(
            model.forward_dynamics(xb, xdb, genb) - gm.forward_dynamics(params, xb, xdb, taub)
        ).max()
        < 1e-8
    )

    # (algorithm, implementation, single call, batched call)
    cases = [
        (
            "inverse dynamics",
            "GM dynamics.inverse_dynamics",
            lambda: gm.inverse_dynamics(params, x, xd, xdd),
            lambda: gm.inverse_dynamics(params, xb, xdb, xddb),
        ),
        (
            "inverse dynamics",
            "GM StewartModel.actuator_forces",
            lambda: model.actuator_forces(x, xd, xdd),
            lambda: model.actuator_forces(xb, xdb, xddb),
        ),
        (
            "inverse dynamics",
            "multibody leg_forces",
            lambda: mb.leg_forces(x, xd, xdd),
            lambda: mb.leg_forces(xb, xdb, xddb),
        ),
        (
            "forward dynamics",
            "GM dynamics.forward_dynamics",
            lambda: gm.forward_dynamics(params, x, xd, tau),
            lambda: gm.forward_dynamics(params, xb, xdb, taub),
        ),
        (
            "forward dynamics",
            "GM StewartModel.forward_dynamics",
            lambda: model.forward_dynamics(x, xd, gen),
            lambda: model.forward_dynamics(xb, xdb, genb),
        ),
        (
            "forward dynamics",
            "multibody platform_acceleration",
            lambda: mb.platform_acceleration(x, xd, tau),
            lambda: mb.platform_acceleration(xb, xdb, taub),
        ),
    ]
    print(
        f"Stewart platform (Table 2), time per pose (µs), same run, best of {repeats}; "
        f"batched = {n_batch} poses in one call"
    )
    print(f"agreement on these states: leg forces {id_err:.1e} N, platform ẍ {fd_err:.1e}")
    times = {}
    for algo, impl, single, batched in cases:
        slow = impl.startswith("multibody")  # ~10x slower: fewer calls per loop
        times[algo, impl] = (
            best_time(single, max(1, calls // 10) if slow else calls, repeats),
            best_time(batched, 1 if slow else max(1, calls // 100), repeats) / n_batch,
        )
    head = (
        f"{'algorithm':17s} {'implementation':33s} {'single':>9s} {'MB/this':>8s} "
        f"{'batched':>9s} {'MB/this':>8s}"
    )
    print(head)
    print("-" * len(head))
    for algo, impl, _, _ in cases:
        ref = next(v for (a, i), v in times.items() if a == algo and i.startswith("multibody"))
        t_s, t_b = times[algo, impl]
        print(
            f"{algo:17s} {impl:33s} {t_s * 1e6:9.1f} {ref[0] / t_s:8.1f} "
            f"{t_b * 1e6:9.2f} {ref[1] / t_b:8.1f}"
        )
    print("MB/this = the multibody model's time / this row's (same algorithm, same call mode)")


if __name__ == "__main__":
    main()
