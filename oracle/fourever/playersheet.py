"""One player's score sheet: the five areas, the three action tracks, pending question marks.

A :class:`PlayerSheet` is an immutable value.  Foxes are not stored: they are read off the areas
(rules "Fox": "You can play like bonuses by filling the corresponding field or closing a
corresponding column"), so they can never disagree with the sheet.
"""

from __future__ import annotations

import attrs

from oracle.fourever.areas import blue, green, grey, pink, yellow
from oracle.fourever.sheet import TRACKS, Bonus


@attrs.frozen(cache_hash=True)
class PlayerSheet:
    """A player's sheet.

    ``yellow``, ``blue``, ``grey``, ``green``, ``pink`` are the areas' states (see the area
    modules).  Each action track has a count of circled fields and a count of spent ones (the
    fields of a track are alike, so they are spent left to right).  ``pending`` holds the question
    marks earned and not yet resolved, sorted.
    """

    yellow: yellow.State = yellow.EMPTY
    blue: blue.State = blue.EMPTY
    grey: grey.State = grey.EMPTY
    green: green.State = green.EMPTY
    pink: pink.State = pink.EMPTY
    rerolls: int = 0
    rerolls_spent: int = 0
    extra_dice: int = 0
    extra_dice_spent: int = 0
    polish: int = 0
    polish_spent: int = 0
    pending: tuple[Bonus, ...] = ()

    @property
    def foxes(self) -> int:
        """The foxes shown on this sheet (yellow, blue, the three grey shades, green, pink)."""
        return (
            yellow.foxes(self.yellow) + blue.foxes(self.blue) + grey.foxes(self.grey)
            + green.foxes(self.green) + pink.foxes(self.pink)
        )

    def circled(self, track: Bonus) -> int:
        """How many fields of an action track (named by its action) are circled."""
        if track is Bonus.REROLL:
            return self.rerolls
        return self.extra_dice if track is Bonus.EXTRA_DIE else self.polish

    def spent(self, track: Bonus) -> int:
        """How many fields of an action track are spent."""
        if track is Bonus.REROLL:
            return self.rerolls_spent
        return self.extra_dice_spent if track is Bonus.EXTRA_DIE else self.polish_spent

    @property
    def rerolls_left(self) -> int:
        return self.rerolls - self.rerolls_spent

    @property
    def extra_dice_left(self) -> int:
        return self.extra_dice - self.extra_dice_spent

    @property
    def polish_left(self) -> int:
        return self.polish - self.polish_spent

    def award(self, bonuses: tuple[Bonus, ...]) -> PlayerSheet:
        """The sheet after receiving ``bonuses``: actions are circled left to right (a full track
        gains nothing more), the last field of the re-roll track brings its pink question mark
        (docs/rulings.md, ruling 4E-4), question marks become pending; foxes need nothing."""
        if not bonuses:
            return self
        circled = {track: self.circled(track) for track in TRACKS}
        pending = list(self.pending)
        queue = list(bonuses)
        while queue:
            bonus = queue.pop(0)
            if bonus in circled:
                track = TRACKS[bonus]
                if circled[bonus] < track.length:
                    circled[bonus] += 1
                    if circled[bonus] == track.length and track.end is not None:
                        queue.append(track.end)
            elif bonus.is_question:
                pending.append(bonus)
        pending.sort()
        return attrs.evolve(
            self,
            rerolls=circled[Bonus.REROLL],
            extra_dice=circled[Bonus.EXTRA_DIE],
            polish=circled[Bonus.POLISH],
            pending=tuple(pending),
        )
