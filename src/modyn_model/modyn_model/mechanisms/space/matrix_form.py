"""The matrix (spatial-operator) form of the DQ dynamics (paper eqs. 24–32, as corrected in
note §7; errata A10–A14), in the outside order of :mod:`.recursion`.

Each adjoint is an 8×8 matrix, Q_{k,k+1} = [q̂*_{k,k+1}]⁺[q̂_{k,k+1}]⁻ (eq. 24). Stacked over the
n bodies (eq. 26), with swapped wrenches W_k = P f̂_k and symmetric inertias I_k = P M̂_k:

* Q̂ (8n × 8n) strictly block-lower-bidiagonal, block (k, k−1) = Q_{k−1,k}ᵀ (eq. 27, note §7:
  transposed so that Q̂ᵀ carries twists tip-ward and Q̂ swapped wrenches base-ward, since
  P Q_{k,k−1} P = Q_{k−1,k}ᵀ); Q̂ⁿ = 0;
* Φ = (I − Q̂)⁻¹ = I + Q̂ + … + Q̂ⁿ⁻¹ (eq. 29 corrected, A13: not (I + Q̂)⁻¹): identity
  diagonal, block (k, j) = (Q_{j,j+1}⋯Q_{k−1,k})ᵀ = Ad(q̂_{j,k})ᵀ for k > j;
* Ω̂ = ΦᵀĤΘ̇, Ê = Φᵀ(Â + ĤΘ̈ + ê_n Q_{n,n+1}E_{n+1}), Ŵ = Φ(ÎÊ + B̂ˢ), Γ = ĤᵀŴ (eq. 30);
* M(θ) = ĤᵀΦÎΦᵀĤ, C(θ, θ̇) = ĤᵀΦ(ÎΦᵀ(Â + ĝ) + B̂ˢ), θ̈ = M⁻¹(Γ − C)
  (eqs. 31–32 corrected, A14: Ĥᵀ, not Ĥ; B̂ˢ = col(P(ω̂_k × M̂_kω̂_k)); ĝ the gravity term).

Cost: O(n²) 8×8 blocks for Φ and a dense N×N Cholesky solve (the note's §7 remark).
"""

from __future__ import annotations

import numpy as np

from ...dualquat import SWAP, dqadjoint_matrix, dqcross
from .chain import DQChain
from .recursion import gravity_twist, hinge_twists, relative_poses, velocities

__all__ = [
    "adjoint_blocks",
    "shift_operator",
    "phi_operator",
    "hinge_operator",
    "mass_matrix",
    "bias",
    "forward_dynamics",
]


def adjoint_blocks(chain: DQChain, qhat_base, theta) -> np.ndarray:
    """Q_{k,k+1} (..., n, 8, 8), k = 1..n (the last = Ad(q̂_B), world → base)."""
    rel = relative_poses(chain, qhat_base, theta)
    batch = np.broadcast_shapes(*(r.shape[:-1] for r in rel))
    return np.stack([dqadjoint_matrix(np.broadcast_to(r, batch + (8,))) for r in rel], axis=-3)


def shift_operator(q_blocks: np.ndarray) -> np.ndarray:
    """Q̂ (..., 8n, 8n): block (k, k−1) = Q_{k−1,k}ᵀ (eq. 27 corrected)."""
    n = q_blocks.shape[-3]
    out = np.zeros(q_blocks.shape[:-3] + (8 * n, 8 * n))
    for k in range(1, n):
        out[..., 8 * k : 8 * k + 8, 8 * (k - 1) : 8 * k] = np.swapaxes(
            q_blocks[..., k - 1, :, :], -1, -2
        )
    return out


def phi_operator(q_blocks: np.ndarray) -> np.ndarray:
    """Φ = (I − Q̂)⁻¹ (..., 8n, 8n) by its block recursion Φ(k, j) = Q_{k−1,k}ᵀ Φ(k−1, j)."""
    n = q_blocks.shape[-3]
    batch = q_blocks.shape[:-3]
    out = np.zeros(batch + (8 * n, 8 * n))
    eye = np.eye(8)
    for j in range(n):
        out[..., 8 * j : 8 * j + 8, 8 * j : 8 * j + 8] = eye
        for k in range(j + 1, n):
            qt = np.swapaxes(q_blocks[..., k - 1, :, :], -1, -2)
            out[..., 8 * k : 8 * k + 8, 8 * j : 8 * j + 8] = (
                qt @ out[..., 8 * (k - 1) : 8 * k, 8 * j : 8 * j + 8]
            )
    return out


def hinge_operator(chain: DQChain) -> np.ndarray:
    """Ĥ (8n, N), block-diagonal diag{Ĥ_k}, columns in the **outside** order."""
    idx = chain.stacked_index()
    h = np.zeros((8 * chain.n, chain.ndof))
    for i in range(chain.n):
        o = chain.offset[i]
        h[8 * i : 8 * i + 8, idx[o : o + chain.dof[i]]] = chain.hinge[i]
    return h


def _inertia_operator(chain: DQChain) -> np.ndarray:
    n = chain.n
    out = np.zeros((8 * n, 8 * n))
    for i in range(n):
        out[8 * i : 8 * i + 8, 8 * i : 8 * i + 8] = chain.inertia[i]
    return out


def mass_matrix(chain: DQChain, qhat_base, theta) -> np.ndarray:
    """M = ĤᵀΦÎΦᵀĤ (..., N, N), outside order (rotor inertias added on the joints)."""
    phi = phi_operator(adjoint_blocks(chain, qhat_base, theta))
    x = np.swapaxes(phi, -1, -2) @ hinge_operator(chain)  # ΦᵀĤ
    m = np.swapaxes(x, -1, -2) @ _inertia_operator(chain) @ x
    if np.any(chain.armature):
        m[..., 6:, 6:] += np.diag(chain.armature)
    return m


def bias(chain: DQChain, qhat_base, theta, nu, gravity=None) -> np.ndarray:
    """C(θ, θ̇) (+ gravity) = ĤᵀΦ(ÎΦᵀ(Â + ĝ) + B̂ˢ) (..., N), outside order."""
    rel = relative_poses(chain, qhat_base, theta)
    batch = np.broadcast_shapes(*(r.shape[:-1] for r in rel), np.shape(nu)[:-1])
    qb = np.stack([dqadjoint_matrix(np.broadcast_to(r, batch + (8,))) for r in rel], axis=-3)
    phi = phi_operator(qb)
    w = velocities(chain, rel, nu)
    hq = hinge_twists(chain, nu)
    n = chain.n
    a_hat = np.zeros(batch + (8 * n,))
    b_hat = np.zeros(batch + (8 * n,))
    for i in range(n):
        a_hat[..., 8 * i : 8 * i + 8] = dqcross(w[i], hq[i])
        mw = (chain.dual_mass[i] @ w[i][..., None])[..., 0]
        b_hat[..., 8 * i : 8 * i + 8] = (SWAP @ dqcross(w[i], mw)[..., None])[..., 0]
    if gravity is not None:
        g = gravity_twist(gravity, batch)
        a_hat[..., 8 * (n - 1) :] += (qb[..., n - 1, :, :] @ g[..., None])[..., 0]
    e = (np.swapaxes(phi, -1, -2) @ a_hat[..., None])[..., 0]
    wr = (phi @ ((_inertia_operator(chain) @ e[..., None])[..., 0] + b_hat)[..., None])[..., 0]
    return wr @ hinge_operator(chain)


def forward_dynamics(chain: DQChain, qhat_base, theta, nu, gamma, gravity=None) -> np.ndarray:
    """θ̈ = M⁻¹(Γ − C) (..., N) (eq. 32 corrected), outside order, by Cholesky."""
    m = mass_matrix(chain, qhat_base, theta)
    rhs = np.asarray(gamma, dtype=float) - bias(chain, qhat_base, theta, nu, gravity)
    lo = np.linalg.cholesky(m)
    y = np.linalg.solve(lo, rhs[..., None])
    return np.linalg.solve(np.swapaxes(lo, -1, -2), y)[..., 0]
