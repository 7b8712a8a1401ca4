"""Plant interface, plants (simulated, MuJoCo, ros2_control bridge, mock) and the
hardware_interface node.
"""

__version__ = "0.1.0"
