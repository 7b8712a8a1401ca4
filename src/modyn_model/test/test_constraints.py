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
    for dtheta1, crank, tau23 in ((0.0, 0.0, (0, 0)), (2.5, 3.0, (0, 0)), (-4.0, -1.5, (0.7, -0.4))):
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
