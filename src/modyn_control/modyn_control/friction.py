"""The friction term of the model-based laws: the dry part at the desired or measured velocity.

The model's joint friction (Khalil [7.26]) is

    Γf(q̇) = Fv q̇  +  Fc sign(q̇) + (Fst − Fc) sign(q̇) exp(−|q̇| / v_s)
             viscous   dry: Coulomb and Stribeck (discontinuous at q̇ = 0)

Computed torque [9.22] puts Γf(q̇) of the *measured* q̇ in Ĥ. The viscous part is a smooth
function of q̇ and cancelling it exactly keeps [9.23] exact. The dry part is a step at q̇ = 0,
and at rest the sign of a measured velocity says nothing about the motion to come: it is the
sign of sensor noise, of a creep under stiction, or of the last tick's chatter. Each time a
motion starts from rest, the law then either adds nothing (q̇ = 0 exactly; a joint held by
stiction does not move until the feedback alone exceeds Fc) or adds ±Fc in whichever direction
the joint happened to creep, which holds the creep in that direction (the compensation feeds
its own sign) until the feedback exceeds 2 Fc. Measured on the RX-90 (docs/plants.md): on
MuJoCo, whose dry friction is a stiction constraint, the wrist lagged up to 73 mrad at the
start of a reversal (RMS 10.7 mrad); on the built-in plant with RK4 54 mrad (RMS 8.1 mrad);
only the built-in plant with semi-implicit Euler, whose friction is Fc sign(q̇_k) of the very
sample the controller reads, cancelled exactly (RMS 0.16 mrad), which no physical joint does.

``dry_friction="desired"`` evaluates the dry part at the desired velocity q̇_d instead: the
friction is then compensated in the direction the joint is meant to move, as the feed-forward
τ_ff = Â q̈_d + Ĥ(q_d, q̇_d) and the predictive law [9.31] already do, breaking the stiction at the
start of each motion; the viscous part stays on the measured q̇. Where sign(q̇) = sign(q̇_d),
i.e. whenever the joint follows its reference, the two are the same torque.
"""

from __future__ import annotations

import numpy as np

from .laws import ControlError

__all__ = ["DRY_FRICTION", "FrictionTerm", "checked_dry_friction"]

#: values of the laws' ``dry_friction`` option: where the dry friction is evaluated
DRY_FRICTION = ("desired", "measured")


class FrictionTerm:
    """Γf with its viscous part at q̇ and its dry part at q̇_d, added in place (no allocation).

    Parameters
    ----------
    model : modyn_model.RobotModel
        Friction coefficients: ``viscous`` (Fv), ``coulomb`` (Fc), ``static_friction`` (Fst),
        ``stribeck_velocity`` (v_s; ≤ 0: no Stribeck term).
    """

    def __init__(self, model):
        n = model.n
        self.viscous = np.array(model.viscous, dtype=float)
        self.coulomb = np.array(model.coulomb, dtype=float)
        vs = np.array(model.stribeck_velocity, dtype=float)
        self._stribeck = bool(np.any(vs > 0.0))
        # 1/v_s where there is a Stribeck term (0 elsewhere, where its amplitude is 0 too)
        self._inv_vs = np.where(vs > 0.0, 1.0 / np.where(vs > 0.0, vs, 1.0), 0.0)
        self._extra = np.where(vs > 0.0, np.array(model.static_friction) - self.coulomb, 0.0)
        self._sign = np.zeros(n)
        self._work = np.zeros(n)

    def add(self, v: np.ndarray, v_dry: np.ndarray, out: np.ndarray) -> np.ndarray:
        """``out += Fv v + Fc sign(v_dry) + (Fst − Fc) sign(v_dry) exp(−|v_dry|/v_s)``."""
        work, sign = self._work, self._sign
        np.multiply(self.viscous, v, out=work)
        out += work
        np.sign(v_dry, out=sign)
        np.multiply(self.coulomb, sign, out=work)
        out += work
        if self._stribeck:
            np.abs(v_dry, out=work)
            work *= self._inv_vs
            np.negative(work, out=work)
            np.exp(work, out=work)
            work *= self._extra
            work *= sign
            out += work
        return out


def checked_dry_friction(value: str) -> str:
    """``value`` if it is one of :data:`DRY_FRICTION`, else a ControlError naming the choices."""
    if value not in DRY_FRICTION:
        raise ControlError(f"dry_friction = {value!r}: expected one of {list(DRY_FRICTION)}")
    return value
