"""``python -m oracle.cli`` runs the ``clever-oracle`` command line too."""

from oracle.cli import run

run()
