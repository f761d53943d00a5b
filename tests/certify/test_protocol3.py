"""Protocol 3, the JSON game model (docs/certify.md, "Protocol 3"): hello negotiates it; every
message of a game fits the adapter-3 schemas; an app's sheet is compared area by area and a
finding names the area and the cell (also for a sheet in sheet notation, protocols 1 and 2);
moves an app lists or rolls as move JSON are read as moves; protocol 2 is still served to a
version-2 app.

    python -m tests.certify.test_protocol3 MODE     (a wrong version-3 adapter, for the tests)
"""

from __future__ import annotations

import copy
import io
import json
import re
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any, ClassVar

import attrs
import pytest

from oracle.adapter.compare import (
    dice_data,
    dice_differences,
    move_text,
    sheet_differences,
    text_sheet_differences,
)
from oracle.adapter.jsonl import SubprocessImplementation
from oracle.adapter.messages import check
from oracle.adapter.own_dice import Adapter
from oracle.adapter.protocol import (
    PROTOCOLS,
    AdapterError,
    AppState,
    Hello,
    JSONData,
    NotComparable,
    Turn,
)
from oracle.adapter.reference import ReferenceImplementation
from oracle.adapter.serve import serve
from oracle.games import find_game
from properties.certify import CONFORMING, certify
from properties.certify_report import finding_json, finding_text
from properties.perft import check_positions, default_counts, verdict
from properties.trace import trace
from tests.processes import PATIENCE

CUBED = find_game("clever-cubed")
FOUREVER = find_game("clever-4ever")
PYTHON = sys.executable
SELF = f"{PYTHON} -m tests.certify.test_protocol3"


def _served(app: object, *requests: dict[str, object]) -> list[dict[str, Any]]:
    """``app``'s answers, served over JSON Lines in memory, to ``requests``."""
    source = io.StringIO("".join(json.dumps(r) + "\n" for r in requests))
    sink = io.StringIO()
    serve(app, source, sink)  # type: ignore[arg-type]  # any version's implementation
    return [json.loads(line) for line in sink.getvalue().splitlines()]


def test_hello_negotiates_protocol_3() -> None:
    hello = {"type": "hello", "protocol": 1, "protocols": list(PROTOCOLS)}
    assert PROTOCOLS == (1, 2, 3)
    [answer] = _served(Adapter(), hello)
    check("hello", "response", answer, 3)
    assert answer["protocol"] == 3 and answer["capabilities"] == ["rolls_itself"]
    [answer] = _served(ReferenceImplementation(CUBED), hello)  # a version-2 app stays at 2
    check("hello", "response", answer, 2)
    assert answer["protocol"] == 2
    [answer] = _served(Adapter(), {**hello, "protocols": [1, 2]})  # an older harness
    assert answer == {"type": "error", "message": "this adapter speaks protocol 3; the harness "
                      "offered only protocols 1, 2"}


class Recording(SubprocessImplementation):
    """An adapter command whose every request and answer is kept."""

    def __init__(self, command: str) -> None:
        super().__init__(command, PATIENCE)
        self.said: list[tuple[dict[str, object], dict[str, object]]] = []

    def _ask(self, request: dict[str, object]) -> dict[str, object]:
        answer = super()._ask(request)
        self.said.append((request, answer))
        return answer


@pytest.mark.parametrize("game", ["clever-cubed", "clever-4ever"])
def test_every_message_of_a_protocol_3_game_fits_its_schema(game: str) -> None:
    """The worked adapter over JSON Lines: each request and answer is valid against
    ``oracle/schema/adapter-3/``, and speaks the model (move JSON with its notation, sheets
    as sheet JSON, the model's dice, rolls as move JSON)."""
    app = Recording(f"{PYTHON} -m oracle.adapter.own_dice {game}")
    try:
        result = certify(find_game(game), app, max_examples=1)
    finally:
        app.close()
    assert result.verdict == CONFORMING and result.hello.protocol == 3
    kinds = set()
    for request, answer in app.said:
        kind = str(request["type"])
        kinds.add(kind)
        check(kind, "request", request, 3)
        check(kind, "response", answer, 3)
        if kind == "apply":
            move = request["move"]
            assert isinstance(move, dict) and move["kind"] == str(request["notation"]).split()[0]
            if answer["type"] == "rolled":
                assert isinstance(answer["move"], dict)
        if kind == "state":
            sheets, dice = answer["sheets"], answer["dice"]
            assert isinstance(sheets, list) and all(isinstance(s, dict) for s in sheets)
            assert isinstance(dice, list) and all(isinstance(d, dict) for d in dice)
    assert kinds == {"hello", "new_game", "apply", "state"}


# --- a sheet that differs in one cell ---------------------------------------------------------

def _drop_six(game: str, sheet: JSONData) -> dict[str, object]:
    """The adapter's bug: it never reads the last cell of a line (turquoise's number 6 in
    Clever Cubed, blue's column 6 in Clever 4Ever)."""
    data: dict[str, Any] = copy.deepcopy(dict(sheet))
    area = "turquoise" if game == "clever-cubed" else "blue"
    data[area] = [[n for n in row if n != 6] for row in data[area]]
    return data


class MisreadsOneCell(Adapter):
    """The worked adapter misreading one cell of its engine's sheet (:func:`_drop_six`)."""

    def state(self, turn: Turn) -> AppState | NotComparable:
        shown = super().state(turn)
        assert isinstance(shown, AppState) and shown.sheets is not None
        return AppState(tuple(_drop_six(self.game_name, s) for s in shown.sheets
                              if not isinstance(s, str)), shown.scores, shown.dice)


@pytest.mark.parametrize("game, named", [
    ("clever-cubed", r"p\d's turquoise: the oracle has row \d number 6 crossed, the app not"),
    ("clever-4ever", r"p\d's blue: the oracle has row \d column 6 crossed, the app not"),
])
def test_a_json_sheet_one_cell_off_is_a_finding_naming_area_and_cell(game: str,
                                                                       named: str) -> None:
    result = certify(find_game(game), MisreadsOneCell(game), max_examples=2, shrink_replays=2)
    assert result.findings
    for finding in result.findings:
        assert finding.kind == "state" and finding.seen == "sheet"
        assert finding.difference is not None and re.fullmatch(named, finding.difference), \
            finding.difference
        assert f"  differs: {finding.difference}\n" in finding_text(finding)
        assert finding.to_json()["difference"] == finding.difference


def test_over_json_lines_too() -> None:
    app = SubprocessImplementation(f"{SELF} one-cell", PATIENCE)
    try:
        result = certify(CUBED, app, max_examples=1, shrink_replays=2)
    finally:
        app.close()
    assert result.findings and result.hello.protocol == 3
    assert all(re.fullmatch(r"p\d's turquoise: the oracle has row \d number 6 crossed, the app "
                            r"not", f.difference or "") for f in result.findings)


def test_trace_says_what_differs_area_by_area() -> None:
    result = certify(CUBED, MisreadsOneCell(), max_examples=1, shrink_replays=2)
    finding = result.findings[0]
    lines, parted = trace(CUBED, MisreadsOneCell(), finding_json(CUBED, finding), {})
    assert parted and finding.difference in [line.strip() for line in lines]
    assert any(line.endswith("<-- differs") and '"turquoise"' in line for line in lines)


def test_a_text_sheet_is_read_into_the_model_and_compared_the_same_way() -> None:
    """Protocols 1 and 2: the same one-cell bug in sheet notation is named the same way."""

    def misread(text: str) -> str:
        data = _drop_six(CUBED.name, CUBED.sheet_to_json(CUBED.parse_sheet(text)))
        del data["foxes"]
        return CUBED.format_sheet(CUBED.sheet_from_json(data))

    class InText(ReferenceImplementation):
        def state(self, turn: Turn | None = None) -> AppState:
            shown = super().state(turn)
            assert shown.sheets is not None
            sheets = tuple(misread(s) for s in shown.sheets if isinstance(s, str))
            return AppState(sheets, shown.scores, shown.dice)

    result = certify(CUBED, InText(CUBED), max_examples=2, shrink_replays=2)
    assert result.findings and result.hello.protocol == 2
    for finding in result.findings:
        assert finding.seen == "sheet" and finding.app.startswith("p")
        assert re.fullmatch(r"p\d's turquoise: the oracle has row \d number 6 crossed, the app "
                            r"not", finding.difference or ""), finding.difference


def test_area_by_area_words() -> None:
    """Each kind of area part in its own words, and a text the oracle cannot read compared
    field by field of the notation, with the reason."""
    sheet = CUBED.parse_sheet("y=....x./....x./x..... t=x.x.../xx..../x...../.x.x../..x... "
                              "b=| br=x..........x p=1h,2h,4t,12t,3h rr=oo..... nj=xo..... "
                              "xd=x...... q= fox=0")
    ours = CUBED.sheet_to_json(sheet)
    theirs: dict[str, Any] = copy.deepcopy(ours)
    theirs["yellow"]["II"] = [3, 5]
    theirs["blue"]["left"] = [7]
    theirs["brown"] = theirs["brown"][:1]
    theirs["pink"][4] = {"number": 6, "option": "times"}
    theirs["actions"]["number_joker"]["used"] = [2]
    theirs["actions"]["reroll"]["circled"] = 3
    theirs["question_marks"] = ["?Y"]
    del theirs["foxes"]  # the app may leave its foxes out
    assert sheet_differences(CUBED.name, ours, theirs, 0) == (
        "p1's yellow: the app has row II number 3 crossed, the oracle not",
        "p1's blue: left side field 1 from the middle: app 7, oracle empty",
        "p1's brown: the oracle has field 12 (printed 3) crossed, the app not",
        "p1's pink: field 5: app 6 (times), oracle 3 (half)",
        "p1's reroll track: fields circled: app 3, oracle 2",
        "p1's number joker track: the oracle has field 1 used, the app not",
        "p1's number joker track: the app has field 2 used, the oracle not",
        "p1's pending question marks: app [\"?Y\"], oracle []",
    )
    text = CUBED.format_sheet(sheet)
    unreadable = text.replace("y=....x.", "y=....x.x")
    found = text_sheet_differences(CUBED, ours, text, unreadable, 1)
    assert found[0] == "p2's sheet notation y=: app '....x.x/....x./x.....', oracle " \
        "'....x./....x./x.....'"
    assert found[-1].startswith("p2's sheet: the oracle cannot read the app's sheet (")
    assert dice_differences("W3:I Y5:cup", "W3:I Y5:platter") == (
        "die Y: app 5 on the silver platter, oracle 5 in the cup",)


# --- moves as move JSON -----------------------------------------------------------------------

class ListsJSON(ReferenceImplementation):
    """Our engine behind protocol 3, listing its legal moves as move JSON and showing its
    sheets as sheet JSON and its dice as the model's dice; ``extra`` also lists a move the
    rules refuse."""

    PROTOCOL: ClassVar[int] = 3

    def __init__(self, game: str, extra: bool = False) -> None:
        super().__init__(find_game(game))
        self.extra = extra

    def hello(self) -> Hello:
        return attrs.evolve(super().hello(), protocol=3)

    def legal(self, turn: Turn | None = None) -> tuple[Any, ...]:
        now = self._now()
        moves = tuple(self.game.move_to_json(m) for m in self.game.legal_moves(now))
        if self.extra and moves and moves[0]["kind"] == "take":
            moves += ({**moves[0], "die": "Q"},)  # no such die: the model cannot read it
        return moves

    def state(self, turn: Turn | None = None) -> AppState:
        shown = super().state(turn)
        now = self._now()
        return AppState(tuple(self.game.sheet_to_json(s) for s in now.sheets), shown.scores,
                        dice_data(self.game, now))


@pytest.mark.parametrize("game", ["clever-cubed", "clever-4ever"])
def test_moves_listed_as_move_json_are_read_as_moves(game: str) -> None:
    result = certify(find_game(game), ListsJSON(game), max_examples=1)
    assert result.verdict == CONFORMING and result.coverage.lists > 0


def test_conformance_counts_moves_listed_as_move_json(tmp_path: Path) -> None:
    """``conformance`` reads a version-3 app's move JSON lists as moves (the shipped position
    quickest to walk)."""
    data = json.loads(default_counts(CUBED.name).read_text())
    data["positions"] = [min(data["positions"], key=lambda p: p["perft"][-1])]
    path = tmp_path / "counts.json"
    path.write_text(json.dumps(data))
    positions = check_positions(CUBED, ListsJSON(CUBED.name), str(path))
    assert verdict(positions) == "conforming", positions


def test_a_listed_move_json_the_model_cannot_read_is_a_finding() -> None:
    result = certify(CUBED, ListsJSON(CUBED.name, extra=True), max_examples=1,
                     shrink_replays=2)
    [finding] = result.findings
    assert (finding.kind, finding.rule, finding.seen) == ("too-lenient", "MOVE-FORM", "listed")
    assert finding.move is not None and finding.move.startswith("{") and '"Q"' in finding.move
    assert move_text(CUBED, {"kind": "roll", "dice": [{"die": "W", "face": 7}]}) == "roll W7"


# --- a sheet that does not fit the schema -------------------------------------------------------

class ShowsNoSuchCell(Adapter):
    """Shows a yellow row II with a number 7 (no such cell): garbage, not a finding."""

    def state(self, turn: Turn) -> AppState | NotComparable:
        shown = super().state(turn)
        assert isinstance(shown, AppState) and shown.sheets is not None
        first: dict[str, Any] = copy.deepcopy(dict(shown.sheets[0]))  # type: ignore[arg-type]
        first["yellow"]["II"] = [7]
        return AppState((first, *shown.sheets[1:]), shown.scores, shown.dice)


def test_a_json_sheet_that_does_not_fit_the_schema_is_garbage() -> None:
    app = SubprocessImplementation(f"{SELF} no-such-cell", PATIENCE)
    try:
        with pytest.raises(AdapterError) as caught:
            certify(CUBED, app, max_examples=1)
    finally:
        app.close()
    said = str(caught.value)
    assert "garbage response to state: /sheets/0/yellow/II/0: 7 is greater than the maximum " \
        "of 6" in said and "\n" not in said


MODES: Mapping[str, type[Adapter]] = {"no-such-cell": ShowsNoSuchCell,
                                      "one-cell": MisreadsOneCell}

if __name__ == "__main__":
    raise SystemExit(serve(MODES[sys.argv[1]]()))
