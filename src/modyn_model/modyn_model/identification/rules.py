"""Base inertial parameters by Khalil's closed-form grouping rules (Gautier & Khalil 1990).

For a serial chain whose joint axes are the z axes of their frames (a modified-DH table),
revolute or prismatic. The rules are linear row operations on the map χ_R = G χ, applied from
the last link to the first so that what a link receives from its child is regrouped with it:

1. **Revolute joint j** (general rule). The part of link j with tensor YYj·diag(1, 1, 0), first
   moment MZj·z_j and mass Mj at O_j is symmetric about z_j: its parameters expressed in frame
   j−1 do not depend on q_j, so it acts exactly as a body fixed to link j−1. Hence

       XXjR = XXj − YYj,   YYj → 0,   MZj → 0,   Mj → 0,
       π_{j−1}R = π_{j−1} + T_{j−1,j}(YYj·diag(1,1,0), MZj z_j, Mj),

   T the parallel-axis transformation to O_{j−1} and R_{j−1} (:func:`~modyn_model.inertia.
   transform_parameters`; it reproduces Khalil's table XXR_{j−1} = XX_{j−1} + YYj + 2 rj MZj +
   rj² Mj, ... MR_{j−1} = M_{j−1} + Mj). For j = 1 the part goes to the fixed base: no effect.
2. **Prismatic joint j**: link j has the rotation of link j−1, so its tensor J_j acts as
   ^{j−1}R_j J_j ^{j}R_{j−1} added to link j−1's tensor (J_j → 0).
3. **Rotor inertia**: Ia_j q̇_j² is indistinguishable from ZZ_j (ω_j·z_j)² when ω_{j−1}·z_j ≡ 0,
   i.e. every revolute joint before j has the same axis direction u and z_j ⟂ u (or there is
   none): ZZjR = ZZj + Iaj. (RX-90: Ia1 and Ia2.)
4. **Links near the base.** Joint 1 revolute with axis u; the links 1..g whose joints are all
   revolute about axes parallel to u (or prismatic along u) rotate about the fixed direction u
   only: their XXR, XY, XZ, YZ (and, prismatic, MZ) have no effect, and for link 1 (O_1 fixed)
   MX1, MY1 have no effect when gravity is along u (or zero).

Outside this class (trees, a prismatic first joint, axes other than z) :func:`grouping_rules`
raises :class:`UnsupportedError`; use the numerical :func:`~modyn_model.identification.
base_parameters` there.
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np

from ..errors import UnsupportedError
from ..inertia import transform_parameters
from ..joint import REVOLUTE
from ..kinematics import forward_kinematics
from .base import BaseParameters, _snap, considered_parameters, make_base_parameters
from .names import N_STANDARD, STANDARD_FIELDS, check_fixed_base

__all__ = ["grouping_rules"]

_F = {f: i for i, f in enumerate(STANDARD_FIELDS)}
_TOL = 1e-9


def _unit(field: str) -> np.ndarray:
    e = np.zeros(10)
    e[_F[field]] = 1.0
    return e


def _no_effect_combination(G: np.ndarray, first: int, direction: np.ndarray) -> None:
    """The first moment along ``direction`` (in link axes) has no effect: eliminate the last of
    MX, MY, MZ (preference order) with a non-zero component into the others (β = −u_k/u_e)."""
    comps = [k for k in range(3) if abs(direction[k]) > _TOL]
    if not comps:
        return
    e = comps[-1]
    for k in comps[:-1]:
        G[first + k] -= direction[k] / direction[e] * G[first + e]
    G[first + e] = 0.0


def _check_scope(model) -> None:
    check_fixed_base(model, "grouping_rules")
    if np.any(model.parents != np.arange(model.n) - 1):
        raise UnsupportedError(
            f"{model.name}: the closed-form grouping rules are implemented for serial chains; "
            "this model is a tree (use base_parameters, the numerical method)"
        )
    off = [
        nm
        for nm, ax in zip(model.joint_names, model.axes, strict=True)
        if not np.allclose(ax, (0.0, 0.0, 1.0), atol=1e-12)
    ]
    if off:
        raise UnsupportedError(
            f"{model.name}: the grouping rules need every joint axis along z of its frame (a "
            f"modified-DH table); joints {off} are not (use base_parameters)"
        )
    if model.sigma[0] != REVOLUTE:
        raise UnsupportedError(
            f"{model.name}: the grouping rules are implemented for a revolute first joint; "
            f"'{model.joint_names[0]}' is prismatic (use base_parameters)"
        )


def grouping_rules(model, *, exclude: Iterable[str] = ()) -> BaseParameters:
    """Base parameters of a modified-DH serial chain by the closed-form rules (module docstring).

    ``exclude`` leaves standard fields out, as in
    :func:`~modyn_model.identification.base_parameters`. The base parameters, names and
    relations are built like the numerical ones, so the two can be compared entry by entry.
    """
    _check_scope(model)
    names, considered = considered_parameters(model, exclude)
    n = model.n
    size = N_STANDARD * n
    G = np.diag(considered.astype(float))  # rows: regrouped parameters, columns: standard

    def row(j: int, field: str) -> int:
        return N_STANDARD * j + _F[field]

    def move(j: int, field: str, unit_body: np.ndarray, own: dict[str, float]) -> None:
        """Move the part of link j carried by ``field`` (the body ``unit_body`` per unit of it,
        in R_j about O_j) to link j−1; ``own`` are the entries of link j it leaves (−)."""
        src = G[row(j, field)].copy()
        for f, c in own.items():
            G[row(j, f)] -= c * src
        p = model.parents[j]
        if p >= 0:
            moved = transform_parameters(
                unit_body, model.joint_rotations[j], model.joint_origins[j]
            )
            for k in range(10):
                if abs(moved[k]) > _TOL:
                    G[N_STANDARD * p + k] += moved[k] * src

    # rules 1 and 2, last link first
    for j in range(n - 1, -1, -1):
        if model.sigma[j] == REVOLUTE:
            yy = _unit("XX") + _unit("YY")
            move(j, "YY", yy, {"XX": 1.0, "YY": 1.0})
            move(j, "MZ", _unit("MZ"), {"MZ": 1.0})
            move(j, "M", _unit("M"), {"M": 1.0})
        else:
            for f in ("XX", "XY", "XZ", "YY", "YZ", "ZZ"):
                move(j, f, _unit(f), {f: 1.0})
    # rule 3: rotor inertia with ZZ
    rot0, _ = forward_kinematics(model, np.zeros(n))
    z = rot0[:, :, 2]  # joint axes in the base frame at q = 0
    u = z[0]
    for j in range(n):
        if model.sigma[j] != REVOLUTE:
            continue
        before = [z[i] for i in range(j) if model.sigma[i] == REVOLUTE]
        if all(np.linalg.norm(np.cross(b, u)) < _TOL for b in before) and (
            not before or abs(z[j] @ u) < _TOL
        ):
            G[row(j, "ZZ")] += G[row(j, "Ia")]
            G[row(j, "Ia")] = 0.0
    # rule 4: the links that rotate about u only (joint 1 and the following joints while they
    # are revolute about axes parallel to u or prismatic)
    g = model.gravity_vector
    g_along_u = np.linalg.norm(np.cross(g, u)) <= _TOL * max(1.0, np.linalg.norm(g))
    _, pos0 = forward_kinematics(model, np.zeros(n))
    on_axis = True  # O_j stays on the line (O_1, u) whatever q
    for j in range(n):
        if model.sigma[j] == REVOLUTE:
            if np.linalg.norm(np.cross(z[j], u)) >= _TOL:
                break
            for f in ("XX", "XY", "XZ", "YZ"):  # ω_j ∥ u: only ZZ_j acts
                G[row(j, f)] = 0.0
        else:
            # a prismatic joint among the links that rotate about u only brings further
            # groupings (its mass and Ia with the links before, Khalil's prismatic special
            # cases) that are not implemented: refuse rather than return a non-minimal set
            raise UnsupportedError(
                f"{model.name}: prismatic joint '{model.joint_names[j]}' comes before the first "
                "revolute joint not parallel to joint 1; the grouping rules for this case are "
                "not implemented (use base_parameters, the numerical method)"
            )
        off = pos0[j] - pos0[0]
        on_axis = on_axis and np.linalg.norm(off - (off @ u) * u) < _TOL
        if on_axis and g_along_u:  # O_j fixed or sliding along u: MS_j acts through g only
            for f in ("MX", "MY", "MZ"):
                G[row(j, f)] = 0.0
    G = _snap(G, _TOL)
    G[:, ~considered] = 0.0
    base = np.flatnonzero(np.any(G != 0.0, axis=1))
    K = G[base]
    no_effect = [k for k in range(size) if considered[k] and not np.any(G[:, k])]
    return make_base_parameters(K, base, names, considered, no_effect)
