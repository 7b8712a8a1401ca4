"""The torque error of the diagonal-armature model along a trajectory, Case R and Case S.

The 3-dof geared arm of Chen & Wang (1998) (note seed-002 §2; config/mechanisms/geared3_case_r.yaml,
geared3_case_s.yaml) with its rotors modelled two ways (kind ``geared``, ``rotor_model``):

* ``full``: M = M_v + M_s(q), the relative-spin bias C_s(q, q̇) (Chen & Wang);
* ``diagonal``: M_v + diag(M_s), no C_s: what an armature (Pinocchio, MuJoCo, Drake,
  ros2_control's transmissions) keeps.

Along the motion of tests/test_geared_arm.py (the generator's quintic through the same timed
goals: GOALS there), the joint torques of each model's inverse dynamics τ = M q̈ + C q̇ + g are
computed directly from the models (no ROS), and the figure shows τ_full − τ_diag per joint for
both cases (gravity is the same in both models and cancels). The script checks, before writing,
that both models give the note's §2.7 State 1 torques (full, and "τ with only diag(M_s)") to
1e-9 relative, that the diagonal model's error is exactly the off-diagonal M_s q̈ + C_s (the
difference of the two models' mass matrices has a zero diagonal), and prints each case's peak and RMS error per
joint and relative to the peak joint torque (docs/geared.md quotes them).

Run: ``python bench/geared_diagonal_error.py [--out docs/img]``.
"""

from __future__ import annotations

import argparse
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import yaml  # noqa: E402

from modyn_model import load_model  # noqa: E402
from modyn_trajectory.planner import plan_joint_motion  # noqa: E402

__all__ = ["START", "GOALS", "models", "trajectory", "main"]

ROOT = Path(__file__).resolve().parents[1]
#: start pose (rad) and timed goals (waypoint, duration s): tests/test_geared_arm.py's
START = np.array([0.0, 0.5, 0.8])
GOALS = [([1.2, -0.6, -0.5], 0.9), ([0.0, 0.5, 0.8], 0.9)]
CASES = {"R": "geared3_case_r.yaml", "S": "geared3_case_s.yaml"}
#: note §2.7 State 1 and its τ of each model (full; diagonal: "τ with only diag(M_s)")
STATE1 = ([0.3, -0.7, 1.1], [0.5, -1.2, 0.8], [0.2, 0.4, -0.6])
TAU1 = {
    "R": (
        [-0.178420690898, 11.321752340013, 0.573133844689],
        [-0.18047297301, 11.319058276888, 0.574921593539],
    ),
    "S": (
        [-0.235387334514, 11.260262288696, 0.384965429802],
        [-0.221308492956, 11.254707554315, 0.444046593539],
    ),
}


def models(case: str):
    """(full, diagonal) models of ``case`` ('R' or 'S'): the shipped file, and the same with
    ``rotor_model: diagonal`` (its relative paths made absolute)."""
    path = ROOT / "config" / "mechanisms" / CASES[case]
    full = load_model(path)
    data = yaml.safe_load(path.read_text())
    data["rotor_model"] = "diagonal"
    data["name"] = f"{data['name']}_diagonal"
    diagonal = load_model(data, base_dir=path.parent)
    return full, diagonal


def trajectory(period: float = 1e-3):
    """(t, q, q̇, q̈) along GOALS: the generator's timed quintic from rest, goal after goal."""
    t_all, q_all, v_all, a_all = [], [], [], []
    q0, offset = START, 0.0
    for waypoint, duration in GOALS:
        plan = plan_joint_motion(
            "quintic",
            q0,
            np.array([waypoint]),
            [duration],
            v_max=np.full(3, 3.0),
            a_max=np.full(3, 1e3),
        )
        t = np.arange(0.0, plan.duration + 0.5 * period, period)
        q, v, a = plan.sample(t)
        t_all.append(t + offset)
        q_all.append(q)
        v_all.append(v)
        a_all.append(a)
        q0, offset = np.asarray(waypoint, dtype=float), offset + plan.duration
    return tuple(np.concatenate(x) for x in (t_all, q_all, v_all, a_all))


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "img")
    args = parser.parse_args(argv)
    t, q, v, a = trajectory()
    fig, axes = plt.subplots(2, 1, figsize=(8, 6.5), sharex=True)
    for ax, case in zip(axes, CASES, strict=True):
        full, diagonal = models(case)
        # the models are the note's: State 1's τ of both to its 12 printed digits
        for m, ref in zip((full, diagonal), TAU1[case], strict=True):
            got = m.inverse_dynamics(*(np.array(x) for x in STATE1), friction=False)
            np.testing.assert_allclose(got, ref, rtol=1e-9, atol=1e-12)
        tau_full = full.inverse_dynamics(q, v, a, friction=False)
        tau_diag = diagonal.inverse_dynamics(q, v, a, friction=False)
        err = tau_full - tau_diag
        # the check: the models differ by the off-diagonal of M_s and by C_s only
        dm = full.mass_matrix(q) - diagonal.mass_matrix(q)
        assert np.abs(np.diagonal(dm, axis1=-2, axis2=-1)).max() < 1e-12
        dh = full.bias_forces(q, v, friction=False) - diagonal.bias_forces(q, v, friction=False)
        np.testing.assert_allclose(err, np.einsum("kij,kj->ki", dm, a) + dh, atol=1e-10)
        peak = np.abs(tau_full).max(axis=0)
        print(
            f"Case {case}: |tau_full - tau_diag| max {np.array2string(np.abs(err).max(axis=0), precision=4)} "
            f"N m, RMS {np.array2string(np.sqrt(np.mean(err**2, axis=0)), precision=4)} N m; "
            f"max / peak |tau_full| {np.array2string(np.abs(err).max(axis=0) / peak, precision=3)}"
        )
        for j in range(3):
            ax.plot(t, err[:, j], label=f"joint {j + 1}")
        ax.set_ylabel("τ_full − τ_diag (N·m)")
        ax.set_title(f"Case {case}: torque error of the diagonal-armature model")
        ax.grid(True, alpha=0.3)
        ax.legend(loc="upper right")
    axes[-1].set_xlabel("t (s)")
    fig.tight_layout()
    args.out.mkdir(parents=True, exist_ok=True)
    out = args.out / "geared_diagonal_error.png"
    fig.savefig(out, dpi=110)
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
