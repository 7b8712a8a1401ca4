"""Safety of the hardware_interface node, in one process (the ``make_loop`` fixture):
``~/enable`` (disarmed: the safe hold, never zero torque), limits in fault mode (latched with the
reason until ``~/reset``, which is refused while the limit is still violated), the soft position
limit wired into the loop, and stamp validation (old, going backwards), each kind of rejection
logged even when they come back to back."""

from __future__ import annotations

import numpy as np
from diagnostic_msgs.msg import DiagnosticStatus

from modyn_hardware.hardware_interface_node import validate_config
from modyn_model import RobotModel

MS = 1_000_000


def test_disarmed_applies_the_safe_hold_and_rearms(make_loop, planar_2r_xml, stamp_ns):
    q0 = [0.3, -0.2]
    loop = make_loop(robot_description=planar_2r_xml, watchdog_timeout=5.0, initial_positions=q0)
    loop.connect()
    loop.step([0.0, 0.0])
    response = loop.enable(False)
    assert response.success and response.message.startswith("disarmed: safe hold at")
    assert loop.hw.state == "disarmed" and not loop.hw.armed
    pose = loop.hw.plant.read().position
    model = loop.hw.model
    for _ in range(200):  # lockstep goes on (the controller stays in the loop), output held
        js = loop.step([50.0, 50.0])
    # the effort applied is the hold (gravity + PD), not the command and not zero
    assert abs(js.effort[0] - 50.0) > 1.0
    np.testing.assert_allclose(js.effort, model.gravity(np.array(js.position)), atol=2.0)
    assert np.abs(np.array(js.position) - pose).max() < 5e-3
    response = loop.enable(True)
    assert response.success and loop.hw.state == "following"
    js = loop.step([1.0, 2.0])
    assert list(js.effort) == [1.0, 2.0]


def test_effort_limit_in_fault_mode_latches_until_reset(make_loop, planar_2r_xml, capfd):
    loop = make_loop(
        robot_description=planar_2r_xml, watchdog_timeout=5.0, effort_limit_mode="fault"
    )
    loop.connect()
    loop.step([1.0, 1.0])
    js = loop.step([1e4, 0.0])
    hw = loop.hw
    assert hw.fault == "effort limit: joint 'joint1' commanded 10000 beyond ±150"
    assert hw.state == "faulted" and hw.counters["faults"] == 1
    assert js.effort[0] != 1e4 and abs(js.effort[0]) <= 150.0  # the hold was applied instead
    assert "fault latched: effort limit: joint 'joint1'" in capfd.readouterr().err

    def latest() -> dict:
        for array in reversed(loop.diagnostics):
            for status in array.status:
                if status.name == "hardware_interface":
                    return {"level": status.level, "message": status.message} | {
                        v.key: v.value for v in status.values
                    }
        return {}

    assert loop.spin_until(lambda: latest().get("state") == "faulted", timeout=4.0)
    report = latest()
    assert report["level"] == DiagnosticStatus.ERROR and report["fault"] == hw.fault, report
    assert report["message"].startswith("fault latched: effort limit")
    response = loop.reset()
    assert response.success, response.message
    t_k = hw.plant_time_ns
    js = loop.step([10.0, 0.0])
    assert stamp_ns(js) == t_k + hw.config.dt_ns and list(js.effort) == [10.0, 0.0]


def stamp_ns(msg) -> int:
    return msg.header.stamp.sec * 1_000_000_000 + msg.header.stamp.nanosec


def test_position_limit_in_fault_mode_and_reset_refused_while_violated(make_loop, planar_2r_xml):
    loop = make_loop(
        robot_description=planar_2r_xml,
        watchdog_timeout=5.0,
        position_limit_mode="fault",
        position_upper=[0.5, 3.0],
        initial_positions=[0.6, 0.0],
        hold_kp=[400.0],
        hold_kd=[40.0],
    )
    loop.connect()
    loop.step([0.0, 0.0])
    hw = loop.hw
    assert hw.fault == "position limit: joint 'joint1' at 0.6, above the upper limit 0.5"
    response = loop.reset()
    assert not response.success
    assert response.message.startswith("fault kept: position limit: joint 'joint1'")
    assert hw.state == "faulted"
    # the hold pulls the joint back inside (q_hold clipped to 0.5 % of the span inside the
    # limits, here 0.5 - 0.005 * (0.5 + 3.14)): reset works then
    np.testing.assert_allclose(hw._q_hold, [0.5 - 0.005 * 3.64, 0.0], rtol=0, atol=1e-12)
    assert loop.spin_until(lambda: hw.plant.read().position[0] < 0.4999, timeout=5.0)
    response = loop.reset()
    assert response.success, response.message


def test_soft_position_limit_in_the_loop(make_loop, planar_2r_xml):
    loop = make_loop(
        robot_description=planar_2r_xml,
        watchdog_timeout=5.0,
        position_upper=[0.35],
        initial_positions=[0.3, 0.0],
        hold_kp=[400.0],
        hold_kd=[40.0],
    )
    loop.connect()
    hw = loop.hw
    qs = []
    for _ in range(300):
        q = np.array(loop.states[-1].position) if loop.states else np.array([0.3, 0.0])
        tau = hw.model.gravity(q) + [30.0, 0.0]  # pushes joint1 outward
        qs.append(loop.step(tau).position[0])
    assert hw.counters["position_limited"] > 0 and hw.fault is None
    assert max(qs) < 0.35 + 0.1 and abs(qs[-1] - 0.35) < 30.0 / 400.0 + 1e-3


def test_old_and_backwards_stamps_are_rejected_and_logged(
    make_loop, planar_2r_xml, capfd, stamp_ns
):
    loop = make_loop(robot_description=planar_2r_xml, watchdog_timeout=5.0, max_command_age=0.01)
    loop.connect()
    for _ in range(30):
        loop.step([0.0, 0.0])
    hw = loop.hw
    before = hw.plant.read()
    t_k = hw.plant_time_ns
    loop.command([5.0, 5.0], t_k - 20 * MS)  # 20 ms old, max 10 ms
    loop.command([5.0, 5.0], t_k - 2 * MS)  # before the last accepted stamp t_k - 1 ms
    assert loop.spin_until(lambda: hw.counters["rejected"] == 2)
    loop.spin_for(0.05)
    assert hw.rejections["stamp_old"] == 1 and hw.rejections["stamp_backwards"] == 1
    assert hw.plant_time_ns == t_k
    after = hw.plant.read()
    np.testing.assert_array_equal(after.position, before.position)
    np.testing.assert_array_equal(after.velocity, before.velocity)
    err = capfd.readouterr().err
    assert "effort_command rejected: header.stamp: 0.010000000 s is 0.020000 s older" in err
    assert "effort_command rejected: header.stamp: 0.028000000 s is before the last" in err
    assert stamp_ns(loop.step([0.0, 0.0])) == t_k + MS


def test_realtime_rejects_a_stamp_older_than_max_command_age(make_loop, planar_2r_xml, capfd):
    loop = make_loop(
        robot_description=planar_2r_xml, mode="realtime", rate=200.0, max_command_age=0.2
    )
    loop.connect()
    now = loop.hw.get_clock().now().nanoseconds
    loop.command([5.0, 5.0], now - 10_000 * MS)
    assert loop.spin_until(lambda: loop.hw.rejections["stamp_old"] == 1)
    assert loop.hw.state == "waiting"  # the command was not taken
    assert "is 10.0" in capfd.readouterr().err


def test_lockstep_timeout_is_a_deprecated_name_of_watchdog_timeout(planar_2r_xml):
    model = RobotModel.from_urdf(planar_2r_xml)
    assert validate_config({"lockstep_timeout": 0.2}, model).watchdog_timeout == 0.2
    assert validate_config({"watchdog_timeout": 0.3}, model).watchdog_timeout == 0.3
    config = validate_config(
        {
            "joint_names": ["joint2", "joint1"],
            "effort_limit": [10.0, 20.0],
            "velocity_limit": [3.0],
        },
        model,
    )
    np.testing.assert_array_equal(config.limits.effort, [20.0, 10.0])
    np.testing.assert_array_equal(config.limits.velocity, [3.0, 3.0])
    np.testing.assert_array_equal(config.limits.upper, model.upper)  # the model's by default
