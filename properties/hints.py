"""Hints that are true: a ruleset option (or two) under which the oracle agrees with the app on
a finding's game, checked by replaying that game with the app (docs/certify.md, "Hints").

A hint is given only when, under the changed options, every move of the minimal game is legal,
the app and the oracle agree on the state after every step, and at the disputed step they agree
on the disputed move and on the other moves there (the app's list, or its answers to our legal
moves).  So an option that merely happens to make the disputed move legal (an unrelated one)
is not offered.  Options are tried one at a time, then two at a time.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Mapping

from oracle.adapter.compare import same_sheet
from oracle.errors import OracleError
from oracle.game import Game
from properties.duel import Bench, Duel, Stop, Texts
from properties.findings import Finding

Options = Mapping[str, str | bool]


def changes(game: Game, options: Options) -> Iterator[dict[str, str]]:
    """Every change of one option to another value, then of two options."""
    singles: list[tuple[str, str]] = []
    for option in game.ruleset_options:
        current = str(options.get(option.name, option.default)).lower()
        singles.extend((option.name, v) for v in option.values if v != current)
    for name, value in singles:
        yield {name: value}
    for (a, x), (b, y) in itertools.combinations(singles, 2):
        if a != b:
            yield {a: x, b: y}


def _oracle_agrees(game: Game, finding: Finding, options: Options) -> bool:
    """Without the app: under ``options`` the game is legal and the oracle answers the disputed
    step as the app did (a cheap filter before the replay with the app)."""
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


def _app_agrees(bench: Bench, finding: Finding, options: Options) -> bool:
    """With the app: the minimal game replayed under ``options`` shows no difference, and at
    the disputed step the app agrees with the oracle on every move there."""
    duel = Duel(bench, finding.players, Texts(finding.moves), "replay", options,
                seed=finding.seed)
    try:
        duel.play()
    except Stop:
        return False
    if len(duel.steps) != len(finding.moves):
        return False
    if finding.kind == "state":
        return True
    return duel.agrees_here(finding.move, finding.rule)


def hint(bench: Bench, finding: Finding) -> dict[str, str] | None:
    """The first option change (one option, then two) under which the app and the oracle agree
    on ``finding``'s game, or None."""
    game = bench.game
    for change in changes(game, finding.ruleset):
        options = {**finding.ruleset, **change}
        if _oracle_agrees(game, finding, options) and _app_agrees(bench, finding, options):
            return change
    return None


def hint_text(change: Mapping[str, str]) -> str:
    """``OPTION=VALUE`` (two joined by a space)."""
    return " ".join(f"{k}={v}" for k, v in change.items())
