"""Input checks shared by the plants (effort, q0, v0 vectors), and the two facts about a
mechanism model the plants compute once from the contract (:func:`is_vector_space`,
:func:`is_identity_actuation`)."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

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


def _probe(model, seed: int = 1) -> tuple[np.ndarray, np.ndarray]:
    """A configuration away from the neutral one and a velocity, both generic."""
    rng = np.random.default_rng(seed)
    v = rng.uniform(-0.7, 0.7, model.nv)
    return np.asarray(model.integrate(model.neutral(), v, 1.0), dtype=float), v


def is_vector_space(model) -> bool:
    """True when the configuration space is R^nq for ``model.integrate``: nq = nv and
    ``integrate(q, v, dt)`` equals q + v·dt exactly at a generic probe state (the case where
    the plant may update q with plain numpy)."""
    if model.nq != model.nv:
        return False
    q, v = _probe(model)
    dt = 0.37
    return bool(np.array_equal(np.asarray(model.integrate(q, v, dt)), q + v * dt))


def is_identity_actuation(model) -> bool:
    """True when τ = u: nu = nv and S(q) = I at the neutral configuration and at a generic
    probe one (motor i drives velocity coordinate i alone, whatever their names)."""
    if model.nu != model.nv:
        return False
    eye = np.eye(model.nv)
    return all(
        np.array_equal(np.asarray(model.actuation_matrix(q)), eye)
        for q in (model.neutral(), _probe(model)[0])
    )
