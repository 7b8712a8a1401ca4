"""Figures 4-6 of Lopes (2009) for docs/stewart.md: the P1 -> P2 -> P1 motion of note §7.2.

The paper's trajectory (Section 5): P1 = [0, 0, 2000 mm, 0, 0, 0], P2 = [-100, -200, 2500 mm,
15°, -15°, 15°], back to P1, "third order trigonometric splines" with unspecified durations (note
A27). Here each segment is the cycloidal law of note §7.2, s(τ) = τ − sin(2πτ)/(2π), τ = t/T_seg
(zero velocity and acceleration at both ends), with a stop at P2 between the two segments:
``--segment`` (default 2 s) and ``--stop`` (default 1 s) are parameters.

Writes into ``--out`` (default docs/img/):

* ``stewart_fig4.png``: leg lengths l, rates l̇ and accelerations l̈ (Fig. 4);
* ``stewart_fig5.png``: leg forces τ (Fig. 5), τ = J_C⁻ᵀ (I|_E ẍ + V|_E ẋ + G_B);
* ``stewart_fig6.png``: each leg's force split into the platform's, the six cylinders' and the
  six pistons' contributions, gravity included (Fig. 6; note §9.4).

Before writing, the script checks what the figures show: the legs stay in the shipped stroke, the
split adds up to τ, the static forces at the ends are τ(P1) = 7.042505 N and τ(P2) of note §9.3.
It prints the peaks (docs/stewart.md quotes them).

Run: ``python bench/stewart_figures.py [--segment 2.0] [--stop 1.0] [--out DIR]``.
"""

from __future__ import annotations

import argparse
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402

from modyn_model import load_model  # noqa: E402
from modyn_model.mechanisms.stewart import (  # noqa: E402
    inverse_dynamics,
    inverse_kinematics,
    leg_accelerations,
    leg_rates,
)

__all__ = ["P1", "P2", "cycloidal", "trajectory", "main"]

ROOT = Path(__file__).resolve().parents[1]
DEG = np.pi / 180.0
P1 = np.array([0.0, 0.0, 2.0, 0.0, 0.0, 0.0])
P2 = np.array([-0.1, -0.2, 2.5, 15 * DEG, -15 * DEG, 15 * DEG])


def cycloidal(t, duration: float, a, b):
    """(x, ẋ, ẍ) of the cycloidal move from a to b in ``duration`` s (note §7.2) at times t."""
    s = np.clip(np.asarray(t, dtype=float) / duration, 0.0, 1.0)[..., None]
    d = np.asarray(b) - np.asarray(a)
    return (
        a + d * (s - np.sin(2 * np.pi * s) / (2 * np.pi)),
        d * (1 - np.cos(2 * np.pi * s)) / duration,
        d * 2 * np.pi * np.sin(2 * np.pi * s) / duration**2,
    )


def trajectory(segment: float = 2.0, stop: float = 1.0, dt: float = 0.005):
    """t (n,), x, ẋ, ẍ (n, 6) of P1 → P2 (``segment`` s), a ``stop`` at P2, P2 → P1."""
    t = np.arange(0.0, 2 * segment + stop + 0.5 * dt, dt)
    x, xd, xdd = (np.empty((len(t), 6)) for _ in range(3))
    first = t <= segment
    back = t >= segment + stop
    hold = ~first & ~back
    x[first], xd[first], xdd[first] = cycloidal(t[first], segment, P1, P2)
    x[hold], xd[hold], xdd[hold] = P2, 0.0, 0.0
    x[back], xd[back], xdd[back] = cycloidal(t[back] - segment - stop, segment, P2, P1)
    return t, x, xd, xdd


def main(argv=None) -> dict:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--segment", type=float, default=2.0, help="s per move (default 2)")
    parser.add_argument("--stop", type=float, default=1.0, help="s at P2 (default 1)")
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "img")
    args = parser.parse_args(argv)
    model = load_model(str(ROOT / "config" / "mechanisms" / "stewart_lopes.yaml"))
    params = model.params
    t, x, xd, xdd = trajectory(args.segment, args.stop)
    lengths = inverse_kinematics(params, x)
    rates = leg_rates(params, x, xd)
    accelerations = leg_accelerations(params, x, xd, xdd)
    tau, split = inverse_dynamics(params, x, xd, xdd, split=True)
    parts = {
        "platform": split["platform"],
        "cylinders": split["cylinder_translation"] + split["cylinder_rotation"],
        "pistons": split["piston_translation"] + split["piston_rotation"],
    }
    # what the figures must show
    model.check_workspace(x)
    assert np.abs(sum(parts.values()) - tau).max() < 1e-10
    assert np.allclose(tau[0], 7.042505, atol=1e-6) and np.allclose(tau[-1], 7.042505, atol=1e-6)
    hold = np.argmin(np.abs(t - (args.segment + 0.5 * args.stop)))
    assert np.allclose(
        tau[hold], [4.625935, 7.738315, 3.218578, 10.828190, 6.754372, 7.023878], atol=1e-6
    )
    assert np.abs(tau).max() < params.force_limit.min()

    args.out.mkdir(parents=True, exist_ok=True)
    labels = [f"leg {i}" for i in range(1, 7)]
    fig, axes = plt.subplots(3, 1, figsize=(8, 8), sharex=True)
    for ax, data, name in zip(
        axes, (lengths, rates, accelerations), ("l (m)", "l̇ (m/s)", "l̈ (m/s²)"), strict=True
    ):
        ax.plot(t, data)
        ax.set_ylabel(name)
        ax.grid(True, alpha=0.3)
    axes[0].legend(labels, ncol=6, fontsize=7, loc="upper center")
    axes[-1].set_xlabel("t (s)")
    fig.suptitle(
        f"Lopes (2009) Fig. 4: actuator kinematics, P1 → P2 → P1 "
        f"(cycloidal, {args.segment:g} s + stop {args.stop:g} s + {args.segment:g} s)"
    )
    fig.tight_layout()
    fig.savefig(args.out / "stewart_fig4.png", dpi=110)
    plt.close(fig)

    fig, ax = plt.subplots(figsize=(8, 4.5))
    ax.plot(t, tau)
    ax.set_xlabel("t (s)")
    ax.set_ylabel("τ (N)")
    ax.legend(labels, ncol=3, fontsize=8)
    ax.grid(True, alpha=0.3)
    ax.set_title("Lopes (2009) Fig. 5: actuator forces, τ = J_C⁻ᵀ (I|_E ẍ + V|_E ẋ + G_B)")
    fig.tight_layout()
    fig.savefig(args.out / "stewart_fig5.png", dpi=110)
    plt.close(fig)

    fig, axes = plt.subplots(3, 1, figsize=(8, 8), sharex=True)
    for ax, (name, data) in zip(axes, parts.items(), strict=True):
        ax.plot(t, data)
        ax.set_ylabel(f"{name} (N)")
        ax.grid(True, alpha=0.3)
    axes[0].legend(labels, ncol=6, fontsize=7, loc="upper center")
    axes[-1].set_xlabel("t (s)")
    fig.suptitle("Lopes (2009) Fig. 6: contributions to the actuator forces (gravity included)")
    fig.tight_layout()
    fig.savefig(args.out / "stewart_fig6.png", dpi=110)
    plt.close(fig)

    summary = {
        "length range (m)": (float(lengths.min()), float(lengths.max())),
        "peak |l̇| (m/s)": float(np.abs(rates).max()),
        "peak |l̈| (m/s²)": float(np.abs(accelerations).max()),
        "force range (N)": (float(tau.min()), float(tau.max())),
        **{f"{k} range (N)": (float(v.min()), float(v.max())) for k, v in parts.items()},
    }
    for key, value in summary.items():
        print(f"{key}: {np.round(value, 4).tolist()}")
    print(f"wrote {args.out}/stewart_fig{{4,5,6}}.png")
    return summary


if __name__ == "__main__":
    main()
