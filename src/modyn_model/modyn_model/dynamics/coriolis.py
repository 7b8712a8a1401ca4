"""Coriolis/centrifugal matrix from the Christoffel symbols, Khalil [7.7].

    C_ij = Σ_k c_{i,jk} q̇_k,   c_{i,jk} = ½ (∂A_ij/∂q_k + ∂A_ik/∂q_j − ∂A_jk/∂q_i)

This is the factorisation for which Ȧ − 2C is skew-symmetric (§7.3.3.3 e). The partial
derivatives ∂A/∂q_k are taken by complex-step differentiation of the composite-link algorithm,
Im A(q + i·h·e_k)/h with h = 1e-30: A(q) is analytic (products of sines and cosines), so the
result is exact to rounding, with no subtractive cancellation; the n perturbations go through
one batched call.
"""

from __future__ import annotations

import numpy as np

from .crba import crba

__all__ = ["mass_matrix_derivatives", "christoffel_symbols", "coriolis_matrix"]

_STEP = 1e-30


def mass_matrix_derivatives(model, q: np.ndarray) -> np.ndarray:
    """∂A/∂q_k stacked as (..., k, i, j) = ∂A_ij/∂q_k."""
    q = np.asarray(q, dtype=float)
    n = model.n
    perturbed = q[..., None, :] + 1j * _STEP * np.eye(n)
    return crba(model, perturbed).imag / _STEP


def christoffel_symbols(model, q: np.ndarray) -> np.ndarray:
    """c_{i,jk} as an array (..., i, j, k) [7.7]."""
    d = mass_matrix_derivatives(model, q)  # d[k, i, j] = ∂A_ij/∂q_k
    da_ij_dk = np.moveaxis(d, -3, -1)  # [i, j, k]
    da_ik_dj = np.swapaxes(d, -3, -2)  # d[j, i, k] → [i, j, k]
    da_jk_di = d  # d[i, j, k]
    return 0.5 * (da_ij_dk + da_ik_dj - da_jk_di)


def coriolis_matrix(model, q, v) -> np.ndarray:
    """C(q, q̇) (..., n, n) with C q̇ = the Coriolis and centrifugal torques."""
    q = model.check_state("q", q)
    v = model.check_state("v", v)
    model.check_batch(q=q, v=v)
    return np.einsum("...ijk,...k->...ij", christoffel_symbols(model, q), v)
