"""The contract of every bot, tested for every registered name: a new bot is tested by being registered.

Each bot must return only legal actions, choose the same action for the same seed and view, and never
change its choice when the cards its seat cannot see are reshuffled (it decides from its ``View`` alone).
"""

from __future__ import annotations

import pytest

from footcanasta_env.footcanasta.bots import Bot, bot_names, make_bot
from footcanasta_env.footcanasta.bots.policy import SHIPPED_POLICY
from tests.helpers.bot_states import SHUFFLED, STATES

# Every registered name (the shipped policy and the search included), and an exported policy file given by path.
ALL_BOTS = [*bot_names(), f"policy:{SHIPPED_POLICY}"]
# Bots that think for a while per decision are tested as a fast variant, on every 8th state (the
# full-size search has its own tests in tests/footcanasta/test_search.py). A budget generous enough never to stop
# the search keeps the variant deterministic.
FAST = {"search": ("search:worlds=2,time=5", 8)}


def play_as(name: str) -> str:
    """The name to build for ``name`` (its fast variant, if it has one)."""
    return FAST.get(name, (name, 1))[0]


def states_for(name: str, states: list) -> list:
    """Every state, or every n-th for a slow bot; indices kept (a bot's seed is its state's index)."""
    step = FAST.get(name, (name, 1))[1]
    return [(i, s) for i, s in enumerate(states) if i % step == 0]


@pytest.mark.parametrize("name", ALL_BOTS)
def test_bot_plays_only_legal_actions_and_repeats_itself(name):
    for i, g in states_for(name, STATES):
        view = g.view(g.current_player)
        bot = make_bot(play_as(name), i)
        assert isinstance(bot, Bot)
        a = bot.act(view)
        assert isinstance(a, int) and a in view.legal_actions, (name, i, a)
        assert make_bot(play_as(name), i).act(view) == a


@pytest.mark.parametrize("name", ALL_BOTS)
def test_hidden_cards_never_change_a_choice(name):
    for i, (g, h) in states_for(name, SHUFFLED):
        seat = g.current_player
        assert make_bot(play_as(name), i).act(h.view(seat)) == make_bot(play_as(name), i).act(g.view(seat)), (name, i)


@pytest.mark.parametrize("name", ALL_BOTS)
def test_a_bot_refuses_a_view_without_legal_actions(name):
    g = STATES[0]
    other = (g.current_player + 1) % 4  # not to act: its view lists no legal action
    with pytest.raises(ValueError, match="legal action"):
        make_bot(play_as(name), 0).act(g.view(other))


def test_every_registered_bot_is_covered():
    assert set(bot_names()) <= set(ALL_BOTS) and {"learned", "search"} <= set(ALL_BOTS) and len(ALL_BOTS) >= 6
