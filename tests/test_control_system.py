"""The ch. 9 laws inside the real feedback_controller process, over DDS (issue 5).

The rx90_sim system runs as real processes (runner, lockstep sim time); the plant's robot
carries +20 % mass on the last link (a per-node ``robot_description`` override of the
hardware_interface), the controllers keep the nominal model. The feedback controller starts
with ``law=computed_torque`` and, mid-motion, at a plant time asked for before the motion
(``~/set_law`` with ``at``), it switches to ``pid`` (no feed-forward: the torque gap is the
whole model torque):

* with ``blend_time`` 0.1 s the effort never steps by more than a few N·m per 1 ms step;
* the same switch with ``blend_time`` 0 shows the step that the blend removed;
* a third run with the disturbance observer on tracks better than computed torque alone.
"""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("rclpy")

from builtin_interfaces.msg import Time  # noqa: E402

SetLaw = pytest.importorskip("modyn_interfaces.srv").SetLaw

from modyn_bringup.episode import Goal, desired_motion, run_episode  # noqa: E402
from modyn_bringup.system import load_system, share_directory  # noqa: E402
from modyn_model.urdf import expand_xacro  # noqa: E402

pytestmark = pytest.mark.system

# a timed 3 s motion; the law changes at plant time SWITCH_AT, scheduled through the
# controller's ~/set_law before the motion starts (its `at`): the same plant step whatever the
# machine's load (a request sent when this test saw the plant pass SWITCH_AT landed, loaded,
# after the motion's end: CI saw a "switch" of 0.07 N·m, in the hold)
GOAL = [Goal([[0.8, -0.9, 1.6, 0.6, -0.5, 1.0]], times=[3.0])]
PATIENT = ["hardware_interface.watchdog_timeout=10.0"]
SWITCH_AT = 1.5  # plant time (s) of the law change; the motion runs from 1.0 s to 4.0 s


def _spec(blend_time: float):
    spec = load_system(
        "rx90_sim",
        [
            *PATIENT,
            "feedback_controller.law=computed_torque",
            "feedback_controller.omega=10.0",
            f"feedback_controller.blend_time={blend_time}",
        ],
    )
    # the plant's robot: the same arm with +20 % mass on the last link (0.1 kg on 0.5 kg)
    xml = expand_xacro(share_directory() / "urdf" / "rx90.urdf.xacro", {"payload": "0.1"})
    spec.node("hardware_interface").parameters["robot_description"] = xml
    return spec


def _switch_at_plant_time():
    """on_running hook: as soon as the controller's ~/set_law is up, ask for law=pid from plant
    time SWITCH_AT (fire and forget; the answer is checked after the run)."""
    state = {"client": None, "future": None, "sent_at": None}

    def hook(runner, node, records):
        if state["future"] is not None:
            return
        if state["client"] is None:
            state["client"] = node.create_client(SetLaw, "/feedback_controller/set_law")
        if state["client"].service_is_ready():
            whole = int(SWITCH_AT)
            request = SetLaw.Request(
                law="pid", at=Time(sec=whole, nanosec=round((SWITCH_AT - whole) * 1e9))
            )
            state["sent_at"] = records[-1][0] if records else 0.0
            state["future"] = state["client"].call_async(request)

    return hook, state


def _steps(episode, t0, t1):
    """Largest per-step effort change per joint over plant times [t0, t1] (N·m)."""
    mask = (episode.t >= t0) & (episode.t <= t1)
    return np.max(np.abs(np.diff(episode.effort[mask], axis=0)), axis=0)


@pytest.fixture(scope="module")
def runs():
    out = {}
    for blend in (0.1, 0.0):
        hook, state = _switch_at_plant_time()
        episode = run_episode(_spec(blend), GOAL, on_running=hook, settle=0.5)
        assert state["future"] is not None and state["future"].done(), "set_law was not answered"
        answer = state["future"].result()
        assert answer.success and answer.message.startswith("scheduled"), answer.message
        assert state["sent_at"] < SWITCH_AT, f"set_law sent at plant time {state['sent_at']}"
        out[blend] = episode
    return out


def test_computed_torque_runs_in_the_node(runs):
    episode = runs[0.1]
    q_d, moving = desired_motion(episode)
    before = moving & (episode.t < SWITCH_AT - 0.05)
    assert np.count_nonzero(before) > 300, "the motion was not recorded"
    rms = np.sqrt(np.mean((q_d[before] - episode.q[before]) ** 2))
    # computed torque, ω = 10 rad/s, against a plant with a heavier last link: the friction is
    # modelled here (same URDF) and the payload error alone is small (study: 0.75 mrad RMS)
    assert rms < 5e-3, f"joint RMS {rms:.2e} rad before the switch"


def test_law_switch_over_dds_is_bumpless(runs):
    smooth, hard = runs[0.1], runs[0.0]
    # from just before the change to 0.3 s after it (the blend lasts 0.1 s of plant time)
    window = (SWITCH_AT - 0.05, SWITCH_AT + 0.3)
    # the motion's own largest per-step change before the switch (from 1.05 s: the hand-over
    # from the hold to the law at the start of the motion is not a law change)
    natural = _steps(smooth, 1.05, SWITCH_AT - 0.05)
    jump = _steps(hard, *window)
    blended = _steps(smooth, *window)
    # the hard switch steps by the whole model torque on the shoulder (tens of N·m)
    assert jump.max() > 20.0, f"hard switch steps {jump}"
    # bound: the laws' own change per step + |δ| Δt / T, |δ| ≈ the hard jump, T = 0.1 s
    # (measured: jump up to 59 N·m on the shoulder, blended steps at most 0.6 N·m)
    bound = natural + 1.5 * jump * 1e-3 / 0.1
    assert np.all(blended <= bound), f"blended steps {blended} > bound {bound}"
    assert blended.max() < 0.05 * jump.max()


def test_disturbance_observer_in_the_node(runs):
    """The same motion with computed torque + the disturbance observer (K_o = 100 rad/s), set
    at start as a node parameter: the payload error the law's model lacks is estimated and
    removed, in the real processes over DDS."""
    spec = _spec(0.1)
    spec.node("feedback_controller").parameters["observer_bandwidth"] = 100.0
    episode = run_episode(spec, GOAL, settle=0.5)
    errors = {}
    for name, ep in (("plain", runs[0.1]), ("observer", episode)):
        q_d, moving = desired_motion(ep)
        before = moving & (ep.t < SWITCH_AT - 0.05)  # the plain run switches law at SWITCH_AT
        assert np.count_nonzero(before) > 300, "the motion was not recorded"
        errors[name] = np.sqrt(np.mean((q_d[before] - ep.q[before]) ** 2))
    # measured: 0.64 against 1.24 mrad. The same window of the library simulation (no DDS, the
    # motion starting exactly at the initial pose) gives 0.26 against 0.84 mrad: here both
    # runs also correct the pose the hold stopped at (inside its friction band) at ω = 10 rad/s
    assert errors["observer"] < 0.7 * errors["plain"], errors
