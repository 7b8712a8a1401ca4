"""Property tests of modyn_model.dualquat: every identity of note §2 (and the algebraic ones of
§11), on random batches, against closed forms (rotation matrices, homogeneous transforms,
finite differences) that do not use the DQ code under test."""

from __future__ import annotations

import numpy as np

from modyn_model import dualquat as dq

RNG = np.random.default_rng(18)
B = 64  # batch size


def _unit_quats(n=B):
    q = RNG.normal(size=(n, 4))
    return q / np.linalg.norm(q, axis=-1, keepdims=True)


def _poses(n=B):
    return dq.dqfrom_pose(_unit_quats(n), RNG.normal(size=(n, 3)))


def _pure(n=B):
    return dq.dqpure(RNG.normal(size=(n, 3)), RNG.normal(size=(n, 3)))


def _skew(v):
    x, y, z = v
    return np.array([[0, -z, y], [z, 0, -x], [-y, x, 0]])


def _hom(r, p):
    t = np.eye(4)
    t[:3, :3], t[:3, 3] = r, p
    return t


# --------------------------------------------------------------------------- quaternions
def test_quaternion_product_matches_rotation_composition_and_lr_matrices():
    a, b = _unit_quats(), _unit_quats()
    ab = dq.qmul(a, b)
    np.testing.assert_allclose(dq.qto_matrix(ab), dq.qto_matrix(a) @ dq.qto_matrix(b), atol=1e-14)
    x = RNG.normal(size=(B, 4))
    y = RNG.normal(size=(B, 4))
    # eq. (3): a∘b = [a]_L b = [b]_R a
    np.testing.assert_allclose(dq.qmul(x, y), (dq.qleft(x) @ y[..., None])[..., 0], atol=1e-14)
    np.testing.assert_allclose(dq.qmul(x, y), (dq.qright(y) @ x[..., None])[..., 0], atol=1e-14)
    # rotation of a vector: p∘(0, v)∘p* = (0, R v)
    v = np.zeros((B, 4))
    v[:, 1:] = RNG.normal(size=(B, 3))
    rot = dq.qmul(a, dq.qmul(v, dq.qconj(a)))
    np.testing.assert_allclose(
        rot[:, 1:], np.einsum("bij,bj->bi", dq.qto_matrix(a), v[:, 1:]), atol=1e-14
    )
    np.testing.assert_allclose(dq.qmul(x, dq.qinv(x)), np.tile(dq.IDENTITY, (B, 1)), atol=1e-14)
    np.testing.assert_allclose(dq.qnorm(dq.qmul(x, y)), dq.qnorm(x) * dq.qnorm(y), rtol=1e-14)
    np.testing.assert_allclose(
        dq.qfrom_matrix(dq.qto_matrix(a)), np.where(a[:, :1] < 0, -a, a), atol=1e-14
    )


def test_quaternion_log_exp_and_cross():
    a = _unit_quats()
    lg = dq.qlog(a)
    assert np.all(np.linalg.norm(lg[:, 1:], axis=1) <= np.pi / 2 + 1e-15)  # shortest rotation
    np.testing.assert_allclose(dq.qexp(lg), np.where(a[:, :1] < 0, -a, a), atol=1e-14)
    u, w = _pure(B)[:, :4], _pure(B)[:, :4]
    np.testing.assert_allclose(dq.qcross(u, w), 0.5 * (dq.qmul(u, w) - dq.qmul(w, u)), atol=1e-14)


# --------------------------------------------------------------------------- DQ algebra
def test_dq_product_is_associative_with_conjugate_norm_inverse():
    a, b, c = RNG.normal(size=(3, B, 8))
    np.testing.assert_allclose(dq.dqmul(dq.dqmul(a, b), c), dq.dqmul(a, dq.dqmul(b, c)), atol=1e-12)
    # (a∘b)* = b*∘a*
    np.testing.assert_allclose(
        dq.dqconj(dq.dqmul(a, b)), dq.dqmul(dq.dqconj(b), dq.dqconj(a)), atol=1e-13
    )
    eye = np.tile(dq.DQ_IDENTITY, (B, 1))
    np.testing.assert_allclose(dq.dqmul(a, dq.dqinv(a)), eye, atol=1e-11)
    np.testing.assert_allclose(dq.dqmul(dq.dqinv(a), a), eye, atol=1e-11)
    # the dual-number norm is multiplicative: ‖ab‖ = ‖a‖‖b‖ (dual numbers: (x, x') (y, y') =
    # (xy, xy' + x'y))
    na, nb, nab = dq.dqnorm(a), dq.dqnorm(b), dq.dqnorm(dq.dqmul(a, b))
    np.testing.assert_allclose(nab[:, 0], na[:, 0] * nb[:, 0], rtol=1e-13)
    np.testing.assert_allclose(
        nab[:, 1], na[:, 0] * nb[:, 1] + na[:, 1] * nb[:, 0], rtol=1e-10, atol=1e-12
    )
    # ε² = 0: (0 + ε1)∘(0 + ε1) = 0
    eps = np.zeros(8)
    eps[4] = 1.0
    np.testing.assert_array_equal(dq.dqmul(eps, eps), np.zeros(8))
    # eq. (3): σ̂₁∘σ̂₂ = Λ̂⁺(σ̂₁) σ̂₂ = Λ̂⁻(σ̂₂) σ̂₁
    np.testing.assert_allclose(dq.dqmul(a, b), (dq.dqleft(a) @ b[..., None])[..., 0], atol=1e-13)
    np.testing.assert_allclose(dq.dqmul(a, b), (dq.dqright(b) @ a[..., None])[..., 0], atol=1e-13)


def test_unit_dq_pose_constraints_recovery_and_composition():
    quat, r = _unit_quats(), RNG.normal(size=(B, 3))
    x = dq.dqfrom_pose(quat, r)
    np.testing.assert_allclose(dq.dqnorm(x), np.tile([1.0, 0.0], (B, 1)), atol=1e-14)
    np.testing.assert_allclose(dq.dqtranslation(x), r, atol=1e-14)  # r^a = 2 q_d∘q*
    rot = dq.qto_matrix(quat)
    np.testing.assert_allclose(
        dq.dqtranslation_body(x), np.einsum("bji,bj->bi", rot, r), atol=1e-14
    )  # r^b = 2 q*∘q_d = Rᵀ r^a
    # q̂_ca = q̂_ba∘q̂_cb ↔ T_ca = T_ba T_cb; inverse = conjugate
    y = _poses()
    t = dq.dqto_matrix(dq.dqmul(x, y))
    np.testing.assert_allclose(t, dq.dqto_matrix(x) @ dq.dqto_matrix(y), atol=1e-13)
    np.testing.assert_allclose(dq.dqinv(x), dq.dqconj(x), atol=1e-14)
    np.testing.assert_allclose(
        dq.dqfrom_matrix(dq.dqto_matrix(x)) * np.sign(x[:, :1]), x, atol=1e-13
    )
    # renormalisation returns a unit DQ and leaves a unit DQ unchanged
    np.testing.assert_allclose(dq.dqnormalize(x), x, atol=1e-15)
    z = dq.dqnormalize(x + 1e-3 * RNG.normal(size=x.shape))
    np.testing.assert_allclose(dq.dqnorm(z), np.tile([1.0, 0.0], (B, 1)), atol=1e-14)


def test_dual_cross_correct_sign_and_newton_euler_terms():
    u, w = _pure(), _pure()
    c = dq.dqcross(u, w)
    np.testing.assert_allclose(c, 0.5 * (dq.dqmul(u, w) - dq.dqmul(w, u)), atol=1e-13)
    # ω̂ × (p + εh) = ω×p + ε(ω×h + v×p)
    om, v, p, h = u[:, 1:4], u[:, 5:8], w[:, 1:4], w[:, 5:8]
    np.testing.assert_allclose(c[:, 1:4], np.cross(om, p), atol=1e-14)
    np.testing.assert_allclose(c[:, 5:8], np.cross(om, h) + np.cross(v, p), atol=1e-13)
    # the paper's Table 1 form flips v×p (note A3): it differs by 2 p×v... i.e. −2 v×p
    t1 = dq.dqcross_table1(u, w)
    np.testing.assert_allclose(t1[:, 5:8] - c[:, 5:8], -2.0 * np.cross(v, p), atol=1e-13)
    assert np.abs(t1 - c).max() > 0.1


def test_adjoint_block_form_and_note_identities():
    x = _poses()
    ad = dq.dqadjoint_matrix(x)
    tw = _pure()
    # Ad(q̂)x = q̂*∘x∘q̂ = Q x (eq. 24)
    np.testing.assert_allclose(dq.dqadjoint(x, tw), (ad @ tw[..., None])[..., 0], atol=1e-13)
    np.testing.assert_allclose(dq.dqadjoint_matrix_unit(x), ad, atol=1e-13)
    # block form [[Rᵀ, 0], [−r̃^b Rᵀ, Rᵀ]] (Featherstone's motion transform, note §2.3)
    rot = dq.qto_matrix(x[:, :4])
    rb = dq.dqtranslation_body(x)
    for i in range(4):
        rt = rot[i].T
        np.testing.assert_allclose(ad[i, 1:4, 1:4], rt, atol=1e-14)
        np.testing.assert_allclose(ad[i, 5:8, 5:8], rt, atol=1e-14)
        np.testing.assert_allclose(ad[i, 5:8, 1:4], -_skew(rb[i]) @ rt, atol=1e-13)
        np.testing.assert_allclose(ad[i, 1:4, 5:8], 0.0, atol=1e-15)
        np.testing.assert_allclose(ad[i, [0, 4]][:, [0, 4]], np.eye(2), atol=1e-14)
    # §11: Ad(q̂*) = Ad(q̂)⁻¹ and P·Ad(q̂)⁻¹·P = Ad(q̂)ᵀ
    inv = np.linalg.inv(ad)
    np.testing.assert_allclose(dq.dqadjoint_matrix(dq.dqconj(x)), inv, atol=1e-12)
    np.testing.assert_allclose(dq.SWAP @ inv @ dq.SWAP, np.swapaxes(ad, -1, -2), atol=1e-12)
    # power is frame-independent: ⟨P f̂, ω̂⟩ in a = in b (the swap pairs T with ω, F with v)
    f = _pure()
    pa = np.einsum("bi,bi->b", dq.dqswap(f), tw)
    pb = np.einsum("bi,bi->b", dq.dqswap(dq.dqadjoint(x, f)), dq.dqadjoint(x, tw))
    np.testing.assert_allclose(pa, pb, rtol=1e-12, atol=1e-12)
    np.testing.assert_array_equal(dq.dqswap(dq.dqswap(f)), f)


def test_twist_transform_is_rigid_body_velocity_field():
    """Ad(q̂_ba) maps (ω^a, v at a's origin, a axes) to (ω^b, v at b's origin, b axes)."""
    x = _poses(8)
    tw = _pure(8)
    out = dq.dqadjoint(x, tw)
    rot = dq.qto_matrix(x[:, :4])
    r = dq.dqtranslation(x)
    for i in range(8):
        om, v = tw[i, 1:4], tw[i, 5:8]
        np.testing.assert_allclose(out[i, 1:4], rot[i].T @ om, atol=1e-14)
        np.testing.assert_allclose(out[i, 5:8], rot[i].T @ (v + np.cross(om, r[i])), atol=1e-13)


# --------------------------------------------------------------------------- log / exp
def test_screw_exp_log_round_trip_and_decoupled_log():
    x = _poses()
    sx = np.where(x[:, :1] < 0, -x, x)
    np.testing.assert_allclose(dq.dqexp(dq.dqlog_screw(x)), sx, atol=1e-13)
    xi = 0.5 * _pure()  # |ξ_r| < π/2 mostly: the principal branch
    xi[:, 1:4] *= np.minimum(1.0, 1.4 / np.linalg.norm(xi[:, 1:4], axis=1))[:, None]
    e = dq.dqexp(xi)
    np.testing.assert_allclose(dq.dqnorm(e), np.tile([1.0, 0.0], (B, 1)), atol=1e-14)
    np.testing.assert_allclose(dq.dqlog_screw(e), xi, atol=1e-13)
    # the decoupled log (Table 1) = (½φn̂, ½r^b); its own exp inverts it
    lg = dq.dqlog(x)
    np.testing.assert_allclose(lg[:, 5:8], 0.5 * dq.dqtranslation_body(x), atol=1e-14)
    np.testing.assert_allclose(lg[:, :4], dq.qlog(x[:, :4]), atol=1e-15)
    np.testing.assert_allclose(dq.dqexp_decoupled(lg), sx, atol=1e-13)
    # ... and is NOT the screw log when the rotation is non-zero (note §2.1)
    assert np.abs(dq.dqlog(e) - xi).max() > 1e-2
    # pure translation: both logs agree
    tr = dq.dqfrom_pose(np.tile(dq.IDENTITY, (B, 1)), RNG.normal(size=(B, 3)))
    np.testing.assert_allclose(dq.dqlog(tr), dq.dqlog_screw(tr), atol=1e-15)
    # small angles use the series without loss
    tiny = _pure(4) * 1e-9
    np.testing.assert_allclose(dq.dqlog_screw(dq.dqexp(tiny)), tiny, atol=1e-22)


def test_exp_is_the_matrix_exponential_of_the_twist():
    """exp(½ω̂) = the pose reached after 1 s at constant body twist (ω, v): compared with the
    4×4 matrix exponential of [[ω̃, v], [0, 0]] (scipy)."""
    from scipy.linalg import expm

    tw = _pure(8)
    e = dq.dqexp(0.5 * tw)
    for i in range(8):
        m = np.zeros((4, 4))
        m[:3, :3], m[:3, 3] = _skew(tw[i, 1:4]), tw[i, 5:8]
        np.testing.assert_allclose(dq.dqto_matrix(e[i]), expm(m), atol=1e-12)


# --------------------------------------------------------------------------- kinematics
def test_kinematics_rate_matches_finite_difference():
    """q̂̇ = ½q̂∘ω̂: central difference of t ↦ q̂₀∘exp(½tω̂) at t = 0."""
    x, tw = _poses(), _pure()
    h = 1e-6
    fd = (dq.dqmul(x, dq.dqexp(0.5 * h * tw)) - dq.dqmul(x, dq.dqexp(-0.5 * h * tw))) / (2 * h)
    np.testing.assert_allclose(dq.dqrate(x, tw), fd, atol=1e-8)
    # and the twist is (body ω, velocity of the origin in body axes): ṙ^a = R v
    rdot = (
        dq.dqtranslation(dq.dqintegrate(x, tw, h)) - dq.dqtranslation(dq.dqintegrate(x, tw, -h))
    ) / (2 * h)
    np.testing.assert_allclose(
        rdot, np.einsum("bij,bj->bi", dq.qto_matrix(x[:, :4]), tw[:, 5:8]), atol=1e-8
    )


def test_rkmk4_is_fourth_order_and_stays_unit():
    """A time-varying body twist ω̂(t) (no closed form): the RKMK4 error against a 1/512 s
    reference falls ≈ 16× per halving of h, and q̂ stays a unit DQ."""

    def f(qhat, x):
        t = x[..., 0]
        w = np.stack(
            [
                np.zeros_like(t),
                np.sin(t),
                0.5 + 0 * t,
                np.cos(2 * t),
                np.zeros_like(t),
                1 + t,
                np.sin(3 * t),
                0.3 + 0 * t,
            ],
            -1,
        )
        return w, np.ones_like(x)

    def run(h):
        q, x = dq.DQ_IDENTITY.copy(), np.zeros(1)
        for _ in range(int(round(2.0 / h))):
            q, x = dq.rkmk4_step(q, x, h, f)
        return q

    ref = run(1 / 512)
    errs = [np.abs(run(h) - ref).max() for h in (1 / 16, 1 / 32, 1 / 64)]
    assert errs[0] / errs[1] > 12 and errs[1] / errs[2] > 12, errs
    np.testing.assert_allclose(dq.dqnorm(ref), [1.0, 0.0], atol=1e-14)


def test_batched_calls_equal_one_at_a_time():
    x, y = _poses(5), _pure(5)
    for fn in (dq.dqmul, dq.dqadjoint, dq.dqcross):
        batched = fn(x, y)
        np.testing.assert_allclose(batched, np.stack([fn(x[i], y[i]) for i in range(5)]))
    grid = dq.dqmul(x[:, None, :], x[None, :, :])
    assert grid.shape == (5, 5, 8)
    np.testing.assert_allclose(grid[2, 3], dq.dqmul(x[2], x[3]))
