"""The mechanism contract (modyn_model.contract) as RobotModel implements it, and the generic
path of modyn_model.algorithms for a model that is not a tree (issue 13).

* RobotModel, on example-robot-data URDFs and the shipped RX-90 table, has every member of
  ``CONTRACT_MEMBERS``, is an instance of the runtime-checkable ``MechanismModel`` protocol, and
  keeps the arm's identities: nq = nv = nu, the three name lists equal the joint names, S = I,
  ``difference``/``integrate`` are inverse (q0 ⊕ (q1 ⊖ q0) = q1 and (q ⊕ v) ⊖ q = v),
  ``actuator_forces`` = ``inverse_dynamics`` and ``generalized_forces(q, u)`` = u.
* The free functions of ``algorithms`` fill a ``Data`` for a model with no fast path through its
  own methods: a wrapper that exposes only the contract of a RobotModel (so no generated code)
  gives the fast path's numbers; with an actuation map that is not the identity,
  ``actuator_forces`` solves Sᵀ u = Γ.
"""

from __future__ import annotations

import numpy as np
import pytest

from modyn_model import (
    MechanismModel,
    RobotModel,
    StateError,
    algorithms,
    is_mechanism_model,
    load_model,
)
from modyn_model.contract import CONTRACT_MEMBERS

ROBOTS = {
    "ur5": ("ur_description/urdf/ur5_robot.urdf", (), "tool0"),
    "xarm7": ("xarm_description/urdf/xarm7.urdf", (), "link7"),
    "panda": (
        "panda_description/urdf/panda.urdf",
        ("panda_finger_joint1", "panda_finger_joint2"),
        "panda_hand",
    ),
    "double_pendulum": ("double_pendulum_description/urdf/double_pendulum.urdf", (), "link2"),
}


@pytest.fixture(scope="module", params=[*ROBOTS, "rx90"])
def arm(request, erd_path):
    """(model, a frame of it) for each robot."""
    if request.param == "rx90":
        return load_model("rx90"), "link6"
    relative, locked, frame = ROBOTS[request.param]
    return load_model(erd_path(relative), locked_joints=locked), frame


def _states(model, n=20, seed=3):
    rng = np.random.default_rng(seed)
    lo = np.where(np.isfinite(model.lower), model.lower, -np.pi)
    hi = np.where(np.isfinite(model.upper), model.upper, np.pi)
    return (
        rng.uniform(lo, hi, (n, model.nq)),
        rng.uniform(-1.0, 1.0, (n, model.nv)),
        rng.uniform(-2.0, 2.0, (n, model.nv)),
    )


def test_robot_model_has_every_member_of_the_contract(arm):
    model, _ = arm
    missing = [m for m in CONTRACT_MEMBERS if not hasattr(model, m)]
    assert missing == []
    assert is_mechanism_model(model)
    assert isinstance(model, MechanismModel)
    assert model.nq == model.nv == model.nu == len(model.joint_names)
    assert model.coordinate_names == model.velocity_names == model.actuator_names
    assert model.coordinate_names == model.joint_names
    for name in ("lower", "upper"):
        assert getattr(model, name).shape == (model.nq,)
    assert model.velocity_limit.shape == (model.nv,)
    assert model.effort_limit.shape == (model.nu,)
    assert model.gravity_vector.shape == (3,)
    np.testing.assert_array_equal(model.neutral(), np.zeros(model.nq))
    data = model.make_data()
    assert data.tau.shape == data.h.shape == data.ddq.shape == (model.nv,)
    assert data.M.shape == (model.nv, model.nv) and data.u.shape == (model.nu,)


def test_difference_and_integrate_are_inverse(arm):
    model, _ = arm
    q0, v, _ = _states(model)
    q1 = model.integrate(q0, v, 0.37)
    np.testing.assert_allclose(model.difference(q1, q0), 0.37 * v, atol=1e-12)
    q2, _, _ = _states(model, seed=4)
    np.testing.assert_allclose(model.integrate(q0, model.difference(q2, q0), 1.0), q2, atol=1e-12)
    # a single state works too, and a wrong size is refused naming the argument
    assert model.difference(q1[0], q0[0]).shape == (model.nv,)
    with pytest.raises(StateError, match="q1 must have last dimension"):
        model.difference(q1[0, :-1], q0[0])


def test_actuation_of_an_arm_is_the_identity(arm):
    model, _ = arm
    q, v, a = _states(model)
    s = model.actuation_matrix(q)
    assert s.shape == (len(q), model.nu, model.nv)
    np.testing.assert_array_equal(s, np.broadcast_to(np.eye(model.nv), s.shape))
    np.testing.assert_array_equal(model.actuator_forces(q, v, a), model.inverse_dynamics(q, v, a))
    np.testing.assert_array_equal(model.generalized_forces(q, a), a)
    data = model.make_data()
    u = algorithms.actuator_forces(model, data, q[0], v[0], a[0])
    assert u is data.u
    np.testing.assert_allclose(u, model.inverse_dynamics(q[0], v[0], a[0]), rtol=1e-10, atol=1e-9)


def test_frame_members_are_consistent(arm):
    model, frame = arm
    q, v, a = _states(model, n=3)
    pose = model.frame_placement(q, frame)
    jac = model.frame_jacobian(q, frame)
    assert pose.shape == (3, 4, 4) and jac.shape == (3, 6, model.nv)
    # the Jacobian is the derivative of the placement along v (central difference)
    h = 1e-6
    dp = (
        model.frame_placement(model.integrate(q, v, h), frame)[..., :3, 3]
        - model.frame_placement(model.integrate(q, v, -h), frame)[..., :3, 3]
    ) / (2 * h)
    np.testing.assert_allclose(np.einsum("nij,nj->ni", jac[:, :3], v), dp, atol=1e-7)
    # J̇ v: the acceleration of the frame's origin at v̇ = 0 (difference of J v along the motion)
    jdv = model.frame_jacobian_dot_v(q, v, frame)
    jv = [
        np.einsum("nij,nj->ni", model.frame_jacobian(model.integrate(q, v, s * h), frame), v)
        for s in (1, -1)
    ]
    np.testing.assert_allclose(jdv, (jv[0] - jv[1]) / (2 * h), atol=1e-6)


# ------------------------------------------------------------------------ the generic path
class ContractOnly:
    """Every member of the contract of ``model`` and nothing else (no ``fast_path``): what
    :mod:`modyn_model.algorithms` sees of a mechanism that is not a tree. ``s`` replaces the
    actuation map (constant)."""

    def __init__(self, model, s=None):
        self._m = model
        self._s = np.eye(model.nv) if s is None else np.asarray(s, dtype=float)

    def __getattr__(self, name):
        if name not in CONTRACT_MEMBERS:
            raise AttributeError(name)
        return getattr(self._m, name)

    def make_data(self):
        from modyn_model.data import Data

        return Data(self)

    def actuation_matrix(self, q):
        q = self.check_state("q", q)
        return np.broadcast_to(self._s, q.shape[:-1] + self._s.shape).copy()

    def generalized_forces(self, q, u):
        return self.check_actuation("u", u) @ self._s

    def actuator_forces(self, q, v, a):
        return np.linalg.solve(self._s.T, self._m.inverse_dynamics(q, v, a))


def test_algorithms_fill_data_through_the_generic_path():
    tree = load_model("rx90")
    generic = ContractOnly(tree)
    assert is_mechanism_model(generic) and not hasattr(generic, "fast_path")
    rng = np.random.default_rng(0)
    fast, slow = tree.make_data(), generic.make_data()
    for _ in range(5):
        q, v, a = (rng.uniform(-1, 1, 6) for _ in range(3))
        pairs = [
            (algorithms.inverse_dynamics(tree, fast, q, v, a),
             algorithms.inverse_dynamics(generic, slow, q, v, a), slow.tau),
            (algorithms.bias_forces(tree, fast, q, v),
             algorithms.bias_forces(generic, slow, q, v), slow.h),
            (algorithms.gravity(tree, fast, q), algorithms.gravity(generic, slow, q), slow.g),
            (algorithms.mass_matrix(tree, fast, q), algorithms.mass_matrix(generic, slow, q),
             slow.M),
            (algorithms.forward_dynamics(tree, fast, q, v, a),
             algorithms.forward_dynamics(generic, slow, q, v, a), slow.ddq),
        ]  # fmt: skip
        for expected, got, buffer in pairs:
            assert got is buffer  # written into the workspace, not a new array
            np.testing.assert_allclose(got, expected, rtol=1e-9, atol=1e-9)


def test_generic_actuator_forces_solve_the_actuation_map():
    tree = load_model("rx90")
    s = np.eye(6) + np.diag([-1.0] * 5, -1)  # each motor reacts on the link before (a chain)
    mech = ContractOnly(tree, s)
    data = mech.make_data()
    q, v, a = np.full(6, 0.2), np.full(6, -0.3), np.linspace(-1, 1, 6)
    u = algorithms.actuator_forces(mech, data, q, v, a)
    assert u is data.u
    gamma = tree.inverse_dynamics(q, v, a)
    np.testing.assert_allclose(data.tau, gamma, rtol=1e-12)
    np.testing.assert_allclose(s.T @ u, gamma, rtol=1e-10, atol=1e-10)
    np.testing.assert_allclose(u, mech.actuator_forces(q, v, a), rtol=1e-10, atol=1e-10)


def test_robot_model_from_the_factory_is_the_constructors():
    """The factory returns the same RobotModel as the constructors it replaces."""
    a = load_model("rx90")
    b = RobotModel.from_mdh("rx90")
    q = np.linspace(-1, 1, 6)
    np.testing.assert_array_equal(a.mass_matrix(q), b.mass_matrix(q))
    assert isinstance(a, MechanismModel)
