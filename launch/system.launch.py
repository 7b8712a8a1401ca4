"""Start a modyn system (config/systems/<system>.yaml) with ros2 launch.

    ros2 launch modyn_bringup system.launch.py system:=rx90_sim
    ros2 launch modyn_bringup system.launch.py system:=/path/to/my_system.yaml \
        overrides:="feedback_controller.feedforward=false"

The same file drives modyn_bringup's runner (modyn_system) where launch is not installed: both
read it through modyn_bringup.system.load_system and give every node the same parameters.
"""

from launch import LaunchDescription
from launch.actions import DeclareLaunchArgument, OpaqueFunction
from launch.substitutions import LaunchConfiguration
from launch_ros.actions import Node

from modyn_bringup.system import load_system


def _nodes(context):
    overrides = [
        o for o in LaunchConfiguration("overrides").perform(context).split(";") if o.strip()
    ]
    spec = load_system(LaunchConfiguration("system").perform(context), overrides)
    return [
        Node(
            package=node.package,
            executable=node.executable,
            name=node.name,
            parameters=[spec.node_parameters(node)],
            output="screen",
        )
        for node in spec.nodes
    ]


def generate_launch_description():
    return LaunchDescription(
        [
            DeclareLaunchArgument(
                "system", default_value="rx90_sim", description="system name or YAML path"
            ),
            DeclareLaunchArgument(
                "overrides", default_value="", description="node.param=value;..."
            ),
            OpaqueFunction(function=_nodes),
        ]
    )
