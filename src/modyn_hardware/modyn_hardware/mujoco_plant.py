"""MuJoCo as a plant: the same URDF, loaded by MuJoCo's own URDF importer, driven by efforts.

What is built, and why it is the same robot as modyn's model
------------------------------------------------------------
:func:`mujoco_urdf` rewrites the URDF text before MuJoCo reads it:

* ``<visual>``, ``<transmission>``, ``<gazebo>``, ``<ros2_control>``, ``<material>`` and any
  ``<mujoco>`` element are removed, and so is ``<collision>`` with ``geometry="none"`` (the
  default). The built-in plant has no contacts, so by default neither does this one, and no
  mesh file is needed: a description whose meshes cannot be found (``package://`` URIs on a
  machine without the package) loads all the same. The number of geometry elements dropped is
  reported in :attr:`MujocoPlant.notes`.
* With ``geometry="collision"`` the ``<collision>`` elements of the kept links stay: box,
  cylinder and sphere as they are, and each mesh whose file is found (:func:`mesh_candidates`:
  ``package://`` through the ament index, ``file://`` and absolute paths, relative paths from
  the URDF's folder, then ``mesh_dirs``) with its filename made absolute. A mesh file that is
  not found, or that MuJoCo cannot read (e.g. COLLADA ``.dae`` or ASCII STL: MuJoCo 4 reads
  binary STL, OBJ and MSH), is removed with its ``<collision>``, with ONE warning per file
  (logged and in :attr:`MujocoPlant.notes`) naming the file, the link(s) and why. The plant
  gives every geom ``contype`` 0 and ``conaffinity`` 1: robot geoms never collide with each
  other (MuJoCo would already skip parent/child pairs; other self-contacts would change the
  arm's dynamics) but do with environment geoms (MuJoCo's default contype 1). There is no
  environment, so the dynamics are exactly those of ``geometry="none"``.
* ``<mujoco><compiler fusestatic="false" discardvisual="true" balanceinertia="false"
  inertiafromgeom="false" strippath="false"/>`` is added: every link stays a body with the
  URDF's inertia exactly (no fusing, no inertia "balancing", no inertia computed from a
  geom for a link without ``<inertial>``: it stays massless as in modyn), and mesh paths are
  used as given. With this, MuJoCo's mass matrix and bias forces equal modyn_model's (and
  Pinocchio's) to ~1e-14 (ARCHITECTURE §4; ``test_mujoco_plant.py`` checks it for each robot).
  Two exceptions, because MuJoCo's compiler refuses them (``_floor_inertias``, in
  :attr:`MujocoPlant.notes`): a massless link on a moving joint gets :data:`MASS_FLOOR`
  (1e-9 kg) with :data:`INERTIA_FLOOR` (1e-9 kg·m²) moments, and a moving link's inertia with
  a principal moment below :data:`INERTIA_FLOOR` gets that much added to its diagonal (a
  spanning tree's intermediate links, a slender leg's zero axial moment: the Stewart platform).
* Joints that are not moving joints of the modyn model (``locked_joints``, joints off the
  root → tip path, mimic joints locked by the user) become ``type="fixed"`` with their mimic,
  axis, limit and dynamics elements removed. modyn locks a joint *at q = 0*, and a URDF fixed
  joint is exactly the joint's origin transform, i.e. the joint at q = 0: the locked degree of
  freedom is removed, not approximated by a stiff spring or an equality constraint.
* With a ``root_link`` other than the URDF root, only that link's subtree is kept (modyn does
  the same), and the root becomes MuJoCo's base body, welded at the world origin.
* Mimic joints of a :class:`~modyn_model.mechanisms.coupled.CoupledJointsModel` (what a URDF with
  ``<mimic>`` loads as) stay moving joints with their ``<mimic>``: MuJoCo's URDF importer makes
  each a joint equality q_m = offset + multiplier·q_j (``polycoef``), which
  :func:`check_mimic_equalities` checks against the model's coupling q_f = G q + b. The plant's
  joints are the model's independent coordinates: :meth:`MujocoPlant.read` returns theirs,
  :meth:`MujocoPlant.write` applies the effort to them only (τ = Gᵀ τ_f: a mimic joint is driven
  through its coupling), :meth:`MujocoPlant.reset` puts every joint at G q + b, G v. The MJCF is
  built from the full tree (``model.full_model``), rotor inertia and friction per MuJoCo joint.
  MuJoCo's equality is a *soft* constraint (a stiff spring-damper on the residual): the plant
  makes it as stiff as MuJoCo accepts (``solref`` time constant 2·dt, impedance 0.9999), and the
  residual max |q_m − (k q_j + o)| over the run is in :attr:`MujocoPlant.mimic_residual`.

After compiling, the model is adjusted from the modyn model, joints mapped **by name** (MuJoCo
orders joints by body, modyn by urdfdom's depth-first, name-sorted order):

* ``opt.gravity`` = ``model.gravity_vector``: modyn's gravity is expressed in the root frame and
  the root body sits at MuJoCo's world origin with identity orientation.
* ``dof_armature`` = ``model.armature`` (rotor inertia Ia = N²·Jm, Khalil [7.29]); MuJoCo adds it
  to the diagonal of its mass matrix exactly as modyn adds Ia to A_jj.
* ``dof_damping`` = ``model.viscous`` (Fv), ``dof_frictionloss`` = ``model.coulomb`` (Fc), or
  both 0 with ``friction=False``. The URDF ``<dynamics>`` values MuJoCo imported itself are
  overwritten, so the side-file extras win as in modyn.
* MuJoCo's dry friction is a soft constraint, not Fc·sign(q̇): it opposes the motion with at most
  Fc, and below a small velocity it stops the joint (stiction), where modyn's sign(0) = 0 lets
  the joint creep and chatter (Khalil [7.26]). Its softness is set by the friction ``solref`` /
  ``solimp``; with MuJoCo's defaults (time constant 0.02 s, impedance 0.9) the RX-90's wrist
  feels only 0.58 Fc while sliding at 1 rad/s, too soft to stand for Coulomb friction. The plant
  makes it as stiff as MuJoCo allows: time constant 2·dt (the smallest MuJoCo accepts) and
  impedance 0.99; then the sliding force is Fc exactly (``test_mujoco_plant.py``) and the
  velocity below which the joint sticks is of order Fc·2dt / A_jj.
* modyn's Stribeck term (Fst > Fc with v_s > 0, Khalil [7.26]) has no MuJoCo equivalent and is
  dropped, with a warning (logged and in :attr:`notes`).
* Joint limits are disabled (``mjDSBL_LIMIT``), as in the built-in plant: position limits are
  the hardware interface's business, not the physics'. No actuators are used: the effort goes
  straight into ``qfrc_applied``.

Integrators (the node's ``integrator`` parameter, same names as the built-in plant):

* ``"rk4"``: MuJoCo's ``mjINT_RK4``, classical 4th-order Runge-Kutta, the same scheme as
  :class:`~modyn_hardware.simulated.SimulatedPlant`'s ``rk4`` (effort held over the step).
  Explicit in everything, damping included: a damping Fv on an effective inertia I is stable
  only for dt·Fv/I < 2.785 (RK4's stability limit on the negative real axis).
* ``"semi_implicit_euler"``: MuJoCo's ``mjINT_EULER`` with its implicit damping (``eulerdamp``,
  MuJoCo's default): (A + dt·D) (q̇_{k+1} − q̇_k) = dt (τ − C q̇_k − Q − D q̇_k + f_friction), i.e.
  A (q̇_{k+1} − q̇_k) = dt (τ − C q̇_k − Q − D q̇_{k+1} + ...), then q_{k+1} = q_k + dt q̇_{k+1}.
  The viscous term is backward Euler, stable for any damping (a damped inertia decays by
  I/(I + dt·Fv) per step, never overshoots), everything else is the symplectic Euler of the
  built-in plant. Without damping (``friction=False``, or a model without Fv) it is exactly the
  built-in ``semi_implicit_euler``.

Stiff damping: a URDF's ``<dynamics damping>`` on a light link (example-robot-data's xarm7: Fv =
2 N·m·s/rad on a wrist of 1.4e-4 kg·m², dt·Fv/I = 14.6 at 1 kHz) makes any explicit scheme
diverge. With ``rk4``, :meth:`MujocoPlant.step` checks the damping against the step each time
the step changes (the first step: at start) and logs a warning naming the joint
(:func:`damping_stability`; also in :attr:`MujocoPlant.notes`).

The MuJoCo timestep is the ``dt`` of each :meth:`MujocoPlant.step` call (the node's 1/rate).
"""

from __future__ import annotations

import logging
import os
import xml.etree.ElementTree as ET
from collections.abc import Sequence
from pathlib import Path
from urllib.parse import unquote, urlparse

import numpy as np

from modyn_model import ModelError, RobotModel
from modyn_model.urdf import read_urdf_text

from .checks import checked_vector
from .mujoco_base import MujocoBase, check_integrator, import_mujoco, joint_addresses
from .mujoco_constraints import ConstraintForces, add_constraint_equalities, set_constraint_data
from .mujoco_floating import FREE_NQ, FREE_NV, add_free_joint, quaternion_matrix
from .plant import PlantError, PlantState

__all__ = [
    "GEOMETRIES",
    "INERTIA_FLOOR",
    "MASS_FLOOR",
    "RK4_STABILITY_LIMIT",
    "MujocoPlant",
    "check_mimic_equalities",
    "tree_of",
    "damping_stability",
    "mesh_candidates",
    "mujoco_urdf",
    "require_tree",
]

#: values of the ``geometry`` option (see :func:`mujoco_urdf`)
GEOMETRIES = ("none", "collision")

#: elements MuJoCo does not need (geometry, ROS-side control) or that we replace (<mujoco>)
_DROPPED_TAGS = (
    "visual",
    "collision",
    "transmission",
    "gazebo",
    "ros2_control",
    "material",
    "mujoco",
)
#: children of a <joint> that make no sense once it is fixed
_MOVING_JOINT_TAGS = ("mimic", "axis", "limit", "dynamics", "calibration", "safety_controller")
_MOVING_TYPES = ("revolute", "continuous", "prismatic", "floating", "planar")
_log = logging.getLogger(__name__)
#: impedance d0 = d_width of the dry-friction constraint (MuJoCo default 0.9; see the docstring)
_FRICTION_IMPEDANCE = 0.99
#: |z| where classical RK4's stability polynomial 1 + z + z²/2 + z³/6 + z⁴/24 reaches modulus 1
#: on the negative real axis: ẋ = −λx integrates stably only for dt·λ below it
RK4_STABILITY_LIMIT = 2.785293563405282
#: what the plant reads from a tree model besides the mechanism contract (the URDF's joints)
_TREE_MEMBERS = (
    "joint_names",
    "root",
    "sigma",
    "armature",
    "viscous",
    "coulomb",
    "static_friction",
    "stribeck_velocity",
)


def tree_of(model):
    """The URDF tree the MJCF is built from: ``model.full_model`` for a coupled-joints model
    (mimic joints; its coordinates are the independent joints), ``model.limb_model`` for a
    floating-base model (under a free joint), else ``model`` itself."""
    if getattr(model, "floating_base", False):
        return model.limb_model
    return getattr(model, "full_model", model)


#: impedance (d0 = d_width) of the mimic joint equalities: MuJoCo's largest (mjMAXIMP)
_MIMIC_IMPEDANCE = 0.9999


def check_mimic_equalities(m, model) -> np.ndarray:
    """Check that MuJoCo's joint equalities are exactly the model's coupling; their ids.

    Each joint equality q_1 = c0 + c1 q_2 (+ c2 q_2² ...) that MuJoCo's URDF importer built from
    a ``<mimic>`` must be a row relation of q_f = G q + b: G[1] = c1 G[2], b[1] = c0 + c1 b[2],
    c2..c4 = 0; and there must be one per mimic joint of the model (so that the equalities, with
    the independent joints free, leave exactly the model's n degrees of freedom).

    Raises
    ------
    PlantError
        Naming the joints, when the equalities and the model disagree.
    """
    import mujoco

    tree = tree_of(model)
    g = np.asarray(getattr(model, "coupling_matrix", np.eye(tree.nv)))
    b = np.asarray(getattr(model, "coupling_offset", np.zeros(tree.nv)))
    row = {name: r for r, name in enumerate(tree.joint_names)}
    ids, seen = [], []
    for e in range(m.neq):
        if m.eq_type[e] != mujoco.mjtEq.mjEQ_JOINT:
            continue
        j1 = mujoco.mj_id2name(m, mujoco.mjtObj.mjOBJ_JOINT, int(m.eq_obj1id[e]))
        j2 = mujoco.mj_id2name(m, mujoco.mjtObj.mjOBJ_JOINT, int(m.eq_obj2id[e]))
        c = m.eq_data[e, :5]
        r1, r2 = row.get(j1), row.get(j2)
        ok = (
            r1 is not None
            and r2 is not None
            and np.all(c[2:] == 0.0)
            and np.allclose(g[r1], c[1] * g[r2], rtol=1e-12, atol=1e-12)
            and np.isclose(b[r1], c[0] + c[1] * b[r2], rtol=1e-12, atol=1e-12)
        )
        if not ok:
            raise PlantError(
                f"mujoco plant: MuJoCo's joint equality '{j1}' = poly('{j2}', {c.tolist()}) is "
                f"not a relation of model '{model.name}''s coupling ({model.source})"
            )
        ids.append(e)
        seen.append(j1)
    mimic = sorted(getattr(model, "mimic_joints", {}))
    if sorted(seen) != mimic:
        raise PlantError(
            f"mujoco plant: MuJoCo built joint equalities for {sorted(seen)} from "
            f"{model.source}, the model's mimic joints are {mimic}"
        )
    return np.array(ids, dtype=int)


def require_tree(model) -> None:
    """Raise :class:`PlantError` unless ``model`` is a fixed-base kinematic tree built from a URDF
    (a model whose every coordinate is a URDF joint, nq = nv = nu, with the joints' root link,
    types, rotor inertia and friction): the MuJoCo plant builds its MJCF from that URDF tree.

    The message names the model, its kind (``model.kind`` or its class) and sizes, and what
    is missing."""
    missing = [m for m in _TREE_MEMBERS if not hasattr(model, m)]
    sizes = (model.nq, model.nv, model.nu)
    if not missing and sizes[0] == sizes[1] == sizes[2]:
        return
    kind = getattr(model, "kind", None) or type(model).__name__
    why = f"it lacks {missing}" if missing else "its nq, nv and nu differ"
    raise PlantError(
        f"mujoco plant: model '{model.name}' ({model.source}) is a '{kind}' mechanism "
        f"(nq = {sizes[0]}, nv = {sizes[1]}, nu = {sizes[2]}), not a fixed-base kinematic tree "
        f"built from a URDF ({why}); the MuJoCo plant builds its MJCF from a URDF tree: use "
        "plant 'simulated' for this mechanism"
    )


def damping_stability(
    model: RobotModel, q: np.ndarray, dt: float
) -> tuple[float, list[tuple[str, float, float]]]:
    """How stiff the model's viscous damping is for an explicit step ``dt`` at pose ``q``.

    The damped velocity obeys A(q) v̇ = −D v + ... (D = diag(Fv)), whose decay rates are the
    eigenvalues λ of A⁻¹D (those of the symmetric D^½ A⁻¹ D^½). An explicit scheme is stable
    only while dt·λ_max stays below its limit (2 for Euler, :data:`RK4_STABILITY_LIMIT` for RK4).

    Parameters
    ----------
    model : RobotModel
        Mass matrix (rotor inertia included) and ``viscous`` (Fv).
    q : (n,) array
        The pose (rad / m); the mass matrix, hence λ, depends on it.
    dt : float
        The step (s).

    Returns
    -------
    rate : float
        dt·λ_max (dimensionless).
    joints : list of (name, dt·Fv_j·(A⁻¹)_jj, 1/(A⁻¹)_jj)
        Per joint with Fv > 0: its own stiffness number (the joint's damping on the inertia it
        moves when the other joints are free; a lower bound of ``rate``) and that effective
        inertia (kg·m² or kg), largest number first. Named by ``model.velocity_names`` (the
        joint names of an arm; for a floating-base model A is the whole nv × nv mass matrix,
        base included, whose free base makes the joints' effective inertias smaller).
    """
    fv = np.asarray(model.viscous, dtype=float)
    if not np.any(fv > 0.0):
        return 0.0, []
    a_inv = np.linalg.inv(model.mass_matrix(q))
    root = np.sqrt(fv)
    rate = float(dt * np.linalg.eigvalsh(root[:, None] * a_inv * root[None, :]).max())
    diag = np.diag(a_inv)
    names = tuple(getattr(model, "velocity_names", None) or model.joint_names)
    joints = [
        (names[j], float(dt * fv[j] * diag[j]), float(1.0 / diag[j]))
        for j in np.flatnonzero(fv > 0.0)
    ]
    joints.sort(key=lambda x: -x[1])
    return rate, joints


def mujoco_urdf(
    urdf: str | os.PathLike,
    model: RobotModel,
    *,
    geometry: str = "none",
    mesh_dirs: Sequence[str | os.PathLike] = (),
) -> tuple[str, list[str]]:
    """The URDF text MuJoCo should import to reproduce ``model`` (see the module docstring).

    Parameters
    ----------
    urdf : path or str
        The description ``model`` was built from: a ``.urdf`` / ``.urdf.xacro`` path or the URDF
        XML itself.
    model : RobotModel
        Its moving joints are kept; every other joint is fixed at q = 0; only the subtree of
        ``model.root`` is kept.
    geometry : {"none", "collision"}
        ``"none"``: every ``<visual>`` and ``<collision>`` is removed. ``"collision"``: the
        ``<collision>`` elements of the kept links stay, each mesh ``filename`` rewritten to an
        absolute path; a mesh that cannot be found, or that MuJoCo cannot read, is removed with
        one warning per file (logged and in ``notes``) naming the file and its link(s).
    mesh_dirs : sequence of paths
        Extra directories searched for meshes (``geometry="collision"`` only), after the URDF
        file's folder for relative names and after the ament index for ``package://pkg/p``
        (tried as ``<dir>/pkg/p``, then ``<dir>/p``).

    Returns
    -------
    xml : str
        The rewritten URDF.
    notes : list of str
        What was changed that a user may want to know (geometry dropped, joints fixed).

    Raises
    ------
    PlantError
        The text is not a URDF, or it lacks a moving joint or the root link of the model; an
        unknown ``geometry``.
    """
    if geometry not in GEOMETRIES:
        raise PlantError(f"geometry must be one of {list(GEOMETRIES)}, got {geometry!r}")
    model = tree_of(model)  # a coupled model: its full tree (mimic joints moving)
    require_tree(model)
    try:
        text, where = read_urdf_text(urdf)
    except ModelError as exc:
        raise PlantError(f"mujoco plant: {exc}") from None
    try:
        robot = ET.fromstring(text)
    except ET.ParseError as exc:
        raise PlantError(f"mujoco plant: {where}: malformed XML: {exc}") from None
    if robot.tag != "robot":
        raise PlantError(f"mujoco plant: {where}: the root element is <{robot.tag}>, not <robot>")
    notes: list[str] = []
    keep_collision = geometry == "collision"
    dropped = 0
    for parent in robot.iter():
        for child in list(parent):
            if child.tag in _DROPPED_TAGS and not (keep_collision and child.tag == "collision"):
                dropped += child.tag in ("visual", "collision")
                parent.remove(child)
    if dropped:
        what = "<visual>" if keep_collision else "<visual>/<collision>"
        why = "not simulated" if keep_collision else "no contacts, no meshes"
        notes.append(f"{dropped} {what} elements removed ({why})")

    joints = robot.findall("joint")
    by_name = {j.get("name"): j for j in joints}
    missing = [name for name in model.joint_names if name not in by_name]
    if missing:
        raise PlantError(
            f"mujoco plant: {where} has no joint(s) {missing} of the model; give the plant the "
            "description the model was built from"
        )
    _keep_subtree(robot, model.root, where, notes)
    if keep_collision:
        folder = None if where.startswith("<") else Path(where).resolve().parent
        _resolve_meshes(robot, folder, [Path(d) for d in mesh_dirs], notes)
    moving = set(model.joint_names)
    fixed = []
    for joint in robot.findall("joint"):
        if joint.get("type") in _MOVING_TYPES and joint.get("name") not in moving:
            joint.set("type", "fixed")
            for tag in _MOVING_JOINT_TAGS:
                for element in joint.findall(tag):
                    joint.remove(element)
            fixed.append(joint.get("name"))
    if fixed:
        notes.append(f"joints {sorted(fixed)} fixed at q = 0 (locked in the modyn model)")
    _floor_inertias(robot, notes)
    mujoco = ET.SubElement(robot, "mujoco")
    ET.SubElement(
        mujoco,
        "compiler",
        fusestatic="false",
        discardvisual="true",
        balanceinertia="false",
        # a link without <inertial> is massless, as in modyn, even when it has a collision geom
        inertiafromgeom="false",
        # mesh filenames are the absolute paths resolved here (MuJoCo's URDF default would
        # strip the directories and look for the bare names in its meshdir)
        strippath="false",
    )
    return ET.tostring(robot, encoding="unicode"), notes


#: kg·m²: added to each principal moment of a link inertia that has one below it (MuJoCo
#: refuses a zero principal moment, e.g. a slender rod's axial one, the Stewart legs' I_xx = 0)
INERTIA_FLOOR = 1e-9
#: kg: the mass given to a massless link on a moving joint (MuJoCo refuses a moving body
#: without mass and inertia, e.g. the intermediate links of a chain of joints that stands for
#: a multi-dof joint), with INERTIA_FLOOR as its principal moments
MASS_FLOOR = 1e-9
_INERTIA_KEYS = ("ixx", "ixy", "ixz", "iyy", "iyz", "izz")


def _floor_inertias(robot: ET.Element, notes: list[str]) -> None:
    """Make every moving link's inertia acceptable to MuJoCo, named in ``notes``:

    * a moving link with mass whose inertia has a principal moment below :data:`INERTIA_FLOOR`: that
      value added to the diagonal (every principal moment). A URDF may idealise a slender rod
      with a zero axial moment; I + ε·1 keeps the principal axes and the triangle inequality and
      changes the dynamics by ε (1e-9 kg·m², 1e-8 of a 0.1 kg·m² leg);
    * a massless link that a moving joint moves (MuJoCo refuses a moving body without mass):
      :data:`MASS_FLOOR` at its origin with :data:`INERTIA_FLOOR` moments. modyn keeps it
      massless; the difference is 1e-9 kg and 1e-9 kg·m² on its joint.

    Only links that a 1-dof (or planar) joint moves are touched: a root link or a link welded
    to its parent is left as it is (MuJoCo accepts a massless static body, and a floating base's
    placeholder root inertia is handled by :mod:`.mujoco_floating`)."""
    moving = {
        j.find("child").get("link")
        for j in robot.findall("joint")
        if j.get("type") in _MOVING_TYPES
        and j.get("type") != "floating"
        and j.find("child") is not None
    }
    floored, weighted = [], []
    for link in robot.findall("link"):
        inertia = link.find("inertial/inertia")
        mass = link.find("inertial/mass")
        try:
            massless = mass is None or float(mass.get("value", "0")) <= 0.0
        except ValueError:
            continue  # MuJoCo's own parser reports a malformed number
        if massless:
            if link.get("name") in moving:
                for old in link.findall("inertial"):
                    link.remove(old)
                inertial = ET.SubElement(link, "inertial")
                ET.SubElement(inertial, "origin", xyz="0 0 0", rpy="0 0 0")
                ET.SubElement(inertial, "mass", value=repr(MASS_FLOOR))
                ET.SubElement(
                    inertial,
                    "inertia",
                    ixx=repr(INERTIA_FLOOR),
                    ixy="0",
                    ixz="0",
                    iyy=repr(INERTIA_FLOOR),
                    iyz="0",
                    izz=repr(INERTIA_FLOOR),
                )
                weighted.append(link.get("name"))
            continue
        if inertia is None or link.get("name") not in moving:
            continue  # a root or welded link: MuJoCo (or the free-joint code) deals with it
        try:
            v = [float(inertia.get(k, "0")) for k in _INERTIA_KEYS]
        except ValueError:
            continue  # MuJoCo's own parser reports a malformed number
        matrix = np.array([[v[0], v[1], v[2]], [v[1], v[3], v[4]], [v[2], v[4], v[5]]])
        if np.linalg.eigvalsh(matrix)[0] >= INERTIA_FLOOR:
            continue
        for k, value in (("ixx", v[0]), ("iyy", v[3]), ("izz", v[5])):
            inertia.set(k, repr(value + INERTIA_FLOOR))
        floored.append(link.get("name"))
    if weighted:
        notes.append(
            f"massless moving links {weighted} given {MASS_FLOOR:g} kg and {INERTIA_FLOOR:g} "
            "kg·m² (MuJoCo refuses a moving body without mass)"
        )
    if floored:
        notes.append(
            f"links {floored}: a principal moment of inertia below {INERTIA_FLOOR:g} kg·m² "
            f"(MuJoCo needs positive ones): {INERTIA_FLOOR:g} kg·m² added to each moment"
        )


def _package_share(package: str) -> Path | None:
    """The share directory of ROS package ``package`` from the ament index, or None."""
    try:
        from ament_index_python.packages import (
            PackageNotFoundError,
            get_package_share_directory,
        )
    except ImportError:  # pragma: no cover - ament_index_python ships with rclpy
        return None
    try:
        return Path(get_package_share_directory(package))
    except (PackageNotFoundError, LookupError, ValueError):  # not indexed / no AMENT_PREFIX_PATH
        return None


def mesh_candidates(filename: str, folder: Path | None, mesh_dirs: Sequence[Path]) -> list[Path]:
    """The paths where mesh ``filename`` (a URDF ``<mesh filename>``) is looked for, in order.

    ``package://pkg/p``: ``<share of pkg>/p`` from the ament index (``AMENT_PREFIX_PATH``), then
    ``<d>/pkg/p`` and ``<d>/p`` for each ``d`` in ``mesh_dirs``. ``file:///abs`` and absolute
    paths: that path only. A relative path: ``<folder>/p`` (the URDF file's folder, when the
    description came from a file), then ``<d>/p``.
    """
    if filename.startswith("package://"):
        package, _, rest = filename[len("package://") :].partition("/")
        out = []
        share = _package_share(package) if package else None
        if share is not None:
            out.append(share / rest)
        for d in mesh_dirs:
            out += [d / package / rest, d / rest]
        return out
    if filename.startswith("file://"):
        return [Path(unquote(urlparse(filename).path))]
    path = Path(filename)
    if path.is_absolute():
        return [path]
    return [base / path for base in ([folder] if folder is not None else []) + list(mesh_dirs)]


def _mesh_error(path: Path) -> str | None:
    """Why MuJoCo cannot read mesh file ``path`` (its compiler's message), or None if it can."""
    try:
        import mujoco
    except ImportError:
        raise PlantError(
            "geometry 'collision' needs the Python package 'mujoco' (pip install mujoco)"
        ) from None
    spec = mujoco.MjSpec()
    # as in the plant's model: the mesh only has to load, it gives no inertia
    spec.compiler.inertiafromgeom = mujoco.mjtInertiaFromGeom.mjINERTIAFROMGEOM_FALSE
    spec.add_mesh(name="probe", file=str(path))
    try:
        spec.compile()
    except ValueError as exc:
        # MuJoCo appends the probe's element name, which means nothing to the user
        return " ".join(str(exc).split()).split(" Element name 'probe'")[0]
    return None


def _resolve_meshes(
    robot: ET.Element, folder: Path | None, mesh_dirs: Sequence[Path], notes: list[str]
) -> None:
    """Make every collision mesh filename absolute, or remove its <collision> with a warning.

    One warning per distinct ``filename`` (however many links use it), naming the links.
    """
    # filename -> the (link, collision, mesh) elements that use it, in document order
    uses: dict[str, list[tuple[ET.Element, ET.Element, ET.Element]]] = {}
    primitives = 0
    for link in robot.findall("link"):
        for collision in link.findall("collision"):
            mesh = collision.find("geometry/mesh")
            if mesh is None:
                primitives += 1
            else:
                uses.setdefault(mesh.get("filename") or "", []).append((link, collision, mesh))
    found: dict[str, Path] = {}
    unreadable: dict[Path, str | None] = {}  # MuJoCo's complaint about each file, or None
    for filename, places in uses.items():
        tried = mesh_candidates(filename, folder, mesh_dirs) if filename else []
        path = next((p.resolve() for p in tried if p.is_file()), None)
        if not filename:
            reason = "the <mesh> has no filename"
        elif path is None:
            reason = "not found " + (
                f"(tried {', '.join(str(p) for p in tried)})"
                if tried
                else "(nowhere to look: the package is not in the ament index, or the path is "
                "relative and the URDF came as text; give mesh_dirs)"
            )
        else:
            if path not in unreadable:
                unreadable[path] = _mesh_error(path)
            reason = unreadable[path] and f"MuJoCo cannot read {path}: {unreadable[path]}"
        if reason:
            links = sorted({link.get("name") for link, _, _ in places})
            note = f"collision mesh '{filename}' of link(s) {links} dropped: {reason}"
            notes.append(note)
            _log.warning("mujoco plant: %s", note)
            for link, collision, _ in places:
                link.remove(collision)
            continue
        found[filename] = path
        for _, _, mesh in places:
            mesh.set("filename", str(path))
    kept = primitives + sum(len(uses[f]) for f in found)
    notes.append(
        f"{kept} <collision> geometries kept ({primitives} primitives, "
        f"{kept - primitives} meshes from {len(set(found.values()))} files); robot geoms "
        "collide only with other (environment) geoms"
    )


def _keep_subtree(robot: ET.Element, root: str, where: str, notes: list[str]) -> None:
    """Remove the links and joints that are not below link ``root`` (inclusive)."""
    links = {link.get("name") for link in robot.findall("link")}
    if root not in links:
        raise PlantError(f"mujoco plant: {where} has no link '{root}' (the model's root)")
    children: dict[str, list[ET.Element]] = {}
    for joint in robot.findall("joint"):
        parent = joint.find("parent")
        if parent is not None:
            children.setdefault(parent.get("link"), []).append(joint)
    keep_links, keep_joints, todo = {root}, set(), [root]
    while todo:
        for joint in children.get(todo.pop(), []):
            child = joint.find("child")
            if child is not None and child.get("link") not in keep_links:
                keep_joints.add(joint.get("name"))
                keep_links.add(child.get("link"))
                todo.append(child.get("link"))
    removed = []
    for element in list(robot):
        if element.tag == "link" and element.get("name") not in keep_links:
            robot.remove(element)
            removed.append(element.get("name"))
        elif element.tag == "joint" and element.get("name") not in keep_joints:
            robot.remove(element)
    if removed:
        notes.append(f"links {sorted(removed)} outside the subtree of root link '{root}' removed")


class MujocoPlant(MujocoBase):
    """A robot simulated by MuJoCo from the same URDF as ``model``: a fixed-base tree, or a
    floating-base one (a free joint on the base body, :mod:`modyn_hardware.mujoco_floating`).

    Parameters
    ----------
    model : RobotModel, CoupledJointsModel or floating-base model
        The modyn model of the robot: joint names and order of every array, gravity, rotor
        inertia and friction (see the module docstring for what is taken from it). For a
        coupled-joints model (a URDF with ``<mimic>``) the plant's joints are its independent
        coordinates and the MJCF comes from its full tree. A model with ``floating_base`` true
        (modyn_model's ``FloatingBaseModel``) is simulated with its ``limb_model`` (the
        fixed-base tree rooted at the base link) under a MuJoCo free joint named after the
        model's base coordinates (``<P>.x`` → ``P``); its q, v and u are then the model's
        (nq = 7 + n, nv = 6 + n, nu = n: the joints' efforts only).
    urdf : path or str
        The description ``model`` was built from (path to .urdf / .xacro, or XML text).
    integrator : {"rk4", "semi_implicit_euler"}
        See the module docstring.
    q0 : (nq,) array_like, optional
        Initial positions (rad / m), ``model.coordinate_names`` order; default zeros (a floating
        base: ``model.neutral()``), at rest.
    friction : bool
        Viscous damping and dry friction from the model's extras (default True).
    geometry : {"none", "collision"}
        ``"none"`` (default): no geoms at all. ``"collision"``: the URDF's ``<collision>``
        geometry, meshes resolved as :func:`mujoco_urdf` describes (missing or unreadable ones
        dropped with a warning); the geoms collide with environment geoms only, never with
        each other, so without an environment the dynamics are those of ``"none"``.
    mesh_dirs : sequence of paths
        Extra mesh search directories (see :func:`mujoco_urdf`).

    Attributes
    ----------
    model : RobotModel
    mj_model, mj_data : mujoco.MjModel, mujoco.MjData
        The MuJoCo objects (for inspection; the plant owns their state).
    qpos_index, dof_index : (n,) int ndarray
        MuJoCo ``qpos`` / ``qvel`` address of each modyn joint (modyn order).
    floating_base : bool
        The model has a floating base (then :attr:`free_qpos`, :attr:`free_dof` are the
        ``qpos`` / ``qvel`` addresses of the free joint; otherwise -1).
    geometry : str
        The ``geometry`` option the plant was built with.
    notes : list of str
        What the conversion changed or could not reproduce (see :func:`mujoco_urdf`).
    mimic_residual : float
        For a coupled-joints model (mimic joints): the largest |q_m − (k q_j + o)| (rad or m)
        seen after any step, MuJoCo's equality constraint being soft; 0 otherwise.
    constrained : bool
        The model has constraints (``constraint_names``): point and frame contacts are MuJoCo
        ``connect`` / ``weld`` equalities, a spherical loop closure a ``connect`` between two
        bodies (:mod:`modyn_hardware.mujoco_constraints`), their
        forces in :meth:`constraint_forces`, the drift in :meth:`diagnostics`.

    Raises
    ------
    PlantError
        MuJoCo is not installed, rejects the description, or its degrees of freedom are not
        exactly the model's joints; an unknown integrator; a constraint MuJoCo cannot express
        (a loop closure of dim 6, a subset of a contact's rows); a model that is not a URDF tree
        (:func:`require_tree`: e.g. the ball-joint body, nq = 4 ≠ nv = 3; a closed mechanism
        with ``spanning_tree()`` runs as :class:`~modyn_hardware.mujoco_spanning.SpanningTreePlant`).
    """

    def __init__(
        self,
        model: RobotModel,
        urdf: str | os.PathLike,
        integrator: str = "rk4",
        q0: Sequence[float] | np.ndarray | None = None,
        *,
        friction: bool = True,
        geometry: str = "none",
        mesh_dirs: Sequence[str | os.PathLike] = (),
    ):
        check_integrator(integrator)
        if friction and getattr(model, "coupled_friction", False):
            # MuJoCo's URDF import carries only per-joint damping/frictionloss; a coupled law
            # (e.g. motor friction Sᵀ f_m(S v) of a geared model) would be dropped silently
            raise PlantError(
                f"mujoco plant: model '{model.name}' ({type(model).__name__}, {model.source}) "
                "has coupled friction (coupled_friction = True: its friction_forces(v) is not "
                "per joint, e.g. motor-side friction mapped through a transmission), which the "
                "MuJoCo plant cannot represent from the URDF; use plant 'simulated', set the "
                "coupled friction to zero, or friction=False"
            )
        # a constrained model: its constraints become MuJoCo equalities (mujoco_constraints)
        self.constrained = bool(getattr(model, "constraint_names", ()))
        self.floating_base = floating = bool(getattr(model, "floating_base", False))
        # the URDF tree MuJoCo builds: the model, a coupled model's full tree or a floating
        # model's limbs
        tree = tree_of(model)
        require_tree(tree)
        self._tree = tree
        mujoco = import_mujoco()
        self.model = model
        self.integrator = integrator
        self.friction = bool(friction)
        self.geometry = geometry
        xml, self.notes = mujoco_urdf(urdf, tree, geometry=geometry, mesh_dirs=mesh_dirs)
        free_name = str(model.coordinate_names[0]).rsplit(".", 1)[0] if floating else ""
        edit = (
            (lambda spec: add_constraint_equalities(mujoco, spec, model))
            if self.constrained
            else None
        )
        try:
            if floating:  # MuJoCo's URDF import welds the root link: a free joint on it
                m = add_free_joint(mujoco, xml, tree.root, free_name, edit=edit)
            elif edit is not None:
                spec = mujoco.MjSpec.from_string(xml)
                edit(spec)
                m = spec.compile()
            else:
                m = mujoco.MjModel.from_xml_string(xml)
        except ValueError as exc:  # MuJoCo's compiler errors
            raise PlantError(f"mujoco plant: MuJoCo rejected {model.source}: {exc}") from None
        n_tree = tree.n
        base_nq, base_nv = (FREE_NQ, FREE_NV) if floating else (0, 0)
        if m.nq != n_tree + base_nq or m.nv != n_tree + base_nv:
            raise PlantError(
                f"mujoco plant: MuJoCo built {m.nq} position / {m.nv} velocity coordinates from "
                f"{model.source}, the model has {n_tree} joints {list(tree.joint_names)}"
                + (" and a free base (7 / 6)" if floating else "")
            )
        self.free_qpos = self.free_dof = -1
        if floating:
            jid = mujoco.mj_name2id(m, mujoco.mjtObj.mjOBJ_JOINT, free_name)
            self.free_qpos, self.free_dof = int(m.jnt_qposadr[jid]), int(m.jnt_dofadr[jid])

        def addresses(names):  # the joints are in the XML, MuJoCo keeps their names
            return joint_addresses(mujoco, m, names, f"MuJoCo's model of {model.source}")

        # the joints the plant drives (a coupled model's independent coordinates, a floating
        # model's joints) and every joint of the tree
        self.qpos_index, self.dof_index = addresses(
            tree.joint_names if floating else model.joint_names
        )
        self._tree_qpos, self._tree_dof = addresses(tree.joint_names)
        for arr in (self.qpos_index, self.dof_index, self._tree_qpos, self._tree_dof):
            arr.flags.writeable = False
        n = len(self.qpos_index)
        # mimic joints: MuJoCo's joint equalities, checked against the coupling q_f = G q + b
        self._coupling = (
            (np.asarray(model.coupling_matrix), np.asarray(model.coupling_offset))
            if hasattr(model, "coupling_matrix")
            else None
        )
        self._mimic_eq = check_mimic_equalities(m, model)
        self.mimic_residual = 0.0  # max |q_m − (k q_j + o)| seen after a step (rad or m)
        self._mimic_work = (np.zeros(n), np.zeros(n_tree), np.zeros(n_tree))
        if self._mimic_eq.size:
            m.eq_solimp[self._mimic_eq, :2] = _MIMIC_IMPEDANCE
        # constraint equalities: anchors from the constraints, stiff; forces read back dense
        self._constraint_eq = np.zeros(0, dtype=int)
        self._forces = None
        if self.constrained:
            self._constraint_eq = set_constraint_data(mujoco, m, model)
            m.opt.jacobian = mujoco.mjtJacobian.mjJAC_DENSE
            self._forces = ConstraintForces(
                mujoco,
                model,
                self._constraint_eq,
                self.dof_index,
                self.free_dof,
                self._coupling[0] if self._coupling is not None else None,
                self._tree_dof,
            )

        # contacts only robot vs environment: a pair (a, b) is tested when contype_a &
        # conaffinity_b or contype_b & conaffinity_a is nonzero; robot geoms have contype 0,
        # so two of them never touch (no self-collision, which would change the arm's
        # dynamics), and conaffinity 1, so a default environment geom (contype 1) hits them
        m.geom_contype[:] = 0
        m.geom_conaffinity[:] = 1
        m.opt.gravity[:] = model.gravity_vector
        # per MuJoCo joint: the tree's values (a mimic joint's own rotor inertia and friction;
        # a free base has none: 0, as MuJoCo's default for the free joint's dofs)
        m.dof_armature[self._tree_dof] = tree.armature
        stribeck = (tree.stribeck_velocity > 0) & (tree.static_friction != tree.coulomb)
        if self.friction:
            # the stiffest dry friction (see the module docstring); solref is set with dt
            m.dof_solimp[:, :2] = _FRICTION_IMPEDANCE
            m.dof_damping[self._tree_dof] = tree.viscous
            m.dof_frictionloss[self._tree_dof] = tree.coulomb
            if stribeck.any():
                note = (
                    "Stribeck friction of joints "
                    f"{[tree.joint_names[i] for i in np.flatnonzero(stribeck)]} has no MuJoCo "
                    "equivalent: only Coulomb (frictionloss) and viscous (damping) are simulated"
                )
                self.notes.append(note)
                _log.warning("mujoco plant: %s", note)
        else:
            m.dof_damping[:] = 0.0
            m.dof_frictionloss[:] = 0.0
        # options, mj_data, the step's buffers and the push (MujocoBase); the mimic and
        # constraint equalities as stiff as the dry friction at each new dt
        self._init_mujoco(mujoco, m, integrator, n)
        self._stiff_eq = np.concatenate([self._mimic_eq, self._constraint_eq]).astype(int)
        d = self.mj_data
        # MuJoCo orders joints by body; when the two orders agree (every serial arm) the modyn
        # arrays map onto contiguous views and read/write need no gather or scatter
        contiguous = (
            m.nv == n
            and np.array_equal(self.dof_index, np.arange(n))
            and np.array_equal(self.qpos_index, np.arange(n))
        )
        # (a floating base: its joints' views, never the whole qfrc_applied)
        self._contiguous = contiguous and not floating
        # a floating base's q (nq) and v (nv) in modyn's convention, filled by read()
        self._q_out = np.zeros(n + base_nq)
        self._v_out = np.zeros(n + base_nv)
        self._rot = np.zeros((3, 3))
        d.qfrc_applied[:] = 0.0
        if q0 is None:
            q0 = model.neutral() if floating else np.zeros(n)
        self.reset(q0)

    # ------------------------------------------------------------------ Plant
    @property
    def joint_names(self) -> tuple[str, ...]:
        """The joints' names for a fixed-base tree; the coordinate names of a floating one."""
        if self.floating_base:
            return tuple(self.model.coordinate_names)
        return self.model.joint_names

    @property
    def coordinate_names(self) -> tuple[str, ...]:
        return tuple(self.model.coordinate_names) if self.floating_base else self.joint_names

    @property
    def velocity_names(self) -> tuple[str, ...]:
        return tuple(self.model.velocity_names) if self.floating_base else self.joint_names

    @property
    def actuator_names(self) -> tuple[str, ...]:
        return tuple(self.model.actuator_names) if self.floating_base else self.joint_names

    def read(self) -> PlantState:
        """A snapshot (copies) of time, q, q̇ (modyn order) and the applied effort.

        A floating base: q = [p, (w, x, y, z), joints] (MuJoCo's free-joint qpos as it is),
        v = [Rᵀ ṗ, ω_B, joint rates] (MuJoCo's linear velocity is in world axes, modyn's in
        base axes: :mod:`modyn_hardware.mujoco_floating`)."""
        d = self.mj_data
        if self.floating_base:
            q, v = self._q_out, self._v_out
            a, b = self.free_qpos, self.free_dof
            q[:FREE_NQ] = d.qpos[a : a + FREE_NQ]
            q[FREE_NQ:] = d.qpos[self.qpos_index]
            R = quaternion_matrix(q[3:7], self._rot)
            np.matmul(R.T, d.qvel[b : b + 3], out=v[:3])
            v[3:FREE_NV] = d.qvel[b + 3 : b + FREE_NV]
            v[FREE_NV:] = d.qvel[self.dof_index]
        elif self._contiguous:
            q, v = d.qpos, d.qvel
        else:
            q, v = d.qpos[self.qpos_index], d.qvel[self.dof_index]
        return PlantState.snapshot(self._time, q, v, self._tau)

    def diagnostics(self) -> dict:
        """A constrained model's drift: its ``diagnostics(q, v)`` (largest position / velocity
        residual per constraint, keys ``model.<constraint>.position`` / ``.velocity``) at the
        current state, as the built-in plant reports it; else empty."""
        if not self.constrained:
            return {}
        s = self.read()
        return {f"model.{k}": v for k, v in self.model.diagnostics(s.position, s.velocity).items()}

    def constraint_forces(self) -> dict[str, np.ndarray]:
        """λ by constraint name (N, N·m; on the robot, world axes, CONTRACT14) at the current
        state under the written effort (and a push in progress): MuJoCo's equality forces of a
        forward pass at this state, mapped as :mod:`mujoco_constraints` describes."""
        if self._forces is None:
            return {}
        m, d = self.mj_model, self.mj_data
        if self._push is not None:
            self._apply_push(m, d)
        self._mj.mj_forward(m, d)
        return self._forces.forces(m, d, self.read().position)

    def _push_frames(self) -> tuple[str, ...]:
        """A push names a frame of the model (the root link for a model without frames); it
        must be a MuJoCo body: every URDF link is one (``fusestatic="false"``)."""
        return tuple(getattr(self.model, "frame_names", ())) or (self._tree.root,)

    def write(self, effort: Sequence[float] | np.ndarray) -> None:
        """Apply ``effort`` (N·m / N, ``joint_names`` order) from now on.

        Raises
        ------
        PlantError
            Wrong length or a non-finite value (naming the joint); the previous effort stays.
        """
        self._tau[:] = checked_vector("effort", effort, self.actuator_names)
        if self._contiguous:
            self.mj_data.qfrc_applied[:] = self._tau
        else:
            self.mj_data.qfrc_applied[self.dof_index] = self._tau

    def _timestep_changed(self, dt: float) -> None:
        """A new step: check the damping against it (rk4)."""
        self._check_damping(dt)

    def _after_step(self) -> None:
        """The mimic joints' residual q_f − (G q + b), into preallocated buffers."""
        if self._coupling is None:
            return
        d = self.mj_data
        g, b = self._coupling
        q_ind, q_tree, res = self._mimic_work
        np.take(d.qpos, self.qpos_index, out=q_ind)
        np.take(d.qpos, self._tree_qpos, out=q_tree)
        np.dot(g, q_ind, out=res)
        res += b
        res -= q_tree
        np.abs(res, out=res)
        self.mimic_residual = max(self.mimic_residual, float(res.max()))

    def reset(
        self, q0: Sequence[float] | np.ndarray, v0: Sequence[float] | np.ndarray | None = None
    ) -> None:
        """Move to ``q0`` (rad / m) with velocity ``v0`` (default at rest) and zero effort.

        Time keeps running (:attr:`time` is not rewound).

        Raises
        ------
        PlantError
            Wrong length, a non-finite value, or (floating base) a quaternion whose norm differs
            from 1 by more than 1e-6 (within that, it is normalized).
        """
        if self.floating_base:
            self._reset_floating(q0, v0)
            return
        q = checked_vector("q0", q0, self.joint_names)
        v = checked_vector("v0", v0, self.joint_names) if v0 is not None else None
        d = self.mj_data
        d.qvel[:] = 0.0
        if self._coupling is None:
            d.qpos[self.qpos_index] = q
            if v is not None:
                d.qvel[self.dof_index] = v
        else:  # every joint of the tree on the coupling: q_f = G q + b, v_f = G v
            g, b = self._coupling
            d.qpos[self._tree_qpos] = g @ q + b
            if v is not None:
                d.qvel[self._tree_dof] = g @ v
        self._clear_inputs()

    # ------------------------------------------------------------------ internals
    def _reset_floating(self, q0, v0) -> None:
        """:meth:`reset` of a floating base: modyn's (q, v) to the free joint's qpos and qvel."""
        names = self.coordinate_names
        q = checked_vector("q0", q0, names, "coordinate")
        v = (
            checked_vector("v0", v0, self.velocity_names, "velocity coordinate")
            if v0 is not None
            else None
        )
        norm = float(np.linalg.norm(q[3:7]))
        if abs(norm - 1.0) > 1e-6:
            raise PlantError(
                f"q0: the base quaternion {list(names[3:7])} = {q[3:7].tolist()} has norm "
                f"{norm:.9g}, not 1 (modyn's (w, x, y, z) of R_WB)"
            )
        d, a, b = self.mj_data, self.free_qpos, self.free_dof
        d.qpos[a : a + 3] = q[:3]
        d.qpos[a + 3 : a + FREE_NQ] = q[3:7] / norm
        d.qpos[self.qpos_index] = q[FREE_NQ:]
        d.qvel[:] = 0.0
        if v is not None:
            R = quaternion_matrix(d.qpos[a + 3 : a + FREE_NQ])
            d.qvel[b : b + 3] = R @ v[:3]  # MuJoCo: world axes; modyn: base axes
            d.qvel[b + 3 : b + FREE_NV] = v[3:FREE_NV]
            d.qvel[self.dof_index] = v[FREE_NV:]
        self._clear_inputs()

    def _check_damping(self, dt: float) -> None:
        """Warn (log and :attr:`notes`) when ``rk4`` at step ``dt`` is unstable for the damping.

        Checked at the current pose (the initial one at the first step); semi-implicit Euler
        treats the damping implicitly and needs no check.
        """
        if self.integrator != "rk4" or not self.friction:
            return
        q = self.read().position
        rate, joints = damping_stability(self.model, q, dt)
        if rate < RK4_STABILITY_LIMIT:
            return
        limit = RK4_STABILITY_LIMIT
        stiff = [j for j in joints if j[1] >= limit] or joints[:1]
        tree = self._tree
        names = tree.joint_names  # damped dofs are joints (a free base has none)

        def units(name: str) -> tuple[str, str]:
            prismatic = tree.sigma[tree.joint_names.index(name)] == 1
            return ("N·s/m", "kg") if prismatic else ("N·m·s/rad", "kg·m²")

        which = ", ".join(
            f"'{name}' (Fv = {self._tree.viscous[names.index(name)]:g} {units(name)[0]} on an "
            f"effective inertia of {inertia:.3g} {units(name)[1]}: dt·Fv/I = {number:.3g})"
            for name, number, inertia in stiff
        )
        note = (
            f"integrator rk4 at dt = {dt:g} s is unstable for the viscous damping of joint(s) "
            f"{which}; dt·λ_max = {rate:.3g} exceeds RK4's limit {limit:.3f}, the simulation "
            f"will diverge once these joints move: use integrator 'semi_implicit_euler' (damping "
            f"implicit) or a step below {dt * limit / rate:.3g} s"
        )
        self.notes.append(note)
        _log.warning("mujoco plant: %s", note)
