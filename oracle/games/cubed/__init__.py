"""Clever Cubed (Clever hoch Drei, Clever tot de 3e macht): the printed sheet, its five areas,
the turn structure and the engine."""
