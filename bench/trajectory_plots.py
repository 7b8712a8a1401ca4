"""Figures of docs/trajectory.md: every Khalil ch. 8 profile, via points, pre-emption and stop.

Writes into ``--out`` (default docs/img/):

* ``trajectory_<kind>.png`` for each kind of :data:`modyn_trajectory.profiles.PROFILE_KINDS`:
  q, q̇, q̈ against time of the synchronised minimum-time profile of two joints, with each
  joint's limits ±k_v, ±k_a dashed (research note seed-003 §3.7, row 1: D = (2, 0.5) rad,
  k_v = (2, 1) rad/s, k_a = (4, 5) rad/s²);
* ``trajectory_profiles.png``: the seven profiles of joint 1 on one set of axes (minimum times);
* ``trajectory_via_points.png``: three waypoints planned as the C⁴ quintic spline through via
  points, as rest-to-rest quintics stopping at each waypoint, and as synchronised trapezoids;
* ``trajectory_preempt_stop.png``: a plan pre-empted by a new goal while moving, and a stop
  (``planner.stop_motion``) from full speed.

Each plot is sampled from the library itself, and the script checks what the figures show
(limits kept, joints arriving together, continuity at a pre-emption) before writing them, so
a figure of a wrong trajectory is not produced.

Run: ``python bench/trajectory_plots.py [--out DIR]`` (matplotlib; no display needed).
"""

from __future__ import annotations

import argparse
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402

from modyn_trajectory.planner import CONTINUITY, plan_joint_motion, stop_motion  # noqa: E402
from modyn_trajectory.profiles import PROFILE_KINDS, minimum_time_profile  # noqa: E402

__all__ = ["KINDS", "main", "plot_all"]

ROOT = Path(__file__).resolve().parents[1]

#: two joints of research note seed-003 §3.7, row 1
QI = np.array([0.0, 0.0])  # rad
QF = np.array([2.0, 0.5])  # rad
KV = np.array([2.0, 1.0])  # rad/s
KA = np.array([4.0, 5.0])  # rad/s²

#: kind -> (title, equations, continuity class)
KINDS = {
    "linear": ("Linear", "[8.4]", CONTINUITY["linear"]),
    "cubic": ("Cubic", "[8.5]-[8.9]", CONTINUITY["cubic"]),
    "quintic": ("Quintic", "[8.10]-[8.13]", CONTINUITY["quintic"]),
    "bang_bang": ("Bang-bang", "[8.15]-[8.17]", CONTINUITY["bang_bang"]),
    "trapezoid": ("Trapezoid (synchronised)", "[8.19]-[8.35]", CONTINUITY["trapezoidal"]),
    "continuous_acceleration": (
        "Continuous acceleration (synchronised)",
        "[8.36]-[8.47]",
        CONTINUITY["continuous_acceleration"],
    ),
    "cycloidal": ("Cycloidal (Lopes 2009)", "s = τ − sin(2πτ)/(2π)", CONTINUITY["cycloidal"]),
}
COLOURS = ("tab:blue", "tab:orange", "tab:green")
SLACK = 1e-9  # relative: sampled peaks may touch a limit, never exceed it


def _grid(duration: float, margin: float = 0.1, count: int = 2001) -> np.ndarray:
    pad = margin * duration
    t = np.linspace(-pad, duration + pad, count)
    # every switch of the piecewise profiles falls between samples, or on one: add the ends
    return np.union1d(t, [0.0, duration])


def _check_limits(name: str, v: np.ndarray, a: np.ndarray, kv, ka) -> None:
    if np.any(np.abs(v) > kv * (1.0 + SLACK)) or np.any(np.abs(a) > ka * (1.0 + SLACK)):
        raise RuntimeError(
            f"{name}: sampled peaks |q̇| = {np.abs(v).max(axis=0)}, |q̈| = {np.abs(a).max(axis=0)} "
            f"exceed k_v = {kv}, k_a = {ka}"
        )


def plot_profile(kind: str, out: Path) -> Path:
    """q, q̇, q̈ of the minimum-time profile ``kind`` of the two example joints."""
    title, eqs, cls = KINDS[kind]
    prof = minimum_time_profile(kind, QI, QF, KV, KA)
    t = _grid(prof.duration)
    q, v, a = prof.sample(t)
    _check_limits(kind, v, a if kind != "linear" else np.zeros_like(a), KV, KA)
    if not np.allclose(prof.sample(prof.duration)[0], QF, rtol=0.0, atol=1e-12):
        raise RuntimeError(f"{kind}: does not reach q^f at t_f")
    fig, axes = plt.subplots(3, 1, sharex=True, figsize=(7.0, 7.0))
    for j in range(2):
        c = COLOURS[j]
        axes[0].plot(t, q[:, j], color=c, label=f"joint {j + 1} (D = {QF[j] - QI[j]:g} rad)")
        axes[1].plot(t, v[:, j], color=c)
        axes[2].plot(t, a[:, j], color=c)
        for ax, lim in ((axes[1], KV[j]), (axes[2], KA[j])):
            ax.axhline(lim, color=c, ls="--", lw=0.8)
            ax.axhline(-lim, color=c, ls="--", lw=0.8)
    if kind == "linear":
        axes[2].text(
            0.5, 0.55, "q̈ is a Dirac impulse at 0 and t_f\n(velocity steps; not representable)",
            transform=axes[2].transAxes, ha="center", fontsize=9,
        )  # fmt: skip
    extra = ""
    if hasattr(prof, "tau"):
        extra = f", τ = {prof.tau:.4g} s"
        for ax in axes:
            for x in (prof.tau, prof.duration - prof.tau):
                ax.axvline(x, color="0.6", lw=0.6, ls=":")
    for ax in axes:
        for x in (0.0, prof.duration):
            ax.axvline(x, color="0.3", lw=0.6, ls=":")
        ax.grid(alpha=0.3)
    axes[0].set_ylabel("q (rad)")
    axes[1].set_ylabel("q̇ (rad/s)")
    axes[2].set_ylabel("q̈ (rad/s²)")
    axes[2].set_xlabel("t (s)")
    axes[0].legend(loc="lower right", fontsize=8)
    axes[0].set_title(
        f"{title} {eqs}: class C{'⁰¹²'[cls]}, t_f = {prof.duration:.4g} s{extra}\n"
        f"k_v = {KV.tolist()} rad/s, k_a = {KA.tolist()} rad/s² (dashed)",
        fontsize=10,
    )
    fig.tight_layout()
    path = out / f"trajectory_{kind}.png"
    fig.savefig(path, dpi=90)
    plt.close(fig)
    return path


def plot_overview(out: Path) -> Path:
    """Joint 1 of every minimum-time profile on the same axes."""
    fig, axes = plt.subplots(3, 1, sharex=True, figsize=(7.0, 7.0))
    for i, kind in enumerate(PROFILE_KINDS):
        prof = minimum_time_profile(kind, QI, QF, KV, KA)
        t = _grid(prof.duration, margin=0.0)
        q, v, a = prof.sample(t)
        label = f"{KINDS[kind][0].split(' (')[0]}: t_f = {prof.duration:.3g} s"
        for ax, y in zip(axes, (q, v, a), strict=True):
            ax.plot(t, y[:, 0], color=f"C{i}", label=label)
    axes[1].axhline(KV[0], color="k", ls="--", lw=0.8)
    axes[2].axhline(KA[0], color="k", ls="--", lw=0.8)
    axes[2].axhline(-KA[0], color="k", ls="--", lw=0.8)
    for ax in axes:
        ax.grid(alpha=0.3)
    axes[0].set_ylabel("q₁ (rad)")
    axes[1].set_ylabel("q̇₁ (rad/s)")
    axes[2].set_ylabel("q̈₁ (rad/s²)")
    axes[2].set_xlabel("t (s)")
    axes[0].legend(fontsize=8, loc="lower right")
    axes[0].set_title(
        f"Joint 1 of each minimum-time profile (D = {QF[0]:g} rad, k_v = {KV[0]:g} rad/s, "
        f"k_a = {KA[0]:g} rad/s²)",
        fontsize=10,
    )
    fig.tight_layout()
    path = out / "trajectory_profiles.png"
    fig.savefig(path, dpi=90)
    plt.close(fig)
    return path


#: via-point example: two joints, three waypoints
VIA_Q0 = np.array([0.0, 0.0])
VIA_WAYPOINTS = np.array([[1.0, 0.8], [2.0, -0.2], [1.2, -1.0]])
VIA_KV = np.array([2.0, 1.5])
VIA_KA = np.array([4.0, 5.0])


def via_point_plans() -> dict:
    """The three plans of the via-point figure, by label."""
    kw = dict(v_max=VIA_KV, a_max=VIA_KA)
    return {
        "quintic spline through via points (C⁴)": plan_joint_motion(
            "quintic", VIA_Q0, VIA_WAYPOINTS, **kw
        ),
        "quintic, stop at waypoints": plan_joint_motion(
            "quintic", VIA_Q0, VIA_WAYPOINTS, stop_at_waypoints=True, **kw
        ),
        "trapezoidal, rest-to-rest": plan_joint_motion("trapezoidal", VIA_Q0, VIA_WAYPOINTS, **kw),
    }


def plot_via_points(out: Path) -> Path:
    plans = via_point_plans()
    fig = plt.figure(figsize=(10.0, 10.0))
    grid = fig.add_gridspec(4, 2, height_ratios=(1.4, 1, 1, 1))
    path_ax = fig.add_subplot(grid[0, :])
    axes = np.array([[fig.add_subplot(grid[r, c]) for c in range(2)] for r in range(1, 4)])
    for i, (label, plan) in enumerate(plans.items()):
        t = np.linspace(0.0, plan.duration, 3001)
        q, v, a = plan.sample(t)
        _check_limits(label, v, a, VIA_KV, VIA_KA)
        knots = plan.sample(np.asarray(plan.times))[0]
        for w in VIA_WAYPOINTS:  # every waypoint is passed through exactly
            if np.min(np.max(np.abs(knots - w), axis=1)) > 1e-12:
                raise RuntimeError(f"{label}: waypoint {w} is not a knot")
        c = COLOURS[i]
        path_ax.plot(q[:, 0], q[:, 1], color=c, label=f"{label}: t_f = {plan.duration:.3f} s")
        for j in range(2):
            for r, y in enumerate((q, v, a)):
                axes[r, j].plot(t, y[:, j], color=c)
    path_ax.plot(*VIA_Q0, "ks")
    path_ax.plot(VIA_WAYPOINTS[:, 0], VIA_WAYPOINTS[:, 1], "ko")
    for k, w in enumerate(VIA_WAYPOINTS):
        path_ax.annotate(f"  waypoint {k + 1}", w, fontsize=8)
    path_ax.set_xlabel("q₁ (rad)")
    path_ax.set_ylabel("q₂ (rad)")
    path_ax.set_title("Path in joint space (start ■, waypoints ●)", fontsize=10)
    path_ax.legend(fontsize=8, loc="lower left")
    path_ax.grid(alpha=0.3)
    for j in range(2):
        axes[0, j].set_title(
            f"joint {j + 1}: k_v = {VIA_KV[j]:g} rad/s, k_a = {VIA_KA[j]:g} rad/s²", fontsize=10
        )
        for r, (lim, unit) in enumerate(
            ((None, "rad"), (VIA_KV[j], "rad/s"), (VIA_KA[j], "rad/s²"))
        ):
            ax = axes[r, j]
            if lim is not None:
                ax.axhline(lim, color="k", ls="--", lw=0.7)
                ax.axhline(-lim, color="k", ls="--", lw=0.7)
            ax.set_ylabel(f"{('q', 'q̇', 'q̈')[r]}{'₁₂'[j]} ({unit})")
            ax.grid(alpha=0.3)
        axes[2, j].set_xlabel("t (s)")
    fig.tight_layout()
    path = out / "trajectory_via_points.png"
    fig.savefig(path, dpi=90)
    plt.close(fig)
    return path


#: switch times of the pre-emption figure (s): both in the first plan's acceleration phase
PREEMPT_AT, STOP_AT = 0.3, 0.45


def preempt_and_stop():
    """A trapezoidal plan pre-empted by a new goal, and the same plan stopped (``~/stop``).

    Returns
    -------
    dict
        label -> (switch time (s), q̈ step at the switch (n,) (rad/s²), t (k,), q, v, a (k, 2)),
        the second plan in the first one's time base.
    """
    kv, ka = VIA_KV, VIA_KA
    first = plan_joint_motion("trapezoidal", VIA_Q0, [[2.0, 1.0]], v_max=kv, a_max=ka)
    result = {}
    for label, t_switch in (("new goal: quintic via points", PREEMPT_AT), ("~/stop", STOP_AT)):
        q0, v0, a0 = first.sample(t_switch)
        if label == "~/stop":
            second = stop_motion(q0, v0, a0, v_max=kv, a_max=ka)
        else:
            second = plan_joint_motion(
                "quintic", q0, [[0.5, 1.5], [0.0, 0.5]], v_max=kv, a_max=ka, v0=v0, a0=a0
            )
        t1 = np.linspace(0.0, t_switch, 600, endpoint=False)
        t2 = np.linspace(0.0, second.duration, 1600)
        s1, s2 = first.sample(t1), second.sample(t2)
        start = second.sample(0.0)
        # q and q̇ continuous at the switch; q̈ too unless q̈ pushes towards a velocity limit,
        # where the planner starts from q̈ = 0 (planner.stop_motion, quintic.moving_start_segment)
        jump = [float(np.max(np.abs(start[i] - (q0, v0, a0)[i]))) for i in range(2)]
        if max(jump) > 1e-12:
            raise RuntimeError(f"{label}: q or q̇ jumps at the switch by {jump}")
        step = start[2] - a0
        if np.any(step != 0.0) and np.any(start[2] != 0.0):
            raise RuntimeError(f"{label}: q̈ jumps at the switch to {start[2]}, not to 0")
        _check_limits(label, s2[1], s2[2], kv, ka)
        t = np.concatenate([t1, t_switch + t2])
        stacked = (np.vstack([x, y]) for x, y in zip(s1, s2, strict=True))
        result[label] = (t_switch, step, t, *stacked)
    return result


def plot_preempt_stop(out: Path) -> Path:
    cases = preempt_and_stop()
    fig, axes = plt.subplots(3, 2, sharex="col", figsize=(10.0, 7.5))
    for col, (label, (ts, step, t, q, v, a)) in enumerate(cases.items()):
        for r, y in enumerate((q, v, a)):
            ax = axes[r, col]
            for j in range(2):
                ax.plot(t, y[:, j], color=COLOURS[j], label=f"joint {j + 1}")
            ax.axvline(ts, color="0.3", ls=":", lw=0.8)
            lim = (None, VIA_KV, VIA_KA)[r]
            if lim is not None:
                for j in range(2):
                    ax.axhline(lim[j], color=COLOURS[j], ls="--", lw=0.7)
                    ax.axhline(-lim[j], color=COLOURS[j], ls="--", lw=0.7)
            ax.grid(alpha=0.3)
            ax.set_ylabel(("q (rad)", "q̇ (rad/s)", "q̈ (rad/s²)")[r])
        steps = ", ".join(f"{x:g}" for x in step)
        axes[0, col].set_title(
            f"trapezoidal goal; at t = {ts:g} s (dotted): {label}\n"
            f"q, q̇ continuous; q̈ step = ({steps}) rad/s²",
            fontsize=10,
        )
        axes[2, col].set_xlabel("t (s)")
    axes[0, 0].legend(fontsize=8)
    fig.tight_layout()
    path = out / "trajectory_preempt_stop.png"
    fig.savefig(path, dpi=90)
    plt.close(fig)
    return path


def plot_all(out: Path) -> list[Path]:
    """Write every figure into ``out`` (created if missing); returns the paths."""
    out.mkdir(parents=True, exist_ok=True)
    paths = [plot_profile(kind, out) for kind in PROFILE_KINDS]
    paths += [plot_overview(out), plot_via_points(out), plot_preempt_stop(out)]
    return paths


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "img", help="output folder")
    args = parser.parse_args(argv)
    for path in plot_all(args.out):
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
