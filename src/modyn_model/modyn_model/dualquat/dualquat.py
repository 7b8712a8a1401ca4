"""Dual quaternions σ̂ = p + εq (ε ≠ 0, ε² = 0) as 8-vectors [p₀ p₁ p₂ p₃ q₀ q₁ q₂ q₃]
(note §1, §2; the paper's eq. (1), Table 1, eqs. (2)–(5)).

Every function broadcasts over the leading (batch) axes of its arguments. Conventions:

* product σ̂₁∘σ̂₂ = p₁∘p₂ + ε(p₁∘q₂ + q₁∘p₂); conjugate σ̂* = p* + εq*;
* pose (eq. 4): q̂_ba = q_ba + ε ½ q_ba∘r^b_ba = q_ba + ε ½ r^a_ba∘q_ba (frame b relative to a;
  x^a = R x^b), recovered as r^b = 2 q*∘q_d, r^a = 2 q_d∘q*; composition q̂_ca = q̂_ba∘q̂_cb,
  inverse of a unit DQ = its conjugate;
* twist ω̂ = ω + εv (angular velocity; velocity of the frame origin, eq. 5) and wrench
  f̂ = F + εT (force; moment about the frame origin) are both line vectors: they change frame by
  the adjoint Ad(q̂_ba) x^a = q̂*_ba∘x^a∘q̂_ba = x^b, as an 8×8 matrix [q̂*]⁺[q̂]⁻ (eq. 24);
* dual cross σ̂₁×σ̂₂ = p₁×p₂ + ε(p₁×q₂ + q₁×p₂) — **note §2.1 / A3 correction** of the paper's
  Table 1 (which has p₂×q₁, flipping the v×p term of Newton–Euler); for pure σ̂,
  σ̂₁×σ̂₂ = ½(σ̂₁∘σ̂₂ − σ̂₂∘σ̂₁). :func:`dqcross_table1` keeps the paper's form for the tests;
* swap P = [[0, I₄], [I₄, 0]]: f̂ˢ = T + εF pairs a wrench with a twist for power (note §1; the
  paper never uses it, errata A10); P·Ad(q̂)⁻¹·P = Ad(q̂)ᵀ.
"""

from __future__ import annotations

import numpy as np

from .quaternion import qconj, qdot, qfrom_matrix, qinv, qleft, qmul, qright, qto_matrix

__all__ = [
    "DQ_IDENTITY",
    "SWAP",
    "dqmul",
    "dqconj",
    "dqnorm",
    "dqinv",
    "dqcross",
    "dqcross_table1",
    "dqswap",
    "dqleft",
    "dqright",
    "dqadjoint",
    "dqadjoint_matrix",
    "dqadjoint_matrix_unit",
    "dqnormalize",
    "dqfrom_pose",
    "dqfrom_matrix",
    "dqto_matrix",
    "dqrotation",
    "dqtranslation",
    "dqtranslation_body",
    "dqpure",
]

#: the unit dual quaternion 1 + ε0
DQ_IDENTITY = np.array([1.0, 0, 0, 0, 0, 0, 0, 0])
#: the swap matrix P (8×8): P(F + εT) = T + εF
SWAP = np.block([[np.zeros((4, 4)), np.eye(4)], [np.eye(4), np.zeros((4, 4))]])
_CONJ8 = np.array([1.0, -1, -1, -1, 1, -1, -1, -1])


def dqmul(a, b, out: np.ndarray | None = None) -> np.ndarray:
    """σ̂₁∘σ̂₂ = p₁∘p₂ + ε(p₁∘q₂ + q₁∘p₂) (..., 8)."""
    a = np.asarray(a, dtype=float)
    b = np.asarray(b, dtype=float)
    if out is None:
        out = np.empty(np.broadcast_shapes(a.shape, b.shape))
    qmul(a[..., :4], b[..., :4], out=out[..., :4])
    out[..., 4:] = qmul(a[..., :4], b[..., 4:]) + qmul(a[..., 4:], b[..., :4])
    return out


def dqconj(a) -> np.ndarray:
    """σ̂* = p* + εq* (..., 8) (Table 1)."""
    return np.asarray(a, dtype=float) * _CONJ8


def dqnorm(a) -> np.ndarray:
    """The dual-number norm ‖σ̂‖ = ‖p‖ + ε (p·q)/‖p‖ as (..., 2) [real, dual]; (1, 0) for a unit
    DQ (‖p‖ = 1, p·q = 0)."""
    a = np.asarray(a, dtype=float)
    n = np.sqrt(qdot(a[..., :4], a[..., :4]))
    return np.stack([n, qdot(a[..., :4], a[..., 4:]) / n], axis=-1)


def dqinv(a) -> np.ndarray:
    """σ̂⁻¹ = p⁻¹ − ε p⁻¹∘q∘p⁻¹ (..., 8) (p ≠ 0; eq. 2 extended); = σ̂* for a unit DQ."""
    a = np.asarray(a, dtype=float)
    pi = qinv(a[..., :4])
    out = np.empty(a.shape)
    out[..., :4] = pi
    out[..., 4:] = -qmul(pi, qmul(a[..., 4:], pi))
    return out


def _vcross(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """ā × b̄ (..., 3) of two quaternions' vector parts (explicit: np.cross costs 10× more)."""
    a1, a2, a3 = a[..., 1], a[..., 2], a[..., 3]
    b1, b2, b3 = b[..., 1], b[..., 2], b[..., 3]
    return np.stack([a2 * b3 - a3 * b2, a3 * b1 - a1 * b3, a1 * b2 - a2 * b1], axis=-1)


def dqcross(a, b) -> np.ndarray:
    """Dual cross σ̂₁×σ̂₂ = p₁×p₂ + ε(p₁×q₂ + q₁×p₂) (..., 8), scalar slots 0 — the corrected
    Table 1 (note §2.1, A3). For a twist ω̂ = ω + εv and a momentum p + εh:
    ω̂×(p + εh) = ω×p + ε(ω×h + v×p), the Newton–Euler terms about a moving point (eq. 6)."""
    a = np.asarray(a, dtype=float)
    b = np.asarray(b, dtype=float)
    out = np.zeros(np.broadcast_shapes(a.shape, b.shape))
    out[..., 1:4] = _vcross(a[..., :4], b[..., :4])
    out[..., 5:8] = _vcross(a[..., :4], b[..., 4:]) + _vcross(a[..., 4:], b[..., :4])
    return out


def dqcross_table1(a, b) -> np.ndarray:
    """The paper's Table 1 cross product p₁×p₂ + ε(p₁×q₂ + p₂×q₁) (..., 8), **wrong sign** on
    the second dual term (note A3); kept only so the tests show the difference."""
    a = np.asarray(a, dtype=float)
    b = np.asarray(b, dtype=float)
    out = np.zeros(np.broadcast_shapes(a.shape, b.shape))
    out[..., 1:4] = _vcross(a[..., :4], b[..., :4])
    out[..., 5:8] = _vcross(a[..., :4], b[..., 4:]) + _vcross(b[..., :4], a[..., 4:])
    return out


def dqswap(a) -> np.ndarray:
    """P σ̂ = q + εp (..., 8): a wrench F + εT as T + εF (note §1)."""
    a = np.asarray(a, dtype=float)
    return np.concatenate([a[..., 4:], a[..., :4]], axis=-1)


def _block(p4: np.ndarray, q4: np.ndarray) -> np.ndarray:
    out = np.zeros(p4.shape[:-2] + (8, 8))
    out[..., :4, :4] = p4
    out[..., 4:, :4] = q4
    out[..., 4:, 4:] = p4
    return out


def dqleft(a) -> np.ndarray:
    """Λ̂⁺(σ̂) = [[P_L, 0], [Q_L, P_L]] (..., 8, 8): σ̂∘x = Λ̂⁺(σ̂) x (eq. 3)."""
    a = np.asarray(a, dtype=float)
    return _block(qleft(a[..., :4]), qleft(a[..., 4:]))


def dqright(b) -> np.ndarray:
    """Λ̂⁻(σ̂) = [[P_R, 0], [Q_R, P_R]] (..., 8, 8): x∘σ̂ = Λ̂⁻(σ̂) x (eq. 3, A4 typo fixed)."""
    b = np.asarray(b, dtype=float)
    return _block(qright(b[..., :4]), qright(b[..., 4:]))


def dqadjoint(qhat, x) -> np.ndarray:
    """Ad(q̂) x = q̂*∘x∘q̂ (..., 8): a twist or wrench of frame a in frame b for q̂ = q̂_ba
    (eqs. 8–11, 20–21)."""
    return dqmul(dqconj(qhat), dqmul(x, qhat))


def dqadjoint_matrix(qhat) -> np.ndarray:
    """Q = [q̂*]⁺[q̂]⁻ (..., 8, 8), Ad(q̂) as a matrix (eq. 24). For a unit q̂ with rotation R and
    r^b its translation in b: blocks [[Rᵀ, 0], [−r̃^b Rᵀ, Rᵀ]] on the vector slots, identity on
    the two scalar slots (note §2.3)."""
    return dqleft(dqconj(qhat)) @ dqright(qhat)


def dqadjoint_matrix_unit(qhat) -> np.ndarray:
    """Ad(q̂) (..., 8, 8) of a **unit** DQ from its rotation and translation directly:
    identity on the scalar slots, [[Rᵀ, 0], [−r̃^b Rᵀ, Rᵀ]] on the vector slots (note §2.3) —
    equal to :func:`dqadjoint_matrix` for unit q̂ at a third of the cost (what the recursions
    use)."""
    qhat = np.asarray(qhat, dtype=float)
    rt = np.swapaxes(qto_matrix(qhat[..., :4]), -1, -2)
    r = dqtranslation_body(qhat)
    out = np.zeros(qhat.shape[:-1] + (8, 8))
    out[..., 0, 0] = 1.0
    out[..., 4, 4] = 1.0
    out[..., 1:4, 1:4] = rt
    out[..., 5:8, 5:8] = rt
    x, y, z = r[..., 0, None], r[..., 1, None], r[..., 2, None]
    # −r̃ Rᵀ, row by row: −(r × column) = rows of −[[0, −z, y], [z, 0, −x], [−y, x, 0]] Rᵀ
    out[..., 5, 1:4] = z * rt[..., 1, :] - y * rt[..., 2, :]
    out[..., 6, 1:4] = x * rt[..., 2, :] - z * rt[..., 0, :]
    out[..., 7, 1:4] = y * rt[..., 0, :] - x * rt[..., 1, :]
    return out


def dqnormalize(a) -> np.ndarray:
    """The nearest unit DQ (..., 8): p ← p/‖p‖, q ← q/‖p‖ − (p·q/‖p‖²) p/‖p‖ (note §7)."""
    a = np.asarray(a, dtype=float)
    n = np.sqrt(qdot(a[..., :4], a[..., :4]))[..., None]
    p = a[..., :4] / n
    q = a[..., 4:] / n
    q = q - qdot(p, q)[..., None] * p
    return np.concatenate([p, q], axis=-1)


def dqfrom_pose(quat, r_a) -> np.ndarray:
    """q̂_ba = q + ε ½ r^a∘q (..., 8) from the rotation q_ba (..., 4) and the origin of b in a,
    a axes (..., 3) (eq. 4)."""
    quat = np.asarray(quat, dtype=float)
    r_a = np.asarray(r_a, dtype=float)
    rq = np.zeros(r_a.shape[:-1] + (4,))
    rq[..., 1:] = r_a
    shape = np.broadcast_shapes(quat.shape, rq.shape)
    out = np.empty(shape[:-1] + (8,))
    out[..., :4] = quat
    out[..., 4:] = 0.5 * qmul(rq, quat)
    return out


def dqfrom_matrix(t) -> np.ndarray:
    """q̂ (..., 8) of a 4×4 homogeneous transform (rotation, then translation in a axes)."""
    t = np.asarray(t, dtype=float)
    return dqfrom_pose(qfrom_matrix(t[..., :3, :3]), t[..., :3, 3])


def dqrotation(a) -> np.ndarray:
    """The rotation part q (..., 4)."""
    return np.asarray(a, dtype=float)[..., :4]


def dqtranslation(a) -> np.ndarray:
    """r^a = vector part of 2 q_d∘q* (..., 3): the origin of b in a, a axes (eq. 4)."""
    a = np.asarray(a, dtype=float)
    return 2.0 * qmul(a[..., 4:], qconj(a[..., :4]))[..., 1:]


def dqtranslation_body(a) -> np.ndarray:
    """r^b = vector part of 2 q*∘q_d (..., 3): the same vector, b axes (eq. 4)."""
    a = np.asarray(a, dtype=float)
    return 2.0 * qmul(qconj(a[..., :4]), a[..., 4:])[..., 1:]


def dqto_matrix(a) -> np.ndarray:
    """The 4×4 homogeneous transform (..., 4, 4) of a unit DQ."""
    a = np.asarray(a, dtype=float)
    out = np.zeros(a.shape[:-1] + (4, 4))
    out[..., :3, :3] = qto_matrix(a[..., :4])
    out[..., :3, 3] = dqtranslation(a)
    out[..., 3, 3] = 1.0
    return out


def dqpure(real3, dual3) -> np.ndarray:
    """The pure DQ (0, a) + ε(0, b) (..., 8): a twist (ω, v) or a wrench (F, T)."""
    real3 = np.asarray(real3, dtype=float)
    dual3 = np.asarray(dual3, dtype=float)
    shape = np.broadcast_shapes(real3.shape, dual3.shape)
    out = np.zeros(shape[:-1] + (8,))
    out[..., 1:4] = real3
    out[..., 5:8] = dual3
    return out
