"""One goal planned by the trajectory generator's ``~/plan`` service, for the harnesses that
drive a system from a script (:mod:`modyn_bringup.episode`, :mod:`modyn_bringup.space_episode`).

``~/plan`` (modyn_interfaces/srv/PlanMotion) answers in the call: accepted with the plan it
published, ``waiting`` (no robot model or state yet: ask again), or refused with the reason.
Nothing is read back from ``goal_status`` text and no goal waits in a queue. A call whose
answer does not come is asked again with the same ``request_id``: an answer lost before DDS
matched the caller's reply reader (Q38, "failed to send response (timeout)") then brings back
the plan already published, and nothing is planned twice.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from .system import BringupError

__all__ = ["PLAN_ANSWER_TIMEOUT", "PLAN_RETRY", "PLAN_TIMEOUT", "ask_plan", "plan_goal"]

#: s of wall time for the generator's answer before the call is made again with the same id
PLAN_ANSWER_TIMEOUT = 5.0
#: s of wall time between calls while the generator answers ``waiting``
PLAN_RETRY = 0.05
#: s of wall time in all before :func:`ask_plan` gives up (the PlanAndExecute action's
#: PLAN_WAIT): a generator that never gets a state, or never answers, is named, not waited for
PLAN_TIMEOUT = 60.0


def ask_plan(
    planner,
    request,
    request_id: str,
    spin_until: Callable[[Callable[[], bool], str], None],
    what: str,
    timeout: float | None = None,
):
    """The generator's final answer to ``request`` (a PlanMotion.Request; its ``request_id``
    is set): accepted, or refused with the reason; asked again while it answers ``waiting``,
    and with the same id when an answer does not come in :data:`PLAN_ANSWER_TIMEOUT` s; a
    BringupError naming the last answer after ``timeout`` s (default :data:`PLAN_TIMEOUT`)
    whatever the caller's own deadline.

    Parameters
    ----------
    planner : rclpy Client
        The ``<generator>/plan`` client, its node spun by ``spin_until``.
    request : modyn_interfaces.srv.PlanMotion.Request
    request_id : str
        The caller's name for this goal, unique in the run.
    spin_until : callable
        ``spin_until(condition, what)``: the caller's spin, which raises on its deadline or
        when a node of the system dies.
    what : str
        The goal's name in the messages ("goal 0").
    timeout : float, optional
        s of wall time in all.

    Returns
    -------
    modyn_interfaces.srv.PlanMotion.Response
        ``accepted`` with the plan as published (``trajectory``), or not, with ``message``.

    Raises
    ------
    BringupError
        No final answer within ``timeout`` s (the generator still waiting: what for; or no
        answer at all).
    """
    request.request_id = request_id
    limit = time.monotonic() + (PLAN_TIMEOUT if timeout is None else timeout)
    said = "no answer"
    while True:
        if time.monotonic() > limit:
            raise BringupError(
                f"{what} not planned in {PLAN_TIMEOUT if timeout is None else timeout:g} s: "
                f"the generator's last answer: {said}"
            )
        call = planner.call_async(request)
        asked = time.monotonic()
        spin_until(
            lambda c=call, t=asked: c.done() or time.monotonic() - t > PLAN_ANSWER_TIMEOUT,
            f"the generator's answer to {what}",
        )
        if not call.done():  # lost: the same id again
            planner.remove_pending_request(call)
            continue
        answer = call.result()
        if not answer.waiting:
            return answer
        said = answer.message
        pause = time.monotonic() + PLAN_RETRY
        spin_until(lambda p=pause: time.monotonic() > p, f"{what}: {answer.message}")


def plan_goal(
    planner,
    request,
    request_id: str,
    spin_until: Callable[[Callable[[], bool], str], None],
    what: str,
):
    """The generator's plan of ``request`` (:func:`ask_plan`'s accepted answer's trajectory:
    the plan as published, ``header.stamp`` its start); BringupError with the generator's
    reason when it refuses the goal."""
    answer = ask_plan(planner, request, request_id, spin_until, what)
    if not answer.accepted:
        raise BringupError(f"{what} refused: {answer.message}")
    return answer.trajectory
