"""The worked adapter of docs/certify.md (``oracle/adapter/own_dice.py``: an engine that rolls
its own dice and asks for explicit steps, behind protocol 2) conforms, in process and over JSON
Lines, for both games; and the document shows it as it is."""

from __future__ import annotations

import io
import sys
from collections.abc import Mapping
from pathlib import Path

import pytest

from oracle.adapter.own_dice import Adapter, OtherEngine
from oracle.cli import main
from oracle.games import find_game
from properties.certify import certify
from tests.processes import PATIENCE

ROOT = Path(__file__).resolve().parents[2]
WORKED = ROOT / "oracle" / "adapter" / "own_dice.py"


@pytest.mark.parametrize("game", ["clever-cubed", "clever-4ever"])
def test_worked_adapter_conforms(game: str) -> None:
    adapter = Adapter(game)
    result = certify(find_game(game), adapter, max_examples=3)
    assert result.findings == ()
    assert result.not_comparable == 0 and result.examples == 3


def test_worked_adapter_over_json_lines() -> None:
    out, err = io.StringIO(), io.StringIO()
    code = main(["certify", "--adapter", f"{sys.executable} -m oracle.adapter.own_dice",
                 "--max-examples", "2", "--timeout", str(PATIENCE)], out, err)
    assert code == 0, err.getvalue()
    assert "protocol 2" in out.getvalue() and "CONFORMING" in out.getvalue()


def test_a_wrong_roll_of_its_own_is_a_finding() -> None:
    """An engine whose own roll breaks the rules (a die rolled twice) is caught."""
    class RollsTooMuch(OtherEngine):
        def roll(self) -> str:
            text = super().roll()
            return text + " W6" if text.startswith("roll ") and " W" not in text else text

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
    start = code.index("class Adapter:")
    assert code[start:code.index('\n\nif __name__')] in text
