"""hardware_interface's generic actuator outputs (issue 15): for a model with the optional
contract members ``actuator_state(q, v)`` and ``actuator_segments(q)`` (here the Stewart
platform of config/mechanisms/stewart_lopes.yaml: six legs, leg forces as the actuators),
real rclpy nodes (the node under test and a tester, one executor), lockstep:

* ``actuator_states`` (sensor_msgs/JointState by ``actuator_names``): the leg lengths and rates
  of the model's inverse kinematics at the plant's pose (to 1e-12), efforts = the applied leg
  forces (the command, within the limits), stamped as ``joint_states``;
* ``actuator_markers`` (visualization_msgs/MarkerArray) every ``marker_every`` steps: one
  cylinder per leg spanning B_i -> P_i (end points recovered from the marker's pose and length
  to 1e-12 m), coloured by |u|/effort_limit;
* an arm (no such members) publishes neither topic.

The marker geometry (:func:`_cylinder_between`) is checked alone against the rotation of the
quaternion it sets.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("rclpy")

ROOT = Path(__file__).resolve().parents[3]
P1 = [0.0, 0.0, 2.0, 0.0, 0.0, 0.0]


def _rotate_z(o) -> np.ndarray:
    """The marker's local z axis in its frame: R(q) e_z for q = (w, x, y, z)."""
    w, x, y, z = o.w, o.x, o.y, o.z
    return np.array([2 * (x * z + w * y), 2 * (y * z - w * x), 1 - 2 * (x * x + y * y)])


def _ends(marker) -> tuple[np.ndarray, np.ndarray]:
    p = marker.pose.position
    c = np.array([p.x, p.y, p.z])
    d = _rotate_z(marker.pose.orientation) * marker.scale.z / 2
    return c - d, c + d


def test_cylinder_spans_the_segment():
    from visualization_msgs.msg import Marker

    from modyn_hardware.hardware_interface_node import _cylinder_between

    rng = np.random.default_rng(3)
    cases = [rng.normal(size=(2, 3)) for _ in range(50)]
    cases += [np.array([[0, 0, 0], [0, 0, 2.0]]), np.array([[1, 1, 1], [1, 1, -1.0]])]
    for p0, p1 in cases:
        m = Marker()
        _cylinder_between(m, p0, p1)
        o = m.pose.orientation
        assert abs(o.w**2 + o.x**2 + o.y**2 + o.z**2 - 1) < 1e-12
        a, b = _ends(m)
        np.testing.assert_allclose(a, p0, atol=1e-12)
        np.testing.assert_allclose(b, p1, atol=1e-12)


@pytest.fixture(scope="module")
def stewart_yaml() -> str:
    path = ROOT / "config" / "mechanisms" / "stewart_lopes.yaml"
    if not path.is_file():
        pytest.skip(f"{path} not found")
    return path.read_text()


def test_actuator_states_and_markers(make_loop, stewart_yaml, stamp_ns):
    from sensor_msgs.msg import JointState
    from visualization_msgs.msg import MarkerArray

    from modyn_model import load_model
    from modyn_ros.qos import STATE_QOS

    loop = make_loop(
        robot_description=stewart_yaml,
        initial_positions=P1,
        watchdog_timeout=5.0,
        rate=1000.0,
        marker_rate=100.0,  # every 10 steps
    )
    model = loop.hw.model
    reference = load_model(stewart_yaml)
    actuators, markers = [], []
    loop.tester.create_subscription(JointState, "actuator_states", actuators.append, STATE_QOS)
    loop.tester.create_subscription(MarkerArray, "actuator_markers", markers.append, 10)
    loop.connect()
    assert loop.spin_until(lambda: actuators and markers, 12.0)
    # leg forces that hold the platform at P1 (statics: the model's own inverse dynamics),
    # plus a push on leg 1 so that the legs move and the colours differ
    zero = np.zeros(6)
    u_static = np.asarray(reference.actuator_forces(np.array(P1), zero, zero))
    u = u_static + np.array([5.0, 0, 0, 0, 0, 0])
    for _ in range(30):  # answer each t_k by actuator name (the legs), as the controller does
        t_k = loop.hw.plant_time_ns
        loop.command(u, t_k, names=model.actuator_names)
        js = loop.state_at(t_k + loop.hw.config.dt_ns)
    assert loop.spin_until(lambda: any(stamp_ns(a) == stamp_ns(js) for a in actuators), 3.0)
    a = next(m for m in actuators if stamp_ns(m) == stamp_ns(js))
    assert list(a.name) == list(model.actuator_names)
    q, v = np.array(js.position), np.array(js.velocity)
    assert np.abs(v).max() > 1e-4, "the platform did not move"
    lengths, rates = reference.actuator_state(q, v)
    np.testing.assert_allclose(a.position, lengths, rtol=0, atol=1e-12)
    np.testing.assert_allclose(a.velocity, rates, rtol=0, atol=1e-12)
    np.testing.assert_allclose(a.effort, u, rtol=0, atol=1e-9)
    # markers: stamped at steps 0, 10, 20, 30 (marker_rate 100 Hz at 1 kHz)
    assert loop.spin_until(lambda: any(stamp_ns(m.markers[0]) == stamp_ns(js) for m in markers))
    stamps = sorted({stamp_ns(m.markers[0]) for m in markers})
    assert all(s % 10_000_000 == 0 for s in stamps), stamps
    arr = next(m for m in markers if stamp_ns(m.markers[0]) == stamp_ns(js))
    assert len(arr.markers) == 6
    segments = reference.actuator_segments(q)
    limit = np.asarray(model.effort_limit)
    for i, m in enumerate(arr.markers):
        assert m.header.frame_id == str(model.base_frame) and m.text == model.actuator_names[i]
        p0, p1 = _ends(m)
        np.testing.assert_allclose(p0, segments[i, 0], atol=1e-12)
        np.testing.assert_allclose(p1, segments[i, 1], atol=1e-12)
        # the leg's length is the actuator state (|P_i − B_i| = l_i)
        assert m.scale.z == pytest.approx(lengths[i], abs=1e-12)
        level = min(abs(u[i]) / limit[i], 1.0)
        assert m.color.r == pytest.approx(level, abs=1e-6)
        assert m.color.g == pytest.approx(1.0 - level, abs=1e-6)


def test_an_arm_has_no_actuator_outputs(make_loop, planar_2r_xml):
    loop = make_loop(robot_description=planar_2r_xml, watchdog_timeout=5.0)
    assert loop.hw._pub_actuators is None and loop.hw._pub_markers is None
    names = [n for n, _ in loop.hw.get_topic_names_and_types()]
    assert "/actuator_states" not in names and "/actuator_markers" not in names


@pytest.mark.parametrize("value", [-1.0, "fast", True, float("inf")])
def test_a_bad_marker_rate_is_named(value):
    from modyn_hardware.hardware_config import ConfigError, check_parameters

    with pytest.raises(ConfigError, match=r"parameter marker_rate: "):
        check_parameters({"marker_rate": value})


def test_marker_rate_decimates_the_plant_rate():
    from modyn_hardware.hardware_config import check_parameters

    assert check_parameters({"rate": 1000.0})["marker_every"] == 50  # default 20 Hz
    assert check_parameters({"rate": 1000.0, "marker_rate": 0.0})["marker_every"] == 0
    assert check_parameters({"rate": 500.0, "marker_rate": 1000.0})["marker_every"] == 1
