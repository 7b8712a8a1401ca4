"""Least-squares estimation of the base parameters (Khalil §12.3-12.4, Gautier 1990/1997).

Stacking the samples of a run, Y = W_b χ_b + ρ, with Y (r,) the measured torques and W_b (r, b)
the base regressor (r = N·n rows, b base parameters).

* OLS: χ̂ = W_b⁺ Y, with the residual variance σ̂² = ‖Y − W_b χ̂‖² / (r − b), the covariance
  C = σ̂² (W_bᵀ W_b)⁻¹, the standard deviation σ_i = √C_ii and the relative standard deviation
  %σ_i = 100 σ_i / |χ̂_i| (a parameter with %σ over ~10 % is poorly identified: its effect on
  the torques is within the noise).
* WLS (Gautier): each joint's equations get their own noise level, from the least squares of
  that joint's equations alone, σ̂_j² = ‖Y_j − W_bj χ̂_j‖² / (N_j − rank W_bj); the rows of joint
  j are divided by σ̂_j, which makes the noise of the weighted system unit-variance and
  homogeneous, and OLS is run on it. Its covariance
  comes from the weighted system (σ̂² of that system times (W̃ᵀW̃)⁻¹).

A regressor with (numerically) dependent columns is the sign of an unexciting trajectory: the
estimate is refused with the base parameters that the smallest singular direction involves.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from .filtering import IdentificationError

__all__ = ["Estimate", "least_squares", "identify_base", "moving_rows"]

#: largest cond(W_b) accepted: beyond it the smallest singular direction is within rounding of
#: the data (1e-16 × 1e8 leaves 8 digits), i.e. the trajectory does not excite some parameter
MAX_CONDITION = 1e8


@dataclass(frozen=True)
class Estimate:
    """A least-squares estimate of the base parameters.

    Attributes
    ----------
    method : str
        ``"OLS"`` or ``"WLS"``.
    names : tuple of str
        Of the base parameters.
    values, std : (b,) ndarray
        χ̂_b and σ (the parameters' units).
    relative_std : (b,) ndarray
        %σ = 100 σ / |χ̂| (%).
    covariance : (b, b) ndarray
    joint_sigma : (n,) ndarray
        σ̂_j of each joint's residual (N·m): the noise level per joint.
    residual_rms : float
        RMS of the unweighted residual Y − W_b χ̂ (N·m).
    condition : float
        cond(W_b) of the (unweighted) stacked regressor.
    rows : int
        r = N·n.
    """

    method: str
    names: tuple[str, ...]
    values: np.ndarray
    std: np.ndarray
    relative_std: np.ndarray
    covariance: np.ndarray
    joint_sigma: np.ndarray
    residual_rms: float
    condition: float
    rows: int
    notes: tuple[str, ...] = field(default=())

    def table(self) -> str:
        """A text table: name, value, σ, %σ."""
        lines = [f"{'parameter':<28} {'value':>14} {'std':>12} {'%std':>8}"]
        for nm, x, s, r in zip(self.names, self.values, self.std, self.relative_std, strict=True):
            lines.append(f"{nm:<28} {x:>14.6g} {s:>12.3g} {r:>8.2f}")
        return "\n".join(lines)


def _lstsq(a: np.ndarray, b: np.ndarray) -> tuple[np.ndarray, int]:
    """(x, rank) of min ‖a x − b‖ by QR with column pivoting (LAPACK gelsy: a rank-deficient
    ``a`` gets a basic solution; an order of magnitude faster than numpy's SVD-based gelsd)."""
    from scipy.linalg import lstsq

    x, _, rank, _ = lstsq(a, b, lapack_driver="gelsy", check_finite=False)
    return x, int(rank)


def _check_rank(w: np.ndarray, names) -> float:
    s = np.linalg.svd(w, compute_uv=False)
    cond = float(s[0] / s[-1]) if s[-1] > 0 else np.inf
    if not cond <= MAX_CONDITION:
        _, _, vt = np.linalg.svd(w, full_matrices=False)
        weak = vt[-1]
        involved = [names[i] for i in np.argsort(-np.abs(weak))[:4] if abs(weak[i]) > 0.1]
        raise IdentificationError(
            f"the regressor is rank deficient (cond(W_b) = {cond:.3g} > {MAX_CONDITION:g}): the "
            f"trajectory does not excite {involved} (the smallest singular direction); use an "
            "exciting trajectory (modyn_model.identification.excitation) or a longer run"
        )
    return cond


def least_squares(w, y, names, *, weighted: bool = True, mask=None) -> Estimate:
    """OLS or WLS of Y = W_b χ_b (module docstring).

    Parameters
    ----------
    w : (N, n, b)
        Base regressor per sample and joint.
    y : (N, n)
        Measured torques (N·m or N).
    names : sequence of str
        Base parameter names (b).
    weighted : bool
        WLS (default) or OLS.
    mask : (N, n) bool, optional
        Equations to use (default all); e.g. :func:`moving_rows`, which leaves out the joints
        near rest, where the Coulomb model sign(q̇) does not describe real friction.

    Raises
    ------
    IdentificationError
        Rank deficiency (names the unexcited parameters) or fewer rows than parameters.
    """
    w = np.asarray(w, dtype=float)
    y = np.asarray(y, dtype=float)
    N, n, b = w.shape
    if y.shape != (N, n):
        raise IdentificationError(f"torques have shape {y.shape}, expected ({N}, {n})")
    if N * n <= b:
        raise IdentificationError(f"{N * n} equations for {b} base parameters: record longer")
    names = tuple(names)
    m = np.ones((N, n), dtype=bool) if mask is None else np.asarray(mask, dtype=bool)
    if m.shape != (N, n):
        raise IdentificationError(f"mask has shape {m.shape}, expected ({N}, {n})")
    used = m.sum(axis=0)
    if used.sum() <= b or np.any(used == 0):
        raise IdentificationError(
            f"{int(used.sum())} equations kept for {b} base parameters (per joint {used.tolist()}):"
            " record longer or move faster"
        )
    w = np.where(m[..., None], w, 0.0)  # a left-out equation becomes 0 = 0
    y = np.where(m, y, 0.0)
    W = w.reshape(N * n, b)
    Y = y.reshape(N * n)
    cond = _check_rank(W, names)
    chi, _ = _lstsq(W, Y)
    res = (Y - W @ chi).reshape(N, n)
    r_used = int(used.sum())
    # Gautier's noise level of joint j: the residual of joint j's own equations fitted alone,
    # σ̂_j² = ‖Y_j − W_j χ̂_j‖² / (N_j − rank W_j), so that a noisy joint does not inflate the
    # others' (as the global OLS residual would)
    joint_sigma = np.empty(n)
    for j in range(n):
        wj, yj = w[m[:, j], j, :], y[m[:, j], j]
        xj, rank_j = _lstsq(wj, yj)
        joint_sigma[j] = np.sqrt(np.sum((yj - wj @ xj) ** 2) / max(yj.size - rank_j, 1))
    notes = []
    if weighted:
        floor = 1e-9 * max(float(joint_sigma.max()), 1e-300)
        if np.any(joint_sigma < floor):
            notes.append("WLS: joints with zero residual kept at weight 1e9/σ_max")
        weights = 1.0 / np.maximum(joint_sigma, floor)
        Wt = (w * weights[None, :, None]).reshape(N * n, b)
        Yt = (y * weights[None, :]).reshape(N * n)
        chi, _ = _lstsq(Wt, Yt)
        rt = Yt - Wt @ chi
        sigma2 = float(rt @ rt) / (r_used - b)
        cov = sigma2 * np.linalg.inv(Wt.T @ Wt)
        res = (Y - W @ chi).reshape(N, n)
    else:
        r = res.reshape(-1)
        sigma2 = float(r @ r) / (r_used - b)
        cov = sigma2 * np.linalg.inv(W.T @ W)
    std = np.sqrt(np.clip(np.diag(cov), 0.0, None))
    with np.errstate(divide="ignore", invalid="ignore"):
        rel = np.where(chi != 0.0, 100.0 * std / np.abs(chi), np.inf)
    return Estimate(
        "WLS" if weighted else "OLS",
        names,
        chi,
        std,
        rel,
        cov,
        joint_sigma,
        float(np.sqrt(np.sum(res**2) / r_used)),
        cond,
        r_used,
        tuple(notes),
    )


def moving_rows(v, min_speed: float) -> np.ndarray:
    """(N, n) mask: joint j's equation of sample k is kept when |q̇_j| ≥ ``min_speed``
    (rad/s or m/s). Near rest, real (and MuJoCo's regularised) dry friction is not Fc sign(q̇):
    those equations would bias Fc down and Fv up (Gautier's practice: leave them out)."""
    return np.abs(np.asarray(v, dtype=float)) >= float(min_speed)


def identify_base(
    model, base, q, v, a, tau, *, weighted: bool = True, min_speed: float = 0.0
) -> Estimate:
    """χ̂_b from prepared samples (q, q̇, q̈, τ), each (N, n): W_b = base.project(W(q, q̇, q̈)),
    the equations of joints slower than ``min_speed`` (rad/s or m/s) left out (:func:`moving_rows`).

    ``base``: a :class:`~modyn_model.identification.BaseParameters` of ``model``."""
    from .regressor import base_regressor

    w = base_regressor(model, base, q, v, a)
    mask = moving_rows(v, min_speed) if min_speed > 0.0 else None
    return least_squares(w, tau, base.names, weighted=weighted, mask=mask)
