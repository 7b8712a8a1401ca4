"""What a system file needs to know about a robot, from its URDF: ``python -m
modyn_hardware.robot_report ROBOT.urdf [--extras E.yaml] [--rate 1000] [--q0 ...]``.

Any description :func:`modyn_model.load_model` reads works (a mechanism YAML file too); for a
mechanism whose velocity coordinates are not its coordinates (nq ≠ nv) the table is per
velocity coordinate (the order of the per-coordinate gains) and the coordinates and actuators
are listed apart; ``--q0`` is then a configuration (nq values, default ``model.neutral()``).

Prints, for a URDF nobody here has seen (docs/running.md, "Bringing your own robot"):

* the moving joints in the model's order (the order of every per-joint parameter), with their
  limits, friction (Fv, Fc), the inertia A_jj at ``--q0`` and the smallest effective inertia
  1/(A⁻¹)_jj over the range (:mod:`modyn_hardware.hold_gains`);
* the joints whose viscous damping an explicit integrator could not take at the rate;
* the safe hold ``hardware_interface`` will use without ``hold_kp``/``hold_kd``, and whether its
  bandwidth fits the rate;
* PD gains for ``feedback_controller`` (``kp``, ``kd``: Kp = ω² A_jj(q0), Kd = 2ζω A_jj(q0),
  then adjusted into the discrete stability region at the rate as the hold's gains are, with
  the sentence naming each adjusted joint), ready to paste.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

from modyn_model import load_model

from .hold_gains import (
    check_hold_gains,
    check_mass_matrix_hold,
    damping_stiffness,
    effective_inertia,
    sample_poses,
)

__all__ = ["main", "report"]


def _fmt(values) -> str:
    return "[" + ", ".join(f"{float(x):.4g}" for x in values) + "]"


def report(
    model,
    rate: float,
    q0: np.ndarray,
    *,
    bandwidth: float = 10.0,
    damping_ratio: float = 1.0,
    hold_bandwidth: float = 20.0,
) -> str:
    """The text printed by :func:`main` (see the module docstring)."""
    dt = 1.0 / rate
    poses = sample_poses(model, q0)
    diag = np.diag(model.mass_matrix(q0))
    _, eff_min = effective_inertia(model, poses)
    names = tuple(model.velocity_names)
    # per-joint friction is a tree's (not in the contract): zeros for a model without it
    zeros = np.zeros(model.nv)
    fv = np.asarray(getattr(model, "viscous", zeros), dtype=float)
    fc = np.asarray(getattr(model, "coulomb", zeros), dtype=float)
    arm = names == tuple(model.coordinate_names) == tuple(model.actuator_names)
    if arm:
        lines = [
            f"robot '{model.name}': {model.nv} moving joints, model order (the order of every "
            f"per-joint parameter): {list(names)}",
            "",
            f"{'joint':<12}{'lower':>9}{'upper':>9}{'vel':>7}{'effort':>8}{'Fv':>7}{'Fc':>6}"
            f"{'A_jj(q0)':>11}{'I_eff min':>11}",
        ]
    else:
        lines = [
            f"mechanism '{model.name}': nq = {model.nq} coordinates {list(model.coordinate_names)}",
            f"  nv = {model.nv} velocity coordinates (the order of every per-coordinate gain): "
            f"{list(names)}",
            f"  nu = {model.nu} actuators {list(model.actuator_names)}, effort limits "
            f"{_fmt(model.effort_limit)}"
            + (
                f", speed limits |S(q) v| <= {_fmt(model.actuator_velocity_limit)}"
                if getattr(model, "actuator_velocity_limit", None) is not None
                else ""
            ),
            "",
            f"{'velocity':<12}{'vel':>7}{'Fv':>7}{'Fc':>6}{'A_jj(q0)':>11}{'I_eff min':>11}",
        ]
    for j, name in enumerate(names):
        if arm:
            lines.append(
                f"{name:<12}{model.lower[j]:>9.4g}{model.upper[j]:>9.4g}"
                f"{model.velocity_limit[j]:>7.3g}{model.effort_limit[j]:>8.4g}"
                f"{fv[j]:>7.3g}{fc[j]:>6.3g}{diag[j]:>11.4g}{eff_min[j]:>11.4g}"
            )
        else:
            lines.append(
                f"{name:<12}{model.velocity_limit[j]:>7.3g}{fv[j]:>7.3g}{fc[j]:>6.3g}"
                f"{diag[j]:>11.4g}{eff_min[j]:>11.4g}"
            )
    lines += ["", f"at dt = {dt:g} s ({rate:g} Hz):"]
    stiff = damping_stiffness(model, dt, poses)
    lines += [f"  stiff damping, {s} (the simulated plant takes it implicitly)" for s in stiff]
    if not stiff:
        lines.append("  no joint's viscous damping is stiff for an explicit integrator")
    w, note = check_mass_matrix_hold(hold_bandwidth, 1.0, dt)
    lines.append(
        f"  hardware_interface without hold_kp/hold_kd: tau = Q(q) + A(q_hold) [w^2 (q_hold - q)"
        f" - 2 w dq/dt], w = {w:g} rad/s" + (f" ({note})" if note else "")
    )
    kp = diag * bandwidth**2
    kd = diag * (2.0 * damping_ratio * bandwidth)
    checked = check_hold_gains(model, kp, kd, dt, poses, given="suggested")
    lines += [
        "",
        f"feedback_controller PD (Kp = w^2 A_jj(q0), Kd = 2 zeta w A_jj(q0), w = {bandwidth:g} "
        f"rad/s, zeta = {damping_ratio:g}; also the controller's own hold):",
        *[f"  adjusted: {n}" for n in checked.notes],
        f"  kp: {_fmt(checked.kp)}",
        f"  kd: {_fmt(checked.kd)}",
        f"initial_positions used: {_fmt(q0)}",
    ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m modyn_hardware.robot_report", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument(
        "urdf", type=Path, help="the robot's URDF file (or any description load_model reads)"
    )
    parser.add_argument("--extras", type=Path, default=None, help="joint extras YAML")
    parser.add_argument("--rate", type=float, default=1000.0, help="plant rate (Hz)")
    parser.add_argument("--q0", type=float, nargs="*", default=None, help="initial positions")
    parser.add_argument("--bandwidth", type=float, default=10.0, help="PD bandwidth (rad/s)")
    args = parser.parse_args(argv)
    model = load_model(args.urdf, extras=args.extras)
    q0 = model.neutral() if not args.q0 else np.asarray(args.q0, dtype=float)
    if q0.shape != (model.nq,):
        what = "joints" if model.nq == model.nv else "coordinates"  # an arm's are its joints
        parser.error(f"--q0: {len(q0)} values for {model.nq} {what} {list(model.coordinate_names)}")
    print(report(model, args.rate, q0, bandwidth=args.bandwidth))
    return 0


if __name__ == "__main__":
    sys.exit(main())
