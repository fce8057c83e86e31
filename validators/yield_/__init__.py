"""Yield!: the tiles, the 8x8 layout solver, the placement and driving rules."""
