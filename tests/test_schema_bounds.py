"""The JSON Schemas the project ships against the rules of both games: a legal game's record is
never refused by a bound (a Clever 4Ever total may be negative: yellow's middle row scores minus
points, rule SCORE-YELLOW, and the foxes score the lowest area, rule FOX), a record ``play``
writes always verifies (its seed included), and every bound of every schema says in its
description which rule or ruling gives it, or that it is a limit and not a rule."""

from __future__ import annotations

import io
import json
import random
import re
from collections.abc import Iterator
from pathlib import Path

import jsonschema
import pytest

from oracle.adapter.messages import MESSAGES
from oracle.adapter.messages import schema as adapter_schema
from oracle.cli import main
from oracle.engine.game import Game, Move, State
from oracle.games import GAMES, find_game
from oracle.formats.jsontext import MAX_DIGITS, loads
from oracle.records.play import play_game
from oracle.records.record import Record, dump_record, parse_record, record_game, schema, verify
from properties.perft import _counts_schema

ROOT = Path(__file__).resolve().parent.parent
RULINGS = (ROOT / "docs" / "rulings.md").read_text()
#: The keywords that bound a value.
BOUNDS = ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "minLength",
          "maxLength", "minItems", "maxItems")
#: Games in which the spoiler policy below looks for a negative total (seeds 0 to 19).
TRIES = 20


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out, err)
    return code, out.getvalue(), err.getvalue()


def spoiler(game: Game, state: State, moves: tuple[Move, ...], rng: random.Random) -> Move:
    """The move with the lowest immediate total for the mover (a test policy: it writes
    Clever 4Ever's yellow middle row, which scores minus points)."""
    actor = state.actor
    return min(moves, key=lambda m: game.score(game.apply_unchecked(state, m).sheets[actor]).total)


def negative_record() -> Record:
    """A two-player Clever 4Ever record, played to its end, whose claimed totals (the true ones)
    include a negative one."""
    for seed in range(TRIES):
        moves, _ = play_game(2, seed, spoiler, game="clever-4ever")
        record = record_game(moves, ("Ann", "Bob"), game="clever-4ever")
        if record.totals is not None and min(record.totals) < 0:
            return record
    pytest.fail(f"no game of {TRIES} ends with a negative total")


def test_a_clever_4ever_record_with_a_negative_total_is_legal(tmp_path: Path) -> None:
    record = negative_record()
    text = dump_record(record)
    jsonschema.Draft202012Validator(schema()).validate(json.loads(text))
    assert parse_record(text) == record and verify(record).status == "legal"
    path = tmp_path / "negative.json"
    path.write_text(text)
    code, out, err = run("verify", str(path))
    assert (code, err) == (0, "") and ": LEGAL" in out
    code, out, _ = run("verify", "--json", str(path))
    verdict = json.loads(out.splitlines()[0])
    jsonschema.Draft202012Validator(schema("verdict-1.json")).validate(verdict)
    assert min(s["total"] for s in verdict["scores"]) < 0 and code == 0


def test_play_writes_what_verify_accepts_the_issues_four_player_game(tmp_path: Path) -> None:
    path = tmp_path / "n.json"
    code, out, _ = run("play", "--game", "clever-4ever", "--players", "4", "--seed", "266",
                       "--out", str(path))
    assert code == 0
    code, out, err = run("verify", str(path))
    assert (code, err) == (0, "") and ": LEGAL" in out


def test_a_seed_of_the_most_digits_a_record_holds_is_played_and_verified(
        tmp_path: Path) -> None:
    for sign in ("", "-"):
        path = tmp_path / f"seed{sign}.jsonl"
        largest = sign + "9" * MAX_DIGITS
        code, _, err = run("play", "--seed", largest, "--count", "1", "--out", str(path))
        assert (code, err) == (0, "")
        assert json.loads(path.read_text())["meta"]["seed"] == int(largest)
        code, out, err = run("verify", str(path))
        assert (code, err) == (0, "") and ": LEGAL" in out


@pytest.mark.parametrize("seed,count", [("1" + "0" * MAX_DIGITS, "1"),
                                        ("-" + "1" * (MAX_DIGITS + 1), "1"),
                                        ("9" * MAX_DIGITS, "2"),
                                        ("9" * (MAX_DIGITS - 1) + "0", "11")])
def test_play_refuses_a_seed_no_record_can_hold(tmp_path: Path, seed: str, count: str) -> None:
    path = tmp_path / "big.jsonl"
    code, out, err = run("play", "--seed", seed, "--count", count, "--out", str(path))
    assert code == 2 and out == "" and err.count("\n") == 1 and "100 digits" in err
    assert "--seed" in err and not path.exists()


# --- every bound of every schema names its source ------------------------------------------------

def shipped() -> Iterator[tuple[str, object]]:
    """Every JSON Schema the project ships, by name: records, verdicts, the service's bodies,
    the adapter messages of every protocol, the conformance counts files, and the OpenAPI
    document the service serves (which holds the first three)."""
    for name in ("record-1.json", "verdict-1.json", "serve-1.json", "state-1.json",
                 "move-1.json"):
        yield name, schema(name)
    for version in (1, 2, 3):
        for message in MESSAGES:
            yield f"adapter-{version}/{message}.json", adapter_schema(message, version)
    for game in GAMES.values():
        yield f"counts of {game.name}", _counts_schema(game)
    pytest.importorskip("starlette", reason="the serve extra is not installed")
    from oracle.serve.endpoints import ENDPOINTS  # noqa: PLC0415 - needs the serve extra
    from oracle.serve.openapi import document  # noqa: PLC0415 - as above

    yield "openapi.json", document(ENDPOINTS)


def bounded(node: object, where: str) -> Iterator[tuple[str, dict[str, object]]]:
    """Every subschema (with its JSON pointer) that bounds a value: a bound keyword, an enum of
    numbers, or a pattern that counts or ranges digits."""
    if isinstance(node, dict):
        pattern = node.get("pattern")
        enum = node.get("enum")
        if (any(k in node for k in BOUNDS)
                or (isinstance(enum, list) and any(isinstance(v, int) for v in enum))
                or (isinstance(pattern, str) and re.search(r"\{\d|\[\d-\d\]", pattern))):
            yield where, node
        for key, value in node.items():
            yield from bounded(value, f"{where}/{key}")
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from bounded(value, f"{where}/{index}")


RULE_IDS = frozenset(rule.id for game in GAMES.values() for rule in game.rules)
RULINGS_GIVEN = frozenset(re.findall(r"^### ((?:4E-)?\d+)\.", RULINGS, re.MULTILINE))


def _shown(value: object) -> tuple[str, ...]:
    """How a bound's number may be written in prose: 20000 or 20,000."""
    return (str(value), f"{value:,}") if isinstance(value, int) else (str(value),)


def test_every_bound_of_every_shipped_schema_names_its_rule_or_says_it_is_a_limit() -> None:
    assert {"ROUNDS", "SCORE-YELLOW", "FOX", "ROLL-DICE"} <= RULE_IDS
    assert {"13", "4E-5", "4E-10"} <= RULINGS_GIVEN
    problems = []
    seen = 0
    for name, whole in shipped():
        for where, node in bounded(whole, name):
            seen += 1
            text = node.get("description")
            if not isinstance(text, str):
                problems.append(f"{where}: a bound with no description")
                continue
            cited = [i for i in re.findall(r"\b[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)*\b", text)
                     if i in RULE_IDS]
            rulings = re.findall(r"\brulings? ((?:4E-)?\d+)", text)
            named = re.findall(r"\brules? ([A-Z][A-Z0-9-]+)", text)
            if not (cited or rulings or "not a rule:" in text):
                problems.append(f"{where}: names no rule id, no ruling and no limit: {text!r}")
            problems += [f"{where}: no rule {i} in either catalogue" for i in named
                         if i not in RULE_IDS]
            problems += [f"{where}: no ruling {r} in docs/rulings.md" for r in rulings
                         if r not in RULINGS_GIVEN]
            for key in BOUNDS:
                if key in node and not any(s in text for s in _shown(node[key])):
                    problems.append(f"{where}: {key} {node[key]} is not stated: {text!r}")
    assert seen >= 40
    assert not problems, "\n".join(problems)


def test_every_schema_file_is_json_as_strict_as_a_record() -> None:
    """No key twice in one object (readers differ on which one counts; records may not either:
    :mod:`oracle.formats.jsontext`)."""
    files = sorted((ROOT / "oracle" / "schema").rglob("*.json"))
    assert len(files) >= 19  # records, verdicts, service, adapters 1 and 2, state and move
    for path in files:
        loads(path.read_bytes())


def test_no_schema_bounds_a_score_or_a_total_from_below() -> None:
    """Clever 4Ever's yellow area, its foxes and its totals may be negative (rules SCORE-YELLOW,
    FOX): no schema may give a score or a total a minimum."""
    for name, whole in shipped():
        for where, node in bounded(whole, name):
            if re.search(r"/(totals|scores|total|bound)(/|$)", where):
                assert "minimum" not in node and "exclusiveMinimum" not in node, where
