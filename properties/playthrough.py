"""Playthroughs: step-by-step conformance vectors, like perft files for chess.

A playthrough of a seeded game lists, for every step, who moved, how many legal moves there were
(with a short hash of their texts in order, which pins the order of ``legal_moves``), the move,
and the mover's sheet in sheet notation after it.  Other implementations compare against the
counts and sheets; this repository diffs its own engine against the committed files on every
change (``tests/test_playthroughs.py``).  Regenerate after an intended change with::

    python -m properties.playthrough --write conformance/clever-cubed
"""

from __future__ import annotations

import argparse
import hashlib
import json
from pathlib import Path

from oracle.cubed.engine import apply, new_game
from oracle.cubed.legal import legal_moves
from oracle.cubed.scoring import scores
from oracle.cubed.sheettext import format_sheet
from oracle.play import POLICIES, play_game
from oracle.record import record_game

#: (players, seed, policy) of the committed playthroughs.
GAMES: tuple[tuple[int, int, str], ...] = (
    (1, 1, "random"), (1, 2, "greedy"), (2, 3, "random"), (2, 4, "greedy"),
    (3, 5, "random"), (3, 6, "greedy"), (4, 7, "random"), (4, 8, "greedy"),
)


def name(players: int, seed: int, policy: str) -> str:
    """The file name of a playthrough."""
    return f"{players}p-seed{seed}-{policy}.jsonl"


def playthrough(players: int, seed: int, policy: str) -> list[dict[str, object]]:
    """The lines of one playthrough (see the module docstring)."""
    moves, _ = play_game(players, seed, POLICIES[policy])
    record = record_game(moves, tuple(f"P{i + 1}" for i in range(players)))
    state = new_game(players)
    lines: list[dict[str, object]] = []
    for index, step in enumerate(record.steps, start=1):
        legal = legal_moves(state)
        digest = hashlib.sha256("\n".join(map(str, legal)).encode()).hexdigest()[:16]
        mover = state.actor if state.actor >= 0 else state.active
        state = apply(state, step.move)
        lines.append({
            "step": index,
            "by": str(step).split(":")[0],
            "legal": len(legal),
            "legal_hash": digest,
            "move": str(step.move),
            "sheet": format_sheet(state.sheets[mover]),
        })
    lines.append({"totals": [s.total for s in scores(state)]})
    return lines


def write(folder: Path) -> None:
    """Write every playthrough of :data:`GAMES` into ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    for players, seed, policy in GAMES:
        text = "".join(json.dumps(line) + "\n" for line in playthrough(players, seed, policy))
        (folder / name(players, seed, policy)).write_text(text, "utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description="Write the conformance playthroughs.")
    parser.add_argument("--write", required=True, help="the folder to write them into")
    write(Path(parser.parse_args().write))


if __name__ == "__main__":
    main()
