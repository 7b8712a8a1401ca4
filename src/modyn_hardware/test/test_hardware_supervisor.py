"""The rules of hardware_interface without ROS (:mod:`modyn_hardware.hardware_supervisor`).

The supervisor is driven with a plain Python port (recording what the node would publish, log
and do with its timers) and an injected steady clock, on the real simulated plant of the planar
2R arm: the watchdog latches after the timeout, a gap within the start-up grace is held without
a fault, time in which this process itself did not run is not counted against the controller,
the reset rules, and the safe hold while disarmed, whose torques are compared with the hold law
written out from the model's own A(q) and Q(q) (the formula the node had before HoldLaw).
"""

from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest

from modyn_hardware.hardware_config import validate_config
from modyn_hardware.hardware_supervisor import Supervisor
from modyn_hardware.simulated import SimulatedPlant

MS = 1_000_000  # ns


class Clock:
    """The steady clock and the node clock of a test (ns), moved by hand."""

    def __init__(self, start_ns: int = 10_000 * MS):
        self.now = start_ns

    def __call__(self) -> int:
        return self.now


class Port:
    """Records what the supervisor asks of its node."""

    def __init__(self, clock: Clock):
        self.clock = clock
        self.logs: list[tuple[str, str]] = []
        self.states: list[int] = []
        self.status = 0
        self.timer_calls: list[tuple[str, bool]] = []

    def log(self, level, text):
        self.logs.append((level, text))

    def publish_state(self, stamp_ns, step):
        self.states.append(stamp_ns)

    def status_changed(self):
        self.status += 1

    def clock_ns(self):
        return self.clock.now

    def watchdog(self, on):
        self.timer_calls.append(("watchdog", on))

    def hold_timer(self, on):
        self.timer_calls.append(("hold", on))

    def texts(self, level=None):
        return [t for lv, t in self.logs if level is None or lv == level]


def make(model, **values):
    clock = Clock()
    port = Port(clock)
    cfg = validate_config(values, model)
    plant = SimulatedPlant(model, cfg.integrator, q0=cfg.initial_positions)
    sup = Supervisor(cfg, model, plant, port, monotonic_ns=clock)
    return sup, port, clock, plant


NAMES = ["joint1", "joint2"]


def command(sup, clock, effort, stamp_ns=None):
    sup.on_command(NAMES, list(effort), clock.now if stamp_ns is None else stamp_ns, clock.now)


def tick(sup, clock, n=1, effort=None):
    """n realtime ticks on time (one period each), with a command before each if given."""
    for _ in range(n):
        clock.now += sup.config.dt_ns
        if effort is not None:
            command(sup, clock, effort)
        sup.on_tick()


def test_the_supervisor_imports_no_rclpy():
    code = (
        "import sys, modyn_hardware.hardware_supervisor, modyn_hardware.hardware_config; "
        "sys.exit('rclpy' in sys.modules)"
    )
    assert subprocess.run([sys.executable, "-c", code], timeout=60).returncode == 0


def test_realtime_watchdog_latches_after_the_timeout(planar_model):
    sup, port, clock, plant = make(
        planar_model, mode="realtime", watchdog_timeout=0.05, watchdog_grace=0.1
    )
    g = planar_model.gravity(plant.read().position)
    tick(sup, clock, 200, effort=g)  # 0.2 s of commands: past the grace
    assert sup.state == "following" and sup.fault is None
    tick(sup, clock, 50)  # 50 ms without a command: exactly the timeout, still fresh
    assert sup.fault is None
    tick(sup, clock, 1)
    assert sup.fault == "watchdog: no command for 0.051 s (watchdog_timeout 0.05 s)"
    assert sup.state == "faulted"
    assert sup.counters["misses"] == 1 and sup.counters["faults"] == 1
    assert port.status == 1 and port.texts("error")[0].startswith("fault latched: watchdog")
    # latched: a new command is ignored, the hold goes on
    tick(sup, clock, 5, effort=[9.0, 9.0])
    assert sup.fault is not None and sup.counters["ignored"] == 5
    assert not np.allclose(plant.read().effort, [9.0, 9.0])


def test_a_gap_within_the_grace_is_held_and_not_latched(planar_model):
    sup, port, clock, plant = make(
        planar_model, mode="realtime", watchdog_timeout=0.05, watchdog_grace=1.0
    )
    g = planar_model.gravity(plant.read().position)
    tick(sup, clock, 10, effort=g)
    tick(sup, clock, 300)  # 0.3 s silent, inside the 1 s grace
    assert sup.fault is None and sup.in_grace_hold and sup.state == "following"
    assert sup.counters["misses"] == 0 and port.status == 0
    warnings = port.texts("warning")
    assert len(warnings) == 1 and "during the start-up grace (1 s)" in warnings[0]
    tick(sup, clock, 1, effort=[1.0, 2.0])
    assert not sup.in_grace_hold and port.texts("info")[-1] == "commands followed again"
    np.testing.assert_array_equal(plant.read().effort, [1.0, 2.0])
    # commands still missing at the end of the grace: the watchdog latches then
    tick(sup, clock, 800)
    assert sup.fault is not None and sup.fault.startswith("watchdog: no command for")


def test_a_stall_of_this_process_is_not_counted_against_the_controller(planar_model):
    sup, port, clock, plant = make(
        planar_model, mode="realtime", watchdog_timeout=0.05, watchdog_grace=0.0
    )
    tick(sup, clock, 10, effort=[0.0, 0.0])
    clock.now += 500 * MS  # this process did not run for 0.5 s (10 timeouts)
    sup.on_tick()
    assert sup.fault is None and sup.counters["deadline_misses"] == 1
    tick(sup, clock, 1, effort=[0.0, 0.0])  # the command that waited in the queue
    assert sup.fault is None and sup.counters["misses"] == 0
    # the controller's own silence still latches
    tick(sup, clock, 51)
    assert sup.fault == "watchdog: no command for 0.051 s (watchdog_timeout 0.05 s)"


def test_lockstep_watchdog_waits_in_the_grace_defers_a_late_firing_then_latches(planar_model):
    sup, port, clock, plant = make(planar_model, watchdog_timeout=0.05, watchdog_grace=0.1)
    sup.publish_state()
    assert port.states == [0]
    command(sup, clock, [0.0, 0.0], stamp_ns=0)  # the command of t_0: one step
    assert sup.t_ns == 1 * MS and port.states[-1] == 1 * MS
    assert ("watchdog", True) in port.timer_calls
    clock.now += 50 * MS
    sup.on_timeout()  # within the grace: waits, no fault
    assert sup.fault is None and sup.t_ns == 1 * MS
    clock.now += 200 * MS  # a late firing (4 periods): put off once
    sup.on_timeout()
    assert sup.fault is None
    clock.now += 50 * MS
    sup.on_timeout()
    assert sup.fault == "watchdog: no command for step t = 0.001 s within 0.05 s"
    assert sup.counters["misses"] == 1 and sup.t_ns == 2 * MS  # the first hold step
    assert port.timer_calls[-2:] == [("watchdog", False), ("hold", True)]
    sup.on_hold_tick()
    assert sup.counters["hold_steps"] == 1 and sup.t_ns == 3 * MS
    command(sup, clock, [0.0, 0.0], stamp_ns=sup.t_ns)  # latched: ignored
    assert sup.counters["ignored"] == 1 and sup.t_ns == 3 * MS


def test_reset_rules(planar_model):
    sup, port, clock, plant = make(
        planar_model,
        watchdog_timeout=5.0,
        position_limit_mode="fault",
        position_upper=[0.5, 3.0],
        initial_positions=[0.6, 0.0],
    )
    assert sup.reset() == (True, "no fault latched")
    command(sup, clock, [0.0, 0.0], stamp_ns=0)
    assert sup.fault == "position limit: joint 'joint1' at 0.6, above the upper limit 0.5"
    ok, message = sup.reset()  # still beyond the limit: refused
    assert not ok and message.startswith("fault kept: position limit: joint 'joint1' at 0.59")
    assert message.endswith("above the upper limit 0.5")
    assert sup.armed and sup.enable(True)[0] is False  # arming does not clear a fault
    plant.reset(np.array([0.4, 0.0]))
    ok, message = sup.reset()
    assert ok and message.startswith("fault cleared (position limit: joint 'joint1'")
    assert sup.fault is None and sup.state == "waiting"
    assert port.timer_calls[-2:] == [("hold", False), ("watchdog", True)]
    assert port.states[-1] == sup.t_ns  # the state of t_k, to wait for its command


def _hold_reference(model, q_hold, q, v, kp=None, kd=None, w=None, zeta=None):
    """The hold as the node wrote it before HoldLaw: Q(q) + Kp (q_h − q) − Kd v, or
    Q(q) + A(q_h) [w² (q_h − q) − 2 ζ w v]; from the model's own functions."""
    if kp is not None:
        return model.gravity(q) + kp * (q_hold - q) - kd * v
    return model.gravity(q) + model.mass_matrix(q_hold) @ (w * w * (q_hold - q) - 2 * zeta * w * v)


@pytest.mark.parametrize("gains", [{}, {"hold_kp": [300.0, 200.0], "hold_kd": [30.0, 20.0]}])
def test_disarmed_applies_the_safe_hold_with_the_former_torques(planar_model, gains):
    sup, port, clock, plant = make(
        planar_model, watchdog_timeout=5.0, initial_positions=[0.3, -0.2], **gains
    )
    cfg = sup.config
    command(sup, clock, [0.0, 0.0], stamp_ns=0)  # the arm falls a little: it moves
    ok, message = sup.enable(False)
    assert ok and message.startswith("disarmed: safe hold at") and sup.state == "disarmed"
    assert port.status == 1
    q_hold = sup.q_hold.copy()
    for _ in range(100):
        state = plant.read()
        expected = _hold_reference(
            planar_model,
            q_hold,
            state.position,
            state.velocity,
            *((cfg.hold_kp, cfg.hold_kd) if gains else (None, None)),
            w=cfg.hold_bandwidth,
            zeta=cfg.hold_damping_ratio,
        )
        command(sup, clock, [50.0, 50.0], stamp_ns=sup.t_ns)  # not applied: the hold is
        np.testing.assert_allclose(plant.read().effort, expected, rtol=1e-12, atol=1e-9)
    assert np.abs(plant.read().position - q_hold).max() < 5e-3
    ok, message = sup.enable(True)
    assert ok and message == "armed: commands are applied" and sup.state == "following"
    command(sup, clock, [1.0, 2.0], stamp_ns=sup.t_ns)
    np.testing.assert_array_equal(plant.read().effort, [1.0, 2.0])


@pytest.mark.parametrize(
    "names, kind",
    [
        (["joint1", "x"], "unknown_name"),
        (["joint1"], "missing_joint"),
        (["joint1", "joint1", "joint2"], "repeated_name"),
    ],
)
def test_bad_names_are_counted_by_the_error_type(planar_model, names, kind):
    sup, port, clock, plant = make(planar_model)
    sup.on_command(names, [0.0] * len(names), 0, clock.now)
    assert sup.rejections[kind] == 1 and sup.counters["rejected"] == 1
    assert sum(sup.rejections.values()) == 1 and sup.t_ns == 0
    assert port.texts("warning")[0].startswith("effort_command rejected: name: ")


class _Acrobot:
    """The planar 2R arm with a motor on joint2 only (an acrobot): the same dynamics, one
    actuator, S = [0 1]; everything else is the arm's. A mechanism whose coordinates and
    actuators differ, to check that the supervisor uses only the contract."""

    fast_path = None  # not a tree with S = I: modyn_model.algorithms uses the methods

    def __init__(self, arm):
        self._arm = arm
        self.actuator_names = ("joint2",)
        self.nu = 1
        self.effort_limit = np.asarray(arm.effort_limit, dtype=float)[1:]

    def __getattr__(self, name):
        return getattr(self._arm, name)

    def make_data(self):
        from modyn_model.data import Data

        return Data(self)

    def actuation_matrix(self, q):
        return np.array([[0.0, 1.0]])

    def check_actuation(self, name, x, allow_none=False):
        return np.asarray(x, dtype=float).reshape(1)


class _AcrobotPlant:
    """Semi-implicit Euler on the acrobot's forward dynamics, τ = Sᵀ u (plant API: write u)."""

    ready = True

    def __init__(self, model, q0):
        from modyn_hardware.plant import PlantState

        self._state = PlantState
        self.model, self.q, self.v, self.u, self.t = (
            model,
            np.array(q0),
            np.zeros(2),
            np.zeros(1),
            0.0,
        )

    def write(self, u):
        self.u[:] = u

    def step(self, dt):
        tau = self.model.actuation_matrix(self.q).T @ self.u
        self.v += dt * self.model.forward_dynamics(self.q, self.v, tau)
        self.q = self.model.integrate(self.q, self.v, dt)
        self.t += dt

    def read(self):
        return self._state.snapshot(self.t, self.q, self.v, self.u)


def test_an_underactuated_mechanism_is_commanded_by_its_actuators(planar_model):
    from modyn_hardware.hardware_config import ConfigError

    model = _Acrobot(planar_model)
    with pytest.raises(ConfigError, match="position_limit_mode 'saturate'.*use 'fault'"):
        validate_config({}, model)
    cfg = validate_config(
        {"position_limit_mode": "fault", "velocity_limit_mode": "fault", "watchdog_timeout": 5.0},
        model,
    )
    assert cfg.limits.effort.shape == (1,) and cfg.limits.actuator_names == ("joint2",)
    clock = Clock()
    port = Port(clock)
    plant = _AcrobotPlant(model, [0.1, 0.2])
    sup = Supervisor(cfg, model, plant, port, monotonic_ns=clock)
    assert sup.hold.unheld == ("joint1",)
    assert sup.unheld_warning == (
        "safe hold: no actuator reaches ['joint1']; the hold cannot hold these coordinates "
        "(it holds the others)"
    )
    sup.on_command(["joint2"], [1.5], 0, clock.now)  # one effort, by actuator name
    assert sup.t_ns == 1 * MS and plant.u.tolist() == [1.5]
    sup.on_command(["joint1", "joint2"], [0.0, 0.0], sup.t_ns, clock.now)  # joint1: no motor
    assert sup.rejections["unknown_name"] == 1 and sup.t_ns == 1 * MS
    # disarmed: the hold's single actuator force, u = (S Sᵀ)⁻¹ S τ_hold = τ_hold[1]
    sup.enable(False)
    state = plant.read()  # the state the hold of the next step is computed at
    sup.on_command(["joint2"], [9.0], sup.t_ns, clock.now)
    tau = _hold_reference(
        planar_model,
        sup.q_hold,
        state.position,
        state.velocity,
        w=cfg.hold_bandwidth,
        zeta=cfg.hold_damping_ratio,
    )
    limit = cfg.limits.effort[0]
    np.testing.assert_allclose(plant.u, [np.clip(tau[1], -limit, limit)], rtol=1e-12, atol=1e-12)
    assert plant.u[0] != 9.0


def test_a_model_that_cannot_evaluate_the_state_latches_a_fault_and_never_raises():
    """The quadruped with a tail left without torque collapses until a leg leaves its IK
    workspace: the simulated plant's step raises the model's StateError (naming the leg). The
    supervisor latches a fault naming it, stops the simulated plant, keeps the last applied
    effort (no dropped torque, no exception out of the loop), refuses ~/reset until
    ~/reset_plant has put the robot back where its model is valid, and then follows again."""
    from modyn_model.mechanisms.quadruped_tail.model import QuadrupedTailModel
    from modyn_model.mechanisms.quadruped_tail.parameters import QuadrupedTailParameters

    model = QuadrupedTailModel(QuadrupedTailParameters.liu_ben_tzvi(mode="exact"))
    q0 = [0.2, 0.3, 0.4, 0.0, 0.0, 0.0, 0.0, 0.0]
    sup, port, clock, plant = make(
        model,
        mode="realtime",
        rate=500.0,
        watchdog_timeout=10.0,
        watchdog_grace=0.0,
        initial_positions=q0,
        hold_kp=[0.0] * 8,
        hold_kd=[0.0] * 8,
    )
    names = list(model.actuator_names)
    zero = [0.0] * model.nu
    for _ in range(3000):  # up to 6 s of free fall, far more than the collapse takes
        clock.now += sup.config.dt_ns
        sup.on_command(names, zero, clock.now, clock.now)
        sup.on_tick()
        if sup.model_failure is not None:
            break
    assert sup.model_failure is not None, "the robot never left its model's domain"
    assert sup.fault == f"model: {sup.model_failure}" and "leg" in sup.fault
    assert sup.plant_stopped and sup.state == "faulted"
    frozen = plant.read()
    assert np.all(np.isfinite(frozen.position)) and np.all(np.isfinite(frozen.velocity))
    for _ in range(10):  # the loop goes on: no exception, the state published, nothing moves
        clock.now += sup.config.dt_ns
        sup.on_tick()
    assert np.array_equal(plant.read().position, frozen.position)
    ok, message = sup.reset()
    assert not ok and "~/reset_plant first" in message
    ok, _ = sup.reset_plant()
    assert ok and sup.model_failure is None and not sup.plant_stopped
    ok, message = sup.reset()
    assert ok, message
    g = np.asarray(model.actuator_forces(np.asarray(q0), np.zeros(8), np.zeros(8)))
    for _ in range(5):
        clock.now += sup.config.dt_ns
        sup.on_command(names, g.tolist(), clock.now, clock.now)
        sup.on_tick()
    assert sup.fault is None and sup.state == "following"
    assert np.allclose(plant.read().position, q0, atol=1e-6)


def test_run_latency_percentiles_cover_every_command(planar_model):
    # issue 21: the p99 of a whole 60 s run, not of the last 1024 commands; realtime latency is
    # receipt time minus the command's stamp, so each command's stamp sets its latency
    sup, _port, clock, plant = make(planar_model, mode="realtime", watchdog_timeout=1.0)
    g = planar_model.gravity(plant.read().position)
    rng = np.random.default_rng(21)
    latencies = rng.integers(20_000, 400_000, 3000)  # ns
    latencies[:60] = 2_000_000  # 2 % slow ones early: out of the last-1024 window at the end
    for latency in latencies:
        clock.now += sup.config.dt_ns
        command(sup, clock, g, stamp_ns=clock.now - int(latency))
        sup.on_tick()
    p50, p99 = sup.run_latency_percentiles()
    # nearest-rank percentiles of the exact values, rounded up to the 10 µs bin's upper edge
    for got, q in ((p50, 50), (p99, 99)):
        exact = np.percentile(latencies, q, method="inverted_cdf")
        assert got == (exact // 10_000 + 1) * 10.0, (q, got, exact)
    assert p99 == 2010.0  # the early 2 ms commands count
    assert sup.latency_percentiles()[1] < 400.0  # the last 1024 commands did not see them


def test_a_paced_lockstep_plant_publishes_each_state_at_its_wall_time(planar_model):
    """real_time_factor: the state of t_k waits (a sleep) until origin + (t_k - t_origin) / X of
    wall time; a loop that falls behind by more than the slack restarts the pace from there
    instead of catching up; the stepping itself is the unpaced one (the same states)."""
    from modyn_hardware.hardware_config import ConfigError
    from modyn_hardware.hardware_supervisor import PACE_SLACK_NS

    def run(factor, answer_ns):
        sup, port, clock, plant = make(
            planar_model, mode="lockstep", rate=1000.0, real_time_factor=factor
        )
        slept = []

        def sleep(seconds):
            slept.append(seconds)
            clock.now += round(seconds * 1e9)

        sup._sleep = sleep
        sup.publish_state()
        walls = []
        for k in range(len(answer_ns)):
            clock.now += answer_ns[k]  # the controller's answer takes this long
            sup.on_command(NAMES, [0.5, -0.2], sup.t_ns, clock.now)
            walls.append(clock.now)
        return np.array(walls), slept, plant.read().position.copy(), port.states

    # at X = 0.5 a 1 ms step lasts 2 ms of wall time; the loop answers in 0.3 ms
    answers = [300_000] * 10
    walls, slept, q_paced, states = run(0.5, answers)
    np.testing.assert_array_equal(np.diff(walls), 2 * MS)
    assert len(slept) == 9 and min(slept) == pytest.approx(1.7e-3)
    # unpaced: no sleep, the same states
    walls0, slept0, q_free, states0 = run(0.0, answers)
    assert slept0 == [] and states0 == states
    np.testing.assert_array_equal(q_paced, q_free)
    # a stall longer than the slack (here 50 ms at step 5): the pace restarts after it, no burst
    stalled = [300_000] * 5 + [PACE_SLACK_NS + 30 * MS] + [300_000] * 4
    walls, _, _, _ = run(1.0, stalled)
    np.testing.assert_array_equal(np.diff(walls[6:]), 1 * MS)
    # the parameter's checks
    for bad, why in ((-1.0, "not a finite number >= 0"), (float("inf"), "not a finite number")):
        with pytest.raises(ConfigError, match=f"real_time_factor: .*{why}"):
            make(planar_model, real_time_factor=bad)
    with pytest.raises(ConfigError, match="with mode 'realtime'"):
        make(planar_model, mode="realtime", real_time_factor=1.0)
