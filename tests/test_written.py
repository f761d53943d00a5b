"""A position's JSON text exactly as the oracle writes it, read quickly (Game.from_written_json,
oracle/formats/model/written.py): the same position as the full reading for every such text,
and None for any other text, however little it differs (a key twice with the same value, a
space, a wrong score), so that the quick reading never accepts what the full one would refuse
or read otherwise."""

from __future__ import annotations

import json
import random

import pytest

from oracle.games import GAMES, find_game
from oracle.formats.model.state import state_to_json_text
from tests.test_jsonmodel import positions


@pytest.mark.parametrize("name", list(GAMES))
def test_a_written_position_reads_as_the_full_reading_reads_it(name: str) -> None:
    """Positions of random games of every number of players and ruleset: the text the oracle
    writes reads back, quickly, as the position the full reading gives (twice: the second
    time from the players kept)."""
    game = find_game(name)
    for state in positions(game, 150, 11):
        text = state_to_json_text(state).encode("ascii")
        assert json.loads(text) == game.to_json(state)
        for _ in range(2):
            assert game.from_written_json(text) == game.from_json(text) == state


def _variants(text: bytes) -> dict[str, bytes]:
    """``text`` changed in ways that leave its JSON data the same (or the same but a key twice),
    or that break it."""
    data = json.loads(text)
    round_ = b'"round": %d, ' % data["round"]
    foxes = b'"foxes": %d}' % data["players"][-1]["sheet"]["foxes"]
    total = b'"total": %d}' % data["players"][0]["score"]["total"]
    first = text.index(b'"sheet": ')
    area = text.index(b'": ', first + 11) + 3  # the first area's text begins
    circled = text.index(b'"circled": ', first)
    return {
        "a space in an area": text[:area] + b" " + text[area:],
        "a space in the action tracks": text[:circled] + b'"circled":  '
        + text[circled + 11:],
        "a key twice at the top": text.replace(round_, round_ + round_, 1),
        "a key twice in the last sheet": text[:text.rindex(foxes)] + foxes[:-1] + b", "
        + foxes + text[text.rindex(foxes) + len(foxes):],
        "a key twice in a player": text[:first] + b'"id": "p1", ' + text[first:],
        "a space at the top": text.replace(b'"round": ', b'"round":  ', 1),
        "a space in a sheet": text[:first] + b'"sheet":  ' + text[first + 9:],
        "no spaces": json.dumps(data, separators=(",", ":")).encode(),
        "the keys in another order": json.dumps(dict(reversed(list(data.items())))).encode(),
        "a wrong total": text.replace(total, b'"total": %d}' % (data["players"][0]["score"]
                                                                   ["total"] + 1), 1),
        "cut short": text[:-1],
        "a newline after it": text + b"\n",
    }


@pytest.mark.parametrize("name", list(GAMES))
def test_any_other_text_is_not_read_quickly(name: str) -> None:
    """Every other text, even one whose JSON data is the position's (spaces, key order), gives
    None: it is read in full, which refuses a key twice and names any fault; and the text of
    one game is not a position of the other."""
    game = find_game(name)
    other = next(g for g in GAMES.values() if g.name != name)
    for state in positions(game, 12, 5):
        text = state_to_json_text(state).encode("ascii")
        assert game.from_written_json(text) == state
        assert other.from_written_json(text) is None
        for what, changed in _variants(text).items():
            assert changed != text, what
            assert game.from_written_json(changed) is None, what


@pytest.mark.parametrize("name", list(GAMES))
def test_a_bent_text_is_never_read_otherwise_than_in_full(name: str) -> None:
    """Texts bent at random (a byte dropped, added, changed, or a stretch repeated) are never
    read quickly into a position the full reading refuses or reads otherwise; and the quick
    reading raises nothing whatever the bytes (seeded, no clock)."""
    game = find_game(name)
    rng = random.Random(f"written {name}")
    texts = [state_to_json_text(state).encode("ascii") for state in positions(game, 20, 7)]
    read = 0
    for _ in range(1500):
        text = bytearray(rng.choice(texts))
        at = rng.randrange(len(text))
        how = rng.randrange(4)
        if how == 0:
            del text[at]
        elif how == 1:
            text.insert(at, rng.choice(b' ,:{}[]"0123456789abcdefp'))
        elif how == 2:
            text[at] = rng.choice(b' ,:{}[]"0123456789abcdefp')
        else:
            end = min(len(text), at + rng.randint(1, 40))
            text[at:at] = text[at:end]
        bent = bytes(text)
        quick = game.from_written_json(bent)
        if quick is not None:
            read += 1
            assert game.from_json(bent) == quick
    assert read > 0  # some bent texts are positions still (a digit changed): read alike
