"""The quadruped with a tail as a *generic* constrained floating-base model (issue 17): the
independent cross-check of the virtual-work model of this package (note §6.2).

Nothing here uses the paper's dynamics (Eqs. 32–55). The robot is the generated URDF (a floating
torso, four 3-joint legs, a 2-joint tail, a ``foot<i>`` frame at each shank tip) loaded as a
:class:`~modyn_model.floating.FloatingBaseModel` (Newton–Euler / CRBA on rigid bodies, rods with
I = m L²/12, which the note's §3.2 shows equal to the ideal-bar lumping) and closed by four
:class:`~modyn_model.constraints.PointContact` constraints that pin each ``foot<i>`` origin at d_i
(3 rows each, 12 in all): a :class:`~modyn_model.constraints.ConstrainedModel`.

Coordinates
-----------
Full (the generic model's, CONTRACT14): x = [p (3), Q = (w, x, y, z) of R (4), joints (14)],
nx = 21; ẋ ≡ ν = [v_B = Rᵀ ṗ (3), ω_B (3), joint rates (14)], 20 velocities (base axes, the
floating model's convention); the joints in the generic model's own order (``joint_names``).
Reduced (the paper's, §1.4): q = [p, φ_x, φ_y, φ_z, θ_ta, θ_tb], q̇ = v.

The state map reduced → full (:meth:`GenericQuadrupedTail.full_state`)
-----------------------------------------------------------------------
* base pose: p, and R(φ) = R_z(φ_z) R_y(φ_y) R_x(φ_x) (Eq. 1) as a quaternion;
* leg joints: the closed-form leg IK of the reduced model (Eqs. 6–9, fixed; passed in as
  ``leg_ik``), then polished by Newton steps on the generic model's own foot positions
  (|foot_i − d_i| ≤ 1e-12 m), so the full configuration satisfies the generic constraints to
  round-off whatever the IK's accuracy; a leg whose Newton iteration fails is a
  :class:`~modyn_model.errors.StateError` naming it;
* tail joints: θ_ta, θ_tb;
* base twist: v_B = Rᵀ ṗ, ω_B = Rᵀ ω with the *exact* ω = E(φ) φ̇ (note §1.6)::

      E(φ) = [R_z R_y e_x, R_z e_y, e_z] = [[cφz cφy, −sφz, 0], [sφz cφy, cφz, 0], [−sφy, 0, 1]]

* leg joint rates from the generic constraint Jacobian J_c = [J_b | J_l | 0] (12 × 20, columns:
  base twist, the 12 leg joints, the 2 tail joints): J_c ν = 0 ⇒ q̇_l = −J_l⁻¹ J_b ν_B (J_l is
  block diagonal, one 3 × 3 block per leg, singular exactly where a leg is stretched or folded).

So ν = T(q) q̇ with T = ∂ν/∂q̇ (20 × 8), the basis of the constraint null space in which the
reduced coordinates live (J_c T = 0)::

      T = [[Rᵀ, 0, 0], [0, Rᵀ E, 0], [−J_l⁻¹ J_b [[Rᵀ, 0], [0, Rᵀ E]], 0], [0, 0, I₂]]

and the full acceleration is ν̇ = T q̈ + Ṫ q̇ with (:meth:`~GenericQuadrupedTail.tangent_bias`)

      Ṫ q̇ = [−ω_B × v_B;  Rᵀ Ė φ̇;  −J_l⁻¹ (γ + J_b (Ṫq̇)_B);  0]

(d/dt(Rᵀ ṗ) = −ω_B × Rᵀ ṗ + Rᵀ p̈ since Ṙ = R [ω_B]×; d/dt(Rᵀ E φ̇) = Rᵀ (E φ̈ + Ė φ̇) as
ω_B × ω_B = 0; γ = J̇_c ν the constraints' acceleration bias: J_c ν̇ + γ = 0).

The reduced dynamics of the generic model (the projection, Mistry et al. 2010, note §6.2)
------------------------------------------------------------------------------------------
With M(x), h(x, ν) the floating model's mass matrix and bias, S_f = [0 | I₁₄] its actuation
(the 14 joints, reordered to the contract's actuators) and λ the foot forces, the full equations
M ν̇ + h = S_fᵀ u + J_cᵀ λ projected on T (Tᵀ J_cᵀ = 0 removes λ) give

      Tᵀ M T q̈ + Tᵀ (M Ṫ q̇ + h) = Tᵀ S_fᵀ u,

i.e. the reduced M = Tᵀ M T, h = C + G = Tᵀ (M Ṫ q̇ + h) and Sᵀ = Tᵀ S_fᵀ, S = S_f T: the rows
of T for the 14 motor joints (the joint Jacobians of Eq. 37 regrouped). The virtual-work model
in exact mode (ω = E φ̇) must equal these (``test_quadruped_tail_generic.py``); in paper mode
(ω = φ̇, Eq. 2) it does not, except where E = I.

Forward dynamics is solved in full coordinates by the KKT system of
:mod:`~modyn_model.constraints.solve` (Baumgarte gains 0 at an exact state) and mapped back
(:meth:`~GenericQuadrupedTail.reduced_acceleration`); :func:`simulate_generic` integrates the
full state (quaternion kinematics, RK4) with Baumgarte stabilisation. Units SI (m, rad, kg, N,
N·m); one state per call (no batch axis).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from ...constraints import ConstrainedModel, PointContact
from ...errors import ModelError, StateError
from ...floating import FloatingBaseModel
from ...so3 import matrix_to_quaternion, quaternion_to_matrix
from .kinematics import euler_rate_matrix, euler_rate_matrix_dot, hip_to_foot, leg_ik
from .kinematics import rotation as rotation_xyz
from .urdf import ACTUATED_JOINTS, FOOT_FRAMES, generate_urdf

__all__ = [
    "ACTUATOR_NAMES",
    "FOOT_NAMES",
    "GenericQuadrupedTail",
    "GenericTrajectory",
    "euler_from_rotation",
    "simulate_generic",
]

#: the 14 motors in the contract's order (QTAIL17 "Contract decisions"), the URDF's joint names
ACTUATOR_NAMES = ACTUATED_JOINTS
#: the foot frames of the generated URDF, which are also the constraint names
FOOT_NAMES = FOOT_FRAMES
#: Baumgarte gains (k_p 1/s², k_d 1/s) of :func:`simulate_generic` (critically damped, 0.1 s)
DEFAULT_BAUMGARTE = (100.0, 20.0)
_NEWTON_TOL = 1e-12  # m, foot position residual of the polished leg joints
_NEWTON_ITER = 20


# ---------------------------------------------------------------------- fixed-axis XYZ angles
def euler_from_rotation(r) -> np.ndarray:
    """φ (3,) with R(φ) = r (Eq. 1, :func:`~.kinematics.rotation`), φ_y ∈ [−π/2, π/2] (the branch of the reduced
    model's coordinates near zero); StateError at the singularity cos φ_y = 0."""
    r = np.asarray(r, dtype=float)
    cy = np.hypot(r[0, 0], r[1, 0])
    if cy < 1e-9:
        raise StateError(
            f"the torso orientation has cos(phi_y) = {cy:.3g}: the XYZ angles (and E(phi)) are "
            "singular there"
        )
    return np.array(
        [np.arctan2(r[2, 1], r[2, 2]), np.arctan2(-r[2, 0], cy), np.arctan2(r[1, 0], r[0, 0])]
    )


def _cross(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    return np.array(
        [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]
    )


def _vector(name: str, x, n: int) -> np.ndarray:
    arr = np.asarray(x, dtype=float)
    if arr.shape != (n,) or not np.isfinite(arr).all():
        raise StateError(f"{name} must be {n} finite numbers, got {x!r}")
    return arr


# ---------------------------------------------------------------------- the generic model
class GenericQuadrupedTail:
    """The URDF robot as a FloatingBaseModel with the four feet pinned (module docstring).

    Parameters
    ----------
    urdf : str
        The generated URDF text (or a path): a floating torso, joints named as
        :data:`ACTUATOR_NAMES`, links ``foot1`` .. ``foot4`` at the shank tips. The URDF's leg
        joint angles must be the reduced model's θ_ha, θ_hb, θ_k (so that ``leg_ik`` seeds them);
        the Newton polish then only removes round-off.
    feet : (4, 3)
        d_i, the ground points of the feet (m, world).
    leg_ik : callable (p (3,), R (3, 3)) -> (4, 3)
        The reduced model's closed-form leg IK: per leg [θ_ha, θ_hb, θ_k] (rad).
    gravity : (3,)
        Gravity (m/s², world), default (0, 0, −9.8067) (Table 1).
    baumgarte : (k_p, k_d)
        Stabilisation of :attr:`stabilised` (used by :func:`simulate_generic`).

    Attributes
    ----------
    floating : FloatingBaseModel
        The unconstrained robot (nq 21, nv 20, nu 14 in its ``joint_names`` order).
    exact : ConstrainedModel
        The feet pinned, Baumgarte gains 0 (KKT at exact states, γ = J̇_c ν).
    stabilised : ConstrainedModel
        The same with ``baumgarte`` (for integration).
    actuator_index : (14,) int
        Velocity index in ν of each motor of :data:`ACTUATOR_NAMES`.
    """

    def __init__(
        self,
        urdf: str,
        feet,
        leg_ik: Callable[[np.ndarray, np.ndarray], np.ndarray],
        *,
        gravity: Sequence[float] = (0.0, 0.0, -9.8067),
        baumgarte=DEFAULT_BAUMGARTE,
    ):
        feet = np.asarray(feet, dtype=float)
        if feet.shape != (4, 3) or not np.isfinite(feet).all():
            raise ModelError(f"feet must be a finite (4, 3) array of ground points, got {feet!r}")
        self.feet = feet.copy()
        self.feet.flags.writeable = False
        self.leg_ik = leg_ik
        self.floating = FloatingBaseModel.from_urdf(urdf, gravity=gravity)
        names = self.floating.joint_names
        missing = [a for a in ACTUATOR_NAMES if a not in names]
        extra = [j for j in names if j not in ACTUATOR_NAMES]
        if missing or extra:
            raise ModelError(
                f"{self.floating.source}: the URDF's joints must be exactly {list(ACTUATOR_NAMES)}"
                f"; missing {missing}, unexpected {extra}"
            )
        frames = set(self.floating.frame_names)
        no_foot = [f for f in FOOT_NAMES if f not in frames]
        if no_foot:
            raise ModelError(f"{self.floating.source}: no foot frame(s) {no_foot} in the URDF")
        self.actuator_index = np.array([6 + names.index(a) for a in ACTUATOR_NAMES])
        #: per leg, the ν indices of [hip_a, hip_b, knee]
        self.leg_index = self.actuator_index[:12].reshape(4, 3)
        self.tail_index = self.actuator_index[12:]
        contacts = [
            PointContact(f, f, anchor=self.feet[i]) for i, f in enumerate(FOOT_NAMES)
        ]
        self.exact = ConstrainedModel(self.floating, contacts, (0.0, 0.0))
        self.stabilised = ConstrainedModel(self.floating, contacts, baumgarte)
        self.constraint_names = FOOT_NAMES
        self.mass = self.floating.mass
        self._last_rows: tuple[bytes, np.ndarray] | None = None

    @classmethod
    def from_parameters(cls, params, **kwargs) -> GenericQuadrupedTail:
        """The generic model of :class:`~.parameters.QuadrupedTailParameters`: the generated
        URDF (:func:`~.urdf.generate_urdf`), the feet d_i, gravity (0, 0, −g) and the reduced
        model's leg IK (:func:`~.kinematics.leg_ik`, interior κ; the URDF's knee value is κ in
        the interior convention, π − κ in the deflection one)."""
        deflection = params.knee == "deflection"

        def ik(p, r):
            angles = leg_ik(params, hip_to_foot(params, p, r))
            if deflection:
                angles = angles.copy()
                angles[:, 2] = np.pi - angles[:, 2]
            return angles

        return cls(
            generate_urdf(params),
            params.feet,
            ik,
            gravity=(0.0, 0.0, -params.g),
            **kwargs,
        )

    # ------------------------------------------------------------------ state maps
    def _legs(self, x: np.ndarray) -> None:
        """Newton polish of the 12 leg joints of ``x`` (in place): each foot on its d_i. The
        constraint rows J_c at the final x (the feet's origin Jacobians, world axes, as
        PointContact's with point 0) are kept for :meth:`_leg_blocks` (one ``frame_motion``
        per foot gives both the position and the Jacobian)."""
        m = self.floating
        zero = np.zeros(m.nv)
        jac = np.empty((12, m.nv))
        for i, foot in enumerate(FOOT_NAMES):
            cols = self.leg_index[i]
            for _ in range(_NEWTON_ITER):
                pose, j6, _ = m.frame_motion(x, zero, foot)
                err = pose[:3, 3] - self.feet[i]
                if np.abs(err).max() <= _NEWTON_TOL:
                    break
                x[cols + 1] -= np.linalg.solve(j6[:3, cols], err)  # q index = ν index + 1
            else:
                raise StateError(
                    f"leg {i + 1}: its joints do not reach the foot point d_{i + 1} = "
                    f"{self.feet[i].tolist()} (residual {np.abs(err).max():.3g} m after "
                    f"{_NEWTON_ITER} Newton steps): outside the leg's workspace"
                )
            jac[3 * i : 3 * i + 3] = j6[:3]
        self._last_rows = (x.tobytes(), jac)

    def full_configuration(self, q) -> np.ndarray:
        """x (21,) of the reduced q (8,): base pose, leg IK (polished), tail."""
        q = _vector("q", q, 8)
        r = rotation_xyz(q[3:6])
        x = np.zeros(self.floating.nq)
        x[:3] = q[:3]
        x[3:7] = matrix_to_quaternion(r)
        angles = np.asarray(self.leg_ik(q[:3].copy(), r), dtype=float).reshape(4, 3)
        x[self.leg_index.ravel() + 1] = angles.ravel()
        x[self.tail_index + 1] = q[6:8]
        self._legs(x)
        return x

    def _base_map(self, q: np.ndarray) -> np.ndarray:
        """B (6, 6): [v_B; ω_B] = B [ṗ; φ̇] (exact ω = E φ̇)."""
        rt = rotation_xyz(q[3:6]).T
        b = np.zeros((6, 6))
        b[:3, :3] = rt
        b[3:, 3:] = rt @ euler_rate_matrix(q[3:6])
        return b

    def _leg_blocks(self, x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(J_b (12, 6), J_l (4, 3, 3) per-leg blocks) of the constraint Jacobian (the rows
        :meth:`_legs` computed when ``x`` is the configuration it just built)."""
        last = self._last_rows
        if last is not None and last[0] == np.asarray(x, dtype=float).tobytes():
            jac = last[1]
        else:
            jac = self.exact.constraint_jacobian(x)
        jl = np.stack([jac[3 * i : 3 * i + 3, self.leg_index[i]] for i in range(4)])
        return jac[:, :6], jl

    def tangent_map(self, q, x=None) -> np.ndarray:
        """T (20, 8) = ∂ν/∂q̇ at q (module docstring): ν = T q̇, J_c T = 0. ``x`` (the full
        configuration of q) saves the IK when known."""
        q = _vector("q", q, 8)
        x = self.full_configuration(q) if x is None else x
        jb, jl = self._leg_blocks(x)
        b = self._base_map(q)
        t = np.zeros((self.floating.nv, 8))
        t[:6, :6] = b
        for i in range(4):
            t[self.leg_index[i], :6] = -np.linalg.solve(jl[i], jb[3 * i : 3 * i + 3] @ b)
        t[self.tail_index, 6:] = np.eye(2)
        return t

    def full_state(self, q, v) -> tuple[np.ndarray, np.ndarray]:
        """(x (21,), ν (20,)) of the reduced (q, q̇)."""
        v = _vector("v", v, 8)
        x = self.full_configuration(q)
        return x, self.tangent_map(q, x) @ v

    def tangent_bias(self, q, v, x=None, t=None) -> np.ndarray:
        """Ṫ q̇ (20,): the full acceleration at q̈ = 0 (module docstring)."""
        q = _vector("q", q, 8)
        v = _vector("v", v, 8)
        x = self.full_configuration(q) if x is None else x
        t = self.tangent_map(q, x) if t is None else t
        nu = t @ v
        rt = rotation_xyz(q[3:6]).T
        out = np.zeros(self.floating.nv)
        out[:3] = -_cross(nu[3:6], nu[:3])
        out[3:6] = rt @ (euler_rate_matrix_dot(q[3:6], v[3:6]) @ v[3:6])
        gamma = self.exact.acceleration_residual(x, nu, np.zeros_like(nu))  # γ (gains 0, φ = 0)
        jb, jl = self._leg_blocks(x)
        for i in range(4):
            rows = slice(3 * i, 3 * i + 3)
            out[self.leg_index[i]] = -np.linalg.solve(jl[i], gamma[rows] + jb[rows] @ out[:6])
        return out

    def full_acceleration(self, q, v, a) -> np.ndarray:
        """ν̇ = T q̈ + Ṫ q̇ (20,)."""
        a = _vector("a", a, 8)
        x = self.full_configuration(q)
        t = self.tangent_map(q, x)
        return t @ a + self.tangent_bias(q, v, x, t)

    def reduced_state(self, x, nu) -> tuple[np.ndarray, np.ndarray]:
        """(q, q̇) (8,) of a full state: p, φ from R (:func:`euler_from_rotation`), the tail
        joints; ṗ = R v_B, φ̇ = E⁻¹ R ω_B."""
        x = self.floating.check_state("x", x)
        nu = self.floating.check_velocity("nu", nu)
        r = quaternion_to_matrix(x[3:7] / np.linalg.norm(x[3:7]))
        phi = euler_from_rotation(r)
        q = np.concatenate([x[:3], phi, x[self.tail_index + 1]])
        v = np.concatenate(
            [r @ nu[:3], np.linalg.solve(euler_rate_matrix(phi), r @ nu[3:6]), nu[self.tail_index]]
        )
        return q, v

    def reduced_acceleration(self, x, nu, nudot) -> np.ndarray:
        """q̈ (8,) of a full acceleration: p̈ = R (v̇_B + ω_B × v_B), φ̈ = E⁻¹(R ω̇_B − Ė φ̇)."""
        q, v = self.reduced_state(x, nu)
        r = rotation_xyz(q[3:6])
        pdd = r @ (nudot[:3] + _cross(nu[3:6], nu[:3]))
        rhs = r @ nudot[3:6] - euler_rate_matrix_dot(q[3:6], v[3:6]) @ v[3:6]
        phidd = np.linalg.solve(euler_rate_matrix(q[3:6]), rhs)
        return np.concatenate([pdd, phidd, nudot[self.tail_index]])

    # ------------------------------------------------------------------ reduced dynamics
    def actuation_full(self, u) -> np.ndarray:
        """S_fᵀ u (20,): the 14 motor torques (:data:`ACTUATOR_NAMES` order) on ν."""
        u = _vector("u", u, 14)
        out = np.zeros(self.floating.nv)
        out[self.actuator_index] = u
        return out

    def projected(self, q, v) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(M_r (8, 8), h_r (8,), S_r (14, 8)) = (Tᵀ M T, Tᵀ (M Ṫ q̇ + h), S_f T): the generic
        model's reduced dynamics M_r q̈ + h_r = S_rᵀ u (module docstring)."""
        q = _vector("q", q, 8)
        v = _vector("v", v, 8)
        x = self.full_configuration(q)
        t = self.tangent_map(q, x)
        nu = t @ v
        mass = self.floating.mass_matrix(x)
        h = self.floating.bias_forces(x, nu, friction=False)
        tdv = self.tangent_bias(q, v, x, t)
        return t.T @ mass @ t, t.T @ (mass @ tdv + h), t[self.actuator_index]

    def mass_matrix(self, q) -> np.ndarray:
        """Tᵀ M T (8, 8)."""
        return self.projected(q, np.zeros(8))[0]

    def bias_forces(self, q, v) -> np.ndarray:
        """Tᵀ (M Ṫ q̇ + h) (8,) (N, N·m): C + G of the reduced model."""
        return self.projected(q, v)[1]

    def actuation_matrix(self, q) -> np.ndarray:
        """S_r = S_f T (14, 8): q̇_motors = S_r q̇."""
        q = _vector("q", q, 8)
        return self.tangent_map(q)[self.actuator_index]

    def inverse_dynamics(self, q, v, a) -> np.ndarray:
        """τ = Tᵀ (M (T q̈ + Ṫ q̇) + h) (8,): the generalized force the motors must produce
        (Sᵀ u = τ)."""
        m, h, _ = self.projected(q, v)
        return m @ _vector("a", a, 8) + h

    def solve(self, q, v, u) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """The KKT solution at the exact full state of (q, q̇) under motor torques u (14):
        (q̈ (8,), λ (4, 3) foot forces on the robot, world axes (N), x, ν̇)."""
        x, nu = self.full_state(q, v)
        nudot, lam = self.exact.constrained_forward_dynamics(
            x, nu, self.actuation_full(u), friction=False
        )
        forces = np.stack([lam[f] for f in FOOT_NAMES])
        return self.reduced_acceleration(x, nu, nudot), forces, x, nudot

    def forward_dynamics(self, q, v, u) -> np.ndarray:
        """q̈ (8,) under the 14 motor torques u, by the full KKT system."""
        return self.solve(q, v, u)[0]


# ---------------------------------------------------------------------- simulation
@dataclass(frozen=True)
class GenericTrajectory:
    """A run of :func:`simulate_generic`: ``t`` (N,), reduced ``q``, ``v`` (N, 8), the largest
    foot position residual (m) over the run, ``drift``."""

    t: np.ndarray
    q: np.ndarray
    v: np.ndarray
    drift: float


def _quat_rate(quat: np.ndarray, w: np.ndarray) -> np.ndarray:
    """Q̇ = ½ Q ⊗ (0, ω_B) (4,)."""
    qw, qx, qy, qz = quat
    wx, wy, wz = w
    return 0.5 * np.array(
        [
            -qx * wx - qy * wy - qz * wz,
            qw * wx + qy * wz - qz * wy,
            qw * wy + qz * wx - qx * wz,
            qw * wz + qx * wy - qy * wx,
        ]
    )


def simulate_generic(
    generic: GenericQuadrupedTail,
    q0,
    v0,
    torques: Callable[[float], np.ndarray],
    duration: float,
    dt: float = 1e-3,
) -> GenericTrajectory:
    """Integrate the generic model in full coordinates from the reduced (q0, v0).

    The state y = (p, Q, joints, ν) evolves by ṗ = R v_B, Q̇ = ½ Q ⊗ (0, ω_B), joints' = their
    rates, ν̇ = the KKT solution with Baumgarte stabilisation (``generic.stabilised``); classical
    RK4 with step ``dt`` (s) on y, Q renormalised after each step and before each evaluation.
    ``torques(t)`` gives the 14 motor torques (N·m, :data:`ACTUATOR_NAMES` order). The reduced
    state is recorded each step (:meth:`GenericQuadrupedTail.reduced_state`).
    """
    model = generic.stabilised
    x0, nu0 = generic.full_state(q0, v0)
    nx = x0.size
    y = np.concatenate([x0, nu0])

    def deriv(t: float, y: np.ndarray) -> np.ndarray:
        x = y[:nx].copy()
        x[3:7] /= np.linalg.norm(x[3:7])
        nu = y[nx:]
        r = quaternion_to_matrix(x[3:7])
        out = np.empty_like(y)
        out[:3] = r @ nu[:3]
        out[3:7] = _quat_rate(x[3:7], nu[3:6])
        out[7:nx] = nu[6:]
        tau = generic.actuation_full(torques(t))
        out[nx:] = model.forward_dynamics(x, nu, tau, friction=False)
        return out

    steps = int(round(duration / dt))
    ts = np.arange(steps + 1) * dt
    qs = np.empty((steps + 1, 8))
    vs = np.empty((steps + 1, 8))
    qs[0], vs[0] = generic.reduced_state(y[:nx], y[nx:])
    drift = 0.0
    for k in range(steps):
        t = ts[k]
        k1 = deriv(t, y)
        k2 = deriv(t + 0.5 * dt, y + 0.5 * dt * k1)
        k3 = deriv(t + 0.5 * dt, y + 0.5 * dt * k2)
        k4 = deriv(t + dt, y + dt * k3)
        y = y + dt / 6.0 * (k1 + 2.0 * k2 + 2.0 * k3 + k4)
        y[3:7] /= np.linalg.norm(y[3:7])
        qs[k + 1], vs[k + 1] = generic.reduced_state(y[:nx], y[nx:])
        drift = max(drift, float(np.abs(model.constraint_residual(y[:nx])).max()))
    return GenericTrajectory(ts, qs, vs, drift)
