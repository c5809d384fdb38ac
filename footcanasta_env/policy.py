"""Moved to ``footcanasta_env.bots.policy``; this name keeps old imports working (with a warning)."""

from ._moved import alias

alias(__name__.rpartition(".")[2])
