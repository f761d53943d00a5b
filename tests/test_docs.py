"""The README stays true: its example runs, and CI runs exactly its test command."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text()


def test_readme_example_runs() -> None:
    code = re.search(r"```python\n(.*?)```", README, re.S)
    assert code is not None
    namespace: dict[str, object] = {}
    exec(compile(code.group(1), "README.md", "exec"), namespace)
    state = namespace["state"]
    assert getattr(state, "is_terminal") is True


def test_ci_runs_the_readme_test_command() -> None:
    # Top-level blocks only (an indented block inside a list item is an example, not set-up).
    commands = re.findall(r"^```sh\n(.*?)\n```$", README, re.S | re.M)
    assert len(commands) == 2, "the README has exactly two set-up commands"
    install_and_verify, test = commands
    assert "clever-oracle verify" in install_and_verify
    ci = (ROOT / ".ci" / "run").read_text()
    assert test in ci
    assert "mypy --strict oracle spec properties" in test and "pytest" in test


def test_every_readme_python_example_runs() -> None:
    for block in re.findall(r"```python\n(.*?)```", README, re.S):
        exec(compile(block, "README.md", "exec"), {})


def test_readme_links_the_docs_and_they_exist() -> None:
    for name in ("docs/rulings.md", "docs/formats.md"):
        assert f"]({name})" in README
        assert (ROOT / name).is_file()


def test_no_file_refers_outside_the_repository() -> None:
    """Users see only the repository: nothing in it may point at files beside it."""
    import subprocess

    files = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True,
                           check=True).stdout.split()
    outside = re.compile(r"\.\./shared|shared/(rules|rulings|sheets|design)")
    found = [f for f in files if not f.endswith(".jsonl")
             and (ROOT / f).is_file() and outside.search((ROOT / f).read_text(errors="replace"))]
    assert found == []


def test_rulings_document_every_cited_ruling() -> None:
    """Every ``RULING n`` a rule cites has its section in docs/rulings.md."""
    from oracle.games import GAMES

    rulings = (ROOT / "docs" / "rulings.md").read_text()
    for game in GAMES.values():
        for rule in game.rules:
            for number in re.findall(r"(?:RULING|ruling) (4E-\d+|\d+)", rule.source):
                assert re.search(rf"^#+ {re.escape(number)}\. ", rulings, re.M), (rule.id, number)


def test_readme_documents_every_exit_code_and_the_verifier_options() -> None:
    from oracle.cli import EXIT_CODES

    section = README.split("**Exit codes**", 1)[1].split("\n\n", 1)[0]
    for code, _ in EXIT_CODES:
        assert f" {code} " in section.replace("\n", " "), code
    for option in ("verify -", "--partial", "--jobs", "--dask"):
        assert option in README
