"""The record viewer in a real browser: Debian's headless Chromium (driven by its chromedriver)
opens pages written by ``clever-oracle show --html`` for both games (a legal game, an illegal
one and one in progress), at a phone's 390x844 and a desktop's 1400x1000: nothing wider than
the screen, no text below 11 CSS pixels, every target of every listed legal move labelled on
the mover's sheet, the last step's marks shown; then steps with the arrow keys, the buttons and
the step list (reached with Tab), opens ``#step=7``, and loads a second page through the file
input; the page the checking service serves (``GET /view``, a live server) opens raw records and
a pasted position through the service.  The test reads the page against the library and takes screenshots (kept in
``$CLEVER_ORACLE_SCREENSHOTS`` when it is set).  It waits only for signs the page sets
(``data-frame``, ``data-opened``, the open message), each with a generous safety bound.  Skipped, saying why,
only where Chromium or its driver is missing."""

from __future__ import annotations

import io
import json
import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from oracle.cli import main
from oracle.engine.game import CHANCE, NOBODY
from oracle.records.record import Record, load_records, replay, verify
from oracle.viewer.snapshot import who

ROOT = Path(__file__).resolve().parent.parent.parent
EXAMPLES = ROOT / "examples"
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
DRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"

webdriver = pytest.importorskip("selenium.webdriver", reason="selenium is not installed "
                                "(pip install -e '.[test]')")
if not (os.access(CHROMIUM, os.X_OK) and os.access(DRIVER, os.X_OK)):
    pytest.skip("Chromium or chromedriver is missing: apt-get install chromium chromium-driver "
                "(.ci/run does)", allow_module_level=True)

from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402
from selenium.webdriver.remote.webdriver import WebDriver  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

#: Steps the tests walk forward from the start, then back.
FORWARD, BACK = 14, 4
#: A safety bound for what the page does after an event (never what decides a verdict).
BOUND = 60
PHONE, DESKTOP = (390, 844), (1400, 1000)
#: The pages: (name, game's example, how many steps a game in progress keeps).
GAMES = {"cubed": ("three-players-legal.json", "illegal-step.json"),
         "fourever": ("fourever-three-players-legal.json", "fourever-illegal-step.json")}
IN_PROGRESS = 47


@pytest.fixture(scope="module")
def browser() -> Iterator[WebDriver]:
    profile = tempfile.mkdtemp(prefix="clever-oracle-chromium-")
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                 "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--window-size=1400,1000",
                 f"--user-data-dir={profile}"):
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(options=options, service=Service(executable_path=DRIVER))
    try:
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


@pytest.fixture(scope="module")
def shots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    kept = os.environ.get("CLEVER_ORACLE_SCREENSHOTS")
    folder = Path(kept) if kept else tmp_path_factory.mktemp("screenshots")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def page(source: Path, folder: Path, *extra: str) -> tuple[Path, Record]:
    target = folder / f"{source.stem}.html"
    illegal = source.parent.name == "illegal"  # shown, with exit 1 (show --help)
    assert main(["show", "--html", str(source), "--out", str(target), "--force", *extra],
                out=io.StringIO(), err=io.StringIO()) == (1 if illegal else 0)
    _, record = next(load_records(str(source)))
    assert not isinstance(record, Exception)
    return target, record


@pytest.fixture(scope="module")
def pages(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[Path, Record]]:
    """Every page the tests open, written once: ``GAME-legal``, ``GAME-illegal`` and
    ``GAME-in-progress`` (``show --html --partial``)."""
    folder = tmp_path_factory.mktemp("pages")
    found = {}
    for game, (legal, illegal) in GAMES.items():
        found[f"{game}-legal"] = page(EXAMPLES / legal, folder)
        found[f"{game}-illegal"] = page(EXAMPLES / "illegal" / illegal, folder)
        data = json.loads((EXAMPLES / legal).read_text())
        data["steps"] = data["steps"][:IN_PROGRESS]
        data.pop("totals", None)
        source = folder / f"{game}-in-progress.json"
        source.write_text(json.dumps(data))
        found[f"{game}-in-progress"] = page(source, folder, "--partial")
    return found


def text(driver: WebDriver, element: str) -> str:
    found: str = driver.find_element(By.ID, element).text
    return found


def open_at(driver: WebDriver, target: Path, frame: int | None = None) -> None:
    """Open ``target`` (at ``#step=frame``) and wait until it shows a frame."""
    driver.get("about:blank")
    driver.get(target.as_uri() + ("" if frame is None else f"#step={frame}"))
    WebDriverWait(driver, BOUND).until(
        lambda d: d.execute_script("return document.body.dataset.frame !== undefined"))


def expected_status(record: Record, frame: int) -> str:
    state = replay(record, frame + 1)
    head = f"Round {state.round} of {state.rounds} \u2014 "
    if state.actor == NOBODY:
        return head + "the game is over"
    if state.actor == CHANCE:
        return head + "the dice are to be rolled"
    return head + f"p{state.actor + 1} ({record.players[state.actor]}) to move"


def check_frame(driver: WebDriver, record: Record, frame: int) -> None:
    game, state = record.game, replay(record, frame + 1)
    assert text(driver, "frame-label").startswith(f"step {frame} of {len(record.steps)}")
    assert driver.execute_script("return location.hash") == f"#step={frame}"
    assert text(driver, "status") == expected_status(record, frame)
    legal, dice = driver.execute_script(
        "const all = (q, f) => Array.from(document.querySelectorAll(q), f);"
        "return [all('#legal li', e => e.textContent), all('#dice .die', e => e.dataset.die)];")
    assert legal == [str(m) for m in game.legal_moves(state)]
    assert sorted(dice) == sorted(game.dice_codes)
    assert len(driver.find_elements(By.CSS_SELECTOR, "#sheets svg")) == len(record.players)
    if frame < len(record.steps):
        assert str(record.steps[frame].move) in text(driver, "next-step")


def no_errors(driver: WebDriver) -> None:
    severe = [e for e in driver.get_log("browser") if e["level"] == "SEVERE"]
    assert severe == []


#: Every text on the page smaller than 11 CSS pixels: its font size times the scale of the
#: drawing it is in (texts not shown, in closed boxes or scrolled lists' hidden parts, count
#: too when laid out).
SMALL_TEXT = """
const small = [];
const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
while (walk.nextNode()) {
  const node = walk.currentNode;
  const at = node.parentElement;
  if (!node.nodeValue.trim() || at.closest('script, style')) continue;
  const box = at.getBoundingClientRect();
  if (box.width === 0 || box.height === 0) continue;
  let size = parseFloat(getComputedStyle(at).fontSize);
  const svg = at.closest('svg');
  if (svg) size *= svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
  if (size < 11) small.push([node.nodeValue.slice(0, 30), size]);
}
return small;
"""

#: What the mover's sheet shows for keys: for each key, the label's text and whether it is
#: drawn inside the sheet; the keys of every mark; the keys of the marks the last step wrote.
SHEET = """
const [player, keys] = arguments;
const svg = document.querySelector('#sheets [data-player="' + player + '"] svg');
const frame = svg.getBoundingClientRect();
const labels = {};
for (const key of keys) {
  const node = svg.querySelector('[data-label="' + key + '"]');
  if (!node) continue;
  const box = node.getBoundingClientRect();
  labels[key] = [node.textContent, box.width > 0 && box.left >= frame.left - 1 &&
                 box.right <= frame.right + 1 && box.top >= frame.top - 1 &&
                 box.bottom <= frame.bottom + 1];
}
const at = (q) => Array.from(svg.querySelectorAll(q), (n) => (n.dataset.at || '').split(' '));
return [labels, at('[data-at]'), at('g.last'), svg.querySelectorAll('g.last').length];
"""


def entry_keys(move: str) -> list[tuple[str, str]]:
    """The labels a move's entry needs on the drawing (see oracle/formats/drawing.py): one per
    coordinate as the notation spells it; an area named alone, its name."""
    words = move.split()
    if words[0] not in ("take", "extra", "question"):
        return []
    area, _, spec = words[-1].partition(":")
    if not spec:
        return [(area, area)]
    return [(f"{area}:{axis}:{value}", value)
            for axis, values in enumerate(spec.split(",")) for value in values.split("+")]


def check_drawings(driver: WebDriver, record: Record, frame: int) -> None:
    """Every target of every listed legal move is labelled on the mover's sheet, as the
    notation spells it, inside the drawing, with a mark there; the last step's marks are
    shown, among them one its entry names."""
    state = replay(record, frame + 1)
    moves = [str(m) for m in record.game.legal_moves(state)] if state.actor >= 0 else []
    wanted = {key: value for move in moves for key, value in entry_keys(move)}
    if moves:
        assert wanted, "a frame with entries"
        labels, marks, _, _ = driver.execute_script(SHEET, state.actor, sorted(wanted))
        for key, value in wanted.items():
            assert key in labels, key
            shown, inside = labels[key]
            assert (shown.lower() if key == value else shown) == value and inside, key
        for move in moves:
            keys = {key for key, _ in entry_keys(move)}
            rows = {k for k in keys if k.count(":") < 2 or not k.split(":")[1] == "1"}
            columns = keys - rows
            assert all(any({row, *columns} <= set(at) for at in marks) for row in rows), move
    if frame == 0:
        return
    step = record.steps[frame - 1]
    entry = {key for key, _ in entry_keys(str(step.move))}
    if entry and step.actor >= 0:
        _, _, last, count = driver.execute_script(SHEET, step.actor, [])
        assert count > 0 and any(entry & set(at) for at in last), str(step.move)


def first_entry_frame(record: Record, at_least: int) -> int:
    """The first frame from ``at_least`` after a step that entered a number, with a player to
    move."""
    for frame in range(at_least, len(record.steps)):
        state = replay(record, frame + 1)
        if entry_keys(str(record.steps[frame - 1].move)) and state.actor >= 0:
            return frame
    raise AssertionError("no such frame")


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
@pytest.mark.parametrize("name", ["cubed-legal", "cubed-illegal", "cubed-in-progress",
                                  "fourever-legal", "fourever-illegal",
                                  "fourever-in-progress"])
def test_the_page_fits_reads_and_labels_what_moves_name(
        browser: WebDriver, pages: dict[str, tuple[Path, Record]], shots: Path,
        name: str, size: tuple[int, int]) -> None:
    target, record = pages[name]
    browser.set_window_size(*size)
    verdict = verify(record, partial=name.endswith("in-progress"))
    played = verdict.step - 1 if verdict.step is not None else len(record.steps)
    frame = first_entry_frame(record, 9) if name.endswith("-legal") else played
    open_at(browser, target, frame)
    assert browser.execute_script("return document.body.dataset.frame") == str(frame)
    width, inner = browser.execute_script(
        "return [document.documentElement.scrollWidth, window.innerWidth]")
    assert width <= inner, f"{width} CSS px wide in a {inner} px window"
    assert browser.execute_script(SMALL_TEXT) == []
    check_frame(browser, record, frame)
    check_drawings(browser, record, frame)
    head = text(browser, "verdict")
    if name.endswith("in-progress"):
        assert head.startswith("GAME IN PROGRESS") and "GAME-COMPLETE" not in head
        assert not browser.find_element(By.ID, "refusal").is_displayed()
    elif name.endswith("illegal"):
        assert head.startswith("ILLEGAL at step") and text(browser, "refusal")
    else:
        assert head == "LEGAL"
    label = "phone" if size == PHONE else "desktop"
    browser.save_screenshot(str(shots / f"{name}-{label}.png"))
    writer = record.steps[frame - 1].actor if frame else -1
    if writer >= 0:  # the sheet the last step wrote on
        browser.execute_script("document.querySelector('#sheets [data-player=\"' + arguments[0] +"
                               " '\"] g.last').scrollIntoView({block: 'center'});", writer)
        browser.save_screenshot(str(shots / f"{name}-{label}-last-step.png"))
    no_errors(browser)


@pytest.mark.parametrize("name", ["cubed-legal", "fourever-legal"])
def test_stepping_through_a_legal_game(browser: WebDriver, pages: dict[str, tuple[Path, Record]],
                                       name: str) -> None:
    target, record = pages[name]
    browser.set_window_size(*DESKTOP)
    open_at(browser, target)
    assert record.game.title in text(browser, "title")
    check_frame(browser, record, 0)
    body = browser.find_element(By.TAG_NAME, "body")
    for _ in range(FORWARD):
        body.send_keys(Keys.ARROW_RIGHT)
    check_frame(browser, record, FORWARD)
    assert text(browser, "said").startswith(f"Step {FORWARD}: ")
    for _ in range(BACK):
        body.send_keys(Keys.ARROW_LEFT)
    check_frame(browser, record, FORWARD - BACK)
    browser.find_element(By.ID, "next").click()
    check_frame(browser, record, FORWARD - BACK + 1)
    browser.find_element(By.ID, "last").click()
    check_frame(browser, record, len(record.steps))
    final = record.game.scores(replay(record))
    table = text(browser, "scores")
    assert table.startswith("Final scores")
    for i, score in enumerate(final):
        assert f"p{i + 1} ({record.players[i]})" in table and str(score.total) in table
    assert "winner" in table
    browser.find_element(By.ID, "first").click()
    check_frame(browser, record, 0)
    no_errors(browser)


@pytest.mark.parametrize("name", ["cubed-illegal", "fourever-illegal"])
def test_the_refused_step_is_shown_with_its_rule_and_reason(
        browser: WebDriver, pages: dict[str, tuple[Path, Record]], name: str) -> None:
    target, record = pages[name]
    browser.set_window_size(*DESKTOP)
    open_at(browser, target)
    browser.find_element(By.TAG_NAME, "body").send_keys(Keys.END)
    verdict = verify(record)
    assert verdict.step is not None and verdict.rule is not None and verdict.reason is not None
    check_frame(browser, record, verdict.step - 1)
    refusal = text(browser, "refusal")
    assert f"rule {verdict.rule}: {verdict.reason}" in refusal
    assert f"legal instead ({len(verdict.legal)})" in refusal
    assert text(browser, "next-step").startswith(f"Refused: step {verdict.step}")
    refused = browser.find_elements(By.CSS_SELECTOR, "#steps li.refused")
    assert len(refused) == 1 and str(record.steps[verdict.step - 1].move) in refused[0].text
    assert not browser.find_element(By.ID, "next").is_enabled()
    browser.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_LEFT)
    check_frame(browser, record, verdict.step - 2)
    assert not browser.find_element(By.ID, "refusal").is_displayed()
    no_errors(browser)


def test_step_7_by_address_tab_to_the_steps_and_hover_a_move(
        browser: WebDriver, pages: dict[str, tuple[Path, Record]]) -> None:
    target, record = pages["fourever-legal"]
    browser.set_window_size(*PHONE)
    open_at(browser, target, 7)
    check_frame(browser, record, 7)
    browser.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_RIGHT)
    check_frame(browser, record, 8)
    for _ in range(40):  # a bound: the step list is the tenth stop or so
        browser.switch_to.active_element.send_keys(Keys.TAB)
        if browser.execute_script("return document.activeElement.closest('#steps') !== null"):
            break
    focused = browser.switch_to.active_element
    assert focused.get_attribute("aria-current") == "step" and "current" in (
        focused.get_attribute("class") or "")
    focused.send_keys(Keys.ARROW_DOWN)
    check_frame(browser, record, 9)
    assert browser.execute_script("return document.activeElement.closest('#steps') !== null")
    state = replay(record, 10)
    mover = state.actor
    assert mover >= 0
    would = browser.execute_script(
        "const item = document.querySelector('#legal li');"
        "item.focus();"
        "return document.querySelectorAll('#sheets [data-player=\"' + arguments[0] + "
        "'\"] g.would').length;", mover)
    assert would > 0
    no_errors(browser)


def test_a_second_record_opens_through_the_file_input(
        browser: WebDriver, pages: dict[str, tuple[Path, Record]], tmp_path: Path) -> None:
    first, _ = pages["cubed-legal"]
    second, record = pages["fourever-in-progress"]
    browser.set_window_size(*DESKTOP)
    open_at(browser, first, 3)
    browser.find_element(By.CSS_SELECTOR, "#open-box summary").click()
    browser.find_element(By.ID, "file").send_keys(str(second))
    WebDriverWait(browser, BOUND).until(
        lambda d: d.execute_script("return document.body.dataset.opened") == "1")
    assert record.game.title in text(browser, "title")
    assert text(browser, "verdict").startswith("GAME IN PROGRESS")
    check_frame(browser, record, 0)
    browser.find_element(By.TAG_NAME, "body").send_keys(Keys.END)
    check_frame(browser, record, IN_PROGRESS)
    raw = tmp_path / "record.json"
    raw.write_text((EXAMPLES / "solo-legal.json").read_text())
    browser.find_element(By.ID, "file").send_keys(str(raw))
    WebDriverWait(browser, BOUND).until(
        lambda d: "game record" in d.find_element(By.ID, "open-message").text)
    assert record.game.title in text(browser, "title")  # what was shown stays
    no_errors(browser)


def test_a_pasted_page_keeps_only_what_drawings_draw(
        browser: WebDriver, pages: dict[str, tuple[Path, Record]]) -> None:
    """A page pasted into the viewer may hold anything: its drawings are rebuilt from the SVG
    elements and attributes the drawings use, so nothing in them runs or loads."""
    target, record = pages["cubed-illegal"]
    data = embedded_data(target.read_text())
    hostile = ('<g data-cell="evil" onclick="document.body.dataset.evil=1">'
               '<script>document.body.dataset.evil=2</script>'
               '<foreignObject><div>evil</div></foreignObject>'
               '<image href="https://example.com/x.png"/><a href="javascript:evil()">'
               '<text x="1" y="1">x</text></a></g>')
    data["fragments"][1] = hostile + data["fragments"][1]  # type: ignore[index]  # JSON
    data["name"] = "<b>pasted</b>"
    browser.set_window_size(*DESKTOP)
    open_at(browser, pages["fourever-legal"][0])
    browser.find_element(By.CSS_SELECTOR, "#open-box summary").click()
    browser.execute_script("document.getElementById('paste').value = arguments[0];",
                           json.dumps(data))
    browser.find_element(By.ID, "show-pasted").click()
    WebDriverWait(browser, BOUND).until(
        lambda d: d.execute_script("return document.body.dataset.opened") == "1")
    assert "<b>pasted</b>" in text(browser, "title") and record.game.title in text(browser, "title")
    found = browser.execute_script(
        "const s = document.getElementById('sheets');"
        "return [s.querySelectorAll('script, foreignObject, image, a, [onclick]').length,"
        " s.querySelectorAll('[data-cell=\"evil\"]').length, document.body.dataset.evil || '',"
        " document.querySelectorAll('#title b').length];")
    assert found[0] == 0 and found[1] >= 1 and found[2:] == ["", 0]
    # The handler in the pasted markup is refused by the page's policy before it is dropped.
    severe = [e for e in browser.get_log("browser") if e["level"] == "SEVERE"]
    assert all(e["source"] == "security" and "blocked" in e["message"] for e in severe)


def embedded_data(html: str) -> dict[str, object]:
    start = html.index('<script id="record-data" type="application/json">')
    body = html[html.index(">", start) + 1:html.index("</script>", start)]
    data: dict[str, object] = json.loads(body)
    return data


@pytest.fixture(scope="module")
def service() -> Iterator[str]:
    """A live checking service (``clever-oracle serve`` on a free loopback port)."""
    pytest.importorskip("starlette", reason="the serve extra is not installed")
    pytest.importorskip("uvicorn", reason="the serve extra is not installed")
    from tests.serve.live import running  # noqa: PLC0415 - only these tests need a server

    with running() as url:
        yield url


def opened(driver: WebDriver, count: int) -> None:
    WebDriverWait(driver, BOUND).until(
        lambda d: d.execute_script("return document.body.dataset.opened") == str(count))


def test_the_served_page_opens_raw_records_and_a_pasted_position_through_its_service(
        browser: WebDriver, service: str, shots: Path, tmp_path: Path) -> None:
    browser.set_window_size(*DESKTOP)
    browser.get("about:blank")
    browser.get(f"{service}/view")
    WebDriverWait(browser, BOUND).until(
        lambda d: d.execute_script("return document.body.dataset.frame !== undefined"))
    assert text(browser, "verdict").startswith("POSITION")
    browser.find_element(By.CSS_SELECTOR, "#open-box summary").click()
    sources = (EXAMPLES / "three-players-legal.json",
               EXAMPLES / "illegal" / "fourever-illegal-step.json")
    records = []
    for count, source in enumerate(sources, 1):
        browser.find_element(By.ID, "file").send_keys(str(source))
        opened(browser, count)
        _, record = next(load_records(str(source)))
        assert not isinstance(record, Exception)
        records.append(record)
        players = f"{len(record.players)} player" + ("s" if len(record.players) > 1 else "")
        assert text(browser, "title") == f"{record.game.title} \u2014 {source.name} ({players})"
        verdict = verify(record, partial=True)
        assert text(browser, "verdict").startswith(
            "LEGAL" if verdict.status == "legal" else f"ILLEGAL at step {verdict.step}")
        assert len(browser.find_elements(By.CSS_SELECTOR, "#steps li")) == len(record.steps)
        check_frame(browser, record, 0)
        browser.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_RIGHT)
        check_frame(browser, record, 1)
    browser.save_screenshot(str(shots / "served-second-record-desktop.png"))
    record = records[0]
    state = replay(record, 6)  # the first record (3 players), before its sixth step
    assert state.actor >= 0
    position = record.game.format_position(state)
    browser.execute_script("document.getElementById('paste').value = arguments[0];",
                           f"  {position}\n")
    browser.find_element(By.ID, "show-pasted").click()
    opened(browser, 3)
    assert text(browser, "verdict").startswith("POSITION")
    assert text(browser, "title").endswith(f"pasted position ({state.players} player"
                                           + ("s)" if state.players > 1 else ")"))
    assert text(browser, "status") == (f"Round {state.round} of {state.rounds} \u2014 "
                                       f"{who(state.actor)} to move")
    assert browser.execute_script("return document.getElementById('position').textContent") \
        == position
    legal = browser.execute_script(
        "return Array.from(document.querySelectorAll('#legal li'), e => e.textContent);")
    assert legal == [str(m) for m in record.game.legal_moves(state)]
    captions = [e.text for e in browser.find_elements(By.CSS_SELECTOR, "#sheets figcaption")]
    assert captions == [f"p{i + 1}" + (" \u2014 to move" if i == state.actor else "")
                        for i in range(state.players)]
    assert len(browser.find_elements(By.CSS_SELECTOR, "#sheets svg [data-cell]")) > 0
    browser.save_screenshot(str(shots / "served-pasted-position-desktop.png"))
    no_errors(browser)
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": "clever-oracle-record/1", "game": "clever-cubed", '
                      '"players": [], "steps": []}')
    browser.find_element(By.ID, "file").send_keys(str(broken))
    WebDriverWait(browser, BOUND).until(
        lambda d: "bad" in (d.find_element(By.ID, "open-message").get_attribute("class") or ""))
    message = text(browser, "open-message")
    assert message.startswith("Cannot show broken.json: /players") and "\n" not in message
    assert text(browser, "verdict").startswith("POSITION")  # what was shown stays
    browser.execute_script("document.getElementById('open-message').scrollIntoView();")
    browser.save_screenshot(str(shots / "served-broken-record-desktop.png"))
    # The one thing the console may say: the service refused the broken record (422).
    severe = [e for e in browser.get_log("browser") if e["level"] == "SEVERE"]
    assert all(e["source"] == "network" and "422" in e["message"] for e in severe)
