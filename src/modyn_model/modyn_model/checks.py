"""Input checks of state vectors, shared by every model class (one place for the messages).

:func:`checked_array` is the check itself (shape, finiteness, the component named);
:class:`StateChecks` is the mixin that gives a model the contract's ``check_state``,
``check_velocity``, ``check_actuation`` (and ``check_batch``) from its name lists, with one hook,
:meth:`StateChecks._check_configuration`, for what a mechanism adds to a configuration (a
quaternion's norm, a chart's singularity).

Kept lean: :func:`checked_array` runs on every single-call path (about 1 µs on a float array).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from .errors import StateError

__all__ = ["checked_array", "StateChecks"]


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


class StateChecks:
    """Mixin: the contract's input checks from the model's name lists.

    The class sets what its messages say, the methods are the same for every model:

    * ``check_state`` checks against ``coordinate_names`` (nq) and then calls the hook
      :meth:`_check_configuration`;
    * ``check_velocity`` against ``velocity_names`` (nv), ``check_actuation`` against
      ``actuator_names`` (nu);
    * ``check_batch(**arrays)`` returns the common batch shape of state arrays;
    * ``_check_wrench(f_ext, what)``: one body's external wrench (..., 1, 6), finite;
    * ``_check_frame(frame)`` refuses a frame not in ``frame_names`` (the closed-form models; a
      RobotModel looks frames up in its tree).

    Class attributes
    ----------------
    _coordinate_kind : str
        The word put before a coordinate's or velocity's name in messages ("joint",
        "coordinate"; "" for none).
    _actuator_kind : str
        The same for an actuator's name ("actuator", "motor"...).
    _checks_name_model : bool
        Messages end with "for model '<name>'" (``self.name``); False for RobotModel, whose
        messages never named the model.
    """

    _coordinate_kind: str = ""
    _actuator_kind: str = ""
    _checks_name_model: bool = True

    def _check_configuration(self, name: str, q: np.ndarray) -> None:
        """Hook: raise :class:`StateError` when the finite (..., nq) array ``q`` (argument
        ``name``) is no configuration of the mechanism. Default: every finite array is one."""

    def check_state(self, name: str, x, allow_none: bool = False) -> np.ndarray | None:
        """``x`` as a float array of shape (..., nq), finite and passing the mechanism's own
        configuration check, or :class:`StateError` naming the argument and the coordinate."""
        arr = checked_array(
            name,
            x,
            self.coordinate_names,
            allow_none=allow_none,
            what=self._coordinate_kind,
            model=self.name if self._checks_name_model else "",
        )
        if arr is not None:
            self._check_configuration(name, arr)
        return arr

    def check_velocity(self, name: str, x, allow_none: bool = False) -> np.ndarray | None:
        """``x`` as a float array of shape (..., nv), finite, or :class:`StateError`."""
        return checked_array(
            name,
            x,
            self.velocity_names,
            allow_none=allow_none,
            what=self._coordinate_kind,
            model=self.name if self._checks_name_model else "",
        )

    def check_actuation(self, name: str, x, allow_none: bool = False) -> np.ndarray | None:
        """``x`` as a float array of shape (..., nu), finite, or :class:`StateError` naming the
        actuator."""
        return checked_array(
            name,
            x,
            self.actuator_names,
            allow_none=allow_none,
            what=self._actuator_kind,
            model=self.name if self._checks_name_model else "",
        )

    def _check_frame(self, frame: str) -> str:
        """``frame`` when it is one of ``frame_names``, or :class:`StateError` naming the model,
        its source and its frames."""
        if frame not in self.frame_names:
            raise StateError(
                f"model '{self.name}' ({self.source}): no frame named '{frame}'; frames are "
                f"{list(self.frame_names)}"
            )
        return frame

    def _check_wrench(self, f_ext, what: str) -> np.ndarray | None:
        """``f_ext`` as a finite float array (..., 1, 6) (one body's wrench [f; m], N and N·m),
        None for None, or :class:`StateError` saying ``what`` the wrench is."""
        if f_ext is None:
            return None
        f = np.asarray(f_ext, dtype=float)
        if f.shape[-2:] != (1, 6) or not np.isfinite(f).all():
            raise StateError(
                f"f_ext must be finite with shape (..., 1, 6) ({what}) for model '{self.name}', "
                f"got shape {f.shape}"
            )
        return f

    def check_batch(self, **arrays) -> tuple:
        """The common batch shape (leading axes) of state arrays given as name=array (None
        skipped), or :class:`StateError` listing every array's shape."""
        shapes = {k: np.shape(v) for k, v in arrays.items() if v is not None}
        try:
            return np.broadcast_shapes(*(s[:-1] for s in shapes.values()))
        except ValueError:
            owner = f"model '{self.name}': " if self._checks_name_model else ""
            raise StateError(
                f"{owner}state arrays have incompatible batch shapes: "
                + ", ".join(f"{k} {s}" for k, s in shapes.items())
            ) from None
