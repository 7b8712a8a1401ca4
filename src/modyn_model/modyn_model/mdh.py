"""Khalil-Kleinfinger modified Denavit-Hartenberg tables (YAML) → robot model.

Frame j is placed in frame a(j) by ``Rot(x, α_j) Trans(x, d_j) Rot(z, θ_j) Trans(z, r_j)``
(Khalil, Part I, ch. 3); the joint variable is ``q_j = σ̄_j θ_j + σ_j r_j``, so ``theta``
(revolute) or ``r`` (prismatic) in the table is the constant offset added to q_j. ``sigma: 2``
is a fixed frame (Khalil §7.4.3 note): no coordinate, its inertia merged into its antecedent.

Layout::

    name: rx90
    gravity: [0, 0, -9.81]          # optional, base frame
    frames:                         # parent-first
      - name: joint1                # joint name (default joint<j>)
        link: link1                 # link/frame name (default link<j>)
        antecedent: base            # link name of a(j); default: the previous frame (a chain)
        sigma: 0                    # 0 revolute, 1 prismatic, 2 fixed
        alpha: 0.0                  # rad; numbers or expressions of pi such as -pi/2
        d: 0.0                      # m
        theta: 0.0                  # rad
        r: 0.0                      # m
        inertia: {XX: 0.0, XY: 0.0, XZ: 0.0, YY: 0.0, YZ: 0.0, ZZ: 1.2,
                  MX: 0.0, MY: 0.0, MZ: 0.0, M: 10.0}   # about O_j, axes R_j (Khalil [7.3])
        extras: {rotor_inertia: 0.7, viscous: 0.1}       # see modyn_model.joint.JointExtras
        limits: {lower: -3.14, upper: 3.14, velocity: 3.0, effort: 100.0}
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

import numpy as np

from .builder import TreeBuilder
from .errors import DescriptionError, InertiaError, JointError
from .inertia import PARAMETER_NAMES, check_inertia, com_parameters
from .joint import JointExtras
from .spatial import mdh_transform
from .yaml_numbers import load_yaml

__all__ = ["build_from_mdh", "EXAMPLES"]

EXAMPLES = Path(__file__).parent / "data"

_FIELDS = {
    "name",
    "link",
    "antecedent",
    "sigma",
    "alpha",
    "d",
    "theta",
    "r",
    "inertia",
    "extras",
    "limits",
}


def _number(value, where: str) -> float:
    """A float, or an arithmetic expression of numbers and ``pi`` such as ``-pi/2``."""
    try:
        if isinstance(value, str):
            out = _expression(value)
        elif isinstance(value, bool):
            raise TypeError
        else:
            out = float(value)
    except (TypeError, ValueError, SyntaxError):
        raise DescriptionError(
            f"{where}: expected a number or an expression such as 'pi/2', got {value!r}"
        ) from None
    if not np.isfinite(out):
        raise DescriptionError(f"{where}: expected a finite number, got {value!r}")
    return out


def _expression(text: str) -> float:
    import ast
    import operator

    binary = {
        ast.Add: operator.add,
        ast.Sub: operator.sub,
        ast.Mult: operator.mul,
        ast.Div: operator.truediv,
    }

    def walk(node):
        if isinstance(node, ast.Expression):
            return walk(node.body)
        if isinstance(node, ast.Constant) and isinstance(node.value, (int, float)):
            return float(node.value)
        if isinstance(node, ast.Name) and node.id == "pi":
            return float(np.pi)
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
            x = walk(node.operand)
            return -x if isinstance(node.op, ast.USub) else x
        if isinstance(node, ast.BinOp) and type(node.op) in binary:
            return binary[type(node.op)](walk(node.left), walk(node.right))
        raise ValueError(text)

    return walk(ast.parse(text.strip(), mode="eval"))


def _parameters(data, where: str, moving: bool) -> np.ndarray | None:
    if data is None:
        return None
    if not isinstance(data, Mapping):
        raise DescriptionError(f"{where}: 'inertia' must be a mapping of {list(PARAMETER_NAMES)}")
    unknown = sorted(set(data) - set(PARAMETER_NAMES))
    if unknown:
        raise DescriptionError(
            f"{where}: unknown inertial parameter(s) {unknown}; use {list(PARAMETER_NAMES)}"
        )
    p = np.array([_number(data.get(k, 0.0), f"{where}.{k}") for k in PARAMETER_NAMES])
    if p[9] < 0.0 or (moving and p[9] == 0.0):
        raise InertiaError(f"{where}: mass M must be positive, got {p[9]}")
    if p[9] > 0.0:
        mass, _, ig = com_parameters(p)
        check_inertia(mass, ig, where)
    return p


def build_from_mdh(table: str | os.PathLike | Mapping) -> tuple[TreeBuilder, np.ndarray]:
    """Parse a modified-DH table; returns the builder and the gravity vector."""
    where = "<mdh mapping>"
    data = table
    if not isinstance(table, Mapping):
        path = Path(table)
        if not path.is_file() and (EXAMPLES / f"{table}.yaml").is_file():
            path = EXAMPLES / f"{table}.yaml"
        where = str(path)
        if not path.is_file():
            raise DescriptionError(f"{path}: modified-DH table not found")
        import yaml

        try:
            data = load_yaml(path.read_text(encoding="utf-8"))
        except yaml.YAMLError as exc:
            raise DescriptionError(f"{path}: malformed YAML: {exc}") from exc
    if not isinstance(data, Mapping) or not isinstance(data.get("frames"), list):
        raise DescriptionError(f"{where}: expected a mapping with a 'frames:' list")
    raw_gravity = data.get("gravity", (0.0, 0.0, -9.81))
    if not isinstance(raw_gravity, (list, tuple)) or len(raw_gravity) != 3:
        raise DescriptionError(
            f"{where}: 'gravity' must be a list of 3 numbers, got {raw_gravity!r}"
        )
    gravity = np.array([_number(g, f"{where}: gravity[{i}]") for i, g in enumerate(raw_gravity)])
    builder = TreeBuilder(str(data.get("name", "robot")), "base", where)
    previous = "base"
    for j, frame in enumerate(data["frames"], start=1):
        fw = f"{where}: frames[{j - 1}]"
        if not isinstance(frame, Mapping):
            raise DescriptionError(f"{fw}: expected a mapping, got {frame!r}")
        unknown = sorted(set(frame) - _FIELDS)
        if unknown:
            raise DescriptionError(f"{fw}: unknown field(s) {unknown}; known: {sorted(_FIELDS)}")
        joint = str(frame.get("name", f"joint{j}"))
        link = str(frame.get("link", f"link{j}"))
        fw = f"{where}: frame '{joint}'"
        sigma = frame.get("sigma", 0)
        if type(sigma) is not int or sigma not in (0, 1, 2):
            raise JointError(
                f"{fw}: sigma must be 0 (revolute), 1 (prismatic) or 2 (fixed), got {sigma!r}"
            )
        alpha, d, theta, r = (
            _number(frame.get(k, 0.0), f"{fw}.{k}") for k in ("alpha", "d", "theta", "r")
        )
        t = mdh_transform(alpha, d, theta, r)
        params = _parameters(frame.get("inertia"), f"{fw}.inertia", moving=sigma != 2)
        extras = frame.get("extras")
        ext = JointExtras.from_mapping(extras, f"{fw}.extras") if extras is not None else None
        lim = frame.get("limits") or {}
        if not isinstance(lim, Mapping):
            raise DescriptionError(f"{fw}: 'limits' must be a mapping")
        limits = tuple(
            _number(lim[key], f"{fw}.limits.{key}") if key in lim else default
            for key, default in (
                ("lower", -np.inf),
                ("upper", np.inf),
                ("velocity", np.inf),
                ("effort", np.inf),
            )
        )
        kind = ("revolute", "prismatic", "fixed")[sigma]
        builder.add_link(
            link,
            str(frame.get("antecedent", previous)),
            joint,
            kind,
            t[:3, :3],
            t[:3, 3],
            (0.0, 0.0, 1.0),
            params,
            ext,
            limits,
        )
        previous = link
    return builder, gravity
