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
    batched over leading axes of q and v.

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
        const = np.zeros((n, n))
        moving: dict[str, list[tuple[np.ndarray, float, np.ndarray]]] = {}
        for s in transmission.secondary_links:
            if s.I_axial == 0.0:
                continue
            b = np.array(structure.b(s.name))
            if robot.frame(s.carrier).body < 0:
                const += s.I_axial * np.outer(b, b)  # Chen & Wang (31), (32): a_j = 0
            else:
                moving.setdefault(s.carrier, []).append((np.array(s.axis), s.I_axial, b))
        const.flags.writeable = False
        self.constant_mass = const
        # per carrier frame: E (k, 3) axes in the frame, I (k,), B (k, n)
        self.carriers = tuple(
            (
                frame,
                np.array([e for e, _, _ in rot]),
                np.array([i for _, i, _ in rot]),
                np.array([b for _, _, b in rot]),
            )
            for frame, rot in moving.items()
        )
        # strict ancestry of the joints: anc[r, h] = joint r is before joint h on h's chain
        anc = np.zeros((n, n), dtype=bool)
        for h in range(n):
            r = int(robot.parents[h])
            while r >= 0:
                anc[r, h] = True
                r = int(robot.parents[r])
        self.ancestor = anc

    # ------------------------------------------------------------------ geometry per carrier
    def _axes(self, q, frame, e):
        """(e_world (..., k, 3), Jω (..., 3, n)) of the rotors on ``frame``."""
        pose = self.robot.frame_placement(q, frame)
        jw = self.robot.frame_jacobian(q, frame)[..., 3:, :]
        return np.einsum("...ab,kb->...ka", pose[..., :3, :3], e), jw

    def mass(self, q) -> np.ndarray:
        """M_s(q) (..., n, n) (kg·m²): Σ I_j (b bᵀ + a bᵀ + b aᵀ), Chen & Wang (18), (21)."""
        q = np.asarray(q, dtype=float)
        out = np.broadcast_to(self.constant_mass, q.shape[:-1] + (self.n, self.n)).copy()
        for frame, e, inertia, b in self.carriers:
            ew, jw = self._axes(q, frame, e)
            a = np.einsum("...an,...ka->...kn", jw, ew)  # a_j = Jωᵀ e_j (..., k, n)
            ib = inertia[:, None] * b  # (k, n)
            out += np.einsum("kn,km->nm", ib, b)
            cross = np.einsum("...kn,km->...nm", a, ib)
            out += cross + np.swapaxes(cross, -1, -2)
        return out

    def bias(self, q, v) -> np.ndarray:
        """C_s(q, v) = C_s v (..., n) (N·m), the gyrostat form of note §1.6."""
        q = np.asarray(q, dtype=float)
        v = np.asarray(v, dtype=float)
        shape = np.broadcast_shapes(q.shape[:-1], v.shape[:-1])
        out = np.zeros(shape + (self.n,))
        for frame, e, inertia, b in self.carriers:
            pose, jac, jdv = self.robot.frame_motion(q, v, frame)
            jw = jac[..., 3:, :]
            ew = np.einsum("...ab,kb->...ka", pose[..., :3, :3], e)  # (..., k, 3)
            w = np.einsum("...an,...n->...a", jw, v)  # ω_i
            s = np.einsum("kn,...n->...k", b, v)  # relative spins s_j
            axial = np.einsum("...ka,...a->...k", ew, jdv[..., 3:])  # e_j · J̇ω v
            gyro = np.cross(w[..., None, :], ew)  # ω_i × e_j (..., k, 3)
            out += np.einsum("k,...k,kn->...n", inertia, axial, b)
            out += np.einsum("k,...k,...an,...ka->...n", inertia, s, jw, gyro)
        return out

    def coriolis(self, q, v) -> np.ndarray:
        """The Christoffel C_s matrix (..., n, n) (N·m·s/rad): C_s v = :meth:`bias`,
        Ṁ_s − 2 C_s skew (module docstring)."""
        q = np.asarray(q, dtype=float)
        v = np.asarray(v, dtype=float)
        shape = np.broadcast_shapes(q.shape[:-1], v.shape[:-1])
        out = np.zeros(shape + (self.n, self.n))
        v = np.broadcast_to(v, shape + (self.n,))
        for frame, e, inertia, b in self.carriers:
            ew, jw = self._axes(q, frame, e)
            z = np.swapaxes(jw, -1, -2)  # (..., n, 3): z_r of the carrier's revolute joints
            for k in range(len(inertia)):
                # D[r, h] = e·(z_r × z_h) = (e × z_r)·z_h for r a strict ancestor of h
                d = np.einsum("...ra,...ha->...rh", np.cross(ew[..., None, k, :], z), z)
                d = np.where(self.ancestor, d, 0.0)
                dv = np.einsum("...rh,...h->...r", d, v)
                dtv = np.einsum("...rh,...r->...h", d, v)
                s = (v @ b[k])[..., None, None]
                bk = np.broadcast_to(b[k], dv.shape)
                out += (
                    0.5
                    * inertia[k]
                    * (
                        _outer(bk, dv)
                        + _outer(dv, bk)
                        + _outer(bk, dtv)
                        - _outer(dtv, bk)
                        + s * (d - np.swapaxes(d, -1, -2))
                    )
                )
        return out


def rotor_terms(robot, transmission: Transmission, structure: TransmissionStructure, q, v):
    """(M_s (..., n, n), C_s v (..., n)) at (q, v): the relative-spin contribution of every
    secondary link, Chen & Wang (21) (a convenience over :class:`RotorTerms`)."""
    terms = RotorTerms(robot, transmission, structure)
    return terms.mass(q), terms.bias(q, v)
