"""Logarithms, exponentials, kinematics and a Lie-group integrator of unit dual quaternions
(note §2.1, §2.3; Table 1's log, eq. (5); eq. 46–47's "lg").

Two logarithms, both returning a pure DQ (..., 8):

* :func:`dqlog` — the paper's **decoupled** log (Table 1; SO(3)×R³, Filipe & Tsiotras):
  log(p + εq) = log p + ε p⁻¹∘q, i.e. for ê = e_q + ε½ e_q∘e_r, log ê = log e_q + ε ½ e_r
  with log e_q = (0, ½φ n̂) (p₀ ≥ 0 chosen, note §2.1). Its inverse is :func:`dqexp_decoupled`.
  It is **not** the inverse of :func:`dqexp` when the rotation is non-zero (note §2.1);
* :func:`dqlog_screw` — the SE(3) (screw) log, the inverse of :func:`dqexp`.

The exponential of a pure X̂ = ξ_r + εξ_d (note §2.3): with φ = |ξ_r|,

    exp X̂ = (cos φ, sinc φ ξ_r) + ε(−(ξ_r·ξ_d) sinc φ, sinc φ ξ_d + (ξ_r·ξ_d) k(φ) ξ_r),
    k(φ) = (cos φ − sinc φ)/φ²  (→ −1/3 as φ → 0).

Kinematics (not in the paper, note §2.3): q̂̇_ba = ½ q̂_ba∘ω̂^b_ba (body twist ω̂ = ω + εv);
a constant body twist moves the pose by q̂(t + h) = q̂(t)∘exp(½hω̂) exactly.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from .dualquat import dqmul, dqnormalize
from .quaternion import qconj, qexp, qlog, qmul

__all__ = [
    "dqexp",
    "dqlog_screw",
    "dqlog",
    "dqexp_decoupled",
    "dqrate",
    "dqintegrate",
    "dqbracket",
    "rkmk4_step",
]

_SMALL = 1e-4


def _sinc_k(phi: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(sinc φ, k(φ) = (cos φ − sinc φ)/φ²), by Taylor series below φ = 1e-4 (the first
    neglected terms are below 1e-17 there)."""
    small = phi < _SMALL
    safe = np.where(small, 1.0, phi)
    p2 = phi * phi
    sinc = np.where(small, 1.0 - p2 / 6.0, np.sin(safe) / safe)
    k = np.where(small, -1.0 / 3.0 + p2 / 30.0, (np.cos(safe) - np.sin(safe) / safe) / safe**2)
    return sinc, k


def dqexp(x) -> np.ndarray:
    """exp X̂ (..., 8) of a pure DQ X̂ = ξ_r + εξ_d (scalar slots ignored); a unit DQ."""
    x = np.asarray(x, dtype=float)
    xr, xd = x[..., 1:4], x[..., 5:8]
    phi = np.sqrt(np.einsum("...i,...i->...", xr, xr))
    s = np.einsum("...i,...i->...", xr, xd)
    sinc, k = _sinc_k(phi)
    out = np.empty(x.shape)
    out[..., 0] = np.cos(phi)
    out[..., 1:4] = sinc[..., None] * xr
    out[..., 4] = -s * sinc
    out[..., 5:8] = sinc[..., None] * xd + (s * k)[..., None] * xr
    return out


def dqlog_screw(a) -> np.ndarray:
    """The screw (SE(3)) log (..., 8) of a unit DQ, sign chosen so that p₀ ≥ 0:
    dqexp(dqlog_screw(q̂)) = ±q̂."""
    a = np.asarray(a, dtype=float)
    a = np.where(a[..., :1] < 0.0, -a, a)
    xr = qlog(a[..., :4])[..., 1:]
    phi = np.sqrt(np.einsum("...i,...i->...", xr, xr))
    sinc, k = _sinc_k(phi)
    s = -a[..., 4] / sinc
    out = np.zeros(a.shape)
    out[..., 1:4] = xr
    out[..., 5:8] = (a[..., 5:8] - (s * k)[..., None] * xr) / sinc[..., None]
    return out


def dqlog(a) -> np.ndarray:
    """The paper's decoupled log (Table 1) (..., 8): log p + ε p*∘q = (0, ½φn̂) + ε(0, ½r^b)."""
    a = np.asarray(a, dtype=float)
    out = np.zeros(a.shape)
    out[..., :4] = qlog(a[..., :4])
    out[..., 5:8] = qmul(qconj(a[..., :4]), a[..., 4:])[..., 1:]
    return out


def dqexp_decoupled(x) -> np.ndarray:
    """The inverse of :func:`dqlog` (..., 8): exp ξ_r + ε exp(ξ_r)∘(0, ξ_d)."""
    x = np.asarray(x, dtype=float)
    out = np.empty(x.shape)
    xi = np.zeros(x.shape[:-1] + (4,))
    xi[..., 1:] = x[..., 1:4]
    out[..., :4] = qexp(xi)
    xi[..., 1:] = x[..., 5:8]
    out[..., 4:] = qmul(out[..., :4], xi)
    return out


def dqrate(qhat, twist) -> np.ndarray:
    """q̂̇ = ½ q̂∘ω̂ (..., 8) for the body twist ω̂ = ω + εv (8-vector, note §2.3)."""
    return 0.5 * dqmul(qhat, twist)


def dqintegrate(qhat, twist, h) -> np.ndarray:
    """q̂∘exp(½hω̂), renormalised (..., 8): exact for a body twist held constant for h s."""
    h = np.asarray(h, dtype=float)
    return dqnormalize(dqmul(qhat, dqexp((0.5 * h)[..., None] * np.asarray(twist, dtype=float))))


def dqbracket(u, v) -> np.ndarray:
    """Lie bracket [u, v] = u∘v − v∘u = 2 u×v (..., 8) of pure DQs."""
    return dqmul(u, v) - dqmul(v, u)


def _dexpinv(u: np.ndarray, v: np.ndarray) -> np.ndarray:
    """dexp⁻¹_{−u}(v) to third order, v + ½[u, v] + (1/12)[u, [u, v]] (enough for RKMK4): the
    right-trivialised form, for q̂ = q̂₀∘exp Θ with q̂̇ = q̂∘A (Θ̇ = dexp⁻¹_{−Θ} A)."""
    b = dqbracket(u, v)
    return v + 0.5 * b + dqbracket(u, b) / 12.0


def rkmk4_step(
    qhat: np.ndarray,
    x: np.ndarray,
    h: float,
    f: Callable[[np.ndarray, np.ndarray], tuple[np.ndarray, np.ndarray]],
) -> tuple[np.ndarray, np.ndarray]:
    """One Runge–Kutta–Munthe-Kaas step of order 4 for q̂̇ = ½q̂∘ω̂(q̂, x), ẋ = g(q̂, x).

    Parameters
    ----------
    qhat : (..., 8) unit DQ; x : (..., m) the other states (velocities, joints)
    h : step (s)
    f : (q̂, x) → (ω̂ (..., 8) body twist, ẋ (..., m))

    Returns
    -------
    (q̂ (..., 8) renormalised, x (..., m)) at t + h. The pose stays on the group (exp of the
    algebra element, then :func:`~.dualquat.dqnormalize` against round-off).
    """
    w1, k1 = f(qhat, x)
    a1 = 0.5 * h * w1
    th = 0.5 * a1
    w2, k2 = f(dqmul(qhat, dqexp(th)), x + 0.5 * h * k1)
    a2 = _dexpinv(th, 0.5 * h * w2)
    th = 0.5 * a2
    w3, k3 = f(dqmul(qhat, dqexp(th)), x + 0.5 * h * k2)
    a3 = _dexpinv(th, 0.5 * h * w3)
    th = a3
    w4, k4 = f(dqmul(qhat, dqexp(th)), x + h * k3)
    a4 = _dexpinv(th, 0.5 * h * w4)
    theta = (a1 + 2.0 * a2 + 2.0 * a3 + a4) / 6.0
    return dqnormalize(dqmul(qhat, dqexp(theta))), x + h * (k1 + 2.0 * k2 + 2.0 * k3 + k4) / 6.0
