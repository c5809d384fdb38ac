"""The contract of every bot, tested for every registered name: a new bot is tested by being registered.

Each bot must return only legal actions, choose the same action for the same seed and view, and never
change its choice when the cards its seat cannot see are reshuffled (it decides from its ``View`` alone).
"""

from __future__ import annotations

import pytest

from footcanasta_env.bots import Bot, bot_names, make_bot
from footcanasta_env.bots.policy import SHIPPED_POLICY
from tests.bot_states import SHUFFLED, STATES

# Every registered name, the shipped policy, and an exported policy file given by path.
ALL_BOTS = [*bot_names(), "learned", f"policy:{SHIPPED_POLICY}"]


@pytest.mark.parametrize("name", ALL_BOTS)
def test_bot_plays_only_legal_actions_and_repeats_itself(name):
    for i, g in enumerate(STATES):
        view = g.view(g.current_player)
        bot = make_bot(name, i)
        assert isinstance(bot, Bot)
        a = bot.act(view)
        assert isinstance(a, int) and a in view.legal_actions, (name, i, a)
        assert make_bot(name, i).act(view) == a


@pytest.mark.parametrize("name", ALL_BOTS)
def test_hidden_cards_never_change_a_choice(name):
    for i, (g, h) in enumerate(SHUFFLED):
        seat = g.current_player
        assert make_bot(name, i).act(h.view(seat)) == make_bot(name, i).act(g.view(seat)), (name, i)


@pytest.mark.parametrize("name", ALL_BOTS)
def test_a_bot_refuses_a_view_without_legal_actions(name):
    g = STATES[0]
    other = (g.current_player + 1) % 4  # not to act: its view lists no legal action
    with pytest.raises(ValueError, match="legal action"):
        make_bot(name, 0).act(g.view(other))


def test_every_registered_bot_is_covered():
    assert set(bot_names()) <= set(ALL_BOTS) and len(ALL_BOTS) >= 5
