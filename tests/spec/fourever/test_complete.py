"""``solve --game clever-4ever complete SHEET N``: the best completion adds at most N entries,
counted here independently of the encoding and of the certificate check; with N = 0 the answer
is the sheet's own score; with N = 1 it is the best of every one-entry successor the engine
lists."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest

from oracle.cli import main
from oracle.records.record import parse_record, replay
from oracle.engine.sheet import Sheet
from spec.fourever import questions, spaces
from spec.fourever.printed import AREAS
from spec.fourever.seam import format_sheet, parse_sheet, total

EXAMPLES = Path(__file__).resolve().parents[3] / "examples"
#: docs/solving.md's completion example: a few entries in every area.
SMALL = ("y=12/3/ b=x...../....../....../....../....../...... gy=x................ gn=1/ p=2 "
         "rr=....... xd=....... ps=......... q=")
#: Issue 29's sheet: 6 foxes; its best completion with one more entry (499) crosses the 7th.
SEVEN_FOXES = ("y=23456/1/6 b=....../....../....../.x..../x...../xx.... gy=xxxxxxxxxxxxxxxxx "
               "gn=6666666666/6666666666 p=4444444 rr=o...... xd=....... ps=......... q=")
#: Seconds given to a question: a safety bound never reached here (the answers asserted are
#: proven ones, which do not depend on the machine's speed).
SAFETY = 3600.0


def final_sheet(name: str) -> Sheet:
    """Player 1's sheet at the end of a bundled game."""
    record = parse_record((EXAMPLES / name).read_text(encoding="utf-8"), name)
    sheet = replay(record).sheets[0]
    assert isinstance(sheet, Sheet)
    return sheet


def _sheets() -> dict[str, Sheet]:
    return {"small": parse_sheet(SMALL), "seven-foxes": parse_sheet(SEVEN_FOXES),
            "best": final_sheet("fourever-solo-best.json"),
            "legal": final_sheet("fourever-solo-legal.json"),
            "three": final_sheet("fourever-three-players-legal.json")}


def _pink_own(fields: tuple[int, ...]) -> int:
    """The pink fields the player wrote: every field but the extra 3 that follows a player's
    3 (ruling PINK-THREE)."""
    own, i = 0, 0
    while i < len(fields):
        own += 1
        i += 2 if fields[i] == 3 and i + 1 < len(fields) and fields[i + 1] == 3 else 1
    return own


def units(sheet: Sheet) -> int:
    """The entries that wrote ``sheet``'s areas, counted from the notation alone: yellow and
    green numbers, blue crosses, grey parts, the player's pink fields."""
    text = dict(item.split("=", 1) for item in format_sheet(sheet).split())
    digits = sum(c.isdigit() for c in text["y"]) + sum(c.isdigit() for c in text["gn"])
    crosses = text["b"].count("x") + text["gy"].count("x")
    return digits + crosses + _pink_own(tuple(int(c) for c in text["p"]))


def one_entry_successors(sheet: Sheet) -> list[Sheet]:
    """Every sheet one question-mark entry of the engine makes from ``sheet``, in any area."""
    out = []
    for i, label in enumerate(AREAS):
        for part in spaces.successors(label, sheet.parts[i]):
            parts: list[Any] = list(sheet.parts)
            parts[i] = part
            out.append(sheet.changed(parts=tuple(parts)))
    return out


def test_the_independent_count_agrees_on_the_bundled_games() -> None:
    """The test's own count is one per entry: a whole game's areas took at most the game's
    entries (3 active and 1 passive picks a round, extra dice and question marks)."""
    assert units(parse_sheet(SMALL)) == 7  # yellow 1, 2, 3; blue, grey, green, pink one each
    assert _pink_own((3, 3, 6, 6, 3, 3, 6, 6)) == 6
    assert 0 < units(final_sheet("fourever-solo-best.json")) <= questions.solo_entries()


@pytest.mark.parametrize("name", ["small", "best", "legal", "three"])
def test_no_more_entries_leaves_the_sheets_own_score(name: str) -> None:
    sheet = _sheets()[name]
    answer = questions.complete(sheet, 0, SAFETY)
    assert answer.proven and answer.value == total(sheet)
    assert answer.witness is not None and parse_sheet(answer.witness).parts == sheet.parts


@pytest.mark.parametrize("name", ["small", "seven-foxes", "legal", "three"])
def test_one_more_entry_is_the_best_successor_the_engine_lists(name: str) -> None:
    sheet = _sheets()[name]
    best = max(total(s) for s in [sheet, *one_entry_successors(sheet)])
    answer = questions.complete(sheet, 1, SAFETY)
    assert answer.proven and answer.value == best
    assert answer.witness is not None
    assert units(parse_sheet(answer.witness)) - units(sheet) <= 1


@pytest.mark.parametrize("more", [2, 3])
def test_a_few_more_entries_add_at_most_that_many(more: int) -> None:
    sheet = parse_sheet(SMALL)
    answer = questions.complete(sheet, more, SAFETY)
    assert answer.proven and answer.witness is not None
    witness = parse_sheet(answer.witness)
    assert units(witness) - units(sheet) <= more
    assert total(witness) == answer.value


def test_complete_command_with_no_more_entries() -> None:
    out, err = io.StringIO(), io.StringIO()
    assert main(["solve", "--game", "clever-4ever", "complete", SMALL, "0"], out, err) == 0
    head = out.getvalue().splitlines()[0]
    assert head.endswith(f": {total(parse_sheet(SMALL))} (proven optimal)"), head


def test_an_encoding_giving_entries_for_free_is_caught_by_the_engine(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Clever 4Ever's certificate writes the completion from the given sheet with the engine's
    own entries and counts them: an encoding that counted no grey entries would claim grey
    parts for free, and the engine's count refuses it (exit 3, nothing printed as proven)."""
    from spec.fourever import grey
    from spec.logic import const

    monkeypatch.setattr(grey, "entries", lambda area: const(0))
    out, err = io.StringIO(), io.StringIO()
    assert main(["solve", "--game", "clever-4ever", "complete", SMALL, "0"], out, err) == 3
    assert out.getvalue() == "" and err.getvalue().count("\n") == 1
    assert "more than the 0 claimed" in err.getvalue()
