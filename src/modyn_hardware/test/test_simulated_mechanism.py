"""The built-in plant on a mechanism with nq ≠ nv: the ball-joint body (quaternion q, nq = 4;
body angular velocity ω, nv = 3; three torque motors, nu = 3).

Acceptance item of issue 13: "a model with nq ≠ nv passes through the plant's integrator and
difference". What each test shows:

* lockstep under a constant torque: the plant (RK4, 1 ms) against an independent integration of
  the same ODE, scipy's ``solve_ivp`` (DOP853, rtol 1e-12) with ω̇ from *Pinocchio's* ``aba`` on
  a ``JointModelSpherical`` and q̇ = ½ q ⊗ (0, ω) written out here; the orientation error is the
  angle of ``model.difference`` between the two; q stays of unit norm at every step;
* the order of the integrators against that reference: RK4 (the commutator-free Lie-group
  form, CF4) fourth order, semi-implicit Euler first order, measured from the errors at three
  step sizes;
* energy: with u = 0 the plant conserves E = ½ ωᵀIω + U(q) (RK4, 1 ms, 3 s of tumbling under
  gravity);
* the actuation map: motors along skewed axes (S ≠ I, a subclass of the model) give, through
  ``model.generalized_forces``, exactly the motion of the plain body under τ = Sᵀu;
* friction on a mechanism that is not a tree: per-axis viscous damping through ETDRK4 with CF4
  configurations (fourth order against a stiff Radau reference, at steps where plain RK4 is
  unstable); the implicit-Euler damping, which needs a tree's ``with_parameters``, refused with
  the model and the integrator named; dry friction (stiction exact, then sliding);
* bad input: effort of the wrong size (naming the actuators), a q0 that is not a unit
  quaternion, the flags computed from the contract.
"""

from __future__ import annotations

import numpy as np
import pytest
from scipy.integrate import solve_ivp

from modyn_hardware.plant import PlantError
from modyn_hardware.simulated import SimulatedPlant, is_identity_actuation, is_vector_space
from modyn_model import RobotModel, load_model
from modyn_model.mechanisms import BallJointBody
from modyn_model.mechanisms.ball_joint import quat_multiply

pin = pytest.importorskip("pinocchio")

MASS, COM = 1.8, [0.04, -0.03, 0.25]
INERTIA6 = [0.031, 0.002, -0.004, 0.027, 0.003, 0.012]
DESCRIPTION = {
    "kind": "ball_joint",
    "name": "top",
    "mass": MASS,
    "com": COM,
    "inertia": INERTIA6,
    "gravity": [0.0, 0.0, -9.81],
}
Q0 = np.array([0.9, 0.3, -0.2, 0.25]) / np.linalg.norm([0.9, 0.3, -0.2, 0.25])
V0 = np.array([1.5, -2.0, 4.0])
U = np.array([0.2, -0.1, 0.05])


@pytest.fixture(scope="module")
def model() -> BallJointBody:
    return load_model(DESCRIPTION)


def pinocchio_rhs():
    """f(t, [q (w,x,y,z), ω]) from Pinocchio's aba and the quaternion kinematics."""
    xx, xy, xz, yy, yz, zz = INERTIA6
    inertia = np.array([[xx, xy, xz], [xy, yy, yz], [xz, yz, zz]])
    m = pin.Model()
    jid = m.addJoint(0, pin.JointModelSpherical(), pin.SE3.Identity(), "ball")
    m.appendBodyToJoint(jid, pin.Inertia(MASS, np.array(COM), inertia), pin.SE3.Identity())
    m.gravity.linear = np.array([0.0, 0.0, -9.81])
    d = m.createData()

    def rhs(_t, x, tau):
        q, w = x[:4], x[4:]
        qn = q / np.linalg.norm(q)
        wdot = pin.aba(m, d, np.array([qn[1], qn[2], qn[3], qn[0]]), w, tau)
        qdot = 0.5 * quat_multiply(q, np.concatenate(([0.0], w)))
        return np.concatenate((qdot, wdot))

    return rhs


def reference(t_end: float, tau: np.ndarray, q0=Q0, v0=V0):
    sol = solve_ivp(
        pinocchio_rhs(),
        (0.0, t_end),
        np.concatenate((q0, v0)),
        method="DOP853",
        rtol=1e-12,
        atol=1e-13,
        args=(tau,),
    )
    x = sol.y[:, -1]
    return x[:4] / np.linalg.norm(x[:4]), x[4:]


def run(model, integrator: str, dt: float, t_end: float, u=U, norms=None):
    plant = SimulatedPlant(model, integrator, q0=Q0)
    plant.reset(Q0, V0)
    steps = round(t_end / dt)
    for _ in range(steps):
        plant.write(u)
        plant.step(dt)
        if norms is not None:
            norms.append(abs(np.linalg.norm(plant.read().position) - 1.0))
    return plant.read()


def errors(model, state, ref):
    q_ref, v_ref = ref
    angle = np.linalg.norm(model.difference(state.position, q_ref))
    return float(angle), float(np.abs(state.velocity - v_ref).max())


def test_flags_from_the_contract(model):
    assert not is_vector_space(model) and is_identity_actuation(model)
    arm = RobotModel.from_mdh("rx90")
    assert is_vector_space(arm) and is_identity_actuation(arm)
    plant = SimulatedPlant(model)
    state = plant.read()
    assert state.position.shape == (4,) and state.velocity.shape == (3,)
    assert state.effort.shape == (3,)
    np.testing.assert_array_equal(state.position, [1, 0, 0, 0])  # the neutral, not zeros
    assert (plant.nq, plant.nv, plant.nu) == (4, 3, 3)
    assert plant.coordinate_names == model.coordinate_names
    assert plant.velocity_names == model.velocity_names
    assert plant.actuator_names == model.actuator_names


def test_lockstep_matches_pinocchio_and_scipy(model):
    t_end, dt = 2.0, 1e-3
    norms: list[float] = []
    state = run(model, "rk4", dt, t_end, norms=norms)
    angle, dv = errors(model, state, reference(t_end, U))
    print(
        f"RK4 1 ms, 2 s: orientation error {angle:.3g} rad, ω error {dv:.3g} rad/s, "
        f"max | |q| - 1 | {max(norms):.3g}"
    )
    assert max(norms) < 1e-15 * 4
    # test_convergence_order measures the RK4 error at t = 1 s as ≈ 3e3·dt⁴ (3e-9 at 1 ms); over
    # 2 s of tumbling it grows (1.8e-8 measured); the reference itself is good to ~1e-11
    assert angle < 5e-8 and dv < 5e-8
    np.testing.assert_array_equal(state.effort, U)


@pytest.mark.parametrize(
    ("integrator", "order", "steps"),
    [("rk4", 4.0, (0.02, 0.01, 0.005)), ("semi_implicit_euler", 1.0, (1e-3, 5e-4, 2.5e-4))],
)
def test_convergence_order(model, integrator, order, steps):
    t_end = 1.0
    ref = reference(t_end, U)
    errs = []
    for dt in steps:
        state = run(model, integrator, dt, t_end)
        errs.append(max(errors(model, state, ref)))
    rates = np.log2(np.array(errs[:-1]) / np.array(errs[1:]))
    print(f"{integrator}: errors {[f'{e:.3g}' for e in errs]}, observed orders {rates.round(3)}")
    assert np.all(np.abs(rates - order) < 0.25), rates


def test_energy_is_conserved_in_free_motion(model):
    plant = SimulatedPlant(model, "rk4", q0=Q0)
    plant.reset(Q0, V0)
    energy = []
    for _ in range(3000):  # 3 s at 1 ms, u = 0
        plant.step(1e-3)
        s = plant.read()
        energy.append(
            model.kinetic_energy(s.position, s.velocity) + model.potential_energy(s.position)
        )
    e0 = model.kinetic_energy(Q0, V0) + model.potential_energy(Q0)
    drift = np.max(np.abs(np.array(energy) - e0))
    scale = model.kinetic_energy(Q0, V0) + MASS * 9.81 * np.linalg.norm(COM)
    print(f"energy {e0:.6g} J, max drift over 3 s {drift:.3g} J ({drift / scale:.3g} relative)")
    assert drift / scale < 1e-9


class SkewedMotors(BallJointBody):
    """The same body with its three motors along skewed axes: τ = Sᵀ u, S constant, invertible
    (rows: the motor axes in body axes). Only the actuation differs."""

    S = np.array([[1.0, 0.2, 0.0], [0.0, 0.9, -0.3], [0.1, 0.0, 1.1]])

    @property
    def actuator_names(self):
        return ("m1", "m2", "m3")

    def actuation_matrix(self, q):
        q = self.check_state("q", q)
        return np.broadcast_to(self.S, q.shape[:-1] + (3, 3)).copy()

    def generalized_forces(self, q, u):
        self.check_state("q", q)
        return self.check_actuation("u", u) @ self.S


def test_actuation_map_goes_through_generalized_forces(model):
    skewed = SkewedMotors.from_description(DESCRIPTION)
    assert not is_identity_actuation(skewed)
    u = np.array([0.3, -0.2, 0.1])
    a = run(skewed, "rk4", 1e-3, 0.5, u=u)
    b = run(model, "rk4", 1e-3, 0.5, u=u @ skewed.S)
    np.testing.assert_allclose(a.position, b.position, rtol=0, atol=1e-13)
    np.testing.assert_allclose(a.velocity, b.velocity, rtol=0, atol=1e-12)
    np.testing.assert_array_equal(a.effort, u)  # the plant reports the actuators' u


def test_bad_input_names_the_mechanism(model):
    plant = SimulatedPlant(model)
    with pytest.raises(PlantError, match=r"actuators \['top_motor_x'"):
        plant.write([1.0, 2.0, 3.0, 4.0])
    with pytest.raises(PlantError, match="not a configuration of model 'top'"):
        plant.reset([1.0, 1.0, 0.0, 0.0])
    with pytest.raises(PlantError, match="zero quaternion"):
        plant.reset([0.0, 0.0, 0.0, 0.0])
    with pytest.raises(PlantError, match=r"velocity coordinates \['top_wx'"):
        plant.reset(Q0, [0.0, 0.0])
    # within 1e-6 of unit norm: accepted, normalized
    plant.reset(Q0 * (1 + 1e-8))
    assert abs(np.linalg.norm(plant.read().position) - 1.0) < 1e-15


class DampedBody(BallJointBody):
    """The body with per-velocity-coordinate friction parameters (what the plant's implicit
    friction reads from a tree model), but no ``with_parameters``: viscous damping Fv ω and/or
    dry friction Fc sign(ω) about each body axis."""

    def __init__(self, *args, viscous=(0.0,) * 3, coulomb=(0.0,) * 3, **kwargs):
        super().__init__(*args, **kwargs)
        self.viscous = np.array(viscous, dtype=float)
        self.coulomb = np.array(coulomb, dtype=float)
        self.static_friction = self.coulomb.copy()
        self.stribeck_velocity = np.zeros(3)


def damped(**friction) -> DampedBody:
    return DampedBody("top", MASS, COM, INERTIA6, gravity=[0.0, 0.0, -9.81], **friction)


def test_etdrk4_stages_through_integrate_are_fourth_order():
    """ETDRK4 (viscous damping taken exactly) with CF4 configurations: against the reference
    with the damping −D ω added to Pinocchio's torque; stiff: dt·Fv/I_min = 3.75 at the
    coarsest step, beyond plain RK4's stability limit 2.785."""
    fv = np.array([4.0, 3.0, 2.0])
    model = damped(viscous=fv)
    rhs = pinocchio_rhs()
    t_end = 1.0
    sol = solve_ivp(
        lambda t, x: rhs(t, x, U - fv * x[4:]),
        (0.0, t_end),
        np.concatenate((Q0, V0)),
        method="Radau",  # stiff
        rtol=1e-12,
        atol=1e-14,
    )
    ref = sol.y[:4, -1] / np.linalg.norm(sol.y[:4, -1]), sol.y[4:, -1]
    errs = []
    for dt in (0.01, 0.005, 0.0025):
        plant = SimulatedPlant(model, "rk4", q0=Q0)
        plant.reset(Q0, V0)
        for _ in range(round(t_end / dt)):
            plant.write(U)
            plant.step(dt)
        errs.append(max(errors(model, plant.read(), ref)))
    rates = np.log2(np.array(errs[:-1]) / np.array(errs[1:]))
    stiff = 0.01 * np.max(fv / np.linalg.eigvalsh(model.inertia_pivot)[0])
    print(
        f"ETDRK4 on SO(3): errors {[f'{e:.3g}' for e in errs]}, orders {rates.round(3)}, "
        f"dt·Fv/I_min at 10 ms {stiff:.3g}"
    )
    assert np.all(np.abs(rates - 4.0) < 0.3), rates
    assert stiff > 2.785  # plain RK4 would diverge at the coarsest step


def test_damping_that_needs_a_tree_is_refused_by_name():
    with pytest.raises(PlantError, match=r"model 'top' \(DampedBody.*integrator 'semi_impl"):
        SimulatedPlant(damped(viscous=[0.1, 0.1, 0.1]), "semi_implicit_euler")


def test_stiction_on_the_ball_joint():
    """Dry friction only (no tree needed): with gravity off and torques below Fc the body
    sticks exactly, then slides once a torque exceeds it."""
    model = DampedBody("top", MASS, COM, INERTIA6, gravity=[0, 0, 0], coulomb=[0.5, 0.5, 0.5])
    plant = SimulatedPlant(model, "rk4", q0=Q0)
    for _ in range(200):
        plant.write([0.3, -0.4, 0.2])
        plant.step(1e-3)
    state = plant.read()
    np.testing.assert_array_equal(state.velocity, 0.0)
    np.testing.assert_allclose(state.position, Q0, rtol=0, atol=1e-15)
    assert plant.friction_solves == 200
    for _ in range(100):
        plant.write([0.8, 0.0, 0.0])
        plant.step(1e-3)
    assert plant.read().velocity[0] > 0.0
    assert abs(np.linalg.norm(plant.read().position) - 1.0) < 1e-15


def test_mujoco_plant_refuses_a_mechanism_that_is_not_a_tree(model):
    from modyn_hardware.mujoco_plant import MujocoPlant, mujoco_urdf

    pytest.importorskip("mujoco")
    urdf = "<robot name='x'><link name='a'/></robot>"
    for make in (lambda: MujocoPlant(model, urdf), lambda: mujoco_urdf(urdf, model)):
        with pytest.raises(
            PlantError,
            match=r"model 'top' .*'ball_joint' mechanism \(nq = 4, nv = 3, nu = 3\).*use plant 'simulated'",
        ):
            make()


def test_hold_gains_over_the_contract(model):
    """sample_poses gives configurations (unit quaternions, every orientation reachable), the
    inertias are per velocity coordinate (here constant: A = I_pivot, so 1/(A⁻¹)_jj exactly),
    the gains check names velocity coordinates, and the gains it returns hold the body: a PD
    on model.difference plus gravity, closed through the plant, settles at the captured pose."""
    from modyn_hardware.hold_gains import (
        check_hold_gains,
        damping_stiffness,
        default_hold_gains,
        effective_inertia,
        hold_spectral_radius,
        sample_poses,
    )

    poses = sample_poses(model, Q0)
    assert poses.shape == (64, 4)
    np.testing.assert_array_equal(poses[0], Q0)
    np.testing.assert_allclose(np.linalg.norm(poses, axis=1), 1.0, rtol=0, atol=1e-15)
    # spread over SO(3): some pose turned by more than 2 rad from the neutral
    assert np.max(np.linalg.norm(model.difference(poses, model.neutral()), axis=1)) > 2.0
    diag, eff = effective_inertia(model, poses)
    inertia = model.inertia_pivot
    np.testing.assert_allclose(diag, np.diag(inertia), rtol=1e-15)
    np.testing.assert_allclose(eff, 1.0 / np.diag(np.linalg.inv(inertia)), rtol=1e-14)
    assert damping_stiffness(model, 1e-3, poses) == []  # no per-joint damping: none to check
    dt = 1e-3
    kp, kd = default_hold_gains(model, poses, 20.0, 1.0)
    stiff = check_hold_gains(model, kp * 1e4, kd, dt, poses)  # a spring far too stiff
    assert stiff.adjusted and all(name in model.velocity_names for name in stiff.adjusted)
    assert "safe hold of joint 'top_w" in stiff.notes[0]
    gains = check_hold_gains(model, kp, kd, dt, poses)
    assert hold_spectral_radius(model, poses, gains.kp, gains.kd, dt)[0] < 1.0
    plant = SimulatedPlant(model, "rk4", q0=Q0)
    plant.reset(Q0, V0)  # tumbling when the hold begins
    for _ in range(3000):
        s = plant.read()
        tau = (
            model.gravity(s.position)
            + gains.kp * model.difference(Q0, s.position)
            - gains.kd * s.velocity
        )
        plant.write(tau)
        plant.step(dt)
    s = plant.read()
    angle = np.linalg.norm(model.difference(Q0, s.position))
    print(f"hold on SO(3): {angle:.3g} rad from the captured pose after 3 s")
    assert angle < 1e-6 and np.abs(s.velocity).max() < 1e-5


def test_mock_plant_for_a_mechanism(model):
    """The mock on the ball joint: velocity = effort, q moved by model.integrate; 0.5 s of
    1 rad/s about body z from the identity is the closed-form (cos ¼, 0, 0, sin ¼)."""
    from modyn_hardware.mock_plant import MockPlant

    plant = MockPlant.for_model(model)
    np.testing.assert_array_equal(plant.read().position, [1, 0, 0, 0])
    assert plant.actuator_names == model.actuator_names
    for _ in range(500):
        plant.write([0.0, 0.0, 1.0])
        plant.step(1e-3)
    s = plant.read()
    np.testing.assert_allclose(s.position, [np.cos(0.25), 0, 0, np.sin(0.25)], atol=1e-14)
    np.testing.assert_array_equal(s.velocity, [0, 0, 1])
    with pytest.raises(PlantError, match=r"actuators \['top_motor_x'"):
        plant.write([1.0])
    arm = RobotModel.from_mdh("rx90")
    same = MockPlant.for_model(arm, q0=np.full(6, 0.1))
    assert same.joint_names == same.actuator_names == arm.joint_names
    np.testing.assert_array_equal(same.read().position, 0.1)


def test_mock_plant_refuses_fewer_actuators_than_velocities(model):
    from modyn_hardware.mock_plant import MockPlant

    class TwoMotors(BallJointBody):
        @property
        def nu(self):
            return 2

    under = TwoMotors.from_description(DESCRIPTION)
    with pytest.raises(PlantError, match=r"model 'top' has nv = 3, nu = 2"):
        MockPlant.for_model(under)


def test_robot_report_on_a_mechanism_file(tmp_path, capsys):
    """``python -m modyn_hardware.robot_report top.yaml``: the coordinates, the velocity
    coordinates (the gains' order) and the actuators listed apart, A_jj = I_pivot's diagonal."""
    from modyn_hardware.robot_report import main

    path = tmp_path / "top.yaml"
    path.write_text("".join(f"{k}: {v}\n" for k, v in DESCRIPTION.items()), encoding="utf-8")
    assert main([str(path)]) == 0
    out = capsys.readouterr().out
    model = load_model(DESCRIPTION)
    assert "mechanism 'top': nq = 4 coordinates ['top_qw', 'top_qx', 'top_qy', 'top_qz']" in out
    assert "nv = 3 velocity coordinates" in out and "nu = 3 actuators ['top_motor_x'" in out
    assert f"top_wz          inf      0     0{model.inertia_pivot[2, 2]:>11.4g}" in out
    assert "initial_positions used: [1, 0, 0, 0]" in out
    with pytest.raises(SystemExit):
        main([str(path), "--q0", "0", "0", "0"])  # 3 values for 4 coordinates
    assert "--q0: 3 values for 4 coordinates" in capsys.readouterr().err
