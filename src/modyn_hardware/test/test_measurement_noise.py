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
        watchdog_timeout=0.005,  # republished at t_0 while waiting: many samples of one state
        initial_positions=[0.1, 0.2],
        measurement_noise=[0.01, 0.02, 0.0],
        measurement_noise_seed=3,
    )
    assert loop.spin_until(lambda: len(loop.states) >= 150, timeout=30.0)
    q = np.array([js.position for js in loop.states])
    v = np.array([js.velocity for js in loop.states])
    e = np.array([js.effort for js in loop.states])
    # 300 samples per field: the sample std is within ±15 % (its relative spread is 4 %)
    np.testing.assert_allclose(np.std(q - [0.1, 0.2]), 0.01, rtol=0.15)
    np.testing.assert_allclose(np.std(v), 0.02, rtol=0.15)
    np.testing.assert_allclose(np.mean(q, axis=0), [0.1, 0.2], atol=4 * 0.01 / np.sqrt(len(q)))
    assert np.all(e == 0.0)  # σ_τ = 0: exact
    state = loop.hw.plant.read()  # the plant itself (and the safety layer) see the true state
    np.testing.assert_array_equal(state.position, [0.1, 0.2])


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
