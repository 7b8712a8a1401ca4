"""Closed-loop study of the Khalil ch. 9 laws on the built-in plant (issue 5).

The 6R arm (urdf/rx90.urdf.xacro) follows a fast quintic joint trajectory (0.68 s, peak joint
accelerations 10-20 rad/s²) at 1 kHz under each law, against the same plant:
modyn_hardware.simulated.SimulatedPlant (RK4, torque held over each step). The controllers'
model is the nominal arm *without* friction; the plant's arm carries +20 % mass on the last link
(the xacro ``payload`` argument: 0.1 kg on a 0.5 kg link) and, in the main scenario, the joint
friction of the URDF (viscous 0.5-5 N·m·s/rad, Coulomb 1-6 N·m), which no controller models.
A second scenario removes the friction from the plant (rigid-body error only).

Every law has the same bandwidth, ω_n = 10 rad/s and ζ = 1 per joint (the rx90_sim gains), turned
into gains by :mod:`modyn_control.gains`: K_p = ω², K_d = 2ζω for the computed-torque laws [9.26];
K_p = a ω², K_d = 2ζ a ω on the decoupled model [9.6] (a_j = max A_jj) for pd_feedforward and
pd_gravity; the triple pole at −ω of [9.10] for the PID (and of :func:`integral_gains` for the
computed-torque laws with integral action); the operational-space inertia Λ = (J A⁻¹ Jᵀ)⁻¹ at the
start pose for task_pid (K = Λ_ii ω², 2ζ Λ_ii ω per row).

The "+I" variants of computed torque and predictive control add the integral term, the "+DOB"
variants a disturbance observer (modyn_control.disturbance_observer) at K_o = 10 ω_n; a sweep
over K_o, with white noise on the measured velocities, shows what the observer costs.

A third experiment drives the tip along a straight line (0.27 m in 1 s, constant orientation)
with the task-space laws and reports the largest distance of the tip from the line.

``python bench/control_study.py`` (about 40 s) prints the tables used in docs/control.md and
writes docs/img/control_*.png (``--no-plots`` skips matplotlib).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

from modyn_control.gains import (
    decoupled_inertia,
    decoupled_pd_gains,
    pid_triple_pole_gains,
)
from modyn_control.law_base import Reference
from modyn_control.law_catalog import LawSettings, make_law
from modyn_hardware.simulated import SimulatedPlant
from modyn_model import RobotModel
from modyn_model.joint import JointExtras
from modyn_trajectory.quintic import plan_waypoints

__all__ = ["models", "law_settings", "make_study_law", "run_joint", "run_line", "metrics"]

ROOT = Path(__file__).resolve().parents[1]
DT = 1e-3  # control period and plant step (s)
OMEGA, ZETA = 10.0, 1.0  # closed-loop natural frequency (rad/s) and damping, every law
LAST_LINK_MASS = 0.5  # kg, link6 in urdf/rx90.urdf.xacro
PAYLOAD = 0.2 * LAST_LINK_MASS  # +20 % on the last link
Q0 = np.array([0.0, -0.5, 1.0, 0.0, 0.5, 0.0])
GOAL = np.array([0.8, -0.9, 1.6, 0.6, -0.5, 1.0])
V_MAX = np.array([2.5, 2.5, 2.5, 4.0, 4.0, 4.0])
A_MAX = np.array([10.0, 10.0, 10.0, 20.0, 20.0, 20.0])
SETTLE = 0.5  # s simulated after the end of the motion
LINE = np.array([0.2, -0.15, 0.1])  # m, tip displacement of the straight-line experiment
LINE_TIME = 1.0  # s
LINE_OMEGA = 40.0  # rad/s, task-space bandwidth of the line experiment
OBSERVER = 10.0 * OMEGA  # rad/s, disturbance-observer bandwidth K_o: a decade above the loop
OBSERVER_SWEEP = (25.0, 50.0, 100.0, 200.0, 400.0)
# rad/s, velocity noise of the sensitivity runs: 1 mrad/s is a motor-side encoder seen through
# the gear, 10 mrad/s a coarse joint-side one differentiated at 1 kHz
NOISES = (1e-3, 1e-2)
STUDY_LAWS = (
    "pd_feedforward",
    "pid",
    "pd_gravity",
    "computed_torque",
    "predictive",
    "computed_torque+I",
    "predictive+I",
    "computed_torque+DOB",
    "predictive+DOB",
    "computed_torque+I+DOB",
    "predictive+I+DOB",
    "task_pid",
    "task_computed_torque",
)


def models(payload: float = PAYLOAD, plant_friction: bool = True):
    """(controller model, plant model).

    The controller: the nominal arm with its rotor inertia, friction removed. The plant: the arm
    with ``payload`` kg at the flange and (``plant_friction``) the URDF's joint friction.
    """
    xacro = ROOT / "urdf" / "rx90.urdf.xacro"
    extras = ROOT / "urdf" / "rx90_extras.yaml"
    nominal = RobotModel.from_xacro(xacro, extras=extras)
    no_friction = [JointExtras(rotor_inertia=float(ia)) for ia in nominal.armature]
    ctrl = nominal.with_parameters(extras=no_friction)
    plant = RobotModel.from_xacro(xacro, extras=extras, payload=str(payload))
    if not plant_friction:
        plant = plant.with_parameters(extras=no_friction)
    return ctrl, plant


def law_settings(
    ctrl, omega: float = OMEGA, zeta: float = ZETA, observer: float = OBSERVER
) -> dict[str, LawSettings]:
    """The settings of each study law, all from (ω_n, ζ): the same bandwidth for all; the
    "+DOB" variants add a disturbance observer of bandwidth ``observer`` (rad/s)."""
    a = decoupled_inertia(ctrl)
    kp, kd = decoupled_pd_gains(a, omega, zeta)
    pid_kp, pid_kd, pid_ki = pid_triple_pole_gains(a, omega)
    jac = ctrl.jacobian(Q0, "tool0")
    lam = np.diag(np.linalg.inv(jac @ np.linalg.solve(ctrl.mass_matrix(Q0), jac.T)))
    base = dict(omega=[omega], zeta=[zeta], task_frame="tool0")
    pd = LawSettings(kp=kp.tolist(), kd=kd.tolist(), **base)
    return {
        "pd_feedforward": pd,
        "pd_gravity": pd,
        "pid": LawSettings(kp=pid_kp.tolist(), kd=pid_kd.tolist(), ki=pid_ki.tolist(), **base),
        "computed_torque": LawSettings(**base),
        "predictive": LawSettings(**base),
        "computed_torque+I": LawSettings(integral_action=True, **base),
        "predictive+I": LawSettings(integral_action=True, **base),
        "computed_torque+DOB": LawSettings(observer_bandwidth=[observer], **base),
        "predictive+DOB": LawSettings(observer_bandwidth=[observer], **base),
        "computed_torque+I+DOB": LawSettings(
            integral_action=True, observer_bandwidth=[observer], **base
        ),
        "predictive+I+DOB": LawSettings(
            integral_action=True, observer_bandwidth=[observer], **base
        ),
        "task_pid": LawSettings(
            task_kp=(lam * omega**2).tolist(), task_kd=(2 * zeta * lam * omega).tolist(), **base
        ),
        "task_computed_torque": LawSettings(**base),
    }


def make_study_law(name: str, ctrl, settings: dict[str, LawSettings]):
    return make_law(name.split("+")[0], ctrl, settings[name])


def run_joint(law, plant_model, plan, ctrl, velocity_noise: float = 0.0) -> dict:
    """Follow ``plan`` from Q0 under ``law``; the recorded arrays (time, q, q_d, τ).

    ``velocity_noise``: standard deviation (rad/s) of white noise on the q̇ the law measures
    (seeded: every law sees the same noise)."""
    plant = SimulatedPlant(plant_model, "rk4", Q0)
    rng = np.random.default_rng(5)
    steps = int(round((plan.duration + SETTLE) / DT)) + 1
    n = ctrl.n
    t = np.arange(steps) * DT
    q_d, v_d, a_d = plan.sample(np.minimum(t, plan.duration))
    tau_ff = ctrl.inverse_dynamics(q_d, v_d, a_d)  # the feed-forward node's output
    qs, taus = np.zeros((steps, n)), np.zeros((steps, n))
    tau = np.zeros(n)
    ref = Reference(q_d[0], v_d[0], a_d[0], tau_ff[0])
    noise = velocity_noise * rng.standard_normal((steps, n))
    v_meas = np.zeros(n)
    law.reset(Q0, np.zeros(n))
    # every law takes over from a steady hold at Q0, as in the node: its state (the PID's
    # integral, an observer's estimate) carries the arm's true weight from the first tick
    law.warm_start(0.0, Q0, np.zeros(n), ref, plant_model.gravity(Q0))
    started = time.perf_counter()
    for k in range(steps):
        state = plant.read()
        ref.q, ref.v, ref.a, ref.tau_ff = q_d[k], v_d[k], a_d[k], tau_ff[k]
        np.add(state.velocity, noise[k], out=v_meas)
        law.step(t[k], state.position, v_meas, ref, tau)
        qs[k], taus[k] = state.position, tau
        plant.write(tau)
        plant.step(DT)
    return {
        "t": t,
        "q": qs,
        "q_d": q_d,
        "tau": taus,
        "tick_us": (time.perf_counter() - started) / steps * 1e6,
    }


def metrics(res: dict, ctrl) -> dict:
    """Joint errors (rad) over the whole run, tip position error (m), peak |τ| per joint."""
    e = res["q_d"] - res["q"]
    tip = ctrl.frame_placement(res["q"], "tool0")[:, :3, 3]
    tip_d = ctrl.frame_placement(res["q_d"], "tool0")[:, :3, 3]
    tip_err = np.linalg.norm(tip - tip_d, axis=1)
    return {
        "rms": float(np.sqrt(np.mean(e**2))),
        "rms_joint": np.sqrt(np.mean(e**2, axis=0)),
        "max": float(np.max(np.abs(e))),
        "tip_rms": float(np.sqrt(np.mean(tip_err**2))),
        "tip_max": float(tip_err.max()),
        "tip_err": tip_err,
        "err_norm": np.linalg.norm(e, axis=1),
        "peak_tau": np.max(np.abs(res["tau"]), axis=0),
        "final": float(np.max(np.abs(e[-1]))),
        # white-noise level of the command: RMS of the tick-to-tick change / √2, worst joint
        "tau_noise": float(np.max(np.sqrt(np.mean(np.diff(res["tau"], axis=0) ** 2, axis=0) / 2))),
    }


def line_reference(p0, r0, t: float):
    """Tip target on the straight line p0 → p0 + LINE with the quintic time law [8.11]."""
    s = min(max(t / LINE_TIME, 0.0), 1.0)
    r = 10 * s**3 - 15 * s**4 + 6 * s**5
    rd = (30 * s**2 - 60 * s**3 + 30 * s**4) / LINE_TIME
    rdd = (60 * s - 180 * s**2 + 120 * s**3) / LINE_TIME**2
    zero = np.zeros(3)
    return p0 + r * LINE, r0, np.r_[rd * LINE, zero], np.r_[rdd * LINE, zero], r


def run_line(law, plant_model, ctrl, settle: float = 0.3) -> dict:
    """Drive the tip along the line; distance from the line and along-line lag (m)."""
    plant = SimulatedPlant(plant_model, "rk4", Q0)
    pose = ctrl.frame_placement(Q0, "tool0")
    p0, r0 = pose[:3, 3], pose[:3, :3]
    u = LINE / np.linalg.norm(LINE)
    ref = Reference(Q0)
    tau = np.zeros(ctrl.n)
    steps = int(round((LINE_TIME + settle) / DT)) + 1
    off, lag, taus = np.zeros(steps), np.zeros(steps), np.zeros((steps, ctrl.n))
    law.reset(Q0, np.zeros(ctrl.n))
    for k in range(steps):
        t = k * DT
        pos, rot, vel, acc, r = line_reference(p0, r0, t)
        ref.set_task(pos, rot, vel, acc)
        state = plant.read()
        law.step(t, state.position, state.velocity, ref, tau)
        taus[k] = tau
        plant.write(tau)
        plant.step(DT)
        d = ctrl.frame_placement(state.position, "tool0")[:3, 3] - p0
        along = d @ u
        off[k] = np.linalg.norm(d - along * u)
        lag[k] = along - r * np.linalg.norm(LINE)
    return {"off_line": off, "lag": lag, "peak_tau": np.abs(taus).max(axis=0)}


def _table(rows: dict, pid_rms: float) -> str:
    lines = [
        "| law | joint RMS (mrad) | joint max (mrad) | PID RMS / RMS | tip RMS (mm) | "
        "tip max (mm) | peak abs τ per joint (N·m) |",
        "|---|---:|---:|---:|---:|---:|---|",
    ]
    for name, m in rows.items():
        peak = ", ".join(f"{x:.0f}" if x >= 10 else f"{x:.1f}" for x in m["peak_tau"])
        lines.append(
            f"| {name} | {m['rms'] * 1e3:.3g} | {m['max'] * 1e3:.3g} | {pid_rms / m['rms']:.2f} | "
            f"{m['tip_rms'] * 1e3:.3g} | {m['tip_max'] * 1e3:.3g} | {peak} |"
        )
    return "\n".join(lines)


def study(plant_friction: bool) -> tuple[dict, dict]:
    ctrl, plant = models(plant_friction=plant_friction)
    settings = law_settings(ctrl)
    plan = plan_waypoints(Q0, [GOAL], v_max=V_MAX, a_max=A_MAX)
    runs, rows = {}, {}
    for name in STUDY_LAWS:
        runs[name] = run_joint(make_study_law(name, ctrl, settings), plant, plan, ctrl)
        rows[name] = metrics(runs[name], ctrl)
    return runs, rows


def observer_sweep(velocity_noise: float = 0.0) -> dict:
    """Joint RMS ratio PID / law for the observer laws at each K_o of OBSERVER_SWEEP
    (payload + unmodelled friction); key (K_o, law)."""
    ctrl, plant = models(plant_friction=True)
    plan = plan_waypoints(Q0, [GOAL], v_max=V_MAX, a_max=A_MAX)
    base = law_settings(ctrl)
    pid = metrics(
        run_joint(make_study_law("pid", ctrl, base), plant, plan, ctrl, velocity_noise), ctrl
    )
    out = {}
    for k_o in OBSERVER_SWEEP:
        settings = law_settings(ctrl, observer=k_o)
        for name in ("computed_torque+DOB", "computed_torque+I+DOB", "predictive+I+DOB"):
            law = make_study_law(name, ctrl, settings)
            m = metrics(run_joint(law, plant, plan, ctrl, velocity_noise), ctrl)
            out[k_o, name] = {
                "ratio": pid["rms"] / m["rms"],
                "rms": m["rms"],
                "tau_noise": m["tau_noise"],
                "pid": pid,
            }
    return out


#: the line experiment's laws and their task-space ω_n (rad/s): the plain laws need a high
#: bandwidth against the unmodelled friction; with the observer the study's ω_n is enough
LINE_CASES = (
    ("task_pid", LINE_OMEGA),
    ("task_computed_torque", LINE_OMEGA),
    ("task_computed_torque+DOB", OMEGA),
)


def line_study(plant_friction: bool = True) -> dict:
    """name → run_line result (plus its "omega") for each of LINE_CASES."""
    ctrl, plant = models(plant_friction=plant_friction)
    out = {}
    for name, omega in LINE_CASES:
        settings = law_settings(ctrl, omega=omega)
        settings["task_computed_torque+DOB"] = LawSettings(
            omega=[omega], task_frame="tool0", observer_bandwidth=[10.0 * omega]
        )
        out[name] = run_line(make_study_law(name, ctrl, settings), plant, ctrl)
        out[name]["omega"] = omega
    return out


def _plots(runs: dict, rows: dict, lines: dict, out_dir: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    out_dir.mkdir(parents=True, exist_ok=True)
    fig, axes = plt.subplots(1, 2, figsize=(12, 4.5))
    for i, (name, res) in enumerate(runs.items()):
        # 13 laws: tab20 colours, dashed for the observer variants
        style = dict(label=name, color=plt.cm.tab20(i % 20), ls="--" if "DOB" in name else "-")
        if name == "pid":  # the reference of the comparison
            style.update(color="k", lw=2)
        axes[0].semilogy(res["t"], rows[name]["err_norm"] + 1e-9, **style)
        axes[1].semilogy(res["t"], rows[name]["tip_err"] * 1e3 + 1e-6, **style)
    axes[0].set(xlabel="t (s)", ylabel="|q_d − q| (rad)", title="joint tracking error")
    axes[1].set(xlabel="t (s)", ylabel="tip position error (mm)", title="tip error")
    for ax in axes:
        ax.grid(True, which="both", alpha=0.3)
    axes[1].legend(fontsize=7)
    fig.tight_layout()
    fig.savefig(out_dir / "control_errors.png", dpi=110)
    plt.close(fig)

    fig, ax = plt.subplots(figsize=(7, 4))
    for name in ("pid", "computed_torque", "computed_torque+I", "computed_torque+I+DOB"):
        ax.plot(runs[name]["t"], runs[name]["tau"][:, 1], label=name)
    ax.set(xlabel="t (s)", ylabel="τ₂ (N·m)", title="shoulder torque")
    ax.grid(True, alpha=0.3)
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(out_dir / "control_torque.png", dpi=110)
    plt.close(fig)

    fig, ax = plt.subplots(figsize=(7, 4))
    t = np.arange(len(next(iter(lines.values()))["off_line"])) * DT
    for name, res in lines.items():
        ax.plot(
            t, res["off_line"] * 1e3, label=f"{name}, ω {res['omega']:g}: distance from the line"
        )
    ax.axhline(1.0, color="k", ls="--", lw=0.8, label="1 mm")
    ax.set(xlabel="t (s)", ylabel="mm", title="straight line, task-space laws")
    ax.grid(True, alpha=0.3)
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(out_dir / "control_line.png", dpi=110)
    plt.close(fig)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--no-plots", action="store_true")
    args = parser.parse_args(argv)
    plan = plan_waypoints(Q0, [GOAL], v_max=V_MAX, a_max=A_MAX)
    print(f"trajectory {plan.duration:.3f} s, omega {OMEGA} rad/s, zeta {ZETA}\n")
    main_runs = None
    for friction in (True, False):
        runs, rows = study(friction)
        title = "payload +20 % and unmodelled friction" if friction else "payload +20 % only"
        print(f"### {title}\n")
        print(_table(rows, rows["pid"]["rms"]))
        ticks = ", ".join(f"{k} {r['tick_us']:.0f}" for k, r in runs.items())
        print(f"\nlaw + plant step per tick (µs, this machine): {ticks}\n")
        if friction:
            main_runs = (runs, rows)
    for noise in (0.0, *NOISES):
        sweep = observer_sweep(noise)
        pid = next(iter(sweep.values()))["pid"]
        print(
            f"### observer bandwidth K_o, payload + unmodelled friction, velocity noise "
            f"{noise:g} rad/s (PID: joint RMS {pid['rms'] * 1e3:.3g} mrad, "
            f"τ noise {pid['tau_noise']:.2g} N·m)\n"
        )
        names = ("computed_torque+DOB", "computed_torque+I+DOB", "predictive+I+DOB")
        print(
            "| K_o (rad/s) | "
            + " | ".join(f"{nm}: RMS (mrad), PID/RMS, τ noise (N·m)" for nm in names)
            + " |"
        )
        print("|---:|" + "---:|" * len(names))
        for k_o in OBSERVER_SWEEP:
            cells = [
                f"{sweep[k_o, nm]['rms'] * 1e3:.3g}, {sweep[k_o, nm]['ratio']:.1f}, "
                f"{sweep[k_o, nm]['tau_noise']:.2g}"
                for nm in names
            ]
            print(f"| {k_o:g} | " + " | ".join(cells) + " |")
        print()
    lines = line_study()
    print("### straight line, task-space laws (model error as above)\n")
    print(
        "| law | ω_n (rad/s) | max distance from the line (mm) | max along-line lag (mm) | "
        "peak abs τ (N·m) |"
    )
    print("|---|---:|---:|---:|---|")
    for name, res in lines.items():
        peak = ", ".join(f"{x:.1f}" for x in res["peak_tau"])
        print(
            f"| {name} | {res['omega']:g} | {res['off_line'].max() * 1e3:.3f} | "
            f"{np.abs(res['lag']).max() * 1e3:.3f} | {peak} |"
        )
    if not args.no_plots:
        _plots(*main_runs, lines, ROOT / "docs" / "img")
        print("\nplots: docs/img/control_errors.png, control_torque.png, control_line.png")
    return 0


if __name__ == "__main__":
    sys.exit(main())
