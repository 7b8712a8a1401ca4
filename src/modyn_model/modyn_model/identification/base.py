"""Base inertial parameters, numerically (Khalil §7.5.3; Gautier 1991).

The columns of the regressor W (:mod:`.regressor`) are linearly dependent: some standard
parameters have no effect on the dynamics (zero columns), others only act in fixed linear
combinations. The base parameters are a minimal set χ_b = K χ with W χ = W_b χ_b for every
state, W_b = W[..., base_indices].

Numerical route: stack W on ``samples`` random states (q uniform within the finite joint limits, else
in [−π, π], q̇ and q̈ uniform in [−3, 3] and [−10, 10]) into Ws (N n × 14n). Walk the columns in a
*preference order* and keep a column when its residual after projection on the kept ones is
above ``tol`` relative to its own norm (a greedy rank-revealing Gram-Schmidt, re-orthogonalised);
a column whose norm is below ``tol`` times the largest is a parameter with no effect. The order
puts first what Khalil's grouping rules keep (XX XY XZ YZ ZZ MX MY of every link, then Fc Fv
offset) and last what they regroup (YY, MZ, M, Ia), so that the kept set is the rules' set and
the names read like Khalil's (ZZ1R = ZZ1 + Ia1 + ...). The eliminated columns are then
W_e = W_b β (least squares, residual checked), and

    K[:, base] = I,  K[:, eliminated] = β,  K[:, no effect] = 0,

with entries within ``tol`` of 0 or ±1 snapped to exactly 0 or ±1 (the other coefficients are
geometric constants such as d3 or d3², exact to rounding).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

import numpy as np

from ..errors import StateError
from .names import N_STANDARD, STANDARD_FIELDS, check_fixed_base, parameter_names
from .regressor import regressor

__all__ = ["BaseParameters", "base_parameters", "preference_order", "relation_text"]

#: per link, the fields Khalil's rules keep (first) and those they regroup (last)
_KEEP_FIRST = ("XX", "XY", "XZ", "YZ", "ZZ", "MX", "MY")
_FRICTION = ("Fc", "Fv", "offset")
_REGROUPED = ("YY", "MZ", "M", "Ia")


@dataclass(frozen=True)
class BaseParameters:
    """A base parameter set χ_b = K χ of a model (see the module docstring).

    Attributes
    ----------
    rank : int
        Number of base parameters.
    names : tuple of str
        Base parameter names: the kept standard name, with Khalil's suffix ``R`` when other
        standard parameters are regrouped into it (``ZZ1R``).
    base_indices : (rank,) int
        Standard columns kept (into :func:`~modyn_model.identification.parameter_names`).
    K : (rank, 14n)
        χ_b = K χ.
    relations : tuple of str
        ``"ZZ1R = ZZ1 + Ia1 + 0.2025*M3"`` for every regrouped base parameter.
    standard_names : tuple of str
        The 14n standard names (the columns of K).
    considered : (14n,) bool
        Standard parameters taken into account (``exclude`` removes fields, e.g. Ia).
    no_effect : tuple of str
        Standard parameters with no effect on the dynamics.
    """

    rank: int
    names: tuple[str, ...]
    base_indices: np.ndarray
    K: np.ndarray
    relations: tuple[str, ...]
    standard_names: tuple[str, ...]
    considered: np.ndarray = field(repr=False)
    no_effect: tuple[str, ...] = ()

    def project(self, W: np.ndarray) -> np.ndarray:
        """W_b = W[..., base_indices], so that W χ = W_b (K χ) (for the considered χ)."""
        return np.asarray(W)[..., self.base_indices]

    def base_values(self, chi: np.ndarray) -> np.ndarray:
        """χ_b = K χ (rank,)."""
        return self.K @ np.asarray(chi, dtype=float)

    def standard_from_base(self, chi_b: np.ndarray) -> np.ndarray:
        """The standard vector with χ_b on the base columns and 0 elsewhere: K of it is χ_b,
        and the model with it has the same dynamics as any χ with K χ = χ_b."""
        out = np.zeros(self.K.shape[1])
        out[self.base_indices] = np.asarray(chi_b, dtype=float)
        return out


def preference_order(model) -> list[int]:
    """Standard column indices, most preferred to keep first (see the module docstring)."""
    n = model.n
    order = []
    for group in (_KEEP_FIRST, _FRICTION, _REGROUPED):
        for j in range(n):
            order += [N_STANDARD * j + STANDARD_FIELDS.index(f) for f in group]
    return order


def _format_coefficient(c: float) -> str:
    return f"{c:.10g}"


def relation_text(name: str, row: np.ndarray, standard_names) -> str:
    """``"ZZ1R = ZZ1 + Ia1 - 0.45*MX3"`` from one row of K."""
    terms = []
    for k in np.flatnonzero(row):
        c = float(row[k])
        mag = abs(c)
        body = (
            standard_names[k] if mag == 1.0 else f"{_format_coefficient(mag)}*{standard_names[k]}"
        )
        terms.append(("- " if c < 0 else "+ ") + body)
    text = " ".join(terms) if terms else "0"
    return f"{name} = {text[2:] if text.startswith('+ ') else '-' + text[2:]}"


def _snap(x: np.ndarray, tol: float) -> np.ndarray:
    out = np.where(np.abs(x) < tol, 0.0, x)
    for target in (1.0, -1.0):
        out = np.where(np.abs(out - target) < tol, target, out)
    return out


def random_states(model, samples: int, rng: np.random.Generator):
    """(q, q̇, q̈) (samples, n) for rank computations: q uniform within the joint limits where
    they are finite, else in [−π, π] (rad or m), q̇ in [−3, 3], q̈ in [−10, 10]."""
    n = model.n
    lo = np.where(np.isfinite(model.lower), model.lower, -np.pi)
    hi = np.where(np.isfinite(model.upper), model.upper, np.pi)
    q = rng.uniform(lo, hi, (samples, n))
    v = rng.uniform(-3.0, 3.0, (samples, n))
    a = rng.uniform(-10.0, 10.0, (samples, n))
    return q, v, a


def base_parameters(
    model,
    *,
    samples: int = 100,
    seed: int = 0,
    tol: float = 1e-8,
    exclude: Iterable[str] = (),
) -> BaseParameters:
    """The base parameters of ``model``, numerically.

    Parameters
    ----------
    model : RobotModel
        A fixed-base tree.
    samples : int
        Random states stacked (each gives n rows); a few times 14n / n is plenty.
    seed : int
        Seed of the random states (the result does not depend on it for generic states).
    tol : float
        Relative threshold for independence, zero columns and the snapping of K.
    exclude : iterable of str
        Standard fields left out, e.g. ``("Ia", "Fc", "Fv", "offset")`` for the 10 inertial
        parameters alone; their K columns are zero (they are not identified).

    Raises
    ------
    StateError
        Unknown field in ``exclude``, too few samples, or a regrouping that does not reproduce
        W within ``tol`` (states not generic enough).
    """
    check_fixed_base(model, "base_parameters")
    names, considered = considered_parameters(model, exclude)
    n = model.n
    if samples * n < N_STANDARD * n // 2 or samples < 2:
        raise StateError(f"samples must be at least {max(2, N_STANDARD // 2)}, got {samples}")
    rng = np.random.default_rng(seed)
    q, v, a = random_states(model, samples, rng)
    ws = regressor(model, q, v, a).reshape(samples * n, N_STANDARD * n)
    norms = np.linalg.norm(ws, axis=0)
    scale = norms.max()
    basis_buf = np.zeros((ws.shape[0], ws.shape[1]))
    basis = basis_buf[:, :0]
    kept: list[int] = []
    no_effect: list[int] = []
    for k in preference_order(model):
        if not considered[k]:
            continue
        if norms[k] <= tol * scale:
            no_effect.append(k)
            continue
        r = ws[:, k] / norms[k]
        for _ in range(2):  # re-orthogonalise: classical Gram-Schmidt twice is stable
            r = r - basis @ (basis.T @ r)
        res = np.linalg.norm(r)
        if res > tol * 1e2:  # a dependent column leaves ~1e-15·cond; a base one O(1e-3..1)
            basis_buf[:, len(kept)] = r / res
            kept.append(k)
            basis = basis_buf[:, : len(kept)]
    base = np.array(sorted(kept, key=lambda k: k), dtype=int)
    wb = ws[:, base]
    eliminated = [
        k for k in range(N_STANDARD * n) if considered[k] and k not in kept and k not in no_effect
    ]
    K = np.zeros((base.size, N_STANDARD * n))
    K[np.arange(base.size), base] = 1.0
    if eliminated:
        we = ws[:, eliminated]
        # least squares through the orthonormal basis Q of span(W_b) built above:
        # W_b = Q (QᵀW_b), W_e ≈ Q (QᵀW_e) → β = (QᵀW_b)⁻¹ QᵀW_e (a rank × rank solve; a LAPACK
        # QR or SVD of the tall matrix is 10-20x slower on a loaded machine)
        beta = np.linalg.solve(basis.T @ wb, basis.T @ we)
        beta = _snap(beta, tol * 10)
        err = np.linalg.norm(wb @ beta - we, axis=0) / norms[eliminated]
        if err.max() > 1e-6:
            worst = eliminated[int(np.argmax(err))]
            raise StateError(
                f"{model.name}: regrouping of {names[worst]} leaves a relative residual "
                f"{err.max():.2e}; use more samples or a larger tol"
            )
        K[:, eliminated] = beta
    return make_base_parameters(K, base, names, considered, sorted(no_effect))


def considered_parameters(model, exclude: Iterable[str]) -> tuple[tuple[str, ...], np.ndarray]:
    """The standard names of ``model`` and which of them are considered (not in ``exclude``,
    a list of standard fields); :class:`StateError` naming an unknown field."""
    exclude = tuple(exclude)
    unknown = sorted(set(exclude) - set(STANDARD_FIELDS))
    if unknown:
        raise StateError(
            f"exclude: unknown standard field(s) {unknown}; fields are {list(STANDARD_FIELDS)}"
        )
    names = parameter_names(model)
    return names, np.array([names_field(nm) not in exclude for nm in names])


def make_base_parameters(
    K: np.ndarray,
    base: np.ndarray,
    names: tuple[str, ...],
    considered: np.ndarray,
    no_effect: Iterable[int],
) -> BaseParameters:
    """The :class:`BaseParameters` of χ_b = K χ, K (rank, 14n) with row i the base parameter
    kept in standard column ``base[i]``; shared by the numerical method and the grouping
    rules, so both name and relate their sets the same way.

    A base parameter is *regrouped* (Khalil's suffix ``R`` and a relation) when its row of K
    has another non-zero entry or a coefficient other than 1 on its own column.
    """
    base_names = []
    relations = []
    for i, k in enumerate(base):
        grouped = np.count_nonzero(K[i]) > 1 or K[i, k] != 1.0
        nm = names[k] + ("R" if grouped else "")
        base_names.append(nm)
        if grouped:
            relations.append(relation_text(nm, K[i], names))
    return BaseParameters(
        rank=int(base.size),
        names=tuple(base_names),
        base_indices=base,
        K=K,
        relations=tuple(relations),
        standard_names=names,
        considered=considered,
        no_effect=tuple(names[k] for k in no_effect),
    )


def names_field(name: str) -> str:
    """``"ZZ12"`` → ``"ZZ"``: the field of a standard parameter name."""
    return name.rstrip("0123456789")
