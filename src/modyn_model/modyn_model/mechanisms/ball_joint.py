"""A rigid body on a ball (spherical) joint under gravity: the smallest mechanism with nq ≠ nv.

Configuration and velocity
--------------------------
The body turns about a fixed pivot O (the world origin, which is also the origin of the body
frame). Its orientation is the unit quaternion q = (w, x, y, z) (nq = 4), the rotation R(q) from
body to world axes; its velocity is the angular velocity ω in **body** axes (nv = 3), so

    q̇ = ½ q ⊗ (0, ω),

and a constant ω held for dt moves q to (right multiplication, Pinocchio's convention)

    integrate(q, ω, dt) = q ⊗ exp(ω dt / 2),   exp(θ/2) = (cos |θ|/2, sin(|θ|/2) θ/|θ|),

normalized. Its inverse is the shortest rotation vector between two orientations,

    difference(q1, q0) = log(q0⁻¹ ⊗ q1) ∈ R³, |·| ≤ π   (q and −q are the same orientation),

so ``difference(integrate(q, v, 1), q) == v`` for |v| < π. Three torque motors act about the
body axes (nu = 3, u = τ, S = I₃).

Dynamics
--------
With m the mass, c the centre of mass in body axes and I_c the inertia about it (body axes), the
inertia about the pivot is I = I_c + m (|c|² 1 − c cᵀ) (parallel axis). Euler's equations about
the pivot, in body axes, are

    I ω̇ + ω × (I ω) − m c × (Rᵀ g) = τ,       i.e.  A = I,  H(q, ω) = C(ω) ω + Q(q),

with g the gravity vector in world axes, Q(q) = −m c × (Rᵀ g) the gravity torque (the derivative
of U = −m gᵀ R c along a body-frame rotation) and

    C(ω) = ½ ([ω]× I + I [ω]× − [I ω]×),

Pinocchio's Coriolis matrix for this joint (C ω = ω × I ω; C skew-symmetric, so Ȧ − 2C = −2C is
skew as the contract asks, A being constant). Kinetic energy ½ ωᵀ I ω. No friction: the
``friction`` keyword of the dynamics methods is accepted and has no effect.

External wrench ``f_ext`` (..., 1, 6): as for a :class:`~modyn_model.model.RobotModel`, the wrench
[f; m] the body exerts on its environment, in body axes, moment about the body origin (the
pivot): it adds m to H (the force goes through the pivot and does no work).

Frames: ``body`` (origin at the pivot, body axes) and ``com`` (origin at the centre of mass, body
axes). Jacobians are [linear velocity of the origin; angular velocity] in world axes:
J_body = [0; R], J_com = [−R [c]×; R]; J̇ ω (at ω̇ = 0) is 0 for ``body`` and
[R (ω × (ω × c)); 0] for ``com``.

Description (``kind: ball_joint``)::

    kind: ball_joint
    name: top                  # prefixes the coordinate, velocity and actuator names
    mass: 2.0                  # kg, > 0
    com: [0.0, 0.0, 0.3]       # m, body axes, from the pivot
    inertia: [ixx, ixy, ixz, iyy, iyz, izz]   # kg·m² about the com (URDF order) or 3x3 rows
    gravity: [0, 0, -9.81]     # m/s², world axes (default)
    effort_limit: 5.0          # N·m, one for all motors or 3 values (default inf)
    velocity_limit: 20.0       # rad/s, one or 3 values (default inf)

Checked against Pinocchio's ``JointModelSpherical`` in ``test/test_ball_joint.py``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

import numpy as np

from ..checks import StateChecks
from ..data import Data
from ..errors import DescriptionError, InertiaError, StateError
from ..fields import check_fields

__all__ = [
    "BallJointBody",
    "quat_multiply",
    "quat_exp",
    "quat_log",
    "quat_matrix",
]

FRAMES = ("body", "com")
_DEFAULT_GRAVITY = (0.0, 0.0, -9.81)
#: below this |θ| (rad) the sin/atan quotients use their series (error < 1e-20)
_SMALL = 1e-5


# ---------------------------------------------------------------------- quaternion algebra
def quat_multiply(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Hamilton product a ⊗ b of (..., 4) quaternions (w, x, y, z)."""
    aw, ax, ay, az = np.moveaxis(a, -1, 0)
    bw, bx, by, bz = np.moveaxis(b, -1, 0)
    return np.stack(
        (
            aw * bw - ax * bx - ay * by - az * bz,
            aw * bx + ax * bw + ay * bz - az * by,
            aw * by - ax * bz + ay * bw + az * bx,
            aw * bz + ax * by - ay * bx + az * bw,
        ),
        axis=-1,
    )


def quat_exp(theta: np.ndarray) -> np.ndarray:
    """exp(θ/2) = (cos |θ|/2, sin(|θ|/2) θ/|θ|) (..., 4): the unit quaternion of the rotation by
    the rotation vector θ (..., 3) (rad)."""
    theta = np.asarray(theta, dtype=float)
    n2 = np.einsum("...i,...i->...", theta, theta)
    n = np.sqrt(n2)
    small = n < _SMALL
    safe = np.where(small, 1.0, n)
    # sin(n/2)/n, with its series 1/2 − n²/48 + n⁴/3840 near 0
    s = np.where(small, 0.5 - n2 / 48.0 + n2 * n2 / 3840.0, np.sin(0.5 * safe) / safe)
    return np.concatenate((np.cos(0.5 * n)[..., None], s[..., None] * theta), axis=-1)


def quat_log(q: np.ndarray) -> np.ndarray:
    """The rotation vector θ (..., 3), |θ| ≤ π, with exp(θ/2) = ±q/|q| (q (..., 4) nonzero): the
    shortest of the two (q and −q are the same rotation)."""
    q = np.asarray(q, dtype=float)
    sign = np.where(q[..., :1] < 0.0, -1.0, 1.0)
    w = sign[..., 0] * q[..., 0]
    xyz = sign * q[..., 1:]
    n = np.sqrt(np.einsum("...i,...i->...", xyz, xyz))
    small = n < _SMALL * np.maximum(w, 1e-300)
    safe_n = np.where(small, 1.0, n)
    safe_w = np.where(small, w, 1.0)
    # 2 atan2(n, w) / n, with its series 2/w (1 − n²/(3w²)) where n ≪ w
    r2 = (n / safe_w) ** 2
    factor = np.where(small, 2.0 / safe_w * (1.0 - r2 / 3.0), 2.0 * np.arctan2(n, w) / safe_n)
    return factor[..., None] * xyz


def quat_matrix(q: np.ndarray) -> np.ndarray:
    """R(q) (..., 3, 3): body-to-world rotation of the quaternion q (..., 4) (normalized here)."""
    w, x, y, z = np.moveaxis(np.asarray(q, dtype=float), -1, 0)
    s = 2.0 / (w * w + x * x + y * y + z * z)
    return np.stack(
        (
            np.stack((1 - s * (y * y + z * z), s * (x * y - w * z), s * (x * z + w * y)), -1),
            np.stack((s * (x * y + w * z), 1 - s * (x * x + z * z), s * (y * z - w * x)), -1),
            np.stack((s * (x * z - w * y), s * (y * z + w * x), 1 - s * (x * x + y * y)), -1),
        ),
        axis=-2,
    )


def _skew(x: np.ndarray) -> np.ndarray:
    """[x]× (..., 3, 3)."""
    z = np.zeros(x.shape[:-1])
    x0, x1, x2 = np.moveaxis(x, -1, 0)
    return np.stack(
        (np.stack((z, -x2, x1), -1), np.stack((x2, z, -x0), -1), np.stack((-x1, x0, z), -1)),
        axis=-2,
    )


def _frozen(x) -> np.ndarray:
    arr = np.array(x, dtype=float)
    arr.flags.writeable = False
    return arr


# ---------------------------------------------------------------------- the model
class BallJointBody(StateChecks):
    """A rigid body on a ball joint (see the module docstring): nq = 4, nv = nu = 3.

    Parameters
    ----------
    name : str
        Prefix of the coordinate (``<name>_qw`` …), velocity (``<name>_wx`` …) and actuator
        (``<name>_motor_x`` …) names.
    mass : float
        kg, > 0.
    com : (3,) array_like
        Centre of mass from the pivot, body axes (m).
    inertia : (3, 3) or (6,) array_like
        Inertia about the centre of mass, body axes (kg·m²); 6 values are URDF's
        ixx, ixy, ixz, iyy, iyz, izz.
    gravity : (3,) array_like
        World-frame gravity (m/s²).
    effort_limit, velocity_limit : float or (3,)
        |u| (N·m) and |ω| (rad/s) limits, inf when none.
    source : str
        Where the description came from (for messages).
    """

    kind = "ball_joint"

    def __init__(
        self,
        name: str,
        mass: float,
        com: Sequence[float],
        inertia,
        *,
        gravity: Sequence[float] = _DEFAULT_GRAVITY,
        effort_limit=np.inf,
        velocity_limit=np.inf,
        source: str = "<ball_joint>",
    ):
        where = f"{source}: kind 'ball_joint'"
        if not isinstance(name, str) or not name:
            raise DescriptionError(
                f"{where}: field 'name' must be a non-empty string, got {name!r}"
            )
        self.name = name
        self.source = source
        m = _number(mass, "mass", where)
        if not m > 0.0:
            raise InertiaError(f"{where}: field 'mass' must be > 0 kg, got {mass!r}")
        c = _vector(com, 3, "com", where)
        ic = _inertia(inertia, where)
        g = _vector(gravity, 3, "gravity", where)
        self.mass = m
        self.com = _frozen(c)
        self.inertia_com = _frozen(ic)
        # parallel-axis theorem: the inertia about the pivot, body axes
        self.inertia_pivot = _frozen(ic + m * (c @ c * np.eye(3) - np.outer(c, c)))
        self._inertia_inv = _frozen(np.linalg.inv(self.inertia_pivot))
        self.gravity_vector = _frozen(g)
        # no joint friction modelled: the contract's coefficients are zeros
        self.viscous = self.coulomb = self.static_friction = self.stribeck_velocity = _frozen(
            [0.0, 0.0, 0.0]
        )
        self._coordinate_names = tuple(f"{name}_q{a}" for a in "wxyz")
        self._velocity_names = tuple(f"{name}_w{a}" for a in "xyz")
        self._actuator_names = tuple(f"{name}_motor_{a}" for a in "xyz")
        # a quaternion's components have no position limit (any unit quaternion is a pose)
        self.lower = _frozen(np.full(4, -np.inf))
        self.upper = _frozen(np.full(4, np.inf))
        self.velocity_limit = _frozen(_limit(velocity_limit, "velocity_limit", where))
        self.effort_limit = _frozen(_limit(effort_limit, "effort_limit", where))

    # ------------------------------------------------------------------ construction
    @classmethod
    def from_description(
        cls, d: Mapping, *, source: str = "<mapping>", base_dir: Path | None = None
    ) -> BallJointBody:
        """The loader of ``kind: ball_joint`` (see the module docstring for the fields)."""
        allowed = {
            "kind",
            "name",
            "mass",
            "com",
            "inertia",
            "gravity",
            "effort_limit",
            "velocity_limit",
        }
        check_fields(
            d, allowed, f"{source}: kind 'ball_joint'", required=("mass", "com", "inertia")
        )
        return cls(
            str(d.get("name", "ball")),
            d["mass"],
            d["com"],
            d["inertia"],
            gravity=d.get("gravity", _DEFAULT_GRAVITY),
            effort_limit=d.get("effort_limit", np.inf),
            velocity_limit=d.get("velocity_limit", np.inf),
            source=source,
        )

    # ------------------------------------------------------------------ sizes and names
    @property
    def nq(self) -> int:
        """4: the quaternion (w, x, y, z)."""
        return 4

    @property
    def nv(self) -> int:
        """3: the angular velocity in body axes."""
        return 3

    @property
    def nu(self) -> int:
        """3: torque motors about the body axes."""
        return 3

    @property
    def coordinate_names(self) -> tuple[str, ...]:
        return self._coordinate_names

    @property
    def velocity_names(self) -> tuple[str, ...]:
        return self._velocity_names

    @property
    def actuator_names(self) -> tuple[str, ...]:
        return self._actuator_names

    @property
    def frame_names(self) -> tuple[str, ...]:
        """The frames :meth:`frame_placement` knows."""
        return FRAMES

    @property
    def base_frame(self) -> str:
        """Poses are given in the world frame, whose origin is the pivot ('' names it)."""
        return ""

    @property
    def tip_frame(self) -> str:
        """The body frame."""
        return "body"

    def friction_forces(self, v) -> np.ndarray:
        """Γf(v) = 0 (no friction modelled)."""
        return np.zeros_like(self.check_velocity("v", v))

    def make_data(self) -> Data:
        """A fresh workspace for :mod:`modyn_model.algorithms`."""
        return Data(self)

    def __repr__(self) -> str:
        return f"BallJointBody({self.name!r}, mass={self.mass:g}, com={self.com.tolist()})"

    # ------------------------------------------------------------------ checks
    # check_state (..., 4) / check_velocity (..., 3) / check_actuation (..., 3): StateChecks
    # (checks.py), messages naming the model; a zero quaternion is refused by _quaternion where
    # an orientation is needed (the state check only asks for finite numbers)

    def _quaternion(self, name: str, q) -> np.ndarray:
        q = self.check_state(name, q)
        norm = np.sqrt(np.einsum("...i,...i->...", q, q))
        if np.any(norm < 1e-9):
            raise StateError(f"{name}: a zero quaternion is no orientation (model '{self.name}')")
        return q

    # ------------------------------------------------------------------ configuration space
    def neutral(self) -> np.ndarray:
        """The identity orientation (1, 0, 0, 0)."""
        return np.array([1.0, 0.0, 0.0, 0.0])

    def integrate(self, q, v, dt) -> np.ndarray:
        """q ⊗ exp(v dt / 2), normalized (..., 4): v (rad/s) in body axes held for dt (s)."""
        q = self._quaternion("q", q)
        v = self.check_velocity("v", v)
        out = quat_multiply(q, quat_exp(v * dt))
        return out / np.linalg.norm(out, axis=-1, keepdims=True)

    def difference(self, q1, q0) -> np.ndarray:
        """log(q0⁻¹ ⊗ q1) (..., 3): the body-axes rotation vector (rad), |·| ≤ π, taking q0 to
        q1 (the v with integrate(q0, v, 1) = q1)."""
        q1 = self._quaternion("q1", q1)
        q0 = self._quaternion("q0", q0)
        conj = q0 * np.array([1.0, -1.0, -1.0, -1.0])
        rel = quat_multiply(conj, q1)
        return quat_log(rel / np.linalg.norm(rel, axis=-1, keepdims=True))

    # ------------------------------------------------------------------ actuation (S = I)
    def actuation_matrix(self, q) -> np.ndarray:
        """S = I₃ (..., 3, 3): one motor per body axis."""
        q = self.check_state("q", q)
        return np.broadcast_to(np.eye(3), q.shape[:-1] + (3, 3)).copy()

    def generalized_forces(self, q, u) -> np.ndarray:
        """τ = u (N·m)."""
        self.check_state("q", q)
        return np.array(self.check_actuation("u", u), dtype=float)

    def actuator_forces(self, q, v, a) -> np.ndarray:
        """u = Γ(q, ω, ω̇) (S = I)."""
        return self.inverse_dynamics(q, v, a)

    # ------------------------------------------------------------------ dynamics
    def mass_matrix(self, q) -> np.ndarray:
        """A = I_pivot (..., 3, 3), constant (kg·m²)."""
        q = self.check_state("q", q)
        return np.broadcast_to(self.inertia_pivot, q.shape[:-1] + (3, 3)).copy()

    def gravity(self, q) -> np.ndarray:
        """Q(q) = −m c × (Rᵀ g) (..., 3) (N·m)."""
        q = self._quaternion("q", q)
        g_body = np.einsum("...ji,j->...i", quat_matrix(q), self.gravity_vector)
        return -self.mass * np.cross(self.com, g_body)

    def _external(self, f_ext, batch) -> np.ndarray | float:
        f = self._check_wrench(f_ext, "one body, [f; m]")
        if f is None:
            return 0.0
        return np.broadcast_to(f[..., 0, 3:], batch + (3,))

    def bias_forces(self, q, v, f_ext=None, *, friction: bool = True) -> np.ndarray:
        """H(q, ω) = ω × (I ω) + Q(q) (+ the moment of ``f_ext``) (..., 3) (N·m)."""
        q = self._quaternion("q", q)
        v = self.check_velocity("v", v)
        batch = np.broadcast_shapes(q.shape[:-1], v.shape[:-1])
        iw = v @ self.inertia_pivot.T
        return np.cross(v, iw) + self.gravity(q) + self._external(f_ext, batch)

    def inverse_dynamics(self, q, v, a, f_ext=None, *, friction: bool = True) -> np.ndarray:
        """Γ = I ω̇ + H(q, ω) (..., 3) (N·m)."""
        a = self.check_velocity("a", a)
        return a @ self.inertia_pivot.T + self.bias_forces(q, v, f_ext, friction=friction)

    def forward_dynamics(self, q, v, tau, f_ext=None, *, friction: bool = True) -> np.ndarray:
        """ω̇ = I⁻¹ (τ − H(q, ω)) (..., 3) (rad/s²)."""
        tau = self.check_velocity("tau", tau)
        return (tau - self.bias_forces(q, v, f_ext, friction=friction)) @ self._inertia_inv.T

    def coriolis_matrix(self, q, v) -> np.ndarray:
        """C(ω) = ½ ([ω]× I + I [ω]× − [I ω]×) (..., 3, 3), skew-symmetric, C ω = ω × I ω."""
        q = self.check_state("q", q)
        v = self.check_velocity("v", v)
        v = np.broadcast_to(v, np.broadcast_shapes(q.shape[:-1], v.shape[:-1]) + (3,))
        inertia = self.inertia_pivot
        w = _skew(v)
        return 0.5 * (w @ inertia + inertia @ w - _skew(v @ inertia.T))

    def kinetic_energy(self, q, v) -> np.ndarray:
        """½ ωᵀ I ω (J)."""
        self.check_state("q", q)
        v = self.check_velocity("v", v)
        return 0.5 * np.einsum("...i,ij,...j->...", v, self.inertia_pivot, v)

    def potential_energy(self, q) -> np.ndarray:
        """U = −m gᵀ R(q) c (J), zero with the centre of mass at the pivot's height."""
        q = self._quaternion("q", q)
        return -self.mass * np.einsum(
            "i,...ij,j->...", self.gravity_vector, quat_matrix(q), self.com
        )

    # ------------------------------------------------------------------ frames
    def _frame(self, frame: str) -> np.ndarray:
        """The origin of ``frame`` in body axes (m), or StateError naming the frames."""
        self._check_frame(frame)
        return self.com if frame == "com" else np.zeros(3)

    def frame_placement(self, q, frame: str) -> np.ndarray:
        """4x4 pose of ``frame`` (``body`` or ``com``) in the world (..., 4, 4)."""
        p = self._frame(frame)
        q = self._quaternion("q", q)
        r = quat_matrix(q)
        out = np.zeros(q.shape[:-1] + (4, 4))
        out[..., :3, :3] = r
        out[..., :3, 3] = r @ p
        out[..., 3, 3] = 1.0
        return out

    def frame_jacobian(self, q, frame: str) -> np.ndarray:
        """J (..., 6, 3): [linear velocity of the frame origin; angular velocity], world axes."""
        p = self._frame(frame)
        q = self._quaternion("q", q)
        r = quat_matrix(q)
        out = np.zeros(q.shape[:-1] + (6, 3))
        out[..., :3, :] = -r @ _skew(p)
        out[..., 3:, :] = r
        return out

    def frame_jacobian_dot_v(self, q, v, frame: str) -> np.ndarray:
        """J̇ ω (..., 6): [R (ω × (ω × p)); 0], p the frame origin in body axes."""
        p = self._frame(frame)
        q = self._quaternion("q", q)
        v = self.check_velocity("v", v)
        r = quat_matrix(q)
        acc = np.cross(v, np.cross(v, p))
        batch = np.broadcast_shapes(q.shape[:-1], v.shape[:-1])
        out = np.zeros(batch + (6,))
        out[..., :3] = np.einsum("...ij,...j->...i", r, acc)
        return out

    def frame_motion(self, q, v, frame: str):
        """(placement, J, J̇v) of ``frame`` (the contract's one-call form of the three)."""
        return (
            self.frame_placement(q, frame),
            self.frame_jacobian(q, frame),
            self.frame_jacobian_dot_v(q, v, frame),
        )


# ---------------------------------------------------------------------- description checks
def _number(x, field: str, where: str) -> float:
    try:
        value = float(x)
    except (TypeError, ValueError):
        raise DescriptionError(f"{where}: field '{field}' must be a number, got {x!r}") from None
    if not np.isfinite(value):
        raise DescriptionError(f"{where}: field '{field}' must be finite, got {x!r}")
    return value


def _vector(x, size: int, field: str, where: str) -> np.ndarray:
    try:
        arr = np.asarray(x, dtype=float)
    except (TypeError, ValueError):
        raise DescriptionError(
            f"{where}: field '{field}' must be {size} numbers, got {x!r}"
        ) from None
    if arr.shape != (size,) or not np.isfinite(arr).all():
        raise DescriptionError(f"{where}: field '{field}' must be {size} finite numbers, got {x!r}")
    return arr


def _limit(x, field: str, where: str) -> np.ndarray:
    try:
        arr = np.broadcast_to(np.asarray(x, dtype=float), (3,)).copy()
    except (TypeError, ValueError):
        raise DescriptionError(
            f"{where}: field '{field}' must be one number or 3, got {x!r}"
        ) from None
    if np.isnan(arr).any() or not (arr > 0.0).all():
        raise DescriptionError(f"{where}: field '{field}' must be > 0 (inf: none), got {x!r}")
    return arr


def _inertia(x, where: str) -> np.ndarray:
    try:
        arr = np.asarray(x, dtype=float)
    except (TypeError, ValueError):
        raise DescriptionError(
            f"{where}: field 'inertia' must be 6 numbers (ixx, ixy, ixz, iyy, iyz, izz) or a 3x3 "
            f"matrix, got {x!r}"
        ) from None
    if arr.shape == (6,):
        xx, xy, xz, yy, yz, zz = arr
        arr = np.array([[xx, xy, xz], [xy, yy, yz], [xz, yz, zz]])
    if arr.shape != (3, 3) or not np.isfinite(arr).all():
        raise DescriptionError(
            f"{where}: field 'inertia' must be 6 finite numbers (ixx, ixy, ixz, iyy, iyz, izz) or "
            f"a 3x3 matrix, got {x!r}"
        )
    if not np.allclose(arr, arr.T, rtol=0.0, atol=1e-12 * max(1.0, np.abs(arr).max())):
        raise InertiaError(f"{where}: field 'inertia' must be symmetric, got {arr.tolist()}")
    lam = np.linalg.eigvalsh(arr)
    tol = 1e-12 * max(1.0, lam[-1])
    # a rigid body's principal moments are positive and obey the triangle inequality
    if lam[0] <= 0.0 or lam[0] + lam[1] < lam[2] - tol:
        raise InertiaError(
            f"{where}: field 'inertia' (about the com) is not a rigid body's: principal moments "
            f"{lam.tolist()} must be > 0 and each at most the sum of the other two"
        )
    return arr
