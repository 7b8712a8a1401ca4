"""Virtual links and relative-spin terms of a geared mechanism (Chen & Wang 1998, Sec. 5;
note ``seed-002-geared.md`` §1.5-§1.7).

A secondary link j (axisymmetric about e_j, centre of mass on the axis, carried by link i) has
angular velocity ω_j = ω_i + s_j e_j with s_j = b_jᵀ v its spin relative to the carrier
(Chen & Wang (11)). Its kinetic energy splits exactly (Chen & Wang (14), note §1.6)::

    T_j = [T of j welded to i]  +  I_j s_j (e_j · ω_i) + ½ I_j s_j²

Virtual links (note §1.5)
-------------------------
The first part is j merged into i: the virtual link i* = i + every secondary link it carries,
with j's **full** tensor I_axial e eᵀ + I_transverse (1 − e eᵀ) about its centre of mass
(leaving the axial part out is the classic bug: I_j a_j a_jᵀ belongs to M_v). Links carried by
the fixed base drop out of G_v. :func:`merge_secondary` returns that virtual tree as a
:class:`~modyn_model.model.RobotModel`, so M_v, C_v and g come from the existing CRBA/RNEA
(Chen & Wang (13); gravity is ours, the paper has none).

Relative-spin terms (Chen & Wang (14)-(21) in the compact form of note §1.6)
-------------------------------------------------------------------------------
With Jω_i(q) the carrier's angular Jacobian (world axes), e_j(q) = R_i e_j and
a_j = Jω_iᵀ e_j (so e_j·ω_i = a_jᵀ v; a_{j,k} = ^ie_j·^iz_{k−1} of the paper)::

    M_j = I_j (b_j b_jᵀ + a_j b_jᵀ + b_j a_jᵀ)                         Chen & Wang (18a-d)
    C_j v = I_j [ b_j (e_j · J̇ω_i v) + s_j Jω_iᵀ (ω_i × e_j) ]         gyrostat form, note §1.6

(the rotor's axial momentum rate reflected through b_j, and the relative spin momentum
h_j = I_j s_j e_j turning with the carrier: ḣ = I_j ṡ_j e_j + ω_i × h_j, carried by the carrier's
joints). A base-carried rotor has a_j = 0: M_j = I_j b_j b_jᵀ, C_j = 0 (Chen & Wang (31)-(33)).
M_s = Σ M_j, C_s = Σ C_j (Chen & Wang (21)), and (M_v + M_s) Θ̈ + C_v + C_s + g = A ξ (23).

The Christoffel-consistent matrix (note §1.7, Ṁ − 2C skew): with
D_j[r, h] = ∂a_{j,r}/∂q_h = e_j·(z_r × z_h) for joint r a strict ancestor of joint h, both
turning the carrier (0 otherwise; Table 2(b) of the paper, note §1.3)::

    C_j = ½ I_j [ b (Dv)ᵀ + (Dv) bᵀ + b (Dᵀv)ᵀ + s D − (Dᵀv) bᵀ − s Dᵀ ]

whose product with v is the compact form C_j v = I_j [(vᵀ D v) b + s (D − Dᵀ) v] (Chen & Wang
(19)-(20): the symmetric C_{j/i,r} are the Christoffel symbols of M_j).
"""

from __future__ import annotations

import numpy as np

from ...inertia import standard_parameters, transform_parameters
from ...kinematics import _cross, forward_kinematics
from .transmission import Transmission, TransmissionStructure

__all__ = ["merge_secondary", "RotorTerms", "rotor_terms"]


def merge_secondary(robot, transmission: Transmission):
    """The virtual tree (note §1.5): ``robot`` with every secondary link of ``transmission``
    rigidly merged into its carrier (mass, first moment and full inertia tensor, in the body
    frame of the carrier link); those carried by the fixed base are dropped (they never move).

    Parameters
    ----------
    robot : RobotModel
        The primary links (URDF tree).
    transmission : Transmission

    Returns
    -------
    RobotModel
        Same kinematics, joint extras and gravity; virtual-link inertial parameters.
    """
    params = np.array(robot.inertial_parameters, dtype=float)
    for s in transmission.secondary_links:
        frame = robot.frame(s.carrier)
        if frame.body < 0:  # carried by the base: no contribution to G_v (note §1.5)
            continue
        # about the carrier link's origin in its axes, then into the moving body's frame
        local = standard_parameters(s.mass, s.origin, s.inertia_com())
        params[frame.body] += transform_parameters(local, frame.rotation, frame.translation)
    return robot.with_parameters(inertial_parameters=params)


def _outer(a, b):
    return a[..., :, None] * b[..., None, :]


class RotorTerms:
    """M_s, C_s v and the Christoffel C_s matrix of every secondary link (module docstring),
    batched over leading axes of q and v, from one forward-kinematics pass of the tree.

    With z_k the world axis of revolute joint k (0 for a prismatic one) and S_j the joints
    moving rotor j's carrier (its chain), Jω_i = [S_{j,k} z_k]_k; the carrier's angular velocity
    is ω_i = Σ_k S_{j,k} v_k z_k and, each axis turning with the body before it
    (ż_k = ω_{parent(k)} × z_k), J̇ω_i v = Σ_k S_{j,k} v_k ż_k.

    Parameters
    ----------
    robot : RobotModel
        The virtual (or primary: same kinematics) tree.
    transmission : Transmission
    structure : TransmissionStructure
        Its :func:`~.transmission.analyse` result (the b_j).
    """

    def __init__(self, robot, transmission: Transmission, structure: TransmissionStructure):
        self.robot = robot
        n = robot.nv
        self.n = n
        # strict ancestry of the joints: anc[r, h] = joint r is before joint h on h's chain
        anc = np.zeros((n, n), dtype=bool)
        for h in range(n):
            r = int(robot.parents[h])
            while r >= 0:
                anc[r, h] = True
                r = int(robot.parents[r])
        self.ancestor = anc
        self.ancestor_t = np.ascontiguousarray(anc.T, dtype=float)
        support = anc.T | np.eye(n, dtype=bool)  # support[j, k]: joint k moves body j
        const = np.zeros((n, n))
        axes, inertia, coeff, chains = [], [], [], []
        for s in transmission.secondary_links:
            if s.I_axial == 0.0:
                continue
            b = np.array(structure.b(s.name))
            const += s.I_axial * np.outer(b, b)  # the b bᵀ part, constant (Chen & Wang (18d))
            frame = robot.frame(s.carrier)
            if frame.body < 0:  # Chen & Wang (31), (32): a_j = 0, C_j = 0
                continue
            axes.append(frame.rotation @ s.axis)  # e_j in the carrier body's frame
            inertia.append(s.I_axial)
            coeff.append(b)
            chains.append((frame.body, support[frame.body]))
        const.flags.writeable = False
        self.constant_mass = const
        k = len(axes)
        self.body = np.array([c[0] for c in chains], dtype=int)
        self.axes = np.array(axes).reshape(k, 3)
        self.inertia = np.array(inertia)
        self.B = np.array(coeff).reshape(k, n)
        self.IB = self.inertia[:, None] * self.B
        self.S = np.array([c[1] for c in chains], dtype=float).reshape(k, n)
        self.D_mask = self.S[:, :, None] * self.S[:, None, :] * anc  # (k, n, n)
        self.revolute = (np.asarray(robot.sigma) == 0).astype(float)
        self._last = None  # (q bytes, geometry) of the last single configuration
        # the single-state bias in Python floats (:meth:`_bias_one`): parents, each rotor's
        # (body, I, b, chain)
        self._parents = [int(p) for p in robot.parents]
        self._rotors_one = [
            (
                int(self.body[j]),
                float(self.inertia[j]),
                self.B[j].tolist(),
                np.flatnonzero(self.S[j]).tolist(),
            )
            for j in range(k)
        ]

    # ------------------------------------------------------------------ geometry
    def _geometry(self, q):
        """(z (..., n, 3), e_j world (..., k, 3), a (..., k, n)) at q; for one configuration
        the last one's is reused (and M_s appended to it by :meth:`mass`)."""
        single = q.ndim == 1
        if single:
            hit = self._last
            if hit is not None and hit[0] == q.tobytes():
                return hit[1]
        o_rot, _ = forward_kinematics(self.robot, q)
        z = np.einsum("...jab,jb->...ja", o_rot, self.robot.axes) * self.revolute[:, None]
        ew = np.einsum("...kab,kb->...ka", o_rot[..., self.body, :, :], self.axes)
        a = self.S * np.einsum("...ka,...na->...kn", ew, z)  # a_j = Jω_iᵀ e_j
        geo = (z, ew, a)
        if single:
            self._last = (q.tobytes(), geo)
        return geo

    def mass(self, q) -> np.ndarray:
        """M_s(q) (..., n, n) (kg·m²): Σ I_j (b bᵀ + a bᵀ + b aᵀ), Chen & Wang (18), (21)."""
        q = np.asarray(q, dtype=float)
        if not len(self.inertia):
            return np.broadcast_to(self.constant_mass, q.shape[:-1] + (self.n, self.n)).copy()
        geo = self._geometry(q)
        if len(geo) == 4:  # one configuration, M_s already kept with its geometry
            return geo[3]
        cross = np.einsum("...kn,km->...nm", geo[2], self.IB)
        ms = self.constant_mass + cross + np.swapaxes(cross, -1, -2)
        if q.ndim == 1:  # keep it with the geometry of q (one tuple: thread-consistent)
            ms.flags.writeable = False
            self._last = (q.tobytes(), geo + (ms,))
        return ms

    def bias(self, q, v) -> np.ndarray:
        """C_s(q, v) = C_s v (..., n) (N·m), the gyrostat form of note §1.6."""
        q = np.asarray(q, dtype=float)
        v = np.asarray(v, dtype=float)
        shape = np.broadcast_shapes(q.shape[:-1], v.shape[:-1])
        if not len(self.inertia):
            return np.zeros(shape + (self.n,))
        z, ew = self._geometry(q)[:2]
        if q.ndim == 1 and v.ndim == 1:
            return self._bias_one(z, ew, v)
        u = v[..., :, None] * z  # v_k z_k (..., n, 3)
        zdot = _cross(self.ancestor_t @ u, z)  # ż_k = ω_parent(k) × z_k
        w = self.S @ u  # ω_i of each rotor's carrier (..., k, 3)
        jdv = self.S @ (v[..., :, None] * zdot)  # J̇ω_i v (..., k, 3)
        axial = np.sum(ew * jdv, axis=-1)  # e_j · J̇ω_i v (..., k)
        gyro = _cross(w, ew)  # ω_i × e_j
        jtg = self.S * (gyro @ np.swapaxes(z, -1, -2))  # Jω_iᵀ (ω_i × e_j) (..., k, n)
        s = v @ self.B.T  # relative spins s_j (..., k)
        out = (self.inertia * axial) @ self.B
        out = out + ((self.inertia * s)[..., None, :] @ jtg)[..., 0, :]
        return np.broadcast_to(out, shape + (self.n,))

    def _bias_one(self, z, ew, v) -> np.ndarray:
        """:meth:`bias` at one state in Python floats (the control tick's case: a few dozen
        numpy calls on 3-vectors cost more than the arithmetic). Same formulas: ω and J̇ω v
        accumulate along the tree, ω_j = ω_p + v_j z_j, (J̇ω v)_j = (J̇ω v)_p + v_j ω_p × z_j."""
        zl, el, vl = z.tolist(), ew.tolist(), v.tolist()
        n = self.n
        w_body, jd_body = [], []
        for j, p in enumerate(self._parents):
            zx, zy, zz = zl[j]
            vj = vl[j]
            if p < 0:
                w_body.append((vj * zx, vj * zy, vj * zz))
                jd_body.append((0.0, 0.0, 0.0))
                continue
            wx, wy, wz = w_body[p]
            dx, dy, dz = jd_body[p]
            w_body.append((wx + vj * zx, wy + vj * zy, wz + vj * zz))
            jd_body.append(
                (
                    dx + vj * (wy * zz - wz * zy),
                    dy + vj * (wz * zx - wx * zz),
                    dz + vj * (wx * zy - wy * zx),
                )
            )
        out = [0.0] * n
        for (body, inertia, b, chain), (ex, ey, ez) in zip(self._rotors_one, el, strict=True):
            wx, wy, wz = w_body[body]
            dx, dy, dz = jd_body[body]
            axial = inertia * (ex * dx + ey * dy + ez * dz)  # I e·J̇ω v
            s = inertia * sum(bi * vi for bi, vi in zip(b, vl, strict=True))  # I s_j
            gx, gy, gz = wy * ez - wz * ey, wz * ex - wx * ez, wx * ey - wy * ex  # ω × e
            for r in range(n):
                out[r] += axial * b[r]
            for r in chain:
                zx, zy, zz = zl[r]
                out[r] += s * (zx * gx + zy * gy + zz * gz)
        return np.array(out)

    def coriolis(self, q, v) -> np.ndarray:
        """The Christoffel C_s matrix (..., n, n) (N·m·s/rad): C_s v = :meth:`bias`,
        Ṁ_s − 2 C_s skew (module docstring)."""
        q = np.asarray(q, dtype=float)
        v = np.asarray(v, dtype=float)
        shape = np.broadcast_shapes(q.shape[:-1], v.shape[:-1])
        if not len(self.inertia):
            return np.zeros(shape + (self.n, self.n))
        z, ew = self._geometry(q)[:2]
        v = np.broadcast_to(v, shape + (self.n,))
        # D_j[r, h] = e_j·(z_r × z_h) = (e_j × z_r)·z_h, r a strict ancestor of h, both moving i
        cr = np.cross(ew[..., :, None, :], z[..., None, :, :])  # (..., k, n, 3)
        d = np.einsum("...kra,...ha->...krh", cr, z) * self.D_mask
        dv = np.einsum("...krh,...h->...kr", d, v)
        dtv = np.einsum("...krh,...r->...kh", d, v)
        s = np.einsum("kn,...n->...k", self.B, v)[..., None, None]
        b = np.broadcast_to(self.B, dv.shape)
        per = (
            _outer(b, dv)
            + _outer(dv, b)
            + _outer(b, dtv)
            - _outer(dtv, b)
            + s * (d - np.swapaxes(d, -1, -2))
        )
        return 0.5 * np.einsum("k,...knm->...nm", self.inertia, per)


def rotor_terms(robot, transmission: Transmission, structure: TransmissionStructure, q, v):
    """(M_s (..., n, n), C_s v (..., n)) at (q, v): the relative-spin contribution of every
    secondary link, Chen & Wang (21) (a convenience over :class:`RotorTerms`)."""
    terms = RotorTerms(robot, transmission, structure)
    return terms.mass(q), terms.bias(q, v)
