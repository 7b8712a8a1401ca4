"""Fixed-step RK4 simulation of the reduced model (the paper's "ode4", note §3.5 algorithm) and the
paper's two test inputs (note §4.4, §4.5).

The state is (q, q̇) (..., 8) each; the input is either motor torques u (14) or generalized forces
τ (8) as a function of time and state. Leading batch axes run several simulations at once (one
numpy pass per stage): the yaw manoeuvre in both modes, for example.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from ...errors import StateError

__all__ = [
    "SimulationResult",
    "simulate",
    "pitch_motion",
    "yaw_manoeuvre_torques",
    "PITCH_PERIOD",
]

#: the pitch motion's period (s), note §4.5
PITCH_PERIOD = 0.3


@dataclass
class SimulationResult:
    """Times (n,) s, q (n, ..., 8), v (n, ..., 8); ``stopped`` names why a run ended early
    (a leg leaving its workspace), else ''."""

    t: np.ndarray
    q: np.ndarray
    v: np.ndarray
    stopped: str = ""


def simulate(
    model,
    q0,
    v0,
    force: Callable,
    duration: float,
    dt: float = 1e-3,
    *,
    generalized: bool = False,
) -> SimulationResult:
    """Integrate M q̈ + C + G = τ by classical RK4 with step ``dt`` (s) for ``duration`` s.

    Parameters
    ----------
    model : QuadrupedTailModel
    q0, v0 : (..., 8) array_like
    force : callable
        ``force(t, q, v)`` → motor torques u (..., 14) (τ = Sᵀ u), or generalized forces τ
        (..., 8) when ``generalized``.
    duration, dt : float
        s.

    Returns
    -------
    SimulationResult
        The run up to ``duration``, or up to the last state before a leg left its workspace
        (``stopped`` holds the StateError's message).
    """
    q = np.array(model.check_state("q0", q0), dtype=float)
    v = np.array(model.check_velocity("v0", v0), dtype=float)
    q, v = np.broadcast_arrays(q, v)
    q, v = q.copy(), v.copy()
    n = int(round(duration / dt))

    def accel(t, qq, vv):
        f = np.asarray(force(t, qq, vv), dtype=float)
        tau = f if generalized else model.generalized_forces(qq, f)
        return model.forward_dynamics(qq, vv, tau)

    ts, qs, vs = [0.0], [q.copy()], [v.copy()]
    stopped = ""
    for i in range(n):
        t = i * dt
        try:
            k1q, k1v = v, accel(t, q, v)
            k2q = v + 0.5 * dt * k1v
            k2v = accel(t + 0.5 * dt, q + 0.5 * dt * k1q, k2q)
            k3q = v + 0.5 * dt * k2v
            k3v = accel(t + 0.5 * dt, q + 0.5 * dt * k2q, k3q)
            k4q = v + dt * k3v
            k4v = accel(t + dt, q + dt * k3q, k4q)
        except StateError as exc:
            stopped = f"t = {t:.4f} s: {exc}"
            break
        q = q + dt / 6.0 * (k1q + 2.0 * k2q + 2.0 * k3q + k4q)
        v = v + dt / 6.0 * (k1v + 2.0 * k2v + 2.0 * k3v + k4v)
        ts.append((i + 1) * dt)
        qs.append(q.copy())
        vs.append(v.copy())
    return SimulationResult(np.array(ts), np.array(qs), np.array(vs), stopped)


def pitch_motion(t, q0=(0.2, 0.3, 0.4, 0.0, 0.0, 0.0, 0.0, 0.0)):
    """The paper's inverse-model test (note §4.5): (q_d, q̇_d, q̈_d) (..., 8) each at times t (...)
    s: φ_x = (π/36) sin(2π t/0.3), θ_tb = (π/18) sin(2π t/0.3 + π), the rest at q0."""
    t = np.asarray(t, dtype=float)
    w = 2.0 * np.pi / PITCH_PERIOD
    q = np.broadcast_to(np.asarray(q0, dtype=float), t.shape + (8,)).copy()
    v = np.zeros(t.shape + (8,))
    a = np.zeros(t.shape + (8,))
    for idx, amp, ph in ((3, np.pi / 36.0, 0.0), (7, np.pi / 18.0, np.pi)):
        q[..., idx] += amp * np.sin(w * t + ph)
        v[..., idx] = amp * w * np.cos(w * t + ph)
        a[..., idx] = -amp * w * w * np.sin(w * t + ph)
    return q, v, a


def yaw_manoeuvre_torques(t) -> np.ndarray:
    """The paper's forward-model test torques (note §4.4) as the 14 motor torques (..., 14) N·m:
    τ_a = [θ_ha1, θ_ha2, θ_k1..4, θ_ta, θ_tb] = [0, 0, 15, 15, 20.5, 20.5, −7.7, −10 sin(31.4 t)],
    τ_p = 0."""
    from .model import ACTIVE

    t = np.asarray(t, dtype=float)
    u = np.zeros(t.shape + (14,))
    ta = np.stack(
        np.broadcast_arrays(0.0, 0.0, 15.0, 15.0, 20.5, 20.5, -7.7, -10.0 * np.sin(31.4 * t)),
        axis=-1,
    )
    u[..., list(ACTIVE)] = ta
    return u
