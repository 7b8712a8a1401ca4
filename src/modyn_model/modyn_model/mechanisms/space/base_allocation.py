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
