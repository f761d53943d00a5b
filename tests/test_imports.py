"""The import picture: no circle among the oracle's modules, and only the registry (and the
package's compatibility names) imports a game package."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("oracle", "spec", "properties")
GAME_PACKAGES = ("oracle.cubed", "oracle.fourever")
#: Modules that may import a game package: the registry, and ``oracle/__init__.py``, which keeps
#: Clever Cubed's public names (``from oracle import new_game``) working.
MAY_IMPORT_GAMES = {"oracle.games", "oracle"}
#: A game's Z3 specification (``spec/cubed/``, ``spec/fourever/``) mirrors that game's package and may import it.
SPEC_OF = {"spec.cubed": "oracle.cubed", "spec.fourever": "oracle.fourever",
           # certification's plans for Clever 4Ever's rare situations read that game's sheet
           # (its areas' parts and printed sizes), as its spec does
           "properties.plans": "oracle.fourever"}


def _module(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _runtime_imports(path: Path, typing_too: bool = False) -> set[str]:
    """Modules imported when ``path`` runs (imports under ``if TYPE_CHECKING:`` left out unless
    ``typing_too``)."""
    tree = ast.parse(path.read_text())
    found: set[str] = set()

    def visit(nodes: list[ast.stmt]) -> None:
        for node in nodes:
            if (isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)
                    and not typing_too):
                continue
            if isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                found.add(node.module)
                found.update(f"{node.module}.{alias.name}" for alias in node.names)
            for field in ("body", "orelse", "finalbody", "handlers"):
                inner = getattr(node, field, None)
                if isinstance(inner, list):
                    visit([n for n in inner if isinstance(n, ast.stmt)])

    visit(tree.body)
    return found


def _graph(typing_too: bool = False) -> dict[str, set[str]]:
    files = [p for pkg in PACKAGES for p in (ROOT / pkg).rglob("*.py")]
    modules = {_module(p): p for p in files}
    return {m: {i for i in _runtime_imports(p, typing_too) if i in modules}
            for m, p in modules.items()}


def test_no_module_outside_a_game_imports_it() -> None:
    wrong = sorted(
        f"{module} imports {target}"
        for module, targets in _graph().items()
        for target in targets
        if any(target == g or target.startswith(g + ".") for g in GAME_PACKAGES)
        and not any(module == g or module.startswith(g + ".") for g in GAME_PACKAGES)
        and module not in MAY_IMPORT_GAMES
        and not any(
            (module == s or module.startswith(s + ".")) and (target == g or target.startswith(g + "."))
            for s, g in SPEC_OF.items()
        )
    )
    assert wrong == []


def test_game_packages_do_not_import_each_other() -> None:
    graph = _graph()
    for game in GAME_PACKAGES:
        others = [g for g in GAME_PACKAGES if g != game]
        wrong = [
            (m, t) for m, targets in graph.items() if m.startswith(game) for t in targets
            if any(t.startswith(o) for o in others)
        ]
        assert wrong == []


@pytest.mark.parametrize("typing_too", [False, True])
def test_no_import_circle(typing_too: bool) -> None:
    """No circle at run time, nor when the imports for annotations only are counted."""
    graph = _graph(typing_too)
    # a package's __init__ importing its own submodules is not a circle; submodules that import
    # the package itself are folded onto it.
    state: dict[str, int] = {}
    stack: list[str] = []
    circles: list[list[str]] = []

    def visit(node: str) -> None:
        state[node] = 1
        stack.append(node)
        for target in sorted(graph.get(node, ())):
            if target == node or node.startswith(target + "."):
                continue  # a submodule importing a name from its own package's __init__
            if state.get(target) == 1:
                circles.append(stack[stack.index(target):] + [target])
            elif target not in state:
                visit(target)
        stack.pop()
        state[node] = 2

    for module in sorted(graph):
        if module not in state:
            visit(module)
    assert circles == []


ENGINE = ("errors", "dice", "game", "rulebook", "tracks", "state", "phase", "turn", "moves",
          "diagnose", "chance", "positiontext", "kinds", "area", "action", "variant", "sheet",
          "legal", "entries", "engine", "notation", "scoring", "sheettext", "movespace",
          "explain", "clever", "rulesets", "family")


@pytest.mark.parametrize("name", ENGINE)
def test_the_shared_engine_names_no_game(name: str) -> None:
    imports = _runtime_imports(ROOT / "oracle" / f"{name}.py", typing_too=True)
    assert not any(i.startswith(GAME_PACKAGES) for i in imports), name
    assert not [w for w in _code_words(ROOT / "oracle" / f"{name}.py")
                if any(g in w.lower() for g in ("cubed", "4ever", "fourever"))], name


def _code_words(path: Path) -> list[str]:
    """The names and the string values of a module's code (docstrings left out: they may cite
    a game's rulebook)."""
    tree = ast.parse(path.read_text())
    docstrings = {
        id(node.body[0].value) for node in ast.walk(tree)
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
        and node.body and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    words: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            words.append(node.id)
        elif isinstance(node, ast.Attribute):
            words.append(node.attr)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) \
                and id(node) not in docstrings:
            words.append(node.value)
    return words


def test_areas_do_not_import_the_sheet_that_holds_them() -> None:
    """An area works on its own part of the sheet: no area module imports the sheet class, the
    state of a game or the engine (only the shared shapes and its game's printed constants)."""
    for game in ("cubed", "fourever"):
        for path in (ROOT / "oracle" / game / "areas").glob("*.py"):
            imports = _runtime_imports(path, typing_too=True)
            wrong = {i for i in imports if i.startswith(("oracle.state", "oracle.sheet",
                                                         f"oracle.{game}.playersheet",
                                                         f"oracle.{game}.variant",
                                                         "oracle.legal", "oracle.engine"))}
            assert wrong == set(), (path.name, wrong)
