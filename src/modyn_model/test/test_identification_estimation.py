"""Issue 19, engineer B's library part: exciting trajectories, filtering, OLS/WLS with std,
physical consistency and the export to a loadable model (no ROS; the end-to-end run on MuJoCo is
tests/test_identification_end_to_end.py).

References nobody here wrote: closed-form derivatives of the Fourier series, numpy's lstsq on
the same system, the covariance of least squares checked by Monte-Carlo over noise draws,
Wensing's pseudo-inertia against the COM-tensor conditions.
"""

from __future__ import annotations

import warnings

import numpy as np
import pytest

from modyn_model import RobotModel
from modyn_model.identification import (
    IdentificationError,
    PhysicalConsistencyWarning,
    base_parameters,
    check_consistency,
    closest_standard_parameters,
    identified_model,
    identify_base,
    least_squares,
    optimize_excitation,
    prepare,
    regressor,
    standard_parameters,
    write_model,
)
from modyn_model.identification.consistency import (
    consistent_standard_parameters,
    pseudo_inertia,
)
from modyn_model.identification.excitation import (
    FourierTrajectory,
    excitation_criterion,
    fourier_basis,
    scale_to_limits,
)
from modyn_model.identification.filtering import check_samples, lowpass


@pytest.fixture(scope="module")
def rx90():
    model = RobotModel.from_mdh("rx90")
    return model, base_parameters(model)


def test_fourier_starts_at_rest_and_respects_limits(rx90):
    model, base = rx90
    q_start = np.array([0.0, -0.5, 1.0, 0.0, 0.5, 0.0])
    traj, cond = optimize_excitation(
        model,
        base,
        period=6.0,
        harmonics=4,
        q_start=q_start,
        velocity_limit=1.5,
        acceleration_limit=4.0,
        margin=0.2,
        starts=4,
        evaluations=30,
    )
    q, v, a = traj.sample([0.0, traj.period])
    np.testing.assert_allclose(q, [q_start, q_start], atol=1e-12)  # starts and ends at rest
    np.testing.assert_allclose(v, 0.0, atol=1e-12)
    np.testing.assert_allclose(a, 0.0, atol=1e-12)
    t = np.linspace(0.0, traj.period, 3000)
    q, v, a = traj.sample(t)
    lower = np.where(np.isfinite(model.lower), model.lower, -np.pi)
    upper = np.where(np.isfinite(model.upper), model.upper, np.pi)
    assert np.all(q >= lower + 0.2 - 1e-9) and np.all(q <= upper - 0.2 + 1e-9)
    assert np.abs(v).max() <= 1.5 * (1 + 1e-3) and np.abs(a).max() <= 4.0 * (1 + 1e-3)
    # at the limit on at least one bound (the scaling uses all the room there is)
    assert max(np.abs(v).max() / 1.5, np.abs(a).max() / 4.0) > 0.97
    # the derivatives are those of q (central differences of the closed form)
    h = 1e-5
    qp, _, _ = traj.sample(t[1:-1] + h)
    qm, _, _ = traj.sample(t[1:-1] - h)
    np.testing.assert_allclose((qp - qm) / (2 * h), v[1:-1], atol=1e-6)
    _, vp, _ = traj.sample(t[1:-1] + h)
    _, vm, _ = traj.sample(t[1:-1] - h)
    np.testing.assert_allclose((vp - vm) / (2 * h), a[1:-1], atol=1e-5)
    assert cond == pytest.approx(excitation_criterion(model, traj, base))
    # optimised beats the random start it came from
    basis = fourier_basis(4)
    assert np.allclose(basis.T @ basis, np.eye(6))


def test_optimisation_lowers_the_condition_number(rx90):
    model, base = rx90
    kw = dict(
        period=6.0,
        harmonics=4,
        q_start=np.zeros(6),
        velocity_limit=1.5,
        acceleration_limit=4.0,
        margin=0.2,
        starts=1,
        seed=3,
    )
    _, c0 = optimize_excitation(model, base, evaluations=0, **kw)
    _, c1 = optimize_excitation(model, base, evaluations=60, **kw)
    assert c1 < 0.8 * c0


def test_no_room_is_an_error(rx90):
    model, _ = rx90
    traj = FourierTrajectory(1.0, np.zeros(6), np.ones((6, 2)), np.zeros((6, 2)))
    lower, upper = -np.ones(6), np.ones(6)
    with pytest.raises(Exception, match="no exciting motion fits the limits"):
        scale_to_limits(traj, upper, lower, upper, 1.0, 1.0, margin=0.0)


def _synthetic(model, base, noise, seed, period=6.0, rate=100.0):
    traj, _ = optimize_excitation(
        model,
        base,
        period=period,
        harmonics=4,
        q_start=np.zeros(model.n),
        velocity_limit=1.5,
        acceleration_limit=4.0,
        margin=0.2,
        starts=3,
        evaluations=0,
        seed=seed,
    )
    t = traj.times(rate)
    q, v, a = traj.sample(t)
    tau = model.inverse_dynamics(q, v, a)
    rng = np.random.default_rng(seed)
    return q, v, a, tau + noise * rng.standard_normal(tau.shape)


def test_exact_data_give_the_true_base_parameters(rx90):
    model, base = rx90
    q, v, a, tau = _synthetic(model, base, np.zeros(6), 0)
    for weighted in (False, True):
        est = identify_base(model, base, q, v, a, tau, weighted=weighted)
        np.testing.assert_allclose(
            est.values, base.base_values(standard_parameters(model)), rtol=1e-8, atol=1e-8
        )
        assert est.residual_rms < 1e-9


def test_ols_matches_lstsq_and_its_std_matches_monte_carlo(rx90):
    """σ(χ̂) = √diag(σ²(WᵀW)⁻¹) against the spread of χ̂ over 60 draws of white noise of
    one level (the OLS assumption)."""
    model, base = rx90
    q, v, a, tau0 = _synthetic(model, base, np.zeros(6), 1, rate=30.0)
    w = base.project(regressor(model, q, v, a))
    noise = 0.2
    rng = np.random.default_rng(5)
    draws, stds = [], []
    for _ in range(60):
        y = tau0 + noise * rng.standard_normal(tau0.shape)
        est = least_squares(w, y, base.names, weighted=False)
        draws.append(est.values)
        stds.append(est.std)
    ref, *_ = np.linalg.lstsq(w.reshape(-1, base.rank), y.reshape(-1), rcond=None)
    np.testing.assert_allclose(est.values, ref, rtol=1e-9, atol=1e-12)
    spread = np.std(draws, axis=0)
    predicted = np.mean(stds, axis=0)
    # 60 draws: the sample std is within ±35 % of the true one (its relative spread is
    # 1/√120 = 9 %: 3.8 sigma)
    np.testing.assert_allclose(spread, predicted, rtol=0.35)


def test_wls_weights_the_joints_by_their_noise(rx90):
    """Noise 100x larger on joint 1: WLS's σ̂_j finds each joint's level, its std agrees with the
    spread over draws, and its estimates are closer to the truth than OLS's, which lets joint 1
    dominate."""
    model, base = rx90
    q, v, a, tau0 = _synthetic(model, base, np.zeros(6), 2, rate=30.0)
    w = base.project(regressor(model, q, v, a))
    noise = np.array([5.0, 0.05, 0.05, 0.05, 0.05, 0.05])
    rng = np.random.default_rng(9)
    truth = base.base_values(standard_parameters(model))
    err_ols, err_wls = [], []
    for _ in range(20):
        y = tau0 + noise * rng.standard_normal(tau0.shape)
        ols = least_squares(w, y, base.names, weighted=False)
        wls = least_squares(w, y, base.names, weighted=True)
        err_ols.append(ols.values - truth)
        err_wls.append(wls.values - truth)
    np.testing.assert_allclose(wls.joint_sigma / noise, 1.0, rtol=0.15)
    assert np.mean(np.square(err_wls)) < 0.25 * np.mean(np.square(err_ols))
    # 20 draws: the spread is within ±50 % of the WLS std (relative spread 1/√40 = 16 %: 3 sigma)
    np.testing.assert_allclose(np.std(err_wls, axis=0), wls.std, rtol=0.5)


def test_unexciting_trajectory_is_refused_naming_parameters(rx90):
    model, base = rx90
    t = np.arange(400) / 100.0
    q = np.zeros((t.size, 6))
    q[:, 0] = 0.5 * np.sin(t)  # only joint 1 moves
    v = np.gradient(q, 0.01, axis=0)
    a = np.gradient(v, 0.01, axis=0)
    tau = model.inverse_dynamics(q, v, a)
    with pytest.raises(IdentificationError, match=r"rank deficient .* does not excite \["):
        identify_base(model, base, q, v, a, tau)


def test_nan_and_time_problems_are_named():
    names = ("j1", "j2")
    t = np.arange(100) * 0.01
    q = np.zeros((100, 2))
    tau = np.zeros((100, 2))
    tau[42, 1] = np.nan
    with pytest.raises(IdentificationError, match=r"effort of joint 'j2' is nan at t = 0.42 s"):
        check_samples(t, q, tau, names)
    tau[42, 1] = 0.0
    t2 = t.copy()
    t2[50] = t2[49]
    with pytest.raises(IdentificationError, match="time does not increase at sample 50"):
        check_samples(t2, q, tau, names)
    t3 = np.delete(t, 30)
    with pytest.raises(IdentificationError, match="not uniform"):
        prepare(t3, q[:99], tau[:99], names)


def test_filter_is_zero_phase_and_derivatives_follow():
    rate = 1000.0
    t = np.arange(4000) / rate
    x = np.sin(2 * np.pi * 1.0 * t)[:, None]
    rng = np.random.default_rng(0)
    y = lowpass(x + 1e-3 * rng.standard_normal(x.shape), 20.0, rate)
    inner = slice(200, -200)
    np.testing.assert_allclose(y[inner], x[inner], atol=1e-3)  # no delay, no gain change
    d = prepare(t, np.hstack([x, 2 * x]), np.zeros((4000, 2)), ("a", "b"), cutoff=20.0, decimate=10)
    w = 2 * np.pi
    np.testing.assert_allclose(d.v[:, 0], w * np.cos(w * d.t), atol=2e-3 * w)
    np.testing.assert_allclose(d.a[:, 0], -w * w * np.sin(w * d.t), atol=5e-3 * w * w)
    assert np.allclose(np.diff(d.t), 0.01)


def test_pseudo_inertia_agrees_with_the_com_conditions():
    """A body passes the LMI iff it passes mass > 0, PSD COM inertia and the triangle
    inequality (Wensing et al. 2017), on random bodies around the boundary."""
    rng = np.random.default_rng(4)
    model = RobotModel.from_mdh("rx90")
    agree = 0
    for _ in range(300):
        chi = standard_parameters(model).copy()
        row = chi[:14]
        row[:10] = rng.normal(size=10) * [1, 0.2, 0.2, 1, 0.2, 1, 0.3, 0.3, 0.3, 1]
        row[9] = abs(row[9]) + 0.1
        issues = check_consistency(model, chi, warn=False)
        com = [i for i in issues if i.joint == 0 and "LMI" not in i.condition]
        lmi = [i for i in issues if i.joint == 0 and "LMI" in i.condition]
        assert bool(com) == bool(lmi)
        agree += 1
    assert agree == 300
    assert np.linalg.eigvalsh(pseudo_inertia(model.inertial_parameters[1]))[0] >= 0


def test_inconsistency_warns_naming_the_link(rx90):
    model, _ = rx90
    chi = standard_parameters(model).copy()
    chi[14 * 2 + 9] = -1.0  # M3 < 0
    with pytest.warns(PhysicalConsistencyWarning, match=r"link '.*' \(joint 3\): mass M must"):
        check_consistency(model, chi)


def test_export_keeps_the_base_parameters_and_loads_back(tmp_path, rx90):
    """A perturbed robot: its base values, turned into standard parameters closest to the
    nominal, give a model whose base values are the same; written as URDF + extras it loads."""
    model, base = rx90
    rows = np.asarray(model.inertial_parameters).copy()
    rows[5, 9] += 2.0  # 2 kg more on link 6 at its origin
    truth = model.with_parameters(rows)
    chi_b = base.base_values(standard_parameters(truth))
    chi = closest_standard_parameters(base, chi_b, standard_parameters(model))
    np.testing.assert_allclose(base.K @ chi, chi_b, atol=1e-10)
    with warnings.catch_warnings():
        warnings.simplefilter("error", PhysicalConsistencyWarning)
        ident, chi2, gap = identified_model(model, base, chi_b)
    assert np.abs(gap).max() < 1e-9
    paths = write_model(ident, tmp_path, "rx90_identified")
    loaded = RobotModel.from_urdf(paths["urdf"], extras=paths["extras"])
    np.testing.assert_allclose(base.base_values(standard_parameters(loaded)), chi_b, atol=1e-9)
    rng = np.random.default_rng(1)
    q, v, a = rng.uniform(-1, 1, (3, 5, 6))
    np.testing.assert_allclose(
        loaded.inverse_dynamics(q, v, a), truth.inverse_dynamics(q, v, a), atol=1e-9
    )


def test_alternating_projections_reach_a_consistent_set(rx90):
    """Base values of a consistent robot, started from an inconsistent standard vector with
    the same base values: the projections end consistent with K χ = χ_b."""
    model, base = rx90
    chi_true = standard_parameters(model)
    chi_b = base.base_values(chi_true)
    bad = chi_true.copy()
    # move along the null space of K (same base values) until link 6 is inconsistent
    null = np.linalg.svd(base.K)[2][base.rank :]
    direction = null[np.argmax(np.abs(null[:, 14 * 5]))]
    bad = chi_true + 2.0 * direction / direction[14 * 5] * -abs(chi_true[14 * 5] + 1.0)
    np.testing.assert_allclose(base.K @ bad, chi_b, atol=1e-9)
    assert check_consistency(model, bad, warn=False)
    chi, gap = consistent_standard_parameters(base, chi_b, bad, iterations=3000)
    assert not check_consistency(model, chi, warn=False)
    assert gap < 1e-6 * np.abs(chi_b).max()
