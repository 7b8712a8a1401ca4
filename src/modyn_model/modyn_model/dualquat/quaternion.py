"""Quaternions, scalar first, Hamilton product (note §1, §2.2; the paper's eq. (3)).

A quaternion is a float array whose last axis is (p₀, p₁, p₂, p₃) = (p₀, p̄); every function
broadcasts over the leading (batch) axes. A unit quaternion p = (cos φ/2, sin φ/2 n̂) is the
rotation R(p) with x^a = R x^b (frame b relative to frame a), p∘(0, x)∘p* = (0, R x).

    product     a∘b = (a₀b₀ − ā·b̄, a₀b̄ + b₀ā + ā×b̄)
    matrices    a∘b = [a]_L b = [b]_R a,
                [a]_L = [[a₀, −āᵀ], [ā, a₀I + ã]],  [a]_R = [[a₀, −āᵀ], [ā, a₀I − ã]]   (eq. 3)
    log         log p = (0, ½φ n̂) for p = (cos φ/2, sin φ/2 n̂), p₀ ≥ 0 chosen (shortest
                rotation, note §2.1 — the paper does not say it)
    exp         exp (0, ξ) = (cos|ξ|, sin|ξ| ξ/|ξ|), so exp log p = ±p
"""

from __future__ import annotations

import numpy as np

__all__ = [
    "qmul",
    "qconj",
    "qnorm",
    "qinv",
    "qcross",
    "qdot",
    "qleft",
    "qright",
    "qexp",
    "qlog",
    "qnormalize",
    "qto_matrix",
    "qfrom_matrix",
    "qfrom_axis_angle",
    "IDENTITY",
]

#: the unit quaternion (1, 0, 0, 0)
IDENTITY = np.array([1.0, 0.0, 0.0, 0.0])
_CONJ = np.array([1.0, -1.0, -1.0, -1.0])
#: below this angle the sin(x)/x series is used
_SMALL = 1e-6


def qmul(a, b, out: np.ndarray | None = None) -> np.ndarray:
    """Hamilton product a∘b (..., 4); ``out`` (broadcast shape) is filled when given."""
    a = np.asarray(a, dtype=float)
    b = np.asarray(b, dtype=float)
    a0, a1, a2, a3 = a[..., 0], a[..., 1], a[..., 2], a[..., 3]
    b0, b1, b2, b3 = b[..., 0], b[..., 1], b[..., 2], b[..., 3]
    if out is None:
        out = np.empty(np.broadcast_shapes(a.shape, b.shape))
    out[..., 0] = a0 * b0 - a1 * b1 - a2 * b2 - a3 * b3
    out[..., 1] = a0 * b1 + a1 * b0 + a2 * b3 - a3 * b2
    out[..., 2] = a0 * b2 + a2 * b0 + a3 * b1 - a1 * b3
    out[..., 3] = a0 * b3 + a3 * b0 + a1 * b2 - a2 * b1
    return out


def qconj(a) -> np.ndarray:
    """Conjugate a* = (a₀, −ā) (..., 4)."""
    return np.asarray(a, dtype=float) * _CONJ


def qdot(a, b) -> np.ndarray:
    """Euclidean inner product Σ aᵢbᵢ (...)."""
    return np.einsum("...i,...i->...", np.asarray(a, dtype=float), np.asarray(b, dtype=float))


def qnorm(a) -> np.ndarray:
    """‖a‖ = √(a∘a*)₀ (...)."""
    return np.sqrt(qdot(a, a))


def qinv(a) -> np.ndarray:
    """a⁻¹ = a*/‖a‖² (..., 4) (eq. 2); raises ZeroDivisionError-free: inf for a = 0."""
    a = np.asarray(a, dtype=float)
    return qconj(a) / qdot(a, a)[..., None]


def qcross(a, b) -> np.ndarray:
    """Quaternion cross product (0, ā × b̄) (..., 4) = ½(a∘b − b∘a) for pure a, b (Table 1)."""
    a = np.asarray(a, dtype=float)
    b = np.asarray(b, dtype=float)
    out = np.zeros(np.broadcast_shapes(a.shape, b.shape))
    out[..., 1:] = np.cross(a[..., 1:], b[..., 1:])
    return out


def _skew(v: np.ndarray) -> np.ndarray:
    out = np.zeros(v.shape[:-1] + (3, 3))
    out[..., 0, 1], out[..., 0, 2] = -v[..., 2], v[..., 1]
    out[..., 1, 0], out[..., 1, 2] = v[..., 2], -v[..., 0]
    out[..., 2, 0], out[..., 2, 1] = -v[..., 1], v[..., 0]
    return out


def _lr(a, sign: float) -> np.ndarray:
    a = np.asarray(a, dtype=float)
    out = np.empty(a.shape[:-1] + (4, 4))
    out[..., 0, 0] = a[..., 0]
    out[..., 0, 1:] = -a[..., 1:]
    out[..., 1:, 0] = a[..., 1:]
    out[..., 1:, 1:] = a[..., 0, None, None] * np.eye(3) + sign * _skew(a[..., 1:])
    return out


def qleft(a) -> np.ndarray:
    """[a]_L (..., 4, 4): a∘b = [a]_L b (eq. 3)."""
    return _lr(a, 1.0)


def qright(b) -> np.ndarray:
    """[b]_R (..., 4, 4): a∘b = [b]_R a (eq. 3, with the paper's p₁ typo read as p₂, note A4)."""
    return _lr(b, -1.0)


def _sinc(x: np.ndarray) -> np.ndarray:
    """sin x / x, with its series near 0."""
    small = np.abs(x) < _SMALL
    safe = np.where(small, 1.0, x)
    return np.where(small, 1.0 - x * x / 6.0, np.sin(safe) / safe)


def qexp(xi) -> np.ndarray:
    """exp of a pure quaternion (0, ξ) given as (..., 4) (the scalar slot is ignored):
    (cos|ξ|, sin|ξ| ξ/|ξ|) (..., 4)."""
    xi = np.asarray(xi, dtype=float)
    v = xi[..., 1:]
    phi = np.sqrt(np.einsum("...i,...i->...", v, v))
    out = np.empty(xi.shape)
    out[..., 0] = np.cos(phi)
    out[..., 1:] = _sinc(phi)[..., None] * v
    return out


def qlog(p) -> np.ndarray:
    """log of a unit quaternion (0, ½φ n̂) (..., 4) with the sign of p chosen so that p₀ ≥ 0
    (|φ| ≤ π, the shortest rotation; note §2.1)."""
    p = np.asarray(p, dtype=float)
    p = np.where(p[..., :1] < 0.0, -p, p)
    s = np.sqrt(np.einsum("...i,...i->...", p[..., 1:], p[..., 1:]))
    half = np.arctan2(s, p[..., 0])  # ½φ ∈ [0, π/2]
    out = np.zeros(p.shape)
    out[..., 1:] = (
        (1.0 / _sinc(half))[..., None]
        * p[..., 1:]
        / np.maximum(np.hypot(s, p[..., 0]), 1e-300)[..., None]
    )
    return out


def qnormalize(p) -> np.ndarray:
    """p/‖p‖ (..., 4)."""
    p = np.asarray(p, dtype=float)
    return p / qnorm(p)[..., None]


def qto_matrix(p) -> np.ndarray:
    """R(p) (..., 3, 3) of a unit quaternion: x^a = R x^b."""
    p = np.asarray(p, dtype=float)
    w, x, y, z = p[..., 0], p[..., 1], p[..., 2], p[..., 3]
    out = np.empty(p.shape[:-1] + (3, 3))
    out[..., 0, 0] = 1 - 2 * (y * y + z * z)
    out[..., 0, 1] = 2 * (x * y - w * z)
    out[..., 0, 2] = 2 * (x * z + w * y)
    out[..., 1, 0] = 2 * (x * y + w * z)
    out[..., 1, 1] = 1 - 2 * (x * x + z * z)
    out[..., 1, 2] = 2 * (y * z - w * x)
    out[..., 2, 0] = 2 * (x * z - w * y)
    out[..., 2, 1] = 2 * (y * z + w * x)
    out[..., 2, 2] = 1 - 2 * (x * x + y * y)
    return out


def qfrom_matrix(r) -> np.ndarray:
    """The unit quaternion (w ≥ 0) of a rotation matrix (..., 4) (Shepperd's method)."""
    r = np.asarray(r, dtype=float)
    t = np.stack(
        [
            1 + r[..., 0, 0] + r[..., 1, 1] + r[..., 2, 2],
            1 + r[..., 0, 0] - r[..., 1, 1] - r[..., 2, 2],
            1 - r[..., 0, 0] + r[..., 1, 1] - r[..., 2, 2],
            1 - r[..., 0, 0] - r[..., 1, 1] + r[..., 2, 2],
        ],
        axis=-1,
    )
    k = np.argmax(t, axis=-1)
    s = np.sqrt(np.take_along_axis(t, k[..., None], -1)[..., 0]) * 2.0  # 4·|component k|
    d = (r[..., 2, 1] - r[..., 1, 2], r[..., 0, 2] - r[..., 2, 0], r[..., 1, 0] - r[..., 0, 1])
    o = (r[..., 0, 1] + r[..., 1, 0], r[..., 0, 2] + r[..., 2, 0], r[..., 1, 2] + r[..., 2, 1])
    cand = np.empty(r.shape[:-2] + (4, 4))  # row k: the quaternion from pivot k
    cand[..., 0, :] = np.stack([s / 4, d[0] / s, d[1] / s, d[2] / s], -1)
    cand[..., 1, :] = np.stack([d[0] / s, s / 4, o[0] / s, o[1] / s], -1)
    cand[..., 2, :] = np.stack([d[1] / s, o[0] / s, s / 4, o[2] / s], -1)
    cand[..., 3, :] = np.stack([d[2] / s, o[1] / s, o[2] / s, s / 4], -1)
    q = np.take_along_axis(cand, k[..., None, None], -2)[..., 0, :]
    return np.where(q[..., :1] < 0, -q, q)


def qfrom_axis_angle(axis, angle) -> np.ndarray:
    """(cos θ/2, sin θ/2 â) (..., 4) for a unit axis (..., 3) and an angle (...) in rad."""
    axis = np.asarray(axis, dtype=float)
    angle = np.asarray(angle, dtype=float)
    h = 0.5 * angle
    shape = np.broadcast_shapes(axis.shape[:-1], angle.shape)
    out = np.empty(shape + (4,))
    out[..., 0] = np.cos(h)
    out[..., 1:] = np.sin(h)[..., None] * axis
    return out
