"""The composed mode: a system's nodes in ONE process and ONE executor, still separate nodes.

Each node is the same class its console script runs, created with the command line the runner
gives the separate process (``-r __node:=<name> --params-file <file>``) as the node's own
``cli_args``; the nodes keep talking on topics (intra-process, through the same DDS
participant), so that nothing in their contract changes. What is saved is the per-message cost
of crossing processes (serialization, the loopback, a wake-up of another process and a context
switch per hop: four hops per control tick) and the cost of four interpreters competing for the
cores. What is lost is isolation: a node that blocks or raises stops all of them (a fatal error
of the plant ends the process, as the holder's death ends the separate system), and one
executor runs every callback in turn (docs/performance_loop.md has the measured trade-off,
ros2_control makes the same choice: controllers and hardware in one process).

Run by the runner (``modyn_system <system> --composed``, or ``composed: true`` in a system
file); by hand::

    python -m modyn_bringup.composed MANIFEST.yaml [--executor single|events|multi]

where the manifest (written by the runner) lists ``nodes:`` with ``name``, ``package``,
``executable`` and ``params_file``.
"""

from __future__ import annotations

import argparse
import importlib
import os
import subprocess
import sys
from pathlib import Path

import yaml

from modyn_ros.node_main import EXECUTOR_ENV, EXECUTORS, default_executor, run_nodes

from . import fork_server
from .system import BringupError

__all__ = [
    "BESIDE",
    "COMPOSABLE",
    "check_composable",
    "inside",
    "main",
    "node_factories",
    "start_composed",
    "write_manifest",
]

#: (package, executable) of the nodes a composed system runs in their own process next to the
#: composed one: the recorder (``--record``) writes a file, which must not stall the loop's
#: executor, and takes the loop's topics over DDS as any outside subscriber
BESIDE: frozenset[tuple[str, str]] = frozenset({("modyn_bringup", "recorder")})

#: (package, executable) -> (module, node class, config error types, runtime error types), the
#: last two as "module:Name" strings: what each console script passes to run_node
COMPOSABLE: dict[tuple[str, str], tuple[str, str, tuple[str, ...], tuple[str, ...]]] = {
    ("modyn_hardware", "hardware_interface"): (
        "modyn_hardware.hardware_interface_node",
        "HardwareInterfaceNode",
        ("modyn_hardware.hardware_config:ConfigError",),
        ("modyn_hardware.plant:PlantError",),
    ),
    ("modyn_trajectory", "trajectory_generator"): (
        "modyn_trajectory.trajectory_generator_node",
        "TrajectoryGenerator",
        (),
        (),
    ),
    ("modyn_control", "inverse_dynamics_feedforward"): (
        "modyn_control.inverse_dynamics_feedforward_node",
        "InverseDynamicsFeedforward",
        (),
        (),
    ),
    ("modyn_control", "feedback_controller"): (
        "modyn_control.feedback_controller_node",
        "FeedbackController",
        (),
        (),
    ),
}


def _resolve(ref: str):
    module, name = ref.split(":")
    return getattr(importlib.import_module(module), name)


def node_factories(manifest: dict, where: str = "manifest") -> tuple[list, tuple, tuple]:
    """The node factories of ``manifest`` (in order) and the union of their error types.

    Raises BringupError naming the node for an executable that cannot be composed.
    """
    factories, config_errors, runtime_errors = [], [], []
    for i, item in enumerate(manifest.get("nodes") or []):
        key = (item["package"], item["executable"])
        if key not in COMPOSABLE:
            raise BringupError(
                f"{where}: nodes[{i}] '{item['name']}': {key[0]}/{key[1]} cannot run composed "
                f"(composable: {sorted('/'.join(k) for k in COMPOSABLE)})"
            )
        module, cls_name, cfg, run = COMPOSABLE[key]
        cls = getattr(importlib.import_module(module), cls_name)
        cli = ["--ros-args", "-r", f"__node:={item['name']}", "--params-file", item["params_file"]]
        # the default argument binds this node's class and command line (not the loop's last)
        factories.append(lambda cls=cls, cli=cli: cls(cli_args=cli))
        config_errors += [_resolve(r) for r in cfg]
        runtime_errors += [_resolve(r) for r in run]
    if not factories:
        raise BringupError(f"{where}: no nodes")
    return factories, tuple(config_errors), tuple(runtime_errors)


def inside(node, composed: bool | tuple[str, ...]) -> bool:
    """``node`` (NodeSpec) runs in the composed process under ``composed`` (a SystemSpec's
    ``composed``: True for all, names, or False); a recorder (:data:`BESIDE`) never does."""
    if not composed or (node.package, node.executable) in BESIDE:
        return False
    return composed is True or node.name in composed


def check_composable(spec, nodes: list) -> None:
    """BringupError naming the first of ``nodes`` that cannot run composed (not in
    :data:`COMPOSABLE`), before anything starts."""
    for node in nodes:
        if (node.package, node.executable) not in COMPOSABLE:
            raise BringupError(
                f"{spec.source}: node '{node.name}' ({node.package}/{node.executable}) "
                f"cannot run composed (composable: {sorted('/'.join(k) for k in COMPOSABLE)})"
            )


def write_manifest(spec, nodes: list, directory: Path, tag: str = "composed0") -> Path:
    """Write each of ``nodes``' (NodeSpec of the SystemSpec ``spec``) parameter file
    (``<name>.params.yaml``, as a separate process gets it) and the manifest that
    :func:`main` reads (``<tag>.manifest.yaml``) into ``directory``; return the manifest's
    path. Used by the runner and by launch/system.launch.py."""
    manifest: dict = {"nodes": []}
    for node in nodes:
        params = Path(directory) / f"{node.name}.params.yaml"
        params.write_text(
            yaml.safe_dump(
                {"/**": {"ros__parameters": spec.node_parameters(node)}}, sort_keys=False
            ),
            encoding="utf-8",
        )
        manifest["nodes"].append(
            {
                "name": node.name,
                "package": node.package,
                "executable": node.executable,
                "params_file": str(params),
            }
        )
    path = Path(directory) / f"{tag}.manifest.yaml"
    path.write_text(yaml.safe_dump(manifest, sort_keys=False), encoding="utf-8")
    return path


def start_composed(runner, nodes: list) -> None:
    """Start ``nodes`` (NodeSpec) of ``runner`` (a SystemRunner) as one composed process.

    Each node's name maps to that one process in ``runner.processes`` (so that the runner's
    supervision, ``dead()`` and ``stop()`` work unchanged: the nodes live and die together) and
    ``<log_dir>/<node>.log`` links to the shared ``composed.log``. Raises BringupError, before
    starting anything, for a node that cannot be composed.
    """
    check_composable(runner.spec, nodes)
    tag = f"composed{len(set(map(id, runner.processes.values())))}"
    path = write_manifest(runner.spec, nodes, Path(runner._tmp.name), tag)
    log_path = runner.log_dir / f"{tag}.log"
    log_path.write_bytes(b"")
    log = open(log_path, "ab")  # noqa: SIM115 - closed by the runner's stop()
    if runner.fork and fork_server.available():  # from the preloaded interpreter
        process = fork_server.start(
            "modyn_bringup.composed:main",
            ["modyn_bringup.composed", str(path)],
            runner.env,
            log_path,
            runner.new_session,
        )
    else:
        process = subprocess.Popen(
            [sys.executable, "-m", "modyn_bringup.composed", str(path)],
            stdout=log,
            stderr=subprocess.STDOUT,
            env=runner.env,
            start_new_session=runner.new_session,
        )
    for node in nodes:
        link = runner.log_dir / f"{node.name}.log"
        link.unlink(missing_ok=True)
        link.symlink_to(log_path.name)
        runner.processes[node.name] = process
        runner._logs[node.name] = log  # the runner writes to it (and closes it) by node name


def main(argv: list[str] | None = None) -> int:
    """Run the manifest's nodes in this process until SIGINT/SIGTERM (exit status as
    :func:`modyn_ros.node_main.run_node`; 2 for an unusable manifest)."""
    parser = argparse.ArgumentParser(prog="modyn_composed", description=__doc__.split("\n")[0])
    parser.add_argument("manifest", help="YAML file listing the nodes (written by the runner)")
    parser.add_argument(
        "--executor",
        choices=EXECUTORS,
        default=None,
        help="default: $MODYN_EXECUTOR, else events (measured: the SingleThreadedExecutor "
        "rebuilds its wait set over every node's entities at each spin, 5-10x slower here)",
    )
    args = parser.parse_args(argv)
    try:
        manifest = yaml.safe_load(Path(args.manifest).read_text(encoding="utf-8"))
        factories, config_errors, runtime_errors = node_factories(manifest, args.manifest)
    except (OSError, yaml.YAMLError, KeyError, TypeError, BringupError) as exc:
        print(f"modyn_composed: {args.manifest}: {exc}", file=sys.stderr)
        return 2
    return run_nodes(
        factories,
        "modyn_composed",
        None,
        config_errors=config_errors,
        runtime_errors=runtime_errors,
        executor_kind=args.executor or os.environ.get(EXECUTOR_ENV) or default_executor(),
    )


if __name__ == "__main__":
    sys.exit(main())
