"""Direct dynamic model q̈ = g(q, q̇, Γ, f_e) [7.2], two ways (Khalil §7.6).

* ``inverse``: through the inverse model [7.62]-[7.64]: H = Γ(q, q̇, 0), A column by column
  from Newton-Euler with q̇ = 0, q̈ = u_i, g = 0 (all n columns in one batched call), then a
  Cholesky solve of A q̈ = Γ − H. O(n³).
* ``recursive``: the O(n) algorithm of §7.6.2 [7.67]-[7.79] (articulated bodies), generalised
  to trees: a body's J* and β* collect the contributions of all its children.
"""

from __future__ import annotations

import numpy as np

from ..codegen.runtime import fast_forward_dynamics, quick_call
from ..errors import ModelError
from ..inertia import spatial_inertia
from ..joint import REVOLUTE
from ..kinematics import joint_transforms
from ..spatial import screw_transform
from .crba import joint_screws
from .friction import friction_torques
from .rnea import _check_wrenches, rnea

__all__ = ["forward_dynamics", "aba", "forward_dynamics_inverse_model", "mass_matrix_by_columns"]


def mass_matrix_by_columns(model, q: np.ndarray) -> np.ndarray:
    """A(q) column by column from Newton-Euler [7.64], (..., n, n)."""
    q = np.asarray(q)
    n = model.n
    eye = np.eye(n)
    cols = rnea(model, q[..., None, :], np.zeros(n), eye, gravity=np.zeros(3), friction=False)
    return np.swapaxes(cols, -1, -2)


def forward_dynamics_inverse_model(model, q, v, tau, f_ext=None, *, friction=True) -> np.ndarray:
    """q̈ = A⁻¹(Γ − H) solved by Cholesky, without input checks [7.63]."""
    h = rnea(model, q, v, None, f_ext, friction=friction)  # [7.62], Walker 82 step 1
    a = mass_matrix_by_columns(model, q)
    rhs = tau - h
    chol = np.linalg.cholesky(a)
    y = np.linalg.solve(chol, rhs[..., None])
    return np.linalg.solve(np.swapaxes(chol, -1, -2), y)[..., 0]


def aba(model, q, v, tau, f_ext=None, *, friction=True) -> np.ndarray:
    """Khalil's recursive O(n) direct dynamics [7.67]-[7.79], without input checks."""
    q = np.asarray(q, dtype=float)
    v = np.asarray(v, dtype=float)
    tau = np.asarray(tau, dtype=float)
    n = model.n
    batch = np.broadcast_shapes(q.shape[:-1], v.shape[:-1], tau.shape[:-1])
    rot, pos = joint_transforms(model, q)
    rot_t = np.swapaxes(rot, -1, -2)
    x = screw_transform(rot_t, pos)  # ^jT_{a(j)}
    xt = np.swapaxes(x, -1, -2)
    screws = joint_screws(model)
    inertia6 = spatial_inertia(model.inertial_parameters)
    prm = model.inertial_parameters
    if friction:
        tau = tau - friction_torques(model, v)  # [7.82]
    zero3 = np.zeros(batch + (3,))
    w = [zero3] * n
    gamma = [None] * n
    beta = [None] * n
    # (i) forward: velocities, γ_j [7.68], β_j [7.70]
    for j in range(n):
        p = model.parents[j]
        w_prev = zero3 if p < 0 else w[p]
        rt = rot_t[..., j, :, :]
        w_in = (rt @ w_prev[..., None])[..., 0]  # [7.51]
        qd_a = v[..., j, None] * model.axes[j]
        spin = np.cross(w_in, qd_a)
        centripetal = (rt @ np.cross(w_prev, np.cross(w_prev, pos[..., j, :]))[..., None])[..., 0]
        if model.sigma[j] == REVOLUTE:
            w[j] = w_in + qd_a  # [7.52]
            gamma[j] = np.concatenate([centripetal, spin], axis=-1)
        else:
            w[j] = w_in
            gamma[j] = np.concatenate([centripetal + 2.0 * spin, zero3], axis=-1)
        ms = prm[j, 6:9]
        jw = w[j] @ inertia6[j, 3:, 3:]
        beta[j] = -np.concatenate([np.cross(w[j], np.cross(w[j], ms)), np.cross(w[j], jw)], axis=-1)
        if f_ext is not None:
            beta[j] = beta[j] - f_ext[..., j, :]  # [7.70]
    # (ii) backward: J*, β*, H_j, K_j, α_j [7.71]-[7.75]
    j_star = [np.broadcast_to(inertia6[j], batch + (6, 6)).copy() for j in range(n)]
    h = [None] * n
    k = [None] * n
    alpha = [None] * n
    ja = [None] * n
    for j in range(n - 1, -1, -1):
        s = screws[j]
        ja[j] = j_star[j] @ s  # 𝒥*_j 𝐚_j
        h[j] = ja[j] @ s + model.armature[j]  # [7.71]
        if np.any(h[j] <= 0.0):
            raise ModelError(
                f"{model.source}: articulated inertia of joint "
                f"'{model.joint_names[j]}' is not positive"
            )
        k[j] = (
            j_star[j] - ja[j][..., :, None] * ja[j][..., None, :] / h[j][..., None, None]
        )  # [7.72]
        alpha[j] = (
            (k[j] @ gamma[j][..., None])[..., 0]
            + ja[j] * ((tau[..., j] + beta[j] @ s) / h[j])[..., None]
            - beta[j]
        )  # [7.73]
        p = model.parents[j]
        if p >= 0:
            beta[p] = beta[p] - (xt[..., j, :, :] @ alpha[j][..., None])[..., 0]  # [7.74]
            j_star[p] = j_star[p] + xt[..., j, :, :] @ k[j] @ x[..., j, :, :]  # [7.75]
    # (iii) forward: accelerations [7.76]-[7.79]
    base = np.concatenate([-model.gravity_vector, np.zeros(3)])
    vdot = [None] * n
    qdd = np.zeros(batch + (n,))
    for j in range(n):
        p = model.parents[j]
        prev = np.broadcast_to(base, batch + (6,)) if p < 0 else vdot[p]
        moved = (x[..., j, :, :] @ prev[..., None])[..., 0]  # [7.76]
        s = screws[j]
        qdd[..., j] = (tau[..., j] + beta[j] @ s - np.sum(ja[j] * (moved + gamma[j]), axis=-1)) / h[
            j
        ]  # [7.77]
        vdot[j] = moved + s * qdd[..., j, None] + gamma[j]  # [7.79]
    return qdd


def forward_dynamics(
    model, q, v, tau, f_ext=None, *, method: str = "auto", friction: bool = True
) -> np.ndarray:
    """Checked direct dynamics; ``method`` is ``"auto"``, ``"generated"``, ``"recursive"`` or
    ``"inverse"`` (see :meth:`RobotModel.forward_dynamics`)."""
    if f_ext is None and method in ("auto", "generated"):  # compiled, checked in C (issue 21)
        out = quick_call(model, ("forward_dynamics", friction), (q, v, tau), (model.n,))
        if out is not None:
            return out
    q = model.check_state("q", q)
    v = model.check_state("v", v)
    tau = model.check_state("tau", tau)
    f_ext = _check_wrenches(model, f_ext)
    model.check_batch(q=q, v=v, tau=tau)
    if method == "auto":
        method = "generated" if f_ext is None else "recursive"
    if method == "generated":
        if f_ext is not None:
            raise ModelError("forward_dynamics: method 'generated' takes no f_ext; use 'recursive'")
        return fast_forward_dynamics(model, q, v, tau, friction=friction)
    if method == "recursive":
        return aba(model, q, v, tau, f_ext, friction=friction)
    if method == "inverse":
        return forward_dynamics_inverse_model(model, q, v, tau, f_ext, friction=friction)
    raise ModelError(
        f"forward_dynamics: unknown method '{method}' "
        "(use 'auto', 'generated', 'recursive' or 'inverse')"
    )
