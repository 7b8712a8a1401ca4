"""The ``hardware_interface`` node: one Plant behind the modyn topics (docs/nodes.md).

The node publishes the plant's ``joint_states`` (sensor_msgs/JointState, position in rad or m,
velocity in rad/s or m/s, effort in N·m or N, joints in the model's order), ``/clock``
(rosgraph_msgs/Clock, plant time), the latched ``/robot_description`` and the latched
``hardware_status`` (diagnostic_msgs/DiagnosticStatus: OK, disarmed, or the latched fault, on
every change; the generator refuses goals and the controller drops its trajectories while it is
not OK); it applies the ``effort_command`` messages (sensor_msgs/JointState: ``name`` +
``effort``) it receives, within the joint limits (:mod:`modyn_hardware.safety`), and offers ``~/reset`` (std_srvs/Trigger: clear
a latched fault), ``~/reset_plant`` (Trigger: move a simulated plant back to
``initial_positions``) and ``~/enable`` (std_srvs/SetBool: arm or disarm the output).

Two modes:

* ``lockstep`` (default): plant time is t_k = k·dt, kept as integer nanoseconds so that stamps
  compare exactly. The node publishes ``joint_states`` and ``/clock`` stamped t_k and advances
  to t_{k+1} only when a command stamped t_k arrives; commands with any other stamp are counted
  as stale and ignored. Before the first command it republishes the state every
  ``watchdog_timeout`` wall seconds.
* ``realtime``: a steady wall-clock timer at ``rate`` steps the plant with the latest valid
  command; stamps are the node clock's time; late ticks are counted as deadline misses.

Safety, the same on every plant: the safe hold is τ = Q(q) + A(q_hold) [ω² (q_hold − q) − 2ζω q̇]
(the default: ``hold_bandwidth``, ``hold_damping_ratio``) or τ = Q(q) + Kp (q_hold − q) − Kd q̇
(``hold_kp``/``hold_kd`` given, checked for discrete stability at the rate by
:mod:`modyn_hardware.hold_gains`), clipped to the effort limits, computed here from the model
(gravity compensation + PD on q_hold, the measured pose when the hold began, clipped to 0.5 %
inside the position limits). It is applied

* while disarmed (``~/enable`` false; q_hold = the pose at disarm);
* before the first command (realtime; lockstep does not step then), and during a gap in the
  commands within ``watchdog_grace`` of the first one (start-up, not a fault);
* after a fault, latched until ``~/reset``: the command watchdog (no valid command for
  ``watchdog_timeout`` wall seconds once commands have started and the grace is over; time in
  which this node itself did not run does not count) or a limit in ``fault`` mode.
  In lockstep the faulted plant steps at real-time pace (one step per dt of wall time), so that
  a dead controller leaves an arm that holds in sim time as it would in reality.

Everything that can be checked without ROS is a plain function here (:func:`check_parameters`,
:func:`validate_config`, :func:`make_plant`) or in :mod:`modyn_hardware.safety`; the node
class is the thin shell around them.
"""

from __future__ import annotations

import math
import sys
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from diagnostic_msgs.msg import DiagnosticStatus, KeyValue
from rcl_interfaces.msg import ParameterDescriptor
from rclpy.clock import Clock, ClockType
from rclpy.node import Node
from rosgraph_msgs.msg import Clock as ClockMsg
from sensor_msgs.msg import JointState
from std_msgs.msg import String
from std_srvs.srv import SetBool, Trigger

from modyn_model import RobotModel
from modyn_model import algorithms as alg
from modyn_model.errors import ModynError
from modyn_ros.diagnostics import ERROR, OK, WARN, Diagnostics
from modyn_ros.joint_map import JointMap, MessageError
from modyn_ros.model_source import ModelSource, declare_model_parameters
from modyn_ros.node_main import run_node
from modyn_ros.qos import LATCHED_QOS, STATE_QOS

from .hold_gains import (
    EXPLICIT_BOUNDS,
    check_hold_gains,
    check_mass_matrix_hold,
    damping_stiffness,
    default_hold_gains,
    sample_poses,
)
from .mock_plant import MockPlant
from .mujoco_plant import GEOMETRIES, MujocoPlant
from .plant import Plant, PlantError
from .ros2_control_bridge import Ros2ControlBridge
from .safety import LIMIT_KINDS, LIMIT_MODES, LimitGuard, Limits, ReportThrottle
from .simulated import INTEGRATORS, SimulatedPlant

try:  # rclpy >= Galactic; guarded so that an older rclpy only loses the clean-exit path
    from rclpy.executors import ExternalShutdownException
except ImportError:  # pragma: no cover

    class ExternalShutdownException(Exception):  # noqa: N818 - rclpy's name
        """Stand-in for rclpy versions without it."""


__all__ = [
    "Config",
    "ConfigError",
    "HardwareInterfaceNode",
    "MODES",
    "PARAMETERS",
    "PLANTS",
    "check_parameters",
    "main",
    "make_plant",
    "validate_config",
]

NODE_NAME = "hardware_interface"
MODES = ("lockstep", "realtime")
PLANTS = ("simulated", "mujoco", "mock", "ros2_control")
#: Exit status of :func:`main` for a configuration error (bad parameter, no robot model).
#: Exit status of :func:`main` when the plant fails while running (e.g. the simulation diverged).

#: The node's own parameters: name -> (default, description). robot_description, model_extras,
#: root_link and tip_link are declared by modyn_ros.model_source.
PARAMETERS: dict[str, tuple[Any, str]] = {
    "plant": (
        "simulated",
        "which plant: 'simulated' (the built-in rigid-body simulator), 'mujoco' (MuJoCo on the "
        "same URDF, docs/plants.md), 'mock' (velocity = effort, for wiring tests) or "
        "'ros2_control' (the bridge to a forward_command_controller and a "
        "joint_state_broadcaster; realtime only)",
    ),
    "mode": (
        "lockstep",
        "'lockstep': advance one step per answered joint_states message; "
        "'realtime': step on a wall-clock timer at 'rate'",
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
        "zeros",
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
    "clock_period": (
        0.01,
        "plant seconds between /clock messages (0: every step); the nodes on sim time need no "
        "finer clock, and each /clock is a callback in every one of them",
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
_LATENCY_SAMPLES = 1024  # ring buffer of the latency percentiles (about 1 s at 1 kHz)
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

_NAME_KINDS = {"unknown": "unknown_name", "missing": "missing_joint", "repeated": "repeated_name"}


class ConfigError(ModynError):
    """A parameter that makes the node unable to start; the text names it and its value."""


@dataclass(frozen=True)
class Config:
    """The validated parameters, arrays in the model's joint order.

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
    publish_clock : bool
    clock_every : int
        /clock is published every ``clock_every`` steps (``clock_period`` / dt, at least 1).
    initial_positions : (n,) ndarray
        rad or m, model order.
    hold_kp, hold_kd : (n,) ndarray
        Per-joint safe-hold gains, model order: as given, or from the model where not given,
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
    effort_limit_mode: str = "saturate"
    velocity_limit_mode: str = "saturate"
    position_limit_mode: str = "saturate"
    limits: Limits | None = None
    ros2_control_controller: str = "effort_controller"
    ros2_control_joints: tuple[str, ...] = ()
    ros2_control_state_topic: str = "/joint_state_broadcaster/joint_states"
    ros2_control_state_timeout: float = 0.1
    watchdog_grace: float = 1.0

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
        ``watchdog_timeout``, ``watchdog_grace``, ``max_command_age`` (float), ``dt_ns`` (int), ``publish_clock``
        (bool), ``clock_every`` (int).

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
    dt_ns = round(_NS / out["rate"])
    if dt_ns < 1:
        raise ConfigError(f"parameter rate: {out['rate']!r} Hz gives a step under 1 ns")
    out["dt_ns"] = dt_ns
    clock = values.get("publish_clock", PARAMETERS["publish_clock"][0])
    if not isinstance(clock, bool):
        raise ConfigError(f"parameter publish_clock: {clock!r} is not true or false")
    out["publish_clock"] = clock
    period = values.get("clock_period", PARAMETERS["clock_period"][0])
    if isinstance(period, bool) or not isinstance(period, (int, float)) or not period >= 0.0:
        raise ConfigError(f"parameter clock_period: {period!r} is not a number >= 0 (s)")
    out["clock_every"] = max(1, round(period * _NS / dt_ns))
    return out


def _per_joint(
    values: Mapping[str, Any], name: str, n: int, names: list[str], order: np.ndarray
) -> np.ndarray | None:
    """A per-joint array parameter (one value for all or n in joint_names order), model order;
    None when empty."""
    g = _numbers(values, name)
    if not g:
        return None
    if len(g) == 1:
        g = g * n
    if len(g) != n:
        raise ConfigError(
            f"parameter {name}: {len(g)} values {g}; give one value or {n} (joints {names})"
        )
    return _model_order(g, order)


def validate_config(values: Mapping[str, Any], model: RobotModel) -> Config:
    """All parameters, checked against ``model``; arrays reordered to the model's order.

    Raises
    ------
    ConfigError
        Naming the parameter and its value: unknown choice, non-positive rate or timeout,
        ``joint_names`` not a permutation of the model's joints, ``initial_positions`` of the
        wrong length or non-finite, gains of the wrong length or negative, limits of the wrong
        length, not positive, or with lower >= upper.
    """
    scalars = check_parameters(values)
    n = model.n
    names = _strings(values, "joint_names") or list(model.joint_names)
    try:
        # for each model joint, its position in the joint_names parameter
        order = JointMap(model.joint_names).indices(names, field="joint_names")
    except MessageError as exc:
        raise ConfigError(f"parameter {exc}") from None

    q0 = _numbers(values, "initial_positions")
    if not q0:
        q0 = [0.0] * n
    if len(q0) != n:
        raise ConfigError(
            f"parameter initial_positions: {len(q0)} values {q0} for {n} joints {names}"
        )
    gains = {}
    for name in ("hold_kp", "hold_kd"):
        g = _per_joint(values, name, n, names, order)
        if g is not None and g.min() < 0:
            raise ConfigError(
                f"parameter {name}: {g[np.argsort(order)].tolist()} has a negative gain"
            )
        gains[name] = g
    damping_ratio = _positive(values, "hold_damping_ratio")
    dt = scalars["dt_ns"] * 1e-9
    # neither gain given: the mass-matrix hold, its bandwidth checked at the plant rate
    bandwidth, note = check_mass_matrix_hold(_positive(values, "hold_bandwidth"), damping_ratio, dt)
    matrix = gains["hold_kp"] is None and gains["hold_kd"] is None
    notes = [note] if note is not None and matrix else []
    # the hold may start anywhere: gains and checks over q0 and poses spread over the range
    poses = sample_poses(model, _model_order(q0, order))
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
    limits = {}
    for name, model_value in (
        ("effort_limit", model.effort_limit),
        ("velocity_limit", model.velocity_limit),
        ("position_lower", model.lower),
        ("position_upper", model.upper),
    ):
        given = _per_joint(values, name, n, names, order)
        if given is not None and name in ("effort_limit", "velocity_limit") and given.min() <= 0:
            raise ConfigError(f"parameter {name}: {_numbers(values, name)} has a value <= 0")
        limits[name] = given if given is not None else _frozen(model_value)
    crossed = limits["position_lower"] >= limits["position_upper"]
    if crossed.any():
        i = int(np.flatnonzero(crossed)[0])
        raise ConfigError(
            f"parameter position_lower/position_upper: joint '{model.joint_names[i]}' has lower "
            f"{limits['position_lower'][i]} >= upper {limits['position_upper'][i]}"
        )
    bridge_joints = _strings(values, "ros2_control_joints") or list(model.joint_names)
    try:
        JointMap(model.joint_names).indices(bridge_joints, field="ros2_control_joints")
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
    return Config(
        initial_positions=_model_order(q0, order),
        hold_kp=hold.kp,
        hold_kd=hold.kd,
        hold_matrix=matrix,
        hold_bandwidth=bandwidth,
        hold_damping_ratio=damping_ratio,
        hold_notes=(*notes, *hold_notes),
        hold_capped=hold.adjusted if matrix else (),
        stiff_damping=tuple(stiff),
        robot_description=values.get("robot_description") or "",
        limits=Limits(
            joint_names=tuple(model.joint_names),
            lower=limits["position_lower"],
            upper=limits["position_upper"],
            velocity=limits["velocity_limit"],
            effort=limits["effort_limit"],
            effort_mode=scalars["effort_limit_mode"],
            velocity_mode=scalars["velocity_limit_mode"],
            position_mode=scalars["position_limit_mode"],
        ),
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


def make_plant(config: Config, model: RobotModel) -> Plant:
    """The plant named by ``config.plant``, at ``config.initial_positions``, at rest.

    Raises
    ------
    ConfigError
        The plant cannot be built (e.g. MuJoCo missing or rejecting ``robot_description``).
    """
    if config.plant == "simulated":
        return SimulatedPlant(model, config.integrator, q0=config.initial_positions)
    if config.plant == "mock":
        return MockPlant(model.joint_names, q0=config.initial_positions)
    if config.plant == "mujoco":
        if not config.robot_description:
            raise ConfigError("parameter robot_description: the mujoco plant needs the URDF")
        try:
            return MujocoPlant(
                model,
                config.robot_description,
                config.integrator,
                q0=config.initial_positions,
                geometry=config.mujoco_geometry,
            )
        except PlantError as exc:
            raise ConfigError(f"parameter plant: 'mujoco': {exc}") from None
    if config.plant == "ros2_control":  # needs bind(node) before use: the node does it
        return Ros2ControlBridge.from_config(model, config)
    raise ConfigError(f"parameter plant: {config.plant!r} is not one of {list(PLANTS)}")


# ---------------------------------------------------------------------- the node
class HardwareInterfaceNode(Node):
    """The ``hardware_interface`` node (see the module docstring and docs/nodes.md).

    Parameters
    ----------
    node_name : str
    **kwargs
        Passed to :class:`rclpy.node.Node` (``context``, ``parameter_overrides``, ...).

    Raises
    ------
    ConfigError
        A bad parameter or no usable robot model; the error is also logged, and the node is
        destroyed before the exception leaves the constructor.

    Attributes
    ----------
    model : RobotModel
    plant : Plant
    config : Config
    counters : dict
        ``steps``, ``misses``, ``hold_steps``, ``stale``, ``rejected``, ``ignored``,
        ``faults``, ``saturated``, ``position_limited``, ``velocity_limited``,
        ``deadline_misses``.
    rejections : dict
        Rejected commands per kind (:data:`REJECTIONS`).
    fault : str or None
        The reason of the latched fault, None when there is none.
    armed : bool
    """

    def __init__(self, node_name: str = NODE_NAME, **kwargs):
        super().__init__(node_name, **kwargs)
        try:
            self._setup()
        except ConfigError as exc:
            self.get_logger().error(str(exc))
            self.destroy_node()
            raise

    # ------------------------------------------------------------------ setup
    def _declare_parameters(self) -> dict[str, Any]:
        declare_model_parameters(self)
        for name, (default, text) in PARAMETERS.items():
            # dynamically typed so that a wrong type reaches validate_config and gets a message
            # naming the parameter (and so that 'rate:=500' works as well as 500.0); read-only
            # because the node reads its parameters once, at start
            descriptor = ParameterDescriptor(description=text, dynamic_typing=True, read_only=True)
            self.declare_parameter(name, default, descriptor)
        values = {name: self.get_parameter(name).value for name in PARAMETERS}
        values["robot_description"] = self.get_parameter("robot_description").value
        return values

    def _setup(self) -> None:
        values = self._declare_parameters()
        scalars = check_parameters(values)
        if not values["robot_description"]:
            raise ConfigError(
                "parameter robot_description is required for hardware_interface (the URDF the "
                "plant runs), got an empty string"
            )
        if scalars["mode"] == "realtime" and self.get_parameter("use_sim_time").value:
            raise ConfigError(
                "parameter use_sim_time: true in realtime mode; hardware_interface is the clock "
                "source and must run on the system clock"
            )
        source = ModelSource(self)
        if source.model is None:
            raise ConfigError(
                "parameter robot_description: the URDF was rejected (see the error above)"
            )
        self.model = model = source.model
        self.config = cfg = validate_config(values, model)
        self.plant = make_plant(cfg, model)
        bind = getattr(self.plant, "bind", None)
        if callable(bind):  # a plant that talks ROS itself (the ros2_control bridge)
            bind(self)
        limits = cfg.limits
        outside = (cfg.initial_positions < limits.lower) | (cfg.initial_positions > limits.upper)
        if outside.any() and cfg.plant != "ros2_control":
            bad = [model.joint_names[i] for i in np.flatnonzero(outside)]
            self.get_logger().warning(f"initial_positions outside the position limits of {bad}")

        n = model.n
        self._realtime = cfg.mode == "realtime"
        self._dt = cfg.dt
        self._dt_ns = cfg.dt_ns
        self._jmap = JointMap(model.joint_names)
        self._data = model.make_data()  # for the safe hold's and the soft limits' gravity term
        self.counters = dict.fromkeys(
            (
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
            ),
            0,
        )
        self.rejections = dict.fromkeys(REJECTIONS, 0)
        self._throttle = ReportThrottle(1.0)
        self._guard = LimitGuard(
            limits,
            cfg.hold_kp,
            cfg.hold_kd,
            lambda q: alg.gravity(model, self._data, q),
            counts=self.counters,
        )
        # preallocated per-step buffers
        self._cmd = np.zeros(n)  # the latest accepted command, model order
        self._work = np.zeros(n)  # the command being limited and applied
        self._hold_tau = np.zeros(n)
        self._hold_tmp = np.zeros(n)
        self._hold_err = np.zeros(n)
        self._hold_A = np.zeros((n, n))  # A(q_hold) of the mass-matrix hold
        self._q_hold = np.zeros(n)
        # the hold's target range: the position limits shrunk by 0.5 % of their span (1e-3 for
        # a one-sided limit; nothing for none)
        lo, hi = limits.lower, limits.upper
        both = np.isfinite(lo) & np.isfinite(hi)
        margin = np.where(both, 0.005 * np.where(both, hi - lo, 0.0), 1e-3)
        self._hold_lo = np.where(np.isfinite(lo), lo + margin, -np.inf)
        self._hold_hi = np.where(np.isfinite(hi), hi - margin, np.inf)
        self._have_hold = False  # _q_hold is set (captured when a hold begins)

        # time, safety and state of the loop
        self._k = 0  # steps taken
        self._t_ns = 0  # lockstep plant time t_k = k dt_ns
        self._started = False  # commands are being followed: the watchdog is armed
        self._first_cmd_ns = 0  # steady time of the first followed command (watchdog_grace)
        self._grace_ns = round(cfg.watchdog_grace * _NS)
        self._in_grace_hold = False  # realtime: holding for a start-up gap (not latched)
        self._deaf_ns = 0  # realtime: time this node itself did not run since the last command
        self._deferred = False  # lockstep: a late watchdog firing was put off once
        self._fired_ns = 0  # lockstep: steady time of the watchdog timer's last firing
        self.armed = True
        self.fault: str | None = None
        self._hold_running = False  # lockstep: the real-time hold timer steps the plant
        self._plant_was_ready = False
        self._published_ns = 0  # steady time of the last joint_states (lockstep latency)
        self._cmd_rx_ns: int | None = None  # realtime: steady receipt time of the command
        self._last_stamp_ns = -1  # stamp of the latest accepted command
        self._max_age_ns = round(cfg.max_command_age * _NS)
        self._latency = np.zeros(_LATENCY_SAMPLES)  # ns
        self._latency_count = 0
        self._step_time_ns = 0  # sums since the last diagnostics report
        self._cycle_time_ns = 0
        self._cycles = 0
        self._report_steps = 0
        self._report_limited = 0
        self._report_wall = time.monotonic()

        # messages reused on every step (rclpy serialises at publish time)
        self._js = JointState()
        self._js.name = list(model.joint_names)
        self._clock_msg = ClockMsg()
        self._clock_every = cfg.clock_every

        self._pub_state = self.create_publisher(JointState, "joint_states", STATE_QOS)
        self._pub_clock = (
            self.create_publisher(ClockMsg, "/clock", 10) if cfg.publish_clock else None
        )
        self._pub_description = self.create_publisher(String, "/robot_description", LATCHED_QOS)
        self._pub_description.publish(String(data=values["robot_description"]))
        # the latched state (waiting / faulted / disarmed), for the generator and the controller
        self._pub_status = self.create_publisher(DiagnosticStatus, "hardware_status", LATCHED_QOS)
        self.create_subscription(JointState, "effort_command", self._on_command, STATE_QOS)
        self.create_service(Trigger, "~/reset", self._on_reset)
        self.create_service(Trigger, "~/reset_plant", self._on_reset_plant)
        self.create_service(SetBool, "~/enable", self._on_enable)
        steady = Clock(clock_type=ClockType.STEADY_TIME)
        self._timeout_ns = round(cfg.watchdog_timeout * _NS)
        if self._realtime:
            self._period_ns = cfg.dt_ns
            self._due_ns = time.monotonic_ns()
            self._timer = self.create_timer(cfg.dt, self._on_tick, clock=steady)
        else:
            self._timer = self.create_timer(cfg.watchdog_timeout, self._on_timeout, clock=steady)
            # a faulted plant holds at real-time pace (not one step per timeout), so a dead
            # controller leaves an arm that holds in sim time as it would in reality
            self._hold_timer = self.create_timer(cfg.dt, self._on_hold_tick, clock=steady)
            self._hold_timer.cancel()
        self.diagnostics = Diagnostics(self, self._report)
        self.get_logger().info(
            f"{cfg.plant} plant, {cfg.mode} at {cfg.rate:g} Hz (dt = {cfg.dt_ns} ns, "
            f"{cfg.integrator}), q0 = {cfg.initial_positions.tolist()}, watchdog "
            f"{cfg.watchdog_timeout:g} s, limits: effort {limits.effort_mode}, velocity "
            f"{limits.velocity_mode}, position {limits.position_mode}"
        )
        self._publish_status()
        self._log_hold_and_damping()
        if not self._realtime:
            self._publish_state(self._t_ns)

    def _log_hold_and_damping(self) -> None:
        """The safe-hold gains in use, each adjustment made for stability (warning), and the
        joints whose viscous damping an explicit integrator could not take at dt."""
        cfg, log = self.config, self.get_logger()
        for note in cfg.hold_notes:
            log.warning(note)
        per_joint = (
            f"Kp = {np.round(cfg.hold_kp, 6).tolist()}, Kd = {np.round(cfg.hold_kd, 6).tolist()} "
            f"({list(self.model.joint_names)})"
        )
        if cfg.hold_matrix:
            capped = (
                f"; capped for stability at dt: {list(cfg.hold_capped)}" if cfg.hold_capped else ""
            )
            log.info(
                f"safe hold from the model: A(q_hold) [w^2 (q_hold - q) - 2 zeta w dq/dt], "
                f"w = {cfg.hold_bandwidth:g} rad/s, zeta = {cfg.hold_damping_ratio:g}; soft "
                f"limits {per_joint}{capped}"
            )
        else:
            log.info(f"safe hold gains (also the soft limits'): {per_joint}")
        if not cfg.stiff_damping or cfg.plant in ("mock", "ros2_control"):
            return  # the mock has no damping; a real robot's damping is physics, not a scheme
        if getattr(self.plant, "implicit_damping", False):
            for note in cfg.stiff_damping:
                log.info(
                    f"{note}: explicit damping would be unstable; the {cfg.plant} plant "
                    "integrates it implicitly"
                )
        else:
            for note in cfg.stiff_damping:
                log.warning(
                    f"{note}: explicit damping is unstable there (the {cfg.plant} plant "
                    f"with integrator '{cfg.integrator}' may diverge)"
                )

    # ------------------------------------------------------------------ hot path
    def _on_command(self, msg: JointState) -> None:
        rx_ns = time.monotonic_ns()
        names, effort = msg.name, msg.effort
        try:
            order = self._jmap.indices(names)
        except MessageError as exc:
            text = str(exc)
            kind = next((k for k in ("unknown", "missing", "repeated") if k in text), "unknown")
            self._reject(_NAME_KINDS[kind], text)
            return
        if len(effort) != len(names):
            self._reject("length", f"effort: {len(effort)} values for {len(names)} joints")
            return
        for i, x in enumerate(effort):
            if not math.isfinite(x):
                kind = "nan" if math.isnan(x) else "inf"
                self._reject(kind, f"effort[{i}] is {x} (joint '{names[i]}')")
                return
        stamp = msg.header.stamp
        stamp_ns = stamp.sec * _NS + stamp.nanosec
        now_ns = self.get_clock().now().nanoseconds if self._realtime else self._t_ns
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
        if stamp_ns != self._t_ns:
            self.counters["stale"] += 1
            return
        self._record_latency(rx_ns - self._published_ns)
        self._last_stamp_ns = stamp_ns
        if self.fault is not None:  # latched: the hold timer steps the plant
            self.counters["ignored"] += 1
            return
        np.take(effort, order, out=self._work)
        if self._hold_running:
            self._hold_running = False
            self._hold_timer.cancel()
            self.get_logger().info(f"commands followed again at t = {self._t_ns * 1e-9:.3f} s")
        if not self._started:
            self._started = True
            self._first_cmd_ns = rx_ns
        tau = self._command_effort(self._work)
        self._advance(tau)
        self._cycle_time_ns += time.monotonic_ns() - rx_ns
        self._cycles += 1

    def _reject(self, kind: str, text: str) -> None:
        self.counters["rejected"] += 1
        self.rejections[kind] += 1
        skipped = self._throttle(kind)
        if skipped is not None:
            more = f" ({skipped} more of this kind since the last report)" if skipped else ""
            self.get_logger().warning(f"effort_command rejected: {text}{more}")

    def _command_effort(self, tau: np.ndarray) -> np.ndarray:
        """The effort to apply for the command ``tau`` (modified in place): the command within
        the limits, or the safe hold when disarmed or when a limit faults."""
        if not self.armed:
            return self._hold_effort()
        state = self.plant.read()
        reason = self._guard.apply(tau, state.position, state.velocity)
        if reason is not None:
            self._latch(reason)
            return self._hold_effort()
        return tau

    def _advance(self, tau: np.ndarray) -> None:
        """Apply ``tau`` over one step and publish the new state (both modes)."""
        t0 = time.perf_counter_ns()
        self.plant.write(tau)
        self.plant.step(self._dt)
        self._step_time_ns += time.perf_counter_ns() - t0
        self._k += 1
        self.counters["steps"] = self._k
        if self._realtime:
            self._publish_state(self.get_clock().now().nanoseconds)
        else:
            self._t_ns += self._dt_ns
            self._publish_state(self._t_ns)
            self._deferred = False
            if not self._hold_running:
                # the watchdog of the next step counts from this publication
                self._timer.reset()

    def _publish_state(self, stamp_ns: int) -> None:
        state = self.plant.read()
        sec, nanosec = divmod(stamp_ns, _NS)
        if self._pub_clock is not None and self._k % self._clock_every == 0:
            # /clock first, so that a subscriber's clock is never behind the state it receives
            self._clock_msg.clock.sec = sec
            self._clock_msg.clock.nanosec = nanosec
            self._pub_clock.publish(self._clock_msg)
        js = self._js
        js.header.stamp.sec = sec
        js.header.stamp.nanosec = nanosec
        js.position = state.position.tolist()
        js.velocity = state.velocity.tolist()
        js.effort = state.effort.tolist()
        self._pub_state.publish(js)
        self._published_ns = time.monotonic_ns()

    def _record_latency(self, ns: int) -> None:
        self._latency[self._latency_count % _LATENCY_SAMPLES] = ns
        self._latency_count += 1

    # ------------------------------------------------------------------ safe hold, faults
    def _capture_hold_pose(self) -> None:
        """q_hold ← the measured pose, clipped into the position limits (by a margin, so that a
        joint held after crossing a limit comes back strictly inside and ~/reset can clear a
        position fault)."""
        np.clip(self.plant.read().position, self._hold_lo, self._hold_hi, out=self._q_hold)
        if self.config.hold_matrix:
            np.copyto(self._hold_A, alg.mass_matrix(self.model, self._data, self._q_hold))
        self._have_hold = True

    def _hold_effort(self) -> np.ndarray:
        """τ = Q(q) + Kp (q_hold − q) − Kd q̇ with the configured gains, or without them
        τ = Q(q) + A(q_hold) [ω² (q_hold − q) − 2ζω q̇]; clipped to the effort limits; q_hold
        (and A(q_hold)) captured when the hold begins."""
        if not self._have_hold:
            self._capture_hold_pose()
        cfg = self.config
        state = self.plant.read()
        q, v = state.position, state.velocity
        tau, tmp = self._hold_tau, self._hold_tmp
        if cfg.hold_matrix:
            err = self._hold_err
            np.subtract(self._q_hold, q, out=err)
            err *= cfg.hold_bandwidth**2
            np.multiply(v, 2.0 * cfg.hold_damping_ratio * cfg.hold_bandwidth, out=tmp)
            err -= tmp
            np.matmul(self._hold_A, err, out=tau)
        else:
            np.subtract(self._q_hold, q, out=tau)
            tau *= cfg.hold_kp
            np.multiply(v, cfg.hold_kd, out=tmp)
            tau -= tmp
        tau += alg.gravity(self.model, self._data, q)
        self._guard.clip_effort(tau)
        return tau

    def _latch(self, reason: str) -> None:
        """Latch a fault: safe hold at the present pose until ``~/reset``."""
        if self.fault is not None:
            return
        self.fault = reason
        self.counters["faults"] += 1
        self._capture_hold_pose()
        self.get_logger().error(
            f"fault latched: {reason}; safe hold (gravity compensation + PD) at "
            f"{np.round(self._q_hold, 4).tolist()} until ~/reset"
        )
        if not self._realtime and not self._hold_running:
            self._hold_running = True
            self._timer.cancel()
            self._hold_timer.reset()
        self._publish_status()

    def _publish_status(self) -> None:
        """``hardware_status`` (latched): OK while commands can be followed, WARN disarmed,
        ERROR with the reason while a fault is latched. Published on every change of those."""
        if self.fault is not None:
            level, message = DiagnosticStatus.ERROR, f"fault latched: {self.fault}"
        elif not self.armed:
            level, message = DiagnosticStatus.WARN, "disarmed: safe hold (~/enable to arm)"
        else:
            level, message = DiagnosticStatus.OK, "armed, no fault: commands are applied"
        status = DiagnosticStatus(level=level, name=self.get_fully_qualified_name())
        status.message = message
        status.hardware_id = self.config.plant
        status.values = [
            KeyValue(key="state", value=self.state),
            KeyValue(key="fault", value=self.fault or ""),
        ]
        self._pub_status.publish(status)

    def _in_grace(self, now_ns: int) -> bool:
        """Within watchdog_grace of the first followed command: a gap is start-up, not death."""
        return now_ns - self._first_cmd_ns < self._grace_ns

    def _on_timeout(self) -> None:
        """Lockstep: no command for ``watchdog_timeout`` wall seconds."""
        now = time.monotonic_ns()
        since = now - max(self._published_ns, self._fired_ns)  # one period, unless it is late
        self._fired_ns = now
        if not self._started or self.fault is not None:
            self._publish_state(self._t_ns)  # a late subscriber gets t_k too
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
            f"watchdog: no command for step t = {self._t_ns * 1e-9:.3f} s within "
            f"{self.config.watchdog_timeout:g} s"
        )
        self._advance(self._hold_effort())

    def _on_hold_tick(self) -> None:
        """Lockstep, faulted: one safe-hold step per period."""
        self.counters["hold_steps"] += 1
        self._advance(self._hold_effort())

    def _on_tick(self) -> None:
        """Realtime: one step per timer period."""
        now = time.monotonic_ns()
        self._due_ns += self._period_ns
        late = now - self._due_ns
        if late > self._period_ns:
            self.counters["deadline_misses"] += 1
            # rcl skips the periods a late timer missed, keeping its phase: follow it
            self._due_ns += (late // self._period_ns) * self._period_ns
        if not self.plant.ready:
            if not self._plant_was_ready:
                return  # nothing measured yet: nothing to publish or to command
            self._latch(
                f"plant: no valid state for {self.config.ros2_control_state_timeout:g} s "
                "(the safe hold uses the last one)"
            )
        self._plant_was_ready = True
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
            tau = self._hold_effort()
        elif fresh:
            if not self._started:
                self._started = True
                self._first_cmd_ns = now
            if self._in_grace_hold:
                self._in_grace_hold = False
                self._have_hold = False
                self.get_logger().info("commands followed again")
            np.copyto(self._work, self._cmd)  # limited anew at each tick's state
            tau = self._command_effort(self._work)
        elif self._started and self._in_grace(now):
            # start-up (watchdog_grace): hold, as before the first command, without a fault
            if not self._in_grace_hold:
                self._in_grace_hold = True
                self._have_hold = False  # hold where the arm is now
                self.get_logger().warning(
                    f"no command for {(now - self._cmd_rx_ns) * 1e-9:.3f} s during the start-up "
                    f"grace ({self.config.watchdog_grace:g} s): safe hold until commands resume"
                )
            tau = self._hold_effort()
        elif self._started:
            self.counters["misses"] += 1
            age = (now - self._cmd_rx_ns) * 1e-9
            self._latch(
                f"watchdog: no command for {age:.3f} s (watchdog_timeout "
                f"{self.config.watchdog_timeout:g} s)"
            )
            tau = self._hold_effort()
        else:  # before the first command the hold is the normal start-up, not a fault
            tau = self._hold_effort()
        self._advance(tau)
        self._cycle_time_ns += time.monotonic_ns() - now
        self._cycles += 1

    def on_shutdown(self) -> None:
        """Called once by run_node when the node stops (signal or error), before it is
        destroyed: a plant that outlives this process (the ros2_control bridge, which has a
        ``stop`` method) is sent its last command, gravity compensation at the last measured
        pose, clipped to the effort limits (docs/ros2_control.md, "Stop behaviour")."""
        stop = getattr(self.plant, "stop", None)
        if not callable(stop) or not self._plant_was_ready:
            return  # a simulated plant ends with the process; a robot never heard says nothing
        q = self.plant.read().position
        tau = np.array(alg.gravity(self.model, self._data, q), dtype=float)
        self._guard.clip_effort(tau)
        acked = stop(tau)
        self.get_logger().info(
            f"stopping: last command to the robot is gravity compensation "
            f"{np.round(tau, 3).tolist()} at q = {np.round(q, 4).tolist()}"
            + ("" if acked else " (not acknowledged by every subscriber within 0.2 s)")
        )

    # ------------------------------------------------------------------ services
    def _on_reset(self, request: Trigger.Request, response: Trigger.Response) -> Trigger.Response:
        """Clear a latched fault (the plant is not moved); refused while a limit in fault mode
        is still violated or a lost plant still sends no state."""
        if self.fault is None:
            response.success = True
            response.message = "no fault latched"
            return response
        limits = self.config.limits
        kinds = [k for k in ("position", "velocity") if getattr(limits, f"{k}_mode") == "fault"]
        state = self.plant.read()
        still = self._guard.state_violation(state.position, state.velocity, kinds)
        if still is None and self._plant_was_ready and not self.plant.ready:
            still = "plant: still no valid state"
        if still is not None:
            response.success = False
            response.message = f"fault kept: {still}"
            self.get_logger().warning(response.message)
            return response
        cleared, self.fault = self.fault, None
        self._started = False  # the watchdog re-arms with the next followed command
        self._in_grace_hold = False
        self._have_hold = False
        self._cmd_rx_ns = None  # realtime: a command from before the reset is not used
        if not self._realtime:
            self._hold_running = False
            self._hold_timer.cancel()
            self._publish_state(self._t_ns)  # wait for the command of t_k, as at start
            self._timer.reset()
        self._publish_status()
        response.success = True
        response.message = (
            f"fault cleared ({cleared}); waiting for commands at t = "
            f"{self.plant_time_ns * 1e-9:.9f} s"
        )
        self.get_logger().info(response.message)
        return response

    def _on_reset_plant(
        self, request: Trigger.Request, response: Trigger.Response
    ) -> Trigger.Response:
        """Move a simulated plant back to ``initial_positions`` at rest; time continues."""
        q0 = self.config.initial_positions
        try:
            self.plant.reset(q0)
        except PlantError as exc:
            response.success = False
            response.message = f"reset_plant refused: {exc}"
            self.get_logger().warning(response.message)
            return response
        self._have_hold = False  # a hold continues at the reset pose, not the old one
        if not self._realtime:
            self._publish_state(self._t_ns)  # the state at t_k changed: tell the controller
            if not self._hold_running:
                self._timer.reset()  # and give it a full watchdog_timeout to answer
        response.success = True
        response.message = f"plant reset to initial_positions {q0.tolist()}" + (
            f" at t = {self._t_ns * 1e-9:.9f} s" if not self._realtime else ""
        )
        self.get_logger().info(response.message)
        return response

    def _on_enable(self, request: SetBool.Request, response: SetBool.Response) -> SetBool.Response:
        """Arm (true) or disarm (false) the output; disarmed, the safe hold is applied."""
        if request.data:
            if self.fault is not None:
                response.success = False
                response.message = f"not armed: fault latched ({self.fault}); call ~/reset first"
                return response
            if not self.armed:
                self.armed = True
                self._have_hold = False
            response.message = "armed: commands are applied"
        else:
            if self.armed:
                self.armed = False
                self._capture_hold_pose()
            response.message = (
                f"disarmed: safe hold at {np.round(self._q_hold, 4).tolist()}"
                if self._have_hold
                else "disarmed"
            )
        response.success = True
        self.get_logger().info(response.message)
        self._publish_status()
        return response

    # ------------------------------------------------------------------ state, diagnostics
    @property
    def state(self) -> str:
        """``faulted``, ``disarmed``, ``following`` or ``waiting``."""
        if self.fault is not None:
            return "faulted"
        if not self.armed:
            return "disarmed"
        return "following" if self._started else "waiting"

    @property
    def plant_time_ns(self) -> int:
        """Lockstep plant time t_k (ns); realtime: steps × dt."""
        return self._t_ns if not self._realtime else self._k * self._dt_ns

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

    def _report(self) -> tuple[int, str, dict]:
        now = time.monotonic()
        steps = self._k
        elapsed = max(now - self._report_wall, 1e-9)
        taken = steps - self._report_steps
        step_us = self._step_time_ns / taken * 1e-3 if taken else math.nan
        cycle_us = self._cycle_time_ns / self._cycles * 1e-3 if self._cycles else math.nan
        p50, p99 = self.latency_percentiles()
        c = self.counters
        limited = c["saturated"] + c["position_limited"] + c["velocity_limited"]
        values = {
            "mode": self.config.mode,
            "plant": self.config.plant,
            "integrator": self.config.integrator,
            "state": self.state,
            "armed": self.armed,
            "fault": self.fault or "",
            "watchdog_timeout": self.config.watchdog_timeout,
            "plant_time": f"{self.plant_time_ns * 1e-9:.6f}",
            "steps": steps,
            "steps_per_second": f"{taken / elapsed:.1f}",
            "step_time_us": f"{step_us:.1f}",
            "cycle_time_us": f"{cycle_us:.1f}",
            **{k: v for k, v in c.items() if k != "steps"},
            **{f"rejected_{k}": v for k, v in self.rejections.items()},
            "latency_p50_us": f"{p50:.1f}",
            "latency_p99_us": f"{p99:.1f}",
        }
        plant_values = getattr(self.plant, "diagnostics", None)
        if callable(plant_values):
            values.update(plant_values())
        new_limits = limited - self._report_limited
        self._report_wall, self._report_steps, self._report_limited = now, steps, limited
        self._step_time_ns = self._cycle_time_ns = self._cycles = 0
        if self.fault is not None:
            return ERROR, f"fault latched: {self.fault} (~/reset clears it)", values
        if not self.armed:
            return WARN, "disarmed: safe hold (~/enable to arm)", values
        if new_limits:
            return WARN, f"limits enforced on {new_limits} steps in the last period", values
        if self.state == "waiting":
            held = " (safe hold)" if self._realtime else ""
            return OK, f"waiting for the first effort command{held}", values
        return OK, "following effort commands", values


# ---------------------------------------------------------------------- entry point
def main(args: list[str] | None = None) -> int:
    """Run the node until shutdown. Exit status 2 on a configuration error (logged by the node,
    naming the parameter), 1 if the plant fails (e.g. the simulation diverges)."""
    return run_node(
        HardwareInterfaceNode,
        NODE_NAME,
        args,
        config_errors=(ConfigError,),
        runtime_errors=(PlantError,),
    )


if __name__ == "__main__":
    sys.exit(main())
