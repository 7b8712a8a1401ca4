"""Exciting trajectories: finite Fourier series within the limits, optimised for cond(W_b).

Per joint j (Swevers et al. 1997; Khalil §12.4 uses the same criterion)::

    q_j(t)  = q0_j + Σ_{l=1..L} [ a_jl/(ω_f l) sin(ω_f l t) − b_jl/(ω_f l) cos(ω_f l t) ]
    q̇_j(t) = Σ_l [ a_jl cos(ω_f l t) + b_jl sin(ω_f l t) ]
    q̈_j(t) = Σ_l ω_f l [ −a_jl sin(ω_f l t) + b_jl cos(ω_f l t) ]

periodic with T = 2π/ω_f, so that a recording of whole periods can be averaged and differentiated
without end effects. The trajectory starts and ends at rest at ``q_start``: Σ_l a_jl = 0
(q̇(0) = 0), Σ_l l b_jl = 0 (q̈(0) = 0) and q0_j = q_start_j + Σ_l b_jl/(ω_f l) (q(0) = q_start),
so a controller holding the robot at ``q_start`` can follow it from its first sample. These
constraints are linear in (a, b): the free coefficients are projected onto their null space.

Limits: the motion q − q_start, q̇ and q̈ are linear in (a, b), so every candidate is scaled by
the largest factor that keeps the densely sampled q within the position limits (a ``margin``
inside) and |q̇|, |q̈| within the velocity and acceleration limits: the most exciting amplitude
that the limits allow.

Criterion: cond(W_b), W_b the base regressor stacked over samples of one period (Gautier &
Khalil 1992: a small condition number makes the least-squares estimate insensitive to noise),
columns unscaled; the optimiser is a random multi-start followed by a derivative-free local
search (scipy's Powell) under a budget of evaluations.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..errors import StateError

__all__ = [
    "FourierTrajectory",
    "fourier_basis",
    "scale_to_limits",
    "excitation_criterion",
    "optimize_excitation",
]


@dataclass(frozen=True)
class FourierTrajectory:
    """A finite Fourier series per joint (module docstring).

    Attributes
    ----------
    omega_f : float
        Fundamental pulsation ω_f (rad/s); period T = 2π/ω_f (s).
    q0 : (n,) ndarray
        Offsets (rad or m).
    a, b : (n, L) ndarray
        Coefficients (rad/s or m/s).
    """

    omega_f: float
    q0: np.ndarray
    a: np.ndarray
    b: np.ndarray

    @property
    def period(self) -> float:
        """T = 2π/ω_f (s)."""
        return 2.0 * np.pi / self.omega_f

    @property
    def harmonics(self) -> int:
        return self.a.shape[1]

    def sample(self, t) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(q, q̇, q̈), each (N, n), at the times t (N,) (s)."""
        t = np.atleast_1d(np.asarray(t, dtype=float))
        w = self.omega_f * np.arange(1, self.harmonics + 1)  # (L,)
        s, c = np.sin(np.outer(t, w)), np.cos(np.outer(t, w))  # (N, L)
        q = self.q0 + (s / w) @ self.a.T - (c / w) @ self.b.T
        v = c @ self.a.T + s @ self.b.T
        acc = (-s * w) @ self.a.T + (c * w) @ self.b.T
        return q, v, acc

    def times(self, rate: float, periods: float = 1.0) -> np.ndarray:
        """Sample times 0, 1/rate, ... over ``periods`` periods (end excluded) (s)."""
        count = int(round(periods * self.period * rate))
        return np.arange(count) / rate


def fourier_basis(harmonics: int) -> np.ndarray:
    """(2L, 2L − 2) orthonormal basis of the (a, b) ∈ R^{2L} of one joint that start at rest:
    Σ_l a_l = 0 and Σ_l l b_l = 0."""
    L = int(harmonics)
    if L < 2:
        raise StateError(f"harmonics must be >= 2 (a motion that starts at rest), got {harmonics}")
    c = np.zeros((2, 2 * L))
    c[0, :L] = 1.0
    c[1, L:] = np.arange(1, L + 1)
    _, _, vt = np.linalg.svd(c)
    return vt[2:].T


def _assemble(
    x: np.ndarray, basis: np.ndarray, n: int, L: int, omega_f: float, q_start: np.ndarray
) -> FourierTrajectory:
    coef = (basis @ x.reshape(n, -1).T).T  # (n, 2L)
    a, b = coef[:, :L], coef[:, L:]
    q0 = q_start + (b / (omega_f * np.arange(1, L + 1))).sum(axis=1)
    return FourierTrajectory(omega_f, q0, a, b)


def scale_to_limits(
    traj: FourierTrajectory,
    q_start,
    lower,
    upper,
    vmax,
    amax,
    margin: float = 0.05,
    samples: int = 400,
) -> tuple[FourierTrajectory, float]:
    """The trajectory scaled about ``q_start`` by the largest factor within the limits.

    Parameters
    ----------
    lower, upper : (n,)
        Position limits (rad or m; ±inf allowed); ``margin`` (same units) is kept inside.
    vmax, amax : (n,)
        Speed (rad/s) and acceleration (rad/s²) limits, > 0 (inf allowed for speed).

    Returns
    -------
    (scaled trajectory, factor)
    """
    t = np.linspace(0.0, traj.period, samples, endpoint=False)
    q, v, acc = traj.sample(t)
    dq = q - q_start
    with np.errstate(divide="ignore", invalid="ignore"):
        up = np.where(dq > 0, (np.asarray(upper) - margin - q_start) / dq, np.inf)
        lo = np.where(dq < 0, (np.asarray(lower) + margin - q_start) / dq, np.inf)
        sv = np.asarray(vmax) / np.abs(v)
        sa = np.asarray(amax) / np.abs(acc)
    factor = float(np.nanmin([up.min(), lo.min(), sv.min(), sa.min()]))
    if not np.isfinite(factor) or factor <= 0.0:
        raise StateError(
            f"no exciting motion fits the limits from q_start {np.asarray(q_start).tolist()} "
            f"(position limits [{np.asarray(lower).tolist()}, {np.asarray(upper).tolist()}], "
            f"margin {margin})"
        )
    q0 = q_start + factor * (traj.q0 - q_start)
    return FourierTrajectory(traj.omega_f, q0, factor * traj.a, factor * traj.b), factor


def excitation_criterion(model, traj: FourierTrajectory, base, samples: int = 200) -> float:
    """cond(W_b) of the base regressor stacked over ``samples`` instants of one period."""
    from .regressor import base_regressor

    t = np.linspace(0.0, traj.period, samples, endpoint=False)
    q, v, acc = traj.sample(t)
    w = base_regressor(model, base, q, v, acc).reshape(-1, len(base.base_indices))
    s = np.linalg.svd(w, compute_uv=False)
    return float(s[0] / s[-1]) if s[-1] > 0 else np.inf


def optimize_excitation(
    model,
    base,
    *,
    period: float = 10.0,
    harmonics: int = 5,
    q_start=None,
    velocity_limit=None,
    acceleration_limit=None,
    margin: float = 0.1,
    starts: int = 8,
    evaluations: int = 400,
    seed: int = 0,
    samples: int = 200,
    progress=None,
) -> tuple[FourierTrajectory, float]:
    """The exciting trajectory of smallest cond(W_b) found within a budget.

    Parameters
    ----------
    model : RobotModel
    base : BaseParameters
        Its ``project`` maps W (…, n, 14n) to W_b (:func:`~modyn_model.identification.base_parameters`).
    period : float
        T (s).
    harmonics : int
        L (≥ 2).
    q_start : (n,), optional
        Start and end pose (default: the middle of the position limits, 0 where unlimited).
    velocity_limit, acceleration_limit : (n,), optional
        Default: the model's velocity limits (2 rad/s where none) and 5 rad/s².
    margin : float
        Kept inside the position limits (rad or m).
    starts, evaluations : int
        Random candidates, then criterion evaluations of the local search from the best one.
    seed : int
        Of the random candidates (reproducible).
    progress : callable, optional
        ``progress(done, total)`` after each evaluation (a progress bar).

    Returns
    -------
    (trajectory, cond(W_b))
    """
    from scipy.optimize import minimize

    n, L = model.n, int(harmonics)
    omega_f = 2.0 * np.pi / float(period)
    lower = np.where(np.isfinite(model.lower), model.lower, -np.pi)
    upper = np.where(np.isfinite(model.upper), model.upper, np.pi)
    if q_start is None:
        q_start = 0.5 * (lower + upper)
    q_start = np.asarray(q_start, dtype=float)
    vmax = (
        np.asarray(velocity_limit, dtype=float)
        if velocity_limit is not None
        else np.where(np.isfinite(model.velocity_limit), model.velocity_limit, 2.0)
    )
    amax = (
        np.asarray(acceleration_limit, dtype=float)
        if acceleration_limit is not None
        else np.full(n, 5.0)
    )
    vmax, amax = np.broadcast_to(vmax, (n,)), np.broadcast_to(amax, (n,))
    basis = fourier_basis(L)
    total = starts + evaluations
    done = [0]

    def build(x):
        traj = _assemble(x, basis, n, L, omega_f, q_start)
        return scale_to_limits(traj, q_start, lower, upper, vmax, amax, margin)[0]

    def cost(x):
        done[0] += 1
        if progress is not None:
            progress(min(done[0], total), total)
        if not np.any(x):
            return 1e12
        c = excitation_criterion(model, build(x), base, samples)
        return np.log10(c) if np.isfinite(c) else 12.0

    rng = np.random.default_rng(seed)
    dim = n * (2 * L - 2)
    candidates = [rng.standard_normal(dim) for _ in range(starts)]
    costs = [cost(x) for x in candidates]
    best = candidates[int(np.argmin(costs))]
    if evaluations > 0:
        res = minimize(
            cost, best, method="Powell", options={"maxfev": evaluations, "xtol": 1e-3, "ftol": 1e-4}
        )
        if res.fun <= min(costs):
            best = res.x
    traj = build(best)
    return traj, excitation_criterion(model, traj, base, samples)
