"""RYB: the deck model, its rules, and the odds solver."""
