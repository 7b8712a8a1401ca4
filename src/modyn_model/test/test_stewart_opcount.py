"""Operation counts of the Stewart platform's Coriolis matrices (Lopes 2009 Table 1, V13).

The symbolic matrices are checked numerically before they are counted: the GM matrices of all
bodies (platform + 6 legs × 4 bodies, Table 2 data and the layout of note §2) reproduce the
reference V|_E ẋ of note §9.4, computed by an independent NumPy implementation, and each
body's Lagrange (Christoffel) matrix C_b agrees with its GM matrix V_b on ẋ: Tᵀ V_b ẋ = C_b ẋ,
because Tᵀ(I_b ẍ + V_b ẋ) = A_b ẍ + C_b ẋ is the body's Lagrange equation (note §6.7).
V13: the GM count after CSE is below the Lagrange count made by the same tool (platform and
cylinder here, ~25 s; every row and the totals in the `slow` test, ~25 s more).
"""

from __future__ import annotations

import numpy as np
import pytest

from modyn_model.mechanisms.stewart import opcount as oc

DEG = np.pi / 180.0
# note §9.4 state: x = P2, ẋ
X = np.array([-0.1, -0.2, 2.5, 15 * DEG, -15 * DEG, 15 * DEG])
XD = np.array([0.1, -0.2, 0.3, 20 * DEG, -10 * DEG, 30 * DEG])
# note §9.4: V|_E ẋ (N, N·m) and KE, 6-decimal references
V_E_XD = np.array([0.003744, -0.005632, 0.033280, 0.010894, -0.035458, 0.034383])
KE = 0.5106746

# Table 2 (note §7.1)
M_P, I_P = 1.43, (0.2, 0.2, 0.4)
M_C = M_S = 0.39
I_C = I_S = (0.0, 0.1, 0.1)
B_C = B_S = 0.5


@pytest.fixture(scope="module")
def symbolic():
    """The symbolic module, shared: every scenario test here takes it, so that they form one
    work unit of the test scheduler (conftest.py) and run in one process, where ``opcount``
    caches the derived matrices and their CSE (run one per process, they were derived again in
    each worker: 140 test-seconds in make test against 45 in one process, measured)."""
    return oc


def layout() -> tuple[np.ndarray, np.ndarray]:
    """Joint points of note §2 with Table 2 radii and half-angles (r_B 1.5, r_P 0.75, 15°, 0°)."""
    gb = np.array([15, 120 - 15, 120 + 15, 240 - 15, 240 + 15, 360 - 15]) * DEG
    gp = np.array([60, 60, 180, 180, 300, 300]) * DEG
    b = np.stack([1.5 * np.cos(gb), 1.5 * np.sin(gb), 0 * gb], axis=1)
    p = np.stack([0.75 * np.cos(gp), 0.75 * np.sin(gp), 0 * gp], axis=1)
    return b, p


def params(body: str, i: int) -> tuple:
    """Numeric values of StewartSymbols.parameter_symbols(body) for leg i."""
    if body == "platform":
        return (M_P, *I_P)
    b, p = layout()
    leg = (*b[i], *p[i])
    return {
        "cylinder_translation": (*leg, B_C, M_C),
        "cylinder_rotation": (*leg, *I_C),
        "piston_translation": (*leg, B_S, M_S),
        "piston_rotation": (*leg, *I_S),
    }[body]


def instances(body: str):
    return [0] if body == "platform" else range(6)


def twist_map(x: np.ndarray) -> np.ndarray:
    """T = blockdiag(E₃, J_A) (eqs. 9, 23)."""
    psi, theta = x[3], x[4]
    t = np.eye(6)
    t[3:, 3:] = [
        [0, -np.sin(psi), np.cos(theta) * np.cos(psi)],
        [0, np.cos(psi), np.cos(theta) * np.sin(psi)],
        [1, 0, -np.sin(theta)],
    ]
    return t


def test_layout_is_note_9_1():
    b, p = layout()
    np.testing.assert_allclose(b[0], [1.448889, 0.388229, 0], atol=1e-6)
    np.testing.assert_allclose(b[2], [-1.060660, 1.060660, 0], atol=1e-6)
    np.testing.assert_allclose(p[4], [0.375, -0.649519, 0], atol=1e-6)


@pytest.mark.scenario  # the note's operation-count tables, symbolic: the scenario tier
@pytest.mark.parametrize("method", ["gm", "gm_chain"])
def test_gm_matrices_reproduce_note_9_4(method, symbolic):
    """Σ_bodies V_b ẋ = V|_E ẋ of note §9.4 (6 decimals), from the generated expressions
    (GM by the rates of note §6.5 and by the chain rule)."""
    total = np.zeros(6)
    for body in oc.BODIES:
        f = oc.lambdify_body(body, method)
        for i in instances(body):
            total += f(X, XD, params(body, i)) @ XD
    np.testing.assert_allclose(total, V_E_XD, rtol=0, atol=1e-6)
    assert np.linalg.norm(total - V_E_XD) < 1e-5 * np.linalg.norm(V_E_XD) + 1e-6


@pytest.mark.scenario  # the note's operation-count tables, symbolic: the scenario tier
def test_kinetic_energy_of_the_mass_matrices_is_note_9_4(symbolic):
    """½ ẋᵀ Σ A_b ẋ = KE of note §9.4: the Lagrange route's A_b are the right bodies."""
    import sympy as sp

    s = oc.make_symbols()
    ke = 0.0
    for body in oc.BODIES:
        a = oc.lagrange_mass_matrix(body, s)
        f = sp.lambdify((*s.x, *s.parameter_symbols(body)), a, modules="numpy", cse=True)
        for i in instances(body):
            ke += 0.5 * XD @ np.asarray(f(*X, *params(body, i)), dtype=float) @ XD
    assert ke == pytest.approx(KE, rel=1e-6)


def check_gm_equals_lagrange(body: str, method: str = "gm") -> None:
    """Tᵀ V_b ẋ = C_b ẋ at the §9.4 state, for every instance of the body."""
    gm = oc.lambdify_body(body, method)
    lag = oc.lambdify_body(body, "lagrange")
    t = twist_map(X)
    for i in instances(body):
        v = gm(X, XD, params(body, i))
        c = lag(X, XD, params(body, i))
        lhs, rhs = t.T @ v @ XD, c @ XD
        scale = np.abs(rhs).max()
        assert scale > 1e-4, (body, i, rhs)  # a non-trivial term
        np.testing.assert_allclose(lhs, rhs, rtol=0, atol=1e-12 * max(scale, 1.0))
        if body == "platform":
            # a rigid body turning with ω = J_A ẋ_o: two different factorizations of one force
            assert np.abs(t.T @ v - c).max() > 1e-6
        else:
            # a point mass with J T = ∂p/∂x has the Christoffel matrix m (JT)ᵀ d/dt(JT) = Tᵀ V;
            # so has an axisymmetric leg (I_yy = I_zz, any I_xx; ω ⟂ l̂): KE = ½ I_t |l̂̇|², a
            # "point mass" on the unit sphere. The whole matrices agree, not only on ẋ.
            np.testing.assert_allclose(t.T @ v, c, rtol=0, atol=1e-14)


@pytest.mark.scenario  # the note's operation-count tables, symbolic: the scenario tier
@pytest.mark.parametrize("body", ["platform", "cylinder_translation", "cylinder_rotation"])
def test_lagrange_equals_gm_on_xd(body, symbolic):
    check_gm_equals_lagrange(body, "gm")


@pytest.mark.scenario  # the note's operation-count tables, symbolic: the scenario tier
def test_non_axisymmetric_leg_is_not_lagrangian(symbolic):
    """Note §6.10 (A23): with I_yy ≠ I_zz the paper's no-spin J_D and the frame {C_i} of eqs.
    49–52 disagree, and so do GM and Lagrange (the generated matrices show the caveat)."""
    gm = oc.lambdify_body("cylinder_rotation", "gm")
    lag = oc.lambdify_body("cylinder_rotation", "lagrange")
    t = twist_map(X)
    b, p = layout()
    prm = (*b[0], *p[0], 0.05, 0.1, 0.2)
    gap = np.abs(t.T @ gm(X, XD, prm) @ XD - lag(X, XD, prm) @ XD).max()
    assert gap > 1e-4 * np.abs(lag(X, XD, prm) @ XD).max()


@pytest.mark.scenario  # the note's operation-count tables, symbolic: the scenario tier
@pytest.mark.parametrize("body", ["platform", "cylinder_translation", "cylinder_rotation"])
@pytest.mark.parametrize("method", ["gm", "gm_chain"])
def test_v13_gm_count_below_lagrange(body, method, symbolic):
    """V13 (note §10): the GM Coriolis matrix costs fewer +, ×, ÷ than the Christoffel one."""
    gm = oc.body_opcount(body, method)["cse"]
    lag = oc.body_opcount(body, "lagrange")["cse"]
    assert gm["add"] < lag["add"] and gm["mul"] < lag["mul"], (gm, lag)
    assert gm["div"] <= lag["div"]
    assert gm["add"] + gm["mul"] > 100  # the counter saw real expressions


def test_counting_rules():
    import sympy as sp

    a, b, c, d = sp.symbols("a b c d", real=True)
    cnt = oc.count_operations([a * b + c - d], cse=False)
    assert (cnt["add"], cnt["mul"], cnt["div"]) == (2, 1, 0)
    cnt = oc.count_operations([-a * b / (c * d)], cse=False)  # negation free, one division
    assert (cnt["add"], cnt["mul"], cnt["div"]) == (0, 2, 1)
    cnt = oc.count_operations([a**3 + sp.sqrt(b) + sp.sin(c) / 2], cse=False)
    assert (cnt["add"], cnt["mul"], cnt["div"]) == (2, 3, 0)
    assert cnt["calls"] == {"sin": 1, "sqrt": 1}
    cnt = oc.count_operations([b ** sp.Rational(-3, 2)], cse=False)  # 1/(b·sqrt(b))
    assert (cnt["mul"], cnt["div"], cnt["calls"]) == (1, 1, {"sqrt": 1})
    e = (a + b) * c
    raw = oc.count_operations([e * d, e * a], cse=False)
    cse = oc.count_operations([e * d, e * a], cse=True)
    assert (raw["add"], raw["mul"]) == (2, 4)
    assert (cse["add"], cse["mul"], cse["temporaries"]) == (1, 3, 1)


@pytest.mark.scenario
def test_full_table(symbolic):
    """Every Table 1 row: GM below Lagrange after CSE, and Tᵀ V_b ẋ = C_b ẋ for every body."""
    for body in oc.BODIES:
        for method in ("gm", "gm_chain"):
            check_gm_equals_lagrange(body, method)
            gm = oc.body_opcount(body, method)["cse"]
            lag = oc.body_opcount(body, "lagrange")["cse"]
            assert gm["add"] < lag["add"] and gm["mul"] < lag["mul"], (body, gm, lag)
    rows = {m: {b: oc.body_opcount(b, m) for b in oc.BODIES} for m in oc.METHODS}
    lag_tot = oc.table_totals(rows["lagrange"])
    for method in ("gm", "gm_chain"):
        gm_tot = oc.table_totals(rows[method])
        assert gm_tot[0] < lag_tot[0] and gm_tot[1] < lag_tot[1]


def test_each_body_matches_the_numeric_gm_model():
    """Per body, off Table 2 (per-leg b_C, b_S, masses, axisymmetric inertias with I_xx ≠ 0, a
    non-planar joint layout) and off P2: Σ_legs V_b from the generated expressions equals the
    per-body V_b|_E of the package's NumPy model (dynamics.gm_terms, written separately from
    these symbols), as whole 6×6 matrices. The §9.4 check above only sees the sum of bodies."""
    from modyn_model.mechanisms.stewart import StewartParameters, gm_terms

    rng = np.random.default_rng(15)
    b, p = layout()
    b = b + rng.uniform(-0.05, 0.05, size=(6, 3))
    p = p + rng.uniform(-0.05, 0.05, size=(6, 3))
    it_c, it_s = rng.uniform(0.05, 0.15, 6), rng.uniform(0.05, 0.15, 6)
    prm = StewartParameters.lopes_table2(
        base_points=b,
        platform_points=p,
        platform_inertia=np.diag([0.2, 0.3, 0.4]),
        cylinder_mass=rng.uniform(0.3, 0.6, 6),
        cylinder_com=rng.uniform(0.2, 0.6, 6),
        cylinder_inertia=np.stack([rng.uniform(0.0, 0.05, 6), it_c, it_c], axis=1),
        piston_mass=rng.uniform(0.3, 0.6, 6),
        piston_com=rng.uniform(0.2, 0.6, 6),
        piston_inertia=np.stack([rng.uniform(0.0, 0.05, 6), it_s, it_s], axis=1),
    )
    x = X + rng.uniform(-0.05, 0.05, 6)
    xd = rng.uniform(-0.5, 0.5, 6)
    per_body = gm_terms(prm, x, xd)[3]

    def values(body: str, i: int) -> tuple:
        if body == "platform":
            return (prm.platform_mass, *np.diag(prm.platform_inertia))
        leg = (*prm.base_points[i], *prm.platform_points[i])
        return {
            "cylinder_translation": (*leg, prm.cylinder_com[i], prm.cylinder_mass[i]),
            "cylinder_rotation": (*leg, *prm.cylinder_inertia[i]),
            "piston_translation": (*leg, prm.piston_com[i], prm.piston_mass[i]),
            "piston_rotation": (*leg, *prm.piston_inertia[i]),
        }[body]

    for body in oc.BODIES:
        f = oc.lambdify_body(body, "gm")
        ours = sum(f(x, xd, values(body, i)) for i in instances(body))
        ref = per_body[body][1]
        assert np.abs(ref).max() > 1e-3, body
        np.testing.assert_allclose(ours, ref, rtol=0, atol=1e-12 * np.abs(ref).max(), err_msg=body)
