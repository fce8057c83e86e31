"""Game models and rules: each game's components, the checks of counts and
legality, and the solvers that search over those rules."""
