"""MJCF text writing shared by the mechanisms' MuJoCo exports (pure text: no MuJoCo needed).

The geared export (:mod:`modyn_model.mechanisms.geared.export`, the virtual chain plus spin
tendons) and the elastic-joint export (:mod:`modyn_model.mechanisms.elastic.export`, the link
tree plus rotor joints and spring tendons) write the same serial link tree; this module writes
it once, and the small elements both add (joints, fixed tendons, motors).

The link tree (:func:`link_tree`)
---------------------------------
For each moving joint j of a :class:`~modyn_model.RobotModel` (parents before children), a
``<body>`` named ``link_names[j]`` inside its parent's body (the ``<worldbody>`` for the root's
children) with

* ``pos`` = the joint origin p_j and ``quat`` = the quaternion (w, x, y, z) of the joint
  rotation R_j, both in the parent link's frame at q = 0: MuJoCo's body frame is then the link
  frame of modyn (and Pinocchio), so a body's ``xpos``/``xmat`` are the link's placement;
* ``<inertial>``: mass m, centre of mass c (link frame) and ``fullinertia`` the tensor about c
  in link axes (Ixx Iyy Izz Ixy Ixz Iyz), from the standard parameters by
  :func:`~modyn_model.inertia.com_parameters` (I_c = I_O − m (|c|² 1 − c cᵀ)); a massless link
  gets none (MuJoCo then refuses it on a moving joint: the caller's business);
* ``<joint>``: ``hinge`` (σ = 0) or ``slide`` (σ = 1) along the joint axis (link frame),
  ``armature`` = rotor inertia Ia (MuJoCo adds it to the diagonal of its mass matrix, as modyn
  adds Ia to A_jj, Khalil [7.29]), ``damping`` = Fv and ``frictionloss`` = Fc, and
  ``limited``/``range`` when both position limits are finite;
* each other frame of the model (``model.frames``: the fixed links such as ``tool0``, the root
  ``base``), a massless ``<site>`` of its name on its body (the ``<worldbody>`` for a frame on the
  fixed base) at ^bP_f with the quaternion of ^bR_f: it changes no dynamics and gives MuJoCo the
  frame (``site_xpos``/``site_xmat`` = modyn's frame placement; a MuJoCo plant's push target).

Numbers are written with ``repr(float(x))`` (:func:`number`): the shortest text that reads back
as the same double, so the MJCF carries the model's values exactly.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterable

import numpy as np

__all__ = [
    "fixed_tendon",
    "joint_element",
    "link_tree",
    "mjcf_document",
    "motor",
    "number",
    "numbers",
    "to_text",
]

#: ``fullinertia`` order of MuJoCo: Ixx Iyy Izz Ixy Ixz Iyz
_FULLINERTIA = ((0, 0), (1, 1), (2, 2), (0, 1), (0, 2), (1, 2))


def number(x: float) -> str:
    """``x`` as the shortest text that reads back as the same double."""
    return repr(float(x))


def numbers(xs: Iterable[float]) -> str:
    """Space-separated :func:`number` of each element (an MJCF vector attribute)."""
    return " ".join(number(x) for x in xs)


def mjcf_document(name: str, gravity: Iterable[float]) -> tuple[ET.Element, ET.Element]:
    """A ``<mujoco model=name>`` root with radians, the inertias exactly as given (no
    balancing, none computed from geometry), ``<option gravity>`` (m/s², world = root frame),
    and its ``<worldbody>``; returns (root, worldbody)."""
    root = ET.Element("mujoco", model=name)
    ET.SubElement(root, "compiler", angle="radian", balanceinertia="false", inertiafromgeom="false")
    ET.SubElement(root, "option", gravity=numbers(gravity))
    return root, ET.SubElement(root, "worldbody")


def joint_element(
    body: ET.Element,
    name: str,
    sigma: int,
    axis: Iterable[float],
    *,
    armature: float,
    damping: float,
    frictionloss: float,
    lower: float = -np.inf,
    upper: float = np.inf,
) -> ET.Element:
    """A ``<joint>`` in ``body``: hinge (σ = 0, rad) or slide (σ = 1, m) along ``axis`` (body
    frame), with ``armature`` (kg·m² / kg), ``damping`` (Fv, N·m·s/rad / N·s/m) and
    ``frictionloss`` (Fc, N·m / N); a ``range`` when both limits are finite."""
    attrs = {
        "name": name,
        "type": "slide" if sigma == 1 else "hinge",
        "axis": numbers(axis),
        "armature": number(armature),
        "damping": number(damping),
        "frictionloss": number(frictionloss),
    }
    if np.isfinite(lower) and np.isfinite(upper):
        attrs.update(limited="true", range=f"{number(lower)} {number(upper)}")
    return ET.SubElement(body, "joint", attrs)


def link_tree(
    model,
    parent: ET.Element,
    *,
    armature: bool = True,
    friction: bool = True,
    sites: bool = True,
) -> dict[str, ET.Element]:
    """Write ``model``'s link tree (module docstring) into ``parent`` (the ``<worldbody>``).

    Parameters
    ----------
    model : RobotModel
        ``n``, ``parents``, ``link_names``, ``joint_names``, ``joint_origins``,
        ``joint_rotations``, ``inertial_parameters``, ``sigma``, ``axes``, ``armature``,
        ``viscous``, ``coulomb``, ``lower``, ``upper``.
    parent : Element
        Where the root's children go.
    armature : bool
        Write the model's rotor inertia as the joints' ``armature`` (False: 0, e.g. when the
        rotors are coordinates of their own).
    friction : bool
        Write Fv, Fc as ``damping`` / ``frictionloss`` (False: 0).
    sites : bool
        Write the model's frames that are not link bodies as ``<site>`` elements.

    Returns
    -------
    dict of str to Element
        The ``<body>`` of each link, by link name.
    """
    from .inertia import com_parameters
    from .so3 import matrix_to_quaternion

    bodies: dict[str, ET.Element] = {}
    # parents precede children in modyn's order, so a parent's body exists when its child's is
    # written; the children of one parent keep the model's order (as a recursive walk would)
    for j in range(model.n):
        p = int(model.parents[j])
        if p >= j:
            raise ValueError(
                f"model '{model.name}': joint '{model.joint_names[j]}' comes before its parent "
                f"(index {p} >= {j}); the MJCF writer needs parents first"
            )
        into = parent if p < 0 else bodies[model.link_names[p]]
        body = ET.SubElement(
            into,
            "body",
            name=model.link_names[j],
            pos=numbers(model.joint_origins[j]),
            quat=numbers(matrix_to_quaternion(model.joint_rotations[j])),
        )
        bodies[model.link_names[j]] = body
        mass, com, inertia = com_parameters(model.inertial_parameters[j])
        if mass > 0.0:
            ET.SubElement(
                body,
                "inertial",
                pos=numbers(com),
                mass=number(mass),
                fullinertia=" ".join(number(inertia[i, k]) for i, k in _FULLINERTIA),
            )
        joint_element(
            body,
            model.joint_names[j],
            model.sigma[j],
            model.axes[j],
            armature=model.armature[j] if armature else 0.0,
            damping=model.viscous[j] if friction else 0.0,
            frictionloss=model.coulomb[j] if friction else 0.0,
            lower=model.lower[j],
            upper=model.upper[j],
        )
    for name, frame in getattr(model, "frames", {}).items() if sites else ():
        if name in bodies:
            continue
        ET.SubElement(
            parent if frame.body < 0 else bodies[model.link_names[frame.body]],
            "site",
            name=name,
            pos=numbers(frame.translation),
            quat=numbers(matrix_to_quaternion(frame.rotation)),
        )
    return bodies


def fixed_tendon(
    parent: ET.Element, name: str, terms: Iterable[tuple[str, float]], **attrs: str
) -> ET.Element:
    """A ``<fixed>`` tendon in ``parent`` (the ``<tendon>`` section) of length Σ coef·q_joint
    over ``terms`` (joint name, coef); ``attrs`` (already text) on the tendon, in order."""
    fixed = ET.SubElement(parent, "fixed", name=name, **attrs)
    for joint, coef in terms:
        ET.SubElement(fixed, "joint", joint=joint, coef=number(coef))
    return fixed


def motor(
    parent: ET.Element,
    name: str,
    gear: float,
    limit: float | None = None,
    *,
    joint: str | None = None,
    tendon: str | None = None,
) -> ET.Element:
    """A ``motor`` actuator in ``parent`` (the ``<actuator>`` section) on ``joint`` or
    ``tendon`` with ``gear`` (its force on the transmission is gear·ctrl) and, with ``limit``
    (N·m / N, > 0), ``forcerange`` ±limit."""
    if (joint is None) == (tendon is None):
        raise ValueError(f"motor '{name}': give exactly one of joint, tendon")
    attrs = {"name": name}
    attrs.update({"joint": joint} if joint is not None else {"tendon": tendon})
    attrs["gear"] = number(gear)
    if limit is not None:
        attrs.update(forcelimited="true", forcerange=f"{number(-limit)} {number(limit)}")
    return ET.SubElement(parent, "motor", attrs)


def to_text(root: ET.Element) -> str:
    """The document as indented MJCF text (ending with a newline)."""
    ET.indent(root, space="  ")
    return ET.tostring(root, encoding="unicode") + "\n"
