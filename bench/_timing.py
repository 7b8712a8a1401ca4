"""The timing helpers shared by the benchmarks (bench/dynamics.py, bench/compiled.py,
bench/loop_costs.py, bench/mechanism_ticks.py).

Only ratios measured in the same run compare across machines; on the shared 2-core machine
the clock is the CPU time of the calling thread, so the time the process waits for a core is
not counted as the algorithm's (measured while other jobs ran, wall-clock timings of the same
loop varied by 3-5x between repeats), and the best of several repeats is kept.
"""

from __future__ import annotations

import sys
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path

import numpy as np

__all__ = ["best_time", "best_times", "erd_robots", "traced_allocations"]


def best_time(fn: Callable[[], object], calls: int, repeats: int) -> float:
    """Best mean time per call (s, thread CPU time) over ``repeats`` loops of ``calls`` calls.

    Parameters
    ----------
    fn : callable
        Called without arguments; called once first (warm-up: caches, lazy compilation).
    calls : int
        Calls per timed loop (the loop's time is divided by it).
    repeats : int
        Timed loops; the smallest mean is returned (the least disturbed one).
    """
    fn()
    best = np.inf
    for _ in range(repeats):
        start = time.thread_time()
        for _ in range(calls):
            fn()
        best = min(best, (time.thread_time() - start) / calls)
    return best


def best_times(fns: list[Callable[[], object]], calls: list[int], repeats: int) -> list[float]:
    """:func:`best_time` of several functions with their loops interleaved (repeat r times
    every function before repeat r + 1): a disturbance of a few hundred ms on the shared
    machine then hits all of them, not all the repeats of one (the ratios stay fair).

    Parameters
    ----------
    fns : list of callables
        Called without arguments; each called once first (warm-up).
    calls : list of int
        Calls per timed loop, per function.
    repeats : int
        Timed loops per function.

    Returns
    -------
    The best mean time per call (s, thread CPU time) of each function, in order.
    """
    for fn in fns:
        fn()
    best = [np.inf] * len(fns)
    for _ in range(repeats):
        for k, (fn, count) in enumerate(zip(fns, calls, strict=True)):
            start = time.thread_time()
            for _ in range(count):
                fn()
            best[k] = min(best[k], (time.thread_time() - start) / count)
    return best


def traced_allocations(
    call: Callable[[int], object], count: int, prepare: Callable[[int], object] | None = None
) -> tuple[int, int]:
    """(transient, retained) Python heap bytes of ``call(k)`` for k in range(count): the largest
    tracemalloc peak of one call above the level at its start, and what the calls left
    allocated in all; ``prepare(k)``, when given, runs before each call, outside the count.
    numpy reports its array buffers to tracemalloc, so a temporary (6,) array shows as >= 48 B
    plus its object."""
    tracemalloc.start()
    start_level, _ = tracemalloc.get_traced_memory()
    transient = 0
    for k in range(count):
        if prepare is not None:
            prepare(k)
        tracemalloc.reset_peak()
        before, _ = tracemalloc.get_traced_memory()
        call(k)
        _, peak = tracemalloc.get_traced_memory()
        transient = max(transient, peak - before)
    retained = tracemalloc.get_traced_memory()[0] - start_level
    tracemalloc.stop()
    return transient, retained


def erd_robots() -> Path:
    """The ``robots`` directory of example-robot-data (installed with Pinocchio's cmeel)."""
    import pinocchio  # noqa: F401  (example-robot-data installs under the same cmeel prefix)

    for base in map(Path, sys.path):
        candidate = base / "cmeel.prefix" / "share" / "example-robot-data" / "robots"
        if candidate.is_dir():
            return candidate
    raise SystemExit("example-robot-data is not installed (pip install example-robot-data)")
