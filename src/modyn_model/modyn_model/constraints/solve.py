"""The constrained dynamics solvers: KKT forward dynamics and constrained inverse dynamics.

Notation (all batched over leading axes): M (nv×nv) the mass matrix, h = H(q, v) the bias
forces, τ (nv) the generalized forces, J (m×nv) the stacked constraint rows, γ = J̇v, φ the
position residual, λ (m) the constraint forces (on the robot, world axes; see
:mod:`~modyn_model.constraints.kinds`), S (nu×nv) the actuation matrix.

Forward dynamics (KKT)
----------------------
The equations of motion with the constraint forces and the stabilised acceleration constraint
(Baumgarte, 1972)::

    M v̇ + h = τ + Jᵀ λ
    J v̇ + γ = −k_d J v − k_p φ            (i.e. φ̈ + k_d φ̇ + k_p φ = 0)

form the KKT system [[M, −Jᵀ], [J, 0]] [v̇; λ] = [τ − h; b] with b = −γ − k_d J v − k_p φ. It is
solved by the range-space method (M is positive definite): with X = M⁻¹Jᵀ and a₀ = M⁻¹(τ − h)
(the unconstrained acceleration), the Delassus matrix G = J M⁻¹ Jᵀ gives

    G λ = b − J a₀,        v̇ = a₀ + X λ.

G is positive definite exactly when J has full row rank; its eigenvalues are checked first
(smallest ≤ ``rank_tol`` × largest → :class:`ConstraintError` naming the constraints the
dependent combination of rows involves: the rows carrying the eigenvector), so that a
rank-deficient set never yields NaN or a huge λ silently.

Baumgarte gains: k_p (1/s²) and k_d (1/s) make the residual a damped oscillator; critical
damping is k_d = 2√k_p, the error then decays with the time constant 1/√k_p. Pick √k_p well
below the plant's step rate (the explicit schemes need k_d·dt ≲ 0.2 to stay accurate) and high
enough that the integration drift (O(dt^order) per second) is pulled back quickly: at dt = 1 ms,
(k_p, k_d) = (100, 20) (time constant 0.1 s) is the default; (0, 0) turns stabilisation off
(the residual then grows with the integration error).

Inverse dynamics
----------------
Given v̇, first checked to satisfy the stabilised constraint (the rows of each constraint:
|J v̇ + γ + k_d J v + k_p φ| ≤ tol·(1 + |γ| + |J v̇|), else :class:`ConstraintError` naming the
constraints), the generalized force needed is Γ = M v̇ + h (the model's inverse dynamics). Find
u, λ with Sᵀ u + Jᵀ λ = Γ. Projecting on a basis N (nv × (nv−m), orthonormal) of the null space
of J removes λ: Nᵀ Sᵀ u = Nᵀ Γ, i.e. B u = c. The redundancy in u is resolved by

- ``least_norm``: u = B⁺ c, the smallest |u|;
- ``weighted``: min uᵀ W u, W = diag(weights) > 0: u = W^{-½} (B W^{-½})⁺ c;
- ``subset``: only the listed actuators work, the others give 0: u_s = B_s⁺ c.

If B u ≠ c (the chosen actuators cannot produce the motion with these constraints: an
unactuated direction the constraints do not hold) → :class:`ConstraintError`. Then λ is the
unique solution of Jᵀ λ = Γ − Sᵀ u: λ = (J Jᵀ)⁻¹ J (Γ − Sᵀ u).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from ..errors import ConstraintError

__all__ = [
    "DEFAULT_RANK_TOL",
    "check_rank",
    "kkt_forward_dynamics",
    "resolve_inverse_dynamics",
]

#: smallest/largest eigenvalue of J M⁻¹ Jᵀ below which the rows count as dependent
DEFAULT_RANK_TOL = 1e-12


def _mv(a: np.ndarray, x: np.ndarray) -> np.ndarray:
    return np.einsum("...ij,...j->...i", a, x)


def _involved(vec: np.ndarray, row_names: Sequence[str]) -> list[str]:
    """Constraint names of the rows where the (unit) vector ``vec`` is not negligible."""
    big = np.abs(vec) > 1e-6 * np.abs(vec).max()
    return sorted({row_names[i] for i in np.flatnonzero(big)})


def check_rank(g: np.ndarray, row_names: Sequence[str], rank_tol: float, where: str) -> None:
    """:class:`ConstraintError` when the Delassus matrix ``g`` (..., m, m) is singular (the
    constraint rows are dependent), naming the constraints involved."""
    if g.shape[-1] == 0:
        return
    w, vecs = np.linalg.eigh(g)
    bad = ~(w[..., 0] > rank_tol * np.maximum(w[..., -1], 0.0)) | ~np.isfinite(w).all(axis=-1)
    if not np.any(bad):
        return
    idx = tuple(np.argwhere(np.atleast_1d(bad))[0]) if bad.ndim else ()
    wi, vi = w[idx], vecs[idx]
    deficient = int(np.sum(~(wi > rank_tol * max(wi[-1], 0.0))))
    names: set[str] = set()
    for k in range(deficient):
        names.update(_involved(vi[:, k], row_names))
    at = f" (batch index {idx})" if idx else ""
    raise ConstraintError(
        f"{where}: the constraints {sorted(names)} are linearly dependent{at}: "
        f"{len(row_names) - deficient} independent rows of {len(row_names)} "
        f"(eigenvalues of J M⁻¹ Jᵀ {wi[0]:.3g} .. {wi[-1]:.3g}); remove a duplicate, keep only "
        "the independent rows (rows=...), or move away from the singular configuration"
    )


def kkt_forward_dynamics(
    mass: np.ndarray,
    force: np.ndarray,
    jac: np.ndarray,
    rhs: np.ndarray,
    row_names: Sequence[str],
    *,
    rank_tol: float = DEFAULT_RANK_TOL,
    where: str = "constrained forward dynamics",
) -> tuple[np.ndarray, np.ndarray]:
    """(v̇ (..., nv), λ (..., m)) of M v̇ = force + Jᵀ λ, J v̇ = rhs (see the module docstring).

    Parameters
    ----------
    mass : (..., nv, nv)
        M(q), positive definite.
    force : (..., nv)
        τ − h (N·m, N).
    jac : (..., m, nv)
        The constraint rows J.
    rhs : (..., m)
        b = −γ − k_d J v − k_p φ (m/s², rad/s²).
    row_names : sequence of str, length m
        The constraint name of each row (for the error message).
    """
    a0_x = np.linalg.solve(mass, np.concatenate((force[..., None], np.swapaxes(jac, -1, -2)), -1))
    a0, x = a0_x[..., 0], a0_x[..., 1:]
    if jac.shape[-2] == 0:
        return a0, np.zeros(force.shape[:-1] + (0,))
    g = jac @ x
    g = 0.5 * (g + np.swapaxes(g, -1, -2))
    check_rank(g, row_names, rank_tol, where)
    lam = np.linalg.solve(g, (rhs - _mv(jac, a0))[..., None])[..., 0]
    return a0 + _mv(x, lam), lam


def resolve_inverse_dynamics(
    gamma_force: np.ndarray,
    s: np.ndarray,
    jac: np.ndarray,
    row_names: Sequence[str],
    actuator_names: Sequence[str],
    *,
    method: str = "least_norm",
    weights=None,
    actuators: Sequence[str] | None = None,
    tol: float = 1e-9,
    rank_tol: float = DEFAULT_RANK_TOL,
    where: str = "constrained inverse dynamics",
) -> tuple[np.ndarray, np.ndarray]:
    """(u (..., nu), λ (..., m)) with Sᵀ u + Jᵀ λ = Γ (see the module docstring).

    Parameters
    ----------
    gamma_force : (..., nv)
        Γ = M v̇ + h.
    s : (..., nu, nv)
        The actuation matrix S.
    jac : (..., m, nv)
        The constraint rows.
    method : {"least_norm", "weighted", "subset"}
    weights : (nu,) positive, for ``weighted``
    actuators : names among ``actuator_names``, for ``subset``
    tol : float
        Relative tolerance on |B u − c| (B u = c: the motion the actuators must produce).
    """
    nu = s.shape[-2]
    scale = np.ones(nu)  # u = scale * y, y the least-norm unknown
    mask = np.ones(nu, dtype=bool)
    if method == "least_norm":
        if weights is not None or actuators is not None:
            raise ConstraintError(f"{where}: method 'least_norm' takes no weights or actuators")
    elif method == "weighted":
        w = np.array(weights if weights is not None else [], dtype=float)
        if w.shape != (nu,) or not np.all(np.isfinite(w)) or np.any(w <= 0):
            raise ConstraintError(
                f"{where}: method 'weighted' needs {nu} positive weights (actuators "
                f"{list(actuator_names)}), got {weights!r}"
            )
        scale = 1.0 / np.sqrt(w)
    elif method == "subset":
        if not actuators:
            raise ConstraintError(f"{where}: method 'subset' needs a list of actuators")
        unknown = [a for a in actuators if a not in actuator_names]
        if unknown:
            raise ConstraintError(
                f"{where}: unknown actuator(s) {unknown}; actuators are {list(actuator_names)}"
            )
        mask = np.isin(np.asarray(actuator_names), list(actuators))
        scale = mask.astype(float)
    else:
        raise ConstraintError(
            f"{where}: unknown method {method!r} (least_norm, weighted or subset)"
        )
    st = np.swapaxes(s, -1, -2)  # (..., nv, nu)
    m = jac.shape[-2]
    if m:
        jjt = jac @ np.swapaxes(jac, -1, -2)
        check_rank(jjt, row_names, rank_tol, where)
        # null space of J from its full SVD: the last nv − m right singular vectors
        vt = np.linalg.svd(jac, full_matrices=True)[2]
        n = np.swapaxes(vt[..., m:, :], -1, -2)  # (..., nv, nv − m)
        nt = np.swapaxes(n, -1, -2)
    else:
        nt = np.broadcast_to(np.eye(s.shape[-1]), s.shape[:-2] + (s.shape[-1],) * 2)
    b = nt @ st * scale  # (..., k, nu), columns scaled
    c = _mv(nt, gamma_force)
    y = _mv(np.linalg.pinv(b, rcond=1e-12), c)
    u = scale * y
    miss = _mv(b, y) - c
    bound = tol * (1.0 + np.abs(c).max(axis=-1, initial=0.0))
    if np.any(np.abs(miss).max(axis=-1, initial=0.0) > bound):
        used = [a for a, k in zip(actuator_names, mask, strict=True) if k]
        raise ConstraintError(
            f"{where}: the actuators {used} with the constraints {sorted(set(row_names))} "
            f"cannot produce this motion (a direction neither actuated nor held by a "
            f"constraint: generalized-force residual {np.abs(miss).max():.3g})"
        )
    if not m:
        return u, np.zeros(u.shape[:-1] + (0,))
    rest = gamma_force - _mv(st, u)
    lam = np.linalg.solve(jjt, _mv(jac, rest)[..., None])[..., 0]
    return u, lam
