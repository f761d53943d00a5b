"""Hints that are true: a ruleset option (or two) under which the oracle agrees with the app on
a finding's game, checked by replaying that game with the app (docs/certify.md, "Hints").

Following a hint is a new game on both sides under the changed ruleset: the app is sent the
options it declared (its ``new_game``), the oracle plays them all, and a move's text means the
same under every ruleset (docs/formats.md), so the two read the same moves.  A hint is given only
when, under the changed options, every move of the game is legal, the app and the oracle agree on
the state after every step, and at the disputed step they agree on the disputed move and on every
other move there (the app's list, or its answers to our legal moves) — none left out because
another finding explains it.  A check that cannot be decided (the replay parts at another
difference on the way) gives no hint.  So an option that merely happens to make the disputed move
legal (an unrelated one) is not offered.  Options are tried one at a time, then two at a time.
"""

from __future__ import annotations

from collections.abc import Mapping

from properties.duel import Bench, Duel, Stop, Texts
from properties.findings import Finding, changes, oracle_agrees

Options = Mapping[str, str | bool]

__all__ = ["changes", "hint", "hint_text"]


def _app_agrees(bench: Bench, finding: Finding, options: Options) -> bool:
    """With the app, a new game on both sides under ``options``: the finding's whole game
    replayed shows no difference, and at the disputed step the app agrees with the oracle on
    every move there."""
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
    return duel.agrees_here(finding.move)


def hint(bench: Bench, finding: Finding) -> dict[str, str] | None:
    """The first option change (one option, then two) under which the app and the oracle agree
    on ``finding``'s game, or None."""
    game = bench.game
    for change in changes(game, finding.ruleset):
        options = {**finding.ruleset, **change}
        if oracle_agrees(game, finding, options) and _app_agrees(bench, finding, options):
            return change
    return None


def hint_text(change: Mapping[str, str]) -> str:
    """``OPTION=VALUE`` (two joined by a space)."""
    return " ".join(f"{k}={v}" for k, v in change.items())
