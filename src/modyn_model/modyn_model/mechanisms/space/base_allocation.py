"""The base actuators of the free-flying iiwa behind the contract: thrusters and a CMG torque
stage, with the paper's allocation (eqs. (48)-(49)) as the model's ``actuation_solve``.

Actuators (``type: thrusters_cmg`` in a mechanism file's ``base_actuators:``)::

    u_base = [σ_1 .. σ_S (N, thrusts), T_x, T_y, T_z (N·m, the CMG cluster's output torque,
              base axes)]

with the base wrench [F; T] = H σ + [0; T_cmg] (eq. (35) plus the CMGs' torque), so the rows of
:meth:`ThrusterCMGActuators.wrench_matrix` are Hᵀ and [0 | e_k]. The feedback controller's law
computes the generalized force τ (nv = 6 + n); :meth:`allocate_wrench` maps its base rows
τ[:6] = [F; T] (base axes, about the base origin) to u_base:

1. eq. (49): σ = argmin Σσ s.t. H_f σ = F, σ_min ≤ σ ≤ σ_max (the thruster cluster's LP; when F
   is beyond the cluster the best feasible force, reported);
2. eq. (48): T_cmg = T − H_t σ (the torque the thrusters leave to the CMGs), clipped to
   ±``cmg_torque_limit`` per axis (reported when clipped).

The CMG stage is the cluster's *output torque*: the gimbal angles and wheel speeds are not plant
states of the contract model, so the steering law (42) that turns T_cmg into gimbal rates, with
its singularity and rate limits, runs in the library-level closed loop
(:func:`modyn_control.space.simulation.simulate_closed_loop`), not in the DDS loop. The default
torque limit is one unit's h γ̇_max = I_ws Ω₀ γ̇_max (12.3 N·m with note §14's defaults), a lower
bound of the pyramid's envelope away from its singular set.

``type: thrusters`` registers the bare :class:`ThrusterCluster` (σ only, no CMG stage).
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np

from ...errors import DescriptionError
from .cmg import CMGCluster
from .model import register_base_actuator
from .thrusters import ThrusterCluster

__all__ = ["ThrusterCMGActuators", "CMG_TORQUE_NAMES"]

#: names of the CMG torque stage's three commands (base axes)
CMG_TORQUE_NAMES = ("cmg_torque_x", "cmg_torque_y", "cmg_torque_z")


class ThrusterCMGActuators:
    """Thrusters (eq. (35), LP eq. (49)) plus a CMG output-torque stage (eq. (48)).

    Parameters
    ----------
    thrusters : ThrusterCluster
    cmg_torque_limit : float
        |T_cmg,k| bound per base axis (N·m).
    cmgs : CMGCluster, optional
        The cluster the limit came from (kept for reference; not integrated here).
    """

    def __init__(self, thrusters: ThrusterCluster, cmg_torque_limit: float, cmgs=None):
        if not (np.isfinite(cmg_torque_limit) and cmg_torque_limit > 0):
            raise DescriptionError(
                f"thrusters_cmg: cmg_torque_limit = {cmg_torque_limit!r} must be finite and > 0"
            )
        self.thrusters = thrusters
        self.cmgs = cmgs
        self.cmg_torque_limit = float(cmg_torque_limit)
        self.names = tuple(thrusters.names) + CMG_TORQUE_NAMES
        s = thrusters.count
        self.effort_limit = np.concatenate([thrusters.sigma_max, np.full(3, cmg_torque_limit)])
        self.effort_limit.flags.writeable = False
        w = np.zeros((s + 3, 6))
        w[:s] = thrusters.H.T
        w[s:, 3:] = np.eye(3)
        w.flags.writeable = False
        self._w = w
        self._out = np.zeros(s + 3)
        #: the last allocation's status ("optimal", "infeasible", ...) and diagnostic
        self.status = "none"
        self.message = ""

    @classmethod
    def from_mapping(cls, d: Mapping, *, source: str = "<mapping>") -> ThrusterCMGActuators:
        """Keys: ``thrusters`` (mapping of :meth:`ThrusterCluster.from_config`), ``cmgs``
        (mapping of :meth:`CMGCluster.from_config`), ``cmg_torque_limit`` (N·m; default
        I_ws Ω₀ γ̇_max of the first unit)."""
        unknown = sorted(set(d) - {"type", "thrusters", "cmgs", "cmg_torque_limit"})
        if unknown:
            raise DescriptionError(f"{source}: base actuator 'thrusters_cmg': unknown field(s) "
                                   f"{unknown}")
        try:
            thr = ThrusterCluster.from_config(d.get("thrusters"), source=f"{source}: thrusters")
            cmgs = CMGCluster.from_config(d.get("cmgs"), source=f"{source}: cmgs")
        except Exception as exc:  # ThrusterError / CMGError name the field already
            raise DescriptionError(str(exc)) from exc
        limit = d.get("cmg_torque_limit")
        if limit is None:
            limit = float(cmgs.I_ws[0] * cmgs.Omega0[0] * cmgs.gimbal_rate_max)
        try:
            limit = float(limit)
        except (TypeError, ValueError):
            raise DescriptionError(f"{source}: cmg_torque_limit = {limit!r} is not a number") \
                from None
        return cls(thr, limit, cmgs)

    def wrench_matrix(self, q) -> np.ndarray:
        """(..., S + 3, 6): rows Hᵀ (per newton of each thruster), then [0 | e_k] (per N·m)."""
        q = np.asarray(q, dtype=float)
        return np.broadcast_to(self._w, q.shape[:-1] + self._w.shape).copy()

    def allocate_wrench(self, q, wrench) -> np.ndarray:
        """u_base (S + 3,) for the base wrench ``wrench`` = [F; T] (N, N·m; base axes, about the
        base origin): eq. (49) then eq. (48), see the module docstring. Never NaN: a
        non-finite demand gives thrusters off and zero CMG torque (status "invalid")."""
        w = np.asarray(wrench, dtype=float)
        s = self.thrusters.count
        out = self._out
        if not np.all(np.isfinite(w)):
            out[:s] = self.thrusters.sigma_min
            out[s:] = 0.0
            self.status, self.message = "invalid", f"non-finite base wrench {w.tolist()}"
            return out.copy()
        res = self.thrusters.allocate(w[:3])
        out[:s] = res.sigma
        t_cmg = w[3:] - res.wrench[3:]  # eq. (48)
        lim = self.cmg_torque_limit
        clipped = np.abs(t_cmg) > lim
        np.clip(t_cmg, -lim, lim, out=out[s:])
        self.status, self.message = res.status, res.message
        if clipped.any():
            self.status = "cmg_saturated" if res.status == "optimal" else res.status
            self.message = (self.message + "; " if self.message else "") + (
                f"CMG torque {np.round(t_cmg, 4).tolist()} N m beyond +-{lim:g} N m: clipped"
            )
        return out.copy()


def _thrusters(d: Mapping, *, source: str = "<mapping>") -> ThrusterCluster:
    try:
        return ThrusterCluster.from_mapping(d, source=source)
    except Exception as exc:
        raise DescriptionError(str(exc)) from exc


register_base_actuator("thrusters_cmg", ThrusterCMGActuators.from_mapping, replace=True)
register_base_actuator("thrusters", _thrusters, replace=True)


# ---------------------------------------------------------------------------------------------
# VSCMGs as actuators with states: gimbal-rate and wheel-acceleration commands, steered by (42)
# ---------------------------------------------------------------------------------------------

#: the per-unit suffixes of the VSCMG command channels (actuator names "<unit>_gimbal" and
#: "<unit>_wheel")
GIMBAL_SUFFIX, WHEEL_SUFFIX = "_gimbal", "_wheel"


class VSCMGDynamics:
    """The VSCMG cluster's own states, integrated by a plant with the mechanism's (q, v).

    The optional contract member ``actuator_dynamics`` (:mod:`modyn_model.contract`) of a model
    whose base carries :class:`ThrusterVSCMGActuators`. State x (4K,) = [γ (rad), γ̇ (rad/s),
    Ω (rad/s, wheel speed relative to its gimbal), φ (rad, wheel angle)], commands (in u, at
    :attr:`index`) = [γ̇_cmd (K, rad/s), Ω̇_cmd (K, rad/s²)]. Over a step of ``dt`` with the
    commands held:

    * γ̈ = clip((clip(γ̇_cmd, ±γ̇_max) − γ̇)/τ_g, ±γ̈_max) (the first-order gimbal-rate servo of
      :meth:`CMGCluster.rates`), Ω̇ = clip(Ω̇_cmd, ±Ω̇_max), 0 pushing past a speed limit;
      integrated by RK4 on sub-steps of at most τ_g/4 (the servo pole at 1/τ_g = 50 s⁻¹);
    * the torque on the base is u_cmg = −(ḣ + ω × h), h = A_s I_ws Ω + A_g I_cg γ̇ (note §8.2,
      :meth:`CMGCluster.torque_on_base`). The plant holds its step average over the step, as it
      holds the written effort:

          ū_cmg = −(h(x⁺) − h(x))/dt − ω × (h(x) + h(x⁺))/2        (N·m, base axes)

      so the momentum the cluster exchanges with the base over a step is exactly the change of
      its own (ḣ part); the gyroscopic part is taken at each integration stage's ω
      (:meth:`stage_correction`): the total angular momentum R (J ω + h) is then conserved to
      second order in dt (first order with ω held at the step's start).

    The units' mass and transverse inertia are not added to the base here (the stack's base is
    the paper's 27 kg cube, docs/space_manipulator.md).

    Parameters
    ----------
    cmgs : CMGCluster
    index : (2K,) int array
        Positions of [γ̇_cmd, Ω̇_cmd] in the model's u.
    names : (2K,) str
        The actuator names at ``index`` (gimbal channels then wheel channels).
    nu, nv : int
        The model's actuator and velocity counts.
    gamma_initial : (K,) array
        γ at the start (rad).
    """

    def __init__(self, cmgs: CMGCluster, index, names, nu: int, nv: int, gamma_initial):
        k = cmgs.K
        self.cmgs = cmgs
        self.K = k
        self.nx = 4 * k
        self.index = np.asarray(index, dtype=int)
        self.names = tuple(names)
        self.nu, self.nv = int(nu), int(nv)
        self.gamma_initial = np.asarray(gamma_initial, dtype=float).copy()
        self._sub_max = cmgs.gimbal_time_constant / 4.0
        # workspace (allocated once; the step allocates only inside CMGCluster.axes)
        self._k = [np.zeros(self.nx) for _ in range(4)]
        self._xs = np.zeros(self.nx)
        self._tau = np.zeros(self.nv)
        self._dw = np.zeros(3)
        #: h̄ = (h(x) + h(x⁺))/2 of the last :meth:`advance` (N·m·s, base axes)
        self.h_mid = np.zeros(3)

    def initial_state(self) -> np.ndarray:
        """x0 = [γ_initial, 0, Ω₀, 0] (4K,)."""
        c = self.cmgs
        return np.concatenate([self.gamma_initial, np.zeros(self.K), c.Omega0, np.zeros(self.K)])

    def _slope(self, x: np.ndarray, cmd_g: np.ndarray, cmd_w: np.ndarray, out: np.ndarray):
        k = self.K
        gdd, wd = self.cmgs.rates(x[k:2 * k], x[2 * k:3 * k], cmd_g, cmd_w)
        out[:k] = x[k:2 * k]
        out[k:2 * k] = gdd
        out[2 * k:3 * k] = wd
        out[3 * k:] = x[2 * k:3 * k]

    def momentum(self, x) -> np.ndarray:
        """h(x) (3,) N·m·s, base axes."""
        k = self.K
        return self.cmgs.momentum(x[:k], x[k:2 * k], x[2 * k:3 * k])

    def advance(self, x, v, u, dt: float, x_out) -> np.ndarray:
        """Integrate x over ``dt`` under the commands in ``u`` into ``x_out``; return the
        generalized force (nv,) the cluster exerts over the step (ū_cmg in the base's angular
        rows 3:6; a view of an internal buffer, valid until the next call). A non-finite command
        is taken as zero (the servo brakes the gimbals; the wheels keep their speed)."""
        x = np.asarray(x, dtype=float)
        u = np.asarray(u, dtype=float)
        k = self.K
        cmd = u[self.index]
        cmd[~np.isfinite(cmd)] = 0.0
        cmd_g, cmd_w = cmd[:k], cmd[k:]
        n = max(1, int(np.ceil(dt / self._sub_max - 1e-9)))
        h = dt / n
        k1, k2, k3, k4 = self._k
        xs = self._xs
        np.copyto(x_out, x)
        for _ in range(n):  # classical RK4 (the state is a vector space)
            self._slope(x_out, cmd_g, cmd_w, k1)
            np.multiply(k1, 0.5 * h, out=xs)
            xs += x_out
            self._slope(xs, cmd_g, cmd_w, k2)
            np.multiply(k2, 0.5 * h, out=xs)
            xs += x_out
            self._slope(xs, cmd_g, cmd_w, k3)
            np.multiply(k3, h, out=xs)
            xs += x_out
            self._slope(xs, cmd_g, cmd_w, k4)
            k2 += k3
            k2 *= 2.0
            k2 += k1
            k2 += k4
            k2 *= h / 6.0
            x_out += k2
        h0, h1 = self.momentum(x), self.momentum(x_out)
        omega = np.asarray(v, dtype=float)[3:6]
        np.add(h0, h1, out=self.h_mid)
        self.h_mid *= 0.5
        tau = self._tau
        tau[3:6] = -(h1 - h0) / dt - np.cross(omega, self.h_mid)
        return tau

    def stage_correction(self, v0, v, tau) -> None:
        """Add to ``tau`` (nv, in place) the change of the gyroscopic torque −ω × h̄ between the
        step's start velocity ``v0`` and a stage velocity ``v`` (a plant's Runge–Kutta stage):
        with it the momentum exchanged over a step is exact to O(dt³) (second order)."""
        d = self._dw
        np.subtract(v[3:6], v0[3:6], out=d)
        tau[3:6] -= np.cross(d, self.h_mid)

    def fill_actuator_state(self, x, positions, velocities) -> None:
        """Write the channels' states into the model's actuator_state arrays (nu,): a gimbal
        channel γ (rad), γ̇ (rad/s); a wheel channel φ (rad), Ω (rad/s)."""
        k = self.K
        x = np.asarray(x, dtype=float)
        positions[self.index[:k]] = x[:k]
        velocities[self.index[:k]] = x[k:2 * k]
        positions[self.index[k:]] = x[3 * k:]
        velocities[self.index[k:]] = x[2 * k:3 * k]

    def diagnostics(self, x) -> dict:
        """Keys ``cmg.singularity_measure`` (m = det(Ĉ Ĉᵀ), 0 on the singular set),
        ``cmg.status`` ("ok" or "near_singular"), ``cmg.wheel_speed_min/max`` (rad/s),
        ``cmg.gimbal_rate_max`` (max |γ̇|, rad/s)."""
        k = self.K
        x = np.asarray(x, dtype=float)
        m = self.cmgs.singularity_measure(x[:k], x[2 * k:3 * k])
        return {
            "cmg.singularity_measure": round(m, 6),
            "cmg.status": "near_singular" if m < self.cmgs.singular_threshold else "ok",
            "cmg.wheel_speed_min": round(float(x[2 * k:3 * k].min()), 6),
            "cmg.wheel_speed_max": round(float(x[2 * k:3 * k].max()), 6),
            "cmg.gimbal_rate_max": round(float(np.abs(x[k:2 * k]).max()), 6),
        }


class ThrusterVSCMGActuators:
    """Thrusters (eq. (35), LP eq. (49)) plus VSCMGs commanded in gimbal rates and wheel
    accelerations (eq. (48) then the steering law eq. (42)).

    Actuators (``type: thrusters_vscmg``)::

        u_base = [σ_1 .. σ_S (N), γ̇_cmd,1 .. γ̇_cmd,K (rad/s), Ω̇_cmd,1 .. Ω̇_cmd,K (rad/s²)]

    named [thruster names, "<unit>_gimbal" × K, "<unit>_wheel" × K]. The CMG commands have zero
    rows in S (they are not forces): their torque on the base comes from the cluster's states,
    which the plant integrates (:attr:`dynamics`, the contract's ``actuator_dynamics``).
    :meth:`allocate_wrench` maps the law's base rows [F; T] to u_base: σ by eq. (49), the
    torque left to the CMGs T_cmg = T − H_t σ (eq. (48)) and [γ̇_cmd; Ω̇_cmd] by eq. (42)
    (:meth:`CMGCluster.steer`) at the gimbal angles and wheel speeds the plant published.

    Parameters
    ----------
    thrusters : ThrusterCluster
    cmgs : CMGCluster
    gamma_initial : (K,) array_like, optional
        The plant's initial gimbal angles (rad; default the cluster's γ₀).
    """

    def __init__(self, thrusters: ThrusterCluster, cmgs: CMGCluster, gamma_initial=None):
        self.thrusters = thrusters
        self.cmgs = cmgs
        k, s = cmgs.K, thrusters.count
        g0 = cmgs.gamma0 if gamma_initial is None else gamma_initial
        try:
            g0 = np.array(np.broadcast_to(np.asarray(g0, dtype=float), (k,)))
        except (TypeError, ValueError):
            raise DescriptionError(f"thrusters_vscmg: initial_gimbal_angles = {gamma_initial!r}: "
                                   f"expected {k} numbers (rad)") from None
        if not np.all(np.isfinite(g0)):
            raise DescriptionError(f"thrusters_vscmg: initial_gimbal_angles = {g0.tolist()} "
                                   "has non-finite entries")
        self.gamma_initial = g0
        self.cmd_names = tuple(f"{n}{GIMBAL_SUFFIX}" for n in cmgs.names) + tuple(
            f"{n}{WHEEL_SUFFIX}" for n in cmgs.names)
        self.names = tuple(thrusters.names) + self.cmd_names
        self.effort_limit = np.concatenate([
            thrusters.sigma_max, np.full(k, cmgs.gimbal_rate_max),
            np.full(k, cmgs.wheel_accel_max)])
        self.effort_limit.flags.writeable = False
        w = np.zeros((s + 2 * k, 6))
        w[:s] = thrusters.H.T
        w.flags.writeable = False
        self._w = w
        self._out = np.zeros(s + 2 * k)
        self._gamma = g0.copy()
        self._omega_w = cmgs.Omega0.copy()
        self._t_cmg = np.zeros(3)
        #: the last allocation's status ("ok", "infeasible", "near_singular", ...) and message
        self.status = "none"
        self.message = ""
        #: the last steering result (:class:`~.cmg.SteeringResult`)
        self.steering = None
        self.dynamics: VSCMGDynamics | None = None  # bound by the model (offset in u)

    @classmethod
    def from_mapping(cls, d: Mapping, *, source: str = "<mapping>") -> ThrusterVSCMGActuators:
        """Keys: ``thrusters`` (:meth:`ThrusterCluster.from_config`), ``cmgs``
        (:meth:`CMGCluster.from_config`), ``initial_gimbal_angles`` (rad, K values; default
        the cluster's ``gimbal_angle0``)."""
        unknown = sorted(set(d) - {"type", "thrusters", "cmgs", "initial_gimbal_angles"})
        if unknown:
            raise DescriptionError(f"{source}: base actuator 'thrusters_vscmg': unknown field(s) "
                                   f"{unknown}")
        try:
            thr = ThrusterCluster.from_config(d.get("thrusters"), source=f"{source}: thrusters")
            cmgs = CMGCluster.from_config(d.get("cmgs"), source=f"{source}: cmgs")
            return cls(thr, cmgs, d.get("initial_gimbal_angles"))
        except DescriptionError as exc:
            raise DescriptionError(f"{source}: {exc}") from exc
        except Exception as exc:  # ThrusterError / CMGError name the field already
            raise DescriptionError(str(exc)) from exc

    def bind(self, offset: int, nu: int, nv: int) -> VSCMGDynamics:
        """The cluster's :class:`VSCMGDynamics` for a model whose u has this actuator's first
        command at ``offset`` (called by the model)."""
        s, k = self.thrusters.count, self.cmgs.K
        index = np.arange(offset + s, offset + s + 2 * k)
        self.dynamics = VSCMGDynamics(self.cmgs, index, self.cmd_names, nu, nv,
                                      self.gamma_initial)
        return self.dynamics

    def wrench_matrix(self, q) -> np.ndarray:
        """(..., S + 2K, 6): rows Hᵀ (per newton of each thruster), zero for the CMG commands."""
        q = np.asarray(q, dtype=float)
        return np.broadcast_to(self._w, q.shape[:-1] + self._w.shape).copy()

    def allocate_wrench(self, q, wrench, *, v=None, actuator_state=None, t: float = 0.0):
        """u_base (S + 2K,) for the base wrench [F; T] (N, N·m; base axes, about the base
        origin): eq. (49), eq. (48), eq. (42).

        Parameters
        ----------
        q : (nq,) array
        wrench : (6,) array
        v : (nv,) array, optional
            The state's velocity (the base's ω = v[3:6] enters the steering's drift w).
        actuator_state : tuple of two (nu,) arrays, optional
            (positions, velocities) by the model's actuator names, as published on
            ``actuator_states``: γ from the gimbal channels' positions, Ω from the wheel
            channels' velocities. Default: the initial γ and Ω₀.
        t : float
            Time (s) for the steering's dither εᵢ(t).

        Never NaN: a non-finite demand or state gives thrusters off and zero CMG commands
        (status "invalid").
        """
        w = np.asarray(wrench, dtype=float)
        s, k = self.thrusters.count, self.cmgs.K
        out = self._out
        gamma, om = self._gamma, self._omega_w
        if actuator_state is not None and self.dynamics is not None:
            idx = self.dynamics.index
            np.take(actuator_state[0], idx[:k], out=gamma)
            np.take(actuator_state[1], idx[k:], out=om)
        omega = (0.0, 0.0, 0.0) if v is None else np.asarray(v, dtype=float)[3:6]
        if not (np.all(np.isfinite(w)) and np.all(np.isfinite(gamma))
                and np.all(np.isfinite(om)) and np.all(np.isfinite(omega))):
            out[:s] = self.thrusters.sigma_min
            out[s:] = 0.0
            self.status = "invalid"
            self.message = (f"non-finite base wrench {w.tolist()} or CMG state (gimbal "
                            f"{gamma.tolist()}, wheels {om.tolist()}): thrusters off, CMGs "
                            "braked")
            return out.copy()
        res = self.thrusters.allocate(w[:3])
        out[:s] = res.sigma
        t_cmg = self._t_cmg
        np.subtract(w[3:], res.wrench[3:], out=t_cmg)  # eq. (48)
        st = self.cmgs.steer(t_cmg, gamma, om, omega, t)  # eq. (42)
        out[s:s + k] = st.gimbal_rate
        out[s + k:] = st.wheel_accel
        self.steering = st
        flags = [f for f in (res.status if res.status != "optimal" else "",
                             st.status if st.status != "ok" else "") if f]
        self.status = "+".join(flags) if flags else "ok"
        self.message = "; ".join(m for m in (res.message if res.status != "optimal" else "",
                                             st.message) if m)
        return out.copy()


register_base_actuator("thrusters_vscmg", ThrusterVSCMGActuators.from_mapping, replace=True)
