"""Geared robotic mechanisms by virtual links (Chen & Wang 1998; note ``seed-002-geared.md``).

* :mod:`.transmission`: the transmission description (secondary links, meshes, actuators) and
  its numerical structural analysis → B, A, φ0;
* :mod:`.virtual`: the virtual links (secondary links merged into their carriers) and the
  relative-spin terms M_s, C_s;
* :mod:`.model`: :class:`GearedModel`, the mechanism contract (kind ``geared``).
"""

from .transmission import (
    Actuator,
    Mesh,
    SecondaryLink,
    Transmission,
    TransmissionStructure,
    analyse,
)

__all__ = [
    "Actuator",
    "Mesh",
    "SecondaryLink",
    "Transmission",
    "TransmissionStructure",
    "analyse",
]
