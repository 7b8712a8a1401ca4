"""Bad robot descriptions, side files and state vectors are rejected with a precise message.

What is checked against what
----------------------------
Each test feeds one defect to a loader (:meth:`RobotModel.from_urdf`, ``from_xacro``,
``from_mdh``, the joint-extras side file) or to a dynamics entry point, and checks

* the exception type: the :class:`~modyn_model.ModelError` subclass documented in
  :mod:`modyn_model.errors` (``DescriptionError``, ``InertiaError``, ``JointError``,
  ``TopologyError``, ``UnsupportedError``, ``StateError``), and that it is a ``ModelError``;
* that the message names the culprit: the file path (or ``<urdf string>`` / ``<mdh mapping>``),
  the link, joint or field, and the offending value.

Defects the library does not catch yet (a raw numpy/Python exception, or silent acceptance) are
fixed in the library since. A positive test checks that a xacro argument reaches the model.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

from modyn_model import (
    DescriptionError,
    InertiaError,
    JointError,
    ModelError,
    RobotModel,
    StateError,
    TopologyError,
    UnsupportedError,
)

INERTIAL = (
    '<inertial><origin xyz="0 0 0.1"/><mass value="1.0"/>'
    '<inertia ixx="0.01" ixy="0" ixz="0" iyy="0.01" iyz="0" izz="0.01"/></inertial>'
)
LIMIT = '<limit lower="-1" upper="1" effort="10" velocity="1"/>'
JOINT2 = f'<axis xyz="0 0 1"/>{LIMIT}'
URDF_STRING = "<urdf string>"
DID_NOT_RAISE = pytest.fail.Exception  # what pytest.raises raises when nothing is raised


def urdf(
    link2: str = INERTIAL, joint2_type: str = "revolute", joint2: str = JOINT2, extra: str = ""
) -> str:
    """A valid two-link arm (base → link1 → link2) with one part replaceable."""
    return f"""<robot name="tiny">
  <link name="base"/>
  <link name="link1">{INERTIAL}</link>
  <link name="link2">{link2}</link>
  <joint name="joint1" type="revolute">
    <parent link="base"/><child link="link1"/><axis xyz="0 0 1"/>{LIMIT}
  </joint>
  <joint name="joint2" type="{joint2_type}">
    <parent link="link1"/><child link="link2"/><origin xyz="0 0 0.5"/>{joint2}
  </joint>
  {extra}
</robot>"""


def inertial(mass, ixx=0.01, iyy=0.01, izz=0.01) -> str:
    return (
        f'<inertial><mass value="{mass}"/>'
        f'<inertia ixx="{ixx}" ixy="0" ixz="0" iyy="{iyy}" iyz="0" izz="{izz}"/></inertial>'
    )


def mdh_table(**frame) -> dict:
    """A one-joint modified-DH mapping; keyword arguments replace fields of the frame."""
    base = {
        "name": "j1",
        "sigma": 0,
        "alpha": 0.0,
        "d": 0.0,
        "theta": 0.0,
        "r": 0.0,
        "inertia": {"XX": 1.0, "YY": 1.0, "ZZ": 1.0, "M": 1.0},
    }
    base.update(frame)
    return {"frames": [base]}


def check_error(exc_type, call, *fragments) -> str:
    """``call()`` raises ``exc_type`` (a ModelError) whose message contains every fragment."""
    with pytest.raises(exc_type) as info:
        call()
    error = info.value
    assert isinstance(error, ModelError), f"{type(error).__name__} is not a ModelError"
    message = str(error)
    for fragment in fragments:
        assert str(fragment) in message, (
            f"{type(error).__name__} message does not name {fragment!r}: {message}"
        )
    return message


@pytest.fixture(scope="module")
def arm() -> RobotModel:
    return RobotModel.from_urdf(urdf())


def test_reference_description_is_valid(arm):
    assert arm.joint_names == ("joint1", "joint2"), "the template itself must load"


# ---------------------------------------------------------------- XML, xacro, files
def test_malformed_xml_string():
    check_error(
        DescriptionError,
        lambda: RobotModel.from_urdf("<robot name='x'><link name='a'></robot>"),
        URDF_STRING,
        "malformed XML",
        "line 1",
    )


def test_malformed_xml_file(tmp_path):
    path = tmp_path / "broken.urdf"
    path.write_text("<robot name='x'><link name='a'></robot>")
    check_error(DescriptionError, lambda: RobotModel.from_urdf(path), str(path), "malformed XML")


def test_root_element_is_not_robot():
    check_error(
        DescriptionError,
        lambda: RobotModel.from_urdf('<model name="m"/>'),
        URDF_STRING,
        "<model>",
        "<robot>",
    )


def test_malformed_xacro_undefined_property(tmp_path):
    path = tmp_path / "undefined.xacro"
    path.write_text(
        '<robot xmlns:xacro="http://www.ros.org/wiki/xacro" name="x">'
        '<link name="${no_such_property}"/></robot>'
    )
    check_error(
        DescriptionError, lambda: RobotModel.from_xacro(path), str(path), "no_such_property"
    )


def test_malformed_xacro_xml(tmp_path):
    path = tmp_path / "unclosed.xacro"
    path.write_text(
        '<robot xmlns:xacro="http://www.ros.org/wiki/xacro" name="x"><link name="a"></robot>'
    )
    check_error(DescriptionError, lambda: RobotModel.from_xacro(path), str(path), "mismatched tag")


@pytest.mark.parametrize(
    "loader, filename, what",
    [
        (RobotModel.from_urdf, "missing.urdf", "URDF file not found"),
        (RobotModel.from_xacro, "missing.urdf.xacro", "xacro file not found"),
        (RobotModel.from_mdh, "missing.yaml", "modified-DH table not found"),
    ],
    ids=["urdf", "xacro", "mdh"],
)
def test_missing_file(tmp_path, loader, filename, what):
    path = tmp_path / filename
    check_error(DescriptionError, lambda: loader(path), str(path), what)


def test_missing_extras_file(tmp_path):
    path = tmp_path / "missing_extras.yaml"
    check_error(
        DescriptionError, lambda: RobotModel.from_urdf(urdf(), extras=path), str(path), "not found"
    )


def test_valid_xacro_argument_reaches_the_model(tmp_path):
    path = tmp_path / "one_link.urdf.xacro"
    path.write_text(
        '<robot xmlns:xacro="http://www.ros.org/wiki/xacro" name="one_link">\n'
        '  <xacro:arg name="mass" default="1.0"/>\n'
        '  <link name="base"/>\n'
        '  <link name="l1"><inertial><mass value="$(arg mass)"/>'
        '<inertia ixx="0.01" ixy="0" ixz="0" iyy="0.01" iyz="0" izz="0.01"/></inertial></link>\n'
        '  <joint name="j1" type="continuous"><parent link="base"/><child link="l1"/>'
        '<axis xyz="0 0 1"/></joint>\n'
        "</robot>\n"
    )
    model = RobotModel.from_xacro(path, mass="2.5")
    assert model.inertial_parameters[0, 9] == 2.5, (
        f"xacro argument mass=2.5 not applied: M = {model.inertial_parameters[0, 9]}"
    )
    assert model.source == str(path), f"model.source should be the xacro path, got {model.source}"
    default = RobotModel.from_xacro(path)
    assert default.inertial_parameters[0, 9] == 1.0, "xacro default mass=1.0 not applied"


# ---------------------------------------------------------------- inertia
def test_moving_link_without_inertial():
    check_error(
        InertiaError,
        lambda: RobotModel.from_urdf(urdf(link2="")),
        URDF_STRING,
        "link2",
        "joint2",
        "no mass",
    )


def test_moving_link_without_inertial_in_file(tmp_path):
    path = tmp_path / "massless.urdf"
    path.write_text(urdf(link2=""))
    check_error(InertiaError, lambda: RobotModel.from_urdf(path), str(path), "link2")


def test_moving_link_with_zero_mass():
    check_error(
        InertiaError,
        lambda: RobotModel.from_urdf(urdf(link2=inertial(0.0, 0, 0, 0))),
        URDF_STRING,
        "link2",
        "joint2",
        "no mass",
    )


def test_zero_mass_with_nonzero_tensor():
    check_error(
        InertiaError,
        lambda: RobotModel.from_urdf(urdf(link2=inertial(0.0))),
        URDF_STRING,
        "link2",
        "mass is 0",
    )


def test_moving_link_with_negative_mass():
    check_error(
        InertiaError,
        lambda: RobotModel.from_urdf(urdf(link2=inertial(-1.5))),
        URDF_STRING,
        "link2",
        "-1.5",
    )


def test_non_finite_inertia():
    check_error(
        InertiaError,
        lambda: RobotModel.from_urdf(urdf(link2=inertial(1.0, "nan"))),
        URDF_STRING,
        "link2",
        "nan",
    )


def test_inertia_violates_triangle_inequality():
    bad = inertial(1.0, ixx=0.01, iyy=0.01, izz=0.05)
    check_error(
        InertiaError,
        lambda: RobotModel.from_urdf(urdf(link2=bad)),
        URDF_STRING,
        "link2",
        "triangle inequality",
        "0.05",
    )


def test_inertia_not_positive_definite():
    bad = inertial(1.0, ixx=-0.01)
    check_error(
        InertiaError,
        lambda: RobotModel.from_urdf(urdf(link2=bad)),
        URDF_STRING,
        "link2",
        "not positive definite",
        "-0.01",
    )


# ---------------------------------------------------------------- joints
@pytest.mark.parametrize("joint_type", ["floating", "planar"])
def test_unsupported_urdf_joint_type(joint_type):
    check_error(
        JointError,
        lambda: RobotModel.from_urdf(urdf(joint2_type=joint_type, joint2='<axis xyz="0 0 1"/>')),
        URDF_STRING,
        "joint2",
        f"'{joint_type}'",
    )


def test_invalid_urdf_joint_type():
    check_error(
        DescriptionError,
        lambda: RobotModel.from_urdf(urdf(joint2_type="spherical")),
        URDF_STRING,
        "joint2",
        "spherical",
    )


def test_mimic_joint():
    mimic = JOINT2 + '<mimic joint="joint1" multiplier="2.0"/>'
    check_error(
        UnsupportedError,
        # mimic="error": the refusal of the releases before mimic joints were modelled (they now
        # load as a CoupledJointsModel: test_mimic.py)
        lambda: RobotModel.from_urdf(urdf(joint2=mimic), mimic="error"),
        URDF_STRING,
        "joint2",
        "joint1",
        "mimic",
    )


def test_lower_limit_above_upper_limit():
    limits = '<axis xyz="0 0 1"/><limit lower="1.0" upper="-1.0" effort="10" velocity="1"/>'
    check_error(
        JointError,
        lambda: RobotModel.from_urdf(urdf(joint2=limits)),
        URDF_STRING,
        "joint2",
        "1.0",
        "-1.0",
    )


def test_lower_limit_above_upper_limit_mdh():
    check_error(
        JointError,
        lambda: RobotModel.from_mdh(mdh_table(limits={"lower": 0.5, "upper": -0.5})),
        "<mdh mapping>",
        "j1",
        "0.5",
        "-0.5",
    )


def test_zero_axis():
    axis = f'<axis xyz="0 0 0"/>{LIMIT}'
    check_error(
        JointError,
        lambda: RobotModel.from_urdf(urdf(joint2=axis)),
        URDF_STRING,
        "joint2",
        "axis",
        "[0.0, 0.0, 0.0]",
    )


def test_negative_urdf_damping():
    dyn = JOINT2 + '<dynamics damping="-0.5"/>'
    check_error(
        JointError,
        lambda: RobotModel.from_urdf(urdf(joint2=dyn)),
        URDF_STRING,
        "joint2",
        "damping",
        "-0.5",
    )


def test_negative_velocity_limit():
    limits = '<axis xyz="0 0 1"/><limit lower="-1" upper="1" effort="10" velocity="-2.0"/>'
    check_error(
        JointError, lambda: RobotModel.from_urdf(urdf(joint2=limits)), URDF_STRING, "joint2", "-2.0"
    )


# ---------------------------------------------------------------- topology
def test_link_child_of_two_joints():
    loop = (
        '<joint name="joint3" type="revolute"><parent link="base"/><child link="link2"/>'
        f'<axis xyz="0 0 1"/>{LIMIT}</joint>'
    )
    check_error(
        TopologyError,
        lambda: RobotModel.from_urdf(urdf(extra=loop)),
        URDF_STRING,
        "link2",
        "joint3",
    )


def test_joint_with_unknown_parent_link():
    ghost = (
        '<link name="link3"/><joint name="joint3" type="fixed"><parent link="ghost"/>'
        '<child link="link3"/></joint>'
    )
    check_error(
        TopologyError,
        lambda: RobotModel.from_urdf(urdf(extra=ghost)),
        URDF_STRING,
        "joint3",
        "ghost",
    )


def test_unknown_locked_joint():
    check_error(
        TopologyError,
        lambda: RobotModel.from_urdf(urdf(), locked_joints=["joint1", "elbow"]),
        URDF_STRING,
        "elbow",
    )


def test_tip_not_below_root():
    check_error(
        TopologyError,
        lambda: RobotModel.from_urdf(urdf(), root="link2", tip="link1"),
        URDF_STRING,
        "'link1'",
        "'link2'",
    )


def test_unknown_tip():
    check_error(
        TopologyError, lambda: RobotModel.from_urdf(urdf(), tip="gripper"), URDF_STRING, "gripper"
    )


def test_no_moving_joint():
    fixed = (
        '<robot name="r"><link name="a"/><link name="b"/>'
        '<joint name="j" type="fixed"><parent link="a"/><child link="b"/></joint></robot>'
    )
    check_error(TopologyError, lambda: RobotModel.from_urdf(fixed), URDF_STRING, "no moving joint")


def test_duplicate_joint_name():
    twice = urdf().replace('name="joint2"', 'name="joint1"')
    check_error(TopologyError, lambda: RobotModel.from_urdf(twice), URDF_STRING, "joint1")


# ---------------------------------------------------------------- joint extras side file
def _extras_file(tmp_path, text: str):
    path = tmp_path / "extras.yaml"
    path.write_text(text)
    return path


def test_extras_unknown_field(tmp_path):
    path = _extras_file(tmp_path, "joints:\n  joint1:\n    viscosity: 1.0\n")
    check_error(
        JointError,
        lambda: RobotModel.from_urdf(urdf(), extras=path),
        str(path),
        "joint1",
        "viscosity",
    )


def test_extras_negative_value(tmp_path):
    path = _extras_file(tmp_path, "joints:\n  joint2:\n    coulomb: -0.5\n")
    check_error(
        JointError,
        lambda: RobotModel.from_urdf(urdf(), extras=path),
        str(path),
        "joint2",
        "coulomb",
        "-0.5",
    )


def test_extras_non_numeric_value(tmp_path):
    path = _extras_file(tmp_path, "joints:\n  joint1:\n    viscous: fast\n")
    check_error(
        JointError,
        lambda: RobotModel.from_urdf(urdf(), extras=path),
        str(path),
        "joint1",
        "viscous",
        "fast",
    )


def test_extras_unknown_joint(tmp_path):
    path = _extras_file(tmp_path, "joints:\n  wrist:\n    viscous: 0.5\n")
    check_error(JointError, lambda: RobotModel.from_urdf(urdf(), extras=path), str(path), "wrist")


def test_extras_malformed_yaml(tmp_path):
    path = _extras_file(tmp_path, "joints: [1, 2\n")
    check_error(
        DescriptionError,
        lambda: RobotModel.from_urdf(urdf(), extras=path),
        str(path),
        "malformed YAML",
    )


def test_extras_zero_gear_ratio():
    extras = {"joints": {"joint1": {"gear_ratio": 0}}}
    check_error(
        JointError,
        lambda: RobotModel.from_urdf(urdf(), extras=extras),
        "<extras mapping>",
        "joint1",
        "gear_ratio",
    )


# ---------------------------------------------------------------- modified-DH tables
def test_mdh_bad_sigma(tmp_path):
    path = tmp_path / "table.yaml"
    path.write_text(
        "frames:\n  - name: j1\n    sigma: 7\n    inertia: {M: 1, XX: 1, YY: 1, ZZ: 1}\n"
    )
    check_error(JointError, lambda: RobotModel.from_mdh(path), str(path), "j1", "sigma", "7")


def test_mdh_unknown_field():
    check_error(
        DescriptionError,
        lambda: RobotModel.from_mdh(mdh_table(offset=0.1)),
        "<mdh mapping>",
        "frames[0]",
        "offset",
    )


def test_mdh_non_numeric_value():
    check_error(
        DescriptionError,
        lambda: RobotModel.from_mdh(mdh_table(d="long")),
        "<mdh mapping>",
        "j1",
        ".d",
        "long",
    )


def test_mdh_expression_is_not_evaluated_as_python():
    check_error(
        DescriptionError,
        lambda: RobotModel.from_mdh(mdh_table(alpha="__import__('os').getpid()")),
        "<mdh mapping>",
        "j1",
        "alpha",
        "__import__",
    )


def test_mdh_unknown_inertial_parameter():
    table = mdh_table(inertia={"Ixx": 1.0, "M": 1.0})
    check_error(DescriptionError, lambda: RobotModel.from_mdh(table), "<mdh mapping>", "Ixx")


def test_mdh_non_positive_mass():
    table = mdh_table(inertia={"XX": 1.0, "YY": 1.0, "ZZ": 1.0, "M": 0.0})
    check_error(InertiaError, lambda: RobotModel.from_mdh(table), "<mdh mapping>", "j1", "M")


def test_mdh_malformed_yaml(tmp_path):
    path = tmp_path / "broken.yaml"
    path.write_text("frames: [ {name: j1,\n")
    check_error(DescriptionError, lambda: RobotModel.from_mdh(path), str(path), "malformed YAML")


def test_mdh_float_sigma():
    # either accepted as prismatic or rejected with a JointError; never a raw TypeError
    try:
        model = RobotModel.from_mdh(mdh_table(sigma=1.0))
    except JointError as error:
        assert "sigma" in str(error), f"message does not name sigma: {error}"
    else:
        assert model.sigma.tolist() == [1], f"sigma 1.0 should be prismatic, got {model.sigma}"


def test_mdh_non_numeric_gravity():
    table = dict(mdh_table(), gravity="down")
    check_error(DescriptionError, lambda: RobotModel.from_mdh(table), "<mdh mapping>", "gravity")


# ---------------------------------------------------------------- state vectors
STATE_CALLS = {
    "inverse_dynamics": (("q", "v", "a"), lambda m, s: m.inverse_dynamics(s["q"], s["v"], s["a"])),
    "forward_dynamics": (
        ("q", "v", "tau"),
        lambda m, s: m.forward_dynamics(s["q"], s["v"], s["tau"]),
    ),
    "forward_dynamics_recursive": (
        ("q", "v", "tau"),
        lambda m, s: m.forward_dynamics(s["q"], s["v"], s["tau"], method="recursive"),
    ),
    "mass_matrix": (("q",), lambda m, s: m.mass_matrix(s["q"])),
}
STATE_CASES = [(entry, arg) for entry, (args, _) in STATE_CALLS.items() for arg in args]


def _state(arm, **bad):
    state = {k: np.zeros(arm.n) for k in ("q", "v", "a", "tau")}
    state.update(bad)
    return state


@pytest.mark.parametrize("entry, arg", STATE_CASES, ids=[f"{e}-{a}" for e, a in STATE_CASES])
@pytest.mark.parametrize("length", [1, 3])
def test_state_of_wrong_length(arm, entry, arg, length):
    call = STATE_CALLS[entry][1]
    check_error(
        StateError,
        lambda: call(arm, _state(arm, **{arg: np.zeros(length)})),
        f"{arg} must have last dimension 2",
        f"shape ({length},)",
        "joint1",
    )


@pytest.mark.parametrize("entry, arg", STATE_CASES, ids=[f"{e}-{a}" for e, a in STATE_CASES])
@pytest.mark.parametrize("value", [math.nan, math.inf], ids=["nan", "inf"])
def test_state_not_finite(arm, entry, arg, value):
    call = STATE_CALLS[entry][1]
    bad = np.array([0.0, value])
    check_error(
        StateError,
        lambda: call(arm, _state(arm, **{arg: bad})),
        f"{arg} has a non-finite value",
        "joint2",
        str(value),
    )


def test_batched_state_not_finite_names_the_joint(arm):
    q = np.zeros((4, 2))
    q[3, 0] = math.nan
    check_error(StateError, lambda: arm.mass_matrix(q), "q", "joint1", "nan")


def test_external_wrench_of_wrong_shape(arm):
    check_error(
        StateError,
        lambda: arm.inverse_dynamics(np.zeros(2), np.zeros(2), np.zeros(2), np.zeros((2, 3))),
        "f_ext",
        "(2, 3)",
    )


def test_generated_direct_dynamics_refuses_wrenches(arm):
    zero = np.zeros(2)
    check_error(
        ModelError,
        lambda: arm.forward_dynamics(zero, zero, zero, np.zeros((2, 6)), method="generated"),
        "generated",
        "f_ext",
    )


def test_unknown_direct_dynamics_method(arm):
    zero = np.zeros(2)
    check_error(ModelError, lambda: arm.forward_dynamics(zero, zero, zero, method="magic"), "magic")


def test_bad_gravity_vector(arm):
    check_error(StateError, lambda: arm.with_gravity([0.0, -9.81]), "gravity", "-9.81")


def test_unknown_frame(arm):
    check_error(TopologyError, lambda: arm.frame_placement(np.zeros(2), "gripper"), "gripper")


def test_non_numeric_state(arm):
    check_error(StateError, lambda: arm.mass_matrix(["a", "b"]), "q")


def test_incompatible_batch_shapes(arm):
    check_error(
        StateError,
        lambda: arm.inverse_dynamics(np.zeros((3, 2)), np.zeros((4, 2)), np.zeros((3, 2))),
        "(3, 2)",
        "(4, 2)",
    )


def test_friction_torques_checks_velocity(arm):
    check_error(StateError, lambda: arm.friction_torques([0.5]), "v")


def test_kinematics_checks_configuration(arm):
    check_error(StateError, lambda: arm.jacobian([math.nan, 0.0], "link2"), "q", "nan")
