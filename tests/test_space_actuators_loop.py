"""The free-flying iiwa's VSCMGs in the DDS loop (issue 18, item 1): space_iiwa_vscmg_sim.

The built-in plant integrates base + arm + the CMG states (gimbal angle γ and rate γ̇ through the
20 ms gimbal-rate servo, wheel speed Ω; the model's ``actuator_dynamics``,
:class:`modyn_model.mechanisms.space.base_allocation.VSCMGDynamics`) and publishes them on
``actuator_states``; the feedback controller's ``actuation_solve`` runs the allocation chain
(49) → (48) → (42) at the published gimbal state and sends thrusts and gimbal-rate / wheel-
acceleration commands. Checked here:

* library: the plant's total angular momentum R (A v)_ω + R h + p × L (system + wheels; A v the
  floating model's generalized momentum, base axes) is conserved to second order in dt under
  gimbal and wheel commands (a reference nobody here wrote: momentum conservation of a free
  system), and the published channels are the plant's states;
* over DDS, one Viviani figure-eight (4π s, smooth start 0.5 s): the gimbal angles, rates and
  wheel speeds are published at every step, consistent (γ = ∫γ̇ by the trapezoidal rule), and
  within their limits throughout with margins (justified at each bound); thrusts within
  [0, 5] N; the base held and the EE on the curve;
* a CMG cluster started ON its singular set (γ = (90°, 0, 90°, 0): m = det(Ĉ Ĉᵀ) = 0, the
  cluster's momentum 20.1 N m s along z, the saturation singularity) together with thrusters
  limited to 0.2 N (the arm's reaction needs ~1 N): the controller logs both diagnostics
  ("near the singular set", "beyond the thruster cluster") and reports them on /diagnostics;
  the commands stay within their limits, nothing is NaN, no fault, and the base drift stays
  bounded (the wheels, weighted in near the singular set, take over the torque).
"""

from __future__ import annotations

import importlib.metadata
import math
import time
from pathlib import Path

import numpy as np
import pytest
import yaml

pytest.importorskip("rclpy")

import rclpy  # noqa: E402
from builtin_interfaces.msg import Duration, Time  # noqa: E402
from diagnostic_msgs.msg import DiagnosticArray, DiagnosticStatus  # noqa: E402
from nav_msgs.msg import Odometry  # noqa: E402
from rclpy.executors import SingleThreadedExecutor  # noqa: E402
from rclpy.node import Node  # noqa: E402
from rclpy.parameter import Parameter  # noqa: E402
from trajectory_msgs.msg import JointTrajectory, JointTrajectoryPoint  # noqa: E402

from modyn_bringup.runner import SystemRunner  # noqa: E402
from modyn_bringup.space_episode import viviani_joint_trajectory  # noqa: E402
from modyn_bringup.system import BringupError, load_system, share_directory  # noqa: E402
from modyn_hardware.simulated import SimulatedPlant  # noqa: E402
from modyn_model import load_model  # noqa: E402
from modyn_ros.qos import LATCHED_QOS, STATE_QOS, TRAJECTORY_QOS  # noqa: E402
from modyn_ros.topic_log import read_topic_log  # noqa: E402

SYSTEM = "space_iiwa_vscmg_sim"
DURATION = 4.0 * np.pi  # one figure-eight (s)
DEGRADED_DURATION = 1.5  # s of the curve's start for the degraded run (the reaction peaks there)
_NS = 1_000_000_000


def _scipy():
    try:
        importlib.metadata.distribution("scipy")
    except importlib.metadata.PackageNotFoundError:
        pytest.skip("scipy is needed by the thruster allocation")


def _rotation(q):
    w, x, y, z = q[3:7]
    return np.array([
        [1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y)],
        [2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)],
        [2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)],
    ])


# ------------------------------------------------------------------------------- library
def _momentum(model, plant):
    """World linear momentum L and angular momentum about the world origin (system + the
    CMGs' internal h)."""
    q, v = plant.read().position, plant.read().velocity
    pv = model.mass_matrix(q) @ v  # generalized momentum: base rows in base axes
    rot = _rotation(q)
    lin = rot @ pv[:3]
    ang = rot @ (pv[3:6] + model.actuator_dynamics.momentum(plant._x)) + np.cross(q[:3], lin)
    return lin, ang


def test_momentum_conserved_with_cmg_states():
    """Free system (no thrust, no joint torque) under gimbal-rate and wheel commands: the
    total momentum is conserved, the error second order in dt (the gyroscopic term at each
    Runge-Kutta stage; with ω held at the step's start it was first order: 8.4e-4 N m s at
    5 ms, measured)."""
    model = load_model(share_directory() / "config/mechanisms/space_iiwa_vscmg.yaml")
    dyn = model.actuator_dynamics
    q0 = model.neutral()
    q0[7:] = [0.0, 0.265, 0.0, -1.53, 0.0, 1.35, 0.0]
    errors = []
    for dt in (0.01, 0.005):
        plant = SimulatedPlant(model, "rk4", q0, friction=False)
        u = np.zeros(model.nu)
        u[dyn.index[:4]] = [0.03, -0.02, 0.01, 0.05]  # rad/s
        u[dyn.index[4:]] = [1.0, -1.0, 0.5, 0.0]  # rad/s²
        plant.write(u)
        lin0, ang0 = _momentum(model, plant)
        for _ in range(int(round(1.0 / dt))):
            plant.step(dt)
        lin1, ang1 = _momentum(model, plant)
        errors.append(float(np.abs(ang1 - ang0).max()))
        assert np.abs(lin1 - lin0).max() < 1e-9  # a couple: no linear momentum
        # the base turned (the exchange is real): |ω| ~ 1.7 rad/s after 1 s
        assert np.linalg.norm(plant.read().velocity[3:6]) > 1.0
        # the published channels are the plant's states
        pos, vel = plant.actuator_state()
        x = plant._x
        assert np.allclose(pos[dyn.index[:4]], x[:4]) and np.allclose(vel[dyn.index[:4]], x[4:8])
        assert np.allclose(vel[dyn.index[4:]], x[8:12]) and np.allclose(pos[dyn.index[4:]], x[12:])
        # the servo reached the commanded rates; the wheels integrated their accelerations
        assert np.allclose(x[4:8], u[dyn.index[:4]], atol=1e-9)
        assert np.allclose(x[8:12], 100.0 + u[dyn.index[4:]] * 1.0, atol=1e-9)
    print(f"\nangular momentum error over 1 s: dt 10 ms {errors[0]:.3e}, 5 ms {errors[1]:.3e} "
          "N m s")
    assert errors[1] < 2e-6
    assert 3.5 < errors[0] / errors[1] < 4.5  # second order


def test_allocation_chain_realises_the_wrench_and_rejects_bad_input():
    """eqs. (49) -> (48) -> (42) through the model's actuation_solve: the thrusters give the
    force, the steered gimbal rates the rest of the torque (−(G [γ̇; Ω̇] + w), B γ̈ neglected as
    in eq. (41)); the warm-started LP equals HiGHS (fuel) on a smooth sequence; a non-finite
    demand gives no NaN; a bad initial_gimbal_angles names the field."""
    from scipy.optimize import linprog

    from modyn_model import DescriptionError, StateError
    from modyn_model.mechanisms.space.base_allocation import ThrusterVSCMGActuators

    _scipy()
    model = load_model(share_directory() / "config/mechanisms/space_iiwa_vscmg.yaml")
    act = model.base_actuators[0]
    dyn = model.actuator_dynamics
    q = model.neutral()
    v = np.zeros(model.nv)
    v[3:6] = [0.01, -0.02, 0.005]
    pos, vel = np.zeros(model.nu), np.zeros(model.nu)
    pos[dyn.index[:4]] = [0.1, -0.2, 0.05, 0.3]
    vel[dyn.index[4:]] = [100.0, 99.0, 101.0, 100.5]
    thr = act.thrusters
    for k, s in enumerate(np.linspace(0.0, 2.0, 40)):
        tau = np.zeros(model.nv)
        tau[:6] = [0.8 * np.sin(s), 0.5 * np.cos(s), 0.3, 0.4 * np.sin(2 * s), -0.2, 0.3]
        u = model.actuation_solve(q, tau, v=v, actuator_state=(pos, vel), t=0.005 * k)
        sigma = u[7:19]
        assert model.actuation_status[0] == "ok", model.actuation_status
        assert np.allclose(thr.H[:3] @ sigma, tau[:3], atol=1e-9)
        lp = linprog(np.ones(12), A_eq=thr.H[:3], b_eq=tau[:3],
                     bounds=np.column_stack([thr.sigma_min, thr.sigma_max]), method="highs")
        assert abs(sigma.sum() - lp.fun) < 1e-9
        G, w = act.cmgs.steering_matrix(pos[dyn.index[:4]], vel[dyn.index[4:]], v[3:6])
        torque = -(G @ u[dyn.index] + w)
        # the damped (λ = 0.01 e^{-10 m}) inverse: realised to the damping's order
        assert np.allclose(torque, tau[3:6] - thr.H[3:] @ sigma, atol=1e-5)
    assert thr.warm_hits > 30  # the LP was skipped on most of the smooth sequence
    # a non-finite τ: the model names the coordinate; a non-finite actuator state reaching the
    # allocator: thrusters off, CMG commands zero (the servo brakes the gimbals), no NaN
    tau[:6] = np.nan
    with pytest.raises(StateError, match="floating_base.vx"):
        model.actuation_solve(q, tau, v=v, actuator_state=(pos, vel))
    bad = vel.copy()
    bad[dyn.index[5]] = np.inf
    ub = act.allocate_wrench(q, np.ones(6), v=v, actuator_state=(pos, bad))
    assert np.array_equal(ub, np.zeros(20)) and act.status == "invalid", act.message
    with pytest.raises(DescriptionError, match="initial_gimbal_angles"):
        ThrusterVSCMGActuators.from_mapping({"type": "thrusters_vscmg",
                                             "initial_gimbal_angles": [0.0, 1.0]})


# ------------------------------------------------------------------------------- DDS runs
def _stamp(t: float) -> Time:
    ns = int(round(t * _NS))
    return Time(sec=ns // _NS, nanosec=ns % _NS)


def _run(spec, duration: float, after: float, log_dir, timeout: float = 600.0) -> dict:
    """Run ``spec`` with the Viviani joint trajectory (``duration`` s, 5 ms knots, smooth start
    0.5 s) as :func:`modyn_bringup.space_episode.run_viviani_episode` does, recording base,
    joints, actuator states (positions, velocities, efforts) and the /diagnostics of the
    controller, until plant time ``duration + after``."""
    import dataclasses

    model = load_model(spec.robot_description)
    hw = next(n for n in spec.nodes if n.executable == "hardware_interface")
    q0 = np.asarray(hw.parameters["initial_positions"], dtype=float)
    joints = list(model.coordinate_names[7:])
    t_ref, p_ref, th, thd, thdd = viviani_joint_trajectory(
        model, q0, duration, 0.005, {"smooth_start": 0.5})
    # the plant writes every base_state, joint_states and actuator_states (its topic_log): a
    # subscription in this process kept 1880 of 2574 steps with a second suite beside it
    topic_log = Path(log_dir) / "hardware_interface.mcap"
    spec = dataclasses.replace(spec, nodes=[
        dataclasses.replace(n, parameters={**n.parameters, "wait_for_trajectory": True})
        if n.executable == "feedback_controller" else
        dataclasses.replace(n, parameters={**n.parameters, "topic_log": str(topic_log)})
        if n is hw else n for n in spec.nodes])
    runner = SystemRunner(spec, log_dir)
    context = rclpy.Context()
    rclpy.init(context=context)
    node = Node("space_actuators_loop_test", context=context,
                parameter_overrides=[Parameter("use_sim_time", value=True)])
    executor = SingleThreadedExecutor(context=context)
    executor.add_node(node)
    base, joint, act, faults, diags = {}, {}, {}, [], []
    last = [0.0]

    def key(stamp) -> int:
        return stamp.sec * _NS + stamp.nanosec

    def on_base(msg):
        p, o = msg.pose.pose.position, msg.pose.pose.orientation
        base[key(msg.header.stamp)] = (p.x, p.y, p.z, o.w, o.x, o.y, o.z)
        last[0] = key(msg.header.stamp) / _NS

    def on_joints(msg):
        index = {n: i for i, n in enumerate(msg.name)}
        joint[key(msg.header.stamp)] = [msg.position[index[n]] for n in joints]

    def on_actuators(msg):
        act[key(msg.header.stamp)] = (list(msg.name), list(msg.position), list(msg.velocity),
                                      list(msg.effort))

    def on_status(msg):
        if msg.level == DiagnosticStatus.ERROR:
            faults.append(msg.message)

    def on_diag(msg):
        for s in msg.status:
            if s.name == "feedback_controller":
                diags.append((s.level, s.message, {kv.key: kv.value for kv in s.values}))

    node.create_subscription(Odometry, "base_state", on_base, STATE_QOS)
    node.create_subscription(DiagnosticStatus, "hardware_status", on_status, LATCHED_QOS)
    node.create_subscription(DiagnosticArray, "/diagnostics", on_diag, 50)
    pub = node.create_publisher(JointTrajectory, "trajectory", TRAJECTORY_QOS)
    deadline = time.monotonic() + timeout

    def spin_until(cond, what):
        while not cond():
            executor.spin_once(timeout_sec=0.05)
            dead = runner.dead()
            if dead:
                name = next(iter(dead))
                raise BringupError(f"node '{name}' died waiting for {what}:\n"
                                   f"{runner.log_tail(name)}")
            if time.monotonic() > deadline:
                raise BringupError(f"timed out waiting for {what} (logs {runner.log_dir})")

    controllers = tuple(n.name for n in spec.nodes if n.executable == "feedback_controller")
    try:
        runner.start(skip=controllers)
        spin_until(lambda: len(base) > 0, "the first base_state")
        runner.start()
        spin_until(lambda: pub.get_subscription_count() > 0, "the controller")
        msg = JointTrajectory()
        msg.header.stamp = _stamp(0.0)
        msg.joint_names = joints
        for k, tk in enumerate(t_ref):
            pt = JointTrajectoryPoint()
            pt.positions, pt.velocities = th[k].tolist(), thd[k].tolist()
            pt.accelerations = thdd[k].tolist()
            ns = int(round(tk * _NS))
            pt.time_from_start = Duration(sec=ns // _NS, nanosec=ns % _NS)
            msg.points.append(pt)
        pub.publish(msg)
        spin_until(lambda: last[0] >= duration + after, f"plant time {duration + after} s")
        # one more /diagnostics period (wall clock, 1 s) for the controller's last report
        end = time.monotonic() + 1.2
        spin_until(lambda: time.monotonic() > end, "the last /diagnostics")
    finally:
        executor.remove_node(node)
        node.destroy_node()
        rclpy.shutdown(context=context)
        runner.stop()
    # the record: every message the plant wrote (the subscription above only followed it)
    logged = read_topic_log(topic_log, ["base_state", "joint_states", "actuator_states"])
    base.clear()
    for m in logged["/base_state"]:
        on_base(m)
    for m in logged["/joint_states"]:
        on_joints(m)
    for m in logged["/actuator_states"]:
        on_actuators(m)
    stamps = sorted(set(base) & set(joint) & set(act))
    names = act[stamps[0]][0]
    return {
        "model": model, "names": names,
        "t": np.array(stamps, dtype=float) / _NS,
        "q": np.hstack([np.array([base[k] for k in stamps]),
                        np.array([joint[k] for k in stamps])]),
        "pos": np.array([act[k][1] for k in stamps]),
        "vel": np.array([act[k][2] for k in stamps]),
        "u": np.array([act[k][3] for k in stamps]),
        "ref_t": t_ref, "ref_p": p_ref, "faults": faults, "diags": diags,
        "controller_log": (Path(runner.log_dir) / "feedback_controller.log").read_text(
            errors="replace"),
    }


def _channels(names, suffix):
    return [i for i, n in enumerate(names) if n.endswith(suffix)]


def _base_error(q):
    dp = np.linalg.norm(q[:, :3], axis=1)
    quat = q[:, 3:7] * np.sign(q[:, 3:4])
    return dp, 2.0 * np.arctan2(np.linalg.norm(quat[:, 1:], axis=1), quat[:, 0])


@pytest.fixture(scope="module")
def nominal(tmp_path_factory):
    _scipy()
    return _run(load_system(SYSTEM), DURATION, 0.3, tmp_path_factory.mktemp("vscmg_nominal"))


@pytest.mark.system
def test_cmg_states_published_and_within_limits(nominal):
    ep = nominal
    model, names = ep["model"], ep["names"]
    assert not ep["faults"], ep["faults"]
    assert names == list(model.actuator_names)
    assert len(ep["t"]) >= 0.95 * (DURATION + 0.3) / 0.005, len(ep["t"])
    for k in ("pos", "vel", "u"):
        assert np.isfinite(ep[k]).all()
    g, w = _channels(names, "_gimbal"), _channels(names, "_wheel")
    thr = [i for i, n in enumerate(names) if n.startswith("thruster_")]
    assert len(g) == 4 and len(w) == 4 and len(thr) == 12
    dyn = model.actuator_dynamics
    cm = dyn.cmgs
    gamma, gamma_dot, omega = ep["pos"][:, g], ep["vel"][:, g], ep["vel"][:, w]
    cmd_rate, cmd_wheel, sigma = ep["u"][:, g], ep["u"][:, w], ep["u"][:, thr]
    t = ep["t"]
    # the published angle is the integral of the published rate (trapezoid over 5 ms; the
    # servo's γ̈ changes within a step, so a few 1e-6 rad, against a 2e-5 rad total excursion)
    integ = gamma[0] + np.concatenate([np.zeros((1, 4)), np.cumsum(
        0.5 * (gamma_dot[1:] + gamma_dot[:-1]) * np.diff(t)[:, None], axis=0)])
    drift = np.abs(integ - gamma).max()
    # the CMGs do the work: they turn (the controller's gimbal commands are not zero)
    print(f"\n|gamma_dot| max {np.abs(gamma_dot).max():.4f} rad/s (limit {cm.gimbal_rate_max}), "
          f"|cmd| max {np.abs(cmd_rate).max():.4f}; gamma range "
          f"[{gamma.min():.4f}, {gamma.max():.4f}] rad; wheel speed [{omega.min():.4f}, "
          f"{omega.max():.4f}] rad/s; |wheel accel cmd| max {np.abs(cmd_wheel).max():.4f}; "
          f"thrust [{sigma.min():.4f}, {sigma.max():.4f}] N; angle - integral of rate "
          f"{drift:.2e} rad")
    assert np.abs(gamma_dot).max() > 1e-3
    assert drift < 1e-3 * np.ptp(gamma) + 1e-6
    # limits kept exactly, and with margins: the library loop with the same laws and smooth
    # start peaks at 0.066 rad/s and 1.02 N (docs/space_manipulator.md, Figs. 12-13); bounds of
    # 3x the library peak on the gimbal rate (the DDS law differs: computed torque with the
    # decoupled base rows on the 27 kg base; measured 0.0633 rad/s, 1.009 N) and no thruster
    # at its limit
    assert np.all(np.abs(cmd_rate) <= cm.gimbal_rate_max)
    assert np.all(np.abs(gamma_dot) <= cm.gimbal_rate_max)
    assert np.abs(gamma_dot).max() < 0.2
    assert np.all(np.abs(cmd_wheel) <= cm.wheel_accel_max)
    assert sigma.min() >= 0.0 and sigma.max() < 5.0
    assert sigma.max() > 0.1  # the thrusters carry the reaction force
    # the wheels stay between their speed limits [20, 200] rad/s, near Ω₀ = 100 rad/s (the
    # steering weights them out away from the singular set: the library loop moved them
    # 1.2e-5 rad/s)
    assert omega.min() > cm.wheel_speed_min and omega.max() < cm.wheel_speed_max
    assert np.abs(omega - 100.0).max() < 1.0


@pytest.mark.system
def test_base_held_and_curve_tracked(nominal):
    """The base held by thrusters + CMGs steered by eq. (42) through the 20 ms gimbal-rate
    servo. Measured (lockstep, the controller answering each state with the actuator state of
    the same stamp, so every run gives the same numbers), with the controller's computed torque
    at ``base_feedback: decoupled`` (base rows M_bb w_b + M_ba θ̈_d + h_b): base 0.307 mm,
    attitude 1.968 mrad, EE RMS 0.596 mm (max 0.998 mm); the library loop with the same law
    (bench/space_law_ablation.py ct_dec, 4π s) gives 0.307 mm, 1.969 mrad, 0.596 / 0.999 mm.
    With the full [9.22] base rows (the arm's 20 rad/s feedback reaction in the base demand)
    the same run measured 0.479 mm, 5.31 mrad, EE RMS 2.48 mm (max 3.93 mm); with an ideal
    CMG torque (space_iiwa_sim: 3.3e-3 mm, 0.028 mrad, EE 0.0116 mm RMS): what is left is the
    τ_g = 20 ms servo on the bare 27 kg base (docs/space_manipulator.md); the EE error follows
    as that attitude times the ~0.45 m lever to the EE. Bounds at about 2x the measured values
    (the lockstep run is deterministic; the margin is for the CI machine's floating point and
    DDS ordering, which the stamp matching removes): the paper's "mm level" holds for the base
    position."""
    ep = nominal
    model = ep["model"]
    k = ep["t"] <= DURATION + 1e-9
    dp, angle = _base_error(ep["q"][k])
    ee = np.array([model.frame_placement(q, "iiwa_link_ee")[:3, 3] for q in ep["q"][k]])
    ref = np.column_stack([np.interp(ep["t"][k], ep["ref_t"], ep["ref_p"][:, i])
                           for i in range(3)])
    e = np.linalg.norm(ee - ref, axis=1)
    rms = float(np.sqrt(np.mean(e**2)))
    print(f"\nbase position max {dp.max() * 1e3:.4f} mm, attitude max {angle.max() * 1e3:.4f} "
          f"mrad; EE RMS {rms * 1e3:.3f} mm, max {e.max() * 1e3:.3f} mm")
    assert dp.max() < 0.6e-3
    assert angle.max() < 4e-3
    assert rms < 1.2e-3 and e.max() < 2e-3


def _free_floating_drift(model, duration: float) -> tuple[float, float]:
    """Largest base attitude (rad) and final base displacement (m) of the unactuated base
    while the arm follows the episode's joint trajectory: zero total momentum,
    v_base = −A_bb⁻¹ A_ba θ̇ (the base's rows of A v = 0)."""
    spec = load_system(SYSTEM)
    hw = next(n for n in spec.nodes if n.executable == "hardware_interface")
    q = np.asarray(hw.parameters["initial_positions"], dtype=float).copy()
    t, _, th, thd, _ = viviani_joint_trajectory(model, q, duration, 0.005,
                                                {"smooth_start": 0.5})
    worst = 0.0
    for k in range(len(t) - 1):
        q[7:] = th[k]
        a = model.mass_matrix(q)
        vb = -np.linalg.solve(a[:6, :6], a[:6, 6:] @ thd[k])
        q = np.asarray(model.integrate(q, np.concatenate([vb, thd[k]]), t[k + 1] - t[k]))
        worst = max(worst, 2.0 * math.atan2(np.linalg.norm(q[4:7]), abs(q[3])))
    return worst, float(np.linalg.norm(q[:3]))


@pytest.fixture(scope="module")
def degraded(tmp_path_factory):
    """space_iiwa_vscmg_sim with the CMGs started on their singular set and thrusters limited to
    0.2 N (a mechanism file written here, everything else the same)."""
    _scipy()
    share = share_directory()
    tmp = tmp_path_factory.mktemp("vscmg_degraded")
    mech = yaml.safe_load((share / "config/mechanisms/space_iiwa_vscmg.yaml").read_text())
    mech["urdf"] = str((share / "urdf/space_iiwa14.urdf").resolve())
    act = mech["base_actuators"][0]
    act["initial_gimbal_angles"] = [math.pi / 2, 0.0, math.pi / 2, 0.0]
    act["thrusters"]["sigma_max"] = 0.2
    (tmp / "mech.yaml").write_text(yaml.safe_dump(mech))
    system = yaml.safe_load((share / f"config/systems/{SYSTEM}.yaml").read_text())
    system["robot"]["model"] = str(tmp / "mech.yaml")
    (tmp / "system.yaml").write_text(yaml.safe_dump(system))
    return _run(load_system(tmp / "system.yaml"), DEGRADED_DURATION, 0.3, tmp / "logs")


@pytest.mark.system
def test_singular_cmg_and_saturated_thrusters_degrade_gracefully(degraded):
    ep = degraded
    model, names = ep["model"], ep["names"]
    cm = model.actuator_dynamics.cmgs
    assert not ep["faults"], ep["faults"]
    for k in ("pos", "vel", "u", "q"):
        assert np.isfinite(ep[k]).all(), k
    g, w = _channels(names, "_gimbal"), _channels(names, "_wheel")
    thr = [i for i, n in enumerate(names) if n.startswith("thruster_")]
    # started on the singular set (m = 0 there)
    m0 = cm.singularity_measure(ep["pos"][0, g], ep["vel"][0, w])
    log = ep["controller_log"]
    sigma, cmd_rate, cmd_wheel = ep["u"][:, thr], ep["u"][:, g], ep["u"][:, w]
    dp, angle = _base_error(ep["q"])
    warns = [d for d in ep["diags"] if d[0] == DiagnosticStatus.WARN and "actuation" in d[1]]
    print(f"\nm at start {m0:.2e}; thrust max {sigma.max():.4f} N; |gimbal cmd| max "
          f"{np.abs(cmd_rate).max():.4f} rad/s; |wheel cmd| max {np.abs(cmd_wheel).max():.4f} "
          f"rad/s²; wheel speed [{ep['vel'][:, w].min():.3f}, {ep['vel'][:, w].max():.3f}]; "
          f"base drift {dp.max() * 1e3:.3f} mm, {angle.max() * 1e3:.3f} mrad; "
          f"{len(warns)} WARN /diagnostics of the controller")
    assert m0 < 1e-6
    # the diagnostics: the controller's log names both conditions with the numbers ...
    assert "near the singular set" in log, log[-2000:]
    assert "beyond the thruster cluster" in log, log[-2000:]
    # ... and its /diagnostics reports the actuation status at WARN
    assert warns, ep["diags"][-3:]
    # graceful: the limits hold, the wheels (weighted in near the singular set) take over
    assert sigma.min() >= 0.0 and sigma.max() <= 0.2 + 1e-12
    assert np.all(np.abs(cmd_rate) <= cm.gimbal_rate_max)
    assert np.all(np.abs(cmd_wheel) <= cm.wheel_accel_max)
    assert np.abs(cmd_wheel).max() > 1e-3
    assert np.all((ep["vel"][:, w] > cm.wheel_speed_min) & (ep["vel"][:, w] < cm.wheel_speed_max))
    # bounded drift, against the base with no actuation at all (momentum conservation over
    # the same 1.5 s of joint trajectory, zero total momentum: 115 mrad, 8.75 mm): the
    # saturated thrusters (0.2 N) and the singular cluster still hold most of it. During the
    # motion measured 2.99 mm and 3.3 mrad (decoupled base rows; 4.37 mm and 5.5 mrad with the
    # full ones); bounds the free base's drift in position (2x
    # margin) and 0.2x it in attitude (4x margin). The hold's 0.3 s after the curve's abrupt
    # end (the arm stopped at full speed) swings the base further: 7.6 mm and 40-59 mrad over
    # the whole run, varying from run to run while the numbers during the motion do not (not
    # investigated; bounded by the NaN/limit checks above only)
    free_att, free_pos = _free_floating_drift(model, DEGRADED_DURATION)
    k = ep["t"] <= DEGRADED_DURATION + 1e-9  # the same arm motion (the hold follows)
    print(f"during the motion: base {dp[k].max() * 1e3:.2f} mm, {angle[k].max() * 1e3:.1f} "
          f"mrad; free-floating base over the same motion: {free_pos * 1e3:.2f} mm, "
          f"{free_att * 1e3:.1f} mrad")
    assert dp[k].max() < free_pos
    assert angle[k].max() < 0.2 * free_att
