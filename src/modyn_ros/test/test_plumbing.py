"""The pure helpers of modyn_ros: joint-name mapping, message values, parameter parsing."""

from __future__ import annotations

import math
import re

import numpy as np
import pytest

from modyn_ros.joint_map import (
    JointMap,
    MessageError,
    MissingJointError,
    RepeatedNameError,
    UnknownNameError,
    check_values,
)
from modyn_ros.params import ParameterError, number_list, per_joint, positive


def test_joint_map_reorders_by_name_and_caches():
    jm = JointMap(["a", "b", "c"])
    np.testing.assert_array_equal(
        jm.reorder(["c", "a", "b"], [3.0, 1.0, 2.0], "position"), [1, 2, 3]
    )
    assert jm.indices(["c", "a", "b"]) is jm.indices(["c", "a", "b"])


@pytest.mark.parametrize(
    "names, text, kind",
    [
        (["a", "b", "x"], "unknown joint name(s) ['x']", UnknownNameError),
        (["a", "b"], "missing joint(s) ['c']", MissingJointError),
        (["a", "a", "b", "c"], "repeated joint name(s) ['a']", RepeatedNameError),
    ],
)
def test_joint_map_names_the_bad_joint(names, text, kind):
    with pytest.raises(MessageError, match=re.escape(text)) as info:
        JointMap(["a", "b", "c"]).indices(names)
    assert type(info.value) is kind  # the kind is the type, not a word to find in the text


def test_joint_map_ignore_unknown_skips_extra_names_only():
    jm = JointMap(["a", "b"], ignore_unknown=True)
    np.testing.assert_array_equal(jm.indices(["x", "b", "y", "a"]), [3, 1])
    with pytest.raises(MissingJointError, match=re.escape("name: missing joint(s) ['b']")):
        jm.indices(["a", "x"])
    with pytest.raises(RepeatedNameError, match=re.escape("repeated joint name(s) ['x']")):
        jm.indices(["a", "b", "x", "x"])


def test_check_values_names_field_and_index():
    with pytest.raises(MessageError, match=r"effort\[1\] is nan"):
        check_values([0.0, math.nan], 2, "effort")
    with pytest.raises(MessageError, match="effort: 1 values for 2 joints"):
        check_values([0.0], 2, "effort")


def test_parameter_parsing():
    assert number_list(3, "kp") == [3.0]
    assert number_list([1, 2.5], "kp") == [1.0, 2.5]
    with pytest.raises(ParameterError, match="kp = 'x'"):
        number_list("x", "kp")
    with pytest.raises(ParameterError, match=r"kp\[1\] = True"):
        number_list([1.0, True], "kp")
    with pytest.raises(ParameterError, match=r"kd\[0\] = -1.0: must be finite and > 0"):
        positive([-1.0], "kd")
    np.testing.assert_array_equal(per_joint([2.0], 3, "kp"), [2.0, 2.0, 2.0])
    np.testing.assert_array_equal(per_joint([], 2, "kp", default=np.array([1.0, 2.0])), [1.0, 2.0])
    with pytest.raises(ParameterError, match="kp: 2 values for 3 joints"):
        per_joint([1.0, 2.0], 3, "kp")
    with pytest.raises(ParameterError, match="kp: empty"):
        per_joint([], 3, "kp")
