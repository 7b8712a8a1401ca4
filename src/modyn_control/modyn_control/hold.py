"""The one safe-hold law of the suite (controller, hardware_interface, fake ros2_control peer).

In the generalized forces of any mechanism (the mechanism contract, nv of them), with
Δ = q_h ⊖ q (:meth:`MechanismModel.difference`, not q_h − q) and v the velocity:

    diagonal gains:  τ = Q(q) + Kp Δ − Kd v                       (Kp, Kd per velocity coordinate)
    matrix form:     τ = Q(q) + A(q_h) [ω² Δ − 2 ζ ω v]          (every mode: bandwidth ω, ratio ζ)

then the actuator forces u with Sᵀ(q) u = τ (:meth:`MechanismModel.actuation_matrix`): u = τ for
an arm (S = I), the least-squares solution otherwise. A coordinate no actuator reaches (a row of
the null space of S, e.g. a free-floating base) cannot be held: :attr:`HoldLaw.unheld` names it
and the hold acts on the others; the nodes log that sentence when the hold starts.

A model with constraints (non-empty ``constraint_names``, modyn_model.constraints: e.g. a
floating robot with a foot welded to the ground) moves only along its constraints, and its
actuators must also carry what the constraint forces redistribute (the weight of a torso held
up through a leg): Q(q) of the unconstrained model is not its gravity compensation. Its hold is
therefore the acceleration of the same PD, a_d = ω² Δ − 2 ζ ω v (matrix form) or
A(q)⁻¹ (Kp Δ − Kd v), made consistent with the constraints (``project_acceleration``) and
realised by the constrained inverse dynamics (``actuator_forces``, least norm; gravity,
Coriolis and constraint forces included). Where that has no solution (fewer actuators than
the constrained degrees of freedom: a ``ModelError``) the unconstrained form above is used.

The pose is captured once (:meth:`HoldLaw.capture`), with A(q_h) for the matrix form; the
per-tick :meth:`HoldLaw.effort` allocates nothing for a tree model (S = I).
"""

from __future__ import annotations

import numpy as np

from modyn_model import ModelError
from modyn_model import algorithms as alg
from modyn_model.contract import is_vector_space

from .actuation import ActuatorMap

__all__ = ["HoldLaw"]


class HoldLaw:
    """Gravity compensation + PD about a captured pose, in actuator forces.

    Parameters
    ----------
    model : modyn_model.MechanismModel
    kp, kd : (nv,) array_like, optional
        Diagonal gains (N·m/rad or N/m; N·m·s/rad or N·s/m). Both or neither.
    bandwidth, damping_ratio : float
        ω (rad/s) and ζ of the matrix form, used when ``kp``/``kd`` are not given.
    data : modyn_model.data.Data, optional
        Workspace to share (one per thread); a new one otherwise.
    gravity : bool
        Add Q(q) (default); False leaves the PD alone (the controller's ``hold_gravity``).
    """

    def __init__(
        self,
        model,
        kp=None,
        kd=None,
        *,
        bandwidth: float = 20.0,
        damping_ratio: float = 1.0,
        data=None,
        gravity: bool = True,
    ):
        if (kp is None) != (kd is None):
            raise ValueError("HoldLaw: give both kp and kd, or neither (the matrix form)")
        self.model = model
        self.data = data if data is not None else model.make_data()
        nv = model.nv
        self.matrix_form = kp is None
        self.kp = None if kp is None else np.broadcast_to(np.asarray(kp, float), (nv,)).copy()
        self.kd = None if kd is None else np.broadcast_to(np.asarray(kd, float), (nv,)).copy()
        self.bandwidth = float(bandwidth)
        self.damping_ratio = float(damping_ratio)
        self.gravity = bool(gravity)
        self.q_hold = model.neutral().astype(float)
        self._A = np.zeros((nv, nv))
        self._err = np.zeros(nv)
        self._tmp = np.zeros(nv)
        self._tau = np.zeros(nv)
        self._u = np.zeros(model.nu)
        self._actuators = ActuatorMap(model)
        self._plain = is_vector_space(model)
        # coordinates that neither an actuator nor a constraint moves
        self.unheld: tuple[str, ...] = self._actuators.unheld
        self.captured = False
        #: the constrained form (module docstring) for a model with constraints and gravity
        self.constrained = (
            bool(getattr(model, "constraint_names", ()))
            and self.gravity
            and all(
                callable(getattr(model, f, None))
                for f in ("project_acceleration", "actuator_forces")
            )
        )

    def capture(self, q_hold) -> None:
        """Hold ``q_hold`` from now on (and take A(q_hold) for the matrix form)."""
        np.copyto(self.q_hold, self.model.check_state("q_hold", q_hold))
        if self.matrix_form:
            np.copyto(self._A, alg.mass_matrix(self.model, self.data, self.q_hold))
        self.captured = True

    def generalized(self, q, v) -> np.ndarray:
        """τ (nv) of the hold at state (q, v) (a view of an internal buffer)."""
        model = self.model
        err, tmp, tau = self._err, self._tmp, self._tau
        if self._plain:
            np.subtract(self.q_hold, q, out=err)  # difference of plain coordinates
        else:
            np.copyto(err, model.difference(self.q_hold, q))
        if self.matrix_form:
            w, z = self.bandwidth, self.damping_ratio
            err *= w * w
            np.multiply(v, 2.0 * z * w, out=tmp)
            err -= tmp
            np.matmul(self._A, err, out=tau)
        else:
            np.multiply(self.kp, err, out=tau)
            np.multiply(self.kd, v, out=tmp)
            tau -= tmp
        if self.gravity:
            tau += alg.gravity(model, self.data, q)
        return tau

    def effort(self, q, v) -> np.ndarray:
        """u (nu) of the hold at state (q, v), before any effort limit (an internal buffer)."""
        if self.constrained:
            u = self._constrained_effort(q, v)
            if u is not None:
                return u
        tau = self.generalized(q, v)
        try:
            return self._actuators.forces(q, tau)
        except ModelError:
            # actuators and constraints cannot produce τ exactly (a pinned pendulum-like base):
            # the hold must still answer, with the least-squares Sᵀ u ≈ τ (the dropped part is
            # what no actuator reaches)
            s = np.asarray(self.model.actuation_matrix(q), dtype=float)
            self._u[:] = np.linalg.lstsq(s.T, tau, rcond=None)[0]
            return self._u

    def _constrained_effort(self, q, v) -> np.ndarray | None:
        """u realising the PD's acceleration along the constraints (module docstring), or None
        when the constrained inverse dynamics has no solution."""
        model = self.model
        err = np.asarray(model.difference(self.q_hold, q), dtype=float)
        if self.matrix_form:
            w, z = self.bandwidth, self.damping_ratio
            a = w * w * err - 2.0 * z * w * np.asarray(v, dtype=float)
        else:
            a = np.linalg.solve(model.mass_matrix(q), self.kp * err - self.kd * v)
        try:
            a = model.project_acceleration(q, v, a)
            u = np.asarray(model.actuator_forces(q, v, a), dtype=float)
        except ModelError:
            return None
        if not np.all(np.isfinite(u)):
            return None
        self._u[:] = u
        return self._u
