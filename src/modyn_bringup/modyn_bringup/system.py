"""System descriptions: which nodes, which robot, which plant, all parameters (one YAML file).

A system file lives in ``config/systems/<name>.yaml`` (installed under
``share/modyn_bringup/config/systems``)::

    description: RX-90 6R arm, built-in simulated plant in lockstep sim time
    robot:
      xacro: urdf/rx90.urdf.xacro     # relative to the modyn_bringup share dir, or absolute
      args: {payload: "0.0"}          # xacro arguments
      extras: urdf/rx90_extras.yaml   # joint extras (optional)
      # or, instead of xacro/args, a plain URDF file:
      # urdf: package://example-robot-data/robots/xarm_description/urdf/xarm7.urdf
      # or, instead of all of these, a mechanism file (docs/model.md; kind: ... in it):
      # model: package://my_robots/config/stewart.yaml
    use_sim_time: true                # every node except the clock source
    record: [/joint_states]           # topics `modyn_system ... --record run.mcap` writes
    nodes:
      - name: hardware_interface
        package: modyn_hardware
        executable: hardware_interface
        clock_source: true            # publishes /clock: runs on the wall clock itself
        parameters: {mode: lockstep, rate: 1000.0}
      - name: feedback_controller
        package: modyn_control
        executable: feedback_controller
        parameters: {kp: [400.0], kd: [40.0]}

Paths (``xacro``, ``urdf``, ``extras``, ``model``) are absolute, relative to the modyn_bringup
share directory, ``~``/``$VAR`` expanded, or ``package://<package>/<path>``
(:func:`resolve_package_uri`: the ament index of ``AMENT_PREFIX_PATH``, then this Python's
``cmeel.prefix``).

``robot: {model: <file>}`` names a mechanism file (:func:`modyn_model.load_model`, any
``kind:``, e.g. one a user's package registers): every node then receives that file's YAML as
``robot_description``, its relative paths made absolute first (:func:`mechanism_description`),
since a node reads the text without knowing where the file was. The file holds its own options:
``args`` and ``extras`` next to ``model`` are an error. The model is built once here, so that a
bad file is reported with the system file's name before any node starts.

A node may carry its own ``robot:`` mapping (the same fields), e.g. a controller whose model
differs from the plant's (a mass error): that node then receives it as ``robot_description``
(and its ``model_extras``) instead of the system's; the other nodes, the plant included, keep
the system's robot.

Both starters read it through :func:`load_system`: ``launch/system.launch.py`` for
``ros2 launch`` and :mod:`modyn_bringup.runner` where ``launch`` is not installed. Each node
receives its ``parameters`` plus ``robot_description`` (the expanded xacro), ``model_extras``
(absolute path) and ``use_sim_time``.
"""

from __future__ import annotations

import os
import sysconfig
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from modyn_model.errors import ModynError
from modyn_model.yaml_numbers import load_yaml

__all__ = [
    "BringupError",
    "NodeSpec",
    "SystemSpec",
    "load_system",
    "share_directory",
    "apply_overrides",
    "composed_field",
    "LOOP",
    "default_composition",
    "resolve_package_uri",
    "mechanism_description",
]


class BringupError(ModynError):
    """A system description that cannot be used; the message names the file and the field."""


@dataclass
class NodeSpec:
    """One node of a system."""

    name: str
    package: str
    executable: str
    parameters: dict = field(default_factory=dict)
    clock_source: bool = False


@dataclass
class SystemSpec:
    """A loaded system: its nodes with complete parameters."""

    name: str
    source: Path
    description: str
    robot_description: str
    model_extras: str
    use_sim_time: bool
    nodes: list[NodeSpec]
    #: nodes in one process and one executor (modyn_bringup.composed): True for all of them, or
    #: the names of those composed (the others in their own processes, e.g. the loop composed,
    #: hardware_interface and feedback_controller, and the planning beside it); from the system
    #: file's ``composed:`` (default false) or ``modyn_system --composed [NODES]``
    composed: bool | tuple[str, ...] = False
    #: the system file says ``composed:`` (true, false or names): :func:`default_composition`
    #: leaves its choice alone
    composed_given: bool = False
    #: SCHED_FIFO priority (1-99) of the node processes (the file's ``realtime_priority:`` or
    #: ``modyn_system --realtime-priority``; None: the normal policy); modyn_ros.node_main
    realtime_priority: int | None = None
    #: topics ``--record`` writes (the file's top-level ``record:`` list; modyn_bringup.recorder)
    record: tuple[str, ...] = ("/joint_states",)

    def node(self, name: str) -> NodeSpec:
        for spec in self.nodes:
            if spec.name == name:
                return spec
        raise BringupError(
            f"{self.source}: no node named '{name}' (nodes: {[n.name for n in self.nodes]})"
        )

    def node_parameters(self, spec: NodeSpec) -> dict:
        """The full parameter set of ``spec``: its own, the robot and the clock settings."""
        params = {
            "robot_description": self.robot_description,
            "use_sim_time": self.use_sim_time and not spec.clock_source,
        }
        if self.model_extras:
            params["model_extras"] = self.model_extras
        params.update(spec.parameters)
        return params


def share_directory() -> Path:
    """modyn_bringup's share directory (installed), else the repository root (source tree)."""
    try:
        from ament_index_python.packages import PackageNotFoundError, get_package_share_directory

        try:
            return Path(get_package_share_directory("modyn_bringup"))
        except PackageNotFoundError:
            pass
    except ImportError:  # pragma: no cover - ament_index_python ships with rclpy
        pass
    return Path(__file__).resolve().parents[3]


def _resolve(path: str, base: Path) -> Path:
    if path.startswith("package://"):
        return resolve_package_uri(path)
    p = Path(os.path.expandvars(os.path.expanduser(path)))
    return p if p.is_absolute() else base / p


def _package_prefixes() -> list[Path]:
    """Where ``package://`` looks: the ament prefixes (``AMENT_PREFIX_PATH``, a sourced ROS or
    colcon workspace), then the cmeel prefix of this Python environment (``<site-packages>/
    cmeel.prefix``: where pip installs example-robot-data, pinocchio and the like, with an ament
    index of their own)."""
    prefixes = [Path(p) for p in os.environ.get("AMENT_PREFIX_PATH", "").split(os.pathsep) if p]
    for key in ("purelib", "platlib"):
        cmeel = Path(sysconfig.get_paths()[key]) / "cmeel.prefix"
        if cmeel.is_dir() and cmeel not in prefixes:
            prefixes.append(cmeel)
    return prefixes


def resolve_package_uri(uri: str) -> Path:
    """``package://<package>/<path>`` → ``<prefix>/share/<package>/<path>`` in the first prefix
    of :func:`_package_prefixes` whose ament index lists the package.

    Raises
    ------
    BringupError
        Naming the URI and the prefixes searched when no prefix has the package (or the file).
    """
    rest = uri[len("package://") :]
    package, _, relative = rest.partition("/")
    if not package or not relative:
        raise BringupError(f"'{uri}': expected package://<package>/<path>")
    prefixes = _package_prefixes()
    for prefix in prefixes:
        if (prefix / "share/ament_index/resource_index/packages" / package).is_file():
            path = prefix / "share" / package / relative
            if not path.is_file():
                raise BringupError(f"'{uri}': package '{package}' has no file {path}")
            return path
    raise BringupError(
        f"'{uri}': package '{package}' not found in the ament index of "
        f"{[str(p) for p in prefixes]} (AMENT_PREFIX_PATH, then this Python's cmeel.prefix)"
    )


def _find(name: str) -> Path:
    path = Path(name)
    if path.suffix in (".yaml", ".yml") and path.is_file():
        return path
    candidate = share_directory() / "config" / "systems" / f"{name}.yaml"
    if candidate.is_file():
        return candidate
    available = sorted(p.stem for p in (share_directory() / "config" / "systems").glob("*.yaml"))
    raise BringupError(f"system '{name}' not found (a YAML path, or one of {available})")


def _check_parameter_value(where: str, value) -> None:
    """A value a ROS 2 parameter can hold: a bool, int, float or string, or a list of one of
    these kinds (ints and floats may mix: a float array); else a BringupError naming ``where``,
    the item and the value (a list of numbers with a word in it was read as strings by YAML 1.1,
    and ``ros2 launch`` refused the mixed list)."""
    if value is None or isinstance(value, (bool, int, float, str)):
        return
    if isinstance(value, dict):
        raise BringupError(
            f"{where}: a mapping is not a parameter value (nested parameters are written "
            f"'outer.inner: value'), got {value!r}"
        )
    if not isinstance(value, list):
        raise BringupError(f"{where}: not a parameter value: {value!r}")

    def kind(x) -> str:
        if isinstance(x, bool):
            return "bool"
        if isinstance(x, (int, float)):
            return "number"
        if isinstance(x, str):
            return "string"
        return type(x).__name__

    kinds = [kind(x) for x in value]
    for k, (x, found) in enumerate(zip(value, kinds, strict=True)):
        if found not in ("bool", "number", "string"):
            raise BringupError(f"{where}[{k}]: {x!r} is not a bool, number or string")
    if len(set(kinds)) > 1:
        first = kinds[0]
        k = next(k for k, found in enumerate(kinds) if found != first)
        raise BringupError(
            f"{where}[{k}]: {value[k]!r} is a {kinds[k]} in a list of {first}s (a parameter "
            "array holds one kind)"
        )


def apply_overrides(data: dict, overrides: list[str], source: Path) -> None:
    """Apply ``node.parameter=value`` strings (value parsed as YAML) to the raw system data."""
    for item in overrides:
        key, sep, value = item.partition("=")
        node, dot, param = key.partition(".")
        if not sep or not dot or not node or not param:
            raise BringupError(f"override '{item}': expected node.parameter=value")
        for spec in data.get("nodes", []):
            if isinstance(spec, dict) and spec.get("name") == node:
                spec.setdefault("parameters", {})[param] = load_yaml(value)
                break
        else:
            raise BringupError(f"{source}: override '{item}' names no node of the system")


#: top-level fields of the built-in kinds that hold a path (modyn_model.factory)
_PATH_FIELDS = {"urdf": ("file", "extras"), "xacro": ("file", "extras"), "mdh": ("file",)}


def mechanism_description(path: Path, where: str = "robot.model") -> str:
    """The YAML text of the mechanism file ``path``, self-contained, for ``robot_description``.

    A node reads the text without the file's directory, so relative paths inside are made
    absolute first (relative to the file; ``package://`` resolved as for ``robot.urdf``): for the
    built-in kinds their path fields (``file``, ``extras``); for any other kind, each top-level string that names an existing file next to
    the mechanism file (a kind's own data files). A URDF file (XML) is returned as it is. The
    model is built once (:func:`modyn_model.load_model`), so that a bad file fails here.

    Raises
    ------
    BringupError
        Naming ``where``, the file and, from modyn_model, the field.
    """
    from modyn_model import load_model

    if not path.is_file():
        raise BringupError(f"{where}: {path} not found")
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise BringupError(f"{where}: {path} cannot be read: {exc}") from None
    if not text.lstrip().startswith("<"):
        try:
            data = load_yaml(text)
        except yaml.YAMLError as exc:
            raise BringupError(f"{where}: {path}: malformed YAML: {exc}") from None
        if not isinstance(data, dict):
            raise BringupError(f"{where}: {path}: expected a mapping with a 'kind:' field")
        fields = _PATH_FIELDS.get(data.get("kind"))
        for key, value in data.items():
            if key in ("kind", "name") or not isinstance(value, str) or "\n" in value:
                continue
            if fields is not None and key not in fields:
                continue
            if value.startswith("package://"):  # e.g. a URDF of example-robot-data
                data[key] = str(resolve_package_uri(value))
                continue
            p = Path(os.path.expandvars(os.path.expanduser(value)))
            if p.is_absolute() or (fields is None and not (path.parent / p).is_file()):
                continue
            data[key] = str(path.parent / p)
        text = yaml.safe_dump(data, sort_keys=False)
    try:
        load_model(text)  # as every node will
    except ModynError as exc:
        raise BringupError(f"{where}: {path}: {exc}") from exc
    return text


def _expand_robot(robot, where: str, base: Path) -> tuple[str, str]:
    """(robot_description, model_extras path or "") of a ``robot:`` mapping (the system's, or
    a node's own); errors name ``where`` (the file, and the node) and the field."""
    if not isinstance(robot, dict):
        raise BringupError(f"{where}: 'robot' must be a mapping, got {robot!r}")
    if not {"xacro", "urdf", "model"} & set(robot):
        raise BringupError(
            f"{where}: 'robot' needs 'xacro' (with optional 'args'), 'urdf' or 'model' "
            "(a mechanism file)"
        )
    unknown = sorted(set(robot) - {"xacro", "args", "urdf", "extras", "model"})
    if unknown:
        raise BringupError(
            f"{where}: robot: unknown field(s) {unknown}; allowed: args, extras, model, urdf, xacro"
        )
    from modyn_model.urdf import expand_xacro

    if "model" in robot:
        others = sorted(set(robot) - {"model"})
        if others:
            raise BringupError(
                f"{where}: robot.model names a mechanism file, which holds its own options: "
                f"remove robot.{', robot.'.join(others)} (or put them in that file)"
            )
        xml = mechanism_description(_resolve(str(robot["model"]), base), f"{where}: robot.model")
    elif "xacro" in robot:
        xacro_path = _resolve(robot["xacro"], base)
        args = {str(k): str(v) for k, v in (robot.get("args") or {}).items()}
        try:
            xml = expand_xacro(xacro_path, args)
        except Exception as exc:  # modyn_model.DescriptionError names the file
            raise BringupError(f"{where}: robot: {exc}") from exc
    else:
        urdf_path = _resolve(robot["urdf"], base)
        if not urdf_path.is_file():
            raise BringupError(f"{where}: robot.urdf: {urdf_path} not found")
        xml = urdf_path.read_text(encoding="utf-8")
    extras = ""
    if robot.get("extras"):
        extras_path = _resolve(robot["extras"], base)
        if not extras_path.is_file():
            raise BringupError(f"{where}: robot.extras: {extras_path} not found")
        extras = str(extras_path)
    return xml, extras


def composed_field(value, nodes: list, source) -> bool | tuple[str, ...]:
    """The ``composed:`` field checked: true/false, or a list of node names of ``nodes`` (the
    system file's ``nodes:`` entries, or NodeSpec), at least two, each once.

    Raises
    ------
    BringupError
        Another type, an empty or one-name list, a repeated name or one that is no node of the
        system (the nodes are listed).
    """
    if isinstance(value, bool):
        return value
    if not isinstance(value, list | tuple) or not all(isinstance(n, str) for n in value):
        raise BringupError(
            f"{source}: composed: expected true, false or a list of node names, got {value!r}"
        )
    names = [n.get("name") if isinstance(n, dict) else getattr(n, "name", None) for n in nodes]
    unknown = [n for n in value if n not in names]
    if unknown:
        raise BringupError(f"{source}: composed: no node named {unknown} (nodes: {names})")
    if len(set(value)) != len(value):
        raise BringupError(f"{source}: composed: a node is named twice in {list(value)}")
    if len(value) < 2:
        raise BringupError(
            f"{source}: composed: {list(value)} names fewer than two nodes: nothing to compose "
            "(false runs every node in its own process)"
        )
    return tuple(value)


#: the control loop: (package, executable) of the plant's interface and of the controller, the
#: two nodes that exchange a message each way at every tick
LOOP = (("modyn_hardware", "hardware_interface"), ("modyn_control", "feedback_controller"))


def default_composition(spec: SystemSpec) -> bool | tuple[str, ...]:
    """What ``modyn run`` and ``ros2 launch`` compose when nobody said (issue 29: the default is
    the fast layout): the system file's ``composed:`` where it has one; else the loop (the
    hardware interface and the feedback controller of :data:`LOOP`, one of each, in one process,
    still two nodes; the planning beside them), as ros2_control runs the controllers and the
    hardware in one process; else (no such pair: a bridge to ros2_control, a system without a
    controller) every node in its own process (False).

    Measured on rx90_sim (docs/performance_loop.md): four processes 1050 lockstep steps/s, the
    loop composed 8711; what is lost is isolation (a fault of one of the two ends both: the
    hold is then the drive's, docs/running.md)."""
    if spec.composed_given:
        return spec.composed
    loop = [[n.name for n in spec.nodes if (n.package, n.executable) == key] for key in LOOP]
    if all(len(names) == 1 for names in loop):
        return tuple(names[0] for names in loop)
    return False


def load_system(name: str | os.PathLike, overrides: list[str] | None = None) -> SystemSpec:
    """Read a system file (name under config/systems, or a path) and expand its robot."""
    source = _find(str(name))
    try:
        data = load_yaml(source.read_text(encoding="utf-8"))
    except yaml.YAMLError as exc:
        raise BringupError(f"{source}: malformed YAML: {exc}") from exc
    if not isinstance(data, dict) or not isinstance(data.get("nodes"), list):
        raise BringupError(f"{source}: expected a mapping with a 'nodes:' list")
    apply_overrides(data, overrides or [], source)
    composed = composed_field(data.get("composed", False), data["nodes"], source)
    priority = data.get("realtime_priority")
    if priority is not None and (
        isinstance(priority, bool) or not isinstance(priority, int) or not 1 <= priority <= 99
    ):
        raise BringupError(
            f"{source}: realtime_priority: expected an integer in 1..99, got {priority!r}"
        )
    base = share_directory()
    xml, extras = _expand_robot(data.get("robot") or {}, str(source), base)
    nodes = []
    for i, item in enumerate(data["nodes"]):
        where = f"{source}: nodes[{i}]"
        if not isinstance(item, dict):
            raise BringupError(f"{where}: expected a mapping")
        missing = [k for k in ("name", "package", "executable") if not item.get(k)]
        if missing:
            raise BringupError(f"{where}: missing {missing}")
        unknown = sorted(
            set(item) - {"name", "package", "executable", "parameters", "clock_source", "robot"}
        )
        if unknown:
            raise BringupError(f"{where}: unknown field(s) {unknown}")
        params = item.get("parameters") or {}
        if not isinstance(params, dict):
            raise BringupError(f"{where}: 'parameters' must be a mapping")
        params = dict(params)
        for key, value in params.items():
            _check_parameter_value(f"{where} ({item['name']}): parameters.{key}", value)
        if "robot" in item:
            # this node's own model (e.g. a controller's model with a mass error against the
            # plant's), expanded as the system's robot; it replaces robot_description and
            # model_extras for this node only
            if "robot_description" in params:
                raise BringupError(
                    f"{where}: both 'robot' and parameters.robot_description; give one"
                )
            own, own_extras = _expand_robot(item["robot"], where, base)
            params["robot_description"] = own
            params["model_extras"] = own_extras
        nodes.append(
            NodeSpec(
                str(item["name"]),
                str(item["package"]),
                str(item["executable"]),
                dict(params),
                bool(item.get("clock_source", False)),
            )
        )
    names = [n.name for n in nodes]
    if len(set(names)) != len(names):
        raise BringupError(f"{source}: node names must be unique, got {names}")
    record = data.get("record", ["/joint_states"])
    if (
        not isinstance(record, list)
        or not record
        or not all(isinstance(t, str) and t.strip("/") for t in record)
    ):
        raise BringupError(
            f"{source}: 'record' must be a non-empty list of topic names, got {record!r}"
        )
    return SystemSpec(
        name=source.stem,
        source=source,
        description=str(data.get("description", "")),
        robot_description=xml,
        model_extras=extras,
        use_sim_time=bool(data.get("use_sim_time", False)),
        nodes=nodes,
        composed=composed,
        composed_given="composed" in data,
        realtime_priority=priority,
        record=tuple(t if t.startswith("/") else "/" + t for t in record),
    )
