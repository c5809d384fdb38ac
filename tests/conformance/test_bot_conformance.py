"""The contract of every bot of every game, tested for every name the game registers: a new bot, or a new game,
is tested by being registered.

Each bot must return only legal actions, choose the same action for the same seed and view, refuse a view
with no legal action, and never change its choice when the cards its seat cannot see are dealt anew (it
decides from its view alone; the worlds come from the game's own ``sample_world``).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from footcanasta_env.games import get_game
from tests.helpers.conformance import REAL, TOYS, registered, seats

# Bots that think for a while per decision are tested as a fast variant, on every 8th state (the
# full-size search has its own tests in tests/footcanasta/test_search.py). A budget generous enough never to stop
# the search keeps the variant deterministic.
FAST = {"search": ("search:worlds=2,time=5", 8)}
MIXED = ("random", "greedy", "expert")  # the bots whose games supply the states, where the game has them


def shipped_policies(g) -> list[str]:
    """``policy:PATH`` for a policy file the game ships (its manifest's ``learned.npz``), as a person names it."""
    manifest = getattr(g, "MANIFEST", None)
    if manifest is None or not hasattr(g, "__file__"):
        return []
    return [f"policy:{Path(g.__file__).parent / p}" for p in manifest.shipped if p.endswith("learned.npz")]


def _bots(name: str) -> list:
    with registered(name) as g:
        return [pytest.param(name, b, id=f"{name}-{b.split('/')[-1]}") for b in [*g.bot_names(), *shipped_policies(g)]]


ALL_BOTS = [p for name in [*REAL, *TOYS] for p in _bots(name)]
BLIND = [p for p in ALL_BOTS if p.values[0] in REAL and hasattr(get_game(p.values[0]), "sample_world")]


def play_as(bot: str) -> str:
    """The name to build for ``bot`` (its fast variant, if it has one)."""
    return FAST.get(bot, (bot, 1))[0]


def sample_states(g, n_games: int = 6, every: int = 7, limit: int = 600) -> list:
    """States from games between mixed bots (the first ``limit`` actions of each), every ``every``-th action."""
    mixed = [b for b in MIXED if b in g.bot_names()] or g.bot_names()
    out = []
    for seed in range(n_games):
        game = g.new_game(1000 + seed)
        bots = [g.make_bot(mixed[(seed + s) % len(mixed)], seed * 10 + s) for s in seats(g)]
        for step in range(limit):
            if game.is_over:
                break
            if step % every == 0:
                out.append(game.clone())
            p = game.current_player
            game.step(bots[p].act(game.view(p)))
    return out


_STATES: dict[str, list] = {}


def states_of(name: str) -> list:
    """The game's sampled states, built once per session."""
    if name not in _STATES:
        with registered(name) as g:
            _STATES[name] = sample_states(g, every=1 if name in TOYS else 7)  # a toy's game is short
    return _STATES[name]


_WORLDS: dict[str, list] = {}


def worlds_of(name: str) -> list:
    """(state, a world dealt from its acting seat's view): two per second sampled state, built once per session."""
    if name not in _WORLDS:
        g, rng = get_game(name), np.random.default_rng(7)
        _WORLDS[name] = [(game, g.sample_world(game.view(game.current_player), rng))
                         for game in states_of(name)[::2] for _ in range(2)]
    return _WORLDS[name]


def every_nth(bot: str, states: list) -> list:
    """Every state, or every n-th for a slow bot; indices kept (a bot's seed is its state's index)."""
    step = FAST.get(bot, (bot, 1))[1]
    return [(i, s) for i, s in enumerate(states) if i % step == 0]


@pytest.mark.parametrize("name, bot", ALL_BOTS)
def test_a_bot_plays_only_legal_actions_and_repeats_itself(name, bot):
    states = states_of(name)
    assert len(states) > 20
    with registered(name) as g:
        for i, game in every_nth(bot, states):
            view = game.view(game.current_player)
            a = g.make_bot(play_as(bot), i).act(view)
            assert isinstance(a, (int, np.integer)) and a in view.legal_actions, (bot, i, a)
            assert g.make_bot(play_as(bot), i).act(view) == a


@pytest.mark.parametrize("name, bot", BLIND)
def test_hidden_cards_never_change_a_choice(name, bot):
    g = get_game(name)
    moved = 0
    for i, (game, world) in every_nth(bot, worlds_of(name)):
        seat = game.current_player
        moved += world != game
        assert g.make_bot(play_as(bot), i).act(world.view(seat)) == g.make_bot(play_as(bot), i).act(
            game.view(seat)), (bot, i)
    assert moved > 5  # the worlds really dealt the hidden cards anew


@pytest.mark.parametrize("name, bot", ALL_BOTS)
def test_a_bot_refuses_a_view_without_legal_actions(name, bot):
    with registered(name) as g:
        game = g.new_game(0)
        other = g.geometry().next_seat(game.current_player)  # not to act: its view lists no legal action
        with pytest.raises(ValueError, match="legal action"):
            g.make_bot(play_as(bot), 0).act(game.view(other))


def test_every_registered_bot_is_covered():
    covered = {(p.values[0], p.values[1]) for p in ALL_BOTS}
    for name in [*REAL, *TOYS]:
        with registered(name) as g:
            assert {(name, b) for b in g.bot_names()} <= covered
    assert {("footcanasta", "learned"), ("footcanasta", "search"), ("canasta", "learned")} <= covered
    assert {n for n, b in covered if b.startswith("policy:")} >= {"footcanasta", "canasta"}
    assert {p.values[0] for p in BLIND} >= {"footcanasta", "canasta"}
