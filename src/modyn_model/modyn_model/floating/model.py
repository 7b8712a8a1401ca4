"""A floating-base robot: a free-flyer base (position + unit quaternion) carrying a tree of limbs.

Conventions (CONTRACT14 §"Floating base", Pinocchio's ``JointModelFreeFlyer``):

* q = [p (3): base origin in world, m; Q = (w, x, y, z) of R_WB; joints (n)], nq = 7 + n;
* v = [v_B (3): velocity of the base origin, base axes; ω_B (3): angular velocity, base axes;
  joint rates (n)], nv = 6 + n; ṗ = R v_B, Ṙ = R [ω_B]×;
* v̇[:6] is the time derivative of v[:6] (the base's spatial acceleration in base axes; the
  classical acceleration of the base origin is R (v̇_B + ω_B × v_B));
* τ[:6] is the wrench [force; moment about the base origin] applied to the base, base axes;
  τ[6:] the joint torques. Actuators are the joints: S = [0 (n×6) | I_n], nu = n.

Pinocchio's q is [p, x, y, z, w, joints]: only the quaternion order differs
(:func:`to_pinocchio_q`, :func:`from_pinocchio_q`); v, v̇ and τ are the same vectors once the
joints are in the same order (modyn and Pinocchio both number a URDF's joints depth-first with
siblings sorted by joint name).
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence

import numpy as np

from ..checks import StateChecks
from ..data import Data
from ..errors import InertiaError, StateError
from ..kinematics import forward_kinematics
from ..so3 import quaternion_to_matrix
from ..spatial import homogeneous, skew
from .dynamics import FloatingTree
from .se3 import log6_quaternion, quat_conjugate, quat_exp, quat_multiply, v_matrix
from .single import rnea_one

__all__ = ["FloatingBaseModel", "to_pinocchio_q", "from_pinocchio_q", "QUATERNION_TOLERANCE"]

#: |‖Q‖ − 1| above which a configuration's quaternion is refused (StateError)
QUATERNION_TOLERANCE = 1e-6
DEFAULT_GRAVITY = (0.0, 0.0, -9.81)


def to_pinocchio_q(q) -> np.ndarray:
    """modyn's q [p, w, x, y, z, joints] → Pinocchio's [p, x, y, z, w, joints] (..., nq)."""
    q = np.array(q, dtype=float)
    out = q.copy()
    out[..., 3:6] = q[..., 4:7]
    out[..., 6] = q[..., 3]
    return out


def from_pinocchio_q(q) -> np.ndarray:
    """Pinocchio's q [p, x, y, z, w, joints] → modyn's [p, w, x, y, z, joints] (..., nq)."""
    q = np.array(q, dtype=float)
    out = q.copy()
    out[..., 3] = q[..., 6]
    out[..., 4:7] = q[..., 3:6]
    return out


def _frozen(x) -> np.ndarray:
    arr = np.array(x, dtype=float)
    arr.flags.writeable = False
    return arr


def _cross(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    a0, a1, a2 = a[..., 0], a[..., 1], a[..., 2]
    b0, b1, b2 = b[..., 0], b[..., 1], b[..., 2]
    return np.stack([a1 * b2 - a2 * b1, a2 * b0 - a0 * b2, a0 * b1 - a1 * b0], axis=-1)


def _rv(r: np.ndarray, x: np.ndarray) -> np.ndarray:
    return (r @ x[..., None])[..., 0]


class FloatingBaseModel(StateChecks):
    """A free-flyer base carrying the limbs of a fixed-base :class:`~modyn_model.model.RobotModel`
    (see the module docstring for q, v, τ); a :class:`~modyn_model.contract.MechanismModel`.

    Parameters
    ----------
    limb_model : RobotModel
        The tree rooted at the base link (its joints are the actuated joints).
    root_params : (10,)
        Standard inertial parameters [XX XY XZ YY YZ ZZ MX MY MZ M] of the base body (root link
        and the links fixed to it) about the base origin, base axes.
    prefix : str
        Prefix of the base coordinate names (the URDF floating joint's name, or
        ``floating_base``).
    """

    floating_base = True

    def __init__(self, limb_model, root_params, prefix: str = "floating_base"):
        root_params = np.asarray(root_params, dtype=float)
        if root_params.shape != (10,) or not np.isfinite(root_params).all():
            raise InertiaError(
                f"{limb_model.source}: root_params must be 10 finite standard parameters, got "
                f"{root_params!r}"
            )
        self.limb_model = limb_model
        self.name = limb_model.name
        self.source = limb_model.source
        self.prefix = prefix
        self.root_params = _frozen(root_params)
        self._tree = FloatingTree(limb_model, root_params)
        if not self._tree.mass > 0.0:
            raise InertiaError(f"{self.source}: the floating robot has no mass")
        self.n = limb_model.n
        self.joint_names = limb_model.joint_names
        base_q = tuple(f"{prefix}.{c}" for c in ("x", "y", "z", "qw", "qx", "qy", "qz"))
        base_v = tuple(f"{prefix}.{c}" for c in ("vx", "vy", "vz", "wx", "wy", "wz"))
        self._coordinate_names = base_q + limb_model.joint_names
        self._velocity_names = base_v + limb_model.joint_names
        inf7, inf6, zero6 = np.full(7, np.inf), np.full(6, np.inf), np.zeros(6)
        self.lower = _frozen(np.concatenate([-inf7, limb_model.lower]))
        self.upper = _frozen(np.concatenate([inf7, limb_model.upper]))
        self.velocity_limit = _frozen(np.concatenate([inf6, limb_model.velocity_limit]))
        self.effort_limit = _frozen(limb_model.effort_limit)
        self.gravity_vector = limb_model.gravity_vector
        self.viscous = _frozen(np.concatenate([zero6, limb_model.viscous]))
        self.coulomb = _frozen(np.concatenate([zero6, limb_model.coulomb]))
        self.static_friction = _frozen(np.concatenate([zero6, limb_model.static_friction]))
        self.stribeck_velocity = _frozen(np.concatenate([zero6, limb_model.stribeck_velocity]))
        self.armature = _frozen(np.concatenate([zero6, limb_model.armature]))

    # ------------------------------------------------------------------ construction
    @classmethod
    def from_builder(cls, builder, gravity: Sequence[float] = DEFAULT_GRAVITY):
        """The model of a :class:`~modyn_model.builder.TreeBuilder` that recorded
        ``root_params`` (and ``floating_joint``, the URDF floating joint's name, if any)."""
        from ..model import RobotModel

        limb = RobotModel(builder, gravity=gravity)
        prefix = getattr(builder, "floating_joint", None) or "floating_base"
        return cls(limb, builder.root_params, prefix)

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
    ) -> FloatingBaseModel:
        """A URDF (path or XML text) with a free-flyer base (arguments of
        :meth:`RobotModel.from_urdf <modyn_model.model.RobotModel.from_urdf>`). A root joint of
        type ``floating`` (world → base) is dropped with its parent link; otherwise the root link
        (or ``root``) becomes the floating base."""
        from ..urdf import build_from_urdf

        builder = build_from_urdf(
            source, root=root, tip=tip, locked=locked_joints, extras=extras, floating_base=True
        )
        return cls.from_builder(builder, gravity)

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
        **xacro_args: str,
    ) -> FloatingBaseModel:
        """Expand a xacro file and load it as :meth:`from_urdf` does."""
        from ..urdf import build_from_urdf, expand_xacro

        xml = expand_xacro(path, xacro_args)
        builder = build_from_urdf(
            xml,
            root=root,
            tip=tip,
            locked=locked_joints,
            extras=extras,
            source_name=str(path),
            floating_base=True,
        )
        return cls.from_builder(builder, gravity)

    def with_gravity(self, gravity: Sequence[float]) -> FloatingBaseModel:
        """The same robot under another gravity vector (world axes, m/s²)."""
        return FloatingBaseModel(
            self.limb_model.with_gravity(gravity), self.root_params, self.prefix
        )

    @property
    def extras(self):
        """The joints' extras (rotor inertia, friction), ``joint_names`` order (the limbs')."""
        return self.limb_model.extras

    def with_parameters(self, inertial_parameters=None, extras=None) -> FloatingBaseModel:
        """The same robot with other limb inertial parameters (n, 10) and/or joint extras (n);
        the base body's parameters kept (used by the built-in plant's implicit damping)."""
        limbs = self.limb_model.with_parameters(inertial_parameters, extras)
        return FloatingBaseModel(limbs, self.root_params, self.prefix)

    # ------------------------------------------------------------------ sizes and names
    @property
    def nq(self) -> int:
        """7 + n."""
        return 7 + self.n

    @property
    def nv(self) -> int:
        """6 + n."""
        return 6 + self.n

    @property
    def nu(self) -> int:
        """n: one motor per joint, none on the base."""
        return self.n

    @property
    def coordinate_names(self) -> tuple[str, ...]:
        return self._coordinate_names

    @property
    def velocity_names(self) -> tuple[str, ...]:
        return self._velocity_names

    @property
    def actuator_names(self) -> tuple[str, ...]:
        return self.limb_model.joint_names

    @property
    def frame_names(self) -> tuple[str, ...]:
        """The base link and every link of the description."""
        return self.limb_model.frame_names

    @property
    def base_frame(self) -> str:
        """Poses are given in the world frame."""
        return "world"

    @property
    def tip_frame(self) -> str:
        """The limb model's default end-effector frame."""
        return self.limb_model.tip_frame

    @property
    def mass(self) -> float:
        """Total mass (kg)."""
        return self._tree.mass

    def make_data(self) -> Data:
        """A fresh workspace (sized nv, nu) for :mod:`modyn_model.algorithms`."""
        return Data(self)

    def __repr__(self) -> str:
        return f"FloatingBaseModel({self.name!r}, n={self.n}, joints={list(self.joint_names)})"

    # ------------------------------------------------------------------ checks
    # check_state / check_velocity / check_actuation: StateChecks (checks.py), messages naming
    # the model; a configuration must also carry a unit base quaternion
    def _check_configuration(self, name: str, arr: np.ndarray) -> None:
        """A unit base quaternion (|‖Q‖ − 1| ≤ 1e-6), or :class:`StateError` naming the
        coordinates and the norm."""
        norm = np.sqrt(np.einsum("...i,...i->...", arr[..., 3:7], arr[..., 3:7]))
        bad = np.abs(norm - 1.0) > QUATERNION_TOLERANCE
        if np.any(bad):
            where = tuple(np.argwhere(np.atleast_1d(bad))[0]) if arr.ndim > 1 else ()
            value = arr[where][3:7] if where else arr[3:7]
            raise StateError(
                f"{name}: the base quaternion {list(self._coordinate_names[3:7])} = "
                f"{value.tolist()} has norm {float(np.atleast_1d(norm)[where or 0]):.9g}, not 1 "
                f"(tolerance {QUATERNION_TOLERANCE:g}; model '{self.name}')"
            )

    def _f_ext(self, f_ext) -> np.ndarray | None:
        if f_ext is None:
            return None
        try:
            f = np.asarray(f_ext, dtype=float)
        except (TypeError, ValueError):
            raise StateError(f"f_ext must be numbers, got {f_ext!r}") from None
        if f.shape[-2:] != (self.n + 1, 6):
            raise StateError(
                f"f_ext must have shape (..., {self.n + 1}, 6) (row 0 the base, then one [f; m] "
                f"per limb body) for model '{self.name}', got {f.shape}"
            )
        if not np.isfinite(f).all():
            bad = tuple(np.argwhere(~np.isfinite(f))[0])
            body = (
                "the base" if bad[-2] == 0 else f"body '{self.limb_model.link_names[bad[-2] - 1]}'"
            )
            raise StateError(f"f_ext of {body} is not finite: {f[bad]}")
        return f

    def _split(self, q):
        """(joint positions, R_WB, p) of a checked q."""
        return q[..., 7:], quaternion_to_matrix(q[..., 3:7]), q[..., :3]

    # ------------------------------------------------------------------ configuration space
    def neutral(self) -> np.ndarray:
        """Base at the origin, identity orientation (1, 0, 0, 0), joints at 0."""
        q = np.zeros(self.nq)
        q[3] = 1.0
        return q

    def integrate(self, q, v, dt) -> np.ndarray:
        """q ⊕ v dt (..., nq): base pose M · exp6(v[:6] dt) (quaternion renormalised), joints
        q + v dt — Pinocchio's ``integrate``."""
        q = self.check_state("q", q)
        v = self.check_velocity("v", v)
        dt = np.asarray(dt, dtype=float)
        step = v * (dt[..., None] if dt.ndim else dt)
        batch = np.broadcast_shapes(q.shape[:-1], step.shape[:-1])
        out = np.empty(batch + (self.nq,))
        r = quaternion_to_matrix(q[..., 3:7])
        omega = step[..., 3:6]
        dp = _rv(v_matrix(omega), step[..., :3])
        out[..., :3] = q[..., :3] + _rv(r, dp)
        quat = quat_multiply(q[..., 3:7], quat_exp(omega))
        out[..., 3:7] = quat / np.linalg.norm(quat, axis=-1, keepdims=True)
        out[..., 7:] = q[..., 7:] + step[..., 6:]
        return out

    def difference(self, q1, q0) -> np.ndarray:
        """q1 ⊖ q0 (..., nv): log6(M0⁻¹ M1) on the base (|ω| ≤ π), q1 − q0 on the joints —
        Pinocchio's ``difference``; ``integrate(q0, difference(q1, q0), 1) = q1``."""
        q1 = self.check_state("q1", q1)
        q0 = self.check_state("q0", q0)
        batch = np.broadcast_shapes(q1.shape[:-1], q0.shape[:-1])
        out = np.empty(batch + (self.nv,))
        r0 = quaternion_to_matrix(q0[..., 3:7])
        dp = np.einsum("...ji,...j->...i", r0, q1[..., :3] - q0[..., :3])
        rel = quat_multiply(quat_conjugate(q0[..., 3:7]), q1[..., 3:7])
        rel = rel / np.linalg.norm(rel, axis=-1, keepdims=True)
        out[..., :6] = log6_quaternion(dp, rel)
        out[..., 6:] = q1[..., 7:] - q0[..., 7:]
        return out

    # ------------------------------------------------------------------ actuation
    def actuation_matrix(self, q) -> np.ndarray:
        """S = [0 (n×6) | I_n] (..., nu, nv): the base is not actuated."""
        q = self.check_state("q", q)
        s = np.zeros((self.n, self.nv))
        s[:, 6:] = np.eye(self.n)
        return np.broadcast_to(s, q.shape[:-1] + s.shape).copy()

    def generalized_forces(self, q, u) -> np.ndarray:
        """τ = Sᵀ u = [0 (6); u] (..., nv)."""
        q = self.check_state("q", q)
        u = self.check_actuation("u", u)
        out = np.zeros(np.broadcast_shapes(q.shape[:-1], u.shape[:-1]) + (self.nv,))
        out[..., 6:] = u
        return out

    def actuator_forces(self, q, v, a) -> np.ndarray:
        """u = Γ[6:] (..., nu): the least-squares solution of Sᵀ u = Γ(q, v, v̇). The base rows
        Γ[:6] are a wrench no joint can apply: a v̇ is realisable only if they are zero or
        supplied by contacts (modyn_model.constraints)."""
        return self.inverse_dynamics(q, v, a)[..., 6:]

    # ------------------------------------------------------------------ dynamics
    def inverse_dynamics(self, q, v, a, f_ext=None, *, friction: bool = True) -> np.ndarray:
        """Γ(q, v, v̇) (..., nv): [base wrench (N, N·m, base axes); joint torques], by the
        floating-base recursive Newton-Euler algorithm (:meth:`FloatingTree.rnea`)."""
        q = self.check_state("q", q)
        v = self.check_velocity("v", v)
        a = self.check_velocity("a", a, allow_none=True)
        f_ext = self._f_ext(f_ext)
        qj, r, _ = self._split(q)
        if q.ndim == 1 and v.ndim == 1 and (a is None or a.ndim == 1):
            if f_ext is None or f_ext.ndim == 2:  # one state: the float recursion (faster)
                return rnea_one(self._tree, qj, r, v, a, f_ext, friction=friction)
        return self._tree.rnea(qj, r, v, a, f_ext, friction=friction)

    def bias_forces(self, q, v, f_ext=None, *, friction: bool = True) -> np.ndarray:
        """H(q, v) = C v + Q (+ friction, + the effect of f_ext) = Γ(q, v, 0) (..., nv)."""
        return self.inverse_dynamics(q, v, None, f_ext, friction=friction)

    def gravity(self, q) -> np.ndarray:
        """Q(q) = Γ(q, 0, 0) without friction (..., nv)."""
        q = self.check_state("q", q)
        qj, r, _ = self._split(q)
        if q.ndim == 1:
            return rnea_one(self._tree, qj, r, None, None, friction=False)
        return self._tree.rnea(qj, r, None, None, friction=False)

    def mass_matrix(self, q) -> np.ndarray:
        """A(q) (..., nv, nv) by the composite-rigid-body algorithm, rotor inertias included.
        It does not depend on the base pose."""
        q = self.check_state("q", q)
        return self._tree.crba(q[..., 7:])

    def coriolis_matrix(self, q, v) -> np.ndarray:
        """C(q, v) (..., nv, nv), C v = velocity-product forces, Ȧ − 2C skew-symmetric."""
        q = self.check_state("q", q)
        v = self.check_velocity("v", v)
        return self._tree.coriolis(q[..., 7:], v)

    def forward_dynamics(
        self, q, v, tau, f_ext=None, *, method: str = "aba", friction: bool = True
    ) -> np.ndarray:
        """v̇ (..., nv) for generalized forces τ (..., nv).

        ``method``: ``"aba"`` (default; ``"auto"`` and ``"recursive"`` are the same) the
        floating-base articulated-body algorithm, O(n); ``"cholesky"`` (or ``"inverse"``): A(q)
        by CRBA, H by RNEA and a Cholesky solve of A v̇ = τ − H (RobotModel's method names are
        accepted so that a plant can pass them to any tree).
        """
        q = self.check_state("q", q)
        v = self.check_velocity("v", v)
        tau = self.check_velocity("tau", tau)
        f_ext = self._f_ext(f_ext)
        qj, r, _ = self._split(q)
        if method in ("aba", "auto", "recursive"):
            return self._tree.aba(qj, r, v, tau, f_ext, friction=friction)
        if method in ("cholesky", "inverse"):
            m = self._tree.crba(qj)
            h = self._tree.rnea(qj, r, v, None, f_ext, friction=friction)
            low = np.linalg.cholesky(m)
            rhs = (tau - h)[..., None]
            y = np.linalg.solve(low, rhs)
            return np.linalg.solve(np.swapaxes(low, -1, -2), y)[..., 0]
        raise StateError(
            f"forward_dynamics: method must be 'aba' (or 'auto', 'recursive') or 'cholesky' (or "
            f"'inverse'), got {method!r}"
        )

    def friction_forces(self, v) -> np.ndarray:
        """Γf(v) (..., nv): joint friction, zero on the base rows."""
        v = self.check_velocity("v", v)
        out = np.zeros_like(v)
        out[..., 6:] = self.limb_model.friction_forces(v[..., 6:])
        return out

    def kinetic_energy(self, q, v) -> np.ndarray:
        """½ Σ_i v_iᵀ I_i v_i + ½ Σ Ia q̇² (J) = ½ vᵀ A v."""
        q = self.check_state("q", q)
        v = self.check_velocity("v", v)
        return self._tree.kinetic_energy(q[..., 7:], v)

    def potential_energy(self, q) -> np.ndarray:
        """U = −m gᵀ c (J), c the centre of mass in world: zero with the CoM at the world
        origin (Pinocchio's computePotentialEnergy reference)."""
        return -self.mass * (self.center_of_mass(q) @ self.gravity_vector)

    # ------------------------------------------------------------------ centroidal quantities
    def _first_moment_base(self, qj: np.ndarray) -> np.ndarray:
        """Σ m_i c_i (..., 3) in base axes about the base origin (kg·m)."""
        o_rot, o_pos = forward_kinematics(self.limb_model, qj)
        prm = self.limb_model.inertial_parameters
        moments = prm[:, 9, None] * o_pos + (o_rot @ prm[:, 6:9, None])[..., 0]
        return self.root_params[6:9] + moments.sum(axis=-2)

    def center_of_mass(self, q) -> np.ndarray:
        """c (..., 3): the centre of mass in world (m)."""
        q = self.check_state("q", q)
        qj, r, p = self._split(q)
        return p + _rv(r, self._first_moment_base(qj) / self.mass)

    def centroidal_momentum_matrix(self, q) -> np.ndarray:
        """A_G(q) (..., 6, nv): h_G = A_G v, [linear momentum; angular momentum about the CoM],
        world axes (Pinocchio's computeCentroidalMap). A_G = X*_{G←B} A(q)[:6, :]: the base rows
        of the mass matrix are the system's momentum in base axes about the base origin (rotor
        inertias excluded), moved to the CoM in world axes by f_G = R f, n_G = R n + (p − c) × R f."""
        q = self.check_state("q", q)
        qj, r, p = self._split(q)
        rows = self._tree.crba(qj)[..., :6, :]
        lin = r @ rows[..., :3, :]
        ang = r @ rows[..., 3:, :]
        com_b = self._first_moment_base(qj) / self.mass
        # p − c = −R c_B
        lever = -_rv(r, com_b)
        out = np.empty(lin.shape[:-2] + (6, self.nv))
        out[..., :3, :] = lin
        out[..., 3:, :] = ang + skew(lever) @ lin
        return out

    def centroidal_momentum(self, q, v) -> np.ndarray:
        """h_G (..., 6) = A_G(q) v: [linear (kg·m/s); angular about the CoM (kg·m²/s)], world."""
        v = self.check_velocity("v", v)
        return _rv(self.centroidal_momentum_matrix(q), v)

    # ------------------------------------------------------------------ base and frames
    def base_pose(self, q) -> np.ndarray:
        """T_WB (..., 4, 4)."""
        q = self.check_state("q", q)
        return homogeneous(quaternion_to_matrix(q[..., 3:7]), q[..., :3])

    def base_twist(self, q, v) -> np.ndarray:
        """[ṗ; ω] (..., 6) of the base in WORLD axes (m/s, rad/s)."""
        q = self.check_state("q", q)
        v = self.check_velocity("v", v)
        r = quaternion_to_matrix(q[..., 3:7])
        return np.concatenate([_rv(r, v[..., :3]), _rv(r, v[..., 3:6])], axis=-1)

    def frame_placement(self, q, frame: str) -> np.ndarray:
        """T_WF (..., 4, 4) of ``frame`` (the base link or any link)."""
        q = self.check_state("q", q)
        rel = self.limb_model.frame_placement(q[..., 7:], frame)
        return self.base_pose(q) @ rel

    def frame_motion(self, q, v, frame: str) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(T_WF (..., 4, 4), J (..., 6, nv), J̇ v (..., 6)) of ``frame``, world axes.

        With r, J_r = [J_l; J_a], J̇_r v the frame's position, Jacobian and bias relative to the
        base (base axes, the limb model's :meth:`frame_motion`), R = R_WB, ṙ = J_l q̇,
        ω_r = J_a q̇:

            J = [[R, −[R r]× R, R J_l], [0, R, R J_a]],
            J̇ v = [R (ω × (v_B + ω × r + ṙ) + ω × ṙ + J̇_l q̇);  R (ω × ω_r + J̇_a q̇)]

        (differentiate ṗ_F = R (v_B + ω × r + ṙ) and ω_F = R (ω + ω_r) at v̇ = 0)."""
        q = self.check_state("q", q)
        v = self.check_velocity("v", v)
        qj, r, p = self._split(q)
        rel, jr, jdr = self.limb_model.frame_motion(qj, v[..., 6:], frame)
        batch = np.broadcast_shapes(q.shape[:-1], v.shape[:-1])
        pose = np.broadcast_to(homogeneous(r, p) @ rel, batch + (4, 4))
        rr = np.broadcast_to(r, batch + (3, 3))
        pos_rel = rel[..., :3, 3]
        jac = np.zeros(batch + (6, self.nv))
        jac[..., :3, :3] = rr
        jac[..., 3:, 3:6] = rr
        jac[..., :3, 3:6] = -skew(_rv(r, pos_rel)) @ rr
        jac[..., :3, 6:] = r @ jr[..., :3, :]
        jac[..., 3:, 6:] = r @ jr[..., 3:, :]
        qd = v[..., 6:]
        r_dot = _rv(jr[..., :3, :], qd)
        w_rel = _rv(jr[..., 3:, :], qd)
        w = v[..., 3:6]
        inner = v[..., :3] + _cross(w, pos_rel) + r_dot
        lin = _cross(w, inner) + _cross(w, r_dot) + jdr[..., :3]
        ang = _cross(w, w_rel) + jdr[..., 3:]
        bias = np.concatenate([_rv(r, lin), _rv(r, ang)], axis=-1)
        return pose, jac, bias

    def frame_jacobian(self, q, frame: str) -> np.ndarray:
        """J (..., 6, nv): [linear velocity of the frame origin; angular velocity], world axes
        (Pinocchio's LOCAL_WORLD_ALIGNED)."""
        q = self.check_state("q", q)
        return self.frame_motion(q, np.zeros(self.nv), frame)[1]

    def frame_jacobian_dot_v(self, q, v, frame: str) -> np.ndarray:
        """J̇ v (..., 6): the classical acceleration of the frame origin and its angular
        acceleration at v̇ = 0, world axes."""
        return self.frame_motion(q, v, frame)[2]
