"""Joint friction, Khalil [7.26]-[7.28] (see :mod:`modyn_model.joint` for the conventions)."""

from __future__ import annotations

import numpy as np

__all__ = ["friction_torques"]


def friction_torques(model, v: np.ndarray) -> np.ndarray:
    """Γf = Fc sign(q̇) + Fv q̇ + (Fst − Fc) sign(q̇) exp(−|q̇|/v_s), per joint (..., n)."""
    v = np.asarray(v, dtype=float)
    sign = np.sign(v)
    out = model.coulomb * sign + model.viscous * v  # [7.27]
    vs = model.stribeck_velocity
    if np.any(vs > 0.0):
        scale = np.where(vs > 0.0, vs, 1.0)
        extra = np.where(vs > 0.0, model.static_friction - model.coulomb, 0.0)
        out = out + extra * sign * np.exp(-np.abs(v) / scale)  # [7.26]
    return out
