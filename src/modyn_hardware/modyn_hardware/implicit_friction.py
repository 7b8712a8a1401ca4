"""The dry-friction step of the built-in plant: Coulomb (and Stribeck) friction taken at the new
velocity, with stiction, as a small convex problem.

One step of the plant ends with a velocity update of the form

    M (u − v°) = −λ,    λ_j ∈ c_j · Sgn(u_j)                                          (1)

where u is the velocity at the end of the step, v° the velocity the step would reach without dry
friction, M the (symmetric positive definite) matrix of the step (A(q) + dt·D for semi-implicit
Euler, A(q) for RK4, see :mod:`modyn_hardware.simulated`), c_j = dt·μ_j ≥ 0 the friction impulse
bound of joint j and Sgn the set-valued sign (Sgn(0) = [−1, 1]). (1) is the optimality condition
of the strictly convex problem

    u = argmin_x ½ xᵀ M x − bᵀ x + Σ_j c_j |x_j|,    b = M v°                          (2)

so it has exactly one solution: each joint either slides (u_j ≠ 0, the friction impulse is
c_j sign(u_j), opposing the motion at the end of the step) or sticks (u_j = 0, the friction
impulse |λ_j| ≤ c_j is whatever holds it). This is the implicit Euler step of the set-valued
Coulomb law (Moreau's time stepping; MuJoCo's ``frictionloss`` is the same problem solved with a
soft constraint). The explicit law Fc·sign(q̇) with sign(0) = 0 instead flips the sign each step
near q̇ = 0: a velocity chatter of amplitude dt·Fc/I, 7 rad/s on a 1.4e-4 kg·m² wrist with
Fc = 1 N·m at 1 ms.

:func:`solve_dry_friction` solves (2) exactly (up to rounding) through its dual, the strictly
convex box-constrained problem

    λ = argmin_{|λ_j| ≤ c_j} ½ λᵀ M⁻¹ λ − λᵀ v°,    u = v° − M⁻¹ λ                      (3)

(min over x of (2) with |x_j| written as max over |λ_j| ≤ c_j of λ_j x_j), by the primal
active-set method for bound constraints (Nocedal & Wright, Numerical Optimization, algorithm
16.3): the joints whose λ is at a bound (±c_j) slide that way, the others stick (u_j = 0 is
exactly the stationarity of (3) in λ_j). Each iteration finds the sticking joints' impulses
with the sliding ones' fixed at their bounds (the moving joints' rows of M u = b − λ with u = 0
on the sticking ones: one solve of the size of the moving set, M⁻¹ never formed; none when every
joint with friction sticks), steps towards them until one reaches its bound (that joint starts
to slide), and when no step is left releases a sliding joint whose velocity came out against
its impulse (it sticks). The objective decreases at every
step, so no working set repeats: the method ends in finitely many iterations, at the exact
solution. In the plant the first guess is the stick/slip state at the start of the step, right
at once except at transitions. An iteration cap (never reached in the tests) hands over to cyclic
coordinate descent on (2), which converges for any symmetric positive definite M.
"""

from __future__ import annotations

import numpy as np

__all__ = ["solve_dry_friction", "kkt_residual"]

#: active-set iterations (per unknown) before falling back to coordinate descent
_MAX_ACTIVE_SET = 20
#: coordinate-descent sweeps and relative tolerance of the fallback
_MAX_SWEEPS = 100_000
_CD_TOL = 1e-15


def solve_dry_friction(
    M: np.ndarray, b: np.ndarray, c: np.ndarray, guess: np.ndarray, out: np.ndarray
) -> int:
    """Solve (2) of the module docstring: the end-of-step velocity under dry friction.

    Parameters
    ----------
    M : (n, n) ndarray
        Symmetric positive definite (kg·m² or kg).
    b : (n,) ndarray
        M v° (N·m·s or N·s): the momentum the step reaches without dry friction.
    c : (n,) ndarray
        Friction impulse bounds dt·μ_j >= 0 (N·m·s or N·s); 0 for a joint without dry friction.
    guess : (n,) ndarray
        Initial guess of each joint's state: > 0 slides forward, < 0 backward, 0 sticks (only
        its sign is used; ignored where c_j = 0).
    out : (n,) ndarray
        Receives u (rad/s or m/s); exactly 0 for a sticking joint.

    Returns
    -------
    int
        Active-set iterations used (1 when the guess was right); more than
        ``_MAX_ACTIVE_SET * n`` when the coordinate-descent fallback ran.
    """
    n = len(b)
    dry = c > 0.0
    # bound_j: +1 / -1 the impulse is at +c_j / -c_j (the joint slides that way), 0 it is free
    # (the joint sticks); joints without dry friction keep λ_j = 0 and always move
    bound = np.where(dry, np.sign(guess), 0.0)
    lam = c * bound
    u = np.zeros(n)
    limit = _MAX_ACTIVE_SET * n + 10
    for iteration in range(1, limit + 1):
        stick = dry & (bound == 0.0)
        move = ~stick
        # the working set's minimum: u = 0 on the sticking joints, the others from their rows
        # of M u = b − λ (the stationarity W_SS λ_S = v°_S − W_SB λ_B of (3), without M⁻¹)
        u[:] = 0.0
        if move.any():
            u[move] = np.linalg.solve(M[move][:, move], b[move] - lam[move])
        if stick.any():
            target = b[stick] - M[stick][:, move] @ u[move]  # impulses holding them
            p = target - lam[stick]
            # ratio test: the longest step in [0, 1] keeping every free impulse within ±c
            lo, hi = -c[stick] - lam[stick], c[stick] - lam[stick]
            with np.errstate(divide="ignore", invalid="ignore"):
                ratio = np.where(p > 0.0, hi / p, np.where(p < 0.0, lo / p, np.inf))
            ratio = np.maximum(ratio, 0.0)
            k = int(np.argmin(ratio))
            if ratio[k] < 1.0:  # a sticking joint's impulse reaches its bound: it slides
                lam[stick] += ratio[k] * p
                j = int(np.flatnonzero(stick)[k])
                bound[j] = 1.0 if p[k] > 0.0 else -1.0
                lam[j] = c[j] * bound[j]
                continue
            lam[stick] = target
        # a sliding joint must move the way its impulse opposes (u_j bound_j >= 0: the bound's
        # multiplier has the right sign); else the most violated one sticks
        wrong = dry & (bound != 0.0) & (u * bound < 0.0)
        if not wrong.any():
            out[:] = u
            return iteration
        j = int(np.argmax(np.where(wrong, np.abs(u) * np.diag(M), -1.0)))
        bound[j] = 0.0
    out[:] = np.linalg.solve(M, b - lam)
    return limit + _coordinate_descent(M, b, c, out)


def _coordinate_descent(M: np.ndarray, b: np.ndarray, c: np.ndarray, u: np.ndarray) -> int:
    """Cyclic coordinate descent on (2) from ``u`` (in place); each coordinate's minimum is a
    soft threshold. Returns the number of sweeps."""
    n = len(b)
    diag = np.diag(M)
    scale = max(float(np.max(np.abs(b) / diag)), float(np.max(np.abs(u))), 1e-300)
    for sweep in range(1, _MAX_SWEEPS + 1):
        change = 0.0
        for j in range(n):
            r = b[j] - M[j] @ u + diag[j] * u[j]
            x = np.sign(r) * max(abs(r) - c[j], 0.0) / diag[j]
            change = max(change, abs(x - u[j]))
            u[j] = x
        if change <= _CD_TOL * scale:
            return sweep
    return _MAX_SWEEPS


def kkt_residual(M: np.ndarray, b: np.ndarray, c: np.ndarray, u: np.ndarray) -> float:
    """How far ``u`` is from solving (2), in impulse units (N·m·s or N·s): the largest violation
    of λ = b − M u ∈ c·Sgn(u) over the joints (0 for the exact solution)."""
    lam = b - M @ u
    moving = u != 0.0
    slide = np.abs(lam - c * np.sign(u))  # a sliding joint feels exactly c, against its motion
    still = np.maximum(np.abs(lam) - c, 0.0)  # a sticking joint needs at most c
    return float(np.max(np.where(moving, slide, still), initial=0.0))
