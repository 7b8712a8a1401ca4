"""The Python heap of a node process after its start-up: collected once, then frozen.

A node process holds, once its model is built, some hundred thousand long-lived objects (the
modules of rclpy, numpy, scipy and modyn, the model, its generated code). CPython's cyclic
collector walks the objects of a generation each time it collects it, so a collection of the
oldest generation then took 36-68 ms and one of the middle generation about 2 ms in the composed
loop process (measured with ``gc.callbacks`` over a 34 s real-time run at 1 kHz: 1 and 2 full
collections, 11 and 22 middle ones), each a stall of the loop. :func:`settle_heap` collects once,
at start-up, and moves every object alive then into the permanent generation (``gc.freeze``),
which later collections do not walk: they then cost what the loop itself allocates.
"""

from __future__ import annotations

import gc

__all__ = ["SafePointCollector", "settle_heap"]


def settle_heap() -> None:
    """Collect, then freeze what survives (module docstring). Call once the node's model and
    buffers exist, before its loop runs; calling it again freezes what was added since."""
    gc.collect()
    gc.freeze()


class SafePointCollector:
    """The cyclic collector run between callbacks, never inside one.

    CPython collects when an allocation crosses a threshold, i.e. inside whatever callback is
    running: in the control loop, between a state's arrival and the command it answers. With
    the automatic collection off (``gc.disable``), :meth:`__call__`, called by the spin loop
    after each callback, applies CPython's own thresholds (``gc.get_threshold``: a young
    collection after ``t0`` net allocations, the middle generation every ``t1`` young
    collections, the oldest every ``t2`` middle ones) at that point: the same collections, after
    the command went out instead of before. Objects are freed as before except that cyclic
    garbage made inside one long callback waits for its end.
    """

    __slots__ = ("t0", "t1", "t2", "collections")

    def __init__(self) -> None:
        self.t0, self.t1, self.t2 = gc.get_threshold()
        self.collections = [0, 0, 0]

    def __call__(self) -> None:
        # CPython's rule (Modules/gcmodule.c, collect_generations): once the young count
        # exceeds its threshold, collect the oldest generation whose count exceeds its own. Its
        # extra condition on the oldest one (a quarter of the long-lived objects new since the
        # last full collection) cannot be seen from Python and is left out: a full collection,
        # after settle_heap, walks only what was allocated since (measured 0.4-0.5 ms)
        c0, c1, c2 = gc.get_count()
        if c0 <= self.t0 or self.t0 == 0:
            return
        generation = 2 if c2 > self.t2 else 1 if c1 > self.t1 else 0
        gc.collect(generation)
        self.collections[generation] += 1

    def start(self) -> None:
        """Automatic collection off (the spin loop calls this collector instead)."""
        gc.disable()

    def stop(self) -> None:
        """Automatic collection back on."""
        gc.enable()
