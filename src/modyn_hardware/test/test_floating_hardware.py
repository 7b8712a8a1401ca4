"""hardware_interface with a floating-base model, as a real process, over DDS (issue 14 §Plants).

The node is started as a user starts it (``python -c "...main()" --ros-args --params-file``)
with a URDF whose root joint is ``floating`` (the "flyer" of conftest.py: world → torso, two leg
joints below), lockstep, on the built-in plant and on MuJoCo (a free joint on the torso). A real
rclpy node in this process answers each state with zero joint efforts and records
``joint_states`` and ``base_state`` (nav_msgs/Odometry).

What is checked:

* ``joint_states`` carries the joints only (``hip``, ``knee``), never the base coordinates;
* free fall from rest, from a tilted base with bent joints: in uniform gravity with no joint
  torque every body falls with g and nothing turns or bends (the equivalence principle), so
  the base origin follows p(t) = p0 + ½ g t² exactly, its orientation and the joints stay, and
  the base twist in the child (base) frame is Rᵀ g t, angular 0. RK4 integrates this quadratic
  motion exactly, so the Odometry pose matches the closed form to rounding (asserted 1e-9 m);
* the same pose as the plant itself (the same plant class stepped here with the same model,
  the same efforts and the same dt: the node publishes the plant's state, asserted 1e-12);
* frame ids: ``world`` → ``torso`` (the base link).
"""

from __future__ import annotations

import os
import subprocess
import sys
import time

import numpy as np
import pytest
import yaml

rclpy = pytest.importorskip("rclpy")
from nav_msgs.msg import Odometry  # noqa: E402
from rclpy.executors import SingleThreadedExecutor  # noqa: E402
from sensor_msgs.msg import JointState  # noqa: E402

from modyn_hardware.simulated import SimulatedPlant  # noqa: E402
from modyn_model import load_model  # noqa: E402
from modyn_model.so3 import quaternion_to_matrix  # noqa: E402
from modyn_ros.qos import STATE_QOS  # noqa: E402

pytestmark = pytest.mark.system

G = np.array([0.0, 0.0, -9.81])
DT_NS = 1_000_000
STEPS = 60

QUAT = np.array([0.9, 0.2, -0.3, 0.25]) / np.linalg.norm([0.9, 0.2, -0.3, 0.25])
Q0 = np.concatenate(([0.3, -0.2, 1.5], QUAT, [0.4, -0.7]))


def stamp_ns(msg) -> int:
    return msg.header.stamp.sec * 1_000_000_000 + msg.header.stamp.nanosec


@pytest.fixture(params=["simulated", "mujoco"])
def node_process(request, tmp_path, flyer_xml):
    if request.param == "mujoco":
        pytest.importorskip("mujoco")
    params = {
        "hardware_interface": {
            "ros__parameters": {
                "robot_description": flyer_xml,
                "plant": request.param,
                "integrator": "rk4",
                "mode": "lockstep",
                "rate": 1000.0,
                "initial_positions": Q0.tolist(),
                "watchdog_timeout": 5.0,
            }
        }
    }
    path = tmp_path / "params.yaml"
    path.write_text(yaml.safe_dump(params), encoding="utf-8")
    log = open(tmp_path / "hardware_interface.log", "wb")
    code = "import sys; from modyn_hardware.hardware_interface_node import main; sys.exit(main())"
    proc = subprocess.Popen(
        [sys.executable, "-c", code, "--ros-args", "--params-file", str(path)],
        stdout=log,
        stderr=subprocess.STDOUT,
        env=dict(os.environ),
    )
    try:
        yield proc, tmp_path / "hardware_interface.log", request.param
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        log.close()


def test_free_fall_odometry_over_dds(node_process, flyer_xml):
    proc, log_path, plant_name = node_process
    context = rclpy.Context()
    rclpy.init(context=context)
    try:
        node = rclpy.create_node("floating_tester", context=context)
        states, odoms = {}, {}
        node.create_subscription(
            JointState, "joint_states", lambda m: states.setdefault(stamp_ns(m), m), STATE_QOS
        )
        node.create_subscription(
            Odometry, "base_state", lambda m: odoms.setdefault(stamp_ns(m), m), STATE_QOS
        )
        command = node.create_publisher(JointState, "effort_command", STATE_QOS)
        executor = SingleThreadedExecutor(context=context)
        executor.add_node(node)

        def spin_until(predicate, timeout):
            end = time.monotonic() + timeout
            while not predicate():
                assert proc.poll() is None, log_path.read_text()
                if time.monotonic() > end:
                    return False
                executor.spin_once(timeout_sec=0.02)
            return True

        # the node republishes the t = 0 state every watchdog period until the first command
        assert spin_until(lambda: 0 in states and 0 in odoms, 60.0), log_path.read_text()
        assert spin_until(lambda: command.get_subscription_count() > 0, 10.0)
        first = states[0]
        assert list(first.name) == ["hip", "knee"]  # the joints only
        np.testing.assert_allclose(first.position, Q0[7:], rtol=0, atol=1e-15)
        assert odoms[0].header.frame_id == "world" and odoms[0].child_frame_id == "torso"

        msg = JointState()
        msg.name = ["hip", "knee"]
        msg.effort = [0.0, 0.0]
        for k in range(STEPS):
            msg.header.stamp.sec, msg.header.stamp.nanosec = divmod(k * DT_NS, 1_000_000_000)
            command.publish(msg)
            nxt = (k + 1) * DT_NS
            assert spin_until(lambda n=nxt: n in odoms and n in states, 20.0), (
                f"no state at step {k + 1}\n" + log_path.read_text()
            )
    finally:
        rclpy.try_shutdown(context=context)

    # the plant's own state, stepped here the same way
    model = load_model(flyer_xml)
    if plant_name == "mujoco":
        from modyn_hardware.mujoco_plant import MujocoPlant

        plant = MujocoPlant(model, flyer_xml, "rk4", q0=Q0)
    else:
        plant = SimulatedPlant(model, "rk4", q0=Q0)
    R0 = quaternion_to_matrix(QUAT)
    worst_closed, worst_plant = 0.0, 0.0
    for k in range(1, STEPS + 1):
        plant.write([0.0, 0.0])
        plant.step(DT_NS * 1e-9)
        odom = odoms[k * DT_NS]
        pose, twist = odom.pose.pose, odom.twist.twist
        p = np.array([pose.position.x, pose.position.y, pose.position.z])
        quat = np.array(
            [pose.orientation.w, pose.orientation.x, pose.orientation.y, pose.orientation.z]
        )
        lin = np.array([twist.linear.x, twist.linear.y, twist.linear.z])
        ang = np.array([twist.angular.x, twist.angular.y, twist.angular.z])
        t = k * DT_NS * 1e-9
        # closed form: free fall, nothing turns
        closed = np.concatenate((p - (Q0[:3] + 0.5 * G * t**2), lin - R0.T @ G * t, ang))
        closed = np.concatenate((closed, (quaternion_to_matrix(quat) - R0).ravel()))
        worst_closed = max(worst_closed, float(np.abs(closed).max()))
        state = plant.read()
        R = quaternion_to_matrix(state.position[3:7])
        ours = np.concatenate(
            (p - state.position[:3], lin - state.velocity[:3], ang - state.velocity[3:6])
        )
        ours = np.concatenate((ours, (quaternion_to_matrix(quat) - R).ravel()))
        worst_plant = max(worst_plant, float(np.abs(ours).max()))
        js = states[k * DT_NS]
        np.testing.assert_allclose(js.position, state.position[7:], rtol=0, atol=1e-12)
    print(
        f"{plant_name}: free fall over {STEPS} steps: |odom - closed form| <= {worst_closed:.3g}, "
        f"|odom - plant| <= {worst_plant:.3g}"
    )
    assert worst_closed < 1e-9
    assert worst_plant < 1e-12
