"""The floating-base Newton-Euler recursion for ONE state, in Python floats.

The same equations as :meth:`~modyn_model.floating.dynamics.FloatingTree.rnea` (see that module
for the conventions), written on 3-vectors of Python floats: on one configuration numpy spends
more time dispatching its tiny 6-vector operations than computing them, and this form is several
times faster. It is what ``FloatingBaseModel.inverse_dynamics``, ``bias_forces`` and ``gravity``
run for an unbatched state (the control loop's case); batches use the numpy recursion. The tests
hold the two equal to rounding.

With R = ^λR_i and p = ^λp_i, a twist [v; ω] of the parent becomes [Rᵀ(v + ω × p); Rᵀ ω] in body
i, and a wrench [f; n] of body i becomes [R f; p × R f + R n] in the parent.
"""

from __future__ import annotations

import numpy as np

from ..dynamics.friction import friction_torques
from ..joint import REVOLUTE
from ..kinematics import joint_transforms

__all__ = ["rnea_one"]


def _cross(a, b):
    return (a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0])


def _add(a, b):
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2])


def _rt(r, x):
    """Rᵀ x."""
    return (
        r[0][0] * x[0] + r[1][0] * x[1] + r[2][0] * x[2],
        r[0][1] * x[0] + r[1][1] * x[1] + r[2][1] * x[2],
        r[0][2] * x[0] + r[1][2] * x[1] + r[2][2] * x[2],
    )


def _r(r, x):
    """R x."""
    return (
        r[0][0] * x[0] + r[0][1] * x[1] + r[0][2] * x[2],
        r[1][0] * x[0] + r[1][1] * x[1] + r[1][2] * x[2],
        r[2][0] * x[0] + r[2][1] * x[1] + r[2][2] * x[2],
    )


def _body_tables(tree):
    """Per body (base first): (mass, h, J rows) and per joint (parent, revolute, axis), as floats."""

    def make():
        bodies = []
        for prm in tree.params.tolist():
            xx, xy, xz, yy, yz, zz, mx, my, mz, m = prm
            bodies.append((m, (mx, my, mz), ((xx, xy, xz), (xy, yy, yz), (xz, yz, zz))))
        limb = tree.limb
        joints = [
            (tree.parent[j], bool(limb.sigma[j] == REVOLUTE), tuple(limb.axes[j].tolist()))
            for j in range(tree.n)
        ]
        return bodies, joints

    return tree.limb.cached("floating_single_tables", make)


def _inertia_times(body, lin, ang):
    """I [lin; ang] = [m lin − h × ang; h × lin + J ang]."""
    m, h, jm = body
    hxa = _cross(h, ang)
    hxl = _cross(h, lin)
    return (
        (m * lin[0] - hxa[0], m * lin[1] - hxa[1], m * lin[2] - hxa[2]),
        (
            hxl[0] + jm[0][0] * ang[0] + jm[0][1] * ang[1] + jm[0][2] * ang[2],
            hxl[1] + jm[1][0] * ang[0] + jm[1][1] * ang[1] + jm[1][2] * ang[2],
            hxl[2] + jm[2][0] * ang[0] + jm[2][1] * ang[1] + jm[2][2] * ang[2],
        ),
    )


def rnea_one(
    tree,
    qj: np.ndarray,
    r_wb: np.ndarray,
    v: np.ndarray | None,
    a: np.ndarray | None,
    f_ext: np.ndarray | None = None,
    *,
    gravity: bool = True,
    friction: bool = True,
) -> np.ndarray:
    """τ (6 + n,) of one state (qj (n,), r_wb (3, 3), v and a (6 + n,) or None, f_ext
    (n + 1, 6) or None): :meth:`FloatingTree.rnea` for an unbatched state."""
    n = tree.n
    bodies, joints = _body_tables(tree)
    rot, pos = joint_transforms(tree.limb, qj)
    rot = rot.tolist()
    pos = pos.tolist()
    vl = [0.0] * (6 + n) if v is None else v.tolist()
    al = [0.0] * (6 + n) if a is None else a.tolist()
    lin0 = (vl[0], vl[1], vl[2])
    ang0 = (vl[3], vl[4], vl[5])
    acc_lin0 = (al[0], al[1], al[2])
    if gravity:  # the fictitious upward acceleration −Rᵀ g of the base
        g = _rt(r_wb.tolist(), tuple(tree.limb.gravity_vector.tolist()))
        acc_lin0 = (acc_lin0[0] - g[0], acc_lin0[1] - g[1], acc_lin0[2] - g[2])
    vel = [(lin0, ang0)]
    acc = [(acc_lin0, (al[3], al[4], al[5]))]
    for j, (parent, revolute, axis) in enumerate(joints):
        r = rot[j]
        p = pos[j]
        pl, pa = vel[parent]
        ql, qa = acc[parent]
        lin = _rt(r, _add(pl, _cross(pa, p)))
        ang = _rt(r, pa)
        alin = _rt(r, _add(ql, _cross(qa, p)))
        aang = _rt(r, qa)
        qd = vl[6 + j]
        qdd = al[6 + j]
        sq = (qd * axis[0], qd * axis[1], qd * axis[2])
        if revolute:
            ang = _add(ang, sq)
            # + S q̈ + v × S q̇ with S q̇ = [0; sq]: [lin × sq; ang × sq]
            alin = _add(alin, _cross(lin, sq))
            aang = _add(_add(aang, (qdd * axis[0], qdd * axis[1], qdd * axis[2])), _cross(ang, sq))
        else:
            lin = _add(lin, sq)
            # S q̇ = [sq; 0]: v × S q̇ = [ang × sq; 0]
            alin = _add(_add(alin, (qdd * axis[0], qdd * axis[1], qdd * axis[2])), _cross(ang, sq))
        vel.append((lin, ang))
        acc.append((alin, aang))
    fl = [None] * (n + 1)
    fn = [None] * (n + 1)
    ext = None if f_ext is None else f_ext.tolist()
    for i in range(n + 1):
        lin, ang = vel[i]
        body = bodies[i]
        il, ia = _inertia_times(body, lin, ang)
        al_i, aa_i = acc[i]
        ml, ma = _inertia_times(body, al_i, aa_i)
        # + v ×* I v = [ω × (Iv)_l; v × (Iv)_l + ω × (Iv)_a]
        f = _add(ml, _cross(ang, il))
        m = _add(_add(ma, _cross(lin, il)), _cross(ang, ia))
        if ext is not None:
            e = ext[i]
            f = (f[0] + e[0], f[1] + e[1], f[2] + e[2])
            m = (m[0] + e[3], m[1] + e[4], m[2] + e[5])
        fl[i] = f
        fn[i] = m
    tau = np.zeros(6 + n)
    out = [0.0] * n
    for j in range(n - 1, -1, -1):
        parent, revolute, axis = joints[j]
        f = fl[j + 1]
        m = fn[j + 1]
        w = m if revolute else f
        out[j] = w[0] * axis[0] + w[1] * axis[1] + w[2] * axis[2]
        r = rot[j]
        rf = _r(r, f)
        fl[parent] = _add(fl[parent], rf)
        fn[parent] = _add(_add(fn[parent], _r(r, m)), _cross(pos[j], rf))
    tau[:3] = fl[0]
    tau[3:6] = fn[0]
    tau[6:] = out
    if a is not None:
        tau[6:] += tree.armature * a[6:]
    if friction and v is not None:
        tau[6:] += friction_torques(tree.limb, v[6:])
    return tau
