"""YCP ("Your Card Postcards"): seven one-postcard games printed as postcards.

This package holds the pure-Python side of the postcard games: the postcard
content model and its validators (``postcard``, ``content``, ``checks``) and the
executable rules tables and engines (``tables``, ``<game>_rules``). No drawing
happens here; ``generators/ycp.py`` renders what these modules describe.
"""
