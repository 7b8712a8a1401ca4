"""Robots with elastic joints (Khalil §7.3.8, [7.34]-[7.35]): kind ``elastic`` of
:func:`modyn_model.load_model`, :class:`~.model.ElasticJointModel` (docs/elastic.md)."""

from .model import ElasticJointModel

__all__ = ["ElasticJointModel"]
