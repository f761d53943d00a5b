"""A bound on a solo game that knows the turns (issue 29): a solo game as rounds of turns, each
entry with its turn, its die and its face, each bonus usable once earned
(:mod:`spec.turns.model`; the games' links in :mod:`spec.turns.fourever` and
:mod:`spec.turns.cubed`)."""
