"""From identified base parameters to a model the suite loads (URDF + joint-extras YAML).

Base parameters fix only K χ (χ_b = K χ, :class:`~modyn_model.identification.BaseParameters`);
a model needs all of χ. Of the standard vectors with K χ = χ̂_b the one closest to the nominal
χ_nom (Euclidean norm) is

    χ = χ_nom + K⁺ (χ̂_b − K χ_nom)        (least-norm correction, K⁺ the pseudo-inverse)

so every parameter the data says nothing about keeps its nominal value. Ia, Fc and Fv must stay
≥ 0 (joint extras): a correction that would make one negative holds it at 0 and the least-norm
correction is recomputed on the other parameters (an active set, at most one pass per joint
parameter). The result is checked with :func:`~modyn_model.identification.consistency
.check_consistency` (a warning names each inconsistent link).

Written files (``write_model``): ``<name>.urdf`` (:func:`modyn_model.urdf_export.to_urdf`: the
identified inertias, the joints' damping/friction), ``<name>_extras.yaml`` (rotor inertia,
Coulomb, viscous, and the nominal gear ratio and Stribeck data), which a system file's
``robot:`` section takes as ``{urdf: <name>.urdf, extras: <name>_extras.yaml}``.
"""

from __future__ import annotations

import warnings
from pathlib import Path

import numpy as np
import yaml

from .filtering import IdentificationError
from .names import N_STANDARD, model_with_standard_parameters, standard_parameters

__all__ = ["closest_standard_parameters", "identified_model", "write_model"]

_NONNEGATIVE = (10, 11, 12)  # Ia, Fc, Fv in each joint's 14


def closest_standard_parameters(base, chi_b, chi_nominal) -> np.ndarray:
    """χ closest to ``chi_nominal`` with K χ = ``chi_b`` and Ia, Fc, Fv ≥ 0 (module docstring).

    Raises
    ------
    IdentificationError
        Shapes that do not match ``base``.
    """
    K = np.asarray(base.K, dtype=float)
    chi_b = np.asarray(chi_b, dtype=float)
    chi0 = np.asarray(chi_nominal, dtype=float)
    if K.shape != (chi_b.size, chi0.size):
        raise IdentificationError(
            f"K has shape {K.shape}; base values ({chi_b.size}) and standard values "
            f"({chi0.size}) do not match it"
        )
    n = chi0.size // N_STANDARD
    guarded = np.zeros(chi0.size, dtype=bool)
    for j in range(n):
        guarded[[N_STANDARD * j + k for k in _NONNEGATIVE]] = True
    fixed = np.zeros(chi0.size, dtype=bool)
    chi = chi0.copy()
    for _ in range(int(guarded.sum()) + 1):
        free = ~fixed
        target = chi_b - K[:, free] @ chi0[free]  # the fixed ones are 0
        delta, *_ = np.linalg.lstsq(K[:, free], target, rcond=None)
        chi = np.where(fixed, 0.0, chi0)
        chi[free] += delta
        negative = guarded & ~fixed & (chi < 0.0)
        if not negative.any():
            break
        fixed |= negative
    return chi


def identified_model(model, base, chi_b, std=None):
    """The model with the identified base parameters ``chi_b``: the least-norm correction of the
    nominal (:func:`closest_standard_parameters`) when it is physically consistent, else the
    consistent set found by :func:`~modyn_model.identification.consistency
    .consistent_standard_parameters` from it (a warning names the links and says how far its
    base parameters are from ``chi_b``, in units of ``std`` when given). Offsets are dropped: a
    model has no constant joint torque (a warning when they are not zero).

    Returns
    -------
    (model, χ (14n,), gap (b,) = K χ − chi_b)
    """
    from .consistency import (
        PhysicalConsistencyWarning,
        check_consistency,
        consistent_standard_parameters,
    )

    chi = closest_standard_parameters(base, chi_b, standard_parameters(model))
    offsets = chi.reshape(-1, N_STANDARD)[:, 13]
    if np.any(np.abs(offsets) > 0.0):
        warnings.warn(
            f"identified constant joint torques (offsets) {offsets.round(6).tolist()} N·m are "
            "not part of a model; they are dropped from the written model",
            stacklevel=2,
        )
    issues = check_consistency(model, chi, warn=False)
    if issues:
        chi, _ = consistent_standard_parameters(base, chi_b, chi)
        gap = base.K @ chi - np.asarray(chi_b, dtype=float)
        offset = np.array(["offset" in nm for nm in base.names])
        gap[offset] = 0.0
        worst = int(np.argmax(np.abs(gap)))
        size = f"{gap[worst]:.3g}"
        if std is not None:
            ratio = np.abs(gap) / np.maximum(np.asarray(std, dtype=float), 1e-300)
            worst = int(np.argmax(ratio))
            size = f"{gap[worst]:.3g} = {ratio[worst]:.2f} std"
        links = sorted({i.link for i in issues})
        warnings.warn(
            f"the least-norm standard parameters are physically inconsistent for {links} "
            f"({issues[0]}); written instead: the consistent set found by alternating "
            f"projections, whose base parameters differ from the identified by up to {size} "
            f"({base.names[worst]})",
            PhysicalConsistencyWarning,
            stacklevel=2,
        )
    check_consistency(model, chi)
    gap = base.K @ chi - np.asarray(chi_b, dtype=float)
    return model_with_standard_parameters(model, chi, offset="drop"), chi, gap


def write_model(model, folder, name: str = "identified") -> dict[str, Path]:
    """Write ``model`` as ``<folder>/<name>.urdf`` and ``<folder>/<name>_extras.yaml``;
    returns ``{"urdf": path, "extras": path}``."""
    from ..urdf_export import to_urdf

    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    urdf = folder / f"{name}.urdf"
    urdf.write_text(to_urdf(model, name=name), encoding="utf-8")
    joints = {}
    for j, ex in enumerate(model.extras):
        entry = {
            "rotor_inertia": float(model.armature[j]),
            "coulomb": float(ex.coulomb),
            "viscous": float(ex.viscous),
        }
        if ex.gear_ratio != 1.0:
            entry["gear_ratio"] = float(ex.gear_ratio)
        if ex.stribeck_velocity > 0.0:
            entry["static"] = float(ex.static)
            entry["stribeck_velocity"] = float(ex.stribeck_velocity)
        joints[model.joint_names[j]] = entry
    extras = folder / f"{name}_extras.yaml"
    extras.write_text(
        "# joint extras of the identified model (modyn identify)\n"
        + yaml.safe_dump({"joints": joints}, sort_keys=False),
        encoding="utf-8",
    )
    return {"urdf": urdf, "extras": extras}
