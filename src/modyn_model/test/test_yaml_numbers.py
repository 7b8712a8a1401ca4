"""YAML 1.2 numbers in every file modyn reads (system files, mechanism files, extras, MDH)."""

from __future__ import annotations

import math

import pytest
import yaml

from modyn_model.yaml_numbers import load_yaml


@pytest.mark.parametrize(
    "text, value",
    [
        ("-1.0e9", -1.0e9),  # PyYAML's safe_load: the string '-1.0e9'
        ("1e9", 1.0e9),
        ("1.0E-3", 1.0e-3),
        (".5", 0.5),
        ("7.", 7.0),
        ("1.0e+9", 1.0e9),  # YAML 1.1's own form: still a float
    ],
)
def test_yaml_12_floats_are_floats(text, value):
    got = load_yaml(text)
    assert isinstance(got, float) and got == value


def test_pyyaml_alone_reads_them_as_strings():
    """Why the loader exists: YAML 1.1 needs a dot and a signed exponent."""
    assert yaml.safe_load("[-1.0e9, 1e9]") == ["-1.0e9", "1e9"]


@pytest.mark.parametrize(
    "text, value",
    [("3", 3), ("-3", -3), ("0x1F", 31), ("1_000", 1000), ("true", True), ("~", None)],
)
def test_everything_else_reads_as_pyyaml_reads_it(text, value):
    got = load_yaml(text)
    assert got == value and type(got) is type(value) and got == yaml.safe_load(text)


def test_quoted_numbers_stay_strings_and_specials_are_floats():
    assert load_yaml("['1e9', \"-1.0e9\", 1e9abc, 1e]") == ["1e9", "-1.0e9", "1e9abc", "1e"]
    inf, ninf, nan = load_yaml("[.inf, -.inf, .nan]")
    assert inf == math.inf and ninf == -math.inf and math.isnan(nan)


def test_the_space_system_limits_are_numbers():
    """config/systems/space_iiwa_sim.yaml's joint limits: -1.0e9 ... (issue 29)."""
    from pathlib import Path

    root = Path(__file__).resolve().parents[3]
    data = load_yaml((root / "config/systems/space_iiwa_sim.yaml").read_text())
    (hw,) = [n for n in data["nodes"] if n["name"] == "hardware_interface"]
    lower = hw["parameters"]["position_lower"]
    assert all(isinstance(x, float) for x in lower) and lower[0] == -1.0e9
