"""Free-flying iiwa 14 (issue 18): DQ inverse dynamics and forward dynamics against the
floating-base Newton–Euler/ABA (modyn_model.floating) and Pinocchio's free-flyer RNEA/ABA,
timed in the same run as ratios (only ratios are meaningful across machines).

For random states of config/mechanisms/space_iiwa.yaml's chain (URDF inertias, so Pinocchio
agrees) it times, per state:

* ``dq_rnea``: :func:`modyn_model.mechanisms.space.recursion.inverse_dynamics` (eq. 23 corrected);
* ``dq_fd``: :func:`modyn_model.mechanisms.space.matrix_form.forward_dynamics` (eq. 32 corrected);
* ``dq_aba``: :func:`modyn_model.mechanisms.space.recursion.articulated_body_forward_dynamics`;
* ``fb_rnea`` / ``fb_aba``: FloatingBaseModel.inverse_dynamics / forward_dynamics;
* ``pin_rnea`` / ``pin_aba``: pinocchio.rnea / aba (C++), when installed;

each single-state and batched (N states per call, time divided by N) for the NumPy ones. The
three must first agree (to 1e-10) on the states timed. Run: ``python bench/space_dynamics.py
[--quick]``.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import numpy as np

from modyn_model.dualquat import dqfrom_pose
from modyn_model.floating import FloatingBaseModel, to_pinocchio_q
from modyn_model.mechanisms.space import matrix_form as mf
from modyn_model.mechanisms.space import recursion as rc
from modyn_model.mechanisms.space.chain import DQChain

URDF = Path(__file__).resolve().parents[1] / "urdf" / "space_iiwa14.urdf"
PERM = np.r_[3, 4, 5, 0, 1, 2, 6:13]


def best_time(fn, calls: int, repeats: int) -> float:
    """Best mean time per call (s) over ``repeats`` loops of ``calls`` calls."""
    best = np.inf
    for _ in range(repeats):
        t0 = time.perf_counter()
        for _ in range(calls):
            fn()
        best = min(best, (time.perf_counter() - t0) / calls)
    return best


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--quick", action="store_true")
    args = ap.parse_args()
    calls, repeats, batch = (20, 3, 64) if args.quick else (200, 5, 256)
    g = (0.0, 0.0, -9.81)
    fb = FloatingBaseModel.from_urdf(URDF, gravity=g)
    chain = DQChain.from_limb(fb.limb_model, fb.root_params)
    rng = np.random.default_rng(0)
    q = fb.integrate(np.tile(fb.neutral(), (batch, 1)), rng.normal(size=(batch, 13)), 1.0)
    v, a = rng.normal(size=(2, batch, 13))
    qb, th = dqfrom_pose(q[:, 3:7], q[:, :3]), q[:, 7:]
    tau = fb.inverse_dynamics(q, v, a)
    dq_tau = rc.inverse_dynamics(chain, qb, th, v[:, PERM], a[:, PERM], g)[:, PERM]
    assert np.abs(dq_tau - tau).max() < 1e-10
    dq_acc = mf.forward_dynamics(chain, qb, th, v[:, PERM], tau[:, PERM], g)[:, PERM]
    assert np.abs(dq_acc - a).max() < 1e-9
    t = {}
    t["dq_rnea"] = best_time(
        lambda: rc.inverse_dynamics(chain, qb[0], th[0], v[0, PERM], a[0, PERM], g), calls, repeats
    )
    t["fb_rnea"] = best_time(lambda: fb.inverse_dynamics(q[0], v[0], a[0]), calls, repeats)
    t["dq_fd"] = best_time(
        lambda: mf.forward_dynamics(chain, qb[0], th[0], v[0, PERM], tau[0, PERM], g),
        calls,
        repeats,
    )
    t["dq_aba"] = best_time(
        lambda: rc.articulated_body_forward_dynamics(
            chain, qb[0], th[0], v[0, PERM], tau[0, PERM], g
        ),
        calls,
        repeats,
    )
    t["fb_aba"] = best_time(lambda: fb.forward_dynamics(q[0], v[0], tau[0]), calls, repeats)
    nb = max(1, calls // 20)
    t["dq_rnea_batched"] = (
        best_time(
            lambda: rc.inverse_dynamics(chain, qb, th, v[:, PERM], a[:, PERM], g), nb, repeats
        )
        / batch
    )
    t["fb_rnea_batched"] = best_time(lambda: fb.inverse_dynamics(q, v, a), nb, repeats) / batch
    t["dq_fd_batched"] = (
        best_time(
            lambda: mf.forward_dynamics(chain, qb, th, v[:, PERM], tau[:, PERM], g), nb, repeats
        )
        / batch
    )
    t["fb_aba_batched"] = best_time(lambda: fb.forward_dynamics(q, v, tau), nb, repeats) / batch
    try:
        import pinocchio as pin
    except ImportError:
        pin = None
    if pin is not None:
        model = pin.buildModelFromUrdf(str(URDF), pin.JointModelFreeFlyer())
        data = model.createData()
        qp = to_pinocchio_q(q[0])
        assert np.abs(pin.rnea(model, data, qp, v[0], a[0]) - tau[0]).max() < 1e-10
        t["pin_rnea"] = best_time(lambda: pin.rnea(model, data, qp, v[0], a[0]), calls, repeats)
        t["pin_aba"] = best_time(lambda: pin.aba(model, data, qp, v[0], tau[0]), calls, repeats)
    print(f"{'call':18s} {'time (us)':>10s}")
    for k, s in t.items():
        print(f"{k:18s} {s * 1e6:10.1f}")
    print("ratios (> 1: the first is slower)")
    print(f"  dq_rnea / fb_rnea            {t['dq_rnea'] / t['fb_rnea']:8.2f}")
    print(f"  dq_fd / fb_aba               {t['dq_fd'] / t['fb_aba']:8.2f}")
    print(f"  dq_aba / fb_aba              {t['dq_aba'] / t['fb_aba']:8.2f}")
    print(f"  batched dq_rnea / fb_rnea    {t['dq_rnea_batched'] / t['fb_rnea_batched']:8.2f}")
    print(f"  batched dq_fd / fb_aba       {t['dq_fd_batched'] / t['fb_aba_batched']:8.2f}")
    if pin is not None:
        print(f"  dq_rnea / pin_rnea           {t['dq_rnea'] / t['pin_rnea']:8.1f}")
        print(f"  fb_rnea / pin_rnea           {t['fb_rnea'] / t['pin_rnea']:8.1f}")
        print(f"  dq_fd / pin_aba              {t['dq_fd'] / t['pin_aba']:8.1f}")


if __name__ == "__main__":
    main()
