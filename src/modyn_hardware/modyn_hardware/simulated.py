"""The built-in rigid-body simulator: modyn_model's direct dynamic model, integrated at a fixed
step.

The plant integrates

    A(q) q̈ + C(q, q̇) q̇ + Q(q) + D q̇ + Γd(q̇) = τ

with the model's rotor inertia in A (Khalil [7.29]) and its friction (Khalil [7.26]) split into
the viscous part D q̇ (D = diag(Fv)) and the dry part Γd = μ(q̇)·sign(q̇), μ = Fc + (Fst − Fc)
exp(−|q̇|/v_s) (the Stribeck term only where v_s > 0). The effort τ is held constant over each
step (zero-order hold, as a digital controller applies it).

Friction is the stiff part of a robot's dynamics: a viscous Fv on a light link decays the
velocity at the rate Fv/I (2 N·m·s/rad on xarm7's 1.4e-4 kg·m² wrist: 1.5e4 s⁻¹, so dt·Fv/I =
15 at 1 ms), beyond the explicit stability bounds (2 for Euler, 2.785 for RK4); and the dry
term's sign flips the velocity by dt·Fc/I each step near rest (7 rad/s on that wrist). Both are
therefore integrated implicitly or exactly, and the rest of the dynamics as before
(docs/plants.md, "Stiff friction", has the derivations):

* ``"semi_implicit_euler"``: implicit in the viscous damping, as MuJoCo's Euler integrator,
  and in the dry friction (taken at the end-of-step velocity, with stiction):

      (A + dt·D)(q̇⁺ − q̇) = dt (τ − C q̇ − Q − D q̇) − λ,   λ_j ∈ dt·μ_j(q̇)·Sgn(q̇⁺_j),
      q⁺ = q + dt q̇⁺.

  A + dt·D is the mass matrix of the model with its rotor inertias raised by dt·Fv, so the
  step is one call of that model's generated forward dynamics when no joint changes its
  stick/slip state; otherwise :func:`~modyn_hardware.implicit_friction.solve_dry_friction`
  solves for λ. Without dry friction this is exactly MuJoCo's ``mjINT_EULER`` with its
  (default) implicit Euler damping. Single damped inertia: q̇_k = q̇_0 (1 + dt Fv/I)^(−k).
* ``"rk4"``: classical RK4 with the viscous damping taken exactly by an exponential integrator
  (ETDRK4, Cox & Matthews 2002): the linear part −A(q_k)⁻¹D q̇, A frozen at the step's start,
  is integrated through the matrix functions exp(−s A⁻¹D) and φ_k(−h A⁻¹D) (from the
  generalized eigen-decomposition of (D, A)), the rest by the four stages. Fourth order;
  classical RK4 when D = 0; exact for the velocity of a damped inertia under a constant effort
  (q̇_k = q̇_∞ + (q̇_0 − q̇_∞) e^(−k dt Fv/I)), so also right at a stiff joint's terminal velocity
  τ/Fv. The dry friction is held at its start-of-step value μ(q̇)·sign(q̇) over the step when
  every joint with dry friction slides and keeps sliding the same way (smooth: fourth order). A
  step that starts with such a joint at rest, or in which one would reverse, is the implicit
  Euler step above instead: first order there, as any time stepping of stick and slip, with the
  breakaway threshold and the stiction exact.
* without any friction (or ``friction=False``), both are the plain schemes: RK4 (error O(dt⁴))
  and semi-implicit Euler (q̇ ← q̇ + dt q̈, then q ← q + dt q̇, symplectic), unchanged.

Any mechanism (:mod:`modyn_model.contract`): the state is (q, v) with nq configuration and nv
velocity coordinates, the effort written is the actuators' u (nu), and the dynamics are
A(q) v̇ + H(q, v) = τ with τ = Sᵀ(q) u (``model.generalized_forces``). Two flags are computed
once from the contract at construction:

* ``vector_space``: nq = nv and ``model.integrate(q, v, dt)`` is q + v·dt (a probe at a random
  state, to the last bit). Then the schemes above run exactly as written, on plain numpy.
  Otherwise (a quaternion, nq > nv) every configuration update goes through ``model.integrate``:
  semi-implicit Euler is q⁺ = q ⊕ h v⁺, and RK4 becomes its Lie-group form that needs only
  ``integrate`` (the commutator-free method CF4 of Celledoni, Marthinsen & Owren 2003, fourth
  order on any Lie group; on a vector space it *is* classical RK4)::

      v̇₁ = f(q, v)                          q₂ = q ⊕ h/2 v,          v₂ = v + h/2 v̇₁
      v̇₂ = f(q₂, v₂)                        q₃ = q ⊕ h/2 v₂,         v₃ = v + h/2 v̇₂
      v̇₃ = f(q₃, v₃)                        q₄ = q₂ ⊕ h (v₃ − v/2),  v₄ = v + h v̇₃
      v̇₄ = f(q₄, v₄)
      q⁺ = (q ⊕ h/12 (3v + 2v₂ + 2v₃ − v₄)) ⊕ h/12 (−v + 2v₂ + 2v₃ + 3v₄)
      v⁺ = v + h/6 (v̇₁ + 2v̇₂ + 2v̇₃ + v̇₄)

  (ETDRK4 takes its stage configurations the same way). A plain "q ⊕ h Σ bᵢvᵢ" with RK4's
  weights would be second order only: the stage velocities live in different tangent spaces.
* ``identity_actuation``: nu = nv and S = I at the neutral and at a probe configuration. Then τ
  is the written effort itself (no call); else τ = ``model.generalized_forces(q, u)`` at each
  stage's configuration (u held over the step).

Friction is not part of the contract: the implicit damping/stiction treatment reads the
per-joint parameters of a tree model (``viscous``, ``coulomb``, ``static_friction``,
``stribeck_velocity``, and ``extras``/``with_parameters`` for the Euler step's A + dt·D). A model
without them is integrated with its own ``forward_dynamics(friction=...)`` by the plain schemes
(its friction, if it has any, then explicit; ``implicit_damping`` is False). A model with the
parameters but without ``with_parameters`` is refused when its damping would need the Euler
step (a :class:`PlantError` naming the model and the integrator). The extras are matched to the
velocity coordinates by ``joint_names`` (a floating base: the joints after the six base
velocities, nq ≠ nv ≠ n), and ``with_parameters`` must return a model of the model's own type.
A model with constraints (``constraint_names``) keeps its friction inside its own constrained
``forward_dynamics`` (explicit): its v̇ is not A⁻¹(τ − H).

A model with *coupled* friction (the optional contract attribute ``coupled_friction`` True, see
:mod:`modyn_model.contract`: its Γf(v) = ``friction_forces(v)`` is not the per-coordinate law of
the arrays, e.g. a geared model's motor friction Sᵀ(Fv S v + Fc sign(S v)), URDF joint friction
included) is split from ``friction_forces`` alone: when Γf(v) = D v + Γd(v) with Γd homogeneous
of degree 0 (Coulomb-type sign laws of any linear map of v; no Stribeck term), D e_j =
Γf(2e_j) − Γf(e_j) exactly (:func:`_coupled_viscous`, confirmed on random velocities; D
symmetric positive semi-definite, Sᵀ diag(Fv) S + diag(Fv_joint) for the geared arm). D is then
taken implicitly, as above but full: semi-implicit Euler solves (A + dt·D) Δq̇ = dt (τ − C q̇ −
Q − D q̇ − Γd(q̇)) directly (no ``with_parameters`` needed), RK4 is ETDRK4 with the full D (the
generalized eigen-decomposition of (D, A) does not need D diagonal). The dry rest Γd =
Γf − D q̇ is held at its start-of-step value (explicit, no stiction solve: the dry solver works
per coordinate and a motor's friction acts on a row of S): exact over a step in which no sign
changes (RK4 stays fourth order), an O(dt) error in a step where a motor velocity (S v)_k
crosses zero, and a chatter of about dt·Fc/I_m for a motor at rest instead of stiction. When the
probe fails (a Stribeck term), the whole Γf is explicit: the plain schemes on the model's own
``forward_dynamics(friction=True)``, ``implicit_damping`` False.

Floating bases and constraints (issue 14) need nothing else: q ⊕ v is the model's
``integrate`` (SE(3) × Rⁿ for a floating base, the quaternion kept of unit norm), v̇ its
``forward_dynamics`` (a constrained model's is the KKT one with Baumgarte stabilisation).
:meth:`SimulatedPlant.diagnostics` returns the model's ``diagnostics(q, v)`` (constraint drift)
and :meth:`SimulatedPlant.constraint_forces` its ``constraint_forces(q, v, Sᵀu)``, for the
hardware interface to publish (docs/plants.md, "Floating bases and constrained models").

Actuator dynamics: a model with the optional contract member ``actuator_dynamics`` (actuators
with states x of their own, e.g. VSCMG gimbal angles, rates and wheel speeds) has x advanced at
the start of each step under the held effort by the model's ``advance(x, v, u, dt, x_out)``,
which returns the generalized force the actuators exert over the step; that force is added to
Sᵀu (held over the step, as the effort), with ``stage_correction`` applied at each stage's
velocity (the VSCMG's gyroscopic term −ω × h̄: second-order momentum conservation, tested in
tests/test_space_actuators_loop.py). :meth:`SimulatedPlant.actuator_state` returns the
actuators' published (positions, velocities) and :meth:`SimulatedPlant.diagnostics` adds the
model's ``actuators.*`` values.

Each evaluation is modyn_model's single call :func:`modyn_model.algorithms.forward_dynamics` on
preallocated state buffers. Without friction a step allocates no array of its own (only the
generated dynamics' internal float lists); with friction, the RK4 step's eigen-decomposition and
a stick/slip change's solve allocate a few n×n temporaries, and a coupled friction's step its
``friction_forces`` result (and, for Euler, the solve with A + dt·D). A mechanism that is not a vector
space allocates in ``model.integrate`` (a handful of small arrays per stage).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np

from modyn_model import ModelError
from modyn_model import algorithms as alg

from .checks import checked_vector, is_identity_actuation, is_vector_space
from .implicit_friction import solve_dry_friction
from .plant import Plant, PlantError, PlantState, checked_push

__all__ = ["SimulatedPlant", "INTEGRATORS", "is_vector_space", "is_identity_actuation"]

#: Names accepted by ``SimulatedPlant(integrator=...)``.
INTEGRATORS = ("rk4", "semi_implicit_euler")
#: the per-joint friction parameters the implicit friction treatment reads (a tree model's)
_FRICTION_FIELDS = ("viscous", "coulomb", "static_friction", "stribeck_velocity")


def _friction_parameters(model) -> dict[str, np.ndarray] | None:
    """The per-joint friction parameters (nv each) of a model that has them, else None.

    None too for a model with constraints (non-empty ``constraint_names``): its forward
    dynamics is not A⁻¹(τ − H) (the constraint forces are solved with it), so the damping
    cannot be split off through A; its own ``forward_dynamics(friction=...)`` takes it,
    explicitly."""
    if getattr(model, "constraint_names", ()):
        return None
    if getattr(model, "coupled_friction", False):
        # friction that is not per coordinate (e.g. a geared model's motor friction
        # Sᵀ f_m(S v)): the arrays hold only part of it; the plant splits the model's own
        # friction_forces(v) instead (_coupled_viscous, module docstring)
        return None
    if not all(hasattr(model, f) for f in _FRICTION_FIELDS):
        return None
    values = {f: np.asarray(getattr(model, f), dtype=float) for f in _FRICTION_FIELDS}
    if any(x.shape != (model.nv,) for x in values.values()):
        return None
    return values


def _coupled_viscous(model) -> np.ndarray | None:
    """The viscous matrix D of a model's coupled friction (``coupled_friction`` True), or None.

    A coupled Γf(v) = D v + Γd(v) whose dry part is homogeneous of degree 0 (Γd(αv) = Γd(v) for
    α > 0: Coulomb-type laws c·sign(·) of any linear map of v, e.g. a geared arm's
    Sᵀ(Fv S v + Fc sign(S v)), per-coordinate Coulomb friction included; no Stribeck term) has
    D e_j = Γf(2 e_j) − Γf(e_j) exactly. The probe is confirmed on random velocities
    (Γf(αv) − Γf(v) = (α − 1) D v, α = 2, 3, to 1e-9 relative) and D must be symmetric positive
    semi-definite (dissipative); otherwise None (the friction is then taken explicitly)."""
    n = model.nv

    def gamma(v):
        return np.asarray(model.friction_forces(v), dtype=float)

    d = np.column_stack([gamma(2.0 * e) - gamma(e) for e in np.eye(n)])
    if not np.all(np.isfinite(d)):
        return None
    scale = max(float(np.max(np.abs(d))), 1e-300)
    rng = np.random.default_rng(0)
    for v in rng.normal(size=(4, n)):
        for alpha in (2.0, 3.0):
            step = gamma(alpha * v) - gamma(v) - (alpha - 1.0) * (d @ v)
            if np.max(np.abs(step)) > 1e-9 * scale * (1.0 + alpha * np.max(np.abs(v))):
                return None
    sym = 0.5 * (d + d.T)
    if np.max(np.abs(d - sym)) > 1e-9 * scale or np.min(np.linalg.eigvalsh(sym)) < -1e-9 * scale:
        return None
    return sym


def _extras_index(model) -> np.ndarray | None:
    """The velocity coordinate of each entry of ``model.extras`` (named by ``joint_names``:
    all of v for an arm, the joints after the base for a floating base), or None when the model
    has no tree parameters (``extras`` + ``with_parameters`` returning a model of its own type:
    a wrapper that forwards them to the model inside, e.g. a constrained model, does not count)."""
    extras = getattr(model, "extras", None)
    names = getattr(model, "joint_names", None)
    if extras is None or names is None or not callable(getattr(model, "with_parameters", None)):
        return None
    velocity = tuple(model.velocity_names)
    if len(extras) != len(names) or any(n not in velocity for n in names):
        return None
    if type(model.with_parameters(extras=list(extras))) is not type(model):
        return None
    return np.array([velocity.index(n) for n in names], dtype=int)


class SimulatedPlant(Plant):
    """A mechanism simulated with its model's forward dynamics.

    Parameters
    ----------
    model : MechanismModel
        The mechanism (:mod:`modyn_model.contract`; for an arm a RobotModel: joint order,
        inertia, rotor inertia, friction, gravity).
    integrator : {"rk4", "semi_implicit_euler"}
        Integration scheme, see the module docstring.
    q0 : (nq,) array_like, optional
        Initial configuration in ``model.coordinate_names`` order; default ``model.neutral()``
        (zeros for an arm). The plant starts at rest with zero effort at time 0.
    friction : bool
        Include the model's joint friction (default True). False simulates the frictionless
        rigid body, e.g. to check energy conservation.

    Attributes
    ----------
    model : MechanismModel
    integrator : str
    vector_space, identity_actuation : bool
        The two flags of the module docstring.
    friction : bool
    friction_solves : int
        Steps whose dry friction needed the stick/slip solve (a joint at rest, or one whose
        velocity changed sign).
    implicit_damping : bool
        True: viscous damping of any stiffness is integrated stably (the node's load-time check
        then only informs). False for a model without per-joint friction parameters that is
        simulated with friction (its own friction, if any, is then explicit), or with a coupled
        friction that is not viscous + Coulomb-type (module docstring).

    Raises
    ------
    PlantError
        An unknown integrator, a bad ``q0``, or a model whose viscous damping the chosen
        integrator can only take through a tree model's ``with_parameters`` it lacks.
    """

    implicit_damping = True

    def __init__(
        self,
        model,
        integrator: str = "rk4",
        q0: Sequence[float] | np.ndarray | None = None,
        *,
        friction: bool = True,
    ):
        if integrator not in INTEGRATORS:
            raise PlantError(f"integrator must be one of {list(INTEGRATORS)}, got {integrator!r}")
        self.model = model
        self.integrator = integrator
        self.friction = bool(friction)
        nq, n, nu = model.nq, model.nv, model.nu  # n: the velocity size, of every v-space buffer
        self.vector_space = is_vector_space(model)
        self.identity_actuation = is_identity_actuation(model)
        self._data = model.make_data()
        # state, effort and integrator workspace, allocated once
        self._q = np.zeros(nq)
        self._v = np.zeros(n)
        # τ (nv): the generalized forces; with S = I the written effort itself
        self._tau = np.zeros(n)
        # a push (push()): (frame, wrench [f; m] world axes, end time), its J(q)ᵀ w, and τ + it
        self._push: tuple[str, np.ndarray, float] | None = None
        self._push_tau = np.zeros(n)
        self._tau_pushed = np.zeros(n)
        self._cmd = self._tau if self.identity_actuation else np.zeros(nu)  # u (nu), as written
        arm = self.vector_space and self.identity_actuation  # messages name joints, as always
        self._effort_names = (tuple(model.actuator_names), "joint" if arm else "actuator")
        self._qs = np.zeros(nq)  # stage configuration
        self._vs = np.zeros(n)  # stage velocity
        self._w = np.zeros(n)  # the velocity a configuration update applies
        self._a1 = np.zeros(n)
        self._a2 = np.zeros(n)
        self._a3 = np.zeros(n)
        self._v2 = np.zeros(n)
        self._v3 = np.zeros(n)
        self._v4 = np.zeros(n)
        self._time = 0.0
        self.friction_solves = 0
        # friction, split into the viscous diagonal D and the dry magnitude μ(q̇); a model
        # without per-joint friction parameters keeps its own (plain schemes, explicit)
        params = _friction_parameters(model)
        self.implicit_damping = params is not None or not self.friction
        zeros = np.zeros(n)
        use = friction and params is not None
        fv = params["viscous"] if use else zeros
        fc = params["coulomb"] if use else zeros
        vs = params["stribeck_velocity"] if use else zeros
        fst = params["static_friction"] if use else zeros
        stribeck = use & (vs > 0.0)
        self._fv = fv.copy()
        self._fc = fc.copy()
        self._stribeck_extra = np.where(stribeck, fst - fc, 0.0)
        self._stribeck_scale = np.where(stribeck, vs, 1.0)
        self._has_stribeck = bool(np.any(self._stribeck_extra != 0.0))
        self._damped = bool(np.any(fv > 0.0))
        self._dry = bool(np.any(fc > 0.0) or np.any((self._stribeck_extra + fc) > 0.0))
        #: without friction the plain schemes run, exactly as before friction was split off
        self._plain = not (self._damped or self._dry)
        self._mu = np.zeros(n)  # dry friction magnitude at the step's start (N·m or N)
        self._sign = np.zeros(n)  # sign(q̇) at the step's start
        self._frozen = np.zeros(n)  # μ·sign(q̇): the dry friction held over the step
        self._effort = np.zeros(n)  # τ − frozen − D q̇_stage, the frictionless call's effort
        self._tmp = np.zeros(n)
        self._tmp2 = np.zeros(n)
        self._ok = np.zeros(n, dtype=bool)
        self._c = np.zeros(n)
        self._b = np.zeros(n)
        self._u = np.zeros(n)
        self._A = np.zeros((n, n))
        self._D = np.diag(fv)
        # ETDRK4 matrices of the step: V diag(f(−w)) Vᵀ A for the modal functions f below
        self._G = np.zeros((n, n))  # A⁻¹D, the linear part taken out of the stages
        self._E_half = np.zeros((n, n))  # exp(−h/2 A⁻¹D)
        self._E_full = np.zeros((n, n))  # exp(−h A⁻¹D)
        self._P_half = np.zeros((n, n))  # h/2 φ1(−h/2 A⁻¹D)
        self._F1 = np.zeros((n, n))  # h (φ1 − 3φ2 + 4φ3)(−h A⁻¹D)
        self._F2 = np.zeros((n, n))  # h (2φ2 − 4φ3)(−h A⁻¹D)
        self._F3 = np.zeros((n, n))  # h (4φ3 − φ2)(−h A⁻¹D)
        self._mat = np.zeros((n, n))
        self._k = [np.zeros(n) for _ in range(4)]  # stage slopes N
        self._va = np.zeros(n)  # stage velocities
        self._vb = np.zeros(n)
        self._vc = np.zeros(n)
        self._euler_models: dict[float, tuple[object, object]] = {}
        needs_euler_model = self._damped and (integrator == "semi_implicit_euler" or self._dry)
        self._extras_at = _extras_index(model) if needs_euler_model else None
        if self._extras_at is not None and not np.all(
            np.isin(np.flatnonzero(self._fv > 0.0), self._extras_at)
        ):
            self._extras_at = None  # damping on a coordinate the extras do not reach
        if needs_euler_model and self._extras_at is None:
            raise PlantError(
                f"simulated plant: model '{model.name}' ({type(model).__name__}, {model.source}) "
                f"has viscous damping, which integrator '{integrator}' takes implicitly through "
                "the model with its rotor inertias raised by dt·Fv (a tree model's "
                "with_parameters(extras=...)); this model has no such method: use integrator "
                "'rk4' without dry friction, or friction=False"
            )
        # coupled friction (module docstring): the viscous matrix D probed from friction_forces,
        # taken implicitly; the dry rest Γf − D v held at its start-of-step value
        self._coupled = False
        if self.friction and getattr(model, "coupled_friction", False) and params is None:
            d = None if getattr(model, "constraint_names", ()) else _coupled_viscous(model)
            if d is not None:
                self._coupled = True
                self._D = d
                self._damped = bool(np.any(d != 0.0))
                self._plain = False
                self.implicit_damping = True
        if self._coupled:
            coupled_rk4 = integrator == "rk4"
            self._step = self._step_rk4_coupled if coupled_rk4 else self._step_euler_coupled
        elif self._plain:
            rk4 = self._step_rk4 if self.vector_space else self._step_rk4_group
            self._step = rk4 if integrator == "rk4" else self._step_euler
        elif integrator == "rk4":
            self._step = self._step_rk4_friction
        else:
            self._step = self._step_euler_friction
        # actuators with states of their own (the contract's optional ``actuator_dynamics``,
        # e.g. a VSCMG cluster's gimbal angles and wheel speeds): x advanced over each step
        # under the held effort by the model's own ``advance``, its generalized force held
        # over the step with τ = Sᵀu (module docstring, "Actuator dynamics")
        self._act = getattr(model, "actuator_dynamics", None)
        if self._act is not None:
            if self.identity_actuation:
                raise PlantError(f"model '{model.name}': actuator_dynamics needs actuators "
                                 "that are not the coordinates (S != I)")
            self._x = np.asarray(self._act.initial_state(), dtype=float).copy()
            self._x_next = np.zeros_like(self._x)
            self._tau_act = np.zeros(n)
        if q0 is not None:
            self.reset(q0)
        elif not self.vector_space:
            self._q[:] = model.neutral()

    # ------------------------------------------------------------------ Plant
    @property
    def joint_names(self) -> tuple[str, ...]:
        """The model's coordinate names (its joint names for an arm)."""
        return tuple(self.model.coordinate_names)

    @property
    def coordinate_names(self) -> tuple[str, ...]:
        return tuple(self.model.coordinate_names)

    @property
    def velocity_names(self) -> tuple[str, ...]:
        return tuple(self.model.velocity_names)

    @property
    def actuator_names(self) -> tuple[str, ...]:
        return tuple(self.model.actuator_names)

    @property
    def time(self) -> float:
        """Simulated time (s): the sum of the steps taken; :meth:`reset` keeps it."""
        return self._time

    def read(self) -> PlantState:
        """A snapshot (copies) of time, q (nq), v (nv) and the applied effort u (nu)."""
        return PlantState.snapshot(self._time, self._q, self._v, self._cmd)

    def diagnostics(self) -> dict:
        """The model's ``diagnostics(q, v)`` at the current state when it has one (a constrained
        model: the largest |position| and |velocity| residual of each constraint, keys
        ``<constraint>.position`` in m or rad and ``<constraint>.velocity`` in m/s or rad/s:
        the drift the Baumgarte stabilisation keeps bounded), each key prefixed ``model.``;
        else empty. A state the model cannot evaluate (a closed mechanism out of its workspace)
        gives ``model.error`` with the model's reason instead."""
        out = {}
        if self._act is not None:  # the actuator states' own (e.g. the CMG singularity measure)
            out = {f"actuators.{k}": v for k, v in self._act.diagnostics(self._x).items()}
        get = getattr(self.model, "diagnostics", None)
        if not callable(get):
            return out
        try:
            values = get(self._q, self._v)
        except ModelError as exc:
            return {**out, "model.error": str(exc)}
        return {**out, **{f"model.{k}": v for k, v in values.items()}}

    def constraint_forces(self) -> dict[str, np.ndarray]:
        """λ by constraint name (the model's ``constraint_forces(q, v, τ)`` at the current state
        under the written effort, τ = Sᵀu: what the constraints apply on the robot, world axes)
        for a model with constraints; else empty."""
        if not getattr(self.model, "constraint_names", ()):
            return {}
        tau = self._generalized(self._q)
        forces = self.model.constraint_forces(self._q, self._v, tau, friction=self.friction)
        return {name: np.asarray(f, dtype=float) for name, f in forces.items()}

    def write(self, effort: Sequence[float] | np.ndarray) -> None:
        """Apply ``effort`` (N·m / N, ``actuator_names`` order, nu values) from now on.

        Raises
        ------
        PlantError
            Wrong length or a non-finite value (the message names the actuator); the previous
            effort stays in force.
        """
        self._cmd[:] = checked_vector("effort", effort, *self._effort_names)

    def step(self, dt: float) -> None:
        """Advance by ``dt`` seconds (> 0) under the last written effort.

        Raises
        ------
        PlantError
            ``dt`` not a positive finite number, or the integration diverged (non-finite state);
            the state is then left as it was before the step.
        """
        if not (dt > 0.0 and math.isfinite(dt)):
            raise PlantError(f"dt must be a positive finite number of seconds, got {dt!r}")
        if self._push is not None:
            self._update_push()
        if self._act is not None:  # the actuators' states first: their force is held
            np.copyto(self._tau_act, self._act.advance(self._x, self._v, self._cmd, dt,
                                                       self._x_next))
            if not np.isfinite(self._tau_act.sum() + self._x_next.sum()):
                raise PlantError(f"the actuator states diverged at t = {self._time:.6f} s")
        try:
            dq, dv = self._step(dt)
        except ModelError as exc:  # a stage state went non-finite
            raise PlantError(f"the simulation diverged at t = {self._time:.6f} s: {exc}") from None
        except (np.linalg.LinAlgError, ValueError) as exc:  # a non-finite A(q) in a solve
            raise PlantError(f"the simulation diverged at t = {self._time:.6f} s: {exc}") from None
        # the increments are checked before they are applied so that a diverging step leaves
        # the state usable (and the error reproducible)
        if not math.isfinite(dq.sum() + dv.sum()):
            raise PlantError(
                f"the simulation diverged at t = {self._time:.6f} s (non-finite state); "
                "reduce the step or the gains"
            )
        if self.vector_space:
            self._q += dq
        else:  # the step returned the new configuration (model.integrate)
            np.copyto(self._q, dq)
        self._v += dv
        if self._act is not None:
            np.copyto(self._x, self._x_next)
        self._time += dt

    def actuator_state(self) -> tuple[np.ndarray, np.ndarray]:
        """(positions, velocities) (nu,) of the actuators at the current state: the model's
        ``actuator_state(q, v)`` (zeros without one) with the channels of its
        ``actuator_dynamics`` filled from the plant's actuator states (a VSCMG's gimbal angle
        and rate, wheel angle and speed)."""
        get = getattr(self.model, "actuator_state", None)
        if callable(get):
            pos, vel = (np.array(a, dtype=float) for a in get(self._q, self._v))
        else:
            pos, vel = np.zeros(self.model.nu), np.zeros(self.model.nu)
        if self._act is not None:
            self._act.fill_actuator_state(self._x, pos, vel)
        return pos, vel

    def reset(
        self, q0: Sequence[float] | np.ndarray, v0: Sequence[float] | np.ndarray | None = None
    ) -> None:
        """Move to ``q0`` (nq, ``coordinate_names`` order) with velocity ``v0`` (nv; default at
        rest) and zero effort.

        Time keeps running (:attr:`time` is not rewound).

        Raises
        ------
        PlantError
            Wrong length, a non-finite value, or (not a vector space) a ``q0`` that is not a
            configuration of the model: ``model.integrate(q0, 0, 0)`` moves it by more than 1e-6
            (e.g. a quaternion that is not of unit norm).
        """
        model = self.model
        q = self._checked("q0", q0, model.coordinate_names, "coordinate")
        v = (
            self._checked("v0", v0, model.velocity_names, "velocity coordinate")
            if v0 is not None
            else None
        )
        if not self.vector_space:
            q = self._on_manifold(q)
        self._q[:] = q
        if v is None:
            self._v.fill(0.0)
        else:
            self._v[:] = v
        self._cmd.fill(0.0)
        self._tau.fill(0.0)
        self._push = None
        if self._act is not None:
            self._x[:] = self._act.initial_state()
            self._tau_act.fill(0.0)

    # ------------------------------------------------------------------ internals
    def _checked(self, name: str, x, names=None, kind: str = "joint") -> np.ndarray:
        if names is None:
            return checked_vector(name, x, self.joint_names)
        names = tuple(names)
        if self.vector_space and self.identity_actuation:
            kind = "joint"  # an arm: the messages name joints, as they always did
        return checked_vector(name, x, names, kind)

    def _on_manifold(self, q: np.ndarray) -> np.ndarray:
        """``q`` projected by ``model.integrate(q, 0, 0)`` (a unit quaternion normalized), or
        PlantError when that moves it by more than 1e-6."""
        model = self.model
        try:
            projected = np.asarray(model.integrate(q, np.zeros(model.nv), 0.0), dtype=float)
        except ModelError as exc:
            raise PlantError(f"q0 is not a configuration of model '{model.name}': {exc}") from None
        if not np.all(np.isfinite(projected)) or np.max(np.abs(projected - q)) > 1e-6:
            raise PlantError(
                f"q0 = {q.tolist()} is not a configuration of model '{model.name}' "
                f"({list(model.coordinate_names)}): the model's integrate(q0, 0, 0) gives "
                f"{projected.tolist()} (e.g. a quaternion must have unit norm)"
            )
        return projected

    def _generalized(self, q: np.ndarray) -> np.ndarray:
        """τ = Sᵀ(q) u at configuration q (the written effort itself when S = I), plus the
        generalized force of a push in progress."""
        if self._push is not None:
            if self.identity_actuation:
                np.add(self._tau, self._push_tau, out=self._tau_pushed)
            else:
                np.copyto(self._tau_pushed, self.model.generalized_forces(q, self._cmd))
                self._tau_pushed += self._push_tau
                if self._act is not None:
                    self._tau_pushed += self._tau_act
            return self._tau_pushed
        if self.identity_actuation:
            return self._tau
        np.copyto(self._tau, self.model.generalized_forces(q, self._cmd))
        if self._act is not None:
            self._tau += self._tau_act
        return self._tau

    can_push = True

    def push(self, frame: str, force, duration: float, torque=None) -> None:
        """Apply ``force`` (3, N, world axes) at the origin of ``frame`` and ``torque`` (3, N·m,
        world axes) for ``duration`` s of plant time from now: the generalized force
        J(q)ᵀ [f; m] (J the contract's ``frame_jacobian``, world axes, linear part at the frame
        origin) taken at the start of each step and held over it, as the effort is. A new push
        replaces one in progress.

        Raises
        ------
        PlantError
            An unknown frame, bad numbers.
        """
        frame, wrench, duration = checked_push(
            frame, force, duration, torque, tuple(self.model.frame_names)
        )
        self._push = (frame, wrench, self._time + duration)

    def _update_push(self) -> None:
        """J(q)ᵀ w at the step's start, or the push ended."""
        frame, wrench, end = self._push
        if self._time >= end - 1e-12:
            self._push = None
            return
        jac = np.asarray(self.model.frame_jacobian(self._q, frame), dtype=float)
        np.matmul(jac.T, wrench, out=self._push_tau)

    def _finish(self, w: np.ndarray, h: float) -> np.ndarray:
        """The step's configuration update by velocity ``w`` over ``h``: on a vector space the
        increment h·w (in ``w``, in place), else the new configuration q ⊕ h·w."""
        if self.vector_space:
            w *= h
            return w
        return np.asarray(self.model.integrate(self._q, w, h), dtype=float)

    def _stage(self, q: np.ndarray, v: np.ndarray, h: float, out: np.ndarray) -> np.ndarray:
        """``out`` = q ⊕ h·v (a stage configuration)."""
        if self.vector_space:
            np.multiply(v, h, out=out)
            out += q
        else:
            np.copyto(out, self.model.integrate(q, v, h))
        return out

    def prepare(self, dt: float) -> None:
        """Generate now every model function a step of ``dt`` may call. A tree model's
        straight-line code is generated at its first use (modyn_model.codegen), and some are
        first used only when a branch of the step is first taken: the frictionless forward
        dynamics of the damped model when a joint first slips, measured 12.6 ms on the RX-90
        at the first commanded step of a 1 kHz real-time run, a dozen periods."""
        models = [self.model]
        if self._step in (self._step_euler_friction, self._step_rk4_friction):
            models.append(self._euler_model(dt)[0])  # A + dt·D (the model itself if undamped)
        for model in models:
            get = getattr(model, "fast_path", None)
            fast = get() if get is not None else None
            if fast is None:  # not a tree: nothing is generated
                continue
            fast.entry("mass_matrix")
            fast.entry("rnea", True, False, True, False)  # bias_forces(friction=False)
            for friction in {False, self.friction}:
                fast.entry("forward_dynamics", friction)

    def _accel(self, q: np.ndarray, v: np.ndarray) -> np.ndarray:
        """q̈(q, q̇, τ) in the workspace buffer (valid until the next call): the full dynamics on
        the plain path; with friction, the frictionless dynamics under τ − μ·sign(q̇_k) − D q̇
        (the dry friction held at its start-of-step value, the viscous one at this stage)."""
        tau = self._tau if self.identity_actuation and self._push is None else self._generalized(q)
        if self._act is not None and v is not self._v:  # the stage's gyroscopic torque
            self._act.stage_correction(self._v, v, tau)
        if self._plain:
            return alg.forward_dynamics(self.model, self._data, q, v, tau, friction=self.friction)
        eff = self._effort
        if self._coupled:
            np.matmul(self._D, v, out=eff)
        else:
            np.multiply(self._fv, v, out=eff)
        eff += self._frozen
        np.subtract(tau, eff, out=eff)
        return alg.forward_dynamics(self.model, self._data, q, v, eff, friction=False)

    def _step_euler(self, h: float) -> tuple[np.ndarray, np.ndarray]:
        dv = self._vs
        np.multiply(self._accel(self._q, self._v), h, out=dv)
        # q advances with the *new* velocity: that is what makes the scheme symplectic
        w = self._w
        np.add(self._v, dv, out=w)
        return self._finish(w, h), dv

    def _step_rk4(self, h: float) -> tuple[np.ndarray, np.ndarray]:
        q, v, qs, vs = self._q, self._v, self._qs, self._vs
        a1, a2, a3, v2, v3 = self._a1, self._a2, self._a3, self._v2, self._v3
        half = 0.5 * h
        np.copyto(a1, self._accel(q, v))
        np.multiply(v, half, out=qs)
        qs += q
        np.multiply(a1, half, out=vs)
        vs += v
        np.copyto(a2, self._accel(qs, vs))
        np.copyto(v2, vs)
        np.multiply(v2, half, out=qs)
        qs += q
        np.multiply(a2, half, out=vs)
        vs += v
        np.copyto(a3, self._accel(qs, vs))
        np.copyto(v3, vs)
        np.multiply(v3, h, out=qs)
        qs += q
        np.multiply(a3, h, out=vs)
        vs += v
        a4 = self._accel(qs, vs)  # v4 = vs
        # dq = h/6 (v + 2 v2 + 2 v3 + v4), dv = h/6 (a1 + 2 a2 + 2 a3 + a4), built in place
        v2 += v3
        v2 *= 2.0
        v2 += v
        v2 += vs
        v2 *= h / 6.0
        a2 += a3
        a2 *= 2.0
        a2 += a1
        a2 += a4
        a2 *= h / 6.0
        return v2, a2

    def _step_rk4_group(self, h: float) -> tuple[np.ndarray, np.ndarray]:
        """CF4 (module docstring): RK4 when the configuration is updated by ``model.integrate``.
        Returns the new configuration and the velocity increment."""
        model, q, v = self.model, self._q, self._v
        a1, a2, a3, v2, v3, v4, w = (
            self._a1,
            self._a2,
            self._a3,
            self._v2,
            self._v3,
            self._v4,
            self._w,
        )
        half = 0.5 * h
        np.copyto(a1, self._accel(q, v))
        q2 = np.asarray(model.integrate(q, v, half), dtype=float)
        np.multiply(a1, half, out=v2)
        v2 += v
        np.copyto(a2, self._accel(q2, v2))
        q3 = model.integrate(q, v2, half)
        np.multiply(a2, half, out=v3)
        v3 += v
        np.copyto(a3, self._accel(q3, v3))
        np.multiply(v, 0.5, out=w)  # q4 = q2 ⊕ h (v3 − v/2)
        np.subtract(v3, w, out=w)
        q4 = model.integrate(q2, w, h)
        np.multiply(a3, h, out=v4)
        v4 += v
        a4 = self._accel(q4, v4)
        # q⁺ = (q ⊕ h/12 (3v + 2v2 + 2v3 − v4)) ⊕ h/12 (−v + 2v2 + 2v3 + 3v4)
        v2 += v3
        v2 *= 2.0  # 2 (v2 + v3)
        np.multiply(v, 3.0, out=w)
        w += v2
        w -= v4
        q_mid = model.integrate(q, w, h / 12.0)
        np.multiply(v4, 3.0, out=w)
        w += v2
        w -= v
        q_new = np.asarray(model.integrate(q_mid, w, h / 12.0), dtype=float)
        a2 += a3
        a2 *= 2.0
        a2 += a1
        a2 += a4
        a2 *= h / 6.0
        return q_new, a2

    # ------------------------------------------------------------------ friction
    def _freeze_dry_friction(self) -> None:
        """μ(q̇_k) and sign(q̇_k) at the step's start, and their product held over the step."""
        v, mu = self._v, self._mu
        np.sign(v, out=self._sign)
        if self._has_stribeck:  # μ = Fc + (Fst − Fc) exp(−|q̇| / v_s)
            np.abs(v, out=mu)
            mu /= self._stribeck_scale
            np.negative(mu, out=mu)
            np.exp(mu, out=mu)
            mu *= self._stribeck_extra
            mu += self._fc
        else:
            np.copyto(mu, self._fc)
        np.multiply(mu, self._sign, out=self._frozen)

    def _consistent(self, v_new: np.ndarray) -> bool:
        """True when every joint with dry friction slid the same way at both ends of the step:
        then the friction held over the step was the implicit one."""
        np.multiply(v_new, self._sign, out=self._tmp)
        np.greater(self._tmp, 0.0, out=self._ok)
        np.logical_or(self._ok, self._mu <= 0.0, out=self._ok)
        return bool(self._ok.all())

    def _resolve_dry(self, M: np.ndarray, v_held: np.ndarray, h: float) -> np.ndarray:
        """The end-of-step velocity with the dry impulse taken at it (stiction included), from
        ``v_held``, the velocity reached with the start-of-step friction held: the held impulse
        is taken back (b = M v_held + h μ sign(q̇_k)) and the implicit one solved for."""
        b, c = self._b, self._c
        np.matmul(M, v_held, out=b)
        np.multiply(self._frozen, h, out=c)
        b += c
        np.multiply(self._mu, h, out=c)
        # first guess: the joints keep their start-of-step state (at rest: stick), right at
        # once except at a transition
        solve_dry_friction(M, b, c, self._sign, self._u)
        self.friction_solves += 1
        return self._u

    def _euler_model(self, h: float) -> tuple[object, object]:
        """The model whose mass matrix is A + h·D (rotor inertias raised by h·Fv), and its
        data; one per step size, built on first use."""
        found = self._euler_models.get(h)
        if found is None:
            model = self.model
            if self._damped:
                # each joint's extras raised by h·Fv of its velocity coordinate (the joints'
                # coordinates are not all of v for a floating base: nq ≠ nv)
                fvs = self._fv[self._extras_at]
                extras = [
                    e.merged(rotor_inertia=e.armature + h * fv) if fv > 0.0 else e
                    for e, fv in zip(model.extras, fvs, strict=True)
                ]
                model = model.with_parameters(extras=extras)
            found = (model, model.make_data())
            if len(self._euler_models) > 8:  # a plant stepped with ever new sizes
                self._euler_models.clear()
            self._euler_models[h] = found
        return found

    def _step_euler_friction(self, h: float) -> tuple[np.ndarray, np.ndarray]:
        model, data = self._euler_model(h)
        q, v, dv, dq = self._q, self._v, self._vs, self._w
        tau = self._generalized(q)  # held over the step (S at its start)
        self._freeze_dry_friction()
        if self._dry and not self._consistent(v):
            # a joint with dry friction at rest: the stick/slip solve is needed anyway; its
            # b = (A + hD) q̇ + h (τ − C q̇ − Q − D q̇) comes from A + hD and the bias forces
            M = alg.mass_matrix(model, data, q)
            b = self._b
            np.multiply(self._fv, v, out=b)
            b += alg.bias_forces(model, data, q, v, friction=False)
            np.subtract(tau, b, out=b)
            b *= h
            b += M @ v
            np.multiply(self._mu, h, out=self._c)
            solve_dry_friction(M, b, self._c, self._sign, self._u)
            self.friction_solves += 1
            np.subtract(self._u, v, out=dv)
            np.add(v, dv, out=dq)
            return self._finish(dq, h), dv
        eff = self._effort  # τ − μ sign(q̇) − D q̇
        np.multiply(self._fv, v, out=eff)
        eff += self._frozen
        np.subtract(tau, eff, out=eff)
        # (A + hD)⁻¹ (τ − C q̇ − Q − D q̇ − μ sign(q̇)): the damped model's frictionless q̈
        a = alg.forward_dynamics(model, data, q, v, eff, friction=False)
        np.multiply(a, h, out=dv)
        if self._dry:
            np.add(v, dv, out=dq)  # the trial end-of-step velocity
            if not self._consistent(dq):
                M = alg.mass_matrix(model, data, q)  # A + hD
                u = self._resolve_dry(M, dq, h)
                np.subtract(u, v, out=dv)
        np.add(v, dv, out=dq)
        return self._finish(dq, h), dv

    def _freeze_coupled(self) -> None:
        """The dry rest of a coupled friction at the step's start, Γf(q̇_k) − D q̇_k, held over
        the step (the model's friction_forces allocates its result)."""
        np.matmul(self._D, self._v, out=self._tmp)
        np.subtract(self.model.friction_forces(self._v), self._tmp, out=self._frozen)

    def _step_rk4_coupled(self, h: float) -> tuple[np.ndarray, np.ndarray]:
        """Coupled friction: ETDRK4 with the full D (the generalized eigen-decomposition of
        (D, A) does not need D diagonal), the dry rest held; classical RK4 / CF4 when D = 0."""
        self._freeze_coupled()
        if self._damped:
            return self._step_etd(h)
        return self._step_rk4(h) if self.vector_space else self._step_rk4_group(h)

    def _step_euler_coupled(self, h: float) -> tuple[np.ndarray, np.ndarray]:
        """Coupled friction, semi-implicit Euler implicit in the full D:
        (A + h D)(q̇⁺ − q̇) = h (τ − C q̇ − Q − D q̇ − Γd(q̇)), Γd = Γf − D q̇ at the start."""
        model, data, q, v = self.model, self._data, self._q, self._v
        dv, dq = self._vs, self._w
        tau = self._generalized(q)
        self._freeze_coupled()
        m = self._mat
        np.copyto(m, alg.mass_matrix(model, data, q))
        np.multiply(self._D, h, out=self._G)
        m += self._G
        b = self._b
        np.matmul(self._D, v, out=b)
        b += self._frozen
        b += alg.bias_forces(model, data, q, v, friction=False)
        np.subtract(tau, b, out=b)
        b *= h
        dv[:] = np.linalg.solve(m, b)
        np.add(v, dv, out=dq)
        return self._finish(dq, h), dv

    def _etd_factors(self, h: float) -> None:
        """The step's matrix functions of A⁻¹D, A frozen at the step's start, from the
        generalized eigen-decomposition D V = A V diag(w), Vᵀ A V = I (A⁻¹D = V diag(w) Vᵀ A):
        each is V diag(f(w)) Vᵀ A with f evaluated per mode (:func:`phi_functions`)."""
        np.copyto(self._A, alg.mass_matrix(self.model, self._data, self._q))
        # scipy only here: importing scipy.linalg costs every plant process 0.2 s at start-up
        from scipy.linalg import eigh

        w, V = eigh(self._D, self._A, check_finite=False)  # step() checks
        np.maximum(w, 0.0, out=w)  # D ⪰ 0: negative values are rounding noise
        W = V.T @ self._A  # V⁻¹
        n = len(w)
        phis = phi_functions(np.concatenate((-0.5 * h * w, -h * w)))  # one call for both steps
        p1h = phis[0][:n]
        p1, p2, p3 = (f[n:] for f in phis)
        scaled = self._mat
        for target, modal in (
            (self._G, w),
            (self._E_half, np.exp(-0.5 * h * w)),
            (self._E_full, np.exp(-h * w)),
            (self._P_half, 0.5 * h * p1h),
            (self._F1, h * (p1 - 3.0 * p2 + 4.0 * p3)),
            (self._F2, h * (2.0 * p2 - 4.0 * p3)),
            (self._F3, h * (4.0 * p3 - p2)),
        ):
            np.multiply(V, modal, out=scaled)
            np.matmul(scaled, W, out=target)

    def _slope(self, q: np.ndarray, v: np.ndarray, out: np.ndarray) -> np.ndarray:
        """N(q, q̇) = q̈ + A_k⁻¹D q̇: the part of q̇' left to the stages once the linear damping
        −A_k⁻¹D q̇ is taken exactly."""
        np.copyto(out, self._accel(q, v))
        np.matmul(self._G, v, out=self._tmp)
        out += self._tmp
        return out

    def _step_rk4_friction(self, h: float) -> tuple[np.ndarray, np.ndarray]:
        """RK4 (ETDRK4 with damping) with the dry friction held at its start-of-step value, when
        every joint with dry friction slides and keeps sliding the same way; otherwise (a joint
        at rest, or one that would reverse) the step is the implicit Euler step."""
        self._freeze_dry_friction()
        if self._dry and not self._consistent(self._v):  # a joint with dry friction at rest
            return self._step_euler_friction(h)
        if self._damped:
            dq, dv = self._step_etd(h)
        elif self.vector_space:
            dq, dv = self._step_rk4(h)
        else:
            dq, dv = self._step_rk4_group(h)
        if self._dry:
            np.add(self._v, dv, out=self._tmp2)
            if not self._consistent(self._tmp2):
                return self._step_euler_friction(h)
        return dq, dv

    def _step_etd(self, h: float) -> tuple[np.ndarray, np.ndarray]:
        """ETDRK4 (Cox & Matthews 2002) on q̇' = L q̇ + N(q, q̇), L = −A_k⁻¹D, with q' = q̇
        taken by RK4's weights on the stage velocities:

            q̇_a = E½ q̇ + P½ N(q, q̇),                 q_a = q + h/2 q̇
            q̇_b = E½ q̇ + P½ N(q_a, q̇_a),             q_b = q + h/2 q̇_a
            q̇_c = E½ q̇_a + P½ (2 N_b − N_0),          q_c = q + h q̇_b
            q̇⁺ = E q̇ + F1 N_0 + F2 (N_a + N_b) + F3 N_c
            q⁺ = q + h/6 (q̇ + 2 q̇_a + 2 q̇_b + q̇_c)

        E = e^{hL}, E½ = e^{hL/2}, P½ = h/2 φ1(hL/2), F1 = h(φ1 − 3φ2 + 4φ3)(hL),
        F2 = h(2φ2 − 4φ3)(hL), F3 = h(4φ3 − φ2)(hL). Classical RK4 when D = 0; exact for the
        velocity of a damped inertia under a constant effort (F1 + 2F2 + F3 = h φ1(hL)).

        Not a vector space: the configurations are CF4's (module docstring), q_a = q ⊕ h/2 q̇,
        q_b = q ⊕ h/2 q̇_a, q_c = q_a ⊕ h (q̇_b − q̇/2), and q⁺ its two-exponential update; the
        step then returns q⁺ itself instead of an increment."""
        self._etd_factors(h)
        q, v = self._q, self._v
        n0, na, nb, nc = self._k
        va, vb, vc, qs, tmp = self._va, self._vb, self._vc, self._qs, self._a3
        half = 0.5 * h
        Eh, Ph = self._E_half, self._P_half
        self._slope(q, v, n0)
        np.matmul(Eh, v, out=va)
        np.matmul(Ph, n0, out=tmp)
        va += tmp
        group = not self.vector_space
        if group:
            qa = np.asarray(self.model.integrate(q, v, half), dtype=float)
            self._slope(qa, va, na)
        else:
            np.multiply(v, half, out=qs)
            qs += q
            self._slope(qs, va, na)
        np.matmul(Eh, v, out=vb)
        np.matmul(Ph, na, out=tmp)
        vb += tmp
        self._stage(q, va, half, qs)  # q_b
        self._slope(qs, vb, nb)
        np.multiply(nb, 2.0, out=tmp)
        tmp -= n0
        np.matmul(Ph, tmp, out=vc)
        np.matmul(Eh, va, out=tmp)
        vc += tmp
        if group:  # q_c = q_a ⊕ h (q̇_b − q̇/2)
            np.multiply(v, 0.5, out=self._w)
            np.subtract(vb, self._w, out=self._w)
            self._stage(qa, self._w, h, qs)
        else:
            np.multiply(vb, h, out=qs)
            qs += q
        self._slope(qs, vc, nc)
        if group:  # q⁺ = (q ⊕ h/12 (3q̇ + 2q̇_a + 2q̇_b − q̇_c)) ⊕ h/12 (−q̇ + 2q̇_a + 2q̇_b + 3q̇_c)
            w, s = self._w, self._a1
            np.add(va, vb, out=s)
            s *= 2.0
            np.multiply(v, 3.0, out=w)
            w += s
            w -= vc
            q_mid = self.model.integrate(q, w, h / 12.0)
            np.multiply(vc, 3.0, out=w)
            w += s
            w -= v
            dq = np.asarray(self.model.integrate(q_mid, w, h / 12.0), dtype=float)
        else:
            # dq = h/6 (q̇ + 2 q̇_a + 2 q̇_b + q̇_c) in self._a1
            dq = self._a1
            np.add(va, vb, out=dq)
            dq *= 2.0
            dq += v
            dq += vc
            dq *= h / 6.0
        # dv = E q̇ − q̇ + F1 N_0 + F2 (N_a + N_b) + F3 N_c in self._a2
        dv = self._a2
        np.matmul(self._E_full, v, out=dv)
        dv -= v
        np.matmul(self._F1, n0, out=tmp)
        dv += tmp
        na += nb
        np.matmul(self._F2, na, out=tmp)
        dv += tmp
        np.matmul(self._F3, nc, out=tmp)
        dv += tmp
        return dq, dv


#: 1/k! for the φ series (k = 0 … 15)
_INV_FACTORIAL = [1.0 / math.factorial(k) for k in range(16)]


def phi_functions(x: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """φ1, φ2, φ3 of exponential integrators, elementwise (x <= 0 here):

        φ1(x) = (eˣ − 1)/x,  φ2(x) = (eˣ − 1 − x)/x²,  φ3(x) = (eˣ − 1 − x − x²/2)/x³,

    φ_k(0) = 1/k!, and φ_k(x) = 1/k! + x φ_{k+1}(x). For |x| < 1/2, φ3 = Σ_j x^j/(j + 3)! (13
    terms by Horner: truncation below 2e-16 relative), then φ2 and φ1 by the recurrence, which
    adds no cancellation there; for |x| ≥ 1/2, φ1 = expm1(x)/x and the recurrence backwards,
    φ2 = (φ1 − 1)/x, φ3 = (φ2 − 1/2)/x, which loses at most about a decimal digit at |x| = 1/2."""
    x = np.asarray(x, dtype=float)
    small = np.abs(x) < 0.5
    xs = np.where(small, x, 0.0)
    acc = np.full_like(x, _INV_FACTORIAL[15])
    for k in range(14, 2, -1):  # Horner: φ3 = 1/3! + x (1/4! + x (… + x/15!))
        acc *= xs
        acc += _INV_FACTORIAL[k]
    p2 = 0.5 + xs * acc
    p1 = 1.0 + xs * p2
    if small.all():
        return p1, p2, acc
    xl = np.where(small, 1.0, x)
    c1 = np.expm1(xl) / xl
    c2 = (c1 - 1.0) / xl
    c3 = (c2 - 0.5) / xl
    return np.where(small, p1, c1), np.where(small, p2, c2), np.where(small, acc, c3)
