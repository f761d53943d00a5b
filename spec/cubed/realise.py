"""Realising a claimed sheet: a game (dice chosen freely) whose player 1 ends with exactly that
sheet, found by a beam over the engine's legal moves.

This is the constructive half of ``solve reachable``: the counting relaxation
(:mod:`spec.cubed.bound`) can only say *no* with certainty; a *yes* needs a game, given as a
record that ``clever-oracle verify`` accepts (``verify --partial`` for a sheet after round R of
a longer game).  Every move player 1 makes must keep the sheet inside the target
(:func:`fits`): crosses only where the target has them, blue and pink numbers only as the
target's prefix, no more circles or spent actions than the target shows.  The fellow players
of a multi-player game only serve dice: on their active turns they forfeit every roll
(rulebook "Special case: ... their roll is forfeited"), so all six dice of the third roll lie
on the silver platter; as passive players they forgo their die.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable, Iterator

import attrs

from oracle import (DEFAULT_RULESET, Area, BlueQuestion, Bonus, Die, Forfeit, Move,
                    Pass, Phase, Place, PlayerSheet, ReRoll, Roll, Ruleset, SoloRoll,
                    apply_unchecked, legal_moves, new_game)
from spec.cubed import certificates, patterns
from spec.cubed.engine_view import spends_joker
from spec.cubed.printed import (ACTIONS, BROWN_PRINTED, JOKER_PRINTED, PINK_FACTOR,
                                PINK_FIELD_BONUS, QUESTION_FOR, ROUND_START_BONUS, ROUNDS,
                                TRACK_END, TRACK_FIELDS)
from spec.cubed.seam import GameState, circles, pending


#: The six dice in their order (white, yellow, turquoise, blue, brown, pink).
ALL_DICE = tuple(Die)


def rolls(state: GameState) -> Iterator[Move]:
    """Candidate rolls: every die in the cup showing the same face (nothing has to go to the
    platter), with the blue die on a face of its own for other blue sums; for the solo passive
    roll, each choice of three platter dice with equal faces."""
    cup = [d for d in ALL_DICE if state.places[d] is Place.CUP]
    if state.phase is Phase.SOLO_ROLL:
        for v, w in itertools.product(range(1, 7), repeat=2):
            faces = tuple(w if d is Die.BLUE else v for d in ALL_DICE)
            for platter in itertools.combinations(ALL_DICE, 3):
                if w != v and Die.BLUE not in platter:
                    continue
                rest = tuple(d for d in ALL_DICE if d not in platter)
                yield SoloRoll(faces, platter + rest)
        return
    for v, w in itertools.product(range(1, 7), repeat=2):
        if w != v and Die.BLUE not in cup:
            continue
        yield Roll(tuple((w if d is Die.BLUE else v) if d in cup else 0 for d in ALL_DICE))


def _key(state: GameState) -> object:
    """What decides a game's future: sheets, round, step, dice on the table (not the cup)."""
    faces = tuple(f if p is not Place.CUP else 0 for f, p in zip(state.faces, state.places))
    return (state.sheets, state.round, state.phase, state.rolls, state.places, faces,
            state.extras, state.seat)


def _bits(mask: int) -> int:
    return bin(mask).count("1")


def fits(sheet: PlayerSheet, target: PlayerSheet) -> bool:
    """``sheet`` can still grow into ``target``: every cross is one of the target's, and the
    target's brown crosses still to come lie right of the last one (rulebook "The Brown Area");
    blue and pink hold a prefix of the target's numbers (pink with the same bonus choices); no
    track has more circles or spent fields than the target's."""
    if (sheet.yellow & ~target.yellow or sheet.turquoise & ~target.turquoise
            or sheet.brown & ~target.brown):
        return False
    if target.brown & ~sheet.brown & ((1 << sheet.brown.bit_length()) - 1):
        return False  # a brown field left of the last cross can no longer be crossed
    if target.blue_left[:len(sheet.blue_left)] != sheet.blue_left:
        return False
    if target.blue_right[:len(sheet.blue_right)] != sheet.blue_right:
        return False
    n = len(sheet.pink)
    if target.pink[:n] != sheet.pink or (target.pink_bonus ^ sheet.pink_bonus) & ((1 << n) - 1):
        return False
    return (sheet.rerolls <= target.rerolls and sheet.rerolls_spent <= target.rerolls_spent
            and sheet.jokers <= target.jokers and not sheet.jokers_spent & ~target.jokers_spent
            and sheet.extra_dice <= target.extra_dice
            and sheet.extra_dice_spent <= target.extra_dice_spent)


#: Bits 0, 6, 12, 18, 24: the turquoise cells of column 1 (shifted: of any column).
_COLUMN = sum(1 << (6 * row) for row in range(5))


def work(sheet: PlayerSheet, target: PlayerSheet) -> int:
    """Entries still needed to fill ``sheet`` up to ``target``: one per yellow or brown cross
    and per blue or pink number, and for turquoise, per column, a third of its open cells
    rounded up (an entry crosses up to 3 cells of one column, rulebook "The Turquoise Area");
    and each number joker still to spend (it rides on an entry, so spending it early costs
    nothing)."""
    open_turquoise = target.turquoise & ~sheet.turquoise
    turquoise = sum(-(-_bits(open_turquoise >> column & _COLUMN) // 3) for column in range(6))
    return (_bits(target.jokers_spent & ~sheet.jokers_spent)
            + _bits(target.yellow & ~sheet.yellow) + _bits(target.brown & ~sheet.brown)
            + len(target.blue_left) - len(sheet.blue_left)
            + len(target.blue_right) - len(sheet.blue_right)
            + len(target.pink) - len(sheet.pink) + turquoise)


def progress(sheet: PlayerSheet, target: PlayerSheet) -> int:
    """How far a sheet is on its way, for ranking games at the same moment: the entries still
    needed count most, then circled action fields, then actions still unspent (a game that
    made the same entries with fewer extra dice has more left for later), then re-rolls spent
    (``fits`` keeps them to the target's: they are owed, and free with freely chosen dice)."""
    circled = sheet.rerolls + sheet.jokers + sheet.extra_dice
    return 2 * circled + sheet.extra_dice_left + sheet.rerolls_spent - 4 * work(sheet, target)


def questions_to_come(sheet: PlayerSheet, target: PlayerSheet) -> list[Bonus]:
    """The question-mark bonuses the target earns that ``sheet`` has not earned yet (the round
    bonus aside): completed yellow, turquoise and brown patterns, blue and pink fields still to
    write (pink only where the target takes the bonus), full action tracks."""
    owed = patterns.completed(patterns.YELLOW_PATTERNS, sheet.yellow, target.yellow)
    owed += patterns.completed(patterns.TURQUOISE_PATTERNS, sheet.turquoise, target.turquoise)
    owed += patterns.completed(patterns.BROWN_PATTERNS, sheet.brown, target.brown)
    for side, have, want in ((0, sheet.blue_left, target.blue_left),
                             (1, sheet.blue_right, target.blue_right)):
        owed += [b for d in range(len(have) + 1, len(want) + 1)
                 if (b := patterns.blue_bonus(side, d)) is not None]
    owed += [b for field in range(len(sheet.pink) + 1, len(target.pink) + 1)
             if target.pink_bonus >> (field - 1) & 1
             and (b := PINK_FIELD_BONUS[field - 1]) is not None]
    for action in ACTIONS:
        if circles(target, action) == TRACK_FIELDS > circles(sheet, action):
            owed.append(TRACK_END[action])
    return [b for b in owed if b.is_question]


def room(sheet: PlayerSheet, target: PlayerSheet) -> dict[Area, int]:
    """The entries the target still has room for, per area (turquoise: one per open cell, as a
    question mark crosses one)."""
    return {
        Area.YELLOW: _bits(target.yellow & ~sheet.yellow),
        Area.TURQUOISE: _bits(target.turquoise & ~sheet.turquoise),
        Area.BLUE: len(target.blue_left) + len(target.blue_right)
        - len(sheet.blue_left) - len(sheet.blue_right),
        Area.BROWN: _bits(target.brown & ~sheet.brown),
        Area.PINK: len(target.pink) - len(sheet.pink),
    }


def closed(sheet: PlayerSheet) -> frozenset[Area]:
    """The areas where no question mark has a use any more: every cell crossed (yellow,
    turquoise), the last field crossed (brown), every field written (pink, both blue sides).
    A question mark for such an area is lost when earned (ruling 19); in any other area it
    has a use and must be used (rulebook "Question-Mark Bonuses")."""
    shut = set()
    if _bits(sheet.yellow) == 18:
        shut.add(Area.YELLOW)
    if _bits(sheet.turquoise) == 30:
        shut.add(Area.TURQUOISE)
    if len(sheet.blue_left) == len(sheet.blue_right) == 6:
        shut.add(Area.BLUE)
    if sheet.brown >> 11 & 1:
        shut.add(Area.BROWN)
    if len(sheet.pink) == 12:
        shut.add(Area.PINK)
    return frozenset(shut)


def takes_number(sheet: PlayerSheet, target: PlayerSheet, number: int) -> bool:
    """Some entry of the target still to make can be made with a die used as ``number``: a
    yellow or turquoise cell in its column, a brown field printed with it, a pink field whose
    target value is half of it or it times the star, a blue field whose target value is it
    plus the other die (1 to 6)."""
    column = sum(1 << (6 * row + number - 1) for row in range(5))
    if target.yellow & ~sheet.yellow & column or target.turquoise & ~sheet.turquoise & column:
        return True
    open_brown = target.brown & ~sheet.brown
    if any(open_brown >> i & 1 and BROWN_PRINTED[i] == number for i in range(12)):
        return True
    for field in range(len(sheet.pink) + 1, len(target.pink) + 1):
        half = target.pink_bonus >> (field - 1) & 1 or field == 1
        if target.pink[field - 1] == (-(-number // 2) if half else number * PINK_FACTOR[field - 1]):
            return True
    return any(1 <= value - number <= 6
               for have, want in ((sheet.blue_left, target.blue_left),
                                  (sheet.blue_right, target.blue_right))
               for value in want[len(have):])


def jokers_have_room(sheet: PlayerSheet, target: PlayerSheet) -> bool:
    """Every number-joker field printed with a number that the target shows spent and
    ``sheet`` does not has an entry left that takes that number ("If the action field used
    shows a specific number, you must use exactly that number", rulebook "Any Number")."""
    owed = target.jokers_spent & ~sheet.jokers_spent
    return all(takes_number(sheet, target, number)
               for field, number in enumerate(JOKER_PRINTED)
               if number and owed >> field & 1)


def has_room(sheet: PlayerSheet, target: PlayerSheet, black: int = 0,
             ruleset: Ruleset = DEFAULT_RULESET) -> bool:
    """Every question mark still to come (``black`` more black ones from round bonuses) has an
    entry of the target left to make, and so does every extra die and number joker the target
    shows spent and ``sheet`` not yet.

    A question mark must be used at once where it has a use; in a game reaching ``target``
    that use is one of the target's entries.  Where it has none it is lost (ruling 19): an
    area closed in the target (:func:`closed`) may be closed when the question mark comes, so
    its question marks are not counted; an area open in the target is open in every sheet on
    the way.  Under ``blue_question=number_plus_white`` a blue question mark's value depends on
    the white die and may have no use, so blue ones are not counted either."""
    left = room(sheet, target)
    shut = closed(target)
    if ruleset.blue_question is not BlueQuestion.TOTAL:
        shut |= {Area.BLUE}
    need = {area: 0 for area in Area}
    for bonus in questions_to_come(sheet, target) + list(pending(sheet)):
        area = QUESTION_FOR.get(bonus)
        if area is None:
            black += 1 if len(shut) < len(Area) else 0
        elif area not in shut:
            need[area] += 1
    if any(need[a] > left[a] for a in Area):
        return False
    entries = sum(left.values())
    # Extra dice and number jokers still to spend each need an entry of their own (a number
    # joker is spent on a die entered, rulebook "Any Number").
    spend = max(target.extra_dice_spent - sheet.extra_dice_spent,
                _bits(target.jokers_spent & ~sheet.jokers_spent))
    return (sum(need.values()) + black <= entries and spend <= entries
            and jokers_have_room(sheet, target))


@attrs.frozen
class Realised:
    """The outcome of a search: the moves of a game reaching the target (dice included), or
    ``None`` with the reason the search stopped."""

    moves: tuple[Move, ...] | None
    reason: str = ""


def _serve(state: GameState) -> Move:
    """A fellow player's move: forfeit each roll and forgo every die (any legal move when a
    question mark must be used)."""
    moves = legal_moves(state)
    for move in moves:
        if isinstance(move, (Forfeit, Pass)):
            return move
    return moves[0]


def _allowed(state: GameState, move: Move, target: PlayerSheet) -> bool:
    """Player 1's moves worth trying: re-rolls only while the target shows more spent, number
    jokers only on the target's spent fields (``fits`` checks the rest after the move)."""
    sheet = state.sheets[0]
    if isinstance(move, ReRoll):
        return sheet.rerolls_spent < target.rerolls_spent
    if spends_joker(move):
        return sheet.jokers_spent != target.jokers_spent
    return True


def _chance(state: GameState, target: PlayerSheet) -> Iterator[Move]:
    """Candidate dice: for player 1's rolls and for the roll whose dice a fellow player serves
    (their third), the freely chosen faces of :func:`rolls` that show a
    number some entry still to make can take (:func:`takes_number`), the blue die on a face of
    its own only for a blue sum still to write (any face while a number joker the target spends
    is at hand, as it changes the number; one roll when none fits, to forfeit); a fellow
    player's first two rolls show ones (they are forfeited anyway)."""
    if state.active != 0 and not state.solo and state.rolls < 2:
        yield Roll(tuple(1 for _ in ALL_DICE))
        return
    sheet = state.sheets[0]
    owed = target.jokers_spent & ~sheet.jokers_spent
    joker = any(owed >> field & 1 for field in sheet.joker_fields_left())
    useful = {n for n in range(1, 7) if joker or takes_number(sheet, target, n)}
    sums = {want[len(have)] for have, want in ((sheet.blue_left, target.blue_left),
                                               (sheet.blue_right, target.blue_right))
            if len(want) > len(have)}
    first = True
    for roll in rolls(state):
        faces = roll.faces if isinstance(roll, (Roll, SoloRoll)) else ()
        blue, others = faces[Die.BLUE], {f for d, f in enumerate(faces) if d != Die.BLUE and f}
        if (blue and others and blue not in others
                and not (joker and sums) and not {blue + f for f in others} & sums):
            continue  # the blue die's own face only matters for a blue sum still to write
        if useful.intersection(faces) or first:
            first = False
            yield roll


def _black_to_come(now: int, rounds: int) -> int:
    """The black question marks the round bonuses give after round ``now`` up to ``rounds``."""
    return sum(1 for r in range(now + 1, rounds + 1) if ROUND_START_BONUS[r - 1] is Bonus.QUESTION_BLACK)


def _decisions(state: GameState, target: PlayerSheet, branch: int, rounds: int
               ) -> Iterator[tuple[tuple[Move, ...], GameState]]:
    """From ``state`` (somebody to move) to the next chance node or the end: fellow players
    serve; player 1 tries every move that keeps the sheet inside the target, merged by the
    state reached, the ``branch`` most advanced sequences of each length going on."""
    seen: set[object] = set()
    layer: list[tuple[tuple[Move, ...], GameState]] = [((), state)]
    while layer:
        following: list[tuple[int, tuple[Move, ...], GameState]] = []
        for moves, current in layer:
            if current.actor != 0:
                options = [_serve(current)]
            else:
                options = [m for m in legal_moves(current) if _allowed(current, m, target)]
            for move in options:
                after = apply_unchecked(current, move)
                if after.is_terminal or after.round > rounds:
                    yield moves + (move,), after  # the caller compares it with the target
                    continue
                if not fits(after.sheets[0], target) or not has_room(
                        after.sheets[0], target, _black_to_come(after.round, rounds),
                        after.ruleset):
                    continue
                key = (_key(after), after.actor)
                if key in seen:
                    continue
                seen.add(key)
                if after.is_chance or after.round != current.round:
                    yield moves + (move,), after
                else:
                    following.append((progress(after.sheets[0], target), moves + (move,), after))
        following.sort(key=lambda item: -item[0])
        layer = [(m, s) for _, m, s in following[:branch]]


def _successors(moves: tuple[Move, ...], state: GameState, target: PlayerSheet, branch: int,
                rounds: int) -> Iterator[tuple[tuple[Move, ...], GameState]]:
    """The games one chance node on from ``state`` (or, when somebody is to move, as at the
    start of round 4 with its question mark, to the next chance node), with their moves."""
    if not state.is_chance:
        for more, child in _decisions(state, target, branch, rounds):
            yield moves + more, child
        return
    for roll in _chance(state, target):
        rolled = apply_unchecked(state, roll)
        if rolled.is_chance or rolled.is_terminal:
            yield moves + (roll,), rolled
            continue
        for more, child in _decisions(rolled, target, branch, rounds):
            yield moves + (roll,) + more, child


def _slot(state: GameState) -> tuple[int, int, int, int]:
    """When a chance node comes: round, active player, roll (the solo passive roll last)."""
    if state.is_terminal:
        return (99, 0, 0, 0)
    if state.phase is Phase.SOLO_ROLL:
        return (state.round, state.active, 1, 0)
    return (state.round, state.active, 0, state.rolls)


def _to_come(state: GameState, rounds: int) -> float:
    """The share of the game up to the end of round ``rounds`` still to come after ``state``
    (by turns: each active turn one part, its rolls and the solo passive turn shares of it)."""
    players = len(state.sheets)
    done = ((state.round - 1) * players + state.active
            + (0.75 if state.phase is Phase.SOLO_ROLL else state.rolls / 4))
    return max(0.0, 1.0 - done / (rounds * players))


def realise(target: PlayerSheet, players: int = 1, rounds: int | None = None,
            width: int = 24, branch: int = 16, seconds: float | None = 60.0,
            ruleset: Ruleset = DEFAULT_RULESET, paced: bool = False,
            progress_text: Callable[[str], None] | None = None,
            nodes: int | None = None) -> Realised:
    """A game of ``players`` in which player 1's sheet is ``target`` at the end of round
    ``rounds`` (default: the end of the game, end-of-game extra dice included), or ``None``
    when the beam of ``width`` games finds none within ``seconds`` (None: no time limit) and
    ``nodes`` games expanded (None: no limit; tests give a budget, never a time).

    The game ends round ``rounds`` with exactly ``target``: pending question marks included
    (a finished round has none: they are used at once or lost, rulings 18-19, so such a target
    is never reached).

    The beam ranks the games at one moment by :func:`progress`: the fewest entries still to
    make first.  ``paced`` ranks a game ahead of an even pace (the target's entries spread over
    the rounds) no better than one on it, so the beam keeps games that leave room for later
    bonuses, number jokers with printed numbers and the like.  ``progress_text`` hears where
    the search is, once per moment."""
    total = ROUNDS[players]
    rounds = total if rounds is None else rounds
    if not 1 <= rounds <= total:
        raise ValueError(f"round {rounds} is not a round of a {players}-player game "
                         f"(1 to {total})")
    if target.pending:
        return Realised(None, "a round ends with no pending question marks (rulings 18-19)")
    goal = certificates.round_end_sheet(target, rounds, total)
    deadline = None if seconds is None else time.perf_counter() + seconds
    expanded = 0
    start = new_game(players, ruleset)
    pools: dict[tuple[int, int, int, int], dict[object, tuple[int, tuple[Move, ...],
                                                             GameState]]] = {}
    pools[_slot(start)] = {_key(start): (0, (), start)}
    whole = work(start.sheets[0], target)
    while pools:
        if deadline is not None and time.perf_counter() > deadline:
            return Realised(None, "the time ran out")
        slot = min(pools)
        ranked = sorted(pools.pop(slot).values(), key=lambda item: -item[0])[:width]
        if progress_text is not None and ranked:
            progress_text(f"searching a game: round {slot[0]}, player {slot[1] + 1}, "
                          f"{work(ranked[0][2].sheets[0], target)} entries to go"
                          + (" (paced)" if paced else ""))
        for _, moves, state in ranked:
            if deadline is not None and time.perf_counter() > deadline:
                return Realised(None, "the time ran out")
            if nodes is not None and expanded >= nodes:
                return Realised(None, f"the budget of {nodes} games ran out")
            expanded += 1
            for path, child in _successors(moves, state, target, branch, rounds):
                if child.is_terminal or child.round > rounds:
                    if certificates.ends_with(child.sheets[0], goal):
                        return Realised(path)
                    continue
                pool = pools.setdefault(_slot(child), {})
                key = _key(child)
                if key not in pool:
                    rank = progress(child.sheets[0], target)
                    if paced:
                        rank += 4 * min(0, work(child.sheets[0], target)
                                        - round(whole * _to_come(child, rounds)))
                    pool[key] = (rank, path, child)
    return Realised(None, "no game of the beam reaches the sheet")
