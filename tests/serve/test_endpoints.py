"""Every endpoint of the checking service, on a live server, gives the library's answers for
both games, in the shapes its OpenAPI document gives (docs: docs/serve.md)."""

from __future__ import annotations

import io
import json
import random
from collections.abc import Callable
from pathlib import Path

import httpx
import pytest

from oracle.cli import main
from oracle.engine.game import Game, State
from oracle.games import GAMES, find_game
from oracle.records.play import play_game
from oracle.records.record import load_records, record_game
from oracle.serve.endpoints import ENDPOINTS
from oracle.viewer.page import viewer_html
from tests.serve.live import SAFETY, SERVER_TIMEOUT

ROOT = Path(__file__).resolve().parent.parent.parent
EXAMPLES = ROOT / "examples"
Check = Callable[[object, str], None]


def states(game: Game, seed: int, every: int = 9) -> list[State]:
    """Every ``every``-th state of a seeded 2-player game, its end included."""
    moves, _ = play_game(2, seed, game=game.name)
    state = game.new_game(2)
    found = [state]
    for i, move in enumerate(moves):
        state = game.apply_unchecked(state, move)
        if i % every == 0 or state.is_terminal:
            found.append(state)
    return found


def post(url: str, path: str, body: object) -> httpx.Response:
    return httpx.post(f"{url}{path}", json=body, timeout=SAFETY)


def test_the_document_lists_every_endpoint_and_each_schema_reference_resolves(
        openapi: dict[str, object]) -> None:
    paths = openapi["paths"]
    assert isinstance(paths, dict)
    assert {(e.path, e.method.lower()) for e in ENDPOINTS} == {
        (path, method) for path, ops in paths.items() for method in ops}
    components = openapi["components"]["schemas"]  # type: ignore[index]  # JSON read as object
    text = json.dumps(openapi)
    for ref in {part.split('"')[0] for part in text.split('"$ref": "')[1:]}:
        assert ref.startswith("#/components/schemas/"), ref
        assert ref.removeprefix("#/components/schemas/") in components, ref
    assert components["record"]["properties"]["format"]["enum"] == [
        "clever-oracle-record/1", "clever-oracle-record/2"]


def test_health_games_and_rule_catalogues(server: str, conforms: Check) -> None:
    health = httpx.get(f"{server}/health", timeout=SAFETY).json()
    conforms(health, "health")
    assert health["games"] == list(GAMES)
    games = httpx.get(f"{server}/games", timeout=SAFETY).json()
    conforms(games, "games-answer")
    for listed, game in zip(games["games"], GAMES.values()):
        assert listed["name"] == game.name
        assert [o["name"] for o in listed["ruleset_options"]] == [
            o.name for o in game.ruleset_options]
        rules = httpx.get(f"{server}/games/{game.name}/rules", timeout=SAFETY).json()
        conforms(rules, "rules-answer")
        assert [r["id"] for r in rules["rules"]] == [r.id for r in game.rules]


@pytest.mark.parametrize("name", list(GAMES))
def test_legal_and_apply_agree_with_the_library(server: str, conforms: Check, name: str) -> None:
    game = find_game(name)
    for state in states(game, seed=3):
        position = game.format_position(state)
        found = post(server, "/legal", {"position": position}).json()
        conforms(found, "position-answer")
        assert found["legal"] == [str(m) for m in game.legal_moves(state)]
        assert found["over"] == state.is_terminal
        assert found["dice_text"] == game.dice_text(state)
        if state.is_terminal:
            continue
        move = (game.legal_moves(state)[-1] if not state.is_chance
                else game.sample_chance(state, random.Random(1)))
        applied = post(server, "/apply", {"position": position, "move": str(move)}).json()
        conforms(applied, "apply-answer")
        assert applied["accepted"] is True
        assert applied["position"] == game.format_position(game.apply(state, move))


@pytest.mark.parametrize("name", list(GAMES))
def test_apply_refuses_with_the_rule_reason_and_legal_moves(server: str, conforms: Check,
                                                             name: str) -> None:
    game = find_game(name)
    for state in states(game, seed=5)[1:6]:
        if state.is_chance or state.is_terminal:
            continue
        legal = set(game.legal_moves(state))
        wrong = next(m for m in game.move_space() if m not in legal)
        position = game.format_position(state)
        refused = post(server, "/apply", {"position": position, "move": str(wrong)}).json()
        conforms(refused, "apply-answer")
        assert refused["accepted"] is False
        assert (refused["rule"], refused["reason"]) == game.diagnose(state, wrong)
        assert refused["legal"] == [str(m) for m in game.legal_moves(state)]
        assert refused["position"] == position


@pytest.mark.parametrize("name", list(GAMES))
def test_score_and_render(server: str, conforms: Check, name: str) -> None:
    game = find_game(name)
    final = states(game, seed=7)[-1]
    position = game.format_position(final)
    scored = post(server, "/score", {"position": position}).json()
    conforms(scored, "score-answer")
    scores = game.scores(final)
    assert scored["scores"] == [s.to_json() for s in scores]
    assert scored["winners"] == list(game.winners(scores))
    sheet = game.format_sheet(final.sheets[1])
    one = post(server, "/score", {"game": name, "sheet": sheet}).json()
    conforms(one, "score-answer")
    assert one["scores"] == [scores[1].to_json()]
    assert one["solo_rating"] == game.solo_rating(scores[1].total)
    drawn = post(server, "/render", {"position": position, "player": 2, "title": "<Bob>"})
    assert drawn.headers["content-type"].startswith("image/svg+xml")
    assert drawn.text == game.sheet_svg(final.sheets[1], "<Bob>")
    assert "default-src 'none'" in drawn.headers["content-security-policy"]
    alone = post(server, "/render", {"game": name, "sheet": sheet})
    assert alone.text == game.sheet_svg(final.sheets[1], "")


def _cli_verify(body: bytes, *options: str) -> str:
    out = io.StringIO()
    main(["verify", "--json", *options, "-"], out=out, err=io.StringIO(),
         stdin=io.BytesIO(body))
    return out.getvalue()


def test_verify_answers_as_the_command_line_does(server: str, conforms: Check) -> None:
    records = sorted(EXAMPLES.glob("*.json")) + sorted((EXAMPLES / "illegal").glob("*.json"))
    lines = b"".join(json.dumps(json.loads(p.read_text())).encode() + b"\n" for p in records)
    lines += b'{"format": "clever-oracle-record/1"}\n'
    answer = httpx.post(f"{server}/verify", content=lines, timeout=SAFETY,
                        headers={"content-type": "application/x-ndjson"})
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("application/x-ndjson")
    assert answer.text == _cli_verify(lines)
    for line in answer.text.splitlines():
        conforms(json.loads(line), "verify-line")
    single = (EXAMPLES / "illegal" / "fourever-illegal-step.json").read_bytes()
    verdict = httpx.post(f"{server}/verify", content=single,
                         headers={"content-type": "application/json"}, timeout=SAFETY).json()
    conforms(verdict, "verdict")
    assert json.dumps(verdict) == _cli_verify(single).splitlines()[0]
    assert verdict["status"] == "illegal" and verdict["rule"]


def test_verify_query_partial_ruleset_and_game(server: str) -> None:
    moves, _ = play_game(2, 11, game="clever-4ever")
    record = record_game(moves[:30], ("Ann", "Bob"), game="clever-4ever", with_totals=False)
    body = json.dumps(record.to_json())
    url = f"{server}/verify"
    assert httpx.post(url, content=body, timeout=SAFETY).json()["status"] == "incomplete"
    so_far = httpx.post(url, content=body, params={"partial": "true"}, timeout=SAFETY).json()
    assert so_far["status"] == "legal-so-far" and so_far["legal"]
    wrong_game = httpx.post(url, content=body, params={"game": "clever-cubed"}, timeout=SAFETY)
    assert wrong_game.status_code == 422
    assert "not clever-cubed" in wrong_game.json()["error"]
    option = next(iter(find_game("clever-4ever").ruleset_options))
    other = next(v for v in option.values if v != option.default)
    judged = httpx.post(url, content=body, params={"ruleset": f"{option.name}={other}"},
                        timeout=SAFETY)
    assert judged.status_code == 200
    bad = httpx.post(url, content=body, params={"ruleset": "no_such_option=1"},
                     timeout=SAFETY).json()
    assert bad["where"] == "query: ruleset" and "want one of" in bad["error"]
    typo = httpx.post(url, content=body, params={"partal": "true"}, timeout=SAFETY).json()
    assert typo["where"] == "query: partal"


def test_solve_answers_with_its_certificate(server: str, conforms: Check) -> None:
    answer = post(server, "/solve", {"question": "area-max", "area": "pink", "most": 5}).json()
    conforms(answer, "solve-answer")
    assert (answer["value"], answer["proven"]) == (39, True)
    assert answer["timeout"] == SERVER_TIMEOUT  # the server's limit when none is asked
    fewest = post(server, "/solve", {"question": "fewest", "goal": 60, "area": "brown",
                                     "timeout": 300}).json()
    assert (fewest["value"], fewest["proven"], fewest["timeout"]) == (10, True, 300)
    sheet = ("y=....../...x.x/...... t=....../....../....../....../...... b=| "
             "br=..x......... p= rr=o...... nj=....... xd=....... q=")
    reach = post(server, "/solve", {"question": "reachable", "sheet": sheet, "players": 2,
                                    "round": 1}).json()
    conforms(reach, "solve-answer")
    assert reach["verdict"] == "yes"
    assert reach["record"]["format"] == "clever-oracle-record/2"


def test_solve_refuses_bad_questions_naming_the_field(server: str) -> None:
    missing = post(server, "/solve", {"question": "area-max", "area": "pink"})
    assert missing.status_code == 422 and "'most'" in missing.json()["error"]
    wrong = post(server, "/solve", {"question": "complete", "sheet": "y=nonsense", "more": 2})
    assert wrong.status_code == 422 and wrong.json()["where"] == "/sheet"
    rounds = post(server, "/solve", {"question": "reachable", "sheet": "y=....../....../......"
                                     " t=....../....../....../....../...... b=| br=............"
                                     " p= rr=o...... nj=....... xd=....... q=", "players": 4,
                                     "round": 6})
    assert rounds.status_code == 422 and rounds.json()["where"] == "/round"
    slow = post(server, "/solve", {"question": "solo-bound"})
    assert slow.status_code == 422 and slow.json()["where"] == "/question"


def test_solve_answers_clever_4ever_questions(server: str, conforms: Check) -> None:
    pink = post(server, "/solve", {"game": "clever-4ever", "question": "area-max",
                                   "area": "pink", "most": 5}).json()
    conforms(pink, "solve-answer")
    assert (pink["value"], pink["proven"]) == (32, True)
    sheet = ("y=// b=....../....../....../....../....../...... gy=.....x........... gn=/ p= "
             "rr=....... xd=....... ps=......... q=")
    reach = post(server, "/solve", {"game": "clever-4ever", "question": "reachable",
                                    "sheet": sheet, "ruleset": {"fox_floor_zero": True}}).json()
    conforms(reach, "solve-answer")
    assert reach["verdict"] == "no" and "GREY-START" in reach["notes"][0]


def test_solve_refuses_a_field_of_the_other_game(server: str) -> None:
    brown = post(server, "/solve", {"game": "clever-4ever", "question": "area-max",
                                    "area": "brown", "most": 5})
    assert brown.status_code == 422 and brown.json()["where"] == "/area"
    players = post(server, "/solve", {"game": "clever-4ever", "question": "area-max",
                                      "area": "grey", "most": 5, "players": 2})
    assert players.status_code == 422 and players.json()["where"] == "/players"
    ruleset = post(server, "/solve", {"question": "area-max", "area": "pink", "most": 5,
                                      "ruleset": {"fox_floor_zero": True}})
    assert ruleset.status_code == 422 and ruleset.json()["where"] == "/ruleset"
    option = post(server, "/solve", {"game": "clever-4ever", "question": "sheet-max",
                                     "most": 5, "ruleset": {"no_such_option": True}})
    assert option.status_code == 422 and "no_such_option" in option.json()["error"]


def test_view_serves_the_command_lines_page(server: str, tmp_path: Path) -> None:
    source = EXAMPLES / "illegal" / "illegal-step.json"
    page = httpx.post(f"{server}/view", content=source.read_bytes(), params={"step": 3},
                      timeout=SAFETY)
    assert page.status_code == 200
    assert page.headers["content-type"].startswith("text/html")
    _, record = next(load_records(str(source)))
    assert not isinstance(record, Exception)
    assert page.text == viewer_html(record, "posted record", 2, served=True)
    assert page.headers["content-security-policy"].startswith("default-src 'none'")
    assert "connect-src 'self';" in page.headers["content-security-policy"]
    broken = httpx.post(f"{server}/view", content=b'{"format": "clever-oracle-record/1", '
                        b'"game": "clever-cubed", "players": [], "steps": []}',
                        timeout=SAFETY).json()
    assert broken["status"] == 422 and broken["where"] == "/players"
