"""The ``icp-print`` command line: argument parsing only, the work is elsewhere."""

__version__ = "0.1.0"
