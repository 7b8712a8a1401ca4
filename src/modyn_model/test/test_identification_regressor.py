"""The regressor of the standard parameters: Γ = W(q, q̇, q̈) χ (Khalil §7.4.2).

What is checked against what
----------------------------
1. ``W @ standard_parameters(model)`` against ``model.inverse_dynamics`` (Newton-Euler, with
   rotor inertia and Fc sign(q̇) + Fv q̇ friction): RX-90 (Khalil's table, with its Ia, Fc, Fv),
   UR5, Panda (fingers locked) with rotor inertia and friction added, and random trees with
   prismatic, fixed and arbitrary-axis joints; single samples and a batch. Bound:
   |W χ − Γ| <= 1e-12 · max(1, |Γ|) elementwise.
2. Linearity in χ, independently of the model's own values: for a random χ' (physically valid
   links), W χ' = inverse dynamics of ``model_with_standard_parameters(model, χ')``.
3. The 10 rigid-body columns of every joint against Pinocchio's
   ``computeJointTorqueRegressor`` on UR5 and Panda. Pinocchio orders a body's dynamic
   parameters [m, mcx, mcy, mcz, Ixx, Ixy, Iyy, Ixz, Iyz, Izz], inertia about the joint-frame
   origin in joint axes (``Inertia.toDynamicParameters``); for a URDF the joint frame is the
   child link frame, the frame modyn's rows use, so the conversion is the column permutation
   ``PIN_ORDER`` (checked on the parameters themselves too).
4. Floating base (UR5 and a random tree on a free flyer): W χ = the floating model's inverse
   dynamics (base wrench and joint torques), and the base body's and every joint's 10 columns
   = Pinocchio's regressor with ``JointModelFreeFlyer`` (UR5).
"""

from __future__ import annotations

import numpy as np
import pytest

from modyn_model import JointError, RobotModel, StateError, UnsupportedError
from modyn_model.identification import (
    N_STANDARD,
    model_with_standard_parameters,
    nonlinear_friction,
    parameter_names,
    regressor,
    regressor_batch,
    standard_parameters,
)
from modyn_model.random_robot import random_inertia, random_urdf

UR5 = "ur_description/urdf/ur5_robot.urdf"
PANDA = "panda_description/urdf/panda.urdf"
PANDA_FINGERS = ("panda_finger_joint1", "panda_finger_joint2")
#: modyn [XX XY XZ YY YZ ZZ MX MY MZ M] → index in Pinocchio's [m mcx mcy mcz Ixx Ixy Iyy Ixz Iyz Izz]
PIN_ORDER = [4, 5, 7, 6, 8, 9, 1, 2, 3, 0]


def assert_tight(ours, ref, what):
    ours, ref = np.asarray(ours), np.asarray(ref)
    err = np.abs(ours - ref) / np.maximum(1.0, np.abs(ref))
    assert err.max() <= 1e-12, f"{what}: max relative error {err.max():.3e}"


def states(rng, n, batch=()):
    q = rng.uniform(-np.pi, np.pi, batch + (n,))
    v = rng.uniform(-3.0, 3.0, batch + (n,))
    a = rng.uniform(-10.0, 10.0, batch + (n,))
    return q, v, a


def with_extras(model, rng):
    """The model with rotor inertia, Coulomb and viscous friction on every joint."""
    extras = [
        e.merged(
            rotor_inertia=rng.uniform(0.1, 1.0),
            coulomb=rng.uniform(0.5, 5.0),
            viscous=rng.uniform(0.1, 3.0),
        )
        for e in model.extras
    ]
    return model.with_parameters(extras=extras)


def rx90():
    return RobotModel.from_mdh("rx90")


def erd_model(erd_path, relative):
    locked = PANDA_FINGERS if relative == PANDA else ()
    return RobotModel.from_urdf(erd_path(relative), locked_joints=locked)


def robots(erd_path):
    rng = np.random.default_rng(19)
    out = {"rx90": rx90()}
    for relative in (UR5, PANDA):
        out[relative] = with_extras(erd_model(erd_path, relative), rng)
    for seed in range(4):
        xml = random_urdf(seed, 7, tree=True, prismatic=True, fixed=True)
        out[f"tree{seed}"] = with_extras(RobotModel.from_urdf(xml), rng)
    return out


@pytest.fixture(scope="module")
def all_robots(erd_path):
    return robots(erd_path)


def test_names_follow_khalil(all_robots):
    model = all_robots["rx90"]
    names = parameter_names(model)
    assert len(names) == N_STANDARD * model.n == 84
    assert names[:14] == (
        "XX1",
        "XY1",
        "XZ1",
        "YY1",
        "YZ1",
        "ZZ1",
        "MX1",
        "MY1",
        "MZ1",
        "M1",
        "Ia1",
        "Fc1",
        "Fv1",
        "offset1",
    )
    assert names[-1] == "offset6"
    chi = standard_parameters(model).reshape(model.n, N_STANDARD)
    # values straight from rx90.yaml: link 2 row and joint 1's extras
    np.testing.assert_array_equal(
        chi[1, :10], [0.2, 0.0, -0.2, 1.35, 0.0, 1.3, 4.0, 0.0, 1.0, 20.0]
    )
    np.testing.assert_array_equal(chi[0, 10:], [1.0, 6.0, 5.0, 0.0])


@pytest.mark.parametrize("name", ["rx90", UR5, PANDA, "tree0", "tree1", "tree2", "tree3"])
def test_regressor_times_parameters_is_inverse_dynamics(all_robots, name):
    model = all_robots[name]
    chi = standard_parameters(model)
    rng = np.random.default_rng(7)
    for _ in range(5):  # one sample at a time
        q, v, a = states(rng, model.n)
        w = regressor(model, q, v, a)
        assert w.shape == (model.n, N_STANDARD * model.n)
        assert_tight(w @ chi, model.inverse_dynamics(q, v, a), f"{name} single sample")
    q, v, a = states(rng, model.n, (40,))  # batched
    w = regressor_batch(model, q, v, a)
    assert w.shape == (40, model.n, N_STANDARD * model.n)
    assert_tight(w @ chi, model.inverse_dynamics(q, v, a), f"{name} batch")
    # the batch is the per-sample regressor
    np.testing.assert_array_equal(w[3], regressor(model, q[3], v[3], a[3]))


@pytest.mark.parametrize("name", ["rx90", UR5, "tree1"])
def test_linear_in_any_parameters(all_robots, name):
    """W does not depend on χ: other (valid) parameters give their own inverse dynamics."""
    model = all_robots[name]
    rng = np.random.default_rng(3)
    from modyn_model.inertia import standard_parameters as from_com

    rows = []
    for _ in range(model.n):
        mass, ig = random_inertia(rng)
        rows.append(from_com(mass, rng.normal(scale=0.1, size=3), ig))
    chi = np.zeros((model.n, N_STANDARD))
    chi[:, :10] = rows
    chi[:, 10:13] = rng.uniform(0.1, 2.0, (model.n, 3))
    chi = chi.reshape(-1)
    other = model_with_standard_parameters(model, chi)
    np.testing.assert_array_equal(standard_parameters(other), chi)
    q, v, a = states(rng, model.n, (20,))
    assert_tight(regressor(model, q, v, a) @ chi, other.inverse_dynamics(q, v, a), name)
    # the offset column is a constant torque
    chi_off = chi.copy()
    chi_off[13::N_STANDARD] = np.arange(1.0, model.n + 1)
    np.testing.assert_allclose(
        regressor(model, q, v, a) @ (chi_off - chi),
        np.broadcast_to(np.arange(1.0, model.n + 1), q.shape),
        rtol=0,
        atol=0,
    )


@pytest.mark.parametrize("relative", [UR5, PANDA])
def test_rigid_body_columns_match_pinocchio(erd_path, relative):
    pin = pytest.importorskip("pinocchio")
    model = erd_model(erd_path, relative)
    full = pin.buildModelFromUrdf(str(erd_path(relative)))
    if relative == PANDA:
        ids = [full.getJointId(nm) for nm in PANDA_FINGERS]
        full = pin.buildReducedModel(full, ids, pin.neutral(full))
    data = full.createData()
    ids = [full.getJointId(nm) for nm in model.joint_names]
    assert [full.joints[i].nq for i in ids] == [1] * model.n  # no continuous joint here
    iv = np.array([full.joints[i].idx_v for i in ids])
    # the parameters themselves: Pinocchio's dynamic parameters = modyn's rows, permuted
    for j, i in enumerate(ids):
        pin_params = full.inertias[i].toDynamicParameters()
        np.testing.assert_allclose(
            pin_params[PIN_ORDER], model.inertial_parameters[j], rtol=1e-12, atol=1e-12
        )
    rng = np.random.default_rng(11)
    for _ in range(10):
        q, v, a = states(rng, model.n)
        qp, vp, ap = (np.zeros(full.nv) for _ in range(3))
        qp[iv], vp[iv], ap[iv] = q, v, a
        ref = pin.computeJointTorqueRegressor(full, data, qp, vp, ap)  # (nv, 10 (njoints-1))
        ours = regressor(model, q, v, a)
        for j, i in enumerate(ids):
            ref_cols = ref[iv][:, 10 * (i - 1) : 10 * i][:, PIN_ORDER]
            ours_cols = ours[:, N_STANDARD * j : N_STANDARD * j + 10]
            err = np.abs(ours_cols - ref_cols) / np.maximum(1.0, np.abs(ref_cols))
            assert err.max() <= 1e-12, f"{relative} joint {model.joint_names[j]}: {err.max():.3e}"


def test_stribeck_term_is_the_only_rest():
    """With a Stribeck term, Γ = W χ + nonlinear_friction(q̇) (the part linear in no parameter)."""
    model = rx90()
    extras = [e.merged(static=e.coulomb + 2.0, stribeck_velocity=0.2) for e in model.extras]
    model = model.with_parameters(extras=extras)
    rng = np.random.default_rng(5)
    q, v, a = states(rng, model.n, (30,))
    rest = nonlinear_friction(model, v)
    assert np.abs(rest).max() > 1e-3  # the term is really there at these speeds
    tau = model.inverse_dynamics(q, v, a)
    assert_tight(regressor(model, q, v, a) @ standard_parameters(model) + rest, tau, "stribeck")
    np.testing.assert_array_equal(nonlinear_friction(rx90(), v), 0.0)


def test_round_trip_and_motor_inertia():
    model = rx90()
    # armature from gear_ratio² · motor_inertia is Ia; writing χ back keeps the dynamics
    extras = [
        e.merged(rotor_inertia=0.0, motor_inertia=0.01, gear_ratio=10.0) for e in model.extras
    ]
    geared = model.with_parameters(extras=extras)
    chi = standard_parameters(geared)
    np.testing.assert_allclose(chi[10::N_STANDARD], 1.0)
    back = model_with_standard_parameters(geared, chi)
    np.testing.assert_array_equal(back.armature, geared.armature)
    chi[10::N_STANDARD] = 0.0  # Ia = 0 must really remove the rotor inertia
    assert np.all(model_with_standard_parameters(geared, chi).armature == 0.0)


def test_bad_input_is_named():
    model = rx90()
    chi = standard_parameters(model)
    with pytest.raises(StateError, match=r"\(84,\)"):
        model_with_standard_parameters(model, chi[:-1])
    bad = chi.copy()
    bad[parameter_names(model).index("MZ3")] = np.nan
    with pytest.raises(StateError, match="MZ3"):
        model_with_standard_parameters(model, bad)
    bad = chi.copy()
    bad[parameter_names(model).index("Fv2")] = -1.0
    with pytest.raises(JointError, match="Fv2.*joint2"):
        model_with_standard_parameters(model, bad)
    bad = chi.copy()
    bad[parameter_names(model).index("offset4")] = 0.3
    with pytest.raises(StateError, match="offset4"):
        model_with_standard_parameters(model, bad, offset="error")
    # offsets are dropped by default: the model cannot hold a constant torque
    np.testing.assert_array_equal(
        standard_parameters(model_with_standard_parameters(model, bad)), chi
    )
    with pytest.raises(StateError, match="'v'|v "):
        regressor(model, np.zeros(6), np.zeros(5), np.zeros(6))
    with pytest.raises(StateError, match="Q"):
        regressor_batch(model, np.zeros(6), np.zeros((1, 6)), np.zeros((1, 6)))
    with pytest.raises(StateError):
        regressor(model, np.zeros(6), np.full(6, np.inf), np.zeros(6))


def test_floating_base_refused_by_base_parameters(erd_path):
    from modyn_model.identification import base_parameters

    model = RobotModel.from_urdf(erd_path(UR5), floating_base=True)
    with pytest.raises(UnsupportedError, match="fixed-base"):
        base_parameters(model)


def _floating_states(rng, model, size):
    quat = rng.normal(size=(size, 4))
    quat /= np.linalg.norm(quat, axis=1, keepdims=True)
    q = np.concatenate([rng.normal(size=(size, 3)), quat, rng.uniform(-3, 3, (size, model.n))], 1)
    return q, rng.uniform(-2, 2, (size, model.nv)), rng.uniform(-5, 5, (size, model.nv))


@pytest.mark.parametrize("name", ["ur5", "tree"])
def test_floating_base_regressor_is_inverse_dynamics(erd_path, name):
    """A free-flyer base: W (6 + n, 10 + 14n) with the base body's 10 columns first and the
    6 rows of the base wrench; W χ = the floating model's Newton-Euler (base wrench + torques)."""
    if name == "ur5":
        model = RobotModel.from_urdf(erd_path(UR5), floating_base=True)
    else:
        xml = random_urdf(3, 6, tree=True, prismatic=True, fixed=True)
        model = RobotModel.from_urdf(xml, floating_base=True)
    rng = np.random.default_rng(4)
    extras = [
        e.merged(rotor_inertia=0.2, coulomb=1.0, viscous=0.5) for e in model.limb_model.extras
    ]
    model = model_with_standard_parameters(
        model,
        np.concatenate(
            [
                model.root_params,
                standard_parameters(model.limb_model.with_parameters(extras=extras)),
            ]
        ),
    )
    names = parameter_names(model)
    assert names[:10] == tuple(f"{f}0" for f in ("XX XY XZ YY YZ ZZ MX MY MZ M".split()))
    q, v, a = _floating_states(rng, model, 20)
    w = regressor_batch(model, q, v, a)
    assert w.shape == (20, 6 + model.n, 10 + N_STANDARD * model.n)
    chi = standard_parameters(model)
    assert_tight(w @ chi, model.inverse_dynamics(q, v, a), f"floating {name}")
    np.testing.assert_array_equal(w[5], regressor(model, q[5], v[5], a[5]))


def test_floating_base_columns_match_pinocchio(erd_path):
    """UR5 on a free flyer: Pinocchio's ``computeJointTorqueRegressor`` with
    ``JointModelFreeFlyer`` (its q has the quaternion as (x, y, z, w); v, v̇ and τ are modyn's)."""
    pin = pytest.importorskip("pinocchio")
    from modyn_model.floating import to_pinocchio_q

    path = str(erd_path(UR5))
    model = RobotModel.from_urdf(path, floating_base=True)
    full = pin.buildModelFromUrdf(path, pin.JointModelFreeFlyer())
    data = full.createData()
    ids = [full.getJointId(nm) for nm in model.joint_names]
    assert full.nv == 6 + model.n and [full.joints[i].idx_v for i in ids] == list(
        range(6, 6 + model.n)
    )
    np.testing.assert_allclose(
        full.inertias[1].toDynamicParameters()[PIN_ORDER], model.root_params, atol=1e-12
    )
    rng = np.random.default_rng(8)
    q, v, a = _floating_states(rng, model, 5)
    for k in range(5):
        ref = pin.computeJointTorqueRegressor(full, data, to_pinocchio_q(q[k]), v[k], a[k])
        ours = regressor(model, q[k], v[k], a[k])
        blocks = [(0, 1)] + [(10 + N_STANDARD * j, i) for j, i in enumerate(ids)]
        for col, i in blocks:
            ref_cols = ref[:, 10 * (i - 1) : 10 * i][:, PIN_ORDER]
            err = np.abs(ours[:, col : col + 10] - ref_cols) / np.maximum(1.0, np.abs(ref_cols))
            assert err.max() <= 1e-12, f"joint {i}: {err.max():.3e}"
