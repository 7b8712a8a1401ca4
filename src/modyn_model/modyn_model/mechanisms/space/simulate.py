"""Free-floating simulation of a :class:`~.chain.DQChain` and its balance monitors (note §7,
§11): the base pose is a unit DQ integrated by q̂̇_B = ½ q̂_B∘ω̂_B (quasi-velocities), the
joints by θ̇, the rates by the matrix-form forward dynamics (eq. 32 corrected).

Two integrators:

* :func:`simulate` — SciPy's DOP853 (explicit Runge–Kutta 8(5,3)) on the embedded state
  [q̂_B (8), θ, ν, ∫P, ∫H_O, ∫Γ·ν], q̂_B renormalised at the outputs; the balances are carried as
  extra states so that they are integrated to the same accuracy (note §11's check);
* :func:`simulate_lie` — fixed-step RKMK4 on the group for q̂_B (:func:`~...dualquat.rkmk4_step`),
  RK4 for the rest: q̂_B stays a unit DQ by construction.

``load(t, qhat_base, theta, nu) -> Γ`` (N,) gives the generalized forces in the DQ order
[T_B, F_B, τ] (base wrench in base axes about the base origin).
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from ...dualquat import dqconj, dqmul, dqnormalize, rkmk4_step
from .chain import DQChain
from .matrix_form import forward_dynamics, mass_matrix
from .recursion import link_poses, relative_poses, velocities

__all__ = ["simulate", "simulate_lie", "momentum", "kinetic_energy", "world_wrench"]

Load = Callable[[float, np.ndarray, np.ndarray, np.ndarray], np.ndarray]


def momentum(chain: DQChain, qhat_base, theta, nu) -> np.ndarray:
    """The system's momentum P + εH_O (8,) in world axes, H_O about the world origin:
    Σ_k Ad(q̂*_{k,0}) M̂_k ω̂_k (each body's momentum about d_k moved to the world)."""
    rel = relative_poses(chain, qhat_base, theta)
    w = velocities(chain, rel, nu)
    world = link_poses(chain, qhat_base, theta)
    h = (chain.dual_mass @ w[..., None])[..., 0]
    total = np.zeros(8)
    for i in range(chain.n):
        total += dqmul(world[i], dqmul(h[i], dqconj(world[i])))
    return total


def world_wrench(qhat_base, gamma_base) -> np.ndarray:
    """The base wrench [T_B, F_B] (base axes, at the base origin) as F + εT_O (8,) in world
    axes about the world origin: q̂_B∘f̂∘q̂_B* = (R F, r_B × R F + R T)."""
    f = np.zeros(8)
    f[1:4] = gamma_base[3:6]
    f[5:8] = gamma_base[0:3]
    return dqmul(qhat_base, dqmul(f, dqconj(qhat_base)))


def kinetic_energy(chain: DQChain, qhat_base, theta, nu) -> float:
    """½ νᵀ M ν (J)."""
    return 0.5 * float(nu @ mass_matrix(chain, qhat_base, theta) @ nu)


def simulate(
    chain: DQChain,
    qhat0,
    theta0,
    nu0,
    t_eval,
    load: Load,
    *,
    gravity=None,
    rtol: float = 1e-11,
    atol: float = 1e-12,
) -> dict[str, np.ndarray]:
    """Integrate from t = 0 to t_eval[-1] with DOP853 (see the module docstring).

    Returns
    -------
    dict with ``t`` (m,), ``qhat`` (m, 8), ``theta`` (m, nj), ``nu`` (m, N), ``impulse``
    (m, 8) = ∫(F + εT_O) dt (world), ``work`` (m,) = ∫Γ·ν dt, ``nfev``.
    """
    from scipy.integrate import solve_ivp

    nj, ndof = chain.nj, chain.ndof

    def rhs(t, y):
        qb = y[:8]
        th = y[8 : 8 + nj]
        nu = y[8 + nj : 8 + nj + ndof]
        gam = np.asarray(load(t, qb, th, nu), dtype=float)
        dy = np.empty_like(y)
        tw = np.zeros(8)
        tw[1:4] = nu[0:3]
        tw[5:8] = nu[3:6]
        dy[:8] = 0.5 * dqmul(qb, tw)
        dy[8 : 8 + nj] = nu[6:]
        dy[8 + nj : 8 + nj + ndof] = forward_dynamics(chain, qb, th, nu, gam, gravity)
        dy[8 + nj + ndof : 16 + nj + ndof] = world_wrench(qb, gam[:6])
        dy[-1] = gam @ nu
        return dy

    y0 = np.concatenate([qhat0, theta0, nu0, np.zeros(9)])
    t_eval = np.asarray(t_eval, dtype=float)
    sol = solve_ivp(
        rhs, (0.0, t_eval[-1]), y0, method="DOP853", t_eval=t_eval, rtol=rtol, atol=atol
    )
    if not sol.success:
        raise RuntimeError(f"DOP853 failed: {sol.message}")
    y = sol.y.T
    return {
        "t": sol.t,
        "qhat": dqnormalize(y[:, :8]),
        "qhat_raw": y[:, :8],
        "theta": y[:, 8 : 8 + nj],
        "nu": y[:, 8 + nj : 8 + nj + ndof],
        "impulse": y[:, 8 + nj + ndof : 16 + nj + ndof],
        "work": y[:, -1],
        "nfev": sol.nfev,
    }


def simulate_lie(
    chain: DQChain, qhat0, theta0, nu0, h: float, steps: int, load: Load, *, gravity=None
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``steps`` RKMK4 steps of h s (see the module docstring); returns (q̂_B, θ, ν) at the end.
    x = [t, θ, ν] are the vector states (t carried so the load sees the stage times)."""
    nj = chain.nj

    def f(qb, x):
        t, th, nu = x[0], x[1 : 1 + nj], x[1 + nj :]
        gam = np.asarray(load(t, qb, th, nu), dtype=float)
        tw = np.zeros(8)
        tw[1:4] = nu[0:3]
        tw[5:8] = nu[3:6]
        dx = np.empty_like(x)
        dx[0] = 1.0
        dx[1 : 1 + nj] = nu[6:]
        dx[1 + nj :] = forward_dynamics(chain, qb, th, nu, gam, gravity)
        return tw, dx

    qb = np.asarray(qhat0, dtype=float)
    x = np.concatenate([[0.0], theta0, nu0])
    for _ in range(steps):
        qb, x = rkmk4_step(qb, x, h, f)
    return qb, x[1 : 1 + nj], x[1 + nj :]
