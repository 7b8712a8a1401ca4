"""modyn_bringup: installs the launch files, robot descriptions and system configurations; the
system runner (``modyn_system``); demo, episode and report tools.

* :mod:`.system`: system YAML files (:func:`load_system`, :class:`SystemSpec`);
* :mod:`.runner`: :class:`SystemRunner`, which starts and supervises a system's node processes;
* :mod:`.episode`: :func:`run_episode`, goals sent to a running system and the tracking measured;
* :mod:`.demo`: the closed-loop demo.

The names below are imported on first use.
"""

from __future__ import annotations

from modyn_model.lazy import lazy_exports

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


__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS, globals())
