"""SpaceManipulatorModel: the free-flying DQ chain behind the mechanism contract (issue 18).

The same q/v/τ as :class:`~modyn_model.floating.FloatingBaseModel` (so the nodes and plants
treat it as any floating-base model, ``floating_base = True``):

* q = [p (3, base origin in world, m), Q = (w, x, y, z) of R_WB, θ (URDF order)];
* v = [v_B (3), ω_B (3) (base axes), θ̇]; τ = [F_B (3), T_B (3) (about the base origin, base
  axes), joint torques].

Inside, the dynamics are the DQ algorithms of :mod:`.recursion` / :mod:`.matrix_form` with the
floating hinge's order ν = [ω_B, v_B, θ̇] and Γ = [T_B, F_B, τ] (Table 2); ``PERM`` converts
(v_dq = v[PERM], τ = Γ[PERM]), and q̂_B = Q + ε½(0, p)∘Q (eq. 4). Kinematics, integrate,
difference, the Coriolis matrix and the energies are the floating-base model's (DQ FK is
checked equal in test_space_dynamics.py).

**Base actuators (hook).** The actuators are the arm joints plus any ``base_actuators``: objects
with ``names`` (tuple of str), ``effort_limit`` ((k,) ndarray) and ``wrench_matrix(q)`` →
(..., k, 6), row i the base wrench [F; T] (base axes, about the base origin) per unit command i.
Then u = [joint torques, base commands] and τ[:6] = Σ u_i W_i. A mechanism file lists them under
``base_actuators:`` as mappings with a ``type:`` resolved by :func:`register_base_actuator`
(built in: ``wrench`` — named constant wrench directions, used by the tests; the thruster and
CMG clusters register their own types).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

import numpy as np

from ...dualquat import dqfrom_pose
from ...errors import DescriptionError, StateError
from ...floating import FloatingBaseModel
from .chain import DQChain
from .matrix_form import forward_dynamics as _fd_matrix
from .matrix_form import mass_matrix as _mass_matrix
from .parameters import table5_parameters
from .recursion import articulated_body_forward_dynamics as _aba
from .recursion import inverse_dynamics as _rnea

__all__ = [
    "SpaceManipulatorModel",
    "ConstantWrenchActuators",
    "register_base_actuator",
    "PERM",
]

#: v (modyn: [v_B, ω_B, θ̇]) ↔ ν (DQ: [ω_B, v_B, θ̇]) for the 7-joint arm; see :meth:`perm`
PERM = np.r_[3, 4, 5, 0, 1, 2, 6:13]

_BASE_ACTUATOR_TYPES: dict[str, Callable] = {}


def register_base_actuator(type_name: str, factory: Callable, *, replace: bool = False) -> None:
    """Register ``factory(mapping, *, source) -> actuator`` for ``base_actuators:`` entries of
    ``type: type_name`` (see the module docstring for the actuator interface)."""
    if type_name in _BASE_ACTUATOR_TYPES and not replace:
        raise DescriptionError(f"base actuator type '{type_name}' is already registered")
    _BASE_ACTUATOR_TYPES[type_name] = factory


class ConstantWrenchActuators:
    """Base actuators with constant wrench directions (type ``wrench``): ``names`` (k),
    ``wrenches`` (k × 6) [F; T] per unit command (base axes, about the base origin),
    ``limit`` (k, N or N·m per unit)."""

    def __init__(self, names: Sequence[str], wrenches, limit):
        self.names = tuple(str(n) for n in names)
        self.wrenches = np.array(wrenches, dtype=float).reshape(len(self.names), 6)
        self.effort_limit = np.broadcast_to(np.asarray(limit, dtype=float), (len(self.names),))
        if not np.isfinite(self.wrenches).all() or np.any(self.effort_limit <= 0):
            raise DescriptionError(
                f"base actuators {self.names}: wrenches must be finite and limits > 0"
            )

    @classmethod
    def from_mapping(cls, d: Mapping, *, source: str = "<mapping>"):
        unknown = sorted(set(d) - {"type", "names", "wrenches", "limit"})
        if unknown:
            raise DescriptionError(f"{source}: base actuator 'wrench': unknown field(s) {unknown}")
        try:
            return cls(d["names"], d["wrenches"], d.get("limit", np.inf))
        except KeyError as exc:
            raise DescriptionError(f"{source}: base actuator 'wrench' needs {exc}") from None
        except ValueError as exc:
            raise DescriptionError(f"{source}: base actuator 'wrench': {exc}") from None

    def wrench_matrix(self, q) -> np.ndarray:
        q = np.asarray(q, dtype=float)
        return np.broadcast_to(self.wrenches, q.shape[:-1] + self.wrenches.shape).copy()


register_base_actuator("wrench", ConstantWrenchActuators.from_mapping)


class SpaceManipulatorModel(FloatingBaseModel):
    """A free-flying serial arm whose dynamics are the DQ recursions (see the module docstring);
    a :class:`~modyn_model.contract.MechanismModel` and a floating-base model.

    Parameters
    ----------
    limb_model, root_params, prefix
        As :class:`~modyn_model.floating.FloatingBaseModel` (the chain must be serial).
    base_actuators : sequence
        The base actuator hook (module docstring); default none.
    """

    floating_base = True

    def __init__(self, limb_model, root_params, prefix: str = "floating_base", base_actuators=()):
        super().__init__(limb_model, root_params, prefix)
        self.chain = DQChain.from_limb(limb_model, root_params, limb_model.source)
        self.base_actuators = tuple(base_actuators)
        base_names = tuple(n for a in self.base_actuators for n in a.names)
        names = limb_model.joint_names + base_names
        if len(set(names)) != len(names):
            raise DescriptionError(f"{self.source}: duplicate actuator names in {names}")
        self._actuator_names = names
        self.effort_limit = np.concatenate(
            [limb_model.effort_limit]
            + [np.asarray(a.effort_limit, float) for a in self.base_actuators]
        )
        self.effort_limit.flags.writeable = False
        self._perm = np.r_[3, 4, 5, 0, 1, 2, 6 : 6 + self.n]
        self._gravity = (
            None if not np.any(self.gravity_vector) else np.asarray(self.gravity_vector, float)
        )
        self._tree_no_gravity: FloatingBaseModel | None = None
        # base actuators with states of their own (the VSCMGs): the first one's dynamics is the
        # contract's ``actuator_dynamics`` (bound to its offset in u)
        self.actuator_dynamics = None
        row = self.n
        for a in self.base_actuators:
            if self.actuator_dynamics is None and callable(getattr(a, "bind", None)):
                self.actuator_dynamics = a.bind(row, len(names), self.nv)
            row += len(a.names)

    # ------------------------------------------------------------------ construction
    @classmethod
    def from_builder(cls, builder, gravity=(0.0, 0.0, 0.0), base_actuators=()):
        from ...model import RobotModel

        limb = RobotModel(builder, gravity=gravity)
        prefix = getattr(builder, "floating_joint", None) or "floating_base"
        return cls(limb, builder.root_params, prefix, base_actuators)

    @classmethod
    def from_urdf(
        cls,
        source,
        *,
        root: str | None = None,
        tip: str | None = None,
        locked_joints: Sequence[str] = (),
        extras=None,
        gravity: Sequence[float] = (0.0, 0.0, 0.0),
        base_actuators=(),
    ) -> SpaceManipulatorModel:
        """A URDF (path or XML) whose root link (or ``root``) is the base, as
        :meth:`FloatingBaseModel.from_urdf <modyn_model.floating.FloatingBaseModel.from_urdf>`
        but with no gravity by default (orbit) and the base-actuator hook."""
        from ...urdf import build_from_urdf

        builder = build_from_urdf(
            source, root=root, tip=tip, locked=locked_joints, extras=extras, floating_base=True
        )
        return cls.from_builder(builder, gravity, base_actuators)

    @classmethod
    def from_description(
        cls, d: Mapping, *, source: str = "<mapping>", base_dir: Path | None = None
    ) -> SpaceManipulatorModel:
        """The loader of ``kind: space_manipulator``: ``urdf`` (file, relative to the mechanism
        file), ``name``, ``inertia`` (``table5``: the paper's Table 5 values about the link
        origins, as printed — note §11's assumption; ``urdf``: the file's CoM inertias),
        ``gravity`` (default 0), ``base_actuators`` (list, see the module docstring)."""
        allowed = {"kind", "name", "urdf", "inertia", "gravity", "base_actuators"}
        unknown = sorted(set(d) - allowed)
        if unknown:
            raise DescriptionError(
                f"{source}: kind 'space_manipulator': unknown field(s) {unknown}; allowed: "
                f"{sorted(allowed)}"
            )
        if "urdf" not in d:
            raise DescriptionError(f"{source}: kind 'space_manipulator' needs the field 'urdf'")
        path = Path(str(d["urdf"])).expanduser()
        if not path.is_absolute() and base_dir is not None:
            path = base_dir / path
        if not path.is_file():
            raise DescriptionError(f"{source}: field 'urdf': no such file {path}")
        gravity = d.get("gravity", (0.0, 0.0, 0.0))
        try:
            gravity = np.asarray(gravity, dtype=float).reshape(3)
        except (TypeError, ValueError):
            raise DescriptionError(
                f"{source}: field 'gravity' must be 3 numbers (m/s^2), got {gravity!r}"
            ) from None
        acts = []
        for k, entry in enumerate(d.get("base_actuators") or ()):
            if not isinstance(entry, Mapping) or "type" not in entry:
                raise DescriptionError(
                    f"{source}: base_actuators[{k}] must be a mapping with 'type', got {entry!r}"
                )
            factory = _BASE_ACTUATOR_TYPES.get(entry["type"])
            if factory is None:
                raise DescriptionError(
                    f"{source}: base_actuators[{k}]: unknown type '{entry['type']}'; known: "
                    f"{sorted(_BASE_ACTUATOR_TYPES)}"
                )
            acts.append(factory(entry, source=f"{source}: base_actuators[{k}]"))
        model = cls.from_urdf(path, gravity=tuple(gravity))
        inertia = d.get("inertia", "table5")
        if inertia == "table5":
            if model.n != 7:
                raise DescriptionError(
                    f"{source}: inertia 'table5' is the iiwa 14's (7 joints); {path} has {model.n}"
                )
            limb = model.limb_model.with_parameters(table5_parameters())
        elif inertia == "urdf":
            limb = model.limb_model
        else:
            raise DescriptionError(
                f"{source}: field 'inertia' must be 'table5' or 'urdf', got {inertia!r}"
            )
        out = cls(limb, model.root_params, model.prefix, acts)
        if d.get("name"):
            out.name = str(d["name"])
        return out

    def with_gravity(self, gravity) -> SpaceManipulatorModel:
        return SpaceManipulatorModel(
            self.limb_model.with_gravity(gravity),
            self.root_params,
            self.prefix,
            self.base_actuators,
        )

    def with_parameters(self, inertial_parameters=None, extras=None) -> SpaceManipulatorModel:
        limbs = self.limb_model.with_parameters(inertial_parameters, extras)
        return SpaceManipulatorModel(limbs, self.root_params, self.prefix, self.base_actuators)

    def __repr__(self) -> str:
        return (
            f"SpaceManipulatorModel({self.name!r}, n={self.n}, "
            f"base_actuators={[n for a in self.base_actuators for n in a.names]})"
        )

    # ------------------------------------------------------------------ conversions
    def dq_state(self, q) -> tuple[np.ndarray, np.ndarray]:
        """(q̂_B (..., 8), θ (..., n)) of a checked q."""
        return dqfrom_pose(q[..., 3:7], q[..., :3]), q[..., 7:]

    @property
    def perm(self) -> np.ndarray:
        """The index map v_dq = v[perm], τ = Γ_dq[perm] (an involution)."""
        return self._perm

    # ------------------------------------------------------------------ actuation
    @property
    def nu(self) -> int:
        return len(self._actuator_names)

    @property
    def actuator_names(self) -> tuple[str, ...]:
        return self._actuator_names

    def actuation_matrix(self, q) -> np.ndarray:
        """S (..., nu, nv): joints [0 | I_n]; base actuator rows [W_i (6) | 0]."""
        q = self.check_state("q", q)
        s = np.zeros(q.shape[:-1] + (self.nu, self.nv))
        s[..., : self.n, 6:] = np.eye(self.n)
        row = self.n
        for a in self.base_actuators:
            w = a.wrench_matrix(q)
            s[..., row : row + w.shape[-2], :6] = w
            row += w.shape[-2]
        return s

    def generalized_forces(self, q, u) -> np.ndarray:
        """τ = Sᵀ u (..., nv)."""
        q = self.check_state("q", q)
        u = self.check_actuation("u", u)
        if not self.base_actuators:
            out = np.zeros(np.broadcast_shapes(q.shape[:-1], u.shape[:-1]) + (self.nv,))
            out[..., 6:] = u
            return out
        return np.einsum("...ij,...i->...j", self.actuation_matrix(q), u)

    def actuator_forces(self, q, v, a) -> np.ndarray:
        """u (..., nu): joint torques Γ[6:] and the least-squares base commands with
        Σ u_i W_i = Γ[:6] (none: Γ[:6] must come from elsewhere, as FloatingBaseModel)."""
        gam = self.inverse_dynamics(q, v, a)
        if not self.base_actuators:
            return gam[..., 6:]
        w = self.actuation_matrix(self.check_state("q", q))[..., self.n :, :6]  # (..., k, 6)
        u = np.empty(gam.shape[:-1] + (self.nu,))
        u[..., : self.n] = gam[..., 6:]
        u[..., self.n :] = (np.linalg.pinv(np.swapaxes(w, -1, -2)) @ gam[..., :6, None])[..., 0]
        return u

    def actuation_solve(self, q, tau, *, v=None, actuator_state=None, t: float = 0.0
                        ) -> np.ndarray:
        """u (nu,) realising the generalized force τ (nv): joint torques τ[6:]; the base rows
        τ[:6] = [F; T] by each base actuator's ``allocate_wrench(q, wrench)`` when it has one
        (thrusters + CMG torque: eqs. (48)-(49),
        :class:`~.base_allocation.ThrusterCMGActuators`; thrusters + VSCMG commands: eqs. (49),
        (48), (42), :class:`~.base_allocation.ThrusterVSCMGActuators`), else by least squares on
        its wrench rows. With several actuators, the first with ``allocate_wrench`` takes the
        whole wrench and the others stay at zero. Without base actuators τ[:6] is dropped.

        ``v`` (nv), ``actuator_state`` ((positions, velocities) by ``actuator_names``, as on
        ``actuator_states``) and ``t`` (s) go to an actuator with states
        (:attr:`actuator_dynamics`): the steering law needs the gimbal angles, wheel speeds and
        the base rate. The last solve's status is :attr:`actuation_status`."""
        q = self.check_state("q", q)
        tau = self.check_velocity("tau", tau)
        u = np.zeros(self.nu)
        u[: self.n] = tau[6:]
        if not self.base_actuators:
            return u
        row = self.n
        for a in self.base_actuators:
            k = len(a.names)
            alloc = getattr(a, "allocate_wrench", None)
            if alloc is not None:
                if getattr(a, "dynamics", None) is not None:
                    u[row : row + k] = alloc(q, tau[:6], v=v, actuator_state=actuator_state, t=t)
                else:
                    u[row : row + k] = alloc(q, tau[:6])
                return u
            row += k
        w = self.actuation_matrix(q)[self.n :, :6]
        u[self.n :] = np.linalg.lstsq(w.T, tau[:6], rcond=None)[0]
        return u

    @property
    def actuation_status(self) -> tuple[str, str]:
        """(status, message) of the last :meth:`actuation_solve` (the allocating base
        actuator's: "ok"/"optimal", "infeasible", "cmg_saturated", "near_singular",
        "rate_limited", "invalid", joined by "+"); ("none", "") before any."""
        for a in self.base_actuators:
            if hasattr(a, "allocate_wrench"):
                return str(a.status), str(a.message)
        return "none", ""

    def actuator_state(self, q, v) -> tuple[np.ndarray, np.ndarray]:
        """(positions, velocities) (nu,) of the actuators, for the hardware interface's
        ``actuator_states``: the joints' θ (rad) and θ̇ (rad/s); 0 for the base actuators
        (thrusters and the CMG torque stage carry no state in the contract model; a plant that
        integrates :attr:`actuator_dynamics` fills in the VSCMG channels,
        ``VSCMGDynamics.fill_actuator_state``)."""
        pos, vel = np.zeros(self.nu), np.zeros(self.nu)
        pos[: self.n] = np.asarray(q, dtype=float)[7:]
        vel[: self.n] = np.asarray(v, dtype=float)[6:]
        return pos, vel

    # ------------------------------------------------------------------ dynamics (DQ)
    def _external(self, q, f_ext) -> np.ndarray | None:
        """The generalized force of f_ext (FloatingBaseModel's convention: (..., n + 1, 6),
        row 0 the base), by the floating model's RNEA at rest without gravity: f_ext enters
        Newton–Euler linearly, so Γ(q, v, a, f) = Γ(q, v, a, 0) + [Γ(q, 0, 0, f) − Γ(q, 0, 0, 0)]
        with gravity off."""
        if f_ext is None:
            return None
        if self._tree_no_gravity is None:  # built once, on the first external load
            self._tree_no_gravity = FloatingBaseModel(
                self.limb_model.with_gravity((0.0, 0.0, 0.0)), self.root_params, self.prefix
            )
        zero = np.zeros(self.nv)
        return self._tree_no_gravity.inverse_dynamics(q, zero, None, f_ext, friction=False)

    def inverse_dynamics(self, q, v, a, f_ext=None, *, friction: bool = True) -> np.ndarray:
        """Γ(q, v, v̇) (..., nv) by the recursive DQ inverse dynamics (eq. 23 corrected,
        :func:`~.recursion.inverse_dynamics`), in modyn's order."""
        q = self.check_state("q", q)
        v = self.check_velocity("v", v)
        a = self.check_velocity("a", a, allow_none=True)
        f_ext = self._f_ext(f_ext)
        p = self._perm
        qb, th = self.dq_state(q)
        out = _rnea(self.chain, qb, th, v[..., p], None if a is None else a[..., p], self._gravity)[
            ..., p
        ]
        if friction:
            out = out + self.friction_forces(v)
        ext = self._external(q, f_ext)
        return out if ext is None else out + ext

    def bias_forces(self, q, v, f_ext=None, *, friction: bool = True) -> np.ndarray:
        """H(q, v) = Γ(q, v, 0) (..., nv)."""
        return self.inverse_dynamics(q, v, None, f_ext, friction=friction)

    def gravity(self, q) -> np.ndarray:
        """Q(q) = Γ(q, 0, 0) without friction (..., nv)."""
        q = self.check_state("q", q)
        return self.inverse_dynamics(q, np.zeros(self.nv), None, friction=False)

    def mass_matrix(self, q) -> np.ndarray:
        """A(q) = ĤᵀΦÎΦᵀĤ (..., nv, nv) (eq. 31 corrected), modyn's order."""
        q = self.check_state("q", q)
        p = self._perm
        m = _mass_matrix(self.chain, *self.dq_state(q))
        return m[..., p, :][..., :, p]

    def forward_dynamics(
        self, q, v, tau, f_ext=None, *, method: str = "dq", friction: bool = True
    ) -> np.ndarray:
        """v̇ (..., nv) for generalized forces τ. ``method="dq"`` (default): the matrix form
        θ̈ = M⁻¹(Γ − C) (eq. 32 corrected); ``"dq_aba"``: the O(n) DQ articulated-body
        algorithm (:func:`~.recursion.articulated_body_forward_dynamics`); any other is
        FloatingBaseModel's (``"aba"``, ``"cholesky"``)."""
        if method not in ("dq", "dq_aba"):
            return super().forward_dynamics(q, v, tau, f_ext, method=method, friction=friction)
        q = self.check_state("q", q)
        v = self.check_velocity("v", v)
        try:
            tau = np.asarray(tau, dtype=float)
        except (TypeError, ValueError):
            raise StateError(f"tau must be numbers, got {tau!r}") from None
        tau = self.check_velocity("tau", tau)
        rhs = tau
        if friction:
            rhs = rhs - self.friction_forces(v)
        ext = self._external(q, self._f_ext(f_ext))
        if ext is not None:
            rhs = rhs - ext
        p = self._perm
        qb, th = self.dq_state(q)
        fd = _fd_matrix if method == "dq" else _aba
        return fd(self.chain, qb, th, v[..., p], rhs[..., p], self._gravity)[..., p]


# the thruster / thruster + CMG base-actuator types (issue 18 stack), registered on import
from . import base_allocation as _base_allocation  # noqa: E402,F401
