"""The Stewart platform behind the mechanism contract (:mod:`modyn_model.contract`), kind
``stewart`` of :func:`modyn_model.load_model`.

Coordinates q = x = [x, y, z, ψ, θ, φ] (m, rad; the platform CoM and Z-Y′-X″ Euler angles), a
vector space (``integrate`` = q + v dt), v = ẋ. Actuators ``leg1 … leg6``, u = leg forces τ (N).
With the twist u_t = T ẋ and the twist-space M, C, G_B of :mod:`.dynamics` (note §6.9)::

    A(x) = Tᵀ M T,   H(x, ẋ) = Tᵀ (M Ṫ ẋ + C T ẋ + G_B),   S(x) = J_E = J_C T,
    A ẍ + H = J_Eᵀ u   ⇔   Tᵀ (I|_E ẍ + V|_E ẋ + G_B) = J_Eᵀ τ      (note §6.7)

and C_x = Tᵀ (M Ṫ + C T), so that Ȧ − 2C_x = ṪᵀMT − TᵀMṪ + Tᵀ(Ṁ − 2C)T is skew.
``actuator_forces(q, v, a)`` = J_E⁻ᵀ Γ = J_C⁻ᵀ f_B: the generalized-momentum τ (Lopes (85)).

Frames: ``base`` (the world, {B}) and ``platform`` ({P}: the platform CoM, platform axes); the
platform's Jacobian [linear; angular] in world axes is T.

Generic seams for the nodes: ``actuator_state(q, v)`` → (l, l̇), ``actuator_segments(q)`` →
(B_i, P_i) end points, ``check_workspace(q)`` (stroke and singularity).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

import numpy as np

from ...checks import StateChecks
from ...data import Data
from ...errors import StateError
from .dynamics import BODIES, _cross, fast_geometry, fast_velocity, twist_terms
from .kinematics import legs, rotation, twist_map, twist_map_dot
from .parameters import StewartParameters

__all__ = ["StewartModel", "COORDINATE_NAMES", "ACTUATOR_NAMES", "FRAMES"]

COORDINATE_NAMES = (
    "platform_x",
    "platform_y",
    "platform_z",
    "platform_yaw",
    "platform_pitch",
    "platform_roll",
)
ACTUATOR_NAMES = tuple(f"leg{i}" for i in range(1, 7))
FRAMES = ("base", "platform")
#: cond(J_C) above which check_workspace calls the pose singular
SINGULAR_CONDITION = 1e8
#: |cos θ| below which the Euler chart is singular (θ = ±90°)
EULER_SINGULAR = 1e-6


def _ro(x) -> np.ndarray:
    arr = np.array(x, dtype=float)
    arr.flags.writeable = False
    return arr


def _mv(m, x):
    return np.einsum("...ij,...j->...i", m, x)


class StewartModel(StateChecks):
    """A 6-UPS Stewart platform (Lopes 2009) as a :class:`~modyn_model.contract.MechanismModel`:
    nq = nv = nu = 6 (see the module docstring).

    Parameters
    ----------
    params : StewartParameters
    name : str
        The mechanism's name (messages, the rviz prefix).
    source : str
        The file it came from (messages).
    """

    kind = "stewart"

    def __init__(self, params: StewartParameters, name: str = "stewart", source: str = ""):
        if not isinstance(params, StewartParameters):
            raise TypeError(f"StewartModel needs StewartParameters, got {type(params).__name__}")
        self.params = params
        self.name = str(name)
        self.source = source or params.source
        self.lower = _ro(np.full(6, -np.inf))
        self.upper = _ro(np.full(6, np.inf))
        self.velocity_limit = _ro(np.full(6, np.inf))
        self.effort_limit = _ro(params.force_limit)
        self.gravity_vector = _ro(params.gravity)
        self.viscous = self.coulomb = self.static_friction = self.stribeck_velocity = _ro(
            np.zeros(6)
        )
        self.stroke = params.stroke
        #: the last single state's per-tick terms (see :meth:`_fast`)
        self._last_q = None
        self._last_qv = None

    @classmethod
    def from_description(
        cls, d: Mapping, *, source: str = "<mapping>", base_dir: Path | None = None
    ) -> StewartModel:
        """The loader of ``kind: stewart`` (fields: :meth:`StewartParameters.from_mapping`)."""
        params = StewartParameters.from_mapping(d, source)
        return cls(params, name=str(d.get("name", "stewart")), source=source)

    # ------------------------------------------------------------------ sizes and names
    nq = property(lambda self: 6, doc="6: [x, y, z, ψ, θ, φ].")
    nv = property(lambda self: 6, doc="6: ẋ.")
    nu = property(lambda self: 6, doc="6 leg forces.")

    @property
    def coordinate_names(self) -> tuple[str, ...]:
        return COORDINATE_NAMES

    @property
    def velocity_names(self) -> tuple[str, ...]:
        return COORDINATE_NAMES

    @property
    def actuator_names(self) -> tuple[str, ...]:
        return ACTUATOR_NAMES

    @property
    def frame_names(self) -> tuple[str, ...]:
        return FRAMES

    @property
    def base_frame(self) -> str:
        return "base"

    @property
    def tip_frame(self) -> str:
        return "platform"

    def make_data(self) -> Data:
        """A fresh workspace for :mod:`modyn_model.algorithms`."""
        return Data(self)

    def __repr__(self) -> str:
        return f"StewartModel({self.name!r}, source={self.source!r})"

    # ------------------------------------------------------------------ checks
    # check_state / check_velocity / check_actuation: StateChecks (checks.py), messages naming
    # the model; a configuration must also be away from the Euler chart's singularity
    def _check_configuration(self, name: str, q: np.ndarray) -> None:
        """|cos θ| ≥ 1e-6 (θ = platform pitch), or StateError."""
        if (np.abs(np.cos(q[..., 4])) < EULER_SINGULAR).any():
            raise StateError(
                f"{name}: platform pitch θ = ±90° (|cos θ| < {EULER_SINGULAR:g}) is the Euler "
                f"chart's singularity (det J_A = −cos θ) for model '{self.name}'"
            )

    # ------------------------------------------------------------------ configuration space
    def neutral(self) -> np.ndarray:
        """The reference pose, :meth:`home` (a pose with zero height would put every leg
        outside its stroke)."""
        return self.home()

    def home(self) -> np.ndarray:
        """The centred, level pose whose legs' mean squared length is the square of the mean
        stroke middle (m, rad): z = 2.3532 m for the shipped [1.8, 3.4] m stroke; with no
        finite stroke the legs are 1.25 × the base radius long."""
        st = self.params.stroke
        mid = np.where(np.isfinite(st[:, 1]), 0.5 * (st[:, 0] + st[:, 1]), np.nan)
        d = self.params.platform_points[:, :2] - self.params.base_points[:, :2]
        horiz = float(np.mean(np.sum(d**2, axis=1)))
        radius = float(np.max(np.linalg.norm(self.params.base_points, axis=1)))
        target = float(np.nanmean(mid)) if np.isfinite(mid).any() else 1.25 * radius
        z = np.sqrt(max(target**2 - horiz, 1e-6))
        return np.array([0.0, 0.0, z, 0.0, 0.0, 0.0])

    def integrate(self, q, v, dt) -> np.ndarray:
        """q + v dt (the Euler chart is a vector space)."""
        return self.check_state("q", q) + self.check_velocity("v", v) * dt

    def difference(self, q1, q0) -> np.ndarray:
        """q1 − q0."""
        return self.check_state("q1", q1) - self.check_state("q0", q0)

    # ------------------------------------------------------------------ internals
    def _terms(self, q, v=None):
        q = self.check_state("q", q)
        e = q[..., 3:]
        t = twist_map(e)
        if v is None:
            return q, t, None, None, twist_terms(self.params, q[..., :3], rotation(e))
        v = self.check_velocity("v", v)
        u = _mv(t, v)
        td = twist_map_dot(e, v[..., 3:])
        return q, t, td, v, twist_terms(self.params, q[..., :3], rotation(e), u)

    def _fast(self, q, v=None):
        """(q, T, Ṫ, v, M, C u, G_B, J_C) by :func:`.dynamics.fast_geometry` and
        :func:`.dynamics.fast_velocity` (no per-body matrices: the control-tick path).

        A control tick asks several members at the same single state (A, H, the actuator forces,
        ...): the last single configuration's terms (T, M, G_B, J_C and the legs' geometry) and
        the last velocity terms are kept (one entry each, keyed by the bytes of q and v, replaced
        as one tuple so that a concurrent call sees either the old or the new entry)."""
        q = self.check_state("q", q)
        single = q.ndim == 1
        if v is not None:
            v = self.check_velocity("v", v)
            single = single and v.ndim == 1
        hit = self._last_q
        if single and hit is not None and hit[0] == q.tobytes():
            t, geo = hit[1]
        else:
            e = q[..., 3:]
            t = twist_map(e)
            geo = fast_geometry(self.params, q[..., :3], rotation(e))
            if single:
                for arr in (t, geo.mass, geo.gravity, geo.jc):
                    arr.flags.writeable = False
                self._last_q = (q.tobytes(), (t, geo))
        if v is None:
            return q, t, None, None, geo.mass, None, geo.gravity, geo.jc
        key = (q.tobytes(), v.tobytes()) if single else None
        hit = self._last_qv
        if single and hit is not None and hit[0] == key:
            td, cu = hit[1]
        else:
            td = twist_map_dot(q[..., 3:], v[..., 3:])
            cu, _ = fast_velocity(self.params, geo, _mv(t, v))
            if single:
                td.flags.writeable = cu.flags.writeable = False
                self._last_qv = (key, (td, cu))
        return q, t, td, v, geo.mass, cu, geo.gravity, geo.jc

    @staticmethod
    def _sum(d):
        return sum(d[b] for b in BODIES)

    def _external(self, f_ext, t):
        f = self._check_wrench(
            f_ext, "the platform's wrench [f; m] on its environment, world axes, at its CoM"
        )
        if f is None:
            return 0.0
        return np.einsum("...ji,...j->...i", t, f[..., 0, :])

    # ------------------------------------------------------------------ actuation
    def actuation_matrix(self, q) -> np.ndarray:
        """S = J_E = J_C T (..., 6, 6) (Lopes (5)): generalized forces J_Eᵀ u."""
        q = self.check_state("q", q)
        p, _, _, n = legs(self.params, q[..., :3], rotation(q[..., 3:]))
        return np.concatenate((n, _cross(p, n)), axis=-1) @ twist_map(q[..., 3:])

    def generalized_forces(self, q, u) -> np.ndarray:
        """J_Eᵀ u (..., 6) for leg forces u (N)."""
        s = self.actuation_matrix(q)
        return np.einsum("...ji,...j->...i", s, self.check_actuation("u", u))

    def actuator_forces(self, q, v, a) -> np.ndarray:
        """τ = J_C⁻ᵀ (M u̇ + C u + G_B) = J_E⁻ᵀ Γ (..., 6) (N), Lopes (85)."""
        q, t, td, v, m, cu, g, jc = self._fast(q, v)
        a = self.check_velocity("a", a)
        f = _mv(m, _mv(t, a) + _mv(td, v)) + cu + g
        return np.linalg.solve(np.swapaxes(jc, -1, -2), f[..., None])[..., 0]

    # ------------------------------------------------------------------ dynamics
    def mass_matrix(self, q) -> np.ndarray:
        """A = Tᵀ M T (..., 6, 6), symmetric positive-definite."""
        q, t, _, _, m, _, _, _ = self._fast(q)
        return np.swapaxes(t, -1, -2) @ m @ t

    def gravity(self, q) -> np.ndarray:
        """Q = Tᵀ G_B = ∂PE/∂x (..., 6) (note §6.6, A20)."""
        q, t, _, _, _, _, g, _ = self._fast(q)
        return np.einsum("...ji,...j->...i", t, g)

    def coriolis_matrix(self, q, v) -> np.ndarray:
        """C_x = Tᵀ (M Ṫ + C T) (..., 6, 6), Ȧ − 2C_x skew."""
        q, t, td, v, terms = self._terms(q, v)
        return np.swapaxes(t, -1, -2) @ (self._sum(terms.mass) @ td + self._sum(terms.coriolis) @ t)

    def bias_forces(self, q, v, f_ext=None, *, friction: bool = True) -> np.ndarray:
        """H = Tᵀ (M Ṫ ẋ + C T ẋ + G_B) (+ Tᵀ f_ext) (..., 6); no friction is modelled."""
        q, t, td, v, m, cu, g, _ = self._fast(q, v)
        w = _mv(m, _mv(td, v)) + cu + g
        return np.einsum("...ji,...j->...i", t, w) + self._external(f_ext, t)

    def inverse_dynamics(self, q, v, a, f_ext=None, *, friction: bool = True) -> np.ndarray:
        """Γ = A ẍ + H = Tᵀ (M u̇ + C u + G_B) (..., 6)."""
        q, t, td, v, m, cu, g, _ = self._fast(q, v)
        a = self.check_velocity("a", a)
        w = _mv(m, _mv(t, a) + _mv(td, v)) + cu + g
        return np.einsum("...ji,...j->...i", t, w) + self._external(f_ext, t)

    def forward_dynamics(self, q, v, tau, f_ext=None, *, friction: bool = True) -> np.ndarray:
        """ẍ = A⁻¹ (τ − H) (..., 6) for generalized forces τ (e.g. J_Eᵀ u)."""
        tau = self.check_velocity("tau", tau)
        q, t, td, v, m, cu, g, _ = self._fast(q, v)
        h = np.einsum("...ji,...j->...i", t, _mv(m, _mv(td, v)) + cu + g)
        h = h + self._external(f_ext, t)
        a_mat = np.swapaxes(t, -1, -2) @ m @ t
        return np.linalg.solve(a_mat, (tau - h)[..., None])[..., 0]

    def friction_forces(self, v) -> np.ndarray:
        """Zero: no friction modelled (per-leg friction is actuator-side, not yet)."""
        return np.zeros_like(self.check_velocity("v", v))

    def kinetic_energy(self, q, v) -> np.ndarray:
        """½ uᵀ M u (J)."""
        q, t, _, _, m, _, _, _ = self._fast(q)
        u = _mv(t, self.check_velocity("v", v))
        return 0.5 * np.einsum("...i,...ij,...j->...", u, m, u)

    def potential_energy(self, q) -> np.ndarray:
        """PE (J), zero at the base joint plane (:func:`.dynamics.potential_energy`)."""
        from .dynamics import potential_energy

        return potential_energy(self.params, self.check_state("q", q))

    # ------------------------------------------------------------------ frames
    _frame = StateChecks._check_frame

    def frame_placement(self, q, frame: str) -> np.ndarray:
        """4x4 pose (..., 4, 4): identity for ``base``, (R(ψ, θ, φ), x_pos) for ``platform``."""
        self._frame(frame)
        q = self.check_state("q", q)
        out = np.zeros(q.shape[:-1] + (4, 4))
        out[..., 3, 3] = 1.0
        if frame == "base":
            out[..., :3, :3] = np.eye(3)
        else:
            out[..., :3, :3] = rotation(q[..., 3:])
            out[..., :3, 3] = q[..., :3]
        return out

    def frame_jacobian(self, q, frame: str) -> np.ndarray:
        """J (..., 6, 6): T for ``platform`` (u = T ẋ), zero for ``base``."""
        self._frame(frame)
        q = self.check_state("q", q)
        if frame == "base":
            return np.zeros(q.shape[:-1] + (6, 6))
        return twist_map(q[..., 3:])

    def frame_jacobian_dot_v(self, q, v, frame: str) -> np.ndarray:
        """J̇ v (..., 6): Ṫ ẋ = [0; J̇_A ẋ_o] for ``platform`` (its origin is the CoM)."""
        self._frame(frame)
        q = self.check_state("q", q)
        v = self.check_velocity("v", v)
        batch = np.broadcast_shapes(q.shape[:-1], v.shape[:-1])
        if frame == "base":
            return np.zeros(batch + (6,))
        return np.broadcast_to(_mv(twist_map_dot(q[..., 3:], v[..., 3:]), v), batch + (6,)).copy()

    def frame_motion(self, q, v, frame: str):
        """(placement, J, J̇ v) of ``frame``."""
        return (
            self.frame_placement(q, frame),
            self.frame_jacobian(q, frame),
            self.frame_jacobian_dot_v(q, v, frame),
        )

    # ------------------------------------------------------------------ actuator seams
    def actuator_state(self, q, v) -> tuple[np.ndarray, np.ndarray]:
        """(l (..., 6) m, l̇ (..., 6) m/s): leg lengths and rates, l̇ = J_E ẋ."""
        q = self.check_state("q", q)
        v = self.check_velocity("v", v)
        p, _, length, n = legs(self.params, q[..., :3], rotation(q[..., 3:]))
        u = _mv(twist_map(q[..., 3:]), v)
        vp = u[..., None, :3] + _cross(u[..., None, 3:], p)
        return length, np.einsum("...i,...i->...", n, vp)

    def actuator_segments(self, q) -> np.ndarray:
        """(..., 6, 2, 3): each leg's end points (B_i, P_i) in the base frame (m)."""
        q = self.check_state("q", q)
        _, lvec, _, _ = legs(self.params, q[..., :3], rotation(q[..., 3:]))
        b = np.broadcast_to(self.params.base_points, lvec.shape)
        return np.stack((b, b + lvec), axis=-2)

    def spanning_tree(self):
        """The platform as a URDF tree closed by six spherical joints, for a plant that simulates
        trees with equality constraints (the MuJoCo plant): a
        :class:`~modyn_model.constraints.SpanningTree` of :class:`.multibody.StewartMultibody`
        (platform on the chain ``platform_x … platform_roll`` whose joint values are q, legs =
        U joint + prismatic ``leg<i>`` driven by u_i, ``leg<i>_spherical`` loop closures),
        state map :func:`.multibody.tree_state`. Built once.

        The tree's universal joints let each leg spin about its axis (note §6.10): it equals this
        model exactly when ``leg_spin`` is "universal", or when every leg's axial moment is zero
        and the other two equal (Table 2); otherwise it is the physically complete platform.
        """
        tree = getattr(self, "_spanning", None)
        if tree is None:
            from ...constraints import SpanningTree
            from .multibody import PLATFORM_JOINTS, StewartMultibody

            mb = StewartMultibody(self.params)

            def state(q, v):
                qt, vt, _ = mb.tree_state(q, v)
                return qt, vt

            tree = self._spanning = SpanningTree(
                urdf=mb.urdf,
                model=mb.constrained,
                state=state,
                coordinate_joints=PLATFORM_JOINTS,
                velocity_joints=PLATFORM_JOINTS,
                actuator_joints=ACTUATOR_NAMES,
            )
        return tree

    def check_workspace(self, q) -> None:
        """None when every leg is inside its stroke, the platform's tilt is within ``max_tilt``
        and J_C is well conditioned at q (..., 6); else :class:`StateError` naming the leg, its
        length and its stroke, the tilt, or the condition number (> 1e8: a singular pose)."""
        q = self.check_state("q", q)
        p, _, length, n = legs(self.params, q[..., :3], rotation(q[..., 3:]))
        st = self.params.stroke
        bad = (length < st[:, 0]) | (length > st[:, 1])
        if bad.any():
            idx = tuple(np.argwhere(bad)[0])
            leg = idx[-1]
            pose = q[idx[:-1]]
            raise StateError(
                f"model '{self.name}': leg{leg + 1} length {length[idx]:.4f} m outside its stroke "
                f"[{st[leg, 0]:g}, {st[leg, 1]:g}] m at platform pose "
                f"{np.round(pose, 4).tolist()}"
            )
        # tilt = angle between the platform's z axis and the base's: R_zz = cos θ cos φ
        tilt = np.arccos(np.clip(np.cos(q[..., 4]) * np.cos(q[..., 5]), -1.0, 1.0))
        if (tilt > self.params.max_tilt).any():
            idx = tuple(np.argwhere(tilt > self.params.max_tilt)[0])
            raise StateError(
                f"model '{self.name}': platform tilt {np.rad2deg(tilt[idx]):.2f} deg above its "
                f"limit max_tilt_deg = {np.rad2deg(self.params.max_tilt):g} deg at platform pose "
                f"{np.round(q[idx], 4).tolist()}"
            )
        jc = np.concatenate((n, np.cross(p, n)), axis=-1)
        sv = np.linalg.svd(jc, compute_uv=False)
        with np.errstate(divide="ignore"):
            cond = np.where(sv[..., -1] > 0, sv[..., 0] / np.maximum(sv[..., -1], 1e-300), np.inf)
        if (cond > SINGULAR_CONDITION).any():
            idx = tuple(np.argwhere(cond > SINGULAR_CONDITION)[0])
            raise StateError(
                f"model '{self.name}': singular pose {np.round(q[idx], 4).tolist()}: cond(J_C) = "
                f"{cond[idx]:.3g} > {SINGULAR_CONDITION:g}"
            )
        return None
