"""Pure trajectory generation library and the trajectory_generator node."""

__version__ = "0.1.0"
