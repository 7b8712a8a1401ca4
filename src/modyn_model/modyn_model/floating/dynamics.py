"""Spatial-vector algorithms of a floating-base tree (Featherstone, RBDA ch. 2, 5-7 and 9.5).

Bodies: 0 is the base (free flyer), 1..n the limb bodies of the fixed-base
:class:`~modyn_model.model.RobotModel` (body j of the limb is body j + 1 here; its parent
a(j) + 1, the base when a(j) = −1). Every body frame is its link frame; spatial vectors are
6-vectors in the body's axes, ordered **[linear; angular]** (Pinocchio's order):

* motion (twist) v = [v_O; ω] (velocity of the body origin O, angular velocity),
* force (wrench) f = [f; n_O] (force, moment about O).

With ^λR_i and ^λp_i the rotation and origin of body i in its parent λ (the limb's
``joint_transforms``), the motion transform from λ to i and its dual are

    X_i = [[Rᵀ, −Rᵀ[p]×], [0, Rᵀ]],      forces from i to λ: X_iᵀ.

Joint i's motion subspace S_i (in body i) is [0; a_i] (revolute about a_i) or [a_i; 0]
(prismatic). Spatial cross products:

    v × m = [ω × m_v + v × m_ω; ω × m_ω],   v ×* f = [ω × f; v × f + ω × n] = −(v×)ᵀ f.

Spatial inertia about O from the standard parameters (J about O, h = MS first moment, mass M):
I = [[M 1, −[h]×], [[h]×, J]].

Gravity enters as a fictitious upward acceleration of the base: a'_0 = a_0 − [Rᵀ g; 0] (R = R_WB),
so every body's acceleration carries −g and no gravity force is added (RBDA §5.3).

Base velocity v[:6] is the base's body twist (the free-flyer velocity), its derivative v̇[:6] the
base's spatial acceleration in base axes (Pinocchio's FreeFlyer convention). τ[:6] is the wrench
on the base [force; moment about the base origin] in base axes.

Every function takes batch-broadcast arrays: q_joints (..., n), R_WB (..., 3, 3), v, a, τ
(..., 6 + n), f_ext (..., n + 1, 6) — the wrench each body exerts ON its environment, in body
axes, moment about the body origin (Khalil's sign: it adds to the inverse dynamics).
"""

from __future__ import annotations

import numpy as np

from ..dynamics.friction import friction_torques
from ..joint import REVOLUTE
from ..kinematics import joint_transforms
from ..spatial import skew

__all__ = [
    "FloatingTree",
    "crm",
    "crf",
    "motion_cross",
    "force_cross",
]


def crm(v: np.ndarray) -> np.ndarray:
    """v× (..., 6, 6): the motion cross-product matrix of [linear; angular] twists."""
    lin = skew(v[..., :3])
    ang = skew(v[..., 3:])
    out = np.zeros(v.shape[:-1] + (6, 6))
    out[..., :3, :3] = ang
    out[..., :3, 3:] = lin
    out[..., 3:, 3:] = ang
    return out


def crf(v: np.ndarray) -> np.ndarray:
    """v×* = −(v×)ᵀ (..., 6, 6): the force cross-product matrix."""
    return -np.swapaxes(crm(v), -1, -2)


def _cross(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    a0, a1, a2 = a[..., 0], a[..., 1], a[..., 2]
    b0, b1, b2 = b[..., 0], b[..., 1], b[..., 2]
    return np.stack([a1 * b2 - a2 * b1, a2 * b0 - a0 * b2, a0 * b1 - a1 * b0], axis=-1)


def motion_cross(v: np.ndarray, m: np.ndarray) -> np.ndarray:
    """v × m (..., 6) = [ω × m_v + v × m_ω; ω × m_ω] (no 6x6 matrix formed)."""
    w = v[..., 3:]
    return np.concatenate(
        [_cross(w, m[..., :3]) + _cross(v[..., :3], m[..., 3:]), _cross(w, m[..., 3:])], axis=-1
    )


def force_cross(v: np.ndarray, f: np.ndarray) -> np.ndarray:
    """v ×* f (..., 6) = [ω × f; v × f + ω × n]."""
    if v.ndim == 1 and f.ndim == 1:  # one state: Python floats beat numpy's per-call overhead
        v0, v1, v2, w0, w1, w2 = v.tolist()
        f0, f1, f2, n0, n1, n2 = f.tolist()
        return np.array(
            [
                w1 * f2 - w2 * f1,
                w2 * f0 - w0 * f2,
                w0 * f1 - w1 * f0,
                v1 * f2 - v2 * f1 + w1 * n2 - w2 * n1,
                v2 * f0 - v0 * f2 + w2 * n0 - w0 * n2,
                v0 * f1 - v1 * f0 + w0 * n1 - w1 * n0,
            ]
        )
    w = v[..., 3:]
    return np.concatenate(
        [_cross(w, f[..., :3]), _cross(v[..., :3], f[..., :3]) + _cross(w, f[..., 3:])], axis=-1
    )


def _mv(m: np.ndarray, x: np.ndarray) -> np.ndarray:
    """m x over the last axes (one state: matmul; a batch: einsum, faster on stacked 6x6)."""
    if x.ndim == 1 and m.ndim == 2:
        return m @ x
    return np.einsum("...ij,...j->...i", m, x)


def _mtv(m: np.ndarray, x: np.ndarray) -> np.ndarray:
    """mᵀ x over the last axes."""
    if x.ndim == 1 and m.ndim == 2:
        return x @ m
    return np.einsum("...ji,...j->...i", m, x)


def spatial_inertia(params: np.ndarray) -> np.ndarray:
    """I (..., 6, 6) about the body origin from standard parameters (..., 10)."""
    p = np.asarray(params, dtype=float)
    out = np.zeros(p.shape[:-1] + (6, 6))
    xx, xy, xz, yy, yz, zz = (p[..., i] for i in range(6))
    out[..., 3:, 3:] = np.stack(
        [np.stack([xx, xy, xz], -1), np.stack([xy, yy, yz], -1), np.stack([xz, yz, zz], -1)], -2
    )
    h = skew(p[..., 6:9])
    out[..., :3, 3:] = -h
    out[..., 3:, :3] = h
    out[..., :3, :3] = p[..., 9, None, None] * np.eye(3)
    return out


class FloatingTree:
    """The constant tables of a floating-base tree and its algorithms (see the module docstring).

    Parameters
    ----------
    limb : RobotModel
        The fixed-base tree of the limbs, rooted at the base link.
    root_params : (10,)
        Standard parameters of the base body (root link and the links fixed to it) about the
        base origin, base axes.
    """

    def __init__(self, limb, root_params: np.ndarray):
        self.limb = limb
        self.n = limb.n
        # parent body index in the floating numbering (0 = base)
        self.parent = tuple(int(p) + 1 for p in limb.parents)
        params = np.vstack([np.asarray(root_params, dtype=float)[None], limb.inertial_parameters])
        self.params = params
        self.inertia = spatial_inertia(params)  # (n + 1, 6, 6)
        s = np.zeros((self.n, 6))
        revolute = limb.sigma == REVOLUTE
        s[revolute, 3:] = limb.axes[revolute]
        s[~revolute, :3] = limb.axes[~revolute]
        self.S = s  # (n, 6) motion subspaces
        # (S_j×): v × S_j q̇ = −q̇ (S_j×) v, one matrix-vector product per body
        self.S_cross = crm(s)
        self.armature = np.asarray(limb.armature, dtype=float)
        self.mass = float(params[:, 9].sum())

    # ------------------------------------------------------------------ kinematics
    def transforms(self, qj: np.ndarray) -> np.ndarray:
        """X_i (..., n, 6, 6): motion transforms parent → body i (limb bodies)."""
        rot, pos = joint_transforms(self.limb, qj)
        rt = np.swapaxes(rot, -1, -2)
        x = np.zeros(rot.shape[:-2] + (6, 6))
        x[..., :3, :3] = rt
        x[..., 3:, 3:] = rt
        x[..., :3, 3:] = -rt @ skew(pos)
        return x

    def _gravity_twist(self, r_wb: np.ndarray, batch) -> np.ndarray:
        g = np.zeros(batch + (6,))
        g[..., :3] = np.einsum("...ji,j->...i", r_wb, self.limb.gravity_vector)
        return g

    def velocities(self, x: np.ndarray, v: np.ndarray) -> list[np.ndarray]:
        """Body twists v_i (list of n + 1 arrays (..., 6))."""
        vel = [v[..., :6]]
        for j in range(self.n):
            vel.append(_mv(x[..., j, :, :], vel[self.parent[j]]) + v[..., 6 + j, None] * self.S[j])
        return vel

    # ------------------------------------------------------------------ inverse dynamics
    def rnea(
        self,
        qj: np.ndarray,
        r_wb: np.ndarray,
        v: np.ndarray | None,
        a: np.ndarray | None,
        f_ext: np.ndarray | None = None,
        *,
        gravity: bool = True,
        friction: bool = True,
    ) -> np.ndarray:
        """τ (..., 6 + n) by the recursive Newton-Euler algorithm (RBDA Table 5.1 with the
        base's row as in §9.5): forward pass v_i = X_i v_λ + S_i q̇_i,
        a_i = X_i a_λ + S_i q̈_i + v_i × S_i q̇_i, f_i = I_i a_i + v_i ×* I_i v_i (+ f_ext,i);
        backward pass τ_i = S_iᵀ f_i, f_λ += X_iᵀ f_i; τ[:6] = f_0. ``None`` velocity or
        acceleration means zero."""
        n = self.n
        batch = np.broadcast_shapes(
            qj.shape[:-1], r_wb.shape[:-2], *(np.shape(z)[:-1] for z in (v, a) if z is not None)
        )
        x = self.transforms(qj)
        vv = np.zeros(batch + (6 + n,)) if v is None else np.broadcast_to(v, batch + (6 + n,))
        aa = np.zeros(batch + (6 + n,)) if a is None else np.broadcast_to(a, batch + (6 + n,))
        acc0 = aa[..., :6]
        if gravity:
            acc0 = acc0 - self._gravity_twist(r_wb, batch)
        vel = [vv[..., :6]]
        acc = [acc0]
        for j in range(n):
            p = self.parent[j]
            xj = x[..., j, :, :]
            sq = vv[..., 6 + j, None] * self.S[j]
            vel.append(_mv(xj, vel[p]) + sq)
            acc.append(
                _mv(xj, acc[p])
                + aa[..., 6 + j, None] * self.S[j]
                - vv[..., 6 + j, None] * _mv(self.S_cross[j], vel[-1])
            )
        force = []
        for i in range(n + 1):
            iv = _mv(self.inertia[i], vel[i])
            f = _mv(self.inertia[i], acc[i]) + force_cross(vel[i], iv)
            if f_ext is not None:
                f = f + f_ext[..., i, :]
            force.append(f)
        tau = np.zeros(batch + (6 + n,))
        for j in range(n - 1, -1, -1):
            f = force[j + 1]
            tau[..., 6 + j] = f @ self.S[j]
            p = self.parent[j]
            force[p] = force[p] + _mtv(x[..., j, :, :], f)
        tau[..., :6] = force[0]
        if a is not None:
            tau[..., 6:] += self.armature * aa[..., 6:]
        if friction and v is not None:
            tau[..., 6:] += friction_torques(self.limb, vv[..., 6:])
        return tau

    # ------------------------------------------------------------------ mass matrix
    def composite(self, x: np.ndarray) -> list[np.ndarray]:
        """Composite inertias I^c_i (list of n + 1 arrays (..., 6, 6)), I^c_λ += X_iᵀ I^c_i X_i."""
        # leaves keep the constant (6, 6) inertia: the sums below broadcast over the batch
        comp = [self.inertia[i] for i in range(self.n + 1)]
        for j in range(self.n - 1, -1, -1):
            xj = x[..., j, :, :]
            p = self.parent[j]
            comp[p] = comp[p] + np.swapaxes(xj, -1, -2) @ comp[j + 1] @ xj
        return comp

    def crba(self, qj: np.ndarray) -> np.ndarray:
        """M (..., 6 + n, 6 + n) by the composite-rigid-body algorithm (RBDA Table 6.2, with
        the free-flyer block M[:6, :6] = I^c_0 of §9.5). Rotor inertias on the joint diagonal."""
        n = self.n
        x = self.transforms(qj)
        batch = x.shape[:-3]
        comp = self.composite(x)
        m = np.zeros(batch + (6 + n, 6 + n))
        m[..., :6, :6] = comp[0]
        for j in range(n):
            f = comp[j + 1] @ self.S[j]
            m[..., 6 + j, 6 + j] = f @ self.S[j] + self.armature[j]
            k = j
            while True:
                f = _mtv(x[..., k, :, :], f)
                p = self.parent[k]
                if p == 0:
                    m[..., :6, 6 + j] = f
                    m[..., 6 + j, :6] = f
                    break
                k = p - 1
                m[..., 6 + k, 6 + j] = m[..., 6 + j, 6 + k] = f @ self.S[k]
        return m

    # ------------------------------------------------------------------ forward dynamics
    def aba(
        self,
        qj: np.ndarray,
        r_wb: np.ndarray,
        v: np.ndarray,
        tau: np.ndarray,
        f_ext: np.ndarray | None = None,
        *,
        friction: bool = True,
    ) -> np.ndarray:
        """v̇ (..., 6 + n) by the articulated-body algorithm with a floating base (RBDA Table
        7.1 and §9.5): O(n), no mass matrix.

        Pass 1: v_i, c_i = v_i × S_i q̇_i, I^A_i = I_i, p^A_i = v_i ×* I_i v_i (+ f_ext,i).
        Pass 2 (leaves to base): U_i = I^A_i S_i, D_i = S_iᵀ U_i + Ia_i,
        u_i = τ_i − Γf_i − S_iᵀ p^A_i, I^a = I^A_i − U_i U_iᵀ / D_i,
        p^a = p^A_i + I^a c_i + U_i u_i / D_i, then I^A_λ += X_iᵀ I^a X_i, p^A_λ += X_iᵀ p^a.
        Pass 3: a'_0 = (I^A_0)⁻¹ (τ_0 − p^A_0) (the base is a free body: its articulated inertia
        is invertible), a'_i = X_i a'_λ + c_i, q̈_i = (u_i − U_iᵀ a'_i) / D_i,
        a'_i += S_i q̈_i; v̇[:6] = a'_0 + [Rᵀ g; 0] (a' carries the fictitious −g)."""
        n = self.n
        batch = np.broadcast_shapes(qj.shape[:-1], r_wb.shape[:-2], v.shape[:-1], tau.shape[:-1])
        x = self.transforms(qj)
        v = np.broadcast_to(v, batch + (6 + n,))
        tau = np.broadcast_to(tau, batch + (6 + n,))
        u_tau = tau[..., 6:]
        if friction:
            u_tau = u_tau - friction_torques(self.limb, v[..., 6:])
        vel = [v[..., :6]]
        c = [None]
        for j in range(n):
            sq = v[..., 6 + j, None] * self.S[j]
            vel.append(_mv(x[..., j, :, :], vel[self.parent[j]]) + sq)
            c.append(-v[..., 6 + j, None] * _mv(self.S_cross[j], vel[-1]))
        ia = [self.inertia[i] for i in range(n + 1)]  # broadcast by the sums below
        pa = []
        for i in range(n + 1):
            pa_i = force_cross(vel[i], _mv(self.inertia[i], vel[i]))
            if f_ext is not None:
                pa_i = pa_i + f_ext[..., i, :]
            pa.append(pa_i)
        uu = [None] * n
        dd = [None] * n
        us = [None] * n
        for j in range(n - 1, -1, -1):
            i = j + 1
            s = self.S[j]
            u_vec = ia[i] @ s  # (..., 6)
            d = u_vec @ s + self.armature[j]
            u_s = u_tau[..., j] - pa[i] @ s
            uu[j], dd[j], us[j] = u_vec, d, u_s
            i_a = ia[i] - u_vec[..., :, None] * u_vec[..., None, :] / d[..., None, None]
            p_a = pa[i] + _mv(i_a, c[i]) + u_vec * (u_s / d)[..., None]
            xj = x[..., j, :, :]
            xt = np.swapaxes(xj, -1, -2)
            p = self.parent[j]
            ia[p] = ia[p] + xt @ i_a @ xj
            pa[p] = pa[p] + _mv(xt, p_a)
        out = np.zeros(batch + (6 + n,))
        a0 = np.linalg.solve(ia[0], (tau[..., :6] - pa[0])[..., None])[..., 0]
        acc = [a0]
        for j in range(n):
            i = j + 1
            a_i = _mv(x[..., j, :, :], acc[self.parent[j]]) + c[i]
            qdd = (us[j] - np.einsum("...k,...k->...", uu[j], a_i)) / dd[j]
            out[..., 6 + j] = qdd
            acc.append(a_i + qdd[..., None] * self.S[j])
        out[..., :6] = a0 + self._gravity_twist(r_wb, batch)
        return out

    # ------------------------------------------------------------------ Coriolis matrix
    def coriolis(self, qj: np.ndarray, v: np.ndarray) -> np.ndarray:
        """C(q, v) (..., 6 + n, 6 + n) with C v = the velocity-product forces and Ṁ − 2C skew.

        With J_i the body Jacobian of body i in its own axes (v_i = J_i v; J_i = X_i J_λ + S_i e_i,
        J_0 = [1₆ 0]) and J̇_i = X_i J̇_λ − (S_i q̇_i)× X_i J_λ its time derivative,

            C = Σ_i J_iᵀ (I_i J̇_i + B_i J_i),   B_i = ½ (v_i ×* I_i + I_i v_i× + (I_i v_i)×̄),

        where (h)×̄ u = u ×* h. B_i v_i = v_i ×* I_i v_i and B_i is skew, so Ṁ − 2C =
        Σ (J̇ᵀ I J − Jᵀ I J̇) − 2 Jᵀ B J is skew (the body-axes form of the factorisation of
        Echeandia & Wensing, 2021, which Pinocchio's computeCoriolisMatrix implements)."""
        n = self.n
        nv = 6 + n
        batch = np.broadcast_shapes(qj.shape[:-1], v.shape[:-1])
        x = np.broadcast_to(self.transforms(qj), batch + (n, 6, 6))
        v = np.broadcast_to(v, batch + (nv,))
        jac0 = np.zeros(batch + (6, nv))
        jac0[..., :, :6] = np.eye(6)
        jac = [jac0]
        jdot = [np.zeros(batch + (6, nv))]
        vel = [v[..., :6]]
        for j in range(n):
            xj = x[..., j, :, :]
            p = self.parent[j]
            sq = v[..., 6 + j, None] * self.S[j]
            xjp = xj @ jac[p]
            jj = xjp.copy()
            jj[..., :, 6 + j] += self.S[j]
            jac.append(jj)
            jdot.append(xj @ jdot[p] - crm(sq) @ xjp)
            vel.append(_mv(xj, vel[p]) + sq)
        out = np.zeros(batch + (nv, nv))
        for i in range(n + 1):
            inertia = self.inertia[i]
            h = _mv(inertia, vel[i])
            bar = _bar(h)
            b = 0.5 * (crf(vel[i]) @ inertia + inertia @ crm(vel[i]) + bar)
            out = out + np.swapaxes(jac[i], -1, -2) @ (inertia @ jdot[i] + b @ jac[i])
        return out

    # ------------------------------------------------------------------ energies and momentum
    def kinetic_energy(self, qj: np.ndarray, v: np.ndarray) -> np.ndarray:
        """½ Σ v_iᵀ I_i v_i + ½ Σ Ia q̇² (J)."""
        x = self.transforms(qj)
        batch = np.broadcast_shapes(qj.shape[:-1], v.shape[:-1])
        v = np.broadcast_to(v, batch + (6 + self.n,))
        vel = self.velocities(x, v)
        e = 0.5 * np.sum(self.armature * v[..., 6:] ** 2, axis=-1)
        for i in range(self.n + 1):
            e = e + 0.5 * np.einsum("...i,ij,...j->...", vel[i], self.inertia[i], vel[i])
        return e


def _bar(h: np.ndarray) -> np.ndarray:
    """(h)×̄ (..., 6, 6) with (h)×̄ u = u ×* h, for a wrench h = [f; n]:
    [[0, −[f]×], [−[f]×, −[n]×]] (skew-symmetric)."""
    f = skew(h[..., :3])
    out = np.zeros(h.shape[:-1] + (6, 6))
    out[..., :3, 3:] = -f
    out[..., 3:, :3] = -f
    out[..., 3:, 3:] = -skew(h[..., 3:])
    return out
