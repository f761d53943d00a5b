"""The record viewer in a real browser: Debian's headless Chromium (driven by its chromedriver)
opens pages written by ``clever-oracle show --html`` for both games, steps forward and back with
the arrow keys and the buttons, and the test reads the page's text against the library and takes
screenshots (kept in ``$CLEVER_ORACLE_SCREENSHOTS`` when it is set).  Skipped, saying why, only
where Chromium or its driver is missing."""

from __future__ import annotations

import io
import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from oracle.cli import main
from oracle.game import CHANCE, NOBODY
from oracle.record import Record, load_records, replay, verify

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

#: Steps the tests walk forward from the start, then back.
FORWARD, BACK = 14, 4


@pytest.fixture(scope="module")
def browser() -> Iterator[WebDriver]:
    profile = tempfile.mkdtemp(prefix="clever-oracle-chromium-")
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                 "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--window-size=1400,1100",
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


def page(source: Path, folder: Path) -> tuple[Path, Record]:
    target = folder / f"{source.stem}.html"
    illegal = source.parent.name == "illegal"  # shown, with exit 1 (show --help)
    assert main(["show", "--html", str(source), "--out", str(target), "--force"],
                out=io.StringIO(), err=io.StringIO()) == (1 if illegal else 0)
    _, record = next(load_records(str(source)))
    assert not isinstance(record, Exception)
    return target, record


def text(driver: WebDriver, element: str) -> str:
    found: str = driver.find_element(By.ID, element).text
    return found


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
    assert text(driver, "status") == expected_status(record, frame)
    legal, dice = driver.execute_script(
        "const all = (q, f) => Array.from(document.querySelectorAll(q), f);"
        "return [all('#legal li', e => e.textContent), all('#dice .die', e => e.dataset.die)];")
    assert legal == [str(m) for m in game.legal_moves(state)]
    assert sorted(dice) == sorted(game.dice_codes)
    assert len(driver.find_elements(By.CSS_SELECTOR, "#sheets img")) == len(record.players)
    if frame < len(record.steps):
        assert str(record.steps[frame].move) in text(driver, "next-step")


def no_errors(driver: WebDriver) -> None:
    severe = [e for e in driver.get_log("browser") if e["level"] == "SEVERE"]
    assert severe == []


@pytest.mark.parametrize("file", ["three-players-legal.json",
                                  "fourever-three-players-legal.json"])
def test_stepping_through_a_legal_game(browser: WebDriver, shots: Path, file: str) -> None:
    target, record = page(EXAMPLES / file, shots)
    browser.get(target.as_uri())
    assert record.game.title in text(browser, "title")
    assert text(browser, "verdict") == "LEGAL"
    check_frame(browser, record, 0)
    body = browser.find_element(By.TAG_NAME, "body")
    for _ in range(FORWARD):
        body.send_keys(Keys.ARROW_RIGHT)
    check_frame(browser, record, FORWARD)
    browser.save_screenshot(str(shots / f"{target.stem}-step-{FORWARD}.png"))
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
    browser.save_screenshot(str(shots / f"{target.stem}-end.png"))
    browser.find_element(By.ID, "first").click()
    check_frame(browser, record, 0)
    no_errors(browser)


@pytest.mark.parametrize("file", ["illegal-step.json", "fourever-illegal-step.json"])
def test_the_refused_step_is_shown_with_its_rule_and_reason(browser: WebDriver, shots: Path,
                                                            file: str) -> None:
    target, record = page(EXAMPLES / "illegal" / file, shots)
    browser.get(target.as_uri())
    assert text(browser, "verdict").startswith("ILLEGAL at step")
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
    browser.save_screenshot(str(shots / f"{target.stem}-refused.png"))
    browser.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_LEFT)
    check_frame(browser, record, verdict.step - 2)
    assert not browser.find_element(By.ID, "refusal").is_displayed()
    no_errors(browser)
