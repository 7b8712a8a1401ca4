"""A constrained model's constraints as MuJoCo equalities, and their forces in modyn's convention.

A :class:`modyn_model.constraints.ConstrainedModel` holds named holonomic constraints (CONTRACT14):

* ``PointContact(frame, point, anchor)``: the point of the frame stays at the world ``anchor``
  → MuJoCo ``connect`` equality, body1 = the frame's body with anchor1 = ``point`` (frame axes),
  body2 = the world with anchor2 = ``anchor``;
* ``FrameContact(frame, anchor_pose)``: the frame stays at the world pose → ``weld``, body1 =
  the frame's body, body2 = the world, anchor = the anchor position, relative pose such that the
  residual vanishes at the anchor pose;
* ``LoopClosure(name, frame_a, frame_b, dim=3)``: the origin of frame b on the origin of frame
  a → ``connect`` equality between the two bodies, body1 = frame_a's with anchor1 = 0, body2 =
  frame_b's with anchor2 = 0 (each frame's origin in its own body: the frames are bodies). A
  spherical joint closing a loop: the Stewart platform's legs on the platform
  (``test_mujoco_spanning.py`` checks its dynamics against the constrained KKT solution and the
  generalized-momentum model). ``dim=6`` (a weld between two bodies) is refused until a
  reference run checks it; a planar linkage needs a subset of the rows, which MuJoCo has not.

The frames are URDF links: MuJoCo's URDF importer makes each one a body whose frame is the
link's frame (the MJCF keeps every link a body, and MuJoCo does not fuse a body an equality
refers to), so the anchors are the constraint's own numbers. A constraint restricted to a subset
of its rows (``rows=``) has no MuJoCo equality and is refused.

MuJoCo's connect equality has the residual r = x₁(anchor₁) − x₂(anchor₂) (world axes; checked in
``test_mujoco_constraints.py``) and is *soft*: a spring-damper of time constant ``solref[0]`` and
impedance ``solimp`` on r. The plant makes it as stiff as MuJoCo accepts (time constant 2·dt,
impedance 0.9999, as the mimic equalities); the residual is bounded but not zero.

The forces. MuJoCo's constraint force on the equality's rows, f (``efc_force``), acts on the
mechanism as the generalized force g = J_efcᵀ f (``efc_J``: MuJoCo's dofs). Mapped to modyn's
velocity coordinates (a free joint's linear part from world to base axes, :mod:`mujoco_floating`;
the joints by name) it is g = J_cᵀ λ with J_c the constraint's rows of the contract
(``constraint_jacobian``: world axes, moments about the frame origin), so

    λ = argmin ‖J_cᵀ λ − g‖ (exact when J_c has full row rank)

is the force (3) or wrench [f; m] (6) ON THE ROBOT at the point, world axes (CONTRACT14's λ),
whatever MuJoCo's own row conventions are.
"""

from __future__ import annotations

import numpy as np

from .mujoco_floating import FREE_NV, quaternion_matrix
from .plant import PlantError

__all__ = [
    "EQUALITY_IMPEDANCE",
    "ConstraintForces",
    "add_constraint_equalities",
    "set_constraint_data",
]

#: impedance (d0 = d_width) of the constraint equalities: MuJoCo's largest (mjMAXIMP)
EQUALITY_IMPEDANCE = 0.9999


def _kind(c) -> str:
    return type(c).__name__


def _check(model, c) -> None:
    if c.rows is not None:
        raise PlantError(
            f"mujoco plant: constraint '{c.name}' ({_kind(c)}) of model '{model.name}' keeps only "
            f"rows {list(c.rows)}: MuJoCo has no equality for a subset of a contact's rows: use "
            "plant 'simulated'"
        )
    if _kind(c) == "LoopClosure" and c.full_dim != 3:
        # a weld between the two bodies would do, but no reference run checks it yet: refused
        # rather than untested
        raise PlantError(
            f"mujoco plant: constraint '{c.name}' of model '{model.name}' is a loop closure of "
            f"dim {c.full_dim} (frames aligned too), which the MuJoCo plant does not build yet "
            "(only dim 3, a spherical joint): use plant 'simulated'"
        )
    if _kind(c) not in ("PointContact", "FrameContact", "LoopClosure"):
        raise PlantError(
            f"mujoco plant: constraint '{c.name}' of model '{model.name}' is a {_kind(c)}, which "
            "the MuJoCo plant does not build: use plant 'simulated'"
        )


def add_constraint_equalities(mujoco, spec, model) -> list[str]:
    """Add one equality per constraint of ``model`` to the (uncompiled) ``spec``; their names
    (= the constraint names, in order). PlantError naming a constraint MuJoCo cannot express or
    a frame that is no MuJoCo body."""
    names = []
    body_obj = mujoco.mjtObj.mjOBJ_BODY
    for c in model.constraints:
        _check(model, c)
        frames = c.frames
        for f in frames:
            if spec.body(f) is None:
                raise PlantError(
                    f"mujoco plant: constraint '{c.name}': frame '{f}' is not a body of the MJCF "
                    "(the MuJoCo plant attaches equalities to URDF links)"
                )
        weld = _kind(c) == "FrameContact"
        b1, b2 = (c.frame_a, c.frame_b) if _kind(c) == "LoopClosure" else (c.frame, "world")
        spec.add_equality(
            name=c.name,
            type=mujoco.mjtEq.mjEQ_WELD if weld else mujoco.mjtEq.mjEQ_CONNECT,
            objtype=body_obj,
            name1=b1,
            name2=b2,
        )
        names.append(c.name)
    return names


def _quat_of(R: np.ndarray) -> np.ndarray:
    import mujoco

    q = np.zeros(4)
    mujoco.mju_mat2Quat(q, np.ascontiguousarray(R, dtype=float).reshape(-1))
    return q


def set_constraint_data(mujoco, m, model) -> np.ndarray:
    """Write each constraint's anchors into the compiled model's ``eq_data`` (MuJoCo would take
    them from its qpos0, not from the constraint) and make the equalities as stiff as the mimic
    ones (impedance :data:`EQUALITY_IMPEDANCE`; the time constant is set with dt by the plant).
    Returns the equality ids in constraint order."""
    ids = []
    for c in model.constraints:
        e = mujoco.mj_name2id(m, mujoco.mjtObj.mjOBJ_EQUALITY, c.name)
        data = m.eq_data[e]
        data[:] = 0.0
        kind = _kind(c)
        if kind == "PointContact":
            # connect: data[0:3] anchor on body1 (frame axes), data[3:6] anchor on body2 (world)
            data[0:3] = c.point
            data[3:6] = c.anchor
        elif kind == "FrameContact":
            # weld: data[0:3] anchor on body2 (world), data[3:6] point on body1, data[6:10] the
            # relative orientation q_rel with q₁ q_rel = q₂ at rest: q₁ = q(R_anchor), q₂ = 1
            a = c.anchor_pose
            data[0:3] = a[:3, 3]
            data[6:10] = _quat_of(a[:3, :3].T)
            data[10] = 1.0  # torquescale
        # LoopClosure (dim 3): connect with both anchors at the body origins, data = 0
        ids.append(e)
    ids = np.array(ids, dtype=int)
    if ids.size:
        m.eq_solimp[ids, :2] = EQUALITY_IMPEDANCE
    return ids


class ConstraintForces:
    """λ by constraint name from MuJoCo's equality forces (the module docstring).

    Parameters
    ----------
    mujoco : module
    model : ConstrainedModel
    eq_ids : (k,) int ndarray
        The equality of each constraint (constraint order).
    dof_index : (n,) int ndarray
        MuJoCo dof of each modyn joint (modyn order).
    free_dof : int
        The free joint's first dof, or -1 (fixed base).
    coupling : (n_tree, n) ndarray or None
        G of a coupled-joints model (tree dofs → independent ones: g = Gᵀ g_tree), with
        ``tree_dof`` its tree dof addresses.
    """

    def __init__(self, mujoco, model, eq_ids, dof_index, free_dof=-1, coupling=None, tree_dof=None):
        self._mj = mujoco
        self.model = model
        self.eq_ids = np.asarray(eq_ids, dtype=int)
        self.dof_index = np.asarray(dof_index, dtype=int)
        self.free_dof = int(free_dof)
        self.coupling = coupling
        self.tree_dof = tree_dof
        ends = np.cumsum((0,) + tuple(model.constraint_dims))
        self._rows = [slice(int(a), int(b)) for a, b in zip(ends[:-1], ends[1:], strict=True)]
        self._g = np.zeros(model.nv)

    def generalized(self, m, d, eq: int, q: np.ndarray) -> np.ndarray:
        """g (nv, modyn's velocity coordinates): the generalized force of equality ``eq`` at
        MuJoCo's last forward pass (``efc_J``ᵀ ``efc_force`` over its rows)."""
        mujoco = self._mj
        rows = np.flatnonzero(
            (d.efc_type[: d.nefc] == mujoco.mjtConstraint.mjCNSTR_EQUALITY)
            & (d.efc_id[: d.nefc] == eq)
        )
        jac = np.asarray(d.efc_J).reshape(-1)[: d.nefc * m.nv].reshape(d.nefc, m.nv)
        g_mj = jac[rows].T @ d.efc_force[rows]
        g = self._g
        if self.free_dof >= 0:
            b = self.free_dof
            R = quaternion_matrix(q[3:7])
            g[:3] = R.T @ g_mj[b : b + 3]  # world axes → base axes (the power is the same)
            g[3:FREE_NV] = g_mj[b + 3 : b + FREE_NV]
            g[FREE_NV:] = g_mj[self.dof_index]
        elif self.coupling is not None:
            g[:] = self.coupling.T @ g_mj[self.tree_dof]
        else:
            g[:] = g_mj[self.dof_index]
        return g

    def forces(self, m, d, q: np.ndarray) -> dict[str, np.ndarray]:
        """λ by constraint name at configuration ``q`` (modyn's, nq) from MuJoCo's last forward
        pass (the caller runs ``mj_forward`` at that state first)."""
        jac = np.asarray(self.model.constraint_jacobian(q), dtype=float)
        out = {}
        for c, rows, eq in zip(self.model.constraints, self._rows, self.eq_ids, strict=True):
            g = self.generalized(m, d, int(eq), q)
            out[c.name] = np.linalg.lstsq(jac[rows].T, g, rcond=None)[0]
        return out
