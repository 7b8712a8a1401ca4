"""``modyn run`` / ``modyn_system --real-time-factor X`` paces a lockstep plant (X = 1: the real
robot's speed) unless the plant's own ``real_time_factor`` is given with ``--set``; the default
is unpaced; SystemRunner (tests, episodes) leaves the spec as it is."""

from __future__ import annotations

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
    and it does advance."""
    pytest.importorskip("rclpy")
    import time

    from rosgraph_msgs.msg import Clock

    from modyn_bringup.runner import SystemRunner
    from modyn_ros.testing import Harness

    spec = load_system("rx90_sim", ["hardware_interface.real_time_factor=0.5"])
    seen: list[tuple[float, float]] = []  # (wall s, plant s)
    with SystemRunner(spec, tmp_path) as runner, Harness("pace_probe") as probe:
        probe.node.create_subscription(
            Clock,
            "/clock",
            lambda m: seen.append((time.monotonic(), m.clock.sec + m.clock.nanosec * 1e-9)),
            10,
        )

        def alive() -> None:
            assert not runner.dead(), runner.log_tail("hardware_interface")

        # 1.8 s of plant time from the first clock this probe sees
        probe.spin_until(lambda: bool(seen) and seen[-1][1] >= seen[0][1] + 1.8, 60.0, alive)
    assert seen and seen[-1][1] >= seen[0][1] + 1.8, f"the plant stopped at {seen[-1:]}"
    # from 0.3 s of plant time after the first clock (a new subscriber's first messages come
    # in a burst) to the last
    start = next(s for s in seen if s[1] >= seen[0][1] + 0.3)
    wall, plant = seen[-1][0] - start[0], seen[-1][1] - start[1]
    # the probe's receive times lag the plant by at most its spin period and DDS: + 0.05 s
    assert plant <= 0.5 * (wall + 0.05), (plant, wall)
    print(f"\npaced at 0.5: {plant:.3f} s of plant time in {wall:.3f} s of wall time")
