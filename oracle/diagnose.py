"""The turn-level reasons a move is refused, the same sentences in every Clever game: whose move
it is (TURN-ORDER), pending question marks first (QUESTION-FIRST, ruling 18), re-roll (REROLL,
ruling 3), forfeit (FORFEIT, ruling 1), ``pass`` during the active choice (ACTIVE-PICK), the die
of an active pick and of a passive choice (ACTIVE-PICK, PASSIVE-PLATTER, PASSIVE-FALLBACK,
ruling 4) and extra dice (EXTRA-DIE, EXTRA-DIE-ONCE, ruling 6).

Each check works on plain values (the phase, counts, masks, names) and returns a problem (rule
id, reason) or None; a game's ``diagnose`` calls them in its order and adds its areas' checks.
"""

from __future__ import annotations

from collections.abc import Iterable

from oracle.phase import Phase

__all__ = [
    "AFTER_ROLLS", "DICE_DUE", "PASSIVE_PLATTER", "Problem", "chance_order", "extra_problem",
    "fallback_problem", "forfeit_problem", "not_in_roll", "pass_problem", "question_first",
    "reroll_problem",
]

#: A broken rule: (rule id, reason in words).
Problem = tuple[str, str]

#: A player move while the dice are to be rolled.
DICE_DUE: Problem = ("TURN-ORDER", "the dice must be rolled now")
#: A ``take`` after the dice of the turn are chosen.
AFTER_ROLLS: Problem = ("EXTRA-DIE", (
    "the dice of the turn are chosen; at the end of a turn only an extra die ('extra') can be "
    "taken"
))
#: A passive player's ``take`` of a die neither on the platter nor on a die field.
PASSIVE_PLATTER: Problem = (
    "PASSIVE-PLATTER", "a passive player takes a die from the silver platter"
)

_EXTRA_PHASES = (Phase.ACTIVE_EXTRA, Phase.PASSIVE_EXTRA, Phase.END_EXTRA)


def chance_order(actor: int) -> Problem | None:
    """A roll when ``actor`` is to move: refused unless the dice are due."""
    if actor >= 0:
        return "TURN-ORDER", f"player {actor + 1} is to move, not the dice"
    return None


def question_first(codes: Iterable[str]) -> Problem:
    """Another move while question marks (their ``codes``) are pending (ruling 18)."""
    return "QUESTION-FIRST", (
        f"the pending question marks ({' '.join(codes)}) must be resolved first"
    )


def reroll_problem(
    phase: Phase, rerolls_left: int,
    wrong_phase: str = "only the active player may re-roll, before choosing a die",
) -> Problem | None:
    """A re-roll (ruling 3): in the active choice only, with a re-roll action left.
    ``wrong_phase`` is the game's sentence for a re-roll out of the active choice."""
    if phase is not Phase.CHOOSE:
        return "REROLL", wrong_phase
    if rerolls_left <= 0:
        return "REROLL", "no circled re-roll action is left to spend"
    return None


def forfeit_problem(phase: Phase) -> Problem | None:
    """A forfeit (ruling 1): in the active choice only."""
    if phase is not Phase.CHOOSE:
        return "FORFEIT", "only the active player can forfeit a roll, right after it"
    return None


def pass_problem(phase: Phase) -> Problem | None:
    """A ``pass``: never in the active choice (a die is taken or the roll forfeited)."""
    if phase is Phase.CHOOSE:
        return "ACTIVE-PICK", "the active player takes a die from the roll or forfeits it"
    return None


def not_in_roll(die_name: str) -> Problem:
    """An active pick of a die (``die_name``, e.g. ``white``) that was not just rolled."""
    return "ACTIVE-PICK", (
        f"the {die_name} die is not in this roll; the active player takes a die from the dice "
        "just rolled"
    )


def fallback_problem(possible: object) -> Problem:
    """A die-field die taken while a silver-platter die (``possible``, a move) can be used
    (ruling 4)."""
    return "PASSIVE-FALLBACK", (
        f"a die-field die may be taken only when no silver-platter die can be used; "
        f"{possible} is possible"
    )


def extra_problem(
    phase: Phase, extra_dice_left: int, taken: int, die: int, die_name: str,
    in_cup: bool = False,
) -> Problem | None:
    """An extra die (ruling 6): at the end of a player's turn, with an extra-die action left, a
    die on the table (``in_cup`` False), not already taken as an extra die in this turn (``taken``
    is the mask of those)."""
    if phase not in _EXTRA_PHASES:
        return "EXTRA-DIE", (
            "an extra die is used at the end of the player's turn: after the last roll, or after "
            "the passive choice"
        )
    if extra_dice_left <= 0:
        return "EXTRA-DIE", "no circled extra-die action is left to spend"
    if in_cup:
        return "EXTRA-DIE", f"the {die_name} die is in the cup, not on the table"
    if taken >> die & 1:
        return "EXTRA-DIE-ONCE", (
            f"the {die_name} die was already taken as an extra die in this turn"
        )
    return None
