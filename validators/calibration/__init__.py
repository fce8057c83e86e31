"""The calibration sheet: what a printed one must hold."""
