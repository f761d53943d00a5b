"""The Clever 4Ever rule catalogue: every rule id with the sentence it comes from.

``RULES`` is the rules text we have (a rough machine translation of an online rules page), ``SHEET``
the printed score sheet, ``docs/rulings.md, ruling n`` our rulings (rulings 1-9 and 18-22 of part
1 apply to Clever 4Ever unchanged; part 2 numbers 4E-n).  A rule from the rules text states the
rule in plain English (its ``quote``), and its ``source`` names the section and quotes the
translation's sentence as it reads.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from oracle.engine.rulebook import Rule

TEXT = "rules (machine translation)"
SHEET = "printed score sheet"


def _ruling(n: str) -> str:
    return f"docs/rulings.md, ruling {n}"


RULES: tuple[Rule, ...] = (
    # --- Game structure -------------------------------------------------------------------
    Rule("ROUNDS", "6 rounds with 1 or 2 players, 5 with 3, 4 with 4",
         f"{TEXT}, Course of play: \"The game runs over 6 laps with two players, 5 laps to third "
         f"and 4 laps should be played to fourth.\"; {_ruling('9')}",
         "The game lasts 6 rounds with one or two players, 5 rounds with three players and 4 "
         "rounds with four players."),
    Rule("ROUND-BONUS", "rounds 1-4 give every player re-roll, extra die, polish, black ?",
         f"{SHEET}, round track; {_ruling('4E-3')}",
         "Round bonuses: round 1 re-roll, round 2 extra die, round 3 polish, round 4 black "
         "question mark (resolved at once, in seat order, before the first roll of round 4)."),
    Rule("TURN-ORDER", "moves come in turn: the dice when a roll is due, else the player to move",
         f"{TEXT}, Main phase: \"In each main phase you dice three times and each uses one of the "
         "active cubes.\"",
         "The players take turns as the active player; in the main phase of a turn the active "
         "player rolls up to three times and uses one of the rolled dice each time."),
    Rule("GAME-OVER", "no move after the end of the game",
         f"{TEXT}, End of the game: \"The game ends after you have taken the cube from the silver "
         "platter in your passive train in the last round and have used any +1 actions.\"",
         "The game ends in the last round once the passive players have taken their die from the"
         " silver platter and every player has used the extra-die (+1) actions they want to use."),
    Rule("MOVE-FORM", "a move is one the notation can express: a known kind, die, area, target",
         "oracle move notation (oracle/games/fourever/moves.py)",
         "Every choice the rules give a player is a move; every move has one canonical text."),
    Rule("ROLL-DICE", "a roll rolls exactly the dice still in the cup, each showing 1 to 6",
         f"{TEXT}, Main phase: \"With the remaining cubes, you now dice for a second time.\"",
         "The active player then rolls the remaining dice, those neither chosen nor on the "
         "silver platter, once more."),
    Rule("ACTIVE-PICK", "the active player takes one die of the current roll",
         f"{TEXT}, Main phase: \"You dice at the beginning of a round with all 6 cubes and look "
         "for a cube you use.\"",
         "At the start of a turn the active player rolls all six dice and chooses one of them to"
         " use."),
    Rule("PLATTER-LOWER", "dice lower than the chosen die go to the silver platter; equal ones "
         "stay",
         f"{TEXT}, Main phase: \"All cubes that show a lower value than the currently selected "
         "cube are placed on the silver tray and can no longer be diceed and used again.\"; "
         "docs/rulings.md, part 2",
         "Every die showing a lower number than the chosen die goes to the silver platter and "
         "can no longer be rolled or chosen this turn."),
    Rule("PLATTER-AFTER-THIRD", "after the third roll the remaining dice go to the platter",
         f"{TEXT}, Main phase: \"Then all remaining cubes are placed on the silver tray.\"",
         "After the third roll, all the remaining dice go to the silver platter."),
    Rule("NO-DICE-LEFT", "with no dice left the active player's rolls end early",
         f"{TEXT}, Passive phase: \"If you have inserted 3 cubes or can no longer cube because all"
         " the remaining cubes are on the silver tray, the second phase of a round follows.\"; "
         f"{_ruling('2')}",
         "When the active player has used three dice, or cannot roll again because all the "
         "remaining dice are on the silver platter, the passive phase of the turn follows."),
    Rule("FORFEIT", "the active player may forfeit a roll: no die is taken, the roll counts",
         _ruling("1"),
         "The active player may decline to use any die of a roll ... The roll still counts."),
    Rule("REROLL", "re-roll: active player only, before choosing a die, one unspent field each",
         f"{TEXT}, Actions: \"After each throw of the main phase, you can re-scramble the cubes "
         f"that have just been thrown by means of the 'scramble action'.\"; {_ruling('3')}",
         "After any roll of the main phase, the active player may use a re-roll action to roll "
         "again all the dice just rolled."),
    Rule("PASSIVE-PLATTER", "each passive player may take one die from the silver platter",
         f"{TEXT}, Passive phase: \"From these 3 cubes you can select and enter a cube.\"; "
         f"{_ruling('4')}",
         "Each passive player may choose one of the three dice on the silver platter and enter "
         "it."),
    Rule("PASSIVE-FALLBACK", "a die-field die only when no platter die can be used without "
         "polishing",
         f"{TEXT}, Passive phase: \"Special case: If you have no possibility to use a dice from "
         f"the silver platter, you can use any dice.\"; {_ruling('4')}",
         "Special case: a passive player who can use none of the dice on the silver platter may "
         "use any die instead."),
    Rule("SOLO-ROLL", "solo passive turn: all six dice rolled; three lowest to the platter (ties: "
         "closest), the others on die fields by distance",
         f"{TEXT}, Passive phase: \"All the cubes are diceed again and the 3 cubes are placed with"
         " the lowest value on the silver tray. If there is a balance, it will be decided by "
         f"chance.\"; {_ruling('9')}",
         "In the solo game's passive phase all six dice are rolled again, and the three showing "
         "the lowest numbers go to the silver platter; a tie is decided by chance."),
    Rule("WHITE-JOKER", "a coloured die goes in its own area; the white die in any",
         f"{TEXT}, The 5 colors: \"You always only use the cube of the corresponding color (or the"
         " white joker) to enter something into the area.\"",
         "A die is always entered in the area of its own colour; the white die is a joker and "
         "may be entered in any area."),
    Rule("WHITE-FOR-BLUE", "the white die may be chosen for blue (option white_for_blue)",
         _ruling("4E-2"),
         "The white die may be chosen for blue; it crosses the same cell as the blue die would "
         "(row = blue die, column = white die)."),
    Rule("EXTRA-DIE", "an extra die: at the end of a turn, one unspent extra-die field, a die on "
         "a die field or the platter",
         f"{TEXT}, Actions: \"You have the possibility to use the 'additional cube' action both "
         "before the main phase is finished and before the passive phase of each round is "
         f"terminated.\"; {_ruling('6')}",
         "The extra-die (+1) action may be used both at the end of the main phase and at the end"
         " of the passive phase of every round."),
    Rule("EXTRA-DIE-ONCE", "each die at most once as an extra die in a turn",
         f"{TEXT}, Actions: \"However, each cube can only be selected once as an additional "
         "cube.\"",
         "Each die can be chosen as an extra die only once in a turn."),
    Rule("END-EXTRA", "no extra dice after the last turn: the game ends after the last passive "
         "player's extra dice",
         f"{TEXT}, End of the game: \"The game ends after you have taken the cube from the silver "
         f"platter in your passive turn in the last round and have used any +1 actions.\"; "
         f"{_ruling('4E-12')}",
         "The game ends right after the last passive player's choice and extra dice; there is no "
         "end-of-game extra-die phase, and extra-die actions left are lost."),
    Rule("QUESTION-FIRST", "pending question marks are resolved before anything else",
         f"{TEXT}, Bonuses and points: \"The colour bonuses must always be used immediately.\"; "
         f"{_ruling('18')}",
         "Colour bonuses (question marks) must always be used at once."),
    Rule("QUESTION-USE", "a question mark enters in its own area (black: any) as that area's "
         "question mark",
         f"{TEXT}, Question marks: \"If you catch a ?-bonus, you must immediately cross a field in"
         f" the color range corresponding to the bonus.\"; {_ruling('4E-11')}",
         "A question-mark bonus must be used at once to cross a field in the area of its colour."),
    Rule("QUESTION-LOST", "a question mark that cannot be used is lost", _ruling("19"),
         "A question mark that cannot be used is lost."),
    Rule("ACTION-TRACK", "actions are circled left to right; the re-roll track's last field "
         "gives a pink ?; a full track gains nothing", f"{SHEET}, action tracks; "
         f"{_ruling('4E-4')}",
         "Circling the 7th re-roll field earns a pink question mark; the extra-die (7) and "
         "polish (9) tracks have no end bonus. A full track gains nothing more."),
    Rule("POLISH", "polish the silver: ±1 per unspent polish field, stackable",
         f"{TEXT}, Actions: \"If you use a cube from the silver platter, you may increase or lower"
         " the number of this cube by 1. You can also use this action several times to change "
         f"the number by more than 1.\"; {_ruling('4E-1')}",
         "A player who uses a die from the silver platter may raise or lower its number by 1 "
         "with a polish action, and may use several polish actions to change it by more than 1."),
    Rule("POLISH-PLATTER", "only a die taken from the silver platter (and its blue partner "
         "there) is polished (option polish_any_die)", _ruling("4E-1"),
         "It may be used only on a die the player takes from the silver platter ... and for a "
         "blue entry also on the partner die ... when that die lies on the platter."),
    Rule("POLISH-RANGE", "no wrap: a polished number stays within 1..6",
         f"{TEXT}, Actions: \"1 and 6 are not considered to be adjacent.\"; {_ruling('4E-1')}",
         "Polishing does not wrap around: 1 and 6 are not next to each other."),
    # --- Areas ------------------------------------------------------------------------------
    Rule("YELLOW-ROW", "a yellow number goes into the next free field of a row of the player's "
         "choice",
         f"{TEXT}, Yellow: \"You start to the left in each line and enter the value into the next "
         f"free field. So you can't skip a field.\"; {_ruling('4E-5')}",
         "Each yellow row is filled from the left: a number goes into the next free field of the"
         " row, so no field can be skipped."),
    Rule("YELLOW-INCREASING", "the top yellow row strictly increases",
         f"{TEXT}, Yellow: \"In the following fields, however, you must always enter a number that"
         f" is higher than in the previous field.\"; {_ruling('4E-5')}",
         "In the top yellow row every number must be higher than the number entered before it."),
    Rule("BLUE-CELL", "the blue die gives the row, the white die the column (a blue ?: any free "
         "cell)",
         f"{TEXT}, Blue: \"The two cubes define the field for ticking. The blue cube determines "
         f"the line and the white cube the column.\"; {_ruling('4E-6')}",
         "The blue die and the white die together give the field to cross: the blue die its row "
         "and the white die its column."),
    Rule("CELL-FREE", "a cell or part is crossed only once",
         f"{TEXT}, Blue: \"If you choose the blue cube, you have to cross exactly 1 field in this "
         "area.\"",
         "Choosing the blue die crosses exactly one field of the blue area, and a field that is "
         "crossed cannot be crossed again."),
    Rule("GREY-SIZE", "a grey part has at most as many cells as the number",
         f"{TEXT}, Grey: \"The number of cubes must be at least as high as the number of fields in"
         f" the partial area.\"; {_ruling('4E-8')}",
         "The number on the die must be at least as high as the number of fields of the grey "
         "part it crosses."),
    Rule("GREY-START", "the first grey part is one of the two start parts",
         f"{TEXT}, Grey: \"You start to the left with one of the two red-edged subareas.\"; "
         f"{_ruling('4E-8')}",
         "The grey area starts on the left, with one of the two parts edged in red."),
    Rule("GREY-ADJACENT", "every later grey part touches a crossed cell orthogonally",
         f"{TEXT}, Grey: \"All other crosses must be placed horizontally or vertically adjacent to"
         f" an existing cross.\"; {_ruling('4E-8')}",
         "Every later cross in grey must be next to an existing cross, horizontally or "
         "vertically."),
    Rule("GREEN-LINE", "a green number goes into the next free lower or upper triangle",
         f"{TEXT}, Green: \"If you choose the green cube, you must first decide whether to enter "
         "the cube value into the upper or the lower triangle. When entering, you fill each of "
         f"the two 'line' from left to right.\"; {_ruling('4E-7')}",
         "A player who chooses the green die first decides whether its number goes into the "
         "upper or the lower triangles; each line of triangles is filled from left to right."),
    Rule("GREEN-UPPER-AFTER-LOWER", "option green_upper_after_lower: a field's upper triangle "
         "only after its lower one", _ruling("4E-7"),
         "true: a field's upper triangle may be written only after its lower one."),
    Rule("PINK-NEXT", "a pink number goes into the next free field",
         f"{TEXT}, Pink: \"You always start to the left and enter a number into the next free "
         "field of the bar.\"",
         "Pink is filled from the left: each number goes into the next free field of the row."),
    Rule("PINK-FULL", "nothing more can be written in a full pink area",
         f"{TEXT}, Pink: \"So you can't skip fields here.\"",
         "No pink field can be skipped, so once the last field is written nothing more can go "
         "into pink."),
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
         f"{TEXT}, Scoring (yellow): \"All entered numbers, in the middle line are added together "
         "... You get this sum as minus points. In the bottom line, all entered numbers are also"
         " added ... You get these points as positive points. There are no points in the top "
         "line. Lastly, you get points for each completely filled column.\"",
         "Yellow scores the sum of the numbers in the bottom row minus the sum of those in the "
         "middle row (the top row scores nothing), plus the points of every completely filled "
         "column."),
    Rule("SCORE-BLUE", "blue: columns with 2+ crosses, anti-diagonal 6 with 2+ crosses",
         f"{TEXT}, Scoring (blue): \"For each column where at least 2 fields are crossed, you will "
         "get the points below this column. You also get points when at least 2 fields in the "
         "diagonal are crossed from top right to bottom left.\"",
         "Blue scores the points under every column with at least 2 crossed fields, and the "
         "points of the diagonal from top right to bottom left when at least 2 of its fields are"
         " crossed."),
    Rule("SCORE-GREY", "grey: the points above every full column",
         f"{TEXT}, Scoring (grey): \"For any column that is completely crossed, you get the points "
         "that are specified above this column.\"",
         "Grey scores the points printed above every completely crossed column."),
    Rule("SCORE-GREEN", "green: each full field's sum, fields 4-11 doubled",
         f"{TEXT}, Scoring (green): \"The point value consists of the sum of the two triangles of a"
         " field. This value is obtained only when numbers are entered in both triangles.\"; "
         f"{SHEET}, green",
         "A green field scores the sum of its two triangles, and only once numbers are written "
         "in both."),
    Rule("SCORE-PINK", "pink: the points above the last written field + circled 2s, 4s, 6s",
         f"{TEXT}, Scoring (pink): \"The last entered field is relevant ... In addition, you get "
         "points for registered 2s, 4s and 6s.\"",
         "Pink scores the points of the last field written, plus points for every 2, 4 and 6 "
         "entered."),
    Rule("FOX", "each fox scores the lowest area, even negative (option fox_floor_zero)",
         f"{TEXT}, Fox: \"Each fox brings as many points as the color range with the least overall"
         f" points.\"; {_ruling('4E-10')}",
         "Each fox scores as many points as the player's area with the fewest points."),
    Rule("SCORE-TOTAL", "the total is the areas plus the foxes",
         f"{TEXT}, End of the game: \"The scored points of all color ranges are added together "
         "with the points for the foxes.\"",
         "A player's total is the points of all areas added to the points of the foxes."),
    Rule("WINNER", "highest total; tie: highest single area; still tied: all", _ruling("22"),
         "Winner: highest total; tie → highest single area among the tied; still tied → all."),
    Rule("SOLO-RATING", "the solo title by total", f"{SHEET}, solo ratings",
         "≥ 450 Clever 4ever! ... < 180 Let's talk about something else."),
    Rule("GAME-COMPLETE", "a game record runs until the game ends",
         f"{TEXT}, End of the game: \"The game ends after you have taken the cube from the silver "
         f"platter in your passive turn in the last round and have used any +1 actions.\"; "
         f"{_ruling('4E-12')}",
         "A record of a game is complete when the game has ended: after the last passive "
         "player's choice and extra dice of the last round."),
    Rule("QUESTION-ONE-USE", "a question mark with exactly one use is entered at once, with no "
         "move", _ruling("19"),
         "A question mark that has exactly one legal use is entered at once: the player has no "
         "choice (like circling an action field)."),
    Rule("POLISH-PARTNER", "polish the silver changes the partner die only for a blue entry",
         _ruling("4E-1"),
         "Polish the silver changes the die entered, and for a blue entry also the partner die "
         "(white for blue, blue for white); no other entry reads a partner die."),
    Rule("POLISH-ONE-DIE", "option polish_one_die: one polished die per entry", _ruling("4E-1"),
         "Option polish_one_die (default false): true allows only one polished die per entry "
         "(the die entered, or for blue its partner, not both)."),
)

RULES_BY_ID: Mapping[str, Rule] = MappingProxyType({r.id: r for r in RULES})
