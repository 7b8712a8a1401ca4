"""Property tests of the dynamic model on random robots (Khalil §7.3.3.3, [7.26]-[7.30], §7.6).

What is checked against what
----------------------------
Robots come from :func:`modyn_model.random_robot.random_urdf` (hypothesis draws the seed,
1 ≤ n ≤ 8 moving joints, tree or chain, with or without prismatic and fixed joints); states,
joint extras (rotor inertia, viscous/Coulomb/Stribeck friction) and external wrenches are drawn
by hypothesis as well.

* A(q) symmetric positive definite (property a);
* Ȧ − 2C skew-symmetric (property e), Ȧ by central finite differences of ``mass_matrix`` along
  the unit direction of q̇ (both sides are linear in q̇; step h = 1e-6: truncation ~h²‖A'''‖,
  rounding ~1e-16‖A‖/h, both ≲1e-10 relative); bound 1e-6·(‖Ȧ‖ + 2‖C‖) + 1e-8·‖A‖, worst
  measured 0.7% of it;
* ``coriolis_matrix @ q̇`` (Christoffel symbols [7.7], complex-step ∂A/∂q) equals
  ``coriolis_forces`` (one Newton-Euler pass, q̈ = 0, g = 0);
* forward(inverse(q̈)) = q̈ for every ``method`` (``"generated"``/``"auto"``: customized code;
  ``"recursive"``: §7.6.2; ``"inverse"``: §7.6.1), with Stribeck friction, rotor inertia and
  (except "generated") external wrenches, and the methods agree with each other; bound
  1e3·eps·cond(A)·max(1, |q̈|), worst measured 5% of it; generated Γ and A equal the reference
  Newton-Euler (A column by column [7.64]);
* free motion conserves E + U (τ = 0, friction switched off, rotor inertia on; classical RK4 for
  2 s at dt = 5e-4 through ``forward_dynamics``, one state per call, and 20 states per batched
  call): drift < 1e-6 of the largest kinetic energy reached. Measured worst drift: 5.5e-8 over
  450 trajectories of 150 random robots at dt = 5e-4; at dt = 1e-3 the RK4 truncation error
  (∝ dt⁴, checked by halving dt) reached 4.8e-6 on 1 robot in 170, hence the smaller step. The
  ``recursive`` and ``inverse`` methods are not integrated (10-30x slower); they are compared
  with the generated model state by state instead;
* friction is dissipative (no gravity, τ = 0, viscous + Coulomb, 500 RK4 steps): E never
  increases from one step to the next while it is above the stick-slip chatter floor
  2(dt‖Fc‖)²/λmin(A) of the discrete sign(q̇) (never violated on 300 random robots), and ends
  strictly lower; the power balance d(E + U)/dt = q̇ᵀ(τ − Γf) (τ = 0 or random), with the
  derivative taken by Richardson-extrapolated central differences of ``kinetic_energy`` and
  ``potential_energy`` along (q̇, q̈) (bound 1e-7 relative; worst measured 3e-4 of the bound);
* Γ and A are linear in the inertial parameters χ (property f), gravity included, friction and
  rotor inertia off;
* rotor inertia adds exactly diag(Ia) to A [7.29] (Ia = N²·Jm when given by the motor side);
* a wrench f_e exerted by body k on the environment adds J_kᵀ f_e to Γ [7.30] (f_e moved to base
  axes, about the origin of body k, J_k the geometric Jacobian of that body's frame);
* every entry point called with a leading batch axis N equals N single calls.

The integrations run fewer hypothesis examples (10, 2 and 25) than the cheap properties (30); the
file runs in about 25-30 s on two cores.
"""

from __future__ import annotations

import functools
import math

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from modyn_model import JointError, JointExtras, RobotModel
from modyn_model.inertia import standard_parameters
from modyn_model.random_robot import random_inertia, random_urdf

PROPERTY = settings(
    max_examples=30,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

DT = 5e-4  # at 1e-3 RK4 truncation alone reached 4.8e-6 (∝ dt⁴) on 1 robot in 170
DURATION = 2.0
ENERGY_DRIFT_BOUND = 1e-6


# ---------------------------------------------------------------- strategies
@functools.lru_cache(maxsize=512)
def _load(seed: int, n: int, tree: bool, prismatic: bool, fixed: bool) -> RobotModel:
    return RobotModel.from_urdf(random_urdf(seed, n, tree=tree, prismatic=prismatic, fixed=fixed))


@st.composite
def robots(draw, n_max: int = 8) -> RobotModel:
    """A random valid robot: seed, size and structure are drawn."""
    return _load(
        draw(st.integers(0, 2**32 - 1)),
        draw(st.integers(1, n_max)),
        draw(st.booleans()),
        draw(st.booleans()),
        draw(st.booleans()),
    )


def _vector(n: int, bound: float):
    return arrays(np.float64, n, elements=st.floats(-bound, bound, allow_nan=False, width=64))


@st.composite
def extras_lists(draw, n: int, friction: bool = True, rotor: bool = True) -> list[JointExtras]:
    """Per-joint extras: rotor inertia (directly or as N²·Jm) and Stribeck friction."""
    out = []
    for _ in range(n):
        fields = {}
        if rotor:
            if draw(st.booleans()):
                fields["rotor_inertia"] = draw(st.floats(0.0, 0.2))
            else:
                fields["gear_ratio"] = draw(st.floats(1.0, 100.0))
                fields["motor_inertia"] = draw(st.floats(0.0, 1e-5))
        if friction:
            fields["viscous"] = draw(st.floats(0.0, 2.0))
            fields["coulomb"] = draw(st.floats(0.0, 2.0))
            fields["static"] = draw(st.floats(0.0, 3.0))
            # 0 (no Stribeck term) or a realistic velocity scale; subnormal scales break the
            # generated code (see test_tiny_stribeck_velocity_generated_code)
            fields["stribeck_velocity"] = draw(st.one_of(st.just(0.0), st.floats(1e-3, 0.5)))
        out.append(JointExtras(**fields))
    return out


@st.composite
def robot_states(draw, n_max: int = 8, extras: bool = False):
    """(model, q, q̇, q̈); with ``extras`` the model gets random rotor inertia and friction."""
    model = draw(robots(n_max))
    if extras:
        model = model.with_parameters(extras=draw(extras_lists(model.n)))
    n = model.n
    return model, draw(_vector(n, math.pi)), draw(_vector(n, 3.0)), draw(_vector(n, 5.0))


def _wrenches(n: int):
    return arrays(np.float64, (n, 6), elements=st.floats(-10.0, 10.0, allow_nan=False))


def _scale(*arrays_) -> float:
    return max(1.0, *(float(np.max(np.abs(a))) for a in arrays_))


# ---------------------------------------------------------------- mass matrix and Coriolis
@PROPERTY
@given(robot_states(extras=True))
def test_mass_matrix_symmetric_positive_definite(state):
    model, q, _, _ = state
    a = model.mass_matrix(q)
    np.testing.assert_allclose(a, a.T, rtol=0, atol=1e-14 * _scale(a), err_msg="A not symmetric")
    eig = np.linalg.eigvalsh(a)
    assert eig[0] > 0.0, f"A(q) not positive definite: eigenvalues {eig} at q={q}"


@PROPERTY
@given(robot_states())
def test_adot_minus_2c_is_skew_symmetric(state):
    model, q, v, _ = state
    # Ȧ and C are linear in q̇: test along the unit direction so that the finite-difference
    # step is meaningful (rounding error ~ eps‖A‖/h whatever ‖q̇‖ is)
    speed = np.linalg.norm(v)
    v = v / speed if speed > 0.0 else v
    h = 1e-6
    a_dot = (model.mass_matrix(q + h * v) - model.mass_matrix(q - h * v)) / (2.0 * h)
    c = model.coriolis_matrix(q, v)
    n_mat = a_dot - 2.0 * c
    a_max = np.max(np.abs(model.mass_matrix(q)))
    tol = 1e-6 * (np.max(np.abs(a_dot)) + 2.0 * np.max(np.abs(c))) + 1e-8 * a_max
    asym = np.max(np.abs(n_mat + n_mat.T))
    assert asym <= tol, f"Ȧ − 2C not skew-symmetric: max|N + Nᵀ| = {asym:.3e} > {tol:.3e}"


@PROPERTY
@given(robot_states())
def test_coriolis_matrix_times_velocity_is_newton_euler(state):
    model, q, v, _ = state
    cv = model.coriolis_matrix(q, v) @ v
    ne = model.coriolis_forces(q, v)
    np.testing.assert_allclose(
        cv,
        ne,
        rtol=0,
        atol=1e-10 * _scale(cv, ne),
        err_msg="C(q, q̇) q̇ from Christoffel symbols differs from Newton-Euler with q̈ = 0, g = 0",
    )


# ---------------------------------------------------------------- direct dynamics
def _roundtrip_tolerance(model, q, a) -> float:
    """Solving with A loses about cond(A)·eps relative; 1e3 margin on top."""
    mass = model.mass_matrix(q)
    return 1e3 * np.finfo(float).eps * np.linalg.cond(mass) * _scale(a)


ALL_METHODS = ("auto", "generated", "recursive", "inverse")
WRENCH_METHODS = ("auto", "recursive", "inverse")  # "generated" takes no f_ext


@PROPERTY
@given(robot_states(extras=True), st.data())
def test_forward_inverts_inverse_dynamics(state, data):
    model, q, v, a = state
    tol = _roundtrip_tolerance(model, q, a)
    tau = model.inverse_dynamics(q, v, a)  # generated (customized) model
    for method in ALL_METHODS:
        back = model.forward_dynamics(q, v, tau, method=method)
        np.testing.assert_allclose(
            back,
            a,
            rtol=0,
            atol=tol,
            err_msg=f"forward_dynamics(method={method!r}) does not invert inverse_dynamics",
        )
    f_ext = data.draw(_wrenches(model.n))
    tau = model.inverse_dynamics(q, v, a, f_ext)  # reference recursion (wrenches given)
    for method in WRENCH_METHODS:
        back = model.forward_dynamics(q, v, tau, f_ext, method=method)
        np.testing.assert_allclose(
            back,
            a,
            rtol=0,
            atol=tol,
            err_msg=f"forward_dynamics(method={method!r}, f_ext) does not invert "
            "inverse_dynamics(f_ext)",
        )


@PROPERTY
@given(robot_states(extras=True))
def test_generated_and_reference_inverse_dynamics_agree(state):
    """Without f_ext Γ comes from generated code, with f_ext = 0 from the reference recursion."""
    model, q, v, a = state
    generated = model.inverse_dynamics(q, v, a)
    reference = model.inverse_dynamics(q, v, a, np.zeros((model.n, 6)))
    np.testing.assert_allclose(
        generated,
        reference,
        rtol=0,
        atol=1e-11 * _scale(generated, reference),
        err_msg="generated Γ differs from the reference Newton-Euler",
    )


@PROPERTY
@given(robot_states(extras=True), st.data())
def test_direct_methods_agree(state, data):
    model, q, v, _ = state
    tau = data.draw(_vector(model.n, 20.0))
    f_ext = data.draw(_wrenches(model.n))
    for friction in (True, False):
        ref = model.forward_dynamics(q, v, tau, method="recursive", friction=friction)
        tol = _roundtrip_tolerance(model, q, ref)
        for method in ALL_METHODS[:2] + ALL_METHODS[3:]:
            got = model.forward_dynamics(q, v, tau, method=method, friction=friction)
            np.testing.assert_allclose(
                got,
                ref,
                rtol=0,
                atol=tol,
                err_msg=f"forward_dynamics {method!r} ≠ 'recursive' (friction={friction})",
            )
        ref = model.forward_dynamics(q, v, tau, f_ext, method="recursive", friction=friction)
        for method in ("auto", "inverse"):
            got = model.forward_dynamics(q, v, tau, f_ext, method=method, friction=friction)
            np.testing.assert_allclose(
                got,
                ref,
                rtol=0,
                atol=_roundtrip_tolerance(model, q, ref),
                err_msg=f"forward_dynamics {method!r} ≠ 'recursive' with f_ext "
                f"(friction={friction})",
            )


@PROPERTY
@given(robot_states(extras=True))
def test_mass_matrix_matches_newton_euler_columns(state):
    """A(q) (generated composite-link code) = Γ(q, 0, e_i) − Γ(q, 0, 0) column by column [7.64]."""
    model, q, _, _ = state
    zero = np.zeros(model.n)
    gravity = model.inverse_dynamics(q, zero, zero, np.zeros((model.n, 6)), friction=False)
    cols = np.array(
        [
            model.inverse_dynamics(q, zero, e, np.zeros((model.n, 6)), friction=False) - gravity
            for e in np.eye(model.n)
        ]
    ).T
    a = model.mass_matrix(q)
    np.testing.assert_allclose(
        a,
        cols,
        rtol=0,
        atol=1e-11 * _scale(a, gravity),
        err_msg="A(q) differs from Newton-Euler columns [7.64]",
    )


# ---------------------------------------------------------------- energy
def _rk4(model, q, v, tau, steps: int, *, method: str = "auto", friction: bool = False):
    """Classical RK4 on d/dt(q, q̇) = (q̇, forward_dynamics); returns the (steps+1, ..., n) paths."""

    def accel(q_, v_):
        return model.forward_dynamics(q_, v_, tau, method=method, friction=friction)

    qs, vs = [q], [v]
    for _ in range(steps):
        k1q, k1v = v, accel(q, v)
        k2q, k2v = v + 0.5 * DT * k1v, accel(q + 0.5 * DT * k1q, v + 0.5 * DT * k1v)
        k3q, k3v = v + 0.5 * DT * k2v, accel(q + 0.5 * DT * k2q, v + 0.5 * DT * k2v)
        k4q, k4v = v + DT * k3v, accel(q + DT * k3q, v + DT * k3v)
        q = q + DT / 6.0 * (k1q + 2.0 * k2q + 2.0 * k3q + k4q)
        v = v + DT / 6.0 * (k1v + 2.0 * k2v + 2.0 * k3v + k4v)
        qs.append(q)
        vs.append(v)
    return np.array(qs), np.array(vs)


def _energy_drift(model, qs, vs) -> np.ndarray:
    """max_t |(E+U)(t) − (E+U)(0)| / max_t E(t), per trajectory."""
    kinetic = model.kinetic_energy(qs, vs)
    total = kinetic + model.potential_energy(qs)
    drift = np.max(np.abs(total - total[0]), axis=0)
    return drift / np.maximum(np.max(kinetic, axis=0), 1e-300)


def _free_motion_drift(model, seed: int, method: str, batch: tuple[int, ...] = ()) -> np.ndarray:
    rng = np.random.default_rng(seed)
    # friction present in the model but switched off; rotor inertia on (it is conservative)
    model = model.with_parameters(
        extras=[
            JointExtras(rotor_inertia=ia, viscous=1.0, coulomb=1.0)
            for ia in rng.uniform(0.0, 0.05, model.n)
        ]
    )
    shape = batch + (model.n,)
    q0, v0 = rng.uniform(-1.0, 1.0, shape), rng.uniform(-1.0, 1.0, shape)
    qs, vs = _rk4(model, q0, v0, np.zeros(shape), round(DURATION / DT), method=method)
    return _energy_drift(model, qs, vs)


@pytest.mark.loop  # a long in-process simulation: the loop tier (docs/testing.md)
@settings(PROPERTY, max_examples=10)
@given(robots(), st.integers(0, 2**32 - 1))
def test_free_motion_conserves_energy(model, seed):
    drift = float(_free_motion_drift(model, seed, "auto"))
    assert drift < ENERGY_DRIFT_BOUND, (
        f"E + U drifted by {drift:.3e} of max E over {DURATION} s of free motion"
    )


@pytest.mark.loop  # a long in-process simulation: the loop tier (docs/testing.md)
@settings(PROPERTY, max_examples=2)
@given(robots(n_max=5), st.integers(0, 2**32 - 1))
def test_free_motion_conserves_energy_batched(model, seed):
    batch = 20
    drift = _free_motion_drift(model, seed, "auto", batch=(batch,))
    assert drift.shape == (batch,), f"batched energies have shape {drift.shape}"
    assert np.all(drift < ENERGY_DRIFT_BOUND), (
        f"E + U drifted by up to {drift.max():.3e} of max E (batched free motion, "
        f"trajectories {np.flatnonzero(drift >= ENERGY_DRIFT_BOUND).tolist()})"
    )


@pytest.mark.loop  # a long in-process simulation: the loop tier (docs/testing.md)
@settings(PROPERTY, max_examples=25)
@given(robots(), st.integers(0, 2**32 - 1))
def test_friction_dissipates_kinetic_energy(model, seed):
    rng = np.random.default_rng(seed)
    n = model.n
    model = model.with_gravity([0.0, 0.0, 0.0]).with_parameters(
        extras=[
            JointExtras(viscous=fv, coulomb=fc)
            for fv, fc in zip(rng.uniform(0.1, 2.0, n), rng.uniform(0.05, 1.0, n), strict=True)
        ]
    )
    q0, v0 = rng.uniform(-1.0, 1.0, n), rng.uniform(-2.0, 2.0, n)
    qs, vs = _rk4(model, q0, v0, np.zeros(n), 500, friction=True)
    kinetic = model.kinetic_energy(qs, vs)
    # Once a joint sticks, Coulomb's sign(q̇) makes the discrete solution chatter around q̇ = 0
    # with |Δq̇| ≲ dt‖Fc‖/λmin(A): E may then wobble below this floor (an integrator artefact).
    lam = float(np.min(np.linalg.eigvalsh(model.mass_matrix(qs))))
    floor = 2.0 * (DT * float(np.linalg.norm(model.coulomb))) ** 2 / lam
    rises = np.diff(kinetic)
    moving = kinetic[:-1] > floor
    assert np.all(rises[moving] <= 0.0), (
        f"kinetic energy increased under friction: max step rise {rises[moving].max():.3e} J "
        f"at step {int(np.flatnonzero(moving)[np.argmax(rises[moving])])}"
    )
    assert np.all(rises <= floor), f"kinetic energy rose by {rises.max():.3e} J > {floor:.3e}"
    assert kinetic[-1] < kinetic[0], f"no dissipation: E {kinetic[0]:.6g} → {kinetic[-1]:.6g} J"


def _richardson_derivative(f, h: float) -> float:
    """f'(0) from central differences at h and h/2, Richardson-extrapolated (error O(h⁴))."""

    def central(step):
        return (f(step) - f(-step)) / (2.0 * step)

    return (4.0 * central(h / 2.0) - central(h)) / 3.0


@PROPERTY
@given(robot_states(extras=True), st.data())
def test_power_balance(state, data):
    model, q, v, _ = state
    zero_torque = data.draw(st.booleans())
    tau = np.zeros(model.n) if zero_torque else data.draw(_vector(model.n, 20.0))
    a = model.forward_dynamics(q, v, tau)

    def total_energy(t):
        qt, vt = q + t * v, v + t * a
        return float(model.kinetic_energy(qt, vt) + model.potential_energy(qt))

    power = _richardson_derivative(total_energy, 1e-3)
    gamma_f = model.friction_torques(v)
    expected = float(v @ (tau - gamma_f))
    gravity_power = float(v @ model.gravity(q))
    scale = (
        float(np.abs(v) @ (np.abs(tau) + np.abs(gamma_f)))
        + abs(gravity_power)
        + float(np.abs(v) @ np.abs(model.mass_matrix(q) @ a))
    )
    assert abs(power - expected) <= 1e-7 * scale + 1e-9, (
        f"d(E+U)/dt = {power:.12g} but q̇ᵀ(τ − Γf) = {expected:.12g} (τ = 0: {zero_torque})"
    )


# ---------------------------------------------------------------- linearity and extras
def _random_parameters(rng: np.random.Generator, n: int) -> np.ndarray:
    rows = []
    for _ in range(n):
        mass, inertia = random_inertia(rng)
        rows.append(standard_parameters(mass, rng.uniform(-0.3, 0.3, 3), inertia))
    return np.array(rows)


@PROPERTY
@given(robot_states(), st.integers(0, 2**32 - 1), st.floats(0.1, 10.0))
def test_inverse_dynamics_linear_in_parameters(state, seed, factor):
    model, q, v, a = state
    chi1 = model.inertial_parameters
    chi2 = _random_parameters(np.random.default_rng(seed), model.n)
    m1, m2 = model.with_parameters(chi1), model.with_parameters(chi2)
    m12 = model.with_parameters(chi1 + chi2)
    g1 = m1.inverse_dynamics(q, v, a, friction=False)
    g2 = m2.inverse_dynamics(q, v, a, friction=False)
    g12 = m12.inverse_dynamics(q, v, a, friction=False)
    np.testing.assert_allclose(
        g12,
        g1 + g2,
        rtol=0,
        atol=1e-11 * _scale(g1, g2),
        err_msg="Γ(χ1 + χ2) ≠ Γ(χ1) + Γ(χ2) (gravity on, friction off)",
    )
    scaled = model.with_parameters(factor * chi1).inverse_dynamics(q, v, a, friction=False)
    np.testing.assert_allclose(
        scaled, factor * g1, rtol=0, atol=1e-11 * _scale(factor * g1), err_msg="Γ(cχ) ≠ cΓ(χ)"
    )
    np.testing.assert_allclose(
        m12.mass_matrix(q),
        m1.mass_matrix(q) + m2.mass_matrix(q),
        rtol=0,
        atol=1e-12 * _scale(m12.mass_matrix(q)),
        err_msg="A(χ1 + χ2) ≠ A(χ1) + A(χ2)",
    )


@PROPERTY
@given(robot_states(), st.data())
def test_rotor_inertia_adds_to_diagonal_only(state, data):
    model, q, v, a = state
    extras = data.draw(extras_lists(model.n, friction=False))
    ia = np.array([e.armature for e in extras])
    with_rotor = model.with_parameters(extras=extras)
    np.testing.assert_array_equal(with_rotor.armature, ia, err_msg="Ia = rotor_inertia or N²·Jm")
    diff = with_rotor.mass_matrix(q) - model.mass_matrix(q)
    np.testing.assert_allclose(
        diff,
        np.diag(ia),
        rtol=0,
        atol=1e-12 * _scale(diff),
        err_msg="rotor inertia must add diag(Ia) to A [7.29]",
    )
    dtau = with_rotor.inverse_dynamics(q, v, a) - model.inverse_dynamics(q, v, a)
    np.testing.assert_allclose(
        dtau,
        ia * a,
        rtol=0,
        atol=1e-10 * _scale(dtau, ia * a),
        err_msg="rotor inertia must add Ia q̈ to Γ [7.61]",
    )


@PROPERTY
@given(robot_states(), st.data())
def test_external_wrench_adds_jacobian_transpose(state, data):
    model, q, v, a = state
    wrenches = data.draw(_wrenches(model.n))
    base = model.inverse_dynamics(q, v, a)
    expected_total = np.zeros(model.n)
    for k, link in enumerate(model.link_names):
        f_ext = np.zeros((model.n, 6))
        f_ext[k] = wrenches[k]
        rot = model.frame_placement(q, link)[:3, :3]  # ^0R_k
        wrench0 = np.concatenate([rot @ wrenches[k, :3], rot @ wrenches[k, 3:]])
        expected = model.jacobian(q, link).T @ wrench0
        expected_total += expected
        got = model.inverse_dynamics(q, v, a, f_ext) - base
        np.testing.assert_allclose(
            got,
            expected,
            rtol=0,
            atol=1e-10 * _scale(got, expected, base),
            err_msg=f"wrench on body {k} ('{link}') must add +J_kᵀ f_e to Γ [7.30]",
        )
    got = model.inverse_dynamics(q, v, a, wrenches) - base
    np.testing.assert_allclose(
        got,
        expected_total,
        rtol=0,
        atol=1e-10 * _scale(got, expected_total, base),
        err_msg="wrenches on every body must add Σ J_kᵀ f_ek to Γ",
    )


# ---------------------------------------------------------------- batched API
def _stack(results):
    return np.stack([np.asarray(r) for r in results])


@PROPERTY
@given(robots(), st.integers(1, 5), st.data())
def test_batched_calls_equal_single_calls(model, batch, data):
    model = model.with_parameters(extras=data.draw(extras_lists(model.n)))
    n = model.n
    q = data.draw(arrays(np.float64, (batch, n), elements=st.floats(-3.0, 3.0)))
    v = data.draw(arrays(np.float64, (batch, n), elements=st.floats(-3.0, 3.0)))
    a = data.draw(arrays(np.float64, (batch, n), elements=st.floats(-5.0, 5.0)))
    tau = data.draw(arrays(np.float64, (batch, n), elements=st.floats(-20.0, 20.0)))
    f_ext = data.draw(arrays(np.float64, (batch, n, 6), elements=st.floats(-10.0, 10.0)))
    link = model.link_names[-1]
    calls = {
        "inverse_dynamics": (lambda i: (q[i], v[i], a[i]), (q, v, a)),
        "inverse_dynamics f_ext": (lambda i: (q[i], v[i], a[i], f_ext[i]), (q, v, a, f_ext)),
        "bias_forces": (lambda i: (q[i], v[i]), (q, v)),
        "bias_forces f_ext": (lambda i: (q[i], v[i], f_ext[i]), (q, v, f_ext)),
        "mass_matrix": (lambda i: (q[i],), (q,)),
        "gravity": (lambda i: (q[i],), (q,)),
        "coriolis_matrix": (lambda i: (q[i], v[i]), (q, v)),
        "coriolis_forces": (lambda i: (q[i], v[i]), (q, v)),
        "friction_torques": (lambda i: (v[i],), (v,)),
        "forward_dynamics": (lambda i: (q[i], v[i], tau[i]), (q, v, tau)),
        "forward_dynamics f_ext": (lambda i: (q[i], v[i], tau[i], f_ext[i]), (q, v, tau, f_ext)),
        "kinetic_energy": (lambda i: (q[i], v[i]), (q, v)),
        "potential_energy": (lambda i: (q[i],), (q,)),
        "frame_placement": (lambda i: (q[i], link), (q, link)),
        "jacobian": (lambda i: (q[i], link), (q, link)),
        "integrate": (lambda i: (q[i], v[i], 0.01), (q, v, 0.01)),
    }
    for label, (single_args, batched_args) in calls.items():
        method = getattr(model, label.split()[0])
        _check_batched(label, method, single_args, batched_args, batch)
    for fd_method in ("generated", "recursive", "inverse"):
        _check_batched(
            f"forward_dynamics(method={fd_method!r})",
            functools.partial(model.forward_dynamics, method=fd_method),
            lambda i: (q[i], v[i], tau[i]),
            (q, v, tau),
            batch,
        )
    for fd_method in ("recursive", "inverse"):
        _check_batched(
            f"forward_dynamics(method={fd_method!r}, f_ext)",
            functools.partial(model.forward_dynamics, method=fd_method),
            lambda i: (q[i], v[i], tau[i], f_ext[i]),
            (q, v, tau, f_ext),
            batch,
        )


def _check_batched(label, method, single_args, batched_args, batch):
    batched = np.asarray(method(*batched_args))
    single = _stack(method(*single_args(i)) for i in range(batch))
    assert batched.shape == single.shape, (
        f"{label}: batched shape {batched.shape} ≠ stacked single shape {single.shape}"
    )
    np.testing.assert_allclose(
        batched,
        single,
        rtol=1e-12,
        atol=1e-12 * _scale(single),
        err_msg=f"{label}: batched call differs from single calls",
    )


@settings(PROPERTY, max_examples=10)
@given(robots(), st.integers(0, 2**32 - 1))
def test_two_batch_axes(model, seed):
    rng = np.random.default_rng(seed)
    shape = (2, 3, model.n)
    q, v, a = rng.uniform(-2, 2, shape), rng.uniform(-2, 2, shape), rng.uniform(-2, 2, shape)
    tau = model.inverse_dynamics(q, v, a)
    assert tau.shape == shape, f"inverse_dynamics with batch (2, 3) gave shape {tau.shape}"
    flat = model.inverse_dynamics(q.reshape(6, -1), v.reshape(6, -1), a.reshape(6, -1))
    np.testing.assert_allclose(
        tau.reshape(6, -1),
        flat,
        rtol=1e-12,
        atol=1e-12 * _scale(flat),
        err_msg="two batch axes differ from one",
    )
    for method in ("recursive", "inverse"):
        back = model.forward_dynamics(q, v, tau, method=method)
        assert back.shape == shape, f"forward_dynamics({method}) batch (2, 3) shape {back.shape}"
        np.testing.assert_allclose(
            back, a, rtol=0, atol=1e-7, err_msg=f"forward_dynamics({method}) with two batch axes"
        )


# ---------------------------------------------------------------- Stribeck velocity floor
def test_tiny_stribeck_velocity_is_rejected():
    """A subnormal v_s once made -1/v_s overflow into the generated code; now refused at load."""
    with pytest.raises(JointError, match="stribeck_velocity"):
        JointExtras(coulomb=1.0, static=2.0, stribeck_velocity=1e-310)
    model = RobotModel.from_mdh("rx90").with_parameters(
        extras=[JointExtras(coulomb=1.0, static=2.0, stribeck_velocity=1e-6)] * 6
    )
    zero, ones = np.zeros(model.n), np.ones(model.n)
    np.testing.assert_allclose(
        model.forward_dynamics(zero, ones, zero),
        model.forward_dynamics(zero, ones, zero, method="recursive"),
        atol=1e-9,
        err_msg="generated and reference direct dynamics differ at the smallest v_s",
    )
