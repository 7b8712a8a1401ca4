"""``modyn identify``: excite → record → identify → validate, in one command (issue 19).

::

    modyn identify rx90_mujoco --out ident/ [--set hardware_interface.measurement_noise=[...]]
                   [--period 8] [--harmonics 5] [--validation-period 4] [--recording run.mcap]

1. **excite**: the base parameters of the system's robot (the nominal model), then a finite
   Fourier trajectory optimised for cond(W_b) (:mod:`modyn_model.identification.excitation`),
   starting and ending at rest at the plant's ``initial_positions``, followed by a second,
   different one for validation (another seed).
2. **record**: the system runs, its hardware interface writing the MCAP itself (its
   ``topic_log``: every published ``joint_states`` and received ``effort_command``, nothing lost
   on a loaded machine; :mod:`modyn_ros.topic_log`) and the feedback controller follows both
   trajectories, sent on its ``trajectory`` topic with the
   nominal model's feed-forward (what ``inverse_dynamics_feedforward`` would add); the
   trajectory generator and the feed-forward node of the system are not started. A ``--recording``
   that exists already skips steps 1-2 (its metadata gives the split time).
3. **identify**: ``/joint_states`` read back, filtered and differentiated
   (:mod:`~modyn_model.identification.filtering`), τ = the applied effort (the average of the
   two steps around each sample, as the central difference q̈ is), WLS and OLS estimates with
   σ and %σ (:mod:`~modyn_model.identification.estimate`).
4. **validate**: torques predicted on the validation part against the measured ones (RMS per
   joint next to the noise level σ̂_j of the fit); the closest physically checked standard
   parameters written as URDF + extras (:mod:`~modyn_model.identification.export`).

The report folder gets ``report.md`` (tables), ``fit.png`` and ``residuals.png`` (validation
torques, measured vs predicted, and their difference), ``parameters.yaml`` (base parameters with
σ, the standard parameters written), ``identified.urdf`` and ``identified_extras.yaml``, and the
recording ``run.mcap`` + ``run.csv``.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
import time
import warnings
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import yaml

__all__ = ["IdentifyOptions", "excite_and_record", "identify_recording", "main", "progress_bar"]


def progress_bar(label: str, stream=sys.stderr):
    """A ``progress(done, total)`` callable drawing ``label [#####.....] 50 %`` on ``stream``."""
    state = {"last": -1}
    # a terminal redraws one line; a log file gets a line per 10 %
    step = 1 if getattr(stream, "isatty", lambda: False)() else 10

    def update(done: float, total: float) -> None:
        frac = 0.0 if total <= 0 else min(max(done / total, 0.0), 1.0)
        pct = int(100 * frac) // step * step
        if pct == state["last"]:
            return
        state["last"] = pct
        bar = "#" * (pct // 4) + "." * (25 - pct // 4)
        end = "\n" if pct >= 100 or step > 1 else ""
        stream.write(f"\r{label:<10} [{bar}] {pct:3d} %{end}")
        stream.flush()

    return update


@dataclass
class IdentifyOptions:
    """Settings of one identification (the command-line options)."""

    period: float = 8.0
    harmonics: int = 5
    validation_period: float = 4.0
    velocity_limit: float = 1.5
    acceleration_limit: float = 4.0
    margin: float = 0.2
    evaluations: int = 150
    seed: int = 0
    cutoff: float = 10.0
    decimate: int = 0  # 0: rate / (2.5 cutoff), the decimated Nyquist at the cut-off
    lead: float = 2.0
    weighted: bool = True
    min_speed: float = 0.1


# ---------------------------------------------------------------------- excite + record
def _trajectory_message(model, names, points, t_start_ns: int, rate: float):
    from trajectory_msgs.msg import JointTrajectory, JointTrajectoryPoint

    q, v, a = points
    tau = model.inverse_dynamics(q, v, a)  # the nominal feed-forward, one batched call
    msg = JointTrajectory()
    msg.header.stamp.sec, msg.header.stamp.nanosec = divmod(int(t_start_ns), 1_000_000_000)
    msg.joint_names = list(names)
    for k in range(q.shape[0]):
        p = JointTrajectoryPoint()
        p.positions = q[k].tolist()
        p.velocities = v[k].tolist()
        p.accelerations = a[k].tolist()
        p.effort = tau[k].tolist()
        sec, ns = divmod(int(round(k / rate * 1e9)), 1_000_000_000)
        p.time_from_start.sec, p.time_from_start.nanosec = sec, ns
        msg.points.append(p)
    return msg


def excite_and_record(
    spec,
    model,
    pieces,
    out: Path,
    *,
    lead: float = 2.0,
    sample_rate: float = 100.0,
    timeout: float = 120.0,
    log_dir=None,
    progress=None,
) -> dict:
    """Run ``spec`` while the controller follows ``pieces`` (a list of
    :class:`~modyn_model.identification.excitation.FourierTrajectory`, played one after the
    other from plant time t0 = first state + ``lead``), the hardware interface writing ``out``:
    its ``topic_log`` (modyn_ros.topic_log), an MCAP of every ``joint_states`` it published and
    every ``effort_command`` it received. The plant writes it as it runs, so no sample is lost
    however loaded the machine (a recorder node beside the system lost 1542 of 6001 states with
    two test suites running).

    Returns ``{"t0": s, "splits": [s, ...]}``: the plant times where each piece starts (and the
    last one ends).
    """
    import rclpy
    from rclpy.executors import SingleThreadedExecutor
    from sensor_msgs.msg import JointState
    from trajectory_msgs.msg import JointTrajectory

    from modyn_ros.qos import STATE_QOS, TRAJECTORY_QOS

    from .runner import SystemRunner

    skip = {
        ("modyn_trajectory", "trajectory_generator"),
        ("modyn_control", "inverse_dynamics_feedforward"),
    }
    # the controller sends no command before the excitation arrives, so a lockstep plant waits
    # at its first state and the motion starts at the same plant time in every run (the run, its
    # noise and so the estimates repeat; a real-time plant holds itself meanwhile)
    spec.nodes = [
        dataclasses.replace(n, parameters={**n.parameters, "wait_for_trajectory": True})
        if (n.package, n.executable) == ("modyn_control", "feedback_controller")
        else n
        for n in spec.nodes
        if (n.package, n.executable) not in skip
    ]
    if out.exists():
        out.unlink()
    plants = [n for n in spec.nodes if n.executable == "hardware_interface"]
    if len(plants) != 1:
        raise RuntimeError(
            f"system '{spec.name}': identification records from its hardware_interface node; "
            f"it has {len(plants)}"
        )
    spec.nodes = [
        dataclasses.replace(n, parameters={**n.parameters, "topic_log": str(out)})
        if n is plants[0]
        else n
        for n in spec.nodes
    ]
    durations = [p.period for p in pieces]
    context = rclpy.Context()
    rclpy.init(context=context)
    node = rclpy.create_node("_modyn_identify", context=context)
    latest = {"t": None}

    def on_state(msg):
        latest["t"] = msg.header.stamp.sec + msg.header.stamp.nanosec * 1e-9

    node.create_subscription(JointState, "joint_states", on_state, STATE_QOS)
    pub = node.create_publisher(JointTrajectory, "trajectory", TRAJECTORY_QOS)
    executor = SingleThreadedExecutor(context=context)
    executor.add_node(node)
    runner = SystemRunner(spec, log_dir)
    try:
        runner.start()
        runner.wait_ready(timeout=60.0)
        deadline = time.monotonic() + 30.0
        while latest["t"] is None:
            executor.spin_once(timeout_sec=0.1)
            if time.monotonic() > deadline:
                raise RuntimeError(
                    f"no joint_states from the plant in 30 s (logs: {runner.log_dir})"
                )
        # one plan: the pieces start and end at rest at the same pose, so they chain
        rate = sample_rate
        qs, vs, accs = [], [], []
        for piece in pieces:
            q, v, a = piece.sample(piece.times(rate))
            qs.append(q), vs.append(v), accs.append(a)
        last = pieces[-1].sample([0.0])  # the end: back at rest at the start pose
        points = tuple(np.vstack([*x, y]) for x, y in zip((qs, vs, accs), last, strict=True))
        msg = _trajectory_message(model, model.joint_names, points, 0, rate)
        # the plant runs on while the controller holds: the start is set from its latest time,
        # ``lead`` s of plant time ahead (the controller refuses a plan it joins late)
        for _ in range(20):
            executor.spin_once(timeout_sec=0.0)
        t0 = latest["t"] + lead
        msg.header.stamp.sec, msg.header.stamp.nanosec = divmod(int(round(t0 * 1e9)), 10**9)
        pub.publish(msg)
        t_end = t0 + sum(durations)
        deadline = time.monotonic() + timeout
        while latest["t"] is None or latest["t"] < t_end + 0.3:
            executor.spin_once(timeout_sec=0.05)
            if progress is not None and latest["t"] is not None:
                progress(latest["t"] - t0 + lead, t_end + 0.3 - t0 + lead)
            dead = runner.dead()
            if dead:
                name = next(iter(dead))
                raise RuntimeError(f"node '{name}' died:\n{runner.log_tail(name)}")
            if time.monotonic() > deadline:
                raise RuntimeError(
                    f"the run did not reach plant time {t_end:.2f} s within {timeout} s "
                    f"(at {latest['t']}; logs: {runner.log_dir})"
                )
        if progress is not None:
            progress(1.0, 1.0)
    finally:
        runner.stop()
        node.destroy_node()
        rclpy.try_shutdown(context=context)
    splits = [t0 + float(s) for s in np.cumsum([0.0, *durations])]
    return {"t0": t0, "splits": splits}


# ---------------------------------------------------------------------- identify + validate
def _segment(rec, t_from: float, t_to: float):
    keep = (rec.t >= t_from) & (rec.t <= t_to)
    return rec.t[keep], rec.position[keep], rec.effort[keep]


def contiguous_pieces(t: np.ndarray, min_duration: float = 1.0):
    """Slices of ``t`` without lost samples (steps within 1.5 × the median step) lasting at
    least ``min_duration`` s, and the gaps (t_before, t_after) between pieces. A recorder that
    was starved of CPU for longer than its publisher's history (100 messages for joint_states)
    loses samples: filtering and differentiating across the hole would invent motion."""
    t = np.asarray(t, dtype=float)
    if t.size < 2:
        return [], []
    dt = np.diff(t)
    step = float(np.median(dt))
    breaks = np.flatnonzero(dt > 1.5 * step)
    starts = np.concatenate(([0], breaks + 1))
    ends = np.concatenate((breaks + 1, [t.size]))
    pieces = [
        slice(int(s), int(e))
        for s, e in zip(starts, ends, strict=True)
        if t[e - 1] - t[s] >= min_duration
    ]
    gaps = [(float(t[i]), float(t[i + 1])) for i in breaks]
    return pieces, gaps


def applied_torque(effort: np.ndarray) -> np.ndarray:
    """τ at each sample from ``joint_states`` efforts: the message at t_k carries the effort
    applied over (t_{k-1}, t_k]; the central-difference q̈(t_k) spans (t_{k-1}, t_{k+1}), so τ_k
    is the mean of messages k and k+1 (the last sample keeps its own)."""
    tau = effort.copy()
    tau[:-1] = 0.5 * (effort[:-1] + effort[1:])
    return tau


def identify_recording(
    model, base, recording, splits, options: IdentifyOptions, topic: str = "/joint_states"
):
    """Estimate the base parameters on the first piece of ``recording`` and predict the
    torques of the second.

    Returns
    -------
    dict with ``estimate`` (WLS or OLS, ``options.weighted``), ``ols``, ``validation``
    (t, measured, predicted, rms per joint), ``identification`` (the fit's t, measured,
    predicted).
    """
    from modyn_model.identification.estimate import identify_base, moving_rows
    from modyn_model.identification.filtering import (
        IdentificationError,
        PreparedData,
        check_samples,
        prepare,
    )
    from modyn_model.identification.regressor import regressor

    from .recorder import read_joint_states

    rec = read_joint_states(recording, topic)
    where = f"{recording}: {topic}"
    if tuple(rec.names) != tuple(model.joint_names):
        missing = sorted(set(model.joint_names) - set(rec.names))
        if missing:
            raise IdentificationError(f"{where}: joints {missing} of the model are not recorded")
        idx = [rec.names.index(nm) for nm in model.joint_names]
        rec = type(rec)(
            model.joint_names, rec.t, rec.position[:, idx], rec.velocity[:, idx], rec.effort[:, idx]
        )
    # a lockstep plant republishes its state, same stamp, until the first command arrives
    # (hardware_interface, every watchdog_timeout s): a repeated stamp is that state again, and
    # only its first copy is kept; decreasing stamps are still refused by check_samples
    repeated = np.concatenate([[False], np.diff(rec.t) == 0.0])
    if repeated.any():
        keep = ~repeated
        rec = type(rec)(
            rec.names, rec.t[keep], rec.position[keep], rec.velocity[keep], rec.effort[keep]
        )
    check_samples(rec.t, rec.position, rec.effort, model.joint_names, where)
    out = {}
    parts = {}
    out["gaps"] = []
    for key, (a, b) in (
        ("identification", (splits[0], splits[1])),
        ("validation", (splits[1], splits[-1])),
    ):
        t, q, eff = _segment(rec, a, b)
        pieces, gaps = contiguous_pieces(t, min_duration=1.0)
        out["gaps"] += gaps
        if gaps:
            warnings.warn(
                f"{where}: {key} part: samples lost at "
                + ", ".join(f"t = {g0:.3f}..{g1:.3f} s" for g0, g1 in gaps)
                + f"; identified on its {len(pieces)} contiguous pieces of 1 s or more",
                stacklevel=2,
            )
        if not pieces:
            raise IdentificationError(
                f"{where}: {key} part (t = {a:.3f}..{b:.3f} s) has no contiguous piece of 1 s"
            )
        prepared = []
        for piece in pieces:
            tp = t[piece]
            rate = (len(tp) - 1) / (tp[-1] - tp[0])
            factor = options.decimate or max(1, int(round(rate / (2.5 * options.cutoff))))
            prepared.append(
                prepare(
                    tp,
                    q[piece],
                    applied_torque(eff[piece]),
                    model.joint_names,
                    cutoff=options.cutoff,
                    decimate=factor,
                    where=f"{where} ({key} part, t = {tp[0]:.3f}..{tp[-1]:.3f} s)",
                )
            )
        parts[key] = PreparedData(
            *(
                np.concatenate([getattr(d, f) for d in prepared])
                for f in ("t", "q", "v", "a", "tau")
            )
        )
    d = parts["identification"]
    kw = {"min_speed": options.min_speed}
    out["ols"] = identify_base(model, base, d.q, d.v, d.a, d.tau, weighted=False, **kw)
    est = identify_base(model, base, d.q, d.v, d.a, d.tau, weighted=options.weighted, **kw)
    out["estimate"] = est
    for key, d in parts.items():
        pred = base.project(regressor(model, d.q, d.v, d.a)) @ est.values
        err = d.tau - pred
        moving = moving_rows(d.v, options.min_speed)
        out[key] = {
            "t": d.t,
            "q": d.q,
            "v": d.v,
            "a": d.a,
            "measured": d.tau,
            "predicted": pred,
            "moving": moving,
            # the equations the fit uses (joint moving): comparable with σ̂_j; NaN for a joint
            # that never moves faster than min_speed in this part (no equation to compare)
            "rms": np.where(
                moving.any(0),
                np.sqrt((np.where(moving, err, 0.0) ** 2).sum(0) / np.maximum(moving.sum(0), 1)),
                np.nan,
            ),
            "rms_all": np.sqrt(np.mean(err**2, axis=0)),
        }
    return out


def _plots(folder: Path, result, joint_names) -> list[Path]:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    val = result["validation"]
    n = len(joint_names)
    paths = []
    fig, axes = plt.subplots(n, 1, figsize=(9, 1.8 * n), sharex=True)
    for j, ax in enumerate(np.atleast_1d(axes)):
        ax.plot(val["t"], val["measured"][:, j], lw=1.0, label="measured")
        ax.plot(val["t"], val["predicted"][:, j], lw=1.0, ls="--", label="identified model")
        ax.set_ylabel(f"{joint_names[j]}\nN·m")
    np.atleast_1d(axes)[0].legend(loc="upper right")
    np.atleast_1d(axes)[-1].set_xlabel("plant time (s)")
    fig.suptitle("validation run: joint torques, measured vs predicted")
    fig.tight_layout()
    paths.append(folder / "fit.png")
    fig.savefig(paths[-1], dpi=90)
    plt.close(fig)
    fig, axes = plt.subplots(n, 1, figsize=(9, 1.6 * n), sharex=True)
    for j, ax in enumerate(np.atleast_1d(axes)):
        ax.plot(val["t"], val["measured"][:, j] - val["predicted"][:, j], lw=0.8)
        ax.set_ylabel(f"{joint_names[j]}\nN·m")
    np.atleast_1d(axes)[-1].set_xlabel("plant time (s)")
    fig.suptitle("validation residuals (measured − predicted)")
    fig.tight_layout()
    paths.append(folder / "residuals.png")
    fig.savefig(paths[-1], dpi=90)
    plt.close(fig)
    return paths


def write_report(
    folder: Path,
    model,
    base,
    result,
    traj_cond: float | None,
    written: dict,
    issues,
    true_base=None,
) -> Path:
    """``report.md`` and ``parameters.yaml`` in ``folder``; returns the report's path."""
    est = result["estimate"]
    lines = [f"# Identification of {model.name}", ""]
    if traj_cond is not None:
        lines.append(f"Exciting trajectory: cond(W_b) = {traj_cond:.1f}")
    lines += [
        f"Base parameters: {base.rank} of {14 * model.n} standard; {est.rows} equations; "
        f"cond(W_b) of the data = {est.condition:.1f}; method {est.method}",
        "",
        "| base parameter | value | std | %std |" + (" true |" if true_base is not None else ""),
        "|---|---|---|---|" + ("---|" if true_base is not None else ""),
    ]
    for i, nm in enumerate(est.names):
        row = f"| {nm} | {est.values[i]:.6g} | {est.std[i]:.3g} | {est.relative_std[i]:.2f} |"
        if true_base is not None:
            row += f" {true_base[i]:.6g} |"
        lines.append(row)
    lines += [
        "",
        "| joint | noise σ̂ of the fit (N·m) | identification RMS | validation RMS |",
        "|---|---|---|---|",
    ]
    for j, nm in enumerate(model.joint_names):
        lines.append(
            f"| {nm} | {est.joint_sigma[j]:.4g} | "
            f"{result['identification']['rms'][j]:.4g} | "
            f"{result['validation']['rms'][j]:.4g} |"
        )
    lines += [
        "",
        "Physical consistency of the written standard parameters: "
        + ("OK" if not issues else "; ".join(str(i) for i in issues)),
        "",
        f"Model written: `{written['urdf'].name}` + `{written['extras'].name}` — in a "
        f"system file: `robot: {{urdf: {written['urdf']}, extras: {written['extras']}}}`",
        "",
        "![fit](fit.png)",
        "",
        "![residuals](residuals.png)",
        "",
    ]
    report = folder / "report.md"
    report.write_text("\n".join(lines), encoding="utf-8")
    params = {
        "robot": model.name,
        "method": est.method,
        "base_parameters": {
            str(nm): {
                "value": float(est.values[i]),
                "std": float(est.std[i]),
                "relative_std_percent": float(est.relative_std[i]),
            }
            for i, nm in enumerate(est.names)
        },
        "relations": list(getattr(base, "relations", ())),
        "noise_sigma_per_joint": [float(x) for x in est.joint_sigma],
        "validation_rms_per_joint": [float(x) for x in result["validation"]["rms"]],
        "model": {"urdf": str(written["urdf"]), "extras": str(written["extras"])},
    }
    (folder / "parameters.yaml").write_text(
        yaml.safe_dump(params, sort_keys=False), encoding="utf-8"
    )
    return report


# ---------------------------------------------------------------------- command line
def _options(args) -> IdentifyOptions:
    return IdentifyOptions(
        period=args.period,
        harmonics=args.harmonics,
        validation_period=args.validation_period,
        velocity_limit=args.max_velocity,
        acceleration_limit=args.max_acceleration,
        evaluations=args.evaluations,
        seed=args.seed,
        cutoff=args.cutoff,
        decimate=args.decimate,
        weighted=not args.ols,
        min_speed=args.min_speed,
    )


def run(args) -> int:

    from modyn_model import RobotModel
    from modyn_model.identification import base_parameters
    from modyn_model.identification.consistency import PhysicalConsistencyWarning
    from modyn_model.identification.excitation import optimize_excitation
    from modyn_model.identification.export import identified_model, write_model

    from .recorder import export_csv
    from .system import load_system

    opts = _options(args)
    folder = Path(args.out)
    folder.mkdir(parents=True, exist_ok=True)
    spec = load_system(args.system, args.set)
    model = RobotModel.from_urdf(spec.robot_description, extras=spec.model_extras or None)
    base = base_parameters(model)
    print(
        f"modyn identify: {model.name}, {model.n} joints, {base.rank} base parameters "
        f"of {14 * model.n}",
        flush=True,
    )
    recording = Path(args.recording) if args.recording else folder / "run.mcap"
    meta = folder / "run.json"
    traj_cond = None
    if args.recording and recording.is_file():
        if not meta.is_file() and args.splits is None:
            print(
                f"modyn identify: {recording} exists: give --splits t0,t1,t2 (the plant times "
                "of the identification and validation parts)",
                file=sys.stderr,
            )
            return 2
        splits = (
            [float(x) for x in args.splits.split(",")]
            if args.splits
            else json.loads(meta.read_text())["splits"]
        )
    else:
        hw = next((n for n in spec.nodes if n.executable == "hardware_interface"), None)
        q_start = np.asarray(
            (hw.parameters if hw else {}).get("initial_positions") or model.neutral(), dtype=float
        )
        kw = dict(
            harmonics=opts.harmonics,
            q_start=q_start,
            velocity_limit=opts.velocity_limit,
            acceleration_limit=opts.acceleration_limit,
            margin=opts.margin,
        )
        ident, traj_cond = optimize_excitation(
            model,
            base,
            period=opts.period,
            evaluations=opts.evaluations,
            seed=opts.seed,
            progress=progress_bar("excite"),
            **kw,
        )
        check, _ = optimize_excitation(
            model, base, period=opts.validation_period, evaluations=0, seed=opts.seed + 1, **kw
        )
        print(
            f"modyn identify: exciting trajectory cond(W_b) = {traj_cond:.1f}, "
            f"{opts.period} s + {opts.validation_period} s validation",
            flush=True,
        )
        info = excite_and_record(
            spec,
            model,
            [ident, check],
            recording,
            lead=opts.lead,
            progress=progress_bar("record"),
            log_dir=folder / "logs",
        )
        splits = info["splits"]
        meta.write_text(json.dumps(info), encoding="utf-8")
    export_csv(recording, folder / "run.csv")
    progress = progress_bar("identify")
    progress(0, 2)
    result = identify_recording(model, base, recording, splits, opts)
    progress(1, 2)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", PhysicalConsistencyWarning)
        est = result["estimate"]
        ident_model, _, _ = identified_model(model, base, est.values, est.std)
    issues = [str(w.message) for w in caught if issubclass(w.category, PhysicalConsistencyWarning)]
    for text in issues:
        print(f"modyn identify: WARNING: {text}", file=sys.stderr)
    written = write_model(ident_model, folder, "identified")
    _plots(folder, result, model.joint_names)
    report = write_report(folder, model, base, result, traj_cond, written, issues)
    progress(2, 2)
    est = result["estimate"]
    print(est.table())
    print("validation RMS per joint (N·m):", np.round(result["validation"]["rms"], 4).tolist())
    print("noise σ̂ per joint (N·m):      ", np.round(est.joint_sigma, 4).tolist())
    print(f"modyn identify: report {report}", flush=True)
    return 0


def main(argv: list[str] | None = None) -> int:
    """``modyn``: the suite's command line; ``modyn identify ...`` (see the module docstring)."""
    parser = argparse.ArgumentParser(prog="modyn", description="modyn tools")
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser(
        "identify",
        help="excite, record, identify and validate a robot's "
        "dynamic parameters (docs/identification.md)",
    )
    p.add_argument("system", help="system name under config/systems, or a YAML path")
    p.add_argument("--out", required=True, help="report folder")
    p.add_argument("--set", action="append", default=[], metavar="NODE.PARAM=VALUE")
    p.add_argument(
        "--recording",
        default=None,
        help="an MCAP file to identify from (exists: no new run; else written here)",
    )
    p.add_argument(
        "--splits",
        default=None,
        help="t0,t1,t2: plant times of the identification part [t0, t1] and the "
        "validation part [t1, t2] of an existing --recording",
    )
    p.add_argument("--period", type=float, default=8.0, help="exciting trajectory period (s)")
    p.add_argument("--validation-period", type=float, default=4.0, help="validation run (s)")
    p.add_argument("--harmonics", type=int, default=5)
    p.add_argument("--max-velocity", type=float, default=1.5, help="rad/s")
    p.add_argument("--max-acceleration", type=float, default=4.0, help="rad/s²")
    p.add_argument(
        "--evaluations",
        type=int,
        default=150,
        help="criterion evaluations of the trajectory optimiser",
    )
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--cutoff", type=float, default=10.0, help="low-pass cut-off (Hz)")
    p.add_argument(
        "--decimate", type=int, default=0, help="keep 1 sample in N (0: rate / (2.5 cutoff))"
    )
    p.add_argument("--ols", action="store_true", help="OLS instead of WLS")
    p.add_argument(
        "--min-speed",
        type=float,
        default=IdentifyOptions.min_speed,
        help="rad/s or m/s: a joint's equations slower than this are left out (dry friction "
        "near rest is not Fc sign(v); MuJoCo's frictionloss is regularised there)",
    )
    args = parser.parse_args(argv)
    from modyn_model.errors import ModynError

    try:
        return run(args)
    except (ModynError, RuntimeError) as exc:
        print(f"modyn identify: error: {exc}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
