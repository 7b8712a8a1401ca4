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

Joint transforms as factors (issue 21, the xArm7): ^{a(j)}R_j = R0_j Rot(a_j, q_j) is applied
factor by factor instead of as one product. When R0_j is a rotation by a constant angle about a
coordinate axis that is not a multiple of π/2 (the xArm7's rpy = ±1.5708 is π/2 − 3.7e-6 rad:
cos = −3.7e-6, not a zero constant propagation could drop), the product R0 Rot has 7
non-zero entries and R J Rᵀ costs ~45 multiplications; as two plane rotations (a constant one
and the joint's) it costs 8 + 12. A plane rotation by θ about axis k, in the plane (i, l) =
(k+1, k+2) mod 3, maps a symmetric S to

    S'_kk = S_kk,   [S'_ki, S'_kl] = [c S_ki − s S_kl, s S_ki + c S_kl],
    S'_ii = S_ii − s² (S_ii − S_ll) − 2cs S_il,   S'_ll = S_ii + S_ll − S'_ii (the trace),
    S'_il = cs (S_ii − S_ll) + (c² − s²) S_il,

(c, s = cos θ, sin θ), which is R S Rᵀ written out with c² + s² = 1 used only through the
trace; the results equal R S Rᵀ to rounding. A constant R0 that is a signed permutation (exact
multiples of π/2 after snapping below 1e-14) stays a matrix: its products fold away entirely,
and the joint's rotation about a coordinate axis is still applied as a plane rotation (12
multiplications instead of 22 for the generic product). Joints about other axes, and other
constant rotations, keep the plain matrix products. Counts (mult/add) for A(q): UR5 117/105
→ 98/105, Panda 230/216 → 209/215, RX-90 105/86 → 76/73, Z1 237/229 → 216/227, xArm7
506/393 → 400/339.
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


def _plane_axis(rot) -> int | None:
    """k when ``rot`` (snapped) rotates about coordinate axis k by an angle that is not a
    multiple of π/2 (a plane rotation worth its own formula), else None."""
    for k in range(3):
        others = [i for i in range(3) if i != k]
        if rot[k][k] == 1.0 and all(rot[k][i] == 0.0 and rot[i][k] == 0.0 for i in others):
            block = [rot[i][m] for i in others for m in others]
            if any(x not in (0.0, 1.0, -1.0) for x in block):
                return k
            return None
    return None


def _plane_matrix(k: int, c, s):
    """The rotation by (cos, sin) = (c, s) about coordinate axis k, as nested lists."""
    i1, i2 = (k + 1) % 3, (k + 2) % 3
    rot = [[0.0] * 3 for _ in range(3)]
    rot[k][k] = 1.0
    rot[i1][i1] = c
    rot[i2][i2] = c
    rot[i1][i2] = -s
    rot[i2][i1] = s
    return rot


def _joint_factors(model, j: int, qj, ops) -> list[tuple]:
    """^{a(j)}R_j as factors ``[(matrix, plane), ...]`` whose product, left to right, is the
    rotation; ``plane`` is ``(k, c, s)`` for a plane rotation (see the module doc), else None.
    A revolute joint about a coordinate axis gives R0 (a matrix when it is a signed permutation,
    else a plane factor, merged with the joint's when about the same axis) and the joint's
    plane factor; any other joint one matrix (:func:`joint_rotation_scalar`)."""
    r0 = [[_const(x) for x in row] for row in model.joint_rotations[j]]
    k0 = _plane_axis(r0)
    if model.sigma[j] != REVOLUTE:
        return [
            (
                r0,
                None
                if k0 is None
                else (k0, r0[(k0 + 1) % 3][(k0 + 1) % 3], r0[(k0 + 2) % 3][(k0 + 1) % 3]),
            )
        ]
    ax = [_const(x) for x in model.axes[j]]
    nonzero = [i for i in range(3) if ax[i] != 0.0]
    signed_permutation = all(x in (0.0, 1.0, -1.0) for row in r0 for x in row)
    if (k0 is None and not signed_permutation) or len(nonzero) != 1 or abs(ax[nonzero[0]]) != 1.0:
        return [(joint_rotation_scalar(model, j, qj, ops), None)]
    k = nonzero[0]
    c, s = ops.cos(qj), ops.sin(qj)
    s = s if ax[k] > 0 else -s
    if k0 is None:  # R0 a signed permutation: free in the products, the joint's plane factor
        return [(r0, None), (_plane_matrix(k, c, s), (k, c, s))]
    c0, s0 = r0[(k0 + 1) % 3][(k0 + 1) % 3], r0[(k0 + 2) % 3][(k0 + 1) % 3]
    if k == k0:  # one plane rotation by θ0 + q (the UR5's shoulder: rpy about y, axis y)
        c, s = c0 * c - s0 * s, s0 * c + c0 * s
        return [(_plane_matrix(k, c, s), (k, c, s))]
    return [(r0, (k0, c0, s0)), (_plane_matrix(k, c, s), (k, c, s))]


def _apply(factors, x):
    """R x for R given as factors (the rightmost applied first)."""
    for rot, _ in reversed(factors):
        x = _mv(rot, x)
    return x


def _plane_sym(plane, sym):
    """R S Rᵀ for a plane rotation R = (k, c, s) and symmetric S (the module doc's formula)."""
    k, c, s = plane
    i1, i2 = (k + 1) % 3, (k + 2) % 3
    ss, cs = s * s, c * s
    cc_ss = c * c - ss
    a, b, d = sym[i1][i1], sym[i1][i2], sym[i2][i2]
    h = a - d
    out = [[0.0] * 3 for _ in range(3)]
    out[k][k] = sym[k][k]
    out[k][i1] = out[i1][k] = c * sym[k][i1] - s * sym[k][i2]
    out[k][i2] = out[i2][k] = s * sym[k][i1] + c * sym[k][i2]
    a2 = a - ss * h - (2.0 * cs) * b
    out[i1][i1] = a2
    out[i2][i2] = (a + d) - a2
    out[i1][i2] = out[i2][i1] = cs * h + cc_ss * b
    return out


def _rotate_sym_factors(factors, sym):
    """R S Rᵀ for R given as factors and symmetric S."""
    for rot, plane in reversed(factors):
        sym = _rotate_sym(rot, sym) if plane is None else _plane_sym(plane, sym)
    return sym


def crba_scalar(model, q, ops):
    """A(q) (list of rows) by the composite-rigid-body algorithm, rotor inertia included."""
    n = model.n
    rots, poss = [None] * n, [None] * n
    jc, msc, mc = [None] * n, [None] * n, [0.0] * n
    for j in range(n):
        factors = _joint_factors(model, j, q[j], ops)
        pos = [_const(x) for x in model.joint_origins[j]]
        axis = [_const(x) for x in model.axes[j]]
        if model.sigma[j] != REVOLUTE:
            pos = _add(pos, _apply(factors, [q[j] * axis[0], q[j] * axis[1], q[j] * axis[2]]))
        rots[j], poss[j] = factors, pos
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
        rms = _apply(rot, msc[j])
        shifted = _rotate_sym_factors(rot, jc[j])
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
            force_p = _apply(rots[i], force)
            mom = _add(_apply(rots[i], mom), _cross(poss[i], force_p))
            force = force_p
            i = model.parents[i]
            ax = [_const(x) for x in model.axes[i]]
            chosen = mom if model.sigma[i] == REVOLUTE else force
            out[i][j] = out[j][i] = chosen[0] * ax[0] + chosen[1] * ax[1] + chosen[2] * ax[2]
    return out
