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

The curve is periodic and never stops. The ``stop_time`` / ``stop_duration`` options (t_b, T_d)
append a stopping segment: from t_b the phase rate decays to rest along the quintic
"smootherstep" S(x) = 6x⁵ − 15x⁴ + 10x³, x = (t − t_b)/T_d,

    u̇ = u̇(t_b) (1 − S(x)),   u = u(t_b) + u̇(t_b) T_d (x − x⁶ + 3x⁵ − 5x⁴/2),

so that u̇, ü and the jerk are continuous at both ends (S' = S'' = 0 there; at t_b only if the
smooth start's transient is over, e^{−t_b/T_s} ≈ 0), the EE comes to rest on the curve after
travelling u̇(t_b) T_d / 2 more phase, and stays there. Peak |ü| = 1.875 u̇(t_b) / T_d.
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
                 center=(0.3, 0.0, 0.7), smooth_start: float = 0.0,
                 stop_time: float = math.inf, stop_duration: float = 0.0):
        if not (radius > 0 and math.isfinite(radius) and math.isfinite(rate)
                and smooth_start >= 0):
            raise ValueError(f"viviani: radius = {radius} must be > 0, rate = {rate} finite, "
                             f"smooth_start = {smooth_start} >= 0")
        if not (stop_time >= 0.0 and stop_duration >= 0.0 and math.isfinite(stop_duration)
                and (math.isinf(stop_time) or stop_duration > 0.0)):
            raise ValueError(f"viviani: stop_time = {stop_time} s must be >= 0 (inf: no stop) "
                             f"and stop_duration = {stop_duration} s finite, > 0 with a stop")
        self.radius = float(radius)
        self.rate = float(rate)
        self.phase = float(phase)
        self.center = np.asarray(center, dtype=float).reshape(3)
        self.smooth_start = float(smooth_start)
        self.stop_time = float(stop_time)
        self.stop_duration = float(stop_duration)

    @property
    def period(self) -> float:
        """4π/ζ (s)."""
        return 4.0 * math.pi / abs(self.rate)

    @property
    def end_time(self) -> float:
        """When the EE comes to rest (s): t_b + T_d, inf without a stop."""
        return self.stop_time + self.stop_duration

    def timing(self, t) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(u, u̇, ü) at time(s) t (rad, rad/s, rad/s²): the phase of eq. (51) with the re-timed
        start and the stop; u̇/ζ is 0 at rest and 1 at the paper's speed."""
        return self._u(t)

    def _u(self, t):
        """Phase u (the re-timed start and the stop included) and its first two derivatives."""
        t = np.asarray(t, dtype=float)
        if math.isinf(self.stop_time):
            return self._u_run(t)
        tb, td = self.stop_time, self.stop_duration
        u, ud, udd = (np.array(x, dtype=float, ndmin=1) for x in self._u_run(np.atleast_1d(t)))
        ub, udb, _ = (float(x) for x in self._u_run(np.float64(tb)))
        late = np.atleast_1d(t) > tb
        x = np.clip((np.atleast_1d(t)[late] - tb) / td, 0.0, 1.0)
        x2 = x * x
        x3 = x2 * x
        smooth = x3 * (10.0 - 15.0 * x + 6.0 * x2)  # S(x)
        u[late] = ub + udb * td * (x - x3 * x * (2.5 - 3.0 * x + x2))  # ∫₀ˣ (1 − S)
        ud[late] = udb * (1.0 - smooth)
        udd[late] = -udb * 30.0 * x2 * (1.0 - x) ** 2 / td  # S'(x) = 30 x² (1 − x)²
        return u.reshape(t.shape), ud.reshape(t.shape), udd.reshape(t.shape)

    def _u_run(self, t):
        """Phase u = ζt (or the re-timed start) and its first two derivatives, no stop."""
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
