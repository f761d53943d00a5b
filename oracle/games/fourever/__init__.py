"""Clever 4Ever (Ganz schön clever 4): the game engine, independent of Clever Cubed's package."""
