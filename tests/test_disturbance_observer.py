"""The disturbance observer (modyn_control.disturbance_observer) against closed forms.

* A pure inertia with an unknown constant torque: the raw estimate is exact under the zero-order
  hold, so δ̂_k = d (1 − (1 − α)^k) to rounding.
* A perfect 6R model: δ̂ stays at the O(Δt²) level of the midpoint rule, and quarters when Δt
  halves.
* Payload and viscous friction unknown to the model: δ̂ follows the true τ − NE(q, q̇, q̈).
* With the observer, computed torque loses the static error d/(I ω²) of [9.28] without an
  integral term.
"""

from __future__ import annotations

import functools
import math
from pathlib import Path

import numpy as np
import pytest

from modyn_control.computed_torque import ComputedTorque, PredictiveControl
from modyn_control.disturbance_observer import DisturbanceObserver
from modyn_control.law_base import LawSwitch, Reference
from modyn_control.laws import ControlError
from modyn_control.task_space import TaskComputedTorque
from modyn_hardware.simulated import SimulatedPlant
from modyn_model import RobotModel
from modyn_model.joint import JointExtras

pytestmark = pytest.mark.loop

ROD = """<?xml version="1.0"?>
<robot name="rod">
  <link name="base"/>
  <link name="rod">
    <inertial><origin xyz="0.25 0 0"/><mass value="2.0"/>
      <inertia ixx="0.001" ixy="0" ixz="0" iyy="0.04" iyz="0" izz="0.04"/></inertial>
  </link>
  <joint name="hinge" type="revolute">
    <parent link="base"/><child link="rod"/><axis xyz="0 0 1"/>
    <limit lower="-3.14" upper="3.14" effort="100" velocity="10"/>
  </joint>
</robot>"""


@pytest.fixture(scope="module")
def rx90_model():
    """The 6R arm of urdf/rx90.urdf.xacro (as modyn_ros.testing's fixture of the same name)."""
    return RobotModel.from_xacro(Path(__file__).resolve().parents[1] / "urdf" / "rx90.urdf.xacro")


@pytest.fixture(scope="module")
def arm():
    urdf_dir = Path(__file__).resolve().parents[1] / "urdf"
    """The 6R arm with its rotor inertias (urdf/rx90_extras.yaml), friction removed."""
    nominal = RobotModel.from_xacro(
        urdf_dir / "rx90.urdf.xacro", extras=urdf_dir / "rx90_extras.yaml"
    )
    return nominal.with_parameters(
        extras=[JointExtras(rotor_inertia=float(a)) for a in nominal.armature]
    )


@pytest.fixture(scope="module")
def rod():
    """A rod turning about the vertical: no gravity torque, a pure inertia I = 0.04 + 2·0.25²."""
    return RobotModel.from_urdf(ROD)


def test_constant_torque_is_estimated_geometrically(rod):
    inertia = rod.mass_matrix([0.0])[0, 0]
    assert inertia == pytest.approx(0.04 + 2.0 * 0.25**2, rel=1e-12)
    d, dt, k_o = 0.7, 1e-3, 80.0  # N·m opposing the motion, s, rad/s
    obs = DisturbanceObserver(rod, k_o)
    rng = np.random.default_rng(1)
    q, v = 0.1, 0.0
    alpha = 1.0 - math.exp(-k_o * dt)
    for k in range(300):
        est = obs.update(k * dt, np.array([q]), np.array([v]))[0]
        assert est == pytest.approx(d * (1.0 - (1.0 - alpha) ** k), rel=1e-9, abs=1e-12)
        tau = rng.uniform(-3.0, 3.0)  # any torque: the estimate does not depend on it
        obs.applied(np.array([tau]))
        acc = (tau - d) / inertia  # I q̈ = τ − d, integrated exactly over the held step
        q += v * dt + 0.5 * acc * dt * dt
        v += acc * dt


def _observe(model, plant_model, dt, t_end=0.4):
    """δ̂ on ``plant_model`` driven by a smooth torque; returns (δ̂, true δ) per tick."""
    plant = SimulatedPlant(plant_model, "rk4", np.array([0.0, -0.5, 1.0, 0.0, 0.5, 0.0]))
    obs = DisturbanceObserver(model, 100.0, friction=False)
    est, true = [], []
    for k in range(int(round(t_end / dt))):
        t = k * dt
        s = plant.read()
        est.append(obs.update(t, s.position, s.velocity).copy())
        tau = model.gravity(s.position) + 3.0 * np.sin(np.arange(1, 7) * 2.0 * t + 1.0)
        acc = plant_model.forward_dynamics(s.position, s.velocity, tau)
        true.append(tau - model.inverse_dynamics(s.position, s.velocity, acc, friction=False))
        obs.applied(tau)
        plant.write(tau)
        plant.step(dt)
    return np.array(est), np.array(true)


def test_estimate_is_zero_on_a_perfect_model(arm):
    model = arm
    worst = {}
    for dt in (2e-3, 1e-3):
        est, true = _observe(model, model, dt)
        np.testing.assert_allclose(true, 0.0, atol=1e-9)
        worst[dt] = np.abs(est).max()
    # measured: 3.5e-5 and 8.8e-6 N·m against torques up to 90 N·m: the midpoint rule's O(Δt²)
    assert worst[1e-3] < 5e-5, worst
    assert 3.0 < worst[2e-3] / worst[1e-3] < 5.0, worst


def test_estimate_follows_unmodelled_payload_and_friction(arm):
    model = arm
    # the plant: a last link 3x as heavy (mass, first and second moments) and viscous friction,
    # neither known to the model
    heavier = model.inertial_parameters.copy()
    heavier[-1] *= 3.0
    plant_model = model.with_parameters(
        heavier,
        extras=[
            JointExtras(rotor_inertia=float(a), viscous=fv)
            for a, fv in zip(model.armature, (5.0, 5.0, 3.0, 1.0, 1.0, 0.5), strict=True)
        ],
    )
    est, true = _observe(model, plant_model, 1e-3)
    scale = np.abs(true).max(axis=0)
    assert np.all(scale > 1.0)  # N·m: there is something to estimate on every joint
    # the closed form: δ̂ is δ through the first-order filter dδ̂/dt = K_o (δ − δ̂), discretised
    # as the observer does (α = 1 − exp(−K_o Δt), δ at the middle of each held step)
    alpha = 1.0 - math.exp(-100.0 * 1e-3)
    filtered = np.zeros_like(true)
    for k in range(1, len(true)):
        filtered[k] = filtered[k - 1] + alpha * (0.5 * (true[k - 1] + true[k]) - filtered[k - 1])
    # measured: at most 3.3e-3 N·m (0.2 % of |δ|); the lag δ − δ̂ itself reaches 0.22 N·m
    np.testing.assert_array_less(np.abs(est - filtered).max(axis=0), 3e-3 * scale)
    assert np.abs(est - true)[100:].max() > 0.1  # (which the filter accounts for)


def test_observer_removes_the_static_error_of_an_unknown_torque(arm):
    """The pendulum-like check of [9.28] on the 6R arm: a constant torque d the model lacks."""
    model = arm
    d = np.array([3.0, -4.0, 2.0, 0.05, -0.05, 0.02])
    q_set = np.array([0.2, -0.4, 0.9, 0.1, 0.4, -0.2])
    ref = Reference(q_set, np.zeros(6), np.zeros(6))
    omega = 10.0
    finals = {}
    for k_o in (None, 100.0):
        law = ComputedTorque(model, omega, friction=False, observer_bandwidth=k_o)
        plant = SimulatedPlant(model, "rk4", q_set, friction=False)
        tau = np.zeros(6)
        for k in range(3000):
            s = plant.read()
            law.step(k * 1e-3, s.position, s.velocity, ref, tau)
            plant.write(tau - d)  # the robot is short of d
            plant.step(1e-3)
        finals[k_o] = q_set - plant.read().position
    # [9.28] at rest (q̈ = q̇ = 0, Â = A): K_p e = A(q)⁻¹ d, at the pose where it settled
    static = np.linalg.solve(model.mass_matrix(q_set - finals[None]), d) / omega**2
    np.testing.assert_allclose(finals[None], static, rtol=1e-6)
    assert np.abs(finals[100.0]).max() < 1e-6 * np.abs(static).max() + 1e-9, finals


def test_zero_bandwidth_is_the_plain_law_and_bad_values_are_named(rx90_model):
    q = np.array([0.1, -0.3, 0.8, 0.2, 0.3, -0.1])
    ref = Reference(q + 0.01, np.full(6, 0.1), np.full(6, 0.2))
    task = lambda *a, **k: TaskComputedTorque(rx90_model, "tool0", *a, **k)  # noqa: E731
    for cls in (ComputedTorque, PredictiveControl, task):
        if cls is not task:
            cls = functools.partial(cls, rx90_model)
        plain = cls(8.0).step(0.0, q, np.zeros(6), ref, np.zeros(6))
        zero = cls(8.0, observer_bandwidth=0.0)
        assert zero.observer is None
        with_obs = cls(8.0, observer_bandwidth=[50.0])
        # the first tick has no previous sample: δ̂ = 0, the plain law's torque
        np.testing.assert_array_equal(with_obs.step(0.0, q, np.zeros(6), ref, np.zeros(6)), plain)
    for bad, match in (
        (-1.0, r"observer_bandwidth\[0\] = -1.0: must be finite and >= 0"),
        ([10.0, math.nan, 1, 1, 1, 1], r"observer_bandwidth\[1\] = nan"),
        ([10.0, 20.0], r"observer_bandwidth: 2 values for 6 joints"),
    ):
        with pytest.raises(ControlError, match=match):
            ComputedTorque(rx90_model, 8.0, observer_bandwidth=bad)


def test_law_switch_tells_the_observer_the_blended_torque(rx90_model):
    """During a bumpless change the robot gets τ_new + gap: that is what the observer must see,
    or it would read the gap as a disturbance and undo the blend."""
    q = np.array([0.1, -0.3, 0.8, 0.2, 0.3, -0.1])
    ref = Reference(q + 0.02, np.zeros(6), np.zeros(6))
    switch = LawSwitch(ComputedTorque(rx90_model, 5.0), blend_time=0.1)
    out = np.zeros(6)
    switch.step(0.0, q, np.zeros(6), ref, out)
    new = ComputedTorque(rx90_model, 12.0, observer_bandwidth=100.0)
    switch.switch(new)
    switch.step(1e-3, q, np.zeros(6), ref, out)
    assert switch.blending
    np.testing.assert_array_equal(new.observer._applied, out)
    own = new.step(2e-3, q, np.zeros(6), ref, np.zeros(6))
    assert not np.allclose(own, out)  # the law's own torque differs from what was sent


def test_task_computed_torque_with_the_observer_removes_the_static_tip_error(arm):
    """Task space [9.33] with a constant joint torque d the model lacks: without the observer
    the tip settles off target (Ẍ = w is short of J Â⁻¹ d); with it, on target."""
    d = np.array([3.0, -4.0, 2.0, 0.05, -0.05, 0.02])
    q0 = np.array([0.2, -0.4, 0.9, 0.1, 0.4, -0.2])
    pose = arm.frame_placement(q0, "tool0")
    ref = Reference(q0).set_task(pose[:3, 3], pose[:3, :3], np.zeros(6), np.zeros(6))
    tip_error = {}
    for k_o in (None, 100.0):
        law = TaskComputedTorque(arm, "tool0", 10.0, friction=False, observer_bandwidth=k_o)
        plant = SimulatedPlant(arm, "rk4", q0, friction=False)
        tau = np.zeros(6)
        for k in range(3000):
            s = plant.read()
            law.step(k * 1e-3, s.position, s.velocity, ref, tau)
            plant.write(tau - d)
            plant.step(1e-3)
        tip = arm.frame_placement(plant.read().position, "tool0")[:3, 3]
        tip_error[k_o] = np.linalg.norm(tip - pose[:3, 3])
    # measured: 4.0 mm without, 2e-15 m with
    assert tip_error[None] > 1e-4, tip_error
    assert tip_error[100.0] < 1e-8, tip_error
