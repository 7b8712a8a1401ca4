"""modyn_bringup: installs the launch files, robot descriptions and system configurations; the
system runner (``modyn_system``); demo, episode and report tools.

* :mod:`.system`: system YAML files (:func:`load_system`, :class:`SystemSpec`);
* :mod:`.runner`: :class:`SystemRunner`, which starts and supervises a system's node processes;
* :mod:`.episode`: :func:`run_episode`, goals sent to a running system and the tracking measured;
* :mod:`.demo`: the closed-loop demo.

The names below are imported on first use.
"""

from __future__ import annotations

import importlib

__version__ = "0.1.0"

#: public name -> the submodule that defines it
_EXPORTS = {
    "BringupError": "system",
    "NodeSpec": "system",
    "SystemSpec": "system",
    "load_system": "system",
    "share_directory": "system",
    "SystemRunner": "runner",
    "Goal": "episode",
    "Episode": "episode",
    "run_episode": "episode",
}

__all__ = [
    "BringupError",
    "Episode",
    "Goal",
    "NodeSpec",
    "SystemRunner",
    "SystemSpec",
    "__version__",
    "load_system",
    "run_episode",
    "share_directory",
]


def __getattr__(name: str):
    """Import the module that defines ``name`` on first use (PEP 562): importing the package
    stays cheap and pulls in no ROS module that the caller does not use."""
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
