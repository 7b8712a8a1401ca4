"""Assemble a :class:`RobotModel` from links and joints given parent-first.

Both the URDF and the modified-DH loaders feed this builder, so the rules live in one place:
fixed joints do not create bodies, their child's inertia is merged into the nearest moving
ancestor (or dropped when the ancestor is the fixed base) and their frames stay reachable by
name for kinematics.
"""

from __future__ import annotations

import numpy as np

from .errors import InertiaError, JointError, TopologyError
from .inertia import transform_parameters
from .joint import PRISMATIC, REVOLUTE, JointExtras

__all__ = ["TreeBuilder", "Frame"]


class Frame:
    """A named frame rigidly attached to body ``body`` (-1: the fixed base).

    ``rotation`` and ``translation`` place the frame in the body frame (^bR_f, ^bP_f).
    """

    __slots__ = ("name", "body", "rotation", "translation")

    def __init__(self, name: str, body: int, rotation: np.ndarray, translation: np.ndarray):
        self.name = name
        self.body = int(body)
        self.rotation = np.array(rotation, dtype=float)
        self.translation = np.array(translation, dtype=float)
        self.rotation.flags.writeable = False
        self.translation.flags.writeable = False

    def __repr__(self) -> str:
        return f"Frame({self.name!r}, body={self.body})"


class TreeBuilder:
    """Collects links parent-first and produces the arrays of a RobotModel."""

    def __init__(self, name: str, root: str, source: str):
        self.name = name
        self.root = root
        self.source = source
        self.frames: dict[str, Frame] = {root: Frame(root, -1, np.eye(3), np.zeros(3))}
        self.body_names: list[str] = []
        self.joint_names: list[str] = []
        self.parents: list[int] = []
        self.sigma: list[int] = []
        self.rotations: list[np.ndarray] = []
        self.origins: list[np.ndarray] = []
        self.axes: list[np.ndarray] = []
        self.params: list[np.ndarray] = []
        self.extras: list[JointExtras] = []
        self.limits: list[tuple[float, float, float, float]] = []
        # the base body's standard parameters (root link + links fixed to it), base axes: a
        # fixed base ignores them; a floating base (modyn_model.floating) needs them. Filled by
        # the loaders that are asked for a floating base (see build_from_urdf).
        self.root_params = np.zeros(10)
        # name of the URDF's floating root joint (world --floating--> base), if it had one
        self.floating_joint: str | None = None

    def add_link(
        self,
        link: str,
        parent_link: str,
        joint: str,
        joint_type: str,
        rotation: np.ndarray,
        origin: np.ndarray,
        axis: np.ndarray | None,
        params: np.ndarray | None,
        extras: JointExtras | None = None,
        limits: tuple[float, float, float, float] = (-np.inf, np.inf, np.inf, np.inf),
    ) -> None:
        """Attach ``link`` to ``parent_link`` through ``joint``.

        ``rotation``/``origin`` place the joint frame in the parent link frame at q = 0
        (URDF ``<origin>``); ``params`` are the link's standard parameters in its own frame;
        ``limits`` are (lower, upper, velocity, effort).
        """
        where = f"{self.source}: joint '{joint}'"
        if parent_link not in self.frames:
            raise TopologyError(
                f"{where}: parent link '{parent_link}' is not attached to root '{self.root}'"
            )
        if link in self.frames:
            raise TopologyError(
                f"{where}: link '{link}' already has a parent; a kinematic loop is not a tree"
            )
        parent = self.frames[parent_link]
        rot = parent.rotation @ np.asarray(rotation, dtype=float)
        pos = parent.rotation @ np.asarray(origin, dtype=float) + parent.translation
        if joint_type == "fixed":
            self.frames[link] = Frame(link, parent.body, rot, pos)
            if params is not None and parent.body >= 0:
                b = parent.body
                self.params[b] = self.params[b] + transform_parameters(params, rot, pos)
            elif params is not None:  # fixed to the base: part of a floating base's body
                self.root_params = self.root_params + transform_parameters(params, rot, pos)
            return
        if joint_type in ("revolute", "continuous"):
            sigma = REVOLUTE
        elif joint_type == "prismatic":
            sigma = PRISMATIC
        else:
            raise JointError(
                f"{where}: joint type '{joint_type}' is not supported (revolute, continuous, "
                "prismatic and fixed are)"
            )
        ax = np.asarray(axis if axis is not None else (1.0, 0.0, 0.0), dtype=float)
        norm = float(np.linalg.norm(ax))
        if not np.all(np.isfinite(ax)) or norm < 1e-12:
            raise JointError(f"{where}: axis {ax.tolist()} is not a non-zero finite vector")
        lower, upper, velocity, effort = (float(x) for x in limits)
        if lower > upper:
            raise JointError(f"{where}: lower limit {lower} is above upper limit {upper}")
        if velocity <= 0.0 or effort <= 0.0:
            raise JointError(
                f"{where}: velocity limit ({velocity}) and effort limit ({effort}) must be positive"
            )
        index = len(self.body_names)
        self.frames[link] = Frame(link, index, np.eye(3), np.zeros(3))
        self.body_names.append(link)
        self.joint_names.append(joint)
        self.parents.append(parent.body)
        self.sigma.append(sigma)
        self.rotations.append(rot)
        self.origins.append(pos)
        self.axes.append(ax / norm)
        self.params.append(np.zeros(10) if params is None else np.asarray(params, dtype=float))
        self.extras.append(extras or JointExtras())
        self.limits.append((lower, upper, velocity, effort))

    def check_masses(self) -> None:
        """Every joint must move some mass.

        A massless moving link is accepted when it carries massive links (a "virtual link"
        between two joints, as in Khalil's option 1 for a mobile base); a joint whose whole
        subtree is massless has no inertia and makes A(q) singular, so it is an error.
        """
        carried = [float(p[9]) for p in self.params]
        for j in range(len(carried) - 1, -1, -1):
            if self.parents[j] >= 0:
                carried[self.parents[j]] += carried[j]
        for j, (name, joint) in enumerate(zip(self.body_names, self.joint_names, strict=True)):
            if not carried[j] > 0.0:
                raise InertiaError(
                    f"{self.source}: link '{name}' (moved by joint '{joint}') has no mass and "
                    "carries no link with mass, so the joint moves nothing; give the link an "
                    "<inertial> with a positive mass, or make the joint fixed"
                )
