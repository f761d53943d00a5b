"""Live servers for the service tests (each started once per test session, on a free loopback
port, and stopped at the end), and a check of answers against the OpenAPI document's schemas.
The limits themselves, the time limits included, are tested in-process
(:mod:`tests.serve.inprocess`)."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import httpx
import jsonschema
import pytest

from tests.serve.live import SAFETY, SERVER_TIMEOUT, running

pytest.importorskip("starlette", reason="the serve extra is not installed")
pytest.importorskip("uvicorn", reason="the serve extra is not installed")


@pytest.fixture(scope="session")
def server() -> Iterator[str]:
    """A server with the default limits, but a generous time limit, and one worker."""
    with running("--timeout", str(SERVER_TIMEOUT)) as url:
        yield url


@pytest.fixture(scope="session")
def pair_server() -> Iterator[str]:
    """A server with two worker processes (and a generous time limit)."""
    with running("--workers", "2", "--timeout", str(SERVER_TIMEOUT)) as url:
        yield url


@pytest.fixture(scope="session")
def openapi(server: str) -> dict[str, object]:
    """The server's OpenAPI document."""
    answer = httpx.get(f"{server}/openapi.json", timeout=SAFETY)
    assert answer.status_code == 200
    document: dict[str, object] = answer.json()
    return document


@pytest.fixture(scope="session")
def conforms(openapi: dict[str, object]) -> Callable[[object, str], None]:
    """``conforms(data, name)`` fails unless ``data`` is valid under the document's
    ``components/schemas/NAME``."""
    def check(data: object, name: str) -> None:
        schema = {"$ref": f"#/components/schemas/{name}", "components": openapi["components"]}
        jsonschema.Draft202012Validator(schema).validate(data)
    return check
