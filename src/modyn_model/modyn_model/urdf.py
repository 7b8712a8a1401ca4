"""URDF and xacro loading (urdf-parser-py and xacro do the parsing).

What modyn needs of a description is its kinematic tree, inertias, joint limits and
``<dynamics>``. Before handing the XML to urdf-parser-py, elements modyn never uses
(``<visual>``, ``<collision>``, ``<transmission>``, ``<gazebo>``, ``<ros2_control>``,
``<material>``) are removed, and a robot without a ``name`` gets one: urdf-parser-py 0.0.4
rejects some valid files because of exactly those elements (textures, pr2's transmissions).
"""

from __future__ import annotations

import os
import xml.etree.ElementTree as ET
from collections.abc import Mapping, Sequence
from pathlib import Path

import numpy as np

from .builder import TreeBuilder
from .errors import DescriptionError, InertiaError, JointError, TopologyError, UnsupportedError
from .extras_file import load_extras
from .inertia import check_inertia, com_parameters, standard_parameters
from .joint import JointExtras
from .spatial import rpy_matrix

__all__ = ["build_from_urdf", "expand_xacro", "read_urdf_text"]

_UNUSED_TAGS = ("visual", "collision", "transmission", "gazebo", "ros2_control", "material")


def expand_xacro(path: str | os.PathLike, mappings: Mapping[str, str] | None = None) -> str:
    """Run xacro on ``path`` with ``mappings`` (name → value) and return the URDF text."""
    path = Path(path)
    if not path.is_file():
        raise DescriptionError(f"{path}: xacro file not found")
    try:
        import xacro
    except ImportError as exc:  # pragma: no cover - xacro is a hard dependency
        raise DescriptionError("the 'xacro' package is required to read xacro files") from exc
    try:
        doc = xacro.process_file(
            str(path), mappings={k: str(v) for k, v in (mappings or {}).items()}
        )
    except Exception as exc:  # xacro raises XacroException, XML errors, NameError...
        raise DescriptionError(f"{path}: xacro expansion failed: {exc}") from exc
    return doc.toxml()


def read_urdf_text(source: str | os.PathLike) -> tuple[str, str]:
    """Return (xml_text, source_name) for a path or an XML string."""
    if isinstance(source, str) and source.lstrip().startswith("<"):
        return source, "<urdf string>"
    if not isinstance(source, (str, os.PathLike)):
        raise DescriptionError(f"expected a URDF path or XML text, got {type(source).__name__}")
    path = Path(source)
    if not path.is_file():
        raise DescriptionError(f"{path}: URDF file not found")
    if path.suffix == ".xacro":
        return expand_xacro(path), str(path)
    return path.read_text(encoding="utf-8"), str(path)


def _sanitize(xml: str, where: str) -> str:
    try:
        root = ET.fromstring(xml)
    except ET.ParseError as exc:
        raise DescriptionError(f"{where}: malformed XML: {exc}") from exc
    if root.tag != "robot":
        raise DescriptionError(f"{where}: the root element is <{root.tag}>, expected <robot>")
    if not root.get("name"):
        root.set("name", Path(where).stem if not where.startswith("<") else "robot")
    for parent in root.iter():
        for child in list(parent):
            if child.tag in _UNUSED_TAGS:
                parent.remove(child)
    return ET.tostring(root, encoding="unicode")


def _parse(xml: str, where: str):
    from urdf_parser_py import urdf as urdf_module
    from urdf_parser_py.xml_reflection import core

    messages: list[str] = []
    previous = core.on_error
    core.on_error = messages.append
    try:
        robot = urdf_module.URDF.from_xml_string(xml)
    except Exception as exc:
        raise DescriptionError(f"{where}: urdf-parser-py rejected the description: {exc}") from exc
    finally:
        core.on_error = previous
    return robot


def _origin(element) -> tuple[np.ndarray, np.ndarray]:
    if element is None or element.origin is None:
        return np.eye(3), np.zeros(3)
    o = element.origin
    xyz = np.zeros(3) if o.xyz is None else np.asarray(o.xyz, dtype=float)
    rpy = np.zeros(3) if o.rpy is None else np.asarray(o.rpy, dtype=float)
    return rpy_matrix(rpy), xyz


def _link_parameters(link, where: str, used: bool, judge: bool = True) -> np.ndarray | None:
    inertial = link.inertial
    if inertial is None:
        return None
    mass = float(inertial.mass or 0.0)
    i = inertial.inertia
    tensor = (
        np.zeros((3, 3))
        if i is None
        else np.array(
            [[i.ixx, i.ixy, i.ixz], [i.ixy, i.iyy, i.iyz], [i.ixz, i.iyz, i.izz]], dtype=float
        )
    )
    label = f"{where}: link '{link.name}' <inertial>"
    if mass < 0.0 or not np.isfinite(mass):
        raise InertiaError(f"{label}: mass must be positive, got {mass}")
    if not used:  # fixed to the base: no effect on the model, so not judged
        return None
    if mass == 0.0:
        if np.any(tensor != 0.0):
            raise InertiaError(f"{label}: mass is 0 but the inertia tensor is not")
        return None
    if judge:  # else the body it is merged into is judged (a floating base, in build_from_urdf)
        check_inertia(mass, tensor, label)
    elif not np.isfinite(tensor).all():
        raise InertiaError(f"{label}: non-finite inertia tensor {tensor.tolist()}")
    rot, com = _origin(inertial)
    return standard_parameters(mass, com, tensor, rot)


def _limits(joint, where: str) -> tuple[float, float, float, float]:
    lim = joint.limit
    lower, upper, velocity, effort = -np.inf, np.inf, np.inf, np.inf
    if lim is not None:
        # 0 (or absent) means "not given" in many URDFs; a negative limit is an error
        for attr in ("velocity", "effort"):
            value = getattr(lim, attr)
            if value is not None and (value < 0.0 or not np.isfinite(value)):
                raise JointError(
                    f"{where}: joint '{joint.name}' <limit {attr}=\"{value}\"> must be positive"
                )
        if lim.velocity is not None and float(lim.velocity) > 0.0:
            velocity = float(lim.velocity)
        if lim.effort is not None and float(lim.effort) > 0.0:
            effort = float(lim.effort)
        if joint.type != "continuous" and lim.lower is not None and lim.upper is not None:
            if not (lim.lower == 0.0 and lim.upper == 0.0):  # URDF default: no limit given
                lower, upper = float(lim.lower), float(lim.upper)
    if lower > upper:
        raise JointError(f"{where}: joint '{joint.name}' <limit>: lower={lower} > upper={upper}")
    return lower, upper, velocity, effort


def _path_joints(children: dict, root: str, tip: str, where: str) -> set[str]:
    parent_of = {}
    for items in children.values():
        for joint in items:
            parent_of[joint.child] = joint
    path: set[str] = set()
    link = tip
    while link != root:
        if link not in parent_of:
            raise TopologyError(f"{where}: tip link '{tip}' is not below root link '{root}'")
        joint = parent_of[link]
        path.add(joint.name)
        link = joint.parent
    return path


def _check_base_inertia(builder: TreeBuilder, where: str) -> None:
    """A floating base's body (root link + links fixed to it) must be a rigid body's inertia
    (its links are judged together: URDFs carry tiny non-physical dummy inertias on them)."""
    mass, _, inertia = com_parameters(builder.root_params)
    if mass > 0.0:
        check_inertia(
            mass,
            inertia,
            f"{where}: floating base '{builder.root}' (root link + links fixed to it)",
        )


def _floating_root_joint(children: dict, root: str, where: str):
    """The joint of type ``floating`` leaving ``root`` (world --floating--> base), or None."""
    floating = [j for j in children[root] if j.type == "floating"]
    if not floating:
        return None
    if len(children[root]) != 1:
        raise JointError(
            f"{where}: root link '{root}' has a floating joint '{floating[0].name}' and other "
            f"joints {sorted(j.name for j in children[root] if j is not floating[0])}; a "
            "floating base must be the root link's only joint"
        )
    return floating[0]


def build_from_urdf(
    source: str | os.PathLike,
    *,
    root: str | None = None,
    tip: str | None = None,
    locked: Sequence[str] = (),
    extras: str | os.PathLike | Mapping | None = None,
    source_name: str | None = None,
    floating_base: bool = False,
) -> TreeBuilder:
    """Parse a URDF (path or XML) into a :class:`TreeBuilder` (see RobotModel.from_urdf).

    ``floating_base``: also record the base body's inertia (root link and the links fixed to
    it) as ``builder.root_params``. A URDF whose root link's only joint is ``floating`` is
    read as a floating base whatever ``floating_base`` says: that joint and its parent link
    (the world) are dropped, its child is the base and ``builder.floating_joint`` its name.
    """
    xml, where = read_urdf_text(source)
    where = source_name or where
    robot = _parse(_sanitize(xml, where), where)

    links = {link.name: link for link in robot.links}
    joint_names = [joint.name for joint in robot.joints]
    for names, kind in ((joint_names, "joints"), ([link.name for link in robot.links], "links")):
        duplicated = sorted({x for x in names if names.count(x) > 1})
        if duplicated:
            raise TopologyError(f"{where}: several {kind} are named {duplicated}")
    children: dict[str, list] = {name: [] for name in links}
    child_links: set[str] = set()
    for joint in robot.joints:
        for end, label in ((joint.parent, "parent"), (joint.child, "child")):
            if end not in links:
                raise TopologyError(
                    f"{where}: joint '{joint.name}' names unknown {label} link '{end}'"
                )
        if joint.child in child_links:
            raise TopologyError(
                f"{where}: link '{joint.child}' is the child of more than one joint "
                f"(second: '{joint.name}'); closed loops are not a tree"
            )
        child_links.add(joint.child)
        children[joint.parent].append(joint)
    if not links:
        raise DescriptionError(f"{where}: the robot has no <link>")
    roots = [name for name in links if name not in child_links]
    if root is None:
        if len(roots) != 1:
            raise TopologyError(
                f"{where}: expected exactly one root link, found {roots or 'none (a loop)'}"
            )
        root = roots[0]
    elif root not in links:
        raise TopologyError(f"{where}: root link '{root}' does not exist")
    floating_joint = _floating_root_joint(children, root, where)
    if floating_joint is not None:
        root = floating_joint.child
        floating_base = True

    locked_set = set(locked)
    known_joints = {j.name for j in robot.joints}
    unknown = sorted(locked_set - known_joints)
    if unknown:
        raise TopologyError(f"{where}: locked joint(s) {unknown} do not exist")
    if tip is not None:
        if tip not in links:
            raise TopologyError(f"{where}: tip link '{tip}' does not exist")
        on_path = _path_joints(children, root, tip, where)
        locked_set |= {j.name for j in robot.joints if j.name not in on_path}

    extra_map = load_extras(extras, known_joints) if extras is not None else {}

    builder = TreeBuilder(robot.name or "robot", root, where)
    if floating_base:
        builder.floating_joint = None if floating_joint is None else floating_joint.name
        base_params = _link_parameters(links[root], where, used=True, judge=False)
        if base_params is not None:
            builder.root_params = base_params
    # depth-first, siblings ordered by joint name: the order of urdfdom, hence of Pinocchio
    # and KDL, so that position-ordered vectors can be exchanged with them
    for items in children.values():
        items.sort(key=lambda joint: joint.name)
    stack = [(root, joint) for joint in reversed(children[root])]
    while stack:
        parent, joint = stack.pop()
        stack.extend((joint.child, grandchild) for grandchild in reversed(children[joint.child]))
        jtype = joint.type
        if jtype not in ("revolute", "continuous", "prismatic", "fixed"):
            raise JointError(
                f"{where}: joint '{joint.name}' has type '{jtype}'; modyn models revolute, "
                "continuous, prismatic and fixed joints"
            )
        if joint.name in locked_set:
            jtype = "fixed"
        if jtype != "fixed" and joint.mimic is not None:
            raise UnsupportedError(
                f"{where}: joint '{joint.name}' mimics joint '{joint.mimic.joint}'; mimic "
                "joints are not supported yet. Lock it (locked_joints=[...]) or choose a tip "
                "link that excludes it."
            )
        rot, pos = _origin(joint)
        to_base = jtype == "fixed" and builder.frames[parent].body < 0
        params = _link_parameters(
            links[joint.child], where, used=not to_base or floating_base, judge=not to_base
        )
        ext = extra_map.get(joint.name, JointExtras())
        dyn = joint.dynamics
        if dyn is not None:
            changes = {}
            if dyn.damping:
                if dyn.damping < 0:
                    raise JointError(
                        f"{where}: joint '{joint.name}' <dynamics damping={dyn.damping}> "
                        "is negative"
                    )
                changes.setdefault("viscous", float(dyn.damping))
            if dyn.friction:
                if dyn.friction < 0:
                    raise JointError(
                        f"{where}: joint '{joint.name}' <dynamics friction={dyn.friction}> "
                        "is negative"
                    )
                changes.setdefault("coulomb", float(dyn.friction))
            # the side file wins over the URDF
            side = extra_map.get(joint.name)
            for key in list(changes):
                if side is not None and getattr(side, key) != 0.0:
                    changes.pop(key)
            if changes:
                ext = ext.merged(**changes)
        builder.add_link(
            joint.child,
            parent,
            joint.name,
            jtype,
            rot,
            pos,
            joint.axis,
            params,
            ext,
            _limits(joint, where) if jtype != "fixed" else (-np.inf, np.inf, np.inf, np.inf),
        )
    if floating_base:
        _check_base_inertia(builder, where)
    missing = sorted(set(extra_map) - set(builder.joint_names))
    if missing:
        raise JointError(
            f"{where}: joint extras given for joint(s) {missing} that are not moving "
            "joints of the model"
        )
    return builder
