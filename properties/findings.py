"""What certification finds: a :class:`Finding` (one way an app and the rules part ways, on a
minimal game), keyed by its cause: the rule the oracle names for the first disputed move or value
together with the situation it arises in (docs/certify.md, "One finding per departure").

A finding's rule is always named by the oracle, never read from the app's words: a move the app
accepts or lists that our rules refuse gets the rule ``diagnose`` names; a legal move the app
refuses or does not list gets the rule that makes it legal here (``explain_legal``, checked
against the app's answers on the other moves that rule allows); a state that differs gets the
rule the differing part and the step point at (``explain_sheet``, ``explain_dice``,
``explain_score``).
"""

from __future__ import annotations

import itertools
from types import MappingProxyType
from collections.abc import Iterator, Mapping
from typing import Literal, Protocol, runtime_checkable

import attrs

from oracle.adapter.compare import same_sheet
from oracle.engine.errors import OracleError
from oracle.engine.game import Game, State

#: ``too-strict``: the app refused (or did not list) a legal move; ``too-lenient``: it accepted
#: (or listed) an illegal one; ``state``: its sheets, dice or scores differ after a step both
#: accepted.
Kind = Literal["too-strict", "too-lenient", "state"]
#: How the difference was seen: a move ``refused``/``accepted`` (apply or probe), a move
#: ``not-listed``/``listed`` (the app's legal moves), or the app's ``sheet``/``dice``/``score``.
Seen = Literal["refused", "accepted", "not-listed", "listed", "sheet", "dice", "score", "roll"]
#: A finding's identity, its cause: (rule, situation).  One finding per cause in a run; a later
#: difference with the same cause is folded into it ("also seen").
Key = tuple[str, str]

#: Situations a cause names besides a kind (``too-strict``, ``too-lenient``, ``state``, the
#: situation of a difference no situation below singles out), with what a report says of them.
#: ``option:NAME`` (a ruleset option's other reading decides it) is said by :func:`situation_text`.
SITUATIONS = MappingProxyType({
    "end": "the end of the game: extra dice after the last turn, ruling 7",
    "fallback:action-only": "the passive fallback while a platter die is usable only with the "
                            "game's action, ruling 4",
    "fallback:solo": "the passive fallback in a solo game, rulings 4 and 9",
    "fallback:none-usable": "the passive fallback with no platter die usable, ruling 4",
    "fallback:platter-usable": "a die-field die taken while a platter die is usable, ruling 4",
})
#: The option situation's prefix.
OPTION = "option:"


def situation_text(situation: str) -> str:
    """What a report says of a cause's situation."""
    if situation.startswith(OPTION):
        return f"the reading of ruleset option {situation[len(OPTION):]}"
    return SITUATIONS.get(situation, situation)


@attrs.frozen
class Finding:
    """One difference on a game of ``players`` whose steps (chance moves included) are
    ``moves``: at ``step`` (1-based; the move tried there, or the step after which the state
    differs), rule ``rule`` is involved.  ``move`` is the disputed move (for a state difference,
    the step's move; None before the first step); ``oracle`` and ``app`` are both sides'
    answers; ``ours`` and ``theirs`` both lists of legal moves when the app lists them (else
    ``theirs`` is None).  ``ruleset`` holds the options the oracle played the game under (the
    app's claimed options, and the readings of earlier findings it took on); ``option`` names
    option values under which the oracle agrees with the app there, checked by replaying the
    game with the app.  ``games`` and ``seconds``: how long the search took to first see it;
    ``decisions``: the choices that replay the game (for ``--trace`` and shrinking).
    ``difference`` (a state that differs): what differs, naming the player, the area and the
    cell or field (``p1's yellow: the app has row II number 3 crossed, the oracle not``), or
    the die.  ``situation`` completes the cause (:data:`Key`): a kind, a situation of
    :data:`SITUATIONS`, or ``option:NAME``; ``also`` lists the later differences folded into
    this finding (same cause: kind, rule, game and step of each, one line each);
    ``shortened``: True while the finding is printed as first seen, before its game is shrunk
    and its hint checked."""

    kind: Kind
    rule: str
    seen: Seen
    players: int
    moves: tuple[str, ...]
    step: int
    move: str | None
    oracle: str
    app: str
    ruleset: Mapping[str, str | bool] = attrs.field(factory=dict)
    option: str | None = None
    ours: tuple[str, ...] | None = None
    theirs: tuple[str, ...] | None = None
    games: int = 0
    seconds: float = 0.0
    decisions: tuple[int, ...] = ()
    seed: int = 0
    difference: str | None = None
    situation: str = ""
    also: tuple[str, ...] = ()
    shortened: bool = False

    @property
    def key(self) -> Key:
        """The cause: one finding per cause.  A ruleset option's reading is one cause whatever
        rule each of its symptoms names."""
        if self.situation.startswith(OPTION):
            return OPTION, self.situation
        return self.rule, self.situation or self.kind

    def symptom(self) -> str:
        """One line of "also seen": the kind, the rule, the game and the step."""
        where = f" ({self.move})" if self.move else ""
        return f"{self.kind} {self.rule} in game {self.games}, step {self.step}{where}"

    def to_json(self) -> dict[str, object]:
        """The finding as a JSON-ready mapping."""
        out = attrs.asdict(self)
        out["moves"] = list(self.moves)
        out["ruleset"] = dict(self.ruleset)
        out["ours"] = None if self.ours is None else list(self.ours)
        out["theirs"] = None if self.theirs is None else list(self.theirs)
        out["decisions"] = list(self.decisions)
        out["also"] = list(self.also)
        out["seconds"] = round(self.seconds, 3)
        return out


@runtime_checkable
class ExplainsDifferences(Protocol):
    """What a :class:`~oracle.engine.game.Game` tells certification about a difference
    (:mod:`oracle.games.explain`; every Clever game has it)."""

    def explain_sheet(self, before: State, move: object, ours: str | Mapping[str, object],
                      theirs: str | Mapping[str, object]) -> str: ...

    def explain_dice(self, before: State, move: object) -> str: ...

    def explain_score(self, key: str) -> str: ...

    def explain_legal(self, state: State, moves: tuple[object, ...],
                      ) -> tuple[tuple[tuple[str, str], ...], ...]: ...


Options = Mapping[str, str | bool]


def changes(game: Game, options: Options, most: int = 2) -> Iterator[dict[str, str]]:
    """Every change of one option to another value, then (``most`` 2) of two options."""
    singles: list[tuple[str, str]] = []
    for option in game.ruleset_options:
        current = str(options.get(option.name, option.default)).lower()
        singles.extend((option.name, v) for v in option.values if v != current)
    for name, value in singles:
        yield {name: value}
    if most < 2:
        return
    for (a, x), (b, y) in itertools.combinations(singles, 2):
        if a != b:
            yield {a: x, b: y}


def oracle_agrees(game: Game, finding: Finding, options: Options) -> bool:
    """Without the app: under ``options`` the finding's game is legal and the oracle answers
    the disputed step as the app did (a refused move illegal, an accepted one legal, the
    app's sheet, dice or score the oracle's)."""
    try:
        state = game.new_game(finding.players, game.make_ruleset(options))
        for text in finding.moves:
            state = game.apply(state, game.parse_move(text))
        if finding.move is None:
            return False
        move = game.parse_move(finding.move)
    except OracleError:
        return False
    legal = game.diagnose(state, move) is None
    if finding.seen in ("refused", "not-listed"):
        if legal:
            return False
    elif finding.seen in ("accepted", "listed"):
        if not legal:
            return False
    if finding.kind == "state":
        app = finding.app
        if finding.seen == "sheet":
            seat, _, sheet = app.partition(" sheet ")
            return same_sheet(game, state.sheets[int(seat[1:]) - 1], sheet)
        if finding.seen == "dice":
            return f"dice {game.dice_text(state)}" == app
        if finding.seen != "score":
            return False
        seat_text, key, value = app.split(" ")
        score = game.scores(state)[int(seat_text[1:]) - 1].to_json()
        return str(score.get(key)) == value
    return True


def option_cause(game: Game, finding: Finding) -> str | None:
    """The ruleset option whose other reading (one option changed) makes the oracle answer
    ``finding``'s disputed step as the app did, or None: then that reading is the
    difference's cause, whatever rule the step names (docs/certify.md, "One finding per
    departure")."""
    if finding.kind == "too-strict" or finding.seen == "roll":
        return None  # a refusal's option is the group explain_legal names
    for change in changes(game, finding.ruleset, most=1):
        if oracle_agrees(game, finding, {**finding.ruleset, **change}):
            return next(iter(change))
    return None


def option_rule(game: Game, finding: Finding, name: str) -> str | None:
    """The rule option ``name``'s other reading changes at ``finding``'s step (in the state
    after its game, then before its last step): a move legal under one reading that the other
    refuses in the same position, named by ``diagnose`` under the refusing reading.  None when
    none is found (or the game's states do not carry their ruleset)."""
    option = next(o for o in game.ruleset_options if o.name == name)
    current = str(finding.ruleset.get(name, option.default)).lower()
    try:
        state = game.new_game(finding.players, game.make_ruleset(finding.ruleset))
        states = [state]
        for text in finding.moves:
            state = game.apply(state, game.parse_move(text))
            states.append(state)
    except OracleError:
        return None
    for ours in reversed(states[-2:]):
        if ours.is_chance or ours.is_terminal or not attrs.has(type(ours)):
            continue
        for value in option.values:
            if value == current:
                continue
            other = game.make_ruleset({**finding.ruleset, name: value})
            # A Clever state is an attrs class (checked above) with its ruleset as a field.
            theirs: State = attrs.evolve(ours, ruleset=other)  # type: ignore[misc]  # see above
            for one, refusing in ((ours, theirs), (theirs, ours)):
                for move in game.legal_moves(one):
                    problem = game.diagnose(refusing, move)
                    if problem is not None:
                        return problem[0]
    return None
