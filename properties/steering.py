"""Steering: how certification chooses the moves of its games, one rule family at a time, so
that situations that random play rarely reaches come up in a small budget (docs/certify.md,
"What a run does").

Each game of a run follows one :class:`Steer`, taken in turn from :data:`CYCLE` (the rarest
families more often):

* ``random`` — a move's kind first (take, extra die, question mark of each kind, pass, ...),
  then its area, then the move, so rare kinds come up as often as common ones;
* ``questions`` — toward several kinds of question mark pending at once (ruling 18: the
  player's choice): of 24 rolls drawn the one whose best move leaves the most kinds pending, the
  move that does, then the highest score; a random kind among the pending marks;
* ``end`` — to the last round with extra-die actions kept (no extra die before the end, no use
  of the game's own action), then extra dice after the last turn (ruling 7), mostly solo;
* ``fallback`` — the passive player's fallback (ruling 4): actions kept (so a platter die may be
  usable only by spending one), full sheets (so platter dice become unusable), of 24 rolls before
  the last active pick (or solo rolls) the one after which a pick opens the fallback, that
  pick, and a passive player who may take a die-field die does;
* ``jokers`` — the game's own action whenever it can be used (number joker, polish; one spent
  on two dice as often as all others);
* ``tracks`` — full action tracks: the highest score, and every extra die that can be taken;
* ``solo`` — solo games (the solo passive roll, ruling 9).

Where a game needs its sheets built over many turns for a situation (Clever 4Ever's queued
question marks and polish-only fallback), the ``questions`` and ``fallback`` steers also follow
that game's plan (:mod:`properties.plans`): moves and rolls that go further along it come first.

A steer only chooses among our legal moves and the rolls' seeds; a choice is recorded as a
decision (a roll's seed, a move's place in :func:`decision_order`), so that a game can be
replayed and shrunk without the steer.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import attrs

from oracle.engine.game import Game, Move, State
from oracle.engine.phase import Phase
from properties.plans import Plan, plan_of

_EXTRA_PHASES = (Phase.ACTIVE_EXTRA, Phase.PASSIVE_EXTRA)
#: The names of the steers that have plans in some game (:mod:`properties.plans`).
QUESTIONS_NAME, FALLBACK_NAME = "questions", "fallback"


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


def on_two_dice(text: str) -> bool:
    """True for a move that spends the game's action on two dice (Clever 4Ever's blue entry
    polishing both the blue and the white die, ``polish=+1/-1``, 4E-1)."""
    return any(t.startswith("polish=") and "/" in t and all(
        int(c) != 0 for c in t.split("=", 1)[1].split("/")) for t in text.split(" ")[2:-1])


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


def _kinds_pending(game: Game, state: State, actor: int) -> int:
    """How many kinds of question mark ``actor`` has to choose among in ``state``."""
    return len(set(game.pending(state, actor))) if state.actor == actor else 0


def _questions(c: Choice, rng: random.Random) -> int:
    pending = c.game.pending(c.state, c.state.actor)
    plan = plan_of(QUESTIONS_NAME, c.game)
    if pending or rng.random() < (0.2 if plan is None else 0.02):
        return kind_first(rng, c.texts, c.among)
    actor = c.state.actor

    def value(after: State) -> tuple[int, ...]:
        return (*_queued(c.game, after, actor, plan), c.game.score(after.sheets[actor]).total)

    return greedy(c.game, c.state, c.moves, c.among, value)


def _queued(game: Game, state: State, actor: int, plan: Plan | None) -> tuple[int, ...]:
    """How close ``state`` is to several kinds of question mark pending for ``actor``: how many
    kinds are; with a plan, whether several are, then the plan, then how many."""
    kinds = _kinds_pending(game, state, actor)
    if plan is None:
        return (kinds,)
    return (int(kinds > 1), *plan(game, state, actor), kinds)


def _best_next(game: Game, state: State,
               rate: Callable[[State, int], tuple[int, ...]]) -> tuple[int, ...]:
    """The best ``rate`` (of the state after a move, and the mover) over the legal moves of
    ``state`` (``(0,)`` at the end or at a roll)."""
    if state.is_terminal or state.is_chance:
        return (0,)
    actor = state.actor
    return max((rate(game.apply_unchecked(state, m), actor) for m in game.legal_moves(state)),
               default=(0,))


def _look_questions(game: Game, state: State) -> tuple[int, ...]:
    """A roll is better when a move it allows leaves several kinds of question mark to choose
    among (ruling 18); then (a game with a plan, :mod:`properties.plans`) when it goes further
    along the plan."""
    plan = plan_of(QUESTIONS_NAME, game)
    return _best_next(game, state, lambda after, actor: _queued(game, after, actor, plan))


def _end(c: Choice, rng: random.Random) -> int:
    phase = c.phase
    if phase is Phase.END_EXTRA:
        return kind_first(rng, c.texts, c.only(lambda i: _word(c.texts[i]) == "extra"))
    if phase in _EXTRA_PHASES:
        return kind_first(rng, c.texts, c.only(lambda i: _word(c.texts[i]) == "pass"))
    return kind_first(rng, c.texts, c.only(lambda i: not uses_action(c.texts[i])))


def fallback_kind(game: Game, state: State) -> int:
    """2 when ``state`` is a passive choice in which the fallback is open (ruling 4) while a
    platter die is usable by spending the game's action; 1 when only the fallback is open;
    else 0."""
    if state.is_chance or state.is_terminal or game.phase(state) is not Phase.PASSIVE_CHOOSE:
        return 0
    where = {d.die.code: d.place.label for d in game.dice(state)}
    takes = [str(m) for m in game.legal_moves(state) if _word(str(m)) == "take"]
    if not any(where[t.split(" ")[1]] != "platter" for t in takes):
        return 0
    return 2 if any(where[t.split(" ")[1]] == "platter" for t in takes) else 1


def _unusable(game: Game, state: State) -> int:
    """In a passive choice, how many platter dice cannot be taken without spending the game's
    action (all of them: the fallback is open, ruling 4); else 0."""
    if state.is_chance or state.is_terminal or game.phase(state) is not Phase.PASSIVE_CHOOSE:
        return 0
    platter = {d.die.code for d in game.dice(state) if d.place.label == "platter"}
    usable = {str(m).split(" ")[1] for m in game.legal_moves(state)
              if _word(str(m)) == "take" and not uses_action(str(m))}
    return len(platter - usable)


def _look_fallback(game: Game, state: State) -> tuple[int, ...]:
    """A roll is better when it (a solo roll) or the last active pick it allows opens the
    fallback (only the last pick sends the dice left to the platter); then (a game with a plan,
    :mod:`properties.plans`) when a move it allows goes further along the plan."""
    plan = plan_of(FALLBACK_NAME, game)
    now = fallback_kind(game, state)
    if plan is not None:
        if now or game.phase(state) is not Phase.CHOOSE:
            return (now, _unusable(game, state))
        return _best_next(game, state, lambda after, actor: (
            fallback_kind(game, after), _unusable(game, after), *plan(game, after, actor)))
    if now or game.phase(state) is not Phase.CHOOSE:
        return (now,)
    if sum(1 for d in game.dice(state) if d.place.is_die_field) < 2:
        return (0,)
    return _best_next(game, state, lambda after, actor: (fallback_kind(game, after),))


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
    if phase is Phase.CHOOSE and len(plain) > 1:
        best = greedy(c.game, c.state, c.moves, plain,
                      lambda after: (fallback_kind(c.game, after),))
        if fallback_kind(c.game, c.game.apply_unchecked(c.state, c.moves[best])):
            return best
    plan = plan_of(FALLBACK_NAME, c.game)
    if len(plain) > 1 and rng.random() < (0.5 if plan is None else 0.9):
        actor = c.state.actor

        def value(after: State) -> tuple[int, ...]:
            return (*plan(c.game, after, actor), c.game.score(after.sheets[actor]).total) \
                if plan else (c.game.score(after.sheets[actor]).total,)

        return greedy(c.game, c.state, c.moves, plain, value)
    return kind_first(rng, c.texts, plain)


def _jokers(c: Choice, rng: random.Random) -> int:
    if rng.random() < 0.7:
        both = tuple(i for i in c.among if on_two_dice(c.texts[i]))
        if both and rng.random() < 0.5:
            return rng.choice(both)
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
    the open moves; ``players`` weighs the numbers of players of its games; ``look`` (if any)
    rates the state a roll leads to, so that of several rolls drawn the best is made
    (the dice are steered too; a roll is still recorded as its seed); ``looks``: how many
    rolls are drawn for it to choose from."""

    name: str
    choose: Callable[[Choice, random.Random], int]
    players: tuple[float, ...]
    look: Callable[[Game, State], tuple[int, ...]] | None = None
    looks: int = 1

    def roll(self, game: Game, state: State, rng: random.Random) -> int:
        """The seed of the next roll in ``state``: one drawn, or the best of ``looks`` by
        ``look`` (the first on a tie)."""
        seeds = [rng.randrange(2**16) for _ in range(self.looks if self.look else 1)]
        look = self.look
        if look is None:
            return seeds[0]

        def rate(seed: int) -> tuple[int, ...]:
            return look(game, game.apply_unchecked(state, game.sample_chance(
                state, random.Random(seed))))

        return max(seeds, key=rate)

    def draw_players(self, rng: random.Random, low: int, high: int) -> int:
        """A number of players from ``low`` to ``high`` by this steer's weights."""
        counts = list(range(low, high + 1))
        weights = [self.players[min(n, len(self.players)) - 1] for n in counts]
        if not any(weights):
            return rng.choice(counts)
        return rng.choices(counts, weights)[0]


_SPREAD = (0.4, 0.3, 0.15, 0.15)
RANDOM = Steer("random", _random, _SPREAD)
END = Steer("end", _end, (0.8, 0.2, 0.0, 0.0))
QUESTIONS = Steer(QUESTIONS_NAME, _questions, _SPREAD, _look_questions, 24)
FALLBACK = Steer(FALLBACK_NAME, _fallback, (0.5, 0.3, 0.1, 0.1), _look_fallback, 24)
SOLO = Steer("solo", _random, (1.0, 0.0, 0.0, 0.0))
JOKERS = Steer("jokers", _jokers, _SPREAD)
TRACKS = Steer("tracks", _tracks, (0.5, 0.3, 0.1, 0.1))
#: The rule families, one per steer.
FAMILIES: tuple[Steer, ...] = (RANDOM, END, QUESTIONS, FALLBACK, SOLO, JOKERS, TRACKS)
#: The order a run takes them in (game i follows ``CYCLE[i % 10]``): the families whose
#: situations are rarest (several kinds of question mark pending, about one game in six of its
#: steer; the fallback with a platter die usable by the action, one in five) get more games.
CYCLE: tuple[Steer, ...] = (RANDOM, QUESTIONS, FALLBACK, END, QUESTIONS, SOLO, FALLBACK, JOKERS,
                            QUESTIONS, TRACKS)
