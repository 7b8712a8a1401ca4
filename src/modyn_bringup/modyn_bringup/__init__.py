"""Installs the launch files, robot descriptions and system configurations; the system runner; demo
and report tools.
"""

__version__ = "0.1.0"
