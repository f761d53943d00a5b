"""The Clever Cubed rule catalogue: every rule id with the rulebook sentence it comes from.

``EN`` is the English rulebook (the main text), ``NL`` the Dutch rulebook, ``RULING n``
ruling n in ``docs/rulings.md``, ``SHEET`` the printed sheet (``oracle/games/cubed/sheet.py``).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from oracle.engine.rulebook import Rule

EN = "rulebook (EN)"

RULES: tuple[Rule, ...] = (
    # --- Game structure -------------------------------------------------------------------
    Rule("ROUNDS", "4 rounds with 4 players, 5 with 3, 6 with 1 or 2", f"{EN}, Game Play",
         "The game is played over 4 rounds (with 4 players), 5 rounds (with 3 players) or 6 "
         "rounds (with 1 or 2 players)."),
    Rule("ROUND-BONUS", "rounds 1-4 give every player re-roll, extra die, number joker, black ?",
         f"{EN}, Game Play; RULING 8",
         "In rounds 1–4, each player receives the bonus indicated under the current round "
         "number. / The black question mark of round 4 is resolved at once, in seat order, "
         "before the first roll of round 4."),
    Rule("TURN-ORDER", "moves come in turn: the dice when a roll is due, else the player to move",
         f"{EN}, The active player",
         "The player who currently has the dice in front of them is the active player."),
    Rule("GAME-OVER", "no move after the end of the game", f"{EN}, Game End",
         "The game ends after the last active player has finished their turn in the last round "
         "and the passive players have entered their die from the silver platter."),
    Rule("MOVE-FORM", "a move is one the notation can express: a known kind, die, area, target",
         "oracle move notation (oracle/games/cubed/moves.py)",
         "Every choice the rules give a player is a move; every move has one canonical text form."),
    Rule("ROLL-DICE", "a roll rolls exactly the dice still in the cup, each showing 1 to 6",
         f"{EN}, The active player",
         "The player now rolls the remaining dice a second time."),
    Rule("ACTIVE-PICK", "the active player takes one die of the current roll onto the next die "
         "field", f"{EN}, The active player",
         "They roll all 6 dice once and choose one of them. They place this die — without "
         "changing the number it shows — on the topmost of their 3 die fields."),
    Rule("PLATTER-LOWER", "dice lower than the chosen die go to the silver platter; equal ones "
         "stay", f"{EN}, The active player",
         "Afterwards, the player must place all dice that show a lower value than the chosen die "
         "onto the silver platter. Note: Dice showing the same number as the chosen die are not "
         "placed on the silver platter."),
    Rule("PLATTER-AFTER-THIRD", "after the third roll the remaining dice go to the platter",
         f"{EN}, The active player",
         "After the third roll, they place all remaining dice that are not on their game sheet "
         "onto the silver platter."),
    Rule("NO-DICE-LEFT", "with no dice left the active player's rolls end early",
         f"{EN}, The active player; RULING 2",
         "In this case the active player can no longer roll."),
    Rule("FORFEIT", "the active player may forfeit a roll: the die field stays empty, the roll "
         "counts", f"{EN}, Special case; RULING 1",
         "If the active player cannot or does not want to use a die from their roll, they do not "
         "set out a die and their roll is forfeited. The die field on the sheet then remains "
         "empty."),
    Rule("REROLL", "re-roll: active player only, before choosing a die, one unspent field each",
         f"{EN}, Re-Roll; RULING 3",
         "Only the active player may use this action. When you use this action, you must re-roll "
         "all of the dice you have just rolled."),
    Rule("PASSIVE-PLATTER", "each passive player may take one die from the silver platter",
         f"{EN}, The passive players; RULING 4",
         "Each fellow player may choose one die from the silver platter and enter it as a "
         "\"passive player\" in the matching color area on their game sheet."),
    Rule("PASSIVE-FALLBACK", "a die-field die only when no platter die can be used",
         f"{EN}, Special case; RULING 4",
         "If a passive player has no way of using a die from the silver platter, they may use a "
         "die from the active player's die fields. ... if they do so voluntarily, they may not "
         "use a die of the active player because of it."),
    Rule("SOLO-ROLL", "solo passive turn: all six dice rolled; three lowest to the platter (ties: "
         "closest), the others on die fields by distance", f"{EN}, Solo Game; RULING 9",
         "When you are in the role of the passive player, you roll all 6 dice and first place the "
         "3 dice with the lowest value on the silver platter. If there is a tie, you place the die "
         "on the silver platter that landed closest to the silver platter when rolled."),
    Rule("WHITE-JOKER", "a coloured die goes in its own area; the white die in any",
         f"{EN}, The White Die",
         "The white die is a color joker. You may use it as a yellow, turquoise, brown or pink "
         "die. Alternatively, you can combine it with the blue die."),
    Rule("CELL-FREE", "a field is crossed or written only once", f"{EN}, The Color Areas",
         "In principle, you may only enter something in each field once."),
    # --- Areas ----------------------------------------------------------------------------
    Rule("YELLOW-ROW", "a die on die field k crosses in yellow row k only",
         f"{EN}, The Yellow Area; RULING 5",
         "If you are the active player, on the first roll you may only cross out in the top row, "
         "on the second roll only in the middle row and on the third roll only in the bottom "
         "row."),
    Rule("YELLOW-GREY", "a die from the silver platter crosses a grey yellow cell only",
         f"{EN}, The Yellow Area; RULING 5",
         "If you are the passive player, you may only cross out one of the 6 gray-shaded "
         "fields."),
    Rule("TURQUOISE-EXTRA", "one further turquoise cross per other die of the same group showing "
         "the number", f"{EN}, The Turquoise Area; RULING 11",
         "If you are the active player and other dice showing the same number are already lying "
         "on your die fields, then for each of those dice you may cross out one further field in "
         "the same column."),
    Rule("BLUE-SUM", "blue writes blue die + white die, whichever is chosen, wherever the other "
         "lies", f"{EN}, The Blue Area; RULING 15",
         "If you choose the blue die, you must always first add the number of pips on the white "
         "die to it."),
    Rule("BLUE-STEP", "blue: left exactly 1 lower, right exactly 1 higher than the previous",
         f"{EN}, The Blue Area",
         "On the left you may only enter numbers that are exactly 1 lower than in the previous "
         "field; on the right only numbers that are exactly 1 higher than in the previous field."),
    Rule("BLUE-SEVEN", "blue: a 7 after any number but 7 (option blue_seven_after_seven)",
         f"{EN}, The Blue Area; RULING 14",
         "You may also enter a 7 after any other number and thus \"reset\" the sequence of "
         "numbers."),
    Rule("BLUE-FULL", "blue: six fields a side", "SHEET, Blue",
         "Middle field: a printed 7 (never written). 6 fields to its left, 6 to its right."),
    Rule("BROWN-NUMBER", "brown: cross a field showing the number", f"{EN}, The Brown Area",
         "If you choose the brown die, you must cross out a field showing the rolled number."),
    Rule("BROWN-ORDER", "brown: only right of the last crossed field; skipped fields are lost",
         f"{EN}, The Brown Area",
         "You may only cross out fields that lie further to the right than the last field you "
         "crossed out in this row."),
    Rule("PINK-NEXT", "pink: the next free field, half (bonus) or times the star (no bonus)",
         f"{EN}, The Pink Area",
         "You always start at the far left and enter a number in the next free field of the "
         "track. So you may not skip any fields here."),
    Rule("PINK-FIELD-ONE", "pink field 1: always half", f"{EN}, The Pink Area",
         "Note: In the first field you may not yet decide — here you always enter half the "
         "number on the die."),
    Rule("PINK-FULL", "pink: twelve fields", "SHEET, Pink", "one row of 12 fields"),
    # --- Bonuses --------------------------------------------------------------------------
    Rule("BONUS-YELLOW", "yellow bonus when the cells above and below are both crossed",
         f"{EN}, The Yellow Area",
         "As soon as you have crossed out the field directly above and the field directly below a "
         "bonus, you immediately receive the bonus depicted there."),
    Rule("BONUS-TURQUOISE", "turquoise bonus when every shaded cell of its row/column is crossed",
         f"{EN}, The Turquoise Area",
         "As soon as you have crossed out all the turquoise-shaded fields in a column or in a "
         "row, you receive the bonus depicted below that column or at the end of that row."),
    Rule("BONUS-BLUE", "blue bonus when a number is written in its field", f"{EN}, The Blue Area",
         "As soon as you enter a number in a field with a bonus, you receive the bonus depicted "
         "there."),
    Rule("BONUS-BROWN", "brown bonus when both neighbouring fields are crossed",
         f"{EN}, The Brown Area",
         "You always receive a bonus immediately once you have crossed out both adjacent fields "
         "(left and right)."),
    Rule("BONUS-PINK", "pink bonus only with half; times crosses the bonus out",
         f"{EN}, The Pink Area",
         "In this case you do not receive the indicated bonus and cross it out immediately."),
    Rule("QUESTION-FIRST", "pending question marks are resolved at once, before anything else",
         f"{EN}, Question-Mark Bonuses; RULING 18",
         "Whenever you activate a question-mark bonus, you must use it immediately."),
    Rule("QUESTION-USE", "a question mark: choose a number and use it in its area as if rolled "
         "(black: any area)", f"{EN}, Question-Mark Bonuses; RULINGS 10, 13, 16, 17",
         "When you use a question-mark bonus, you choose a number from 1 to 6. Then you cross out "
         "a field or enter a number in the corresponding color area. ... With the black "
         "question-mark bonus you may choose not only the number but also the color area."),
    Rule("QUESTION-LOST", "a question mark that cannot be used is lost", "RULING 19",
         "A question mark that cannot be used is lost."),
    Rule("ACTION-TRACK", "actions circled left to right; the 7th circle gives the end bonus",
         f"{EN}, Actions; RULING 20",
         "You must unlock the action fields from left to right, without skipping a field. At the "
         "end of each row a further bonus is depicted, which you receive when you circle the last "
         "action field on that track."),
    Rule("NUMBER-JOKER", "a number joker: a printed field forces its number, '?' is free; the "
         "face still decides the platter; it must change the number unless joker_same_face",
         f"{EN}, Any Number; RULING 12; RULING 23",
         "If the action field used shows a specific number, you must use exactly that number. If "
         "the action field shows a \"?\", you may choose the number freely. ... the number "
         "originally rolled remains valid."),
    Rule("EXTRA-DIE", "extra die: at the end of the player's turn, one unspent field each",
         f"{EN}, Extra Die; RULING 6",
         "You may use this action at the end of your turn to choose an additional die."),
    Rule("EXTRA-DIE-ONCE", "each die at most once as an extra die in a turn",
         f"{EN}, Extra Die; RULING 6", "However, you may choose each die only once as an extra "
         "die."),
    Rule("END-EXTRA", "after the last turn every player may still use extra dice",
         f"{EN}, Game End; RULING 7",
         "All players now still have the opportunity to use their remaining Extra Die actions "
         "and, if applicable, their remaining Any Number actions. Remaining Re-Roll actions are "
         "forfeited."),
    # --- Scoring --------------------------------------------------------------------------
    Rule("SCORE-YELLOW", "yellow: each row by its crosses (0 2 6 12 20 30 42)",
         f"{EN}, The Yellow Area; SHEET",
         "For each row you receive as many points as are indicated in the table in the yellow "
         "area."),
    Rule("SCORE-TURQUOISE", "turquoise: each row by its crosses (0 1 3 6 10 15 21)",
         f"{EN}, The Turquoise Area; SHEET",
         "For each row you receive as many points as are indicated in the table in the turquoise "
         "area."),
    Rule("SCORE-BLUE", "blue: points above both outermost fields, +4 per number <= 4 or >= 10",
         f"{EN}, The Blue Area",
         "You receive the points depicted above those two fields. In addition, you receive 4 bonus "
         "points for every number less than or equal to 4 and for every number greater than or "
         "equal to 10."),
    Rule("SCORE-BROWN", "brown: points by the number of crossed fields", f"{EN}, The Brown Area",
         "At the end of the game you receive points according to the number of fields you have "
         "crossed out in this area."),
    Rule("SCORE-PINK", "pink: the sum of the written numbers", f"{EN}, The Pink Area",
         "At the end of the game, add up all the numbers you have entered."),
    Rule("FOX", "each fox scores the player's lowest area", f"{EN}, Foxes; RULING 21",
         "Each activated fox is worth as many points as your color area with the fewest points."),
    Rule("WINNER", "highest total; tie: highest single area; still tied: all win",
         f"{EN}, Game End; RULING 22",
         "In case of a tie, the winner among those players is the one with the highest point "
         "value in a single area. If there is still no clear winner, there are several winners."),
    Rule("SCORE-TOTAL", "the total is the five areas plus foxes x the lowest area",
         f"{EN}, Game End",
         "Now the points are added up for each player."),
    Rule("GAME-COMPLETE", "a game record runs until the game ends", f"{EN}, Game End",
         "The game ends after the last active player has finished their turn in the last round "
         "and the passive players have entered their die from the silver platter."),
    Rule("SOLO-RATING", "the solo level by total", f"{EN}, How \"Clever\" Did You Play?",
         "Clever Cubed! > 450 ... Let's talk about something else < 179"),
    Rule("QUESTION-ONE-USE", "a question mark with exactly one use is entered at once, with no "
         "move", "RULING 19",
         "A question mark that has exactly one legal use is entered at once: the player has no "
         "choice (like circling an action field)."),
)

RULES_BY_ID: Mapping[str, Rule] = MappingProxyType({rule.id: rule for rule in RULES})
