"""modyn_bringup.plan_call: the harnesses' ~/plan call, against a scripted stand-in client (no
ROS): a lost answer is asked again with the same request_id, ``waiting`` is asked again, a
refusal is returned (ask_plan) or raised (plan_goal), and a generator that never plans is
named after the timeout."""

from __future__ import annotations

import time
from types import SimpleNamespace

import pytest

from modyn_bringup import plan_call
from modyn_bringup.system import BringupError


class _Future:
    def __init__(self, answer):
        self.answer = answer

    def done(self) -> bool:
        return self.answer is not None

    def result(self):
        return self.answer


class _Planner:
    """Answers each call with the next of ``script`` (None: the answer is lost)."""

    def __init__(self, *script):
        self.script = list(script)
        self.ids: list[str] = []
        self.removed = 0

    def call_async(self, request):
        self.ids.append(request.request_id)
        answer = self.script.pop(0) if len(self.script) > 1 else self.script[0]
        return _Future(answer)

    def remove_pending_request(self, future) -> None:
        self.removed += 1


def _answer(accepted=False, waiting=False, message="", trajectory="plan"):
    return SimpleNamespace(
        accepted=accepted, waiting=waiting, message=message, trajectory=trajectory
    )


def _spin_until(condition, what: str) -> None:
    deadline = time.monotonic() + 5.0
    while not condition():
        assert time.monotonic() < deadline, what
        time.sleep(0.001)


@pytest.fixture(autouse=True)
def _short_waits(monkeypatch):
    monkeypatch.setattr(plan_call, "PLAN_ANSWER_TIMEOUT", 0.05)
    monkeypatch.setattr(plan_call, "PLAN_RETRY", 0.001)


def test_a_lost_answer_and_waiting_are_asked_again_with_the_same_id():
    planner = _Planner(
        None, _answer(waiting=True, message="waiting for joint_states"), _answer(accepted=True)
    )
    request = SimpleNamespace(request_id="")
    answer = plan_call.ask_plan(planner, request, "episode/0", _spin_until, "goal 0")
    assert answer.accepted
    assert planner.ids == ["episode/0"] * 3 and planner.removed == 1


def test_a_refusal_is_the_answer_and_plan_goal_raises_it():
    refused = _answer(message="points[0].positions[1] = 2.5 ... outside its limits")
    request = SimpleNamespace(request_id="")
    assert plan_call.ask_plan(_Planner(refused), request, "g", _spin_until, "goal 3") is refused
    with pytest.raises(BringupError, match=r"goal 3 refused: points\[0\]"):
        plan_call.plan_goal(_Planner(refused), request, "g", _spin_until, "goal 3")
    accepted = _Planner(_answer(accepted=True, trajectory="the plan"))
    assert plan_call.plan_goal(accepted, request, "g", _spin_until, "goal 3") == "the plan"


def test_a_generator_that_never_plans_is_named_after_the_timeout():
    waiting = _Planner(_answer(waiting=True, message="waiting for the robot model"))
    request = SimpleNamespace(request_id="")
    with pytest.raises(
        BringupError,
        match=r"goal 0 not planned in 0.2 s: the generator's last answer: waiting for the robot",
    ):
        plan_call.ask_plan(waiting, request, "g", _spin_until, "goal 0", timeout=0.2)
    silent = _Planner(None)
    with pytest.raises(BringupError, match=r"not planned in 0.2 s: .*: no answer"):
        plan_call.ask_plan(silent, request, "g", _spin_until, "goal 0", timeout=0.2)
    assert silent.removed >= 2  # each lost call asked again
