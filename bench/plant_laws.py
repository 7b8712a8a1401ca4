"""Every control law on each plant, in closed loop without DDS: the law table of docs/plants.md.

The loop is the ``rx90_sim`` / ``rx90_mujoco`` system with the processes taken out: what the
trajectory generator plans for each goal (quintic, the system's velocity and acceleration limits,
sampled every 10 ms, the next goal starting 0.5 s after the previous motion ends, the first at
1 s), the feed-forward node's τ_ff (the model's inverse dynamics with friction), and the
feedback_controller's tick (:func:`closed_loop`): the law while a trajectory runs, PD + gravity
(the system's ``kp``, ``kd``) before, between and after, the law warm-started from that hold when
a motion begins (:class:`modyn_control.law_base.LawSwitch`), the torque computed from the state
at t_k applied over [t_k, t_k+1] (lockstep). Run on the same plant, this loop and the four
processes give the same trajectory (tests/test_laws_on_mujoco.py compares them).

Gains, one bandwidth ω_n = 10 rad/s, ζ = 1 for every law (docs/control.md's gain design):
``pd_feedforward`` and ``pd_gravity`` the system's ``kp``, ``kd`` (a_j ω², 2 a_j ω on the
decoupled model); ``pid`` the triple pole at −ω [9.10]; the computed-torque laws K_p = ω²,
K_d = 2ω; ``task_pid`` K = Λ_ii ω², 2 Λ_ii ω with Λ = (J A⁻¹ Jᵀ)⁻¹ at the start pose. Every
controller has the model the plant runs (friction included).

``python bench/plant_laws.py`` prints the table (about 1 min).
"""

from __future__ import annotations

import argparse
import dataclasses
import time
from dataclasses import dataclass

import numpy as np

from modyn_bringup.demo import DEMO_GOALS
from modyn_bringup.system import load_system
from modyn_control.gains import decoupled_inertia, pid_triple_pole_gains
from modyn_control.hold import HoldLaw
from modyn_control.law_base import HoldHandOver, LawSwitch, Reference
from modyn_control.law_catalog import LAW_NAMES, LawSettings, make_law
from modyn_control.laws import gains
from modyn_hardware.mujoco_plant import MujocoPlant
from modyn_hardware.simulated import SimulatedPlant
from modyn_model import RobotModel
from modyn_trajectory.planner import plan_joint_motion
from modyn_trajectory.quintic import sample_times
from modyn_trajectory.sampler import TrajectorySampler

__all__ = [
    "Setup",
    "Run",
    "setup",
    "law_settings",
    "plan_goals",
    "closed_loop",
    "make_plant",
    "errors",
]

TIP = "tool0"
PLANTS = ("simulated", "mujoco")
INTEGRATORS = ("semi_implicit_euler", "rk4")


@dataclass
class Setup:
    """A system's robot and controller settings (read from its YAML file)."""

    model: RobotModel
    xml: str
    q0: np.ndarray
    v_max: np.ndarray
    a_max: np.ndarray
    kp: np.ndarray
    kd: np.ndarray
    omega: float
    zeta: float
    sample_period: float
    dt: float


@dataclass
class Run:
    """One closed-loop run: per tick k (time t_k) the state, the command and the reference."""

    t: np.ndarray
    q: np.ndarray
    v: np.ndarray
    tau: np.ndarray
    q_d: np.ndarray  # desired position while moving, the hold pose otherwise
    moving: np.ndarray  # a trajectory was being followed at t_k


def setup(system: str = "rx90_sim") -> Setup:
    """The robot, the start pose and the gains of ``system`` (its YAML file)."""
    spec = load_system(system)
    model = RobotModel.from_urdf(spec.robot_description, extras=spec.model_extras or None)
    hw = spec.node("hardware_interface").parameters
    gen = spec.node("trajectory_generator").parameters
    fb = spec.node("feedback_controller").parameters
    n = model.n

    def per_joint(values, default):
        arr = np.asarray(values if values is not None else default, dtype=float).reshape(-1)
        return np.broadcast_to(arr, (n,)).copy()

    return Setup(
        model=model,
        xml=spec.robot_description,
        q0=per_joint(hw.get("initial_positions"), 0.0),
        v_max=per_joint(gen.get("max_velocity"), 2.0),
        a_max=per_joint(gen.get("max_acceleration"), 5.0),
        kp=per_joint(fb.get("kp"), 400.0),
        kd=per_joint(fb.get("kd"), 40.0),
        omega=float(np.ravel(fb.get("omega", 10.0))[0]),
        zeta=float(np.ravel(fb.get("zeta", 1.0))[0]),
        sample_period=float(gen.get("sample_period", 0.01)),
        dt=1.0 / float(hw.get("rate", 1000.0)),
    )


def law_settings(s: Setup) -> dict[str, LawSettings]:
    """The settings of every law at the system's bandwidth (the module docstring)."""
    model, omega, zeta = s.model, s.omega, s.zeta
    a = decoupled_inertia(model)
    pid_kp, pid_kd, pid_ki = pid_triple_pole_gains(a, omega)
    jac = model.jacobian(s.q0, TIP)
    lam = np.diag(np.linalg.inv(jac @ np.linalg.solve(model.mass_matrix(s.q0), jac.T)))
    base = dict(kp=s.kp.tolist(), kd=s.kd.tolist(), omega=[omega], zeta=[zeta], task_frame=TIP)
    out = {name: LawSettings(**base) for name in LAW_NAMES}
    out["pid"] = LawSettings(
        **{**base, "kp": pid_kp.tolist(), "kd": pid_kd.tolist()}, ki=pid_ki.tolist()
    )
    out["task_pid"] = LawSettings(
        **base, task_kp=(lam * omega**2).tolist(), task_kd=(2 * zeta * lam * omega).tolist()
    )
    return out


def plan_goals(
    s: Setup, goals, start: float = 1.0, lead: float = 0.5
) -> tuple[list[TrajectorySampler], float]:
    """The generator's trajectories (with the feed-forward's τ_ff) for ``goals``, one after the
    other as modyn_bringup.episode sends them; (samplers, end of the last motion)."""
    model, q_from, t0 = s.model, s.q0.copy(), start
    samplers = []
    for goal in goals:
        plan = plan_joint_motion(
            "quintic", q_from, np.asarray(goal, dtype=float)[None], v_max=s.v_max, a_max=s.a_max
        )
        times = sample_times(plan, s.sample_period)
        q, v, a = plan.sample(times)
        effort = model.inverse_dynamics(q, v, a, friction=True)
        samplers.append(TrajectorySampler(times, t0, q, v, a, effort))
        q_from = q[-1].copy()
        t0 = samplers[-1].end + lead
    return samplers, samplers[-1].end


def closed_loop(s: Setup, plant, law, samplers, t_end: float) -> Run:
    """The feedback_controller's tick against ``plant`` from ``s.q0`` at rest until ``t_end``:
    the law while a trajectory runs, the hold (HoldLaw) otherwise, the bumpless hand-over to it
    (HoldHandOver, the law evaluated once more at its last reference) as the node does it."""
    model, n, dt = s.model, s.model.nv, s.dt
    plant.reset(s.q0)
    switch = LawSwitch(law, 0.1)
    hand_over = HoldHandOver(n, 0.1)
    hold = HoldLaw(model, gains(s.kp, n, "kp"), gains(s.kd, n, "kd"))
    steps = int(round(t_end / dt)) + 1
    out = Run(*(np.zeros((steps, n)) for _ in range(5)), moving=np.zeros(steps, dtype=bool))
    out.t = np.arange(steps) * dt
    tau, law_tau = np.zeros(n), np.zeros(n)
    hold.capture(s.q0)
    current, followed, t_law, ref = 0, False, 0.0, None
    for k in range(steps):
        t = out.t[k]
        state = plant.read()
        q, v = state.position, state.velocity
        while current < len(samplers) and t > samplers[current].end:
            hold.capture(samplers[current].end_state()[0])  # ended: hold its last point
            current += 1
        sampler = samplers[current] if current < len(samplers) else None
        if sampler is not None and t >= sampler.begin:
            ref = Reference(*sampler.sample(t))
            switch.step(t, q, v, ref, tau)
            out.q_d[k], out.moving[k] = ref.q, True
            followed, t_law = True, t
        else:
            if followed and hand_over.fades(t, t_law):  # the law once more, at its last ref
                switch.step(t, q, v, ref, law_tau)
                hand_over.start(t, law_tau)
            elif followed:
                hand_over.cancel()
            followed = False
            np.copyto(tau, hold.generalized(q, v))
            hand_over.apply(t, tau)
            switch.interrupt(tau, t)
            out.q_d[k] = hold.q_hold
        out.q[k], out.v[k], out.tau[k] = q, v, tau
        plant.write(tau)
        plant.step(dt)
    return out


def make_plant(s: Setup, plant: str, integrator: str):
    if plant == "simulated":
        return SimulatedPlant(s.model, integrator, s.q0)
    return MujocoPlant(s.model, s.xml, integrator, s.q0)


def errors(s: Setup, run: Run) -> dict:
    """RMS and max |q_d − q| per joint while moving (rad); the tip's largest distance from its
    desired position (m)."""
    e = run.q_d[run.moving] - run.q[run.moving]
    tip = s.model.frame_placement(run.q[run.moving], TIP)[:, :3, 3]
    tip_d = s.model.frame_placement(run.q_d[run.moving], TIP)[:, :3, 3]
    return {
        "rms": np.sqrt(np.mean(e**2, axis=0)),
        "max": np.max(np.abs(e), axis=0),
        "tip_max": float(np.max(np.linalg.norm(tip - tip_d, axis=1))),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--system", default="rx90_sim")
    parser.add_argument("--laws", nargs="+", default=list(LAW_NAMES))
    parser.add_argument("--integrators", nargs="+", default=list(INTEGRATORS))
    args = parser.parse_args()
    s = setup(args.system)
    settings = law_settings(s)
    samplers, end = plan_goals(s, [g.waypoints[-1] for g in DEMO_GOALS])
    for integrator in args.integrators:
        print(f"\n{args.system}, integrator {integrator}: error while moving (all joints)\n")
        head = "| law |" + "".join(
            f" {p} RMS (rad) | {p} max (rad) | {p} tip max (mm) |" for p in PLANTS
        )
        print(head)
        print("|---|" + "---:|" * (3 * len(PLANTS)))
        # the laws as the node runs them, then computed torque with Ĥ's friction at the measured
        # q̇ ([9.22] as written, the node's behaviour before issue 11)
        rows = [(name, settings[name], name) for name in args.laws]
        if "computed_torque" in args.laws:
            before = dataclasses.replace(settings["computed_torque"], friction_velocity="measured")
            rows.append(("computed_torque", before, "computed_torque, Γf(q̇)"))
        for name, law_settings_, label in rows:
            row, took = f"| {label} |", []
            for p in PLANTS:
                law = make_law(name, s.model, law_settings_)
                t0 = time.perf_counter()
                err = errors(
                    s, closed_loop(s, make_plant(s, p, integrator), law, samplers, end + 0.5)
                )
                took.append(time.perf_counter() - t0)
                rms = float(np.sqrt(np.mean(err["rms"] ** 2)))
                row += f" {rms:.2e} | {err['max'].max():.2e} | {err['tip_max'] * 1e3:.3g} |"
            print(row + f"  <!-- {', '.join(f'{x:.1f} s' for x in took)} -->", flush=True)


if __name__ == "__main__":
    main()
