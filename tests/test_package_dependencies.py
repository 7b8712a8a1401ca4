"""Every import of every package is declared in its package.xml, as the right rosdep key.

``rosdep install --from-paths src`` installs what the package.xml files declare and nothing else,
so a module the code imports but no package.xml names is missing on a robot machine. For each
package under src/ this test reads every Python file with :mod:`ast` (nothing is imported) and
checks each import that is neither the standard library nor the package itself:

* the package's code (``src/<pkg>/<pkg>/``; for modyn_bringup also ``launch/``, which its
  setup.py installs): an ``exec_depend`` (or ``depend``) on the import's key;
* ``setup.py``: a ``buildtool_depend`` or ``build_depend``;
* the tests (``src/<pkg>/test/``): a ``test_depend``, ``exec_depend`` or ``depend``.

Imports are ``import x``, ``from x import y`` (absolute), and the string given to
``pytest.importorskip`` or ``importlib.import_module``: an optional import is still a dependency
(the test or feature it enables should run on a robot machine, not skip). The key of an import
is :data:`IMPORT_TO_KEY`, the documented mapping (docs/running.md); an import it does not know
fails the test, naming the file, so that the mapping is extended on purpose. The repository-level
tests (tests/, conftest.py) belong to no package and are not checked.
"""

from __future__ import annotations

import ast
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src"
PACKAGES = sorted(p.parent.name for p in SRC.glob("*/package.xml"))

#: ROS packages whose Python package has the ROS package's name (the rosdep key is the name)
ROS_PACKAGES = (
    "ament_index_python",
    "builtin_interfaces",
    "diagnostic_msgs",
    "nav_msgs",
    "geometry_msgs",
    "launch",
    "launch_ros",
    "launch_testing",
    "launch_testing_ros",
    "nav_msgs",
    "rcl_interfaces",
    "rclpy",
    "rosgraph_msgs",
    "sensor_msgs",
    "std_msgs",
    "std_srvs",
    "tf2_msgs",  # optional in modyn_hardware (the floating base's /tf)
    "trajectory_msgs",
    "visualization_msgs",
    "xacro",
)

#: import name (top-level module) -> rosdep key. Keys ending in ``-pip`` are installed by rosdep
#: with pip; all others are distribution packages (apt on Ubuntu).
IMPORT_TO_KEY: dict[str, str] = {
    **{name: name for name in ROS_PACKAGES},
    **{name: name for name in PACKAGES},  # this workspace's packages
    # ROS packages whose Python package is named otherwise
    "urdf_parser_py": "urdfdom_py",
    "pinocchio": "pinocchio",  # stack-of-tasks/pinocchio, released into Jazzy and Kilted
    # rosdep's python.yaml (ros/rosdistro)
    "numpy": "python3-numpy",
    "scipy": "python3-scipy",
    "yaml": "python3-yaml",
    "matplotlib": "python3-matplotlib",
    "sympy": "python3-sympy",
    "transforms3d": "python3-transforms3d",
    "pytest": "python3-pytest",
    "hypothesis": "python3-hypothesis",
    "setuptools": "python3-setuptools",
    # pip keys: no distribution package
    "mujoco": "python3-mujoco-pip",  # defined in rosdep's python.yaml
    "example_robot_data": "python3-example-robot-data-pip",  # defined in ./rosdep.yaml
    "mcap": "python3-mcap-ros2-support-pip",  # defined in ./rosdep.yaml (mcap comes with it)
    "mcap_ros2": "python3-mcap-ros2-support-pip",
}

#: pip keys that rosdep's own python.yaml defines; any other pip key must be in ./rosdep.yaml
ROSDISTRO_PIP_KEYS = {"python3-mujoco-pip"}

#: trees outside src/<pkg>/<pkg>/ that a package installs as code (modyn_bringup's setup.py)
EXTRA_CODE = {"modyn_bringup": [ROOT / "launch"]}

CODE_TAGS = {"depend", "exec_depend"}
BUILD_TAGS = {"depend", "build_depend", "buildtool_depend"}
TEST_TAGS = {"depend", "exec_depend", "test_depend"}

_DYNAMIC = {("pytest", "importorskip"), ("importlib", "import_module")}


def imports_of(path: Path) -> list[tuple[int, str]]:
    """(line, top-level module) of every absolute import in ``path`` (see module doc)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found = []
    for node in ast.walk(tree):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module]
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and isinstance(node.func.value, ast.Name)
            and (node.func.value.id, node.func.attr) in _DYNAMIC
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            names = [node.args[0].value]
        for name in names:
            top = name.split(".")[0]
            if top != "__future__" and top not in sys.stdlib_module_names:
                found.append((node.lineno, top))
    return found


def declared(package: str) -> dict[str, set[str]]:
    """Dependency tag -> keys of ``src/<package>/package.xml``."""
    root = ET.parse(SRC / package / "package.xml").getroot()
    deps: dict[str, set[str]] = {}
    for element in root:
        if element.tag.endswith("depend"):
            deps.setdefault(element.tag, set()).add((element.text or "").strip())
    return deps


def _files(package: str, kind: str) -> list[Path]:
    base = SRC / package
    if kind == "code":
        trees = [base / package, *EXTRA_CODE.get(package, [])]
        return sorted(f for tree in trees for f in tree.rglob("*.py"))
    if kind == "setup.py":
        return [base / "setup.py"]
    return sorted((base / "test").rglob("*.py"))


def missing_dependencies(package: str, kind: str) -> tuple[list[str], int]:
    """The problems of ``package``'s ``kind`` files (one line each) and the imports checked."""
    tags = {"code": CODE_TAGS, "setup.py": BUILD_TAGS, "test": TEST_TAGS}[kind]
    deps = declared(package)
    allowed = set().union(*(deps.get(tag, set()) for tag in tags))
    problems, checked = [], 0
    for path in _files(package, kind):
        for line, module in imports_of(path):
            if module == package:
                continue
            checked += 1
            where = f"{path.relative_to(ROOT)}:{line}"
            key = IMPORT_TO_KEY.get(module)
            if key is None:
                problems.append(
                    f"{where}: import '{module}' has no rosdep key in IMPORT_TO_KEY "
                    f"(tests/test_package_dependencies.py): add it there and to package.xml"
                )
            elif key not in allowed:
                problems.append(
                    f"{where}: import '{module}' needs rosdep key '{key}', which "
                    f"src/{package}/package.xml does not declare as {' or '.join(sorted(tags))}"
                )
    return sorted(set(problems)), checked


@pytest.mark.parametrize("kind", ["code", "setup.py", "test"])
@pytest.mark.parametrize("package", PACKAGES)
def test_every_import_is_declared(package, kind):
    problems, checked = missing_dependencies(package, kind)
    assert checked > 0, f"no third-party import found in {package}'s {kind}: nothing was checked"
    assert not problems, "\n".join(problems)


def test_every_package_is_checked():
    assert PACKAGES == [
        "modyn_bringup",
        "modyn_control",
        "modyn_hardware",
        "modyn_model",
        "modyn_ros",
        "modyn_trajectory",
    ]


def test_pip_keys_are_defined():
    """A pip key must be defined by rosdep's python.yaml or by ./rosdep.yaml (else rosdep fails)."""
    local = yaml.safe_load((ROOT / "rosdep.yaml").read_text(encoding="utf-8"))
    used = {key for key in IMPORT_TO_KEY.values() if key.endswith("-pip")}
    for package in PACKAGES:
        used |= {k for keys in declared(package).values() for k in keys if k.endswith("-pip")}
    undefined = sorted(used - ROSDISTRO_PIP_KEYS - set(local))
    assert not undefined, f"pip keys defined neither by rosdep nor by rosdep.yaml: {undefined}"
    for key, rules in local.items():
        for platform in ("debian", "ubuntu"):
            assert rules[platform]["pip"]["packages"], f"rosdep.yaml: {key} has no {platform} rule"


def test_a_missing_dependency_is_named(tmp_path, monkeypatch):
    """The check itself: an undeclared import is reported with its file, import and key."""
    package = tmp_path / "src" / "demo_pkg"
    (package / "demo_pkg").mkdir(parents=True)
    (package / "test").mkdir()
    (package / "package.xml").write_text(
        "<package format='3'><name>demo_pkg</name>"
        "<exec_depend>python3-numpy</exec_depend><test_depend>python3-pytest</test_depend>"
        "</package>"
    )
    (package / "demo_pkg" / "core.py").write_text(
        "import os\nimport numpy as np\nfrom scipy import linalg\nfrom . import core\n"
        "import demo_pkg.core\nimport somethingunknown\n"
    )
    (package / "test" / "test_core.py").write_text(
        "import pytest\nmujoco = pytest.importorskip('mujoco')\nimport numpy\n"
    )
    monkeypatch.setattr(sys.modules[__name__], "ROOT", tmp_path)
    monkeypatch.setattr(sys.modules[__name__], "SRC", tmp_path / "src")
    code, checked = missing_dependencies("demo_pkg", "code")
    assert checked == 3  # numpy, scipy, somethingunknown (os is stdlib, the rest the package)
    assert code == [
        "src/demo_pkg/demo_pkg/core.py:3: import 'scipy' needs rosdep key 'python3-scipy', "
        "which src/demo_pkg/package.xml does not declare as depend or exec_depend",
        "src/demo_pkg/demo_pkg/core.py:6: import 'somethingunknown' has no rosdep key in "
        "IMPORT_TO_KEY (tests/test_package_dependencies.py): add it there and to package.xml",
    ]
    test, _ = missing_dependencies("demo_pkg", "test")
    assert test == [
        "src/demo_pkg/test/test_core.py:2: import 'mujoco' needs rosdep key "
        "'python3-mujoco-pip', which src/demo_pkg/package.xml does not declare as depend or "
        "exec_depend or test_depend"
    ]
