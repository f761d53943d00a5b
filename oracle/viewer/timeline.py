"""A record replayed into the frames the viewer steps through (any game, through the game seam).

Frame ``k`` is the state before step ``k + 1`` (frame 0: the new game; the last frame: after the
last step played).  The record is judged first (:func:`oracle.record.verify`), so an illegal
record's frames stop before the refused step, which the page shows with its rule and reason
(rulings 1-22 give the rule ids; ``clever-oracle rules ID``).  Each player's sheet is drawn as
the printed-sheet SVG once per distinct sheet: frames refer to the drawings by index.
"""

from __future__ import annotations

import attrs

from oracle.game import Game, State
from oracle.record import Record, Verdict, verify
from oracle.verifier import printable
from oracle.viewer.snapshot import Snapshot, snapshot


@attrs.frozen
class Frame:
    """One state of the game: its :class:`Snapshot`, each player's sheet (an index into
    :attr:`Timeline.drawings`) and each player's score total so far."""

    view: Snapshot
    sheets: tuple[int, ...]
    totals: tuple[int, ...]


@attrs.frozen
class Timeline:
    """A judged record: the game, the players' names, every step's text (``p1: take ...``),
    the frames of the steps played, the distinct sheet drawings (SVG) and the verdict."""

    game: Game
    players: tuple[str, ...]
    steps: tuple[str, ...]
    frames: tuple[Frame, ...]
    drawings: tuple[str, ...]
    verdict: Verdict

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
    """The distinct sheet drawings, each drawn once: the key is the player and the sheet's
    notation, so a sheet that did not change is not drawn again."""

    def __init__(self, game: Game, players: tuple[str, ...]) -> None:
        self.game = game
        self.titles = tuple(printable(f"p{i + 1} {name}") for i, name in enumerate(players))
        self.index: dict[tuple[int, str], int] = {}
        self.svgs: list[str] = []

    def of(self, state: State) -> tuple[int, ...]:
        found = []
        for player, sheet in enumerate(state.sheets):
            key = (player, self.game.format_sheet(sheet))
            if key not in self.index:
                self.index[key] = len(self.svgs)
                self.svgs.append(self.game.sheet_svg(sheet, self.titles[player]))
            found.append(self.index[key])
        return tuple(found)


def timeline(record: Record, name: str = "record") -> Timeline:
    """Judge ``record`` and replay the steps before any refused one into frames."""
    game = record.game
    verdict = verify(record, name)
    drawings = _Drawings(game, record.players)
    state = game.new_game(len(record.players), record.options)
    frames = []
    for k in range(_played(verdict, len(record.steps)) + 1):
        if k:
            state = game.apply_unchecked(state, record.steps[k - 1].move)
        totals = tuple(s.total for s in game.scores(state))
        frames.append(Frame(snapshot(game, state), drawings.of(state), totals))
    return Timeline(game, record.players, tuple(str(s) for s in record.steps), tuple(frames),
                    tuple(drawings.svgs), verdict)
