"""Moved to ``footcanasta_env.evaluation.cli``; this name keeps old imports working (with a warning)."""

from ._moved import alias

alias(__name__.rpartition(".")[2])
