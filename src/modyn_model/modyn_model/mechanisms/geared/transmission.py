"""Transmission description and numerical structural analysis of a geared mechanism
(Chen & Wang 1998, Sec. 2 and 4; note ``seed-002-geared.md`` §1.2, §1.4).

The description
---------------
*Primary links* are the links of the URDF tree (the equivalent open-loop chain, EOLC); *secondary
links* (gears, shafts, motor rotors) each spin about an axis ``e_j`` fixed in the URDF link that
carries them (their *carrier*), with the centre of mass on that axis at ``origin`` (note §1.6:
axisymmetric bodies). Gear *meshes* couple the spins (Chen & Wang (9), the fundamental circuit)::

    q_{gear,c} = g · q_{with,c}          g = ratio = g_{with,gear} = ±N_with / N_gear

where c is the mesh carrier (the link holding both axes, which is often *not* the link that
carries the gear: note §1.2, gear 5 of the example). Actuators drive a rotor relative to a stator.

The analysis (general and numerical; no graph theory, note §1.4 "general solution procedure")
--------------------------------------------------------------------------------------------
Every body's angular velocity is linear in the joint rates v = Θ̇ and in the unknown spins
u_j = q̇_{j,carrier(j)} (spin of secondary j relative to its carrier about e_j)::

    ω_i = Jω_i(q) v                      (primary link i, world axes)
    ω_j = ω_{carrier(j)} + u_j e_j        (secondary j)

The rate of a mesh member x relative to the mesh carrier c about its axis is
r_x = e_x · (ω_x − ω_c) (e_x: the spin axis of a secondary, or for a primary link the axis of
the joint it turns about relative to c, URDF sign), and each mesh is one linear equation
r_gear − g r_with = 0 (Chen & Wang (9) with the coaxial condition (10) folded in). Stacked over
the meshes, E_u u + E_v v = 0, so for a square, non-singular E_u::

    u = Bᵀ v,      B = −(E_u⁻¹ E_v)ᵀ   (n × n_secondary; column b_j: Chen & Wang (11))

The structure matrix A (n × n_actuators, Chen & Wang (12)) has, for actuator k with rotor j and
stator s, the column of q̇_{j,s} = e_j · (ω_j − ω_s) = u_j + e_j · (ω_{carrier(j)} − ω_s) in v
(= b_j when the stator is the rotor's carrier). Then φ̇ = Aᵀ Θ̇, τ = A ξ (Chen & Wang (22)), and
with constant ratios φ = Aᵀ Θ + φ0 (note §1.4 item 6; φ0 = the actuators' ``offset``).

Checks (each fails with a :class:`~modyn_model.errors.DescriptionError` naming the file and the
gear, mesh, actuator or body): an unknown body; a ratio that is zero or not finite; a mesh member
that does not turn about an axis fixed in the mesh carrier (at two random configurations the
relative angular velocity must be parallel to the member's axis and two points of its axis line
must not move relative to the carrier, to ``GEOMETRY_TOL`` = 1e-6); a secondary link the meshes do not determine; an
over-determined (redundant) mesh; A not square (a joint no actuator reaches, or an extra
actuator); A singular; B or A not constant.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from ...errors import DescriptionError, UnsupportedError
from ...fields import check_fields

__all__ = [
    "SecondaryLink",
    "Mesh",
    "Actuator",
    "Transmission",
    "TransmissionStructure",
    "analyse",
    "MESH_TYPES",
]

#: sign of g_{with,gear} for a mesh given by teeth counts (note §3.4: external spur −, internal +;
#: a belt or chain turns both wheels the same way). Bevel gears: give the signed ``ratio``.
MESH_TYPES = {"external": -1.0, "internal": 1.0, "belt": 1.0, "chain": 1.0}

#: relative tolerance of the rank decisions (redundant meshes, undetermined gears, A singular)
_TOL = 1e-9
#: tolerance of the geometric checks: axes parallel and axis lines fixed in the mesh carrier
#: (rad, m), and B, A the same at two configurations (relative). Loose enough for axes written
#: with 7 significant digits or URDF angles such as 1.570796325; a real misalignment is larger.
GEOMETRY_TOL = 1e-6


def _ro(x) -> np.ndarray:
    arr = np.array(x, dtype=float)
    arr.flags.writeable = False
    return arr


# ---------------------------------------------------------------------- the description
@dataclass(frozen=True)
class SecondaryLink:
    """A gear, shaft or rotor spinning about an axis fixed in its carrier (note §1.6).

    Attributes
    ----------
    name : str
    carrier : str
        The URDF link that carries it (its axis and centre of mass are fixed in that link).
    axis : (3,) ndarray
        Unit spin axis e_j in the carrier's link frame.
    origin : (3,) ndarray
        Its centre of mass, on the axis, in the carrier's link frame (m).
    mass : float
        kg.
    I_axial, I_transverse : float
        Moments of inertia about the spin axis and about any axis through the centre of mass
        perpendicular to it (kg·m²).
    """

    name: str
    carrier: str
    axis: np.ndarray
    origin: np.ndarray
    mass: float
    I_axial: float
    I_transverse: float

    def inertia_com(self) -> np.ndarray:
        """I_axial e eᵀ + I_transverse (1 − e eᵀ) (3, 3), about the COM, carrier axes (kg·m²)
        (note §1.5: the full tensor, axial part included, goes into the virtual link)."""
        ee = np.outer(self.axis, self.axis)
        return self.I_axial * ee + self.I_transverse * (np.eye(3) - ee)


@dataclass(frozen=True)
class Mesh:
    """One gear mesh, q_{gear,carrier} = ratio · q_{with,carrier} (Chen & Wang (9)).

    Attributes
    ----------
    index : int
        Position in the file's ``meshes`` list (for messages).
    gear, other : str
        The two members (``gear`` and ``with`` in the file): secondary links or URDF links.
    carrier : str
        The URDF link holding both axes.
    ratio : float
        g_{with,gear}, signed, non-zero.
    """

    index: int
    gear: str
    other: str
    carrier: str
    ratio: float

    @property
    def label(self) -> str:
        """``mesh <index> (<gear>-<with> on <carrier>)``, the name used in messages."""
        return f"mesh {self.index} ({self.gear}-{self.other} on {self.carrier})"


@dataclass(frozen=True)
class Actuator:
    """A motor turning ``rotor`` relative to ``stator`` (φ = q_{rotor,stator}, ξ its torque).

    Attributes
    ----------
    name, rotor, stator : str
    effort_limit : float
        |ξ| limit (N·m); inf when none.
    velocity_limit : float
        |φ̇| limit (rad/s); inf when none.
    viscous, coulomb : float
        Motor-side friction f_m(φ̇) = viscous φ̇ + coulomb sign(φ̇) (N·m·s/rad, N·m).
    offset : float
        φ0: the motor angle at Θ = 0 (rad).
    """

    name: str
    rotor: str
    stator: str
    effort_limit: float = math.inf
    velocity_limit: float = math.inf
    viscous: float = 0.0
    coulomb: float = 0.0
    offset: float = 0.0


def _where(source: str) -> str:
    return source or "<transmission>"


def _number(value, what: str, source: str, *, positive=False, nonneg=False, allow_inf=False):
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise DescriptionError(f"{_where(source)}: {what} must be a number, got {value!r}")
    x = float(value)
    if math.isnan(x) or (math.isinf(x) and not (allow_inf and x > 0)):
        raise DescriptionError(f"{_where(source)}: {what} must be finite, got {value!r}")
    if positive and not x > 0.0:
        raise DescriptionError(f"{_where(source)}: {what} must be positive, got {value!r}")
    if nonneg and x < 0.0:
        raise DescriptionError(f"{_where(source)}: {what} must be >= 0, got {value!r}")
    return x


def _vector(value, what: str, source: str, *, unit=False) -> np.ndarray:
    try:
        arr = np.asarray(value, dtype=float)
    except (TypeError, ValueError):
        arr = None
    if arr is None or arr.shape != (3,) or not np.isfinite(arr).all():
        raise DescriptionError(f"{_where(source)}: {what} must be 3 finite numbers, got {value!r}")
    if unit:
        norm = float(np.linalg.norm(arr))
        if norm < 1e-12:
            raise DescriptionError(f"{_where(source)}: {what} must be a non-zero vector")
        arr = arr / norm
    return arr


def _fields(d, allowed: set, required: set, what: str, source: str) -> None:
    if not isinstance(d, Mapping):
        raise DescriptionError(f"{_where(source)}: {what} must be a mapping, got {d!r}")
    check_fields(d, allowed, f"{_where(source)}: {what}", required=sorted(required))


def _name(value, what: str, source: str) -> str:
    if not isinstance(value, str) or not value:
        raise DescriptionError(f"{_where(source)}: {what} must be a name, got {value!r}")
    return value


@dataclass(frozen=True)
class Transmission:
    """Secondary links, meshes and actuators of a geared mechanism (note §3.4).

    Build it with :meth:`from_mapping` from the ``secondary_links``, ``meshes`` and
    ``actuators`` fields of a ``kind: geared`` file.
    """

    secondary_links: tuple[SecondaryLink, ...]
    meshes: tuple[Mesh, ...]
    actuators: tuple[Actuator, ...]
    source: str = ""

    @property
    def secondary_names(self) -> tuple[str, ...]:
        return tuple(s.name for s in self.secondary_links)

    @property
    def actuator_names(self) -> tuple[str, ...]:
        return tuple(a.name for a in self.actuators)

    @classmethod
    def from_mapping(cls, d: Mapping, source: str = "") -> Transmission:
        """Parse ``secondary_links`` (name → {carrier, axis, origin, mass, I_axial,
        I_transverse}), ``meshes`` (list of {gear, with, carrier, ratio} or {gear, with,
        carrier, teeth: {gear: N, with: N}, type: external|internal|belt|chain}) and
        ``actuators`` (name → {rotor, stator, effort_limit, velocity_limit, viscous, coulomb,
        offset}; their order is the actuator order). Other keys of ``d`` are ignored.

        Raises
        ------
        DescriptionError
            Naming the file, the element and the field.
        """
        if not isinstance(d, Mapping):
            raise DescriptionError(f"{_where(source)}: a transmission must be a mapping")
        sec = d.get("secondary_links")
        if not isinstance(sec, Mapping) or not sec:
            raise DescriptionError(
                f"{_where(source)}: field 'secondary_links' must be a non-empty mapping "
                f"(name -> {{carrier, axis, origin, mass, I_axial, I_transverse}}), got {sec!r}"
            )
        links = []
        keys = {"carrier", "axis", "origin", "mass", "I_axial", "I_transverse"}
        for name, s in sec.items():
            name = _name(name, "a secondary link's name", source)
            what = f"secondary link '{name}'"
            _fields(s, keys, keys, what, source)
            links.append(
                SecondaryLink(
                    name=name,
                    carrier=_name(s["carrier"], f"{what}: field 'carrier'", source),
                    axis=_ro(_vector(s["axis"], f"{what}: field 'axis'", source, unit=True)),
                    origin=_ro(_vector(s["origin"], f"{what}: field 'origin'", source)),
                    mass=_number(s["mass"], f"{what}: field 'mass'", source, nonneg=True),
                    I_axial=_number(s["I_axial"], f"{what}: field 'I_axial'", source, nonneg=True),
                    I_transverse=_number(
                        s["I_transverse"], f"{what}: field 'I_transverse'", source, nonneg=True
                    ),
                )
            )
        raw = d.get("meshes")
        if not isinstance(raw, Sequence) or isinstance(raw, str):
            raise DescriptionError(
                f"{_where(source)}: field 'meshes' must be a list of "
                f"{{gear, with, carrier, ratio}}, got {raw!r}"
            )
        meshes = []
        for i, m in enumerate(raw):
            what = f"mesh {i}"
            _fields(m, {"gear", "with", "carrier", "ratio", "teeth", "type"}, set(), what, source)
            for key in ("gear", "with", "carrier"):
                if key not in m:
                    raise DescriptionError(f"{_where(source)}: {what}: missing field '{key}'")
            gear = _name(m["gear"], f"{what}: field 'gear'", source)
            other = _name(m["with"], f"{what}: field 'with'", source)
            carrier = _name(m["carrier"], f"{what}: field 'carrier'", source)
            what = f"mesh {i} ({gear}-{other} on {carrier})"
            ratio = _mesh_ratio(m, what, source)
            if gear == other:
                raise DescriptionError(f"{_where(source)}: {what}: a gear cannot mesh with itself")
            if carrier in (gear, other):
                raise DescriptionError(
                    f"{_where(source)}: {what}: the mesh carrier '{carrier}' cannot be one of "
                    "its members (it is the link holding both axes)"
                )
            meshes.append(Mesh(i, gear, other, carrier, ratio))
        act = d.get("actuators")
        if not isinstance(act, Mapping) or not act:
            raise DescriptionError(
                f"{_where(source)}: field 'actuators' must be a non-empty mapping (name -> "
                f"{{rotor, stator, effort_limit, ...}}), got {act!r}"
            )
        actuators = []
        keys = {"rotor", "stator", "effort_limit", "velocity_limit", "viscous", "coulomb"}
        for name, a in act.items():
            name = _name(name, "an actuator's name", source)
            what = f"actuator '{name}'"
            _fields(a, keys | {"offset"}, {"rotor", "stator"}, what, source)
            rotor = _name(a["rotor"], f"{what}: field 'rotor'", source)
            stator = _name(a["stator"], f"{what}: field 'stator'", source)
            if rotor == stator:
                raise DescriptionError(
                    f"{_where(source)}: {what}: rotor and stator are the same body '{rotor}'"
                )
            lim = {}
            for key in ("effort_limit", "velocity_limit"):
                lim[key] = (
                    math.inf
                    if a.get(key) is None
                    else _number(
                        a[key], f"{what}: field '{key}'", source, positive=True, allow_inf=True
                    )
                )
            actuators.append(
                Actuator(
                    name=name,
                    rotor=rotor,
                    stator=stator,
                    viscous=_number(
                        a.get("viscous", 0.0), f"{what}: field 'viscous'", source, nonneg=True
                    ),
                    coulomb=_number(
                        a.get("coulomb", 0.0), f"{what}: field 'coulomb'", source, nonneg=True
                    ),
                    offset=_number(a.get("offset", 0.0), f"{what}: field 'offset'", source),
                    **lim,
                )
            )
        t = cls(tuple(links), tuple(meshes), tuple(actuators), source)
        t._check_names()
        return t

    def _check_names(self) -> None:
        names = self.secondary_names + self.actuator_names
        dup = sorted({n for n in names if names.count(n) > 1})
        if dup:
            raise DescriptionError(
                f"{_where(self.source)}: names {dup} are used twice (secondary links and "
                "actuators need distinct names)"
            )


def _mesh_ratio(m: Mapping, what: str, source: str) -> float:
    if ("ratio" in m) == ("teeth" in m):
        raise DescriptionError(
            f"{_where(source)}: {what}: give exactly one of 'ratio' (signed g_with,gear) or "
            "'teeth' ({gear: N, with: N} with 'type')"
        )
    if "ratio" in m:
        if "type" in m:
            raise DescriptionError(
                f"{_where(source)}: {what}: 'type' goes with 'teeth'; 'ratio' is already signed"
            )
        r = m["ratio"]
        if isinstance(r, bool) or not isinstance(r, (int, float)):
            raise DescriptionError(f"{_where(source)}: {what}: ratio must be a number, got {r!r}")
        r = float(r)
        if not math.isfinite(r) or r == 0.0:
            raise DescriptionError(
                f"{_where(source)}: {what}: ratio must be finite and non-zero, got {m['ratio']!r}"
            )
        return r
    teeth = m["teeth"]
    _fields(teeth, {"gear", "with"}, {"gear", "with"}, f"{what}: field 'teeth'", source)
    kind = m.get("type")
    if kind not in MESH_TYPES:
        raise DescriptionError(
            f"{_where(source)}: {what}: field 'type' must be one of {sorted(MESH_TYPES)} with "
            f"'teeth' (bevel gears: give a signed 'ratio'), got {kind!r}"
        )
    n_gear = _number(teeth["gear"], f"{what}: teeth 'gear'", source, positive=True)
    n_with = _number(teeth["with"], f"{what}: teeth 'with'", source, positive=True)
    return MESH_TYPES[kind] * n_with / n_gear


# ---------------------------------------------------------------------- the analysis
@dataclass(frozen=True)
class TransmissionStructure:
    """The result of :func:`analyse` (read-only arrays).

    Attributes
    ----------
    joint_names : tuple of str
        The robot's joints (rows of B and A).
    secondary_names, actuator_names : tuple of str
    B : (n, n_secondary) ndarray
        Transmission coefficients: column b_j gives q̇_{j,carrier(j)} = b_jᵀ Θ̇ (Chen & Wang (11)).
    A : (n, n) ndarray
        Structure matrix: φ̇ = Aᵀ Θ̇, τ = A ξ (Chen & Wang (12), (22)).
    A_inv : (n, n) ndarray
    phi0 : (n,) ndarray
        φ = Aᵀ Θ + φ0 (rad).
    """

    joint_names: tuple[str, ...]
    secondary_names: tuple[str, ...]
    actuator_names: tuple[str, ...]
    B: np.ndarray
    A: np.ndarray
    A_inv: np.ndarray
    phi0: np.ndarray

    def b(self, name: str) -> np.ndarray:
        """b_j (n,) of secondary link ``name``."""
        return self.B[:, self.secondary_names.index(name)]


class _Kinematics:
    """Angular velocities and point velocities of the robot's links at one configuration."""

    def __init__(self, robot, q: np.ndarray):
        self.robot = robot
        self.q = q
        self._cache: dict = {}

    def link(self, name: str):
        """(R (3,3), p (3,), Jv (3,n), Jω (3,n)) of URDF link ``name`` (world axes)."""
        hit = self._cache.get(name)
        if hit is None:
            pose = self.robot.frame_placement(self.q, name)
            jac = self.robot.frame_jacobian(self.q, name)
            hit = self._cache[name] = (pose[:3, :3], pose[:3, 3], jac[:3], jac[3:])
        return hit

    def point_velocity(self, name: str, p: np.ndarray) -> np.ndarray:
        """(3, n): velocity of the world point p moving with link ``name``."""
        _, o, jv, jw = self.link(name)
        return jv + np.cross(jw.T, p - o).T


def _scale(*arrays) -> float:
    return max(1.0, *(float(np.max(np.abs(a))) if np.size(a) else 0.0 for a in arrays))


class _Analysis:
    def __init__(self, t: Transmission, robot):
        self.t = t
        self.robot = robot
        self.where = _where(t.source)
        self.n = robot.nv
        self.sec = {s.name: s for s in t.secondary_links}
        self.col = {s.name: i for i, s in enumerate(t.secondary_links)}
        self.links = set(robot.frame_names)

    # ---------------------------------------------------------------- bodies
    def check_bodies(self) -> None:
        w, links, sec = self.where, self.links, self.sec
        known = sorted(links) + sorted(sec)
        for s in self.t.secondary_links:
            if s.name in links:
                raise DescriptionError(
                    f"{w}: secondary link '{s.name}' has the name of a URDF link; secondary links "
                    "are the bodies the URDF does not have (its links are the primary links)"
                )
            if s.carrier not in links:
                raise DescriptionError(
                    f"{w}: secondary link '{s.name}': carrier '{s.carrier}' is not a link of the "
                    f"URDF (a secondary link is carried by a primary link); links are "
                    f"{sorted(links)}"
                )
        for m in self.t.meshes:
            for role, body in (("gear", m.gear), ("with", m.other)):
                if body not in links and body not in sec:
                    raise DescriptionError(
                        f"{w}: {m.label}: {role} '{body}' is an unknown body; known bodies are "
                        f"{known}"
                    )
            if m.carrier not in links:
                raise DescriptionError(
                    f"{w}: {m.label}: carrier '{m.carrier}' is not a link of the URDF (the mesh "
                    f"carrier is the primary link holding both axes); links are {sorted(links)}"
                )
            if m.gear not in sec and m.other not in sec:
                raise DescriptionError(
                    f"{w}: {m.label}: both members are URDF links; such a mesh closes a loop "
                    "between joints, which would then not be independent coordinates"
                )
        for a in self.t.actuators:
            for role, body in (("rotor", a.rotor), ("stator", a.stator)):
                if body not in links and body not in sec:
                    raise DescriptionError(
                        f"{w}: actuator '{a.name}': {role} '{body}' is an unknown body; known "
                        f"bodies are {known}"
                    )
            if a.stator not in links:
                raise DescriptionError(
                    f"{w}: actuator '{a.name}': stator '{a.stator}' must be a URDF link (the "
                    "motor housing is fixed in a primary link)"
                )

    # ---------------------------------------------------------------- one relative rate
    def rate(self, kin: _Kinematics, x: str, c: str, what: str):
        """(row over v (n,), row over u (n_sec,)) of r_x = e_x·(ω_x − ω_c), after checking
        that x turns relative to c about an axis line fixed in c."""
        row_u = np.zeros(len(self.col))
        if x in self.sec:
            s = self.sec[x]
            r_f, o_f, _, jw_f = kin.link(s.carrier)
            e = r_f @ s.axis
            point = r_f @ s.origin + o_f
            rel = jw_f - kin.link(c)[3]
            row_u[self.col[x]] = 1.0
            body = s.carrier
        else:
            rel = kin.link(x)[3] - kin.link(c)[3]
            cols = np.flatnonzero(np.linalg.norm(rel, axis=0) > _TOL)
            if cols.size == 0:
                raise DescriptionError(
                    f"{self.where}: {what}: '{x}' does not turn relative to '{c}' (they are "
                    "fixed to each other), so it cannot mesh or drive on that carrier"
                )
            k = int(cols[0])
            if self.robot.sigma[k] != 0:
                raise DescriptionError(
                    f"{self.where}: {what}: '{x}' slides relative to '{c}' (prismatic joint "
                    f"'{self.robot.joint_names[k]}'); a gear member must turn about an axis "
                    "fixed in the carrier"
                )
            # e_x = the joint's axis, URDF sign, whichever of x and c is downstream
            sign = 1.0 if np.linalg.norm(kin.link(x)[3][:, k]) > _TOL else -1.0
            e = sign * rel[:, k]
            point = kin.link(self.robot.link_names[k])[1]  # the joint frame's origin
            body = x
        # coaxiality: ω_body − ω_c ∥ e, and the axis line does not move relative to c
        perp = rel - np.outer(e, e @ rel)
        drift = [kin.point_velocity(body, p) - kin.point_velocity(c, p) for p in (point, point + e)]
        if np.max(np.abs(perp)) > GEOMETRY_TOL * _scale(rel) or max(
            float(np.max(np.abs(d))) for d in drift
        ) > GEOMETRY_TOL * _scale(point):
            raise DescriptionError(
                f"{self.where}: {what}: '{x}' is not coaxial with a turning pair of '{c}': its "
                f"axis {np.round(e, 6).tolist()} (world, at q = {np.round(kin.q, 4).tolist()}) "
                f"does not stay fixed in '{c}' (non-coaxial bodies cannot mesh on that carrier)"
            )
        return e @ rel, row_u

    def equations(self, kin: _Kinematics):
        rows_v, rows_u = [], []
        for m in self.t.meshes:
            gv, gu = self.rate(kin, m.gear, m.carrier, m.label)
            wv, wu = self.rate(kin, m.other, m.carrier, m.label)
            rows_v.append(gv - m.ratio * wv)
            rows_u.append(gu - m.ratio * wu)
        n, ns = self.n, len(self.col)
        return np.array(rows_v).reshape(-1, n), np.array(rows_u).reshape(-1, ns)

    def solve(self, ev: np.ndarray, eu: np.ndarray) -> np.ndarray:
        w, ns = self.where, eu.shape[1]
        # redundant meshes: keep the rows that raise the rank, in file order
        kept = []
        for i, m in enumerate(self.t.meshes):
            trial = eu[kept + [i]]
            if np.linalg.matrix_rank(trial, tol=_TOL * _scale(eu)) == len(kept) + 1:
                kept.append(i)
            else:
                raise DescriptionError(
                    f"{w}: {m.label} is redundant: the meshes before it already fix the spins "
                    "of its members (an over-determined gear train, or a loop that would lock "
                    "the joints); remove it"
                )
        if len(kept) < ns:
            _, sv, vt = np.linalg.svd(eu) if eu.size else (None, np.zeros(0), np.eye(ns))
            rank = int(np.sum(sv > _TOL * _scale(eu)))
            null = vt[rank:]
            loose = [
                s.name
                for j, s in enumerate(self.t.secondary_links)
                if np.max(np.abs(null[:, j])) > 1e-9
            ]
            raise DescriptionError(
                f"{w}: secondary link(s) {loose} are not determined by the meshes "
                f"({len(self.t.meshes)} meshes for {ns} secondary links): each secondary link "
                "needs a mesh fixing its spin"
            )
        return -np.linalg.solve(eu, ev).T  # B (n, ns)

    def actuator_columns(self, kin: _Kinematics, b: np.ndarray) -> np.ndarray:
        cols = []
        for a in self.t.actuators:
            rv, ru = self.rate(kin, a.rotor, a.stator, f"actuator '{a.name}'")
            cols.append(rv + b @ ru)
        return np.array(cols).T.reshape(self.n, -1)

    def check_square(self, a: np.ndarray) -> np.ndarray:
        w, names = self.where, self.robot.joint_names
        acts = self.t.actuator_names
        n, nu = a.shape
        tol = _TOL * _scale(a)
        u, sv, vt = np.linalg.svd(a)
        rank = int(np.sum(sv > tol))
        if nu < n or rank < n:
            # joints outside the range of A: the left null space of A
            left = u[:, rank:]
            unreached = [names[k] for k in range(n) if np.linalg.norm(left[k]) > 1e-6]
            if nu < n:
                raise DescriptionError(
                    f"{w}: {nu} actuators for {n} joints: missing actuator; no actuator reaches "
                    f"joint(s) {unreached} (τ = A ξ cannot produce a torque there)"
                )
            right = vt[rank:]
            dependent = [acts[j] for j in range(nu) if np.linalg.norm(right[:, j]) > 1e-6]
            if nu == n:
                raise DescriptionError(
                    f"{w}: the structure matrix A is singular (rank {rank} < {n}): actuators "
                    f"{dependent} act on the same combination of joints, and joint(s) "
                    f"{unreached} get no independent torque"
                )
        if nu > n:
            kept = []
            for j in range(nu):
                if np.linalg.matrix_rank(a[:, kept + [j]], tol=tol) == len(kept) + 1:
                    kept.append(j)
            extra = [acts[j] for j in range(nu) if j not in kept]
            raise UnsupportedError(
                f"{w}: {nu} actuators for {n} joints: actuator(s) {extra} are redundant "
                "(A is not square; actuator redundancy is not supported)"
            )
        return np.linalg.inv(a)


def analyse(transmission: Transmission, robot, *, seed: int = 0) -> TransmissionStructure:
    """Structural analysis of ``transmission`` on the primary tree ``robot`` (module docstring).

    Parameters
    ----------
    transmission : Transmission
    robot : RobotModel
        The URDF tree of the primary links (revolute/prismatic joints, fixed base).
    seed : int
        Seed of the two random configurations the checks are made at.

    Returns
    -------
    TransmissionStructure

    Raises
    ------
    DescriptionError
        Naming the file and the gear, mesh, actuator or body (see the module docstring).
    UnsupportedError
        More actuators than joints.
    """
    an = _Analysis(transmission, robot)
    an.check_bodies()
    rng = np.random.default_rng(seed)
    results = []
    for _ in range(2):  # two random configurations: coaxiality and constancy
        q = rng.uniform(-np.pi, np.pi, robot.nq)
        kin = _Kinematics(robot, q)
        ev, eu = an.equations(kin)
        b = an.solve(ev, eu)
        results.append((q, ev, eu, b, an.actuator_columns(kin, b)))
    (_, ev0, eu0, b0, a0), (_, ev1, eu1, b1, a1) = results
    changed = [
        m.label
        for i, m in enumerate(transmission.meshes)
        if not np.allclose(
            np.r_[ev0[i], eu0[i]], np.r_[ev1[i], eu1[i]], rtol=GEOMETRY_TOL, atol=GEOMETRY_TOL
        )
    ]
    if changed or not np.allclose(b0, b1, rtol=GEOMETRY_TOL, atol=GEOMETRY_TOL):
        raise DescriptionError(
            f"{an.where}: the transmission coefficients depend on the configuration (meshes "
            f"{changed}): the gear ratios must be constant (Chen & Wang (11))"
        )
    if not np.allclose(a0, a1, rtol=GEOMETRY_TOL, atol=GEOMETRY_TOL):
        moving = [
            a.name
            for j, a in enumerate(transmission.actuators)
            if not np.allclose(a0[:, j], a1[:, j], rtol=GEOMETRY_TOL, atol=GEOMETRY_TOL)
        ]
        raise DescriptionError(
            f"{an.where}: actuators {moving}: the structure matrix depends on the configuration"
        )
    # the two configurations' solves agree to GEOMETRY_TOL (to round-off for exact axes)
    b = 0.5 * (b0 + b1)
    a = 0.5 * (a0 + a1)
    b[np.abs(b) < 1e-12 * _scale(b)] = 0.0
    a[np.abs(a) < 1e-12 * _scale(a)] = 0.0
    a_inv = an.check_square(a)
    return TransmissionStructure(
        joint_names=tuple(robot.joint_names),
        secondary_names=transmission.secondary_names,
        actuator_names=transmission.actuator_names,
        B=_ro(b),
        A=_ro(a),
        A_inv=_ro(a_inv),
        phi0=_ro([x.offset for x in transmission.actuators]),
    )
