"""Coupled joints by constraint embedding: URDF ``<mimic>`` joints (and, later, gears).

The mechanism
-------------
A tree (a :class:`~modyn_model.model.RobotModel`, the *full* model, n_f joints) whose joint
positions are affine functions of n independent coordinates q::

    q_f = G q + b,        v_f = G v,        v̇_f = G v̇          (G: n_f × n, b: n_f; constant)

A URDF mimic joint m following joint j with ``multiplier`` k and ``offset`` o is the row
q_m = k q_j + o (G[m, j] = k, b[m] = o); an independent joint i is the row G[i] = e_i, b[i] = 0.
G may be any constant full-column-rank matrix (issue 16's gear trains reuse this class).

Dynamics (Lagrange with the coupling substituted: the virtual work of τ_f on δq_f = G δq is
(Gᵀ τ_f)ᵀ δq, and the kinetic energy ½ v_fᵀ A_f v_f = ½ vᵀ (Gᵀ A_f G) v)::

    A(q) = Gᵀ A_f(q_f) G,       H(q, v) = Gᵀ H_f(q_f, v_f),      Γ(q, v, v̇) = Gᵀ Γ_f(q_f, v_f, G v̇)
    Q(q) = Gᵀ Q_f(q_f),         C(q, v) = Gᵀ C_f(q_f, v_f) G,    v̇ = A⁻¹ (τ − H)

(Ȧ − 2C = Gᵀ (Ȧ_f − 2C_f) G stays skew-symmetric; G is constant, so v̇_f = G v̇ exactly and
no velocity-product term appears). Energies are the full model's at (q_f, v_f). Frames: the pose is
the full model's at q_f, the Jacobian J_f G, and J̇ v = J̇_f v_f (the classical acceleration at
v̇ = 0, G constant). Gᵀ maps the full model's rotor inertia into A (k² Ia_m on the independent
joint's diagonal), the same way Pinocchio's mimic joints do.

Actuators: one per independent coordinate, u = τ (S = I): a mimic joint is driven through its
coupling, not by a motor of its own.

Limits of coordinate i: the intersection over every full joint r that depends on q_i alone
(G[r] = k e_i, k ≠ 0) of its interval mapped back, q_i ∈ [(lo_r − b_r)/k, (hi_r − b_r)/k]
(ends swapped when k < 0), |v_i| ≤ vmax_r / |k|. The independent joint itself is such a row
(k = 1), so its own limits are always in. Rows that depend on several coordinates, or with
k = 0, are not mapped (they constrain a combination, not one coordinate). Effort limits are the
independent joints' own (the row G[r] = e_i, b[r] = 0), inf for a coordinate with no such row.

Friction (the contract's per-coordinate Khalil [7.26] coefficients) is folded **exactly** where
each frictional full joint depends on one coordinate, v_r = k v_i: its friction projected by Gᵀ is
k Γf_r(k v_i), i.e. viscous k² Fv_r v_i, Coulomb |k| Fc_r sign(v_i) and Stribeck
|k| (Fst_r − Fc_r) sign(v_i) exp(−|v_i| / (v_s,r/|k|)). So Fv_i = Σ k² Fv_r, Fc_i = Σ |k| Fc_r,
and the Stribeck terms add up when their scaled velocities v_s,r/|k| coincide (or only one joint
has one). Anything else (a frictional joint depending on several coordinates, two Stribeck terms
with different scaled velocities) is not representable per coordinate and is refused with an
:class:`~modyn_model.errors.UnsupportedError` naming the joints, never approximated.

``f_ext`` is per body of the full model, (..., n_f, 6), as for the RobotModel.

Checked against Pinocchio's mimic joints (``pin.buildModelFromUrdf(path, mimic=True)``) and
against the expanded full model in ``test/test_mimic.py``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np

from ..checks import StateChecks
from ..data import Data
from ..dynamics.friction import friction_torques
from ..errors import JointError, StateError, UnsupportedError
from ..joint import JointExtras

__all__ = ["CoupledJointsModel"]


def _frozen(x) -> np.ndarray:
    arr = np.array(x, dtype=float)
    arr.flags.writeable = False
    return arr


class CoupledJointsModel(StateChecks):
    """A tree whose joints follow n independent coordinates, q_f = G q + b (see the module
    docstring): nq = nv = nu = n.

    Parameters
    ----------
    full : RobotModel
        The tree with every joint moving (the mimic joints included).
    independent : sequence of str
        Names of the n independent coordinates (for mimic joints: the joints that mimic
        nothing); the coordinate, velocity and actuator names.
    G : (n_f, n) array_like
        Constant coupling matrix, full column rank (rad/rad, m/m, m/rad...).
    b : (n_f,) array_like
        Constant offset of the full joint positions (rad or m).
    mimic : mapping, optional
        The mimic relations the coupling came from (mimicking joint -> (independent joint,
        multiplier, offset)), kept for the plants (:attr:`mimic_joints`).
    extras : sequence of JointExtras, optional
        Per-coordinate extras replacing the folded friction and raising the rotor inertia of
        the coordinates (what :meth:`with_parameters` passes); default: folded from ``full``.

    Attributes
    ----------
    full_model : RobotModel
    coupling_matrix, coupling_offset : (n_f, n), (n_f,) ndarray
        G and b (read-only).
    mimic_joints : dict
        mimicking joint -> (independent joint, multiplier, offset).
    """

    kind = "coupled_joints"

    def __init__(
        self,
        full,
        independent: Sequence[str],
        G,
        b=None,
        *,
        mimic: Mapping[str, tuple[str, float, float]] | None = None,
        extras: Sequence[JointExtras] | None = None,
    ):
        where = f"{full.source}: coupled joints of '{full.name}'"
        names = tuple(str(x) for x in independent)
        n_full, n = full.nv, len(names)
        g = np.asarray(G, dtype=float)
        if g.shape != (n_full, n) or not np.isfinite(g).all():
            raise StateError(
                f"{where}: the coupling matrix G must be finite with shape ({n_full}, {n}) (full "
                f"joints x independent coordinates {list(names)}), got shape {g.shape}"
            )
        off = np.zeros(n_full) if b is None else np.asarray(b, dtype=float)
        if off.shape != (n_full,) or not np.isfinite(off).all():
            raise StateError(
                f"{where}: the coupling offset b must be {n_full} finite numbers, got {b!r}"
            )
        if len(set(names)) != n or n == 0:
            raise StateError(
                f"{where}: independent coordinate names {list(names)} must be unique and not empty"
            )
        if np.linalg.matrix_rank(g) < n:
            raise JointError(
                f"{where}: the coupling matrix G has rank {np.linalg.matrix_rank(g)} < {n}: "
                f"coordinates {list(names)} are not independent"
            )
        self.full_model = full
        self.name = full.name
        self.source = full.source
        self._names = names
        self.coupling_matrix = _frozen(g)
        self.coupling_offset = _frozen(off)
        self._gt = _frozen(g.T)
        self.mimic_joints = dict(mimic or {})
        self.gravity_vector = full.gravity_vector
        # rows that depend on one coordinate only: (row, column, factor)
        single = []
        for r in range(n_full):
            nz = np.flatnonzero(g[r])
            if nz.size == 1:
                single.append((r, int(nz[0]), float(g[r, nz[0]])))
        self._single = tuple(single)
        self._own = tuple(
            next(
                (
                    r
                    for r, c, k in single
                    if c == i and k == 1.0 and off[r] == 0.0 and full.joint_names[r] == names[i]
                ),
                None,
            )
            for i in range(n)
        )
        self._limits(full, where)
        folded = self._fold_friction(full, where)
        base = [
            JointExtras(
                rotor_inertia=0.0,
                viscous=folded[0][i],
                coulomb=folded[1][i],
                static=folded[2][i],
                stribeck_velocity=folded[3][i],
            )
            for i in range(n)
        ]
        self._folded = tuple(base)
        if extras is None:
            extras = base
        if len(extras) != n:
            raise StateError(f"{where}: extras must have {n} entries, got {len(extras)}")
        self.extras = tuple(extras)
        # rotor inertia of the coordinates on top of Gᵀ A_f G (0 unless with_parameters raised
        # it: the simulated plant's implicit-damping step asks for A + dt·D that way)
        self.armature = _frozen([e.armature for e in self.extras])
        self._extra_armature = bool(np.any(self.armature != 0.0))
        self.viscous = _frozen([e.viscous for e in self.extras])
        self.coulomb = _frozen([e.coulomb for e in self.extras])
        self.static_friction = _frozen([e.breakaway for e in self.extras])
        self.stribeck_velocity = _frozen([e.stribeck_velocity for e in self.extras])

    # ------------------------------------------------------------------ construction
    @classmethod
    def from_mimic(cls, full, mimic: Mapping[str, tuple[str, float, float]]):
        """The model of ``full`` with the URDF mimic relations ``mimic`` (mimicking joint ->
        (independent joint, multiplier, offset), chains already resolved: see
        :func:`modyn_model.urdf.mimic_relations`): independent coordinates are the other joints,
        in the full model's order."""
        joints = full.joint_names
        independent = [j for j in joints if j not in mimic]
        col = {name: i for i, name in enumerate(independent)}
        g = np.zeros((len(joints), len(independent)))
        b = np.zeros(len(joints))
        for r, name in enumerate(joints):
            if name in mimic:
                target, k, o = mimic[name]
                if target not in col:
                    raise JointError(
                        f"{full.source}: joint '{name}' mimics '{target}', which is not an "
                        f"independent moving joint of the model ({independent})"
                    )
                g[r, col[target]] = k
                b[r] = o
            else:
                g[r, col[name]] = 1.0
        return cls(full, independent, g, b, mimic=mimic)

    def with_parameters(self, inertial_parameters=None, extras=None) -> CoupledJointsModel:
        """The same coupling over ``full.with_parameters(inertial_parameters)`` (full-model
        parameters (n_f, 10)) and/or with per-coordinate ``extras`` (n): their friction replaces
        the folded one and their rotor inertia is added to A's diagonal on top of Gᵀ A_f G."""
        full = self.full_model
        if inertial_parameters is not None:
            full = full.with_parameters(inertial_parameters=inertial_parameters)
        return CoupledJointsModel(
            full,
            self._names,
            self.coupling_matrix,
            self.coupling_offset,
            mimic=self.mimic_joints,
            extras=self.extras if extras is None else extras,
        )

    def with_gravity(self, gravity) -> CoupledJointsModel:
        """The same mechanism under another gravity vector (m/s², base axes)."""
        return CoupledJointsModel(
            self.full_model.with_gravity(gravity),
            self._names,
            self.coupling_matrix,
            self.coupling_offset,
            mimic=self.mimic_joints,
            extras=self.extras,
        )

    def _limits(self, full, where: str) -> None:
        n = len(self._names)
        lower, upper = np.full(n, -np.inf), np.full(n, np.inf)
        vel, eff = np.full(n, np.inf), np.full(n, np.inf)
        b = self.coupling_offset
        for r, i, k in self._single:
            lo, hi = (full.lower[r] - b[r]) / k, (full.upper[r] - b[r]) / k
            if k < 0.0:
                lo, hi = hi, lo
            lower[i], upper[i] = max(lower[i], lo), min(upper[i], hi)
            vel[i] = min(vel[i], full.velocity_limit[r] / abs(k))
        for i, r in enumerate(self._own):
            if r is not None:
                eff[i] = full.effort_limit[r]
        empty = np.flatnonzero(lower > upper)
        if empty.size:
            i = int(empty[0])
            rows = [full.joint_names[r] for r, c, _ in self._single if c == i]
            raise JointError(
                f"{where}: the limits of joints {rows} mapped onto coordinate "
                f"'{self._names[i]}' do not overlap (lower {lower[i]:g} > upper {upper[i]:g})"
            )
        self.lower, self.upper = _frozen(lower), _frozen(upper)
        self.velocity_limit, self.effort_limit = _frozen(vel), _frozen(eff)

    def _fold_friction(self, full, where: str):
        n = len(self._names)
        fv, fc, extra, vs = np.zeros(n), np.zeros(n), np.zeros(n), np.zeros(n)
        single = {r: (i, k) for r, i, k in self._single}
        for r, name in enumerate(full.joint_names):
            has_stribeck = full.stribeck_velocity[r] > 0.0 and (
                full.static_friction[r] != full.coulomb[r]
            )
            frictional = full.viscous[r] > 0.0 or full.coulomb[r] > 0.0 or has_stribeck
            if not frictional:
                continue
            if r not in single:
                deps = [self._names[c] for c in np.flatnonzero(self.coupling_matrix[r])]
                if not deps:  # G row 0: the joint does not move, its friction does nothing
                    continue
                raise UnsupportedError(
                    f"{where}: joint '{name}' has friction and depends on coordinates {deps}; "
                    "its friction is not a per-coordinate term (only joints following one "
                    "coordinate fold exactly)"
                )
            i, k = single[r]
            fv[i] += k * k * full.viscous[r]
            fc[i] += abs(k) * full.coulomb[r]
            if has_stribeck:
                scaled = full.stribeck_velocity[r] / abs(k)
                if vs[i] > 0.0 and not np.isclose(vs[i], scaled, rtol=1e-12, atol=0.0):
                    raise UnsupportedError(
                        f"{where}: coordinate '{self._names[i]}' collects Stribeck terms with "
                        f"different velocities ({vs[i]:g} and {scaled:g} from joint '{name}'); "
                        "their sum is not one Khalil [7.26] term"
                    )
                vs[i] = scaled
                extra[i] += abs(k) * (full.static_friction[r] - full.coulomb[r])
        static = np.where(vs > 0.0, fc + extra, 0.0)
        if np.any(static < 0.0):
            i = int(np.flatnonzero(static < 0.0)[0])
            raise UnsupportedError(
                f"{where}: the folded Stribeck friction of coordinate '{self._names[i]}' has a "
                f"negative breakaway force {static[i]:g}"
            )
        return fv, fc, static, vs

    # ------------------------------------------------------------------ sizes and names
    @property
    def nq(self) -> int:
        return len(self._names)

    @property
    def nv(self) -> int:
        return len(self._names)

    @property
    def nu(self) -> int:
        return len(self._names)

    @property
    def coordinate_names(self) -> tuple[str, ...]:
        """The independent coordinates (for mimic joints: the joints that mimic nothing)."""
        return self._names

    velocity_names = coordinate_names
    actuator_names = coordinate_names
    joint_names = coordinate_names

    @property
    def frame_names(self) -> tuple[str, ...]:
        """Every frame of the full model."""
        return self.full_model.frame_names

    @property
    def base_frame(self) -> str:
        return self.full_model.base_frame

    @property
    def tip_frame(self) -> str:
        return self.full_model.tip_frame

    def make_data(self) -> Data:
        """A fresh workspace for :mod:`modyn_model.algorithms` (sizes n)."""
        return Data(self)

    def __repr__(self) -> str:
        return (
            f"CoupledJointsModel({self.name!r}, coordinates={list(self._names)}, "
            f"mimic={sorted(self.mimic_joints)})"
        )

    # ------------------------------------------------------------------ checks
    # check_state / check_velocity / check_actuation: StateChecks (checks.py), the three name
    # lists the coordinates', messages naming the coordinate and the model
    _coordinate_kind = _actuator_kind = "coordinate"

    # ------------------------------------------------------------------ the coupling
    def full_configuration(self, q) -> np.ndarray:
        """q_f = G q + b (..., n_f) (rad / m)."""
        return self.check_state("q", q) @ self._gt + self.coupling_offset

    def full_velocity(self, v) -> np.ndarray:
        """v_f = G v (..., n_f): also maps accelerations (G is constant)."""
        return self.check_velocity("v", v) @ self._gt

    def project(self, tau_full) -> np.ndarray:
        """Gᵀ τ_f (..., n): the generalized forces of the coordinates doing the same virtual
        work as the full joint forces ``tau_full``."""
        return np.asarray(tau_full, dtype=float) @ self.coupling_matrix

    # ------------------------------------------------------------------ configuration space
    def neutral(self) -> np.ndarray:
        """q = 0 (n,) (the full joints then sit at b)."""
        return np.zeros(len(self._names))

    def integrate(self, q, v, dt) -> np.ndarray:
        """q + v·dt (a vector space)."""
        q = self.check_state("q", q)
        v = self.check_velocity("v", v)
        return q + v * dt

    def difference(self, q1, q0) -> np.ndarray:
        """q1 − q0."""
        return self.check_state("q1", q1) - self.check_state("q0", q0)

    # ------------------------------------------------------------------ actuation (S = I)
    def actuation_matrix(self, q) -> np.ndarray:
        """S = I (..., n, n): one motor per independent coordinate."""
        q = self.check_state("q", q)
        n = len(self._names)
        return np.broadcast_to(np.eye(n), q.shape[:-1] + (n, n)).copy()

    def generalized_forces(self, q, u) -> np.ndarray:
        """τ = u."""
        self.check_state("q", q)
        return np.array(self.check_actuation("u", u), dtype=float)

    def actuator_forces(self, q, v, a) -> np.ndarray:
        """u = Γ(q, v, v̇)."""
        return self.inverse_dynamics(q, v, a)

    # ------------------------------------------------------------------ dynamics
    def _own_terms(self, v, a, friction: bool):
        """The per-coordinate terms added to Gᵀ(...): friction and the extra rotor inertia."""
        out = 0.0
        if friction:
            out = self.friction_forces(v)
        if self._extra_armature and a is not None:
            out = out + self.armature * a
        return out

    def inverse_dynamics(self, q, v, a, f_ext=None, *, friction: bool = True) -> np.ndarray:
        """Γ = Gᵀ Γ_f(G q + b, G v, G v̇) (+ friction) (..., n) (N·m / N)."""
        qf, vf = self.full_configuration(q), self.full_velocity(v)
        a = self.check_velocity("a", a)
        tau = self.full_model.inverse_dynamics(qf, vf, a @ self._gt, f_ext=f_ext, friction=False)
        return self.project(tau) + self._own_terms(v, a, friction)

    def mass_matrix(self, q) -> np.ndarray:
        """A = Gᵀ A_f(G q + b) G (..., n, n) (+ the coordinates' extra rotor inertia)."""
        g = self.coupling_matrix
        a = self._gt @ self.full_model.mass_matrix(self.full_configuration(q)) @ g
        if self._extra_armature:
            a = a + np.diag(self.armature)
        return a

    def bias_forces(self, q, v, f_ext=None, *, friction: bool = True) -> np.ndarray:
        """H = Gᵀ H_f(G q + b, G v) (+ friction) (..., n)."""
        h = self.full_model.bias_forces(
            self.full_configuration(q), self.full_velocity(v), f_ext=f_ext, friction=False
        )
        return self.project(h) + self._own_terms(v, None, friction)

    def gravity(self, q) -> np.ndarray:
        """Q = Gᵀ Q_f(G q + b) (..., n)."""
        return self.project(self.full_model.gravity(self.full_configuration(q)))

    def coriolis_matrix(self, q, v) -> np.ndarray:
        """C = Gᵀ C_f(G q + b, G v) G (..., n, n); Ȧ − 2C is skew-symmetric."""
        c = self.full_model.coriolis_matrix(self.full_configuration(q), self.full_velocity(v))
        return self._gt @ c @ self.coupling_matrix

    def forward_dynamics(self, q, v, tau, f_ext=None, *, friction: bool = True) -> np.ndarray:
        """v̇ = A⁻¹ (τ − H) (..., n), a Cholesky solve of the projected mass matrix."""
        tau = self.check_velocity("tau", tau)
        rhs = tau - self.bias_forces(q, v, f_ext, friction=friction)
        a = self.mass_matrix(q)
        rhs, a = np.broadcast_arrays(rhs[..., None], a)
        low = np.linalg.cholesky(a)
        y = np.linalg.solve(low, rhs)
        return np.linalg.solve(np.swapaxes(low, -1, -2), y)[..., 0]

    def friction_forces(self, v) -> np.ndarray:
        """Γf(v) (..., n) from the folded per-coordinate coefficients (module docstring)."""
        return friction_torques(self, self.check_velocity("v", v))

    def kinetic_energy(self, q, v) -> np.ndarray:
        """½ vᵀ A v (J): the full model's at (G q + b, G v)."""
        e = self.full_model.kinetic_energy(self.full_configuration(q), self.full_velocity(v))
        if self._extra_armature:
            v = self.check_velocity("v", v)
            e = e + 0.5 * np.einsum("...i,i,...i->...", v, self.armature, v)
        return e

    def potential_energy(self, q) -> np.ndarray:
        """U(G q + b) (J), the full model's."""
        return self.full_model.potential_energy(self.full_configuration(q))

    # ------------------------------------------------------------------ frames
    def frame_placement(self, q, frame: str) -> np.ndarray:
        """The full model's pose of ``frame`` at G q + b (..., 4, 4)."""
        return self.full_model.frame_placement(self.full_configuration(q), frame)

    def frame_jacobian(self, q, frame: str) -> np.ndarray:
        """J_f(G q + b) G (..., 6, n): [linear; angular] velocity, base axes."""
        return self.full_model.frame_jacobian(self.full_configuration(q), frame) @ (
            self.coupling_matrix
        )

    def frame_jacobian_dot_v(self, q, v, frame: str) -> np.ndarray:
        """J̇ v = J̇_f v_f (..., 6) (G constant)."""
        return self.full_model.frame_jacobian_dot_v(
            self.full_configuration(q), self.full_velocity(v), frame
        )

    def frame_motion(self, q, v, frame: str):
        """(pose, J, J̇ v) of ``frame`` from one kinematics pass of the full model."""
        pose, jac, jdv = self.full_model.frame_motion(
            self.full_configuration(q), self.full_velocity(v), frame
        )
        return pose, jac @ self.coupling_matrix, jdv
