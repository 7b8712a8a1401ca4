"""The composite-rigid-body algorithm written on scalars, so that it traces into a customized
inertia matrix (issue 21: cheaper than Newton-Euler columns [7.64]).

Composite inertias (Khalil's composite links): the standard parameters (J_j, MS_j, M_j) of body
j, about O_j in frame j, accumulate the subtree's; carried to the parent frame a(j) they are

    M' = M,   MS' = R MS + M P,
    J'  = R J Rᵀ − [P]×[R MS]× − [R MS]×[P]× − M [P]×[P]×,

with R = ^{a(j)}R_j(q_j), P = ^{a(j)}P_j (the parallel-axis theorem for a shift P). Column j of
A: the spatial force of the composite of j under a unit q̈_j, F = I^c_j S_j (revolute:
n = J a_j, f = a_j × MS; prismatic: n = MS × a_j, f = M a_j); A_jj = S_jᵀ F + Ia_j, and F is
carried towards the base (f' = R f, n' = R n + P × f', [7.59]) giving A_ij = S_iᵀ F for each
ancestor i.
"""

from __future__ import annotations

from ..joint import REVOLUTE
from .algorithms import _add, _const, _cross, _mv, joint_rotation_scalar

__all__ = ["crba_scalar"]


def _skew_products(p, r, m):
    """−[p]×[r]× − [r]×[p]× − m [p]×[p]× as a symmetric 3x3 (lists).

    [a]×[b]× = b aᵀ − (a·b) 1, so −[p]×[r]× − [r]×[p]× = 2 (p·r) 1 − r pᵀ − p rᵀ and
    −m [p]×[p]× = m (|p|² 1 − p pᵀ)."""
    pr = p[0] * r[0] + p[1] * r[1] + p[2] * r[2]
    pp = p[0] * p[0] + p[1] * p[1] + p[2] * p[2]
    out = [[0.0] * 3 for _ in range(3)]
    for i in range(3):
        for k in range(i, 3):
            value = -(r[i] * p[k]) - p[i] * r[k] - m * (p[i] * p[k])
            if i == k:
                value = value + 2.0 * pr + m * pp
            out[i][k] = out[k][i] = value
    return out


def _rotate_sym(rot, sym):
    """R S Rᵀ for symmetric S (lower triangle computed, mirrored)."""
    rs = [
        [rot[i][0] * sym[0][k] + rot[i][1] * sym[1][k] + rot[i][2] * sym[2][k] for k in range(3)]
        for i in range(3)
    ]
    out = [[0.0] * 3 for _ in range(3)]
    for i in range(3):
        for k in range(i, 3):
            out[i][k] = out[k][i] = (
                rs[i][0] * rot[k][0] + rs[i][1] * rot[k][1] + rs[i][2] * rot[k][2]
            )
    return out


def crba_scalar(model, q, ops):
    """A(q) (list of rows) by the composite-rigid-body algorithm, rotor inertia included."""
    n = model.n
    rots, poss = [None] * n, [None] * n
    jc, msc, mc = [None] * n, [None] * n, [0.0] * n
    for j in range(n):
        rot = joint_rotation_scalar(model, j, q[j], ops)
        pos = [_const(x) for x in model.joint_origins[j]]
        axis = [_const(x) for x in model.axes[j]]
        if model.sigma[j] != REVOLUTE:
            pos = _add(pos, _mv(rot, [q[j] * axis[0], q[j] * axis[1], q[j] * axis[2]]))
        rots[j], poss[j] = rot, pos
        xx, xy, xz, yy, yz, zz, mx, my, mz, m = (
            _const(x) if abs(x) < 1e-14 else float(x) for x in model.inertial_parameters[j]
        )
        jc[j] = [[xx, xy, xz], [xy, yy, yz], [xz, yz, zz]]
        msc[j] = [mx, my, mz]
        mc[j] = m
    for j in range(n - 1, -1, -1):
        p = model.parents[j]
        if p < 0:
            continue
        rot, pos = rots[j], poss[j]
        rms = _mv(rot, msc[j])
        shifted = _rotate_sym(rot, jc[j])
        extra = _skew_products(pos, rms, mc[j])
        jc[p] = [[jc[p][i][k] + shifted[i][k] + extra[i][k] for k in range(3)] for i in range(3)]
        msc[p] = _add(msc[p], _add(rms, [mc[j] * pos[0], mc[j] * pos[1], mc[j] * pos[2]]))
        mc[p] = mc[p] + mc[j]
    out = [[0.0] * n for _ in range(n)]
    for j in range(n):
        axis = [_const(x) for x in model.axes[j]]
        if model.sigma[j] == REVOLUTE:
            mom = _mv(jc[j], axis)
            force = _cross(axis, msc[j])
        else:
            mom = _cross(msc[j], axis)
            force = [mc[j] * axis[0], mc[j] * axis[1], mc[j] * axis[2]]
        chosen = mom if model.sigma[j] == REVOLUTE else force
        out[j][j] = (chosen[0] * axis[0] + chosen[1] * axis[1] + chosen[2] * axis[2]) + _const(
            model.armature[j]
        )
        i = j
        while model.parents[i] >= 0:
            force_p = _mv(rots[i], force)
            mom = _add(_mv(rots[i], mom), _cross(poss[i], force_p))
            force = force_p
            i = model.parents[i]
            ax = [_const(x) for x in model.axes[i]]
            chosen = mom if model.sigma[i] == REVOLUTE else force
            out[i][j] = out[j][i] = chosen[0] * ax[0] + chosen[1] * ax[1] + chosen[2] * ax[2]
    return out
