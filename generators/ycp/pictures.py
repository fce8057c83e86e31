"""The few postcard pictures that are not a track, grid, map or table, by name;
each game that has one draws it in its own module."""
from __future__ import annotations

from .protocol_g117 import draw_paired_actions, draw_ring
from .toroball import draw_compass

PICTURES = {"ring-battlefield": draw_ring, "paired-actions": draw_paired_actions,
            "compass": draw_compass}
