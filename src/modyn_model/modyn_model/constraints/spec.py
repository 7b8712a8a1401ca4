"""Constraints from a description (the ``constraints:`` list of a model file, see
:func:`modyn_model.load_model`)::

    constraints:
      - {type: point_contact, name: lf, frame: LF_FOOT, point: [0, 0, 0], anchor: [0.2, 0.1, 0]}
      - {type: frame_contact, name: hand, frame: tool0}          # anchor_pose: 4x4 or [x, y, z]
      - {type: loop_closure, name: loop, frame_a: pivot, frame_b: tip, dim: 3, rows: [0, 1]}
    baumgarte: {kp: 100.0, kd: 20.0}

Unset anchors are where the frames are at the model's neutral configuration.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..errors import ConstraintError, DescriptionError
from .kinds import Constraint, FrameContact, LoopClosure, PointContact

__all__ = ["constraints_from_spec"]

_FIELDS = {
    "point_contact": (PointContact, {"frame"}, {"point", "anchor", "rows"}),
    "frame_contact": (FrameContact, {"frame"}, {"anchor_pose", "rows"}),
    "loop_closure": (LoopClosure, {"frame_a", "frame_b"}, {"dim", "rows"}),
}


def constraints_from_spec(spec, source: str = "<mapping>") -> list[Constraint]:
    """The constraints of a ``constraints:`` list (mappings with ``type`` and ``name``)."""
    if not isinstance(spec, Sequence) or isinstance(spec, str):
        raise DescriptionError(f"{source}: field 'constraints' must be a list, got {spec!r}")
    out = []
    for i, item in enumerate(spec):
        where = f"{source}: constraints[{i}]"
        if not isinstance(item, Mapping):
            raise DescriptionError(f"{where} must be a mapping, got {item!r}")
        kind = item.get("type")
        if kind not in _FIELDS:
            raise DescriptionError(f"{where}: type must be one of {sorted(_FIELDS)}, got {kind!r}")
        cls, required, optional = _FIELDS[kind]
        allowed = {"type", "name"} | required | optional
        unknown = sorted(set(item) - allowed)
        missing = sorted(({"name"} | required) - set(item))
        if unknown or missing:
            raise DescriptionError(
                f"{where} ({kind}): "
                + (f"unknown field(s) {unknown}; " if unknown else "")
                + (f"missing field(s) {missing}; " if missing else "")
                + f"allowed: {sorted(allowed)}"
            )
        kwargs = {k: v for k, v in item.items() if k not in ("type", "name")}
        try:
            out.append(cls(str(item["name"]), **kwargs))
        except ConstraintError as exc:
            raise ConstraintError(f"{where}: {exc}") from None
    return out
