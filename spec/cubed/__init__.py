"""Z3 encodings of the Clever Cubed sheet: one module per area (``yellow``, ``turquoise``,
``blue``, ``brown``, ``pink``), each written from the rulebook and docs/rulings.md (not from the
engine's functions), with the same shape: the area's state as variables (``fresh``), the state of
a given sheet (``equals``), the relation "this entry is legal" (``legal``), the bonuses an entry
earns (``bonuses``), the area score (``score``), its foxes (``foxes``), the fewest entries that
can make a state (``entries``), what a written state may look like (``well_formed``), growth
from one state to a later one (``grows``) and reading a state back from a model (``read``).
``tracks``, ``foxes`` and ``scores`` put the areas together into a whole sheet."""
