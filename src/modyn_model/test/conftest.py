"""Shared helpers of the modyn_model tests: where the example-robot-data robots are, and the
closed-chain mechanisms' test cases.

``erd_path`` (fixture) turns a path relative to example-robot-data's ``robots/`` directory into
an absolute one, or skips the test with the reason when the package or the file is missing.
Any test that takes the argument ``erd_urdf`` is parametrized with every ``*.urdf`` under that
directory (relative paths, so a failure names the robot).

The Stewart platform's and the quadruped's models and generic states (``MECHANISMS``) serve both
their own test files and the parametrized contract test (test_mechanism_contract.py); pytest's
importlib mode lets no test file import another, so they travel as fixtures:
``stewart_model`` / ``quadruped_tail_model`` (each model variant), ``stewart_states`` /
``quadruped_tail_states`` (the state samplers) and ``mechanism`` (every (kind, variant)).

The compiled-model tests share ``compiled_codegen`` (MODYN_CODEGEN=c into a cache private to the
session, or a skip without a C compiler) and ``named_arm`` (the RX-90 and the example-robot-data
arms by name: ``ARMS``).
"""

from __future__ import annotations

import functools
import importlib.metadata
from pathlib import Path

import numpy as np
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


#: example-robot-data arms by name: (URDF relative to robots/, joints locked)
ARMS = {
    "ur5": ("ur_description/urdf/ur5_robot.urdf", ()),
    "panda": ("panda_description/urdf/panda.urdf", ("panda_finger_joint1", "panda_finger_joint2")),
    "xarm7": ("xarm_description/urdf/xarm7.urdf", ()),
    "z1": ("z1_description/urdf/z1.urdf", ()),
}


@pytest.fixture
def compiled_codegen(monkeypatch, tmp_path_factory):
    """MODYN_CODEGEN=c (every generated function compiled) into a cache private to this test
    session; skips the test on a machine without a C compiler (test_codegen_fallback.py covers
    that case)."""
    from modyn_model.codegen import cbackend

    if cbackend.compiler() is None:
        pytest.skip("no C compiler on this machine (the fallback test covers this case)")
    monkeypatch.setenv("MODYN_CODEGEN", "c")
    monkeypatch.setenv("MODYN_CACHE_DIR", str(tmp_path_factory.getbasetemp() / "modyn-cache"))


@pytest.fixture(scope="session")
def named_arm(erd_path):
    """``named_arm("rx90" | "ur5" | "panda" | "xarm7" | "z1")`` → a new RobotModel (the RX-90
    from Khalil's MDH table, the others from example-robot-data: ``ARMS``)."""
    from modyn_model import RobotModel

    def make(name: str):
        if name == "rx90":
            return RobotModel.from_mdh("rx90")
        path, locked = ARMS[name]
        return RobotModel.from_urdf(erd_path(path), locked_joints=list(locked))

    return make


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


# ------------------------------------------------------------------ closed-chain mechanisms
_CONFIG = Path(__file__).resolve().parents[3] / "config" / "mechanisms"
_DEG = np.pi / 180.0


def _stewart(variant: str):
    """The shipped Lopes platform ("yaml") or a non-Table-2 set ("universal_b03")."""
    from modyn_model import load_model
    from modyn_model.mechanisms.stewart import StewartParameters
    from modyn_model.mechanisms.stewart.model import StewartModel

    if variant == "yaml":
        return load_model(str(_CONFIG / "stewart_lopes.yaml"))
    # a non-Table-2 set: non-axisymmetric legs with the true U-joint spin, b_C = 0.3
    return StewartModel(
        StewartParameters.lopes_table2(
            leg_spin="universal", cylinder_com=0.3, cylinder_inertia=[0.05, 0.1, 0.2]
        ),
        name="variant",
    )


def _quadruped_tail(variant: str):
    """The shipped quadruped ("yaml") or another set ("deflection_knee")."""
    from modyn_model import load_model
    from modyn_model.mechanisms.quadruped_tail import QuadrupedTailModel, QuadrupedTailParameters

    if variant == "yaml":
        return load_model(str(_CONFIG / "quadruped_tail.yaml"))
    # another parameter set: deflection knee convention, other hips (z offset), tail mount
    hips = np.array(QuadrupedTailParameters.liu_ben_tzvi().hips) + [0.0, 0.0, -0.02]
    return QuadrupedTailModel(
        QuadrupedTailParameters.liu_ben_tzvi(
            knee="deflection", hips=hips, tail_mount=[0.01, -0.3, 0.03], m_th=1.1
        ),
        name="variant",
    )


def _stewart_states(n=8, seed=3):
    """(q, v, v̇) (n, 6): poses inside every stroke (m, rad), rates, accelerations."""
    rng = np.random.default_rng(seed)
    lo = np.array([-0.2, -0.2, 2.0, -20 * _DEG, -20 * _DEG, -20 * _DEG])
    q = rng.uniform(lo, -lo + np.array([0, 0, 4.6, 0, 0, 0]), (n, 6))
    return q, rng.uniform(-0.5, 0.5, (n, 6)), rng.uniform(-2.0, 2.0, (n, 6))


def _quadruped_tail_states(n=6, seed=3, model=None):
    """(q, v, v̇) (n, 8): torso near the standing pose, any tail angle."""
    rng = np.random.default_rng(seed)
    q0 = np.array([0.2, 0.3, 0.4, 0.0, 0.0, 0.0, 0.0, 0.0])
    q = q0 + rng.uniform(-0.06, 0.06, (n, 8))
    q[:, 6:] = rng.uniform(-1.0, 1.0, (n, 2))
    return q, rng.uniform(-0.8, 0.8, (n, 8)), rng.uniform(-3.0, 3.0, (n, 8))


#: kind -> (build(variant), states(n, seed), variants)
MECHANISMS = {
    "stewart": (_stewart, _stewart_states, ("yaml", "universal_b03")),
    "quadruped_tail": (_quadruped_tail, _quadruped_tail_states, ("yaml", "deflection_knee")),
}


@pytest.fixture(scope="module", params=MECHANISMS["stewart"][2])
def stewart_model(request):
    return _stewart(request.param)


@pytest.fixture(scope="module", params=MECHANISMS["quadruped_tail"][2])
def quadruped_tail_model(request):
    return _quadruped_tail(request.param)


@pytest.fixture(scope="session")
def stewart_states():
    return _stewart_states


@pytest.fixture(scope="session")
def quadruped_tail_states():
    return _quadruped_tail_states


@pytest.fixture(
    scope="module",
    params=[(k, v) for k, (_, _, variants) in MECHANISMS.items() for v in variants],
    ids=lambda kv: f"{kv[0]}-{kv[1]}",
)
def mechanism(request):
    """(kind, model, states) for every variant of every closed-chain mechanism."""
    kind, variant = request.param
    build, states, _ = MECHANISMS[kind]
    return kind, build(variant), states


@pytest.fixture(scope="session")
def mechanism_cases():
    """``MECHANISMS``: kind -> (build(variant), states(n, seed), variants)."""
    return MECHANISMS
