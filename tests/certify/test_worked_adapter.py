"""The worked adapter of docs/certify.md (``examples/own_dice_adapter.py``: an engine that rolls
its own dice and asks for explicit steps, behind protocol 2) conforms, in process and over JSON
Lines, for both games; and the document shows it as it is."""

from __future__ import annotations

import importlib.util
import io
import sys
from pathlib import Path
from types import ModuleType

import pytest

from oracle.cli import main
from oracle.games import find_game
from properties.certify import certify

ROOT = Path(__file__).resolve().parents[2]
WORKED = ROOT / "examples" / "own_dice_adapter.py"


def _module() -> ModuleType:
    spec = importlib.util.spec_from_file_location("own_dice_adapter", WORKED)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("game", ["clever-cubed", "clever-4ever"])
def test_worked_adapter_conforms(game: str) -> None:
    adapter = _module().Adapter(game)
    result = certify(find_game(game), adapter, max_examples=3)
    assert result.findings == ()
    assert result.not_comparable == 0 and result.examples == 3


def test_worked_adapter_over_json_lines() -> None:
    out, err = io.StringIO(), io.StringIO()
    code = main(["certify", "--adapter", f"{sys.executable} {WORKED}", "--max-examples", "2"],
                out, err)
    assert code == 0, err.getvalue()
    assert "protocol 2" in out.getvalue() and "CONFORMING" in out.getvalue()


def test_a_wrong_roll_of_its_own_is_a_finding() -> None:
    """An engine whose own roll breaks the rules (a die rolled twice) is caught."""
    module = _module()

    class RollsTooMuch(module.OtherEngine):  # type: ignore[misc,name-defined]  # loaded from a path
        def roll(self) -> str:
            text = super().roll()
            return text + " W6" if text.startswith("roll ") and " W" not in text else text

    adapter = module.Adapter("clever-cubed")
    original = module.OtherEngine
    module.OtherEngine = RollsTooMuch
    try:
        result = certify(find_game("clever-cubed"), adapter, max_examples=2, shrink_replays=2)
    finally:
        module.OtherEngine = original
    assert result.findings and all(f.seen == "roll" for f in result.findings)


def test_certify_md_shows_the_worked_adapter() -> None:
    text = (ROOT / "docs" / "certify.md").read_text()
    code = WORKED.read_text()
    start = code.index("class Adapter:")
    assert code[start:code.index('\n\nif __name__')] in text
