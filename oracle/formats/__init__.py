"""The formats: how positions, sheets and moves are written and read (move, sheet and position
notation, the JSON game model and its readers, the sheet drawings' shared parts).  They sit above
the engine (:mod:`oracle.engine`) and below the games (:mod:`oracle.games`), whose areas write
and read their own parts with them (docs/formats.md)."""
