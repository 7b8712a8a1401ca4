"""Joint descriptions: type, axis, limits and the actuator-side extras URDF cannot say.

Friction model (Khalil [7.26], with the Stribeck exponent written with a velocity scale)::

    Γf = Fc·sign(q̇) + Fv·q̇ + (Fst − Fc)·sign(q̇)·exp(−|q̇| / v_s)

``sign(0) = 0``: at rest the model has no Coulomb term (stiction is a simulator's business).
With ``static`` (Fst) equal to ``coulomb`` or ``stribeck_velocity`` = 0 the last term vanishes
and [7.27] remains. Rotor inertia reflected to the joint: ``Ia = N²·Jm`` [7.29].
"""

from __future__ import annotations

import math
from dataclasses import dataclass, fields

from .errors import JointError

__all__ = ["REVOLUTE", "PRISMATIC", "JointExtras"]

REVOLUTE = 0  # σ_j = 0
PRISMATIC = 1  # σ_j = 1
#: smallest Stribeck velocity accepted (rad/s, m/s): below it exp(-|q̇|/v_s) is a step and 1/v_s
#: stops being a usable number
MIN_STRIBECK_VELOCITY = 1e-6


@dataclass(frozen=True)
class JointExtras:
    """Actuator and friction data of one joint (joint side, SI units).

    Attributes
    ----------
    gear_ratio : float
        N = q̇_motor / q̇_joint (dimensionless).
    motor_inertia : float
        Jm, rotor plus transmission inertia on the motor side (kg·m²).
    rotor_inertia : float
        Ia added to A_jj (kg·m² or kg). When 0 and motor_inertia > 0, Ia = N²·Jm [7.29].
    viscous : float
        Fv (N·m·s/rad or N·s/m).
    coulomb : float
        Fc (N·m or N).
    static : float
        Fst, breakaway friction of the Stribeck term (N·m or N); 0 means "same as coulomb".
    stribeck_velocity : float
        v_s of the exponential (rad/s or m/s); 0 disables the Stribeck term.
    """

    gear_ratio: float = 1.0
    motor_inertia: float = 0.0
    rotor_inertia: float = 0.0
    viscous: float = 0.0
    coulomb: float = 0.0
    static: float = 0.0
    stribeck_velocity: float = 0.0

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            if isinstance(value, bool) or not isinstance(value, (int, float)):
                raise JointError(f"joint extras: field '{f.name}' must be a number, got {value!r}")
            if not math.isfinite(value) or value < 0.0:
                raise JointError(
                    f"joint extras: field '{f.name}' must be finite and >= 0, got {value!r}"
                )
        if self.gear_ratio == 0.0:
            raise JointError("joint extras: field 'gear_ratio' must be non-zero")
        if 0.0 < self.stribeck_velocity < MIN_STRIBECK_VELOCITY:
            raise JointError(
                f"joint extras: stribeck_velocity {self.stribeck_velocity!r} is below "
                f"{MIN_STRIBECK_VELOCITY} (rad/s or m/s); use 0 to disable the Stribeck term"
            )

    @property
    def armature(self) -> float:
        """Ia actually used by the dynamics (kg·m² or kg)."""
        if self.rotor_inertia > 0.0:
            return self.rotor_inertia
        return self.gear_ratio**2 * self.motor_inertia  # Khalil [7.29]

    @property
    def breakaway(self) -> float:
        """Fst actually used (defaults to Fc)."""
        return self.static if self.static > 0.0 else self.coulomb

    @classmethod
    def from_mapping(cls, data: dict, where: str) -> JointExtras:
        """Build from a YAML mapping, rejecting unknown keys and negative or non-finite values."""
        if not isinstance(data, dict):
            raise JointError(f"{where}: expected a mapping of joint extras, got {data!r}")
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise JointError(
                f"{where}: unknown field(s) {unknown}; known fields are {sorted(known)}"
            )
        values = {}
        for key, value in data.items():
            if isinstance(value, bool):
                raise JointError(f"{where}: field '{key}' must be a number, got {value!r}")
            try:
                values[key] = float(value)
            except (TypeError, ValueError):
                raise JointError(
                    f"{where}: field '{key}' must be a number, got {value!r}"
                ) from None
        try:
            return cls(**values)
        except JointError as exc:
            raise JointError(f"{where}: {str(exc).removeprefix('joint extras: ')}") from None

    def merged(self, **changes: float) -> JointExtras:
        """A copy with some fields replaced."""
        data = {f.name: getattr(self, f.name) for f in fields(self)}
        data.update(changes)
        return JointExtras(**data)
