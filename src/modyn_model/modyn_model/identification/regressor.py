"""The dynamic model is linear in the standard parameters: Γ = W(q, q̇, q̈) χ (Khalil §7.4.2).

Newton-Euler form of the regressor. For body j, with the link-frame kinematics of the forward
recursion [7.51]-[7.54] (ω_j, ω̇_j, V̇_j, all in R_j, V̇ including −g [7.47]), the total wrench
[7.55]-[7.56] is linear in the 10 inertial parameters π_j = [XX XY XZ YY YZ ZZ MX MY MZ M]::

    F_j = M_j V̇_j + U_j MS_j,                  U_j = ω̂̇_j + ω̂_j ω̂_j        [7.57]
    M_j = J_j ω̇_j + ω_j × (J_j ω_j) + MS_j × V̇_j

so [F_j; M_j] = Y_j π_j with the 6×10 block::

    Y_j = [ 0                   U_j        V̇_j ]
          [ L(ω̇_j) + ω̂_j L(ω_j)  −V̂̇_j      0   ],   J x = L(x) [XX XY XZ YY YZ ZZ]ᵀ,
    L(x) = [[x1, x2, x3, 0, 0, 0], [0, x1, 0, x2, x3, 0], [0, 0, x1, 0, x2, x3]].

The backward recursion [7.58]-[7.61] carries each block to every ancestor i of j
(^{a}F = ^{a}R_j F, ^{a}M = ^{a}R_j M + ^{a}P_j × ^{a}F) and projects it on the joint axis
(moment for a revolute joint, force for a prismatic one): W[i, 14j:14j+10]. The last four
columns of joint j are diagonal: q̈_j (Ia), sign(q̇_j) (Fc), q̇_j (Fv) and 1 (offset).

Every operation broadcasts over leading batch axes, so a whole trajectory is one call.
"""

from __future__ import annotations

import numpy as np

from ..codegen.regressor import fast_regressor
from ..dynamics.rnea import link_accelerations
from ..joint import REVOLUTE
from ..kinematics import joint_transforms
from ..spatial import skew
from .names import N_STANDARD, _limbs, check_fixed_base

__all__ = ["base_regressor", "regressor", "regressor_batch", "link_wrench_blocks"]


def _mv(m: np.ndarray, x: np.ndarray) -> np.ndarray:
    return (m @ x[..., None])[..., 0]


def _inertia_map(x: np.ndarray) -> np.ndarray:
    """L(x) (..., 3, 6) with J x = L(x) [XX XY XZ YY YZ ZZ]."""
    out = np.zeros(x.shape[:-1] + (3, 6), dtype=x.dtype)
    x1, x2, x3 = x[..., 0], x[..., 1], x[..., 2]
    out[..., 0, 0], out[..., 0, 1], out[..., 0, 2] = x1, x2, x3
    out[..., 1, 1], out[..., 1, 3], out[..., 1, 4] = x1, x2, x3
    out[..., 2, 2], out[..., 2, 4], out[..., 2, 5] = x1, x2, x3
    return out


def body_block(
    w: np.ndarray, wd: np.ndarray, vd: np.ndarray, u: np.ndarray | None = None
) -> np.ndarray:
    """Y (..., 6, 10) of one body from its ω, ω̇ and V̇ (gravity included) in its own axes
    (and U = ω̂̇ + ω̂ω̂ [7.57] when the caller has it)."""
    ws = skew(w)
    y = np.zeros(w.shape[:-1] + (6, 10))
    y[..., :3, 6:9] = skew(wd) + ws @ ws if u is None else u  # U [7.57]
    y[..., :3, 9] = vd
    y[..., 3:, :6] = _inertia_map(wd) + ws @ _inertia_map(w)
    y[..., 3:, 6:9] = -skew(vd)
    return y


def link_wrench_blocks(model, q, v, a, root=None):
    """Per body j the 6×10 block Y_j with [F_j; M_j] = Y_j π_j, in R_j, (..., n, 6, 10),
    and the joint transforms (^{a(j)}R_j, ^{a(j)}P_j) used by the backward pass.

    ``root`` = (ω_0, ω̇_0, V̇_0) (..., 3) of the frame the roots hang from, in its axes, V̇_0
    with gravity (a floating base); default: the fixed base, (0, 0, −g) [7.47]."""
    n = model.n
    batch = np.broadcast_shapes(q.shape[:-1], v.shape[:-1], a.shape[:-1])
    zero3 = np.zeros(batch + (3,))
    root_u = None
    if root is None:
        root = (zero3, zero3, zero3 - model.gravity_vector)
    else:
        wsr = skew(root[0])
        root_u = skew(root[1]) + wsr @ wsr
    rot, pos = joint_transforms(model, q)
    rot = np.broadcast_to(rot, batch + (n, 3, 3))
    pos = np.broadcast_to(pos, batch + (n, 3))
    # the forward recursion [7.51]-[7.54], [7.57] of the inverse dynamics, shared
    w, wd, vd, u = link_accelerations(model, rot, pos, v, a, zero3, root, root_u)
    blocks = np.zeros(batch + (n, 6, 10))
    for j in range(n):
        blocks[..., j, :, :] = body_block(w[j], wd[j], vd[j], u[j])
    return blocks, rot, pos


def regressor(model, q, v, a) -> np.ndarray:
    """W(q, q̇, q̈) with Γ = W χ (χ: :func:`~modyn_model.identification.standard_parameters`).

    Parameters
    ----------
    model : RobotModel or FloatingBaseModel
        A fixed-base tree, or a floating base carrying one.
    q, v, a : (..., nq), (..., nv), (..., nv)
        Positions (rad, m; a floating base: [p, quaternion (w, x, y, z), joints]), velocities
        and accelerations (a floating base: [v_B, ω_B, joint rates] in base axes and their time
        derivatives, :mod:`modyn_model.floating.model`); any leading batch axes.

    Returns
    -------
    (..., nv, n_par)
        Row i: generalized force i (N·m or N; a floating base: first the 6 rows of the base
        wrench [force; moment about the base origin], base axes); column: a standard parameter
        in the order of :func:`~modyn_model.identification.parameter_names` (a floating base
        first has the base body's 10). ``W @ standard_parameters(model)`` equals
        ``model.inverse_dynamics(q, v, a)`` up to
        :func:`~modyn_model.identification.nonlinear_friction` (the Stribeck term, zero for
        Fc sign(q̇) + Fv q̇ friction).
    """
    if getattr(model, "floating_base", False):
        _limbs(model)
        return _floating_regressor(model, q, v, a)
    check_fixed_base(model)
    q = model.check_state("q", q)
    v = model.check_state("v", v)
    a = model.check_state("a", a)
    batch = model.check_batch(q=q, v=v, a=a)
    compiled = fast_regressor(model, q, v, a)  # the generated C regressor where it pays
    if compiled is not None:
        return compiled
    out = np.zeros(batch + (model.n, N_STANDARD * model.n))
    _assemble(model, q, v, a, out, None)
    return out


def base_regressor(model, base, q, v, a) -> np.ndarray:
    """W_b(q, q̇, q̈) (..., n, rank) = ``base.project(regressor(model, q, v, a))``, so that
    Γ = W_b χ_b (χ_b = ``base.base_values(χ)``).

    Computed directly by the generated regressor of the base columns alone (compiled to C,
    :mod:`modyn_model.codegen.regressor`) where that pays (many samples: identification, the
    excitation criterion); otherwise the standard regressor projected. Same arguments as
    :func:`regressor` (a fixed-base tree); ``base`` a
    :class:`~modyn_model.identification.BaseParameters` of ``model``.
    """
    check_fixed_base(model)
    q = model.check_state("q", q)
    v = model.check_state("v", v)
    a = model.check_state("a", a)
    batch = model.check_batch(q=q, v=v, a=a)
    compiled = fast_regressor(model, q, v, a, base.base_indices)
    if compiled is not None:
        return compiled
    out = np.zeros(batch + (model.n, N_STANDARD * model.n))
    _assemble(model, q, v, a, out, None)
    return base.project(out)


def _assemble(model, q, v, a, out, root) -> None:
    """Fill the joint rows of a tree (out[..., :n, :14n]); with ``root`` (ω_0, ω̇_0, V̇_0),
    also the 6 rows of the root wrench (out[..., n:n+6, :14n], about the root origin)."""
    n = model.n
    blocks, rot, pos = link_wrench_blocks(model, q, v, a, root)
    for j in range(n):
        cols = slice(N_STANDARD * j, N_STANDARD * j + 10)
        f = blocks[..., j, :3, :]
        m = blocks[..., j, 3:, :]
        i = j
        while True:
            axis = model.axes[i]
            # [7.61]: moment about a revolute axis, force along a prismatic one
            chosen = m if model.sigma[i] == REVOLUTE else f
            out[..., i, cols] = np.einsum("k,...kc->...c", axis, chosen)
            p = model.parents[i]
            r = rot[..., i, :, :]
            if p < 0:
                if root is not None:  # the wrench this subtree puts on the root body
                    f = r @ f
                    out[..., n : n + 3, cols] = f
                    out[..., n + 3 : n + 6, cols] = r @ m + skew(pos[..., i, :]) @ f
                break
            f = r @ f  # [7.59]
            m = r @ m + skew(pos[..., i, :]) @ f  # [7.60]
            i = p
        base = N_STANDARD * j
        out[..., j, base + 10] = a[..., j]  # Ia q̈_j
        out[..., j, base + 11] = np.sign(v[..., j])  # Fc sign(q̇_j)
        out[..., j, base + 12] = v[..., j]  # Fv q̇_j
        out[..., j, base + 13] = 1.0  # offset


def _floating_regressor(model, q, v, a) -> np.ndarray:
    """W (..., 6 + n, 10 + 14n) of a floating base: columns [base body π_0 | limbs]."""
    from ..so3 import quaternion_to_matrix

    q = model.check_state("q", q)
    v = model.check_velocity("v", v)
    a = model.check_velocity("a", a)
    batch = np.broadcast_shapes(q.shape[:-1], v.shape[:-1], a.shape[:-1])
    limb = model.limb_model
    n = limb.n
    r_wb = quaternion_to_matrix(q[..., 3:7])
    w0, wd0 = v[..., 3:6], a[..., 3:6]
    g_b = np.einsum("...ji,j->...i", r_wb, limb.gravity_vector)  # R_WBᵀ g
    # classical acceleration of the base origin (base axes), minus gravity [7.47]
    vd0 = a[..., :3] + np.cross(w0, v[..., :3]) - g_b
    w0, wd0, vd0 = (np.broadcast_to(x, batch + (3,)) for x in (w0, wd0, vd0))
    limb_w = np.zeros(batch + (n + 6, N_STANDARD * n))
    _assemble(limb, q[..., 7:], v[..., 6:], a[..., 6:], limb_w, (w0, wd0, vd0))
    out = np.zeros(batch + (6 + n, 10 + N_STANDARD * n))
    out[..., 6:, 10:] = limb_w[..., :n, :]
    out[..., :6, 10:] = limb_w[..., n:, :]
    out[..., :6, :10] = body_block(w0, wd0, vd0)  # the base body's own wrench
    return out


def regressor_batch(model, Q, V, A) -> np.ndarray:
    """W for N samples: Q, V, A (N, n) → (N, n, 14n) (same as :func:`regressor`, which accepts
    any batch axes; this one insists on exactly one)."""
    from ..errors import StateError

    arrays = {"Q": Q, "V": V, "A": A}
    for name, x in arrays.items():
        if np.ndim(x) != 2:
            size = model.nq if name == "Q" else model.nv
            raise StateError(f"{name} must have shape (N, {size}), got {np.shape(x)}")
    return regressor(model, Q, V, A)
