"""What one state of any game shows: its position, the dice and where they lie, who is to move
and the legal moves (rulings 1-9: the turn; docs/formats.md: position notation).

The dice come from the game seam's typed values (:meth:`oracle.engine.game.Game.dice`: each die's code,
face and place), the position from :meth:`oracle.engine.game.Game.format_position`.  The record viewer
and the checking service both take their view of a state from :func:`snapshot`.
"""

from __future__ import annotations

import attrs

from oracle.engine.game import CHANCE, NOBODY, Game, State


@attrs.frozen
class DieView:
    """One die: its ``code`` in move notation (``W``, ``Br``, ``Gy``), the number it shows
    (``value``; None before it is rolled) and where it lies (``place``: ``cup``, ``platter``
    (the silver platter) or a die field's numeral ``I`` to ``VI``)."""

    code: str
    value: int | None
    place: str

    def to_json(self) -> dict[str, object]:
        """The die as a JSON-ready mapping."""
        return {"code": self.code, "value": self.value, "place": self.place}


@attrs.frozen
class Snapshot:
    """A state as people and apps see it: ``position`` (position notation), ``dice`` (each
    die, in die order), ``dice_text`` (the game's own
    words for them), ``actor`` (a player index, :data:`~oracle.engine.game.CHANCE` or
    :data:`~oracle.engine.game.NOBODY`), the ``round`` of ``rounds``, and the ``legal`` moves (empty
    at a roll and at the end)."""

    position: str
    dice: tuple[DieView, ...]
    dice_text: str
    actor: int
    round: int
    rounds: int
    legal: tuple[str, ...]

    @property
    def over(self) -> bool:
        """True when the game is over."""
        return self.actor == NOBODY

    def to_move(self) -> str:
        """Who is to move: ``pN`` (1-based), ``dice`` or ``nobody``."""
        return who(self.actor)

    def to_json(self) -> dict[str, object]:
        """The snapshot as a JSON-ready mapping (the checking service's position answers)."""
        return {
            "position": self.position, "to_move": self.to_move(), "over": self.over,
            "round": self.round, "rounds": self.rounds, "dice_text": self.dice_text,
            "dice": [d.to_json() for d in self.dice], "legal": list(self.legal),
        }


def who(actor: int) -> str:
    """``pN`` for a player index, ``dice`` for :data:`~oracle.engine.game.CHANCE`, ``nobody`` at the
    end."""
    if actor == CHANCE:
        return "dice"
    return "nobody" if actor == NOBODY else f"p{actor + 1}"


def snapshot(game: Game, state: State) -> Snapshot:
    """The snapshot of ``state``, a state of ``game``."""
    return Snapshot(
        position=game.format_position(state),
        dice=tuple(DieView(d.die.code, d.face, d.place.label) for d in game.dice(state)),
        dice_text=game.dice_text(state),
        actor=state.actor,
        round=state.round,
        rounds=state.rounds,
        legal=tuple(str(m) for m in game.legal_moves(state)),
    )
