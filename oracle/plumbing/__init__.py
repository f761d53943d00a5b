"""What every front end (:mod:`oracle.cli`, :mod:`oracle.serve`, :mod:`oracle.adapter`,
:mod:`oracle.viewer`) shares and none owns: exit codes, interrupt handling, output files that
never overwrite what the user gave, worker clusters and the command line's argument types."""
