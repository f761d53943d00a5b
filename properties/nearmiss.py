"""Near misses: illegal moves that look like legal ones, the probes that catch a lenient app.

Derived generically from a game's ``move_space()`` filtered by ``diagnose``: in a state, the
near misses are the well-formed player moves that break a rule there (``MOVE-FORM`` aside),
grouped by the rule they break, so the harness can try every kind of mistake in turn (a wrong
cell, row or side, a spent or locked action, a platter die for the active player, a second extra
die of one die, 7 after 7, a skipped question mark, ...).  Only the moves that differ from a
legal move in one token of their notation are taken (the app is most likely to accept those by
mistake: ``take Y yellow:II`` where ``take Y yellow:I`` is legal; the one-token moves ``pass``,
``reroll``, ``forfeit`` are always among them); the whole space only when none of those is
illegal.  This keeps a step at a few milliseconds (the whole space takes ~10 ms and more).
Certification samples them (:func:`sampled_near_misses`): a fixed number of neighbours per step,
drawn by the game's random generator, the one-token moves always among them.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from functools import cache
from types import MappingProxyType

import attrs

from oracle.engine.game import Game, Move, State
from oracle.games import find_game


def _keys(text: str) -> tuple[tuple[int, int, tuple[str, ...]], ...]:
    tokens = tuple(text.split(" "))
    return tuple((len(tokens), i, tokens[:i] + tokens[i + 1:]) for i in range(len(tokens)))


def _head(token: str) -> str:
    """What a token names, without its value: ``joker=3`` -> ``joker``, ``yellow:II`` ->
    ``yellow``."""
    return token.split("=", 1)[0].split(":", 1)[0]


@attrs.frozen
class MoveIndex:
    """A game's move space indexed by "all tokens but one", to find a move's one-token
    neighbours quickly (built once per game)."""

    moves: tuple[Move, ...]
    texts: tuple[str, ...]
    by_key: Mapping[tuple[int, int, tuple[str, ...]], tuple[int, ...]]
    #: Each key's moves by what their differing token names (:func:`neighbour_classes`).
    classes: Mapping[tuple[int, int, tuple[str, ...]], tuple[tuple[str, tuple[int, ...]], ...]] \
        = MappingProxyType({})

    @classmethod
    def of(cls, game: Game) -> MoveIndex:
        """The index of ``game.move_space()``."""
        moves = game.move_space()
        texts = tuple(str(m) for m in moves)
        table: dict[tuple[int, int, tuple[str, ...]], list[int]] = {}
        for n, text in enumerate(texts):
            for key in _keys(text):
                table.setdefault(key, []).append(n)
        frozen = {k: tuple(v) for k, v in table.items()}
        classes = {}
        for key, members in frozen.items():
            position = key[1]
            heads: dict[str, list[int]] = {}
            for n in members:
                head = _head(texts[n].split(" ")[position])
                heads.setdefault(f"{position}:{head}", []).append(n)
            classes[key] = tuple((h, tuple(v)) for h, v in heads.items())
        return cls(moves, texts, MappingProxyType(frozen), MappingProxyType(classes))

    def neighbours(self, legal: tuple[Move, ...]) -> frozenset[int]:
        """The indices of the moves that differ from one of ``legal`` in exactly one token, and
        of every one-token move (``pass``, ...)."""
        out: set[int] = set(self.by_key.get((1, 0, ()), ()))
        for move in legal:
            for key in _keys(str(move)):
                out.update(self.by_key.get(key, ()))
        return frozenset(out)


def index_of(game: Game) -> MoveIndex:
    """The :class:`MoveIndex` of ``game``, built once per process (a game's move space never
    changes; Clever 4Ever's takes about two seconds)."""
    return _index(game.name)


@cache
def _index(name: str) -> MoveIndex:
    return MoveIndex.of(find_game(name))


def _by_rule(game: Game, state: State, moves: tuple[Move, ...]) -> dict[str, list[Move]]:
    out: dict[str, list[Move]] = {}
    for move in moves:
        problem = game.diagnose(state, move)
        if problem is not None and problem[0] != "MOVE-FORM":
            out.setdefault(problem[0], []).append(move)
    return out


def near_misses(game: Game, index: MoveIndex, state: State) -> Mapping[str, tuple[Move, ...]]:
    """The illegal player moves of ``state`` by the rule id each breaks: those one token away
    from a legal move; only when there is none, any move of the space (see the module
    docstring).  Empty at chance nodes and at the end."""
    if state.is_chance or state.is_terminal:
        return {}
    close = sorted(index.neighbours(game.legal_moves(state)))
    found = _by_rule(game, state, tuple(index.moves[n] for n in close))
    if not found:
        found = _by_rule(game, state, index.moves)
    return MappingProxyType({rule: tuple(found[rule]) for rule in sorted(found)})


def neighbour_classes(index: MoveIndex, legal: tuple[Move, ...]) -> dict[str, set[int]]:
    """The one-token neighbours of ``legal`` by what the differing token names (the game's
    action, an area, a die, ...), so that a sample can take some of each."""
    out: dict[str, set[int]] = {}
    for move in legal:
        for key in _keys(str(move)):
            for head, members in index.classes.get(key, ()):
                out.setdefault(head, set()).update(members)
    return out


def sampled_near_misses(game: Game, index: MoveIndex, state: State, rng: random.Random,
                        limit: int) -> Mapping[str, tuple[Move, ...]]:
    """:func:`near_misses` from at most ``limit`` one-token neighbours drawn with ``rng``, as
    many of each class (:func:`neighbour_classes`: a rare token such as a number joker's is
    drawn as often as a common one), the one-token moves ``pass``, ``reroll``, ``forfeit``
    always among them; by rule id."""
    if state.is_chance or state.is_terminal:
        return {}
    always = set(index.by_key.get((1, 0, ()), ()))
    classes = [sorted(members - always) for _, members in
               sorted(neighbour_classes(index, game.legal_moves(state)).items())]
    classes = [c for c in classes if c]
    chosen: set[int] = set()
    while classes and len(chosen) < limit:
        for members in classes:
            if len(chosen) >= limit:
                break
            chosen.add(members.pop(rng.randrange(len(members))))
        classes = [c for c in classes if c]
    found = _by_rule(game, state, tuple(index.moves[n] for n in sorted(always | chosen)))
    return MappingProxyType({rule: tuple(found[rule]) for rule in sorted(found)})


def near_misses_like(game: Game, index: MoveIndex, state: State,
                     word: str) -> Mapping[str, tuple[Move, ...]]:
    """:func:`near_misses` among the one-token neighbours whose first word is ``word`` (the
    near misses of one kind of move: ``take``, ``extra``, ``question``, ...), by rule id."""
    if state.is_chance or state.is_terminal:
        return {}
    close = index.neighbours(game.legal_moves(state))
    chosen = tuple(index.moves[n] for n in sorted(close)
                   if index.texts[n].split(" ", 1)[0] == word)
    found = _by_rule(game, state, chosen)
    return MappingProxyType({rule: tuple(found[rule]) for rule in sorted(found)})
