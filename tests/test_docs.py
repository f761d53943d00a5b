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
    commands = re.findall(r"```sh\n(.*?)\n```", README, re.S)
    assert len(commands) == 2, "the README has exactly two set-up commands"
    install_and_verify, test = commands
    assert "clever-oracle verify" in install_and_verify
    ci = (ROOT / ".ci" / "run").read_text()
    assert test in ci
    assert "mypy --strict oracle spec properties" in test and "pytest" in test


def test_readme_documents_every_exit_code_and_the_verifier_options() -> None:
    from oracle.cli import EXIT_CODES

    section = README.split("**Exit codes**", 1)[1].split("\n\n", 1)[0]
    for code, _ in EXIT_CODES:
        assert f" {code} " in section.replace("\n", " "), code
    for option in ("verify -", "--partial", "--jobs", "--dask"):
        assert option in README
