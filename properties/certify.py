"""Certification: the oracle and another implementation play the same games side by side
(``clever-oracle certify``; docs/certify.md), and every difference found is its own finding.

A run plays ``max_examples`` games (and stops sooner when ``budget`` seconds are spent).  Game
``i`` follows the rule family ``CYCLE[i % 10]`` (:mod:`properties.steering`: random, the end
of the game, question marks, the passive fallback, solo, the game's own action, full tracks;
the rarest more often),
with its own generator seeded from the run's seed and ``i``, so the same seed gives the same
games in the command line and in Python.  A game goes on past every difference
(:mod:`properties.duel`).  Each new difference (a kind and the rule the oracle names) is, at
once, shrunk to a short game (:mod:`properties.shrink`), given a hint when replaying it under
another option makes the app and the oracle agree (:mod:`properties.hints`), and handed to
``on_finding`` — so a report can print it before the run goes on.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping

import attrs

from oracle.adapter.protocol import (
    AdapterError,
    Hello,
    Implementation,
    Implementation2,
    current,
)
from oracle.errors import OracleError
from oracle.game import Game, Ruleset
from properties.duel import Bench, Duel, OutOfTime, Replay, SearchChooser, Target, run_duel
from properties.findings import Finding, Key
from properties.hints import hint, hint_text
from properties.nearmiss import index_of
from properties.shrink import SHRINK_REPLAYS, shrink
from properties.steering import CYCLE

#: Default budget: games per run (the rule families take turns, ten games each).
DEFAULT_EXAMPLES = 30


@attrs.frozen
class Progress:
    """Where a run is: games played of ``of``, findings so far, seconds."""

    games: int
    of: int
    findings: int
    seconds: float


@attrs.frozen
class Result:
    """What certification found: the ``findings`` (one per kind and rule, in the order found),
    the games played (``examples``), the ``seconds`` it took, whether the whole game budget was
    played (``complete``: False when ``budget`` seconds ran out first), how often the app
    answered "not comparable", the app's greeting and the ``seed``."""

    hello: Hello
    findings: tuple[Finding, ...]
    examples: int
    seconds: float
    complete: bool = True
    not_comparable: int = 0
    seed: int = 0


def claimed_options(game: Game, ruleset: Ruleset, hello: Hello) -> dict[str, str | bool]:
    """The options sent to the app's ``new_game``: all of them for a version-1 app; for a
    version-2 app only those it declared, after checking that it plays the claimed values."""
    options = ruleset.options()
    if hello.options is None:
        return options
    sent: dict[str, str | bool] = {}
    for option in game.ruleset_options:
        value = str(options.get(option.name, option.default)).lower()
        if option.name in hello.options:
            if value not in hello.options[option.name]:
                raise OracleError(f"--ruleset {option.name}={value}: the app does not play it "
                                  f"(it plays {', '.join(hello.options[option.name])})")
            sent[option.name] = options[option.name]
        elif value != option.default:
            raise OracleError(f"--ruleset {option.name}={value}: the app does not declare "
                              f"{option.name} (so it plays {option.default} only)")
    return sent


def greet(game: Game, app: Implementation | Implementation2) -> tuple[Implementation2, Hello]:
    """The app in the version-2 shape and its greeting, checked to be for ``game``."""
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
                 on_finding: Callable[[Finding], None] | None) -> None:
        self.bench = bench
        self.seed = seed
        self.shrink_replays = shrink_replays
        self.on_finding = on_finding
        self.order: list[Key] = []

    def replay(self, found: Finding) -> Callable[[int, tuple[int, ...]], Finding | None]:
        bench = self.bench
        target = Target(found.key, found.seen, found.move)

        def again(players: int, decisions: tuple[int, ...]) -> Finding | None:
            duel = Duel(bench, players, Replay(decisions), "replay", bench.claimed,
                        seed=found.seed, target=target)
            return run_duel(duel).reached

        return again

    def new(self, raw: Finding, duel: Duel) -> None:
        """A difference seen for the first time: shrink it, look for a true hint, keep and
        report it (also when the time budget ends while doing so)."""
        bench, game = self.bench, self.bench.game
        best = raw
        late: OutOfTime | None = None
        change: dict[str, str] | None = None
        try:
            best = shrink(raw, self.replay(raw), game.min_players, self.shrink_replays)
            change = hint(bench, best)
        except OutOfTime as exc:
            late = exc
        finding = attrs.evolve(best, option=hint_text(change) if change else None,
                               games=raw.games, seconds=raw.seconds)
        bench.findings[finding.key] = finding
        bench.hints[finding.key] = change
        self.order.append(finding.key)
        if self.on_finding is not None:
            self.on_finding(finding)
        if late is not None:
            raise late


def certify(game: Game, app: Implementation | Implementation2, ruleset: Ruleset | None = None,
            max_examples: int = DEFAULT_EXAMPLES, seed: int = 0,
            players: tuple[int, ...] | None = None, budget: float | None = None,
            on_finding: Callable[[Finding], None] | None = None,
            on_progress: Callable[[Progress], None] | None = None,
            shrink_replays: int = SHRINK_REPLAYS) -> Result:
    """Certify ``app`` against ``game`` under ``ruleset`` (the options the app claims): up to
    ``max_examples`` games (``players``: the numbers of players to play; default all), at most
    ``budget`` seconds.  :class:`AdapterError` when the app is unusable."""
    start = time.perf_counter()
    speaker, hello = greet(game, app)
    ruleset = ruleset if ruleset is not None else game.default_ruleset
    claimed = claimed_options(game, ruleset, hello)
    deadline = None if budget is None else time.monotonic() + budget
    bench = Bench(game, speaker, hello, claimed, index_of(game), deadline)
    run = _Run(bench, seed, shrink_replays, on_finding)
    bench.on_new = run.new
    seats = players or tuple(range(game.min_players, game.max_players + 1))
    played = 0
    complete = True
    try:
        for number in range(max_examples):
            steer = CYCLE[number % len(CYCLE)]
            game_seed = seed * 1_000_003 + number
            rng = random.Random(game_seed)
            count = steer.draw_players(rng, min(seats), max(seats))
            if count not in seats:
                count = rng.choice(seats)
            duel = Duel(bench, count, SearchChooser(rng, steer), "search", claimed,
                        seed=game_seed, games=number + 1, started=start)
            played += 1
            run_duel(duel)
            if on_progress is not None:
                on_progress(Progress(played, max_examples, len(run.order),
                                     time.perf_counter() - start))
    except OutOfTime:
        complete = False
    if bench.broken is not None:
        raise bench.broken
    findings = tuple(bench.findings[k] for k in run.order)
    return Result(hello, findings, played, time.perf_counter() - start, complete,
                  bench.not_comparable, seed)


def by_rule(findings: tuple[Finding, ...]) -> Mapping[str, tuple[Finding, ...]]:
    """The findings grouped by rule id, in the order first found."""
    out: dict[str, list[Finding]] = {}
    for finding in findings:
        out.setdefault(finding.rule, []).append(finding)
    return {k: tuple(v) for k, v in out.items()}
