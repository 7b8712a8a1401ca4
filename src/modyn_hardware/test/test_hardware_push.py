"""hardware_interface's ``~/push`` (geometry_msgs/WrenchStamped): a simulated plant gets
J(q)ᵀ[f; m] for ``push_duration`` s; a bad frame and a plant that cannot be pushed are refused
with a warning, nothing applied (docs/nodes.md).

The planar 2R arm: one step from the same state under zero effort, with and without a push on
its last link (gravity is the same in both runs and cancels in the difference);
the difference of the velocities is dt·A⁻¹ J(q)ᵀ w (semi-implicit Euler: exact for one step),
J = the model's frame_jacobian (world axes).
"""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("rclpy")


def _push(loop, frame: str, force, torque=(0.0, 0.0, 0.0), at_ns: int = 0) -> None:
    from geometry_msgs.msg import WrenchStamped

    pub = loop.tester.create_publisher(WrenchStamped, "/hardware_interface/push", 10)
    assert loop.spin_until(lambda: pub.get_subscription_count() > 0)
    msg = WrenchStamped()
    msg.header.stamp.sec, msg.header.stamp.nanosec = divmod(at_ns, 1_000_000_000)
    msg.header.frame_id = frame
    msg.wrench.force.x, msg.wrench.force.y, msg.wrench.force.z = (float(x) for x in force)
    msg.wrench.torque.x, msg.wrench.torque.y, msg.wrench.torque.z = (float(x) for x in torque)
    pub.publish(msg)
    loop.spin_for(0.2)  # delivered before the next command


def _velocity_after_one_step(make_loop, xml, push=None, frame="link2", at_ns=0):
    loop = make_loop(
        robot_description=xml,
        integrator="semi_implicit_euler",
        watchdog_timeout=5.0,
        push_duration=0.0015,
    )
    loop.connect()
    if push is not None:
        _push(loop, frame, push[:3], push[3:], at_ns)
    js = loop.step([0.0, 0.0])
    v1 = np.array(js.velocity)
    js = loop.step([0.0, 0.0])
    v2 = np.array(js.velocity)
    js = loop.step([0.0, 0.0])  # the push (1.5 ms) has ended: this step is not pushed
    v3 = np.array(js.velocity)
    return loop, v1, v2, v3


def test_push_on_the_simulated_plant(make_loop, planar_2r_xml):
    from modyn_model import RobotModel

    model = RobotModel.from_urdf(planar_2r_xml)
    frame = model.frame_names[-1]
    w = np.array([2.0, -1.0, 0.5, 0.0, 0.0, 0.3])
    _, a1, a2, a3 = _velocity_after_one_step(make_loop, planar_2r_xml)
    loop, b1, b2, b3 = _velocity_after_one_step(make_loop, planar_2r_xml, w, frame)
    dt = loop.hw.config.dt
    q0 = np.zeros(2)
    expected = dt * np.linalg.solve(model.mass_matrix(q0), model.frame_jacobian(q0, frame).T @ w)
    np.testing.assert_allclose(b1 - a1, expected, rtol=1e-9, atol=1e-15)
    assert np.abs(b2 - a2).max() > np.abs(b1 - a1).max()  # the second step is pushed too
    # the third is not: the difference stops growing by the push's increment
    growth_pushed = np.abs((b2 - a2) - (b1 - a1)).max()
    growth_after = np.abs((b3 - a3) - (b2 - a2)).max()
    assert growth_after < 0.1 * growth_pushed


def _four_steps(make_loop, xml, push=None, frame="link2", at_ns=0):
    loop = make_loop(
        robot_description=xml,
        integrator="semi_implicit_euler",
        watchdog_timeout=5.0,
        push_duration=0.0015,
    )
    loop.connect()
    if push is not None:
        _push(loop, frame, push[:3], push[3:], at_ns(loop))
    out = []
    for _ in range(4):
        js = loop.step([0.0, 0.0])
        out.append((np.array(js.position), np.array(js.velocity)))
    return loop, out


def test_a_push_stamped_ahead_acts_from_that_plant_time(make_loop, planar_2r_xml):
    """Sent while the plant waits at t = 0, stamped 2 dt: the first two steps are the unpushed
    run's, bit for bit, and the third carries the push's one-step increment dt A⁻¹(q) Jᵀ(q) w
    from the state stamped 2 dt, the first it acts from, whatever wall time the message took."""
    from modyn_model import RobotModel

    model = RobotModel.from_urdf(planar_2r_xml)
    frame = model.frame_names[-1]
    w = np.array([2.0, -1.0, 0.5, 0.0, 0.0, 0.3])
    _, free = _four_steps(make_loop, planar_2r_xml)
    loop, pushed = _four_steps(
        make_loop, planar_2r_xml, w, frame, at_ns=lambda lp: 2 * lp.hw.config.dt_ns
    )
    for k in (0, 1):
        np.testing.assert_array_equal(pushed[k][1], free[k][1])
    q2 = free[1][0]  # the state stamped 2 dt (the second step's), the same in both runs
    expected = loop.hw.config.dt * np.linalg.solve(
        model.mass_matrix(q2), model.frame_jacobian(q2, frame).T @ w
    )
    np.testing.assert_allclose(pushed[2][1] - free[2][1], expected, rtol=1e-9, atol=1e-15)


def test_push_refused_with_a_warning(make_loop, planar_2r_xml):
    loop = make_loop(robot_description=planar_2r_xml, watchdog_timeout=5.0)
    loop.connect()
    _push(loop, "nose", [1.0, 0.0, 0.0])
    assert loop.hw.plant._push is None  # unknown frame: nothing applied
    mock = make_loop(robot_description=planar_2r_xml, plant="mock", watchdog_timeout=5.0)
    mock.connect()
    assert not mock.hw.plant.can_push
    _push(mock, "link2", [1.0, 0.0, 0.0])  # a warning, no exception, the node runs on
    js = mock.step([0.0, 0.0])
    assert list(js.velocity) == [0.0, 0.0]
