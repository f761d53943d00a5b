"""The area seam is typed (issue 30): ``oracle/engine/area.py``, ``oracle/engine/variant.py`` and
``oracle/engine/game.py`` use no ``Any`` without a reason on the same line, each game's area modules
are the ones mypy checks against :class:`oracle.engine.area.AreaRules`, and mypy --strict refuses an
area module whose part type (or ruleset, or bonuses) does not fit the shape it is listed
with."""

from __future__ import annotations

import ast
import io
import os
import re
import subprocess
import sys
import textwrap
import tokenize
from pathlib import Path

import pytest

from oracle.games.cubed import areas as cubed_areas
from oracle.games.fourever import areas as fourever_areas

ROOT = Path(__file__).resolve().parent.parent
#: The seam's modules: no ``Any`` in them unless the line says why.
SEAM = ("oracle/engine/area.py", "oracle/engine/variant.py", "oracle/engine/game.py")
#: Comment words that give no reason (a linter's or mypy's code only).
_NO_REASON = re.compile(r"noqa(:\s*[A-Z0-9, ]+)?|type:\s*ignore(\[[\w\-, ]+\])?")


def _comments(source: str) -> dict[int, str]:
    """Each line's comment text (without ``#``)."""
    return {tok.start[0]: tok.string.lstrip("#").strip()
            for tok in tokenize.generate_tokens(io.StringIO(source).readline)
            if tok.type == tokenize.COMMENT}


def _names_any(node: ast.AST) -> bool:
    return ((isinstance(node, ast.Name) and node.id == "Any")
            or (isinstance(node, ast.Attribute) and node.attr == "Any"))


def _any_lines(source: str) -> set[int]:
    """The lines that use ``Any``: as a name (``Any``, ``typing.Any``) or inside a string that
    is a type (a ``cast("...")`` or quoted annotation); an import of it is no use."""
    tree = ast.parse(source)
    lines: set[int] = set()
    for node in ast.walk(tree):
        if _names_any(node):
            lines.add(node.lineno)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) \
                and "Any" in node.value:
            try:
                inner = ast.parse(node.value.strip(), mode="eval")
            except SyntaxError:
                continue  # prose (a docstring), not a type
            if any(_names_any(n) for n in ast.walk(inner)):
                lines.update(range(node.lineno, (node.end_lineno or node.lineno) + 1))
    return lines


def unexplained_any(source: str) -> list[int]:
    """The lines of ``source`` that use ``Any`` with no reason in a comment on the line."""
    comments = _comments(source)
    return sorted(line for line in _any_lines(source)
                  if len(_NO_REASON.sub("", comments.get(line, "")).split()) < 2)


@pytest.mark.parametrize("path", SEAM)
def test_the_seam_uses_no_unexplained_any(path: str) -> None:
    assert unexplained_any((ROOT / path).read_text()) == [], path


def test_the_any_check_sees_names_casts_and_reasons() -> None:
    source = textwrap.dedent('''\
        """Any area."""
        from typing import Any, cast
        import typing
        a: Any = 1
        b: typing.Any = 2
        c = cast("tuple[Any, ...]", ())
        d: Any = 3  # Any: the value comes from JSON, any type
        e: Any = 4  # noqa: N802
        f: Any = 5  # type: ignore[misc]
        ''')
    assert unexplained_any(source) == [4, 5, 6, 8, 9]


@pytest.mark.parametrize("package", [cubed_areas, fourever_areas],
                         ids=["clever-cubed", "clever-4ever"])
def test_the_areas_a_game_plays_are_the_modules_mypy_checks(package: object) -> None:
    """``Area`` (whose members' values mypy does not read) holds exactly the modules of
    ``AREA_MODULES`` (which mypy checks against the seam), in sheet order."""
    area, modules = getattr(package, "Area"), getattr(package, "AREA_MODULES")
    assert len(area) == len(modules)
    assert all(a.rules is m for a, m in zip(area, modules))


#: An area module of the right shape: a mask of crossed cells (part ``int``) in Clever Cubed.
_AREA = '''\
from __future__ import annotations

from oracle.engine.area import EntryState, Problem
from oracle.games.cubed.ruleset import Ruleset
from oracle.games.cubed.sheet import Bonus

KEY = "t"
TARGETS: tuple[int, ...] = (1,)
EMPTY = 0
PARTNER = False
ENTRY_RULE = "T"
JSON_SCHEMA: dict[str, object] = {}
JSON_SCORE: dict[str, object] = {}
JSON_TARGET: dict[str, dict[str, object]] = {}


def question_numbers(ruleset: Ruleset) -> tuple[int, ...]:
    return (1,) if ruleset.joker_same_face else (2,)


def targets(part: int, number: int, partner: int, position: int, die: int,
            state: EntryState[Ruleset]) -> tuple[int, ...]:
    return () if part & 1 else (1,)


def problem(part: int, target: int, number: int, partner: int, position: int, die: int,
            state: EntryState[Ruleset]) -> Problem | None:
    return None


def enter(part: int, target: int, number: int, partner: int, position: int, die: int,
          state: EntryState[Ruleset]) -> tuple[int, tuple[Bonus, ...]]:
    return part | 1, ()


def earned(part: int) -> tuple[Bonus, ...]:
    return ()


def score(part: int) -> int:
    return part


def foxes(part: int) -> int:
    return 0


def target_text(target: int) -> str:
    return str(target)


def parse_target(text: str) -> int:
    return int(text)


def notation(part: int) -> str:
    return str(part)


def read(text: str) -> int:
    return int(text)


def to_json(part: int) -> object:
    return part


def from_json(data: object, where: str) -> int:
    return 0


def target_json(target: int) -> dict[str, object]:
    return {}


def target_from_json(move: dict[str, object], where: str) -> int:
    return 1


def reading(part: int) -> object:
    return part
'''

#: The listing of a game's areas, as oracle/games/cubed/areas/__init__.py writes it.
_LISTING = '''\
from __future__ import annotations

from oracle.engine.area import AreaRules, checked
from oracle.games.cubed.ruleset import Ruleset
from oracle.games.cubed.sheet import Bonus

import {module}

AREA_MODULES: tuple[AreaRules[int, Ruleset, Bonus]] = (checked({module}),)
'''

#: Wrong area modules: (name, the changes to the right one, the member mypy must name).
_WRONG: tuple[tuple[str, tuple[tuple[str, str], ...], str], ...] = (
    # enter writes a part of another type than the one its other functions read
    ("part_type", ((") -> tuple[int, tuple[Bonus, ...]]:", ") -> tuple[str, tuple[Bonus, ...]]:"),
                   ("return part | 1, ()", "return str(part | 1), ()")), "enter"),
    # score reads its part as a tuple of numbers while the listing says a mask
    ("part_read", (("def score(part: int) -> int:\n    return part",
                    "def score(part: tuple[int, ...]) -> int:\n    return len(part)"),), "score"),
    # question_numbers reads another game's ruleset
    ("ruleset", (("def question_numbers(ruleset: Ruleset)",
                  "def question_numbers(ruleset: Other)"),
                 ("ruleset.joker_same_face", "ruleset.fox_floor_zero"),
                 ("from oracle.games.cubed.sheet import Bonus",
                  "from oracle.games.cubed.sheet import Bonus\n"
                  "from oracle.games.fourever.ruleset import Ruleset as Other")), "question_numbers"),
    # earned reads off the part bonuses of another game
    ("bonus", (("def earned(part: int) -> tuple[Bonus, ...]:",
                "def earned(part: int) -> tuple[Other, ...]:"),
               ("from oracle.games.cubed.sheet import Bonus",
                "from oracle.games.cubed.sheet import Bonus\n"
                "from oracle.games.fourever.sheet import Bonus as Other")), "earned"),
)


def test_mypy_refuses_an_area_module_that_does_not_fit_the_seam(tmp_path: Path) -> None:
    """One mypy --strict run over a right area module and four wrong ones, each listed as
    Clever Cubed lists its areas: the right one passes, each wrong one is refused at its
    listing, naming the member that does not fit (with the seam typed ``Any``, before issue
    30, nothing was refused)."""
    files = []
    (tmp_path / "right_area.py").write_text(_AREA)
    (tmp_path / "right_listing.py").write_text(_LISTING.format(module="right_area"))
    files += ["right_area.py", "right_listing.py"]
    for name, changes, _member in _WRONG:
        text = _AREA
        for old, new in changes:
            assert text.count(old) == 1, (name, old)
            text = text.replace(old, new)
        (tmp_path / f"{name}.py").write_text(text)
        (tmp_path / f"{name}_listing.py").write_text(_LISTING.format(module=name))
        files += [f"{name}.py", f"{name}_listing.py"]
    env = {**os.environ, "MYPYPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-error-summary", "--show-error-codes",
         "--cache-dir", str(tmp_path / ".mypy_cache"), *files],
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=600, check=False,
    )
    out = done.stdout + done.stderr
    by_file: dict[str, list[str]] = {}
    for line in out.splitlines():
        by_file.setdefault(line.split(":", 1)[0], []).append(line)
    assert "right_area.py" not in by_file and "right_listing.py" not in by_file, out
    for name, _changes, member in _WRONG:
        assert f"{name}.py" not in by_file, (name, out)  # the module itself is consistent
        listing = "\n".join(by_file.get(f"{name}_listing.py", []))
        assert 'incompatible type Module; expected "AreaRules[int, Ruleset, Bonus]"' in listing, \
            (name, out)
        assert f"def {member}(" in listing, (name, out)
    assert sum(": error:" in line for line in out.splitlines()) == len(_WRONG), out
    assert done.returncode == 1, out
