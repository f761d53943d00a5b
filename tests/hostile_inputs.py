"""Hostile inputs for the fuzz suite (tests/test_fuzz_hostile.py), each made from a seed so that a
case is reproduced by its number: records (valid ones of both games, then mutated in their
structure, their steps and their bytes), positions and sheets (valid ones, then mutated field by
field and character by character) and adapter answers (valid ones, then mutated).

The mutations are the hostile trial's: numbers of thousands of digits, keys twice in one object,
``NaN``, nesting 100,000 deep, values of the wrong type, unknown games and options, steps with
impossible dice or out of turn, control characters, invalid UTF-8, byte-order marks, cut text,
pretty-printed records whose second line is a whole JSON value, lines without an end.
"""

from __future__ import annotations

import copy
import json
import random
import re
from collections.abc import Callable
from functools import cache
from pathlib import Path

from oracle.games import GAMES, find_game
from oracle.records.play import play_game

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ("solo-legal.json", "three-players-legal.json", "fourever-solo-legal.json",
            "fourever-three-players-legal.json", "illegal/illegal-step.json")

Json = object
Mutation = Callable[[random.Random, dict[str, Json], list[tuple[str, str]]], None]


@cache
def _bases() -> tuple[str, ...]:
    """The JSON texts of the bundled example records."""
    return tuple((ROOT / "examples" / name).read_text() for name in EXAMPLES)


def _marker(swaps: list[tuple[str, str]], raw: str) -> str:
    """A string value that the rendering replaces by ``raw`` (raw JSON text: a number json
    cannot write, ``NaN``, deep nesting)."""
    mark = f"\u00a7{len(swaps)}\u00a7"
    swaps.append((json.dumps(mark), raw))
    return mark


def _huge(rng: random.Random) -> str:
    return ("-" if rng.random() < 0.2 else "") + "9" * rng.choice((101, 900, 4301, 5000, 20_000))


def _odd_value(rng: random.Random, swaps: list[tuple[str, str]]) -> Json:
    kind = rng.randrange(9)
    if kind == 0:
        return _marker(swaps, _huge(rng))
    if kind == 1:
        return _marker(swaps, rng.choice(("NaN", "Infinity", "-Infinity", "1e999", "-0")))
    if kind == 2:
        depth = rng.choice((50, 900, 5000, 100_000))
        return _marker(swaps, "[" * depth + "]" * depth)
    if kind == 3:
        return rng.choice((None, True, False, 0, -1, 2**63, 1.5, "", {}, []))
    if kind == 4:
        odd = rng.choice(("\x1b[31m", "a\nb", "\ud800", "\u202e", "\x00", "\ufeff"))
        return odd * rng.randint(1, 3)
    if kind == 5:
        return "z" * rng.choice((101, 10_000, 300_000))
    if kind == 6:
        return [rng.randint(-5, 500) for _ in range(rng.randint(0, 6))]
    if kind == 7:
        return {"seed": _marker(swaps, _huge(rng)), "policy": "x" * rng.randint(0, 200)}
    return rng.choice(("clever-cubed", "clever-4ever", "clever-oracle-record/1", "p1", "dice"))


_STEP_CHANGES: tuple[Callable[[random.Random, str], str], ...] = (
    lambda rng, s: re.sub(r"\d", lambda m: str(rng.randint(0, 9)), s, count=rng.randint(1, 3)),
    lambda rng, s: re.sub(r"\d", "9" * rng.choice((2, 101, 5000)), s, count=1),
    lambda rng, s: s.replace("p1:", rng.choice(("p2:", "p9:", "p0:", "dice:")), 1),
    lambda rng, s: s.replace("dice:", "p1:", 1),
    lambda rng, s: s + rng.choice((" W3", " joker=?5", " +1", " x", "  ", ":")),
    lambda rng, s: s[: rng.randint(0, len(s))],
    lambda rng, s: rng.choice(("dice: pass", "p1: pass", "p1: reroll", "p1: forfeit",
                               "dice: roll W1 W1", "dice: solo-roll W1 Y1 T1 B1 Br1 P1",
                               "p1: take Gy polish=+9 grey:7", "p1: question ?* 4 brown:7")),
    lambda rng, s: s.replace(" ", rng.choice(("\t", "\u00a0", "")), 1),
)


def _mutate_steps(rng: random.Random, data: dict[str, Json], swaps: list[tuple[str, str]]) -> None:
    steps = data.get("steps")
    if not isinstance(steps, list) or not steps:
        return
    for _ in range(rng.randint(1, 4)):
        i = rng.randrange(len(steps))
        kind = rng.randrange(5)
        if kind == 0:
            del steps[i]
        elif kind == 1:
            steps.insert(i, steps[i])
        elif kind == 2:
            j = rng.randrange(len(steps))
            steps[i], steps[j] = steps[j], steps[i]
        elif kind == 3 and isinstance(steps[i], str):
            steps[i] = rng.choice(_STEP_CHANGES)(rng, steps[i])
        else:
            del steps[i:]
        if not steps:
            return


def _mutate_field(rng: random.Random, data: dict[str, Json], swaps: list[tuple[str, str]]) -> None:
    key = rng.choice(("format", "game", "ruleset", "players", "steps", "totals", "comment",
                      "meta", "extra"))
    if rng.random() < 0.2 and key in data:
        del data[key]
        return
    value = data.get(key)
    if isinstance(value, list) and value and rng.random() < 0.6:
        value[rng.randrange(len(value))] = _odd_value(rng, swaps)
    elif isinstance(value, dict) and rng.random() < 0.6:
        value[rng.choice(("blue_question", "joker_same_face", "white_for_blue", "seed", "x"))] = (
            _odd_value(rng, swaps))
    else:
        data[key] = _odd_value(rng, swaps)


def _mutate_players(rng: random.Random, data: dict[str, Json],
                    swaps: list[tuple[str, str]]) -> None:
    count = rng.choice((0, 1, 2, 4, 5, 40))
    names = ("Ann", "\x1b[2J", "x" * 101, "", "\u2028")
    data["players"] = [rng.choice(names) for _ in range(count)]


MUTATIONS: tuple[Mutation, ...] = (_mutate_steps, _mutate_steps, _mutate_field, _mutate_field,
                                   _mutate_players)


def _render(rng: random.Random, data: dict[str, Json], swaps: list[tuple[str, str]]) -> str:
    style = rng.randrange(4)
    text = json.dumps(data, indent=2 if style == 1 else None, ensure_ascii=rng.random() < 0.5)
    if style == 2:  # a pretty record whose second line is a whole JSON value
        text = '{\n"comment"\n: "x",' + text[1:]
    for mark, raw in swaps:
        text = text.replace(mark, raw, 1)
    if style == 3 and rng.random() < 0.5:  # the same key twice
        key = rng.choice(("players", "steps", "game", "totals", "ruleset"))
        text = text.replace("{", '{"' + key + '": ' + json.dumps(data.get(key, 1)) + ", ", 1)
    return text


def _corrupt_bytes(rng: random.Random, raw: bytes) -> bytes:
    kind = rng.randrange(7)
    i = rng.randint(0, len(raw))
    if kind == 0:
        return raw[:i]
    if kind == 1:
        return raw[:i] + bytes([rng.randrange(256)]) + raw[i:]
    if kind == 2:
        return b"\xef\xbb\xbf" + raw
    if kind == 3:
        odd = rng.choice((b"\xff\xfe", b"\x00", b"\xc3", b"\r", b"\n\n", b"\xed\xa0\x80"))
        return raw[:i] + odd + raw[i:]
    if kind == 4:
        return raw + b"\n" + raw  # two records
    if kind == 5:
        return raw.replace(b"\n", b"\r\n")
    return raw


def hostile_record(seed: int) -> bytes:
    """Case ``seed``: the bytes of a mutated record (or something that tries to pass for one)."""
    rng = random.Random(seed)
    if rng.random() < 0.1:  # a fresh game of either game, mutated
        game = rng.choice(sorted(GAMES))
        rules = find_game(game)
        from oracle.records.record import record_game

        players = rng.randint(rules.min_players, rules.max_players)
        moves, _ = play_game(players, seed, game=game)
        base = json.dumps(record_game(moves, ("A", "B", "C", "D")[:players], game=game).to_json())
    else:
        base = rng.choice(_bases())
    data = json.loads(base)
    swaps: list[tuple[str, str]] = []
    for _ in range(rng.randint(1, 3)):
        rng.choice(MUTATIONS)(rng, data, swaps)
    raw = _render(rng, data, swaps).encode("utf-8", errors="surrogatepass")
    if rng.random() < 0.3:
        raw = _corrupt_bytes(rng, raw)
    return raw


@cache
def _positions() -> tuple[tuple[str, ...], tuple[tuple[str, str], ...]]:
    """Positions and sheets (with their game's name) of a few seeded games of every game
    (every seventh state)."""
    positions: list[str] = []
    sheets: list[tuple[str, str]] = []
    for game in GAMES.values():
        for seed in range(4):
            players = 1 + seed % game.max_players
            moves, _ = play_game(players, seed, game=game.name)
            state = game.new_game(players)
            for i, move in enumerate(moves):
                if i % 7 == 0 and not state.is_terminal:
                    positions.append(game.format_position(state))
                    sheets.append((game.name, game.format_sheet(state.sheets[0])))
                state = game.apply_unchecked(state, move)
    return tuple(positions), tuple(sheets)


_FIELD_VALUES = {
    "round": ("0", "1", "2", "7", "99", "-1", "01", "4300" + "1" * 10),
    "active": ("p0", "p1", "p2", "p5", "dice"),
    "phase": ("roll", "choose", "active-extra", "solo-roll", "passive-choose", "passive-extra",
              "end-extra", "over", "x"),
    "seat": ("p1", "p2", "p4", "p9"),
    "to": ("p1", "p2", "dice", "nobody", "p7"),
    "rolls": ("0", "1", "2", "3", "4", "-1"),
    "extras": ("-", "W", "W+W", "-,-", "Y+P,-,-,-", "Q"),
    "ruleset": ("default", "joker_same_face:true", "x:y", "joker_same_face:maybe"),
}
_CHARS = ("0", "1", "3", "6", "7", "9", "-", "x", ".", "o", "?", "|", ",", "+", ":", "=", " ",
          "cup", "I", "II", "III", "platter", "h", "t", "\x00", "\u202e")


def _mutate_chars(rng: random.Random, text: str) -> str:
    for _ in range(rng.randint(1, 3)):
        i = rng.randrange(len(text) + 1)
        kind = rng.randrange(3)
        if kind == 0:
            text = text[:i] + rng.choice(_CHARS) + text[i + 1:]
        elif kind == 1:
            text = text[:i] + text[i + 1:]
        else:
            text = text[:i] + rng.choice(_CHARS) + text[i:]
    return text


def hostile_position(seed: int) -> str:
    """Case ``seed``: a position of some game with fields, dice or sheets mutated."""
    rng = random.Random(seed)
    positions, _ = _positions()
    text = rng.choice(positions)
    for _ in range(rng.randint(1, 3)):
        kind = rng.randrange(4)
        if kind == 0:
            key = rng.choice(sorted(_FIELD_VALUES))
            text = re.sub(rf"\b{key}=\S*", f"{key}={rng.choice(_FIELD_VALUES[key])}", text,
                          count=1)
        elif kind == 1:  # one die: another face (or none) and another place
            dice = re.search(r"dice=(\S+)", text)
            if dice:
                parts = dice.group(1).split(",")
                i = rng.randrange(len(parts))
                code = re.match(r"[A-Za-z]+", parts[i])
                face = rng.choice("-1234567")
                place = rng.choice(("cup", "I", "II", "III", "platter"))
                parts[i] = f"{code.group(0) if code else 'W'}{face}:{place}"
                text = text[:dice.start(1)] + ",".join(parts) + text[dice.end(1):]
        elif kind == 2:
            text = _mutate_chars(rng, text)
        else:  # a sheet of another state, or a mutated one
            _, sheets = _positions()
            head, sep, _rest = text.partition(" ; ")
            players = text.count(" ; ")
            text = head + sep + " ; ".join(_mutate_chars(rng, rng.choice(sheets)[1])
                                            for _ in range(max(1, players)))
    return text


def hostile_sheet(seed: int) -> tuple[str, str]:
    """Case ``seed``: a game's name and a mutated sheet of that game."""
    rng = random.Random(seed)
    _, sheets = _positions()
    game, sheet = rng.choice(sheets)
    if rng.random() < 0.5:  # fields of several sheets of the game: each well formed, together
        fields = sheet.split(" ")  # perhaps no sheet a game can reach
        for i in range(len(fields)):
            if rng.random() < 0.4:
                other = rng.choice([s for g, s in sheets if g == game]).split(" ")
                fields[i] = other[i] if i < len(other) else fields[i]
        return game, " ".join(fields)
    return game, _mutate_chars(rng, sheet)


#: Valid answers of a conforming adapter, as JSON.
_ANSWERS: tuple[dict[str, Json], ...] = (
    {"type": "hello", "protocol": 1, "game": "clever-cubed", "version": "1",
     "capabilities": ["legal", "probe"]},
    {"type": "ok"},
    {"type": "accepted"},
    {"type": "refused", "reason": "YELLOW-ROW: no"},
    {"type": "state", "sheets": ["y=....../....../......"], "scores": [{"total": 0}],
     "dice": "W1:cup"},
    {"type": "legal", "moves": ["pass"]},
)


def hostile_answers(seed: int) -> list[bytes]:
    """Case ``seed``: the answers a hostile adapter gives, one per request (the first a valid
    hello unless the case attacks the hello itself)."""
    rng = random.Random(seed)
    answers: list[bytes] = []
    for number in range(rng.randint(1, 6)):
        data = copy.deepcopy(rng.choice(_ANSWERS) if number else _ANSWERS[0])
        swaps: list[tuple[str, str]] = []
        if number or rng.random() < 0.5:
            key = rng.choice(sorted(data) + ["extra"])
            data[key] = _odd_value(rng, swaps)
        text = json.dumps(data)
        for mark, raw in swaps:
            text = text.replace(mark, raw, 1)
        raw = text.encode("utf-8", errors="surrogatepass") + b"\n"
        if rng.random() < 0.2:
            raw = _corrupt_bytes(rng, raw)
        if rng.random() < 0.05:
            raw = b"x" * (5 * 2**20)  # a line longer than any answer, without an end
        answers.append(raw)
    return answers
