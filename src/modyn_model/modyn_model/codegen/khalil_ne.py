"""Khalil's customized Newton-Euler [7.51]-[7.61] for modified-DH serial chains, on scalars.

:func:`~modyn_model.codegen.algorithms.rnea_scalar` handles any tree with constant joint
rotations ``R0`` and URDF axes: it multiplies ``R0 · Rot(axis, q)`` out, so a general twist
angle α_j gives products of constants with cos q_j. For a Khalil-Kleinfinger chain
(``RobotModel.from_mdh``) this module uses the structure of the table instead:

* ``^{j-1}R_j = Rot(x, α_j) Rot(z, θ_j)`` is applied as two plane rotations (Khalil's
  ``^jω_{j-1}`` of Example 7.4): 4 mult / 2 add for Rot(z, θ_j) and none for α_j ∈ {0, ±π/2, π}
  (entries 0 and ±1 are propagated), 4 mult / 2 add for any other α_j;
* ``^{j-1}P_j = [d_j, −r_j sin α_j, r_j cos α_j]`` (the table's constants, zeros folded);
* [7.57] ``U_j = ω̃̇_j + ω̃_j ω̃_j`` from the six products ``ω_a ω_b`` (``ω̃ω̃ = ω ωᵀ − |ω|² 1``);
* [7.56]: ``J ω̇ + ω × (J ω)`` is the moment of the point accelerations ``U r`` of the link,
  ``Σ m r × (U r) = vex(U Φ − Φ Uᵀ)`` with ``Φ = Σ m r rᵀ = ½ tr(J) 1 − J``; on J's entries
  (``moment="u"``, the default)::

      n_x = XZ U21 − XY U31 + YZ (ω_y² − ω_z²) + (ZZ − YY) ω_y ω_z + XX ω̇_x

  and cyclically (x → y → z), 5 mult a component instead of 9 + 9 + 6 for J ω̇, J ω and the
  cross product (``moment="literal"``), reusing U, which [7.55] needs anyway;
  ``moment="dv"`` keeps J ω̇ and writes only ω × (J ω) on the products ω_a ω_b. The three are
  exact rearrangements (same value to rounding; tested against Pinocchio to 1e-12);
* [7.59]-[7.60]: ``^jP_{j+1} = Rot(x, α)[d, 0, r]`` and the cross product commutes with a
  rotation, so ``^jR_{j+1} m + ^jP_{j+1} × ^jf_{j+1} = Rot(x, α)(Rot(z, θ) m + [d, 0, r] ×
  Rot(z, θ) f)``: 4 mult for the cross product and one Rot(x, α) fewer for a general α.

The recursion is otherwise [7.51]-[7.61] term for term, with the gravity trick [7.47]
``^0V̇_0 = −g``. Everything else (constant propagation, ±1 and 0 folded, common
subexpressions, dead code) is the tracer's (:mod:`modyn_model.codegen.tracer`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from ..joint import REVOLUTE
from .algorithms import _const, _is_traced, _param

__all__ = ["MdhJoint", "mdh_chain", "khalil_ne_scalar", "generate_khalil_rnea"]

_TOL = 1e-12
MOMENT_FORMS = ("u", "dv", "literal")


@dataclass(frozen=True)
class MdhJoint:
    """One row of a modified-DH table (Khalil-Kleinfinger), angles in rad, lengths in m.

    ``theta`` (revolute) or ``r`` (prismatic) is the constant offset added to the joint
    coordinate q_j.
    """

    sigma: int
    alpha: float
    d: float
    theta: float
    r: float


def _rot_x_z(alpha: float, theta: float) -> np.ndarray:
    ca, sa, ct, st = math.cos(alpha), math.sin(alpha), math.cos(theta), math.sin(theta)
    return np.array([[ct, -st, 0.0], [ca * st, ca * ct, -sa], [sa * st, sa * ct, ca]])


def mdh_chain(model) -> list[MdhJoint] | None:
    """The modified-DH rows of ``model``, or None when it is not a serial MDH chain.

    A model qualifies when every joint's parent is the previous one, its axis is +z and its
    constant placement is ``Rot(x, α) Trans(x, d) Rot(z, θ) Trans(z, r)`` (to 1e-12), which is
    what ``RobotModel.from_mdh`` builds; URDF models usually are not (then the generic traced
    RNEA is used).
    """
    rows = []
    for j in range(model.n):
        if model.parents[j] != j - 1:
            return None
        axis = np.asarray(model.axes[j], float)
        if np.abs(axis - (0.0, 0.0, 1.0)).max() > _TOL:
            return None
        r0 = np.asarray(model.joint_rotations[j], float)
        if abs(r0[0, 2]) > _TOL:
            return None
        alpha = math.atan2(-r0[1, 2], r0[2, 2])
        theta = math.atan2(-r0[0, 1], r0[0, 0])
        if np.abs(_rot_x_z(alpha, theta) - r0).max() > _TOL:
            return None
        p = np.asarray(model.joint_origins[j], float)
        d = float(p[0])
        r = float(p[1] * -math.sin(alpha) + p[2] * math.cos(alpha))
        want = (d, -r * math.sin(alpha), r * math.cos(alpha))
        if np.abs(np.asarray(want) - p).max() > _TOL:
            return None
        sigma = 0 if model.sigma[j] == REVOLUTE else 1
        rows.append(MdhJoint(sigma, alpha, d, theta, r))
    return rows


class _Frame:
    """The constant and joint-dependent parts of ^{j-1}T_j used by the recursion."""

    __slots__ = ("ca", "sa", "c", "s", "d", "r", "pos")

    def __init__(self, row: MdhJoint, qj, ops):
        self.ca = _const(math.cos(row.alpha))
        self.sa = _const(math.sin(row.alpha))
        if row.sigma == 0:
            angle = qj + row.theta if row.theta != 0.0 else qj
            self.c, self.s = ops.cos(angle), ops.sin(angle)
            r = _const(row.r)
        else:
            self.c, self.s = _const(math.cos(row.theta)), _const(math.sin(row.theta))
            r = qj + row.r if row.r != 0.0 else qj
        self.d, self.r = _const(row.d), r
        self.pos = [self.d, -self.sa * r, self.ca * r]

    def to_child(self, x):
        """^jR_{j-1} x = Rot(z, −θ) Rot(x, −α) x."""
        y1 = self.ca * x[1] + self.sa * x[2]
        y2 = self.ca * x[2] - self.sa * x[1]
        return [self.c * x[0] + self.s * y1, self.c * y1 - self.s * x[0], y2]

    def rot_z(self, x):
        """Rot(z, θ) x."""
        return [self.c * x[0] - self.s * x[1], self.s * x[0] + self.c * x[1], x[2]]

    def rot_x(self, x):
        """Rot(x, α) x; ^{j-1}R_j x = rot_x(rot_z(x))."""
        return [x[0], self.ca * x[1] - self.sa * x[2], self.sa * x[1] + self.ca * x[2]]


def _cross(a, b):
    return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]


def khalil_ne_scalar(
    model,
    chain: list[MdhJoint],
    q,
    v,
    a,
    ops,
    *,
    gravity=None,
    friction: bool = True,
    f_ext=None,
    moment: str = "u",
):
    """Joint torques Γ by Khalil [7.51]-[7.61] on an MDH chain (see the module docstring).

    Parameters
    ----------
    model : RobotModel or an object with the same parameter attributes
        ``inertial_parameters`` (n, 10) [XX XY XZ YY YZ ZZ MX MY MZ M] in kg m², kg m, kg;
        ``armature``, ``viscous``, ``coulomb``, ``static_friction``, ``stribeck_velocity``;
        ``gravity_vector`` (m/s², base frame). Entries may be traced variables.
    chain : list of MdhJoint
        From :func:`mdh_chain`.
    q, v, a : sequences of n scalars
        Joint positions (rad or m), velocities, accelerations (0.0 for absent terms).
    ops : object with sin, cos, sign, exp, fabs
    gravity : 3 scalars, optional
        Replaces ``model.gravity_vector`` (zeros: no gravity).
    friction : bool
        Add Fc sign(q̇) + Fv q̇ (+ the Stribeck term [7.26] when the model has one).
    f_ext : per-link lists of 6 scalars, optional
        [f, m] exerted on link j, in frame j at O_j (N, N m), added as in [7.58], [7.60].
    moment : {"u", "dv", "literal"}
        How J ω̇ + ω × (J ω) of [7.56] is computed: "u" from the entries of ^jU_j (fewest
        multiplications), "dv" with ω × (J ω) from the products ω_a ω_b, "literal" as J ω̇,
        J ω and a cross product. All three are the same value (to rounding).

    Returns
    -------
    list of n scalars
        Γ (N m or N).
    """
    if moment not in MOMENT_FORMS:
        raise ValueError(f"moment must be one of {MOMENT_FORMS}, got {moment!r}")
    n = model.n
    g = model.gravity_vector if gravity is None else gravity
    prm = model.inertial_parameters
    frames = [_Frame(chain[j], q[j], ops) for j in range(n)]
    w_prev, wd_prev, vd_prev = [0.0] * 3, [0.0] * 3, [-_const(x) for x in g]  # [7.47]
    u_prev = None
    forces, moments = [None] * n, [None] * n
    for j in range(n):
        fr = frames[j]
        if u_prev is not None:  # ^{j-1}V̇_{j-1} + ^{j-1}U_{j-1} ^{j-1}P_j, [7.54]
            p = fr.pos
            vd_prev = [
                vd_prev[i] + u_prev[i][0] * p[0] + u_prev[i][1] * p[1] + u_prev[i][2] * p[2]
                for i in range(3)
            ]
        w_in = fr.to_child(w_prev)  # [7.51]
        wd = fr.to_child(wd_prev)
        vd = fr.to_child(vd_prev)
        if chain[j].sigma == 0:
            w = [w_in[0], w_in[1], w_in[2] + v[j]]  # [7.52]
            # [7.53]: ^jω_{j-1} × q̇_j a_j = [ω_y q̇, −ω_x q̇, 0] for a_j = z
            wd = [wd[0] + w_in[1] * v[j], wd[1] - w_in[0] * v[j], wd[2] + a[j]]
        else:
            w = w_in
            two_qd = 2.0 * v[j]
            vd = [vd[0] + w_in[1] * two_qd, vd[1] - w_in[0] * two_qd, vd[2] + a[j]]
        wx, wy, wz = w
        dx, dy, dz = wd
        xy, xz, yz = wx * wy, wx * wz, wy * wz
        xx, yy, zz = wx * wx, wy * wy, wz * wz
        u = [  # [7.57] U = ω̃̇ + ω ωᵀ − |ω|² I
            [-yy - zz, xy - dz, xz + dy],
            [xy + dz, -xx - zz, yz - dx],
            [xz - dy, yz + dx, -xx - yy],
        ]
        pxx, pxy, pxz, pyy, pyz, pzz, mx, my, mz, m = (_param(x) for x in prm[j])
        ms = [mx, my, mz]
        forces[j] = [  # [7.55]
            m * vd[i] + u[i][0] * mx + u[i][1] * my + u[i][2] * mz for i in range(3)
        ]
        if moment == "u":
            # [7.56] rearranged on ^jU_j: J ω̇ + ω × (J ω) = vex(U Φ − Φ Uᵀ), Φ = ½tr(J)·1 − J
            # (Σ m r × (U r) for point masses); written on J's entries, 5 mult a component
            n_rot = [
                pxz * u[1][0] - pxy * u[2][0] + pyz * (yy - zz) + (pzz - pyy) * yz + pxx * dx,
                pxy * u[2][1] - pyz * u[0][1] + pxz * (zz - xx) + (pxx - pzz) * xz + pyy * dy,
                pyz * u[0][2] - pxz * u[1][2] + pxy * (xx - yy) + (pyy - pxx) * xy + pzz * dz,
            ]
        else:
            jwd = [
                pxx * dx + pxy * dy + pxz * dz,
                pxy * dx + pyy * dy + pyz * dz,
                pxz * dx + pyz * dy + pzz * dz,
            ]
            if moment == "dv":  # ω × (J ω) as a quadratic form of the products ω_a ω_b
                gyro = [
                    pxz * xy - pxy * xz + (pzz - pyy) * yz + pyz * (yy - zz),
                    pxy * yz - pyz * xy + (pxx - pzz) * xz + pxz * (zz - xx),
                    pyz * xz - pxz * yz + (pyy - pxx) * xy + pxy * (xx - yy),
                ]
            else:  # literally: J ω, then the cross product
                jw = [
                    pxx * wx + pxy * wy + pxz * wz,
                    pxy * wx + pyy * wy + pyz * wz,
                    pxz * wx + pyz * wy + pzz * wz,
                ]
                gyro = _cross(w, jw)
            n_rot = [jwd[i] + gyro[i] for i in range(3)]
        msv = _cross(ms, vd)
        moments[j] = [n_rot[i] + msv[i] for i in range(3)]  # [7.56]
        w_prev, wd_prev, vd_prev, u_prev = w, wd, vd, u
    tau = [0.0] * n
    f_child = m_child = None
    for j in range(n - 1, -1, -1):
        f = forces[j]
        mo = moments[j]
        if f_child is not None:
            fr = frames[j + 1]
            # [7.59]-[7.60] with ^jP_{j+1} = Rot(x, α)[d, 0, r]: the cross product commutes
            # with Rot(x, α), so ^jR_{j+1} m + ^jP_{j+1} × ^jf_{j+1} = Rot(x, α)(Rot(z, θ) m
            # + [d, 0, r] × Rot(z, θ) f), one Rot(x, α) and a 2-term cross product
            y = fr.rot_z(f_child)
            f_in = fr.rot_x(y)  # ^jf_{j+1}
            f = [f[i] + f_in[i] for i in range(3)]  # [7.58]
            zm = fr.rot_z(m_child)
            d, r = fr.d, fr.r
            zm = [zm[0] - r * y[1], zm[1] + (r * y[0] - d * y[2]), zm[2] + d * y[1]]
            m_in = fr.rot_x(zm)
            mo = [mo[i] + m_in[i] for i in range(3)]  # [7.60]
        if f_ext is not None:
            f = [f[i] + f_ext[j][i] for i in range(3)]
            mo = [mo[i] + f_ext[j][3 + i] for i in range(3)]
        t = mo[2] if chain[j].sigma == 0 else f[2]  # [7.61], a_j = z
        t = t + _param(model.armature[j], snap=True) * a[j]
        if friction:
            t = t + _friction(model, j, v[j], ops)
        tau[j] = t
        f_child, m_child = f, mo
    return tau


def _friction(model, j: int, vj, ops):
    """Fv q̇ + Fc sign(q̇) (+ the Stribeck term [7.26]), as in ``rnea_scalar``."""
    fv, fc = _param(model.viscous[j]), _param(model.coulomb[j])
    t = fv * vj
    if _is_traced(fc) or fc != 0.0 or model.static_friction[j] != 0.0:
        sg = ops.sign(vj)
        t = t + fc * sg
        vs = float(model.stribeck_velocity[j])
        extra = float(model.static_friction[j]) - fc
        if vs > 0.0 and extra != 0.0:
            t = t + extra * sg * ops.exp(ops.fabs(vj) * (-1.0 / vs))
    return t


def generate_khalil_rnea(model, *, friction: bool = True, moment: str | None = None):
    """Customized Γ(q, q̇, q̈) of an MDH chain by :func:`khalil_ne_scalar`, standard parameters.

    ``moment=None`` traces the three forms of [7.56] (see :func:`khalil_ne_scalar`) and keeps
    the one with the fewest multiplications, then additions. Raises ``ValueError`` naming the model when it is not a
    modified-DH serial chain (use :func:`~modyn_model.codegen.generate_rnea` then).
    """
    from .algorithms import trace_inputs
    from .generate import GeneratedFunction, _compile, _TraceOps, program_source
    from .tracer import Tracer

    chain = mdh_chain(model)
    if chain is None:
        raise ValueError(
            f"{model.name!r} is not a modified-DH serial chain (parent j-1, axis z, "
            "Rot(x,α)Trans(x,d)Rot(z,θ)Trans(z,r) placements); use generate_rnea"
        )
    n = model.n
    programs = []
    for form in MOMENT_FORMS if moment is None else (moment,):
        tracer = Tracer()
        q, v, a = (trace_inputs(tracer, n, x, True) for x in "qva")
        tau = khalil_ne_scalar(
            model, chain, q, v, a, _TraceOps(tracer), friction=friction, moment=form
        )
        programs.append(tracer.program(tau))
    program = min(programs, key=lambda pr: (pr.counts["mul"], pr.counts["add"]))
    name = "idm_khalil"
    doc = (
        f"Customized inverse dynamics of {model.name!r} by Khalil's NE on its MDH table "
        f"(generated by modyn): {program.counts['mul']} mult, {program.counts['add']} add, "
        f"{program.counts['call']} calls."
    )
    fn: GeneratedFunction = _compile(
        program_source(program, name, {"q": n, "v": n, "a": n}, doc), name, program.counts, n
    )
    return fn
