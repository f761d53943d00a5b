"""The order-aware solo relaxation is sound: real solo games satisfy every part of it with the
sheet after each round and their real totals; and it sees the order the counting relaxation
forgets."""

from __future__ import annotations

import random
from collections.abc import Sequence

from oracle import Area, Bonus, GameState, PlayerSheet, apply_unchecked, new_game, score
from oracle.game import Game, Move, State
from oracle.play import greedy_policy, play_game, random_policy
from oracle.record import load_records
from spec.cubed import bound, bound_order, sheetvars
from spec.cubed.bound import FIELDS
from spec.cubed.solo_targets import Targets
from spec.logic import Solver, all_of, total
from tests.spec import SAFETY
from tests.spec.solo import WITNESS

#: Seeded games per policy.
SEEDS = 6


def _by_round(moves: Sequence[Move]) -> tuple[tuple[PlayerSheet, ...], PlayerSheet]:
    """The sheet after each round of a solo game, and its final sheet."""
    state = new_game(1)
    after: list[PlayerSheet] = []
    for move in moves:
        following = apply_unchecked(state, move)
        if following.round != state.round:
            # The first state of the next round holds the round's last entry; round 4's black
            # question mark is still pending there (the areas are those after round 3).
            assert following.round != 4 or Bonus.QUESTION_BLACK in following.sheets[0].pending
            after.append(following.sheets[0])
        state = following
    assert state.is_terminal
    after.append(state.sheets[0])
    return tuple(after), state.sheets[0]


def _mixed_policy(game: Game, state: State, moves: tuple[Move, ...],
                  rng: random.Random) -> Move:
    """Greedy three times in four, else any legal move (more bonuses to check)."""
    if rng.random() < 0.75:
        return greedy_policy(game, state, moves, rng)
    return random_policy(game, state, moves, rng)


def _real_games() -> list[tuple[str, tuple[Move, ...]]]:
    out: list[tuple[str, tuple[Move, ...]]] = []
    for path in (WITNESS, "examples/solo-legal.json"):
        for name, record in load_records(path):
            assert not isinstance(record, Exception)
            out.append((f"{path} {name}", tuple(step.move for step in record.steps)))
    for label, policy in (("random", random_policy), ("greedy", greedy_policy),
                          ("mixed", _mixed_policy)):
        for seed in range(SEEDS):
            moves, state = play_game(1, seed, policy)
            assert isinstance(state, GameState)
            out.append((f"{label} seed {seed}", moves))
    return out


def test_real_games_satisfy_the_order_relaxation_round_by_round() -> None:
    """Every real game's sheets after rounds 1..6 satisfy the whole model with the game's real
    total and foxes (a part that cut off a real game would make this unsat)."""
    r = bound_order.relaxation()
    solver = Solver()
    solver.add(all_of(p for _, p in r.whole.parts))
    games = _real_games()
    finals = set()
    for name, moves in games:
        after, final = _by_round(moves)
        assert len(after) == 6, name
        real = score(final)
        finals.add(final)
        assert solver.check(bound_order.progress(r, after), r.whole.total.eq(real.total),
                            r.whole.foxes.eq(real.foxes)) == "sat", name
    assert len(finals) > 2 * SEEDS


def test_each_part_admits_the_witness_round_by_round() -> None:
    """Each part alone admits the bundled best game's round-by-round sheets (names the part
    if one cut off a real game)."""
    (_, record), = load_records(WITNESS)
    assert not isinstance(record, Exception)
    after, final = _by_round(tuple(step.move for step in record.steps))
    r = bound_order.relaxation()
    for name, part in r.whole.parts:
        solver = Solver()
        solver.add(part)
        assert solver.check(bound_order.progress(r, after),
                            r.whole.total.eq(score(final).total)) == "sat", name


def test_a_whole_sheet_in_one_round_is_refused() -> None:
    """The counting relaxation admits the witness's final sheet; the order-aware one refuses
    it as the sheet after round 1 (and so after every round): the entries must come in time."""
    (_, record), = load_records(WITNESS)
    assert not isinstance(record, Exception)
    _, final = _by_round(tuple(step.move for step in record.steps))
    counting = bound.relaxation(1)
    solver = Solver()
    solver.add(all_of(p for _, p in counting.parts))
    assert solver.check(sheetvars.equals(counting.sheet, final)) == "sat"
    r = bound_order.relaxation()
    solver = Solver()
    solver.add(all_of(p for _, p in r.whole.parts))
    assert solver.check(bound_order.progress(r, (final,) * 6)) == "unsat"
    assert solver.check(bound_order.progress(r, (PlayerSheet(),) * 5 + (final,))) == "unsat"


def test_one_rounds_entries() -> None:
    """TURNS: a round has one pick per die field, one passive pick and at most 4 extra dice in
    one area (its own die and the white die, in each of the two turns)."""
    r = bound_order.relaxation()
    turns = dict(r.whole.parts)["TURNS@6"]
    before, after = r.kinds[4], r.kinds[5]

    def round_six(field1: int, passive: int, extra: int) -> str:
        solver = Solver()
        solver.add(turns)
        fixed = [v.eq(0) for f in FIELDS for v in before.active[f].values()]
        fixed += [v.eq(0) for d in (before.passive, before.extra) for v in d.values()]
        fixed += [before.extra_used.eq(0), total(after.active[1].values()).eq(field1),
                  total(after.passive.values()).eq(passive),
                  after.extra[Area.BROWN].eq(extra)]
        return solver.check(*fixed)

    assert round_six(1, 1, 4) == "sat"
    assert round_six(2, 1, 4) == "unsat"
    assert round_six(1, 2, 4) == "unsat"
    assert round_six(1, 1, 5) == "unsat"


def test_fewer_round_ends_admit_the_real_games() -> None:
    """A model with sheets after rounds 2, 4 and 6 only (entries of two rounds between them)
    still admits the real games' sheets with their totals."""
    r = bound_order.relaxation(ends=(2, 4, 6))
    solver = Solver()
    solver.add(all_of(p for _, p in r.whole.parts))
    for name, moves in _real_games()[:4]:
        after, final = _by_round(moves)
        assert solver.check(bound_order.progress(r, after),
                            r.whole.total.eq(score(final).total)) == "sat", name


def test_order_targets_come_round_by_round() -> None:
    """A target of the order-aware relaxation comes with its sheet after each round the model
    keeps (here rounds 3 and 6, a small model): each growing from the one before (every cross
    kept), the last one the target, and the whole plan admitted with the total asked for."""
    targets = Targets(foxes=0, seconds=SAFETY, order=True, ends=(3, 6))
    target = targets.next(100)
    assert target is not None
    plan = targets.plan
    assert len(plan) == 2 and plan[-1] == target
    before, after = plan
    assert before.yellow & ~after.yellow == 0 and before.brown & ~after.brown == 0
    assert before.turquoise & ~after.turquoise == 0
    assert after.blue_left[:len(before.blue_left)] == before.blue_left
    assert after.pink[:len(before.pink)] == before.pink
    r = bound_order.relaxation(ends=(3, 6))
    solver = Solver()
    solver.add(all_of(p for _, p in r.whole.parts))
    assert solver.check(bound_order.progress(r, (PlayerSheet(),) * 2 + (before,) * 3 + (after,)),
                        r.whole.total.ge(100)) == "sat"


def test_bound_check_splits_by_foxes() -> None:
    """The fox-split check answers for the fox counts asked: a foxless sheet of 50 is admitted
    (sat), none of 1000 (unsat; no sheet scores that much)."""
    low = bound_order.bound_check(50, SAFETY, fox_counts=(0,), ends=(3, 6))
    assert low.status == "sat" and set(low.seconds) == {0}
    high = bound_order.bound_check(1000, SAFETY, fox_counts=(0,), ends=(3, 6))
    assert high.status == "unsat" and set(high.seconds) == {0}
