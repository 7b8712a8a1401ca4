"""The rviz2 view of each system: ``config/rviz/<system>.rviz`` (issue 20, "Seeing a run").

One config per system file, generated from the system and its model, so that a display is
present exactly when the running system publishes what it draws (decided by the model's
contract members, no mechanism special cases):

* Grid and TF, fixed frame = the model's ``base_frame``;
* RobotModel on ``/robot_description`` when the system's description is URDF XML (what
  hardware_interface latches; its links are on hardware_interface's ``/tf``, every frame of the
  model placed by the model, modyn_ros.frames). A mechanism file's YAML cannot be drawn by rviz: those
  systems have no RobotModel here (the Stewart platform and the free-flying iiwa have
  hand-written views with a view URDF: ``config/rviz/stewart.rviz``, ``space.rviz``);
* Odometry on ``/base_state`` for a floating base (``model.floating_base``);
* MarkerArray on ``/actuator_markers`` for a model with ``actuator_segments`` (legs, with their
  force as colour);
* MarkerArray on ``/constraint_markers`` for a model with ``constraint_names`` whose names are
  frames of the model (contact forces as arrows at the contact, at the marker rate);
* Path on ``/planned_path`` when the system runs a trajectory_generator and the model names a
  tool frame (its ``tip_frame`` parameter, else the model's ``tip_frame``): the plan's tool path.

Regenerate after adding a system: ``python -m modyn_bringup.rviz_config --write``;
``tests/test_rviz_configs.py`` fails when a file is missing or differs from its generation.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import yaml

__all__ = ["rviz_config", "render", "marker_constraints", "path_frame", "main"]


def _topic(value: str, durability: str = "Volatile", depth: int = 5) -> dict:
    return {
        "Depth": depth,
        "Durability Policy": durability,
        "History Policy": "Keep Last",
        "Reliability Policy": "Reliable",
        "Value": value,
    }


def marker_constraints(model) -> list[str]:
    """The constraints hardware_interface draws on ``constraint_markers``: those whose name is a
    frame of the model (the contact point is that frame's origin)."""
    frames = set(getattr(model, "frame_names", ()))
    return [n for n in getattr(model, "constraint_names", ()) if n in frames]


def path_frame(spec, model) -> str:
    """The tool frame whose path the system's trajectory_generator publishes, or ""."""
    for node in spec.nodes:
        if node.executable == "trajectory_generator":
            frame = str(
                node.parameters.get("tip_frame", "") or getattr(model, "tip_frame", "") or ""
            )
            return frame if frame in getattr(model, "frame_names", ()) else ""
    return ""


def rviz_config(spec, model) -> dict:
    """The rviz2 config (a YAML mapping) of system ``spec`` running ``model``."""
    displays: list[dict] = [
        {
            "Class": "rviz_default_plugins/Grid",
            "Name": "Grid",
            "Enabled": True,
            "Cell Size": 0.5,
            "Plane Cell Count": 10,
            "Reference Frame": "<Fixed Frame>",
            "Value": True,
        }
    ]
    if spec.robot_description.lstrip().startswith("<"):
        displays.append(
            {
                "Class": "rviz_default_plugins/RobotModel",
                "Name": "RobotModel",
                "Enabled": True,
                "Description Source": "Topic",
                "Description Topic": _topic("/robot_description", "Transient Local", 1),
                "Visual Enabled": True,
                "Collision Enabled": False,
                "Alpha": 1,
                "Value": True,
            }
        )
    if getattr(model, "floating_base", False):
        displays.append(
            {
                "Class": "rviz_default_plugins/Odometry",
                "Name": "Base (base_state)",
                "Enabled": True,
                "Keep": 100,
                "Position Tolerance": 0.001,
                "Angle Tolerance": 0.01,
                "Shape": {"Value": "Axes", "Axes Length": 0.2, "Axes Radius": 0.01},
                "Topic": _topic("/base_state"),
                "Value": True,
            }
        )
    if callable(getattr(model, "actuator_segments", None)):
        displays.append(
            {
                "Class": "rviz_default_plugins/MarkerArray",
                "Name": "Actuators (actuator_markers)",
                "Enabled": True,
                "Namespaces": {"actuators": True},
                "Topic": _topic("/actuator_markers"),
                "Value": True,
            }
        )
    if marker_constraints(model):
        displays.append(
            {
                "Class": "rviz_default_plugins/MarkerArray",
                "Name": "Contact forces (constraint_markers)",
                "Enabled": True,
                "Namespaces": {"constraint_forces": True},
                "Topic": _topic("/constraint_markers"),
                "Value": True,
            }
        )
    if path_frame(spec, model):
        displays.append(
            {
                "Class": "rviz_default_plugins/Path",
                "Name": f"Planned path ({path_frame(spec, model)})",
                "Enabled": True,
                "Line Style": "Lines",
                "Color": "255; 200; 0",
                "Alpha": 1,
                "Buffer Length": 1,
                "Topic": _topic("/planned_path", "Transient Local", 10),
                "Value": True,
            }
        )
    displays.append(
        {
            "Class": "rviz_default_plugins/TF",
            "Name": "TF",
            "Enabled": True,
            "Marker Scale": 0.3,
            "Show Arrows": False,
            "Show Axes": True,
            "Show Names": True,
            "Frames": {"All Enabled": True},
            "Value": True,
        }
    )
    return {
        "Panels": [
            {"Class": "rviz_common/Displays", "Name": "Displays"},
            {"Class": "rviz_common/Views", "Name": "Views"},
        ],
        "Visualization Manager": {
            "Class": "",
            "Displays": displays,
            "Enabled": True,
            "Global Options": {
                "Background Color": "48; 48; 48",
                "Fixed Frame": str(model.base_frame),
                "Frame Rate": 30,
            },
            "Name": "root",
            "Tools": [
                {"Class": "rviz_default_plugins/MoveCamera"},
                {"Class": "rviz_default_plugins/Select"},
            ],
            "Value": True,
            "Views": {
                "Current": {
                    "Class": "rviz_default_plugins/Orbit",
                    "Distance": 3.0,
                    "Focal Point": {"X": 0, "Y": 0, "Z": 0.5},
                    "Name": "Current View",
                    "Pitch": 0.4,
                    "Target Frame": "<Fixed Frame>",
                    "Yaw": 0.8,
                },
                "Saved": None,
            },
        },
        "Window Geometry": {"Height": 800, "Width": 1200},
    }


def render(spec, model) -> str:
    """The file's text: a header naming the system, then the YAML."""
    head = (
        f"# rviz2 view of the system {spec.name} ({spec.description}).\n"
        "# Generated by `python -m modyn_bringup.rviz_config --write` from the system file and\n"
        '# its model (docs/report.md, "rviz views"); do not edit by hand.\n'
        f"#   rviz2 -d config/rviz/{spec.name}.rviz\n"
    )
    return head + yaml.safe_dump(rviz_config(spec, model), sort_keys=False, allow_unicode=True)


def main(argv: list[str] | None = None) -> int:
    """Print (or ``--write``) the config of each system under config/systems."""
    from modyn_model import load_model

    from .system import load_system

    parser = argparse.ArgumentParser(prog="modyn_rviz_config", description=__doc__.split("\n")[0])
    parser.add_argument("systems", nargs="*", help="system names (default: all)")
    parser.add_argument("--write", action="store_true", help="write config/rviz/<system>.rviz")
    parser.add_argument("--root", default=".", help="repository root (default: here)")
    args = parser.parse_args(argv)
    root = Path(args.root)
    names = args.systems or sorted(p.stem for p in (root / "config" / "systems").glob("*.yaml"))
    for name in names:
        spec = load_system(root / "config" / "systems" / f"{name}.yaml")
        text = render(spec, load_model(spec.robot_description))
        if args.write:
            out = root / "config" / "rviz" / f"{name}.rviz"
            out.write_text(text, encoding="utf-8")
            print(f"wrote {out}")
        else:
            print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
