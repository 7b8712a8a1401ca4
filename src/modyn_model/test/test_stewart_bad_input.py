"""Bad input to the Stewart platform model: every error names the file and field, the leg, or
the pose (issue 15, "Bad input"), and forward kinematics reports unreachable and singular poses."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
import yaml

from modyn_model import DescriptionError, ModelError, StateError, load_model
from modyn_model.mechanisms.stewart import (
    StewartParameters,
    StewartSingularityWarning,
    forward_kinematics,
    inverse_dynamics,
    inverse_kinematics,
    jacobian_c,
    mass_matrix,
)
from modyn_model.mechanisms.stewart.model import StewartModel

YAML = "config/mechanisms/stewart_lopes.yaml"
DEG = np.pi / 180.0
P1 = np.array([0.0, 0.0, 2.0, 0.0, 0.0, 0.0])


def _good():
    with open(YAML) as f:
        return yaml.safe_load(f)


def _write(tmp_path, d):
    path = tmp_path / "bad_stewart.yaml"
    path.write_text(yaml.safe_dump(d))
    return str(path)


def _without(d, *keys):
    d = dict(d)
    sub = d
    for k in keys[:-1]:
        sub[k] = dict(sub[k])
        sub = sub[k]
    del sub[keys[-1]]
    return d


def _with(d, value, *keys):
    d = dict(d)
    sub = d
    for k in keys[:-1]:
        sub[k] = dict(sub[k])
        sub = sub[k]
    sub[keys[-1]] = value
    return d


CASES = {
    "missing piston": (lambda d: _without(d, "piston"), "'piston'"),
    "missing platform mass": (lambda d: _without(d, "platform", "mass"), "platform.mass"),
    "missing base radius": (
        lambda d: _without(d, "geometry", "base_radius"),
        "geometry.base_radius",
    ),
    "unknown top field": (lambda d: _with(d, 1.0, "payload"), "payload"),
    "unknown nested field": (lambda d: _with(d, 0.1, "cylinder", "length"), "cylinder.length"),
    "negative platform mass": (lambda d: _with(d, -1.43, "platform", "mass"), "platform.mass"),
    "negative cylinder mass": (
        lambda d: _with(d, [0.39] * 5 + [-0.1], "cylinder", "mass"),
        "cylinder.mass",
    ),  # fmt: skip
    "5 per-leg values": (lambda d: _with(d, [0.5] * 5, "piston", "com"), "piston.com"),
    "inertia of size 2": (
        lambda d: _with(d, [0.2, 0.2], "platform", "inertia"),
        "platform.inertia",
    ),
    "negative leg inertia": (
        lambda d: _with(d, [0.0, -0.1, 0.1], "cylinder", "inertia"),
        "cylinder.inertia",
    ),
    "5 base points": (
        lambda d: _with(
            d, {"base_points": [[1, 0, 0]] * 5, "platform_points": [[0.5, 0, 0]] * 6}, "geometry"
        ),
        "geometry.base_points",
    ),  # fmt: skip
    "gravity of size 2": (lambda d: _with(d, [0.0, -9.81], "gravity"), "gravity"),
    "inverted stroke": (lambda d: _with(d, [3.4, 1.8], "stroke"), "stroke"),
    "zero force limit": (lambda d: _with(d, 0.0, "force_limit"), "force_limit"),
    "unknown leg spin": (lambda d: _with(d, "free", "leg_spin"), "leg_spin"),
    "text mass": (lambda d: _with(d, "heavy", "piston", "mass"), "piston.mass"),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_malformed_file_names_the_file_and_the_field(tmp_path, case):
    edit, field = CASES[case]
    path = _write(tmp_path, edit(_good()))
    with pytest.raises(DescriptionError) as err:
        load_model(path)
    assert path in str(err.value) and field in str(err.value), str(err.value)


def test_a_pose_outside_a_stroke_names_the_leg_its_length_and_stroke():
    model = load_model(YAML)
    high = np.array([0.0, 0.0, 3.3, 0.0, 0.0, 0.0])  # every leg 3.4802 m > 3.4 m
    with pytest.raises(
        StateError, match=r"leg1 length 3\.4802 m outside its stroke \[1\.8, 3\.4\] m"
    ):
        model.check_workspace(high)
    # one leg only: lower the platform towards legs 4 and 5 until leg 5 (alone) is too short
    x = np.array([-0.65, -0.65, 1.75, 0.0, 0.0, 0.0])
    lengths = inverse_kinematics(model.params, x)
    short = int(np.argmin(lengths))
    assert short == 4 and np.count_nonzero((lengths < 1.8) | (lengths > 3.4)) == 1
    with pytest.raises(StateError, match=r"leg5 length 1\.7600 m .* at platform pose \[-0\.65"):
        model.check_workspace(np.stack([P1, x]))  # batched: the bad pose is named


def test_a_singular_pose_is_refused_naming_the_condition_number():
    model = load_model(YAML)
    # a 90° turn about the vertical at z = 2 m makes J_C singular (det J_C changes sign there);
    # every leg is inside its stroke (2.285 and 2.899 m)
    x = np.array([0.0, 0.0, 2.0, 90 * DEG, 0.0, 0.0])
    assert np.linalg.cond(jacobian_c(model.params, x)) > 1e15
    with pytest.raises(StateError, match=r"singular pose .* cond\(J_C\) = "):
        model.check_workspace(x)
    # close to it, forward kinematics still converges but warns
    near = np.array([0.0, 0.0, 2.0, 90 * DEG - 2e-7, 0.0, 0.0])
    assert np.linalg.cond(jacobian_c(model.params, near)) > 1e6
    with pytest.warns(StewartSingularityWarning, match="cond"):
        sol, report = forward_kinematics(
            model.params, inverse_kinematics(model.params, near), x0=near
        )
    assert report.converged and report.condition > 1e6


def test_forward_kinematics_of_unreachable_lengths_raises_model_error():
    params = StewartParameters.lopes_table2()
    # legs 1 and 2 share the platform joint P1 = P2 (6-3 platform) and |b1 - b2| = 2.12 m, so
    # l1 + l2 = 1 m cannot close the triangle: no pose has these lengths
    lengths = [0.5, 0.5, 2.3, 2.3, 2.3, 2.3]
    with pytest.raises(ModelError, match=r"no convergence to leg lengths \[0\.5, 0\.5"):
        forward_kinematics(params, lengths, max_iter=30)
    with pytest.raises(ModelError, match="6 finite values > 0"):
        forward_kinematics(params, [2.0] * 5)
    with pytest.raises(ModelError, match="6 finite values > 0"):
        forward_kinematics(params, [2.0] * 5 + [np.nan])


def test_a_vertical_leg_with_universal_spin_is_refused_and_warned_for_none():
    # put the platform joint P1 (= P2) right above the base joint B1: leg 1 is vertical
    params = StewartParameters.lopes_table2(leg_spin="universal")
    offset = params.base_points[0] - params.platform_points[0]
    x = np.array([offset[0], offset[1], 2.0, 0.0, 0.0, 0.0])
    with pytest.raises(StateError, match=r"\['leg1'\] vertical: the U-joint spin"):
        mass_matrix(params, x)
    with pytest.raises(StateError, match="leg1"):
        StewartModel(params).inverse_dynamics(x, np.zeros(6), np.zeros(6))
    # the paper's model with axisymmetric legs (Table 2) is exact there: no error, no warning
    table2 = StewartParameters.lopes_table2()
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        inverse_dynamics(table2, x, np.zeros(6), np.zeros(6))
    # non-axisymmetric legs: the leg frame (Lopes (51)) is undefined, a warning says so
    skewed = StewartParameters.lopes_table2(cylinder_inertia=[0.05, 0.1, 0.2])
    with pytest.warns(StewartSingularityWarning, match="leg1"):
        inverse_dynamics(skewed, x, np.zeros(6), np.zeros(6))


def test_bad_states_are_refused_by_the_contract_model():
    model = load_model(YAML)
    with pytest.raises(StateError, match="pitch"):
        model.mass_matrix([0.0, 0.0, 2.0, 0.0, 90 * DEG, 0.0])
    with pytest.raises(StateError, match="last dimension 6"):
        model.inverse_dynamics(np.zeros(5), np.zeros(6), np.zeros(6))
    with pytest.raises(StateError, match="non-finite"):
        model.gravity([0.0, 0.0, np.inf, 0.0, 0.0, 0.0])
    with pytest.raises(StateError, match="last dimension 6"):
        model.generalized_forces(P1, np.zeros(4))
