"""The Viviani curve of the paper's §5.2 (eq. (51)): the end-effector's 3-D figure-eight.

    x = r [1 + cos(ζt + θ_m)] + x₀,  y = r sin(ζt + θ_m) + y₀,  z = 2 r sin(ζt/2 + θ_m/2) + z₀   (51)

Paper values: r = 0.1 m, ζ = 1 rad/s, θ_m = 0, (x₀, y₀, z₀) = (0.3, 0, 0.7) m. With a = ζt + θ_m,
|p − (x₀, y₀, z₀)|² = r² (1 + cos a)² + r² sin² a + 4 r² sin²(a/2) = 4 r²: the curve lies on the
sphere of radius 2r centred at (x₀, y₀, z₀) (note §10.3); period 4π/ζ; start and self-crossing
(x₀ + 2r, y₀, z₀). The frame of eq. (51) is not stated (A32): the
inertial frame is the default here.

The reference velocity at t = 0 is (0, rζ, rζ) ≠ 0 while the arm starts at rest (A32). The
``smooth_start`` option re-times the curve with u(t) = ζ (t − T_s (1 − e^{−t/T_s})) — a phase
that starts at rest (u̇(0) = 0, ü(0) = ζ/T_s) and converges to ζt − ζT_s — so the reference is
continuous in velocity; the default is the paper's raw eq. (51).
"""

from __future__ import annotations

import math

import numpy as np

__all__ = ["Viviani"]


class Viviani:
    """Position, velocity and acceleration of eq. (51) (m, m/s, m/s²).

    Parameters
    ----------
    radius : float
        r (m), 0.1 in the paper.
    rate : float
        ζ (rad/s), 1 in the paper.
    phase : float
        θ_m (rad), 0 in the paper.
    center : (3,) array_like
        (x₀, y₀, z₀) (m), (0.3, 0, 0.7) in the paper.
    smooth_start : float
        T_s (s) of the re-timed start (0: the paper's curve, the default).
    """

    def __init__(self, radius: float = 0.1, rate: float = 1.0, phase: float = 0.0,
                 center=(0.3, 0.0, 0.7), smooth_start: float = 0.0):
        if not (radius > 0 and math.isfinite(radius) and math.isfinite(rate)
                and smooth_start >= 0):
            raise ValueError(f"viviani: radius = {radius} must be > 0, rate = {rate} finite, "
                             f"smooth_start = {smooth_start} >= 0")
        self.radius = float(radius)
        self.rate = float(rate)
        self.phase = float(phase)
        self.center = np.asarray(center, dtype=float).reshape(3)
        self.smooth_start = float(smooth_start)

    @property
    def period(self) -> float:
        """4π/ζ (s)."""
        return 4.0 * math.pi / abs(self.rate)

    def _u(self, t):
        """Phase u = ζt (or the re-timed one) and its first two derivatives."""
        t = np.asarray(t, dtype=float)
        if self.smooth_start <= 0.0:
            return self.rate * t, np.full_like(t, self.rate), np.zeros_like(t)
        ts = self.smooth_start
        e = np.exp(-t / ts)
        return (self.rate * (t - ts * (1.0 - e)), self.rate * (1.0 - e), self.rate * e / ts)

    def evaluate(self, t) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(p, ṗ, p̈), each (..., 3), at time(s) t (s)."""
        r = self.radius
        u, ud, udd = self._u(t)
        a = u + self.phase
        h = 0.5 * a
        p = np.stack([r * (1 + np.cos(a)), r * np.sin(a), 2 * r * np.sin(h)], axis=-1)
        dp_du = np.stack([-r * np.sin(a), r * np.cos(a), r * np.cos(h)], axis=-1)
        d2p_du2 = np.stack([-r * np.cos(a), -r * np.sin(a), -0.5 * r * np.sin(h)], axis=-1)
        ud = np.asarray(ud)[..., None]
        udd = np.asarray(udd)[..., None]
        return p + self.center, dp_du * ud, d2p_du2 * ud**2 + dp_du * udd
