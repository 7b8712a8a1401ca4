"""Constraints (modyn_model.constraints) against closed forms and Pinocchio.

1. A planar four-bar linkage, written as an open 3-link URDF chain plus a loop closure (the x-y
   rows of a 3D closure), = its closed-form one-dof model: positions from the loop equations,
   velocities and accelerations through the transmission ratios k₂, k₃ of the coupler and rocker
   angles, the dynamics by Kane's method on the crank angle, the closure force from the moment
   balances of {rocker} about C and {coupler, rocker} about B. Accelerations and force to 1e-9.
2. Drift: 10 s of simulation of the four-bar, constraint residual bounded with Baumgarte and
   growing without.
3. Two identical point contacts (rank-deficient) and constraints that cannot hold together →
   ConstraintError naming them (never NaN).
4. UR5 with a point contact: KKT solution = Pinocchio's ``forwardDynamics(model, data, q, v, τ,
   J, γ)`` and ``constraintDynamics`` (RigidConstraintModel CONTACT_3D), with Pinocchio's own
   kinematics.
5. A quadruped (solo12) standing on four pinned feet = Pinocchio's ``constraintDynamics`` with
   four CONTACT_3D constraints on its FreeFlyer model, 1e-6.
6. Constrained inverse dynamics: least norm vs weighted vs subset on the four-bar (redundant:
   three motors, one dof), residual M v̇ + h − Sᵀu − Jᵀλ to 1e-10.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

from modyn_model import ConstraintError, RobotModel, load_model
from modyn_model.constraints import ConstrainedModel, FrameContact, LoopClosure, PointContact
from modyn_model.floating import FloatingBaseModel, to_pinocchio_q

# ---------------------------------------------------------------------- the four-bar
# crank a (O → B), coupler b (B → C), rocker c (C → D), ground d (O → D); Grashof crank-rocker
A_, B_, C_, D_ = 0.3, 0.8, 0.6, 0.9
# mass (kg), centre of mass along the link from its joint (m), inertia about it (kg·m²)
MASS = (1.2, 2.0, 1.5)
COM = (0.14, 0.35, 0.32)
IZZ = (0.011, 0.12, 0.05)
GRAVITY = (0.0, -9.81, 0.0)  # in the plane of motion, so that it works on the linkage


def _link(name: str, i: int) -> str:
    return f"""
  <link name="{name}">
    <inertial><origin xyz="{COM[i]} 0 0"/><mass value="{MASS[i]}"/>
      <inertia ixx="0.002" ixy="0" ixz="0" iyy="{IZZ[i] + 0.001}" iyz="0" izz="{IZZ[i]}"/>
    </inertial>
  </link>"""


FOUR_BAR_URDF = f"""<?xml version="1.0"?>
<robot name="four_bar">
  <link name="ground"/>
  <link name="pivot_d"/>
  <joint name="ground_to_pivot" type="fixed">
    <parent link="ground"/><child link="pivot_d"/><origin xyz="{D_} 0 0"/>
  </joint>
  {_link("crank", 0)}
  {_link("coupler", 1)}
  {_link("rocker", 2)}
  <link name="rocker_tip"/>
  <joint name="j1" type="continuous">
    <parent link="ground"/><child link="crank"/><origin xyz="0 0 0"/><axis xyz="0 0 1"/>
  </joint>
  <joint name="j2" type="continuous">
    <parent link="crank"/><child link="coupler"/><origin xyz="{A_} 0 0"/><axis xyz="0 0 1"/>
  </joint>
  <joint name="j3" type="continuous">
    <parent link="coupler"/><child link="rocker"/><origin xyz="{B_} 0 0"/><axis xyz="0 0 1"/>
  </joint>
  <joint name="rocker_to_tip" type="fixed">
    <parent link="rocker"/><child link="rocker_tip"/><origin xyz="{C_} 0 0"/>
  </joint>
</robot>
"""


def _e(t):
    return np.array([math.cos(t), math.sin(t)])


def _ep(t):
    return np.array([-math.sin(t), math.cos(t)])


def _cross2(r, f):
    return r[0] * f[1] - r[1] * f[0]


def four_bar_closed_form(theta1: float, dtheta1: float, crank_torque: float, tau=(0.0, 0.0)):
    """The one-dof four-bar in closed form.

    Absolute link angles θ₁ (crank), θ₂ (coupler), θ₃ (rocker); the loop equation
    a e(θ₁) + b e(θ₂) + c e(θ₃) = (d, 0), e(θ) = (cos θ, sin θ), e⊥(θ) = (−sin θ, cos θ).

    - Positions: C is the intersection of the circles (B = a e(θ₁), radius b) and (D, radius c)
      on the upper branch; θ₂ = ∠(C − B), θ₃ = ∠(D − C).
    - Velocities: the loop's derivative Σ lᵢ θ̇ᵢ e⊥(θᵢ) = 0 dotted with e(θ₃) and e(θ₂) gives
      θ̇ᵢ = kᵢ θ̇₁, k₂ = −a sin(θ₃−θ₁)/(b sin(θ₃−θ₂)), k₃ = −a sin(θ₂−θ₁)/(c sin(θ₂−θ₃)).
    - Accelerations: θ̈ᵢ = kᵢ θ̈₁ + κᵢ θ̇₁² with κᵢ = dkᵢ/dθ₁ from the second derivative
      Σ lᵢ (θ̈ᵢ e⊥ᵢ − θ̇ᵢ² eᵢ) = 0 dotted with e(θ₃), e(θ₂).
    - Dynamics (Kane, generalized speed θ̇₁): centres of mass Gᵢ = Σⱼ Lᵢⱼ e(θⱼ) (L the lever
      table below), partial velocities wᵢ = Σⱼ Lᵢⱼ kⱼ e⊥ⱼ, so that
      θ̈₁ Σ (mᵢ|wᵢ|² + Iᵢ kᵢ²) + θ̇₁² Σ (mᵢ wᵢ·Σⱼ Lᵢⱼ(κⱼ e⊥ⱼ − kⱼ² eⱼ) + Iᵢ kᵢ κᵢ)
        − Σ mᵢ g·wᵢ = Q₁,
      Q₁ = τ₁ + τ₂ (k₂ − 1) + τ₃ (k₃ − k₂) the virtual power of the joint torques (joint i turns
      by θᵢ − θᵢ₋₁).
    - Closure force λ on the rocker at D: the moment balances of {rocker} about C (joint torque
      τ₃) and of {coupler, rocker} about B (τ₂): Σᵢ [Iᵢ θ̈ᵢ + (Gᵢ − P) × mᵢ(aᵢ − g)] = τ_P +
      (D − P) × λ, two linear equations in (λx, λy).

    Returns (θ (3,), θ̇ (3,), θ̈ (3,), λ (2,)) in absolute angles.
    """
    a, b, c, d = A_, B_, C_, D_
    t1 = theta1
    pb = a * _e(t1)
    pd = np.array([d, 0.0])
    dist = np.linalg.norm(pd - pb)
    u = (pd - pb) / dist
    along = (b * b - c * c + dist * dist) / (2 * dist)
    pc = pb + along * u + math.sqrt(b * b - along * along) * np.array([-u[1], u[0]])
    t2 = math.atan2(*(pc - pb)[::-1])
    t3 = math.atan2(*(pd - pc)[::-1])
    th = np.array([t1, t2, t3])
    k = np.array(
        [1.0, -a * math.sin(t3 - t1) / (b * math.sin(t3 - t2)),
         -a * math.sin(t2 - t1) / (c * math.sin(t2 - t3))]
    )  # fmt: skip
    k2, k3 = k[1], k[2]
    kappa = np.array(
        [
            0.0,
            (a * math.cos(t1 - t3) + b * k2**2 * math.cos(t2 - t3) + c * k3**2)
            / (b * math.sin(t3 - t2)),
            (a * math.cos(t1 - t2) + b * k2**2 + c * k3**2 * math.cos(t3 - t2))
            / (c * math.sin(t2 - t3)),
        ]
    )
    lever = np.array([[COM[0], 0, 0], [a, COM[1], 0], [a, b, COM[2]]])
    g = np.array(GRAVITY[:2])
    m, inertia = np.array(MASS), np.array(IZZ)
    w = [sum(lever[i, j] * k[j] * _ep(th[j]) for j in range(3)) for i in range(3)]
    quad = [
        sum(lever[i, j] * (kappa[j] * _ep(th[j]) - k[j] ** 2 * _e(th[j])) for j in range(3))
        for i in range(3)
    ]
    q1 = crank_torque + tau[0] * (k2 - 1) + tau[1] * (k3 - k2)
    m_eq = sum(m[i] * w[i] @ w[i] + inertia[i] * k[i] ** 2 for i in range(3))
    c_eq = sum(m[i] * w[i] @ quad[i] + inertia[i] * k[i] * kappa[i] for i in range(3))
    g_eq = -sum(m[i] * g @ w[i] for i in range(3))
    dd1 = (q1 - c_eq * dtheta1**2 - g_eq) / m_eq
    dth = k * dtheta1
    ddth = k * dd1 + kappa * dtheta1**2
    # centres of mass and their accelerations
    pos = [sum(lever[i, j] * _e(th[j]) for j in range(3)) for i in range(3)]
    acc = [
        sum(lever[i, j] * (ddth[j] * _ep(th[j]) - dth[j] ** 2 * _e(th[j])) for j in range(3))
        for i in range(3)
    ]

    def lhs(bodies, p):  # Σ Iᵢ θ̈ᵢ + (Gᵢ − P) × mᵢ (aᵢ − g)
        return sum(inertia[i] * ddth[i] + _cross2(pos[i] - p, m[i] * (acc[i] - g)) for i in bodies)

    # (D − P) × λ = r_x λ_y − r_y λ_x
    rows, rhs = [], []
    for bodies, p, torque in (([2], pc, tau[1]), ([1, 2], pb, tau[0])):
        r = pd - p
        rows.append([-r[1], r[0]])
        rhs.append(lhs(bodies, p) - torque)
    lam = np.linalg.solve(np.array(rows), np.array(rhs))
    return th, dth, ddth, lam


def to_joints(th):
    """Absolute link angles → relative joint coordinates (q₁, q₂, q₃)."""
    return np.array([th[0], th[1] - th[0], th[2] - th[1]])


@pytest.fixture(scope="module")
def four_bar():
    robot = RobotModel.from_urdf(FOUR_BAR_URDF, gravity=GRAVITY)
    loop = LoopClosure("loop", "pivot_d", "rocker_tip", dim=3, rows=(0, 1))
    return robot, loop


@pytest.mark.parametrize("theta1", [0.3, 1.4, 2.6, -2.0, 4.0])
def test_four_bar_equals_closed_form(four_bar, theta1):
    robot, loop = four_bar
    th, _, _, _ = four_bar_closed_form(theta1, 0.0, 0.0)
    q = to_joints(th)
    cm = ConstrainedModel(robot, [loop], baumgarte=(100.0, 20.0), q0=q)
    assert np.abs(cm.constraint_residual(q)).max() < 1e-14
    worst = 0.0
    for dtheta1, crank, tau23 in (
        (0.0, 0.0, (0, 0)),
        (2.5, 3.0, (0, 0)),
        (-4.0, -1.5, (0.7, -0.4)),
    ):
        th, dth, ddth, lam = four_bar_closed_form(theta1, dtheta1, crank, tau23)
        q, v = to_joints(th), to_joints(dth)
        assert np.abs(cm.constraint_velocity(q, v)).max() < 1e-13
        tau = np.array([crank, *tau23])
        vdot, forces = cm.constrained_forward_dynamics(q, v, tau)
        ref = to_joints(ddth)
        err_a = np.abs(vdot - ref).max() / max(1.0, np.abs(ref).max())
        err_f = np.abs(forces["loop"][:2] - lam).max() / max(1.0, np.abs(lam).max())
        worst = max(worst, err_a, err_f)
        assert err_a < 1e-9, (vdot, ref)
        assert err_f < 1e-9, (forces["loop"], lam)
        assert forces["loop"][2] == 0.0  # the dropped z row carries no force
        # the unconstrained chain would move otherwise: the closure is doing something
        assert np.abs(robot.forward_dynamics(q, v, tau) - ref).max() > 1e-2
    print(f"four-bar θ1={theta1}: worst relative error {worst:.2e}")


# ---------------------------------------------------------------------- 2. drift
def _simulate(cm, q, v, dt, steps):
    """Semi-implicit Euler (v then q, as a plant steps), zero torque; |φ| (m) after each step."""
    out = np.empty(steps)
    tau = np.zeros(cm.nv)
    for i in range(steps):
        v = v + dt * cm.forward_dynamics(q, v, tau)
        q = cm.integrate(q, v, dt)
        out[i] = np.abs(cm.constraint_residual(q)).max()
    return out


@pytest.mark.loop  # a long in-process simulation: the loop tier (docs/testing.md)
def test_four_bar_drift_bounded_with_baumgarte(four_bar):
    """10 s of free motion (gravity, crank at 3 rad/s), dt = 2 ms: with (k_p, k_d) = (100, 20) the
    closure residual stays bounded (its worst in the last 2 s no worse than twice its worst in the
    first 2 s, and under 1 cm); with (0, 0) it grows steadily (at 10 s more than 5× its value at
    1 s, and beyond 10 cm)."""
    robot, loop = four_bar
    th, dth, _, _ = four_bar_closed_form(0.3, 3.0, 0.0)
    q0, v0 = to_joints(th), to_joints(dth)
    dt, steps = 2e-3, 5000
    on = _simulate(ConstrainedModel(robot, [loop], (100.0, 20.0), q0), q0, v0, dt, steps)
    off = _simulate(ConstrainedModel(robot, [loop], (0.0, 0.0), q0), q0, v0, dt, steps)
    first, last = slice(0, 1000), slice(4000, 5000)
    print(
        f"drift with Baumgarte: max {on.max():.2e} m, first 2 s {on[first].max():.2e}, last 2 s "
        f"{on[last].max():.2e}; without: at 1 s {off[499]:.2e}, at 10 s {off[-1]:.2e}"
    )
    assert np.all(np.isfinite(on)) and np.all(np.isfinite(off))
    assert on.max() < 1e-2
    assert on[last].max() <= 2.0 * on[first].max()
    assert off[-1] > 5.0 * off[499] and off[-1] > 0.1
    assert off[-1] > 20.0 * on[last].max()


# ---------------------------------------------------------------------- 3. bad constraints
def test_identical_point_contacts_are_rank_deficient(four_bar):
    robot, _ = four_bar
    th, dth, _, _ = four_bar_closed_form(0.7, 1.0, 0.0)
    q, v = to_joints(th), to_joints(dth)
    twins = [
        PointContact("tip_a", "rocker_tip", rows=(0, 1)),
        PointContact("tip_b", "rocker_tip", rows=(0, 1)),
    ]
    with pytest.raises(ConstraintError, match=r"tip_a.*tip_b.*linearly dependent"):
        ConstrainedModel(robot, twins, q0=q)  # refused where they are attached
    cm = ConstrainedModel(robot, twins)  # no q0: found at the first dynamics call
    for call in (
        lambda: cm.forward_dynamics(q, v, np.zeros(3)),
        lambda: cm.constrained_inverse_dynamics(q, v, np.zeros(3)),
        lambda: cm.forward_dynamics(np.stack([q, q]), np.stack([v, v]), np.zeros((2, 3))),
    ):
        with pytest.raises(ConstraintError, match=r"\['tip_a', 'tip_b'\]") as info:
            call()
        assert "nan" not in str(info.value).lower()
    # a zero row (the z row of a planar closure) is a rank deficiency too, naming that closure
    with pytest.raises(ConstraintError, match=r"\['loop'\].*linearly dependent"):
        ConstrainedModel(robot, [LoopClosure("loop", "pivot_d", "rocker_tip")], q0=q)


def test_inconsistent_constraints_are_named(four_bar):
    robot, loop = four_bar
    th, dth, ddth, _ = four_bar_closed_form(0.7, 1.0, 0.0)
    q, v = to_joints(th), to_joints(dth)
    # the crank's tip held at two places 1 cm apart: cannot hold together
    a, b = np.array([A_ * math.cos(0.7), A_ * math.sin(0.7), 0.0]), np.array([0.01, 0, 0])
    contacts = [
        PointContact("at_b", "coupler", anchor=a, rows=(0, 1)),
        PointContact("off_b", "coupler", anchor=a + b, rows=(0, 1)),
    ]
    with pytest.raises(ConstraintError, match=r"'off_b' \(0\.01\).*do not hold at q0") as info:
        ConstrainedModel(robot, contacts, q0=q)
    assert "'at_b'" not in str(info.value)
    # a loop closure that is open at the given q0
    with pytest.raises(ConstraintError, match=r"'loop'.*do not hold at q0"):
        ConstrainedModel(robot, [loop], q0=np.zeros(3))
    # constraints with no common solution: projection fails, naming them
    far = [PointContact("reach", "rocker_tip", anchor=(3.0, 0.0, 0.0), rows=(0, 1))]
    with pytest.raises(ConstraintError, match=r"'reach'.*still violated"):
        ConstrainedModel(robot, far).project(q)
    # an acceleration that breaks the closure
    cm = ConstrainedModel(robot, [loop], q0=q)
    with pytest.raises(ConstraintError, match=r"breaks the constraints 'loop'"):
        cm.constrained_inverse_dynamics(q, v, np.zeros(3))
    u, forces = cm.constrained_inverse_dynamics(q, v, to_joints(ddth))
    assert np.all(np.isfinite(u)) and np.all(np.isfinite(forces["loop"]))


def test_bad_descriptions():
    with pytest.raises(ConstraintError, match="dim 3 or 6"):
        LoopClosure("x", "a", "b", dim=4)
    with pytest.raises(ConstraintError, match="rows must be distinct"):
        PointContact("x", "a", rows=(0, 3))
    with pytest.raises(ConstraintError, match="point must be 3 finite"):
        PointContact("x", "a", point=(0, np.nan, 0))
    robot = RobotModel.from_urdf(FOUR_BAR_URDF, gravity=GRAVITY)
    with pytest.raises(ConstraintError, match=r"'c'.*no frame \['nowhere'\]"):
        ConstrainedModel(robot, [PointContact("c", "nowhere")])
    with pytest.raises(ConstraintError, match=r"\['c'\] used twice"):
        ConstrainedModel(robot, [PointContact("c", "crank"), PointContact("c", "rocker")])
    with pytest.raises(ConstraintError, match="baumgarte"):
        ConstrainedModel(robot, [], baumgarte=(-1.0, 0.0))


# ---------------------------------------------------------------------- 4. Pinocchio, fixed base
UR5 = "ur_description/urdf/ur5_robot.urdf"
TOOL_POINT = np.array([0.05, -0.02, 0.1])  # m, in tool0


def _pin_contact_frame(pin, pmodel, frame: str, point) -> int:
    """A Pinocchio frame at ``point`` of ``frame`` (same axes)."""
    f = pmodel.frames[pmodel.getFrameId(frame)]
    placement = f.placement * pin.SE3(np.eye(3), np.asarray(point, dtype=float))
    return pmodel.addFrame(pin.Frame("contact_point", f.parentJoint, placement, pin.OP_FRAME))


def test_point_contact_kkt_equals_pinocchio(erd_path):
    """UR5, a point of tool0 held: v̇ and λ = Pinocchio's forwardDynamics(q, v, τ, J, γ) with its
    own J and γ (and Baumgarte terms from its own kinematics), and = constraintDynamics with a
    CONTACT_3D RigidConstraintModel (gains 0), on 10 random states; relative 1e-9."""
    pin = pytest.importorskip("pinocchio")
    path = erd_path(UR5)
    robot = RobotModel.from_urdf(path)
    pmodel = pin.buildModelFromUrdf(str(path))
    assert tuple(pmodel.names[1:]) == robot.joint_names
    fid = _pin_contact_frame(pin, pmodel, "tool0", TOOL_POINT)
    pdata = pmodel.createData()
    rng = np.random.default_rng(14)
    kp, kd = 50.0, 12.0
    worst = 0.0
    for _ in range(10):
        q = rng.uniform(-math.pi, math.pi, 6)
        v = rng.uniform(-2, 2, 6)
        tau = rng.uniform(-20, 20, 6)
        anchor = (
            rng.normal(0.0, 0.01, 3)
            + robot.frame_placement(q, "tool0")[:3, :3] @ (TOOL_POINT)
            + robot.frame_placement(q, "tool0")[:3, 3]
        )
        contact = PointContact("tool", "tool0", point=TOOL_POINT, anchor=anchor)
        for gains in ((0.0, 0.0), (kp, kd)):
            cm = ConstrainedModel(robot, [contact], baumgarte=gains)
            vdot, forces = cm.constrained_forward_dynamics(q, v, tau)
            # Pinocchio's kinematics of the same point
            pin.forwardKinematics(pmodel, pdata, q, v, np.zeros(6))
            pin.updateFramePlacements(pmodel, pdata)
            pin.computeJointJacobians(pmodel, pdata, q)
            lwa = pin.LOCAL_WORLD_ALIGNED
            jac = pin.getFrameJacobian(pmodel, pdata, fid, lwa)[:3]
            gamma = pin.getFrameClassicalAcceleration(pmodel, pdata, fid, lwa).linear
            phi = pdata.oMf[fid].translation - anchor
            drift = gamma + gains[1] * jac @ v + gains[0] * phi
            ref = pin.forwardDynamics(pmodel, pdata, q, v, tau, jac, drift)
            ref_lambda = pdata.lambda_c.copy()
            err = np.abs(vdot - ref).max() / max(1.0, np.abs(ref).max())
            # Pinocchio's lambda_c solves M v̇ + h = τ + Jᵀ λ_c: the force on the robot, as ours
            err_f = np.abs(forces["tool"] - ref_lambda).max() / max(1.0, np.abs(ref_lambda).max())
            worst = max(worst, err, err_f)
            assert err < 1e-9, (vdot, ref)
            assert err_f < 1e-9, (forces["tool"], ref_lambda)
            # the force balance itself, with modyn's own M and h: M v̇ + h = τ + Jᵀ λ
            residual = (
                robot.mass_matrix(q) @ vdot
                + robot.bias_forces(q, v)
                - tau
                - cm.constraint_jacobian(q).T @ forces["tool"]
            )
            assert np.abs(residual).max() < 1e-9 * max(1.0, np.abs(tau).max())
        # constraintDynamics (proximal KKT, no corrector gains): the same, gains 0
        cmod = pin.RigidConstraintModel(
            pin.ContactType.CONTACT_3D,
            pmodel,
            pmodel.frames[fid].parentJoint,
            pmodel.frames[fid].placement,
            lwa,
        )
        cdata = cmod.createData()
        models, datas = pin.StdVec_RigidConstraintModel(), pin.StdVec_RigidConstraintData()
        models.append(cmod)
        datas.append(cdata)
        pin.initConstraintDynamics(pmodel, pdata, models, datas)
        settings = pin.ProximalSettings(1e-14, 1e-12, 10)
        ref = pin.constraintDynamics(pmodel, pdata, q, v, tau, models, datas, settings)
        vdot, forces = ConstrainedModel(robot, [contact], (0.0, 0.0)).constrained_forward_dynamics(
            q, v, tau
        )
        assert np.abs(vdot - ref).max() < 1e-9 * max(1.0, np.abs(ref).max())
        f_ref = datas[0].contact_force.linear
        assert np.abs(forces["tool"] - f_ref).max() < 1e-9 * max(1.0, np.abs(f_ref).max())
    print(f"UR5 point contact vs Pinocchio: worst relative error {worst:.2e}")


# ---------------------------------------------------------------------- 5. quadruped, pinned feet
QUADRUPEDS = {
    "solo12": ("solo_description/robots/solo12.urdf", ("FL_FOOT", "FR_FOOT", "HL_FOOT", "HR_FOOT")),
    "go1": ("go1_description/urdf/go1.urdf", ("FL_foot", "FR_foot", "RL_foot", "RR_foot")),
}


def _random_floating_state(rng, model):
    q = model.neutral()
    q[:3] = rng.uniform(-0.5, 0.5, 3)
    quat = rng.normal(size=4)
    q[3:7] = quat / np.linalg.norm(quat)
    q[7:] = rng.uniform(-1.0, 1.0, model.nq - 7)
    return q, rng.uniform(-1.0, 1.0, model.nv)


@pytest.mark.parametrize("robot_name", sorted(QUADRUPEDS))
def test_quadruped_on_pinned_feet_equals_pinocchio(erd_path, robot_name):
    """modyn's FloatingBaseModel + four PointContacts (feet pinned where they are) = Pinocchio's
    constraintDynamics with four CONTACT_3D RigidConstraintModels (LOCAL_WORLD_ALIGNED) on the
    FreeFlyer model of the same URDF: v̇ and the four foot forces, 5 random states (base pose,
    joints, velocities, torques), relative 1e-6 (measured ~1e-12)."""
    pin = pytest.importorskip("pinocchio")
    relative, feet = QUADRUPEDS[robot_name]
    path = erd_path(relative)
    robot = FloatingBaseModel.from_urdf(path)
    pmodel = pin.buildModelFromUrdf(str(path), pin.JointModelFreeFlyer())
    pdata = pmodel.createData()
    assert tuple(pmodel.names[2:]) == robot.actuator_names
    models, datas = pin.StdVec_RigidConstraintModel(), pin.StdVec_RigidConstraintData()
    for foot in feet:
        f = pmodel.frames[pmodel.getFrameId(foot)]
        cmod = pin.RigidConstraintModel(
            pin.ContactType.CONTACT_3D, pmodel, f.parentJoint, f.placement, pin.LOCAL_WORLD_ALIGNED
        )
        models.append(cmod)
        datas.append(cmod.createData())
    pin.initConstraintDynamics(pmodel, pdata, models, datas)
    settings = pin.ProximalSettings(1e-14, 1e-12, 20)
    rng = np.random.default_rng(7)
    worst = 0.0
    for _ in range(5):
        q, v = _random_floating_state(rng, robot)
        u = rng.uniform(-3.0, 3.0, robot.nu)
        tau = robot.generalized_forces(q, u)
        contacts = [PointContact(foot, foot) for foot in feet]
        cm = ConstrainedModel(robot, contacts, baumgarte=(0.0, 0.0), q0=q)
        # go1's URDF has joint friction, which Pinocchio's dynamics leave out
        vdot, forces = cm.constrained_forward_dynamics(q, v, tau, friction=False)
        ref = pin.constraintDynamics(
            pmodel, pdata, to_pinocchio_q(q), v, tau, models, datas, settings
        )
        scale = max(1.0, np.abs(ref).max())
        worst = max(worst, np.abs(vdot - ref).max() / scale)
        assert np.abs(vdot - ref).max() < 1e-6 * scale, (vdot, ref)
        for foot, data in zip(feet, datas, strict=True):
            f_ref = data.contact_force.linear
            err = np.abs(forces[foot] - f_ref).max() / max(1.0, np.abs(f_ref).max())
            worst = max(worst, err)
            assert err < 1e-6, (foot, forces[foot], f_ref)
    print(f"{robot_name} on four pinned feet vs Pinocchio: worst relative error {worst:.2e}")


@pytest.mark.parametrize("robot_name", sorted(QUADRUPEDS))
def test_quadruped_stands_on_constrained_inverse_dynamics(erd_path, robot_name):
    """At rest on its four pinned feet, the joint torques of constrained inverse dynamics (least
    norm) hold the robot: forward dynamics with them gives v̇ = 0, and the feet carry its weight
    (Σ f = −m g, the base's Newton equation at rest)."""
    relative, feet = QUADRUPEDS[robot_name]
    robot = FloatingBaseModel.from_urdf(erd_path(relative))
    q, _ = _random_floating_state(np.random.default_rng(3), robot)
    q[3:7] = (1.0, 0.0, 0.0, 0.0)
    cm = ConstrainedModel(robot, [PointContact(f, f) for f in feet], q0=q)
    zero = np.zeros(robot.nv)
    u, forces = cm.constrained_inverse_dynamics(q, zero, zero)
    vdot, forces_fd = cm.constrained_forward_dynamics(q, zero, robot.generalized_forces(q, u))
    assert np.abs(vdot).max() < 1e-9
    total = sum(forces.values())
    weight = -np.asarray(robot.gravity_vector) * _total_mass(robot)
    assert np.abs(total - weight).max() < 1e-9 * np.abs(weight).max()
    for f in feet:
        assert np.abs(forces[f] - forces_fd[f]).max() < 1e-8 * np.abs(weight).max()
    print(f"{robot_name} standing: u = {np.round(u, 3)}, Σf = {total}, m g = {weight}")


def _total_mass(robot) -> float:
    """m from the base's mass matrix block (M[:3, :3] = m I for a free flyer)."""
    return float(robot.mass_matrix(robot.neutral())[0, 0])


def test_frame_contact_equals_pinocchio_contact_6d(erd_path):
    """xArm7, its flange link_eef held in full (6 rows, one dof left): v̇ and the wrench [f; m about
    the link_eef origin] (world axes) = Pinocchio's constraintDynamics with a CONTACT_6D
    LOCAL_WORLD_ALIGNED constraint, on 5 random states with v along the free motion (J v = 0:
    there the classical and spatial drifts agree; off the constraint the two libraries' 6D
    drift conventions differ), relative 1e-9."""
    pin = pytest.importorskip("pinocchio")
    path = erd_path("xarm_description/urdf/xarm7.urdf")
    robot = RobotModel.from_urdf(path)
    pmodel = pin.buildModelFromUrdf(str(path))
    assert tuple(pmodel.names[1:]) == robot.joint_names
    pdata = pmodel.createData()
    f = pmodel.frames[pmodel.getFrameId("link_eef")]
    cmod = pin.RigidConstraintModel(
        pin.ContactType.CONTACT_6D, pmodel, f.parentJoint, f.placement, pin.LOCAL_WORLD_ALIGNED
    )
    models, datas = pin.StdVec_RigidConstraintModel(), pin.StdVec_RigidConstraintData()
    models.append(cmod)
    datas.append(cmod.createData())
    pin.initConstraintDynamics(pmodel, pdata, models, datas)
    rng = np.random.default_rng(5)
    worst = 0.0
    for _ in range(5):
        q = rng.uniform(-math.pi, math.pi, 7)
        tau = rng.uniform(-20, 20, 7)
        cm = ConstrainedModel(robot, [FrameContact("flange", "link_eef")], (10.0, 5.0), q0=q)
        free = np.linalg.svd(cm.constraint_jacobian(q))[2][-1]  # the null space of J
        v = rng.uniform(1.0, 3.0) * free
        assert np.abs(cm.constraint_velocity(q, v)).max() < 1e-12
        # the xArm URDF has joint friction, which Pinocchio's dynamics leave out
        vdot, forces = cm.constrained_forward_dynamics(q, v, tau, friction=False)
        ref = pin.constraintDynamics(
            pmodel, pdata, q, v, tau, models, datas, pin.ProximalSettings(1e-14, 1e-12, 10)
        )
        w_ref = datas[0].contact_force.vector
        err_a = np.abs(vdot - ref).max() / max(1.0, np.abs(ref).max())
        err_f = np.abs(forces["flange"] - w_ref).max() / max(1.0, np.abs(w_ref).max())
        worst = max(worst, err_a, err_f)
        assert err_a < 1e-9 and err_f < 1e-9, (vdot, ref, forces["flange"], w_ref)
    print(f"xArm7 frame contact vs Pinocchio CONTACT_6D: worst relative error {worst:.2e}")


# ---------------------------------------------------------------------- 6. inverse dynamics
def _id_residual(cm, q, v, a, u, forces):
    """|M v̇ + h − Sᵀu − Jᵀλ|∞ with the model's own M, h, S, J."""
    lam = np.concatenate([forces[c.name][list(c.selected)] for c in cm.constraints])
    return np.abs(
        cm.mass_matrix(q) @ a
        + cm.bias_forces(q, v)
        - cm.actuation_matrix(q).T @ u
        - cm.constraint_jacobian(q).T @ lam
    ).max()


def test_constrained_inverse_dynamics_four_bar(four_bar):
    """Three motors for one dof: the acceleration of the closed form under a crank torque τ₁ is
    realised by (closed forms, n = (1, k₂−1, k₃−k₂) the joint motion per unit crank angle and
    Γ = M v̇ + h):

    - subset ["j1"]: u = (τ₁, 0, 0) exactly, λ the closed-form closure force;
    - least norm: u = n (n·Γ)/|n|², the smallest |u|;
    - weighted, W = diag(1, 10, 100): u = W⁻¹n (n·Γ)/(nᵀW⁻¹n);

    each with M v̇ + h − Sᵀu − Jᵀλ = 0 to 1e-10 and forward dynamics of Sᵀu giving v̇ back."""
    robot, loop = four_bar
    crank = 2.0
    th, dth, ddth, lam = four_bar_closed_form(1.1, 1.5, crank)
    q, v, a = to_joints(th), to_joints(dth), to_joints(ddth)
    cm = ConstrainedModel(robot, [loop], q0=q)
    k = dth / dth[0]
    n = np.array([1.0, k[1] - 1.0, k[2] - k[1]])
    gamma = robot.inverse_dynamics(q, v, a)
    weights = np.array([1.0, 10.0, 100.0])
    expected = {
        "subset": np.array([crank, 0.0, 0.0]),
        "least_norm": n * (n @ gamma) / (n @ n),
        "weighted": (n / weights) * (n @ gamma) / (n @ (n / weights)),
    }
    norms = {}
    for method, kwargs in (
        ("subset", {"actuators": ["j1"]}),
        ("least_norm", {}),
        ("weighted", {"weights": weights}),
    ):
        u, forces = cm.constrained_inverse_dynamics(q, v, a, method=method, **kwargs)
        res = _id_residual(cm, q, v, a, u, forces)
        print(f"inverse dynamics {method}: u = {u}, λ = {forces['loop']}, residual {res:.1e}")
        assert res < 1e-10
        assert np.abs(u - expected[method]).max() < 1e-9 * max(1.0, np.abs(u).max())
        assert np.abs(cm.forward_dynamics(q, v, u) - a).max() < 1e-9 * max(1.0, np.abs(a).max())
        norms[method] = np.linalg.norm(u)
        if method == "subset":
            assert np.abs(forces["loop"][:2] - lam).max() < 1e-9 * np.abs(lam).max()
    assert norms["least_norm"] < norms["subset"] and norms["least_norm"] < norms["weighted"]
    # actuator_forces (the contract's) is the least-norm one
    assert np.allclose(cm.actuator_forces(q, v, a), expected["least_norm"], rtol=1e-9, atol=1e-12)
    for bad, match in (
        ({"method": "weighted", "weights": [1.0, -1.0, 1.0]}, "positive weights"),
        ({"method": "subset", "actuators": ["j9"]}, r"unknown actuator\(s\) \['j9'\]"),
        ({"method": "pseudo"}, "unknown method"),
    ):
        with pytest.raises(ConstraintError, match=match):
            cm.constrained_inverse_dynamics(q, v, a, **bad)


def test_constrained_inverse_dynamics_underactuated_is_refused(erd_path):
    """solo12 on four pinned feet (6 free dof) driven by the three front-left motors only cannot
    follow an arbitrary consistent acceleration: ConstraintError naming the actuators."""
    relative, feet = QUADRUPEDS["solo12"]
    robot = FloatingBaseModel.from_urdf(erd_path(relative))
    q, v = _random_floating_state(np.random.default_rng(11), robot)
    cm = ConstrainedModel(robot, [PointContact(f, f) for f in feet], (0.0, 0.0), q0=q)
    a, _ = cm.constrained_forward_dynamics(q, v, robot.generalized_forces(q, np.ones(12)))
    u, forces = cm.constrained_inverse_dynamics(q, v, a, method="least_norm")
    assert _id_residual(cm, q, v, a, u, forces) < 1e-10
    legs = ["FL_HAA", "FL_HFE", "FL_KFE"]
    with pytest.raises(ConstraintError, match=r"actuators \['FL_HAA', 'FL_HFE', 'FL_KFE'\]"):
        cm.constrained_inverse_dynamics(q, v, a, method="subset", actuators=legs)


# ---------------------------------------------------------------------- the contract, the factory
def test_constrained_model_is_a_contract_model(four_bar):
    from modyn_model import algorithms, is_mechanism_model

    robot, loop = four_bar
    cm = ConstrainedModel(robot, [loop])
    assert is_mechanism_model(cm)
    assert (cm.nq, cm.nv, cm.nu, cm.coordinate_names) == (3, 3, 3, robot.joint_names)
    assert cm.constraint_names == ("loop",) and cm.constraint_dims == (2,)
    assert getattr(cm, "fast_path", None) is None  # the tree's fast path would skip λ
    rng = np.random.default_rng(2)
    qs = np.stack([to_joints(four_bar_closed_form(t, 0.0, 0.0)[0]) for t in (0.2, 1.0, 2.0, 3.0)])
    vs = rng.normal(size=(4, 3))
    taus = rng.normal(size=(4, 3))
    batch, forces = cm.constrained_forward_dynamics(qs, vs, taus)
    assert batch.shape == (4, 3) and forces["loop"].shape == (4, 3)
    data = cm.make_data()
    for i in range(4):
        one, f_one = cm.constrained_forward_dynamics(qs[i], vs[i], taus[i])
        assert np.allclose(batch[i], one, rtol=1e-12, atol=1e-12)
        assert np.allclose(forces["loop"][i], f_one["loop"], rtol=1e-12, atol=1e-12)
        # the single-call path a plant uses goes through the constrained dynamics
        assert np.allclose(algorithms.forward_dynamics(cm, data, qs[i], vs[i], taus[i]), one)
    # versions of the model a plant makes keep the constraints
    for other in (cm.with_gravity((0.0, 0.0, -9.81)), cm.with_parameters(extras=robot.extras)):
        assert isinstance(other, ConstrainedModel) and other.constraint_names == ("loop",)
        assert other.constraints[0] is cm.constraints[0]
    assert np.allclose(
        cm.with_parameters(extras=robot.extras).forward_dynamics(qs[0], vs[0], taus[0]),
        cm.forward_dynamics(qs[0], vs[0], taus[0]),
    )
    diag = cm.diagnostics(qs[0], vs[0])
    assert set(diag) == {"loop.position", "loop.velocity"}
    assert diag["loop.position"] < 1e-12
    assert diag["loop.velocity"] == pytest.approx(
        np.abs(cm.constraint_velocity(qs[0], vs[0])).max()
    )


def test_load_model_with_constraints():
    spec = {
        "kind": "urdf",
        "xml": FOUR_BAR_URDF,
        "gravity": list(GRAVITY),
        "constraints": [
            {
                "type": "loop_closure",
                "name": "loop",
                "frame_a": "pivot_d",
                "frame_b": "rocker_tip",
                "dim": 3,
                "rows": [0, 1],
            }
        ],
        "baumgarte": {"kp": 50.0, "kd": 14.0},
    }
    cm = load_model(spec)
    assert isinstance(cm, ConstrainedModel) and (cm.kp, cm.kd) == (50.0, 14.0)
    th, dth, ddth, lam = four_bar_closed_form(0.5, 1.0, 1.0)
    vdot, forces = cm.constrained_forward_dynamics(to_joints(th), to_joints(dth), [1.0, 0, 0])
    assert np.abs(vdot - to_joints(ddth)).max() < 1e-9
    from modyn_model import DescriptionError

    bad = dict(spec, constraints=[{"type": "loop_closure", "name": "x", "frame_a": "pivot_d"}])
    with pytest.raises(
        DescriptionError, match=r"constraints\[0\].*missing field\(s\) \['frame_b'\]"
    ):
        load_model(bad)
    bad = dict(spec, constraints=[{"type": "glue", "name": "x"}])
    with pytest.raises(DescriptionError, match=r"constraints\[0\]: type must be one of"):
        load_model(bad)
    with pytest.raises(ConstraintError, match="baumgarte: unknown key"):
        load_model(dict(spec, baumgarte={"kp": 1.0, "ki": 2.0}))


def _rpy(rot):
    """URDF roll-pitch-yaw of a rotation matrix (R = Rz(y) Ry(p) Rx(r), |p| < π/2)."""
    return (
        math.atan2(rot[2, 1], rot[2, 2]),
        math.asin(-rot[2, 0]),
        math.atan2(rot[1, 0], rot[0, 0]),
    )


def _fixed_link(parent: str, name: str, pose) -> str:
    x, r = [float(c) for c in pose[:3, 3]], _rpy(pose[:3, :3])
    return (
        f'<link name="{name}"/><joint name="{name}_joint" type="fixed"><parent link="{parent}"/>'
        f'<child link="{name}"/><origin xyz="{x[0]!r} {x[1]!r} {x[2]!r}" '
        f'rpy="{r[0]!r} {r[1]!r} {r[2]!r}"/></joint>'
    )


@pytest.mark.parametrize("dim", [3, 6])
def test_loop_closure_between_moving_bodies_equals_pinocchio(erd_path, dim):
    """xArm7 with a frame fixed on link1 (dim 6: 6 rows, relative motion of 6 joints) or on link3
    (dim 3) placed where the flange link_eef is at q0, closed on link_eef: v̇ and λ (on body b,
    link_eef) = Pinocchio's constraintDynamics with a two-joint RigidConstraintModel (joint1 =
    link_eef's, whose force it reports: the same body as ours), 3 random q0, v along the free
    motion, relative 1e-9."""
    pin = pytest.importorskip("pinocchio")
    path = erd_path("xarm_description/urdf/xarm7.urdf")
    xml = path.read_text()
    plain = RobotModel.from_urdf(path)
    parent = "link1" if dim == 6 else "link3"
    kind = pin.ContactType.CONTACT_6D if dim == 6 else pin.ContactType.CONTACT_3D
    rng = np.random.default_rng(dim)
    worst = 0.0
    for _ in range(3):
        q0 = rng.uniform(-2.0, 2.0, 7)
        pose = np.linalg.inv(plain.frame_placement(q0, parent)) @ plain.frame_placement(
            q0, "link_eef"
        )
        closed = xml.replace("</robot>", _fixed_link(parent, "loop_a", pose) + "</robot>")
        robot = RobotModel.from_urdf(closed)
        cm = ConstrainedModel(robot, [LoopClosure("loop", "loop_a", "link_eef", dim)], q0=q0)
        jac = cm.constraint_jacobian(q0)
        free = np.linalg.svd(jac)[2][dim:]  # null space of J (rank dim, checked at q0)
        v = free.T @ rng.normal(size=7 - dim)
        tau = rng.uniform(-5.0, 5.0, 7)
        vdot, forces = cm.constrained_forward_dynamics(q0, v, tau, friction=False)
        pmodel = pin.buildModelFromXML(closed)
        pdata = pmodel.createData()
        fa = pmodel.frames[pmodel.getFrameId("loop_a")]
        fb = pmodel.frames[pmodel.getFrameId("link_eef")]
        cmod = pin.RigidConstraintModel(
            kind,
            pmodel,
            fb.parentJoint,
            fb.placement,
            fa.parentJoint,
            fa.placement,
            pin.LOCAL_WORLD_ALIGNED,
        )
        models, datas = pin.StdVec_RigidConstraintModel(), pin.StdVec_RigidConstraintData()
        models.append(cmod)
        datas.append(cmod.createData())
        pin.initConstraintDynamics(pmodel, pdata, models, datas)
        ref = pin.constraintDynamics(
            pmodel, pdata, q0, v, tau, models, datas, pin.ProximalSettings(1e-14, 1e-12, 20)
        )
        f_ref = datas[0].contact_force.vector[:dim]
        err_a = np.abs(vdot - ref).max() / max(1.0, np.abs(ref).max())
        err_f = np.abs(forces["loop"] - f_ref).max() / max(1.0, np.abs(f_ref).max())
        worst = max(worst, err_a, err_f)
        assert err_a < 1e-9 and err_f < 1e-9, (vdot, ref, forces["loop"], f_ref)
    print(f"xArm7 loop closure dim {dim} vs Pinocchio: worst relative error {worst:.2e}")


# ---------------------------------------------------------------------- physical laws
def _rk4(cm, q, v, tau, dt, steps, record):
    """Classical RK4 on (q, v) of a vector-space model; ``record(q, v)`` after each step."""
    out = []
    f = cm.forward_dynamics
    for _ in range(steps):
        a1 = f(q, v, tau)
        a2 = f(q + 0.5 * dt * v, v + 0.5 * dt * a1, tau)
        a3 = f(q + 0.5 * dt * (v + 0.5 * dt * a1), v + 0.5 * dt * a2, tau)
        a4 = f(q + dt * (v + 0.5 * dt * a2), v + dt * a3, tau)
        q = q + dt * v + dt * dt / 6.0 * (a1 + a2 + a3)
        v = v + dt / 6.0 * (a1 + 2 * a2 + 2 * a3 + a4)
        out.append(record(q, v))
    return np.array(out)


def test_four_bar_closure_forces_do_no_work(four_bar):
    """Free motion of the four-bar under gravity, no torque, no stabilisation: the closure force
    does no work (λ·Jv = 0), so the energy of the open chain is conserved; RK4 at dt = 1 ms over
    2 s keeps it to 1e-8 relative (and the closure to 1e-7 m)."""
    robot, loop = four_bar
    th, dth, _, _ = four_bar_closed_form(0.3, 4.0, 0.0)
    q0, v0 = to_joints(th), to_joints(dth)
    cm = ConstrainedModel(robot, [loop], (0.0, 0.0), q0=q0)
    e0 = robot.kinetic_energy(q0, v0) + robot.potential_energy(q0)
    rec = _rk4(
        cm,
        q0,
        v0,
        np.zeros(3),
        1e-3,
        2000,
        lambda q, v: (
            robot.kinetic_energy(q, v) + robot.potential_energy(q),
            np.abs(cm.constraint_residual(q)).max(),
        ),
    )
    drift = np.abs(rec[:, 0] - e0).max() / abs(e0)
    print(f"four-bar energy drift over 2 s (RK4, 1 ms): {drift:.2e}, closure {rec[:, 1].max():.2e}")
    assert drift < 1e-8
    assert rec[:, 1].max() < 1e-7


def test_baumgarte_residual_follows_its_ode(erd_path):
    """UR5, a point contact anchored 1 cm (and 0.5 cm) away from the point, at rest: the residual
    must follow φ̈ + k_d φ̇ + k_p φ = 0 exactly (φ is linear in the point's position), i.e. with
    k_d = 2√k_p = 2ω, φ(t) = φ₀ (1 + ω t) e^{−ωt}. RK4 at dt = 1 ms over 1 s: to 1e-8 m."""
    robot = RobotModel.from_urdf(erd_path(UR5))
    q0 = np.array([0.3, -1.2, 1.5, -0.8, 1.2, 0.4])
    point = robot.frame_placement(q0, "tool0")[:3, 3]
    offset = np.array([0.01, -0.005, 0.0])
    omega = 8.0
    cm = ConstrainedModel(
        robot, [PointContact("tool", "tool0", anchor=point - offset)], (omega**2, 2 * omega)
    )
    tau = robot.gravity(q0)  # any torque: the constraint direction follows the ODE regardless
    dt, steps = 1e-3, 1000
    rec = _rk4(cm, q0, np.zeros(6), tau, dt, steps, lambda q, v: cm.constraint_residual(q))
    t = dt * np.arange(1, steps + 1)
    expected = offset[None, :] * ((1 + omega * t) * np.exp(-omega * t))[:, None]
    err = np.abs(rec - expected).max()
    print(f"Baumgarte residual vs its closed form: max error {err:.2e} m (φ₀ = 1 cm)")
    assert err < 1e-8
    assert np.abs(rec[-1]).max() < 3.1e-5  # decayed from 1 cm by (1 + 8) e⁻⁸ = 3.0e-3


def test_project_assembles_the_four_bar(four_bar):
    """From an open configuration, project() closes the loop (|φ| ≤ 1e-12) within the default
    iterations, and the closed configuration satisfies the loop equations of the closed form."""
    robot, loop = four_bar
    cm = ConstrainedModel(robot, [loop])
    q = cm.project(np.array([0.5, 1.5, 1.2]))
    assert np.abs(cm.constraint_residual(q)).max() <= 1e-12
    th = np.cumsum(q)  # absolute angles
    tip = A_ * _e(th[0]) + B_ * _e(th[1]) + C_ * _e(th[2])
    assert np.abs(tip - [D_, 0.0]).max() < 1e-12


def test_load_model_floating_base_with_contacts(erd_path):
    """The floating_base key (FloatingBaseModel) and the constraints key compose: a constrained
    floating model that still says floating_base (for the plants) and stands like the one built
    by hand."""
    relative, feet = QUADRUPEDS["solo12"]
    path = erd_path(relative)
    spec = {
        "kind": "urdf",
        "file": str(path),
        "floating_base": True,
        "constraints": [{"type": "point_contact", "name": f, "frame": f} for f in feet],
        "baumgarte": {"kp": 100.0, "kd": 20.0},
    }
    cm = load_model(spec)
    assert isinstance(cm, ConstrainedModel) and isinstance(cm.model, FloatingBaseModel)
    assert cm.floating_base is True and cm.nq == 19 and cm.nv == 18
    q = cm.neutral()
    by_hand = ConstrainedModel(
        FloatingBaseModel.from_urdf(path), [PointContact(f, f) for f in feet]
    )
    zero = np.zeros(18)
    u, forces = cm.constrained_inverse_dynamics(q, zero, zero)
    u2, forces2 = by_hand.constrained_inverse_dynamics(q, zero, zero)
    assert np.allclose(u, u2, rtol=1e-12, atol=1e-12)
    assert abs(sum(f[2] for f in forces.values()) - _total_mass(cm.model) * 9.81) < 1e-9


def test_gauss_principle_and_projected_accelerations(four_bar):
    """Gauss's principle of least constraint: the constrained acceleration is the M-metric
    projection of the free one, M⁻¹(τ − h), onto the stabilised constraint; a projected desired
    acceleration is accepted by constrained inverse dynamics, which returns torques that realise
    it (forward dynamics gives it back)."""
    robot, loop = four_bar
    th, dth, _, _ = four_bar_closed_form(2.2, -1.3, 0.0)
    q, v = to_joints(th), to_joints(dth)
    cm = ConstrainedModel(robot, [loop], q0=q)
    tau = np.array([1.0, -0.5, 0.3])
    free = robot.forward_dynamics(q, v, tau)
    projected = cm.project_acceleration(q, v, free)
    assert np.abs(projected - cm.forward_dynamics(q, v, tau)).max() < 1e-12 * np.abs(free).max()
    desired = np.array([3.0, -2.0, 1.0])
    a = cm.project_acceleration(q, v, desired)
    assert np.abs(cm.acceleration_residual(q, v, a)).max() < 1e-12
    u, _ = cm.constrained_inverse_dynamics(q, v, a)
    assert np.abs(cm.forward_dynamics(q, v, u) - a).max() < 1e-10
