"""``clever-oracle serve``'s command line: bad options and an address in use are one line on
standard error with exit 2, before anything is served."""

from __future__ import annotations

import io
import json
import socket

import pytest

from oracle.cli import main
from oracle.serve import cors
from oracle.serve.limits import ENVIRONMENT, Limits, limits_from_environment


def run(*argv: str) -> tuple[int, str]:
    err = io.StringIO()
    code = main(["serve", *argv], out=io.StringIO(), err=err)
    return code, err.getvalue()


@pytest.mark.parametrize("argv,words", [
    (("--workers", "0"), "--workers: '0' is not a number of workers (1 to 64)"),
    (("--port", "70000"), "--port: '70000' is not a port number (1 to 65535)"),
    (("--timeout", "0"), "--timeout: '0' is not a positive number of seconds"),
    (("--max-body", "0"), "--max-body: '0' is not a whole number (1 or more)"),
    (("--max-concurrent", "-1"), "--max-concurrent: '-1' is not a whole number (1 or more)"),
    (("--host", "no-such-host.invalid"), "--host no-such-host.invalid: not an address here"),
    (("--cors-origin", "https://app.example/page"), "--cors-origin: 'https://app.example/page': "
     "want an origin such as https://app.example"),
    (("--cors-origin", "https://app.example", "--no-cors"),
     "--no-cors: not allowed with argument --cors-origin"),
])
def test_bad_options_are_one_line_exit_2(argv: tuple[str, ...], words: str) -> None:
    code, said = run(*argv)
    assert code == 2
    assert words in said and said.count("\n") == 1


def test_an_address_in_use_is_named() -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        code, said = run("--port", str(port))
    assert code == 2
    assert f"cannot listen on 127.0.0.1:{port}: in use" in said


def test_limits_reach_the_workers_through_the_environment(
        monkeypatch: pytest.MonkeyPatch) -> None:
    chosen = Limits(max_body=5000, max_records=7, timeout=2.5, max_concurrent=3)
    monkeypatch.setenv(ENVIRONMENT, json.dumps(chosen.to_json()))
    assert limits_from_environment() == chosen
    monkeypatch.delenv(ENVIRONMENT)
    assert limits_from_environment() == Limits()


def test_cors_origins_reach_the_workers_through_the_environment(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(cors.ENVIRONMENT, raising=False)
    assert cors.cors_from_environment() == cors.Cors(("*",))  # every origin by default
    for origins in ((), ("https://app.example", "http://localhost:5173")):
        monkeypatch.setenv(cors.ENVIRONMENT, json.dumps(cors.Cors(origins).to_json()))
        assert cors.cors_from_environment() == cors.Cors(origins)
    assert cors.origin("HTTPS://App.Example:8443/") == "https://app.example:8443"
