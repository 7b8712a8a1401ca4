"""Compiled customized models (issue 21) against Pinocchio-from-Python, in one run.

For the UR5, the Panda (fingers locked), the RX-90 (modified-DH table, exported as URDF for
Pinocchio), the xArm7 and the Unitree Z1 of example-robot-data it first checks that modyn and
Pinocchio give the same Γ, A(q) and q̈ (1e-9), then times, per evaluation:

* ``pinocchio``: ``pin.rnea`` / ``pin.crba`` / ``pin.aba`` called from Python, one state;
* ``unchecked``: ``modyn_model.algorithms.<f>(model, data, ..., checked=False)``, the control-loop
  fast path (one compiled call writing into the Data workspace);
* ``checked``: the same with the state checks (shape, finiteness) of the default call;
* ``batched``: ``model.inverse_dynamics(Q, V, A)`` (etc.) on N = 1000 states, time / N (one C
  loop over the samples, two samples per iteration on vector types, checks and the output
  allocation included);
* ``into out``: the same C loop through ``generated(model, ...).native.batch(Q, V, A, out=OUT)``
  with a preallocated output and no checks (the batched counterpart of ``checked=False``).

Ratios are ours / Pinocchio (lower is better); issue 21's targets: single call ≤ 1.0 and batched
≤ 0.2 per sample. Timings are the best mean of 25 loops of the thread's CPU time, the loops of
the five variants of a row interleaved (``bench/_timing.py``, shared with ``bench/dynamics.py``);
only ratios compare across machines. ``fn.backend`` is printed: ``c`` when the C compiler was found (``MODYN_CODEGEN=c`` is
set by this script, so a missing compiler is an error rather than a silent Python run).

Scaling (``--scaling``): time per call against n for random chains of 6 to 60 joints (and 120,
240 to show the asymptote) of the generic C recursions of
:mod:`modyn_model.codegen.recursions_c` (the straight-line customized direct model of a
24-joint chain is ~50 000 operations and took 100 s to generate and compile here, so the
scaling uses compiled loops over the tree arrays, the same C code for every n): RNEA, the articulated-body algorithm and the
A-matrix route (RNEA for H, CRBA for A, Cholesky). Each point is one C loop over N states, time
/ N (no Python in the measured time). It prints the log-log slopes and writes
``docs/img/performance_scaling.png``.

Run: ``python bench/compiled.py [--quick] [--scaling]``.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

os.environ.setdefault("MODYN_CODEGEN", "c")

from modyn_model import RobotModel  # noqa: E402
from modyn_model import algorithms as alg  # noqa: E402
from modyn_model.codegen.runtime import generated  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))  # bench/_timing.py, run from anywhere
from _timing import best_time, best_times, erd_robots  # noqa: E402

ROBOTS = {
    "UR5": ("ur_description/urdf/ur5_robot.urdf", ()),
    "Panda": ("panda_description/urdf/panda.urdf", ("panda_finger_joint1", "panda_finger_joint2")),
    "RX-90": (None, ()),
    "xArm7": ("xarm_description/urdf/xarm7.urdf", ()),
    "Z1": ("z1_description/urdf/z1.urdf", ()),
}


def load(name: str, robots: Path):
    """(modyn model, Pinocchio model) of the same robot, joints in the same order."""
    import pinocchio as pin

    relative, locked = ROBOTS[name]
    if relative is None:  # the RX-90 table; Pinocchio reads modyn's URDF export of it
        from modyn_model.urdf_export import to_urdf

        model = RobotModel.from_mdh("rx90")
        with tempfile.NamedTemporaryFile("w", suffix=".urdf", delete=False) as f:
            f.write(to_urdf(model))
        pmodel = pin.buildModelFromUrdf(f.name)
        os.unlink(f.name)
        pmodel.armature = np.array(model.armature)  # rotor inertia Ia (URDF cannot hold it)
        return model, pmodel
    path = str(robots / relative)
    full = pin.buildModelFromUrdf(path)
    if locked:
        ids = [full.getJointId(j) for j in locked]
        full = pin.buildReducedModel(full, ids, pin.neutral(full))
    return RobotModel.from_urdf(path, locked_joints=list(locked)), full


def bench_robot(name, robots, n_batch, calls, repeats):
    import pinocchio as pin

    model, pmodel = load(name, robots)
    pdata, data = pmodel.createData(), model.make_data()
    rng = np.random.default_rng(0)
    q, v, a = rng.uniform(-1.5, 1.5, size=(3, model.n))
    qb, vb, ab = rng.uniform(-1.5, 1.5, size=(3, n_batch, model.n))
    tau = pin.rnea(pmodel, pdata, q, v, a).copy()
    taub = model.inverse_dynamics(qb, vb, ab, friction=False)
    # same numbers first: the speed of a wrong answer is worth nothing
    ours = alg.inverse_dynamics(model, data, q, v, a, friction=False, checked=False)
    assert np.allclose(ours, tau, rtol=1e-9, atol=1e-9), name
    ours = alg.mass_matrix(model, data, q, checked=False)
    assert np.allclose(ours, pin.crba(pmodel, pdata, q), rtol=1e-9, atol=1e-9), name
    ours = alg.forward_dynamics(model, data, q, v, tau, friction=False, checked=False)
    assert np.allclose(ours, pin.aba(pmodel, pdata, q, v, tau), rtol=1e-9, atol=1e-9), name
    backend = generated(model, "rnea", True, True, True, False).backend
    raw = {
        "rnea": generated(model, "rnea", True, True, True, False).native,
        "mass": generated(model, "mass_matrix").native,
        "fd": generated(model, "forward_dynamics", False).native,
    }
    out_n = np.empty((n_batch, model.n))
    out_m = np.empty((n_batch, model.n * model.n))
    cases = [
        (
            "inverse dynamics",
            lambda: pin.rnea(pmodel, pdata, q, v, a),
            lambda: alg.inverse_dynamics(model, data, q, v, a, friction=False, checked=False),
            lambda: alg.inverse_dynamics(model, data, q, v, a, friction=False),
            lambda: model.inverse_dynamics(qb, vb, ab, friction=False),
            lambda: raw["rnea"].batch(qb, vb, ab, out=out_n),
        ),
        (
            "mass matrix",
            lambda: pin.crba(pmodel, pdata, q),
            lambda: alg.mass_matrix(model, data, q, checked=False),
            lambda: alg.mass_matrix(model, data, q),
            lambda: model.mass_matrix(qb),
            lambda: raw["mass"].batch(qb, out=out_m),
        ),
        (
            "forward dynamics",
            lambda: pin.aba(pmodel, pdata, q, v, tau),
            lambda: alg.forward_dynamics(model, data, q, v, tau, friction=False, checked=False),
            lambda: alg.forward_dynamics(model, data, q, v, tau, friction=False),
            lambda: model.forward_dynamics(qb, vb, taub, friction=False),
            lambda: raw["fd"].batch(qb, vb, taub, out=out_n),
        ),
    ]
    rows = []
    for label, ref, fast, checked, batched, into in cases:
        per_batch = max(1, calls // 400)
        t_ref, t_fast, t_checked, t_batch, t_into = best_times(
            [ref, fast, checked, batched, into], [calls] * 3 + [per_batch] * 2, repeats
        )
        t_batch, t_into = t_batch / n_batch, t_into / n_batch
        rows.append((name, label, backend, t_ref, t_fast, t_checked, t_batch, t_into))
    return rows


SCALING_N = (6, 9, 12, 18, 24, 36, 48, 60, 120, 240)


def bench_scaling(repeats: int, plot: Path | None) -> None:
    from modyn_model.codegen.recursions_c import CompiledRecursions
    from modyn_model.random_robot import random_urdf

    rows = []
    for n in SCALING_N:
        model = RobotModel.from_urdf(random_urdf(21, n, tree=False))
        rec = CompiledRecursions(model)
        count = max(4, 2000 // n)  # states per C loop
        rng = np.random.default_rng(n)
        q, v, x = rng.uniform(-1.5, 1.5, size=(3, count, n))
        times = []
        for fn in (rec.rnea, rec.aba, rec.inverse_model):
            times.append(best_time(lambda fn=fn, q=q, v=v, x=x: fn(q, v, x), 1, repeats) / count)
        # the two direct models agree (a wrong fast answer is worth nothing)
        a1, a2 = rec.aba(q[:4], v[:4], x[:4]), rec.inverse_model(q[:4], v[:4], x[:4])
        assert np.allclose(a1, a2, rtol=1e-8, atol=1e-8 * np.abs(a1).max()), n
        rows.append((n, *times))
    print("\nScaling, generic C recursions, random chains (µs per call, one C loop over N states):")
    print(f"{'n':>4s} {'RNEA':>10s} {'ABA':>10s} {'CRBA+Chol':>10s}")
    for n, t1, t2, t3 in rows:
        print(f"{n:4d} {t1 * 1e6:10.3f} {t2 * 1e6:10.3f} {t3 * 1e6:10.3f}")
    arr = np.array(rows)
    for lo, hi in ((6, 60), (60, 240)):
        sel = (arr[:, 0] >= lo) & (arr[:, 0] <= hi)
        slopes = [np.polyfit(np.log(arr[sel, 0]), np.log(arr[sel, k]), 1)[0] for k in (1, 2, 3)]
        print(
            f"log-log slope for n = {lo}..{hi}: RNEA {slopes[0]:.2f}, ABA {slopes[1]:.2f}, "
            f"CRBA+Cholesky {slopes[2]:.2f}"
        )
    if plot is None:
        return
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(6.4, 4.4))
    for k, label, marker in (
        (1, "RNEA", "o"),
        (2, "ABA (recursive)", "s"),
        (3, "CRBA + Cholesky", "^"),
    ):
        ax.loglog(arr[:, 0], arr[:, k] * 1e6, marker=marker, label=label)
    # reference slopes drawn through the last point (n = 240), where the leading term shows
    last = arr[-1, 0]
    for power, k, style in ((1, 1, ":"), (2, 3, "-."), (3, 3, "--")):
        ax.loglog(
            arr[:, 0],
            arr[-1, k] * 1e6 * (arr[:, 0] / last) ** power,
            "k" + style,
            lw=0.8,
            label=f"∝ n{'' if power == 1 else '²' if power == 2 else '³'}",
        )
    ax.set_xlabel("joints n (random chain)")
    ax.set_ylabel("time per call (µs)")
    ax.set_title("Compiled generic recursions (one C loop over N states)")
    ax.grid(True, which="both", alpha=0.3)
    ax.legend()
    fig.tight_layout()
    fig.savefig(plot, dpi=110)
    print(f"wrote {plot}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="fewer repeats (CI smoke run)")
    parser.add_argument("--scaling", action="store_true", help="only the scaling study")
    args = parser.parse_args()
    # many short loops: on the shared machine a loop of a few ms is less often disturbed, and
    # the best of 25 is a steadier estimate of the undisturbed time than the best of 7 long ones
    calls, repeats = (500, 3) if args.quick else (2000, 25)
    if args.scaling:
        plot = Path(__file__).resolve().parent.parent / "docs" / "img" / "performance_scaling.png"
        bench_scaling(repeats, None if args.quick else plot)
        return
    robots = erd_robots()
    load_before = os.getloadavg()
    start = time.perf_counter()
    rows = []
    for name in ROBOTS:
        rows += bench_robot(name, robots, 1000, calls, repeats)
    print(
        f"Time per evaluation (µs) and ratio to Pinocchio-from-Python (one run, best of "
        f"{repeats}; load average {load_before[0]:.2f} before, {os.getloadavg()[0]:.2f} after, "
        f"{time.perf_counter() - start:.0f} s):"
    )
    head = (
        f"{'robot':6s} {'algorithm':17s} {'backend':7s} {'pinocchio':>9s} {'unchecked':>9s} "
        f"{'ratio':>6s} {'checked':>8s} {'ratio':>6s} {'batched':>8s} {'ratio':>6s} "
        f"{'into out':>8s} {'ratio':>6s}"
    )
    print(head)
    print("-" * len(head))
    met = True
    for name, label, backend, t_ref, t_fast, t_checked, t_batch, t_into in rows:
        print(
            f"{name:6s} {label:17s} {backend:7s} {t_ref * 1e6:9.3f} {t_fast * 1e6:9.3f} "
            f"{t_fast / t_ref:6.2f} {t_checked * 1e6:8.3f} {t_checked / t_ref:6.2f} "
            f"{t_batch * 1e6:8.3f} {t_batch / t_ref:6.2f} {t_into * 1e6:8.3f} {t_into / t_ref:6.2f}"
        )
        met &= t_fast / t_ref <= 1.0 and t_batch / t_ref <= 0.2
    print(
        "\nTargets (issue 21): unchecked single call ≤ 1.0×, batched (N = 1000, model method) "
        f"≤ 0.2× per sample -> {'all met' if met else 'NOT all met (see the rows above)'}"
    )


if __name__ == "__main__":
    main()
