"""Every Clever 4Ever rule id has a test, and every id named in oracle/games/fourever is catalogued."""

from __future__ import annotations

import re
from pathlib import Path

from oracle.games.fourever.rules import RULES, RULES_BY_ID

ROOT = Path(__file__).resolve().parents[2]


def test_every_rule_has_a_test() -> None:
    marked: set[str] = set()
    for path in (ROOT / "tests" / "fourever").glob("test_*.py"):
        marked |= set(re.findall(r'mark\.rule\("([A-Z0-9-]+)"\)', path.read_text()))
    missing = sorted(set(RULES_BY_ID) - marked)
    assert missing == [], f"rule ids with no test: {missing}"
    assert marked <= set(RULES_BY_ID), sorted(marked - set(RULES_BY_ID))


def test_every_rule_id_used_in_the_engine_is_catalogued() -> None:
    used: set[str] = set()
    shared = [*(ROOT / "oracle" / "engine").glob("*.py"), *(ROOT / "oracle" / "formats").rglob("*.py"),
              *(ROOT / "oracle" / "games").glob("*.py")]
    own = [*(ROOT / "oracle" / "games" / "fourever").rglob("*.py")]
    assert shared and own, "the engine's and the game's modules are where the layout says"
    for path in [*own, *shared]:
        used |= set(re.findall(r'"([A-Z]+(?:-[A-Z]+)+)"', path.read_text()))
    used -= {"NOT-LEGAL"}
    assert used <= set(RULES_BY_ID), sorted(used - set(RULES_BY_ID))
    assert {"MOVE-FORM", "GREY-START", "POLISH-PLATTER", "POLISH-PARTNER"} <= used


def test_catalogue_ids_are_unique_and_cited() -> None:
    assert len(RULES) == len(RULES_BY_ID)
    assert all(rule.source and rule.quote and rule.summary for rule in RULES)
    cited = [rule.source for rule in RULES if "rulings.md" in rule.source]
    assert cited and all("docs/rulings.md, " in source for source in cited)
