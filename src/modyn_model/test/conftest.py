"""Shared helpers of the modyn_model tests: where the example-robot-data robots are.

``erd_path`` (fixture) turns a path relative to example-robot-data's ``robots/`` directory into
an absolute one, or skips the test with the reason when the package or the file is missing.
Any test that takes the argument ``erd_urdf`` is parametrized with every ``*.urdf`` under that
directory (relative paths, so a failure names the robot).
"""

from __future__ import annotations

import functools
import importlib.metadata
from pathlib import Path

import pytest

_PROBE = "ur_description/urdf/ur5_robot.urdf"


def _candidates():
    """Directories that may be example-robot-data's share directory or its robots/ directory."""
    # the PyPI/cmeel wheel (what `pip install example-robot-data` gives)
    try:
        dist = importlib.metadata.distribution("example-robot-data")
    except importlib.metadata.PackageNotFoundError:
        pass
    else:
        yield Path(dist.locate_file("cmeel.prefix/share/example-robot-data"))
    # the Python helper module, when it is installed
    try:
        import example_robot_data
    except ImportError:
        pass
    else:
        try:
            yield Path(example_robot_data.getModelPath(_PROBE))
        except Exception:  # getModelPath raises IOError when the data is not found
            pass
    # a ROS installation (ros-<distro>-example-robot-data)
    try:
        from ament_index_python.packages import get_package_share_directory
    except ImportError:
        pass
    else:
        try:
            yield Path(get_package_share_directory("example-robot-data"))
        except Exception:  # PackageNotFoundError, or no AMENT_PREFIX_PATH at all
            pass


@functools.cache
def example_robot_data_robots() -> Path | None:
    """example-robot-data's ``robots/`` directory, or None when it is not installed."""
    for base in _candidates():
        for robots in (base / "robots", base):
            if (robots / _PROBE).is_file():
                return robots
    return None


def _skip_reason(relative: str) -> str | None:
    robots = example_robot_data_robots()
    if robots is None:
        return (
            "example-robot-data is not installed (pip install example-robot-data, or "
            "ros-<distro>-example-robot-data)"
        )
    if not (robots / relative).is_file():
        return f"example-robot-data in {robots} has no '{relative}'"
    return None


@pytest.fixture(scope="session")
def erd_path():
    """``erd_path("ur_description/urdf/ur5_robot.urdf")`` → absolute Path, or skip the test."""

    def resolve(relative: str) -> Path:
        reason = _skip_reason(relative)
        if reason is not None:
            pytest.skip(reason)
        return example_robot_data_robots() / relative

    return resolve


def pytest_generate_tests(metafunc):
    if "erd_urdf" not in metafunc.fixturenames:
        return
    robots = example_robot_data_robots()
    if robots is None:
        params = [pytest.param(None, marks=pytest.mark.skip(reason=_skip_reason(_PROBE)))]
        metafunc.parametrize("erd_urdf", params, ids=["no-example-robot-data"])
        return
    files = sorted(p.relative_to(robots).as_posix() for p in robots.rglob("*.urdf"))
    metafunc.parametrize("erd_urdf", files, ids=files)
