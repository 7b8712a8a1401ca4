"""Random but physically valid robot descriptions, for property tests and benchmarks.

``random_urdf`` writes URDF text (so the very same robot can be loaded by modyn and by any
other URDF consumer, e.g. Pinocchio or MuJoCo): a tree of revolute, continuous, prismatic and
fixed joints with arbitrary unit axes, origins (xyz + rpy) and inertias (random principal
moments satisfying the triangle inequality, rotated, with an offset centre of mass).
"""

from __future__ import annotations

import numpy as np

__all__ = ["random_urdf", "random_inertia"]


def _fmt(values) -> str:
    return " ".join(repr(float(x)) for x in values)


def _random_rotation(rng: np.random.Generator) -> np.ndarray:
    q = rng.normal(size=4)
    w, x, y, z = q / np.linalg.norm(q)
    return np.array(
        [
            [1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w)],
            [2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w)],
            [2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y)],
        ]
    )


def random_inertia(rng: np.random.Generator) -> tuple[float, np.ndarray]:
    """(mass, 3x3 tensor about the COM) of a plausible body: 0.2-5 kg, valid moments."""
    mass = float(rng.uniform(0.2, 5.0))
    # principal moments from a random box keep the triangle inequality strict
    a, b, c = rng.uniform(0.05, 0.4, size=3)
    moments = mass / 12.0 * np.array([b * b + c * c, a * a + c * c, a * a + b * b])
    r = _random_rotation(rng)
    return mass, r @ np.diag(moments) @ r.T


def _rpy(rng: np.random.Generator) -> np.ndarray:
    return rng.uniform(-np.pi, np.pi, size=3) * np.array([1.0, 0.5, 1.0])


def random_urdf(
    rng: np.random.Generator | int,
    n: int = 6,
    *,
    tree: bool = True,
    prismatic: bool = True,
    fixed: bool = True,
    name: str = "random_robot",
) -> str:
    """URDF text of a random robot with ``n`` moving joints.

    Parameters
    ----------
    rng : Generator or int seed
    n : int
        Number of moving joints (revolute, continuous or prismatic).
    tree : bool
        Attach each new link to a random earlier one (else a serial chain).
    prismatic : bool
        Allow prismatic joints (about one in four).
    fixed : bool
        Also insert fixed joints carrying extra bodies (merged by modyn, kept by others).
    """
    rng = np.random.default_rng(rng)
    lines = [f'<robot name="{name}">', '  <link name="base"/>']
    links = ["base"]
    moving = 0
    k = 0
    while moving < n:
        k += 1
        is_fixed = fixed and rng.random() < 0.2
        parent = links[int(rng.integers(len(links)))] if tree else links[-1]
        child = f"link{k}"
        mass, inertia = random_inertia(rng)
        com = rng.uniform(-0.2, 0.2, size=3)
        lines += [
            f'  <link name="{child}">',
            "    <inertial>",
            f'      <origin xyz="{_fmt(com)}" rpy="{_fmt(_rpy(rng))}"/>',
            f'      <mass value="{mass!r}"/>',
            "      <inertia "
            + " ".join(
                f'{key}="{float(inertia[i, k])!r}"'
                for key, (i, k) in zip(
                    ("ixx", "ixy", "ixz", "iyy", "iyz", "izz"),
                    ((0, 0), (0, 1), (0, 2), (1, 1), (1, 2), (2, 2)),
                    strict=True,
                )
            )
            + "/>",
            "    </inertial>",
            "  </link>",
        ]
        if is_fixed:
            jtype = "fixed"
        elif prismatic and rng.random() < 0.25:
            jtype = "prismatic"
        else:
            jtype = "revolute" if rng.random() < 0.7 else "continuous"
        axis = rng.normal(size=3)
        axis /= np.linalg.norm(axis)
        if rng.random() < 0.3:  # plenty of robots use plain axes: exercise the zero-folding too
            axis = np.eye(3)[int(rng.integers(3))] * (1 if rng.random() < 0.7 else -1)
        lines += [
            f'  <joint name="joint{k}" type="{jtype}">',
            f'    <parent link="{parent}"/>',
            f'    <child link="{child}"/>',
            f'    <origin xyz="{_fmt(rng.uniform(-0.4, 0.4, size=3))}" rpy="{_fmt(_rpy(rng))}"/>',
        ]
        if jtype != "fixed":
            lines.append(f'    <axis xyz="{_fmt(axis)}"/>')
        if jtype in ("revolute", "prismatic"):
            lines.append('    <limit lower="-3.0" upper="3.0" effort="100.0" velocity="5.0"/>')
        lines.append("  </joint>")
        links.append(child)
        moving += jtype != "fixed"
    lines.append("</robot>")
    return "\n".join(lines)
