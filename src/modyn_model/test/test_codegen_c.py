"""The customized models compiled to C (issue 21) against the reference recursions.

* On the RX-90, the UR5, the Panda, the xArm7, the Z1 and random trees (with rotor inertia and friction), the
  compiled Γ (every term switch), A(q) and q̈, one state and batched, equal the readable numpy
  recursions (:func:`rnea`, :func:`crba`, :func:`aba`) to 1e-12 relative, and the Python form
  bit for bit (same operations, same order, no fused multiply-add); a batch (two samples per
  iteration on vector types, then a scalar tail) equals the one-sample calls bit for bit.
* ``checked=False`` writes into the Data buffers; a wrong dtype or size raises ValueError.
* No compiler (``MODYN_CC`` pointing at a missing program): the Python form is chosen and
  reported (``backend == "python"``), same results; ``MODYN_CODEGEN=c`` then raises.
* Two processes compiling the same model into an empty cache at once both get a working object;
  the cache ends with one object and no temporary files (stale ones of a dead compile removed).
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest

from modyn_model import RobotModel
from modyn_model import algorithms as alg
from modyn_model.codegen import cbackend
from modyn_model.codegen.runtime import (
    fast_forward_dynamics,
    fast_mass_matrix,
    fast_rnea,
    generated,
)
from modyn_model.dynamics import aba, crba, rnea
from modyn_model.random_robot import random_urdf

pytestmark = pytest.mark.usefixtures("compiled_codegen")


def _random_tree(seed: int) -> RobotModel:
    n = 2 + seed % 8
    xml = random_urdf(seed, n, tree=seed % 2 == 0)
    rng = np.random.default_rng(seed)
    names = RobotModel.from_urdf(xml).joint_names
    extras = {
        "joints": {
            name: {
                "rotor_inertia": float(rng.uniform(0, 0.5)),
                "viscous": float(rng.uniform(0, 2)),
                "coulomb": float(rng.uniform(0, 2)),
                "static": float(rng.uniform(2, 3)),
                "stribeck_velocity": float(rng.uniform(0.01, 0.2)),
            }
            for name in names
        }
    }
    return RobotModel.from_urdf(xml, extras=extras)


def _robot(name: str, named_arm) -> RobotModel:
    """An arm by name (conftest ``named_arm``), or ``tree-<seed>`` / ``chain-<n>``: a random
    tree with rotor inertia and friction."""
    if name.split("-")[0] in ("tree", "chain"):
        return _random_tree(int(name.split("-")[1]))
    return named_arm(name)


def _close(got, ref, tol=1e-12):
    scale = max(1.0, float(np.max(np.abs(ref))))
    err = float(np.max(np.abs(got - ref)))
    assert err <= tol * scale, f"max diff {err:.3e} (scale {scale:.3e})"


ROBOTS = ["rx90", "ur5", "panda", "xarm7", "z1"] + [f"tree-{s}" for s in range(4)]


@pytest.mark.parametrize("name", ROBOTS)
def test_compiled_equals_reference_recursions(name, named_arm):
    model = _robot(name, named_arm)
    rng = np.random.default_rng(7)
    q, v, a = rng.uniform(-2.0, 2.0, size=(3, model.n))
    tau = rng.uniform(-5.0, 5.0, model.n)
    assert generated(model, "rnea", True, True, True, True).backend == "c"
    _close(fast_rnea(model, q, v, a), rnea(model, q, v, a))
    _close(
        fast_rnea(model, q, None, None, friction=False), rnea(model, q, None, None, friction=False)
    )
    _close(
        fast_rnea(model, q, v, None, gravity=False, friction=False),
        rnea(model, q, v, None, gravity=np.zeros(3), friction=False),
    )
    _close(fast_mass_matrix(model, q), crba(model, q))
    _close(fast_forward_dynamics(model, q, v, tau), aba(model, q, v, tau))
    _close(
        fast_forward_dynamics(model, q, v, tau, friction=False),
        aba(model, q, v, tau, friction=False),
    )
    # batched: one C loop over the samples, = the recursions on the same batch
    qb, vb, ab = rng.uniform(-2.0, 2.0, size=(3, 40, model.n))
    _close(fast_rnea(model, qb, vb, ab), rnea(model, qb, vb, ab))
    _close(fast_mass_matrix(model, qb), crba(model, qb))
    _close(fast_forward_dynamics(model, qb, vb, ab), aba(model, qb, vb, ab))


@pytest.mark.parametrize("name", ["rx90", "panda", "tree-3"])
def test_compiled_equals_python_form_bit_for_bit(name, named_arm):
    model = _robot(name, named_arm)
    rng = np.random.default_rng(3)
    q, v, a = rng.uniform(-2.0, 2.0, size=(3, model.n))
    for kind, flags, args in [
        ("rnea", (True, True, True, True), (q, v, a)),
        ("mass_matrix", (), (q,)),
        ("forward_dynamics", (True,), (q, v, a)),
    ]:
        fn = generated(model, kind, *flags)
        compiled = fn.native.call(*args, np.empty(fn.n_outputs))
        python = np.array(fn.scalar(*[x.tolist() for x in args]))
        np.testing.assert_array_equal(compiled, python)
        # the ctypes entry (used when the Python headers are missing) is the same code
        np.testing.assert_array_equal(fn.native._ctypes_call(*args, np.empty(fn.n_outputs)), python)


@pytest.mark.parametrize("name", ["xarm7", "tree-3"])
def test_batch_lanes_equal_one_sample_calls_bit_for_bit(name, named_arm):
    """The batched loop (two samples per iteration on vector types, then the scalar tail for
    an odd count) does the one-sample body's operations lane by lane: identical numbers."""
    model = _robot(name, named_arm)
    rng = np.random.default_rng(5)
    qb, vb, ab = rng.uniform(-2.0, 2.0, size=(3, 7, model.n))
    for kind, flags, args in [
        ("rnea", (True, True, True, True), (qb, vb, ab)),
        ("mass_matrix", (), (qb,)),
        ("forward_dynamics", (True,), (qb, vb, ab)),
    ]:
        native = generated(model, kind, *flags).native
        batch = native.batch(*args)
        one = np.array(
            [native.call(*(x[k] for x in args), np.empty(native.n_outputs)) for k in range(len(qb))]
        )
        np.testing.assert_array_equal(batch, one)


def test_unchecked_fast_path_writes_data_and_rejects_unsafe_buffers(named_arm):
    model = _robot("ur5", named_arm)
    data = model.make_data()
    rng = np.random.default_rng(1)
    q, v, a = rng.uniform(-1.5, 1.5, size=(3, model.n))
    ref_tau = alg.inverse_dynamics(model, data, q, v, a).copy()
    ref_m = alg.mass_matrix(model, data, q).copy()
    ref_ddq = alg.forward_dynamics(model, data, q, v, ref_tau).copy()
    data.tau[:] = data.M[:] = data.ddq[:] = np.nan
    assert alg.inverse_dynamics(model, data, q, v, a, checked=False) is data.tau
    assert alg.mass_matrix(model, data, q, checked=False) is data.M
    assert alg.forward_dynamics(model, data, q, v, ref_tau, checked=False) is data.ddq
    np.testing.assert_array_equal(data.tau, ref_tau)
    np.testing.assert_array_equal(data.M, ref_m)
    np.testing.assert_array_equal(data.ddq, ref_ddq)
    _close(data.ddq, a)  # direct dynamics inverts inverse dynamics
    np.testing.assert_array_equal(alg.gravity(model, data, q, checked=False), model.gravity(q))
    np.testing.assert_array_equal(
        alg.bias_forces(model, data, q, v, checked=False), model.bias_forces(q, v)
    )
    # memory safety stays: wrong dtype, wrong size, a strided view, a read-only output
    for bad in (q.astype(np.float32), q[:-1], np.repeat(q, 2)[::2]):
        with pytest.raises((ValueError, BufferError), match="float64|contiguous"):
            alg.inverse_dynamics(model, data, bad, v, a, checked=False)
    frozen = model.make_data()
    frozen.tau.flags.writeable = False
    with pytest.raises((ValueError, BufferError)):
        alg.inverse_dynamics(model, frozen, q, v, a, checked=False)
    # the checked path still copies a strided view instead of refusing it
    np.testing.assert_array_equal(
        alg.inverse_dynamics(model, data, np.repeat(q, 2)[::2], v, a), ref_tau
    )


def test_missing_compiler_falls_back_to_python(monkeypatch, tmp_path):
    monkeypatch.setenv("MODYN_CC", str(tmp_path / "no-such-cc"))
    monkeypatch.setenv("MODYN_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("MODYN_CODEGEN", "auto")
    assert cbackend.compiler() is None
    model = RobotModel.from_mdh("rx90")
    rng = np.random.default_rng(2)
    q, v, a = rng.uniform(-2.0, 2.0, size=(3, model.n))
    fn = generated(model, "rnea", True, True, True, True)
    assert fn.backend == "python" and fn.native is None and fn.pending is None
    _close(fast_rnea(model, q, v, a), rnea(model, q, v, a))
    data = model.make_data()
    _close(alg.mass_matrix(model, data, q, checked=False), crba(model, q))
    assert not (tmp_path / "cache").exists()
    monkeypatch.setenv("MODYN_CODEGEN", "c")
    with pytest.raises(RuntimeError, match="no C compiler"):
        generated(RobotModel.from_mdh("rx90"), "mass_matrix")


_CHILD = textwrap.dedent(
    """
    import os, sys, time
    import numpy as np
    from modyn_model import RobotModel
    from modyn_model.codegen.runtime import generated
    go = sys.argv[1]
    model = RobotModel.from_mdh("rx90")
    while not os.path.exists(go):   # both children start compiling together
        time.sleep(0.001)
    fn = generated(model, "forward_dynamics", True)
    q = np.linspace(-1.0, 1.0, model.n)
    print(fn.backend, *fn.native.call(q, q, q, np.empty(model.n)).tolist())
    """
)


def test_two_processes_compile_the_same_model_at_once(tmp_path):
    cache = tmp_path / "cache"
    go = tmp_path / "go"
    # temporaries of a compile that died two hours ago: removed by the next compile
    cache.mkdir()
    for stale in ("_modyn_c_dead.k3j2h1.so.tmp", "_modyn_c_dead.k3j2h1.c"):
        (cache / stale).write_text("")
        os.utime(cache / stale, (0, os.path.getmtime(cache / stale) - 7200))
    env = dict(os.environ, MODYN_CACHE_DIR=str(cache), MODYN_CODEGEN="c")
    children = [
        subprocess.Popen(
            [sys.executable, "-c", _CHILD, str(go)],
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for _ in range(2)
    ]
    go.touch()
    results = [child.communicate(timeout=120) for child in children]
    for child, (_, err) in zip(children, results, strict=True):
        assert child.returncode == 0, err
    first, second = (out.split() for out, _ in results)
    assert first[0] == "c" and first == second
    files = sorted(p.name for p in cache.iterdir())
    assert [f for f in files if f.endswith(".so")] and len(files) == 2, files  # .so and .c
    assert not [f for f in files if "tmp" in f or f.count(".") > 1], files
    model = RobotModel.from_mdh("rx90")
    q = np.linspace(-1.0, 1.0, model.n)
    _close(np.array(first[1:], dtype=float), aba(model, q, q, q))


@pytest.mark.parametrize("name", ["rx90", "ur5", "panda", "tree-0", "tree-3", "chain-20"])
def test_generic_c_recursions_equal_reference(name, named_arm):
    """The generic compiled loops of the scaling study (no friction) = the numpy recursions."""
    from modyn_model.codegen.recursions_c import CompiledRecursions

    if name == "chain-20":
        model = RobotModel.from_urdf(random_urdf(21, 20, tree=False))
    else:
        model = _robot(name, named_arm)
    rec = CompiledRecursions(model)
    rng = np.random.default_rng(11)
    q, v, a = rng.uniform(-2.0, 2.0, size=(3, 8, model.n))
    _close(rec.rnea(q, v, a), rnea(model, q, v, a, friction=False))
    _close(rec.mass_matrix(q), crba(model, q))
    ref = aba(model, q, v, a, friction=False)
    _close(rec.aba(q, v, a), ref)
    _close(rec.inverse_model(q, v, a), ref)
    with pytest.raises(ValueError, match="shape"):
        rec.rnea(q[:, :-1], v, a)


def test_checked_calls_use_the_compiled_check_and_keep_their_errors(named_arm):
    """The default (checked) calls run the compiled ``call_checked``; what it declines (a
    list, a batch, a NaN, a wrong size) goes through the Python checks, same results or the
    same StateError naming the joint."""
    from modyn_model.errors import StateError

    model = _robot("panda", named_arm)
    data = model.make_data()
    rng = np.random.default_rng(5)
    q, v, a = rng.uniform(-1.5, 1.5, size=(3, model.n))
    entry = model.fast_path().checked_entry("rnea", True, True, True, True)
    assert entry is not None and entry(q, v, a, np.empty(model.n)) is not None
    bad = q.copy()
    bad[3] = np.nan
    assert entry(bad, v, a, np.empty(model.n)) is None
    assert entry(q[None], v, a, np.empty(model.n)) is None
    ref = rnea(model, q, v, a)
    _close(model.inverse_dynamics(q, v, a), ref)
    _close(model.inverse_dynamics(q.tolist(), list(v), a), ref)
    _close(alg.inverse_dynamics(model, data, q, v, a), ref)
    _close(model.inverse_dynamics(q[None], v[None], a[None])[0], ref)
    _close(model.mass_matrix(q), crba(model, q))
    _close(model.forward_dynamics(q, v, ref), a)
    _close(model.gravity(q), rnea(model, q, None, None, friction=False))
    for call in (
        lambda: model.inverse_dynamics(bad, v, a),
        lambda: alg.inverse_dynamics(model, data, bad, v, a),
        lambda: model.mass_matrix(bad),
        lambda: model.forward_dynamics(bad, v, a),
        lambda: model.gravity(bad),
    ):
        with pytest.raises(StateError, match=model.joint_names[3]):
            call()
    with pytest.raises(StateError, match="last dimension"):
        model.inverse_dynamics(q[:-1], v, a)


def test_auto_mode_compiles_in_the_background_after_enough_calls(monkeypatch, tmp_path):
    """MODYN_CODEGEN=auto: the Python form serves first; after COMPILE_AFTER evaluations a
    background thread compiles and attaches the C form (same numbers); a second model with the
    same content then loads the cached object at once."""
    import threading

    from modyn_model.codegen import runtime

    monkeypatch.setenv("MODYN_CODEGEN", "auto")
    monkeypatch.setenv("MODYN_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setattr(runtime, "COMPILE_AFTER", 5)
    model = _random_tree(8)  # a model no other test compiles (the in-process table)
    rng = np.random.default_rng(9)
    q, v, a = rng.uniform(-2.0, 2.0, size=(3, model.n))
    fn = generated(model, "rnea", True, True, True, True)
    assert fn.backend == "python" and fn.pending == 5
    before = [fast_rnea(model, q, v, a) for _ in range(5)]
    for thread in threading.enumerate():
        if thread.name == "modyn-cc":
            thread.join(timeout=120)
    assert fn.backend == "c" and fn.pending is None
    np.testing.assert_array_equal(fast_rnea(model, q, v, a), before[0])
    again = generated(_random_tree(8), "rnea", True, True, True, True)
    assert again.backend == "c"


@pytest.mark.parametrize("name", ["panda", "tree-2", "xarm7", "ur5"])
def test_traced_crba_equals_newton_euler_columns_with_fewer_operations(name, named_arm):
    from modyn_model.codegen import generate_mass_matrix

    model = _robot(name, named_arm)
    q = np.random.default_rng(4).uniform(-2.0, 2.0, model.n)
    crba_fn = generate_mass_matrix(model)
    columns = generate_mass_matrix(model, method="columns")
    _close(np.array(crba_fn.scalar(q.tolist())).reshape(model.n, model.n), crba(model, q))
    _close(np.array(columns.scalar(q.tolist())).reshape(model.n, model.n), crba(model, q))
    if name == "panda":  # sparse joint frames: 230/216 against 701/549 mult/add
        assert crba_fn.counts["mul"] < columns.counts["mul"] / 2
    if name == "xarm7":  # rpy = ±1.5708 (not π/2): plane rotations, 400 mult (506 before)
        assert crba_fn.counts["mul"] <= 400
    if name == "ur5":  # the shoulder's rpy about y and its axis y: one plane rotation
        assert crba_fn.counts["mul"] <= 98
    with pytest.raises(ValueError, match="method 'lagrange'"):
        generate_mass_matrix(model, method="lagrange")


def test_batch_into_out_refuses_unsafe_outputs():
    model = RobotModel.from_mdh("rx90")
    native = generated(model, "rnea", True, True, True, False).native
    rng = np.random.default_rng(6)
    qb, vb, ab = rng.uniform(-2.0, 2.0, size=(3, 10, model.n))
    out = np.empty((10, model.n))
    assert native.batch(qb, vb, ab, out=out) is out
    _close(out, rnea(model, qb, vb, ab, friction=False))
    strided = np.empty((10, 2 * model.n))[:, ::2]
    frozen = np.empty((10, model.n))
    frozen.flags.writeable = False
    for bad in (strided, frozen, np.empty((9, model.n)), np.empty((10, model.n), np.float32)):
        with pytest.raises(ValueError, match="C-contiguous float64"):
            native.batch(qb, vb, ab, out=bad)
    with pytest.raises(ValueError, match="batch input"):
        native.batch(qb[:, :-1], vb, ab)


def test_extension_batch_checks_memory_safety():
    """The extension's ``batch`` (what ``native.batch`` calls after its own checks) refuses, on
    its own, buffers whose sample counts differ or that are not float64: never a read past a
    buffer."""
    model = RobotModel.from_mdh("rx90")
    native = generated(model, "rnea", True, True, True, False).native
    if native._ext_batch is None:
        pytest.skip("no Python headers: the ctypes batch is used")
    rng = np.random.default_rng(8)
    qb, vb, ab = rng.uniform(-2.0, 2.0, size=(3, 5, model.n))
    out = np.empty((5, model.n))
    assert native._ext_batch(qb, vb, ab, out) is out
    _close(out, rnea(model, qb, vb, ab, friction=False))
    for args in (
        (qb, vb[:4], ab, out),
        (qb, vb, ab, np.empty((4, model.n))),
        (qb.astype(np.float32), vb, ab, out),
        (qb[:, :-1].copy(), vb, ab, out),
    ):
        with pytest.raises(ValueError, match="batch argument"):
            native._ext_batch(*args)
