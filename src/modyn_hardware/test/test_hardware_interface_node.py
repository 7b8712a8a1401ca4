"""The hardware_interface node against docs/nodes.md, in one process: the node under test and a
test node share one executor (the ``make_loop`` fixture of conftest.py).

Lockstep: the state at t_0 is published (and republished while waiting), a command stamped t_k
advances exactly one step to t_k + dt and gives the same state as the plant stepped directly,
other stamps are stale, missing commands become counted safe-hold steps that hold the 6R arm,
bad commands are rejected without touching the plant, efforts are clipped, ``~/reset`` works and
``/diagnostics`` carries the counters. Realtime: timer-driven steps on the wall clock. Bad
parameters stop the node with a message naming the parameter, also through ``main`` in a
subprocess (exit status 2).
"""

from __future__ import annotations

import math
import os
import re
import subprocess
import sys
import time

import numpy as np
import pytest

from modyn_hardware.hardware_interface_node import (
    ConfigError,
    HardwareInterfaceNode,
    check_parameters,
    validate_config,
)
from modyn_hardware.simulated import SimulatedPlant
from modyn_model import RobotModel

MS = 1_000_000  # ns


@pytest.fixture(scope="module")
def planar(planar_2r_xml):
    return RobotModel.from_urdf(planar_2r_xml)


# ---------------------------------------------------------------------- start-up
def test_publishes_description_latched_and_state_at_t0(make_loop, planar_2r_xml, stamp_ns):
    loop = make_loop(
        robot_description=planar_2r_xml,
        watchdog_timeout=0.05,
        joint_names=["joint2", "joint1"],
        initial_positions=[0.2, 0.1],
    )
    # the tester subscribed after the node published: transient-local delivers it anyway
    assert loop.spin_until(lambda: loop.descriptions and len(loop.states) >= 3 and loop.clocks)
    assert loop.descriptions[0].data == planar_2r_xml
    for js in loop.states:  # published at start and every watchdog_timeout while waiting
        assert stamp_ns(js) == 0
        assert list(js.name) == ["joint1", "joint2"]
        assert list(js.position) == [0.1, 0.2]
        assert list(js.velocity) == [0.0, 0.0]
        assert list(js.effort) == [0.0, 0.0]
    assert loop.clocks[0].clock.sec == 0 and loop.clocks[0].clock.nanosec == 0
    assert loop.hw.counters["steps"] == 0 and loop.hw.counters["misses"] == 0
    assert loop.hw.state == "waiting"


def test_waiting_for_the_first_command_is_logged_with_the_matched_publishers(
    make_loop, planar_2r_xml, capfd
):
    """Lockstep, before the first command: from the second watchdog period on, each period
    logs that the plant waits for the effort_command of t_0 and how many effort_command
    publishers are matched (the tester's one); once commands flow, no more such lines."""
    loop = make_loop(robot_description=planar_2r_xml, watchdog_timeout=0.05)
    loop.connect()
    assert loop.spin_until(lambda: len(loop.states) >= 4)
    waiting = [
        line for line in capfd.readouterr().err.splitlines() if "waiting for the first" in line
    ]
    assert waiting, "no waiting line"
    assert all(line.startswith("[INFO]") for line in waiting)
    assert "(stamped t = 0.000 s)" in waiting[-1]
    assert waiting[-1].endswith("1 effort_command publisher(s) matched, 1 in the ROS graph")
    loop.step([0.0, 0.0])
    loop.spin_for(0.2)
    assert "waiting for the first" not in capfd.readouterr().err


def test_a_reader_left_unmatched_with_a_graph_publisher_is_made_anew(
    make_loop, planar_2r_xml, capfd
):
    """Lockstep, before the first command: a reader that reports no matched publisher while
    the ROS graph has one (DDS under load, docs/testing.md) is replaced after
    UNMATCHED_PERIODS watchdog periods, once, with a warning; the new reader then receives
    the controller's commands and the plant steps."""
    from modyn_hardware.hardware_interface_node import UNMATCHED_PERIODS

    loop = make_loop(robot_description=planar_2r_xml, watchdog_timeout=0.05)
    loop.connect()
    stale = loop.hw._command_sub
    stale.get_publisher_count = lambda: 0  # what the stuck reader reported
    assert loop.spin_until(lambda: loop.hw._resubscribed >= 1, timeout=5.0)
    assert loop.hw._command_sub is not stale
    err = capfd.readouterr().err
    unmatched = [
        line for line in err.splitlines() if "0 effort_command publisher(s) matched, 1 in" in line
    ]
    assert len(unmatched) >= UNMATCHED_PERIODS
    assert "[WARN]" in err and "subscribing anew" in err
    assert loop.spin_until(lambda: loop.hw._command_sub.get_publisher_count() == 1)
    t0 = loop.hw.plant_time_ns
    state = loop.step([0.0, 0.0])
    assert state is not None and loop.hw.plant_time_ns == t0 + loop.hw.config.dt_ns
    assert loop.hw._resubscribed == 1  # matched now: not replaced again


# ---------------------------------------------------------------------- lockstep
def test_command_stamped_tk_advances_exactly_one_step(make_loop, planar_2r_xml, planar, stamp_ns):
    # clock_period 0: /clock with every step (the default, 10 ms, has its own test)
    loop = make_loop(
        robot_description=planar_2r_xml, rate=250.0, watchdog_timeout=5.0, clock_period=0.0
    )
    assert loop.hw.config.dt_ns == 4 * MS
    assert loop.hw.preferred_executor is None  # lockstep: the process's default executor
    loop.connect()
    reference = SimulatedPlant(planar, "rk4")
    for k, effort in enumerate([[1.0, -0.5], [2.0, 0.3], [0.0, 0.0]]):
        js = loop.step(effort)
        assert stamp_ns(js) == (k + 1) * 4 * MS
        reference.write(effort)
        reference.step(4e-3)
        expected = reference.read()
        # the node runs the same plant: bit-for-bit the same state
        assert list(js.position) == expected.position.tolist()
        assert list(js.velocity) == expected.velocity.tolist()
        assert list(js.effort) == effort
        assert loop.hw.counters["steps"] == k + 1
    assert loop.spin_until(
        lambda: any(c.clock.sec == 0 and c.clock.nanosec == 12 * MS for c in loop.clocks)
    )
    counters = loop.hw.counters
    assert counters["misses"] == counters["stale"] == counters["rejected"] == 0


def test_clock_is_published_every_clock_period(make_loop, planar_2r_xml):
    loop = make_loop(robot_description=planar_2r_xml, rate=1000.0, clock_period=0.005)
    assert loop.hw.config.clock_every == 5
    loop.connect()
    for _ in range(12):
        loop.step([0.0, 0.0])
    assert loop.spin_until(lambda: any(c.clock.nanosec == 10 * MS for c in loop.clocks))
    # t = 0 may have been published before the tester connected (volatile QoS)
    stamps = sorted({c.clock.nanosec for c in loop.clocks} - {0})
    assert stamps == [5 * MS, 10 * MS], stamps


def test_other_stamps_are_stale_and_do_not_advance(make_loop, planar_2r_xml, stamp_ns):
    loop = make_loop(robot_description=planar_2r_xml, watchdog_timeout=5.0)
    loop.connect()
    dt = loop.hw.config.dt_ns
    loop.step([0.0, 0.0])
    position = loop.hw.plant.read().position
    for t in (0, 2 * dt, dt + 1, dt - 1):  # old, future, off by one nanosecond
        loop.command([5.0, 5.0], t)
    assert loop.spin_until(lambda: loop.hw.counters["stale"] == 4)
    loop.spin_for(0.1)
    assert loop.hw.counters["steps"] == 1
    assert max(stamp_ns(m) for m in loop.states) == dt
    np.testing.assert_array_equal(loop.hw.plant.read().position, position)
    assert stamp_ns(loop.step([0.0, 0.0])) == 2 * dt  # the right stamp still works


def test_watchdog_latches_the_safe_hold_until_reset(make_loop, planar_2r_xml, stamp_ns, capfd):
    loop = make_loop(robot_description=planar_2r_xml, watchdog_timeout=0.05)
    loop.connect()
    loop.spin_for(0.2)
    assert loop.hw.counters["steps"] == 0  # no step (and no watchdog) before the first command
    assert loop.hw.state == "waiting" and loop.hw.fault is None
    loop.step([0.0, 0.0])
    # one miss latches the fault, then safe-hold steps at real-time pace (one per dt of wall)
    assert loop.spin_until(lambda: loop.hw.counters["hold_steps"] >= 20)
    counters = loop.hw.counters
    assert counters["misses"] == 1 and counters["faults"] == 1
    assert counters["steps"] == 1 + counters["misses"] + counters["hold_steps"]
    assert loop.hw.state == "faulted"
    assert loop.hw.fault == "watchdog: no command for step t = 0.001 s within 0.05 s"
    assert "fault latched: watchdog: no command for step t = 0.001 s" in capfd.readouterr().err
    assert loop.spin_until(lambda: stamp_ns(loop.states[-1]) == loop.hw.plant_time_ns)
    stamps = [stamp_ns(m) for m in loop.states if stamp_ns(m) > 0]
    assert stamps == [(k + 1) * loop.hw.config.dt_ns for k in range(len(stamps))]
    # latched: commands are ignored (the current step's) or stale (the hold stepped on before
    # they arrived), the hold goes on
    for _ in range(5):
        loop.command([0.0, 0.0], loop.hw.plant_time_ns)
    assert loop.spin_until(lambda: loop.hw.counters["ignored"] + loop.hw.counters["stale"] == 5)
    assert loop.hw.state == "faulted"
    # the arm cannot be armed over a fault
    response = loop.enable(True)
    assert not response.success and "call ~/reset first" in response.message
    # ~/reset clears it: the plant stops (lockstep waits for the command of t_k, as at start)
    response = loop.reset()
    assert response.success and "fault cleared (watchdog" in response.message, response.message
    assert loop.hw.state == "waiting" and loop.hw.fault is None
    t_k = loop.hw.plant_time_ns
    loop.spin_for(0.1)
    assert loop.hw.plant_time_ns == t_k
    assert stamp_ns(loop.step([0.0, 0.0])) == t_k + loop.hw.config.dt_ns
    assert loop.hw.state == "following"
    assert loop.reset().message == "no fault latched"


def test_safe_hold_keeps_the_6r_arm_in_place(make_loop, rx90_xml, rx90_extras):
    q0 = [0.3, -0.6, 0.9, 0.2, 0.5, -0.3]
    loop = make_loop(
        robot_description=rx90_xml,
        model_extras=rx90_extras,
        rate=500.0,
        watchdog_timeout=0.05,
        initial_positions=q0,
    )
    loop.connect()
    loop.step([0.0] * 6)  # one step without torque: the arm starts to fall, then no controller
    # one miss, then safe-hold steps at real-time pace: 1 s of plant time in about 1 s of wall
    assert loop.spin_until(lambda: loop.hw.plant_time_ns >= 1_000 * MS, timeout=15.0)
    assert loop.hw.counters["misses"] == 1 and loop.hw.counters["hold_steps"] >= 490
    positions = np.array([m.position for m in loop.states])
    assert len(positions) > 400
    deviation = np.abs(positions - q0).max()
    assert deviation < 0.05
    assert np.abs(loop.hw.plant.read().velocity).max() < 0.05


@pytest.mark.parametrize(
    "names, effort, field",
    [
        (None, [math.nan, 0.0], "effort[0] is nan"),
        (None, [0.0, math.inf], "effort[1] is inf"),
        (["joint1", "elbow"], [0.0, 0.0], "unknown joint name(s) ['elbow']"),
        (["joint1"], [0.0], "missing joint(s) ['joint2']"),
        (["joint1", "joint1"], [0.0, 0.0], "repeated joint name(s) ['joint1']"),
        (None, [1.0], "effort: 1 values for 2 joints"),
        (None, [], "effort: 0 values for 2 joints"),
        ([], [], "missing joint(s)"),
    ],
)
def test_bad_commands_are_rejected_and_the_plant_untouched(
    make_loop, planar_2r_xml, stamp_ns, capfd, names, effort, field
):
    loop = make_loop(
        robot_description=planar_2r_xml, watchdog_timeout=5.0, initial_positions=[0.1, 0.2]
    )
    loop.connect()
    before = loop.hw.plant.read()
    loop.command(effort, 0, names=names)  # stamped t_0: it would advance if it were accepted
    assert loop.spin_until(lambda: loop.hw.counters["rejected"] == 1)
    loop.spin_for(0.05)
    after = loop.hw.plant.read()
    assert loop.hw.counters["steps"] == 0 and loop.hw.plant_time_ns == 0
    for name in ("position", "velocity", "effort"):
        np.testing.assert_array_equal(getattr(after, name), getattr(before, name))
    assert field in capfd.readouterr().err  # the log line names the field and the value
    assert stamp_ns(loop.step([0.0, 0.0])) == loop.hw.config.dt_ns  # still usable


def test_efforts_are_clipped_to_the_limits(make_loop, planar_2r_xml, planar):
    # the velocity limit would act after the first, violent step: raised out of the way here
    loop = make_loop(robot_description=planar_2r_xml, watchdog_timeout=5.0, velocity_limit=[1000.0])
    loop.connect()
    np.testing.assert_array_equal(planar.effort_limit, [150.0, 80.0])
    js = loop.step([1e4, -1e4])
    assert list(js.effort) == [150.0, -80.0]
    np.testing.assert_array_equal(loop.hw.plant.read().effort, [150.0, -80.0])
    assert loop.hw.counters["saturated"] == 1
    js = loop.step([10.0, -80.0])  # at the limit is not beyond it
    assert list(js.effort) == [10.0, -80.0]
    assert loop.hw.counters["saturated"] == 1


def test_reset_plant_moves_back_and_keeps_time(make_loop, planar_2r_xml, stamp_ns):
    q0 = [0.3, -0.2]
    loop = make_loop(robot_description=planar_2r_xml, watchdog_timeout=5.0, initial_positions=q0)
    loop.connect()
    for _ in range(5):
        loop.step([5.0, 5.0])
    t5 = loop.hw.plant_time_ns
    assert t5 == 5 * loop.hw.config.dt_ns
    assert np.abs(loop.hw.plant.read().position - q0).max() > 1e-4
    response = loop.reset_plant()
    assert response.success, response.message
    state = loop.hw.plant.read()
    np.testing.assert_array_equal(state.position, q0)
    np.testing.assert_array_equal(state.velocity, [0.0, 0.0])
    assert loop.hw.plant_time_ns == t5  # time keeps running
    # the state at t_5 is republished: the controller sees the reset pose
    assert loop.spin_until(
        lambda: any(stamp_ns(m) == t5 and list(m.position) == q0 for m in loop.states)
    )
    assert stamp_ns(loop.step([0.0, 0.0])) == t5 + loop.hw.config.dt_ns


def test_diagnostics_report_the_counters(make_loop, planar_2r_xml):
    loop = make_loop(robot_description=planar_2r_xml, watchdog_timeout=5.0, diagnostic_period=0.2)
    assert loop.hw.diagnostics.timer.timer_period_ns == 200_000_000  # diagnostic_period
    loop.connect()
    for _ in range(3):
        loop.step([0.0, 0.0])
    loop.command([0.0, math.nan], loop.hw.plant_time_ns)
    loop.command([0.0, 0.0], 0)  # before the last accepted stamp: going backwards
    loop.command([0.0, 0.0], loop.hw.plant_time_ns + 1)  # not t_k: stale

    def latest() -> dict:
        for array in reversed(loop.diagnostics):
            for status in array.status:
                if status.name == "hardware_interface":
                    return {v.key: v.value for v in status.values}
        return {}

    expected = {
        "steps": "3",
        "rejected": "2",
        "rejected_nan": "1",
        "rejected_stamp_backwards": "1",
        "stale": "1",
        "mode": "lockstep",
        "state": "following",
        "armed": "True",
        "fault": "",
    }
    assert loop.spin_until(lambda: expected.items() <= latest().items(), timeout=4.0), latest()
    values = latest()
    for key in (
        "mode steps steps_per_second step_time_us cycle_time_us misses stale rejected "
        "saturated latency_p50_us latency_p99_us deadline_misses state plant_time armed fault "
        "faults ignored hold_steps position_limited velocity_limited watchdog_timeout "
        "rejected_unknown_name rejected_missing_joint rejected_repeated_name rejected_length "
        "rejected_nan rejected_inf rejected_stamp_old rejected_stamp_backwards"
    ).split():
        assert key in values, key
    assert float(values["latency_p50_us"]) > 0


# ---------------------------------------------------------------------- realtime
def _realtime_planar(make_loop, xml: str, **extra):
    """The planar arm on a 200 Hz real-time plant (watchdog 0.2 s), from [0.4, -0.3] rad."""
    return make_loop(
        robot_description=xml,
        mode="realtime",
        rate=200.0,
        watchdog_timeout=0.2,
        initial_positions=[0.4, -0.3],
        **extra,
    )


def test_realtime_steps_on_the_wall_clock(make_loop, planar_2r_xml, planar, stamp_ns):
    from sensor_msgs.msg import JointState

    from modyn_ros.qos import STATE_QOS

    loop = _realtime_planar(make_loop, planar_2r_xml)
    answering = [False]

    def answer(msg):  # a gravity-compensating "controller"
        if answering[0]:
            loop.command(planar.gravity(np.array(msg.position)), stamp_ns(msg))

    loop.tester.create_subscription(JointState, "joint_states", answer, STATE_QOS)
    loop.connect()
    hw = loop.hw
    # the plant's timer must keep its share under a command flood (node_main.resolve_executor)
    assert hw.preferred_executor == "single"
    # no command yet: the timer steps the plant in safe hold, which is not counted as a miss
    assert loop.spin_until(lambda: hw.counters["steps"] > 10)
    assert hw.state == "waiting" and hw.counters["misses"] == 0
    np.testing.assert_allclose(hw.plant.read().position, [0.4, -0.3], atol=1e-3)
    answering[0] = True
    steps = hw.counters["steps"]
    loop.spin_for(0.5)
    assert hw.counters["steps"] - steps > 20  # 100 at 200 Hz on an idle machine
    assert hw.state == "following"
    assert abs(stamp_ns(loop.states[-1]) - time.time_ns()) < 1_000 * MS  # node clock = wall
    p50, p99 = hw.latency_percentiles()
    assert 0 < p50 <= p99 < 1e6
    np.testing.assert_allclose(hw.plant.read().position, [0.4, -0.3], atol=1e-3)
    answering[0] = False
    assert loop.spin_until(lambda: hw.fault is not None)
    assert hw.state == "faulted" and hw.fault.startswith("watchdog: no command for")
    assert hw.counters["misses"] == 1 and hw.counters["faults"] == 1
    loop.spin_for(0.3)
    np.testing.assert_allclose(hw.plant.read().position, [0.4, -0.3], atol=1e-2)


class _RefusingPublisher:
    """A publisher whose middleware refuses every sample while ``refuse`` is set: what rclpy
    raised in Q36 (docs/testing.md) from Fast DDS, while the test held a reader stopped."""

    def __init__(self, publisher):
        self.publisher = publisher
        self.refuse = False
        self.refused = 0
        self.hold_next = 0.0  # wall seconds the next publication takes (a middleware stall)

    def publish(self, msg) -> None:
        from rclpy.impl.implementation_singleton import rclpy_implementation as _rclpy

        if self.hold_next:
            time.sleep(self.hold_next)
            self.hold_next = 0.0
        if self.refuse:
            self.refused += 1
            raise _rclpy.RCLError(
                "Failed to publish: cannot publish data, at /project/src/rmw_publish.cpp:68"
            )
        self.publisher.publish(msg)

    def __getattr__(self, name):
        return getattr(self.publisher, name)


def test_a_refused_publication_is_counted_and_the_robot_held(
    make_loop, planar_2r_xml, planar, stamp_ns, capfd
):
    """The realtime plant keeps stepping, and holding, when the middleware refuses its state:
    the node that holds the robot must not die on a publication (Q36 killed it)."""
    from sensor_msgs.msg import JointState

    from modyn_ros.qos import STATE_QOS

    loop = _realtime_planar(make_loop, planar_2r_xml, publish_clock=True)

    def answer(msg):  # a gravity-compensating "controller"
        loop.command(planar.gravity(np.array(msg.position)), stamp_ns(msg))

    loop.tester.create_subscription(JointState, "joint_states", answer, STATE_QOS)
    loop.connect()
    hw = loop.hw
    assert loop.spin_until(lambda: hw.state == "following")
    refusing = hw._pub_state = _RefusingPublisher(hw._pub_state)
    refusing_clock = hw._pub_clock = _RefusingPublisher(hw._pub_clock)
    refusing.refuse = refusing_clock.refuse = True
    swapped_ns = time.time_ns()  # the node's clock is the wall; no step runs in this thread now
    steps, received = hw.counters["steps"], len(loop.states)
    # no state reaches the controller, so no command reaches the plant: the watchdog latches
    # the safe hold, and the plant steps on in it (an exception here would leave spin_once)
    assert loop.spin_until(lambda: hw.fault is not None)
    loop.spin_for(0.2)
    assert hw.fault.startswith("watchdog: no command for")
    assert hw.counters["misses"] == 1 and hw.counters["faults"] == 1
    assert hw.counters["steps"] - steps > 20  # 80 at 200 Hz in 0.4 s on an idle machine
    assert refusing.refused > 20 and refusing_clock.refused > 0
    failures = hw.counters["publish_failures"]
    assert failures == refusing.refused + refusing_clock.refused
    # what arrived meanwhile was published before the swap (L19b, load 14: two of them were
    # still on their way); nothing stamped after it
    late = [stamp_ns(m) for m in loop.states[received:] if stamp_ns(m) > swapped_ns]
    assert not late, late
    err = capfd.readouterr().err
    assert "publication of joint_states failed at t = " in err, err
    assert "failed so far); the loop goes on: Failed to publish: cannot publish data" in err
    # the middleware accepts again: the states flow, the hold goes on until ~/reset
    refusing.refuse = refusing_clock.refuse = False
    received = len(loop.states)
    assert loop.spin_until(lambda: len(loop.states) > received + 10)
    assert hw.counters["publish_failures"] == failures
    assert hw.state == "faulted"
    np.testing.assert_allclose(hw.plant.read().position, [0.4, -0.3], atol=1e-2)
    stamps = [stamp_ns(m) for m in loop.states[received:]]
    assert all(b > a for a, b in zip(stamps, stamps[1:], strict=False))
    assert abs(stamps[-1] - time.time_ns()) < 1_000 * MS  # the node's clock: the wall


def test_a_publication_that_holds_the_loop_is_counted_and_logged(
    make_loop, planar_2r_xml, stamp_ns, capfd
):
    """Q32: Fast DDS held the plant's publication of one state for 1.0 s after two of its
    readers were SIGKILLed; the plant names such a stall (it is why a watchdog may latch)."""
    loop = make_loop(robot_description=planar_2r_xml, watchdog_timeout=5.0)
    loop.connect()
    hw = loop.hw
    for _ in range(3):
        loop.step([0.0, 0.0])
    # a loaded machine may hold a publication over the bound by itself: counts are relative
    before = hw.counters["publish_stalls"]
    slow = hw._pub_state = _RefusingPublisher(hw._pub_state)
    slow.hold_next = 0.15
    state = loop.step([0.0, 0.0])  # the state of this step took 0.15 s to publish
    assert hw.counters["publish_stalls"] >= before + 1
    assert hw.counters["publish_failures"] == 0
    err = capfd.readouterr().err
    found = re.search(
        rf"publishing joint_states of t = {stamp_ns(state) * 1e-9:.3f} s held the loop for "
        r"([0-9.]+) s \(load average [0-9.]+ on \d+ cores: the middleware, or this process not "
        r"scheduled\); (\d+) such stall\(s\) so far",
        err,
    )
    assert found, err
    assert float(found[1]) >= 0.15 and int(found[2]) >= before + 1


# ---------------------------------------------------------------------- bad parameters
@pytest.mark.parametrize(
    "name, value, message",
    [
        ("mode", "fast", "parameter mode: 'fast' is not one of"),
        ("integrator", "euler", "parameter integrator: 'euler' is not one of"),
        ("plant", "bogus", "parameter plant: 'bogus' is not one of"),
        ("rate", 0.0, "parameter rate: 0.0 is not a positive finite number"),
        ("rate", -100, "parameter rate: -100 is not a positive finite number"),
        ("rate", math.nan, "parameter rate: nan is not a positive finite number"),
        ("rate", "fast", "parameter rate: 'fast' is not a positive finite number"),
        ("rate", 2e9, "parameter rate: 2000000000.0 Hz gives a step under 1 ns"),
        ("watchdog_timeout", 0.0, "parameter watchdog_timeout: 0.0 is not a positive"),
        ("lockstep_timeout", -1.0, "parameter lockstep_timeout: -1.0 is not a positive"),
        ("max_command_age", 0.0, "parameter max_command_age: 0.0 is not a positive"),
        ("diagnostic_period", -1.0, "parameter diagnostic_period: -1.0 is not a positive"),
        ("effort_limit_mode", "clip", "parameter effort_limit_mode: 'clip' is not one of"),
        ("position_limit_mode", 1, "parameter position_limit_mode: 1 is not one of"),
        ("effort_limit", [1.0, 0.0], "parameter effort_limit: [1.0, 0.0] has a value <= 0"),
        ("velocity_limit", [1.0, 2.0, 3.0], "parameter velocity_limit: 3 values"),
        ("position_upper", [-5.0], "joint 'joint1' has lower -3.14"),
        ("ros2_control_joints", ["joint1"], "parameter ros2_control_joints: missing joint(s)"),
        ("ros2_control_controller", "", "parameter ros2_control_controller: '' is not"),
        ("plant", "ros2_control", "parameter mode: 'lockstep' with plant 'ros2_control'"),
        ("publish_clock", "yes", "parameter publish_clock: 'yes' is not true or false"),
        ("initial_positions", [0.1], "parameter initial_positions: 1 values [0.1] for 2"),
        ("initial_positions", [0.1, math.nan], "parameter initial_positions: element 1 is nan"),
        ("initial_positions", ["a", "b"], "parameter initial_positions: ['a', 'b'] is not a"),
        ("joint_names", ["joint1", "elbow"], "parameter joint_names: unknown joint name(s)"),
        ("joint_names", ["joint1"], "parameter joint_names: missing joint(s) ['joint2']"),
        ("hold_kp", [1.0, 2.0, 3.0], "parameter hold_kp: 3 values [1.0, 2.0, 3.0]"),
        ("hold_kd", [-1.0], "parameter hold_kd: [-1.0, -1.0] has a negative gain"),
    ],
)
def test_validate_config_names_the_bad_parameter(planar, name, value, message):
    with pytest.raises(ConfigError) as info:
        validate_config({name: value}, planar)
    assert message in str(info.value)


def test_validate_config_orders_by_joint_names(planar):
    config = validate_config(
        {
            "joint_names": ["joint2", "joint1"],
            "initial_positions": [2, 1],  # integers are accepted
            "hold_kp": [50.0, 60.0],
            "hold_kd": [7.0],
            "rate": 500,
        },
        planar,
    )
    assert config.initial_positions.tolist() == [1.0, 2.0]
    assert config.hold_kp.tolist() == [60.0, 50.0]
    assert config.hold_kd.tolist() == [7.0, 7.0]
    assert config.dt_ns == 2 * MS and config.dt == 2e-3
    defaults = check_parameters({})
    assert defaults["mode"] == "lockstep" and defaults["integrator"] == "rk4"
    assert defaults["dt_ns"] == MS and defaults["publish_clock"] is True


@pytest.mark.parametrize(
    "overrides, message",
    [
        ({"mode": "fast"}, "parameter mode: 'fast'"),
        ({}, "parameter robot_description is required"),
        ({"robot_description": "<robot name='x'/>"}, "parameter robot_description: the URDF"),
        ({"mode": "realtime", "use_sim_time": True}, "parameter use_sim_time"),
    ],
)
def test_node_refuses_to_start_with_bad_parameters(ros_context, planar_2r_xml, overrides, message):
    from rclpy.parameter import Parameter

    params = {"robot_description": planar_2r_xml} if "mode" in overrides else {}
    params.update(overrides)
    with pytest.raises(ConfigError, match=message.replace("(", r"\(")):
        HardwareInterfaceNode(
            context=ros_context,
            parameter_overrides=[Parameter(k, value=v) for k, v in params.items()],
        )


@pytest.mark.system
@pytest.mark.parametrize(
    "ros_args, message",
    [
        (["-p", "mode:=fast"], "parameter mode: 'fast' is not one of"),
        (["-p", "rate:=-5.0"], "parameter rate: -5.0 is not a positive finite number"),
        ([], "parameter robot_description is required"),
    ],
)
def test_main_exits_with_status_2_naming_the_parameter(ros_args, message):
    code = "import sys; from modyn_hardware.hardware_interface_node import main; sys.exit(main())"
    result = subprocess.run(
        [sys.executable, "-c", code, "--ros-args", *ros_args],
        capture_output=True,
        text=True,
        timeout=60,
        env=dict(os.environ),
    )
    assert result.returncode == 2, result.stdout + result.stderr
    assert message in result.stdout + result.stderr
