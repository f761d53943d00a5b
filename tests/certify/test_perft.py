"""Conformance counts: the committed perft file is what the engine counts now, and
``clever-oracle conformance`` passes the reference adapter and catches a wrong move list."""

from __future__ import annotations

import io
import json
import sys

from oracle.adapter.protocol import Turn
from oracle.adapter.reference import ReferenceImplementation
from oracle.cli import main
from properties.perft import all_counts, check_app, default_counts
from tests.certify.wrong_adapters import CUBED


def test_committed_counts_are_current() -> None:
    committed = json.loads(default_counts(CUBED.name).read_text("utf-8"))
    assert all_counts(CUBED) == committed, (
        "regenerate with `python -m properties.perft --write` if the change is intended")


def test_counts_are_consistent() -> None:
    for entry in all_counts(CUBED)["positions"]:  # type: ignore[union-attr]  # JSON-like data
        assert sum(entry["divide"].values()) == entry["perft"][-1]
        assert entry["perft"][0] == len(entry["divide"])
        assert all(s <= p for s, p in zip(entry["states"], entry["perft"]))


class ForgetsPass(ReferenceImplementation):
    """Lists every legal move but ``pass``."""

    def legal(self, turn: Turn | None = None) -> tuple[str, ...]:
        return tuple(m for m in super().legal(turn) if m != "pass")


def test_reference_adapter_matches_the_counts() -> None:
    lines, ok = check_app(CUBED, ReferenceImplementation(CUBED), str(default_counts(CUBED.name)))
    assert ok, lines


def test_wrong_move_list_gets_a_divide() -> None:
    lines, ok = check_app(CUBED, ForgetsPass(CUBED), str(default_counts(CUBED.name)))
    assert not ok
    assert any("MISMATCH" in line for line in lines)
    assert any("<-- differs" in line for line in lines)
    assert any("does not allow pass" in line for line in lines)


def test_cli_conformance_reference_exit_0() -> None:
    out, err = io.StringIO(), io.StringIO()
    code = main(["conformance", "--adapter", f"{sys.executable} -m oracle.adapter.reference"],
                out, err)
    assert code == 0, err.getvalue()
    assert out.getvalue().count(": OK") == len(all_counts(CUBED)["positions"])  # type: ignore[arg-type]  # JSON-like data
