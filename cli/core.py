"""Commands that are not tied to one game: registered later (check, calibrate, all)."""


def register(cli, solve, play) -> None:
    """No commands yet."""
