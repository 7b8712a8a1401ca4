"""modyn's Fast DDS participant profile (modyn_bringup.dds, config/dds/fastdds_profile.xml).

* It is what the runner, the ``modyn`` command and the tests use unless a profile is named.
* Fast DDS honours it: a process with it has no TypeLookup service (its two threads,
  ``dds.tls.request`` and ``dds.tls.replies``, the second the one that crashed node processes at
  start-up: the kernel log of L16-L26's segmentation faults), a process without it has them.
* A participant with it and one without (a user's own node) still talk, topics and services:
  endpoints match by type name.
"""

from __future__ import annotations

import os
import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest

from modyn_bringup.dds import PROFILE_ENV, profile_path, use_profile
from modyn_ros.testing import ros  # noqa: F401 - the rclpy harness fixture

THREADS = r"""
import os, sys, time, rclpy
rclpy.init()
node = rclpy.create_node("dds_profile_probe")
time.sleep(0.5)
print(sorted(open(f"/proc/self/task/{t}/comm").read().strip() for t in os.listdir("/proc/self/task")))
node.destroy_node()
rclpy.shutdown()
"""


def test_the_profile_is_used_unless_one_is_named():
    env: dict[str, str] = {}
    assert use_profile(env) == str(profile_path()) == env[PROFILE_ENV]
    mine = {PROFILE_ENV: "/etc/my_profile.xml"}
    assert use_profile(mine) == "/etc/my_profile.xml"  # the user's own is kept
    assert mine == {PROFILE_ENV: "/etc/my_profile.xml"}


def test_the_profile_sets_registration_only_on_the_default_participant():
    root = ET.parse(profile_path()).getroot()
    ns = {"d": "http://www.eprosima.com"}
    participant = root.find("d:profiles/d:participant", ns)
    assert participant is not None and participant.get("is_default_profile") == "true"
    properties = {
        p.findtext("d:name", namespaces=ns): p.findtext("d:value", namespaces=ns)
        for p in participant.findall("d:rtps/d:propertiesPolicy/d:properties/d:property", ns)
    }
    assert properties == {"fastdds.type_propagation": "registration_only"}


def _threads(with_profile: bool) -> list[str]:
    env = {k: v for k, v in os.environ.items() if k != PROFILE_ENV}
    if with_profile:
        use_profile(env)
    run = subprocess.run(
        [sys.executable, "-c", THREADS], env=env, capture_output=True, text=True, timeout=60
    )
    assert run.returncode == 0, run.stderr
    return eval(run.stdout.strip().splitlines()[-1])  # noqa: S307 - our own child's list


def test_fast_dds_runs_no_type_lookup_service_with_the_profile():
    pytest.importorskip("rclpy")
    if os.environ.get("RMW_IMPLEMENTATION", "rmw_fastrtps_cpp") != "rmw_fastrtps_cpp":
        pytest.skip("another middleware than Fast DDS")
    without = _threads(with_profile=False)
    assert {"dds.tls.request", "dds.tls.replies"} <= set(without), without
    with_it = _threads(with_profile=True)
    assert not [t for t in with_it if t.startswith("dds.tls")], with_it
    assert any(t.startswith("dds.udp") for t in with_it), with_it  # a participant all the same


PEER = r"""
import sys, time, rclpy
from std_msgs.msg import String
from std_srvs.srv import Trigger
rclpy.init()
node = rclpy.create_node("dds_profile_peer")
got = []
node.create_subscription(String, "dds_profile_ping", lambda m: got.append(m.data), 10)
client = node.create_client(Trigger, "dds_profile_service")
deadline = time.monotonic() + 30.0
while not got and time.monotonic() < deadline:
    rclpy.spin_once(node, timeout_sec=0.05)
assert client.wait_for_service(timeout_sec=30.0), "no service"
future = client.call_async(Trigger.Request())
while not future.done() and time.monotonic() < deadline:
    rclpy.spin_once(node, timeout_sec=0.05)
print(got[:1], future.result().message if future.done() else None)
"""


@pytest.mark.node
def test_a_participant_without_the_profile_talks_to_one_with_it(ros):  # noqa: F811
    """This process has the profile (conftest); the peer has none, as a user's own node."""
    from std_msgs.msg import String
    from std_srvs.srv import Trigger

    assert os.environ.get(PROFILE_ENV), "the tests run with modyn's profile"
    node = ros.add(ros.rclpy.create_node("dds_profile_host", context=ros.context))
    publisher = node.create_publisher(String, "dds_profile_ping", 10)

    def answer(_request, response):
        response.success, response.message = True, "answered"
        return response

    node.create_service(Trigger, "dds_profile_service", answer)
    env = {k: v for k, v in os.environ.items() if k != PROFILE_ENV}
    peer = subprocess.Popen(
        [sys.executable, "-c", PEER], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        text=True,
    )  # fmt: skip
    try:
        while peer.poll() is None:
            publisher.publish(String(data="ping"))
            ros.spin_for(0.05)
        out, err = peer.communicate(timeout=10)
    finally:
        if peer.poll() is None:
            peer.kill()
    assert peer.returncode == 0, err
    assert out.strip() == "['ping'] answered", out
