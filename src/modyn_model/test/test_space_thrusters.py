"""Thruster cluster and the fuel-optimal LP allocation of eq. (49) (issue 18, note §8.1, §9.2).

Oracles: the wrench map against the cross product written out by hand; the LP optimum against a
brute-force enumeration of the LP's basic solutions (an LP over a box optimises at a vertex: at
most 3 thrusters strictly between their limits); the bounds; the best feasible wrench of an
infeasible demand against the analytic saturation of the default cluster.
"""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from modyn_model.mechanisms.space.thrusters import (
    ThrusterCluster,
    ThrusterError,
    default_thruster_layout,
)


def test_default_layout_and_wrench_map():
    cl = ThrusterCluster.default()
    assert cl.count == 12
    p, d = default_thruster_layout()
    # every thruster sits on a cube vertex (|x| = |y| = |z| = 0.15) and pushes inward
    np.testing.assert_allclose(np.abs(p), 0.15)
    np.testing.assert_allclose(np.sum(d * p, axis=1), -0.15)
    sigma = np.linspace(0.1, 1.2, 12)
    f = sum(s * di for s, di in zip(sigma, d, strict=True))
    tau = sum(s * np.array([pi[1] * di[2] - pi[2] * di[1], pi[2] * di[0] - pi[0] * di[2],
                            pi[0] * di[1] - pi[1] * di[0]]) for s, pi, di in zip(sigma, p, d, strict=True))
    np.testing.assert_allclose(cl.wrench(sigma), np.concatenate([f, tau]), atol=1e-15)
    # positive spanning: a force along ± each axis and a random direction is reachable
    for u in [*np.eye(3), *(-np.eye(3)), np.array([0.3, -0.5, 0.8])]:
        assert cl.force_envelope(u) > 1.0


@pytest.mark.parametrize("seed", range(5))
def test_feasible_force_reproduced_exactly_within_bounds(seed):
    cl = ThrusterCluster.default()
    rng = np.random.default_rng(seed)
    f = rng.uniform(-3.0, 3.0, 3)
    r = cl.allocate(f)
    assert r.status == "optimal", r.message
    np.testing.assert_allclose(r.wrench[:3], f, atol=1e-9)
    assert np.all(r.sigma >= cl.sigma_min - 1e-12) and np.all(r.sigma <= cl.sigma_max + 1e-12)
    # full-wrench allocation: force and torque both matched when feasible
    t = rng.uniform(-0.2, 0.2, 3)
    r6 = cl.allocate(f, t, match_torque=True)
    assert r6.status == "optimal", r6.message
    np.testing.assert_allclose(r6.wrench, np.concatenate([f, t]), atol=1e-9)


def _brute_force_min_fuel(A, b, lo, hi):
    """Enumerate the basic solutions of {A σ = b, lo ≤ σ ≤ hi}: m free thrusters, the rest at a
    bound; the minimum of Σσ over the feasible ones."""
    m, s = A.shape
    best = np.inf
    for free in itertools.combinations(range(s), m):
        fixed = [i for i in range(s) if i not in free]
        Af = A[:, free]
        if abs(np.linalg.det(Af)) < 1e-12:
            continue
        for at_hi in itertools.product([False, True], repeat=len(fixed)):
            sig = np.zeros(s)
            sig[fixed] = np.where(at_hi, hi[fixed], lo[fixed])
            sig[list(free)] = np.linalg.solve(Af, b - A[:, fixed] @ sig[fixed])
            if np.all(sig >= lo - 1e-9) and np.all(sig <= hi + 1e-9):
                best = min(best, sig.sum())
    return best


@pytest.mark.parametrize("seed", range(4))
def test_fuel_optimal_against_brute_force(seed):
    # a small asymmetric cluster: 7 thrusters, mixed directions, non-zero minimum thrust
    rng = np.random.default_rng(100 + seed)
    d = np.vstack([np.eye(3), -np.eye(3), [[1.0, 1.0, 1.0]]])
    d = d + 0.2 * rng.standard_normal(d.shape)
    p = rng.uniform(-0.15, 0.15, (7, 3))
    lo = np.full(7, 0.05)
    hi = np.array([2.0, 3.0, 2.5, 2.0, 4.0, 3.0, 1.5])
    cl = ThrusterCluster(p, d, lo, hi)
    f = rng.uniform(-1.0, 1.0, 3)
    r = cl.allocate(f)
    assert r.status == "optimal"
    best = _brute_force_min_fuel(cl.H[:3], f, lo, hi)
    assert np.isfinite(best)
    assert r.fuel == pytest.approx(best, abs=1e-8)
    np.testing.assert_allclose(r.wrench[:3], f, atol=1e-9)


def test_infeasible_demand_best_feasible_wrench():
    cl = ThrusterCluster.default()
    # along +x only the 2 thrusters at the x = −0.15 vertices push: |f_x| ≤ 2 σ_max = 10 N
    assert cl.force_envelope([1.0, 0.0, 0.0]) == pytest.approx(10.0, abs=1e-9)
    r = cl.allocate([25.0, 0.0, 0.0])
    assert r.status == "infeasible"
    assert "beyond the thruster cluster" in r.message
    assert np.all(np.isfinite(r.sigma)) and np.all(np.isfinite(r.wrench))
    assert np.all(r.sigma <= cl.sigma_max + 1e-12) and np.all(r.sigma >= -1e-12)
    # the best feasible force: 10 N along x, nothing across
    np.testing.assert_allclose(r.wrench[:3], [10.0, 0.0, 0.0], atol=1e-6)
    assert r.saturated.sum() == 2
    np.testing.assert_allclose(r.residual[:3], [-15.0, 0.0, 0.0], atol=1e-6)


def test_invalid_demand_and_bad_description():
    cl = ThrusterCluster.default()
    r = cl.allocate([np.nan, 0.0, 1.0])
    assert r.status == "invalid" and np.all(r.sigma == 0.0)
    assert not np.any(np.isnan(r.wrench))
    with pytest.raises(ThrusterError, match="direction of thruster 1 is zero"):
        ThrusterCluster([[0, 0, 0], [1, 0, 0]], [[1, 0, 0], [0, 0, 0]])
    with pytest.raises(ThrusterError, match="sigma_max"):
        ThrusterCluster([[0, 0, 0]], [[1, 0, 0]], 1.0, 0.5)
    with pytest.raises(ThrusterError, match="unknown key"):
        ThrusterCluster.from_config({"sigma_mx": 3.0})
    cl2 = ThrusterCluster.from_config({"sigma_max": 2.0})
    assert cl2.count == 12 and np.all(cl2.sigma_max == 2.0)


def test_yaml_defaults_and_base_actuator_hook():
    """config/mechanisms/space_actuators.yaml states the same §14 defaults as the code, and the
    cluster offers SpaceManipulatorModel's hook (names, effort_limit, wrench_matrix = Hᵀ)."""
    from pathlib import Path

    import yaml

    path = Path(__file__).resolve().parents[3] / "config" / "mechanisms" / "space_actuators.yaml"
    data = yaml.safe_load(path.read_text())
    cl = ThrusterCluster.from_config(data["thrusters"])
    ref = ThrusterCluster.default()
    np.testing.assert_array_equal(cl.H, ref.H)
    np.testing.assert_array_equal(cl.sigma_max, ref.sigma_max)
    from modyn_model.mechanisms.space.cmg import CMGCluster

    cm = CMGCluster.from_config(data["cmgs"])
    d = CMGCluster.pyramid()
    for key in ("g", "s0", "I_ws", "I_cg", "Omega0", "positions"):
        np.testing.assert_allclose(getattr(cm, key), getattr(d, key), rtol=1e-15)
    assert (cm.lambda0, cm.mu, cm.wheel_weight0) == (d.lambda0, d.mu, d.wheel_weight0)
    w = cl.wrench_matrix(np.zeros((2, 14)))
    assert w.shape == (2, 12, 6)
    np.testing.assert_array_equal(w[1], cl.H.T)
    assert ThrusterCluster.from_mapping({"type": "thrusters", "sigma_max": 3.0}).effort_limit[0] == 3.0
    with pytest.raises(ThrusterError, match="base_actuators"):
        ThrusterCluster.from_mapping({"type": "thrusters", "sigma_max": -1.0},
                                     source="base_actuators[0]")
