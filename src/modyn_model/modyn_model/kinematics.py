"""Forward kinematics and geometric Jacobians of every link frame.

Joint j's transform is ^{a(j)}T_j(q) = T_j(0) · Motion(axis_j, q_j): a rotation about the axis
(revolute) or a translation along it (prismatic), the axis being fixed in R_j. Everything
broadcasts over leading batch axes of q and accepts complex q (used for complex-step
derivatives). These are a RobotModel's implementation of the contract's ``frame_placement``,
``frame_jacobian`` and ``frame_jacobian_dot_v``; other code calls them through the model.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from .joint import PRISMATIC, REVOLUTE
from .spatial import homogeneous, skew

if TYPE_CHECKING:  # the tree's own tables (axes, sigma, parents): RobotModel, not the contract
    from .model import RobotModel

__all__ = [
    "joint_transforms",
    "forward_kinematics",
    "frame_placement",
    "frame_jacobian",
    "frame_jacobian_dot_v",
]

_COMPLEX_STEP = 1e-30


def _cross(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """a × b over the last axis (..., 3): the products and differences np.cross forms, without
    its axis bookkeeping (which costs several times the arithmetic on one configuration)."""
    a0, a1, a2 = a[..., 0], a[..., 1], a[..., 2]
    b0, b1, b2 = b[..., 0], b[..., 1], b[..., 2]
    return np.stack([a1 * b2 - a2 * b1, a2 * b0 - a0 * b2, a0 * b1 - a1 * b0], axis=-1)


def _axis_tables(model: RobotModel):
    def make():
        k = skew(model.axes)  # (n, 3, 3)
        revolute = (model.sigma == REVOLUTE)[:, None, None]
        return np.where(revolute, k, 0.0), np.where(revolute, k @ k, 0.0)

    return model.cached("axis_tables", make)


def joint_transforms(model: RobotModel, q: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """^{a(j)}R_j(q) (..., n, 3, 3) and ^{a(j)}P_j(q) (..., n, 3) for every joint."""
    q = np.asarray(q)
    k, k2 = _axis_tables(model)
    s = np.sin(q)[..., None, None]
    c = np.cos(q)[..., None, None]
    motion = np.eye(3) + s * k + (1.0 - c) * k2  # Rodrigues; identity for prismatic joints
    rot = model.joint_rotations @ motion
    # one configuration: the origins as they are (broadcast_to costs more than this whole step)
    pos = (
        model.joint_origins if q.ndim == 1 else np.broadcast_to(model.joint_origins, q.shape + (3,))
    )
    if model.cached("any_prismatic", lambda: bool(np.any(model.sigma == PRISMATIC))):
        slide = np.where(model.sigma == PRISMATIC, q, 0.0)[..., None] * model.axes
        pos = pos + (model.joint_rotations @ slide[..., None])[..., 0]
    return rot, pos


def forward_kinematics(model: RobotModel, q: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Pose of every body frame in the base: ^0R_j (..., n, 3, 3) and ^0P_j (..., n, 3)."""
    rot, pos = joint_transforms(model, q)
    o_rot = np.empty_like(rot)
    o_pos = np.empty(pos.shape, dtype=np.result_type(rot, pos))
    if rot.ndim == 3:  # one configuration: the same products, without the ellipsis indexing
        for j, p in enumerate(model.parents.tolist()):
            if p < 0:
                o_rot[j] = rot[j]
                o_pos[j] = pos[j]
            else:
                o_rot[j] = o_rot[p] @ rot[j]
                o_pos[j] = (o_rot[p] @ pos[j, :, None])[:, 0] + o_pos[p]
        return o_rot, o_pos
    for j, p in enumerate(model.parents):
        if p < 0:
            o_rot[..., j, :, :] = rot[..., j, :, :]
            o_pos[..., j, :] = pos[..., j, :]
        else:
            o_rot[..., j, :, :] = o_rot[..., p, :, :] @ rot[..., j, :, :]
            o_pos[..., j, :] = (o_rot[..., p, :, :] @ pos[..., j, :, None])[..., 0] + o_pos[
                ..., p, :
            ]
    return o_rot, o_pos


def _chain(model: RobotModel, body: int) -> tuple[np.ndarray, np.ndarray]:
    """The joints from the base to ``body`` (root first) and which of them are revolute."""

    def make():
        chain = []
        j = body
        while j >= 0:
            chain.append(j)
            j = int(model.parents[j])
        chain = np.array(chain[::-1], dtype=int)
        return chain, model.sigma[chain] == REVOLUTE

    return model.cached(("chain", body), make)


def _frame_pose(model: RobotModel, q, frame: str):
    f = model.frame(frame)
    q = np.asarray(q)
    if f.body < 0:
        shape = q.shape[:-1]
        return (
            np.broadcast_to(f.rotation, shape + (3, 3)),
            np.broadcast_to(f.translation, shape + (3,)),
            None,
        )
    o_rot, o_pos = forward_kinematics(model, q)
    r = o_rot[..., f.body, :, :]
    return r @ f.rotation, (r @ f.translation) + o_pos[..., f.body, :], (o_rot, o_pos)


def frame_placement(model: RobotModel, q: np.ndarray, frame: str) -> np.ndarray:
    """4x4 homogeneous pose of a named frame in the base frame, (..., 4, 4)."""
    rot, pos, _ = _frame_pose(model, q, frame)
    return homogeneous(rot, pos)


def frame_jacobian(model: RobotModel, q: np.ndarray, frame: str) -> np.ndarray:
    """Geometric Jacobian (..., 6, n) of a named frame, base axes.

    Rows 0-2 map q̇ to the linear velocity of the frame origin, rows 3-5 to the angular velocity
    (the [linear; angular] order of Khalil [7.20]).
    """
    q = np.asarray(q)
    rot, pos, kin = _frame_pose(model, q, frame)
    jac = np.zeros(q.shape[:-1] + (6, model.n), dtype=np.result_type(q, float))
    if kin is None:
        return jac
    o_rot, o_pos = kin
    chain, revolute = _chain(model, model.frame(frame).body)
    # z_j (base axes) of every joint between the base and the frame, stacked (..., m, 3)
    z = np.stack([o_rot[..., j, :, :] @ model.axes[j] for j in chain], axis=-2)
    lever = pos[..., None, :] - o_pos[..., chain, :]
    linear = np.where(revolute[:, None], _cross(z, lever), z)  # z × (p − o_j), or z (prismatic)
    jac[..., :3, chain] = np.swapaxes(linear, -1, -2)
    jac[..., 3:, chain] = np.swapaxes(np.where(revolute[:, None], z, 0.0), -1, -2)
    return jac


def frame_jacobian_dot_v(model: RobotModel, q: np.ndarray, v: np.ndarray, frame: str) -> np.ndarray:
    """J̇(q, q̇) q̇ of a named frame (..., 6): its [linear; angular] acceleration at q̈ = 0.

    With ẋ = J(q) q̇, ẍ = J q̈ + J̇ q̇ (the classical acceleration of the frame origin, base axes).
    J̇ = Σ_k ∂J/∂q_k q̇_k is the derivative of J along q̇, computed as Im J(q + i h q̇) / h
    (complex step: no subtraction, exact to rounding; these kinematics accept complex q).
    """
    q = np.asarray(q, dtype=float)
    v = np.asarray(v, dtype=float)
    jac = frame_jacobian(model, q + 1j * _COMPLEX_STEP * v, frame)
    return np.einsum("...ij,...j->...i", jac.imag / _COMPLEX_STEP, v)
