"""One factory for every model: URDF, xacro, modified-DH table, or a mechanism file.

Every node, plant and tool gets its model from :func:`load_model`, so that a new mechanism is
a model class plus a YAML file and never a branch inside a node::

    load_model("robot.urdf", extras="extras.yaml")         # URDF file (or its XML text)
    load_model("robot.urdf.xacro", xacro_args={"payload": "1.0"})
    load_model("rx90")                                     # a modified-DH table shipped here
    load_model("stewart.yaml")                             # a mechanism file, see below

A mechanism file (or its YAML text, or a mapping) names its class with ``kind:``::

    kind: planar_absolute_2r          # a registered kind
    name: toy
    ...                               # whatever that class reads

Kinds are registered in-process with :func:`register_mechanism`, or by any installed package
through the entry-point group ``modyn.mechanisms`` (``setup.py``)::

    entry_points={"modyn.mechanisms": ["planar_absolute_2r = my_pkg.toy:ToyArm.from_description"]}

The loader is called as ``loader(description, source=<file or "<text>">, base_dir=<its
directory>)`` and returns a :class:`~modyn_model.contract.MechanismModel`. Built-in kinds:
``urdf`` (``file`` or ``xml``; ``extras``, ``root``, ``tip``, ``locked_joints``, ``gravity``,
``mimic``: a description with ``<mimic>`` joints gives a
:class:`~modyn_model.mechanisms.coupled.CoupledJointsModel` unless ``mimic: lock|error``),
``floating_base: true`` for a free-flyer base, :class:`~modyn_model.floating.FloatingBaseModel`),
``xacro`` (``file``, ``args``, and the same options), ``mdh`` (``file``, or the table inline) and
``ball_joint`` (a rigid body on a spherical joint, nq = 4, nv = 3:
:class:`~modyn_model.mechanisms.ball_joint.BallJointBody`) and ``stewart`` (a 6-UPS Stewart
platform by Lopes' generalized momentum, q = platform pose, u = six leg forces:
:class:`~modyn_model.mechanisms.stewart.model.StewartModel`, docs/stewart.md), ``geared``
(a URDF tree of primary links driven through gear trains, Chen & Wang's virtual links: ``urdf``,
``secondary_links``, ``meshes``, ``actuators``, ``rotor_model``; q = the joints, u = the motor
torques, S = Aᵀ: :class:`~modyn_model.mechanisms.geared.model.GearedModel`, docs/geared.md),
``quadruped_tail`` (Liu & Ben-Tzvi's quadruped with a 2-DOF tail, four feet pinned, by the
virtual-work principle: q = torso pose + tail angles, u = 14 motors:
:class:`~modyn_model.mechanisms.quadruped_tail.model.QuadrupedTailModel`, docs/quadruped_tail.md)
and ``space_manipulator`` (a serial arm on a free-flying base in dual quaternions: ``urdf``,
``inertia``, ``gravity``, ``base_actuators``; the floating-base q/v/τ:
:class:`~modyn_model.mechanisms.space.model.SpaceManipulatorModel`) and ``elastic`` (a rigid
tree driven through joint springs, Khalil [7.34]-[7.35]: ``links``, ``stiffness``,
``rotor_inertia``...; q = [links; motors], u = the motor torques, S = [0 I]:
:class:`~modyn_model.mechanisms.elastic.model.ElasticJointModel`, docs/elastic.md).
A mapping without ``kind:`` but with ``frames:`` is a modified-DH table.

Any kind's mapping may add ``constraints:`` (a list, see
:func:`modyn_model.constraints.constraints_from_spec`) and ``baumgarte: {kp, kd}``: the model is
then a :class:`~modyn_model.constraints.ConstrainedModel` around the kind's model.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping, Sequence
from importlib import metadata
from pathlib import Path

from .errors import DescriptionError, ModynError
from .fields import check_fields
from .yaml_numbers import load_yaml

__all__ = [
    "ENTRY_POINT_GROUP",
    "load_model",
    "register_mechanism",
    "mechanism_kinds",
]

ENTRY_POINT_GROUP = "modyn.mechanisms"

Loader = Callable[..., object]
_REGISTRY: dict[str, Loader] = {}


def register_mechanism(kind: str, loader: Loader, *, replace: bool = False) -> None:
    """Register ``loader(description, *, source, base_dir)`` for mechanism files of ``kind``."""
    if not isinstance(kind, str) or not kind:
        raise DescriptionError(f"a mechanism kind must be a non-empty string, got {kind!r}")
    if not callable(loader):
        raise DescriptionError(f"mechanism kind '{kind}': the loader {loader!r} is not callable")
    if kind in _BUILTIN:  # it would never be called: the built-in kinds are looked up first
        raise DescriptionError(f"mechanism kind '{kind}' is built in and cannot be replaced")
    if kind in _REGISTRY and not replace and _REGISTRY[kind] is not loader:
        raise DescriptionError(f"mechanism kind '{kind}' is already registered")
    _REGISTRY[kind] = loader


def _entry_points() -> dict[str, metadata.EntryPoint]:
    return {ep.name: ep for ep in metadata.entry_points(group=ENTRY_POINT_GROUP)}


def mechanism_kinds() -> list[str]:
    """Every kind :func:`load_model` knows: built-in, registered and installed."""
    return sorted(set(_BUILTIN) | set(_REGISTRY) | set(_entry_points()))


def _loader(kind: str, source: str) -> Loader:
    if kind in _BUILTIN:
        return _BUILTIN[kind]
    if kind in _REGISTRY:
        return _REGISTRY[kind]
    ep = _entry_points().get(kind)
    if ep is None:
        raise DescriptionError(
            f"{source}: unknown mechanism kind '{kind}'; known kinds: {mechanism_kinds()} "
            f"(a package adds one through the entry-point group '{ENTRY_POINT_GROUP}')"
        )
    try:
        loader = ep.load()
    except Exception as exc:  # an installed plug-in that fails to import: say which
        raise DescriptionError(
            f"{source}: mechanism kind '{kind}' ({ep.value}) could not be imported: {exc}"
        ) from exc
    _REGISTRY[kind] = loader
    return loader


# ---------------------------------------------------------------------- built-in kinds
def _path(value, base_dir: Path | None, field: str, source: str) -> Path:
    if not isinstance(value, str | os.PathLike) or not str(value):
        raise DescriptionError(f"{source}: field '{field}' must be a file path, got {value!r}")
    p = Path(os.path.expandvars(os.path.expanduser(str(value))))
    if not p.is_absolute() and base_dir is not None:
        p = base_dir / p
    return p


def _tree_options(d: Mapping, base_dir: Path | None, source: str) -> dict:
    options = {}
    if d.get("extras") is not None:
        extras = d["extras"]
        options["extras"] = (
            extras if isinstance(extras, Mapping) else _path(extras, base_dir, "extras", source)
        )
    for key, option in (("root", "root"), ("tip", "tip")):
        if d.get(key):
            options[option] = str(d[key])
    if d.get("locked_joints"):
        options["locked_joints"] = list(d["locked_joints"])
    if d.get("gravity") is not None:
        options["gravity"] = d["gravity"]
    if d.get("mimic") is not None:
        options["mimic"] = str(d["mimic"])
    if d.get("floating_base"):  # a free-flyer base: modyn_model.floating.FloatingBaseModel
        options["floating_base"] = True
    return options


def _load_urdf_kind(d: Mapping, *, source: str, base_dir: Path | None = None):
    from .model import RobotModel

    _known(
        d,
        {"kind", "name", "file", "xml", "extras", "root", "tip", "locked_joints", "gravity"}
        | {"mimic", "floating_base"},
        source,
    )
    if ("file" in d) == ("xml" in d):
        raise DescriptionError(f"{source}: kind 'urdf' needs exactly one of 'file' or 'xml'")
    urdf = d["xml"] if "xml" in d else _path(d["file"], base_dir, "file", source)
    return RobotModel.from_urdf(urdf, **_tree_options(d, base_dir, source))


def _load_xacro_kind(d: Mapping, *, source: str, base_dir: Path | None = None):
    from .model import RobotModel

    _known(
        d,
        {
            "kind",
            "name",
            "file",
            "args",
            "extras",
            "root",
            "tip",
            "locked_joints",
            "gravity",
            "mimic",
            "floating_base",
        },
        source,
    )
    args = d.get("args") or {}
    if not isinstance(args, Mapping):
        raise DescriptionError(f"{source}: field 'args' must be a mapping, got {args!r}")
    return RobotModel.from_xacro(
        _path(d.get("file"), base_dir, "file", source),
        **_tree_options(d, base_dir, source),
        **{str(k): str(v) for k, v in args.items()},
    )


def _load_mdh_kind(d: Mapping, *, source: str, base_dir: Path | None = None):
    from .model import RobotModel

    if "file" in d:
        _known(d, {"kind", "file", "gravity"}, source)
        table = _path(d["file"], base_dir, "file", source)
        return RobotModel.from_mdh(table, gravity=d.get("gravity"))
    return RobotModel.from_mdh({k: v for k, v in d.items() if k != "kind"})


def _load_ball_joint_kind(d: Mapping, *, source: str, base_dir: Path | None = None):
    from .mechanisms.ball_joint import BallJointBody

    return BallJointBody.from_description(d, source=source, base_dir=base_dir)


def _load_stewart_kind(d: Mapping, *, source: str, base_dir: Path | None = None):
    from .mechanisms.stewart.model import StewartModel

    return StewartModel.from_description(d, source=source, base_dir=base_dir)


def _load_geared_kind(d: Mapping, *, source: str, base_dir: Path | None = None):
    from .mechanisms.geared.model import GearedModel

    return GearedModel.from_description(d, source=source, base_dir=base_dir)


def _load_elastic_kind(d: Mapping, *, source: str, base_dir: Path | None = None):
    from .mechanisms.elastic.model import ElasticJointModel

    return ElasticJointModel.from_description(d, source=source, base_dir=base_dir)


def _load_space_manipulator_kind(d: Mapping, *, source: str, base_dir: Path | None = None):
    from .mechanisms.space.model import SpaceManipulatorModel

    return SpaceManipulatorModel.from_description(d, source=source, base_dir=base_dir)


def _load_quadruped_tail_kind(d: Mapping, *, source: str, base_dir: Path | None = None):
    from .mechanisms.quadruped_tail.model import QuadrupedTailModel

    return QuadrupedTailModel.from_description(d, source=source, base_dir=base_dir)


_BUILTIN: dict[str, Loader] = {
    "urdf": _load_urdf_kind,
    "xacro": _load_xacro_kind,
    "mdh": _load_mdh_kind,
    "ball_joint": _load_ball_joint_kind,
    "stewart": _load_stewart_kind,
    "geared": _load_geared_kind,
    "space_manipulator": _load_space_manipulator_kind,
    "quadruped_tail": _load_quadruped_tail_kind,
    "elastic": _load_elastic_kind,
}


def _known(d: Mapping, allowed: set, source: str) -> None:
    check_fields(d, allowed, f"{source}: kind '{d.get('kind')}'")


# ---------------------------------------------------------------------- the factory
def _from_mapping(d: Mapping, source: str, base_dir: Path | None):
    kind = d.get("kind")
    if kind is None:
        if "frames" in d:
            return _load_mdh_kind(d, source=source, base_dir=base_dir)
        raise DescriptionError(
            f"{source}: a mechanism description needs a 'kind:' field (one of "
            f"{mechanism_kinds()}), or 'frames:' for a modified-DH table; got fields {sorted(d)}"
        )
    if not isinstance(kind, str):
        raise DescriptionError(f"{source}: field 'kind' must be a string, got {kind!r}")
    if "constraints" in d or "baumgarte" in d:  # any kind: wrap its model (issue 14)
        return _constrained(d, source, base_dir)
    try:
        model = _loader(kind, source)(d, source=source, base_dir=base_dir)
    except ModynError:
        raise
    except Exception as exc:  # a plug-in's bug or an unchecked field: name the file and kind
        raise DescriptionError(
            f"{source}: mechanism kind '{kind}' could not build its model: "
            f"{type(exc).__name__}: {exc}"
        ) from exc
    from .contract import CONTRACT_MEMBERS

    missing = [m for m in CONTRACT_MEMBERS if not hasattr(model, m)]
    if missing:
        raise DescriptionError(
            f"{source}: kind '{kind}' built a {type(model).__name__} that lacks {missing} of "
            "the mechanism contract (modyn_model.contract.MechanismModel)"
        )
    return model


def _constrained(d: Mapping, source: str, base_dir: Path | None):
    """The model of ``d`` without ``constraints``/``baumgarte``, wrapped in a ConstrainedModel."""
    from .constraints import ConstrainedModel, constraints_from_spec

    inner = _from_mapping(
        {k: v for k, v in d.items() if k not in ("constraints", "baumgarte")}, source, base_dir
    )
    return ConstrainedModel(
        inner, constraints_from_spec(d.get("constraints") or [], source), d.get("baumgarte")
    )


def _yaml(text: str, source: str):
    import yaml

    try:
        return load_yaml(text)
    except yaml.YAMLError as exc:
        raise DescriptionError(f"{source}: not valid YAML: {exc}") from None


def load_model(
    source: str | os.PathLike | Mapping,
    *,
    extras: str | os.PathLike | Mapping | None = None,
    root: str | None = None,
    tip: str | None = None,
    locked_joints: Sequence[str] = (),
    gravity: Sequence[float] | None = None,
    xacro_args: Mapping[str, str] | None = None,
    base_dir: str | os.PathLike | None = None,
    mimic: str | None = None,
):
    """The model of ``source``: a file path, URDF XML text, YAML text, a mapping or the name of
    a shipped modified-DH table (see the module docstring).

    The keyword options apply to tree descriptions (URDF, xacro; ``mimic`` as
    :meth:`RobotModel.from_urdf`); given for a mechanism file
    they are an error (its file holds its options). ``base_dir`` resolves relative paths inside
    a mapping or YAML text (default: the file's directory, else the working directory).

    Raises
    ------
    modyn_model.DescriptionError
        Naming the file and the field, for anything that cannot be loaded.
    """
    tree = {}
    if extras is not None:
        tree["extras"] = extras
    if root:
        tree["root"] = root
    if tip:
        tree["tip"] = tip
    if locked_joints:
        tree["locked_joints"] = list(locked_joints)
    if gravity is not None:
        tree["gravity"] = gravity
    if mimic is not None:
        tree["mimic"] = mimic
    base = Path(base_dir) if base_dir is not None else None

    def no_tree_options(what: str) -> None:
        if tree or xacro_args:
            raise DescriptionError(
                f"{what}: options {sorted(tree) + (['xacro_args'] if xacro_args else [])} apply "
                "to URDF/xacro descriptions only; a mechanism file holds its own"
            )

    from .model import RobotModel

    if isinstance(source, Mapping):
        no_tree_options("<mapping>")
        return _from_mapping(source, "<mapping>", base)
    if isinstance(source, os.PathLike):
        source = os.fspath(source)
    if not isinstance(source, str) or not source.strip():
        raise DescriptionError(f"no robot description given (got {source!r})")
    text = source.lstrip()
    if text.startswith("<"):  # URDF XML
        return RobotModel.from_urdf(source, **tree)
    # YAML text: several lines, a flow mapping, or one "key: value" line (a name or path has
    # no ": ")
    if "\n" in text or text.startswith(("kind:", "{")) or ": " in text:
        data = _yaml(source, "<text>")
        if not isinstance(data, Mapping):
            raise DescriptionError(f"<text>: a description must be a YAML mapping, got {data!r}")
        no_tree_options("<text>")
        return _from_mapping(data, "<text>", base)

    def no_tree_options_for_mdh(what: str) -> None:
        # a modified-DH table holds its own extras and has no root/tip/locked joints to choose
        given = sorted(set(tree) - {"gravity"}) + (["xacro_args"] if xacro_args else [])
        if given:
            raise DescriptionError(
                f"{what}: options {given} apply to URDF/xacro descriptions only; a "
                "modified-DH table holds its own extras (only gravity may be given)"
            )

    path = Path(os.path.expandvars(os.path.expanduser(source)))
    if not path.exists():
        if os.sep not in source and "." not in source:  # a shipped table, e.g. "rx90"
            from .mdh import EXAMPLES

            shipped = sorted(p.stem for p in EXAMPLES.glob("*.yaml"))
            if source not in shipped:
                raise DescriptionError(
                    f"{source}: no such file, and not a shipped modified-DH table {shipped}"
                )
            no_tree_options_for_mdh(source)
            return RobotModel.from_mdh(source, gravity=gravity)
        raise DescriptionError(f"{source}: no such file")
    name = path.name.lower()
    if name.endswith(".xacro"):
        return RobotModel.from_xacro(path, **tree, **dict(xacro_args or {}))
    if name.endswith(".urdf"):
        return RobotModel.from_urdf(path, **tree)
    try:
        content = path.read_text()
    except OSError as exc:
        raise DescriptionError(f"{path}: cannot be read: {exc}") from None
    if content.lstrip().startswith("<"):
        return RobotModel.from_urdf(path, **tree)
    data = _yaml(content, str(path))
    if not isinstance(data, Mapping):
        raise DescriptionError(f"{path}: a description must be a YAML mapping, got {data!r}")
    if data.get("kind") in (None, "mdh") and "frames" in data:
        no_tree_options_for_mdh(str(path))
        return RobotModel.from_mdh(path, gravity=gravity)
    no_tree_options(str(path))
    return _from_mapping(data, str(path), base or path.parent)
