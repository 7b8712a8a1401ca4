"""Standard inertial parameters (Khalil [7.3], [7.12]) against closed forms and URDF.

* URDF (mass, COM frame, tensor about the COM) -> standard parameters -> back is exact.
* A solid box of known dimensions, offset and rotated, has the textbook parameters.
* Moving a body's parameters to another frame equals integrating point masses directly.
"""

from __future__ import annotations

import numpy as np
import pytest

from modyn_model import RobotModel
from modyn_model.inertia import (
    com_parameters,
    spatial_inertia,
    standard_parameters,
    tensor,
    transform_parameters,
)
from modyn_model.random_robot import random_inertia
from modyn_model.spatial import rpy_matrix


def _point_cloud_parameters(points: np.ndarray, masses: np.ndarray) -> np.ndarray:
    """The 10 parameters of a set of point masses, straight from the definitions [7.3]."""
    x, y, z = points.T
    return np.array(
        [
            np.sum(masses * (y * y + z * z)),
            -np.sum(masses * x * y),
            -np.sum(masses * x * z),
            np.sum(masses * (x * x + z * z)),
            -np.sum(masses * y * z),
            np.sum(masses * (x * x + y * y)),
            np.sum(masses * x),
            np.sum(masses * y),
            np.sum(masses * z),
            np.sum(masses),
        ]
    )


@pytest.mark.parametrize("seed", range(10))
def test_urdf_round_trip_is_exact(seed):
    rng = np.random.default_rng(seed)
    mass, inertia = random_inertia(rng)
    com = rng.uniform(-0.3, 0.3, 3)
    rot = rpy_matrix(rng.uniform(-3, 3, 3))
    params = standard_parameters(mass, com, inertia, rot)
    m2, c2, i2 = com_parameters(params)
    assert m2 == pytest.approx(mass, rel=1e-15)
    np.testing.assert_allclose(c2, com, rtol=0, atol=1e-15)
    np.testing.assert_allclose(i2, rot @ inertia @ rot.T, rtol=0, atol=1e-15)
    np.testing.assert_allclose(standard_parameters(m2, c2, i2), params, rtol=0, atol=1e-15)


def test_solid_box_closed_form():
    # a 2 kg box 0.2 x 0.4 x 0.6 m, centre at c, axes aligned: J = I_G + m(|c|² I - c cᵀ)
    m, (a, b, c_) = 2.0, (0.2, 0.4, 0.6)
    ig = m / 12.0 * np.diag([b * b + c_ * c_, a * a + c_ * c_, a * a + b * b])
    c = np.array([0.1, -0.2, 0.3])
    p = standard_parameters(m, c, ig)
    xx = ig[0, 0] + m * (c[1] ** 2 + c[2] ** 2)
    xy = -m * c[0] * c[1]
    assert p[0] == pytest.approx(xx) and p[1] == pytest.approx(xy)
    np.testing.assert_allclose(p[6:], [m * c[0], m * c[1], m * c[2], m])


def test_transform_parameters_equals_point_masses():
    rng = np.random.default_rng(3)
    points = rng.uniform(-0.5, 0.5, (40, 3))
    masses = rng.uniform(0.1, 1.0, 40)
    rot = rpy_matrix([0.3, -1.1, 2.0])
    origin = np.array([0.4, -0.1, 0.25])
    body = _point_cloud_parameters(points, masses)
    moved = _point_cloud_parameters(points @ rot.T + origin, masses)
    np.testing.assert_allclose(
        transform_parameters(body, rot, origin), moved, rtol=1e-13, atol=1e-13
    )


def test_spatial_inertia_matches_khalil_7_21():
    rng = np.random.default_rng(4)
    p = _point_cloud_parameters(rng.uniform(-1, 1, (10, 3)), rng.uniform(0.1, 1, 10))
    i6 = spatial_inertia(p)
    ms = p[6:9]
    np.testing.assert_allclose(i6[:3, :3], p[9] * np.eye(3))
    np.testing.assert_allclose(i6[3:, :3] @ np.ones(3), np.cross(ms, np.ones(3)))  # MŜ
    np.testing.assert_allclose(i6[:3, 3:], -i6[3:, :3])
    np.testing.assert_allclose(i6[3:, 3:], tensor(p))
    assert np.all(np.linalg.eigvalsh(i6) > 0)


def test_fixed_child_is_merged_into_parent():
    """A body split in two by a fixed joint has the dynamics of the whole body."""
    split = """<robot name="split">
      <link name="base"/>
      <link name="a"><inertial><origin xyz="0.1 0 0"/><mass value="1.0"/>
        <inertia ixx="0.01" ixy="0" ixz="0" iyy="0.02" iyz="0" izz="0.02"/></inertial></link>
      <link name="b"><inertial><origin xyz="0.2 0.1 0" rpy="0 0 0.5"/><mass value="2.0"/>
        <inertia ixx="0.03" ixy="0.001" ixz="0" iyy="0.02" iyz="0" izz="0.04"/></inertial></link>
      <joint name="j" type="revolute"><parent link="base"/><child link="a"/>
        <axis xyz="0 0 1"/><limit lower="-3" upper="3" effort="10" velocity="3"/></joint>
      <joint name="fix" type="fixed"><parent link="a"/><child link="b"/>
        <origin xyz="0.3 0 0.1" rpy="0.2 0 0"/></joint>
    </robot>"""
    model = RobotModel.from_urdf(split)
    assert model.joint_names == ("j",) and "b" in model.frames
    rot_b = rpy_matrix([0.2, 0, 0])
    inertia_b = standard_parameters(
        2.0,
        np.array([0.2, 0.1, 0]),
        np.array([[0.03, 0.001, 0], [0.001, 0.02, 0], [0, 0, 0.04]]),
        rpy_matrix([0, 0, 0.5]),
    )
    expected = standard_parameters(1.0, np.array([0.1, 0, 0]), np.diag([0.01, 0.02, 0.02]))
    expected = expected + transform_parameters(inertia_b, rot_b, np.array([0.3, 0, 0.1]))
    np.testing.assert_allclose(model.inertial_parameters[0], expected, rtol=1e-14, atol=1e-15)
    # and A = ZZ of the merged body about the joint axis
    assert model.mass_matrix([0.7])[0, 0] == pytest.approx(expected[5], rel=1e-14)
