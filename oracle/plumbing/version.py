"""The oracle's version (the same as pyproject.toml's), which the command line, the service and
the records it writes report; ``oracle.__version__`` is this."""

__version__ = "0.1.0"
