"""Playthroughs: step-by-step conformance vectors, like perft files for chess.

A playthrough of a seeded game lists, for every step, who moved, how many legal moves there were
(with a short hash of their texts in order, which pins the order of ``legal_moves``), the move,
and the mover's sheet in sheet notation after it.  Other implementations compare against the
counts and sheets; this repository diffs its own engine against the committed files on every
change (``tests/test_playthroughs.py``).  Regenerate after an intended change with::

    python -m properties.playthrough --game clever-cubed --write conformance/clever-cubed
"""

from __future__ import annotations

import argparse
import hashlib
import json
from pathlib import Path

from oracle.games import DEFAULT_GAME, find_game
from oracle.records.play import POLICIES, play_game
from oracle.records.record import record_game

#: (players, seed, policy) of the committed playthroughs.
GAMES: tuple[tuple[int, int, str], ...] = (
    (1, 1, "random"), (1, 2, "greedy"), (2, 3, "random"), (2, 4, "greedy"),
    (3, 5, "random"), (3, 6, "greedy"), (4, 7, "random"), (4, 8, "greedy"),
)


def name(players: int, seed: int, policy: str) -> str:
    """The file name of a playthrough."""
    return f"{players}p-seed{seed}-{policy}.jsonl"


def playthrough(
    players: int, seed: int, policy: str, game: str = DEFAULT_GAME
) -> list[dict[str, object]]:
    """The lines of one playthrough of ``game`` (see the module docstring)."""
    rules = find_game(game)
    moves, _ = play_game(players, seed, POLICIES[policy], game=game)
    record = record_game(moves, tuple(f"P{i + 1}" for i in range(players)), game=game)
    state = rules.new_game(players)
    lines: list[dict[str, object]] = []
    for index, step in enumerate(record.steps, start=1):
        legal = rules.legal_moves(state)
        digest = hashlib.sha256("\n".join(map(str, legal)).encode()).hexdigest()[:16]
        mover = state.actor if state.actor >= 0 else state.active
        state = rules.apply(state, step.move)
        lines.append({
            "step": index,
            "by": str(step).split(":")[0],
            "legal": len(legal),
            "legal_hash": digest,
            "move": str(step.move),
            "sheet": rules.format_sheet(state.sheets[mover]),
        })
    lines.append({"totals": [s.total for s in rules.scores(state)]})
    return lines


def write(folder: Path, game: str = DEFAULT_GAME) -> None:
    """Write every playthrough of :data:`GAMES` of ``game`` into ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    for players, seed, policy in GAMES:
        lines = playthrough(players, seed, policy, game)
        text = "".join(json.dumps(line) + "\n" for line in lines)
        (folder / name(players, seed, policy)).write_text(text, "utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description="Write the conformance playthroughs.")
    parser.add_argument("--write", required=True, help="the folder to write them into")
    parser.add_argument("--game", default=DEFAULT_GAME, help="the game (default: %(default)s)")
    args = parser.parse_args()
    write(Path(args.write), args.game)


if __name__ == "__main__":
    main()
