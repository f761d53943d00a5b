"""The solve questions and command: certificates, witnesses, errors as one line."""

from __future__ import annotations

import io

import pytest

from oracle import Area, Ruleset
from oracle.cli import main
from oracle.records.record import load_records, verify
from spec.cubed import questions, seam
from spec.cubed.seam import parse_sheet
from tests.spec import SAFETY

SHEET = ("y=x...../....../...... t=....../....../....../....../...... b=6|8 br=x........... "
         "p=2h rr=o...... nj=....... xd=....... q=")


def test_area_max_is_proven_and_witnessed() -> None:
    answer = questions.area_max(Area.PINK, 5, SAFETY)
    assert answer.proven and answer.value == 39
    assert answer.witness is not None and "p=3h,6t,12t,12t,6t" in answer.witness


def test_fewest_entries() -> None:
    answer = questions.fewest(60, Area.BROWN, SAFETY)
    assert answer.proven and answer.value == 10


def test_reachable_names_broken_rules() -> None:
    answer = questions.reachable(parse_sheet(SHEET), 1, 1, SAFETY)
    assert answer.value is None
    assert any(n.startswith(("DIE-FIELDS", "PASSIVE")) for n in answer.notes)


def test_solve_command_and_bad_input() -> None:
    out, err = io.StringIO(), io.StringIO()
    assert main(["solve", "area-max", "pink", "5", "--timeout", str(SAFETY)], out, err) == 0
    assert "39" in out.getvalue()
    out, err = io.StringIO(), io.StringIO()
    assert main(["solve", "area-max", "green", "5"], out, err) == 2
    assert err.getvalue().count("\n") == 1


def test_solo_best_record_verifies() -> None:
    (name, record), = load_records("examples/solo-best.json")
    assert not isinstance(record, Exception)
    verdict = verify(record, name)
    assert verdict.status == "legal"


def test_every_part_of_the_reachability_check_has_words_and_rule_ids() -> None:
    """An unsat core prints each broken part in plain words with catalogued rule ids."""
    from oracle import RULES_BY_ID
    from spec.cubed import bound

    names = [name for name, _ in bound.relaxation(1).parts] + ["TRACKS", "SPENT", "PENDING"]
    for name in names:
        text = questions.part_text(name)
        ids = text.split("[", 1)[1].split("]", 1)[0].split(", ")
        assert ids and all(i in RULES_BY_ID for i in ids), text
        assert name.startswith("ENTRIES-") or name in questions.PART_WORDS, name


def test_bound_bisection_proves_the_bound_and_finds_better() -> None:
    """When the ascent runs out of time, bisection between the best found and a cap proves the
    bound (unsat beyond it) and may find better witnesses on the way."""
    import time

    from oracle import PlayerSheet
    from spec.cubed import sheetvars
    from spec.logic import Model, Solver, int_var
    from spec.solving import Search

    s = sheetvars.fresh("b")
    x = int_var("bisect_x")
    solver = Solver()
    solver.add(x.between(3, 37))
    deadline = time.perf_counter() + SAFETY
    def read(model: Model) -> PlayerSheet:
        return sheetvars.read(model, s, PlayerSheet())

    value, proven, _ = Search(solver, x, 1, read).bound(deadline, 10, 100)
    assert (value, proven) == (37, 37)
    value, proven, _ = Search(solver, x, -1, read).bound(deadline, 20, 0)
    assert (value, proven) == (3, 3)


@pytest.mark.parametrize(("most", "total"), [(10, 138), (20, 240), (25, 282), (45, 683)])
def test_sheet_max_is_exact(most: int, total: int) -> None:
    """The whole-sheet maxima, proven by the per-area decomposition; the witness (tracks
    included) scores exactly that by the engine."""
    answer = questions.sheet_max(most, SAFETY)
    assert answer.proven and answer.value == total and answer.witness is not None
    assert seam.total(seam.parse_sheet(answer.witness)) == total
    assert questions.fewest(total, None, SAFETY).value == most


def test_fewest_whole_sheet_beyond_reach() -> None:
    answer = questions.fewest(10_000, None, SAFETY)
    assert answer.proven and answer.value is None and "no sheet" in str(answer)


def test_a_claim_the_engine_does_not_confirm_exits_3(monkeypatch: pytest.MonkeyPatch) -> None:
    """A witness whose engine score differs from the claim is a bug: exit 3, one line, nothing
    printed as proven."""
    from spec.cubed import certificates

    real = certificates.with_tracks
    monkeypatch.setattr(certificates, "with_tracks",
                        lambda sheet, rounds, ruleset=Ruleset(): real(sheet, rounds).but(rerolls=0))
    out, err = io.StringIO(), io.StringIO()
    assert main(["solve", "sheet-max", "45", "--timeout", str(SAFETY)], out, err) == 3
    assert out.getvalue() == "" and err.getvalue().count("\n") == 1
    assert "683" in err.getvalue() and "engine" in err.getvalue()


def test_area_tables_agree_with_every_state() -> None:
    """Each yellow and brown option of the whole-sheet decomposition is the best score over
    every state of the area with at most its entries, its fox and its re-rolls (all 262,144 and
    4,096 states, evaluated with numpy), so the Z3 proofs behind the tables are confirmed."""
    import numpy as np

    from oracle import Bonus
    from spec.cubed import decompose, equality, spaces
    from spec.evaluate import evaluate
    from spec.logic import const

    for area, sheets in ((Area.YELLOW, spaces.yellow_sheets()), (Area.BROWN, spaces.brown_sheets())):
        module = equality.MODULES[area]
        v = module.fresh("t")
        terms = [module.score(v), module.entries(v), module.foxes(v),
                 module.earned(v).get(Bonus.REROLL, const(0))]
        score, entries, fox, rerolls = evaluate(terms, equality.values(area, v, sheets),
                                                len(sheets))
        for option in decompose.area_table(area):
            chosen = ((entries <= option.entries) & (fox == option.fox)
                      & (rerolls == option.rerolls))
            assert int(np.max(score[chosen])) == option.score, option


def test_solo_bound_takes_the_total_to_refute() -> None:
    """``solve solo-bound AT`` proves that no solo game totals AT or more (here an easy AT);
    more than one argument is one line and exit 2."""
    out, err = io.StringIO(), io.StringIO()
    assert main(["solve", "solo-bound", "10000", "--timeout", str(SAFETY)], out, err) == 0
    assert "9999" in out.getvalue() and "total >= 10000 is unsat" in out.getvalue()
    out, err = io.StringIO(), io.StringIO()
    assert main(["solve", "solo-bound", "669", "670"], out, err) == 2
    assert err.getvalue().count("\n") == 1 and "want 0 or 1 argument(s) ([AT])" in err.getvalue()
