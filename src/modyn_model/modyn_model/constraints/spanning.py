"""A mechanism's spanning tree: the URDF tree plus closures that a tree-only simulator runs.

A closed-chain mechanism modelled in its own minimal coordinates (e.g. the Stewart platform's
pose x, :class:`~modyn_model.mechanisms.stewart.StewartModel`) can offer the optional contract
member ``spanning_tree()`` (:mod:`modyn_model.contract`) returning a :class:`SpanningTree`: the
same mechanism cut open into a URDF tree and closed again by constraints
(:class:`~modyn_model.constraints.LoopClosure`, ...). A plant that simulates URDF trees with
equality constraints (the MuJoCo plant) then runs the tree, and reads the mechanism's state back
from the tree joints that carry it; nothing in the plant knows which mechanism it is.

Requirements on the mechanism (checked by the consumer, :mod:`modyn_hardware.mujoco_spanning`):

* each of its coordinates q_j and velocities v_j IS the value / rate of one tree joint
  (``coordinate_joints`` / ``velocity_joints``; q̇ = v there: the tree joints are 1-dof);
* each actuator u_k is the effort of one tree joint (``actuator_joints``), so that the tree's
  generalized force is τ_tree[actuator_joints[k]] = u_k and the mechanism's τ = Sᵀ u follows by
  virtual work through the closures;
* ``state(q, v)`` gives the tree's (q, v) (its own joint order, ``model.joint_names``) that
  satisfies the closures at position and velocity level.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

__all__ = ["SpanningTree"]


@dataclass(frozen=True)
class SpanningTree:
    """A closed mechanism as a URDF tree + constraints (module docstring).

    Attributes
    ----------
    urdf : str
        The tree's URDF text (the description a URDF-based simulator loads).
    model : ConstrainedModel
        The tree (``model.joint_names``, ``model.root``, ...) with its closures
        (``model.constraints``).
    state : callable (q, v) -> (q_tree, v_tree)
        The tree's coordinates and velocities (``model.joint_names`` order, rad / m and their
        rates) for the mechanism's (q, v), consistent with the closures.
    coordinate_joints, velocity_joints : tuple of str
        The tree joint whose value is each of the mechanism's coordinates / velocities
        (mechanism order).
    actuator_joints : tuple of str
        The tree joint each actuator drives (its effort, N or N·m, is the actuator's).
    """

    urdf: str
    model: object
    state: Callable[[np.ndarray, np.ndarray], tuple[np.ndarray, np.ndarray]]
    coordinate_joints: tuple[str, ...]
    velocity_joints: tuple[str, ...]
    actuator_joints: tuple[str, ...]
