"""Kinetic and potential energy, Khalil [7.16]-[7.18] and [7.25b]."""

from __future__ import annotations

import numpy as np

from ..joint import REVOLUTE
from ..kinematics import forward_kinematics, joint_transforms

__all__ = ["kinetic_energy", "potential_energy"]


def kinetic_energy(model, q, v) -> np.ndarray:
    """E = Σ_j ½[ωᵀJω + M VᵀV + 2 MSᵀ(V × ω)] [7.16] + Σ ½ Ia q̇² (J), shape (...)."""
    q = model.check_state("q", q)
    v = model.check_state("v", v)
    rot, pos = joint_transforms(model, q)
    rot_t = np.swapaxes(rot, -1, -2)
    batch = np.broadcast_shapes(q.shape[:-1], v.shape[:-1])
    w = [None] * model.n
    lin = [None] * model.n
    energy = 0.5 * np.sum(model.armature * v * v, axis=-1)
    zero = np.zeros(batch + (3,))
    for j in range(model.n):
        p = model.parents[j]
        w_prev, v_prev = (zero, zero) if p < 0 else (w[p], lin[p])
        rt = rot_t[..., j, :, :]
        w_in = (rt @ w_prev[..., None])[..., 0]  # [7.17]
        lin[j] = (rt @ (v_prev + np.cross(w_prev, pos[..., j, :]))[..., None])[..., 0]  # [7.18]
        joint = v[..., j, None] * model.axes[j]
        if model.sigma[j] == REVOLUTE:
            w[j] = w_in + joint
        else:
            w[j] = w_in
            lin[j] = lin[j] + joint
        prm = model.inertial_parameters[j]
        inertia = np.array(
            [[prm[0], prm[1], prm[2]], [prm[1], prm[3], prm[4]], [prm[2], prm[4], prm[5]]]
        )
        energy = energy + 0.5 * (
            np.einsum("...i,ij,...j->...", w[j], inertia, w[j])
            + prm[9] * np.sum(lin[j] * lin[j], axis=-1)
            + 2.0 * np.cross(lin[j], w[j]) @ prm[6:9]
        )
    return energy


def potential_energy(model, q) -> np.ndarray:
    """U = −Σ_j gᵀ(M_j ^0P_j + ^0R_j ^jMS_j) [7.25b] (J), shape (...)."""
    q = model.check_state("q", q)
    o_rot, o_pos = forward_kinematics(model, q)
    prm = model.inertial_parameters
    moment = prm[:, 9, None] * o_pos + (o_rot @ prm[:, 6:9, None])[..., 0]
    return -np.sum(moment @ model.gravity_vector, axis=-1)
