"""Steering: how certification chooses the moves of its games, one rule family at a time, so
that situations that random play rarely reaches come up in a small budget (docs/certify.md,
"How rare situations are reached").

Each game of a run follows one :class:`Steer`, taken in turn from :data:`FAMILIES`:

* ``random`` — a move's kind first (take, extra die, question mark of each kind, pass, ...),
  then its area, then the move, so rare kinds come up as often as common ones;
* ``questions`` — toward question marks (moves that leave marks pending, then the highest
  score), and a random kind among several pending marks (ruling 18: the player's choice);
* ``end`` — to the last round with extra-die actions kept (no extra die before the end, no use
  of the game's own action), then extra dice after the last turn (ruling 7), mostly solo;
* ``fallback`` — the passive player's fallback (ruling 4): actions kept (so a platter die may be
  usable only by spending one), full sheets (so platter dice become unusable), and a passive
  player who may take a die-field die does;
* ``jokers`` — the game's own action whenever it can be used (number joker, polish);
* ``tracks`` — full action tracks: the highest score, and every extra die that can be taken;
* ``solo`` — solo games (the solo passive roll, ruling 9).

A steer only chooses among our legal moves; a choice is recorded as a decision (its place in
:func:`decision_order`), so that a game can be replayed and shrunk without the steer.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import attrs

from oracle.game import Game, Move, State
from oracle.phase import Phase

_EXTRA_PHASES = (Phase.ACTIVE_EXTRA, Phase.PASSIVE_EXTRA)


def _word(text: str) -> str:
    return text.split(" ", 1)[0]


def _kind(text: str) -> str:
    """A move's kind: its first word; a question mark's kind also names its bonus."""
    tokens = text.split(" ")
    return tokens[0] + (" " + tokens[1] if tokens[0] == "question" else "")


def _area(text: str) -> str:
    return text.split(" ")[-1].split(":")[0]


def uses_action(text: str) -> bool:
    """True for a die move that spends the game's own action (``joker=...``, ``polish=...``)."""
    tokens = text.split(" ")
    return tokens[0] in ("take", "extra") and any("=" in t for t in tokens[2:-1])


def decision_order(texts: tuple[str, ...]) -> tuple[int, ...]:
    """The moves' indices in decision order: the moves that end a step soonest first
    (``forfeit``, ``pass``), then entries, then ``reroll``; decision 0 is the simplest."""
    rank = {"forfeit": 0, "pass": 0, "reroll": 2}
    return tuple(sorted(range(len(texts)), key=lambda i: (rank.get(_word(texts[i]), 1), i)))


def kind_first(rng: random.Random, texts: tuple[str, ...], among: tuple[int, ...]) -> int:
    """A move of ``among`` drawn kind first, area second (rare kinds as often as common)."""
    kinds: dict[str, list[int]] = {}
    for i in among:
        kinds.setdefault(_kind(texts[i]), []).append(i)
    chosen = kinds[rng.choice(sorted(kinds))]
    areas: dict[str, list[int]] = {}
    for i in chosen:
        areas.setdefault(_area(texts[i]), []).append(i)
    return rng.choice(areas[rng.choice(sorted(areas))])


def greedy(game: Game, state: State, moves: tuple[Move, ...], among: tuple[int, ...],
           value: Callable[[State], tuple[int, ...]] | None = None) -> int:
    """The move of ``among`` after which the mover's score is highest (``value``: another
    measure of the state after it), the first on a tie."""
    actor = state.actor

    def measure(after: State) -> tuple[int, ...]:
        return (game.score(after.sheets[actor]).total,)

    judge = value or measure
    return max(among, key=lambda i: judge(game.apply_unchecked(state, moves[i])))


@attrs.frozen
class Choice:
    """What a steer sees of a decision: the game, the state, our legal moves and their texts,
    and the moves still open (those the app has not refused at this step)."""

    game: Game
    state: State
    moves: tuple[Move, ...]
    texts: tuple[str, ...]
    among: tuple[int, ...]

    @property
    def phase(self) -> Phase:
        return self.game.phase(self.state)

    def where(self, index: int) -> str:
        """Where the die of move ``index`` lies (a place label: cup, I, II, III, platter)."""
        code = self.texts[index].split(" ")[1]
        return next(d.place.label for d in self.game.dice(self.state) if d.die.code == code)

    def only(self, keep: Callable[[int], bool]) -> tuple[int, ...]:
        """The open moves that ``keep`` keeps, or all of them when it keeps none."""
        kept = tuple(i for i in self.among if keep(i))
        return kept or self.among


def _random(c: Choice, rng: random.Random) -> int:
    return kind_first(rng, c.texts, c.among)


def _questions(c: Choice, rng: random.Random) -> int:
    pending = c.game.pending(c.state, c.state.actor)
    if pending or rng.random() < 0.4:
        return kind_first(rng, c.texts, c.among)
    actor = c.state.actor

    def value(after: State) -> tuple[int, ...]:
        return (len(c.game.pending(after, actor)) if after.actor == actor else 0,
                c.game.score(after.sheets[actor]).total)

    return greedy(c.game, c.state, c.moves, c.among, value)


def _end(c: Choice, rng: random.Random) -> int:
    phase = c.phase
    if phase is Phase.END_EXTRA:
        return kind_first(rng, c.texts, c.only(lambda i: _word(c.texts[i]) == "extra"))
    if phase in _EXTRA_PHASES:
        return kind_first(rng, c.texts, c.only(lambda i: _word(c.texts[i]) == "pass"))
    return kind_first(rng, c.texts, c.only(lambda i: not uses_action(c.texts[i])))


def _fallback(c: Choice, rng: random.Random) -> int:
    phase = c.phase
    plain = c.only(lambda i: not uses_action(c.texts[i]))
    if phase is Phase.PASSIVE_CHOOSE:
        fields = tuple(i for i in plain if _word(c.texts[i]) == "take"
                       and c.where(i) not in ("platter", "cup"))
        if fields:
            return rng.choice(fields)
    if phase in _EXTRA_PHASES:
        return kind_first(rng, c.texts, c.only(lambda i: _word(c.texts[i]) == "pass"))
    if len(plain) > 1 and rng.random() < 0.5:
        return greedy(c.game, c.state, c.moves, plain)
    return kind_first(rng, c.texts, plain)


def _jokers(c: Choice, rng: random.Random) -> int:
    if rng.random() < 0.7:
        return kind_first(rng, c.texts, c.only(lambda i: uses_action(c.texts[i])))
    return kind_first(rng, c.texts, c.among)


def _tracks(c: Choice, rng: random.Random) -> int:
    if c.phase in _EXTRA_PHASES + (Phase.END_EXTRA,):
        return kind_first(rng, c.texts, c.only(lambda i: _word(c.texts[i]) == "extra"))
    if len(c.among) > 1 and rng.random() < 0.6:
        return greedy(c.game, c.state, c.moves, c.among)
    return kind_first(rng, c.texts, c.among)


@attrs.frozen
class Steer:
    """One rule family's way of choosing (see the module docstring): ``choose`` picks one of
    the open moves; ``players`` weighs the numbers of players of its games."""

    name: str
    choose: Callable[[Choice, random.Random], int]
    players: tuple[float, ...]

    def draw_players(self, rng: random.Random, low: int, high: int) -> int:
        """A number of players from ``low`` to ``high`` by this steer's weights."""
        counts = list(range(low, high + 1))
        weights = [self.players[min(n, len(self.players)) - 1] for n in counts]
        if not any(weights):
            return rng.choice(counts)
        return rng.choices(counts, weights)[0]


_SPREAD = (0.4, 0.3, 0.15, 0.15)
#: The rule families, in the order a run takes them (game i follows ``FAMILIES[i % 7]``).
FAMILIES: tuple[Steer, ...] = (
    Steer("random", _random, _SPREAD),
    Steer("end", _end, (0.8, 0.2, 0.0, 0.0)),
    Steer("questions", _questions, _SPREAD),
    Steer("fallback", _fallback, (0.5, 0.3, 0.1, 0.1)),
    Steer("solo", _random, (1.0, 0.0, 0.0, 0.0)),
    Steer("jokers", _jokers, _SPREAD),
    Steer("tracks", _tracks, (0.5, 0.3, 0.1, 0.1)),
)
