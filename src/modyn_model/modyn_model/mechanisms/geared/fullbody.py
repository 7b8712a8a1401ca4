"""The full-body reference of a geared mechanism: every gear, shaft and rotor a rigid body.

This is the "every gear a rigid body coupled by constraints" model of issue 16's acceptance,
against which the virtual-link model (:mod:`.model`, note §1.5-§1.6) is checked. It uses none of
the virtual-link formulas: each secondary link j (note §1.1) becomes a body of its own and the
existing tree algorithms do the rest.

The tree
--------
The primary URDF (the EOLC, primary-link inertials only, note §2.7 "primary links alone") is
kept as it is; for each secondary link j a link named ``j`` is added, child of its carrier
link i(j) through a ``continuous`` joint ``<j>_spin``:

* joint origin = ``origin`` (the on-axis centre of mass, in the carrier's URDF link frame, m),
  no rotation, axis = the unit spin axis ``e_j`` (carrier frame);
* the link's inertial: mass m_j, centre of mass at the link origin, and the axisymmetric
  tensor about it (note §1.5, the full tensor, axial moment included)::

      I_j = I_axial e_j e_jᵀ + I_transverse (1 − e_j e_jᵀ)          (kg·m²)

  which the spin about e_j leaves unchanged (so it is the same in the carrier's axes at any
  spin angle).

The joint angle of ``<j>_spin`` is q_{j,i(j)}, the spin of j relative to its carrier (note
Eq. (11)); the transmission (note Eqs. (9)-(12), (27)-(30)) makes it linear in the joint rates,
q̇_{j,i(j)} = b_jᵀ Θ̇ with b_j the j-th column of B (n × n_s). Integrated with zero offsets::

    q_f = [Θ; Bᵀ Θ] = G Θ,        G = [I_n; Bᵀ]        (rows permuted to the full tree's joint order)

and :class:`~modyn_model.mechanisms.coupled.CoupledJointsModel` gives M = Gᵀ M_f G,
H = Gᵀ H_f(G Θ, G Θ̇), g = Gᵀ g_f, Γ = Gᵀ Γ_f, C = Gᵀ C_f G, exact for constant G (its module
docstring). Kinetic energy of a secondary link: ½ ω_jᵀ I_j ω_j + ½ m_j |v_j|² with
ω_j = ω_i + q̇_{j,i} e_j, which is what note Eq. (14) splits into the virtual-link part and
K_{j/i}; here nothing is split.
"""

from __future__ import annotations

import os
import xml.etree.ElementTree as ET
from collections.abc import Mapping, Sequence

import numpy as np

from ...errors import DescriptionError, StateError
from ...urdf import read_urdf_text

__all__ = ["SPIN_SUFFIX", "axisymmetric_inertia", "fullbody_model", "fullbody_urdf"]

#: suffix of the continuous joint that carries a secondary link (joint ``<name>_spin``)
SPIN_SUFFIX = "_spin"

_FIELDS = ("carrier", "axis", "origin", "mass", "I_axial", "I_transverse")


def _get(sec, field: str, name: str, where: str):
    value = sec.get(field) if isinstance(sec, Mapping) else getattr(sec, field, None)
    if value is None:
        raise DescriptionError(f"{where}: secondary link '{name}' has no field '{field}'")
    return value


def _secondary_list(secondaries, where: str) -> list[dict]:
    """Normalize ``secondaries`` (mapping name → fields, or a sequence of objects/mappings with
    a ``name``) into dicts with checked, float-valued fields."""
    if isinstance(secondaries, Mapping):
        items = [(str(k), v) for k, v in secondaries.items()]
    else:
        items = []
        for s in secondaries:
            name = s.get("name") if isinstance(s, Mapping) else getattr(s, "name", None)
            if name is None:
                raise DescriptionError(f"{where}: a secondary link has no 'name': {s!r}")
            items.append((str(name), s))
    out = []
    for name, s in items:
        d = {f: _get(s, f, name, where) for f in _FIELDS}
        axis = np.asarray(d["axis"], dtype=float)
        origin = np.asarray(d["origin"], dtype=float)
        if axis.shape != (3,) or not np.isfinite(axis).all() or np.linalg.norm(axis) < 1e-12:
            raise DescriptionError(
                f"{where}: secondary link '{name}': axis must be 3 finite numbers, not zero, "
                f"got {d['axis']!r}"
            )
        if origin.shape != (3,) or not np.isfinite(origin).all():
            raise DescriptionError(
                f"{where}: secondary link '{name}': origin must be 3 finite numbers, got "
                f"{d['origin']!r}"
            )
        nums = {}
        for f in ("mass", "I_axial", "I_transverse"):
            try:
                nums[f] = float(d[f])
            except (TypeError, ValueError):
                nums[f] = float("nan")
            if not np.isfinite(nums[f]) or nums[f] < 0.0:
                raise DescriptionError(
                    f"{where}: secondary link '{name}': {f} must be a finite number >= 0, got "
                    f"{d[f]!r}"
                )
        out.append(
            {
                "name": name,
                "carrier": str(d["carrier"]),
                "axis": axis / np.linalg.norm(axis),
                "origin": origin,
                **nums,
            }
        )
    return out


def axisymmetric_inertia(axis, I_axial: float, I_transverse: float) -> np.ndarray:  # noqa: N803
    """I = I_axial e eᵀ + I_transverse (1 − e eᵀ) (3, 3) (kg·m²), e = axis/|axis| (note §1.5)."""
    e = np.asarray(axis, dtype=float)
    e = e / np.linalg.norm(e)
    ee = np.outer(e, e)
    return I_axial * ee + I_transverse * (np.eye(3) - ee)


def _r(x: float) -> str:
    return repr(float(x))


def _build(primary_urdf, secondaries, B, joint_names):  # noqa: N803
    """(exact URDF, placeholder URDF, G, coordinate names, secondary dicts): the placeholder text
    has an isotropic tensor on each secondary link (see :func:`fullbody_model`)."""
    from ...model import RobotModel

    text, where = read_urdf_text(primary_urdf)
    secs = _secondary_list(secondaries, where)
    try:
        robot = ET.fromstring(text)
    except ET.ParseError as exc:
        raise DescriptionError(f"{where}: malformed XML: {exc}") from exc
    primary = RobotModel.from_urdf(text, mimic="error")
    names = tuple(primary.joint_names) if joint_names is None else tuple(joint_names)
    if sorted(names) != sorted(primary.joint_names):
        raise DescriptionError(
            f"{where}: joint_names {list(names)} are not the moving joints "
            f"{list(primary.joint_names)} of the description"
        )
    n, ns = len(names), len(secs)
    b = np.asarray(B, dtype=float)
    if b.shape != (n, ns) or not np.isfinite(b).all():
        raise DescriptionError(
            f"{where}: B must be finite with shape ({n}, {ns}) (joints {list(names)} x "
            f"secondary links {[s['name'] for s in secs]}), got shape {b.shape}"
        )
    links = {e.get("name") for e in robot.findall("link")}
    joints = {e.get("name") for e in robot.findall("joint")}
    placeholders = []
    for s in secs:
        jname = s["name"] + SPIN_SUFFIX
        if s["carrier"] not in links:
            raise DescriptionError(
                f"{where}: secondary link '{s['name']}': carrier '{s['carrier']}' is not a link "
                f"of the description ({sorted(links)})"
            )
        if s["name"] in links or jname in joints:
            raise DescriptionError(
                f"{where}: secondary link '{s['name']}' clashes with a link '{s['name']}' or "
                f"joint '{jname}' of the description"
            )
        links.add(s["name"])
        joints.add(jname)
        link = ET.SubElement(robot, "link", name=s["name"])
        inertial = ET.SubElement(link, "inertial")
        ET.SubElement(inertial, "origin", xyz="0 0 0", rpy="0 0 0")
        ET.SubElement(inertial, "mass", value=_r(s["mass"]))
        inertia = axisymmetric_inertia(s["axis"], s["I_axial"], s["I_transverse"])
        keys = ("ixx", "ixy", "ixz", "iyy", "iyz", "izz")
        idx = ((0, 0), (0, 1), (0, 2), (1, 1), (1, 2), (2, 2))
        element = ET.SubElement(
            inertial, "inertia", {k: _r(inertia[i]) for k, i in zip(keys, idx, strict=True)}
        )
        iso = max(s["I_axial"], s["I_transverse"])
        placeholders.append(
            (element, {k: _r(iso if i[0] == i[1] else 0.0) for k, i in zip(keys, idx, strict=True)})
        )
        joint = ET.SubElement(robot, "joint", name=jname, type="continuous")
        ET.SubElement(joint, "parent", link=s["carrier"])
        ET.SubElement(joint, "child", link=s["name"])
        ET.SubElement(joint, "origin", xyz=" ".join(_r(x) for x in s["origin"]), rpy="0 0 0")
        ET.SubElement(joint, "axis", xyz=" ".join(_r(x) for x in s["axis"]))
    exact = ET.tostring(robot, encoding="unicode")
    for element, attrs in placeholders:
        element.attrib.update(attrs)
    placeholder = ET.tostring(robot, encoding="unicode")
    full = RobotModel.from_urdf(placeholder, mimic="error")
    row = {name: r for r, name in enumerate(full.joint_names)}
    g = np.zeros((n + ns, n))
    for c, name in enumerate(names):
        g[row[name], c] = 1.0
    for j, s in enumerate(secs):
        g[row[s["name"] + SPIN_SUFFIX]] = b[:, j]
    return exact, placeholder, g, names, secs


def fullbody_urdf(
    primary_urdf: str | os.PathLike,
    secondaries,
    B,  # noqa: N803
    *,
    joint_names: Sequence[str] | None = None,
) -> tuple[str, np.ndarray]:
    """The full-body URDF of a geared mechanism and its coupling matrix G (module docstring).

    Parameters
    ----------
    primary_urdf : path or str
        The EOLC description (URDF/xacro path or URDF text), primary-link inertials only.
    secondaries : mapping or sequence
        Secondary links: name → {carrier, axis, origin, mass, I_axial, I_transverse}, or a
        sequence of objects/mappings with those fields and a ``name`` (e.g. the core's
        ``SecondaryLink``). ``axis``/``origin`` in the carrier's URDF link frame (-, m), mass
        (kg), inertias about the centre of mass (kg·m²).
    B : (n, n_s) array_like
        Transmission coefficients (note Eq. (11)): column j = b_j, q̇_{j,i(j)} = b_jᵀ Θ̇, in the
        order of ``secondaries``; rows in the order of ``joint_names``.
    joint_names : sequence of str, optional
        The coordinates Θ (default: the primary model's joints, in its order).

    Returns
    -------
    urdf : str
        The full-body URDF text (secondary links as ``continuous`` joints ``<name>_spin``), with
        the exact tensors I_j (which may be non-physical, see :func:`fullbody_model`).
    G : (n + n_s, n) ndarray
        q_f = G Θ with the rows in the order of the full tree's moving joints (the order of
        ``fullbody_model(...).full_model.joint_names``), i.e. [I; Bᵀ] permuted.

    Raises
    ------
    DescriptionError
        Unknown carrier link, a secondary name clashing with a link or joint, bad fields, B of
        the wrong shape.
    """
    exact, _, g, _, _ = _build(primary_urdf, secondaries, B, joint_names)
    return exact, g


def fullbody_model(
    primary_urdf: str | os.PathLike,
    secondaries,
    B,  # noqa: N803
    *,
    joint_names: Sequence[str] | None = None,
    gravity: Sequence[float] = (0.0, 0.0, -9.81),
):
    """The full-body model: a :class:`~modyn_model.mechanisms.coupled.CoupledJointsModel` over
    the tree of :func:`fullbody_urdf` with q_f = G Θ (arguments as there; ``gravity`` in the
    root frame, m/s²). Its coordinates are ``joint_names`` (nq = nv = nu = n, S = I: it is the
    reference for the joint-space dynamics, not a motor-space model).

    The secondary links' inertial parameters are set with ``RobotModel.with_parameters``
    ([I_xx I_xy I_xz I_yy I_yz I_zz 0 0 0 m] about the link origin = centre of mass), not
    read from the URDF text: modyn's URDF reader refuses a tensor that violates the triangle
    inequality I1 + I2 >= I3, and a rotor idealised as in note §2.7 (I_axial = 2e-2 with
    I_transverse = 1.2e-4: no rigid body has it) does. The dynamics are those of the tensor
    as given; the tree is parsed from a copy with an isotropic placeholder tensor.
    """
    from ...model import RobotModel
    from ..coupled import CoupledJointsModel

    _, placeholder, g, names, secs = _build(primary_urdf, secondaries, B, joint_names)
    full = RobotModel.from_urdf(placeholder, mimic="error", gravity=gravity)
    params = np.array(full.inertial_parameters, dtype=float)
    for s in secs:
        j = full.link_names.index(s["name"])
        inertia = axisymmetric_inertia(s["axis"], s["I_axial"], s["I_transverse"])
        params[j] = [
            inertia[0, 0],
            inertia[0, 1],
            inertia[0, 2],
            inertia[1, 1],
            inertia[1, 2],
            inertia[2, 2],
            0.0,
            0.0,
            0.0,
            s["mass"],
        ]
    full = full.with_parameters(inertial_parameters=params)
    if g.shape[0] != full.nv:  # pragma: no cover - one text gave both
        raise StateError(f"{full.source}: G has {g.shape[0]} rows for {full.nv} joints")
    return CoupledJointsModel(full, names, g)
