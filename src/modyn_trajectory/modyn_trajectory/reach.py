"""Whether joint positions can be reached: the model's position limits and, where the model has
one, its workspace (the optional contract member ``check_workspace(q)``, batched over leading
axes: a Stewart leg's stroke and tilt, the quadruped's leg workspace and actuation).

One place for the checks that the trajectory generator makes on a goal's waypoints and that the
feed-forward node makes on a client's timed trajectory (FollowJointTrajectory, which the
generator never sees), so that both refuse the same points with the same words.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from modyn_model.errors import StateError
from modyn_ros.joint_map import MessageError

__all__ = ["check_in_limits", "check_in_workspace", "first_outside_workspace", "workspace_check"]


def check_in_limits(
    positions: np.ndarray,
    where: Sequence[int],
    names: Sequence[str],
    lower: np.ndarray,
    upper: np.ndarray,
    label: str = "points",
) -> None:
    """MessageError naming the first point (in point order, then column order), its column in
    the message, its joint, the value and the limits; NaN is outside.

    Parameters
    ----------
    positions
        (m, c): a message's points, in the message's column order (rad, m).
    where
        The columns checked: for each joint checked, its column in ``positions``.
    names, lower, upper
        For each joint checked: its name and its position limits (rad, m).
    label
        The message field the points come from (``points``).
    """
    values = np.asarray(positions, dtype=float)[:, np.asarray(where, dtype=int)]
    lo, hi = np.asarray(lower, dtype=float), np.asarray(upper, dtype=float)
    out = ~((lo <= values) & (values <= hi))
    if out.any():
        i, k = (int(x) for x in np.argwhere(out)[0])
        raise MessageError(
            f"{label}[{i}].positions[{int(where[k])}] = {values[i, k]} for joint '{names[k]}' "
            f"is outside its limits [{lo[k]}, {hi[k]}]"
        )


def workspace_check(model: object) -> Callable[[np.ndarray], object] | None:
    """The model's ``check_workspace`` (batched over leading axes, raises StateError), or None
    for a model without a workspace of its own (its position limits are all)."""
    check = getattr(model, "check_workspace", None)
    return check if callable(check) else None


def first_outside_workspace(
    check: Callable[[np.ndarray], object] | None, q: np.ndarray
) -> tuple[int | None, StateError] | None:
    """(row, the model's StateError) of the first row of ``q`` (m, nq) that ``check`` (the
    model's ``check_workspace``, or None: no workspace of its own) refuses; None when all pass.
    One batched call when every row passes (the common case), then row by row to say which;
    row None when the batch failed and no single row did (a model inconsistent with itself)."""
    if check is None:
        return None
    try:
        check(q)
    except StateError as exc:
        batch = exc
    else:
        return None
    for k in range(q.shape[0]):
        try:
            check(q[k])
        except StateError as exc:
            return k, exc
    return None, batch


def check_in_workspace(model: object, q: np.ndarray, label: str = "points") -> None:
    """MessageError naming the first row of ``q`` (m, nq: full coordinates) outside ``model``'s
    workspace, with the model's own message; nothing when the model has no workspace check."""
    found = first_outside_workspace(workspace_check(model), q)
    if found is not None:
        k, exc = found
        where = label if k is None else f"{label}[{k}] = {np.round(q[k], 6).tolist()}"
        raise MessageError(f"{where} is outside the workspace: {exc}")
