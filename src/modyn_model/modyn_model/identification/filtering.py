"""Data preparation for identification: checks, zero-phase low-pass, q̇ and q̈ from positions,
decimation (Gautier 1997, "Dynamic identification of robots with power model"; Khalil §12.5).

A measured position is noisy; differentiating it twice amplifies the noise by ω² at pulsation ω.
So q is first low-passed by a Butterworth filter run forward and backward (``filtfilt``: zero
phase, so q̇ and q̈ stay aligned with τ, the order doubled), with a cut-off well above the
motion's bandwidth (Gautier: ω_c ≈ 5-10 × the highest harmonic) and well below Nyquist; q̇ and q̈
are then central differences. τ carries high-frequency content that the filtered q̈ no longer
has, so τ and the regressor are filtered alike before keeping one sample in ``factor``
("parallel decimation": W(q, q̇, q̈) is built from the filtered signals, and τ gets the same
low-pass as the q̈ it is compared with, which is what keeps W χ = τ consistent).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..errors import ModynError

__all__ = [
    "IdentificationError",
    "PreparedData",
    "check_samples",
    "lowpass",
    "differentiate",
    "prepare",
]


class IdentificationError(ModynError):
    """Data or a regressor that cannot identify the parameters; the message names the problem
    (joint, field, sample, parameter)."""


@dataclass(frozen=True)
class PreparedData:
    """Samples ready for the regressor.

    Attributes
    ----------
    t : (N,) s
    q, v, a : (N, n)
        Filtered positions and their derivatives (rad, rad/s, rad/s²).
    tau : (N, n)
        Filtered, decimated joint torques (N·m).
    """

    t: np.ndarray
    q: np.ndarray
    v: np.ndarray
    a: np.ndarray
    tau: np.ndarray


def check_samples(t, q, tau, joint_names, where: str = "recording") -> None:
    """Raise :class:`IdentificationError` naming the joint, the field and the time of the first
    NaN/inf, for non-increasing times, or for too few samples."""
    t = np.asarray(t, dtype=float)
    if t.ndim != 1 or t.size < 20:
        raise IdentificationError(f"{where}: {t.size} samples; identification needs a run")
    for field, x in (("position", q), ("effort", tau)):
        x = np.asarray(x, dtype=float)
        if x.shape != (t.size, len(joint_names)):
            raise IdentificationError(
                f"{where}: {field} has shape {x.shape}, expected ({t.size}, {len(joint_names)}) "
                f"for joints {list(joint_names)}"
            )
        bad = ~np.isfinite(x)
        if bad.any():
            i, j = np.argwhere(bad)[0]
            raise IdentificationError(
                f"{where}: {field} of joint '{joint_names[j]}' is {x[i, j]} at t = {t[i]:.6g} s "
                f"(sample {i}; {int(bad.sum())} non-finite values in all); clean or cut the "
                "recording"
            )
    dt = np.diff(t)
    if np.any(dt <= 0):
        i = int(np.flatnonzero(dt <= 0)[0])
        raise IdentificationError(
            f"{where}: time does not increase at sample {i + 1} (t = {t[i]:.9g} then "
            f"{t[i + 1]:.9g} s): duplicated or reordered messages"
        )


def lowpass(x, cutoff: float, rate: float, order: int = 4) -> np.ndarray:
    """Zero-phase Butterworth low-pass of ``x`` (N, ...) along axis 0 (``filtfilt``).

    Parameters
    ----------
    cutoff : float
        Hz, below the Nyquist frequency rate/2.
    rate : float
        Sampling rate (Hz).
    order : int
        Of the Butterworth filter (run twice: the amplitude response is squared).
    """
    from scipy.signal import butter, filtfilt

    if not 0.0 < cutoff < 0.5 * rate:
        raise IdentificationError(
            f"low-pass cut-off {cutoff} Hz must be within (0, {0.5 * rate}) Hz at {rate} Hz"
        )
    b, a = butter(order, cutoff / (0.5 * rate))
    return filtfilt(b, a, np.asarray(x, dtype=float), axis=0)


def differentiate(q, rate: float) -> tuple[np.ndarray, np.ndarray]:
    """(q̇, q̈) of uniformly sampled q (N, n) by central differences (second order inside,
    first order at the ends)."""
    dt = 1.0 / rate
    v = np.gradient(q, dt, axis=0)
    return v, np.gradient(v, dt, axis=0)


def prepare(
    t,
    q,
    tau,
    joint_names,
    *,
    cutoff: float = 10.0,
    tau_cutoff: float | None = None,
    decimate: int = 10,
    trim: float = 0.2,
    where: str = "recording",
) -> PreparedData:
    """From measured (t, q, τ) to decimated (q, q̇, q̈, τ) for the regressor.

    Parameters
    ----------
    t : (N,) s, uniformly sampled (checked within 1 %)
    q, tau : (N, n)
    cutoff : float
        Hz, of the position low-pass.
    tau_cutoff : float, optional
        Hz, of the torque low-pass (default ``cutoff``: τ filtered as q̈ is).
    decimate : int
        Keep one sample in ``decimate`` after the filters.
    trim : float
        s cut at both ends (filtfilt's edge transients).
    """
    check_samples(t, q, tau, joint_names, where)
    t = np.asarray(t, dtype=float)
    dt = np.diff(t)
    step = float(np.median(dt))
    if np.max(np.abs(dt - step)) > 0.01 * step:
        i = int(np.argmax(np.abs(dt - step)))
        raise IdentificationError(
            f"{where}: samples are not uniform: step {dt[i]:.6g} s at t = {t[i]:.6g} s against "
            f"{step:.6g} s (lost messages?); identification needs a uniform rate"
        )
    rate = 1.0 / step
    qf = lowpass(q, cutoff, rate)
    v, a = differentiate(qf, rate)
    tf = lowpass(tau, tau_cutoff or cutoff, rate)
    edge = int(round(trim * rate))
    keep = slice(edge, t.size - edge, max(1, int(decimate)))
    if t[keep].size < 10:
        raise IdentificationError(f"{where}: {t.size} samples are too few after trimming {trim} s")
    return PreparedData(t[keep], qf[keep], v[keep], a[keep], tf[keep])
