"""The rules of the ``hardware_interface`` node, without ROS: :class:`Supervisor`.

The supervisor owns the plant's loop and its safety: it validates each effort command, steps the
plant (lockstep: one step per command stamped t_k; realtime: one step per timer tick), runs the
command watchdog (with the start-up grace and the accounting of the time this process itself
did not run), latches faults, switches to and from the safe hold, and answers the reset, reset
plant and enable requests. The node (:mod:`modyn_hardware.hardware_interface_node`) wires ROS
topics, services and timers to it through a :class:`SupervisorPort`; everything here can be
driven by a test with a plain Python port and an injected monotonic clock.

Sizes follow the mechanism contract: the plant's state is q (nq) and v (nv); commands and the
applied effort are actuator forces u (nu), mapped from a message by ``actuator_names``.

The safe hold is :class:`modyn_control.hold.HoldLaw` (diagonal gains ``hold_kp``/``hold_kd``, or
the mass-matrix form at ``hold_bandwidth``/``hold_damping_ratio``) about q_hold, the measured
pose when the hold began clipped to 0.5 % of the span inside the position limits, clipped to the
effort limits.

Watchdog (times in ns of the injected monotonic clock):

* lockstep: the node's watchdog timer fires ``watchdog_timeout`` after the last publication;
  within ``watchdog_grace`` of the first followed command it only waits; a firing that is late by
  more than half a period is put off once (the command may be waiting in this process's queue);
  otherwise it latches, and the plant then steps on the real-time hold timer.
* realtime: a command is fresh while ``now − t_rx − deaf ≤ watchdog_timeout``, where ``deaf`` sums
  the lateness of the ticks since the command (time this node did not run is no evidence of a
  silent controller); a gap within the grace is held without a fault (the "grace hold"); after the
  grace it latches. The plant's own states get the same grace: a plant that stops giving valid
  states within ``watchdog_grace`` of its first one (a ros2_control peer still starting) is
  waited for; later, it latches ("plant: no valid state ...").
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from typing import Protocol

import numpy as np

from modyn_control.hold import HoldLaw
from modyn_model import algorithms as alg
from modyn_model.errors import ModelError
from modyn_ros.joint_map import (
    JointMap,
    MessageError,
    MissingJointError,
    RepeatedNameError,
    UnknownNameError,
)

from .hardware_config import Config
from .plant import Plant, PlantError
from .safety import LimitGuard, ReportThrottle

__all__ = ["COUNTERS", "REJECTIONS", "Supervisor", "SupervisorPort"]

_NS = 1_000_000_000
_LATENCY_SAMPLES = 1024  # ring buffer of the latency percentiles (about 1 s at 1 kHz)
#: the whole run's latency histogram: 10 µs bins up to 100 ms (the last bin takes the rest);
#: one integer increment per command, so that a p99 over a 60 s run costs no memory growth
_HIST_BIN_NS = 10_000
_HIST_BINS = 10_000

#: kinds of rejected effort_command, each throttled separately and counted in /diagnostics
REJECTIONS = (
    "unknown_name",
    "missing_joint",
    "repeated_name",
    "length",
    "nan",
    "inf",
    "stamp_old",
    "stamp_backwards",
)
#: the rejection kind of each bad-name error (the exception's type, not its text)
_NAME_KINDS: tuple[tuple[type[MessageError], str], ...] = (
    (UnknownNameError, "unknown_name"),
    (MissingJointError, "missing_joint"),
    (RepeatedNameError, "repeated_name"),
)
#: the counters of :attr:`Supervisor.counters`
COUNTERS = (
    "steps",
    "misses",
    "hold_steps",
    "stale",
    "rejected",
    "ignored",
    "faults",
    "saturated",
    "position_limited",
    "velocity_limited",
    "deadline_misses",
    # publications of the loop (joint_states, /clock, ...) the middleware refused: counted,
    # logged, and the loop goes on (hardware_interface_node)
    "publish_failures",
    # publications of joint_states that held the loop over STALL_NS (hardware_interface_node)
    "publish_stalls",
)

#: lockstep pacing: a loop this far behind its pace (wall ns) takes the present as its new
#: origin instead of stepping flat out to catch up
PACE_SLACK_NS = 20_000_000


class SupervisorPort(Protocol):
    """What the supervisor asks of its node (ROS publishers, timers, logger, clock)."""

    def log(self, level: str, text: str) -> None:
        """Log ``text`` at ``level``: ``"info"``, ``"warning"`` or ``"error"``."""

    def publish_state(self, stamp_ns: int, step: int) -> None:
        """Publish the plant's state stamped ``stamp_ns`` (and /clock, by ``step``)."""

    def status_changed(self) -> None:
        """The fault, the arming or the state changed: publish ``hardware_status``."""

    def clock_ns(self) -> int:
        """The node clock (ns): realtime stamps and command ages."""

    def watchdog(self, on: bool) -> None:
        """Lockstep: restart the watchdog timer from now (True) or cancel it (False)."""

    def hold_timer(self, on: bool) -> None:
        """Lockstep: start (True) or stop (False) the real-time hold timer."""


class Supervisor:
    """The loop and the safety of ``hardware_interface`` (see the module docstring).

    Parameters
    ----------
    config : Config
    model : modyn_model.MechanismModel
    plant : Plant
    port : SupervisorPort
    monotonic_ns : callable, optional
        The steady clock (ns), :func:`time.monotonic_ns` by default; a test injects its own.

    Attributes
    ----------
    counters : dict
        :data:`COUNTERS`.
    rejections : dict
        Rejected commands per kind (:data:`REJECTIONS`).
    fault : str or None
        The reason of the latched fault, None when there is none.
    armed : bool
    hold : HoldLaw
    q_hold : (nq,) ndarray
        The pose the safe hold holds (valid once a hold began).
    """

    def __init__(
        self,
        config: Config,
        model,
        plant: Plant,
        port: SupervisorPort,
        monotonic_ns: Callable[[], int] = time.monotonic_ns,
    ):
        cfg = self.config = config
        self.model = model
        self.plant = plant
        self.port = port
        self._mono = monotonic_ns
        self._sleep = time.sleep
        self._realtime = cfg.mode == "realtime"
        # lockstep pacing (real_time_factor): wall ns per plant ns, and the (wall, plant) origin
        # the published states keep to; None until the first step
        self._pace = 1.0 / cfg.real_time_factor if cfg.real_time_factor > 0.0 else 0.0
        self._pace_origin: tuple[int, int] | None = None
        self._dt = cfg.dt
        self._dt_ns = cfg.dt_ns
        limits = cfg.limits
        self._jmap = JointMap(model.actuator_names)  # commands carry actuator efforts
        self._data = model.make_data()  # for the safe hold's and the soft limits' gravity term
        self.counters = dict.fromkeys(COUNTERS, 0)
        self.rejections = dict.fromkeys(REJECTIONS, 0)
        self._throttle = ReportThrottle(1.0)
        data = self._data
        self._guard = LimitGuard(
            limits,
            cfg.hold_kp,
            cfg.hold_kd,
            lambda q: alg.gravity(model, data, q),
            counts=self.counters,
            actuation=model.actuation_matrix,  # S(q): soft limits on τ = Sᵀu, actuator speeds
        )
        # THE hold law of the suite (modyn_control.hold), sharing this workspace
        if cfg.hold_matrix:
            self.hold = HoldLaw(
                model,
                bandwidth=cfg.hold_bandwidth,
                damping_ratio=cfg.hold_damping_ratio,
                data=data,
            )
        else:
            self.hold = HoldLaw(model, cfg.hold_kp, cfg.hold_kd, data=data)
        # preallocated per-step buffers
        nu = model.nu
        self._cmd = np.zeros(nu)  # the latest accepted command, actuator order
        self._work = np.zeros(nu)  # the command being limited and applied
        self._last_u = np.zeros(nu)  # the effort of the last step taken (model failure hold)
        self.q_hold = np.zeros(model.nq)
        # the hold's target range: the position limits shrunk by 0.5 % of their span (1e-3 for
        # a one-sided limit; nothing for none)
        lo, hi = limits.lower, limits.upper
        both = np.isfinite(lo) & np.isfinite(hi)
        margin = np.where(both, 0.005 * np.where(both, hi - lo, 0.0), 1e-3)
        self._hold_lo = np.where(np.isfinite(lo), lo + margin, -np.inf)
        self._hold_hi = np.where(np.isfinite(hi), hi - margin, np.inf)
        self._have_hold = False  # q_hold is set (captured when a hold begins)

        # time, safety and state of the loop
        self.k = 0  # steps taken
        self.t_ns = 0  # lockstep plant time t_k = k dt_ns
        self.started = False  # commands are being followed: the watchdog is armed
        self._first_cmd_ns = 0  # steady time of the first followed command (watchdog_grace)
        self._grace_ns = round(cfg.watchdog_grace * _NS)
        self._timeout_ns = round(cfg.watchdog_timeout * _NS)
        self.in_grace_hold = False  # realtime: holding for a start-up gap (not latched)
        self._deaf_ns = 0  # realtime: time this node itself did not run since the last command
        self._deferred = False  # lockstep: a late watchdog firing was put off once
        self._fired_ns = 0  # lockstep: steady time of the watchdog timer's last firing
        self.armed = True
        self.fault: str | None = None
        # the model could not evaluate the plant's state (a mechanism out of its domain, e.g. a
        # closed chain out of its workspace after a fall): the reason, until ~/reset_plant
        self.model_failure: str | None = None
        self.plant_stopped = False  # a simulated plant whose model failed is not stepped
        self.hold_running = False  # lockstep: the real-time hold timer steps the plant
        self.plant_was_ready = False
        self._first_ready_ns = 0  # steady time of the plant's first valid state (realtime)
        self.plant_grace_waits = 0  # realtime ticks without a valid state inside that grace
        self._published_ns = 0  # steady time of the last joint_states (lockstep latency)
        self._cmd_rx_ns: int | None = None  # realtime: steady receipt time of the command
        self._last_stamp_ns = -1  # stamp of the latest accepted command
        self._max_age_ns = round(cfg.max_command_age * _NS)
        self._latency = np.zeros(_LATENCY_SAMPLES)  # ns
        self._latency_count = 0
        self._latency_hist = np.zeros(_HIST_BINS, dtype=np.int64)
        self.step_time_ns = 0  # sums since the last diagnostics report
        self.cycle_time_ns = 0
        self.cycles = 0
        self._period_ns = cfg.dt_ns
        self._due_ns = self._mono()  # realtime: when the next tick is due

    @property
    def unheld_warning(self) -> str | None:
        """The sentence logged once at start when the hold cannot hold some coordinates (those
        no actuator reaches, :attr:`HoldLaw.unheld`); None when it holds them all."""
        if not self.hold.unheld:
            return None
        return (
            f"safe hold: no actuator reaches {list(self.hold.unheld)}; the hold cannot hold these "
            "coordinates (it holds the others)"
        )

    def start_ticks(self, now_ns: int) -> None:
        """Realtime: the tick timer starts now (its first tick is due one period later)."""
        self._due_ns = now_ns

    # ------------------------------------------------------------------ state
    @property
    def state(self) -> str:
        """``faulted``, ``disarmed``, ``following`` or ``waiting``."""
        if self.fault is not None:
            return "faulted"
        if not self.armed:
            return "disarmed"
        return "following" if self.started else "waiting"

    @property
    def plant_time_ns(self) -> int:
        """Lockstep plant time t_k (ns); realtime: steps × dt."""
        return self.t_ns if not self._realtime else self.k * self._dt_ns

    def latency_percentiles(self) -> tuple[float, float]:
        """(p50, p99) latency in µs over the last samples (nan when none).

        Lockstep: wall time from publishing ``joint_states(t_k)`` to receiving its command.
        Realtime: receipt time (node clock) minus the command's stamp.
        """
        count = min(self._latency_count, _LATENCY_SAMPLES)
        if count == 0:
            return math.nan, math.nan
        p50, p99 = np.percentile(self._latency[:count], (50.0, 99.0)) * 1e-3
        return float(p50), float(p99)

    def publish_state(self) -> None:
        """Lockstep: (re)publish the state of t_k (at start, for a late subscriber)."""
        self._publish_state(self.t_ns)

    # ------------------------------------------------------------------ commands
    def on_command(
        self, names: Sequence[str], effort: Sequence[float], stamp_ns: int, rx_ns: int
    ) -> None:
        """An ``effort_command`` (names, efforts in N·m or N, header stamp ns) received at the
        steady time ``rx_ns``: rejected (counted, throttled warning), stored (realtime) or
        applied over one step (lockstep, the command of t_k)."""
        try:
            order = self._jmap.indices(names)
        except MessageError as exc:
            kind = next((k for t, k in _NAME_KINDS if isinstance(exc, t)), "unknown_name")
            self._reject(kind, str(exc))
            return
        if len(effort) != len(names):
            self._reject("length", f"effort: {len(effort)} values for {len(names)} joints")
            return
        for i, x in enumerate(effort):
            if not math.isfinite(x):
                kind = "nan" if math.isnan(x) else "inf"
                self._reject(kind, f"effort[{i}] is {x} (joint '{names[i]}')")
                return
        now_ns = self.port.clock_ns() if self._realtime else self.t_ns
        if now_ns - stamp_ns > self._max_age_ns:
            self._reject(
                "stamp_old",
                f"header.stamp: {stamp_ns * 1e-9:.9f} s is {(now_ns - stamp_ns) * 1e-9:.6f} s "
                f"older than the {'node clock' if self._realtime else 'plant time t_k'} "
                f"{now_ns * 1e-9:.9f} s (max_command_age {self.config.max_command_age:g} s)",
            )
            return
        if stamp_ns < self._last_stamp_ns:
            self._reject(
                "stamp_backwards",
                f"header.stamp: {stamp_ns * 1e-9:.9f} s is before the last accepted command's "
                f"{self._last_stamp_ns * 1e-9:.9f} s (stamps going backwards)",
            )
            return
        if self._realtime:
            self._record_latency(now_ns - stamp_ns)
            self._last_stamp_ns = stamp_ns
            if self.fault is not None:
                self.counters["ignored"] += 1
                return
            np.take(effort, order, out=self._cmd)
            self._cmd_rx_ns = rx_ns
            self._deaf_ns = 0
            return
        if stamp_ns != self.t_ns:
            self.counters["stale"] += 1
            return
        self._record_latency(rx_ns - self._published_ns)
        self._last_stamp_ns = stamp_ns
        if self.fault is not None:  # latched: the hold timer steps the plant
            self.counters["ignored"] += 1
            return
        np.take(effort, order, out=self._work)
        if self.hold_running:
            self.hold_running = False
            self.port.hold_timer(False)
            self.port.log("info", f"commands followed again at t = {self.t_ns * 1e-9:.3f} s")
        if not self.started:
            self.started = True
            self._first_cmd_ns = rx_ns
        tau = self._command_effort(self._work)
        self._advance(tau)
        self.cycle_time_ns += self._mono() - rx_ns
        self.cycles += 1

    def _reject(self, kind: str, text: str) -> None:
        self.counters["rejected"] += 1
        self.rejections[kind] += 1
        skipped = self._throttle(kind)
        if skipped is not None:
            more = f" ({skipped} more of this kind since the last report)" if skipped else ""
            self.port.log("warning", f"effort_command rejected: {text}{more}")

    def _command_effort(self, u: np.ndarray) -> np.ndarray:
        """The effort to apply for the command ``u`` (modified in place): the command within
        the limits, or the safe hold when disarmed or when a limit faults."""
        if not self.armed:
            return self._hold_effort()
        state = self.plant.read()
        try:
            reason = self._guard.apply(u, state.position, state.velocity)
        except ModelError as exc:
            self._model_failed(exc)
            return self._hold_effort()
        if reason is not None:
            self._latch(reason)
            return self._hold_effort()
        return u

    def _advance(self, u: np.ndarray) -> None:
        """Apply ``u`` over one step and publish the new state (both modes). A simulated plant
        whose model cannot evaluate its state is stopped (not stepped, its last state published
        with the advancing time) and the fault latched, instead of raising out of the loop."""
        t0 = time.perf_counter_ns()
        if not self.plant_stopped:
            self.plant.write(u)
            try:
                self.plant.step(self._dt)
                np.copyto(self._last_u, u)
            except (ModelError, PlantError) as exc:
                # a simulated plant whose model cannot evaluate a stage state (it reports it as
                # a diverged simulation) or a plant that cannot step: it is not stepped again
                self.plant_stopped = True
                self._model_failed(exc)
        self.step_time_ns += time.perf_counter_ns() - t0
        self.k += 1
        self.counters["steps"] = self.k
        if self._realtime:
            self._publish_state(self.port.clock_ns())
        else:
            self.t_ns += self._dt_ns
            if self._pace:
                self._keep_pace()
            self._publish_state(self.t_ns)
            self._deferred = False
            if not self.hold_running:
                # the watchdog of the next step counts from this publication
                self.port.watchdog(True)

    def _keep_pace(self) -> None:
        """Lockstep with ``real_time_factor``: hold the state of t_k until its wall time, from
        the origin of the pace (the first step, or the step after the loop fell behind: it is
        not made to catch up)."""
        now = self._mono()
        origin = self._pace_origin
        if origin is None:
            self._pace_origin = (now, self.t_ns)
            return
        due = origin[0] + int((self.t_ns - origin[1]) * self._pace)
        if due > now:
            self._sleep((due - now) * 1e-9)
        elif now - due > PACE_SLACK_NS:
            self._pace_origin = (now, self.t_ns)

    def _publish_state(self, stamp_ns: int) -> None:
        self.port.publish_state(stamp_ns, self.k)
        self._published_ns = self._mono()

    def _record_latency(self, ns: int) -> None:
        self._latency[self._latency_count % _LATENCY_SAMPLES] = ns
        self._latency_count += 1
        self._latency_hist[min(max(ns, 0) // _HIST_BIN_NS, _HIST_BINS - 1)] += 1

    def run_latency_percentiles(self) -> tuple[float, float]:
        """(p50, p99) latency in µs over every command since the start (nan when none), from a
        histogram of 10 µs bins: each value is the upper edge of its bin (at most 10 µs above
        the exact percentile; "≥ 100 ms" reads 100000)."""
        total = int(self._latency_hist.sum())
        if total == 0:
            return math.nan, math.nan
        cumulative = np.cumsum(self._latency_hist)
        # the smallest bin whose cumulative count reaches the fraction (nearest-rank percentile)
        p50, p99 = (
            (int(np.searchsorted(cumulative, math.ceil(f * total))) + 1) * _HIST_BIN_NS * 1e-3
            for f in (0.5, 0.99)
        )
        return float(p50), float(p99)

    # ------------------------------------------------------------------ safe hold, faults
    def _capture_hold_pose(self) -> None:
        """q_hold ← the measured pose, clipped into the position limits (by a margin, so that a
        joint held after crossing a limit comes back strictly inside and ~/reset can clear a
        position fault)."""
        np.clip(self.plant.read().position, self._hold_lo, self._hold_hi, out=self.q_hold)
        try:
            self.hold.capture(self.q_hold)  # and A(q_hold) for the mass-matrix form
        except ModelError as exc:
            self._model_failed(exc)
            return
        self._have_hold = True

    def _hold_effort(self) -> np.ndarray:
        """The safe hold's u (:class:`HoldLaw`) at the measured state, clipped to the effort
        limits; q_hold (and A(q_hold)) captured when the hold begins."""
        if self.model_failure is None and not self._have_hold:
            self._capture_hold_pose()
        if self.model_failure is not None:
            # the model cannot evaluate the state: keep the effort of the last step taken (on a
            # real robot the last gravity-compensating hold, never a dropped torque)
            return self._last_u.copy()
        state = self.plant.read()
        try:
            u = self.hold.effort(state.position, state.velocity)
        except ModelError as exc:
            self._model_failed(exc)
            return self._last_u.copy()
        self._guard.clip_effort(u)
        return u

    def _model_failed(self, exc: Exception) -> None:
        """The model cannot evaluate the plant's state (or the plant cannot step): latch a fault
        naming the reason, once; the hold keeps the last applied effort (:meth:`_hold_effort`)."""
        if self.model_failure is not None:
            return
        self.model_failure = str(exc)
        stopped = " the simulated plant is stopped (~/reset_plant restarts it);" if (
            self.plant_stopped
        ) else ""
        self.port.log(
            "error",
            f"the model cannot evaluate the plant's state: {exc};{stopped} the last applied "
            "effort is held",
        )
        self._latch(f"model: {exc}")

    def _latch(self, reason: str) -> None:
        """Latch a fault: safe hold at the present pose until ``~/reset``."""
        if self.fault is not None:
            return
        self.fault = reason
        self.counters["faults"] += 1
        self._capture_hold_pose()
        self.port.log(
            "error",
            f"fault latched: {reason}; safe hold (gravity compensation + PD) at "
            f"{np.round(self.q_hold, 4).tolist()} until ~/reset",
        )
        if not self._realtime and not self.hold_running:
            self.hold_running = True
            self.port.watchdog(False)
            self.port.hold_timer(True)
        self.port.status_changed()

    def _in_grace(self, now_ns: int) -> bool:
        """Within watchdog_grace of the first followed command: a gap is start-up, not death."""
        return now_ns - self._first_cmd_ns < self._grace_ns

    # ------------------------------------------------------------------ timers
    def on_timeout(self) -> None:
        """Lockstep: no command for ``watchdog_timeout`` wall seconds."""
        now = self._mono()
        since = now - max(self._published_ns, self._fired_ns)  # one period, unless it is late
        self._fired_ns = now
        if not self.started or self.fault is not None:
            self._publish_state(self.t_ns)  # a late subscriber gets t_k too
            return
        if self._in_grace(now):
            return  # start-up (watchdog_grace): the plant waits for the command of t_k
        if not self._deferred and since > self._timeout_ns * 3 // 2:
            # this firing is late: this node did not run for a while, and the command may be
            # waiting in its queue; decide at the next firing, after the queue was read
            self._deferred = True
            return
        self.counters["misses"] += 1
        self._latch(
            f"watchdog: no command for step t = {self.t_ns * 1e-9:.3f} s within "
            f"{self.config.watchdog_timeout:g} s"
        )
        self._advance(self._hold_effort())

    def on_hold_tick(self) -> None:
        """Lockstep, faulted: one safe-hold step per period."""
        self.counters["hold_steps"] += 1
        self._advance(self._hold_effort())

    def on_tick(self) -> None:
        """Realtime: one step per timer period."""
        now = self._mono()
        self._due_ns += self._period_ns
        late = now - self._due_ns
        if late > self._period_ns:
            self.counters["deadline_misses"] += 1
            # rcl skips the periods a late timer missed, keeping its phase: follow it
            self._due_ns += (late // self._period_ns) * self._period_ns
        if not self.plant.ready:
            if not self.plant_was_ready:
                return  # nothing measured yet: nothing to publish or to command
            if now - self._first_ready_ns < self._grace_ns:
                # start-up (watchdog_grace after the first valid state): a peer whose stream
                # still stutters (a ros2_control broadcaster starting beside a busy launch:
                # issue 29, 1 launch in 7) is waited for, as before its first state
                self.plant_grace_waits += 1
                return
            self._latch(
                f"plant: no valid state for {self.config.ros2_control_state_timeout:g} s "
                "(the safe hold uses the last one)"
            )
        if not self.plant_was_ready:
            self._first_ready_ns = now
        self.plant_was_ready = True
        if late > self._period_ns:
            # this node did not run for `late`: a command may be waiting in its queue, so that
            # time is no evidence of a silent controller (a stall of this process must not
            # latch the watchdog)
            self._deaf_ns += late
        fresh = (
            self._cmd_rx_ns is not None
            and now - self._cmd_rx_ns - self._deaf_ns <= self._timeout_ns
        )
        if self.fault is not None:
            u = self._hold_effort()
        elif fresh:
            if not self.started:
                self.started = True
                self._first_cmd_ns = now
            if self.in_grace_hold:
                self.in_grace_hold = False
                self._have_hold = False
                self.port.log("info", "commands followed again")
            np.copyto(self._work, self._cmd)  # limited anew at each tick's state
            u = self._command_effort(self._work)
        elif self.started and self._in_grace(now):
            # start-up (watchdog_grace): hold, as before the first command, without a fault
            if not self.in_grace_hold:
                self.in_grace_hold = True
                self._have_hold = False  # hold where the arm is now
                self.port.log(
                    "warning",
                    f"no command for {(now - self._cmd_rx_ns) * 1e-9:.3f} s during the start-up "
                    f"grace ({self.config.watchdog_grace:g} s): safe hold until commands resume",
                )
            u = self._hold_effort()
        elif self.started:
            self.counters["misses"] += 1
            age = (now - self._cmd_rx_ns) * 1e-9
            self._latch(
                f"watchdog: no command for {age:.3f} s (watchdog_timeout "
                f"{self.config.watchdog_timeout:g} s)"
            )
            u = self._hold_effort()
        else:  # before the first command the hold is the normal start-up, not a fault
            u = self._hold_effort()
        self._advance(u)
        self.cycle_time_ns += self._mono() - now
        self.cycles += 1

    # ------------------------------------------------------------------ requests
    def reset(self) -> tuple[bool, str]:
        """``~/reset``: clear a latched fault (the plant is not moved); refused while a limit in
        fault mode is still violated or a lost plant still sends no state.

        Returns
        -------
        (bool, str)
            Success and the sentence (also logged).
        """
        if self.fault is None:
            return True, "no fault latched"
        limits = self.config.limits
        kinds = [k for k in ("position", "velocity") if getattr(limits, f"{k}_mode") == "fault"]
        state = self.plant.read()
        still = self._guard.state_violation(state.position, state.velocity, kinds)
        if still is None and self.plant_was_ready and not self.plant.ready:
            still = "plant: still no valid state"
        if still is None and self.model_failure is not None:
            still = (
                f"the model cannot evaluate the plant's state ({self.model_failure}); "
                "~/reset_plant first"
            )
        if still is not None:
            message = f"fault kept: {still}"
            self.port.log("warning", message)
            return False, message
        cleared, self.fault = self.fault, None
        self.started = False  # the watchdog re-arms with the next followed command
        self.in_grace_hold = False
        self._have_hold = False
        self._cmd_rx_ns = None  # realtime: a command from before the reset is not used
        if not self._realtime:
            self.hold_running = False
            self.port.hold_timer(False)
            self._publish_state(self.t_ns)  # wait for the command of t_k, as at start
            self.port.watchdog(True)
        self.port.status_changed()
        message = (
            f"fault cleared ({cleared}); waiting for commands at t = "
            f"{self.plant_time_ns * 1e-9:.9f} s"
        )
        self.port.log("info", message)
        return True, message

    def reset_plant(self) -> tuple[bool, str]:
        """``~/reset_plant``: move a simulated plant back to ``initial_positions`` at rest; time
        continues. Returns (success, sentence), the sentence logged."""
        q0 = self.config.initial_positions
        try:
            self.plant.reset(q0)
        except PlantError as exc:
            message = f"reset_plant refused: {exc}"
            self.port.log("warning", message)
            return False, message
        self._have_hold = False  # a hold continues at the reset pose, not the old one
        self.model_failure = None  # the reset pose is in the model's domain
        self.plant_stopped = False
        if not self._realtime:
            self._publish_state(self.t_ns)  # the state at t_k changed: tell the controller
            if not self.hold_running:
                self.port.watchdog(True)  # and give it a full watchdog_timeout to answer
        message = f"plant reset to initial_positions {q0.tolist()}" + (
            f" at t = {self.t_ns * 1e-9:.9f} s" if not self._realtime else ""
        )
        self.port.log("info", message)
        return True, message

    def enable(self, arm: bool) -> tuple[bool, str]:
        """``~/enable``: arm (True) or disarm (False) the output; disarmed, the safe hold is
        applied. Returns (success, sentence); a success is logged and published."""
        if arm:
            if self.fault is not None:
                return False, f"not armed: fault latched ({self.fault}); call ~/reset first"
            if not self.armed:
                self.armed = True
                self._have_hold = False
            message = "armed: commands are applied"
        else:
            if self.armed:
                self.armed = False
                self._capture_hold_pose()
            message = (
                f"disarmed: safe hold at {np.round(self.q_hold, 4).tolist()}"
                if self._have_hold
                else "disarmed"
            )
        self.port.log("info", message)
        self.port.status_changed()
        return True, message

    def stop_effort(self) -> tuple[np.ndarray, np.ndarray] | None:
        """The last command for a plant that outlives the process: (u, q), gravity compensation
        at the last measured pose as actuator forces, clipped to the effort limits; None when
        the plant was never heard from."""
        if not self.plant_was_ready:
            return None
        state = self.plant.read()
        q = state.position
        zero = np.zeros(self.model.nv)
        # Sᵀ u = Q(q) (u = Q(q) for an arm), without friction: the robot is to stay at rest
        u = np.array(
            alg.actuator_forces(self.model, self._data, q, zero, zero, friction=False), dtype=float
        )
        self._guard.clip_effort(u)
        return u, q
