"""Generalized forces τ (nv) to actuator forces u (nu): Sᵀ(q) u = τ (the mechanism contract).

The laws compute τ; the nodes publish u by ``actuator_names``. For an arm S = I and u is a copy
of τ (the flag is computed once from the contract, no per-tick test of the mechanism's class);
otherwise u is the least-squares solution of Sᵀ(q) u = τ (:meth:`MechanismModel.actuation_matrix`,
the same map as :class:`modyn_control.hold.HoldLaw`'s), and a τ component no actuator reaches is
dropped.
"""

from __future__ import annotations

import numpy as np

from modyn_model.contract import is_identity_actuation

__all__ = ["ActuatorMap", "identity_actuation"]


def identity_actuation(model) -> bool:
    """True when S = I (:func:`modyn_model.contract.is_identity_actuation`)."""
    return is_identity_actuation(model)


class ActuatorMap:
    """u with Sᵀ(q) u = τ into a preallocated (nu,) buffer.

    Parameters
    ----------
    model : modyn_model.MechanismModel

    Attributes
    ----------
    identity : bool
        S = I: u = τ.
    u : (nu,) ndarray
        The result buffer (N·m / N), overwritten by each :meth:`forces`.
    """

    def __init__(self, model):
        self.model = model
        self.identity = identity_actuation(model)
        self.u = np.zeros(model.nu)

    def forces(self, q, tau) -> np.ndarray:
        """u (nu) for the generalized forces ``tau`` (nv) at configuration ``q`` (nq)."""
        if self.identity:
            np.copyto(self.u, tau)
        else:
            s = np.asarray(self.model.actuation_matrix(q), dtype=float)
            self.u[:] = np.linalg.lstsq(s.T, tau, rcond=None)[0]
        return self.u
