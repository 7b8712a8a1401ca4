"""Configuration of the ``hardware_interface`` node (no rclpy): its parameters, their
validation against the model, and the plant they name.

:data:`PARAMETERS` is the node's parameter table (name -> default, description);
:func:`check_parameters` validates what does not depend on the robot, :func:`validate_config`
checks everything against the model and returns the frozen :class:`Config`, and
:func:`make_plant` builds the plant. Arrays follow the mechanism contract
(:mod:`modyn_model.contract`): positions (``initial_positions``, position limits) in
``coordinate_names`` order (nq), hold gains and speed limits in ``velocity_names`` order (nv),
effort limits in ``actuator_names`` order (nu); the ``joint_names`` parameter may permute them
when the three name lists are one (an arm).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from modyn_model.errors import ModynError
from modyn_model.yaml_numbers import load_yaml
from modyn_ros.joint_map import JointMap, MessageError

from .hold_gains import (
    EXPLICIT_BOUNDS,
    check_hold_gains,
    check_mass_matrix_hold,
    damping_stiffness,
    default_hold_gains,
    sample_poses,
)
from .mock_plant import MockPlant
from .mujoco_exported import ExportedModelPlant, mujoco_export_of
from .mujoco_plant import GEOMETRIES, MujocoPlant
from .mujoco_spanning import SpanningTreePlant, spanning_tree_of
from .plant import Plant, PlantError
from .ros2_control_bridge import Ros2ControlBridge
from .safety import LIMIT_KINDS, LIMIT_MODES, Limits, soft_limit_problem
from .simulated import INTEGRATORS, SimulatedPlant

#: values of the ``tf`` parameter
TF_MODES = ("all", "base", "none")

__all__ = [
    "Config",
    "ConfigError",
    "MODES",
    "PARAMETERS",
    "PLANTS",
    "check_parameters",
    "make_plant",
    "validate_config",
]

MODES = ("lockstep", "realtime")
PLANTS = ("simulated", "mujoco", "mock", "ros2_control")
#: The node's own parameters: name -> (default, description). robot_description, model_extras,
#: root_link and tip_link are declared by modyn_ros.model_source.
PARAMETERS: dict[str, tuple[Any, str]] = {
    "plant": (
        "simulated",
        "which plant: 'simulated' (the built-in rigid-body simulator), 'mujoco' (MuJoCo on the "
        "same URDF, on the spanning tree of a model with spanning_tree(), or on the MJCF of a "
        "model with mujoco_mjcf(), docs/plants.md), "
        "'mock' (velocity = effort, for wiring tests) or "
        "'ros2_control' (the bridge to a forward_command_controller and a "
        "joint_state_broadcaster; realtime only)",
    ),
    "mode": (
        "lockstep",
        "'lockstep': advance one step per answered joint_states message; "
        "'realtime': step on a wall-clock timer at 'rate'",
    ),
    "real_time_factor": (
        0.0,
        "lockstep: at most this many plant seconds per wall second (1.0: the pace of the real "
        "robot, for a person watching or a viewer; 0: as fast as the loop answers, for tests "
        "and batch runs). The plant still steps on each step's command, so a paced run is the "
        "same run, only slower; a loop slower than the pace is not made to catch up ('modyn "
        "run --real-time-factor X'). realtime mode: 0 (it runs at 1 by construction)",
    ),
    "push_duration": (
        0.1,
        "how long (s of plant time) a wrench received on ~/push is applied (simulated plants)",
    ),
    "rate": (1000.0, "plant and control rate (Hz); the step dt = 1/rate, in whole nanoseconds"),
    "integrator": (
        "rk4",
        "integrator of the simulated and mujoco plants: 'rk4' or 'semi_implicit_euler'",
    ),
    "mujoco_geometry": (
        "none",
        "mujoco plant: 'none' (no geoms) or 'collision' (the URDF's collision geometry; meshes "
        "not found or unreadable are dropped with a warning; docs/plants.md)",
    ),
    "initial_positions": (
        [],
        "double[]: q (rad or m) at start and after ~/reset_plant, in joint_names order; empty: "
        "the model's neutral configuration (zeros for an arm)",
    ),
    "joint_names": (
        [],
        "string[]: order of initial_positions, hold gains and limit overrides; empty: the "
        "model's order",
    ),
    "watchdog_timeout": (
        0.5,
        "wall seconds without a valid command (once commands have started) before the watchdog "
        "latches the safe hold until ~/reset; lockstep: also the republish period while waiting",
    ),
    "watchdog_grace": (
        1.0,
        "wall seconds after the first command (and after ~/reset) during which a missing "
        "command is start-up, not a dead controller: the plant holds (realtime: safe hold; "
        "lockstep: it waits) and the watchdog latches only if commands are still missing at "
        "the end; 0: none",
    ),
    "lockstep_timeout": (
        0.0,
        "deprecated name of watchdog_timeout: if > 0 it replaces watchdog_timeout",
    ),
    "diagnostic_period": (
        1.0,
        "wall seconds between two /diagnostics reports (the counters, latency and limit "
        "events; as diagnostic_updater's period)",
    ),
    "max_command_age": (
        0.5,
        "s: a command whose header.stamp is older than this (lockstep: than plant time t_k; "
        "realtime: than the node clock) is rejected",
    ),
    "hold_kp": (
        [],
        "double[]: safe-hold stiffness (N·m/rad or N/m), one value for all joints or one per "
        "joint in joint_names order; also the soft position limit's spring; empty: from the "
        "model, I·hold_bandwidth² (I the largest A_jj over the range); checked for discrete "
        "stability at the plant rate (adjusted with a warning naming the joint)",
    ),
    "hold_kd": (
        [],
        "double[]: safe-hold damping (N·m·s/rad or N·s/m), one value for all joints or one "
        "per joint in joint_names order; also the damper of the soft position/velocity limits; "
        "empty: from the model, 2·hold_damping_ratio·hold_bandwidth·I; checked as hold_kp",
    ),
    "hold_bandwidth": (
        20.0,
        "rad/s: the natural frequency of the default safe hold (hold_kp/hold_kd left empty)",
    ),
    "hold_damping_ratio": (
        1.0,
        "the damping ratio of the default safe hold (hold_kd left empty)",
    ),
    "effort_limit": (
        [],
        "double[]: |effort| limits (N·m or N) overriding the model's; empty: model",
    ),
    "velocity_limit": ([], "double[]: speed limits (rad/s or m/s) overriding the model's"),
    "position_lower": ([], "double[]: lower position limits (rad or m) overriding the model's"),
    "position_upper": ([], "double[]: upper position limits (rad or m) overriding the model's"),
    "effort_limit_mode": ("saturate", "'saturate' (clip) or 'fault' (latched safe hold)"),
    "velocity_limit_mode": ("saturate", "'saturate' (cut + damp) or 'fault' (latched safe hold)"),
    "position_limit_mode": (
        "saturate",
        "'saturate' (soft limit: cut + spring-damper) or 'fault' (latched safe hold)",
    ),
    "publish_clock": (True, "publish /clock with the plant time"),
    "tf": (
        "all",
        "what the node broadcasts on /tf at the marker rate: 'all' (every frame of the model in "
        "its base frame, modyn_ros.frames), 'base' (a floating base's base link only, for a "
        "robot_state_publisher that broadcasts the links' tree from joint_states: two parents "
        "for one frame break TF) or 'none'",
    ),
    "state_log": (
        "",
        "file the node writes every joint_states it publishes to, as published (stamp, wall "
        "time, position, velocity, effort; modyn_hardware.state_log): a record that loses "
        "nothing on a loaded machine; empty: none",
    ),
    "topic_log": (
        "",
        "MCAP file the node writes every message of its per-step topics to (joint_states, "
        "actuator_states, base_state, constraint_forces/*) and every effort_command it receives, "
        "as it goes (modyn_ros.topic_log): a record of the loop that loses nothing on a loaded "
        "machine, at one serialization per message; empty: none",
    ),
    "measurement_noise": (
        [],
        "double[]: simulated plants only: standard deviations [position (rad or m), velocity "
        "(rad/s or m/s), effort (N·m or N)] of white Gaussian noise added to the published "
        "joint_states (the sensors of a real robot); empty: none",
    ),
    "measurement_noise_seed": (0, "seed of the measurement noise (reproducible runs)"),
    "clock_period": (
        0.01,
        "plant seconds between /clock messages (0: every step); the nodes on sim time need no "
        "finer clock, and each /clock is a callback in every one of them",
    ),
    "marker_rate": (
        20.0,
        "Hz of plant time: rate of /tf (every frame of the model, modyn_ros.frames) and of "
        "actuator_markers (visualization_msgs/MarkerArray, one cylinder per actuator) for a "
        "model with actuator_segments; 0: none",
    ),
    "constraint_force_rate": (
        0.0,
        "Hz of plant time: rate of constraint_forces/<name> for a constrained model; 0: every "
        "step (a model whose constraint forces cost a KKT solve per call may ask for less)",
    ),
    "ros2_control_controller": (
        "effort_controller",
        "plant ros2_control: name of the forward_command_controller; commands go to "
        "'<name>/commands' (std_msgs/Float64MultiArray)",
    ),
    "ros2_control_joints": (
        [],
        "string[]: plant ros2_control: the controller's 'joints' (the order of the command "
        "array); empty: the model's order",
    ),
    "ros2_control_state_topic": (
        "/joint_state_broadcaster/joint_states",
        "plant ros2_control: the joint_state_broadcaster's sensor_msgs/JointState topic (with "
        "use_local_topics: true; '/joint_states' collides with this node's output unless remapped)",
    ),
    "ros2_control_state_timeout": (
        0.1,
        "plant ros2_control: wall seconds without a valid state before the plant counts as lost "
        "(a latched fault)",
    ),
}

_NS = 1_000_000_000


class ConfigError(ModynError):
    """A parameter that makes the node unable to start; the text names it and its value."""


@dataclass(frozen=True)
class Config:
    """The validated parameters, arrays in the model's orders (the mechanism contract).

    Attributes
    ----------
    plant, mode, integrator : str
    rate : float
        Hz.
    dt_ns : int
        The plant step in nanoseconds, ``round(1e9 / rate)``.
    watchdog_timeout : float
        Wall seconds.
    watchdog_grace : float
        Wall seconds after the first command during which a missing one does not latch.
    max_command_age : float
        Seconds (plant time in lockstep, node clock in realtime).
    diagnostic_period : float
        Wall seconds between two /diagnostics reports.
    publish_clock : bool
    clock_every : int
        /clock is published every ``clock_every`` steps (``clock_period`` / dt, at least 1).
    marker_every : int
        ``actuator_markers`` is published every ``marker_every`` steps (rate / marker_rate, at
        least 1); 0: never.
    constraint_every : int
        ``constraint_forces/<name>`` is published every ``constraint_every`` steps (rate /
        constraint_force_rate, at least 1; 1 when the rate is 0).
    initial_positions : (nq,) ndarray
        rad or m, ``coordinate_names`` order.
    hold_kp, hold_kd : (nv,) ndarray
        Per-coordinate safe-hold gains, ``velocity_names`` order: as given, or from the model where not given,
        within the discrete stability region at dt (:mod:`modyn_hardware.hold_gains`); the
        soft limits' spring and damper, and the hold's gains unless ``hold_matrix``.
    hold_matrix : bool
        Neither gain was given: the hold is τ = Q(q) + A(q_h) [ω² (q_h − q) − 2ζω q̇].
    hold_bandwidth, hold_damping_ratio : float
        ω (rad/s, lowered into the stability region if needed) and ζ of the model's gains.
    hold_notes : tuple of str
        One sentence per hold gain adjusted for stability (logged as a warning at start).
    hold_capped : tuple of str
        With the mass-matrix hold, the joints whose per-joint default gains (the soft limits')
        were capped into the stability region (said in the start-up line).
    stiff_damping : tuple of str
        One sentence per joint whose viscous damping an explicit integrator could not take at dt
        (the node logs them; a warning unless the plant integrates damping implicitly).
    robot_description : str
        The URDF XML the model was built from (the mujoco plant loads it too).
    mujoco_geometry : str
        'none' or 'collision': the geometry the mujoco plant loads.
    limits : Limits or None
        Joint limits (model order) and modes; None only from :func:`check_parameters` users
        that build a Config by hand.
    ros2_control_controller, ros2_control_state_topic : str
    ros2_control_joints : tuple of str
        The command array's joint order (model names).
    ros2_control_state_timeout : float
        Wall seconds.
    """

    plant: str
    mode: str
    rate: float
    dt_ns: int
    integrator: str
    watchdog_timeout: float
    publish_clock: bool
    clock_every: int
    initial_positions: np.ndarray
    hold_kp: np.ndarray
    hold_kd: np.ndarray
    robot_description: str = field(default="", repr=False)
    hold_matrix: bool = False
    hold_bandwidth: float = 20.0
    hold_damping_ratio: float = 1.0
    hold_notes: tuple[str, ...] = ()
    hold_capped: tuple[str, ...] = ()
    stiff_damping: tuple[str, ...] = ()
    mujoco_geometry: str = "none"
    max_command_age: float = 0.5
    diagnostic_period: float = 1.0
    effort_limit_mode: str = "saturate"
    velocity_limit_mode: str = "saturate"
    position_limit_mode: str = "saturate"
    limits: Limits | None = None
    ros2_control_controller: str = "effort_controller"
    ros2_control_joints: tuple[str, ...] = ()
    ros2_control_state_topic: str = "/joint_state_broadcaster/joint_states"
    ros2_control_state_timeout: float = 0.1
    watchdog_grace: float = 1.0
    real_time_factor: float = 0.0
    marker_every: int = 0
    tf: str = "all"
    constraint_every: int = 1
    measurement_noise: tuple[float, float, float] = (0.0, 0.0, 0.0)
    measurement_noise_seed: int = 0
    state_log: str = ""
    topic_log: str = ""

    @property
    def dt(self) -> float:
        """The plant step (s)."""
        return self.dt_ns * 1e-9

    @property
    def lockstep_timeout(self) -> float:
        """The former name of :attr:`watchdog_timeout`."""
        return self.watchdog_timeout


# ---------------------------------------------------------------------- validation (no ROS)
def _choice(values: Mapping[str, Any], name: str, choices: tuple[str, ...]) -> str:
    value = values.get(name, PARAMETERS[name][0])
    if not isinstance(value, str) or value not in choices:
        raise ConfigError(f"parameter {name}: {value!r} is not one of {list(choices)}")
    return value


def _positive(values: Mapping[str, Any], name: str) -> float:
    value = values.get(name, PARAMETERS[name][0])
    ok = isinstance(value, int | float) and not isinstance(value, bool)
    if not ok or not (math.isfinite(value) and value > 0):
        raise ConfigError(f"parameter {name}: {value!r} is not a positive finite number")
    return float(value)


def _numbers(values: Mapping[str, Any], name: str) -> list[float]:
    value = values.get(name, PARAMETERS[name][0])
    if value is None:
        value = []
    # an empty array default arrives as bytes from rclpy; ints are accepted for convenience
    if not all(isinstance(x, int | float) and not isinstance(x, bool) for x in value):
        raise ConfigError(f"parameter {name}: {value!r} is not a list of numbers")
    out = [float(x) for x in value]
    for i, x in enumerate(out):
        if not math.isfinite(x):
            raise ConfigError(f"parameter {name}: element {i} is {x}")
    return out


def _strings(values: Mapping[str, Any], name: str) -> list[str]:
    value = values.get(name) or []
    if isinstance(value, str) or not all(isinstance(x, str) for x in value):
        raise ConfigError(f"parameter {name}: {value!r} is not a list of strings")
    return list(value)


def check_parameters(values: Mapping[str, Any]) -> dict[str, Any]:
    """Validate the parameters that do not depend on the robot.

    Parameters
    ----------
    values : mapping
        Parameter name -> value (missing names take their defaults).

    Returns
    -------
    dict
        ``plant``, ``mode``, ``integrator``, ``<kind>_limit_mode`` (str), ``rate``,
        ``watchdog_timeout``, ``watchdog_grace``, ``real_time_factor``, ``max_command_age``,
        ``diagnostic_period`` (float), ``dt_ns`` (int), ``publish_clock``
        (bool), ``clock_every``, ``marker_every``, ``constraint_every`` (int).

    Raises
    ------
    ConfigError
        Naming the parameter and its value.
    """
    out = {
        "plant": _choice(values, "plant", PLANTS),
        "mode": _choice(values, "mode", MODES),
        "integrator": _choice(values, "integrator", INTEGRATORS),
        "mujoco_geometry": _choice(values, "mujoco_geometry", GEOMETRIES),
        "rate": _positive(values, "rate"),
        "max_command_age": _positive(values, "max_command_age"),
        "diagnostic_period": _positive(values, "diagnostic_period"),
    }
    for kind in LIMIT_KINDS:
        out[f"{kind}_limit_mode"] = _choice(values, f"{kind}_limit_mode", LIMIT_MODES)
    legacy = values.get("lockstep_timeout", 0.0)
    ok = isinstance(legacy, int | float) and not isinstance(legacy, bool)
    if not ok or not (math.isfinite(legacy) and legacy >= 0):
        raise ConfigError(
            f"parameter lockstep_timeout: {legacy!r} is not a positive finite number "
            "(0: unset, watchdog_timeout applies)"
        )
    if legacy > 0:
        out["watchdog_timeout"] = float(legacy)
    else:
        out["watchdog_timeout"] = _positive(values, "watchdog_timeout")
    grace = values.get("watchdog_grace", PARAMETERS["watchdog_grace"][0])
    if isinstance(grace, bool) or not isinstance(grace, int | float) or not grace >= 0.0:
        raise ConfigError(f"parameter watchdog_grace: {grace!r} is not a number >= 0 (s)")
    out["watchdog_grace"] = float(grace)
    if out["plant"] == "ros2_control" and out["mode"] != "realtime":
        raise ConfigError(
            f"parameter mode: {out['mode']!r} with plant 'ros2_control'; the bridge runs on the "
            "robot's clock and needs mode 'realtime'"
        )
    factor = values.get("real_time_factor", PARAMETERS["real_time_factor"][0])
    if (
        isinstance(factor, bool)
        or not isinstance(factor, int | float)
        or not (math.isfinite(factor) and factor >= 0.0)
    ):
        raise ConfigError(
            f"parameter real_time_factor: {factor!r} is not a finite number >= 0 (plant s per "
            "wall s; 0: unpaced)"
        )
    if factor > 0.0 and out["mode"] == "realtime":
        raise ConfigError(
            f"parameter real_time_factor: {factor!r} with mode 'realtime', which steps on the "
            "wall clock already (1 plant s per wall s); it paces a lockstep plant (0 here)"
        )
    out["real_time_factor"] = float(factor)
    dt_ns = round(_NS / out["rate"])
    if dt_ns < 1:
        raise ConfigError(f"parameter rate: {out['rate']!r} Hz gives a step under 1 ns")
    out["dt_ns"] = dt_ns
    clock = values.get("publish_clock", PARAMETERS["publish_clock"][0])
    if not isinstance(clock, bool):
        raise ConfigError(f"parameter publish_clock: {clock!r} is not true or false")
    out["publish_clock"] = clock
    out["tf"] = _choice(values, "tf", TF_MODES)
    log = values.get("state_log", PARAMETERS["state_log"][0])
    if not isinstance(log, str):
        raise ConfigError(f"parameter state_log: {log!r} is not a file path (string)")
    out["state_log"] = log
    topics = values.get("topic_log", PARAMETERS["topic_log"][0])
    if not isinstance(topics, str):
        raise ConfigError(f"parameter topic_log: {topics!r} is not a file path (string)")
    out["topic_log"] = topics
    period = values.get("clock_period", PARAMETERS["clock_period"][0])
    if isinstance(period, bool) or not isinstance(period, (int, float)) or not period >= 0.0:
        raise ConfigError(f"parameter clock_period: {period!r} is not a number >= 0 (s)")
    out["clock_every"] = max(1, round(period * _NS / dt_ns))
    markers = values.get("marker_rate", PARAMETERS["marker_rate"][0])
    if isinstance(markers, bool) or not isinstance(markers, (int, float)) or not markers >= 0.0:
        raise ConfigError(f"parameter marker_rate: {markers!r} is not a number >= 0 (Hz)")
    if not math.isfinite(markers):
        raise ConfigError(f"parameter marker_rate: {markers!r} is not finite (Hz)")
    out["marker_every"] = max(1, round(out["rate"] / markers)) if markers > 0 else 0
    forces = values.get("constraint_force_rate", PARAMETERS["constraint_force_rate"][0])
    if (
        isinstance(forces, bool)
        or not isinstance(forces, (int, float))
        or not (forces >= 0.0 and math.isfinite(forces))
    ):
        raise ConfigError(
            f"parameter constraint_force_rate: {forces!r} is not a finite number >= 0 (Hz)"
        )
    out["constraint_every"] = max(1, round(out["rate"] / forces)) if forces > 0 else 1
    noise = _numbers(values, "measurement_noise")
    if noise and (len(noise) != 3 or min(noise) < 0.0):
        raise ConfigError(
            f"parameter measurement_noise: {noise} is not 3 standard deviations >= 0 "
            "[position, velocity, effort]"
        )
    if any(noise) and out["plant"] not in ("simulated", "mujoco", "mock"):
        raise ConfigError(
            f"parameter measurement_noise: {noise} on plant {out['plant']!r}; noise is simulated "
            "on the simulated plants only (a real robot's sensors have their own)"
        )
    out["measurement_noise"] = tuple(noise) if noise else (0.0, 0.0, 0.0)
    seed = values.get("measurement_noise_seed", PARAMETERS["measurement_noise_seed"][0])
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise ConfigError(f"parameter measurement_noise_seed: {seed!r} is not an integer >= 0")
    out["measurement_noise_seed"] = seed
    return out


@dataclass(frozen=True)
class _Order:
    """One of the model's name lists (coordinates, velocities or actuators) and, for each of
    its names, the position in the list the parameters are given in."""

    names: tuple[str, ...]  # the model's order
    given: list[str]  # the parameters' order
    order: np.ndarray  # for each model name, its index in `given`


def _orders(values: Mapping[str, Any], model) -> tuple[_Order, _Order, _Order]:
    """The orders of the position (nq), velocity (nv) and actuator (nu) parameters.

    ``joint_names`` empty: each list in the model's own order. Given: a permutation of the
    model's names, which must then be one list for coordinates, velocities and actuators.
    """
    lists = (
        tuple(model.coordinate_names),
        tuple(model.velocity_names),
        tuple(model.actuator_names),
    )
    given = _strings(values, "joint_names")
    if not given:
        return tuple(_Order(x, list(x), np.arange(len(x))) for x in lists)  # type: ignore[return-value]
    if not lists[0] == lists[1] == lists[2]:
        raise ConfigError(
            f"parameter joint_names: {given} given, but the model's coordinates "
            f"{list(lists[0])}, velocities {list(lists[1])} and actuators {list(lists[2])} "
            "differ; leave it empty and give each array in the model's order of its kind"
        )
    try:
        # for each model name, its position in the joint_names parameter
        order = JointMap(lists[0]).indices(given, field="joint_names")
    except MessageError as exc:
        raise ConfigError(f"parameter {exc}") from None
    one = _Order(lists[0], given, order)
    return one, one, one


def _per_joint(values: Mapping[str, Any], name: str, order: _Order) -> np.ndarray | None:
    """A per-joint array parameter (one value for all, or one per name in the parameters'
    order), in the model's order; None when empty."""
    n = len(order.names)
    g = _numbers(values, name)
    if not g:
        return None
    if len(g) == 1:
        g = g * n
    if len(g) != n:
        raise ConfigError(
            f"parameter {name}: {len(g)} values {g}; give one value or {n} (joints {order.given})"
        )
    return _model_order(g, order.order)


def _actuator_velocity_limit(model) -> np.ndarray | None:
    """The model's optional ``actuator_velocity_limit`` (nu, in ``actuator_names`` order), or
    None when it has none (or only inf); a ConfigError naming the actuator when unusable."""
    limit = getattr(model, "actuator_velocity_limit", None)
    if limit is None:
        return None
    limit = np.asarray(limit, dtype=float).reshape(-1)
    if limit.shape != (model.nu,):
        raise ConfigError(
            f"model '{model.name}': actuator_velocity_limit has {limit.shape[0]} values for "
            f"{model.nu} actuators {list(model.actuator_names)}"
        )
    bad = np.flatnonzero(~(limit > 0.0))
    if bad.size:
        k = int(bad[0])
        raise ConfigError(
            f"model '{model.name}': actuator_velocity_limit of '{model.actuator_names[k]}' is "
            f"{limit[k]}, expected > 0 (inf for none)"
        )
    return None if np.all(np.isinf(limit)) else _frozen(limit)


def _square_actuation(model, poses: np.ndarray) -> bool:
    """nu = nq = nv and S(q) well conditioned (σ_min > 1e-9 σ_max) at every pose checked: the
    soft limits may then act on τ = Sᵀ u (:mod:`modyn_hardware.safety`)."""
    if not model.nu == model.nq == model.nv:
        return False
    try:
        s = np.asarray(model.actuation_matrix(poses), dtype=float)
        sv = np.linalg.svd(s, compute_uv=False)
    except (ModynError, np.linalg.LinAlgError, ValueError):
        return False  # not defined everywhere the hold may start: keep the joint-only rules
    return bool(np.all(sv[..., -1] > 1e-9 * sv[..., 0]))


def validate_config(values: Mapping[str, Any], model) -> Config:
    """All parameters, checked against ``model`` (a :class:`modyn_model.MechanismModel`);
    arrays reordered to the model's orders.

    Raises
    ------
    ConfigError
        Naming the parameter and its value: unknown choice, non-positive rate or timeout,
        ``joint_names`` not a permutation of the model's joints, ``initial_positions`` of the
        wrong length or non-finite, gains of the wrong length or negative, limits of the wrong
        length, not positive, or with lower >= upper.
    """
    scalars = check_parameters(values)
    q_order, v_order, u_order = _orders(values, model)
    nq = model.nq
    q0 = _numbers(values, "initial_positions")
    if not q0:  # the model's reference configuration: zeros for an arm, unit quaternions
        q0 = [float(x) for x in np.asarray(model.neutral(), dtype=float)[np.argsort(q_order.order)]]
    if len(q0) != nq:
        raise ConfigError(
            f"parameter initial_positions: {len(q0)} values {q0} for {nq} joints {q_order.given}"
        )
    gains = {}
    for name in ("hold_kp", "hold_kd"):
        g = _per_joint(values, name, v_order)
        if g is not None and g.min() < 0:
            raise ConfigError(
                f"parameter {name}: {g[np.argsort(v_order.order)].tolist()} has a negative gain"
            )
        gains[name] = g
    damping_ratio = _positive(values, "hold_damping_ratio")
    dt = scalars["dt_ns"] * 1e-9
    # neither gain given: the mass-matrix hold, its bandwidth checked at the plant rate
    bandwidth, note = check_mass_matrix_hold(_positive(values, "hold_bandwidth"), damping_ratio, dt)
    matrix = gains["hold_kp"] is None and gains["hold_kd"] is None
    notes = [note] if note is not None and matrix else []
    # the hold may start anywhere: gains and checks over q0 and poses spread over the range
    initial = _model_order(q0, q_order.order)
    poses = sample_poses(model, initial)
    if gains["hold_kp"] is None or gains["hold_kd"] is None:
        kp_model, kd_model = default_hold_gains(model, poses, bandwidth, damping_ratio)
        source = "default" if matrix else "configured/default"
        gains["hold_kp"] = kp_model if gains["hold_kp"] is None else gains["hold_kp"]
        gains["hold_kd"] = kd_model if gains["hold_kd"] is None else gains["hold_kd"]
    else:
        source = "configured"
    hold = check_hold_gains(model, gains["hold_kp"], gains["hold_kd"], dt, poses, given=source)
    if matrix:  # the per-joint defaults' cap is part of their rule: said at start, no warning
        hold_notes = [n for n in hold.notes if n.startswith("safe hold: the coupled")]
    else:
        hold_notes = list(hold.notes)
    stiff = damping_stiffness(model, dt, poses, EXPLICIT_BOUNDS["semi_implicit_euler"])
    arrays = {}
    for name, model_value, order in (
        ("effort_limit", model.effort_limit, u_order),
        ("velocity_limit", model.velocity_limit, v_order),
        ("position_lower", model.lower, q_order),
        ("position_upper", model.upper, q_order),
    ):
        given = _per_joint(values, name, order)
        if given is not None and name in ("effort_limit", "velocity_limit") and given.min() <= 0:
            raise ConfigError(f"parameter {name}: {_numbers(values, name)} has a value <= 0")
        arrays[name] = given if given is not None else _frozen(model_value)
    crossed = arrays["position_lower"] >= arrays["position_upper"]
    if crossed.any():
        i = int(np.flatnonzero(crossed)[0])
        raise ConfigError(
            f"parameter position_lower/position_upper: joint '{q_order.names[i]}' has lower "
            f"{arrays['position_lower'][i]} >= upper {arrays['position_upper'][i]}"
        )
    bridge_joints = _strings(values, "ros2_control_joints") or list(u_order.names)
    try:
        JointMap(u_order.names).indices(bridge_joints, field="ros2_control_joints")
    except MessageError as exc:
        raise ConfigError(f"parameter {exc}") from None
    controller = values.get("ros2_control_controller", PARAMETERS["ros2_control_controller"][0])
    topic = values.get("ros2_control_state_topic", PARAMETERS["ros2_control_state_topic"][0])
    for name, text in (
        ("ros2_control_controller", controller),
        ("ros2_control_state_topic", topic),
    ):
        if not isinstance(text, str) or not text:
            raise ConfigError(f"parameter {name}: {text!r} is not a non-empty string")
    limits = Limits(
        joint_names=q_order.names,
        lower=arrays["position_lower"],
        upper=arrays["position_upper"],
        velocity=arrays["velocity_limit"],
        effort=arrays["effort_limit"],
        effort_mode=scalars["effort_limit_mode"],
        velocity_mode=scalars["velocity_limit_mode"],
        position_mode=scalars["position_limit_mode"],
        velocity_names=v_order.names,
        actuator_names=u_order.names,
        actuator_velocity=_actuator_velocity_limit(model),
        square=_square_actuation(model, poses),
    )
    problem = soft_limit_problem(limits)
    if problem is not None:
        raise ConfigError(f"parameter {problem}")
    return Config(
        initial_positions=initial,
        hold_kp=hold.kp,
        hold_kd=hold.kd,
        hold_matrix=matrix,
        hold_bandwidth=bandwidth,
        hold_damping_ratio=damping_ratio,
        hold_notes=(*notes, *hold_notes),
        hold_capped=hold.adjusted if matrix else (),
        stiff_damping=tuple(stiff),
        robot_description=values.get("robot_description") or "",
        limits=limits,
        ros2_control_controller=controller,
        ros2_control_joints=tuple(bridge_joints),
        ros2_control_state_topic=topic,
        ros2_control_state_timeout=_positive(values, "ros2_control_state_timeout"),
        **scalars,
    )


def _model_order(values: list[float], order: np.ndarray) -> np.ndarray:
    out = np.asarray(values, dtype=float)[order]
    out.flags.writeable = False
    return out


def _frozen(values) -> np.ndarray:
    out = np.array(values, dtype=float)
    out.flags.writeable = False
    return out


def mujoco_urdf_source(description: str) -> str:
    """The URDF (XML text or file path) the MuJoCo plant builds from ``robot_description``: the
    text itself when it is a URDF, the ``file`` / ``xml`` of a ``kind: urdf`` mechanism file
    (e.g. a floating robot with contacts, config/mechanisms/); ConfigError otherwise."""
    if description.lstrip().startswith("<"):
        return description
    import yaml

    try:
        data = load_yaml(description)
    except yaml.YAMLError as exc:
        raise ConfigError(f"parameter robot_description: neither a URDF nor YAML: {exc}") from None
    if isinstance(data, dict) and data.get("kind") == "urdf":
        for key in ("xml", "file"):
            if isinstance(data.get(key), str):
                return data[key]
    kind = data.get("kind") if isinstance(data, dict) else None
    raise ConfigError(
        f"parameter plant: 'mujoco' needs a URDF: robot_description is a mechanism file of kind "
        f"{kind!r}; only 'kind: urdf' (with file or xml) gives one"
    )


def make_plant(config: Config, model) -> Plant:
    """The plant named by ``config.plant``, at ``config.initial_positions``, at rest.

    Raises
    ------
    ConfigError
        The plant cannot be built (e.g. MuJoCo missing or rejecting ``robot_description``).
    """
    if config.plant == "simulated":
        return SimulatedPlant(model, config.integrator, q0=config.initial_positions)
    if config.plant == "mock":
        return MockPlant(model.coordinate_names, q0=config.initial_positions)
    if getattr(model, "actuator_dynamics", None) is not None:
        # actuators with states of their own (the space manipulator's VSCMGs): only the
        # built-in plant integrates them; another plant would apply none of their torque
        raise ConfigError(
            f"parameter plant: '{config.plant}' does not integrate the actuator dynamics of "
            f"model '{model.name}' (actuators {list(model.actuator_dynamics.names)}); use "
            "plant: simulated")
    if config.plant == "mujoco" and spanning_tree_of(model) is not None:
        # a closed mechanism in its own coordinates (e.g. the Stewart platform): MuJoCo runs
        # the URDF tree + closures the model gives (mujoco_spanning), not robot_description
        try:
            return SpanningTreePlant(
                model,
                config.integrator,
                q0=config.initial_positions,
                geometry=config.mujoco_geometry,
            )
        except PlantError as exc:
            raise ConfigError(f"parameter plant: 'mujoco': {exc}") from None
    if config.plant == "mujoco" and mujoco_export_of(model) is not None:
        # a mechanism that writes its own MJCF (e.g. elastic joints: rotor joints and spring
        # tendons, mujoco_exported), not a URDF tree: MuJoCo runs that export
        try:
            return ExportedModelPlant(model, config.integrator, q0=config.initial_positions)
        except PlantError as exc:
            raise ConfigError(f"parameter plant: 'mujoco': {exc}") from None
    if config.plant == "mujoco":
        if not config.robot_description:
            raise ConfigError("parameter robot_description: the mujoco plant needs the URDF")
        try:
            return MujocoPlant(
                model,
                mujoco_urdf_source(config.robot_description),
                config.integrator,
                q0=config.initial_positions,
                geometry=config.mujoco_geometry,
            )
        except PlantError as exc:
            raise ConfigError(f"parameter plant: 'mujoco': {exc}") from None
    if config.plant == "ros2_control":  # needs bind(node) before use: the node does it
        return Ros2ControlBridge.from_config(model, config)
    raise ConfigError(f"parameter plant: {config.plant!r} is not one of {list(PLANTS)}")
