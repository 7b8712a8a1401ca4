"""Free floating (issue 18, step 3; note §10.2, §11): the base-only analytic solution, the
momentum and energy balances of the base + iiwa under the §5.1 base load, and the note's §5.1
table (EE and base positions at t = 1..10 s).

Assumptions (note §11, §14): iiwa_link_0 at (0, 0, 0.15) m on the base, massless; Table 5
inertias about the link origins (config/mechanisms/space_iiwa.yaml); no gravity; the load of
eq. (50), F_b = T_b = sin t·[1, 2, 3] (N, N·m) in base axes at the base CoM (= its origin);
passive joints; everything at rest at t = 0. Integrators: SciPy DOP853, rtol 1e-11, atol 1e-12
(the note's) for the arm; the Lie-group RKMK4 (fixed h = 0.02 s) for the base alone.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from modyn_model import load_model
from modyn_model.dualquat import DQ_IDENTITY, dqfrom_pose, dqmul, dqnorm, dqtranslation
from modyn_model.mechanisms.space import simulate as sm
from modyn_model.mechanisms.space.chain import DQChain
from modyn_model.mechanisms.space.parameters import BASE_INERTIA, BASE_MASS
from modyn_model.mechanisms.space.recursion import link_poses

YAML = Path(__file__).resolve().parents[3] / "config" / "mechanisms" / "space_iiwa.yaml"
DIR = np.array([1.0, 2.0, 3.0])

# note §11, the §5.1 scenario: t, EE x y z, base x y z (m)
TABLE = np.array(
    [
        [0, 0, 0, 1.456000, 0, 0, 0],
        [1, 0.000108, -0.014371, 1.455555, -0.015818, 0.012394, 0.015428],
        [2, 0.000574, -0.086399, 1.408004, -0.027528, -0.007665, 0.123133],
        [3, 0.009073, -0.175384, 1.462829, 0.055738, 0.059198, 0.238940],
        [4, -0.006156, -0.248562, 1.500887, 0.041749, 0.148312, 0.369980],
        [5, -0.046208, -0.318307, 1.346136, 0.038217, 0.131124, 0.485852],
        [6, -0.037247, -0.235462, 1.029513, 0.100906, 0.112157, 0.524442],
        [7, 0.038847, 0.100782, 0.846353, 0.148955, 0.137795, 0.561625],
        [8, 0.131173, 0.498589, 0.897371, 0.124930, 0.146746, 0.704212],
        [9, -0.239873, 0.200992, 1.045966, 0.084354, 0.034421, 0.810569],
        [10, -0.088403, -0.099962, 0.891284, 0.103035, -0.002205, 0.919191],
    ]
)


def _load(n_dof):
    def load(t, qb, th, nu):
        g = np.zeros(n_dof)
        g[0:3] = np.sin(t) * DIR  # T_b
        g[3:6] = np.sin(t) * DIR  # F_b
        return g

    return load


def test_base_only_analytic_at_10s():
    """Isotropic base: the axis n = [1,2,3]/√14 stays fixed; φ = √14 (t − sin t)/0.405,
    r = [1,2,3](t − sin t)/27 (note §11); the RKMK4 solution matches to 1e-8."""
    params = [BASE_INERTIA, 0, 0, BASE_INERTIA, 0, BASE_INERTIA, 0, 0, 0, BASE_MASS]
    chain = DQChain.rigid_body(params)
    qb, _, _ = sm.simulate_lie(chain, DQ_IDENTITY, np.zeros(0), np.zeros(6), 0.02, 500, _load(6))
    t = 10.0
    n = DIR / np.sqrt(14.0)
    phi = np.sqrt(14.0) * (t - np.sin(t)) / BASE_INERTIA
    q_ref = np.r_[np.cos(phi / 2), np.sin(phi / 2) * n]
    r_ref = DIR * (t - np.sin(t)) / BASE_MASS
    q = qb[:4] * np.sign(qb[0] * q_ref[0])
    assert np.abs(q - q_ref).max() < 1e-8
    assert np.abs(dqtranslation(qb) - r_ref).max() < 1e-8
    np.testing.assert_allclose(dqnorm(qb), [1.0, 0.0], atol=1e-14)  # stays on the group
    # the note's printed values
    np.testing.assert_allclose(r_ref, [0.390519, 0.781039, 1.171558], atol=5.1e-7)
    np.testing.assert_allclose(q_ref, [0.011628, -0.267243, -0.534486, -0.801730], atol=5.1e-7)


@pytest.fixture(scope="module")
def run():
    model = load_model(YAML)
    chain = model.chain
    out = sm.simulate(chain, DQ_IDENTITY, np.zeros(7), np.zeros(13), np.arange(11.0), _load(13))
    return chain, out


def test_free_floating_momentum_and_energy_balance(run):
    """P − ∫F dt, H_O − ∫(r_B × R F + R T) dt (world) and KE − ∫Γ·ν dt below 1e-9 over
    10 s (note §11)."""
    chain, out = run
    worst_p = worst_e = 0.0
    for k in range(len(out["t"])):
        args = (out["qhat"][k], out["theta"][k], out["nu"][k])
        worst_p = max(worst_p, np.abs(sm.momentum(chain, *args) - out["impulse"][k]).max())
        worst_e = max(worst_e, abs(sm.kinetic_energy(chain, *args) - out["work"][k]))
    assert worst_p < 1e-9, worst_p
    assert worst_e < 1e-9, worst_e
    # and the motion is not trivial: the momentum grew to O(1)
    assert np.abs(out["impulse"]).max() > 1.0
    np.testing.assert_allclose(dqnorm(out["qhat_raw"])[:, 0], 1.0, atol=1e-9)


def test_section_5_1_table(run):
    """EE (iiwa_link_ee) and base positions at t = 0..10 s = the note's table (printed to
    6 decimals; the note's own RK45/DOP853 agreement is ≈ 1e-6 m)."""
    chain, out = run
    ee = dqfrom_pose([1.0, 0, 0, 0], [0.0, 0.0, 0.045])  # iiwa_link_7 → iiwa_link_ee
    got = np.array(
        [
            np.r_[
                dqtranslation(dqmul(link_poses(chain, out["qhat"][k], out["theta"][k])[0], ee)),
                dqtranslation(out["qhat"][k]),
            ]
            for k in range(11)
        ]
    )
    err = np.abs(got - TABLE[:, 1:]).max()
    assert err < 1e-6, err
    np.testing.assert_allclose(
        out["theta"][-1],
        [-71.0624, -4.3349, -2.5817, 2.3510, 3.4392, -1.2789, -0.1607],
        atol=5.1e-5,
    )


def test_lie_group_rk4_converges_at_fourth_order_on_the_arm(run):
    """The analogue of the paper's Fig. 9 (error against step size) for the fixed-step RKMK4
    on base + arm under the same load over 2 s: the final base pose and joint angles approach
    the DOP853 (rtol 1e-11) solution ≈ 16× per halving of h."""
    chain, _ = run
    ref = sm.simulate(chain, DQ_IDENTITY, np.zeros(7), np.zeros(13), [0.0, 2.0], _load(13))
    errs = []
    for h in (0.04, 0.02):
        qb, th, _ = sm.simulate_lie(
            chain, DQ_IDENTITY, np.zeros(7), np.zeros(13), h, int(round(2.0 / h)), _load(13)
        )
        errs.append(max(np.abs(qb - ref["qhat"][-1]).max(), np.abs(th - ref["theta"][-1]).max()))
    assert errs[1] < 5e-6, errs  # measured 1.7e-6 at h = 0.02 s (2.4e-5 at 0.04 s)
    assert errs[0] / errs[1] > 12.0, errs
