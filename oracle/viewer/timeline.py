"""A record replayed into the frames the viewer steps through (any game, through the game seam).

Frame ``k`` is the state before step ``k + 1`` (frame 0: the new game; the last frame: after the
last step played).  The record is judged first (:func:`oracle.records.record.verify`; ``partial``: a game
in progress whose steps are all legal is ``legal-so-far``), so an illegal record's frames stop
before the refused step, which the page shows with its rule and reason (rulings 1-22 give the
rule ids; ``clever-oracle rules ID``).  Each player's sheet is drawn as the printed-sheet SVG once
per distinct sheet: frames refer to the drawings by index.

A frame also says which marks of each sheet the step before it wrote (``last``) and, for each
legal move, which marks of the mover's sheet it would write (``would``): the ``data-cell``
groups of the drawings (:mod:`oracle.formats.drawing`) that differ between the sheet before and after.

A position (docs/formats.md, position notation) is shown as a timeline of one frame and no
steps (:func:`position_timeline`): its sheets, dice and legal moves; its players are unnamed.
"""

from __future__ import annotations

from typing import Literal

import attrs

from oracle.formats.drawing import changed, marks
from oracle.engine.game import Game, Move, State
from oracle.records.record import Record, Verdict, verify
from oracle.formats.shown import printable
from oracle.viewer.snapshot import Snapshot, snapshot, who

#: What a timeline shows: a judged record, or one position.
Kind = Literal["record", "position"]

@attrs.frozen
class Frame:
    """One state of the game: its :class:`Snapshot`, each player's sheet (an index into
    :attr:`Timeline.drawings`), each player's score total so far, the marks of each player's
    sheet the step before it wrote (``last``) and the marks of the mover's sheet each legal
    move would write (``would``, in the order of the snapshot's legal moves)."""

    view: Snapshot
    sheets: tuple[int, ...]
    totals: tuple[int, ...]
    last: tuple[tuple[str, ...], ...] = ()
    would: tuple[tuple[str, ...], ...] = ()


@attrs.frozen
class Timeline:
    """A judged record: the game, the players' names, every step's text (``p1: take ...``),
    the frames of the steps played, the distinct sheet drawings (SVG) and the verdict; or a
    position (``kind``): one frame, no steps, players with empty names."""

    game: Game
    players: tuple[str, ...]
    steps: tuple[str, ...]
    frames: tuple[Frame, ...]
    drawings: tuple[str, ...]
    verdict: Verdict
    kind: Kind = "record"

    @property
    def played(self) -> int:
        """How many steps were played (all of them, unless a step was refused)."""
        return len(self.frames) - 1


def _played(verdict: Verdict, steps: int) -> int:
    """The steps played before the refused one (all of them when none is refused)."""
    if verdict.status == "illegal" and verdict.step is not None:
        return verdict.step - 1
    return steps


class _Drawings:
    """The distinct sheet drawings, each drawn once: the key is the player and the sheet (equal
    sheets have equal notation), so a sheet that did not change is not drawn again.  Sheets
    drawn only to see what a move would write are kept apart (the page does not hold them)."""

    def __init__(self, game: Game, players: tuple[str, ...]) -> None:
        self.game = game
        self.titles = tuple(printable(f"p{i + 1} {name}" if name else f"p{i + 1}")
                            for i, name in enumerate(players))
        self.index: dict[tuple[int, object], int] = {}
        self.svgs: list[str] = []
        self.marks: dict[tuple[int, object], tuple[str, ...]] = {}

    def of(self, state: State) -> tuple[int, ...]:
        found = []
        for player, sheet in enumerate(state.sheets):
            key = (player, sheet)
            if key not in self.index:
                self.index[key] = len(self.svgs)
                self.svgs.append(self.game.sheet_svg(sheet, self.titles[player]))
            found.append(self.index[key])
        return tuple(found)

    def marks_of(self, player: int, sheet: object) -> tuple[str, ...]:
        """The marks of ``player``'s drawing of ``sheet`` (drawn for this if the page does
        not show it)."""
        key = (player, sheet)
        if key not in self.marks:
            shown = self.index.get(key)
            self.marks[key] = marks(self.svgs[shown] if shown is not None
                                    else self.game.sheet_svg(sheet, self.titles[player]))
        return self.marks[key]

    def last(self, before: State | None, after: State) -> tuple[tuple[str, ...], ...]:
        """The marks of each player's sheet that differ between two states."""
        if before is None:
            return tuple(() for _ in after.sheets)
        return tuple(changed(self.marks_of(p, a), self.marks_of(p, b)) if a != b else ()
                     for p, (a, b) in enumerate(zip(before.sheets, after.sheets)))

    def would(self, state: State, moves: tuple[Move, ...]) -> tuple[tuple[str, ...], ...]:
        """The marks of the mover's sheet each move would write."""
        mover = state.actor
        if mover < 0:
            return ()
        sheet = state.sheets[mover]
        now = self.marks_of(mover, sheet)
        found = []
        for move in moves:
            after = self.game.apply_unchecked(state, move).sheets[mover]
            found.append(changed(now, self.marks_of(mover, after)) if after != sheet else ())
        return tuple(found)


def timeline(record: Record, name: str = "record", partial: bool = False) -> Timeline:
    """Judge ``record`` (``partial``: as a game in progress) and replay the steps before any
    refused one into frames."""
    game = record.game
    verdict = verify(record, name, partial=partial)
    drawings = _Drawings(game, record.players)
    state = game.new_game(len(record.players), record.options)
    before: State | None = None
    frames = []
    for k in range(_played(verdict, len(record.steps)) + 1):
        if k:
            before, state = state, game.apply_unchecked(state, record.steps[k - 1].move)
        frames.append(_frame(game, drawings, before, state))
    return Timeline(game, record.players, tuple(str(s) for s in record.steps), tuple(frames),
                    tuple(drawings.svgs), verdict)


def _frame(game: Game, drawings: _Drawings, before: State | None, state: State) -> Frame:
    totals = tuple(s.total for s in game.scores(state))
    sheets = drawings.of(state)
    moves = game.legal_moves(state) if not state.is_chance and not state.is_terminal else ()
    return Frame(snapshot(game, state), sheets, totals, drawings.last(before, state),
                 drawings.would(state, moves))


def position_timeline(game: Game, state: State, name: str = "position") -> Timeline:
    """One position of ``game`` as a timeline: one frame, no steps, its players unnamed (the
    notation names none); its verdict ``legal`` when the game is over (the final scores),
    else ``legal-so-far`` (a game in progress), with the scores of its sheets."""
    players = ("",) * state.players
    drawings = _Drawings(game, players)
    frame = _frame(game, drawings, None, state)
    verdict = Verdict(name=name, status="legal" if state.is_terminal else "legal-so-far",
                      steps=0, scores=game.scores(state), players=players,
                      position=frame.view.position, to_move=who(state.actor),
                      legal=frame.view.legal)
    return Timeline(game, players, (), (frame,), tuple(drawings.svgs), verdict, "position")
