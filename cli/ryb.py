"""RYB commands."""


def register(cli, solve, play) -> None:
    """No commands yet."""
