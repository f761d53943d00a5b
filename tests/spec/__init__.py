"""Tests of the Z3 specification and the solver questions."""

#: Seconds given to a solver question or a Z3 check in a test: a safety bound that a correct
#: solver never reaches here (the answers asserted are proven ones, which do not depend on the
#: machine's speed; a search gets a node budget instead).
SAFETY = 3600.0
