"""Joint-space planning for a floating-base mechanism: the joints, the base left out.

A floating-base model (the contract's ``floating_base``: q = [p (3), Q (4), θ], v = [base twist
(6), θ̇]) has nq ≠ nv, which the joint-space planners cannot interpolate (q̇ = v needs nq = nv).
Its joints alone can be: the nodes carry them on ``joint_states`` (the base on
``base_state``), and the feedback controller takes trajectories that name only the joints and
holds the base where its hold began (docs/nodes.md). :func:`planning_model` therefore gives the
trajectory generator a view of the model restricted to the joints,

    coordinate_names = coordinate_names[7:],   velocity_names = velocity_names[6:],
    lower/upper = lower/upper[7:],             velocity_limit = velocity_limit[6:],

with nq = nv = n_θ, so that joint goals (timed or not, one or many waypoints) are planned for
the joints and the planned trajectory names them only. The base is not planned: it is the
controller's to hold. A tool pose goal needs the base pose (the tool's pose in the world
depends on it): the view offers no kinematics and the generator refuses ``goal_pose`` for it
with that reason. Nothing here is specific to one mechanism.
"""

from __future__ import annotations

import numpy as np

__all__ = ["BASE_COORDINATES", "BASE_VELOCITIES", "FloatingJoints", "planning_model"]

#: a free-flyer base's coordinates (position, unit quaternion) and velocities (twist)
BASE_COORDINATES, BASE_VELOCITIES = 7, 6


class FloatingJoints:
    """The joints of a floating-base ``model`` as a fixed-base mechanism for planning.

    Attributes
    ----------
    model : MechanismModel
        The whole model.
    name, base_frame, frame_names : as the model's
    coordinate_names, velocity_names : tuple of str
        The joints (the base's 7 coordinates / 6 velocities left out).
    nq, nv : int
        The number of joints (equal).
    lower, upper : (n,) ndarray
        Joint position limits (rad or m).
    velocity_limit : (n,) ndarray
        Joint velocity limits (rad/s or m/s).
    floating_base : bool
        False: this view has no base.
    """

    floating_base = False
    kinematics = False  # no frame placements: tool pose goals need the base pose

    def __init__(self, model):
        self.model = model
        self.name = str(model.name)
        self.base_frame = str(getattr(model, "base_frame", ""))
        self.frame_names = tuple(getattr(model, "frame_names", ()))
        self.coordinate_names = tuple(model.coordinate_names[BASE_COORDINATES:])
        self.velocity_names = tuple(model.velocity_names[BASE_VELOCITIES:])
        self.nq = len(self.coordinate_names)
        self.nv = len(self.velocity_names)
        self.lower = np.asarray(model.lower, dtype=float)[BASE_COORDINATES:].copy()
        self.upper = np.asarray(model.upper, dtype=float)[BASE_COORDINATES:].copy()
        self.velocity_limit = np.asarray(model.velocity_limit, dtype=float)[
            BASE_VELOCITIES:
        ].copy()

    def __repr__(self) -> str:
        return f"FloatingJoints({self.name!r}: {list(self.coordinate_names)})"


def planning_model(model):
    """What the joint-space planners plan for ``model``: the joints of a floating-base model
    (:class:`FloatingJoints`, when they are plain coordinates: as many positions as
    velocities), else the model itself."""
    if not getattr(model, "floating_base", False):
        return model
    view = FloatingJoints(model)
    if view.nq != model.nq - BASE_COORDINATES or view.nv != model.nv - BASE_VELOCITIES:
        return model
    if view.nq != view.nv or view.nq == 0:
        return model  # joints with their own nq != nv: the generator says it cannot plan
    return view
