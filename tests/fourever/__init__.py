"""Clever 4Ever tests (a package, so their module names do not clash with Clever Cubed's)."""
