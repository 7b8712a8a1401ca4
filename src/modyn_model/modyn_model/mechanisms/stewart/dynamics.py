"""Generalized-momentum dynamics of the 6-UPS platform (Lopes §3, eqs. (10)-(85); note §5-§6).

Each rigid body b (platform, 6 cylinders, 6 pistons) has velocities linear in the platform twist
u = [v; ω]: u_b = J_b u. Its momentum in {B} is I_b J_b u (Lopes (10)-(11)); differentiating and
mapping back by J_bᵀ (virtual power) gives its kinetic wrench on the platform,

    f_b = J_bᵀ d/dt(I_b J_b T ẋ) = J_bᵀ I_b J_b T ẍ + J_bᵀ d/dt(I_b J_b T) ẋ,

the body's "inertia" I_b|_E = J_bᵀ I_b J_b T and "Coriolis" V_b|_E = J_bᵀ d/dt(I_b J_b T)
matrices (Lopes (27)-(28), (45)-(46), (57)-(58), (67)-(68), (75)-(76)); all are in {B} and add
(Lopes (81)-(82)). The Jacobians, in the compact forms of note §4 (W_i = [E₃, p̃_iᵀ]):

    J_Di = (1/l_i) l̂̃_i W_i                         leg angular velocity     Lopes (35)-(36)
    J_Bi = (b_C/l_i)(E₃ − l̂_i l̂_iᵀ) W_i              cylinder CoM velocity    Lopes (40)
    J_Gi = [E₃ − (b_S/l_i)(E₃ − l̂_i l̂_iᵀ)] W_i        piston CoM velocity      Lopes (62)

With leg_spin "universal" J_Di gains the U-joint's axial spin row (note §6.10).

Twist form (note §6.9): M(x) = Σ J_bᵀ I_b J_b (symmetric PD), C(x, u) = Σ J_bᵀ(I_b J̇_b + K_b J_b),
K_b = ½(İ_b + ω̃_b I_b + I_b ω̃_b) (= ω̃_b I_b when İ_b = ω̃_b I_b − I_b ω̃_b, i.e. always except
the paper's no-spin model with non-axisymmetric legs), so that Ṁ − 2C is skew and
I|_E ẍ + V|_E ẋ = M u̇ + C u with u̇ = T ẍ + Ṫ ẋ.

Gravity (note §6.6, erratum A20): G_B = −Σ J_bᵀ m_b g (translating bodies) = T⁻ᵀ ∂PE/∂x, the
wrench that holds the bodies against gravity; the paper's T⁻¹ is wrong in general.
Actuator forces: τ = J_C⁻ᵀ (I|_E ẍ + V|_E ẋ + G_B) (Lopes (85); (25) prints J_C⁻¹, A7).
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass

import numpy as np

from ...errors import StateError
from .kinematics import (
    StewartSingularityWarning,
    legs,
    rotation,
    skew,
    twist_map,
    twist_map_dot,
)
from .parameters import StewartParameters

__all__ = [
    "BODIES",
    "TwistTerms",
    "twist_terms",
    "fast_terms",
    "fast_geometry",
    "fast_velocity",
    "FastGeometry",
    "gm_terms",
    "inverse_dynamics",
    "mass_matrix",
    "coriolis_matrix",
    "gravity_wrench",
    "forward_dynamics",
    "kinetic_energy",
    "potential_energy",
    "pose_potential_energy",
]

#: the per-body breakdown keys (Fig. 6 of the paper splits platform / cylinders / pistons)
BODIES = (
    "platform",
    "cylinder_translation",
    "cylinder_rotation",
    "piston_translation",
    "piston_rotation",
)
_EYE3 = np.eye(3)
#: below this horizontal leg extent (m) the leg frame's y axis (Lopes (51)) is undefined
_VERTICAL = 1e-9


@dataclass
class TwistTerms:
    """Twist-space terms at one (batch of) state(s).

    Attributes
    ----------
    jc : (..., 6, 6)
        J_C.
    lengths, rates : (..., 6)
        l (m), l̇ (m/s) (rates zero when no u was given).
    mass : dict of (..., 6, 6)
        M_b per body (twist space, kg / kg·m²).
    coriolis : dict of (..., 6, 6) or None
        C_b per body with Ṁ − 2C skew (None without u).
    paper : dict of (..., 6, 6) or None
        C_b^paper = J_bᵀ(I_b J̇_b + İ_b J_b): V_b|_E = C_b^paper T + M_b Ṫ (Lopes (28), ...).
    gravity : dict of (..., 6)
        G_b per body (N, N·m); zero for the rotating leg terms.
    jacobians : dict
        "D", "B", "G" (..., 6, 3, 6): J_Di, J_Bi, J_Gi (Lopes (36), (40), (62)); "frame"
        (..., 6, 3, 3) ᴮR_Ci; with u also "D_dot", "B_dot", "G_dot" and "omega_true" (the leg
        frames' angular velocities, ..., 6, 3).
    """

    jc: np.ndarray
    lengths: np.ndarray
    rates: np.ndarray
    mass: dict
    coriolis: dict | None
    paper: dict | None
    gravity: dict
    jacobians: dict | None = None


def _leg_frame(lvec: np.ndarray, n: np.ndarray):
    """ᴮR_Ci = [x_C, y_C, z_C] (..., 6, 3, 3) (Lopes (49)-(52)): x_C = l̂, y_C horizontal
    (A13), z_C = x_C × y_C; and a mask of vertical legs (y_C undefined: any ⟂ axis is used)."""
    rho = np.sqrt(lvec[..., 0] ** 2 + lvec[..., 1] ** 2)
    vertical = rho < _VERTICAL
    safe = np.where(vertical, 1.0, rho)
    y = np.stack((-lvec[..., 1] / safe, lvec[..., 0] / safe, np.zeros_like(rho)), axis=-1)
    y = np.where(vertical[..., None], np.array([0.0, 1.0, 0.0]), y)
    z = _cross(n, y)
    return np.stack((n, y, z), axis=-1), vertical, rho


def twist_terms(
    params: StewartParameters, pos, rot, u=None, *, strict_spin: bool = True
) -> TwistTerms:
    """M_b, C_b, G_b of every body at platform position ``pos`` (..., 3), rotation ``rot``
    (..., 3, 3) and twist ``u`` (..., 6) (None: no velocity terms).

    Raises
    ------
    StateError
        With leg_spin "universal" and a vertical leg (the U-joint spin of note §6.10 is then
        undefined), naming the leg.
    """
    pos = np.asarray(pos, dtype=float)
    rot = np.asarray(rot, dtype=float)
    p, lvec, length, n = legs(params, pos, rot)
    inv_l = 1.0 / length
    nt = skew(n)  # l̂̃
    proj = _EYE3 - n[..., :, None] * n[..., None, :]  # E₃ − l̂ l̂ᵀ
    w_mat = np.concatenate((np.broadcast_to(_EYE3, p.shape + (3,)), -skew(p)), axis=-1)  # W_i
    jd = inv_l[..., None, None] * (nt @ w_mat)  # Lopes (35)-(36)
    bc = params.cylinder_com[:, None, None]
    bs = params.piston_com[:, None, None]
    jb = (bc * inv_l[..., None, None]) * (proj @ w_mat)  # Lopes (40)
    kg = _EYE3 - (bs * inv_l[..., None, None]) * proj
    jg = kg @ w_mat  # Lopes (62)
    frame, vertical, rho = _leg_frame(lvec, n)
    universal = params.leg_spin == "universal"
    if vertical.any():
        legs_v = [f"leg{i + 1}" for i in np.argwhere(vertical)[:, -1]]
        if universal:
            raise StateError(
                f"{params.source}: {sorted(set(legs_v))} vertical: the U-joint spin of "
                "leg_spin 'universal' (note §6.10) is undefined for a vertical leg"
            )
        if not params.axisymmetric_legs and strict_spin:
            warnings.warn(
                f"{params.source}: {sorted(set(legs_v))} vertical: the leg frame y_C (Lopes (51))"
                " is undefined and the leg inertia is not axisymmetric",
                StewartSingularityWarning,
                stacklevel=3,
            )
    safe_rho = np.where(vertical, 1.0, rho)
    hvec = np.stack((-lvec[..., 1], lvec[..., 0], np.zeros_like(rho)), axis=-1)
    fspin = np.where(vertical, 0.0, lvec[..., 2] * inv_l / safe_rho**2)
    spin_row = fspin[..., None] * np.einsum("...i,...ij->...j", hvec, w_mat)  # s = row·u
    if universal:  # note §6.10: J_D,true = J_D + l̂ (l_z/(l ρ²)) [−l_y, l_x, 0] W
        jd = jd + n[..., :, None] * spin_row[..., None, :]
    ic_w = frame @ (params.cylinder_inertia[..., :, None] * np.swapaxes(frame, -1, -2))  # (48)
    is_w = frame @ (params.piston_inertia[..., :, None] * np.swapaxes(frame, -1, -2))  # (70)
    ip_w = rot @ params.platform_inertia @ np.swapaxes(rot, -1, -2)  # Lopes (17)
    batch = length.shape[:-1]

    def jtmj(j, m):  # Σ_i J_iᵀ m_i J_i over the legs
        return np.einsum("...kai,...kab,...kbj->...ij", j, m, j)

    mc = params.cylinder_mass
    ms = params.piston_mass
    m_plat = np.zeros(batch + (6, 6))
    m_plat[..., :3, :3] = params.platform_mass * _EYE3
    m_plat[..., 3:, 3:] = ip_w
    mass = {
        "platform": m_plat,  # Lopes (19)
        "cylinder_translation": np.einsum("k,...kai,...kaj->...ij", mc, jb, jb),  # (45)
        "cylinder_rotation": jtmj(jd, ic_w),  # (57)
        "piston_translation": np.einsum("k,...kai,...kaj->...ij", ms, jg, jg),  # (67)
        "piston_rotation": jtmj(jd, is_w),  # (75)
    }
    g = params.gravity
    g_plat = np.zeros(batch + (6,))
    g_plat[..., :3] = -params.platform_mass * g
    zeros6 = np.zeros(batch + (6,))
    gravity = {
        "platform": g_plat,
        "cylinder_translation": -np.einsum("k,...kai,a->...i", mc, jb, g),  # note §6.6
        "cylinder_rotation": zeros6,
        "piston_translation": -np.einsum("k,...kai,a->...i", ms, jg, g),
        "piston_rotation": zeros6.copy(),
    }
    jc = np.concatenate((n, np.cross(p, n)), axis=-1)  # Lopes (6)
    jac = {"D": jd, "B": jb, "G": jg, "frame": frame}
    if u is None:
        return TwistTerms(jc, length, np.zeros_like(length), mass, None, None, gravity, jac)

    u = np.asarray(u, dtype=float)
    v, w = u[..., :3], u[..., 3:]
    pd = np.cross(w[..., None, :], p)  # ṗ_i = ω × p_i
    wd_mat = np.concatenate((np.zeros(pd.shape + (3,)), -skew(pd)), axis=-1)  # Ẇ_i (note §6.5)
    ldv = v[..., None, :] + pd  # l̇_i (vector) = W_i u
    ld = np.einsum("...i,...i->...", n, ldv)
    nd = (ldv - ld[..., None] * n) * inv_l[..., None]  # dl̂/dt
    ldl2 = (ld * inv_l * inv_l)[..., None, None]
    ndt = skew(nd)
    jd_dot = inv_l[..., None, None] * (ndt @ w_mat + nt @ wd_mat) - ldl2 * (nt @ w_mat)
    projd = -(nd[..., :, None] * n[..., None, :] + n[..., :, None] * nd[..., None, :])
    jb_dot = bc * (inv_l[..., None, None] * (projd @ w_mat + proj @ wd_mat) - ldl2 * (proj @ w_mat))
    kg_dot = -bs * (inv_l[..., None, None] * projd - ldl2 * proj)
    jg_dot = kg_dot @ w_mat + kg @ wd_mat
    # the leg frame's true angular velocity: ω_l (⟂ l̂) plus the spin s l̂ (note §6.10)
    spin = np.einsum("...kj,...j->...k", spin_row, u)
    omega_true = np.einsum("...kaj,...j->...ka", (jd if not universal else jd), u)
    if not universal:
        omega_true = omega_true + spin[..., None] * n
    else:
        # d/dt of the spin row: a = f h W, ȧ = ḟ h W + f ḣ W + f h Ẇ
        rd = np.where(vertical, 0.0, (lvec[..., 0] * ldv[..., 0] + lvec[..., 1] * ldv[..., 1]))
        rd = rd / safe_rho
        fd = np.where(
            vertical,
            0.0,
            ldv[..., 2] * inv_l / safe_rho**2
            - lvec[..., 2] * ld * inv_l**2 / safe_rho**2
            - 2.0 * lvec[..., 2] * inv_l * rd / safe_rho**3,
        )
        hd = np.stack((-ldv[..., 1], ldv[..., 0], np.zeros_like(ldv[..., 0])), axis=-1)
        row_dot = (
            fd[..., None] * np.einsum("...i,...ij->...j", hvec, w_mat)
            + fspin[..., None] * np.einsum("...i,...ij->...j", hd, w_mat)
            + fspin[..., None] * np.einsum("...i,...ij->...j", hvec, wd_mat)
        )
        jd_dot = (
            jd_dot
            + nd[..., :, None] * spin_row[..., None, :]
            + n[..., :, None] * row_dot[..., None, :]
        )
    omega_model = np.einsum("...kaj,...j->...ka", jd, u)  # ω_b = J_D u
    wt = skew(omega_true)
    wm = skew(omega_model)

    def rot_terms(inertia):
        idot = wt @ inertia - inertia @ wt  # İ_b = d/dt(R_C I R_Cᵀ) (note §6.5)
        k = 0.5 * (idot + wm @ inertia + inertia @ wm)
        skew_c = np.einsum("...kai,...kab,...kbj->...ij", jd, inertia, jd_dot) + jtmj(jd, k)
        paper_c = np.einsum("...kai,...kab,...kbj->...ij", jd, inertia, jd_dot) + jtmj(jd, idot)
        return skew_c, paper_c

    cr_c, cr_p = rot_terms(ic_w)
    pr_c, pr_p = rot_terms(is_w)
    c_plat = np.zeros(np.broadcast_shapes(batch, u.shape[:-1]) + (6, 6))
    c_plat[..., 3:, 3:] = skew(w) @ ip_w  # K = ω̃ I_P (note §6.9)
    p_plat = np.zeros(np.broadcast_shapes(batch, u.shape[:-1]) + (6, 6))
    wp = skew(w)
    p_plat[..., 3:, 3:] = wp @ ip_w - ip_w @ wp  # d/dt(I_P|_B), Lopes (28)
    ct = np.einsum("k,...kai,...kaj->...ij", mc, jb, jb_dot)  # Lopes (46)
    pt = np.einsum("k,...kai,...kaj->...ij", ms, jg, jg_dot)  # Lopes (68)
    coriolis = {
        "platform": c_plat,
        "cylinder_translation": ct,
        "cylinder_rotation": cr_c,
        "piston_translation": pt,
        "piston_rotation": pr_c,
    }
    paper = {
        "platform": p_plat,
        "cylinder_translation": ct,
        "cylinder_rotation": cr_p,  # Lopes (58)
        "piston_translation": pt,
        "piston_rotation": pr_p,  # Lopes (76)
    }
    jac.update({"D_dot": jd_dot, "B_dot": jb_dot, "G_dot": jg_dot, "omega_true": omega_true})
    return TwistTerms(jc, length, ld, mass, coriolis, paper, gravity, jac)


def _total(d: dict) -> np.ndarray:
    return sum(d[b] for b in BODIES)


def _pose(x):
    x = np.asarray(x, dtype=float)
    if x.shape[-1:] != (6,):
        raise StateError(f"a platform pose must have last dimension 6, got shape {x.shape}")
    return x, x[..., :3], x[..., 3:]


def gm_terms(params: StewartParameters, x, xd):
    """The paper's Euler-coordinate matrices at (x, ẋ) (Lopes (81)-(83)).

    Returns
    -------
    inertia : (..., 6, 6)
        I|_E = M T (not symmetric: it mixes coordinates, note A6).
    coriolis : (..., 6, 6)
        V|_E = Σ J_bᵀ d/dt(I_b J_b T).
    gravity : (..., 6)
        G_B (N, N·m), note §6.6.
    per_body : dict
        ``{body: (I_b|_E, V_b|_E, G_b)}`` for the keys of :data:`BODIES`.
    """
    x, pos, e = _pose(x)
    xd = np.asarray(xd, dtype=float)
    t = twist_map(e)
    td = twist_map_dot(e, xd[..., 3:])
    u = np.einsum("...ij,...j->...i", t, xd)
    terms = twist_terms(params, pos, rotation(e), u)
    per_body = {
        b: (terms.mass[b] @ t, terms.paper[b] @ t + terms.mass[b] @ td, terms.gravity[b])
        for b in BODIES
    }
    return (
        sum(per_body[b][0] for b in BODIES),
        sum(per_body[b][1] for b in BODIES),
        sum(per_body[b][2] for b in BODIES),
        per_body,
    )


def _solve_t(jc: np.ndarray, f: np.ndarray) -> np.ndarray:
    """J_C⁻ᵀ f (Lopes (85))."""
    return np.linalg.solve(np.swapaxes(jc, -1, -2), f[..., None])[..., 0]


def inverse_dynamics(params: StewartParameters, x, xd, xdd, split: bool = False):
    """Leg forces τ = J_C⁻ᵀ (I|_E ẍ + V|_E ẋ + G_B) (..., 6) (N), Lopes (85).

    With ``split=True`` also a dict of each body's contribution J_C⁻ᵀ(I_b ẍ + V_b ẋ + G_b)
    (gravity included, note §9.4), keyed by :data:`BODIES`; the contributions add up to τ."""
    x, pos, e = _pose(x)
    xd = np.asarray(xd, dtype=float)
    xdd = np.asarray(xdd, dtype=float)
    t = twist_map(e)
    td = twist_map_dot(e, xd[..., 3:])
    u = np.einsum("...ij,...j->...i", t, xd)
    ud = np.einsum("...ij,...j->...i", t, xdd) + np.einsum("...ij,...j->...i", td, xd)
    terms = twist_terms(params, pos, rotation(e), u)
    f = {
        b: np.einsum("...ij,...j->...i", terms.mass[b], ud)
        + np.einsum("...ij,...j->...i", terms.paper[b], u)
        + terms.gravity[b]
        for b in BODIES
    }
    tau = _solve_t(terms.jc, _total(f))
    if not split:
        return tau
    return tau, {b: _solve_t(terms.jc, f[b]) for b in BODIES}


def mass_matrix(params: StewartParameters, x) -> np.ndarray:
    """Twist-space M(x) (..., 6, 6), symmetric positive-definite (note §6.4, §6.9)."""
    x, pos, e = _pose(x)
    return _total(twist_terms(params, pos, rotation(e)).mass)


def coriolis_matrix(params: StewartParameters, x, u) -> np.ndarray:
    """Twist-space C(x, u) (..., 6, 6) with Ṁ − 2C skew (note §6.9); ``u`` the twist."""
    x, pos, e = _pose(x)
    return _total(twist_terms(params, pos, rotation(e), u).coriolis)


def gravity_wrench(params: StewartParameters, x) -> np.ndarray:
    """G_B (..., 6) (N, N·m): the wrench on the platform that holds every body against gravity
    (note §6.6, T⁻ᵀ ∂PE/∂x, erratum A20)."""
    x, pos, e = _pose(x)
    return _total(twist_terms(params, pos, rotation(e)).gravity)


def forward_dynamics(params: StewartParameters, x, xd, tau) -> np.ndarray:
    """ẍ (..., 6) under leg forces τ (N): I|_E ẍ = J_Cᵀ τ − V|_E ẋ − G_B (note §6.8),
    solved as M (T ẍ + Ṫ ẋ) = J_Cᵀ τ − C^paper u − G_B."""
    x, pos, e = _pose(x)
    xd = np.asarray(xd, dtype=float)
    t = twist_map(e)
    td = twist_map_dot(e, xd[..., 3:])
    u = np.einsum("...ij,...j->...i", t, xd)
    terms = twist_terms(params, pos, rotation(e), u)
    rhs = (
        np.einsum("...ji,...j->...i", terms.jc, np.asarray(tau, dtype=float))
        - np.einsum("...ij,...j->...i", _total(terms.paper), u)
        - _total(terms.gravity)
    )
    ud = np.linalg.solve(_total(terms.mass), rhs[..., None])[..., 0]
    return np.linalg.solve(t, (ud - np.einsum("...ij,...j->...i", td, xd))[..., None])[..., 0]


def kinetic_energy(params: StewartParameters, x, xd) -> np.ndarray:
    """KE = ½ uᵀ M u (J), u = T ẋ."""
    x, pos, e = _pose(x)
    u = np.einsum("...ij,...j->...i", twist_map(e), np.asarray(xd, dtype=float))
    m = _total(twist_terms(params, pos, rotation(e)).mass)
    return 0.5 * np.einsum("...i,...ij,...j->...", u, m, u)


def potential_energy(params: StewartParameters, x) -> np.ndarray:
    """PE = −Σ m_b gᵀ p_b (J): platform CoM, cylinder CoMs b_i + b_C l̂_i (Lopes (29)) and piston
    CoMs x + p_i − b_S l̂_i (Lopes (59)); zero at the base joint plane z = 0 for gravity along −z
    (note §6.6)."""
    x, pos, e = _pose(x)
    return pose_potential_energy(params, pos, rotation(e))


def pose_potential_energy(params: StewartParameters, pos, rot) -> np.ndarray:
    """PE (J) at platform position ``pos`` (..., 3) and rotation ``rot`` (..., 3, 3)."""
    pos = np.asarray(pos, dtype=float)
    p, lvec, length, n = legs(params, pos, rot)
    g = params.gravity
    pc = params.base_points + params.cylinder_com[:, None] * n
    ps = pos[..., None, :] + p - params.piston_com[:, None] * n
    return -(
        params.platform_mass * (pos @ g)
        + np.einsum("k,...k->...", params.cylinder_mass, pc @ g)
        + np.einsum("k,...k->...", params.piston_mass, ps @ g)
    )


# ---------------------------------------------------------------------- the per-tick path
_LEVI_CIVITA_T = np.zeros((3, 3, 3))
for _i, _j, _k in ((0, 1, 2), (1, 2, 0), (2, 0, 1)):
    _LEVI_CIVITA_T[_i, _j, _k], _LEVI_CIVITA_T[_i, _k, _j] = 1.0, -1.0
#: (a ⊗ b).ravel() @ this = a × b
_LEVI_CIVITA_T = np.ascontiguousarray(_LEVI_CIVITA_T.reshape(3, 9).T)


def _cross(a, b):
    """a × b over the last axis: the outer product contracted with the Levi-Civita symbol in one
    matmul (2-5x fewer microseconds than np.cross on (6, 3) arrays)."""
    outer = a[..., :, None] * b[..., None, :]
    return outer.reshape(outer.shape[:-2] + (9,)) @ _LEVI_CIVITA_T


def _dot(a, b):
    return np.einsum("...i,...i->...", a, b)


def fast_terms(params: StewartParameters, pos, rot, u=None):
    """(M, C u, G_B, J_C, l, l̇) with no (6, 3, 6) Jacobian arrays: the control-tick path of
    the contract model, equal to :func:`twist_terms` (checked in the tests).

    Every body's Jacobian is J_b = A_b W_i with a 3x3 left factor A_b (note §4), so
    M = Σ_i W_iᵀ Q_i W_i with Q_i = Σ_b A_bᵀ I_b A_b, and C u = Σ_i W_iᵀ z_i with z_i the
    bodies' A_bᵀ(I_b J̇_b u + K_b ω_b), J̇_b u computed as vectors; W_iᵀ z = [z; p_i × z].
    ``u`` None: C u and l̇ are None.
    """
    geo = fast_geometry(params, pos, rot)
    if u is None:
        return geo.mass, None, geo.gravity, geo.jc, geo.length, None
    cu, ld = fast_velocity(params, geo, u)
    return geo.mass, cu, geo.gravity, geo.jc, geo.length, ld


class FastGeometry:
    """What :func:`fast_geometry` computed at one configuration (see :func:`fast_terms`)."""

    __slots__ = (
        "mass",
        "gravity",
        "jc",
        "p",
        "lvec",
        "length",
        "n",
        "inv_l",
        "rho",
        "vertical",
        "safe_rho",
        "fspin",
        "hvec",
        "d_mat",
        "i_leg",
        "ip_w",
        "universal",
    )

    def __init__(self, *values):
        for name, value in zip(self.__slots__, values, strict=True):
            setattr(self, name, value)


def fast_geometry(params: StewartParameters, pos, rot) -> FastGeometry:
    """The configuration-dependent part of :func:`fast_terms` (M, G_B, J_C and what the
    velocity terms reuse)."""
    pos = np.asarray(pos, dtype=float)
    rot = np.asarray(rot, dtype=float)
    p, lvec, length, n = legs(params, pos, rot)
    inv_l = 1.0 / length
    nn = n[..., :, None] * n[..., None, :]
    if params.axisymmetric_legs:  # I_leg|_B = I_xx l̂l̂ᵀ + I_t (E₃ − l̂l̂ᵀ) (note §4.7): no frame
        rho = np.sqrt(lvec[..., 0] ** 2 + lvec[..., 1] ** 2)
        vertical = rho < _VERTICAL
        i_ax = (params.cylinder_inertia[:, 0] + params.piston_inertia[:, 0])[:, None, None]
        i_t = (params.cylinder_inertia[:, 1] + params.piston_inertia[:, 1])[:, None, None]
        i_leg = i_t * _EYE3 + (i_ax - i_t) * nn
    else:
        frame, vertical, rho = _leg_frame(lvec, n)
        i_leg = frame @ (
            (params.cylinder_inertia + params.piston_inertia)[..., :, None]
            * np.swapaxes(frame, -1, -2)
        )
    universal = params.leg_spin == "universal"
    if vertical.any():
        legs_v = sorted({f"leg{i + 1}" for i in np.argwhere(vertical)[:, -1]})
        if universal:
            raise StateError(
                f"{params.source}: {legs_v} vertical: the U-joint spin of leg_spin 'universal' "
                "(note §6.10) is undefined for a vertical leg"
            )
        if not params.axisymmetric_legs:
            warnings.warn(
                f"{params.source}: {legs_v} vertical: the leg frame y_C (Lopes (51)) is "
                "undefined and the leg inertia is not axisymmetric",
                StewartSingularityWarning,
                stacklevel=3,
            )
    proj = _EYE3 - nn
    a_b = (params.cylinder_com * inv_l)[..., None, None]  # J_B = a_b P W
    a_g = (params.piston_com * inv_l)[..., None, None]  # J_G = (E − a_g P) W
    d_mat = inv_l[..., None, None] * skew(n)  # J_D = D W
    safe_rho = np.where(vertical, 1.0, rho)
    fspin = np.where(vertical, 0.0, lvec[..., 2] * inv_l / safe_rho**2)
    hvec = np.stack((-lvec[..., 1], lvec[..., 0], np.zeros_like(rho)), axis=-1)
    if universal:
        d_mat = d_mat + fspin[..., None, None] * (n[..., :, None] * hvec[..., None, :])
    mc = params.cylinder_mass[:, None, None]
    ms = params.piston_mass[:, None, None]
    q_mat = (
        (mc * a_b * a_b) * proj
        + ms * (_EYE3 - (2.0 * a_g - a_g * a_g) * proj)  # (E − aP)² = E − (2a − a²)P
        + np.swapaxes(d_mat, -1, -2) @ i_leg @ d_mat
    )
    pt = skew(p)
    qp = q_mat @ pt
    mass = np.zeros(length.shape[:-1] + (6, 6))
    mass[..., :3, :3] = q_mat.sum(axis=-3) + params.platform_mass * _EYE3
    mass[..., :3, 3:] = -qp.sum(axis=-3)
    mass[..., 3:, :3] = (pt @ q_mat).sum(axis=-3)
    ip_w = rot @ params.platform_inertia @ np.swapaxes(rot, -1, -2)
    mass[..., 3:, 3:] = -(pt @ qp).sum(axis=-3) + ip_w
    g = params.gravity
    # gravity: z_i = −A_Bᵀ m_C g − A_Gᵀ m_S g (P symmetric)
    pg = g - n * _dot(n, g)[..., None]
    zg = -(
        (params.cylinder_mass * params.cylinder_com * inv_l)[..., None] * pg
        + params.piston_mass[:, None] * (g - (params.piston_com * inv_l)[..., None] * pg)
    )
    grav = np.zeros(length.shape[:-1] + (6,))
    grav[..., :3] = zg.sum(axis=-2) - params.platform_mass * g
    grav[..., 3:] = _cross(p, zg).sum(axis=-2)
    jc = np.concatenate((n, _cross(p, n)), axis=-1)
    return FastGeometry(
        mass,
        grav,
        jc,
        p,
        lvec,
        length,
        n,
        inv_l,
        rho,
        vertical,
        safe_rho,
        fspin,
        hvec,
        d_mat,
        i_leg,
        ip_w,
        params.leg_spin == "universal",
    )


def fast_velocity(params: StewartParameters, geo: FastGeometry, u) -> tuple:
    """(C u (..., 6), l̇ (..., 6)) at the configuration ``geo`` and twist ``u``."""
    p, lvec, n, inv_l = geo.p, geo.lvec, geo.n, geo.inv_l
    safe_rho, fspin, hvec = geo.safe_rho, geo.fspin, geo.hvec
    d_mat, i_leg, universal = geo.d_mat, geo.i_leg, geo.universal
    u = np.asarray(u, dtype=float)
    v, w = u[..., None, :3], u[..., None, 3:]
    pd = _cross(w, p)
    ldv = v + pd  # W u
    c = _cross(w, pd)  # Ẇ u = ω × ṗ
    ld = _dot(n, ldv)
    nd = (ldv - ld[..., None] * n) * inv_l[..., None]
    ldl2 = (ld * inv_l * inv_l)[..., None]
    il = inv_l[..., None]

    def proj_of(x):
        return x - n * _dot(n, x)[..., None]

    def projd_of(x):
        return -(nd * _dot(n, x)[..., None] + n * _dot(nd, x)[..., None])

    p_ldv = proj_of(ldv)
    pd_ldv = projd_of(ldv)
    p_c = proj_of(c)
    bc = params.cylinder_com[:, None]
    bs = params.piston_com[:, None]
    jb_dot_u = bc * ((pd_ldv + p_c) * il - ldl2 * p_ldv)
    jg_dot_u = -bs * (pd_ldv * il - ldl2 * p_ldv) + c - bs * il * p_c
    n_x_ldv = _cross(n, ldv)
    omega = n_x_ldv * il  # ω_D = J_D u (⟂ l̂)
    jd_dot_u = (_cross(nd, ldv) + _cross(n, c)) * il - ldl2 * n_x_ldv
    # the frame's spin matters only with it in the model or with non-axisymmetric legs
    exact = universal or params.axisymmetric_legs
    spin = fspin * _dot(hvec, ldv) if not exact or universal else None
    if universal:
        rd = (lvec[..., 0] * ldv[..., 0] + lvec[..., 1] * ldv[..., 1]) / safe_rho
        fd = (
            ldv[..., 2] * inv_l / safe_rho**2
            - lvec[..., 2] * ld * inv_l**2 / safe_rho**2
            - 2.0 * lvec[..., 2] * inv_l * rd / safe_rho**3
        )
        hd = np.stack((-ldv[..., 1], ldv[..., 0], np.zeros_like(ldv[..., 0])), axis=-1)
        omega = omega + spin[..., None] * n
        jd_dot_u = (
            jd_dot_u
            + nd * spin[..., None]
            + n * (fd * _dot(hvec, ldv) + fspin * (_dot(hd, ldv) + _dot(hvec, c)))[..., None]
        )
        omega_true = omega
    elif not exact:
        omega_true = omega + spin[..., None] * n
    iw = np.einsum("...ab,...b->...a", i_leg, omega)
    if exact:  # İ = ω̃_b I − I ω̃_b: K ω_b = ω_b × I ω_b
        k_omega = _cross(omega, iw)
    else:
        # K ω_b = ½(İ ω_b + ω_b × I ω_b), İ ω_b = ω_t × I ω_b − I (ω_t × ω_b) (note §6.9)
        k_omega = 0.5 * (
            _cross(omega_true, iw)
            - np.einsum("...ab,...b->...a", i_leg, _cross(omega_true, omega))
            + _cross(omega, iw)
        )
    rot_vec = np.einsum("...ab,...b->...a", i_leg, jd_dot_u) + k_omega
    z = (
        (params.cylinder_mass * params.cylinder_com * inv_l)[..., None] * proj_of(jb_dot_u)
        + params.piston_mass[:, None] * (jg_dot_u - bs * il * proj_of(jg_dot_u))
        + np.einsum("...ba,...b->...a", d_mat, rot_vec)
    )
    cu = np.zeros(np.broadcast_shapes(geo.length.shape[:-1], u.shape[:-1]) + (6,))
    ip_w = geo.ip_w
    wp = u[..., 3:]
    cu[..., :3] = z.sum(axis=-2)
    cu[..., 3:] = _cross(p, z).sum(axis=-2) + _cross(wp, np.einsum("...ab,...b->...a", ip_w, wp))
    return cu, ld
