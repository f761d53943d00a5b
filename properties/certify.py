"""Certification: a differential Hypothesis state machine that plays the oracle and another
implementation side by side (``clever-oracle certify``; docs/certify.md).

Both get the same chance moves and the same decisions.  At every player step the machine
(1) tries a near miss (:mod:`properties.nearmiss`): an illegal move the app must refuse;
(2) plays one of the oracle's legal moves, which the app must accept; then (3) compares the
sheets, dice and scores, and the full legal-move lists when the app can list them.  Decisions are
steered toward rare situations: a move's kind (take, extra, question, pass, ...) is drawn first
and its area second, so rare kinds come up as often as common ones, and ``hypothesis.target``
pushes games toward the last round and toward full sheets (bonus chains).

A difference raises :class:`~properties.findings.Difference`; Hypothesis shrinks it to a minimal
game, which becomes a :class:`~properties.findings.Finding`.  To find more than one kind of
difference, certification runs again, ignoring the rules already found, until the budget is
spent or nothing new turns up.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping
from typing import ClassVar

import attrs
from hypothesis import HealthCheck, Phase, Verbosity, settings, target
from hypothesis import seed as hypothesis_seed
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    get_state_machine_test,
    initialize,
    precondition,
    rule,
)

from oracle.adapter.protocol import LEGAL, PROBE, AdapterError, Answer, Hello, Implementation
from oracle.errors import IllegalMoveError, OracleError
from oracle.game import Game, Move, Ruleset, State
from properties.findings import Difference, ExplainsDifferences, Finding, Kind, rule_in
from properties.nearmiss import MoveIndex, near_misses

#: Default budget: games per round of certification, and steps per game.
DEFAULT_EXAMPLES = 60
STEPS = 300
#: Games tried after the first difference while shrinking it; later ones pass at once, so
#: shrinking ends (the smallest difference found so far is the result).
SHRINK_BUDGET = 300


@attrs.frozen
class Result:
    """What certification found: the ``findings`` (one per rule id), how many games were
    played in all (``examples``) and until the first difference of each finding
    (``needed``, parallel to ``findings``), the ``seconds`` it took, and the app's greeting."""

    hello: Hello
    findings: tuple[Finding, ...]
    needed: tuple[int, ...]
    examples: int
    seconds: float


class Session:
    """One certification run's context shared by the machine's examples: the game, the app,
    the ruleset it claims, the counters (a per-run object, never module state)."""

    def __init__(self, game: Game, app: Implementation, hello: Hello, ruleset: Ruleset,
                 players: tuple[int, ...], ignore: frozenset[str]) -> None:
        self.game = game
        self.app = app
        self.hello = hello
        self.ruleset = ruleset
        self.options = ruleset.options()
        self.players = players
        self.ignore = ignore
        self.index = MoveIndex.of(game)
        self.examples = 0
        self.first_failure: int | None = None
        self.best: Finding | None = None
        self.broken: AdapterError | None = None
        self.misses: dict[State, Mapping[str, tuple[Move, ...]]] = {}

    def near_misses(self, state: State) -> Mapping[str, tuple[Move, ...]]:
        """The near misses of ``state``, cached (shrinking replays the same games)."""
        found = self.misses.get(state)
        if found is None:
            if len(self.misses) > 20_000:
                self.misses.clear()
            found = self.misses[state] = near_misses(self.game, self.index, state)
        return found

    def call(self, ask: Callable[[], object]) -> object:
        """Ask the app; an adapter failure is kept so every later example stops at once."""
        if self.broken is not None:
            raise self.broken
        try:
            return ask()
        except AdapterError as exc:
            self.broken = exc
            raise
        except OracleError as exc:  # an in-process app refusing a request
            self.broken = AdapterError(f"the app failed: {exc}")
            raise self.broken from None


def _answer(value: object) -> Answer:
    if not isinstance(value, Answer):
        raise AdapterError(f"the app answered {value!r:.80} instead of accepted/refused")
    return value


def agreeing_option(game: Game, ruleset: Ruleset, players: int, moves: tuple[str, ...],
                    agrees: Callable[[State], bool]) -> str | None:
    """``OPTION=VALUE``, the first other value of one ruleset option under which the game
    ``moves`` is still legal and ``agrees`` holds for the state it reaches; None if none."""
    for option in game.ruleset_options:
        current = str(ruleset.options().get(option.name, option.default)).lower()
        for value in option.values:
            if value == current:
                continue
            other = game.make_ruleset({option.name: value}, ruleset)
            try:
                state = game.new_game(players, other)
                for text in moves:
                    state = game.apply(state, game.parse_move(text))
            except IllegalMoveError:
                continue
            if agrees(state):
                return f"{option.name}={value}"
    return None


def players_key(finding: Finding) -> tuple[int, int, str]:
    """Which of two findings of one rule is smaller: fewer players, then shorter moves."""
    return finding.players, sum(map(len, finding.moves)), finding.move or ""


def _greedy(game: Game, state: State, moves: tuple[Move, ...]) -> Move:
    """The legal move that raises the mover's score most (the first on a tie): greedy play
    fills rows and columns, so it reaches bonus chains, full tracks, extra dice and foxes that
    uniform choices rarely do."""
    actor = state.actor
    return max(moves, key=lambda m: game.score(game.apply_unchecked(state, m).sheets[actor]).total)


def _pick(data: st.DataObject, moves: tuple[Move, ...], game: Game, state: State) -> Move:
    """A legal move, steered to rare situations: often the greedy move (see :func:`_greedy`);
    otherwise first the kind (first token), then the area (the last token's part before ':'),
    then the move."""
    if len(moves) > 1 and data.draw(st.integers(0, 2), label="greedy") == 0:
        return _greedy(game, state, moves)
    kinds: dict[str, list[Move]] = {}
    for move in moves:
        kinds.setdefault(str(move).split(" ")[0], []).append(move)
    chosen = kinds[data.draw(st.sampled_from(sorted(kinds)), label="kind")]
    areas: dict[str, list[Move]] = {}
    for move in chosen:
        areas.setdefault(str(move).split(" ")[-1].split(":")[0], []).append(move)
    among = areas[data.draw(st.sampled_from(sorted(areas)), label="area")]
    return data.draw(st.sampled_from(among), label="move")


class CertifyMachine(RuleBasedStateMachine):
    """Plays one game on both sides per example (see the module docstring)."""

    session: ClassVar[Session]

    def __init__(self) -> None:
        super().__init__()
        self.state: State | None = None
        self.players = 0
        self.moves: list[Move] = []
        self.done = False

    # --- the app --------------------------------------------------------------------------
    def _apply(self, text: str) -> Answer:
        return _answer(self.session.call(lambda: self.session.app.apply(text)))

    def _try(self, move: Move) -> Answer:
        """Would the app accept ``move`` now?  By ``probe``, or by replaying the game so far in
        a fresh game, trying the move, and replaying again to restore it."""
        session = self.session
        if PROBE in session.hello.capabilities:
            return _answer(session.call(lambda: session.app.probe(str(move))))
        self._replay()
        answer = self._apply(str(move))
        self._replay()
        return answer

    def _replay(self) -> None:
        session = self.session
        session.call(lambda: session.app.new_game(session.game.name, self.players,
                                                  session.options))
        for step, move in enumerate(self.moves, start=1):
            if not self._apply(str(move)).accepted:
                raise AdapterError(f"replaying the game, the app refused step {step} ({move}), "
                                   "which it had accepted before (not deterministic)")

    # --- differences ----------------------------------------------------------------------
    def _differ(self, kind: Kind, rule_id: str, move: Move | None, oracle: str, app: str,
                agrees: Callable[[State], bool] | None) -> None:
        session = self.session
        if rule_id in session.ignore:
            self.done = True
            return
        if session.first_failure is None:
            session.first_failure = session.examples
        prefix = tuple(str(m) for m in self.moves)
        option = None
        if agrees is not None:
            option = agreeing_option(session.game, session.ruleset, self.players, prefix, agrees)
        step = len(self.moves) + (1 if kind in ("too-strict", "too-lenient") else 0)
        finding = Finding(kind, rule_id, self.players, prefix, step,
                          None if move is None else str(move), oracle, app, option)
        best = session.best
        if best is None or (best.rule == rule_id and (step, players_key(finding))
                            < (best.step, players_key(best))):
            session.best = finding
        raise Difference(finding)

    def _compare(self, before: State | None, move: Move | None) -> None:
        """Sheets, dice, scores and (when listed) legal moves after a step both accepted."""
        session, game = self.session, self.session.game
        assert self.state is not None
        now = self.state
        shown = session.call(session.app.state)
        explains = game if isinstance(game, ExplainsDifferences) else None
        sheets = getattr(shown, "sheets", None)
        ours = tuple(game.format_sheet(s) for s in now.sheets)
        if sheets is not None and tuple(sheets) != ours:
            if len(sheets) != len(ours):
                raise AdapterError(f"the app shows {len(sheets)} sheets for {len(ours)} players")
            seat = next(i for i, (a, b) in enumerate(zip(ours, sheets)) if a != b)
            rule_id = (explains.explain_sheet(before, move, ours[seat], sheets[seat])
                       if explains and before is not None else "STATE")

            def same_sheets(state: State) -> bool:
                return tuple(game.format_sheet(s) for s in state.sheets) == tuple(sheets)

            self._differ("state", rule_id, move, f"p{seat + 1} sheet {ours[seat]}",
                         f"p{seat + 1} sheet {sheets[seat]}", same_sheets)
            return
        dice = getattr(shown, "dice", None)
        if dice is not None and dice != game.dice_text(now):
            rule_id = (explains.explain_dice(before, move)
                       if explains and before is not None else "STATE")
            self._differ("state", rule_id, move, f"dice {game.dice_text(now)}", f"dice {dice}",
                         lambda state: game.dice_text(state) == dice)
            return
        for seat, score in enumerate(game.scores(now)):
            theirs = shown.score_map(seat) if hasattr(shown, "score_map") else {}
            mine = score.to_json()
            for key, value in theirs.items():
                if key in mine and mine[key] != value:
                    rule_id = explains.explain_score(key) if explains else "STATE"
                    self._differ("state", rule_id, move, f"p{seat + 1} {key} {mine[key]}",
                                 f"p{seat + 1} {key} {value}", None)
                    return
        if LEGAL in session.hello.capabilities and not now.is_chance and not now.is_terminal:
            self._compare_lists(now)

    def _compare_lists(self, now: State) -> None:
        session, game = self.session, self.session.game
        listed = session.call(session.app.legal)
        assert isinstance(listed, tuple)
        ours = {str(m): m for m in game.legal_moves(now)}
        for text in listed:
            if text not in ours:
                try:
                    problem = game.diagnose(now, game.parse_move(text))
                except OracleError as exc:
                    problem = ("MOVE-FORM", str(exc))
                rule_id, reason = problem or ("NOT-LEGAL", "not listed")

                def lists(state: State) -> bool:
                    return text in {str(m) for m in game.legal_moves(state)}

                self._differ("legal-list", rule_id, None, f"{text} is illegal: {reason}",
                             f"lists {text}", lists)
                return
        missing = [t for t in ours if t not in set(listed)]
        if missing:
            self._differ("legal-list", "NOT-LISTED", None, f"{missing[0]} is legal",
                         f"does not list {missing[0]} ({len(missing)} missing)", None)

    # --- the game -------------------------------------------------------------------------
    def _step(self, move: Move) -> None:
        game = self.session.game
        assert self.state is not None
        answer = self._apply(str(move))
        if not answer.accepted:
            rule_id = rule_in(answer.reason, {r.id: r for r in game.rules}) or "REFUSED-LEGAL"
            self._differ("too-strict", rule_id, move, "legal", f"refused: {answer.reason}",
                         lambda state: game.diagnose(state, move) is not None)
            return
        before = self.state
        self.state = game.apply(before, move)
        self.moves.append(move)
        self._compare(before, move)

    def begin(self, players: int) -> None:
        session = self.session
        session.examples += 1
        if session.first_failure is not None and (
                session.examples - session.first_failure > SHRINK_BUDGET):
            self.done = True
            return
        self.players = players
        self.state = session.game.new_game(players, session.ruleset)
        session.call(lambda: session.app.new_game(session.game.name, players, session.options))
        self._compare(None, None)

    def _live(self) -> bool:
        return self.state is not None and not self.done and not self.state.is_terminal

    @precondition(lambda self: self._live() and self.state.is_chance)
    @rule(data=st.data())
    def roll(self, data: st.DataObject) -> None:
        assert self.state is not None
        seed = data.draw(st.integers(0, 2**16), label="roll seed")
        self._step(self.session.game.sample_chance(self.state, random.Random(seed)))

    @precondition(lambda self: self._live() and not self.state.is_chance)
    @rule(data=st.data())
    def play(self, data: st.DataObject) -> None:
        session, game = self.session, self.session.game
        assert self.state is not None
        misses = session.near_misses(self.state)
        # With probe, one near miss of every rule broken here; without, one rule's per step.
        if PROBE in session.hello.capabilities:
            rules = tuple(misses)
        else:
            rules = (data.draw(st.sampled_from(tuple(misses)), label="rule"),) if misses else ()
        for broken in rules:
            move = data.draw(st.sampled_from(misses[broken]), label="near miss move")
            if self._try(move).accepted:
                problem = game.diagnose(self.state, move)
                reason = problem[1] if problem else ""
                self._differ("too-lenient", broken, move, f"refused: {broken}: {reason}",
                             "accepted", lambda state: game.diagnose(state, move) is None)
                if self.done:
                    return
        self._step(_pick(data, game.legal_moves(self.state), game, self.state))

    def teardown(self) -> None:
        """Steer later examples toward deep games (the last round) and full sheets."""
        if self.state is not None and self.session.broken is None:
            target(self.state.round / self.state.rounds + len(self.moves) / 1000, label="depth")
            best = max(self.session.game.score(s).total for s in self.state.sheets)
            target(float(best), label="points")

    @precondition(lambda self: self.done or (self.state is not None and self.state.is_terminal))
    @rule()
    def idle(self) -> None:
        """Nothing left to do in this example (the game is over, or an ignored rule stopped
        it)."""


def _machine(session: Session) -> type[CertifyMachine]:
    class Machine(CertifyMachine):
        @initialize(players=st.sampled_from(session.players))
        def start(self, players: int) -> None:
            self.begin(players)

    Machine.session = session
    return Machine


def certify(game: Game, app: Implementation, ruleset: Ruleset | None = None,
            max_examples: int = DEFAULT_EXAMPLES, seed: int = 0,
            players: tuple[int, ...] | None = None, rounds: int = 4) -> Result:
    """Certify ``app`` against ``game`` under ``ruleset`` (the options the app claims): up to
    ``rounds`` runs of ``max_examples`` games each, each run ignoring the rules found before.
    :class:`AdapterError` when the app is unusable."""
    start = time.perf_counter()
    hello = app.hello()
    if not isinstance(hello, Hello):
        raise AdapterError(f"the app's hello is {hello!r:.80}")
    if hello.game != game.name:
        raise AdapterError(f"the app plays {hello.game!r}, not {game.name!r}")
    ruleset = ruleset if ruleset is not None else game.default_ruleset
    seats = players or tuple(range(game.min_players, game.max_players + 1))
    findings: list[Finding] = []
    needed: list[int] = []
    examples = 0
    for run in range(rounds):
        session = Session(game, app, hello, ruleset, seats, frozenset(f.rule for f in findings))
        test = get_state_machine_test(_machine(session), settings=settings(
            max_examples=max_examples, stateful_step_count=STEPS, deadline=None, database=None,
            report_multiple_bugs=False, verbosity=Verbosity.quiet,
            phases=(Phase.generate, Phase.target, Phase.shrink),
            suppress_health_check=list(HealthCheck)), _min_steps=STEPS)
        try:
            hypothesis_seed(seed + run)(test)()
        except Difference:
            pass
        except Exception as exc:  # Hypothesis saw the shrink budget end: flaky on replay
            if session.best is None or session.broken is not None:
                raise
            del exc
        finally:
            examples += session.examples
        if session.broken is not None:
            raise session.broken
        found = session.best
        if found is None:
            break
        findings.append(found)
        needed.append(session.first_failure or session.examples)
    return Result(hello, tuple(findings), tuple(needed), examples,
                  time.perf_counter() - start)


def by_rule(findings: tuple[Finding, ...]) -> Mapping[str, tuple[Finding, ...]]:
    """The findings grouped by rule id, in the order first found."""
    out: dict[str, list[Finding]] = {}
    for finding in findings:
        out.setdefault(finding.rule, []).append(finding)
    return {k: tuple(v) for k, v in out.items()}
