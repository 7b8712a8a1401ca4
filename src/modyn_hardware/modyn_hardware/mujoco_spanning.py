"""MuJoCo on a closed mechanism through its spanning tree (the optional ``spanning_tree()``).

A mechanism modelled in its own minimal coordinates (no URDF joints: e.g. the Stewart platform,
q = the platform pose, u = the six leg forces) can offer ``spanning_tree()``
(:class:`modyn_model.constraints.SpanningTree`): the same mechanism as a URDF tree closed by
constraints. :class:`SpanningTreePlant` runs that constrained tree on a :class:`MujocoPlant`
(each closure a MuJoCo equality, :mod:`modyn_hardware.mujoco_constraints`) and presents it with
the MECHANISM's names and sizes:

* ``read``: q_j = the tree joint ``coordinate_joints[j]``'s qpos, v_j = ``velocity_joints[j]``'s
  qvel (gathered from MuJoCo's arrays by address, no per-tick allocation beyond the snapshot);
* ``write``: u_k is the effort of tree joint ``actuator_joints[k]``, every other tree joint is
  unactuated (zero effort); by virtual work through the closures this is the mechanism's
  τ = Sᵀ u (for the Stewart platform: a prismatic leg's force, S = J_E);
* ``reset(q, v)``: the tree at ``state(q, v)``, which satisfies the closures;
* ``diagnostics`` / ``constraint_forces``: the tree's closures' drift (``model.<closure>.position``
  / ``.velocity``, from the tree's ConstrainedModel) and MuJoCo's equality forces (λ, CONTRACT14);
  :attr:`closure_residual` tracks the largest position residual seen after a step.

MuJoCo's equalities are soft (a stiff spring-damper on the residual, time constant 2·dt,
impedance 0.9999, as :class:`MujocoPlant` sets them): the closures hold to a small residual,
not exactly, and the mechanism's accelerations differ from the exact constrained ones by the
part of the constraint force the softness leaves out (``test_mujoco_spanning.py`` measures both).
"""

from __future__ import annotations

import os
from collections.abc import Sequence

import numpy as np

from modyn_model.errors import ModynError

from .checks import checked_vector
from .mujoco_plant import MujocoPlant
from .plant import Plant, PlantError, PlantState

__all__ = ["SpanningTreePlant", "spanning_tree_of"]


def spanning_tree_of(model):
    """``model.spanning_tree()`` when the model offers it (a callable member), else None."""
    member = getattr(model, "spanning_tree", None)
    return member() if callable(member) else None


class SpanningTreePlant(Plant):
    """A mechanism simulated by MuJoCo as its spanning tree plus closures (module docstring).

    Parameters
    ----------
    model : MechanismModel
        The mechanism (names, sizes); it must have ``spanning_tree()``.
    integrator : {"rk4", "semi_implicit_euler"}
        MuJoCo's integrator (:class:`MujocoPlant`).
    q0 : (nq,) array_like, optional
        Initial coordinates (default ``model.neutral()``), at rest.
    friction, geometry, mesh_dirs
        As :class:`MujocoPlant` (for the tree's URDF).

    Attributes
    ----------
    tree : SpanningTree
    inner : MujocoPlant
        The MuJoCo plant of the constrained tree (its joints are the tree's).
    closure_residual : float
        The largest constraint position residual (m; rad for an orientation row) seen after a
        step since construction: MuJoCo's soft equalities' drift.

    Raises
    ------
    PlantError
        The model has no spanning tree, names a tree joint that does not exist, sizes that
        disagree, or MuJoCo cannot build the tree (:class:`MujocoPlant`).
    """

    can_push = True

    def __init__(
        self,
        model,
        integrator: str = "rk4",
        q0: Sequence[float] | np.ndarray | None = None,
        *,
        friction: bool = True,
        geometry: str = "none",
        mesh_dirs: Sequence[str | os.PathLike] = (),
    ):
        tree = spanning_tree_of(model)
        if tree is None:
            raise PlantError(f"mujoco plant: model '{model.name}' has no spanning_tree()")
        self.model, self.tree = model, tree
        names = tuple(tree.model.joint_names)
        for what, joints, n in (
            ("coordinate_joints", tree.coordinate_joints, model.nq),
            ("velocity_joints", tree.velocity_joints, model.nv),
            ("actuator_joints", tree.actuator_joints, model.nu),
        ):
            if len(joints) != n:
                raise PlantError(
                    f"mujoco plant: model '{model.name}''s spanning tree gives {len(joints)} "
                    f"{what} for {n} values"
                )
            unknown = [j for j in joints if j not in names]
            if unknown:
                raise PlantError(
                    f"mujoco plant: model '{model.name}''s spanning tree: {what} {unknown} are "
                    f"not joints of the tree {list(names)}"
                )
        if q0 is None:
            q0 = model.neutral()
        q = checked_vector("q0", q0, self.coordinate_names, "coordinate")
        q_tree, v_tree = self._tree_state(q, np.zeros(model.nv))
        self.inner = MujocoPlant(
            tree.model,
            tree.urdf,
            integrator,
            q0=q_tree,
            friction=friction,
            geometry=geometry,
            mesh_dirs=mesh_dirs,
        )
        self.inner.reset(q_tree, v_tree)
        self.integrator = integrator
        inner = self.inner
        index = {name: k for k, name in enumerate(names)}
        # MuJoCo addresses of the mechanism's coordinates / velocities, and the tree's modyn
        # index of each actuator's joint
        self._qpos = inner.qpos_index[[index[j] for j in tree.coordinate_joints]]
        self._qvel = inner.dof_index[[index[j] for j in tree.velocity_joints]]
        self._act = np.array([index[j] for j in tree.actuator_joints], dtype=int)
        self._u = np.zeros(model.nu)
        self._tau_tree = np.zeros(len(names))
        self.closure_residual = 0.0
        # at most 6 rows per equality (a weld; a connect has 3)
        self._residual = np.zeros(6 * self.inner.mj_model.neq)

    # ------------------------------------------------------------------ names
    @property
    def joint_names(self) -> tuple[str, ...]:
        return tuple(self.model.coordinate_names)

    @property
    def coordinate_names(self) -> tuple[str, ...]:
        return tuple(self.model.coordinate_names)

    @property
    def velocity_names(self) -> tuple[str, ...]:
        return tuple(self.model.velocity_names)

    @property
    def actuator_names(self) -> tuple[str, ...]:
        return tuple(self.model.actuator_names)

    @property
    def time(self) -> float:
        return self.inner.time

    @property
    def notes(self) -> list[str]:
        return self.inner.notes

    @property
    def mj_model(self):
        return self.inner.mj_model

    @property
    def mj_data(self):
        return self.inner.mj_data

    # ------------------------------------------------------------------ Plant
    def read(self) -> PlantState:
        """Time, the mechanism's q and v (read from the tree joints that carry them) and the
        actuator efforts last written."""
        d = self.inner.mj_data
        return PlantState.snapshot(self.inner.time, d.qpos[self._qpos], d.qvel[self._qvel], self._u)

    def write(self, effort: Sequence[float] | np.ndarray) -> None:
        """Apply the actuator efforts ``effort`` (``actuator_names`` order, N or N·m) to their
        tree joints from now on; the other tree joints get none.

        Raises
        ------
        PlantError
            Wrong length or a non-finite value (naming the actuator); the previous effort stays.
        """
        self._u[:] = checked_vector("effort", effort, self.actuator_names, "actuator")
        self._tau_tree[self._act] = self._u
        self.inner.write(self._tau_tree)

    def step(self, dt: float) -> None:
        """Advance MuJoCo by ``dt`` (s); track the closures' largest position residual.

        Raises
        ------
        PlantError
            As :meth:`MujocoPlant.step` (bad dt, divergence: the state is left as it was).
        """
        self.inner.step(dt)
        d = self.inner.mj_data
        # MuJoCo's own residual of its equality rows (efc_pos, m for a connect), computed in
        # the step's forward pass, i.e. at the state before the step: no extra kinematics.
        # MuJoCo puts the equality rows first (d.ne of them); into a preallocated buffer
        ne = int(d.ne)
        if ne:
            res = self._residual[:ne]
            np.abs(d.efc_pos[:ne], out=res)
            self.closure_residual = max(self.closure_residual, float(res.max()))

    def reset(
        self, q0: Sequence[float] | np.ndarray, v0: Sequence[float] | np.ndarray | None = None
    ) -> None:
        """Move to the mechanism's (q0, v0) (default at rest): the tree at ``state(q0, v0)``,
        zero effort. Time keeps running.

        Raises
        ------
        PlantError
            Wrong length, a non-finite value, or a state the tree cannot take (naming it).
        """
        q = checked_vector("q0", q0, self.coordinate_names, "coordinate")
        v = (
            np.zeros(self.model.nv)
            if v0 is None
            else checked_vector("v0", v0, self.velocity_names, "velocity coordinate")
        )
        q_tree, v_tree = self._tree_state(q, v)
        self.inner.reset(q_tree, v_tree)
        self._u.fill(0.0)
        self._tau_tree.fill(0.0)

    def diagnostics(self) -> dict:
        """The closures' drift at the current state (``model.<closure>.position`` /
        ``.velocity``, the tree's ConstrainedModel) and ``closure_residual_max`` (the largest
        position residual seen after a step, m)."""
        out = self.inner.diagnostics()
        out["closure_residual_max"] = self.closure_residual
        return out

    def constraint_forces(self) -> dict[str, np.ndarray]:
        """The closures' forces λ (N, on body b of each closure, world axes) from MuJoCo's
        equality forces at the current state (:meth:`MujocoPlant.constraint_forces`)."""
        return self.inner.constraint_forces()

    def push(self, frame: str, force, duration: float, torque=None) -> None:
        """A push on a link of the tree (:meth:`MujocoPlant.push`; the mechanism's frames that
        are tree links, e.g. the Stewart ``platform``)."""
        self.inner.push(frame, force, duration, torque)

    # ------------------------------------------------------------------ internals
    def _tree_state(self, q: np.ndarray, v: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        try:
            q_tree, v_tree = self.tree.state(q, v)
        except ModynError as exc:  # the model's own error (ModelError) names the state
            raise PlantError(
                f"mujoco plant: model '{self.model.name}' at q = {np.round(q, 6).tolist()}: its "
                f"spanning tree cannot take this state: {exc}"
            ) from None
        return np.asarray(q_tree, dtype=float), np.asarray(v_tree, dtype=float)
