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
* ``"rk4"``: classical RK4 with the viscous damping taken exactly through an integrating
  factor (the Lawson RK4 method): the linear part −A(q_k)⁻¹D q̇, A frozen at the step's start,
  is integrated by exp(−s A⁻¹D) (a generalized eigen-decomposition of (D, A)), the rest by
  RK4's stages. Fourth order, exact on a single damped inertia (q̇_k = q̇_0 e^(−k dt Fv/I)),
  classical RK4 when D = 0. The dry friction is held at its start-of-step value μ(q̇)·sign(q̇)
  over the step (smooth while every joint keeps sliding the same way, so fourth order there);
  when a joint is at rest or its velocity would change sign, the dry impulse is recomputed at
  the end-of-step velocity as for Euler (with A(q⁺)), and the position corrected by half the
  velocity change (a joint that sticks from rest does not creep).
* without any friction (or ``friction=False``), both are the plain schemes: RK4 (error O(dt⁴))
  and semi-implicit Euler (q̇ ← q̇ + dt q̈, then q ← q + dt q̇, symplectic), unchanged.

Each evaluation is modyn_model's single call :func:`modyn_model.algorithms.forward_dynamics` on
preallocated state buffers. Without friction a step allocates no array of its own (only the
generated dynamics' internal float lists); with friction, the RK4 step's eigen-decomposition and
a stick/slip change's solve allocate a few n×n temporaries.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
import scipy.linalg

from modyn_model import ModelError, RobotModel
from modyn_model import algorithms as alg

from .checks import checked_vector
from .implicit_friction import solve_dry_friction
from .plant import Plant, PlantError, PlantState

__all__ = ["SimulatedPlant", "INTEGRATORS"]

#: Names accepted by ``SimulatedPlant(integrator=...)``.
INTEGRATORS = ("rk4", "semi_implicit_euler")


class SimulatedPlant(Plant):
    """A fixed-base robot simulated with the model's forward dynamics.

    Parameters
    ----------
    model : RobotModel
        The robot (joint order, inertia, rotor inertia, friction, gravity).
    integrator : {"rk4", "semi_implicit_euler"}
        Integration scheme, see the module docstring.
    q0 : (n,) array_like, optional
        Initial positions (rad / m) in ``model.joint_names`` order; default zeros. The plant
        starts at rest with zero effort at time 0.
    friction : bool
        Include the model's joint friction (default True). False simulates the frictionless
        rigid body, e.g. to check energy conservation.

    Attributes
    ----------
    model : RobotModel
    integrator : str
    friction : bool
    friction_solves : int
        Steps whose dry friction needed the stick/slip solve (a joint at rest, or one whose
        velocity changed sign).
    implicit_damping : bool
        True: viscous damping of any stiffness is integrated stably (the node's load-time check
        then only informs).
    """

    implicit_damping = True

    def __init__(
        self,
        model: RobotModel,
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
        n = model.n
        self._data = model.make_data()
        # state, effort and integrator workspace, allocated once
        self._q = np.zeros(n)
        self._v = np.zeros(n)
        self._tau = np.zeros(n)
        self._qs = np.zeros(n)  # stage position
        self._vs = np.zeros(n)  # stage velocity
        self._a1 = np.zeros(n)
        self._a2 = np.zeros(n)
        self._a3 = np.zeros(n)
        self._v2 = np.zeros(n)
        self._v3 = np.zeros(n)
        self._time = 0.0
        self.friction_solves = 0
        # friction, split into the viscous diagonal D and the dry magnitude μ(q̇)
        zeros = np.zeros(n)
        fv = np.asarray(model.viscous, dtype=float) if friction else zeros
        fc = np.asarray(model.coulomb, dtype=float) if friction else zeros
        vs = np.asarray(model.stribeck_velocity, dtype=float)
        stribeck = friction & (vs > 0.0)
        self._fv = fv.copy()
        self._fc = fc.copy()
        self._stribeck_extra = np.where(stribeck, model.static_friction - fc, 0.0)
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
        self._ok = np.zeros(n, dtype=bool)
        self._c = np.zeros(n)
        self._b = np.zeros(n)
        self._u = np.zeros(n)
        self._A = np.zeros((n, n))
        self._D = np.diag(fv)
        self._R_half = np.zeros((n, n))  # exp(−h/2 A⁻¹D)
        self._R_full = np.zeros((n, n))  # exp(−h A⁻¹D)
        self._G = np.zeros((n, n))  # A⁻¹D, the linear part taken out of the stages
        self._mat = np.zeros((n, n))
        self._k = [np.zeros(n) for _ in range(4)]  # Lawson stage slopes
        self._euler_models: dict[float, tuple[RobotModel, object]] = {}
        if self._plain:
            self._step = self._step_rk4 if integrator == "rk4" else self._step_euler
        elif integrator == "rk4":
            self._step = self._step_rk4_friction
        else:
            self._step = self._step_euler_friction
        if q0 is not None:
            self.reset(q0)

    # ------------------------------------------------------------------ Plant
    @property
    def joint_names(self) -> tuple[str, ...]:
        return self.model.joint_names

    @property
    def time(self) -> float:
        """Simulated time (s): the sum of the steps taken; :meth:`reset` keeps it."""
        return self._time

    def read(self) -> PlantState:
        """A snapshot (copies) of time, q, q̇ and the applied effort."""
        return PlantState.snapshot(self._time, self._q, self._v, self._tau)

    def write(self, effort: Sequence[float] | np.ndarray) -> None:
        """Apply ``effort`` (N·m / N, ``joint_names`` order) from now on.

        Raises
        ------
        PlantError
            Wrong length or a non-finite value (the message names the joint); the previous
            effort stays in force.
        """
        self._tau[:] = self._checked("effort", effort)

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
        self._q += dq
        self._v += dv
        self._time += dt

    def reset(
        self, q0: Sequence[float] | np.ndarray, v0: Sequence[float] | np.ndarray | None = None
    ) -> None:
        """Move to ``q0`` (rad / m) with velocity ``v0`` (default at rest) and zero effort.

        Time keeps running (:attr:`time` is not rewound).
        """
        q = self._checked("q0", q0)
        v = self._checked("v0", v0) if v0 is not None else None
        self._q[:] = q
        if v is None:
            self._v.fill(0.0)
        else:
            self._v[:] = v
        self._tau.fill(0.0)

    # ------------------------------------------------------------------ internals
    def _checked(self, name: str, x) -> np.ndarray:
        return checked_vector(name, x, self.joint_names)

    def _accel(self, q: np.ndarray, v: np.ndarray) -> np.ndarray:
        """q̈(q, q̇, τ) in the workspace buffer (valid until the next call): the full dynamics on
        the plain path; with friction, the frictionless dynamics under τ − μ·sign(q̇_k) − D q̇
        (the dry friction held at its start-of-step value, the viscous one at this stage)."""
        if self._plain:
            return alg.forward_dynamics(
                self.model, self._data, q, v, self._tau, friction=self.friction
            )
        eff = self._effort
        np.multiply(self._fv, v, out=eff)
        eff += self._frozen
        np.subtract(self._tau, eff, out=eff)
        return alg.forward_dynamics(self.model, self._data, q, v, eff, friction=False)

    def _step_euler(self, h: float) -> tuple[np.ndarray, np.ndarray]:
        dv = self._vs
        np.multiply(self._accel(self._q, self._v), h, out=dv)
        # q advances with the *new* velocity: that is what makes the scheme symplectic
        dq = self._qs
        np.add(self._v, dv, out=dq)
        dq *= h
        return dq, dv

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

    def _euler_model(self, h: float) -> tuple[RobotModel, object]:
        """The model whose mass matrix is A + h·D (rotor inertias raised by h·Fv), and its
        data; one per step size, built on first use."""
        found = self._euler_models.get(h)
        if found is None:
            model = self.model
            if self._damped:
                extras = [
                    e.merged(rotor_inertia=e.armature + h * fv) if fv > 0.0 else e
                    for e, fv in zip(model.extras, self._fv, strict=True)
                ]
                model = model.with_parameters(extras=extras)
            found = (model, model.make_data())
            if len(self._euler_models) > 8:  # a plant stepped with ever new sizes
                self._euler_models.clear()
            self._euler_models[h] = found
        return found

    def _step_euler_friction(self, h: float) -> tuple[np.ndarray, np.ndarray]:
        model, data = self._euler_model(h)
        q, v, dv, dq = self._q, self._v, self._vs, self._qs
        self._freeze_dry_friction()
        eff = self._effort  # τ − μ sign(q̇) − D q̇
        np.multiply(self._fv, v, out=eff)
        eff += self._frozen
        np.subtract(self._tau, eff, out=eff)
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
        dq *= h
        return dq, dv

    def _lawson_factors(self, h: float) -> None:
        """exp(−s A⁻¹D) for s = h/2, h and A⁻¹D at the step's start, from the generalized
        eigen-decomposition D V = A V diag(w), Vᵀ A V = I: A⁻¹D = V diag(w) Vᵀ A."""
        np.copyto(self._A, alg.mass_matrix(self.model, self._data, self._q))
        w, V = scipy.linalg.eigh(self._D, self._A)
        np.maximum(w, 0.0, out=w)  # D ⪰ 0: negative rounding noise only
        W = V.T @ self._A  # V⁻¹
        scaled = self._mat
        np.multiply(V, w, out=scaled)
        np.matmul(scaled, W, out=self._G)
        np.multiply(V, np.exp(-0.5 * h * w), out=scaled)
        np.matmul(scaled, W, out=self._R_half)
        np.multiply(V, np.exp(-h * w), out=scaled)
        np.matmul(scaled, W, out=self._R_full)

    def _slope(self, q: np.ndarray, v: np.ndarray, out: np.ndarray) -> np.ndarray:
        """The stage slope of the Lawson method: q̈ + A_k⁻¹D q̇ (the part not integrated
        exactly)."""
        np.copyto(out, self._accel(q, v))
        np.matmul(self._G, v, out=self._tmp)
        out += self._tmp
        return out

    def _step_rk4_friction(self, h: float) -> tuple[np.ndarray, np.ndarray]:
        q, v, qs, vs = self._q, self._v, self._qs, self._vs
        self._freeze_dry_friction()
        if self._damped:
            dq, dv = self._step_lawson(h)
        else:
            dq, dv = self._step_rk4(h)
        if self._dry:
            np.add(v, dv, out=vs)  # the end-of-step velocity with the held dry friction
            if not self._consistent(vs):
                np.add(q, dq, out=qs)
                M = alg.mass_matrix(self.model, self._data, qs)  # A(q⁺)
                u = self._resolve_dry(M, vs, h)
                # dq += h/2 (u − v_held): the velocity change taken as if at mid-step; a joint
                # that ends the step stuck moves by the trapezoid h/2 (q̇ + 0) instead, so that
                # one stuck at both ends does not creep
                np.subtract(u, vs, out=self._tmp)
                self._tmp *= 0.5 * h
                dq += self._tmp
                stuck = (u == 0.0) & (self._mu > 0.0)
                if stuck.any():
                    dq[stuck] = 0.5 * h * v[stuck]
                np.subtract(u, v, out=dv)
        return dq, dv

    def _step_lawson(self, h: float) -> tuple[np.ndarray, np.ndarray]:
        """Lawson RK4 (classical RK4 on the integrating-factor form) for q̇' = −A_k⁻¹D q̇ + k(q, q̇):

            Y2 = (q + h/2 q̇,  R½ (q̇ + h/2 k1))
            Y3 = (q + h/2 q̇₂, R½ q̇ + h/2 k2)
            Y4 = (q + h q̇₃,   R q̇ + h R½ k3)
            q⁺ = q + h/6 (q̇ + 2 q̇₂ + 2 q̇₃ + q̇₄)
            q̇⁺ = R q̇ + h/6 (R k1 + 2 R½ (k2 + k3) + k4)

        with R_s = exp(−s A_k⁻¹D), k = q̈ + A_k⁻¹D q̇ at each stage."""
        self._lawson_factors(h)
        q, v = self._q, self._v
        R2, R1 = self._R_half, self._R_full
        k1, k2, k3, k4 = self._k
        qs, vs, v2, v3, tmp = self._qs, self._vs, self._v2, self._v3, self._a3
        half = 0.5 * h
        self._slope(q, v, k1)
        np.multiply(v, half, out=qs)
        qs += q
        np.multiply(k1, half, out=tmp)
        tmp += v
        np.matmul(R2, tmp, out=v2)
        self._slope(qs, v2, k2)
        np.multiply(v2, half, out=qs)
        qs += q
        np.matmul(R2, v, out=v3)
        np.multiply(k2, half, out=tmp)
        v3 += tmp
        self._slope(qs, v3, k3)
        np.multiply(v3, h, out=qs)
        qs += q
        np.matmul(R2, k3, out=tmp)
        tmp *= h
        np.matmul(R1, v, out=vs)
        vs += tmp  # v4
        self._slope(qs, vs, k4)
        # dq = h/6 (q̇ + 2 q̇₂ + 2 q̇₃ + q̇₄) in self._a1
        dq = self._a1
        np.add(v2, v3, out=dq)
        dq *= 2.0
        dq += v
        dq += vs
        dq *= h / 6.0
        # q̇⁺ − q̇ = (R − I) q̇ + h/6 (R k1 + 2 R½ (k2 + k3) + k4) in self._a2
        dv = self._a2
        k2 += k3
        np.matmul(R2, k2, out=tmp)
        tmp *= 2.0
        tmp += k4
        np.matmul(R1, k1, out=dv)
        dv += tmp
        dv *= h / 6.0
        np.matmul(R1, v, out=tmp)
        dv += tmp
        dv -= v
        return dq, dv
