"""Khalil's Newton-Euler written on plain scalars, so that it can be traced into code.

The same function runs on floats (a slow pure-Python reference) or on tracer variables (to
produce the customized straight-line model). 3-vectors are lists, 3x3 matrices lists of rows;
the sums are written term by term so that constant propagation removes zero products.
"""

from __future__ import annotations

import math

import numpy as np

from ..joint import REVOLUTE

__all__ = ["FloatOps", "rnea_scalar", "joint_rotation_scalar", "link_accelerations_scalar"]


class FloatOps:
    """The elementary functions for evaluation on floats."""

    sin = staticmethod(math.sin)
    cos = staticmethod(math.cos)
    exp = staticmethod(math.exp)
    fabs = staticmethod(abs)

    @staticmethod
    def sign(x: float) -> float:
        return float((x > 0) - (x < 0))


def _mv(m, x):
    return [m[i][0] * x[0] + m[i][1] * x[1] + m[i][2] * x[2] for i in range(3)]


def _mtv(m, x):
    return [m[0][i] * x[0] + m[1][i] * x[1] + m[2][i] * x[2] for i in range(3)]


def _cross(a, b):
    return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]


def _add(a, b):
    return [a[0] + b[0], a[1] + b[1], a[2] + b[2]]


def _scale(s, a):
    return [s * a[0], s * a[1], s * a[2]]


def _const(x: float) -> float:
    # exact zeros and ones let constant propagation prune (URDF rpy of π/2 gives 6e-17)
    if abs(x) < 1e-14:
        return 0.0
    if abs(abs(x) - 1.0) < 1e-14:
        return math.copysign(1.0, x)
    return float(x)


def _is_traced(x) -> bool:
    return not isinstance(x, (int, float, np.number))


def _param(x, snap: bool = False):
    """A parameter as used by the traced code: a number (near-zeros snapped to 0, with ``snap``
    also near-±1 to ±1), or a traced variable left as it is (the base-parameter model of
    :mod:`modyn_model.codegen.base_model` takes its parameters as inputs)."""
    if _is_traced(x):
        return x
    if snap:
        return _const(x)
    return _const(x) if abs(x) < 1e-14 else float(x)


def joint_rotation_scalar(model, j: int, qj, ops):
    """^{a(j)}R_j(q_j) as nested lists, R0 · Rot(axis, q) with coordinate axes special-cased."""
    r0 = [[_const(x) for x in row] for row in model.joint_rotations[j]]
    if model.sigma[j] != REVOLUTE:
        return r0
    ax = [_const(x) for x in model.axes[j]]
    c = ops.cos(qj)
    s = ops.sin(qj)
    nonzero = [i for i in range(3) if ax[i] != 0.0]
    if len(nonzero) == 1 and abs(ax[nonzero[0]]) == 1.0:
        k = nonzero[0]
        s = s if ax[k] > 0 else -s
        i1, i2 = (k + 1) % 3, (k + 2) % 3
        rot = [[0.0] * 3 for _ in range(3)]
        rot[k][k] = 1.0
        rot[i1][i1] = c
        rot[i2][i2] = c
        rot[i1][i2] = -s
        rot[i2][i1] = s
    else:
        omc = 1.0 - c
        k_mat = [[0.0, -ax[2], ax[1]], [ax[2], 0.0, -ax[0]], [-ax[1], ax[0], 0.0]]
        rot = [
            [
                c * (1.0 if i == m else 0.0) + s * k_mat[i][m] + omc * (ax[i] * ax[m])
                for m in range(3)
            ]
            for i in range(3)
        ]
    return [
        [r0[i][0] * rot[0][m] + r0[i][1] * rot[1][m] + r0[i][2] * rot[2][m] for m in range(3)]
        for i in range(3)
    ]


def link_accelerations_scalar(model, q, v, a, ops, gravity=None):
    """The forward recursion [7.51]-[7.54], [7.57] on scalars, shared by :func:`rnea_scalar`
    and the generated regressor (:mod:`modyn_model.codegen.regressor`).

    Returns per body (lists of n): ω_j, ω̇_j, V̇_j (3-lists, own axes, V̇ with −g [7.47]),
    U_j (3x3 nested lists), ^{a(j)}R_j and ^{a(j)}P_j.
    """
    n = model.n
    g = model.gravity_vector if gravity is None else gravity
    zero = [0.0, 0.0, 0.0]
    w, wd, vd, u = [None] * n, [None] * n, [None] * n, [None] * n
    rots, poss = [None] * n, [None] * n
    for j in range(n):
        p = model.parents[j]
        axis = [_const(x) for x in model.axes[j]]
        rot = joint_rotation_scalar(model, j, q[j], ops)
        pos = [_const(x) for x in model.joint_origins[j]]
        if model.sigma[j] != REVOLUTE:
            pos = _add(pos, _mv(rot, _scale(q[j], axis)))
        rots[j], poss[j] = rot, pos
        if p < 0:
            w_prev, wd_prev, vd_prev = zero, zero, [-_const(x) for x in g]  # [7.47]
        else:
            w_prev, wd_prev = w[p], wd[p]
            vd_prev = _add(vd[p], _mv(u[p], pos))
        w_in = _mtv(rot, w_prev)  # [7.51]
        qd_a = _scale(v[j], axis)
        spin = _cross(w_in, qd_a)
        if model.sigma[j] == REVOLUTE:
            w[j] = _add(w_in, qd_a)  # [7.52]
            wd[j] = _add(_add(_mtv(rot, wd_prev), _scale(a[j], axis)), spin)  # [7.53]
            vd[j] = _mtv(rot, vd_prev)  # [7.54]
        else:
            w[j] = w_in
            wd[j] = _mtv(rot, wd_prev)
            vd[j] = _add(_add(_mtv(rot, vd_prev), _scale(a[j], axis)), _scale(2.0, spin))
        wx, wy, wz = w[j]
        dx, dy, dz = wd[j]
        u[j] = [  # [7.57] U = ω̇^ + ω^ω^
            [-(wy * wy) - wz * wz, wx * wy - dz, wx * wz + dy],
            [wx * wy + dz, -(wx * wx) - wz * wz, wy * wz - dx],
            [wx * wz - dy, wy * wz + dx, -(wx * wx) - wy * wy],
        ]
    return w, wd, vd, u, rots, poss


def rnea_scalar(model, q, v, a, ops, *, gravity=None, friction: bool = True, f_ext=None):
    """Khalil [7.51]-[7.61] on scalars; q, v, a are length-n sequences (0.0 for absent terms).

    Returns the list of joint torques. ``f_ext`` (optional) is a per-body list of 6 scalars.
    """
    n = model.n
    prm = model.inertial_parameters
    zero = [0.0, 0.0, 0.0]
    w, wd, vd, u, rots, poss = link_accelerations_scalar(model, q, v, a, ops, gravity)
    forces, moments = [None] * n, [None] * n
    for j in range(n):
        xx, xy, xz, yy, yz, zz, mx, my, mz, m = (_param(x) for x in prm[j])
        inertia = [[xx, xy, xz], [xy, yy, yz], [xz, yz, zz]]
        ms = [mx, my, mz]
        forces[j] = _add(_scale(m, vd[j]), _mv(u[j], ms))  # [7.55]
        moments[j] = _add(
            _add(_mv(inertia, wd[j]), _cross(w[j], _mv(inertia, w[j]))), _cross(ms, vd[j])
        )  # [7.56]
    f_acc = [zero] * n
    m_acc = [zero] * n
    tau = [0.0] * n
    for j in range(n - 1, -1, -1):
        f = _add(forces[j], f_acc[j])  # [7.58]
        mo = _add(moments[j], m_acc[j])  # [7.60]
        if f_ext is not None:
            f = _add(f, f_ext[j][:3])
            mo = _add(mo, f_ext[j][3:])
        axis = [_const(x) for x in model.axes[j]]
        chosen = mo if model.sigma[j] == REVOLUTE else f
        t = chosen[0] * axis[0] + chosen[1] * axis[1] + chosen[2] * axis[2]  # [7.61]
        t = t + _param(model.armature[j], snap=True) * a[j]
        if friction:
            fv, fc = _param(model.viscous[j]), _param(model.coulomb[j])
            t = t + fv * v[j]
            if _is_traced(fc) or fc != 0.0 or model.static_friction[j] != 0.0:
                sg = ops.sign(v[j])
                t = t + fc * sg
                vs = float(model.stribeck_velocity[j])
                extra = float(model.static_friction[j]) - fc
                if vs > 0.0 and extra != 0.0:
                    t = t + extra * sg * ops.exp(ops.fabs(v[j]) * (-1.0 / vs))  # [7.26]
        tau[j] = t
        p = model.parents[j]
        if p >= 0:
            f_parent = _mv(rots[j], f)  # [7.59]
            f_acc[p] = _add(f_acc[p], f_parent)
            m_acc[p] = _add(_add(m_acc[p], _mv(rots[j], mo)), _cross(poss[j], f_parent))
    return tau


def trace_inputs(tracer, n: int, name: str, present: bool):
    """Tracer inputs ``name0..`` or zeros."""
    if not present:
        return [0.0] * n
    return [tracer.input(f"{name}{i}") for i in range(n)]


def mass_matrix_scalar(model, q, ops):
    """A(q) by Newton-Euler columns [7.64]: column i = Γ(q, 0, u_i) with g = 0, no friction.

    Only the rows j >= i of column i are kept (A is symmetric, [7.64] note), so the lower
    triangle is traced and mirrored. Returns a list of rows.
    """
    n = model.n
    zeros = [0.0] * n
    out = [[0.0] * n for _ in range(n)]
    for i in range(n):
        unit = [1.0 if k == i else 0.0 for k in range(n)]
        col = rnea_scalar(model, q, zeros, unit, ops, gravity=(0.0, 0.0, 0.0), friction=False)
        for j in range(i, n):
            out[j][i] = col[j]
            out[i][j] = col[j]
    return out


def ldlt_solve_scalar(matrix, rhs):
    """Solve A x = b for symmetric positive definite A by LDLᵀ, written out on scalars.

    No square roots, so it traces into plain products, sums and n divisions; the structural
    zeros of a tree's A are constants and prune the factorisation.
    """
    n = len(rhs)
    low = [[0.0] * n for _ in range(n)]
    diag = [0.0] * n
    inv = [0.0] * n
    for j in range(n):
        acc = matrix[j][j]
        for k in range(j):
            acc = acc - low[j][k] * low[j][k] * diag[k]
        diag[j] = acc
        inv[j] = 1.0 / acc
        for i in range(j + 1, n):
            acc = matrix[i][j]
            for k in range(j):
                acc = acc - low[i][k] * low[j][k] * diag[k]
            low[i][j] = acc * inv[j]
    y = list(rhs)
    for i in range(n):
        for k in range(i):
            y[i] = y[i] - low[i][k] * y[k]
    x = [y[i] * inv[i] for i in range(n)]
    for i in range(n - 1, -1, -1):
        for k in range(i + 1, n):
            x[i] = x[i] - low[k][i] * x[k]
    return x


def forward_dynamics_scalar(model, q, v, tau, ops, *, friction: bool = True):
    """q̈ = A⁻¹(Γ − H) [7.63]: H from [7.62], A from [7.64], then an LDLᵀ solve."""
    n = model.n
    h = rnea_scalar(model, q, v, [0.0] * n, ops, friction=friction)
    a = mass_matrix_scalar(model, q, ops)
    return ldlt_solve_scalar(a, [tau[i] - h[i] for i in range(n)])
