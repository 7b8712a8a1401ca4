"""Gain design from a natural frequency and a damping ratio (Khalil §9.3.1, §9.4.2.2).

Two closed loops are designed here:

* **Computed torque** (the linearised, decoupled double integrators q̈ = w of [9.23]): the error
  obeys ë + K_d ė + K_p e = 0 [9.25], a second-order system per joint, hence [9.26]
  ``K_p = ω_n²``, ``K_d = 2 ζ ω_n`` (units 1/s² and 1/s: w is an acceleration).
* **Independent joint control** on the decoupled model [9.6] ``Γ_j = a_j q̈_j + Fv_j q̇_j + γ_j``
  with ``a_j = max A_jj`` (the largest diagonal inertia seen by joint j over the workspace):

  - PD: ``a_j s² + (K_d + Fv_j) s + K_p`` = ``a_j (s² + 2 ζ ω_n s + ω_n²)`` gives
    ``K_p = a_j ω_n²``, ``K_d = 2 ζ a_j ω_n − Fv_j`` (N·m/rad, N·m·s/rad);
  - PID with the triple real pole ``a_j (s + ω_j)³`` of [9.9] gives [9.10]
    ``K_p = 3 a_j ω_j²``, ``K_d = 3 a_j ω_j − Fv_j``, ``K_I = a_j ω_j³``.

Every function validates its arguments (finite, ω > 0, ζ ≥ 0, a > 0) and returns float arrays.
"""

from __future__ import annotations

import numpy as np

from .laws import ControlError

__all__ = [
    "second_order_gains",
    "integral_gains",
    "decoupled_pd_gains",
    "pid_triple_pole_gains",
    "decoupled_inertia",
]


def _positive(name: str, x) -> np.ndarray:
    arr = np.atleast_1d(np.asarray(x, dtype=float))
    bad = np.flatnonzero(~(np.isfinite(arr) & (arr > 0.0)))
    if bad.size:
        raise ControlError(f"{name}[{int(bad[0])}] = {arr[bad[0]]}: must be finite and > 0")
    return arr


def _non_negative(name: str, x) -> np.ndarray:
    arr = np.atleast_1d(np.asarray(x, dtype=float))
    bad = np.flatnonzero(~(np.isfinite(arr) & (arr >= 0.0)))
    if bad.size:
        raise ControlError(f"{name}[{int(bad[0])}] = {arr[bad[0]]}: must be finite and >= 0")
    return arr


def second_order_gains(omega, zeta=1.0) -> tuple[np.ndarray, np.ndarray]:
    """(K_p, K_d) = (ω_n², 2 ζ ω_n) of the computed-torque error dynamics, Khalil [9.26].

    Parameters
    ----------
    omega : float or (n,) array
        Natural frequency ω_n (rad/s), > 0.
    zeta : float or (n,) array
        Damping ratio ζ (1: critically damped), ≥ 0.

    Returns
    -------
    kp, kd : arrays (1/s², 1/s), broadcast to a common shape
    """
    w = _positive("omega", omega)
    z = _non_negative("zeta", zeta)
    w, z = np.broadcast_arrays(w, z)
    return w * w, 2.0 * z * w


def integral_gains(omega, zeta=1.0) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(K_p, K_d, K_I) of computed torque with an integral term on w (the footnote of [9.24]).

    ``w = q̈_d + K_d ė + K_p e + K_I ∫e`` gives ``s³ + K_d s² + K_p s + K_I`` for the error, set
    to ``(s + ω)(s² + 2ζω s + ω²)``: ``K_d = (2ζ + 1) ω``, ``K_p = (2ζ + 1) ω²``, ``K_I = ω³``
    (ζ = 1: the triple pole of [9.9] with a_j = 1). Units 1/s², 1/s, 1/s³.
    """
    w = _positive("omega", omega)
    z = _non_negative("zeta", zeta)
    w, z = np.broadcast_arrays(w, z)
    return (2.0 * z + 1.0) * w * w, (2.0 * z + 1.0) * w, w**3


def decoupled_pd_gains(inertia, omega, zeta=1.0, viscous=0.0) -> tuple[np.ndarray, np.ndarray]:
    """(K_p, K_d) = (a ω_n², 2 ζ a ω_n − Fv) for the decoupled joint model [9.6].

    Parameters
    ----------
    inertia : (n,) array
        a_j, the inertia seen by each joint (kg·m² or kg), e.g. :func:`decoupled_inertia`.
    omega, zeta : float or (n,) array
        Natural frequency (rad/s) and damping ratio of the closed loop of each joint.
    viscous : float or (n,) array
        Fv_j (N·m·s/rad), the joint's own damping, subtracted from K_d (not below 0).

    Returns
    -------
    kp, kd : arrays (N·m/rad, N·m·s/rad)
    """
    a = _positive("inertia", inertia)
    kp, kd = second_order_gains(omega, zeta)
    fv = _non_negative("viscous", viscous)
    return a * kp, np.maximum(a * kd - fv, 0.0)


def pid_triple_pole_gains(inertia, omega, viscous=0.0) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(K_p, K_d, K_I) placing the three poles of [9.7] at −ω_j, Khalil [9.10].

    ``a_j s³ + (K_d + Fv_j) s² + K_p s + K_I = a_j (s + ω_j)³`` [9.8], [9.9].

    Returns
    -------
    kp, kd, ki : arrays (N·m/rad, N·m·s/rad, N·m/(rad·s))
    """
    a = _positive("inertia", inertia)
    w = _positive("omega", omega)
    fv = _non_negative("viscous", viscous)
    return 3.0 * a * w * w, np.maximum(3.0 * a * w - fv, 0.0), a * w**3


def decoupled_inertia(model, samples: int = 256, seed: int = 0) -> np.ndarray:
    """a_j = max A_jj(q) over random configurations within the joint limits ([9.6]).

    Parameters
    ----------
    model : modyn_model.RobotModel
    samples : int
        Number of random configurations (uniform in the limits; ±π where a joint has none).
    seed : int
        Seed of the generator (the result is reproducible).

    Returns
    -------
    (nv,) array (kg·m² or kg), rotor inertia included.
    """
    rng = np.random.default_rng(seed)
    lo = np.where(np.isfinite(model.lower), model.lower, -np.pi)
    hi = np.where(np.isfinite(model.upper), model.upper, np.pi)
    q = rng.uniform(lo, hi, size=(samples, model.nq))
    A = model.mass_matrix(q)
    return np.max(np.diagonal(A, axis1=-2, axis2=-1), axis=0)
