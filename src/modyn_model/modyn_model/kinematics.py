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
    "frame_motion",
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
    """Pose of every body frame in the base: ^0R_j (..., n, 3, 3) and ^0P_j (..., n, 3).

    For one real configuration the result of the last call is kept on the model and a copy of
    it returned when the next call has the same q, bit for bit: the constraint rows of a
    standing quadruped ask for four feet at one q, one pass instead of four. The caller owns
    the arrays it gets, as before (the copies cost about 1 µs, the pass 100-300 µs)."""
    q = np.asarray(q)
    single = q.ndim == 1 and q.dtype == np.float64
    memo = getattr(model, "_cache", None) if single else None
    if memo is not None:
        key = q.tobytes()
        hit = memo.get("forward_kinematics_last")
        if hit is not None and hit[0] == key:
            return hit[1].copy(), hit[2].copy()
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
        if memo is not None:  # a copy: the caller may write into what it gets
            memo["forward_kinematics_last"] = (key, o_rot.copy(), o_pos.copy())
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


def frame_motion(
    model: RobotModel, q: np.ndarray, v: np.ndarray, frame: str
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Pose (..., 4, 4), Jacobian J (..., 6, n) and J̇ q̇ (..., 6) of a named frame from one
    forward-kinematics pass (what a task-space law needs at each tick).

    Along the chain 0..m of joints from the base to the frame (z_c the joint axis, o_c the
    origin of its frame, p the frame origin, all base axes), with the running sums over the
    chain W_c = Σ_{k≤c} σ̄_k q̇_k z_k (the angular velocity of body c), M_c = Σ_{k≤c} σ̄_k q̇_k
    z_k × o_k and P_c = Σ_{k≤c} σ_k q̇_k z_k, the velocity of the point o_c is
    ȯ_c = W_c × o_c − M_c + P_c and ṗ = W_m × p − M_m + P_m. The axis z_c turns with the body
    before it, ż_c = W_{c−1} × z_c, so the derivative of J's columns along q̇ gives

        J̇ q̇ = Σ_c q̇_c [σ̄_c (ż_c × (p − o_c) + z_c × (ṗ − ȯ_c)) + σ_c ż_c ;  σ̄_c ż_c]

    (the real-arithmetic form of :func:`frame_jacobian_dot_v`'s complex step; equal to it to
    rounding, see the tests).
    """
    q = np.asarray(q, dtype=float)
    v = np.asarray(v, dtype=float)
    rot, pos, kin = _frame_pose(model, q, frame)
    shape = np.broadcast_shapes(q.shape[:-1], v.shape[:-1])
    jac = np.zeros(shape + (6, model.n))
    bias = np.zeros(shape + (6,))
    pose = homogeneous(rot, pos)
    if kin is None:
        return np.broadcast_to(pose, shape + (4, 4)), jac, bias
    o_rot, o_pos = kin
    chain, revolute = _chain(model, model.frame(frame).body)
    z = np.einsum("...jab,jb->...ja", o_rot[..., chain, :, :], model.axes[chain])  # (..., m, 3)
    o = o_pos[..., chain, :]
    if z.ndim == 2 and v.ndim == 1:  # one configuration, the control loop's case
        _motion_one(
            z.tolist(),
            o.tolist(),
            pos.tolist(),
            v[chain].tolist(),
            revolute.tolist(),
            chain.tolist(),
            jac,
            bias,
        )
        return pose, jac, bias
    lever = pos[..., None, :] - o
    linear = np.where(revolute[:, None], _cross(z, lever), z)
    jac[..., :3, chain] = np.swapaxes(linear, -1, -2)
    jac[..., 3:, chain] = np.swapaxes(np.where(revolute[:, None], z, 0.0), -1, -2)
    qd = v[..., chain][..., None]  # (..., m, 1)
    rev = revolute[:, None]
    w_terms = np.where(rev, qd * z, 0.0)
    w = np.cumsum(w_terms, axis=-2)  # W_c
    m_sum = np.cumsum(_cross(w_terms, o), axis=-2)  # M_c
    p_sum = np.cumsum(np.where(rev, 0.0, qd * z), axis=-2)  # P_c
    o_dot = _cross(w, o) - m_sum + p_sum
    p_dot = _cross(w[..., -1, :], pos) - m_sum[..., -1, :] + p_sum[..., -1, :]
    w_before = np.concatenate([np.zeros_like(w[..., :1, :]), w[..., :-1, :]], axis=-2)
    z_dot = _cross(w_before, z)
    lin = np.where(rev, _cross(z_dot, lever) + _cross(z, p_dot[..., None, :] - o_dot), z_dot)
    bias[..., :3] = np.sum(qd * lin, axis=-2)
    bias[..., 3:] = np.sum(np.where(rev, qd * z_dot, 0.0), axis=-2)
    return pose, jac, bias


def _motion_one(z, o, p, qd, revolute, chain, jac, bias) -> None:
    """:func:`frame_motion`'s J and J̇ q̇ for one configuration, in Python floats (a chain of a
    few 3-vectors: numpy's per-call overhead would cost several times the arithmetic)."""
    px, py, pz = p
    wx = wy = wz = mx = my = mz = sx = sy = sz = 0.0
    w_before, o_dot = [], []
    for (zx, zy, zz), (ox, oy, oz), q1, rev in zip(z, o, qd, revolute, strict=True):
        w_before.append((wx, wy, wz))
        if rev:
            wx, wy, wz = wx + q1 * zx, wy + q1 * zy, wz + q1 * zz
            mx += q1 * (zy * oz - zz * oy)
            my += q1 * (zz * ox - zx * oz)
            mz += q1 * (zx * oy - zy * ox)
        else:
            sx, sy, sz = sx + q1 * zx, sy + q1 * zy, sz + q1 * zz
        # ȯ_c = W_c × o_c − M_c + P_c
        o_dot.append(
            (wy * oz - wz * oy - mx + sx, wz * ox - wx * oz - my + sy, wx * oy - wy * ox - mz + sz)
        )
    # ṗ = W_m × p − M_m + P_m
    pdx, pdy, pdz = (
        wy * pz - wz * py - mx + sx,
        wz * px - wx * pz - my + sy,
        wx * py - wy * px - mz + sz,
    )
    b0 = b1 = b2 = b3 = b4 = b5 = 0.0
    for c, j in enumerate(chain):
        zx, zy, zz = z[c]
        ax, ay, az = w_before[c]
        # ż_c = W_{c-1} × z_c
        dx, dy, dz = ay * zz - az * zy, az * zx - ax * zz, ax * zy - ay * zx
        q1 = qd[c]
        if revolute[c]:
            ox, oy, oz = o[c]
            lx, ly, lz = px - ox, py - oy, pz - oz
            jac[0, j] = zy * lz - zz * ly
            jac[1, j] = zz * lx - zx * lz
            jac[2, j] = zx * ly - zy * lx
            jac[3, j], jac[4, j], jac[5, j] = zx, zy, zz
            ux, uy, uz = o_dot[c]
            ex, ey, ez = pdx - ux, pdy - uy, pdz - uz
            b0 += q1 * (dy * lz - dz * ly + zy * ez - zz * ey)
            b1 += q1 * (dz * lx - dx * lz + zz * ex - zx * ez)
            b2 += q1 * (dx * ly - dy * lx + zx * ey - zy * ex)
            b3 += q1 * dx
            b4 += q1 * dy
            b5 += q1 * dz
        else:
            jac[0, j], jac[1, j], jac[2, j] = zx, zy, zz
            b0 += q1 * dx
            b1 += q1 * dy
            b2 += q1 * dz
    bias[:] = (b0, b1, b2, b3, b4, b5)
