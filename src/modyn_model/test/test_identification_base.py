"""Base inertial parameters: numerically (QR-like greedy elimination on stacked regressors) and
by Khalil's closed-form grouping rules, which must agree.

What is checked against what
----------------------------
* RX-90 (Khalil's table): 40 base parameters of 66 (10 inertial + Ia per link), 36 of 60 without
  Ia — the counts of research note seed-003 §3.8 — and 58 of 84 with Fc, Fv and offset (each
  independent: +3 per joint). The regroupings of §3.8: Ia1 and Ia2 grouped with ZZ1 and ZZ2;
  link 1 all but ZZ1 without effect; MZ2 and M2 without effect. Khalil's published RX-90
  relations (ZZ1R = ZZ1 + Ia1 + YY2 + YY3 + D3²(M3 + M4 + M5 + M6), XX2R = XX2 − YY2 − D3²(...),
  MX2R = MX2 + D3 (M3 + ... + M6), with D3 = 0.45 m) appear verbatim.
* The rules and the numerical method give the same rank, the same kept columns, the same K
  (to 1e-12) and the same relation texts, on the RX-90 and on 45 random modified-DH chains
  (all-revolute with α ∈ {0, ±π/2}, generic α, and Stanford-like chains with prismatic joints
  after joint 2).
* W χ = W_b (K χ) on states the base set was not computed from (RX-90, UR5, Panda, a random tree):
  the definition of a base parameter set, independent of how it was found.
"""

from __future__ import annotations

import numpy as np
import pytest

from modyn_model import RobotModel, StateError, UnsupportedError
from modyn_model.identification import (
    N_STANDARD,
    base_parameters,
    grouping_rules,
    regressor,
    standard_parameters,
)
from modyn_model.inertia import PARAMETER_NAMES
from modyn_model.inertia import standard_parameters as from_com
from modyn_model.random_robot import random_inertia, random_urdf

FRICTION = ("Fc", "Fv", "offset")
NO_IA = ("Ia", *FRICTION)


def random_mdh(
    seed: int,
    n: int,
    *,
    prismatic: float = 0.0,
    generic_alpha: bool = False,
    stanford: bool = False,
) -> RobotModel:
    """A random modified-DH serial chain: α from {0, ±π/2} (or any, ``generic_alpha``), d and r
    zero 30 % of the time, random valid links; ``stanford``: joint 2 ⟂ joint 1 and prismatic
    joints (probability ``prismatic``) only from joint 3 on."""
    rng = np.random.default_rng(seed)
    frames = []
    for j in range(n):
        first_prismatic = 2 if stanford else 1
        sigma = 1 if (j >= first_prismatic and rng.random() < prismatic) else 0
        choices = [0.0, np.pi / 2, -np.pi / 2] + ([rng.uniform(-3, 3)] if generic_alpha else [])
        alpha = np.pi / 2 if (stanford and j == 1) else float(rng.choice(choices))
        d = 0.0 if rng.random() < 0.3 else float(rng.uniform(-0.5, 0.5))
        r = 0.0 if rng.random() < 0.3 else float(rng.uniform(-0.5, 0.5))
        theta = 0.0 if rng.random() < 0.5 else float(rng.uniform(-3, 3))
        mass, ig = random_inertia(rng)
        p = from_com(mass, rng.normal(scale=0.1, size=3), ig)
        frames.append(
            {
                "sigma": sigma,
                "alpha": alpha,
                "d": d,
                "r": r,
                "theta": theta,
                "inertia": dict(zip(PARAMETER_NAMES, map(float, p), strict=True)),
                "extras": {"rotor_inertia": 0.1, "viscous": 1.0, "coulomb": 1.0},
            }
        )
    return RobotModel.from_mdh({"name": f"mdh{seed}", "frames": frames})


def _terms(relation: str) -> list[str]:
    return [t.split("*")[-1] for t in relation.replace(" - ", " + ").split(" + ")]


def assert_same(num, rules, what):
    assert num.rank == rules.rank, f"{what}: rank {num.rank} (numerical) vs {rules.rank} (rules)"
    assert num.names == rules.names, f"{what}: {set(num.names) ^ set(rules.names)}"
    np.testing.assert_array_equal(num.base_indices, rules.base_indices)
    err = np.abs(num.K - rules.K).max()
    assert err <= 1e-12, f"{what}: K differs by {err:.2e}"
    # same relations: the same terms (the coefficients are K, compared above)
    assert [_terms(r) for r in num.relations] == [_terms(r) for r in rules.relations], what
    assert num.no_effect == rules.no_effect, what


@pytest.fixture(scope="module")
def rx90():
    return RobotModel.from_mdh("rx90")


@pytest.mark.parametrize(
    ("exclude", "rank", "considered"), [(FRICTION, 40, 66), (NO_IA, 36, 60), ((), 58, 84)]
)
def test_rx90_counts_numerically_and_by_rules(rx90, exclude, rank, considered):
    num = base_parameters(rx90, exclude=exclude)
    rules = grouping_rules(rx90, exclude=exclude)
    assert int(num.considered.sum()) == considered
    assert num.rank == rank
    assert_same(num, rules, f"rx90 without {exclude}")
    assert num.K.shape == (rank, N_STANDARD * rx90.n)


@pytest.mark.parametrize("method", [base_parameters, grouping_rules])
def test_rx90_regroupings_of_the_note(rx90, method):
    bp = method(rx90, exclude=FRICTION)
    link1 = [f"{f}1" for f in PARAMETER_NAMES if f != "ZZ"]
    assert set(bp.no_effect) == set(link1) | {"MZ2", "M2"}
    relations = {r.split(" = ")[0]: r for r in bp.relations}
    assert "Ia1" in relations["ZZ1R"].split(" = ")[1].split(" + ")
    assert "Ia2" in relations["ZZ2R"].split(" = ")[1].split(" + ")
    assert not any(nm.startswith(("Ia1", "Ia2")) for nm in bp.names)
    assert {"Ia3", "Ia4", "Ia5", "Ia6"} <= set(bp.names)  # identifiable alone
    # Khalil's RX-90 base parameters (D3 = 0.45 m, RL4 = 0.45 m)
    assert relations["ZZ1R"] == (
        "ZZ1R = ZZ1 + Ia1 + YY2 + YY3 + 0.2025*M3 + 0.2025*M4 + 0.2025*M5 + 0.2025*M6"
    )
    assert relations["XX2R"] == "XX2R = XX2 - YY2 - 0.2025*M3 - 0.2025*M4 - 0.2025*M5 - 0.2025*M6"
    assert relations["MX2R"] == "MX2R = MX2 + 0.45*M3 + 0.45*M4 + 0.45*M5 + 0.45*M6"
    assert relations["MY3R"] == "MY3R = MY3 + MZ4 + 0.45*M4 + 0.45*M5 + 0.45*M6"


def _chains():
    out = []
    for seed in range(15):
        out.append(("revolute", seed, random_mdh(seed, 2 + seed % 6)))
        out.append(("generic-alpha", seed, random_mdh(seed, 2 + seed % 6, generic_alpha=True)))
        out.append(("stanford", seed, random_mdh(seed, 3 + seed % 5, prismatic=0.6, stanford=True)))
    return out


def test_rules_agree_with_numbers_on_random_chains():
    chains = _chains()
    assert sum(bool(np.any(m.sigma == 1)) for _, _, m in chains) >= 10  # prismatic ones too
    for kind, seed, model in chains:
        for exclude in ((), NO_IA):
            num = base_parameters(model, exclude=exclude, seed=seed, samples=40)
            assert_same(num, grouping_rules(model, exclude=exclude), f"{kind} {seed} {exclude}")


def _robots(erd_path):
    locked = ("panda_finger_joint1", "panda_finger_joint2")
    return {
        "rx90": RobotModel.from_mdh("rx90"),
        "ur5": RobotModel.from_urdf(erd_path("ur_description/urdf/ur5_robot.urdf")),
        "panda": RobotModel.from_urdf(
            erd_path("panda_description/urdf/panda.urdf"), locked_joints=locked
        ),
        "tree": RobotModel.from_urdf(random_urdf(4, 7, tree=True, prismatic=True, fixed=True)),
    }


@pytest.mark.parametrize("name", ["rx90", "ur5", "panda", "tree"])
def test_base_regressor_reproduces_the_torques(erd_path, name):
    model = _robots(erd_path)[name]
    bp = base_parameters(model, seed=1)
    rng = np.random.default_rng(99)  # other states than the ones bp came from
    q = rng.uniform(-np.pi, np.pi, (30, model.n))
    v = rng.uniform(-3, 3, (30, model.n))
    a = rng.uniform(-10, 10, (30, model.n))
    w = regressor(model, q, v, a)
    for chi in (standard_parameters(model), rng.normal(size=N_STANDARD * model.n)):
        tau = w @ chi
        tau_b = bp.project(w) @ bp.base_values(chi)
        err = np.abs(tau_b - tau) / np.maximum(1.0, np.abs(tau))
        assert err.max() <= 1e-9, f"{name}: {err.max():.2e}"
    # the base columns are independent: full column rank, and a standard vector rebuilt from
    # χ_b gives the same torques
    assert np.linalg.matrix_rank(bp.project(w).reshape(-1, bp.rank)) == bp.rank
    chi = standard_parameters(model)
    rebuilt = bp.standard_from_base(bp.base_values(chi))
    np.testing.assert_allclose(bp.base_values(rebuilt), bp.base_values(chi), rtol=0, atol=1e-12)


def test_out_of_scope_and_bad_input(erd_path, rx90):
    tree = RobotModel.from_urdf(random_urdf(4, 5, tree=True, prismatic=False, fixed=False))
    if np.any(tree.parents != np.arange(tree.n) - 1):
        with pytest.raises(UnsupportedError, match="serial"):
            grouping_rules(tree)
    ur5 = RobotModel.from_urdf(erd_path("ur_description/urdf/ur5_robot.urdf"))
    if not np.allclose(ur5.axes, (0, 0, 1)):
        with pytest.raises(UnsupportedError, match="along z"):
            grouping_rules(ur5)
    early = random_mdh(36, 2, prismatic=1.0)
    with pytest.raises(UnsupportedError, match="prismatic joint"):
        grouping_rules(early)
    base_parameters(early)  # the numerical method has no such limit
    with pytest.raises(StateError, match="unknown standard field"):
        base_parameters(rx90, exclude=("Iaa",))
    with pytest.raises(StateError, match="samples"):
        base_parameters(rx90, samples=1)
