"""Test support for the modyn nodes: an rclpy context, executor and helper node per test.

Tests of the node packages run against the installed packages (``--import-mode=importlib``),
so shared test helpers live here, in an installed module, instead of being copied into each
package's conftest.py::

    from modyn_ros.testing import Harness

    @pytest.fixture
    def ros():
        harness = Harness()
        yield harness
        harness.close()
"""

from __future__ import annotations

import time

__all__ = ["Harness"]


class Harness:
    """One rclpy context with an executor and a helper node (see the module docstring)."""

    def __init__(self):
        import rclpy
        from rclpy.context import Context
        from rclpy.executors import SingleThreadedExecutor

        self.rclpy = rclpy
        self.context = Context()
        rclpy.init(context=self.context)
        self.executor = SingleThreadedExecutor(context=self.context)
        self.node = rclpy.create_node("test_harness", context=self.context)
        self.executor.add_node(self.node)
        self.nodes = [self.node]

    def add(self, node):
        """Spin ``node`` with the harness's executor; returns it."""
        self.executor.add_node(node)
        self.nodes.append(node)
        return node

    def publisher(self, msg_type, topic: str, qos):
        return self.node.create_publisher(msg_type, topic, qos)

    def collect(self, msg_type, topic: str, qos) -> list:
        """Subscribe to ``topic``; returns the list that receives the messages."""
        received = []
        self.node.create_subscription(msg_type, topic, received.append, qos)
        return received

    def spin_until(self, predicate, timeout: float = 5.0) -> bool:
        """Spin until ``predicate()`` is true (True) or ``timeout`` seconds pass (False)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if predicate():
                return True
            self.executor.spin_once(timeout_sec=0.01)
        return bool(predicate())

    def spin_for(self, seconds: float) -> None:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            self.executor.spin_once(timeout_sec=0.01)

    def wait_for_subscribers(self, publisher, count: int = 1, timeout: float = 5.0) -> None:
        """Spin until ``publisher`` is matched (so that a volatile message is not lost)."""
        assert self.spin_until(lambda: publisher.get_subscription_count() >= count, timeout), (
            f"no subscriber on {publisher.topic_name}"
        )

    def call(self, srv_type, name: str, request, timeout: float = 5.0):
        """Call a service and spin until the response arrives."""
        client = self.node.create_client(srv_type, name)
        assert self.spin_until(client.service_is_ready, timeout), f"service {name} not ready"
        future = client.call_async(request)
        assert self.spin_until(future.done, timeout), f"service {name}: no response"
        return future.result()

    def close(self):
        for node in reversed(self.nodes):
            self.executor.remove_node(node)
            node.destroy_node()
        self.executor.shutdown()
        self.rclpy.shutdown(context=self.context)
