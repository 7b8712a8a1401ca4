"""trajectory_msgs/JointTrajectory to arrays in model order, validated (no rclpy import).

The functions read the message fields by attribute, so they work on the generated message
classes of any ROS 2 distribution (and on look-alike objects in tests). Every problem raises
:class:`modyn_ros.joint_map.MessageError` with the field and the value.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from modyn_ros.joint_map import JointMap, MessageError
from modyn_trajectory.sampler import TrajectorySampler

__all__ = [
    "TrajectoryArrays",
    "stamp_ns",
    "ns_to_s",
    "trajectory_arrays",
    "sampler_from_message",
    "sampler_from_msg",
]


@dataclass(frozen=True)
class TrajectoryArrays:
    """A JointTrajectory as arrays, columns in model order.

    Attributes
    ----------
    start_ns : int
        ``header.stamp`` in integer nanoseconds (0: not set).
    times : (m,) array
        ``time_from_start`` of each point (s).
    q, v, a : (m, n) arrays
        positions (rad), velocities (rad/s), accelerations (rad/s²).
    effort : (m, n) array or None
        efforts (N·m or N), None when the points carry none.
    index : (n,) int array
        For each model joint, its column in the message (``joint_names`` order).
    """

    start_ns: int
    times: np.ndarray
    q: np.ndarray
    v: np.ndarray
    a: np.ndarray
    effort: np.ndarray | None
    index: np.ndarray


def stamp_ns(stamp) -> int:
    """builtin_interfaces/Time (or Duration) as integer nanoseconds."""
    return int(stamp.sec) * 1_000_000_000 + int(stamp.nanosec)


def ns_to_s(ns: int) -> float:
    """Integer nanoseconds as seconds, rounded once (7.5 s stays 7.5, not 7.500000000000001)."""
    sec, nsec = divmod(int(ns), 1_000_000_000)
    return sec + nsec * 1e-9


def _field(points, name: str, width: int, required: bool) -> np.ndarray | None:
    """The ``name`` arrays of all points as an (m, width) float array, checked."""
    lengths = [len(getattr(p, name)) for p in points]
    if not required and not any(lengths):
        return None
    for i, length in enumerate(lengths):
        if length != width:
            raise MessageError(f"points[{i}].{name}: {length} values for {width} joints")
    arr = np.array([getattr(p, name) for p in points], dtype=float).reshape(len(points), width)
    if not np.isfinite(arr).all():
        i, j = np.argwhere(~np.isfinite(arr))[0]
        raise MessageError(f"points[{i}].{name}[{j}] is {arr[i, j]}")
    return arr


def trajectory_arrays(msg, joint_map: JointMap, *, effort_required: bool = False):
    """Validate a JointTrajectory and return its :class:`TrajectoryArrays`.

    Requirements: known, complete, unrepeated ``joint_names``; at least one point; in every
    point ``positions``, ``velocities`` and ``accelerations`` with one finite value per joint;
    ``effort`` the same, or empty in every point (unless ``effort_required``);
    ``time_from_start`` non-negative and strictly increasing.
    """
    index = joint_map.indices(msg.joint_names, "joint_names")
    points = msg.points
    if not points:
        raise MessageError("points: empty trajectory")
    width = len(msg.joint_names)
    q = _field(points, "positions", width, True)
    v = _field(points, "velocities", width, True)
    a = _field(points, "accelerations", width, True)
    effort = _field(points, "effort", width, effort_required)
    times_ns = [stamp_ns(p.time_from_start) for p in points]
    if times_ns[0] < 0:
        raise MessageError(f"points[0].time_from_start is negative ({times_ns[0] * 1e-9} s)")
    for i in range(1, len(times_ns)):
        if times_ns[i] <= times_ns[i - 1]:
            raise MessageError(
                f"points[{i}].time_from_start = {times_ns[i] * 1e-9} s is not after "
                f"points[{i - 1}] ({times_ns[i - 1] * 1e-9} s): times must increase strictly"
            )
    return TrajectoryArrays(
        start_ns=stamp_ns(msg.header.stamp),
        times=np.array([ns_to_s(t) for t in times_ns]),
        q=q[:, index],
        v=v[:, index],
        a=a[:, index],
        effort=None if effort is None else effort[:, index],
        index=index,
    )


def sampler_from_message(
    msg, joints: JointMap | Sequence[str], start: float | None = None
) -> TrajectorySampler:
    """A :class:`TrajectorySampler` for a JointTrajectory (efforts optional: zero if absent).

    Parameters
    ----------
    msg : trajectory_msgs/JointTrajectory
    joints : JointMap or sequence of str
        The model's joint order (a JointMap caches the name lookup across messages).
    start : float, optional
        Absolute time of ``time_from_start = 0`` (s); default ``header.stamp``.
    """
    joint_map = joints if isinstance(joints, JointMap) else JointMap(joints)
    arrays = trajectory_arrays(msg, joint_map)
    t0 = ns_to_s(arrays.start_ns) if start is None else start
    return TrajectorySampler(arrays.times, t0, arrays.q, arrays.v, arrays.a, arrays.effort)


#: short alias
sampler_from_msg = sampler_from_message
