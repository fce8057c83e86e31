"""Drawing: the shared sheet engine and one module per game."""
