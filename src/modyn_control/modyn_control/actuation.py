"""Generalized forces τ (nv) to actuator forces u (nu): Sᵀ(q) u = τ (the mechanism contract).

The laws compute τ; the nodes publish u by ``actuator_names``. For an arm S = I and u is a copy
of τ (the flag is computed once from the contract, no per-tick test of the mechanism's class);
otherwise u is the least-squares solution of Sᵀ(q) u = τ (:meth:`MechanismModel.actuation_matrix`,
the same map as :class:`modyn_control.hold.HoldLaw`'s), and a τ component no actuator reaches is
dropped.
"""

from __future__ import annotations

import numpy as np

from modyn_model import ModelError
from modyn_model.contract import is_identity_actuation

__all__ = ["ActuatorMap", "identity_actuation"]


def identity_actuation(model) -> bool:
    """True when S = I (:func:`modyn_model.contract.is_identity_actuation`)."""
    return is_identity_actuation(model)


class ActuatorMap:
    """u with Sᵀ(q) u = τ into a preallocated (nu,) buffer.

    Three cases, decided once from the model:

    * S = I (an arm): u = τ, a copy;
    * the model has ``actuation_solve(q, tau)`` (a constrained model: the constraint forces take
      part, Sᵀ u + Jᵀ λ = τ, so that a standing robot's base wrench is carried by its feet): its
      answer;
    * otherwise the least-squares solution of Sᵀ(q) u = τ; a τ component that no actuator
      reaches is dropped (:attr:`unheld` names those velocity coordinates).

    When ``actuation_solve`` fails (a ``ModelError``: the actuators and constraints together
    cannot produce τ) the least-squares u of Sᵀu + Jᵀλ = τ is used, so that a hold never stops.

    Parameters
    ----------
    model : modyn_model.MechanismModel

    Attributes
    ----------
    identity : bool
        S = I: u = τ.
    unheld : tuple of str
        Velocity coordinates that neither an actuator nor a constraint reaches at the neutral
        configuration (empty for an arm): a hold or a law cannot act on them.
    u : (nu,) ndarray
        The result buffer (N·m / N), overwritten by each :meth:`forces`.
    """

    def __init__(self, model):
        self.model = model
        self.identity = identity_actuation(model)
        self._solve = getattr(model, "actuation_solve", None)
        #: the model's actuators have states of their own (``actuator_dynamics``)
        self.stateful = getattr(model, "actuator_dynamics", None) is not None
        self.u = np.zeros(model.nu)
        self.unheld = () if self.identity else self._unheld()

    def _unheld(self) -> tuple[str, ...]:
        model = self.model
        q0 = model.neutral()
        reach = np.asarray(model.actuation_matrix(q0), dtype=float)
        jacobian = getattr(model, "constraint_jacobian", None)
        if jacobian is not None:  # constraint forces Jᵀ λ also act
            reach = np.vstack([reach, np.asarray(jacobian(q0), dtype=float)])
        proj = np.linalg.pinv(reach) @ reach  # projector onto the row space
        return tuple(
            name for j, name in enumerate(model.velocity_names) if abs(proj[j, j] - 1.0) > 1e-9
        )

    def _least_squares(self, q, tau) -> np.ndarray:
        model = self.model
        st = np.asarray(model.actuation_matrix(q), dtype=float).T
        jt = np.asarray(model.constraint_jacobian(q), dtype=float).T
        return np.linalg.lstsq(np.hstack([st, jt]), tau, rcond=None)[0][: model.nu]

    def forces(self, q, tau, *, v=None, actuator_state=None, t: float = 0.0) -> np.ndarray:
        """u (nu) for the generalized forces ``tau`` (nv) at configuration ``q`` (nq).

        A model with ``actuator_dynamics`` (actuators with states of their own, e.g. VSCMGs)
        gets the velocity ``v`` (nv), the actuators' measured ``actuator_state``
        ((positions, velocities) by ``actuator_names``, as on ``actuator_states``; None: the
        model's default) and the time ``t`` (s) in its ``actuation_solve``."""
        if self.identity:
            np.copyto(self.u, tau)
        elif self._solve is not None:
            try:
                if self.stateful:
                    self.u[:] = self._solve(q, tau, v=v, actuator_state=actuator_state, t=t)
                else:
                    self.u[:] = self._solve(q, tau)
            except ModelError:
                # the actuators and constraints cannot produce τ (a robot hanging from one pinned
                # foot): the least-squares u of Sᵀu + Jᵀλ = τ, the best they can do
                self.u[:] = self._least_squares(q, tau)
        else:
            s = np.asarray(self.model.actuation_matrix(q), dtype=float)
            self.u[:] = np.linalg.lstsq(s.T, tau, rcond=None)[0]
        return self.u
