"""Numerical inverse kinematics of one frame, on modyn_model's geometric Jacobian.

The pose error of a frame at q with respect to a target (P*, A*) is the 6-vector

    e(q) = [P* − P(q);  log(A* A(q)ᵀ)]          (m; rad, base axes)

whose angular part is the rotation vector that turns A(q) into A*, about an axis fixed in the
base. To first order e(q + δq) = e(q) − J(q) δq with J the 6×n geometric Jacobian of
:meth:`modyn_model.RobotModel.jacobian` ([linear velocity of the frame origin; angular
velocity], base axes, the [linear; angular] order of Khalil [7.20]), so Newton's step
solves J δq = e.

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

:func:`jdot_qdot` gives J̇(q, q̇) q̇, the frame acceleration when q̈ = 0, exactly (complex-step
derivative of J along q̇, to rounding).

Pure numpy (no ROS). Errors are :class:`TaskSpaceError`, a
:class:`~modyn_trajectory.quintic.TrajectoryError`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from modyn_model.kinematics import frame_jacobian
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

#: Step h of the complex-step derivative in :func:`jdot_qdot` (q is perturbed by i h q̇); any
#: tiny value works, since no difference is taken.
_COMPLEX_STEP = 1e-30


#: Relative decrease of ‖e‖² below which an accepted step counts as stagnating; five in a row
#: end :func:`solve_ik` (a converging iteration gains orders of magnitude per step).
_STALL = 1e-3


class TaskSpaceError(TrajectoryError):
    """A task-space request that cannot be met; the text names the value and where it fails."""


# ----------------------------------------------------------------------------- rotations
def rotation_log(rotation: np.ndarray) -> np.ndarray:
    """Rotation vector α u of rotation matrices, 0 <= α <= π (rad); (..., 3, 3) -> (..., 3).

    The same extraction as Khalil [8.51] (from [2.34]-[2.37]): Cα = (trace − 1)/2 and
    2 Sα u = [R32 − R23, R13 − R31, R21 − R12], α = atan2(Sα, Cα). For α > π/2 the axis comes
    instead from the symmetric part (R + Rᵀ)/2 − Cα I = (1 − Cα) u uᵀ, whose largest column is
    accurate near α = π where Sα vanishes (the "§2.3.8" case the seed leaves out); its sign is
    taken from the antisymmetric part.

    Parameters
    ----------
    rotation : (..., 3, 3) array
        Rotation matrices.

    Returns
    -------
    (..., 3) array
        α u (rad), in the axes R acts on (for R = A^iᵀ A^f: the end-effector frame at the
        start, as in [8.49]). Zero for the identity.
    """
    r = np.asarray(rotation, dtype=float)
    c = 0.5 * (r[..., 0, 0] + r[..., 1, 1] + r[..., 2, 2] - 1.0)
    v = 0.5 * np.stack(
        [r[..., 2, 1] - r[..., 1, 2], r[..., 0, 2] - r[..., 2, 0], r[..., 1, 0] - r[..., 0, 1]],
        axis=-1,
    )  # Sα u
    s = np.sqrt(np.einsum("...i,...i->...", v, v))
    angle = np.arctan2(s, c)  # Khalil [8.51]
    # α <= π/2: u = v / Sα is accurate, and α / Sα -> 1 as α -> 0
    ratio = np.divide(angle, s, out=np.ones_like(s), where=s > 0.0)
    out = v * ratio[..., None]
    wide = c < 0.0
    if np.any(wide):
        rw, cw, vw = r[wide], c[wide], v[wide]
        b = 0.5 * (rw + np.swapaxes(rw, -1, -2)) - cw[:, None, None] * np.eye(3)  # (1−Cα) u uᵀ
        k = np.argmax(np.diagonal(b, axis1=-2, axis2=-1), axis=-1)
        u = np.take_along_axis(b, k[:, None, None], axis=-1)[..., 0]
        u /= np.linalg.norm(u, axis=-1, keepdims=True)
        u *= np.where(np.einsum("...i,...i->...", u, vw) < 0.0, -1.0, 1.0)[:, None]
        out[wide] = angle[wide][:, None] * u
    return out


def rotation_exp(rotation_vector: np.ndarray) -> np.ndarray:
    """Rotation matrix rot(u, α) of the rotation vector α u (Rodrigues), (3,) -> (3, 3)."""
    w = np.asarray(rotation_vector, dtype=float)
    angle = math.sqrt(float(w @ w))
    if angle == 0.0:
        return np.eye(3)
    k = np.array([[0.0, -w[2], w[1]], [w[2], 0.0, -w[0]], [-w[1], w[0], 0.0]]) / angle
    return np.eye(3) + math.sin(angle) * k + (1.0 - math.cos(angle)) * (k @ k)


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
    e[3:] = rotation_log(rotation @ pose[:3, :3].T)
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
    model,
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
    model : modyn_model.RobotModel
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
        u, s, vt = np.linalg.svd(model.jacobian(q, frame), full_matrices=False)
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
            q_try = q + dq
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
    sv = _singular_values(model.jacobian(q, frame))
    return IKResult(
        q=q,
        converged=ep <= tolerance and eo <= tolerance,
        position_residual=ep,
        orientation_residual=eo,
        iterations=iterations,
        evaluations=evaluations,
        min_singular_value=float(sv[-1]),
    )


def check_joint_limits(model, q, where: str = "", margin: float = 1e-9) -> None:
    """Raise :class:`TaskSpaceError` naming the first joint of ``q`` outside its limits.

    Parameters
    ----------
    model : modyn_model.RobotModel
        Its ``lower``/``upper`` limits (±inf when absent, e.g. continuous joints).
    q : (n,) array
        Configuration (rad or m).
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
                f"'{model.joint_names[j]}' = {q[j]:.6g} is {word} its limit {bound[j]:.6g}"
            )


# ----------------------------------------------------------------------------- J̇ q̇
def jdot_qdot(model, q, qdot, frame: str) -> np.ndarray:
    """J̇(q, q̇) q̇ of ``frame``: its [linear; angular] acceleration (base axes) when q̈ = 0.

    With ẋ = [ṗ; ω] = J(q) q̇ (ṗ the velocity of the frame origin), ẍ = J q̈ + J̇ q̇, so
    q̈ = J⁺(ẍ − J̇ q̇) for a desired ẍ. J̇ = Σ_k ∂J/∂q_k q̇_k is the derivative of J along q̇,
    computed as Im J(q + i h q̇) / h (complex step: no subtraction, exact to rounding; the
    kinematics of modyn_model accept complex q).

    Parameters
    ----------
    model : modyn_model.RobotModel
    q, qdot : (..., n) arrays
        Configuration (rad or m) and joint velocity (rad/s or m/s).
    frame : str
        A frame (link) of ``model``.

    Returns
    -------
    (..., 6) array
        [p̈; ω̇] with q̈ = 0 (m/s², rad/s²), base axes, at the frame origin.
    """
    q = model.check_state("q", q)
    v = model.check_state("qdot", qdot)
    h = _COMPLEX_STEP
    jac = frame_jacobian(model, q + 1j * h * v, frame)
    return np.einsum("...ij,...j->...i", jac.imag / h, v)
