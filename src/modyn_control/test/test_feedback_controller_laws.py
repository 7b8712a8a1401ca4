"""feedback_controller with the Khalil ch. 9 laws, over DDS: every law runs in the node, the law
changes at run time through the parameter service without a torque step, bad gains are
refused with the reason and the old values stay, and every law holds against gravity on stop.

The node runs in its own rclpy context (fixture ``ros``); the harness publishes crafted joint
states and reads the commands; the expected torques come from the library laws built here.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from rclpy.parameter import Parameter
from std_srvs.srv import Trigger

from modyn_control.feedback_controller_node import FeedbackController
from modyn_control.law_base import LawSwitch, Reference
from modyn_control.law_catalog import LAW_NAMES, LawSettings, make_law
from modyn_control.testing import ControllerLoop as Loop
from modyn_ros.params import ParameterError

KP, KD = 400.0, 40.0  # the node's default hold gains


def _reference(plan, times, effort, s):
    """The node's reference at time s: exact quintic, τ_ff linear between the points."""
    q_d, v_d, a_d = plan.sample(s)
    tau_ff = np.array([np.interp(s, times, effort[:, j]) for j in range(effort.shape[1])])
    return Reference(q_d, v_d, a_d, tau_ff)


Q0 = np.array([0.0, -0.5, 0.8, 0.0, 0.6, 0.0])
Q1 = Q0 + np.array([0.5, 0.3, -0.4, 0.3, 0.2, 0.4])


def test_law_parameters_declared(ros, rx90_xml):
    node = ros.add(
        FeedbackController(
            context=ros.context,
            parameter_overrides=[Parameter("robot_description", value=rx90_xml)],
        )
    )
    for name in (
        "law",
        "ki",
        "omega",
        "zeta",
        "task_kp",
        "task_kd",
        "task_ki",
        "task_frame",
        "task_rows",
        "integral_action",
        "integral_limit",
        "effort_limit",
        "blend_time",
        "observer_bandwidth",
    ):
        assert node.has_parameter(name) and node.describe_parameter(name).description, name
    assert node.get_parameter("law").value == "pd_feedforward"
    assert node.switch.law.name == "pd_feedforward"


def test_observer_bandwidth_set_at_run_time(ros, rx90_model, rx90_xml):
    loop = Loop(ros, rx90_model, rx90_xml, law="computed_torque")
    assert loop.node.switch.law.observer is None
    result = loop.set(observer_bandwidth=[80.0])
    assert result[0].successful, result[0].reason
    # the node follows a plan with the observer on (the new law takes over at a tick)
    loop.command(Q0, np.zeros(6), 1.0)
    plan, times, effort = loop.follow(Q0, Q1, start=2.0)
    ref = _reference(plan, times, effort, 0.2)
    tau = loop.command(ref.q, ref.v, 2.2)
    assert np.all(np.isfinite(tau))
    law = loop.node.switch.law
    assert law.name == "computed_torque"
    np.testing.assert_array_equal(law.observer.bandwidth, 80.0)
    assert loop.set(law="predictive")[0].successful
    loop.command(ref.q, ref.v, 2.201)
    assert loop.node.switch.law.name == "predictive"
    np.testing.assert_array_equal(loop.node.switch.law.observer.bandwidth, 80.0)


@pytest.mark.parametrize("law", LAW_NAMES)
def test_every_law_runs_in_the_node_and_holds_on_stop(ros, rx90_model, rx90_xml, law):
    model = rx90_model
    loop = Loop(ros, model, rx90_xml, law=law, omega=[12.0], task_kp=[3000.0], task_kd=[150.0])
    loop.command(Q0, np.zeros(6), 1.0)
    plan, times, effort = loop.follow(Q0, Q1, start=2.0)
    loop.command(Q0, np.zeros(6), 1.999)  # the hold's last tick, 1 ms before the motion
    expected_law = make_law(
        law,
        model,
        LawSettings(
            omega=[12.0], task_kp=[3000.0], task_kd=[150.0], effort_limit=model.effort_limit
        ),
    )
    # the law takes over from the hold (gravity at Q0): reset and warm-started from its torque
    expected = LawSwitch(expected_law, blend_time=0.1)
    expected.interrupt(model.gravity(Q0), 1.999)
    rng = np.random.default_rng(5)
    for s in (0.0, 0.2, 0.35):
        ref = _reference(plan, times, effort, s)
        q = ref.q + rng.normal(scale=0.005, size=6)
        v = ref.v + rng.normal(scale=0.02, size=6)
        tau = loop.command(q, v, 2.0 + s)
        want = expected.step(2.0 + s, q, v, ref, np.zeros(6))
        # stamps are whole nanoseconds; τ_ff interpolation is the same linear one
        np.testing.assert_allclose(tau, want, rtol=1e-7, atol=1e-6)
        assert loop.node.state == "following"
        if s == 0.0 and law == "pid":  # the integral took the hold's load: the arm's weight
            pid = expected.law  # K_p e + ∫ = the hold's torque, at the desired velocity
            np.testing.assert_allclose(
                pid.integral + pid.kp * (ref.q - q), model.gravity(Q0), rtol=1e-9, atol=1e-9
            )
            assert abs(tau[1] - model.gravity(Q0)[1]) < 0.05 * abs(model.gravity(Q0)[1])
    # stop: hold the desired pose of the last tick with PD + gravity [9.12], whatever the law
    q_stop = _reference(plan, times, effort, 0.35).q
    response = ros.call(Trigger, "/feedback_controller/stop", Trigger.Request())
    assert response.success
    q, v = q_stop + 0.01, np.full(6, 0.02)
    tau = loop.command(q, v, 2.5)
    np.testing.assert_allclose(tau, model.gravity(q) + KP * (q_stop - q) - KD * v, atol=1e-9)
    assert loop.node.state == "holding" and np.abs(tau).max() > 10.0


def test_law_switch_mid_trajectory_is_bumpless(ros, rx90_model, rx90_xml):
    """pd_feedforward → pid (no feed-forward): the gap δ is the whole τ_ff (tens of N·m); with
    blend_time T the command steps by at most the laws' own change + |δ| Δt / T per tick."""
    model = rx90_model
    loop = Loop(ros, model, rx90_xml, blend_time=0.1)
    loop.command(Q0, np.zeros(6), 1.0)
    plan, times, effort = loop.follow(Q0, Q1, start=2.0)
    old = make_law("pd_feedforward", model, LawSettings(effort_limit=model.effort_limit))
    new = make_law("pid", model, LawSettings(effort_limit=model.effort_limit))

    def state(s):
        ref = _reference(plan, times, effort, s)
        return ref, ref.q + 0.002, ref.v - 0.01

    dt = 1e-3
    s0 = 0.3
    ref, q, v = state(s0)
    before = loop.command(q, v, 2.0 + s0)
    result = loop.set(law="pid")
    assert result[0].successful, result[0].reason
    assert loop.node.get_parameter("law").value == "pid"
    ref, q, v = state(s0 + dt)
    first = loop.command(q, v, 2.0 + s0 + dt)
    tau_old = old.step(0.0, q, v, ref, np.zeros(6))
    tau_new = new.step(0.0, q, v, ref, np.zeros(6))
    gap = tau_old - tau_new
    assert np.abs(gap).max() > 20.0  # a hard switch would jump by the whole feed-forward
    np.testing.assert_allclose(first, tau_old, atol=1e-6)  # the first tick: the old torque
    step = np.abs(first - before)
    natural = np.abs(tau_old - old.step(0.0, *state(s0)[1:], state(s0)[0], np.zeros(6)))
    assert np.all(step <= natural + 1e-6)  # bound: the old law's own change over the tick
    # half-way through the blend: the new law plus half the gap; the per-tick step bound
    ref, q, v = state(s0 + 0.05 + dt)
    half = loop.command(q, v, 2.0 + s0 + 0.05 + dt)
    want = new.step(0.0, q, v, ref, np.zeros(6)) + 0.5 * gap
    np.testing.assert_allclose(half, want, atol=1e-6 + 1e-3 * np.abs(gap).max())
    # after the blend: the new law alone (PID with K_I = 0: PD without feed-forward)
    ref, q, v = state(s0 + 0.2)
    after = loop.command(q, v, 2.0 + s0 + 0.2)
    np.testing.assert_allclose(after, new.step(0.0, q, v, ref, np.zeros(6)), atol=1e-6)
    assert loop.node.switch.law.name == "pid"


@pytest.mark.parametrize(
    "values, reason",
    [
        ({"omega": [-1.0]}, "omega[0] = -1.0: must be finite and > 0"),
        ({"zeta": [math.nan]}, "zeta[0] = nan"),
        ({"ki": [1.0, -2.0]}, "ki[1] = -2.0"),
        ({"law": "lqr"}, "law = 'lqr': expected one of"),
        ({"task_rows": "x,q"}, "task_rows: 'q' is not one of"),
        ({"omega": [5.0, 6.0, 7.0]}, "3 values for 6 joints"),
        ({"task_frame": "nowhere"}, "no link or frame named 'nowhere'"),
        ({"blend_time": -0.5}, "blend_time = -0.5"),
        ({"kp": [10.0, math.inf]}, "kp[1] = inf"),
        ({"effort_limit": [-5.0]}, "effort_limit[0] = -5.0"),
        ({"observer_bandwidth": [-3.0]}, "observer_bandwidth[0] = -3.0: must be finite and >= 0"),
        ({"observer_bandwidth": [50.0, 60.0]}, "observer_bandwidth: 2 values for 6 joints"),
        ({"effort_limit": [5.0, 0.0, 5.0, 5.0, 5.0, 5.0]}, "effort_limit: 0 is only valid"),
    ],
)
def test_invalid_law_parameters_are_refused_and_old_values_kept(
    ros, rx90_model, rx90_xml, values, reason
):
    loop = Loop(ros, rx90_model, rx90_xml, law="computed_torque", omega=[9.0])
    old_values = {k: loop.node.get_parameter(k).value for k in values}
    old_law = loop.node.switch.law
    result = loop.set(**values)
    assert not result[0].successful
    assert reason in result[0].reason, result[0].reason
    for k, v in old_values.items():
        assert loop.node.get_parameter(k).value == v
    assert loop.node.switch.law is old_law and old_law.name == "computed_torque"
    np.testing.assert_allclose(old_law.kp, 81.0)
    # the node keeps controlling with the old law: following works as before
    loop.command(Q0, np.zeros(6), 1.0)
    plan, times, effort = loop.follow(Q0, Q1, start=2.0)
    ref = _reference(plan, times, effort, 0.2)
    tau = loop.command(ref.q + 0.01, ref.v, 2.2)
    want = make_law(
        "computed_torque",
        rx90_model,
        LawSettings(omega=[9.0], effort_limit=rx90_model.effort_limit),
    ).step(0.0, ref.q + 0.01, ref.v, ref, np.zeros(6))
    np.testing.assert_allclose(tau, want, rtol=1e-7, atol=1e-6)


@pytest.mark.parametrize(
    "params, match",
    [
        ({"law": "mpc"}, r"law = 'mpc'"),
        ({"law": "computed_torque", "omega": [0.0]}, r"omega\[0\] = 0.0"),
        ({"law": "task_computed_torque", "task_rows": "x,y,z"}, r"more task components"),
        ({"law": "computed_torque", "base_feedback": "both"}, r"base_feedback = 'both'"),
        # the planar arm has no floating base: the decoupled base rows are refused, named
        (
            {"law": "computed_torque", "base_feedback": "decoupled"},
            r"law computed_torque: base_feedback = 'decoupled': model .* has no floating base",
        ),
    ],
)
def test_bad_law_parameters_at_start(ros, planar_xml, params, match):
    overrides = [Parameter("robot_description", value=planar_xml)]
    overrides += [Parameter(k, value=v) for k, v in params.items()]
    with pytest.raises(ParameterError, match=match):
        FeedbackController(context=ros.context, parameter_overrides=overrides)


def test_friction_velocity_parameter(ros, rx90_model, rx90_xml):
    """computed_torque's friction Γf at q̇_d by default (modyn_control.friction), at the measured
    q̇ with friction_velocity 'measured' (set at run time), a bad value refused naming it."""
    model = rx90_model
    assert model.coulomb.min() > 0 and model.viscous.min() > 0  # the URDF's friction
    loop = Loop(ros, model, rx90_xml, law="computed_torque", omega=[9.0])
    assert loop.node.get_parameter("friction_velocity").value == "desired"
    loop.command(Q0, np.zeros(6), 1.0)
    plan, times, effort = loop.follow(Q0, Q1, start=2.0)

    def expected(s, q, v, at):
        ref = _reference(plan, times, effort, s)
        w = ref.a + 18.0 * (ref.v - v) + 81.0 * (ref.q - q)  # K_d = 2ω, K_p = ω², ω = 9
        if at == "measured":  # [9.22]: Â w + Ĥ(q, q̇), friction included
            return model.inverse_dynamics(q, v, w)
        return model.inverse_dynamics(q, v, w, friction=False) + model.friction_torques(ref.v)

    ref = _reference(plan, times, effort, 0.2)
    v = -ref.v  # moving against the reference: sign(q̇) ≠ sign(q̇_d) on every moving joint
    tau = loop.command(ref.q + 0.01, v, 2.2)
    np.testing.assert_allclose(tau, expected(0.2, ref.q + 0.01, v, "desired"), atol=1e-6)
    assert np.abs(tau - expected(0.2, ref.q + 0.01, v, "measured")).max() > 1.0
    result = loop.set(friction_velocity="measured")
    assert result[0].successful, result[0].reason
    loop.command(ref.q, ref.v, 2.25)  # the change of law fades in over blend_time (0.1 s)
    ref = _reference(plan, times, effort, 0.4)
    tau = loop.command(ref.q + 0.01, -ref.v, 2.4)
    np.testing.assert_allclose(tau, expected(0.4, ref.q + 0.01, -ref.v, "measured"), atol=1e-6)
    result = loop.set(friction_velocity="sideways")
    assert not result[0].successful
    assert "friction_velocity = 'sideways': expected one of ['desired', 'measured']" in (
        result[0].reason
    )
    assert loop.node.get_parameter("friction_velocity").value == "measured"


def test_bad_friction_velocity_at_start(ros, planar_xml):
    overrides = [
        Parameter("robot_description", value=planar_xml),
        Parameter("friction_velocity", value="both"),
    ]
    with pytest.raises(ParameterError, match=r"friction_velocity = 'both'"):
        FeedbackController(context=ros.context, parameter_overrides=overrides)
