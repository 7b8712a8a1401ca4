"""A planar 2-link arm in ABSOLUTE angles, written only against modyn's mechanism contract.

The arm moves in the vertical x-z plane of the world (gravity g along −z). Link i (length l_i,
mass m_i, centre of mass at c_i along the link, inertia I_i about its centre of mass and the
plane normal) makes the angle θ_i with the horizontal x axis, counter-clockwise seen from −y
(so the link frame is the world frame turned by −θ_i about y). The coordinates are the two
absolute angles, q = v-integral = (θ1, θ2): nq = nv = 2.

Lagrangian, with e(θ) = (cos θ, 0, sin θ) and s = sin(θ2 − θ1), c = cos(θ2 − θ1)::

    T = ½ a11 θ̇1² + b c θ̇1 θ̇2 + ½ a22 θ̇2²
        a11 = I1 + m1 c1² + m2 l1²,   a22 = I2 + m2 c2²,   b = m2 l1 c2
    U = g ((m1 c1 + m2 l1) sin θ1 + m2 c2 sin θ2)

    A(θ) = [[a11, b c], [b c, a22]]
    H(θ, θ̇) = [−b s θ̇2² + g (m1 c1 + m2 l1) cos θ1,
               +b s θ̇1² + g m2 c2 cos θ2]
    C(θ, θ̇) = [[0, −b s θ̇2], [b s θ̇1, 0]]      (Ȧ − 2C skew-symmetric)

The actuators are the two motors of the relative joints: the shoulder motor u1 between the base
and link 1, the elbow motor u2 between link 1 and link 2 (u2 on link 2, −u2 on link 1). Their
virtual work u1 δθ1 + u2 (δθ2 − δθ1) gives the generalized forces::

    τ = Sᵀ u,   S = [[1, 0], [−1, 1]]   (τ1 = u1 − u2, τ2 = u2; S v = the motors' speeds)

so that nu = 2 and S is constant and invertible: u = S⁻ᵀ τ. The arm has no friction.

Nothing here reads modyn's tree code: only :mod:`modyn_model`'s errors and the ``Data``
workspace are imported.
"""

from __future__ import annotations

import math
from collections.abc import Mapping

import numpy as np

from modyn_model.data import Data
from modyn_model.errors import DescriptionError, StateError, TopologyError, UnsupportedError

__all__ = ["PlanarAbsolute2R"]

_S = np.array([[1.0, 0.0], [-1.0, 1.0]])
_S_INV = np.linalg.inv(_S)  # [[1, 0], [1, 1]]
_Y_DOWN = np.array([0.0, -1.0, 0.0])  # the rotation axis of θ (counter-clockwise seen from −y)
FRAMES = ("base", "link1", "link2", "tool0")


def _frozen(values) -> np.ndarray:
    arr = np.array(values, dtype=float)
    arr.flags.writeable = False
    return arr


class PlanarAbsolute2R:
    """The planar 2R arm in absolute angles (see the module docstring for the equations).

    Parameters
    ----------
    lengths, masses, coms, inertias : (2,) sequences
        l_i (m), m_i (kg), c_i (m, centre of mass along the link from its proximal end) and
        I_i (kg·m², about the centre of mass and the plane normal).
    gravity : float
        g (m/s²), acting along −z.
    coordinate_names, actuator_names : 2 names each
    lower, upper : (2,)
        Limits of θ (rad).
    velocity_limit : (2,)
        |θ̇| limits (rad/s).
    effort_limit : (2,)
        |u| limits of the motors (N·m).
    """

    def __init__(
        self,
        *,
        lengths,
        masses,
        coms,
        inertias,
        gravity: float = 9.81,
        coordinate_names=("theta1", "theta2"),
        actuator_names=("shoulder", "elbow"),
        lower=(-math.inf, -math.inf),
        upper=(math.inf, math.inf),
        velocity_limit=(math.inf, math.inf),
        effort_limit=(math.inf, math.inf),
        name: str = "planar_absolute_2r",
        source: str = "<code>",
    ):
        self.name = name
        self.source = source
        self._coordinate_names = tuple(str(n) for n in coordinate_names)
        self._actuator_names = tuple(str(n) for n in actuator_names)
        self.l1, self.l2 = (float(x) for x in lengths)
        self.m1, self.m2 = (float(x) for x in masses)
        self.c1, self.c2 = (float(x) for x in coms)
        self.i1, self.i2 = (float(x) for x in inertias)
        self.g = float(gravity)
        # the constants of A, H and U
        self._a11 = self.i1 + self.m1 * self.c1**2 + self.m2 * self.l1**2
        self._a22 = self.i2 + self.m2 * self.c2**2
        self._b = self.m2 * self.l1 * self.c2
        self._g1 = self.g * (self.m1 * self.c1 + self.m2 * self.l1)
        self._g2 = self.g * self.m2 * self.c2
        self.lower, self.upper = _frozen(lower), _frozen(upper)
        self.velocity_limit, self.effort_limit = _frozen(velocity_limit), _frozen(effort_limit)
        self.gravity_vector = _frozen([0.0, 0.0, -self.g])
        # no joint friction in this toy: the contract's coefficients are zeros
        self.viscous = self.coulomb = self.static_friction = self.stribeck_velocity = _frozen(
            [0.0, 0.0]
        )

    # ------------------------------------------------------------------ the description file
    @classmethod
    def from_description(cls, d: Mapping, *, source: str, base_dir=None) -> PlanarAbsolute2R:
        """The loader of the kind ``planar_absolute_2r`` (entry point ``modyn.mechanisms``).

        ``d`` is the mechanism file's mapping::

            kind: planar_absolute_2r
            name: toy_2r
            gravity: 9.81                     # m/s², along −z
            links:                            # proximal to distal
              - {length: 0.5, mass: 2.0, com: 0.25, inertia: 0.0421}
              - {length: 0.4, mass: 1.5, com: 0.2, inertia: 0.0203}
            coordinates:
              - {name: theta1, lower: -3.14, upper: 3.14, velocity_limit: 4.0}
              - {name: theta2, lower: -6.28, upper: 6.28, velocity_limit: 9.0}
            actuators:
              - {name: shoulder, effort_limit: 150.0}
              - {name: elbow, effort_limit: 80.0}
        """

        def fail(field: str, why: str):
            raise DescriptionError(f"{source}: kind 'planar_absolute_2r': field '{field}' {why}")

        allowed = {"kind", "name", "gravity", "links", "coordinates", "actuators"}
        unknown = sorted(set(d) - allowed)
        if unknown:
            fail(str(unknown[0]), f"is not known; allowed: {sorted(allowed)}")

        def number(value, field: str, positive: bool = False, default=None) -> float:
            if value is None and default is not None:
                return float(default)
            if isinstance(value, bool) or not isinstance(value, int | float):
                fail(field, f"must be a number, got {value!r}")
            if not math.isfinite(value) and not (value == math.inf and default is not None):
                fail(field, f"must be finite, got {value!r}")
            if positive and value <= 0:
                fail(field, f"must be > 0, got {value!r}")
            return float(value)

        def two(key: str) -> list:
            items = d.get(key)
            if not isinstance(items, list) or len(items) != 2:
                fail(key, f"must be a list of 2 mappings, got {items!r}")
            for i, item in enumerate(items):
                if not isinstance(item, Mapping):
                    fail(f"{key}[{i}]", f"must be a mapping, got {item!r}")
            return items

        links = two("links")
        geometry = {k: [] for k in ("length", "mass", "com", "inertia")}
        for i, link in enumerate(links):
            for k in geometry:
                geometry[k].append(number(link.get(k), f"links[{i}].{k}", positive=k != "com"))
        coords, motors = two("coordinates"), two("actuators")
        inf = math.inf
        return cls(
            name=str(d.get("name", "planar_absolute_2r")),
            source=source,
            lengths=geometry["length"],
            masses=geometry["mass"],
            coms=geometry["com"],
            inertias=geometry["inertia"],
            gravity=number(d.get("gravity"), "gravity", default=9.81),
            coordinate_names=[
                str(c.get("name") or fail(f"coordinates[{i}].name", "is missing"))
                for i, c in enumerate(coords)
            ],
            actuator_names=[
                str(a.get("name") or fail(f"actuators[{i}].name", "is missing"))
                for i, a in enumerate(motors)
            ],
            lower=[
                number(c.get("lower"), f"coordinates[{i}].lower", default=-inf)
                for i, c in enumerate(coords)
            ],
            upper=[
                number(c.get("upper"), f"coordinates[{i}].upper", default=inf)
                for i, c in enumerate(coords)
            ],
            velocity_limit=[
                number(c.get("velocity_limit"), f"coordinates[{i}].velocity_limit", True, inf)
                for i, c in enumerate(coords)
            ],
            effort_limit=[
                number(a.get("effort_limit"), f"actuators[{i}].effort_limit", True, inf)
                for i, a in enumerate(motors)
            ],
        )

    # ------------------------------------------------------------------ sizes and names
    @property
    def coordinate_names(self) -> tuple[str, ...]:
        return self._coordinate_names

    @property
    def velocity_names(self) -> tuple[str, ...]:
        return self._coordinate_names  # q̇ = v: the same coordinates

    @property
    def actuator_names(self) -> tuple[str, ...]:
        return self._actuator_names

    nq = nv = nu = 2

    def __repr__(self) -> str:
        return f"PlanarAbsolute2R({self.name!r}, θ = {list(self.coordinate_names)})"

    # ------------------------------------------------------------------ workspace and checks
    def make_data(self) -> Data:
        return Data(self)

    def _check(self, name: str, x, names, allow_none: bool = False):
        if x is None:
            if allow_none:
                return None
            raise StateError(f"{name} is required")
        try:
            arr = np.asarray(x, dtype=float)
        except (TypeError, ValueError):
            raise StateError(f"{name} must be numbers, got {x!r}") from None
        if arr.shape[-1:] != (2,):
            raise StateError(f"{name} must have last dimension 2 ({list(names)}), got {arr.shape}")
        if not np.isfinite(arr).all():
            bad = tuple(np.argwhere(~np.isfinite(arr))[0])
            raise StateError(f"{name} has a non-finite value at '{names[bad[-1]]}': {arr[bad]}")
        return arr

    def check_state(self, name: str, x, allow_none: bool = False):
        return self._check(name, x, self._coordinate_names, allow_none)

    def check_velocity(self, name: str, x, allow_none: bool = False):
        return self._check(name, x, self._coordinate_names, allow_none)

    def check_actuation(self, name: str, x, allow_none: bool = False):
        return self._check(name, x, self._actuator_names, allow_none)

    # ------------------------------------------------------------------ configuration space
    def neutral(self) -> np.ndarray:
        """θ = 0: both links horizontal."""
        return np.zeros(2)

    def integrate(self, q, v, dt) -> np.ndarray:
        """θ + θ̇ dt: absolute angles are plain coordinates of R² (no wrapping)."""
        return self.check_state("q", q) + self.check_velocity("v", v) * dt

    def difference(self, q1, q0) -> np.ndarray:
        return self.check_state("q1", q1) - self.check_state("q0", q0)

    # ------------------------------------------------------------------ actuation
    def actuation_matrix(self, q) -> np.ndarray:
        """S = [[1, 0], [−1, 1]] (..., 2, 2), constant."""
        q = self.check_state("q", q)
        return np.broadcast_to(_S, q.shape[:-1] + (2, 2)).copy()

    def generalized_forces(self, q, u) -> np.ndarray:
        """τ = Sᵀ u = (u1 − u2, u2)."""
        self.check_state("q", q)
        return self.check_actuation("u", u) @ _S

    def actuator_forces(self, q, v, a) -> np.ndarray:
        """u = S⁻ᵀ Γ = (Γ1 + Γ2, Γ2): the motor torques that produce the motion."""
        return self.inverse_dynamics(q, v, a) @ _S_INV

    # ------------------------------------------------------------------ dynamics
    def _terms(self, q):
        q = self.check_state("q", q)
        d = q[..., 1] - q[..., 0]
        return q, np.cos(d), np.sin(d)

    def mass_matrix(self, q) -> np.ndarray:
        _, c, _ = self._terms(q)
        a = np.empty(c.shape + (2, 2))
        a[..., 0, 0] = self._a11
        a[..., 1, 1] = self._a22
        a[..., 0, 1] = a[..., 1, 0] = self._b * c
        return a

    def gravity(self, q) -> np.ndarray:
        q = self.check_state("q", q)
        return np.stack([self._g1 * np.cos(q[..., 0]), self._g2 * np.cos(q[..., 1])], axis=-1)

    def coriolis_matrix(self, q, v) -> np.ndarray:
        _, _, s = self._terms(q)
        v = self.check_velocity("v", v)
        cm = np.zeros(np.broadcast_shapes(s.shape, v.shape[:-1]) + (2, 2))
        cm[..., 0, 1] = -self._b * s * v[..., 1]
        cm[..., 1, 0] = self._b * s * v[..., 0]
        return cm

    @staticmethod
    def _no_wrench(f_ext) -> None:
        if f_ext is not None:
            raise UnsupportedError("planar_absolute_2r: external wrenches are not modelled")

    def bias_forces(self, q, v, f_ext=None, *, friction: bool = True) -> np.ndarray:
        """H = C θ̇ + Q (no friction: ``friction`` changes nothing)."""
        self._no_wrench(f_ext)
        q = self.check_state("q", q)
        v = self.check_velocity("v", v)
        s = np.sin(q[..., 1] - q[..., 0])
        return np.stack(
            [
                -self._b * s * v[..., 1] ** 2 + self._g1 * np.cos(q[..., 0]),
                self._b * s * v[..., 0] ** 2 + self._g2 * np.cos(q[..., 1]),
            ],
            axis=-1,
        )

    def inverse_dynamics(self, q, v, a, f_ext=None, *, friction: bool = True) -> np.ndarray:
        """Γ = A θ̈ + H."""
        a = self.check_velocity("a", a)
        h = self.bias_forces(q, v, f_ext, friction=friction)
        return np.einsum("...ij,...j->...i", self.mass_matrix(q), a) + h

    def forward_dynamics(self, q, v, tau, f_ext=None, *, friction: bool = True) -> np.ndarray:
        """θ̈ = A⁻¹ (τ − H) (A is 2x2 and positive definite: its explicit inverse)."""
        tau = self.check_velocity("tau", tau)
        rhs = tau - self.bias_forces(q, v, f_ext, friction=friction)
        a = self.mass_matrix(q)
        det = a[..., 0, 0] * a[..., 1, 1] - a[..., 0, 1] ** 2
        return np.stack(
            [
                (a[..., 1, 1] * rhs[..., 0] - a[..., 0, 1] * rhs[..., 1]) / det,
                (a[..., 0, 0] * rhs[..., 1] - a[..., 0, 1] * rhs[..., 0]) / det,
            ],
            axis=-1,
        )

    def friction_forces(self, v) -> np.ndarray:
        """Γf(v) = 0 (no friction modelled)."""
        return np.zeros_like(self.check_velocity("v", v))

    @property
    def frame_names(self) -> tuple[str, ...]:
        return tuple(FRAMES)

    @property
    def base_frame(self) -> str:
        return "base"

    @property
    def tip_frame(self) -> str:
        return "tool0"

    def kinetic_energy(self, q, v) -> np.ndarray:
        v = self.check_velocity("v", v)
        return 0.5 * np.einsum("...i,...ij,...j->...", v, self.mass_matrix(q), v)

    def potential_energy(self, q) -> np.ndarray:
        """U, zero with both links horizontal (the shoulder's height)."""
        q = self.check_state("q", q)
        return self._g1 * np.sin(q[..., 0]) + self._g2 * np.sin(q[..., 1])

    # ------------------------------------------------------------------ frames
    def _frame(self, frame: str) -> int:
        try:
            return FRAMES.index(frame)
        except ValueError:
            raise TopologyError(
                f"{self.source}: no frame named '{frame}'; frames are {list(FRAMES)}"
            ) from None

    def frame_placement(self, q, frame: str) -> np.ndarray:
        """The 4x4 pose: base (fixed), link1 (at the shoulder, turned by θ1), link2 (at the
        elbow, turned by θ2), tool0 (at link 2's end, turned by θ2)."""
        k = self._frame(frame)
        q = self.check_state("q", q)
        pose = np.zeros(q.shape[:-1] + (4, 4))
        pose[..., 3, 3] = 1.0
        th = 0.0 if k == 0 else q[..., 0] if k == 1 else q[..., 1]
        c, s = np.cos(th), np.sin(th)
        pose[..., 0, 0], pose[..., 0, 2] = c, -s  # Ry(−θ)
        pose[..., 1, 1] = 1.0
        pose[..., 2, 0], pose[..., 2, 2] = s, c
        c1, s1, c2, s2 = np.cos(q[..., 0]), np.sin(q[..., 0]), np.cos(q[..., 1]), np.sin(q[..., 1])
        if k >= 2:
            pose[..., 0, 3] = self.l1 * c1
            pose[..., 2, 3] = self.l1 * s1
        if k == 3:
            pose[..., 0, 3] += self.l2 * c2
            pose[..., 2, 3] += self.l2 * s2
        return pose

    def frame_jacobian(self, q, frame: str) -> np.ndarray:
        """J (..., 6, 2): origin velocity l1 θ̇1 e'(θ1) (+ l2 θ̇2 e'(θ2) for tool0), angular
        velocity −θ̇_i y of the frame's link; e'(θ) = (−sin θ, 0, cos θ)."""
        k = self._frame(frame)
        q = self.check_state("q", q)
        jac = np.zeros(q.shape[:-1] + (6, 2))
        if k >= 2:
            jac[..., 0, 0] = -self.l1 * np.sin(q[..., 0])
            jac[..., 2, 0] = self.l1 * np.cos(q[..., 0])
        if k == 3:
            jac[..., 0, 1] = -self.l2 * np.sin(q[..., 1])
            jac[..., 2, 1] = self.l2 * np.cos(q[..., 1])
        if k == 1:
            jac[..., 3:, 0] = _Y_DOWN
        elif k >= 2:
            jac[..., 3:, 1] = _Y_DOWN
        return jac

    def frame_jacobian_dot_v(self, q, v, frame: str) -> np.ndarray:
        """J̇ θ̇ (..., 6): the centripetal −l1 θ̇1² e(θ1) (− l2 θ̇2² e(θ2) for tool0); no angular
        term (each link turns about a fixed axis)."""
        k = self._frame(frame)
        q = self.check_state("q", q)
        v = self.check_velocity("v", v)
        out = np.zeros(np.broadcast_shapes(q.shape, v.shape)[:-1] + (6,))
        if k >= 2:
            w = self.l1 * v[..., 0] ** 2
            out[..., 0] = -w * np.cos(q[..., 0])
            out[..., 2] = -w * np.sin(q[..., 0])
        if k == 3:
            w = self.l2 * v[..., 1] ** 2
            out[..., 0] -= w * np.cos(q[..., 1])
            out[..., 2] -= w * np.sin(q[..., 1])
        return out

    def frame_motion(self, q, v, frame: str):
        """(placement, J, J̇v) of ``frame`` (the contract's one-call form of the three)."""
        return (
            self.frame_placement(q, frame),
            self.frame_jacobian(q, frame),
            self.frame_jacobian_dot_v(q, v, frame),
        )
