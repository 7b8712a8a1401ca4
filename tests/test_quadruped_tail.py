"""The quadruped with a tail stands on four pinned feet and tracks the paper's pitch motion under
the four nodes, over DDS (issue 17, "In the stack" and the closed-loop acceptance).

config/systems/quadruped_tail_sim.yaml: hardware_interface (built-in plant, lockstep sim time,
1 kHz, semi-implicit Euler, the robot of config/mechanisms/quadruped_tail.yaml), the trajectory
generator (quintic spline through timed waypoints), the inverse-dynamics feed-forward (u_ff of the
14 motors by the model's actuation_solve, least norm; the trajectory carries Sᵀ(q_d) u_ff by
coordinate) and the feedback controller (the paper's Fig. 7: τ = τ_ff + Kp e + Kd ė, pd_feedforward,
Kp = A_jj(q0) ω², Kd = 2 A_jj(q0) ω, ω = 20 rad/s). The nominal run has the four nodes as
processes (the runner): this system over DDS. The 2 kHz and the +5 % mass runs, whose subject is
the law and the plant, have them composed (modyn_bringup.composed: one process, the same nodes and
topics, intra-process), which costs less than half the CPU; the last test runs the nominal
episode composed too and asserts it gives the separate run's states, commands and foot forces
exactly (measured: bit for bit).

The goal: the pitch motion of note §4.5, q_d(t) = [0.2, 0.3, 0.4, (π/36) sin(2πt/0.3), 0, 0, 0,
(π/18) sin(2πt/0.3 + π)] (the paper's φ_x and θ_tb, transcribed literally: note D3), sampled every
10 ms into one timed goal (modyn_bringup.timed_goal), its amplitude ramped in over the first two
periods and out over the last two (the quintic smoothstep), four full periods between: 2.4 s.
Without the ramp the motion would start at 1.83 rad/s on φ_x while the robot stands still; a
one-period ramp adds up to 2 e' A ω = 0.6 A ω² of acceleration of its own (e' ≤ 1.875/T_r).

Asserted, the measured values in the comments of each test (this machine):

* standing (the 1 s before the motion, under the controller's hold): q stays at q0, the four
  ``constraint_forces/foot<i>`` sum to (0, 0, m g) with m g = 37.0393 kg × 9.8067 = 363.233 N
  from the masses of Table 1, each λ_z > 0;
* the generator kept the sampled sinusoid: its plan = the ramped q_d(t) to 1e-4 rad;
* tracking with feed-forward + PD: RMS per coordinate, and the compensation τ_c = τ − τ_ff (the
  controller's τ = Sᵀ(q) u from its ``effort_command``, τ_ff the trajectory's) against τ_ff;
* the feet stay on the ground along the motion (λ_z > 0), with the friction the motion needs;
* with +5 % torso mass in the feed-forward's and the controller's model, τ_c does the work of
  the model error: on z it carries Δm g (the weight error, 13.2 N) and the tracking error is
  e_z = −Δm g / Kp_z.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("rclpy")

from modyn_bringup.episode import run_episode  # noqa: E402
from modyn_bringup.system import load_system, mechanism_description, share_directory  # noqa: E402
from modyn_bringup.timed_goal import envelope, sampled_goal, sine_motion  # noqa: E402
from modyn_control.messages import sampler_from_message  # noqa: E402
from modyn_model import load_model  # noqa: E402
from modyn_ros.topic_log import read_topic_log  # noqa: E402

pytestmark = pytest.mark.system

Q0 = [0.2, 0.3, 0.4, 0.0, 0.0, 0.0, 0.0, 0.0]
PERIOD = 0.3  # s, note §4.5
#: (coordinate, amplitude rad, period s, phase rad): φ_x and θ_tb of note §4.5
SINES = [(3, np.pi / 36.0, PERIOD, 0.0), (7, np.pi / 18.0, PERIOD, np.pi)]
RAMP = 2 * PERIOD  # two periods: the ramp's own acceleration 2 e' A ω stays below 0.3 A ω²
DURATION = 8 * PERIOD  # ramp in, four full periods, ramp out: 2.4 s
FEET = ("foot1", "foot2", "foot3", "foot4")
#: m g from Table 1: torso + 4 (thigh + shank) + tail, times g (note §5.1)
WEIGHT = (26.9078 + 4 * (0.9453 + 1.2289) + 1.4347) * 9.8067


def pitch_goal():
    return sampled_goal(sine_motion(Q0, SINES), Q0, DURATION, period=0.01, ramp=RAMP)


def _watch(runner, node, records) -> None:
    """on_running hook: a dead plant ends the run with its log."""
    if "hardware_interface" in runner.dead():
        raise AssertionError(runner.log_tail("hardware_interface", 40))


def _stamp(msg) -> float:
    s = msg.header.stamp
    return s.sec + s.nanosec * 1e-9


def _plant_messages(episode) -> dict:
    """effort_command (u, 14) as the plant received it, its actuator_states and
    constraint_forces/foot<i>, every message: from the plant's own topic log (a subscription in
    this process kept 1586 of 3751 commands with a second test suite running beside it)."""
    got = read_topic_log(
        episode.topic_log,
        ["effort_command", "actuator_states", *(f"constraint_forces/{f}" for f in FEET)],
    )
    forces = {
        f: [
            (_stamp(m), m.wrench.force.x, m.wrench.force.y, m.wrench.force.z)
            for m in got.get(f"/constraint_forces/{f}", [])
        ]
        for f in FEET
    }
    u = [(_stamp(m), list(m.effort)) for m in got["/effort_command"]]
    return {"u": u, "actuators": got["/actuator_states"], "forces": forces}


@dataclasses.dataclass
class Run:
    """One recorded pitch-motion episode, analysed."""

    episode: object
    t: np.ndarray  # plant times of the commands (s)
    q: np.ndarray  # measured q at those times
    q_d: np.ndarray  # the controller's reference (the recorded trajectory, its interpolation)
    v_d: np.ndarray
    tau: np.ndarray  # the controller's τ = Sᵀ(q) u (8)
    tau_ff: np.ndarray  # the trajectory's feed-forward (8)
    u: np.ndarray  # the 14 motor torques sent
    moving: np.ndarray  # inside the motion
    forces: dict  # foot -> (t, (n, 3))
    t0: float  # the motion's start (s)
    actuators: list  # actuator_states messages


def _run(spec, log_dir) -> Run:
    episode = run_episode(
        spec,
        [pitch_goal()],
        settle=0.3,
        timeout=900.0,
        on_running=_watch,
        log_dir=log_dir,
        topic_log=True,
    )
    state = _plant_messages(episode)
    model = load_model(spec.robot_description)
    (traj,) = episode.trajectories
    sampler = sampler_from_message(traj, episode.joint_names)
    t0 = traj.header.stamp.sec + traj.header.stamp.nanosec * 1e-9
    index = {round(t, 9): i for i, t in enumerate(episode.t)}
    rows = [(t, u, index.get(round(t, 9))) for t, u in state["u"]]
    rows = [r for r in rows if r[2] is not None]
    t = np.array([r[0] for r in rows])
    u = np.array([r[1] for r in rows])
    q = episode.q[[r[2] for r in rows]]
    q_d, v_d, tau_ff = np.zeros_like(q), np.zeros_like(q), np.zeros_like(q)
    moving = (t >= t0) & (t <= t0 + DURATION)
    for i in np.flatnonzero(moving):
        sample = sampler.sample(t[i])
        q_d[i], v_d[i], tau_ff[i] = sample[0], sample[1], sample[3]
    tau = np.einsum("nji,nj->ni", model.actuation_matrix(q), u)
    forces = {f: (np.array(v)[:, 0], np.array(v)[:, 1:4]) for f, v in state["forces"].items() if v}
    return Run(episode, t, q, q_d, v_d, tau, tau_ff, u, moving, forces, t0, state["actuators"])


def _save_for_docs(label: str, run) -> None:
    """Add a run to the data of docs/img/quadruped_tail_{closed_loop,grf}.png when
    MODYN_QTAIL_SAVE names a file (bench/quadruped_tail_plots.py draws them): the runs of this
    module (nominal over DDS, heavy composed: the same trajectories as over DDS, see
    test_composed_runs_the_pitch_motion_exactly_as_separate_processes) are the figures' source,
    so they are kept rather than run again."""
    import os

    path = os.environ.get("MODYN_QTAIL_SAVE")
    if not path:
        return
    path = Path(path)
    out = dict(np.load(path)) if path.is_file() else {}
    out.update(
        {
            f"{label}_t": run.t - run.t0,
            f"{label}_q": run.q,
            f"{label}_q_d": run.q_d,
            f"{label}_tau": run.tau,
            f"{label}_tau_ff": run.tau_ff,
            f"{label}_u": run.u,
            f"{label}_moving": run.moving,
        }
    )
    for foot, (t, f) in run.forces.items():
        out[f"{label}_{foot}_t"] = t - run.t0
        out[f"{label}_{foot}_f"] = f
    path.parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(path, **out)


@pytest.fixture(scope="module")
def spec():
    return load_system("quadruped_tail_sim")


@pytest.fixture(scope="module")
def nominal(spec, tmp_path_factory):
    """The four nodes as separate processes over DDS: this module's test of the system as
    deployed (and the only run whose feed-forward reports its plan on /diagnostics: composed,
    the lockstep loop leaves the process's timers no turn during the motion, see episode.py)."""
    run = _run(spec, tmp_path_factory.mktemp("nominal"))
    _save_for_docs("nominal", run)
    return run


@pytest.fixture(scope="module")
def nominal_composed(spec, tmp_path_factory):
    """The nominal episode with the four nodes composed in one process: the evidence that the
    composed runs below (fine, heavy) are what separate processes would give."""
    return _run(dataclasses.replace(spec, composed=True), tmp_path_factory.mktemp("composed"))


@pytest.fixture(scope="module")
def fine(tmp_path_factory):
    """The same system with the plant at 2 kHz (the controller answers every step). Composed
    (one process): its subject is the plant's step, and composed runs are exact (the last
    test). Measured: 30 CPU-s and 25 s wall against 61 CPU-s and 51 s as separate processes,
    max |Δq| = 0.0 between the two on all 7401 stamps."""
    spec = load_system("quadruped_tail_sim", ["hardware_interface.rate=2000.0"])
    return _run(dataclasses.replace(spec, composed=True), tmp_path_factory.mktemp("fine"))


@pytest.fixture(scope="module")
def heavy(spec, tmp_path_factory):
    """The feed-forward and the controller with +5 % torso mass (their own robot). Composed
    (one process): its subject is the law's answer to a model error, and composed runs are
    exact (the last test)."""
    text = mechanism_description(
        share_directory() / "config" / "mechanisms" / "quadruped_tail_heavy.yaml"
    )
    nodes = [
        dataclasses.replace(n, parameters={**n.parameters, "robot_description": text})
        if n.name in ("inverse_dynamics_feedforward", "feedback_controller")
        else n
        for n in spec.nodes
    ]
    run = _run(
        dataclasses.replace(spec, nodes=nodes, composed=True), tmp_path_factory.mktemp("heavy")
    )
    _save_for_docs("heavy", run)
    return run


def _periods(run: Run):
    """Masks of the first and the last full-amplitude period."""
    s = run.t - run.t0
    first = (s >= RAMP) & (s < RAMP + PERIOD)
    last = (s >= DURATION - RAMP - PERIOD) & (s < DURATION - RAMP)
    return first, last


def _rms(x, axis=0):
    return np.sqrt(np.mean(np.square(x), axis=axis))


def test_the_robot_stands_on_its_four_feet(nominal):
    """Before the motion (1 s under the controller's hold): q = q0 (measured 1.7e-17), the feet
    carry the weight: Σλ = (0, 0, 363.2333) N to 1e-3 N (measured 1.7e-13 N), each λ_z > 0 (at
    q0 with least-norm torques 77.7 to 103.9 N)."""
    run = nominal
    before = run.t < run.t0
    assert before.sum() > 500, before.sum()
    drift = np.abs(run.q[before] - Q0).max()
    print(f"\nstanding: max |q - q0| {drift:.3g} over {before.sum()} steps")
    assert drift < 1e-6, drift
    assert set(run.forces) == set(FEET)
    total = np.zeros(3)
    for foot in FEET:
        t, f = run.forces[foot]
        keep = t < run.t0
        assert keep.sum() > 50, (foot, keep.sum())
        assert np.all(f[keep, 2] > 0.0), foot
        total += f[keep][-1]
        print(f"{foot}: {np.round(f[keep][-1], 3)} N")
    print(f"feet sum {total} N, m g = {WEIGHT:.4f} N")
    np.testing.assert_allclose(total, [0.0, 0.0, WEIGHT], atol=1e-3)


def test_the_generator_keeps_the_sampled_sinusoid(nominal):
    """The controller's reference (the generator's spline through the 10 ms waypoints, sampled
    every 10 ms and interpolated by the controller) = the ramped q_d(t) to 1e-6 rad (measured
    7.5e-8 on θ_tb, 3.7e-8 on φ_x)."""
    run = nominal
    s = run.t[run.moving] - run.t0
    exact = sine_motion(Q0, SINES)(s)
    exact = Q0 + envelope(s, DURATION, RAMP)[:, None] * (exact - np.asarray(Q0))
    err = np.abs(run.q_d[run.moving] - exact)
    print(f"\nplan vs the ramped q_d(t): max {err.max(axis=0)}")
    assert err.max() < 1e-6, err.max(axis=0)


def _tracking(run: Run, label: str):
    m = run.moving
    e = run.q_d[m] - run.q[m]
    tau_c = run.tau[m] - run.tau_ff[m]
    first, last = _periods(run)
    c_first = _rms(np.linalg.norm(run.tau[first] - run.tau_ff[first], axis=1))
    c_last = _rms(np.linalg.norm(run.tau[last] - run.tau_ff[last], axis=1))
    print(
        f"\n{label}: tracking RMS {np.array2string(_rms(e), precision=3)}, max "
        f"{np.array2string(np.abs(e).max(axis=0), precision=3)}, mean "
        f"{np.array2string(e.mean(axis=0), precision=3)}\n"
        f"tau_c RMS {np.array2string(_rms(tau_c), precision=3)}, mean "
        f"{np.array2string(tau_c.mean(axis=0), precision=3)}\ntau_ff RMS "
        f"{np.array2string(_rms(run.tau_ff[m]), precision=3)}\n|tau_c| RMS first full period "
        f"{c_first:.4g}, last {c_last:.4g}; peak |u| {np.abs(run.u[m]).max():.4g} N m; "
        f"{run.episode.steps_per_second:.0f} steps/s"
    )
    return e, tau_c, c_first, c_last


def test_the_pitch_motion_is_tracked_with_feedforward_and_pd(nominal):
    """Exact model in the feed-forward and the controller. Measured: max |e| 1.35e-3 rad (θ_tb),
    6.6e-4 rad (φ_x), < 2.2e-5 m on the position; τ_c RMS 0.46 N·m on φ_x and 0.20 N·m on θ_tb
    against τ_ff RMS 55.5 and 23.6 N·m (0.8 to 0.9 %); the peak motor torque 46.0 N·m (least
    norm, the 150 N·m limit far); |τ_c| RMS 0.956 N·m in the first full period, 0.963 in the
    last. What remains is the plant's discretization (semi-implicit Euler, the
    command held over each 1 ms step: O(dt), see the 2 kHz test), periodic: the first and the
    last full period need the same τ_c (to 5 %), nothing accumulates — the open-loop drift the
    paper saw (Fig. 8) does not appear, as note §5.5's round trip predicts."""
    e, tau_c, c_first, c_last = _tracking(nominal, "nominal")
    assert np.abs(e).max() < 3e-3, np.abs(e).max(axis=0)
    assert np.abs(e[:, :3]).max() < 1e-4, np.abs(e[:, :3]).max(axis=0)
    ff = _rms(nominal.tau_ff[nominal.moving])
    for j in (3, 7):  # the driven coordinates
        assert _rms(tau_c[:, j]) < 0.02 * ff[j], (j, _rms(tau_c[:, j]), ff[j])
    assert abs(c_last / c_first - 1.0) < 0.05, (c_first, c_last)
    assert np.abs(nominal.u).max() < 100.0
    # the feed-forward node's report of its plan: the peak |u_ff| of the 14 motors (least norm)
    # = the model's actuation_solve along the controller's reference, to the sampling (1 %)
    ff = [v for v in nominal.episode.diagnostics.values() if "last_peak_actuator_effort" in v]
    assert ff, list(nominal.episode.diagnostics)
    model = load_model(load_system("quadruped_tail_sim").robot_description)
    m = nominal.moving
    u_ff = model.actuation_solve(nominal.q_d[m], nominal.tau_ff[m])
    reported = float(ff[0]["last_peak_actuator_effort"])
    print(f"feed-forward peak |u_ff| {reported} N m ({ff[0]['last_peak_actuator']}), "
          f"along the reference {np.abs(u_ff).max():.6g} N m")  # fmt: skip
    assert abs(reported / np.abs(u_ff).max() - 1.0) < 0.01


def test_the_compensation_falls_with_the_plant_step(nominal, fine):
    """The τ_c of the exact model is the discretization's: halving the plant's step (2 kHz, the
    controller answering every step) halves it, and the tracking error with it (O(dt) of a
    first-order integrator with the command held over the step). Measured (2 kHz / 1 kHz):
    |τ_c| RMS 0.547 (0.521 against 0.956 N·m), max |e| 0.395 (5.4e-4 against 1.35e-3 rad);
    asserted within [0.3, 0.7] (O(dt): 0.5)."""
    _, c1, *_ = _tracking(nominal, "1 kHz")
    e2, c2, *_ = _tracking(fine, "2 kHz")
    e1 = nominal.q_d[nominal.moving] - nominal.q[nominal.moving]
    r_c = _rms(np.linalg.norm(c2, axis=1)) / _rms(np.linalg.norm(c1, axis=1))
    r_e = np.abs(e2).max() / np.abs(e1).max()
    print(f"2 kHz / 1 kHz: |tau_c| RMS ratio {r_c:.3f}, max |e| ratio {r_e:.3f}")
    assert 0.3 < r_c < 0.7, r_c
    assert 0.3 < r_e < 0.7, r_e


def test_actuator_states_and_joint_states_effort(nominal):
    """actuator_states: the 14 motors by name, their angles = the model's actuator_state (the
    leg IK, the tail angles) and rates = S q̇ of the joint_states of the same stamp (to 1e-12),
    their efforts = the controller's effort_command of the previous stamp (the torque applied
    over the last step); joint_states' effort = Sᵀ(q) u of that torque (8 generalized forces,
    modyn_model.contract.coordinate_effort "tau"), to 1e-9."""
    run, ep = nominal, nominal.episode
    model = load_model(load_system("quadruped_tail_sim").robot_description)
    index = {round(t, 9): i for i, t in enumerate(ep.t)}
    commands = {round(t, 9): u for t, u in zip(run.t, run.u, strict=True)}
    checked = 0
    for msg in nominal.actuators:
        t = msg.header.stamp.sec + msg.header.stamp.nanosec * 1e-9
        i = index.get(round(t, 9))
        u = commands.get(round(t - 0.001, 9))
        if i is None or u is None:
            continue
        assert list(msg.name) == list(model.actuator_names)
        pos, vel = model.actuator_state(ep.q[i], ep.v[i])
        np.testing.assert_allclose(msg.position, pos, rtol=0, atol=1e-12)
        np.testing.assert_allclose(msg.velocity, vel, rtol=0, atol=1e-12)
        np.testing.assert_allclose(msg.effort, u, rtol=0, atol=1e-12)
        np.testing.assert_allclose(
            ep.effort[i], model.generalized_forces(ep.q[i], u), rtol=0, atol=1e-9
        )
        checked += 1
    print(f"\nactuator_states checked at {checked} stamps")
    assert checked > 2000, checked
    # standing at q0: the motor angles of note §5.2's IK table (θ_ha, θ_hb, interior θ_k per
    # leg, to its 5 printed decimals), the tail at zero
    first = np.asarray(nominal.actuators[0].position)
    note = [
        [0.074860, -0.97699, 1.48458],
        [-0.074860, -0.83855, 1.46449],
        [-0.074860, -0.83855, 1.46449],
        [0.074860, -0.68003, 1.48458],
    ]
    np.testing.assert_allclose(first[:12], np.ravel(note), rtol=0, atol=6e-6)
    np.testing.assert_array_equal(first[12:], [0.0, 0.0])


def test_the_plant_reports_the_feet_forces_of_the_motion(nominal):
    """constraint_forces/foot<i> along the motion (100 Hz):

    * are the model's ``constraint_forces(q, v, Sᵀu)`` at the published state of the same stamp
      (``joint_states``: q, v and the applied generalized forces) to 1e-6 N: the right state,
      stamp, foot and axes on the wire;
    * are close to the same forces at the desired state under τ_ff (what the motion itself
      needs): within 3 N (measured 2.0 N on foot1, the work of τ_c and the tracking error).

    The paper's pitch motion with least-norm motors makes foot1 pull on the ground at the peak
    acceleration (λ_z = −13.96 N offline, t = 0.075 s of each period, docs/quadruped_tail.md):
    the pinned-feet assumption breaks there, as the contact checks say. Asserted: foot1's λ_z
    below −10 N in the full-amplitude periods (measured −14.05 N), foot2 always pressed (> 50 N,
    measured ≥ 72.7 N)."""
    run = nominal
    ep = run.episode
    model = load_model(load_system("quadruped_tail_sim").robot_description)
    worst_wire = worst_desired = 0.0
    for foot in FEET:
        t, f = run.forces[foot]
        keep = (t >= run.t0 + RAMP) & (t < run.t0 + DURATION - RAMP)
        assert keep.sum() > 100, (foot, keep.sum())
        k = np.searchsorted(ep.t, t[keep])  # joint_states of the same stamp
        assert np.allclose(ep.t[k], t[keep], rtol=0, atol=1e-9)
        wire = np.array([model.constraint_forces(ep.q[i], ep.v[i], ep.effort[i])[foot] for i in k])
        idx = np.searchsorted(run.t, t[keep])  # the controller's reference at that stamp
        assert np.allclose(run.t[idx], t[keep], rtol=0, atol=1e-9)
        desired = np.array(
            [model.constraint_forces(run.q_d[i], run.v_d[i], run.tau_ff[i])[foot] for i in idx]
        )
        d_wire = np.abs(f[keep] - wire).max()
        d_desired = np.abs(f[keep] - desired).max()
        worst_wire, worst_desired = max(worst_wire, d_wire), max(worst_desired, d_desired)
        pressed = f[keep, 2] > 0
        need = np.linalg.norm(f[keep, :2], axis=1)[pressed] / f[keep, 2][pressed]
        print(
            f"\n{foot}: lambda_z in [{f[keep, 2].min():.2f}, {f[keep, 2].max():.2f}] N; vs the "
            f"published state {d_wire:.3g} N, vs the desired one {d_desired:.3g} N; friction "
            f"needed (pressed samples) max {need.max():.3f}"
        )
    assert worst_wire < 1e-6, worst_wire
    assert worst_desired < 3.0, worst_desired
    full = {}
    for foot in ("foot1", "foot2"):
        t, f = run.forces[foot]
        full[foot] = f[(t >= run.t0 + RAMP) & (t < run.t0 + DURATION - RAMP), 2]
    assert full["foot1"].min() < -10.0
    assert full["foot2"].min() > 50.0


def test_a_torso_mass_error_is_taken_by_the_compensation(nominal, heavy):
    """+5 % torso mass (28.25319 kg for 26.9078 kg, Δm = 1.34539 kg) in the feed-forward and the
    controller: τ_ff carries Δm g = 13.194 N too much on z, so τ_c carries −Δm g on z (mean,
    asserted to 2 %) and the torso sits e_z = −Δm g / Kp_z = −1.0453 mm off (mean, asserted to
    5 %); the driven coordinates track as with the exact model (RMS within 10 %). Measured:
    τ_c,z mean −13.20 N, e_z mean −1.046 mm, φ_x and θ_tb RMS as the exact model's to < 1 %."""
    e, tau_c, *_ = _tracking(heavy, "heavy")
    e0 = nominal.q_d[nominal.moving] - nominal.q[nominal.moving]
    dm = 0.05 * 26.9078
    kp_z = load_system("quadruped_tail_sim").node("feedback_controller").parameters["kp"][2]
    expected = -dm * 9.8067 / kp_z
    print(f"expected e_z {expected:.5g} m, tau_c,z {-dm * 9.8067:.5g} N")
    assert abs(tau_c[:, 2].mean() / (-dm * 9.8067) - 1.0) < 0.02, tau_c[:, 2].mean()
    assert abs(e[:, 2].mean() / expected - 1.0) < 0.05, e[:, 2].mean()
    for j in (3, 7):
        assert abs(_rms(e[:, j]) / _rms(e0[:, j]) - 1.0) < 0.1, (j, _rms(e[:, j]), _rms(e0[:, j]))


def test_composed_runs_the_pitch_motion_exactly_as_separate_processes(nominal, nominal_composed):
    """The same system and goal, the four nodes composed in one process instead of four: the
    lockstep loop gives the same states (q and the applied generalized forces), the same motor
    commands, the same plan and the same foot forces, to rounding (the reference: rx90 in
    tests/test_composed.py). This is what lets the 2 kHz and the heavy runs be composed.
    Measured: max |Δq| = max |Δτ| = 0.0 on all 3701 stamps, max |Δu| = 0.0 on 3697; the
    composed episode took 21.5 CPU-s and 15.7 s wall against 46.3 CPU-s and 44.5 s."""
    sep, comp = nominal.episode, nominal_composed.episode
    # composed, the loop's two topics went from node to node by reference (intra-process)
    assert comp.diagnostics["hardware_interface"]["state_intra_process"] == "True"
    assert comp.diagnostics["feedback_controller"]["command_intra_process"] == "True"
    assert sep.diagnostics["hardware_interface"]["state_intra_process"] == "False"
    assert comp.t_first_goal == sep.t_first_goal
    # the states: hardware_interface's own state_log, every stamp once, in both runs; compared
    # on the stamps both have, which must cover the standing and every quarter of the motion
    common, i, j = np.intersect1d(np.round(sep.t, 9), np.round(comp.t, 9), return_indices=True)
    print(f"\n{len(common)} common states ({len(sep.t)} separate, {len(comp.t)} composed)")
    assert len(common) > 3000, (len(common), len(sep.t), len(comp.t))
    assert np.count_nonzero(common < sep.t_first_goal) > 500
    quarters = np.linspace(sep.t_first_goal, sep.t_first_goal + DURATION, 5)
    per_quarter = np.histogram(common, quarters)[0]
    assert np.all(per_quarter > 400), per_quarter
    dq = np.abs(comp.q[j] - sep.q[i]).max()
    print(f"max |dq| {dq}, max |d effort| {np.abs(comp.effort[j] - sep.effort[i]).max()}")
    assert dq <= 1e-12, dq
    np.testing.assert_allclose(comp.v[j], sep.v[i], rtol=0, atol=1e-12)
    np.testing.assert_allclose(comp.effort[j], sep.effort[i], rtol=0, atol=1e-9)
    # the controller's commands (effort_command, recorded over DDS by this process) and the
    # plan it followed, on the stamps both recordings have
    common, i, j = np.intersect1d(
        np.round(nominal.t, 9), np.round(nominal_composed.t, 9), return_indices=True
    )
    assert len(common) > 3000, (len(common), len(nominal.t), len(nominal_composed.t))
    assert np.count_nonzero(nominal.moving[i]) > 2000
    np.testing.assert_array_equal(nominal_composed.moving[j], nominal.moving[i])
    print(f"max |du| {np.abs(nominal_composed.u[j] - nominal.u[i]).max()} on {len(common)}")
    np.testing.assert_allclose(nominal_composed.u[j], nominal.u[i], rtol=0, atol=1e-9)
    np.testing.assert_allclose(nominal_composed.q_d[j], nominal.q_d[i], rtol=0, atol=1e-12)
    np.testing.assert_allclose(nominal_composed.tau_ff[j], nominal.tau_ff[i], rtol=0, atol=1e-9)
    # the foot forces the plant published (100 Hz)
    assert set(nominal_composed.forces) == set(FEET)
    for foot in FEET:
        (ts, fs), (tc, fc) = nominal.forces[foot], nominal_composed.forces[foot]
        common, i, j = np.intersect1d(np.round(ts, 9), np.round(tc, 9), return_indices=True)
        assert len(common) > 300, (foot, len(common), len(ts), len(tc))
        np.testing.assert_allclose(fc[j], fs[i], rtol=0, atol=1e-9, err_msg=foot)
