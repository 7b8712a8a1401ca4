"""The customized inverse model on the base parameters (Khalil §7.5.2 with §7.5.3).

What is checked against what
----------------------------
* Γ(q, q̇, q̈, χ_b) of the generated code = ``model.inverse_dynamics`` (Newton-Euler with Ia and
  Fc/Fv friction) to 1e-12 relative, single call and batch, on the RX-90 and the UR5 (URDF
  frames), with χ_b = K χ of the model's own standard parameters; and = W_b χ_b for random χ_b.
* Operation counts on the RX-90 against Khalil's Table 7.6 (no friction): with simplified
  inertial parameters (the zero base parameters of the symmetric links folded away) at or below
  160 mult / 113 add; with general parameters the base model saves at least 40 multiplications
  on the standard-parameter one of the same generator (Table 7.6: 294 → 253, i.e. 41). The
  measured numbers are in docs/identification.md.
"""

from __future__ import annotations

import numpy as np
import pytest

from modyn_model import RobotModel
from modyn_model.codegen import generate_rnea
from modyn_model.codegen.base_model import base_zero_mask, generate_base_rnea
from modyn_model.identification import base_parameters, regressor, standard_parameters

NO_FRICTION = ("Fc", "Fv", "offset")


def _models(erd_path):
    return {
        "rx90": RobotModel.from_mdh("rx90"),
        "ur5": RobotModel.from_urdf(erd_path("ur_description/urdf/ur5_robot.urdf")),
    }


@pytest.mark.parametrize("name", ["rx90", "ur5"])
def test_base_model_is_the_inverse_dynamics(erd_path, name):
    model = _models(erd_path)[name]
    if name == "ur5":  # give it rotor inertia and friction to regroup
        extras = [e.merged(rotor_inertia=0.3, coulomb=2.0, viscous=1.5) for e in model.extras]
        model = model.with_parameters(extras=extras)
    bp = base_parameters(model)
    fn = generate_base_rnea(model, bp)
    chi_b = bp.base_values(standard_parameters(model))
    rng = np.random.default_rng(2)
    q, v, a = (rng.uniform(-lim, lim, (25, model.n)) for lim in (np.pi, 3.0, 10.0))
    ref = model.inverse_dynamics(q, v, a)
    single = np.array(
        [fn(q[i].tolist(), v[i].tolist(), a[i].tolist(), chi_b.tolist()) for i in range(3)]
    )
    batch = fn.batch(q, v, a, np.broadcast_to(chi_b, (25, bp.rank)))
    for got, want in ((single, ref[:3]), (batch, ref)):
        err = np.abs(got - want) / np.maximum(1.0, np.abs(want))
        assert err.max() <= 1e-12, f"{name}: {err.max():.2e}"
    other = rng.normal(size=bp.rank)  # any base values: the code is W_b χ_b
    want = bp.project(regressor(model, q, v, a)) @ other
    got = fn.batch(q, v, a, np.broadcast_to(other, (25, bp.rank)))
    np.testing.assert_allclose(got, want, rtol=1e-12, atol=1e-12)


def test_rx90_operation_counts_against_table_7_6():
    model = RobotModel.from_mdh("rx90")
    bp = base_parameters(model, exclude=NO_FRICTION)
    general = generate_base_rnea(model, bp, friction=False, offset=False).counts
    zero = base_zero_mask(bp, standard_parameters(model))
    assert 0 < zero.sum() < bp.rank
    simplified = generate_base_rnea(model, bp, zero=zero, friction=False, offset=False).counts
    # Table 7.6, base parameters, simplified inertial parameters: 160 mult, 113 add
    assert simplified["mul"] <= 160 and simplified["add"] <= 113, simplified
    # the standard-parameter model of the same generator with general (all non-zero) inertias
    rng = np.random.default_rng(0)
    dense = model.with_parameters(inertial_parameters=1.0 + rng.random((model.n, 10)))
    standard = generate_rnea(dense, friction=False).counts
    assert standard["mul"] - general["mul"] >= 40, (standard, general)
    assert standard["add"] - general["add"] >= 45, (standard, general)
    assert general["div"] == simplified["div"] == 0
