"""The built-in rigid-body simulator: modyn_model's direct dynamic model, integrated at a fixed
step.

The plant integrates

    A(q) q̈ + H(q, q̇) = τ,    H = C(q, q̇) q̇ + Q(q) + Γf(q̇)

with the model's rotor inertia in A and its friction Γf (Khalil [7.26], [7.29]), the effort τ
held constant over each step (zero-order hold, as a digital controller applies it). Two
integrators:

* ``"rk4"`` (default): classical 4th-order Runge-Kutta, four evaluations of q̈ per step; error
  O(dt⁴), the energy of free motion drifts by O(dt⁴) per unit time.
* ``"semi_implicit_euler"``: q̇ ← q̇ + dt q̈(q, q̇), then q ← q + dt q̇; one evaluation per step,
  first order but symplectic, so in free frictionless motion the energy error stays bounded
  instead of growing.

Each evaluation is modyn_model's allocation-free single call
:func:`modyn_model.algorithms.forward_dynamics` on preallocated state buffers: a step allocates
no array of its own (only the generated dynamics' internal float lists).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np

from modyn_model import ModelError, RobotModel
from modyn_model import algorithms as alg

from .checks import checked_vector
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
    """

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
        self._step = self._step_rk4 if integrator == "rk4" else self._step_euler
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
        """q̈(q, q̇, τ) in the workspace buffer (valid until the next call)."""
        return alg.forward_dynamics(self.model, self._data, q, v, self._tau, friction=self.friction)

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
