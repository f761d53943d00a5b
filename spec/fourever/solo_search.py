"""High Clever 4Ever solo games: the solo beam of :mod:`spec.solo_beam` (over the engine's
own game through the game seam, the dice chosen) with Clever 4Ever's part, :func:`solo_game`.

A solo record states its dice, so the search chooses every roll (ruling 9: six rounds, an
active turn then a passive turn with the solo roll).  The game is the engine's, through the game
seam: each roll is a chance move the engine applies, each decision one of its legal moves.

The beam steps roll slot by roll slot.  At each slot every game kept is rolled with each of a
few chosen rolls (:func:`rolls`, this game's): an active roll shows one face on every die in the
cup (so a pick keeps the other dice, equal dice stay) and any face on the white die (the blue
column, ruling 4E-2); a solo roll lays one die with any face on the silver platter with the
white die (any face when the die is blue) and shows 6 on every other die (what most areas want
of an extra die).  Then every decision up to the next roll is tried (picks, question marks, extra dice,
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

from oracle import Phase
from oracle.engine.errors import OracleError
from oracle.engine.game import State
from oracle.engine.sheet import Sheet
from spec import solo_beam
from spec.fourever.printed import ROUND_BONUS, XD, Q_ANY
from spec.fourever.seam import GAME
from spec.fourever.solo_value import Prices, worth
from spec.solo import drawn as drawn_around
# what the solo beam shares, named here as before it was shared (solo_realise, solo_plan ...)
from spec.solo_beam import SKIPPED as SKIPPED
from spec.solo_beam import Found as Found
from spec.solo_beam import Key as Key
from spec.solo_beam import Node as Node
from spec.solo_beam import Roll, SoloGame, active_rolls, only_blue, picks_left
from spec.solo_beam import beam_options as beam_options
from spec.solving import Progress

_positive = solo_beam.positive

#: The dice codes in die order (white first).
CODES = GAME.dice_codes
WHITE, BLUE = CODES.index("W"), CODES.index("B")
#: The die of each area, in sheet order (yellow, blue, grey, green, pink).
AREA_DICE = tuple(CODES.index(c) for c in ("Y", "B", "Gy", "Gn", "P"))
#: The action tracks' indices on a sheet: re-roll, extra die, polish (printed order).
REROLL_TRACK, EXTRA_TRACK, POLISH_TRACK = 0, 1, 2
def sheet(state: State) -> Sheet:
    """The solo player's sheet."""
    got = state.sheets[0]
    assert isinstance(got, Sheet)
    return got


def key(state: State) -> Key:
    """:func:`spec.solo_beam.key` in Clever 4Ever."""
    return solo_beam.key(GAME, state)


def budget(state: State, flow: float = 0.0) -> tuple[int, tuple[int, ...]]:
    """The entries the game still gives for certain, and at most how many of them each area
    can take: the picks of this turn and the turns left (three active, one passive a round,
    ruling 9; an area only from its own die and the white die, so two of each active turn's),
    the extra dice circled and not spent, the question marks pending, and round 2's extra die
    and round 4's black question mark while still to come (ruling 4E-3); and ``flow`` more
    for each round after this one (the bonuses the game is expected to earn)."""
    picks, passive, cup = picks_left(GAME, state)
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


def rolls(state: State) -> Iterator[Roll]:
    """The rolls tried at a chance node (module docstring), each with the text its first
    decisions must contain: " blue:" where only its blue entries are new (the white die
    showing another face than the rest changes nothing else that the roll showing one face on
    every die does not give), else ""."""
    if GAME.phase(state) == Phase.SOLO_ROLL:
        for d in range(len(CODES)):
            for f in range(1, 7):
                for w in (range(1, 7) if d == BLUE else (6,)):
                    faces = [6] * len(CODES)
                    faces[WHITE] = w
                    faces[d] = f
                    order = [d] + [e for e in range(len(CODES)) if e != d]
                    yield GAME.parse_move("solo-roll " + " ".join(
                        f"{CODES[e]}{faces[e]}" for e in order)), \
                        only_blue(d == BLUE and w != 6)
        return
    yield from active_rolls(GAME, state)


def solo_game(prices: Prices) -> SoloGame:
    """Clever 4Ever's part of the solo beam (:class:`spec.solo_beam.SoloGame`): its rolls
    (:func:`rolls`), its worth at ``prices`` (:func:`value`), its budget (:func:`budget`)
    and the moves never tried (:data:`SKIPPED`)."""
    return SoloGame(GAME, rolls, lambda state: value(state, prices),
                    lambda state: budget(state, prices.flow)[0], SKIPPED)


#: The solo game the realising beams step through (their ranks are their own; the worth here
#: is unused by them).
REALISING = solo_game(Prices())


def next_slot(beam: list[Node], rank: Callable[[State], float], width: int, branch: int,
              keep: Callable[[State], bool] = lambda state: True,
              skipped: frozenset[str] = SKIPPED) -> list[Node]:
    """:func:`spec.solo_beam.next_slot` in Clever 4Ever: the ``width`` best positions by
    ``rank`` at the next roll (or the game's end) from ``beam``, every decision but the
    ``skipped`` ones whose position ``keep`` allows tried, ``branch`` kept after each."""
    return solo_beam.next_slot(REALISING, beam, rank, width, branch, keep, skipped)


#: The options that found the best game before the plans (390; docs/solving.md): its third
#: run, prices drawn with seed 1.  The bundled best game is :mod:`spec.fourever.solo_plan`'s.
WITNESS_ARGS = ("--width", "10", "--branch", "100", "--floor", "50", "--shortfall", "3",
                "--restarts", "3", "--spread", "0.4", "--seed", "1")


def ended(state: State, rounds: int | None) -> bool:
    """The game is over, or round ``rounds`` is (:func:`spec.solo_beam.ended`; round 4's black
    question mark is resolved first, ruling 4E-3)."""
    return solo_beam.ended(state, rounds)


def opening(record: str, rounds: int) -> Node:
    """The game of ``record`` (a solo record's text) up to the end of round ``rounds``
    (:func:`ended`): where a search may start again (local improvement of a game found)."""
    return solo_beam.opening(GAME, record, rounds)


def search(prices: Prices, width: int, branch: int, start: Node | None = None) -> Found:
    """The best whole solo game the beam finds ranked by :func:`value` at ``prices`` (from
    ``start``, a position at a roll slot, or the new game)."""
    return solo_beam.search(solo_game(prices), width, branch, start)


def write_record(found: Found, path: str) -> int:
    """Verify the game with the engine (``verify``) and write its record to a new file;
    returns the engine's total."""
    return solo_beam.write_record(GAME, found, path)


def write_out(found: Found, path: str) -> int:
    """:func:`spec.solo_beam.write_out` in Clever 4Ever."""
    return solo_beam.write_out(GAME, found, path)


def search_command(out: str | None,
                   find: Callable[[Callable[[str], None], Progress | None], Found | None],
                   nothing: str) -> int:
    """:func:`spec.solo_beam.search_command` in Clever 4Ever (:mod:`spec.fourever.solo_plan`,
    :mod:`spec.fourever.solo_exact`)."""
    return solo_beam.search_command(GAME, out, find, nothing)


def drawn(prices: Prices, rng: random.Random, spread: float) -> Prices:
    """Prices drawn within ``spread`` (a fraction) around ``prices`` (the floor a whole
    number)."""
    return drawn_around(prices, rng, spread,
                        ("floor", "shortfall", "entry", "polish", "reroll", "flow"), ("floor",))


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
