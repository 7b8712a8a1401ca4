"""Fixtures of the modyn_trajectory tests: robot descriptions and an rclpy harness per test (shared
by the node packages, see :mod:`modyn_ros.testing`), and the UR5 of example-robot-data."""

import importlib.metadata
from pathlib import Path

import pytest

from modyn_ros.testing import (  # noqa: F401 - fixtures, registered by being imported here
    planar_model,
    planar_xml,
    ros,
    rx90_model,
    rx90_xml,
    urdf_dir,
)

UR5 = "ur_description/urdf/ur5_robot.urdf"


@pytest.fixture(scope="session")
def ur5_urdf() -> Path:
    """The UR5 URDF of example-robot-data (PyPI wheel or its Python helper); skips without it."""
    try:
        base = importlib.metadata.distribution("example-robot-data").locate_file(
            "cmeel.prefix/share/example-robot-data/robots"
        )
        path = Path(base) / UR5
        if path.is_file():
            return path
    except importlib.metadata.PackageNotFoundError:
        pass
    try:
        import example_robot_data

        return Path(example_robot_data.getModelPath(UR5)) / "robots" / UR5
    except Exception:  # not installed, or getModelPath's IOError
        pytest.skip(f"example-robot-data with {UR5} is not installed")
