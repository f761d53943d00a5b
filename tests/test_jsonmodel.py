"""The JSON game model (docs/formats.md, section 6): positions, sheets and moves of both games as
data, exactly equal to the text notations both ways, valid against the shipped schemas, and
refused with the JSON pointer of the fault."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Iterator
from typing import Any

import jsonschema
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from oracle.engine.errors import NotationError
from oracle.engine.game import Game, State
from oracle.games import GAMES, find_game
from oracle.formats.jsonread import JSONModelError
from oracle.records.schema import move_schema, state_schema, text
from oracle.records.record import schema as shipped
from properties.strategies import chance_moves, states

NAMES = tuple(GAMES)
Validator = jsonschema.Draft202012Validator


def _ruleset(game: Game, rng: random.Random) -> object:
    return game.make_ruleset({o.name: rng.choice(o.values) for o in game.ruleset_options})


def positions(game: Game, count: int, seed: int, every: int = 3) -> Iterator[State]:
    """``count`` positions of ``game``: every ``every``-th state of seeded random games (any
    number of players, any ruleset), each game's last state included."""
    rng = random.Random(seed)
    made = 0
    while True:
        state = game.new_game(rng.randint(game.min_players, game.max_players),
                              _ruleset(game, rng))
        step = 0
        while True:
            if step % every == 0 or state.is_terminal:
                yield state
                made += 1
                if made == count:
                    return
            if state.is_terminal:
                break
            move = (game.sample_chance(state, rng) if state.is_chance
                    else rng.choice(game.legal_moves(state)))
            state = game.apply_unchecked(state, move)
            step += 1


def _json(value: object) -> Any:
    """``value`` through JSON text and back (what an app sends)."""
    return json.loads(json.dumps(value))


# --- exactly equal to the text notation, both ways -------------------------------------------


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_text_and_json_say_the_same_both_ways(name: str, data: st.DataObject) -> None:
    game = find_game(name)
    state = data.draw(states(game))
    text_form = game.format_position(state)
    # text -> JSON -> text
    as_json = _json(game.to_json(game.parse_position(text_form)))
    assert game.format_position(game.from_json(as_json)) == text_form
    # JSON -> text -> JSON
    assert game.to_json(game.parse_position(game.format_position(game.from_json(as_json)))) \
        == as_json
    assert game.from_json(as_json) == state
    assert game.from_json(json.dumps(as_json)) == state  # JSON text too
    for sheet in state.sheets:
        sheet_json = _json(game.sheet_to_json(sheet))
        assert game.sheet_from_json(sheet_json) == sheet
        assert game.format_sheet(game.sheet_from_json(sheet_json)) == game.format_sheet(sheet)


@pytest.mark.parametrize("name", NAMES)
def test_state_to_json_is_the_games(name: str) -> None:
    game = find_game(name)
    for state in positions(game, 30, seed=5):
        assert state.to_json() == game.to_json(state)  # type: ignore[attr-defined]


# --- the shipped schemas ----------------------------------------------------------------------


@pytest.mark.parametrize("file, built", [("state-1.json", state_schema),
                                         ("move-1.json", move_schema)])
def test_shipped_schemas_are_built_from_the_games(file: str, built: Any) -> None:
    """The files are what the area modules say (``python -m oracle.records.schema`` writes them)
    and valid 2020-12 schemas."""
    assert shipped(file) == built()
    Validator.check_schema(shipped(file))
    from oracle.records import schema as module

    assert module.text(built()) == (module.Path(module.__file__).parent.parent / "schema"
                                    / file).read_text(encoding="utf-8")


def _bounds(node: object, path: str, around: str) -> Iterator[tuple[str, str]]:
    """Every bound of a schema (minimum, maximum, minItems, maxItems) with the description
    that explains it: its own, else the enclosing schema's."""
    if isinstance(node, dict):
        told = node.get("description")
        here = told if isinstance(told, str) else around
        if {"minimum", "maximum", "minItems", "maxItems"} & set(node):
            yield path, here
        for key_, value in node.items():
            yield from _bounds(value, f"{path}/{key_}", here)
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _bounds(value, f"{path}/{i}", around)


@pytest.mark.parametrize("file", ["state-1.json", "move-1.json"])
def test_every_bound_names_the_rule_that_gives_it(file: str) -> None:
    import re

    bounds = list(_bounds(shipped(file), "", ""))
    assert len(bounds) > 40
    unexplained = [path for path, told in bounds
                   if not re.search(r"\b(rulebook|rules?|ruling|rulings)\b", told)]
    assert unexplained == []


def _split_validators() -> tuple[jsonschema.protocols.Validator, dict[str, Any]]:
    """The position schema with sheets and scores left to their own schemas (validated once
    per distinct sheet: the schema is the same, in parts), and those parts' validators."""
    whole = state_schema()
    defs = whole["$defs"]
    assert isinstance(defs, dict)
    parts = {k: Validator({**whole, "$ref": f"#/$defs/{k}", "allOf": [], "required": [],
                           "properties": {}}) for k in defs if k.endswith(("-sheet", "-score"))}
    skeleton = copy.deepcopy(whole)
    skeleton["$defs"].update({k: True for k in parts})  # type: ignore[union-attr]
    return Validator(skeleton), parts


def test_ten_thousand_random_positions_validate() -> None:
    """10,000 positions of both games (every 3rd state of random games, every player count and
    ruleset) are valid against the shipped schema; every 25th is validated whole as well."""
    skeleton, parts = _split_validators()
    whole = Validator(shipped("state-1.json"))
    seen: set[str] = set()
    count = 0
    for name in NAMES:
        game = find_game(name)
        for i, state in enumerate(positions(game, 5000, seed=26)):
            position = game.to_json(state)
            skeleton.validate(position)
            for player in position["players"]:  # type: ignore[union-attr]
                for part in ("sheet", "score"):
                    key = f"{name}-{part}"
                    value = json.dumps(player[part], sort_keys=True)
                    if (key + value) not in seen:
                        seen.add(key + value)
                        parts[key].validate(player[part])
            if i % 25 == 0:
                whole.validate(position)
                assert game.from_json(position) == state
            count += 1
    assert count == 10_000


# --- moves ------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", NAMES)
def test_every_legal_move_along_random_games(name: str) -> None:
    """Every legal move of every decision of 6 random games: move -> JSON -> move, JSON ->
    text -> JSON, and valid against the move schema (every 5th)."""
    game = find_game(name)
    validator = Validator(shipped("move-1.json"))
    one_game = {k: v for k, v in shipped("move-1.json").items() if k != "anyOf"}
    mine = Validator({**one_game, "$ref": f"#/$defs/{name}"})
    checked = 0
    for seed in range(6):
        rng = random.Random(seed)
        state = game.new_game(rng.randint(game.min_players, game.max_players),
                              _ruleset(game, rng))
        while not state.is_terminal:
            moves = ((game.sample_chance(state, rng),) if state.is_chance
                     else game.legal_moves(state))
            for move in moves:
                as_json = _json(game.move_to_json(move))
                assert game.move_from_json(as_json) == move
                assert game.move_to_json(game.parse_move(str(move))) == as_json
                assert str(game.move_from_json(as_json)) == str(move)
                if checked % 5 == 0:
                    validator.validate(as_json)
                    mine.validate(as_json)
                checked += 1
            state = game.apply_unchecked(state, rng.choice(moves))
    assert checked > 1000


@pytest.mark.parametrize("name", NAMES)
def test_every_well_formed_move_round_trips(name: str) -> None:
    """The whole move space (every die, use of the action, area and target; every question
    mark with every number), legal somewhere or not, is one JSON and back."""
    game = find_game(name)
    for move in game.move_space():
        as_json = game.move_to_json(move)
        assert game.move_from_json(as_json) == move, str(move)


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_rolls_round_trip(name: str, data: st.DataObject) -> None:
    game = find_game(name)
    move = data.draw(chance_moves(game))
    as_json = _json(game.move_to_json(move))
    assert game.move_from_json(as_json) == move
    Validator(shipped("move-1.json")).validate(as_json)


def test_a_move_reads_as_the_docs_show() -> None:
    cubed, fourever = find_game("clever-cubed"), find_game("clever-4ever")
    assert cubed.move_to_json(cubed.parse_move("take W joker=?5 turquoise:1+3")) == {
        "kind": "take", "die": "W", "number_joker": {"number": 5, "field": "?"},
        "area": "turquoise", "rows": [1, 3]}
    assert cubed.move_to_json(cubed.parse_move("question ?B 9 blue:right")) == {
        "kind": "question", "question_mark": "?B", "number": 9, "area": "blue", "side": "right"}
    assert fourever.move_to_json(fourever.parse_move("extra W polish=+0/-1 blue:3,4")) == {
        "kind": "extra", "die": "W", "polish_the_silver": {"die": 0, "partner": -1},
        "area": "blue", "row": 3, "column": 4}
    assert fourever.move_to_json(fourever.parse_move("take P pink")) == {
        "kind": "take", "die": "P", "area": "pink"}
    assert fourever.move_to_json(fourever.parse_move("roll W3 Gy6")) == {
        "kind": "roll", "dice": [{"die": "W", "face": 3}, {"die": "Gy", "face": 6}]}
    assert cubed.move_to_json(cubed.parse_move("pass")) == {"kind": "pass"}


# --- faults are named by their JSON pointer ---------------------------------------------------


def _start(name: str) -> dict[str, Any]:
    game = find_game(name)
    state = game.new_game(2)
    state = game.apply(state, game.sample_chance(state, random.Random(1)))
    return _json(game.to_json(state))


def _set(data: Any, path: list[Any], value: Any) -> None:
    for token in path[:-1]:
        data = data[token]
    if value is _DELETE:
        del data[path[-1]]
    else:
        data[path[-1]] = value


_DELETE = object()

#: (game, path to change, new value, the pointer the error names, a word of the reason)
FAULTS: list[tuple[str, list[Any], Any, str, str]] = [
    ("clever-cubed", ["format"], "clever-oracle-state/2", "/format", "clever-oracle-state/1"),
    ("clever-cubed", ["game"], "clever-4ever", "/game", "clever-cubed"),
    ("clever-cubed", ["round"], 7, "/round", "1 to 6"),
    ("clever-cubed", ["round"], True, "/round", "whole number"),
    ("clever-cubed", ["phase"], "think", "/phase", "'choose'"),
    ("clever-cubed", ["to_move"], "p3", "/to_move", "'p2'"),
    ("clever-cubed", ["to_move"], "p2", "/to_move", "would go on"),
    ("clever-cubed", ["rolls_used"], 4, "/rolls_used", "0 to 3"),
    ("clever-cubed", ["dice", 1, "die"], "T", "/dice/1/die", "die order"),
    ("clever-cubed", ["dice", 2, "face"], 7, "/dice/2/face", "1 to 6"),
    ("clever-cubed", ["dice", 2, "place"], "table", "/dice/2/place", "platter"),
    ("clever-cubed", ["dice", 2, "place"], "I", "/dice", "beyond the 0 rolls"),
    ("clever-cubed", ["ruleset", "blue_question"], "sum", "/ruleset/blue_question", "total"),
    ("clever-cubed", ["ruleset", "joker_same_face"], "true", "/ruleset/joker_same_face",
     "true or false"),
    ("clever-cubed", ["ruleset", "colour"], 1, "/ruleset/colour", "unknown key"),
    ("clever-cubed", ["players", 1, "id"], "p7", "/players/1/id", "'p2'"),
    ("clever-cubed", ["players", 0, "extra_dice"], ["P", "W"], "/players/0/extra_dice/1",
     "die order"),
    ("clever-cubed", ["players", 0, "sheet", "yellow", "II"], [4, 2],
     "/players/0/sheet/yellow/II/1", "ascending"),
    ("clever-cubed", ["players", 0, "sheet", "yellow", "II"], [7],
     "/players/0/sheet/yellow/II/0", "1 to 6"),
    ("clever-cubed", ["players", 0, "sheet", "yellow", "IV"], [], "/players/0/sheet/yellow/IV",
     "unknown key"),
    ("clever-cubed", ["players", 0, "sheet", "turquoise"], [[]], "/players/0/sheet/turquoise",
     "5 items"),
    ("clever-cubed", ["players", 0, "sheet", "blue", "left"], [8],
     "/players/0/sheet", "no game reaches"),
    ("clever-cubed", ["players", 0, "sheet", "brown"], [{"field": 2, "number": 2}],
     "/players/0/sheet/brown/0/number", "prints 5"),
    ("clever-cubed", ["players", 0, "sheet", "pink"], [{"number": 4, "option": "times"}],
     "/players/0/sheet/pink/0/option", "half"),
    ("clever-cubed", ["players", 0, "sheet", "actions", "reroll", "circled"], 2,
     "/players/0/sheet/actions/reroll/circled", "give 1"),
    ("clever-cubed", ["players", 0, "sheet", "actions", "reroll", "used"], [2],
     "/players/0/sheet/actions/reroll/used/0", "not circled"),
    ("clever-cubed", ["players", 0, "sheet", "question_marks"], ["?Q"],
     "/players/0/sheet/question_marks/0", "question mark"),
    ("clever-cubed", ["players", 0, "sheet", "foxes"], 1, "/players/0/sheet/foxes", "0 foxes"),
    ("clever-cubed", ["players", 0, "score", "total"], 5, "/players/0/score/total", "scores 0"),
    ("clever-cubed", ["players", 0, "sheet", "actions"], _DELETE, "/players/0/sheet",
     "'actions' is missing"),
    ("clever-4ever", ["players", 1, "sheet", "yellow", 0], [3, 2],
     "/players/1/sheet/yellow/0/1", "increase"),
    ("clever-4ever", ["players", 1, "sheet", "grey"], [18], "/players/1/sheet/grey/0",
     "1 to 17"),
    ("clever-4ever", ["players", 1, "sheet", "grey"], [6], "/players/1/sheet", "start part"),
    ("clever-4ever", ["players", 1, "sheet", "pink"], [3], "/players/1/sheet/pink/0", "extra 3"),
    ("clever-4ever", ["players", 1, "sheet", "green", "upper"], [1.5],
     "/players/1/sheet/green/upper/0", "1.5"),
    ("clever-4ever", ["players", 1, "sheet", "question_marks"], ["?G"],
     "/players/1/sheet/question_marks/0", "'?Gy'"),
    ("clever-4ever", ["players", 1, "sheet", "actions", "polish_the_silver", "used"], [1],
     "/players/1/sheet/actions/polish_the_silver/used/0", "not circled"),
]


@pytest.mark.parametrize("name, path, value, pointer, reason", FAULTS)
def test_a_fault_is_named_by_its_pointer(name: str, path: list[Any], value: Any, pointer: str,
                                         reason: str) -> None:
    data = _start(name)
    _set(data, path, value)
    with pytest.raises(JSONModelError) as caught:
        find_game(name).from_json(data)
    assert caught.value.pointer == pointer, str(caught.value)
    assert reason in str(caught.value)
    assert str(caught.value).startswith(f"JSON at {pointer}: ")
    assert "\n" not in str(caught.value)


MOVE_FAULTS: list[tuple[str, Any, str, str]] = [
    ("clever-cubed", {"kind": "jump"}, "/kind", "'take'"),
    ("clever-cubed", {"kind": "pass", "die": "W"}, "/die", "unknown key"),
    ("clever-cubed", {"kind": "take", "die": "Gy", "area": "yellow", "row": "I"}, "/die", "'Br'"),
    ("clever-cubed", {"kind": "take", "die": "W", "area": "grey", "row": "I"}, "/area", "brown"),
    ("clever-cubed", {"kind": "take", "die": "W", "area": "yellow", "row": 1}, "/row", "'III'"),
    ("clever-cubed", {"kind": "take", "die": "W", "area": "yellow"}, "", "'row' is missing"),
    ("clever-cubed", {"kind": "take", "die": "T", "area": "turquoise", "rows": []}, "/rows",
     "one row"),
    ("clever-cubed", {"kind": "extra", "die": "W", "area": "brown", "field": 3,
                      "number_joker": {"number": 9, "field": "?"}}, "/number_joker/number",
     "1 to 6"),
    ("clever-cubed", {"kind": "roll", "dice": [{"die": "Y", "face": 2}, {"die": "W", "face": 1}]},
     "/dice/1/die", "die order"),
    ("clever-cubed", {"kind": "roll", "dice": []}, "/dice", "1 to 6 items"),
    ("clever-cubed", {"kind": "question", "question_mark": "?B", "number": 13, "area": "blue",
                      "side": "left"}, "/number", "1 to 12"),
    ("clever-4ever", {"kind": "take", "die": "P", "area": "pink", "field": 3}, "/field",
     "unknown key"),
    ("clever-4ever", {"kind": "take", "die": "B", "area": "blue", "row": 3, "column": 7},
     "/column", "1 to 6"),
    ("clever-4ever", {"kind": "take", "die": "Gy", "area": "grey", "part": 3,
                      "polish_the_silver": {"die": 0, "partner": 0}}, "/polish_the_silver",
     "polishes nothing"),
    ("clever-4ever", {"kind": "question", "question_mark": "?Gr", "area": "green",
                      "line": "upper"}, "/question_mark", "'?Gn'"),
    ("clever-4ever", "{\"kind\": \"pass\",", "", "not JSON"),
]


@pytest.mark.parametrize("name, data, pointer, reason", MOVE_FAULTS)
def test_a_move_fault_is_named_by_its_pointer(name: str, data: Any, pointer: str,
                                              reason: str) -> None:
    with pytest.raises(JSONModelError) as caught:
        find_game(name).move_from_json(data)
    assert caught.value.pointer == pointer, str(caught.value)
    assert reason in str(caught.value), str(caught.value)


_ODD_VALUES = (None, True, -1, 0, 1, 2, 7, 13, 99, 1.5, "", "x", "I", "?Y", "W", "left", [], [1],
               [7], {}, {"a": 1})


def _leaves(data: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield path
    if isinstance(data, dict):
        for k, v in data.items():
            yield from _leaves(v, path + (k,))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            yield from _leaves(v, path + (i,))


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_what_the_schema_refuses_is_refused(name: str, data: st.DataObject) -> None:
    """Any value anywhere in a position replaced by another: when the schema refuses the
    result, ``from_json`` refuses it too (one :class:`JSONModelError`, never another error);
    when ``from_json`` accepts it, so does the schema."""
    game = find_game(name)
    seed = data.draw(st.integers(0, 50))
    state = list(positions(game, 1 + seed % 7, seed=seed, every=11))[-1]
    position = _json(game.to_json(state))
    path = data.draw(st.sampled_from(list(_leaves(position))[1:]))
    value = data.draw(st.sampled_from(_ODD_VALUES))
    _set(position, list(path), value)
    valid = Validator(shipped("state-1.json")).is_valid(position)
    try:
        game.from_json(position)
    except JSONModelError:
        return
    assert valid, (path, value)


# --- the Python API ---------------------------------------------------------------------------


def test_parse_move_reads_every_game() -> None:
    import oracle

    move = oracle.parse_move("take Gy grey:1")  # was "unknown die colour"
    assert find_game("clever-4ever").move_to_json(move)["die"] == "Gy"
    assert oracle.parse_move("take W yellow:1", game="clever-4ever") == \
        find_game("clever-4ever").parse_move("take W yellow:1")
    assert oracle.parse_move("take W yellow:I") == oracle.Take(oracle.Die.WHITE,
                                                               oracle.Area.YELLOW, 1)
    with pytest.raises(NotationError, match="unknown die colour"):
        oracle.parse_move("take Zz yellow:I")
    with pytest.raises(NotationError):
        oracle.parse_move("take W yellow:I", game="clever-4ever")


def test_apply_takes_a_moves_text_or_json() -> None:
    import oracle

    state = oracle.apply(oracle.new_game(1), "roll W3 Y5 T1 B6 Br2 P4")
    by_text = oracle.apply(state, "take W yellow:I")  # was MOVE-FORM
    by_json = oracle.apply(state, {"kind": "take", "die": "W", "area": "yellow", "row": "I"})
    assert by_text == by_json == oracle.apply(state, oracle.parse_move("take W yellow:I"))
    game = find_game("clever-4ever")
    four = game.apply(game.new_game(1), "roll W3 Y5 B1 Gy6 Gn2 P4")
    assert game.apply(four, "take Gy grey:1") == game.apply(four, {
        "kind": "take", "die": "Gy", "area": "grey", "part": 1})
    with pytest.raises(oracle.IllegalMoveError, match="unknown die colour") as refused:
        oracle.apply(state, "take Zz yellow:I")
    assert refused.value.rule == "MOVE-FORM"
    with pytest.raises(oracle.IllegalMoveError, match="/row") as refused:
        oracle.apply(state, {"kind": "take", "die": "W", "area": "yellow", "row": "IV"})
    assert refused.value.rule == "MOVE-FORM"


def test_players_are_named_by_their_ids() -> None:
    import oracle

    state = oracle.new_game(3)
    assert state.to_move == "dice" and state.active_player == "p1"
    state = oracle.apply(state, "roll W3 Y5 T1 B6 Br2 P4")
    assert state.to_move == "p1"
    game = find_game("clever-cubed")
    final = game.scores(state)
    assert game.winners(final) == ("p1", "p2", "p3")  # nobody scored: all tie
    assert game.winner_seats(final) == (0, 1, 2)
    assert oracle.winners(state) == ("p1", "p2", "p3")
    assert oracle.winner_seats(state) == (0, 1, 2)


def test_score_breakdowns_have_an_attribute_per_area() -> None:
    import oracle

    for name in NAMES:
        game = find_game(name)
        state = list(positions(game, 40, seed=3, every=7))[-1]
        for sheet in state.sheets:
            breakdown = game.score(sheet)
            for label in breakdown.to_json():
                if label not in ("foxes", "fox_points", "total"):
                    assert getattr(breakdown, label) == breakdown.area(label)
            assert oracle.score(sheet) == breakdown
    cubed = oracle.score(oracle.new_game(1).sheets[0])
    assert (cubed.yellow, cubed.turquoise, cubed.blue, cubed.brown, cubed.pink) == (0,) * 5
    with pytest.raises(AttributeError, match="yellow, turquoise"):
        cubed.grey  # noqa: B018 - the attribute is the test


def test_a_sheets_areas_are_typed_values_with_the_jsons_content() -> None:
    for name in NAMES:
        game = find_game(name)
        for state in positions(game, 60, seed=9, every=13):
            for sheet in state.sheets:
                areas = game.areas(sheet)
                data = game.sheet_to_json(sheet)
                for label in (a for a in data if a not in ("actions", "question_marks",
                                                           "foxes")):
                    assert _plain(getattr(areas, label), label) == data[label], label


def _plain(reading: Any, label: str) -> Any:
    """A typed area reading as the JSON spells it."""
    kind = type(reading).__name__
    if kind == "YellowCrosses":
        return {row: list(reading.row(row)) for row in ("I", "II", "III")}
    if kind in ("TurquoiseCrosses", "BlueCrosses"):
        return [list(row) for row in reading.rows]
    if kind == "BlueNumbers":
        return {"left": list(reading.left), "right": list(reading.right)}
    if kind == "BrownCrosses":
        return [{"field": f, "number": n} for f, n in zip(reading.fields, reading.numbers)]
    if kind == "PinkNumbers" and hasattr(reading, "options"):
        return [{"number": n, "option": o} for n, o in zip(reading.numbers, reading.options)]
    if kind == "PinkNumbers":
        return list(reading.numbers)
    if kind == "YellowRows":
        return [list(reading.top), list(reading.middle), list(reading.bottom)]
    if kind == "GreyCrosses":
        return list(reading.parts)
    if kind == "GreenLines":
        return {"lower": list(reading.lower), "upper": list(reading.upper)}
    raise AssertionError(kind)


def test_a_position_of_any_game_is_read_by_its_game_key() -> None:
    import oracle

    for name in NAMES:
        game = find_game(name)
        state = game.new_game(2)
        assert oracle.state_from_json(game.to_json(state)) == state
    with pytest.raises(JSONModelError, match="/game"):
        oracle.state_from_json({"game": "clever-5ever"})
    with pytest.raises(JSONModelError, match="top level"):
        oracle.state_from_json("[1, 2")


def test_shipped_text_is_as_written() -> None:
    """The schema writer writes what the test above compares (a stable text)."""
    assert text({"a": 1}) == '{\n  "a": 1\n}\n'


def test_the_docs_examples_are_read_as_they_say() -> None:
    """docs/formats.md, section 6: each position example is a position the oracle reads and
    writes back the same, each move of the table is its text's JSON."""
    import re
    from pathlib import Path

    docs = (Path(__file__).resolve().parent.parent / "docs" / "formats.md").read_text()
    section = docs.split("## 6. The JSON game model", 1)[1]
    examples = re.findall(r"```json\n(.*?)```", section, re.S)
    assert len(examples) == 2
    for example in examples:
        data = json.loads(example)
        game = find_game(data["game"])
        assert game.to_json(game.from_json(data)) == data
    moves = section.split("### A move", 1)[1]
    name, checked = "clever-cubed", 0
    for line in moves.splitlines():
        if not line.startswith("| `") and not line.startswith("| Clever 4Ever"):
            continue
        if "Clever 4Ever" in line:
            name = "clever-4ever"
        text_part, json_part = line.split(" | ", 1)
        texts = re.findall(r"`([^`]*)`", text_part)
        datas = re.findall(r"`(\{[^`]*\})`", json_part)
        for move_text, move_json in zip(texts, datas):
            if "…" in move_json:
                continue
            game = find_game(name)
            assert game.move_to_json(game.parse_move(move_text)) == json.loads(move_json)
            checked += 1
    assert checked >= 14


@pytest.mark.parametrize("name", sorted(GAMES))
@pytest.mark.parametrize("twin", [True, 1.0], ids=["true", "1.0"])
def test_a_player_read_before_is_not_taken_for_an_equal_looking_one(name: str,
                                                                      twin: Any) -> None:
    """A player's sheet read once is kept (a position's sheets come back in the next), keyed by
    its exact data: ``true`` and ``1.0`` equal ``1`` in Python, but they are no count, so a
    sheet that gives one where the sheet read before gave 1 is refused, not taken for it."""
    game = find_game(name)
    data = _start(name)
    game.from_json(data)  # read (and kept) with its re-roll track's 1 field circled
    for _ in range(2):  # refused each time: a refusal is not kept either
        bent = copy.deepcopy(data)
        _set(bent, ["players", 0, "sheet", "actions", "reroll", "circled"], twin)
        assert bent == data  # to Python the two are equal
        with pytest.raises(JSONModelError) as caught:
            game.from_json(bent)
        assert caught.value.pointer == "/players/0/sheet/actions/reroll/circled"
    assert game.from_json(copy.deepcopy(data)) == game.from_json(data)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_ruleset_read_before_is_not_taken_for_an_equal_looking_one(name: str) -> None:
    """A ruleset read once is kept by its options as given; an option given as ``1`` where
    ``true`` was read before (equal in Python) is still refused, naming the option."""
    game = find_game(name)
    flag = next(o.name for o in game.ruleset_options if set(o.values) == {"false", "true"})
    data = _start(name)
    data["ruleset"] = {flag: True}
    read = game.from_json(data)
    assert read.ruleset.options()[flag] is True
    for _ in range(2):
        bent = copy.deepcopy(data)
        bent["ruleset"] = {flag: 1}
        assert bent == data
        with pytest.raises(JSONModelError) as caught:
            game.from_json(bent)
        assert caught.value.pointer == f"/ruleset/{flag}"
