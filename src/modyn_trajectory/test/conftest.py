"""Fixtures of the modyn_trajectory tests: robot descriptions and an rclpy harness per test (shared
by the node packages, see :mod:`modyn_ros.testing`)."""

from modyn_ros.testing import (  # noqa: F401 - fixtures, registered by being imported here
    planar_model,
    planar_xml,
    ros,
    rx90_model,
    rx90_xml,
    urdf_dir,
)
