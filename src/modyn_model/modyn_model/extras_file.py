"""The joint-extras side file: what URDF cannot say about actuators and friction.

YAML layout (every field optional, SI units, joint side; see
:class:`~modyn_model.joint.JointExtras`)::

    joints:
      shoulder_pan_joint:
        gear_ratio: 100.0        # N = q̇_motor / q̇_joint
        motor_inertia: 3.0e-5    # Jm (kg·m²); Ia = N²·Jm  (Khalil [7.29])
        rotor_inertia: 0.0       # Ia directly; wins over N²·Jm when > 0
        viscous: 0.8             # Fv (N·m·s/rad); overrides URDF <dynamics damping>
        coulomb: 1.5             # Fc (N·m); overrides URDF <dynamics friction>
        static: 2.0              # Fst (N·m), Stribeck breakaway
        stribeck_velocity: 0.05  # v_s (rad/s)
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from pathlib import Path

from .errors import DescriptionError, JointError
from .joint import JointExtras
from .yaml_numbers import load_yaml

__all__ = ["load_extras"]


def load_extras(
    source: str | os.PathLike | Mapping, joint_names: Iterable[str]
) -> dict[str, JointExtras]:
    """Read a side file (path or already-loaded mapping) into {joint: JointExtras}."""
    where = "<extras mapping>"
    data = source
    if not isinstance(source, Mapping):
        path = Path(source)
        where = str(path)
        if not path.is_file():
            raise DescriptionError(f"{path}: joint extras file not found")
        import yaml

        try:
            data = load_yaml(path.read_text(encoding="utf-8"))
        except yaml.YAMLError as exc:
            raise DescriptionError(f"{path}: malformed YAML: {exc}") from exc
    if not isinstance(data, Mapping) or not isinstance(data.get("joints"), Mapping):
        raise DescriptionError(f"{where}: expected a top-level 'joints:' mapping of joint names")
    known = set(joint_names)
    out = {}
    for name, fields in data["joints"].items():
        if name not in known:
            raise JointError(f"{where}: joint '{name}' does not exist; joints are {sorted(known)}")
        out[name] = JointExtras.from_mapping(fields or {}, f"{where}: joints.{name}")
    return out
