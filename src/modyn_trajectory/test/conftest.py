"""Fixtures of the modyn_trajectory tests: robot descriptions and an rclpy harness.

DDS discovery is confined to this machine and to a domain of this process (unless the caller
chose one, as the Makefile does), so concurrent test runs never see each other's topics.

``ros`` gives each test its own rclpy context (initialised and shut down around the test), an
executor and a helper node to publish, collect and call services: every node under test is
created with ``context=ros.context`` and added with ``ros.add(node)``.
"""

from __future__ import annotations

import os

os.environ.setdefault("ROS_AUTOMATIC_DISCOVERY_RANGE", "LOCALHOST")
os.environ.setdefault("ROS_DOMAIN_ID", str(os.getpid() % 100 + 1))

from pathlib import Path  # noqa: E402

import pytest  # noqa: E402

URDF = Path(__file__).resolve().parents[3] / "urdf"


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
    from modyn_model import RobotModel

    return RobotModel.from_urdf(rx90_xml)


@pytest.fixture(scope="session")
def planar_model(planar_xml):
    from modyn_model import RobotModel

    return RobotModel.from_urdf(planar_xml)


@pytest.fixture
def ros():
    """A fresh rclpy context, executor and helper node for one test."""
    from modyn_ros.testing import Harness

    harness = Harness()
    try:
        yield harness
    finally:
        harness.close()
