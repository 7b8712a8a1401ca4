"""Khalil's standard parameters of a fixed-base tree: names, values, and back to a model.

Per joint j (1-based in the names, Khalil's numbering) the 14 standard parameters are, in
this order (Khalil §7.4.2, [7.3], [7.26], [7.29])::

    XXj XYj XZj YYj YZj ZZj MXj MYj MZj Mj Iaj Fcj Fvj offsetj

* XX..ZZ: the inertia tensor of link j about the joint-frame origin O_j, in the axes R_j of the
  joint frame (a modified-DH frame, or the URDF joint frame = child link frame); the products
  carry their minus sign (XY = −∫xy dm), as URDF's ``ixy`` does (kg·m²).
* MX MY MZ: first moments M·S, S = O_jG_j in R_j (kg·m); M: mass (kg).
* Ia: rotor inertia reflected to the joint (kg·m² or kg), Ia q̈_j.
* Fc, Fv: Coulomb and viscous friction, Fc sign(q̇_j) + Fv q̇_j (N·m, N·m·s/rad).
* offset: a constant joint torque (N·m), e.g. a current-sensor offset; a model has none, so the
  standard value is 0 and :func:`model_with_standard_parameters` cannot store it.

These are the model's own ``inertial_parameters`` rows (already about O_j in R_j) and its
:class:`~modyn_model.joint.JointExtras`. The Stribeck term of [7.26] is not linear in any
parameter and is not part of χ: :func:`nonlinear_friction` returns it, so that
τ = W χ + nonlinear_friction(model, q̇) exactly.
"""

from __future__ import annotations

import numpy as np

from ..errors import JointError, StateError, UnsupportedError
from ..inertia import PARAMETER_NAMES

__all__ = [
    "STANDARD_FIELDS",
    "N_STANDARD",
    "parameter_names",
    "standard_parameters",
    "model_with_standard_parameters",
    "nonlinear_friction",
    "check_fixed_base",
]

#: the 14 standard parameters of one joint, in column order
STANDARD_FIELDS = (*PARAMETER_NAMES, "Ia", "Fc", "Fv", "offset")
#: number of standard parameters per joint
N_STANDARD = len(STANDARD_FIELDS)


def check_fixed_base(model, what: str = "this function") -> None:
    """Raise :class:`UnsupportedError` unless ``model`` is a fixed-base tree (RobotModel-like)."""
    if getattr(model, "floating_base", False):
        raise UnsupportedError(
            f"{getattr(model, 'source', model)}: {what} supports fixed-base trees only (a "
            "floating-base model has the regressor and standard parameters, not this yet)"
        )
    for attr in ("inertial_parameters", "parents", "sigma", "axes", "joint_rotations"):
        if not hasattr(model, attr):
            raise UnsupportedError(
                f"{type(model).__name__} {getattr(model, 'name', '')!r}: the identification "
                "regressor needs a RobotModel (a fixed-base kinematic tree); mechanism models "
                f"(no '{attr}') are not supported"
            )


def _limbs(model):
    """(the fixed-base tree, True for a floating base) of a supported model."""
    if getattr(model, "floating_base", False) and hasattr(model, "limb_model"):
        check_fixed_base(model.limb_model)
        return model.limb_model, True
    check_fixed_base(model)
    return model, False


def parameter_names(model) -> tuple[str, ...]:
    """Names of the 14n standard parameters, e.g. ``("XX1", ..., "offset1", "XX2", ...)``; a
    floating base first has its body's 10, ``("XX0", ..., "M0")``."""
    tree, floating = _limbs(model)
    names = tuple(f"{f}{j + 1}" for j in range(tree.n) for f in STANDARD_FIELDS)
    return tuple(f"{f}0" for f in PARAMETER_NAMES) + names if floating else names


def standard_parameters(model) -> np.ndarray:
    """The model's standard parameter vector χ (14n,), ordered as :func:`parameter_names` (a
    floating base: its body's 10 parameters about the base origin, base axes, first)."""
    tree, floating = _limbs(model)
    if floating:
        return np.concatenate([model.root_params, standard_parameters(tree)])
    n = model.n
    chi = np.zeros((n, N_STANDARD))
    chi[:, :10] = model.inertial_parameters
    chi[:, 10] = model.armature
    chi[:, 11] = model.coulomb
    chi[:, 12] = model.viscous
    return chi.reshape(-1)


def model_with_standard_parameters(model, chi, *, offset: str = "drop"):
    """The same robot with the standard parameters χ (14n,): its (n, 10) inertial rows and its
    joint extras (Ia → ``rotor_inertia``, Fc → ``coulomb``, Fv → ``viscous``).

    Parameters
    ----------
    model : RobotModel
    chi : (14n,)
        Standard parameters (SI units, see the module docstring).
    offset : {"drop", "error"}
        A model has no constant joint torque: ``"drop"`` (default) ignores the offsets,
        ``"error"`` raises :class:`StateError` if one is non-zero.

    Raises
    ------
    StateError
        Wrong length or non-finite entries (naming the parameter).
    JointError
        A negative Ia, Fc or Fv (the joint extras accept none), naming the joint.
    """
    tree, floating = _limbs(model)
    if floating:
        x = np.asarray(chi, dtype=float)
        size = 10 + N_STANDARD * tree.n
        if x.shape != (size,):
            raise StateError(
                f"standard parameters for '{model.name}' must have shape ({size},) (10 for the "
                f"base, 14 per joint), got {x.shape}"
            )
        bad = np.flatnonzero(~np.isfinite(x[:10]))
        if bad.size:
            raise StateError(f"standard parameter {PARAMETER_NAMES[bad[0]]}0 is not finite")
        limbs = model_with_standard_parameters(tree, x[10:], offset=offset)
        from ..floating import FloatingBaseModel

        return FloatingBaseModel(limbs, x[:10], prefix=model.prefix)
    n = model.n
    names = parameter_names(model)
    x = np.asarray(chi, dtype=float)
    if x.shape != (N_STANDARD * n,):
        raise StateError(
            f"standard parameters for '{model.name}' must have shape ({N_STANDARD * n},) "
            f"(14 per joint), got {x.shape}"
        )
    bad = np.flatnonzero(~np.isfinite(x))
    if bad.size:
        raise StateError(f"standard parameter {names[bad[0]]} is not finite: {x[bad[0]]}")
    if offset not in ("drop", "error"):
        raise StateError(f"offset must be 'drop' or 'error', got {offset!r}")
    rows = x.reshape(n, N_STANDARD)
    if offset == "error" and np.any(rows[:, 13] != 0.0):
        j = int(np.flatnonzero(rows[:, 13])[0])
        raise StateError(
            f"standard parameter offset{j + 1} = {rows[j, 13]} (joint '{model.joint_names[j]}') "
            "is not zero and a model has no constant joint torque"
        )
    extras = []
    for j, ex in enumerate(model.extras):
        ia, fc, fv = (float(v) for v in rows[j, 10:13])
        for field, value in (("Ia", ia), ("Fc", fc), ("Fv", fv)):
            if value < 0.0:
                raise JointError(
                    f"standard parameter {field}{j + 1} = {value} of joint "
                    f"'{model.joint_names[j]}' is negative; the joint extras accept only >= 0"
                )
        # Ia is stored as rotor_inertia; with Ia = 0 the motor inertia must go too, or
        # JointExtras.armature would fall back to N² Jm [7.29]
        changes = {"rotor_inertia": ia, "coulomb": fc, "viscous": fv}
        if ia == 0.0:
            changes["motor_inertia"] = 0.0
        extras.append(ex.merged(**changes))
    return model.with_parameters(rows[:, :10].copy(), extras)


def nonlinear_friction(model, v) -> np.ndarray:
    """The Stribeck part of [7.26], (Fst − Fc) sign(q̇) exp(−|q̇|/v_s), (..., n) (N·m or N):
    the only term of ``model.inverse_dynamics`` that W χ does not contain (zero unless a joint
    has ``stribeck_velocity`` > 0 and ``static`` ≠ ``coulomb``)."""
    tree, floating = _limbs(model)
    v = np.asarray(v, dtype=float)
    if floating:
        out = np.zeros_like(v)
        out[..., 6:] = nonlinear_friction(tree, v[..., 6:])
        return out
    vs = model.stribeck_velocity
    if not np.any(vs > 0.0):
        return np.zeros_like(v)
    scale = np.where(vs > 0.0, vs, 1.0)
    extra = np.where(vs > 0.0, model.static_friction - model.coulomb, 0.0)
    return extra * np.sign(v) * np.exp(-np.abs(v) / scale)
