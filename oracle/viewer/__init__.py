"""The record viewer: one self-contained HTML page that steps through a game record.

:mod:`oracle.viewer.snapshot` says what one state shows (the only module that reads a state's
dice and position through the game seam's text methods), :mod:`oracle.viewer.timeline` replays a
record into the frames the page steps through, and :mod:`oracle.viewer.page` writes the page
(``clever-oracle show --html``; the checking service's ``POST /view``).
"""
