"""Moved to ``footcanasta_env.engine.scoring``; this name keeps old imports working (with a warning)."""

from ._moved import alias

alias(__name__.rpartition(".")[2])
