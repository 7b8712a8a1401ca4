"""Kinematics of the quadruped with a tail (Liu & Ben-Tzvi §2, with the note's fixes).

Every function takes leading batch axes on its state arguments. Notation as the note §1.3:
q = [p, φ_x, φ_y, φ_z, θ_ta, θ_tb], s_i the hip → foot vector in ΣP, κ_i the *interior* knee
angle ∠H_i K_i F_i (note E3), t_p = [v; ω] the torso twist (ΣS).

Orientation and angular velocity::

    R = R_z(φ_z) R_y(φ_y) R_x(φ_x)                                       # Liu & Ben-Tzvi (1)
    ω = E(φ) φ̇,  E = [R_z R_y e_x, R_z e_y, e_z]                         # note §1.6 [FIX E1]
    (paper mode: ω = φ̇, Eqs. (2)-(3); the twist map T_ω is then I)

Leg i (an S-R-R-R chain seen from the foot; note §2.1)::

    s_i = Rᵀ (d_i − p) − a_i^(P)                                         # Liu & Ben-Tzvi (4)-(5)
    b^(P) = R_y(θ_ha) R_x(−θ_hb) [0, 0, −l_th],  c^(P) = R_y(θ_ha) R_x(−ψ) [0, 0, −l_sh],
    ψ = θ_hb + π − κ                                                     # note §2.1 [INFERRED]
    cos κ = (l_th² + l_sh² − ‖s‖²) / (2 l_th l_sh)                       # (6), κ interior
    θ_ha = atan(s_x / s_z) = atan2(−s_x, −s_z)                          # (7) note [FIX E2]
    θ_hb = atan2(−s'_y, −s'_z) − ∠K H F,  s' = R_y(θ_ha)ᵀ s              # (8)-(9): the hip
           angle ∠KHF by the law of cosines (equal to asin(2A/(‖s‖ l_th)) while ≤ π/2)

Joint Jacobians w.r.t. the twist (1x6 rows, note §2.2)::

    j_s = [−Rᵀ, Rᵀ (d − p)~]                                            # (13) [FIX E5: the ~]
    j_k = sᵀ j_s / (l_th l_sh sin κ)                                     # (15) [FIX E4]
    j_ha = cos²θ_ha / s_z² [s_z, 0, −s_x] j_s                            # (16)
    j_hb = (l_th sin κ e_yᵀ j_s + cos(θ_hb − κ) sᵀ j_s)
           / (l_th sin κ (l_sh cos(θ_hb − κ) − l_th cos θ_hb))            # (18) [FIX E3]

(the literal Eq. (18), :func:`hip_b_rows_literal`, is wrong under both knee conventions; a test
shows it). Against q the rows are j T with T = blkdiag(I_3, T_ω) (note §1.6).

Point Jacobians (3x8, note §2.3): hip J_h = [I, −ã, 0] (Eq. 20, [FIX E6] H = p + a), knee
J_k = [[I, −ã − b̃] + R Q_k [j_ha; j_hb], 0] (Eqs. 21-23), tail tip J_t = [I, −r̃ − t̃, R K_n]
(Eqs. 24-26), with Q_k = ∂b^(P)/∂θ_h and K_n = ∂t^(P)/∂θ_t.

Accelerations (Eqs. 29-31 with [FIX E7] (ω̇)~): the velocity-product part J̇ q̇ of every point is
computed by propagating angular velocities and accelerations down each chain (torso → hip a →
hip b → knee → foot, torso → tail a → tail b → tip) and solving the foot's acceleration
a_F = 0 for the joint accelerations θ̈ (the step the paper leaves out, note E13):

    J_θ θ̈ = −a_F|_{θ̈ = 0},   J_θ = [u_a × (F − H), u_b × (F − H), u_k × (F − K)].
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ...errors import StateError
from .parameters import QuadrupedTailParameters

__all__ = [
    "LEG_JOINTS",
    "Kinematics",
    "euler_rate_matrix",
    "euler_rate_matrix_dot",
    "hip_b_rows",
    "hip_b_rows_literal",
    "hip_to_foot",
    "hip_a_rows",
    "j_s",
    "knee_rows",
    "knee_jacobian_paper",
    "kinematics",
    "leg_ik",
    "leg_ik_eq8",
    "leg_vectors",
    "q_k",
    "k_n",
    "rotation",
    "skew",
    "tail_vector",
    "twist_map",
]

#: the three joints of a leg, in the order of the (..., 4, 3) angle arrays
LEG_JOINTS = ("hip_a", "hip_b", "knee")

_EX = np.array([1.0, 0.0, 0.0])
_EY = np.array([0.0, 1.0, 0.0])
_EZ = np.array([0.0, 0.0, 1.0])


def _mv(m, x):
    return np.einsum("...ij,...j->...i", m, x)


def skew(v) -> np.ndarray:
    """ṽ (..., 3, 3) with ṽ x = v × x."""
    v = np.asarray(v, dtype=float)
    out = np.zeros(v.shape + (3,))
    out[..., 0, 1], out[..., 0, 2] = -v[..., 2], v[..., 1]
    out[..., 1, 0], out[..., 1, 2] = v[..., 2], -v[..., 0]
    out[..., 2, 0], out[..., 2, 1] = -v[..., 1], v[..., 0]
    return out


# ---------------------------------------------------------------------- orientation
def rotation(phi) -> np.ndarray:
    """R = R_z(φ_z) R_y(φ_y) R_x(φ_x) (..., 3, 3), Liu & Ben-Tzvi (1)."""
    phi = np.asarray(phi, dtype=float)
    cx, cy, cz = np.cos(phi[..., 0]), np.cos(phi[..., 1]), np.cos(phi[..., 2])
    sx, sy, sz = np.sin(phi[..., 0]), np.sin(phi[..., 1]), np.sin(phi[..., 2])
    r = np.empty(phi.shape[:-1] + (3, 3))
    r[..., 0, 0] = cz * cy
    r[..., 0, 1] = cz * sy * sx - sz * cx
    r[..., 0, 2] = cz * sy * cx + sz * sx
    r[..., 1, 0] = sz * cy
    r[..., 1, 1] = sz * sy * sx + cz * cx
    r[..., 1, 2] = sz * sy * cx - cz * sx
    r[..., 2, 0] = -sy
    r[..., 2, 1] = cy * sx
    r[..., 2, 2] = cy * cx
    return r


def euler_rate_matrix(phi) -> np.ndarray:
    """E(φ) (..., 3, 3): ω = E φ̇ for R = R_z R_y R_x (note §1.6 [FIX E1]); singular at
    φ_y = ±π/2."""
    phi = np.asarray(phi, dtype=float)
    cy, cz = np.cos(phi[..., 1]), np.cos(phi[..., 2])
    sy, sz = np.sin(phi[..., 1]), np.sin(phi[..., 2])
    e = np.zeros(phi.shape[:-1] + (3, 3))
    e[..., 0, 0], e[..., 0, 1] = cz * cy, -sz
    e[..., 1, 0], e[..., 1, 1] = sz * cy, cz
    e[..., 2, 0], e[..., 2, 2] = -sy, 1.0
    return e


def euler_rate_matrix_dot(phi, phid) -> np.ndarray:
    """Ė(φ, φ̇) (..., 3, 3), so that ω̇ = E φ̈ + Ė φ̇."""
    phi, phid = np.asarray(phi, dtype=float), np.asarray(phid, dtype=float)
    cy, cz = np.cos(phi[..., 1]), np.cos(phi[..., 2])
    sy, sz = np.sin(phi[..., 1]), np.sin(phi[..., 2])
    dy, dz = phid[..., 1], phid[..., 2]
    shape = np.broadcast_shapes(phi.shape, phid.shape)[:-1]
    e = np.zeros(shape + (3, 3))
    e[..., 0, 0] = -sz * cy * dz - cz * sy * dy
    e[..., 0, 1] = -cz * dz
    e[..., 1, 0] = cz * cy * dz - sz * sy * dy
    e[..., 1, 1] = -sz * dz
    e[..., 2, 0] = -cy * dy
    return e


def twist_map(phi, mode: str = "exact") -> np.ndarray:
    """T_ω (..., 3, 3): E(φ) in exact mode, I in paper mode (ω = T_ω φ̇)."""
    phi = np.asarray(phi, dtype=float)
    if mode == "paper":
        return np.broadcast_to(np.eye(3), phi.shape[:-1] + (3, 3)).copy()
    return euler_rate_matrix(phi)


# ---------------------------------------------------------------------- legs
def hip_to_foot(params: QuadrupedTailParameters, p, r) -> np.ndarray:
    """s_i = Rᵀ (d_i − p) − a_i^(P) (..., 4, 3) in ΣP (m), Liu & Ben-Tzvi (5)."""
    p, r = np.asarray(p, dtype=float), np.asarray(r, dtype=float)
    rel = params.feet - p[..., None, :]
    return np.einsum("...ji,...kj->...ki", r, rel) - params.hips


def _where(q, idx) -> str:
    if q is None:
        return ""
    q = np.asarray(q)
    pose = q[idx] if q.ndim > 1 else q
    return f" at q = {np.round(pose, 5).tolist()}"


def leg_ik(params: QuadrupedTailParameters, s, q=None) -> np.ndarray:
    """The leg angles [θ_ha, θ_hb, κ] (..., 4, 3) (rad) from s (..., 4, 3), Eqs. (6)-(9) fixed.

    κ is the interior knee angle; the knee bends toward +y of the leg plane (note §2.1).

    Raises
    ------
    StateError
        Naming the leg when its hip-to-foot distance leaves (|l_th − l_sh|, l_th + l_sh) or the
        foot is not below the hip in the torso frame (s_z ≥ 0: θ_ha would leave (−π/2, π/2)).
    """
    s = np.asarray(s, dtype=float)
    lt, ls = params.l_th, params.l_sh
    n = np.linalg.norm(s, axis=-1)
    lo, hi = abs(lt - ls), lt + ls
    bad = (n >= hi) | (n <= lo)
    if bad.any():
        idx = tuple(np.argwhere(bad)[0])
        raise StateError(
            f"leg{idx[-1] + 1} leaves its workspace: hip-to-foot distance ‖s‖ = {n[idx]:.6f} m "
            f"outside ({lo:g}, {hi:g}) m{_where(q, idx[:-1])}"
        )
    if (s[..., 2] >= 0).any():
        idx = tuple(np.argwhere(s[..., 2] >= 0)[0])
        raise StateError(
            f"leg{idx[-1] + 1} leaves its workspace: the foot is not below the hip in the torso "
            f"frame (s_z = {s[idx][2]:.6f} m >= 0, θ_ha would leave (−π/2, π/2)){_where(q, idx[:-1])}"
        )
    ha = np.arctan2(-s[..., 0], -s[..., 2])  # = atan(s_x / s_z) for s_z < 0, note [FIX E2]
    sz_leg = np.sin(ha) * s[..., 0] + np.cos(ha) * s[..., 2]  # s'_z < 0
    alpha = np.arctan2(-s[..., 1], -sz_leg)  # the hip-foot line in the leg plane
    beta = np.arccos(np.clip((lt * lt + n * n - ls * ls) / (2.0 * lt * n), -1.0, 1.0))
    kappa = np.arccos(np.clip((lt * lt + ls * ls - n * n) / (2.0 * lt * ls), -1.0, 1.0))
    return np.stack((ha, alpha - beta, kappa), axis=-1)


def leg_ik_eq8(params: QuadrupedTailParameters, s) -> np.ndarray:
    """θ_hb by the paper's Eq. (8) with Heron's area (9): atan(s'_y/s'_z) − asin(2A/(‖s‖ l_th))
    (..., 4) (valid while the hip angle ∠KHF ≤ π/2; for the tests)."""
    s = np.asarray(s, dtype=float)
    lt, ls = params.l_th, params.l_sh
    n = np.linalg.norm(s, axis=-1)
    ha = np.arctan(s[..., 0] / s[..., 2])
    sz_leg = np.sin(ha) * s[..., 0] + np.cos(ha) * s[..., 2]
    sig = 0.5 * (lt + ls + n)
    area = np.sqrt(sig * (sig - lt) * (sig - ls) * (sig - n))
    return np.arctan(s[..., 1] / sz_leg) - np.arcsin(2.0 * area / (n * lt))


def leg_vectors(params: QuadrupedTailParameters, angles) -> tuple[np.ndarray, np.ndarray]:
    """(b^(P), c^(P)) (..., 3) each: the thigh and shank vectors in ΣP from [θ_ha, θ_hb, κ]
    (the leg's forward kinematics, note §2.1)."""
    angles = np.asarray(angles, dtype=float)
    ha, hb, k = angles[..., 0], angles[..., 1], angles[..., 2]
    psi = hb + np.pi - k
    sa, ca = np.sin(ha), np.cos(ha)
    b = params.l_th * np.stack((-sa * np.cos(hb), -np.sin(hb), -ca * np.cos(hb)), axis=-1)
    c = params.l_sh * np.stack((-sa * np.cos(psi), -np.sin(psi), -ca * np.cos(psi)), axis=-1)
    return b, c


def q_k(params: QuadrupedTailParameters, angles) -> np.ndarray:
    """Q_k = ∂b^(P)/∂[θ_ha, θ_hb] (..., 3, 2), Liu & Ben-Tzvi (22)."""
    angles = np.asarray(angles, dtype=float)
    ha, hb = angles[..., 0], angles[..., 1]
    sa, ca, sb, cb = np.sin(ha), np.cos(ha), np.sin(hb), np.cos(hb)
    out = np.empty(angles.shape[:-1] + (3, 2))
    out[..., 0, 0], out[..., 0, 1] = -ca * cb, sa * sb
    out[..., 1, 0], out[..., 1, 1] = 0.0, -cb
    out[..., 2, 0], out[..., 2, 1] = sa * cb, ca * sb
    return params.l_th * out


def j_s(r, d_minus_p) -> np.ndarray:
    """j_s = [−Rᵀ, Rᵀ (d − p)~] (..., 3, 6): ṡ = j_s t_p, Eq. (13) with the note's
    [FIX E5] (the skew on d − p). ``d_minus_p`` (..., 3) in ΣS."""
    rt = np.swapaxes(np.asarray(r, dtype=float), -1, -2)
    right = rt @ skew(d_minus_p)
    return np.concatenate((np.broadcast_to(-rt, right.shape), right), axis=-1)


def knee_rows(params: QuadrupedTailParameters, s, kappa, js) -> np.ndarray:
    """j_k = sᵀ j_s / (l_th l_sh sin κ) (..., 6): the interior knee rate, Eq. (15) (Eq. (11)
    [FIX E4]: sin, not cos, on its left)."""
    return (
        np.einsum("...i,...ij->...j", s, js)
        / (params.l_th * params.l_sh * np.sin(kappa))[..., None]
    )


def hip_a_rows(s, js) -> np.ndarray:
    """j_ha = cos²θ_ha / s_z² [s_z, 0, −s_x] j_s (..., 6), Eq. (16) (= the derivative of
    atan(s_x/s_z) = (s_z ṡ_x − s_x ṡ_z)/(s_x² + s_z²))."""
    w = np.stack((s[..., 2], np.zeros_like(s[..., 0]), -s[..., 0]), axis=-1)
    w = w / (s[..., 0] ** 2 + s[..., 2] ** 2)[..., None]
    return np.einsum("...i,...ij->...j", w, js)


def hip_b_rows(params: QuadrupedTailParameters, s, hb, kappa, js) -> np.ndarray:
    """j_hb (..., 6) consistent with the interior knee (note §2.2 [FIX E3] of Eq. (18)): from
    s_y = −l_th sin θ_hb + l_sh sin(θ_hb − κ) differentiated with Eq. (15)."""
    lt, ls = params.l_th, params.l_sh
    sk, chk = np.sin(kappa), np.cos(hb - kappa)
    num = lt * sk[..., None] * js[..., 1, :] + chk[..., None] * np.einsum("...i,...ij->...j", s, js)
    den = lt * sk * (ls * chk - lt * np.cos(hb))
    return num / den[..., None]


def hip_b_rows_literal(params: QuadrupedTailParameters, s, hb, kappa, js) -> np.ndarray:
    """The literal Eq. (18) (..., 6): [−l_th sin θ_k e_yᵀ j_s − cos(θ_hb + θ_k) sᵀ j_s] /
    [l_th² sin θ_k cos θ_hb + l_sh l_th sin θ_k cos(θ_hb + θ_k)] — wrong (note E3); kept for
    the regression test that documents the fix."""
    lt, ls = params.l_th, params.l_sh
    sk, c2 = np.sin(kappa), np.cos(hb + kappa)
    num = -lt * sk[..., None] * js[..., 1, :] - c2[..., None] * np.einsum("...i,...ij->...j", s, js)
    den = lt * lt * sk * np.cos(hb) + ls * lt * sk * c2
    return num / den[..., None]


def knee_jacobian_paper(params, r, a_w, b_w, angles, j_ha, j_hb) -> np.ndarray:
    """J_k w.r.t. the twist (..., 4, 3, 6), Eq. (23) as fixed in note §2.3:
    [I_3, −ã − b̃] + R Q_k [j_ha; j_hb] (``r`` (..., 3, 3); ``a_w``, ``b_w`` (..., 4, 3) in ΣS,
    ``angles`` (..., 4, 3), ``j_ha``, ``j_hb`` (..., 4, 6))."""
    r = np.asarray(r, dtype=float)
    right = -skew(a_w) - skew(b_w)
    base = np.concatenate((np.broadcast_to(np.eye(3), right.shape), right), axis=-1)
    rows = np.stack((j_ha, j_hb), axis=-2)
    return base + r[..., None, :, :] @ q_k(params, angles) @ rows


# ---------------------------------------------------------------------- tail
def tail_vector(params: QuadrupedTailParameters, theta_t) -> np.ndarray:
    """t^(P) = R_x(θ_ta) R_z(θ_tb) [0, −l_t, 0] (..., 3), Liu & Ben-Tzvi (10)."""
    theta_t = np.asarray(theta_t, dtype=float)
    a, b = theta_t[..., 0], theta_t[..., 1]
    return params.l_t * np.stack(
        (np.sin(b), -np.cos(a) * np.cos(b), -np.sin(a) * np.cos(b)), axis=-1
    )


def k_n(params: QuadrupedTailParameters, theta_t) -> np.ndarray:
    """K_n = K_t = ∂t^(P)/∂[θ_ta, θ_tb] (..., 3, 2), Eqs. (25)-(26) (note T4)."""
    theta_t = np.asarray(theta_t, dtype=float)
    a, b = theta_t[..., 0], theta_t[..., 1]
    sa, ca, sb, cb = np.sin(a), np.cos(a), np.sin(b), np.cos(b)
    out = np.empty(theta_t.shape[:-1] + (3, 2))
    out[..., 0, 0], out[..., 0, 1] = 0.0, cb
    out[..., 1, 0], out[..., 1, 1] = sa * cb, ca * sb
    out[..., 2, 0], out[..., 2, 1] = -ca * cb, sa * sb
    return params.l_t * out


# ---------------------------------------------------------------------- everything at once
@dataclass
class Kinematics:
    """Positions, Jacobians (w.r.t. q̇, 8 columns) and, with a velocity, the velocity-product
    accelerations J̇ q̇ of every body the dynamics needs (world axes, SI units).

    Leg arrays have a (..., 4, ...) leg axis. ``rows`` (..., 4, 3, 8) are the joint Jacobians
    [j_ha, j_hb, j_k] (κ interior) against q̇; ``jt`` (..., 4, 3, 6) the same against the twist.
    Biases (``*_bias``) are the accelerations at q̈ = 0.
    """

    q: np.ndarray
    mode: str
    r: np.ndarray  # R (..., 3, 3)
    t_omega: np.ndarray  # T_ω (..., 3, 3)
    s: np.ndarray  # (..., 4, 3) in ΣP
    angles: np.ndarray  # (..., 4, 3) [θ_ha, θ_hb, κ]
    a_w: np.ndarray  # R a_i (..., 4, 3)
    b_w: np.ndarray  # thigh H → K (..., 4, 3)
    c_w: np.ndarray  # shank K → F
    r_w: np.ndarray  # R r (..., 3)
    t_w: np.ndarray  # tail joint → tip (..., 3)
    hip: np.ndarray
    knee: np.ndarray
    foot: np.ndarray
    tail_joint: np.ndarray
    tail_tip: np.ndarray
    axes: np.ndarray  # (..., 4, 3, 3) world joint axes u_a, u_b, u_k
    tail_axes: np.ndarray  # (..., 2, 3) u_ta, u_tb
    jt: np.ndarray
    rows: np.ndarray
    j_torso_ang: np.ndarray  # (..., 3, 8)
    j_thigh_ang: np.ndarray  # (..., 4, 3, 8)
    j_shank_ang: np.ndarray
    j_tail_ang: np.ndarray  # (..., 3, 8)
    j_hip: np.ndarray  # (..., 4, 3, 8)
    j_knee: np.ndarray
    j_foot: np.ndarray
    j_tail_joint: np.ndarray  # (..., 3, 8)
    j_tail: np.ndarray  # J_t (..., 3, 8)
    v: np.ndarray | None = None
    omega: np.ndarray | None = None
    rates: np.ndarray | None = None  # (..., 4, 3) joint rates
    accel_bias: np.ndarray | None = None  # (..., 4, 3) joint accelerations at q̈ = 0
    torso_ang_bias: np.ndarray | None = None  # ω̇ at q̈ = 0 (Ė φ̇ or 0)
    thigh_ang_bias: np.ndarray | None = None
    shank_ang_bias: np.ndarray | None = None
    tail_ang_bias: np.ndarray | None = None
    hip_bias: np.ndarray | None = None
    knee_bias: np.ndarray | None = None
    foot_bias: np.ndarray | None = None
    tail_joint_bias: np.ndarray | None = None
    tail_bias: np.ndarray | None = None


def _cross(a, b):
    """a × b over the last axis (np.cross's axis handling costs more than the product here)."""
    a0, a1, a2 = a[..., 0], a[..., 1], a[..., 2]
    b0, b1, b2 = b[..., 0], b[..., 1], b[..., 2]
    out = np.empty(np.broadcast_shapes(a.shape, b.shape))
    out[..., 0] = a1 * b2 - a2 * b1
    out[..., 1] = a2 * b0 - a0 * b2
    out[..., 2] = a0 * b1 - a1 * b0
    return out


def kinematics(params: QuadrupedTailParameters, q, v=None, mode: str | None = None) -> Kinematics:
    """Every kinematic quantity of the robot at q (..., 8) (and v (..., 8)): see
    :class:`Kinematics` and the module docstring. ``mode`` "exact" or "paper" (default: the
    parameters').

    Raises
    ------
    StateError
        From :func:`leg_ik`, naming the leg that leaves its workspace.
    """
    mode = params.mode if mode is None else mode
    q = np.asarray(q, dtype=float)
    if v is not None:
        v = np.asarray(v, dtype=float)
        shape = np.broadcast_shapes(q.shape, v.shape)
        q, v = np.broadcast_to(q, shape), np.broadcast_to(v, shape)
    batch = q.shape[:-1]
    p, phi, th_t = q[..., :3], q[..., 3:6], q[..., 6:8]
    r = rotation(phi)
    tw = twist_map(phi, mode)
    s = hip_to_foot(params, p, r)
    angles = leg_ik(params, s, q)
    ha, hb, kap = angles[..., 0], angles[..., 1], angles[..., 2]
    b_p, c_p = leg_vectors(params, angles)
    rl = r[..., None, :, :]
    a_w = _mv(rl, np.broadcast_to(params.hips, s.shape))
    b_w, c_w = _mv(rl, b_p), _mv(rl, c_p)
    hip = p[..., None, :] + a_w
    knee = hip + b_w
    foot = knee + c_w
    r_w = _mv(r, params.tail_mount)
    t_w = _mv(r, tail_vector(params, th_t))
    tail_joint = p + r_w
    tail_tip = tail_joint + t_w

    # joint axes in ΣS: hip a = R e_y, hip b = −R R_y(θ_ha) e_x, knee = R R_y(θ_ha) e_x
    xleg = np.stack((np.cos(ha), np.zeros_like(ha), -np.sin(ha)), axis=-1)  # R_y(θ_ha) e_x
    u_a = np.broadcast_to(r[..., None, :, 1], xleg.shape)
    u_k = _mv(rl, xleg)
    axes = np.stack((u_a, -u_k, u_k), axis=-2)
    u_ta = r[..., :, 0]
    ct, st = np.cos(th_t[..., 0]), np.sin(th_t[..., 0])
    u_tb = _mv(r, np.stack((np.zeros_like(ct), -st, ct), axis=-1))  # R R_x(θ_ta) e_z
    tail_axes = np.stack((u_ta, u_tb), axis=-2)

    # joint rows against the twist (Eqs. 13-18 fixed) and against q̇
    js = j_s(rl, params.feet - p[..., None, :])
    jt = np.stack(
        (
            hip_a_rows(s, js),
            hip_b_rows(params, s, hb, kap, js),
            knee_rows(params, s, kap, js),
        ),
        axis=-2,
    )
    tmap = np.zeros(batch + (6, 8))
    tmap[..., :3, :3] = np.eye(3)
    tmap[..., 3:, 3:6] = tw
    rows = jt @ tmap[..., None, :, :]

    zeros38 = np.zeros(batch + (3, 8))
    j_torso_ang = zeros38.copy()
    j_torso_ang[..., :, 3:6] = tw
    jta = j_torso_ang[..., None, :, :]
    j_thigh = jta + axes[..., 0, :, None] * rows[..., 0, None, :]
    j_thigh = j_thigh + axes[..., 1, :, None] * rows[..., 1, None, :]
    j_shank = j_thigh + axes[..., 2, :, None] * rows[..., 2, None, :]
    j_tail_ang = j_torso_ang.copy()
    j_tail_ang[..., :, 6] += u_ta
    j_tail_ang[..., :, 7] += u_tb
    lin = zeros38.copy()
    lin[..., :, :3] = np.eye(3)
    j_hip = lin[..., None, :, :] - skew(a_w) @ jta  # Eq. (20)
    j_knee = j_hip - skew(b_w) @ j_thigh  # = Eq. (23)
    j_foot = j_knee - skew(c_w) @ j_shank  # zero: the foot is pinned
    j_tail_joint = lin - skew(r_w) @ j_torso_ang
    j_tail = j_tail_joint - skew(t_w) @ j_tail_ang  # = Eq. (26)

    out = Kinematics(
        q=q,
        mode=mode,
        r=r,
        t_omega=tw,
        s=s,
        angles=angles,
        a_w=a_w,
        b_w=b_w,
        c_w=c_w,
        r_w=r_w,
        t_w=t_w,
        hip=hip,
        knee=knee,
        foot=foot,
        tail_joint=tail_joint,
        tail_tip=tail_tip,
        axes=axes,
        tail_axes=tail_axes,
        jt=jt,
        rows=rows,
        j_torso_ang=j_torso_ang,
        j_thigh_ang=j_thigh,
        j_shank_ang=j_shank,
        j_tail_ang=j_tail_ang,
        j_hip=j_hip,
        j_knee=j_knee,
        j_foot=j_foot,
        j_tail_joint=j_tail_joint,
        j_tail=j_tail,
    )
    if v is None:
        return out
    _velocity_terms(out, v)
    return out


def _velocity_terms(k: Kinematics, v: np.ndarray) -> None:
    """Fill the velocity-product accelerations of ``k`` (Eqs. 29-31 with [FIX E7], note E13)."""
    k.v = v
    phid = v[..., 3:6]
    w = _mv(k.t_omega, phid)
    if k.mode == "paper":
        alpha0 = np.zeros_like(w)  # ω̇ = φ̈ (Eq. 3)
    else:
        alpha0 = _mv(euler_rate_matrix_dot(k.q[..., 3:6], phid), phid)  # Ė φ̇
    rates = _mv(k.rows, v[..., None, :])  # (..., 4, 3)
    u_a, u_b, u_k = k.axes[..., 0, :], k.axes[..., 1, :], k.axes[..., 2, :]
    wl = np.broadcast_to(w[..., None, :], u_a.shape)
    al = np.broadcast_to(alpha0[..., None, :], u_a.shape)
    w1 = wl + u_a * rates[..., 0, None]
    w2 = w1 + u_b * rates[..., 1, None]
    w3 = w2 + u_k * rates[..., 2, None]
    a1 = al + _cross(wl, u_a) * rates[..., 0, None]
    a2 = a1 + _cross(w1, u_b) * rates[..., 1, None]
    a3 = a2 + _cross(w2, u_k) * rates[..., 2, None]
    a_hip = _cross(al, k.a_w) + _cross(wl, _cross(wl, k.a_w))
    a_knee0 = a_hip + _cross(a2, k.b_w) + _cross(w2, _cross(w2, k.b_w))
    a_foot0 = a_knee0 + _cross(a3, k.c_w) + _cross(w3, _cross(w3, k.c_w))
    fh = k.b_w + k.c_w
    jth = np.stack((_cross(u_a, fh), _cross(u_b, fh), _cross(u_k, k.c_w)), axis=-1)
    acc = np.linalg.solve(jth, -a_foot0[..., None])[..., 0]  # θ̈ at q̈ = 0
    a_thigh = a2 + u_a * acc[..., 0, None] + u_b * acc[..., 1, None]
    a_shank = a_thigh + a3 - a2 + u_k * acc[..., 2, None]
    a_knee = a_hip + _cross(a_thigh, k.b_w) + _cross(w2, _cross(w2, k.b_w))
    a_foot = a_knee + _cross(a_shank, k.c_w) + _cross(w3, _cross(w3, k.c_w))
    # tail: torso → tail a → tail b → tip
    u_ta, u_tb = k.tail_axes[..., 0, :], k.tail_axes[..., 1, :]
    wt1 = w + u_ta * v[..., 6, None]
    wt2 = wt1 + u_tb * v[..., 7, None]
    at = alpha0 + _cross(w, u_ta) * v[..., 6, None] + _cross(wt1, u_tb) * v[..., 7, None]
    a_tj = _cross(alpha0, k.r_w) + _cross(w, _cross(w, k.r_w))
    a_tip = a_tj + _cross(at, k.t_w) + _cross(wt2, _cross(wt2, k.t_w))
    k.omega = w
    k.rates = rates
    k.accel_bias = acc
    k.torso_ang_bias = alpha0
    k.thigh_ang_bias = a_thigh
    k.shank_ang_bias = a_shank
    k.tail_ang_bias = at
    k.hip_bias = a_hip
    k.knee_bias = a_knee
    k.foot_bias = a_foot
    k.tail_joint_bias = a_tj
    k.tail_bias = a_tip
