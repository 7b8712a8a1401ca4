"""The ball-joint body (nq = 4, nv = 3) against Pinocchio's JointModelSpherical.

The reference is Pinocchio: the same body (mass, centre of mass, inertia about the com, gravity)
appended to a ``JointModelSpherical`` at the world origin. Pinocchio's configuration of that
joint is the quaternion (x, y, z, w) and its velocity the angular velocity in the joint (body)
frame, modyn's is (w, x, y, z) and the same velocity: q is converted, v is not. Every quantity
must agree elementwise to |ours − ref| <= 1e-12·max(1, |ref|) on 25 random states:

==========================  ========================================================
modyn                       Pinocchio
==========================  ========================================================
inverse_dynamics (+ f_ext)  ``rnea`` (fext = −f_ext: pin's is the wrench ON the body)
mass_matrix                 ``crba`` (symmetrised)
bias_forces, gravity        ``nonLinearEffects``, ``computeGeneralizedGravity``
coriolis_matrix             ``computeCoriolisMatrix``
forward_dynamics            ``aba``
kinetic/potential_energy    ``computeKineticEnergy`` / ``computePotentialEnergy``
integrate, difference       ``pin.integrate``, ``pin.difference``
frame placement / J / J̇v    ``oMf``, ``getFrameJacobian`` and ``getFrameClassicalAcceleration``
                            (LOCAL_WORLD_ALIGNED), frames at the pivot and at the com
==========================  ========================================================

Plus the closed-form identities of the contract: difference(integrate(q, v, 1), q) = v for
|v| < π, unit norm after integrate, the shortest rotation vector in difference (q ≡ −q), Ȧ − 2C
skew, and the single-call path of :mod:`modyn_model.algorithms`.
"""

from __future__ import annotations

import numpy as np
import pytest

from modyn_model import DescriptionError, InertiaError, StateError, load_model
from modyn_model import algorithms as alg
from modyn_model.contract import CONTRACT_MEMBERS, is_mechanism_model
from modyn_model.mechanisms import BallJointBody

pin = pytest.importorskip("pinocchio")

MASS = 2.5
COM = [0.05, -0.08, 0.35]
# about the com: ixx, ixy, ixz, iyy, iyz, izz (a full, non-diagonal tensor)
INERTIA6 = [0.041, 0.004, -0.003, 0.052, 0.006, 0.023]
GRAVITY = [0.3, -0.2, -9.81]
DESCRIPTION = f"""
kind: ball_joint
name: top
mass: {MASS}
com: {COM}
inertia: {INERTIA6}
gravity: {GRAVITY}
effort_limit: 8.0
"""
TOL = 1e-12


def close(ours, ref, tol=TOL):
    ours, ref = np.asarray(ours), np.asarray(ref)
    err = np.abs(ours - ref)
    bound = tol * np.maximum(1.0, np.abs(ref))
    assert np.all(err <= bound), f"max error {err.max():.3g} (ref max {np.abs(ref).max():.3g})"
    return float(err.max())


@pytest.fixture(scope="module")
def model() -> BallJointBody:
    return load_model(DESCRIPTION)


@pytest.fixture(scope="module")
def ref():
    xx, xy, xz, yy, yz, zz = INERTIA6
    inertia = np.array([[xx, xy, xz], [xy, yy, yz], [xz, yz, zz]])
    m = pin.Model()
    jid = m.addJoint(0, pin.JointModelSpherical(), pin.SE3.Identity(), "ball")
    m.appendBodyToJoint(jid, pin.Inertia(MASS, np.array(COM), inertia), pin.SE3.Identity())
    m.addFrame(pin.Frame("body", jid, 0, pin.SE3.Identity(), pin.FrameType.OP_FRAME))
    com = pin.SE3(np.eye(3), np.array(COM))
    m.addFrame(pin.Frame("com", jid, 0, com, pin.FrameType.OP_FRAME))
    m.gravity.linear = np.array(GRAVITY)
    return m, m.createData()


def to_pin(q):
    """(w, x, y, z) -> Pinocchio's (x, y, z, w)."""
    return np.array([q[1], q[2], q[3], q[0]])


def from_pin(q):
    return np.array([q[3], q[0], q[1], q[2]])


def random_states(count=25, seed=3):
    rng = np.random.default_rng(seed)
    q = rng.normal(size=(count, 4))
    q /= np.linalg.norm(q, axis=1, keepdims=True)
    return q, rng.uniform(-3, 3, (count, 3)), rng.uniform(-10, 10, (count, 3))


def test_contract_and_sizes(model):
    assert is_mechanism_model(model)
    assert all(hasattr(model, m) for m in CONTRACT_MEMBERS)
    assert (model.nq, model.nv, model.nu) == (4, 3, 3)
    assert model.coordinate_names == ("top_qw", "top_qx", "top_qy", "top_qz")
    assert model.velocity_names == ("top_wx", "top_wy", "top_wz")
    assert model.actuator_names == ("top_motor_x", "top_motor_y", "top_motor_z")
    assert model.lower.shape == model.upper.shape == (4,)
    assert model.velocity_limit.shape == model.effort_limit.shape == (3,)
    np.testing.assert_array_equal(model.effort_limit, 8.0)
    np.testing.assert_array_equal(model.neutral(), [1, 0, 0, 0])
    np.testing.assert_array_equal(model.actuation_matrix(model.neutral()), np.eye(3))
    data = model.make_data()
    assert data.tau.shape == data.u.shape == (3,) and data.M.shape == (3, 3)


def test_dynamics_match_pinocchio(model, ref):
    m, d = ref
    worst = {}
    rng = np.random.default_rng(7)
    for q, v, a in zip(*random_states(), strict=True):
        qp = to_pin(q)
        fext_modyn = rng.normal(0, 5, (1, 6))
        fext = [pin.Force.Zero(), pin.Force(-fext_modyn[0])]
        checks = {
            "rnea": (model.inverse_dynamics(q, v, a), pin.rnea(m, d, qp, v, a)),
            "rnea f_ext": (
                model.inverse_dynamics(q, v, a, fext_modyn),
                pin.rnea(m, d, qp, v, a, fext),
            ),
            "crba": (model.mass_matrix(q), _sym(pin.crba(m, d, qp))),
            "nle": (model.bias_forces(q, v), pin.nonLinearEffects(m, d, qp, v)),
            "gravity": (model.gravity(q), pin.computeGeneralizedGravity(m, d, qp)),
            "coriolis": (
                model.coriolis_matrix(q, v),
                pin.computeCoriolisMatrix(m, d, qp, v).copy(),
            ),
            "aba": (model.forward_dynamics(q, v, a), pin.aba(m, d, qp, v, a)),
            "aba f_ext": (
                model.forward_dynamics(q, v, a, fext_modyn),
                pin.aba(m, d, qp, v, a, fext),
            ),
            "kinetic": (model.kinetic_energy(q, v), pin.computeKineticEnergy(m, d, qp, v)),
            "potential": (model.potential_energy(q), pin.computePotentialEnergy(m, d, qp)),
        }
        for name, (ours, theirs) in checks.items():
            worst[name] = max(worst.get(name, 0.0), close(ours, theirs))
    print({k: f"{v:.2g}" for k, v in worst.items()})


def _sym(upper):
    full = np.triu(upper)
    return full + np.triu(full, 1).T


def test_integrate_difference_match_pinocchio(model, ref):
    m, _ = ref
    rng = np.random.default_rng(11)
    qs, vs, _ = random_states()
    worst = [0.0, 0.0]
    for q0, v in zip(qs, vs, strict=True):
        dt = rng.uniform(0.01, 1.0)
        ours = model.integrate(q0, v, dt)
        theirs = from_pin(pin.integrate(m, to_pin(q0), v * dt))
        # the same orientation; both normalized, and the same sign (right product of q0)
        worst[0] = max(worst[0], close(ours, theirs))
        q1 = rng.normal(size=4)
        q1 /= np.linalg.norm(q1)
        worst[1] = max(
            worst[1],
            close(model.difference(q1, q0), pin.difference(m, to_pin(q0), to_pin(q1))),
        )
    print(f"integrate {worst[0]:.2g}, difference {worst[1]:.2g}")


def test_frames_match_pinocchio(model, ref):
    m, d = ref
    for q, v, _ in zip(*random_states(seed=5), strict=True):
        qp = to_pin(q)
        pin.forwardKinematics(m, d, qp, v, np.zeros(3))
        pin.updateFramePlacements(m, d)
        pin.computeJointJacobians(m, d, qp)
        for frame in ("body", "com"):
            fid = m.getFrameId(frame)
            close(model.frame_placement(q, frame), d.oMf[fid].homogeneous)
            lwa = pin.ReferenceFrame.LOCAL_WORLD_ALIGNED
            close(model.frame_jacobian(q, frame), pin.getFrameJacobian(m, d, fid, lwa))
            acc = pin.getFrameClassicalAcceleration(m, d, fid, lwa)
            close(model.frame_jacobian_dot_v(q, v, frame), acc.vector)


def test_difference_inverts_integrate(model):
    rng = np.random.default_rng(2)
    q, _, _ = random_states(200, seed=9)
    v = rng.normal(size=(200, 3))
    v *= rng.uniform(0, 3.1, (200, 1)) / np.linalg.norm(v, axis=1, keepdims=True)  # |v| < π
    v[:5] *= 1e-9  # the series branch near the identity
    q1 = model.integrate(q, v, 1.0)
    np.testing.assert_allclose(np.linalg.norm(q1, axis=1), 1.0, rtol=0, atol=1e-15)
    err = np.abs(model.difference(q1, q) - v).max()
    assert err < 1e-13, err
    # q and −q are the same orientation: the difference is the short way round
    np.testing.assert_allclose(model.difference(-q1, q), v, rtol=0, atol=1e-13)
    np.testing.assert_allclose(model.difference(q, q), 0.0, atol=1e-15)


def test_energy_and_coriolis_identities(model):
    q, v, _ = random_states(10, seed=4)
    C = model.coriolis_matrix(q, v)
    # A is constant, so Ȧ − 2C skew means C skew; and C v = ω × I ω
    np.testing.assert_allclose(C + np.swapaxes(C, -1, -2), 0.0, atol=1e-15)
    iw = v @ model.inertia_pivot.T
    np.testing.assert_allclose(np.einsum("kij,kj->ki", C, v), np.cross(v, iw), atol=1e-14)
    # Q is the gradient of U along a body-frame rotation: (U(q ⊕ εe_i) − U(q ⊖ εe_i)) / 2ε
    eps = 1e-6
    for i in range(3):
        e = np.zeros(3)
        e[i] = eps
        du = (
            model.potential_energy(model.integrate(q, e, 1.0))
            - model.potential_energy(model.integrate(q, -e, 1.0))
        ) / (2 * eps)
        np.testing.assert_allclose(du, model.gravity(q)[:, i], atol=1e-8)


def test_batched_equals_single_and_algorithms(model):
    q, v, a = random_states(6, seed=8)
    data = model.make_data()
    batch = model.inverse_dynamics(q, v, a)
    for k in range(6):
        single = model.inverse_dynamics(q[k], v[k], a[k])
        np.testing.assert_allclose(batch[k], single, rtol=0, atol=1e-14)  # matmul rounding
        tau = alg.inverse_dynamics(model, data, q[k], v[k], a[k])
        np.testing.assert_array_equal(tau, single)
        ddq = alg.forward_dynamics(model, data, q[k], v[k], tau)
        np.testing.assert_allclose(ddq, a[k], atol=1e-12)
        u = alg.actuator_forces(model, data, q[k], v[k], a[k])
        np.testing.assert_allclose(u, batch[k], atol=1e-12)
    assert model.mass_matrix(q).shape == (6, 3, 3)
    assert model.frame_jacobian(q, "com").shape == (6, 6, 3)


def test_bad_descriptions_and_states(model):
    base = dict(kind="ball_joint", name="b", mass=1.0, com=[0, 0, 0.1], inertia=[1, 0, 0, 1, 0, 1])
    with pytest.raises(InertiaError, match="mass"):
        load_model({**base, "mass": 0.0})
    with pytest.raises(InertiaError, match="principal moments"):
        load_model({**base, "inertia": [1, 0, 0, 1, 0, 3]})  # 3 > 1 + 1
    with pytest.raises(InertiaError, match="symmetric"):
        load_model({**base, "inertia": [[1, 0.5, 0], [0, 1, 0], [0, 0, 1]]})
    with pytest.raises(DescriptionError, match="'com'"):
        load_model({**base, "com": [0, 0]})
    with pytest.raises(DescriptionError, match="unknown field"):
        load_model({**base, "armature": 1.0})
    with pytest.raises(DescriptionError, match="missing"):
        load_model({"kind": "ball_joint", "mass": 1.0})
    with pytest.raises(DescriptionError, match="effort_limit"):
        load_model({**base, "effort_limit": -1})
    with pytest.raises(StateError, match="last dimension 4"):
        model.integrate([0, 0, 1], [0, 0, 0], 0.1)
    with pytest.raises(StateError, match="zero quaternion"):
        model.difference([0, 0, 0, 0], [1, 0, 0, 0])
    with pytest.raises(StateError, match="no frame named 'tip'"):
        model.frame_placement(model.neutral(), "tip")
