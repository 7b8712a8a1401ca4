"""The Stewart platform as a generic multibody model (URDF tree + six spherical loop closures,
``modyn_model.mechanisms.stewart.multibody``): an independent cross-check of the
generalized-momentum (GM) model.

Part 1 reproduces the reference numbers of the research note (../shared/research/
seed-000-stewart.md §9) with the multibody model alone: nothing of the GM model is used, the
parameters are written here from Table 2 and the note's §2 layout. Part 2 compares the GM model
and the multibody model on random states and random parameters (agreement to 1e-8).
"""

from __future__ import annotations

import dataclasses
import types

import numpy as np
import pytest

from modyn_model.mechanisms.stewart.multibody import StewartMultibody, tree_state

DEG = np.pi / 180.0
P1 = np.array([0.0, 0.0, 2.0, 0.0, 0.0, 0.0])
P2 = np.array([-0.1, -0.2, 2.5, 15 * DEG, -15 * DEG, 15 * DEG])
XD_94 = np.array([0.1, -0.2, 0.3, 20 * DEG, -10 * DEG, 30 * DEG])  # note §9.4
XDD_94 = np.array([0.5, 0.4, -1.0, 50 * DEG, 40 * DEG, -60 * DEG])


def table2(**changes):
    """Table 2 of the paper with the note's §2 layout (B1 at +φ_B, platform pairs at 60°, 180°,
    300°, joints at z = 0, g = 9.81), written out here, independently of StewartParameters."""
    gb = DEG * np.array([15.0, 105.0, 135.0, 225.0, 255.0, 345.0])
    gp = DEG * np.array([60.0, 60.0, 180.0, 180.0, 300.0, 300.0])
    fields = dict(
        base_points=np.c_[1.5 * np.cos(gb), 1.5 * np.sin(gb), np.zeros(6)],
        platform_points=np.c_[0.75 * np.cos(gp), 0.75 * np.sin(gp), np.zeros(6)],
        platform_mass=1.43,
        platform_inertia=np.diag([0.2, 0.2, 0.4]),
        cylinder_mass=np.full(6, 0.39),
        cylinder_com=np.full(6, 0.5),
        cylinder_inertia=np.tile([0.0, 0.1, 0.1], (6, 1)),
        piston_mass=np.full(6, 0.39),
        piston_com=np.full(6, 0.5),
        piston_inertia=np.tile([0.0, 0.1, 0.1], (6, 1)),
        gravity=np.array([0.0, 0.0, -9.81]),
    )
    fields.update(changes)
    return types.SimpleNamespace(**fields)


def euler_rate_matrix(x):
    """J_A of the note's eq. (9): ω = J_A [ψ̇, θ̇, φ̇]."""
    psi, th = x[3], x[4]
    return np.array(
        [
            [0.0, -np.sin(psi), np.cos(th) * np.cos(psi)],
            [0.0, np.cos(psi), np.cos(th) * np.sin(psi)],
            [1.0, 0.0, -np.sin(th)],
        ]
    )


def twist_matrix(x):
    """T = blockdiag(E₃, J_A) (note eq. 23): u = T ẋ."""
    t = np.eye(6)
    t[3:, 3:] = euler_rate_matrix(x)
    return t


@pytest.fixture(scope="module")
def lopes():
    return StewartMultibody(table2())


# ---------------------------------------------------------------------------------- part 1
def test_tree_is_the_platform_chain_plus_twelve_leg_bodies(lopes):
    tree = lopes.tree
    assert tree.nv == 24 and lopes.constrained.m == 18
    mass = tree.inertial_parameters[:, 9].sum()
    assert mass == pytest.approx(1.43 + 6 * (0.39 + 0.39), rel=1e-15)
    # the leg bodies' frames: x along the leg (note §4.7), y horizontal, z up
    q, _, _ = lopes.tree_state(P2)
    for n in range(1, 7):
        t = tree.frame_placement(q, f"leg{n}_piston")
        tp = tree.frame_placement(q, f"platform_p{n}")
        b = tree.frame_placement(q, f"leg{n}_yoke")[:3, 3]
        leg = tp[:3, 3] - b
        np.testing.assert_allclose(t[:3, 0], leg / np.linalg.norm(leg), atol=1e-14)
        assert abs(t[2, 1]) < 1e-15 and t[2, 2] > 0


def random_platform_states(rng, count):
    x = P1 + rng.uniform(-1, 1, size=(count, 6)) * [0.2, 0.2, 0.3, 0.3, 0.3, 0.3]
    x[:, 2] += 0.25
    return x, rng.normal(size=(count, 6)), rng.normal(size=(count, 6)) * 3


def test_state_map_satisfies_the_closures(lopes):
    """φ, J v and J v̇ + J̇ v of the ConstrainedModel's own rows vanish at the mapped state."""
    rng = np.random.default_rng(1)
    x, xd, xdd = random_platform_states(rng, 200)
    q, v, a = lopes.tree_state(x, xd, xdd)
    cm = lopes.constrained
    assert np.abs(cm.constraint_residual(q)).max() < 1e-14
    assert np.abs(cm.constraint_velocity(q, v)).max() < 1e-13
    assert np.abs(cm.acceleration_residual(q, v, a)).max() < 1e-12
    np.testing.assert_array_equal(q[:, lopes.platform_index], x)
    np.testing.assert_array_equal(a[:, lopes.platform_index], xdd)


def test_state_map_rates_are_time_derivatives(lopes):
    """v and v̇ are dq/dt and dv/dt along x(t) = x + ẋ t + ẍ t²/2 (central differences)."""
    rng = np.random.default_rng(2)
    x, xd, xdd = (s[0] for s in random_platform_states(rng, 1))
    h = 1e-5

    def at(t):
        return lopes.tree_state(x + xd * t + 0.5 * xdd * t * t, xd + xdd * t, xdd)

    q0, v0, a0 = at(0.0)
    (qp, vp, _), (qm, vm, _) = at(h), at(-h)
    np.testing.assert_allclose((qp - qm) / (2 * h), v0, atol=1e-8)
    np.testing.assert_allclose((vp - vm) / (2 * h), a0, atol=1e-7)


def test_note_9_statics(lopes):
    """τ(P1) = 7.042505 N on every leg and τ(P2) (note §9.3), from the multibody model."""
    zero = np.zeros(6)
    np.testing.assert_allclose(lopes.leg_forces(P1, zero, zero), 7.042505, atol=1e-6)
    tau_p2 = [4.625935, 7.738315, 3.218578, 10.828190, 6.754372, 7.023878]
    np.testing.assert_allclose(lopes.leg_forces(P2, zero, zero), tau_p2, atol=1e-6)
    # and the platform stays at rest under them (static equilibrium, note V9)
    for x in (P1, P2):
        xdd = lopes.platform_acceleration(x, zero, lopes.leg_forces(x, zero, zero))
        assert np.abs(xdd).max() < 1e-12
    # the leg lengths of §9.2 are the prismatic coordinates
    q, _, _ = lopes.tree_state(P2)
    l_p2 = [3.097438, 2.953801, 2.735388, 2.416262, 2.682690, 2.648530]
    np.testing.assert_allclose(q[lopes.leg_index], l_p2, atol=1e-6)
    q, _, _ = lopes.tree_state(P1)
    np.testing.assert_allclose(q[lopes.leg_index], 2.285062, atol=1e-6)


def test_note_9_4_inverse_dynamics_state_and_split(lopes):
    """The §9.4 state: τ, l̇, KE and the per-body split (platform / cylinders / pistons).

    The split by linearity: for a fixed state τ is linear in the inertial parameters (Γ is, and
    u = (NᵀSᵀ)⁻¹ NᵀΓ), so the pistons' share is τ(pistons doubled) − τ, and likewise for the
    cylinders; gravity is included in each share, as in the note."""
    tau = lopes.leg_forces(P2, XD_94, XDD_94)
    np.testing.assert_allclose(
        tau, [3.535877, 6.411363, 2.703485, 10.498437, 8.480360, 4.565108], atol=1e-6
    )
    _, v, _ = lopes.tree_state(P2, XD_94, XDD_94)
    np.testing.assert_allclose(
        v[lopes.leg_index],
        [0.701112, 0.680038, 0.395768, 0.065704, 0.185828, -0.092677],
        atol=1e-6,
    )
    ke = 0.5 * XD_94 @ lopes.mass_matrix(P2) @ XD_94
    assert ke == pytest.approx(0.5106746, abs=1e-7)
    # KE also equals the tree's own kinetic energy at the mapped state
    q, v, _ = lopes.tree_state(P2, XD_94)
    assert float(lopes.tree.kinetic_energy(q, v)) == pytest.approx(ke, rel=1e-13)

    base = table2()
    cyl = (
        StewartMultibody(
            table2(cylinder_mass=2 * base.cylinder_mass, cylinder_inertia=2 * base.cylinder_inertia)
        ).leg_forces(P2, XD_94, XDD_94)
        - tau
    )
    pis = (
        StewartMultibody(
            table2(piston_mass=2 * base.piston_mass, piston_inertia=2 * base.piston_inertia)
        ).leg_forces(P2, XD_94, XDD_94)
        - tau
    )
    plat = tau - cyl - pis
    np.testing.assert_allclose(
        plat, [1.287443, 2.593754, 0.865181, 4.029077, 3.240939, 1.645449], atol=1e-6
    )
    np.testing.assert_allclose(
        cyl, [-0.072261, 0.172226, -0.178438, 0.512915, 0.212622, 0.071656], atol=1e-6
    )
    np.testing.assert_allclose(
        pis, [2.320695, 3.645383, 2.016741, 5.956446, 5.026799, 2.848003], atol=1e-6
    )


def test_note_9_4_mass_matrix(lopes):
    """The twist-space M = T⁻ᵀ A T⁻¹ (A the multibody mass matrix in x) at P1 and P2."""

    def twist_m(x):
        t_inv = np.linalg.inv(twist_matrix(x))
        return t_inv.T @ lopes.mass_matrix(x) @ t_inv

    m1 = twist_m(P1)
    expect = np.diag([3.26654, 3.26654, 3.63662, 0.820612, 0.820612, 1.464639])
    expect[0, 4] = expect[4, 0] = 0.025441
    expect[1, 3] = expect[3, 1] = -0.025441
    np.testing.assert_allclose(m1, expect, atol=1e-6)
    np.testing.assert_allclose(
        np.linalg.eigvalsh(m1),
        [0.820347, 0.820347, 1.464639, 3.266804, 3.266804, 3.636620],
        atol=1e-6,
    )
    np.testing.assert_allclose(
        np.linalg.eigvalsh(twist_m(P2)),
        [0.814476, 0.829873, 1.467447, 3.274341, 3.284203, 3.679586],
        atol=1e-6,
    )


def test_forward_inverts_inverse_in_the_multibody_model(lopes):
    rng = np.random.default_rng(3)
    x, xd, xdd = random_platform_states(rng, 50)
    tau = lopes.leg_forces(x, xd, xdd)
    np.testing.assert_allclose(lopes.platform_acceleration(x, xd, tau), xdd, atol=1e-10)


def test_tree_state_function_matches_the_method(lopes):
    """The module function (platform chain first, then u1, u2, l per leg) and the method (the
    tree's joint order) carry the same numbers."""
    q_f, v_f, a_f = tree_state(table2(), P2, XD_94, XDD_94)
    q_m, v_m, a_m = lopes.tree_state(P2, XD_94, XDD_94)
    for f, m in ((q_f, q_m), (v_f, v_m), (a_f, a_m)):
        np.testing.assert_array_equal(m[lopes.order], f)


def test_bad_parameters_are_named():
    from modyn_model.errors import ModelError

    with pytest.raises(ModelError, match="cylinder_mass"):
        StewartMultibody(table2(cylinder_mass=np.ones(5)))


def test_vertical_leg_is_refused():
    """A vertical leg is the universal joint's singularity (base z, then y′): a clear error."""
    from modyn_model.errors import ModelError

    params = table2(platform_points=table2().base_points)  # every leg vertical at any height
    with pytest.raises(ModelError, match="leg1, leg2, leg3, leg4, leg5, leg6 vertical"):
        tree_state(params, P1)
    # one leg vertical in a batch: named, with the pose
    tilted = table2(platform_points=np.r_[table2().base_points[:1], table2().platform_points[1:]])
    with pytest.raises(ModelError, match=r"leg1 vertical at platform pose \[0.0, 0.0, 2.0"):
        tree_state(tilted, np.stack((P2, P1)))


def test_multibody_equals_pinocchio_on_the_same_urdf(lopes):
    """The same generated URDF in Pinocchio, the six spherical joints as CONTACT_3D
    RigidConstraintModels between the piston joint and the platform point (two-joint loop
    closures): the tree's inverse dynamics = ``rnea`` and the closed platform's ẍ = the
    platform part of ``constraintDynamics`` under the same leg forces (the note's §9.4 τ gives
    back the note's ẍ to the rounding of its six digits). Independent of modyn's solvers."""
    pin = pytest.importorskip("pinocchio")
    pm = pin.buildModelFromXML(lopes.urdf)
    pd = pm.createData()
    idx = np.array([lopes.tree.joint_names.index(n) for n in pm.names[1:]])
    models, datas = pin.StdVec_RigidConstraintModel(), pin.StdVec_RigidConstraintData()
    roll = pm.getJointId("platform_roll")
    points = table2().platform_points
    for n in range(1, 7):
        c = pin.RigidConstraintModel(
            pin.ContactType.CONTACT_3D,
            pm,
            pm.getJointId(f"leg{n}"),
            pin.SE3.Identity(),
            roll,
            pin.SE3(np.eye(3), points[n - 1]),
            pin.LOCAL_WORLD_ALIGNED,
        )
        models.append(c)
        datas.append(c.createData())
    pin.initConstraintDynamics(pm, pd, models, datas)
    settings = pin.ProximalSettings(1e-14, 1e-12, 20)

    def pin_xdd(x, xd, tau_legs):
        q, v, _ = lopes.tree_state(x, xd)
        tau = np.zeros(24)
        tau[lopes.leg_index] = tau_legs
        vd = pin.constraintDynamics(pm, pd, q[idx], v[idx], tau[idx], models, datas, settings)
        out = np.empty(24)
        out[idx] = vd
        return out[lopes.platform_index]

    tau_94 = [3.535877, 6.411363, 2.703485, 10.498437, 8.480360, 4.565108]
    np.testing.assert_allclose(pin_xdd(P2, XD_94, tau_94), XDD_94, atol=1e-6)
    rng = np.random.default_rng(4)
    x, xd, xdd = random_platform_states(rng, 10)
    worst_id = worst_fd = 0.0
    for k in range(10):
        q, v, a = lopes.tree_state(x[k], xd[k], xdd[k])
        ref = pin.rnea(pm, pd, q[idx], v[idx], a[idx])
        worst_id = max(worst_id, np.abs(lopes.tree.inverse_dynamics(q, v, a)[idx] - ref).max())
        tau = rng.uniform(-20.0, 40.0, 6)
        ref = pin_xdd(x[k], xd[k], tau)
        got = lopes.platform_acceleration(x[k], xd[k], tau)
        worst_fd = max(worst_fd, np.abs(got - ref).max() / max(1.0, np.abs(ref).max()))
        # and the leg forces of the multibody model bring Pinocchio to the asked ẍ
        np.testing.assert_allclose(
            pin_xdd(x[k], xd[k], lopes.leg_forces(x[k], xd[k], xdd[k])), xdd[k], atol=1e-9
        )
    print(f"pinocchio: tree inverse dynamics {worst_id:.1e}, platform ẍ {worst_fd:.1e} relative")
    assert worst_id < 1e-12 and worst_fd < 1e-10, (worst_id, worst_fd)


# ---------------------------------------------------------------------------------- part 2
# The GM model of this package against the multibody model, on random states and parameters.
STROKE = (1.6, 3.4)


def random_parameters(rng, *, axisymmetric=True, leg_spin="none", gravity=(0.0, 0.0, -9.81)):
    """A random 6-6 platform (hexagons of random radii and half-angles, each joint jittered in
    angle and height), random platform inertia (principal axes rotated), per-leg random masses,
    CoM distances and inertias: [0, I_t, I_t] (axisymmetric, no axial moment: the leg's spin
    carries no energy) or general principal moments [I_xx, I_yy, I_zz]."""
    from modyn_model.mechanisms.stewart.parameters import StewartParameters

    def hexagon(radius, half, centres):
        ang = np.repeat(np.asarray(centres) * DEG, 2) + np.tile([-1.0, 1.0], 3) * half * DEG
        ang += rng.uniform(-3.0, 3.0, 6) * DEG
        return np.c_[radius * np.cos(ang), radius * np.sin(ang), rng.uniform(-0.05, 0.05, 6)]

    base = hexagon(rng.uniform(1.3, 1.7), rng.uniform(8.0, 20.0), [0.0, 120.0, 240.0])
    base = np.roll(base, -1, axis=0)  # leg 1 at +φ_B as in the note's layout
    top = hexagon(rng.uniform(0.6, 0.9), rng.uniform(3.0, 15.0), [60.0, 180.0, 300.0])
    axes = np.linalg.qr(rng.normal(size=(3, 3)))[0]
    platform_inertia = axes @ np.diag(rng.uniform(0.2, 0.4, 3)) @ axes.T

    def leg_inertia():
        if axisymmetric:
            t = rng.uniform(0.02, 0.2, 6)
            return np.c_[np.zeros(6), t, t]
        # principal moments of a real body (triangle inequality): sorted pairs + their sum
        a, b = rng.uniform(0.02, 0.1, (2, 6))
        moments = np.c_[a, b, rng.uniform(np.abs(a - b), a + b)]
        return rng.permuted(moments, axis=1)

    return StewartParameters(
        base_points=base,
        platform_points=top,
        platform_mass=rng.uniform(1.0, 3.0),
        platform_inertia=platform_inertia,
        cylinder_mass=rng.uniform(0.2, 0.6, 6),
        cylinder_com=rng.uniform(0.2, 0.8, 6),
        cylinder_inertia=leg_inertia(),
        piston_mass=rng.uniform(0.2, 0.6, 6),
        piston_com=rng.uniform(0.2, 0.8, 6),
        piston_inertia=leg_inertia(),
        gravity=np.asarray(gravity, dtype=float),
        stroke=np.tile(STROKE, (6, 1)),
        leg_spin=leg_spin,
    )


def states_inside_strokes(rng, mb, count):
    """Random poses (every leg inside STROKE), rates and accelerations."""
    out = []
    while len(out) < count:
        x = np.array([0.0, 0.0, 2.3, 0.0, 0.0, 0.0])
        x += rng.uniform(-1, 1, 6) * [0.25, 0.25, 0.3, 25 * DEG, 25 * DEG, 25 * DEG]
        q, _, _ = mb.tree_state(x)
        lengths = q[mb.leg_index]
        if np.all((lengths > STROKE[0]) & (lengths < STROKE[1])):
            out.append(x)
    x = np.array(out)
    xd = rng.normal(size=x.shape) * [0.3, 0.3, 0.3, 0.5, 0.5, 0.5]
    xdd = rng.normal(size=x.shape) * [1.0, 1.0, 1.0, 2.0, 2.0, 2.0]
    return x, xd, xdd


def _compare(params, rng, count, report):
    """Worst |τ_GM − τ_MB| (N) and |ẍ_GM − ẍ_MB| relative to max(1, |ẍ|) on ``count`` states."""
    from modyn_model.mechanisms.stewart import dynamics as gm

    mb = StewartMultibody(params)
    x, xd, xdd = states_inside_strokes(rng, mb, count)
    tau_gm = gm.inverse_dynamics(params, x, xd, xdd)
    tau_mb = mb.leg_forces(x, xd, xdd)
    force_scale = max(1.0, np.abs(tau_mb).max())
    id_err = np.abs(tau_gm - tau_mb).max()
    # forward dynamics under random leg forces around the ones of the states
    tau = tau_mb + rng.normal(size=tau_mb.shape) * 5.0
    xdd_gm = gm.forward_dynamics(params, x, xd, tau)
    xdd_mb = mb.platform_acceleration(x, xd, tau)
    fd_err = (np.abs(xdd_gm - xdd_mb).max(axis=-1) / np.maximum(1.0, np.abs(xdd_mb).max(-1))).max()
    report.append((id_err, force_scale, fd_err))
    return id_err, force_scale, fd_err


def test_gm_equals_multibody_on_random_states_and_parameters():
    """Ten random axisymmetric platforms (legs with I_xx = 0), 20 states each inside the
    strokes: leg forces and forward dynamics agree to 1e-8 (N; relative for ẍ)."""
    rng = np.random.default_rng(15)
    report = []
    for _ in range(10):
        id_err, scale, fd_err = _compare(random_parameters(rng), rng, 20, report)
        assert id_err < 1e-8 and fd_err < 1e-8, (id_err, scale, fd_err)
    worst = np.max(report, axis=0)
    print(
        f"GM vs multibody: leg forces {worst[0]:.1e} N (|τ| up to {worst[1]:.0f} N), "
        f"ẍ {worst[2]:.1e} relative"
    )


def test_gm_equals_multibody_on_table2():
    """Table 2 itself (StewartParameters.lopes_table2()), 50 states: the same to 1e-8."""
    from modyn_model.mechanisms.stewart.parameters import StewartParameters

    rng = np.random.default_rng(9)
    id_err, _, fd_err = _compare(StewartParameters.lopes_table2(), rng, 50, [])
    assert id_err < 1e-8 and fd_err < 1e-8, (id_err, fd_err)


def test_gm_equals_multibody_under_tilted_gravity():
    """Gravity is a world vector, not only −g e_z: a tilted one, the same agreement."""
    rng = np.random.default_rng(21)
    g = np.array([1.5, -2.0, -9.5])
    id_err, _, fd_err = _compare(random_parameters(rng, gravity=g), rng, 20, [])
    assert id_err < 1e-8 and fd_err < 1e-8, (id_err, fd_err)


def test_universal_leg_spin_equals_multibody_for_any_leg_inertia():
    """Non-axisymmetric legs: the tree's universal joints spin the legs (note §6.10); the GM
    model with leg_spin="universal" agrees to 1e-8, the paper's no-spin model does not (its
    error is reported, and must be far above the agreement)."""
    from modyn_model.mechanisms.stewart import dynamics as gm

    rng = np.random.default_rng(610)
    report = []
    for _ in range(5):
        params = random_parameters(rng, axisymmetric=False, leg_spin="universal")
        id_err, scale, fd_err = _compare(params, rng, 20, report)
        assert id_err < 1e-8 and fd_err < 1e-8, (id_err, scale, fd_err)
    # the same legs without the spin: a model error, not round-off
    no_spin = dataclasses.replace(params, leg_spin="none")
    mb = StewartMultibody(params)
    x, xd, xdd = states_inside_strokes(rng, mb, 20)
    gap = np.abs(gm.inverse_dynamics(no_spin, x, xd, xdd) - mb.leg_forces(x, xd, xdd)).max()
    worst = np.max(report, axis=0)
    print(
        f"leg_spin universal vs multibody: leg forces {worst[0]:.1e} N (|τ| up to "
        f"{worst[1]:.0f} N), ẍ {worst[2]:.1e} relative; no-spin model off by {gap:.2f} N"
    )
    assert gap > 1e-4


def test_gm_per_body_split_equals_multibody():
    """The five-body split of the GM forces (platform, cylinder translation/rotation, piston
    translation/rotation; gravity with the translations) = the multibody model's, obtained by
    linearity in the inertial parameters: doubling a body's mass (its CoM inertia kept) adds its
    translation share, doubling its CoM inertia adds its rotation share. 3 random platforms."""
    from modyn_model.mechanisms.stewart import dynamics as gm

    rng = np.random.default_rng(6)
    worst = 0.0
    for _ in range(3):
        params = random_parameters(rng)
        mb = StewartMultibody(params)
        x, xd, xdd = states_inside_strokes(rng, mb, 10)
        tau, parts = gm.inverse_dynamics(params, x, xd, xdd, split=True)
        base = mb.leg_forces(x, xd, xdd)

        fields = {
            "cylinder_translation": "cylinder_mass",
            "cylinder_rotation": "cylinder_inertia",
            "piston_translation": "piston_mass",
            "piston_rotation": "piston_inertia",
        }
        mine = {}
        for body, field in fields.items():
            doubled = dataclasses.replace(params, **{field: 2 * getattr(params, field)})
            mine[body] = StewartMultibody(doubled).leg_forces(x, xd, xdd) - base
        mine["platform"] = base - sum(mine.values())
        for body, value in mine.items():
            worst = max(worst, np.abs(parts[body] - value).max())
    print(f"per-body split: worst {worst:.1e} N")
    assert worst < 1e-8


@pytest.mark.parametrize("leg_spin", ["none", "universal"])
def test_contract_model_equals_multibody(leg_spin):
    """StewartModel (the contract model the nodes use, its own per-tick path): actuator forces,
    A(x) = Tᵀ M T, forward dynamics from J_Eᵀ u, leg lengths and rates = the multibody model's
    (A = Gᵀ M_tree G, G = ∂v_tree/∂ẋ), 20 states of a random platform, 1e-8: axisymmetric legs
    with the paper's model, general leg inertias with the universal-joint spin."""
    from modyn_model.mechanisms.stewart.model import StewartModel

    rng = np.random.default_rng(7)
    params = random_parameters(rng, axisymmetric=leg_spin == "none", leg_spin=leg_spin)
    model, mb = StewartModel(params), StewartMultibody(params)
    x, xd, xdd = states_inside_strokes(rng, mb, 20)
    tau = mb.leg_forces(x, xd, xdd)
    id_err = np.abs(model.actuator_forces(x, xd, xdd) - tau).max()
    a_err = np.abs(model.mass_matrix(x) - mb.mass_matrix(x)).max()
    xdd_model = model.forward_dynamics(x, xd, model.generalized_forces(x, tau))
    fd_err = np.abs(xdd_model - xdd).max() / max(1.0, np.abs(xdd).max())
    print(
        f"StewartModel ({leg_spin}) vs multibody: τ {id_err:.1e} N, A(x) {a_err:.1e}, "
        f"ẍ {fd_err:.1e} relative"
    )
    assert id_err < 1e-8 and a_err < 1e-10 and fd_err < 1e-8
    q, v, _ = mb.tree_state(x, xd)
    lengths, rates = model.actuator_state(x, xd)
    np.testing.assert_allclose(lengths, q[:, mb.leg_index], atol=1e-13)
    np.testing.assert_allclose(rates, v[:, mb.leg_index], atol=1e-12)


@pytest.mark.parametrize("leg_spin", ["none", "universal"])
def test_gm_energies_equal_the_tree_energies(leg_spin):
    """GM kinetic and potential energies = the tree's (Newton-Euler model's own KE = ½ vᵀMv and
    PE = −Σ m gᵀ c, zero at the base origin) at the mapped states: axisymmetric legs for the
    paper's model, general leg inertias for the universal-joint spin."""
    from modyn_model.mechanisms.stewart import dynamics as gm

    rng = np.random.default_rng(12)
    params = random_parameters(
        rng, axisymmetric=leg_spin == "none", leg_spin=leg_spin, gravity=(0.8, 0.5, -9.7)
    )
    mb = StewartMultibody(params)
    x, xd, _ = states_inside_strokes(rng, mb, 20)
    q, v, _ = mb.tree_state(x, xd)
    ke_err = np.abs(gm.kinetic_energy(params, x, xd) - mb.tree.kinetic_energy(q, v)).max()
    pe_err = np.abs(gm.potential_energy(params, x) - mb.tree.potential_energy(q)).max()
    print(f"energies ({leg_spin}): KE {ke_err:.1e} J, PE {pe_err:.1e} J")
    assert ke_err < 1e-10 and pe_err < 1e-10
