"""hardware_interface's simulated sensors (issue 19, docs/nodes.md ``measurement_noise``):
seeded white noise on the published joint_states only, the plant's own state untouched; bad
values stop the node naming the parameter."""

from __future__ import annotations

import numpy as np
import pytest

from modyn_hardware.hardware_interface_node import ConfigError, check_parameters


def test_published_states_carry_the_noise_and_the_plant_does_not(make_loop, planar_2r_xml):
    loop = make_loop(
        robot_description=planar_2r_xml,
        initial_positions=[0.1, 0.2],
        measurement_noise=[0.01, 0.02, 0.0],
        measurement_noise_seed=3,
    )
    # while the plant waits, t_0 is republished every 50 ms: the same measurement each time, so
    # that the noise sequence of a run does not depend on how long its start-up took
    assert loop.spin_until(lambda: len(loop.states) >= 3, timeout=30.0)
    waiting = np.array([js.position + js.velocity for js in loop.states[:3]])
    assert np.all(waiting == waiting[0]) and np.any(waiting[0, :2] != [0.1, 0.2])
    # then 300 steps held at rest (the gravity torque of the start pose: the true state stays)
    loop.connect()
    hold = loop.hw.model.inverse_dynamics(np.array([0.1, 0.2]), np.zeros(2), np.zeros(2))
    states = [loop.step(hold) for _ in range(300)]
    q = np.array([js.position for js in states])
    v = np.array([js.velocity for js in states])
    e = np.array([js.effort for js in states])
    # 600 samples per field: the sample std is within ±15 % (its relative spread is 3 %)
    np.testing.assert_allclose(np.std(q - [0.1, 0.2]), 0.01, rtol=0.15)
    np.testing.assert_allclose(np.std(v), 0.02, rtol=0.15)
    np.testing.assert_allclose(np.mean(q, axis=0), [0.1, 0.2], atol=4 * 0.01 / np.sqrt(len(q)))
    np.testing.assert_array_equal(e, np.tile(hold, (len(e), 1)))  # σ_τ = 0: exact
    state = loop.hw.plant.read()  # the plant itself (and the safety layer) see the true state
    np.testing.assert_allclose(state.position, [0.1, 0.2], rtol=0, atol=1e-12)


@pytest.mark.parametrize(
    "values, message",
    [
        ({"measurement_noise": [0.1, 0.2]}, "is not 3 standard deviations >= 0"),
        ({"measurement_noise": [0.1, -0.2, 0.0]}, "is not 3 standard deviations >= 0"),
        (
            {"measurement_noise": [0.1, 0.0, 0.0], "plant": "ros2_control", "mode": "realtime"},
            "noise is simulated on the simulated plants only",
        ),
        ({"measurement_noise_seed": -1}, "measurement_noise_seed: -1 is not an integer >= 0"),
    ],
)
def test_bad_noise_parameters_are_named(values, message):
    with pytest.raises(ConfigError, match="parameter measurement_noise") as info:
        check_parameters(values)
    assert message in str(info.value)
