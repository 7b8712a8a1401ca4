"""Identification on the MuJoCo plant, library loop (no DDS), and the computed-torque tracking
table: identified vs true vs nominal model (issue 19).

For each robot: the "true" robot is the nominal one with a payload on the last link and
Coulomb + viscous friction; MuJoCo runs it (RK4, 500 Hz) under a PD + nominal feed-forward
tracking an exciting Fourier trajectory (cond(W_b)-optimised), the samples corrupted by white
noise as hardware_interface's ``measurement_noise`` does (σ = 1e-4 rad, 0.2 N·m scaled to the
robot's torques); WLS on the base parameters (modyn_model.identification); the identified model
written through the consistent export. Then computed torque (modyn_control, ω = 10 rad/s)
with the true, the nominal and the identified model follows a different Fourier trajectory on
the true plant; the table gives the RMS and max tracking error per model.

    python bench/identification.py            # RX-90 (urdf/rx90.urdf.xacro) and UR5
"""

from __future__ import annotations

import sys
import tempfile
import warnings
from pathlib import Path

import numpy as np

from modyn_control.law_base import Reference
from modyn_control.law_catalog import LawSettings, make_law
from modyn_hardware.mujoco_plant import MujocoPlant
from modyn_model import RobotModel
from modyn_model.identification import (
    base_parameters,
    identified_model,
    identify_base,
    optimize_excitation,
    prepare,
    standard_parameters,
)
from modyn_model.identification.consistency import PhysicalConsistencyWarning
from modyn_model.urdf_export import to_urdf

RATE = 500.0
DT = 1.0 / RATE


def _true_robot(nominal: RobotModel, payload: float, fc, fv) -> RobotModel:
    """The nominal robot with ``payload`` kg at 5 cm along the last link's z and friction."""
    rows = np.asarray(nominal.inertial_parameters).copy()
    d = np.array([0.0, 0.0, 0.05])
    rows[-1, 6:9] += payload * d
    rows[-1, 9] += payload
    # point mass at d: J_O += m (|d|² 1 − d dᵀ) with Khalil's signs (XY = −∫xy dm)
    j = payload * (d @ d * np.eye(3) - np.outer(d, d))
    rows[-1, [0, 1, 2, 3, 4, 5]] += j[[0, 0, 0, 1, 1, 2], [0, 1, 2, 1, 2, 2]]
    extras = [
        e.merged(coulomb=float(c), viscous=float(v))
        for e, c, v in zip(nominal.extras, fc, fv, strict=True)
    ]
    return nominal.with_parameters(rows, extras)


def _run(true: RobotModel, urdf: str, q0, traj, law_model, gains, noise, seed):
    """Follow ``traj`` on the MuJoCo plant of ``true``; returns (t, q_meas, effort_msgs, err)."""
    plant = MujocoPlant(true, urdf, "rk4", q0)
    if gains == "computed_torque":
        law = make_law("computed_torque", law_model, LawSettings(omega=[10.0], zeta=[1.0]))
    else:
        law = make_law("pd_feedforward", law_model, LawSettings(kp=gains[0], kd=gains[1]))
    rng = np.random.default_rng(seed)
    steps = int(round(traj.period * RATE))
    tq = np.arange(steps + 1) * DT
    qd, vd, ad = traj.sample(tq)
    tau_ff = law_model.inverse_dynamics(qd, vd, ad)
    tau = np.zeros(true.n)
    q_meas, eff, err = [], [], []
    last = np.zeros(true.n)
    for k in range(steps + 1):
        s = plant.read()
        qm = s.position + noise[0] * rng.standard_normal(true.n)
        vm = s.velocity + noise[1] * rng.standard_normal(true.n)
        q_meas.append(qm)
        eff.append(last + noise[2] * rng.standard_normal(true.n))  # the effort of the last step
        err.append(qd[k] - s.position)
        law.step(tq[k], qm, vm, Reference(qd[k], vd[k], ad[k], tau_ff[k]), tau)
        plant.write(tau)
        plant.step(DT)
        last = tau.copy()
    return tq, np.array(q_meas), np.array(eff), np.array(err)


def study(name: str, nominal: RobotModel, q0, payload, fc, fv, tau_noise, gains, vmax, amax):
    from modyn_bringup.identify import applied_torque

    true = _true_robot(nominal, payload, fc, fv)
    folder = Path(tempfile.mkdtemp(prefix=f"ident_{name}_"))
    urdf = folder / "true.urdf"
    urdf.write_text(to_urdf(true), encoding="utf-8")
    base = base_parameters(nominal)
    kw = dict(q_start=q0, velocity_limit=vmax, acceleration_limit=amax, margin=0.2, harmonics=5)
    excite, cond = optimize_excitation(nominal, base, period=10.0, evaluations=100, **kw)
    check, _ = optimize_excitation(nominal, base, period=6.0, evaluations=0, seed=5, **kw)
    noise = (1e-4, 1e-3, tau_noise)
    t, q, eff, _ = _run(true, str(urdf), q0, excite, nominal, gains, noise, 1)
    d = prepare(t, q, applied_torque(eff), nominal.joint_names, cutoff=10.0, decimate=20)
    est = identify_base(nominal, base, d.q, d.v, d.a, d.tau, min_speed=0.1)
    truth = base.base_values(standard_parameters(true))
    good = est.relative_std < 5.0
    dev = np.abs(est.values - truth) / est.std
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", PhysicalConsistencyWarning)
        ident, _, gap = identified_model(nominal, base, est.values, est.std)
    print(
        f"\n## {name}: {base.rank} base parameters, cond(W_b) {cond:.0f}, "
        f"{int(good.sum())} with %σ < 5 %, of which {int((dev[good] > 3).sum())} beyond 3σ "
        f"(max {dev[good].max():.2f}σ); σ̂_j {np.round(est.joint_sigma, 3).tolist()} N·m"
    )
    for w in caught:
        print(f"   note: {str(w.message)[:160]}...")
    print("\n| model in computed torque | RMS error per joint (mrad) | max |e| (mrad) |")
    print("|---|---|---|")
    for label, m in (("true", true), ("nominal", nominal), ("identified", ident)):
        *_, err = _run(true, str(urdf), q0, check, m, "computed_torque", (0.0, 0.0, 0.0), 2)
        rms = 1e3 * np.sqrt(np.mean(err**2, axis=0))
        print(f"| {label} | {np.round(rms, 3).tolist()} | {1e3 * np.abs(err).max():.3f} |")


def main(only: str | None = None) -> int:
    from modyn_bringup.system import share_directory
    from modyn_model.urdf import expand_xacro

    share = share_directory()
    rx90 = RobotModel.from_urdf(
        expand_xacro(share / "urdf/rx90.urdf.xacro", {"payload": "0.0"}),
        extras=share / "urdf/rx90_extras.yaml",
    )
    study(
        "RX-90",
        rx90,
        np.array([0.0, -0.5, 1.0, 0.0, 0.5, 0.0]),
        3.0,
        [3, 4, 2, 0.5, 0.5, 0.3],
        [6, 5, 3, 0.6, 0.5, 0.2],
        0.2,
        ([550.0, 600.0, 230.0, 12.0, 11.0, 5.0], [110.0, 120.0, 46.0, 2.4, 2.2, 1.0]),
        1.5,
        4.0,
    )
    import importlib.metadata

    prefix = Path(
        importlib.metadata.distribution("example-robot-data").locate_file("cmeel.prefix")
    )
    ur5 = RobotModel.from_urdf(
        prefix / "share/example-robot-data/robots/ur_description/urdf/ur5_robot.urdf"
    )
    ur5 = ur5.with_parameters(extras=[e.merged(rotor_inertia=0.05) for e in ur5.extras])
    a = np.diag(ur5.mass_matrix(np.array([0.0, -1.2, 1.2, 0.0, 1.2, 0.0])))
    study(
        "UR5 (example-robot-data)",
        ur5,
        np.array([0.0, -1.2, 1.2, 0.0, 1.2, 0.0]),
        1.0,
        [2, 2, 1.5, 0.4, 0.4, 0.3],
        [3, 3, 2, 0.4, 0.4, 0.2],
        0.1,
        ((a * 100.0).tolist(), (a * 20.0).tolist()),
        1.5,
        4.0,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
