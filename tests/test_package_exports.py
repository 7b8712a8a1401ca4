"""Every package's ``__init__`` says what the package holds and exports an explicit ``__all__``
whose every name resolves; the ROS-free libraries stay importable without loading rclpy."""

from __future__ import annotations

import importlib
import subprocess
import sys

import pytest

PACKAGES = (
    "modyn_model",
    "modyn_trajectory",
    "modyn_control",
    "modyn_hardware",
    "modyn_ros",
    "modyn_bringup",
)


@pytest.mark.parametrize("package", PACKAGES)
def test_all_is_explicit_and_resolves(package):
    module = importlib.import_module(package)
    assert module.__doc__ and len(module.__doc__.strip()) > 40, f"{package}: no module docstring"
    names = module.__all__
    assert isinstance(names, list) and names, f"{package}.__all__ is empty"
    assert len(set(names)) == len(names), f"{package}.__all__ repeats a name"
    assert "__version__" in names
    for name in names:
        assert getattr(module, name) is not None, f"{package}.{name}"
    assert set(names) <= set(dir(module))


@pytest.mark.parametrize("package", ["modyn_model", "modyn_trajectory", "modyn_control"])
def test_importing_a_library_package_loads_no_ros(package):
    code = f"import sys, {package}; print('rclpy' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False", f"importing {package} imported rclpy"
