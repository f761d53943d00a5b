"""Hypothesis strategies for game records: valid ones from random games, mutations of them
(dropped, duplicated, swapped and altered steps, impossible dice, unknown colours, wrong player),
and hostile input (deep nesting, lone surrogates, control characters, huge strings, empty
input) for fuzzing the record reader, the verifier and the command line."""

from __future__ import annotations

import json

from hypothesis import strategies as st

from oracle.games import DEFAULT_GAME, find_game
from oracle.records.play import play_game
from oracle.records.record import record_game

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=10), inner,
                                                                max_size=5),
    max_leaves=20,
)


@st.composite
def record_json(draw: st.DrawFn, game: str = DEFAULT_GAME) -> dict[str, object]:
    """A valid record of a random game of ``game``, as parsed JSON."""
    rules = find_game(game)
    players = draw(st.integers(rules.min_players, rules.max_players))
    seed = draw(st.integers(0, 10_000))
    moves, _ = play_game(players, seed, game=game)
    record = record_game(moves, tuple(f"P{i + 1}" for i in range(players)), game=game)
    return record.to_json()


_ALTERATIONS = (
    lambda s: s.replace("roll W", "roll W0", 1) if "roll W" in s else s + "0",
    lambda s: s.replace("1", "7", 1),
    lambda s: s.replace(" Y", " Q", 1),
    lambda s: s.replace("p1:", "p2:", 1) if s.startswith("p1:") else "p1:" + s[s.find(":") + 1:],
    lambda s: s.replace("yellow", "blue", 1),
    lambda s: s.replace("half", "times", 1),
    lambda s: s[: len(s) // 2],
    lambda s: s.replace(":", "", 1),
    lambda s: "dice: pass",
)


@st.composite
def mutated_record_text(draw: st.DrawFn, game: str = DEFAULT_GAME) -> str:
    """The JSON text of a valid record of ``game`` with one to three mutations."""
    data = draw(record_json(game))
    raw = data["steps"]
    assert isinstance(raw, list)
    steps = [str(s) for s in raw]
    for _ in range(draw(st.integers(1, 3))):
        if not steps:
            break
        i = draw(st.integers(0, len(steps) - 1))
        kind = draw(st.sampled_from(["drop", "duplicate", "swap", "alter", "truncate"]))
        if kind == "drop":
            del steps[i]
        elif kind == "duplicate":
            steps.insert(i, steps[i])
        elif kind == "swap":
            j = draw(st.integers(0, len(steps) - 1))
            steps[i], steps[j] = steps[j], steps[i]
        elif kind == "alter":
            steps[i] = draw(st.sampled_from(_ALTERATIONS))(steps[i])
        else:
            steps = steps[:i]
    data["steps"] = steps
    text = json.dumps(data)
    if draw(st.booleans()) and draw(st.integers(0, 9)) == 0:
        text = text[: draw(st.integers(0, len(text)))]
    return text


#: Text a user (or an attacker) may put in a player's name, a comment or a step: control
#: characters and ANSI escapes, newlines that could forge a verdict line, direction overrides,
#: lone surrogates, and very long strings.
hostile_strings = st.one_of(
    st.text(alphabet=st.characters(min_codepoint=0, max_codepoint=0x1F), min_size=1,
            max_size=10),
    st.sampled_from(["\x1b[31mred", "a\nb.json: LEGAL (1 steps)", "\r\x07", "\u202eevil",
                     "\ud800", "x\udfff", "\u2028", "\x00"]),
    st.integers(1_000, 200_000).map(lambda n: "z" * n),
    st.text(max_size=30),
)


@st.composite
def hostile_record_text(draw: st.DrawFn, game: str = DEFAULT_GAME) -> str:
    """The JSON text of a record of ``game`` with hostile strings where it holds text, or
    hostile JSON: nested deeply, empty, blank, or a record wrapped in a huge array."""
    kind = draw(st.sampled_from(["names", "comment", "step", "nested", "empty", "wrapped"]))
    if kind == "nested":
        depth = draw(st.integers(100, 200_000))
        opener = draw(st.sampled_from(["[", '{"a":']))
        return opener * depth
    if kind == "empty":
        return draw(st.sampled_from(["", " ", "\n\n", "\ufeff"]))
    data = draw(record_json(game))
    if kind == "wrapped":
        return json.dumps([data, "x" * draw(st.integers(0, 1_000_000))])
    text = draw(hostile_strings)
    if kind == "names":
        players = data["players"]
        assert isinstance(players, list)
        data["players"] = [text[:100] or "x"] + players[1:]
    elif kind == "comment":
        data["comment"] = text
    else:
        steps = data["steps"]
        assert isinstance(steps, list)
        data["steps"] = [*steps[:3], f"p1: take Y {text}"]
    return json.dumps(data, ensure_ascii=draw(st.booleans()))
