"""Task-space laws of a tip frame: PID through Jᵀ (§9.3.3) and computed torque (§9.4.3).

The task coordinates are the pose of a frame (a URDF link) in the base frame: its origin p (m)
and orientation R. Velocities are twists Ẋ = [ṗ; ω] = J(q) q̇, with J the geometric Jacobian
([linear; angular] rows in base axes, the model's ``frame_jacobian``; pose and J̇q̇ from its
``frame_placement`` and ``frame_jacobian_dot_v``). The pose error is e_x = [p_d − p; θu], where
θu is the rotation vector of R_d Rᵀ (base axes, :func:`modyn_model.so3.rotation_error`; to
first order the integral of ω_d − ω). ``rows`` selects the controlled components (e.g. [0, 2] for a planar
arm moving in x-z); the default is all six when the robot has ≥ 6 joints, else n independent
rows chosen automatically.

* :class:`TaskPID` [9.17] ``Γ = Jᵀ [K_p e_x + K_d (Ẋ_d − Ẋ) + K_I ∫ e_x dτ]`` (+ Q(q) with
  ``gravity=True``: [9.17] alone leaves the gravity load to the integral).
* :class:`TaskComputedTorque` [9.33] ``Γ = Â J⁺ (w − J̇ q̇) + Ĥ`` with [9.35]
  ``w = Ẍ_d + K_d (Ẋ_d − Ẋ) + K_p e_x``, evaluated as ``NE(q, q̇, J⁺(w − J̇q̇))``; on a perfect
  model Ẍ = w [9.34] and ë_x + K_d ė_x + K_p e_x = 0 [9.36] (exactly for the position rows).

J⁺ is a damped least-squares inverse: ``J⁺ = V diag(σ / (σ² + λ²)) Uᵀ`` with λ² = 0 while the
smallest singular value σ_min ≥ ε and ``λ² = (1 − (σ_min/ε)²) λ_max²`` below (Nakamura/
Maciejewski), so it equals J⁻¹ away from singularities and stays bounded near them.
The task reference comes from the :class:`~modyn_control.law_base.Reference`'s task fields,
or, when they are None, from the joint reference: X_d = f(q_d), Ẋ_d = J(q_d) q̇_d,
Ẍ_d = J(q_d) q̈_d + J̇(q_d) q̇_d (the inverse of [9.19]–[9.20]).
"""

from __future__ import annotations

import numpy as np

from modyn_model import algorithms
from modyn_model.contract import MechanismModel
from modyn_model.so3 import rotation_error

from .disturbance_observer import ObservedLaw
from .friction import FrictionTerm, checked_friction_velocity
from .gains import second_order_gains
from .law_base import ControlLaw, Reference, limits_array
from .laws import ControlError

__all__ = [
    "TaskKinematics",
    "rotation_error",
    "damped_pinv",
    "TaskPID",
    "TaskComputedTorque",
]


def damped_pinv(jac: np.ndarray, epsilon: float, lambda_max: float) -> np.ndarray:
    """Damped least-squares inverse of ``jac`` (m, n) (see the module docstring)."""
    u, s, vt = np.linalg.svd(jac, full_matrices=False)
    s_min = s[-1]
    lam2 = 0.0 if s_min >= epsilon else (1.0 - (s_min / epsilon) ** 2) * lambda_max**2
    return (vt.T * (s / (s * s + lam2))) @ u.T


class TaskKinematics:
    """Pose, Jacobian and J̇q̇ of one frame, from the model's contract.

    ``frame_motion`` of the model (:class:`~modyn_model.contract.MechanismModel`): placement,
    Jacobian and J̇q̇ at once; for a RobotModel from one forward-kinematics pass
    (:func:`modyn_model.kinematics.frame_motion`, equal to the complex-step J̇q̇ to rounding).

    Parameters
    ----------
    model : MechanismModel
    frame : str
        Name of the tip frame (a moving body or a frame fixed to one).
    """

    def __init__(self, model: MechanismModel, frame: str):
        self.model = model
        self.frame = frame
        # a frame no coordinate moves has a zero Jacobian (an unknown frame raises here)
        if not np.any(model.frame_jacobian(_generic(model), frame)):
            raise ControlError(f"task frame '{frame}' is fixed to the base: no joint moves it")

    def evaluate(self, q, v):
        """(p, R, J, Ẋ, J̇q̇) at (q, q̇): position (3,), rotation (3, 3), Jacobian (6, nv),
        twist (6,) and the bias acceleration J̇ q̇ (6,), all in base axes."""
        pose, jac, bias = self.model.frame_motion(q, v, self.frame)  # one kinematics pass
        return pose[:3, 3], pose[:3, :3], jac, jac @ np.asarray(v, float), bias


def _generic(model: MechanismModel) -> np.ndarray:
    """A fixed, generic configuration (nq) inside the limits: the neutral one moved by a
    deterministic pseudo-random step (no special alignment of the joint axes)."""
    rng = np.random.default_rng(12345)
    return model.integrate(model.neutral(), rng.uniform(-1.0, 1.0, model.nv), 1.0)


def _auto_rows(kin: TaskKinematics, n: int) -> list[int]:
    """n independent task rows (all 6 when n ≥ 6), from J at a fixed generic configuration."""
    if n >= 6:
        return list(range(6))
    jac = kin.model.frame_jacobian(_generic(kin.model), kin.frame)
    rows: list[int] = []
    for r in range(6):  # position rows first: the tip's place is what a task usually is
        trial = rows + [r]
        if np.linalg.matrix_rank(jac[trial], tol=1e-9) == len(trial):
            rows = trial
        if len(rows) == n:
            break
    return rows


class _TaskLaw(ControlLaw):
    """Shared set-up: frame kinematics, row selection, task reference."""

    def __init__(self, model, frame, rows=None, effort_limit=None):
        super().__init__(model, effort_limit)
        self.data = model.make_data()
        self.kin = TaskKinematics(model, frame)
        rows = _auto_rows(self.kin, self.nv) if rows is None or len(rows) == 0 else list(rows)
        if any(r not in range(6) for r in rows) or len(set(rows)) != len(rows):
            raise ControlError(f"task rows {rows}: expected distinct indices in 0..5")
        if len(rows) > self.nv:
            raise ControlError(f"task rows {rows}: more task components than the {self.nv} joints")
        self.rows = np.array(rows, dtype=int)
        self.m = len(rows)
        self.error = np.zeros(6)  # the last pose error e_x [p_d − p; θu] (m, rad)

    def _task_reference(self, ref: Reference):
        if ref.x_pos is not None:
            return ref.x_pos, ref.x_rot, ref.x_vel, ref.x_acc
        p_d, r_d, j_d, _, bias_d = self.kin.evaluate(ref.q, ref.v)
        return p_d, r_d, j_d @ ref.v, j_d @ ref.a + bias_d

    def _pose_error(self, q, v, ref: Reference):
        """Fill ``self.error`` = [p_d − p; θu] and return (Ẋ_d, Ẍ_d, J, Ẋ, J̇q̇) at (q, q̇)."""
        p_d, r_d, xd_d, xdd_d = self._task_reference(ref)
        p, rot, jac, twist, bias = self.kin.evaluate(q, v)
        self.error[:3] = p_d - p
        self.error[3:] = rotation_error(r_d, rot)
        return xd_d, xdd_d, jac, twist, bias

    def _gains(self, name, value, default=None) -> np.ndarray:
        arr = np.atleast_1d(np.asarray(value, dtype=float))
        if arr.size not in (1, self.m):
            raise ControlError(f"{name}: {arr.size} values for {self.m} task rows (give 1 or m)")
        bad = np.flatnonzero(~(np.isfinite(arr) & (arr >= 0.0)))
        if bad.size:
            raise ControlError(f"{name}[{int(bad[0])}] = {arr[bad[0]]}: must be finite and >= 0")
        return np.broadcast_to(arr, (self.m,)).copy()


class TaskPID(_TaskLaw):
    """Γ = Jᵀ [K_p e_x + K_d (Ẋ_d − Ẋ) + K_I ∫ e_x] (+ Q(q)) [9.17].

    Parameters
    ----------
    model : modyn_model.RobotModel
    frame : str
        Tip link.
    kp, kd, ki : float or (m,) array
        Task gains per controlled row: N/m, N·s/m, N/(m·s) for the position rows,
        N·m/rad, N·m·s/rad, N·m/(rad·s) for the orientation rows.
    rows : sequence of int, optional
        Controlled components of [x y z θx θy θz] (default: see the module docstring).
    gravity : bool
        Add Q(q) (default True).
    integral_limit : float or (m,) array, optional
        Clamp of K_I ∫e_x per row (N or N·m); default: no clamp.
    effort_limit : float or (n,) array, optional
    """

    name = "task_pid"

    def __init__(
        self,
        model,
        frame,
        kp,
        kd,
        ki=0.0,
        rows=None,
        gravity=True,
        integral_limit=None,
        effort_limit=None,
    ):
        super().__init__(model, frame, rows, effort_limit)
        self.kp = self._gains("task_kp", kp)
        self.kd = self._gains("task_kd", kd)
        self.ki = self._gains("task_ki", ki)
        self.gravity = bool(gravity)
        self.integral_limit = limits_array(integral_limit, self.m, "integral_limit")
        self.integral = np.zeros(self.m)
        self._t: float | None = None

    def reset(self, q, v) -> None:
        self.integral.fill(0.0)
        self._t = None

    def _compute(self, t, q, v, ref: Reference, out) -> None:
        xd_d, _, jac, twist, _ = self._pose_error(q, v, ref)
        e = self.error
        rows = self.rows
        e_r = e[rows]
        dt = 0.0 if self._t is None else t - self._t
        self._t = t
        if dt > 0.0:
            self.integral += self.ki * e_r * dt
            np.clip(self.integral, -self.integral_limit, self.integral_limit, out=self.integral)
        force = self.kp * e_r + self.kd * (xd_d[rows] - twist[rows]) + self.integral
        np.dot(jac[rows].T, force, out=out)  # Γ = Jᵀ F (virtual work)
        if self.gravity:
            out += algorithms.gravity(self.model, self.data, q)


class TaskComputedTorque(ObservedLaw, _TaskLaw):
    """Γ = NE(q, q̇, J⁺ (w − J̇ q̇)), w from [9.35] (see the module docstring).

    Parameters
    ----------
    model : modyn_model.RobotModel
    frame : str
    omega, zeta : float or (m,) array
        Natural frequency (rad/s) and damping ratio of each task row: K_p = ω², K_d = 2ζω.
    rows : sequence of int, optional
    epsilon, lambda_max : float
        Damped inverse: singular-value threshold ε and maximum damping λ_max (units of J).
    friction : bool
        Include the model's friction in Ĥ.
    effort_limit : float or (n,) array, optional
    observer_bandwidth : float or (n,) array, optional
        K_o (rad/s) of a disturbance observer whose estimate is added to Γ
        (:mod:`modyn_control.disturbance_observer`); None or 0: none.
    friction_velocity : {"measured", "desired"}
        Where Ĥ's friction Γf is evaluated: at q̇ (default, [9.33] as written) or at the joint
        reference's q̇_d (:mod:`modyn_control.friction`; what the node uses).
    """

    name = "task_computed_torque"

    def __init__(
        self,
        model,
        frame,
        omega,
        zeta=1.0,
        rows=None,
        epsilon=0.02,
        lambda_max=0.05,
        friction=True,
        effort_limit=None,
        observer_bandwidth=None,
        friction_velocity="measured",
    ):
        super().__init__(model, frame, rows, effort_limit)
        kp, kd = second_order_gains(omega, zeta)
        self.kp = self._gains("omega", kp)
        self.kd = self._gains("zeta", kd)
        for name, x in (("epsilon", epsilon), ("lambda_max", lambda_max)):
            if not (np.isfinite(x) and x >= 0.0):
                raise ControlError(f"{name} = {x}: must be finite and >= 0")
        self.epsilon, self.lambda_max = float(epsilon), float(lambda_max)
        self.friction = bool(friction)
        self.friction_velocity = checked_friction_velocity(friction_velocity)
        self._friction_term = (
            FrictionTerm(model) if self.friction and friction_velocity == "desired" else None
        )
        self.qdd = np.zeros(self.nv)  # the joint acceleration commanded last (rad/s²)
        self._init_observer(model, observer_bandwidth, self.friction, self.friction_velocity)

    def reset(self, q, v) -> None:
        if self.observer is not None:
            self.observer.reset()

    def warm_start(self, t, q, v, ref: Reference, tau) -> None:
        """With an observer, δ̂ takes the gap between ``tau`` and the law's torque."""
        if self.observer is not None:
            self.reset(q, v)
            self._warm_start_gap(t, q, v, ref, tau)

    def _compute(self, t, q, v, ref: Reference, out) -> None:
        xd_d, xdd_d, jac, twist, bias = self._pose_error(q, v, ref)
        e = self.error
        rows = self.rows
        w = xdd_d[rows] + self.kd * (xd_d[rows] - twist[rows]) + self.kp * e[rows]  # [9.35]
        j_inv = damped_pinv(jac[rows], self.epsilon, self.lambda_max)
        np.dot(j_inv, w - bias[rows], out=self.qdd)  # [9.33]: J⁺ (w − J̇ q̇)
        term = self._friction_term
        out[:] = algorithms.inverse_dynamics(
            self.model, self.data, q, v, self.qdd, friction=self.friction and term is None
        )
        if term is not None:
            term.add(ref.v, out)  # Γf at the joint reference's q̇_d
        if self.observer is not None:
            out += self.observer.estimate
