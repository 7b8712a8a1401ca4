"""ConstrainedModel: any contract model plus named holonomic constraints, itself a contract model.

It delegates every member of :class:`~modyn_model.contract.MechanismModel` to the wrapped model
(same names, nq, nv, nu, mass matrix, inverse dynamics...) and replaces two:

- :meth:`ConstrainedModel.forward_dynamics`: the constrained v̇ (KKT with Baumgarte
  stabilisation, :mod:`~modyn_model.constraints.solve`), so a plant steps it unchanged;
- :meth:`ConstrainedModel.actuator_forces`: constrained inverse dynamics, least norm.

``inverse_dynamics``, ``bias_forces``... stay the unconstrained ones (Γ without λ).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np

from ..errors import ConstraintError
from .kinds import Constraint
from .solve import (
    DEFAULT_RANK_TOL,
    check_rank,
    kkt_forward_dynamics,
    resolve_inverse_dynamics,
)

__all__ = ["ConstrainedModel", "DEFAULT_BAUMGARTE"]

#: (k_p (1/s²), k_d (1/s)): critically damped, time constant 0.1 s (see solve's docstring)
DEFAULT_BAUMGARTE = (100.0, 20.0)
#: a residual above this (m or rad) at the given q0 means the constraints do not hold there
ASSEMBLY_TOL = 1e-6

# the wrapped model's single-call fast path would bypass the constraints: never delegated
_HIDDEN = {"fast_path", "cached"}


def _gains(baumgarte) -> tuple[float, float]:
    if baumgarte is None:
        return DEFAULT_BAUMGARTE
    if isinstance(baumgarte, Mapping):
        unknown = sorted(set(baumgarte) - {"kp", "kd"})
        if unknown:
            raise ConstraintError(f"baumgarte: unknown key(s) {unknown}; allowed: kp, kd")
        baumgarte = (baumgarte.get("kp", 0.0), baumgarte.get("kd", 0.0))
    try:
        kp, kd = (float(x) for x in baumgarte)
    except (TypeError, ValueError):
        raise ConstraintError(f"baumgarte must be (kp, kd), got {baumgarte!r}") from None
    if not (np.isfinite(kp) and np.isfinite(kd) and kp >= 0 and kd >= 0):
        raise ConstraintError(f"baumgarte gains must be finite and >= 0, got kp={kp}, kd={kd}")
    return kp, kd


class ConstrainedModel:
    """``model`` with the holonomic ``constraints`` (see :mod:`~modyn_model.constraints.kinds`).

    Parameters
    ----------
    model : MechanismModel
        Any contract model (fixed-base, floating-base...).
    constraints : sequence of Constraint
        Named constraints (names unique).
    baumgarte : (kp, kd) or {"kp": , "kd": }, optional
        Stabilisation gains (1/s², 1/s); default :data:`DEFAULT_BAUMGARTE`; (0, 0) turns it off.
    q0 : (nq,), optional
        Configuration where unset anchors are taken (default: ``model.neutral()``). When given,
        the constraints must hold there (|φ| ≤ 1e-6) and be independent, else
        :class:`ConstraintError`.
    rank_tol : float
        Relative eigenvalue threshold of J M⁻¹ Jᵀ for dependent rows.
    """

    def __init__(
        self,
        model,
        constraints: Sequence[Constraint],
        baumgarte=None,
        q0=None,
        *,
        rank_tol: float = DEFAULT_RANK_TOL,
    ):
        self.model = model
        self.kp, self.kd = _gains(baumgarte)
        self.rank_tol = float(rank_tol)
        constraints = list(constraints)
        for c in constraints:
            if not isinstance(c, Constraint):
                raise ConstraintError(f"{model.source}: {c!r} is not a constraint")
        names = [c.name for c in constraints]
        dup = sorted({n for n in names if names.count(n) > 1})
        if dup:
            raise ConstraintError(f"{model.source}: constraint name(s) {dup} used twice")
        known = set(model.frame_names)
        for c in constraints:
            missing = [f for f in c.frames if f not in known]
            if missing:
                raise ConstraintError(
                    f"{model.source}: constraint '{c.name}': no frame {missing}; frames are "
                    f"{sorted(known)}"
                )
        given = q0 is not None
        q0 = model.neutral() if q0 is None else model.check_state("q0", q0)
        if q0.ndim != 1:
            raise ConstraintError(f"q0 must be one configuration, got shape {q0.shape}")
        self.constraints = tuple(c.attach(model, q0) for c in constraints)
        self.constraint_names = tuple(names)
        self.constraint_dims = tuple(c.dim for c in self.constraints)
        self._row_names = tuple(c.name for c in self.constraints for _ in range(c.dim))
        ends = np.cumsum((0,) + self.constraint_dims)
        self._slices = {
            c.name: slice(int(a), int(b))
            for c, a, b in zip(self.constraints, ends[:-1], ends[1:], strict=True)
        }
        self.m = int(ends[-1])
        # the contract's attributes, copied (the wrapped model is immutable)
        for attr in (
            "name",
            "source",
            "lower",
            "upper",
            "velocity_limit",
            "effort_limit",
            "gravity_vector",
            "viscous",
            "coulomb",
            "static_friction",
            "stribeck_velocity",
        ):
            setattr(self, attr, getattr(model, attr))
        if given:
            self._check_assembly(q0)

    # ------------------------------------------------------------------ delegation
    def __getattr__(self, name: str):
        # only called for what is not found on self: the wrapped model's members and extras
        # (joint_names, floating_base, center_of_mass...), never its fast path
        if name.startswith("_") or name in _HIDDEN or name == "model":
            raise AttributeError(f"{type(self).__name__} has no attribute {name!r}")
        return getattr(self.model, name)

    def __repr__(self) -> str:
        return (
            f"ConstrainedModel({self.model!r}, constraints={list(self.constraint_names)}, "
            f"baumgarte=({self.kp}, {self.kd}))"
        )

    def _rewrap(self, model) -> ConstrainedModel:
        """The same (attached) constraints and gains on another version of the model."""
        return ConstrainedModel(model, self.constraints, (self.kp, self.kd), rank_tol=self.rank_tol)

    def with_parameters(self, *args, **kwargs) -> ConstrainedModel:
        """The wrapped model's ``with_parameters`` (a plant's A + dt·D), constraints kept: a
        plain delegation would return an unconstrained model."""
        return self._rewrap(self.model.with_parameters(*args, **kwargs))

    def with_gravity(self, gravity) -> ConstrainedModel:
        """The same constrained robot under another gravity vector."""
        return self._rewrap(self.model.with_gravity(gravity))

    def make_data(self):
        """A workspace sized for this model (the single-call functions use its methods)."""
        from ..data import Data

        return Data(self)

    # ------------------------------------------------------------------ constraint rows
    def _evaluate(self, q, v=None):
        """(φ (..., m), J (..., m, nv), γ (..., m) or None) stacked in constraint order."""
        q = self.model.check_state("q", q)
        if v is not None:
            v = self.model.check_velocity("v", v)
        batch = np.broadcast_shapes(q.shape[:-1], () if v is None else v.shape[:-1])
        if not self.constraints:
            nv = self.model.nv
            empty = np.zeros(batch + (0,))
            return empty, np.zeros(batch + (0, nv)), None if v is None else empty
        phis, jacs, gammas = [], [], []
        for c in self.constraints:
            phi, jac, gamma = c.evaluate(self.model, q, v)
            if c.rows is not None:
                rows = list(c.rows)
                phi, jac = phi[..., rows], jac[..., rows, :]
                gamma = None if gamma is None else gamma[..., rows]
            if phi.shape[:-1] != batch:  # a constraint with no dependence on the batched input
                phi = np.broadcast_to(phi, batch + phi.shape[-1:])
                jac = np.broadcast_to(jac, batch + jac.shape[-2:])
                gamma = None if gamma is None else np.broadcast_to(gamma, batch + gamma.shape[-1:])
            phis.append(phi)
            jacs.append(jac)
            if gamma is not None:
                gammas.append(gamma)
        phi = np.concatenate(phis, axis=-1)
        jac = np.concatenate(jacs, axis=-2)
        gamma = None if v is None else np.concatenate(gammas, axis=-1)
        return phi, jac, gamma

    def constraint_jacobian(self, q) -> np.ndarray:
        """J(q) (..., m, nv): the stacked rows, in ``constraint_names`` order."""
        return self._evaluate(q)[1]

    def constraint_residual(self, q) -> np.ndarray:
        """φ(q) (..., m): the position residuals (m, rad), 0 when every constraint holds."""
        return self._evaluate(q)[0]

    def constraint_velocity(self, q, v) -> np.ndarray:
        """J(q) v (..., m): the velocity residuals (m/s, rad/s)."""
        v = self.model.check_velocity("v", v)
        return np.einsum("...ij,...j->...i", self.constraint_jacobian(q), v)

    def split(self, rows: np.ndarray) -> dict[str, np.ndarray]:
        """Stacked rows (..., m) → {name: (..., full_dim)} (dropped rows 0): forces by name."""
        out = {}
        for c in self.constraints:
            full = np.zeros(rows.shape[:-1] + (c.full_dim,))
            full[..., list(c.selected)] = rows[..., self._slices[c.name]]
            out[c.name] = full
        return out

    def _check_assembly(self, q0: np.ndarray) -> None:
        phi, jac, _ = self._evaluate(q0)
        bad = []
        for c in self.constraints:
            err = np.abs(phi[self._slices[c.name]]).max(initial=0.0)
            if err > ASSEMBLY_TOL:
                bad.append(f"'{c.name}' ({err:.3g})")
        if bad:
            raise ConstraintError(
                f"{self.source}: the constraints {', '.join(bad)} do not hold at q0 (residual "
                f"m or rad > {ASSEMBLY_TOL}): inconsistent with each other or with q0 "
                "(project(q) finds a configuration where they hold, if one exists)"
            )
        mass = self.model.mass_matrix(q0)
        g = jac @ np.linalg.solve(mass, jac.T)
        check_rank(0.5 * (g + g.T), self._row_names, self.rank_tol, f"{self.source}: at q0")

    # ------------------------------------------------------------------ forward dynamics
    def constrained_forward_dynamics(
        self, q, v, tau, f_ext=None, *, friction: bool = True
    ) -> tuple[np.ndarray, dict[str, np.ndarray]]:
        """(v̇ (..., nv), {name: λ (..., 3 or 6)}) for generalized forces τ (..., nv).

        λ is the force or wrench each constraint applies on the robot, world axes (module
        :mod:`~modyn_model.constraints.kinds`). Rank-deficient rows → ConstraintError.
        """
        tau = self.model.check_velocity("tau", tau)
        phi, jac, gamma = self._evaluate(q, v)
        v = self.model.check_velocity("v", v)
        mass = self.model.mass_matrix(q)
        h = self.model.bias_forces(q, v, f_ext, friction=friction)
        rhs = -gamma - self.kd * np.einsum("...ij,...j->...i", jac, v) - self.kp * phi
        force = tau - h
        mass, force = np.broadcast_arrays(mass, force[..., None])
        vdot, lam = kkt_forward_dynamics(
            mass,
            force[..., 0],
            np.broadcast_to(jac, force.shape[:-2] + jac.shape[-2:]),
            np.broadcast_to(rhs, force.shape[:-2] + rhs.shape[-1:]),
            self._row_names,
            rank_tol=self.rank_tol,
            where=f"{self.source}: constrained forward dynamics",
        )
        return vdot, self.split(lam)

    def forward_dynamics(
        self, q, v, tau, f_ext=None, *, friction: bool = True, method: str = "auto"
    ) -> np.ndarray:
        """The constrained v̇ (..., nv) (:meth:`constrained_forward_dynamics` without λ).

        ``method`` is accepted for the signature of the tree models and has no effect: the KKT
        system is always solved as described in :mod:`~modyn_model.constraints.solve`."""
        return self.constrained_forward_dynamics(q, v, tau, f_ext, friction=friction)[0]

    def constraint_forces(self, q, v, tau, f_ext=None, *, friction: bool = True) -> dict:
        """{name: λ} for generalized forces τ (:meth:`constrained_forward_dynamics`)."""
        return self.constrained_forward_dynamics(q, v, tau, f_ext, friction=friction)[1]

    # ------------------------------------------------------------------ inverse dynamics
    def acceleration_residual(self, q, v, a) -> np.ndarray:
        """J v̇ + γ + k_d J v + k_p φ (..., m): 0 when ``a`` satisfies the stabilised constraint."""
        phi, jac, gamma = self._evaluate(q, v)
        v = self.model.check_velocity("v", v)
        a = self.model.check_velocity("a", a)
        mv = lambda x: np.einsum("...ij,...j->...i", jac, x)  # noqa: E731
        return mv(a) + gamma + self.kd * mv(v) + self.kp * phi

    def project_acceleration(self, q, v, a) -> np.ndarray:
        """The acceleration (..., nv) closest to ``a`` in the kinetic metric M that satisfies the
        stabilised constraint: argmin ½ (v̇ − a)ᵀ M (v̇ − a) s.t. J v̇ = b, i.e.
        v̇ = a + M⁻¹Jᵀ G⁻¹ (b − J a), G = J M⁻¹ Jᵀ, b = −γ − k_d J v − k_p φ. Gauss's principle of
        least constraint: projecting the free acceleration M⁻¹(τ − h) gives the constrained one.
        A law can pass a desired acceleration through it before
        :meth:`constrained_inverse_dynamics` (which refuses an inconsistent one)."""
        phi, jac, gamma = self._evaluate(q, v)
        v = self.model.check_velocity("v", v)
        a = self.model.check_velocity("a", a)
        rhs = -gamma - self.kd * np.einsum("...ij,...j->...i", jac, v) - self.kp * phi
        mass = self.model.mass_matrix(q)
        batch = np.broadcast_shapes(mass.shape[:-2], a.shape[:-1], rhs.shape[:-1])
        # M v̇ = M a + Jᵀ λ, J v̇ = b: the KKT system with M a in place of τ − h
        return kkt_forward_dynamics(
            np.broadcast_to(mass, batch + mass.shape[-2:]),
            np.einsum("...ij,...j->...i", mass, a) + np.zeros(batch + a.shape[-1:]),
            np.broadcast_to(jac, batch + jac.shape[-2:]),
            np.broadcast_to(rhs, batch + rhs.shape[-1:]),
            self._row_names,
            rank_tol=self.rank_tol,
            where=f"{self.source}: project_acceleration",
        )[0]

    def constrained_inverse_dynamics(
        self,
        q,
        v,
        a,
        method: str = "least_norm",
        weights=None,
        actuators: Sequence[str] | None = None,
        *,
        f_ext=None,
        friction: bool = True,
        tol: float = 1e-8,
    ) -> tuple[np.ndarray, dict[str, np.ndarray]]:
        """(u (..., nu), {name: λ}) with M v̇ + h = Sᵀ u + Jᵀ λ for the acceleration ``a``.

        ``a`` must satisfy the stabilised constraint (:meth:`acceleration_residual` within
        ``tol``·(1 + |γ| + |J a|) per constraint), else ConstraintError naming the ones it
        breaks. ``method``: ``least_norm`` (smallest |u|), ``weighted`` (smallest uᵀ diag(weights)
        u) or ``subset`` (only ``actuators`` work, the others give 0); see
        :mod:`~modyn_model.constraints.solve`.
        """
        phi, jac, gamma = self._evaluate(q, v)
        v = self.model.check_velocity("v", v)
        a = self.model.check_velocity("a", a)
        # dependent rows first: they would also show up as a (misleading) inconsistency
        check_rank(
            jac @ np.swapaxes(jac, -1, -2),
            self._row_names,
            self.rank_tol,
            f"{self.source}: constrained inverse dynamics",
        )
        ja = np.einsum("...ij,...j->...i", jac, a)
        res = ja + gamma + self.kd * np.einsum("...ij,...j->...i", jac, v) + self.kp * phi
        scale = 1.0 + np.abs(gamma) + np.abs(ja)
        broken = []
        for c in self.constraints:
            sl = self._slices[c.name]
            excess = np.abs(res[..., sl]) - tol * scale[..., sl]
            if np.any(excess > 0):
                broken.append(f"'{c.name}' ({np.abs(res[..., sl]).max():.3g})")
        if broken:
            raise ConstraintError(
                f"{self.source}: the acceleration breaks the constraints {', '.join(broken)} "
                "(|J v̇ + J̇v + k_d J v + k_p φ|, m/s² or rad/s²): it is not consistent with them"
            )
        gforce = self.model.inverse_dynamics(q, v, a, f_ext, friction=friction)
        s = self.model.actuation_matrix(q)
        batch = np.broadcast_shapes(gforce.shape[:-1], s.shape[:-2], jac.shape[:-2])
        u, lam = resolve_inverse_dynamics(
            np.broadcast_to(gforce, batch + gforce.shape[-1:]),
            np.broadcast_to(s, batch + s.shape[-2:]),
            np.broadcast_to(jac, batch + jac.shape[-2:]),
            self._row_names,
            self.model.actuator_names,
            method=method,
            weights=weights,
            actuators=actuators,
            rank_tol=self.rank_tol,
            where=f"{self.source}: constrained inverse dynamics",
        )
        return u, self.split(lam)

    def actuator_forces(self, q, v, a) -> np.ndarray:
        """u (..., nu): constrained inverse dynamics, least norm (:meth:`constrained_inverse_dynamics`)."""
        return self.constrained_inverse_dynamics(q, v, a)[0]

    # ------------------------------------------------------------------ for plants
    def diagnostics(self, q, v) -> dict[str, float]:
        """Per constraint, the largest |position residual| (m or rad, key ``<name>.position``)
        and |velocity residual| (m/s or rad/s, ``<name>.velocity``) at one state."""
        phi, jac, _ = self._evaluate(q)
        jv = np.einsum("...ij,...j->...i", jac, self.model.check_velocity("v", v))
        out = {}
        for c in self.constraints:
            sl = self._slices[c.name]
            out[f"{c.name}.position"] = float(np.abs(phi[..., sl]).max(initial=0.0))
            out[f"{c.name}.velocity"] = float(np.abs(jv[..., sl]).max(initial=0.0))
        return out

    def project(self, q, *, tol: float = 1e-12, max_iter: int = 50) -> np.ndarray:
        """A configuration near ``q`` (nq,) where every constraint holds (|φ| ≤ tol): Gauss-Newton
        steps q ← q ⊕ (−J⁺ φ). ConstraintError naming the constraints left violated when it
        does not converge (constraints that cannot hold together)."""
        q = np.array(self.model.check_state("q", q), dtype=float)
        for _ in range(max_iter):
            phi, jac, _ = self._evaluate(q)
            if np.abs(phi).max(initial=0.0) <= tol:
                return q
            q = self.model.integrate(q, -np.linalg.lstsq(jac, phi, rcond=None)[0], 1.0)
        phi = self.constraint_residual(q)
        left = [
            f"'{c.name}' ({np.abs(phi[self._slices[c.name]]).max():.3g})"
            for c in self.constraints
            if np.abs(phi[self._slices[c.name]]).max() > tol
        ]
        raise ConstraintError(
            f"{self.source}: no configuration found where the constraints hold after {max_iter} "
            f"steps: {', '.join(left)} still violated (m or rad)"
        )
