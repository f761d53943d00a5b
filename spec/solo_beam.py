"""One solo search for every Clever game: a beam over the engine's own game, through the game
seam (:class:`oracle.engine.game.Game`: legal moves, apply, a roll as a chance move), the dice
chosen.

A solo record states its dice, so a search chooses every roll (ruling 9: six rounds, an active
turn then a passive turn with the solo roll).  The beam steps roll slot by roll slot
(:func:`next_slot`): every game kept is rolled with each roll its game's :class:`SoloGame`
chooses for the slot, then every decision up to the next roll is tried (the engine's legal
moves, but those the game never tries), ``branch`` positions kept after each decision, ``width``
games kept at the next slot, ranked by a worth.  Positions that differ only by the faces of
dice in the cup are one (:func:`key`).  Ties are broken by the order positions are found in
(each move list and roll list is in a fixed order): no clock and no chance decides anything,
so a run is reproducible byte for byte.  A game found is written as a record only once the
engine has verified it (:func:`spec.solo.write_verified`).

What differs per game is its :class:`SoloGame`: the rolls tried at each slot, the worth of a
position, the entries the game still gives for certain (its budget) and the moves never
tried.  Clever 4Ever's is :func:`spec.fourever.solo_search.solo_game`, Clever Cubed's
:func:`spec.cubed.solo_seam.solo_game`.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Iterator

import attrs

from oracle import Phase, Place
from oracle.engine.game import Game, Move, State
from oracle.records.record import parse_record
from spec.solo import write_verified
from spec.solving import Progress, shown

Key = tuple[object, ...]
#: A roll tried at a chance node, and the text every decision just after it must contain (""
#: for none: the roll gives nothing new but those entries, e.g. another face of the white die
#: than the rest gives only new blue entries).
Roll = tuple[Move, str]
#: Moves never tried by default: with the dice chosen, a re-roll or a forfeit only loses a
#: roll (rulings 1 and 3).
SKIPPED = frozenset({"reroll", "forfeit"})


@attrs.frozen
class SoloGame:
    """What one game gives the beam (module docstring): its engine ``game`` (through the
    seam), the ``rolls`` tried at a chance node, the ``worth`` the beam ranks positions by (a
    finished game: its total), the ``budget`` of entries the game still gives for certain, and
    the moves ``skipped`` (their texts)."""

    game: Game
    rolls: Callable[[State], Iterator[Roll]]
    worth: Callable[[State], float]
    budget: Callable[[State], int]
    skipped: frozenset[str] = SKIPPED


@attrs.frozen
class Node:
    """A position of the searched game, the move that led to it and the node before."""

    state: State
    move: Move | None = None
    before: Node | None = None

    def moves(self) -> tuple[Move, ...]:
        """Every move from the new game to here, chance moves included."""
        out: list[Move] = []
        node: Node | None = self
        while node is not None and node.move is not None:
            out.append(node.move)
            node = node.before
        return tuple(reversed(out))


@attrs.frozen
class Found:
    """A finished game and the engine's total."""

    node: Node
    total: int


def total(game: Game, state: State) -> int:
    """The engine's total of the solo player's sheet."""
    return game.score(state.sheets[0]).total


def key(game: Game, state: State) -> Key:
    """The position without the faces of dice in the cup (they are rolled again): the
    sheet, the round, the step of the turn, who moves and where each die lies.  (Which dice
    were extra dice this turn is left out: two positions differing only there are one.)"""
    return (state.sheets[0], state.round, game.phase(state), state.actor,
            tuple((d.place, None if d.place == Place.CUP else d.face) for d in game.dice(state)))


def picks_left(game: Game, state: State) -> tuple[int, int, list[int]]:
    """This turn's picks still to come in a solo game (ruling 9: three active picks, one
    passive pick a round): the active picks (none once the active turn is over), the passive
    pick (1 until it is made) and the dice in the cup (by index)."""
    phase = game.phase(state)
    dice = game.dice(state)
    on_fields = sum(1 for d in dice if d.place.is_die_field)
    cup = [i for i, d in enumerate(dice) if d.place == Place.CUP]
    picks = passive = 0
    if phase in (Phase.ROLL, Phase.CHOOSE):
        picks, passive = min(3 - on_fields, len(cup)), 1
    elif phase in (Phase.ACTIVE_EXTRA, Phase.SOLO_ROLL, Phase.PASSIVE_CHOOSE):
        passive = 1
    return picks, passive, cup


def only_blue(blue: bool) -> str:
    """The text a roll's first decisions must contain (:data:`Roll`): blue entries only, or
    any."""
    return " blue:" if blue else ""


def active_rolls(game: Game, state: State) -> Iterator[Roll]:
    """The rolls tried at an active roll of either game: one face on every die in the cup (so
    a pick keeps the other dice, equal dice stay), and any face on the white die when the blue
    die is in the cup too (a blue entry adds the two, ruling 4 and 4E-2): such a roll only for
    its blue entries, the others being another face's."""
    codes = game.dice_codes
    white, blue = codes.index("W"), codes.index("B")
    cup = [i for i, d in enumerate(game.dice(state)) if d.place == Place.CUP]
    for f in range(1, 7):
        for w in (range(1, 7) if white in cup and blue in cup else (f,)):
            yield game.parse_move("roll " + " ".join(
                f"{codes[i]}{w if i == white else f}" for i in cup)), only_blue(w != f)


def _choices(game: Game, state: State, only: str, skipped: frozenset[str]) -> Iterator[Move]:
    for move in game.legal_moves(state):
        text = str(move)
        if text not in skipped and (not only or only in text):
            yield move


def _top(nodes: dict[Key, tuple[float, Node]], count: int) -> list[tuple[float, Node]]:
    """The ``count`` best, ties broken by the order the positions were found in (each
    move list and roll list is in a fixed order)."""
    return sorted(nodes.values(), key=lambda vn: -vn[0])[:count]


def next_slot(solo: SoloGame, beam: list[Node], rank: Callable[[State], float], width: int,
              branch: int, keep: Callable[[State], bool] = lambda state: True,
              skipped: frozenset[str] | None = None) -> list[Node]:
    """The ``width`` best positions by ``rank`` at the next roll (or the game's end) from
    ``beam`` (positions at one roll slot): every roll of ``solo.rolls``, then every decision
    (but the ``skipped`` ones, by default the game's) whose position ``keep`` allows,
    ``branch`` positions kept after each decision."""
    game = solo.game
    never = solo.skipped if skipped is None else skipped
    frontier: list[tuple[Node, str]] = [(Node(game.apply_unchecked(n.state, r), r, n), only)
                                        for n in beam for r, only in solo.rolls(n.state)]
    done: dict[Key, tuple[float, Node]] = {}
    seen: set[Key] = set()
    while frontier:
        waiting: dict[Key, tuple[float, Node]] = {}
        for node, only in frontier:
            for move in _choices(game, node.state, only, never):
                after = game.apply_unchecked(node.state, move)
                k = key(game, after)
                if k in seen or not keep(after):
                    continue
                seen.add(k)
                child = (rank(after), Node(after, move, node))
                if after.is_chance or after.is_terminal:
                    done[k] = child
                else:
                    waiting[k] = child
        frontier = [(n, "") for _, n in _top(waiting, branch)]
    return [n for _, n in _top(done, width)]


def search(solo: SoloGame, width: int, branch: int, start: Node | None = None,
           progress: Progress | None = None) -> Found:
    """The best whole solo game the beam finds, ranked by ``solo.worth`` (from ``start``, a
    position at a roll slot, or the new game).  ``progress`` hears, at each roll slot, the
    round, the games kept, the best total their sheets score now and the entries the best
    ranked one still has to come."""
    game = solo.game
    beam = [start or Node(game.new_game(1))]
    while not all(n.state.is_terminal for n in beam):
        beam = next_slot(solo, [n for n in beam if not n.state.is_terminal], solo.worth,
                         width, branch)
        if progress is not None and beam:
            now = max(total(game, n.state) for n in beam)
            progress(f"beam: round {beam[0].state.round}, {len(beam)} games, best total so "
                     f"far {now}, {solo.budget(beam[0].state)} entries to come")
    best = max(beam, key=lambda n: total(game, n.state))
    return Found(best, total(game, best.state))


def ended(state: State, rounds: int | None) -> bool:
    """The game is over, or round ``rounds`` is (the next round's first roll is due, after
    its round bonus; a black question mark given then is resolved first, ruling 8)."""
    return state.is_terminal or (rounds is not None and state.round > rounds
                                 and state.is_chance)


def opening(game: Game, record: str, rounds: int) -> Node:
    """The game of ``record`` (a solo record's text) up to the end of round ``rounds``
    (:func:`ended`): where a search may start again (local improvement of a game found)."""
    node = Node(game.new_game(1))
    for step in parse_record(record, "start").steps:
        if ended(node.state, rounds):
            break
        node = Node(game.apply(node.state, step.move), step.move, node)
    return node


def write_record(game: Game, found: Found, path: str) -> int:
    """Verify the game with the engine (``verify``) and write its record to a new file;
    returns the engine's total."""
    return write_verified(found.node.moves(), found.total, game.name, path)


def write_out(game: Game, found: Found, path: str) -> int:
    """:func:`write_record` for a command: 0 once written (saying so), else 2 with one line
    saying why the file could not be written."""
    try:
        write_record(game, found, path)
    except OSError as e:
        print(f"error: cannot write {path}: {e.strerror}", file=sys.stderr)
        return 2
    print(f"wrote {path}: {found.total}, verified")
    return 0


def search_command(game: Game, out: str | None,
                   find: Callable[[Callable[[str], None], Progress | None], Found | None],
                   nothing: str) -> int:
    """The body of a solo search's command: an ``out`` that exists is refused (exit 2: the
    file is the user's); ``find(say, progress)`` finds the game, its progress on a terminal
    (:func:`spec.solving.shown`; None elsewhere) and what it says printed, each line clearing
    the progress first; the game is printed and its record written (:func:`write_out`), or
    ``nothing`` said (exit 1)."""
    if out and os.path.exists(out):
        print(f"error: {out} exists; the record is written to a new file", file=sys.stderr)
        return 2
    terminal = shown(sys.stderr)

    def say(text: str) -> None:
        if terminal is not None:
            terminal.done()
        print(text, flush=True)

    found = find(say, terminal)
    if terminal is not None:
        terminal.done()
    if found is None:
        print(f"error: {nothing}", file=sys.stderr)
        return 1
    print(f"game: {found.total} {game.format_sheet(found.node.state.sheets[0])}")
    return write_out(game, found, out) if out else 0


def positive(text: str) -> int:
    """A whole number of 1 or more (a beam's width, a branch, a number of runs)."""
    if not (text.isascii() and text.isdigit()) or len(text) > 100 or int(text) < 1:
        raise argparse.ArgumentTypeError(f"want a whole number of 1 or more, not {text!r}")
    return int(text)


def beam_options(p: argparse.ArgumentParser, width: int, branch: int, target: str) -> None:
    """The options of a beam toward a target sheet (:func:`spec.fourever.solo_realise.toward`)
    and of the record it writes, shared by the commands that play toward one (``target``
    names the sheet in the help)."""
    p.add_argument("--width", type=positive, default=width, help="games kept per roll slot")
    p.add_argument("--branch", type=positive, default=branch,
                   help="positions kept after each decision within a slot")
    p.add_argument("--waste", type=float, default=1.0,
                   help=f"the beam's price of each question mark the rest of the {target} "
                        f"would lose (its area's room in the {target} used up)")
    p.add_argument("--out", help="write the game's record to this new file")
