"""The holonomic constraints: point contact, frame contact, loop closure.

Each constraint k contributes m_k rows to the constraint equations, written with the mechanism
contract only (``frame_placement``, ``frame_jacobian``, ``frame_motion``), so it works on any
model (fixed-base tree, floating base, ball joint...). For each, at (q, v):

    φ_k(q)      (m_k,)      the position residual (0 when the constraint holds)
    J_k(q)      (m_k, nv)   the velocity rows:  φ̇_k = J_k v (world axes)
    γ_k(q, v)   (m_k,)      J̇_k v, the rows' acceleration at v̇ = 0:  φ̈_k = J_k v̇ + γ_k

with, for a frame F with origin o, rotation R and contract Jacobian [J_o; J_ω] (world axes),
classical acceleration at v̇ = 0 [a_o; α] (``frame_jacobian_dot_v``), ω = J_ω v:

- :class:`PointContact` (3 rows), the point p (frame axes) at r = R p from o, held at the world
  point ``anchor``:  φ = o + r − anchor,  J = J_o − [r]× J_ω,
  γ = a_o + α × r + ω × (ω × r).
- :class:`FrameContact` (6 rows), the frame held at the pose (R_a, p_a):
  φ = [o − p_a; R_a log(R_aᵀ R)],  J = [J_o; J_ω],  γ = [a_o; α]. The orientation residual is
  the rotation vector of the error in world axes; its rate is ω to first order in the error
  (exactly at the anchor), which is what Baumgarte stabilisation needs.
- :class:`LoopClosure` (3 or 6 rows), the origin of frame b on the origin of frame a (dim 3),
  and also their axes aligned (dim 6): φ = [o_b − o_a; R_a log(R_aᵀ R_b)],
  J = [J_o,b − J_o,a; J_ω,b − J_ω,a], γ = [a_o,b − a_o,a; α_b − α_a].

``rows`` (optional, every kind) keeps a subset of those rows: e.g. ``rows=(0, 1)`` for a
planar mechanism moving in the world x-y plane, whose z row of a point constraint is identically
zero (a zero row is a rank deficiency, refused by the solver).

Forces (λ): the force (3) or wrench [f; m about the contact point] (6) that the constraint
applies ON THE ROBOT at the point, world axes (on body b for a loop closure, body a getting the
opposite); the generalized force is Jᵀ λ. Rows dropped by ``rows`` carry a zero force.
"""

from __future__ import annotations

import numpy as np

from ..errors import ConstraintError
from ..so3 import rotation_log

__all__ = ["Constraint", "PointContact", "FrameContact", "LoopClosure"]


def _cross(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """a × b over the last axis (np.cross's axis handling costs ~20 µs a call)."""
    a0, a1, a2 = a[..., 0], a[..., 1], a[..., 2]
    b0, b1, b2 = b[..., 0], b[..., 1], b[..., 2]
    return np.stack((a1 * b2 - a2 * b1, a2 * b0 - a0 * b2, a0 * b1 - a1 * b0), axis=-1)


def _skew_times(r: np.ndarray, jw: np.ndarray) -> np.ndarray:
    """[r]× J_ω for r (..., 3) and J_ω (..., 3, nv), without forming [r]×."""
    rx, ry, rz = r[..., 0, None], r[..., 1, None], r[..., 2, None]
    j0, j1, j2 = jw[..., 0, :], jw[..., 1, :], jw[..., 2, :]
    return np.stack((ry * j2 - rz * j1, rz * j0 - rx * j2, rx * j1 - ry * j0), axis=-2)


def _check_rows(name: str, rows, dim: int) -> tuple[int, ...] | None:
    if rows is None:
        return None
    try:
        out = tuple(int(r) for r in rows)
    except (TypeError, ValueError):
        raise ConstraintError(f"constraint '{name}': rows must be integers, got {rows!r}") from None
    if not out or len(set(out)) != len(out) or any(r < 0 or r >= dim for r in out):
        raise ConstraintError(
            f"constraint '{name}': rows must be distinct indices in 0..{dim - 1}, got {rows!r}"
        )
    return tuple(sorted(out))


class Constraint:
    """Common part of every constraint: its ``name``, the kept ``rows`` and the row count."""

    #: full number of rows of the kind (3 or 6), before ``rows`` selects some
    full_dim = 3

    def __init__(self, name: str, rows=None):
        if not isinstance(name, str) or not name:
            raise ConstraintError(f"a constraint needs a non-empty name, got {name!r}")
        self.name = name
        self.rows = _check_rows(name, rows, self.full_dim)

    @property
    def selected(self) -> tuple[int, ...]:
        """Indices of the kept rows among the kind's ``full_dim``."""
        return tuple(range(self.full_dim)) if self.rows is None else self.rows

    @property
    def dim(self) -> int:
        """Number of rows it contributes (m_k)."""
        return len(self.selected)

    @property
    def frames(self) -> tuple[str, ...]:
        """The frames it refers to (checked against the model's ``frame_names``)."""
        raise NotImplementedError

    def attach(self, model, q0: np.ndarray) -> Constraint:
        """This constraint with its unset anchors resolved at ``q0`` (a copy; self if none)."""
        return self

    def evaluate(self, model, q, v=None):
        """(φ (..., F), J (..., F, nv), γ (..., F) or None when v is None) over the kind's
        F = ``full_dim`` rows (the caller keeps the ``selected`` ones)."""
        raise NotImplementedError

    @staticmethod
    def _motion(model, q, v, frame):
        if v is None:
            # the pose and J from one frame_motion at v = 0 (one kinematics pass; the
            # placement and Jacobian calls would make two): its J̇v is dropped
            zero = np.zeros(np.shape(q)[:-1] + (model.nv,))
            pose, jac, _ = model.frame_motion(q, zero, frame)
            return pose, jac, None
        return model.frame_motion(q, v, frame)

    def __repr__(self) -> str:
        fields = ", ".join(f"{k}={v!r}" for k, v in vars(self).items() if k != "name")
        return f"{type(self).__name__}({self.name!r}, {fields})"


def _vector3(name: str, field: str, value) -> np.ndarray:
    arr = np.array(value, dtype=float)
    if arr.shape != (3,) or not np.all(np.isfinite(arr)):
        raise ConstraintError(
            f"constraint '{name}': {field} must be 3 finite numbers, got {value!r}"
        )
    arr.flags.writeable = False
    return arr


def _pose(name: str, field: str, value) -> np.ndarray | None:
    if value is None:
        return None
    arr = np.array(value, dtype=float)
    if arr.shape == (3,):
        out = np.eye(4)
        out[:3, 3] = arr
        arr = out
    if arr.shape != (4, 4) or not np.all(np.isfinite(arr)):
        raise ConstraintError(
            f"constraint '{name}': {field} must be 3 finite numbers or a 4x4 pose, got {value!r}"
        )
    r = arr[:3, :3]
    if np.abs(r.T @ r - np.eye(3)).max() > 1e-6 or np.linalg.det(r) < 0:
        raise ConstraintError(f"constraint '{name}': {field} rotation is not a rotation matrix")
    arr.flags.writeable = False
    return arr


class PointContact(Constraint):
    """The point ``point`` (m, in ``frame``'s axes) of ``frame`` held at the world point
    ``anchor`` (m; default: where it is at the attach configuration). 3 rows, force (3) on the
    robot at the point, world axes."""

    full_dim = 3

    def __init__(self, name: str, frame: str, point=(0.0, 0.0, 0.0), anchor=None, rows=None):
        super().__init__(name, rows)
        self.frame = str(frame)
        self.point = _vector3(name, "point", point)
        self.anchor = None if anchor is None else _vector3(name, "anchor", anchor)

    @property
    def frames(self) -> tuple[str, ...]:
        return (self.frame,)

    def attach(self, model, q0):
        if self.anchor is not None:
            return self
        t = model.frame_placement(q0, self.frame)
        return PointContact(
            self.name, self.frame, self.point, t[:3, :3] @ self.point + t[:3, 3], self.rows
        )

    def evaluate(self, model, q, v=None):
        t, jac, jdv = self._motion(model, q, v, self.frame)
        anchor = self.anchor if self.anchor is not None else 0.0
        if not self.point.any():  # the frame origin itself (r = 0): the contract's rows as is
            phi = t[..., :3, 3] - anchor
            return phi, jac[..., :3, :], None if jdv is None else jdv[..., :3]
        r = t[..., :3, :3] @ self.point
        phi = t[..., :3, 3] + r - anchor
        jw = jac[..., 3:, :]
        j = jac[..., :3, :] - _skew_times(r, jw)
        if jdv is None:
            return phi, j, None
        w = np.einsum("...ij,...j->...i", jw, v)
        gamma = jdv[..., :3] + _cross(jdv[..., 3:], r) + _cross(w, _cross(w, r))
        return phi, j, gamma


class FrameContact(Constraint):
    """``frame`` held at the world pose ``anchor_pose`` (4x4, or 3 numbers: a position with the
    identity rotation; default: its pose at the attach configuration). 6 rows [position;
    orientation], wrench [f; m about the frame origin] on the robot, world axes."""

    full_dim = 6

    def __init__(self, name: str, frame: str, anchor_pose=None, rows=None):
        super().__init__(name, rows)
        self.frame = str(frame)
        self.anchor_pose = _pose(name, "anchor_pose", anchor_pose)

    @property
    def frames(self) -> tuple[str, ...]:
        return (self.frame,)

    def attach(self, model, q0):
        if self.anchor_pose is not None:
            return self
        return FrameContact(self.name, self.frame, model.frame_placement(q0, self.frame), self.rows)

    def evaluate(self, model, q, v=None):
        t, jac, jdv = self._motion(model, q, v, self.frame)
        a = self.anchor_pose if self.anchor_pose is not None else np.eye(4)
        ra = a[:3, :3]
        err = rotation_log(ra.T @ t[..., :3, :3])
        phi = np.concatenate((t[..., :3, 3] - a[:3, 3], err @ ra.T), axis=-1)
        return phi, jac, jdv


class LoopClosure(Constraint):
    """The origin of ``frame_b`` held on the origin of ``frame_a`` (``dim=3``), and their axes
    aligned too (``dim=6``). Force (3) or wrench [f; m about the common origin] (6) on body b,
    world axes (body a gets the opposite)."""

    def __init__(self, name: str, frame_a: str, frame_b: str, dim: int = 3, rows=None):
        if dim not in (3, 6):
            raise ConstraintError(
                f"constraint '{name}': a loop closure has dim 3 or 6, got {dim!r}"
            )
        self.full_dim = int(dim)
        super().__init__(name, rows)
        self.frame_a, self.frame_b = str(frame_a), str(frame_b)
        if self.frame_a == self.frame_b:
            raise ConstraintError(
                f"constraint '{name}': frame_a and frame_b are the same frame '{frame_a}'"
            )

    @property
    def frames(self) -> tuple[str, ...]:
        return (self.frame_a, self.frame_b)

    def evaluate(self, model, q, v=None):
        ta, ja, ga = self._motion(model, q, v, self.frame_a)
        tb, jb, gb = self._motion(model, q, v, self.frame_b)
        phi = tb[..., :3, 3] - ta[..., :3, 3]
        j = jb - ja
        gamma = None if v is None else gb - ga
        if self.full_dim == 3:
            return phi, j[..., :3, :], None if gamma is None else gamma[..., :3]
        ra = ta[..., :3, :3]
        err = rotation_log(np.swapaxes(ra, -1, -2) @ tb[..., :3, :3])
        err_world = np.einsum("...ij,...j->...i", ra, err)
        return np.concatenate((phi, err_world), axis=-1), j, gamma
