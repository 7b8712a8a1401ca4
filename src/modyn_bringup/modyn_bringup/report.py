"""One self-contained HTML page about a run: ``modyn_report`` (issue 20, "Seeing a run").

From a recording (an MCAP file, as ``ros2 bag record -s mcap`` or ``modyn_system --record``
write it) or from an :class:`~modyn_bringup.episode.Episode` (the demo's live run), the page has,
per run:

* the tracking error e_j(t) = q_d,j(t) − q_j(t) per joint while a motion runs (q_d: the
  recorded ``trajectory`` messages evaluated with the controller's own sampler), with its RMS
  and max per joint;
* the applied torques τ_j (``joint_states.effort``) and the feed-forward τ_ff,j (the
  ``trajectory`` points' ``effort``, same sampler), with the feed-forward share
  RMS(τ_ff,j) / RMS(τ_j) per joint;
* saturation and watchdog events: hardware_interface's cumulative counters from
  ``/diagnostics`` (``saturated``, ``position_limited``, ``velocity_limited``, ``hold_steps``,
  ``misses``, ``faults``) over time, the feedback controller's ``saturated`` flag, every
  ``hardware_status`` change and every non-OK diagnostic;
* loop timing and deadline misses: the plant's steps per second, step and cycle time, the
  command latency percentiles, the controller's compute time, and ``deadline_misses``;
* the model used (``robot_description``, loaded with modyn_model) and the system file.

Plots are PNGs from matplotlib inlined as ``data:`` URIs: the page is one file, with no
network access. ::

    modyn_report run.mcap [--system config/systems/rx90_sim.yaml] [-o report.html]

Timing figures are per-second ``/diagnostics`` values and are plotted against the seconds of
the recording (wall clock), the signals against plant time.
"""

from __future__ import annotations

import argparse
import base64
import html
import io
import os
import sys
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from modyn_ros.diagnostics import level_of

__all__ = ["RunData", "ReportError", "from_episode", "from_mcap", "write_report", "main"]

#: hardware_interface's cumulative event counters shown in the saturation/watchdog plot
EVENT_COUNTERS = (
    "saturated",
    "position_limited",
    "velocity_limited",
    "hold_steps",
    "misses",
    "faults",
    "publish_failures",
    "publish_stalls",
)
#: per-second timing values: (node role, key, label, unit)
TIMING_KEYS = (
    ("plant", "steps_per_second", "plant steps per second", "1/s"),
    ("plant", "step_time_us", "plant step time", "µs"),
    ("plant", "cycle_time_us", "plant cycle time", "µs"),
    ("plant", "latency_p99_us", "command latency p99", "µs"),
    ("controller", "compute_mean_us", "controller compute (mean)", "µs"),
    ("controller", "compute_max_us", "controller compute (max)", "µs"),
)


class ReportError(Exception):
    """A recording or run the report cannot use; the message names the file and what is missing."""


@dataclass
class RunData:
    """What the report needs of one run (arrays in ``joint_names`` order).

    Attributes
    ----------
    t : (N,) array
        Plant time of each ``joint_states`` (s).
    q, effort : (N, n) arrays
        Measured positions (rad or m) and applied efforts (N·m or N).
    trajectories : list
        ``trajectory`` messages (trajectory_msgs/JointTrajectory or a decoded equivalent).
    diagnostics : list of tuple
        (seconds since the recording's start, node name, level, message, {key: value}).
    events : list of tuple
        (seconds since the recording's start, source, level, message): ``hardware_status``
        and ``goal_status`` reports.
    """

    joint_names: list[str]
    t: np.ndarray
    q: np.ndarray
    effort: np.ndarray
    trajectories: list = field(default_factory=list)
    diagnostics: list = field(default_factory=list)
    events: list = field(default_factory=list)
    robot_description: str = ""
    system_text: str = ""
    system_name: str = ""
    source: str = ""


# --------------------------------------------------------------------------- inputs
def from_episode(episode, spec=None) -> RunData:
    """A :class:`RunData` of an :class:`~modyn_bringup.episode.Episode` (and its SystemSpec)."""
    t0 = float(episode.wall[0]) if episode.wall is not None and len(episode.wall) else 0.0
    diagnostics = [
        (w - t0, name, level, message, values)
        for w, name, level, message, values in getattr(episode, "diagnostics_log", [])
    ]
    events = [
        (w - t0, f"hardware_status {name}", level, message)
        for w, name, level, message in getattr(episode, "hardware_log", [])
    ]
    events += [
        (s.get("received", float("nan")) - t0, s["name"], s["level"], s["message"])
        for s in episode.statuses
    ]
    system_text = ""
    if spec is not None and Path(spec.source).is_file():
        system_text = Path(spec.source).read_text(encoding="utf-8")
    return RunData(
        joint_names=list(episode.joint_names),
        t=np.asarray(episode.t, dtype=float),
        q=np.asarray(episode.q, dtype=float),
        effort=np.asarray(episode.effort, dtype=float),
        trajectories=list(episode.trajectories),
        diagnostics=diagnostics,
        events=events,
        robot_description=spec.robot_description if spec is not None else "",
        system_text=system_text,
        system_name=spec.name if spec is not None else "",
        source="live episode",
    )


def _topic_is(topic: str, name: str) -> bool:
    """``/ns/joint_states`` matches ``joint_states``: recordings may be namespaced."""
    return topic == name or topic.endswith("/" + name.lstrip("/"))


def from_mcap(path: str | os.PathLike, system: str | os.PathLike | None = None) -> RunData:
    """A :class:`RunData` from an MCAP recording (ros2 profile, CDR messages).

    Uses the topics ``joint_states`` (required), ``trajectory``, ``/diagnostics``,
    ``hardware_status``, ``goal_status`` and ``/robot_description`` when recorded.
    """
    try:
        from mcap_ros2.reader import read_ros2_messages
    except ImportError as exc:  # pragma: no cover - mcap-ros2-support is in requirements.txt
        raise ReportError(
            f"reading {path} needs mcap-ros2-support (rosdep key mcap-ros2-support): {exc}"
        ) from exc
    p = Path(path)
    if not p.is_file():
        raise ReportError(f"{p}: recording not found")
    states, trajectories, diagnostics, events = [], [], [], []
    description = ""
    start_ns = None
    try:
        with open(p, "rb") as stream:  # closed also when the reader gives up on a bad file
            messages = list(read_ros2_messages(stream))
        for item in messages:
            topic, msg, log_ns = item.channel.topic, item.ros_msg, item.log_time_ns
            start_ns = log_ns if start_ns is None else start_ns
            w = (log_ns - start_ns) * 1e-9
            if _topic_is(topic, "joint_states"):
                states.append(msg)
            elif _topic_is(topic, "trajectory"):
                trajectories.append(msg)
            elif _topic_is(topic, "diagnostics"):
                for s in msg.status:
                    values = {kv.key: kv.value for kv in s.values}
                    diagnostics.append((w, s.name, level_of(s.level), s.message, values))
            elif _topic_is(topic, "hardware_status"):  # every change is an event
                events.append((w, f"hardware_status {msg.name}", level_of(msg.level), msg.message))
            elif _topic_is(topic, "goal_status"):
                events.append((w, msg.name, level_of(msg.level), msg.message))
            elif _topic_is(topic, "robot_description"):
                description = msg.data
    except Exception as exc:  # the mcap library raises several kinds for a damaged file
        raise ReportError(
            f"{p}: not a readable MCAP recording ({type(exc).__name__}: {exc})"
        ) from exc
    if not states:
        raise ReportError(f"{p}: no joint_states messages (record /joint_states)")
    names = list(states[0].name)
    if trajectories:
        names = list(trajectories[0].joint_names)
    t = np.array([s.header.stamp.sec + s.header.stamp.nanosec * 1e-9 for s in states])
    q, effort = np.zeros((len(states), len(names))), np.zeros((len(states), len(names)))
    for i, s in enumerate(states):
        index = {n: k for k, n in enumerate(s.name)}
        try:
            cols = [index[n] for n in names]
        except KeyError as exc:
            raise ReportError(f"{p}: joint_states[{i}] has no joint {exc}") from exc
        q[i] = np.asarray(s.position)[cols]
        if len(s.effort):
            effort[i] = np.asarray(s.effort)[cols]
    system_text = Path(system).read_text(encoding="utf-8") if system else ""
    return RunData(
        joint_names=names,
        t=t,
        q=q,
        effort=effort,
        trajectories=trajectories,
        diagnostics=diagnostics,
        events=events,
        robot_description=description,
        system_text=system_text,
        system_name=Path(system).stem if system else "",
        source=str(p),
    )


# --------------------------------------------------------------------------- analysis
def desired(run: RunData) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """q_d, τ_ff at the recorded times (NaN outside a motion) and the mask of the motion."""
    from modyn_control.messages import sampler_from_message

    q_d = np.full_like(run.q, np.nan)
    tau_ff = np.full_like(run.q, np.nan)
    moving = np.zeros(len(run.t), dtype=bool)
    for msg in run.trajectories:
        sampler = sampler_from_message(msg, run.joint_names)
        start = msg.header.stamp.sec + msg.header.stamp.nanosec * 1e-9
        last = msg.points[-1].time_from_start
        end = start + last.sec + last.nanosec * 1e-9
        for i in np.flatnonzero((run.t >= start) & (run.t <= end)):
            qi, _, _, ei = sampler.sample(run.t[i])
            q_d[i], tau_ff[i] = qi, ei
            moving[i] = True
    return q_d, tau_ff, moving


def _rms(x: np.ndarray) -> np.ndarray:
    return np.sqrt(np.mean(x**2, axis=0)) if len(x) else np.full(x.shape[1], np.nan)


def summary(run: RunData) -> dict:
    """Per joint: RMS and max |e| (rad), RMS τ, RMS τ_ff and the share over the motion."""
    q_d, tau_ff, moving = desired(run)
    e = (q_d - run.q)[moving]
    tau, ff = run.effort[moving], tau_ff[moving]
    rms_tau, rms_ff = _rms(tau), _rms(ff)
    with np.errstate(invalid="ignore", divide="ignore"):
        share = rms_ff / rms_tau
    return {
        "q_d": q_d,
        "tau_ff": tau_ff,
        "moving": moving,
        "rms": _rms(e),
        "max": np.max(np.abs(e), axis=0) if len(e) else np.full(len(run.joint_names), np.nan),
        "rms_tau": rms_tau,
        "rms_ff": rms_ff,
        "rms_feedback": _rms(tau - ff),
        "share": share,
        "samples": int(np.count_nonzero(moving)),
    }


def feedforward_applied(run: RunData) -> bool | None:
    """The controller's ``feedforward`` flag (its last /diagnostics), None when not reported."""
    flag = None
    for _, name, _, _, values in run.diagnostics:
        if _role(name, values) == "controller" and "feedforward" in values:
            flag = values["feedforward"] == "True"
    return flag


def _series(run: RunData, role: str, key: str) -> tuple[np.ndarray, np.ndarray]:
    """(seconds, value) of a numeric ``/diagnostics`` value of the plant or the controller."""
    xs, ys = [], []
    for w, name, _, _, values in run.diagnostics:
        if _role(name, values) != role or key not in values:
            continue
        try:
            y = float(values[key])
        except ValueError:
            continue
        xs.append(w)
        ys.append(y)
    return np.array(xs), np.array(ys)


def _role(name: str, values: dict) -> str:
    """plant (hardware_interface's report), controller (feedback_controller's) or other."""
    if "steps_per_second" in values and "plant" in values:
        return "plant"
    if "compute_mean_us" in values and "law" in values:
        return "controller"
    return name


def event_rows(run: RunData) -> list[tuple]:
    """hardware_status changes, non-OK diagnostics and controller saturation, in order."""
    rows = [e for e in run.events if e[1].startswith("hardware_status") or e[2] != 0]
    last: dict = {}
    for w, name, level, message, values in run.diagnostics:
        if level != 0 and last.get(name) != message:
            rows.append((w, name, level, message))
        last[name] = message if level != 0 else None
        if values.get("saturated") == "True" and _role(name, values) == "controller":
            rows.append((w, name, 1, "controller output saturated (effort_limit)"))
    return sorted(rows, key=lambda r: (np.isnan(r[0]), r[0]))


# --------------------------------------------------------------------------- plots
def _png(fig) -> str:
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=90)
    import matplotlib.pyplot as plt

    plt.close(fig)
    return base64.b64encode(buf.getvalue()).decode("ascii")


def _figures(run: RunData, s: dict) -> dict[str, str]:
    """Title → base64 PNG of every plot of one run."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    out = {}
    names, t = run.joint_names, run.t
    n = len(names)
    cols = min(n, 3) or 1
    rows = -(-n // cols)
    # tracking error per joint
    fig, axes = plt.subplots(rows, cols, figsize=(4.2 * cols, 2.4 * rows), squeeze=False)
    for j, name in enumerate(names):
        ax = axes.flat[j]
        ax.plot(t, s["q_d"][:, j] - run.q[:, j], lw=0.9)
        ax.set_title(f"{name}: RMS {s['rms'][j]:.2e}, max {s['max'][j]:.2e}", fontsize=8)
        ax.grid(alpha=0.3)
        ax.tick_params(labelsize=7)
    for ax in axes.flat[n:]:
        ax.set_visible(False)
    fig.supxlabel("plant time (s)", fontsize=8)
    fig.supylabel("e = q_d − q (rad or m)", fontsize=8)
    fig.tight_layout()
    out["Tracking error per joint"] = _png(fig)
    # torques and their feed-forward share
    off = " (planned, not applied)" if feedforward_applied(run) is False else ""
    fig, axes = plt.subplots(rows, cols, figsize=(4.2 * cols, 2.4 * rows), squeeze=False)
    for j, name in enumerate(names):
        ax = axes.flat[j]
        # τ_ff ≈ τ when the feed-forward carries the motion: τ drawn wide and light under a
        # thin τ_ff, and the feedback part τ − τ_ff on its own line, so that each is visible
        ax.plot(t, run.effort[:, j], lw=3.0, color="#9ecae1", label="applied τ")
        ax.plot(t, s["tau_ff"][:, j], lw=0.9, color="#08306b", label="feed-forward τ_ff")
        ax.plot(
            t,
            run.effort[:, j] - s["tau_ff"][:, j],
            lw=0.9,
            color="#d94801",
            label="feedback τ − τ_ff",
        )
        ax.set_title(f"{name}: τ_ff share {s['share'][j]:.2f}{off}", fontsize=8)
        ax.grid(alpha=0.3)
        ax.tick_params(labelsize=7)
    axes.flat[0].legend(fontsize=7)
    for ax in axes.flat[n:]:
        ax.set_visible(False)
    fig.supxlabel("plant time (s)", fontsize=8)
    fig.supylabel("effort (N·m or N)", fontsize=8)
    fig.tight_layout()
    out["Torques and their feed-forward share"] = _png(fig)
    # saturation and watchdog counters
    fig, ax = plt.subplots(figsize=(8, 3))
    drawn = 0
    for key in EVENT_COUNTERS:
        x, y = _series(run, "plant", key)
        if len(x):
            ax.step(x, y, where="post", label=key, lw=1.2)
            drawn += 1
    x, y = _sat_series(run)
    if len(x):
        ax.step(x, y, where="post", label="controller saturated (0/1)", lw=1.2, ls=":")
        drawn += 1
    if not drawn:
        ax.text(0.5, 0.5, "no /diagnostics in this run", ha="center", transform=ax.transAxes)
    else:
        ax.legend(fontsize=7, ncol=3)
    ax.set_xlabel("recording time (s, wall clock)", fontsize=8)
    ax.set_ylabel("cumulative count", fontsize=8)
    ax.set_title("Saturation and watchdog counters (hardware_interface /diagnostics)", fontsize=9)
    ax.grid(alpha=0.3)
    fig.tight_layout()
    out["Saturation and watchdog events"] = _png(fig)
    # loop timing
    fig, axes = plt.subplots(1, 2, figsize=(10, 3))
    x, y = _series(run, "plant", "steps_per_second")
    axes[0].plot(x, y, "o-", ms=3, lw=1)
    axes[0].set_ylabel("plant steps per second", fontsize=8)
    for role, key, label, _ in TIMING_KEYS[1:]:
        x, y = _series(run, role, key)
        if len(x):
            axes[1].plot(x, y, "o-", ms=3, lw=1, label=label)
    axes[1].set_ylabel("µs (log scale)", fontsize=8)
    axes[1].set_yscale("log")  # latencies (ms) and compute times (µs) on one axis
    axes[1].legend(fontsize=7)
    for ax in axes:
        ax.set_xlabel("recording time (s, wall clock)", fontsize=8)
        ax.grid(alpha=0.3)
    fig.suptitle("Loop timing (per-second /diagnostics)", fontsize=9)
    fig.tight_layout()
    out["Loop timing"] = _png(fig)
    return out


def _sat_series(run: RunData) -> tuple[np.ndarray, np.ndarray]:
    xs, ys = [], []
    for w, name, _, _, values in run.diagnostics:
        if _role(name, values) == "controller" and "saturated" in values:
            xs.append(w)
            ys.append(1.0 if values["saturated"] == "True" else 0.0)
    return np.array(xs), np.array(ys)


# --------------------------------------------------------------------------- page
_LEVELS = {0: "OK", 1: "WARN", 2: "ERROR", 3: "STALE"}
_CSS = """body{font-family:sans-serif;margin:1.5em;max-width:1100px;color:#222}
table{border-collapse:collapse;font-size:13px;margin:.5em 0}
td,th{border:1px solid #bbb;padding:2px 8px;text-align:right}th{background:#eee}
td.l{text-align:left}pre{background:#f6f6f6;padding:.6em;font-size:12px;overflow-x:auto}
img{max-width:100%;border:1px solid #ddd;margin:.3em 0}h2{border-bottom:2px solid #888}"""


def _model_section(description: str) -> str:
    if not description.strip():
        return "<p>No robot_description in this run (record /robot_description).</p>"
    try:
        from modyn_model import load_model

        model = load_model(description)
        rows = [
            ("model", type(model).__name__),
            ("base frame", model.base_frame),
            ("nq / nv / nu", f"{model.nq} / {model.nv} / {len(model.actuator_names)}"),
            ("coordinates", ", ".join(model.coordinate_names)),
            ("actuators", ", ".join(model.actuator_names)),
        ]
        table = "".join(
            f"<tr><th>{html.escape(k)}</th><td class=l>{html.escape(str(v))}</td></tr>"
            for k, v in rows
        )
        head = f"<table>{table}</table>"
    except Exception as exc:  # the page still shows the text it could not load
        head = f"<p>modyn_model could not load it: {html.escape(str(exc))}</p>"
    return (
        f"{head}<details><summary>robot_description ({len(description)} characters)</summary>"
        f"<pre>{html.escape(description)}</pre></details>"
    )


def _run_section(label: str, run: RunData) -> str:
    s = summary(run)
    parts = [f"<h2>{html.escape(label)}</h2>"]
    parts.append(
        f"<p>source: {html.escape(run.source)}; {len(run.t)} joint_states over "
        f"{(run.t[-1] - run.t[0]) if len(run.t) else 0:.2f} s of plant time, "
        f"{s['samples']} inside a motion; {len(run.trajectories)} trajectories</p>"
    )
    head = (
        "<tr><th>joint</th><th>RMS e</th><th>max |e|</th><th>RMS τ</th><th>RMS τ_ff</th>"
        "<th>RMS τ − τ_ff</th><th>τ_ff share</th></tr>"
    )
    body = "".join(
        f"<tr><td class=l>{html.escape(n)}</td><td>{s['rms'][j]:.2e}</td><td>{s['max'][j]:.2e}</td>"
        f"<td>{s['rms_tau'][j]:.3g}</td><td>{s['rms_ff'][j]:.3g}</td>"
        f"<td>{s['rms_feedback'][j]:.3g}</td><td>{s['share'][j]:.2f}</td></tr>"
        for j, n in enumerate(run.joint_names)
    )
    ff_note = (
        " <b>The controller ran with feedforward false: τ_ff is the planned feed-forward of "
        "the trajectory, not applied; τ is all feedback.</b>"
        if feedforward_applied(run) is False
        else ""
    )
    parts.append(
        "<p>Over the samples inside a motion: e = q_d − q (rad or m), efforts in N·m or N; "
        f"share = RMS(τ_ff)/RMS(τ).{ff_note}</p>"
        f"<table>{head}{body}</table>"
    )
    for title, png in _figures(run, s).items():
        parts.append(
            f"<h3>{html.escape(title)}</h3><img alt='{html.escape(title)}' "
            f"src='data:image/png;base64,{png}'>"
        )
    # deadline misses and the last timing values
    last = {}
    for _, name, _, _, values in run.diagnostics:
        role = _role(name, values)
        if role in ("plant", "controller"):
            last[role] = values
    plant = last.get("plant", {})
    parts.append(
        f"<p>Deadline misses (realtime plant, ticks started more than one period late): "
        f"<b>{html.escape(str(plant.get('deadline_misses', 'not reported')))}</b>; "
        f"watchdog hold steps: {html.escape(str(plant.get('hold_steps', 'not reported')))}; "
        f"faults: {html.escape(str(plant.get('faults', 'not reported')))}; "
        f"mode {html.escape(str(plant.get('mode', '?')))}, plant "
        f"{html.escape(str(plant.get('plant', '?')))}.</p>"
    )
    rows = event_rows(run)
    if rows:
        body = "".join(
            f"<tr><td>{'' if np.isnan(w) else f'{w:.2f}'}</td><td class=l>{html.escape(src)}</td>"
            f"<td class=l>{_LEVELS.get(level, level)}</td><td class=l>{html.escape(msg)}</td></tr>"
            for w, src, level, msg in rows
        )
        parts.append(
            "<h3>Events</h3><table><tr><th>s</th><th>source</th><th>level</th><th>message</th>"
            f"</tr>{body}</table>"
        )
    else:
        parts.append("<h3>Events</h3><p>No fault, warning or saturation reported.</p>")
    return "".join(parts)


def write_report(runs: dict[str, RunData], path: str | os.PathLike, title: str = "") -> Path:
    """Write the HTML page of ``runs`` (label → data) to ``path``; returns the path."""
    if not runs:
        raise ReportError("no run to report")
    first = next(iter(runs.values()))
    title = title or f"modyn run report: {first.system_name or first.source}"
    parts = [
        f"<!DOCTYPE html><html><head><meta charset='utf-8'><title>{html.escape(title)}</title>"
        f"<style>{_CSS}</style></head><body><h1>{html.escape(title)}</h1>"
    ]
    for label, run in runs.items():
        parts.append(_run_section(label, run))
    parts.append("<h2>Model used</h2>" + _model_section(first.robot_description))
    parts.append("<h2>System file</h2>")
    if first.system_text:
        parts.append(f"<pre>{html.escape(first.system_text)}</pre>")
    else:
        parts.append("<p>Not given (modyn_report --system FILE).</p>")
    parts.append("</body></html>")
    out = Path(path)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text("".join(parts), encoding="utf-8")
    return out


def main(argv: list[str] | None = None) -> int:
    """Console script ``modyn_report``."""
    parser = argparse.ArgumentParser(prog="modyn_report", description=__doc__.split("\n")[0])
    parser.add_argument(
        "recording", help="MCAP file (ros2 bag record -s mcap, modyn_system --record)"
    )
    parser.add_argument("--system", default=None, help="system file to include in the page")
    parser.add_argument(
        "-o", "--output", default=None, help="HTML path (default: next to the recording)"
    )
    args = parser.parse_args(argv)
    try:
        run = from_mcap(args.recording, args.system)
        out = args.output or str(Path(args.recording).with_suffix(".html"))
        path = write_report({Path(args.recording).name: run}, out)
    except (ReportError, OSError) as exc:
        print(f"modyn_report: {exc}", file=sys.stderr)
        return 1
    print(f"Report: {path.resolve()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
