"""The worked adapter of docs/certify.md (``oracle/adapter/own_dice.py``: an engine that rolls
its own dice, asks for explicit steps and keeps its sheets as plain lists of cells, behind
protocol 3, the JSON game model) conforms, in process and over JSON Lines, for both games; and
the document shows it as it is."""

from __future__ import annotations

import io
import json
import sys
from collections.abc import Mapping
from pathlib import Path

import pytest

from oracle.adapter.own_dice import GREY_FIRST, Adapter, OtherEngine
from oracle.cli import main
from oracle.games import find_game
from properties.certify import CONFORMING, certify
from tests.processes import PATIENCE

ROOT = Path(__file__).resolve().parents[2]
WORKED = ROOT / "oracle" / "adapter" / "own_dice.py"


@pytest.mark.parametrize("game", ["clever-cubed", "clever-4ever"])
def test_worked_adapter_conforms(game: str) -> None:
    adapter = Adapter(game)
    result = certify(find_game(game), adapter, max_examples=3)
    assert result.findings == () and result.verdict == CONFORMING
    assert result.not_comparable == 0 and result.examples == 3
    assert result.hello.protocol == 3 and result.coverage.whole == 3


def test_the_worked_adapter_numbers_grey_parts_as_the_model() -> None:
    """Its ``GREY_FIRST`` is the first grey part of the model's schema (docs/formats.md)."""
    schema = json.loads((ROOT / "oracle" / "schema" / "state-1.json").read_text())
    grey = schema["$defs"]["clever-4ever-sheet"]["properties"]["grey"]["items"]
    assert GREY_FIRST == grey["minimum"], "own_dice.GREY_FIRST: set it to the model's first part"


def test_worked_adapter_over_json_lines() -> None:
    out, err = io.StringIO(), io.StringIO()
    code = main(["certify", "--adapter", f"{sys.executable} -m oracle.adapter.own_dice",
                 "--max-examples", "2", "--timeout", str(PATIENCE)], out, err)
    assert code == 0, err.getvalue()
    assert "protocol 3" in out.getvalue() and "CONFORMING" in out.getvalue()


def test_a_wrong_roll_of_its_own_is_a_finding() -> None:
    """An engine whose own roll breaks the rules (a die rolled twice) is caught."""
    class RollsTooMuch(OtherEngine):
        def roll(self) -> tuple[tuple[str, int], ...]:
            dice = super().roll()
            return dice + (("W", 6),) if all(c != "W" for c, _ in dice) else dice

    class Wrong(Adapter):
        def new_game(self, game: str, players: int, ruleset: Mapping[str, str | bool],
                     seed: int) -> None:
            self.engine = RollsTooMuch(game, players, ruleset, seed)

    result = certify(find_game("clever-cubed"), Wrong("clever-cubed"), max_examples=2,
                     shrink_replays=2)
    assert result.findings and all(f.seen == "roll" for f in result.findings)


def test_certify_md_shows_the_worked_adapter() -> None:
    text = (ROOT / "docs" / "certify.md").read_text()
    code = WORKED.read_text()
    start = code.index("# --- the adapter: the part you write")
    assert code[start:code.index('\n\nif __name__')] in text
