"""A legged robot of example-robot-data stands under the four nodes and holds its torso after a
push, on the built-in plant and on MuJoCo (issue 14, acceptance).

solo12 (floating base, four feet pinned: config/mechanisms/solo12_standing.yaml) under
config/systems/solo12_standing_{sim,mujoco}.yaml: hardware_interface, trajectory_generator,
inverse_dynamics_feedforward and feedback_controller as processes (the runner), lockstep in sim
time at 500 Hz. The controller's law is computed torque on the 18 velocity coordinates
(ω = 20 rad/s, ζ = 1; the base held where the hold began), its τ mapped to the 12 motors by the
constrained model's actuation_solve (the contact forces carry the base wrench). The test sends
the trajectory that holds the standing joints itself (the trajectory generator plans fixed-base
goals only), and pushes the torso through ``/hardware_interface/push``: 20 N along x on
``base_link`` for 0.1 s (``push_duration``) at t = 1 s.

Asserted (measured on this machine, MuJoCo / built-in):

* before the push the torso does not move: < 1e-6 m (6.5e-9 / 1.9e-15 m; MuJoCo's equalities
  are soft, the feet sink by nanometres under the load);
* the push moves it: peak displacement between 5 mm and 5 cm (14.7 / 14.6 mm), the two plants'
  peaks within 10 % of each other (MuJoCo RK4 vs the built-in plant's semi-implicit Euler, and
  the push's start is the plant time at which the message arrives);
* 2 s after the push the torso is back: < 1e-4 m and < 1e-3 rad (5e-9 m / 3e-13 m; 0 rad: the
  push acts through the base origin);
* the foot forces (``constraint_forces/<foot>``) sum to (0, 0, m g) at rest, to 1e-3 m g
  (|Σf − m g| 6e-6 / 8e-11 N on m g = 24.5 N);
* no fault latched (hardware_status never ERROR), no node died.
"""

from __future__ import annotations

import importlib.metadata

import numpy as np
import pytest

pytest.importorskip("rclpy")
pytest.importorskip("mujoco")

from modyn_bringup.push_episode import run_push_episode  # noqa: E402
from modyn_bringup.system import load_system  # noqa: E402
from modyn_model import load_model  # noqa: E402

pytestmark = pytest.mark.system

PUSH_AT = 1.0
AFTER = 2.0
SYSTEMS = ("solo12_standing_sim", "solo12_standing_mujoco")


@pytest.fixture(scope="module")
def episodes(tmp_path_factory):
    try:
        importlib.metadata.distribution("example-robot-data")
    except importlib.metadata.PackageNotFoundError:
        pytest.skip("example-robot-data is not installed (pip install example-robot-data)")
    out = {}
    # both runs stay separate processes (not composed, unlike the other law/plant tests):
    # run_push_episode starts the controller by a second runner.start(), so composed it gets a
    # process of its own and the plant-controller loop still crosses processes (measured: 38 ->
    # 30 CPU-s built-in, 34 -> 20 MuJoCo); the composed = separate check that converting one run
    # needs would be a third push episode and cost more than it saves
    for name in SYSTEMS:
        spec = load_system(name)
        out[name] = (
            spec,
            run_push_episode(
                spec,
                frame="base_link",
                force=(20.0, 0.0, 0.0),
                push_at=PUSH_AT,
                after=AFTER,
                log_dir=tmp_path_factory.mktemp(name),
            ),
        )
    return out


@pytest.mark.parametrize("name", SYSTEMS)
def test_stands_and_holds_its_torso_after_a_push(episodes, name):
    spec, ep = episodes[name]
    assert not ep.faults, ep.faults
    dp, angle = ep.displacement()
    before = ep.t < ep.push_time
    assert before.sum() > 100 and dp[before].max() < 1e-6, dp[before].max()
    peak = dp.max()
    print(f"{name}: peak {peak * 1e3:.2f} mm, final {dp[-1]:.3g} m / {angle[-1]:.3g} rad")
    assert 5e-3 < peak < 5e-2, peak
    assert ep.t[-1] >= ep.push_time + AFTER - 0.01
    assert dp[-1] < 1e-4 and angle[-1] < 1e-3, (dp[-1], angle[-1])
    model = load_model(spec.robot_description)
    q0 = np.asarray(
        next(n for n in spec.nodes if n.name == "hardware_interface").parameters[
            "initial_positions"
        ]
    )
    weight = model.mass_matrix(q0)[0, 0] * 9.81  # the base's linear block is m I
    assert set(ep.forces) == set(model.constraint_names)
    total = sum(f[-1] for _, f in ep.forces.values())
    np.testing.assert_allclose(total, [0.0, 0.0, weight], atol=1e-3 * weight)


def test_the_plants_agree_on_the_push(episodes):
    peaks = [episodes[name][1].displacement()[0].max() for name in SYSTEMS]
    assert abs(peaks[0] - peaks[1]) < 0.1 * max(peaks), peaks
