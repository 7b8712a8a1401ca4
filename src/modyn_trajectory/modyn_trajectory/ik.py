"""Numerical inverse kinematics of one frame, on modyn_model's geometric Jacobian.

The pose error of a frame at q with respect to a target (P*, A*) is the 6-vector

    e(q) = [P* − P(q);  log(A* A(q)ᵀ)]          (m; rad, base axes)

whose angular part is the rotation vector that turns A(q) into A*, about an axis fixed in the
base. To first order e(q + δq) = e(q) − J(q) δq with J the 6×n geometric Jacobian of
``MechanismModel.frame_jacobian`` ([linear velocity of the frame origin; angular velocity],
base axes, the [linear; angular] order of Khalil [7.20]), so Newton's step solves J δq = e
(and q ⊕ δq is the model's ``integrate``).

:func:`solve_ik` takes damped least-squares steps (Levenberg-Marquardt):

    δq = Σ_i σ_i / (σ_i² + λ²) (u_iᵀ e) v_i         (J = Σ σ_i u_i v_iᵀ, SVD)

with λ = 0 (the Gauss-Newton / pseudo-inverse step, quadratic convergence) as long as the
step reduces ‖e‖, and λ raised tenfold, from a floor proportional to σ_max, whenever it does
not (near a singularity or at the border of the workspace, where the undamped step
overshoots). The damping is therefore only active where it is needed, as in
Nakamura-Hanafusa's singularity-robust inverse, but decided by the error actually obtained
rather than by a threshold on σ_min. No joint moves more than ``max_step`` in one step (a
trust region that keeps the iteration on the branch it starts from). It stops when both
‖P* − P‖ and the rotation angle are within the tolerance (1e-10 m / rad by default), or
reports failure (``converged`` False) with the best residual reached.

:func:`jdot_qdot` gives J̇(q, q̇) q̇, the frame acceleration when q̈ = 0: the model's
``frame_jacobian_dot_v`` (exact to rounding for a RobotModel, a complex-step derivative).
The rotation helpers ``rotation_log``/``rotation_exp`` live in :mod:`modyn_model.so3` and are
re-exported here for the callers of the first releases.

Pure numpy (no ROS). Errors are :class:`TaskSpaceError`, a
:class:`~modyn_trajectory.quintic.TrajectoryError`.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from modyn_model.contract import MechanismModel
from modyn_model.so3 import rotation_error, rotation_exp, rotation_log
from modyn_trajectory.quintic import TrajectoryError

__all__ = [
    "TaskSpaceError",
    "IKResult",
    "rotation_log",
    "rotation_exp",
    "pose_error",
    "solve_ik",
    "jdot_qdot",
    "check_joint_limits",
]

#: Relative decrease of ‖e‖² below which an accepted step counts as stagnating; five in a row
#: end :func:`solve_ik` (a converging iteration gains orders of magnitude per step).
_STALL = 1e-3


class TaskSpaceError(TrajectoryError):
    """A task-space request that cannot be met; the text names the value and where it fails."""


# ----------------------------------------------------------------------------- pose error
def pose_error(pose: np.ndarray, position: np.ndarray, rotation: np.ndarray) -> np.ndarray:
    """e = [P* − P; log(A* Aᵀ)] of a 4x4 ``pose`` with respect to (``position``, ``rotation``).

    Parameters
    ----------
    pose : (4, 4) array
        Current pose of the frame in the base frame.
    position : (3,) array
        Target origin P* in the base frame (m).
    rotation : (3, 3) array
        Target orientation A* in the base frame.

    Returns
    -------
    (6,) array
        Position error (m) and rotation vector (rad) from A to A*, both in base axes: the
        ordering of the geometric Jacobian, so that J δq = e is the Newton step.
    """
    e = np.empty(6)
    e[:3] = position - pose[:3, 3]
    e[3:] = rotation_error(rotation, pose[:3, :3])
    return e


# ----------------------------------------------------------------------------- IK
@dataclass(frozen=True)
class IKResult:
    """Outcome of :func:`solve_ik`.

    Attributes
    ----------
    q : (n,) array
        The solution when ``converged``, else the best configuration reached (rad or m).
    converged : bool
        Both residuals are within the tolerance.
    position_residual : float
        ‖P* − P(q)‖ (m).
    orientation_residual : float
        Angle of A* A(q)ᵀ (rad).
    iterations : int
        Accepted Newton/LM steps.
    evaluations : int
        Forward-kinematics evaluations (accepted and rejected trial steps).
    min_singular_value : float
        Smallest singular value of the 6×n Jacobian at ``q`` (0 when n < 6): its distance
        to a singular configuration (mixed units: m/rad for the linear rows, 1 for the
        angular rows of revolute joints).
    """

    q: np.ndarray
    converged: bool
    position_residual: float
    orientation_residual: float
    iterations: int
    evaluations: int
    min_singular_value: float


def _singular_values(jac: np.ndarray) -> np.ndarray:
    s = np.linalg.svd(jac, compute_uv=False)
    return s if jac.shape[1] >= 6 else np.append(s, np.zeros(6 - s.shape[0]))


def solve_ik(
    model: MechanismModel,
    frame: str,
    position,
    rotation,
    q0,
    *,
    tolerance: float = 1e-10,
    max_iterations: int = 100,
    max_step: float = 0.5,
) -> IKResult:
    """Configuration q near ``q0`` that puts ``frame`` at (``position``, ``rotation``).

    Damped least squares with adaptive (Levenberg-Marquardt) damping, see the module text.
    Joint limits are not enforced during the iteration (clamping would stall it on a face of
    the box); check the result with :func:`check_joint_limits`.

    Parameters
    ----------
    model : MechanismModel
    frame : str
        A frame (link) of ``model``.
    position : (3,) array
        Target origin in the base frame (m).
    rotation : (3, 3) array
        Target orientation in the base frame (a rotation matrix).
    q0 : (n,) array
        Start of the iteration (rad or m), e.g. the previous sample of a path.
    tolerance : float
        On both ‖P* − P‖ (m) and the angle of A* Aᵀ (rad).
    max_iterations : int
        Accepted steps before giving up; rejected trial steps count too, ten per accepted step
        at most.
    max_step : float
        Largest change of any joint in one step (rad or m): a trust region that keeps the
        iteration on the solution branch of ``q0`` instead of leaping to a distant solution
        (or a 2π multiple) when the linearisation is poor, near a singularity.

    Returns
    -------
    IKResult
        ``converged`` False when the tolerance was not met (target out of reach, stuck at a
        singularity, or a local minimum): ``q`` is then the best configuration found, never
        to be used as a solution.
    """
    p_target = np.asarray(position, dtype=float)
    r_target = np.asarray(rotation, dtype=float)
    q = np.array(q0, dtype=float)
    e = pose_error(model.frame_placement(q, frame), p_target, r_target)
    cost = float(e @ e)
    lam = 0.0
    iterations = evaluations = slow = 0
    budget = 10 * max_iterations
    s = None
    while True:
        ep, eo = float(np.linalg.norm(e[:3])), float(np.linalg.norm(e[3:]))
        if (ep <= tolerance and eo <= tolerance) or iterations >= max_iterations:
            break
        u, s, vt = np.linalg.svd(model.frame_jacobian(q, frame), full_matrices=False)
        ue = u.T @ e
        # floor of the damping once it is switched on: small against σ_max (unit-free)
        lam_floor = 1e-6 * float(s[0]) if s.size and s[0] > 0.0 else 1e-6
        improved = False
        while evaluations < budget:
            if lam > 0.0:
                f = s / (s * s + lam * lam)
            else:  # pseudo-inverse, rank-revealing cut at rounding level
                f = np.divide(1.0, s, out=np.zeros_like(s), where=s > 1e-14 * s[0])
            dq = vt.T @ (f * ue)
            biggest = float(np.max(np.abs(dq)))
            if biggest > max_step:
                dq *= max_step / biggest
            q_try = model.integrate(q, dq, 1.0)  # q ⊕ δq (q + δq for an arm)
            e_try = pose_error(model.frame_placement(q_try, frame), p_target, r_target)
            evaluations += 1
            cost_try = float(e_try @ e_try)
            if cost_try < cost:
                # stagnation: steps that gain almost nothing (a local minimum of ‖e‖ away
                # from 0, e.g. the arm stretched towards a target out of reach)
                slow = slow + 1 if cost_try > (1.0 - _STALL) * cost else 0
                q, e, cost = q_try, e_try, cost_try
                lam = 0.0 if lam <= lam_floor else lam / 10.0  # back to Gauss-Newton
                improved = True
                break
            lam = max(10.0 * lam, lam_floor)
            if lam > 1e6 * max(float(s[0]), 1.0):  # steps vanish: no descent left
                break
        if not improved or slow >= 5:
            break
        iterations += 1
    ep, eo = float(np.linalg.norm(e[:3])), float(np.linalg.norm(e[3:]))
    sv = _singular_values(model.frame_jacobian(q, frame))
    return IKResult(
        q=q,
        converged=ep <= tolerance and eo <= tolerance,
        position_residual=ep,
        orientation_residual=eo,
        iterations=iterations,
        evaluations=evaluations,
        min_singular_value=float(sv[-1]),
    )


def check_joint_limits(model: MechanismModel, q, where: str = "", margin: float = 1e-9) -> None:
    """Raise :class:`TaskSpaceError` naming the first joint of ``q`` outside its limits.

    Parameters
    ----------
    model : MechanismModel
        Its ``lower``/``upper`` limits (±inf when absent, e.g. continuous joints).
    q : (nq,) array
        Configuration (rad or m), in ``model.coordinate_names`` order.
    where : str
        Appended to the message (e.g. "at t = 0.3 s").
    margin : float
        Tolerance on the limits (rad or m), for rounding.
    """
    q = np.asarray(q, dtype=float)
    low = np.flatnonzero(q < model.lower - margin)
    high = np.flatnonzero(q > model.upper + margin)
    for idx, bound, word in ((low, model.lower, "below"), (high, model.upper, "above")):
        if idx.size:
            j = int(idx[0])
            raise TaskSpaceError(
                f"IK solution leaves the joint limits{(' ' + where) if where else ''}: joint "
                f"'{model.coordinate_names[j]}' = {q[j]:.6g} is {word} its limit {bound[j]:.6g}"
            )


# ----------------------------------------------------------------------------- J̇ q̇
def jdot_qdot(model: MechanismModel, q, qdot, frame: str) -> np.ndarray:
    """J̇(q, q̇) q̇ of ``frame``: its [linear; angular] acceleration (base axes) when q̈ = 0.

    A thin alias of :meth:`MechanismModel.frame_jacobian_dot_v` (for a
    :class:`~modyn_model.RobotModel`, :func:`modyn_model.kinematics.frame_jacobian_dot_v`: the
    complex-step derivative of J along q̇, exact to rounding). With ẋ = [ṗ; ω] = J(q) q̇,
    ẍ = J q̈ + J̇ q̇, so q̈ = J⁺(ẍ − J̇ q̇) for a desired ẍ.

    Parameters
    ----------
    model : MechanismModel
    q : (..., nq) array
        Configuration (rad or m).
    qdot : (..., nv) array
        Velocity (rad/s or m/s).
    frame : str
        A frame (link) of ``model``.

    Returns
    -------
    (..., 6) array
        [p̈; ω̇] with q̈ = 0 (m/s², rad/s²), base axes, at the frame origin.
    """
    return model.frame_jacobian_dot_v(q, qdot, frame)
