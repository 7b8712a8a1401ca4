"""pytest set-up of the whole repository: launch tests collected by any pytest from 7 to 9.

Why: launch_testing registers a pytest plugin (entry point ``launch_testing``; launch_testing_ros
adds ``launch_ros``, which hooks into it) that turns a test file whose
``generate_test_description`` is marked ``@pytest.mark.launch_test`` into a launch test. Up to
launch_testing 3.7.1 (and Jazzy's 3.4.11, Kilted's 3.8.8) its hook is
``pytest_pycollect_makemodule(path, parent)``, and pytest 9 removed the ``path`` (py.path)
argument: the plugin fails to register (``PluginValidationError``, ros2/launch#979) and every
pytest run where launch_testing is installed dies before collecting. Upstream fixed it in
ros2/launch#972/#974 (Jazzy launch_testing 3.4.12, Kilted 3.8.9, launch_testing_ros 0.26.13 /
0.28.7), but an installed ROS may be older.

What: pyproject.toml disables both plugins (``-p no:launch_testing -p no:launch_ros``; a name
that is not installed is ignored), and this file does the one thing of theirs the project needs,
with the hook signature of pytest >= 7: a test file whose top-level ``generate_test_description``
carries a ``launch_test`` mark becomes launch_testing's own ``LaunchTestModule``, so it runs
under launch_testing's runner exactly as through the plugin (``--launch-args`` included). The
file is recognised from its syntax tree, without importing it. Where launch_testing is not
importable the file is collected as an ordinary module, whose ``pytest.importorskip`` then
reports it as skipped. Should the plugin be active anyway (a pytest invoked without this
repository's configuration), this file stays out of its way.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

_PLUGIN = "launch_testing"


def _is_launch_test(path: Path) -> bool:
    """True if ``path`` defines ``generate_test_description`` decorated ``...launch_test``."""
    try:
        tree = ast.parse(path.read_bytes(), filename=str(path))
    except (OSError, SyntaxError, ValueError):
        return False  # pytest's own collection reports an unreadable file
    for stmt in tree.body:
        if isinstance(stmt, ast.FunctionDef) and stmt.name == "generate_test_description":
            for decorator in stmt.decorator_list:
                target = decorator.func if isinstance(decorator, ast.Call) else decorator
                if isinstance(target, ast.Attribute) and target.attr == "launch_test":
                    return True
    return False


def pytest_addoption(parser, pluginmanager):
    if not pluginmanager.has_plugin(_PLUGIN):
        parser.addoption(
            "--launch-args",
            action="append",
            nargs="*",
            default=[],
            help="arguments passed to the launch description of launch tests (launch_testing)",
        )


def pytest_configure(config):
    if not config.pluginmanager.has_plugin(_PLUGIN):
        config.addinivalue_line(
            "markers",
            "launch_test: mark a generate_test_description function as a launch test entrypoint",
        )


@pytest.hookimpl(tryfirst=True)
def pytest_pycollect_makemodule(module_path: Path, parent):
    if parent.config.pluginmanager.has_plugin(_PLUGIN) or not _is_launch_test(module_path):
        return None
    try:
        from launch_testing.pytest.hooks import LaunchTestModule
    except ImportError:
        return None  # an ordinary module: its importorskip reports the skip
    return LaunchTestModule.from_parent(parent=parent, path=module_path)
