"""Dynamics speed of modyn_model against Pinocchio, measured in the same run.

For the UR5 and the Panda of example-robot-data it times, per evaluation:

* Pinocchio 4 called from Python, one state per call (the reference);
* modyn's single-call path: ``model.inverse_dynamics(q, v, a)`` (checks + generated code) and
  the allocation-free ``modyn_model.algorithms.inverse_dynamics(model, data, ...)``;
* modyn's batched path: one call on N = 1000 states, time divided by N;

for inverse dynamics (RNEA), the inertia matrix (CRBA) and direct dynamics (ABA), and prints
the ratios ours / Pinocchio (lower is better; the issue's targets are ≤ 20 for the single-call
inverse dynamics and ≤ 2 for the batched one). It also prints the operation counts of the
customized RX-90 model next to Khalil's Table 7.6. Timings are the best of several repeats of
the thread's CPU time (``bench/_timing.py``, shared with ``bench/compiled.py``); only the
ratios are meaningful across machines.

The floating-base rows (issue 14) time the same three algorithms on solo12 with a free-flyer
base (:class:`modyn_model.floating.FloatingBaseModel` against Pinocchio's
``JointModelFreeFlyer``; ``(m,data)`` is the single-call path of ``modyn_model.algorithms``,
which has no generated code for a floating base yet and calls the model's methods).

Run: ``make bench`` or ``python bench/dynamics.py [--quick]``.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

from modyn_model import RobotModel
from modyn_model import algorithms as alg
from modyn_model.codegen import generate_rnea

sys.path.insert(0, str(Path(__file__).resolve().parent))  # bench/_timing.py, run from anywhere
from _timing import best_time, erd_robots  # noqa: E402


def load(name: str, robots: Path):
    import pinocchio as pin

    if name == "UR5":
        path = robots / "ur_description/urdf/ur5_robot.urdf"
        return RobotModel.from_urdf(path), pin.buildModelFromUrdf(str(path))
    path = robots / "panda_description/urdf/panda.urdf"
    fingers = ["panda_finger_joint1", "panda_finger_joint2"]
    full = pin.buildModelFromUrdf(str(path))
    reduced = pin.buildReducedModel(full, [full.getJointId(f) for f in fingers], pin.neutral(full))
    return RobotModel.from_urdf(path, locked_joints=fingers), reduced


def bench_robot(name: str, robots: Path, n_batch: int, calls: int, repeats: int) -> list[tuple]:
    import pinocchio as pin

    model, pmodel = load(name, robots)
    pdata = pmodel.createData()
    data = model.make_data()
    rng = np.random.default_rng(0)
    n = model.n
    q, v, a = rng.uniform(-1.5, 1.5, size=(3, n))
    qb, vb, ab = rng.uniform(-1.5, 1.5, size=(3, n_batch, n))
    tau = model.inverse_dynamics(q, v, a, friction=False)
    taub = model.inverse_dynamics(qb, vb, ab, friction=False)
    # same numbers first: the speed of a wrong answer is worth nothing
    assert np.allclose(tau, pin.rnea(pmodel, pdata, q, v, a), rtol=1e-9, atol=1e-9)
    rows = []
    cases = [
        (
            "inverse dynamics",
            lambda: pin.rnea(pmodel, pdata, q, v, a),
            lambda: model.inverse_dynamics(q, v, a, friction=False),
            lambda: alg.inverse_dynamics(model, data, q, v, a, friction=False),
            lambda: model.inverse_dynamics(qb, vb, ab, friction=False),
        ),
        (
            "inertia matrix",
            lambda: pin.crba(pmodel, pdata, q),
            lambda: model.mass_matrix(q),
            lambda: alg.mass_matrix(model, data, q),
            lambda: model.mass_matrix(qb),
        ),
        (
            "direct dynamics",
            lambda: pin.aba(pmodel, pdata, q, v, tau),
            lambda: model.forward_dynamics(q, v, tau, friction=False),
            lambda: alg.forward_dynamics(model, data, q, v, tau, friction=False),
            lambda: model.forward_dynamics(qb, vb, taub, friction=False),
        ),
    ]
    for label, ref, single, with_data, batched in cases:
        t_ref = best_time(ref, calls, repeats)
        t_single = best_time(single, calls, repeats)
        t_data = best_time(with_data, calls, repeats)
        t_batch = best_time(batched, max(1, calls // 200), repeats) / n_batch
        rows.append((name, label, t_ref, t_single, t_data, t_batch))
    return rows


def bench_floating(robots: Path, n_batch: int, calls: int, repeats: int) -> list[tuple]:
    """The floating-base rows: solo12 on a free flyer, modyn vs Pinocchio."""
    import pinocchio as pin

    from modyn_model.floating import to_pinocchio_q

    path = str(robots / "solo_description/robots/solo12.urdf")
    model = RobotModel.from_urdf(path, floating_base=True)
    pmodel = pin.buildModelFromUrdf(path, pin.JointModelFreeFlyer())
    pdata = pmodel.createData()
    data = model.make_data()
    rng = np.random.default_rng(0)

    def states(count):
        q = np.zeros((count, model.nq))
        q[:, :3] = rng.normal(size=(count, 3))
        quat = rng.normal(size=(count, 4))
        q[:, 3:7] = quat / np.linalg.norm(quat, axis=1, keepdims=True)
        q[:, 7:] = rng.uniform(-1.5, 1.5, size=(count, model.n))
        return q, rng.normal(size=(count, model.nv)), rng.normal(size=(count, model.nv))

    (q,), (v,), (a,) = states(1)
    qb, vb, ab = states(n_batch)
    pq = to_pinocchio_q(q)
    tau = model.inverse_dynamics(q, v, a, friction=False)
    taub = model.inverse_dynamics(qb, vb, ab, friction=False)
    # same numbers first (modyn and Pinocchio number solo12's joints alike)
    assert np.allclose(tau, pin.rnea(pmodel, pdata, pq, v, a), rtol=1e-9, atol=1e-9)
    assert np.allclose(model.forward_dynamics(q, v, tau), pin.aba(pmodel, pdata, pq, v, tau))
    cases = [
        (
            "inverse dynamics",
            lambda: pin.rnea(pmodel, pdata, pq, v, a),
            lambda: model.inverse_dynamics(q, v, a, friction=False),
            lambda: alg.inverse_dynamics(model, data, q, v, a, friction=False),
            lambda: model.inverse_dynamics(qb, vb, ab, friction=False),
        ),
        (
            "inertia matrix",
            lambda: pin.crba(pmodel, pdata, pq),
            lambda: model.mass_matrix(q),
            lambda: alg.mass_matrix(model, data, q),
            lambda: model.mass_matrix(qb),
        ),
        (
            "direct dynamics",
            lambda: pin.aba(pmodel, pdata, pq, v, tau),
            lambda: model.forward_dynamics(q, v, tau, friction=False),
            lambda: alg.forward_dynamics(model, data, q, v, tau, friction=False),
            lambda: model.forward_dynamics(qb, vb, taub, friction=False),
        ),
    ]
    rows = []
    slow = max(1, calls // 20)  # the floating path is pure numpy: fewer calls per loop
    for label, ref, single, with_data, batched in cases:
        t_ref = best_time(ref, calls, repeats)
        t_single = best_time(single, slow, repeats)
        t_data = best_time(with_data, slow, repeats)
        t_batch = best_time(batched, max(1, calls // 200), repeats) / n_batch
        rows.append(("solo12+FF", label, t_ref, t_single, t_data, t_batch))
    return rows


def khalil_counts() -> None:
    """Operation counts of the customized RX-90 model beside Khalil's Table 7.6."""
    base = RobotModel.from_mdh("rx90")
    rng = np.random.default_rng(1)
    general = base.inertial_parameters + rng.uniform(0.01, 0.05, size=(base.n, 10))
    model = base.with_parameters(general)
    counts = generate_rnea(model, friction=False).counts
    simplified = generate_rnea(base, friction=False).counts
    print("\nCustomized RX-90 inverse dynamics, operation counts (Khalil §7.5.2, Table 7.6):")
    print(f"{'inertial parameters':34s} {'modyn mult/add':>16s} {'Khalil mult/add':>16s}")
    print(
        f"{'general, standard parameters':34s} {counts['mul']:>7d}/{counts['add']:<8d} "
        f"{'294/283':>16s}"
    )
    print(
        f"{'shipped rx90.yaml (sparse)':34s} {simplified['mul']:>7d}/{simplified['add']:<8d} "
        f"{'202/153 (simplified)':>16s}"
    )
    print("  (modyn adds the rotor-inertia terms Ia·q̈ and keeps every standard parameter;")
    print("   Khalil's smaller counts use base parameters, which modyn does not regroup yet)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="fewer repeats (CI smoke run)")
    args = parser.parse_args()
    calls, repeats = (300, 3) if args.quick else (2000, 7)
    robots = erd_robots()
    rows = []
    for name in ("UR5", "Panda"):
        rows += bench_robot(name, robots, 1000, calls, repeats)
    rows += bench_floating(robots, 1000, calls, repeats)
    print(
        "Time per evaluation (µs) and ratio to Pinocchio-from-Python (same run, best of "
        f"{repeats}):"
    )
    head = (
        f"{'robot':9s} {'algorithm':17s} {'pinocchio':>9s} {'single':>8s} {'ratio':>6s} "
        f"{'(m,data)':>9s} {'ratio':>6s} {'batched':>8s} {'ratio':>6s}"
    )
    print(head)
    print("-" * len(head))
    for name, label, t_ref, t_single, t_data, t_batch in rows:
        print(
            f"{name:9s} {label:17s} {t_ref * 1e6:9.2f} "
            f"{t_single * 1e6:8.2f} {t_single / t_ref:6.1f} "
            f"{t_data * 1e6:9.2f} {t_data / t_ref:6.1f} {t_batch * 1e6:8.2f} {t_batch / t_ref:6.2f}"
        )
    print("\nTargets (issue 2): single-call inverse dynamics ≤ 20×, batched per sample ≤ 2×.")
    for name, label, t_ref, t_single, _, t_batch in rows:
        if label == "inverse dynamics" and name in ("UR5", "Panda"):
            ok = t_single / t_ref <= 20 and t_batch / t_ref <= 2
            print(
                f"  {name}: single {t_single / t_ref:.1f}×, batched {t_batch / t_ref:.2f}× "
                f"-> {'met' if ok else 'NOT met'}"
            )
    khalil_counts()


if __name__ == "__main__":
    main()
