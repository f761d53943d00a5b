"""The certification report: each finding with its minimal game as a record, the first
differing step, the rule, both sides' answers and the ruleset option that would make them agree;
the summary grouped by rule id (text, or JSON with ``--json``)."""

from __future__ import annotations

from types import MappingProxyType

from oracle.game import Game
from oracle.record import Record, Step, dump_record
from properties.certify import Result, by_rule
from properties.findings import Finding

_KIND = MappingProxyType({
    "too-strict": "the app refused a legal move (too strict)",
    "too-lenient": "the app accepted an illegal move (too lenient)",
    "state": "the app's state differs after a step both accepted",
    "legal-list": "the app lists different legal moves",
})


def finding_record(game: Game, finding: Finding, ruleset_options: dict[str, str | bool]) -> Record:
    """The minimal game of ``finding`` as a record; the disputed move of a refusal or an
    acceptance is its last step (so ``clever-oracle verify`` shows it)."""
    state = game.new_game(finding.players, game.make_ruleset(ruleset_options))
    steps = []
    for text in finding.moves:
        move = game.parse_move(text)
        steps.append(Step(state.actor, move))
        state = game.apply(state, move)
    if finding.kind in ("too-strict", "too-lenient") and finding.move is not None:
        steps.append(Step(state.actor, game.parse_move(finding.move)))
    names = tuple(f"Player {i + 1}" for i in range(finding.players))
    return Record(players=names, steps=tuple(steps), ruleset=game.make_ruleset(ruleset_options),
                  comment=f"certify: {finding.kind} at step {finding.step}, rule {finding.rule}",
                  game=game)


def text_report(game: Game, result: Result, options: dict[str, str | bool]) -> str:
    """The report as text."""
    hello = result.hello
    caps = ", ".join(sorted(hello.capabilities)) or "none"
    lines = [f"certify {game.name}: app {hello.version!r} (capabilities: {caps}); "
             f"{result.examples} games in {result.seconds:.1f} s"]
    if not result.findings:
        lines.append("CONFORMING: no difference found")
        return "\n".join(lines) + "\n"
    for finding, needed in zip(result.findings, result.needed):
        lines.append("")
        lines.append(f"== {finding.rule}: {_KIND[finding.kind]}")
        where = f"step {finding.step}" + (f" ({finding.move})" if finding.move else "")
        lines.append(f"  first differing step: {where}; {finding.players} player(s); "
                     f"found after {needed} games")
        lines.append(f"  oracle: {finding.oracle}")
        lines.append(f"  app:    {finding.app}")
        if finding.option:
            lines.append(f"  your app behaves as with {finding.option} "
                         f"(certify with --ruleset {finding.option} if that is its reading)")
        lines.append("  minimal game:")
        record = dump_record(finding_record(game, finding, options))
        lines.extend("    " + line for line in record.rstrip("\n").split("\n"))
    lines.append("")
    summary = ", ".join(f"{rule} ({len(found)})" for rule, found in
                        by_rule(result.findings).items())
    lines.append(f"DIFFERENCES by rule: {summary}")
    return "\n".join(lines) + "\n"


def json_report(game: Game, result: Result, options: dict[str, str | bool]) -> dict[str, object]:
    """The report as a JSON-ready mapping."""
    return {
        "game": game.name,
        "app": {"version": result.hello.version,
                "capabilities": sorted(result.hello.capabilities)},
        "ruleset": options,
        "conforming": not result.findings,
        "examples": result.examples,
        "seconds": round(result.seconds, 3),
        "findings": [
            {**f.to_json(), "examples_needed": n,
             "record": finding_record(game, f, options).to_json()}
            for f, n in zip(result.findings, result.needed)
        ],
        "by_rule": {rule: len(found) for rule, found in by_rule(result.findings).items()},
    }
