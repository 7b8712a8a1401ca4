"""The mechanism contract: what every model offers the nodes, laws and plants (ARCHITECTURE §3).

A mechanism has ``nq`` configuration coordinates q (named ``coordinate_names``), ``nv``
velocity coordinates v (``velocity_names``; q̇ = v except on a quaternion, where v is the
angular velocity and ``nq > nv``) and ``nu`` actuators u (``actuator_names``). Its dynamics are
written in generalized forces τ (size nv)::

    A(q) v̇ + H(q, v) = τ + τ_ext,      τ = Sᵀ(q) u          (S: nu x nv, the actuation map)

so that a control law computes τ and the model turns it into actuator forces u (and back), and a
plant integrates v̇ with :meth:`~MechanismModel.integrate`. For a plain arm q = v = joints and
S = I: ``coordinate_names == velocity_names == actuator_names``.

Nothing outside the model writes ``q1 - q0`` or ``q + v dt``: :meth:`~MechanismModel.difference`
and :meth:`~MechanismModel.integrate` (Pinocchio's ``difference``/``integrate``, which they match
for the Lie groups R^n, SO(2) and SO(3) × R³).

The nodes read messages by name: ``sensor_msgs/JointState`` positions/velocities in
``coordinate_names``/``velocity_names`` order (which coincide when nq = nv), efforts of commands in
``actuator_names`` order.

Optional members, looked up by the consumers with ``getattr`` (a capability, never a class):

* ``actuation_solve(q, tau) -> u``: the actuator forces that realise τ when more than Sᵀu takes
  part (a :class:`~modyn_model.constraints.ConstrainedModel`: Sᵀu + Jᵀλ = τ, so that a law's
  base wrench is carried by the feet; an elastic-joint model: u = τ_θ + τ_q, the links' forces
  through the springs); used by ``modyn_control.ActuatorMap`` and
  :func:`modyn_model.algorithms.actuator_forces` instead of the least squares on S;
* ``constraint_names``, ``constraint_jacobian(q)``, ``constraint_forces(q, v, tau)``,
  ``diagnostics(q, v)``: a constrained model's forces and drift, published by the plants;
* ``floating_base`` (bool): q starts with a free-flyer base (7 coordinates, 6 velocities,
  :mod:`modyn_model.floating`), which the nodes carry on ``nav_msgs/Odometry``;
* ``spanning_tree() -> SpanningTree`` (:mod:`modyn_model.constraints.spanning`): a closed
  mechanism in its own coordinates cut into a URDF tree plus closures (URDF text, the tree's
  ConstrainedModel, the state map (q, v) → tree (q, v), the tree joints carrying q, v and
  driven by each actuator); the MuJoCo plant runs such a model as that tree
  (:mod:`modyn_hardware.mujoco_spanning`; the Stewart platform);
* ``actuator_state(q, v) -> (positions (..., nu), velocities (..., nu))``: where the actuators
  are when they are not coordinates (a Stewart platform's leg lengths and rates, m and m/s);
  hardware_interface publishes them on ``actuator_states`` with the applied efforts;
* ``actuator_dynamics``: actuators with dynamics of their own (states x that no coordinate
  carries, e.g. a VSCMG cluster's gimbal angles, gimbal rates and wheel speeds commanded in
  gimbal rates and wheel accelerations; their rows of S are zero): an object with
  ``initial_state()``, ``advance(x, v, u, dt, x_out) -> (nv,)`` (x over a step with u held, and
  the generalized force they exert over it), ``stage_correction(v0, v, tau)`` (in place: the
  part of that force that depends on an integration stage's velocity), ``fill_actuator_state(x,
  positions, velocities)`` (their channels of ``actuator_state``), ``diagnostics(x) -> dict``
  and ``names``. The built-in plant integrates x with q, v and hardware_interface publishes it
  on ``actuator_states``; such a model's ``actuation_solve`` takes the keywords ``v``,
  ``actuator_state`` ((positions, velocities) by ``actuator_names``) and ``t`` (s), which the
  controller's ``ActuatorMap`` passes from the published ``actuator_states``;
* ``actuation_status -> (status, message)``: the last ``actuation_solve``'s outcome ("ok",
  "optimal", or e.g. "infeasible", "near_singular", "rate_limited"), logged and reported on
  /diagnostics by the feedback controller;
* ``actuator_segments(q) -> (..., nu, 2, 3)``: each actuator's two end points in the base frame,
  drawn by hardware_interface's ``actuator_markers``;
* ``actuator_velocity_limit`` ((nu,) ndarray, rad/s or m/s, > 0, inf for none): the actuators'
  speed limits when they are not coordinates, |S(q) v| ≤ it componentwise (a geared arm's motor
  speeds φ̇ = Aᵀ Θ̇ couple the joint rates, so no per-coordinate box says it; ``velocity_limit``
  stays the coordinates' own). The trajectory generator time-scales an untimed plan so that the
  largest sampled |(S(q) v)_k| / limit_k is 1 (warns for a timed goal that exceeds it,
  :mod:`modyn_trajectory.actuator_limits`); hardware_interface checks it with the velocity
  limits (fault: names the actuator; saturate: the velocity rule in actuator space,
  :mod:`modyn_hardware.safety`);
* ``coupled_friction`` (bool): True when the model's friction Γf(v) = ``friction_forces(v)``
  is not (only) the per-coordinate law of ``viscous``/``coulomb``/``static_friction``/
  ``stribeck_velocity``, e.g. a geared arm's motor friction Sᵀ f_m(S v), f_m(φ̇) = Fv φ̇ +
  Fc sign(φ̇) per motor (:class:`~modyn_model.mechanisms.geared.GearedModel`), which couples the
  coordinates. ``friction_forces(v)`` is then the complete Γf (the arrays' part included) and
  is what ``bias_forces``/``inverse_dynamics``/``forward_dynamics`` with ``friction=True`` use.
  The consumers take it from ``friction_forces``: the laws' friction term
  (:mod:`modyn_control.friction`, at the desired or measured velocity), the built-in plant
  (:mod:`modyn_hardware.simulated`: the viscous matrix D = ∂Γf/∂v implicit, the dry rest held
  over a step; all explicit when Γf is not viscous + Coulomb-type); the
  MuJoCo plant refuses such a model (it has only per-joint damping/frictionloss). Absent or
  False: the arrays say all;
* ``check_workspace(q) -> None``: raises :class:`~modyn_model.errors.StateError` naming what
  leaves the workspace when box limits cannot say it (a leg outside its stroke, a tilt, a
  singular pose); the trajectory generator refuses goals and plans that fail it, and the hold
  gains are sized on poses that pass it.

Every method accepts a leading batch axis on its state arguments unless stated otherwise. The
single-call, allocation-free path is :mod:`modyn_model.algorithms` over ``make_data()``.
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

import numpy as np

__all__ = [
    "MechanismModel",
    "is_mechanism_model",
    "is_vector_space",
    "is_identity_actuation",
    "coordinate_effort",
    "CONTRACT_MEMBERS",
]

#: every member a model must have (checked by :func:`is_mechanism_model` and the test suite)
CONTRACT_MEMBERS = (
    "name",
    "source",
    "coordinate_names",
    "velocity_names",
    "actuator_names",
    "nq",
    "nv",
    "nu",
    "lower",
    "upper",
    "velocity_limit",
    "effort_limit",
    "gravity_vector",
    "viscous",
    "coulomb",
    "static_friction",
    "stribeck_velocity",
    "frame_names",
    "base_frame",
    "tip_frame",
    "make_data",
    "check_state",
    "check_velocity",
    "check_actuation",
    "neutral",
    "integrate",
    "difference",
    "actuation_matrix",
    "generalized_forces",
    "actuator_forces",
    "inverse_dynamics",
    "mass_matrix",
    "bias_forces",
    "gravity",
    "coriolis_matrix",
    "forward_dynamics",
    "friction_forces",
    "kinetic_energy",
    "potential_energy",
    "frame_placement",
    "frame_jacobian",
    "frame_jacobian_dot_v",
    "frame_motion",
)


@runtime_checkable
class MechanismModel(Protocol):
    """The interface every mechanism model implements (see the module docstring).

    Attributes
    ----------
    name, source : str
        The mechanism's name and the file it came from (for messages).
    coordinate_names : tuple of str, length nq
    velocity_names : tuple of str, length nv
    actuator_names : tuple of str, length nu
    lower, upper : (nq,) ndarray
        Position limits of the coordinates (±inf when none).
    velocity_limit : (nv,) ndarray
        |v| limits (inf when none).
    effort_limit : (nu,) ndarray
        |u| limits of the actuators (N·m or N; inf when none).
    gravity_vector : (3,) ndarray
        Gravity in the world frame (m/s²).
    viscous, coulomb, static_friction, stribeck_velocity : (nv,) ndarray
        Friction of each velocity coordinate, Khalil [7.26]: Γf(v) = Fv v + Fc sign(v) +
        (Fst − Fc) sign(v) exp(−|v|/v_s) (zeros where none; v_s ≤ 0: no Stribeck term). It is
        part of H (:meth:`bias_forces` with ``friction=True``); the laws evaluate it at the
        desired velocity (modyn_control.friction) and the plants integrate it implicitly.
        A model whose friction is not per coordinate says so with the optional
        ``coupled_friction`` (module docstring); the arrays are then only part of Γf.
    """

    name: str
    source: str
    lower: np.ndarray
    upper: np.ndarray
    velocity_limit: np.ndarray
    effort_limit: np.ndarray
    gravity_vector: np.ndarray
    viscous: np.ndarray
    coulomb: np.ndarray
    static_friction: np.ndarray
    stribeck_velocity: np.ndarray

    @property
    def coordinate_names(self) -> tuple[str, ...]: ...

    @property
    def velocity_names(self) -> tuple[str, ...]: ...

    @property
    def actuator_names(self) -> tuple[str, ...]: ...

    @property
    def frame_names(self) -> tuple[str, ...]:
        """Every named frame :meth:`frame_placement` accepts."""

    @property
    def base_frame(self) -> str:
        """The world/base frame the poses are given in."""

    @property
    def tip_frame(self) -> str:
        """The default end-effector frame (task-space laws, pose goals)."""

    @property
    def nq(self) -> int: ...

    @property
    def nv(self) -> int: ...

    @property
    def nu(self) -> int: ...

    # -------------------------------------------------------------- workspace and checks
    def make_data(self):
        """A fresh workspace (:class:`~modyn_model.data.Data`) for :mod:`modyn_model.algorithms`."""

    def check_state(self, name: str, x, allow_none: bool = False) -> np.ndarray | None:
        """``x`` as a float array of shape (..., nq), finite, or :class:`StateError`."""

    def check_velocity(self, name: str, x, allow_none: bool = False) -> np.ndarray | None:
        """``x`` as a float array of shape (..., nv), finite, or :class:`StateError`."""

    def check_actuation(self, name: str, x, allow_none: bool = False) -> np.ndarray | None:
        """``x`` as a float array of shape (..., nu), finite, or :class:`StateError`."""

    # -------------------------------------------------------------- configuration space
    def neutral(self) -> np.ndarray:
        """The reference configuration (nq,): zeros, unit quaternions as (1, 0, 0, 0)."""

    def integrate(self, q, v, dt) -> np.ndarray:
        """q ⊕ v·dt (..., nq): the configuration reached moving at constant v for dt s."""

    def difference(self, q1, q0) -> np.ndarray:
        """q1 ⊖ q0 (..., nv): the constant v that takes q0 to q1 in 1 s."""

    # -------------------------------------------------------------- actuation
    def actuation_matrix(self, q) -> np.ndarray:
        """S(q) (..., nu, nv): generalized forces τ = Sᵀ u."""

    def generalized_forces(self, q, u) -> np.ndarray:
        """τ = Sᵀ(q) u (..., nv)."""

    def actuator_forces(self, q, v, a) -> np.ndarray:
        """u (..., nu) with Sᵀ u = Γ(q, v, a) (least squares when not square)."""

    # -------------------------------------------------------------- dynamics (generalized)
    def inverse_dynamics(self, q, v, a, f_ext=None, *, friction: bool = True) -> np.ndarray:
        """Γ(q, v, v̇) (..., nv)."""

    def mass_matrix(self, q) -> np.ndarray:
        """A(q) (..., nv, nv)."""

    def bias_forces(self, q, v, f_ext=None, *, friction: bool = True) -> np.ndarray:
        """H(q, v) = C v + Q (+ friction) (..., nv)."""

    def gravity(self, q) -> np.ndarray:
        """Q(q) (..., nv)."""

    def coriolis_matrix(self, q, v) -> np.ndarray:
        """C(q, v) (..., nv, nv) with Ȧ - 2C skew-symmetric."""

    def forward_dynamics(self, q, v, tau, f_ext=None, *, friction: bool = True) -> np.ndarray:
        """v̇ (..., nv) for generalized forces τ."""

    def friction_forces(self, v) -> np.ndarray:
        """Γf(v) (..., nv), the friction part of H (see the attributes)."""

    def kinetic_energy(self, q, v) -> np.ndarray:
        """½ vᵀ A(q) v (J)."""

    def potential_energy(self, q) -> np.ndarray:
        """U(q) (J), with ∂U/∂q mapped to v-space = Q(q)."""

    # -------------------------------------------------------------- frames
    def frame_placement(self, q, frame: str) -> np.ndarray:
        """4x4 pose of ``frame`` in the world frame (..., 4, 4)."""

    def frame_jacobian(self, q, frame: str) -> np.ndarray:
        """J (..., 6, nv): [linear velocity of the frame origin; angular velocity], world axes."""

    def frame_jacobian_dot_v(self, q, v, frame: str) -> np.ndarray:
        """J̇ v (..., 6): the frame's classical acceleration [ÿ; ω̇] at v̇ = 0."""

    def frame_motion(self, q, v, frame: str) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(placement (..., 4, 4), J (..., 6, nv), J̇ v (..., 6)) at once: what a task-space law
        needs each tick (a model computes them from one kinematics pass where it can)."""


def is_mechanism_model(obj) -> bool:
    """True when ``obj`` has every member of the contract (a structural check)."""
    return all(hasattr(obj, name) for name in CONTRACT_MEMBERS)


def _probe(model, seed: int = 1) -> tuple[np.ndarray, np.ndarray]:
    """A configuration away from the neutral one and a velocity, both generic."""
    rng = np.random.default_rng(seed)
    v = rng.uniform(-0.7, 0.7, model.nv)
    return np.asarray(model.integrate(model.neutral(), v, 1.0), dtype=float), v


def is_vector_space(model) -> bool:
    """True when the configuration space is R^nq: nq = nv, ``integrate(q, v, dt)`` is q + v·dt
    and ``difference(q1, q0)`` is q1 − q0 exactly at generic probe states, including steps of
    4 rad / m that a wrapping or Lie-group difference would not pass.

    Computed once by the consumers (plants, laws, the hold law) so that they may update and
    subtract coordinates in place, with no per-tick call through the model.
    """
    if model.nq != model.nv:
        return False
    q, v = _probe(model)
    dt = 0.37
    if not np.array_equal(np.asarray(model.integrate(q, v, dt)), q + v * dt):
        return False
    q0 = np.asarray(model.neutral(), dtype=float)
    for step in (0.3 * np.arange(1, model.nq + 1) / model.nq, np.full(model.nq, 4.0)):
        if not np.allclose(model.difference(q0 + step, q0), step, rtol=0.0, atol=1e-12):
            return False
    return True


def is_identity_actuation(model) -> bool:
    """True when τ = u: nu = nv and S(q) = I at the neutral configuration and at a generic probe
    one (motor i drives velocity coordinate i alone, whatever their names)."""
    if model.nu != model.nv:
        return False
    eye = np.eye(model.nv)
    return all(
        np.array_equal(np.asarray(model.actuation_matrix(q)), eye)
        for q in (model.neutral(), _probe(model)[0])
    )


def coordinate_effort(model) -> str:
    """What an ``effort`` list named by the model's coordinates (a JointTrajectory point, the
    hardware interface's ``joint_states``) carries, decided by the contract's sizes alone:

    * ``"tau"`` when S = I (an arm: u = τ), or when nu ≠ nq = nv on a model that is not a
      floating base (e.g. a quadruped with 14 motors on 8 coordinates): the generalized forces
      τ = Sᵀ(q) u (nv), one per coordinate (the nu actuator forces do not fit one name list;
      they travel on ``effort_command`` and ``actuator_states``);
    * ``"u"`` when nu = nq = nv with S ≠ I (a Stewart platform's six legs): actuator j's force
      under coordinate j, by index;
    * ``"none"`` otherwise (a floating base with its own conventions, nq ≠ nv).
    """
    if is_identity_actuation(model):
        return "tau"
    if getattr(model, "floating_base", False) or model.nq != model.nv:
        return "none"
    return "u" if model.nu == model.nq else "tau"
