"""Export a geared mechanism to other tools: ros2_control transmissions and MuJoCo tendons.

Both keep only part of the model of note §1.6-§1.7 (note §3.2-§3.3); what they drop is said
here, in the docstrings and (MuJoCo) in a warning.

ros2_control ``<transmission>`` (note §3.2)
-------------------------------------------
The structure matrix A (n × n, note Eq. (12)/(45)) maps motor torques to joint torques and joint
velocities to motor velocities, τ = A ξ, φ̇ = Aᵀ Θ̇. ros2_control's transmissions are static maps
of the same kind, one ``<transmission>`` per group of joints and actuators that A couples (the
connected components of A's non-zero pattern, each square for an invertible A):

* ``transmission_interface/SimpleTransmission`` (1 joint, 1 actuator, A = [n]): the joint's
  ``mechanical_reduction`` n and ``offset`` θ_off; ros2_control computes the actuator position
  n (θ − θ_off), velocity n θ̇ and the joint effort n ξ: exactly φ = Aᵀ (θ − θ_off), τ = A ξ.
* ``transmission_interface/DifferentialTransmission`` (2 × 2): ros2_control's effort map is
  τ = diag(jr) [[1, 1], [1, −1]] diag(ar) ξ and its position map φ = Aᵀ (θ − θ_off) with the same
  A = [[jr1 ar1, jr1 ar2], [jr2 ar1, −jr2 ar2]]; a 2 × 2 block with no zero entry is of this form
  iff A11 A22 + A12 A21 = 0 (then ar1 = 1, jr1 = A11, jr2 = A21, ar2 = A12 / A11).
* anything else (the paper's 3 × 3 upper-triangular A, a 2 × 2 block with a zero or without the
  differential's sign pattern): ``modyn/LinearCouplingTransmission`` with the block as
  ``<param name="structure_matrix">`` (row-major, rows = the joints in role order, columns = the
  actuators in role order) and ``rows``/``cols``; joint offsets as for the others. **ros2_control
  has no such plugin**: a ``transmission_interface::Transmission`` plugin with its
  ``TransmissionLoader`` must be provided on the ros2_control side (φ = Aᵀ (θ − θ_off),
  φ̇ = Aᵀ θ̇, τ = A ξ and the inverses; ξ = A⁻¹ τ).

All of them are kinematic/effort maps only: no rotor inertia, no coupling (note §3.2).

Offsets: ros2_control's are joint offsets θ_off (φ = Aᵀ (θ − θ_off)). A motor offset φ0 in
φ = Aᵀ θ + φ0 (the geared model's ``actuator_state``) is θ_off = −A⁻ᵀ φ0.

MuJoCo (note §3.3)
------------------
:func:`mujoco_mjcf` writes the virtual chain (note §1.5: each secondary link merged into its
carrier, :func:`virtual_urdf`) as an MJCF body tree (pure text: modyn_model needs no MuJoCo;
the MuJoCo plant of modyn_hardware loads URDFs instead), plus

* one fixed tendon ``<secondary>_spin`` per secondary link j, length Σ_k b_{j,k} θ_k (coef b_j),
  with tendon ``armature`` I_j (its axial inertia): MuJoCo adds I_j J_tᵀ J_t = I_j b_j b_jᵀ to
  its mass matrix, the rotor's reflected inertia, coupled (note §3.3);
* one ``motor`` actuator per motor on a fixed tendon, so that qfrc_actuator = A ξ: on the rotor's
  spin tendon with gear γ when A's column is γ b_rotor (a motor whose stator is its rotor's
  carrier: γ = 1), else on a tendon ``<actuator>_drive`` with coef A[:, k] and gear 1.

MuJoCo's model is then M_v + Σ_j I_j b_j b_jᵀ with bias C_v + g: it **drops** the gyroscopic
terms of note §1.6, I_j (a_j b_jᵀ + b_j a_jᵀ) in M (a_j = J_ω,iᵀ e_j, the carrier's rate about
the spin axis) and C_s entirely. :func:`mujoco_mjcf` says so with a :class:`UserWarning`.
Tendon ``armature`` is a recent MuJoCo attribute (``MjModel.tendon_armature``); the export is
checked against MuJoCo 4.0.0 in ``src/modyn_hardware/test/test_geared_mujoco_export.py``.
"""

from __future__ import annotations

import os
import warnings
import xml.etree.ElementTree as ET
from collections.abc import Mapping, Sequence

import numpy as np

from ...errors import DescriptionError, StateError
from ...mjcf import fixed_tendon, link_tree, mjcf_document, motor, to_text
from ...mjcf import number as _r
from ...urdf import read_urdf_text
from .fullbody import _secondary_list, axisymmetric_inertia

__all__ = [
    "DIFFERENTIAL",
    "GYROSCOPIC_WARNING",
    "LINEAR_COUPLING",
    "SIMPLE",
    "mujoco_mjcf",
    "ros2_control_transmission_xml",
    "virtual_urdf",
]

SIMPLE = "transmission_interface/SimpleTransmission"
DIFFERENTIAL = "transmission_interface/DifferentialTransmission"
#: the generic coupling plugin (not part of ros2_control: it must be provided, module docstring)
LINEAR_COUPLING = "modyn/LinearCouplingTransmission"
#: what MuJoCo's tendon model leaves out (the text of mujoco_mjcf's warning)
GYROSCOPIC_WARNING = (
    "MuJoCo model of a geared mechanism: fixed tendons with armature give M_v + Σ I_j b_j b_jᵀ "
    "only; MuJoCo drops the gyroscopic rotor terms I_j (a_j b_jᵀ + b_j a_jᵀ) of the mass matrix "
    "and the rotor Coriolis/gyroscopic forces C_s (note §1.6, §3.3)"
)
#: |A11 A22 + A12 A21| / max|A_ij|² below which a 2 × 2 block is a differential
_DIFFERENTIAL_TOL = 1e-12


def _matrix_of(transmission) -> np.ndarray:
    """A from an array or an object with a structure matrix (``A`` / ``structure_matrix``)."""
    for attr in ("A", "structure_matrix"):
        if hasattr(transmission, attr):
            return np.asarray(getattr(transmission, attr), dtype=float)
    return np.asarray(transmission, dtype=float)


def _components(a: np.ndarray) -> list[tuple[list[int], list[int]]]:
    """Connected components (joints, actuators) of A's non-zero pattern, joints/actuators
    sorted; in the order of their first joint."""
    n, m = a.shape
    seen_j, seen_a = set(), set()
    out = []
    for start in range(n):
        if start in seen_j:
            continue
        joints, acts, stack = {start}, set(), [("j", start)]
        while stack:
            kind, i = stack.pop()
            if kind == "j":
                for k in np.flatnonzero(a[i]):
                    if int(k) not in acts:
                        acts.add(int(k))
                        stack.append(("a", int(k)))
            else:
                for r in np.flatnonzero(a[:, i]):
                    if int(r) not in joints:
                        joints.add(int(r))
                        stack.append(("j", int(r)))
        seen_j |= joints
        seen_a |= acts
        out.append((sorted(joints), sorted(acts)))
    unused = sorted(set(range(m)) - seen_a)
    if unused:
        out.append(([], unused))
    return out


def ros2_control_transmission_xml(
    transmission,
    joint_names: Sequence[str],
    actuator_names: Sequence[str],
    offsets: Sequence[float] | None = None,
    *,
    actuator_offsets: Sequence[float] | None = None,
    prefix: str = "",
) -> str:
    """The ``<transmission>`` elements (for a ``<ros2_control>`` tag) of structure matrix A.

    Parameters
    ----------
    transmission : (n, n) array_like or object
        A (τ = A ξ, φ̇ = Aᵀ Θ̇; note Eq. (12)), or an object with an ``A`` or
        ``structure_matrix`` attribute (the geared model's transmission structure).
    joint_names, actuator_names : sequence of str
        Rows (joints) and columns (actuators) of A.
    offsets : (n,) array_like, optional
        Joint offsets θ_off (rad), ros2_control's: φ = Aᵀ (θ − θ_off). Default 0.
    actuator_offsets : (n,) array_like, optional
        Motor offsets φ0 (rad) of φ = Aᵀ θ + φ0 instead: θ_off = −A⁻ᵀ φ0.
    prefix : str
        Prefix of the transmission names (``<prefix><first joint>_transmission``).

    Returns
    -------
    str
        The ``<transmission>`` elements, one per coupled group (module docstring), in the
        order of their first joint; roles ``joint1..``/``actuator1..`` in index order.

    Raises
    ------
    StateError
        A not square and finite, names of the wrong length, A singular, a group that is not
        square (naming its joints and actuators), both kinds of offsets.
    """
    a = _matrix_of(transmission)
    joints, acts = tuple(map(str, joint_names)), tuple(map(str, actuator_names))
    n = len(joints)
    if a.shape != (n, len(acts)) or n != len(acts) or not np.isfinite(a).all():
        raise StateError(
            f"ros2_control transmission: A must be a finite square matrix of shape "
            f"({n}, {len(acts)}) (joints {list(joints)} x actuators {list(acts)}), got shape "
            f"{a.shape}"
        )
    if np.linalg.matrix_rank(a) < n:
        raise StateError(
            f"ros2_control transmission: A is singular (rank {np.linalg.matrix_rank(a)} < {n}); "
            f"joints {list(joints)}, actuators {list(acts)}"
        )
    if offsets is not None and actuator_offsets is not None:
        raise StateError("ros2_control transmission: give offsets or actuator_offsets, not both")
    if actuator_offsets is not None:
        phi0 = np.asarray(actuator_offsets, dtype=float)
        if phi0.shape != (n,) or not np.isfinite(phi0).all():
            raise StateError(
                f"ros2_control transmission: actuator_offsets must be {n} finite numbers "
                f"({list(acts)}), got {actuator_offsets!r}"
            )
        off = -np.linalg.solve(a.T, phi0)
    else:
        off = np.zeros(n) if offsets is None else np.asarray(offsets, dtype=float)
        if off.shape != (n,) or not np.isfinite(off).all():
            raise StateError(
                f"ros2_control transmission: offsets must be {n} finite numbers ({list(joints)}), "
                f"got {offsets!r}"
            )
    out = []
    for rows, cols in _components(a):
        if len(rows) != len(cols):  # pragma: no cover - impossible for a non-singular A
            raise StateError(
                f"ros2_control transmission: joints {[joints[r] for r in rows]} and actuators "
                f"{[acts[c] for c in cols]} form a group that is not square"
            )
        block = a[np.ix_(rows, cols)]
        element = ET.Element("transmission", name=f"{prefix}{joints[rows[0]]}_transmission")
        jred: list[float | None] = [None] * len(rows)
        ared: list[float | None] = [None] * len(cols)
        params: dict[str, str] = {}
        scale = np.abs(block).max()
        if block.shape == (1, 1):
            plugin, jred = SIMPLE, [block[0, 0]]
        elif (
            block.shape == (2, 2)
            and np.all(block != 0.0)
            and abs(block[0, 0] * block[1, 1] + block[0, 1] * block[1, 0])
            <= _DIFFERENTIAL_TOL * scale * scale
        ):
            plugin = DIFFERENTIAL
            jred = [block[0, 0], block[1, 0]]
            ared = [1.0, block[0, 1] / block[0, 0]]
        else:
            plugin = LINEAR_COUPLING
            params = {
                "rows": str(len(rows)),
                "cols": str(len(cols)),
                "structure_matrix": " ".join(_r(x) for x in block.ravel()),
            }
        ET.SubElement(element, "plugin").text = plugin
        for k, (c, red) in enumerate(zip(cols, ared, strict=True), start=1):
            act = ET.SubElement(element, "actuator", name=acts[c], role=f"actuator{k}")
            if red is not None:
                ET.SubElement(act, "mechanical_reduction").text = _r(red)
        for k, (r, red) in enumerate(zip(rows, jred, strict=True), start=1):
            joint = ET.SubElement(element, "joint", name=joints[r], role=f"joint{k}")
            if red is not None:
                ET.SubElement(joint, "mechanical_reduction").text = _r(red)
            ET.SubElement(joint, "offset").text = _r(off[r])
        for key, value in params.items():
            ET.SubElement(element, "param", name=key).text = value
        ET.indent(element, space="  ")
        out.append(ET.tostring(element, encoding="unicode"))
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------------------------- MuJoCo
def _inertial_of(link: ET.Element) -> tuple[float, np.ndarray, np.ndarray]:
    """(mass, COM, tensor about the COM in link axes) of a URDF link (zeros without one)."""
    from ...spatial import rpy_matrix

    inertial = link.find("inertial")
    if inertial is None:
        return 0.0, np.zeros(3), np.zeros((3, 3))
    mass_el = inertial.find("mass")
    mass = float(mass_el.get("value", "0")) if mass_el is not None else 0.0
    origin = inertial.find("origin")
    xyz = np.zeros(3)
    rot = np.eye(3)
    if origin is not None:
        xyz = np.array([float(x) for x in origin.get("xyz", "0 0 0").split()])
        rot = rpy_matrix(np.array([float(x) for x in origin.get("rpy", "0 0 0").split()]))
    i = inertial.find("inertia")
    tensor = np.zeros((3, 3))
    if i is not None:
        v = {k: float(i.get(k, "0")) for k in ("ixx", "ixy", "ixz", "iyy", "iyz", "izz")}
        tensor = np.array(
            [
                [v["ixx"], v["ixy"], v["ixz"]],
                [v["ixy"], v["iyy"], v["iyz"]],
                [v["ixz"], v["iyz"], v["izz"]],
            ]
        )
    return mass, xyz, rot @ tensor @ rot.T


def virtual_urdf(primary_urdf: str | os.PathLike, secondaries) -> str:
    """The virtual chain of note §1.5 as URDF: each secondary link merged into its carrier's
    ``<inertial>`` (full axisymmetric tensor, axial moment included)::

        m* = m_i + Σ m_j,   c* = (m_i c_i + Σ m_j c_j) / m*,
        I* = Σ_parts [I_part + m_part (|d|² 1 − d dᵀ)],  d = c_part − c*      (carrier axes)

    The rest of the description is unchanged. (Secondary links carried by the fixed base merge
    into it and so drop out of the dynamics, note §1.5.)"""
    text, where = read_urdf_text(primary_urdf)
    secs = _secondary_list(secondaries, where)
    try:
        robot = ET.fromstring(text)
    except ET.ParseError as exc:
        raise DescriptionError(f"{where}: malformed XML: {exc}") from exc
    links = {e.get("name"): e for e in robot.findall("link")}
    parts: dict[str, list] = {}
    for s in secs:
        if s["carrier"] not in links:
            raise DescriptionError(
                f"{where}: secondary link '{s['name']}': carrier '{s['carrier']}' is not a link "
                f"of the description ({sorted(links)})"
            )
        parts.setdefault(s["carrier"], []).append(
            (
                s["mass"],
                s["origin"],
                axisymmetric_inertia(s["axis"], s["I_axial"], s["I_transverse"]),
            )
        )
    for name, extra in parts.items():
        link = links[name]
        own = _inertial_of(link)
        bodies = ([own] if own[0] > 0.0 else []) + extra
        mass = sum(m for m, _, _ in bodies)
        com = sum(m * c for m, c, _ in bodies) / mass if mass > 0.0 else np.zeros(3)
        tensor = np.zeros((3, 3))
        for m, c, i in bodies:
            d = np.asarray(c, dtype=float) - com
            tensor += i + m * (d @ d * np.eye(3) - np.outer(d, d))
        for old in link.findall("inertial"):
            link.remove(old)
        inertial = ET.SubElement(link, "inertial")
        ET.SubElement(inertial, "origin", xyz=" ".join(_r(x) for x in com), rpy="0 0 0")
        ET.SubElement(inertial, "mass", value=_r(mass))
        ET.SubElement(
            inertial,
            "inertia",
            ixx=_r(tensor[0, 0]),
            ixy=_r(tensor[0, 1]),
            ixz=_r(tensor[0, 2]),
            iyy=_r(tensor[1, 1]),
            iyz=_r(tensor[1, 2]),
            izz=_r(tensor[2, 2]),
        )
    return ET.tostring(robot, encoding="unicode")


def _actuator_list(actuator_names, rotors, m: int) -> tuple[list[str], list[str | None]]:
    names = [str(x) for x in actuator_names]
    if len(names) != m:
        raise StateError(f"mujoco export: {m} columns of A but actuator names {names}")
    if rotors is None:
        return names, [None] * m
    if isinstance(rotors, Mapping):
        return names, [None if rotors.get(k) is None else str(rotors[k]) for k in names]
    rot = [None if r is None else str(r) for r in rotors]
    if len(rot) != m:
        raise StateError(f"mujoco export: rotors {rot} must have one entry per actuator {names}")
    return names, rot


def mujoco_mjcf(
    primary_urdf: str | os.PathLike,
    secondaries,
    B,  # noqa: N803
    A,  # noqa: N803
    actuator_names: Sequence[str],
    *,
    rotors: Sequence[str | None] | Mapping[str, str] | None = None,
    joint_names: Sequence[str] | None = None,
    gravity: Sequence[float] = (0.0, 0.0, -9.81),
    effort_limits: Sequence[float] | None = None,
) -> str:
    """MJCF text of the geared mechanism with rotor tendons (module docstring, note §3.3).

    The virtual chain (:func:`virtual_urdf`, loaded as a modyn tree: fixed links lumped into
    their moving body) is written body by body (``pos``/``quat`` = the joint frame at q = 0,
    ``inertial`` with ``fullinertia`` about the centre of mass, hinge/slide joint along the
    joint axis, the joint's rotor inertia/damping/Coulomb friction as ``armature``/``damping``/
    ``frictionloss``, finite limits as ``range``); ``<compiler angle="radian"
    balanceinertia="false" inertiafromgeom="false"/>`` so that MuJoCo uses these inertias as
    given; no geometry (no contacts). Then the spin tendons and the motors.

    Parameters
    ----------
    primary_urdf : path or str
        The EOLC description (primary-link inertials only).
    secondaries : mapping or sequence
        As :func:`~.fullbody.fullbody_urdf` (name, carrier, axis, origin, mass, I_axial,
        I_transverse).
    B : (n, n_s) array_like
        Transmission coefficients, column j = b_j (rows = ``joint_names``).
    A : (n, nu) array_like
        Structure matrix, τ = A ξ (rows = ``joint_names``, columns = ``actuator_names``).
    actuator_names : sequence of str
    rotors : sequence or mapping, optional
        Each actuator's rotor (a secondary link name): the motor then acts on that spin tendon
        (gear γ) when A's column is γ b_rotor; otherwise, and without ``rotors``, on a tendon
        ``<actuator>_drive`` with coef A[:, k].
    joint_names : sequence of str, optional
        The coordinates (default: the primary model's joints in its order).
    gravity : (3,)
        m/s², root frame (``<option gravity>``).
    effort_limits : (nu,) array_like, optional
        Motor torque limits (N·m): the actuators' ``forcerange`` (``forcelimited``).

    Returns
    -------
    str
        The MJCF text (``mujoco.MjModel.from_xml_string`` loads it). Emits a
        :class:`UserWarning` (:data:`GYROSCOPIC_WARNING`): MuJoCo drops
        I_j (a_j b_jᵀ + b_j a_jᵀ) and C_s.

    Raises
    ------
    DescriptionError, StateError
        Unknown carrier or rotor, wrong shapes, an actuator reaching no joint.
    """
    from ...model import RobotModel

    text, where = read_urdf_text(primary_urdf)
    secs = _secondary_list(secondaries, where)
    virtual = RobotModel.from_urdf(virtual_urdf(text, secs), mimic="error", gravity=gravity)
    names = tuple(virtual.joint_names) if joint_names is None else tuple(joint_names)
    if sorted(names) != sorted(virtual.joint_names):
        raise DescriptionError(
            f"{where}: joint_names {list(names)} are not the moving joints "
            f"{list(virtual.joint_names)} of the description"
        )
    n, ns = len(names), len(secs)
    b = np.asarray(B, dtype=float)
    a = np.asarray(A, dtype=float)
    if b.shape != (n, ns) or not np.isfinite(b).all():
        raise DescriptionError(f"{where}: B must be finite with shape ({n}, {ns}), got {b.shape}")
    if a.ndim != 2 or a.shape[0] != n or not np.isfinite(a).all():
        raise StateError(f"mujoco export: A must be finite with {n} rows, got shape {a.shape}")
    acts, rot = _actuator_list(actuator_names, rotors, a.shape[1])
    if effort_limits is not None:
        limits = np.asarray(effort_limits, dtype=float)
        if limits.shape != (len(acts),) or not np.all(limits > 0.0):
            raise StateError(
                f"mujoco export: effort_limits must be {len(acts)} positive numbers ({acts}), "
                f"got {effort_limits!r}"
            )
    col = {s["name"]: j for j, s in enumerate(secs)}

    root, world = mjcf_document(f"{virtual.name}_geared", gravity)
    link_tree(virtual, world)
    tendons = ET.SubElement(root, "tendon")
    for j, s in enumerate(secs):
        if not np.any(b[:, j]):
            continue  # no relative spin: all of it is in the virtual link
        spin = [(names[k], b[k, j]) for k in np.flatnonzero(b[:, j])]
        fixed_tendon(tendons, s["name"] + "_spin", spin, armature=_r(s["I_axial"]))
    actuators = ET.SubElement(root, "actuator")
    for k, name in enumerate(acts):
        column, target, gear = a[:, k], None, 1.0
        r = rot[k]
        if r is not None:
            if r not in col:
                raise DescriptionError(
                    f"{where}: actuator '{name}': rotor '{r}' is not a secondary link "
                    f"({sorted(col)})"
                )
            bj = b[:, col[r]]
            if np.any(bj):
                gamma = float(bj @ column / (bj @ bj))
                if np.allclose(column, gamma * bj, rtol=0.0, atol=1e-12 * np.abs(column).max()):
                    target, gear = r + "_spin", gamma
        if target is None:
            if not np.any(column):
                raise StateError(f"mujoco export: actuator '{name}' reaches no joint (A column 0)")
            target = name + "_drive"
            drive = [(names[i], column[i]) for i in np.flatnonzero(column)]
            fixed_tendon(tendons, target, drive)
        limit = None if effort_limits is None else float(limits[k])
        motor(actuators, name, gear, limit, tendon=target)
    warnings.warn(GYROSCOPIC_WARNING, UserWarning, stacklevel=2)
    return to_text(root)
