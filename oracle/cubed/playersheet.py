"""One player's score sheet: the five areas, the three action tracks, and pending question marks.

A :class:`PlayerSheet` is an immutable value.  Foxes are not stored: they are read off the sheet
(every printed fox whose condition is met, plus the re-roll track's end fox), so they can never
disagree with it (rulebook "Foxes").
"""

from __future__ import annotations

import attrs

from oracle.cubed.areas import AREA_MODULES
from oracle.cubed.sheet import NUMBER_JOKER_FIELDS, TRACK_OF, TRACKS, Bonus


@attrs.frozen(cache_hash=True)
class PlayerSheet:
    """A player's sheet.

    ``yellow``/``turquoise``/``brown`` are cross masks (see the area modules); ``blue_left`` and
    ``blue_right`` the numbers written on each side from the middle out; ``pink`` the numbers
    written; ``pink_bonus`` the fields (bit ``field - 1``) where half was taken with the bonus.
    Each action track has a count of circled fields; the re-roll and extra-die tracks a count of
    spent fields; the number-joker track a mask of spent fields (they may be spent in any order,
    ruling 20).  ``pending`` holds the question marks earned and not yet resolved, sorted.
    """

    yellow: int = 0
    turquoise: int = 0
    blue_left: tuple[int, ...] = ()
    blue_right: tuple[int, ...] = ()
    brown: int = 0
    pink: tuple[int, ...] = ()
    pink_bonus: int = 0
    rerolls: int = 0
    rerolls_spent: int = 0
    jokers: int = 0
    jokers_spent: int = 0
    extra_dice: int = 0
    extra_dice_spent: int = 0
    pending: tuple[Bonus, ...] = ()

    @property
    def foxes(self) -> int:
        """The foxes activated on this sheet: each area's, and a full track's end fox."""
        n = sum(area.foxes(self) for area in AREA_MODULES)
        return n + sum(
            1 for track in TRACKS
            if track.end is Bonus.FOX and self.circled(track.action) == track.length
        )

    def circled(self, track: Bonus) -> int:
        """How many fields of an action track (``track`` is its action) are circled."""
        if track is Bonus.REROLL:
            return self.rerolls
        return self.jokers if track is Bonus.NUMBER_JOKER else self.extra_dice

    @property
    def rerolls_left(self) -> int:
        """Circled re-roll fields not yet spent."""
        return self.rerolls - self.rerolls_spent

    @property
    def extra_dice_left(self) -> int:
        """Circled extra-die fields not yet spent."""
        return self.extra_dice - self.extra_dice_spent

    def joker_fields_left(self) -> tuple[int, ...]:
        """The circled, unspent number-joker fields (0-based indices into the track)."""
        return tuple(
            i for i in range(self.jokers) if not self.jokers_spent >> i & 1
        )

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
        """A copy with the given fields changed (``attrs.evolve`` without its overhead)."""
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
            self.pending if pending is None else pending,
        )

    def award(self, bonuses: tuple[Bonus, ...]) -> PlayerSheet:
        """The sheet after receiving ``bonuses``: actions are circled left to right (a full track
        gains nothing more), a 7th circle brings the track's end bonus, question marks become
        pending (rulebook "Actions"; ruling 20).  Foxes need nothing: they are read off the sheet.
        """
        if not bonuses:
            return self
        circled: dict[Bonus, int] = {}  # the tracks circled on, by action
        pending = list(self.pending)
        queue = list(bonuses)
        while queue:
            bonus = queue.pop(0)
            track = TRACK_OF.get(bonus)
            if track is not None:
                before = circled[bonus] if bonus in circled else self.circled(bonus)
                circled[bonus], end = track.circle(before)
                queue.extend(end)
            elif bonus.is_question:
                pending.append(bonus)
        questions: tuple[Bonus, ...] | None = None  # unchanged: nothing new, at most one
        if len(pending) > 1 or len(pending) != len(self.pending):
            pending.sort()
            questions = tuple(pending)
        get = circled.get
        return self.but(
            rerolls=get(_RR),
            jokers=get(_NJ),
            extra_dice=get(_XD),
            pending=questions,
        )


_RR, _NJ, _XD = Bonus.REROLL, Bonus.NUMBER_JOKER, Bonus.EXTRA_DIE


def joker_number(field: int) -> int:
    """The number printed on number-joker field ``field`` (0-based); 0 for a '?' field."""
    return NUMBER_JOKER_FIELDS[field]


