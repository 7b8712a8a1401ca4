"""hardware_interface with a constrained floating-base model (issue 14 §Plants): the flyer of
test_floating_hardware.py with its foot pinned (``point_contact``), loaded from a mechanism
file's YAML through ``robot_description``, on the built-in plant, lockstep; real rclpy nodes
(the node under test and a tester, one executor).

* ``constraint_forces/foot`` (geometry_msgs/WrenchStamped, frame ``world``) carries the force
  the pin applies on the robot: at rest under zero joint torques it is the linear momentum
  balance of the whole robot, λ = M a_G − M g = A_G[:3] v̇ − M g (A_G: the centroidal momentum
  matrix of the floating model, v̇ its constrained acceleration; 1e-9 N);
* ``/diagnostics`` carries the plant's drift values ``model.foot.position`` /
  ``model.foot.velocity`` next to the node's own;
* ``joint_states`` carries the joints, ``base_state`` the base (a ConstrainedModel around a
  floating one is floating: decided by the attributes, no mechanism named).
"""

from __future__ import annotations

import numpy as np
import pytest
import yaml

pytest.importorskip("rclpy")


@pytest.fixture
def pinned_yaml(flyer_xml) -> str:
    """The mechanism file's YAML: the flyer, floating, its foot pinned where it is at q = 0."""
    spec = {
        "kind": "urdf",
        "xml": flyer_xml,
        "floating_base": True,
        "constraints": [
            {"type": "point_contact", "name": "foot", "frame": "lower", "point": [0, 0, -0.2]}
        ],
        "baumgarte": {"kp": 100.0, "kd": 20.0},
    }
    return yaml.safe_dump(spec)


def test_constraint_wrench_and_drift_on_the_topics(make_loop, pinned_yaml, stamp_ns):
    from geometry_msgs.msg import WrenchStamped
    from nav_msgs.msg import Odometry

    from modyn_model import load_model
    from modyn_ros.qos import STATE_QOS

    loop = make_loop(robot_description=pinned_yaml, watchdog_timeout=5.0)
    model = loop.hw.model
    assert model.constraint_names == ("foot",)
    wrenches, odoms = [], []
    loop.tester.create_subscription(
        WrenchStamped, "constraint_forces/foot", wrenches.append, STATE_QOS
    )
    loop.tester.create_subscription(Odometry, "base_state", odoms.append, STATE_QOS)
    loop.connect()
    # the t = 0 state is republished every watchdog period until the first command: at rest
    assert loop.spin_until(lambda: any(stamp_ns(w) == 0 for w in wrenches), 12.0)
    w0 = next(w for w in wrenches if stamp_ns(w) == 0)
    assert w0.header.frame_id == "world"
    force = np.array([w0.wrench.force.x, w0.wrench.force.y, w0.wrench.force.z])
    torque = np.array([w0.wrench.torque.x, w0.wrench.torque.y, w0.wrench.torque.z])
    # λ = A_G[:3] v̇ − M g at v = 0 (the floating model inside, independent of the plant)
    reference = load_model(pinned_yaml)
    q0 = reference.neutral()
    v0 = np.zeros(reference.nv)
    vdot = reference.forward_dynamics(q0, v0, np.zeros(reference.nv))
    AG = reference.centroidal_momentum_matrix(q0)
    mass = float(reference.mass)  # of the whole robot (the floating model's)
    expected = AG[:3] @ vdot - mass * np.asarray(reference.gravity_vector)
    print(f"pin force at rest {force.tolist()} N, expected {expected.tolist()} N")
    np.testing.assert_allclose(force, expected, rtol=0, atol=1e-9)
    np.testing.assert_array_equal(torque, 0.0)  # a point contact: a force only
    assert force[2] > 0.0  # it holds the robot up
    # a few steps, then the drift is in /diagnostics
    for _ in range(20):
        js = loop.step([0.0, 0.0])
    assert list(js.name) == ["hip", "knee"]
    assert any(stamp_ns(o) == stamp_ns(js) for o in odoms) or loop.spin_until(
        lambda: any(stamp_ns(o) == stamp_ns(js) for o in odoms), 3.0
    )

    def latest() -> dict:
        for array in reversed(loop.diagnostics):
            for status in array.status:
                if status.name == "hardware_interface":
                    return {v.key: v.value for v in status.values}
        return {}

    assert loop.spin_until(lambda: latest().get("steps") == "20", 5.0), latest()
    values = latest()
    print(
        f"diagnostics: foot drift {values['model.foot.position']} m, "
        f"{values['model.foot.velocity']} m/s"
    )
    assert 0.0 < float(values["model.foot.position"]) < 1e-6  # measured, and small


@pytest.fixture
def welded_yaml(flyer_xml) -> str:
    """The flyer with its lower leg welded where it is at q = 0 (frame_contact, 6 rows): 2
    degrees of freedom left, both actuated; the torso (hip 0.1 m off its origin) loads the
    joints."""
    spec = {
        "kind": "urdf",
        "xml": flyer_xml,
        "floating_base": True,
        "constraints": [{"type": "frame_contact", "name": "foot", "frame": "lower"}],
    }
    return yaml.safe_dump(spec)


@pytest.mark.parametrize("constraint", ["welded", "pinned"])
def test_safe_hold_of_a_constrained_floating_model(make_loop, request, constraint):
    """Disarmed, the node applies its safe hold. Welded foot (as many actuators as constrained
    degrees of freedom): the hold realises its PD acceleration through the constrained inverse
    dynamics, so the joints, which carry the torso's weight through the leg, stay at the
    captured pose (measured 5e-16 rad; the unconstrained Q(q) + PD let them sag by 2.08 rad in
    the same 0.3 s, measured on the plant alone with ``HoldLaw.constrained`` off). Pinned foot (a ball joint at the foot, 5 constrained degrees of
    freedom for 2 motors: the base swings as a pendulum whatever the joints do): the hold falls
    back to Q(q) + PD, without a fault. In both the constraint holds."""
    description = request.getfixturevalue(f"{constraint}_yaml")
    loop = make_loop(robot_description=description, watchdog_timeout=5.0)
    loop.connect()
    assert loop.enable(False).success
    first = None
    for _ in range(300):
        js = loop.step([0.0, 0.0])  # still answered: lockstep advances, the hold is applied
        first = first if first is not None else np.array(js.position)
    assert loop.hw.fault is None and loop.hw.state == "disarmed"
    drift = loop.hw.plant.diagnostics()
    moved = float(np.abs(np.array(js.position) - first).max())
    print(f"{constraint}: hold 0.3 s: joints moved {moved:.3g} rad; drift {drift}")
    assert drift["model.foot.position"] < 1e-6
    if constraint == "welded":
        assert moved < 1e-3
