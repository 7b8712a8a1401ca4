"""The laws by name, built from one set of settings (what the feedback_controller exposes).

:func:`make_law` maps the node's ``law`` parameter to a class and the other parameters to its
arguments:

================== ============================== =====================================
law                class                          gains used
================== ============================== =====================================
pd_feedforward     :class:`PDFeedforward`         kp, kd (+ τ_ff if feedforward)
pid                :class:`JointPID` [9.5]        kp, kd, ki, integral_limit
pd_gravity         :class:`PDGravity` [9.12]      kp, kd
computed_torque    :class:`ComputedTorque` [9.22] omega, zeta (K_p = ω², K_d = 2ζω;
                                                  with integral_action: (s+ω)(s²+2ζωs+ω²));
                                                  base_feedback (floating base)
predictive         :class:`PredictiveControl`     omega, zeta, integral_action
                   [9.31]
task_pid           :class:`TaskPID` [9.17]        task_kp, task_kd, task_ki
task_computed_     :class:`TaskComputedTorque`    omega, zeta (one value, or one per
torque             [9.33]                         task row)
elastic_joint      :class:`ElasticJointControl`   omega, zeta (motor PD J ω², 2ζωJ),
                   (elastic-joint models)         feedforward
rigid_computed_    :class:`RigidComputedTorque`   omega, zeta (the rigid limit's [9.22]
torque             (elastic-joint models)         on the links)
================== ============================== =====================================
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .computed_torque import ComputedTorque, PredictiveControl
from .elastic_joint import ElasticJointControl, RigidComputedTorque
from .joint_pid import JointPID, PDFeedforward
from .law_base import ControlLaw
from .laws import ControlError
from .pd_gravity import PDGravity
from .task_space import TaskComputedTorque, TaskPID

__all__ = ["LAW_NAMES", "MECHANISM_LAW_NAMES", "ALL_LAW_NAMES", "LawSettings", "make_law"]

LAW_NAMES = (
    "pd_feedforward",
    "pid",
    "pd_gravity",
    "computed_torque",
    "predictive",
    "task_pid",
    "task_computed_torque",
)
#: laws for one kind of mechanism (its optional contract members), selectable by ``law`` like
#: the others but not for every model: elastic_joint, rigid_computed_torque (docs/elastic.md)
MECHANISM_LAW_NAMES = ("elastic_joint", "rigid_computed_torque")
#: every name ``make_law`` (and the feedback controller's ``law``) accepts
ALL_LAW_NAMES = LAW_NAMES + MECHANISM_LAW_NAMES


@dataclass
class LawSettings:
    """Every setting a law may use (units: see each class). Lists: 1 value or one per joint
    (per task row for the task gains)."""

    kp: list = field(default_factory=lambda: [400.0])
    kd: list = field(default_factory=lambda: [40.0])
    ki: list = field(default_factory=lambda: [0.0])
    omega: list = field(default_factory=lambda: [10.0])
    zeta: list = field(default_factory=lambda: [1.0])
    task_kp: list = field(default_factory=lambda: [2000.0])
    task_kd: list = field(default_factory=lambda: [100.0])
    task_ki: list = field(default_factory=lambda: [0.0])
    task_frame: str = ""
    task_rows: list = field(default_factory=list)
    integral_limit: list = field(default_factory=list)  # empty: no clamp but the effort limit
    effort_limit: list = field(default_factory=list)  # empty: no saturation
    feedforward: bool = True
    integral_action: bool = False  # computed_torque / predictive: K_I ∫e on w
    observer_bandwidth: list = field(default_factory=list)  # computed_torque / predictive: K_o
    # computed_torque / task_computed_torque: the friction Γf of Ĥ at q̇_d ("desired") or at
    # the measured q̇ ("measured", [9.22] as written); modyn_control.friction says why
    friction_velocity: str = "desired"
    # computed_torque on a floating-base model: the base rows of [9.22] as written ("full") or
    # the base PD on M_bb plus the planned coupling only ("decoupled"; computed_torque.py)
    base_feedback: str = "full"


def _opt(values):
    """None for an empty setting (lists or arrays)."""
    return None if values is None or len(values) == 0 else values


def make_law(name: str, model, s: LawSettings) -> ControlLaw:
    """A new law ``name`` for ``model`` with the settings ``s``; ControlError names the problem."""
    limit = _opt(s.effort_limit)
    if name == "pd_feedforward":
        return PDFeedforward(model, s.kp, s.kd, s.feedforward, limit)
    if name == "pid":
        return JointPID(model, s.kp, s.kd, s.ki, _opt(s.integral_limit), None, True, limit)
    if name == "pd_gravity":
        return PDGravity(model, s.kp, s.kd, effort_limit=limit)
    if name in ("computed_torque", "predictive"):
        cls = ComputedTorque if name == "computed_torque" else PredictiveControl
        return cls(
            model,
            s.omega,
            s.zeta,
            effort_limit=limit,
            integral=s.integral_action,
            observer_bandwidth=_opt(s.observer_bandwidth),
            friction_velocity=s.friction_velocity,
            base_feedback=s.base_feedback,
        )
    if name in ("task_pid", "task_computed_torque"):
        frame = s.task_frame or _tip_frame(model)
        if name == "task_pid":
            return TaskPID(
                model,
                frame,
                s.task_kp,
                s.task_kd,
                s.task_ki,
                _opt(s.task_rows),
                integral_limit=_opt(s.integral_limit),
                effort_limit=limit,
            )
        return TaskComputedTorque(
            model,
            frame,
            s.omega,
            s.zeta,
            _opt(s.task_rows),
            effort_limit=limit,
            observer_bandwidth=_opt(s.observer_bandwidth),
            friction_velocity=s.friction_velocity,
        )
    if name == "elastic_joint":  # docs/elastic.md
        return ElasticJointControl(model, s.omega, s.zeta, s.feedforward, limit)
    if name == "rigid_computed_torque":
        return RigidComputedTorque(model, s.omega, s.zeta, limit, s.friction_velocity)
    raise ControlError(f"law = {name!r}: expected one of {list(ALL_LAW_NAMES)}")


def _tip_frame(model) -> str:
    """The model's default end-effector frame (``tip_frame`` of the mechanism contract)."""
    return model.tip_frame
