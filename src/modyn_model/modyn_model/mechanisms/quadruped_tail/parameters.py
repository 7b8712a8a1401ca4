"""Parameters of the quadruped with a 2-DOF pendulum tail (Liu & Ben-Tzvi; note
``seed-001-quadruped-tail.md`` §1, §4.1, §5.1).

Frames (note §1.2): ΣS is the ground frame (z up, gravity [0, 0, −g]); ΣP is fixed to the torso
at its centre P and coincides with ΣS at φ = 0. Leg i joins the hip H_i = p + R a_i^(P) to the
foot F_i pinned at d_i (ΣS); the tail's universal joint sits at p + R r^(P). The hip layout a_i and
the tail mount r are not in the paper (only ‖a_1 − a_2‖ = 0.48 m, ‖a_2 − a_3‖ = 0.54 m and
‖r‖ = 0.34 m are, note D1): the shipped preset is the note's §5.1 reconstruction.

The YAML form (``kind: quadruped_tail``) is read by :meth:`QuadrupedTailParameters.from_mapping`;
a malformed field raises :class:`~modyn_model.errors.DescriptionError` naming the file and field.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

import numpy as np

from ...errors import DescriptionError
from ...fields import check_fields, float_array

__all__ = [
    "QuadrupedTailParameters",
    "MODES",
    "KNEE_CONVENTIONS",
    "REDUNDANCY_MODES",
    "TABLE1",
    "INFERRED_HIPS",
    "INFERRED_TAIL_MOUNT",
    "FEET",
    "Q0",
]

#: ``mode``: "exact" (ω = E(φ) φ̇, note §1.6 [FIX E1]) or "paper" (ω = φ̇, Liu & Ben-Tzvi (2))
MODES = ("exact", "paper")
#: ``knee``: what the actuated knee angle θ_k is: "interior" (∠H K F, Eqs. (6), (15), the
#: paper's range (0, π/2), note E3) or "deflection" (π − interior, Eq. (17))
KNEE_CONVENTIONS = ("interior", "deflection")
#: ``redundancy``: how :meth:`QuadrupedTailModel.actuation_solve` splits τ over the 14 motors
REDUNDANCY_MODES = ("paper", "least_norm", "weighted", "qp")

#: Liu & Ben-Tzvi Table 1 (SI units; note §4.1; I_b^(U) read I_b^(P), note T2)
TABLE1 = {
    "l_sh": 0.3,
    "l_th": 0.3,
    "l_t": 0.6,
    "m_sh": 1.2289,
    "m_th": 0.9453,
    "m_b": 26.9078,
    "m_t": 1.4347,
    "I_b": (0.8404, 0.3793, 1.2125),
    "g": 9.8067,
}
#: hip offsets a_i^(P) (m), inferred, note §5.1 (y is the long axis, legs 1-2 at the front)
INFERRED_HIPS = ((0.24, 0.27, 0.0), (-0.24, 0.27, 0.0), (-0.24, -0.27, 0.0), (0.24, -0.27, 0.0))
#: tail mount r^(P) (m), inferred, note §5.1 (the rear centre, ‖r‖ = 0.34 m from Table 1)
INFERRED_TAIL_MOUNT = (0.0, -0.34, 0.0)
#: feet d_i in ΣS (m), note §4.2
FEET = ((0.41, 0.63, 0.0), (-0.01, 0.57, 0.0), (-0.01, 0.03, 0.0), (0.41, -0.03, 0.0))
#: q(0), note §4.3
Q0 = (0.2, 0.3, 0.4, 0.0, 0.0, 0.0, 0.0, 0.0)


#: the YAML names of the scalar fields (for messages)
_LABELS = {
    "l_th": "lengths.thigh",
    "l_sh": "lengths.shank",
    "l_t": "lengths.tail",
    "m_th": "masses.thigh",
    "m_sh": "masses.shank",
    "m_b": "masses.torso",
    "m_t": "masses.tail",
    "g": "gravity",
}


def _ro(x) -> np.ndarray:
    arr = np.array(x, dtype=float)
    arr.flags.writeable = False
    return arr


@dataclass(frozen=True, eq=False)
class QuadrupedTailParameters:
    """Geometry, inertia and options of the quadruped with a tail (SI units).

    Attributes
    ----------
    l_th, l_sh, l_t : float
        Thigh, shank and tail lengths (m, > 0).
    m_th, m_sh, m_b, m_t : float
        Thigh and shank bar masses, torso mass, tail tip point mass (kg; m_b, m_t > 0).
    torso_inertia : (3, 3) ndarray
        I_b^(P), the torso's inertia about P in ΣP axes (kg·m², positive-definite).
    g : float
        Gravity magnitude (m/s², > 0); gravity is [0, 0, −g] in ΣS.
    hips : (4, 3) ndarray
        a_i^(P), P → hip i in ΣP (m).
    tail_mount : (3,) ndarray
        r^(P), P → the tail's universal joint in ΣP (m).
    feet : (4, 3) ndarray
        d_i, the pinned feet in ΣS (m).
    q0 : (8,) ndarray
        The initial / neutral configuration (m, rad).
    knee : str
        "interior" or "deflection" (:data:`KNEE_CONVENTIONS`).
    mode : str
        "exact" or "paper" (:data:`MODES`).
    redundancy : str
        Default actuator-redundancy resolution (:data:`REDUNDANCY_MODES`).
    torque_limit : (14,) ndarray
        |u| limits of the 14 motors (N·m, inf: none), order leg1 hip_a, hip_b, knee, ... tail_a,
        tail_b.
    friction_coefficient : float
        μ of the friction-cone checks (> 0, inf: none).
    redundancy_weights : (14,) ndarray
        Weights of the weighted least squares (> 0).
    """

    l_th: float
    l_sh: float
    l_t: float
    m_th: float
    m_sh: float
    m_b: float
    m_t: float
    torso_inertia: np.ndarray
    g: float = TABLE1["g"]
    hips: np.ndarray = field(default_factory=lambda: _ro(INFERRED_HIPS))
    tail_mount: np.ndarray = field(default_factory=lambda: _ro(INFERRED_TAIL_MOUNT))
    feet: np.ndarray = field(default_factory=lambda: _ro(FEET))
    q0: np.ndarray = field(default_factory=lambda: _ro(Q0))
    knee: str = "interior"
    mode: str = "exact"
    redundancy: str = "least_norm"
    torque_limit: np.ndarray = field(default_factory=lambda: _ro(np.full(14, np.inf)))
    friction_coefficient: float = np.inf
    redundancy_weights: np.ndarray = field(default_factory=lambda: _ro(np.ones(14)))
    source: str = "<parameters>"

    def __post_init__(self):
        where = self.source
        put = object.__setattr__
        for name in ("l_th", "l_sh", "l_t", "m_b", "m_t", "g"):
            put(self, name, _positive(getattr(self, name), _LABELS[name], where))
        for name in ("m_th", "m_sh"):
            value = _scalar(getattr(self, name), _LABELS[name], where)
            if value < 0:
                raise DescriptionError(
                    f"{where}: field '{_LABELS[name]}' must be >= 0 kg, got {value!r}"
                )
            put(self, name, value)
        inertia = _array(self.torso_inertia, "torso_inertia", where)
        if inertia.shape == (3,):
            inertia = np.diag(inertia)
        inertia = _shaped(inertia, (3, 3), "torso_inertia", where)
        if not np.allclose(inertia, inertia.T, atol=1e-12) or np.linalg.eigvalsh(inertia)[0] <= 0:
            raise DescriptionError(
                f"{where}: field 'torso_inertia' must be symmetric positive-definite (kg·m²), "
                f"got {inertia.tolist()}"
            )
        put(self, "torso_inertia", _ro(inertia))
        put(self, "hips", _ro(_shaped(self.hips, (4, 3), "hips", where)))
        put(self, "tail_mount", _ro(_shaped(self.tail_mount, (3,), "tail_mount", where)))
        put(self, "feet", _ro(_shaped(self.feet, (4, 3), "feet", where)))
        put(self, "q0", _ro(_shaped(self.q0, (8,), "initial", where)))
        for name, allowed in (
            ("knee", KNEE_CONVENTIONS),
            ("mode", MODES),
            ("redundancy", REDUNDANCY_MODES),
        ):
            if getattr(self, name) not in allowed:
                raise DescriptionError(
                    f"{where}: field '{name}' must be one of {list(allowed)}, got "
                    f"{getattr(self, name)!r}"
                )
        limit = _array(self.torque_limit, "torque_limit", where, finite=False)
        if limit.shape == ():
            limit = np.full(14, float(limit))
        limit = _shaped(limit, (14,), "torque_limit", where, finite=False)
        if np.isnan(limit).any() or (limit <= 0).any():
            raise DescriptionError(
                f"{where}: field 'torque_limit' must be > 0 N·m (inf: none), got {limit.tolist()}"
            )
        put(self, "torque_limit", _ro(limit))
        mu = _scalar(self.friction_coefficient, "friction_coefficient", where, finite=False)
        if not mu > 0:
            raise DescriptionError(
                f"{where}: field 'friction_coefficient' must be > 0 (inf: none), got {mu!r}"
            )
        put(self, "friction_coefficient", mu)
        w = _array(self.redundancy_weights, "redundancy_weights", where)
        if w.shape == ():
            w = np.full(14, float(w))
        w = _shaped(w, (14,), "redundancy_weights", where)
        if (w <= 0).any():
            raise DescriptionError(
                f"{where}: field 'redundancy_weights' must be > 0, got {w.tolist()}"
            )
        put(self, "redundancy_weights", _ro(w))

    # ------------------------------------------------------------------ constructors
    @classmethod
    def liu_ben_tzvi(cls, **overrides) -> QuadrupedTailParameters:
        """Table 1 with the note's §5.1 hip layout and tail mount (inferred), the feet of §4.2,
        q0 of §4.3, interior knees, exact mode. Keyword arguments replace fields."""
        t = TABLE1
        values = dict(
            l_th=t["l_th"],
            l_sh=t["l_sh"],
            l_t=t["l_t"],
            m_th=t["m_th"],
            m_sh=t["m_sh"],
            m_b=t["m_b"],
            m_t=t["m_t"],
            torso_inertia=np.diag(t["I_b"]),
            g=t["g"],
            source="<liu_ben_tzvi>",
        )
        values.update(overrides)
        return cls(**values)

    @classmethod
    def from_mapping(cls, d: Mapping, source: str = "<mapping>") -> QuadrupedTailParameters:
        """The parameters of a ``kind: quadruped_tail`` description::

            lengths: {thigh, shank, tail}                 # m
            masses: {torso, thigh, shank, tail}           # kg (tail: the tip point mass)
            torso_inertia: [ixx, iyy, izz] or 3x3         # kg m^2, about P, ΣP axes
            gravity: 9.8067                               # m/s^2 (magnitude, along -z)
            hips: 4x3; tail_mount: [x, y, z]; feet: 4x3; initial: 8 values
            knee: interior|deflection; mode: exact|paper
            redundancy: paper|least_norm|weighted|qp; redundancy_weights: 14 values
            torque_limit: one value or 14; friction_coefficient: mu

        Raises
        ------
        DescriptionError
            Naming ``source`` and the field: missing, unknown, mis-sized or out of range.
        """
        if not isinstance(d, Mapping):
            raise DescriptionError(
                f"{source}: a quadruped_tail description must be a mapping, got {d!r}"
            )
        top = {"kind", "name", "lengths", "masses", "torso_inertia", "gravity", "hips"}
        top |= {"tail_mount", "feet", "initial", "knee", "mode", "redundancy"}
        top |= {"redundancy_weights", "torque_limit", "friction_coefficient"}
        _known(d, top, "", source)
        _required(d, ("lengths", "masses", "torso_inertia"), "", source)
        for key in ("lengths", "masses"):
            if not isinstance(d[key], Mapping):
                raise DescriptionError(f"{source}: field '{key}' must be a mapping, got {d[key]!r}")
        _known(d["lengths"], {"thigh", "shank", "tail"}, "lengths.", source)
        _required(d["lengths"], ("thigh", "shank", "tail"), "lengths.", source)
        _known(d["masses"], {"torso", "thigh", "shank", "tail"}, "masses.", source)
        _required(d["masses"], ("torso", "thigh", "shank", "tail"), "masses.", source)
        ln, ms = d["lengths"], d["masses"]
        values = dict(
            l_th=_scalar(ln["thigh"], "lengths.thigh", source),
            l_sh=_scalar(ln["shank"], "lengths.shank", source),
            l_t=_scalar(ln["tail"], "lengths.tail", source),
            m_b=_scalar(ms["torso"], "masses.torso", source),
            m_th=_scalar(ms["thigh"], "masses.thigh", source),
            m_sh=_scalar(ms["shank"], "masses.shank", source),
            m_t=_scalar(ms["tail"], "masses.tail", source),
            torso_inertia=_array(d["torso_inertia"], "torso_inertia", source),
            source=source,
        )
        # the field names of the dataclass where the YAML spells them differently
        for key, attr in (("gravity", "g"), ("initial", "q0")):
            if key in d:
                values[attr] = _array(d[key], key, source)
        for key in ("hips", "tail_mount", "feet", "redundancy_weights"):
            if key in d:
                values[key] = _array(d[key], key, source)
        if "torque_limit" in d:
            values["torque_limit"] = _array(d["torque_limit"], "torque_limit", source, False)
        if "friction_coefficient" in d:
            values["friction_coefficient"] = _array(
                d["friction_coefficient"], "friction_coefficient", source, False
            )
        for key in ("knee", "mode", "redundancy"):
            if key in d:
                values[key] = str(d[key])
        return cls(**values)

    def replace(self, **changes) -> QuadrupedTailParameters:
        """A copy with ``changes`` (e.g. ``mode="paper"``)."""
        values = {f: getattr(self, f) for f in self.__dataclass_fields__}
        values.update(changes)
        return QuadrupedTailParameters(**values)

    # ------------------------------------------------------------------ derived
    @property
    def gravity_vector(self) -> np.ndarray:
        """[0, 0, −g] (m/s²)."""
        return np.array([0.0, 0.0, -self.g])

    @property
    def total_mass(self) -> float:
        """m_b + 4 (m_th + m_sh) + m_t (kg): 37.0393 for Table 1 (note §5.1)."""
        return float(self.m_b + 4.0 * (self.m_th + self.m_sh) + self.m_t)


# ---------------------------------------------------------------------- field checks
def _known(d: Mapping, allowed: set, prefix: str, source: str) -> None:
    check_fields(d, allowed, f"{source}: kind 'quadruped_tail'", prefix=prefix)


def _required(d: Mapping, keys, prefix: str, source: str) -> None:
    check_fields(d, d.keys(), f"{source}: kind 'quadruped_tail'", required=keys, prefix=prefix)


def _array(x, label: str, source: str, finite: bool = True) -> np.ndarray:
    return float_array(x, label, source, finite=finite)


def _scalar(x, label: str, source: str, finite: bool = True) -> float:
    arr = _array(x, label, source, finite)
    if arr.shape != ():
        raise DescriptionError(f"{source}: field '{label}' must be one number, got {x!r}")
    return float(arr)


def _positive(x, label: str, where: str) -> float:
    value = _scalar(x, label, where)
    if not value > 0:
        raise DescriptionError(f"{where}: field '{label}' must be > 0, got {value!r}")
    return value


def _shaped(x, shape, label: str, where: str, finite: bool = True) -> np.ndarray:
    arr = _array(x, label, where, finite=finite)
    if arr.shape != shape:
        raise DescriptionError(
            f"{where}: field '{label}' must have shape {shape}, got shape {arr.shape}: "
            f"{arr.tolist()}"
        )
    return arr
