"""The ros2_control bridge plant inside the hardware_interface node, in one process: the test
node plays the joint_state_broadcaster (publishes JointState in its own joint order, with a
joint the model does not have) and the forward_command_controller (records
``/effort_controller/commands``).

Checked: nothing is commanded before the first state; states are mapped by name; commands go
out in the controller's joint order (the safe hold before the first command, then the effort
commands); malformed states are rejected, counted and leave the state as it was; a broadcaster
that stops latches a fault; ``~/reset_plant`` is refused; lockstep is refused.
"""

from __future__ import annotations

import math
import time

import numpy as np
import pytest

from modyn_hardware.hardware_interface_node import ConfigError, validate_config
from modyn_model import RobotModel

STATE_TOPIC = "/joint_state_broadcaster/joint_states"


@pytest.fixture(scope="module")
def planar(planar_2r_xml):
    return RobotModel.from_urdf(planar_2r_xml)


class Broadcaster:
    """The fake joint_state_broadcaster + forward_command_controller on the Loop's tester."""

    def __init__(self, loop):
        from sensor_msgs.msg import JointState
        from std_msgs.msg import Float64MultiArray

        self.loop = loop
        self.commands: list[list[float]] = []
        self._JointState = JointState
        self.pub = loop.tester.create_publisher(JointState, STATE_TOPIC, 10)
        loop.tester.create_subscription(
            Float64MultiArray,
            "/effort_controller/commands",
            lambda m: self.commands.append(list(m.data)),
            10,
        )
        self.stamp_ns = 1_000_000_000

    def publish(self, q, v=(0.0, 0.0), *, names=None, position=None, velocity=None, stamp=None):
        """q, v in model order (joint1, joint2), sent as [gripper, joint2, joint1]."""
        msg = self._JointState()
        msg.name = names if names is not None else ["gripper", "joint2", "joint1"]
        msg.position = position if position is not None else [0.04, float(q[1]), float(q[0])]
        msg.velocity = velocity if velocity is not None else [0.0, float(v[1]), float(v[0])]
        msg.effort = [math.nan] * len(msg.name)  # no effort state interface
        if stamp is None:
            self.stamp_ns += 1_000_000
            stamp = self.stamp_ns
        msg.header.stamp.sec, msg.header.stamp.nanosec = divmod(stamp, 1_000_000_000)
        self.pub.publish(msg)


def make_bridge_loop(make_loop, planar_2r_xml, **extra):
    params = dict(
        robot_description=planar_2r_xml,
        plant="ros2_control",
        mode="realtime",
        rate=200.0,
        watchdog_timeout=0.3,
        ros2_control_joints=["joint2", "joint1"],
        ros2_control_state_timeout=0.3,
        hold_kp=[50.0],
        hold_kd=[5.0],
    )
    params.update(extra)
    loop = make_loop(**params)
    peer = Broadcaster(loop)
    loop.connect()
    assert loop.spin_until(
        lambda: peer.pub.get_subscription_count() > 0 and loop.hw.plant._publisher is not None
    )
    return loop, peer


def test_commands_go_out_in_the_controller_order_and_states_map_by_name(
    make_loop, planar_2r_xml, planar
):
    loop, peer = make_bridge_loop(make_loop, planar_2r_xml)
    hw = loop.hw
    loop.spin_for(0.2)
    assert hw.counters["steps"] == 0 and not peer.commands  # nothing measured: nothing sent
    assert loop.states == []
    q = np.array([0.4, -0.3])
    # states keep coming (the plant counts as lost after ros2_control_state_timeout)
    timer = loop.tester.create_timer(0.01, lambda: peer.publish(q))
    assert loop.spin_until(lambda: len(peer.commands) >= 5 and len(loop.states) >= 5)
    # joint_states in model order, effort = the command sent (the broadcaster's NaN replaced)
    js = loop.states[-1]
    assert list(js.name) == ["joint1", "joint2"]
    assert list(js.position) == [0.4, -0.3] and list(js.velocity) == [0.0, 0.0]
    # before the first effort command: the safe hold at the measured pose = gravity, in the
    # controller's order [joint2, joint1]
    g = planar.gravity(q)
    np.testing.assert_allclose(peer.commands[-1], [g[1], g[0]], rtol=1e-12, atol=1e-12)
    np.testing.assert_allclose(js.effort, g, rtol=1e-12, atol=1e-12)
    assert hw.state == "waiting"
    # effort commands (stamped by the node clock, as an answer to its joint_states) are
    # forwarded in the controller's order
    for _ in range(20):
        loop.command([1.5, -2.5], loop.hw.get_clock().now().nanoseconds)
        loop.spin_for(0.01)
    assert hw.state == "following"
    assert peer.commands[-1] == [-2.5, 1.5]
    values = hw.plant.diagnostics()
    assert int(values["bridge_states"]) >= 5 and int(values["bridge_commands"]) >= 5
    timer.cancel()


@pytest.mark.parametrize(
    "kwargs, kind",
    [
        ({"names": ["gripper", "joint2"], "position": [0.0, 0.1], "velocity": [0.0, 0.0]}, "name"),
        ({"names": ["joint1", "joint1", "joint2"]}, "name"),
        ({"position": [0.0, 0.1]}, "length"),
        ({"velocity": [0.0, 0.0, 0.0, 0.0]}, "length"),
        ({"position": [0.0, math.nan, 0.4]}, "value"),
        ({"velocity": [0.0, 0.0, math.inf]}, "value"),
        ({"stamp": 5}, "stamp_backwards"),
    ],
)
def test_malformed_states_are_rejected_and_counted(make_loop, planar_2r_xml, capfd, kwargs, kind):
    loop, peer = make_bridge_loop(make_loop, planar_2r_xml)
    plant = loop.hw.plant
    peer.publish([0.4, -0.3])
    assert loop.spin_until(lambda: plant.counters["states"] == 1)
    before = plant.read()
    peer.publish([0.9, 0.9], **kwargs)
    assert loop.spin_until(lambda: plant.counters[kind] == 1)
    after = plant.read()
    np.testing.assert_array_equal(after.position, before.position)
    np.testing.assert_array_equal(after.velocity, before.velocity)
    assert plant.counters["states"] == 1
    assert f"{STATE_TOPIC} rejected:" in capfd.readouterr().err


def test_a_silent_broadcaster_latches_a_fault_and_reset_plant_is_refused(make_loop, planar_2r_xml):
    loop, peer = make_bridge_loop(make_loop, planar_2r_xml)
    hw = loop.hw
    q = [0.4, -0.3]
    for _ in range(10):
        peer.publish(q)
        loop.spin_for(0.01)
    assert loop.spin_until(lambda: peer.commands)
    # the broadcaster stops: after ros2_control_state_timeout the plant counts as lost
    assert loop.spin_until(lambda: hw.fault is not None, timeout=3.0)
    assert hw.fault.startswith("plant: no valid state for 0.3 s")
    assert hw.state == "faulted"
    sent = len(peer.commands)
    loop.spin_for(0.1)
    assert len(peer.commands) > sent  # the hold is still sent, from the last state
    response = loop.reset_plant()
    assert not response.success and "cannot be reset" in response.message
    # ~/reset is refused while the broadcaster is silent, accepted once states come back
    response = loop.reset()
    assert not response.success and response.message == "fault kept: plant: still no valid state"
    peer.publish(q)
    assert loop.spin_until(lambda: hw.plant.ready)
    response = loop.reset()
    assert response.success, response.message
    assert hw.fault is None and hw.state == "waiting"


def test_a_broadcaster_that_stutters_at_start_up_is_waited_for(make_loop, planar_2r_xml):
    """Within watchdog_grace of the first valid state, a gap longer than the state timeout is
    start-up (a ros2_control peer starting beside a busy launch), not a lost plant: no fault,
    and the loop runs when states resume; the same gap after the grace latches."""
    loop, peer = make_bridge_loop(make_loop, planar_2r_xml, watchdog_grace=2.0)
    hw = loop.hw
    sup = hw.supervisor
    q = [0.4, -0.3]
    peer.publish(q)
    assert loop.spin_until(lambda: sup.plant_was_ready)
    started = time.monotonic()
    loop.spin_for(0.6)  # silent for twice ros2_control_state_timeout, inside the grace
    assert hw.fault is None, hw.fault
    assert sup.plant_grace_waits > 0
    while time.monotonic() - started < 2.5:  # states again, past the grace
        peer.publish(q)
        loop.spin_for(0.01)
    assert hw.fault is None, hw.fault
    # past the grace, the same silence is a lost plant
    assert loop.spin_until(lambda: hw.fault is not None, timeout=3.0)
    assert hw.fault.startswith("plant: no valid state for 0.3 s")


def test_the_bridge_needs_realtime(planar):
    with pytest.raises(ConfigError, match="needs mode 'realtime'"):
        validate_config({"plant": "ros2_control"}, planar)
    config = validate_config(
        {"plant": "ros2_control", "mode": "realtime", "ros2_control_joints": ["joint2", "joint1"]},
        planar,
    )
    assert config.ros2_control_joints == ("joint2", "joint1")
    assert config.ros2_control_state_topic == STATE_TOPIC
