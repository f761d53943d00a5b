"""``python -m spec.cubed.bench``: for every ``solve`` question in docs/solving.md, the build seconds,
the solve seconds and the answer.  The solo bound's proof (about 810 s, limit 1800 s) runs only
with ``--solo-bound``; without it the last line says it was left out."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from pathlib import Path

from oracle import Area, PlayerSheet
from oracle.records.record import load_records
from spec.cubed import cli, questions
from spec.cubed.seam import GAME, parse_sheet

#: docs/solving.md's second reachable example: player 1 after round 1 of a 2-player game.
TWO_PLAYERS_SHEET = ("y=....../...x.x/...... t=....../....../....../....../...... b=| "
                     "br=..x......... p= rr=o...... nj=....... xd=....... q=")
EXAMPLE_SHEET = ("y=x...../....../...... t=....../....../....../....../...... b=6|8 "
                 "br=x........... p=2h rr=o...... nj=....... xd=....... q=")


#: The bundled best solo game (the source repository's examples/).
WITNESS = Path(__file__).resolve().parents[2] / "examples" / "solo-best.json"


def _witness_sheet() -> PlayerSheet:
    """The final sheet of the bundled best solo game."""
    (_, record), = load_records(str(WITNESS))
    if isinstance(record, Exception):
        raise record
    state = GAME.new_game(1)
    for step in record.steps:
        state = GAME.apply(state, step.move)
    sheet = state.sheets[0]
    if not isinstance(sheet, PlayerSheet):
        raise TypeError("the bundled best game is not a Clever Cubed game")
    return sheet


def main(argv: Sequence[str] | None = None) -> None:
    """Run docs/solving.md's questions and print one line each."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--solo-bound", action="store_true", help="also prove the solo bound "
                        f"(about 810 s; time limit {cli.SOLO_BOUND_TIMEOUT:g} s)")
    args = parser.parse_args(argv)
    sheet = parse_sheet(EXAMPLE_SHEET)
    runs: list[tuple[str, Callable[[], questions.Answer]]] = [
        ("area-max pink 5", lambda: questions.area_max(Area.PINK, 5, 60)),
        ("sheet-max 10", lambda: questions.sheet_max(10)),
        ("sheet-max 20", lambda: questions.sheet_max(20)),
        ("sheet-max 25", lambda: questions.sheet_max(25)),
        ("sheet-max 45", lambda: questions.sheet_max(45)),
        ("fewest 683", lambda: questions.fewest(683)),
        ("fewest 60 --area brown", lambda: questions.fewest(60, Area.BROWN, 60)),
        ("complete SHEET 3", lambda: questions.complete(sheet, 3, 60)),
        ("reachable SHEET --round 1", lambda: questions.reachable(sheet, 1, 1, 60)),
        ("reachable SHEET2 -p 2 -r 1",
         lambda: questions.reachable(parse_sheet(TWO_PLAYERS_SHEET), 2, 1, 60)),
        ("reachable solo-best's sheet",
         lambda: questions.reachable(_witness_sheet(), 1, None, 60)),
    ]
    if args.solo_bound:
        runs.append(("solo-bound",
                     lambda: questions.solo_upper_bound_check(cli.SOLO_BOUND_TIMEOUT)))
    for name, run in runs:
        a = run()
        answer = str(a).splitlines()[0].split(": ", 1)[1]
        print(f"{name:28} build {a.build_seconds:6.2f} s  solve {a.solve_seconds:6.2f} s  "
              f"{answer}", flush=True)
    if not args.solo_bound:
        print(f"{'solo-bound':28} left out (about 810 s; --solo-bound runs it)", flush=True)


if __name__ == "__main__":
    main()
