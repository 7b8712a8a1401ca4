"""The immutable robot model shared by every algorithm.

A model is a kinematic tree of n bodies, body j moved by joint j (revolute or prismatic) relative
to its parent body a(j) (-1 is the fixed base). Body frames are numbered parent-first, so
a(j) < j. Joint j's frame R_j is placed in the parent frame at q = 0 by ^{a(j)}R_j(0) and
^{a(j)}P_j, and moves along/about the unit axis ``axis[j]`` given in R_j (for a modified-DH
table the axis is z_j). This generalises Khalil's modified Denavit-Hartenberg chain (where
^ja_j = [0, 0, 1]) to URDF trees without changing any of the chapter-7 equations.

The model holds no results; algorithms take a :class:`~modyn_model.data.Data` workspace or make
one. Every method accepts a leading batch axis on its state arguments.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence

import numpy as np

from .builder import Frame, TreeBuilder
from .checks import StateChecks
from .dynamics.coriolis import coriolis_matrix
from .dynamics.crba import mass_matrix
from .dynamics.direct import forward_dynamics
from .dynamics.energy import kinetic_energy, potential_energy
from .dynamics.friction import friction_torques
from .dynamics.rnea import coriolis_forces, gravity_torques, inverse_dynamics
from .errors import StateError, TopologyError, UnsupportedError
from .joint import JointExtras
from .kinematics import frame_jacobian, frame_jacobian_dot_v, frame_motion, frame_placement

__all__ = ["RobotModel"]

DEFAULT_GRAVITY = (0.0, 0.0, -9.81)


def _frozen(values, dtype=float) -> np.ndarray:
    arr = np.array(values, dtype=dtype)
    arr.flags.writeable = False
    return arr


def _model_of(cls, builder: TreeBuilder, gravity, floating_base: bool):
    """The model a parsed URDF describes: a FloatingBaseModel (floating root joint or
    ``floating_base=True``), a CoupledJointsModel (mimic joints) or the tree itself."""
    if floating_base or builder.floating_joint is not None:
        if getattr(builder, "mimic_joints", None):
            raise UnsupportedError(
                f"{builder.source}: a floating base with mimic joints "
                f"{sorted(builder.mimic_joints)} is not supported yet; load it with mimic='lock' "
                "or without floating_base"
            )
        from .floating import FloatingBaseModel

        return FloatingBaseModel.from_builder(builder, gravity)
    return _coupled_if_mimic(cls(builder, gravity=gravity), builder)


def _coupled_if_mimic(tree: RobotModel, builder: TreeBuilder):
    """``tree``, or its CoupledJointsModel when the builder recorded mimic joints."""
    mimics = getattr(builder, "mimic_joints", None)
    if not mimics:
        return tree
    from .mechanisms.coupled import CoupledJointsModel

    return CoupledJointsModel.from_mimic(tree, mimics)


class RobotModel(StateChecks):
    """Rigid-body model of a fixed-base kinematic tree (immutable); a
    :class:`~modyn_model.contract.MechanismModel` with q = v = joints and S = I (every joint
    actuated by a motor of its own name).

    Build one with :meth:`from_urdf`, :meth:`from_xacro` or :meth:`from_mdh`.

    Attributes
    ----------
    name : str
    source : str
        File the model came from (for messages).
    joint_names, link_names : tuple of str
        Joint j moves body (link) j; the order of q, v, a and τ.
    parents : (n,) int
        a(j), -1 for the base.
    sigma : (n,) int
        Khalil's joint type: 0 revolute, 1 prismatic.
    joint_rotations, joint_origins : (n, 3, 3), (n, 3)
        ^{a(j)}R_j and ^{a(j)}P_j at q = 0.
    axes : (n, 3)
        Unit joint axis in R_j.
    inertial_parameters : (n, 10)
        Standard parameters [XX XY XZ YY YZ ZZ MX MY MZ M] of each body about O_j in R_j
        (links fixed to it included).
    armature, viscous, coulomb, static_friction, stribeck_velocity, gear_ratio : (n,)
        Joint extras (see :mod:`modyn_model.joint`).
    lower, upper, velocity_limit, effort_limit : (n,)
        Limits (±inf or inf when absent).
    gravity_vector : (3,)
        Gravity acceleration in the base frame (m/s²).
    frames : Mapping[str, Frame]
        Every link of the description, moving or fixed, by name.
    """

    #: a fixed base (:class:`~modyn_model.floating.FloatingBaseModel` has True)
    floating_base = False

    def __init__(
        self,
        builder: TreeBuilder,
        gravity: Sequence[float] = DEFAULT_GRAVITY,
    ):
        if not builder.body_names:
            raise TopologyError(f"{builder.source}: the robot has no moving joint")
        builder.check_masses()
        g = np.asarray(gravity, dtype=float)
        if g.shape != (3,) or not np.all(np.isfinite(g)):
            raise StateError(f"gravity must be 3 finite numbers, got {gravity!r}")
        self.name = builder.name
        self.source = builder.source
        self.root = builder.root
        self.joint_names = tuple(builder.joint_names)
        self.n = len(self.joint_names)  # number of moving joints
        self.link_names = tuple(builder.body_names)
        self.parents = _frozen(builder.parents, int)
        self.sigma = _frozen(builder.sigma, int)
        self.joint_rotations = _frozen(builder.rotations)
        self.joint_origins = _frozen(builder.origins)
        self.axes = _frozen(builder.axes)
        self.inertial_parameters = _frozen(builder.params)
        ex = builder.extras
        self.extras = tuple(ex)
        self.armature = _frozen([e.armature for e in ex])
        self.viscous = _frozen([e.viscous for e in ex])
        self.coulomb = _frozen([e.coulomb for e in ex])
        self.static_friction = _frozen([e.breakaway for e in ex])
        self.stribeck_velocity = _frozen([e.stribeck_velocity for e in ex])
        self.gear_ratio = _frozen([e.gear_ratio for e in ex])
        lim = np.array(builder.limits, dtype=float).reshape(-1, 4)
        self.lower, self.upper = _frozen(lim[:, 0]), _frozen(lim[:, 1])
        self.velocity_limit, self.effort_limit = _frozen(lim[:, 2]), _frozen(lim[:, 3])
        self.gravity_vector = _frozen(g)
        self.frames: Mapping[str, Frame] = dict(builder.frames)
        self._builder = builder
        self._cache: dict = {}
        # children lists, used by tree recursions
        self.children = tuple(
            tuple(int(c) for c in np.flatnonzero(self.parents == j)) for j in range(self.n)
        )

    # ------------------------------------------------------------------ constructors
    @classmethod
    def from_urdf(
        cls,
        source: str | os.PathLike,
        *,
        root: str | None = None,
        tip: str | None = None,
        locked_joints: Sequence[str] = (),
        extras: str | os.PathLike | Mapping | None = None,
        gravity: Sequence[float] = DEFAULT_GRAVITY,
        mimic: str = "couple",
        floating_base: bool = False,
    ) -> RobotModel:
        """Load a URDF file (path) or URDF XML text.

        A description with moving ``<mimic>`` joints gives a
        :class:`~modyn_model.mechanisms.coupled.CoupledJointsModel` (independent joints only as
        coordinates, wrapping this tree) unless ``mimic`` says otherwise.

        Parameters
        ----------
        source : path or str
            A file path, or the XML itself (a string starting with ``<``).
        root : str, optional
            Link to use as the fixed base (default: the URDF root). Only its subtree is kept.
        tip : str, optional
            Keep only the joints on the path root → tip as coordinates; every other moving joint
            is locked at 0 and its subtree merged as a rigid load.
        locked_joints : sequence of str
            Joints to lock at 0 (treated as fixed).
        extras : path, mapping or None
            Joint extras side file (YAML), see :mod:`modyn_model.extras_file`.
        gravity : (3,)
            Gravity in the root frame (m/s²).
        mimic : {"couple", "lock", "error"}
            Moving joints with ``<mimic>``: ``"couple"`` (default) returns a CoupledJointsModel;
            ``"lock"`` locks them at 0 (as ``locked_joints``); ``"error"`` refuses them with an
            :class:`UnsupportedError` naming the joint.
        floating_base : bool
            Return a :class:`~modyn_model.floating.FloatingBaseModel` whose free-flyer base is
            the root link (also returned for a URDF whose root joint is ``floating``).
        """
        from .urdf import build_from_urdf

        builder = build_from_urdf(
            source,
            root=root,
            tip=tip,
            locked=locked_joints,
            extras=extras,
            mimic=mimic,
            floating_base=floating_base,
        )
        return _model_of(cls, builder, gravity, floating_base)

    @classmethod
    def from_xacro(
        cls,
        path: str | os.PathLike,
        *,
        root: str | None = None,
        tip: str | None = None,
        locked_joints: Sequence[str] = (),
        extras: str | os.PathLike | Mapping | None = None,
        gravity: Sequence[float] = DEFAULT_GRAVITY,
        mimic: str = "couple",
        floating_base: bool = False,
        **xacro_args: str,
    ) -> RobotModel:
        """Expand a xacro file with ``xacro_args`` (name=value mappings) and load the URDF
        (``mimic`` and ``floating_base`` as in :meth:`from_urdf`)."""
        from .urdf import build_from_urdf, expand_xacro

        xml = expand_xacro(path, xacro_args)
        builder = build_from_urdf(
            xml,
            root=root,
            tip=tip,
            locked=locked_joints,
            extras=extras,
            source_name=str(path),
            mimic=mimic,
            floating_base=floating_base,
        )
        return _model_of(cls, builder, gravity, floating_base)

    @classmethod
    def from_mdh(
        cls, table: str | os.PathLike | Mapping, *, gravity: Sequence[float] | None = None
    ) -> RobotModel:
        """Load a Khalil modified-DH table (YAML file or mapping), see :mod:`modyn_model.mdh`."""
        from .mdh import build_from_mdh

        builder, g = build_from_mdh(table)
        return cls(builder, gravity=g if gravity is None else gravity)

    def with_gravity(self, gravity: Sequence[float]) -> RobotModel:
        """The same robot under another gravity vector."""
        return RobotModel(self._builder, gravity=gravity)

    def with_parameters(
        self,
        inertial_parameters: np.ndarray | None = None,
        extras: Sequence[JointExtras] | None = None,
    ) -> RobotModel:
        """The same kinematics with other inertial parameters (n, 10) and/or joint extras."""
        import copy

        b = copy.copy(self._builder)
        if inertial_parameters is not None:
            p = np.asarray(inertial_parameters, dtype=float)
            if p.shape != (self.n, 10):
                raise StateError(
                    f"inertial_parameters must have shape ({self.n}, 10), got {p.shape}"
                )
            b.params = [row.copy() for row in p]
        if extras is not None:
            if len(extras) != self.n:
                raise StateError(f"extras must have {self.n} entries, got {len(extras)}")
            b.extras = list(extras)
        return RobotModel(b, gravity=self.gravity_vector)

    # ------------------------------------------------------------------ sizes and lookup
    @property
    def nq(self) -> int:
        """Size of q."""
        return self.n

    @property
    def nv(self) -> int:
        """Size of v, a and τ."""
        return self.n

    @property
    def nu(self) -> int:
        """Number of actuators (one per joint)."""
        return self.n

    @property
    def coordinate_names(self) -> tuple[str, ...]:
        """Names of the generalized coordinates (the joint names)."""
        return self.joint_names

    @property
    def velocity_names(self) -> tuple[str, ...]:
        """Names of the velocity coordinates (the joint names)."""
        return self.joint_names

    @property
    def actuator_names(self) -> tuple[str, ...]:
        """Names of the actuators: each joint's motor has the joint's name."""
        return self.joint_names

    def joint_index(self, name: str) -> int:
        """Index of joint ``name`` in q."""
        try:
            return self.joint_names.index(name)
        except ValueError:
            raise TopologyError(
                f"{self.source}: no moving joint named '{name}'; "
                f"joints are {list(self.joint_names)}"
            ) from None

    def frame(self, name: str) -> Frame:
        """The frame of link ``name``."""
        try:
            return self.frames[name]
        except KeyError:
            raise TopologyError(
                f"{self.source}: no link or frame named '{name}'; frames are {sorted(self.frames)}"
            ) from None

    def make_data(self):
        """A fresh workspace for the algorithms."""
        from .data import Data

        return Data(self)

    def cached(self, key, make):
        """The value memoized under ``key``, made by ``make()`` on first use (generated code,
        kinematic tables). The model is immutable; this cache only holds functions of it."""
        value = self._cache.get(key)
        if value is None:
            value = self._cache[key] = make()
        return value

    def fast_path(self):
        """The generated single-call functions (:mod:`modyn_model.algorithms` uses them)."""
        fast = self._cache.get("fast_path")
        if fast is None:
            from .codegen.runtime import FastPath

            fast = self._cache["fast_path"] = FastPath(self)
        return fast

    def __repr__(self) -> str:
        return f"RobotModel({self.name!r}, n={self.n}, joints={list(self.joint_names)})"

    # ------------------------------------------------------------------ state checks
    # check_state / check_velocity / check_actuation / check_batch: StateChecks (checks.py),
    # every name list the joints', messages naming the joint and not the model
    _coordinate_kind = _actuator_kind = "joint"
    _checks_name_model = False

    # ------------------------------------------------------------------ the model contract
    def inverse_dynamics(self, q, v, a, f_ext=None, *, friction: bool = True) -> np.ndarray:
        """Joint torques Γ(q, q̇, q̈) (N·m / N), Khalil's Newton-Euler [7.51]-[7.61].

        ``f_ext`` (..., n, 6): per body, the wrench [f; m] the body exerts on its environment,
        in body axes, moment about O_j (Khalil's f_ej, m_ej). Batched over leading axes.
        """
        return inverse_dynamics(self, q, v, a, f_ext=f_ext, friction=friction)

    def mass_matrix(self, q) -> np.ndarray:
        """Inertia matrix A(q) including rotor inertia, (..., n, n)."""
        return mass_matrix(self, q)

    def bias_forces(self, q, v, f_ext=None, *, friction: bool = True) -> np.ndarray:
        """H(q, q̇) = C q̇ + Q + friction (+ Jᵀ f_e) = Γ(q, q̇, 0) [7.62]."""
        return inverse_dynamics(self, q, v, None, f_ext=f_ext, friction=friction)

    def gravity(self, q) -> np.ndarray:
        """Gravity torques Q(q) = ∂U/∂q [7.8]."""
        return gravity_torques(self, q)

    def coriolis_matrix(self, q, v) -> np.ndarray:
        """C(q, q̇) from the Christoffel symbols [7.7], (..., n, n)."""
        return coriolis_matrix(self, q, v)

    def coriolis_forces(self, q, v) -> np.ndarray:
        """C(q, q̇) q̇ by one Newton-Euler pass with q̈ = 0 and g = 0."""
        return coriolis_forces(self, q, v)

    def friction_torques(self, v) -> np.ndarray:
        """Joint friction Γf(q̇) [7.26]."""
        return friction_torques(self, self.check_state("v", v))

    friction_forces = friction_torques  # the contract's name

    @property
    def frame_names(self) -> tuple[str, ...]:
        """Every link of the description, moving or fixed (the keys of :attr:`frames`)."""
        return tuple(self.frames)

    @property
    def base_frame(self) -> str:
        """The fixed base (the root link): poses are given in it."""
        return self.root

    @property
    def tip_frame(self) -> str:
        """The default end-effector frame: a frame on the last moving body, preferring ``tool0``
        then a fixed child (the tool flange) over the body itself."""
        last = self.n - 1
        names = [name for name, f in self.frames.items() if f.body == last]
        if "tool0" in names:
            return "tool0"
        fixed = [nm for nm in names if nm != self.link_names[last]]
        return fixed[0] if fixed else self.link_names[last]

    def forward_dynamics(
        self, q, v, tau, f_ext=None, *, method: str = "auto", friction: bool = True
    ) -> np.ndarray:
        """Joint accelerations q̈ (rad/s², m/s²) for joint torques τ.

        ``method``: ``"recursive"``, the O(n) algorithm of §7.6.2; ``"inverse"``, A by columns
        and a Cholesky solve (§7.6.1); ``"generated"``, the customized §7.6.1 model (straight-line
        code, LDLᵀ); ``"auto"`` (default) uses the generated model unless ``f_ext`` is given.
        """
        return forward_dynamics(self, q, v, tau, f_ext=f_ext, method=method, friction=friction)

    def kinetic_energy(self, q, v) -> np.ndarray:
        """E = Σ E_j [7.16] plus ½ Ia q̇² (J)."""
        return kinetic_energy(self, q, v)

    def potential_energy(self, q) -> np.ndarray:
        """U [7.25b] (J), zero reference at the base origin."""
        return potential_energy(self, q)

    def neutral(self) -> np.ndarray:
        """q = 0 (n,)."""
        return np.zeros(self.n)

    def integrate(self, q, v, dt) -> np.ndarray:
        """q + v·dt (every coordinate of a fixed-base tree is a plain angle or length)."""
        q = self.check_state("q", q)
        v = self.check_state("v", v)
        self.check_batch(q=q, v=v)
        return q + v * dt

    def difference(self, q1, q0) -> np.ndarray:
        """q1 − q0 (plain angles and lengths: no wrapping, a joint may turn more than π)."""
        q1 = self.check_state("q1", q1)
        q0 = self.check_state("q0", q0)
        self.check_batch(q1=q1, q0=q0)
        return q1 - q0

    # ------------------------------------------------------------------ actuation (S = I)
    def actuation_matrix(self, q) -> np.ndarray:
        """S = I (..., n, n): each joint driven by its own motor."""
        q = self.check_state("q", q)
        return np.broadcast_to(np.eye(self.n), q.shape[:-1] + (self.n, self.n)).copy()

    def generalized_forces(self, q, u) -> np.ndarray:
        """τ = u."""
        self.check_state("q", q)
        return np.array(self.check_actuation("u", u), dtype=float)

    def actuator_forces(self, q, v, a) -> np.ndarray:
        """u = Γ(q, q̇, q̈)."""
        return self.inverse_dynamics(q, v, a)

    def frame_placement(self, q, frame: str) -> np.ndarray:
        """4x4 pose of ``frame`` in the base frame, (..., 4, 4)."""
        return frame_placement(self, self.check_state("q", q), frame)

    def frame_jacobian(self, q, frame: str) -> np.ndarray:
        """Geometric Jacobian (..., 6, n) of ``frame``: [linear velocity of its origin; angular
        velocity], both in base axes."""
        return frame_jacobian(self, self.check_state("q", q), frame)

    jacobian = frame_jacobian  # the name of the first releases

    def frame_jacobian_dot_v(self, q, v, frame: str) -> np.ndarray:
        """J̇(q, q̇) q̇ (..., 6) of ``frame``: its [linear; angular] acceleration at q̈ = 0."""
        q = self.check_state("q", q)
        v = self.check_state("v", v)
        self.check_batch(q=q, v=v)
        return frame_jacobian_dot_v(self, q, v, frame)

    def frame_motion(self, q, v, frame: str) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(pose (..., 4, 4), J (..., 6, n), J̇ q̇ (..., 6)) of ``frame`` from one kinematics pass
        (:func:`modyn_model.kinematics.frame_motion`)."""
        q = self.check_state("q", q)
        v = self.check_state("v", v)
        return frame_motion(self, q, v, frame)
