"""Geared robotic mechanisms by virtual links (Chen & Wang 1998; note ``seed-002-geared.md``).

* :mod:`.transmission`: the transmission description (secondary links, meshes, actuators) and
  its numerical structural analysis → B, A, φ0;
* :mod:`.virtual`: the virtual links (secondary links merged into their carriers) and the
  relative-spin terms M_s, C_s;
* :mod:`.model`: :class:`GearedModel`, the mechanism contract (kind ``geared``).
"""

from .model import ROTOR_MODELS, GearedModel
from .transmission import (
    Actuator,
    Mesh,
    SecondaryLink,
    Transmission,
    TransmissionStructure,
    analyse,
)
from .virtual import RotorTerms, merge_secondary, rotor_terms

__all__ = [
    "GearedModel",
    "ROTOR_MODELS",
    "RotorTerms",
    "merge_secondary",
    "rotor_terms",
    "Actuator",
    "Mesh",
    "SecondaryLink",
    "Transmission",
    "TransmissionStructure",
    "analyse",
]
