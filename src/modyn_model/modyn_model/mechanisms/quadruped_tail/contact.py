"""Ground reaction forces of the quadruped with a tail, and the checks that tell when the paper's
pinned-feet assumption breaks (issue 17, note §3.6 and §6.2).

The paper pins each foot at d_i (a spherical joint, bilateral, infinite friction) and never
computes the ground reaction forces: the virtual-work equations eliminate them. They come from
the generic constrained model (:mod:`.generic`): at the full state (x, ν) of a reduced (q, q̇),
with M, h, J_c, γ = J̇_c ν of the floating model and its four point contacts, the KKT system of
:mod:`modyn_model.constraints.solve`

    M ν̇ = S_fᵀ u − h + J_cᵀ λ,      J_c ν̇ = −γ

gives the force λ_i (3) the ground applies ON the foot i (world axes, N)::

    λ(u) = G⁻¹ (−γ − J_c M⁻¹ (S_fᵀ u − h)) = λ₀ + Λ u,     G = J_c M⁻¹ J_cᵀ        (C1)

affine in the 14 motor torques u (:func:`grf_map`). It depends on u and not only on the
generalized force τ = Sᵀ u (8): the 6 torque combinations with Sᵀ u = 0 squeeze the ground
(internal forces between the feet) without moving the robot, which is why the redundancy
resolution (:mod:`.redundancy`) can move the feet back into their friction cones.

Checks (:func:`check_contacts`), the ground being the plane z = 0 with normal e_z:

* unilateral: λ_z ≥ f_min (default 0): margin λ_z − f_min (N); below it the foot lifts off;
* friction cone: ‖λ_t‖ ≤ μ λ_z, λ_t = (λ_x, λ_y): margin μ λ_z − ‖λ_t‖ (N); below it (or
  with a given extra margin) the foot slips. The ratio ‖λ_t‖/λ_z is the friction the foot needs.

The :class:`ContactReport` names every foot that breaks a check, with its numbers;
:meth:`ContactReport.raise_if_violated` raises :class:`ContactViolation` with that text.

Static sanity check (``test_quadruped_tail_contact.py``): at rest, Σ λ_i = −m g = (0, 0, m g),
m g = 363.233 N (note §5.1), and Σ (d_i − c) × λ_i = 0 (the moment of the ground forces about
the centre of mass c), whatever static torques hold the robot.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from ...errors import StateError
from .generic import FOOT_NAMES, GenericQuadrupedTail

__all__ = [
    "ContactReport",
    "ContactViolation",
    "check_contacts",
    "constraint_forces",
    "generic_model",
    "grf_map",
    "ground_reaction_forces",
]


class ContactViolation(StateError):
    """A foot force leaves the unilateral half-space or the friction cone (names the foot)."""


_CACHE: dict[int, tuple[object, GenericQuadrupedTail]] = {}
_CACHE_SIZE = 8  # parameter sets kept (oldest dropped first)


def generic_model(source) -> GenericQuadrupedTail:
    """``source`` itself if it is a :class:`GenericQuadrupedTail`; else the generic model of a
    parameters object (:meth:`GenericQuadrupedTail.from_parameters`), built once per object
    (kept alive with it in a module cache of the last 8); an object with a ``generic`` attribute (that model)
    or a ``params`` attribute (a ``QuadrupedTailModel``: the generic model of its parameters)."""
    if isinstance(source, GenericQuadrupedTail):
        return source
    inner = getattr(source, "generic", None)
    if isinstance(inner, GenericQuadrupedTail):
        return inner
    params = getattr(source, "params", None)  # a QuadrupedTailModel: its parameters
    if params is not None:
        source = params
    hit = _CACHE.get(id(source))
    if hit is not None and hit[0] is source:
        return hit[1]
    generic = GenericQuadrupedTail.from_parameters(source)
    while len(_CACHE) >= _CACHE_SIZE:
        _CACHE.pop(next(iter(_CACHE)))
    _CACHE[id(source)] = (source, generic)
    return generic


def grf_map(source, q, v) -> tuple[np.ndarray, np.ndarray]:
    """(λ₀ (12,), Λ (12, 14)) of Eq. (C1): λ = λ₀ + Λ u, the 4 feet's forces stacked (foot1 x,
    y, z, foot2 ...), N; u in the contract's actuator order (N·m)."""
    g = generic_model(source)
    x, nu = g.full_state(q, v)
    fm = g.floating
    mass = fm.mass_matrix(x)
    h = fm.bias_forces(x, nu, friction=False)
    jac = g.exact.constraint_jacobian(x)
    gamma = g.exact.acceleration_residual(x, nu, np.zeros_like(nu))
    minv_jt = np.linalg.solve(mass, jac.T)
    delassus = jac @ minv_jt
    delassus = 0.5 * (delassus + delassus.T)
    minv_h = np.linalg.solve(mass, h)
    lam0 = np.linalg.solve(delassus, -gamma + jac @ minv_h)
    # J M⁻¹ S_fᵀ = (M⁻¹ Jᵀ)ᵀ restricted to the motor columns (M symmetric)
    lam_u = -np.linalg.solve(delassus, minv_jt[g.actuator_index].T)
    return lam0, lam_u


def ground_reaction_forces(
    source,
    q,
    v,
    u=None,
    *,
    tau=None,
    resolve: Callable[[np.ndarray, np.ndarray], np.ndarray] | None = None,
) -> np.ndarray:
    """λ (4, 3): the force of the ground on each foot (N, world axes) at the reduced state
    (q, q̇) under the 14 motor torques ``u`` (contract order, N·m), from the KKT solution (C1).

    ``QuadrupedTailModel.constraint_forces(q, v, tau)`` calls it with ``tau`` (8): the forces
    depend on how τ is shared among the 14 motors (module docstring), so the motor torques are
    then ``resolve(S, tau)`` (S the 14 × 8 actuation matrix) when given, else the source's own
    ``actuation_solve(q, tau)`` (a ``QuadrupedTailModel``: its ``redundancy`` setting), else the
    least-norm u = (Sᵀ)⁺ τ. Give ``u`` when it is known (a plant's written efforts).
    """
    g = generic_model(source)
    if (u is None) == (tau is None):
        raise StateError("ground_reaction_forces: give exactly one of u (14) or tau (8)")
    if u is None:
        tau = np.asarray(tau, dtype=float)
        if tau.shape != (8,) or not np.isfinite(tau).all():
            raise StateError(f"tau must be 8 finite generalized forces, got {tau!r}")
        solve = getattr(source, "actuation_solve", None)
        if resolve is not None:
            u = resolve(g.actuation_matrix(q), tau)
        elif callable(solve):
            u = solve(np.asarray(q, dtype=float), tau)
        else:
            u = np.linalg.pinv(g.actuation_matrix(q).T) @ tau
    u = np.asarray(u, dtype=float)
    if u.shape != (14,) or not np.isfinite(u).all():
        raise StateError(f"u must be 14 finite motor torques, got {u!r}")
    return g.solve(q, v, u)[1]


@dataclass(frozen=True)
class ContactReport:
    """The contact checks of :func:`check_contacts` (arrays over the feet, N).

    Attributes
    ----------
    names : tuple of str
    forces : (k, 3)  λ_i on the robot, world axes
    normal : (k,)  λ_z
    tangential : (k,)  ‖(λ_x, λ_y)‖
    unilateral_margin : (k,)  λ_z − f_min (≥ 0 required)
    cone_margin : (k,)  μ λ_z − ‖λ_t‖ − extra margin (≥ 0 required)
    friction_needed : (k,)  ‖λ_t‖ / λ_z (inf when λ_z ≤ 0)
    mu : float
    violations : tuple of str
        One sentence per broken check, naming the foot.
    """

    names: tuple[str, ...]
    forces: np.ndarray
    normal: np.ndarray
    tangential: np.ndarray
    unilateral_margin: np.ndarray
    cone_margin: np.ndarray
    friction_needed: np.ndarray
    mu: float
    violations: tuple[str, ...]

    @property
    def ok(self) -> bool:
        """No foot breaks a check."""
        return not self.violations

    @property
    def violating_feet(self) -> tuple[str, ...]:
        """The feet named in :attr:`violations` (each once, foot order)."""
        bad = self.unilateral_margin < 0
        bad |= self.cone_margin < 0
        return tuple(n for n, b in zip(self.names, bad, strict=True) if b)

    def raise_if_violated(self, where: str = "") -> None:
        """:class:`ContactViolation` listing :attr:`violations` when there are any."""
        if self.violations:
            head = f"{where}: " if where else ""
            raise ContactViolation(head + "; ".join(self.violations))

    def as_dict(self) -> dict[str, float]:
        """Per foot ``<foot>.normal``, ``<foot>.unilateral_margin``, ``<foot>.cone_margin``,
        ``<foot>.friction_needed`` (N, N, N, 1): the numbers a ``diagnostics`` publishes."""
        out = {}
        for k, n in enumerate(self.names):
            out[f"{n}.normal"] = float(self.normal[k])
            out[f"{n}.unilateral_margin"] = float(self.unilateral_margin[k])
            out[f"{n}.cone_margin"] = float(self.cone_margin[k])
            out[f"{n}.friction_needed"] = float(self.friction_needed[k])
        return out


def check_contacts(
    forces,
    mu: float,
    *,
    min_normal: float = 0.0,
    margin: float = 0.0,
    names: Sequence[str] = FOOT_NAMES,
) -> ContactReport:
    """Unilateral (λ_z ≥ ``min_normal``) and friction-cone (‖λ_t‖ ≤ μ λ_z − ``margin``) checks
    of the foot forces ``forces`` (k, 3) (N, on the robot, ground normal +z).

    Parameters
    ----------
    forces : (k, 3) or dict name → (3,)
    mu : float
        Coulomb friction coefficient (> 0).
    min_normal : float
        Smallest acceptable normal force (N), e.g. a few N to keep a safety margin to lift-off.
    margin : float
        Required distance (N) inside the cone.
    """
    if isinstance(forces, dict):
        names = tuple(forces)
        forces = np.stack([np.asarray(forces[n], dtype=float)[:3] for n in names])
    f = np.asarray(forces, dtype=float)
    names = tuple(names)
    if f.ndim != 2 or f.shape[1] != 3 or f.shape[0] != len(names) or not np.isfinite(f).all():
        raise StateError(f"forces must be finite ({len(names)}, 3) (feet {names}), got {forces!r}")
    if not (np.isfinite(mu) and mu > 0):
        raise StateError(f"friction coefficient mu must be a positive number, got {mu!r}")
    normal = f[:, 2].copy()
    tangential = np.hypot(f[:, 0], f[:, 1])
    uni = normal - min_normal
    cone = mu * normal - tangential - margin
    with np.errstate(divide="ignore", invalid="ignore"):
        needed = np.where(normal > 0, tangential / np.where(normal > 0, normal, 1.0), np.inf)
    msgs = []
    for k, n in enumerate(names):
        if uni[k] < 0:
            msgs.append(
                f"{n}: normal force {normal[k]:.4g} N below {min_normal:g} N (unilateral "
                f"margin {uni[k]:.4g} N): the foot lifts off"
            )
        if cone[k] < 0:
            msgs.append(
                f"{n}: tangential force {tangential[k]:.4g} N outside the friction cone "
                f"(mu = {mu:g}, mu*lambda_z = {mu * normal[k]:.4g} N, margin {cone[k]:.4g} N, "
                f"friction needed {needed[k]:.3g}): the foot slips"
            )
    return ContactReport(names, f, normal, tangential, uni, cone, needed, float(mu), tuple(msgs))


def constraint_forces(
    source, q, v, tau, f_ext=None, *, friction: bool = True
) -> dict[str, np.ndarray]:
    """{``foot1`` .. ``foot4``: λ_i (3,)} (N, on the robot, world axes) at (q, q̇) under the
    generalized forces τ (8): :func:`ground_reaction_forces` with ``tau``, keyed by the
    constraint names the plants publish (``constraint_forces/<foot>``). For
    ``QuadrupedTailModel.constraint_forces(q, v, tau, f_ext, friction=...)``: the robot has no
    joint friction (``friction`` changes nothing); external forces are not modelled here, so
    an ``f_ext`` other than None is refused (StateError) rather than silently dropped."""
    if f_ext is not None:
        raise StateError(
            "constraint_forces: external forces (f_ext) are not supported by the quadruped's "
            "ground-reaction computation (contact.py); call it without f_ext"
        )
    lam = ground_reaction_forces(source, q, v, tau=tau)
    return {name: lam[i].copy() for i, name in enumerate(FOOT_NAMES)}
