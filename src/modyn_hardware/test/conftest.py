"""Fixtures of the modyn_hardware tests: robot descriptions, an rclpy context per test, and a
``Loop`` (the hardware_interface node plus a test node in one executor).

Tests run with ``--import-mode=importlib`` against the installed package, so the helpers live
here and reach the tests as fixtures, not as an importable module.
"""

from __future__ import annotations

import time

import pytest

# DDS confinement and the robot descriptions are shared with the other node packages
from modyn_ros.testing import (  # noqa: F401 - fixtures, registered by being imported here
    planar_model,
    planar_xml,
    rx90_model,
    rx90_xml,
    urdf_dir,
)


@pytest.fixture(scope="session")
def planar_2r_xml(planar_xml) -> str:  # noqa: F811 - the imported fixture
    """URDF XML of the planar 2R arm (the name these tests use)."""
    return planar_xml


#: a floating-base robot (URDF root joint ``floating``: world → torso) with a two-joint leg,
#: small enough for the floating-base node and plant tests (issue 14)
FLYER = """<robot name="flyer">
  <link name="world"/>
  <joint name="base_joint" type="floating">
    <parent link="world"/>
    <child link="torso"/>
  </joint>
  <link name="torso">
    <inertial>
      <origin xyz="0.01 -0.02 0.03" rpy="0 0 0"/>
      <mass value="3.0"/>
      <inertia ixx="0.05" ixy="0.001" ixz="0.002" iyy="0.04" iyz="0.003" izz="0.03"/>
    </inertial>
  </link>
  <link name="upper">
    <inertial>
      <origin xyz="0 0 -0.1" rpy="0 0 0"/>
      <mass value="0.8"/>
      <inertia ixx="0.004" ixy="0" ixz="0" iyy="0.004" iyz="0" izz="0.001"/>
    </inertial>
  </link>
  <link name="lower">
    <inertial>
      <origin xyz="0 0 -0.1" rpy="0 0 0"/>
      <mass value="0.5"/>
      <inertia ixx="0.002" ixy="0" ixz="0" iyy="0.002" iyz="0" izz="0.0005"/>
    </inertial>
  </link>
  <joint name="hip" type="revolute">
    <parent link="torso"/>
    <child link="upper"/>
    <origin xyz="0.1 0.05 -0.05" rpy="0 0 0"/>
    <axis xyz="0 1 0"/>
    <limit lower="-2" upper="2" effort="20" velocity="10"/>
  </joint>
  <joint name="knee" type="revolute">
    <parent link="upper"/>
    <child link="lower"/>
    <origin xyz="0 0 -0.2" rpy="0 0 0"/>
    <axis xyz="0 1 0"/>
    <limit lower="-2" upper="2" effort="20" velocity="10"/>
  </joint>
</robot>
"""


@pytest.fixture(scope="session")
def flyer_xml() -> str:
    """URDF XML of the floating "flyer": base ``torso`` (joint ``base_joint``), joints hip, knee,
    foot point 0.2 m below ``lower``'s origin."""
    return FLYER


@pytest.fixture(scope="session")
def rx90_extras(urdf_dir) -> str:  # noqa: F811 - the imported fixture
    return str(urdf_dir / "rx90_extras.yaml")


@pytest.fixture
def ros_context():
    """A fresh rclpy context, initialised for one test and shut down after it."""
    import rclpy

    context = rclpy.Context()
    rclpy.init(context=context)
    try:
        yield context
    finally:
        rclpy.try_shutdown(context=context)


class Loop:
    """The node under test and a peer node ("tester") spun by one executor.

    The tester records ``joint_states``, ``/clock``, ``/robot_description`` and
    ``/diagnostics``, publishes ``effort_command`` and calls ``~/reset``, ``~/reset_plant`` and
    ``~/enable``.
    """

    def __init__(self, context, overrides: dict):
        import rclpy
        from diagnostic_msgs.msg import DiagnosticArray
        from rclpy.executors import SingleThreadedExecutor
        from rclpy.parameter import Parameter
        from rosgraph_msgs.msg import Clock
        from sensor_msgs.msg import JointState
        from std_msgs.msg import String
        from std_srvs.srv import SetBool, Trigger

        from modyn_hardware.hardware_interface_node import HardwareInterfaceNode
        from modyn_ros.qos import LATCHED_QOS, STATE_QOS

        self.hw = HardwareInterfaceNode(
            context=context,
            parameter_overrides=[Parameter(k, value=v) for k, v in overrides.items()],
        )
        self.tester = tester = rclpy.create_node("tester", context=context)
        self.states: list = []
        self.clocks: list = []
        self.descriptions: list = []
        self.diagnostics: list = []
        tester.create_subscription(JointState, "joint_states", self.states.append, STATE_QOS)
        tester.create_subscription(Clock, "/clock", self.clocks.append, 10)
        tester.create_subscription(
            String, "/robot_description", self.descriptions.append, LATCHED_QOS
        )
        tester.create_subscription(DiagnosticArray, "/diagnostics", self.diagnostics.append, 10)
        self.publisher = tester.create_publisher(JointState, "effort_command", STATE_QOS)
        self.reset_client = tester.create_client(Trigger, "/hardware_interface/reset")
        self.reset_plant_client = tester.create_client(Trigger, "/hardware_interface/reset_plant")
        self.enable_client = tester.create_client(SetBool, "/hardware_interface/enable")
        self.executor = SingleThreadedExecutor(context=context)
        self.executor.add_node(self.hw)
        self.executor.add_node(tester)
        self._JointState = JointState
        self._Trigger = Trigger
        self._SetBool = SetBool

    # ------------------------------------------------------------------ spinning
    def spin_until(self, predicate, timeout: float = 3.0) -> bool:
        """Spin until ``predicate()`` is true (True) or ``timeout`` wall seconds pass (False)."""
        end = time.monotonic() + timeout
        while not predicate():
            if time.monotonic() > end:
                return False
            self.executor.spin_once(timeout_sec=0.01)
        return True

    def spin_for(self, seconds: float) -> None:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            self.executor.spin_once(timeout_sec=0.01)

    def connect(self, timeout: float = 3.0) -> None:
        """Wait until both directions of the loop are matched."""
        assert self.spin_until(
            lambda: (
                self.publisher.get_subscription_count() > 0
                and self.hw._pub_state.get_subscription_count() > 0
            ),
            timeout,
        ), "the tester and hardware_interface did not discover each other"

    # ------------------------------------------------------------------ commands
    def command(self, effort, stamp_ns: int, names=None):
        msg = self._JointState()
        msg.name = list(self.hw.model.joint_names if names is None else names)
        msg.effort = [float(x) for x in effort]
        msg.header.stamp.sec, msg.header.stamp.nanosec = divmod(int(stamp_ns), 1_000_000_000)
        self.publisher.publish(msg)
        return msg

    def state_at(self, stamp_ns: int, timeout: float = 3.0):
        """The first received joint_states stamped ``stamp_ns`` (waits for it)."""

        def find():
            for msg in self.states:
                if stamp(msg) == stamp_ns:
                    return msg
            return None

        assert self.spin_until(lambda: find() is not None, timeout), (
            f"no joint_states stamped {stamp_ns} ns; got {[stamp(m) for m in self.states][-5:]}"
        )
        return find()

    def step(self, effort) -> object:
        """Answer the current t_k with ``effort`` and return the joint_states of t_{k+1}."""
        t_k = self.hw.plant_time_ns
        self.command(effort, t_k)
        return self.state_at(t_k + self.hw.config.dt_ns)

    def _call(self, client, request, timeout: float):
        assert client.wait_for_service(timeout_sec=timeout)
        future = client.call_async(request)
        assert self.spin_until(future.done, timeout)
        return future.result()

    def reset(self, timeout: float = 3.0):
        """Call ``~/reset`` (clear a latched fault)."""
        return self._call(self.reset_client, self._Trigger.Request(), timeout)

    def reset_plant(self, timeout: float = 3.0):
        """Call ``~/reset_plant`` (simulated plant back to initial_positions)."""
        return self._call(self.reset_plant_client, self._Trigger.Request(), timeout)

    def enable(self, data: bool, timeout: float = 3.0):
        """Call ``~/enable`` (arm with True, disarm with False)."""
        return self._call(self.enable_client, self._SetBool.Request(data=data), timeout)

    def close(self) -> None:
        self.executor.shutdown()
        self.hw.destroy_node()
        self.tester.destroy_node()


def stamp(msg) -> int:
    """A message's header stamp in integer nanoseconds."""
    return msg.header.stamp.sec * 1_000_000_000 + msg.header.stamp.nanosec


@pytest.fixture
def stamp_ns():
    """``stamp_ns(msg)``: a header stamp in integer nanoseconds."""
    return stamp


@pytest.fixture
def make_loop(ros_context):
    """``make_loop(**parameters)`` -> a :class:`Loop`; closed after the test."""
    loops = []

    def make(**overrides) -> Loop:
        loop = Loop(ros_context, overrides)
        loops.append(loop)
        return loop

    yield make
    for loop in loops:
        loop.close()
