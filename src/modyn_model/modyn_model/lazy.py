"""Lazy package exports (PEP 562), shared by the modyn packages' ``__init__`` modules.

A package lists ``{public name: defining module}``; the module is imported on first use of the
name, so that importing a library package stays cheap and pulls in no ROS module the caller
does not use (``import modyn_control`` must not start rclpy).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping

__all__ = ["lazy_exports"]


def lazy_exports(
    package: str, exports: Mapping[str, str], namespace: dict
) -> tuple[Callable[[str], object], Callable[[], list[str]]]:
    """``(__getattr__, __dir__)`` for ``package`` whose names come from ``exports``.

    ``namespace`` is the package's ``globals()``: a name, once imported, is stored there so that
    later look-ups do not come back here.
    """

    def __getattr__(name: str):
        module = exports.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(f"{package}.{module}"), name)
        namespace[name] = value
        return value

    def __dir__() -> list[str]:
        return sorted(set(namespace) | set(namespace.get("__all__", ())))

    return __getattr__, __dir__
