"""Joint-space point-to-point profiles of Khalil ch. 8 (§8.3.1-§8.3.4, [8.1]-[8.47]).

Every profile moves n joints at once from q^i to q^f = q^i + D and has the generic form

    q(t) = q^i + r(t) D,   q̇(t) = ṙ(t) D,   q̈(t) = r̈(t) D,   r(0) = 0, r(t_f) = 1     [8.1]-[8.2]

so all joints share one time law r(t): they start and arrive together and their velocity
profiles are homothetic, q̇_j(t) = α_j q̇_k(t) [8.23]. The profiles are

* :func:`linear` [8.4] (velocity jumps at the ends; acceleration reported as 0, the Dirac
  impulses at the ends are not representable);
* :func:`cubic` [8.5]-[8.9] (class C¹);
* the quintic [8.10]-[8.13] is :class:`modyn_trajectory.quintic.PiecewiseQuintic`, built by
  :func:`quintic` over one segment (not re-implemented here);
* :func:`bang_bang` [8.15]-[8.17] (class C¹);
* :func:`trapezoid` [8.19]-[8.35], minimum time under per-joint limits k_v, k_a, all joints
  synchronised (class C¹: velocity continuous, acceleration jumps at τ and t_f − τ);
* :func:`continuous_acceleration` [8.36]-[8.47] (Castain's profile with a second-degree
  acceleration phase; class C²), synchronised likewise;
* :func:`cycloidal`: r = τ − sin(2πτ)/(2π), τ = t/t_f (class C²: the acceleration
  2π sin(2πτ)/t_f² is zero at both ends, the jerk jumps there). It is the time law of the
  Stewart platform's P1 → P2 → P1 motion in Lopes (2009), the "third order trigonometric
  spline" (research note seed-000 §7.2). Peaks: |q̇_j| = 2|D_j|/t_f at t_f/2,
  |q̈_j| = 2π|D_j|/t_f² at t_f/4 and 3t_f/4.

:func:`minimum_times` gives each joint's shortest time under its limits (Table 8.1, plus
[8.22]/[8.35] and [8.45]/[8.47]) and :func:`synchronised_time` their maximum [8.14];
:func:`minimum_time_profile` builds the corresponding synchronised profile.

Where this module follows the research note (seed-003 §5.1/§5.2) rather than the printed seed:

* the square roots lost in extraction are restored: Table 8.1 (cubic √(6|D|/k_a), quintic
  √(10|D|/(√3 k_a)), bang-bang 2√(|D|/k_a)), [8.35] k'_v = √(|D| k_a) and
  [8.47] k'_v = √(2|D| k_a / 3);
* [8.37] prints "τ'" for τ³; the deceleration equation printed "[13.43]" is [8.43];
* the interval bounds of the synchronised trapezoid use the common t_f, not t_fj;
* [8.34] needs D_1 ≠ 0 and D_j ≠ 0: joints with D_j = 0 are left out of the minima (their
  λ_j = υ_j = 0), and the reference joint "1" may be any joint that moves (the result does
  not depend on it, see below).

Synchronisation ([8.32]-[8.35]; [8.41], [8.45], [8.47] for the continuous profile). With
k'_vj = min(k_vj, √(|D_j| k_aj)) (trapezoid) or min(k_vj, √(2|D_j| k_aj/3)) (continuous),
λ_1 and υ_1 of [8.34] give the common τ [8.33]/[8.41] and t_f = τ + |D_1|/(λ_1 k'_v1).
Written out, λ_1 k'_v1 = |D_1| / max_j(|D_j|/k'_vj) and υ_1 k_a1 = |D_1| / max_j(|D_j|/k_aj),
so t_f − τ = max_j |D_j|/k'_vj and τ (t_f − τ) = c max_j |D_j|/k_aj, with c = 1 (trapezoid)
or 3/2 (continuous): the minimum time of a homothetic profile. The code evaluates this
reference-free form (which also stays accurate for tiny |D_j|). The peaks are
then |q̇_j|max = λ_j k'_vj and |q̈_j|max = υ_j k_aj; λ_j is relative to the effective k'_vj
(equal to k_vj whenever the joint can reach it), as in the research note's §3.7 table.

Pure numpy (no ROS). Errors on bad input are :class:`~modyn_trajectory.quintic.TrajectoryError`
naming the argument, the joint index and the value. Units: rad (or m for prismatic joints),
rad/s, rad/s², s.
"""

from __future__ import annotations

import math

import numpy as np

from modyn_trajectory.quintic import PiecewiseQuintic, TrajectoryError, _limits, _vector

__all__ = [
    "PROFILE_KINDS",
    "Profile",
    "Linear",
    "Cubic",
    "BangBang",
    "Trapezoid",
    "ContinuousAcceleration",
    "Cycloidal",
    "linear",
    "cubic",
    "quintic",
    "bang_bang",
    "trapezoid",
    "continuous_acceleration",
    "cycloidal",
    "minimum_times",
    "synchronised_time",
    "minimum_time_profile",
]

#: Names accepted by :func:`minimum_times` and :func:`minimum_time_profile`.
PROFILE_KINDS = (
    "linear",
    "cubic",
    "quintic",
    "bang_bang",
    "trapezoid",
    "continuous_acceleration",
    "cycloidal",
)

#: 10/√3, the quintic acceleration-peak factor of [8.13] (square root restored).
_QUINTIC_ACC = 10.0 / math.sqrt(3.0)


# ----------------------------------------------------------------------------- validation
def _ends(qi, qf) -> tuple[np.ndarray, np.ndarray]:
    qi = _vector(qi, None, "qi")
    return qi, _vector(qf, qi.shape[0], "qf")


def _duration(tf) -> float:
    try:
        tf = float(tf)
    except (TypeError, ValueError):
        raise TrajectoryError(f"tf = {tf!r}: not a number (s)") from None
    if not (math.isfinite(tf) and tf > 0.0):
        raise TrajectoryError(f"tf = {tf}: must be finite and > 0 (s)")
    return tf


# ----------------------------------------------------------------------------- interface
class Profile:
    """A rest-to-rest point-to-point motion q(t) = q^i + r(t) D of n joints [8.1].

    Subclasses provide the time law (:meth:`_law`): r(t) and the joint velocities and
    accelerations ṙ(t) D, r̈(t) D on [0, t_f], computed as (D/T)·f(t) so that tiny
    displacements neither underflow nor overflow.

    Attributes
    ----------
    qi, qf, delta : (n,) arrays
        Start, goal and displacement D = q^f − q^i (rad or m), read-only.
    duration : float
        t_f (s); 0 when no joint moves.
    n : int
        Number of joints.
    """

    def __init__(self, qi: np.ndarray, qf: np.ndarray, duration: float):
        self.qi, self.qf = qi.copy(), qf.copy()
        self.delta = qf - qi
        for arr in (self.qi, self.qf, self.delta):
            arr.flags.writeable = False
        self.duration = float(duration)
        self.n = int(qi.shape[0])

    def _law(self, t: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """r (k,) (1), q̇ (k, n) (rad/s), q̈ (k, n) (rad/s²) at times 0 <= t <= duration."""
        raise NotImplementedError

    def sample(self, t) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Positions, velocities and accelerations at time(s) ``t``.

        Parameters
        ----------
        t : float or (k,) array
            Times (s). Before 0 the profile rests at q^i, after ``duration`` at q^f (zero
            velocity and acceleration there).

        Returns
        -------
        q, v, a : (n,) arrays for a scalar ``t``, (k, n) arrays for an array
            rad, rad/s, rad/s².
        """
        tt = np.asarray(t, dtype=float)
        scalar = tt.ndim == 0
        tt = np.atleast_1d(tt).ravel()
        if np.any(np.isnan(tt)):
            k = int(np.flatnonzero(np.isnan(tt))[0])
            raise TrajectoryError(f"t[{k}] is nan")
        shape = (tt.shape[0], self.n)
        if self.duration <= 0.0:
            q = np.broadcast_to(self.qf, shape).copy()
            v, a = np.zeros(shape), np.zeros(shape)
        else:
            inside = ((tt >= 0.0) & (tt <= self.duration))[:, None]
            r, v, a = self._law(np.clip(tt, 0.0, self.duration))
            r = np.where(tt > self.duration, 1.0, np.where(tt < 0.0, 0.0, r))[:, None]
            v = np.where(inside, v, 0.0)  # [8.2]
            a = np.where(inside, a, 0.0)
            d = self.delta
            # from the nearer end, so that both ends are exact (r = 0 or 1) [8.1]
            q = np.where(r < 0.5, self.qi + r * d, self.qf - (1.0 - r) * d)
        if scalar:
            return q[0], v[0], a[0]
        return q, v, a

    def __repr__(self) -> str:
        return f"{type(self).__name__}(n={self.n}, duration={self.duration:.6g} s)"


class Linear(Profile):
    """Linear interpolation [8.4]: r = t/t_f. Velocity D/t_f, discontinuous at the ends.

    The acceleration is reported as 0 everywhere (the impulses at the ends are not
    representable).
    """

    def _law(self, t):
        tf = self.duration
        vel = self.delta / tf  # Khalil [8.4]
        return t / tf, np.broadcast_to(vel, (t.shape[0], self.n)), np.zeros((t.shape[0], self.n))


class Cubic(Profile):
    """Cubic with zero end velocities [8.5]-[8.7]: r = 3τ² − 2τ³, τ = t/t_f (class C¹).

    Peaks: |q̇_j| = 3|D_j|/(2 t_f) at t_f/2 [8.8], |q̈_j| = 6|D_j|/t_f² at the ends [8.9].
    """

    def _law(self, t):
        tf = self.duration
        vel = self.delta / tf
        s = t / tf
        r = s * s * (3.0 - 2.0 * s)  # Khalil [8.7]: a2 = 3D/tf², a3 = −2D/tf³
        v = (6.0 * s * (1.0 - s))[:, None] * vel
        a = (6.0 - 12.0 * s)[:, None] * (vel / tf)
        return r, v, a


class BangBang(Profile):
    """Bang-bang acceleration [8.15]: ±4D/t_f², switching at t_f/2 (class C¹).

    Peaks: |q̇_j| = 2|D_j|/t_f [8.16], |q̈_j| = 4|D_j|/t_f² [8.17].
    """

    def _law(self, t):
        tf = self.duration
        vel = self.delta / tf
        s = t / tf
        first = s <= 0.5
        r = np.where(first, 2.0 * s * s, -1.0 + 4.0 * s - 2.0 * s * s)  # Khalil [8.15]
        v = np.where(first, 4.0 * s, 4.0 - 4.0 * s)[:, None] * vel
        a = np.where(first, 4.0, -4.0)[:, None] * (vel / tf)
        return r, v, a


class _Synchronised(Profile):
    """Shared part of the synchronised trapezoid and continuous-acceleration profiles.

    Attributes
    ----------
    kv, ka : (n,) arrays
        The limits given (rad/s, rad/s²).
    kv_eff : (n,) array
        k'_vj: k_vj, or the reachable peak velocity when k_vj cannot be reached
        ([8.35] / [8.47]).
    tau : float
        Duration of the acceleration (and deceleration) phase (s).
    lam, upsilon : (n,) arrays
        λ_j and υ_j of [8.34]; 0 for joints that do not move.
    peak_velocity, peak_acceleration : (n,) arrays
        λ_j k'_vj (rad/s) and υ_j k_aj (rad/s²): the peaks of |q̇_j| and |q̈_j|.
    """

    #: τ = c λ k'_v / (υ k_a): 1 for the trapezoid [8.33], 3/2 for [8.41].
    _c: float = 1.0
    #: k'_v = √(e |D| k_a): 1 for [8.35], 2/3 for [8.47].
    _e: float = 1.0

    def __init__(self, qi, qf, kv, ka):
        qi, qf = _ends(qi, qf)
        n = qi.shape[0]
        kv = _limits(kv, n, "kv")
        ka = _limits(ka, n, "ka")
        d = np.abs(qf - qi)
        moving = d > 0.0
        # reachable peak velocity when |D| <= k_v²/k_a (trapezoid [8.18], [8.35]) or
        # |D| <= 3k_v²/(2k_a) (continuous [8.46], [8.47])
        kv_eff = np.where(moving, np.minimum(kv, np.sqrt(self._e * d * ka)), kv)
        # |D_j|/k'_vj, written so that it does not underflow for tiny |D_j|
        d_kv = np.maximum(d / kv, np.sqrt(d / (self._e * ka)))
        lam, ups = np.zeros(n), np.zeros(n)
        vel, acc = np.zeros(n), np.zeros(n)
        tau = cruise = 0.0
        if moving.any():
            # [8.34] with any moving reference joint 1 gives λ_1 k'_v1 = |D_1|/cruise and
            # υ_1 k_a1 = |D_1| / max_j(|D_j|/k_aj); then, by [8.33]/[8.41] and [8.24]/[8.45],
            # τ = c max_j(|D_j|/k_aj) / cruise and t_f − τ = cruise, where
            cruise = float(np.max(d_kv[moving]))  # max_j |D_j|/k'_vj
            vel = d / cruise  # |q̇_j|max = λ_j k'_vj = |D_j|/(t_f − τ)
            tau = self._c * float(np.max(vel / ka))  # Khalil [8.33] / [8.41]
            acc = self._c * vel / tau  # |q̈_j|max = υ_j k_aj
            lam = np.where(moving, d_kv / cruise, 0.0)  # Khalil [8.27]: ∝ |D_j|/k'_vj
            ups = acc / ka  # Khalil [8.28]: ∝ |D_j|/k_aj
        super().__init__(qi, qf, tau + cruise)  # Khalil [8.25] / [8.45]
        self.kv, self.ka, self.kv_eff = kv, ka, kv_eff
        self.tau = float(tau)
        self.lam, self.upsilon = lam, ups
        self.peak_velocity, self.peak_acceleration = vel, acc
        for arr in (kv, ka, kv_eff, lam, ups, vel, acc):
            arr.flags.writeable = False


class Trapezoid(_Synchronised):
    """Trapezoidal velocity [8.19]-[8.35], all joints synchronised (class C¹).

    Synchronised all-joint form, s = t_f − τ:

        r = t² / (2τ s)               0 <= t <= τ
        r = (2t − τ) / (2s)           τ <= t <= t_f − τ
        r = 1 − (t_f − t)² / (2τ s)   t_f − τ <= t <= t_f

    See :class:`_Synchronised` for the attributes (τ, λ, υ, peaks).
    """

    _c = 1.0
    _e = 1.0

    def _law(self, t):
        tf, tau = self.duration, self.tau
        s = tf - tau
        vel = self.delta / s  # V_j = λ_j k'_vj sign(D_j)
        u = tf - t
        acc, dec = t < tau, t > s
        r = np.where(acc, 0.5 * (t / tau) * (t / s), (2.0 * t - tau) / (2.0 * s))
        r = np.where(dec, 1.0 - 0.5 * (u / tau) * (u / s), r)  # Khalil [8.19]
        dr = np.where(acc, t / tau, np.where(dec, u / tau, 1.0))
        ddr = np.where(acc, 1.0, np.where(dec, -1.0, 0.0))
        return r, dr[:, None] * vel, ddr[:, None] * (vel / tau)


class ContinuousAcceleration(_Synchronised):
    """Continuous-acceleration trapezoid of §8.3.4 [8.36]-[8.47] (Castain), class C².

    The acceleration phases are second-degree polynomials (peak 3λk'_v/(2τ) at τ/2 [8.40]),
    so τ = 3λ_j k'_vj / (2 υ_j k_aj) [8.41] and t_f = τ + |D_j|/(λ_j k'_vj) [8.45].
    All-joint form, s = t_f − τ, u = t_f − t ([8.37]-[8.39], [8.42], [8.43]):

        r = (2t³/τ² − t⁴/τ³) / (2s)         0 <= t <= τ
        r = (2t − τ) / (2s)                 τ <= t <= t_f − τ
        r = 1 − u³ (2τ − u) / (2s τ³)       t_f − τ <= t <= t_f

    See :class:`_Synchronised` for the attributes (τ, λ, υ, peaks).
    """

    _c = 1.5
    _e = 2.0 / 3.0

    def _law(self, t):
        tf, tau = self.duration, self.tau
        s = tf - tau
        vel = self.delta / s  # V_j = λ_j k'_vj sign(D_j)
        x, y = t / tau, (tf - t) / tau
        acc, dec = t < tau, t > s
        r = np.where(acc, 0.5 * x * x * (t / s) * (2.0 - x), (2.0 * t - tau) / (2.0 * s))
        r = np.where(dec, 1.0 - 0.5 * y * y * ((tf - t) / s) * (2.0 - y), r)  # [8.37], [8.43]
        dr = np.where(acc, x * x * (3.0 - 2.0 * x), 1.0)  # Khalil [8.38]
        dr = np.where(dec, y * y * (3.0 - 2.0 * y), dr)  # Khalil [8.43]
        ddr = np.where(acc, 6.0 * x * (1.0 - x), 0.0)  # Khalil [8.39]
        ddr = np.where(dec, -6.0 * y * (1.0 - y), ddr)  # Khalil [8.43]
        return r, dr[:, None] * vel, ddr[:, None] * (vel / tau)


class Cycloidal(Profile):
    """Cycloidal rest-to-rest law (Lopes 2009, research note seed-000 §7.2), class C².

    r = τ − sin(2πτ)/(2π), ṙ = (1 − cos 2πτ)/t_f, r̈ = 2π sin(2πτ)/t_f², τ = t/t_f.
    Velocity and acceleration are zero at both ends (the jerk 4π² cos(2πτ)/t_f³ is not).
    Peaks: |q̇_j| = 2|D_j|/t_f at τ = 1/2, |q̈_j| = 2π|D_j|/t_f² at τ = 1/4 and 3/4.
    """

    def _law(self, t):
        tf = self.duration
        vel = self.delta / tf
        s = t / tf
        w = 2.0 * math.pi * s
        r = s - np.sin(w) / (2.0 * math.pi)
        v = (1.0 - np.cos(w))[:, None] * vel
        a = (2.0 * math.pi * np.sin(w))[:, None] * (vel / tf)
        return r, v, a


# ----------------------------------------------------------------------------- builders
def linear(qi, qf, tf) -> Linear:
    """Linear profile [8.4] from ``qi`` to ``qf`` (n,) (rad) in ``tf`` > 0 (s)."""
    qi, qf = _ends(qi, qf)
    return Linear(qi, qf, _duration(tf))


def cubic(qi, qf, tf) -> Cubic:
    """Cubic profile [8.5]-[8.9] from ``qi`` to ``qf`` (n,) (rad) in ``tf`` > 0 (s)."""
    qi, qf = _ends(qi, qf)
    return Cubic(qi, qf, _duration(tf))


def quintic(qi, qf, tf) -> PiecewiseQuintic:
    """Rest-to-rest quintic [8.10]-[8.13]: one segment of :class:`PiecewiseQuintic`.

    It has the same ``duration`` and ``sample(t) -> (q, v, a)`` interface as the profiles here.
    """
    qi, qf = _ends(qi, qf)
    return PiecewiseQuintic([0.0, _duration(tf)], [qi, qf])


def bang_bang(qi, qf, tf) -> BangBang:
    """Bang-bang profile [8.15]-[8.17] from ``qi`` to ``qf`` (n,) (rad) in ``tf`` > 0 (s)."""
    qi, qf = _ends(qi, qf)
    return BangBang(qi, qf, _duration(tf))


def cycloidal(qi, qf, tf) -> Cycloidal:
    """Cycloidal profile (:class:`Cycloidal`) from ``qi`` to ``qf`` (n,) (rad or m) in ``tf`` > 0 (s)."""
    qi, qf = _ends(qi, qf)
    return Cycloidal(qi, qf, _duration(tf))


def trapezoid(qi, qf, kv, ka) -> Trapezoid:
    """Minimum-time synchronised trapezoid [8.19]-[8.35].

    Parameters
    ----------
    qi, qf : (n,) arrays
        Start and goal (rad or m).
    kv, ka : (n,) arrays
        Velocity (rad/s) and acceleration (rad/s²) limits, finite and > 0.

    Returns
    -------
    Trapezoid
        All joints share τ and t_f; the peaks are λ_j k'_vj <= k_vj and υ_j k_aj <= k_aj.
    """
    return Trapezoid(qi, qf, kv, ka)


def continuous_acceleration(qi, qf, kv, ka) -> ContinuousAcceleration:
    """Minimum-time synchronised continuous-acceleration profile [8.36]-[8.47].

    Parameters and result as :func:`trapezoid`.
    """
    return ContinuousAcceleration(qi, qf, kv, ka)


# ----------------------------------------------------------------------------- minimum time
def minimum_times(kind: str, delta, kv, ka=None) -> np.ndarray:
    """Each joint's shortest time t_fj within its limits (Table 8.1, square roots restored).

    Parameters
    ----------
    kind : str
        One of :data:`PROFILE_KINDS`.
    delta : (n,) array
        Displacements D = q^f − q^i (rad or m).
    kv, ka : (n,) arrays
        Velocity (rad/s) and acceleration (rad/s²) limits, finite and > 0. ``ka`` is ignored
        (and may be None) for ``"linear"``, whose acceleration is unbounded.

    Returns
    -------
    (n,) array
        t_fj (s), 0 for joints that do not move:

        * linear: |D|/k_v;
        * cubic: max(3|D|/(2k_v), √(6|D|/k_a));
        * quintic: max(15|D|/(8k_v), √(10|D|/(√3 k_a)));
        * bang-bang: max(2|D|/k_v, 2√(|D|/k_a));
        * cycloidal: max(2|D|/k_v, √(2π|D|/k_a));
        * trapezoid: k'_v/k_a + |D|/k'_v with k'_v = min(k_v, √(|D|k_a)) [8.22], [8.35];
        * continuous_acceleration: 3k'_v/(2k_a) + |D|/k'_v with
          k'_v = min(k_v, √(2|D|k_a/3)) [8.41], [8.45], [8.47].
    """
    if kind not in PROFILE_KINDS:
        raise TrajectoryError(f"kind = {kind!r}: expected one of {PROFILE_KINDS}")
    d = np.abs(_vector(delta, None, "delta"))
    n = d.shape[0]
    kv = _limits(kv, n, "kv")
    if kind == "linear":
        return d / kv  # Khalil Table 8.1
    ka = _limits(ka, n, "ka")
    if kind == "cubic":
        return np.maximum(1.5 * d / kv, np.sqrt(6.0 * d / ka))  # Table 8.1, [8.8]-[8.9]
    if kind == "quintic":
        return np.maximum(15.0 * d / (8.0 * kv), np.sqrt(_QUINTIC_ACC * d / ka))  # [8.12]-[8.13]
    if kind == "bang_bang":
        return np.maximum(2.0 * d / kv, 2.0 * np.sqrt(d / ka))  # Table 8.1, [8.16]-[8.17]
    if kind == "cycloidal":  # peaks 2|D|/t_f and 2π|D|/t_f² (Cycloidal)
        return np.maximum(2.0 * d / kv, np.sqrt(2.0 * math.pi * d / ka))
    c, e = (1.0, 1.0) if kind == "trapezoid" else (1.5, 2.0 / 3.0)
    kv_eff = np.minimum(kv, np.sqrt(e * d * ka))  # Khalil [8.35] / [8.47]
    d_kv = np.maximum(d / kv, np.sqrt(d / (e * ka)))  # |D|/k'_v, without underflow
    return np.where(d > 0.0, c * kv_eff / ka + d_kv, 0.0)  # Khalil [8.22] / [8.41] + [8.45]


def synchronised_time(kind: str, delta, kv, ka=None) -> float:
    """t_f = max_j t_fj [8.14]: the slowest joint's minimum time (s); see :func:`minimum_times`.

    For ``"trapezoid"`` and ``"continuous_acceleration"`` this is the time of a single joint
    alone; the synchronised homothetic profile may need longer (it is the ``duration`` of
    :func:`trapezoid` / :func:`continuous_acceleration`, which are minimum-time among
    synchronised profiles).
    """
    return float(np.max(minimum_times(kind, delta, kv, ka), initial=0.0))


def minimum_time_profile(kind: str, qi, qf, kv, ka=None):
    """The synchronised minimum-time profile of ``kind`` from ``qi`` to ``qf``.

    Parameters
    ----------
    kind : str
        One of :data:`PROFILE_KINDS`.
    qi, qf : (n,) arrays
        Start and goal (rad or m).
    kv, ka : (n,) arrays
        Velocity (rad/s) and acceleration (rad/s²) limits, finite and > 0 (``ka`` unused for
        ``"linear"``).

    Returns
    -------
    Profile or PiecewiseQuintic
        All joints take the slowest joint's time [8.14]; with a homothetic time law no joint
        then exceeds its limits. A motion with D = 0 has duration 0.
    """
    qi, qf = _ends(qi, qf)
    if kind == "trapezoid":
        return Trapezoid(qi, qf, kv, ka)
    if kind == "continuous_acceleration":
        return ContinuousAcceleration(qi, qf, kv, ka)
    tf = synchronised_time(kind, qf - qi, kv, ka)
    if tf <= 0.0:
        return Linear(qi, qf, 0.0)  # nothing moves: rest at q^f
    builder = {
        "linear": linear, "cubic": cubic, "quintic": quintic, "bang_bang": bang_bang,
        "cycloidal": cycloidal,
    }  # fmt: skip
    return builder[kind](qi, qf, tf)
