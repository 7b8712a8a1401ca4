"""modyn's Fast DDS participant profile (``config/dds/fastdds_profile.xml``).

Fast DDS 3.2 (ROS 2 Kilted's default middleware) announces each endpoint's type and lets a
participant that does not know it ask the announcer over the TypeLookup service. In this
project's test runs that service crashed node processes at start-up (a segmentation fault in
its reply thread, ``dds.tls.replies``, ``TypeLookupManager::notify_callbacks``, read from the
kernel log: four processes in two days of runs) and can leave an endpoint unmatched when a
lookup reply is lost. The profile sets ``fastdds.type_propagation`` to ``registration_only``:
endpoints match by type name, as with Fast DDS 2.x, and the service is not created.

The runner (its nodes), the ``modyn`` command and ``make test`` use the profile through
``FASTDDS_DEFAULT_PROFILES_FILE`` unless that variable is set already: a user's own profile is
kept (add the property to it). Other middlewares ignore the variable.
"""

from __future__ import annotations

import os
from collections.abc import MutableMapping
from pathlib import Path

__all__ = ["PROFILE_ENV", "profile_path", "use_profile"]

#: the environment variable through which Fast DDS loads a default profile file
PROFILE_ENV = "FASTDDS_DEFAULT_PROFILES_FILE"


def profile_path() -> Path:
    """The profile file: ``config/dds/fastdds_profile.xml`` of modyn_bringup's share directory
    (installed), else of the repository (source tree)."""
    from .system import share_directory

    return share_directory() / "config" / "dds" / "fastdds_profile.xml"


def use_profile(environ: MutableMapping[str, str] | None = None) -> str:
    """Point ``environ`` (default ``os.environ``) at modyn's profile unless it names one already;
    the file in use. To take effect in this process it must run before its first rclpy node."""
    env = os.environ if environ is None else environ
    if not env.get(PROFILE_ENV):
        path = profile_path()
        if path.is_file():
            env[PROFILE_ENV] = str(path)
    return env.get(PROFILE_ENV, "")
