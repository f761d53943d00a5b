"""The JSON game model (docs/formats.md, section 6): positions, sheets and moves of every Clever
game as data an app reads and writes without our notation, exactly equal to the text notations.

* :mod:`oracle.formats.model.state` — a whole position (schema ``oracle/schema/state-1.json``);
* :mod:`oracle.formats.model.sheet` — one player's sheet, area by area (each area module owns its part,
  :mod:`oracle.engine.area`);
* :mod:`oracle.formats.model.move` — a move (schema ``oracle/schema/move-1.json``);
* :mod:`oracle.formats.model.areas` — a sheet's areas as typed, immutable values;
* :mod:`oracle.records.schema` — the two schemas, built from the games' area modules.

Bad data raises :class:`~oracle.formats.jsonread.JSONModelError` (a
:class:`~oracle.engine.errors.NotationError`) naming the JSON pointer of the fault.
"""

from oracle.formats.jsonread import JSONModelError
from oracle.formats.model.move import MOVE_FORMAT, move_from_json, move_to_json
from oracle.formats.model.sheet import sheet_from_json, sheet_to_json
from oracle.formats.model.state import STATE_FORMAT, player_id, state_from_json, state_to_json

__all__ = [
    "JSONModelError", "MOVE_FORMAT", "STATE_FORMAT", "move_from_json", "move_to_json",
    "player_id", "sheet_from_json", "sheet_to_json", "state_from_json", "state_to_json",
]
