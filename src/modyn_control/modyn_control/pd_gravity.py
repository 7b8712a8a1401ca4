"""PD plus gravity compensation, the stable regulator of Khalil §9.3.2.

Law [9.12]: ``Γ = K_p (q_d − q) − K_d q̇ + Q(q)`` for a constant (or slowly varying) q_d.
With the Lyapunov function [9.11] ``V = ½ q̇ᵀ A(q) q̇ + ½ eᵀ K_p e`` the closed loop [9.13]
``K_p e − K_d q̇ = A q̈ + C q̇`` gives [9.15]–[9.16] ``V̇ = −q̇ᵀ K_d q̇ ≤ 0`` (Ȧ − 2C skew, §7.3.3.3
(e)); LaSalle then gives e → 0, q̇ → 0. ``gravity_at="desired"`` uses the constant Q(q_d)
instead of Q(q), also stable for K_p large enough [Korrami 88, Tomei 91].
"""

from __future__ import annotations

import numpy as np

from modyn_model import algorithms

from .law_base import ControlLaw, Reference
from .laws import ControlError, gains

__all__ = ["PDGravity", "lyapunov"]


class PDGravity(ControlLaw):
    """Γ = K_p (q_d − q) − K_d q̇ + Q(·) [9.12].

    Parameters
    ----------
    model : modyn_model.MechanismModel
        The controller's model (gravity Q, the position error q_d ⊖ q).
    kp, kd : float or (nv,) array
        Gains (N·m/rad, N·m·s/rad), finite and ≥ 0.
    gravity_at : {"measured", "desired"}
        Evaluate Q at the measured q (default) or at q_d.
    effort_limit : float or (nv,) array, optional
    """

    name = "pd_gravity"

    def __init__(self, model, kp, kd, gravity_at: str = "measured", effort_limit=None):
        super().__init__(model, effort_limit)
        if gravity_at not in ("measured", "desired"):
            raise ControlError(f"gravity_at = {gravity_at!r}: expected 'measured' or 'desired'")
        self.data = model.make_data()
        self.kp = gains(kp, self.nv, "kp")
        self.kd = gains(kd, self.nv, "kd")
        self.gravity_at = gravity_at
        self._work = np.zeros(self.nv)

    def _compute(self, t, q, v, ref: Reference, out) -> None:
        self.position_error(ref.q, q, out)
        out *= self.kp
        np.multiply(self.kd, v, out=self._work)
        out -= self._work
        at = q if self.gravity_at == "measured" else ref.q
        out += algorithms.gravity(self.model, self.data, at)


def lyapunov(model, q, v, q_d, kp) -> np.ndarray:
    """V = ½ q̇ᵀ A(q) q̇ + ½ eᵀ K_p e, e = q_d ⊖ q [9.11] (J); batched over leading axes.

    ``A`` includes the rotor inertia (it is the kinetic energy of the model's arm).
    """
    q, v = np.asarray(q, float), np.asarray(v, float)
    e = model.difference(np.asarray(q_d, float), q)
    kp = np.asarray(kp, float)
    A = model.mass_matrix(q)
    return 0.5 * np.einsum("...i,...ij,...j->...", v, A, v) + 0.5 * np.sum(kp * e * e, axis=-1)
