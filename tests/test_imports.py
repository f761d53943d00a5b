"""The import picture: no circle among the oracle's modules, and only the registry (and the
package's compatibility names) imports a game package."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("oracle", "spec", "properties")
GAME_PACKAGES = ("oracle.games.cubed", "oracle.games.fourever")
#: Modules that may import a game package: the registry, and ``oracle/__init__.py``, which keeps
#: Clever Cubed's public names (``from oracle import new_game``) working.
MAY_IMPORT_GAMES = {"oracle.games", "oracle"}
#: A game's Z3 specification (``spec/cubed/``, ``spec/fourever/``) mirrors that game's package and may import it.
SPEC_OF = {"spec.cubed": "oracle.games.cubed", "spec.fourever": "oracle.games.fourever",
           # certification's plans for Clever 4Ever's rare situations read that game's sheet
           # (its areas' parts and printed sizes), as its spec does
           "properties.plans": "oracle.games.fourever"}


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


#: The game-neutral modules: the engine, the formats, the one Game implementation and the
#: certification's reading of differences (each game's own code lives in its package).
NEUTRAL = sorted(
    [p for p in (ROOT / "oracle" / "engine").glob("*.py")]
    + [p for p in (ROOT / "oracle" / "formats").glob("*.py")]
    + [ROOT / "oracle" / "games" / "clever.py", ROOT / "oracle" / "games" / "explain.py"])


@pytest.mark.parametrize("path", NEUTRAL, ids=lambda p: str(p.relative_to(ROOT / "oracle")))
def test_the_shared_engine_names_no_game(path: Path) -> None:
    imports = _runtime_imports(path, typing_too=True)
    assert not any(i.startswith(GAME_PACKAGES) for i in imports), path.name
    assert not [w for w in _code_words(path)
                if any(g in w.lower() for g in ("cubed", "4ever", "fourever"))], path.name


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
        for path in (ROOT / "oracle" / "games" / game / "areas").glob("*.py"):
            imports = _runtime_imports(path, typing_too=True)
            wrong = {i for i in imports
                     if i == "oracle.engine" or i.startswith((
                         "oracle.engine.state", "oracle.engine.sheet",
                         f"oracle.games.{game}.playersheet", f"oracle.games.{game}.variant",
                         "oracle.engine.legal"))}
            assert wrong == set(), (path.name, wrong)


#: The oracle's layers, lowest first: each module imports only from its own layer or lower ones
#: (CONTRIBUTING.md, "The map").  The engine is the game-neutral Clever turn; the formats write
#: and read it; the games are a sheet each over both, with the registry; the records name a game;
#: the plumbing serves every front end; the front ends come last, the command line above the
#: others it dispatches to; the package's public names (``oracle/__init__.py``) on top.
LAYERS = (
    ("oracle.engine",),
    ("oracle.formats",),
    ("oracle.games",),
    ("oracle.records",),
    ("oracle.plumbing",),
    ("oracle.viewer",),
    ("oracle.adapter", "oracle.serve"),
    ("oracle.cli",),
    ("oracle", "oracle.__main__"),
)


def _layer(module: str) -> int:
    """The layer of ``module``: the one whose package is the longest prefix of its name."""
    found = [(len(p), i) for i, names in enumerate(LAYERS) for p in names
             if module == p or module.startswith(p + ".")]
    assert found, f"{module} is in no layer: add its package to LAYERS"
    return max(found)[1]


@pytest.mark.parametrize("typing_too", [False, True])
def test_imports_only_go_down_the_layers(typing_too: bool) -> None:
    """No module of a lower layer imports a higher one (annotation-only imports counted too)."""
    graph = _graph(typing_too)
    wrong = sorted(f"{m} ({LAYERS[_layer(m)][0]}) imports {t} ({LAYERS[_layer(t)][0]})"
                   for m, targets in graph.items() if m.startswith("oracle")
                   for t in targets if t.startswith("oracle") and _layer(t) > _layer(m))
    assert wrong == []


def test_every_oracle_module_is_in_a_layer_package() -> None:
    """oracle/ holds only the layer packages and the package's own two modules: a new module
    goes into the layer it belongs to."""
    loose = sorted(p.name for p in (ROOT / "oracle").glob("*.py")
                   if p.name not in ("__init__.py", "__main__.py"))
    assert loose == []
    for module in _graph():
        if module.startswith("oracle"):
            _layer(module)
