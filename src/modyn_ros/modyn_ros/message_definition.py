"""The ros2msg schema text of a message type, as ``ros2 bag record`` writes it into MCAP.

An MCAP file of ROS 2 messages (rosbag2's storage) holds, for each message type, the ``.msg``
text followed by each nested type's, separated by lines of 80 ``=`` and ``MSG: pkg/Type``
(encoding ``ros2msg``); readers (Foxglove, PlotJuggler, ``mcap_ros2``) decode the CDR bytes of
the messages with it. :func:`message_definition` builds it from the installed ``.msg`` files
(the ament index, else this Python's prefix: the PyPI wheels install the message packages'
share/ there), falling back to the Python class's fields. Used by the recorder node
(modyn_bringup.recorder) and the nodes' own topic logs (:mod:`modyn_ros.topic_log`).
"""

from __future__ import annotations

import sys
from pathlib import Path

from modyn_model.errors import ModynError

__all__ = ["UnknownMessageType", "get_message", "message_definition"]


class UnknownMessageType(ModynError):
    """A message type (``pkg/msg/Type``) that is not installed."""


def _share_candidates(pkg: str) -> list[Path]:
    """Where ``<pkg>/msg/*.msg`` may be: the ament index, then this Python's prefix (the PyPI
    rclpy wheels install the message packages' share/ there, outside the ament index)."""
    out = []
    try:
        from ament_index_python.packages import PackageNotFoundError, get_package_share_directory

        try:
            out.append(Path(get_package_share_directory(pkg)))
        except PackageNotFoundError:
            pass
    except ImportError:  # pragma: no cover - ships with rclpy
        pass
    out.append(Path(sys.prefix) / "share" / pkg)
    return out


_IDL_TO_MSG = {"boolean": "bool", "octet": "byte", "double": "float64", "float": "float32",
               "long double": "float64"}


def _field_type(idl: str) -> str:
    """A field type of ``get_fields_and_field_types`` in .msg syntax (``sequence<double>`` →
    ``float64[]``, ``string<10>`` → ``string<=10``, ``pkg/Type`` kept)."""
    if idl.startswith("sequence<"):
        inner = idl[len("sequence<") : -1]
        base, _, bound = inner.partition(",")
        return _field_type(base.strip()) + (f"[<={bound.strip()}]" if bound else "[]")
    if idl.endswith("]"):
        base, _, size = idl[:-1].partition("[")
        return f"{_field_type(base)}[{size}]"
    if idl.startswith(("string<", "wstring<")):
        kind, _, bound = idl[:-1].partition("<")
        return f"{kind}<={bound}"
    return _IDL_TO_MSG.get(idl, idl)


def _msg_text(datatype: str) -> str:
    """The ``.msg`` text of ``pkg/msg/Type`` (or ``pkg/Type``): the installed file, else
    written from the Python class's fields (constants and comments then missing)."""
    pkg, *_, name = datatype.split("/")
    for share in _share_candidates(pkg):
        path = share / "msg" / f"{name}.msg"
        if path.is_file():
            return path.read_text(encoding="utf-8")
    fields = get_message(datatype).get_fields_and_field_types()
    return "".join(f"{_field_type(t)} {f}\n" for f, t in fields.items())


def get_message(datatype: str):
    """The Python class of ``pkg/msg/Type`` (what rosidl_runtime_py's ``get_message`` does;
    that package is not part of the PyPI rclpy)."""
    import importlib

    pkg, *_, name = datatype.split("/")
    try:
        return getattr(importlib.import_module(f"{pkg}.msg"), name)
    except (ImportError, AttributeError):
        raise UnknownMessageType(f"message type '{datatype}' is not installed") from None


def _nested_types(msg_class) -> list[str]:
    """``pkg/Type`` of every message-typed field of ``msg_class`` (sequences and arrays too)."""
    out = []
    for ftype in msg_class.get_fields_and_field_types().values():
        base = ftype
        if base.startswith("sequence<"):
            base = base[len("sequence<") :].split(",")[0].rstrip(">")
        base = base.split("[")[0]
        if "/" in base:
            out.append(base)
    return out


def message_definition(datatype: str) -> str:
    """The ros2msg schema text of ``datatype`` (``sensor_msgs/msg/JointState``): its ``.msg``
    and, depth first, every nested type's after a line of 80 ``=`` and ``MSG: pkg/Type``."""

    parts = [_msg_text(datatype)]
    seen: set[str] = set()
    stack = list(_nested_types(get_message(datatype)))
    while stack:
        t = stack.pop(0)
        pkg, *_, name = t.split("/")
        key = f"{pkg}/{name}"
        if key in seen:
            continue
        seen.add(key)
        parts.append("=" * 80 + f"\nMSG: {key}\n" + _msg_text(f"{pkg}/msg/{name}"))
        stack.extend(_nested_types(get_message(f"{pkg}/msg/{name}")))
    return "\n".join(parts)
