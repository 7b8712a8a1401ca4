"""Actuator redundancy of the quadruped with a tail: 14 motors for 8 degrees of freedom
(issue 17, note §2.4, §3.4, §5.5 and §6.2).

The motors u (contract order ``leg{i}_hip_a, leg{i}_hip_b, leg{i}_knee`` (i = 1..4), ``tail_a,
tail_b``) move the robot through their rates q̇_m = S(q) q̇ (S: 14 × 8, the joint Jacobians), so
by virtual work the generalized force they produce is

    τ = Sᵀ u = J_τ,aᵀ τ_a + J_τ,pᵀ τ_p                                            (Eq. 37)

with the paper's split of the rows of S into the non-redundant set q_a = [θ_ha1, θ_ha2, θ_k1..4,
θ_ta, θ_tb] (J_τ,a, 8 × 8) and the redundant set q_p = [θ_ha3, θ_ha4, θ_hb1..4] (J_τ,p, 6 × 8).
Given τ (the inverse dynamics), Sᵀ u = τ has a 6-dimensional family of solutions (Sᵀ has a
6-dimensional null space: torque patterns that only squeeze the ground). Resolutions:

* ``paper`` (Eq. 41): τ_p = 0, τ_a = J_τ,a⁻ᵀ τ. Needs J_τ,a regular; the paper's choice is
  badly conditioned (cond ≈ 100 at q0, rows j_ha1 and j_ha2 at cos∠ = 0.989, note §5.3), which
  gives huge opposing hip torques (1099 N·m norm at t = 0.075 s of the pitch motion, §5.5);
* ``least_norm``: u = (Sᵀ)⁺ τ, the smallest ‖u‖₂ (90.1 N·m norm at the same instant);
* ``weighted``: min uᵀ W u subject to Sᵀ u = τ, W = diag(w) > 0 (per motor, e.g. 1/u_max²
  to share in proportion to the motors' sizes): u = W⁻¹ S (Sᵀ W⁻¹ S)⁻¹ τ;
* ``qp``: min ½ uᵀ W u subject to Sᵀ u = τ, |u_k| ≤ u_max,k (torque limits), and, when the
  ground-reaction map λ = λ₀ + Λ u of :func:`~.contact.grf_map` is given, each foot inside a
  friction cone with a minimum normal force. The cone ‖λ_t‖ ≤ μ λ_z is replaced by the
  inscribed pyramid |λ_x| ≤ μ/√2 λ_z, |λ_y| ≤ μ/√2 λ_z (4 linear inequalities per foot, plus
  λ_z ≥ f_min): linear, so the problem is a convex QP, and conservative (every point of the
  pyramid is inside the cone; it gives up at most a factor √2 of friction along the diagonals).
  Solved in two phases: an LP (HiGHS, ``scipy.optimize.linprog``) minimising the total
  violation finds a feasible point or proves there is none (a :class:`RedundancyError` naming
  the motor limits and feet that still bind at the least violation), then a primal active-set
  method minimises the convex cost from it over the 6-dimensional null space of Sᵀ (so that
  Sᵀ u = τ holds by construction).

Every resolution realises the same τ (Sᵀ u = τ to round-off), so the motion is the same; only
the internal forces (the feet squeezing the ground) and the motor loads differ.

Conditioning (:func:`actuation_condition`): cond(J_τ,a), its smallest singular value, the cosine
of the angle between j_ha1 and j_ha2 (the paper's near-parallel rows) and cond(S) of the full
14-motor map; :func:`check_condition` raises when cond(J_τ,a) passes a bound (the ``paper``
resolution is then unusable; least-norm only needs S of full column rank).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ...errors import StateError
from .generic import ACTUATOR_NAMES

__all__ = [
    "METHODS",
    "PAPER_ACTIVE",
    "PAPER_PASSIVE",
    "ConditionReport",
    "RedundancyError",
    "actuation_condition",
    "check_condition",
    "least_norm",
    "model_options",
    "paper_split",
    "qp_resolution",
    "resolve",
    "resolve_matrix",
    "weighted_least_squares",
]

#: the resolutions of :func:`resolve` (the YAML's ``redundancy:`` values)
METHODS = ("paper", "least_norm", "weighted", "qp")
#: indices (contract order) of the paper's non-redundant actuators q_a: θ_ha1, θ_ha2, θ_k1..4,
#: θ_ta, θ_tb (§2.4)
PAPER_ACTIVE = (0, 3, 2, 5, 8, 11, 12, 13)
#: indices of the redundant set q_p: θ_ha3, θ_ha4, θ_hb1..4
PAPER_PASSIVE = (6, 9, 1, 4, 7, 10)


class RedundancyError(StateError):
    """No actuator torques satisfy the resolution's conditions (names the cause)."""


def _check(s, tau) -> tuple[np.ndarray, np.ndarray]:
    s = np.asarray(s, dtype=float)
    tau = np.asarray(tau, dtype=float)
    if s.shape != (14, 8) or not np.isfinite(s).all():
        raise StateError(f"S must be a finite 14 x 8 actuation matrix, got shape {s.shape}")
    if tau.shape != (8,) or not np.isfinite(tau).all():
        raise StateError(f"tau must be 8 finite generalized forces, got {tau!r}")
    return s, tau


def paper_split(s, tau, tau_p=None) -> np.ndarray:
    """u (14,) with the redundant set q_p at ``tau_p`` (default 0, Eq. 41) and the
    non-redundant set τ_a = J_τ,a⁻ᵀ (τ − J_τ,pᵀ τ_p) (§3.4, general form)."""
    s, tau = _check(s, tau)
    ja = s[list(PAPER_ACTIVE)]
    jp = s[list(PAPER_PASSIVE)]
    tp = np.zeros(6) if tau_p is None else np.asarray(tau_p, dtype=float)
    u = np.zeros(14)
    u[list(PAPER_PASSIVE)] = tp
    u[list(PAPER_ACTIVE)] = np.linalg.solve(ja.T, tau - jp.T @ tp)
    return u


def least_norm(s, tau) -> np.ndarray:
    """u = (Sᵀ)⁺ τ (14,): the smallest ‖u‖₂ with Sᵀ u = τ."""
    s, tau = _check(s, tau)
    return np.linalg.lstsq(s.T, tau, rcond=None)[0]


def _weights(weights) -> np.ndarray:
    w = np.asarray(weights, dtype=float)
    if w.shape != (14,) or not np.isfinite(w).all() or np.any(w <= 0):
        raise StateError(f"weights must be 14 positive numbers (one per motor), got {weights!r}")
    return w


def weighted_least_squares(s, tau, weights) -> np.ndarray:
    """u = W⁻¹ S (Sᵀ W⁻¹ S)⁻¹ τ (14,): min uᵀ diag(weights) u s.t. Sᵀ u = τ."""
    s, tau = _check(s, tau)
    winv = 1.0 / _weights(weights)
    ws = winv[:, None] * s
    return ws @ np.linalg.solve(s.T @ ws, tau)


def _pyramid(lam0, lam_u, mu, min_normal):
    """(A (20, 14), b (20,)) with A u ≤ b ⇔ every foot in the inscribed pyramid (module
    docstring) with λ_z ≥ min_normal."""
    k = mu / np.sqrt(2.0)
    rows_a, rows_b = [], []
    for i in range(4):
        lx, ly, lz = (lam_u[3 * i + j] for j in range(3))
        cx, cy, cz = (lam0[3 * i + j] for j in range(3))
        for sign in (1.0, -1.0):
            rows_a.append(sign * lx - k * lz)
            rows_b.append(-(sign * cx - k * cz))
            rows_a.append(sign * ly - k * lz)
            rows_b.append(-(sign * cy - k * cz))
        rows_a.append(-lz)
        rows_b.append(cz - min_normal)
    return np.array(rows_a), np.array(rows_b)


def _phase_one(s, tau, a_ub, b_ub, names):
    """A point with Sᵀ u = τ and A_ub u ≤ b_ub, or :class:`RedundancyError` naming the rows
    that cannot hold: the LP min Σ σ s.t. Sᵀ u = τ, A_ub u − σ ≤ b_ub, σ ≥ 0 (HiGHS), whose
    optimum is 0 exactly when the constraints are feasible (an LP certificate, unlike a local
    solver's failure)."""
    from scipy.optimize import linprog

    m = a_ub.shape[0]
    scale = np.maximum(np.abs(a_ub).max(axis=1), 1e-300)  # rows in comparable units
    a_n, b_n = a_ub / scale[:, None], b_ub / scale
    c = np.concatenate([np.zeros(14), np.ones(m)])
    res = linprog(
        c,
        A_ub=np.hstack([a_n, -np.eye(m)]),
        b_ub=b_n,
        A_eq=np.hstack([s.T, np.zeros((8, m))]),
        b_eq=tau,
        bounds=[(None, None)] * 14 + [(0.0, None)] * m,
        method="highs",
    )
    if res.status != 0:
        raise RedundancyError(f"qp redundancy resolution: phase-one LP failed ({res.message})")
    slack = res.x[14:]
    tol = 1e-7 * (1.0 + np.abs(b_n).max())
    bad = sorted({names[r] for r in np.flatnonzero(slack > tol)})
    if bad:
        raise RedundancyError(
            "qp redundancy resolution: infeasible, no motor torques realise tau = "
            f"{np.round(tau, 4).tolist()} within the constraints; the least total violation "
            f"(LP) still breaks: {', '.join(bad)}"
        )
    return res.x[:14]


def _active_set(hess, grad, a, b, z, max_iter: int) -> tuple[np.ndarray, bool]:
    """min ½ zᵀ H z + gᵀ z s.t. A z ≤ b from a feasible z: the primal active-set method
    (Nocedal & Wright, Algorithm 16.3), H positive definite. Each iteration solves the
    equality-constrained step on the working set W (a KKT system); a zero step with all
    multipliers ≥ 0 is the optimum (a convex QP: the global one), a negative multiplier leaves
    W, a blocking constraint joins it. Returns (z, converged)."""
    n = z.size
    norms = np.maximum(np.linalg.norm(a, axis=1), 1e-300)
    a, b = a / norms[:, None], b / norms  # unit rows: one tolerance for all
    work: list[int] = []
    for _ in range(max_iter):
        g = hess @ z + grad
        k = len(work)
        kkt = np.zeros((n + k, n + k))
        kkt[:n, :n] = hess
        if k:
            aw = a[work]
            kkt[:n, n:] = aw.T
            kkt[n:, :n] = aw
        sol = np.linalg.lstsq(kkt, np.concatenate([-g, np.zeros(k)]), rcond=None)[0]
        step, mult = sol[:n], sol[n:]
        if np.abs(step).max() <= 1e-12 * (1.0 + np.abs(z).max()):
            if k == 0 or mult.min() >= -1e-9 * (1.0 + np.abs(mult).max()):
                return z, True
            work.pop(int(np.argmin(mult)))
            continue
        rate = a @ step
        alpha, block = 1.0, -1
        for i in np.flatnonzero(rate > 1e-14):
            if i in work:
                continue
            room = max(b[i] - a[i] @ z, 0.0) / rate[i]
            if room < alpha:
                alpha, block = room, int(i)
        z = z + alpha * step
        if block >= 0:
            work.append(block)
    return z, False


def qp_resolution(
    s,
    tau,
    *,
    limits=None,
    weights=None,
    grf=None,
    mu: float | None = None,
    min_normal: float = 0.0,
    max_iter: int = 500,
) -> np.ndarray:
    """u (14,): min ½ uᵀ W u s.t. Sᵀ u = τ, |u| ≤ ``limits``, feet in the friction pyramid.

    Two phases: an LP (:func:`_phase_one`) finds a feasible point or proves there is none
    (naming the motor limits and feet that bind), then a primal active-set method
    (:func:`_active_set`) on the 6 free parameters z of u = u₀ + N z (N an orthonormal basis
    of null(Sᵀ), so Sᵀ u = τ holds by construction) minimises the cost from that point.

    Parameters
    ----------
    s : (14, 8), tau : (8,)
    limits : (14,) positive, optional
        Motor torque limits (N·m; inf: that motor unlimited).
    weights : (14,) positive, optional
        W = diag(weights) (default identity).
    grf : (λ₀ (12,), Λ (12, 14)), optional
        The ground-reaction map at the state (:func:`~.contact.grf_map`); with ``mu`` it adds
        the pyramid constraints (module docstring).
    mu : float, optional
        Friction coefficient of the pyramid.
    min_normal : float
        Smallest normal force per foot (N).

    Raises
    ------
    RedundancyError
        The QP is infeasible (LP-certified, naming what binds) or the active-set iteration does
        not converge in ``max_iter`` steps.
    """
    s, tau = _check(s, tau)
    w = np.ones(14) if weights is None else _weights(weights)
    rows_a, rows_b, names = [np.zeros((0, 14))], [np.zeros(0)], []
    if limits is not None:
        lim = np.asarray(limits, dtype=float)
        if lim.shape != (14,) or np.isnan(lim).any() or np.any(lim <= 0):
            raise StateError(
                f"limits must be 14 positive torques (N·m; inf: none), got {limits!r}"
            )
        idx = np.flatnonzero(np.isfinite(lim))
        eye = np.eye(14)[idx]
        rows_a += [eye, -eye]
        rows_b += [lim[idx], lim[idx]]
        names += [f"the limit of motor {ACTUATOR_NAMES[i]} ({lim[i]:g} N·m)" for i in idx] * 2
    if grf is not None:
        if mu is None or not (np.isfinite(mu) and mu > 0):
            raise StateError(f"the friction pyramid needs a positive mu, got {mu!r}")
        lam0, lam_u = (np.asarray(a, dtype=float) for a in grf)
        if lam0.shape != (12,) or lam_u.shape != (12, 14):
            raise StateError("grf must be (lambda0 (12,), Lambda (12, 14)) from contact.grf_map")
        a_c, b_c = _pyramid(lam0, lam_u, float(mu), float(min_normal))
        rows_a.append(a_c)
        rows_b.append(b_c)
        for i in range(4):
            names += [f"the friction pyramid of foot{i + 1} (mu = {mu:g})"] * 4
            names.append(f"the normal force of foot{i + 1} (>= {min_normal:g} N)")
    a_ub, b_ub = np.vstack(rows_a), np.concatenate(rows_b)
    u0 = _phase_one(s, tau, a_ub, b_ub, names) if names else least_norm(s, tau)
    null = np.linalg.svd(s.T)[2][8:].T  # (14, 6)
    wn = w[:, None] * null
    z, converged = _active_set(
        null.T @ wn, wn.T @ u0, a_ub @ null, b_ub - a_ub @ u0, np.zeros(6), max_iter
    )
    if not converged:
        raise RedundancyError(
            f"qp redundancy resolution: the active-set iteration did not converge in {max_iter} "
            "steps"
        )
    u = u0 + null @ z
    # the exact generalized force: remove the round-off residual along the range of S
    return u + np.linalg.lstsq(s.T, tau - s.T @ u, rcond=None)[0]


def resolve_matrix(method: str, s, tau, **options) -> np.ndarray:
    """u (14,) by ``method`` in :data:`METHODS` for the actuation matrix ``s`` (14, 8) and τ (8)
    (``paper``: ``tau_p``; ``weighted``: ``weights``; ``qp``: the options of
    :func:`qp_resolution`)."""
    if method == "paper":
        return paper_split(s, tau, options.get("tau_p"))
    if method == "least_norm":
        return least_norm(s, tau)
    if method == "weighted":
        return weighted_least_squares(s, tau, options["weights"])
    if method == "qp":
        return qp_resolution(s, tau, **options)
    raise StateError(f"unknown redundancy resolution {method!r}; expected one of {list(METHODS)}")


def model_options(model, q, method: str) -> dict:
    """The options of :func:`resolve_matrix` that a ``QuadrupedTailModel``'s parameters set:
    ``weighted``: ``redundancy_weights``; ``qp``: the same weights, the finite entries of
    ``torque_limit`` and, with a finite ``friction_coefficient`` μ, the friction pyramids of
    the ground-reaction map at (q, q̇ = 0) (:func:`~.contact.grf_map`).

    The contract's ``actuation_solve(q, tau)`` has no velocity, so the cone constraint is the
    quasi-static one: exact at rest; in motion the velocity-product part of λ₀ (centripetal
    and Coriolis reactions) is left out. A caller that knows q̇ passes
    ``grf=grf_map(model, q, v)`` to :func:`qp_resolution` itself."""
    prm = model.params
    if method == "weighted":
        return {"weights": np.asarray(prm.redundancy_weights, dtype=float)}
    if method != "qp":
        return {}
    opts: dict = {"weights": np.asarray(prm.redundancy_weights, dtype=float)}
    lim = np.asarray(prm.torque_limit, dtype=float)
    if np.isfinite(lim).any():
        opts["limits"] = lim
    mu = float(prm.friction_coefficient)
    if np.isfinite(mu):
        from .contact import grf_map

        opts["grf"] = grf_map(model, q, np.zeros(8))
        opts["mu"] = mu
    return opts


def resolve(model, q, tau, method: str | None = None, **options) -> np.ndarray:
    """u (..., 14) = the motor torques of ``model`` (a ``QuadrupedTailModel``) that realise τ
    (..., 8) at q (..., 8) by ``method`` (default: the model's ``redundancy``), with the options
    of :func:`model_options` (keyword ``options`` override them). This is what
    ``QuadrupedTailModel.actuation_solve`` calls for ``weighted`` and ``qp``; leading batch
    axes are solved one state at a time."""
    method = model.redundancy if method is None else method
    q = np.asarray(q, dtype=float)
    tau = np.asarray(tau, dtype=float)
    batch = np.broadcast_shapes(q.shape[:-1], tau.shape[:-1])
    qb = np.broadcast_to(q, batch + (8,)).reshape(-1, 8)
    tb = np.broadcast_to(tau, batch + (8,)).reshape(-1, 8)
    out = np.empty((qb.shape[0], 14))
    for k in range(qb.shape[0]):
        opts = {**model_options(model, qb[k], method), **options}
        out[k] = resolve_matrix(method, model.actuation_matrix(qb[k]), tb[k], **opts)
    return out.reshape(batch + (14,))


@dataclass(frozen=True)
class ConditionReport:
    """Conditioning of the actuation at one configuration.

    cond_active : cond₂(J_τ,a) (the paper's 8 × 8)
    sigma_min_active : its smallest singular value
    cos_hip_a : cos∠(j_ha1, j_ha2) (rows 1 and 2 of J_τ,a)
    cond_full : cond₂(S) of the 14 × 8 map (what least-norm inverts)
    """

    cond_active: float
    sigma_min_active: float
    cos_hip_a: float
    cond_full: float


def actuation_condition(s) -> ConditionReport:
    """The :class:`ConditionReport` of the actuation matrix S (14, 8)."""
    s, _ = _check(s, np.zeros(8))
    ja = s[list(PAPER_ACTIVE)]
    sv = np.linalg.svd(ja, compute_uv=False)
    r1, r2 = s[0], s[3]
    cos = float(r1 @ r2 / (np.linalg.norm(r1) * np.linalg.norm(r2)))
    sf = np.linalg.svd(s, compute_uv=False)
    return ConditionReport(float(sv[0] / sv[-1]), float(sv[-1]), cos, float(sf[0] / sf[-1]))


def check_condition(s, max_cond: float = 1e4) -> ConditionReport:
    """:func:`actuation_condition`, raising :class:`RedundancyError` when cond(J_τ,a) >
    ``max_cond`` (the paper's τ_p = 0 split is then near-singular: Eq. 41 unusable)."""
    rep = actuation_condition(s)
    if not rep.cond_active <= max_cond:
        raise RedundancyError(
            f"J_tau,a is near-singular: cond = {rep.cond_active:.3g} > {max_cond:g} (smallest "
            f"singular value {rep.sigma_min_active:.3g}, cos(j_ha1, j_ha2) = {rep.cos_hip_a:.4f}"
            "): use the least_norm, weighted or qp resolution"
        )
    return rep
