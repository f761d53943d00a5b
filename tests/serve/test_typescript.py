"""A TypeScript app of the service, as its authors would write one: a client generated from the
live ``/openapi.json`` by ``openapi-typescript``, a script typed by it (its operations by name:
``operations["applyMove"]``) that type-checks under ``tsc --strict`` and plays a whole random
game through the service with the JSON game model alone (``typescript/play.ts``).  Needs Node
and npm (``npx``, which fetches both tools from the npm registry); skipped, saying why, when the
machine has no Node, and when the registry cannot be reached."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from oracle.games import GAMES
from oracle.records.position import state_from_json

HERE = Path(__file__).resolve().parent / "typescript"
#: Real seconds a tool may take (fetching it from the registry the first time): a safety bound.
TOOL_SAFETY = 600
#: What npm says when it cannot reach the registry.
OFFLINE = ("ENOTFOUND", "EAI_AGAIN", "ECONNREFUSED", "ETIMEDOUT", "ENETUNREACH",
           "network request")

pytestmark = pytest.mark.skipif(
    not (shutil.which("npx") and shutil.which("node")),
    reason="Node and npm are not installed (.ci/run installs them: apt-get install nodejs npm)")


def _run(argv: list[str], where: Path) -> str:
    """Run a tool in ``where``; its standard output.  Skips the test when npm cannot reach
    the registry; fails, with what the tool said, on any other error."""
    env = {**os.environ, "NO_UPDATE_NOTIFIER": "1", "npm_config_update_notifier": "false",
           "npm_config_fund": "false", "npm_config_audit": "false"}
    done = subprocess.run(argv, cwd=where, env=env, capture_output=True, text=True,
                          timeout=TOOL_SAFETY, check=False)
    if done.returncode != 0:
        said = done.stdout + done.stderr
        if argv[0] == "npx" and any(sign in said for sign in OFFLINE):
            pytest.skip(f"the npm registry cannot be reached: {said.strip()[-300:]}")
        raise AssertionError(f"{' '.join(argv)} failed ({done.returncode}):\n{said[-3000:]}")
    return done.stdout


def test_a_generated_typescript_client_plays_a_game(server: str, tmp_path: Path) -> None:
    _run(["npx", "--yes", "openapi-typescript@7", f"{server}/openapi.json", "-o",
          "schema.d.ts"], tmp_path)
    generated = (tmp_path / "schema.d.ts").read_text()
    assert "operations = Record<string, never>" not in generated
    for name in ("newGame", "legalMoves", "applyMove", "scoreSheets"):
        assert f"    {name}: {{" in generated, name
    shutil.copy(HERE / "play.ts", tmp_path / "play.ts")
    _run(["npx", "--yes", "-p", "typescript@5", "tsc", "--strict", "--target", "es2022",
          "--module", "nodenext", "--moduleResolution", "nodenext", "--lib", "es2022,dom",
          "--outDir", "out", "play.ts"], tmp_path)
    for seed, game in enumerate(GAMES, start=1):
        played = json.loads(_run(["node", "out/play.js", server, game, "2", str(seed)],
                                 tmp_path))
        final = state_from_json(played["state"])
        assert final.is_terminal and played["moves"] > 50
        assert played["totals"] == [s.total for s in GAMES[game].scores(final)]
