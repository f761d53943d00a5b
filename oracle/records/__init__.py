"""Game records and their verdicts: the record format, the verifier, position lookup by a
game's name and seeded play.  Above the games (each record names its game in the registry,
:mod:`oracle.games`), below the command line's plumbing and the front ends."""
