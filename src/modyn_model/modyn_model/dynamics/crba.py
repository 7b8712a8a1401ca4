"""Inertia matrix A(q) by composite links (Khalil Appendix 8, CRBA), with rotor inertia.

Body j's composite spatial inertia (itself and everything it carries) is accumulated from the
leaves with the screw transform [7.23a]: 𝒥c_{a(j)} += ^jT_{a(j)}ᵀ 𝒥c_j ^jT_{a(j)}. Column j of A
is then the wrench 𝒥c_j ^j𝐚_j carried down to each ancestor i and projected on its axis;
Ia_j is added on the diagonal [7.29].
"""

from __future__ import annotations

import numpy as np

from ..inertia import spatial_inertia
from ..kinematics import joint_transforms
from ..spatial import screw_transform

__all__ = ["crba", "mass_matrix", "joint_screws", "link_screw_transforms"]


def joint_screws(model) -> np.ndarray:
    """^j𝐚_j = [σ_j a_j; σ̄_j a_j] for every joint, (n, 6) [7.23b]."""

    def make():
        prismatic = (model.sigma == 1)[:, None]
        screws = np.concatenate(
            [np.where(prismatic, model.axes, 0.0), np.where(prismatic, 0.0, model.axes)], axis=1
        )
        screws.flags.writeable = False
        return screws

    return model.cached("joint_screws", make)


def link_screw_transforms(model, q) -> np.ndarray:
    """^jT_{a(j)} (..., n, 6, 6) for every joint [7.23a]."""
    rot, pos = joint_transforms(model, q)
    return screw_transform(np.swapaxes(rot, -1, -2), pos)


def crba(model, q: np.ndarray) -> np.ndarray:
    """A(q) without input checks (q may be complex), (..., n, n)."""
    q = np.asarray(q)
    n = model.n
    x = link_screw_transforms(model, q)
    xt = np.swapaxes(x, -1, -2)
    composite = np.broadcast_to(
        spatial_inertia(model.inertial_parameters), q.shape[:-1] + (n, 6, 6)
    ).astype(x.dtype)
    for j in range(n - 1, -1, -1):
        p = model.parents[j]
        if p >= 0:
            composite[..., p, :, :] += xt[..., j, :, :] @ composite[..., j, :, :] @ x[..., j, :, :]
    screws = joint_screws(model)
    out = np.zeros(q.shape[:-1] + (n, n), dtype=x.dtype)
    for j in range(n):
        wrench = composite[..., j, :, :] @ screws[j]
        out[..., j, j] = wrench @ screws[j] + model.armature[j]
        i = j
        while model.parents[i] >= 0:
            wrench = (xt[..., i, :, :] @ wrench[..., None])[..., 0]
            i = model.parents[i]
            out[..., i, j] = out[..., j, i] = wrench @ screws[i]
    return out


def mass_matrix(model, q) -> np.ndarray:
    """Checked A(q) (kg·m², kg), symmetric positive definite, (..., n, n)."""
    from ..codegen.runtime import fast_mass_matrix, quick_call

    out = quick_call(model, ("mass_matrix",), (q,), (model.n, model.n))
    if out is not None:
        return out
    return fast_mass_matrix(model, model.check_state("q", q))
