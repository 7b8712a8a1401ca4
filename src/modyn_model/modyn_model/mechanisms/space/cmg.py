"""A cluster of variable-speed control-moment gyros (VSCMGs) on the base: dynamics and steering.

Model (paper eqs. (36)–(41) reconstructed as note §8.2 — the paper's D̂_BP and its "w" term are
undefined, errata A16/A17). Unit i has a constant gimbal axis ĝᵢ (base frame), a spin axis
ŝᵢ(γᵢ) and a transverse axis t̂ᵢ = ĝᵢ × ŝᵢ turning with the gimbal angle γᵢ::

    ŝᵢ(γ) = cos(γ−γ₀ᵢ) ŝ₀ᵢ + sin(γ−γ₀ᵢ) t̂₀ᵢ,   t̂ᵢ(γ) = −sin(γ−γ₀ᵢ) ŝ₀ᵢ + cos(γ−γ₀ᵢ) t̂₀ᵢ
    ŝ̇ᵢ = γ̇ᵢ t̂ᵢ,   t̂̇ᵢ = −γ̇ᵢ ŝᵢ

The columns of A_s, A_t, A_g (3×K) are these unit vectors. The cluster's internal angular
momentum in base axes (the rest of the units' inertia rotates rigidly with the base and is
lumped into the base inertia J, as the paper's Σ M̂_PB of eq. (37))::

    h = A_s I_ws Ω + A_g I_cg γ̇                                               (note §8.2)

with I_ws = diag(wheel spin inertias), I_cg = diag(gimbal-axis inertias), Ω the wheel speeds
relative to their gimbals. The torque the cluster exerts on the base (base axes) is minus the
inertial rate of h::

    u_cmg = −(ḣ + ω × h),
    ḣ + ω × h = A_g I_cg γ̈ + (A_t I_ws [Ω]_d + ω̃ A_g I_cg) γ̇ + A_s I_ws Ω̇ + ω̃ A_s I_ws Ω
              =      B γ̈      +             C γ̇                    +   E Ω̇   +      w           (40)

(B, C, E of eq. (40); the paper's undefined "w" is the gyroscopic drift ω̃ A_s I_ws Ω, which does
not multiply γ̇ and goes to the right-hand side of the steering equation). With a constant J,
J ω̇ + ω × J ω = T_ext + u_cmg conserves R (J ω + h) exactly when T_ext = 0 (tested). The model
neglects the change of the units' transverse inertia with γ (J_s ≠ J_t for the paper's Table 4
cylinder: 0.041 kg·m² per unit), as the note's reconstruction does.

Steering (eq. (41)–(42), with B γ̈ neglected as in ref. [25])::

    G [γ̇; Ω̇] = −u_d − w,   G = [C  E] ∈ R^{3×2K}                                    (41)
    [γ̇; Ω̇] = W Ĝᵀ (Ĝ W Ĝᵀ + λ R)⁻¹ (−u_d − w)/h₀                                   (42)
    λ = λ₀ exp(−μ m),   R = [[1, ε₃, ε₂], [ε₃, 1, ε₁], [ε₂, ε₁, 1]],   εᵢ = ε₀ sin(ω_ε t + φᵢ)

Corrections to eq. (42) (note §8.2, errata A18): the paper's λ = λ₀ exp(−μ det(G Gᵀ)) uses G in
physical units, where det(G Gᵀ) ~ (I_ws Ω₀)⁶ ≈ 4·10⁶ and λ would be 0 everywhere; here Ĝ = G/h₀,
h₀ = I_ws Ω₀, and m is the *gimbal-mode* singularity measure m = det(Ĉ Ĉᵀ), Ĉ = A_t [Ω/Ω₀]_d
(the VSCMG's full G never loses rank, its CMG part does). The paper's "weighted norm" names no
weight: W = diag(w_g 1_K, W_s 1_K) with W_s = w_s0 exp(−μ_s m) turns the wheels on near the
singular set (Schaub and Junkins's VSCMG steering). The εᵢ are time-varying (Wie 2005), the
paper calls them constants.

Saturation: the gimbal rates (|γ̇| ≤ γ̇_max) and wheel accelerations (|Ω̇| ≤ Ω̇_max) scale the
whole command by one factor (the torque keeps its direction), and a wheel at a speed limit is not
driven further. The result reports the torque actually realised.

Defaults (note §14, NOT from the paper, which gives only Table 4): 4 units in a pyramid with
skew β = 54.73°, ĝ = (sβ, 0, cβ), (0, sβ, cβ), (−sβ, 0, cβ), (0, −sβ, cβ); ŝ₀ horizontal
((0,1,0), (−1,0,0), (0,−1,0), (1,0,0): zero momentum at γ = 0); I_ws = 0.1233 and I_cg = 0.08221
kg·m² (Table 4); Ω₀ = 100 rad/s (h₀ ≈ 12.3 N·m·s); |γ̇| ≤ 1 rad/s; λ₀ = 0.01, μ = 10, ε₀ = 0.01,
ω_ε = π/2 rad/s, φ = (0, π/2, π).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass

import numpy as np

from ...errors import ModelError

__all__ = [
    "CMGError",
    "CMGCluster",
    "SteeringResult",
    "pyramid_axes",
    "PYRAMID_SKEW",
]

#: default pyramid skew angle (rad): 54.73°, the angle that makes the pyramid's momentum
#: envelope nearly spherical (note §14)
PYRAMID_SKEW = math.radians(54.73)

_DEFAULTS = {
    "skew_deg": 54.73,          # default (note §14)
    "spin_inertia": 0.1233,     # I_ws, kg·m²: Table 4 I_xx (the spin axis of the cylinder)
    "gimbal_inertia": 0.08221,  # I_cg, kg·m²: Table 4 I_yy = I_zz
    "unit_mass": 24.66,         # kg, Table 4 (looks like a default-density artefact, A30)
    "wheel_speed": 100.0,       # Ω₀, rad/s, default (note §14)
    "gimbal_rate_max": 1.0,     # rad/s, default (note §14)
    "gimbal_accel_max": 20.0,   # rad/s², default (not in the note: a rate servo's authority)
    "gimbal_time_constant": 0.02,  # s, first-order gimbal-rate servo, default
    "wheel_accel_max": 50.0,    # rad/s², default
    "wheel_speed_min": 20.0,    # rad/s, default: keep the wheels spinning (CMG authority)
    "wheel_speed_max": 200.0,   # rad/s, default
    "lambda0": 0.01,            # λ₀, default (Wie 2005)
    "mu": 10.0,                 # μ, default (Wie 2005)
    "epsilon0": 0.01,           # ε amplitude, default (Wie 2005)
    "epsilon_rate": math.pi / 2,  # rad/s, default (Wie 2005: 0.5 π t)
    "epsilon_phases": [0.0, math.pi / 2, math.pi],  # default (Wie 2005)
    "gimbal_weight": 1.0,       # w_g of W, default
    "wheel_weight0": 1000.0,    # w_s0 of W_s = w_s0 exp(−μ_s m), default
    "mu_wheel": 10.0,           # μ_s, default
    "singular_threshold": 0.05,  # m below which the diagnostic reports "near_singular"
    "mount_radius": 0.15,       # m, units at the side-face centres of the 0.3 m cube, default
}


class CMGError(ModelError):
    """Bad VSCMG cluster description; the message names the field and the value."""


@dataclass(frozen=True)
class SteeringResult:
    """One steering solution of eq. (42).

    Attributes
    ----------
    gimbal_rate : (K,) array
        Commanded γ̇ (rad/s), within ±γ̇_max.
    wheel_accel : (K,) array
        Commanded Ω̇ (rad/s²), within ±Ω̇_max.
    torque : (3,) array
        Torque on the base these give (N·m, base axes; −(C γ̇ + E Ω̇ + w)), B γ̈ neglected.
    measure : float
        Gimbal-mode singularity measure m = det(Ĉ Ĉᵀ) (1.19 for the pyramid at γ = 0).
    damping : float
        λ of eq. (42).
    scale : float
        Factor (≤ 1) applied to meet the rate and acceleration limits.
    status : str
        "ok", "near_singular" (m < threshold), "rate_limited" (scale < 1) or
        "near_singular+rate_limited"; "invalid" for a non-finite demand (zero command).
    message : str
    """

    gimbal_rate: np.ndarray
    wheel_accel: np.ndarray
    torque: np.ndarray
    measure: float
    damping: float
    scale: float
    status: str
    message: str = ""


def pyramid_axes(skew: float = PYRAMID_SKEW) -> tuple[np.ndarray, np.ndarray]:
    """Gimbal axes and γ = 0 spin axes of the 4-unit pyramid, each (4, 3) (note §14)."""
    sb, cb = math.sin(skew), math.cos(skew)
    g = np.array([[sb, 0, cb], [0, sb, cb], [-sb, 0, cb], [0, -sb, cb]])
    s0 = np.array([[0, 1, 0], [-1, 0, 0], [0, -1, 0], [1, 0, 0]], dtype=float)
    return g, s0


def _vec(value, k: int, name: str) -> np.ndarray:
    try:
        arr = np.array(np.broadcast_to(np.asarray(value, dtype=float), (k,)))
    except (TypeError, ValueError) as exc:
        raise CMGError(f"cmg: {name} = {value!r}: expected a number or {k} numbers") from exc
    if not np.all(np.isfinite(arr)):
        raise CMGError(f"cmg: {name} = {arr.tolist()} has non-finite entries")
    return arr


class CMGCluster:
    """K VSCMGs fixed in the base (see the module docstring for the model and the steering law).

    Parameters
    ----------
    gimbal_axes : (K, 3) array_like
        ĝᵢ, base frame (normalised here).
    spin_axes : (K, 3) array_like
        ŝ₀ᵢ at γ = gimbal_angle0 (made orthogonal to ĝᵢ; refused if parallel).
    **params
        The keys of ``_DEFAULTS`` (scalars or K values where per-unit), plus ``gimbal_angle0``
        (rad, default 0) and ``positions`` ((K, 3) m, default side-face centres).
    """

    def __init__(self, gimbal_axes, spin_axes, **params):
        unknown = sorted(set(params) - set(_DEFAULTS) - {"gimbal_angle0", "positions", "names"})
        if unknown:
            raise CMGError(f"cmg: unknown parameter(s) {unknown} (known: "
                           f"{sorted([*_DEFAULTS, 'gimbal_angle0', 'positions', 'names'])})")
        p = {**_DEFAULTS, **params}
        g = np.array(gimbal_axes, dtype=float)
        if g.ndim != 2 or g.shape[1] != 3 or g.shape[0] == 0:
            raise CMGError(f"cmg: gimbal_axes must be (K, 3), got shape {g.shape}")
        k = g.shape[0]
        s = np.array(spin_axes, dtype=float)
        if s.shape != (k, 3):
            raise CMGError(f"cmg: spin_axes has shape {s.shape}, expected {(k, 3)}")
        gn = np.linalg.norm(g, axis=1)
        if np.any(gn < 1e-12):
            raise CMGError(f"cmg: gimbal axis {int(np.argmin(gn))} is zero")
        g = g / gn[:, None]
        s = s - np.sum(s * g, axis=1)[:, None] * g
        sn = np.linalg.norm(s, axis=1)
        if np.any(sn < 1e-9):
            raise CMGError(f"cmg: spin axis {int(np.argmin(sn))} is parallel to its gimbal axis")
        self.K = k
        self.g = g
        self.s0 = s / sn[:, None]
        self.t0 = np.cross(self.g, self.s0)
        self.gamma0 = _vec(p.get("gimbal_angle0", 0.0), k, "gimbal_angle0")
        self.I_ws = _vec(p["spin_inertia"], k, "spin_inertia")
        self.I_cg = _vec(p["gimbal_inertia"], k, "gimbal_inertia")
        self.unit_mass = _vec(p["unit_mass"], k, "unit_mass")
        self.Omega0 = _vec(p["wheel_speed"], k, "wheel_speed")
        for name in ("spin_inertia", "gimbal_inertia", "wheel_speed", "gimbal_rate_max",
                     "gimbal_accel_max", "gimbal_time_constant", "wheel_accel_max",
                     "wheel_speed_max"):
            v = _vec(p[name], k, name)
            if np.any(v <= 0.0):
                raise CMGError(f"cmg: {name} = {v.tolist()} must be > 0")
        self.gimbal_rate_max = float(p["gimbal_rate_max"])
        self.gimbal_accel_max = float(p["gimbal_accel_max"])
        self.gimbal_time_constant = float(p["gimbal_time_constant"])
        self.wheel_accel_max = float(p["wheel_accel_max"])
        self.wheel_speed_min = float(p["wheel_speed_min"])
        self.wheel_speed_max = float(p["wheel_speed_max"])
        if not 0.0 <= self.wheel_speed_min < self.wheel_speed_max:
            raise CMGError(f"cmg: wheel speed limits [{self.wheel_speed_min}, "
                           f"{self.wheel_speed_max}] rad/s are not an interval above 0")
        self.lambda0 = float(p["lambda0"])
        self.mu = float(p["mu"])
        self.epsilon0 = float(p["epsilon0"])
        self.epsilon_rate = float(p["epsilon_rate"])
        self.epsilon_phases = _vec(p["epsilon_phases"], 3, "epsilon_phases")
        self.gimbal_weight = float(p["gimbal_weight"])
        self.wheel_weight0 = float(p["wheel_weight0"])
        self.mu_wheel = float(p["mu_wheel"])
        self.singular_threshold = float(p["singular_threshold"])
        self.h0 = float(np.mean(self.I_ws * self.Omega0))  # N·m·s, normalises eq. (42)
        if p.get("positions") is None:
            r = float(p["mount_radius"])
            horiz = self.g.copy()
            horiz[:, 2] = 0.0
            n = np.linalg.norm(horiz, axis=1)
            n[n < 1e-12] = 1.0
            self.positions = r * horiz / n[:, None]  # default: side-face centres
        else:
            self.positions = np.array(p["positions"], dtype=float).reshape(k, 3)
        self.names = tuple(p.get("names") or (f"cmg_{i}" for i in range(k)))
        self._eye = np.eye(3)
        self._G = np.zeros((3, 2 * k))  # G = [C  E] of eq. (41), filled by _steering

    # ------------------------------------------------------------------ construction
    @classmethod
    def pyramid(cls, **params) -> CMGCluster:
        """The note §14 default: 4 units in a pyramid (skew ``skew_deg``)."""
        skew = math.radians(float(params.get("skew_deg", _DEFAULTS["skew_deg"])))
        g, s0 = pyramid_axes(skew)
        return cls(g, s0, **params)

    @classmethod
    def from_config(cls, config: Mapping | None, source: str = "cmgs") -> CMGCluster:
        """From a mapping (a YAML ``cmgs:`` section): ``layout`` ("pyramid", default, or
        "explicit" with ``gimbal_axes`` and ``spin_axes``), plus any parameter of the module's
        defaults table (missing keys take note §14 defaults)."""
        config = dict(config or {})
        layout = config.pop("layout", "pyramid")
        try:
            if layout == "pyramid":
                return cls.pyramid(**config)
            if layout == "explicit":
                return cls(config.pop("gimbal_axes"), config.pop("spin_axes"), **config)
        except KeyError as exc:
            raise CMGError(f"{source}: layout 'explicit' needs {exc.args[0]}") from exc
        except CMGError as exc:
            raise CMGError(f"{source}: {exc}") from exc
        raise CMGError(f"{source}: layout = {layout!r} (use 'pyramid' or 'explicit')")

    # ------------------------------------------------------------------ kinematics
    def axes(self, gamma) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """A_s(γ), A_t(γ), A_g, each (3, K): unit spin, transverse and gimbal axes (base)."""
        d = np.asarray(gamma, dtype=float) - self.gamma0
        c, s = np.cos(d)[:, None], np.sin(d)[:, None]
        a_s = c * self.s0 + s * self.t0
        a_t = -s * self.s0 + c * self.t0
        return a_s.T, a_t.T, self.g.T

    def momentum(self, gamma, gamma_dot, Omega) -> np.ndarray:
        """h = A_s I_ws Ω + A_g I_cg γ̇ (N·m·s, base axes)."""
        a_s, _, a_g = self.axes(gamma)
        return a_s @ (self.I_ws * np.asarray(Omega)) + a_g @ (self.I_cg * np.asarray(gamma_dot))

    def torque_on_base(self, gamma, gamma_dot, gamma_ddot, Omega, Omega_dot, omega) -> np.ndarray:
        """u_cmg = −(ḣ + ω × h) (N·m, base axes), the full eq. (40) with B γ̈ and w."""
        a_s, a_t, a_g = self.axes(gamma)
        gd = np.asarray(gamma_dot, dtype=float)
        om = np.asarray(Omega, dtype=float)
        hdot = (a_g @ (self.I_cg * np.asarray(gamma_ddot)) + a_t @ (self.I_ws * om * gd)
                + a_s @ (self.I_ws * np.asarray(Omega_dot)))
        h = a_s @ (self.I_ws * om) + a_g @ (self.I_cg * gd)
        return -(hdot + np.cross(omega, h))

    def steering_matrix(self, gamma, Omega, omega) -> tuple[np.ndarray, np.ndarray]:
        """G = [C  E] (3×2K, eq. (41)) and the drift w = ω̃ A_s I_ws Ω (N·m)."""
        g, w = self._steering(self.axes(gamma), Omega, omega)
        return g.copy(), w

    def _steering(self, axes, Omega, omega) -> tuple[np.ndarray, np.ndarray]:
        """:meth:`steering_matrix` from the axes of :meth:`axes`, G in a buffer of the cluster
        (overwritten by the next call): the same products, without np.cross's axis bookkeeping
        and the stacking of C and E."""
        a_s, a_t, a_g = axes
        k = self.K
        om = np.asarray(Omega, dtype=float)
        hw = self.I_ws * om  # I_ws Ω (N·m·s per unit)
        G = self._G
        C = G[:, :k]
        np.multiply(a_t, hw, out=C)
        ox, oy, oz = (float(x) for x in omega)
        # ω × ĝᵢ (columns of A_g), times I_cg
        gx, gy, gz = a_g
        C[0] += (oy * gz - oz * gy) * self.I_cg
        C[1] += (oz * gx - ox * gz) * self.I_cg
        C[2] += (ox * gy - oy * gx) * self.I_cg
        np.multiply(a_s, self.I_ws, out=G[:, k:])
        hx, hy, hz = (a_s @ hw).tolist()
        w = np.array([oy * hz - oz * hy, oz * hx - ox * hz, ox * hy - oy * hx])
        return G, w

    def singularity_measure(self, gamma, Omega=None) -> float:
        """m = det(Ĉ Ĉᵀ), Ĉ = A_t [Ω/Ω₀]_d: 0 on the gimbal-mode singular set."""
        return self._singularity(self.axes(gamma)[1], Omega)

    def _singularity(self, a_t, Omega=None) -> float:
        """:meth:`singularity_measure` from A_t (3, K)."""
        scale = np.ones(self.K) if Omega is None else np.asarray(Omega) / self.Omega0
        c = a_t * scale
        return float(np.linalg.det(c @ c.T))

    # ------------------------------------------------------------------ steering, eq. (42)
    def steer(self, torque, gamma, Omega, omega=(0.0, 0.0, 0.0), t: float = 0.0) -> SteeringResult:
        """Gimbal rates and wheel accelerations realising the torque ``torque`` on the base.

        Parameters
        ----------
        torque : (3,) array_like
            Demanded torque on the base u_d (N·m, base axes).
        gamma, Omega : (K,) arrays
            Gimbal angles (rad) and wheel speeds (rad/s).
        omega : (3,) array_like
            Base angular velocity (rad/s, base axes).
        t : float
            Time (s), for the dither εᵢ(t).
        """
        u = np.asarray(torque, dtype=float).reshape(3)
        zero = np.zeros(self.K)
        if not (np.all(np.isfinite(u)) and np.all(np.isfinite(gamma))
                and np.all(np.isfinite(Omega)) and np.all(np.isfinite(omega))):
            return SteeringResult(zero, zero.copy(), np.zeros(3), 0.0, 0.0, 0.0, "invalid",
                                  "non-finite torque demand or state: zero command")
        omega = np.asarray(omega, dtype=float)
        axes = self.axes(gamma)  # once for G, w and m (eq. (41) and the singularity measure)
        G, w = self._steering(axes, Omega, omega)
        m = self._singularity(axes[1], Omega)
        lam = self.lambda0 * math.exp(-self.mu * max(m, 0.0))
        e = self.epsilon0 * np.sin(self.epsilon_rate * t + self.epsilon_phases)
        R = np.array([[1.0, e[2], e[1]], [e[2], 1.0, e[0]], [e[1], e[0], 1.0]])
        ws = self.wheel_weight0 * math.exp(-self.mu_wheel * max(m, 0.0))
        W = np.concatenate([np.full(self.K, self.gimbal_weight), np.full(self.K, ws)])
        Gn = G / self.h0
        y = (-u - w) / self.h0
        # eq. (42): x = W Ĝᵀ (Ĝ W Ĝᵀ + λ R)⁻¹ ŷ   (R is SPD for |εᵢ| < 1/2)
        x = W * (Gn.T @ np.linalg.solve((Gn * W) @ Gn.T + lam * R, y))
        gd, wa = x[: self.K], x[self.K:].copy()
        # a wheel at a speed limit is not driven further
        om = np.asarray(Omega, dtype=float)
        wa[(om >= self.wheel_speed_max) & (wa > 0.0)] = 0.0
        wa[(om <= self.wheel_speed_min) & (wa < 0.0)] = 0.0
        scale = 1.0
        peak_g = float(np.max(np.abs(gd)))
        peak_w = float(np.max(np.abs(wa)))
        if peak_g > self.gimbal_rate_max:
            scale = self.gimbal_rate_max / peak_g
        if peak_w * scale > self.wheel_accel_max:
            scale = self.wheel_accel_max / peak_w
        gd = gd * scale
        wa = wa * scale
        realised = -(G @ np.concatenate([gd, wa]) + w)
        flags, msgs = [], []
        if m < self.singular_threshold:
            flags.append("near_singular")
            msgs.append(f"gimbal angles {np.round(gamma, 4).tolist()} rad are near the singular "
                        f"set (m = {m:.3g} < {self.singular_threshold:g}; λ = {lam:.3g}, wheel "
                        f"weight {ws:.3g})")
        if scale < 1.0:
            flags.append("rate_limited")
            msgs.append(f"rate/acceleration limits scale the command by {scale:.3g}")
        status = "+".join(flags) if flags else "ok"
        if flags:
            msgs.append(f"torque realised {np.round(realised, 6).tolist()} of demanded "
                        f"{np.round(u, 6).tolist()} N·m")
        return SteeringResult(gd, wa, realised, m, lam, scale, status, "; ".join(msgs))

    # ------------------------------------------------------------------ actuator dynamics
    def rates(self, gamma_dot, Omega, gimbal_rate_cmd, wheel_accel_cmd) -> tuple[np.ndarray,
                                                                                np.ndarray]:
        """γ̈ of the first-order gimbal-rate servo and Ω̇ (rad/s², both clipped to their limits).

        γ̈ = clip((γ̇_cmd − γ̇)/τ_g, ±γ̈_max); Ω̇ = clip(Ω̇_cmd, ±Ω̇_max), 0 pushing past a speed
        limit. With the command held over a tick, the state (γ, γ̇, Ω) evolves by
        d/dt (γ, γ̇, Ω) = (γ̇, γ̈, Ω̇).
        """
        gdd = np.clip((np.clip(gimbal_rate_cmd, -self.gimbal_rate_max, self.gimbal_rate_max)
                       - gamma_dot) / self.gimbal_time_constant,
                      -self.gimbal_accel_max, self.gimbal_accel_max)
        wd = np.clip(wheel_accel_cmd, -self.wheel_accel_max, self.wheel_accel_max)
        om = np.asarray(Omega)
        wd = np.where(((om >= self.wheel_speed_max) & (wd > 0))
                      | ((om <= self.wheel_speed_min) & (wd < 0)), 0.0, wd)
        return gdd, wd

    def lumped_inertia(self, gamma=None) -> tuple[float, np.ndarray]:
        """Mass (kg) and rotational inertia (kg·m², about the base origin, base axes) the units
        add to the base: unit inertia diag(I_ws, I_cg, I_cg) in (ŝ, t̂, ĝ) at γ (default γ₀)
        plus m (|p|² I − p pᵀ) for each mount position p."""
        gamma = self.gamma0 if gamma is None else gamma
        a_s, a_t, a_g = self.axes(gamma)
        J = np.zeros((3, 3))
        for i in range(self.K):
            s, tt, g, p = a_s[:, i], a_t[:, i], a_g[:, i], self.positions[i]
            J += (self.I_ws[i] * np.outer(s, s) + self.I_cg[i] * (np.outer(tt, tt) + np.outer(g, g))
                  + self.unit_mass[i] * (p @ p * self._eye - np.outer(p, p)))
        return float(self.unit_mass.sum()), J
