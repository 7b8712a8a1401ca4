"""A parameter a node does not declare is an error naming the nearest one (issue 29: "a misspelt
key in ``overrides:`` is an error naming the nearest valid key").

rclpy ignores a parameter override that no ``declare_parameter`` takes: ``feedfoward:=false``
would leave ``feedforward`` at its default and the node would run with it. Every modyn node is
run by :func:`modyn_ros.node_main.run_nodes`, which checks the overrides against the declared
parameters right after the node is made (system files, ``modyn run --set``, a launch's
``overrides:=`` and ``ros2 run ... -p`` all arrive as overrides).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from modyn_ros.params import ParameterError, check_parameter_names

DECLARED = ["feedforward", "kp", "kd", "law", "use_sim_time", "start_type_description_service"]


def test_a_misspelt_name_is_named_with_the_nearest_declared_one():
    with pytest.raises(ParameterError) as info:
        check_parameter_names("feedback_controller", ["feedfoward", "kp"], DECLARED)
    text = str(info.value)
    assert text.startswith("feedback_controller: 'feedfoward' (did you mean 'feedforward'?)")
    assert "is not a parameter of this node" in text
    # the node's own parameters listed, rclpy's own left out
    assert text.endswith("its parameters: feedforward, kd, kp, law")


def test_every_unknown_name_is_named_and_one_far_from_all_has_no_suggestion():
    with pytest.raises(ParameterError) as info:
        check_parameter_names("n", ["lwa", "zzzzzz"], DECLARED)
    text = str(info.value)
    assert "'lwa' (did you mean 'law'?), 'zzzzzz' are not parameters" in text


def test_declared_names_pass():
    check_parameter_names("n", ["kp", "use_sim_time"], DECLARED)
    check_parameter_names("n", [], DECLARED)


@pytest.mark.system
def test_the_feedback_controller_process_refuses_a_misspelt_parameter(tmp_path):
    """The installed console script, as ``ros2 run`` starts it: exit status 2 (a configuration
    error) and the message on stderr, at once (no robot model needed for this check)."""
    pytest.importorskip("rclpy")
    prefix = os.environ.get("COLCON_PREFIX_PATH", "").split(os.pathsep)[0] or "install"
    script = Path(prefix) / "modyn_control" / "lib" / "modyn_control" / "feedback_controller"
    if not script.is_file():
        pytest.skip(f"{script} is not installed (make build)")
    proc = subprocess.run(
        [sys.executable, str(script), "--ros-args", "-p", "feedfoward:=false"],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=tmp_path,
    )
    assert proc.returncode == 2, (proc.returncode, proc.stderr[-2000:])
    assert "'feedfoward' (did you mean 'feedforward'?) is not a parameter" in proc.stderr, (
        proc.stderr[-2000:]
    )
