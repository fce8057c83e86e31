"""Yic Yac Yoe: misère tic-tac-toe on any square board.

Whoever completes a row of the agreed length with their own marks loses.
:mod:`.variant` holds the options, :mod:`.board` the geometry (cells, rows,
straight segments, the eight symmetries), :mod:`.engine` the rules of a
game in progress, :mod:`.solver` the exact search and :mod:`.checks` what
``icp-print check`` runs on printed boards; :mod:`.report` formats results.
"""
