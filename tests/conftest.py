"""Shared pytest setup for the cross-package and multi-process tests.

DDS discovery is confined to this machine, and each test run gets its own ROS domain so that
concurrent runs (or a robot on the same network) never see each other's topics. Both are set
only if the caller has not chosen them already (the Makefile and .ci/run do).
"""

import os

os.environ.setdefault("ROS_AUTOMATIC_DISCOVERY_RANGE", "LOCALHOST")
# Domain ids 1..101 are valid for every RMW on Linux (0..101); 0 is left to interactive use.
os.environ.setdefault("ROS_DOMAIN_ID", str(os.getpid() % 100 + 1))
