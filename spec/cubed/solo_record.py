"""A searched solo game (:mod:`spec.cubed.solo_game`) as the engine's moves, made move by move
with the engine (``apply`` checks each): the rolls get the faces the game's moves fixed (dice
nobody used show 6, or, after the third roll and on a solo passive roll, what the turn's end
recorded); ``pass`` is added where the engine waits for one; a question mark the engine
entered at once (it had exactly one use, ruling 19) gets no move.  :func:`write_record` verifies the
game with the engine before it writes its record."""

from __future__ import annotations

import attrs

from oracle import (
    Area,
    Bonus,
    Die,
    Move,
    Pass,
    Phase,
    Place,
    Roll,
    SoloRoll,
    apply,
    new_game,
    parse_move,
)
from spec.cubed import solo_game as sg
from spec.cubed.probe import target_text
from spec.cubed.seam import GameState, pending
from spec.solo import write_verified


def _entry(verb: str, die: int, area: Area, target: int, joker: str = "") -> Move:
    joker = f" {joker}" if joker else ""
    return parse_move(f"{verb} {Die(die).code}{joker} {area.label}:"
                      f"{target_text(area, target)}")


def _question(bonus: Bonus, area: Area, number: int, target: int) -> Move:
    return parse_move(f"question {bonus.code} {number} {area.label}:"
                      f"{target_text(area, target)}")


def to_moves(node: sg.Node) -> tuple[Move, ...]:
    """The engine's moves of the searched game (``apply`` refuses any the rules do not
    allow: :class:`oracle.IllegalMoveError`)."""
    steps = sg.steps(node)
    ends = [s for s in steps if s[0] == "end"]
    state = new_game(1)
    moves: list[Move] = []
    turn = 0  # the index of the current turn's "end" step

    def play(move: Move) -> None:
        nonlocal state
        moves.append(move)
        state = apply(state, move)

    for step in steps:
        kind = step[0]
        if kind == "end":
            while not state.is_chance and not state.is_terminal and state.phase in _EXTRA:
                play(Pass())
            turn += 1
            continue
        end = ends[turn]
        places = tuple(int(x) for x in end[1:7])  # type: ignore[call-overload]  # a Step is a mixed tuple
        faces = tuple(int(x) for x in end[7:13])  # type: ignore[call-overload]  # a Step is a mixed tuple
        if kind == "pick" or kind == "forfeit":
            play(_roll(state, step, faces))
            play(_entry("take", step[2], step[5], step[7]) if kind == "pick"  # type: ignore[arg-type]  # a Step is a mixed tuple
                 else parse_move("forfeit"))
        elif kind == "passive":
            play(_solo_roll(places, faces))
            play(_entry("take", step[1], step[2], step[4], step[5]))  # type: ignore[arg-type]  # a Step is a mixed tuple
        elif kind == "extra":
            play(_entry("extra", step[1], step[2], step[4], step[5]))  # type: ignore[arg-type]  # a Step is a mixed tuple
        elif step[1] in pending(state.sheets[0]):
            play(_question(step[1], step[2], step[3], step[4]))  # type: ignore[arg-type]  # a Step is a mixed tuple
        # else: a question mark with exactly one use, which the engine entered at once, with
        # no move (ruling 19); the next move's apply checks that the sheets still agree.
    return tuple(moves)


_EXTRA = (Phase.ACTIVE_EXTRA, Phase.PASSIVE_EXTRA, Phase.END_EXTRA)


def _roll(state: GameState, step: sg.Step, faces: tuple[int, ...]) -> Roll:
    """An active roll: the third shows the turn's final faces (the dice left go to the
    platter showing them); an earlier one 6 on every die but the pick and its blue partner
    (they stay in the cup: rulebook "Active Player")."""
    shown = list(faces) if step[1] == 3 else [6] * 6
    if step[0] == "pick":
        die, face, partner = (int(x) for x in step[2:5])  # type: ignore[call-overload]  # a Step is a mixed tuple
        shown[die] = face
        if partner:
            shown[Die.WHITE if die == Die.BLUE else Die.BLUE] = partner
    return Roll(tuple(shown[d] if state.places[d] == Place.CUP else 0 for d in range(6)))


def _solo_roll(places: tuple[int, ...], faces: tuple[int, ...]) -> SoloRoll:
    """The solo passive roll the turn's end recorded: the platter dice closest, then die
    fields I, II, III (ruling 9); dice nobody used fill the free places, 1 on the platter and
    6 on a die field (the platter shows the three lowest)."""
    shown = list(faces)
    loose = [d for d in range(6) if places[d] == sg.LOOSE]
    platter = [d for d in range(6) if places[d] == sg.PLATTER]
    while len(platter) < 3:
        platter.append(loose.pop(0))
        shown[platter[-1]] = 1
    fields = []
    for field in (1, 2, 3):
        on = [d for d in range(6) if places[d] == field]
        fields.append(on[0] if on else loose.pop(0))
        if not on:
            shown[fields[-1]] = 6
    return SoloRoll(tuple(shown), tuple(Die(d) for d in platter + fields))


@attrs.frozen
class Found:
    """A finished game and its total."""

    node: sg.Node
    total: int


def write_record(found: Found, path_out: str) -> int:
    """Verify the game with the engine and write its record (replacing the file: a search
    writes each gain to the same path); returns the engine's total
    (:func:`spec.solo.write_verified`)."""
    return write_verified(to_moves(found.node), found.total, "clever-cubed", path_out,
                          replace=True)
