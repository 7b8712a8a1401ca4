"""The floating base (modyn_model.floating) against Pinocchio's JointModelFreeFlyer and physics.

Reference: ``pin.buildModelFromUrdf(path, pin.JointModelFreeFlyer())`` of the same URDF. Its q is
[p, x, y, z, w, joints] (ours [p, w, x, y, z, joints]: ``to_pinocchio_q``); v, v̇ and τ are the
same vectors once the joints are matched by name (the test maps them, it does not assume the
order). Every quantity, on random states (random base pose, joints in [−1, 1], velocities and
accelerations N(0, 1)), single and batched, must agree to a relative error

    max |ours − ref| / max |ref|  <=  1e-9

(max over the entries of one state's quantity). The measured maxima are printed (``-s``).

==============================  =================================================================
modyn                           Pinocchio
==============================  =================================================================
inverse_dynamics (+ f_ext)      ``rnea`` (fext = −f_ext: Pinocchio's is the wrench ON the body)
mass_matrix                     ``crba`` (upper triangle, symmetrised)
forward_dynamics (aba, chol.)   ``aba``
coriolis_matrix                 ``computeCoriolisMatrix``
centroidal momentum (matrix)    ``computeCentroidalMap`` / ``computeCentroidalMomentum``
center_of_mass                  ``centerOfMass``
kinetic / potential energy      ``computeKineticEnergy`` / ``computePotentialEnergy`` (both zero
                                reference: U = −m gᵀ c, zero with the CoM at the world origin)
frame placement / J / J̇v        ``oMf``, ``getFrameJacobian`` and ``getFrameClassicalAcceleration``
                                in LOCAL_WORLD_ALIGNED, for every link frame
integrate / difference          ``pin.integrate`` / ``pin.difference``
==============================  =================================================================

Physics: free flight without gravity under random constant joint torques (internal forces) keeps
the centroidal momentum constant; RK4 over 2 s conserves it to 1e-9 relative. With gravity and no
torque the total energy is constant; its drift over a fixed time shrinks by 2⁴ when dt halves
(RK4's order), measured at three step sizes.
"""

from __future__ import annotations

import re

import numpy as np
import pytest

from modyn_model import RobotModel, StateError, load_model
from modyn_model import algorithms as alg
from modyn_model.contract import CONTRACT_MEMBERS, is_mechanism_model
from modyn_model.floating import FloatingBaseModel, from_pinocchio_q, to_pinocchio_q

pin = pytest.importorskip("pinocchio")

ROBOTS = {
    "solo12": "solo_description/robots/solo12.urdf",
    "go1": "go1_description/urdf/go1.urdf",
    "anymal_b": "anymal_b_simple_description/robots/anymal.urdf",
    "talos_reduced": "talos_data/robots/talos_reduced.urdf",
}
TOL = 1e-9
N_STATES = 6


def rel(ours, ref) -> float:
    """max |ours − ref| / max |ref| over the last axes (one state's quantity), max over the batch."""
    ours, ref = np.asarray(ours, dtype=float), np.asarray(ref, dtype=float)
    return float(np.max(np.abs(ours - ref)) / max(np.max(np.abs(ref)), 1e-300))


class Pair:
    """A modyn floating model and Pinocchio's free-flyer model of one URDF, with the joint map."""

    def __init__(self, path: str):
        self.model = RobotModel.from_urdf(path, floating_base=True)
        self.pmodel = pin.buildModelFromUrdf(path, pin.JointModelFreeFlyer())
        self.pdata = self.pmodel.createData()
        m, pm = self.model, self.pmodel
        assert pm.nq == m.nq and pm.nv == m.nv, (pm.nq, m.nq, pm.nv, m.nv)
        # modyn velocity index k -> Pinocchio velocity index (joints matched by name)
        perm = list(range(6))
        qperm = list(range(7))
        for name in m.joint_names:
            jid = pm.getJointId(name)
            assert jid < pm.njoints, name
            perm.append(pm.joints[jid].idx_v)
            qperm.append(pm.joints[jid].idx_q)
        self.vperm = np.array(perm)
        self.qperm = np.array(qperm)

    def q(self, q):
        """modyn q -> Pinocchio q."""
        out = np.empty(self.pmodel.nq)
        out[self.qperm] = to_pinocchio_q(q)
        return out

    def q_back(self, pq):
        return from_pinocchio_q(np.asarray(pq)[self.qperm])

    def v(self, x):
        """modyn v-space vector -> Pinocchio's."""
        out = np.empty(self.pmodel.nv)
        out[self.vperm] = x
        return out

    def v_back(self, px):
        return np.asarray(px)[..., self.vperm]

    def mat_back(self, pm):
        return np.asarray(pm)[np.ix_(self.vperm, self.vperm)]

    def frame_id(self, name: str) -> int:
        for i, f in enumerate(self.pmodel.frames):
            if f.name == name and f.type in (pin.FrameType.BODY, pin.FrameType.FIXED_JOINT):
                return i
        raise KeyError(name)


def random_states(model, rng, count):
    q = np.zeros((count, model.nq))
    q[:, :3] = rng.normal(size=(count, 3))
    quat = rng.normal(size=(count, 4))
    q[:, 3:7] = quat / np.linalg.norm(quat, axis=1, keepdims=True)
    q[:, 7:] = rng.uniform(-1.0, 1.0, size=(count, model.n))
    v, a, tau = rng.normal(size=(3, count, model.nv))
    return q, v, a, tau


@pytest.fixture(scope="module", params=list(ROBOTS))
def pair(request, erd_path):
    return request.param, Pair(str(erd_path(ROBOTS[request.param])))


def test_pinocchio_joint_order_is_modyn_order(pair):
    """The two number the joints the same way (urdfdom's depth-first, name-sorted order), so
    position-ordered vectors can be exchanged; the other tests map by name anyway."""
    _, p = pair
    assert list(p.pmodel.names[2:]) == list(p.model.joint_names)


def test_dynamics_match_pinocchio(pair):
    name, p = pair
    m, pm, pd = p.model, p.pmodel, p.pdata
    rng = np.random.default_rng(14)
    qs, vs, as_, taus = random_states(m, rng, N_STATES)
    errors = {k: 0.0 for k in ("rnea", "rnea_fext", "crba", "aba", "chol", "C", "nle", "g")}
    for q, v, a, tau in zip(qs, vs, as_, taus, strict=True):
        pq, pv, pa, ptau = p.q(q), p.v(v), p.v(a), p.v(tau)
        errors["rnea"] = max(
            errors["rnea"],
            rel(
                m.inverse_dynamics(q, v, a, friction=False), p.v_back(pin.rnea(pm, pd, pq, pv, pa))
            ),
        )
        f_ext = rng.normal(size=(m.n + 1, 6))
        fext = [pin.Force.Zero() for _ in range(pm.njoints)]
        fext[1] = pin.Force(-f_ext[0])
        for k, jname in enumerate(m.joint_names):
            fext[pm.getJointId(jname)] = pin.Force(-f_ext[k + 1])
        errors["rnea_fext"] = max(
            errors["rnea_fext"],
            rel(
                m.inverse_dynamics(q, v, a, f_ext, friction=False),
                p.v_back(pin.rnea(pm, pd, pq, pv, pa, fext)),
            ),
        )
        mm = pin.crba(pm, pd, pq)
        mm = np.triu(mm) + np.triu(mm, 1).T
        errors["crba"] = max(errors["crba"], rel(m.mass_matrix(q), p.mat_back(mm)))
        ref_aba = p.v_back(pin.aba(pm, pd, pq, pv, ptau))
        errors["aba"] = max(
            errors["aba"], rel(m.forward_dynamics(q, v, tau, friction=False), ref_aba)
        )
        errors["chol"] = max(
            errors["chol"],
            rel(m.forward_dynamics(q, v, tau, method="cholesky", friction=False), ref_aba),
        )
        errors["C"] = max(
            errors["C"],
            rel(m.coriolis_matrix(q, v), p.mat_back(pin.computeCoriolisMatrix(pm, pd, pq, pv))),
        )
        errors["nle"] = max(
            errors["nle"],
            rel(
                m.bias_forces(q, v, friction=False), p.v_back(pin.nonLinearEffects(pm, pd, pq, pv))
            ),
        )
        errors["g"] = max(
            errors["g"], rel(m.gravity(q), p.v_back(pin.computeGeneralizedGravity(pm, pd, pq)))
        )
    print(f"\n{name} dynamics, max relative error over {N_STATES} states: {errors}")
    assert max(errors.values()) <= TOL, errors


def test_centroidal_energy_match_pinocchio(pair):
    name, p = pair
    m, pm, pd = p.model, p.pmodel, p.pdata
    rng = np.random.default_rng(15)
    qs, vs, _, _ = random_states(m, rng, N_STATES)
    errors = {k: 0.0 for k in ("Ag", "hg", "com", "kinetic", "potential")}
    for q, v in zip(qs, vs, strict=True):
        pq, pv = p.q(q), p.v(v)
        ag = np.asarray(pin.computeCentroidalMap(pm, pd, pq))[:, p.vperm]
        errors["Ag"] = max(errors["Ag"], rel(m.centroidal_momentum_matrix(q), ag))
        pin.computeCentroidalMomentum(pm, pd, pq, pv)
        errors["hg"] = max(errors["hg"], rel(m.centroidal_momentum(q, v), pd.hg.vector))
        errors["com"] = max(errors["com"], rel(m.center_of_mass(q), pin.centerOfMass(pm, pd, pq)))
        errors["kinetic"] = max(
            errors["kinetic"], rel(m.kinetic_energy(q, v), pin.computeKineticEnergy(pm, pd, pq, pv))
        )
        errors["potential"] = max(
            errors["potential"],
            rel(m.potential_energy(q), pin.computePotentialEnergy(pm, pd, pq)),
        )
    # the potential's zero reference: the CoM at the world origin, U = −m gᵀ c
    q0 = m.neutral()
    q0[:3] = -m.center_of_mass(m.neutral())
    assert abs(m.potential_energy(q0)) <= 1e-12 * m.mass * 9.81
    print(f"\n{name} centroidal/energy, max relative error: {errors}")
    assert max(errors.values()) <= TOL, errors


def test_frames_match_pinocchio(pair):
    name, p = pair
    m, pm, pd = p.model, p.pmodel, p.pdata
    rng = np.random.default_rng(16)
    qs, vs, _, _ = random_states(m, rng, 3)
    errors = {"placement": 0.0, "jacobian": 0.0, "jdot_v": 0.0}
    for q, v in zip(qs, vs, strict=True):
        pq, pv = p.q(q), p.v(v)
        pin.forwardKinematics(pm, pd, pq, pv, np.zeros(pm.nv))
        pin.computeJointJacobians(pm, pd, pq)
        pin.updateFramePlacements(pm, pd)
        for frame in m.frame_names:
            fid = p.frame_id(frame)
            pose, jac, jdv = m.frame_motion(q, v, frame)
            ref_j = np.asarray(pin.getFrameJacobian(pm, pd, fid, pin.LOCAL_WORLD_ALIGNED))
            ref_a = pin.getFrameClassicalAcceleration(pm, pd, fid, pin.LOCAL_WORLD_ALIGNED).vector
            errors["placement"] = max(errors["placement"], rel(pose, pd.oMf[fid].homogeneous))
            errors["jacobian"] = max(errors["jacobian"], rel(jac, ref_j[:, p.vperm]))
            errors["jdot_v"] = max(errors["jdot_v"], rel(jdv, ref_a))
            assert np.array_equal(m.frame_placement(q, frame), pose)
            assert np.array_equal(m.frame_jacobian(q, frame), jac)
            assert np.array_equal(m.frame_jacobian_dot_v(q, v, frame), jdv)
    print(f"\n{name} frames ({len(m.frame_names)}), max relative error: {errors}")
    assert max(errors.values()) <= TOL, errors


def test_integrate_difference_match_pinocchio(pair):
    name, p = pair
    m, pm = p.model, p.pmodel
    rng = np.random.default_rng(17)
    qs, vs, _, _ = random_states(m, rng, N_STATES)
    q1s, _, _, _ = random_states(m, rng, N_STATES)
    err_i = err_d = 0.0
    for q, v, q1 in zip(qs, vs, q1s, strict=True):
        for dt in (1e-3, 0.37, 1.0):
            qi = m.integrate(q, v, dt)
            ref = p.q_back(pin.integrate(pm, p.q(q), p.v(v) * dt))
            # q and −q are one orientation: compare the quaternion up to sign
            sign = np.sign(qi[3:7] @ ref[3:7])
            ref[3:7] *= sign
            err_i = max(err_i, rel(qi, ref))
            assert abs(np.linalg.norm(qi[3:7]) - 1.0) <= 1e-15 * 4
        err_d = max(err_d, rel(m.difference(q1, q), p.v_back(pin.difference(pm, p.q(q), p.q(q1)))))
        back = m.integrate(q, m.difference(q1, q), 1.0)
        back[3:7] *= np.sign(back[3:7] @ q1[3:7])
        assert rel(back, q1) <= TOL
    print(f"\n{name} integrate/difference, max relative error: {err_i:.3g} / {err_d:.3g}")
    assert max(err_i, err_d) <= TOL


def test_batched_equals_single(pair):
    """Every batched call equals the single calls (and so Pinocchio), on a (2, 3) batch. One state
    of inverse_dynamics, bias_forces and gravity runs the float recursion (floating/single.py), a
    batch the numpy one: this holds them equal."""
    name, p = pair
    m = p.model
    rng = np.random.default_rng(18)
    q, v, a, tau = (x.reshape(2, 3, -1) for x in random_states(m, rng, 6))
    frame = m.tip_frame
    f_ext = rng.normal(size=(2, 3, m.n + 1, 6))
    checks = {
        "inverse_dynamics": (
            m.inverse_dynamics(q, v, a, f_ext),
            lambda i, j: m.inverse_dynamics(q[i, j], v[i, j], a[i, j], f_ext[i, j]),
        ),
        "bias_forces": (m.bias_forces(q, v), lambda i, j: m.bias_forces(q[i, j], v[i, j])),
        "gravity": (m.gravity(q), lambda i, j: m.gravity(q[i, j])),
        "mass_matrix": (m.mass_matrix(q), lambda i, j: m.mass_matrix(q[i, j])),
        "forward_dynamics": (
            m.forward_dynamics(q, v, tau),
            lambda i, j: m.forward_dynamics(q[i, j], v[i, j], tau[i, j]),
        ),
        "forward_dynamics_chol": (
            m.forward_dynamics(q, v, tau, method="cholesky"),
            lambda i, j: m.forward_dynamics(q[i, j], v[i, j], tau[i, j], method="cholesky"),
        ),
        "coriolis": (m.coriolis_matrix(q, v), lambda i, j: m.coriolis_matrix(q[i, j], v[i, j])),
        "Ag": (m.centroidal_momentum_matrix(q), lambda i, j: m.centroidal_momentum_matrix(q[i, j])),
        "hg": (m.centroidal_momentum(q, v), lambda i, j: m.centroidal_momentum(q[i, j], v[i, j])),
        "kinetic": (m.kinetic_energy(q, v), lambda i, j: m.kinetic_energy(q[i, j], v[i, j])),
        "potential": (m.potential_energy(q), lambda i, j: m.potential_energy(q[i, j])),
        "jacobian": (m.frame_jacobian(q, frame), lambda i, j: m.frame_jacobian(q[i, j], frame)),
        "jdot_v": (
            m.frame_jacobian_dot_v(q, v, frame),
            lambda i, j: m.frame_jacobian_dot_v(q[i, j], v[i, j], frame),
        ),
        "integrate": (m.integrate(q, v, 0.1), lambda i, j: m.integrate(q[i, j], v[i, j], 0.1)),
    }
    for label, (batched, single) in checks.items():
        assert batched.shape[:2] == (2, 3), label
        for i in range(2):
            for j in range(3):
                assert rel(batched[i, j], single(i, j)) <= 1e-13, label


def test_contract_and_single_call_path(pair):
    name, p = pair
    m = p.model
    assert is_mechanism_model(m) and m.floating_base is True
    assert all(hasattr(m, k) for k in CONTRACT_MEMBERS)
    assert m.nq == m.nv + 1 == 7 + m.n and m.nu == m.n
    assert m.coordinate_names[:7] == tuple(
        f"floating_base.{c}" for c in ("x", "y", "z", "qw", "qx", "qy", "qz")
    )
    assert m.velocity_names[6:] == m.actuator_names == m.limb_model.joint_names
    assert m.base_frame == "world" and m.limb_model.root in m.frame_names
    assert RobotModel.floating_base is False and m.limb_model.floating_base is False
    rng = np.random.default_rng(19)
    q, v, a, tau = (x[0] for x in random_states(m, rng, 1))
    data = m.make_data()
    assert data.tau.shape == (m.nv,) and data.u.shape == (m.nu,)
    assert np.array_equal(alg.inverse_dynamics(m, data, q, v, a), m.inverse_dynamics(q, v, a))
    assert np.array_equal(alg.mass_matrix(m, data, q), m.mass_matrix(q))
    assert np.array_equal(alg.forward_dynamics(m, data, q, v, tau), m.forward_dynamics(q, v, tau))
    assert np.array_equal(alg.bias_forces(m, data, q, v), m.bias_forces(q, v))
    assert np.array_equal(alg.gravity(m, data, q), m.gravity(q))
    u = alg.actuator_forces(m, data, q, v, a)
    assert np.allclose(u, m.inverse_dynamics(q, v, a)[6:], rtol=0, atol=1e-12)
    # S, τ = Sᵀ u, and the Coriolis factorisation: Ȧ − 2C skew (Ȧ by central differences)
    assert np.array_equal(m.generalized_forces(q, u)[6:], u)
    assert not m.generalized_forces(q, u)[:6].any()
    h = 1e-6
    adot = (m.mass_matrix(m.integrate(q, v, h)) - m.mass_matrix(m.integrate(q, v, -h))) / (2 * h)
    n_mat = adot - 2.0 * m.coriolis_matrix(q, v)
    assert np.max(np.abs(n_mat + n_mat.T)) <= 1e-6 * np.max(np.abs(adot))
    # C v + Q = H (friction off)
    assert (
        rel(m.coriolis_matrix(q, v) @ v + m.gravity(q), m.bias_forces(q, v, friction=False))
        <= 1e-12
    )


def test_root_joint_floating_urdf_and_load_model(erd_path):
    """A URDF whose root joint is ``floating`` (world → base) gives a FloatingBaseModel with the
    joint's name as prefix, equal to floating_base=True on the URDF without it; load_model's
    ``floating_base: true``."""
    path = erd_path(ROBOTS["solo12"])
    text = path.read_text()
    start = re.search(r"<robot[^>]*>", text)
    assert start is not None
    world = (
        '<link name="world"/><joint name="root_joint" type="floating">'
        '<parent link="world"/><child link="base_link"/></joint>'
    )
    xml = text[: start.end()] + world + text[start.end() :]
    m = RobotModel.from_urdf(xml)
    assert isinstance(m, FloatingBaseModel)
    assert m.coordinate_names[0] == "root_joint.x" and m.velocity_names[5] == "root_joint.wz"
    assert "world" not in m.frame_names
    ref = RobotModel.from_urdf(path, floating_base=True)
    rng = np.random.default_rng(20)
    q, v, a, _ = (x[0] for x in random_states(m, rng, 1))
    assert np.array_equal(m.inverse_dynamics(q, v, a), ref.inverse_dynamics(q, v, a))
    spec = load_model({"kind": "urdf", "file": str(path), "floating_base": True})
    assert isinstance(spec, FloatingBaseModel)
    assert np.array_equal(spec.mass_matrix(q), ref.mass_matrix(q))
    fixed = load_model({"kind": "urdf", "file": str(path)})
    assert fixed.floating_base is False and fixed.nq == m.n


def test_bad_quaternion_is_refused(erd_path):
    m = RobotModel.from_urdf(erd_path(ROBOTS["solo12"]), floating_base=True)
    q = m.neutral()
    q[3:7] = [1.0, 0.0, 0.0, 1e-2]  # norm 1.00005
    with pytest.raises(StateError, match=r"floating_base\.qw.*norm 1\.00005"):
        m.inverse_dynamics(q, np.zeros(m.nv), np.zeros(m.nv))
    qb = np.stack([m.neutral(), q])
    with pytest.raises(StateError, match="not 1"):
        m.mass_matrix(qb)
    q[3:7] = 0.0
    with pytest.raises(StateError, match="norm 0"):
        m.integrate(q, np.zeros(m.nv), 0.1)
    with pytest.raises(StateError, match="f_ext must have shape"):
        m.inverse_dynamics(m.neutral(), np.zeros(m.nv), np.zeros(m.nv), np.zeros((m.n, 6)))
    # within the tolerance: accepted (and integrate returns a unit quaternion)
    q = m.neutral()
    q[3] = 1.0 + 5e-7
    out = m.integrate(q, np.ones(m.nv), 0.01)
    assert abs(np.linalg.norm(out[3:7]) - 1.0) <= 1e-15


# ---------------------------------------------------------------------- physics
def _rk4_flow(model, joint_torques):
    """ẏ for y = [p, Q, q_joints, v] in the embedding R^{nq + nv}: ṗ = R v_B, Q̇ = ½ Q ⊗ (0, ω),
    q̇_j = v_j, v̇ = ABA with joint torques ``joint_torques(q, v)`` (the quaternion normalised
    before the dynamics). Classical RK4 on it is fourth order; the step ends with the quaternion
    renormalised (an O(dt⁵) projection)."""
    from modyn_model.floating.se3 import quat_multiply
    from modyn_model.so3 import quaternion_to_matrix

    nq = model.nq
    tau = np.zeros(model.nv)

    def flow(y):
        q = y[:nq].copy()
        q[3:7] /= np.linalg.norm(q[3:7])
        v = y[nq:]
        dy = np.empty_like(y)
        dy[:3] = quaternion_to_matrix(q[3:7]) @ v[:3]
        dy[3:7] = 0.5 * quat_multiply(q[3:7], np.concatenate([[0.0], v[3:6]]))
        dy[7:nq] = v[6:]
        tau[6:] = joint_torques(q, v)
        dy[nq:] = model.forward_dynamics(q, v, tau)
        return dy

    def step(y, dt):
        k1 = flow(y)
        k2 = flow(y + 0.5 * dt * k1)
        k3 = flow(y + 0.5 * dt * k2)
        k4 = flow(y + dt * k3)
        y = y + dt / 6.0 * (k1 + 2 * k2 + 2 * k3 + k4)
        y[3:7] /= np.linalg.norm(y[3:7])
        return y

    return step


@pytest.mark.loop  # a long in-process simulation: the loop tier (docs/testing.md)
def test_free_flight_conserves_centroidal_momentum(erd_path):
    """No gravity, joint torques from springs and dampers between the links (internal forces:
    they change the shape, not the momentum) plus a constant bias: h_G constant over 2 s (RK4)."""
    m = RobotModel.from_urdf(erd_path(ROBOTS["solo12"]), floating_base=True, gravity=(0, 0, 0))
    assert isinstance(m, FloatingBaseModel)
    rng = np.random.default_rng(21)
    q = m.neutral()
    q[7:] = rng.uniform(-0.5, 0.5, m.n)
    v = rng.normal(scale=0.5, size=m.nv)
    bias = rng.normal(scale=0.05, size=m.n)
    # soft springs (0.05 N·m/rad): the light legs of solo12 swing at ~10 rad/s, which RK4 at
    # 1 ms follows to ~1e-10 over 2 s (the drift measured at 4, 2, 1 ms shrinks ×16 per halving)
    step = _rk4_flow(m, lambda q, v: bias - 0.05 * q[7:] - 0.002 * v[6:])
    y = np.concatenate([q, v])
    h0 = m.centroidal_momentum(q, v)
    dt, steps = 1e-3, 2000
    worst = np.zeros(2)
    for k in range(steps):
        y = step(y, dt)
        if k % 10 != 9:
            continue
        h = m.centroidal_momentum(y[: m.nq], y[m.nq :])
        worst = np.maximum(
            worst,
            [
                np.linalg.norm(h[:3] - h0[:3]) / np.linalg.norm(h0[:3]),
                np.linalg.norm(h[3:] - h0[3:]) / np.linalg.norm(h0[3:]),
            ],
        )
    print(
        f"\nfree flight 2 s, dt {dt}: max relative drift linear {worst[0]:.3g}, angular {worst[1]:.3g}"
    )
    # the motion was not trivial: the joints moved and the base turned
    assert np.linalg.norm(m.difference(y[: m.nq], q)[3:6]) > 0.1
    assert worst.max() <= 1e-9, worst


def test_energy_drift_shrinks_at_order_four(erd_path):
    """Gravity, no torque, no friction: E = T + U constant; the RK4 drift after 0.4 s shrinks by
    ≈ 2⁴ each time dt halves."""
    path = erd_path(ROBOTS["solo12"])
    m = RobotModel.from_urdf(path, floating_base=True)
    rng = np.random.default_rng(22)
    q = m.neutral()
    q[7:] = rng.uniform(-0.5, 0.5, m.n)
    v = rng.normal(scale=1.0, size=m.nv)
    step = _rk4_flow(m, lambda q, v: np.zeros(m.n))
    e0 = m.kinetic_energy(q, v) + m.potential_energy(q)
    drifts = []
    for dt in (8e-3, 4e-3, 2e-3):
        y = np.concatenate([q, v])
        for _ in range(int(round(0.4 / dt))):
            y = step(y, dt)
        qe, ve = y[: m.nq], y[m.nq :]
        drifts.append(abs(m.kinetic_energy(qe, ve) + m.potential_energy(qe) - e0))
    ratios = [drifts[0] / drifts[1], drifts[1] / drifts[2]]
    print(f"\nenergy drift over 0.4 s at dt 8, 4, 2 ms: {drifts} J, ratios {ratios}")
    for r in ratios:
        assert 16.0 / 1.6 <= r <= 16.0 * 1.6, ratios


def test_from_xacro_and_the_class_constructors(erd_path, tmp_path):
    """FloatingBaseModel.from_urdf / from_xacro and RobotModel.from_xacro(floating_base=True)
    build the same model; the fixed-base load of the same file is unchanged (a RobotModel whose
    frames include the base link, root_params not used)."""
    path = erd_path(ROBOTS["solo12"])
    text = path.read_text()
    start = re.search(r"<robot[^>]*>", text)
    xacro_text = (
        text[: start.start()]
        + '<robot name="solo" xmlns:xacro="http://www.ros.org/wiki/xacro">'
        + text[start.end() :]
    )
    xacro_file = tmp_path / "solo12.urdf.xacro"
    xacro_file.write_text(xacro_text)
    ref = FloatingBaseModel.from_urdf(path)
    rng = np.random.default_rng(23)
    q, v, a, _ = (x[0] for x in random_states(ref, rng, 1))
    for model in (
        FloatingBaseModel.from_xacro(xacro_file),
        RobotModel.from_xacro(xacro_file, floating_base=True),
    ):
        assert isinstance(model, FloatingBaseModel)
        assert np.array_equal(model.inverse_dynamics(q, v, a), ref.inverse_dynamics(q, v, a))
    fixed = RobotModel.from_urdf(path)
    assert type(fixed) is RobotModel and fixed.n == ref.n
    assert np.array_equal(fixed.inertial_parameters, ref.limb_model.inertial_parameters)
    # the base body's mass: the root link plus the links fixed to it (Pinocchio's body 1)
    pm = pin.buildModelFromUrdf(str(path), pin.JointModelFreeFlyer())
    assert abs(ref.root_params[9] - pm.inertias[1].mass) <= 1e-12 * pm.inertias[1].mass
    assert abs(ref.mass - sum(i.mass for i in pm.inertias)) <= 1e-12 * ref.mass
