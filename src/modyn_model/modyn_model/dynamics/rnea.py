"""Inverse dynamics by Khalil's practical Newton-Euler algorithm in link frames [7.51]-[7.61].

This is the readable reference implementation: a loop over the bodies whose every operation
broadcasts over a leading batch axis, so a whole trajectory of N samples is one call. Trees are
handled by letting a(j) replace j−1 in the forward recursion and by summing every child's
wrench in the backward one. The generated straight-line version lives in
:mod:`modyn_model.codegen`.

Conventions: ``f_ext[..., j, :] = [f_ej; m_ej]`` is the wrench that body j exerts on its
environment, in R_j, moment about O_j (Khalil [7.45]); gravity enters as ^0V̇_0 = −g [7.47].
"""

from __future__ import annotations

import numpy as np

from ..codegen.runtime import fast_rnea, quick_call
from ..errors import StateError
from ..joint import REVOLUTE
from ..kinematics import joint_transforms
from ..spatial import skew
from .friction import friction_torques

__all__ = [
    "rnea",
    "inverse_dynamics",
    "gravity_torques",
    "coriolis_forces",
    "link_accelerations",
]


def _mv(m: np.ndarray, x: np.ndarray) -> np.ndarray:
    return (m @ x[..., None])[..., 0]


def link_accelerations(model, rot, pos, v, a, zero3, root, root_u=None):
    """The forward recursion [7.51]-[7.54], [7.57] of Khalil's Newton-Euler algorithm.

    Shared by :func:`rnea` and the regressor (:mod:`modyn_model.identification.regressor`),
    so both see the same kinematics of every body.

    Parameters
    ----------
    rot, pos : (..., n, 3, 3), (..., n, 3)
        ^{a(j)}R_j and ^{a(j)}P_j (m) of :func:`~modyn_model.kinematics.joint_transforms`.
    v, a : (..., n) or None
        Joint velocities and accelerations (rad/s, m/s; rad/s², m/s²); None means zero.
    zero3 : (..., 3)
        Zeros with the batch shape and dtype of the result.
    root : tuple of three (..., 3)
        (ω_0, ω̇_0, V̇_0) of the frame the roots hang from, in its axes (rad/s, rad/s², m/s²),
        V̇_0 including −g [7.47].
    root_u : (..., 3, 3), optional
        U_0 of a moving root [7.57]: then V̇ of the origin O_j of a root's child is
        V̇_0 + U_0 ^0P_j (None: a fixed root, U_0 = 0).

    Returns
    -------
    w, wd, vd, u : lists of n arrays
        Per body, in its own axes: ω_j (rad/s), ω̇_j (rad/s²), V̇_j (m/s², gravity included)
        and U_j = ω̂̇_j + ω̂_j ω̂_j (1/s², (..., 3, 3)).
    """
    n = model.n
    rot_t = np.swapaxes(rot, -1, -2)
    w = [zero3] * n
    wd = [zero3] * n
    vd = [zero3] * n
    u = [None] * n
    for j in range(n):
        p = model.parents[j]
        rt = rot_t[..., j, :, :]
        axis = model.axes[j]
        qd = zero3[..., :1] if v is None else np.asarray(v)[..., j, None]
        qdd = zero3[..., :1] if a is None else np.asarray(a)[..., j, None]
        if p < 0:
            w_prev, wd_prev, vd_prev = root  # [7.47] for a fixed base
            if root_u is not None:  # a moving root: V̇ of the point O_j of the root body
                vd_prev = vd_prev + _mv(root_u, pos[..., j, :])
        else:
            w_prev, wd_prev = w[p], wd[p]
            vd_prev = vd[p] + _mv(u[p], pos[..., j, :])
        w_in = _mv(rt, w_prev)  # [7.51]
        spin = np.cross(w_in, qd * axis)
        if model.sigma[j] == REVOLUTE:
            w[j] = w_in + qd * axis  # [7.52]
            wd[j] = _mv(rt, wd_prev) + qdd * axis + spin  # [7.53]
            vd[j] = _mv(rt, vd_prev)  # [7.54]
        else:
            w[j] = w_in
            wd[j] = _mv(rt, wd_prev)
            vd[j] = _mv(rt, vd_prev) + qdd * axis + 2.0 * spin  # [7.54]
        ws = skew(w[j])
        u[j] = skew(wd[j]) + ws @ ws  # [7.57]
    return w, wd, vd, u


def rnea(
    model,
    q: np.ndarray,
    v: np.ndarray | None,
    a: np.ndarray | None,
    f_ext: np.ndarray | None = None,
    *,
    gravity: np.ndarray | None = None,
    friction: bool = True,
) -> np.ndarray:
    """Newton-Euler inverse dynamics without input checks (arrays may be complex).

    Parameters
    ----------
    q, v, a : (..., n)
        Joint positions (rad, m), velocities and accelerations; ``None`` means zero.
    f_ext : (..., n, 6), optional
        Wrench each body exerts on the environment (N, N·m), body axes, about O_j.
    gravity : (3,), optional
        Overrides ``model.gravity_vector`` (use zeros for C q̇ alone).
    friction : bool
        Add the joint friction of [7.26] (rotor inertia Ia q̈ is always included).

    Returns
    -------
    (..., n) joint torques Γ (N·m / N).
    """
    q = np.asarray(q)
    n = model.n
    batch = q.shape[:-1]
    for x in (v, a):
        if x is not None:
            batch = np.broadcast_shapes(batch, np.shape(x)[:-1])
    dtype = np.result_type(q, float, *(x for x in (v, a, f_ext) if x is not None))
    zero3 = np.zeros(batch + (3,), dtype=dtype)
    g = model.gravity_vector if gravity is None else np.asarray(gravity)
    rot, pos = joint_transforms(model, q)
    params = model.inertial_parameters
    w, wd, vd, u = link_accelerations(model, rot, pos, v, a, zero3, (zero3, zero3, zero3 - g))
    force = [zero3] * n
    moment = [zero3] * n
    for j in range(n):
        ms = params[j, 6:9]
        inertia = np.array(
            [
                [params[j, 0], params[j, 1], params[j, 2]],
                [params[j, 1], params[j, 3], params[j, 4]],
                [params[j, 2], params[j, 4], params[j, 5]],
            ]
        )
        force[j] = params[j, 9] * vd[j] + _mv(u[j], ms)  # [7.55]
        moment[j] = (
            _mv(inertia, wd[j]) + np.cross(w[j], _mv(inertia, w[j])) + np.cross(ms, vd[j])
        )  # [7.56]
    f_acc = [zero3] * n
    m_acc = [zero3] * n
    tau = np.zeros(batch + (n,), dtype=dtype)
    for j in range(n - 1, -1, -1):
        f = force[j] + f_acc[j]  # [7.58]
        m = moment[j] + m_acc[j]  # [7.60]
        if f_ext is not None:
            f = f + f_ext[..., j, :3]
            m = m + f_ext[..., j, 3:]
        axis = model.axes[j]
        tau[..., j] = (f if model.sigma[j] != REVOLUTE else m) @ axis  # [7.61]
        p = model.parents[j]
        if p >= 0:
            rj = rot[..., j, :, :]
            f_parent = _mv(rj, f)  # [7.59]: ^{a(j)}f_j
            f_acc[p] = f_acc[p] + f_parent
            m_acc[p] = m_acc[p] + _mv(rj, m) + np.cross(pos[..., j, :], f_parent)
    if a is not None:
        tau = tau + model.armature * a  # Ia q̈ [7.61]
    if friction and v is not None:
        tau = tau + friction_torques(model, v)
    return tau


def _check_wrenches(model, f_ext):
    if f_ext is None:
        return None
    try:
        f_ext = np.asarray(f_ext, dtype=float)
    except (TypeError, ValueError):
        raise StateError(f"f_ext must be numbers, got {f_ext!r}") from None
    if f_ext.shape[-2:] != (model.n, 6):
        raise StateError(
            f"f_ext must have shape (..., {model.n}, 6) (one [f; m] per body), got {f_ext.shape}"
        )
    if not np.all(np.isfinite(f_ext)):
        bad = tuple(np.argwhere(~np.isfinite(f_ext))[0])
        raise StateError(f"f_ext of body '{model.link_names[bad[-2]]}' is not finite: {f_ext[bad]}")
    return f_ext


def inverse_dynamics(model, q, v, a, f_ext=None, *, friction: bool = True) -> np.ndarray:
    """Checked Γ(q, q̇, q̈); ``a=None`` means q̈ = 0.

    Without external wrenches this runs the customized (generated) model of the robot; with
    them, the reference recursion :func:`rnea`.
    """
    if f_ext is None and v is not None:  # compiled, checked in C (issue 21); else below
        args = (q, v) if a is None else (q, v, a)
        out = quick_call(model, ("rnea", True, a is not None, True, friction), args, (model.n,))
        if out is not None:
            return out
    q = model.check_state("q", q)
    v = model.check_state("v", v)
    a = model.check_state("a", a, allow_none=True)
    f_ext = _check_wrenches(model, f_ext)
    model.check_batch(q=q, v=v, a=a)
    if f_ext is None:
        return fast_rnea(model, q, v, a, friction=friction)
    return rnea(model, q, v, a, f_ext, friction=friction)


def gravity_torques(model, q) -> np.ndarray:
    """Q(q) = Γ(q, 0, 0) without friction [7.8]."""
    out = quick_call(model, ("rnea", False, False, True, False), (q,), (model.n,))
    if out is not None:
        return out
    return fast_rnea(model, model.check_state("q", q), None, None, friction=False)


def coriolis_forces(model, q, v) -> np.ndarray:
    """C(q, q̇) q̇ = Γ(q, q̇, 0) with g = 0 and no friction (one Newton-Euler pass)."""
    q = model.check_state("q", q)
    v = model.check_state("v", v)
    model.check_batch(q=q, v=v)
    return fast_rnea(model, q, v, None, gravity=False, friction=False)
