"""The Stewart platform as a generic multibody model: an independent cross-check of the
generalized-momentum (GM) model of this package.

Nothing here uses the GM equations. The platform is written as a URDF tree and closed with
loop-closure constraints; its dynamics are then those of modyn's generic machinery
(:class:`~modyn_model.model.RobotModel`'s Newton-Euler recursion and
:class:`~modyn_model.constraints.ConstrainedModel`'s constrained solvers).

The tree (generated URDF text, :func:`stewart_urdf`)
----------------------------------------------------
- The platform on a chain of six joints from the base: ``platform_x``, ``platform_y``,
  ``platform_z`` (prismatic along the base x, y, z axes), then ``platform_yaw`` (revolute about
  z), ``platform_pitch`` (about the rotated y′) and ``platform_roll`` (about x″). Its six
  coordinates are therefore exactly the pose x = [x, y, z, ψ, θ, φ] (R = Rz(ψ) Ry(θ) Rx(φ),
  intrinsic Z-Y′-X″) and its six velocities exactly ẋ. The five intermediate links are
  massless; the last one, ``platform``, has its origin at the platform CoM, mass m_P and
  inertia I_P (in {P}). Fixed child frames ``platform_p<i>`` sit at the joint points ᴾp_i.
- Per leg i (1..6), from the base: a universal joint at B_i = revolute ``leg<i>_u1`` about the
  base z axis (angle α_i), then revolute ``leg<i>_u2`` about the rotated y axis (angle β_i);
  the link ``leg<i>_cylinder`` then has its x axis along the leg, x = Rz(α) Ry(β) e_x =
  [cα cβ, sα cβ, −sβ], its y axis horizontal (Rz(α) e_y) and z = x × y with a positive z
  component: the paper's frame {C_i} (note §4.7, eqs. 49-52). Its CoM is at b_C along x, its
  inertia diag(I_Cxx, I_Cyy, I_Czz) in those axes. The prismatic joint ``leg<i>`` (the actuator,
  coordinate l_i) moves ``leg<i>_piston`` along x; the piston's origin is at B_i + l_i x = P_i,
  its CoM at −b_S along x, its inertia diag(I_S) in the same axes.
- Six spherical joints as :class:`~modyn_model.constraints.LoopClosure` point constraints
  (``leg<i>_spherical``, 3 rows each): the origin of ``leg<i>_piston`` on the origin of
  ``platform_p<i>``. Tree: nq = nv = 6 + 6·3 = 24, 18 constraint rows, 6 degrees of freedom.

A real universal joint lets the leg spin about its axis as it swings (note §6.10): this tree
has that spin, the paper's model (``leg_spin="none"``) does not. With leg inertias whose axial
moment is zero and the other two equal (Table 2), the spin carries no kinetic energy and both
agree; otherwise the tree is the reference for ``leg_spin="universal"``.

State map (:func:`tree_state`)
------------------------------
From the platform's (x, ẋ, ẍ): R, ω = J_A ẋ_o, α = J_A ẍ_o + J̇_A ẋ_o (note §3), then per leg the
vector l = x_pos + R ᴾp − b and its first two derivatives (l̇ = v + ω × p,
l̈ = a + α × p + ω × (ω × p), p = R ᴾp), and the leg's coordinates as spherical coordinates of
l, with ρ = √(l_x² + l_y²), l = |l|:

    α = atan2(l_y, l_x),  β = atan2(−l_z, ρ),  l = |l|
    α̇ = (l_x l̇_y − l_y l̇_x)/ρ²,   ρ̇ = (l_x l̇_x + l_y l̇_y)/ρ,
    β̇ = (l_z ρ̇ − ρ l̇_z)/l²,       l̇ = l̂ · l̇
    α̈ = (l_x l̈_y − l_y l̈_x)/ρ² − 2 α̇ ρ̇/ρ,   ρ̈ = (l̇_x² + l̇_y² + l_x l̈_x + l_y l̈_y − ρ̇²)/ρ,
    β̈ = (l_z ρ̈ − ρ l̈_z)/l² − 2 β̇ l̇/l,        l̈ = (|l̇|² + l·l̈ − l̇²)/l

(singular for a vertical leg, ρ = 0, the universal joint's own singularity). The tests check
the constraint residuals φ, J v and J v̇ + J̇ v of this map against the ConstrainedModel's rows.

Dynamics
--------
Inverse (:meth:`StewartMultibody.leg_forces`): Γ = M(q) v̇ + h(q, v) of the tree, then
Sᵀ u + J_cᵀ λ = Γ with only the six prismatic joints actuated (the U joints and the platform
chain unactuated): ``ConstrainedModel.constrained_inverse_dynamics(..., method="subset")``,
which projects on the null space N of J_c: (Nᵀ Sᵀ) u = Nᵀ Γ (6 × 6, unique here).
Forward (:meth:`StewartMultibody.platform_acceleration`): τ_tree = Sᵀ τ, the KKT system
[[M, −J_cᵀ], [J_c, 0]] [v̇; λ] = [τ_tree − h; −J̇_c v] (Baumgarte gains 0: the state from
:func:`tree_state` satisfies the constraints), and ẍ = the platform chain's part of v̇.

Parameters are any object with the attributes of ``StewartParameters`` (``base_points``,
``platform_points``, ``platform_mass``, ``platform_inertia``, ``cylinder_mass``,
``cylinder_com``, ``cylinder_inertia``, ``piston_mass``, ``piston_com``, ``piston_inertia``,
``gravity``; per-leg values as arrays of 6 or scalars, inertias as (6, 3) or (3,) principal
moments [axial, yy, zz]). Units SI: m, kg, kg·m², N, rad.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ...constraints import ConstrainedModel, LoopClosure
from ...errors import ModelError
from ...model import RobotModel

__all__ = [
    "PLATFORM_JOINTS",
    "StewartMultibody",
    "build_multibody",
    "stewart_urdf",
    "tree_state",
]

#: the platform chain's joints, in the order of the pose x
PLATFORM_JOINTS = (
    "platform_x",
    "platform_y",
    "platform_z",
    "platform_yaw",
    "platform_pitch",
    "platform_roll",
)
_PLATFORM_AXES = ("1 0 0", "0 1 0", "0 0 1", "0 0 1", "0 1 0", "1 0 0")
_PLATFORM_TYPES = ("prismatic",) * 3 + ("revolute",) * 3
_NO_LIMIT = '<limit lower="-1e6" upper="1e6" effort="1e12" velocity="1e12"/>'


@dataclass(frozen=True)
class _Arrays:
    """The parameters as plain arrays (per-leg values broadcast to 6)."""

    base_points: np.ndarray  # (6, 3) m
    platform_points: np.ndarray  # (6, 3) m, in {P}
    platform_mass: float
    platform_inertia: np.ndarray  # (3, 3) kg m², {P} axes, about the CoM
    cylinder_mass: np.ndarray  # (6,)
    cylinder_com: np.ndarray  # (6,) m from B_i along the leg
    cylinder_inertia: np.ndarray  # (6, 3) principal [axial, yy, zz]
    piston_mass: np.ndarray
    piston_com: np.ndarray  # (6,) m from P_i back along the leg
    piston_inertia: np.ndarray
    gravity: np.ndarray  # (3,) m/s²


def _arrays(params) -> _Arrays:
    def per_leg(name: str, shape: tuple[int, ...]) -> np.ndarray:
        value = np.asarray(getattr(params, name), dtype=float)
        try:
            return np.broadcast_to(value, (6,) + shape).copy()
        except ValueError:
            raise ModelError(
                f"Stewart parameters: {name} must be {shape or 'a scalar'} or 6 of them, "
                f"got shape {value.shape}"
            ) from None

    inertia = np.asarray(params.platform_inertia, dtype=float)
    if inertia.shape == (3,):
        inertia = np.diag(inertia)
    out = _Arrays(
        base_points=per_leg("base_points", (3,)),
        platform_points=per_leg("platform_points", (3,)),
        platform_mass=float(params.platform_mass),
        platform_inertia=inertia,
        cylinder_mass=per_leg("cylinder_mass", ()),
        cylinder_com=per_leg("cylinder_com", ()),
        cylinder_inertia=per_leg("cylinder_inertia", (3,)),
        piston_mass=per_leg("piston_mass", ()),
        piston_com=per_leg("piston_com", ()),
        piston_inertia=per_leg("piston_inertia", (3,)),
        gravity=np.asarray(getattr(params, "gravity", (0.0, 0.0, -9.81)), dtype=float),
    )
    if out.platform_inertia.shape != (3, 3) or out.gravity.shape != (3,):
        raise ModelError(
            "Stewart parameters: platform_inertia must be (3,) or (3, 3) and gravity (3,), got "
            f"{out.platform_inertia.shape} and {out.gravity.shape}"
        )
    return out


def _num(x: float) -> str:
    return repr(float(x))  # shortest round-trip repr: the URDF keeps every bit


def _vec(v) -> str:
    return " ".join(_num(x) for x in v)


def _inertial(mass: float, com, inertia: np.ndarray) -> str:
    i = inertia
    return (
        f'<inertial><origin xyz="{_vec(com)}" rpy="0 0 0"/><mass value="{_num(mass)}"/>'
        f'<inertia ixx="{_num(i[0, 0])}" ixy="{_num(i[0, 1])}" ixz="{_num(i[0, 2])}" '
        f'iyy="{_num(i[1, 1])}" iyz="{_num(i[1, 2])}" izz="{_num(i[2, 2])}"/></inertial>'
    )


def _joint(name: str, kind: str, parent: str, child: str, xyz="0 0 0", axis=None) -> str:
    # a moving joint must have <limit> in URDF (urdfdom refuses it otherwise): wide ones, this
    # model is for dynamics only and nothing here checks limits
    ax = "" if axis is None else f'<axis xyz="{axis}"/>{_NO_LIMIT}'
    return (
        f'<joint name="{name}" type="{kind}"><parent link="{parent}"/><child link="{child}"/>'
        f'<origin xyz="{xyz}" rpy="0 0 0"/>{ax}</joint>'
    )


def stewart_urdf(params, name: str = "stewart_multibody") -> str:
    """URDF text of the open tree (platform chain + 12 leg bodies; module docstring).

    Parameters
    ----------
    params : StewartParameters or an object with its attributes
    name : str
        The robot name.

    Returns
    -------
    str
        The URDF XML (numbers written with full double precision).
    """
    p = _arrays(params)
    lines = [f'<robot name="{name}">', '<link name="base"/>']
    parent = "base"
    for k, (joint, kind, axis) in enumerate(
        zip(PLATFORM_JOINTS, _PLATFORM_TYPES, _PLATFORM_AXES, strict=True)
    ):
        child = "platform" if k == 5 else f"{joint}_link"
        lines.append(_joint(joint, kind, parent, child, axis=axis))
        if k == 5:
            lines.append(
                f'<link name="platform">{_inertial(p.platform_mass, (0, 0, 0), p.platform_inertia)}'
                "</link>"
            )
        else:
            lines.append(f'<link name="{child}"/>')
        parent = child
    for i in range(6):
        n = i + 1
        lines.append(f'<link name="platform_p{n}"/>')
        lines.append(
            _joint(
                f"platform_p{n}_fixed",
                "fixed",
                "platform",
                f"platform_p{n}",
                xyz=_vec(p.platform_points[i]),
            )
        )
        cyl = np.diag(p.cylinder_inertia[i])
        pis = np.diag(p.piston_inertia[i])
        lines += [
            _joint(
                f"leg{n}_u1",
                "revolute",
                "base",
                f"leg{n}_yoke",
                xyz=_vec(p.base_points[i]),
                axis="0 0 1",
            ),
            f'<link name="leg{n}_yoke"/>',
            _joint(f"leg{n}_u2", "revolute", f"leg{n}_yoke", f"leg{n}_cylinder", axis="0 1 0"),
            f'<link name="leg{n}_cylinder">'
            f"{_inertial(p.cylinder_mass[i], (p.cylinder_com[i], 0, 0), cyl)}</link>",
            _joint(f"leg{n}", "prismatic", f"leg{n}_cylinder", f"leg{n}_piston", axis="1 0 0"),
            f'<link name="leg{n}_piston">'
            f"{_inertial(p.piston_mass[i], (-p.piston_com[i], 0, 0), pis)}</link>",
        ]
    lines.append("</robot>")
    return "\n".join(lines)


def _cross(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    a0, a1, a2 = a[..., 0], a[..., 1], a[..., 2]
    b0, b1, b2 = b[..., 0], b[..., 1], b[..., 2]
    return np.stack((a1 * b2 - a2 * b1, a2 * b0 - a0 * b2, a0 * b1 - a1 * b0), axis=-1)


def _platform_motion(x: np.ndarray, xd: np.ndarray, xdd: np.ndarray):
    """(R (..., 3, 3), ω (..., 3), α (..., 3)) of the Z-Y′-X″ Euler pose (note §3, eqs. 4, 8, 9)."""
    psi, th, ph = x[..., 3], x[..., 4], x[..., 5]
    cps, cth, cph = np.cos(psi), np.cos(th), np.cos(ph)
    sps, sth, sph = np.sin(psi), np.sin(th), np.sin(ph)
    rot = np.empty(x.shape[:-1] + (3, 3))
    rot[..., 0, 0] = cps * cth
    rot[..., 0, 1] = cps * sth * sph - sps * cph
    rot[..., 0, 2] = cps * sth * cph + sps * sph
    rot[..., 1, 0] = sps * cth
    rot[..., 1, 1] = sps * sth * sph + cps * cph
    rot[..., 1, 2] = sps * sth * cph - cps * sph
    rot[..., 2, 0] = -sth
    rot[..., 2, 1] = cth * sph
    rot[..., 2, 2] = cth * cph
    dps, dth, dph = xd[..., 3], xd[..., 4], xd[..., 5]
    # ω = e_z ψ̇ + Rz(ψ) e_y θ̇ + Rz(ψ) Ry(θ) e_x φ̇ (the columns of J_A)
    col1 = np.stack((-sps, cps, np.zeros_like(psi)), axis=-1)
    col2 = np.stack((cth * cps, cth * sps, -sth), axis=-1)
    ez = np.array([0.0, 0.0, 1.0])
    omega = ez * dps[..., None] + col1 * dth[..., None] + col2 * dph[..., None]
    # their rates: ċol1 = ψ̇ e_z × col1, ċol2 = (ψ̇ e_z + θ̇ col1) × col2
    dcol1 = np.stack((-cps, -sps, np.zeros_like(psi)), axis=-1) * dps[..., None]
    dcol2 = _cross(ez * dps[..., None] + col1 * dth[..., None], col2)
    alpha = (
        ez * xdd[..., 3, None]
        + col1 * xdd[..., 4, None]
        + col2 * xdd[..., 5, None]
        + dcol1 * dth[..., None]
        + dcol2 * dph[..., None]
    )
    return rot, omega, alpha


def tree_state(params, x, xd=None, xdd=None, *, order=None):
    """The tree's (q, v, v̇) for the platform state (x, ẋ, ẍ), consistent with the closures.

    Parameters
    ----------
    params : StewartParameters or an object with its attributes
    x, xd, xdd : (..., 6)
        Pose [x, y, z (m), ψ, θ, φ (rad)], its rates and accelerations (m/s, rad/s, m/s²,
        rad/s²); ``xd``, ``xdd`` default to 0.
    order : (24,) int array, optional
        The tree's coordinate index of [platform chain (6), leg1 (u1, u2, l), ..., leg6]
        (:attr:`StewartMultibody.order`); default: that order itself.

    Returns
    -------
    q, v, a : (..., 24)
        Coordinates, velocities, accelerations of the tree (rad, m and their rates).
    """
    p = _arrays(params) if not isinstance(params, _Arrays) else params
    x = np.asarray(x, dtype=float)
    xd = np.zeros_like(x) if xd is None else np.asarray(xd, dtype=float)
    xdd = np.zeros_like(x) if xdd is None else np.asarray(xdd, dtype=float)
    x, xd, xdd = np.broadcast_arrays(x, xd, xdd)
    rot, omega, alpha = _platform_motion(x, xd, xdd)
    pw = np.einsum("...ij,kj->...ki", rot, p.platform_points)  # (..., 6, 3) p_i = R ᴾp_i
    w = omega[..., None, :]
    lv = x[..., None, :3] + pw - p.base_points
    ld = xd[..., None, :3] + _cross(w, pw)
    ldd = xdd[..., None, :3] + _cross(alpha[..., None, :], pw) + _cross(w, _cross(w, pw))
    lx, ly, lz = lv[..., 0], lv[..., 1], lv[..., 2]
    dx, dy, dz = ld[..., 0], ld[..., 1], ld[..., 2]
    ax, ay, az = ldd[..., 0], ldd[..., 1], ldd[..., 2]
    rho2 = lx * lx + ly * ly
    rho = np.sqrt(rho2)
    length2 = rho2 + lz * lz
    length = np.sqrt(length2)
    vertical = rho <= 1e-9 * length
    if np.any(vertical):
        where = np.argwhere(vertical)[0]
        legs = [f"leg{k + 1}" for k in np.flatnonzero(vertical[tuple(where[:-1])])]
        raise ModelError(
            f"multibody Stewart model: {', '.join(legs)} vertical at platform pose "
            f"{np.round(x[tuple(where[:-1])], 6).tolist()}: the universal joint (base z, then "
            "y′) is singular there"
        )
    a_ang = np.arctan2(ly, lx)
    b_ang = np.arctan2(-lz, rho)
    a_dot = (lx * dy - ly * dx) / rho2
    rho_dot = (lx * dx + ly * dy) / rho
    b_dot = (lz * rho_dot - rho * dz) / length2
    l_dot = (lx * dx + ly * dy + lz * dz) / length
    a_dd = (lx * ay - ly * ax) / rho2 - 2.0 * a_dot * rho_dot / rho
    rho_dd = (dx * dx + dy * dy + lx * ax + ly * ay - rho_dot**2) / rho
    b_dd = (lz * rho_dd - rho * az) / length2 - 2.0 * b_dot * l_dot / length
    l_dd = (dx * dx + dy * dy + dz * dz + lx * ax + ly * ay + lz * az - l_dot**2) / length

    def pack(platform, u1, u2, leg):
        legs = np.stack((u1, u2, leg), axis=-1).reshape(platform.shape[:-1] + (18,))
        flat = np.concatenate((platform, legs), axis=-1)
        if order is None:
            return flat
        out = np.empty_like(flat)
        out[..., order] = flat
        return out

    return (
        pack(x, a_ang, b_ang, length),
        pack(xd, a_dot, b_dot, l_dot),
        pack(xdd, a_dd, b_dd, l_dd),
    )


class StewartMultibody:
    """The Stewart platform as a URDF tree + six spherical loop closures (module docstring).

    Parameters
    ----------
    params : StewartParameters or an object with its attributes

    Attributes
    ----------
    tree : RobotModel
        The open tree (24 joints), from :func:`stewart_urdf`.
    constrained : ConstrainedModel
        The tree with the six ``leg<i>_spherical`` closures (Baumgarte gains 0).
    order : (24,) int
        The tree's index of [platform chain, leg1 u1, u2, l, ..., leg6 u1, u2, l].
    platform_index, leg_index : (6,) int
        The tree's index of the platform coordinates (order of x) and of the prismatic joints.
    actuator_names : tuple of str
        ``leg1`` … ``leg6``: the prismatic joints, the only actuated ones.
    """

    def __init__(self, params):
        self.params = params
        self._p = _arrays(params)
        self.urdf = stewart_urdf(params)
        self.tree = RobotModel.from_urdf(self.urdf, gravity=self._p.gravity)
        names = list(PLATFORM_JOINTS)
        for n in range(1, 7):
            names += [f"leg{n}_u1", f"leg{n}_u2", f"leg{n}"]
        self.order = np.array([self.tree.joint_names.index(nm) for nm in names])
        self.platform_index = self.order[:6]
        self.leg_index = self.order[8::3]
        self.actuator_names = tuple(f"leg{n}" for n in range(1, 7))
        closures = [
            LoopClosure(f"leg{n}_spherical", f"platform_p{n}", f"leg{n}_piston", dim=3)
            for n in range(1, 7)
        ]
        self.constrained = ConstrainedModel(self.tree, closures, baumgarte=(0.0, 0.0))

    def tree_state(self, x, xd=None, xdd=None):
        """The tree's (q, v, v̇) (..., 24) in its own joint order (:func:`tree_state`)."""
        return tree_state(self._p, x, xd, xdd, order=self.order)

    def leg_forces(self, x, xd, xdd) -> np.ndarray:
        """The six leg forces τ (..., 6) (N) that produce (x, ẋ, ẍ): constrained inverse
        dynamics of the tree with only the prismatic joints actuated."""
        q, v, a = self.tree_state(x, xd, xdd)
        u, _ = self.constrained.constrained_inverse_dynamics(
            q, v, a, method="subset", actuators=self.actuator_names, friction=False
        )
        return u[..., self.leg_index]

    def platform_acceleration(self, x, xd, tau) -> np.ndarray:
        """ẍ (..., 6) (m/s², rad/s²) under the leg forces τ (..., 6) (N): KKT forward dynamics
        of the closed tree, the platform chain's accelerations."""
        q, v, _ = self.tree_state(x, xd)
        tau = np.asarray(tau, dtype=float)
        tau_tree = np.zeros(np.broadcast_shapes(q.shape[:-1], tau.shape[:-1]) + (self.tree.nv,))
        tau_tree[..., self.leg_index] = tau
        vdot, _ = self.constrained.constrained_forward_dynamics(q, v, tau_tree, friction=False)
        return vdot[..., self.platform_index]

    def mass_matrix(self, x) -> np.ndarray:
        """A(x) (..., 6, 6): the closed mechanism's mass matrix in the Euler coordinates,
        Gᵀ M_tree G with G = ∂v_tree/∂ẋ (v_tree is linear in ẋ, so G's columns are the tree
        velocities of unit ẋ). KE = ½ ẋᵀ A ẋ; at ψ = θ = φ = 0 (T = I) it is the twist-space M."""
        x = np.asarray(x, dtype=float)
        eye = np.eye(6)
        _, g, _ = self.tree_state(x[..., None, :], eye)  # (..., 6, 24): row k = v for ẋ = e_k
        m = self.tree.mass_matrix(self.tree_state(x)[0])
        return np.einsum("...ki,...ij,...lj->...kl", g, m, g)


def build_multibody(params) -> StewartMultibody:
    """:class:`StewartMultibody` of ``params`` (the URDF tree and its six closures)."""
    return StewartMultibody(params)
