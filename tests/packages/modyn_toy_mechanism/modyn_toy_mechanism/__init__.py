"""A user's mechanism package for modyn: the planar 2-link arm in absolute angles."""

from pathlib import Path

from .planar_absolute import PlanarAbsolute2R

#: the mechanism file shipped with the package (kind: planar_absolute_2r)
TOY_2R_YAML = Path(__file__).with_name("toy_2r.yaml")

__all__ = ["PlanarAbsolute2R", "TOY_2R_YAML"]
