"""The elastic RX-90 (config/mechanisms/rx90_elastic.yaml) under elastic_joint and
rigid_computed_torque at several bandwidths, without ROS: the table of docs/elastic.md.

The plant is the systems' (SimulatedPlant, semi-implicit Euler, 1 kHz, the file's friction), the
goal is the DDS test's (one quintic spline through AWAY at 0.8 s and back to q0 at 1.6 s), the
law is stepped at each plant step (the lockstep loop without its transport), the motor torques
are clipped to the motors' limits, and the link error is sampled before each step (q(t_k)
against q_d(t_k)). Run: ``python bench/elastic_bandwidth.py [--figure docs/img/elastic_tracking.png]``
with the workspace sourced; the figure shows the link errors of both laws at ω = 10 rad/s and
the motor-1 torque over the motion.
"""

from __future__ import annotations

import argparse

import numpy as np

from modyn_control.law_base import Reference
from modyn_control.law_catalog import LawSettings, make_law
from modyn_hardware.simulated import SimulatedPlant
from modyn_model import load_model
from modyn_trajectory.planner import plan_joint_motion

Q0 = np.array([0.0, -0.5, 1.0, 0.0, 0.5, 0.0])
AWAY = np.array([0.4, -0.8, 1.4, 0.5, 0.8, 0.6])
DT = 1e-3
T = 1.6


def run(model, plan, x0, name: str, omega: float, spring_zeta: float | None = None, trace=None):
    """(link RMS norm, max |e|, ticks with a clipped motor torque) of one run (rad, rad, -);
    ``trace`` (a list): gets (t, e (6,), u (6,)) per tick."""
    law = make_law(name, model, LawSettings(omega=[omega], zeta=[1.0]))
    if spring_zeta is not None:
        law.spring_zeta = spring_zeta
    plant = SimulatedPlant(model, "semi_implicit_euler", q0=x0)
    out, errs, clipped = np.zeros(model.nv), [], 0
    for k in range(int(round(T / DT)) + 1):
        t = k * DT
        qd, vd, ad = plan.sample(t)
        s = plant.read()
        errs.append(qd - s.position[:6])
        ref = Reference(np.r_[qd, qd], np.r_[vd, vd], np.r_[ad, ad])
        law.step(t, s.position, s.velocity, ref, out)
        u = np.clip(out[6:], -model.effort_limit, model.effort_limit)
        clipped += bool(np.any(u != out[6:]))
        if trace is not None:
            trace.append((t, errs[-1], u.copy()))
        plant.write(u)
        plant.step(DT)
    e = np.array(errs)
    return float(np.linalg.norm(np.sqrt((e**2).mean(axis=0)))), float(np.abs(e).max()), clipped


def figure(model, plan, x0, path: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(3, 1, figsize=(8, 8), sharex=True)
    for ax, name in zip(axes[:2], ("elastic_joint", "rigid_computed_torque"), strict=True):
        trace: list = []
        rms, peak, _ = run(model, plan, x0, name, 10.0, trace=trace)
        t = np.array([x[0] for x in trace])
        e = np.array([x[1] for x in trace]) * 1e3
        for j in range(6):
            ax.plot(t, e[:, j], lw=1.0, label=f"joint{j + 1}")
        ax.set_ylabel("q_d − q (mrad)")
        ax.set_title(
            f"{name}, ω = 10 rad/s: link RMS norm {rms * 1e3:.2f} mrad, max {peak * 1e3:.1f}"
        )
        ax.grid(alpha=0.3)
        u = np.array([x[2] for x in trace])
        axes[2].plot(t, u[:, 0], label=f"{name}: motor 1")
    axes[0].legend(ncol=6, fontsize=7)
    axes[2].axhline(model.effort_limit[0], color="k", lw=0.5, ls="--")
    axes[2].axhline(-model.effort_limit[0], color="k", lw=0.5, ls="--")
    axes[2].set_ylabel("Γ₁ (N m)")
    axes[2].set_xlabel("t (s)")
    axes[2].legend(fontsize=8)
    axes[2].grid(alpha=0.3)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    print(f"wrote {path}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--figure", help="write the figure (PNG) here")
    args = parser.parse_args()
    model = load_model("config/mechanisms/rx90_elastic.yaml")
    x0 = np.r_[Q0, Q0 + np.linalg.solve(model.stiffness, model.link_model.gravity(Q0))]
    plan = plan_joint_motion(
        "quintic", Q0, np.stack([AWAY, Q0]), [0.8, 0.8],
        v_max=np.full(6, 10.0), a_max=np.full(6, 100.0),
    )  # fmt: skip
    if args.figure:
        figure(model, plan, x0, args.figure)
        return
    print(
        "| ω (rad/s) | elastic_joint RMS norm (rad) | max | rigid_computed_torque RMS norm "
        "| max | clipped ticks (rigid) | factor |"
    )
    print("|---|---|---|---|---|---|---|")
    for w in (5.0, 7.5, 10.0, 15.0, 20.0):
        a = run(model, plan, x0, "elastic_joint", w)
        b = run(model, plan, x0, "rigid_computed_torque", w)
        print(
            f"| {w:g} | {a[0]:.3e} | {a[1]:.3e} | {b[0]:.3e} | {b[1]:.3e} | {b[2]} "
            f"| {b[0] / a[0]:.2f} |"
        )
    for z in (0.0, 0.7):
        a = run(model, plan, x0, "elastic_joint", 10.0, z)
        print(f"elastic_joint ω = 10, spring_zeta = {z}: RMS norm {a[0]:.3e}, max {a[1]:.3e}")


if __name__ == "__main__":
    main()
