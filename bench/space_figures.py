"""Figures 7-14 of the space-manipulator paper (seed 004, §5) at library level, for
docs/space_manipulator.md (§5.2).

The paper's figures are absent from its text (note A33); these reproduce what they show, under
the note's §11/§14 assumptions (iiwa 14 with Table 5 inertias on the 27 kg base, link_0 at
(0, 0, 0.15) m, 12 thrusters σ ∈ [0, 5] N, 4 VSCMGs in a pyramid, Ω₀ = 100 rad/s):

* ``space_fig7_open_loop.png``: §5.1 open loop (eq. 50, passive joints): EE and base positions
  over 10 s with the note §11 table's points (Fig. 7);
* ``space_fig8_open_loop_error.png``: |ours − note table| at t = 1..10 s (Fig. 8: the paper
  compares with Simscape, which we do not have);
* ``space_fig9_step_size.png``: fixed-step RK4 EE error against a DOP853 (rtol 1e-10) reference
  for several steps (Fig. 9);
* ``space_fig10_tracking.png``: §5.2 closed loop, EE path vs the Viviani curve (Fig. 10) and the
  EE error over time;
* ``space_fig11_base_error.png``: base position and attitude errors (Fig. 11);
* ``space_fig12_thrust.png``: the 12 thrusts (Fig. 12);
* ``space_fig13_gimbal_rates.png``: gimbal rates (Fig. 13);
* ``space_fig14_wheel_speeds.png``: wheel speeds (Fig. 14).

It prints a markdown table of the numbers (EE RMS, base errors, actuator peaks vs limits) for
the paper's raw start (reference velocity ≠ 0 at t = 0, A32), a 0.5 s smooth start, and the
task-space reading (b). Takes ~3 min on one core.

Run: ``python bench/space_figures.py [--out docs/img] [--duration 12.566]``.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402

from modyn_control.space.simulation import (  # noqa: E402
    ClosedLoopConfig,
    simulate_closed_loop,
    simulate_open_loop,
    space_iiwa_model,
)
from modyn_model.mechanisms.space.cmg import CMGCluster  # noqa: E402
from modyn_model.mechanisms.space.thrusters import ThrusterCluster  # noqa: E402

#: note §11 table (t, EE xyz, base xyz), m
TABLE_51 = np.array([
    [1, 0.000108, -0.014371, 1.455555, -0.015818, 0.012394, 0.015428],
    [2, 0.000574, -0.086399, 1.408004, -0.027528, -0.007665, 0.123133],
    [3, 0.009073, -0.175384, 1.462829, 0.055738, 0.059198, 0.238940],
    [4, -0.006156, -0.248562, 1.500887, 0.041749, 0.148312, 0.369980],
    [5, -0.046208, -0.318307, 1.346136, 0.038217, 0.131124, 0.485852],
    [6, -0.037247, -0.235462, 1.029513, 0.100906, 0.112157, 0.524442],
    [7, 0.038847, 0.100782, 0.846353, 0.148955, 0.137795, 0.561625],
    [8, 0.131173, 0.498589, 0.897371, 0.124930, 0.146746, 0.704212],
    [9, -0.239873, 0.200992, 1.045966, 0.084354, 0.034421, 0.810569],
    [10, -0.088403, -0.099962, 0.891284, 0.103035, -0.002205, 0.919191],
])


def rk4_open_loop(model, dt, t_end, t_out):
    """Fixed-step RK4 of the §5.1 scenario (coordinates, quaternion renormalised)."""
    from modyn_control.space.simulation import _normalised, _qdot

    nq = model.nq
    tau = np.zeros(model.nv)
    load = np.array([1.0, 2.0, 3.0])

    def f(t, y):
        q, v = y[:nq], y[nq:]
        tau[:3] = tau[3:6] = np.sin(t) * load
        return np.concatenate([_qdot(q, v), model.forward_dynamics(_normalised(q), v, tau)])

    y = np.concatenate([model.neutral(), np.zeros(model.nv)])
    n = int(round(t_end / dt))
    out = {}
    want = {int(round(t / dt)): t for t in t_out}
    for k in range(n + 1):
        if k in want:
            out[want[k]] = model.frame_placement(_normalised(y[:nq]), "iiwa_link_ee")[:3, 3]
        if k == n:
            break
        t = k * dt
        k1 = f(t, y)
        k2 = f(t + dt / 2, y + dt / 2 * k1)
        k3 = f(t + dt / 2, y + dt / 2 * k2)
        k4 = f(t + dt, y + dt * k3)
        y = y + dt / 6 * (k1 + 2 * k2 + 2 * k3 + k4)
        y[3:7] /= np.linalg.norm(y[3:7])
    return np.array([out[t] for t in t_out])


def open_loop_figures(out: Path):
    model = space_iiwa_model()
    t = np.linspace(0.0, 10.0, 501)
    ee, base, _ = simulate_open_loop(model, t, rtol=1e-10, atol=1e-10)
    fig, axes = plt.subplots(1, 2, figsize=(11, 4))
    for ax, data, cols, name in ((axes[0], ee, slice(1, 4), "end effector"),
                                 (axes[1], base, slice(4, 7), "base")):
        for i, lab in enumerate("xyz"):
            ax.plot(t, data[:, i], label=f"{lab} (modyn)")
            ax.plot(TABLE_51[:, 0], TABLE_51[:, cols][:, i], "o", ms=4, color=f"C{i}",
                    label=f"{lab} (note §11)")
        ax.set_xlabel("t [s]")
        ax.set_ylabel("position [m]")
        ax.set_title(f"§5.1 open loop: {name}")
        ax.grid(alpha=0.3)
    axes[0].legend(fontsize=7, ncol=2)
    fig.tight_layout()
    fig.savefig(out / "space_fig7_open_loop.png", dpi=110)
    plt.close(fig)
    ee_t, base_t, _ = simulate_open_loop(model, np.r_[0.0, TABLE_51[:, 0]], rtol=1e-10,
                                         atol=1e-10)
    err_ee = np.linalg.norm(ee_t[1:] - TABLE_51[:, 1:4], axis=1)
    err_b = np.linalg.norm(base_t[1:] - TABLE_51[:, 4:7], axis=1)
    fig, ax = plt.subplots(figsize=(6, 3.5))
    ax.semilogy(TABLE_51[:, 0], err_ee, "o-", label="EE")
    ax.semilogy(TABLE_51[:, 0], err_b, "s-", label="base")
    ax.axhline(5e-7, color="k", ls=":", label="table rounding (5e-7 m)")
    ax.set_xlabel("t [s]")
    ax.set_ylabel("|modyn − note §11| [m]")
    ax.set_title("§5.1: difference to the independent reference")
    ax.legend()
    ax.grid(alpha=0.3)
    fig.tight_layout()
    fig.savefig(out / "space_fig8_open_loop_error.png", dpi=110)
    plt.close(fig)
    # Fig. 9: step-size study (RK4 vs a DOP853 rtol 1e-10 reference) over 5 s
    t_chk = [1.0, 2.0, 3.0, 4.0, 5.0]
    ref, _, _ = simulate_open_loop(model, np.r_[0.0, t_chk], rtol=1e-10, atol=1e-12)
    steps = [0.04, 0.02, 0.01, 0.005]
    errs = []
    for dt in steps:
        ee_rk = rk4_open_loop(model, dt, 5.0, t_chk)
        errs.append(np.linalg.norm(ee_rk - ref[1:], axis=1).max())
    fig, ax = plt.subplots(figsize=(6, 3.5))
    ax.loglog(steps, errs, "o-", label="RK4, max over t = 1..5 s")
    ax.loglog(steps, errs[-1] * (np.array(steps) / steps[-1]) ** 4, "k:", label="slope 4")
    ax.set_xlabel("step [s]")
    ax.set_ylabel("EE error [m]")
    ax.set_title("§5.1 step-size study (Fig. 9)")
    ax.legend()
    ax.grid(alpha=0.3, which="both")
    fig.tight_layout()
    fig.savefig(out / "space_fig9_step_size.png", dpi=110)
    plt.close(fig)
    return err_ee.max(), err_b.max(), dict(zip(steps, errs, strict=True))


def closed_loop_figures(out: Path, res, thr, cmg):
    t = res.t
    fig = plt.figure(figsize=(11, 4))
    ax = fig.add_subplot(1, 2, 1, projection="3d")
    ax.plot(*res.ee_ref.T, "k--", lw=1, label="Viviani (eq. 51)")
    ax.plot(*res.ee.T, lw=1, label="EE")
    ax.set_xlabel("x [m]")
    ax.set_ylabel("y [m]")
    ax.set_zlabel("z [m]")
    ax.legend(fontsize=7)
    ax2 = fig.add_subplot(1, 2, 2)
    ax2.semilogy(t, np.maximum(res.ee_error, 1e-7) * 1e3)
    ax2.set_xlabel("t [s]")
    ax2.set_ylabel("|EE − reference| [mm]")
    ax2.set_title("§5.2 tracking error")
    ax2.grid(alpha=0.3, which="both")
    fig.tight_layout()
    fig.savefig(out / "space_fig10_tracking.png", dpi=110)
    plt.close(fig)
    fig, axes = plt.subplots(1, 2, figsize=(11, 3.8))
    for i, lab in enumerate("xyz"):
        axes[0].plot(t, res.base_pos[:, i] * 1e3, label=lab)
        axes[1].plot(t, np.degrees(res.base_att[:, i]), label=lab)
    axes[0].set_ylabel("base position [mm]")
    axes[1].set_ylabel("base attitude error φn̂ [deg]")
    for ax in axes:
        ax.set_xlabel("t [s]")
        ax.legend()
        ax.grid(alpha=0.3)
    fig.suptitle("§5.2 base pose error (Figs. 10-11)")
    fig.tight_layout()
    fig.savefig(out / "space_fig11_base_error.png", dpi=110)
    plt.close(fig)
    for name, data, ylab, lim in (
            ("space_fig12_thrust.png", res.sigma, "thrust σ [N]", thr.sigma_max.max()),
            ("space_fig13_gimbal_rates.png", res.gimbal_rate, "gimbal rate γ̇ [rad/s]",
             cmg.gimbal_rate_max),
            ("space_fig14_wheel_speeds.png", res.wheel_speed - cmg.Omega0, "Ω − Ω₀ [rad/s]",
             None)):
        fig, ax = plt.subplots(figsize=(7, 3.5))
        ax.plot(t, data, lw=0.8)
        if lim is not None:
            ax.set_title(f"{ylab}: peak {np.abs(data).max():.3g} (limit {lim:g})")
        else:
            ax.set_title(f"{ylab}: range [{data.min():.3g}, {data.max():.3g}] (Ω₀ = 100 rad/s)")
        ax.set_xlabel("t [s]")
        ax.set_ylabel(ylab)
        ax.grid(alpha=0.3)
        fig.tight_layout()
        fig.savefig(out / name, dpi=110)
        plt.close(fig)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default="docs/img")
    ap.add_argument("--duration", type=float, default=4 * np.pi)
    args = ap.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    t0 = time.perf_counter()
    e_ee, e_b, steps = open_loop_figures(out)
    print(f"§5.1: max |EE − table| = {e_ee:.2e} m, max |base − table| = {e_b:.2e} m; "
          f"RK4 step study {', '.join(f'{k:g} s: {v:.2e} m' for k, v in steps.items())}")
    thr, cmg = ThrusterCluster.default(), CMGCluster.pyramid()
    model = space_iiwa_model(cmg)
    rows = []
    main_res = None
    for label, cfg in (
            ("joint DQ-PD (a), paper start", ClosedLoopConfig(duration=args.duration)),
            ("joint DQ-PD (a), 0.5 s smooth start",
             ClosedLoopConfig(duration=args.duration, smooth_start=0.5)),
            ("task DQ-PD (b), 0.5 s smooth start",
             ClosedLoopConfig(duration=args.duration, smooth_start=0.5, reading="task"))):
        res = simulate_closed_loop(model, thr, cmg, cfg)
        if main_res is None:
            main_res = res
        s, s2 = res.summary(), res.summary(skip=2.0)
        rows.append((label, s, s2, res.statuses))
        print(label, s, res.statuses, flush=True)
    closed_loop_figures(out, main_res, thr, cmg)
    print("\n| run | EE RMS [mm] | EE max [mm] | EE RMS t ≥ 2 s [mm] | base pos max [mm] | "
          "base att max [mrad] | σ peak [N] (≤ 5) | |γ̇| peak [rad/s] (≤ 1) | Ω range [rad/s] |")
    print("|---|---|---|---|---|---|---|---|---|")
    for label, s, s2, _ in rows:
        print(f"| {label} | {s['ee_rms'] * 1e3:.3f} | {s['ee_max'] * 1e3:.3f} | "
              f"{s2['ee_rms'] * 1e3:.3f} | {s['base_pos_max'] * 1e3:.4f} | "
              f"{s['base_att_max'] * 1e3:.3f} | {s['sigma_max']:.3f} | "
              f"{s['gimbal_rate_max']:.3f} | {s['wheel_speed_range'][0]:.4f} – "
              f"{s['wheel_speed_range'][1]:.4f} |")
    s = rows[0][1]
    print(f"\narm-reaction feed-forward peaks (paper start): |F| {s['ff_force_max']:.3f} N, "
          f"|T| {s['ff_torque_max']:.3f} N·m; statuses {rows[0][3]}")
    print(f"total {time.perf_counter() - t0:.0f} s")


if __name__ == "__main__":
    main()
