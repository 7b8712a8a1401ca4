"""Straight-line point-to-point motion in the task space (Khalil §8.4, [8.48]-[8.57]).

The tool frame E moves from its pose at q_start, ^0T_E^i = [A^i P^i; 0 1], to the target
^0T_E^f = [A^f P^f; 0 1] (both in the base frame of the model) by

    P(t) = P^i + r(t) (P^f − P^i)                          [8.53]
    A(t) = A^i rot(u, r(t) α)                              [8.54]

a translation along the straight segment of length D = ‖P^f − P^i‖ [8.48] and a rotation by
α about an axis u fixed in the end-effector frame, from A^i rot(u, α) = A^f [8.49]-[8.51]
(with the near-π branch of :func:`~modyn_model.so3.rotation_log`, since [8.51] divides by
Sα). A(t) stays on the geodesic between A^i and A^f. Both motions share one time law r(t),
0 -> 1, from :mod:`modyn_trajectory.profiles`; each of the two variables D (limits
k_v1 = max_linear_velocity, k_a1 = max_linear_acceleration) and α (k_v2, k_a2: the angular
limits) gets its minimum time and the motion takes the longest ([8.14], and §8.3.3's
synchronisation for the trapezoidal profiles), so the linear and angular peaks both stay within
their limits and at least one reaches it. The tool velocity and acceleration are then

    ṗ = ṙ (P^f − P^i),   ω = ṙ α A^i u               [8.57] (u in base axes: A(t) u = A^i u)
    p̈ = r̈ (P^f − P^i),   ω̇ = r̈ α A^i u

(ω̇ has no other term because the axis is fixed).

The joint trajectory is obtained sample by sample with the numerical inverse kinematics of
:mod:`modyn_trajectory.ik` (damped least squares on modyn_model's geometric Jacobian, each
sample warm-started from the previous one extrapolated along its velocity and acceleration),
then

    q̇ = J⁺ [ṗ; ω],   q̈ = J⁺ ([p̈; ω̇] − J̇ q̇)

with J̇ q̇ exact (the model's ``frame_jacobian_dot_v``). The joint path is thus the
continuation of q_start's IK branch along the line. Before it, the target alone is solved
directly (from q_start, then from a fixed set of spread-out configurations): when no solution
inside the joint limits is found, the target is reported out of reach. The plan fails with a
:class:`~modyn_trajectory.ik.TaskSpaceError` naming the place and the value rather than return a
wrong trajectory: target out of reach, IK not converged along the line, a configuration closer
to singular than ``min_singular_value``, a joint out of its position or velocity limits, or a
jump of the IK to another solution branch between two samples.

Between samples a controller interpolates the joints, not the tool: the plan reports how far
the quintic Hermite interpolation of (q, q̇, q̈) (:class:`~modyn_trajectory.quintic.
PiecewiseQuintic`, what a JointTrajectory follower does with positions, velocities and
accelerations) strays from the line and the geodesic, on a grid ``refine`` times finer.

Pure numpy (no ROS). Units: m, rad, s.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from modyn_model.contract import MechanismModel
from modyn_model.errors import ModynError
from modyn_model.so3 import (
    quaternion_from_xyzw,
    quaternion_to_matrix,
    rotation_exp,
    rotation_log,
)
from modyn_trajectory.ik import TaskSpaceError, check_joint_limits, solve_ik
from modyn_trajectory.profiles import PROFILE_KINDS, minimum_time_profile
from modyn_trajectory.quintic import PiecewiseQuintic

__all__ = [
    "TaskSpaceError",
    "TaskSpacePlan",
    "plan_straight_line",
    "rotation_from_quaternion",
    "axis_angle",
    "line_deviation",
    "geodesic_deviation",
]

#: Aliases accepted for ``profile`` besides :data:`~modyn_trajectory.profiles.PROFILE_KINDS`.
_PROFILE_ALIASES = {"trapezoidal": "trapezoid", "bang-bang": "bang_bang"}

#: Spread-out configurations tried by the direct IK when it fails from q_start.
_SPREAD_STARTS = 8

#: Distances (m) and angles (rad) at or below this do not set the duration (they are rounding:
#: FK is not more accurate); the motion still ends exactly at the target.
_NEGLIGIBLE = 1e-12


# ----------------------------------------------------------------------------- inputs
def _number(x, what: str, unit: str) -> float:
    try:
        v = float(x)
    except (TypeError, ValueError):
        raise TaskSpaceError(f"{what} = {x!r}: not a number ({unit})") from None
    if not (math.isfinite(v) and v > 0.0):
        raise TaskSpaceError(f"{what} = {v}: must be finite and > 0 ({unit})")
    return v


def _array(x, shape: tuple[int, ...], what: str, names=None) -> np.ndarray:
    try:
        arr = np.array(x, dtype=float)
    except (TypeError, ValueError) as exc:
        raise TaskSpaceError(f"{what}: not an array of numbers ({exc})") from None
    if arr.shape != shape:
        raise TaskSpaceError(f"{what}: shape {arr.shape}, expected {shape}")
    bad = np.argwhere(~np.isfinite(arr))
    if bad.size:
        idx = tuple(int(i) for i in bad[0])
        where = f"[joint '{names[idx[0]]}']" if names is not None else str(list(idx))
        raise TaskSpaceError(f"{what}{where} is {arr[idx]}")
    return arr


def rotation_from_quaternion(quaternion) -> np.ndarray:
    """Rotation matrix of a unit quaternion given as (x, y, z, w), the geometry_msgs order.

    The message-boundary helper: the library's order is (w, x, y, z)
    (:mod:`modyn_model.so3`); this checks the message's values, reorders them with
    :func:`~modyn_model.so3.quaternion_from_xyzw` and converts with
    :func:`~modyn_model.so3.quaternion_to_matrix`.

    Parameters
    ----------
    quaternion : (4,) array
        (x, y, z, w); its norm must be 1 within 1e-3 (it is then normalised). The all-zero
        quaternion of a default-constructed message is rejected.

    Returns
    -------
    (3, 3) array
    """
    x, y, z, w = _array(quaternion, (4,), "quaternion (x, y, z, w)")
    norm = math.sqrt(x * x + y * y + z * z + w * w)
    if abs(norm - 1.0) > 1e-3:
        raise TaskSpaceError(
            f"quaternion (x, y, z, w) = ({x}, {y}, {z}, {w}) has norm {norm:.6g}: not a unit "
            "quaternion"
        )
    return quaternion_to_matrix(quaternion_from_xyzw(np.array([x, y, z, w]) / norm))


def _rotation(x, what: str) -> np.ndarray:
    try:
        quaternion = np.size(x) == 4
    except ValueError:  # a ragged nesting: let _array name it
        quaternion = False
    if quaternion:
        return rotation_from_quaternion(np.ravel(x))
    r = _array(x, (3, 3), what)
    err = float(np.max(np.abs(r.T @ r - np.eye(3))))
    if err > 1e-6 or np.linalg.det(r) < 0.0:
        raise TaskSpaceError(
            f"{what} is not a rotation matrix: max |RᵀR − I| = {err:.3g}, det = "
            f"{np.linalg.det(r):.6g}"
        )
    return r


def _target(target) -> tuple[np.ndarray, np.ndarray]:
    """(position (3,), rotation (3, 3)) of a 4x4 transform or a (position, rotation) pair."""
    if isinstance(target, (tuple, list)) and len(target) == 2:
        p = _array(target[0], (3,), "target position")
        return p, _rotation(target[1], "target rotation")
    t = _array(target, (4, 4), "target (4x4 transform, or (position, rotation))")
    if np.any(t[3] != (0.0, 0.0, 0.0, 1.0)):
        raise TaskSpaceError(f"target: last row {t[3].tolist()}, expected [0, 0, 0, 1]")
    return t[:3, 3].copy(), _rotation(t[:3, :3], "target rotation")


def axis_angle(rotation_start, rotation_goal) -> tuple[np.ndarray, float]:
    """u and α of A^i rot(u, α) = A^f [8.49]-[8.51], u in the end-effector frame at the start.

    Parameters
    ----------
    rotation_start, rotation_goal : (3, 3) arrays
        A^i and A^f in the base frame.

    Returns
    -------
    u : (3,) array
        Unit axis in the start end-effector frame (A^i u in base axes); zeros when α = 0.
    alpha : float
        0 <= α <= π (rad).
    """
    w = rotation_log(np.asarray(rotation_start).T @ np.asarray(rotation_goal))  # [8.50]
    alpha = float(np.linalg.norm(w))
    return (w / alpha if alpha > 0.0 else np.zeros(3)), alpha


# ----------------------------------------------------------------------------- deviations
def line_deviation(points, start, goal) -> np.ndarray:
    """Distance (m) of ``points`` (..., 3) from the segment [start, goal] (3,)."""
    p = np.asarray(points, dtype=float) - start
    d = np.asarray(goal, dtype=float) - start
    length2 = float(d @ d)
    if length2 == 0.0:
        return np.linalg.norm(p, axis=-1)
    lam = np.clip(p @ d / length2, 0.0, 1.0)
    return np.linalg.norm(p - lam[..., None] * d, axis=-1)


def geodesic_deviation(rotations, rotation_start, axis, alpha: float) -> np.ndarray:
    """Angle (rad) from each rotation (..., 3, 3) to the geodesic A^i rot(u, β), 0 <= β <= α.

    β is the projection of log(A^iᵀ R) on u, clipped to [0, α]; the angle of
    rot(u, β)ᵀ A^iᵀ R is returned, an upper bound of the distance that is exact to second
    order in it.
    """
    w = np.asarray(rotation_start).T @ np.asarray(rotations, dtype=float)
    rel = rotation_log(w)
    beta = np.clip(rel @ axis, 0.0, alpha)
    back = np.stack([rotation_exp(-b * axis) for b in np.ravel(beta)]).reshape(w.shape)
    return np.linalg.norm(rotation_log(back @ w), axis=-1)


# ----------------------------------------------------------------------------- the plan
@dataclass(frozen=True)
class TaskSpacePlan:
    """A straight-line task-space motion sampled in the joint space.

    Attributes
    ----------
    times : (m,) array
        Sample times (s), from 0 to ``duration`` (both included).
    positions, velocities, accelerations : (m, n) arrays
        q (rad or m), q̇, q̈ at the samples, joint order ``joint_names``.
    joint_names : tuple of str
    frame : str
        The tool frame moved along the line.
    duration : float
        t_f (s); 0 when the target is the start pose.
    profile : str
        The time law r(t) (one of :data:`~modyn_trajectory.profiles.PROFILE_KINDS`).
    path_parameter : (m,) array
        r(t_k), 0 -> 1.
    tip_positions : (m, 3) array
        P(t_k) [8.53] (m, base frame).
    tip_rotations : (m, 3, 3) array
        A(t_k) [8.54] (base frame).
    tip_velocities, tip_accelerations : (m, 6) arrays
        [ṗ; ω] (m/s, rad/s) and [p̈; ω̇] (m/s², rad/s²) of the frame origin, base axes.
    start_pose, target_pose : (4, 4) arrays
        ^0T_E^i and ^0T_E^f.
    distance : float
        D = ‖P^f − P^i‖ [8.48] (m).
    angle : float
        α [8.51] (rad).
    axis : (3,) array
        u in the start end-effector frame [8.49] (zeros when α = 0).
    max_ik_position_residual, max_ik_orientation_residual : float
        Largest IK residual over the samples (m, rad).
    min_singular_value : float
        Smallest singular value of the Jacobian over the samples.
    max_line_deviation : float
        Largest distance (m) from the segment of the tool origin moved by the joint-space
        interpolation (PiecewiseQuintic of q, q̇, q̈) between samples, on the fine grid.
    max_geodesic_deviation : float
        Likewise for the orientation: largest angle (rad) from the geodesic.
    ik_iterations : int
        Total accepted IK steps over the samples.
    """

    times: np.ndarray
    positions: np.ndarray
    velocities: np.ndarray
    accelerations: np.ndarray
    joint_names: tuple[str, ...]
    frame: str
    duration: float
    profile: str
    path_parameter: np.ndarray
    tip_positions: np.ndarray
    tip_rotations: np.ndarray
    tip_velocities: np.ndarray
    tip_accelerations: np.ndarray
    start_pose: np.ndarray
    target_pose: np.ndarray
    distance: float
    angle: float
    axis: np.ndarray
    max_ik_position_residual: float
    max_ik_orientation_residual: float
    min_singular_value: float
    max_line_deviation: float
    max_geodesic_deviation: float
    ik_iterations: int

    def to_piecewise_quintic(self) -> PiecewiseQuintic:
        """The joint trajectory as quintic Hermite segments through the samples (C²)."""
        return PiecewiseQuintic(self.times, self.positions, self.velocities, self.accelerations)


def _sample_times(duration: float, period: float) -> np.ndarray:
    """0, period, 2 period, ... and ``duration``; a grid time within 1e-6 period of the end
    is dropped in favour of it."""
    if duration <= 0.0:
        return np.zeros(1)
    count = math.floor(duration / period + 1e-9) + 1
    grid = period * np.arange(count)
    grid = grid[grid < duration - 1e-6 * period]
    return np.append(grid, duration)


def _time_law(kind: str, distance: float, angle: float, limits: tuple[float, ...]):
    """r(t) 0 -> 1 as a profile of one normalised variable per moving quantity.

    Each moving quantity x (D or α) with limits (k_v, k_a) becomes the variable r = x/|x| with
    limits (k_v/|x|, k_a/|x|); the synchronised profile of these variables [8.14] moves them
    identically, so any column is r(t).
    """
    v_lin, a_lin, v_ang, a_ang = limits
    parts = [
        (d, kv, ka)
        for d, kv, ka in ((distance, v_lin, a_lin), (angle, v_ang, a_ang))
        if d > _NEGLIGIBLE
    ]
    if not parts:
        return None
    d = np.array([p[0] for p in parts])
    kv = np.array([p[1] for p in parts]) / d
    ka = np.array([p[2] for p in parts]) / d
    return minimum_time_profile(kind, np.zeros(d.size), np.ones(d.size), kv, ka)


def plan_straight_line(
    model: MechanismModel,
    q_start,
    target,
    *,
    frame: str,
    max_linear_velocity: float,
    max_linear_acceleration: float,
    max_angular_velocity: float,
    max_angular_acceleration: float,
    profile: str = "quintic",
    sample_period: float = 0.01,
    ik_tolerance: float = 1e-10,
    min_singular_value: float = 1e-3,
    check_velocity_limits: bool = True,
    refine: int = 8,
) -> TaskSpacePlan:
    """Plan the straight-line motion of ``frame`` from its pose at ``q_start`` to ``target``.

    Parameters
    ----------
    model : MechanismModel
        The robot (nv >= 6 for an arbitrary pose; the Jacobian is 6×nv). Only mechanisms with
        nq = nv (the joint trajectory interpolates q with q̇).
    q_start : (nq,) array
        Current configuration (rad or m), at rest.
    target : (4, 4) array, or (position (3,), rotation)
        Goal pose of ``frame`` in the model's base frame; ``rotation`` is a 3x3 matrix or a
        quaternion (x, y, z, w) as in geometry_msgs (converted by
        :func:`rotation_from_quaternion`; the library order elsewhere is (w, x, y, z)).
    frame : str
        The tool frame (a link of the model, e.g. "tool0").
    max_linear_velocity, max_linear_acceleration : float
        k_v1 (m/s) and k_a1 (m/s²) of the translation, > 0.
    max_angular_velocity, max_angular_acceleration : float
        k_v2 (rad/s) and k_a2 (rad/s²) of the rotation, > 0.
    profile : str
        The time law: "linear", "cubic", "quintic", "bang_bang", "trapezoid" (or
        "trapezoidal") or "continuous_acceleration" (Khalil §8.3). Every one but "linear"
        starts and ends at rest.
    sample_period : float
        Spacing of the samples (s), > 0; the last sample is at t_f.
    ik_tolerance : float
        IK residual allowed at each sample, on position (m) and on angle (rad).
    min_singular_value : float
        A sample whose Jacobian has a smaller singular value is a singular configuration
        (error): near it q̇ = J⁺ẋ grows like 1/σ_min.
    check_velocity_limits : bool
        Raise if a joint velocity exceeds the model's velocity limit (where finite).
    refine : int
        Each sample interval is split into ``refine`` parts to measure the deviation of the
        joint interpolation (>= 1; 1 skips the measurement, reporting 0).

    Returns
    -------
    TaskSpacePlan

    Raises
    ------
    TaskSpaceError
        Bad input (a limit <= 0 or not finite, NaN, a wrong shape, an unknown frame or profile,
        a start outside the joint limits), a target out of reach, or a path that the IK cannot
        follow within ``ik_tolerance``, that comes closer to a singularity than
        ``min_singular_value``, leaves the joint limits or jumps between IK branches. The text
        says where (r and t) and which value.
    """
    kind = _PROFILE_ALIASES.get(profile, profile)
    if kind not in PROFILE_KINDS:
        raise TaskSpaceError(
            f"profile = {profile!r}: expected one of {PROFILE_KINDS} (or 'trapezoidal')"
        )
    limits = (
        _number(max_linear_velocity, "max_linear_velocity", "m/s"),
        _number(max_linear_acceleration, "max_linear_acceleration", "m/s²"),
        _number(max_angular_velocity, "max_angular_velocity", "rad/s"),
        _number(max_angular_acceleration, "max_angular_acceleration", "rad/s²"),
    )
    period = _number(sample_period, "sample_period", "s")
    tol = _number(ik_tolerance, "ik_tolerance", "m and rad")
    sv_min = _number(min_singular_value, "min_singular_value", "")
    if not isinstance(refine, (int, np.integer)) or isinstance(refine, bool) or refine < 1:
        raise TaskSpaceError(f"refine = {refine!r}: must be an integer >= 1")
    refine = int(refine)
    try:
        model.frame_placement(model.neutral(), frame)
    except ModynError as exc:
        raise TaskSpaceError(f"frame = {frame!r}: {exc}") from None
    if model.nq != model.nv:
        raise TaskSpaceError(
            f"'{model.name}' has nq = {model.nq} coordinates but nv = {model.nv} velocities: "
            "joint trajectories of such a mechanism are not supported yet"
        )
    if model.nv < 6:
        raise TaskSpaceError(
            f"'{model.name}' has {model.nq} joints: a straight line in position and "
            "orientation needs at least 6 (its 6×n Jacobian is always rank-deficient)"
        )
    names = tuple(model.coordinate_names)
    q0 = _array(q_start, (model.nq,), "q_start", names)
    check_joint_limits(model, q0, "at q_start")
    p_goal, r_goal = _target(target)

    start = model.frame_placement(q0, frame)
    p_start, r_start = start[:3, 3].copy(), start[:3, :3].copy()
    delta = p_goal - p_start
    distance = float(np.linalg.norm(delta))  # Khalil [8.48]
    u, alpha = axis_angle(r_start, r_goal)  # Khalil [8.49]-[8.51]
    u_base = r_start @ u

    # the target first: a direct solve (from q_start, then from spread-out starts if needed)
    found, best = _find_solution(model, frame, (p_goal, r_goal), (q0,), tol)
    if found is None:
        raise TaskSpaceError(_out_of_reach(frame, p_goal, best, 1 + _SPREAD_STARTS, tol))

    law = _time_law(kind, distance, alpha, limits)
    duration = 0.0 if law is None else float(law.duration)
    times = _sample_times(duration, period)
    m, n = times.size, model.nq
    if law is None:
        r = np.ones(m)
        dr = ddr = np.zeros(m)
    else:
        rr, dd, aa = law.sample(times)
        r, dr, ddr = rr[:, 0], dd[:, 0], aa[:, 0]

    # Cartesian samples [8.53], [8.54], [8.57]; from the nearer end so that both are exact
    near_start = (r < 0.5)[:, None]
    tip_p = np.where(near_start, p_start + r[:, None] * delta, p_goal - (1.0 - r)[:, None] * delta)
    tip_r = np.empty((m, 3, 3))
    for k in range(m):
        if r[k] < 0.5:
            tip_r[k] = r_start @ rotation_exp(r[k] * alpha * u)
        else:
            tip_r[k] = r_goal @ rotation_exp(-(1.0 - r[k]) * alpha * u)
    twist = np.concatenate([dr[:, None] * delta, (dr * alpha)[:, None] * u_base], axis=1)
    accel = np.concatenate([ddr[:, None] * delta, (ddr * alpha)[:, None] * u_base], axis=1)

    q = np.empty((m, n))
    qd = np.empty((m, n))
    qdd = np.empty((m, n))
    res_p = res_o = 0.0
    sv_path = math.inf
    iterations = 0
    vel_limit = np.where(
        np.isfinite(model.velocity_limit) & (model.velocity_limit > 0.0),
        model.velocity_limit,
        np.inf,
    )
    guess = q0
    for k in range(m):
        where = f"at r = {r[k]:.4g} (t = {times[k]:.4g} s)"
        sol = solve_ik(model, frame, tip_p[k], tip_r[k], guess, tolerance=tol)
        if not sol.converged and k > 0:  # the extrapolated guess may be worse than the last q
            sol = solve_ik(model, frame, tip_p[k], tip_r[k], q[k - 1], tolerance=tol)
        if not sol.converged:
            raise _ik_failure(model, frame, (p_goal, r_goal), sol, (q[k - 1],), where, tol)
        check_joint_limits(model, sol.q, where)
        iterations += sol.iterations
        res_p = max(res_p, sol.position_residual)
        res_o = max(res_o, sol.orientation_residual)
        q[k] = sol.q
        uu, s, vt = np.linalg.svd(model.frame_jacobian(q[k], frame), full_matrices=False)
        smallest = float(s[-1]) if n >= 6 else 0.0
        sv_path = min(sv_path, smallest)
        if smallest < sv_min:
            raise TaskSpaceError(
                f"singular configuration {where}: smallest singular value {smallest:.3g} of "
                f"the '{frame}' Jacobian < min_singular_value = {sv_min:g} "
                f"(q = {np.round(q[k], 4).tolist()})"
            )
        # q̇ = J⁺ [ṗ; ω]; q̈ = J⁺ ([p̈; ω̇] − J̇ q̇)
        qd[k] = vt.T @ ((uu.T @ twist[k]) / s)
        qdd[k] = vt.T @ ((uu.T @ (accel[k] - model.frame_jacobian_dot_v(q[k], qd[k], frame))) / s)
        if check_velocity_limits:
            over = np.flatnonzero(np.abs(qd[k]) > vel_limit * (1.0 + 1e-9))
            if over.size:
                j = int(over[0])
                raise TaskSpaceError(
                    f"joint '{names[j]}' velocity {qd[k, j]:.4g} {where} exceeds its limit "
                    f"{vel_limit[j]:.4g}: lower max_linear_velocity / max_angular_velocity"
                )
        if k > 0:
            _check_continuity(
                q[k - 1 : k + 1],
                qd[k - 1 : k + 1],
                qdd[k - 1 : k + 1],
                times[k] - times[k - 1],
                names,
                where,
            )
            h = times[k + 1] - times[k] if k + 1 < m else 0.0
        else:
            h = times[1] - times[0] if m > 1 else 0.0
        guess = model.integrate(q[k], qd[k] + 0.5 * h * qdd[k], h)  # q + h q̇ + h²/2 q̈

    line_dev = geo_dev = 0.0
    if m > 1 and refine > 1:
        frac = np.arange(1, refine) / refine
        fine = (times[:-1, None] + np.diff(times)[:, None] * frac).ravel()
        traj = PiecewiseQuintic(times, q, qd, qdd)
        poses = model.frame_placement(traj.sample(fine)[0], frame)
        line_dev = float(np.max(line_deviation(poses[:, :3, 3], p_start, p_goal)))
        geo_dev = float(np.max(geodesic_deviation(poses[:, :3, :3], r_start, u, alpha)))

    target_pose = np.eye(4)
    target_pose[:3, :3], target_pose[:3, 3] = r_goal, p_goal
    arrays = (q, qd, qdd, times, r, tip_p, tip_r, twist, accel, start, target_pose, u)
    for arr in arrays:
        arr.flags.writeable = False
    return TaskSpacePlan(
        times=times,
        positions=q,
        velocities=qd,
        accelerations=qdd,
        joint_names=names,
        frame=frame,
        duration=duration,
        profile=kind,
        path_parameter=r,
        tip_positions=tip_p,
        tip_rotations=tip_r,
        tip_velocities=twist,
        tip_accelerations=accel,
        start_pose=start,
        target_pose=target_pose,
        distance=distance,
        angle=alpha,
        axis=u,
        max_ik_position_residual=res_p,
        max_ik_orientation_residual=res_o,
        min_singular_value=sv_path,
        max_line_deviation=line_dev,
        max_geodesic_deviation=geo_dev,
        ik_iterations=iterations,
    )


def _within_limits(model: MechanismModel, q) -> bool:
    return bool(np.all(q >= model.lower - 1e-9) and np.all(q <= model.upper + 1e-9))


def _find_solution(model: MechanismModel, frame: str, target, starts, tol: float):
    """A direct IK solution of ``target`` inside the joint limits, or None; and the closest
    unconverged result. Tries ``starts`` first, then a fixed set of spread-out
    configurations (deterministic: the same request always gives the same answer)."""
    p_goal, r_goal = target
    lo = np.where(np.isfinite(model.lower), model.lower, -np.pi)
    hi = np.where(np.isfinite(model.upper), model.upper, np.pi)
    spread = np.random.default_rng(0).uniform(lo, hi, (_SPREAD_STARTS, model.nq))
    best = None
    for q in (*starts, *spread):
        res = solve_ik(model, frame, p_goal, r_goal, q, tolerance=tol, max_iterations=200)
        if res.converged and _within_limits(model, res.q):
            return res, None
        if best is None or res.position_residual + res.orientation_residual < (
            best.position_residual + best.orientation_residual
        ):
            best = res
    return None, best


def _out_of_reach(frame: str, p_goal, best, count: int, tol: float, where: str = "") -> str:
    return (
        f"target out of reach of '{frame}': no IK solution inside the joint limits from "
        f"{count} starts (closest {best.position_residual:.3g} m, "
        f"{best.orientation_residual:.3g} rad; tolerance {tol:g}); target position "
        f"{np.round(p_goal, 6).tolist()} m" + (f"; the line is lost {where}" if where else "")
    )


def _ik_failure(
    model: MechanismModel, frame: str, target, sol, starts, where: str, tol: float
) -> TaskSpaceError:
    """The error for an IK that failed along the line: is the target itself out of reach?

    The path is followed by continuation; when it breaks, a direct solve to the target tells
    a target out of reach (no solution found) from a line that leaves the workspace between
    reachable ends.
    """
    found, best = _find_solution(model, frame, target, starts, tol)
    if found is None:
        count = len(starts) + _SPREAD_STARTS
        return TaskSpaceError(_out_of_reach(frame, target[0], best, count, tol, where))
    return TaskSpaceError(
        f"IK failed {where}: residual {sol.position_residual:.3g} m, "
        f"{sol.orientation_residual:.3g} rad > {tol:g}: the straight line leaves the "
        "workspace (or crosses a singularity) although the target is reachable"
    )


def _check_continuity(q, qd, qdd, h: float, names, where: str) -> None:
    """Raise if a joint moves between two samples more than its velocities allow.

    By the mean-value theorem |Δq_j| = h |q̇_j(ξ)|; a smooth motion resolved by the sampling
    keeps |q̇_j(ξ)| within twice the larger end value plus the acceleration term. A larger
    step means that the IK jumped to another solution branch (or that the sampling is far too
    coarse near a singularity): either way the samples do not describe one continuous motion.
    """
    step = np.abs(q[1] - q[0])
    bound = 2.0 * h * np.maximum(np.abs(qd[0]), np.abs(qd[1]))
    bound += h * h * np.maximum(np.abs(qdd[0]), np.abs(qdd[1])) + 1e-9
    bad = np.flatnonzero(step > bound)
    if bad.size:
        j = int(bad[0])
        raise TaskSpaceError(
            f"joint '{names[j]}' moves {step[j]:.4g} between two samples ending {where}, more "
            f"than its velocities allow ({bound[j]:.4g}): the IK changed solution branch, or "
            "the sampling is too coarse near a singularity (reduce sample_period)"
        )
