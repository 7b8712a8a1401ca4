"""feedback_controller: the hand-over to the hold is the law switch's fade, in the node.

PD alone (``feedforward: false``) on the planar arm: at the end of a motion Kp e carries the
arm's weight, the hold adds Q(q). The first hold tick within ``blend_time`` of the law's last
tick sends the law's torque at its last reference; the gap to the hold then fades out linearly
(half of it left half a blend time later); after a whole blend time the command is the hold's.
The closed forms are written out here from the model.
"""

from __future__ import annotations

import numpy as np

from modyn_control.testing import ControllerLoop as Loop
from modyn_control.testing import trajectory_msg

KP, KD, BLEND = 400.0, 40.0, 0.1  # the defaults


def test_pd_alone_hands_over_to_the_hold_without_a_step(ros, planar_model, planar_xml):
    model = planar_model
    loop = Loop(ros, model, planar_xml, feedforward=False)
    q0, q1 = np.array([0.0, 0.0]), np.array([0.6, -0.4])
    loop.command(q0, np.zeros(2), 0.5)
    msg, plan, *_ = trajectory_msg(model, q0, q1, start=1.0)
    loop.send_trajectory(msg)
    t_end = 1.0 + plan.duration
    sag = np.array([-0.05, 0.03])  # the arm below its reference, as under PD alone
    t_l = t_end - 0.001  # the law's last tick
    q_d, v_d, _ = plan.sample(t_l - 1.0)
    q = q_d + sag
    tau_l = loop.command(q, np.zeros(2), t_l)
    np.testing.assert_allclose(tau_l, KP * (q_d - q) + KD * v_d, rtol=1e-6, atol=1e-6)
    assert loop.node.state == "following"

    def hold(q, v):
        return model.gravity(q) + KP * (q1 - q) - KD * v

    # first hold tick: the law's torque at its last reference (q_d(t_l), q̇_d(t_l))
    t_s, v = t_end + 0.001, np.array([0.01, -0.02])
    tau = loop.command(q, v, t_s)
    law = KP * (q_d - q) + KD * (v_d - v)
    np.testing.assert_allclose(tau, law, rtol=1e-6, atol=1e-6)
    assert loop.node.state == "holding"
    delta = law - hold(q, v)
    assert np.abs(delta).max() > 5.0  # the weight the hold adds (without the fade: the step)
    # half a blend time later: the hold plus half the gap
    q2 = q + [0.001, -0.002]
    tau = loop.command(q2, np.zeros(2), t_s + 0.5 * BLEND)
    np.testing.assert_allclose(tau, hold(q2, np.zeros(2)) + 0.5 * delta, rtol=1e-6, atol=1e-6)
    # after a blend time: the hold alone
    tau = loop.command(q2, np.zeros(2), t_s + 1.5 * BLEND)
    np.testing.assert_allclose(tau, hold(q2, np.zeros(2)), rtol=1e-12, atol=1e-10)


def test_no_fade_from_a_law_whose_last_tick_is_a_blend_time_old(ros, planar_model, planar_xml):
    """Ticks sparser than blend_time: the hold starts as it is (nothing to continue from)."""
    model = planar_model
    loop = Loop(ros, model, planar_xml, feedforward=False)
    q0, q1 = np.array([0.0, 0.0]), np.array([0.3, 0.2])
    loop.command(q0, np.zeros(2), 0.5)
    msg, plan, *_ = trajectory_msg(model, q0, q1, start=1.0)
    loop.send_trajectory(msg)
    t_end = 1.0 + plan.duration
    loop.command(plan.sample(plan.duration - 0.01)[0], np.zeros(2), t_end - 0.01)
    q = q1 - 0.02
    tau = loop.command(q, np.zeros(2), t_end - 0.01 + 2 * BLEND)  # (a fade would start at w = 1)
    np.testing.assert_allclose(tau, model.gravity(q) + KP * (q1 - q), rtol=1e-12, atol=1e-10)
