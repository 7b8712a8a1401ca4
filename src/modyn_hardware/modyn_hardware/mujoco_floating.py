"""MuJoCo's free joint and modyn's floating base: the state, force and acceleration maps.

A floating-base model (modyn_model's ``FloatingBaseModel``, docs/model.md) has

    q = [p (3), quaternion of R_WB (w, x, y, z), joints (n)],
    v = [v_B (3), ω_B (3), joint rates (n)]

with p the base origin in the world frame, v_B = Rᵀ ṗ the velocity of that origin in BASE axes
and ω_B the angular velocity in BASE axes (Pinocchio's FreeFlyer, LOCAL). MuJoCo's free joint
(``<freejoint/>`` on the base body) has

    qpos = [p (3), (qw, qx, qy, qz)],   qvel = [ṗ (3) in WORLD axes, ω_B (3) in BODY axes]

(MuJoCo's documentation, "Floating objects": the translational velocity of a free joint is in
the global frame, the rotational one in the local frame; checked here against Pinocchio's ABA,
``test_mujoco_floating.py``). So the configurations are the same numbers in the same order and
only the linear velocity differs:

    qvel[:3] = R v_B,            v_B = Rᵀ qvel[:3].

Accelerations (MuJoCo's ``qacc`` is the time derivative of ``qvel``; modyn's v̇ that of v):

    p̈ = d/dt (R v_B) = R (v̇_B + ω_B × v_B)   ⇒   v̇_B = Rᵀ qacc[:3] − ω_B × v_B,
    ω̇_B = qacc[3:6].

Generalized forces are dual to the velocities (the same power τᵀv = qfrcᵀ qvel): modyn's base
force τ[:3] (BASE axes) is MuJoCo's R τ[:3] (world axes), the moment τ[3:6] (BASE axes, about
the base origin, which is the free joint's anchor) is the same numbers.
"""

from __future__ import annotations

import numpy as np

__all__ = [
    "FREE_NQ",
    "FREE_NV",
    "add_free_joint",
    "acceleration_from_mujoco",
    "quaternion_matrix",
    "state_from_mujoco",
    "state_to_mujoco",
    "wrench_to_mujoco",
]

#: sizes of the free joint's position and velocity
FREE_NQ, FREE_NV = 7, 6


def quaternion_matrix(quat: np.ndarray, out: np.ndarray | None = None) -> np.ndarray:
    """The rotation matrix (3, 3) of a unit quaternion (w, x, y, z)."""
    w, x, y, z = (float(c) for c in quat)
    R = np.empty((3, 3)) if out is None else out
    R[0, 0] = 1.0 - 2.0 * (y * y + z * z)
    R[0, 1] = 2.0 * (x * y - w * z)
    R[0, 2] = 2.0 * (x * z + w * y)
    R[1, 0] = 2.0 * (x * y + w * z)
    R[1, 1] = 1.0 - 2.0 * (x * x + z * z)
    R[1, 2] = 2.0 * (y * z - w * x)
    R[2, 0] = 2.0 * (x * z - w * y)
    R[2, 1] = 2.0 * (y * z + w * x)
    R[2, 2] = 1.0 - 2.0 * (x * x + y * y)
    return R


def state_from_mujoco(qpos: np.ndarray, qvel: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """modyn's base (q[:7], v[:6]) from the free joint's ``qpos`` (7) and ``qvel`` (6)."""
    q = np.array(qpos[:FREE_NQ], dtype=float)
    v = np.array(qvel[:FREE_NV], dtype=float)
    v[:3] = quaternion_matrix(q[3:7]).T @ v[:3]
    return q, v


def state_to_mujoco(q: np.ndarray, v: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The free joint's (qpos (7), qvel (6)) from modyn's base q[:7] and v[:6]."""
    qpos = np.array(q[:FREE_NQ], dtype=float)
    qvel = np.array(v[:FREE_NV], dtype=float)
    qvel[:3] = quaternion_matrix(qpos[3:7]) @ qvel[:3]
    return qpos, qvel


def acceleration_from_mujoco(qpos: np.ndarray, qvel: np.ndarray, qacc: np.ndarray) -> np.ndarray:
    """modyn's base v̇[:6] from MuJoCo's ``qacc`` (the module docstring's formula)."""
    R = quaternion_matrix(qpos[3:7])
    v_b = R.T @ qvel[:3]
    out = np.array(qacc[:FREE_NV], dtype=float)
    out[:3] = R.T @ out[:3] - np.cross(qvel[3:6], v_b)
    return out


def wrench_to_mujoco(q: np.ndarray, tau: np.ndarray) -> np.ndarray:
    """MuJoCo's free-joint generalized force (6) of modyn's base wrench τ[:6] (BASE axes)."""
    out = np.array(tau[:FREE_NV], dtype=float)
    out[:3] = quaternion_matrix(q[3:7]) @ out[:3]
    return out


def add_free_joint(mujoco, xml: str, body: str, name: str, edit=None):
    """Compile ``xml`` (MJCF or URDF text) with a free joint named ``name`` on ``body``.

    MuJoCo's URDF importer makes the root link a body welded to the world (and drops a
    ``floating`` joint); :class:`mujoco.MjSpec` adds the free joint to that body before
    compiling, which is the same as writing ``<freejoint/>`` into it.

    Two compiler options are set for the floating body:

    * ``alignfree`` off: the free joint's frame stays the base link's frame (MuJoCo could move
      a free body's frame to its centre of mass, and qpos would then not be modyn's p);
    * ``fusestatic`` on: bodies welded to their parent (URDF ``fixed`` joints) are merged into
      it, their inertias composed, which changes no dynamics (Pinocchio and modyn's builder do
      the same).

    MuJoCo checks each body's own inertia before fusing: the placeholder root links of go1 and
    anymal (mass 1e-6, all six inertia entries 1e-6: not positive definite; their trunk is
    welded to them) are refused. Such a root inertia I₀ (about its centre of mass) is replaced
    by a positive definite I_p with the same mass and centre of mass for compiling, and the
    compiled composite corrected exactly afterwards: rotational inertias about the same point
    add, so the composite about its centre of mass is I_c − I_p + I₀ (re-diagonalised into
    ``body_inertia`` / ``body_iquat``; mass and centre of mass are unchanged). A composite
    that is still not positive definite is refused.

    ``edit(spec)``, when given, is called before compiling (the plant adds its constraint
    equalities there).

    Raises
    ------
    ValueError
        MuJoCo rejects the text, or it has no body ``body``, or that body already has a joint.
    """
    spec = mujoco.MjSpec.from_string(xml)
    found = spec.body(body)
    if found is None:
        raise ValueError(f"MuJoCo built no body named '{body}' (the floating base)")
    if found.first_joint() is not None:
        raise ValueError(f"body '{body}' (the floating base) already has a joint in MuJoCo")
    found.add_freejoint(name=name)
    spec.compiler.alignfree = False
    spec.compiler.fusestatic = True
    I0 = _full_inertia(found) if found.explicitinertial else None
    placeholder = None
    if I0 is not None and np.linalg.eigvalsh(I0)[0] <= 0.0:
        scale = max(float(np.abs(I0).max()), 1e-12)
        placeholder = np.eye(3) * scale
        found.fullinertia = [scale, scale, scale, 0.0, 0.0, 0.0]
    if edit is not None:
        edit(spec)
    m = spec.compile()
    if placeholder is not None:
        _correct_inertia(
            mujoco, m, mujoco.mj_name2id(m, mujoco.mjtObj.mjOBJ_BODY, body), I0 - placeholder, body
        )
    return m


def _full_inertia(body) -> np.ndarray | None:
    """The body's rotational inertia about its centre of mass (3, 3) in the body frame, from
    the spec (``fullinertia`` as URDF gives it, else the principal ``inertia`` + ``iquat``)."""
    f = np.asarray(body.fullinertia, dtype=float)
    if np.all(np.isfinite(f)) and np.any(f != 0.0):  # (ixx, iyy, izz, ixy, ixz, iyz)
        return np.array([[f[0], f[3], f[4]], [f[3], f[1], f[5]], [f[4], f[5], f[2]]])
    d = np.asarray(body.inertia, dtype=float)
    if not np.any(d != 0.0):
        return None
    Q = quaternion_matrix(np.asarray(body.iquat, dtype=float) / np.linalg.norm(body.iquat))
    return Q @ np.diag(d) @ Q.T


def _correct_inertia(mujoco, m, bid: int, delta: np.ndarray, name: str) -> None:
    """Add ``delta`` (3, 3, about the centre of mass, body frame) to compiled body ``bid``."""
    Q = quaternion_matrix(m.body_iquat[bid])
    Ic = Q @ np.diag(m.body_inertia[bid]) @ Q.T + delta
    w, V = np.linalg.eigh(0.5 * (Ic + Ic.T))
    if w[0] <= 0.0:
        raise ValueError(
            f"body '{name}' (the floating base): the inertia of the base link and the links "
            f"fixed to it is not positive definite (eigenvalues {w.tolist()})"
        )
    if np.linalg.det(V) < 0.0:
        V[:, 0] = -V[:, 0]
    quat = np.zeros(4)
    mujoco.mju_mat2Quat(quat, V.reshape(-1))
    m.body_inertia[bid] = w
    m.body_iquat[bid] = quat
    mujoco.mj_setConst(m, mujoco.MjData(m))
