"""What a web app needs of the service: CORS on every answer and preflights answered
(:mod:`oracle.serve.cors`), errors as RFC 9457 problem details (:mod:`oracle.serve.problems`),
and an OpenAPI document from which a generator makes a typed client with named operations
(:mod:`oracle.serve.openapi`)."""

from __future__ import annotations

import asyncio

import httpx
import jsonschema
import pytest

from oracle.games import GAMES
from oracle.serve.app import create_app
from oracle.serve.cors import Cors
from oracle.serve.endpoints import ENDPOINTS
from oracle.serve.limits import Limits
from oracle.serve.problems import PROBLEM
from tests.serve.inprocess import FakeClock
from tests.serve.live import SAFETY

ORIGIN = "https://app.example"
PREFLIGHT = {"origin": ORIGIN, "access-control-request-method": "POST",
             "access-control-request-headers": "content-type"}


def _requests(cors: Cors | None, *requests: tuple[str, str, dict[str, str], bytes],
              limits: Limits | None = None) -> list[httpx.Response]:
    """``requests`` (method, path, headers, body) to the application in this process."""
    async def go() -> list[httpx.Response]:
        app = create_app(limits or Limits(), FakeClock(), cors=cors)
        async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app),
                                     base_url="http://oracle") as client:
            return [await client.request(method, path, headers=headers, content=body)
                    for method, path, headers, body in requests]
    return asyncio.run(go())


def test_a_preflight_is_answered_and_every_answer_carries_the_origin(server: str) -> None:
    preflight = httpx.options(f"{server}/legal", headers=PREFLIGHT, timeout=SAFETY)
    assert preflight.status_code == 204
    assert preflight.headers["access-control-allow-origin"] == "*"
    assert "POST" in preflight.headers["access-control-allow-methods"]
    assert preflight.headers["access-control-allow-headers"] == "content-type"
    assert "access-control-allow-credentials" not in preflight.headers
    rules = httpx.options(f"{server}/games/clever-4ever/rules", headers=PREFLIGHT,
                          timeout=SAFETY)
    assert rules.status_code == 204 and rules.headers["allow"] == "GET, OPTIONS"
    for answer in (httpx.post(f"{server}/new", json={"game": "clever-cubed", "players": 2},
                              headers={"origin": ORIGIN}, timeout=SAFETY),
                   httpx.get(f"{server}/health", headers={"origin": ORIGIN}, timeout=SAFETY),
                   httpx.post(f"{server}/legal", json={}, headers={"origin": ORIGIN},
                              timeout=SAFETY),
                   httpx.get(f"{server}/nowhere", headers={"origin": ORIGIN},
                             timeout=SAFETY)):
        assert answer.headers["access-control-allow-origin"] == "*", answer.request.url
        assert "retry-after" in answer.headers["access-control-expose-headers"]
    unknown = httpx.options(f"{server}/nowhere", headers=PREFLIGHT, timeout=SAFETY)
    assert unknown.status_code == 404


def test_cors_narrowed_to_origins_or_turned_off() -> None:
    narrowed = Cors((ORIGIN, "http://localhost:5173"))
    ours, theirs, answer = _requests(
        narrowed, ("OPTIONS", "/apply", PREFLIGHT, b""),
        ("OPTIONS", "/apply", {**PREFLIGHT, "origin": "https://other.example"}, b""),
        ("GET", "/health", {"origin": ORIGIN}, b""))
    assert ours.status_code == 204
    assert ours.headers["access-control-allow-origin"] == ORIGIN
    assert "origin" in ours.headers["vary"]
    assert theirs.status_code == 204 and "access-control-allow-origin" not in theirs.headers
    assert answer.headers["access-control-allow-origin"] == ORIGIN
    assert answer.headers["vary"] == "origin"
    off_preflight, off_answer = _requests(Cors(()), ("OPTIONS", "/apply", PREFLIGHT, b""),
                                          ("GET", "/health", {"origin": ORIGIN}, b""))
    assert off_preflight.status_code == 204 and off_preflight.headers["allow"] == "POST, OPTIONS"
    assert not any(k.startswith("access-control") for k in off_preflight.headers)
    assert not any(k.startswith("access-control") for k in off_answer.headers)


#: (what, method, path, body, status, where)
ERRORS: list[tuple[str, str, str, bytes, int, str | None]] = [
    ("not JSON", "POST", "/legal", b"{", 400, "body"),
    ("no such path", "GET", "/nowhere", b"", 404, "path"),
    ("no such game", "GET", "/games/chess/rules", b"", 404, "path"),
    ("a method the path does not take", "PUT", "/apply", b"", 405, "path"),
    ("a body over the limit", "POST", "/legal", b" " * 2000, 413, "body"),
    ("not JSON's media type", "POST", "/legal", b"x", 415, "header: content-type"),
    ("a position no game reaches", "POST", "/legal", b'{"state": {"game": "clever-cubed"}}',
     422, "/state"),
]


@pytest.mark.parametrize("what,method,path,body,status,where", ERRORS,
                         ids=[e[0] for e in ERRORS])
def test_errors_are_problem_details(what: str, method: str, path: str, body: bytes,
                                    status: int, where: str | None) -> None:
    kind = "text/plain" if status == 415 else "application/json"
    (answer,) = _requests(Cors(), (method, path, {"content-type": kind, "origin": ORIGIN}, body),
                          limits=Limits(max_body=1000))
    assert answer.status_code == status
    assert answer.headers["content-type"] == PROBLEM
    assert answer.headers["access-control-allow-origin"] == "*"
    problem = answer.json()
    assert problem["type"] == "about:blank"
    assert problem["status"] == status
    assert problem["title"] and problem["title"] != problem["detail"]
    assert problem["detail"] == problem["error"] and "\n" not in problem["detail"]
    assert problem["where"] == where


def test_every_operation_is_named_tagged_and_has_examples(openapi: dict[str, object]) -> None:
    paths = openapi["paths"]
    assert isinstance(paths, dict)
    operations = [op for ops in paths.values() for op in ops.values()]
    ids = [op["operationId"] for op in operations]
    assert len(ids) == len(ENDPOINTS) and len(set(ids)) == len(ids)
    tags = {t["name"] for t in openapi["tags"]}  # type: ignore[attr-defined]  # JSON read as object
    for op in operations:
        assert op["tags"] and set(op["tags"]) <= tags
        answer = next(iter(op["responses"]["200"]["content"].values()))
        assert "example" in answer, op["operationId"]
        if "requestBody" in op:
            assert "example" in next(iter(op["requestBody"]["content"].values()))
        for status, response in op["responses"].items():
            if status != "200":
                assert list(response["content"]) == [PROBLEM]


def test_the_examples_are_valid_bodies(openapi: dict[str, object]) -> None:
    components = openapi["components"]
    paths = openapi["paths"]
    assert isinstance(paths, dict)
    for ops in paths.values():
        for op in ops.values():
            bodies = [op["responses"]["200"]]
            if "requestBody" in op:
                bodies.append(op["requestBody"])
            for body in bodies:
                for media in body["content"].values():
                    if "schema" in media and "example" in media:
                        schema = {**media["schema"], "components": components}
                        jsonschema.Draft202012Validator(schema).validate(media["example"])


def test_codes_are_enums(openapi: dict[str, object]) -> None:
    schemas = openapi["components"]["schemas"]  # type: ignore[index]  # JSON read as object
    assert schemas["to-move"]["enum"] == ["p1", "p2", "p3", "p4", "dice", "nobody"]
    assert set(schemas["die-code"]["enum"]) == {"W", "Y", "T", "B", "Br", "P", "Gy", "Gn"}
    assert schemas["place"]["enum"] == ["cup", "I", "II", "III", "platter"]
    assert schemas["position-answer"]["properties"]["to_move"] == {
        "$ref": "#/components/schemas/to-move"}
    for game in GAMES:
        state = schemas[f"{game}-state"]["properties"]
        assert "solo-roll" in state["phase"]["enum"]
        assert state["to_move"]["enum"][-2:] == ["dice", "nobody"]
    assert [s["$ref"] for s in schemas["state-model"]["oneOf"]] == [
        f"#/components/schemas/{g}-state" for g in GAMES]
