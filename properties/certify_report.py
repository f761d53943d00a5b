"""The certification report: each finding with its minimal game as a record (the first differing
step marked), the rule the oracle names and the situation (its cause), both sides' answers (and
both lists of legal moves when the app lists them), the checked hint; the summary grouped by rule
id, with what each finding also saw (text, or JSON with ``--json``).  ``certify`` prints each
finding twice: as soon as it is first seen (:func:`first_text`; with ``--json`` a ``first``
event), then shrunk and with its checked hint (:func:`finding_text`; a ``finding`` event)."""

from __future__ import annotations

from types import MappingProxyType

import attrs

from oracle.engine.errors import OracleError
from oracle.engine.game import Game
from oracle.records.record import Record, Step
from properties.certify import CONFORMING, DIFFERENCES, MIN_COMPARED_GAMES, Result, by_rule
from properties.findings import Finding, situation_text

_KIND = MappingProxyType({
    "too-strict": "the app refused a legal move (too strict)",
    "too-lenient": "the app accepted an illegal move (too lenient)",
    "state": "the app's state differs after a step both accepted",
})
_SEEN = MappingProxyType({
    "refused": "refused when applied", "accepted": "accepted when tried",
    "not-listed": "missing from the app's legal moves", "listed": "in the app's legal moves",
    "sheet": "a sheet", "dice": "the dice", "score": "a score", "roll": "the app's own roll",
})
#: An impossible roll of an app that rolls its own dice (kind ``state``, seen ``roll``): it is
#: no state that differs after a step both accepted, but the app's dice that cannot be.
_ROLL = "the app's roll is impossible (its own dice cannot be rolled here)"
#: Listed moves shown beside each other before the rest is counted.
_SHOWN = 12


def finding_record(game: Game, finding: Finding) -> Record:
    """The minimal game of ``finding`` as a record under the options the oracle played it with;
    the disputed move of a refusal or an acceptance, or the app's impossible roll (when the
    notation can write it), is its last step (so ``clever-oracle verify`` shows it)."""
    ruleset = game.make_ruleset(dict(finding.ruleset))
    state = game.new_game(finding.players, ruleset)
    steps = []
    rolled = finding.seen == "roll"  # the app's impossible roll is the last move
    for text in finding.moves[:-1] if rolled else finding.moves:
        move = game.parse_move(text)
        steps.append(Step(state.actor, move))
        state = game.apply(state, move)
    disputed = finding.kind != "state" or rolled
    if disputed and finding.move is not None:
        try:
            steps.append(Step(state.actor, game.parse_move(finding.move)))
        except OracleError:
            pass  # no move of the notation (a face 7): the comment and the report name it
    names = tuple(f"Player {i + 1}" for i in range(finding.players))
    what = f"the app's impossible roll {finding.move}" if rolled else finding.kind
    return Record(players=names, steps=tuple(steps), ruleset=ruleset,
                  comment=f"certify: {what} at step {finding.step}, rule {finding.rule}",
                  game=game)


def _listing(moves: tuple[str, ...]) -> str:
    shown = ", ".join(moves[:_SHOWN])
    return shown + (f", ... ({len(moves)} in all)" if len(moves) > _SHOWN else "")


def minimal_game(finding: Finding) -> list[str]:
    """The minimal game's steps, numbered, the first differing step marked ``>>``."""
    lines = []
    steps = list(finding.moves)
    if finding.kind != "state" and finding.move is not None:
        steps.append(finding.move)
    for number, text in enumerate(steps, start=1):
        mark = ">>" if number == finding.step else "  "
        lines.append(f"  {mark} {number:3d}  {text}")
    if finding.step > len(steps):
        lines.append(f"  >> {finding.step:3d}  (the state before any step)")
    return lines


def _cause(finding: Finding) -> str:
    """The finding's cause as its head line says it: the rule, the situation (a kind says
    nothing more)."""
    if finding.situation in ("", finding.kind):
        return finding.rule
    return f"{finding.rule} ({situation_text(finding.situation)})"


def first_text(finding: Finding) -> str:
    """A finding as first seen, before its game is shrunk and its hint checked (printed at
    once; :func:`finding_text` follows)."""
    where = f"step {finding.step}" + (f" ({finding.move})" if finding.move else "")
    kind = _ROLL if finding.seen == "roll" else _KIND[finding.kind]
    lines = [f"-- first seen (being shortened; the shrunk game and the checked hint follow): "
             f"{_cause(finding)}: {kind}, seen in {_SEEN[finding.seen]}",
             f"  at {where}, the game so far {len(finding.moves)} steps long; "
             f"{finding.players} player(s); game {finding.games} after {finding.seconds:.1f} s",
             f"  oracle: {finding.oracle}",
             f"  app:    {finding.app}"]
    if finding.difference:
        lines.insert(2, f"  differs: {finding.difference}")
    return "\n".join(lines) + "\n"


def finding_text(finding: Finding) -> str:
    """One finding as text (printed as soon as it is shrunk)."""
    where = f"step {finding.step}" + (f" ({finding.move})" if finding.move else "")
    kind = _ROLL if finding.seen == "roll" else _KIND[finding.kind]
    lines = [f"== {_cause(finding)}: {kind}, seen in {_SEEN[finding.seen]}",
             f"  first differing step: {where}; {finding.players} player(s); first seen in "
             f"game {finding.games} after {finding.seconds:.1f} s",
             f"  oracle: {finding.oracle}",
             f"  app:    {finding.app}"]
    if finding.difference:
        lines.insert(2, f"  differs: {finding.difference}")
    if finding.theirs is not None and finding.ours is not None:
        lines.append(f"  our legal moves:  {_listing(finding.ours)}")
        lines.append(f"  the app's list:   {_listing(finding.theirs)}")
    taken = {k: v for k, v in finding.ruleset.items()}
    if taken:
        lines.append("  played under: " + " ".join(f"{k}={v}" for k, v in sorted(taken.items())))
    if finding.option:
        lines.append(f"  your app behaves as with {finding.option} (checked by replaying this "
                     f"game under it; certify with --ruleset {finding.option} if that is its "
                     "reading)")
    lines.extend(f"  also seen: {line}" for line in finding.also)
    lines.append(f"  minimal game ({len(finding.moves)} steps):")
    lines.extend(minimal_game(finding))
    return "\n".join(lines) + "\n"


def finding_json(game: Game, finding: Finding) -> dict[str, object]:
    """One finding as a JSON-ready mapping, with its game's name (``certify --trace`` replays
    it in that game) and its minimal game as a record."""
    return {**finding.to_json(), "game": game.name,
            "record": finding_record(game, finding).to_json()}


def summary_text(game: Game, result: Result) -> str:
    """The report's last lines: what was played and the findings by rule."""
    hello = result.hello
    caps = ", ".join(sorted(hello.capabilities)) or "none"
    lines = [f"certify {game.name}: app {hello.version!r} (protocol {hello.protocol}, "
             f"capabilities: {caps}); {result.examples} games in {result.seconds:.1f} s "
             f"(seed {result.seed})"]
    if not result.complete:
        lines.append("stopped by --budget before the games were all played")
    if result.not_comparable:
        lines.append(f"the app answered 'not comparable' {result.not_comparable} times")
    lines.append(compared_text(result))
    if result.verdict == DIFFERENCES:
        summary = ", ".join(f"{rule} ({len(found)})" for rule, found in
                            by_rule(result.findings).items())
        lines.append(f"DIFFERENCES by rule: {summary}")
        for number, finding in enumerate(result.findings, start=1):
            lines.append(f"  {number}. {_cause(finding)}: {finding.kind}"
                         + (f"; hint {finding.option}" if finding.option else ""))
            lines.extend(f"     also seen: {line}" for line in finding.also)
    elif result.verdict == CONFORMING:
        lines.append("CONFORMING: no difference found")
    else:
        lines.append("INCONCLUSIVE: no difference found, but too little was compared to say")
        lines.append(f"  (wanted: {MIN_COMPARED_GAMES} game played to its end whose sheets and "
                     "scores were compared after its last step and after at least half of its "
                     "steps, and with legal its move lists half the times asked; "
                     "docs/certify.md, \"When a run says nothing\")")
    return "\n".join(lines) + "\n"


def compared_text(result: Result) -> str:
    """The line that says what the run's games compared."""
    c = result.coverage
    lists = f", {c.lists} of {c.lists_asked} legal-move lists" if c.lists_asked else ""
    return (f"compared: {c.states} of {c.states_asked} states (sheets {c.sheets}, scores "
            f"{c.scores}, dice {c.dice}){lists}; {c.whole} of {c.ended} games played to the "
            "end compared whole")


def text_report(game: Game, result: Result) -> str:
    """The whole report as text (every finding, then the summary)."""
    return "".join(finding_text(f) + "\n" for f in result.findings) + summary_text(game, result)


def json_report(game: Game, result: Result, options: dict[str, str | bool]) -> dict[str, object]:
    """The report as a JSON-ready mapping."""
    return {
        "game": game.name,
        "app": {"version": result.hello.version, "protocol": result.hello.protocol,
                "capabilities": sorted(result.hello.capabilities)},
        "ruleset": options,
        "seed": result.seed,
        "verdict": result.verdict,
        "conforming": result.verdict == CONFORMING,
        "complete": result.complete,
        "compared": attrs.asdict(result.coverage),
        "examples": result.examples,
        "not_comparable": result.not_comparable,
        "seconds": round(result.seconds, 3),
        "findings": [finding_json(game, f) for f in result.findings],
        "by_rule": {rule: len(found) for rule, found in by_rule(result.findings).items()},
        "causes": [{"rule": f.rule, "situation": f.situation, "kind": f.kind,
                    "option": f.option, "also": list(f.also)} for f in result.findings],
    }
