"""Figures and the redundancy table of docs/quadruped_tail.md (issue 17).

Offline (the model alone, config/mechanisms/quadruped_tail.yaml):

* ``quadruped_tail_yaw.png``: the yaw manoeuvre (note §4.4 torques, RK4 at 1 ms, 0.4 s), the
  torso pose over time in exact mode (ω = E φ̇) and paper mode (ω = φ̇);
* ``quadruped_tail_open_loop.png``: the pitch motion (note §4.5) open loop: τ(t) = Γ(q_d, q̇_d,
  q̈_d) fed to the forward model (exact mode, RK4 at 1 ms, 0.6 s), max |q − q_d| over time;
* the redundancy table: the peak motor torque of the pitch motion (one period, 2.5 ms grid) per
  resolution of the model's ``actuation_solve`` (paper, least_norm, weighted, qp), printed.

From the DDS run of tests/test_quadruped_tail.py (``MODYN_QTAIL_SAVE=<file> pytest
tests/test_quadruped_tail.py`` saves it; default file results/quadruped_tail_dds.npz):

* ``quadruped_tail_closed_loop.png``: desired vs tracked φ_x and θ_tb, the tracking error, and the
  feed-forward torque vs the compensation τ_c = τ − τ_ff on those coordinates (nominal model and
  +5 % torso mass in the controller's model);
* ``quadruped_tail_grf.png``: the ground reaction forces λ_z per foot along the closed-loop pitch
  motion (``constraint_forces/foot<i>``, 100 Hz) and the friction-cone margin μ λ_z − ‖λ_t‖
  (μ = 0.8, the YAML's friction_coefficient).

Run: ``python bench/quadruped_tail_plots.py [--data FILE] [--out docs/img]``.
"""

from __future__ import annotations

import argparse
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402

from modyn_model import load_model  # noqa: E402
from modyn_model.mechanisms.quadruped_tail.simulate import (  # noqa: E402
    pitch_motion,
    simulate,
    yaw_manoeuvre_torques,
)

ROOT = Path(__file__).resolve().parents[1]
MODEL = ROOT / "config" / "mechanisms" / "quadruped_tail.yaml"
NAMES = ["p_x", "p_y", "p_z", "φ_x", "φ_y", "φ_z", "θ_ta", "θ_tb"]
FEET = ("foot1", "foot2", "foot3", "foot4")


def yaw_figure(model, out: Path) -> None:
    q0 = model.neutral()
    fig, axes = plt.subplots(2, 1, figsize=(8, 6), sharex=True)
    for mode, style in (("exact", "-"), ("paper", "--")):
        m = model.with_options(mode=mode)
        run = simulate(m, q0, np.zeros(8), lambda t, q, v: yaw_manoeuvre_torques(t), 0.4, 1e-3)
        print(f"yaw manoeuvre, {mode} mode: q(0.3 s) = {np.round(run.q[300], 5).tolist()}, "
              f"p_z range [{run.q[:, 2].min():.5f}, {run.q[:, 2].max():.5f}] m"
              + (f"; stopped: {run.stopped}" if run.stopped else ""))  # fmt: skip
        for j, c in zip(range(3), "rgb", strict=True):
            axes[0].plot(run.t, run.q[:, j], style, color=c, label=f"{NAMES[j]} ({mode})")
        for j, c in zip(range(3, 6), "rgb", strict=True):
            axes[1].plot(run.t, run.q[:, j], style, color=c, label=f"{NAMES[j]} ({mode})")
    axes[0].set_ylabel("torso position (m)")
    axes[1].set_ylabel("torso angles (rad)")
    axes[1].set_xlabel("t (s)")
    for ax in axes:
        ax.legend(ncol=2, fontsize=7)
        ax.grid(alpha=0.3)
    fig.suptitle("Yaw manoeuvre (note §4.4 torques): exact (—) vs paper (- -) mode, RK4 1 ms")
    fig.tight_layout()
    fig.savefig(out / "quadruped_tail_yaw.png", dpi=110)
    plt.close(fig)


def open_loop_figure(model, out: Path) -> None:
    q0, v0, _ = pitch_motion(0.0)

    def tau(t, q, v):
        qd, vd, ad = pitch_motion(t)
        return model.inverse_dynamics(qd, vd, ad)

    run = simulate(model, q0, v0, tau, 0.6, 1e-3, generalized=True)
    qd = pitch_motion(run.t)[0]
    err = np.abs(run.q - qd).max(axis=1)
    print(f"open loop round trip (exact, RK4 1 ms): max |q - q_d| = {err[200]:.3g} at 0.2 s, "
          f"{err[300]:.3g} at 0.3 s, {err.max():.3g} over 0.6 s")  # fmt: skip
    fig, axes = plt.subplots(2, 1, figsize=(8, 5.5), sharex=True)
    axes[0].plot(run.t, qd[:, 3], "k-", label="φ_x desired")
    axes[0].plot(run.t, run.q[:, 3], "r--", label="φ_x open loop")
    axes[0].plot(run.t, qd[:, 7], "k:", label="θ_tb desired")
    axes[0].plot(run.t, run.q[:, 7], "b--", label="θ_tb open loop")
    axes[0].set_ylabel("rad")
    axes[0].legend(fontsize=7, ncol=2)
    axes[1].semilogy(run.t[1:], err[1:])
    axes[1].set_ylabel("max_j |q_j − q_d,j|")
    axes[1].set_xlabel("t (s)")
    for ax in axes:
        ax.grid(alpha=0.3)
    fig.suptitle("Pitch motion open loop: Γ(q_d, q̇_d, q̈_d) into the forward model (exact mode)")
    fig.tight_layout()
    fig.savefig(out / "quadruped_tail_open_loop.png", dpi=110)
    plt.close(fig)


def redundancy_table(model) -> None:
    t = np.arange(0.0, 0.3, 0.0025)
    q, v, a = pitch_motion(t)
    tau = model.inverse_dynamics(q, v, a)
    print(
        "| resolution | peak |u_k| (N·m) | at t (s) | motor | peak ‖u‖ (N·m) | smallest λ_z (N) |"
    )
    for method in ("paper", "least_norm", "weighted", "qp"):
        try:
            u = np.array(
                [model.actuation_solve(qq, tt, method) for qq, tt in zip(q, tau, strict=True)]
            )
        except Exception as exc:  # the qp's infeasibility certificate names the foot
            print(f"| {method} | infeasible: {str(exc)[:160]} |")
            continue
        lz = []
        from modyn_model.mechanisms.quadruped_tail import contact

        for i in range(len(t)):
            lam0, lam_u = contact.grf_map(model, q[i], v[i])
            lz.append((np.asarray(lam0) + np.asarray(lam_u) @ u[i]).reshape(4, 3)[:, 2].min())
        k = np.abs(u).max(axis=1).argmax()
        j = np.abs(u[k]).argmax()
        print(f"| {method} | {np.abs(u).max():.1f} | {t[k]:.4f} | {model.actuator_names[j]} | "
              f"{np.linalg.norm(u, axis=1).max():.1f} | {min(lz):.2f} |")  # fmt: skip


def closed_loop_figures(data: Path, out: Path, mu: float) -> None:
    d = np.load(data)
    fig, axes = plt.subplots(3, 2, figsize=(11, 8), sharex=True)
    for col, label in enumerate(("nominal", "heavy")):
        m = d[f"{label}_moving"]
        t = d[f"{label}_t"][m]
        q, qd = d[f"{label}_q"][m], d[f"{label}_q_d"][m]
        tau, ff = d[f"{label}_tau"][m], d[f"{label}_tau_ff"][m]
        title = "exact model" if label == "nominal" else "+5 % torso mass in the controller"
        ax = axes[0, col]
        ax.plot(t, qd[:, 3], "k-", lw=1, label="φ_x desired")
        ax.plot(t, q[:, 3], "r--", lw=1, label="φ_x tracked")
        ax.plot(t, qd[:, 7], "k:", lw=1, label="θ_tb desired")
        ax.plot(t, q[:, 7], "b--", lw=1, label="θ_tb tracked")
        ax.set_title(title, fontsize=9)
        ax.set_ylabel("rad")
        ax.legend(fontsize=6, ncol=2)
        ax = axes[1, col]
        for j, c in ((2, "g"), (3, "r"), (7, "b")):
            ax.plot(t, qd[:, j] - q[:, j], c, lw=1, label=f"e {NAMES[j]}")
        ax.set_ylabel("q_d − q (m, rad)")
        ax.legend(fontsize=6)
        ax = axes[2, col]
        for j, c in ((3, "r"), (7, "b")):
            ax.plot(t, ff[:, j], c, lw=1, label=f"τ_ff {NAMES[j]}")
            ax.plot(t, tau[:, j] - ff[:, j], c + ":", lw=1.5, label=f"τ_c {NAMES[j]}")
        ax.plot(t, tau[:, 2] - ff[:, 2], "g:", lw=1.5, label="τ_c p_z (N)")
        ax.set_ylabel("N·m (N)")
        ax.set_xlabel("t from the goal's start (s)")
        ax.legend(fontsize=6, ncol=2)
    for ax in axes.flat:
        ax.grid(alpha=0.3)
    fig.suptitle("Pitch motion closed loop over DDS (feed-forward + PD, Fig. 7), 1 kHz lockstep")
    fig.tight_layout()
    fig.savefig(out / "quadruped_tail_closed_loop.png", dpi=110)
    plt.close(fig)

    fig, axes = plt.subplots(2, 1, figsize=(8, 6), sharex=True)
    for foot, c in zip(FEET, "rgbm", strict=True):
        t, f = d[f"nominal_{foot}_t"], d[f"nominal_{foot}_f"]
        axes[0].plot(t, f[:, 2], c, lw=1, label=foot)
        axes[1].plot(t, mu * f[:, 2] - np.linalg.norm(f[:, :2], axis=1), c, lw=1, label=foot)
        print(f"{foot}: lambda_z min {f[t >= 0, 2].min():.2f} N, cone margin min "
              f"{(mu * f[t >= 0, 2] - np.linalg.norm(f[t >= 0, :2], axis=1)).min():.2f} N")  # fmt: skip
    axes[0].set_ylabel("λ_z (N)")
    axes[1].set_ylabel(f"μ λ_z − ‖λ_t‖ (N), μ = {mu}")
    axes[1].set_xlabel("t from the goal's start (s)")
    for ax in axes:
        ax.axhline(0.0, color="k", lw=0.8)
        ax.grid(alpha=0.3)
        ax.legend(fontsize=7, ncol=4)
    fig.suptitle("Ground reaction forces along the closed-loop pitch motion (least-norm motors)")
    fig.tight_layout()
    fig.savefig(out / "quadruped_tail_grf.png", dpi=110)
    plt.close(fig)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--data", type=Path, default=ROOT / "results/quadruped_tail_dds.npz")
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "img")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    model = load_model(str(MODEL))
    yaw_figure(model, args.out)
    open_loop_figure(model, args.out)
    redundancy_table(model)
    if args.data.exists():
        closed_loop_figures(args.data, args.out, model.params.friction_coefficient)
    else:
        print(f"{args.data} not found: run MODYN_QTAIL_SAVE={args.data} pytest "
              "tests/test_quadruped_tail.py first (the closed-loop figures)")  # fmt: skip
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
