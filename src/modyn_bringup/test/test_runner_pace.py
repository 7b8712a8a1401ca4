"""``modyn run`` / ``modyn_system --real-time-factor X`` paces a lockstep plant (X = 1: the real
robot's speed) unless the plant's own ``real_time_factor`` is given with ``--set``; the default
is unpaced; SystemRunner (tests, episodes) leaves the spec as it is."""

from __future__ import annotations

import numpy as np
import pytest

from modyn_bringup.runner import PACE, _pace
from modyn_bringup.system import BringupError, load_system


def _factor(spec):
    return spec.node("hardware_interface").parameters.get("real_time_factor")


def test_a_lockstep_plant_is_paced_unless_given():
    spec = load_system("rx90_sim")
    assert _factor(spec) is None  # the system file leaves it to the command
    _pace(spec, PACE)
    assert PACE == 0.0 and _factor(spec) == 0.0
    spec = load_system("rx90_sim")
    _pace(spec, 1.0)
    assert _factor(spec) == 1.0
    spec = load_system("rx90_sim", ["hardware_interface.real_time_factor=0.5"])
    _pace(spec, 1.0)
    assert _factor(spec) == 0.5  # --set wins


def test_a_realtime_plant_is_left_alone_and_a_bad_factor_is_named():
    spec = load_system("rx90_realtime")
    _pace(spec, PACE)
    assert _factor(spec) is None
    for bad in (-1.0, float("nan"), float("inf")):
        with pytest.raises(BringupError, match="--real-time-factor"):
            _pace(load_system("rx90_sim"), bad)


@pytest.mark.system
def test_a_paced_system_is_never_faster_than_its_pace(tmp_path):
    """rx90_sim as four processes with real_time_factor 0.5, holding: the plant's clock advances
    at most 0.5 s per wall second (a bound load cannot break: a loaded machine only slows it),
    and it does advance. Measured on the plant's own record (its topic log: each state's stamp
    and the wall clock when it was published), not on a probe's receive times, which a busy
    probe takes late (Q29: its first sample 0.06 s late made 1.5 s of plant time in 2.93 s of
    wall time look 0.5 % too fast)."""
    pytest.importorskip("rclpy")
    from mcap.reader import make_reader
    from rclpy.serialization import deserialize_message
    from rosgraph_msgs.msg import Clock
    from sensor_msgs.msg import JointState

    from modyn_bringup.runner import SystemRunner
    from modyn_hardware.hardware_supervisor import PACE_SLACK_NS
    from modyn_ros.testing import Harness

    log = tmp_path / "plant.mcap"
    spec = load_system(
        "rx90_sim",
        ["hardware_interface.real_time_factor=0.5", f"hardware_interface.topic_log={log}"],
    )
    seen: list[float] = []  # plant s
    with SystemRunner(spec, tmp_path) as runner, Harness("pace_probe") as probe:
        probe.node.create_subscription(
            Clock, "/clock", lambda m: seen.append(m.clock.sec + m.clock.nanosec * 1e-9), 10
        )

        def alive() -> None:
            assert not runner.dead(), runner.log_tail("hardware_interface")

        # 1.8 s of plant time from the first clock this probe sees
        probe.spin_until(lambda: bool(seen) and seen[-1] >= seen[0] + 1.8, 60.0, alive)
    assert seen and seen[-1] >= seen[0] + 1.8, f"the plant stopped at {seen[-1:]}"
    samples = []  # (wall s at its publication, plant s): the plant's own record
    with open(log, "rb") as f:
        for _, _, message in make_reader(f).iter_messages(topics=["/joint_states"]):
            stamp = deserialize_message(message.data, JointState).header.stamp
            samples.append((message.log_time * 1e-9, stamp.sec + stamp.nanosec * 1e-9))
    assert samples[-1][1] - samples[0][1] >= 1.8, samples[-1]
    # from the first step (the plant republishes t_0 while it waits for its first command) to
    # the last state; the pacing lets a loop less than PACE_SLACK_NS behind catch up, and a
    # state is written a moment after its due time: 0.05 s of wall time allowed, as before
    wall = np.array([w for w, _ in samples])
    plant = np.array([p for _, p in samples])
    first = int(np.argmax(plant > plant[0])) - 1
    assert PACE_SLACK_NS * 1e-9 < 0.05
    assert plant[-1] - plant[first] <= 0.5 * (wall[-1] - wall[first] + 0.05), (
        plant[-1] - plant[first],
        wall[-1] - wall[first],
    )
    span_wall, span_plant = wall[-1] - wall[first], plant[-1] - plant[first]
    print(f"\npaced at 0.5: {span_plant:.3f} s of plant time in {span_wall:.3f} s of wall time")
