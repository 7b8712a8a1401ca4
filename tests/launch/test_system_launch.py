"""launch_testing test of launch/system.launch.py (runs on a ROS 2 machine with launch).

Where ``launch_testing`` is not installed (the PyPI route: CI, fresh machines) this module is
skipped, visibly, by pytest; the same system is covered there by tests/test_closed_loop.py
through the runner. On a ROS machine: ``colcon test`` or
``launch_test tests/launch/test_system_launch.py``.
"""

from __future__ import annotations

import os
import time
import unittest

import pytest

pytest.importorskip(
    "launch_testing",
    reason="launch_testing is not installed here (PyPI route); run on a ROS 2 machine",
)
pytest.importorskip("launch")

import launch  # noqa: E402
import launch_testing.actions  # noqa: E402
import rclpy  # noqa: E402
from ament_index_python.packages import get_package_share_directory  # noqa: E402
from launch.launch_description_sources import PythonLaunchDescriptionSource  # noqa: E402
from sensor_msgs.msg import JointState  # noqa: E402


@pytest.mark.launch_test
def generate_test_description():
    path = os.path.join(get_package_share_directory("modyn_bringup"), "launch", "system.launch.py")
    return launch.LaunchDescription(
        [
            launch.actions.IncludeLaunchDescription(
                PythonLaunchDescriptionSource(path), launch_arguments={"system": "rx90_sim"}.items()
            ),
            launch_testing.actions.ReadyToTest(),
        ]
    )


class TestSystemLaunch(unittest.TestCase):
    def test_joint_states_flow(self):
        rclpy.init()
        node = rclpy.create_node("system_launch_probe")
        stamps = []
        node.create_subscription(
            JointState, "joint_states", lambda m: stamps.append(m.header.stamp), 10
        )
        deadline = time.monotonic() + 30.0
        try:
            while len(stamps) < 100 and time.monotonic() < deadline:
                rclpy.spin_once(node, timeout_sec=0.1)
        finally:
            node.destroy_node()
            rclpy.shutdown()
        self.assertGreaterEqual(
            len(stamps), 100, "the plant did not publish joint_states in lockstep"
        )
