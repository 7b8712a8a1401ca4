"""Parameters of a 6-UPS Stewart platform (Lopes 2009, Table 2; note §2, §7.1).

Frames: {B} is the base frame (world, z up, opposite to gravity), {P} the platform frame with its
origin at the platform centre of mass and principal axes (Lopes (16)). Leg i joins the universal
joint B_i (``base_points[i]``, in {B}) to the spherical joint P_i (``platform_points[i]``, in
{P}); it is a cylinder (centre of mass ``cylinder_com`` = b_C from B_i along the leg) and a piston
(centre of mass ``piston_com`` = b_S from P_i back along the leg), Lopes (29), (59).

The YAML form (``kind: stewart``) is read by :meth:`StewartParameters.from_mapping`; every
malformed field raises :class:`~modyn_model.errors.DescriptionError` naming the file and field.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

import numpy as np

from ...errors import DescriptionError
from ...fields import check_fields, float_array

__all__ = ["StewartParameters", "hexagon", "LEG_SPIN_MODES", "TABLE2"]

#: leg spin models: "none" (the paper's ω_li ⟂ l_i, Lopes (33)-(34)) or "universal" (the true
#: axial spin of a U-joint whose first axis is the base z axis, note §6.10)
LEG_SPIN_MODES = ("none", "universal")

#: Lopes (2009) Table 2 (SI units, angles in degrees); g is not in the paper (note A28: 9.81)
TABLE2 = {
    "r_B": 1.5,
    "r_P": 0.75,
    "phi_B_deg": 15.0,
    "phi_P_deg": 0.0,
    "m_P": 1.43,
    "I_P": (0.2, 0.2, 0.4),
    "m_C": 0.39,
    "I_C": (0.0, 0.1, 0.1),
    "m_S": 0.39,
    "I_S": (0.0, 0.1, 0.1),
    "b_C": 0.5,
    "b_S": 0.5,
}

_BASE_CENTRES = (0.0, 120.0, 240.0)  # note §2: base pairs centred at 0, 120, 240 deg
_PLATFORM_CENTRES = (60.0, 180.0, 300.0)  # platform pairs centred at 60, 180, 300 deg


def hexagon(r: float, half_angle_deg: float, centres_deg=_BASE_CENTRES) -> np.ndarray:
    """Six joint points (6, 3) on a circle of radius ``r`` (m) in the z = 0 plane: pairs centred
    at ``centres_deg`` (three angles, deg), each pair ±``half_angle_deg`` apart, ordered
    [c1 − φ, c1 + φ, c2 − φ, c2 + φ, c3 − φ, c3 + φ] (note §2).

    The base of note §2 (γ_B = [φ_B, 120 − φ_B, 120 + φ_B, ...], B1 at +φ_B) is this with the
    pairs (B6, B1) centred at 0°: :meth:`StewartParameters.base_hexagon`."""
    gamma = np.deg2rad(
        np.array([[c - half_angle_deg, c + half_angle_deg] for c in centres_deg]).ravel()
    )
    return np.stack([r * np.cos(gamma), r * np.sin(gamma), np.zeros(6)], axis=-1)


def _base_gamma_deg(half_angle_deg: float) -> np.ndarray:
    """γ_B of note §2: [φ_B, 120−φ_B, 120+φ_B, 240−φ_B, 240+φ_B, 360−φ_B] (deg)."""
    f = half_angle_deg
    return np.array([f, 120 - f, 120 + f, 240 - f, 240 + f, 360 - f])


def base_hexagon(r: float, half_angle_deg: float) -> np.ndarray:
    """The base joints B_i (6, 3) of note §2 (B1 at +φ_B, the non-crossing zig-zag)."""
    g = np.deg2rad(_base_gamma_deg(half_angle_deg))
    return np.stack([r * np.cos(g), r * np.sin(g), np.zeros(6)], axis=-1)


def platform_hexagon(r: float, half_angle_deg: float) -> np.ndarray:
    """The platform joints ᴾp_i (6, 3) of note §2: γ_P = [60∓φ_P, 180∓φ_P, 300∓φ_P] (deg)."""
    return hexagon(r, half_angle_deg, _PLATFORM_CENTRES)


def _ro(x) -> np.ndarray:
    arr = np.array(x, dtype=float)
    arr.flags.writeable = False
    return arr


@dataclass(frozen=True, eq=False)
class StewartParameters:
    """Geometry and inertia of a 6-UPS platform (SI units; see the module docstring).

    Attributes
    ----------
    base_points : (6, 3) ndarray
        b_i, the universal joints in {B} (m).
    platform_points : (6, 3) ndarray
        ᴾp_i|_P, the spherical joints in {P}, from the platform centre of mass (m).
    platform_mass : float
        m_P (kg, > 0).
    platform_inertia : (3, 3) ndarray
        I_P(rot)|_P about the platform centre of mass, {P} axes (kg·m², positive-definite).
    cylinder_mass, cylinder_com, piston_mass, piston_com : (6,) ndarray
        m_C (kg), b_C (m, from B_i along the leg), m_S (kg), b_S (m, from P_i back along it).
    cylinder_inertia, piston_inertia : (6, 3) ndarray
        Principal moments [axial xx, yy, zz] in {C_i} / {S_i} (kg·m², ≥ 0), Lopes (53), (71).
    gravity : (3,) ndarray
        World gravity (m/s²).
    stroke : (6, 2) ndarray
        [l_min, l_max] of each leg (m).
    force_limit : (6,) ndarray
        |τ_i| limits (N), inf when none.
    leg_spin : str
        "none" (the paper) or "universal" (note §6.10).
    max_tilt : float
        Largest tilt of the platform, the angle between its z axis and the base's (rad, in
        (0, π/2)): the spherical and universal joints' range. It also keeps the Euler chart's
        singularity θ = ±90° (pitch ≤ tilt) out of the workspace, which the strokes alone may not
        (Table 2 legs reach a pose with θ = 89.9° inside [1.8, 3.4] m). YAML ``max_tilt_deg``.
    """

    base_points: np.ndarray
    platform_points: np.ndarray
    platform_mass: float
    platform_inertia: np.ndarray
    cylinder_mass: np.ndarray
    cylinder_com: np.ndarray
    cylinder_inertia: np.ndarray
    piston_mass: np.ndarray
    piston_com: np.ndarray
    piston_inertia: np.ndarray
    gravity: np.ndarray = field(default_factory=lambda: _ro([0.0, 0.0, -9.81]))
    stroke: np.ndarray = field(default_factory=lambda: _ro(np.tile([0.0, np.inf], (6, 1))))
    force_limit: np.ndarray = field(default_factory=lambda: _ro(np.full(6, np.inf)))
    leg_spin: str = "none"
    max_tilt: float = float(np.deg2rad(60.0))
    source: str = "<parameters>"

    def __post_init__(self):
        where = self.source
        put = object.__setattr__
        put(self, "base_points", _ro(_shaped(self.base_points, (6, 3), "base_points", where)))
        put(
            self,
            "platform_points",
            _ro(_shaped(self.platform_points, (6, 3), "platform_points", where)),
        )
        put(self, "platform_mass", float(_positive(self.platform_mass, "platform.mass", where)))
        inertia = np.asarray(self.platform_inertia, dtype=float)
        if inertia.shape == (3,):
            inertia = np.diag(inertia)
        inertia = _shaped(inertia, (3, 3), "platform.inertia", where)
        if not np.allclose(inertia, inertia.T, atol=1e-12) or np.linalg.eigvalsh(inertia)[0] <= 0:
            raise DescriptionError(
                f"{where}: field 'platform.inertia' must be symmetric positive-definite "
                f"(kg·m²), got {inertia.tolist()}"
            )
        put(self, "platform_inertia", _ro(inertia))
        for name, label in (
            ("cylinder_mass", "cylinder.mass"),
            ("cylinder_com", "cylinder.com"),
            ("piston_mass", "piston.mass"),
            ("piston_com", "piston.com"),
        ):
            arr = _per_leg(getattr(self, name), (), label, where)
            if (arr < 0).any():
                raise DescriptionError(f"{where}: field '{label}' must be >= 0, got {arr.tolist()}")
            put(self, name, _ro(arr))
        for name, label in (
            ("cylinder_inertia", "cylinder.inertia"),
            ("piston_inertia", "piston.inertia"),
        ):
            arr = _per_leg(getattr(self, name), (3,), label, where)
            if (arr < 0).any():
                raise DescriptionError(
                    f"{where}: field '{label}' (principal moments) must be >= 0, got {arr.tolist()}"
                )
            put(self, name, _ro(arr))
        put(self, "gravity", _ro(_shaped(self.gravity, (3,), "gravity", where)))
        stroke = np.asarray(self.stroke, dtype=float)
        if stroke.shape == (2,):
            stroke = np.tile(stroke, (6, 1))
        stroke = _shaped(stroke, (6, 2), "stroke", where, finite=False)
        if (
            np.isnan(stroke).any()
            or (stroke[:, 0] < 0).any()
            or (stroke[:, 1] <= stroke[:, 0]).any()
        ):
            raise DescriptionError(
                f"{where}: field 'stroke' must be [l_min, l_max] with 0 <= l_min < l_max (m), "
                f"got {stroke.tolist()}"
            )
        put(self, "stroke", _ro(stroke))
        limit = _per_leg(self.force_limit, (), "force_limit", where, finite=False)
        if np.isnan(limit).any() or (limit <= 0).any():
            raise DescriptionError(
                f"{where}: field 'force_limit' must be > 0 N (inf: none), got {limit.tolist()}"
            )
        put(self, "force_limit", _ro(limit))
        tilt = float(self.max_tilt)
        if not 0.0 < tilt < np.pi / 2:
            raise DescriptionError(
                f"{where}: field 'max_tilt_deg' must be in (0, 90) deg, got {np.rad2deg(tilt):g}"
            )
        put(self, "max_tilt", tilt)
        put(
            self,
            "_axisymmetric",
            bool(
                np.array_equal(self.cylinder_inertia[:, 1], self.cylinder_inertia[:, 2])
                and np.array_equal(self.piston_inertia[:, 1], self.piston_inertia[:, 2])
            ),
        )
        if self.leg_spin not in LEG_SPIN_MODES:
            raise DescriptionError(
                f"{where}: field 'leg_spin' must be one of {list(LEG_SPIN_MODES)}, got "
                f"{self.leg_spin!r}"
            )

    # ------------------------------------------------------------------ constructors
    @classmethod
    def lopes_table2(cls, **overrides) -> StewartParameters:
        """Lopes (2009) Table 2 with the joint layout of note §2 (γ_B = [φ_B, 120−φ_B, ...],
        γ_P = [60−φ_P, 60+φ_P, ...], joints at z = 0) and g = 9.81 m/s² (note A28).
        Keyword arguments replace fields (e.g. ``cylinder_com=0.3``)."""
        t = TABLE2
        values = dict(
            base_points=base_hexagon(t["r_B"], t["phi_B_deg"]),
            platform_points=platform_hexagon(t["r_P"], t["phi_P_deg"]),
            platform_mass=t["m_P"],
            platform_inertia=np.diag(t["I_P"]),
            cylinder_mass=t["m_C"],
            cylinder_com=t["b_C"],
            cylinder_inertia=t["I_C"],
            piston_mass=t["m_S"],
            piston_com=t["b_S"],
            piston_inertia=t["I_S"],
            source="<lopes_table2>",
        )
        values.update(overrides)
        return cls(**values)

    @classmethod
    def from_mapping(cls, d: Mapping, source: str = "<mapping>") -> StewartParameters:
        """The parameters of a ``kind: stewart`` description (see CONTRACT / docs/stewart.md)::

            geometry: {base_radius, platform_radius, base_half_angle_deg,
                       platform_half_angle_deg}     # or {base_points: 6x3, platform_points: 6x3}
            platform: {mass, inertia: [ixx, iyy, izz] or 3x3}
            cylinder: {mass, com, inertia: [xx, yy, zz]}   # each a value or 6 per-leg values
            piston:   {mass, com, inertia}
            gravity: [0, 0, -9.81]; stroke: [l_min, l_max] or 6 pairs; force_limit; leg_spin
            max_tilt_deg: 60             # platform tilt limit (joint range), < 90

        Raises
        ------
        DescriptionError
            Naming ``source`` and the field: a missing, unknown, mis-sized or negative value.
        """
        if not isinstance(d, Mapping):
            raise DescriptionError(f"{source}: a stewart description must be a mapping, got {d!r}")
        top = {"kind", "name", "geometry", "platform", "cylinder", "piston", "gravity", "stroke"}
        top |= {"force_limit", "leg_spin", "max_tilt_deg"}
        _known(d, top, "", source)
        for key in ("geometry", "platform", "cylinder", "piston"):
            if key not in d:
                raise DescriptionError(f"{source}: kind 'stewart': missing field '{key}'")
            if not isinstance(d[key], Mapping):
                raise DescriptionError(f"{source}: field '{key}' must be a mapping, got {d[key]!r}")
        geo = d["geometry"]
        if "base_points" in geo or "platform_points" in geo:
            _known(geo, {"base_points", "platform_points"}, "geometry.", source)
            _required(geo, ("base_points", "platform_points"), "geometry.", source)
            base = _shaped(geo["base_points"], (6, 3), "geometry.base_points", source)
            plat = _shaped(geo["platform_points"], (6, 3), "geometry.platform_points", source)
        else:
            keys = ("base_radius", "platform_radius", "base_half_angle_deg")
            _known(geo, {*keys, "platform_half_angle_deg"}, "geometry.", source)
            _required(geo, keys, "geometry.", source)
            rb = _scalar(geo["base_radius"], "geometry.base_radius", source, positive=True)
            rp = _scalar(geo["platform_radius"], "geometry.platform_radius", source, positive=True)
            fb = _scalar(geo["base_half_angle_deg"], "geometry.base_half_angle_deg", source)
            fp = _scalar(
                geo.get("platform_half_angle_deg", 0.0), "geometry.platform_half_angle_deg", source
            )
            base, plat = base_hexagon(rb, fb), platform_hexagon(rp, fp)
        body = {}
        for key in ("platform", "cylinder", "piston"):
            sub = d[key]
            allowed = {"mass", "inertia"} if key == "platform" else {"mass", "com", "inertia"}
            _known(sub, allowed, f"{key}.", source)
            _required(sub, sorted(allowed), f"{key}.", source)
            body[key] = {k: _array(v, f"{key}.{k}", source) for k, v in sub.items()}
        spin = d.get("leg_spin", "none")
        values = dict(
            base_points=base,
            platform_points=plat,
            platform_mass=body["platform"]["mass"],
            platform_inertia=body["platform"]["inertia"],
            cylinder_mass=body["cylinder"]["mass"],
            cylinder_com=body["cylinder"]["com"],
            cylinder_inertia=body["cylinder"]["inertia"],
            piston_mass=body["piston"]["mass"],
            piston_com=body["piston"]["com"],
            piston_inertia=body["piston"]["inertia"],
            leg_spin=str(spin),
            source=source,
        )
        for key in ("gravity", "stroke", "force_limit"):
            if key in d:
                values[key] = _array(d[key], key, source, finite=False)
        if "max_tilt_deg" in d:
            values["max_tilt"] = np.deg2rad(_scalar(d["max_tilt_deg"], "max_tilt_deg", source))
        return cls(**values)

    # ------------------------------------------------------------------ derived
    @property
    def axisymmetric_legs(self) -> bool:
        """True when every leg body has I_yy = I_zz (the paper's model is then exact, note §6.10)."""
        return self._axisymmetric

    @staticmethod
    def hexagon(r: float, half_angle_deg: float, centres_deg=_BASE_CENTRES) -> np.ndarray:
        """:func:`hexagon` (six joint points on a circle, in pairs)."""
        return hexagon(r, half_angle_deg, centres_deg)

    @property
    def total_mass(self) -> float:
        """m_P + Σ (m_C + m_S) (kg)."""
        return float(self.platform_mass + self.cylinder_mass.sum() + self.piston_mass.sum())


# ---------------------------------------------------------------------- field checks
def _known(d: Mapping, allowed: set, prefix: str, source: str) -> None:
    check_fields(d, allowed, f"{source}: kind 'stewart'", prefix=prefix)


def _required(d: Mapping, keys, prefix: str, source: str) -> None:
    check_fields(d, d.keys(), f"{source}: kind 'stewart'", required=keys, prefix=prefix)


def _array(x, label: str, source: str, finite: bool = True) -> np.ndarray:
    return float_array(x, label, source, finite=finite)


def _scalar(x, label: str, source: str, positive: bool = False) -> float:
    arr = _array(x, label, source)
    if arr.shape != ():
        raise DescriptionError(f"{source}: field '{label}' must be one number, got {x!r}")
    if positive and not arr > 0:
        raise DescriptionError(f"{source}: field '{label}' must be > 0, got {x!r}")
    return float(arr)


def _shaped(x, shape, label: str, where: str, finite: bool = True) -> np.ndarray:
    arr = _array(x, label, where, finite=finite)
    if arr.shape != shape:
        raise DescriptionError(
            f"{where}: field '{label}' must have shape {shape}, got shape {arr.shape}: "
            f"{arr.tolist()}"
        )
    return arr


def _positive(x, label: str, where: str) -> float:
    value = _scalar(x, label, where)
    if not value > 0:
        raise DescriptionError(f"{where}: field '{label}' must be > 0, got {value!r}")
    return value


def _per_leg(x, tail: tuple, label: str, where: str, finite: bool = True) -> np.ndarray:
    """One value (broadcast to the six legs) or six (…, with trailing shape ``tail``)."""
    arr = _array(x, label, where, finite=finite)
    if arr.shape == tail:
        return np.broadcast_to(arr, (6, *tail)).copy()
    if arr.shape == (6, *tail):
        return arr.copy()
    raise DescriptionError(
        f"{where}: field '{label}' must be one value of shape {tail} or six (per leg), got "
        f"shape {arr.shape}: {arr.tolist()}"
    )
