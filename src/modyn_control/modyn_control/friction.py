"""The friction term of the model-based laws: evaluated at the desired or the measured velocity.

The model's joint friction (Khalil [7.26]) is

    Γf(q̇) = Fv q̇ + Fc sign(q̇) + (Fst − Fc) sign(q̇) exp(−|q̇| / v_s).

Computed torque [9.22] puts Γf(q̇) of the *measured* q̇ in Ĥ, i.e. it cancels the friction by
feedback at the control rate. Two parts of Γf defeat that on a physical joint:

* **the dry part** (Coulomb, Stribeck) is a step at q̇ = 0, and at rest the sign of a measured
  velocity says nothing about the motion to come: it is the sign of sensor noise, of a creep
  under stiction, or of the last tick's chatter. Each time a motion starts from rest the law
  adds either nothing (q̇ = 0 exactly; a joint held by stiction moves only once the feedback
  alone exceeds Fc) or ±Fc in whichever direction the joint happened to creep, and that
  compensation keeps the creep going its way until the feedback exceeds 2 Fc. Measured on the
  RX-90 (docs/plants.md): on MuJoCo, whose dry friction is a stiction constraint, the wrist
  lagged up to 73 mrad at the start of a reversal (RMS 10.7 mrad); on the built-in plant with
  RK4 54 mrad (RMS 8.1 mrad). Only the built-in plant with semi-implicit Euler, whose friction
  is Fc sign(q̇_k) of the very sample the controller reads, cancelled exactly (0.16 mrad), which
  no physical joint does.
* **stiff viscous damping** (a time constant I/Fv shorter than the control period: the xarm7
  wrist of example-robot-data, 2 N·m·s/rad on 1.4e-4 kg·m², 68 µs) relaxes the joint to the
  velocity τ/Fv within one period, whatever was measured at its start: a feedback Fv·q̇_k cannot
  cancel it, and the law's w reaches the joint divided by about dt·Fv/I (14.7 there; measured
  0.83 rad RMS on that joint under computed torque, 0.46 rad on joint6, against 3 mrad as
  below).

``friction_velocity="desired"`` evaluates Γf at the desired velocity q̇_d: the friction becomes
a feed-forward, as in τ_ff = Â q̈_d + Ĥ(q_d, q̇_d) and in the predictive law [9.31], compensated in
the direction the joint is meant to move (stiction is broken as the motion starts) and at the
velocity the damping should settle to. Where q̇ = q̇_d it is the same torque; otherwise the
viscous part leaves −Fv ė, an extra damping of the error dynamics [9.25] (Fv/A_jj, e.g.
10 s⁻¹ on the RX-90's last joint against K_d = 20 s⁻¹).

A model with *coupled* friction (optional contract attribute ``coupled_friction`` True, see
:mod:`modyn_model.contract`; a geared arm's motor friction Γf = Sᵀ (Fv S v + Fc sign(S v))) has a
Γf the per-coordinate arrays cannot hold: :class:`FrictionTerm` then adds the model's own
``friction_forces(v)`` at the same velocity (desired or measured), and the measured choice is
the model's ``inverse_dynamics(friction=True)``, which contains it already.
"""

from __future__ import annotations

import numpy as np

from .laws import ControlError

__all__ = ["FRICTION_VELOCITIES", "FrictionTerm", "checked_friction_velocity"]

#: values of the laws' ``friction_velocity`` option: where Ĥ's friction Γf is evaluated
FRICTION_VELOCITIES = ("desired", "measured")


class FrictionTerm:
    """Γf(v) added in place, with buffers allocated once.

    Parameters
    ----------
    model : modyn_model.RobotModel
        Friction coefficients: ``viscous`` (Fv), ``coulomb`` (Fc), ``static_friction`` (Fst),
        ``stribeck_velocity`` (v_s; ≤ 0: no Stribeck term), as
        :func:`modyn_model.dynamics.friction.friction_torques` reads them; or, when the model
        has ``coupled_friction`` True, its ``friction_forces(v)`` (the complete Γf, arrays
        included), called per tick: that call allocates its result (the model's method has no
        output buffer), the rest of :meth:`add` does not.
    """

    def __init__(self, model):
        n = model.nv
        # coupled friction (modyn_model.contract): the model's own Γf(v), not the arrays
        self._coupled = model.friction_forces if getattr(model, "coupled_friction", False) else None
        self.viscous = np.array(model.viscous, dtype=float)
        self.coulomb = np.array(model.coulomb, dtype=float)
        vs = np.array(model.stribeck_velocity, dtype=float)
        self._stribeck = bool(np.any(vs > 0.0))
        # 1/v_s where there is a Stribeck term (0 elsewhere, where its amplitude is 0 too)
        self._inv_vs = np.where(vs > 0.0, 1.0 / np.where(vs > 0.0, vs, 1.0), 0.0)
        self._extra = np.where(vs > 0.0, np.array(model.static_friction) - self.coulomb, 0.0)
        self._sign = np.zeros(n)
        self._work = np.zeros(n)

    def add(self, v: np.ndarray, out: np.ndarray) -> np.ndarray:
        """``out += Fv v + Fc sign(v) + (Fst − Fc) sign(v) exp(−|v|/v_s)``; returns ``out``."""
        if self._coupled is not None:
            out += self._coupled(v)
            return out
        work, sign = self._work, self._sign
        np.multiply(self.viscous, v, out=work)
        out += work
        np.sign(v, out=sign)
        np.multiply(self.coulomb, sign, out=work)
        out += work
        if self._stribeck:
            np.abs(v, out=work)
            work *= self._inv_vs
            np.negative(work, out=work)
            np.exp(work, out=work)
            work *= self._extra
            work *= sign
            out += work
        return out


def checked_friction_velocity(value: str) -> str:
    """``value`` if it is one of :data:`FRICTION_VELOCITIES`, else a ControlError naming them."""
    if value not in FRICTION_VELOCITIES:
        raise ControlError(
            f"friction_velocity = {value!r}: expected one of {list(FRICTION_VELOCITIES)}"
        )
    return value
