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

from ...dualquat import dqcross, dqswap
from .chain import DQChain
from .recursion import adjoints, gravity_twist, hinge_twists, relative_poses, velocities

__all__ = [
    "adjoint_blocks",
    "shift_operator",
    "phi_operator",
    "hinge_operator",
    "inertia_operator",
    "mass_matrix",
    "bias",
    "forward_dynamics",
]


def adjoint_blocks(chain: DQChain, qhat_base, theta) -> np.ndarray:
    """Q_{k,k+1} (..., n, 8, 8), k = 1..n (the last = Ad(q̂_B), world → base)."""
    return adjoints(relative_poses(chain, qhat_base, theta))


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
    return chain.hinge_operator


def inertia_operator(chain: DQChain) -> np.ndarray:
    """Î = diag{P M̂_k} (8n, 8n), symmetric."""
    return chain.inertia_operator


def _phi_t_solve(q_blocks: np.ndarray, rhs: np.ndarray) -> np.ndarray:
    """Φᵀ y (..., n, 8, m) for y (..., n, 8, m) without forming Φ: Φᵀ = (I − Q̂ᵀ)⁻¹, so
    x_n = y_n and x_k = y_k + Q_{k,k+1} x_{k+1} (base → tip; the recursion of eqs. 11/16)."""
    x = rhs.copy()
    for i in range(q_blocks.shape[-3] - 2, -1, -1):
        x[..., i, :, :] += q_blocks[..., i, :, :] @ x[..., i + 1, :, :]
    return x


def _terms(chain: DQChain, qhat_base, theta, nu, gravity, need_bias: bool):
    """(X = ΦᵀĤ (..., 8n, N), Îx (..., 8n, N), bias or None): the shared work of M and C."""
    rel = relative_poses(chain, qhat_base, theta)
    qb = adjoints(rel)
    n, ndof = chain.n, chain.ndof
    batch = qb.shape[:-3]
    cols = ndof + (1 if need_bias else 0)
    rhs = np.zeros(batch + (n, 8, cols))
    rhs[..., :ndof] = chain.hinge_operator.reshape(n, 8, ndof)
    if need_bias:
        w = velocities(chain, rel, nu, qb)
        a_hat = dqcross(w, hinge_twists(chain, nu))  # α̂_k (note §5)
        if gravity is not None:
            g = gravity_twist(gravity, batch)
            a_hat[..., -1, :] += (qb[..., -1, :, :] @ g[..., None])[..., 0]
        rhs[..., ndof] = a_hat
    x = _phi_t_solve(qb, rhs).reshape(batch + (8 * n, cols))  # Φᵀ[Ĥ | Â + ĝ]
    ix = chain.inertia_operator @ x
    xh = x[..., :ndof]
    bias_vec = None
    if need_bias:
        mw = (chain.dual_mass @ w[..., None])[..., 0]
        b_hat = dqswap(dqcross(w, mw)).reshape(batch + (8 * n,))
        bias_vec = np.einsum("...ki,...k->...i", xh, ix[..., ndof] + b_hat)
    return xh, ix[..., :ndof], bias_vec


def mass_matrix(chain: DQChain, qhat_base, theta) -> np.ndarray:
    """M = ĤᵀΦÎΦᵀĤ (..., N, N), outside order (rotor inertias added on the joints);
    ΦᵀĤ by the recursion of :func:`_phi_t_solve`, Φ never formed."""
    xh, ixh, _ = _terms(chain, qhat_base, theta, None, None, False)
    m = np.swapaxes(xh, -1, -2) @ ixh
    if np.any(chain.armature):
        m[..., 6:, 6:] += np.diag(chain.armature)
    return m


def bias(chain: DQChain, qhat_base, theta, nu, gravity=None) -> np.ndarray:
    """C(θ, θ̇) (+ gravity) = ĤᵀΦ(ÎΦᵀ(Â + ĝ) + B̂ˢ) (..., N), outside order."""
    return _terms(chain, qhat_base, theta, nu, gravity, True)[2]


def forward_dynamics(chain: DQChain, qhat_base, theta, nu, gamma, gravity=None) -> np.ndarray:
    """θ̈ = M⁻¹(Γ − C) (..., N) (eq. 32 corrected), outside order, by Cholesky; M and C share
    ΦᵀĤ."""
    xh, ixh, c = _terms(chain, qhat_base, theta, nu, gravity, True)
    m = np.swapaxes(xh, -1, -2) @ ixh
    if np.any(chain.armature):
        m[..., 6:, 6:] += np.diag(chain.armature)
    rhs = np.asarray(gamma, dtype=float) - c
    lo = np.linalg.cholesky(m)
    y = np.linalg.solve(lo, rhs[..., None])
    return np.linalg.solve(np.swapaxes(lo, -1, -2), y)[..., 0]
