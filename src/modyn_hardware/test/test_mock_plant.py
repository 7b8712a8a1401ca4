"""MockPlant: velocity = effort, position = its exact integral, effort echoed.

* q(t) = q0 + Σ τ_k dt exactly (closed form), velocity and effort are the last command;
* under a PD law with Kd < 1 the mock settles like the first-order system
  q̇ = Kp (q_d − q) / (1 + Kd) (closed-form rate), and with Kd > 1 it does not (the documented
  limit: its velocity is the previous command);
* reset, read-only snapshots, rejected input;
* in hardware_interface (``plant: mock``): a command sent with the joints in another order comes
  back in joint_states joint by joint, the wiring test the mock exists for.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

from modyn_hardware.hardware_interface_node import Config, ConfigError, make_plant
from modyn_hardware.mock_plant import MockPlant
from modyn_hardware.plant import PlantError

NAMES = ("a", "b", "c")


def test_position_is_the_integral_of_the_effort():
    plant = MockPlant(NAMES, q0=[1.0, 2.0, 3.0])
    efforts = [[1.0, -2.0, 0.5], [0.0, 4.0, -1.0], [3.0, 3.0, 3.0]]
    dts = [1e-3, 2e-3, 0.5]
    for effort, dt in zip(efforts, dts, strict=True):
        plant.write(effort)
        plant.step(dt)
        state = plant.read()
        assert state.velocity.tolist() == effort
        assert state.effort.tolist() == effort
    expected = np.array([1.0, 2.0, 3.0]) + sum(
        dt * np.array(e) for e, dt in zip(efforts, dts, strict=True)
    )
    np.testing.assert_allclose(state.position, expected, rtol=0, atol=1e-15)
    assert state.time == pytest.approx(sum(dts))
    assert plant.joint_names == NAMES and plant.n == 3


def _pd_on_mock(kp: float, kd: float, dt: float, steps: int) -> np.ndarray:
    plant = MockPlant(["j"])
    positions = np.empty(steps)
    for k in range(steps):
        state = plant.read()
        plant.write([kp * (1.0 - state.position[0]) - kd * state.velocity[0]])
        plant.step(dt)
        positions[k] = plant.read().position[0]
    return positions


def test_pd_on_the_mock_settles_at_the_closed_form_rate():
    kp, kd, dt, steps = 4.0, 0.5, 1e-3, 2000
    q = _pd_on_mock(kp, kd, dt, steps)
    # v_k = Kp e_k − Kd v_{k−1}: for Kd < 1 and Kp dt ≪ 1 the continuous first-order solution
    # e(t) = exp(−Kp t / (1 + Kd)), to O(Kp dt) = 0.4 %
    t = dt * np.arange(1, steps + 1)
    expected = 1.0 - np.exp(-kp * t / (1.0 + kd))
    np.testing.assert_allclose(q, expected, rtol=0, atol=5e-3)
    # and with Kd > 1 the velocity term alternates in sign and grows: not a control plant
    assert np.max(np.abs(_pd_on_mock(kp, 1.5, dt, 200))) > 1e3


def test_reset_snapshot_and_bad_input():
    plant = MockPlant(NAMES)
    plant.write([1.0, 1.0, 1.0])
    plant.step(1.0)
    snapshot = plant.read()
    with pytest.raises(ValueError):
        snapshot.position[0] = 0.0
    plant.reset([0.0, 0.5, 1.0])
    state = plant.read()
    assert state.position.tolist() == [0.0, 0.5, 1.0]
    assert state.velocity.tolist() == [0.0] * 3 and state.time == 1.0
    assert snapshot.position.tolist() == [1.0, 1.0, 1.0]
    plant.reset([0.0, 0.0, 0.0], [0.0, 0.0, 0.0])  # at rest: accepted
    with pytest.raises(PlantError, match="reset at rest"):
        plant.reset([0.0, 0.0, 0.0], [1.0, 0.0, 0.0])
    with pytest.raises(PlantError, match=r"effort\[2\] \(joint 'c'\) is inf"):
        plant.write([0.0, 0.0, math.inf])
    with pytest.raises(PlantError, match="dt must be a positive"):
        plant.step(0.0)
    with pytest.raises(PlantError, match="duplicates"):
        MockPlant(["a", "a"])
    with pytest.raises(PlantError, match="non-empty strings"):
        MockPlant([])


def test_make_plant_mock_and_mujoco_needs_a_description(planar_model):
    config = Config(
        plant="mock",
        mode="lockstep",
        rate=1000.0,
        dt_ns=1_000_000,
        integrator="rk4",
        watchdog_timeout=0.5,
        publish_clock=True,
        clock_every=10,
        initial_positions=np.array([0.1, 0.2]),
        hold_kp=np.array([1.0, 1.0]),
        hold_kd=np.array([1.0, 1.0]),
    )
    plant = make_plant(config, planar_model)
    assert isinstance(plant, MockPlant) and plant.read().position.tolist() == [0.1, 0.2]
    no_urdf = Config(**{**config.__dict__, "plant": "mujoco"})
    with pytest.raises(ConfigError, match="robot_description"):
        make_plant(no_urdf, planar_model)
    bad_urdf = Config(**{**config.__dict__, "plant": "mujoco", "robot_description": "<robot"})
    with pytest.raises(ConfigError, match="parameter plant: 'mujoco': .*malformed XML"):
        make_plant(bad_urdf, planar_model)


def test_node_wiring_with_the_mock_plant(make_loop, planar_xml):
    loop = make_loop(robot_description=planar_xml, plant="mock", watchdog_timeout=5.0)
    assert isinstance(loop.hw.plant, MockPlant)
    loop.connect()
    t_k = loop.hw.plant_time_ns
    # joints given in the reverse of the model's order (joint1, joint2)
    loop.command([-0.5, 2.0], t_k, names=["joint2", "joint1"])
    js = loop.state_at(t_k + loop.hw.config.dt_ns)
    assert list(js.name) == ["joint1", "joint2"]
    assert list(js.velocity) == [2.0, -0.5]
    assert list(js.effort) == [2.0, -0.5]
    assert list(js.position) == [2.0 * 1e-3, -0.5 * 1e-3]
