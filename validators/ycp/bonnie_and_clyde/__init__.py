"""Bonnie and clyde: its postcard's rules facts (``card``), executable rules and text/JSON reports, and the whole-game engine (``play``)."""
