"""What certification finds: a :class:`Finding` (one way an app and the rules part ways, on a
minimal game), keyed by the rule the oracle names for it and the direction of the difference.

A finding's rule is always named by the oracle, never read from the app's words: a move the app
accepts or lists that our rules refuse gets the rule ``diagnose`` names; a legal move the app
refuses or does not list gets the rule that makes it legal here (``explain_legal``, checked
against the app's answers on the other moves that rule allows); a state that differs gets the
rule the differing part and the step point at (``explain_sheet``, ``explain_dice``,
``explain_score``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal, Protocol, runtime_checkable

import attrs

from oracle.game import State

#: ``too-strict``: the app refused (or did not list) a legal move; ``too-lenient``: it accepted
#: (or listed) an illegal one; ``state``: its sheets, dice or scores differ after a step both
#: accepted.
Kind = Literal["too-strict", "too-lenient", "state"]
#: How the difference was seen: a move ``refused``/``accepted`` (apply or probe), a move
#: ``not-listed``/``listed`` (the app's legal moves), or the app's ``sheet``/``dice``/``score``.
Seen = Literal["refused", "accepted", "not-listed", "listed", "sheet", "dice", "score", "roll"]
#: A finding's identity: one finding per kind and rule in a run.
Key = tuple[str, str]


@attrs.frozen
class Finding:
    """One difference on a game of ``players`` whose steps (chance moves included) are
    ``moves``: at ``step`` (1-based; the move tried there, or the step after which the state
    differs), rule ``rule`` is involved.  ``move`` is the disputed move (for a state difference,
    the step's move; None before the first step); ``oracle`` and ``app`` are both sides'
    answers; ``ours`` and ``theirs`` both lists of legal moves when the app lists them (else
    ``theirs`` is None).  ``ruleset`` holds the options the oracle played the game under (the
    app's claimed options, and the readings of earlier findings it took on); ``option`` names
    option values under which the oracle agrees with the app there, checked by replaying the
    game with the app.  ``games`` and ``seconds``: how long the search took to first see it;
    ``decisions``: the choices that replay the game (for ``--trace`` and shrinking).
    ``difference`` (a state that differs): what differs, naming the player, the area and the
    cell or field (``p1's yellow: the app has row II number 3 crossed, the oracle not``), or
    the die."""

    kind: Kind
    rule: str
    seen: Seen
    players: int
    moves: tuple[str, ...]
    step: int
    move: str | None
    oracle: str
    app: str
    ruleset: Mapping[str, str | bool] = attrs.field(factory=dict)
    option: str | None = None
    ours: tuple[str, ...] | None = None
    theirs: tuple[str, ...] | None = None
    games: int = 0
    seconds: float = 0.0
    decisions: tuple[int, ...] = ()
    seed: int = 0
    difference: str | None = None

    @property
    def key(self) -> Key:
        """One finding per kind and rule."""
        return self.kind, self.rule

    def to_json(self) -> dict[str, object]:
        """The finding as a JSON-ready mapping."""
        out = attrs.asdict(self)
        out["moves"] = list(self.moves)
        out["ruleset"] = dict(self.ruleset)
        out["ours"] = None if self.ours is None else list(self.ours)
        out["theirs"] = None if self.theirs is None else list(self.theirs)
        out["decisions"] = list(self.decisions)
        out["seconds"] = round(self.seconds, 3)
        return out


@runtime_checkable
class ExplainsDifferences(Protocol):
    """What a :class:`~oracle.game.Game` tells certification about a difference
    (:mod:`oracle.explain`; every Clever game has it)."""

    def explain_sheet(self, before: State, move: object, ours: str | Mapping[str, object],
                      theirs: str | Mapping[str, object]) -> str: ...

    def explain_dice(self, before: State, move: object) -> str: ...

    def explain_score(self, key: str) -> str: ...

    def explain_legal(self, state: State, moves: tuple[object, ...],
                      ) -> tuple[tuple[tuple[str, str], ...], ...]: ...
