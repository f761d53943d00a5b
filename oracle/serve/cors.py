"""Cross-origin requests (CORS, the Fetch standard): a web page served from any origin may call
the service from the browser.  The service is stateless and reads no cookie or credential, so by
default every origin may (``Access-Control-Allow-Origin: *``, never
``Access-Control-Allow-Credentials``); ``serve --cors-origin ORIGIN`` (repeatable) narrows that
to the origins named, and ``serve --no-cors`` sends no CORS header at all (a browser then keeps
pages of other origins from reading the answers).

Every answer carries the headers (errors too, so that a page can read what went wrong), and a
preflight request (``OPTIONS``, on any path the service has) is answered ``204 No Content`` with
the methods the path takes and the request headers asked for.  The policy reaches each worker
process through one environment variable (:data:`ENVIRONMENT`), as the limits do.
"""

from __future__ import annotations

import json
import os
import re

import attrs

from oracle.engine.errors import OracleError

#: The environment variable that carries the origins to the worker processes (a JSON list).
ENVIRONMENT = "CLEVER_ORACLE_SERVE_CORS"
#: Every origin.
ANY = "*"
#: Seconds a browser may keep a preflight's answer.
MAX_AGE = 86400
#: The answer headers a page may read beside the CORS-safelisted ones.
EXPOSED = b"retry-after, allow, content-security-policy"
_ORIGIN = re.compile(r"[a-z][a-z0-9+.-]*://[^/?#\s@]+")

Headers = list[tuple[bytes, bytes]]


def origin(text: str) -> str:
    """``text`` as an origin ``--cors-origin`` takes (``https://app.example``, with a port if
    any, no path; or ``*``); :class:`OracleError` in one line if it is none."""
    value = text.strip().lower().rstrip("/")
    if value != ANY and not _ORIGIN.fullmatch(value):
        raise OracleError(f"serve: --cors-origin {text[:80]!r}: want an origin such as "
                          "https://app.example or http://localhost:5173 (scheme, host, port; "
                          "no path), or *")
    return value


def _header(scope_headers: object, name: bytes) -> bytes | None:
    assert isinstance(scope_headers, (list, tuple))
    for key, value in scope_headers:
        if key.lower() == name:
            return bytes(value)
    return None


@attrs.frozen
class Cors:
    """The origins that may read the answers: ``("*",)`` (the default) for every origin, some
    origins, or none (``--no-cors``: no CORS header at all)."""

    origins: tuple[str, ...] = (ANY,)

    def allowed(self, scope_headers: object) -> bytes | None:
        """The ``Access-Control-Allow-Origin`` value for a request with these headers, or None
        (no CORS header: CORS is off, or the request's origin is not among the origins)."""
        if not self.origins:
            return None
        if ANY in self.origins:
            return b"*"
        given = _header(scope_headers, b"origin")
        if given is not None and given.decode("latin-1").lower() in self.origins:
            return given
        return None

    def headers(self, scope_headers: object) -> Headers:
        """The CORS headers of an answer to a request with these headers."""
        if not self.origins:
            return []
        vary = [] if ANY in self.origins else [(b"vary", b"origin")]
        value = self.allowed(scope_headers)
        if value is None:
            return vary
        return [(b"access-control-allow-origin", value),
                (b"access-control-expose-headers", EXPOSED), *vary]

    def preflight(self, scope_headers: object, methods: tuple[str, ...]) -> Headers:
        """The headers of the 204 answer to ``OPTIONS`` on a path that takes ``methods``."""
        allow = ", ".join((*methods, "OPTIONS")).encode("ascii")
        headers: Headers = [(b"allow", allow)]
        value = self.allowed(scope_headers)
        if value is None:
            return headers + self.headers(scope_headers)
        asked = _header(scope_headers, b"access-control-request-headers")
        return headers + [
            (b"access-control-allow-origin", value),
            (b"access-control-allow-methods", allow),
            (b"access-control-allow-headers", asked or b"content-type"),
            (b"access-control-max-age", str(MAX_AGE).encode("ascii")),
            (b"vary", b"origin, access-control-request-headers"),
        ]

    def to_json(self) -> list[str]:
        """The origins as a JSON-ready list."""
        return list(self.origins)


def cors_from_environment() -> Cors:
    """The policy the ``serve`` command set for this worker (every origin when none)."""
    text = os.environ.get(ENVIRONMENT)
    if text is None:
        return Cors()
    return Cors(tuple(str(o) for o in json.loads(text)))
