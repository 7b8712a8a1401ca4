"""The quadruped with a tail behind the mechanism contract (:mod:`modyn_model.contract`), kind
``quadruped_tail`` of :func:`modyn_model.load_model` (Liu & Ben-Tzvi; docs/quadruped_tail.md).

Coordinates q = [p_x, p_y, p_z, φ_x, φ_y, φ_z, θ_ta, θ_tb] (m, rad; the paper's q, note §1.4), a
vector space (``integrate`` = q + v dt), v = q̇; the four feet are pinned at d_i and the twelve
leg angles follow from q by the closed-form IK. Actuators (14 motors, N·m)::

    leg1_hip_a, leg1_hip_b, leg1_knee, ..., leg4_knee, tail_a, tail_b

with their joint rates q̇_m = S(q) q̇, S (14 x 8) = the joint Jacobian rows [j_ha,i; j_hb,i;
±j_k,i] (κ interior: +, deflection: −) and the tail rows e_7ᵀ, e_8ᵀ, so that::

    A(q) q̈ + H(q, q̇) = τ = Sᵀ u = J_τ,aᵀ τ_a + J_τ,pᵀ τ_p         # Liu & Ben-Tzvi (37), (42)

with A = M and H = C + G of :mod:`.dynamics`; J_τ,a (8 x 8) the rows of S of the paper's
non-redundant motors q_a = [θ_ha1, θ_ha2, θ_k1..4, θ_ta, θ_tb] and J_τ,p (6 x 8) the others
(Eqs. (27)-(28)). :meth:`QuadrupedTailModel.actuation_solve` splits τ over the motors by the
``redundancy`` setting: ``paper`` (τ_p = 0, τ_a = J_τ,a⁻ᵀ τ, Eq. (41)), ``least_norm`` (the u of
least norm with Sᵀ u = τ) or ``weighted`` / ``qp`` (:mod:`.redundancy`, when present).

``mode`` "exact" (ω = E(φ) φ̇) or "paper" (ω = φ̇), note §1.6.

Frames: ``world``; ``torso`` (P, ΣP); ``leg<i>_thigh`` (at the hip, thigh axes),
``leg<i>_shank`` (at the knee), ``foot<i>`` (at the foot, shank axes), ``tail_yoke`` (at the
tail joint, after θ_ta), ``tail`` (at the tail joint, tail axes), ``tail_tip`` (at N, tail axes):
the links of :func:`.urdf.generate_urdf`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path

import numpy as np

from ...checks import StateChecks
from ...data import Data
from ...errors import DescriptionError, StateError
from . import dynamics as dyn
from .kinematics import Kinematics, _velocity_terms, kinematics
from .parameters import QuadrupedTailParameters
from .urdf import ACTUATED_JOINTS, FOOT_FRAMES, generate_urdf

__all__ = [
    "QuadrupedTailModel",
    "COORDINATE_NAMES",
    "ACTUATOR_NAMES",
    "FRAMES",
    "ACTIVE",
    "PASSIVE",
    "SINGULAR_CONDITION",
]

COORDINATE_NAMES = (
    "torso_x",
    "torso_y",
    "torso_z",
    "torso_phi_x",
    "torso_phi_y",
    "torso_phi_z",
    "tail_a",
    "tail_b",
)
ACTUATOR_NAMES = ACTUATED_JOINTS
#: indices into the 14 actuators of the paper's non-redundant set q_a (Eq. 27) ...
ACTIVE = (0, 3, 2, 5, 8, 11, 12, 13)
#: ... and of its redundant set q_p = [θ_ha3, θ_ha4, θ_hb1..4] (Eq. 28)
PASSIVE = (6, 9, 1, 4, 7, 10)
FRAMES = (
    ("world", "torso")
    + tuple(f"leg{i}_{b}" for i in range(1, 5) for b in ("thigh", "shank"))
    + FOOT_FRAMES
    + ("tail_yoke", "tail", "tail_tip")
)
#: cond(J_τ,a) (paper redundancy) or cond(S) above which check_workspace calls a pose singular
SINGULAR_CONDITION = 1e8
#: |cos φ_y| below which E(φ) is singular (exact mode)
EULER_SINGULAR = 1e-6


def _ro(x) -> np.ndarray:
    arr = np.array(x, dtype=float)
    arr.flags.writeable = False
    return arr


def _mv(m, x):
    return np.einsum("...ij,...j->...i", m, x)


def _rx(a):
    c, s = np.cos(a), np.sin(a)
    out = np.zeros(np.shape(a) + (3, 3))
    out[..., 0, 0] = 1.0
    out[..., 1, 1], out[..., 1, 2], out[..., 2, 1], out[..., 2, 2] = c, -s, s, c
    return out


def _ry(a):
    c, s = np.cos(a), np.sin(a)
    out = np.zeros(np.shape(a) + (3, 3))
    out[..., 1, 1] = 1.0
    out[..., 0, 0], out[..., 0, 2], out[..., 2, 0], out[..., 2, 2] = c, s, -s, c
    return out


def _rz(a):
    c, s = np.cos(a), np.sin(a)
    out = np.zeros(np.shape(a) + (3, 3))
    out[..., 2, 2] = 1.0
    out[..., 0, 0], out[..., 0, 1], out[..., 1, 0], out[..., 1, 1] = c, -s, s, c
    return out


class QuadrupedTailModel(StateChecks):
    """The quadruped with a 2-DOF tail, four feet pinned (Liu & Ben-Tzvi), as a
    :class:`~modyn_model.contract.MechanismModel`: nq = nv = 8, nu = 14 (see the module
    docstring).

    Parameters
    ----------
    params : QuadrupedTailParameters
    name : str
        The mechanism's name (messages).
    source : str
        The file it came from (messages).
    """

    kind = "quadruped_tail"

    def __init__(
        self, params: QuadrupedTailParameters, name: str = "quadruped_tail", source: str = ""
    ):
        if not isinstance(params, QuadrupedTailParameters):
            raise TypeError(
                f"QuadrupedTailModel needs QuadrupedTailParameters, got {type(params).__name__}"
            )
        self.params = params
        self.name = str(name)
        self.source = source or params.source
        self.lower = _ro(np.full(8, -np.inf))
        self.upper = _ro(np.full(8, np.inf))
        self.velocity_limit = _ro(np.full(8, np.inf))
        self.effort_limit = _ro(params.torque_limit)
        self.gravity_vector = _ro(params.gravity_vector)
        self.viscous = self.coulomb = self.static_friction = self.stribeck_velocity = _ro(
            np.zeros(8)
        )
        self._last_q = None  # (bytes of q, Kinematics) of the last single configuration
        self._last_qv = None  # (bytes of q and v, Kinematics) of the last single state

    @classmethod
    def from_description(
        cls, d: Mapping, *, source: str = "<mapping>", base_dir: Path | None = None
    ) -> QuadrupedTailModel:
        """The loader of ``kind: quadruped_tail`` (fields:
        :meth:`QuadrupedTailParameters.from_mapping`)."""
        params = QuadrupedTailParameters.from_mapping(d, source)
        return cls(params, name=str(d.get("name", "quadruped_tail")), source=source)

    def with_options(self, **changes) -> QuadrupedTailModel:
        """The same robot with other parameters, e.g. ``mode="paper"`` or
        ``redundancy="paper"``."""
        return QuadrupedTailModel(self.params.replace(**changes), self.name, self.source)

    # ------------------------------------------------------------------ sizes and names
    nq = property(lambda self: 8, doc="8: [p, φ, θ_ta, θ_tb].")
    nv = property(lambda self: 8, doc="8: q̇.")
    nu = property(lambda self: 14, doc="14 motors.")

    @property
    def mode(self) -> str:
        """ "exact" (ω = E φ̇) or "paper" (ω = φ̇)."""
        return self.params.mode

    @property
    def redundancy(self) -> str:
        """The default resolution of :meth:`actuation_solve`."""
        return self.params.redundancy

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
        return "world"

    @property
    def tip_frame(self) -> str:
        return "torso"

    @property
    def urdf(self) -> str:
        """The generated URDF of the same robot (:func:`.urdf.generate_urdf`)."""
        text = getattr(self, "_urdf", None)
        if text is None:
            text = self._urdf = generate_urdf(self.params, self.name)
        return text

    def make_data(self) -> Data:
        """A fresh workspace for :mod:`modyn_model.algorithms`."""
        return Data(self)

    def __repr__(self) -> str:
        return f"QuadrupedTailModel({self.name!r}, mode={self.mode!r}, source={self.source!r})"

    # ------------------------------------------------------------------ checks
    # check_state / check_velocity / check_actuation: StateChecks (checks.py), messages naming
    # the model; in exact mode a configuration must also be away from E(φ)'s singularity
    def _check_configuration(self, name: str, q: np.ndarray) -> None:
        """Exact mode: |cos φ_y| ≥ 1e-6 (E(φ), ω = E φ̇, is singular at φ_y = ±90°), or
        StateError."""
        if self.mode == "exact" and (np.abs(np.cos(q[..., 4])) < EULER_SINGULAR).any():
            raise StateError(
                f"{name}: torso_phi_y = ±90° (|cos φ_y| < {EULER_SINGULAR:g}) is the singularity "
                f"of E(φ) (ω = E φ̇) for model '{self.name}'"
            )

    # ------------------------------------------------------------------ configuration space
    def neutral(self) -> np.ndarray:
        """q(0) of the parameters (the note's §4.3 standing pose: all legs inside their
        workspace; zeros would put the torso on the ground)."""
        return np.array(self.params.q0)

    def integrate(self, q, v, dt) -> np.ndarray:
        """q + v dt."""
        return self.check_state("q", q) + self.check_velocity("v", v) * dt

    def difference(self, q1, q0) -> np.ndarray:
        """q1 − q0."""
        return self.check_state("q1", q1) - self.check_state("q0", q0)

    # ------------------------------------------------------------------ internals
    def kinematics(self, q, v=None) -> Kinematics:
        """:func:`.kinematics.kinematics` at q (and v) in this model's mode. The last single
        configuration's and the last single state's results are kept (a control tick asks
        several members at one state); callers must not modify them."""
        # copies: the Kinematics keeps q and v, and a caller may reuse its buffers
        q = np.array(self.check_state("q", q))
        if v is not None:
            v = np.array(self.check_velocity("v", v))
        single = q.ndim == 1 and (v is None or v.ndim == 1)
        if not single:
            return kinematics(self.params, q, v)
        if v is None:
            hit = self._last_q
            key = q.tobytes()
            if hit is not None and hit[0] == key:
                return hit[1]
            hit = self._last_qv  # the last state's pass holds every position-level term
            if hit is not None and hit[0][0] == key:
                return hit[1]
            k = kinematics(self.params, q)
            self._last_q = (key, k)
            return k
        hit = self._last_qv
        key = (q.tobytes(), v.tobytes())
        if hit is not None and hit[0] == key:
            return hit[1]
        pos = self._last_q
        if pos is not None and pos[0] == key[0]:
            # this q's position pass is done (a plant step asks S(q) for Sᵀu first, then the
            # dynamics at (q, v)): the velocity terms on a shallow copy of it, which they only
            # add to (the same arrays as a full pass at (q, v), one position pass saved)
            k = replace(pos[1])
            _velocity_terms(k, v)
        else:
            k = kinematics(self.params, q, v)
        self._last_qv = (key, k)
        return k

    def _external(self, f_ext, k: Kinematics):
        f = self._check_wrench(
            f_ext, "the torso's wrench [f; m] on its environment, world axes, at P"
        )
        if f is None:
            return 0.0
        return f[..., 0, :3] @ np.eye(3, 8) + np.einsum(
            "...ji,...j->...i", k.j_torso_ang, f[..., 0, 3:]
        )

    # ------------------------------------------------------------------ actuation
    def actuation_matrix(self, q) -> np.ndarray:
        """S(q) (..., 14, 8): the motors' joint rates q̇_m = S q̇ (Eqs. (14)-(18) rows against
        q̇; tail rows e_7, e_8); generalized forces Sᵀ u."""
        k = self.kinematics(q)
        return self._s(k)

    def _s(self, k: Kinematics) -> np.ndarray:
        rows = np.array(k.rows)
        if self.params.knee == "deflection":
            rows[..., 2, :] *= -1.0
        batch = k.q.shape[:-1]
        s = np.zeros(batch + (14, 8))
        s[..., :12, :] = rows.reshape(batch + (12, 8))
        s[..., 12, 6] = s[..., 13, 7] = 1.0
        return s

    def actuation_jacobians(self, q) -> tuple[np.ndarray, np.ndarray]:
        """(J_τ,a (..., 8, 8), J_τ,p (..., 6, 8)), Liu & Ben-Tzvi (27)-(28): the rows of S of
        the non-redundant motors :data:`ACTIVE` and of the redundant ones :data:`PASSIVE`."""
        s = self.actuation_matrix(q)
        return s[..., ACTIVE, :], s[..., PASSIVE, :]

    def generalized_forces(self, q, u) -> np.ndarray:
        """Sᵀ u (..., 8) for motor torques u (..., 14) (N·m)."""
        s = self.actuation_matrix(q)
        return np.einsum("...ji,...j->...i", s, self.check_actuation("u", u))

    def actuation_solve(self, q, tau, method: str | None = None) -> np.ndarray:
        """Motor torques u (..., 14) with Sᵀ u = τ (N·m), by ``method`` (default: the model's
        ``redundancy``):

        * ``paper``: τ_p = 0 and τ_a = J_τ,a⁻ᵀ τ, Eq. (41) (ill-conditioned: note §5.3);
        * ``least_norm``: the u of least ‖u‖ (S has full column rank 8: u = S (SᵀS)⁻¹ τ);
        * ``weighted``, ``qp``: :func:`.redundancy.resolve` (weighted least squares; a QP under
          the torque limits and the friction cones).

        Raises
        ------
        StateError
            J_τ,a or S singular at q (the leg named by :meth:`check_workspace` when a leg is
            outside its workspace).
        """
        method = self.redundancy if method is None else method
        q = self.check_state("q", q)
        tau = self.check_velocity("tau", tau)
        if method in ("weighted", "qp"):
            return self._resolve_elsewhere(q, tau, method)
        s = self.actuation_matrix(q)
        batch = np.broadcast_shapes(s.shape[:-2], tau.shape[:-1])
        s = np.broadcast_to(s, batch + (14, 8))
        tau = np.broadcast_to(tau, batch + (8,))
        if method == "paper":
            ja = s[..., ACTIVE, :]
            try:
                ta = np.linalg.solve(np.swapaxes(ja, -1, -2), tau[..., None])[..., 0]
            except np.linalg.LinAlgError:
                raise StateError(
                    f"model '{self.name}': J_τ,a is singular at q = {np.round(q, 5).tolist()}; "
                    "the paper's τ_p = 0 split (redundancy: paper) has no solution there"
                ) from None
            u = np.zeros(batch + (14,))
            u[..., ACTIVE] = ta
            return u
        if method == "least_norm":
            sts = np.swapaxes(s, -1, -2) @ s
            try:
                y = np.linalg.solve(sts, tau[..., None])
            except np.linalg.LinAlgError:
                raise StateError(
                    f"model '{self.name}': S has rank < 8 at q = {np.round(q, 5).tolist()}"
                ) from None
            return (s @ y)[..., 0]
        raise DescriptionError(
            f"model '{self.name}': unknown redundancy {method!r}; one of "
            "['paper', 'least_norm', 'weighted', 'qp']"
        )

    def _resolve_elsewhere(self, q, tau, method: str) -> np.ndarray:
        """``weighted`` / ``qp`` by :func:`.redundancy.resolve` ``(model, q, tau, method)``,
        which reads the parameters' ``redundancy_weights``, ``torque_limit`` and
        ``friction_coefficient``."""
        try:
            from . import redundancy
        except ImportError:
            raise DescriptionError(
                f"model '{self.name}': redundancy '{method}' needs "
                "modyn_model.mechanisms.quadruped_tail.redundancy, which is not installed"
            ) from None
        return redundancy.resolve(self, q, tau, method)

    def actuator_forces(self, q, v, a) -> np.ndarray:
        """u (..., 14) = :meth:`actuation_solve` of Γ(q, v, a) (N·m), the model's redundancy."""
        return self.actuation_solve(q, self.inverse_dynamics(q, v, a))

    # ------------------------------------------------------------------ dynamics
    def inverse_dynamics(self, q, v, a, f_ext=None, *, friction: bool = True) -> np.ndarray:
        """Γ = τ_b + τ_t + Σ τ_l,i (..., 8), Eqs. (37)-(40) (+ the torso's external wrench)."""
        k = self.kinematics(q, v)
        a = self.check_velocity("a", a)
        return dyn.inverse_dynamics(self.params, k, a) + self._external(f_ext, k)

    def mass_matrix(self, q) -> np.ndarray:
        """M(q) (..., 8, 8), symmetric positive-definite (Eqs. (52)-(55) [FIX E10])."""
        return dyn.mass_matrix(self.params, self.kinematics(q))

    def gravity(self, q) -> np.ndarray:
        """G(q) (..., 8), Eq. (47) fixed."""
        return dyn.gravity(self.params, self.kinematics(q))

    def bias_forces(self, q, v, f_ext=None, *, friction: bool = True) -> np.ndarray:
        """H = C + G = Γ(q, v, 0) (..., 8) (+ external wrench); no friction is modelled."""
        k = self.kinematics(q, v)
        return dyn.inverse_dynamics(self.params, k, np.zeros(8)) + self._external(f_ext, k)

    def coriolis_matrix(self, q, v) -> np.ndarray:
        """C(q, v) (..., 8, 8) with Ṁ − 2C skew (:func:`.dynamics.coriolis_matrix`)."""
        q = self.check_state("q", q)
        v = self.check_velocity("v", v)
        return dyn.coriolis_matrix(self.params, q, v)

    def forward_dynamics(self, q, v, tau, f_ext=None, *, friction: bool = True) -> np.ndarray:
        """q̈ = M⁻¹ (τ − H) (..., 8) (Eq. (43), a Cholesky solve) for generalized forces τ."""
        tau = self.check_velocity("tau", tau)
        k = self.kinematics(q, v)
        h = dyn.inverse_dynamics(self.params, k, np.zeros(8)) + self._external(f_ext, k)
        m = dyn.mass_matrix(self.params, k)
        c = np.linalg.cholesky(m)
        y = np.linalg.solve(c, (tau - h)[..., None])
        return np.linalg.solve(np.swapaxes(c, -1, -2), y)[..., 0]

    def friction_forces(self, v) -> np.ndarray:
        """Zero: no friction modelled (the paper's ideal joints)."""
        return np.zeros_like(self.check_velocity("v", v))

    def kinetic_energy(self, q, v) -> np.ndarray:
        """½ q̇ᵀ M q̇ (J)."""
        return dyn.kinetic_energy(self.params, self.kinematics(q), self.check_velocity("v", v))

    def potential_energy(self, q) -> np.ndarray:
        """V(q) (J), zero at the ground z = 0 (:func:`.dynamics.potential_energy`)."""
        return dyn.potential_energy(self.params, self.kinematics(q))

    # ------------------------------------------------------------------ frames
    _frame = StateChecks._check_frame

    def _frame_terms(self, k: Kinematics, frame: str, with_bias: bool):
        """(R, origin, J_lin, J_ang, bias_lin, bias_ang) of ``frame``."""
        batch = k.q.shape[:-1]
        if frame == "world":
            z3, z38 = np.zeros(batch + (3,)), np.zeros(batch + (3, 8))
            return np.broadcast_to(np.eye(3), batch + (3, 3)), z3, z38, z38, z3, z3
        lin_bias = ang_bias = None
        if frame == "torso":
            jl = np.zeros(batch + (3, 8))
            jl[..., :, :3] = np.eye(3)
            rot, org, ja = k.r, k.q[..., :3], k.j_torso_ang
            if with_bias:
                lin_bias, ang_bias = np.zeros(batch + (3,)), k.torso_ang_bias
        elif frame.startswith("leg") or frame.startswith("foot"):
            i = int(frame[3] if frame.startswith("leg") else frame[4]) - 1
            ha, hb, kap = (k.angles[..., i, j] for j in range(3))
            thigh = k.r @ _ry(ha) @ _rx(-hb)
            if frame.endswith("thigh"):
                rot, org, jl, ja = (
                    thigh,
                    k.hip[..., i, :],
                    k.j_hip[..., i, :, :],
                    k.j_thigh_ang[..., i, :, :],
                )
                if with_bias:
                    lin_bias, ang_bias = k.hip_bias[..., i, :], k.thigh_ang_bias[..., i, :]
            else:
                rot = thigh @ _rx(kap - np.pi)
                ja = k.j_shank_ang[..., i, :, :]
                if frame.endswith("shank"):
                    org, jl = k.knee[..., i, :], k.j_knee[..., i, :, :]
                    if with_bias:
                        lin_bias = k.knee_bias[..., i, :]
                else:
                    org, jl = k.foot[..., i, :], k.j_foot[..., i, :, :]
                    if with_bias:
                        lin_bias = k.foot_bias[..., i, :]
                if with_bias:
                    ang_bias = k.shank_ang_bias[..., i, :]
        else:  # tail_yoke, tail, tail_tip
            yoke = k.r @ _rx(k.q[..., 6])
            if frame == "tail_yoke":
                rot, org, jl = yoke, k.tail_joint, k.j_tail_joint
                ja = np.array(k.j_torso_ang)
                ja[..., :, 6] += k.tail_axes[..., 0, :]
                if with_bias:
                    w = _mv(k.j_torso_ang, k.v)
                    lin_bias = k.tail_joint_bias
                    ang_bias = (
                        k.torso_ang_bias + np.cross(w, k.tail_axes[..., 0, :]) * k.v[..., 6, None]
                    )
            else:
                rot, ja = yoke @ _rz(k.q[..., 7]), k.j_tail_ang
                if frame == "tail":
                    org, jl = k.tail_joint, k.j_tail_joint
                    if with_bias:
                        lin_bias = k.tail_joint_bias
                else:
                    org, jl = k.tail_tip, k.j_tail
                    if with_bias:
                        lin_bias = k.tail_bias
                if with_bias:
                    ang_bias = k.tail_ang_bias
        return rot, org, jl, ja, lin_bias, ang_bias

    def frame_placement(self, q, frame: str) -> np.ndarray:
        """4x4 pose of ``frame`` in the world (..., 4, 4)."""
        self._frame(frame)
        k = self.kinematics(q)
        rot, org, *_ = self._frame_terms(k, frame, False)
        out = np.zeros(k.q.shape[:-1] + (4, 4))
        out[..., :3, :3], out[..., :3, 3], out[..., 3, 3] = rot, org, 1.0
        return out

    def frame_jacobian(self, q, frame: str) -> np.ndarray:
        """J (..., 6, 8): [linear velocity of the frame origin; angular velocity], world axes."""
        self._frame(frame)
        k = self.kinematics(q)
        _, _, jl, ja, _, _ = self._frame_terms(k, frame, False)
        return np.concatenate((jl, ja), axis=-2)

    def frame_jacobian_dot_v(self, q, v, frame: str) -> np.ndarray:
        """J̇ v (..., 6): the origin's acceleration and the angular acceleration at q̈ = 0."""
        self._frame(frame)
        k = self.kinematics(q, v)
        *_, lb, ab = self._frame_terms(k, frame, True)
        return np.concatenate((lb, ab), axis=-1)

    def frame_motion(self, q, v, frame: str):
        """(placement, J, J̇ v) of ``frame`` from one kinematics pass."""
        self._frame(frame)
        k = self.kinematics(q, v)
        rot, org, jl, ja, lb, ab = self._frame_terms(k, frame, True)
        pose = np.zeros(k.q.shape[:-1] + (4, 4))
        pose[..., :3, :3], pose[..., :3, 3], pose[..., 3, 3] = rot, org, 1.0
        return pose, np.concatenate((jl, ja), axis=-2), np.concatenate((lb, ab), axis=-1)

    # ------------------------------------------------------------------ seams
    def leg_angles(self, q) -> np.ndarray:
        """The twelve leg angles (..., 4, 3) [θ_ha, θ_hb, θ_k] (rad), θ_k in the knee
        convention of the parameters."""
        ang = np.array(self.kinematics(q).angles)
        if self.params.knee == "deflection":
            ang[..., 2] = np.pi - ang[..., 2]
        return ang

    def actuator_state(self, q, v) -> tuple[np.ndarray, np.ndarray]:
        """(positions (..., 14) rad, velocities (..., 14) rad/s) of the 14 motors."""
        k = self.kinematics(q, v)
        pos = np.concatenate(
            (self.leg_angles(q).reshape(k.q.shape[:-1] + (12,)), k.q[..., 6:]), axis=-1
        )
        return pos, _mv(self._s(k), k.v)

    @property
    def constraint_names(self) -> tuple[str, ...]:
        """The four pinned feet ``foot1`` .. ``foot4`` (the plants publish their forces as
        ``constraint_forces/<foot>``), when :mod:`.contact` is installed; else ()."""
        return FOOT_FRAMES if _contact() is not None else ()

    def constraint_forces(self, q, v, tau, f_ext=None, *, friction: bool = True) -> dict:
        """{``foot<i>``: λ_i (3,)} (N, on the robot, world axes) at (q, v) under the generalized
        forces ``tau`` (8), by :func:`.contact.constraint_forces` (the constrained solution of
        the same robot with the motors resolved by :meth:`actuation_solve`)."""
        contact = _contact()
        if contact is None:
            raise DescriptionError(
                f"model '{self.name}': constraint_forces needs "
                "modyn_model.mechanisms.quadruped_tail.contact, which is not installed"
            )
        return contact.constraint_forces(self, q, v, tau, f_ext=f_ext, friction=friction)

    def conditioning(self, q) -> dict[str, np.ndarray]:
        """cond(J_τ,a), cond(S) and cos∠(j_ha1, j_ha2) (the paper's near-parallel rows, note
        §5.3) at q (...)."""
        s = self.actuation_matrix(q)
        ja = s[..., ACTIVE, :]
        r1, r2 = s[..., 0, :], s[..., 3, :]
        cos = np.einsum("...i,...i->...", r1, r2) / (
            np.linalg.norm(r1, axis=-1) * np.linalg.norm(r2, axis=-1)
        )
        return {"cond_J_tau_a": np.linalg.cond(ja), "cond_S": np.linalg.cond(s), "cos_ha1_ha2": cos}

    def diagnostics(self, q, v) -> dict[str, float]:
        """Per-state numbers for the plants: cond(J_τ,a), cond(S), and each leg's reach margin
        (l_th + l_sh − ‖s_i‖, m) at one state."""
        k = self.kinematics(q)
        c = self.conditioning(q)
        out = {key: float(val) for key, val in c.items()}
        reach = self.params.l_th + self.params.l_sh - np.linalg.norm(k.s, axis=-1)
        for i in range(4):
            out[f"leg{i + 1}.reach_margin"] = float(reach[..., i])
        return out

    def check_workspace(self, q) -> None:
        """None when every leg is inside its IK workspace, E(φ) is regular (exact mode) and the
        actuation is regular (cond(J_τ,a) with the paper's redundancy, else cond(S), below
        1e8); else :class:`StateError` naming the leg, the angle or the condition number."""
        q = self.check_state("q", q)
        kinematics(self.params, q)  # StateError naming the leg
        c = self.conditioning(q)
        key = "cond_J_tau_a" if self.redundancy == "paper" else "cond_S"
        cond = np.asarray(c[key])
        if (~(cond <= SINGULAR_CONDITION)).any():
            idx = tuple(np.argwhere(~(cond <= SINGULAR_CONDITION))[0])
            what = "J_τ,a" if key == "cond_J_tau_a" else "S"
            raise StateError(
                f"model '{self.name}': singular actuation at q = "
                f"{np.round(q[idx], 5).tolist()}: cond({what}) = {cond[idx]:.3g} > "
                f"{SINGULAR_CONDITION:g}"
            )
        return None


def _contact():
    """:mod:`.contact` (ground reaction forces, the generic constrained model), or None."""
    try:
        from . import contact
    except ImportError:
        return None
    return contact
