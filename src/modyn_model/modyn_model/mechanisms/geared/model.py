"""A geared robotic mechanism behind the mechanism contract (:mod:`modyn_model.contract`), kind
``geared`` of :func:`modyn_model.load_model` (Chen & Wang 1998; note ``seed-002-geared.md``).

Coordinates q = Θ (the URDF joints, nq = nv = n), actuators u = ξ (the motor torques, in the
order of the file's ``actuators:``). The equations of motion (Chen & Wang (23) with gravity and
friction, note §1.7)::

    (M_v + M_s) Θ̈ + C_v + C_s + g + Γf = τ = A ξ,       φ̇ = Aᵀ Θ̇,   φ = Aᵀ Θ + φ0

M_v, C_v, g: the virtual tree (:func:`.virtual.merge_secondary`, existing CRBA/RNEA); M_s, C_s:
the relative spins (:class:`.virtual.RotorTerms`); A: the structure matrix
(:func:`.transmission.analyse`). The contract's actuation map is S = Aᵀ (τ = Sᵀ u, constant), so
``actuator_forces`` = A⁻¹ Γ and ``actuator_state(q, v)`` = (Aᵀ q + φ0, Aᵀ v), the motor angles and
speeds. Actuator space (note §1.7): M_φ = A⁻¹ M A⁻ᵀ, C_φ = A⁻¹ C, g_φ = A⁻¹ g
(:meth:`GearedModel.actuator_mass_matrix`).

``rotor_model``: ``full`` (Chen & Wang) or ``diagonal``, the armature approximation of
Pinocchio/MuJoCo/Drake: M = M_v + diag(M_s), C_s dropped (note §2.7 last row; exact armature when
diag(M_s) is constant, as in the shipped arm, where it is Σ I_j b_{j,r}²).

Friction: the URDF ``<dynamics>`` friction of the joints (the contract's per-coordinate
``viscous``/``coulomb``/...) plus the motors' own, f_m(φ̇) = F_v φ̇ + F_c sign(φ̇) per actuator,
whose joint torque A f_m(Aᵀ v) couples the joints; it is exact in ``friction_forces``,
``bias_forces`` and ``inverse_dynamics``, and :attr:`GearedModel.coupled_friction` is True when
any motor has friction (it cannot be written per coordinate).

Limits: ``effort_limit`` = the motor torque limits (nu; the feasible joint torques A·box are a
zonotope); ``actuator_velocity_limit`` = the motor speed limits (|Aᵀ v| ≤ φ̇_max couples the
joint velocities); ``velocity_limit``/``lower``/``upper`` stay the URDF joints'.
"""

from __future__ import annotations

import os
import sysconfig
from collections.abc import Mapping
from pathlib import Path

import numpy as np

from ...checks import StateChecks
from ...data import Data
from ...dynamics.friction import friction_torques
from ...errors import DescriptionError, UnsupportedError
from ...fields import check_fields
from .transmission import Transmission, analyse
from .virtual import RotorTerms, merge_secondary

__all__ = ["GearedModel", "ROTOR_MODELS"]

#: ``full``: Chen & Wang's M_s and C_s; ``diagonal``: M_v + diag(M_s), no C_s (armature)
ROTOR_MODELS = ("full", "diagonal")

_FIELDS = {
    "kind",
    "name",
    "urdf",
    "xacro_args",
    "extras",
    "gravity",
    "rotor_model",
    "secondary_links",
    "meshes",
    "actuators",
}


def _ro(x) -> np.ndarray:
    arr = np.array(x, dtype=float)
    arr.flags.writeable = False
    return arr


def _resolve(value, base_dir: Path | None, source: str) -> Path:
    """A file path of the ``urdf`` field: ``package://<pkg>/<path>`` (ament index), ``~``,
    ``$VAR``, or relative to the mechanism file."""
    if not isinstance(value, str | os.PathLike) or not str(value):
        raise DescriptionError(f"{source}: field 'urdf' must be a file path, got {value!r}")
    text = str(value)
    if text.startswith("package://"):
        return _package_file(text, source)
    p = Path(os.path.expandvars(os.path.expanduser(text)))
    if not p.is_absolute() and base_dir is not None:
        p = base_dir / p
    if not p.is_file():
        raise DescriptionError(f"{source}: field 'urdf': no such file {p}")
    return p


def _package_file(uri: str, source: str) -> Path:
    """``package://<pkg>/<path>`` → ``<prefix>/share/<pkg>/<path>`` for the first prefix of
    ``AMENT_PREFIX_PATH`` (then the environment's cmeel prefix) whose ament index lists the
    package (the resolution modyn_bringup uses, without importing it)."""
    package, _, relative = uri[len("package://") :].partition("/")
    prefixes = [Path(p) for p in os.environ.get("AMENT_PREFIX_PATH", "").split(os.pathsep) if p]
    prefixes.append(Path(sysconfig.get_paths()["purelib"]) / "cmeel.prefix")
    for prefix in prefixes:
        if (prefix / "share/ament_index/resource_index/packages" / package).is_file():
            path = prefix / "share" / package / relative
            if not path.is_file():
                raise DescriptionError(f"{source}: field 'urdf': no file {path} for '{uri}'")
            return path
    raise DescriptionError(
        f"{source}: field 'urdf': package '{package}' of '{uri}' is not in the ament index of "
        f"{[str(p) for p in prefixes]}"
    )


class GearedModel(StateChecks):
    """A tree of primary links driven through gear trains (module docstring): nq = nv = nu = n.

    Parameters
    ----------
    robot : RobotModel
        The primary links (a fixed-base URDF tree; its inertials exclude the secondary links).
    transmission : Transmission
    rotor_model : {"full", "diagonal"}
    name, source : str, optional
        For messages (default: the robot's).

    Attributes
    ----------
    primary_model, virtual_model : RobotModel
        The URDF tree, and the same with the secondary links merged into their carriers.
    transmission : Transmission
    structure : TransmissionStructure
    structure_matrix : (n, n) ndarray
        A (τ = A ξ, φ̇ = Aᵀ Θ̇).
    transmission_coefficients : (n, n_secondary) ndarray
        B (q̇_{j,carrier(j)} = b_jᵀ Θ̇).
    actuator_offset : (n,) ndarray
        φ0 (rad).
    actuator_velocity_limit : (n,) ndarray
        Motor speed limits (rad/s, inf when none).
    motor_viscous, motor_coulomb : (n,) ndarray
        Motor-side friction (N·m·s/rad, N·m).
    coupled_friction : bool
        Some motor has friction (then A f_m(Aᵀ v) is not per coordinate).
    rotor_model : str
    """

    kind = "geared"
    floating_base = False

    def __init__(
        self,
        robot,
        transmission: Transmission,
        *,
        rotor_model: str = "full",
        name: str | None = None,
        source: str | None = None,
    ):
        from ...model import RobotModel

        where = source or transmission.source or robot.source
        if type(robot) is not RobotModel:
            raise UnsupportedError(
                f"{where}: a geared mechanism needs a fixed-base tree without mimic joints as "
                f"its primary links, got a {type(robot).__name__}"
            )
        if rotor_model not in ROTOR_MODELS:
            raise DescriptionError(
                f"{where}: field 'rotor_model' must be one of {list(ROTOR_MODELS)}, got "
                f"{rotor_model!r}"
            )
        self.primary_model = robot
        self.transmission = transmission
        self.structure = analyse(transmission, robot)
        self.virtual_model = merge_secondary(robot, transmission)
        self.rotor_model = rotor_model
        self.rotors = RotorTerms(self.virtual_model, transmission, self.structure)
        self.name = str(name) if name else robot.name
        self.source = where
        st = self.structure
        self.structure_matrix = st.A
        self.transmission_coefficients = st.B
        self.actuator_offset = st.phi0
        self._a_inv = st.A_inv
        self._at = _ro(st.A.T)
        self._actuators = st.actuator_names
        acts = transmission.actuators
        v = self.virtual_model
        self.lower, self.upper, self.velocity_limit = v.lower, v.upper, v.velocity_limit
        self.effort_limit = _ro([a.effort_limit for a in acts])
        self.actuator_velocity_limit = _ro([a.velocity_limit for a in acts])
        self.motor_viscous = _ro([a.viscous for a in acts])
        self.motor_coulomb = _ro([a.coulomb for a in acts])
        self.coupled_friction = bool(np.any(self.motor_viscous) or np.any(self.motor_coulomb))
        self.gravity_vector = v.gravity_vector
        self.viscous, self.coulomb = v.viscous, v.coulomb
        self.static_friction, self.stribeck_velocity = v.static_friction, v.stribeck_velocity
        self.armature = v.armature
        self._joint_friction = bool(
            np.any(v.viscous) or np.any(v.coulomb) or np.any(v.static_friction)
        )

    # ------------------------------------------------------------------ construction
    @classmethod
    def from_description(
        cls, d: Mapping, *, source: str = "<mapping>", base_dir: Path | None = None
    ) -> GearedModel:
        """The loader of ``kind: geared``: ``urdf`` (URDF or xacro file, relative to the
        mechanism file, ``package://`` accepted), ``xacro_args``, ``extras`` (joint extras
        side file), ``gravity``, ``rotor_model``, ``name`` and the transmission
        (:meth:`Transmission.from_mapping`)."""
        from ...model import RobotModel

        check_fields(d, _FIELDS, f"{source}: kind 'geared'")
        if "urdf" not in d:
            raise DescriptionError(f"{source}: kind 'geared' needs the field 'urdf'")
        path = _resolve(d["urdf"], base_dir, source)
        options = {"mimic": "error"}
        if d.get("gravity") is not None:
            options["gravity"] = d["gravity"]
        if d.get("extras") is not None:
            extras = d["extras"]
            if not isinstance(extras, Mapping):
                extras = _resolve(extras, base_dir, source)
            options["extras"] = extras
        args = d.get("xacro_args") or {}
        if not isinstance(args, Mapping):
            raise DescriptionError(f"{source}: field 'xacro_args' must be a mapping, got {args!r}")
        if path.name.lower().endswith(".xacro"):
            robot = RobotModel.from_xacro(
                path, **options, **{str(k): str(v) for k, v in args.items()}
            )
        else:
            if args:
                raise DescriptionError(f"{source}: 'xacro_args' given for a non-xacro {path}")
            robot = RobotModel.from_urdf(path, **options)
        transmission = Transmission.from_mapping(d, source)
        return cls(
            robot,
            transmission,
            rotor_model=str(d.get("rotor_model", "full")),
            name=d.get("name"),
            source=source,
        )

    def with_rotor_model(self, rotor_model: str) -> GearedModel:
        """The same mechanism with the other rotor model (``full`` or ``diagonal``)."""
        return GearedModel(
            self.primary_model,
            self.transmission,
            rotor_model=rotor_model,
            name=self.name,
            source=self.source,
        )

    def with_gravity(self, gravity) -> GearedModel:
        """The same mechanism under another gravity vector (m/s², base axes)."""
        return GearedModel(
            self.primary_model.with_gravity(gravity),
            self.transmission,
            rotor_model=self.rotor_model,
            name=self.name,
            source=self.source,
        )

    # ------------------------------------------------------------------ sizes and names
    @property
    def nq(self) -> int:
        return self.virtual_model.n

    @property
    def nv(self) -> int:
        return self.virtual_model.n

    @property
    def nu(self) -> int:
        return len(self._actuators)

    @property
    def joint_names(self) -> tuple[str, ...]:
        return self.virtual_model.joint_names

    @property
    def coordinate_names(self) -> tuple[str, ...]:
        """The URDF joints Θ."""
        return self.virtual_model.joint_names

    velocity_names = coordinate_names

    @property
    def actuator_names(self) -> tuple[str, ...]:
        """The motors, in the file's ``actuators:`` order."""
        return self._actuators

    @property
    def frame_names(self) -> tuple[str, ...]:
        return self.virtual_model.frame_names

    @property
    def base_frame(self) -> str:
        return self.virtual_model.base_frame

    @property
    def tip_frame(self) -> str:
        return self.virtual_model.tip_frame

    def make_data(self) -> Data:
        """A fresh workspace for :mod:`modyn_model.algorithms` (no fast path: they call the
        methods below and copy into it)."""
        return Data(self)

    def __repr__(self) -> str:
        return (
            f"GearedModel({self.name!r}, joints={list(self.coordinate_names)}, "
            f"actuators={list(self._actuators)}, rotor_model={self.rotor_model!r})"
        )

    # ------------------------------------------------------------------ checks
    # check_state / check_velocity / check_actuation / check_batch: StateChecks (checks.py),
    # messages naming the joint or the actuator and the model
    _coordinate_kind, _actuator_kind = "joint", "actuator"
    _batch = StateChecks.check_batch

    # ------------------------------------------------------------------ configuration space
    def neutral(self) -> np.ndarray:
        """Θ = 0 (n,)."""
        return np.zeros(self.nq)

    def integrate(self, q, v, dt) -> np.ndarray:
        """q + v·dt (joint angles: a vector space)."""
        q = self.check_state("q", q)
        v = self.check_velocity("v", v)
        self._batch(q=q, v=v)
        return q + v * dt

    def difference(self, q1, q0) -> np.ndarray:
        """q1 − q0."""
        q1 = self.check_state("q1", q1)
        q0 = self.check_state("q0", q0)
        self._batch(q1=q1, q0=q0)
        return q1 - q0

    # ------------------------------------------------------------------ actuation: S = Aᵀ
    def actuation_matrix(self, q) -> np.ndarray:
        """S = Aᵀ (..., nu, n): τ = Sᵀ ξ = A ξ, φ̇ = S Θ̇ (constant)."""
        q = self.check_state("q", q)
        return np.broadcast_to(self._at, q.shape[:-1] + self._at.shape).copy()

    def generalized_forces(self, q, u) -> np.ndarray:
        """τ = A ξ (..., n) (N·m) for motor torques ξ (Chen & Wang (22))."""
        q = self.check_state("q", q)
        u = self.check_actuation("u", u)
        self._batch(q=q, u=u)
        return np.broadcast_to(u @ self._at, np.broadcast_shapes(q.shape, u.shape)).copy()

    def actuator_forces(self, q, v, a) -> np.ndarray:
        """ξ = A⁻¹ Γ(q, v, v̇) (..., nu) (N·m): the motor torques of the motion."""
        return self.inverse_dynamics(q, v, a) @ self._a_inv.T

    def actuator_state(self, q, v) -> tuple[np.ndarray, np.ndarray]:
        """(φ = Aᵀ q + φ0 (..., nu) rad, φ̇ = Aᵀ v (..., nu) rad/s): motor angles and speeds
        relative to their stators (Chen & Wang (12))."""
        q = self.check_state("q", q)
        v = self.check_velocity("v", v)
        return q @ self.structure_matrix + self.actuator_offset, v @ self.structure_matrix

    # ------------------------------------------------------------------ dynamics
    def rotor_mass_matrix(self, q) -> np.ndarray:
        """M_s(q) (..., n, n) of the full rotor model (Chen & Wang (18), (21))."""
        return np.array(self.rotors.mass(self.check_state("q", q)))

    def rotor_bias(self, q, v) -> np.ndarray:
        """C_s(q, v) = C_s v (..., n) of the full rotor model (Chen & Wang (19)-(21))."""
        q = self.check_state("q", q)
        v = self.check_velocity("v", v)
        self._batch(q=q, v=v)
        return self.rotors.bias(q, v)

    def _rotor_mass(self, q) -> np.ndarray:
        ms = self.rotors.mass(q)
        if self.rotor_model == "diagonal":
            return ms * np.eye(self.nv)
        return ms

    def mass_matrix(self, q) -> np.ndarray:
        """M = M_v + M_s (..., n, n) (diagonal model: M_v + diag(M_s))."""
        q = self.check_state("q", q)
        if q.ndim == 1:
            mv = self.virtual_model.fast_path().mass_matrix(q, out=np.empty((self.nv, self.nv)))
        else:
            mv = self.virtual_model.mass_matrix(q)
        return mv + self._rotor_mass(q)

    def gravity(self, q) -> np.ndarray:
        """g(q) (..., n) of the virtual tree (N·m; not in the paper)."""
        return self.virtual_model.gravity(self.check_state("q", q))

    def friction_forces(self, v) -> np.ndarray:
        """Γf(v) = joint friction (URDF) + A f_m(Aᵀ v) (motor friction) (..., n) (N·m)."""
        v = self.check_velocity("v", v)
        if not (self._joint_friction or self.coupled_friction):
            return np.zeros_like(v)
        out = friction_torques(self.virtual_model, v) if self._joint_friction else 0.0 * v
        if self.coupled_friction:
            rate = v @ self.structure_matrix  # φ̇
            fm = self.motor_viscous * rate + self.motor_coulomb * np.sign(rate)
            out = out + fm @ self._at
        return out

    def _rotor_bias(self, q, v):
        if self.rotor_model == "diagonal":
            return 0.0
        return self.rotors.bias(q, v)

    def bias_forces(self, q, v, f_ext=None, *, friction: bool = True) -> np.ndarray:
        """H = C_v + C_s + g (+ Γf) (..., n); ``f_ext`` per body of the tree (..., n, 6), as for
        the RobotModel."""
        q = self.check_state("q", q)
        v = self.check_velocity("v", v)
        self._batch(q=q, v=v)
        h = self._tree(q, v, None, f_ext)
        h = h + self._rotor_bias(q, v)
        if friction:
            h = h + self.friction_forces(v)
        return h

    def inverse_dynamics(self, q, v, a, f_ext=None, *, friction: bool = True) -> np.ndarray:
        """Γ = (M_v + M_s) v̇ + C_v + C_s + g (+ Γf) (..., n) (N·m), Chen & Wang (23)."""
        q = self.check_state("q", q)
        v = self.check_velocity("v", v)
        a = self.check_velocity("a", a)
        if q.ndim == v.ndim == a.ndim == 1:
            tau = self._tree(q, v, a, f_ext) + self._rotor_mass(q) @ a
        else:
            self._batch(q=q, v=v, a=a)
            tau = self._tree(q, v, a, f_ext)
            tau = tau + np.einsum("...ij,...j->...i", self._rotor_mass(q), a)
        tau = tau + self._rotor_bias(q, v)
        if friction:
            tau = tau + self.friction_forces(v)
        return tau

    def _tree(self, q, v, a, f_ext):
        """M_v v̇ + C_v + g of the virtual tree (a = None: v̇ = 0), by its generated code for one
        state (the RobotModel's fast path) and its batched RNEA otherwise."""
        if f_ext is None and q.ndim == 1 and v.ndim == 1 and (a is None or a.ndim == 1):
            return self.virtual_model.fast_path().rnea(
                q, v, a, friction=False, out=np.empty(self.nv)
            )
        return self.virtual_model.inverse_dynamics(q, v, a, f_ext=f_ext, friction=False)

    def coriolis_matrix(self, q, v) -> np.ndarray:
        """C = C_v + C_s (..., n, n), Christoffel-consistent: Ṁ − 2C skew (the diagonal model:
        C_v alone)."""
        q = self.check_state("q", q)
        v = self.check_velocity("v", v)
        self._batch(q=q, v=v)
        c = self.virtual_model.coriolis_matrix(q, v)
        if self.rotor_model == "full":
            c = c + self.rotors.coriolis(q, v)
        return c

    def forward_dynamics(self, q, v, tau, f_ext=None, *, friction: bool = True) -> np.ndarray:
        """Θ̈ = M⁻¹ (τ − H) (..., n), a dense solve (M_s fills entries a tree's CRBA
        leaves empty, note §1.8)."""
        tau = self.check_velocity("tau", tau)
        rhs = tau - self.bias_forces(q, v, f_ext, friction=friction)
        m = self.mass_matrix(q)
        rhs, m = np.broadcast_arrays(rhs[..., None], m)
        return np.linalg.solve(m, rhs)[..., 0]

    def actuator_mass_matrix(self, q) -> np.ndarray:
        """M_φ = A⁻¹ M A⁻ᵀ (..., nu, nu) (kg·m²): the inertia seen by the motors (note §1.7)."""
        return self._a_inv @ self.mass_matrix(q) @ self._a_inv.T

    def actuator_inverse_dynamics(self, q, v, phi_ddot, *, friction: bool = True) -> np.ndarray:
        """ξ = M_φ φ̈ + A⁻¹ H(q, v) (..., nu) (N·m) for motor accelerations φ̈ (rad/s²): the
        inverse dynamics in actuator space (note §1.7; Θ̈ = A⁻ᵀ φ̈)."""
        a = self.check_actuation("phi_ddot", phi_ddot) @ self._a_inv  # Θ̈ = A⁻ᵀ φ̈
        return self.inverse_dynamics(q, v, a, friction=friction) @ self._a_inv.T

    def actuator_forward_dynamics(self, q, v, xi, *, friction: bool = True) -> np.ndarray:
        """φ̈ = Aᵀ M⁻¹ (A ξ − H) (..., nu) (rad/s²) for motor torques ξ (N·m): the forward
        dynamics in actuator space."""
        tau = self.check_actuation("xi", xi) @ self._at
        return self.forward_dynamics(q, v, tau, friction=friction) @ self.structure_matrix

    def kinetic_energy(self, q, v) -> np.ndarray:
        """½ vᵀ M v (J)."""
        v = self.check_velocity("v", v)
        return 0.5 * np.einsum("...i,...ij,...j->...", v, self.mass_matrix(q), v)

    def potential_energy(self, q) -> np.ndarray:
        """U(q) of the virtual tree (J); the base-carried secondary links do not move."""
        return self.virtual_model.potential_energy(self.check_state("q", q))

    # ------------------------------------------------------------------ frames (the tree's)
    def frame_placement(self, q, frame: str) -> np.ndarray:
        return self.virtual_model.frame_placement(self.check_state("q", q), frame)

    def frame_jacobian(self, q, frame: str) -> np.ndarray:
        return self.virtual_model.frame_jacobian(self.check_state("q", q), frame)

    def frame_jacobian_dot_v(self, q, v, frame: str) -> np.ndarray:
        return self.virtual_model.frame_jacobian_dot_v(q, v, frame)

    def frame_motion(self, q, v, frame: str):
        return self.virtual_model.frame_motion(q, v, frame)
