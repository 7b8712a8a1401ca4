"""Safe-hold gains from the model, their discrete stability at the plant rate, and the stiffness
of the joints' viscous damping (no rclpy; used by the ``hardware_interface`` node).

The safe hold is τ_k = Q(q_k) + Kp (q_h − q_k) − Kd q̇_k, computed once per plant step and held
over it (zero-order hold). Per joint, with gravity compensated and the coupling and friction left
out, the joint is an inertia I under that held PD. With h the step, e = q − q_h, y = h q̇ and the
dimensionless gains

    a = h² Kp / I,    b = h Kd / I,

one step of the continuous plant (a real arm; RK4 integrates this constant-acceleration step
exactly) and one of semi-implicit Euler (the built-in plant's and MuJoCo's Euler) are

    exact ZOH:  e⁺ = e + y − (a e + b y)/2,  y⁺ = y − (a e + b y)
                z² − (2 − a/2 − b) z + (1 − b + a/2) = 0
    Euler:      y⁺ = y − (a e + b y),        e⁺ = e + y⁺
                z² − (2 − a − b) z + (1 − b) = 0

and the Jury conditions (both roots inside the unit circle) are

    exact ZOH:  a > 0,  b < 2,  a < 2b          (Kp h / 2 < Kd < 2 I / h)
    Euler:      a > 0,  b < 2,  a + 2b < 4      (Kp h² + 2 Kd h < 4 I)

so Kd·h/I < 2 alone is not enough: a stiff Kp needs Kd > Kp h / 2 (a held spring without
damping is unstable under a zero-order hold), and Kp and Kd share the Euler bound. The hold must
be stable on any plant, so :func:`check_hold_gains` accepts gains inside both regions with a
factor 2 of margin,

    a ≤ b   and   a + 2b ≤ 2,

and adjusts the others (with a sentence naming the joint and the values): Kd is raised to Kp h
where a > b, then both gains are scaled down to a + 2b = 2 where that is exceeded. The inertia I
is the joint's *effective* inertia 1/(A⁻¹)_jj, the one its own torque sees when the other joints
are free (they are: the hold acts on all of them), which is at most A_jj; its smallest value
over the poses checked is used. For any symmetric A, λ_max(A⁻¹ Kd) ≥ Kd_j (A⁻¹)_jj, so a joint
that fails b < 2 with its effective inertia makes the coupled hold unstable too. Finally the
coupled 2n×2n maps (both schemes, with the full A(q)) are checked at every pose: the spectral
radius must stay below 1 (:func:`hold_spectral_radius`).

The default hold (both gains left empty; applied by the node) has no per-joint gains:

    τ = Q(q) + A(q_h) [ω² (q_h − q) − 2 ζ ω q̇],

A(q_h) (rotor inertia included) taken once, at the pose q_h where the hold begins. At q_h the
closed loop is A q̈ = A (−ω² e − 2ζω q̇): every mode, whatever the coupling, is the same
second-order response of bandwidth ω and damping ratio ζ, so its discrete stability is that of
a single joint with a = (ωh)², b = 2ζωh, checked once for (ω, ζ, dt):
:func:`check_mass_matrix_hold` lowers ω into the region with margin (ωh ≤ 2ζ and
(ωh)² + 4ζωh ≤ 2) if needed. With ω = 20 rad/s, ζ = 1 at 1 kHz: a = 4e-4, b = 0.04. Why not the
diagonal Kp_j = ω² A_jj: on xarm7 (example-robot-data) the coupled b = h·λ_max(A⁻¹ Kd) of those
gains reaches 4.7 at 1 kHz with ω = 20 rad/s (poses where the joint axes 1, 3, 5 and 7 line up:
A_jj is up to 61 times the effective inertia), an unstable hold.

Per-joint defaults (:func:`default_hold_gains`) are still needed: for the soft position and
velocity limits (a spring and a damper per joint) and for the gain left empty when only the
other one is given. They are Kp_j = ω² I_j, Kd_j = 2 ζ ω I_j with I_j the largest A_jj over the
poses (at least the asked stiffness at every pose), then capped by :func:`check_hold_gains` where
the joint's smallest effective inertia puts them outside the region (xarm7 at 1 kHz, ω = 20
rad/s: joints 1 and 3, whose largest A_jj is about 150 and 120 times their smallest effective
inertia); the node lists the capped joints in its start-up line rather than warning about its
own defaults.

The poses (:func:`sample_poses`) are the hold's likely start (the initial positions) and 63
pseudo-random poses within the position limits (a fixed seed: the same gains every start); for
a model with ``check_workspace(q)`` (e.g. a Stewart platform, whose coordinates have no limits
but whose legs have strokes) only poses inside its workspace, around the initial positions.

Any mechanism (:mod:`modyn_model.contract`): "joint" above is a velocity coordinate (the gains,
inertias and names are per velocity coordinate, nv of them, ``model.velocity_names``), A(q) is
``model.mass_matrix``, and the poses are configurations (nq). When the configuration space is not
a vector space (nq ≠ nv, e.g. a quaternion), the random poses are ``model.integrate(neutral,
δ, 1)`` with δ uniform in [−π, π] per velocity coordinate (every orientation is reached), since
uniform coordinates within limits would not be configurations. The viscous-damping check reads
the per-joint ``viscous`` of a tree model; a model without it has none to check.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from .checks import is_vector_space

__all__ = [
    "HoldGains",
    "check_hold_gains",
    "check_mass_matrix_hold",
    "damping_stiffness",
    "default_hold_gains",
    "effective_inertia",
    "hold_spectral_radius",
    "sample_poses",
]

#: margin factor on the stability region (a ≤ b instead of a < 2b, a + 2b ≤ 2 instead of 4)
MARGIN = 2.0
#: explicit-damping stability bounds on dt·Fv/I: forward/semi-implicit Euler, classical RK4
EXPLICIT_BOUNDS = {"semi_implicit_euler": 2.0, "rk4": 2.785293563405282}


@dataclass(frozen=True)
class HoldGains:
    """Safe-hold gains in model order and what was done to get them.

    Attributes
    ----------
    kp, kd : (nv,) ndarray
        N·m/rad (N/m) and N·m·s/rad (N·s/m), per velocity coordinate.
    inertia : (nv,) ndarray
        The smallest effective inertia 1/(A⁻¹)_jj over the poses (kg·m² or kg).
    notes : tuple of str
        One sentence per adjusted joint (for a warning), empty when the gains were accepted.
    adjusted : tuple of str
        The names of the adjusted joints.
    """

    kp: np.ndarray
    kd: np.ndarray
    inertia: np.ndarray
    notes: tuple[str, ...] = ()
    adjusted: tuple[str, ...] = ()


def sample_poses(model, q0: np.ndarray, count: int = 64, seed: int = 0) -> np.ndarray:
    """(count, nq) configurations: ``q0`` and ``count − 1`` pseudo-random ones.

    A vector space (nq = nv, ``integrate`` is q + v·dt): uniform within the position limits; a
    coordinate without limits spans [−π, π], or [−1, 1] m for a tree's prismatic joint (where the
    model has Khalil's ``sigma``). Otherwise ``model.integrate(neutral, δ, 1)``, δ uniform in
    [−π, π]^nv (see the module docstring)."""
    rng = np.random.default_rng(seed)
    if not is_vector_space(model):
        delta = rng.uniform(-math.pi, math.pi, (count, model.nv))
        neutral = np.broadcast_to(model.neutral(), (count, model.nq))
        poses = np.array(model.integrate(neutral, delta, 1.0), dtype=float)
        poses[0] = q0
        return poses
    lo = np.asarray(model.lower, dtype=float)
    hi = np.asarray(model.upper, dtype=float)
    sigma = getattr(model, "sigma", None)  # a tree's joint types: prismatic spans a metre
    span = (
        np.full(model.nq, math.pi)
        if sigma is None
        else np.where(np.asarray(sigma) == 0, math.pi, 1.0)
    )
    check = getattr(model, "check_workspace", None)
    if callable(check):
        return _workspace_poses(model, check, q0, lo, hi, span, count, rng)
    lo = np.where(np.isfinite(lo), lo, -span)
    hi = np.where(np.isfinite(hi), hi, span)
    poses = rng.uniform(lo, hi, (count, model.nq))
    poses[0] = q0
    return poses


def _workspace_poses(model, check, q0, lo, hi, span, count: int, rng) -> np.ndarray:
    """Poses of a model with a workspace of its own (the optional ``check_workspace(q)``, e.g. a
    parallel mechanism's actuator strokes): uniform within the limits and within ``span`` of
    ``q0`` (not of zero: a platform's height is not near 0), the span shrinking by 0.7 each
    round, kept only where ``check_workspace`` accepts them, so the gains are sized on poses the
    mechanism can take. Fewer than ``count`` found in 16 rounds: those (at least ``q0``)."""
    from modyn_model.errors import StateError

    q0 = np.asarray(q0, dtype=float)
    kept = [q0]
    for _ in range(16):
        # the box shrinks about q0 each round: a workspace that is a small part of q0 ± π per
        # coordinate (a platform's tilt limit) is still sampled, nearer its start pose
        low = np.maximum(np.where(np.isfinite(lo), lo, -np.inf), q0 - span)
        high = np.minimum(np.where(np.isfinite(hi), hi, np.inf), q0 + span)
        span = 0.7 * span
        for q in rng.uniform(low, high, (4 * count, model.nq)):
            try:
                check(q)
            except StateError:
                continue
            kept.append(q)
            if len(kept) == count:
                return np.array(kept)
    return np.array(kept)


def effective_inertia(model, poses: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Per velocity coordinate j, over ``poses``: (max A_jj, min 1/(A⁻¹)_jj), kg·m² or kg.

    A_jj is the inertia joint j moves when the others are held still; 1/(A⁻¹)_jj the one its
    torque sees when the others are free (the Schur complement of the rest of A)."""
    A = model.mass_matrix(poses)  # (count, nv, nv), rotor inertia included
    diag = np.einsum("kjj->kj", A)
    eff = 1.0 / np.einsum("kjj->kj", np.linalg.inv(A))
    return diag.max(axis=0), eff.min(axis=0)


def default_hold_gains(
    model, poses: np.ndarray, bandwidth: float, damping_ratio: float
) -> tuple[np.ndarray, np.ndarray]:
    """Per-joint Kp = I ω², Kd = 2 ζ ω I with I the largest A_jj over ``poses`` (before the cap
    of :func:`check_hold_gains`, see the module docstring).

    Parameters
    ----------
    bandwidth : float
        ω (rad/s), > 0.
    damping_ratio : float
        ζ (dimensionless), > 0.
    """
    inertia, _ = effective_inertia(model, poses)
    return inertia * bandwidth**2, inertia * (2.0 * damping_ratio * bandwidth)


def check_mass_matrix_hold(
    bandwidth: float, damping_ratio: float, dt: float
) -> tuple[float, str | None]:
    """The bandwidth ω (rad/s) to use for the mass-matrix hold at the step ``dt`` (s): the given
    one when a = (ωh)², b = 2ζωh satisfy a ≤ b and a + 2b ≤ 2 (the stability region with a
    factor 2 of margin), else the largest ω that does, with a sentence saying so."""
    wh = bandwidth * dt
    a, b = wh * wh, 2.0 * damping_ratio * wh
    if a <= b and a + 2.0 * b <= 2.0:
        return bandwidth, None
    # ωh ≤ 2ζ (a ≤ b) and (ωh)² + 4ζ(ωh) − 2 ≤ 0
    zeta = damping_ratio
    limit = min(2.0 * zeta, -2.0 * zeta + math.sqrt(4.0 * zeta * zeta + 2.0))
    new = limit / dt
    return new, (
        f"safe hold: hold_bandwidth {bandwidth:g} rad/s with hold_damping_ratio {zeta:g} at "
        f"dt = {dt:g} s gives h²ω² = {a:.3g}, 2ζωh = {b:.3g}, outside the discrete stability "
        f"region with margin (h²ω² ≤ 2ζωh, h²ω² + 4ζωh ≤ 2); using {new:.6g} rad/s"
    )


def _discrete_maps(A: np.ndarray, kp: np.ndarray, kd: np.ndarray, h: float):
    """The 2n×2n one-step maps of (e, h q̇) under the held PD: exact ZOH and semi-implicit
    Euler (module docstring, with the full A)."""
    n = len(kp)
    Ainv = np.linalg.inv(A)
    Ka = h * h * Ainv * kp  # A⁻¹ Kp h² (Kp diagonal: column scaling)
    Kb = h * Ainv * kd
    eye = np.eye(n)
    zoh = np.block([[eye - 0.5 * Ka, eye - 0.5 * Kb], [-Ka, eye - Kb]])
    euler = np.block([[eye - Ka, eye - Kb], [-Ka, eye - Kb]])
    return zoh, euler


def hold_spectral_radius(
    model, poses: np.ndarray, kp: np.ndarray, kd: np.ndarray, dt: float
) -> tuple[float, int]:
    """The largest spectral radius of the coupled held-PD maps (both schemes) over ``poses``
    and the index of that pose. Below 1: the linearised hold converges at every pose."""
    worst, where = 0.0, 0
    for k, A in enumerate(model.mass_matrix(poses)):
        for phi in _discrete_maps(A, kp, kd, dt):
            rho = float(np.max(np.abs(np.linalg.eigvals(phi))))
            if rho > worst:
                worst, where = rho, k
    return worst, where


def check_hold_gains(
    model,
    kp: np.ndarray,
    kd: np.ndarray,
    dt: float,
    poses: np.ndarray,
    *,
    given: str = "given",
) -> HoldGains:
    """Accept ``kp``, ``kd`` (model order) or adjust them into the discrete stability region
    at the step ``dt`` (s), with the margin of the module docstring.

    Returns
    -------
    HoldGains
        The gains to use and, per adjusted joint, a sentence naming the joint, the gains it was
        given, a = h²Kp/I, b = h·Kd/I, the effective inertia, dt and the gains used instead.
    """
    names = tuple(model.velocity_names)
    _, inertia = effective_inertia(model, poses)
    kp = np.array(kp, dtype=float)
    kd = np.array(kd, dtype=float)
    notes, adjusted = [], []
    for j in range(model.nv):
        a = dt * dt * kp[j] / inertia[j]
        b = dt * kd[j] / inertia[j]
        if a <= b * (2.0 / MARGIN) and a + 2.0 * b <= 4.0 / MARGIN:
            continue
        new_kp, new_kd = kp[j], kd[j]
        why = []
        if a > b * (2.0 / MARGIN):
            why.append(f"h²Kp/I = {a:.3g} > h·Kd/I = {b:.3g} (needs Kd > Kp·h/2)")
            new_kd = new_kp * dt * (MARGIN / 2.0)
        a2 = dt * dt * new_kp / inertia[j]
        b2 = dt * new_kd / inertia[j]
        if a2 + 2.0 * b2 > 4.0 / MARGIN:
            if not why:
                why.append(f"h²Kp/I + 2h·Kd/I = {a2 + 2.0 * b2:.3g} > 2 (h·Kd/I = {b2:.3g})")
            scale = (4.0 / MARGIN) / (a2 + 2.0 * b2)
            new_kp *= scale
            new_kd *= scale
        notes.append(
            f"safe hold of joint '{names[j]}': {given} Kp = {kp[j]:.6g}, Kd = {kd[j]:.6g} "
            f"on an effective inertia I = {inertia[j]:.4g} at dt = {dt:g} s is outside the "
            f"discrete stability region with margin ({'; '.join(why)}); using Kp = "
            f"{new_kp:.6g}, Kd = {new_kd:.6g}"
        )
        kp[j], kd[j] = new_kp, new_kd
        adjusted.append(names[j])
    # the coupled check: the per-joint conditions do not bound the coupling terms
    for _ in range(40):
        rho, k = hold_spectral_radius(model, poses, kp, kd, dt)
        if rho < 1.0:
            break
        kp *= 0.5
        kd *= 0.5
        notes.append(
            f"safe hold: the coupled PD map has spectral radius {rho:.6g} >= 1 at pose "
            f"{np.round(poses[k], 3).tolist()} (dt = {dt:g} s); all per-joint hold gains halved"
        )
    kp.flags.writeable = False
    kd.flags.writeable = False
    return HoldGains(kp=kp, kd=kd, inertia=inertia, notes=tuple(notes), adjusted=tuple(adjusted))


def damping_stiffness(model, dt: float, poses: np.ndarray, bound: float = 2.0) -> list[str]:
    """One sentence per joint whose viscous damping an explicit scheme could not integrate at
    ``dt``: dt·Fv/I_eff ≥ ``bound`` (2 for Euler, 2.785 for RK4; :data:`EXPLICIT_BOUNDS`), I_eff
    the joint's smallest effective inertia over ``poses``.

    The decay rate of the damped mode is an eigenvalue of A⁻¹D, and λ_max(A⁻¹D) ≥
    Fv_j (A⁻¹)_jj for every j, so each joint named here makes the explicit step unstable.
    """
    viscous = getattr(model, "viscous", None)  # a tree's per-joint Fv (not in the contract)
    if viscous is None:
        return []
    fv = np.asarray(viscous, dtype=float)
    if not np.any(fv > 0.0):
        return []
    _, inertia = effective_inertia(model, poses)
    ratio = dt * fv / inertia
    names = tuple(model.velocity_names)
    return [
        f"joint '{names[j]}': viscous damping Fv = {fv[j]:g} N·m·s/rad on an "
        f"effective inertia of {inertia[j]:.4g} kg·m² at dt = {dt:g} s gives dt·Fv/I = "
        f"{ratio[j]:.3g} >= {bound:g}"
        for j in np.flatnonzero(ratio >= bound)
    ]
