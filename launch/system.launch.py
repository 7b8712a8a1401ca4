"""Start a modyn system (config/systems/<system>.yaml) with ros2 launch.

    ros2 launch modyn_bringup system.launch.py system:=rx90_sim
    ros2 launch modyn_bringup system.launch.py system:=/path/to/my_system.yaml \
        overrides:="feedback_controller.feedforward=false"
    ros2 launch modyn_bringup system.launch.py system:=rx90_sim composed:=false

The same file drives modyn_bringup's runner (modyn_system, ``modyn run``) where launch is not
installed: both read it through modyn_bringup.system.load_system and give every node the same
parameters. As ``modyn run``, the control loop (hardware_interface + feedback_controller) runs
in one process (``python -m modyn_bringup.composed``, still two nodes) unless the system file
says ``composed:`` or ``composed:=false`` is given (modyn_bringup.system.default_composition).
"""

import os
import sys
import tempfile

from launch import LaunchDescription
from launch.actions import (
    DeclareLaunchArgument,
    ExecuteProcess,
    OpaqueFunction,
    SetEnvironmentVariable,
)
from launch.substitutions import LaunchConfiguration
from launch_ros.actions import Node

from modyn_bringup.composed import check_composable, inside, write_manifest
from modyn_bringup.dds import PROFILE_ENV, use_profile
from modyn_bringup.system import composed_field, default_composition, load_system


def _nodes(context):
    overrides = [
        o for o in LaunchConfiguration("overrides").perform(context).split(";") if o.strip()
    ]
    spec = load_system(LaunchConfiguration("system").perform(context), overrides)
    asked = LaunchConfiguration("composed").perform(context).strip()
    if asked in ("", "default"):
        composed = default_composition(spec)
    elif asked.lower() in ("true", "false"):
        composed = asked.lower() == "true"
    else:
        names = [n.strip() for n in asked.split(",") if n.strip()]
        composed = composed_field(names, spec.nodes, f"{spec.source} (composed:=)")
    together = [node for node in spec.nodes if inside(node, composed)]
    check_composable(spec, together)  # before any process starts
    actions = [
        Node(
            package=node.package,
            executable=node.executable,
            name=node.name,
            parameters=[spec.node_parameters(node)],
            output="screen",
        )
        for node in spec.nodes
        if node not in together
    ]
    if together:
        # the parameter files live as long as the machine's temp files: a respawned or
        # relaunched process reads them again (the runner's, by contrast, go with the runner)
        directory = tempfile.mkdtemp(prefix=f"modyn_{spec.name}_launch_")
        manifest = write_manifest(spec, together, directory)
        actions.append(
            ExecuteProcess(
                cmd=[sys.executable, "-m", "modyn_bringup.composed", str(manifest)],
                name="modyn_composed",
                output="screen",
            )
        )
    return actions


def generate_launch_description():
    return LaunchDescription(
        [
            # the nodes' Fast DDS profile: the one named in the environment, else modyn's
            # (modyn_bringup.dds: no TypeLookup service, which crashed nodes at start-up)
            SetEnvironmentVariable(PROFILE_ENV, use_profile(dict(os.environ))),
            DeclareLaunchArgument(
                "system", default_value="rx90_sim", description="system name or YAML path"
            ),
            DeclareLaunchArgument(
                "overrides", default_value="", description="node.param=value;..."
            ),
            DeclareLaunchArgument(
                "composed",
                default_value="default",
                description="default (the system file's composed:, else the loop in one "
                "process), true, false, or comma-separated node names",
            ),
            OpaqueFunction(function=_nodes),
        ]
    )
