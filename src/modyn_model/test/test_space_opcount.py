"""Operation counts of the DQ velocity step (eq. 11) against the paper's 72 × / 57 + (§5.1,
note §10.2), measured on straight-line code by modyn_model.mechanisms.space.opcount."""

from __future__ import annotations

from modyn_model.mechanisms.space import opcount as oc


def test_counter_reproduces_hand_counts():
    """A dense Hamilton product is 16 × / 12 +; a dense DQ product 3 of them + 4 + = 48 / 40."""
    a, b = oc._leaves(4), oc._leaves(4)
    assert oc.count(oc._qmul(a, b)) == (16, 12)
    a, b = oc._leaves(8), oc._leaves(8)
    assert oc.count(oc._dqmul(a, b)) == (48, 40)
    # zeros are free: a pure quaternion times a dense one costs 12 × / 8 +
    assert oc.count(oc._qmul([0, *oc._leaves(3)], oc._leaves(4))) == (12, 8)


def test_velocity_step_counts_against_the_paper():
    counts = oc.velocity_step_counts()
    # two dense DQ products + the revolute Ĥθ̇ addition
    assert counts["dq_generic"] == (96, 81)
    # pure twist in, vector parts out: the paper's 72 multiplications exactly; 59 additions
    # where the paper states 56 + 1 = 57 (its rules for additions are not given)
    assert counts["dq_pure"] == (72, 59)
    # the 8×8 adjoint matvec of eq. (24) (what recursion.py evaluates): 64 × / 56 + 1 +
    assert counts["matrix8"] == (64, 57)
    # the 6×6 motion transform with R and r at hand: a third of the paper's count
    assert counts["matrix6"] == (24, 19)
