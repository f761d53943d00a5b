"""A Clever 4Ever solo game ending with a given sheet's areas: the beam of
:mod:`spec.fourever.solo_search` told to stay inside the target.

A position is kept only while each of its areas can still grow into the target's (yellow's
rows, green's lines and pink's fields are prefixes of the target's, blue's and grey's crosses
a subset of the target's); positions are ranked by how much of the target they have written,
then by the entries the game still gives; a roll may be forfeited (ruling 1).  A game is found when it ends (or, with ``rounds``, that round
ends) with exactly the target's areas and pending question marks (none: a
round ends with every question mark used or lost); when the target's action tracks are not
blank, they must match too.  Used by ``solve --game clever-4ever reachable``
(:func:`spec.fourever.questions.reachable`) to answer yes with a record the engine verifies.
"""

from __future__ import annotations

import time

from oracle.engine.game import State
from oracle.records.record import parse_record, replay, verify
from oracle.engine.sheet import Sheet
from spec.fourever.certificates import CertificateError
from spec.fourever.certificates import towards
from spec.fourever.engine_view import area_rules, code
from spec.fourever.printed import AREAS, QUESTION_FOR, ROUNDS
from spec.fourever.seam import BLANK, GAME
from spec.fourever.solo_search import Found, Node, budget, ended, next_slot, sheet
from spec.solving import Progress


def written(part: object) -> int:
    """How much of an area is written: crosses, or numbers."""
    if isinstance(part, int):
        return part.bit_count()
    assert isinstance(part, tuple)
    return sum(len(p) if isinstance(p, tuple) else 1 for p in part)


def _tracks_given(target: Sheet) -> bool:
    """The target states its action tracks: anything but a new game's (round 1's re-roll
    circled) or the blank sheet notation's (nothing circled), which ask about the areas
    alone."""
    unstated = {(s.circled, s.spent) for s in (sheet(GAME.new_game(1)), BLANK)}
    return (target.circled, target.spent) not in unstated


#: A re-roll gains nothing when the dice are chosen; a forfeit may be needed (a sheet with few
#: entries).
NO_REROLL = frozenset({"reroll"})


def realise(target: Sheet, width: int = 20, branch: int = 100, rounds: int | None = None,
            deadline: float | None = None) -> Node | None:
    """A solo game (its last node) whose sheet has ``target``'s areas at its end (or, with
    ``rounds``, at the end of that round: :func:`ended`), or None when the beam finds none (or
    ``deadline``, a :func:`time.perf_counter` time, passes)."""
    goal = target.parts
    tracks = _tracks_given(target)

    def keep(state: State) -> bool:
        s = sheet(state)
        if not all(towards(p, t) for p, t in zip(s.parts, goal)):
            return False
        return not (tracks and ended(state, rounds)
                    and (s.circled, s.spent) != (target.circled, target.spent))

    def rank(state: State) -> float:
        s = sheet(state)
        return sum(written(p) for p in s.parts) + 0.01 * budget(state)[0]

    beam = [Node(GAME.new_game(1))]
    while beam:
        if deadline is not None and time.perf_counter() > deadline:
            return None
        for node in beam:
            end = sheet(node.state)
            if ended(node.state, rounds) and end.parts == goal and end.pending == target.pending:
                return node
        beam = next_slot([n for n in beam if not ended(n.state, rounds)], rank, width, branch,
                         keep, NO_REROLL)
    return None


#: Each area's own question mark, in sheet order (4E-11: the black one is any area's).
OWN_QUESTION = tuple(next(q for q, a in QUESTION_FOR.items() if a == label) for label in AREAS)


def _questions(parts: tuple[object, ...]) -> tuple[int, ...]:
    """How many of each area's own question marks (sheet order) the areas earn."""
    earned = [code(b) for label, part in zip(AREAS, parts)
              for b in area_rules(label).earned(part)]
    return tuple(earned.count(q) for q in OWN_QUESTION)


def toward(target: Sheet, width: int = 20, branch: int = 100, waste: float = 0.0,
           progress: Progress | None = None) -> Found | None:
    """The highest-scoring whole solo game the beam finds that stays inside ``target``'s
    areas (None: every game leaves it), ranked by the entries made and still given
    (:func:`budget`): at one roll slot every game has made the same picks, so this ranks by
    the bonuses earned (question marks, extra dice), then by how much is written; less
    ``waste`` for each question mark the rest of the target earns beyond the room its area
    has left in the target (it would be lost, QUESTION-LOST).  Unlike
    :func:`realise` any finished game counts, the target met or not (a plan from
    :mod:`spec.fourever.solo_plan`).  ``progress`` hears, at each roll slot, the round, the
    games kept and the best total among them so far (what their sheets score now)."""
    goal = target.parts

    def keep(state: State) -> bool:
        return all(towards(p, t) for p, t in zip(sheet(state).parts, goal))

    goal_room = tuple(written(p) for p in goal)
    goal_questions = _questions(goal)

    def lost(parts: tuple[object, ...]) -> int:
        """The question marks the rest of the target earns beyond the room their areas have
        left in it (they would be lost, QUESTION-LOST)."""
        now = _questions(parts)
        return sum(max(0, (g - n) - (room - written(p)))
                   for g, n, room, p in zip(goal_questions, now, goal_room, parts))

    def rank(state: State) -> float:
        parts = sheet(state).parts
        made = sum(written(p) for p in parts)
        penalty = waste * lost(parts) if waste else 0.0
        return made + budget(state)[0] + 0.001 * made - penalty

    found: Found | None = None
    beam = [Node(GAME.new_game(1))]
    while beam:
        for node in beam:
            if node.state.is_terminal:
                got = GAME.score(sheet(node.state)).total
                if found is None or got > found.total:
                    found = Found(node, got)
        beam = [n for n in beam if not n.state.is_terminal]
        if beam:
            beam = next_slot(beam, rank, width, branch, keep, NO_REROLL)
        if progress is not None and beam:
            now = max(GAME.score(sheet(n.state)).total for n in beam)
            progress(f"beam: round {beam[0].state.round}, {len(beam)} games, best total so "
                     f"far {now}")
    return found


def confirm(record: str, target: Sheet, what: str, rounds: int | None = None) -> None:
    """The engine accepts the game ``record`` (``verify``; with ``rounds`` before the last
    round, ``verify --partial``: after the last round the game is over) and its player ends
    with ``target``'s areas and pending question marks (and its tracks, when it states them);
    :class:`CertificateError` otherwise."""
    parsed = parse_record(record, "found")
    partial = rounds is not None and rounds < ROUNDS[1]
    verdict = verify(parsed, "found", partial=partial)
    end = sheet(replay(parsed))
    good = "legal-so-far" if partial else "legal"
    if verdict.status != good or end.parts != target.parts or end.pending != target.pending or (
            _tracks_given(target) and (end.circled, end.spent) != (target.circled,
                                                                 target.spent)):
        raise CertificateError(f"{what}: the game found does not verify or ends elsewhere "
                               f"({verdict.status}, {GAME.format_sheet(end)})")
