"""The model of a node: the ``robot_description`` parameter, else the latched topic.

The description is anything :func:`modyn_model.load_model` reads as text: URDF XML (the ROS
convention) or a mechanism file's YAML (``kind: ...``), so that every node gets any mechanism
through the same parameter and topic, and depends only on the mechanism contract.
"""

from __future__ import annotations

from collections.abc import Callable

from rcl_interfaces.msg import ParameterDescriptor
from std_msgs.msg import String

from modyn_model import MechanismModel, ModelError, load_model

from .heap import settle_heap
from .qos import LATCHED_QOS

__all__ = ["ModelSource", "declare_model_parameters"]


def declare_model_parameters(node) -> None:
    """Declare robot_description, model_extras, root_link and tip_link on ``node``."""
    for name, text in (
        (
            "robot_description",
            "URDF XML of the robot, or a mechanism file's YAML text (kind: ...); empty: use the "
            "latched /robot_description topic",
        ),
        ("model_extras", "path of a joint-extras YAML (friction, rotor inertia); empty: none"),
        ("root_link", "link used as the fixed base; empty: the URDF root"),
        ("tip_link", "keep only the joints root -> tip; empty: all joints"),
    ):
        if not node.has_parameter(name):
            node.declare_parameter(name, "", ParameterDescriptor(description=text))


class ModelSource:
    """Builds the node's model (a :class:`~modyn_model.MechanismModel`, through
    :func:`modyn_model.load_model`) and calls ``on_model(model)`` once it exists.

    With a non-empty ``robot_description`` parameter the model is built at construction; else
    the node subscribes to ``/robot_description`` (reliable, transient-local) and builds it from
    the first valid message. A description that fails to load is logged (with modyn_model's
    message naming the element) and the node keeps waiting for a better one.
    """

    def __init__(self, node, on_model: Callable[[MechanismModel], None] | None = None):
        declare_model_parameters(node)
        self.node = node
        self.model: MechanismModel | None = None
        self._on_model = on_model
        self._subscription = None
        xml = node.get_parameter("robot_description").value
        if xml:
            self._build(xml, "parameter robot_description")
        if self.model is None:
            self._subscription = node.create_subscription(
                String, "/robot_description", self._on_description, LATCHED_QOS
            )

    def _options(self) -> dict:
        get = self.node.get_parameter
        options = {}
        if get("model_extras").value:
            options["extras"] = get("model_extras").value
        if get("root_link").value:
            options["root"] = get("root_link").value
        if get("tip_link").value:
            options["tip"] = get("tip_link").value
        return options

    def _build(self, xml: str, origin: str) -> None:
        try:
            model = load_model(xml, **self._options())
        except ModelError as exc:
            self.node.get_logger().error(f"robot model from {origin} rejected: {exc}")
            return
        self.model = model
        names = list(model.coordinate_names)
        text = f"robot model '{model.name}' from {origin}: {model.nq} joints {names}"
        if tuple(model.actuator_names) != tuple(model.coordinate_names) or model.nv != model.nq:
            text += (
                f", nv = {model.nv} velocities {list(model.velocity_names)}, nu = {model.nu} "
                f"actuators {list(model.actuator_names)}"
            )
        self.node.get_logger().info(text)
        if self._on_model is not None:
            self._on_model(model)
        settle_heap()  # the model and the node's buffers exist: out of the collector's way

    def _on_description(self, msg: String) -> None:
        if self.model is not None:
            return
        self._build(msg.data, "/robot_description")
