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
* integrator and dry friction as :class:`~modyn_hardware.mujoco_plant.MujocoPlant` sets them
  (both are :class:`~modyn_hardware.mujoco_base.MujocoBase`): RK4 or semi-implicit Euler with
  implicit damping (``eulerdamp``, which covers joint *and* tendon damping), ``frictionloss``
  as stiff as MuJoCo accepts (time constant 2·dt, impedance 0.99), joint limits and auto-reset
  off, a diverging step refused and undone;
* ``push``: a wrench at a frame of the model through ``xfrc_applied``
  (:meth:`~modyn_hardware.mujoco_base.MujocoBase.push`), on the MJCF body of the frame's name
  or its ``<site>`` (:func:`modyn_model.mjcf.link_tree` writes the links as bodies and the
  model's other frames, e.g. ``tool0``, as sites): the generalized force Jᵀ [f; m] of the
  built-in plant's push.

Explicit in the tendon stiffness: a spring mode ω is stable for dt·ω below 2 (semi-implicit
Euler) or 2.785 (RK4); config/systems/rx90_elastic_mujoco.yaml has ω ≤ 225 rad/s at 1 kHz.
"""

from __future__ import annotations

import warnings
from collections.abc import Sequence

import numpy as np

from .checks import checked_vector
from .mujoco_base import MujocoBase, check_integrator, import_mujoco, joint_addresses
from .mujoco_plant import _FRICTION_IMPEDANCE
from .plant import PlantError, PlantState

__all__ = ["ExportedModelPlant", "mujoco_export_of"]


def mujoco_export_of(model):
    """``model.mujoco_mjcf`` when the model offers it (a callable member), else None."""
    member = getattr(model, "mujoco_mjcf", None)
    return member if callable(member) else None


class ExportedModelPlant(MujocoBase):
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
        check_integrator(integrator)
        export = mujoco_export_of(model)
        if export is None:
            raise PlantError(f"mujoco plant: model '{model.name}' has no mujoco_mjcf export")
        mujoco = import_mujoco()
        self.model = model
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
        self.qpos_index, self.dof_index = joint_addresses(
            mujoco, m, self._coords, f"the export of '{model.name}'"
        )
        acts = [mujoco.mj_name2id(m, obj.mjOBJ_ACTUATOR, a) for a in self._acts]
        if min(acts, default=0) < 0 or m.nu != len(self._acts):
            raise PlantError(
                f"mujoco plant: the export of '{model.name}' has actuators "
                f"{[mujoco.mj_id2name(m, obj.mjOBJ_ACTUATOR, i) for i in range(m.nu)]}, the "
                f"model's are {list(self._acts)}"
            )
        self._act_index = np.array(acts, dtype=int)
        m.dof_solimp[:, :2] = _FRICTION_IMPEDANCE  # the stiffest dry friction (MujocoPlant)
        # options, mj_data, the step's buffers and the push (MujocoBase)
        self._init_mujoco(mujoco, m, integrator, len(self._acts))
        self._q = np.zeros(len(self._coords))
        self._v = np.zeros(len(self._coords))
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
        self._clear_inputs()
