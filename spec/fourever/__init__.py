"""Clever 4Ever's sheet as Z3 constraints and its solvers (docs/solving.md, "Clever
4Ever"): one module per area mirroring ``oracle/games/fourever/areas/``, proven equal to the engine
(:mod:`spec.fourever.equality`), and the ``solve --game clever-4ever`` questions."""
