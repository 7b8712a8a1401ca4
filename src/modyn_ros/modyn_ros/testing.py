"""Test support for the modyn nodes: an rclpy context, executor and helper node per test.

Tests of the node packages run against the installed packages (``--import-mode=importlib``),
so shared test helpers live here, in an installed module, instead of being copied into each
package's conftest.py::

    # conftest.py of a node package: the fixtures become the package's fixtures
    from modyn_ros.testing import planar_model, planar_xml, ros, rx90_model, rx90_xml, urdf_dir

``ros`` gives each test its own rclpy context (initialised and shut down around the test), an
executor and a helper node to publish, collect and call services: every node under test is
created with ``context=ros.context`` and added with ``ros.add(node)``.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

# DDS stays on this machine and in a domain of this process, unless the caller chose (the
# Makefile does); this module is imported by conftest files, before rclpy is initialised
os.environ.setdefault("ROS_AUTOMATIC_DISCOVERY_RANGE", "LOCALHOST")
os.environ.setdefault("ROS_DOMAIN_ID", str(os.getpid() % 100 + 1))

__all__ = [
    "DISC_INERTIA",
    "Harness",
    "disc_urdf",
    "planar_model",
    "planar_xml",
    "ros",
    "rx90_model",
    "rx90_xml",
    "urdf_dir",
]


class Harness:
    """One rclpy context with an executor and a helper node (see the module docstring)."""

    def __init__(self, name: str = "test_harness"):
        import rclpy
        from rclpy.context import Context
        from rclpy.executors import SingleThreadedExecutor

        self.rclpy = rclpy
        self.context = Context()
        rclpy.init(context=self.context)
        self.executor = SingleThreadedExecutor(context=self.context)
        self.node = rclpy.create_node(name, context=self.context)
        self.executor.add_node(self.node)
        self.nodes = [self.node]

    def add(self, node):
        """Spin ``node`` with the harness's executor; returns it."""
        self.executor.add_node(node)
        self.nodes.append(node)
        return node

    def publisher(self, msg_type, topic: str, qos):
        return self.node.create_publisher(msg_type, topic, qos)

    def collect(self, msg_type, topic: str, qos) -> list:
        """Subscribe to ``topic``; returns the list that receives the messages."""
        received = []
        self.node.create_subscription(msg_type, topic, received.append, qos)
        return received

    def spin_until(self, predicate, timeout: float = 5.0, check=None) -> bool:
        """Spin until ``predicate()`` is true (True) or ``timeout`` seconds pass (False).

        ``check()``, when given, runs after each spin: an assertion that what the test waits on
        is still there (that the node processes under test are alive), so that a dead process
        ends the wait at once with its log, not at the timeout."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if predicate():
                return True
            self.executor.spin_once(timeout_sec=0.01)
            if check is not None:
                check()
        return bool(predicate())

    def spin_for(self, seconds: float) -> None:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            self.executor.spin_once(timeout_sec=0.01)

    def wait_for_subscribers(self, publisher, count: int = 1, timeout: float = 5.0) -> None:
        """Spin until ``publisher`` is matched (so that a volatile message is not lost)."""
        assert self.spin_until(lambda: publisher.get_subscription_count() >= count, timeout), (
            f"no subscriber on {publisher.topic_name}"
        )

    def call(self, srv_type, name: str, request, timeout: float = 5.0):
        """Call a service and spin until the response arrives."""
        client = self.node.create_client(srv_type, name)
        assert self.spin_until(client.service_is_ready, timeout), f"service {name} not ready"
        future = client.call_async(request)
        assert self.spin_until(future.done, timeout), f"service {name}: no response"
        return future.result()

    def close(self):
        for node in reversed(self.nodes):
            self.executor.remove_node(node)
            node.destroy_node()
        self.executor.shutdown()
        self.rclpy.shutdown(context=self.context)

    def __enter__(self) -> Harness:
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def _urdf_dir() -> Path:
    """The installed share/modyn_bringup/urdf, else the source tree's urdf/ (from this file)."""
    try:
        from ament_index_python.packages import get_package_share_directory

        return Path(get_package_share_directory("modyn_bringup")) / "urdf"
    except Exception:  # not installed: running from the source tree
        return Path(__file__).resolve().parents[3] / "urdf"


URDF = _urdf_dir()

#: kg·m², inertia of :func:`disc_urdf` about its joint axis (z)
DISC_INERTIA = 0.5


def disc_urdf(coulomb: float = 0.0, extra: str = "", limit: bool = False) -> str:
    """URDF of a 1-dof robot: a 2 kg disc spinning about the vertical z axis (gravity gives no
    torque about it), izz = DISC_INERTIA. ``coulomb``: the joint's dry friction (N·m);
    ``extra``: XML inside the disc link (visual, collision); ``limit``: a 10 N·m, 10 rad/s
    limit element."""
    limit_xml = '<limit effort="10" velocity="10"/>' if limit else ""
    return f"""<?xml version="1.0"?>
<robot name="disc">
  <link name="base"/>
  <link name="disc">
    <inertial>
      <origin xyz="0 0 0.1" rpy="0 0 0"/>
      <mass value="2.0"/>
      <inertia ixx="0.3" ixy="0" ixz="0" iyy="0.3" iyz="0" izz="{DISC_INERTIA}"/>
    </inertial>
    {extra}
  </link>
  <joint name="spin" type="continuous">
    <parent link="base"/>
    <child link="disc"/>
    <axis xyz="0 0 1"/>
    <dynamics damping="0" friction="{coulomb}"/>
    {limit_xml}
  </joint>
</robot>
"""


@pytest.fixture(scope="session")
def urdf_dir() -> Path:
    """The repository's urdf/ directory."""
    return URDF


@pytest.fixture(scope="session")
def rx90_xml() -> str:
    """URDF XML of the RX-90 (6R)."""
    from modyn_model.urdf import expand_xacro

    return expand_xacro(URDF / "rx90.urdf.xacro", {})


@pytest.fixture(scope="session")
def planar_xml() -> str:
    """URDF XML of the planar 2R arm (joints about y, gravity along −z)."""
    from modyn_model.urdf import expand_xacro

    return expand_xacro(URDF / "planar_2r.urdf.xacro", {})


@pytest.fixture(scope="session")
def rx90_model(rx90_xml):
    from modyn_model import load_model

    return load_model(rx90_xml)


@pytest.fixture(scope="session")
def planar_model(planar_xml):
    from modyn_model import load_model

    return load_model(planar_xml)


@pytest.fixture
def ros():
    """A fresh rclpy context, executor and helper node for one test."""
    from modyn_ros.testing import Harness

    harness = Harness()
    try:
        yield harness
    finally:
        harness.close()
