"""The one hold law (modyn_control.hold) against its formulas, written out here."""

import numpy as np

from modyn_control.hold import HoldLaw
from modyn_control.laws import hold as pd_hold
from modyn_model import RobotModel


def _state(model, seed=0):
    rng = np.random.default_rng(seed)
    return rng.uniform(-1, 1, model.n), rng.uniform(-1, 1, model.n), rng.uniform(-1, 1, model.n)


def test_matrix_form_is_gravity_plus_mass_matrix_times_the_second_order_error():
    model = RobotModel.from_mdh("rx90")
    q, v, q_h = _state(model)
    law = HoldLaw(model, bandwidth=15.0, damping_ratio=0.8)
    law.capture(q_h)
    expected = model.gravity(q) + model.mass_matrix(q_h) @ (
        15.0**2 * (q_h - q) - 2 * 0.8 * 15.0 * v
    )
    np.testing.assert_allclose(law.effort(q, v), expected, rtol=1e-12, atol=1e-10)
    assert law.unheld == ()


def test_diagonal_form_equals_the_controller_pd_hold():
    model = RobotModel.from_mdh("rx90")
    q, v, q_h = _state(model, 1)
    kp, kd = np.linspace(100, 600, 6), np.linspace(10, 60, 6)
    law = HoldLaw(model, kp, kd)
    law.capture(q_h)
    out = np.zeros(6)
    pd_hold(q, v, q_h, model.gravity(q), kp, kd, out)
    np.testing.assert_allclose(law.effort(q, v), out, rtol=1e-12, atol=1e-10)


def test_at_the_held_pose_at_rest_the_hold_is_gravity_compensation():
    model = RobotModel.from_mdh("rx90")
    q, _, _ = _state(model, 2)
    law = HoldLaw(model)
    law.capture(q)
    np.testing.assert_allclose(law.effort(q, np.zeros(6)), model.gravity(q), atol=1e-10)
