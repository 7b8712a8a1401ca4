"""modyn_hardware.safety when the actuators are not the joints but as many (a geared arm: motor
torques u, τ = Sᵀ u with S = Aᵀ constant), against hand-computed values.

S = [[3, 0], [2, −4]] (motor 1 turns with joint a alone, motor 2 with both), so φ̇ = S q̇ and
τ = Sᵀ u: τ_a = 3 u₁ + 2 u₂, τ_b = −4 u₂.

* the soft position/velocity limits apply the joint rules of test_safety.py to τ = Sᵀ u and map
  the result back, u = S⁻ᵀ τ: Sᵀ u after the guard equals the rule's τ (the same numbers as the
  aligned arm of test_safety.py, since τ is what the rule sees);
* the actuator speed limits (|S v| ≤ φ̇max): in fault mode a sentence naming the motor; in
  saturate mode the velocity rule in motor space with g = S⁻ᵀ Q and d_k = (S⁻ᵀ Kd S⁻¹)_kk;
* without a square S the soft limits are still refused (soft_limit_problem), naming why.
"""

from __future__ import annotations

import numpy as np
import pytest

from modyn_hardware.safety import LimitGuard, Limits, soft_limit_problem

S = np.array([[3.0, 0.0], [2.0, -4.0]])
G = np.array([2.0, 1.0])  # a constant "gravity" (N·m), generalized forces
KP, KD = np.array([100.0, 50.0]), np.array([10.0, 5.0])


def _limits(**extra) -> Limits:
    return Limits(
        joint_names=("a", "b"),
        lower=np.array([-1.0, -1.0]),
        upper=np.array([1.0, 1.0]),
        velocity=np.array([2.0, 2.0]),
        effort=np.array([100.0, 100.0]),
        actuator_names=("motor1", "motor2"),
        **extra,
    )


def guard(**extra) -> LimitGuard:
    return LimitGuard(_limits(**extra), KP, KD, gravity=lambda q: G, actuation=lambda q: S)


def test_the_soft_limits_need_a_square_actuation():
    assert "or as many actuators as coordinates" in soft_limit_problem(_limits())
    assert soft_limit_problem(_limits(square=True)) is None
    assert soft_limit_problem(_limits(position_mode="fault", velocity_mode="fault")) is None
    with pytest.raises(ValueError, match="actuation"):
        LimitGuard(_limits(square=True), KP, KD, gravity=lambda q: G)


def test_soft_position_limit_on_the_generalized_forces():
    g = guard(square=True)
    q, v = np.array([1.1, -1.2]), np.array([0.5, -0.3])
    # the command whose τ is test_safety.py's [10, -10]: u = S⁻ᵀ τ
    u = np.linalg.solve(S.T, [10.0, -10.0])
    assert g.apply(u, q, v) is None
    # the joint rule on τ: a: 2 + min(8, 0) - 100·0.1 - 10·0.5 = -13; b: 1 + 0 + 50·0.2 + 1.5
    np.testing.assert_allclose(S.T @ u, [-13.0, 12.5], rtol=0, atol=1e-12)
    assert g.counts["position_limited"] == 1
    # inside: the command is untouched (bit for bit)
    u = np.array([1.25, -3.5])
    before = u.copy()
    assert g.apply(u, np.array([0.9, -0.9]), np.array([0.1, 0.1])) is None
    np.testing.assert_array_equal(u, before)


def test_soft_velocity_limit_on_the_generalized_forces():
    g = guard(square=True)
    v = np.array([2.5, 0.0])  # joint a beyond 2 rad/s
    u = np.linalg.solve(S.T, [10.0, 3.0])
    g.apply(u, np.zeros(2), v)
    # a: 2 + min(10 - 2, 0) - 10 (2.5 - 2) = -3; b untouched: 3
    np.testing.assert_allclose(S.T @ u, [-3.0, 3.0], rtol=0, atol=1e-12)
    assert g.counts["velocity_limited"] == 1


def test_actuator_speed_fault_names_the_motor():
    g = guard(actuator_velocity=np.array([10.0, 6.0]), velocity_mode="fault", position_mode="fault")
    v = np.array([1.0, -1.2])  # joints within 2 rad/s; motor 2: 2·1 - 4·(-1.2) = 6.8 > 6
    reason = g.apply(np.zeros(2), np.zeros(2), v)
    assert reason == (
        "velocity limit: actuator 'motor2' moving at 6.8, beyond ±6 "
        "(actuator_velocity_limit, |S(q) v|)"
    )
    assert g.apply(np.zeros(2), np.zeros(2), np.array([1.0, -0.9])) is None  # 5.6 < 6


def test_actuator_speed_saturates_in_motor_space():
    phi_max = np.array([10.0, 6.0])
    g = guard(actuator_velocity=phi_max, square=True)
    v = np.array([1.0, -1.2])  # φ̇ = [3, 6.8]: motor 2 beyond 6
    u = np.array([5.0, 7.0])
    g.apply(u, np.zeros(2), v)
    s_inv_t = np.linalg.inv(S.T)
    ug = s_inv_t @ G  # the motor torques that hold gravity
    d2 = (s_inv_t @ np.diag(KD) @ s_inv_t.T)[1, 1]
    # motor 2 pushes further (7 > ug₂): cut to ug₂, damper d₂ on the 0.8 rad/s excess
    expected = [5.0, ug[1] - d2 * (6.8 - 6.0)]
    np.testing.assert_allclose(u, expected, rtol=0, atol=1e-12)
    # by hand: S⁻ᵀ = [[1/3, 1/6], [0, -1/4]]: ug₂ = -1/4, d₂ = 5/16
    assert ug[1] == pytest.approx(-0.25) and d2 == pytest.approx(5.0 / 16.0)
    assert g.counts["velocity_limited"] == 1
    # a command that brakes (u₂ = -3 below ug₂) is kept, plus the damper
    u = np.array([5.0, -3.0])
    g.apply(u, np.zeros(2), v)
    assert u[1] == pytest.approx(-3.0 - 5.0 / 16.0 * 0.8)


# ----------------------------------------------------------------------------- the geared arm
def _geared(**motor):
    """The Case S geared arm of config/mechanisms (kind geared), motor fields overridden."""
    from pathlib import Path

    import yaml

    from modyn_model import load_model

    path = Path(__file__).resolve().parents[3] / "config" / "mechanisms" / "geared3_case_s.yaml"
    if not path.is_file():
        pytest.skip(f"{path} not found")
    data = yaml.safe_load(path.read_text())
    for fields in data["actuators"].values():
        fields.update(motor)
    return load_model(data, base_dir=path.parent)


def test_the_geared_arm_configures_square_soft_limits_and_motor_speeds():
    from modyn_hardware.hardware_config import validate_config

    model = _geared()
    config = validate_config({"initial_positions": [0.0, 0.5, 0.8]}, model)
    limits = config.limits
    assert limits.square and not limits.aligned  # saturate modes accepted: no ConfigError
    assert limits.actuator_names == ("motor4", "motor5", "motor6")
    np.testing.assert_array_equal(limits.actuator_velocity, [50.0, 50.0, 50.0])
    np.testing.assert_array_equal(limits.effort, [25.0, 25.0, 25.0])
    # a motor speed limit <= 0 is refused by the model itself, naming the motor
    with pytest.raises(Exception, match="actuator 'motor4': field 'velocity_limit' must be pos"):
        _geared(velocity_limit=-1.0)


def test_the_geared_arm_soft_limit_in_motor_torques():
    """Joint 3 beyond its upper limit (2.6 rad) on the geared arm: the guard's command, mapped
    to joint torques by τ = A ξ, is the joint rule; the motors that do not reach joint 3 keep
    their share of the other joints' torques (A upper triangular: motor 6 drives joint 3, motor 5
    couples joints 2 and 3)."""
    from modyn_hardware.hardware_config import validate_config

    model = _geared()
    config = validate_config({"initial_positions": [0.0, 0.5, 0.8]}, model)
    g = LimitGuard(
        config.limits,
        config.hold_kp,
        config.hold_kd,
        gravity=model.gravity,
        actuation=model.actuation_matrix,
    )
    q, v = np.array([0.2, 0.4, 2.7]), np.array([0.1, -0.2, 0.5])
    a = np.asarray(model.actuation_matrix(q)).T  # τ = A ξ
    xi = np.array([1.0, 2.0, 3.0])
    tau = a @ xi
    assert g.apply(xi, q, v) is None
    expected = tau.copy()
    qg = model.gravity(q)
    kp, kd = config.hold_kp[2], config.hold_kd[2]
    expected[2] = qg[2] + min(tau[2] - qg[2], 0.0) - kp * (2.7 - 2.6) - kd * 0.5
    np.testing.assert_allclose(a @ xi, expected, rtol=0, atol=1e-9)
    assert g.counts["position_limited"] == 1
