"""modyn_model.so3 against references nobody here wrote: transforms3d (quaternions in the
library's (w, x, y, z) order, axis-angle) and scipy's Rotation (rotation vectors), at generic
angles, near 0 and near π, single and batched."""

from __future__ import annotations

import numpy as np
import pytest
import transforms3d.axangles as t3a
import transforms3d.quaternions as t3q
from scipy.spatial.transform import Rotation

from modyn_model.errors import StateError
from modyn_model.so3 import (
    check_unit_quaternion,
    matrix_to_quaternion,
    quaternion_from_xyzw,
    quaternion_to_matrix,
    quaternion_to_xyzw,
    rotation_error,
    rotation_exp,
    rotation_log,
)

ANGLES = [0.0, 1e-12, 1e-7, 0.3, np.pi / 2, 2.0, 3.0, np.pi - 1e-6, np.pi - 1e-12, np.pi]


def _axes(rng, count):
    u = rng.normal(size=(count, 3))
    return u / np.linalg.norm(u, axis=1, keepdims=True)


@pytest.mark.parametrize("angle", ANGLES)
def test_exp_and_log_match_transforms3d_and_scipy(angle):
    rng = np.random.default_rng(int(angle * 1e6) % 997)
    for u in _axes(rng, 20):
        reference = t3a.axangle2mat(u, angle)
        r = rotation_exp(angle * u)
        np.testing.assert_allclose(r, reference, rtol=0, atol=2e-15)  # a few ulps
        w = rotation_log(reference)
        assert np.linalg.norm(w) <= np.pi + 1e-15
        if angle < np.pi - 1e-3:  # at π, ±u are the same rotation
            np.testing.assert_allclose(
                w, Rotation.from_matrix(reference).as_rotvec(), rtol=0, atol=2e-8
            )
        np.testing.assert_allclose(rotation_exp(w), reference, rtol=0, atol=5e-15)


def test_batched_paths_equal_the_single_paths():
    rng = np.random.default_rng(1)
    w = np.concatenate(
        [_axes(rng, 40) * rng.uniform(0.0, np.pi, (40, 1)), np.zeros((1, 3)), [[np.pi, 0, 0]]]
    )
    rots = rotation_exp(w)
    single = np.stack([rotation_exp(x) for x in w])
    np.testing.assert_allclose(rots, single, rtol=0, atol=1e-15)
    logs = rotation_log(rots.reshape(2, 21, 3, 3)).reshape(42, 3)
    np.testing.assert_allclose(logs, np.stack([rotation_log(r) for r in rots]), rtol=0, atol=1e-15)
    np.testing.assert_allclose(logs[:-1], w[:-1], rtol=0, atol=1e-13)
    np.testing.assert_allclose(np.abs(logs[-1]), [np.pi, 0, 0], rtol=0, atol=1e-15)


def test_rotation_error_is_log_of_rd_rt():
    rng = np.random.default_rng(2)
    for angle in (1e-12, 1e-4, 0.5, 2.5, 3.1):
        u = _axes(rng, 1)[0]
        r = Rotation.random(random_state=int(angle * 1e4)).as_matrix()
        r_d = t3a.axangle2mat(u, angle) @ r
        np.testing.assert_allclose(rotation_error(r_d, r), angle * u, rtol=0, atol=1e-12)


def test_quaternions_match_transforms3d():
    rots = Rotation.random(200, random_state=3).as_matrix()
    # near-π and axis-aligned rotations exercise every branch of Shepperd's method
    extra = [t3a.axangle2mat(a, np.pi) for a in np.eye(3)] + [np.eye(3)]
    extra += [t3a.axangle2mat(a, np.pi - 1e-9) for a in np.eye(3)]
    rots = np.concatenate([rots, np.array(extra)])
    quats = matrix_to_quaternion(rots)
    for r, q in zip(rots, quats, strict=True):
        ref = t3q.mat2quat(r)  # (w, x, y, z)
        ref = ref if ref[0] > 0 or (ref[0] == 0 and q @ ref > 0) else -ref
        np.testing.assert_allclose(q, ref, rtol=0, atol=2e-15)
        np.testing.assert_allclose(quaternion_to_matrix(q), t3q.quat2mat(q), rtol=0, atol=2e-15)
        np.testing.assert_allclose(quaternion_to_matrix(q), r, rtol=0, atol=2e-15)
    assert np.all(quats[:, 0] >= 0.0)
    np.testing.assert_allclose(np.linalg.norm(quats, axis=1), 1.0, rtol=0, atol=1e-15)


def test_message_order_helpers_are_inverse_and_match_scipy():
    xyzw = Rotation.random(10, random_state=4).as_quat()  # scipy's order is (x, y, z, w)
    wxyz = quaternion_from_xyzw(xyzw)
    np.testing.assert_array_equal(wxyz[:, 0], xyzw[:, 3])
    np.testing.assert_array_equal(quaternion_to_xyzw(wxyz), xyzw)
    np.testing.assert_allclose(
        quaternion_to_matrix(wxyz), Rotation.from_quat(xyzw).as_matrix(), rtol=0, atol=1e-15
    )


def test_check_unit_quaternion_names_the_problem():
    np.testing.assert_allclose(check_unit_quaternion([2e-4 + 1.0, 0, 0, 0]), [1.0, 0, 0, 0])
    with pytest.raises(StateError, match="norm 0"):
        check_unit_quaternion([0.0, 0.0, 0.0, 0.0])
    with pytest.raises(StateError, match=r"\[2\] is nan"):
        check_unit_quaternion([1.0, 0.0, np.nan, 0.0])
    with pytest.raises(StateError, match=r"shape \(3,\)"):
        check_unit_quaternion([1.0, 0.0, 0.0])
