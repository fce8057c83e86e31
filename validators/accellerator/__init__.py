"""Accellerator: the board model, the turn rules, the move tracer, --best and the simulator.

Modules, smallest first: ``model`` (numbers from the rules, directions, pawns,
the game state), ``board`` (the board design read from
``templates/accellerator/board.toml``), ``deflectors`` (the acceleration check and which deflector changes are legal),
``movement`` (tracing one move step by step), ``turn`` (a whole turn),
``scenario`` (reading a scenario file), ``search`` (``--best``),
``simulate`` (``--simulate``), ``text`` (reports as text and JSON),
``pieces`` (the printed set and its labels) and ``checks`` (what
``icp-print check`` runs).
"""
