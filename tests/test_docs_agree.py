"""The documents say what the program does (issue "No crash, hang, orphan or misleading
verdict", item 19): the printed examples are the program's output line for line (a line cut
with ``...`` in the document matches around the cut), the README's commands run as written, and
what certify.md and the bench promise holds."""

from __future__ import annotations

import inspect
import io
import json
import re
import shlex
from pathlib import Path

import pytest

from oracle.cli import main
from properties.certify import certify

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text()
FORMATS = (ROOT / "docs" / "formats.md").read_text()
CERTIFY = (ROOT / "docs" / "certify.md").read_text()


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out, err)
    return code, out.getvalue(), err.getvalue()


def _block_after(text: str, marker: str) -> list[str]:
    """The lines of the first code block after ``marker`` (without the ``$`` command line)."""
    rest = text.split(marker, 1)[1]
    block = rest.split("```", 2)[1].split("\n", 1)[1]
    return [line for line in block.rstrip("\n").split("\n") if not line.startswith("$ ")]


#: Where a document cuts a long line: `` ...`` at the end or before a comma or a space (sheet
#: notation's own dots always follow a ``=`` or a ``/``).
CUT = re.compile(r" \.\.\.(?=,|\s|$),?")


def _matches(documented: str, printed: str) -> bool:
    """True when ``printed`` is ``documented`` with each cut standing for a part left out."""
    pieces = CUT.split(documented)
    if len(pieces) == 1:
        return documented == printed
    at = 0
    for number, piece in enumerate(pieces):
        found = printed.find(piece, at)
        if found < 0 or (number == 0 and found != 0):
            return False
        at = found + len(piece)
    return pieces[-1] == "" or printed.endswith(pieces[-1])


def _same_output(documented: list[str], printed: str) -> None:
    lines = printed.rstrip("\n").split("\n")
    assert len(lines) == len(documented), (documented, lines)
    for want, got in zip(documented, lines):
        assert _matches(want, got), (want, got)


def _worked_example(tmp_path: Path, change: int, step: str | None) -> Path:
    data = json.loads((ROOT / "docs" / "worked-example.json").read_text())
    steps = data["steps"]
    data["steps"] = (steps[:change] + [step] + steps[change:] if step is None or
                     step.startswith("p1") else steps[:change] + [step] + steps[change + 1:])
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data))
    return path


@pytest.mark.parametrize("marker, change, step", [
    ("Writing a `pass` for line 11", 8, "p1: pass"),
    ("Listing all six dice in the roll of line 5", 4, "dice: roll W2 Y1 T5 B3 Br2 P6"),
])
def test_formats_error_examples_are_the_whole_output(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch,
                                                      marker: str, change: int, step: str) -> None:
    path = _worked_example(tmp_path, change, step)
    monkeypatch.chdir(tmp_path)
    code, out, _ = run("verify", path.name)
    assert code == 1
    _same_output(_block_after(FORMATS, marker), out)


def test_readme_partial_example_is_the_whole_output(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    data = json.loads((ROOT / "examples" / "three-players-legal.json").read_text())
    data["steps"] = data["steps"][:5]
    data["players"] = ["Ann", "Bob", "Cid"]
    del data["totals"]
    (tmp_path / "game-so-far.json").write_text(json.dumps(data))
    monkeypatch.chdir(tmp_path)
    code, out, _ = run("verify", "--partial", "game-so-far.json")
    assert code == 0
    _same_output(_block_after(README, "**A game in progress.**"), out)


@pytest.mark.parametrize("document", [README, (ROOT / "docs" / "solving.md").read_text()],
                         ids=["README", "solving.md"])
def test_unreachable_sheet_example_runs_as_written(document: str) -> None:
    line = next(line.removeprefix("$ ") for line in document.splitlines()
                if line.removeprefix("$ ").startswith("clever-oracle solve reachable")
                and "# no" in line)
    argv = shlex.split(line.split("#", 1)[0])[1:]
    code, out, err = run(*argv)
    assert code == 0 and ": no" in out.splitlines()[0], err


def test_certify_md_gives_the_default_budget() -> None:
    games = inspect.signature(certify).parameters["max_examples"].default
    assert f"`--max-examples N` (games to play, default {games})" in CERTIFY
    assert f"default {games} games" in README
    assert "up to four" not in CERTIFY


def test_readme_installs_the_dask_extra_from_a_clone() -> None:
    assert "pip install -e '.[dask]'" in README


def test_the_bench_runs_the_solo_bound_only_when_asked(monkeypatch: pytest.MonkeyPatch,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    from spec.cubed import bench, questions

    asked: list[str] = []

    def answer(name: str) -> object:
        def ask(*args: object, **kwargs: object) -> questions.Answer:
            asked.append(name)
            return questions.Answer(name, 1, None, True, 1, 0.0, 0.0)
        return ask

    for name in ("area_max", "sheet_max", "fewest", "complete", "reachable",
                 "solo_upper_bound_check"):
        monkeypatch.setattr(bench.questions, name, answer(name))
    bench.main([])
    assert "solo_upper_bound_check" not in asked and "left out" in capsys.readouterr().out
    bench.main(["--solo-bound"])
    assert asked[-1] == "solo_upper_bound_check"


def test_clever_4ever_rules_are_plain_english_with_the_translation_as_source() -> None:
    """Each rule from the machine-translated rules states it in plain English; the source names
    the section in English and quotes the translation's sentence."""
    from oracle.games import find_game

    translated = [r for r in find_game("clever-4ever").rules
                  if r.source.startswith("rules (machine translation)")]
    assert len(translated) > 30
    for rule in translated:
        assert not re.search(r"Déroulement|partie|Bleu|Point score", rule.source), rule.id
        assert re.search(r'^rules \(machine translation\), [A-Z][^:"]*: "', rule.source), rule.id
        assert not re.search(r"\bcubes?\b|\blaps?\b|\btray\b|diceed", rule.quote), rule.id
