"""``POST /verify`` accepts a Clever 4Ever record whose totals include a negative one (yellow's
middle row scores minus points, rule SCORE-YELLOW; each fox scores the lowest area, rule FOX),
as one record and as JSON Lines, and the OpenAPI document's schemas accept it and its verdict."""

from __future__ import annotations

import json
from collections.abc import Callable

import httpx

from oracle.records.record import dump_record
from tests.test_schema_bounds import negative_record

Check = Callable[[object, str], None]


def test_verify_accepts_a_negative_total(server: str, conforms: Check) -> None:
    record = json.loads(dump_record(negative_record()))
    assert min(record["totals"]) < 0
    conforms(record, "record")
    one = httpx.post(f"{server}/verify", content=json.dumps(record).encode(), timeout=60,
                     headers={"content-type": "application/json"})
    assert one.status_code == 200, one.text
    verdict = one.json()
    conforms(verdict, "verdict")
    assert verdict["status"] == "legal"
    assert [s["total"] for s in verdict["scores"]] == record["totals"]
    lines = httpx.post(f"{server}/verify", content=json.dumps(record).encode() + b"\n",
                       timeout=60, headers={"content-type": "application/x-ndjson"})
    assert lines.status_code == 200
    answers = [json.loads(line) for line in lines.text.splitlines()]
    for answer in answers:
        conforms(answer, "verify-line")
    assert answers[0]["status"] == "legal" and answers[-1]["exit"] == 0
