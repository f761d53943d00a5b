"""Messages that say what happened: an app's impossible roll is named as such (the die and the
face); ``certify --trace`` replays a finding in the finding's game; an adapter that closes its
output but keeps running is not said to have exited; an option the app does not declare with
our default value is not blamed on a ``--ruleset`` nobody gave."""

from __future__ import annotations

import io
import json
import random
import sys
from collections.abc import Mapping
from pathlib import Path

import pytest

from oracle.adapter import commands
from oracle.adapter.jsonl import SubprocessImplementation
from oracle.adapter.own_dice import Adapter, OtherEngine
from oracle.adapter.protocol import AdapterError, Hello
from oracle.adapter.reference import ReferenceImplementation
from oracle.cli import main
from oracle.engine.errors import OracleError
from oracle.games import find_game
from oracle.engine.phase import Phase
from properties.certify import certify
from properties.certify_report import finding_json, finding_text
from properties.findings import Finding
from tests.processes import PATIENCE

ROOT = Path(__file__).resolve().parents[2]
CUBED = find_game("clever-cubed")
FOUREVER = find_game("clever-4ever")
PYTHON = sys.executable


def _rolls_wrong(change: str) -> Adapter:
    """The worked adapter (rolls its own dice, answers them as move JSON) whose engine rolls
    impossibly: ``face-7`` shows a 7 on the white die of every full roll; ``not-in-cup`` also
    rolls the white die when it lies out of the cup."""

    class Engine(OtherEngine):
        def roll(self) -> tuple[tuple[str, int], ...]:
            solo = self.game.phase(self.state) is Phase.SOLO_ROLL
            dice = super().roll()
            colours = [colour for colour, _ in dice]
            if change == "face-7" and not solo and len(dice) == 6:
                return (("W", 7),) + dice[1:]
            if change == "not-in-cup" and "W" not in colours:
                return (("W", 6),) + dice
            return dice

    class Wrong(Adapter):
        def new_game(self, game: str, players: int, ruleset: Mapping[str, str | bool],
                     seed: int) -> None:
            self.engine = Engine(game, players, ruleset, seed)

    return Wrong("clever-cubed")


@pytest.mark.parametrize("change, named", [
    ("face-7", "W7: die W shows 7; a die shows 1 to 6"),
    ("not-in-cup", "W6: die W is not in the cup (it lies on "),
])
def test_an_impossible_roll_is_named_with_its_die_and_face(change: str, named: str) -> None:
    result = certify(CUBED, _rolls_wrong(change), max_examples=1, shrink_replays=2)
    assert result.findings
    for finding in result.findings:
        assert finding.seen == "roll" and finding.rule == "ROLL-DICE"
        text = finding_text(finding)
        assert "the app's roll is impossible" in text and "state differs" not in text
        assert f"oracle: impossible roll: {named}" in text
        record = finding_json(CUBED, finding)["record"]  # the record is written, no crash
        assert isinstance(record, dict) and "impossible roll" in str(record["comment"])


def _fourever_finding() -> dict[str, object]:
    """A finding of a Clever 4Ever game under one of its own options (as certify --json
    prints it)."""
    options = {"polish_any_die": "true"}
    state = FOUREVER.new_game(2, FOUREVER.make_ruleset(options))
    roll = FOUREVER.sample_chance(state, random.Random(1))
    move = FOUREVER.legal_moves(FOUREVER.apply(state, roll))[0]
    finding = Finding("too-strict", "POLISH", "refused", 2, (str(roll),), 2, str(move),
                      "legal", "refused: no", options)
    return finding_json(FOUREVER, finding)


@pytest.mark.parametrize("old", [False, True])
def test_trace_of_a_clever_4ever_finding_needs_no_game(tmp_path: Path, old: bool) -> None:
    """Without ``--game`` the finding's own game is replayed (``old``: a finding printed
    before findings named their game; its record names it)."""
    data = _fourever_finding()
    if old:
        del data["game"]
    saved = tmp_path / "finding.json"
    saved.write_text(json.dumps(data))
    out, err = io.StringIO(), io.StringIO()
    code = main(["certify", "--adapter", f"{PYTHON} -m oracle.adapter.reference --game "
                 "clever-4ever", "--trace", str(saved)], out, err)
    assert code == 0, err.getvalue()
    assert "ruleset option" not in err.getvalue()
    assert out.getvalue().splitlines()[1].startswith("trace: 2 player(s), 2 steps")


def test_trace_under_another_game_says_whose_finding_it_is(tmp_path: Path) -> None:
    saved = tmp_path / "finding.json"
    saved.write_text(json.dumps(_fourever_finding()))
    out, err = io.StringIO(), io.StringIO()
    code = main(["certify", "--adapter", f"{PYTHON} -m oracle.adapter.reference", "--game",
                 "clever-cubed", "--trace", str(saved)], out, err)
    assert code == 2 and err.getvalue().count("\n") == 1
    assert f"--trace {saved}: a finding of clever-4ever, not of --game clever-cubed" in \
        err.getvalue()


def test_an_adapter_that_closes_its_output_but_runs_on(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    app = SubprocessImplementation(f"{PYTHON} -m tests.hostile_adapters closes-output",
                                   timeout=PATIENCE)
    try:
        with pytest.raises(AdapterError) as caught:
            app.hello()
    finally:
        app.close()
    said = str(caught.value)
    assert "closed its output while still running" in said
    assert "code None" not in said and "exited" not in said


class DeclaresOwnFace(ReferenceImplementation):
    """Declares ``joker_same_face`` with the value ``true`` only (not our default)."""

    def __init__(self) -> None:
        super().__init__(CUBED)

    def hello(self) -> Hello:
        return Hello(CUBED.name, "own face", frozenset(), 2, {"joker_same_face": ("true",)})


def test_an_option_without_our_default_names_the_ruleset_used() -> None:
    with pytest.raises(OracleError) as caught:
        certify(CUBED, DeclaresOwnFace(), max_examples=1)
    said = str(caught.value)
    assert not said.startswith("--ruleset")
    assert said == ("the app declares joker_same_face=true only, but our default ruleset plays "
                    "joker_same_face=false (no --ruleset joker_same_face was given); certify "
                    "with --ruleset joker_same_face=true if that is the app's reading")


def test_an_option_given_without_the_apps_value_names_the_ruleset_option(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """On the command line: without --ruleset the message names the default ruleset; with
    it, the --ruleset given."""
    monkeypatch.setattr(commands, "_adapter", lambda args: DeclaresOwnFace())
    out, err = io.StringIO(), io.StringIO()
    assert main(["certify", "--adapter", "in-process"], out, err) == 2
    assert err.getvalue() == ("clever-oracle: the app declares joker_same_face=true only, but "
                              "our default ruleset plays joker_same_face=false (no --ruleset "
                              "joker_same_face was given); certify with --ruleset "
                              "joker_same_face=true if that is the app's reading\n")
    out, err = io.StringIO(), io.StringIO()
    assert main(["certify", "--adapter", "in-process", "--ruleset", "joker_same_face=false"],
                out, err) == 2
    assert err.getvalue() == ("clever-oracle: --ruleset joker_same_face=false: the app "
                              "declares joker_same_face=true only\n")
