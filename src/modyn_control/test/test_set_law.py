"""The feedback controller's typed law switch, ``~/set_law`` (modyn_interfaces/srv/SetLaw; issue
29: "typed services for the law switch (with its parameters)"), over DDS in the node's own
context: the law and its gains in one call, checked as ``ros2 param set`` checks them, a refusal
changing nothing and saying why."""

from __future__ import annotations

import numpy as np
import pytest
from rcl_interfaces.msg import Parameter as ParameterMsg
from rcl_interfaces.msg import ParameterType, ParameterValue
from rclpy.parameter import Parameter

from modyn_control.testing import ControllerLoop as Loop

srv = pytest.importorskip("modyn_interfaces.srv", reason="modyn_interfaces is not built")

SERVICE = "/feedback_controller/set_law"


def _doubles(name: str, values) -> ParameterMsg:
    return ParameterMsg(
        name=name,
        value=ParameterValue(
            type=ParameterType.PARAMETER_DOUBLE_ARRAY, double_array_value=[float(x) for x in values]
        ),
    )


def _request(law: str, *parameters: ParameterMsg):
    return srv.SetLaw.Request(law=law, parameters=list(parameters))


def test_the_law_and_its_gains_switch_in_one_call(ros, planar_model, planar_xml):
    loop = Loop(ros, planar_model, planar_xml)
    node = loop.node
    assert node.law_name != "computed_torque"
    answer = ros.call(
        srv.SetLaw, SERVICE, _request("computed_torque", _doubles("omega", [12.0, 15.0]))
    )
    assert answer.success, answer.message
    assert answer.law == "computed_torque"
    assert node.get_parameter("law").value == "computed_torque"
    assert node.law_name == "computed_torque"
    assert list(node.get_parameter("omega").value) == [12.0, 15.0]
    assert "law computed_torque: omega = [12.0, 15.0]" in answer.message
    # only the parameters, the law kept
    answer = ros.call(srv.SetLaw, SERVICE, _request("", _doubles("omega", [20.0])))
    assert answer.success and answer.law == "computed_torque", answer.message
    assert list(node.get_parameter("omega").value) == [20.0]


@pytest.mark.parametrize(
    "law, parameters, reason",
    [
        ("bogus", (), "law = 'bogus': expected one of ["),
        ("computed_torque", (_doubles("omega", [12.0, -1.0]),), "omega[1] = -1.0"),
        (
            "computed_torque",
            (_doubles("omgea", [12.0]),),
            "not parameters of feedback_controller: ['omgea']",
        ),
    ],
)
def test_a_refusal_changes_nothing_and_says_why(
    ros, planar_model, planar_xml, law, parameters, reason
):
    loop = Loop(ros, planar_model, planar_xml)
    node = loop.node
    before = (node.get_parameter("law").value, list(node.get_parameter("omega").value))
    answer = ros.call(srv.SetLaw, SERVICE, _request(law, *parameters))
    assert not answer.success
    assert reason in answer.message, answer.message
    assert answer.law == before[0] == node.law_name
    assert (node.get_parameter("law").value, list(node.get_parameter("omega").value)) == before
    assert np.isfinite(before[1]).all()


def test_a_change_scheduled_at_a_time_acts_from_the_state_of_that_stamp(
    ros, planar_model, planar_xml
):
    """``at``: the change is checked when asked, and put in force by the first state stamped at
    or after it, before that state is answered (a plant time, whatever the load)."""
    from builtin_interfaces.msg import Time

    loop = Loop(ros, planar_model, planar_xml)
    node = loop.node
    q = np.zeros(planar_model.nq)
    before = node.get_parameter("law").value
    assert before != "computed_torque"
    loop.command(q, q, 0.5)
    # a refusal is told at once, nothing scheduled
    bad = srv.SetLaw.Request(law="bogus", at=Time(sec=2))
    answer = ros.call(srv.SetLaw, SERVICE, bad)
    assert not answer.success and "law = 'bogus'" in answer.message, answer.message
    request = srv.SetLaw.Request(
        law="computed_torque",
        parameters=[_doubles("omega", [12.0])],
        at=Time(sec=1, nanosec=500_000_000),
    )
    built = []  # the laws built from here on
    build = node._build_law
    node._build_law = lambda values: built.append(values["law"]) or build(values)
    answer = ros.call(srv.SetLaw, SERVICE, request)
    assert answer.success, answer.message
    assert answer.message.startswith("scheduled for t = 1.500000 s"), answer.message
    assert answer.law == before  # not yet
    assert built == ["computed_torque"]  # built when asked, to check it
    loop.command(q, q, 1.499)
    assert node.get_parameter("law").value == before and node.law_name == before
    loop.command(q, q, 1.5)
    assert node.get_parameter("law").value == "computed_torque" == node.law_name
    assert list(node.get_parameter("omega").value) == [12.0]
    assert built == ["computed_torque"]  # and not again in the tick that switched
    # another change between the request and its time: the scheduled one is checked again
    # against what is then in force, and wins
    answer = ros.call(
        srv.SetLaw, SERVICE, srv.SetLaw.Request(law=before, at=Time(sec=2, nanosec=0))
    )
    assert answer.success, answer.message
    assert node.set_parameters([Parameter("omega", value=[14.0])])[0].successful
    del built[:]
    loop.command(q, q, 2.0)
    assert node.law_name == before and built == [before], built
    assert list(node.get_parameter("omega").value) == [14.0]
    # a time already past acts at once
    answer = ros.call(srv.SetLaw, SERVICE, srv.SetLaw.Request(law=before, at=Time(sec=1)))
    assert answer.success and answer.law == before, answer.message
