"""Bonnie and clyde: its postcard's rules facts (``card``), executable rules and text/JSON reports;
the whole-game engine for computer players (``play``, with ``actions``)."""
