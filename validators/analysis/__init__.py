"""The analysis lab: computer players, whole games in seeded batches, and the figures.

``games`` finds a game's engine, ``players`` and ``search`` are the computer
players, ``runner`` plays seeded batches on every core (or a Dask cluster,
``cluster``) and ``stats`` keeps the running totals and their intervals.
"""
