"""The plant's own record of every state it publishes (``hardware_interface`` parameter
``state_log``).

A recorder that subscribes to ``joint_states`` over DDS loses samples when its process is starved
on a loaded machine (the writer's keep-last history overwrites what it has not yet read: 2937 of
3114 stamps kept at load 20). The hardware interface writes each state it publishes to a file
instead, through a buffered binary stream: nothing is lost whatever the load, and the plant loop
pays one copy into a buffer per state (no allocation, a ``write`` system call per 64 KiB).

File layout: one line of JSON (``{"format": "modyn-state-log", "version": 1, "names": [...],
"velocity_names": [...], "effort_names": [...]}``), then fixed-size little-endian rows: the
header stamp (int64 ns, plant time in lockstep), the steady wall clock when published (int64
ns), then position, velocity and effort as float64, in the published ``joint_states`` order.
A state republished while the lockstep plant waits for its first command appears once per
publication. :func:`read_state_log` reads it back.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

__all__ = ["StateLog", "StateRecord", "read_state_log"]

_FORMAT = "modyn-state-log"
_VERSION = 1
_BUFFER = 1 << 16


def _row_dtype(nq: int, nv: int, ne: int) -> np.dtype:
    fields = [("stamp", "<i8"), ("wall", "<i8"), ("q", "<f8", (nq,)), ("v", "<f8", (nv,))]
    return np.dtype([*fields, ("effort", "<f8", (ne,))])


class StateLog:
    """Append-only writer of published states (see the module docstring).

    Parameters
    ----------
    path
        File to create (replaced if it exists; its directory must exist).
    names, velocity_names, effort_names
        The published ``joint_states`` names of position, velocity and effort (effort may be
        empty: a plant that measures none).
    """

    def __init__(
        self,
        path: str | Path,
        names: Sequence[str],
        velocity_names: Sequence[str],
        effort_names: Sequence[str],
    ):
        self.path = Path(path)
        header = {
            "format": _FORMAT,
            "version": _VERSION,
            "names": list(names),
            "velocity_names": list(velocity_names),
            "effort_names": list(effort_names),
        }
        self._row = np.zeros(1, _row_dtype(len(names), len(velocity_names), len(effort_names)))
        self._view = memoryview(self._row).cast("B")  # the row's bytes, written without a copy
        # views of the row's fields, filled in place each state
        self._stamp, self._wall = self._row["stamp"], self._row["wall"]
        self._q, self._v, self._e = self._row["q"][0], self._row["v"][0], self._row["effort"][0]
        self._file = open(self.path, "wb", buffering=_BUFFER)  # noqa: SIM115 - closed in close()
        self._file.write((json.dumps(header) + "\n").encode())
        self.rows = 0

    def append(self, stamp_ns: int, wall_ns: int, q, v, effort) -> None:
        """One published state: ``q``, ``v``, ``effort`` any float sequences of the header's
        sizes (the message's own arrays)."""
        self._stamp[0] = stamp_ns
        self._wall[0] = wall_ns
        self._q[:] = q
        self._v[:] = v
        if len(effort):
            self._e[:] = effort
        self._file.write(self._view)
        self.rows += 1

    def flush(self) -> None:
        self._file.flush()

    def close(self) -> None:
        if not self._file.closed:
            self._file.close()


@dataclass(frozen=True)
class StateRecord:
    """A state log read back: arrays of N rows (stamps ascending as published)."""

    names: list[str]
    velocity_names: list[str]
    effort_names: list[str]
    stamp_ns: np.ndarray  # (N,) int64, the header stamps
    wall_ns: np.ndarray  # (N,) int64, steady clock at publication
    position: np.ndarray  # (N, nq)
    velocity: np.ndarray  # (N, nv)
    effort: np.ndarray  # (N, ne)

    def first_of_each_stamp(self) -> StateRecord:
        """The record without republications: the first row of each stamp (the lockstep plant
        republishes t_k while it waits for its first command)."""
        _, first = np.unique(self.stamp_ns, return_index=True)
        keep = np.sort(first)
        return StateRecord(
            self.names,
            self.velocity_names,
            self.effort_names,
            self.stamp_ns[keep],
            self.wall_ns[keep],
            self.position[keep],
            self.velocity[keep],
            self.effort[keep],
        )


def read_state_log(path: str | Path) -> StateRecord:
    """Read a file written by :class:`StateLog`. A last row cut short (the writer killed while
    its buffer was written) is left out; a file that is not a state log raises ``ValueError``
    naming it."""
    data = Path(path).read_bytes()
    end = data.find(b"\n")
    try:
        header = json.loads(data[:end]) if end >= 0 else None
    except json.JSONDecodeError:
        header = None
    if not isinstance(header, dict) or header.get("format") != _FORMAT:
        raise ValueError(f"{path}: not a modyn state log (no '{_FORMAT}' header line)")
    if header.get("version") != _VERSION:
        raise ValueError(
            f"{path}: state log version {header.get('version')!r}, expected {_VERSION}"
        )
    names, vnames, enames = header["names"], header["velocity_names"], header["effort_names"]
    dtype = _row_dtype(len(names), len(vnames), len(enames))
    body = data[end + 1 :]
    rows = np.frombuffer(body[: len(body) - len(body) % dtype.itemsize], dtype=dtype)
    return StateRecord(
        names,
        vnames,
        enames,
        rows["stamp"].copy(),
        rows["wall"].copy(),
        rows["q"].copy(),
        rows["v"].copy(),
        rows["effort"].copy(),
    )
