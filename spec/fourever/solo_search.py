"""High Clever 4Ever solo games: a beam over the engine's own game with the dice chosen.

A solo record states its dice, so the search chooses every roll (ruling 9: six rounds, an
active turn then a passive turn with the solo roll).  The game is the engine's, through the game
seam: each roll is a chance move the engine applies, each decision one of its legal moves.

The beam steps roll slot by roll slot.  At each slot every game kept is rolled with each of a
few chosen rolls (:func:`rolls`): an active roll shows one face on every die in the cup (so a
pick keeps the other dice, equal dice stay) and any face on the white die (the blue column,
ruling 4E-2); a solo roll lays one die with any face on the silver platter with the white die
(any face when the die is blue) and shows 6 on every other die (what most areas want of an
extra die).  Then every decision up to the next roll is tried (picks, question marks, extra dice,
polish; never a re-roll or a forfeit, which gain nothing when the dice are chosen), ``branch``
positions kept after each decision, ``width`` games kept at the next slot, ranked by
:func:`spec.fourever.solo_value.worth` of the sheet and the entries still to come
(:func:`budget`).  Positions that differ only by the faces of dice in the cup are one.  Ties are
broken by the order positions are found in: no clock and no chance decides anything, so a run is
reproducible; ``--seed`` draws the prices of a restart around the given ones.  ``--floors``
prices each fox near the lowest area (:class:`spec.fourever.solo_value.Prices`); ``--start`` with
``--rounds`` keeps a record's game to the end of that round and searches the rest again
(:func:`opening`).

``python -m spec.fourever.solo_search --help``.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from collections.abc import Callable, Iterator, Sequence

import attrs

from oracle import Phase, Place
from oracle.engine.errors import OracleError
from oracle.engine.game import Move, State
from oracle.records.record import parse_record
from oracle.engine.sheet import Sheet
from spec.fourever.printed import ROUND_BONUS, XD, Q_ANY
from spec.fourever.seam import GAME
from spec.fourever.solo_value import Prices, worth
from spec.solo import drawn as drawn_around
from spec.solo import write_verified
from spec.solving import Progress, shown

#: The dice codes in die order (white first).
CODES = GAME.dice_codes
WHITE, BLUE = CODES.index("W"), CODES.index("B")
#: The die of each area, in sheet order (yellow, blue, grey, green, pink).
AREA_DICE = tuple(CODES.index(c) for c in ("Y", "B", "Gy", "Gn", "P"))
#: The action tracks' indices on a sheet: re-roll, extra die, polish (printed order).
REROLL_TRACK, EXTRA_TRACK, POLISH_TRACK = 0, 1, 2
#: Moves never tried: with the dice chosen they only lose a roll.
SKIPPED = frozenset({"reroll", "forfeit"})


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


def sheet(state: State) -> Sheet:
    """The solo player's sheet."""
    got = state.sheets[0]
    assert isinstance(got, Sheet)
    return got


Key = tuple[object, ...]


def key(state: State) -> Key:
    """The position without the faces of dice in the cup (they are rolled again): the
    sheet, the round, the step of the turn, who moves and where each die lies.  (Which dice
    were extra dice this turn is left out: two positions differing only there are one.)"""
    return (sheet(state), state.round, GAME.phase(state), state.actor,
            tuple((d.place, None if d.place == Place.CUP else d.face) for d in GAME.dice(state)))


def budget(state: State, flow: float = 0.0) -> tuple[int, tuple[int, ...]]:
    """The entries the game still gives for certain, and at most how many of them each area
    can take: the picks of this turn and the turns left (three active, one passive a round,
    ruling 9; an area only from its own die and the white die, so two of each active turn's),
    the extra dice circled and not spent, the question marks pending, and round 2's extra die
    and round 4's black question mark while still to come (ruling 4E-3); and ``flow`` more
    for each round after this one (the bonuses the game is expected to earn)."""
    phase = GAME.phase(state)
    dice = GAME.dice(state)
    on_fields = sum(1 for d in dice if d.place.is_die_field)
    cup = [i for i, d in enumerate(dice) if d.place == Place.CUP]
    picks = own = passive = 0
    if phase in (Phase.ROLL, Phase.CHOOSE):
        picks, passive = min(3 - on_fields, len(cup)), 1
    elif phase in (Phase.ACTIVE_EXTRA, Phase.SOLO_ROLL, Phase.PASSIVE_CHOOSE):
        passive = 1
    turns = state.rounds - state.round
    s = sheet(state)
    bonuses = sum(1 for r, b in enumerate(ROUND_BONUS, 1)
                  if r > state.round and b in (XD, Q_ANY))
    extra = s.left(EXTRA_TRACK) + len(s.pending) + bonuses + round(flow * turns)
    total = picks + passive + 4 * turns + extra
    caps = []
    for die in AREA_DICE:
        own = min(picks, int(die in cup) + int(WHITE in cup))
        caps.append(own + passive + 3 * turns + extra)
    return total, tuple(caps)


def value(state: State, prices: Prices) -> float:
    """What the position is worth (:func:`spec.fourever.solo_value.worth`), with the polish
    and re-rolls left; a finished game its total."""
    s = sheet(state)
    if state.is_terminal:
        return float(GAME.score(s).total)
    return (worth(s.parts, *budget(state, prices.flow), prices)
            + prices.polish * s.left(POLISH_TRACK)
            + prices.reroll * s.left(REROLL_TRACK))


def rolls(state: State) -> Iterator[tuple[Move, bool]]:
    """The rolls tried at a chance node (module docstring), each with whether only its blue
    entries are new (the white die showing another face than the rest changes nothing else
    that the roll showing one face on every die does not give)."""
    dice = GAME.dice(state)
    if GAME.phase(state) == Phase.SOLO_ROLL:
        for d in range(len(CODES)):
            for f in range(1, 7):
                for w in (range(1, 7) if d == BLUE else (6,)):
                    faces = [6] * len(CODES)
                    faces[WHITE] = w
                    faces[d] = f
                    order = [d] + [e for e in range(len(CODES)) if e != d]
                    yield GAME.parse_move("solo-roll " + " ".join(
                        f"{CODES[e]}{faces[e]}" for e in order)), d == BLUE and w != 6
        return
    cup = [i for i, d in enumerate(dice) if d.place == Place.CUP]
    for f in range(1, 7):
        for w in (range(1, 7) if WHITE in cup and BLUE in cup else (f,)):
            yield GAME.parse_move("roll " + " ".join(
                f"{CODES[i]}{w if i == WHITE else f}" for i in cup)), w != f


def _choices(state: State, only_blue: bool, skipped: frozenset[str]) -> Iterator[Move]:
    for move in GAME.legal_moves(state):
        text = str(move)
        if text not in skipped and (not only_blue or " blue:" in text):
            yield move


def _top(nodes: dict[Key, tuple[float, Node]], count: int) -> list[tuple[float, Node]]:
    """The ``count`` best, ties broken by the order the positions were found in (each
    move list and roll list is in a fixed order)."""
    return sorted(nodes.values(), key=lambda vn: -vn[0])[:count]


def next_slot(beam: list[Node], rank: Callable[[State], float], width: int, branch: int,
              keep: Callable[[State], bool] = lambda state: True,
              skipped: frozenset[str] = SKIPPED) -> list[Node]:
    """The ``width`` best positions by ``rank`` at the next roll (or the game's end) from
    ``beam`` (positions at one roll slot): every chosen roll, then every decision (but the
    ``skipped`` ones) whose position ``keep`` allows, ``branch`` positions kept after each
    decision."""
    frontier: list[tuple[Node, bool]] = [(Node(GAME.apply_unchecked(n.state, r), r, n), blue)
                                         for n in beam for r, blue in rolls(n.state)]
    done: dict[Key, tuple[float, Node]] = {}
    seen: set[Key] = set()
    while frontier:
        waiting: dict[Key, tuple[float, Node]] = {}
        for node, only_blue in frontier:
            for move in _choices(node.state, only_blue, skipped):
                after = GAME.apply_unchecked(node.state, move)
                k = key(after)
                if k in seen or not keep(after):
                    continue
                seen.add(k)
                child = (rank(after), Node(after, move, node))
                if after.is_chance or after.is_terminal:
                    done[k] = child
                else:
                    waiting[k] = child
        frontier = [(n, False) for _, n in _top(waiting, branch)]
    return [n for _, n in _top(done, width)]


#: The options that found the best game before the plans (390; docs/solving.md): its third
#: run, prices drawn with seed 1.  The bundled best game is :mod:`spec.fourever.solo_plan`'s.
WITNESS_ARGS = ("--width", "10", "--branch", "100", "--floor", "50", "--shortfall", "3",
                "--restarts", "3", "--spread", "0.4", "--seed", "1")


@attrs.frozen
class Found:
    """A finished game and the engine's total."""

    node: Node
    total: int


def ended(state: State, rounds: int | None) -> bool:
    """The game is over, or round ``rounds`` is (the next round's first roll is due, after
    its round bonus; round 4's black question mark is resolved first, ruling 4E-3)."""
    return state.is_terminal or (rounds is not None and state.round > rounds
                                 and state.is_chance)


def opening(record: str, rounds: int) -> Node:
    """The game of ``record`` (a solo record's text) up to the end of round ``rounds``
    (:func:`ended`): where a search may start again (local improvement of a game found)."""
    node = Node(GAME.new_game(1))
    for step in parse_record(record, "start").steps:
        if ended(node.state, rounds):
            break
        node = Node(GAME.apply(node.state, step.move), step.move, node)
    return node


def search(prices: Prices, width: int, branch: int, start: Node | None = None) -> Found:
    """The best whole solo game the beam finds (from ``start``, a position at a roll slot,
    or the new game)."""
    beam = [start or Node(GAME.new_game(1))]
    while not all(n.state.is_terminal for n in beam):
        beam = next_slot([n for n in beam if not n.state.is_terminal],
                         lambda state: value(state, prices), width, branch)
    best = max(beam, key=lambda n: GAME.score(sheet(n.state)).total)
    return Found(best, GAME.score(sheet(best.state)).total)


def write_record(found: Found, path: str) -> int:
    """Verify the game with the engine (``verify``) and write its record to a new file;
    returns the engine's total."""
    return write_verified(found.node.moves(), found.total, GAME.name, path)


def write_out(found: Found, path: str) -> int:
    """:func:`write_record` for a command: 0 once written (saying so), else 2 with one line
    saying why the file could not be written."""
    try:
        write_record(found, path)
    except OSError as e:
        print(f"error: cannot write {path}: {e.strerror}", file=sys.stderr)
        return 2
    print(f"wrote {path}: {found.total}, verified")
    return 0


def beam_options(p: argparse.ArgumentParser, width: int, branch: int, target: str) -> None:
    """The options of a beam toward a target sheet (:func:`spec.fourever.solo_realise.toward`)
    and of the record it writes, shared by the commands that play toward one (``target``
    names the sheet in the help)."""
    p.add_argument("--width", type=_positive, default=width, help="games kept per roll slot")
    p.add_argument("--branch", type=_positive, default=branch,
                   help="positions kept after each decision within a slot")
    p.add_argument("--waste", type=float, default=1.0,
                   help=f"the beam's price of each question mark the rest of the {target} "
                        f"would lose (its area's room in the {target} used up)")
    p.add_argument("--out", help="write the game's record to this new file")


def search_command(out: str | None,
                   find: Callable[[Callable[[str], None], Progress | None], Found | None],
                   nothing: str) -> int:
    """The body of a solo search's command (:mod:`spec.fourever.solo_plan`,
    :mod:`spec.fourever.solo_exact`): an ``out`` that exists is refused (exit 2: the file is
    the user's); ``find(say, progress)`` finds the game, its progress on a terminal
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
    print(f"game: {found.total} {GAME.format_sheet(sheet(found.node.state))}")
    return write_out(found, out) if out else 0


def drawn(prices: Prices, rng: random.Random, spread: float) -> Prices:
    """Prices drawn within ``spread`` (a fraction) around ``prices`` (the floor a whole
    number)."""
    return drawn_around(prices, rng, spread,
                        ("floor", "shortfall", "entry", "polish", "reroll", "flow"), ("floor",))


def _positive(text: str) -> int:
    """A whole number of 1 or more (a beam's width, a branch, a number of runs)."""
    if not (text.isascii() and text.isdigit()) or len(text) > 100 or int(text) < 1:
        raise argparse.ArgumentTypeError(f"want a whole number of 1 or more, not {text!r}")
    return int(text)


def _floors(text: str) -> tuple[int, ...]:
    """Comma-separated whole numbers (the floors a fox is priced at)."""
    parts = text.split(",")
    if not all((d := p.strip().removeprefix("-")).isascii() and d.isdigit() and len(d) <= 100
               for p in parts):
        raise argparse.ArgumentTypeError(f"want whole numbers separated by commas, not {text!r}")
    return tuple(int(p) for p in parts)


def parser() -> argparse.ArgumentParser:
    """The command line's options."""
    defaults = Prices()
    p = argparse.ArgumentParser(
        prog="python -m spec.fourever.solo_search",
        description="A high Clever 4Ever solo game, the dice chosen; its record verified.")
    p.add_argument("--width", type=_positive, default=20, help="games kept per roll slot")
    p.add_argument("--branch", type=_positive, default=200,
                   help="positions kept after each decision within a slot")
    p.add_argument("--restarts", type=_positive, default=1,
                   help="runs; each after the first draws its prices around the given")
    p.add_argument("--seed", type=int, default=0, help="seed of the drawn prices")
    p.add_argument("--spread", type=float, default=0.15)
    p.add_argument("--floor", type=int, default=defaults.floor)
    p.add_argument("--shortfall", type=float, default=defaults.shortfall)
    p.add_argument("--entry", type=float, default=defaults.entry)
    p.add_argument("--flow", type=float, default=defaults.flow)
    p.add_argument("--floors", type=_floors, default=(),
                   help="floors tried, comma-separated (a fox priced by the lowest area)")
    p.add_argument("--net", action="store_true",
                   help="count the question marks and extra dice an area earns as entries it "
                        "gives back (Prices.net)")
    p.add_argument("--start", help="a solo record whose game the search continues")
    p.add_argument("--rounds", type=int, default=0,
                   help="with --start: the rounds of its game kept (the rest searched again)")
    p.add_argument("--out", help="write the best game's record to this new file")
    return p


def best(argv: Sequence[str], say: Callable[[str], None] = lambda text: None) -> Found:
    """The best game of the runs the options ``argv`` ask for (``say`` hears each run)."""
    args = parser().parse_args(list(argv))
    prices = Prices(floor=args.floor, shortfall=args.shortfall, entry=args.entry,
                    flow=args.flow, floors=args.floors, net=args.net)
    rng = random.Random(args.seed)
    start = None
    if args.start:
        with open(args.start, encoding="utf-8") as given:
            start = opening(given.read(), args.rounds)
    found: Found | None = None
    for run in range(args.restarts):
        at = prices if run == 0 else drawn(prices, rng, args.spread)
        t0 = time.perf_counter()
        got = search(at, args.width, args.branch, start)
        s = GAME.score(sheet(got.node.state))
        say(f"run {run}: {got.total} (areas {s.areas}, {s.foxes} foxes; {at}) "
            f"in {time.perf_counter() - t0:.0f} s")
        if found is None or got.total > found.total:
            found = got
    assert found is not None
    return found


def main(argv: list[str] | None = None) -> int:
    """Search, print each run's total, write the best game's record."""
    args = parser().parse_args(argv)
    if args.out and os.path.exists(args.out):
        print(f"error: {args.out} exists; the record is written to a new file", file=sys.stderr)
        return 2
    try:
        found = best(sys.argv[1:] if argv is None else argv,
                     lambda text: print(text, flush=True))
    except OSError as e:
        print(f"error: cannot read {args.start}: {e.strerror}", file=sys.stderr)
        return 2
    except OracleError as e:
        print(f"error: {args.start}: {e}", file=sys.stderr)
        return 2
    return write_out(found, args.out) if args.out else 0


if __name__ == "__main__":
    sys.exit(main())
