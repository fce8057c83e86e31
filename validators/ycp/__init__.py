"""YCP ("Your Card Postcards"): seven one-postcard games printed as postcards.

The postcard kit shared by every game sits here: the postcard model
(``postcard``), its file reader (``postcard_file``), the rules tables loader
(``tables``), the checks of a card against its rules (``content``, ``checks``,
``fit``) and the list of games (``games``).  Each game is one sub-package named
after it (``the_last_glow``...) holding ``card`` (what its postcard must show),
``rules`` (the executable rules) and ``report`` (text and JSON of results).
No drawing happens here; ``generators.ycp`` renders what these modules describe.
"""
