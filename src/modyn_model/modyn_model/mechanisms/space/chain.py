"""The DQ chain model (paper §2.1, Table 2, eqs. 6–10; note §3–§4): a serial chain of rigid
bodies on a floating base, numbered **tip → base inside** (body 1 = the last URDF link, body
n = the base, joined to the inertial frame by the 6-dof floating hinge) and in **URDF order
outside**.

Per body k (internal index i = k − 1):

* ``mount[i]``: q̂_{t_k d_{k+1}}, the constant pose of the hinge frame t_k in the parent body's
  frame d_{k+1} (URDF joint origin: rotation, then translation in parent axes; eq. 10);
* ``hinge[i]``: Ĥ_k (8 × n_k), constant, in the child frame d_k (Table 2): revolute about
  the URDF axis a — column (0, a, 0, 0) (a = ẑ gives Table 2's e₄); prismatic — (0, 0, 0, a)
  (e₈ for ẑ); floating — rows 2–4/cols 1–3 = I₃, rows 6–8/cols 4–6 = I₃, velocity
  (ω_B, v_B) in base axes;
* ``dual_mass[i]``: M̂_k (8 × 8) about d_k (eq. 6, with S = m c̃, note A5):
  M̂ ω̂ = [0, m v − S ω, 0, J ω + S v] (linear momentum; angular momentum about d_k);
* ``inertia[i]`` = P M̂_k = [[J, S], [−S, mI]] on the vector slots, symmetric (note §3).

The index maps: internal body i ↔ URDF joint ``urdf_joint[i]`` (−1 for the base);
``internal_of_joint[j]`` the inverse.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

import numpy as np

from ...dualquat import SWAP, dqfrom_pose, qfrom_matrix
from ...errors import DescriptionError
from ...joint import REVOLUTE

__all__ = ["DQChain", "REVOLUTE_HINGE", "PRISMATIC_HINGE", "FLOATING_HINGE", "dual_mass_matrix"]

REVOLUTE_HINGE = "revolute"
PRISMATIC_HINGE = "prismatic"
FLOATING_HINGE = "floating"


def _skew(v: np.ndarray) -> np.ndarray:
    x, y, z = v
    return np.array([[0.0, -z, y], [z, 0.0, -x], [-y, x, 0.0]])


def dual_mass_matrix(params) -> np.ndarray:
    """M̂ (8, 8) about the frame origin from standard parameters
    [XX XY XZ YY YZ ZZ MX MY MZ M] (about the origin, frame axes; eq. 6, S = skew(m c))."""
    xx, xy, xz, yy, yz, zz, mx, my, mz, m = np.asarray(params, dtype=float)
    j = np.array([[xx, xy, xz], [xy, yy, yz], [xz, yz, zz]])
    s = _skew(np.array([mx, my, mz]))
    out = np.zeros((8, 8))
    out[1:4, 1:4] = -s
    out[1:4, 5:8] = m * np.eye(3)
    out[5:8, 1:4] = j
    out[5:8, 5:8] = s
    return out


@dataclass(frozen=True)
class DQChain:
    """Constant tables of the chain (see the module docstring). Arrays are in internal
    (tip → base) order, body n − 1 (0-based) the base."""

    n: int
    nj: int
    kinds: tuple[str, ...]
    mount: np.ndarray  # (n, 8); the base's entry is unused (its pose is the state)
    axis: np.ndarray  # (n, 3); unused for the base
    hinge: tuple[np.ndarray, ...]  # Ĥ_k (8, n_k)
    dual_mass: np.ndarray  # (n, 8, 8)
    inertia: np.ndarray  # (n, 8, 8) = P M̂_k
    urdf_joint: tuple[int, ...]
    internal_of_joint: tuple[int, ...]
    armature: np.ndarray  # (nj,) URDF order
    dof: tuple[int, ...]  # n_k
    offset: tuple[int, ...]  # start of θ_k in the internal stacked Θ
    ndof: int  # N

    @functools.cached_property
    def hinge_operator(self) -> np.ndarray:
        """Ĥ (8n, N) = diag{Ĥ_k}, columns in the outside order (eq. 26)."""
        idx = self.stacked_index()
        h = np.zeros((8 * self.n, self.ndof))
        for i in range(self.n):
            o = self.offset[i]
            h[8 * i : 8 * i + 8, idx[o : o + self.dof[i]]] = self.hinge[i]
        return h

    @functools.cached_property
    def inertia_operator(self) -> np.ndarray:
        """Î = diag{P M̂_k} (8n, 8n) (note §7)."""
        out = np.zeros((8 * self.n, 8 * self.n))
        for i in range(self.n):
            out[8 * i : 8 * i + 8, 8 * i : 8 * i + 8] = self.inertia[i]
        return out

    @functools.cached_property
    def hinge_columns(self) -> np.ndarray:
        """Ĥ_k (n − 1, 8) of the one-dof hinges (internal order), the base's excluded."""
        return np.array([h[:, 0] for h in self.hinge[:-1]]).reshape(self.n - 1, 8)

    @classmethod
    def from_limb(cls, limb, root_params, source: str = "") -> DQChain:
        """The chain of a fixed-base :class:`~modyn_model.model.RobotModel` ``limb`` (rooted at
        the base link; its joint origins, axes and standard parameters about the link origins)
        on a base body with standard parameters ``root_params`` (10,)."""
        parents = [int(p) for p in limb.parents]
        nj = limb.n
        for j, p in enumerate(parents):
            if p != j - 1:
                raise DescriptionError(
                    f"{source or limb.source}: the DQ chain needs a serial chain; joint "
                    f"'{limb.joint_names[j]}' hangs from joint index {p}, not {j - 1} (a tree: "
                    "use FloatingBaseModel)"
                )
        n = nj + 1
        kinds, mounts, axes, hinges, masses, urdf_joint = [], [], [], [], [], []
        for i in range(nj):  # internal body i = URDF joint nj − 1 − i
            j = nj - 1 - i
            revolute = int(limb.sigma[j]) == REVOLUTE
            kinds.append(REVOLUTE_HINGE if revolute else PRISMATIC_HINGE)
            mounts.append(dqfrom_pose(qfrom_matrix(limb.joint_rotations[j]), limb.joint_origins[j]))
            a = np.asarray(limb.axes[j], dtype=float)
            axes.append(a)
            h = np.zeros((8, 1))
            if revolute:
                h[1:4, 0] = a
            else:
                h[5:8, 0] = a
            hinges.append(h)
            masses.append(dual_mass_matrix(limb.inertial_parameters[j]))
            urdf_joint.append(j)
        kinds.append(FLOATING_HINGE)
        mounts.append(np.array([1.0, 0, 0, 0, 0, 0, 0, 0]))
        axes.append(np.zeros(3))
        h = np.zeros((8, 6))
        h[1:4, 0:3] = np.eye(3)
        h[5:8, 3:6] = np.eye(3)
        hinges.append(h)
        masses.append(dual_mass_matrix(root_params))
        urdf_joint.append(-1)
        dof = tuple(h.shape[1] for h in hinges)
        offset = tuple(int(x) for x in np.concatenate([[0], np.cumsum(dof)[:-1]]))
        dual_mass = np.array(masses)
        internal = [0] * nj
        for i, j in enumerate(urdf_joint[:-1]):
            internal[j] = i
        return cls(
            n=n,
            nj=nj,
            kinds=tuple(kinds),
            mount=np.array(mounts),
            axis=np.array(axes),
            hinge=tuple(hinges),
            dual_mass=dual_mass,
            inertia=SWAP @ dual_mass,
            urdf_joint=tuple(urdf_joint),
            internal_of_joint=tuple(internal),
            armature=np.asarray(limb.armature, dtype=float).copy(),
            dof=dof,
            offset=offset,
            ndof=int(sum(dof)),
        )

    @classmethod
    def rigid_body(cls, params) -> DQChain:
        """A lone free-flying body (n = 1, the 6-dof hinge only) with standard parameters
        ``params`` (10,) about its frame origin (the base-only test of note §11)."""
        h = np.zeros((8, 6))
        h[1:4, 0:3] = np.eye(3)
        h[5:8, 3:6] = np.eye(3)
        dual_mass = dual_mass_matrix(params)[None]
        return cls(
            n=1,
            nj=0,
            kinds=(FLOATING_HINGE,),
            mount=np.array([[1.0, 0, 0, 0, 0, 0, 0, 0]]),
            axis=np.zeros((1, 3)),
            hinge=(h,),
            dual_mass=dual_mass,
            inertia=SWAP @ dual_mass,
            urdf_joint=(-1,),
            internal_of_joint=(),
            armature=np.zeros(0),
            dof=(6,),
            offset=(0,),
            ndof=6,
        )

    @classmethod
    def from_urdf(cls, source, **kwargs) -> DQChain:
        """The chain of a URDF (path or XML; the root link is the floating base; keyword
        arguments of :meth:`FloatingBaseModel.from_urdf
        <modyn_model.floating.FloatingBaseModel.from_urdf>`)."""
        from ...floating import FloatingBaseModel

        fb = FloatingBaseModel.from_urdf(source, **kwargs)
        return cls.from_limb(fb.limb_model, fb.root_params, fb.source)

    # ------------------------------------------------------------------ order maps
    def stacked_index(self) -> np.ndarray:
        """``idx`` (N,) such that Θ_internal = ν_outside[idx], where ν_outside = [base (ω, v)
        (6), joints in URDF order] and Θ_internal stacks θ_k for k = 1..n (tip first)."""
        idx = np.empty(self.ndof, dtype=int)
        for i in range(self.n):
            o = self.offset[i]
            if self.kinds[i] == FLOATING_HINGE:
                idx[o : o + 6] = np.arange(6)
            else:
                idx[o] = 6 + self.urdf_joint[i]
        return idx
