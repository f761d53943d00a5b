"""The record viewer's page without a browser: its frames, the packed sheet drawings, its
Content-Security-Policy, hostile names, the drawings' labels and marks (every target a move can
name is labelled as the notation spells it; the marks a step writes), a game in progress
(``show --html --partial``, ``POST /view?partial=true``), a position's page and the page the
checking service serves (``GET /view``, ``POST /view``: it may send to its own origin only) and
``clever-oracle show --html``."""

from __future__ import annotations

import base64
import hashlib
import io
import json
import re
from pathlib import Path

import pytest

from oracle.cli import main
from oracle.formats.drawing import SMALLEST, contrast
from oracle.games.fourever import render as fourever_render
from oracle.games.fourever.areas import grey
from oracle.engine.game import Game
from oracle.games import GAMES
from oracle.engine.moves import entry_text
from oracle.records.record import Record, load_records, parse_record, replay
from oracle.viewer.page import pack, page_data, unpack, viewer_html
from oracle.viewer.timeline import position_timeline, timeline

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
    assert "connect-src" not in policy.group(1) and '<meta name="clever-oracle-view"' not in html


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
    assert code == 1  # an illegal record is shown, with exit 1 (show --help)
    assert embedded(out)["verdict"]["rule"] == "YELLOW-ROW"  # type: ignore[index]  # JSON read as object


# --- the drawings: labels, marks, text -------------------------------------------------------


def keys(entry: str) -> list[tuple[str, str]]:
    """What the drawing must label for an entry (the contract of oracle.formats.drawing): one label
    per coordinate, axes split at ``,``, several rows joined by ``+``; an area named alone is
    labelled with its name."""
    area, _, spec = entry.partition(":")
    if not spec:
        return [(area, area)]
    return [(f"{area}:{axis}:{value}", value)
            for axis, values in enumerate(spec.split(",")) for value in values.split("+")]


def labels(svg: str) -> dict[str, str]:
    """Each ``data-label`` of a drawing and the text it shows."""
    return {key: text for key, text in re.findall(r'data-label="([^"]*)"[^>]*>([^<]*)<', svg)}


def cells_at(svg: str) -> list[set[str]]:
    """The ``data-at`` keys of every mark of a drawing."""
    return [set(found.split()) for found in re.findall(r'data-at="([^"]*)"', svg)]


def entries(game: Game) -> list[str]:
    """Every entry a move of ``game`` can name, as the notation spells it."""
    variant = game.variant  # type: ignore[attr-defined]  # CleverGame: the drawing's areas
    return [entry_text(area, target) for area in variant.areas for target in area.rules.TARGETS]


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_target_a_move_can_name_is_labelled_on_the_drawing(name: str) -> None:
    game = GAMES[name]
    svg = game.sheet_svg(game.new_game(1).sheets[0], "p1 Ann")
    shown, marks = labels(svg), cells_at(svg)
    named = entries(game)
    assert len(named) > 20
    for entry in named:
        wanted = keys(entry)
        for key, value in wanted:
            text = shown.get(key, "")
            assert (text.lower() if key == value else text) == value, (entry, key)
        rows = {k for k, _ in wanted if k.split(":")[1:2] != ["1"]}
        columns = {k for k, _ in wanted if k.split(":")[1:2] == ["1"]}
        for row in rows or {""}:
            assert any({row, *columns} - {""} <= at for at in marks), entry


def test_grey_parts_are_labelled_as_the_notation_spells_them(
        monkeypatch: pytest.MonkeyPatch) -> None:
    game = GAMES["clever-4ever"]
    sheet = game.new_game(1).sheets[0]
    assert labels(game.sheet_svg(sheet))["grey:0:7"] == "7"
    monkeypatch.setattr(grey, "target_text", lambda part: str(part + 1))  # 1-based parts
    cached = (fourever_render._grey, fourever_render._labels)
    for drawn in cached:
        drawn.cache_clear()
    try:
        shown = labels(game.sheet_svg(sheet))
        assert shown["grey:0:8"] == "8" and shown["grey:0:1"] == "1" and "grey:0:0" not in shown
    finally:
        monkeypatch.undo()
        for drawn in cached:
            drawn.cache_clear()


@pytest.mark.parametrize("name", sorted(GAMES))
def test_no_text_of_a_drawing_is_below_the_smallest_size(name: str) -> None:
    record = load(EXAMPLES / ("three-players-legal.json" if name == "clever-cubed"
                              else "fourever-three-players-legal.json"))
    svg = record.game.sheet_svg(replay(record).sheets[0], "p1 Ann")
    sizes = [int(size) for size in re.findall(r'font-size="(\d+)"', svg)]
    assert min(sizes) == SMALLEST and SMALLEST * 344 / 400 >= 11


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_text_of_a_drawing_reads_on_what_it_is_written_on(name: str) -> None:
    """Every text's ink against the fill it is written on (the cell around it, else the
    paper), as WCAG 2 AA asks of text: 4.5:1."""
    game = GAMES[name]
    record = load(EXAMPLES / ("three-players-legal.json" if name == "clever-cubed"
                              else "fourever-three-players-legal.json"))
    for sheet in (game.new_game(1).sheets[0], *replay(record).sheets):
        svg = game.sheet_svg(sheet, "p1 Ann")
        root = re.search(r'<svg [^>]*fill="(#[0-9a-f]{6})"', svg)
        assert root is not None
        boxes = [(float(x), float(y), float(w), float(h), fill) for x, y, w, h, fill in re.findall(
            r'<rect[^>]* x="([\d.]+)" y="([\d.]+)" width="([\d.]+)" height="([\d.]+)"[^>]* '
            r'fill="(#[0-9a-f]{6})"', svg)]
        texts = re.findall(r'<text x="([\d.]+)" y="([\d.]+)"([^>]*)>', svg)
        assert len(texts) > 150
        for x, y, rest in texts:
            ink = re.search(r' fill="(#[0-9a-f]{6})"', rest)
            on = [fill for bx, by, bw, bh, fill in boxes
                  if bx <= float(x) <= bx + bw and by <= float(y) - 4 <= by + bh]
            under = on[-1] if on else "#fbfaf5"
            assert contrast(ink.group(1) if ink else root.group(1), under) >= 4.5, (x, y, rest)


def entry_of(move: str) -> str | None:
    """The entry a move names (its last token), or None for a move that names none."""
    words = move.split()
    if words[0] not in ("take", "extra", "question"):
        return None
    return words[-1]


@pytest.mark.parametrize("file", ["three-players-legal.json", "fourever-three-players-legal.json"])
def test_each_step_marks_what_it_wrote_and_each_legal_move_what_it_would(file: str) -> None:
    record = load(EXAMPLES / file)
    line = timeline(record, file)
    drawings = line.drawings
    entered = 0
    for k in range(1, len(line.frames)):
        before, frame = line.frames[k - 1], line.frames[k]
        move = str(record.steps[k - 1].move)
        mover = record.steps[k - 1].actor
        if mover >= 0:
            assert before.would[before.view.legal.index(move)] == frame.last[mover]
        if (entry := entry_of(move)) is None:
            continue
        entered += 1
        svg = drawings[frame.sheets[mover]]
        marked = [set(m.split()) for ident in frame.last[mover]
                  for m in re.findall(rf'data-cell="{re.escape(ident)}" data-at="([^"]*)"', svg)]
        wanted = {key for key, _ in keys(entry)}
        assert any(at & wanted for at in marked), (k, move, frame.last[mover])
        assert all(not last for p, last in enumerate(frame.last) if p != mover) or \
            frame.view.round != before.view.round
    assert entered > 30


def in_progress(tmp_path: Path, file: str, steps: int) -> Path:
    """A game in progress: the first ``steps`` steps of an example record."""
    data = json.loads((EXAMPLES / file).read_text())
    data["steps"] = data["steps"][:steps]
    data.pop("totals", None)
    path = tmp_path / f"in-progress-{file}"
    path.write_text(json.dumps(data))
    return path


def test_a_game_in_progress_is_shown_as_one_with_partial(tmp_path: Path) -> None:
    source = in_progress(tmp_path, "fourever-three-players-legal.json", 40)
    record = load(source)
    assert timeline(record).verdict.status == "incomplete"
    line = timeline(record, partial=True)
    assert line.verdict.status == "legal-so-far" and line.played == 40
    target = tmp_path / "game.html"
    code, out, _ = show("--html", str(source), "--partial", "--out", str(target))
    assert code == 0 and embedded(target.read_text())["verdict"]["status"] == "legal-so-far"  # type: ignore[index]  # JSON read as object
    code, _, err = show(str(source), "--partial")
    assert code == 2 and "--partial: is for --html" in err


def test_view_takes_a_game_in_progress(tmp_path: Path) -> None:
    import asyncio  # noqa: PLC0415 - only this test talks to the service

    import httpx  # noqa: PLC0415

    from oracle.serve.app import create_app  # noqa: PLC0415

    body = in_progress(tmp_path, "three-players-legal.json", 30).read_bytes()

    async def ask(*partial: str) -> list[httpx.Response]:
        transport = httpx.ASGITransport(app=create_app())
        async with httpx.AsyncClient(transport=transport, base_url="http://viewer") as client:
            return [await client.post("/view", content=body, params={"partial": p} if p else {},
                                      headers={"content-type": "application/json"})
                    for p in partial]

    shown, plain, bad = asyncio.run(ask("true", "", "maybe"))
    assert shown.status_code == 200
    assert embedded(shown.text)["verdict"]["status"] == "legal-so-far"  # type: ignore[index]  # JSON read as object
    assert embedded(plain.text)["verdict"]["status"] == "incomplete"  # type: ignore[index]  # JSON read as object
    assert bad.status_code == 422 and bad.json()["where"] == "query: partial"


def _policy(html: str) -> str:
    found = re.search(r'http-equiv="Content-Security-Policy" content="([^"]*)"', html)
    assert found is not None
    return found.group(1)


@pytest.mark.parametrize("file", ["three-players-legal.json", "fourever-solo-legal.json"])
def test_a_position_is_one_frame_with_its_sheets_dice_and_legal_moves(file: str) -> None:
    record = load(EXAMPLES / file)
    game, state = record.game, replay(record, 6)
    data = json.loads(json.dumps(page_data(position_timeline(game, state), "position")))
    assert data["kind"] == "position" and data["steps"] == [] and data["start"] == 0
    assert data["players"] == [""] * len(record.players)
    [frame] = data["frames"]
    assert frame["position"] == game.format_position(state)
    assert frame["legal"] == [str(m) for m in game.legal_moves(state)]
    assert len(frame["would"]) == len(frame["legal"]) and frame["last"] == [[]] * state.players
    assert [unpack(data["fragments"], data["drawings"][i]) for i in frame["sheets"]] == [
        game.sheet_svg(s, f"p{p + 1}") for p, s in enumerate(state.sheets)]
    assert data["verdict"]["status"] == "legal-so-far"
    end = json.loads(json.dumps(page_data(position_timeline(game, replay(record)), "position")))
    assert end["verdict"]["status"] == "legal" and end["winners"] == (
        list(game.winner_seats(game.scores(replay(record)))) if len(record.players) > 1 else [])


def test_the_served_page_may_send_to_its_own_service_and_shows_positions(
        tmp_path: Path) -> None:
    import asyncio  # noqa: PLC0415 - only this test talks to the service

    import httpx  # noqa: PLC0415

    from oracle.serve.app import create_app  # noqa: PLC0415

    record = load(EXAMPLES / "three-players-legal.json")
    position = record.game.format_position(replay(record, 6))

    async def ask() -> list[httpx.Response]:
        transport = httpx.ASGITransport(app=create_app())
        async with httpx.AsyncClient(transport=transport, base_url="http://viewer") as client:
            return [
                await client.post("/view", json={"position": position}),
                await client.get("/view", params={"position": position}),
                await client.get("/view"),
                await client.post("/view", content=(EXAMPLES / "solo-legal.json").read_bytes()),
                await client.post("/view", json={"position": "clever-cubed round=9"}),
                await client.get("/view", params={"position": "clever-4ever x"}),
                await client.get("/view", params={"position": "x" * 20_001}),
                await client.get("/view", params={"step": "2"}),
                await client.post("/view", json={"position": position, "extra": 1}),
            ]

    posted, got, start, page, *bad = asyncio.run(ask())
    for answer in (posted, got, start, page):
        assert answer.status_code == 200 and answer.headers["content-type"].startswith(
            "text/html")
        policy = _policy(answer.text)
        assert answer.headers["content-security-policy"] == policy
        assert "connect-src 'self';" in policy and "http" not in policy
        assert '<meta name="clever-oracle-view" content="view">' in answer.text
    assert posted.text == got.text
    data = embedded(posted.text)
    assert data["kind"] == "position" and data["frames"][0]["position"] == position  # type: ignore[index]  # JSON read as object
    new = embedded(start.text)
    assert new["game"] == "clever-cubed" and new["players"] == [""]
    assert new["frames"][0]["to_move"] == "dice"  # type: ignore[index]  # JSON read as object
    assert embedded(page.text)["kind"] == "record"
    assert [(b.status_code, b.json()["where"]) for b in bad] == [
        (422, "/position"), (422, "query: position"), (422, "query: position"),
        (422, "query: step"), (422, "/")]
