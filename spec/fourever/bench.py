"""``python -m spec.fourever.bench``: for every Clever 4Ever ``solve`` question in
docs/solving.md, the build seconds, the solve seconds and the answer (the whole-sheet questions
build the five area tables first: their time is in the first one's solve seconds); then the
solo plan and the beam toward it that
makes the bundled best game (README, "The highest solo score") with its total and
seconds, and ``reachable`` on that game's final sheet."""

from __future__ import annotations

import time
from collections.abc import Callable

from spec.fourever import questions, solo_exact, solo_plan, solo_search
from spec.fourever.seam import GAME, parse_sheet
from spec.solving import Answer

#: docs/solving.md's completion example.
EXAMPLE_SHEET = ("y=12/3/ b=x...../....../....../....../....../...... gy=x................ "
                 "gn=1/ p=2 rr=....... xd=....... ps=......... q=")


def main() -> None:
    """Run docs/solving.md's questions and print one line each."""
    runs: list[tuple[str, Callable[[], Answer]]] = [
        ("area-max yellow 6", lambda: questions.area_max("yellow", 6, 60)),
        ("area-max blue 6", lambda: questions.area_max("blue", 6, 60)),
        ("area-max grey 5", lambda: questions.area_max("grey", 5, 60)),
        ("area-max green 6", lambda: questions.area_max("green", 6, 60)),
        ("area-max pink 5", lambda: questions.area_max("pink", 5, 60)),
        ("fewest 60 --area grey", lambda: questions.fewest(60, "grey", 60)),
        ("fewest 100 --area green", lambda: questions.fewest(100, "green", 60)),
        ("complete SHEET 3", lambda: questions.complete(parse_sheet(EXAMPLE_SHEET), 3, 60)),
        ("sheet-max 20", lambda: questions.sheet_max(20, 1800)),
        ("sheet-max 78", lambda: questions.sheet_max(78, 1800)),
        ("fewest 1000", lambda: questions.fewest(1000, None, 1800)),
        ("solo-bound", lambda: questions.solo_bound(1800)),
    ]
    for name, run in runs:
        a = run()
        answer = str(a).splitlines()[0].split(": ", 1)[1]
        print(f"{name:26} build {a.build_seconds:6.2f} s  solve {a.solve_seconds:7.2f} s  "
              f"{answer}", flush=True)
    t0 = time.perf_counter()
    plan = solo_plan.best(solo_plan.WITNESS_ARGS)
    assert plan is not None
    print(f"{'solo plan (the 410 game)':26} {'':15}solve {time.perf_counter() - t0:7.2f} s  "
          f"{plan.total}", flush=True)
    t0 = time.perf_counter()
    found = solo_exact.best(solo_exact.WITNESS_ARGS)
    assert found is not None
    print(f"{'solo exact (witness)':26} {'':15}solve {time.perf_counter() - t0:7.2f} s  "
          f"{found.total}", flush=True)
    end = GAME.format_sheet(solo_search.sheet(found.node.state))
    a = questions.reachable(parse_sheet(end), 600)
    print(f"{'reachable (its sheet)':26} build {a.build_seconds:6.2f} s  solve "
          f"{a.solve_seconds:7.2f} s  {a.verdict}", flush=True)


if __name__ == "__main__":
    main()
