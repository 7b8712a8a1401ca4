"""System descriptions: which nodes, which robot, which plant, all parameters (one YAML file).

A system file lives in ``config/systems/<name>.yaml`` (installed under
``share/modyn_bringup/config/systems``)::

    description: RX-90 6R arm, built-in simulated plant in lockstep sim time
    robot:
      xacro: urdf/rx90.urdf.xacro     # relative to the modyn_bringup share dir, or absolute
      args: {payload: "0.0"}          # xacro arguments
      extras: urdf/rx90_extras.yaml   # joint extras (optional)
    use_sim_time: true                # every node except the clock source
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

Both starters read it through :func:`load_system`: ``launch/system.launch.py`` for
``ros2 launch`` and :mod:`modyn_bringup.runner` where ``launch`` is not installed. Each node
receives its ``parameters`` plus ``robot_description`` (the expanded xacro), ``model_extras``
(absolute path) and ``use_sim_time``.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

import yaml

__all__ = [
    "BringupError",
    "NodeSpec",
    "SystemSpec",
    "load_system",
    "share_directory",
    "apply_overrides",
]


class BringupError(ValueError):
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
    p = Path(os.path.expandvars(os.path.expanduser(path)))
    return p if p.is_absolute() else base / p


def _find(name: str) -> Path:
    path = Path(name)
    if path.suffix in (".yaml", ".yml") and path.is_file():
        return path
    candidate = share_directory() / "config" / "systems" / f"{name}.yaml"
    if candidate.is_file():
        return candidate
    available = sorted(p.stem for p in (share_directory() / "config" / "systems").glob("*.yaml"))
    raise BringupError(f"system '{name}' not found (a YAML path, or one of {available})")


def apply_overrides(data: dict, overrides: list[str], source: Path) -> None:
    """Apply ``node.parameter=value`` strings (value parsed as YAML) to the raw system data."""
    for item in overrides:
        key, sep, value = item.partition("=")
        node, dot, param = key.partition(".")
        if not sep or not dot or not node or not param:
            raise BringupError(f"override '{item}': expected node.parameter=value")
        for spec in data.get("nodes", []):
            if isinstance(spec, dict) and spec.get("name") == node:
                spec.setdefault("parameters", {})[param] = yaml.safe_load(value)
                break
        else:
            raise BringupError(f"{source}: override '{item}' names no node of the system")


def load_system(name: str | os.PathLike, overrides: list[str] | None = None) -> SystemSpec:
    """Read a system file (name under config/systems, or a path) and expand its robot."""
    source = _find(str(name))
    try:
        data = yaml.safe_load(source.read_text(encoding="utf-8"))
    except yaml.YAMLError as exc:
        raise BringupError(f"{source}: malformed YAML: {exc}") from exc
    if not isinstance(data, dict) or not isinstance(data.get("nodes"), list):
        raise BringupError(f"{source}: expected a mapping with a 'nodes:' list")
    apply_overrides(data, overrides or [], source)
    base = share_directory()
    robot = data.get("robot") or {}
    if "xacro" not in robot and "urdf" not in robot:
        raise BringupError(f"{source}: 'robot' needs 'xacro' (with optional 'args') or 'urdf'")
    from modyn_model.urdf import expand_xacro

    if "xacro" in robot:
        xacro_path = _resolve(robot["xacro"], base)
        args = {str(k): str(v) for k, v in (robot.get("args") or {}).items()}
        try:
            xml = expand_xacro(xacro_path, args)
        except Exception as exc:  # modyn_model.DescriptionError names the file
            raise BringupError(f"{source}: robot: {exc}") from exc
    else:
        urdf_path = _resolve(robot["urdf"], base)
        if not urdf_path.is_file():
            raise BringupError(f"{source}: robot.urdf: {urdf_path} not found")
        xml = urdf_path.read_text(encoding="utf-8")
    extras = ""
    if robot.get("extras"):
        extras_path = _resolve(robot["extras"], base)
        if not extras_path.is_file():
            raise BringupError(f"{source}: robot.extras: {extras_path} not found")
        extras = str(extras_path)
    nodes = []
    for i, item in enumerate(data["nodes"]):
        where = f"{source}: nodes[{i}]"
        if not isinstance(item, dict):
            raise BringupError(f"{where}: expected a mapping")
        missing = [k for k in ("name", "package", "executable") if not item.get(k)]
        if missing:
            raise BringupError(f"{where}: missing {missing}")
        unknown = sorted(
            set(item) - {"name", "package", "executable", "parameters", "clock_source"}
        )
        if unknown:
            raise BringupError(f"{where}: unknown field(s) {unknown}")
        params = item.get("parameters") or {}
        if not isinstance(params, dict):
            raise BringupError(f"{where}: 'parameters' must be a mapping")
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
    return SystemSpec(
        name=source.stem,
        source=source,
        description=str(data.get("description", "")),
        robot_description=xml,
        model_extras=extras,
        use_sim_time=bool(data.get("use_sim_time", False)),
        nodes=nodes,
    )
