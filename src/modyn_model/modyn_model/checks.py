"""Input checks of state vectors, shared by every model class (one place for the messages).

Kept lean: :func:`checked_array` runs on every single-call path (about 1 µs on a float array).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from .errors import StateError

__all__ = ["checked_array"]


def checked_array(
    name: str,
    x,
    names: Sequence[str],
    *,
    allow_none: bool = False,
    what: str = "",
    model: str = "",
) -> np.ndarray | None:
    """``x`` as a float array of shape (..., len(names)) with finite values.

    Parameters
    ----------
    name : str
        The argument's name, for messages (``q``, ``v``, ``tau``...).
    x : array_like or None
    names : sequence of str
        The names of the last axis' components (joints, coordinates...), for messages.
    allow_none : bool
        Return None for ``x = None`` instead of raising.
    what : str
        What ``names`` are ("joint", "coordinate"...), put before a name in messages.
    model : str
        The model's name, for messages.

    Returns
    -------
    ``x`` itself when it is already a float64 ndarray (no copy), else a new float array.

    Raises
    ------
    StateError
        Missing, not numbers, wrong last dimension (the names listed) or a non-finite value
        (the component named).
    """
    if x is None:
        if allow_none:
            return None
        raise StateError(f"{name} is required")
    if type(x) is np.ndarray and x.dtype == np.float64:
        arr = x
    else:
        try:
            arr = np.asarray(x, dtype=float)
        except (TypeError, ValueError):
            raise StateError(f"{name} must be numbers, got {x!r}") from None
    size = len(names)
    if arr.shape[-1:] != (size,):
        plural = f"{what}s " if what else ""
        owner = f" for model '{model}'" if model else ""
        raise StateError(
            f"{name} must have last dimension {size} ({plural}{list(names)}){owner}, "
            f"got shape {arr.shape}"
        )
    if not np.isfinite(arr).all():
        bad = tuple(np.argwhere(~np.isfinite(arr))[0])
        label = f"{what} " if what else ""
        raise StateError(f"{name} has a non-finite value at {label}'{names[bad[-1]]}': {arr[bad]}")
    return arr
