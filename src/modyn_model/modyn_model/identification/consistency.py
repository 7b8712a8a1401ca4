"""Physical consistency of standard parameters (Yoshida & Khalil 2000; Wensing et al. 2017).

A body is physically possible when its mass is positive and its inertia about the centre of
mass, I_G = J_O − M (‖S‖² 1 − S Sᵀ) with S = MS/M, is positive semi-definite with principal
moments satisfying the triangle inequality I1 + I2 ≥ I3 (no body is "thinner" than a rod).
Equivalently (Wensing): the pseudo-inertia

    P = [[Σ, MS], [MSᵀ, M]],   Σ = ½ tr(J_O) 1 − J_O   (= ∫ r rᵀ dm)

is positive semi-definite: one linear matrix inequality per link, in the standard parameters
themselves. The extras must be non-negative: Ia ≥ 0, Fc ≥ 0, Fv ≥ 0.

Identified base parameters say nothing about the individual links; these checks are for the
standard parameters a model is built from (:func:`~modyn_model.identification.export
.closest_standard_parameters`).
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass

import numpy as np

from ..inertia import com_parameters, tensor
from .names import N_STANDARD

__all__ = ["ConsistencyIssue", "pseudo_inertia", "check_consistency", "PhysicalConsistencyWarning"]


class PhysicalConsistencyWarning(UserWarning):
    """Standard parameters that no rigid body has (the message names the link)."""


@dataclass(frozen=True)
class ConsistencyIssue:
    """One violated condition: ``link`` (name), ``condition`` (text), ``value``."""

    joint: int
    link: str
    condition: str
    value: float

    def __str__(self) -> str:
        return f"link '{self.link}' (joint {self.joint + 1}): {self.condition} ({self.value:.6g})"


def pseudo_inertia(params10) -> np.ndarray:
    """Wensing's 4x4 pseudo-inertia of [XX XY XZ YY YZ ZZ MX MY MZ M] (about O_j, in R_j)."""
    p = np.asarray(params10, dtype=float)
    j = tensor(p)
    out = np.empty((4, 4))
    out[:3, :3] = 0.5 * np.trace(j) * np.eye(3) - j
    out[:3, 3] = out[3, :3] = p[6:9]
    out[3, 3] = p[9]
    return out


def check_consistency(
    model, chi, *, rtol: float = 1e-9, warn: bool = True
) -> list[ConsistencyIssue]:
    """The conditions (module docstring) that ``chi`` (14n,) violates, one issue each; with
    ``warn`` each is also issued as a :class:`PhysicalConsistencyWarning` naming the link."""
    rows = np.asarray(chi, dtype=float).reshape(model.n, N_STANDARD)
    issues = []
    for j, row in enumerate(rows):
        link = model.link_names[j]
        scale = max(float(np.abs(row[:10]).max()), 1e-12)
        if row[9] <= 0.0:
            issues.append(ConsistencyIssue(j, link, "mass M must be > 0 kg", row[9]))
        else:
            _, _, ig = com_parameters(row[:10])
            eig = np.linalg.eigvalsh(0.5 * (ig + ig.T))
            if eig[0] < -rtol * scale:
                issues.append(
                    ConsistencyIssue(
                        j,
                        link,
                        "inertia about the COM has a negative principal moment (kg·m²)",
                        eig[0],
                    )
                )
            elif eig[0] + eig[1] < eig[2] - rtol * scale:
                issues.append(
                    ConsistencyIssue(
                        j,
                        link,
                        "principal moments violate the triangle inequality I1 + I2 >= I3; "
                        "I1 + I2 - I3 (kg·m²)",
                        eig[0] + eig[1] - eig[2],
                    )
                )
        lmin = float(np.linalg.eigvalsh(pseudo_inertia(row[:10]))[0])
        if lmin < -rtol * scale:
            issues.append(
                ConsistencyIssue(
                    j, link, "pseudo-inertia LMI P >= 0 violated: smallest eigenvalue", lmin
                )
            )
        for k, name in (
            (10, "rotor inertia Ia"),
            (11, "Coulomb friction Fc"),
            (12, "viscous friction Fv"),
        ):
            if row[k] < 0.0:
                issues.append(ConsistencyIssue(j, link, f"{name} must be >= 0", row[k]))
    if warn:
        for issue in issues:
            warnings.warn(
                f"physically inconsistent parameters: {issue}",
                PhysicalConsistencyWarning,
                stacklevel=2,
            )
    return issues
