"""Hypothesis strategies, stateful machines and invariants for testing Clever implementations
against the oracle."""
