"""URDF mimic joints: the CoupledJointsModel (constraint embedding) against Pinocchio.

What is checked against what
----------------------------
* Reference: Pinocchio 4's own mimic joints, ``pin.buildModelFromXML/Urdf(..., mimic=True)``
  (``JointModelMimic``), which nobody here wrote. Its ``rnea``, ``crba``, ``nonLinearEffects``,
  ``computeGeneralizedGravity``, ``computeCoriolisMatrix``, frame placements,
  ``computeFrameJacobian(LOCAL_WORLD_ALIGNED)`` and ``getFrameClassicalAcceleration`` support
  mimic joints; ``aba``, ``computeKineticEnergy`` and ``computePotentialEnergy`` do not (they
  raise), so the references there are: v̇ = solve(crba, τ − nonLinearEffects), ½ vᵀ crba v, and
  U = −Σ m_j gᵀ c_j over the moving bodies placed by ``forwardKinematics``.
* Robots: example-robot-data's Panda (finger_joint2 mimics finger_joint1, multiplier 1), and
  a gripper linkage written here with multipliers −1.2 (prismatic follower, offset 5 mm) and 15
  (a revolute knuckle driven by the prismatic drive, offset −0.1 rad) with a moving joint below
  the mimic joint, rotated joint origins and a full inertia tensor. 20 random states each,
  single and batched; external wrenches on every body (mimic bodies included).
* Tolerance: |modyn − reference| ≤ 1e-9 · max(1, |reference|) elementwise (the suite's
  ``test_reference_pinocchio`` metric).
* A mimic chain (c mimics b, b mimics a) is beyond Pinocchio's mimic (the mimicked joint must
  not be a mimic): it is checked against the expanded model, Pinocchio's tree with every joint
  free, reduced by a G written here from the URDF by hand: M = Gᵀ M_f G, τ = Gᵀ τ_f(Gq + b, ...).
* Every example-robot-data URDF with ``<mimic>``: loads as a CoupledJointsModel matching
  Pinocchio's mimic model (or, where Pinocchio refuses the file, the expanded model), or is
  rejected with a ModelError naming the file.
* Friction folding, limits mapping, the factory and ``algorithms`` paths, ``mimic=`` options and
  bad input (a missing or locked mimicked joint, a cycle, a non-finite multiplier).
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import numpy as np
import pytest

from modyn_model import (
    DescriptionError,
    JointError,
    ModelError,
    RobotModel,
    TopologyError,
    UnsupportedError,
    algorithms,
    is_mechanism_model,
    load_model,
)
from modyn_model.contract import CONTRACT_MEMBERS
from modyn_model.mechanisms import CoupledJointsModel

pin = pytest.importorskip("pinocchio")

RTOL = 1e-9
PANDA = "panda_description/urdf/panda.urdf"


def _inertial(xyz, mass, ixx, iyy, izz, ixy=0.0):
    return (
        f'<inertial><origin xyz="{xyz}"/><mass value="{mass}"/><inertia ixx="{ixx}" '
        f'ixy="{ixy}" ixz="0" iyy="{iyy}" iyz="0" izz="{izz}"/></inertial>'
    )


#: a gripper linkage: multipliers −1.2 and 15, offsets, a moving joint below a mimic joint
GRIPPER = f"""<robot name="gripper_linkage">
 <link name="base"/>
 <link name="arm"><inertial><origin xyz="0.1 0.02 0.2"/><mass value="2.0"/><inertia ixx="0.02"
   ixy="0.001" ixz="-0.002" iyy="0.025" iyz="0.0005" izz="0.015"/></inertial></link>
 <link name="palm">{_inertial("0 0.01 0.05", 0.8, 0.003, 0.004, 0.002)}</link>
 <link name="knuckle">{_inertial("0.03 0 0.02", 0.2, 0.0004, 0.0005, 0.0003, 1e-5)}</link>
 <link name="tip">{_inertial("0.02 0 0.01", 0.1, 0.0001, 0.00012, 0.00008)}</link>
 <link name="left">{_inertial("0 0.01 0.03", 0.15, 0.0002, 0.0002, 0.0001)}</link>
 <link name="right">{_inertial("0 -0.01 0.03", 0.15, 0.0002, 0.0002, 0.0001)}</link>
 <link name="tcp"/>
 <joint name="shoulder" type="revolute"><parent link="base"/><child link="arm"/>
  <axis xyz="0 0 1"/><limit lower="-2.5" upper="2.5" effort="50" velocity="3"/>
  <dynamics damping="0.2"/></joint>
 <joint name="wrist" type="revolute"><parent link="arm"/><child link="palm"/>
  <origin xyz="0.3 0 0.4" rpy="0.3 -0.2 0.1"/><axis xyz="0 1 0"/>
  <limit lower="-2" upper="2" effort="20" velocity="3"/></joint>
 <joint name="drive" type="prismatic"><parent link="palm"/><child link="left"/>
  <origin xyz="0 0.02 0.08"/><axis xyz="0 1 0"/>
  <limit lower="0" upper="0.05" effort="40" velocity="0.3"/><dynamics damping="0.5"/></joint>
 <joint name="follower" type="prismatic"><parent link="palm"/><child link="right"/>
  <origin xyz="0 -0.02 0.08"/><axis xyz="0 1 0"/>
  <limit lower="-0.06" upper="0.0" effort="40" velocity="0.3"/>
  <mimic joint="drive" multiplier="-1.2" offset="0.005"/><dynamics damping="0.4"/></joint>
 <joint name="knuckle_joint" type="revolute"><parent link="palm"/><child link="knuckle"/>
  <origin xyz="0.04 0 0.06" rpy="0 0.4 0"/><axis xyz="1 0 0"/>
  <limit lower="-0.5" upper="1.5" effort="5" velocity="2"/>
  <mimic joint="drive" multiplier="15.0" offset="-0.1"/></joint>
 <joint name="tip_joint" type="revolute"><parent link="knuckle"/><child link="tip"/>
  <origin xyz="0.05 0 0.0"/><axis xyz="0 0 1"/>
  <limit lower="-1" upper="1" effort="5" velocity="2"/></joint>
 <joint name="tcp_joint" type="fixed"><parent link="tip"/><child link="tcp"/>
  <origin xyz="0.03 0 0"/></joint>
</robot>"""


# ---------------------------------------------------------------------------------- helpers
def assert_close(ours, ref, what: str, rtol: float = RTOL) -> float:
    """|ours − ref| ≤ rtol · max(1, |ref|) elementwise; returns the worst relative error."""
    ours = np.asarray(ours, dtype=float)
    ref = np.asarray(ref, dtype=float)
    assert ours.shape == ref.shape, f"{what}: shape {ours.shape}, reference {ref.shape}"
    err = np.abs(ours - ref) / np.maximum(1.0, np.abs(ref))
    worst = float(err.max()) if err.size else 0.0
    assert worst <= rtol, f"{what}: relative error {worst:.3g} > {rtol:g}"
    return worst


class PinMimic:
    """Pinocchio's mimic model of a URDF and the maps from the coupled model's coordinates."""

    def __init__(self, ours: CoupledJointsModel, model, full=None):
        self.ours, self.model, self.data = ours, model, model.createData()
        ids = [model.getJointId(name) for name in ours.coordinate_names]
        self.joints = [model.joints[i] for i in ids]
        self.iv = np.array([j.idx_v for j in self.joints])
        assert model.nv == ours.nv, f"Pinocchio nv = {model.nv}, modyn nv = {ours.nv}"
        assert sorted(self.iv) == list(range(model.nv))
        self.full_ids = [model.getJointId(name) for name in ours.full_model.joint_names]
        self.full = full  # Pinocchio's expanded tree (no mimic), for the Coriolis matrix
        if full is not None:
            fj = [full.joints[full.getJointId(name)] for name in ours.full_model.joint_names]
            assert all(j.nq == 1 for j in fj), "the expanded check assumes no continuous joint"
            self.full_iv = np.array([j.idx_v for j in fj])
            self.full_iq = np.array([j.idx_q for j in fj])

    def q(self, q):
        out = pin.neutral(self.model)
        for k, joint in enumerate(self.joints):
            if joint.nq == 2:  # continuous joint: (cos q, sin q)
                out[joint.idx_q : joint.idx_q + 2] = np.cos(q[k]), np.sin(q[k])
            else:
                out[joint.idx_q] = q[k]
        return out

    def v(self, x):
        out = np.zeros(self.model.nv)
        out[self.iv] = x
        return out

    def vec(self, x):
        return np.asarray(x)[..., self.iv]

    def mat(self, m):
        return np.asarray(m)[np.ix_(self.iv, self.iv)]

    def fext(self, f_ext):
        out = [pin.Force.Zero() for _ in range(self.model.njoints)]
        for k, i in enumerate(self.full_ids):
            out[i] = pin.Force(-f_ext[k])  # Pinocchio: ON the body; modyn: BY the body
        return out

    def expanded_coriolis(self, q, v):
        """Gᵀ C_f(G q + b, G v) G from Pinocchio's tree with every joint free."""
        ours, full = self.ours, self.full
        g = np.zeros((full.nv, ours.nv))
        g[self.full_iv] = ours.coupling_matrix
        qf = pin.neutral(full)
        qf[self.full_iq] = ours.full_configuration(q)
        c = pin.computeCoriolisMatrix(full, full.createData(), qf, g @ v)
        return g.T @ c @ g

    def crba(self, q):
        # a fresh Data: Pinocchio 4.1's crba with mimic joints reads stale values from a Data
        # used before (its M then differs from its own rnea's by up to 2e-3 on the gripper;
        # with a fresh Data it equals the expanded tree's Gᵀ M_f G to 1e-17)
        m = pin.crba(self.model, self.model.createData(), self.q(q))
        return self.mat(np.triu(m) + np.triu(m, 1).T)


def random_states(model, rng, n=20):
    lo = np.where(np.isfinite(model.lower), model.lower, -np.pi)
    hi = np.where(np.isfinite(model.upper), model.upper, np.pi)
    return (
        rng.uniform(lo, hi, (n, model.nq)),
        rng.uniform(-1.5, 1.5, (n, model.nv)),
        rng.uniform(-5.0, 5.0, (n, model.nv)),
        rng.uniform(-10.0, 10.0, (n, model.nv)),
        rng.normal(scale=3.0, size=(n, model.full_model.nv, 6)),
    )


@pytest.fixture(scope="module", params=["panda", "gripper"])
def robot(request, erd_path):
    """(coupled model, Pinocchio mimic reference, frames to check)."""
    if request.param == "panda":
        path = str(erd_path(PANDA))
        ours = RobotModel.from_urdf(path)
        ref = PinMimic(ours, pin.buildModelFromUrdf(path, True), pin.buildModelFromUrdf(path))
        return ours, ref, ("panda_hand_tcp", "panda_rightfinger", "panda_leftfinger", "panda_link4")
    ours = RobotModel.from_urdf(GRIPPER)
    ref = PinMimic(ours, pin.buildModelFromXML(GRIPPER, True), pin.buildModelFromXML(GRIPPER))
    return ours, ref, ("tcp", "right", "knuckle", "tip", "left", "palm")


# ---------------------------------------------------------------------------------- the models
def test_loads_as_coupled_model_with_the_contract(robot):
    ours, _, _ = robot
    assert isinstance(ours, CoupledJointsModel)
    assert [m for m in CONTRACT_MEMBERS if not hasattr(ours, m)] == []
    assert is_mechanism_model(ours)
    assert ours.nq == ours.nv == ours.nu == ours.full_model.nv - len(ours.mimic_joints)
    assert ours.coordinate_names == ours.velocity_names == ours.actuator_names
    assert not set(ours.mimic_joints) & set(ours.coordinate_names)


def test_mimic_relations_recorded():
    ours = RobotModel.from_urdf(GRIPPER)
    assert ours.mimic_joints == {
        "follower": ("drive", -1.2, 0.005),
        "knuckle_joint": ("drive", 15.0, -0.1),
    }
    assert ours.coordinate_names == ("shoulder", "wrist", "drive", "tip_joint")
    q = np.array([0.3, -0.2, 0.02, 0.4])
    qf = dict(zip(ours.full_model.joint_names, ours.full_configuration(q), strict=True))
    assert qf["follower"] == pytest.approx(-1.2 * 0.02 + 0.005, abs=1e-15)
    assert qf["knuckle_joint"] == pytest.approx(15.0 * 0.02 - 0.1, abs=1e-15)
    assert qf["tip_joint"] == 0.4 and qf["shoulder"] == 0.3


def test_dynamics_match_pinocchio_mimic(robot):
    ours, ref, _ = robot
    rng = np.random.default_rng(14)
    qs, vs, as_, taus, fs = random_states(ours, rng)
    m, d = ref.model, ref.data
    g = ours.gravity_vector
    for k in range(len(qs)):
        q, v, a, tau, f = qs[k], vs[k], as_[k], taus[k], fs[k]
        pq, pv = ref.q(q), ref.v(v)
        label = f"{ours.name} state {k}"
        assert_close(
            ours.inverse_dynamics(q, v, a, friction=False),
            ref.vec(pin.rnea(m, d, pq, pv, ref.v(a))),
            f"{label}: inverse dynamics",
        )
        assert_close(
            ours.inverse_dynamics(q, v, a, f_ext=f, friction=False),
            ref.vec(pin.rnea(m, d, pq, pv, ref.v(a), ref.fext(f))),
            f"{label}: inverse dynamics with f_ext",
        )
        mass = ref.crba(q)
        assert_close(ours.mass_matrix(q), mass, f"{label}: mass matrix")
        nle = ref.vec(pin.nonLinearEffects(m, d, pq, pv))
        assert_close(ours.bias_forces(q, v, friction=False), nle, f"{label}: bias forces")
        assert_close(
            ours.gravity(q),
            ref.vec(pin.computeGeneralizedGravity(m, d, pq)),
            f"{label}: gravity",
        )
        # Pinocchio 4.1's computeCoriolisMatrix is wrong with mimic joints (its C v differs
        # from nonLinearEffects − gravity by up to 5e-2 on the Panda, 0.38 on the gripper, and
        # Ȧ − 2C is not skew):
        # C is checked by C v against nonLinearEffects − gravity, and against Gᵀ C_f G of
        # Pinocchio's expanded tree (every joint free; G the model's, whose rows the mimic
        # relations test checks)
        coriolis = ours.coriolis_matrix(q, v)
        assert_close(
            coriolis @ v,
            nle - ref.vec(pin.computeGeneralizedGravity(m, d, pq)),
            f"{label}: C v",
        )
        assert_close(coriolis, ref.expanded_coriolis(q, v), f"{label}: Coriolis matrix")
        # Pinocchio's aba refuses mimic joints: its crba and nonLinearEffects give v̇
        assert_close(
            ours.forward_dynamics(q, v, tau, friction=False),
            np.linalg.solve(mass, tau - nle),
            f"{label}: forward dynamics",
        )
        assert_close(ours.kinetic_energy(q, v), 0.5 * v @ mass @ v, f"{label}: kinetic energy")
        # U = −Σ m_j gᵀ c_j over the moving bodies (modyn's zero: the base origin; the links
        # fixed to the base, Pinocchio's universe inertia, are constant and left out)
        pin.forwardKinematics(m, d, pq)
        potential = -sum(
            m.inertias[j].mass * g @ (d.oMi[j].act(m.inertias[j].lever))
            for j in range(1, m.njoints)
        )
        assert_close(ours.potential_energy(q), potential, f"{label}: potential energy")


def test_frames_match_pinocchio_mimic(robot):
    ours, ref, frames = robot
    rng = np.random.default_rng(15)
    qs, vs, _, _, _ = random_states(ours, rng, n=10)
    m, d = ref.model, ref.data
    for k in range(len(qs)):
        q, v = qs[k], vs[k]
        pq, pv = ref.q(q), ref.v(v)
        pin.forwardKinematics(m, d, pq, pv, np.zeros(m.nv))
        pin.updateFramePlacements(m, d)
        for frame in frames:
            fid = m.getFrameId(frame)
            label = f"{ours.name} state {k} frame {frame}"
            pose = d.oMf[fid].homogeneous
            jac = pin.computeFrameJacobian(m, d, pq, fid, pin.LOCAL_WORLD_ALIGNED)[:, ref.iv]
            pin.forwardKinematics(m, d, pq, pv, np.zeros(m.nv))
            acc = pin.getFrameClassicalAcceleration(m, d, fid, pin.LOCAL_WORLD_ALIGNED).vector
            assert_close(ours.frame_placement(q, frame), pose, f"{label}: placement")
            assert_close(ours.frame_jacobian(q, frame), jac, f"{label}: Jacobian")
            assert_close(ours.frame_jacobian_dot_v(q, v, frame), acc, f"{label}: J̇v")
            p2, j2, a2 = ours.frame_motion(q, v, frame)
            assert_close(p2, pose, f"{label}: frame_motion placement")
            assert_close(j2, jac, f"{label}: frame_motion Jacobian")
            assert_close(a2, acc, f"{label}: frame_motion J̇v")


def test_batched_equals_single(robot):
    ours, _, frames = robot
    rng = np.random.default_rng(16)
    qs, vs, as_, taus, fs = random_states(ours, rng, n=12)
    frame = frames[0]
    batched = {
        "rnea": ours.inverse_dynamics(qs, vs, as_, f_ext=fs),
        "M": ours.mass_matrix(qs),
        "fd": ours.forward_dynamics(qs, vs, taus),
        "C": ours.coriolis_matrix(qs, vs),
        "T": ours.kinetic_energy(qs, vs),
        "U": ours.potential_energy(qs),
        "J": ours.frame_jacobian(qs, frame),
        "Jdv": ours.frame_jacobian_dot_v(qs, vs, frame),
    }
    for k in range(len(qs)):
        q, v, a, tau, f = qs[k], vs[k], as_[k], taus[k], fs[k]
        single = {
            "rnea": ours.inverse_dynamics(q, v, a, f_ext=f),
            "M": ours.mass_matrix(q),
            "fd": ours.forward_dynamics(q, v, tau),
            "C": ours.coriolis_matrix(q, v),
            "T": ours.kinetic_energy(q, v),
            "U": ours.potential_energy(q),
            "J": ours.frame_jacobian(q, frame),
            "Jdv": ours.frame_jacobian_dot_v(q, v, frame),
        }
        for key, value in single.items():
            assert_close(batched[key][k], value, f"{ours.name} batch {k}: {key}", rtol=1e-12)


def test_algorithms_and_factory(robot, erd_path):
    ours, _, _ = robot
    rng = np.random.default_rng(17)
    qs, vs, as_, taus, _ = random_states(ours, rng, n=3)
    data = ours.make_data()
    for q, v, a, tau in zip(qs, vs, as_, taus, strict=True):
        expected = ours.inverse_dynamics(q, v, a)
        assert_close(algorithms.inverse_dynamics(ours, data, q, v, a), expected, "alg rnea")
        assert_close(algorithms.actuator_forces(ours, data, q, v, a), expected, "alg u")
        assert_close(algorithms.mass_matrix(ours, data, q), ours.mass_matrix(q), "alg M")
        assert_close(algorithms.bias_forces(ours, data, q, v), ours.bias_forces(q, v), "alg h")
        assert_close(algorithms.gravity(ours, data, q), ours.gravity(q), "alg g")
        acc = algorithms.forward_dynamics(ours, data, q, v, tau)
        assert acc is data.ddq
        assert_close(acc, ours.forward_dynamics(q, v, tau), "alg fd")
        # v̇ from forward dynamics gives τ back through inverse dynamics
        assert_close(ours.inverse_dynamics(q, v, acc), tau, "fd then rnea")
    source = str(erd_path(PANDA)) if ours.name == "panda" else GRIPPER
    spec = (
        {"kind": "urdf", "file": source}
        if ours.name == "panda"
        else {
            "kind": "urdf",
            "xml": source,
        }
    )
    loaded = load_model(spec)
    assert isinstance(loaded, CoupledJointsModel)
    assert loaded.coordinate_names == ours.coordinate_names
    q = qs[0]
    assert_close(loaded.mass_matrix(q), ours.mass_matrix(q), "factory mass matrix", rtol=0.0)
    assert isinstance(load_model(source), CoupledJointsModel)
    locked = load_model({**spec, "mimic": "lock"})
    assert isinstance(locked, RobotModel)
    assert set(locked.joint_names) == set(ours.coordinate_names)


# ---------------------------------------------------------------------------------- friction
def test_friction_folded_exactly():
    ours = RobotModel.from_urdf(GRIPPER)
    full = ours.full_model
    # URDF damping: drive 0.5 and its follower 0.4 at multiplier −1.2; shoulder 0.2
    np.testing.assert_allclose(ours.viscous, [0.2, 0.0, 0.5 + 1.44 * 0.4, 0.0], rtol=1e-15)
    # with Coulomb and Stribeck terms from a side file: Gᵀ Γf_f(G v) = the folded Γf(v)
    extras = {
        "drive": {"coulomb": 1.0, "static": 1.5, "stribeck_velocity": 0.01},
        "follower": {"coulomb": 0.5, "static": 0.8, "stribeck_velocity": 0.012},
        "knuckle_joint": {"coulomb": 0.05},
        "tip_joint": {"viscous": 0.01, "coulomb": 0.02, "static": 0.03, "stribeck_velocity": 0.5},
    }
    extras = {"joints": extras}
    ours = RobotModel.from_urdf(GRIPPER, extras=extras)
    full = ours.full_model
    g = ours.coupling_matrix
    v = np.random.default_rng(3).uniform(-0.05, 0.05, (50, ours.nv))
    v[0] = 0.0
    expected = full.friction_torques(v @ g.T) @ g
    assert_close(ours.friction_forces(v), expected, "folded friction", rtol=1e-13)
    q = np.zeros(ours.nq)
    a = np.zeros(ours.nv)
    assert_close(
        ours.inverse_dynamics(q, v[1], a) - ours.inverse_dynamics(q, v[1], a, friction=False),
        expected[1],
        "friction in inverse dynamics",
        rtol=1e-12,
    )
    i = ours.coordinate_names.index("drive")
    assert ours.coulomb[i] == pytest.approx(1.0 + 1.2 * 0.5 + 15.0 * 0.05, rel=1e-15)
    assert ours.stribeck_velocity[i] == pytest.approx(0.01, rel=1e-15)  # 0.012 / 1.2


def test_stribeck_terms_that_do_not_fold_are_refused():
    extras = {
        "drive": {"coulomb": 1.0, "static": 1.5, "stribeck_velocity": 0.01},
        "follower": {"coulomb": 0.5, "static": 0.8, "stribeck_velocity": 0.02},
    }
    extras = {"joints": extras}
    with pytest.raises(UnsupportedError, match="'drive'.*Stribeck|Stribeck.*'follower'"):
        RobotModel.from_urdf(GRIPPER, extras=extras)


def test_with_parameters_adds_rotor_inertia_to_the_coordinates():
    ours = RobotModel.from_urdf(GRIPPER)
    raised = ours.with_parameters(
        extras=[e.merged(rotor_inertia=0.01 * (i + 1)) for i, e in enumerate(ours.extras)]
    )
    q = np.array([0.1, 0.2, 0.03, -0.4])
    np.testing.assert_allclose(
        raised.mass_matrix(q) - ours.mass_matrix(q), np.diag([0.01, 0.02, 0.03, 0.04]), atol=1e-15
    )
    np.testing.assert_array_equal(raised.viscous, ours.viscous)
    v = np.array([0.3, -0.2, 0.01, 0.5])
    assert raised.kinetic_energy(q, v) == pytest.approx(0.5 * v @ raised.mass_matrix(q) @ v)
    tau = np.array([1.0, -2.0, 3.0, 0.1])
    assert_close(
        raised.inverse_dynamics(q, v, raised.forward_dynamics(q, v, tau)), tau, "raised fd/id"
    )
    assert ours.with_parameters(extras=ours.extras).extras == ours.extras


# ---------------------------------------------------------------------------------- limits
def test_limits_intersect_the_mimic_joints_mapped_back():
    ours = RobotModel.from_urdf(GRIPPER)
    i = ours.coordinate_names.index("drive")
    # own [0, 0.05]; follower −1.2 d + 0.005 ∈ [−0.06, 0] → d ∈ [0.005/1.2, 0.065/1.2];
    # knuckle 15 d − 0.1 ∈ [−0.5, 1.5] → d ∈ [−0.4/15, 1.6/15]
    assert ours.lower[i] == pytest.approx(0.005 / 1.2, rel=1e-15)
    assert ours.upper[i] == pytest.approx(0.05, rel=1e-15)
    assert ours.velocity_limit[i] == pytest.approx(2.0 / 15.0, rel=1e-15)
    assert ours.effort_limit[i] == 40.0
    j = ours.coordinate_names.index("tip_joint")
    assert (ours.lower[j], ours.upper[j], ours.effort_limit[j]) == (-1.0, 1.0, 5.0)


def test_disjoint_limits_are_refused():
    bad = GRIPPER.replace('lower="-0.06" upper="0.0"', 'lower="0.5" upper="0.6"')
    with pytest.raises(JointError, match="'drive'"):
        RobotModel.from_urdf(bad)


# ---------------------------------------------------------------------------------- chains
CHAIN = f"""<robot name="chain">
 <link name="base"/>
 <link name="l1">{_inertial("0.1 0 0.1", 1.0, 0.01, 0.012, 0.008)}</link>
 <link name="l2">{_inertial("0.05 0.02 0.1", 0.7, 0.005, 0.006, 0.004)}</link>
 <link name="l3">{_inertial("0 0.05 0.05", 0.4, 0.002, 0.003, 0.0025)}</link>
 <link name="l4">{_inertial("0.02 0 0.05", 0.3, 0.001, 0.0012, 0.0009)}</link>
 <joint name="a" type="revolute"><parent link="base"/><child link="l1"/><axis xyz="0 0 1"/>
  <limit lower="-3" upper="3" effort="10" velocity="3"/></joint>
 <joint name="c" type="revolute"><parent link="l1"/><child link="l2"/><origin xyz="0.2 0 0.1"/>
  <axis xyz="0 1 0"/><limit lower="-3" upper="3" effort="10" velocity="3"/>
  <mimic joint="b" multiplier="0.5" offset="0.2"/></joint>
 <joint name="b" type="revolute"><parent link="l1"/><child link="l3"/><origin xyz="0 0.2 0.1"/>
  <axis xyz="1 0 0"/><limit lower="-3" upper="3" effort="10" velocity="3"/>
  <mimic joint="a" multiplier="-2.0" offset="0.1"/></joint>
 <joint name="d" type="revolute"><parent link="l2"/><child link="l4"/><origin xyz="0.1 0 0.2"/>
  <axis xyz="0 0 1"/><limit lower="-3" upper="3" effort="10" velocity="3"/></joint>
</robot>"""


def test_mimic_chain_resolved_against_the_expanded_model():
    ours = RobotModel.from_urdf(CHAIN)
    # b = −2 a + 0.1, c = 0.5 b + 0.2 = −a + 0.25 (by hand)
    assert ours.mimic_joints["c"] == ("a", -1.0, pytest.approx(0.25, rel=1e-15))
    assert ours.coordinate_names == ("a", "d")
    full = pin.buildModelFromXML(CHAIN)  # every joint free
    data = full.createData()
    names = list(full.names[1:])
    col = {"a": 0, "d": 1}
    g, b = np.zeros((full.nv, 2)), np.zeros(full.nv)
    for name, (k, o, dep) in {
        "a": (1, 0, "a"),
        "b": (-2, 0.1, "a"),
        "c": (-1, 0.25, "a"),
        "d": (1, 0, "d"),
    }.items():
        g[full.joints[full.getJointId(name)].idx_v, col[dep]] = k
        b[full.joints[full.getJointId(name)].idx_q] = o
    assert sorted(names) == ["a", "b", "c", "d"]
    rng = np.random.default_rng(18)
    for k in range(10):
        q, v, a = rng.uniform(-1, 1, 2), rng.uniform(-1, 1, 2), rng.uniform(-3, 3, 2)
        qf, vf, af = g @ q + b, g @ v, g @ a
        mf = pin.crba(full, data, qf)
        mf = np.triu(mf) + np.triu(mf, 1).T
        assert_close(ours.mass_matrix(q), g.T @ mf @ g, f"chain state {k}: mass matrix")
        assert_close(
            ours.inverse_dynamics(q, v, a),
            g.T @ pin.rnea(full, data, qf, vf, af),
            f"chain state {k}: inverse dynamics",
        )
        pin.framesForwardKinematics(full, data, qf)
        fid = full.getFrameId("l4")
        assert_close(ours.frame_placement(q, "l4"), data.oMf[fid].homogeneous, "chain pose")
        jac = pin.computeFrameJacobian(full, data, qf, fid, pin.LOCAL_WORLD_ALIGNED)
        assert_close(ours.frame_jacobian(q, "l4"), jac @ g, f"chain state {k}: Jacobian")


# ---------------------------------------------------------------------------------- every URDF
def _mimic_urdfs():
    # this directory's conftest.py (a root conftest.py shadows the name "conftest")
    import importlib.util
    from pathlib import Path

    spec = importlib.util.spec_from_file_location(
        "_modyn_model_test_conftest", Path(__file__).with_name("conftest.py")
    )
    helpers = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(helpers)
    robots = helpers.example_robot_data_robots()
    if robots is None:
        return []
    return sorted(
        str(p.relative_to(robots))
        for p in robots.rglob("*.urdf")
        if re.search(r"<mimic\b", p.read_text(errors="replace"))
    )


@pytest.mark.parametrize("relative", _mimic_urdfs())
def test_example_robot_data_mimic_urdfs(relative, erd_path):
    """Every example-robot-data URDF with <mimic>: a CoupledJointsModel equal to Pinocchio's
    mimic model (rnea, crba at 3 states), or to the expanded model where Pinocchio refuses the
    file, or a ModelError naming the file."""
    path = str(erd_path(relative))
    try:
        ours = RobotModel.from_urdf(path)
    except ModelError as exc:
        assert path in str(exc), f"{relative}: the error does not name the file: {exc}"
        return
    if not isinstance(ours, CoupledJointsModel):  # its mimic elements are on fixed joints
        moving_mimic = [
            j.get("name")
            for j in ET.parse(path).getroot().findall("joint")
            if j.find("mimic") is not None and j.get("type") != "fixed"
        ]
        assert moving_mimic == [], f"{relative}: mimic joints {moving_mimic} not coupled"
        return
    rng = np.random.default_rng(len(relative))
    try:
        model = pin.buildModelFromUrdf(path, True)
    except (RuntimeError, ValueError):  # e.g. "The parent joint of the mimic joint is not in
        model = None  # the kinematic tree": Pinocchio's mimic needs the mimicked joint first
    for k in range(3):
        q = rng.uniform(-1, 1, ours.nq)
        v, a = rng.uniform(-1, 1, ours.nv), rng.uniform(-2, 2, ours.nv)
        if model is not None:
            ref = PinMimic(ours, model)
            expected_tau = ref.vec(pin.rnea(model, ref.data, ref.q(q), ref.v(v), ref.v(a)))
            expected_m = ref.crba(q)
        else:  # the expanded model, G from the URDF's <mimic> elements read here
            expected_tau, expected_m = _expanded(path, ours, q, v, a)
        label = f"{relative} state {k}"
        assert_close(ours.inverse_dynamics(q, v, a, friction=False), expected_tau, label + " τ")
        assert_close(ours.mass_matrix(q), expected_m, label + " M")


def _expanded(path, ours, q, v, a):
    """Gᵀ τ_f and Gᵀ M_f G of Pinocchio's tree with every joint free, G and b from the XML."""
    root = ET.parse(path).getroot()
    mimic = {
        j.get("name"): (
            j.find("mimic").get("joint"),
            float(j.find("mimic").get("multiplier", 1.0)),
            float(j.find("mimic").get("offset", 0.0)),
        )
        for j in root.findall("joint")
        if j.find("mimic") is not None and j.get("type") != "fixed"
    }
    full = pin.buildModelFromUrdf(path)
    data = full.createData()
    col = {name: i for i, name in enumerate(ours.coordinate_names)}
    g, qf = np.zeros((full.nv, ours.nv)), pin.neutral(full)
    for jid in range(1, full.njoints):
        name, joint = full.names[jid], full.joints[jid]
        k, o, dep = 1.0, 0.0, name
        while dep in mimic:
            target, km, om = mimic[dep]
            k, o, dep = k * km, k * om + o, target
        g[joint.idx_v, col[dep]] = k
        value = k * q[col[dep]] + o
        if joint.nq == 2:
            qf[joint.idx_q : joint.idx_q + 2] = np.cos(value), np.sin(value)
        else:
            qf[joint.idx_q] = value
    mf = pin.crba(full, data, qf)
    mf = np.triu(mf) + np.triu(mf, 1).T
    return g.T @ pin.rnea(full, data, qf, g @ v, g @ a), g.T @ mf @ g


# ---------------------------------------------------------------------------------- options, bad input
def test_mimic_options():
    assert isinstance(RobotModel.from_urdf(GRIPPER, mimic="couple"), CoupledJointsModel)
    locked = RobotModel.from_urdf(GRIPPER, mimic="lock")
    assert isinstance(locked, RobotModel)
    assert locked.joint_names == ("shoulder", "wrist", "drive", "tip_joint")
    with pytest.raises(UnsupportedError, match="'follower' mimics joint 'drive'"):
        RobotModel.from_urdf(GRIPPER, mimic="error")
    with pytest.raises(DescriptionError, match="mimic must be one of"):
        RobotModel.from_urdf(GRIPPER, mimic="yes")
    # a locked mimic joint is simply fixed: the coupling keeps the other one
    one = RobotModel.from_urdf(GRIPPER, locked_joints=["knuckle_joint"])
    assert isinstance(one, CoupledJointsModel) and set(one.mimic_joints) == {"follower"}


def test_mimic_of_a_missing_joint():
    bad = GRIPPER.replace(
        '<mimic joint="drive" multiplier="-1.2"', '<mimic joint="nope" multiplier="-1.2"'
    )
    with pytest.raises(TopologyError) as info:
        RobotModel.from_urdf(bad)
    msg = str(info.value)
    assert "<urdf string>" in msg and "'follower'" in msg and "'nope'" in msg
    assert "does not exist" in msg


def test_mimic_of_a_locked_joint():
    with pytest.raises(TopologyError) as info:
        RobotModel.from_urdf(GRIPPER, locked_joints=["drive"])
    msg = str(info.value)
    assert "'drive'" in msg and ("'follower'" in msg or "'knuckle_joint'" in msg)
    assert "not a moving joint" in msg


def test_mimic_cycle():
    bad = CHAIN.replace(
        '<limit lower="-3" upper="3" effort="10" velocity="3"/></joint>\n <joint name="c"',
        '<limit lower="-3" upper="3" effort="10" velocity="3"/>'
        '<mimic joint="c"/></joint>\n <joint name="c"',
        1,
    )
    assert bad != CHAIN
    with pytest.raises(TopologyError) as info:
        RobotModel.from_urdf(bad)
    msg = str(info.value)
    assert "cycle" in msg and all(f"'{j}'" in msg for j in ("a", "b", "c"))


def test_non_finite_multiplier():
    bad = GRIPPER.replace('multiplier="15.0"', 'multiplier="inf"')
    with pytest.raises(JointError, match="'knuckle_joint'.*multiplier"):
        RobotModel.from_urdf(bad)


def test_coupled_model_rejects_bad_coupling_and_states():
    full = RobotModel.from_urdf(GRIPPER, mimic="lock")
    with pytest.raises(ModelError, match=r"shape \(4, 2\)"):
        CoupledJointsModel(full, ["x", "y"], np.ones((3, 2)))
    with pytest.raises(JointError, match="rank 1"):
        CoupledJointsModel(full, ["x", "y"], np.ones((4, 2)))
    ours = RobotModel.from_urdf(GRIPPER)
    with pytest.raises(ModelError, match="'drive'"):
        ours.inverse_dynamics([0, 0, np.nan, 0], np.zeros(4), np.zeros(4))
    with pytest.raises(ModelError, match="last dimension 4"):
        ours.mass_matrix(np.zeros(6))


# ---------------------------------------------------------------------------------- physics
def test_skew_property_and_energy_conservation():
    """Ȧ − 2C skew-symmetric (Ȧ by central differences along v), and free motion under gravity
    without friction conserves T + U (classical RK4, 1 s at 1 ms) on the gripper linkage."""
    ours = RobotModel.from_urdf(GRIPPER)
    rng = np.random.default_rng(19)
    for _ in range(5):
        q = rng.uniform(ours.lower, ours.upper)
        v = rng.uniform(-1.0, 1.0, ours.nv)
        h = 1e-6
        adot = (ours.mass_matrix(q + h * v) - ours.mass_matrix(q - h * v)) / (2 * h)
        s = adot - 2.0 * ours.coriolis_matrix(q, v)
        assert np.abs(s + s.T).max() <= 1e-8 * np.abs(adot).max()

    def f(x):
        q, v = x[: ours.nq], x[ours.nq :]
        return np.concatenate((v, ours.forward_dynamics(q, v, np.zeros(ours.nv), friction=False)))

    x = np.concatenate((0.5 * (ours.lower + ours.upper), [0.5, -0.3, 0.02, 1.0]))

    def energy(x):
        q, v = x[: ours.nq], x[ours.nq :]
        return ours.kinetic_energy(q, v) + ours.potential_energy(q)

    e0, dt, drift = energy(x), 1e-3, 0.0
    for _ in range(1000):
        k1 = f(x)
        k2 = f(x + 0.5 * dt * k1)
        k3 = f(x + 0.5 * dt * k2)
        k4 = f(x + dt * k3)
        x = x + dt / 6.0 * (k1 + 2 * k2 + 2 * k3 + k4)
        drift = max(drift, abs(energy(x) - e0))
    assert np.abs(x[ours.nq :]).max() > 0.1  # it moved
    assert drift <= 1e-8 * max(1.0, abs(e0)), f"energy drift {drift:.3g} J of {e0:.3g} J"


def test_xacro_and_load_model_keyword(tmp_path):
    path = tmp_path / "gripper.urdf.xacro"
    path.write_text(
        GRIPPER.replace(
            '<robot name="gripper_linkage">',
            '<robot name="gripper_linkage" xmlns:xacro="http://www.ros.org/wiki/xacro">',
        )
    )
    assert isinstance(RobotModel.from_xacro(path), CoupledJointsModel)
    assert isinstance(RobotModel.from_xacro(path, mimic="lock"), RobotModel)
    assert isinstance(load_model(path), CoupledJointsModel)
    assert isinstance(load_model(path, mimic="lock"), RobotModel)
    spec = {"kind": "xacro", "file": str(path), "mimic": "error"}
    with pytest.raises(UnsupportedError, match="'follower'|'knuckle_joint'"):
        load_model(spec)
