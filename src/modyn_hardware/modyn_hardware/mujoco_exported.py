"""MuJoCo on a mechanism that exports itself: a model with ``mujoco_mjcf(friction=...)``.

A mechanism that is not a URDF tree in its own coordinates but has an exact MuJoCo counterpart
can write it (e.g. the elastic-joint robot, :mod:`modyn_model.mechanisms.elastic.export`: link
joints, coaxial rotor joints, spring tendons, motors on the rotors). :class:`ExportedModelPlant`
runs that MJCF with the mechanism's names and sizes; the plant knows nothing of the kind:

* the MJCF's joints are named as ``model.coordinate_names`` (hinge/slide joints: one qpos and
  one dof each, so nq = nv) and its actuators as ``model.actuator_names`` (``motor``
  actuators: qfrc_actuator = Sᵀ u with the model's S); both checked at construction;
* ``write``: u into the actuators' ``ctrl`` (the model's ``forcerange`` clamps at the motor
  limits, which the hardware interface already enforces);
* integrator and dry friction as :class:`~modyn_hardware.mujoco_plant.MujocoPlant` sets them:
  RK4 or semi-implicit Euler with implicit damping (``eulerdamp``, which covers joint *and*
  tendon damping), ``frictionloss`` as stiff as MuJoCo accepts (time constant 2·dt, impedance
  0.99), joint limits and auto-reset off, a diverging step refused and undone.

Explicit in the tendon stiffness: a spring mode ω is stable for dt·ω below 2 (semi-implicit
Euler) or 2.785 (RK4); config/systems/rx90_elastic_mujoco.yaml has ω ≤ 225 rad/s at 1 kHz.
"""

from __future__ import annotations

import math
import warnings
from collections.abc import Sequence

import numpy as np

from .checks import checked_vector
from .mujoco_plant import _FRICTION_IMPEDANCE
from .plant import Plant, PlantError, PlantState
from .simulated import INTEGRATORS

__all__ = ["ExportedModelPlant", "mujoco_export_of"]


def mujoco_export_of(model):
    """``model.mujoco_mjcf`` when the model offers it (a callable member), else None."""
    member = getattr(model, "mujoco_mjcf", None)
    return member if callable(member) else None


class ExportedModelPlant(Plant):
    """A mechanism simulated by MuJoCo from its own MJCF export (module docstring).

    Parameters
    ----------
    model : MechanismModel
        With ``mujoco_mjcf(friction=...)`` returning MJCF text.
    integrator : {"rk4", "semi_implicit_euler"}
    q0 : (nq,) array_like, optional
        Initial coordinates (rad / m; default ``model.neutral()``), at rest.
    friction : bool
        Passed to the export (friction and damping elements, or none).

    Attributes
    ----------
    mj_model, mj_data : mujoco.MjModel, mujoco.MjData
    notes : list of str
        The export's warnings (what MuJoCo does not reproduce), also logged by the node.

    Raises
    ------
    PlantError
        MuJoCo missing or rejecting the MJCF; its joints or actuators not the model's names.
    """

    def __init__(
        self,
        model,
        integrator: str = "rk4",
        q0: Sequence[float] | np.ndarray | None = None,
        *,
        friction: bool = True,
    ):
        if integrator not in INTEGRATORS:
            raise PlantError(f"integrator must be one of {list(INTEGRATORS)}, got {integrator!r}")
        export = mujoco_export_of(model)
        if export is None:
            raise PlantError(f"mujoco plant: model '{model.name}' has no mujoco_mjcf export")
        try:
            import mujoco
        except ImportError:
            raise PlantError(
                "plant 'mujoco' needs the Python package 'mujoco' (pip install mujoco)"
            ) from None
        self._mj = mujoco
        self.model = model
        self.integrator = integrator
        self.friction = bool(friction)
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            xml = export(friction=self.friction)
        self.notes = [str(w.message) for w in caught]
        try:
            m = mujoco.MjModel.from_xml_string(xml)
        except ValueError as exc:
            raise PlantError(
                f"mujoco plant: MuJoCo rejected the export of {model.source}: {exc}"
            ) from None
        self._coords = tuple(model.coordinate_names)
        self._acts = tuple(model.actuator_names)
        if m.nq != len(self._coords) or m.nv != len(self._coords):
            raise PlantError(
                f"mujoco plant: the export of '{model.name}' has nq = {m.nq}, nv = {m.nv}; the "
                f"model has {len(self._coords)} coordinates {list(self._coords)}"
            )
        obj = mujoco.mjtObj
        qpos, dof = [], []
        for name in self._coords:
            jid = mujoco.mj_name2id(m, obj.mjOBJ_JOINT, name)
            if jid < 0:
                raise PlantError(
                    f"mujoco plant: the export of '{model.name}' has no joint '{name}'"
                )
            qpos.append(int(m.jnt_qposadr[jid]))
            dof.append(int(m.jnt_dofadr[jid]))
        acts = [mujoco.mj_name2id(m, obj.mjOBJ_ACTUATOR, a) for a in self._acts]
        if min(acts, default=0) < 0 or m.nu != len(self._acts):
            raise PlantError(
                f"mujoco plant: the export of '{model.name}' has actuators "
                f"{[mujoco.mj_id2name(m, obj.mjOBJ_ACTUATOR, i) for i in range(m.nu)]}, the "
                f"model's are {list(self._acts)}"
            )
        self.qpos_index = np.array(qpos, dtype=int)
        self.dof_index = np.array(dof, dtype=int)
        self._act_index = np.array(acts, dtype=int)
        m.dof_solimp[:, :2] = _FRICTION_IMPEDANCE  # the stiffest dry friction (MujocoPlant)
        m.opt.integrator = (
            mujoco.mjtIntegrator.mjINT_RK4
            if integrator == "rk4"
            else mujoco.mjtIntegrator.mjINT_EULER
        )
        dsbl = mujoco.mjtDisableBit
        m.opt.disableflags |= int(dsbl.mjDSBL_LIMIT | dsbl.mjDSBL_AUTORESET)
        m.opt.disableflags &= ~int(dsbl.mjDSBL_EULERDAMP)
        self.mj_model = m
        self.mj_data = d = mujoco.MjData(m)
        warning = mujoco.mjtWarning
        self._bad = tuple(
            d.warning[int(w)]
            for w in (warning.mjWARN_BADQACC, warning.mjWARN_BADQPOS, warning.mjWARN_BADQVEL)
        )
        self._warnings = 0
        self._tau = np.zeros(len(self._acts))
        self._q = np.zeros(len(self._coords))
        self._v = np.zeros(len(self._coords))
        self._q_saved = np.zeros(m.nq)
        self._v_saved = np.zeros(m.nv)
        self._time = 0.0
        self._dt = math.nan
        self.reset(model.neutral() if q0 is None else q0)

    # ------------------------------------------------------------------ Plant
    @property
    def joint_names(self) -> tuple[str, ...]:
        return self._coords

    @property
    def coordinate_names(self) -> tuple[str, ...]:
        return self._coords

    @property
    def velocity_names(self) -> tuple[str, ...]:
        return self._coords

    @property
    def actuator_names(self) -> tuple[str, ...]:
        return self._acts

    @property
    def time(self) -> float:
        """Simulated time (s)."""
        return self._time

    def read(self) -> PlantState:
        """A snapshot of time, q, v (the model's order) and the applied effort."""
        d = self.mj_data
        np.take(d.qpos, self.qpos_index, out=self._q)
        np.take(d.qvel, self.dof_index, out=self._v)
        return PlantState.snapshot(self._time, self._q, self._v, self._tau)

    def write(self, effort: Sequence[float] | np.ndarray) -> None:
        """Apply ``effort`` (the model's actuators, N·m / N) from now on.

        Raises
        ------
        PlantError
            Wrong length or a non-finite value (naming the actuator); the previous effort stays.
        """
        self._tau[:] = checked_vector("effort", effort, self._acts, "actuator")
        self.mj_data.ctrl[self._act_index] = self._tau

    def step(self, dt: float) -> None:
        """Advance by ``dt`` s under the last written effort; a diverging step is undone and
        raises :class:`PlantError`."""
        if not (dt > 0.0 and math.isfinite(dt)):
            raise PlantError(f"dt must be a positive finite number of seconds, got {dt!r}")
        m, d = self.mj_model, self.mj_data
        if dt != self._dt:
            self._dt = m.opt.timestep = dt
            m.dof_solref[:, 0] = 2.0 * dt  # dry friction as stiff as MuJoCo accepts
        np.copyto(self._q_saved, d.qpos)
        np.copyto(self._v_saved, d.qvel)
        self._mj.mj_step(m, d)
        warnings_now = sum(w.number for w in self._bad)
        if warnings_now != self._warnings or not math.isfinite(d.qpos.sum() + d.qvel.sum()):
            self._warnings = warnings_now
            np.copyto(d.qpos, self._q_saved)
            np.copyto(d.qvel, self._v_saved)
            d.time -= dt
            raise PlantError(
                f"the simulation diverged at t = {self._time:.6f} s (non-finite state in "
                "MuJoCo); reduce the step or the gains"
            )
        self._time += dt

    def reset(
        self, q0: Sequence[float] | np.ndarray, v0: Sequence[float] | np.ndarray | None = None
    ) -> None:
        """Move to ``q0`` with velocity ``v0`` (default at rest) and zero effort."""
        q = checked_vector("q0", q0, self._coords, "coordinate")
        v = checked_vector("v0", v0, self._coords, "coordinate") if v0 is not None else None
        d = self.mj_data
        d.qvel[:] = 0.0
        d.qpos[self.qpos_index] = q
        if v is not None:
            d.qvel[self.dof_index] = v
        d.qacc_warmstart[:] = 0.0
        self._tau.fill(0.0)
        d.ctrl[:] = 0.0
