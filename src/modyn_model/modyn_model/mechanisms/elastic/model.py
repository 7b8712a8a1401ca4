"""A robot with elastic joints behind the mechanism contract (:mod:`modyn_model.contract`), kind
``elastic`` of :func:`modyn_model.load_model` (Khalil §7.3.8, note seed-003-khalil.md §2.7).

Doubled coordinates x = [q; θ]: the link positions q (the rigid model's joints, nq = n) and the
rotor positions θ = q_M reflected through the gear ratios (n more, named ``<joint>_motor``), so
nq = nv = 2n; the actuators are the n motors, S = [0 I] (τ = Sᵀ Γ = [0; Γ]). The joint
deformation is q − θ; the geometric model depends on q only. With the spring energy [7.34]

    U_k = ½ (q − θ)ᵀ K (q − θ)                  (K: n × n, symmetric positive definite)

Lagrange's equations give [7.35a]/[7.35b] (link friction added to [7.35a] as Khalil allows, and
an optional spring damping D_k, a viscous force on the deformation rate)::

    A(q) q̈ + C(q, q̇) q̇ + Q(q) + Γf(q̇) + K (q − θ) + D_k (q̇ − θ̇) = 0
    Ia θ̈ + Fvm θ̇ + Fcm sign(θ̇)       − K (q − θ) − D_k (q̇ − θ̇) = Γ

A(q), C, Q: the rigid link model with its rotor inertias removed (they move to Ia, a diagonal
n × n matrix). In the contract's terms (A v̇ + H = τ): the mass matrix is blockdiag(A(q), Ia),
``gravity`` is the gradient of the whole potential U_g(q) + U_k, i.e. [Q(q) + K(q − θ);
−K(q − θ)] (what a law must balance to hold the robot still), ``potential_energy`` is
U_g + U_k, ``coriolis_matrix`` is blockdiag(C(q, q̇), 0). Friction: the per-coordinate arrays
carry the link joints' friction and the motors' Fvm, Fcm (joint side); the spring damping D_k
couples a link to its motor, so ``coupled_friction`` is True when D_k ≠ 0 (the built-in plant
then takes the viscous matrix implicitly from ``friction_forces``).

Without friction, damping and input the energy ½ q̇ᵀ A q̇ + ½ θ̇ᵀ Ia θ̇ + U_g + U_k is
conserved (tests/test_elastic_* check it to the plant integrator's order); K → ∞ gives the
rigid robot with A + Ia (the convergence table in docs/elastic.md); at rest under a motor torque
Γ the deflection is θ − q = K⁻¹ Q(q) and Γ = Q(q).

Optional members for elastic-joint control laws (:mod:`modyn_control.elastic_joint`):
``link_model`` (the rigid link RobotModel, no rotor inertia), ``n_links``, ``stiffness`` (K),
``rotor_inertia`` (Ia diagonal), ``spring_damping`` (D_k), ``motor_viscous``,
``motor_coulomb``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from pathlib import Path

import numpy as np

from ...checks import StateChecks
from ...data import Data
from ...errors import DescriptionError, UnsupportedError

__all__ = ["ElasticJointModel"]

_FIELDS = {
    "kind",
    "name",
    "links",
    "urdf",
    "xacro_args",
    "extras",
    "gravity",
    "stiffness",
    "spring_damping",
    "gear_ratio",
    "motor_inertia",
    "rotor_inertia",
    "motor_viscous",
    "motor_coulomb",
    "motor_effort_limit",
    "motor_suffix",
    "joint_friction",
}


def _ro(x) -> np.ndarray:
    arr = np.array(x, dtype=float)
    arr.flags.writeable = False
    return arr


def _per_joint(value, n: int, field: str, source: str, *, positive: bool = False) -> np.ndarray:
    """One value or n values, finite and ≥ 0 (> 0 with ``positive``), as an (n,) array."""
    try:
        arr = np.atleast_1d(np.asarray(value, dtype=float))
    except (TypeError, ValueError):
        raise DescriptionError(
            f"{source}: field '{field}' must be numbers, got {value!r}"
        ) from None
    if arr.ndim != 1 or arr.size not in (1, n):
        raise DescriptionError(
            f"{source}: field '{field}' needs 1 or {n} values (one per joint), got {value!r}"
        )
    arr = np.broadcast_to(arr, (n,)).astype(float)
    bad = np.flatnonzero(~np.isfinite(arr) | (arr <= 0.0 if positive else arr < 0.0))
    if bad.size:
        j = int(bad[0])
        rule = "> 0" if positive else "≥ 0"
        raise DescriptionError(
            f"{source}: field '{field}[{j}]' = {arr[j]}: must be finite and {rule}"
        )
    return arr


def _matrix(value, n: int, field: str, source: str, *, definite: bool) -> np.ndarray:
    """A per-joint list (diagonal) or an n × n symmetric matrix; positive definite with
    ``definite`` (a stiffness), else positive semi-definite (a damping)."""
    try:
        arr = np.asarray(value, dtype=float)
    except (TypeError, ValueError):
        raise DescriptionError(
            f"{source}: field '{field}' must be numbers, got {value!r}"
        ) from None
    if arr.ndim <= 1:
        m = np.diag(_per_joint(arr, n, field, source, positive=definite))
    elif arr.shape == (n, n):
        if not np.all(np.isfinite(arr)):
            raise DescriptionError(f"{source}: field '{field}' has a non-finite entry")
        if not np.allclose(arr, arr.T, rtol=0.0, atol=1e-12 * max(1.0, np.abs(arr).max())):
            raise DescriptionError(
                f"{source}: field '{field}': the {n}x{n} matrix is not symmetric"
            )
        m = 0.5 * (arr + arr.T)
    else:
        raise DescriptionError(
            f"{source}: field '{field}' must be 1 or {n} values or an {n}x{n} matrix, got shape "
            f"{arr.shape}"
        )
    low = float(np.linalg.eigvalsh(m).min())
    if (definite and low <= 0.0) or (not definite and low < -1e-12 * max(1.0, np.abs(m).max())):
        kind = "positive definite" if definite else "positive semi-definite"
        raise DescriptionError(
            f"{source}: field '{field}' must be {kind}; its smallest eigenvalue is {low:.6g}"
        )
    return m


def _load_links_file(d: Mapping, source: str, base_dir: Path | None):
    """The rigid links of ``urdf`` (+ ``xacro_args``, ``extras``, ``gravity``), resolved as the
    geared kind's (relative to the mechanism file, ``package://`` accepted)."""
    from ...model import RobotModel
    from ..geared.model import _resolve

    path = _resolve(d["urdf"], base_dir, source)
    options: dict = {"mimic": "error"}
    if d.get("gravity") is not None:
        options["gravity"] = d["gravity"]
    if d.get("extras") is not None:
        extras = d["extras"]
        options["extras"] = (
            extras if isinstance(extras, Mapping) else _resolve(extras, base_dir, source)
        )
    args = d.get("xacro_args") or {}
    if not isinstance(args, Mapping):
        raise DescriptionError(f"{source}: field 'xacro_args' must be a mapping, got {args!r}")
    if path.name.lower().endswith(".xacro"):
        return RobotModel.from_xacro(path, **options, **{str(k): str(v) for k, v in args.items()})
    if args:
        raise DescriptionError(f"{source}: 'xacro_args' given for a non-xacro {path}")
    return RobotModel.from_urdf(path, **options)


class ElasticJointModel(StateChecks):
    """A rigid link tree whose joints are driven through springs (module docstring).

    Parameters
    ----------
    links : RobotModel
        The rigid robot (fixed-base tree). Its rotor inertias (``armature``) are removed from the
        links: the rotors are the motor coordinates here.
    stiffness : (n, n) array
        K (N·m/rad), symmetric positive definite.
    rotor_inertia : (n,) array
        Ia, the rotor inertias reflected to the joint side (kg·m²), > 0.
    spring_damping : (n, n) array, optional
        D_k (N·m·s/rad), symmetric positive semi-definite (default 0).
    motor_viscous, motor_coulomb : (n,) arrays, optional
        Fvm (N·m·s/rad), Fcm (N·m), joint side (default 0).
    motor_effort_limit : (n,) array, optional
        |Γ| limits (N·m; default: the links' effort limits).
    name, source : str, optional
    motor_suffix : str
        The motor coordinates are named ``<joint><motor_suffix>``.
    """

    kind = "elastic"
    floating_base = False

    def __init__(
        self,
        links,
        stiffness,
        rotor_inertia,
        *,
        spring_damping=None,
        motor_viscous=None,
        motor_coulomb=None,
        motor_effort_limit=None,
        name: str | None = None,
        source: str | None = None,
        motor_suffix: str = "_motor",
    ):
        from ...model import RobotModel

        where = source or links.source
        if type(links) is not RobotModel:
            raise UnsupportedError(
                f"{where}: an elastic-joint robot needs a fixed-base tree without mimic joints "
                f"as its links, got a {type(links).__name__}"
            )
        n = links.n
        if np.any(links.armature != 0.0):  # the rotors become the motor coordinates
            links = links.with_parameters(
                extras=[
                    dataclasses.replace(e, rotor_inertia=0.0, motor_inertia=0.0)
                    for e in links.extras
                ]
            )
        self.link_model = links
        self.n_links = n
        self.stiffness = _ro(_matrix(stiffness, n, "stiffness", where, definite=True))
        self.rotor_inertia = _ro(
            _per_joint(rotor_inertia, n, "rotor_inertia", where, positive=True)
        )
        damping = np.zeros((n, n)) if spring_damping is None else spring_damping
        self.spring_damping = _ro(_matrix(damping, n, "spring_damping", where, definite=False))
        zero = np.zeros(n)
        self.motor_viscous = _ro(
            _per_joint(zero if motor_viscous is None else motor_viscous, n, "motor_viscous", where)
        )
        self.motor_coulomb = _ro(
            _per_joint(zero if motor_coulomb is None else motor_coulomb, n, "motor_coulomb", where)
        )
        limit = links.effort_limit if motor_effort_limit is None else motor_effort_limit
        self.effort_limit = _ro(_per_joint(limit, n, "motor_effort_limit", where, positive=True))
        self.name = str(name) if name else f"{links.name}_elastic"
        self.source = where
        joints = tuple(links.joint_names)
        motors = tuple(f"{j}{motor_suffix}" for j in joints)
        if set(motors) & set(joints) or len(set(motors)) != n:
            raise DescriptionError(f"{where}: motor names {list(motors)} clash with the joints")
        self._joints, self._motors = joints, motors
        self._coords = joints + motors
        inf = np.full(n, np.inf)
        self.lower = _ro(np.concatenate([links.lower, -inf]))
        self.upper = _ro(np.concatenate([links.upper, inf]))
        self.velocity_limit = _ro(np.concatenate([links.velocity_limit, inf]))
        self.gravity_vector = links.gravity_vector
        z = np.zeros(n)
        self.viscous = _ro(np.concatenate([links.viscous, self.motor_viscous]))
        self.coulomb = _ro(np.concatenate([links.coulomb, self.motor_coulomb]))
        self.static_friction = _ro(np.concatenate([links.static_friction, self.motor_coulomb]))
        self.stribeck_velocity = _ro(np.concatenate([links.stribeck_velocity, z]))
        self._link_friction = bool(
            np.any(links.viscous) or np.any(links.coulomb) or np.any(links.static_friction)
        )
        self._motor_friction = bool(np.any(self.motor_viscous) or np.any(self.motor_coulomb))
        #: the spring damping couples each link to its motor, and the per-coordinate friction
        #: of the doubled coordinates has no tree ``with_parameters`` for a plant's implicit
        #: step: the friction is declared coupled (contract), so that consumers take the
        #: complete Γf from friction_forces (the built-in plant: its viscous matrix implicit)
        self.coupled_friction = bool(
            np.any(self.spring_damping != 0.0) or self._link_friction or self._motor_friction
        )
        s = np.zeros((n, 2 * n))
        s[:, n:] = np.eye(n)
        self._s = _ro(s)
        # single-state work buffers (the plant's hot path: forward_dynamics per stage)
        self._m = np.zeros((2 * n, 2 * n))
        self._m[n:, n:] = np.diag(self.rotor_inertia)
        self._h = np.zeros(2 * n)
        self._link_a = np.zeros((n, n))
        self._link_h = np.zeros(n)

    # ------------------------------------------------------------------ construction
    @classmethod
    def from_description(
        cls, d: Mapping, *, source: str = "<mapping>", base_dir: Path | None = None
    ) -> ElasticJointModel:
        """The loader of ``kind: elastic`` (docs/elastic.md): the rigid links as ``urdf`` (a URDF
        or xacro file relative to this file, ``package://`` accepted) with ``xacro_args``,
        ``extras`` (joint extras file: rotor inertias, friction) and ``gravity``, or as ``links``
        (any rigid-tree description :func:`~modyn_model.load_model` reads, as a mapping, e.g.
        ``{kind: mdh, file: rx90}``);
        ``stiffness`` (1 or n values, or n × n), ``spring_damping``, the rotor inertia as
        ``rotor_inertia`` (Ia, joint side) or ``gear_ratio`` with ``motor_inertia`` (Ia = r² Jm,
        [7.29]), default the links' own rotor inertias; ``motor_viscous``, ``motor_coulomb``,
        ``motor_effort_limit``, ``motor_suffix``, ``name``."""
        from ...factory import load_model

        unknown = sorted(set(d) - _FIELDS)
        if unknown:
            raise DescriptionError(
                f"{source}: kind 'elastic': unknown field(s) {unknown}; allowed: {sorted(_FIELDS)}"
            )
        if "stiffness" not in d:
            raise DescriptionError(f"{source}: kind 'elastic' needs the field 'stiffness'")
        if ("links" in d) == ("urdf" in d):
            raise DescriptionError(
                f"{source}: kind 'elastic' needs exactly one of 'urdf' (a URDF or xacro file, with "
                "'xacro_args', 'extras', 'gravity') or 'links' (any rigid-tree description)"
            )
        if "urdf" in d:
            links = _load_links_file(d, source, base_dir)
        else:
            if any(k in d for k in ("xacro_args", "extras", "gravity")):
                raise DescriptionError(
                    f"{source}: 'xacro_args', 'extras' and 'gravity' go with 'urdf'; inside "
                    "'links' give the description's own fields"
                )
            spec = d["links"]
            if not isinstance(spec, Mapping):
                raise DescriptionError(
                    f"{source}: field 'links' must be a mapping (a description with 'kind:'), "
                    f"got {spec!r}"
                )
            links = load_model(spec, base_dir=base_dir)
        n = links.n if hasattr(links, "n") else links.nv
        side = d.get("joint_friction", "motor")
        if side not in ("motor", "link"):
            raise DescriptionError(
                f"{source}: field 'joint_friction' must be 'motor' or 'link', got {side!r}"
            )
        motor_viscous, motor_coulomb = d.get("motor_viscous"), d.get("motor_coulomb")
        if side == "motor" and hasattr(links, "extras"):
            # the links' friction is the transmissions' (Khalil's Fvm, Fcm, joint side): it
            # moves to the motor coordinates unless those are given
            if motor_viscous is None:
                motor_viscous = np.asarray(links.viscous, dtype=float)
            if motor_coulomb is None:
                motor_coulomb = np.asarray(links.coulomb, dtype=float)
            links = links.with_parameters(
                extras=[
                    dataclasses.replace(
                        e, viscous=0.0, coulomb=0.0, static=0.0, stribeck_velocity=0.0
                    )
                    for e in links.extras
                ]
            )
        if "rotor_inertia" in d:
            ia = _per_joint(d["rotor_inertia"], n, "rotor_inertia", source, positive=True)
        elif "motor_inertia" in d or "gear_ratio" in d:
            if not ("motor_inertia" in d and "gear_ratio" in d):
                raise DescriptionError(
                    f"{source}: kind 'elastic': give both 'gear_ratio' and 'motor_inertia' "
                    "(Ia = r² Jm), or 'rotor_inertia'"
                )
            r = _per_joint(d["gear_ratio"], n, "gear_ratio", source, positive=True)
            ia = r**2 * _per_joint(d["motor_inertia"], n, "motor_inertia", source, positive=True)
        else:
            ia = np.asarray(getattr(links, "armature", np.zeros(n)), dtype=float)
            if np.any(ia <= 0.0):
                j = int(np.flatnonzero(ia <= 0.0)[0])
                raise DescriptionError(
                    f"{source}: kind 'elastic': joint '{links.joint_names[j]}' has no rotor "
                    "inertia in the links' description; give 'rotor_inertia' or 'gear_ratio' "
                    "and 'motor_inertia'"
                )
        return cls(
            links,
            d["stiffness"],
            ia,
            spring_damping=d.get("spring_damping"),
            motor_viscous=motor_viscous,
            motor_coulomb=motor_coulomb,
            motor_effort_limit=d.get("motor_effort_limit"),
            name=d.get("name"),
            source=source,
            motor_suffix=str(d.get("motor_suffix", "_motor")),
        )

    def with_stiffness(self, stiffness) -> ElasticJointModel:
        """The same robot with another stiffness K (1 or n values, or n × n; N·m/rad)."""
        return ElasticJointModel(
            self.link_model,
            stiffness,
            self.rotor_inertia,
            spring_damping=self.spring_damping,
            motor_viscous=self.motor_viscous,
            motor_coulomb=self.motor_coulomb,
            motor_effort_limit=self.effort_limit,
            name=self.name,
            source=self.source,
            motor_suffix=self._motors[0][len(self._joints[0]) :],
        )

    def rigid_model(self):
        """The rigid limit K → ∞ (θ = q): the link tree with the rotor inertias Ia back on its
        joints (A + Ia, [7.29]) and the motor friction added to the joints' (Fv + Fvm, Fc +
        Fcm; Stribeck terms dropped when the motors have Coulomb friction), a RobotModel on the
        link joints: what a controller that ignores the springs uses."""
        ex = self.link_model.extras
        out = []
        for e, ia, fv, fc in zip(
            ex, self.rotor_inertia, self.motor_viscous, self.motor_coulomb, strict=True
        ):
            extra = {
                "rotor_inertia": float(ia),
                "motor_inertia": 0.0,
                "viscous": e.viscous + float(fv),
            }
            if fc > 0.0:
                extra.update(coulomb=e.coulomb + float(fc), static=0.0, stribeck_velocity=0.0)
            out.append(dataclasses.replace(e, **extra))
        return self.link_model.with_parameters(extras=out)

    # ------------------------------------------------------------------ sizes and names
    @property
    def nq(self) -> int:
        return 2 * self.n_links

    @property
    def nv(self) -> int:
        return 2 * self.n_links

    @property
    def nu(self) -> int:
        return self.n_links

    @property
    def coordinate_names(self) -> tuple[str, ...]:
        """The link joints, then the motors (``<joint>_motor``)."""
        return self._coords

    @property
    def velocity_names(self) -> tuple[str, ...]:
        return self._coords

    @property
    def actuator_names(self) -> tuple[str, ...]:
        """The motors (their torques Γ, joint side)."""
        return self._motors

    @property
    def link_names(self) -> tuple[str, ...]:
        """The link joints (the first n coordinates)."""
        return self._joints

    @property
    def frame_names(self) -> tuple[str, ...]:
        return self.link_model.frame_names

    @property
    def base_frame(self) -> str:
        return self.link_model.base_frame

    @property
    def tip_frame(self) -> str:
        return self.link_model.tip_frame

    def make_data(self) -> Data:
        """A fresh workspace for :mod:`modyn_model.algorithms`."""
        return Data(self)

    def __repr__(self) -> str:
        return f"ElasticJointModel({self.name!r}, joints={list(self._joints)})"

    # ------------------------------------------------------------------ checks
    # check_state / check_velocity / check_actuation / check_batch: StateChecks (checks.py),
    # messages naming the coordinate (2n) or the motor (n) and the model
    _coordinate_kind, _actuator_kind = "coordinate", "motor"
    _batch = StateChecks.check_batch

    # ------------------------------------------------------------------ configuration space
    def neutral(self) -> np.ndarray:
        """x = 0 (2n,)."""
        return np.zeros(self.nq)

    def integrate(self, q, v, dt) -> np.ndarray:
        """x + v·dt (angles and lengths: a vector space)."""
        q = self.check_state("q", q)
        v = self.check_velocity("v", v)
        self._batch(q=q, v=v)
        return q + v * dt

    def difference(self, q1, q0) -> np.ndarray:
        """x1 − x0."""
        q1 = self.check_state("q1", q1)
        q0 = self.check_state("q0", q0)
        self._batch(q1=q1, q0=q0)
        return q1 - q0

    # ------------------------------------------------------------------ actuation: S = [0 I]
    def actuation_matrix(self, q) -> np.ndarray:
        """S = [0 I] (..., n, 2n): the motors act on the rotor coordinates only."""
        q = self.check_state("q", q)
        return np.broadcast_to(self._s, q.shape[:-1] + self._s.shape).copy()

    def generalized_forces(self, q, u) -> np.ndarray:
        """τ = Sᵀ Γ = [0; Γ] (..., 2n)."""
        q = self.check_state("q", q)
        u = self.check_actuation("u", u)
        self._batch(q=q, u=u)
        return np.broadcast_to(
            u @ self._s, np.broadcast_shapes(q.shape[:-1] + (self.nq,), u.shape[:-1] + (self.nq,))
        ).copy()

    def actuator_forces(self, q, v, a) -> np.ndarray:
        """Γ = the motor rows of the inverse dynamics [7.35b] (..., n) (N·m). (The link rows
        [7.35a] are not actuated: they hold only for a motion of the mechanism.)"""
        return self.inverse_dynamics(q, v, a)[..., self.n_links :]

    def actuation_solve(self, q, tau) -> np.ndarray:
        """The motor torques that realise τ = [τ_q; τ_θ] (..., 2n) through the springs:
        u = τ_θ + τ_q (..., n) (N·m), the rigid-limit (K → ∞, θ = q) reading, in which a link
        force reaches the link through its motor and spring (at rest the spring carries exactly
        the motor torque to the link). The contract's optional member: the controller's and
        hardware_interface's ActuatorMap use it instead of the least squares on S = [0 I], which
        would drop τ_q (a generic hold's or law's link-side forces); a law that writes
        τ = [0; Γ] (modyn_control.elastic_joint) gets u = Γ."""
        tau = self.check_velocity("tau", tau)
        n = self.n_links
        return tau[..., n:] + tau[..., :n]

    # ------------------------------------------------------------------ split helpers
    def split(self, x) -> tuple[np.ndarray, np.ndarray]:
        """(link part (..., n), motor part (..., n)) of a (..., 2n) array (views)."""
        n = self.n_links
        return x[..., :n], x[..., n:]

    def _spring(self, q, v) -> np.ndarray:
        """K (q − θ) + D_k (q̇ − θ̇) (..., n): the force the spring exerts back on the links
        (v = None: the static part only)."""
        ql, qm = self.split(q)
        f = (ql - qm) @ self.stiffness
        if v is not None and self.coupled_friction:
            vl, vm = self.split(v)
            f = f + (vl - vm) @ self.spring_damping
        return f

    # ------------------------------------------------------------------ dynamics
    def mass_matrix(self, q) -> np.ndarray:
        """blockdiag(A(q), Ia) (..., 2n, 2n)."""
        q = self.check_state("q", q)
        n = self.n_links
        if q.ndim == 1:
            self._m[:n, :n] = self.link_model.fast_path().mass_matrix(q[:n], out=self._link_a)
            return self._m.copy()
        out = np.zeros(q.shape[:-1] + (2 * n, 2 * n))
        out[..., :n, :n] = self.link_model.mass_matrix(q[..., :n])
        out[..., n:, n:] = np.diag(self.rotor_inertia)
        return out

    def gravity(self, q) -> np.ndarray:
        """∂(U_g + U_k)/∂x = [Q(q) + K (q − θ); −K (q − θ)] (..., 2n) (N·m)."""
        q = self.check_state("q", q)
        n = self.n_links
        f = self._spring(q, None)
        return np.concatenate([self.link_model.gravity(q[..., :n]) + f, -f], axis=-1)

    def friction_forces(self, v) -> np.ndarray:
        """[Γf_link(q̇) + D_k (q̇ − θ̇); Fvm θ̇ + Fcm sign(θ̇) − D_k (q̇ − θ̇)] (..., 2n)."""
        from ...dynamics.friction import friction_torques

        v = self.check_velocity("v", v)
        n = self.n_links
        vl, vm = self.split(v)
        link = friction_torques(self.link_model, vl) if self._link_friction else np.zeros_like(vl)
        motor = self.motor_viscous * vm + self.motor_coulomb * np.sign(vm)
        if self.coupled_friction:
            d = (vl - vm) @ self.spring_damping
            link, motor = link + d, motor - d
        out = np.concatenate([link, motor], axis=-1)
        assert out.shape[-1] == 2 * n
        return out

    def bias_forces(self, q, v, f_ext=None, *, friction: bool = True) -> np.ndarray:
        """H = [C q̇ + Q + K (q − θ); −K (q − θ)] (+ friction) (..., 2n); ``f_ext`` per link
        body (..., n, 6) as for the RobotModel."""
        return self.inverse_dynamics(q, v, None, f_ext, friction=friction)

    def inverse_dynamics(self, q, v, a, f_ext=None, *, friction: bool = True) -> np.ndarray:
        """[A q̈ + C q̇ + Q + K (q − θ); Ia θ̈ − K (q − θ)] (+ friction) (..., 2n) (N·m),
        [7.35a]/[7.35b]; ``a`` None: v̇ = 0."""
        q = self.check_state("q", q)
        v = self.check_velocity("v", v)
        a = self.check_velocity("a", a, allow_none=True)
        n = self.n_links
        one = q.ndim == 1 and v.ndim == 1 and (a is None or a.ndim == 1) and f_ext is None
        if one:
            out = self._h
            self.link_model.fast_path().rnea(
                q[:n], v[:n], None if a is None else a[:n], friction=False, out=self._link_h
            )
            out[:n] = self._link_h
            out[n:] = 0.0 if a is None else self.rotor_inertia * a[n:]
            f = (q[:n] - q[n:]) @ self.stiffness
            out[:n] += f
            out[n:] -= f
            out = out.copy()
        else:
            self._batch(q=q, v=v) if a is None else self._batch(q=q, v=v, a=a)
            link = self.link_model.inverse_dynamics(
                q[..., :n],
                v[..., :n],
                None if a is None else a[..., :n],
                f_ext=f_ext,
                friction=False,
            )
            motor = (0.0 * v[..., n:]) if a is None else self.rotor_inertia * a[..., n:]
            f = self._spring(q, None)
            link, motor = np.broadcast_arrays(link + f, motor - f)
            out = np.concatenate([link, motor], axis=-1)
        if friction and (self._link_friction or self._motor_friction or self.coupled_friction):
            out = out + self.friction_forces(v)
        return out

    def coriolis_matrix(self, q, v) -> np.ndarray:
        """blockdiag(C(q, q̇), 0) (..., 2n, 2n), Ȧ − 2C skew-symmetric."""
        q = self.check_state("q", q)
        v = self.check_velocity("v", v)
        self._batch(q=q, v=v)
        n = self.n_links
        c = self.link_model.coriolis_matrix(q[..., :n], v[..., :n])
        out = np.zeros(c.shape[:-2] + (2 * n, 2 * n))
        out[..., :n, :n] = c
        return out

    def forward_dynamics(self, q, v, tau, f_ext=None, *, friction: bool = True) -> np.ndarray:
        """v̇ (..., 2n): q̈ = A⁻¹ (τ_q − H_q), θ̈ = Ia⁻¹ (τ_θ − H_θ) (the blocks decouple)."""
        tau = self.check_velocity("tau", tau)
        h = self.bias_forces(q, v, f_ext, friction=friction)
        n = self.n_links
        rhs = tau - h
        q = np.asarray(q, dtype=float)
        if q.ndim == 1 and rhs.ndim == 1:
            a = self.link_model.fast_path().mass_matrix(q[:n], out=self._link_a)
            out = np.empty(2 * n)
            out[:n] = np.linalg.solve(a, rhs[:n])
            out[n:] = rhs[n:] / self.rotor_inertia
            return out
        a = self.link_model.mass_matrix(q[..., :n])
        rl, a = np.broadcast_arrays(rhs[..., :n, None], a)
        link = np.linalg.solve(a, rl)[..., 0]
        motor = rhs[..., n:] / self.rotor_inertia
        link, motor = np.broadcast_arrays(link, motor)
        return np.concatenate([link, motor], axis=-1)

    def kinetic_energy(self, q, v) -> np.ndarray:
        """½ q̇ᵀ A q̇ + ½ θ̇ᵀ Ia θ̇ (J)."""
        q = self.check_state("q", q)
        v = self.check_velocity("v", v)
        n = self.n_links
        link = self.link_model.kinetic_energy(q[..., :n], v[..., :n])
        return link + 0.5 * np.sum(self.rotor_inertia * v[..., n:] ** 2, axis=-1)

    def spring_energy(self, q) -> np.ndarray:
        """U_k = ½ (q − θ)ᵀ K (q − θ) [7.34] (J)."""
        q = self.check_state("q", q)
        ql, qm = self.split(q)
        d = ql - qm
        return 0.5 * np.einsum("...i,ij,...j->...", d, self.stiffness, d)

    def potential_energy(self, q) -> np.ndarray:
        """U_g(q) + U_k (J)."""
        q = self.check_state("q", q)
        return self.link_model.potential_energy(q[..., : self.n_links]) + self.spring_energy(q)

    # ------------------------------------------------------------------ frames (the links')
    def _frame_jac(self, j) -> np.ndarray:
        n = self.n_links
        out = np.zeros(j.shape[:-1] + (2 * n,))
        out[..., :n] = j
        return out

    def frame_placement(self, q, frame: str) -> np.ndarray:
        q = self.check_state("q", q)
        return self.link_model.frame_placement(q[..., : self.n_links], frame)

    def frame_jacobian(self, q, frame: str) -> np.ndarray:
        """[J_link 0] (..., 6, 2n): the rotors do not move the frames."""
        q = self.check_state("q", q)
        return self._frame_jac(self.link_model.frame_jacobian(q[..., : self.n_links], frame))

    def frame_jacobian_dot_v(self, q, v, frame: str) -> np.ndarray:
        q = self.check_state("q", q)
        v = self.check_velocity("v", v)
        n = self.n_links
        return self.link_model.frame_jacobian_dot_v(q[..., :n], v[..., :n], frame)

    def frame_motion(self, q, v, frame: str):
        q = self.check_state("q", q)
        v = self.check_velocity("v", v)
        n = self.n_links
        pose, jac, jdv = self.link_model.frame_motion(q[..., :n], v[..., :n], frame)
        return pose, self._frame_jac(jac), jdv

    # ------------------------------------------------------------------ export
    def mujoco_mjcf(self, *, friction: bool = True) -> str:
        """This robot as MJCF text: link joints, coaxial rotor joints, spring tendons, motors on
        the rotors (:func:`~.export.mujoco_mjcf`; the MuJoCo plant's seam for a model that
        is not a URDF tree)."""
        from .export import mujoco_mjcf

        return mujoco_mjcf(self, friction=friction)
