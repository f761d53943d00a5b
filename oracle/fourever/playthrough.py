"""Playthroughs: step-by-step conformance vectors for Clever 4Ever, like perft files for chess.

For every step of a seeded game: who moved, how many legal moves there were (with a short hash of
their texts in order, which pins the order of ``legal_moves``), the move, and the mover's sheet in
sheet notation after it; the last line holds the totals.  ``tests/fourever/test_playthroughs.py``
diffs the engine against the committed files.  Regenerate after an intended change with::

    python -m oracle.fourever.playthrough --write conformance/clever-4ever
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
from collections.abc import Callable
from pathlib import Path

from oracle.fourever.chance import sample_chance
from oracle.fourever.engine import apply, apply_unchecked, new_game
from oracle.fourever.legal import legal_moves
from oracle.fourever.moves import Move, PlayerMove
from oracle.fourever.scoring import score, scores
from oracle.fourever.sheettext import format_sheet
from oracle.fourever.state import GameState

Policy = Callable[[GameState, tuple[PlayerMove, ...], random.Random], PlayerMove]


def random_policy(state: GameState, moves: tuple[PlayerMove, ...],
                  rng: random.Random) -> PlayerMove:
    """Any legal move, uniformly."""
    return rng.choice(moves)


def greedy_policy(state: GameState, moves: tuple[PlayerMove, ...],
                  rng: random.Random) -> PlayerMove:
    """The move with the best immediate total for the mover (the first one on a tie)."""
    actor = state.actor
    best, best_gain = moves[0], None
    for move in moves:
        gain = score(apply_unchecked(state, move).sheets[actor], state.ruleset).total
        if best_gain is None or gain > best_gain:
            best, best_gain = move, gain
    return best


POLICIES: dict[str, Policy] = {"random": random_policy, "greedy": greedy_policy}

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
    rng = random.Random(seed)
    choose = POLICIES[policy]
    state = new_game(players)
    lines: list[dict[str, object]] = []
    step = 0
    while not state.is_terminal:
        legal = legal_moves(state)
        move: Move = sample_chance(state, rng) if state.is_chance else choose(state, legal, rng)
        digest = hashlib.sha256("\n".join(map(str, legal)).encode()).hexdigest()[:16]
        mover = state.actor if state.actor >= 0 else state.active
        by = "dice" if state.is_chance else f"p{state.actor + 1}"
        state = apply(state, move)
        step += 1
        lines.append({
            "step": step, "by": by, "legal": len(legal), "legal_hash": digest,
            "move": str(move), "sheet": format_sheet(state.sheets[mover]),
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
    parser = argparse.ArgumentParser(description="Write the Clever 4Ever playthroughs.")
    parser.add_argument("--write", required=True, help="the folder to write them into")
    write(Path(parser.parse_args().write))


if __name__ == "__main__":
    main()
