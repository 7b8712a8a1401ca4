"""The hand-over from a law to the hold is bumpless, for every law of the library.

RX-90 as in config/systems/rx90_sim.yaml (its extras: rotor inertia, friction), a closed loop
at 1 kHz on the model itself (semi-implicit Euler, 10 sub-steps per tick with the torque held): the demo's first motion (quintic, rest to rest) under
each law with the gains of config/systems/rx90_sim.yaml, then the hold
(:class:`~modyn_control.hold.HoldLaw`, the same Kp, Kd, gravity) of its last point, as the
feedback_controller does it. Measured: the largest torque step |τ_k − τ_{k−1}| (any joint) from
the hand-over to 0.2 s after it,

* abrupt (blend 0: the controller before issue 13): PD alone, whose Kp e carries the arm's
  weight at the end of the motion, steps by the weight of the arm (about 100 N·m on joint 2);
* with :class:`~modyn_control.law_base.HoldHandOver` (blend 0.1 s);
* as the law switch makes the same change: :class:`~modyn_control.law_base.LawSwitch` switching
  at the hand-over tick from the law to the hold (a law wrapping HoldLaw).

The hand-over must step no more than the law switch does (it makes the same fade: equal).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from modyn_control.hold import HoldLaw
from modyn_control.law_base import ControlLaw, HoldHandOver, LawSwitch, Reference
from modyn_control.law_catalog import LAW_NAMES, LawSettings, make_law
from modyn_model.factory import load_model
from modyn_model.urdf import expand_xacro
from modyn_ros.testing import URDF
from modyn_trajectory.quintic import plan_waypoints, sample_times
from modyn_trajectory.sampler import TrajectorySampler

pytestmark = pytest.mark.loop

DT, SUB = 1e-3, 10
KP = np.array([550.0, 600.0, 230.0, 12.0, 11.0, 5.0])  # rx90_sim.yaml's feedback_controller
KD = np.array([110.0, 120.0, 46.0, 2.4, 2.2, 1.0])
BLEND = 0.1
Q0 = np.array([0.0, -0.5, 1.0, 0.0, 0.5, 0.0])
Q1 = np.array([0.8, -0.9, 1.6, 0.6, -0.5, 1.0])  # the demo's first goal
START = 0.05


class _HoldAsLaw(ControlLaw):
    """The hold as a law, for the law switch's version of the hand-over."""

    name = "hold"

    def __init__(self, hold: HoldLaw):
        super().__init__(hold.model)
        self.hold = hold

    def _compute(self, t, q, v, ref, out) -> None:
        np.copyto(out, self.hold.generalized(q, v))


def _trajectory(model):
    plan = plan_waypoints(Q0, [Q1], v_max=np.full(6, 1.5), a_max=np.full(6, 4.0))
    times = sample_times(plan, 0.01)
    q, v, a = plan.sample(times)
    effort = model.inverse_dynamics(q, v, a)
    return TrajectorySampler(times, START, q, v, a, effort)


def _run(model, law, how: str):
    """Torques (ticks, 6) of follow-then-hold; ``how``: 'abrupt', 'hand_over' (HoldHandOver, as
    the node) or 'switch' (LawSwitch to the hold as a law). Returns (torques, first hold tick,
    largest tracking error while following (rad))."""
    sampler = _trajectory(model)
    hold = HoldLaw(model, KP, KD)
    switch = LawSwitch(law, BLEND)
    fade = HoldHandOver(6, BLEND if how == "hand_over" else 0.0)
    hold_law = _HoldAsLaw(hold)
    ref = Reference(np.zeros(6))
    q, v = Q0.copy(), np.zeros(6)
    tau, law_tau = np.zeros(6), np.zeros(6)
    ticks = int((sampler.end + 0.3) / DT)
    out, first_hold, t_law, err = np.zeros((ticks, 6)), None, 0.0, 0.0
    for k in range(ticks):
        t = k * DT
        if t < sampler.begin:  # held at Q0 before the motion, as the node does
            hold.capture(Q0)
            np.copyto(tau, hold.generalized(q, v))
            switch.interrupt(tau, t)
        elif t <= sampler.end:
            ref.q, ref.v, ref.a, ref.tau_ff = sampler.sample(t)
            switch.step(t, q, v, ref, tau)
            t_law = t
        elif how == "switch":  # the law switch's hand-over, at its last reference
            if first_hold is None:
                first_hold = k
                hold.capture(sampler.end_state()[0])
                switch.switch(hold_law)
            switch.step(t, q, v, ref, tau)
        else:  # the node's
            if first_hold is None:
                first_hold = k
                hold.capture(sampler.end_state()[0])
                if fade.fades(t, t_law):
                    switch.step(t, q, v, ref, law_tau)
                    fade.start(t, law_tau)
            np.copyto(tau, hold.generalized(q, v))
            fade.apply(t, tau)
            switch.interrupt(tau, t)
        out[k] = tau
        q, v = _advance(model, q, v, tau)
        if sampler.begin <= t <= sampler.end:
            err = max(err, float(np.abs(q - ref.q).max()))
    return out, first_hold, err


def _advance(model, q, v, tau):
    h = DT / SUB
    for _ in range(SUB):
        v = v + h * model.forward_dynamics(q, v, tau)
        q = q + h * v
    return q, v


def _largest_step(torques, k0):
    """The largest |τ_k − τ_{k−1}| (any joint) from the hand-over tick k0 to 0.2 s later."""
    steps = np.abs(np.diff(torques[k0 - 1 : k0 + int(0.2 / DT)], axis=0))
    return float(steps.max())


# the joint-space laws: the task-space ones (task_pid, task_computed_torque) do not track this
# motion on this plant (it crosses the wrist singularity q5 = 0; errors over 1 rad), so a step
# measured there would say nothing; the node's hand-over does not depend on the law
LAWS = [("pd_alone", "pd_feedforward", False)] + [
    (name, name, True) for name in LAW_NAMES if not name.startswith("task_")
]


@pytest.fixture(scope="module")
def rx90_sim_model():
    """The RX-90 with the extras of the demo's system (rotor inertia, friction)."""
    extras = Path(__file__).resolve().parents[3] / "urdf" / "rx90_extras.yaml"
    return load_model(expand_xacro(URDF / "rx90.urdf.xacro", {}), extras=str(extras))


@pytest.mark.parametrize(("label", "law", "feedforward"), LAWS, ids=[x[0] for x in LAWS])
def test_hand_over_to_the_hold_steps_no_more_than_the_law_switch(
    rx90_sim_model, label, law, feedforward
):
    model = rx90_sim_model
    settings = LawSettings(
        kp=KP.tolist(),
        kd=KD.tolist(),
        omega=[10.0],
        feedforward=feedforward,
        effort_limit=model.effort_limit,
    )
    steps = {}
    for how in ("abrupt", "hand_over", "switch"):
        torques, k0, err = _run(model, make_law(law, model, settings), how)
        assert k0 is not None and np.all(np.isfinite(torques))
        assert err < 1.0  # no law diverged (largest: pd_gravity, a regulator, 0.53 rad)
        steps[how] = _largest_step(torques, k0)
    print(f"{label}: largest torque step at the hand-over (N·m) {steps}")
    assert steps["hand_over"] <= steps["switch"]
    if label == "pd_alone":
        # the abrupt hand-over steps by the share of the arm's weight that Kp e carried (joint 2:
        # 39.3 N·m measured here, 39.1 N·m at the same hand-over of the demo, 103 at its second);
        # faded over 0.1 s it is 1/100 of that per 1 ms tick, plus the hold's own change
        assert steps["abrupt"] > 30.0
        assert steps["hand_over"] < 0.02 * steps["abrupt"]
