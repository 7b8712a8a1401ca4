"""modyn_model's dynamics and kinematics against Pinocchio on the same URDF.

What is checked against what
----------------------------
The reference is Pinocchio (``import pinocchio``, 3.x/4.x), loading the very same URDF text
(``buildModelFromUrdf`` / ``buildModelFromXML``, fixed base as in modyn). Every comparison
must satisfy, elementwise over the whole array,

    |ours - ref| <= 1e-9 * max(1, |ref|)

on random states (q uniform in [-π, π], q̇ in [-3, 3], q̈ in [-10, 10], τ in [-20, 20], external
wrenches normal with σ = 5 N, N·m). Quantity by quantity (``QUANTITIES``):

=========================  ===============================================================
modyn_model                Pinocchio
=========================  ===============================================================
inverse_dynamics           ``rnea`` (friction off; with ``f_ext`` too)
bias_forces                ``rnea`` with q̈ = 0 (with ``f_ext`` too)
mass_matrix                ``crba``, upper triangle symmetrised
coriolis_forces (C q̇)      ``nonLinearEffects - computeGeneralizedGravity``
gravity (Q)                ``computeGeneralizedGravity``
coriolis_matrix (C)        ``computeCoriolisMatrix`` (the Christoffel-consistent C)
forward_dynamics           ``aba``, for ``method="recursive"`` and ``"inverse"``, with f_ext
kinetic/potential_energy   ``computeKineticEnergy`` / ``computePotentialEnergy``
frame_placement            ``framesForwardKinematics``, ``data.oMf[frame].homogeneous``
jacobian                   ``computeFrameJacobian(..., LOCAL_WORLD_ALIGNED)`` ([v; ω], base axes)
=========================  ===============================================================

Robots and sections:

1. UR5 and Panda from example-robot-data (Panda with its mimic finger joints locked, against
   ``buildReducedModel`` locking the same joints at ``neutral``), 20 random states; the frame
   is the tool (``tool0``, ``panda_hand_tcp``), and placement and Jacobian are also compared
   for every link frame (moving, fixed and root). Each arm is run again with rotor inertia
   (modyn extras ``rotor_inertia`` or ``gear_ratio²·motor_inertia`` vs Pinocchio
   ``model.armature``). Joint friction (viscous, Coulomb, Stribeck) is added by hand to
   Pinocchio's torques (UR5).
2. The batched path: (50, n) batches through every method vs per-sample Pinocchio values.
3. 25 random trees (``random_urdf``, prismatic, continuous and fixed joints) for each of
   n = 1, 2, 3, 7, 12; Jacobian and placement of the last link of the description.
4. A gravity vector other than the default, given to ``from_urdf`` and ``with_gravity`` vs
   Pinocchio's ``model.gravity``.
5. Every ``*.urdf`` of example-robot-data: it loads, or raises a ``ModelError`` naming the file
   (a mimic joint: an ``UnsupportedError`` naming the joint, then loaded with the mimic joints
   locked); what loads is compared with Pinocchio (rnea and crba, 3 states).

Conventions mapped between the two libraries
--------------------------------------------
* Joints are matched by name. Both libraries visit the children of a link in joint-name order
  (urdfdom's order), which ``test_joint_order_matches_pinocchio`` checks.
* A continuous joint is one angle in modyn and (cos q, sin q) in Pinocchio's configuration.
* External wrenches: modyn's ``f_ext[..., j, :] = [f; m]`` is the wrench body j exerts ON its
  environment, in body j's frame about its origin (Khalil); Pinocchio's ``fext[joint]`` is the
  wrench applied ON the body, in the joint's local frame, which for a URDF is the same frame.
  Hence ``pin fext = -modyn f_ext`` (checked: with the opposite sign the UR5 torques differ by
  O(1) relative).
* Pinocchio's ``crba`` fills only the upper triangle; ``computeKineticEnergy`` includes the
  armature (½ q̇ᵀAq̇), so it is compared as is.
"""

from __future__ import annotations

import dataclasses
import re
import xml.etree.ElementTree as ET

import numpy as np
import pytest

from modyn_model import ModelError, RobotModel, UnsupportedError
from modyn_model.random_robot import random_urdf

pin = pytest.importorskip("pinocchio")

RTOL = 1e-9
N_STATES = 20
N_BATCH = 50

UR5 = "ur_description/urdf/ur5_robot.urdf"
PANDA = "panda_description/urdf/panda.urdf"
PANDA_FINGERS = ("panda_finger_joint1", "panda_finger_joint2")


# ---------------------------------------------------------------------------------- helpers
def assert_close(ours, ref, what: str) -> None:
    """|ours - ref| <= RTOL * max(1, |ref|) elementwise, with the worst entry in the message."""
    ours = np.asarray(ours, dtype=float)
    ref = np.asarray(ref, dtype=float)
    assert ours.shape == ref.shape, f"{what}: shape {ours.shape}, Pinocchio's is {ref.shape}"
    err = np.abs(ours - ref) / np.maximum(1.0, np.abs(ref))
    if err.size == 0:
        return
    worst = np.unravel_index(np.nanargmax(np.where(np.isnan(err), np.inf, err)), err.shape)
    assert err[worst] <= RTOL, (
        f"{what}: relative error {err[worst]:.3g} > {RTOL:g} at index {tuple(map(int, worst))}: "
        f"modyn {ours[worst]!r}, Pinocchio {ref[worst]!r}"
    )


@dataclasses.dataclass
class State:
    """One random state (or a batch of them, leading axis) in modyn's joint order."""

    q: np.ndarray
    v: np.ndarray
    a: np.ndarray
    tau: np.ndarray
    f_ext: np.ndarray

    def sample(self, k: int) -> State:
        return State(*(getattr(self, f.name)[k] for f in dataclasses.fields(self)))


def random_state(rng: np.random.Generator, n: int, batch: tuple[int, ...] = ()) -> State:
    return State(
        q=rng.uniform(-np.pi, np.pi, batch + (n,)),
        v=rng.uniform(-3.0, 3.0, batch + (n,)),
        a=rng.uniform(-10.0, 10.0, batch + (n,)),
        tau=rng.uniform(-20.0, 20.0, batch + (n,)),
        f_ext=rng.normal(scale=5.0, size=batch + (n, 6)),
    )


class Reference:
    """A modyn model, the Pinocchio model of the same robot, and the index maps between them."""

    def __init__(self, ours: RobotModel, model, frame: str):
        self.ours = ours
        self.model = model
        self.data = model.createData()
        self.frame = frame
        ids = [model.getJointId(name) for name in ours.joint_names]
        missing = [
            name for name, i in zip(ours.joint_names, ids, strict=True) if i >= model.njoints
        ]
        assert not missing, f"{ours.source}: joints {missing} are not in Pinocchio's model"
        assert model.nv == ours.n, f"{ours.source}: Pinocchio nv={model.nv}, modyn n={ours.n}"
        self.joints = [model.joints[i] for i in ids]
        self.joint_ids = ids
        self.iv = np.array([j.idx_v for j in self.joints])
        assert model.existFrame(frame, pin.BODY), f"Pinocchio has no body frame '{frame}'"
        self.frame_id = model.getFrameId(frame, pin.BODY)

    # modyn → Pinocchio
    def q(self, q: np.ndarray) -> np.ndarray:
        out = pin.neutral(self.model)
        for k, joint in enumerate(self.joints):
            if joint.nq == 2:  # continuous joint: (cos q, sin q)
                out[joint.idx_q : joint.idx_q + 2] = np.cos(q[k]), np.sin(q[k])
            else:
                out[joint.idx_q] = q[k]
        return out

    def v(self, x: np.ndarray) -> np.ndarray:
        out = np.zeros(self.model.nv)
        out[self.iv] = x
        return out

    def fext(self, f_ext: np.ndarray) -> list:
        out = [pin.Force.Zero() for _ in range(self.model.njoints)]
        for k, i in enumerate(self.joint_ids):
            out[i] = pin.Force(-f_ext[k])  # applied ON the body = -(exerted BY the body)
        return out

    # Pinocchio → modyn
    def vec(self, x: np.ndarray) -> np.ndarray:
        return np.asarray(x)[..., self.iv]

    def mat(self, m: np.ndarray) -> np.ndarray:
        nv = self.model.nv
        return np.asarray(m).reshape(nv, nv)[np.ix_(self.iv, self.iv)]

    # the reference quantities at one state, in modyn's order
    def rnea(self, s: State, a=True, f_ext=False) -> np.ndarray:
        accel = self.v(s.a) if a else np.zeros(self.model.nv)
        args = (self.fext(s.f_ext),) if f_ext else ()
        return self.vec(pin.rnea(self.model, self.data, self.q(s.q), self.v(s.v), accel, *args))

    def crba(self, s: State) -> np.ndarray:
        m = pin.crba(self.model, self.data, self.q(s.q))
        return self.mat(np.triu(m) + np.triu(m, 1).T)

    def gravity(self, s: State) -> np.ndarray:
        return self.vec(pin.computeGeneralizedGravity(self.model, self.data, self.q(s.q)))

    def coriolis_forces(self, s: State) -> np.ndarray:
        q, v = self.q(s.q), self.v(s.v)
        nle = pin.nonLinearEffects(self.model, self.data, q, v).copy()
        return self.vec(nle - pin.computeGeneralizedGravity(self.model, self.data, q))

    def coriolis_matrix(self, s: State) -> np.ndarray:
        c = pin.computeCoriolisMatrix(self.model, self.data, self.q(s.q), self.v(s.v))
        return self.mat(c)

    def aba(self, s: State, f_ext=False, tau=None) -> np.ndarray:
        tau = s.tau if tau is None else tau
        args = (self.fext(s.f_ext),) if f_ext else ()
        q, v = self.q(s.q), self.v(s.v)
        return self.vec(pin.aba(self.model, self.data, q, v, self.v(tau), *args))

    def kinetic_energy(self, s: State) -> float:
        return pin.computeKineticEnergy(self.model, self.data, self.q(s.q), self.v(s.v))

    def potential_energy(self, s: State) -> float:
        return pin.computePotentialEnergy(self.model, self.data, self.q(s.q))

    def placement(self, s: State, frame_id=None) -> np.ndarray:
        pin.framesForwardKinematics(self.model, self.data, self.q(s.q))
        return self.data.oMf[self.frame_id if frame_id is None else frame_id].homogeneous

    def jacobian(self, s: State) -> np.ndarray:
        jac = pin.computeFrameJacobian(
            self.model, self.data, self.q(s.q), self.frame_id, pin.LOCAL_WORLD_ALIGNED
        )
        return np.asarray(jac).reshape(6, self.model.nv)[:, self.iv]  # nv = 1 comes back 1-D


# name: (modyn, Pinocchio); every function takes (model or Reference, State, frame)
QUANTITIES = {
    "inverse_dynamics": (
        lambda m, s, fr: m.inverse_dynamics(s.q, s.v, s.a, friction=False),
        lambda r, s: r.rnea(s),
    ),
    "inverse_dynamics_f_ext": (
        lambda m, s, fr: m.inverse_dynamics(s.q, s.v, s.a, s.f_ext, friction=False),
        lambda r, s: r.rnea(s, f_ext=True),
    ),
    "bias_forces": (
        lambda m, s, fr: m.bias_forces(s.q, s.v, friction=False),
        lambda r, s: r.rnea(s, a=False),
    ),
    "bias_forces_f_ext": (
        lambda m, s, fr: m.bias_forces(s.q, s.v, s.f_ext, friction=False),
        lambda r, s: r.rnea(s, a=False, f_ext=True),
    ),
    "mass_matrix": (lambda m, s, fr: m.mass_matrix(s.q), lambda r, s: r.crba(s)),
    "coriolis_forces": (
        lambda m, s, fr: m.coriolis_forces(s.q, s.v),
        lambda r, s: r.coriolis_forces(s),
    ),
    "gravity": (lambda m, s, fr: m.gravity(s.q), lambda r, s: r.gravity(s)),
    "coriolis_matrix": (
        lambda m, s, fr: m.coriolis_matrix(s.q, s.v),
        lambda r, s: r.coriolis_matrix(s),
    ),
    "forward_dynamics_recursive": (
        lambda m, s, fr: m.forward_dynamics(s.q, s.v, s.tau, method="recursive", friction=False),
        lambda r, s: r.aba(s),
    ),
    "forward_dynamics_inverse": (
        lambda m, s, fr: m.forward_dynamics(s.q, s.v, s.tau, method="inverse", friction=False),
        lambda r, s: r.aba(s),
    ),
    "forward_dynamics_recursive_f_ext": (
        lambda m, s, fr: m.forward_dynamics(
            s.q, s.v, s.tau, s.f_ext, method="recursive", friction=False
        ),
        lambda r, s: r.aba(s, f_ext=True),
    ),
    "forward_dynamics_inverse_f_ext": (
        lambda m, s, fr: m.forward_dynamics(
            s.q, s.v, s.tau, s.f_ext, method="inverse", friction=False
        ),
        lambda r, s: r.aba(s, f_ext=True),
    ),
    "kinetic_energy": (
        lambda m, s, fr: m.kinetic_energy(s.q, s.v),
        lambda r, s: r.kinetic_energy(s),
    ),
    "potential_energy": (
        lambda m, s, fr: m.potential_energy(s.q),
        lambda r, s: r.potential_energy(s),
    ),
    "frame_placement": (
        lambda m, s, fr: m.frame_placement(s.q, fr),
        lambda r, s: r.placement(s),
    ),
    "jacobian": (lambda m, s, fr: m.jacobian(s.q, fr), lambda r, s: r.jacobian(s)),
}


def compare(ref: Reference, state: State, quantity: str, label: str) -> None:
    ours_fn, ref_fn = QUANTITIES[quantity]
    assert_close(ours_fn(ref.ours, state, ref.frame), ref_fn(ref, state), f"{label}: {quantity}")


def _reduced(full, locked):
    """Pinocchio model with the joints ``locked`` fixed at the neutral configuration (0)."""
    if not locked:
        return full
    ids = [full.getJointId(name) for name in locked]
    return pin.buildReducedModel(full, ids, pin.neutral(full))


def rotor_extras(names, rng) -> tuple[dict, np.ndarray]:
    """modyn extras giving every joint a rotor inertia, and the matching Pinocchio armature.

    Even joints get ``rotor_inertia`` directly, odd ones ``gear_ratio`` and ``motor_inertia``
    (Ia = N²·Jm, Khalil [7.29]).
    """
    joints, armature = {}, []
    for k, name in enumerate(names):
        if k % 2 == 0:
            ia = float(rng.uniform(0.05, 2.0))
            joints[name] = {"rotor_inertia": ia}
        else:
            ratio, jm = float(rng.uniform(20.0, 160.0)), float(rng.uniform(1e-5, 1e-4))
            joints[name] = {"gear_ratio": ratio, "motor_inertia": jm}
            ia = ratio**2 * jm
        armature.append(ia)
    return {"joints": joints}, np.array(armature)


# ---------------------------------------------------------------------------------- 1. arms
ARMS = {
    "ur5": (UR5, (), "tool0"),
    "panda": (PANDA, PANDA_FINGERS, "panda_hand_tcp"),
}


def load_arm(erd_path, name: str, armature: bool, gravity=None) -> Reference:
    relative, locked, frame = ARMS[name]
    path = erd_path(relative)
    kwargs = {} if gravity is None else {"gravity": gravity}
    ours = RobotModel.from_urdf(path, locked_joints=locked, **kwargs)
    model = _reduced(pin.buildModelFromUrdf(str(path)), locked)
    if gravity is not None:
        model.gravity = pin.Motion(np.asarray(gravity, dtype=float), np.zeros(3))
    if armature:
        extras, ia = rotor_extras(ours.joint_names, np.random.default_rng(7))
        ours = RobotModel.from_urdf(path, locked_joints=locked, extras=extras, **kwargs)
        np.testing.assert_allclose(ours.armature, ia, rtol=1e-15, err_msg="modyn armature")
        arm = np.array(model.armature)
        arm[[model.joints[model.getJointId(j)].idx_v for j in ours.joint_names]] = ia
        model.armature = arm
    return Reference(ours, model, frame)


@pytest.fixture(scope="module", params=["ur5", "panda", "ur5+armature", "panda+armature"])
def arm(request, erd_path) -> Reference:
    name, _, extra = request.param.partition("+")
    return load_arm(erd_path, name, armature=extra == "armature")


@pytest.mark.parametrize("quantity", list(QUANTITIES))
def test_arm_matches_pinocchio(arm, quantity):
    rng = np.random.default_rng(2024)
    for k in range(N_STATES):
        state = random_state(rng, arm.ours.n)
        compare(arm, state, quantity, f"{arm.ours.name} state {k}")


def test_arm_frames_match_pinocchio(arm):
    """Placement and Jacobian of every link (moving, fixed or the root) at random states."""
    unknown = sorted(f for f in arm.ours.frames if not arm.model.existFrame(f, pin.BODY))
    assert not unknown, f"links unknown to Pinocchio: {unknown}"
    refs = {name: Reference(arm.ours, arm.model, name) for name in arm.ours.frames}
    rng = np.random.default_rng(5)
    for k in range(N_STATES):
        state = random_state(rng, arm.ours.n)
        for name, ref in refs.items():
            label = f"{arm.ours.name} state {k}, frame '{name}'"
            placement = arm.ours.frame_placement(state.q, name)
            assert_close(placement, ref.placement(state), f"{label}: placement")
            jacobian = arm.ours.jacobian(state.q, name)
            assert_close(jacobian, ref.jacobian(state), f"{label}: jacobian")


def test_arm_friction_added_to_pinocchio(erd_path):
    """Viscous, Coulomb and Stribeck friction (modyn extras) = Pinocchio + the formula by hand.

    Γf = Fc·sign(q̇) + Fv·q̇ + (Fst − Fc)·sign(q̇)·exp(−|q̇|/v_s); the direct model solves
    A q̈ = τ − H − Γf, i.e. Pinocchio's aba with τ − Γf.
    """
    ref = load_arm(erd_path, "ur5", armature=False)
    rng = np.random.default_rng(11)
    n = ref.ours.n
    fv, fc = rng.uniform(0.1, 2.0, n), rng.uniform(0.1, 3.0, n)
    fst, vs = fc + rng.uniform(0.1, 1.0, n), rng.uniform(0.05, 0.5, n)
    extras = {
        "joints": {
            name: {
                "viscous": float(fv[k]),
                "coulomb": float(fc[k]),
                "static": float(fst[k]),
                "stribeck_velocity": float(vs[k]),
            }
            for k, name in enumerate(ref.ours.joint_names)
        }
    }
    ours = RobotModel.from_urdf(erd_path(UR5), extras=extras)
    for k in range(N_STATES):
        s = random_state(rng, n)
        if k == 0:
            s.v[::2] = 0.0  # sign(0) = 0: no friction at rest
        sign = np.sign(s.v)
        friction = fc * sign + fv * s.v + (fst - fc) * sign * np.exp(-np.abs(s.v) / vs)
        label = f"UR5 with friction, state {k}"
        assert_close(ours.friction_torques(s.v), friction, f"{label}: friction_torques")
        assert_close(
            ours.inverse_dynamics(s.q, s.v, s.a, s.f_ext),
            ref.rnea(s, f_ext=True) + friction,
            f"{label}: inverse_dynamics",
        )
        assert_close(
            ours.bias_forces(s.q, s.v), ref.rnea(s, a=False) + friction, f"{label}: bias_forces"
        )
        assert_close(
            ours.inverse_dynamics(s.q, s.v, s.a, friction=False),
            ref.rnea(s),
            f"{label}: inverse_dynamics(friction=False)",
        )
        for method in ("recursive", "inverse"):
            assert_close(
                ours.forward_dynamics(s.q, s.v, s.tau, s.f_ext, method=method),
                ref.aba(s, f_ext=True, tau=s.tau - friction),
                f"{label}: forward_dynamics({method!r})",
            )


# ---------------------------------------------------------------------------------- 2. batch
@pytest.mark.parametrize("quantity", list(QUANTITIES))
def test_batch_matches_pinocchio_per_sample(arm, quantity):
    """A (50, n) batch through one call = Pinocchio sample by sample."""
    rng = np.random.default_rng(31)
    batch = random_state(rng, arm.ours.n, (N_BATCH,))
    ours_fn, ref_fn = QUANTITIES[quantity]
    ours = ours_fn(arm.ours, batch, arm.frame)
    ref = np.stack([np.asarray(ref_fn(arm, batch.sample(k))) for k in range(N_BATCH)])
    assert_close(ours, ref, f"{arm.ours.name} batch of {N_BATCH}: {quantity}")


# ---------------------------------------------------------------------------------- 3. trees
TREE_SIZES = (1, 2, 3, 7, 12)
TREE_SEEDS = range(25)
TREE_STATES = 3


def load_tree(seed: int, n: int, gravity=None) -> Reference:
    xml = random_urdf(seed, n, tree=True, prismatic=True, fixed=True)
    kwargs = {} if gravity is None else {"gravity": gravity}
    ours = RobotModel.from_urdf(xml, **kwargs)
    model = pin.buildModelFromXML(xml)
    if gravity is not None:
        model.gravity = pin.Motion(np.asarray(gravity, dtype=float), np.zeros(3))
    last = max((f for f in ours.frames if re.fullmatch(r"link\d+", f)), key=lambda f: int(f[4:]))
    return Reference(ours, model, last)


@pytest.mark.parametrize("seed", TREE_SEEDS)
@pytest.mark.parametrize("n", TREE_SIZES)
def test_random_tree_matches_pinocchio(n, seed):
    ref = load_tree(seed, n)
    rng = np.random.default_rng(1000 * n + seed)
    for k in range(TREE_STATES):
        state = random_state(rng, n)
        for quantity in QUANTITIES:
            compare(ref, state, quantity, f"random_urdf(seed={seed}, n={n}) state {k}")


@pytest.mark.parametrize("seed", range(20))
def test_joint_order_matches_pinocchio(seed):
    """Depth-first, siblings by joint name: the urdfdom order Pinocchio and KDL use."""
    xml = random_urdf(seed, 12, tree=True)
    ours = RobotModel.from_urdf(xml)
    assert list(ours.joint_names) == list(pin.buildModelFromXML(xml).names)[1:], (
        "modyn's joint order differs from Pinocchio's for the same URDF"
    )


# ---------------------------------------------------------------------------------- 4. gravity
GRAVITY = (1.0, 2.0, -3.0)
GRAVITY_QUANTITIES = (
    "inverse_dynamics",
    "inverse_dynamics_f_ext",
    "bias_forces",
    "gravity",
    "coriolis_forces",
    "forward_dynamics_recursive",
    "forward_dynamics_inverse_f_ext",
    "potential_energy",
)


@pytest.mark.parametrize("robot", ["ur5", "panda", "tree7"])
def test_gravity_override_matches_pinocchio(robot, erd_path):
    if robot == "tree7":
        ref = load_tree(3, 7, gravity=GRAVITY)
        default = load_tree(3, 7).ours
    else:
        ref = load_arm(erd_path, robot, armature=False, gravity=GRAVITY)
        relative, locked, _ = ARMS[robot]
        default = RobotModel.from_urdf(erd_path(relative), locked_joints=locked)
    np.testing.assert_array_equal(ref.ours.gravity_vector, GRAVITY, err_msg="gravity_vector")
    rebuilt = default.with_gravity(GRAVITY)
    rng = np.random.default_rng(4)
    for k in range(5):
        state = random_state(rng, ref.ours.n)
        label = f"{ref.ours.name} with g={list(GRAVITY)}, state {k}"
        for quantity in GRAVITY_QUANTITIES:
            compare(ref, state, quantity, label)
            ours_fn, ref_fn = QUANTITIES[quantity]
            assert_close(
                ours_fn(rebuilt, state, ref.frame),
                ref_fn(ref, state),
                f"{label} (with_gravity): {quantity}",
            )


# ---------------------------------------------------------------------------------- 5. every URDF
def mimic_joints(path) -> list[str]:
    """Names of the joints of a URDF file that have a <mimic> element."""
    root = ET.parse(path).getroot()
    return [j.get("name") for j in root.findall("joint") if j.find("mimic") is not None]


def load_or_error(path, locked=()):
    """(model, None) or (None, the exception), whatever the exception is."""
    try:
        # mimic="error": this section checks the tree loader and its refusal, then the mimic
        # joints locked (the coupled model of a mimic URDF is checked in test_mimic.py)
        return RobotModel.from_urdf(path, locked_joints=locked, mimic="error"), None
    except Exception as exc:  # the test checks its type
        return None, exc


def check_load_error(exc: Exception, path, relative: str) -> None:
    assert isinstance(exc, ModelError), (
        f"{relative}: loading raised {type(exc).__module__}.{type(exc).__name__}: {exc} "
        "(expected a modyn_model.ModelError)"
    )
    assert str(path) in str(exc), f"{relative}: the error message does not name the file: {exc}"


def load_example(path, relative: str):
    """Load like a user would: on a mimic error, lock the mimic joints and load again.

    Returns (model or None, exception or None, locked joints); checks every error on the way.
    """
    ours, exc = load_or_error(path)
    mimic = mimic_joints(path)
    if isinstance(exc, UnsupportedError) and mimic:
        named = [j for j in mimic if f"'{j}'" in str(exc)]
        assert named, f"{relative}: the mimic error names none of the mimic joints {mimic}: {exc}"
        check_load_error(exc, path, relative)
        ours, exc = load_or_error(path, locked=mimic)
        return ours, exc, tuple(mimic)
    return ours, exc, ()


def test_example_robot_data_matches_pinocchio_or_is_rejected_clearly(erd_urdf, erd_path):
    """Every description either loads and matches Pinocchio (rnea and crba at 3 random states),
    or is rejected with a ModelError whose message names the file (an impossible inertia, no
    moving joint, ...: the reason is in the message)."""
    path = erd_path(erd_urdf)
    ours, exc, locked = load_example(path, erd_urdf)
    if exc is not None:
        check_load_error(exc, path, erd_urdf)
        return
    assert ours.n > 0 and ours.source == str(path)
    model = _reduced(pin.buildModelFromUrdf(str(path)), locked)
    ref_names = set(model.names[1:])
    assert ref_names == set(ours.joint_names) and model.nv == ours.n, (
        f"Pinocchio's joints differ: only modyn {sorted(set(ours.joint_names) - ref_names)}, "
        f"only Pinocchio {sorted(ref_names - set(ours.joint_names))}"
    )
    ref = Reference(ours, model, ours.root)
    rng = np.random.default_rng(len(erd_urdf))
    for k in range(3):
        state = random_state(rng, ours.n)
        for quantity in ("inverse_dynamics", "mass_matrix"):
            compare(ref, state, quantity, f"{erd_urdf} state {k}")
