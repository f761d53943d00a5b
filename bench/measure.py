"""One repetition of every speed figure, for the oracle tree on ``PYTHONPATH``.

Run by ``bench/benchmark.py`` as a script file (``python bench/measure.py ...`` with
``PYTHONPATH=<tree>``), one fresh process per repetition and tree, so two trees never share
imported modules.  It is self-contained and uses only names that exist in every tree it is meant
to measure (the API of commit cd2fed2 and later)::

    oracle.new_game, oracle.legal_moves, oracle.apply, oracle.apply_unchecked,
    oracle.sample_chance, oracle.records.play.play_game, oracle.records.record.record_game, oracle.records.record.verify

and, when the tree has it, ``oracle.games.find_game`` (for ``--game NAME``; records of a game
other than Clever Cubed are measured when ``play_game`` and ``record_game`` take ``game=``).  Prints one JSON
object: which API was measured, where ``oracle`` was imported from, and each figure (a rate per
second, or null for "n/a": a game the tree does not know, or a player count it does not allow).

The conversion figures (a position to its JSON data and back, and to its text and back:
``to_json``/``from_json`` and ``format_position``/``parse_position``) are microseconds per
position, n/a in a tree without them.

Every seed is fixed, so every repetition does exactly the same work.  The data of an isolated
figure (sampled states, (state, legal move) pairs, records) is built before its clock starts;
the garbage collector is paused while a clock runs.
"""

from __future__ import annotations

import argparse
import gc
import importlib
from types import ModuleType
import inspect
import json
import random
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

if sys.path and sys.path[0] == str(Path(__file__).resolve().parent):
    del sys.path[0]  # this script's folder is no place to import the oracle from

PLAYERS = (1, 2, 3, 4)
DEFAULT_GAME = "clever-cubed"

# Work per repetition: (random games per player count, sampled states per player count, passes
# over the sampled states per isolated figure, records verified).
SIZES = {"full": (100, 2000, 5, 100), "quick": (4, 60, 1, 4)}

# Seeds: random games played for the games/s figures use seeds 0, 1, ...; states are sampled
# from other games (seeds from STATE_SEEDS on), drawn with SAMPLE_SEED.
STATE_SEEDS = 10_000
SAMPLE_SEED = 20_240_601


#: The conversion figures: a position to its JSON data and back, to its text and back (one
#: pass over the sampled states), in microseconds per position (lower is better).
JSON_FIGURE = "position -> JSON -> position, us (lower is better)"
TEXT_FIGURE = "position -> text -> position, us (lower is better)"



def _module(name: str, before_layers: str) -> ModuleType:
    """The module ``name``, or, in a revision from before oracle/ was split into layer packages
    (``--against`` an older commit), the same module by its old name ``before_layers``."""
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError:
        return importlib.import_module(before_layers)

def figure_names() -> list[str]:
    """Every figure, in print order."""
    names: list[str] = []
    for kind in ("random games/s, apply", "random games/s, apply_unchecked",
                 "legal_moves calls/s", "apply calls/s", "apply_unchecked calls/s",
                 JSON_FIGURE, TEXT_FIGURE):
        names.extend(f"{kind}, {p}p" for p in PLAYERS)
    names.append("records verified/s, 2p")
    return names


class Api:
    """The five calls a figure needs, from the plain API or from a registered game."""

    def __init__(self, source: Any, min_players: int = 1, max_players: int = 4) -> None:
        self.new_game: Callable[[int], Any] = source.new_game
        self.legal_moves: Callable[[Any], Any] = source.legal_moves
        self.apply: Callable[[Any, Any], Any] = source.apply
        self.apply_unchecked: Callable[[Any, Any], Any] = source.apply_unchecked
        self.sample_chance: Callable[[Any, random.Random], Any] = source.sample_chance
        self.min_players = min_players
        self.max_players = max_players
        # the conversions, where the tree has them (None: n/a): a registered game's own, or
        # the plain API's (a position names its game; a state writes its own JSON)
        self.format_position: Callable[[Any], str] | None = getattr(
            source, "format_position", None)
        self.parse_position: Callable[[str], Any] | None = getattr(source, "parse_position", None)
        to_json = getattr(source, "to_json", None)
        self.to_json: Callable[[Any], Any] | None = (
            to_json if to_json is not None
            else (lambda state: state.to_json()) if hasattr(source, "state_from_json") else None)
        self.from_json: Callable[[Any], Any] | None = getattr(
            source, "from_json", getattr(source, "state_from_json", None))


def find_game_function() -> Callable[[str], Any] | None:
    """``oracle.games.find_game`` when the tree has it."""
    try:
        games = importlib.import_module("oracle.games")
    except ModuleNotFoundError as exc:
        if exc.name not in ("oracle.games",):
            raise
        return None
    found: Callable[[str], Any] | None = getattr(games, "find_game", None)
    return found


def registered_names() -> list[str]:
    """The names of the games in the tree's registry (just the default game without one).

    The registry is new, so its listing is looked up by the likely names: ``game_names()``,
    ``names()``, ``GAMES`` (a mapping by name, or games with a ``name``), ``all_games()``,
    ``games()``."""
    if find_game_function() is None:
        return [DEFAULT_GAME]
    module = importlib.import_module("oracle.games")
    for attr in ("game_names", "names", "GAMES", "all_games", "games", "REGISTRY"):
        value = getattr(module, attr, None)
        if value is None:
            continue
        items = value() if callable(value) else value
        if isinstance(items, dict):
            return [str(k) for k in items]
        names = [item if isinstance(item, str) else str(item.name) for item in items]
        if names:
            return names
    return [DEFAULT_GAME]


def resolve(game: str | None) -> tuple[str, Api | None]:
    """(which API, the calls) for ``game``; None means the plain API of ``oracle``."""
    oracle = importlib.import_module("oracle")
    if game is None:
        return "plain", Api(oracle)
    find_game = find_game_function()
    if find_game is None:
        if game == DEFAULT_GAME:
            return "plain (no registry)", Api(oracle)
        return "n/a (no registry)", None
    try:
        found = find_game(game)
    except Exception as exc:  # only the look-up: a game this tree does not know is "n/a"
        return f"n/a ({type(exc).__name__}: {exc})", None
    return "registry", Api(found, getattr(found, "min_players", 1),
                           getattr(found, "max_players", 4))


def random_game(api: Api, players: int, seed: int, checked: bool) -> int:
    """Play one seeded random game; return the number of steps."""
    apply = api.apply if checked else api.apply_unchecked
    legal_moves, sample_chance = api.legal_moves, api.sample_chance
    rng = random.Random(seed)
    state = api.new_game(players)
    steps = 0
    while not state.is_terminal:
        move = sample_chance(state, rng) if state.is_chance else rng.choice(legal_moves(state))
        state = apply(state, move)
        steps += 1
    return steps


def decision_states(api: Api, players: int, count: int) -> list[Any]:
    """``count`` states in which a player is to move, drawn (seeded) from random games."""
    pool: list[Any] = []
    seed = STATE_SEEDS
    while len(pool) < 3 * count:  # sample from several games, not the first few only
        rng = random.Random(seed)
        state = api.new_game(players)
        while not state.is_terminal:
            if state.is_chance:
                move = api.sample_chance(state, rng)
            else:
                pool.append(state)
                move = rng.choice(api.legal_moves(state))
            state = api.apply_unchecked(state, move)
        seed += 1
    return random.Random(SAMPLE_SEED + players).sample(pool, count)


class Clock:
    """Times a block with the garbage collector paused."""

    def __init__(self) -> None:
        self.seconds = 0.0

    def __enter__(self) -> Clock:
        gc.collect()
        gc.disable()
        self._start = time.perf_counter()
        return self

    def __exit__(self, *exc: object) -> None:
        self.seconds = time.perf_counter() - self._start
        gc.enable()


def measure_players(api: Api, players: int, size: str) -> Iterator[tuple[str, float]]:
    """The figures for one player count."""
    games, states_count, passes, _ = SIZES[size]
    for kind, checked in (("random games/s, apply", True),
                          ("random games/s, apply_unchecked", False)):
        with Clock() as clock:
            for seed in range(games):
                random_game(api, players, seed, checked)
        yield f"{kind}, {players}p", games / clock.seconds

    states = decision_states(api, players, states_count)
    legal_moves = api.legal_moves
    with Clock() as clock:
        for _ in range(passes):
            for state in states:
                legal_moves(state)
    yield f"legal_moves calls/s, {players}p", passes * len(states) / clock.seconds

    rng = random.Random(SAMPLE_SEED)
    pairs = [(state, rng.choice(legal_moves(state))) for state in states]
    for kind, call in (("apply calls/s", api.apply),
                       ("apply_unchecked calls/s", api.apply_unchecked)):
        with Clock() as clock:
            for _ in range(passes):
                for state, move in pairs:
                    call(state, move)
        yield f"{kind}, {players}p", passes * len(pairs) / clock.seconds

    for kind, there, back in ((JSON_FIGURE, api.to_json, api.from_json),
                              (TEXT_FIGURE, api.format_position, api.parse_position)):
        if there is None or back is None:
            continue
        with Clock() as clock:
            for state in states:
                back(there(state))
        yield f"{kind}, {players}p", 1e6 * clock.seconds / len(states)


def records_take_a_game() -> bool:
    """True when ``play_game`` and ``record_game`` take a ``game`` name (trees with the
    registry); older trees record Clever Cubed only."""
    play_game = _module("oracle.records.play", "oracle.play").play_game
    record_game = _module("oracle.records.record", "oracle.record").record_game
    return all("game" in inspect.signature(f).parameters for f in (play_game, record_game))


def measure_records(size: str, game: str | None) -> float:
    """Records verified per second: 2-player random games, records built before the clock."""
    play_game = _module("oracle.records.play", "oracle.play").play_game
    record = _module("oracle.records.record", "oracle.record")
    count = SIZES[size][3]
    named = {} if game is None else {"game": game}
    records = [record.record_game(play_game(2, seed, **named)[0], ("A", "B"), **named)
               for seed in range(count)]
    verify = record.verify
    with Clock() as clock:
        verdicts = [verify(r).status for r in records]
    if verdicts != ["legal"] * count:
        raise SystemExit(f"a random game's record was not judged legal: {verdicts}")
    return count / clock.seconds


def measure(game: str | None, size: str) -> dict[str, object]:
    """Every figure once."""
    oracle = importlib.import_module("oracle")
    api_name, api = resolve(game)
    figures: dict[str, float | None] = dict.fromkeys(figure_names())
    if api is not None:
        for players in PLAYERS:
            if api.min_players <= players <= api.max_players:
                figures.update(measure_players(api, players, size))
        if api.min_players <= 2 <= api.max_players:
            if game in (None, DEFAULT_GAME):
                figures["records verified/s, 2p"] = measure_records(size, None)
            elif records_take_a_game():
                figures["records verified/s, 2p"] = measure_records(size, game)
    return {"api": api_name, "oracle": str(Path(str(oracle.__file__)).resolve().parent),
            "figures": figures}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", help="measure this registered game (default: the plain API)")
    parser.add_argument("--quick", action="store_true", help="a few games and states only")
    parser.add_argument("--list-games", action="store_true",
                        help="print the registered games' names (JSON) and stop")
    args = parser.parse_args()
    if args.list_games:
        print(json.dumps(registered_names()))
        return
    print(json.dumps(measure(args.game, "quick" if args.quick else "full")))


if __name__ == "__main__":
    main()
