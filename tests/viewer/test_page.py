"""The record viewer's page without a browser: its frames, the packed sheet drawings, its
Content-Security-Policy, hostile names, and ``clever-oracle show --html``."""

from __future__ import annotations

import base64
import hashlib
import io
import json
import re
from pathlib import Path

import pytest

from oracle.cli import main
from oracle.record import Record, load_records, parse_record, replay
from oracle.viewer.page import pack, page_data, unpack, viewer_html
from oracle.viewer.timeline import timeline

ROOT = Path(__file__).resolve().parent.parent.parent
EXAMPLES = ROOT / "examples"


def load(path: Path) -> Record:
    _, record = next(load_records(str(path)))
    assert not isinstance(record, Exception)
    return record


def embedded(html: str) -> dict[str, object]:
    found = re.search(r'<script id="record-data" type="application/json">(.*?)</script>', html,
                      re.S)
    assert found is not None
    data: dict[str, object] = json.loads(found.group(1))
    return data


@pytest.mark.parametrize("file", ["three-players-legal.json", "fourever-solo-legal.json"])
def test_a_legal_record_has_a_frame_per_step_and_the_final_scores(file: str) -> None:
    record = load(EXAMPLES / file)
    line = timeline(record, file)
    assert line.played == len(record.steps) and len(line.frames) == len(record.steps) + 1
    final = replay(record)
    game = record.game
    assert line.frames[-1].view.position == game.format_position(final)
    assert line.frames[-1].totals == tuple(s.total for s in game.scores(final))
    data = page_data(line, file)
    assert data["verdict"]["status"] == "legal"  # type: ignore[index]  # JSON read as object
    scores = game.scores(final)
    assert data["winners"] == (list(game.winner_seats(scores)) if len(scores) > 1 else [])
    for i, frame in enumerate(line.frames[:12]):
        state = replay(record, i + 1)
        assert frame.view.legal == tuple(str(m) for m in game.legal_moves(state))
        assert frame.view.dice_text == game.dice_text(state)
        sheets = [line.drawings[k] for k in frame.sheets]
        assert sheets == [game.sheet_svg(s, f"p{p + 1} {record.players[p]}")
                          for p, s in enumerate(state.sheets)]


@pytest.mark.parametrize("file", ["illegal-step.json", "fourever-illegal-step.json"])
def test_an_illegal_record_stops_before_the_refused_step(file: str) -> None:
    record = load(EXAMPLES / "illegal" / file)
    line = timeline(record, file)
    step = line.verdict.step
    assert line.verdict.status == "illegal" and step is not None
    assert line.played == step - 1
    assert line.frames[-1].view.position == line.verdict.position


def test_packed_drawings_unpack_to_the_same_svg() -> None:
    line = timeline(load(EXAMPLES / "fourever-three-players-legal.json"))
    fragments, runs = pack(line.drawings)
    assert [unpack(fragments, r) for r in runs] == list(line.drawings)
    assert sum(len(f) for f in fragments) < sum(len(d) for d in line.drawings) / 10


def _hash(text: str) -> str:
    return base64.b64encode(hashlib.sha256(text.encode()).digest()).decode()


def test_the_page_runs_only_its_own_script_and_shows_hostile_names_as_text() -> None:
    data = json.loads((EXAMPLES / "solo-legal.json").read_text())
    data["players"] = ["</script><img src=x onerror=alert(1)>&amp; @SCRIPT@ @DATA@"]
    html = viewer_html(parse_record(json.dumps(data)), "<b>name</b>")
    assert "</script><img" not in html and "<b>name</b>" not in html
    assert embedded(html)["players"] == data["players"]
    scripts = re.findall(r"<script>(.*?)</script>", html, re.S)
    styles = re.findall(r"<style>(.*?)</style>", html, re.S)
    policy = re.search(r'http-equiv="Content-Security-Policy" content="([^"]*)"', html)
    assert policy is not None and len(scripts) == 1 and len(styles) == 1
    assert f"script-src 'sha256-{_hash(scripts[0])}'" in policy.group(1)
    assert f"style-src 'sha256-{_hash(styles[0])}'" in policy.group(1)
    assert "default-src 'none'" in policy.group(1) and "http" not in policy.group(1)


def show(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(["show", *argv], out=out, err=err)
    return code, out.getvalue(), err.getvalue()


def test_show_html_writes_the_page_and_never_overwrites(tmp_path: Path) -> None:
    source = str(EXAMPLES / "fourever-three-players-legal.json")
    target = tmp_path / "game.html"
    code, out, _ = show("--html", source, "--out", str(target), "--step", "5")
    assert code == 0 and out == f"wrote {target}\n"
    assert target.read_text() == viewer_html(load(Path(source)), source, 4)
    assert embedded(target.read_text())["start"] == 4
    target.write_text("mine")
    code, _, err = show("--html", source, "--out", str(target))
    assert code == 2 and "--force" in err and target.read_text() == "mine"
    assert show("--html", source, "--out", str(target), "--force")[0] == 0
    assert target.read_text().startswith("<!DOCTYPE html>")


@pytest.mark.parametrize("argv,words", [
    (("--html", "examples/solo-legal.json"), "--html: name the page to write with --out"),
    (("--html", "examples/solo-legal.json", "--out", "examples/solo-legal.json"),
     "is a file being read"),
    (("--html", "examples/solo-legal.json", "--out", "-", "--step", "99"), "--step 99"),
    (("--html", "clever-cubed round=1 active=p1", "--out", "-"), "give a record"),
    (("examples/solo-legal.json", "--out", "x.html"), "--out: is for --html"),
])
def test_show_html_bad_command_lines_are_exit_2(argv: tuple[str, ...], words: str,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    code, out, err = show(*argv)
    assert code == 2 and words in err and out == ""


def test_show_html_to_standard_output() -> None:
    code, out, _ = show("--html", str(EXAMPLES / "illegal" / "illegal-step.json"), "--out", "-")
    assert code == 0
    assert embedded(out)["verdict"]["rule"] == "YELLOW-ROW"  # type: ignore[index]  # JSON read as object
