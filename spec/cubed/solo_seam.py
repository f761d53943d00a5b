"""High Clever Cubed solo games through the game seam: the solo beam of :mod:`spec.solo_beam`
(the engine's own game, the dice chosen) with Clever Cubed's part, :func:`solo_game`.

Unlike the open-face game (:mod:`spec.cubed.solo_game`, which leaves each face open until a
move uses it), every roll here is a chance move of the engine with its faces chosen
(:func:`rolls`):

* an active roll shows one face on every die in the cup (a pick keeps the other dice: equal
  dice stay, rulebook "Active Player"; the dice already on die fields match it for turquoise,
  ruling 11), and any face on the white die when the white and the blue die are both in the
  cup (a blue entry is white plus blue, ruling 15; those rolls try only blue entries);
* a solo passive roll (ruling 9: the three lowest dice to the silver platter, ties by the
  order, the others onto die fields I to III) lays one die with any face on the platter with
  two companions showing the same face (two more turquoise crosses, ruling 11) and shows 6 on
  the die fields (what most areas want of an extra die); the companions are the blue-white
  partner when the die is white or blue (then with any face: the blue sum, ruling 15), else
  the first of yellow, turquoise, brown and pink, so the white die stays on a die field for an
  extra die.

Positions are ranked by :class:`spec.cubed.solo_value.Worth` (the open-face search's worth: each
area's table over the entries still to come) of the engine's sheet, the entries still to come
counted from the engine's position (:func:`budget`).  Re-rolls and forfeits are never tried
(:data:`spec.solo_beam.SKIPPED`).  Every game found is verified by the engine before its record
is written.

``python -m spec.cubed.solo_seam --help``.
"""

from __future__ import annotations

import argparse
import functools
import random
import sys
from collections.abc import Callable, Iterator, Sequence

from oracle import Bonus, Phase, PlayerSheet
from oracle.engine.game import State
from spec import solo_beam
from spec.cubed import solo_sheet as ss
from spec.cubed.printed import ROUND_START_BONUS
from spec.cubed.seam import GAME
from spec.cubed.solo_value import Prices, Worth, gives_entry
from spec.solo import drawn as drawn_around
from spec.solo_beam import SKIPPED, Found, Roll, SoloGame, active_rolls, only_blue, picks_left
from spec.solving import Progress

#: The dice codes in die order (white first).
CODES = GAME.dice_codes
WHITE, BLUE = CODES.index("W"), CODES.index("B")
#: The die of each area in the order of the worth's tables (yellow, brown, turquoise, blue,
#: pink: :meth:`spec.cubed.solo_value.Worth.at`).
TABLE_DICE = tuple(CODES.index(c) for c in ("Y", "Br", "T", "B", "P"))
#: The companions of a platter die that is neither white nor blue, in order of preference.
COMPANIONS = tuple(CODES.index(c) for c in ("Y", "T", "Br", "P"))


def sheet(state: State) -> PlayerSheet:
    """The solo player's sheet."""
    got = state.sheets[0]
    assert isinstance(got, PlayerSheet)
    return got


def budget(state: State) -> tuple[int, tuple[int, ...]]:
    """The entries the game still gives for certain, and at most how many of them each area
    (in the worth's table order) can take: the picks of this turn and the turns left (three
    active, one passive a round, ruling 9; an area only from its own die and the white die,
    so two of each active turn's), the extra dice circled and not spent, the question marks
    pending, and the round bonuses still to come that are entries (round 2's extra die, round
    4's black question mark, ruling 8)."""
    picks, passive, cup = picks_left(GAME, state)
    turns = state.rounds - state.round
    s = sheet(state)
    bonuses = sum(1 for b in ROUND_START_BONUS[state.round:] if b is not None and gives_entry(b))
    extra = s.extra_dice_left + len(s.pending) + bonuses
    caps = tuple(min(picks, int(die in cup) + int(WHITE in cup)) + passive + 3 * turns + extra
                 for die in TABLE_DICE)
    return picks + passive + 4 * turns + extra, caps


def rolls(state: State) -> Iterator[Roll]:
    """The rolls tried at a chance node (module docstring), each with the text its first
    decisions must contain: " blue:" where only its blue entries are new, else ""."""
    if GAME.phase(state) == Phase.SOLO_ROLL:
        for d in range(len(CODES)):
            partner = BLUE if d == WHITE else WHITE if d == BLUE else None
            others = [c for c in COMPANIONS if c != d]
            companions = [partner, others[0]] if partner is not None else others[:2]
            rest = [e for e in range(len(CODES)) if e != d and e not in companions]
            for f in range(1, 7):
                for p in (range(1, 7) if partner is not None else (f,)):
                    faces = [6] * len(CODES)
                    for e in [d, *companions]:
                        faces[e] = f
                    if partner is not None:
                        faces[partner] = p
                    yield GAME.parse_move("solo-roll " + " ".join(
                        f"{CODES[e]}{faces[e]}" for e in [d, *companions, *rest])), \
                        only_blue(p != f)
        return
    yield from active_rolls(GAME, state)


def solo_game(prices: Prices = Prices()) -> SoloGame:
    """Clever Cubed's part of the solo beam (:class:`spec.solo_beam.SoloGame`): its rolls
    (:func:`rolls`), the worth of :class:`spec.cubed.solo_value.Worth` at ``prices`` (a
    finished game: its total), its budget (:func:`budget`) and the moves never tried."""
    worth = Worth(prices)
    at = functools.lru_cache(maxsize=1 << 16)(worth.at)

    def value(state: State) -> float:
        s = sheet(state)
        if state.is_terminal:
            return float(GAME.score(s).total)
        return at(ss.of_player_sheet(s), *budget(state))

    return SoloGame(GAME, rolls, value, lambda state: budget(state)[0], SKIPPED)


def drawn(prices: Prices, rng: random.Random, spread: float) -> Prices:
    """Prices drawn within ``spread`` (a fraction) around ``prices``."""
    return drawn_around(prices, rng, spread, ("floor", "shortfall", "reroll", "joker",
                                              "question"))


def parser() -> argparse.ArgumentParser:
    """The command line's options."""
    defaults = Prices()
    p = argparse.ArgumentParser(
        prog="python -m spec.cubed.solo_seam",
        description="A high Clever Cubed solo game, the dice chosen, through the engine's own "
                    "game; its record verified.")
    p.add_argument("--width", type=solo_beam.positive, default=4,
                   help="games kept per roll slot")
    p.add_argument("--branch", type=solo_beam.positive, default=20,
                   help="positions kept after each decision within a slot")
    p.add_argument("--restarts", type=solo_beam.positive, default=1,
                   help="runs; each after the first draws its prices around the given")
    p.add_argument("--seed", type=int, default=0, help="seed of the drawn prices")
    p.add_argument("--spread", type=float, default=0.15)
    p.add_argument("--floor", type=float, default=defaults.floor)
    p.add_argument("--shortfall", type=float, default=defaults.shortfall)
    p.add_argument("--out", help="write the best game's record to this new file")
    return p


def best(argv: Sequence[str], say: Callable[[str], None] = lambda text: None,
         progress: Progress | None = None) -> Found:
    """The best game of the runs the options ``argv`` ask for (``say`` hears each run,
    ``progress`` each roll slot)."""
    args = parser().parse_args(list(argv))
    prices = Prices(floor=args.floor, shortfall=args.shortfall)
    rng = random.Random(args.seed)
    found: Found | None = None
    for run in range(args.restarts):
        at = prices if run == 0 else drawn(prices, rng, args.spread)
        got = solo_beam.search(solo_game(at), args.width, args.branch, progress=progress)
        s = GAME.score(sheet(got.node.state))
        say(f"run {run}: {got.total} (areas {s.areas}, {s.foxes} foxes; {at})")
        if found is None or got.total > found.total:
            found = got
    assert found is not None
    return found


def main(argv: Sequence[str] | None = None) -> int:
    """Search, print each run's total and the best game, write its record."""
    given = sys.argv[1:] if argv is None else list(argv)
    args = parser().parse_args(given)
    return solo_beam.search_command(GAME, args.out,
                                    lambda say, progress: best(given, say, progress),
                                    "no game found")


if __name__ == "__main__":
    sys.exit(main())
