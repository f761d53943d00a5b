"""Clever Cubed's sheet: the shared :class:`oracle.engine.sheet.Sheet` with the names of the printed
areas and tracks, so that ``PlayerSheet(yellow=..., blue_left=...)`` and ``sheet.yellow`` read as
the sheet does.

The parts, in sheet order: yellow and turquoise (cross masks), blue (left and right: the numbers
written from the middle out), brown (a cross mask), pink (the numbers written, and a mask of the
fields where half was taken with the bonus).  The tracks: re-roll and extra die (circled, spent
left to right), number joker (circled; spent as a mask: any order, ruling 20).
"""

from __future__ import annotations

from typing import cast

from oracle.games.cubed.areas import Area
from oracle.games.cubed.sheet import ENGINE_TRACKS, NUMBER_JOKER_FIELDS, Bonus
from oracle.engine.sheet import ACTION, EXTRA_DIE, REROLL, Sheet, count_foxes

AREAS_IN_ORDER: tuple[Area, ...] = tuple(Area)

__all__ = ["PlayerSheet", "joker_number"]


def _count_mask(count: int) -> int:
    return (1 << count) - 1


class PlayerSheet(Sheet):
    """A Clever Cubed player's sheet (see the module docstring)."""

    __slots__ = ()

    def __init__(
        self,
        yellow: int = 0,
        turquoise: int = 0,
        blue_left: tuple[int, ...] = (),
        blue_right: tuple[int, ...] = (),
        brown: int = 0,
        pink: tuple[int, ...] = (),
        pink_bonus: int = 0,
        rerolls: int = 0,
        rerolls_spent: int = 0,
        jokers: int = 0,
        jokers_spent: int = 0,
        extra_dice: int = 0,
        extra_dice_spent: int = 0,
        pending: tuple[Bonus, ...] = (),
    ) -> None:
        super().__init__(
            (yellow, turquoise, (blue_left, blue_right), brown, (pink, pink_bonus)),
            (rerolls, extra_dice, jokers),
            (_count_mask(rerolls_spent), _count_mask(extra_dice_spent), jokers_spent),
            pending,
        )

    @property
    def yellow(self) -> int:
        return cast(int, self.parts[0])

    @property
    def turquoise(self) -> int:
        return cast(int, self.parts[1])

    @property
    def blue_left(self) -> tuple[int, ...]:
        return cast(tuple[int, ...], self.parts[2][0])

    @property
    def blue_right(self) -> tuple[int, ...]:
        return cast(tuple[int, ...], self.parts[2][1])

    @property
    def brown(self) -> int:
        return cast(int, self.parts[3])

    @property
    def pink(self) -> tuple[int, ...]:
        return cast(tuple[int, ...], self.parts[4][0])

    @property
    def pink_bonus(self) -> int:
        return cast(int, self.parts[4][1])

    @property
    def rerolls(self) -> int:
        return self.circled[REROLL]

    @property
    def rerolls_spent(self) -> int:
        return self.spent[REROLL].bit_count()

    @property
    def rerolls_left(self) -> int:
        return self.left(REROLL)

    @property
    def jokers(self) -> int:
        return self.circled[ACTION]

    @property
    def jokers_spent(self) -> int:
        return self.spent[ACTION]

    @property
    def extra_dice(self) -> int:
        return self.circled[EXTRA_DIE]

    @property
    def extra_dice_spent(self) -> int:
        return self.spent[EXTRA_DIE].bit_count()

    @property
    def extra_dice_left(self) -> int:
        return self.left(EXTRA_DIE)

    @property
    def foxes(self) -> int:
        """The foxes the sheet shows (each area's, and a full track's end fox)."""
        return count_foxes(self, AREAS_IN_ORDER, ENGINE_TRACKS, Bonus.FOX)

    def joker_fields_left(self) -> tuple[int, ...]:
        """The circled, unspent number-joker fields (0-based indices into the track)."""
        return tuple(i for i in range(self.jokers) if not self.jokers_spent >> i & 1)

    def but(
        self,
        *,
        yellow: int | None = None,
        turquoise: int | None = None,
        blue_left: tuple[int, ...] | None = None,
        blue_right: tuple[int, ...] | None = None,
        brown: int | None = None,
        pink: tuple[int, ...] | None = None,
        pink_bonus: int | None = None,
        rerolls: int | None = None,
        rerolls_spent: int | None = None,
        jokers: int | None = None,
        jokers_spent: int | None = None,
        extra_dice: int | None = None,
        extra_dice_spent: int | None = None,
        pending: tuple[Bonus, ...] | None = None,
    ) -> PlayerSheet:
        """A copy with the given fields changed."""
        return PlayerSheet(
            self.yellow if yellow is None else yellow,
            self.turquoise if turquoise is None else turquoise,
            self.blue_left if blue_left is None else blue_left,
            self.blue_right if blue_right is None else blue_right,
            self.brown if brown is None else brown,
            self.pink if pink is None else pink,
            self.pink_bonus if pink_bonus is None else pink_bonus,
            self.rerolls if rerolls is None else rerolls,
            self.rerolls_spent if rerolls_spent is None else rerolls_spent,
            self.jokers if jokers is None else jokers,
            self.jokers_spent if jokers_spent is None else jokers_spent,
            self.extra_dice if extra_dice is None else extra_dice,
            self.extra_dice_spent if extra_dice_spent is None else extra_dice_spent,
            cast(tuple[Bonus, ...], self.pending) if pending is None else pending,
        )


def joker_number(field: int) -> int:
    """The number printed on number-joker field ``field`` (0-based); 0 for a '?' field."""
    return NUMBER_JOKER_FIELDS[field]
