"""Actuator speed limits of a plan: |S(q) v| ≤ ``actuator_velocity_limit`` (no rclpy).

A mechanism whose actuators are not its coordinates may bound the actuators' speeds rather than
(or as well as) the coordinates' own: a geared arm's motor speeds are φ̇ = Aᵀ Θ̇ (S = Aᵀ, so
every motor speed is a combination of the joint rates), a Stewart platform's leg rates are
J_E ẋ. The optional contract member ``actuator_velocity_limit`` (nu, rad/s or m/s, > 0, inf
for none; :mod:`modyn_model.contract`) carries them, and the velocity of actuator k along a
plan is ``(S(q) v)_k``: the per-coordinate box |v_j| ≤ v_max,j cannot say it.

The generator keeps its per-coordinate planning and scales time: a plan made with the limits
v_max / c and a_max / c² is, for the rest-to-rest profiles and the uniform scaling of the
via-point spline, the same path run c times slower (velocities / c, accelerations / c²), so
c = max over the samples of |(S(q) v)_k| / limit_k makes the largest sampled actuator speed
equal to its limit. A plan that starts from a moving reference is not an exact homothety (its
start velocity is fixed): the scaling is repeated on the new plan (:data:`MAX_ROUNDS` times at
most) and the caller warns if a ratio above 1 remains.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

__all__ = ["MAX_ROUNDS", "actuator_speed_limit", "actuator_speed_ratio", "scale_to_actuator_speeds"]

#: re-plans at most, for a plan from a moving start (one is exact from rest)
MAX_ROUNDS = 8
#: a ratio this close to 1 is at the limit (rounding of the samples)
_TOL = 1e-9


def actuator_speed_limit(model) -> np.ndarray | None:
    """The model's ``actuator_velocity_limit`` (nu,) as a float array, or None when it has none
    (no member, or every entry infinite). Raises ValueError naming the actuator for a value
    <= 0 or NaN, or a wrong size."""
    limit = getattr(model, "actuator_velocity_limit", None)
    if limit is None:
        return None
    limit = np.asarray(limit, dtype=float).reshape(-1)
    if limit.shape != (model.nu,):
        raise ValueError(
            f"model '{model.name}': actuator_velocity_limit has {limit.shape[0]} values for "
            f"{model.nu} actuators {list(model.actuator_names)}"
        )
    bad = np.flatnonzero(~(limit > 0.0))  # catches NaN too
    if bad.size:
        k = int(bad[0])
        raise ValueError(
            f"model '{model.name}': actuator_velocity_limit of '{model.actuator_names[k]}' is "
            f"{limit[k]}, expected > 0 (inf for none)"
        )
    return None if np.all(np.isinf(limit)) else limit


def actuator_speed_ratio(model, q, v, limit) -> tuple[float, int, int]:
    """max over samples and actuators of |(S(q) v)_k| / limit_k, and where.

    Parameters
    ----------
    model : modyn_model.MechanismModel
    q : (m, nq) array
    v : (m, nv) array
    limit : (nu,) array
        Actuator speed limits (rad/s or m/s), > 0, inf for none.

    Returns
    -------
    (ratio, sample, actuator) : (float, int, int)
        The largest ratio, its sample index and its actuator index.
    """
    s = np.asarray(model.actuation_matrix(q), dtype=float)  # (m, nu, nv), or (nu, nv) if shared
    speeds = np.einsum("...kj,...j->...k", s, np.asarray(v, dtype=float))
    ratio = np.abs(np.atleast_2d(speeds)) / limit
    i, k = np.unravel_index(int(np.argmax(ratio)), ratio.shape)
    return float(ratio[i, k]), int(i), int(k)


def scale_to_actuator_speeds(
    plan_with: Callable[[float], object],
    sample: Callable[[object], tuple[np.ndarray, np.ndarray, np.ndarray]],
    model,
    limit: np.ndarray,
) -> tuple[object, float, float]:
    """The plan, time-scaled so that no sampled actuator speed exceeds its limit.

    Parameters
    ----------
    plan_with : callable
        ``plan_with(c)``: the plan made with the per-coordinate limits v_max / c, a_max / c².
    sample : callable
        ``sample(plan) -> (times, q, v)``: the plan at the published sample times.
    model : modyn_model.MechanismModel
    limit : (nu,) array
        :func:`actuator_speed_limit` of the model.

    Returns
    -------
    (plan, c, ratio)
        The plan, its time scale c (1: the limits did not bind) and the largest sampled
        |S v|/limit left (≤ 1 unless :data:`MAX_ROUNDS` re-plans did not get there).
    """
    c = 1.0
    plan = plan_with(c)
    for _ in range(MAX_ROUNDS):
        _, q, v = sample(plan)
        ratio = actuator_speed_ratio(model, q, v, limit)[0]
        if ratio <= 1.0 + _TOL:
            return plan, c, ratio
        c *= ratio * (1.0 + 1e-7)  # a hair beyond the homothety, against rounding
        plan = plan_with(c)
    _, q, v = sample(plan)
    return plan, c, actuator_speed_ratio(model, q, v, limit)[0]
