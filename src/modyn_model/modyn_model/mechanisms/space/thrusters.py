"""A thruster cluster on the free-flying base and the fuel-optimal allocation of eq. (49).

Model (paper eqs. (33)–(35), note §8.1). Thruster i sits at Rᵢ (m, base frame, relative to the
base-frame origin = the base CoM for the paper's cube) and pushes along the unit vector eᵢ with a
magnitude σᵢ ∈ [σ_min,i, σ_max,i] (N). The wrench on the base, base axes, force first::

    f̂ = [f; τ] = [H_f; H_t] σ = H σ,     H_f[:, i] = eᵢ,   H_t[:, i] = Rᵢ × eᵢ      (35)

Allocation (eq. (49), note §9.2; the paper's sum "to n" is a typo for S, erratum A24)::

    min Σᵢ σᵢ   s.t.   H_f σ = f_d,   σ_min ≤ σ ≤ σ_max                              (49)

solved by ``scipy.optimize.linprog(method="highs")``, warm-started: the last optimal basis is
reused while it stays primal feasible (its reduced costs, which certify optimality, do not depend
on the force), so a slowly varying demand costs a 3×3 product instead of a solve. Only the force is matched; the thruster
torque H_t σ is a by-product the CMGs must correct (eq. (48): τ_cmg = T_d − H_t σ). With
``match_torque=True`` the LP also imposes H_t σ = T_d (a full-wrench allocation, when the layout
can do it).

When the demand is infeasible (a force beyond what the saturated cluster can give) the LP has no
solution. The allocator then degrades gracefully: it solves the bounded least-squares problem
min ‖W(H σ − f̂_d)‖ s.t. bounds (``scipy.optimize.lsq_linear``), i.e. the *best feasible* wrench,
then a second LP picks the least fuel among the σ that give that same wrench. The result carries
``status`` = "infeasible", the achieved wrench, the residual and the thrusters at their limits,
so the caller can report it. A non-finite demand gives σ = σ_min (thrusters off) and status
"invalid"; the result never holds a NaN.

Defaults (note §14, NOT from the paper, which only says "3 groups of thrusters at 4 vertices",
erratum A29): 12 thrusters at the 4 alternate vertices (±a, a = 0.15 m) of the 0.3 m cube,
(+,+,+), (+,−,−), (−,+,−), (−,−,+); at each vertex three thrusters along −sign(vertex
coordinate)·e_x, e_y, e_z (the exhaust points outward, the force inward), σ ∈ [0, 5] N. This
layout positively spans R³ in force with σ ≥ 0.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np
from scipy.optimize import linprog, lsq_linear

from ...errors import ModelError

__all__ = [
    "ThrusterError",
    "ThrusterCluster",
    "AllocationResult",
    "default_thruster_layout",
    "DEFAULT_HALF_SIZE",
    "DEFAULT_SIGMA_MAX",
]

#: default half edge of the cubic base (m): Table 3 gives a 0.3 m cube
DEFAULT_HALF_SIZE = 0.15
#: default maximum thrust (N), note §14 (the paper gives no limits)
DEFAULT_SIGMA_MAX = 5.0


class ThrusterError(ModelError):
    """Bad thruster cluster description (positions, directions, limits); names field and value."""


@dataclass(frozen=True)
class AllocationResult:
    """The outcome of one allocation.

    Attributes
    ----------
    sigma : (S,) array
        Thrust magnitudes (N), within [σ_min, σ_max], never NaN.
    wrench : (6,) array
        The wrench they give, [f (N); τ (N·m)], base axes (H σ).
    residual : (6,) array
        wrench − demanded wrench on the matched rows (zeros on unmatched rows), N and N·m.
    status : str
        "optimal" (eq. (49) solved), "infeasible" (the demand is beyond the cluster: the best
        feasible wrench is returned), "fallback" (the LP solver failed on a feasible problem:
        bounded least squares used) or "invalid" (non-finite demand: thrusters off).
    saturated : (S,) bool array
        Thrusters at σ_max (within 1e-9 N).
    message : str
        A human-readable diagnostic (empty when optimal).
    """

    sigma: np.ndarray
    wrench: np.ndarray
    residual: np.ndarray
    status: str
    saturated: np.ndarray
    message: str = ""

    @property
    def fuel(self) -> float:
        """Σ σᵢ (N), the objective of eq. (49)."""
        return float(self.sigma.sum())


def default_thruster_layout(half_size: float = DEFAULT_HALF_SIZE) -> tuple[np.ndarray, np.ndarray]:
    """The note §14 default layout: 12 thrusters at 4 alternate cube vertices (see module doc).

    Returns
    -------
    positions : (12, 3) array (m), directions : (12, 3) array (unit)
    """
    vertices = half_size * np.array([[1, 1, 1], [1, -1, -1], [-1, 1, -1], [-1, -1, 1]], float)
    positions, directions = [], []
    for v in vertices:
        for axis in range(3):
            d = np.zeros(3)
            d[axis] = -np.sign(v[axis])  # force inward: exhaust outward (default, note §14)
            positions.append(v)
            directions.append(d)
    return np.array(positions), np.array(directions)


def _array(value, shape, name: str) -> np.ndarray:
    try:
        arr = np.array(value, dtype=float)
    except (TypeError, ValueError) as exc:
        raise ThrusterError(f"thrusters: {name} = {value!r} is not numeric") from exc
    if arr.shape != shape:
        raise ThrusterError(f"thrusters: {name} has shape {arr.shape}, expected {shape}")
    if not np.all(np.isfinite(arr)):
        raise ThrusterError(f"thrusters: {name} has non-finite entries: {arr.tolist()}")
    return arr


class ThrusterCluster:
    """S thrusters fixed on the base: the wrench map H of eq. (35) and the allocation of eq. (49).

    Parameters
    ----------
    positions : (S, 3) array_like
        Rᵢ, m, base frame (relative to the point about which torques are taken: the base origin).
    directions : (S, 3) array_like
        Force directions eᵢ (normalised here; a zero vector is refused).
    sigma_min, sigma_max : float or (S,) array_like
        Thrust limits (N), 0 ≤ σ_min ≤ σ_max (a thruster only pushes).
    names : sequence of str, optional
        Actuator names (default ``thruster_0`` ...).
    """

    def __init__(self, positions, directions, sigma_min=0.0, sigma_max=DEFAULT_SIGMA_MAX,
                 names: Sequence[str] | None = None):
        try:
            positions = np.array(positions, dtype=float)
        except (TypeError, ValueError) as exc:
            raise ThrusterError(f"thrusters: positions = {positions!r} is not numeric") from exc
        if positions.ndim != 2 or positions.shape[1] != 3 or positions.shape[0] == 0:
            raise ThrusterError(f"thrusters: positions must be (S, 3), got shape {positions.shape}")
        s = positions.shape[0]
        self.positions = _array(positions, (s, 3), "positions")
        d = _array(directions, (s, 3), "directions")
        norms = np.linalg.norm(d, axis=1)
        bad = np.flatnonzero(norms < 1e-12)
        if bad.size:
            raise ThrusterError(f"thrusters: direction of thruster {int(bad[0])} is zero")
        self.directions = d / norms[:, None]
        self.sigma_min = _array(np.broadcast_to(sigma_min, (s,)), (s,), "sigma_min")
        self.sigma_max = _array(np.broadcast_to(sigma_max, (s,)), (s,), "sigma_max")
        if np.any(self.sigma_min < 0.0):
            raise ThrusterError(f"thrusters: sigma_min = {self.sigma_min.tolist()} must be >= 0 "
                                "(a thruster only pushes)")
        if np.any(self.sigma_max < self.sigma_min):
            raise ThrusterError(f"thrusters: sigma_max = {self.sigma_max.tolist()} below "
                                f"sigma_min = {self.sigma_min.tolist()}")
        self.names = tuple(names) if names is not None else tuple(f"thruster_{i}" for i in range(s))
        if len(self.names) != s:
            raise ThrusterError(f"thrusters: {len(self.names)} names for {s} thrusters")
        # eq. (35): H = [H_f; H_t], H_f[:, i] = e_i, H_t[:, i] = R_i × e_i
        self.H = np.vstack([self.directions.T, np.cross(self.positions, self.directions).T])
        self.H.flags.writeable = False
        # the warm start of (49) (see _cache_basis): basis, H_B⁻¹, H_N σ_N, σ with σ_B = 0
        self._basis: np.ndarray | None = None
        self._basis_inv = np.zeros((3, 3))
        self._basis_fixed = np.zeros(3)
        self._basis_template = np.zeros(s)
        self._rhs = np.zeros(3)
        self._sb = np.zeros(3)
        #: allocations answered by the warm start (no LP solve)
        self.warm_hits = 0

    # ------------------------------------------------------------------ construction
    @classmethod
    def default(cls) -> ThrusterCluster:
        """The note §14 default cluster (12 thrusters, σ ∈ [0, 5] N)."""
        p, d = default_thruster_layout()
        return cls(p, d, 0.0, DEFAULT_SIGMA_MAX)

    @classmethod
    def from_config(cls, config: Mapping | None, source: str = "thrusters") -> ThrusterCluster:
        """From a mapping (a YAML ``thrusters:`` section); missing keys take note §14 defaults.

        Keys: ``layout`` ("tetrahedral_vertices", the default, or "explicit"), ``half_size`` (m),
        ``positions`` and ``directions`` (lists of [x, y, z], for "explicit"), ``sigma_min``,
        ``sigma_max`` (N), ``names``.
        """
        config = dict(config or {})
        known = {"layout", "half_size", "positions", "directions", "sigma_min", "sigma_max",
                 "names"}
        unknown = sorted(set(config) - known)
        if unknown:
            raise ThrusterError(f"{source}: unknown key(s) {unknown} (known: {sorted(known)})")
        layout = config.get("layout", "tetrahedral_vertices")
        if layout == "tetrahedral_vertices":
            p, d = default_thruster_layout(float(config.get("half_size", DEFAULT_HALF_SIZE)))
        elif layout == "explicit":
            if "positions" not in config or "directions" not in config:
                raise ThrusterError(f"{source}: layout 'explicit' needs positions and directions")
            p, d = config["positions"], config["directions"]
        else:
            raise ThrusterError(f"{source}: layout = {layout!r} (use 'tetrahedral_vertices' or "
                                "'explicit')")
        try:
            return cls(p, d, config.get("sigma_min", 0.0),
                       config.get("sigma_max", DEFAULT_SIGMA_MAX), config.get("names"))
        except ThrusterError as exc:
            raise ThrusterError(f"{source}: {exc}") from exc

    @classmethod
    def from_mapping(cls, d: Mapping, *, source: str = "<mapping>") -> ThrusterCluster:
        """A ``base_actuators:`` entry of a space mechanism file (``type: thrusters`` plus the
        keys of :meth:`from_config`), for ``SpaceManipulatorModel``'s base-actuator hook."""
        d = {k: v for k, v in dict(d).items() if k != "type"}
        return cls.from_config(d, source=source)

    # the base-actuator hook of SpaceManipulatorModel: names, effort_limit, wrench_matrix
    @property
    def effort_limit(self) -> np.ndarray:
        """σ_max (S,) N (the hook's limit; σ ≥ σ_min ≥ 0 is the allocator's business)."""
        return self.sigma_max

    def wrench_matrix(self, q) -> np.ndarray:
        """(..., S, 6): row i = the base wrench [F; T] per newton of thruster i (= column i of
        H, eq. (35)); independent of the configuration q (the thrusters are fixed in the base)."""
        q = np.asarray(q, dtype=float)
        return np.broadcast_to(self.H.T, q.shape[:-1] + self.H.T.shape).copy()

    @property
    def count(self) -> int:
        """S, the number of thrusters."""
        return self.positions.shape[0]

    def wrench(self, sigma) -> np.ndarray:
        """f̂ = H σ (eq. (35)): [force (N); torque about the base origin (N·m)], base axes."""
        return self.H @ np.asarray(sigma, dtype=float)

    # ------------------------------------------------------------------ allocation
    def allocate(self, force, torque=None, *, match_torque: bool = False,
                 torque_weight: float = 1.0) -> AllocationResult:
        """Fuel-optimal thrusts for a demanded force (eq. (49)), or force and torque.

        Parameters
        ----------
        force : (3,) array_like
            Demanded force f_d (N), base axes.
        torque : (3,) array_like, optional
            Demanded torque T_d (N·m); imposed only when ``match_torque`` (else reported).
        match_torque : bool
            Also impose H_t σ = T_d (full-wrench allocation).
        torque_weight : float
            Weight (m) of torque residuals against force residuals in the infeasible fallback.

        Returns
        -------
        AllocationResult
        """
        f = np.asarray(force, dtype=float).reshape(3)
        t = np.zeros(3) if torque is None else np.asarray(torque, dtype=float).reshape(3)
        demand = np.concatenate([f, t])
        rows = slice(0, 6) if match_torque else slice(0, 3)
        if not np.all(np.isfinite(demand[rows])):
            sigma = self.sigma_min.copy()
            return self._result(sigma, demand, rows, "invalid",
                                f"non-finite demand {demand[rows].tolist()}: thrusters at sigma_min")
        A = self.H[rows]
        b = demand[rows]
        if not match_torque:
            # the last optimal basis, when it is still primal feasible for this force, is
            # optimal (its reduced costs do not depend on the force): no LP solve
            sigma = self._warm_start(b)
            if sigma is not None:
                self.warm_hits += 1
                return self._result(sigma, demand, rows, "optimal", "")
        bounds = np.column_stack([self.sigma_min, self.sigma_max])
        # eq. (49): min 1ᵀσ s.t. A σ = b, σ_min ≤ σ ≤ σ_max
        lp = linprog(np.ones(self.count), A_eq=A, b_eq=b, bounds=bounds, method="highs")
        if lp.status == 0:
            sigma = np.clip(lp.x, self.sigma_min, self.sigma_max)
            if not match_torque:
                self._cache_basis(sigma)
            return self._result(sigma, demand, rows, "optimal", "")
        # infeasible (status 2) or solver trouble: the best feasible wrench by bounded LS
        w = np.ones(A.shape[0])
        if match_torque:
            w[3:] = torque_weight
        ls = lsq_linear(A * w[:, None], b * w, bounds=(self.sigma_min, self.sigma_max),
                        method="bvls")
        sigma = np.clip(ls.x, self.sigma_min, self.sigma_max)
        # among the σ giving that same wrench, the least fuel (feasible by construction)
        achieved = A @ sigma
        lp2 = linprog(np.ones(self.count), A_eq=A, b_eq=achieved, bounds=bounds, method="highs")
        if lp2.status == 0 and np.allclose(A @ lp2.x, achieved, atol=1e-7):
            sigma = np.clip(lp2.x, self.sigma_min, self.sigma_max)
        status = "infeasible" if lp.status == 2 else "fallback"
        res = A @ sigma - b
        if status == "infeasible":
            msg = (f"demand {np.round(b, 6).tolist()} is beyond the thruster cluster "
                   f"(limits [{self.sigma_min.min():g}, {self.sigma_max.max():g}] N): best "
                   f"feasible wrench {np.round(A @ sigma, 6).tolist()}, residual norm "
                   f"{np.linalg.norm(res):.3g}")
        else:
            msg = f"LP solver failed ({lp.message}); bounded least squares used"
        return self._result(sigma, demand, rows, status, msg)

    # ------------------------------------------------------------------ warm start of (49)
    # An optimal vertex of (49) has a basis B of 3 thrusters (H_f[:, B] invertible) and the
    # others at a bound (L: σ_min, U: σ_max). It stays optimal for a new force f exactly when
    # σ_B = H_B⁻¹ (f − H_N σ_N) is within its bounds: the reduced costs r = 1 − H_fᵀ H_B⁻ᵀ 1
    # (r_L ≥ 0, r_U ≤ 0 certify optimality) do not depend on f. The arm's reaction changes the
    # demanded force a little per 5 ms tick, so the basis rarely changes: one 3×3 product
    # instead of a HiGHS call (which stays the reference and the fallback).
    _TOL = 1e-9

    def _cache_basis(self, sigma: np.ndarray) -> None:
        """Keep the basis of the optimal ``sigma`` (from HiGHS) when it has a dual-feasible
        completion; else forget it (the next call solves the LP)."""
        import itertools

        self._basis = None
        tol = 1e-7
        lo, hi = self.sigma_min, self.sigma_max
        upper = sigma >= hi - tol
        free = np.flatnonzero((sigma > lo + tol) & ~upper)
        hf = self.H[:3]
        if free.size > 3:
            return
        others = [i for i in range(self.count) if i not in set(free.tolist())]
        for extra in itertools.combinations(others, 3 - free.size):
            basis = np.sort(np.concatenate([free, np.asarray(extra, dtype=int)]))
            hb = hf[:, basis]
            if abs(np.linalg.det(hb)) < 1e-9:
                continue
            inv = np.linalg.inv(hb)
            r = 1.0 - hf.T @ (inv.T @ np.ones(3))
            nonbasic = np.ones(self.count, dtype=bool)
            nonbasic[basis] = False
            up = nonbasic & upper
            low = nonbasic & ~upper
            if np.any(r[low] < -tol) or np.any(r[up] > tol):
                continue  # not dual feasible: this completion does not certify optimality
            template = np.where(up, hi, lo)
            template[basis] = 0.0
            self._basis = basis
            self._basis_inv = inv
            self._basis_fixed = hf @ template  # H_N σ_N
            self._basis_template = template
            return

    def _warm_start(self, force: np.ndarray) -> np.ndarray | None:
        """σ from the cached basis when it is primal feasible for ``force``, else None."""
        if self._basis is None:
            return None
        rhs = self._rhs
        np.subtract(force, self._basis_fixed, out=rhs)
        sb = self._sb
        np.dot(self._basis_inv, rhs, out=sb)
        b = self._basis
        tol = self._TOL
        if np.any(sb < self.sigma_min[b] - tol) or np.any(sb > self.sigma_max[b] + tol):
            return None
        sigma = self._basis_template.copy()
        sigma[b] = np.clip(sb, self.sigma_min[b], self.sigma_max[b])
        return sigma

    def _result(self, sigma, demand, rows, status, message) -> AllocationResult:
        wrench = self.H @ sigma
        residual = np.zeros(6)
        residual[rows] = wrench[rows] - demand[rows]
        saturated = sigma >= self.sigma_max - 1e-9
        return AllocationResult(sigma, wrench, residual, status, saturated, message)

    def force_envelope(self, direction) -> float:
        """Largest force magnitude (N) the cluster can give along a unit ``direction`` (an LP)."""
        u = np.asarray(direction, dtype=float)
        u = u / np.linalg.norm(u)
        # max s s.t. H_f σ = s u: variables [σ, s]
        A = np.hstack([self.H[:3], -u[:, None]])
        bounds = [*zip(self.sigma_min, self.sigma_max, strict=True), (0, None)]
        c = np.zeros(self.count + 1)
        c[-1] = -1.0
        lp = linprog(c, A_eq=A, b_eq=np.zeros(3), bounds=bounds, method="highs")
        return float(lp.x[-1]) if lp.status == 0 else 0.0
