"""The Clever 4Ever rule catalogue: every rule id with the sentence it comes from.

``RULES`` is the rules text we have (a rough machine translation of an online rules page; quoted
as it reads), ``SHEET`` the printed score sheet, ``docs/rulings.md, ruling n`` our rulings
(rulings 1-9 and 18-22 of part 1 apply to Clever 4Ever unchanged; part 2 numbers 4E-n).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from oracle.rulebook import Rule

TEXT = "rules (machine translation)"
SHEET = "printed score sheet"


def _ruling(n: str) -> str:
    return f"docs/rulings.md, ruling {n}"


RULES: tuple[Rule, ...] = (
    # --- Game structure -------------------------------------------------------------------
    Rule("ROUNDS", "6 rounds with 1 or 2 players, 5 with 3, 4 with 4", f"{TEXT}, Déroulement "
         f"du jeu; {_ruling('9')}",
         "The game runs over 6 laps with two players, 5 laps to third and 4 laps should be "
         "played to fourth."),
    Rule("ROUND-BONUS", "rounds 1-4 give every player re-roll, extra die, polish, black ?",
         f"{SHEET}, round track; {_ruling('4E-3')}",
         "Round bonuses: round 1 re-roll, round 2 extra die, round 3 polish, round 4 black "
         "question mark (resolved at once, in seat order, before the first roll of round 4)."),
    Rule("TURN-ORDER", "moves come in turn: the dice when a roll is due, else the player to move",
         f"{TEXT}, Main phase",
         "In each main phase you dice three times and each uses one of the active cubes."),
    Rule("GAME-OVER", "no move after the end of the game", f"{TEXT}, Fin de la partie",
         "The game ends after you have taken the cube from the silver platter in your passive "
         "train in the last round and have used any +1 actions."),
    Rule("MOVE-FORM", "a move is one the notation can express: a known kind, die, area, target",
         "oracle move notation (oracle/fourever/moves.py)",
         "Every choice the rules give a player is a move; every move has one canonical text."),
    Rule("ROLL-DICE", "a roll rolls exactly the dice still in the cup, each showing 1 to 6",
         f"{TEXT}, Main phase",
         "With the remaining cubes, you now dice for a second time."),
    Rule("ACTIVE-PICK", "the active player takes one die of the current roll", f"{TEXT}, Main "
         "phase",
         "You dice at the beginning of a round with all 6 cubes and look for a cube you use."),
    Rule("PLATTER-LOWER", "dice lower than the chosen die go to the silver platter; equal ones "
         "stay", f"{TEXT}, Main phase; docs/rulings.md, part 2",
         "All cubes that show a lower value than the currently selected cube are placed on the "
         "silver tray and can no longer be diceed and used again."),
    Rule("PLATTER-AFTER-THIRD", "after the third roll the remaining dice go to the platter",
         f"{TEXT}, Main phase",
         "Then all remaining cubes are placed on the silver tray."),
    Rule("NO-DICE-LEFT", "with no dice left the active player's rolls end early",
         f"{TEXT}, Passive phase; {_ruling('2')}",
         "If you have inserted 3 cubes or can no longer cube because all the remaining cubes are "
         "on the silver tray, the second phase of a round follows."),
    Rule("FORFEIT", "the active player may forfeit a roll: no die is taken, the roll counts",
         _ruling("1"),
         "The active player may decline to use any die of a roll ... The roll still counts."),
    Rule("REROLL", "re-roll: active player only, before choosing a die, one unspent field each",
         f"{TEXT}, Actions; {_ruling('3')}",
         "After each throw of the main phase, you can re-scramble the cubes that have just been "
         "thrown by means of the \"scramble action\"."),
    Rule("PASSIVE-PLATTER", "each passive player may take one die from the silver platter",
         f"{TEXT}, Passive phase; {_ruling('4')}",
         "From these 3 cubes you can select and enter a cube."),
    Rule("PASSIVE-FALLBACK", "a die-field die only when no platter die can be used without "
         "polishing", f"{TEXT}, Passive phase; {_ruling('4')}",
         "Special case: If you have no possibility to use a dice from the silver platter, you "
         "can use any dice."),
    Rule("SOLO-ROLL", "solo passive turn: all six dice rolled; three lowest to the platter (ties: "
         "closest), the others on die fields by distance", f"{TEXT}, Passive phase; "
         f"{_ruling('9')}",
         "All the cubes are diceed again and the 3 cubes are placed with the lowest value on the "
         "silver tray. If there is a balance, it will be decided by chance."),
    Rule("WHITE-JOKER", "a coloured die goes in its own area; the white die in any",
         f"{TEXT}, The 5 colors",
         "You always only use the cube of the corresponding color (or the white joker) to enter "
         "something into the area."),
    Rule("WHITE-FOR-BLUE", "the white die may be chosen for blue (option white_for_blue)",
         _ruling("4E-2"),
         "The white die may be chosen for blue; it crosses the same cell as the blue die would "
         "(row = blue die, column = white die)."),
    Rule("EXTRA-DIE", "an extra die: at the end of a turn, one unspent extra-die field, a die on "
         "a die field or the platter", f"{TEXT}, Actions; {_ruling('6')}",
         "You have the possibility to use the \"additional cube\" action both before the main "
         "phase is finished and before the passive phase of each round is terminated."),
    Rule("EXTRA-DIE-ONCE", "each die at most once as an extra die in a turn", f"{TEXT}, Actions",
         "However, each cube can only be selected once as an additional cube."),
    Rule("END-EXTRA", "no extra dice after the last turn: the game ends after the last passive "
         "player's extra dice", f"{TEXT}, Fin de la partie; {_ruling('4E-12')}",
         "The game ends after you have taken the cube from the silver platter ... and have used "
         "any +1 actions."),
    Rule("QUESTION-FIRST", "pending question marks are resolved before anything else",
         f"{TEXT}, Bonuses and points; {_ruling('18')}",
         "The colour bonuses must always be used immediately."),
    Rule("QUESTION-USE", "a question mark enters in its own area (black: any) as that area's "
         "question mark", f"{TEXT}, ?; {_ruling('4E-11')}",
         "If you catch a ?-bonus, you must immediately cross a field in the color range "
         "corresponding to the bonus."),
    Rule("QUESTION-LOST", "a question mark that cannot be used is lost", _ruling("19"),
         "A question mark that cannot be used is lost."),
    Rule("ACTION-TRACK", "actions are circled left to right; the re-roll track's last field "
         "gives a pink ?; a full track gains nothing", f"{SHEET}, action tracks; "
         f"{_ruling('4E-4')}",
         "Circling the 7th re-roll field earns a pink question mark; the extra-die (7) and "
         "polish (9) tracks have no end bonus. A full track gains nothing more."),
    Rule("POLISH", "polish the silver: ±1 per unspent polish field, stackable", f"{TEXT}, "
         f"Actions; {_ruling('4E-1')}",
         "If you use a cube from the silver platter, you may increase or lower the number of "
         "this cube by 1. You can also use this action several times to change the number by "
         "more than 1."),
    Rule("POLISH-PLATTER", "only a die taken from the silver platter (and its blue partner "
         "there) is polished (option polish_any_die)", _ruling("4E-1"),
         "It may be used only on a die the player takes from the silver platter ... and for a "
         "blue entry also on the partner die ... when that die lies on the platter."),
    Rule("POLISH-RANGE", "no wrap: a polished number stays within 1..6",
         f"{TEXT}, Actions; {_ruling('4E-1')}",
         "1 and 6 are not considered to be adjacent."),
    # --- Areas ------------------------------------------------------------------------------
    Rule("YELLOW-ROW", "a yellow number goes into the next free field of a row of the player's "
         "choice", f"{TEXT}, Yellow; {_ruling('4E-5')}",
         "You start to the left in each line and enter the value into the next free field. So "
         "you can't skip a field."),
    Rule("YELLOW-INCREASING", "the top yellow row strictly increases",
         f"{TEXT}, Yellow; {_ruling('4E-5')}",
         "In the following fields, however, you must always enter a number that is higher than "
         "in the previous field."),
    Rule("BLUE-CELL", "the blue die gives the row, the white die the column (a blue ?: any free "
         "cell)", f"{TEXT}, Bleu; {_ruling('4E-6')}",
         "The two cubes define the field for ticking. The blue cube determines the line and the "
         "white cube the column."),
    Rule("CELL-FREE", "a cell or part is crossed only once", f"{TEXT}, Bleu",
         "If you choose the blue cube, you have to cross exactly 1 field in this area."),
    Rule("GREY-SIZE", "a grey part has at most as many cells as the number", f"{TEXT}, Grey; "
         f"{_ruling('4E-8')}",
         "The number of cubes must be at least as high as the number of fields in the partial "
         "area."),
    Rule("GREY-START", "the first grey part is one of the two start parts",
         f"{TEXT}, Grey; {_ruling('4E-8')}",
         "You start to the left with one of the two red-edged subareas."),
    Rule("GREY-ADJACENT", "every later grey part touches a crossed cell orthogonally",
         f"{TEXT}, Grey; {_ruling('4E-8')}",
         "All other crosses must be placed horizontally or vertically adjacent to an existing "
         "cross."),
    Rule("GREEN-LINE", "a green number goes into the next free lower or upper triangle",
         f"{TEXT}, Green; {_ruling('4E-7')}",
         "If you choose the green cube, you must first decide whether to enter the cube value "
         "into the upper or the lower triangle. When entering, you fill each of the two "
         "\"line\" from left to right."),
    Rule("GREEN-UPPER-AFTER-LOWER", "option green_upper_after_lower: a field's upper triangle "
         "only after its lower one", _ruling("4E-7"),
         "true: a field's upper triangle may be written only after its lower one."),
    Rule("PINK-NEXT", "a pink number goes into the next free field", f"{TEXT}, Pink",
         "You always start to the left and enter a number into the next free field of the bar."),
    Rule("PINK-FULL", "nothing more can be written in a full pink area", f"{TEXT}, Pink",
         "So you can't skip fields here."),
    Rule("PINK-THREE", "a pink 3 writes another 3 in the next field (no effect of its own)",
         f"{SHEET}, pink; {_ruling('4E-9')}",
         "A 3 writes another 3 in the next field (no effect of its own; nothing at field 12)."),
    Rule("BONUS-YELLOW", "a yellow field's bonus comes when it is written", f"{SHEET}, yellow",
         "Bonus earned when that row's field in that column is written."),
    Rule("BONUS-BLUE", "a blue row's bonus with its 2nd cross; the main diagonal's re-roll with "
         "its 2nd cross", f"{SHEET}, blue; {_ruling('4E-6')}",
         "Row bonus on the row's 2nd cross; main-diagonal re-roll on its 2nd cross."),
    Rule("BONUS-GREY", "a bonus printed in a grey cell comes when the cell is crossed",
         f"{SHEET}, grey", "A bonus icon printed in a cell is earned when that cell is crossed."),
    Rule("BONUS-GREEN", "a green field's bonus comes with its lower triangle",
         f"{SHEET}, green; {_ruling('4E-7')}", "The bonus comes with the lower triangle."),
    Rule("BONUS-PINK", "a pink 5 or 6 earns the bonus under its field; 2, 4, 6 are circled",
         f"{SHEET}, pink; {_ruling('4E-9')}",
         "The effect follows the number written ... a 5 or 6 earns the bonus."),
    # --- Scoring ----------------------------------------------------------------------------
    Rule("SCORE-YELLOW", "yellow: bottom sum − middle sum + the stars of full columns",
         f"{TEXT}, Point score: Yellow",
         "All entered numbers, in the middle line are added together ... You get this sum as "
         "minus points. In the bottom line, all entered numbers are also added ... You get these "
         "points as positive points. There are no points in the top line. Lastly, you get points "
         "for each completely filled column."),
    Rule("SCORE-BLUE", "blue: columns with 2+ crosses, anti-diagonal 6 with 2+ crosses",
         f"{TEXT}, Point score: Bleu",
         "For each column where at least 2 fields are crossed, you will get the points below this "
         "column. You also get points when at least 2 fields in the diagonal are crossed from "
         "top right to bottom left."),
    Rule("SCORE-GREY", "grey: the points above every full column", f"{TEXT}, Point score: Grey",
         "For any column that is completely crossed, you get the points that are specified above "
         "this column."),
    Rule("SCORE-GREEN", "green: each full field's sum, fields 4-11 doubled",
         f"{TEXT}, Point score: Green; {SHEET}, green",
         "The point value consists of the sum of the two triangles of a field. This value is "
         "obtained only when numbers are entered in both triangles."),
    Rule("SCORE-PINK", "pink: the points above the last written field + circled 2s, 4s, 6s",
         f"{TEXT}, Point score: Pink",
         "The last entered field is relevant ... In addition, you get points for registered 2s, "
         "4s and 6s."),
    Rule("FOX", "each fox scores the lowest area, even negative (option fox_floor_zero)",
         f"{TEXT}, Fox; {_ruling('4E-10')}",
         "Each fox brings as many points as the color range with the least overall points."),
    Rule("SCORE-TOTAL", "the total is the areas plus the foxes", f"{TEXT}, Fin de la partie",
         "The scored points of all color ranges are added together with the points for the "
         "foxes."),
    Rule("WINNER", "highest total; tie: highest single area; still tied: all", _ruling("22"),
         "Winner: highest total; tie → highest single area among the tied; still tied → all."),
    Rule("SOLO-RATING", "the solo title by total", f"{SHEET}, solo ratings",
         "≥ 450 Clever 4ever! ... < 180 Let's talk about something else."),
    Rule("GAME-COMPLETE", "a game record runs until the game ends", f"{TEXT}, Fin de la partie; "
         f"{_ruling('4E-12')}",
         "The game ends after you have taken the cube from the silver platter in your passive "
         "turn in the last round and have used any +1 actions."),
    Rule("QUESTION-ONE-USE", "a question mark with exactly one use is entered at once, with no "
         "move", _ruling("19"),
         "A question mark that has exactly one legal use is entered at once: the player has no "
         "choice (like circling an action field)."),
    Rule("POLISH-PARTNER", "polish the silver changes the partner die only for a blue entry",
         _ruling("4E-1"),
         "... and for a blue entry also on the partner die (white for blue, blue for white)."),
    Rule("POLISH-ONE-DIE", "option polish_one_die: one polished die per entry", _ruling("4E-1"),
         "Option polish_one_die (default false): true allows only one polished die per entry "
         "(the die entered, or for blue its partner, not both)."),
)

RULES_BY_ID: Mapping[str, Rule] = MappingProxyType({r.id: r for r in RULES})
