"""Accellerator: the board model, the turn rules, the move tracer, --best and the simulator.

Modules, smallest first: ``model`` (numbers from the rules, directions, pawns,
the game state), ``board`` (the board and its cells), ``board_file``
(reading ``templates/accellerator/board.toml`` and a scenario's board),
``deflectors`` (the acceleration check and which deflector changes are legal),
``movement`` (tracing one move step by step), ``example`` (the rules' own
example, traced), ``turn`` (a whole turn),
``scenario`` (reading a scenario file), ``search`` (``--best``),
``simulate`` (``--simulate``), ``report`` (results as text and JSON),
``pieces`` (the printed set and its labels) and ``checks`` (what
``icp-print check`` runs).
"""
