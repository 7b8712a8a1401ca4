"""Khalil's customized Newton-Euler on modified-DH chains (codegen/khalil_ne.py, issue 19).

What is checked against what
----------------------------
* Values: Γ of :func:`khalil_ne_scalar` on floats (the three forms of [7.56]), of the generated
  ``generate_khalil_rnea`` code (single call and batch) and of the base-parameter model
  ``generate_base_rnea`` (χ_b = K χ) equal Pinocchio's ``rnea`` (a Pinocchio model built here
  from the MDH table: joint placement Rot(x,α)Rot(z,θ), [d, −r sin α, r cos α], RZ / PZ joints,
  armature = Ia) to 1e-12 relative, on the RX-90 and on a random 6-joint MDH chain with two
  prismatic joints, general twist angles and θ / r offsets; with friction, against
  ``model.inverse_dynamics`` (Pinocchio has none).
* External wrenches and friction: ``khalil_ne_scalar`` = the reference recursion
  (``model.inverse_dynamics`` with ``f_ext``) to 1e-12 on a random chain with prismatic joints.
* Detection: the UR5's URDF frames are not MDH (generic RNEA); the Panda's are (Craig), and its
  base model then equals ``model.inverse_dynamics`` to 1e-12.
* Operation counts, RX-90 without friction, the four rows of Khalil's Table 7.6 (294/283,
  253/238, 202/153, 160/113): all four at or below the table, and equal to the measured
  values (docs/identification.md); with the standard parameters as symbols (inputs) the
  standard rows' additions are above the table, asserted as measured. The general 6R chain of Table 7.5's formula 92n − 127 /
  81n − 117 (425/369, r1 = d1 = α1 = r6 = 0, θ offsets 0, no Ia, gravity along z0): at or
  below, and as measured.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

from modyn_model import RobotModel
from modyn_model.codegen.algorithms import FloatOps
from modyn_model.codegen.base_model import base_zero_mask, generate_base_rnea
from modyn_model.codegen.khalil_ne import (
    MOMENT_FORMS,
    generate_khalil_rnea,
    khalil_ne_scalar,
    mdh_chain,
)
from modyn_model.identification import base_parameters, standard_parameters
from modyn_model.random_robot import random_inertia

NO_FRICTION = ("Fc", "Fv", "offset")
NAMES = ["XX", "XY", "XZ", "YY", "YZ", "ZZ", "MX", "MY", "MZ", "M"]


def _table(rng, sigmas, *, general_6r=False):
    """A random MDH chain (mapping for RobotModel.from_mdh), valid inertias about O_j."""
    frames = []
    n = len(sigmas)
    for j, sigma in enumerate(sigmas):
        m, ig = random_inertia(rng)
        c = rng.uniform(-0.1, 0.1, 3)
        jo = ig + m * (c @ c * np.eye(3) - np.outer(c, c))  # Huygens, about O_j
        alpha = rng.uniform(-np.pi, np.pi)
        d, r = rng.uniform(0.05, 0.4, 2)
        theta = 0.0 if general_6r else rng.uniform(-1.0, 1.0)
        if general_6r and j == 0:
            alpha = d = r = 0.0
        if general_6r and j == n - 1:
            r = 0.0
        values = (jo[0, 0], jo[0, 1], jo[0, 2], jo[1, 1], jo[1, 2], jo[2, 2], *(m * c), m)
        frames.append(
            {
                "sigma": sigma,
                "alpha": float(alpha),
                "d": float(d),
                "theta": float(theta),
                "r": float(r),
                "inertia": {k: float(x) for k, x in zip(NAMES, values, strict=True)},
                "extras": {
                    "rotor_inertia": float(rng.uniform(0.1, 1.0)),
                    "viscous": float(rng.uniform(0.1, 2.0)),
                    "coulomb": float(rng.uniform(0.1, 2.0)),
                },
            }
        )
    # gravity off z0 (any direction) for the value checks; along z0 for Khalil's general robot
    gravity = [0.0, 0.0, -9.81] if general_6r else [0.3, -0.5, -9.81]
    return {"name": "random_mdh", "gravity": gravity, "frames": frames}


def _pinocchio(pin, table):
    """Pinocchio model of an MDH table, built joint by joint (independent of modyn's builder)."""
    pm = pin.Model()
    parent = 0
    for j, fr in enumerate(table["frames"]):
        al, d, th, r = fr["alpha"], fr["d"], fr["theta"], fr["r"]
        ca, sa, ct, st = math.cos(al), math.sin(al), math.cos(th), math.sin(th)
        rot_x = np.array([[1, 0, 0], [0, ca, -sa], [0, sa, ca]])
        rot_z = np.array([[ct, -st, 0], [st, ct, 0], [0, 0, 1]])
        if fr["sigma"] == 0:
            placement = pin.SE3(rot_x @ rot_z, np.array([d, -r * sa, r * ca]))
            joint = pin.JointModelRZ()
        else:  # prismatic: θ is constant, r is the offset of q
            placement = pin.SE3(rot_x @ rot_z, np.array([d, -r * sa, r * ca]))
            joint = pin.JointModelPZ()
        parent = pm.addJoint(parent, joint, placement, f"j{j}")
        p = fr["inertia"]
        m = p["M"]
        c = np.array([p["MX"], p["MY"], p["MZ"]]) / m
        jo = np.array(
            [[p["XX"], p["XY"], p["XZ"]], [p["XY"], p["YY"], p["YZ"]], [p["XZ"], p["YZ"], p["ZZ"]]]
        )
        ig = jo - m * (c @ c * np.eye(3) - np.outer(c, c))
        pm.appendBodyToJoint(parent, pin.Inertia(m, c, ig), pin.SE3.Identity())
    pm.armature = np.array([fr["extras"]["rotor_inertia"] for fr in table["frames"]])
    pm.gravity.linear = np.array(table.get("gravity", [0.0, 0.0, -9.81]), float)
    return pm


def _rx90_table():
    import yaml

    from modyn_model.mdh import EXAMPLES

    table = yaml.safe_load((EXAMPLES / "rx90.yaml").read_text())
    for fr in table["frames"]:
        for k in ("alpha", "d", "theta", "r"):
            fr[k] = {"pi/2": math.pi / 2, "-pi/2": -math.pi / 2}.get(fr[k], fr[k])
            fr[k] = float(fr[k])
    return table


def _rel(got, want):
    return float((np.abs(np.asarray(got) - want) / np.maximum(1.0, np.abs(want))).max())


@pytest.mark.parametrize("name", ["rx90", "random_prismatic"])
def test_khalil_ne_equals_pinocchio(name):
    pin = pytest.importorskip("pinocchio")
    rng = np.random.default_rng(11)
    table = _rx90_table() if name == "rx90" else _table(rng, [0, 1, 0, 0, 1, 0])
    model = RobotModel.from_mdh(table)
    chain = mdh_chain(model)
    assert chain is not None
    assert [row.sigma for row in chain] == [fr["sigma"] for fr in table["frames"]]
    pm = _pinocchio(pin, table)
    pd = pm.createData()
    q, v, a = (rng.uniform(-lim, lim, (20, model.n)) for lim in (np.pi, 3.0, 10.0))
    ref = np.array([pin.rnea(pm, pd, q[i], v[i], a[i]).copy() for i in range(20)])
    for form in MOMENT_FORMS:
        got = [
            khalil_ne_scalar(
                model, chain, *(x[i].tolist() for x in (q, v, a)), FloatOps,
                friction=False, moment=form,
            )
            for i in range(20)
        ]  # fmt: skip
        assert _rel(got, ref) <= 1e-12, (name, form, _rel(got, ref))
    fn = generate_khalil_rnea(model, friction=False)
    single = [fn(q[i].tolist(), v[i].tolist(), a[i].tolist()) for i in range(3)]
    assert _rel(single, ref[:3]) <= 1e-12
    assert _rel(fn.batch(q, v, a), ref) <= 1e-12
    # with friction, against the project's Newton-Euler (checked against Pinocchio elsewhere)
    with_friction = generate_khalil_rnea(model)
    assert _rel(with_friction.batch(q, v, a), model.inverse_dynamics(q, v, a)) <= 1e-12
    # the base-parameter model (which uses khalil_ne for MDH chains) on the same states
    bp = base_parameters(model, exclude=NO_FRICTION)
    base = generate_base_rnea(model, bp, friction=False, offset=False)
    chi_b = bp.base_values(standard_parameters(model))
    got = base.batch(q, v, a, np.broadcast_to(chi_b, (20, bp.rank)))
    assert _rel(got, ref) <= 1e-12, _rel(got, ref)


def test_external_wrenches_friction_and_bad_form():
    """f_ext [7.58]/[7.60] and friction against the reference recursion (rnea with f_ext)."""
    rng = np.random.default_rng(3)
    model = RobotModel.from_mdh(_table(rng, [0, 1, 0, 1, 0]))
    chain = mdh_chain(model)
    q, v, a = (rng.uniform(-lim, lim, (5, model.n)) for lim in (np.pi, 3.0, 10.0))
    wrenches = rng.normal(scale=5.0, size=(5, model.n, 6))
    want = model.inverse_dynamics(q, v, a, wrenches)
    for form in MOMENT_FORMS:
        got = [
            khalil_ne_scalar(
                model, chain, *(x[i].tolist() for x in (q, v, a)), FloatOps, moment=form,
                f_ext=wrenches[i].tolist(),
            )
            for i in range(5)
        ]  # fmt: skip
        assert _rel(got, want) <= 1e-12, (form, _rel(got, want))
    with pytest.raises(ValueError, match="moment must be one of"):
        khalil_ne_scalar(model, chain, *(x[0].tolist() for x in (q, v, a)), FloatOps, moment="x")


def test_panda_urdf_is_an_mdh_chain_and_its_base_model_is_exact(erd_path):
    """The Panda URDF's frames are modified-DH (Craig): the base model goes through khalil_ne."""
    panda = RobotModel.from_urdf(
        erd_path("panda_description/urdf/panda.urdf"),
        locked_joints=("panda_finger_joint1", "panda_finger_joint2"),
    )
    chain = mdh_chain(panda)
    assert chain is not None and len(chain) == 7
    bp = base_parameters(panda, exclude=NO_FRICTION)
    fn = generate_base_rnea(panda, bp, friction=False, offset=False)
    rng = np.random.default_rng(5)
    q, v, a = (rng.uniform(-lim, lim, (20, panda.n)) for lim in (np.pi, 3.0, 10.0))
    chi_b = bp.base_values(standard_parameters(panda))
    got = fn.batch(q, v, a, np.broadcast_to(chi_b, (20, bp.rank)))
    want = panda.inverse_dynamics(q, v, a, friction=False)  # the generic generated RNEA
    assert _rel(got, want) <= 1e-12, _rel(got, want)


def test_urdf_model_is_not_an_mdh_chain(erd_path):
    ur5 = RobotModel.from_urdf(erd_path("ur_description/urdf/ur5_robot.urdf"))
    assert mdh_chain(ur5) is None
    with pytest.raises(ValueError, match="not a modified-DH serial chain"):
        generate_khalil_rnea(ur5)


def test_rx90_counts_against_table_7_6():
    model = RobotModel.from_mdh("rx90")
    rng = np.random.default_rng(0)
    dense = model.with_parameters(inertial_parameters=1.0 + rng.random((model.n, 10)))
    gen_std = generate_khalil_rnea(dense, friction=False).counts
    simp_std = generate_khalil_rnea(model, friction=False).counts
    bp = base_parameters(model, exclude=NO_FRICTION)
    gen_base = generate_base_rnea(model, bp, friction=False, offset=False).counts
    zero = base_zero_mask(bp, standard_parameters(model))
    simp_base = generate_base_rnea(model, bp, zero=zero, friction=False, offset=False).counts
    # Table 7.6: general 294/283 standard, 253/238 base; simplified 202/153, 160/113
    assert gen_std["mul"] <= 294 and gen_std["add"] <= 283, gen_std
    assert gen_base["mul"] <= 253 and gen_base["add"] <= 238, gen_base
    assert simp_std["mul"] <= 202 and simp_std["add"] <= 153, simp_std
    assert simp_base["mul"] <= 160 and simp_base["add"] <= 113, simp_base
    # measured (docs/identification.md); a change of the generator shows up here
    assert (gen_std["mul"], gen_std["add"]) == (290, 277), gen_std
    assert (gen_base["mul"], gen_base["add"]) == (251, 237), gen_base
    assert (simp_std["mul"], simp_std["add"]) == (186, 141), simp_std
    assert (simp_base["mul"], simp_base["add"]) == (151, 109), simp_base
    # the literal [7.56] (J ω̇, J ω, cross product) is the previous generator's count
    literal = generate_khalil_rnea(dense, friction=False, moment="literal").counts
    assert (literal["mul"], literal["add"]) == (334, 288), literal
    assert gen_base["div"] == simp_base["div"] == 0
    # standard parameters as symbols (inputs, as in Khalil's symbolic model) instead of numbers:
    # the parameter-only sums such as ZZ − YY are then counted; the adds are ABOVE Table 7.6
    chi = standard_parameters(model).reshape(model.n, -1)
    symbolic_gen = _symbolic_standard_counts(model, np.ones((model.n, 10), bool))
    symbolic_simp = _symbolic_standard_counts(model, chi[:, :10] != 0.0)
    assert (symbolic_gen["mul"], symbolic_gen["add"]) == (292, 292), symbolic_gen
    assert (symbolic_simp["mul"], symbolic_simp["add"]) == (198, 160), symbolic_simp


def _symbolic_standard_counts(model, nonzero):
    """Counts of the best form with the nonzero standard parameters and Ia as inputs."""
    from modyn_model.codegen.algorithms import trace_inputs
    from modyn_model.codegen.base_model import _SymbolicParameters
    from modyn_model.codegen.generate import _TraceOps
    from modyn_model.codegen.tracer import Tracer

    best = None
    for form in MOMENT_FORMS:
        tracer = Tracer()
        q, v, a = (trace_inputs(tracer, model.n, x, True) for x in "qva")
        rows = np.zeros((model.n, 14), dtype=object)
        rows[:] = 0.0
        for j in range(model.n):
            for i in range(10):
                if nonzero[j, i]:
                    rows[j, i] = tracer.input(f"chi{j}_{i}")
            rows[j, 10] = tracer.input(f"ia{j}")
        params = _SymbolicParameters(model, rows)
        tau = khalil_ne_scalar(
            params, mdh_chain(model), q, v, a, _TraceOps(tracer), friction=False, moment=form
        )
        counts = tracer.program(tau).counts
        if best is None or (counts["mul"], counts["add"]) < (best["mul"], best["add"]):
            best = counts
    return best


def test_general_6r_chain_count():
    """Table 7.5: general 6R robot on base parameters, 92n − 127 / 81n − 117 = 425 / 369."""
    model = RobotModel.from_mdh(_table(np.random.default_rng(7), [0] * 6, general_6r=True))
    bp = base_parameters(model, exclude=(*NO_FRICTION, "Ia"))
    assert bp.rank == 36  # ZZ1R and 7 per link for links 2..6
    counts = generate_base_rnea(model, bp, friction=False, offset=False).counts
    assert counts["mul"] <= 425 and counts["add"] <= 369, counts
    assert (counts["mul"], counts["add"]) == (395, 335), counts  # measured
