"""hardware_interface's ``constraint_force_rate`` (issue 17): constraint_forces/<name> every
round(rate / constraint_force_rate) steps; 0 (the default) every step; a bad value is refused
naming the parameter. The topics at 100 Hz of a 1 kHz plant are checked over DDS in
tests/test_quadruped_tail.py."""

from __future__ import annotations

import pytest

from modyn_hardware.hardware_config import ConfigError, check_parameters


@pytest.mark.parametrize(
    "values, every",
    [({}, 1), ({"constraint_force_rate": 0.0}, 1), ({"constraint_force_rate": 100.0}, 10),
     ({"constraint_force_rate": 300}, 3), ({"constraint_force_rate": 5000.0}, 1)],
)  # fmt: skip
def test_the_rate_becomes_a_step_count(values, every):
    assert check_parameters({"rate": 1000.0, **values})["constraint_every"] == every


@pytest.mark.parametrize("bad", [-1.0, float("nan"), float("inf"), "fast", True])
def test_a_bad_rate_is_refused_naming_the_parameter(bad):
    with pytest.raises(ConfigError, match="constraint_force_rate"):
        check_parameters({"rate": 1000.0, "constraint_force_rate": bad})
