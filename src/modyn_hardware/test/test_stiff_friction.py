"""Stiff friction in the built-in plant (issue 11, item 3): closed forms, MuJoCo, xarm7.

* A single damped inertia I with viscous Fv under a constant effort τ, for dt·Fv/I from 1e-4 to
  1000: semi-implicit Euler gives exactly the implicit scheme's q̇_k = q̇_∞ + (q̇_0 − q̇_∞)
  (1 + dt Fv/I)^(−k), q̇_∞ = τ/Fv, and q_k = q_0 + dt Σ q̇_i; RK4 (ETDRK4) gives exactly the
  exponential decay q̇_k = q̇_∞ + (q̇_0 − q̇_∞) e^(−k dt Fv/I) and Simpson's rule of it for q. The
  Euler solution converges to the exponential at first order.
* Dry friction on the same inertia, both integrators: a joint at rest under less than its
  breakaway friction stays exactly at rest; one pushed harder slides with q̈ = (τ − Fc)/I from
  the first step; one sliding freely stops at q̇_0 I/Fc and stays stopped, in one step when the
  friction is stiff (dt·Fc/I > q̇_0, where Fc·sign(q̇) would chatter); the Stribeck breakaway.
* The dry-friction solve against the convex problem's optimality conditions and against SciPy
  on random well- and ill-conditioned matrices, and without falling back on xarm7's matrices.
* xarm7 of example-robot-data, URDF unmodified (damping 2 to 10 N·m·s/rad, dry friction 1 N·m on
  every joint; dt·Fv/I = 15 at the wrist): the explicit step diverges within 50 ms (the issue's
  "simulation diverged"), the plant does not, with either integrator; with the dry friction
  removed, semi-implicit Euler equals MuJoCo's Euler with its implicit damping to 1e-12; both
  integrators converge to the same motion as dt shrinks (Euler at first order) while the wrist
  sticks and breaks away.
"""

from __future__ import annotations

import decimal
import functools
import importlib.metadata
from pathlib import Path

import numpy as np
import pytest
import scipy.optimize

from modyn_hardware.implicit_friction import _coordinate_descent, kkt_residual, solve_dry_friction
from modyn_hardware.simulated import INTEGRATORS, SimulatedPlant, phi_functions
from modyn_model import RobotModel
from modyn_model import algorithms as alg
from modyn_ros.testing import DISC_INERTIA, disc_urdf

INERTIA = DISC_INERTIA  # kg m², the disc about its vertical axis (no gravity torque)
DT = 1e-3
XARM7 = "xarm_description/urdf/xarm7.urdf"


def disc(**extras) -> RobotModel:
    return RobotModel.from_urdf(disc_urdf(), extras={"joints": {"spin": extras}})


@functools.cache
def _erd_robots() -> Path | None:
    """example-robot-data's robots/ directory (PyPI wheel), or None."""
    try:
        base = importlib.metadata.distribution("example-robot-data").locate_file(
            "cmeel.prefix/share/example-robot-data/robots"
        )
    except importlib.metadata.PackageNotFoundError:
        return None
    return Path(base) if (Path(base) / XARM7).is_file() else None


@pytest.fixture(scope="module")
def xarm7_xml() -> str:
    robots = _erd_robots()
    if robots is None:
        pytest.skip(f"example-robot-data with {XARM7} is not installed")
    return (robots / XARM7).read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def xarm7(xarm7_xml) -> RobotModel:
    return RobotModel.from_urdf(xarm7_xml)


# ---------------------------------------------------------------------- viscous: closed forms
@pytest.mark.parametrize("z", [1e-4, 0.5, 14.9, 1e3])  # dt·Fv/I; 14.9: xarm7's wrist
@pytest.mark.parametrize("integrator", INTEGRATORS)
def test_damped_inertia_follows_the_schemes_closed_form(integrator, z):
    fv = z * INERTIA / DT
    tau, q0, v0, steps = 0.3, 0.1, 2.0, 300
    v_inf = tau / fv
    plant = SimulatedPlant(disc(viscous=fv), integrator)
    plant.reset([q0], [v0])
    plant.write([tau])
    q, v = [q0], [v0]
    for _ in range(steps):
        plant.step(DT)
        s = plant.read()
        q.append(s.position[0])
        v.append(s.velocity[0])
    k = np.arange(steps + 1)
    if integrator == "semi_implicit_euler":
        # (I + dt Fv)(q̇⁺ − q̇) = dt (τ − Fv q̇): q̇⁺ − q̇_∞ = (q̇ − q̇_∞)/(1 + z); q⁺ = q + dt q̇⁺
        v_ref = v_inf + (v0 - v_inf) * (1.0 + z) ** (-k)
        q_ref = q0 + DT * np.concatenate([[0.0], np.cumsum(v_ref[1:])])
    else:
        # the exact velocity, and q by Simpson's rule on it over each step
        def exact(t):
            return v_inf + (v0 - v_inf) * np.exp(-t * fv / INERTIA)

        v_ref = exact(k * DT)
        steps_q = DT / 6.0 * (v_ref[:-1] + 4.0 * exact((k[:-1] + 0.5) * DT) + v_ref[1:])
        q_ref = q0 + np.concatenate([[0.0], np.cumsum(steps_q)])
    scale = max(abs(v0), abs(v_inf))
    np.testing.assert_allclose(v, v_ref, rtol=0, atol=1e-13 * scale)
    np.testing.assert_allclose(q, q_ref, rtol=0, atol=1e-13 * scale * steps * DT)


def test_implicit_euler_converges_to_the_exponential_at_first_order():
    fv, v0 = 0.5 * INERTIA / DT, 2.0  # decay time I/Fv = 2 ms
    t_end = 0.01
    errors = []
    for dt in (DT / 10, DT / 20, DT / 40):  # dt·Fv/I = 0.05, 0.025, 0.0125
        plant = SimulatedPlant(disc(viscous=fv), "semi_implicit_euler")
        plant.reset([0.0], [v0])
        for _ in range(round(t_end / dt)):
            plant.step(dt)
        errors.append(abs(plant.read().velocity[0] - v0 * np.exp(-t_end * fv / INERTIA)))
    assert errors[0] > 1e-5 * v0  # a real first-order error, not rounding
    assert errors[0] / errors[1] == pytest.approx(2.0, rel=0.05)
    assert errors[1] / errors[2] == pytest.approx(2.0, rel=0.05)


def test_phi_functions_against_50_digit_arithmetic():
    decimal.getcontext().prec = 50
    x = np.array([0.0, -1e-12, -1e-6, -0.3, -0.4999, -0.5, -0.5001, -0.999, -1.5, -20.0, -1e4])
    got = phi_functions(x)
    for i, xi in enumerate(x):
        if xi == 0.0:
            ref = [1.0, 0.5, 1.0 / 6.0]
        else:
            d = decimal.Decimal(float(xi))
            e = d.exp()
            ref = [
                float((e - 1) / d),
                float((e - 1 - d) / d**2),
                float((e - 1 - d - d * d / 2) / d**3),
            ]
        for k in range(3):
            assert got[k][i] == pytest.approx(ref[k], rel=1e-14, abs=0), (xi, k + 1)


# ---------------------------------------------------------------------- dry friction
@pytest.mark.parametrize("integrator", INTEGRATORS)
def test_dry_friction_sticks_below_and_slides_above(integrator):
    fc = 2.0
    plant = SimulatedPlant(disc(coulomb=fc), integrator, q0=[0.3])
    plant.write([0.99 * fc])
    for _ in range(1000):
        plant.step(DT)
    s = plant.read()
    assert s.position[0] == 0.3 and s.velocity[0] == 0.0  # exactly: stiction
    # τ > Fc from rest: q̈ = (τ − Fc)/I from the first step. Euler: q = ½ q̈ t (t + dt) (as in
    # test_simulated_plant's constant-torque test); RK4: its first step, from rest, is that
    # Euler step (q = q̈ dt²), then it slides and RK4 integrates the constant q̈ exactly:
    # q = ½ q̈ (t² + dt²)
    plant.reset([0.0])
    tau, steps = 5.0, 1000
    plant.write([tau])
    for _ in range(steps):
        plant.step(DT)
    s = plant.read()
    accel, t = (tau - fc) / INERTIA, steps * DT
    expected = 0.5 * accel * (t * t + DT * DT if integrator == "rk4" else t * (t + DT))
    assert s.velocity[0] == pytest.approx(accel * t, rel=1e-12)
    assert s.position[0] == pytest.approx(expected, rel=1e-12)


@pytest.mark.parametrize("integrator", INTEGRATORS)
@pytest.mark.parametrize("fc", [2.0, 2500.0])  # dt·Fc/I = 0.004 and 5 rad/s per step
def test_sliding_joint_stops_and_stays_stopped(integrator, fc):
    v0 = 1.0
    plant = SimulatedPlant(disc(coulomb=fc), integrator)
    plant.reset([0.0], [v0])
    v = []
    for _ in range(600):
        plant.step(DT)
        v.append(plant.read().velocity[0])
    k = np.arange(1, 601)
    # the velocity falls by dt·Fc/I per step until it would cross zero, then is exactly zero
    np.testing.assert_allclose(v, np.maximum(v0 - k * DT * fc / INERTIA, 0.0), rtol=0, atol=1e-12)
    stop = v0 * INERTIA / fc  # s
    # position: ½ v0 t_stop exactly, up to the step in which it stops (Euler: q + dt q̇⁺)
    q_end = plant.read().position[0]
    assert abs(q_end - 0.5 * v0 * stop) <= v0 * DT
    if fc > v0 * INERTIA / DT:  # stiff: stopped within the first step, where sign(q̇) would chatter
        assert v[0] == 0.0 and q_end <= v0 * DT


@pytest.mark.parametrize("integrator", INTEGRATORS)
def test_stribeck_breakaway_then_sliding_friction(integrator):
    fc, fst, vs = 1.0, 1.5, 0.1
    plant = SimulatedPlant(disc(coulomb=fc, static=fst, stribeck_velocity=vs), integrator)
    plant.write([1.4])  # between Fc and the breakaway Fst: stays at rest
    for _ in range(200):
        plant.step(DT)
    assert plant.read().velocity[0] == 0.0 and plant.read().position[0] == 0.0
    tau = 2.0
    plant.write([tau])
    v = 0.0
    for _ in range(50):
        # the friction magnitude is taken at the start-of-step speed: Fst from rest
        mu = fc + (fst - fc) * np.exp(-abs(v) / vs)
        v += DT * (tau - mu) / INERTIA
        plant.step(DT)
        assert plant.read().velocity[0] == pytest.approx(v, rel=1e-12)


# ---------------------------------------------------------------------- the solve
def _random_problem(rng, n, condition):
    """M with the given condition number, v° ~ N(0, 1) (b = M v°) and impulse bounds that can
    change a joint's speed by about 0.5 (c_j ~ 0.5 M_jj |N(0, 1)|; a fifth of them 0)."""
    Q, _ = np.linalg.qr(rng.normal(size=(n, n)))
    M = Q @ np.diag(np.geomspace(1.0, condition, n)) @ Q.T
    M = 0.5 * (M + M.T)
    b = M @ rng.normal(size=n)
    c = 0.5 * np.diag(M) * np.abs(rng.normal(size=n)) * np.where(rng.random(n) < 0.8, 1.0, 0.0)
    return M, b, c


def _objective(M, b, c, x) -> float:
    return float(0.5 * x @ M @ x - b @ x + c @ np.abs(x))


def _m_norm(M, x) -> float:
    return float(np.sqrt(max(x @ M @ x, 0.0)))


def _scipy_reference(M, b, c):
    """min ½ xᵀMx − bᵀx + Σ c|x| with x = p − m, p, m ≥ 0: a smooth bound-constrained problem."""
    n = len(b)

    def f(z):
        x = z[:n] - z[n:]
        g = M @ x - b
        return 0.5 * x @ M @ x - b @ x + c @ (z[:n] + z[n:]), np.concatenate([g + c, -g + c])

    res = scipy.optimize.minimize(
        f,
        np.zeros(2 * n),
        jac=True,
        method="L-BFGS-B",
        bounds=[(0, None)] * (2 * n),
        options={"ftol": 1e-16, "gtol": 1e-12, "maxiter": 20000},
    )
    return res.x[:n] - res.x[n:]


@pytest.mark.parametrize("condition", [1.0, 1e3, 1e6])
def test_dry_friction_solve_is_the_convex_minimum(condition):
    rng = np.random.default_rng(11)
    sticking = 0
    for trial in range(40):
        n = int(rng.integers(1, 9))
        M, b, c = _random_problem(rng, n, condition)
        u = np.zeros(n)
        guess = rng.integers(-1, 2, n).astype(float)
        iterations = solve_dry_friction(M, b, c, guess, u)
        scale = float(np.max(np.abs(b)) + np.max(c, initial=0.0))
        assert iterations <= 20 * n + 10, f"trial {trial}: fell back to coordinate descent"
        assert kkt_residual(M, b, c, u) <= 1e-9 * scale, (trial, kkt_residual(M, b, c, u))
        sticking += int(np.count_nonzero((u == 0.0) & (c > 0)))
        # no better point than SciPy's general-purpose minimum, and close to it in the M-norm
        ref = _scipy_reference(M, b, c)
        assert _objective(M, b, c, u) <= _objective(M, b, c, ref) + 1e-12 * scale**2 / M.max()
        assert _m_norm(M, u - ref) <= 1e-4 * _m_norm(M, np.linalg.solve(M, b))
        if condition <= 1e3:  # the fallback (slow on ill-conditioned M) finds it too
            cd = np.zeros(n)
            _coordinate_descent(M, b, c, cd)
            assert _m_norm(M, cd - u) <= 1e-8 * _m_norm(M, np.linalg.solve(M, b))
    assert sticking > 20  # the problems exercised stiction, not only sliding


def test_dry_friction_solve_on_xarm7_matrices_never_falls_back(xarm7):
    rng = np.random.default_rng(5)
    fv = np.asarray(xarm7.viscous)
    for q in rng.uniform(xarm7.lower, xarm7.upper, (50, xarm7.n)):
        M = xarm7.mass_matrix(q) + DT * np.diag(fv)
        c = DT * np.asarray(xarm7.coulomb)
        for guess in (np.zeros(xarm7.n), rng.integers(-1, 2, xarm7.n).astype(float)):
            b = M @ rng.normal(scale=0.02, size=xarm7.n)  # speeds near the friction's reach
            u = np.zeros(xarm7.n)
            assert solve_dry_friction(M, b, c, guess, u) <= 20 * xarm7.n + 10
            assert kkt_residual(M, b, c, u) <= 1e-12 * float(np.abs(b).max() + c.max())


# ---------------------------------------------------------------------- xarm7, unmodified
Q0 = np.array([0.2, -0.3, 0.1, 0.8, -0.2, 0.6, 0.1])


HOLD = 4e-3  # s: the torque sequence is a 250 Hz zero-order hold, the same for every dt


def _torque(k: int, dt: float) -> np.ndarray:
    """The torque of step k: moves every joint, the wrist joint 7 sticks and breaks away."""
    t = np.floor(k * dt / HOLD + 1e-9) * HOLD
    return 3.0 * np.sin(np.arange(7) + 5.0 * t) * np.array([5, 5, 3, 3, 1, 1, 0.5])


def test_xarm7_explicit_damping_diverges_the_plant_does_not(xarm7):
    assert xarm7.viscous.tolist() == [10.0, 10.0, 5.0, 5.0, 5.0, 2.0, 2.0]
    assert xarm7.coulomb.tolist() == [1.0] * 7
    # the scheme before this change: q̇⁺ = q̇ + dt q̈(q, q̇) with friction explicit in q̈
    data = xarm7.make_data()
    q, v = Q0.copy(), np.zeros(7)
    with np.errstate(all="ignore"):
        for k in range(50):
            try:
                v = v + DT * alg.forward_dynamics(xarm7, data, q, v, _torque(k, DT))
            except Exception:  # modyn_model refuses the non-finite state
                v = np.full(7, np.inf)
            q = q + DT * v
            if not np.isfinite(v).all() or np.abs(v).max() > 1e6:
                break
    assert not np.isfinite(v).all() or np.abs(v).max() > 1e6, f"explicit step stayed at {v}"
    for integrator in INTEGRATORS:
        plant = SimulatedPlant(xarm7, integrator, Q0)
        peak = 0.0
        for k in range(2000):
            plant.write(_torque(k, DT))
            plant.step(DT)
            peak = max(peak, float(np.abs(plant.read().velocity).max()))
        assert np.isfinite(plant.read().position).all()
        assert 0.3 < peak < 3.14, f"{integrator}: peak speed {peak} rad/s"


def test_xarm7_both_integrators_converge_to_the_same_motion(xarm7):
    def final(integrator, dt, duration=0.3):
        plant = SimulatedPlant(xarm7, integrator, Q0)
        stuck = 0
        for k in range(round(duration / dt)):
            plant.write(_torque(k, dt))
            plant.step(dt)
            stuck += plant.read().velocity[6] == 0.0
        s = plant.read()
        assert 0 < stuck < round(duration / dt)  # the wrist sticks and slides
        return np.concatenate([s.position, s.velocity])

    dts = (1e-3, 5e-4, 2.5e-4, 1.25e-4)
    euler = [final("semi_implicit_euler", dt) for dt in dts]
    rk4 = [final("rk4", dt) for dt in dts]
    d = [np.linalg.norm(euler[i] - euler[i + 1]) for i in range(3)]
    # Euler: first order, the differences halve with dt
    assert d[0] / d[1] == pytest.approx(2.0, rel=0.1)
    assert d[1] / d[2] == pytest.approx(2.0, rel=0.1)
    # RK4 converges to the same motion: its distance to Euler's Richardson extrapolation (the
    # common limit up to Euler's second-order rest) halves with dt too, as the wrist's stick
    # phases are taken by implicit Euler steps (measured 4.5e-3 ... 5.6e-4)
    reference = 2.0 * euler[-1] - euler[-2]
    errors = [np.linalg.norm(y - reference) for y in rk4]
    for coarse, fine in zip(errors, errors[1:], strict=False):
        assert coarse / fine == pytest.approx(2.0, rel=0.15), errors


def test_xarm7_euler_is_mujocos_euler_with_implicit_damping(xarm7, xarm7_xml):
    mujoco = pytest.importorskip("mujoco")
    from modyn_hardware.mujoco_plant import MujocoPlant

    # dry friction off: MuJoCo's frictionloss is a soft constraint, not the same model
    model = xarm7.with_parameters(extras=[e.merged(coulomb=0.0) for e in xarm7.extras])
    assert model.viscous.max() == 10.0 and model.coulomb.max() == 0.0
    ours = SimulatedPlant(model, "semi_implicit_euler", Q0)
    theirs = MujocoPlant(model, xarm7_xml, "semi_implicit_euler", Q0)
    # MuJoCo's Euler: (M + dt D) q̈ = τ − C q̇ − Q − D q̇ unless EULERDAMP is disabled
    theirs.mj_model.opt.disableflags &= ~int(mujoco.mjtDisableBit.mjDSBL_EULERDAMP)
    for k in range(1000):
        for plant in (ours, theirs):
            plant.write(_torque(k, DT))
            plant.step(DT)
    a, b = ours.read(), theirs.read()
    assert np.abs(a.position - Q0).max() > 0.3  # the arm moved
    np.testing.assert_allclose(b.position, a.position, rtol=0, atol=1e-12)
    np.testing.assert_allclose(b.velocity, a.velocity, rtol=0, atol=1e-11)
