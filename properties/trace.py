"""``certify --trace FINDING``: replay one finding's game step by step with the app, printing
both sides' answers and states, so that an adapter author can tell an adapter bug (the app and
the oracle part at a step every game has, or the app's sheet is read wrongly) from a rule
difference (docs/certify.md, "Telling an adapter bug from a rule difference").

A finding is given as the JSON object ``certify --json`` prints for it (its ``players``,
``moves``, ``move``, ``ruleset`` and ``seed`` are used).  The game is replayed under the finding's
own ruleset (the options the oracle played it under, a followed hint's included), on both sides:
the app is sent the options of it that it declared, whatever ``--ruleset`` says, and the trace's
first line says so.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping

from oracle.adapter.protocol import (
    AdapterError,
    Answer,
    AnyImplementation,
    AppState,
    NotComparable,
    Rolled,
    current,
)
from oracle.adapter.compare import (
    dice_text_of,
    move_text,
    read_move,
    sheet_differences,
    text_sheet_differences,
)
from oracle.adapter.steps import step_of, turn_of
from oracle.engine.errors import OracleError
from oracle.engine.game import Game, State
from properties.duel import sent_options


def _texts(data: Mapping[str, object]) -> tuple[int, tuple[str, ...], dict[str, str | bool], int]:
    """The players, the steps (the disputed move last), the oracle's options and the seed of a
    finding's JSON object; :class:`OracleError` naming what is missing."""
    try:
        players = data["players"]
        moves = data["moves"]
        move = data.get("move")
        ruleset = data.get("ruleset", {})
        seed = data.get("seed", 0)
    except KeyError as exc:
        raise OracleError(f"--trace: the finding has no {exc.args[0]!r}") from None
    if not (isinstance(players, int) and isinstance(moves, list) and isinstance(ruleset, dict)
            and isinstance(seed, int) and all(isinstance(m, str) for m in moves)):
        raise OracleError("--trace: not a finding of certify --json (players, moves, ruleset)")
    steps = tuple(moves)
    if isinstance(move, str) and data.get("kind") != "state":
        steps += (move,)
    options = {str(k): v for k, v in ruleset.items() if isinstance(v, (str, bool))}
    return players, steps, options, seed


def _sides(game: Game, state: State, shown: AppState | NotComparable,
           mover: int) -> Iterator[str]:
    """The mover's sheet and the dice, and both sides' of each that differs (marked), with
    what differs in it, area by area."""
    if isinstance(shown, NotComparable):
        yield f"      app: not comparable now ({shown.reason})"
        return
    for seat, sheet in enumerate(state.sheets):
        theirs = shown.sheets[seat] if shown.sheets and seat < len(shown.sheets) else None
        ours = game.format_sheet(sheet)
        found: tuple[str, ...] = ()
        if isinstance(theirs, str) and theirs != ours:
            found = text_sheet_differences(game, game.sheet_to_json(sheet), ours, theirs, seat)
        elif theirs is not None and not isinstance(theirs, str):
            data = game.sheet_to_json(sheet)
            found = sheet_differences(game.name, data, theirs, seat)
            ours, theirs = _one_line(data), _one_line(theirs)
        if seat == mover or found:
            yield f"      p{seat + 1} oracle: {ours}"
        if found:
            yield f"      p{seat + 1} app:    {theirs}   <-- differs"
            yield from (f"        {line}" for line in found)
    dice = game.dice_text(state)
    yield f"      dice oracle: {dice}"
    if shown.dice is not None:
        said = shown.dice if isinstance(shown.dice, str) else dice_text_of(tuple(shown.dice))
        if said != dice:
            yield f"      dice app:    {said}   <-- differs"


def _one_line(data: object) -> str:
    return json.dumps(data, separators=(",", ":"))


def _changed(game: Game, options: Mapping[str, str | bool]) -> dict[str, str]:
    """The options of a ruleset that differ from our rulings, as text."""
    full = game.make_ruleset(options).options()
    return {o.name: str(full.get(o.name, o.default)).lower() for o in game.ruleset_options
            if str(full.get(o.name, o.default)).lower() != o.default}


def _options_text(options: Mapping[str, str | bool], empty: str = "none") -> str:
    return " ".join(f"{k}={str(v).lower()}" for k, v in sorted(options.items())) or empty


def trace(game: Game, app: AnyImplementation, finding: Mapping[str, object],
          claimed: Mapping[str, str | bool]) -> tuple[list[str], bool]:
    """The step-by-step replay of ``finding`` with ``app``, under the finding's ruleset on both
    sides (``claimed``: the options the command line claims, named when they differ), and
    whether the two sides parted somewhere."""
    players, steps, options, seed = _texts(finding)
    speaker = current(app)
    hello = speaker.hello()
    ruleset = game.make_ruleset(options)
    state = game.new_game(players, ruleset)
    sent_to = sent_options(hello, options)
    speaker.new_game(game.name, players, sent_to, seed)
    played = _changed(game, options)
    under = (f"trace: under the finding's ruleset ({_options_text(played, 'our rulings')}; "
             f"the app is sent {_options_text(sent_to)})")
    if played != _changed(game, claimed):
        under += (", not the command line's "
                  f"({_options_text(_changed(game, claimed), 'our rulings')})")
    lines = [under, f"trace: {players} player(s), {len(steps)} steps, seed {seed}"]
    parted = False
    for number, text in enumerate(steps, start=1):
        step = step_of(game, state, text)
        who = "dice" if step.turn.player is None else f"p{step.turn.player}"
        answer = speaker.apply(step)
        if isinstance(answer, Rolled):
            text = move_text(game, answer.move)
            said = f"rolled {text}"
        elif isinstance(answer, Answer):
            said = "accepted" if answer.accepted else f"refused: {answer.reason}"
        else:
            raise AdapterError(f"the app answered {answer!r:.80} instead of accepted/refused")
        accepts = isinstance(answer, Rolled) or answer.accepted
        try:
            problem = game.diagnose(state, read_move(game, text))
        except OracleError as exc:
            problem = ("MOVE-FORM", str(exc))
        ours = "legal" if problem is None else f"illegal ({problem[0]}: {problem[1]})"
        mark = "" if (problem is None) == accepts else "   <-- differs"
        parted |= bool(mark)
        lines.append(f"{number:4d}  {who} {step.kind}: {text}  oracle: {ours}; app: {said}{mark}")
        if problem is not None or not accepts:
            break
        state = game.apply(state, read_move(game, text))
        shown = speaker.state(turn_of(game, state))
        if not isinstance(shown, (AppState, NotComparable)):
            raise AdapterError(f"the app's state is {shown!r:.80}")
        sides = list(_sides(game, state, shown, (step.turn.player or 0) - 1))
        parted |= any("<-- differs" in line for line in sides)
        lines.extend(sides)
    return lines, parted
