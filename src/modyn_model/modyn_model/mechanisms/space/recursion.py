"""DQ forward kinematics, the velocity/acceleration recursion and the recursive DQ inverse
dynamics of a :class:`~.chain.DQChain` (paper eqs. 8–23 with the note's corrections).

Outside order (every function here): the base pose q̂_B = q̂_{n,n+1} (..., 8, eq. 4, world =
frame n + 1), joint positions θ (..., nj) in URDF order, generalized velocities
ν = [ω_B (3), v_B (3), θ̇ (nj)] (the floating hinge's (ω, v), Table 2, base axes; then URDF
order) and generalized forces Γ = [T_B (3), F_B (3), τ (nj)] (note §4.2: dual to ν, torque
first; the base wrench about the base origin in base axes).

The algorithm (eq. 23 as corrected in note §6; k = n the floating hinge)::

    ω̂_{n+1} = 0,  E_{n+1} = (0, 0) + ε(0, −g)     (gravity by the base-acceleration trick)
    for k = n … 1:                                  (base → tip)
        ω̂_k = Ad(q̂_{k,k+1}) ω̂_{k+1} + Ĥ_k θ̇_k                          eq. (11)
        α̂_k = ω̂_k × Ĥ_k θ̇_k                  eq. (15), note §5 closed form (A9)
        E_k  = Ad(q̂_{k,k+1}) E_{k+1} + α̂_k + Ĥ_k θ̈_k                   eq. (16)
    f̂_0 = −f̂_tip (the external wrench on body 1 at d_1, if any)
    for k = 1 … n:                                  (tip → base)
        f̂_k = Ad(q̂*_{k−1,k}) f̂_{k−1} + M̂_k E_k + ω̂_k × M̂_k ω̂_k          eq. (21)
        τ_k = Ĥ_kᵀ P f̂_k                     eq. (22), note §6 correction (A10: swap)

with Ad(q̂)x = q̂*∘x∘q̂ and × the corrected dual cross (A3). E_k = ∂^k ω̂_k/∂t is the derivative
of the body-frame twist components (the spatial acceleration in body axes).
"""

from __future__ import annotations

import numpy as np

from ...dualquat import dqadjoint_matrix_unit, dqcross, dqmul, dqswap
from .chain import PRISMATIC_HINGE, DQChain

__all__ = [
    "relative_poses",
    "adjoints",
    "link_poses",
    "hinge_twists",
    "velocities",
    "accelerations",
    "inverse_dynamics",
    "gravity_twist",
    "arm_reaction",
    "articulated_body_forward_dynamics",
]


def _joint_motions(chain: DQChain, theta: np.ndarray) -> np.ndarray:
    """q̂_{d_k t_k}(θ_k) (..., n − 1, 8), internal order: the rotation (cos θ/2, sin θ/2 a) + ε0
    or the translation 1 + ε ½(0, θ a) (eq. 10)."""
    th = theta[..., list(chain.urdf_joint[:-1])]
    out = np.zeros(th.shape + (8,))
    ax = chain.axis[:-1]
    prismatic = np.array([k == PRISMATIC_HINGE for k in chain.kinds[:-1]], dtype=bool)
    h = 0.5 * th
    out[..., 0] = np.where(prismatic, 1.0, np.cos(h))
    out[..., 1:4] = np.where(prismatic[:, None], 0.0, np.sin(h)[..., None] * ax)
    out[..., 5:8] = np.where(prismatic[:, None], h[..., None] * ax, 0.0)
    return out


def relative_poses(chain: DQChain, qhat_base, theta) -> np.ndarray:
    """q̂_{k,k+1} for k = 1..n (..., n, 8), internal order; the last is q̂_B.
    q̂_{k,k+1} = q̂_{t_k d_{k+1}} ∘ q̂_{d_k t_k}(θ_k) (eq. 10), all bodies in one product."""
    theta = np.asarray(theta, dtype=float)
    qhat_base = np.asarray(qhat_base, dtype=float)
    batch = np.broadcast_shapes(theta.shape[:-1], qhat_base.shape[:-1])
    out = np.empty(batch + (chain.n, 8))
    if chain.n > 1:
        dqmul(chain.mount[:-1], _joint_motions(chain, theta), out=out[..., :-1, :])
    out[..., -1, :] = qhat_base
    return out


def adjoints(rel: np.ndarray) -> np.ndarray:
    """Q_{k,k+1} = [q̂*]⁺[q̂]⁻ (..., n, 8, 8) (eq. 24) for the relative poses (..., n, 8), built
    from R and r^b (:func:`~...dualquat.dqadjoint_matrix_unit`; unit DQs)."""
    return dqadjoint_matrix_unit(rel)


def link_poses(chain: DQChain, qhat_base, theta) -> list[np.ndarray]:
    """World poses q̂_{k,0} = q̂_{k+1,0}∘q̂_{k,k+1} of bodies k = 1..n (list of (..., 8),
    internal order): DQ forward kinematics."""
    rel = relative_poses(chain, qhat_base, theta)
    world = [None] * chain.n
    world[-1] = rel[..., -1, :]
    for i in range(chain.n - 2, -1, -1):
        world[i] = dqmul(world[i + 1], rel[..., i, :])
    return world


def hinge_twists(chain: DQChain, nu) -> np.ndarray:
    """Ĥ_k θ̇_k (..., n, 8) for generalized rates ν (outside order)."""
    nu = np.asarray(nu, dtype=float)
    out = np.zeros(nu.shape[:-1] + (chain.n, 8))
    if chain.n > 1:
        rates = nu[..., [6 + j for j in chain.urdf_joint[:-1]]]
        out[..., :-1, :] = rates[..., None] * chain.hinge_columns
    out[..., -1, 1:4] = nu[..., 0:3]
    out[..., -1, 5:8] = nu[..., 3:6]
    return out


def _mv(m: np.ndarray, x: np.ndarray) -> np.ndarray:
    return (m @ x[..., None])[..., 0]


def velocities(chain: DQChain, rel: np.ndarray, nu, q_blocks: np.ndarray | None = None):
    """Body twists ω̂_k (..., n, 8), internal order: eqs. (11)–(12), base → tip."""
    hq = hinge_twists(chain, nu)
    qb = adjoints(rel) if q_blocks is None else q_blocks
    batch = np.broadcast_shapes(qb.shape[:-3], hq.shape[:-2])
    w = np.empty(batch + (chain.n, 8))
    w[..., -1, :] = hq[..., -1, :]  # ω̂_{n+1} = 0
    for i in range(chain.n - 2, -1, -1):
        w[..., i, :] = _mv(qb[..., i, :, :], w[..., i + 1, :]) + hq[..., i, :]
    return w


def gravity_twist(gravity, batch: tuple = ()) -> np.ndarray:
    """E_{n+1} = (0, 0) + ε(0, −g) (..., 8): the inertial frame accelerating at −g (world axes)."""
    e = np.zeros(batch + (8,))
    e[..., 5:8] = -np.asarray(gravity, dtype=float)
    return e


def accelerations(
    chain: DQChain, rel: np.ndarray, nu, nudot, gravity=None, q_blocks: np.ndarray | None = None
) -> tuple[np.ndarray, np.ndarray]:
    """(twists ω̂_k, accelerations E_k) (..., n, 8), internal order: eqs. (11), (16) with α̂_k of
    note §5 (A9). ``gravity`` (3,) world m/s² enters as E_{n+1} = −g; ``nudot`` None means 0."""
    qb = adjoints(rel) if q_blocks is None else q_blocks
    hq = hinge_twists(chain, nu)
    w = velocities(chain, rel, nu, qb)
    e = dqcross(w, hq)  # α̂_k = ω̂_k × Ĥ_k θ̇_k (∂Ĥ/∂t = 0 for Table 2)
    if nudot is not None:
        e = e + hinge_twists(chain, nudot)
    if gravity is not None:
        e[..., -1, :] += _mv(qb[..., -1, :, :], gravity_twist(gravity, e.shape[:-2]))
    for i in range(chain.n - 2, -1, -1):
        e[..., i, :] += _mv(qb[..., i, :, :], e[..., i + 1, :])
    return w, e


def inverse_dynamics(
    chain: DQChain,
    qhat_base,
    theta,
    nu,
    nudot=None,
    gravity=None,
    f_tip=None,
    *,
    return_wrenches: bool = False,
):
    """Γ (..., N) = [T_B, F_B, τ (URDF order)] by the recursive DQ inverse dynamics (eq. 23,
    note §6 corrections: α̂ closed form, corrected cross, τ_k = Ĥ_kᵀ P f̂_k).

    The tip → base pass carries the swapped wrenches W_k = P f̂_k, for which the transfer
    Ad(q̂*_{k−1,k}) = Ad(q̂_{k−1,k})⁻¹ becomes P Ad⁻¹ P = Q_{k−1,k}ᵀ (note §11 identity): one
    8×8 transpose-product per body instead of two DQ products.

    Parameters
    ----------
    qhat_base : (..., 8) unit DQ of the base in the world
    theta : (..., nj) rad / m;  nu, nudot : (..., N) rates and their derivatives (None = 0)
    gravity : (3,) m/s², world axes, or None
    f_tip : (..., 8) optional external wrench F + εT acting on body 1 at its origin d_1
        (body-1 axes)
    return_wrenches : also return the hinge wrenches f̂_k (..., n, 8), internal order,
        F + εT about d_k in body-k axes; the arm's wrench on the base is
        −Ad(q̂*_{n−1,n}) f̂_{n−1} (note §6; eq. 47's feed-forward)
    """
    rel = relative_poses(chain, qhat_base, theta)
    qb = adjoints(rel)
    w, e = accelerations(chain, rel, nu, nudot, gravity, qb)
    mw = _mv(chain.dual_mass, w)
    # W_k = P(M̂_k E_k + ω̂_k × M̂_k ω̂_k) before the transfer
    wr = dqswap(_mv(chain.dual_mass, e) + dqcross(w, mw))
    if f_tip is not None:
        wr[..., 0, :] -= dqswap(np.asarray(f_tip, dtype=float))
    for i in range(1, chain.n):
        wr[..., i, :] += np.einsum("...ji,...j->...i", qb[..., i - 1, :, :], wr[..., i - 1, :])
    batch = wr.shape[:-2]
    tau = np.empty(batch + (chain.nj + 6,))
    tau[..., 0:3] = wr[..., -1, 1:4]
    tau[..., 3:6] = wr[..., -1, 5:8]
    if chain.n > 1:
        tau[..., [6 + j for j in chain.urdf_joint[:-1]]] = np.einsum(
            "...ki,ki->...k", wr[..., :-1, :], chain.hinge_columns
        )
    if nudot is not None and np.any(chain.armature):
        tau[..., 6:] += chain.armature * np.asarray(nudot, dtype=float)[..., 6:]
    if return_wrenches:
        return tau, dqswap(wr)
    return tau


def arm_reaction(chain: DQChain, qhat_base, theta, nu, nudot=None, gravity=None) -> np.ndarray:
    """The wrench the arm exerts on the base, [F (3), T (3)] (..., 6) in base axes about the
    base origin: −Ad(q̂*_{n−1,n}) f̂_{n−1} (note §6), the feed-forward f̂₀ of eq. (47) (note §9.2;
    it depends on the base acceleration in ``nudot``: pass the one the base law expects, or
    zero). Γ_B + this = M̂_B E_B + ω̂_B × M̂_B ω̂_B (the base body's own Newton–Euler terms)."""
    if chain.n < 2:
        raise ValueError("arm_reaction: the chain has no arm")
    rel = relative_poses(chain, qhat_base, theta)
    qb = adjoints(rel)
    _, wrenches = inverse_dynamics(
        chain, qhat_base, theta, nu, nudot, gravity, return_wrenches=True
    )
    # P Ad(q̂*) f = Q_{n−1,n}ᵀ P f (the swapped transfer of inverse_dynamics)
    ws = np.einsum("...ji,...j->...i", qb[..., -2, :, :], dqswap(wrenches[..., -2, :]))
    out = np.empty(ws.shape[:-1] + (6,))
    out[..., 0:3] = -ws[..., 5:8]  # force: the dual slots of the swapped wrench
    out[..., 3:6] = -ws[..., 1:4]
    return out


def articulated_body_forward_dynamics(
    chain: DQChain, qhat_base, theta, nu, gamma, gravity=None
) -> np.ndarray:
    """ν̇ (..., N) for generalized forces Γ (..., N), outside order, by the O(n)
    articulated-body algorithm written in the DQ quantities (not in the paper; note §12
    "exceed"; Featherstone RBDA Table 7.1 with X = Q_{k,k+1}, S = Ĥ_k, I = P M̂_k and swapped
    wrenches W = P f̂, whose transfer to the parent is Q_{k,k+1}ᵀ as in :func:`inverse_dynamics`):

    * base → tip: ω̂_k (eq. 11), c_k = ω̂_k × Ĥ_kθ̇_k (α̂_k), I^A_k = P M̂_k,
      p^A_k = P(ω̂_k × M̂_kω̂_k);
    * tip → base: U = I^A Ĥ, D = ĤᵀU (+ rotor inertia), u = τ − Ĥᵀp^A,
      I^a = I^A − U D⁻¹ Uᵀ, p^a = p^A + I^a c + U D⁻¹ u, I^A_{k+1} += Qᵀ I^a Q,
      p^A_{k+1} += Qᵀ p^a;
    * base → tip: a' = Q a_{k+1} + c, θ̈ = D⁻¹(u − Uᵀ a'), a_k = a' + Ĥθ̈ — with a_{n+1} = −g
      (E_{n+1} of eq. 23) and the 6-dof floating hinge at k = n.

    Cross-checked against the matrix form and FloatingBaseModel's ABA in test_space_dynamics.py.
    """
    rel = relative_poses(chain, qhat_base, theta)
    qb = adjoints(rel)
    nu = np.asarray(nu, dtype=float)
    gamma = np.asarray(gamma, dtype=float)
    hq = hinge_twists(chain, nu)
    w = velocities(chain, rel, nu, qb)
    batch = np.broadcast_shapes(w.shape[:-2], gamma.shape[:-1])
    c = dqcross(w, hq)
    inertia = np.broadcast_to(chain.inertia, batch + chain.inertia.shape).copy()
    bias = dqswap(dqcross(w, _mv(chain.dual_mass, w)))
    bias = np.broadcast_to(bias, batch + bias.shape[-2:]).copy()
    n = chain.n
    idx = chain.stacked_index()
    store = []
    for i in range(n):
        h = chain.hinge[i]  # (8, n_k)
        cols = idx[chain.offset[i] : chain.offset[i] + chain.dof[i]]
        u_mat = inertia[..., i, :, :] @ h  # U (..., 8, n_k)
        d = h.T @ u_mat  # D (..., n_k, n_k)
        if chain.dof[i] == 1 and chain.armature.size:
            d = d + chain.armature[chain.urdf_joint[i]]
        u = gamma[..., cols] - bias[..., i, :] @ h  # (..., n_k)
        d_inv = np.linalg.inv(d)
        store.append((h, cols, u_mat, d_inv, u))
        if i + 1 < n:
            ud = u_mat @ d_inv
            ia = inertia[..., i, :, :] - ud @ np.swapaxes(u_mat, -1, -2)
            pa = bias[..., i, :] + _mv(ia, c[..., i, :]) + _mv(ud, u)
            qi = qb[..., i, :, :]
            qt = np.swapaxes(qi, -1, -2)
            inertia[..., i + 1, :, :] += qt @ ia @ qi
            bias[..., i + 1, :] += _mv(qt, pa)
    out = np.empty(batch + (chain.ndof,))
    acc = None if gravity is None else gravity_twist(gravity, batch)
    for i in range(n - 1, -1, -1):
        h, cols, u_mat, d_inv, u = store[i]
        ap = c[..., i, :] if acc is None else _mv(qb[..., i, :, :], acc) + c[..., i, :]
        rhs = u - np.einsum("...ij,...i->...j", u_mat, ap)
        thdd = _mv(d_inv, rhs)
        out[..., cols] = thdd
        acc = ap + thdd @ h.T
    return out
