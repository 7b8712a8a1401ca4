"""The generated regressor compiled to C (issue 21) against the identification's numpy one.

What is checked against what
----------------------------
1. RX-90 (Khalil's MDH table), UR5, Panda (fingers locked) and a random tree with prismatic,
   fixed and arbitrary-axis joints: the compiled W(q, q̇, q̈) (n × 14n), one C loop over a batch
   (some q̇ exactly 0, where sign(q̇) = 0) and one state, equals the readable numpy regressor
   (:func:`regressor` under ``MODYN_CODEGEN=python``) to 1e-12 relative; and, independently of
   that implementation, W χ equals the model's inverse dynamics (Newton-Euler, rotor inertia,
   Fc sign(q̇) + Fv q̇ friction) to 1e-12 relative.
2. The base regressor generated on the base columns alone (RX-90, Panda) equals the projection
   of the reference to 1e-12, is written into a preallocated output, and identification on it
   (:func:`identify_base`) gives the estimate of the numpy path (synthetic torques of the
   robot's own parameters: the estimate equals K χ).
3. Dispatch: ``MODYN_CODEGEN=python`` and ``auto`` below :data:`LOAD_FROM` samples run the
   reference; no compiler with ``c`` raises, with ``auto`` runs the reference; bad columns
   are named.
"""

from __future__ import annotations

import numpy as np
import pytest

from modyn_model import RobotModel
from modyn_model.codegen import regressor as creg
from modyn_model.identification import (
    N_STANDARD,
    base_parameters,
    base_regressor,
    identify_base,
    regressor,
    standard_parameters,
)
from modyn_model.random_robot import random_urdf

pytestmark = pytest.mark.usefixtures("compiled_codegen")


def _tree() -> RobotModel:
    """A random 5-joint tree with rotor inertia and Coulomb + viscous friction."""
    xml = random_urdf(4, 5, tree=True)
    rng = np.random.default_rng(4)
    names = RobotModel.from_urdf(xml).joint_names
    extras = {
        "joints": {
            name: {
                "rotor_inertia": float(rng.uniform(0, 0.5)),
                "viscous": float(rng.uniform(0, 2)),
                "coulomb": float(rng.uniform(0, 2)),
            }
            for name in names
        }
    }
    return RobotModel.from_urdf(xml, extras=extras)


def _robot(name: str, named_arm) -> RobotModel:
    """An arm by name (conftest ``named_arm``), or ``tree``: :func:`_tree`."""
    return _tree() if name == "tree" else named_arm(name)


def _states(model, rng, count):
    q = rng.uniform(-np.pi, np.pi, (count, model.n))
    v = rng.uniform(-3.0, 3.0, (count, model.n))
    a = rng.uniform(-10.0, 10.0, (count, model.n))
    v[::7, 0] = 0.0  # sign(0) = 0 in both forms
    return q, v, a


def _reference(model, q, v, a, monkeypatch):
    with monkeypatch.context() as m:
        m.setenv("MODYN_CODEGEN", "python")
        return regressor(model, q, v, a)


def _close(got, ref, what, tol=1e-12):
    err = np.abs(got - ref) / np.maximum(1.0, np.abs(ref))
    assert err.max() <= tol, f"{what}: max relative error {err.max():.3e}"


@pytest.mark.parametrize("name", ["rx90", "ur5", "panda", "tree"])
def test_compiled_regressor_equals_the_reference(name, named_arm, monkeypatch):
    model = _robot(name, named_arm)
    rng = np.random.default_rng(11)
    q, v, a = _states(model, rng, 60)
    fn = creg.generated_regressor(model)
    assert fn.backend == "c"
    assert fn.n_outputs == model.n * N_STANDARD * model.n
    ref = _reference(model, q, v, a, monkeypatch)
    w = regressor(model, q, v, a)  # the compiled batch (MODYN_CODEGEN=c)
    assert w.shape == ref.shape == (60, model.n, N_STANDARD * model.n)
    _close(w, ref, f"{name} batch")
    _close(regressor(model, q[3], v[3], a[3]), ref[3], f"{name} one state")
    # independently of the numpy regressor: W χ = Γ of the Newton-Euler inverse dynamics
    chi = standard_parameters(model)
    _close(w @ chi, model.inverse_dynamics(q, v, a), f"{name} W chi vs inverse dynamics")


@pytest.mark.parametrize("name", ["rx90", "panda"])
def test_base_regressor_and_identification(name, named_arm, monkeypatch):
    model = _robot(name, named_arm)
    bp = base_parameters(model)
    rng = np.random.default_rng(5)
    q, v, a = _states(model, rng, 300)
    fn = creg.generated_regressor(model, bp.base_indices)
    assert fn.backend == "c" and fn.n_outputs == model.n * bp.rank
    ref = bp.project(_reference(model, q, v, a, monkeypatch))
    _close(base_regressor(model, bp, q, v, a), ref, f"{name} W_b")
    # one C loop into a preallocated output, no allocation of the result
    out = np.empty((300, model.n * bp.rank))
    got = creg.fast_regressor(model, q, v, a, bp.base_indices, out=out)
    assert np.shares_memory(got, out)
    _close(got, ref, f"{name} W_b into out")
    # identification on it: the same estimate as the numpy path, = K χ for noiseless torques
    tau = model.inverse_dynamics(q, v, a)
    est = identify_base(model, bp, q, v, a, tau, weighted=False)
    with monkeypatch.context() as m:
        m.setenv("MODYN_CODEGEN", "python")
        est_ref = identify_base(model, bp, q, v, a, tau, weighted=False)
    chi_b = bp.base_values(standard_parameters(model))
    scale = np.maximum(1.0, np.abs(chi_b))
    assert np.max(np.abs(est.values - est_ref.values) / scale) <= 1e-9
    assert np.max(np.abs(est.values - chi_b) / scale) <= 1e-8


def test_dispatch(monkeypatch, tmp_path):
    model = RobotModel.from_mdh("rx90")
    rng = np.random.default_rng(2)
    q, v, a = _states(model, rng, 10)
    monkeypatch.setenv("MODYN_CODEGEN", "python")
    assert creg.fast_regressor(model, q, v, a) is None  # the numpy reference runs
    monkeypatch.setenv("MODYN_CODEGEN", "auto")
    assert creg.LOAD_FROM > 10
    assert creg.fast_regressor(model, q, v, a) is None  # a small first call: the reference
    with pytest.raises(ValueError, match="regressor columns"):
        creg.fast_regressor(model, q, v, a, [0, 14 * model.n])
    # no compiler: `auto` keeps the reference (same numbers), `c` says why it cannot
    fresh = RobotModel.from_mdh("rx90")
    monkeypatch.setenv("MODYN_CC", str(tmp_path / "no-such-cc"))
    monkeypatch.setenv("MODYN_CACHE_DIR", str(tmp_path / "cache"))
    q, v, a = _states(fresh, rng, creg.LOAD_FROM)
    assert creg.fast_regressor(fresh, q, v, a) is None
    assert creg.generated_regressor(fresh).backend == "python"
    monkeypatch.setenv("MODYN_CODEGEN", "c")
    with pytest.raises(RuntimeError, match="no C compiler"):
        regressor(fresh, q, v, a)


def test_auto_compiles_in_the_background_then_serves_from_c(monkeypatch, tmp_path):
    """``auto``: the reference serves until enough samples went through it, then a background
    compile attaches the C form (thresholds lowered here; their values are measured, see
    :data:`~modyn_model.codegen.regressor.COMPILE_FROM`)."""
    import threading

    monkeypatch.setenv("MODYN_CODEGEN", "auto")
    monkeypatch.setenv("MODYN_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setattr(creg, "LOAD_FROM", 5)
    monkeypatch.setattr(creg, "COMPILE_FROM", 10)
    # a robot no other test compiles (a compiled object already loaded would serve at once)
    model = RobotModel.from_urdf(random_urdf(9, 3, tree=False))
    rng = np.random.default_rng(8)
    q, v, a = _states(model, rng, 20)
    assert creg.fast_regressor(model, q[:4], v[:4], a[:4]) is None  # 4 < LOAD_FROM
    assert creg.fast_regressor(model, q, v, a) is None  # 24 >= COMPILE_FROM: compile started
    for t in threading.enumerate():
        if t.name == "modyn-cc-regressor":
            t.join(timeout=600)
    assert creg.generated_regressor(model, build=False).backend == "c"
    got = creg.fast_regressor(model, q, v, a)
    _close(got, _reference(model, q, v, a, monkeypatch), "auto, compiled in the background")
