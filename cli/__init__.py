"""The ``icp-print`` command line: argument parsing only, the work is elsewhere."""
