"""The one safe-hold law of the suite (controller, hardware_interface, fake ros2_control peer).

In the generalized forces of any mechanism (the mechanism contract, nv of them), with
Δ = q_h ⊖ q (:meth:`MechanismModel.difference`, not q_h − q) and v the velocity:

    diagonal gains:  τ = Q(q) + Kp Δ − Kd v                       (Kp, Kd per velocity coordinate)
    matrix form:     τ = Q(q) + A(q_h) [ω² Δ − 2 ζ ω v]          (every mode: bandwidth ω, ratio ζ)

then the actuator forces u with Sᵀ(q) u = τ (:meth:`MechanismModel.actuation_matrix`): u = τ for
an arm (S = I), the least-squares solution otherwise (:class:`~modyn_control.actuation.ActuatorMap`). A coordinate no actuator reaches (a row of
the null space of S, e.g. a free-floating base) cannot be held: :attr:`HoldLaw.unheld` names it
and the hold acts on the others; the nodes log that sentence when the hold starts.

A model with constraints (``modyn_model.constraints``: e.g. a floating robot with its feet on
the ground) also has constraint forces to carry what no actuator reaches: the actuator forces
are then those of least norm with Sᵀu + Jᵀλ = τ (the model's ``actuation_solve``, through
:class:`~modyn_control.actuation.ActuatorMap`), so that the torso's weight is carried by the
feet and the hold's τ produces the constraint-consistent acceleration closest to its own (in
the metric of A). Where the actuators and the constraints together cannot produce τ (a robot
hanging from one pinned foot, a pendulum) the least-squares u of the same system is used.

The pose is captured once (:meth:`HoldLaw.capture`), with A(q_h) for the matrix form; the
per-tick :meth:`HoldLaw.effort` allocates nothing for a tree model (S = I).
"""

from __future__ import annotations

import numpy as np

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
        self._actuators = ActuatorMap(model)
        self._plain = is_vector_space(model)
        # coordinates that neither an actuator nor a constraint moves
        self.unheld: tuple[str, ...] = self._actuators.unheld
        self.captured = False

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
        return self._actuators.forces(q, self.generalized(q, v))
