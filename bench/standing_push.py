"""solo12 standing on its four pinned feet, pushed, on the built-in plant and on MuJoCo (issue 14).

Runs config/systems/solo12_standing_sim.yaml and solo12_standing_mujoco.yaml under the four nodes
(modyn_bringup.push_episode: the controller holds the standing posture with computed torque; a
push of 20 N along x on base_link for 0.1 s at t = 1 s through /hardware_interface/push) and
writes docs/img/standing_push.png: the torso's displacement |p − p₀| after the push, both
plants, and prints the numbers quoted in docs/running.md ("A quadruped standing on its feet").

Run with the workspace sourced and a ROS_DOMAIN_ID of your own:
    python bench/standing_push.py            # ~1.5 min on 2 cores
"""

from __future__ import annotations

import argparse
from pathlib import Path

import numpy as np

from modyn_bringup.push_episode import run_push_episode
from modyn_bringup.system import load_system
from modyn_model import load_model

SYSTEMS = {"solo12_standing_sim": "built-in plant", "solo12_standing_mujoco": "MuJoCo"}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--force", type=float, default=20.0, help="push along x (N)")
    parser.add_argument("--after", type=float, default=2.0, help="recorded after the push (s)")
    parser.add_argument("--out", default=str(Path(__file__).parents[1] / "docs/img"))
    args = parser.parse_args()
    runs = {}
    for name, label in SYSTEMS.items():
        spec = load_system(name)
        ep = run_push_episode(spec, force=(args.force, 0.0, 0.0), push_at=1.0, after=args.after)
        dp, angle = ep.displacement()
        model = load_model(spec.robot_description)
        q0 = np.asarray(
            next(n for n in spec.nodes if n.name == "hardware_interface").parameters[
                "initial_positions"
            ]
        )
        weight = model.mass_matrix(q0)[0, 0] * 9.81
        total = sum(f[-1] for _, f in ep.forces.values())
        before = ep.t < ep.push_time
        k = int(np.argmax(dp))
        settle = ep.t[np.flatnonzero(dp > 1e-3)[-1]] - ep.push_time if (dp > 1e-3).any() else 0
        print(
            f"{label}: push at t = {ep.push_time:.3f} s; before it max |dp| {dp[before].max():.2g} m;"
            f" peak {dp[k] * 1e3:.2f} mm at {ep.t[k] - ep.push_time:.3f} s after it, peak angle "
            f"{angle.max():.2g} rad; back within 1 mm {settle:.3f} s after it; at t = "
            f"{ep.t[-1]:.2f} s: {dp[-1]:.2g} m, {angle[-1]:.2g} rad; Σ foot forces {total} N "
            f"(m g = {weight:.4f} N); faults {ep.faults}"
        )
        runs[label] = (ep.t - ep.push_time, dp)
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 3.6))
    for (label, (t, dp)), style in zip(runs.items(), ("-", "--"), strict=True):
        ax.plot(t, dp * 1e3, style, label=label)
    ax.axvspan(0.0, 0.1, color="0.9", label="push: 20 N along x, 0.1 s")
    ax.set_xlim(-0.2, args.after)
    ax.set_xlabel("time after the push (s)")
    ax.set_ylabel("torso displacement |p − p₀| (mm)")
    ax.set_title("solo12 on four pinned feet, computed torque ω = 20 rad/s, 500 Hz, four nodes")
    ax.legend()
    ax.grid(alpha=0.3)
    fig.tight_layout()
    out = Path(args.out) / "standing_push.png"
    fig.savefig(out, dpi=110)
    print(f"figure: {out}")


if __name__ == "__main__":
    main()
