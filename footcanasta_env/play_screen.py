"""Moved to ``footcanasta_env.play.screen``; this name keeps old imports working (with a warning)."""

from ._moved import alias

alias(__name__.rpartition(".")[2])
