"""Z3 encodings of the score-sheet areas' constraints, checked against the engine, and the
solvers built on them (maximal scores, sheet reachability).  Filled by the solver issue."""
