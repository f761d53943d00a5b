"""Plugging another implementation of a Clever game into the oracle: the adapter protocol (a
Python :class:`~oracle.adapter.protocol.Implementation` and its JSON Lines form over a
subprocess), and the reference adapter around our own engine (docs/certify.md)."""
