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

__all__ = [
    "ConsistencyIssue",
    "pseudo_inertia",
    "check_consistency",
    "PhysicalConsistencyWarning",
    "project_consistent",
    "consistent_standard_parameters",
]


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


def _from_pseudo_inertia(p: np.ndarray) -> np.ndarray:
    """[XX XY XZ YY YZ ZZ MX MY MZ M] of a pseudo-inertia (inverse of :func:`pseudo_inertia`:
    J = tr(Σ) 1 − Σ)."""
    sigma = p[:3, :3]
    j = np.trace(sigma) * np.eye(3) - sigma
    return np.array([j[0, 0], j[0, 1], j[0, 2], j[1, 1], j[1, 2], j[2, 2], *p[:3, 3], p[3, 3]])


def project_consistent(rows: np.ndarray, margin: float = 1e-6) -> np.ndarray:
    """Each link's (14,) row moved onto the consistent set: pseudo-inertia eigenvalues clipped
    to ≥ ``margin`` × its largest (the nearest P ⪰ 0 in the Frobenius norm, a convex set),
    Ia, Fc, Fv clipped to ≥ 0."""
    out = np.array(rows, dtype=float)
    for row in out:
        lam, vec = np.linalg.eigh(pseudo_inertia(row[:10]))
        floor = margin * max(float(lam[-1]), 1e-12)
        if lam[0] < floor:
            row[:10] = _from_pseudo_inertia((vec * np.maximum(lam, floor)) @ vec.T)
        np.maximum(row[10:13], 0.0, out=row[10:13])
    return out


def consistent_standard_parameters(
    base, chi_b, chi_start, *, iterations: int = 1000, tol: float = 1e-9
) -> tuple[np.ndarray, float]:
    """A physically consistent χ with K χ = χ_b, by alternating projections (von Neumann)
    between the affine set {χ : K χ = χ_b} (orthogonal projection χ − K⁺(K χ − χ_b)) and the
    convex set of consistent links (:func:`project_consistent`); both convex, so the iterates
    approach their intersection when it is not empty. Starts from ``chi_start`` (e.g. the
    least-norm correction of the nominal).

    Returns
    -------
    (χ, gap)
        χ consistent (the last consistent iterate) and gap = max |K χ − χ_b| (0 up to ``tol``
        when the intersection was reached; > 0: the identified base values admit no consistent
        set within the iterations, typically noise on a poorly identified parameter).
    """
    K = np.asarray(base.K, dtype=float)
    chi_b = np.asarray(chi_b, dtype=float)
    k_pinv = np.linalg.pinv(K)
    x = np.asarray(chi_start, dtype=float).copy()
    n = x.size // N_STANDARD
    scale = max(float(np.abs(chi_b).max()), 1e-12)
    consistent, gap = x, np.inf
    for _ in range(iterations):
        consistent = project_consistent(x.reshape(n, N_STANDARD)).reshape(-1)
        gap = float(np.abs(K @ consistent - chi_b).max())
        if gap <= tol * scale:
            break
        x = consistent - k_pinv @ (K @ consistent - chi_b)
    return consistent, gap
