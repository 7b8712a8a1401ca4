"""Input checks shared by the plants (effort, q0, v0 vectors), and the two facts about a
mechanism model the plants compute once from the contract (:func:`is_vector_space`,
:func:`is_identity_actuation`, defined in :mod:`modyn_model.contract`)."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from modyn_model.contract import is_identity_actuation, is_vector_space

from .plant import PlantError

__all__ = ["checked_vector", "is_identity_actuation", "is_vector_space"]


def checked_vector(name: str, x, joint_names: Sequence[str], kind: str = "joint") -> np.ndarray:
    """``x`` as a float array of one finite value per joint (or per coordinate, velocity or
    actuator of a mechanism: ``kind`` names them in the messages).

    Returns ``x`` itself when it already is a float64 ndarray (no copy on the hot path).

    Raises
    ------
    PlantError
        Not numbers, wrong length, or a non-finite value (the message names the joint).
    """
    n = len(joint_names)
    arr = x if type(x) is np.ndarray and x.dtype == np.float64 else None
    if arr is None:
        try:
            arr = np.asarray(x, dtype=float)
        except (TypeError, ValueError):
            raise PlantError(f"{name} must be {n} numbers, got {x!r}") from None
    if arr.shape != (n,):
        raise PlantError(
            f"{name} must have {n} values ({kind}s {list(joint_names)}), got shape {arr.shape}"
        )
    finite = np.isfinite(arr)
    if not finite.all():
        i = int(np.flatnonzero(~finite)[0])
        raise PlantError(f"{name}[{i}] ({kind} '{joint_names[i]}') is {arr[i]}")
    return arr

