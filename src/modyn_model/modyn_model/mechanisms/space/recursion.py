"""DQ forward kinematics, the velocity/acceleration recursion and the recursive DQ inverse
dynamics of a :class:`~.chain.DQChain` (paper eqs. 8–23 with the note's corrections).

Outside order (every function here): the base pose q̂_B = q̂_{n,n+1} (..., 8, eq. 4, world =
frame n + 1), joint positions θ (..., nj) in URDF order, generalized velocities
ν = [ω_B (3), v_B (3), θ̇ (nj)] (the floating hinge's (ω, v), Table 2, base axes; then URDF
order) and generalized forces Γ = [T_B (3), F_B (3), τ (nj)] (note §4.2: dual to ν, torque
first; the base wrench about the base origin in base axes).

The algorithm (eq. 23 as corrected in note §6; k = n the floating hinge)::

    ω̂_{n+1} = 0,  E_{n+1} = (0, 0) + ε(0, −g)     (gravity by the base-acceleration trick)
    for k = n … 1:                                  (base → tip)
        ω̂_k = Ad(q̂_{k,k+1}) ω̂_{k+1} + Ĥ_k θ̇_k                          eq. (11)
        α̂_k = ω̂_k × Ĥ_k θ̇_k                  eq. (15), note §5 closed form (A9)
        E_k  = Ad(q̂_{k,k+1}) E_{k+1} + α̂_k + Ĥ_k θ̈_k                   eq. (16)
    f̂_0 = −f̂_tip (the external wrench on body 1 at d_1, if any)
    for k = 1 … n:                                  (tip → base)
        f̂_k = Ad(q̂*_{k−1,k}) f̂_{k−1} + M̂_k E_k + ω̂_k × M̂_k ω̂_k          eq. (21)
        τ_k = Ĥ_kᵀ P f̂_k                     eq. (22), note §6 correction (A10: swap)

with Ad(q̂)x = q̂*∘x∘q̂ and × the corrected dual cross (A3). E_k = ∂^k ω̂_k/∂t is the derivative
of the body-frame twist components (the spatial acceleration in body axes).
"""

from __future__ import annotations

import numpy as np

from ...dualquat import dqadjoint, dqconj, dqcross, dqmul, dqswap
from .chain import FLOATING_HINGE, PRISMATIC_HINGE, DQChain

__all__ = [
    "relative_poses",
    "link_poses",
    "hinge_twists",
    "velocities",
    "accelerations",
    "inverse_dynamics",
    "gravity_twist",
]


def _joint_motion(chain: DQChain, i: int, theta: np.ndarray) -> np.ndarray:
    """q̂_{d_k t_k}(θ_k) (..., 8): rotation (cos θ/2, sin θ/2 a) + ε0, or the translation
    1 + ε ½(0, θ a) (eq. 10)."""
    out = np.zeros(theta.shape + (8,))
    a = chain.axis[i]
    if chain.kinds[i] == PRISMATIC_HINGE:
        out[..., 0] = 1.0
        out[..., 5:8] = 0.5 * theta[..., None] * a
    else:
        h = 0.5 * theta
        out[..., 0] = np.cos(h)
        out[..., 1:4] = np.sin(h)[..., None] * a
    return out


def relative_poses(chain: DQChain, qhat_base, theta) -> list[np.ndarray]:
    """[q̂_{k,k+1}] for k = 1..n (list of (..., 8)), internal order; the last is q̂_B.
    q̂_{k,k+1} = q̂_{t_k d_{k+1}} ∘ q̂_{d_k t_k}(θ_k) (eq. 10)."""
    theta = np.asarray(theta, dtype=float)
    rel = []
    for i in range(chain.n - 1):
        j = chain.urdf_joint[i]
        rel.append(dqmul(chain.mount[i], _joint_motion(chain, i, theta[..., j])))
    rel.append(np.asarray(qhat_base, dtype=float))
    return rel


def link_poses(chain: DQChain, qhat_base, theta) -> list[np.ndarray]:
    """World poses q̂_{k,0} = q̂_{k+1,0}∘q̂_{k,k+1} of bodies k = 1..n (list of (..., 8),
    internal order): DQ forward kinematics."""
    rel = relative_poses(chain, qhat_base, theta)
    world = [None] * chain.n
    world[-1] = rel[-1]
    for i in range(chain.n - 2, -1, -1):
        world[i] = dqmul(world[i + 1], rel[i])
    return world


def hinge_twists(chain: DQChain, nu) -> list[np.ndarray]:
    """[Ĥ_k θ̇_k] (list of (..., 8)) for generalized rates ν (outside order)."""
    nu = np.asarray(nu, dtype=float)
    out = []
    for i in range(chain.n):
        if chain.kinds[i] == FLOATING_HINGE:
            x = np.zeros(nu.shape[:-1] + (8,))
            x[..., 1:4] = nu[..., 0:3]
            x[..., 5:8] = nu[..., 3:6]
        else:
            x = nu[..., 6 + chain.urdf_joint[i], None] * chain.hinge[i][:, 0]
        out.append(x)
    return out


def velocities(chain: DQChain, rel: list[np.ndarray], nu) -> list[np.ndarray]:
    """Body twists ω̂_k (list, internal order): eqs. (11)–(12), base → tip."""
    hq = hinge_twists(chain, nu)
    w = [None] * chain.n
    w[-1] = hq[-1]  # ω̂_{n+1} = 0
    for i in range(chain.n - 2, -1, -1):
        w[i] = dqadjoint(rel[i], w[i + 1]) + hq[i]
    return w


def gravity_twist(gravity, batch: tuple = ()) -> np.ndarray:
    """E_{n+1} = (0, 0) + ε(0, −g) (..., 8): the inertial frame accelerating at −g (world axes)."""
    e = np.zeros(batch + (8,))
    e[..., 5:8] = -np.asarray(gravity, dtype=float)
    return e


def accelerations(
    chain: DQChain, rel: list[np.ndarray], nu, nudot, gravity=None
) -> tuple[list[np.ndarray], list[np.ndarray]]:
    """(twists ω̂_k, accelerations E_k) (lists, internal order): eqs. (11), (16) with α̂_k of
    note §5 (A9). ``gravity`` (3,) world m/s² enters as E_{n+1} = −g; ``nudot`` None means 0."""
    nu = np.asarray(nu, dtype=float)
    hq = hinge_twists(chain, nu)
    hqd = None if nudot is None else hinge_twists(chain, nudot)
    batch = np.broadcast_shapes(*(x.shape[:-1] for x in rel), nu.shape[:-1])
    w = [None] * chain.n
    e = [None] * chain.n
    w_prev = None
    e_prev = None if gravity is None else gravity_twist(gravity, batch)
    for i in range(chain.n - 1, -1, -1):
        wi = hq[i] if w_prev is None else dqadjoint(rel[i], w_prev) + hq[i]
        ei = dqcross(wi, hq[i])  # α̂_k = ω̂_k × Ĥ_k θ̇_k (∂Ĥ/∂t = 0 for Table 2)
        if e_prev is not None:
            ei = ei + dqadjoint(rel[i], e_prev)
        if hqd is not None:
            ei = ei + hqd[i]
        w[i], e[i] = wi, np.broadcast_to(ei, batch + (8,))
        w_prev, e_prev = wi, e[i]
    return w, e


def inverse_dynamics(
    chain: DQChain,
    qhat_base,
    theta,
    nu,
    nudot=None,
    gravity=None,
    f_tip=None,
    *,
    return_wrenches: bool = False,
):
    """Γ (..., N) = [T_B, F_B, τ (URDF order)] by the recursive DQ inverse dynamics (eq. 23,
    note §6 corrections: α̂ closed form, corrected cross, τ_k = Ĥ_kᵀ P f̂_k).

    Parameters
    ----------
    qhat_base : (..., 8) unit DQ of the base in the world
    theta : (..., nj) rad / m;  nu, nudot : (..., N) rates and their derivatives (None = 0)
    gravity : (3,) m/s², world axes, or None
    f_tip : (..., 8) optional external wrench F + εT acting on body 1 at its origin d_1
        (body-1 axes)
    return_wrenches : also return the hinge wrenches f̂_k (list (..., 8), internal order,
        F + εT about d_k in body-k axes); the arm's wrench on the base is
        −Ad(q̂*_{n−1,n}) f̂_{n−1} (note §6; eq. 47's feed-forward)
    """
    rel = relative_poses(chain, qhat_base, theta)
    w, e = accelerations(chain, rel, nu, nudot, gravity)
    batch = w[0].shape[:-1]
    n = chain.n
    tau = np.zeros(batch + (chain.nj + 6,))
    wrenches = []
    f_prev = None if f_tip is None else -np.asarray(f_tip, dtype=float)
    m = chain.dual_mass
    for i in range(n):
        mw = (m[i] @ w[i][..., None])[..., 0]
        f = (m[i] @ e[i][..., None])[..., 0] + dqcross(w[i], mw)
        if f_prev is not None:
            r = rel[i - 1] if i > 0 else None
            f = f + (dqmul(r, dqmul(f_prev, dqconj(r))) if r is not None else f_prev)
        fs = dqswap(f)
        if chain.kinds[i] == FLOATING_HINGE:
            tau[..., 0:3] = fs[..., 1:4]
            tau[..., 3:6] = fs[..., 5:8]
        else:
            tau[..., 6 + chain.urdf_joint[i]] = fs @ chain.hinge[i][:, 0]
        wrenches.append(f)
        f_prev = f
    if nudot is not None and np.any(chain.armature):
        tau[..., 6:] += chain.armature * np.asarray(nudot, dtype=float)[..., 6:]
    return (tau, wrenches) if return_wrenches else tau
