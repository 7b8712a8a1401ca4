"""The Stewart platform as a generic multibody model (URDF tree + six spherical loop closures,
``modyn_model.mechanisms.stewart.multibody``): an independent cross-check of the
generalized-momentum (GM) model.

Part 1 reproduces the reference numbers of the research note (../shared/research/
seed-000-stewart.md §9) with the multibody model alone: nothing of the GM model is used, the
parameters are written here from Table 2 and the note's §2 layout. Part 2 compares the GM model
and the multibody model on random states and random parameters (agreement to 1e-8).
"""

from __future__ import annotations

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
    np.testing.assert_allclose(m1, expect, atol=6e-6)
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
    with pytest.raises(ModelError, match="vertical"):
        tree_state(params, P1)


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
