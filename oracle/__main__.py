"""``python -m oracle`` runs the ``clever-oracle`` command line."""

from oracle.cli import run

run()
