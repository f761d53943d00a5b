"""What certification finds: a :class:`Finding` (one way an app and the rules part ways, on a
minimal game) and the :class:`Difference` exception that carries it out of the state machine."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal, Protocol, runtime_checkable

import attrs

from oracle.game import State

#: ``too-strict``: the app refused a legal move; ``too-lenient``: it accepted an illegal one;
#: ``state``: its sheets, dice or scores differ; ``legal-list``: the moves it lists differ.
Kind = Literal["too-strict", "too-lenient", "state", "legal-list"]


@attrs.frozen
class Finding:
    """One difference on a game of ``players`` whose steps (chance moves included) are
    ``moves``: at ``step`` (1-based; the move tried there, or the step after which the state
    differs), rule ``rule`` is involved; ``oracle`` and ``app`` are both sides' answers;
    ``option`` names a ruleset option value under which the oracle agrees with the app."""

    kind: Kind
    rule: str
    players: int
    moves: tuple[str, ...]
    step: int
    move: str | None
    oracle: str
    app: str
    option: str | None = None

    def to_json(self) -> dict[str, object]:
        """The finding as a JSON-ready mapping."""
        out = attrs.asdict(self)
        out["moves"] = list(self.moves)
        return out


class Difference(AssertionError):
    """Raised inside the state machine when the app and the oracle part ways."""

    def __init__(self, finding: Finding) -> None:
        super().__init__(f"{finding.kind} at step {finding.step} ({finding.rule}): "
                         f"oracle {finding.oracle}; app {finding.app}")
        self.finding = finding


@runtime_checkable
class ExplainsDifferences(Protocol):
    """Optional for a :class:`~oracle.game.Game`: name the rule behind a state difference
    (Clever Cubed: ``oracle/cubed/explain.py``).  Without it the rule is reported as
    ``STATE``."""

    def explain_sheet(self, before: State, move: object, ours: str, theirs: str) -> str: ...

    def explain_dice(self, before: State, move: object) -> str: ...

    def explain_score(self, key: str) -> str: ...


def rule_in(reason: str, rules: Mapping[str, object]) -> str | None:
    """The first of ``rules``' ids named in an app's refusal ``reason``, if any."""
    for word in reason.replace(":", " ").replace(",", " ").split():
        if word in rules:
            return word
    return None
