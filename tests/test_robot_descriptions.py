"""The robot descriptions shipped in urdf/ against independent forms of the same robots.

* ``rx90.urdf.xacro`` (written by ``modyn_model.urdf_export``) has the dynamics of the
  modified-DH table ``rx90`` it came from, with and without payload.
* ``planar_2r.urdf.xacro`` has the textbook inertia matrix and gravity of a planar 2R arm of
  uniform rods (closed form, e.g. Spong-Hutchinson-Vidyasagar §7.3), for any xacro arguments.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from modyn_model import RobotModel

URDF = Path(__file__).resolve().parents[1] / "urdf"


def test_rx90_xacro_equals_mdh_table():
    xacro_model = RobotModel.from_xacro(URDF / "rx90.urdf.xacro", extras=URDF / "rx90_extras.yaml")
    mdh_model = RobotModel.from_mdh("rx90")
    assert xacro_model.joint_names == mdh_model.joint_names
    rng = np.random.default_rng(0)
    q, v, a = rng.uniform(-2, 2, (3, 40, 6))
    np.testing.assert_allclose(
        xacro_model.inverse_dynamics(q, v, a), mdh_model.inverse_dynamics(q, v, a), atol=1e-10
    )
    np.testing.assert_allclose(xacro_model.lower, mdh_model.lower)
    np.testing.assert_allclose(xacro_model.effort_limit, mdh_model.effort_limit)


def test_rx90_payload_adds_mass_at_the_flange():
    base = RobotModel.from_xacro(URDF / "rx90.urdf.xacro")
    loaded = RobotModel.from_xacro(URDF / "rx90.urdf.xacro", payload="2.0")
    assert loaded.inertial_parameters[5, 9] == pytest.approx(base.inertial_parameters[5, 9] + 2.0)
    # the payload sits 0.05 m along z6 beyond O6: first moment MZ grows by 2.0 * 0.05
    assert loaded.inertial_parameters[5, 8] == pytest.approx(base.inertial_parameters[5, 8] + 0.1)


@pytest.mark.parametrize("l1, l2, m1, m2", [(0.5, 0.4, 2.0, 1.5), (1.0, 0.7, 4.0, 0.5)])
def test_planar_2r_closed_form(l1, l2, m1, m2):
    model = RobotModel.from_xacro(
        URDF / "planar_2r.urdf.xacro", l1=str(l1), l2=str(l2), m1=str(m1), m2=str(m2)
    )
    g = 9.81
    # rods of small square section (side 0.05 m): I about the COM, axis y
    i1 = m1 * (l1 * l1 + 0.0025) / 12
    i2 = m2 * (l2 * l2 + 0.0025) / 12
    lc1, lc2 = l1 / 2, l2 / 2
    for q1, q2 in [(0.0, 0.0), (0.3, -1.2), (2.0, 0.7)]:
        c2 = np.cos(q2)
        # joints about +y: a positive rotation lowers +x towards -z, so the heights are
        # z = -l sin(q); the textbook formulas hold with the angle measured that way
        a11 = m1 * lc1**2 + m2 * (l1**2 + lc2**2 + 2 * l1 * lc2 * c2) + i1 + i2
        a12 = m2 * (lc2**2 + l1 * lc2 * c2) + i2
        a22 = m2 * lc2**2 + i2
        expected = np.array([[a11, a12], [a12, a22]])
        np.testing.assert_allclose(model.mass_matrix([q1, q2]), expected, rtol=1e-12)
        # U = -g(m1 lc1 sin q1 + m2 (l1 sin q1 + lc2 sin(q1+q2))) -> Q = dU/dq
        gq1 = -g * (m1 * lc1 * np.cos(q1) + m2 * (l1 * np.cos(q1) + lc2 * np.cos(q1 + q2)))
        gq2 = -g * m2 * lc2 * np.cos(q1 + q2)
        np.testing.assert_allclose(model.gravity([q1, q2]), [gq1, gq2], rtol=1e-12)
