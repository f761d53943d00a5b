"""One game played by the oracle and the app side by side (docs/certify.md, "What is compared").

Both sides get the same dice and the same decisions.  At every player step a :class:`Duel` (in
search) tries near misses the app must refuse, compares the app's legal moves with ours (when it
lists them), plays one of our legal moves, which the app must accept, and compares sheets, dice
and scores.  A difference does not end the game:

* the app refused a legal move: another move is chosen (the steer picks among the rest);
* the app accepted an illegal near miss: the app is brought back (the game replayed) when it
  applied it;
* the states differ: when the difference has a checked hint (a ruleset option under which the
  oracle agrees with the app), the game so far is played again on both sides under that reading
  (a new game: the app is sent the options it declared) and followed to the end; else the app
  is brought back to before the step and another move (another roll) is chosen.

Each difference is named by its cause (:data:`~properties.findings.Key`): the rule the oracle
names for the disputed move or value and the situation it arises in — the end of the game
(END-EXTRA, whatever the move), the passive fallback's situation (a platter die usable only with
the game's action; a solo game; no platter die usable), or a ruleset option whose other reading
reproduces the app's answer.  A difference whose cause was already found is folded into that
finding ("also seen"), never a finding of its own.  So every departure is seen once, and rarer
ones stay reachable after common ones.  The same class
replays a recorded game (its decisions, or its moves' texts) to shrink a finding, to check a
hint and for ``--trace``: then it stops at the first difference instead.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable, Iterator, Mapping
from typing import Literal

import attrs

from oracle.adapter.protocol import (
    LEGAL,
    PROBE,
    ROLLS_ITSELF,
    AdapterError,
    Answer,
    AppState,
    Hello,
    Implementation3,
    JSONData,
    NotComparable,
    Rolled,
    Step,
)
from oracle.adapter.compare import (
    dice_differences,
    dice_text_of,
    limited,
    move_text,
    read_move,
    sheet_differences,
    text_sheet_differences,
)
from oracle.adapter.steps import step_of, turn_of
from oracle.engine.errors import IllegalMoveError, OracleError
from oracle.engine.game import Game, Move, State
from oracle.engine.phase import Phase
from properties.findings import (
    OPTION,
    ExplainsDifferences,
    Finding,
    Key,
    Kind,
    Seen,
    option_cause,
    option_rule,
)
from properties.nearmiss import MoveIndex, near_misses_like, sampled_near_misses
from properties.steering import Choice, Steer, decision_order

#: Roll outcomes tried, after a roll the app shows otherwise, before a game is given up.
REROLLS = 12
#: Near misses drawn per step in a search (besides ``pass``, ``reroll``, ``forfeit``).
NEAR_MISSES = 24
#: Other moves of a rule's group asked about before a refused move is put down to that rule.
SIBLINGS = 3
#: Near misses of a finding's rule tried in each state of a replay that looks for it.
AT_REST = 3
#: States whose near misses are kept (a run's cache is emptied when it is full).
MISSES_KEPT = 20_000
#: No game is longer than this many steps (a four-player game has about 160).
MAX_STEPS = 1500
#: Differences of other rules folded into a finding ("also seen") that it lists.
ALSO_SEEN = 6

Options = Mapping[str, str | bool]
Mode = Literal["search", "replay"]


class Stop(Exception):
    """The game cannot go on: the app refused every move, a replay parted from the recording,
    or a difference was met where a replay wants none."""


class OutOfTime(Exception):
    """The run's ``--budget`` seconds are spent."""


def impossible_roll(game: Game, state: State, due: str, text: str) -> str | None:
    """Why the dice ``text`` that an app rolled itself (capability ``rolls_itself``) cannot be
    rolled in ``state``, where a ``due`` (``roll`` or ``solo-roll``) is to be rolled: the die
    and face at fault — a face other than 1 to 6, a die the game does not have, a die rolled
    twice, a die that is not in the cup, a die in the cup not rolled (rules ROLL-DICE,
    SOLO-ROLL: a roll rolls exactly the dice in the cup, each showing 1 to 6; the solo roll all
    six).  None when the fault is elsewhere (the engine's message says it)."""
    dice = {d.die.code: d.place.label for d in game.dice(state)}
    tokens = text.split(" ")
    head = tokens[0]
    if head != due:
        return f"a {head!r} where a {due} is due"
    rolled: set[str] = set()
    for token in tokens[1:]:
        code = token.rstrip("0123456789-")
        face = token[len(code):]
        if code not in dice:
            return (f"{token}: the game has no die {code!r} (its dice: "
                    f"{' '.join(dice)})")
        if face not in ("1", "2", "3", "4", "5", "6"):
            return f"{token}: die {code} shows {face or 'no face'}; a die shows 1 to 6"
        if code in rolled:
            return f"{token}: die {code} is rolled twice"
        rolled.add(code)
        place = dice[code]
        if due == "roll" and place != "cup":
            where = "the silver platter" if place == "platter" else f"die field {place}"
            return f"{token}: die {code} is not in the cup (it lies on {where})"
    wanted = [c for c, place in dice.items() if due == "solo-roll" or place == "cup"]
    missing = [c for c in wanted if c not in rolled]
    if missing:
        return (f"die {missing[0]} is in the cup but was not rolled" if due == "roll" else
                f"die {missing[0]} is missing (the solo roll rolls all six dice)")
    return None


def sent_options(hello: Hello, options: Options) -> dict[str, str | bool]:
    """The options a game under ``options`` sends the app's ``new_game``: all of them to a
    version-1 app, else those it declared with a value it declared (the others it plays its own
    way, as it said; docs/certify.md, "Options")."""
    declared = hello.options
    if declared is None:
        return dict(options)
    return {name: value for name, value in options.items()
            if str(value).lower() in declared.get(name, ())}


def _answer(value: object) -> Answer | Rolled:
    if not isinstance(value, (Answer, Rolled)):
        raise AdapterError(f"the app answered {value!r:.80} instead of accepted/refused")
    return value


@attrs.define
class Bench:
    """What the duels of one run share: the game, the app in the harness's shape and its
    greeting, the options it claims (sent to ``new_game``), the findings so far with their
    checked hints, the move index for near misses, counters, and the run's deadline.
    ``on_new`` is told each new difference (it shrinks, checks hints, reports)."""

    game: Game
    app: Implementation3
    hello: Hello
    claimed: Options
    index: MoveIndex
    deadline: float | None = None
    findings: dict[Key, Finding] = attrs.field(factory=dict)
    hints: dict[Key, Options | None] = attrs.field(factory=dict)
    on_new: Callable[[Finding, Duel], None] | None = None
    not_comparable: int = 0
    broken: AdapterError | None = None
    misses: dict[tuple[State, str], Mapping[str, tuple[Move, ...]]] = attrs.field(factory=dict)
    sheets: dict[object, str] = attrs.field(factory=dict)
    models: dict[object, JSONData] = attrs.field(factory=dict)

    def call(self, ask: Callable[[], object]) -> object:
        """Ask the app; an adapter failure is kept, and stops everything."""
        if self.broken is not None:
            raise self.broken
        if self.deadline is not None and time.monotonic() >= self.deadline:
            raise OutOfTime()
        try:
            return ask()
        except AdapterError as exc:
            self.broken = exc
            raise
        except OracleError as exc:  # an in-process app failing a request
            self.broken = AdapterError(f"the app failed: {exc}")
            raise self.broken from None

    def near_misses(self, state: State, word: str) -> Mapping[str, tuple[Move, ...]]:
        """The near misses of ``state`` whose first word is ``word``, by rule, kept for the
        replays of a shrink (which pass through the same states again and again)."""
        found = self.misses.get((state, word))
        if found is None:
            if len(self.misses) >= MISSES_KEPT:
                self.misses.clear()
            found = self.misses[state, word] = near_misses_like(self.game, self.index, state,
                                                                 word)
        return found

    def sheet_text(self, sheet: object) -> str:
        """A sheet in sheet notation, kept (a step changes one sheet; the rest are compared
        again unchanged)."""
        text = self.sheets.get(sheet)
        if text is None:
            if len(self.sheets) >= MISSES_KEPT:
                self.sheets.clear()
            text = self.sheets[sheet] = self.game.format_sheet(sheet)
        return text

    def sheet_json(self, sheet: object) -> JSONData:
        """A sheet as sheet JSON, kept (as :meth:`sheet_text`)."""
        data = self.models.get(sheet)
        if data is None:
            if len(self.models) >= MISSES_KEPT:
                self.models.clear()
            data = self.models[sheet] = self.game.sheet_to_json(sheet)
        return data

    def sheet_differences(self, sheet: object, shown: object, seat: int,
                          ) -> tuple[str | JSONData, tuple[str, ...]] | None:
        """How the app's sheet ``shown`` of ``seat`` (sheet notation or sheet JSON) differs
        from our ``sheet``: ours in the same form and the differences, area by area
        (:mod:`oracle.adapter.compare`); None when they agree."""
        if isinstance(shown, str):
            text = self.sheet_text(sheet)
            if shown == text:
                return None
            return text, text_sheet_differences(self.game, self.sheet_json(sheet), text, shown,
                                                seat)
        ours = self.sheet_json(sheet)
        found = sheet_differences(self.game.name, ours, shown, seat)
        return (ours, found) if found else None

    @property
    def explains(self) -> ExplainsDifferences | None:
        return self.game if isinstance(self.game, ExplainsDifferences) else None

    def sent(self, options: Options) -> dict[str, str | bool]:
        """The options a game under ``options`` sends the app (:func:`sent_options`)."""
        return sent_options(self.hello, options)

    def fold(self, finding: Finding) -> None:
        """Fold ``finding`` into the finding of its cause already found ("also seen": a kind
        and rule not yet listed there, up to :data:`ALSO_SEEN`)."""
        found = self.findings[finding.key]
        listed = {line.split(" in game ")[0] for line in found.also}
        head = f"{finding.kind} {finding.rule}"
        if (head == f"{found.kind} {found.rule}" or head in listed
                or len(found.also) >= ALSO_SEEN):
            return
        self.findings[finding.key] = attrs.evolve(found, also=found.also + (finding.symptom(),))


@attrs.define
class Tally:
    """What one duel compared (docs/certify.md, "When a run says nothing"): the app's
    ``state`` asked (``states_asked``) and answered with a state rather than "not comparable"
    (``states``), of which showing the ``sheets``, each seat's score with its ``scores`` total,
    the ``dice``, and both sheets and scores (``full``); its legal-move lists asked
    (``lists_asked``) and compared (``lists``); and whether the last state asked (after the
    game's last step, once it is over) was compared in full (``last_full``)."""

    states_asked: int = 0
    states: int = 0
    sheets: int = 0
    scores: int = 0
    dice: int = 0
    full: int = 0
    lists_asked: int = 0
    lists: int = 0
    last_full: bool = False

    def shown(self, state: AppState | NotComparable, players: int) -> None:
        """Count one answer to ``state`` (``players``: the seats whose scores it must show)."""
        self.states_asked += 1
        self.last_full = False
        if isinstance(state, NotComparable):
            return
        self.states += 1
        sheets = state.sheets is not None
        scores = state.scores is not None and len(state.scores) == players and all(
            "total" in state.score_map(seat) for seat in range(players))
        self.sheets += sheets
        self.scores += scores
        self.dice += state.dice is not None
        self.last_full = sheets and scores
        self.full += self.last_full

    def listed(self, moves: object) -> None:
        """Count one answer to ``legal``."""
        self.lists_asked += 1
        self.lists += not isinstance(moves, NotComparable)


class Chooser:
    """Where a duel's decisions come from (see :class:`SearchChooser`, :class:`Replay`)."""

    def roll(self, game: Game, state: State) -> int:
        """The seed of the next roll in ``state``."""
        raise NotImplementedError

    def pick(self, choice: Choice) -> int:
        """The index (in ``choice.moves``) of the next move among ``choice.among``."""
        raise NotImplementedError

    def done(self) -> bool:
        """True when a replay has no decision left (a search never runs out)."""
        return False

    @property
    def searching(self) -> bool:
        return False


class SearchChooser(Chooser):
    """Decisions drawn by a steer with a seeded generator."""

    def __init__(self, rng: random.Random, steer: Steer) -> None:
        self.rng = rng
        self.steer = steer

    def roll(self, game: Game, state: State) -> int:
        return self.steer.roll(game, state, self.rng)

    def pick(self, choice: Choice) -> int:
        return self.steer.choose(choice, self.rng)

    @property
    def searching(self) -> bool:
        return True


class Replay(Chooser):
    """Recorded decisions: a roll's seed, or a move's place in :func:`decision_order` (taken
    modulo the number of moves, so that any list of numbers is a game)."""

    def __init__(self, decisions: tuple[int, ...]) -> None:
        self.decisions = decisions
        self.at = 0

    def _next(self) -> int:
        if self.at >= len(self.decisions):
            raise Stop("no decision left")
        self.at += 1
        return self.decisions[self.at - 1]

    def roll(self, game: Game, state: State) -> int:
        return self._next()

    def pick(self, choice: Choice) -> int:
        order = decision_order(choice.texts)
        return order[self._next() % len(order)]

    def done(self) -> bool:
        return self.at >= len(self.decisions)


class Texts(Chooser):
    """Recorded moves by their texts (a finding's game under another ruleset)."""

    def __init__(self, texts: tuple[str, ...]) -> None:
        self.texts = texts
        self.at = 0
        self.chance: str | None = None

    def roll(self, game: Game, state: State) -> int:
        if self.at >= len(self.texts):
            raise Stop("no move left")
        self.chance = self.texts[self.at]
        self.at += 1
        return 0

    def pick(self, choice: Choice) -> int:
        if self.at >= len(self.texts):
            raise Stop("no move left")
        text = self.texts[self.at]
        self.at += 1
        if text not in choice.texts:
            raise Stop(f"{text} is not legal here")
        return choice.texts.index(text)

    def done(self) -> bool:
        return self.at >= len(self.texts)


@attrs.frozen
class Target:
    """What a replay looks for: the finding's ``key`` seen ``seen`` (a near miss ``accepted``
    and listed moves are looked for in every state; the rest on a step); ``move``: the
    finding's disputed move (near misses of its kind are tried)."""

    key: Key
    seen: Seen
    move: str | None = None
    rule: str = ""

    @property
    def at_rest(self) -> bool:
        return self.seen in ("accepted", "listed", "not-listed")


class Duel:
    """One game on both sides (see the module docstring)."""

    def __init__(self, bench: Bench, players: int, chooser: Chooser, mode: Mode,
                 options: Options, seed: int = 0, target: Target | None = None,
                 games: int = 0, started: float = 0.0) -> None:
        self.bench = bench
        self.game = bench.game
        self.players = players
        self.chooser = chooser
        self.mode = mode
        self.options: dict[str, str | bool] = dict(options)
        self.seed = seed
        self.target = target
        self.games = games
        self.started = started
        self.rng = random.Random(seed)
        self.state: State = self.game.new_game(players, self.game.make_ruleset(self.options))
        self.steps: list[Step] = []
        self.decisions: list[int] = []
        self.reached: Finding | None = None
        self.seen: set[Key] = set()
        self.clobbered = False
        #: The oracle took a hint's reading while a step was compared: the step is chosen
        #: again from the game so far under it.
        self.switched = False
        self.tally = Tally()
        self._groups: tuple[State, dict[str, tuple[tuple[str, str], ...]]] | None = None

    # --- the app ------------------------------------------------------------------------------
    @property
    def caps(self) -> frozenset[str]:
        return self.bench.hello.capabilities

    def _new_game(self) -> None:
        bench = self.bench
        sent = bench.sent(self.options)
        bench.call(lambda: bench.app.new_game(self.game.name, self.players, sent, self.seed))

    def _apply(self, step: Step) -> Answer | Rolled:
        return _answer(self.bench.call(lambda: self.bench.app.apply(step)))

    def _probe(self, step: Step) -> Answer:
        answer = _answer(self.bench.call(lambda: self.bench.app.probe(step)))
        if isinstance(answer, Rolled):
            raise AdapterError("the app answered a probe with dice")
        return answer

    def restore(self, switching: bool = False) -> bool:
        """Bring the app to the game so far: a new game (under the duel's options), every step
        replayed.  ``switching`` (a new ruleset): False when the app refuses a step of it (else
        that is an app that is not deterministic, an unusable adapter)."""
        self._new_game()
        for number, step in enumerate(self.steps, start=1):
            answer = self._apply(step)
            if isinstance(answer, Rolled):
                rolled = move_text(self.game, answer.move)
                if rolled != step.move:
                    raise Stop(f"replaying the game, the app rolled {rolled} at step "
                               f"{number}, not {step.move} (dice not repeated for the seed)")
            elif not answer.accepted:
                if switching:
                    return False
                raise AdapterError(f"replaying the game, the app refused step {number} "
                                   f"({step.move}), which it had accepted before (not "
                                   "deterministic)")
        return True

    # --- the game -----------------------------------------------------------------------------
    def play(self) -> None:
        """Play (or replay) to the end of the game, of the decisions, or to a stop."""
        self._new_game()
        self._compare(None, None)
        while not self.state.is_terminal and len(self.steps) < MAX_STEPS:
            if self.reached is not None:
                return
            resting = self.mode == "replay" and self.target is not None and self.target.at_rest
            if resting:  # seen at rest: looked for at every step, so a shorter game shows it
                self._look_at_rest()
                if self.reached is not None:
                    return
            if self.mode == "replay" and self.chooser.done():
                return
            if self.state.is_chance:
                self._roll()
            else:
                self._move()

    def _finding(self, kind: Kind, rule: str, seen: Seen, move: str | None, oracle: str,
                 app: str, step: int, moves: tuple[str, ...], ours: tuple[str, ...] | None = None,
                 theirs: tuple[str, ...] | None = None,
                 decision: int | None = None, difference: str | None = None,
                 group: str = "", before: State | None = None) -> Finding:
        """A difference, named by its cause (``group``: the group :meth:`_legal_rule` chose
        for a refused move; ``before``: the state before the disputed step)."""
        decisions = tuple(self.decisions) + (() if decision is None else (decision,))
        found = Finding(kind, rule, seen, self.players, moves, step, move, oracle, app,
                        dict(self.options), None, ours, theirs, self.games,
                        time.perf_counter() - self.started, decisions, self.seed, difference)
        return self._cause(found, group, before)

    def _cause(self, found: Finding, group: str, before: State | None) -> Finding:
        """``found`` with its cause: the end of the game (any refusal or state there is
        END-EXTRA), a ruleset option's reading, the passive fallback's situation, else its
        kind (docs/certify.md, "One finding per departure")."""
        game, kind = self.game, found.kind
        if before is not None and kind != "too-lenient" and found.seen != "roll" and (
                not before.is_chance and game.phase(before) is Phase.END_EXTRA):
            return attrs.evolve(found, rule="END-EXTRA", situation="end")
        option = group[len("option:"):] if group.startswith("option:") else None
        if option is None and kind != "too-strict":
            option = option_cause(game, found)
            if option is not None and kind == "state":
                rule = option_rule(game, found, option)
                found = attrs.evolve(found, rule=rule or found.rule)
        if option is not None:
            return attrs.evolve(found, situation=OPTION + option)
        if found.rule == "PASSIVE-FALLBACK" and before is not None:
            return attrs.evolve(found, situation=self._fallback(kind, before))
        return attrs.evolve(found, situation=kind)

    def _fallback(self, kind: Kind, before: State) -> str:
        """The passive fallback's situation (ruling 4): taken while a platter die is usable
        (too lenient); refused in a solo game; refused while a platter die is usable only with
        the game's action; refused with no platter die usable.  (In a solo game the last two
        cannot be told apart from the app's answers: both are the solo situation.)"""
        if kind == "too-lenient":
            return "fallback:platter-usable"
        if before.players == 1:
            return "fallback:solo"
        game = self.game
        platter = {d.die.code for d in game.dice(before) if d.place.label == "platter"}
        usable = any(str(m).startswith("take ") and str(m).split(" ")[1] in platter
                     for m in game.legal_moves(before))
        return "fallback:action-only" if usable else "fallback:none-usable"

    def _differ(self, finding: Finding) -> Options | None:
        """A difference was seen: in a search, report it when new; in a replay, note it when it
        is the target, else stop.  Returns the options of its checked hint, if any (the
        oracle may take that reading)."""
        bench = self.bench
        key = finding.key
        if self.mode == "replay":
            if self.target is not None and key == self.target.key:
                self.reached = finding
                raise Stop("reached")
            if self.target is not None and bench.hints.get(key):
                return bench.hints[key]
            raise Stop(f"a difference on the way ({finding.rule})")
        self.seen.add(key)
        if key in bench.findings:
            bench.fold(finding)
        elif bench.on_new is not None:
            bench.on_new(finding, self)
            self.restore()
            self.clobbered = True
        return bench.hints.get(key)

    def _switch(self, hint: Options) -> bool:
        """Take the reading ``hint`` for the rest of the game: a new game on both sides under
        it (the app sent the options it declared), the game so far replayed (False, and the
        game left as it was, when a move of it is illegal there or the app refuses one)."""
        options = {**self.options, **hint}
        try:
            state = self.game.new_game(self.players, self.game.make_ruleset(options))
            for step in self.steps:
                state = self.game.apply(state, self.game.parse_move(step.move))
        except IllegalMoveError:
            return False
        was = self.options
        self.options = options
        if not self.restore(switching=True):
            self.options = was
            self.restore()
            self.clobbered = True
            return False
        self.state = state
        self.clobbered = True
        return True

    def _record(self, step: Step, after: State, decision: int) -> None:
        self.steps.append(step)
        self.decisions.append(decision)
        self.state = after

    def _moves(self, extra: str | None = None) -> tuple[str, ...]:
        texts = tuple(s.move for s in self.steps)
        return texts + ((extra,) if extra is not None else ())

    # --- chance -------------------------------------------------------------------------------
    def _roll(self) -> None:
        game = self.game
        before = self.state
        for _ in range(REROLLS):
            seed = self.chooser.roll(game, before)
            move: Move = game.sample_chance(before, random.Random(seed))
            if isinstance(self.chooser, Texts) and self.chooser.chance is not None:
                move = game.parse_move(self.chooser.chance)
            step = step_of(game, before, str(move))
            self.clobbered = False
            answer = self._apply(step)
            if isinstance(answer, Rolled):
                if ROLLS_ITSELF not in self.caps:
                    raise AdapterError("the app answered a roll with dice without the "
                                       "capability rolls_itself")
                rolled = move_text(game, answer.move)
                try:
                    move = read_move(game, rolled)
                    after = game.apply(before, move)
                except OracleError as exc:
                    due = step.kind
                    rule = "SOLO-ROLL" if due == "solo-roll" else "ROLL-DICE"
                    why = impossible_roll(game, before, due, rolled) or str(exc)
                    self._differ(self._finding(
                        "state", rule, "roll", rolled, f"impossible roll: {why}",
                        f"rolled {rolled}", len(self.steps) + 1,
                        self._moves(rolled), decision=seed))
                    raise Stop("the app rolled what cannot be rolled") from None
                step = step_of(game, before, rolled)
            elif not answer.accepted:
                rule = "SOLO-ROLL" if step.kind == "solo-roll" else "ROLL-DICE"
                self._differ(self._finding(
                    "too-strict", rule, "refused", step.move, "legal",
                    f"refused: {answer.reason}", len(self.steps) + 1, self._moves(),
                    decision=seed))
                raise Stop("the app refused a roll")
            else:
                after = game.apply(before, move)
            self.state = after
            if self._compare(before, step, seed):
                self._record(step, after, seed)
                return
            if self.switched:
                self.switched = False
                return
            self.state = before
            if ROLLS_ITSELF in self.caps or not self.chooser.searching:
                raise Stop("the app shows a roll otherwise")
            if not self.clobbered:
                self.restore()
        raise Stop(f"no roll of {REROLLS} agreed")

    # --- a player's step ----------------------------------------------------------------------
    def _move(self) -> None:
        game = self.game
        before = self.state
        moves = game.legal_moves(before)
        texts = tuple(str(m) for m in moves)
        if self.chooser.searching:
            self._near_misses(before)
            if LEGAL in self.caps:
                self._lists(before, moves, texts)
        open_ = tuple(range(len(moves)))
        order = decision_order(texts)
        while open_:
            index = self.chooser.pick(Choice(game, before, moves, texts, open_))
            decision = order.index(index)
            step = step_of(game, before, texts[index])
            self.clobbered = False
            answer = self._apply(step)
            if isinstance(answer, Rolled):
                raise AdapterError(f"the app answered {texts[index]!r} with dice")
            if not answer.accepted:
                rule, group = self._legal_rule(before, moves, texts, moves[index], None)
                self._differ(self._finding(
                    "too-strict", rule, "refused", texts[index], "legal",
                    f"refused: {answer.reason}", len(self.steps) + 1, self._moves(),
                    decision=decision, group=group, before=before))
                open_ = tuple(i for i in open_ if i != index)
                continue
            self.state = game.apply(before, moves[index])
            if self._compare(before, step, decision):
                self._record(step, self.state, decision)
                return
            if self.switched:
                self.switched = False
                return
            self.state = before
            if not self.clobbered:
                self.restore()
            open_ = tuple(i for i in open_ if i != index)
        raise Stop("the app refused every legal move")

    def _compare(self, before: State | None, step: Step | None, decision: int | None = None,
                 ) -> bool:
        """Compare the app's state with ours after ``step``; True when they agree (or agree
        once the oracle took the reading of a checked hint)."""
        finding = self._state_difference(before, step, decision)
        if finding is None:
            return True
        hint = self._differ(finding)
        new = hint and any(str(self.options.get(k, "")).lower() != str(v).lower()
                           for k, v in hint.items())
        if new and hint and step is not None and before is not None and self._switch(hint):
            # Both sides are at the game so far under the hint's reading, before the step.
            switched = self.state
            try:
                self.state = self.game.apply(switched, self.game.parse_move(step.move))
            except IllegalMoveError:
                self.state, self.switched = switched, True
                return False
            answer = self._apply(step)
            self.clobbered = False
            agreed = (move_text(self.game, answer.move) == step.move
                      if isinstance(answer, Rolled) else answer.accepted)
            if agreed and self._state_difference(before, step, decision) is None:
                return True
            self.state, self.switched = switched, True  # the step chosen again under it
            self.restore()
            self.clobbered = True
            return False
        return False

    def _state_difference(self, before: State | None, step: Step | None,
                          decision: int | None) -> Finding | None:
        game, bench = self.game, self.bench
        now = self.state
        shown = bench.call(lambda: bench.app.state(turn_of(game, now)))
        if not isinstance(shown, (AppState, NotComparable)):
            raise AdapterError(f"the app's state is {shown!r:.80}")
        self.tally.shown(shown, self.players)
        if isinstance(shown, NotComparable):
            bench.not_comparable += 1
            return None
        move = None if step is None else step.move
        parsed = None if move is None else game.parse_move(move)
        explains = bench.explains
        number = len(self.steps) + (1 if step is not None else 0)
        moves = self._moves(move)

        def found(kind_seen: Seen, rule: str, ours: str, theirs: str,
                  difference: str | None = None) -> Finding:
            return self._finding("state", rule, kind_seen, move, ours, theirs, number, moves,
                                 decision=decision, difference=difference, before=before)

        if shown.sheets is not None:
            if len(shown.sheets) != len(now.sheets):
                raise AdapterError(f"the app shows {len(shown.sheets)} sheets for "
                                   f"{len(now.sheets)} players")
            for seat, (sheet, theirs) in enumerate(zip(now.sheets, shown.sheets)):
                differs = bench.sheet_differences(sheet, theirs, seat)
                if differs is None:
                    continue
                ours, found_here = differs
                readable = theirs if isinstance(theirs, (str, Mapping)) else {}
                rule = (explains.explain_sheet(before, parsed, ours, readable)
                        if explains and before is not None else "ROUND-BONUS")
                return found("sheet", rule, f"p{seat + 1} sheet {_written(ours)}",
                             f"p{seat + 1} sheet {_written(theirs)}", limited(found_here))
        dice = game.dice_text(now)
        if shown.dice is not None:
            theirs_dice = (shown.dice if isinstance(shown.dice, str)
                           else dice_text_of(tuple(shown.dice)))
            if theirs_dice != dice:
                rule = (explains.explain_dice(before, parsed)
                        if explains and before is not None else "TURN-ORDER")
                return found("dice", rule, f"dice {dice}", f"dice {theirs_dice}",
                             limited(dice_differences(dice, theirs_dice)))
        for seat, score in enumerate(game.scores(now)):
            mine = score.to_json()
            for key, value in shown.score_map(seat).items():
                if key in mine and mine[key] != value:
                    rule = explains.explain_score(key) if explains else "SCORE-TOTAL"
                    return found("score", rule, f"p{seat + 1} {key} {mine[key]}",
                                 f"p{seat + 1} {key} {value}")
        return None

    # --- what the rule of a refused move is -----------------------------------------------------
    def _legal_rule(self, state: State, moves: tuple[Move, ...], texts: tuple[str, ...],
                    move: Move, listed: frozenset[str] | None) -> tuple[str, str]:
        """The rule that makes ``move`` legal here and that the app reads otherwise, with its
        group: of the rules :meth:`explain_legal` names (most specific first), the first one
        whose other moves (up to :data:`SIBLINGS`) the app refuses too (``listed``: the app's
        list)."""
        explains = self.bench.explains
        if explains is None:
            return "NOT-LEGAL", ""
        if self._groups is None or self._groups[0] is not state:
            self._groups = (state, dict(zip(texts, explains.explain_legal(state, moves))))
        groups = self._groups[1]
        text = str(move)
        candidates = groups[text]
        for candidate in candidates[:-1]:
            siblings = sorted((t for t, g in groups.items() if t != text and candidate in g),
                              key=lambda t: len(groups[t]))[:SIBLINGS]
            if not any(self._allows(state, t, listed) for t in siblings):
                return candidate
        return candidates[-1]

    def _allows(self, state: State, text: str, listed: frozenset[str] | None) -> bool:
        """Would the app accept ``text`` here?  From its list, by probe, or by applying it (the
        game restored when it did)."""
        if listed is not None:
            return text in listed
        step = step_of(self.game, state, text)
        if PROBE in self.caps:
            return self._probe(step).accepted
        answer = self._apply(step)
        if isinstance(answer, Answer) and answer.accepted:
            self.restore()
            return True
        return False

    # --- near misses and lists ------------------------------------------------------------------
    def _near_misses(self, state: State) -> None:
        """Try near misses (illegal moves one token from a legal one): with ``probe`` one of
        every rule met; without, one rule's, applied (the app restored when it accepted)."""
        game = self.game
        misses = sampled_near_misses(game, self.bench.index, state, self.rng, NEAR_MISSES)
        rules = tuple(misses)
        if PROBE not in self.caps and rules:
            # Each costs a move applied (and the game replayed when the app accepts it): one
            # rule's, drawn among those not yet found accepted when there are any.
            found = {f.rule for f in self.bench.findings.values() if f.kind == "too-lenient"}
            new = tuple(r for r in rules if r not in found)
            rules = (self.rng.choice(new or rules),)
        for rule in rules:
            move = self.rng.choice(misses[rule])
            self._try_near_miss(state, rule, move)

    def _try_near_miss(self, state: State, rule: str, move: Move) -> bool:
        """True when the app accepts the near miss ``move`` (rule ``rule``)."""
        game = self.game
        step = step_of(game, state, str(move))
        if PROBE in self.caps:
            accepted = self._probe(step).accepted
        else:
            answer = self._apply(step)
            accepted = isinstance(answer, Answer) and answer.accepted
        if not accepted:
            return False
        problem = game.diagnose(state, move)
        reason = problem[1] if problem else ""
        if PROBE not in self.caps:
            self.restore()
        self._differ(self._finding("too-lenient", rule, "accepted", str(move),
                                   f"refused: {rule}: {reason}", "accepted",
                                   len(self.steps) + 1, self._moves(), before=state))
        return True

    def _lists(self, state: State, moves: tuple[Move, ...], texts: tuple[str, ...]) -> None:
        """Compare the app's legal moves with ours: each rule a listed move breaks, and each
        rule that makes an unlisted one legal, is a difference."""
        for finding in self._list_differences(state, moves, texts):
            self._differ(finding)

    def _list_differences(self, state: State, moves: tuple[Move, ...],
                          texts: tuple[str, ...]) -> Iterator[Finding]:
        game, bench = self.game, self.bench
        listed = bench.call(lambda: bench.app.legal(turn_of(game, state)))
        if not isinstance(listed, (tuple, NotComparable)):
            raise AdapterError(f"the app's legal moves are {listed!r:.80}")
        self.tally.listed(listed)
        if isinstance(listed, NotComparable):
            bench.not_comparable += 1
            return
        written = tuple(move_text(game, m) for m in listed)
        theirs = frozenset(written)
        ours = frozenset(texts)
        number = len(self.steps) + 1
        done: set[str] = set()
        for text in written:
            if text in ours:
                continue
            try:
                problem = game.diagnose(state, read_move(game, text))
            except OracleError as exc:
                problem = ("MOVE-FORM", str(exc))
            rule, reason = problem or ("NOT-LEGAL", "not listed")
            if rule not in done:
                done.add(rule)
                yield self._finding("too-lenient", rule, "listed", text,
                                    f"{text} is illegal: {reason}", f"lists {text}", number,
                                    self._moves(), texts, written, before=state)
        done_groups: set[tuple[str, str]] = set()
        for move, text in zip(moves, texts):
            if text in theirs:
                continue
            rule, group = self._legal_rule(state, moves, texts, move, theirs)
            if (rule, group) not in done_groups:
                done_groups.add((rule, group))
                missing = sum(1 for t in texts if t not in theirs)
                yield self._finding("too-strict", rule, "not-listed", text, f"{text} is legal",
                                    f"does not list {text} ({missing} missing)", number,
                                    self._moves(), texts, written, group=group, before=state)

    def agrees_here(self, disputed: str | None) -> bool:
        """True when the app agrees with the oracle on every move of this state: its list
        equal to ours (with ``legal``), each of our legal moves accepted (without ``probe`` or
        ``legal`` a spread of six), and ``disputed`` refused when it is not one of them.  No
        move is left out because another finding explains it (docs/certify.md, "Hints are
        checked")."""
        state = self.state
        if state.is_chance or state.is_terminal:
            return True
        game = self.game
        texts = tuple(str(m) for m in game.legal_moves(state))
        listed: frozenset[str] | None = None
        if LEGAL in self.caps:
            bench = self.bench
            got = bench.call(lambda: bench.app.legal(turn_of(game, state)))
            if not isinstance(got, tuple):
                return False  # not comparable: the check cannot decide
            listed = frozenset(move_text(game, m) for m in got)
            if listed != frozenset(texts):
                return False
        asked = texts
        if listed is None and PROBE not in self.caps:
            asked = texts[::max(1, len(texts) // 5)][:6]
        if not all(self._allows(state, t, listed) for t in asked):
            return False
        return disputed is None or disputed in texts or not self._allows(state, disputed, listed)

    def _look_at_rest(self) -> None:
        """The target of a replay that is seen at rest: the app's list, or a near miss of the
        rule (up to :data:`AT_REST` of them), in the state reached so far."""
        assert self.target is not None
        state = self.state
        if state.is_chance or state.is_terminal:
            return
        game = self.game
        if self.target.seen == "accepted":
            rule = self.target.rule
            word = (self.target.move or "").split(" ", 1)[0]
            misses = self.bench.near_misses(state, word).get(rule, ())
            for move in misses[:AT_REST]:
                try:
                    if self._try_near_miss(state, rule, move):
                        return
                except Stop:
                    return
            return
        moves = game.legal_moves(state)
        texts = tuple(str(m) for m in moves)
        for finding in self._list_differences(state, moves, texts):
            if finding.key == self.target.key:
                self.reached = finding
                return


def _written(sheet: object) -> str:
    """A sheet as a finding prints it: sheet notation as it is, sheet JSON as one line."""
    return sheet if isinstance(sheet, str) else json.dumps(sheet, separators=(",", ":"))


def run_duel(duel: Duel) -> Duel:
    """Play ``duel``; a stop ends it quietly (its ``reached`` and ``seen`` tell what it saw)."""
    try:
        duel.play()
    except Stop:
        pass
    return duel
