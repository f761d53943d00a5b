"""Certification: the oracle and another implementation play the same games side by side
(``clever-oracle certify``; docs/certify.md), and every difference found is its own finding.

A run plays ``max_examples`` games (and stops sooner when ``budget`` seconds are spent).  Game
``i`` follows the rule family ``CYCLE[i % 10]`` (:mod:`properties.steering`: random, the end
of the game, question marks, the passive fallback, solo, the game's own action, full tracks;
the rarest more often),
with its own generator seeded from the run's seed and ``i``, so the same seed gives the same
games in the command line and in Python.  A game goes on past every difference
(:mod:`properties.duel`).  Each difference with a new cause (the rule the oracle names and the
situation: :data:`properties.findings.Key`) is at once handed to ``on_first`` as first seen
(marked ``shortened``), then shrunk to a short game (:mod:`properties.shrink`), given a hint
when a new game on both sides under another option makes the app and the oracle agree
(:mod:`properties.hints`: on the shrunk game, else on the game it was first seen in), and
handed to ``on_finding`` — so a report prints it at once and again improved, before the run
goes on.  A later difference with the same cause is folded into it ("also seen").

A run that found no difference is **conforming** only when it compared enough to say so
(:func:`compared_whole`, docs/certify.md "When a run says nothing"): at least
:data:`MIN_COMPARED_GAMES` game played to its end in which the app showed its sheets and scores
after the last step and after at least half of the steps, and (with ``legal``) listed its legal
moves at least half of the times it was asked.  Otherwise it is **inconclusive** — an app that
answers "not comparable" to everything, or a ``--budget`` that ends before a game is over, is
never called conforming.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping

import attrs

from oracle.adapter.protocol import (
    AdapterError,
    AnyImplementation,
    Hello,
    Implementation3,
    current,
)
from oracle.engine.errors import OracleError
from oracle.engine.game import Game, Ruleset
from oracle.formats.jsontext import MAX_DIGITS
from oracle.adapter.protocol import LEGAL
from properties.duel import (
    Bench,
    Duel,
    OutOfTime,
    Replay,
    SearchChooser,
    Tally,
    Target,
    run_duel,
)
from properties.findings import Finding, Key
from properties.hints import hint, hint_text
from properties.nearmiss import index_of
from properties.shrink import SHRINK_REPLAYS, shrink
from properties.steering import CYCLE

#: Default budget: games per run (the rule families take turns, ten games each).
DEFAULT_EXAMPLES = 80
#: Games compared whole (:func:`compared_whole`) without which a run says nothing.
MIN_COMPARED_GAMES = 1
#: The verdicts of a run (:attr:`Result.verdict`).
CONFORMING, DIFFERENCES, INCONCLUSIVE = "conforming", "differences", "inconclusive"
#: Game ``i`` (from 0) of a run with seed ``s`` is seeded with ``s * SEED_STRIDE + i``.
SEED_STRIDE = 1_000_003


def game_seed(seed: int, number: int) -> int:
    """The seed of game ``number`` (from 0) of a run seeded with ``seed``."""
    return seed * SEED_STRIDE + number


def check_seed(seed: int, games: int) -> None:
    """Refuse (:class:`OracleError`, one line) a run seed whose games' seeds a record cannot
    hold: every game's seed goes into its findings, their records and ``--trace`` lines, whose
    numbers have at most :data:`~oracle.formats.jsontext.MAX_DIGITS` digits (docs/formats.md)."""
    limit = 10**MAX_DIGITS
    if all(abs(game_seed(seed, n)) < limit for n in (0, max(games, 1) - 1)):
        return
    largest = (limit - max(games, 1)) // SEED_STRIDE
    raise OracleError(
        f"--seed {str(seed)[:20]}{'...' if len(str(seed)) > 20 else ''}: each game's seed "
        f"(SEED * {SEED_STRIDE:,} + the game's number) must have at most {MAX_DIGITS} digits, "
        f"as every number in a record (docs/formats.md); for {games:,} games the largest seed "
        f"is {largest} ({len(str(largest))} digits)")


@attrs.frozen
class Coverage:
    """What the run's games compared (the searches only, not the replays that shrink a finding
    or check a hint): the app's states asked and answered with a state (``states``), of which
    showing ``sheets``, ``scores`` (each seat's total) and ``dice``; its legal-move lists asked
    and compared; the games played to their end (``ended``) and, of those, the games compared
    whole (``whole``, :func:`compared_whole`)."""

    states_asked: int = 0
    states: int = 0
    sheets: int = 0
    scores: int = 0
    dice: int = 0
    lists_asked: int = 0
    lists: int = 0
    ended: int = 0
    whole: int = 0

    def add(self, duel: Duel) -> Coverage:
        """This coverage with ``duel``'s game added."""
        tally = duel.tally
        ended = duel.state.is_terminal
        return Coverage(
            self.states_asked + tally.states_asked, self.states + tally.states,
            self.sheets + tally.sheets, self.scores + tally.scores, self.dice + tally.dice,
            self.lists_asked + tally.lists_asked, self.lists + tally.lists,
            self.ended + ended, self.whole + (ended and compared_whole(tally, duel.caps)))


def compared_whole(tally: Tally, capabilities: frozenset[str]) -> bool:
    """A game (played to its end) is compared whole when the app showed its sheets and scores
    after the last step and after at least half of the steps (a state asked more than once, as
    around a difference, counts each time), and with ``legal`` listed its moves at least half of
    the times asked: the "not comparable" answers the protocol allows between an app's own steps
    are tolerated, an app that hides its state is not."""
    states = tally.last_full and 2 * tally.full >= tally.states_asked > 0
    lists = LEGAL not in capabilities or 2 * tally.lists >= tally.lists_asked > 0
    return states and lists


@attrs.frozen
class Progress:
    """Where a run is: games played of ``of``, findings so far, seconds."""

    games: int
    of: int
    findings: int
    seconds: float


@attrs.frozen
class Result:
    """What certification found: the ``findings`` (one per cause, in the order found),
    the games played (``examples``), the ``seconds`` it took, whether the whole game budget was
    played (``complete``: False when ``budget`` seconds ran out first), how often the app
    answered "not comparable", the app's greeting, the ``seed`` and what was compared
    (``coverage``)."""

    hello: Hello
    findings: tuple[Finding, ...]
    examples: int
    seconds: float
    complete: bool = True
    not_comparable: int = 0
    seed: int = 0
    coverage: Coverage = Coverage()

    @property
    def verdict(self) -> str:
        """:data:`DIFFERENCES` when a difference was found; else :data:`CONFORMING` when at
        least :data:`MIN_COMPARED_GAMES` games were compared whole, else
        :data:`INCONCLUSIVE`."""
        if self.findings:
            return DIFFERENCES
        return CONFORMING if self.coverage.whole >= MIN_COMPARED_GAMES else INCONCLUSIVE


def claimed_options(game: Game, ruleset: Ruleset, hello: Hello,
                    given: frozenset[str] = frozenset()) -> dict[str, str | bool]:
    """The options sent to the app's ``new_game``: all of them for a version-1 app; for a
    version-2 or version-3 app only those it declared, after checking that it plays the values of
    ``ruleset`` (``given``: the options the user named with ``--ruleset``; an error about
    another names the ruleset used, not a ``--ruleset`` nobody gave)."""
    options = ruleset.options()
    if hello.options is None:
        return options
    sent: dict[str, str | bool] = {}
    for option in game.ruleset_options:
        value = str(options.get(option.name, option.default)).lower()
        declared = hello.options.get(option.name)
        if declared is not None and value in declared:
            sent[option.name] = options[option.name]
            continue
        if declared is None and value == option.default:
            continue
        said = (f"the app declares {option.name}={'/'.join(declared) or '(no value)'} only"
                if declared is not None else
                f"the app does not declare {option.name} (so it plays {option.default} only)")
        if option.name in given:
            raise OracleError(f"--ruleset {option.name}={value}: {said}")
        used = (f"our default ruleset plays {option.name}={value} (no --ruleset "
                f"{option.name} was given)" if value == option.default else
                f"the ruleset used plays {option.name}={value}")
        fix = (f"; certify with --ruleset {option.name}={declared[0]} if that is the app's "
               "reading" if declared else "")
        raise OracleError(f"{said}, but {used}{fix}")
    return sent


def greet(game: Game, app: AnyImplementation) -> tuple[Implementation3, Hello]:
    """The app in the harness's shape and its greeting, checked to be for ``game``."""
    speaker = current(app)
    hello = speaker.hello()
    if not isinstance(hello, Hello):
        raise AdapterError(f"the app's hello is {hello!r:.80}")
    if hello.game != game.name:
        raise AdapterError(f"the app plays {hello.game!r}, not {game.name!r}")
    return speaker, hello


class _Run:
    """One certification run's bookkeeping (see :func:`certify`)."""

    def __init__(self, bench: Bench, seed: int, shrink_replays: int,
                 on_finding: Callable[[Finding], None] | None,
                 on_first: Callable[[Finding], None] | None = None) -> None:
        self.bench = bench
        self.seed = seed
        self.shrink_replays = shrink_replays
        self.on_finding = on_finding
        self.on_first = on_first
        self.order: list[Key] = []

    def replay(self, found: Finding) -> Callable[[int, tuple[int, ...]], Finding | None]:
        bench = self.bench
        target = Target(found.key, found.seen, found.move, found.rule)

        def again(players: int, decisions: tuple[int, ...]) -> Finding | None:
            duel = Duel(bench, players, Replay(decisions), "replay", bench.claimed,
                        seed=found.seed, target=target)
            return run_duel(duel).reached

        return again

    def new(self, raw: Finding, duel: Duel) -> None:
        """A difference of a new cause: report it as first seen, shrink it, look for a true
        hint (on the shrunk game, else on the game it was first seen in), keep and report it
        again (also when the time budget ends while doing so)."""
        bench, game = self.bench, self.bench.game
        if self.on_first is not None:
            self.on_first(attrs.evolve(raw, shortened=True))
        best = raw
        late: OutOfTime | None = None
        change: dict[str, str] | None = None
        try:
            best = shrink(raw, self.replay(raw), game.min_players, self.shrink_replays)
            change = hint(bench, best)
            if change is None and best.moves != raw.moves:
                change = hint(bench, raw)
        except OutOfTime as exc:
            late = exc
        finding = attrs.evolve(best, option=hint_text(change) if change else None,
                               games=raw.games, seconds=raw.seconds, shortened=False)
        bench.findings[finding.key] = finding
        bench.hints[finding.key] = change
        self.order.append(finding.key)
        if self.on_finding is not None:
            self.on_finding(finding)
        if late is not None:
            raise late


def certify(game: Game, app: AnyImplementation, ruleset: Ruleset | None = None,
            max_examples: int = DEFAULT_EXAMPLES, seed: int = 0,
            players: tuple[int, ...] | None = None, budget: float | None = None,
            on_finding: Callable[[Finding], None] | None = None,
            on_progress: Callable[[Progress], None] | None = None,
            shrink_replays: int = SHRINK_REPLAYS, given: frozenset[str] = frozenset(),
            on_first: Callable[[Finding], None] | None = None,
            ) -> Result:
    """Certify ``app`` against ``game`` under ``ruleset`` (the options the app claims; ``given``:
    those the user named): up to ``max_examples`` games (``players``: the numbers of players
    to play; default all), at most ``budget`` seconds (0: none is compared, the run is
    inconclusive).  Each finding is handed to ``on_first`` as soon as it is seen (its game not
    yet shrunk, no hint checked: ``shortened``), then to ``on_finding`` shrunk and with its
    checked hint; the :class:`Result`'s findings hold what was folded into each ("also seen").
    :class:`AdapterError` when the app is unusable."""
    check_seed(seed, max_examples)
    start = time.perf_counter()
    speaker, hello = greet(game, app)
    ruleset = ruleset if ruleset is not None else game.default_ruleset
    claimed = claimed_options(game, ruleset, hello, given)
    deadline = None if budget is None else time.monotonic() + budget
    bench = Bench(game, speaker, hello, claimed, index_of(game), deadline)
    run = _Run(bench, seed, shrink_replays, on_finding, on_first)
    bench.on_new = run.new
    seats = players or tuple(range(game.min_players, game.max_players + 1))
    played = 0
    complete = True
    coverage = Coverage()
    try:
        for number in range(max_examples):
            steer = CYCLE[number % len(CYCLE)]
            seeded = game_seed(seed, number)
            rng = random.Random(seeded)
            count = steer.draw_players(rng, min(seats), max(seats))
            if count not in seats:
                count = rng.choice(seats)
            duel = Duel(bench, count, SearchChooser(rng, steer), "search", claimed,
                        seed=seeded, games=number + 1, started=start)
            played += 1
            try:
                run_duel(duel)
            finally:
                coverage = coverage.add(duel)
            if on_progress is not None:
                on_progress(Progress(played, max_examples, len(run.order),
                                     time.perf_counter() - start))
    except OutOfTime:
        complete = False
    if bench.broken is not None:
        raise bench.broken
    findings = tuple(bench.findings[k] for k in run.order)
    return Result(hello, findings, played, time.perf_counter() - start, complete,
                  bench.not_comparable, seed, coverage)


def by_rule(findings: tuple[Finding, ...]) -> Mapping[str, tuple[Finding, ...]]:
    """The findings grouped by rule id, in the order first found."""
    out: dict[str, list[Finding]] = {}
    for finding in findings:
        out.setdefault(finding.rule, []).append(finding)
    return {k: tuple(v) for k, v in out.items()}
