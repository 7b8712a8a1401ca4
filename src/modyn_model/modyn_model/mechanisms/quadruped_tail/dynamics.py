"""Dynamics of the quadruped with a tail by the virtual-work principle (Liu & Ben-Tzvi §3, with
the note's fixes), on the :class:`.kinematics.Kinematics` of one state.

Bodies (note §1.1): the torso (m_b, I_b about P, world inertia I = R I_b^(P) Rᵀ), per leg a thigh
bar H → K (m_th) and a shank bar K → F (m_sh, F fixed), and the tail's tip point mass m_t at N.
A bar's inertia lumps onto its ends with weights m/3 (own end) and m/6 (other end), its weight
m/2 on each end (Eqs. (33)-(34); exact for a line mass, note §3.2). With g = [0, 0, −g]::

    τ_b   = J_b,xᵀ m_b (v̇ − g) + J_b,ωᵀ (I ω̇ + ω̃ I ω)                       # (38)
    τ_t   = J_tᵀ m_t (a_n − g)                                              # (39)
    τ_l,i = J_k,iᵀ ((m_th + m_sh)/3 a_k,i + m_th/6 a_h,i − (m_th + m_sh)/2 g)
          + J_h,iᵀ (m_th/3 a_h,i + m_th/6 a_k,i − m_th/2 g)                 # (40) [FIX E8: m_th/2]
    J_τ,aᵀ τ_a + J_τ,pᵀ τ_p = τ_b + τ_t + Σ τ_l,i                           # (37)

with the point accelerations a = J q̈ + J̇ q̇ of Eqs. (29)-(31) ([FIX E7]; J̇ q̇ from the chain of
:func:`.kinematics.kinematics`, note E13). Then M q̈ + C + G = τ (Eq. 42) with

    M = m_b J_b,xᵀJ_b,x + J_b,ωᵀ I J_b,ω + m_t J_tᵀ J_t
      + Σ_i (m_th/3)(J_hᵀJ_h + J_kᵀJ_k) + (m_th/6)(J_hᵀJ_k + J_kᵀJ_h) + (m_sh/3) J_kᵀJ_k
                                                  # (52)-(55), [FIX E10]: (51)/(53) symmetrised
    G = [m_b J_b,x + m_t J_t + Σ_i (J_k,i (m_th + m_sh)/2 + J_h,i m_th/2)]ᵀ [0, 0, g]
                                                  # (47) [FIX E11]
    C = ID(q, q̇, 0) − G                           # (44)-(48) incl. the omitted C_l,i [E13]

Exact mode: ω = E φ̇, J_b,ω = [0, E, 0], ω̇ = E φ̈ + Ė φ̇ (note §1.6); paper mode: ω = φ̇,
J_b,ω = [0, I, 0], ω̇ = φ̈ (Eqs. (2)-(3)). In exact mode T = ½ q̇ᵀ M q̇ is the kinetic energy and
M q̈ + C + G the Lagrange equations; paper mode is the paper's approximation (exact when only one
torso angle moves, note §6.3 item 12).
"""

from __future__ import annotations

import numpy as np

from .kinematics import Kinematics, _cross, kinematics, skew
from .parameters import QuadrupedTailParameters

__all__ = [
    "coriolis_matrix",
    "gravity",
    "inverse_dynamics",
    "kinetic_energy",
    "leg_mass_matrix_literal",
    "mass_matrix",
    "potential_energy",
    "virtual_work_terms",
]


def _t(j):
    return np.swapaxes(j, -1, -2)


def _jtx(j, x):
    """Jᵀ x for J (..., 3, n), x (..., 3)."""
    return np.einsum("...ji,...j->...i", j, x)


def _world_inertia(params: QuadrupedTailParameters, k: Kinematics) -> np.ndarray:
    return k.r @ params.torso_inertia @ _t(k.r)


def _torso_lin(k: Kinematics) -> np.ndarray:
    out = np.zeros(k.q.shape[:-1] + (3, 8))
    out[..., :, :3] = np.eye(3)
    return out


def mass_matrix(params: QuadrupedTailParameters, k: Kinematics) -> np.ndarray:
    """M(q) (..., 8, 8), symmetric bar form, Eqs. (52)-(55) with [FIX E10]."""
    p = params
    jh, jk, jt, jw = k.j_hip, k.j_knee, k.j_tail, k.j_torso_ang
    m = p.m_b * _t(_torso_lin(k)) @ _torso_lin(k)
    m = m + _t(jw) @ _world_inertia(p, k) @ jw + p.m_t * _t(jt) @ jt
    hh, kk, hk = _t(jh) @ jh, _t(jk) @ jk, _t(jh) @ jk
    legs = (p.m_th / 3.0) * (hh + kk) + (p.m_th / 6.0) * (hk + _t(hk)) + (p.m_sh / 3.0) * kk
    m = m + legs.sum(axis=-3)
    return 0.5 * (m + _t(m))  # exactly symmetric (the torso term rounds differently)


def leg_mass_matrix_literal(params: QuadrupedTailParameters, k: Kinematics) -> np.ndarray:
    """The legs' part of M as printed, Eq. (53) from Eq. (51):
    (m_th/3)(J_hᵀJ_h + J_kᵀJ_k + J_hᵀJ_k) + (m_sh/3) J_kᵀJ_k summed over the legs (..., 8, 8) —
    not symmetric (note E10); kept for the test that documents the fix."""
    p = params
    jh, jk = k.j_hip, k.j_knee
    kk = _t(jk) @ jk
    legs = (p.m_th / 3.0) * (_t(jh) @ jh + kk + _t(jh) @ jk) + (p.m_sh / 3.0) * kk
    return legs.sum(axis=-3)


def gravity(params: QuadrupedTailParameters, k: Kinematics) -> np.ndarray:
    """G(q) (..., 8), Eq. (47) with [FIX E11] (= ∂V/∂q in exact mode)."""
    p = params
    w = p.m_b * _torso_lin(k)[..., 2, :] + p.m_t * k.j_tail[..., 2, :]
    legs = 0.5 * (p.m_th + p.m_sh) * k.j_knee[..., 2, :] + 0.5 * p.m_th * k.j_hip[..., 2, :]
    return p.g * (w + legs.sum(axis=-2))


def virtual_work_terms(
    params: QuadrupedTailParameters, k: Kinematics, a
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(τ_b (..., 8), τ_t (..., 8), τ_l (..., 4, 8)): Eqs. (38), (39), (40) at q̈ = ``a``
    (``k`` evaluated with a velocity)."""
    p = params
    if k.v is None:
        raise ValueError("virtual_work_terms needs kinematics evaluated with a velocity")
    a = np.asarray(a, dtype=float)
    g = p.gravity_vector
    inertia = _world_inertia(p, k)
    w = k.omega
    wdot = np.einsum("...ij,...j->...i", k.t_omega, a[..., 3:6]) + k.torso_ang_bias
    moment = np.einsum("...ij,...j->...i", inertia, wdot) + _cross(
        w, np.einsum("...ij,...j->...i", inertia, w)
    )
    tau_b = _jtx(_torso_lin(k), p.m_b * (a[..., :3] - g)) + _jtx(k.j_torso_ang, moment)
    a_n = np.einsum("...ij,...j->...i", k.j_tail, a) + k.tail_bias
    tau_t = _jtx(k.j_tail, p.m_t * (a_n - g))
    al = a[..., None, :]
    a_h = np.einsum("...ij,...j->...i", k.j_hip, al) + k.hip_bias
    a_k = np.einsum("...ij,...j->...i", k.j_knee, al) + k.knee_bias
    mk = p.m_th + p.m_sh
    tau_l = _jtx(k.j_knee, mk / 3.0 * a_k + p.m_th / 6.0 * a_h - 0.5 * mk * g) + _jtx(
        k.j_hip, p.m_th / 3.0 * a_h + p.m_th / 6.0 * a_k - 0.5 * p.m_th * g
    )
    return tau_b, tau_t, tau_l


def inverse_dynamics(params: QuadrupedTailParameters, k: Kinematics, a) -> np.ndarray:
    """τ_b + τ_t + Σ τ_l,i (..., 8): the right-hand side of Eq. (37) at q̈ = ``a``."""
    tau_b, tau_t, tau_l = virtual_work_terms(params, k, a)
    return tau_b + tau_t + tau_l.sum(axis=-2)


def potential_energy(params: QuadrupedTailParameters, k: Kinematics) -> np.ndarray:
    """V(q) (J): m_b g p_z + m_t g n_z + Σ_i g (m_th (h_z + k_z) + m_sh (k_z + f_z)) / 2 (zero at
    the ground plane z = 0)."""
    p = params
    legs = p.m_th * (k.hip[..., 2] + k.knee[..., 2]) + p.m_sh * (k.knee[..., 2] + k.foot[..., 2])
    return p.g * (p.m_b * k.q[..., 2] + p.m_t * k.tail_tip[..., 2] + 0.5 * legs.sum(axis=-1))


def kinetic_energy(params: QuadrupedTailParameters, k: Kinematics, v) -> np.ndarray:
    """½ q̇ᵀ M q̇ (J) (the kinetic energy in exact mode)."""
    v = np.asarray(v, dtype=float)
    return 0.5 * np.einsum("...i,...ij,...j->...", v, mass_matrix(params, k), v)


#: relative step of the directional differences of :func:`coriolis_matrix`
_JDOT_STEP = 1e-6


def coriolis_matrix(params: QuadrupedTailParameters, q, v, mode: str | None = None) -> np.ndarray:
    """C(q, q̇) (..., 8, 8) with Ṁ − 2C skew-symmetric in exact mode (by bodies):

        C = m_b·0 + J_b,ωᵀ (I J̇_b,ω + ω̃ I J_b,ω) + m_t J_tᵀ J̇_t
          + Σ_i (m_th/3)(J_hᵀJ̇_h + J_kᵀJ̇_k) + (m_th/6)(J_hᵀJ̇_k + J_kᵀJ̇_h) + (m_sh/3) J_kᵀJ̇_k

    (Ṁ − 2C = Σ m (J̇ᵀJ − JᵀJ̇) + ... is skew because each bar's and the torso's Ṁ splits so).
    J̇ = ∂J/∂q · q̇ by a central difference along q̇ (relative step 1e-6: about 1e-9 relative
    error). In exact mode C q̇ equals the velocity-product part of the inverse dynamics. Paper
    mode is not Lagrangian (its Eqs. (29)-(31) take ω = φ̇, which J_b,ω = [0, I, 0] does not
    differentiate to): the same formula is returned, neither skew nor equal to its bias then."""
    q, v = np.asarray(q, dtype=float), np.asarray(v, dtype=float)
    q, v = np.broadcast_arrays(q, v)
    p = params
    k = kinematics(p, q, mode=mode)
    scale = np.maximum(np.linalg.norm(v, axis=-1, keepdims=True), 1e-300)
    h = _JDOT_STEP / scale
    kp = kinematics(p, q + h * v, mode=mode)
    km = kinematics(p, q - h * v, mode=mode)
    hh = h[..., None]

    def dot(name):
        step = hh[..., None] if getattr(k, name).ndim > k.q.ndim + 1 else hh
        return (getattr(kp, name) - getattr(km, name)) / (2.0 * step)

    jh, jk, jt, jw = k.j_hip, k.j_knee, k.j_tail, k.j_torso_ang
    djh, djk, djt, djw = dot("j_hip"), dot("j_knee"), dot("j_tail"), dot("j_torso_ang")
    inertia = _world_inertia(p, k)
    w = np.einsum("...ij,...j->...i", jw, v)
    c = _t(jw) @ (inertia @ djw + skew(w) @ inertia @ jw) + p.m_t * _t(jt) @ djt
    legs = (p.m_th / 3.0) * (_t(jh) @ djh + _t(jk) @ djk)
    legs = legs + (p.m_th / 6.0) * (_t(jh) @ djk + _t(jk) @ djh) + (p.m_sh / 3.0) * _t(jk) @ djk
    c = c + legs.sum(axis=-3)
    zero = np.linalg.norm(v, axis=-1) == 0.0
    if zero.any():
        c = np.where(zero[..., None, None], 0.0, c)
    return c
