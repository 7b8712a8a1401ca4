"""Checks of the fields of a YAML mapping, shared by every description loader (one wording).

A mechanism file, a transmission or a joint-extras entry is a mapping read from YAML; a typo in
a field name must fail loudly, naming the field, the allowed ones and the file, rather than fall
back to a default silently.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import numpy as np

from .errors import DescriptionError

__all__ = ["check_fields", "float_array"]


def check_fields(
    d: Mapping,
    allowed: Iterable[str],
    where: str,
    *,
    required: Iterable[str] = (),
    prefix: str = "",
) -> None:
    """Reject unknown and missing fields of ``d``.

    Parameters
    ----------
    d : Mapping
        The mapping read from YAML.
    allowed : iterable of str
        The field names ``d`` may hold.
    where : str
        What is being read, for messages (``"robot.yaml: kind 'stewart'"``).
    required : iterable of str
        The fields ``d`` must hold.
    prefix : str
        Put before each name in messages (``"legs."`` for a nested mapping).

    Raises
    ------
    DescriptionError
        Naming the unknown fields and the allowed ones, or the missing ones.
    """
    allowed = set(allowed)
    unknown = sorted(set(d) - allowed)
    if unknown:
        raise DescriptionError(
            f"{where}: unknown field(s) {[prefix + k for k in unknown]}; "
            f"allowed: {sorted(prefix + k for k in allowed)}"
        )
    missing = [prefix + k for k in required if k not in d]
    if missing:
        raise DescriptionError(f"{where}: missing field(s) {missing}")


def float_array(x, label: str, where: str, *, finite: bool = True) -> np.ndarray:
    """``x`` as a float array, or a :class:`DescriptionError` naming the field ``label``."""
    try:
        arr = np.asarray(x, dtype=float)
    except (TypeError, ValueError):
        raise DescriptionError(f"{where}: field '{label}' must be numbers, got {x!r}") from None
    if finite and not np.isfinite(arr).all():
        raise DescriptionError(f"{where}: field '{label}' must be finite, got {x!r}")
    return arr
